/* `studpoker parsheet` and `studpoker bench parsheet`: the exact par sheet of a config's game,
 * as a readable table or as JSON, and how long the exact analyses take. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>
#include <pthread.h>
#include <time.h>

#include "cli.h"
#include "config.h"
#include "jackpot.h"
#include "par.h"
#include "parsheet.h"
#include "rng.h"
#include "round.h"
#include "strategy.h"

static double now_seconds(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Loads --config FILE or --preset NAME (default: the classic preset). Returns 0 or the exit
 * status; *name gets what the rules came from. */
static int load_rules(const char *config, const char *preset, rules_t *out, const char **name) {
    if (config) {
        cfg_t *cfg = malloc(sizeof *cfg);
        cfg_errors_t *errs = malloc(sizeof *errs);
        if (!cfg || !errs) {
            free(cfg);
            free(errs);
            fprintf(stderr, "studpoker: out of memory\n");
            return 1;
        }
        int n = cfg_load_file(config, cfg, errs);
        if (n) {
            cfg_errors_print(errs, stderr);
            fprintf(stderr, "%s: %d error%s; fix the config and run again\n", config, n,
                    n == 1 ? "" : "s");
        } else
            *out = cfg->rules;
        free(cfg);
        free(errs);
        *name = config;
        return n ? 2 : 0;
    }
    rules_preset_t p = PRESET_CARIBBEAN_CLASSIC;
    if (preset && !rules_preset_from_key(preset, &p)) {
        fprintf(stderr, "studpoker: unknown preset '%s' (one of:", preset);
        for (int i = 0; i < PRESET_COUNT; i++)
            fprintf(stderr, " %s", rules_preset_key((rules_preset_t)i));
        fprintf(stderr, ")\n");
        return 2;
    }
    rules_preset(out, p);
    *name = rules_preset_key(p);
    return 0;
}

static long double line_return(const par_bet_t *b, const par_line_t *l) {
    return par_to_ld(par_line_result(l)) / (par_to_ld(b->total) * (long double)b->scale);
}

static long double line_result(const par_bet_t *b, const par_line_t *l) {
    if (l->count == 0) return (long double)l->win_num / (long double)b->scale;
    return par_to_ld(par_line_result(l)) / (par_to_ld(l->count) * (long double)b->scale);
}

static void print_bet_text(const par_bet_t *b, bool info, const rules_t *r) {
    char buf[41];
    printf("\n== %s%s ==\n", b->name, info ? " (for comparison)" : "");
    if (b->fixed_prize)
        printf("results per %s stake; prizes are totals, the stake is not returned\n", r->currency);
    printf("%-44s %22s %14s %12s %12s\n", "outcome", "combinations", "probability",
           b->fixed_prize ? "net result" : "result", "return");
    for (int i = 0; i < b->nlines; i++) {
        const par_line_t *l = &b->line[i];
        printf("%-44s %22s %14.10Lf %12.6Lf %12.8Lf\n", l->name, par_int_str(l->count, buf),
               par_to_ld(l->count) / par_to_ld(b->total), line_result(b, l), line_return(b, l));
    }
    printf("%-44s %22s\n", "total", par_int_str(b->total, buf));
    printf("house edge %.6Lf%%   return %.6Lf%%", 100.0L * par_house_edge(b),
           100.0L * par_return(b));
    if (b->has_wager)
        printf("   (per ante)\nelement of risk %.6Lf%%   return per total wager %.6Lf%%   "
               "average wager %.6Lf antes",
               100.0L * par_element_of_risk(b), 100.0L * par_return_per_wager(b), par_avg_wager(b));
    if (b->has_raise)
        printf("\nraises (plays) %.6Lf%% of hands",
               100.0L * par_to_ld(b->raise_count) / par_to_ld(b->total));
    printf("\n");
    if (b->has_meter) {
        long double be = par_break_even_meter(b);
        printf("fixed prizes alone return %.6Lf%%; the meter adds %.10Lg x meter / stake\n",
               100.0L * (1.0L + par_ev_ld(b)), par_to_ld(b->meter_num) / par_to_ld(b->meter_den));
        int64_t meters[] = {r->jackpot_seed, r->progressive_reset, 1000000, 10000000};
        for (size_t i = 0; i < sizeof meters / sizeof meters[0]; i++) {
            bool seen = meters[i] <= 0;
            for (size_t j = 0; j < i; j++) seen = seen || meters[j] == meters[i];
            if (seen) continue;
            printf("  meter %14.2f: return %.6Lf%%\n", (double)meters[i] / 100.0,
                   100.0L * par_return_at_meter(b, meters[i]));
        }
        if (be >= 0)
            printf("break-even meter (return 100%%): %.2Lf %s\n", be / 100.0L, r->currency);
    }
    if (b->note[0]) printf("note: %s\n", b->note);
}

