/* advice: the strategy (strategy.h) asked about a round in play (round.h), and its answer
 * turned back into the round's action. The strategy speaks in cards: the seat's cards, what is
 * shown (the dealer's up card in Caribbean Stud, the community cards turned so far in Cajun
 * Stud, nothing in Asian Stud), the decision step and the raises already made, in antes. The
 * round holds all of that in its own shape; this module is the one translation between the two,
 * so the hint on the table, the autoplay and the simulator (simulate.h) play one strategy.
 *
 * A decision is 0 = FOLD, 1 = PLAY (Caribbean) / RAISE (Asian), 1..3 = RAISE that multiple
 * (Cajun), as strategy_decide() gives it. The functions only read the round. */
#ifndef STUDPOKER_ADVICE_H
#define STUDPOKER_ADVICE_H

#include <stdbool.h>

#include "round.h"
#include "strategy.h"

/* The optimal decision for `seat`, or -1 when it is not that seat's turn to decide. Never
 * enumerates for Caribbean or Asian Stud and never allocates: the simulator calls it for
 * every hand. */
int advice_decide(const strategy_t *s, const round_t *r, int seat);

/* The hint for `seat`: the decision and the value of each choice (strategy_advise()). Returns
 * false, with *out cleared, when it is not that seat's turn or the position is not one the
 * strategy knows. */
bool advice_advise(const strategy_t *s, const round_t *r, int seat, strategy_advice_t *out);

/* The round action that carries out `decision` for `seat`: FOLD, PLAY, or Cajun's RAISE of
 * that multiple. */
round_action_t advice_action(const round_t *r, int seat, int decision);

#endif
