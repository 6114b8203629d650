/* `studpoker simulate` (and `studpoker bench simulate`): rounds played through the round engine
 * by simulate.h, each bet's measured return beside the exact par sheet, as a table or JSON. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "cli_rules.h"
#include "par.h"
#include "parsheet.h"
#include "simulate.h"
#include "strategy.h"

typedef struct sim_args {
    const char *config, *preset, *strategy, *src;
    bool json;
    uint64_t rounds, seed;
    int threads;
} sim_args_t;

/* Returns 0, or 2 with the usage on stderr. */
static int parse_args(int argc, char **argv, sim_args_t *a) {
    *a = (sim_args_t){.strategy = "optimal", .rounds = 1000000, .seed = 1, .threads = 2};
    char **rest = malloc(((size_t)argc + 1) * sizeof *rest);
    if (!rest) return 1;
    int nrest = 0;
    for (int i = 0; i < argc; i++) {
        bool more = i + 1 < argc;
        if (strcmp(argv[i], "--rounds") == 0 && more)
            a->rounds = strtoull(argv[++i], NULL, 10);
        else if (strcmp(argv[i], "--seed") == 0 && more)
            a->seed = strtoull(argv[++i], NULL, 10);
        else if (strcmp(argv[i], "--strategy") == 0 && more)
            a->strategy = argv[++i];
        else
            rest[nrest++] = argv[i];
    }
    int st = cli_math_options(nrest, rest, &a->config, &a->preset, &a->json, NULL, &a->threads);
    free(rest);
    if (st || a->rounds == 0) {
        fprintf(stderr,
                "usage: studpoker simulate [--config FILE | --preset NAME] [--rounds N] "
                "[--strategy optimal|akj83|pair|always] [--seed S] [--threads N] [--json]\n");
        return 2;
    }
    return 0;
}

static const par_bet_t *find_bet(const parsheet_t *s, const char *key) {
    for (int i = 0; i < s->nbets; i++)
        if (strcmp(s->bet[i].key, key) == 0) return &s->bet[i];
    return NULL;
}

static void print_head(const sim_args_t *a, const rules_t *r, const simulate_result_t *res,
                       double secs) {
    if (a->json)
        printf("{\n  \"source\": \"%s\",\n  \"rounds\": %llu,\n  \"seed\": %llu,\n  \"strategy\": "
               "\"%s\",\n  \"threads\": %d,\n  \"seconds\": %.3f,\n  \"rounds_per_second\": %.0f,\n"
               "  \"bets\": [",
               a->src, (unsigned long long)res->played, (unsigned long long)a->seed, a->strategy,
               a->threads, secs, (double)res->played / secs);
    else
        printf("Simulation: %s, %llu rounds through the round engine, strategy %s, seed %llu, "
               "%d thread%s: %.2f s (%.0f rounds/s)\n%-30s %14s %14s %14s %s\n",
               rules_preset_name(r->preset), (unsigned long long)res->played, a->strategy,
               (unsigned long long)a->seed, a->threads, a->threads == 1 ? "" : "s", secs,
               (double)res->played / secs, "bet", "measured", "99% CI +/-", "exact", "");
}

/* One line per bet placed: the main game, then the side bets. Returns how many bets with a fixed
 * return measured outside their interval. */
