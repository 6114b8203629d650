/* store: the machine's state that must survive anything, in one SQLite database.
 *
 * Credits per seat, the accounting meters, the jackpot pools, the round in play (its rules, its
 * shuffled deck, every action), the history of finished rounds for recall, the locks that wait
 * for an attendant (hand pays, faults) and the audit log. Nothing in the store is changed in
 * place without a record: every meter movement is an append-only ledger row, history rows are
 * never updated or deleted, and every row carries a keyed BLAKE2b checksum, so that a value
 * edited outside the game is found at the next start. A round is a pure function of rules, deck,
 * starting credits, pool and actions (round.h), so the round in play is stored as exactly those
 * and rebuilt after a crash by replaying the actions through the core.
 *
 * The protocol the game follows:
 *   store_open               checks everything; FAULTED if anything does not add up
 *   store_recover            a round left in play comes back at the exact point it stopped
 *   store_round_begin        the deck is recorded before any card is shown
 *   store_round_action       each action is committed (or refused) before its effect is shown
 *   store_round_finish       one transaction: history, wagers, meters, credits, pool
 *   store_round_void         after a fault: every stake refunded, the machine locked
 * Every function returns a status; the message of the last failure is store_message(). A failed
 * write rolls its transaction back and leaves the database as it was; the store then refuses
 * everything but store_round_void until it is reopened. The store never repairs or resets
 * anything by itself. Not thread-safe: one store per thread. */
#ifndef STUDPOKER_STORE_H
#define STUDPOKER_STORE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "card.h"
#include "jackpot.h"
#include "round.h"
#include "rules.h"

#define STORE_SCHEMA_VERSION 3
#define STORE_MSG_LEN        512
/* Actions recorded per round. Bets, undos and clears are refused past STORE_MAX_ACTIONS -
 * STORE_DECISION_ROOM, so the deal and every decision of every seat always have room: a round can
 * always be finished. (The game records only the net bets of the felt at the deal.) */
#define STORE_MAX_ACTIONS   512
#define STORE_DECISION_ROOM 64
#define STORE_HASH_BYTES    32
#define STORE_KEY_BYTES     32
#define STORE_PATH_LEN      1024
/* A checkpoint of the verified records at least every this many finished rounds: a start checks
 * only what came after the newest one (the full check reads everything). */
#define STORE_CHECKPOINT_GAMES 1000

typedef struct store store_t;

typedef enum store_status {
    STORE_OK = 0,
    STORE_REFUSED, /* not now or not allowed (rules, a lock, no round); nothing was written */
    STORE_FAULT    /* the database failed a check or a write: stop play, see store_message() */
} store_status_t;

typedef enum store_state {
    STORE_READY = 0,    /* no round in play, no lock: play may start */
    STORE_IN_PLAY,      /* a round is in play (store_recover gives it back after a start) */
    STORE_LOCKED,       /* a hand pay or a fault waits for an attendant (store_lock_clear) */
    STORE_WRITE_FAILED, /* a write failed this session: only store_round_void, then reopen */
    STORE_FAULTED       /* the database cannot be trusted: no play; an attendant must act */
} store_state_t;

typedef struct store_options {
    /* The machine's secret key (store_key_load): every row is signed with a key made from it
     * and the database's own id. Required; store_open_files loads it from its file. */
    const uint8_t *machine_key;
    /* The anchor file that holds the database's newest commit (store_anchor.c), on another disk
     * on a real cabinet. NULL: none (unit tests and tools only). */
    const char *anchor_path;
    /* A technician accepts the database as it is although the anchor says otherwise (a genuine
     * restore from a backup): everything is checked from the first row, the anchor is made
     * anew, the acceptance is audited and ticket numbers the lost records used are skipped. */
    bool accept_restore;
    /* store_upgrade_release1 only: the database just upgraded gets its first anchor. */
    bool make_anchor;
    /* Set by store_open_files when the key cannot be had: the store only carries this fault. */
    const char *fault_message;
    bool read_only; /* audit tools: no migration, no power-up record, no writes */
    /* Tests only: synchronous=OFF, and no fsync of the anchor. A real machine never sets this. */
    bool unsafe_no_sync;
    /* Tests only: a full disk. When > 0, after the checks the database may grow by this many
     * pages and no more (PRAGMA max_page_count), for this connection. */
    int test_page_limit;
    /* Tests only: after this many commits every commit fails as on a full disk (0 = never);
     * with test_fail_marker the one-row void marker cannot be written either. */
    int test_commits_before_failure;
    bool test_fail_marker;
    /* Tests only: the anchor never hears that a commit was made (a power cut between the
     * database's commit and the anchor's second write, every time). */
    bool test_skip_anchor_done;
    /* Benchmarks only (bench store, with unsafe_no_sync): this many of the store's commits go to
     * SQLite as one transaction, the rest of the protocol unchanged; a failure loses the batch.
     * A real machine never sets this. 0 = every commit is SQLite's. */
    int bench_batch_commits;
} store_options_t;

