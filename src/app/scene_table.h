/* scene_table: the table a player plays at, for every variant.
 *
 * Turns logical buttons and taps into the machine's input (table_input: a bet is a wager and a
 * chip value), and animates the events machine_step returns (table_events): cards slide from
 * the shoe and flip, chips move, the win counts up, the verdict fades in. The animation only shows
 * what already happened in the game; it never holds or changes game state, it only decides when the
 * screen is ready for the next decision. */
#ifndef STUDPOKER_SCENE_TABLE_H
#define STUDPOKER_SCENE_TABLE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "game.h"
#include "machine.h"
#include "strategy.h"
#include "scene_help.h"
#include "ui_audio.h"
#include "ui_types.h"
#include "ui_input.h"

#define TABLE_MAX_SPOTS 8
#define TABLE_CHIPS     MACHINE_CHIPS

typedef struct card_vis {
    bool shown; /* dealt to the table */
    card_t card;
    bool face_up; /* once flipped */
    float t_deal; /* when it leaves the shoe */
    float t_flip; /* when it turns face up (< 0: stays down) */
} card_vis_t;

typedef struct flight {
    int64_t value; /* the amount that flies, as a stack of chips */
    float x0, y0, x1, y1;
    float t0, dur;
} flight_t;

#define TABLE_FLIGHTS 48

typedef struct spot {
    wager_t wager;
    ui_rect_t r;
    char label[24];
} spot_t;

typedef struct button_vis {
    ui_button_t button;
    ui_rect_t r;
    char label[24];
    bool enabled;
} button_vis_t;

/* The title bar's buttons: HELP, HISTORY, a desktop player's SETTINGS, and a terminal's LOBBY
 * (001: "can be selected at any time from any game") and X (leave this table; the others in the
 * window play on). */
enum {
    TABLE_CORNER_HELP = 0,
    TABLE_CORNER_HISTORY,
    TABLE_CORNER_SETTINGS,
    TABLE_CORNER_LOBBY,
    TABLE_CORNER_CLOSE,
    TABLE_CORNERS
};

/* Where the table's things are this frame (table_layout.c, from the window's shape): each fixed
 * row and panel has a rectangle of its own that nothing else draws into. Virtual units. */
typedef struct table_geom {
    ui_rect_t view, area; /* the window, and the layout's part of it (gfx_view, gfx_area) */
    bool narrow;          /* under 1800 wide (4:3, 16:10): meters stacked, chips in two rows */
    ui_rect_t title;      /* the game's name, top left */
    /* HELP, HISTORY, (a desktop's) SETTINGS, (a terminal's) LOBBY and X, by TABLE_CORNER_; those
     * not shown are off the window */
    ui_rect_t corner[TABLE_CORNERS];
    ui_rect_t lang;      /* the language button: the language on screen, in itself */
    ui_rect_t rg_button; /* RESPONSIBLE GAMING, left of them */
    ui_rect_t clock;     /* left of it: the time of day and the session's time */
    ui_rect_t pay;       /* the pay table, left */
    ui_rect_t results;   /* under it: the result's lines for the side bets (and commission) */
    ui_rect_t side;      /* the jackpot meter and the table limits, right */
    ui_rect_t msg;       /* under it: the message box */
    ui_rect_t top_line;  /* under the top cards: the dealer's hand, or COMMUNITY CARDS */
    ui_rect_t middle;    /* between the hands: the verdict, the prompt, the rule on the felt */
    ui_rect_t timer;     /* the live table's timer, at the middle row's left */
    ui_rect_t hand_line; /* under the player's cards: YOUR HAND */
    ui_rect_t spots;     /* the betting spots with their labels and the badges under them */
    ui_rect_t bar;       /* the bottom bar, across the window */
    ui_rect_t meters[3]; /* BALANCE, TOTAL BET, WIN */
    ui_rect_t chips[TABLE_CHIPS];
    ui_rect_t buttons; /* where the round's buttons go, right-aligned */
    /* the buttons' widths, so that every label fits at the one size buttons use: the main
     * (rightmost) one's and the others' */
    float button_small, button_main;
} table_geom_t;