static int print_bets(const sim_args_t *a, const simulate_setup_t *su, const simulate_result_t *res,
                      const parsheet_t *sheet) {
    int outside = 0, printed = 0;
    for (int w = 0; w < WAGER_COUNT; w++) {
        if (w > 0 && w < WAGER_BONUS51) continue;
        if (w >= WAGER_BONUS51 && !su->side[w]) continue;
        simulate_measure_t m = simulate_measure(su, res, w);
        char key[32];
        if (w == 0)
            simulate_main_key(su->rules->variant, su->play, key, sizeof key);
        else
            snprintf(key, sizeof key, "%s", wager_key((wager_t)w));
        const par_bet_t *b = find_bet(sheet, key);
        /* metered bets: the simulation starts at the seed/reset, so compare with the return
         * at that meter only loosely; the exact figure shown is the long-run return */
        long double exact = b ? par_return(b) : -1.0L;
        bool agrees = b && fabsl(m.measured - exact) <= m.ci99;
        bool metered = b && b->has_meter;
        if (b && !agrees && !metered) outside++;
        const char *name = w == 0 ? "main game (per ante)" : wager_name((wager_t)w);
        if (a->json)
            printf("%s\n    {\"key\": \"%s\", \"name\": \"%s\", \"measured_return\": %.8Lf, "
                   "\"ci99\": %.8Lf, \"exact_return\": %.8Lf, \"within_ci\": %s%s}",
                   printed ? "," : "", key, name, m.measured, m.ci99, exact,
                   agrees ? "true" : "false", metered ? ", \"metered\": true" : "");
        else
            printf("%-30s %13.4Lf%% %13.4Lf%% %13.4Lf%% %s\n", name, 100 * m.measured, 100 * m.ci99,
                   100 * exact,
                   metered  ? "(long-run; depends on the meter)"
                   : agrees ? "within the interval"
                            : "OUTSIDE the interval");
        printed++;
    }
    return outside;
}

static void print_tail(const sim_args_t *a, const simulate_setup_t *su,
                       const simulate_result_t *res, const parsheet_t *sheet, int outside) {
    long double avgw = simulate_average_wager(su, res);
    const par_bet_t *main_bet = NULL;
    for (int i = 0; i < sheet->nbets; i++)
        if (sheet->bet[i].has_wager && !main_bet) main_bet = &sheet->bet[i];
    if (a->json)
        printf("\n  ],\n  \"average_wager\": %.6Lf,\n  \"outside_ci\": %d\n}\n", avgw, outside);
    else
        printf("average main-game wager %.5Lf antes (exact, optimal: %.5Lf)\n", avgw,
               main_bet ? par_avg_wager(main_bet) : 0.0L);
}

int cli_simulate(int argc, char **argv) {
    sim_args_t a;
    int st = parse_args(argc, argv, &a);
    if (st) return st;
    rules_t r;
    if ((st = cli_load_rules(a.config, a.preset, &r, &a.src))) return st;
    r.seats = 1;
    simulate_play_t play = SIMULATE_OPTIMAL;
    if (!simulate_play_from_key(a.strategy, &play) || !simulate_play_offered(r.variant, play)) {
        fprintf(stderr, "studpoker: strategy '%s' is not one of optimal%s\n", a.strategy,
                r.variant == VARIANT_CARIBBEAN ? ", akj83, pair, always"
                : r.variant == VARIANT_ASIAN   ? ", always"
                                               : "");
        return 2;
    }
    parsheet_t *sheet = malloc(sizeof *sheet);
    strategy_t *strat = strategy_build(&r);
    if (!sheet || !strat || !parsheet_build(&r, a.threads, 7500, sheet)) {
        fprintf(stderr, "studpoker: out of memory\n");
        free(sheet);
        strategy_free(strat);
        return 1;
    }
    simulate_setup_t su = {.rules = &r,
                           .strategy = strat,
                           .play = play,
                           .rounds = a.rounds,
                           .seed = a.seed,
                           .threads = a.threads};
    simulate_default_stakes(&r, &su);
    simulate_result_t res;
    char err[160];
    double t0 = cli_seconds();
    bool ok = simulate_run(&su, &res, err, sizeof err);
    double secs = cli_seconds() - t0;
    if (ok) {
        print_head(&a, &r, &res, secs);
        print_tail(&a, &su, &res, sheet, print_bets(&a, &su, &res, sheet));
    } else
        fprintf(stderr, "studpoker: simulation failed: %s\n", err);
    free(sheet);
    strategy_free(strat);
    return ok ? 0 : 1;
}
