#include "simulate.h"

#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "advice.h"
#include "eval.h"
#include "jackpot.h"
#include "rng.h"
#include "round.h"

static const char *const PLAY_KEYS[SIMULATE_PLAY_COUNT] = {"optimal", "akj83", "pair", "always"};

const char *simulate_play_key(simulate_play_t p) {
    return p >= 0 && p < SIMULATE_PLAY_COUNT ? PLAY_KEYS[p] : "?";
}

bool simulate_play_from_key(const char *key, simulate_play_t *out) {
    for (int i = 0; i < SIMULATE_PLAY_COUNT; i++)
        if (strcmp(key, PLAY_KEYS[i]) == 0) {
            *out = (simulate_play_t)i;
            return true;
        }
    return false;
}

bool simulate_play_offered(rules_variant_t v, simulate_play_t p) {
    /* Asian Stud: the par sheet also counts raising every hand */
    return p == SIMULATE_OPTIMAL || (v == VARIANT_CARIBBEAN && p < SIMULATE_PLAY_COUNT) ||
           (v == VARIANT_ASIAN && p == SIMULATE_ALWAYS);
}

void simulate_main_key(rules_variant_t v, simulate_play_t p, char *buf, size_t n) {
    bool named = v == VARIANT_CARIBBEAN || p == SIMULATE_ALWAYS;
    snprintf(buf, n, "%s%s%s", rules_variant_key(v), named ? "_" : "",
             named ? simulate_play_key(p) : "");
}

void simulate_default_stakes(const rules_t *r, simulate_setup_t *setup) {
    setup->ante = r->bet_min[WAGER_ANTE];
    memset(setup->side, 0, sizeof setup->side);
    for (int w = WAGER_BONUS51; w < WAGER_COUNT; w++)
        if (r->offered[w]) setup->side[w] = r->bet_min[w];
    if (r->offered[WAGER_JACKPOT]) setup->side[WAGER_JACKPOT] = r->jackpot_stake;
    if (r->offered[WAGER_PROGRESSIVE]) setup->side[WAGER_PROGRESSIVE] = r->progressive_stake;
}

/* ---- one thread's share ---- */

typedef struct sim_job {
    const simulate_setup_t *setup;
    const rules_t *rules; /* the setup's, with one seat */
    int akj83;            /* the value of A-K-J-8-3, for SIMULATE_AKJ83 */
    uint64_t rounds;
    int thread;
    simulate_result_t res;
    bool failed;
    char err[160];
} sim_job_t;

/* Running sums of one bet's results and their squares: int64 while they fit (the results of
 * a round are cents), folded into the 128-bit totals when the next one would not, so the
 * totals are exact and the common case is two plain additions. */
typedef struct sim_tally {
    int64_t sum, sumsq;
} sim_tally_t;

static inline void sim_add(int64_t *acc, par_int *total, int64_t x) {
    int64_t next;
    if (__builtin_add_overflow(*acc, x, &next))
        *total += *acc, *acc = x;
    else
        *acc = next;
}

static inline void sim_tally(sim_tally_t *t, par_int *sum, par_int *sumsq, int64_t x) {
    int64_t sq;
    if (__builtin_mul_overflow(x, x, &sq))
        *sumsq += (par_int)x * x;
    else
        sim_add(&t->sumsq, sumsq, sq);
    sim_add(&t->sum, sum, x);
}

static int sim_decide(const sim_job_t *j, const round_t *rd) {
    switch (j->setup->play) {
    case SIMULATE_OPTIMAL:
        return advice_decide(j->setup->strategy, rd, 0);
    case SIMULATE_AKJ83:
        return eval_value(rd->seat[0].cards, 5) >= j->akj83;
    case SIMULATE_PAIR:
        return eval_category(eval_value(rd->seat[0].cards, 5)) >= EVAL_PAIR;
    default:
        return 1;
    }
}

