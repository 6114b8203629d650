#include "advice.h"

#include <string.h>

/* The question in the strategy's terms: what is shown, and the raises made so far in antes
 * (Cajun; the others have one decision at step 0). */
static const card_t *question(const round_t *r, int seat, int raises[3]) {
    const round_seat_t *st = &r->seat[seat];
    raises[0] = raises[1] = raises[2] = 0;
    if (r->rules->variant != VARIANT_CAJUN) return r->dealer;
    int64_t ante = st->stake[WAGER_ANTE] ? st->stake[WAGER_ANTE] : 1;
    for (int k = 0; k < r->step && k < 3; k++)
        raises[k] = (int)(st->stake[WAGER_RAISE_1 + k] / ante);
    return r->board;
}

int advice_decide(const strategy_t *s, const round_t *r, int seat) {
    if (!round_seat_can_decide(r, seat)) return -1;
    int raises[3];
    const card_t *shown = question(r, seat, raises);
    return strategy_decide(s, r->seat[seat].cards, shown, r->step, raises);
}

bool advice_advise(const strategy_t *s, const round_t *r, int seat, strategy_advice_t *out) {
    if (!round_seat_can_decide(r, seat)) {
        memset(out, 0, sizeof *out);
        return false;
    }
    int raises[3];
    const card_t *shown = question(r, seat, raises);
    return strategy_advise(s, r->seat[seat].cards, shown, r->step, raises, out);
}

round_action_t advice_action(const round_t *r, int seat, int decision) {
    if (decision <= 0) return round_simple(ACT_FOLD, seat);
    if (r->rules->variant == VARIANT_CAJUN) return round_raise(seat, decision);
    return round_simple(ACT_PLAY, seat);
}
