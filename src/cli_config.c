/* The config commands: check-config (every error, and the approved return range), print-config
 * (also the global --print-config) and config-reference. */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "approval.h"
#include "cli.h"
#include "config.h"

/* The approved return range: every bet's exact return against [approval] min_payback and
 * max_payback. A cabinet (kiosk) outside it is an error, a desktop game gets a warning. Returns
 * the number of bets outside, or -1 when the figures cannot be worked out. */
static int check_approval(const char *path, const cfg_t *cfg, bool kiosk) {
    approval_t a;
    if (!approval_known(&cfg->rules, &a) && !approval_compute(&cfg->rules, 2, &a)) {
        fprintf(stderr, "%s: the par sheet could not be worked out (out of memory)\n", path);
        return -1;
    }
    approval_miss_t miss[APPROVAL_MAX_BETS];
    int n = approval_check(&a, cfg->approval.min_payback_bp, cfg->approval.max_payback_bp, miss,
                           APPROVAL_MAX_BETS);
    if (n == 0) return 0;
    cfg_lines_t *lines = malloc(sizeof *lines);
    if (lines && !cfg_lines_file(path, lines)) memset(lines, 0, sizeof *lines);
    for (int i = 0; i < n; i++) {
        const char *limit_key = miss[i].above ? "max_payback" : "min_payback";
        char text[400], where[128] = "";
        approval_miss_text(&a, &miss[i], text, sizeof text);
        /* the line to blame: what the bet's return depends on, else the limit, else none */
        int line = 0;
        if (lines) {
            line = cfg_lines_bet(lines, a.bet[miss[i].bet].wager, where, sizeof where);
            if (!line) line = cfg_lines_key(lines, "approval", limit_key, where, sizeof where);
        }
        char at[300];
        if (line)
            snprintf(at, sizeof at, "%s:%d: %s", path, line, where);
        else
            snprintf(at, sizeof at, "%s: approval", path);
        if (kiosk)
            fprintf(stderr,
                    "%s: %s ([approval] %s); a cabinet (kiosk) does not start with it: change the "
                    "pay table, or %s if the machine's approval allows it\n",
                    at, text, limit_key, limit_key);
        else
            fprintf(stderr,
                    "%s: warning: %s ([approval] %s); a desktop game starts with a warning, a "
                    "cabinet (kiosk) would not start\n",
                    at, text, limit_key);
    }
    free(lines);
    return n;
}

int cli_check_config(int argc, char **argv) {
    bool kiosk = false;
    int nfiles = 0;
    for (int i = 0; i < argc; i++)
        if (strcmp(argv[i], "--kiosk") == 0)
            kiosk = true;
        else
            nfiles++;
    if (nfiles < 1) {
        fprintf(stderr, "studpoker check-config: give the config file to check, e.g. "
                        "studpoker check-config config/default.ini (--kiosk: check it as a "
                        "cabinet, whatever its [display] mode)\n");
        return 2;
    }
    int status = 0;
    for (int i = 0; i < argc; i++) {
        if (strcmp(argv[i], "--kiosk") == 0) continue;
        cfg_t cfg;
        cfg_errors_t *errs = malloc(sizeof *errs);
        if (!errs) {
            fprintf(stderr, "studpoker check-config: out of memory\n");
            return 1;
        }
        if (cfg_load_file(argv[i], &cfg, errs) == 0) {
            bool cabinet = kiosk || cfg.display.mode == CFG_DISPLAY_KIOSK;
            int n = check_approval(argv[i], &cfg, cabinet);
            if (n < 0) {
                status = status ? status : 1;
            } else if (n > 0 && cabinet) {
                fprintf(stderr, "%s: %d error%s; the game will not start with this file\n", argv[i],
                        n, n == 1 ? "" : "s");
                status = 2;
            } else if (n > 0) {
                printf("%s: ok (preset %s), %d warning%s: outside the approved return range\n",
                       argv[i], rules_preset_key(cfg.rules.preset), n, n == 1 ? "" : "s");
            } else {
                printf("%s: ok (preset %s)\n", argv[i], rules_preset_key(cfg.rules.preset));
            }
        } else {
            cfg_errors_print(errs, stderr);
            fprintf(stderr, "%s: %d error%s; the game will not start with this file\n", argv[i],
                    errs->count, errs->count == 1 ? "" : "s");
            status = 2;
        }
        free(errs);
        fflush(stdout); /* in order with the messages on stderr */
    }
    return status;
}

int cli_print_config(int argc, char **argv) {
    const char *path = NULL, *preset_name = NULL;
    bool commented = false;
    for (int i = 0; i < argc; i++) {
        if (strcmp(argv[i], "--commented") == 0) {
            commented = true;
        } else if ((strcmp(argv[i], "--config") == 0 || strcmp(argv[i], "--preset") == 0) &&
                   i + 1 < argc) {
            if (argv[i][2] == 'c')
                path = argv[++i];
            else
                preset_name = argv[++i];
        } else {
            fprintf(stderr,
                    "studpoker print-config: unknown option '%s'; use [--config FILE | "
                    "--preset NAME] [--commented]\n",
                    argv[i]);
            return 2;
        }
    }
    if (path && preset_name) {
        fprintf(stderr, "studpoker print-config: give --config FILE or --preset NAME, not both\n");
        return 2;
    }
    cfg_t cfg;
    char origin[512];
    if (path) {
        cfg_errors_t *errs = malloc(sizeof *errs);
        if (!errs) return 1;
        int n = cfg_load_file(path, &cfg, errs);
        if (n) cfg_errors_print(errs, stderr);
        free(errs);
        if (n) return 2;
        snprintf(origin, sizeof origin, "studpoker print-config --config %s%s", path,
                 commented ? " --commented" : "");
    } else {
        rules_preset_t p = PRESET_CARIBBEAN_CLASSIC;
        if (preset_name && !rules_preset_from_key(preset_name, &p)) {
            fprintf(stderr,
                    "studpoker print-config: unknown preset '%s'; the presets are:", preset_name);
            for (int i = 0; i < PRESET_COUNT; i++)
                fprintf(stderr, " %s", rules_preset_key((rules_preset_t)i));
            fprintf(stderr, "\n");
            return 2;
        }
        cfg_defaults(&cfg, p);
        snprintf(origin, sizeof origin, "studpoker print-config --preset %s%s", rules_preset_key(p),
                 commented ? " --commented" : "");
    }
    cfg_write(stdout, &cfg, commented, origin);
    return ferror(stdout) ? 1 : 0;
}

int cli_config_reference(int argc, char **argv) {
    if (argc > 0) {
        fprintf(stderr, "studpoker config-reference: takes no arguments, got '%s'\n", argv[0]);
        return 2;
    }
    cfg_write_reference(stdout);
    return ferror(stdout) ? 1 : 0;
}