typedef struct table_scene {
    machine_t *machine; /* the timers, the attendant key */
    game_t *game;       /* &machine->game: the round, the credits */
    ui_audio_t *audio;
    bool turbo;
    bool demo;         /* attract mode: "INSERT CREDITS / TOUCH TO PLAY" over the demo rounds */
    bool meters_apart; /* the meters' figures and the pay table left out (drawn on a kept
                        * picture of the table) */
    /* a terminal's LOBBY and X in the title bar (the front sets show_, reads and clears want_) */
    bool show_lobby, show_close;
    bool want_lobby, want_close;
    float now; /* seconds since the scene started */

    card_vis_t player[5], dealer[5], board[3];
    float busy_until; /* animations still running: no decision before this */
    float result_at;  /* when the results are shown */
    bool results_pending;

    spot_t spots[TABLE_MAX_SPOTS];
    int nspots;
    int focus; /* spot the BET key uses */
    int64_t chips[TABLE_CHIPS];
    int chip; /* selected chip */

    table_geom_t geom;  /* the layout of the last frame drawn (taps hit what was seen) */
    ui_rect_t rule_box; /* where the still layer printed the dealer's rule (w 0: not printed) */
    float bar_y;        /* top of the bottom bar, virtual units */
    button_vis_t buttons[8];
    int nbuttons;

    char toast[256];
    float toast_until;
    bool toast_drawn;       /* whether the last frame showed it */
    bool toast_good;        /* news (credits in, a ticket), not a refusal: green */
    bool toast_sticky;      /* a warning: shown until the player closes it (any button or touch) */
    bool toast_until_acted; /* news (a ticket): shown until the next press, touch or coin, which
                             * still does what it does */
    /* the message box's lasting line: why DEAL cannot deal now, in the player's words
     * (machine_deal_words), shown until the state changes; "" none */
    char deal_line[200];
    float deal_line_at;      /* when a refused DEAL last pointed at it (it flashes) */
    int timer_drawn;         /* the seconds the last frame's timer showed */
    int pay_drawn;           /* the pay table the last frame showed (table_paytabs.c) */
    int pay_pick;            /* the pay table the player turned to, */
    float pay_pick_until;    /* standing until then */
    char banner[64];         /* the main game's verdict: WIN, PUSH, DEALER WINS, FOLDED, ... */
    char banner2[96];        /* its hand and what it paid */
    char side_lines[3][120]; /* one line per side bet: "5+1 BONUS: FLUSH 15 TO 1" */
    bool side_lost[3], side_fee[3]; /* the line's bet lost; the line is Asian Stud's commission */
    int nside_lines;
    float banner_at;
    ui_color_t banner_color;

    /* the celebration of a BIG WIN, a MEGA WIN or a jackpot (table_moments.c): its tier, its
     * words, the win it counts up, its time; falling coins and twinkling lights, driven by a
     * cosmetic generator of their own (never the game's) */
    struct {
        int tier; /* machine_tier_t */
        char title[48], line[96];
        int64_t amount;
        float at, until;
    } moment;
    /* a settled round's results (the verdict, the side bets' lines, the spots' pills, the words
     * of its celebration): made ready on a copy of the table while the dealer's cards turn
     * (tb_prepare_celebration) */
    bool results_ahead;
    uint64_t handpay_ahead; /* the round whose hand pay's panel was made ready */
    uint64_t demo_ahead;    /* the window size (w << 32 | h) the demo's banner was made ready at */
    struct {
        float x, y, vx, vy, spin;
    } coins[90];
    int ncoins;
    float celebrate_until;
    uint32_t cosmetic;

    flight_t flights[TABLE_FLIGHTS];
    int nflights;
    struct {
        ui_sound_t sound;
        float at;
    } cues[40]; /* sounds timed to the animation: a card's swish as it leaves the shoe */
    int ncues;
    float collect_at; /* when the settled bets leave the spots (< 0: not yet planned) */
    float paid_at[TABLE_MAX_SPOTS]; /* when the dealer's payout landed on a spot (0: none) */

    /* the hint: the optimal decision and the value of each choice, once per decision */
    const strategy_t *strategy; /* NULL: no hint (off, or still being built) */
    strategy_advice_t advice;
    bool advice_ok;
    uint64_t advice_game;
    int advice_step;

    enum { OVERLAY_NONE = 0, OVERLAY_HELP, OVERLAY_HISTORY, OVERLAY_SETTINGS, OVERLAY_RG } overlay;
    int settings_focus;     /* the SETTINGS control the keyboard works (table_settings.c) */
    char settings_msg[300]; /* why a setting could not be kept, "" none */
    int page;
    help_t help;
    game_record_t hist[5]; /* the history page on screen, read once per page */
    int nhist;
    int64_t hist_total;
    int hist_page;           /* which page hist holds, -1 = none */
    uint64_t help_ready_key; /* the window size, language and game the help was prepared for */
    int help_ready;          /* how many of its pages are (table_prepare) */
    uint32_t help_ready_at;  /* the frame they began to be */
    uint64_t hist_ready_key; /* the same, and the rounds played, HISTORY's first page was for */
    uint64_t coins_key;      /* the window size the shower's coins were prepared for */
    int coins_ready;         /* how many of their widths are (tb_prepare_celebration) */
    uint32_t coins_at;       /* the frame they began to be */
    bool hist_all; /* a terminal's HISTORY shows every table's rounds, not only this table's */

    /* the RESPONSIBLE GAMING page (table_rg.c): the row chosen, the limits and the break being
     * chosen before they are set, a second press asked for, what the last press did */
    struct {
        int sel;
        int minutes_i, loss_i, break_i;
        bool confirm;
        char msg[STORE_MSG_LEN];
        ui_rect_t panel; /* as last drawn (its height fits what it says); w 0: not yet */
    } rg;

    int64_t shown_win;      /* counts up to the round's win, in cents */
    int64_t shown_pool;     /* the jackpot meter rolls towards its value, in cents */
    int64_t link_wins_seen; /* the linked pool's wins already shown (JACKPOT WON), -1: none yet */
    int64_t round_return;   /* the round's win (tb_round_win): what WIN shows once settled */
} table_scene_t;

