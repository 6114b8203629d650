/* cajun: Cajun Stud's main game under optimal play, exactly.
 *
 * Backward induction over the three community cards in dealing order, with card removal:
 * at the third decision the player knows two hole cards and two community cards and weighs
 * FOLD (losing the ante and the raises so far) against RAISE 1x, 2x or 3x over the 48 last
 * cards; the second and first decisions take the best continuation for each amount already
 * committed, since the best play depends on it. Hole cards are reduced by suit symmetry (169
 * classes); everything is integer: values at the first decision are in 1/(50*49*48) antes.
 * Equal choices take the larger wager (RAISE before FOLD, 3x before 1x): many positions tie
 * exactly (an expected result of 0 on the last card), and this is the convention of the
 * published figures for the same main game (Mississippi Stud: 4.91% of the ante, 3.59 antes
 * wagered on average, element of risk 1.37%); the house edge does not depend on it.
 * The aggregate limit depends on the stakes and all seats, so the figures are per ante
 * without it. */
#ifndef STUDPOKER_CAJUN_H
#define STUDPOKER_CAJUN_H

#include "par.h"
#include "rules.h"

/* Per ante: the outcome lines (combinations out of 1326 * 50 * 49 * 48), the expected wager
 * (ante + raises) and, in raise_count, the combinations that were raised at decision 1. */
void cajun_par(const rules_t *r, par_bet_t *out);

/* The best decision at decision step 0..2, given the hole cards, the community cards shown
 * (step of them) and the raises made so far (1..3 each, step of them): 0 = FOLD, or the raise
 * multiple 1..3. *ev gets the expected result of the round in antes (ante and every raise,
 * the folded amount counted as lost). Enumerates the remaining community cards: at most
 * 50 * 49 * 48 hands. */
int cajun_decide(const rules_t *r, const card_t hole[2], const card_t *board, int step,
                 const int *raises, double *ev);
/* The same with the expected result of every choice: options[0] FOLD, options[x] RAISE x. */
int cajun_decide_options(const rules_t *r, const card_t hole[2], const card_t *board, int step,
                         const int *raises, double options[4]);

/* The same from a prepared table of results by hand value (for play time: the second and
 * third decisions then look at 49 x 48 and 48 final hands, without allocating). */
typedef struct cajun_table {
    int8_t kind[EVAL_CLASSES + 1];
    int64_t res[11];
} cajun_table_t;
void cajun_table_init(const rules_t *r, cajun_table_t *t);
int cajun_decide_table(const cajun_table_t *t, const card_t hole[2], const card_t *board, int step,
                       const int *raises, double *ev, double options[4]);

#endif
