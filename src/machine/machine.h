/* machine: the machine without a window.
 *
 * Everything a cabinet does that is not drawing lives here, so that a table host, a terminal, a
 * test or a window are the same machine with a different front: the round in play, the credits
 * and the store (through game.h), the machine's own clock with the live table's betting and
 * decision timers (001: the betting time deals, the decision time folds, "AUTO FOLDED"), the
 * attendant key, the operator's keypad (three wrong PINs lock it for a minute) and everything
 * the operator does to money or pools (CLEAR CREDITS, the jackpot reset), the operator
 * settings, the idle time that starts the attract demo, the approved return range, and the
 * reads the operator pages show. Every change of money goes through the store first; no file of
 * the app calls the store.
 *
 * A front steps the machine once a tick (machine_step, below) with its input, how much time
 * passed and whether its animation still runs (a timer's decision waits for the cards to be
 * seen), and shows the events the step returns. No SDL here. */
#ifndef STUDPOKER_MACHINE_H
#define STUDPOKER_MACHINE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "approval.h"
#include "config.h"
#include "game.h"
#include "machine_player.h"
#include "machine_rg.h"
#include "rules.h"
#include "store.h"

#define MACHINE_PIN_LEN        16
#define MACHINE_KEYPAD_LOCK_MS 60000u /* after three wrong PINs in a row */

typedef struct machine {
    cfg_t cfg;       /* the configuration, the operator settings applied (cfg_set) */
    game_t game;     /* the round in play, the credits, the store */
    uint64_t now_ms; /* the machine's clock: stepped by machine_tick */

    /* the live table's timers (001), 0 = not running */
    uint64_t bet_timer_at, decide_timer_at;
    int decide_step; /* the Cajun step the decision timer is for */

    /* the operator's keypad */
    char pin[MACHINE_PIN_LEN];
    char entered[MACHINE_PIN_LEN];
    int wrong; /* wrong PINs in a row */
    uint64_t keypad_locked_until;

    /* attract: idle time since the last real input (cfg.attract says when) */
    uint64_t idle_since;

    bool operator_open; /* the operator menu is open: the machine plays nothing */
    bool attracting;    /* the attract demo is on the screen (the machine waits for a player) */

    /* [link]: the linked progressive's thread (machine_link.h), NULL without a link */
    struct mlink *link;
    bool link_dirty;      /* the outbox may hold an item not handed to the thread */
    uint64_t link_mark;   /* the round the outbox was last read after (a new one may queue) */
    char link_error[160]; /* the link could not even start: why */

    char print_fault[24]; /* a ticket whose print failed, waiting (machine_print_fault) */

    /* tickets at the floor, on a link (machine_link_ticket.c) */
    struct machine_floor {
        char void_asked[20];   /* the operator's VOID of this ticket waits for the floor */
        char void_detail[160]; /* ... and what it says of it */
        char news[240];        /* what became of it, for the operator's page, once */
        int ntold;             /* fates the controller told that are recorded now, to confirm */
        char told[16][20];
        bool pull_more;         /* the controller had more fates than one job takes */
        int64_t register_after; /* a refused registration is sent again then (ms, monotonic) */
        char state[300];        /* why the floor refused this machine's tickets ("": it did not) */
        bool test_kill;         /* tests: SIGKILL right after the controller paid a ticket */
    } floor;

    /* [table] join: a terminal at a shared table (machine_table.h), NULL otherwise */
    struct mjoined *jt;
    /* the table `--join` named when it was not open yet: the machine opened without it, and the
     * front joins it as soon as it opens (machine_table_waiting) */
    char table_wait[48];

    /* A terminal at several tables (001: up to four in one window) is a machine per table, all
     * on the terminal's one store, stepped on one thread: the machine that opened the store
     * closes it, the others borrow it (machine_open_seat). store_seen: the store's generation
     * when this machine last read its credits, locks and door (machine_share_sync);
     * held_elsewhere: what the other tables' hands may still raise, which bets here may not
     * use (each table's deal keeps its "a hand is never stuck" promise). */
    bool store_borrowed;
    uint64_t store_seen;
    int64_t held_elsewhere;

    /* a desktop player's own settings (machine_player.h); off: the operator's alone */
    machine_player_t player;

    /* responsible gaming (machine_rg.h): the session, its limits, breaks and reality checks, on
     * the wall clock (ms since 1970: the front sets it, machine_step moves it by dt) */
    int64_t wall_ms;
    machine_rg_t rg;
} machine_t;