/* Opens (creating and migrating when needed) and checks the database: SQLite's quick_check,
 * the schema version, every row's checksum, credits and meters against the ledger, meters
 * against the history, the pools' invariant, and the round in play replayed through the core.
 * Returns STORE_OK, or STORE_FAULT with *out still set to a store in STORE_FAULTED state
 * (store_message says what is wrong and what an attendant can do); *out is NULL only when no
 * memory could be had. err (may be NULL) receives the message too. */
store_status_t store_open(const char *path, store_t **out, char *err, size_t errlen);
/* The usual way in: the database at db, its machine key at key_path and its anchor at
 * anchor_path (NULL or "": machine.key in the database's folder, and DB.anchor). The key is made
 * only together with a new database (never for one that exists); a missing or unsafe key gives a
 * store in STORE_FAULTED state that says why. opt may be NULL; its key and anchor are set here. */
store_status_t store_open_files(const char *db, const char *key_path, const char *anchor_path,
                                const store_options_t *opt, store_t **out, char *err,
                                size_t errlen);
void store_default_paths(const char *db, char *key_path, char *anchor_path, size_t cap);
/* A technician's one-time upgrade of a database of the release of 2026-11-24 (schema 1, rows
 * signed with that release's public key): every row and balance checked against the old key,
 * every record copied in order into a new database signed with this machine's key (made now if
 * the machine has none), the copy checked from its first row, the old file kept as DB.release1,
 * the anchor made. Refused when a game is in play in it, or when DB.release1 exists. report gets
 * a line for the technician. */
store_status_t store_upgrade_release1(const char *db, const char *key_path, const char *anchor_path,
                                      char *report, size_t reportlen, char *err, size_t errlen);
/* Reads the machine key from path (a 0600 file of this user), or makes it there when create is
 * set and there is none (*created: it was made now). */
store_status_t store_key_load(const char *path, bool create, uint8_t key[STORE_KEY_BYTES],
                              bool *created, char *err, size_t errlen);
store_status_t store_open_ex(const char *path, const store_options_t *opt, store_t **out, char *err,
                             size_t errlen);
void store_close(store_t *s);

store_state_t store_state(const store_t *s);
const char *store_message(const store_t *s); /* the last failure, or "" */
/* A number that changes whenever anything is written (rows changed on the store's connection):
 * several machines sharing one store (a terminal's tables) read the credits, locks and door
 * again only when it moved. */
uint64_t store_generation(const store_t *s);
const char *store_state_name(store_state_t st); /* "ready", "in play", ... */
/* What the machine shows over a fault, as the README names it: "MEMORY ERROR - CALL ATTENDANT"
 * (a record failed its checks), "MEMORY ROLLBACK - CALL ATTENDANT" (the database is older than
 * its anchor: a copy put in place), "MACHINE FAULT - CALL ATTENDANT" (a failed write, a database
 * held by another program); "" when there is no fault. */
const char *store_fault_title(const store_t *s);

/* Checks again what store_open checks; full also runs PRAGMA integrity_check and replays every
 * finished round through the core against its recorded results. A failure moves the store to
 * STORE_FAULTED. */
store_status_t store_verify(store_t *s, bool full);

/* The background check, for the time the machine waits between games: checks up to max_rows
 * rows of the records from the first row on (each row's checksum and its place in its chain),
 * where the last call stopped, then the current values; *cycle_done when a whole pass ended
 * (the next call starts another). A row that fails faults the store (STORE_FAULT) like a check
 * at start. Does nothing while a round is in play. The start-up checks read only what came
 * after the newest checkpoint; this reads what came before it. */
store_status_t store_verify_step(store_t *s, int max_rows, bool *cycle_done);

/* ---- rules ---- */

/* A hash of every field of the rules (BLAKE2b of a canonical encoding, not of the struct's
 * bytes, so padding does not matter). */
void store_rules_hash(const rules_t *rules, uint8_t out[STORE_HASH_BYTES]);

/* ---- money ---- */

typedef enum store_credit_in {
    STORE_IN_COIN = 0, /* coin_in */
    STORE_IN_BILL,     /* bill_in */
    STORE_IN_VOUCHER,  /* voucher_in */
    STORE_IN_ATTENDANT /* attendant_in: credits added by an attendant (audited) */
} store_credit_in_t;

typedef enum store_credit_out {
    STORE_OUT_CASHOUT = 0, /* credit_out: paid by the hopper or a voucher */
    STORE_OUT_HANDPAY,     /* handpaid_credits: a cash-out paid by an attendant (audited) */
    STORE_OUT_CANCEL       /* cancelled_credits: removed by an attendant (audited) */
} store_credit_out_t;

/* Credits on a seat (seat 0 on a cabinet). Between rounds only, and not while locked. A ticket
 * goes out through store_ticket_out and comes in through store_ticket_redeem (below), which
 * record it in the ticket register with its meters: store_credit_in refuses STORE_IN_VOUCHER,
 * and store_credit_out's STORE_OUT_CASHOUT is a hopper's payment (credit_out only). */
store_status_t store_credits(store_t *s, int seat, int64_t *credits);
store_status_t store_credit_in(store_t *s, int seat, store_credit_in_t kind, int64_t amount,
                               const char *detail);