static void print_bet_json(const par_bet_t *b, bool info, const rules_t *r, bool last) {
    char buf[41];
    printf("    {\n      \"key\": \"%s\",\n      \"name\": \"%s\",\n", b->key, b->name);
    printf("      \"informational\": %s,\n", info ? "true" : "false");
    printf("      \"house_edge\": %.12Lf,\n      \"return\": %.12Lf,\n", par_house_edge(b),
           par_return(b));
    if (b->has_wager)
        printf("      \"element_of_risk\": %.12Lf,\n      \"return_per_wager\": %.12Lf,\n"
               "      \"average_wager\": %.12Lf,\n",
               par_element_of_risk(b), par_return_per_wager(b), par_avg_wager(b));
    if (b->has_raise)
        printf("      \"raise_probability\": %.12Lf,\n",
               par_to_ld(b->raise_count) / par_to_ld(b->total));
    if (b->has_meter) {
        long double be = par_break_even_meter(b);
        printf("      \"fixed_return\": %.12Lf,\n      \"meter_share\": %.12Lg,\n",
               1.0L + par_ev_ld(b), par_to_ld(b->meter_num) / par_to_ld(b->meter_den));
        printf("      \"stake\": %.2f,\n", (double)b->stake / 100.0);
        if (be >= 0) printf("      \"break_even_meter\": %.2Lf,\n", be / 100.0L);
    }
    (void)r;
    printf("      \"total_combinations\": %s,\n", par_int_str(b->total, buf));
    printf("      \"note\": \"%s\",\n", b->note);
    printf("      \"outcomes\": [\n");
    for (int i = 0; i < b->nlines; i++) {
        const par_line_t *l = &b->line[i];
        printf("        {\"name\": \"%s\", \"combinations\": %s, \"probability\": %.14Lg, "
               "\"result\": %.12Lg, \"return\": %.14Lg}%s\n",
               l->name, par_int_str(l->count, buf), par_to_ld(l->count) / par_to_ld(b->total),
               line_result(b, l), line_return(b, l), i + 1 < b->nlines ? "," : "");
    }
    printf("      ]\n    }%s\n", last ? "" : ",");
}

static int parse_common(int argc, char **argv, const char **config, const char **preset, bool *json,
                        int32_t *min_bp, int *threads) {
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i];
        bool more = i + 1 < argc;
        if (strcmp(a, "--config") == 0 && more)
            *config = argv[++i];
        else if (strcmp(a, "--preset") == 0 && more)
            *preset = argv[++i];
        else if (strcmp(a, "--json") == 0 && json)
            *json = true;
        else if (strcmp(a, "--min-payback") == 0 && more && min_bp) {
            if (!cfg_parse_percent(argv[++i], min_bp) || *min_bp < 0) {
                fprintf(stderr, "studpoker: --min-payback takes a percentage such as 75 or 87.5\n");
                return 2;
            }
        } else if (strcmp(a, "--threads") == 0 && more && threads) {
            *threads = atoi(argv[++i]);
            if (*threads < 1 || *threads > 8) {
                fprintf(stderr, "studpoker: --threads takes 1 to 8\n");
                return 2;
            }
        } else {
            fprintf(stderr, "studpoker: unknown option '%s'\n", a);
            return 2;
        }
    }
    return 0;
}

