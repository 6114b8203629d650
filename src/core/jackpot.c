#include "jackpot.h"

#include <string.h>

void jackpot_init(jackpot_pool_t *p, int64_t seed) {
    memset(p, 0, sizeof *p);
    if (seed > 0) {
        p->value = seed * JACKPOT_FRAC;
        p->seeded = seed;
    }
}

int64_t jackpot_read(const jackpot_pool_t *p) {
    return p->value / JACKPOT_FRAC;
}

int64_t jackpot_contribute(jackpot_pool_t *p, int64_t stake, int32_t value_bp, int32_t reserve_bp) {
    /* frac per cent equals basis points per whole: stake * bp is exact in frac */
    int64_t to_value = stake * value_bp, to_reserve = stake * reserve_bp;
    p->value += to_value;
    p->reserve += to_reserve;
    p->contributed += to_value + to_reserve;
    return to_value + to_reserve;
}

int64_t jackpot_claim(jackpot_pool_t *p, int64_t amount) {
    int64_t available = jackpot_read(p);
    if (amount > available) amount = available;
    if (amount < 0) amount = 0;
    p->value -= amount * JACKPOT_FRAC;
    p->paid += amount;
    return amount;
}

void jackpot_reset(jackpot_pool_t *p, int64_t seed) {
    p->value += p->reserve;
    p->reserve = 0;
    int64_t floor_value = seed * JACKPOT_FRAC;
    if (p->value < floor_value) {
        /* the house puts in whole cents: round the top-up up so the pool reaches the seed */
        int64_t short_frac = floor_value - p->value;
        int64_t cents = (short_frac + JACKPOT_FRAC - 1) / JACKPOT_FRAC;
        p->value += cents * JACKPOT_FRAC;
        p->seeded += cents;
    }
    p->hits++;
}