store_status_t store_credit_out(store_t *s, int seat, store_credit_out_t kind, int64_t amount,
                                const char *detail);

/* The number the next cash-out ticket carries: one more than the ticket_numbers meter, which
 * every ticket recorded by store_ticket_out moves by one and which a technician's acceptance of
 * a restored database moves past every number the lost records had used, so a number is never
 * printed twice. */
store_status_t store_next_ticket(store_t *s, int64_t *number);

/* Meters by name: "coin_in", "bill_in", "voucher_in", "attendant_in", "credit_out",
 * "handpaid_credits", "cancelled_credits", "voucher_out" (tickets printed: credit_out holds
 * them too), "voucher_in_count", "voucher_out_count", "wagered.<wager_key>", "won.<wager_key>"
 * (what the game paid back to the credits: stake and win), "games_played", "games_won",
 * "games_voided", "refunded", "attendant_jackpots", "attendant_jackpot_count",
 * "progressive_contributed" (in 1/10,000 cent, as jackpot.h), "progressive_won",
 * "progressive_seeded", "progressive_hits", "door_openings", "power_ups", "ticket_numbers". A meter
 * never moved reads 0. */
store_status_t store_meter(store_t *s, const char *name, int64_t *value);
typedef struct store_meter_value {
    char name[48];
    int64_t value;
} store_meter_value_t;
/* Every meter moved so far, by name; returns how many (up to max), -1 on a read failure. */
int store_meters(store_t *s, store_meter_value_t *out, int max);
/* Games since the last power-up (store_open) and since the door last closed. */
store_status_t store_session_counts(store_t *s, int64_t *since_power_up, int64_t *since_door);
/* Door open and close: door_openings, and the audit log. */
store_status_t store_door(store_t *s, bool open);
/* The door as the audit log last recorded it, however long ago (a door left open before a power
 * cut is still open after it: a door key that toggles has no switch to read). */
store_status_t store_door_state(store_t *s, bool *open);

/* ---- tickets (store_ticket.c) ---- */

/* The ticket register (TITO). Every cash-out ticket this machine prints is recorded, before it
 * is printed, with its 18-digit validation number (ticket.h), number, amount, time and machine,
 * in one transaction with the meters that pay it: credit_out, voucher_out and voucher_out_count,
 * ticket_numbers, and a voucher-out audit row. What becomes of it is appended after it, never
 * changed in place: printed or failed to print (with the printer's reason), reprinted, redeemed
 * or voided - redeemed or voided once at most, which the database itself enforces. A ticket
 * comes back in (store_ticket_redeem) as one transaction: the checks, the credits, the
 * voucher_in and voucher_in_count meters, the redeemed record and a voucher-in audit row; a kill
 * at any instant leaves it either wholly redeemed or not at all. The checks at start hold
 * voucher_in and voucher_out (and their counts) to the register's sums. Tickets printed by the
 * release before the register (voucher-out audit rows only) are entered in it at the first
 * start, so they can still be redeemed. */
typedef enum store_ticket_state {
    STORE_TICKET_ISSUED = 0, /* printed (or to be printed), not redeemed */
    STORE_TICKET_REDEEMED,
    STORE_TICKET_VOIDED
} store_ticket_state_t;
typedef enum store_ticket_print {
    STORE_PRINT_NONE = 0, /* no outcome recorded (files only, or the printer has not answered) */
    STORE_PRINT_DONE,
    STORE_PRINT_FAILED
} store_ticket_print_t;
typedef struct store_ticket {
    char validation[20]; /* 18 digits */
    int64_t number, amount, utc, game;
    int seat;
    char machine[40];
    store_ticket_state_t state;
    int64_t state_utc;          /* when it was redeemed or voided */
    char state_place[64];       /* where it was redeemed (a machine), or who voided it */
    store_ticket_print_t print; /* the newest print's outcome */
    char print_note[160];       /* a failed print: the printer's reason */
    int reprints;
    bool elsewhere; /* REDEEMED by another machine of the floor (state_place), as its
                     * controller told this machine (store_ticket_fate_record) */
} store_ticket_t;
/* Why a ticket was not taken. */
typedef enum store_ticket_refusal {
    STORE_TICKET_TAKEN = 0,
    STORE_TICKET_UNKNOWN, /* never printed here (nor, for a floor ticket, redeemed here) */
    STORE_TICKET_ALREADY, /* redeemed already: state_utc and state_place say when and where */
    STORE_TICKET_VOID,    /* voided: state_utc and state_place */
    STORE_TICKET_EXPIRED, /* older than the expiry given */
    STORE_TICKET_NOT_NOW  /* the machine cannot take credit now (store_message says why) */
} store_ticket_refusal_t;

/* A cash-out ticket of seat's credits: t's validation (18 digits, never used before), number
 * (store_next_ticket), amount (at most the credits), utc and machine; detail is the audit row's.
 * Between rounds only and not while locked, like store_credit_out. */