/* Applies one action; a refusal (which a simulated round never meets) stops the job. */
static bool sim_act(sim_job_t *j, round_t *rd, round_action_t a) {
    round_status_t st = round_apply(rd, &a);
    if (!st.refusal) return true;
    snprintf(j->err, sizeof j->err, "round refused an action: %s", st.message);
    j->failed = true;
    return false;
}

/* Bets, deals and decides one round to its end. */
static bool sim_round(sim_job_t *j, round_t *rd, const wager_t *sides, int nsides) {
    const simulate_setup_t *su = j->setup;
    if (!sim_act(j, rd, round_bet(0, WAGER_ANTE, su->ante))) return false;
    for (int i = 0; i < nsides; i++)
        if (!sim_act(j, rd, round_bet(0, sides[i], su->side[sides[i]]))) return false;
    if (!sim_act(j, rd, round_simple(ACT_DEAL, 0))) return false;
    while (rd->phase == ROUND_DECIDING) {
        int d = sim_decide(j, rd);
        if (d < 0) {
            snprintf(j->err, sizeof j->err, "the round asked for a decision it cannot take");
            j->failed = true;
            return false;
        }
        if (!sim_act(j, rd, advice_action(rd, 0, d))) return false;
    }
    if (rd->phase == ROUND_SETTLED) return true;
    snprintf(j->err, sizeof j->err, "the round did not settle");
    j->failed = true;
    return false;
}

static void *sim_run(void *arg) {
    sim_job_t *j = arg;
    const rules_t *ru = j->rules;
    simulate_result_t *res = &j->res;
    rng_t rng;
    rng_init_seed_u64(&rng, j->setup->seed * 1000003u + (uint64_t)j->thread);
    jackpot_pool_t pool;
    bool live = ru->offered[WAGER_JACKPOT];
    jackpot_init(&pool, live ? ru->jackpot_seed : ru->progressive_reset);
    round_t *rd = malloc(sizeof *rd);
    if (!rd) {
        snprintf(j->err, sizeof j->err, "out of memory");
        j->failed = true;
        return NULL;
    }
    /* the side bets this job places, in wager order */
    int nsides = 0;
    wager_t sides[WAGER_COUNT];
    for (int w = WAGER_BONUS51; w < WAGER_COUNT; w++)
        if (j->setup->side[w]) sides[nsides++] = (wager_t)w;
    sim_tally_t tally[WAGER_COUNT];
    memset(tally, 0, sizeof tally);
    int64_t wagered = 0;
    /* at least the cards a round of one seat deals (5 + 5, or 2 + 3); Cajun shuffles as far as
     * the others too, so a seed deals what it always dealt */
    const int used = 10;
    deck_t deck;
    int64_t credits[1] = {INT64_C(1) << 50};
    uint64_t n = 0; /* rounds played to the end */
    for (; n < j->rounds; n++) {
        if (ru->variant == VARIANT_ASIAN)
            deck_init53(&deck);
        else
            deck_init52(&deck);
        /* only the first `used` cards are dealt, and a front-only Fisher-Yates makes exactly
         * those as uniform as a full shuffle (see rng.h); the deck stays a whole deck */
        rng_shuffle_front(&rng, deck.cards, deck.count, used);
        if (!round_init(rd, ru, &deck, 1, credits, NULL, &pool, j->err, sizeof j->err)) {
            j->failed = true;
            break;
        }
        rd->quiet = true; /* the tallies read the seat's stakes and returns, not the events */
        if (!sim_round(j, rd, sides, nsides)) break;
        const round_seat_t *s = &rd->seat[0];
        int64_t main = 0, wag = 0;
        for (int w = WAGER_ANTE; w <= WAGER_RAISE_3; w++) {
            main += s->returned[w] - s->stake[w];
            wag += s->stake[w];
        }
        sim_tally(&tally[0], &res->sum[0], &res->sumsq[0], main);
        sim_add(&wagered, &res->wagered_main, wag);
        for (int i = 0; i < nsides; i++) {
            int w = sides[i];
            sim_tally(&tally[w], &res->sum[w], &res->sumsq[w], s->returned[w] - s->stake[w]);
        }
    }
    res->played = n;
    for (int w = 0; w < WAGER_COUNT; w++)
        res->sum[w] += tally[w].sum, res->sumsq[w] += tally[w].sumsq;
    res->wagered_main += wagered;
    free(rd);
    return NULL;
}

