/* asian: Asian Stud's main game under optimal FOLD/RAISE, exactly.
 *
 * Everything in the main game depends only on card points, so hands are counted as multisets
 * of points (ace and joker 1 point: 5 cards; 2..9: 4 each; ten and pictures: 16) with their
 * numbers of combinations: every player hand against every dealer hand of the 48 remaining
 * cards, C(53,5) x C(48,5) = 4,913,773,104,240 deals. The player raises when raising is worth
 * at least as much as folding (-1 ante), exactly (equal choices raise, as in Cajun Stud).
 *
 * Two readings of the settlement (rules_t.asian_odds_on_ante): ASIAN_ODDS_RAISE, the house rule
 * of rules.md (the ante wins 1 to 1, the raise wins the margin odds; every preset), and
 * ASIAN_ODDS_BOTH, the literal reading of seed 004 (the margin odds on ante and raise), which
 * returns over 100% at the preset's odds and commission. The commission is the configured rate
 * on the player's net win of the round, taken exactly (the machine rounds it down to the cent,
 * which leaves the player the fraction of a cent when there is one). */
#ifndef STUDPOKER_ASIAN_H
#define STUDPOKER_ASIAN_H

#include "par.h"
#include "rules.h"

typedef enum asian_reading { ASIAN_ODDS_RAISE = 0, ASIAN_ODDS_BOTH = 1 } asian_reading_t;

/* The reading these rules configure. */
asian_reading_t asian_reading(const rules_t *r);

/* The main game's par figures for a reading and commission (basis points): with the optimal
 * strategy for that reading and commission, or raising every hand (raise_always). */
void asian_par(const rules_t *r, asian_reading_t reading, int32_t commission_bp, bool raise_always,
               par_bet_t *out);

/* The best decision for five cards (the joker counts 1 point) under the configured reading and
 * commission: true = RAISE. *ev gets the expected result of raising, in antes (folding is -1). */
bool asian_decide(const rules_t *r, const card_t cards[5], double *ev);

#endif