store_status_t store_ticket_out(store_t *s, int seat, const store_ticket_t *t, const char *detail);
/* The ticket of a validation number, with what became of it (*found false: none). */
store_status_t store_ticket_get(store_t *s, const char *validation, store_ticket_t *t, bool *found);
/* Ticket in: the ticket of this validation number, printed here, onto seat's credits. place is
 * this machine's name for the record, expiry_seconds (0: none) refuses a ticket printed longer
 * ago, detail is the audit row's. STORE_REFUSED with *why (and *t as found) when it is unknown,
 * redeemed already, voided, expired or the machine cannot take credit now; nothing is written
 * then (the caller audits the refusal with store_audit). */
store_status_t store_ticket_redeem(store_t *s, int seat, const char *validation, const char *place,
                                   int64_t expiry_seconds, const char *detail, store_ticket_t *t,
                                   store_ticket_refusal_t *why);
/* A ticket of another machine of the floor, which the floor's controller has just paid to this
 * machine (its amount): recorded and credited in one transaction like store_ticket_redeem; a
 * number this machine redeemed already is refused. A linked machine credits through
 * store_ticket_check_paid instead (below), whose check, recorded before the controller is
 * asked, survives a kill between the two commits; this one records no check. */
store_status_t store_ticket_redeem_floor(store_t *s, int seat, const char *validation,
                                         int64_t amount, const char *place, const char *detail,
                                         store_ticket_refusal_t *why);
/* The operator voids a ticket not redeemed (lost, or paid by hand after a printer fault): it
 * can no longer be redeemed. who and detail go on record (voucher-void). */
store_status_t store_ticket_void(store_t *s, const char *validation, const char *who,
                                 const char *detail);
/* A reprint of a ticket not redeemed nor voided is asked for (recorded and audited as
 * voucher-reprint before it is printed); *t gets the ticket, its reprints counted. */
store_status_t store_ticket_reprint(store_t *s, const char *validation, const char *who,
                                    const char *detail, store_ticket_t *t);
/* The printer's answer for the newest print of a ticket: printed, or failed with the reason
 * (also audited as voucher-print-failed). Allowed while a round is in play (it moves no money). */
store_status_t store_ticket_printed(store_t *s, const char *validation, bool ok, const char *note);
/* The newest tickets, newest first, skipping offset: up to max; returns how many, -1 on a read
 * failure. */
int store_tickets(store_t *s, store_ticket_t *out, int max, int offset);
typedef struct store_ticket_totals {
    int64_t issued_n, issued;     /* printed here */
    int64_t redeemed_n, redeemed; /* redeemed here, this machine's own tickets and the floor's */
    int64_t floor_n, floor;       /* of which printed by other machines */
    int64_t voided_n, voided;
    int64_t elsewhere_n, elsewhere;     /* printed here, redeemed by other machines of the floor */
    int64_t outstanding_n, outstanding; /* printed here, not redeemed anywhere nor voided */
} store_ticket_totals_t;
store_status_t store_ticket_totals(store_t *s, store_ticket_totals_t *t);

/* ---- tickets at the floor (store_ticket_floor.c) ---- */

/* A machine on a link's controller (controller_tickets.sql) shares its tickets with the floor:
 *   its outbox of tickets: every ticket of the register, oldest first, is registered at the
 *     controller (store_ticket_unregistered, then store_ticket_registered with the answers: a
 *     ticket-registered audit row each, naming the ticket's record, so the tickets not sent yet
 *     are those after the newest one named);
 *   a ticket in is checked with the controller before anything is paid, its own tickets too: a
 *     ticket-checking audit row is recorded first (store_ticket_check_begin), the controller
 *     asked, and its answer written in one transaction that closes the check (ticket-checked):
 *     credited (store_ticket_check_paid: the redemption as store_ticket_redeem records it) or
 *     refused with the reason (store_ticket_check_refused). A check left open by a kill is asked
 *     again after the restart (store_ticket_check_pending); the controller keys a redemption by
 *     (validation number, machine) and answers the same, and the register refuses a second
 *     credit of a number, so a ticket is credited once;
 *   what another machine or the controller's operator did to one of this machine's tickets is
 *     recorded when the controller tells it (store_ticket_fate_record): redeemed elsewhere (a
 *     voucher-paid-elsewhere audit row: the ticket then reads REDEEMED there, elsewhere set, and
 *     store_ticket_redeem refuses it) or voided (as store_ticket_void). */
typedef struct store_ticket_reg {
    int64_t id; /* the ticket's record, the order they are registered in */
    store_ticket_t t;
} store_ticket_reg_t;
/* Up to max tickets not registered yet, oldest first, with their fate; returns how many, -1 on a
 * read failure. */
int store_ticket_unregistered(store_t *s, store_ticket_reg_t *out, int max);
/* The controller registered the n oldest (replay[i]: it had them before; may be NULL). Refused
 * unless they are the oldest not registered, in order. Allowed while a round is in play. */
store_status_t store_ticket_registered(store_t *s, const store_ticket_reg_t *items, int n,
                                       const bool *replay);

typedef struct store_ticket_check {
    int64_t id; /* its ticket-checking audit row */
    int seat;
    char validation[20];
    bool own; /* printed here (t holds it) */
    store_ticket_t t;
} store_ticket_check_t;
/* A ticket in, to be asked of the controller: checked as far as this machine can (its own: not
 * redeemed, voided nor expired by expiry_seconds; another's: not redeemed here), the seat able to
 * take credit now, no other check open; then recorded. STORE_REFUSED with *why (and c->t as
 * found) as store_ticket_redeem, nothing written; STORE_TICKET_NOT_NOW when another check is
 * open (store_message says so). */
