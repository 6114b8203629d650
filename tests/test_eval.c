/* Five-card evaluation: the published category counts over all 2,598,960 hands, the 7,462
 * distinct values, the order of hands checked against a second, independent method, the seeds'
 * tie-break examples, and the names the screen shows. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdlib.h>
#include <string.h>

#include "eval.h"
#include "rng.h"

static int hand(const char *text, card_t *out) {
    char err[128];
    int n = card_parse_list(text, out, 8, err, sizeof err);
    if (n < 0) fail_msg("bad test hand '%s': %s", text, err);
    return n;
}

static int value_of(const char *text) {
    card_t c[8];
    int n = hand(text, c);
    return eval_best(c, n, NULL);
}

/* Counts of each category and of distinct values over every five-card hand (published: e.g.
 * Wikipedia "Poker probability"; 7,462 distinct hand classes). */
static void test_all_five_card_hands(void **state) {
    (void)state;
    static const long expect[EVAL_CATEGORIES] = {1302540, 1098240, 123552, 54912, 10200,
                                                 5108,    3744,    624,    36,    4};
    static const int expect_classes[EVAL_CATEGORIES] = {1277, 2860, 858, 858, 10,
                                                        1277, 156,  156, 9,   1};
    long count[EVAL_CATEGORIES] = {0};
    static unsigned char seen[EVAL_CLASSES + 1];
    memset(seen, 0, sizeof seen);
    long total = 0;
    card_t c[5];
    for (c[0] = 0; c[0] < 52; c[0]++)
        for (c[1] = c[0] + 1; c[1] < 52; c[1]++)
            for (c[2] = c[1] + 1; c[2] < 52; c[2]++)
                for (c[3] = c[2] + 1; c[3] < 52; c[3]++)
                    for (c[4] = c[3] + 1; c[4] < 52; c[4]++) {
                        int v = eval_value(c, 5);
                        assert_true(v >= 1 && v <= EVAL_CLASSES);
                        count[eval_category(v)]++;
                        seen[v] = 1;
                        total++;
                    }
    assert_int_equal(total, 2598960);
    int classes[EVAL_CATEGORIES] = {0}, distinct = 0;
    for (int v = 1; v <= EVAL_CLASSES; v++)
        if (seen[v]) distinct++, classes[eval_category(v)]++;
    assert_int_equal(distinct, 7462);
    for (int k = 0; k < EVAL_CATEGORIES; k++) {
        assert_int_equal(count[k], expect[k]);
        assert_int_equal(classes[k], expect_classes[k]);
    }
}

/* ---- a second method: a plain evaluator written for the test, by sorting and counting ---- */

/* Returns category * 16^5 + tie ranks (most significant first), so that two hands compare as
 * their keys do. Independent of the tables: no lookups, no rank keys. */
static long reference_key(const card_t *c) {
    int r[5], s[5];
    for (int i = 0; i < 5; i++) r[i] = card_rank(c[i]), s[i] = card_suit(c[i]);
    /* sort ranks by (multiplicity desc, rank desc) */
    int mult[5];
    for (int i = 0; i < 5; i++) {
        mult[i] = 0;
        for (int j = 0; j < 5; j++) mult[i] += r[j] == r[i];
    }
    for (int i = 0; i < 5; i++)
        for (int j = i + 1; j < 5; j++)
            if (mult[j] > mult[i] || (mult[j] == mult[i] && r[j] > r[i])) {
                int t = r[i];
                r[i] = r[j];
                r[j] = t;
                t = mult[i];
                mult[i] = mult[j];
                mult[j] = t;
            }
    int flush = s[0] == s[1] && s[1] == s[2] && s[2] == s[3] && s[3] == s[4];
    int distinct = mult[0] == 1;
    int straight = 0, high = r[0];
    if (distinct && r[0] - r[4] == 4) straight = 1;
    if (distinct && r[0] == 12 && r[1] == 3 && r[4] == 0) straight = 1, high = 3; /* wheel */
    int cat;
    if (straight && flush)
        cat = high == 12 ? 9 : 8;
    else if (mult[0] == 4)
        cat = 7;
    else if (mult[0] == 3 && mult[3] == 2)
        cat = 6;
    else if (flush)
        cat = 5;
    else if (straight)
        cat = 4;
    else if (mult[0] == 3)
        cat = 3;
    else if (mult[0] == 2 && mult[2] == 2)
        cat = 2;
    else if (mult[0] == 2)
        cat = 1;
    else
        cat = 0;
    long key = cat == 9 ? 8 : cat;
    if (straight) return (key << 20) | ((long)high << 16);
    for (int i = 0; i < 5; i++) key = key * 16 + r[i];
    return key;
}

