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
#include <stdint.h>

#include "config.h"
#include "store.h"

typedef struct mlink mlink_t;

/* What the screen and the operator see of the link. */
typedef struct mlink_view {
    bool up;        /* the controller answers, and knows this machine as configured */
    bool known;     /* a meter has been read since the start */
    int64_t value;  /* the pool's top prize in the machine's currency, minor units, rounded down */
    int64_t hits;   /* top prizes won on the pool */
    int pending;    /* outbox items not answered yet */
    char state[160]; /* "connected", or why not, in words an attendant can act on */
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
    int64_t paid;      /* a claim: what the seat is paid, minor units */
    char detail[200];  /* the controller's figures, for the record */
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

/* The machine's side (machine.h's machine_t): starts the thread when the config has a link, stops
 * it, and every step writes the thread's answer and hands it the next item of the outbox. */
struct machine;
struct machine_events;
void machine_link_open(struct machine *m);
void machine_link_close(struct machine *m);
void machine_link_step(struct machine *m, struct machine_events *e);

#endif