store_status_t store_ticket_check_begin(store_t *s, int seat, const char *validation,
                                        int64_t expiry_seconds, store_ticket_check_t *c,
                                        store_ticket_refusal_t *why);
/* The open check (at most one): 1, 0 when none, -1 on a read failure. */
int store_ticket_check_pending(store_t *s, store_ticket_check_t *out);
/* The controller redeemed the ticket for this machine: amount (its own: the ticket's) credited to
 * the check's seat, the redemption recorded (place: this machine), the check closed, in one
 * transaction. Between games. */
store_status_t store_ticket_check_paid(store_t *s, const store_ticket_check_t *c, int64_t amount,
                                       const char *place, const char *detail);
/* What the controller said of one of this machine's tickets. */
typedef struct store_ticket_fate {
    char validation[20];
    bool voided; /* else redeemed by another machine */
    char place[64];
    int64_t utc;
    char detail[200];
} store_ticket_fate_t;
/* The controller refused the ticket (reason, in the player's words: a voucher-refused audit row
 * too): the check closed; fate (may be NULL) is what the controller said of a ticket of this
 * machine (paid elsewhere, voided), recorded in the same transaction. */
store_status_t store_ticket_check_refused(store_t *s, const store_ticket_check_t *c,
                                          const char *reason, const store_ticket_fate_t *fate);
/* The controller's word on one of this machine's tickets: recorded once (*written false when it
 * was already: the same fate recorded, or the ticket settled here). A ticket this machine has
 * itself redeemed and the controller says another machine redeemed is recorded too, as
 * voucher-paid-twice, for the operator. */
store_status_t store_ticket_fate_record(store_t *s, const store_ticket_fate_t *f, bool *written);

/* ---- jackpot pools ---- */

/* The pool the rules play for, by key ("caribbean-live/jackpot", "caribbean-us/progressive"),
 * or NULL when they offer none. Keys name pools so that linked machines can later share one. */
const char *store_pool_key(const rules_t *rules);
/* Reads a pool (STORE_REFUSED when there is none by that key). */
store_status_t store_pool_read(store_t *s, const char *key, jackpot_pool_t *pool);
/* The pool for these rules, created at its seed (jackpot_seed / progressive_reset, counted as
 * seeded by the house, audited) when there is none yet. */
store_status_t store_pool_for_rules(store_t *s, const rules_t *rules, jackpot_pool_t *pool);
/* The operator's jackpot reset: raises the pool named by the rules to their seed (the house adds
 * the difference, counted as seeded), audited as jackpot-reset with the detail. Only between
 * games and when unlocked; refused when the pool already shows the seed or more, because the
 * displayed value never goes down except by a recorded win. *added gets what the house added. */
store_status_t store_pool_reseed(store_t *s, const rules_t *rules, const char *detail,
                                 int64_t *added);
/* Pools are written only by store_round_finish, in the round's transaction, and only if the
 * stored pool is still the one the round started from. */

/* ---- the round ---- */

/* Records a new round before any card is shown: r is fresh from round_init (betting, no bet),
 * its credits must be the stored ones, its pool the stored pool (store_pool_for_rules). The
 * rules, their hash, the deck, REPEAT's last bets and the pool are recorded. *game gets the
 * game number. */
store_status_t store_round_begin(store_t *s, const round_t *r, int64_t *game);

/* Checks the action against the rules of the round in play and commits it in its own
 * transaction. STORE_OK: committed, now show it (apply it to your round too, or read
 * store_round_in_play); STORE_REFUSED: the rules refused it (why: *why, may be NULL) and nothing
 * was written; STORE_FAULT: the write failed, void the round. ACT_VOID goes through
 * store_round_void. When the action settles the round, call store_round_finish before showing
 * the result. */
store_status_t store_round_action(store_t *s, const round_action_t *a, round_status_t *why);

/* Finishes a settled round in one transaction: history, every wager's result, meters, credits,
 * the pool, hand-pay locks. r (may be NULL) is the game's own copy; it must agree with what the
 * recorded actions give, or the round is not finished (STORE_FAULT: void it). */
store_status_t store_round_finish(store_t *s, const round_t *r);

/* Voids the round in play after a fault: every stake refunded, the round recorded as void with
 * the reason, the machine locked with the reason for an attendant, all in one transaction. If
 * that cannot be written, a small marker is tried so that the next start voids the round; if
 * not even that, the next start resumes the round at its last recorded action. */
store_status_t store_round_void(store_t *s, const char *reason);

/* After store_open: when a round is in play, rebuilds it into *round (round_init with rules and
 * *pool, then every recorded action through round_apply) so that the game resumes at the exact
 * point: *resumed = true. The round may already be settled (then store_round_finish it). The
 * rules must hash as the round's recorded rules, or STORE_FAULT (the configuration changed
 * mid-round: restore it, or an attendant voids the round). No round in play: *resumed = false. */