/* What one tick did. */
typedef enum machine_tick_result {
    MACHINE_TICK_NOTHING = 0,
    MACHINE_TICK_DEALT,      /* the betting time ran out: the bets on the felt were dealt */
    MACHINE_TICK_AUTO_FOLDED /* the decision time ran out: the hand was folded */
} machine_tick_result_t;

/* The machine of a validated configuration: its database at db (NULL: memory only, tests and
 * the demo), with the key and anchor the config names ([cabinet] key_path, anchor_path; empty:
 * beside the database). The operator settings recorded in the store are applied to the
 * machine's copy of the config. A store that fails its checks is kept, faulted: the machine then
 * shows the fault (game.state GAME_FAULT) and plays nothing. free_credits go on an empty desktop
 * machine; seed 0: the system's unpredictable generator. Returns false only when the machine
 * cannot run at all (no memory, no random generator); *err says why. */
bool machine_open(machine_t *m, const cfg_t *cfg, int64_t free_credits, uint64_t seed,
                  const char *db, char *err, size_t errlen);
/* The same with a store the caller opened (tests and tools that need store_options_t); the
 * machine closes it. */
bool machine_open_store(machine_t *m, const cfg_t *cfg, int64_t free_credits, uint64_t seed,
                        store_t *store, char *err, size_t errlen);
/* A terminal's machine at one more table: its own round, timers and connection to the table,
 * on the terminal's store and credits (borrowed: the terminal's machine outlives it). tab, and
 * the table's game, title and linked pool, are what joining it gave (mlobby_join_result,
 * machine_table.h); the rest of the config (display, cabinet, keys) is the terminal's. false with
 * err when it cannot run (no memory, the table's game does not load here, the thread does not
 * start). */
bool machine_open_seat(machine_t *m, machine_t *terminal, const char *tab, const char *game,
                       const char *title, bool linked, char *err, size_t errlen);
void machine_close(machine_t *m);
bool machine_faulted(const machine_t *m); /* the store failed its checks: nothing is read */
bool machine_has_store(const machine_t *m);

/* The approved return range ([approval] min_payback, max_payback): the figures of every bet
 * the rules offer, from the built-in pay tables, the store's cache or the exact par sheet
 * (then kept in the cache). Returns how many bets are outside (0: inside); *source says where
 * the figures came from ("of the built-in pay tables", "from the cache", "worked out", ...);
 * -1 when they cannot be had (no memory). */
int machine_check_approval(machine_t *m, int32_t min_bp, int32_t max_bp, approval_t *figures,
                           approval_miss_t *miss, int max_miss, const char **source);

/* ---- the clock and the timers ---- */

/* Steps the clock by dt_ms. The betting timer starts with the first chip and deals when it runs
 * out (a deal the rules refuse tries again a whole betting time later); the decision timer
 * starts once the cards are on the table and seen (view_busy false) and folds the hand when it
 * runs out. The round's events say the rest, as after game_act. */
machine_tick_result_t machine_tick(machine_t *m, uint32_t dt_ms, bool view_busy);
/* Milliseconds left on the running timer (*deciding: the decision timer), -1 when none runs. */
int64_t machine_timer_left_ms(const machine_t *m, bool *deciding);

/* ---- the attendant and the operator ---- */

/* The attendant's key: clears a hand pay (a cabinet's attendant pays it in cash, a desktop
 * keeps it on the credits) or a recorded fault the attendant has looked at. False: nothing to
 * clear (the key then opens the operator's keypad). */
bool machine_attendant(machine_t *m);

typedef enum machine_pin {
    MACHINE_PIN_TYPED = 0,    /* a digit taken (or the entry cleared) */
    MACHINE_PIN_OPEN,         /* the right PIN: the operator menu opens (audited) */
    MACHINE_PIN_WRONG,        /* a wrong PIN (audited) */
    MACHINE_PIN_LOCKED_NOW,   /* the third wrong PIN in a row: the keypad locks for a minute */
    MACHINE_PIN_KEYPAD_LOCKED /* refused: the keypad is locked */
} machine_pin_t;
machine_pin_t machine_pin_digit(machine_t *m, int digit);
machine_pin_t machine_pin_clear(machine_t *m);
machine_pin_t machine_pin_enter(machine_t *m);
bool machine_keypad_locked(const machine_t *m);
int machine_pin_length(const machine_t *m); /* digits typed so far (shown as dots) */
void machine_operator_closed(machine_t *m); /* audited */
/* An operator event for the audit log ("sound test played", ...). */
void machine_operator_note(machine_t *m, const char *what);

