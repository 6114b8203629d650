/* How big a win is, and the chips that make an amount (machine_moments.h). */
#include "machine_moments.h"

#include <string.h>

#include "eval.h"
#include "machine.h"
#include "nls.h"

/* A hand that won a bet, raising the tier it earns on its own: four of a kind a BIG WIN, a
 * straight flush or better a MEGA WIN, whatever the stake. The best one is kept. */
static void hand_won(machine_win_t *w, int *best, int level, const char *name, wager_t by) {
    if (level <= *best) return;
    *best = level;
    w->hand = name;
    w->by = by;
}

static int poker_level(eval_category_t c) {
    return c >= EVAL_STRAIGHT_FLUSH ? 2 : c == EVAL_QUADS ? 1 : 0;
}

/* The hands of the winning bets in scope: the main game's when its table's odds were paid (not
 * an ante paid 1 to 1 because the dealer did not qualify), the 5+1 BONUS's best five of six, the
 * JACKPOT's or PROGRESSIVE's five, the Asian bonus's joker hand. Returns the best level; *royal
 * says a JACKPOT or PROGRESSIVE bet won with a royal flush (its top prize). */
static int winning_hands(const round_t *r, int seat, bool main_only, machine_win_t *w,
                         bool *royal) {
    const round_seat_t *s = &r->seat[seat];
    int best = 0;
    *royal = false;
    rules_variant_t v = r->rules ? r->rules->variant : VARIANT_CARIBBEAN;
    wager_t main = v == VARIANT_CAJUN ? WAGER_ANTE : WAGER_PLAY;
    if (v != VARIANT_ASIAN && s->outcome[main] == OUTCOME_WIN && s->judged_odds[main] > 0) {
        eval_category_t c = eval_category(s->hand_value);
        hand_won(w, &best, poker_level(c), eval_category_name(c), main);
    }
    if (main_only || s->ncards != 5) return best;
    if (s->outcome[WAGER_BONUS51] == OUTCOME_WIN) {
        card_t six[6];
        memcpy(six, s->cards, 5);
        six[5] = r->dealer[0];
        eval_category_t c = eval_category(eval_best(six, 6, NULL));
        hand_won(w, &best, poker_level(c), eval_category_name(c), WAGER_BONUS51);
    }
    for (wager_t p = WAGER_JACKPOT; p <= WAGER_PROGRESSIVE; p++) {
        if (s->outcome[p] != OUTCOME_WIN) continue;
        eval_category_t c = eval_category(eval_value(s->cards, 5));
        hand_won(w, &best, poker_level(c), eval_category_name(c), p);
        *royal |= c == EVAL_ROYAL_FLUSH;
    }
    if (s->outcome[WAGER_ASIAN_BONUS] == OUTCOME_WIN) {
        eval_asian_bonus_t b = eval_asian_bonus(s->cards);
        int level = b >= EVAL_ABONUS_STRAIGHT_FLUSH ? 2 : b == EVAL_ABONUS_QUADS ? 1 : 0;
        hand_won(w, &best, level, eval_asian_bonus_name(b), WAGER_ASIAN_BONUS);
    }
    return best;
}

machine_win_t machine_win_of(const round_t *r, int seat, bool main_only) {
    machine_win_t w;
    memset(&w, 0, sizeof w);
    w.by = WAGER_ANTE;
    if (r->phase != ROUND_SETTLED || seat < 0 || seat >= r->nseats) return w;
    const round_seat_t *s = &r->seat[seat];
    for (int k = 0; k < WAGER_COUNT; k++) {
        wager_t x = (wager_t)k;
        if (!s->stake[x] || (main_only && !wager_is_main(x))) continue;
        w.staked += s->stake[x];
        if (s->outcome[x] != OUTCOME_WIN) continue;
        bool prize = x == WAGER_JACKPOT || x == WAGER_PROGRESSIVE; /* its stake is not returned */
        w.win += s->returned[x] - (prize ? 0 : s->stake[x]);
    }
    if (w.win <= 0) return w;
    w.tier = MACHINE_TIER_WIN;
    if (w.win >= MACHINE_BIG_TIMES * w.staked) w.tier = MACHINE_TIER_BIG;
    if (w.win >= MACHINE_MEGA_TIMES * w.staked) w.tier = MACHINE_TIER_MEGA;
    bool royal;
    int level = winning_hands(r, seat, main_only, &w, &royal);
    if (level == 1 && w.tier < MACHINE_TIER_BIG) w.tier = MACHINE_TIER_BIG;
    if (level == 2 && w.tier < MACHINE_TIER_MEGA) w.tier = MACHINE_TIER_MEGA;
    if (royal) w.tier = MACHINE_TIER_JACKPOT;
    return w;
}

const char *machine_tier_title(machine_tier_t t) {
    switch (t) {
    case MACHINE_TIER_WIN:
        return N_("WIN");
    case MACHINE_TIER_BIG:
        return N_("BIG WIN!");
    case MACHINE_TIER_MEGA:
        return N_("MEGA WIN!");
    case MACHINE_TIER_JACKPOT:
        return N_("JACKPOT!");
    default:
        return "";
    }
}

int machine_chip_stack(int64_t amount, int64_t *out, int max, int64_t *rest) {
    int n = 0;
    int64_t left = amount > 0 ? amount : 0;
    for (int i = MACHINE_CHIPS - 1; i >= 0; i--)
        while (left >= MACHINE_CHIP_VALUES[i] && n < max) {
            out[n++] = MACHINE_CHIP_VALUES[i];
            left -= MACHINE_CHIP_VALUES[i];
        }
    if (rest) *rest = left;
    return n;
}
