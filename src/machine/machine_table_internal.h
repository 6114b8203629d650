/* machine_table_internal: what machine_table.c (the machine's side), machine_table_link.c (the
 * terminal's thread) and machine_seats.c (a terminal at several tables, its lobby) share. */
#ifndef STUDPOKER_MACHINE_TABLE_INTERNAL_H
#define STUDPOKER_MACHINE_TABLE_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "config.h"
#include "game.h"
#include "machine_table.h"
#include "store.h"

#ifdef STUDPOKER_LINK
#include "link_table.h"

#define MT_ITEMS   8  /* transfers handed to the thread at once */
#define MT_RESULTS 16 /* results collected at once */

typedef struct mtable mtable_t;

/* A decision of the player's at a step: act 0 none, 'p' play (multiple x), 'f' fold, 'a' folded by
 * the table when the time ran out. */
typedef struct mdec {
    char act;
    int multiple;
} mdec_t;

/* The terminal's play of the table's round on the felt. */
struct mjoined {
    mtable_t *thread;
    char title[LT_TEXT_LEN];
    uint64_t view_seq;
    lt_view_t view;     /* the newest the thread read */
    int64_t view_at_ms; /* the machine's clock when it came */
    int64_t round;      /* the table's round the felt belongs to (0: none yet) */
    bool watching;      /* the round was past its betting when the felt met it */
    int64_t sent;       /* this round's bets: their transfer (0: not sent) */
    int64_t bets[WAGER_COUNT];
    int64_t staked; /* this round's stakes sent: bets and raise */
    bool dealt;     /* the felt shows the deal */
    mdec_t dec[3];  /* this round's decisions, by step (Cajun has three) */
    int shown_step; /* the felt shows the table's round up to this step */
    bool settled;   /* the felt shows the settlement */
    int64_t result_round, result_total, result_staked; /* the newest result collected */
    char result_verdict[LT_TEXT_LEN];
    int64_t result_returned[WAGER_COUNT];
    char result_kind[16];
    int64_t collected;      /* results collected since the start */
    rules_t rules2;         /* the table's rules for the replica's two seats */
    jackpot_pool_t scratch; /* the replica's pool (the table's is the linked one) */
    bool items_dirty;       /* the store's unanswered transfers may not be with the thread */
    char line[200];         /* what the table says to the player now */
    bool sticky;            /* the line stays until the player bets (a round settled while away) */
    bool away;    /* the felt's round was bet in before a restart and settled before it: its result
                   * is told in the line as well as on the felt */
    bool leaving; /* the player closed this table: it is left once its round is over */
};

typedef struct mt_answer {
    int64_t transfer;
    bool accepted;
    char reason[LT_TEXT_LEN];
} mt_answer_t;

/* The thread: sits at the table, follows it, sends what is offered, collects results. */
mtable_t *mtable_start(const char *url, const char *terminal, const char *tab, char *err,
                       size_t errlen);
void mtable_stop(mtable_t *t);
void mtable_state(mtable_t *t, bool *up, char *state, size_t n);
/* The newest view when it is newer than *seq (then *seq moves on). */
bool mtable_view(mtable_t *t, lt_view_t *out, uint64_t *seq);
/* The unanswered transfers to send, oldest first; false while earlier answers wait. */
bool mtable_offer(mtable_t *t, const store_table_out_t *items, int n);
int mtable_answers(mtable_t *t, mt_answer_t *out); /* MT_ITEMS rows */
void mtable_answers_taken(mtable_t *t);
void mtable_fold(mtable_t *t, int64_t round, int step);
void mtable_want_results(mtable_t *t, int64_t after);
int mtable_results(mtable_t *t, lt_result_t *out); /* MT_RESULTS rows; taken */
/* Nothing to send, nothing answered or collected waiting, and the table has no result after those
 * collected: the terminal's records are the table's. */
bool mtable_caught_up(mtable_t *t);
/* Sits at the table once, now: what it deals (info->config: link_table_free). False with err
 * saying why; *not_open (may be NULL) true when the controller answered that the table is not
 * open yet (its host has not published it). */
bool mtable_join_now(const char *url, const char *terminal, const char *tab, lt_table_t *info,
                     bool *not_open, char *err, size_t errlen);
/* How long a join tries a controller that cannot be reached, an attempt a second. */
#define MT_JOIN_TRIES_MS 30000
/* One attempt, no retry: LINK_OK (info filled: link_table_free), LINK_REFUSED (the controller
 * answered no; *not_open, when given, whether because the table is not open yet), LINK_DOWN (not
 * reached, or cut off); err says why. The lobby's joins try again themselves, so that a player can
 * give one up (machine_lobby.c). */
link_status_t mtable_join_once(const char *url, const char *terminal, const char *tab,
                               lt_table_t *info, bool *not_open, char *err, size_t errlen);
#endif

/* machine_table_words.c: a round's result as the player reads it ("Round 12: Flush: WIN
 * $10.00"), retold from the table's figures and its host's English verdict; why the table
 * refused a stake, in the player's words. */
const char *mt_verdict_words(const game_t *g, int64_t round, const char *kind, const char *verdict,
                             int64_t staked, int64_t total, int64_t jackpot, char *buf, size_t n);
const char *mt_reason_words(const char *reason);

#endif
