#include "advice.h"

#include <string.h>

/* Cajun's raises so far, in antes: the strategy's question is asked in antes, the round keeps
 * the stakes in money. */
static void cajun_raises(const round_t *r, int seat, int raises[3]) {
    const round_seat_t *st = &r->seat[seat];
    int64_t ante = st->stake[WAGER_ANTE] ? st->stake[WAGER_ANTE] : 1;
    raises[0] = raises[1] = raises[2] = 0;
    for (int k = 0; k < r->step && k < 3; k++)
        raises[k] = (int)(st->stake[WAGER_RAISE_1 + k] / ante);
}

/* What the strategy is shown: Caribbean the dealer's up card (the first of r->dealer), Cajun the
 * community cards turned so far; Asian Stud shows nothing, and one decision has no raises. */
int advice_decide(const strategy_t *s, const round_t *r, int seat) {
    if (!round_seat_can_decide(r, seat)) return -1;
    const card_t *cards = r->seat[seat].cards;
    if (r->rules->variant != VARIANT_CAJUN) return strategy_decide(s, cards, r->dealer, 0, NULL);
    int raises[3];
    cajun_raises(r, seat, raises);
    return strategy_decide(s, cards, r->board, r->step, raises);
}

bool advice_advise(const strategy_t *s, const round_t *r, int seat, strategy_advice_t *out) {
    if (!round_seat_can_decide(r, seat)) {
        memset(out, 0, sizeof *out);
        return false;
    }
    const card_t *cards = r->seat[seat].cards;
    if (r->rules->variant != VARIANT_CAJUN)
        return strategy_advise(s, cards, r->dealer, 0, NULL, out);
    int raises[3];
    cajun_raises(r, seat, raises);
    return strategy_advise(s, cards, r->board, r->step, raises, out);
}

round_action_t advice_action(const round_t *r, int seat, int decision) {
    if (decision <= 0) return round_simple(ACT_FOLD, seat);
    if (r->rules->variant == VARIANT_CAJUN) return round_raise(seat, decision);
    return round_simple(ACT_PLAY, seat);
}