/* CLEAR CREDITS: every credit removed (the cancelled_credits meter, audited), between games
 * only. msg gets what the screen says either way. */
bool machine_cancel_credits(machine_t *m, char *msg, size_t n);
/* The jackpot reset: the pool raised to the configured seed, the house paying the difference
 * (audited); refused when the pool shows its seed already. msg as above. */
bool machine_reseed_pool(machine_t *m, char *msg, size_t n);

/* An operator setting ([section] key of the config's key table: sound.volume, hint.show,
 * touch.dx, ...) set from its text: checked by cfg_set with the key's own range, recorded in the
 * store's audit log (store_setting_set, refused with credits on the machine or a game in play),
 * then in force in m->cfg. msg says why when refused. A machine without a store keeps it for the
 * run. */
bool machine_setting_set(machine_t *m, const char *section, const char *key, const char *text,
                         char *msg, size_t n);

/* What the operator pages show (read when a page opens; nothing moves while it is open). */
int machine_meters(machine_t *m, store_meter_value_t *out, int max);
bool machine_session_counts(machine_t *m, int64_t *since_power_up, int64_t *since_door);
int machine_audit_rows(machine_t *m, store_audit_row_t *out, int n);
/* An audit row's event ("config-change") in the words of the language on screen ("setting
 * changed"); an event without words comes back as recorded. */
const char *machine_audit_words(const char *event);
bool machine_pool(machine_t *m, jackpot_pool_t *pool); /* false: the game has no pool */
const char *machine_pool_key(const machine_t *m);      /* its name, NULL: no pool */

/* ---- attract ---- */

/* Real input (a press, a touch, a coin): the idle time starts again. */
void machine_input_seen(machine_t *m);
/* The attract demo is due: [attract] enabled, idle for idle_seconds, nothing on the machine
 * (no credits, no chip on the felt, no round dealt), playing normally. */
bool machine_attract_due(const machine_t *m);

/* ---- one step: input in, events out ---- */

/* The machine's states, in the order they take precedence. */
typedef enum machine_state {
    MACHINE_PLAY = 0,
    MACHINE_HANDPAY,  /* a hand pay waits for the attendant */
    MACHINE_FAULT,    /* the records failed or cannot be trusted: nothing plays */
    MACHINE_DOOR,     /* the door is open: play stops */
    MACHINE_OPERATOR, /* the operator menu is open */
    MACHINE_ATTRACT   /* the demo plays itself until a player comes */
} machine_state_t;
machine_state_t machine_state(const machine_t *m);

/* What a front gives the machine in one step: the logical buttons pressed (a bit per
 * cfg_button_t; the machine acts on the round's, the cabinet's and the attendant's, the view
 * keeps its own: chips, spots, help, ...), the bet BET places (a wager and the chip's value:
 * a front's chip tray and focus are its own business), the note BILL inserts, and whether the
 * view still animates (a decision waits for the cards to be seen, and so does a timer). */
typedef struct machine_input {
    uint64_t pressed;
    wager_t bet_wager;
    int64_t bet_amount;
    int64_t bill;    /* BILL: the note's value; 0: the first value the acceptor takes */
    char ticket[32]; /* a ticket inserted: its validation number as scanned or typed; "" none */
    bool view_busy;
    bool real; /* a person pressed or touched something: the idle time starts again */
} machine_input_t;

static inline void machine_press(machine_input_t *in, cfg_button_t b) {
    in->pressed |= 1ull << b;
}
static inline bool machine_pressed(const machine_input_t *in, cfg_button_t b) {
    return (in->pressed >> b) & 1u;
}

typedef enum machine_event_type {
    MEV_ROUND = 0,       /* the round acted: its events (game.round.events) are what to animate */
    MEV_NEW_ROUND,       /* a new round opened: the table is cleared */
    MEV_REFUSED,         /* an action refused: text says why, in the player's words */
    MEV_DECIDED,         /* the player's decision, before its MEV_ROUND: value 0 fold, 1..3 */
    MEV_TIMER_DEALT,     /* the betting time ran out and dealt (a MEV_ROUND follows) */
    MEV_AUTO_FOLDED,     /* the decision time ran out and folded (a MEV_ROUND follows) */
    MEV_CREDIT_IN,       /* a coin or a note credited: amount */
    MEV_TICKET,          /* a cash-out ticket recorded: voucher (the front prints it) */
    MEV_TICKET_IN,       /* a ticket inserted was credited: voucher, amount */
    MEV_TICKET_PRINTED,  /* the printer's answer for a ticket: value 1 printed, 0 failed (text:
                          * why), voucher */
    MEV_CLEARED,         /* the attendant cleared a hand pay or a fault */
    MEV_OPERATOR,        /* the operator menu opens (state MACHINE_OPERATOR) */
    MEV_DOOR,            /* the door opened (value 1) or closed (0) */
    MEV_LINK_PAID,       /* the linked pool's prize was paid to this machine: amount (hand pay
                          * when at or above the threshold: the machine is locked) */
    MEV_TICKET_CHECKING, /* a ticket inserted is being checked with the floor's controller:
                          * voucher (its number); MEV_TICKET_IN or MEV_REFUSED follows */
    MEV_RG               /* responsible gaming (machine_rg.h): value an mrg_event_t, text what
                          * happened in the player's words */
} machine_event_type_t;

