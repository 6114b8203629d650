/* The game RNG: real ChaCha20 in seeded mode, reproducible, unbiased bounded draws, and a
 * shuffle whose every card is equally likely at every position (chi-square, 1,000,000 decks). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "rng.h"

/* ChaCha20 with an all-zero key and nonce: the first key-stream block is a published test
 * vector (Bernstein's ChaCha; also test vector 1 of draft-agl-tls-chacha20poly1305). */
static void test_seeded_is_chacha20(void **state) {
    (void)state;
    static const uint8_t expect[16] = {0x76, 0xb8, 0xe0, 0xad, 0xa0, 0xf1, 0x3d, 0x90,
                                       0x40, 0x5d, 0x6a, 0xe5, 0x53, 0x86, 0xbd, 0x28};
    uint8_t zero[RNG_SEED_BYTES] = {0};
    rng_t rng;
    rng_init_seeded(&rng, zero);
    for (int w = 0; w < 4; w++) {
        uint32_t v = rng_u32(&rng);
        uint32_t e = (uint32_t)expect[4 * w] | (uint32_t)expect[4 * w + 1] << 8 |
                     (uint32_t)expect[4 * w + 2] << 16 | (uint32_t)expect[4 * w + 3] << 24;
        assert_int_equal(v, e);
    }
}

static void test_same_seed_same_cards(void **state) {
    (void)state;
    rng_t a, b, c;
    rng_init_seed_u64(&a, 12345);
    rng_init_seed_u64(&b, 12345);
    rng_init_seed_u64(&c, 12346);
    deck_t da, db, dc;
    int differ = 0;
    for (int round = 0; round < 100; round++) {
        deck_init52(&da), deck_init52(&db), deck_init52(&dc);
        deck_shuffle(&da, &a), deck_shuffle(&db, &b), deck_shuffle(&dc, &c);
        assert_memory_equal(da.cards, db.cards, 52);
        assert_true(deck_is_valid(&da));
        differ += memcmp(da.cards, dc.cards, 52) != 0;
    }
    assert_int_equal(differ, 100);
}

static void test_system_mode(void **state) {
    (void)state;
    rng_t a;
    assert_true(rng_init_system(&a));
    deck_t d1, d2;
    deck_init53(&d1), deck_init53(&d2);
    deck_shuffle(&d1, &a), deck_shuffle(&d2, &a);
    assert_true(deck_is_valid(&d1));
    assert_true(deck_is_valid(&d2));
    /* two fresh orders of 53 cards agree with probability 1/53! */
    assert_memory_not_equal(d1.cards, d2.cards, 53);
    for (int i = 0; i < 10000; i++) assert_true(rng_uniform(&a, 7) < 7);
}

static void test_uniform_range(void **state) {
    (void)state;
    rng_t r;
    rng_init_seed_u64(&r, 1);
    assert_int_equal(rng_uniform(&r, 1), 0);
    assert_int_equal(rng_uniform(&r, 0), 0);
    uint32_t bounds[] = {2, 3, 52, 53, 1000, 0x80000001u, 0xFFFFFFFFu};
    for (size_t b = 0; b < sizeof bounds / sizeof bounds[0]; b++)
        for (int i = 0; i < 20000; i++) assert_true(rng_uniform(&r, bounds[b]) < bounds[b]);
}

/* With bound 3 * 2^30, plain modulo would make [0, 2^30) twice as likely as each of the other
 * two thirds. Rejection must make the thirds equal: chi-square, 2 degrees of freedom, 99%. */
static void test_uniform_no_modulo_bias(void **state) {
    (void)state;
    rng_t r;
    rng_init_seed_u64(&r, 2);
    const uint32_t bound = 3u << 30;
    long counts[3] = {0};
    const long n = 300000;
    for (long i = 0; i < n; i++) counts[rng_uniform(&r, bound) >> 30]++;
    double e = n / 3.0, chi = 0;
    for (int k = 0; k < 3; k++) chi += (counts[k] - e) * (counts[k] - e) / e;
    assert_true(chi < 9.210);
}

