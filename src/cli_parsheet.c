/* `studpoker parsheet` and `studpoker bench parsheet`: the exact par sheet of a config's game,
 * as a readable table or as JSON, and how long the exact analyses take. */
#include <stdio.h>
#include <stdlib.h>

#include "cli.h"
#include "cli_rules.h"
#include "par.h"
#include "parsheet.h"

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

int cli_parsheet(int argc, char **argv) {
    const char *config = NULL, *preset = NULL, *src = NULL;
    bool json = false;
    int32_t min_bp = 7500;
    int threads = 2;
    int st = cli_math_options(argc, argv, &config, &preset, &json, &min_bp, &threads);
    if (st) {
        fprintf(stderr, "usage: studpoker parsheet [--config FILE | --preset NAME] [--json] "
                        "[--min-payback PCT] [--threads N]\n");
        return st;
    }
    rules_t r;
    if ((st = cli_load_rules(config, preset, &r, &src))) return st;
    parsheet_t *s = malloc(sizeof *s);
    if (!s) return 1;
    double t0 = cli_seconds();
    if (!parsheet_build(&r, threads, min_bp, s)) {
        fprintf(stderr, "studpoker: out of memory for the analysis\n");
        free(s);
        return 1;
    }
    double secs = cli_seconds() - t0;
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
    int st = cli_math_options(argc, argv, &config, &preset, NULL, NULL, &threads);
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
            double t0 = cli_seconds();
            if (!parsheet_build(&r, threads, 7500, s)) {
                free(s);
                return 1;
            }
            double t = cli_seconds() - t0;
            if (t < best) best = t;
        }
        printf("  %-20s %8.3f s  (%d bets)\n", rules_preset_key(presets[i]), best, s->nbets);
    }
    free(s);
    return 0;
}
