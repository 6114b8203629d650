/* The ticket scanner told from a person (ui_scanner): a scanner's 18 digits and Enter a few
 * milliseconds apart are a ticket and reach the game as no key; a person's keys - slow digits,
 * a PIN typed fast, a number typed with a pause, Enter alone - all reach the game, in the order
 * typed. The timings are a keyboard wedge's (a few ms a key) and a fast typist's (60 ms and
 * more between keys). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "ui_scanner.h"

/* What the game gets from a stream of keys: the keys given back, in order, as a string of
 * digits and 'E' for Enter, and the tickets, each as "[digits]". Times in ms; a key of -1 is
 * a pause that ends at that time (the poll without a key). */
static void feed(ui_scanner_t *s, const int *keys, const uint32_t *at, int n, char *out,
                 size_t cap) {
    size_t o = 0;
    out[0] = '\0';
    for (int i = 0; i < n; i++) {
        char digits[UI_SCAN_DIGITS + 1];
        ui_scan_t r = UI_SCAN_HELD;
        if (keys[i] < 0) {
            if (ui_scanner_expired(s, at[i])) r = UI_SCAN_RELEASE;
        } else {
            if (ui_scanner_expired(s, at[i])) { /* the poll before the key lets them go */
                for (int k = 0; k < s->n && o + 2 < cap; k++)
                    out[o++] = s->key[k] == UI_SCAN_ENTER ? 'E' : (char)('0' + s->key[k]);
                ui_scanner_clear(s);
            }
            r = ui_scanner_key(s, keys[i], at[i], digits);
        }
        if (r == UI_SCAN_RELEASE) {
            for (int k = 0; k < s->n && o + 2 < cap; k++)
                out[o++] = s->key[k] == UI_SCAN_ENTER ? 'E' : (char)('0' + s->key[k]);
            ui_scanner_clear(s);
        } else if (r == UI_SCAN_TICKET) {
            o += (size_t)snprintf(out + o, cap - o, "[%s]", digits);
        }
        out[o] = '\0';
    }
}

/* A number typed as keys: digits of text, E for Enter, one key every step ms from t0. */
static int keys_of(const char *text, uint32_t t0, uint32_t step, int *keys, uint32_t *at) {
    int n = 0;
    for (const char *p = text; *p; p++, n++) {
        keys[n] = *p == 'E' ? UI_SCAN_ENTER : *p - '0';
        at[n] = t0 + (uint32_t)n * step;
    }
    return n;
}

static void test_scan_is_a_ticket(void **state) {
    (void)state;
    ui_scanner_t s;
    ui_scanner_init(&s, true, 40);
    int keys[64];
    uint32_t at[64];
    int n = keys_of("845520543740995418E", 1000, 8, keys, at);
    char out[128];
    feed(&s, keys, at, n, out, sizeof out);
    assert_string_equal(out, "[845520543740995418]"); /* no key reached the game */
    assert_int_equal(s.n, 0);
}

static void test_person_typing_reaches_the_game(void **state) {
    (void)state;
    ui_scanner_t s;
    ui_scanner_init(&s, true, 40);
    int keys[64];
    uint32_t at[64];
    /* a fast typist: 18 digits and Enter 70 ms apart, then a pause */
    int n = keys_of("845520543740995418E", 1000, 70, keys, at);
    keys[n] = -1, at[n] = at[n - 1] + 500, n++;
    char out[128];
    feed(&s, keys, at, n, out, sizeof out);
    assert_string_equal(out, "845520543740995418E");
}

static void test_pin_typed_fast_is_given_back(void **state) {
    (void)state;
    ui_scanner_t s;
    ui_scanner_init(&s, true, 40);
    int keys[8];
    uint32_t at[8];
    /* four digits in one frame (the same instant), then Enter 300 ms later */
    int n = keys_of("1234", 500, 0, keys, at);
    keys[n] = -1, at[n] = 560, n++; /* the poll after the gap */
    keys[n] = UI_SCAN_ENTER, at[n] = 800, n++;
    char out[64];
    feed(&s, keys, at, n, out, sizeof out);
    assert_string_equal(out, "1234E");
}

static void test_not_eighteen_digits(void **state) {
    (void)state;
    ui_scanner_t s;
    ui_scanner_init(&s, true, 40);
    int keys[64];
    uint32_t at[64];
    char out[128];
    /* 17 digits and Enter at a scanner's speed: not a ticket number, every key to the game */
    int n = keys_of("84552054374099541E", 100, 5, keys, at);
    feed(&s, keys, at, n, out, sizeof out);
    assert_string_equal(out, "84552054374099541E");
    /* 19 digits: the held ones and the 19th go back at once */
    n = keys_of("8455205437409954181", 1000, 5, keys, at);
    feed(&s, keys, at, n, out, sizeof out);
    assert_string_equal(out, "8455205437409954181");
    /* 18 digits, then Enter after a pause longer than the gap */
    n = keys_of("845520543740995418", 2000, 5, keys, at);
    keys[n] = UI_SCAN_ENTER, at[n] = at[n - 1] + 100, n++;
    feed(&s, keys, at, n, out, sizeof out);
    assert_string_equal(out, "845520543740995418E");
}

static void test_pause_inside_a_number(void **state) {
    (void)state;
    ui_scanner_t s;
    ui_scanner_init(&s, true, 40);
    int keys[64];
    uint32_t at[64];
    char out[128];
    /* 9 fast digits, a pause, 9 more and Enter fast: the first nine were not a scan's */
    int n = keys_of("845520543", 100, 5, keys, at);
    int m = keys_of("740995418E", 400, 5, keys + n, at + n);
    feed(&s, keys, at, n + m, out, sizeof out);
    assert_string_equal(out, "845520543740995418E");
}

static void test_scanner_off_gives_every_key(void **state) {
    (void)state;
    ui_scanner_t s;
    ui_scanner_init(&s, false, 40);
    int keys[64];
    uint32_t at[64];
    char out[128];
    int n = keys_of("845520543740995418E", 100, 5, keys, at);
    feed(&s, keys, at, n, out, sizeof out);
    assert_string_equal(out, "845520543740995418E");
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_scan_is_a_ticket),
        cmocka_unit_test(test_person_typing_reaches_the_game),
        cmocka_unit_test(test_pin_typed_fast_is_given_back),
        cmocka_unit_test(test_not_eighteen_digits),
        cmocka_unit_test(test_pause_inside_a_number),
        cmocka_unit_test(test_scanner_off_gives_every_key),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
