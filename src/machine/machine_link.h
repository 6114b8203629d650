/* machine_link: a machine on a linked progressive ([link] in the config).
 *
 * A thread of its own talks to the link's controller (src/link), so that the machine never waits
 * on the network: it connects (and again after any failure, every second), checks that the
 * controller knows this login as the configured machine, site and pool, reads the pool's meter
 * in the machine's currency and then follows it by LISTEN (every contribution or win anywhere on
 * the pool is pushed; nothing polls), and sends the items of the machine's outbox (store.h:
 * contributions and claims of settled rounds) in order: the contributions at its head together
 * in one transaction, a claim alone. The store stays on the machine's own thread:
 * machine_link_step, called every step, hands the oldest unsent items to the thread and writes
 * their answers (store_link_sent, or game_link_paid for a claim, which pays
 * the prize between games). An answer lost to a crash is asked for again: the controller counts
 * each item once and answers a repeat with its first answer.
 *
 * While the controller does not answer the machine shows LINK DOWN instead of a meter and, by
 * [link] on_loss, either takes no new game (lock) or plays on without the linked bet (bet_off).
 * A round already holding a linked bet always settles; its items wait in the outbox. */
#ifndef STUDPOKER_MACHINE_LINK_H
#define STUDPOKER_MACHINE_LINK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "config.h"
#include "store.h"

typedef struct mlink mlink_t;

/* What the link is doing, for the screen's words (the state's text is English, for the log). */
typedef enum mlink_state {
    MLINK_CONNECTING = 0, /* not reached the controller yet */
    MLINK_UP,             /* connected */
    MLINK_DOWN,           /* the controller does not answer (the text says what failed) */
    MLINK_REFUSED_LOGIN,  /* the controller knows this login as another machine, site or pool */
    MLINK_REFUSED_GAME,   /* the controller refuses a game's records (sent again every 30 s) */
    MLINK_NOT_STARTED     /* the link's thread could not start */
} mlink_state_t;

/* What the screen and the operator see of the link. */
typedef struct mlink_view {
    bool up;       /* the controller answers, and knows this machine as configured */
    bool known;    /* a meter has been read since the start */
    bool tried;    /* the thread has made its first attempt to reach the controller */
    int64_t value; /* the pool's top prize in the machine's currency, minor units, rounded down */
    int64_t hits;  /* top prizes won on the pool */
    int pending;   /* outbox items and ticket jobs not answered yet */
    int ticket_pending; /* of which the tickets' (registrations, a check, a void, fates) */
    char state[160];    /* "connected", or why not, in words an attendant can act on (English:
                           the log's; machine_link_state_words says it on screen) */
    mlink_state_t kind;
    int64_t refused_game; /* MLINK_REFUSED_GAME: the game whose records are refused */
    /* the newest top prize won anywhere on the pool (win_seq counts them since the start) */
    int64_t win_seq;
    char win_site[48], win_machine[48], win_currency[4];
    int64_t win_amount; /* in the winner's currency */
} mlink_view_t;

/* Starts the link's thread (NULL: no memory or no thread; err says so). currency: the machine's. */
mlink_t *mlink_start(const struct cfg_link *cfg, const char *currency, char *err, size_t errlen);
void mlink_stop(mlink_t *l);
void mlink_get_view(mlink_t *l, mlink_view_t *out);

/* The answer to an item, once the thread has it. */
typedef struct mlink_answer {
    store_link_item_t item;
    int64_t paid;     /* a claim: what the seat is paid, minor units */
    char detail[200]; /* the controller's figures, for the record */
} mlink_answer_t;

/* Hands the thread the oldest items to send (items: the outbox's oldest, n of them): the
 * contributions at its head go together, a claim alone. false while it holds others (or their
 * answers are not taken). */
bool mlink_offer(mlink_t *l, const store_link_item_t *items, int n);
/* The answers to the items offered, when there are (out: STORE_LINK_BATCH rows); returns how
 * many, 0: none yet. They stay until mlink_taken. */
int mlink_answer(mlink_t *l, mlink_answer_t *out);
/* The answers were written: the thread may take the next items. */
void mlink_taken(mlink_t *l);
/* How many items the machine still owes (for the view). */
void mlink_set_pending(mlink_t *l, int pending);