/* Chi-square of card frequencies at each of the 52 positions over `decks` shuffles. Returns the
 * number of positions above the 99% critical value (51 degrees of freedom: 77.386) and the sum
 * of all 52 statistics. */
typedef void (*shuffle_fn)(rng_t *, card_t *, int);

static int positions_over_critical(shuffle_fn shuffle, long decks, double *total) {
    static long counts[52][52];
    memset(counts, 0, sizeof counts);
    rng_t r;
    rng_init_seed_u64(&r, 20261122);
    card_t d[52];
    for (long k = 0; k < decks; k++) {
        for (int i = 0; i < 52; i++) d[i] = (card_t)i;
        shuffle(&r, d, 52);
        for (int p = 0; p < 52; p++) counts[p][d[p]]++;
    }
    int over = 0;
    *total = 0;
    double e = decks / 52.0;
    for (int p = 0; p < 52; p++) {
        double chi = 0;
        for (int c = 0; c < 52; c++) chi += (counts[p][c] - e) * (counts[p][c] - e) / e;
        over += chi > 77.386;
        *total += chi;
    }
    return over;
}

/* The classic broken shuffle: swap every position with any position. Its orders are not equally
 * likely; the test below must catch it, or the test proves nothing. */
static void naive_shuffle(rng_t *r, card_t *c, int n) {
    for (int i = 0; i < n; i++) {
        uint32_t j = rng_uniform(r, (uint32_t)n);
        card_t t = c[i];
        c[i] = c[j], c[j] = t;
    }
}

/* Wilson-Hilferty: the 99% point of chi-square with k degrees of freedom. */
static double chi2_99(double k) {
    double a = 2.0 / (9.0 * k);
    double x = 1.0 - a + 2.326348 * sqrt(a);
    return k * x * x * x;
}

static void test_shuffle_chi_square(void **state) {
    (void)state;
    double total;
    int over = positions_over_critical(rng_shuffle, 1000000, &total);
    printf("# fair shuffle, 1,000,000 decks: %d of 52 positions over the 99%% value, "
           "sum of chi-square %.1f (99%% point %.1f)\n",
           over, total, chi2_99(52 * 51));
    /* Each position fails at 99% by chance with probability 1%: for 52 positions, 4 or more
     * such failures happen with probability 0.16% (binomial). */
    assert_true(over <= 3);
    assert_true(total < chi2_99(52 * 51));
}

static void test_chi_square_catches_naive_shuffle(void **state) {
    (void)state;
    double total;
    int over = positions_over_critical(naive_shuffle, 1000000, &total);
    printf("# naive shuffle: %d of 52 positions over the 99%% value, sum %.1f\n", over, total);
    assert_true(over > 3);
    assert_true(total > chi2_99(52 * 51));
}

/* rng_shuffle_front is Fisher-Yates from the front: the same draws, in the same order, as
 * steps i = 0, 1, .. that swap position i with i + rng_uniform(n - i). So the simulator's
 * rounds, which shuffle only the cards they deal, are the ones the seed always gave. */