int cli_parsheet(int argc, char **argv) {
    const char *config = NULL, *preset = NULL, *src = NULL;
    bool json = false;
    int32_t min_bp = 7500;
    int threads = 2;
    int st = parse_common(argc, argv, &config, &preset, &json, &min_bp, &threads);
    if (st) {
        fprintf(stderr, "usage: studpoker parsheet [--config FILE | --preset NAME] [--json] "
                        "[--min-payback PCT] [--threads N]\n");
        return st;
    }
    rules_t r;
    if ((st = load_rules(config, preset, &r, &src))) return st;
    parsheet_t *s = malloc(sizeof *s);
    if (!s) return 1;
    double t0 = now_seconds();
    if (!parsheet_build(&r, threads, min_bp, s)) {
        fprintf(stderr, "studpoker: out of memory for the analysis\n");
        free(s);
        return 1;
    }
    double secs = now_seconds() - t0;
    if (json) {
        printf("{\n  \"source\": \"%s\",\n  \"preset\": \"%s\",\n  \"game\": \"%s\",\n", src,
               rules_preset_key(r.preset), rules_preset_name(r.preset));
        printf("  \"min_payback\": %.4f,\n  \"seconds\": %.3f,\n  \"bets\": [\n", min_bp / 10000.0,
               secs);
        for (int i = 0; i < s->nbets; i++)
            print_bet_json(&s->bet[i], s->informational[i], &r, i + 1 == s->nbets);
        printf("  ],\n  \"warnings\": [");
        for (int i = 0; i < s->nwarn; i++) printf("%s\n    \"%s\"", i ? "," : "", s->warn[i]);
        printf("%s]\n}\n", s->nwarn ? "\n  " : "");
    } else {
        printf("Par sheet: %s (%s), exact by full enumeration; computed in %.2f s\n",
               rules_preset_name(r.preset), src, secs);
        for (int i = 0; i < s->nbets; i++) print_bet_text(&s->bet[i], s->informational[i], &r);
        printf("\n");
        for (int i = 0; i < s->nwarn; i++) printf("WARNING: %s\n", s->warn[i]);
        if (!s->nwarn)
            printf("no warnings (every bet returns under 100%% and at least %d.%02d%%)\n",
                   min_bp / 100, min_bp % 100);
    }
    free(s);
    return 0;
}

int cli_bench_parsheet(int argc, char **argv) {
    int threads = 2;
    const char *config = NULL, *preset = NULL;
    int st = parse_common(argc, argv, &config, &preset, NULL, NULL, &threads);
    if (st) return st;
    static const rules_preset_t presets[] = {PRESET_CARIBBEAN_CLASSIC, PRESET_CARIBBEAN_LIVE,
                                             PRESET_CAJUN, PRESET_ASIAN};
    parsheet_t *s = malloc(sizeof *s);
    if (!s) return 1;
    printf("exact par sheets, %d thread%s, best of 3 runs\n", threads, threads == 1 ? "" : "s");
    for (size_t i = 0; i < sizeof presets / sizeof presets[0]; i++) {
        rules_t r;
        rules_preset(&r, presets[i]);
        double best = 1e9;
        for (int run = 0; run < 3; run++) {
            double t0 = now_seconds();
            if (!parsheet_build(&r, threads, 7500, s)) {
                free(s);
                return 1;
            }
            double t = now_seconds() - t0;
            if (t < best) best = t;
        }
        printf("  %-20s %8.3f s  (%d bets)\n", rules_preset_key(presets[i]), best, s->nbets);
    }
    free(s);
    return 0;
}

/* ---- simulate: rounds through the real round engine ---- */

enum { SIM_MAIN = 0, SIM_SIDES = WAGER_COUNT };

typedef struct sim_job {
    const rules_t *rules;
    const strategy_t *strategy;
    int strategy_kind; /* Caribbean: car_strategy_t order; others 0 */
    uint64_t rounds;
    uint64_t seed;
    int thread;
    int64_t ante;
    int64_t side[WAGER_COUNT];
    /* per bet: index 0 = the main game (ante + decisions), else the side wager */
    par_int sum[WAGER_COUNT], sumsq[WAGER_COUNT];
    par_int wagered_main;
    uint64_t played;
    bool failed;
    char err[160];
} sim_job_t;