static void test_order_matches_second_method(void **state) {
    (void)state;
    rng_t r;
    rng_init_seed_u64(&r, 99);
    for (int i = 0; i < 300000; i++) {
        deck_t d;
        deck_init52(&d);
        deck_shuffle(&d, &r);
        const card_t *a = d.cards, *b = d.cards + 5;
        int va = eval_value(a, 5), vb = eval_value(b, 5);
        long ka = reference_key(a), kb = reference_key(b);
        int by_eval = (va > vb) - (va < vb);
        int by_ref = (ka > kb) - (ka < kb);
        assert_int_equal(by_eval, by_ref);
    }
}

/* Seed 000: 10s 10c 7h Kc 2h against 10h 10d Kd Qc 4c: both pairs of tens; the kings tie, then
 * the queen beats the seven: hand 2 wins. */
static void test_seed000_tie_break(void **state) {
    (void)state;
    int h1 = value_of("Ts Tc 7h Kc 2h"), h2 = value_of("Th Td Kd Qc 4c");
    assert_int_equal(eval_category(h1), EVAL_PAIR);
    assert_int_equal(eval_category(h2), EVAL_PAIR);
    assert_true(h2 > h1);
    /* Seed 000's first example calls K K K 4 8 a full house; it is three of a kind. It still
     * beats the pair of tens, as the seed says. */
    int trips = value_of("Kd Ks Kh 4c 8c");
    assert_int_equal(eval_category(trips), EVAL_TRIPS);
    assert_true(trips > h1);
}

/* Seed 001's tie rules: quads by rank then kicker; full house by trips then pair; two pairs by
 * high pair, low pair, kicker; equal hands tie whatever the suits. */
static void test_seed001_tie_rules(void **state) {
    (void)state;
    assert_true(value_of("9s 9h 9d 9c 2h") > value_of("8s 8h 8d 8c Ah"));
    assert_true(value_of("Qs Qh Qd Qc 5h") > value_of("Qs Qh Qd Qc 4h"));
    assert_true(value_of("Ks Kh Kd 2c 2h") > value_of("Qs Qh Qd Ac Ah"));
    assert_true(value_of("Ks Kh Kd 3c 3h") > value_of("Ks Kh Kc 2c 2h"));
    assert_true(value_of("As Ah 3d 3c 2h") > value_of("Ks Kh Qd Qc Jh"));
    assert_true(value_of("As Ah 4d 4c 2h") > value_of("As Ah 3d 3c Kh"));
    assert_true(value_of("As Ah 4d 4c 3h") > value_of("Ad Ac 4h 4s 2h"));
    assert_true(value_of("Ah Jh 9h 6h 2h") > value_of("Ad Jd 9d 5d 4d"));
    assert_int_equal(value_of("9s 8h 7d 6c 5h"), value_of("9h 8d 7c 6s 5s"));
    assert_int_equal(value_of("Ah Kh 8h 6h 2h"), value_of("As Ks 8s 6s 2s"));
    assert_int_equal(value_of("Ts Tc 7h Kc 2h"), value_of("Th Td 7s Kd 2c"));
}

static void test_straights(void **state) {
    (void)state;
    int wheel = value_of("Ah 2d 3c 4s 5h");
    assert_int_equal(eval_category(wheel), EVAL_STRAIGHT);
    assert_true(value_of("2h 3d 4c 5s 6h") > wheel);
    assert_true(wheel > value_of("As Ad Ac Kh Qd")); /* the lowest straight beats any trips */
    assert_int_equal(eval_category(value_of("Qh Kd Ac 2s 3h")), EVAL_HIGH_CARD); /* no wrap */
    assert_int_equal(eval_category(value_of("Th Jd Qc Ks Ah")), EVAL_STRAIGHT);
    assert_int_equal(eval_category(value_of("Th Jh Qh Kh Ah")), EVAL_ROYAL_FLUSH);
    int steel = value_of("Ah 2h 3h 4h 5h");
    assert_int_equal(eval_category(steel), EVAL_STRAIGHT_FLUSH);
    assert_true(value_of("2s 3s 4s 5s 6s") > steel);
}

