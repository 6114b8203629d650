/* libFuzzer target for the config parser: any bytes must load without a crash, leak or
 * undefined behaviour; a file that loads must pass rules_check(), and what print-config writes
 * for it must load back to exactly the same settings. */
#define _POSIX_C_SOURCE 200809L
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "config.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    cfg_t cfg, again;
    cfg_errors_t *errs = malloc(sizeof *errs);
    if (!errs) return 0;
    int n = cfg_load_string((const char *)data, size, "fuzz", &cfg, errs);
    if (n != errs->count) abort();
    for (int i = 0; i < n && i < CFG_ERRORS_MAX; i++)
        if (!memchr(errs->list[i].text, '\0', sizeof errs->list[i].text)) abort();
    if (n == 0) {
        char msgs[4][RULES_MSG_LEN];
        if (rules_check(&cfg.rules, msgs, 4) != 0) abort();
        char *text = NULL;
        size_t len = 0;
        FILE *f = open_memstream(&text, &len);
        if (!f) abort();
        cfg_write(f, &cfg, (size & 1) != 0, "fuzz");
        fclose(f);
        if (cfg_load_string(text, len, "again", &again, errs) != 0) {
            cfg_errors_print(errs, stderr);
            abort();
        }
        if (memcmp(&cfg, &again, sizeof cfg) != 0) abort();
        free(text);
    }
    free(errs);
    return 0;
}