typedef struct machine_event {
    machine_event_type_t type;
    int value;
    int64_t amount;
    char text[STORE_MSG_LEN + 300];
    game_voucher_t voucher;
    cfg_button_t button; /* MEV_REFUSED: the round's button refused (CFG_BUTTONS: none) */
} machine_event_t;

#define MACHINE_MAX_EVENTS 16
typedef struct machine_events {
    machine_event_t ev[MACHINE_MAX_EVENTS];
    int n;
} machine_events_t;

/* One step: the input is applied in a fixed order (the door, credits in, cash out, the operator
 * menu, the attendant, the round's buttons in cfg_button_t order), then the clock moves by dt_ms
 * and the timers act; events says what happened, in order, for the view to show. While the
 * operator menu is open or the demo plays, the machine only keeps time. */
void machine_step(machine_t *m, const machine_input_t *in, uint32_t dt_ms,
                  machine_events_t *events);

/* The linked progressive ([link]): whether the config links the pool, and what the link shows
 * (machine_link.h; a link that could not start is down with the reason). false: no link. */
struct mlink_view;
bool machine_link_view(const machine_t *m, struct mlink_view *out);
/* The link's state as the operator reads it, in the language on screen ("Link: connected",
 * "LINK DOWN: ..."): what failed, in the server's words, is in the log. */
const char *machine_link_state_words(const struct mlink_view *v, char *buf, size_t n);
/* Why a linked machine takes no DEAL now ("" when it may): the link is down and on_loss locks,
 * or it is down and the felt holds the linked bet (bet_off). */
const char *machine_link_refusal(const machine_t *m, bool placing_linked_bet);

/* ---- what DEAL would do now ---- */

/* Whether DEAL (after a round: REBET & DEAL, last round's bets again) deals now, and if not,
 * why, with the amounts: a front greys DEAL out and says so before the player presses it. The
 * same checks as the round's deal, in its order (round.c): side bets need an ANTE, each bet its
 * table minimum, and the credits must cover the bets and the largest raise the hand may want;
 * before them a stop of responsible gaming (a limit reached, a break), and before the credits the
 * session's loss limit, which must cover the bets and the largest raise too. A reality check
 * waiting for its answer is NOT_NOW. */
typedef enum machine_deal {
    MACHINE_DEAL_OK = 0,    /* DEAL deals */
    MACHINE_DEAL_NOT_NOW,   /* the cards are out, or play is stopped (hand pay, door, menu) */
    MACHINE_DEAL_NO_BETS,   /* nothing to deal: no bet on the felt (after a round: no last bets) */
    MACHINE_DEAL_NEED_ANTE, /* side bets without an ANTE */
    MACHINE_DEAL_BELOW_MIN, /* a bet under its table minimum */
    MACHINE_DEAL_SHORT,     /* the credits do not cover the bets and the largest raise */
    MACHINE_DEAL_LINK_DOWN, /* a linked pool's controller does not answer: [link] on_loss locks,
                             * or the bets hold the linked bet (machine_link_refusal) */
    MACHINE_DEAL_STOPPED,   /* responsible gaming: a limit was reached or a break runs: no bet
                             * until `until` (machine_rg_stopped) */
    MACHINE_DEAL_LOSS_LIMIT /* the bets and the largest raise could lose more than the session's
                             * loss limit leaves (`left`) */
} machine_deal_t;

