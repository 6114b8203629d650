/* The config commands: check-config, print-config (also the global --print-config) and
 * config-reference. */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "config.h"

int cli_check_config(int argc, char **argv) {
    if (argc < 1) {
        fprintf(stderr, "studpoker check-config: give the config file to check, e.g. "
                        "studpoker check-config config/default.ini\n");
        return 2;
    }
    int status = 0;
    for (int i = 0; i < argc; i++) {
        cfg_t cfg;
        cfg_errors_t *errs = malloc(sizeof *errs);
        if (!errs) {
            fprintf(stderr, "studpoker check-config: out of memory\n");
            return 1;
        }
        if (cfg_load_file(argv[i], &cfg, errs) == 0) {
            printf("%s: ok (preset %s)\n", argv[i], rules_preset_key(cfg.rules.preset));
        } else {
            cfg_errors_print(errs, stderr);
            fprintf(stderr, "%s: %d error%s; the game will not start with this file\n", argv[i],
                    errs->count, errs->count == 1 ? "" : "s");
            status = 2;
        }
        free(errs);
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