/* Suits never break ties: all 24 relabellings of the suits give the same value. */
static void test_suits_never_break_ties(void **state) {
    (void)state;
    static const int perms[24][4] = {
        {0, 1, 2, 3}, {0, 1, 3, 2}, {0, 2, 1, 3}, {0, 2, 3, 1}, {0, 3, 1, 2}, {0, 3, 2, 1},
        {1, 0, 2, 3}, {1, 0, 3, 2}, {1, 2, 0, 3}, {1, 2, 3, 0}, {1, 3, 0, 2}, {1, 3, 2, 0},
        {2, 0, 1, 3}, {2, 0, 3, 1}, {2, 1, 0, 3}, {2, 1, 3, 0}, {2, 3, 0, 1}, {2, 3, 1, 0},
        {3, 0, 1, 2}, {3, 0, 2, 1}, {3, 1, 0, 2}, {3, 1, 2, 0}, {3, 2, 0, 1}, {3, 2, 1, 0}};
    rng_t r;
    rng_init_seed_u64(&r, 5);
    for (int i = 0; i < 2000; i++) {
        deck_t d;
        deck_init52(&d);
        deck_shuffle(&d, &r);
        int n = 5 + i % 3;
        int v = eval_best(d.cards, n, NULL);
        for (int p = 0; p < 24; p++) {
            card_t c[7];
            for (int k = 0; k < n; k++)
                c[k] = card_make(card_rank(d.cards[k]), perms[p][card_suit(d.cards[k])]);
            assert_int_equal(eval_best(c, n, NULL), v);
        }
    }
}

static void test_best_five_cards(void **state) {
    (void)state;
    card_t c[7];
    hand("2d As Kc Ks 9h Qs Js", c); /* no ten of spades: the best is a pair of kings */
    uint8_t used;
    int v = eval_best(c, 7, &used);
    assert_int_equal(eval_category(v), EVAL_PAIR);
    assert_int_equal(used, 0x02 | 0x04 | 0x08 | 0x20 | 0x40); /* As Kc Ks Qs Js */
    hand("As Ks Qs Js Ts 2d 2c", c);
    v = eval_best(c, 7, &used);
    assert_int_equal(eval_category(v), EVAL_ROYAL_FLUSH);
    assert_int_equal(used, 0x1f);
    hand("2h 7h 3c 9h Jh 8d Kh", c); /* heart flush, K J 9 7 2 */
    v = eval_best(c, 7, &used);
    assert_int_equal(eval_category(v), EVAL_FLUSH);
    assert_int_equal(used, 0x01 | 0x02 | 0x08 | 0x10 | 0x40);
    assert_int_equal(v, eval_value(c, 7));
    assert_int_equal(v, value_of("Kh Jh 9h 7h 2h"));
}

