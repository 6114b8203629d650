/* The UCI "Poker Hand" training set (shared/data): 25,010 hands labelled by its authors. Every
 * label must match our category. The file stays in shared/; without it the test fails under CI
 * and reports itself skipped elsewhere. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "eval.h"

#define DATA_FILE STUDPOKER_SHARED_DATA "/poker-hand-training-true.data"

static void test_uci_labels(void **state) {
    (void)state;
    FILE *f = fopen(DATA_FILE, "rb");
    if (!f) fail_msg("%s is missing: CI must have shared/ beside the checkout", DATA_FILE);
    /* the file is the one its README describes */
    assert_int_equal(sodium_init() >= 0, 1);
    crypto_hash_sha256_state sha;
    crypto_hash_sha256_init(&sha);
    static const int uci_suit[5] = {-1, CARD_HEARTS, CARD_SPADES, CARD_DIAMONDS, CARD_CLUBS};
    long per_class[10] = {0}, lines = 0, mismatches = 0;
    char line[256];
    while (fgets(line, sizeof line, f)) {
        crypto_hash_sha256_update(&sha, (const unsigned char *)line, strlen(line));
        int v[11];
        if (sscanf(line, "%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d", &v[0], &v[1], &v[2], &v[3], &v[4],
                   &v[5], &v[6], &v[7], &v[8], &v[9], &v[10]) != 11)
            fail_msg("line %ld is not 11 numbers", lines + 1);
        card_t c[5];
        for (int i = 0; i < 5; i++) {
            int s = v[2 * i], r = v[2 * i + 1];
            assert_true(s >= 1 && s <= 4 && r >= 1 && r <= 13);
            c[i] = card_make(r == 1 ? CARD_RANK_A : r - 2, uci_suit[s]);
        }
        int label = v[10];
        assert_true(label >= 0 && label <= 9);
        per_class[label]++;
        lines++;
        if ((int)eval_category(eval_value(c, 5)) != label) {
            if (mismatches++ < 5) printf("# mismatch on line %ld: %s", lines, line);
        }
    }
    fclose(f);
    unsigned char digest[32];
    crypto_hash_sha256_final(&sha, digest);
    char hex[65];
    sodium_bin2hex(hex, sizeof hex, digest, sizeof digest);
    assert_string_equal(hex, "865e3ddab86a461d6d556ae339ca0c13b602d8be9088281abe8b2accd75a9f69");
    assert_int_equal(lines, 25010);
    static const long expect[10] = {12493, 10599, 1206, 513, 93, 54, 36, 6, 5, 5};
    for (int k = 0; k < 10; k++) assert_int_equal(per_class[k], expect[k]);
    assert_int_equal(mismatches, 0);
}

int main(void) {
    /* Without the file the test cannot run: exit status 77, which ctest reports as skipped
     * (SKIP_RETURN_CODE), never as passed (a cmocka skip() would exit 0). Under CI the file
     * must be there: the test runs and fails. */
    FILE *f = fopen(DATA_FILE, "rb");
    if (!f && !getenv("CI")) {
        printf("# SKIP: %s not found (it lives in shared/data beside the checkout)\n", DATA_FILE);
        return 77;
    }
    if (f) fclose(f);
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_uci_labels)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
