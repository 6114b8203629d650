/* sidebets: exact returns of the side bets, by full enumeration of the cards they are judged
 * on (card removal is irrelevant to each: a side bet sees only its own cards, all equally
 * likely). Each fills a par_bet_t from the configured pay table in rules_t.
 *
 *   5+1 BONUS     all C(52,6) = 20,358,520 six-card sets (five cards and the up card)
 *   JACKPOT, US progressive   all C(52,5) player hands; the meter part separately
 *   Board Bonus   all C(52,3) boards;  Pocket Bonus: all C(52,2);  Lo Ball: all C(52,5)
 *   Asian bonus   all C(53,5) = 2,869,685 hands from the deck with the joker */
#ifndef STUDPOKER_SIDEBETS_H
#define STUDPOKER_SIDEBETS_H

#include "par.h"
#include "rules.h"

void side_bonus51(const rules_t *r, par_bet_t *out);
/* Live JACKPOT: fixed prizes in the lines; return = fixed + top and reserve shares (the long
 * run: everything funded to the top prize and its reserve is paid out). The meter figures
 * (return at a meter, break-even meter) treat the royal as winning the whole top prize. */
void side_jackpot(const rules_t *r, par_bet_t *out);
/* US progressive: fixed prizes in the lines, royal and straight flush shares of the meter as
 * meter_num / meter_den; long-run return adds the increment share and the reset seeding. */
void side_progressive(const rules_t *r, par_bet_t *out);
void side_board(const rules_t *r, par_bet_t *out);
void side_pocket(const rules_t *r, par_bet_t *out);
void side_loball(const rules_t *r, par_bet_t *out);
void side_asian_bonus(const rules_t *r, par_bet_t *out);

/* Counts of five-card hands by category over all C(52,5) hands. */
void side_count5(uint64_t counts[EVAL_CATEGORIES]);

#endif
