/* game: the machine's play between rounds, for one seat (the cabinet's player).
 *
 * It owns the rules, the jackpot pool, the game RNG, the credits and the round in play, starts
 * each round from a fresh shuffle, and keeps the recent rounds for the history screen. With a
 * store (store.h) every action is committed before it is applied and shown, a finished round is
 * recorded in one transaction, a round left in play by a crash comes back where it stopped, and
 * the credits, pool and history are the store's; a fault or a hand pay locks play. Without a
 * store (headless tests) the same happens in memory only. No SDL here: the table scene turns
 * buttons into game_act() calls and animates the events the round returns. */
#ifndef STUDPOKER_GAME_H
#define STUDPOKER_GAME_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "jackpot.h"
#include "money.h"
#include "rng.h"
#include "round.h"
#include "rules.h"
#include "store.h"

#define GAME_HISTORY 50
/* Chips, undos and clears kept before the deal; past this they are folded into their net bets. */
#define GAME_MAX_PENDING 256

typedef struct game_record {
    uint64_t number;
    card_t cards[5];
    card_t dealer[5];
    card_t board[3];
    int64_t stake[WAGER_COUNT];
    int64_t returned[WAGER_COUNT];
    round_outcome_t outcome[WAGER_COUNT];
    int64_t credits_before, credits_after;
    int hand_value, dealer_value;
    bool dealer_qualifies, folded, auto_folded, void_round;
    bool table_round; /* a shared table's round: stake and returned, no credits before/after */
    char when[32];    /* finished, UTC (recorded rounds) */
    char tab[41];     /* a table's round: the table's name (the lobby's "Table classic") */
    rules_variant_t variant; /* a table's round: its game, as its cards are laid out */
} game_record_t;

typedef enum game_state {
    GAME_PLAY = 0,
    GAME_LOCKED, /* a hand pay waits for the attendant */
    GAME_FAULT   /* the store failed or cannot be trusted: no play */
} game_state_t;

/* A cash-out ticket (TITO style): what is printed, and what the store records with it. */
typedef struct game_voucher {
    int64_t amount;
    int64_t sequence;    /* this machine's ticket number, from 1 */
    int64_t utc;         /* when it was printed */
    char validation[24]; /* "NN-NNNN-NNNN-NNNN-NNNN" (ticket.h): the cashier checks it */
    char digits[20];     /* the same 18 digits, as the barcode and the store hold them */
    char when[32];       /* "2026-11-22 08:15:02 UTC" */
    char machine[40];    /* the machine that printed it */
    int reprint;         /* 0: the ticket itself; n: its n-th reprint, marked so */
} game_voucher_t;

/* This session's rounds, since the program started (the player's statistics): rounds settled,
 * those won (more came back than was staked), lost (less) and pushed, the money staked and
 * returned, and the biggest win (round_seat_win: what the WIN meter showed). Void rounds are
 * not counted. */
typedef struct game_session {
    int64_t rounds, won, lost, pushed;
    int64_t staked, returned;
    int64_t biggest_win;
} game_session_t;

typedef struct game {
    rules_t rules;
    jackpot_pool_t pool;
    rng_t rng;
    round_t round;
    int64_t credits;
    int64_t last_stakes[WAGER_COUNT];
    uint64_t number;                     /* game number of the round in play */
    game_record_t history[GAME_HISTORY]; /* newest first */
    int nhistory;
    int64_t played; /* rounds finished in this session */
    game_session_t session;
    deck_t stacked[4]; /* test decks for the next rounds, in order (headless tests only) */
    int nstacked, next_stacked;

    store_t *store;   /* NULL: memory only */
    bool round_begun; /* the store has the round in play */
    bool resumed;     /* the round in play came back from the store at start */
    game_state_t state;
    char message[STORE_MSG_LEN + 160]; /* why play is locked or stopped (the log's words: a
                                          fault's with the store's reason) */
    char said[STORE_MSG_LEN + 160];    /* the same as the screen says it, in the language on
                                          screen ("": message) */
    char fault_title[48];              /* GAME_FAULT: "MEMORY ERROR - CALL ATTENDANT", ... */
    int64_t lock_id;
    int64_t lock_amount; /* GAME_LOCKED: the hand pay the attendant pays (the lock's amount) */

    /* The bets of the round in betting are only chips on the felt until the deal: they are kept
     * here (and replayed onto the round when credits come in) and recorded with the deal, so
     * that credits can come in and go out while the player bets. A power cut before the deal
     * leaves every chip on the credits. */
    round_action_t pending[GAME_MAX_PENDING + 1];
    int npending;
    bool handpay_by_attendant; /* a cabinet: the attendant pays a hand pay in cash */
    bool door_open;
    char machine_id[40];
    int64_t played_vouchers; /* without a store */
    bool at_table;           /* a shared table's terminal: HISTORY is the table's rounds */
    round_t trial;           /* scratch: the deal tried before the round is recorded */
    jackpot_pool_t trial_pool;
} game_t;

