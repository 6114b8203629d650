/* The options the math commands share (cli_rules.h). */
#define _POSIX_C_SOURCE 200809L
#include "cli_rules.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "config.h"

double cli_seconds(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

int cli_load_rules(const char *config, const char *preset, rules_t *out, const char **name) {
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

int cli_math_options(int argc, char **argv, const char **config, const char **preset, bool *json,
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