/* ---- the run ---- */

static bool check_setup(const simulate_setup_t *su, char *err, size_t errlen) {
    const char *why = NULL;
    if (!su->rules)
        why = "no rules";
    else if (su->rounds == 0)
        why = "no rounds to play";
    else if (su->threads < 1 || su->threads > SIMULATE_MAX_THREADS)
        why = "the thread count is not 1 to 8";
    else if (!simulate_play_offered(su->rules->variant, su->play))
        why = "the game cannot be played that way";
    else if (su->play == SIMULATE_OPTIMAL && !su->strategy)
        why = "the optimal strategy is not built";
    else if (su->ante <= 0)
        why = "no ante";
    if (why) snprintf(err, errlen, "%s", why);
    return !why;
}

bool simulate_run(const simulate_setup_t *setup, simulate_result_t *out, char *err, size_t errlen) {
    memset(out, 0, sizeof *out);
    if (!check_setup(setup, err, errlen)) return false;
    static const card_t akj83[5] = {1 * 4 + 0, 6 * 4 + 1, 9 * 4 + 2, 11 * 4 + 3, 12 * 4 + 0};
    rules_t rules = *setup->rules;
    rules.seats = 1;
    int threads = setup->threads;
    sim_job_t jobs[SIMULATE_MAX_THREADS];
    pthread_t tid[SIMULATE_MAX_THREADS];
    memset(jobs, 0, sizeof jobs);
    for (int t = 0; t < threads; t++) {
        sim_job_t *j = &jobs[t];
        j->setup = setup;
        j->rules = &rules;
        j->akj83 = eval_value(akj83, 5);
        j->rounds =
            setup->rounds / (uint64_t)threads + ((uint64_t)t < setup->rounds % (uint64_t)threads);
        j->thread = t;
    }
    /* the calling thread plays the first share; a thread that cannot start is played here too */
    int started = 0;
    for (int t = 1; t < threads; t++) {
        if (pthread_create(&tid[t], NULL, sim_run, &jobs[t]) != 0) break;
        started = t;
    }
    sim_run(&jobs[0]);
    for (int t = 1; t <= started; t++) pthread_join(tid[t], NULL);
    for (int t = started + 1; t < threads; t++) sim_run(&jobs[t]);
    for (int t = 0; t < threads; t++) {
        const sim_job_t *j = &jobs[t];
        if (j->failed) {
            snprintf(err, errlen, "%s", j->err);
            memset(out, 0, sizeof *out);
            return false;
        }
        for (int w = 0; w < WAGER_COUNT; w++)
            out->sum[w] += j->res.sum[w], out->sumsq[w] += j->res.sumsq[w];
        out->wagered_main += j->res.wagered_main;
        out->played += j->res.played;
    }
    return true;
}

simulate_measure_t simulate_measure(const simulate_setup_t *setup, const simulate_result_t *res,
                                    int index) {
    int64_t base = index == 0 ? setup->ante : setup->side[index];
    long double n = (long double)res->played;
    long double mean = par_to_ld(res->sum[index]) / n / (long double)base;
    long double var = par_to_ld(res->sumsq[index]) / n / ((long double)base * base) - mean * mean;
    simulate_measure_t m;
    m.measured = 1.0L + mean;
    m.ci99 = 2.5758293L * sqrtl(var > 0 ? var : 0) / sqrtl(n);
    return m;
}

long double simulate_average_wager(const simulate_setup_t *setup, const simulate_result_t *res) {
    return par_to_ld(res->wagered_main) / (long double)res->played / (long double)setup->ante;
}