/* seed 0: the system's unpredictable generator; otherwise a reproducible deal (tests, demo).
 * store (may be NULL) is opened by the caller; the game takes the credits, the pool, the round
 * in play and the locks from it. free_credits are put on an empty machine (desktop play;
 * 0 on a cabinet). Returns false only when the game cannot run at all; a store fault is a
 * GAME_FAULT state with its message, for the screen. */
bool game_init(game_t *g, const rules_t *rules, int64_t credits, uint64_t seed, store_t *store);

/* Queues a deck order for a coming round instead of a shuffle: the cards given come first,
 * the rest of the deck follows in card order. Only the headless test mode offers this; a
 * machine on the floor always shuffles. Returns false (with a message) for bad cards. */
bool game_stack_deck(game_t *g, const char *cards, char *err, size_t errlen);

/* Shuffles a fresh deck (or takes the next stacked one) and opens the betting. */
bool game_new_round(game_t *g);

/* Applies an action to the round in play; when it ends the round, records it and carries the
 * credits and the bets (for REPEAT) over. */
round_status_t game_act(game_t *g, round_action_t a);

bool game_round_over(const game_t *g);

/* A lock was recorded outside a round of this game (a shared table's hand pay): the game takes
 * it from the store (GAME_LOCKED, its message). */
void game_locks_changed(game_t *g);
/* The store was written by another game on it (a terminal's tables share one store): the
 * credits (chips only on the felt are laid again over them, those no longer covered come off),
 * the door and the locks as the store has them now. */
void game_store_changed(game_t *g);
/* The attendant's key: clears a hand-pay lock (the win stays on the credits). */
bool game_attendant(game_t *g);

/* Credits in: a coin, a note or a ticket (store.h's kinds), between rounds or while betting
 * (the bets stay). Refused (false, why says so) while a game is dealt, locked, faulted or the
 * door is open: a real acceptor then returns the coin or the note. */
bool game_credit_in(game_t *g, store_credit_in_t kind, int64_t amount, const char *detail,
                    char *why, size_t whylen);
/* CASH OUT: every credit (bets still on the felt come back first) is paid as a ticket, recorded
 * with its validation number in the same transaction as the meter. */
bool game_cashout(game_t *g, game_voucher_t *v, char *why, size_t whylen);
/* Ticket in: a ticket this machine printed, by its validation number as scanned or typed
 * (dashes allowed), onto the credits in one store transaction, like a note. Refused (false, why
 * in the player's words, the refusal audited with the number) when it cannot be read, is not
 * known, was paid already (when and where), was voided, is older than expiry_seconds (0: never
 * expires), or the machine cannot take credit now (the cards are out, a hand pay or a fault
 * waits, the door is open). v gets the ticket taken. */
bool game_ticket_in(game_t *g, const char *text, int64_t expiry_seconds, game_voucher_t *v,
                    char *why, size_t whylen);
/* The parts of ticket in that a machine on a floor's controller shares (machine_link_ticket.c):
 * the number read and grouped into v, the machine able to take a ticket now and keeping records
 * (false: refused, audited, why in the player's words); a refusal audited with the number and
 * given to the player (returns false); a store's finding in the player's words (t: when and
 * where; EXPIRED: t->utc + expiry_seconds is when); a ticket the controller redeemed for this
 * machine, credited and its check closed in one transaction (false: refused or not recorded,
 * why says it), v the ticket taken. */
