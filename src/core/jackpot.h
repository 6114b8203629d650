/* jackpot: a progressive prize pool held as exact fixed-point integers.
 *
 * Values are kept in 1/10,000 of a minor unit ("frac"), so that a share given in basis points
 * of any stake in cents is an exact integer: 45% of a 0.25 stake is 112.5 cents, held exactly
 * as 1,125,000 frac. Nothing is ever rounded away: what a payout rounds down to the cent stays
 * in the pool. Two kinds of pool share this type: the live-style JACKPOT (top prize plus a
 * reserve that seeds the next one) and the US progressive meter (no reserve, a reset value).
 *
 * The pool's value never goes down except by a recorded payout; money the house puts in to
 * bring a pool up to its seed or reset value is counted in `seeded`. The round engine calls
 * contribute / claim; later the store persists the struct, and linked machines may keep the
 * pool elsewhere behind the same three operations. */
#ifndef STUDPOKER_JACKPOT_H
#define STUDPOKER_JACKPOT_H

#include <stdint.h>

#define JACKPOT_FRAC 10000 /* frac per minor unit */

typedef struct jackpot_pool {
    int64_t value;       /* top prize / meter, in frac */
    int64_t reserve;     /* seeds the next top prize (live style), in frac */
    int64_t contributed; /* total ever added from stakes, in frac */
    int64_t seeded;      /* total ever added by the house to reach the seed, in minor units */
    int64_t paid;        /* total ever paid to players from the pool, in minor units */
    int64_t hits;        /* top prizes won */
} jackpot_pool_t;

/* A new pool starting at `seed` minor units (counted as seeded by the house). */
void jackpot_init(jackpot_pool_t *p, int64_t seed);

/* The displayed value in minor units (rounded down). */
int64_t jackpot_read(const jackpot_pool_t *p);

/* Adds stake * value_bp / 10000 to the value and stake * reserve_bp / 10000 to the reserve,
 * exactly. Returns the frac added in all. */
int64_t jackpot_contribute(jackpot_pool_t *p, int64_t stake, int32_t value_bp, int32_t reserve_bp);

/* Pays out `amount` minor units of the value (at most what the pool holds, rounded down to the
 * cent); returns what it paid. */
int64_t jackpot_claim(jackpot_pool_t *p, int64_t amount);

/* After a top prize: the reserve moves into the value, and the house tops the value up to
 * `seed` minor units if it is below. Counts the hit. */
void jackpot_reset(jackpot_pool_t *p, int64_t seed);

#endif