static int sim_decide(sim_job_t *j, const round_t *rd) {
    const round_seat_t *s = &rd->seat[0];
    switch (j->rules->variant) {
    case VARIANT_CARIBBEAN: {
        if (j->strategy_kind == 0)
            return strategy_decide(j->strategy, s->cards, rd->dealer, 0, NULL);
        int v = eval_value(s->cards, 5);
        if (j->strategy_kind == 1) {
            static const card_t akj83[5] = {1 * 4 + 0, 6 * 4 + 1, 9 * 4 + 2, 11 * 4 + 3,
                                            12 * 4 + 0};
            return v >= eval_value(akj83, 5);
        }
        if (j->strategy_kind == 2) return eval_category(v) >= EVAL_PAIR;
        return 1;
    }
    case VARIANT_ASIAN:
        return j->strategy_kind == 3 ? 1 : strategy_decide(j->strategy, s->cards, NULL, 0, NULL);
    case VARIANT_CAJUN: {
        int raises[3] = {0, 0, 0};
        for (int i = 0; i < rd->step && i < 3; i++)
            raises[i] = (int)(s->stake[WAGER_RAISE_1 + i] / j->ante);
        return strategy_decide(j->strategy, s->cards, rd->board, rd->step, raises);
    }
    default:
        return 0;
    }
}

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

/* Applies one action; a refusal (which a simulated round never meets) stops the job. */
static bool sim_act(sim_job_t *j, round_t *rd, round_action_t a) {
    round_status_t st = round_apply(rd, &a);
    if (!st.refusal) return true;
    snprintf(j->err, sizeof j->err, "round refused an action: %s", st.message);
    j->failed = true;
    return false;
}

static void *sim_run(void *arg) {
    sim_job_t *j = arg;
    const rules_t *ru = j->rules;
    rng_t rng;
    rng_init_seed_u64(&rng, j->seed * 1000003u + (uint64_t)j->thread);
    jackpot_pool_t pool;
    bool live = ru->offered[WAGER_JACKPOT];
    jackpot_init(&pool, live ? ru->jackpot_seed : ru->progressive_reset);
    round_t *rd = malloc(sizeof *rd);
    if (!rd) {
        j->failed = true;
        return NULL;
    }
    /* the side bets this job places, in wager order */
    int nsides = 0;
    wager_t sides[WAGER_COUNT];
    for (int w = WAGER_BONUS51; w < WAGER_COUNT; w++)
        if (j->side[w]) sides[nsides++] = (wager_t)w;
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
        if (!sim_act(j, rd, round_bet(0, WAGER_ANTE, j->ante))) break;
        bool ok = true;
        for (int i = 0; i < nsides && ok; i++)
            ok = sim_act(j, rd, round_bet(0, sides[i], j->side[sides[i]]));
        if (!ok || !sim_act(j, rd, round_simple(ACT_DEAL, 0))) break;
        while (ok && rd->phase == ROUND_DECIDING) {
            int d = sim_decide(j, rd);
            ok = sim_act(j, rd,
                         d == 0                         ? round_simple(ACT_FOLD, 0)
                         : ru->variant == VARIANT_CAJUN ? round_raise(0, d)
                                                        : round_simple(ACT_PLAY, 0));
        }
        if (!ok) break;
        if (rd->phase != ROUND_SETTLED) {
            snprintf(j->err, sizeof j->err, "the round did not settle");
            j->failed = true;
            break;
        }
        const round_seat_t *s = &rd->seat[0];
        int64_t main = 0, wag = 0;
        for (int w = WAGER_ANTE; w <= WAGER_RAISE_3; w++) {
            main += s->returned[w] - s->stake[w];
            wag += s->stake[w];
        }
        sim_tally(&tally[0], &j->sum[0], &j->sumsq[0], main);
        sim_add(&wagered, &j->wagered_main, wag);
        for (int i = 0; i < nsides; i++) {
            int w = sides[i];
            sim_tally(&tally[w], &j->sum[w], &j->sumsq[w], s->returned[w] - s->stake[w]);
        }
    }
    j->played = n;
    for (int w = 0; w < WAGER_COUNT; w++) j->sum[w] += tally[w].sum, j->sumsq[w] += tally[w].sumsq;
    j->wagered_main += wagered;
    free(rd);
    return NULL;
}

static const par_bet_t *find_bet(const parsheet_t *s, const char *key) {
    for (int i = 0; i < s->nbets; i++)
        if (strcmp(s->bet[i].key, key) == 0) return &s->bet[i];
    return NULL;
}

