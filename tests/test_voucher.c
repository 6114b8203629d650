/* The cash-out ticket: libzint's Interleaved 2 of 5 bars held to the symbology's table worked
 * out by hand, and the amount in words as a cashier reads it. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "voucher.h"

static void test_itf_pair(void **state) {
    (void)state;
    char p[200];
    /* "12": 1 = wnnnw in the bars, 2 = nwnnw in the spaces, interleaved bar, space, ...;
     * start nnnn, stop wnn */
    assert_int_equal(voucher_itf_pattern("12", p, sizeof p), 17);
    assert_string_equal(p, "nnnn"
                           "wnnwnnnnww"
                           "wnn");
    /* "00": 0 = nnwwn in both */
    voucher_itf_pattern("00", p, sizeof p);
    assert_string_equal(p, "nnnn"
                           "nnnnwwwwnn"
                           "wnn");
}

static void test_itf_every_digit_has_two_wide(void **state) {
    (void)state;
    char p[200];
    size_t n = voucher_itf_pattern("012345678901234567", p, sizeof p);
    assert_int_equal(n, 4 + 18 * 5 + 3);
    int wide = 0;
    for (size_t i = 4; i < n - 3; i++) wide += p[i] == 'w';
    assert_int_equal(wide, 18 * 2);
}

static void test_itf_refuses(void **state) {
    (void)state;
    char p[200];
    assert_int_equal(voucher_itf_pattern("123", p, sizeof p), 0); /* odd */
    assert_int_equal(voucher_itf_pattern("1a", p, sizeof p), 0);
    assert_int_equal(voucher_itf_pattern("", p, sizeof p), 0);
    assert_int_equal(voucher_itf_pattern("12", p, 10), 0); /* no room */
}

static char dir[64];

static void words_of(int64_t cents, char *out, size_t cap) {
    game_voucher_t v;
    memset(&v, 0, sizeof v);
    v.amount = cents;
    v.sequence = 7;
    snprintf(v.validation, sizeof v.validation, "00-0000-0000-0000-0007");
    snprintf(v.when, sizeof v.when, "2026-11-22 00:00:00 UTC");
    snprintf(v.machine, sizeof v.machine, "M-1");
    char path[300], png[300], err[300];
    assert_true(voucher_print(dir, &v, "$x", NULL, false, path, png, sizeof path, err, sizeof err));
    assert_string_equal(png, ""); /* no font: the text ticket only */
    FILE *f = fopen(path, "r");
    assert_non_null(f);
    char line[600];
    out[0] = '\0';
    while (fgets(line, sizeof line, f))
        if (strncmp(line, "amount in words: ", 17) == 0) {
            line[strcspn(line, "\n")] = '\0';
            snprintf(out, cap, "%s", line + 17);
        }
    fclose(f);
    unlink(path);
}

static void test_amount_words(void **state) {
    (void)state;
    char w[600];
    words_of(5, w, sizeof w);
    assert_string_equal(w, "ZERO AND 05/100");
    words_of(10300, w, sizeof w);
    assert_string_equal(w, "ONE HUNDRED THREE AND 00/100");
    words_of(11000, w, sizeof w);
    assert_string_equal(w, "ONE HUNDRED TEN AND 00/100");
    words_of(100000, w, sizeof w);
    assert_string_equal(w, "ONE THOUSAND AND 00/100");
    words_of(123456789, w, sizeof w);
    assert_string_equal(w, "ONE MILLION TWO HUNDRED THIRTY-FOUR THOUSAND FIVE HUNDRED "
                           "SIXTY-SEVEN AND 89/100");
    words_of(200001999, w, sizeof w);
    assert_string_equal(w, "TWO MILLION NINETEEN AND 99/100");
}

int main(void) {
    snprintf(dir, sizeof dir, "/tmp/studpoker-voucher-XXXXXX");
    if (!mkdtemp(dir)) return 1;
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_itf_pair),
        cmocka_unit_test(test_itf_every_digit_has_two_wide),
        cmocka_unit_test(test_itf_refuses),
        cmocka_unit_test(test_amount_words),
    };
    int rc = cmocka_run_group_tests(tests, NULL, NULL);
    rmdir(dir);
    return rc;
}