store_status_t store_recover(store_t *s, const rules_t *rules, round_t *round, jackpot_pool_t *pool,
                             bool *resumed);

int64_t store_game_in_play(const store_t *s);         /* 0 when none */
const round_t *store_round_in_play(const store_t *s); /* the store's own copy, NULL when none */
int store_round_action_count(const store_t *s);

/* REPEAT: the bets of the last finished round, as last_stakes[seat * WAGER_COUNT + wager]. */
store_status_t store_last_stakes(store_t *s, int64_t last_stakes[RULES_MAX_SEATS * WAGER_COUNT]);

/* ---- the linked progressive's outbox (store_link.c) ---- */

/* What a machine on a linked pool owes the link's controller. A settled round writes, in its own
 * transaction, an item per seat with a linked stake (its contribution) and per seat holding a
 * royal on it (its claim). Items are sent in order, the contributions at the head together, a
 * claim alone; the controller's answers to the oldest are written with store_link_sent
 * (contributions) or store_link_paid (a claim: the prize is paid to the seat in the same
 * transaction), after which the next ones are due. The controller
 * counts each (machine, game, seat) once, so an item sent again after a crash is safe. */
typedef enum store_link_kind { STORE_LINK_CONTRIBUTE = 0, STORE_LINK_CLAIM } store_link_kind_t;
typedef struct store_link_item {
    int64_t id; /* the order items are sent in */
    store_link_kind_t kind;
    int64_t game;
    int seat;
    int64_t stake; /* the seat's linked stake, minor units */
} store_link_item_t;
/* The items not answered yet, oldest first: up to max; returns how many, -1 on a read failure. */
int store_link_pending(store_t *s, store_link_item_t *out, int max);
/* The controller counted the n oldest items, contributions sent together (details[i]: the
 * figures of each, for the record), written in one transaction. Refused unless they are the
 * oldest not answered, in order. Allowed while a round is in play. */
#define STORE_LINK_BATCH 64
store_status_t store_link_sent(store_t *s, const store_link_item_t *items, int n,
                               const char *const *details);
/* The controller paid the oldest item, a claim, amount minor units: in one transaction the answer,
 * the meters linked_won and linked_hits, a link-paid audit row and the credits of the seat, and
 * a hand-pay lock when amount is at or above handpay_threshold (> 0). Refused while a round is in
 * play (pay between games). */
store_status_t store_link_paid(store_t *s, const store_link_item_t *item, int64_t amount,
                               int64_t handpay_threshold, const char *detail);

/* ---- a terminal at a shared table (store_table.c) ---- */

/* A terminal's credits stay in its store; what it stakes at a shared table (src/link/table.sql)
 * crosses as a transfer numbered by the store (its key at the table), recorded before it is sent:
 * store_table_send takes the credits and numbers it; the table's answer is written with
 * store_table_answered (a refused stake comes back in the same transaction); a round's result is
 * credited once with store_table_collected. Meters: table_out, table_in, table_transfers. */
typedef struct store_table_out {
    int64_t transfer;
    char tab[41];
    int64_t round;
    int step;     /* -1: the bets before the deal; 0..2: a decision's raise */
    int multiple; /* the raise's multiple (Cajun 1..3; PLAY and Asian RAISE 1) */
    int64_t stakes[WAGER_COUNT];
    int64_t total;
} store_table_out_t;
/* Between local games and not locked: the stakes (one per wager) leave the credits, numbered. */
store_status_t store_table_send(store_t *s, const char *tab, int64_t round, int step, int multiple,
                                const int64_t stakes[WAGER_COUNT], int64_t *transfer);
/* Table tab's transfers not answered yet, oldest first (up to max); -1 on a read failure. Each
 * table's transfers are answered in their order, the tables independently (a terminal at several
 * tables: one that does not answer holds up none of the others). */
int store_table_unanswered(store_t *s, const char *tab, store_table_out_t *out, int max);
/* The table's answer to its oldest unanswered transfer (refused: its stake back, with reason). */
store_status_t store_table_answered(store_t *s, int64_t transfer, bool accepted,
                                    const char *reason);
/* The tables where the terminal has money in play (a transfer not answered yet, or an accepted
 * stake in a round after the newest collected one): up to max names into tabs, the table staked
 * at most recently first; -1 on a read failure. A terminal started again goes back to them for
 * their results. */
int store_table_owed(store_t *s, char (*tabs)[41], int max);
/* The bets (step -1) sent to table tab for its round, unless refused: 1 with the transfer in
 * *out, 0 none, -1 on a read failure. A terminal started again in a round it had bet in knows its
 * bets from them (it sends no second set; its raises are worked out from these). */