int cli_simulate(int argc, char **argv) {
    const char *config = NULL, *preset = NULL, *strategy_name = "optimal", *src = NULL;
    bool json = false;
    uint64_t rounds = 1000000, seed = 1;
    int threads = 2;
    char **rest = malloc(((size_t)argc + 1) * sizeof *rest);
    if (!rest) return 1;
    int nrest = 0;
    for (int i = 0; i < argc; i++) {
        bool more = i + 1 < argc;
        if (strcmp(argv[i], "--rounds") == 0 && more)
            rounds = strtoull(argv[++i], NULL, 10);
        else if (strcmp(argv[i], "--seed") == 0 && more)
            seed = strtoull(argv[++i], NULL, 10);
        else if (strcmp(argv[i], "--strategy") == 0 && more)
            strategy_name = argv[++i];
        else
            rest[nrest++] = argv[i];
    }
    int st = parse_common(nrest, rest, &config, &preset, &json, NULL, &threads);
    free(rest);
    if (st || rounds == 0) {
        fprintf(stderr,
                "usage: studpoker simulate [--config FILE | --preset NAME] [--rounds N] "
                "[--strategy optimal|akj83|pair|always] [--seed S] [--threads N] [--json]\n");
        return 2;
    }
    rules_t r;
    if ((st = load_rules(config, preset, &r, &src))) return st;
    r.seats = 1;
    int kind = -1;
    static const char *const names[] = {"optimal", "akj83", "pair", "always"};
    for (int i = 0; i < 4; i++)
        if (strcmp(strategy_name, names[i]) == 0) kind = i;
    /* Asian Stud: the par sheet also counts raising every hand */
    bool allowed = kind == 0 || (kind > 0 && r.variant == VARIANT_CARIBBEAN) ||
                   (kind == 3 && r.variant == VARIANT_ASIAN);
    if (!allowed) {
        fprintf(stderr, "studpoker: strategy '%s' is not one of optimal%s\n", strategy_name,
                r.variant == VARIANT_CARIBBEAN ? ", akj83, pair, always"
                : r.variant == VARIANT_ASIAN   ? ", always"
                                               : "");
        return 2;
    }
    parsheet_t *sheet = malloc(sizeof *sheet);
    strategy_t *strat = strategy_build(&r);
    if (!sheet || !strat || !parsheet_build(&r, threads, 7500, sheet)) {
        fprintf(stderr, "studpoker: out of memory\n");
        free(sheet);
        strategy_free(strat);
        return 1;
    }
    sim_job_t jobs[8];
    pthread_t tid[8];
    memset(jobs, 0, sizeof jobs);
    for (int t = 0; t < threads; t++) {
        sim_job_t *j = &jobs[t];
        j->rules = &r;
        j->strategy = strat;
        j->strategy_kind = kind;
        j->rounds = rounds / (uint64_t)threads + ((uint64_t)t < rounds % (uint64_t)threads);
        j->seed = seed;
        j->thread = t;
        j->ante = r.bet_min[WAGER_ANTE];
        for (int w = WAGER_BONUS51; w < WAGER_COUNT; w++)
            if (r.offered[w]) j->side[w] = r.bet_min[w];
        if (r.offered[WAGER_JACKPOT]) j->side[WAGER_JACKPOT] = r.jackpot_stake;
        if (r.offered[WAGER_PROGRESSIVE]) j->side[WAGER_PROGRESSIVE] = r.progressive_stake;
    }
    double t0 = now_seconds();
    int started = 0;
    for (int t = 1; t < threads; t++) {
        if (pthread_create(&tid[t], NULL, sim_run, &jobs[t]) != 0) break;
        started = t;
    }
    sim_run(&jobs[0]);
    for (int t = 1; t <= started; t++) pthread_join(tid[t], NULL);
    for (int t = started + 1; t < threads; t++) sim_run(&jobs[t]);
    double secs = now_seconds() - t0;
    sim_job_t tot;
    memset(&tot, 0, sizeof tot);
    for (int t = 0; t < threads; t++) {
        if (jobs[t].failed) {
            fprintf(stderr, "studpoker: simulation failed: %s\n", jobs[t].err);
            free(sheet);
            strategy_free(strat);
            return 1;
        }
        for (int w = 0; w < WAGER_COUNT; w++)
            tot.sum[w] += jobs[t].sum[w], tot.sumsq[w] += jobs[t].sumsq[w];
        tot.wagered_main += jobs[t].wagered_main;
        tot.played += jobs[t].played;
    }
    const sim_job_t *j0 = &jobs[0];
    if (json)
        printf("{\n  \"source\": \"%s\",\n  \"rounds\": %llu,\n  \"seed\": %llu,\n  \"strategy\": "
               "\"%s\",\n  \"threads\": %d,\n  \"seconds\": %.3f,\n  \"rounds_per_second\": %.0f,\n"
               "  \"bets\": [",
               src, (unsigned long long)tot.played, (unsigned long long)seed, strategy_name,
               threads, secs, (double)tot.played / secs);
    else
        printf("Simulation: %s, %llu rounds through the round engine, strategy %s, seed %llu, "
               "%d thread%s: %.2f s (%.0f rounds/s)\n%-30s %14s %14s %14s %s\n",
               rules_preset_name(r.preset), (unsigned long long)tot.played, strategy_name,
               (unsigned long long)seed, threads, threads == 1 ? "" : "s", secs,
               (double)tot.played / secs, "bet", "measured", "99% CI +/-", "exact", "");
    int outside = 0, printed = 0;
    for (int w = 0; w < WAGER_COUNT; w++) {
        if (w > 0 && w < WAGER_BONUS51) continue;
        if (w >= WAGER_BONUS51 && !j0->side[w]) continue;
        int64_t base = w == 0 ? j0->ante : j0->side[w];
        long double n = (long double)tot.played;
        long double mean = par_to_ld(tot.sum[w]) / n / (long double)base;
        long double var = par_to_ld(tot.sumsq[w]) / n / ((long double)base * base) - mean * mean;
        long double half = 2.5758293L * sqrtl(var > 0 ? var : 0) / sqrtl(n);
        char key[32];
        const par_bet_t *b;
        if (w == 0) {
            snprintf(key, sizeof key, "%s%s", rules_variant_key(r.variant),
                     r.variant == VARIANT_CARIBBEAN ? (kind == 0   ? "_optimal"
                                                       : kind == 1 ? "_akj83"
                                                       : kind == 2 ? "_pair"
                                                                   : "_always")
                     : kind == 3                    ? "_always"
                                                    : "");
            b = find_bet(sheet, key);
        } else
            b = find_bet(sheet, wager_key((wager_t)w));
        /* metered bets: the simulation starts at the seed/reset, so compare with the return
         * at that meter only loosely; the exact figure shown is the long-run return */
        long double exact = b ? par_return(b) : -1.0L;
        long double measured = 1.0L + mean;
        bool agrees = b && fabsl(measured - exact) <= half;
        bool metered = b && b->has_meter;
        if (b && !agrees && !metered) outside++;
        const char *name = w == 0 ? "main game (per ante)" : wager_name((wager_t)w);
        if (json)
            printf("%s\n    {\"key\": \"%s\", \"name\": \"%s\", \"measured_return\": %.8Lf, "
                   "\"ci99\": %.8Lf, \"exact_return\": %.8Lf, \"within_ci\": %s%s}",
                   printed ? "," : "", b ? b->key : key, name, measured, half, exact,
                   agrees ? "true" : "false", metered ? ", \"metered\": true" : "");
        else
            printf("%-30s %13.4Lf%% %13.4Lf%% %13.4Lf%% %s\n", name, 100 * measured, 100 * half,
                   100 * exact,
                   metered  ? "(long-run; depends on the meter)"
                   : agrees ? "within the interval"
                            : "OUTSIDE the interval");
        printed++;
    }
    long double avgw =
        par_to_ld(tot.wagered_main) / (long double)tot.played / (long double)j0->ante;
    const par_bet_t *main_bet = NULL;
    for (int i = 0; i < sheet->nbets; i++)
        if (sheet->bet[i].has_wager && !main_bet) main_bet = &sheet->bet[i];
    if (json)
        printf("\n  ],\n  \"average_wager\": %.6Lf,\n  \"outside_ci\": %d\n}\n", avgw, outside);
    else
        printf("average main-game wager %.5Lf antes (exact, optimal: %.5Lf)\n", avgw,
               main_bet ? par_avg_wager(main_bet) : 0.0L);
    free(sheet);
    strategy_free(strat);
    return 0;
}

