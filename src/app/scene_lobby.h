/* scene_lobby: a terminal's LOBBY (seed 001: "the LOBBY button can be selected at any time from
 * any game ... You can use the LOBBY to browse other games while still playing in your current
 * game").
 *
 * The tables on the controller, a row each, as the lobby's thread last read them (machine_table.h:
 * refreshed every second): the game's name and the table's, the variant, the limits, how many
 * players sit there, the round's phase with the time left, the JACKPOT (the table's linked pool's
 * prize; "-" for a table without one), and for each table JOIN (play it instead of the table in
 * play, or first) and +TABLE (play it beside those in play, up to four in one window). A table the
 * terminal plays says PLAYING (a tap goes to it), one it leaves LEAVING, one being joined
 * JOINING... with CANCEL beside it (the rows are read on meanwhile; a join whose controller does
 * not answer is tried again for 30 s, and the foot says so; one that fails frames its row red and
 * says why). Rows are large enough to touch; the keyboard's spot keys choose a row, DEAL joins it
 * (or cancels its join), BET adds it, BACK returns to the tables. The scene only draws and reports
 * what the player asked: the front joins and leaves (app_seats.c). */
#ifndef STUDPOKER_SCENE_LOBBY_H
#define STUDPOKER_SCENE_LOBBY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "machine_table.h"
#include "ui_audio.h"
#include "ui_input.h"
#include "ui_types.h"

#define LOBBY_VISIBLE 7 /* rows on one page */

/* What the terminal has at a row's table. */
typedef enum lobby_mark {
    LOBBY_FREE = 0,
    LOBBY_PLAYING,
    LOBBY_LEAVING,
    LOBBY_JOINING
} lobby_mark_t;

typedef enum lobby_action {
    LOBBY_NONE = 0,
    LOBBY_JOIN,  /* play this table instead (or first) */
    LOBBY_ADD,   /* +TABLE: play it beside the others */
    LOBBY_GOTO,  /* a table in play: back to it */
    LOBBY_BACK,  /* back to the tables */
    LOBBY_CANCEL /* a table being joined: give the join up */
} lobby_action_t;

typedef struct lobby_scene {
    /* the front fills these before each frame */
    mlobby_row_t rows[MLOBBY_ROWS];
    int nrows;
    lobby_mark_t mark[MLOBBY_ROWS];
    bool up;           /* the controller answered */
    char state[200];   /* why not */
    int64_t now_ms;    /* the lobby's clock: the rows' time left counts from their reading */
    bool can_add;      /* +TABLE is offered (a table in play, and room for one more) */
    bool can_back;     /* a table is in play to go back to */
    char balance[48];  /* the terminal's credits, as money */
    char joining[200]; /* a join tried again: what the foot says meanwhile ("" none) */

    ui_audio_t *audio;
    float now;
    int selected, first; /* the keyboard's row; the first row shown */
    char toast[200];
    float toast_until;
    char failed[48]; /* the table a join of which failed: its row is framed red a while */
    float failed_until;

    /* where things were drawn (taps hit what was seen), virtual units */
    ui_rect_t row_r[LOBBY_VISIBLE], join_r[LOBBY_VISIBLE], add_r[LOBBY_VISIBLE];
    int nshown;
    ui_rect_t back_r, prev_r, next_r;
} lobby_scene_t;

void lobby_init(lobby_scene_t *l, ui_audio_t *audio);
/* This frame's input: what the player asked (LOBBY_NONE: nothing), and of which table. */
lobby_action_t lobby_input(lobby_scene_t *l, const ui_input_t *in, char *tab, size_t n);
void lobby_update(lobby_scene_t *l, float dt);
void lobby_draw(lobby_scene_t *l, ui_gfx_t *g);
/* A line for the player at the lobby's foot for a few seconds (a join refused, and why). */
void lobby_toast(lobby_scene_t *l, const char *msg);
/* A join of table tab failed: why at the foot, and the table's row framed red, for 8 s. */
void lobby_join_failed(lobby_scene_t *l, const char *tab, const char *msg);
/* The foot's line as it is drawn now: a toast, the join being tried again, or why the tables
 * cannot be read ("" none). */
const char *lobby_foot_line(const lobby_scene_t *l);
/* The row of table tab (-1: none). */
int lobby_row_of(const lobby_scene_t *l, const char *tab);
/* The phase and time left of a row as the player reads it: "BETS OPEN 0:12", "DECISIONS 0:04",
 * "DEALING", "SHOWDOWN", ... */
void lobby_round_words(const lobby_scene_t *l, int row, char *buf, size_t n);

#endif