static void test_names(void **state) {
    (void)state;
    struct {
        const char *cards, *name;
    } cases[] = {
        {"Ts Tc 7h Kc 2h", "Pair of Tens, King kicker"},
        {"Ks Kh Kd 6c 6h", "Full House, Kings full of Sixes"},
        {"As Ks Qs Js Ts", "Royal Flush"},
        {"5s 4s 3s 2s As", "Straight Flush, Five high"},
        {"Ah 2d 3c 4s 5h", "Straight, Five high"},
        {"7s 7h 7d 7c Ah", "Four Sevens, Ace kicker"},
        {"As Ah 8d 8c Qh", "Two Pair, Aces and Eights, Queen kicker"},
        {"3s 3h 3d Kc 2h", "Three Threes"},
        {"Ah Jh 9h 6h 2h", "Flush, Ace high"},
        {"Ah Kd 9h 6c 2h", "Ace King High"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char buf[96];
        eval_describe(value_of(cases[i].cards), buf, sizeof buf);
        assert_string_equal(buf, cases[i].name);
    }
    assert_string_equal(eval_category_name(EVAL_TWO_PAIR), "Two Pair");
}

/* The cards that make a hand (for the screen's highlight): by hand, the paired cards and not the
 * kickers; and over every five-card hand, as many cards as the category holds (pair 2, two pair
 * 4, trips 3, quads 4, high card 1, everything else 5), counted against the category. */
static uint8_t making(const char *text) {
    card_t c[5];
    char err[80];
    assert_int_equal(card_parse_list(text, c, 5, err, sizeof err), 5);
    return eval_making_cards(c);
}

static void test_making_cards(void **state) {
    (void)state;
    assert_int_equal(making("Kd 3s Ks Qd 4c"), 0x05); /* the kings, not the queen kicker */
    assert_int_equal(making("Kd 3s Ks 3d 4c"), 0x0f); /* two pair, not the 4 */
    assert_int_equal(making("9s 9h 9d 9c 4s"), 0x0f); /* four nines, not the 4 */
    assert_int_equal(making("7s 2h 7d Ac 7c"), 0x15); /* three sevens */
    assert_int_equal(making("7s 2h 7d 2c 7c"), 0x1f); /* a full house: all five */
    assert_int_equal(making("5s 4h 3d 2c Ac"), 0x1f); /* the wheel */
    assert_int_equal(making("2h 7h 9h Jh 4h"), 0x1f); /* a flush */
    assert_int_equal(making("2h 7d 9s Ac 4h"), 0x08); /* ace high: the ace */
    card_t c[5];
    long wrong = 0, hands = 0;
    for (c[0] = 0; c[0] < 52; c[0]++)
        for (c[1] = (card_t)(c[0] + 1); c[1] < 52; c[1]++)
            for (c[2] = (card_t)(c[1] + 1); c[2] < 52; c[2]++)
                for (c[3] = (card_t)(c[2] + 1); c[3] < 52; c[3]++)
                    for (c[4] = (card_t)(c[3] + 1); c[4] < 52; c[4]++) {
                        static const int want[] = {1, 2, 4, 3, 5, 5, 5, 4, 5, 5};
                        int cat = (int)eval_category(eval_value(c, 5));
                        wrong += __builtin_popcount(eval_making_cards(c)) != want[cat];
                        hands++;
                    }
    assert_int_equal(hands, 2598960);
    assert_int_equal(wrong, 0);
}

/* The cards of six (a 5+1 BONUS hand: the player's five, then the dealer's up card) that make
 * the best five's hand, by hand: the up card lit when it is one of them, not when it is a
 * kicker or left out. */
static uint8_t making6(const char *text) {
    card_t c[6];
    char err[80];
    assert_int_equal(card_parse_list(text, c, 6, err, sizeof err), 6);
    return eval_making_cards_of(c, 6);
}

static void test_making_cards_of_six(void **state) {
    (void)state;
    assert_int_equal(making6("9s 9h 9d 2c 3c 9c"), 0x27); /* four nines with the up card */
    assert_int_equal(making6("9s 9h 9d 9c 4s 4h"), 0x0f); /* the up card a kicker: not lit */
    assert_int_equal(making6("2h 7h 9h Jh 4c Kh"), 0x2f); /* a flush the up card completes */
    assert_int_equal(making6("Kd Ks 7c 7d 2s 2h"), 0x0f); /* kings and sevens: the 2s left out */
    assert_int_equal(making6("5s 4h 3d 2c Kc Ah"), 0x2f); /* the wheel, the ace up */
    assert_int_equal(making6("As Ks Qs Js Ts 9s"), 0x1f); /* the royal; the nine left out */
    card_t five[5] = {0, 4, 8, 12, 16};
    assert_int_equal(eval_making_cards_of(five, 4), 0); /* too few cards */
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_all_five_card_hands),
        cmocka_unit_test(test_order_matches_second_method),
        cmocka_unit_test(test_seed000_tie_break),
        cmocka_unit_test(test_seed001_tie_rules),
        cmocka_unit_test(test_straights),
        cmocka_unit_test(test_suits_never_break_ties),
        cmocka_unit_test(test_best_five_cards),
        cmocka_unit_test(test_names),
        cmocka_unit_test(test_making_cards),
        cmocka_unit_test(test_making_cards_of_six),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
