/* table_internal: what the files of the table scene share (not a public header: it brings in
 * SDL through ui_gfx.h, and only these files include it).
 *
 * scene_table.c      set-up, the public questions (busy, animating, signature), the toasts
 * table_variant.c    the presentation table: what each game variant shows, as data
 * table_layout.c     where things are: the fixed rows and panels from the window's shape
 *                    (table_geom_t), spots, buttons, card slots
 * table_input.c      buttons and taps into the machine's input; the hint after a decision
 * table_anim.c       the machine's events into animation: cards, flights, sounds, results
 * table_draw.c       the frame: the still layer, the side panels, the bar
 * table_draw_rows.c  the fixed rows: the middle row (verdict, prompt, timer), the result's side
 *                    lines, the message box, the demo's banner, pop-ups and locks
 * table_draw_cards.c cards, chips (stacks), the betting spots and the hands with their names
 * table_moments.c    a win's celebration by its tier (machine_moments.h)
 * table_paytabs.c    every offered bet's pay table in the pay panel, turning
 * table_felt.c       the felt's print (the emblem, the dealer's rule, the spots by kind)
 * table_settings.c   a desktop player's SETTINGS and the figures since the start
 * table_rg.c         responsible gaming: the clock and the session's time, the RESPONSIBLE
 *                    GAMING button and page, the reality check
 *
 * The variant is never asked for by name outside table_variant.c: code reads the variant's
 * table (tb_variant), and the presets' own differences come from the rules' offered[] flags. */
#ifndef STUDPOKER_TABLE_INTERNAL_H
#define STUDPOKER_TABLE_INTERNAL_H

#include "scene_table.h"
#include "ui_gfx.h"

#include <math.h>
#include <stddef.h>

#include "lang.h"
#include "machine_moments.h"
#include "money.h"

/* ---- layout (virtual units: 1080 tall, 1440 to 1920 wide, centred on x 960: ui_gfx.h) ---- */

#define CARD_W     140.0f
#define CARD_H     196.0f
#define CARD_GAP   16.0f
#define DEALER_Y   74.0f
#define PLAYER_Y   424.0f
#define SHOE_X     1560.0f
#define SHOE_Y     -240.0f
#define DEALER_X   960.0f /* where the dealer's chips come from and lost bets go */
#define DEALER_TOP (-60.0f)
/* The one size of every button's label (they never shrink: the buttons are made to fit), and
 * the least size of any text a player reads (24 units: 24 px at 1080 lines). */
#define TB_BUTTON_TEXT 28.0f
#define TB_TEXT_MIN    24.0f

static const ui_color_t GOLD = {242, 201, 76, 255};
static const ui_color_t WHITE = {255, 255, 255, 255};
static const ui_color_t CREAM = {250, 240, 215, 255};
static const ui_color_t DIM = {190, 205, 190, 255};
static const ui_color_t GREEN_WIN = {110, 231, 140, 255};
static const ui_color_t RED_LOSE = {255, 120, 110, 255};

/* ---- timing and easing ---- */

static inline float t_deal_gap(const table_scene_t *t) {
    return t->turbo ? 0.05f : 0.13f;
}
static inline float t_slide(const table_scene_t *t) {
    return t->turbo ? 0.12f : 0.32f;
}
static inline float t_flip(const table_scene_t *t) {
    return t->turbo ? 0.10f : 0.24f;
}
static inline float clampf(float v, float lo, float hi) {
    return v < lo ? lo : v > hi ? hi : v;
}
/* A pulsing glow in a dozen steps: each step's panel is rasterised once and cached, instead of
 * a new texture every frame. */
static inline float pulse_step(float p) {
    return floorf(p * 12.0f + 0.5f) / 12.0f;
}
static inline float ease_out(float p) {
    return 1.0f - (1.0f - p) * (1.0f - p) * (1.0f - p);
}
static inline const char *money(const game_t *g, int64_t v, char buf[40]) {
    return lang_money(v, g->rules.currency, buf, 40); /* the player's language's conventions */
}

/* ---- the presentation table (table_variant.c) ---- */

/* A betting spot: its wager and the word printed under it. */
typedef struct tb_spot_def {
    wager_t wager;
    const char *label;
    bool optional; /* a side bet: on the table only when the rules offer it */
} tb_spot_def_t;