bool game_ticket_ready(game_t *g, const char *text, game_voucher_t *v, char *why, size_t whylen);
/* reason: English, for the audit; said: the player's words (NULL: reason is a text of the
 * catalogs, said in its translation). english: the words for the audit, else the player's. */
/* The player's words for a ticket the store cannot take just now (its reason is the audit's). */
#define GAME_TICKET_NOT_NOW N_("Ticket returned: it cannot be taken just now. Please try again.")
bool game_ticket_refused(game_t *g, const char *text, const char *reason, const char *said,
                         char *why, size_t whylen);
void game_ticket_words(const store_ticket_t *t, store_ticket_refusal_t why, const char *digits,
                       int64_t expiry_seconds, bool english, char *out, size_t n);
/* A ticket's place as a person reads it: a machine's name as it is, "the operator menu", "the
 * floor", "" this machine; in the language on screen. */
const char *game_place_words(const char *place);
bool game_ticket_floor_paid(game_t *g, const store_ticket_check_t *c, int64_t amount,
                            const char *issuer, game_voucher_t *v, char *why, size_t whylen);
/* Door switch: play stops while it is open; both are recorded (door_openings, the audit log). */
bool game_door(game_t *g, bool open);
/* Credits on the machine now: the round's balance while betting. */
int64_t game_balance(const game_t *g);
/* True while a round is dealt and not settled (the cards are out). */
bool game_dealt(const game_t *g);
/* True when nothing is at stake: no round dealt, no chip on the felt. */
bool game_idle(const game_t *g);

/* Recent rounds for the history screen, newest first: from the store (recall) when there is
 * one, else from this session. Returns how many were written (up to n). A shared table's
 * terminal: the rounds of every table it played, each with its table's name. */
int game_history(game_t *g, int offset, int n, game_record_t *out);
/* How many rounds game_history can give. */
int64_t game_history_count(game_t *g);
/* A shared table's terminal: the rounds of table tab only (NULL: of every table); elsewhere the
 * same as game_history. */
int game_history_at(game_t *g, const char *tab, int offset, int n, game_record_t *out);
int64_t game_history_count_at(game_t *g, const char *tab);

/* The linked pool's prize for a claim of this machine's (machine_link.h), between games: recorded
 * with the controller's answer in one transaction (store_link_paid), on the credits, and a hand
 * pay lock at or above the threshold. false: refused or not recorded (why says it). */
bool game_link_paid(game_t *g, const store_link_item_t *item, int64_t amount, const char *detail,
                    char *why, size_t whylen);
/* The link's records failed: the machine stops with the store's reason. */
void game_link_fault(game_t *g, const char *what);
/* A record of the machine's (an audit row) could not be written: the machine stops with the
 * store's reason, as after any failed write. */
void game_record_fault(game_t *g, const char *what);

/* Why play is locked or stopped as the screen says it (game_t's said, else its message). */
const char *game_said(const game_t *g);

/* Money for people: "$1,234.50", "€5.00", "£200.00", or "CHF 12.00" for other currencies. */
const char *game_money(const game_t *g, int64_t v, char buf[40]);
/* The same in English's conventions whatever the language on screen: the records' (audit rows). */
const char *game_money_en(const game_t *g, int64_t v, char buf[40]);
/* An amount kept finer than a cent (a jackpot pool's reserve and contributions, in 1/10,000 of
 * a minor unit, jackpot.h) in the same money: the cents as game_money writes them, then the
 * rest of the fraction as further decimals, without trailing zeros: "$12,345.6789",
 * "$0.000001" (a 1/10,000 cent), "$5.00" (no fraction). */
#define GAME_MONEY_FRAC_MAX (MONEY_TEXT_MAX + 8)
const char *game_money_frac(const game_t *g, int64_t frac, char buf[GAME_MONEY_FRAC_MAX]);

/* Between games: a slice of the store's background check of every record (a failed row faults
 * the machine as a failed check at start does). */
void game_idle_check(game_t *g, int rows);

#endif