/* ---- tickets at the floor (machine_link_ticket.c) ----
 *
 * A linked machine's cash-out tickets are the floor's (src/link/controller_tickets.sql): every
 * ticket it prints is registered at the controller from the store's outbox; a ticket inserted,
 * this machine's or another's, is paid only once the controller has marked it redeemed by this
 * machine (the store records the check first, the answer closes it: a kill in between is asked
 * again); the operator's VOID goes to the controller first; what other machines or the
 * controller's operators did to this machine's tickets comes by notice, is recorded and
 * confirmed. While the link is down the machine takes no ticket, its own included: one of them
 * may have been paid elsewhere meanwhile. The thread does one job at a time, handed over like the
 * pool's items. */
typedef enum mlink_tk_kind {
    MLTK_NONE = 0,
    MLTK_REGISTER, /* tickets of the outbox */
    MLTK_REDEEM,   /* a ticket in, checked */
    MLTK_VOID,     /* the operator's VOID of a ticket of this machine */
    MLTK_PULL,     /* the fates of this machine's tickets it has not recorded */
    MLTK_TOLD      /* ... recorded now */
} mlink_tk_kind_t;
#define MLTK_BATCH 16
typedef struct mlink_tk_job {
    mlink_tk_kind_t kind;
    int n;                              /* REGISTER: reg; TOLD: told */
    store_ticket_reg_t reg[MLTK_BATCH]; /* REGISTER */
    int64_t expiry_seconds;             /* REGISTER: how long the tickets are good (0: ever) */
    store_ticket_check_t check;         /* REDEEM */
    char validation[20], reason[160];   /* VOID */
    char told[MLTK_BATCH][20];          /* TOLD */
} mlink_tk_job_t;
/* The controller's word on a ticket (link_ticket.h's outcomes). */
typedef enum mlink_tk_outcome {
    MLTK_PAID = 0,
    MLTK_UNKNOWN,
    MLTK_ALREADY,
    MLTK_VOIDED,
    MLTK_EXPIRED,
    MLTK_CURRENCY
} mlink_tk_outcome_t;
typedef struct mlink_tk_answer {
    mlink_tk_kind_t kind;
    bool refused; /* the controller refused the call (message): nothing was done there */
    char message[256];
    int n;                      /* REGISTER: tickets registered (the first n); PULL: fates */
    bool replay[MLTK_BATCH];    /* REGISTER */
    mlink_tk_outcome_t outcome; /* REDEEM, VOID */
    int64_t amount, at_utc;
    char currency[4], issuer[48], place[64];
    bool again;                            /* REDEEM, VOID: answered before (replay) */
    store_ticket_fate_t fates[MLTK_BATCH]; /* PULL */
} mlink_tk_answer_t;
/* Hands the thread a job (false while it holds one); a PULL takes the notice that made it due.
 * The job's answer is written by machine_link_tickets_step, which then takes it (the thread may
 * take the next job). */
bool mlink_tk_offer(mlink_t *l, const mlink_tk_job_t *job);
void mlink_tk_taken(mlink_t *l);
/* The controller said something changed for this machine's tickets (or the link came up). */
bool mlink_tk_pull_due(mlink_t *l);
/* What the machine still owes of its tickets (counted in the view's pending). */
void mlink_tk_set_pending(mlink_t *l, int pending);

/* The machine's side (machine.h's machine_t): starts the thread when the config has a link, stops
 * it, and every step writes the thread's answer and hands it the next item of the outbox. */
struct machine;
struct machine_events;
void machine_link_open(struct machine *m);
void machine_link_close(struct machine *m);
void machine_link_step(struct machine *m, struct machine_events *e);
/* Tickets at the floor, the machine's side (machine_link_ticket.c): whether this machine's
 * tickets go through a controller ([link] and a store); a ticket inserted, checked as far as the
 * machine can and then asked of the controller (MEV_TICKET_CHECKING, then MEV_TICKET_IN or
 * MEV_REFUSED when the answer comes); every step: the thread's answer written, the next job
 * handed over. */
bool machine_floor_tickets(const struct machine *m);
void machine_ticket_in_floor(struct machine *m, const char *text, struct machine_events *e);
bool machine_ticket_void_floor(struct machine *m, const char *digits, char *msg, size_t n);
void machine_link_tickets_step(struct machine *m, struct machine_events *e);

#endif
