/* strategy: the optimal decision at play time, for the hint, the attract demo and automated
 * play, from compact tables built once from the exact analysis.
 *
 * Caribbean Stud: PLAY every pair or better, FOLD everything below A-K; for A-K high the
 * exact decision is stored by (the other three ranks, the up card's rank, how many player
 * cards share the up card's suit, the player's longest suit): 42,900 cells of 2 bits. The few
 * cells where the suits decide further (16 with the classic pay table) keep the exact answer
 * for each suit pattern, keyed by the suit-symmetric form of the six cards. Built from one
 * run of the exact analysis (under a second), for the configured pay table.
 * Asian Stud: the decision for each multiset of card points (2,002 of them).
 * Cajun Stud: the first decision for each of the 169 hole-card classes; the second and third
 * decisions from the exact values of the 49 x 48 (or 48) remaining boards, a few thousand
 * table look-ups.
 *
 * strategy_decide() never enumerates for Caribbean or Asian Stud and never allocates. */
#ifndef STUDPOKER_STRATEGY_H
#define STUDPOKER_STRATEGY_H

#include <stdatomic.h>
#include <stdbool.h>

#include "card.h"
#include "rules.h"

typedef struct strategy strategy_t;

/* Builds the strategy for these rules (the variant and its pay table). NULL when memory runs
 * out. */
strategy_t *strategy_build(const rules_t *r);
/* The same, given up (NULL) as soon as `stop` becomes non-zero: the game builds its strategy
 * on a thread at start and must not hold up its own shutdown (SIGTERM) while it runs. */
strategy_t *strategy_build_until(const rules_t *r, const atomic_int *stop);
void strategy_free(strategy_t *s);

/* The optimal decision: 0 = FOLD, 1 = PLAY (Caribbean) / RAISE (Asian), 1..3 = RAISE that
 * multiple (Cajun). cards: the player's five cards (Caribbean, Asian) or two hole cards
 * (Cajun). shown: the dealer's up card (Caribbean) or the community cards shown so far
 * (Cajun: `step` of them); raises: Cajun's raises so far (`step` of them). */
int strategy_decide(const strategy_t *s, const card_t *cards, const card_t *shown, int step,
                    const int *raises);

/* The hint: the optimal decision and the expected result of each choice, in antes, for the
 * round's main bets (the ante and every decision bet; what is already staked counts as lost
 * on a fold). ev[0] is FOLD; ev[1] PLAY/RAISE (ev[1..3] the Cajun raises). The decision comes
 * from strategy_decide(); the values are counted exactly for this one position (Caribbean:
 * the 163,185 dealer hands; Cajun: the remaining boards; Asian: the dealer's point
 * multisets), a millisecond or so, for the screen only. Returns false on bad input. */
typedef struct strategy_advice {
    int decision;
    int noptions; /* 2, or 4 for Cajun */
    double ev[4];
} strategy_advice_t;

bool strategy_advise(const strategy_t *s, const card_t *cards, const card_t *shown, int step,
                     const int *raises, strategy_advice_t *out);

/* Caribbean: the number of (hand, up card) cells that needed the exact suit pattern, and
 * how many patterns were stored for them. */
int strategy_caribbean_exceptions(const strategy_t *s, int *patterns);

#endif