typedef struct machine_deal_check {
    machine_deal_t status;
    bool rebet;        /* the round is over: the bets are last round's, placed again */
    wager_t wager;     /* BELOW_MIN: the bet under its minimum */
    int64_t bets;      /* the bets DEAL deals */
    int64_t raise;     /* the most the decisions may add (PLAY 2x; Cajun's three raises of up to
                        * 3x; Asian's RAISE 1x) */
    int64_t credits;   /* what the bets and the raise come from (the bets not yet taken off) */
    int64_t minimum;   /* BELOW_MIN: that bet's table minimum */
    int64_t shortfall; /* SHORT: bets + raise - credits; BELOW_MIN: minimum - the bet */
    int64_t left;      /* LOSS_LIMIT: what the loss limit leaves to lose */
    int64_t until;     /* STOPPED: the wall-clock time betting may start again */
} machine_deal_check_t;

machine_deal_check_t machine_deal_check(const machine_t *m);
/* The player's sentence for a check that does not deal, in the game's currency, made from its
 * amounts: "Insert $8.00 more or lower the ante: PLAY needs $10.00", "Add $1.00 to the ANTE:
 * its minimum is $5.00". "" when there is nothing to say (OK, NOT_NOW, NO_BETS). */
const char *machine_deal_words(const machine_t *m, const machine_deal_check_t *c, char *buf,
                               size_t n);
/* Whether a betting button would be taken now (DEAL by machine_deal_check; REPEAT, which
 * doubles once bets are on the felt, DOUBLE, UNDO and CLEAR tried on a copy of the round): a
 * front lights only these. Other buttons: true. */
bool machine_button_ok(const machine_t *m, cfg_button_t b);
/* The bets on the felt now (BET: a finished round's are off it), or after REPEAT (last round's
 * on an empty felt, else doubled, as a second REPEAT does) or DOUBLE: what the session's loss
 * limit is asked about before a betting button acts. */
void machine_felt_after(const machine_t *m, cfg_button_t b, int64_t out[WAGER_COUNT]);

/* ---- tickets (machine_ticket.c) ---- */

/* The newest tickets this machine printed, with what became of them (the operator menu's
 * TICKETS page); returns how many, 0 without a store. */
int machine_tickets(machine_t *m, store_ticket_t *out, int max, int offset);
/* A ticket this machine printed, by its 18 digits, with what became of it (false: none). */
bool machine_ticket_get(machine_t *m, const char *digits, store_ticket_t *t);
/* VOID: the operator voids a ticket not redeemed (lost, or paid by hand after a printer fault);
 * REPRINT: a ticket not redeemed nor voided is printed again, marked as a reprint (*v, for the
 * front to print). Both audited; msg says what happened either way. */
bool machine_ticket_void(machine_t *m, const char *digits, char *msg, size_t n);
bool machine_ticket_reprint(machine_t *m, const char *digits, game_voucher_t *v, char *msg,
                            size_t n);
/* A VOID on a linked machine goes to the floor's controller first: what became of it, once the
 * floor has answered (msg, for the operator's page; false: nothing new). */
bool machine_ticket_news(machine_t *m, char *msg, size_t n);
/* Why the floor's controller refuses to register this machine's tickets ("" when it does not):
 * they are sent again every 30 s meanwhile. */
const char *machine_ticket_floor_state(const machine_t *m);
/* The front's printer answered for v: recorded (printed, or failed with why); a
 * MEV_TICKET_PRINTED event goes to e (may be NULL) for the screen. */
void machine_ticket_printed(machine_t *m, const game_voucher_t *v, bool printed, const char *why,
                            machine_events_t *e);
/* The ticket whose print failed and that waits for the attendant (reprinted or voided), as
 * "NN-NNNN-..."; "" when none: the screen says PRINTER FAULT - CALL ATTENDANT meanwhile. */
const char *machine_print_fault(const machine_t *m);

/* The operator menu was closed (audited); play goes on. */
void machine_operator_done(machine_t *m);
/* The operator's keypad or menu is off the screen whichever way it went (the keypad left with
 * BACK before a PIN, the menu closed): play goes on. Nothing is audited here. */
void machine_operator_left(machine_t *m);

/* The chips a player bets with, in minor units, smallest first (the tray of every front). */
#define MACHINE_CHIPS 6
extern const int64_t MACHINE_CHIP_VALUES[MACHINE_CHIPS];

/* Autoplay (kill tests, soak runs, the attract demo): the buttons a player would press next,
 * one at a time: 1.00 chips on the ante up to the table minimum, last round's bets again
 * (REPEAT, REBET & DEAL), the optimal decision (strategy may be NULL: always play), the
 * attendant's key for a hand pay. Returns true when `rounds` rounds are recorded (or the
 * machine is faulted: nothing more can be played). */
struct strategy;
bool machine_autoplay(const machine_t *m, const struct strategy *s, bool view_busy, int64_t rounds,
                      machine_input_t *in);

#endif