/* A choice at the decision: its button, the button's label, and its name in the hint. */
typedef struct tb_choice_def {
    ui_button_t button;
    const char *label;
    const char *name;
} tb_choice_def_t;

#define TB_PAY_ROWS 12

/* The pay panel as drawn: the title, the rows (name, pay), the lit row (-1: none). */
typedef struct tb_pay_panel {
    char title[48];
    char rows[TB_PAY_ROWS][2][40];
    int n;
    int lit;
} tb_pay_panel_t;

typedef struct table_variant table_variant_t;

/* What the table shows for one game variant. Each variant has one constant table; the code
 * reads it instead of asking which game is played. Where the games differ in more than words
 * (the pay panel's rows, a hand's name), the table holds the function that knows. */
struct table_variant {
    /* the betting spots, left to right */
    tb_spot_def_t spots[TABLE_MAX_SPOTS];
    int nspots;
    /* the decision's buttons, left to right: choice d is the strategy's decision d (0: FOLD) */
    tb_choice_def_t choices[4];
    int nchoices;

    /* the cards: the top row is the dealer's hand, or the community cards */
    bool community;        /* the top row is the board (t->board), not the dealer's hand */
    int top_cards;         /* cards in the top row */
    int player_cards;      /* cards in the player's row */
    const char *top_label; /* printed under the top row, or NULL */
    bool dealer_up_card;   /* the dealer's first card is dealt face up */
    bool has_dealer;       /* a dealer's hand that must qualify: its line, its voice */
    bool light_winner;     /* the hand that won (player's or dealer's) is lit */
    bool split_hands;      /* the qualifying three apart from the two that score */
    /* a hand's name from its value (qualifies: the dealer's qualifies, the player's scores) */
    void (*name_value)(int value, bool qualifies, char *buf, size_t n);
    /* the name of five cards the player decides on; NULL: none shown */
    void (*name_cards)(const card_t cards[5], char *buf, size_t n);

    /* the pay panel: its title, and the function that writes its rows and lights the row of a
     * settled hand (show: the results are on screen) */
    const char *pay_title;
    void (*pay_rows)(const table_variant_t *v, const table_scene_t *t, bool show,
                     tb_pay_panel_t *p);
    const char *pay_low_row;  /* the poker rows' last, paying the lowest hand */
    const char *pay_push_row; /* a row after it for the hands that push, or NULL */

    /* the words */
    const char *felt;        /* the rule printed on the felt */
    const char *how_to_win;  /* in the side panel */
    const char *lose_banner; /* a round lost without folding */
    bool max_payout_line;    /* the side panel says the cap on one bet's win */
};

const table_variant_t *tb_variant(const table_scene_t *t);

/* ---- the pay tables (table_paytabs.c) ---- */

#define TB_PAY_TABLES 5 /* the main game's and up to four side bets' */
/* The tables the table shows: the main game's (WAGER_ANTE) first, then each offered side
 * bet's; returns how many. */
int tb_pay_tables(const table_scene_t *t, wager_t out[TB_PAY_TABLES]);
/* One table's title, rows and lit row (show: the settled results are on the table). */
void tb_pay_table(const table_scene_t *t, wager_t which, bool show, tb_pay_panel_t *p);
/* Which table stands in the panel now (an index into tb_pay_tables'). */
int tb_pay_current(const table_scene_t *t);
/* The arrows beside its title (dir -1, 1), and a tap on them (true: taken). */
ui_rect_t tb_pay_arrow(const table_scene_t *t, int dir);
bool tb_pay_tap(table_scene_t *t, float x, float y);
/* The panel: its frame in the still layer, the table of the moment over it. */
void tb_draw_paytable(table_scene_t *t, ui_gfx_t *g, bool layer);
/* A choice's name for the hint ("" for a decision the variant does not have). */
const char *tb_choice_name(const table_variant_t *v, int decision);

/* ---- layout (table_layout.c) ---- */

/* The frame's geometry (t->geom) from the window's shape, with the spots and the buttons; the
 * default one is a 1920 x 1080 screen's, before the first frame. */
void tb_layout(table_scene_t *t, ui_gfx_t *g);
void tb_layout_default(table_scene_t *t);
ui_rect_t tb_chip_rect(const table_scene_t *t, int i);
/* The title bar's button i (TABLE_CORNER_), top right, and whether this table shows it (a
 * desktop's SETTINGS, a terminal's LOBBY and X) */
