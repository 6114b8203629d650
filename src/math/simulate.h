/* simulate: rounds dealt from a seeded deck and played to the end through the real round engine
 * (round.h), one seat, the same bets every round, decided by a strategy through advice.h; the
 * results are summed exactly so that a command can set the measured return of each bet, with
 * its 99% interval, beside the exact par sheet. It is the check that the engine pays what the
 * analysis says, and the measure of how fast the engine plays (`studpoker bench simulate`).
 *
 * A run is a pure function of its setup: the rounds are split over the threads in a fixed way
 * and thread t deals from the seed seed * 1000003 + t, so a seed gives the same figures on every
 * machine for the same thread count. The JACKPOT or the US progressive starts each thread at the
 * configured seed (or reset) and grows from there. */
#ifndef STUDPOKER_SIMULATE_H
#define STUDPOKER_SIMULATE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "par.h"
#include "rules.h"
#include "strategy.h"

/* How the player decides: the optimal strategy, or a simple one the par sheet also counts. */
typedef enum simulate_play {
    SIMULATE_OPTIMAL = 0, /* strategy.h, every variant */
    SIMULATE_AKJ83,       /* Caribbean: PLAY with A-K-J-8-3 or better */
    SIMULATE_PAIR,        /* Caribbean: PLAY a pair or better */
    SIMULATE_ALWAYS,      /* Caribbean and Asian: PLAY / RAISE every hand */
    SIMULATE_PLAY_COUNT
} simulate_play_t;

/* "optimal", "akj83", "pair", "always" */
const char *simulate_play_key(simulate_play_t p);
bool simulate_play_from_key(const char *key, simulate_play_t *out);
/* Whether the variant can be played that way (every variant plays optimally). */
bool simulate_play_offered(rules_variant_t v, simulate_play_t p);
/* The par sheet's key of the main game played that way: "caribbean_optimal", "caribbean_pair",
 * "asian", "asian_always", "cajun". */
void simulate_main_key(rules_variant_t v, simulate_play_t p, char *buf, size_t n);

#define SIMULATE_MAX_THREADS 8

typedef struct simulate_setup {
    const rules_t *rules;       /* played with one seat, whatever rules->seats says */
    const strategy_t *strategy; /* built for these rules; needed unless every decision is simple */
    simulate_play_t play;
    uint64_t rounds; /* at least 1 */
    uint64_t seed;
    int threads;               /* 1 .. SIMULATE_MAX_THREADS */
    int64_t ante;              /* staked every round */
    int64_t side[WAGER_COUNT]; /* each side wager staked every round; 0: not placed */
} simulate_setup_t;

/* The bets a simulation places unless told otherwise: the minimum ante, and every offered side
 * bet at its minimum (the JACKPOT and the progressive at their fixed stakes). */
void simulate_default_stakes(const rules_t *r, simulate_setup_t *setup);

/* Exact sums over the rounds played. Index 0 is the main game (the ante and every decision
 * bet together); a side wager's index is its wager_t. Results are net, in minor units. */
typedef struct simulate_result {
    uint64_t played;
    par_int sum[WAGER_COUNT], sumsq[WAGER_COUNT];
    par_int wagered_main; /* the ante and the decision bets staked, in minor units */
} simulate_result_t;

/* Plays the rounds. Returns false, with what failed in err (an action the round refused, a
 * round that did not settle, a bad setup, no memory), else true with the sums in *out. */
bool simulate_run(const simulate_setup_t *setup, simulate_result_t *out, char *err, size_t errlen);

/* The measured return of a bet per stake (index 0: the main game, per ante; else the side
 * wager), and the half-width of its 99% confidence interval. */
typedef struct simulate_measure {
    long double measured;
    long double ci99;
} simulate_measure_t;

simulate_measure_t simulate_measure(const simulate_setup_t *setup, const simulate_result_t *res,
                                    int index);
/* The main game's average stake per round, in antes. */
long double simulate_average_wager(const simulate_setup_t *setup, const simulate_result_t *res);

#endif