int store_table_round_bets(store_t *s, const char *tab, int64_t round, store_table_out_t *out);
/* The newest round of table tab whose result was collected (0: none); -1 on a read failure. */
int64_t store_table_last_round(store_t *s, const char *tab);
/* A round of a table as the terminal recorded its result (the recall of a table's rounds). */
typedef struct store_table_result {
    char tab[41];
    char variant[16]; /* its game (rules_variant_key: caribbean, cajun, asian); "" in rows
                       * recorded before results named it, and unknown */
    int64_t round;
    int64_t utc;                 /* when it was collected (store_table_results) */
    char kind[16];               /* settled, void (the player's bets returned), cancelled */
    int64_t staked, total;       /* what the player staked in it, what came back */
    int64_t stakes[WAGER_COUNT]; /* per wager: the bets and the raises */
    int64_t returned[WAGER_COUNT];
    card_t cards[5];
    int ncards;
    card_t shared[5]; /* the dealer's hand, or Cajun Stud's board */
    int nshared;
    char decisions[64]; /* "0:play:1 1:fold:0" */
    char verdict[160];
} store_table_result_t;
/* A round's result: its total back on the credits, once (a round at or before the newest
 * collected one of the table is refused), recorded whole for recall; a win (total - staked) at
 * or above handpay_threshold (> 0) locks the machine for a hand pay. */
store_status_t store_table_collected(store_t *s, const store_table_result_t *r,
                                     int64_t handpay_threshold);
/* The rounds collected at table tab (NULL: at every table), newest first, skipping offset: up to
 * n; -1 on a read failure. A terminal at several tables shows a table's own rounds, or all of them
 * each with its table's name. */
int store_table_results(store_t *s, const char *tab, int64_t offset, int n,
                        store_table_result_t *out);
int64_t store_table_result_count(store_t *s, const char *tab); /* -1 on a read failure */

/* ---- locks ---- */

typedef enum store_lock_kind { STORE_LOCK_HANDPAY = 0, STORE_LOCK_FAULT } store_lock_kind_t;
typedef struct store_lock {
    int64_t id;
    store_lock_kind_t kind;
    int64_t game, utc;
    int seat;
    int64_t amount; /* the hand pay */
    char reason[STORE_MSG_LEN];
} store_lock_t;
/* Locks not cleared yet; returns how many (up to max), -1 on a read failure. */
int store_locks(store_t *s, store_lock_t *out, int max);
typedef enum store_clear {
    STORE_CLEAR_PAID_BY_HAND = 0, /* hand pay: the attendant paid the win (attendant_jackpots) */
    STORE_CLEAR_TO_CREDITS,       /* hand pay: the win stays on the credits */
    STORE_CLEAR_FAULT             /* fault: checked and cleared */
} store_clear_t;
store_status_t store_lock_clear(store_t *s, int64_t lock_id, store_clear_t how, const char *detail);

/* ---- audit ---- */

typedef enum store_audit_event {
    STORE_AUDIT_CONFIG_CHANGE = 0,
    STORE_AUDIT_CREDITS_ADDED,   /* by an attendant */
    STORE_AUDIT_CREDITS_REMOVED, /* by an attendant */
    STORE_AUDIT_JACKPOT_RESET,
    STORE_AUDIT_HANDPAY_CLEARED,
    STORE_AUDIT_FAULT,
    STORE_AUDIT_FAULT_CLEARED,
    STORE_AUDIT_DOOR_OPEN,
    STORE_AUDIT_DOOR_CLOSE,
    STORE_AUDIT_POWER_UP,
    STORE_AUDIT_ROUND_VOID,
    STORE_AUDIT_POOL_CREATED,
    STORE_AUDIT_OPERATOR,             /* anything else an operator did */
    STORE_AUDIT_VOUCHER_OUT,          /* a cash-out ticket recorded (store_ticket_out) */
    STORE_AUDIT_VOUCHER_IN,           /* a ticket redeemed (store_ticket_redeem) */
    STORE_AUDIT_VOUCHER_REFUSED,      /* a ticket inserted and refused, with the reason */
    STORE_AUDIT_VOUCHER_VOID,         /* a ticket voided (store_ticket_void) */
    STORE_AUDIT_VOUCHER_REPRINT,      /* a ticket reprinted (store_ticket_reprint) */
    STORE_AUDIT_VOUCHER_PRINT_FAILED, /* the printer failed a ticket (store_ticket_printed) */
    /* responsible gaming (src/machine/machine_rg.h): each row's detail ends with its figures in
     * braces ("{at=... ledger=...}") for the machine to read back after a restart */
    STORE_AUDIT_RG_SESSION_START,  /* a session began */
    STORE_AUDIT_RG_SESSION_PAUSE,  /* a desktop game was closed during a session */
    STORE_AUDIT_RG_SESSION_RESUME, /* and opened again before the session ended */
    STORE_AUDIT_RG_SESSION_END,    /* a session ended (cash-out, no credits, a break over) */
    STORE_AUDIT_RG_LIMIT,          /* limits set or changed, or a raised one in force */
    STORE_AUDIT_RG_LIMIT_REACHED,  /* a limit reached: betting stops for the break */
    STORE_AUDIT_RG_REALITY_CHECK,  /* a reality check shown */
    STORE_AUDIT_RG_REALITY_ANSWER, /* and answered: CONTINUE or CASH OUT */
    STORE_AUDIT_RG_COOL_OFF_START, /* a break (cool-off) taken by the player or the operator */
    STORE_AUDIT_RG_COOL_OFF_END,   /* the break over, or ended by the operator */
    STORE_AUDIT_COUNT
} store_audit_event_t;
const char *store_audit_name(store_audit_event_t e); /* "config-change", ... */

