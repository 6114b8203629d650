/* machine_link_internal: what machine_link.c and machine_link_ticket.c share: the link's thread
 * and its hand-over with the machine's thread (machine_link.h). */
#ifndef STUDPOKER_MACHINE_LINK_INTERNAL_H
#define STUDPOKER_MACHINE_LINK_INTERNAL_H

#include <pthread.h>

#include "link.h"
#include "machine_link.h"

struct mlink {
    struct cfg_link cfg;
    char currency[4];
    pthread_t thread;
    pthread_mutex_t mu;
    pthread_cond_t cv;
    bool stop;

    /* under mu: what the machine's thread reads and writes */
    mlink_view_t view;
    int nitems; /* the items offered (0: none), consecutive contributions or one claim */
    bool answered;
    store_link_item_t items[STORE_LINK_BATCH];
    mlink_answer_t answers[STORE_LINK_BATCH];

    /* the thread's own */
    link_t *conn;
    int64_t rate_num, rate_den;    /* one minor unit of the pool's currency in the machine's */
    int64_t seen_value, seen_hits; /* the pool as last shown (frac), to order the notices */
    bool announce_due;             /* stakes counted that no notice is known to cover yet */
    int64_t announce_at;           /* when to ask the controller (ms, monotonic) */
    char since[LINK_SINCE_LEN];    /* the controller's instant of the first asking, or "" */

    /* tickets at the floor (machine_link_ticket.c), under mu */
    mlink_tk_job_t tk_job; /* kind MLTK_NONE: none held */
    bool tk_answered;
    mlink_tk_answer_t tk_answer;
    bool tk_pull_due; /* connected, or told of a change: read the fates */
    int tk_pending;   /* what the machine still owes (mlink_tk_set_pending) */
};

/* The thread's side of the tickets: after every (re)connection (LISTEN to this machine's
 * tickets, their fates due to be read), and on every turn (the job held, done: LINK_DOWN when the
 * link dropped, the job kept for the next connection). */
link_status_t mltk_thread_up(mlink_t *l);
link_status_t mltk_thread_step(mlink_t *l);

#endif