ui_rect_t tb_corner_button(const table_scene_t *t, int i);
bool tb_corner_shown(const table_scene_t *t, int i);
ui_rect_t tb_popup_button(const table_scene_t *t, int i); /* PREV, NEXT, CLOSE; 3: ALL TABLES */
/* The table whose rounds HISTORY shows first: a terminal's, at a table; NULL elsewhere (a single
 * machine's history is all its rounds). */
const char *tb_history_table(const table_scene_t *t);
/* Card i of n in a row at height y, centred. */
ui_rect_t tb_slot_rect(float y, int i, int n);
/* Card i of five split: the qualifying three on the left, the two that score apart. */
ui_rect_t tb_split_slot(const card_t cards[5], int i, float y);
void tb_layout_spots(table_scene_t *t);
void tb_layout_buttons(table_scene_t *t);
int tb_spot_of(const table_scene_t *t, int wager);
void tb_spot_centre(const table_scene_t *t, int spot, float *x, float *y);

/* ---- drawing (table_draw_rows.c) ---- */

/* The middle row: the verdict once the round is over, MAKE YOUR DECISION, PLACE YOUR BETS or
 * the rule on the felt, and the timer. */
void tb_draw_middle(table_scene_t *t, ui_gfx_t *g);
/* The result's lines for the side bets (and Asian Stud's commission), under the pay table. */
void tb_draw_results(table_scene_t *t, ui_gfx_t *g);
void tb_draw_messages(table_scene_t *t, ui_gfx_t *g);
void tb_draw_demo(table_scene_t *t, ui_gfx_t *g);
void tb_draw_corner_buttons(table_scene_t *t, ui_gfx_t *g);
/* A pop-up's panel (HELP, HISTORY, SETTINGS, RESPONSIBLE GAMING): opaque, the table shaded
 * around it. */
void tb_draw_popup_panel(ui_gfx_t *g, ui_rect_t pop);
void tb_draw_overlay(table_scene_t *t, ui_gfx_t *g);
void tb_draw_door_open(table_scene_t *t, ui_gfx_t *g);
void tb_draw_locked(table_scene_t *t, ui_gfx_t *g);
/* The largest size from `size` down to `least` (in steps of 2) at which text fits width. */
/* Capitals in place, the accented Latin letters too (table_anim.c). */
float tb_fit(ui_gfx_t *g, const char *text, float size, float least, int face, float width);

/* ---- the moments of a win (table_moments.c) ---- */

/* The celebration of a win of this tier (BIG and above; nothing for less), from now. */
/* copy: t as it will be once its pending results are shown (nothing heard, nothing flown on t
 * itself), their verdict fully in (table_anim.c). true: a celebration begins with them (its
 * words in copy->moment). */
bool tb_results_ahead(const table_scene_t *t, table_scene_t *copy);
void tb_moment_start(table_scene_t *t, const machine_win_t *w);
void tb_moment_clear(table_scene_t *t);
/* A celebration is on screen (a hand pay's panel waits for it to end). */
bool tb_moment_running(const table_scene_t *t);
/* A MEGA WIN's or a jackpot's celebration is over the table. */
bool tb_celebrating(const table_scene_t *t);
void tb_moment_update(table_scene_t *t, float dt);
/* The win a MEGA WIN's or a jackpot's banner has counted up to by now (the WIN meter follows). */
int64_t tb_moment_counted(const table_scene_t *t);
/* Under the middle row (a BIG WIN's glow), and over the table (the coins; a MEGA WIN's or a
 * jackpot's banner). */
void tb_draw_moment_under(table_scene_t *t, ui_gfx_t *g);
/* dimmed: the celebration's shade over the table is drawn already (tb_draw_celebration_dim) */
void tb_draw_moment(table_scene_t *t, ui_gfx_t *g, bool dimmed);
/* Makes one more of a celebration's pictures ready (a still moment's work): false when all are.
 * Small: not the banner (a big piece: only in a frame with nothing to draw). */
bool tb_prepare_celebration(table_scene_t *t, ui_gfx_t *g, bool small);
/* A celebration's shade over the table: its alpha faded in, its alpha now, and drawn. */
#define TB_CELEBRATION_DIM 150
uint8_t tb_celebration_dim(const table_scene_t *t);
void tb_draw_celebration_dim(table_scene_t *t, ui_gfx_t *g);
/* The effects' own random numbers, 0..1 (never the game's). */
float tb_cosmetic_unit(table_scene_t *t);
/* Plays a sound when the animation gets to `at` (at once if that is past). */
void tb_cue(table_scene_t *t, ui_sound_t sound, float at);

