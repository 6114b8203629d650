/* scene_help: the pop-ups over the table: the player's help for the configured game, and the
 * session history.
 *
 * The help is written for players, in plain words, for the game this machine is configured to
 * deal and nothing else. Four pages:
 *   0  HAND RANKINGS  the poker hands drawn with the real cards; Asian Stud: the card points,
 *                     the split and the hand values, with example hands
 *   1  PAY TABLES     every pay table of the configured rules (built from them, so it shows
 *                     what this machine pays)
 *   2  HOW TO PLAY    the round step by step, beside a drawn deal
 *   3  BETS           the side bets this configuration offers, every bet's limits and return to
 *                     player, the payout caps (the aggregate limit marked), timers, hand pays
 * The words are our own, in assets/help/ (read at run time): <variant>.md (how to play),
 * asian-hands.md (points and splits), sidebets.md and side-<bet key>.md (one per side bet,
 * shown only when the configuration offers it); "{name}" in them is a configured figure and a
 * line starting "{?name}" is shown only when that figure is set. The limits, the caps and the
 * returns are written from the configured rules.
 *
 * The return to player of each bet is the exact par sheet's (src/math/approval.h: the main game
 * per ante with the best decisions, each side bet per stake, a jackpot at its funded long-run
 * return). For the built-in pay tables the figures are known at once (approval_known, pinned
 * and checked against the par sheet); other pay tables are worked out on a thread of their own
 * when the help is first drawn (a Caribbean par sheet takes seconds), the page saying so until
 * they are ready.
 *
 * The rule sheets in seeds/ are the auditors' documents (every rule with its source): the help
 * never shows them. */
#ifndef STUDPOKER_SCENE_HELP_H
#define STUDPOKER_SCENE_HELP_H

#include <stdbool.h>
#include <stddef.h>

#include "approval.h"
#include "game.h"
#include "ui_types.h"

#define HELP_PAGES 4
enum { HELP_PAGE_HANDS = 0, HELP_PAGE_PAYS, HELP_PAGE_PLAY, HELP_PAGE_BETS };

typedef enum help_kind {
    HELP_TITLE,
    HELP_HEADING,
    HELP_TEXT,
    HELP_BULLET,
    HELP_ROW, /* on the bets page: a bet's tile, "bet|stake|return to player" */
    HELP_HEAD_ROW,
    HELP_BOX /* a marked notice: the aggregate limit, the largest payout */
} help_kind_t;

typedef struct help_line {
    help_kind_t kind;
    char *text; /* for rows: cells separated by '|' */
    int page;
    int group;     /* a side bet's panel on the bets page (its wager), else -1 */
    float x, y, w; /* set by the layout */
} help_line_t;

/* The player's text files, read by help_load. */
enum {
    HELP_DOC_HANDS = 0, /* asian-hands.md */
    HELP_DOC_PLAY,      /* <variant>.md */
    HELP_DOC_SIDE,      /* sidebets.md */
    HELP_DOC_BET0       /* side-<key>.md for WAGER_BONUS51 .. WAGER_ASIAN_BONUS */
};
#define HELP_DOCS (HELP_DOC_BET0 + WAGER_COUNT - WAGER_BONUS51)

#define HELP_COLS     5
#define HELP_COL_ROWS 13

typedef struct help_pay_col {
    char title[80];
    char rows[HELP_COL_ROWS][2][40];
    int n;
} help_pay_col_t;

typedef struct help_job help_job_t; /* the figures being worked out (scene_help.c) */

typedef struct help {
    rules_variant_t variant;
    char *doc[HELP_DOCS];
    char missing[64]; /* a player text file that was not found ("" = none) */
    /* built for the configured rules by help_build */
    bool built;
    int lang; /* the language it was built in (lang.h): another one builds it again */
    rules_t rules;
    bool has_figures;
    help_line_t *lines;
    int nlines;
    help_pay_col_t cols[HELP_COLS];
    int ncols;
    char pay_note[2][200];
    /* drawing */
    help_job_t *job;
    float panel_top, panel_h; /* the side bets' panels on the bets page */
    float tile_h;             /* the bets' tiles (a row each: bet|stake|return) */
    bool laid_out;
    float laid_out_scale;
    float laid_out_w;            /* the page's width it was laid out for */
    float page_size[HELP_PAGES]; /* text size factor that fits the page */
} help_t;

/* Reads the player's text files of the variant (assets_dir/help/). A missing file leaves its
 * part out and the page says which file is missing. */
void help_load(help_t *h, rules_variant_t v, const char *assets_dir);
void help_free(help_t *h);
void help_text_free(help_t *h); /* help_free's part without the drawing's (scene_help_text.c) */

/* Assembles every page's text for these rules (no SDL: the tests call it): the files' text
 * with the configured figures, the side bets offered, the pay tables, the limits and caps, and
 * the return of every bet from figures (NULL: not known yet, said on the page; a bet the
 * figures leave out: "not available"). */
bool help_build(help_t *h, const rules_t *r, const approval_t *figures);
/* The figures the help shows: those of the built-in pay tables at once, else (compute) worked
 * out from the exact par sheet, which takes seconds. False: not known (or no memory). */
bool help_figures(const rules_t *r, bool compute, approval_t *out);

/* The subheading of a built page ("HOW TO PLAY", ...) and every word the page shows, one line
 * after another (headings, text, table cells, pay tables): what the tests read. Returns the
 * length the text needs (snprintf-style). */
const char *help_page_title(const help_t *h, int page);
int help_page_text(const help_t *h, int page, char *buf, size_t n);
/* The bet a row of the returns table names: "Ante and PLAY", "5+1 BONUS", ... */
const char *help_bet_label(rules_variant_t v, wager_t w);
/* An exact return as a player reads it: "94.78%" (rounded half up to 2 decimals). */
void help_percent(par_int num, par_int den, char *buf, size_t n);

/* The help and history pop-up's rectangle in a layout's area (gfx_area): at most 1620 wide,
 * centred, from y 60 to 1060; its pages' content sits inside it, its PREV, NEXT and CLOSE at
 * its bottom right. */
ui_rect_t help_popup(ui_rect_t area);

/* Pages: HELP_PAGES, whatever the rules (help_draw builds the text for the game it draws). */
int help_pages(ui_gfx_t *g, help_t *h);
void help_draw(ui_gfx_t *g, help_t *h, const game_t *game, int page);

/* Rounds for the history screen (game_history), newest first; recall marks them as recorded
 * rounds with their time. */
void history_draw(ui_gfx_t *g, const game_t *game, const game_record_t *recs, int n, bool recall);
int history_per_page(void);

#endif
