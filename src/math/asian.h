/* asian: Asian Stud's main game under optimal FOLD/RAISE, exactly.
 *
 * Everything in the main game depends only on card points, so hands are counted as multisets
 * of points (ace and joker 1 point: 5 cards; 2..9: 4 each; ten and pictures: 16) with their
 * numbers of combinations: every player hand against every dealer hand of the 48 remaining
 * cards, C(53,5) x C(48,5) = 4,913,773,104,240 deals. The player raises when raising is worth
 * at least as much as folding (-1 ante), exactly (equal choices raise, as in Cajun Stud).
 *
 * Two readings of the settlement are available: ASIAN_ODDS_BOTH (rules.md: the margin odds on
 * ante and raise; what the round engine pays) and ASIAN_ODDS_ONE (the odds on one bet and
 * 1 to 1 on the other), which the seed's "about 1.2%" appears to assume. The commission is the
 * configured rate on the player's winnings, taken exactly (the machine rounds it down to the
 * cent, which makes it slightly smaller for stakes that are not multiples of 20 cents). */
#ifndef STUDPOKER_ASIAN_H
#define STUDPOKER_ASIAN_H

#include "par.h"
#include "rules.h"

typedef enum asian_reading { ASIAN_ODDS_BOTH = 0, ASIAN_ODDS_ONE } asian_reading_t;

void asian_par(const rules_t *r, asian_reading_t reading, int32_t commission_bp, par_bet_t *out);

/* The best decision for five cards (the joker counts 1 point): true = RAISE. *ev gets the
 * expected result of raising, in antes (folding is -1). */
bool asian_decide(const rules_t *r, const card_t cards[5], double *ev);

#endif