static void test_shuffle_front_is_fisher_yates(void **state) {
    (void)state;
    rng_t a, b;
    rng_init_seed_u64(&a, 77);
    rng_init_seed_u64(&b, 77);
    static const int sizes[][2] = {{52, 10}, {53, 10}, {52, 5}, {52, 51}, {52, 52}, {52, 90},
                                   {6, 3},   {2, 1},   {1, 1},  {52, 0},  {0, 3}};
    for (int round = 0; round < 2000; round++) {
        int n = sizes[round % 11][0], k = sizes[round % 11][1];
        card_t x[DECK_MAX], y[DECK_MAX];
        for (int i = 0; i < n; i++) x[i] = y[i] = (card_t)((i * 7 + round) % DECK_MAX);
        rng_shuffle_front(&a, x, n, k);
        for (int i = 0; i < k && i < n - 1; i++) {
            int j = i + (int)rng_uniform(&b, (uint32_t)(n - i));
            card_t t = y[i];
            y[i] = y[j], y[j] = t;
        }
        if (n) assert_memory_equal(x, y, (size_t)n);
    }
    assert_int_equal(rng_u32(&a), rng_u32(&b)); /* and neither drew more than the other */
    /* the deck stays a whole deck, also in system mode */
    rng_t sys;
    assert_true(rng_init_system(&sys));
    deck_t d;
    deck_init53(&d);
    for (int i = 0; i < 100; i++) {
        rng_shuffle_front(&sys, d.cards, d.count, 10);
        assert_true(deck_is_valid(&d));
        assert_int_equal(d.count, 53);
    }
}

/* The first ten cards of a front-only shuffle of 52, chi-square per position as for the full
 * shuffle; and every one of the 6 x 5 x 4 = 120 ordered choices of three cards out of six
 * equally likely, shuffling the same array on and on (the result must not depend on the order
 * the cards start in): chi-square with 119 degrees of freedom. */
static void test_shuffle_front_chi_square(void **state) {
    (void)state;
    static long counts[10][52];
    memset(counts, 0, sizeof counts);
    rng_t r;
    rng_init_seed_u64(&r, 20240611);
    card_t d[52];
    const long decks = 1000000;
    for (long k = 0; k < decks; k++) {
        for (int i = 0; i < 52; i++) d[i] = (card_t)i;
        rng_shuffle_front(&r, d, 52, 10);
        for (int p = 0; p < 10; p++) counts[p][d[p]]++;
    }
    int over = 0;
    double total = 0, e = decks / 52.0;
    for (int p = 0; p < 10; p++) {
        double chi = 0;
        for (int c = 0; c < 52; c++) chi += (counts[p][c] - e) * (counts[p][c] - e) / e;
        over += chi > 77.386;
        total += chi;
    }
    printf("# front-only shuffle, first 10 of 52, %ld decks: %d of 10 positions over the 99%% "
           "value, sum %.1f (99%% point %.1f)\n",
           decks, over, total, chi2_99(10 * 51));
    /* 3 or more of 10 positions over by chance: probability about 0.01% */
    assert_true(over <= 2);
    assert_true(total < chi2_99(10 * 51));

    static long triples[6][6][6];
    memset(triples, 0, sizeof triples);
    card_t six[6] = {0, 1, 2, 3, 4, 5};
    const long draws = 600000;
    for (long k = 0; k < draws; k++) {
        rng_shuffle_front(&r, six, 6, 3);
        triples[six[0]][six[1]][six[2]]++;
    }
    double chi = 0, e3 = draws / 120.0;
    int cells = 0;
    for (int a = 0; a < 6; a++)
        for (int b = 0; b < 6; b++)
            for (int c = 0; c < 6; c++) {
                if (a == b || a == c || b == c) {
                    assert_int_equal(triples[a][b][c], 0);
                    continue;
                }
                chi += (triples[a][b][c] - e3) * (triples[a][b][c] - e3) / e3;
                cells++;
            }
    assert_int_equal(cells, 120);
    printf("# front-only shuffle, 3 of 6: chi-square %.1f (99%% point %.1f)\n", chi, chi2_99(119));
    assert_true(chi < chi2_99(119));
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_seeded_is_chacha20),
        cmocka_unit_test(test_same_seed_same_cards),
        cmocka_unit_test(test_system_mode),
        cmocka_unit_test(test_uniform_range),
        cmocka_unit_test(test_uniform_no_modulo_bias),
        cmocka_unit_test(test_shuffle_chi_square),
        cmocka_unit_test(test_chi_square_catches_naive_shuffle),
        cmocka_unit_test(test_shuffle_front_is_fisher_yates),
        cmocka_unit_test(test_shuffle_front_chi_square),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