/* ---- hint: the optimal decision for one position, as the game's hint shows it ---- */

int cli_hint(int argc, char **argv) {
    const char *config = NULL, *preset = NULL, *src = NULL, *up = NULL, *board = NULL,
               *raises_text = NULL;
    char cards_text[256] = "";
    for (int i = 0; i < argc; i++) {
        bool more = i + 1 < argc;
        if (strcmp(argv[i], "--config") == 0 && more)
            config = argv[++i];
        else if (strcmp(argv[i], "--preset") == 0 && more)
            preset = argv[++i];
        else if (strcmp(argv[i], "--up") == 0 && more)
            up = argv[++i];
        else if (strcmp(argv[i], "--board") == 0 && more)
            board = argv[++i];
        else if (strcmp(argv[i], "--raises") == 0 && more)
            raises_text = argv[++i];
        else if (argv[i][0] == '-' && argv[i][1] == '-') {
            fprintf(stderr, "studpoker: unknown option '%s'\n", argv[i]);
            return 2;
        } else {
            size_t n = strlen(cards_text);
            snprintf(cards_text + n, sizeof cards_text - n, "%s%s", n ? " " : "", argv[i]);
        }
    }
    rules_t r;
    int st = load_rules(config, preset, &r, &src);
    if (st) return st;
    card_t cards[5], shown[3];
    char err[160];
    int want = r.variant == VARIANT_CAJUN ? 2 : 5;
    int n = card_parse_list(cards_text, cards, 5, err, sizeof err);
    if (n != want) {
        fprintf(stderr,
                "usage: studpoker hint [--config FILE | --preset NAME] CARDS [--up CARD] "
                "[--board CARDS --raises N,N]\n%s: give %d cards%s%s\n",
                rules_preset_name(r.preset), want, n < 0 ? ": " : "", n < 0 ? err : "");
        return 2;
    }
    int step = 0, raises[3] = {0, 0, 0};
    if (r.variant == VARIANT_CARIBBEAN) {
        if (!up || card_parse_list(up, shown, 1, err, sizeof err) != 1 ||
            memchr(cards, shown[0], 5)) {
            fprintf(stderr, "studpoker: Caribbean Stud needs the dealer's up card: --up CARD, "
                            "not one of the player's\n");
            return 2;
        }
    }
    if (r.variant == VARIANT_CAJUN && board) {
        step = card_parse_list(board, shown, 2, err, sizeof err);
        int nr = 0;
        for (const char *p = raises_text; p && *p && nr < 3;) {
            raises[nr++] = atoi(p);
            p = strchr(p, ',');
            p = p ? p + 1 : NULL;
        }
        if (step < 1 || nr != step) {
            fprintf(stderr, "studpoker: --board takes 1 or 2 community cards and --raises the "
                            "raise made at each earlier decision (1 to 3), e.g. --raises 3,1\n");
            return 2;
        }
        for (int i = 0; i < step; i++)
            if (raises[i] < 1 || raises[i] > 3 || shown[i] == cards[0] || shown[i] == cards[1]) {
                fprintf(stderr, "studpoker: raises are 1 to 3 and cards appear once\n");
                return 2;
            }
    }
    if (r.variant != VARIANT_ASIAN) {
        for (int i = 0; i < n; i++)
            if (cards[i] == CARD_JOKER) {
                fprintf(stderr, "studpoker: the joker is only in Asian Stud's deck\n");
                return 2;
            }
    }
    strategy_t *s = strategy_build(&r);
    if (!s) return 1;
    strategy_advice_t adv;
    if (!strategy_advise(s, cards, shown, step, raises, &adv)) {
        strategy_free(s);
        return 1;
    }
    static const char *const caj[4] = {"FOLD", "RAISE 1x", "RAISE 2x", "RAISE 3x"};
    const char *play = r.variant == VARIANT_CARIBBEAN ? "PLAY" : "RAISE";
    printf("%s: best decision %s\n", rules_preset_name(r.preset),
           r.variant == VARIANT_CAJUN ? caj[adv.decision]
           : adv.decision             ? play
                                      : "FOLD");
    for (int i = 0; i < adv.noptions; i++)
        printf("  %-9s %+.6f antes\n",
               r.variant == VARIANT_CAJUN ? caj[i]
               : i                        ? play
                                          : "FOLD",
               adv.ev[i]);
    strategy_free(s);
    return 0;
}