/* Appends an operator event (the store writes its own for what it does). */
store_status_t store_audit(store_t *s, store_audit_event_t event, const char *detail);
/* How many audit rows of this event there are (-1 on a read failure): the voucher sequence. */
int64_t store_audit_count(store_t *s, store_audit_event_t event);

/* Operator settings (volume, hint, attract, ...) live in the audit log itself: a change is one
 * config-change row "name=value (was old)", checksummed and append-only like every row, and the
 * value in force is the newest such row. store_setting_set refuses while a game is in play or
 * credits are on any seat (settings change only on an empty machine) and when the machine is
 * locked. store_setting_get returns false when the setting was never changed (use the
 * config's). Names are [a-z_.]+, values printable without spaces, each up to 63 bytes. */
store_status_t store_setting_set(store_t *s, const char *name, const char *value);
bool store_setting_get(store_t *s, const char *name, char *value, size_t cap);

typedef struct store_audit_row {
    int64_t id, utc, game;
    char event[32];
    char detail[STORE_MSG_LEN];
} store_audit_row_t;
/* The last n audit rows, newest first; returns how many, -1 on a read failure. */
int store_audit_read(store_t *s, store_audit_row_t *out, int n);
/* The newest audit row of one event: 1 (out filled), 0 when there is none, -1 on a read
 * failure (store_session.c). */
int store_audit_last(store_t *s, store_audit_event_t event, store_audit_row_t *out);

/* ---- the ledger since a point (store_session.c) ---- */

/* The newest ledger row's id (0: none yet): a point to sum the meters' movements from. */
store_status_t store_ledger_newest(store_t *s, int64_t *id);
/* What every meter moved by in the ledger rows after row `after` (every seat), by name (as
 * store_meter names them); returns how many meters moved (up to max), -1 on a read failure. A
 * session's figures: wagered.* and won.* are its bets and what they paid back, coin_in, bill_in,
 * voucher_in and attendant_in the money put in, credit_out, handpaid_credits,
 * cancelled_credits and attendant_jackpots what left the credits. */
int store_ledger_since(store_t *s, int64_t after, store_meter_value_t *out, int max);

/* ---- cache ---- */

/* Figures the machine works out from its configuration and keeps so that a start stays fast
 * (the exact par sheet of a pay table, by the digest of everything it depends on). A row is
 * signed like every other row, so a forged figure is a fault like any other edit. Names are
 * printable ASCII up to 127 bytes, values up to STORE_CACHE_LEN - 1 bytes of text. The cache
 * may be written while a round is in play (it moves no money). */
#define STORE_CACHE_LEN 4096
store_status_t store_cache_get(store_t *s, const char *name, char *value, size_t cap, bool *found);
store_status_t store_cache_put(store_t *s, const char *name, const char *value);

/* ---- history and recall ---- */

typedef struct store_seat_record {
    bool in_round;
    int64_t credits_before, credits_after;
    int64_t last_stake[WAGER_COUNT]; /* REPEAT's bets when the round began */
    int64_t stake[WAGER_COUNT], returned[WAGER_COUNT];
    round_outcome_t outcome[WAGER_COUNT];
    card_t cards[5];
    int ncards;
    int hand_value;
    bool folded, auto_folded;
    int64_t handpay;    /* the win that locked the machine, 0 = none */
    int64_t tax;        /* side-bet wins flagged for a tax form */
    int64_t commission; /* Asian Stud */
} store_seat_record_t;

typedef struct store_round_record {
    int64_t game;
    int64_t started_utc, finished_utc;
    char finished_text[32]; /* "2026-11-22 05:28:28 UTC" */
    bool is_void;
    char void_reason[STORE_MSG_LEN];
    char preset[32];
    uint8_t rules_hash[STORE_HASH_BYTES];
    rules_t rules; /* as recorded: recall replays with the rules the round was dealt under */
    deck_t deck;
    int nseats;
    int nactions;
    round_action_t actions[STORE_MAX_ACTIONS];
    store_seat_record_t seat[RULES_MAX_SEATS];
    card_t dealer[5];
    int ndealer;
    card_t board[3];
    int nboard;
    bool has_pool;
    char pool_key[64];
    jackpot_pool_t pool_before, pool_after;
} store_round_record_t;

/* The finished rounds, newest first, skipping `offset`: up to n into out; *count gets how many.
 * A record is large (about 12 KB): allocate arrays of them on the heap. */
store_status_t store_history(store_t *s, int n, int64_t offset, store_round_record_t *out,
                             int *count);
store_status_t store_history_game(store_t *s, int64_t game, store_round_record_t *out);
int64_t store_history_count(store_t *s); /* finished rounds, -1 on a read failure */

/* Rebuilds a recorded round through the core for a recall screen (out->rules points at
 * rec->rules: keep rec alive) and checks that it gives the recorded results. pool is scratch
 * space for the round's pool. */
store_status_t store_round_replay(const store_round_record_t *rec, round_t *out,
                                  jackpot_pool_t *pool, char *err, size_t errlen);

#endif
