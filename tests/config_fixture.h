/* What the config test programs share (test_config.c, test_config_errors.c,
 * test_config_files.c): loading a file from text, and checking that a file gives exactly the
 * errors a test lists, in order. Each program defines _POSIX_C_SOURCE before including it. */
#ifndef STUDPOKER_TESTS_CONFIG_FIXTURE_H
#define STUDPOKER_TESTS_CONFIG_FIXTURE_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "config.h"

static inline int load(const char *text, cfg_t *c, cfg_errors_t *e) {
    return cfg_load_string(text, strlen(text), "t.ini", c, e);
}

static inline cfg_errors_t *new_errors(void) {
    cfg_errors_t *e = malloc(sizeof *e);
    assert_non_null(e);
    return e;
}

/* Loads text and checks that it gives exactly these errors, in this order. */
static inline void expect_errors(const char *text, const char *const *want) {
    cfg_errors_t *e = new_errors();
    cfg_t c;
    int n = load(text, &c, e), nwant = 0;
    while (want[nwant]) nwant++;
    bool same = n == nwant;
    for (int i = 0; same && i < n; i++) same = strcmp(e->list[i].text, want[i]) == 0;
    if (!same) {
        fprintf(stderr, "for the file:\n%s\n--- got %d errors:\n", text, n);
        cfg_errors_print(e, stderr);
        fprintf(stderr, "--- wanted %d:\n", nwant);
        for (int i = 0; i < nwant; i++) fprintf(stderr, "%s\n", want[i]);
    }
    free(e);
    assert_true(same);
}

#define ERRORS(...) ((const char *const[]){__VA_ARGS__, NULL})

#endif