/* ---- the felt's print (table_felt.c), in the still layer ---- */

/* The emblem and the game's name, the dealer's rule across the middle row. */
void tb_draw_felt_print(table_scene_t *t, ui_gfx_t *g);
/* A betting spot as printed for its bet (lit: the spot BET bets on, drawn over the layer). */
void tb_draw_spot_print(ui_gfx_t *g, ui_rect_t r, wager_t w, bool lit);

/* ---- a desktop player's SETTINGS pop-up (table_settings.c) ---- */

bool tb_settings_offered(const table_scene_t *t); /* a desktop game's table (not the demo's) */
void tb_settings_input(table_scene_t *t, const ui_input_t *in);
void tb_draw_settings(table_scene_t *t, ui_gfx_t *g);

/* ---- responsible gaming (table_rg.c) ---- */

/* The top row's RESPONSIBLE GAMING button and clock, right to left from HELP (g NULL: guessed
 * widths). */
/* RESPONSIBLE GAMING left of `left` (the top row's leftmost corner button), the clock left of it */
void tb_rg_layout(table_scene_t *t, ui_gfx_t *g, float top, float left);
void tb_rg_draw_top(table_scene_t *t, ui_gfx_t *g);
void tb_rg_draw_page(table_scene_t *t, ui_gfx_t *g);
/* The reality check over everything, while the machine waits for its answer. */
bool tb_rg_check_shown(const table_scene_t *t);
void tb_rg_draw_check(table_scene_t *t, ui_gfx_t *g);
/* The input the reality check or the page takes (true: nothing else gets it), and the button or
 * key that opens the page. */
bool tb_rg_input(table_scene_t *t, ui_input_t *in, machine_input_t *mi);
/* What a MEV_RG event means on the table. */
void tb_rg_event(table_scene_t *t, const machine_event_t *e);

/* ---- the rest ---- */

/* Seconds left on the machine's running timer, or -1 (scene_table.c). */
float tb_timer_left(const table_scene_t *t, bool *deciding);
/* The jackpot meter's figure: the machine's own pool, or a linked pool's as its controller last
 * said (*down: the link does not answer, the meter shows LINK DOWN instead of a stale figure). */
int64_t tb_pool_value(const table_scene_t *t, bool *down);
/* After a decision: the hint's toast when the player chose otherwise (table_input.c). */
void tb_hint_after(table_scene_t *t, int chose);
/* The hint while the player decides, the decision's name only ("Suggested: PLAY": the values
 * are `studpoker hint`'s and the operator's); false, and "", when none shows (table_input.c). */
bool tb_hint_text(const table_scene_t *t, char *buf, size_t n);
/* Why DEAL cannot deal, kept in t->deal_line while it holds (table_anim.c). */
void tb_update_deal_line(table_scene_t *t);
/* The round is over and its results are on screen (table_draw_cards.c). */
bool tb_results_visible(const table_scene_t *t);
void tb_draw_chip(ui_gfx_t *g, int64_t value, ui_rect_t r, uint8_t alpha);
/* A chip of a stack (chips/stack_*.svg) is TB_STACK_H of its width tall, and each lies
 * TB_STACK_STEP of its width above the one under it; a stack on a spot holds at most
 * TB_STACK_MOST chips (the tallest stays in the spot). */
#define TB_STACK_H    0.61f
#define TB_STACK_STEP 0.11f
#define TB_STACK_MOST 7
void tb_draw_stack(ui_gfx_t *g, int64_t amount, float cx, float bottom, float d, int most,
                   uint8_t alpha);
/* What a spot's stack shows: its bet, and once the payout has landed, what the bet returns. */
int64_t tb_spot_amount(const table_scene_t *t, int spot);
/* The spots: layer true draws the still outlines and labels, false the bets on them. */
void tb_draw_spots(table_scene_t *t, ui_gfx_t *g, bool layer);
void tb_draw_hands(table_scene_t *t, ui_gfx_t *g);

/* What the round won, the WIN meter's figure: every winning bet's win, stakes returned and
 * pushes not counted. */
int64_t tb_round_win(const round_t *r);
/* The hand pay the attendant pays while the machine is locked for it, 0 otherwise. */
int64_t tb_handpay(const table_scene_t *t);

#endif
