/* caribbean: the exact analysis of Caribbean Stud's main game.
 *
 * Every player hand and dealer up card against every dealer completion: 2,598,960 x 47 x
 * C(46,4) = 19,933,230,517,200 combinations, counted without dealing them. Player hands are
 * reduced by suit symmetry (134,459 classes); for each class the dealer hands holding a given
 * up card and none of the player's cards are counted by inclusion-exclusion over the player's
 * cards, from counters of how many dealer hands hold each set of 1..4 cards, built while all
 * hands are swept in order of value (so "dealer lower than the player" is what the counters
 * hold when the player's value is reached). Equal hands are counted from the hands of the
 * same value. Two threads split the range of values.
 *
 * The optimal decision compares PLAY with FOLD for each (hand, up card) exactly; the named
 * simple strategies are tallied in the same pass. Results are counts: the caller turns them
 * into a par sheet for a pay table (par.h). The cap on a bet's win (max_payout) depends on
 * the stake and is not part of these per-ante figures. */
#ifndef STUDPOKER_CARIBBEAN_H
#define STUDPOKER_CARIBBEAN_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#include "card.h"
#include "eval.h"
#include "par.h"

typedef enum car_strategy {
    CAR_OPTIMAL = 0,
    CAR_AKJ83, /* play A-K-J-8-3 or better, fold the rest */
    CAR_PAIR,  /* play a pair or better */
    CAR_ALWAYS,
    CAR_STRATEGIES
} car_strategy_t;

typedef struct car_tally {
    uint64_t fold;                 /* (hand, up card, completion) combinations folded */
    uint64_t not_qualify;          /* played, dealer does not qualify */
    uint64_t win[EVAL_CATEGORIES]; /* played, dealer qualifies, player higher: by category */
    uint64_t push;                 /* played, dealer qualifies, equal */
    uint64_t lose;                 /* played, dealer qualifies, dealer higher */
    uint64_t play;                 /* all played combinations */
    uint64_t decisions_play;       /* (hand, up card) pairs played, out of 122,151,120 */
    uint64_t evequal;              /* (hand, up card) pairs where PLAY and FOLD are equal */
} car_tally_t;

typedef struct car_result {
    int32_t pays[EVAL_CATEGORIES];
    car_tally_t tally[CAR_STRATEGIES];
    uint64_t total; /* 19,933,230,517,200 */
    int classes;    /* player hand classes analysed */
} car_result_t;

/* Called for every (player hand class, up card) with the exact expected result of PLAY in
 * 1/163,185 antes (FOLD is -163,185) and the class's number of hands. Called from the worker
 * threads: pass threads = 1 unless the callback is safe to run concurrently. */
typedef void (*car_visit_fn)(void *user, const card_t hand[5], card_t up, int64_t ev_play,
                             int weight);

/* Runs the analysis for a PLAY pay table (rules_t.main_pays) on `threads` threads (1 or 2;
 * more are allowed). Returns false when memory runs out, or when `stop` (may be NULL) becomes
 * non-zero: a program that is told to end need not wait for an analysis it no longer wants. */
bool car_analyse(const int32_t pays[EVAL_CATEGORIES], int threads, car_result_t *out);
bool car_analyse_visit(const int32_t pays[EVAL_CATEGORIES], int threads, car_result_t *out,
                       car_visit_fn visit, void *user, const atomic_int *stop);

/* The par sheet of one strategy: outcome lines per ante, expected wager and raise rate. */
void car_par_bet(const car_result_t *r, car_strategy_t s, par_bet_t *out);

const char *car_strategy_key(car_strategy_t s);  /* "optimal", "akj83", "pair", "always" */
const char *car_strategy_name(car_strategy_t s); /* "optimal", "raise A-K-J-8-3 or better" */

/* The lowest qualifying dealer hand's value (A-K-4-3-2) and A-K-J-8-3's value. */
int car_qualify_value(void);
int car_akj83_value(void);

#endif