void table_init(table_scene_t *t, machine_t *machine, ui_audio_t *audio, bool turbo,
                const char *assets_dir);
void table_free(table_scene_t *t);

/* The strategy's decision for the seat now (0 fold, 1 play/raise, 1..3 Cajun raise), for the
 * hint and automated play. */
int table_best_decision(const table_scene_t *t, const strategy_t *s, strategy_advice_t *advice);
/* The player's input this tick: the view's own buttons (chips, spots, help, history, turbo,
 * sound) act here; the round's buttons and bets go into mi for machine_step. */
void table_input(table_scene_t *t, const ui_input_t *in, machine_input_t *mi);
/* What the machine did this step (machine_step's events), to animate and tell. */
void table_events(table_scene_t *t, const machine_events_t *events);
/* The animation moves on by dt seconds. */
void table_update(table_scene_t *t, float dt);
void table_draw(table_scene_t *t, ui_gfx_t *g);
/* While the table is still (no frame to draw): the next HELP page's text and pictures made
 * ready, one page a call, then HISTORY's first page after each round, so that opening HELP or
 * HISTORY or turning a page does not make them in the frame the player waits for. False when
 * there is nothing left to prepare. */
bool table_prepare(table_scene_t *t, ui_gfx_t *g);
/* Only what a coming moment shows (a celebration's light, coins and banner, a round's results),
 * a small piece a call: for the time a quickly drawn frame leaves. */
bool table_prepare_moments(table_scene_t *t, ui_gfx_t *g);
/* A short message over the table (a refusal, a ticket printed). */
void table_toast(table_scene_t *t, const char *msg);
/* The player chooses the next language (the language button; a script's LANG): the machine
 * keeps a desktop player's choice (machine_player.h). */
void table_next_language(table_scene_t *t);
/* Good news the same way, in green and a little longer. */
void table_notice(table_scene_t *t, const char *msg);
/* A warning the same way, in red, that stays until the player reads it and closes it: the next
 * button or touch closes it and does nothing else (a pay table outside the approved range). */
void table_warning(table_scene_t *t, const char *msg);
/* Good news the player must see (a ticket printed): green, until the next press, touch or coin,
 * which then does what it does. */
void table_news_until_acted(table_scene_t *t, const char *msg);
/* The message box, a fixed place at the right above the buttons that nothing else uses: the
 * lasting line (why DEAL cannot deal, or the hint's "Suggested: PLAY") into line, the notice
 * over it (a refusal, a credit, a ticket, a warning) into toast; "" when none. */
void table_messages(const table_scene_t *t, char *line, size_t nline, char *toast, size_t ntoast);
/* The bar's three meters as shown now: BALANCE (stake-deducted until the result shows, then
 * counting up with the win), TOTAL BET (0 once the chips have left the spots), WIN. */
void table_meters(const table_scene_t *t, int64_t *balance, int64_t *bet, int64_t *win);
/* The cards lit as having made a winning hand (bit i: card i of the player's row, of the top
 * row), once the round's results are on screen; 0 before. */
void table_lit_cards(const table_scene_t *t, uint8_t *player, uint8_t *top);
/* A hand pay's CALL ATTENDANT panel (or a fault's) is on the screen: play is locked and the win
 * has been shown and celebrated. */
bool table_lock_shown(const table_scene_t *t);
/* What the moments show now, for a test's summary: the celebration's title ("" none), the pay
 * table in the panel and its lit row's name ("" none). */
void table_moment_words(const table_scene_t *t, char *moment, size_t nm, char *pays, size_t np,
                        char *lit, size_t nl);
/* Where the pay panel's next-table arrow is (virtual units), for a script's tap; false when
 * the game has one pay table. */
bool table_pay_arrow(const table_scene_t *t, float *x, float *y);
/* True while anything on screen moves; when false the loop may sleep until the next input. */
bool table_animating(const table_scene_t *t);
/* True when the next frame would differ from the last one drawn. */
bool table_wants_frame(const table_scene_t *t);
/* True while cards are still moving (tests and scripts wait for it). */
bool table_busy(const table_scene_t *t);
/* A digest of what a still frame of the table shows (the round's phase and step, the buttons'
 * state, the balance, the bets, the notices): the loop draws again whenever it differs from the
 * drawn frame's, so saving frames on a still table never hides a change. */
uint64_t table_signature(const table_scene_t *t);

#endif
