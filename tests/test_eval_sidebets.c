/* The side-bet classifiers: Cajun Stud's Board Bonus (three cards), Pocket Bonus (two cards) and
 * Lo Ball, Asian Stud's points and its joker bonus hand. Counts come from combinatorics worked
 * out here, independently of the code under test. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <string.h>

#include "eval.h"

static void parse(const char *text, card_t *out, int n) {
    char err[128];
    if (card_parse_list(text, out, 8, err, sizeof err) != n) fail_msg("bad hand '%s'", text);
}

/* All 22,100 three-card sets: mini royal 4 (one per suit); other straight flushes 12 x 4 - 4 = 44;
 * trips 13 x 4 = 52; straights 12 x (64 - 4) = 720; flushes 4 x 286 - 48 = 1,096; pairs
 * 13 x 6 x 48 = 3,744; the rest 16,440. */
static void test_board3_counts(void **state) {
    (void)state;
    long count[EVAL3_CATEGORIES] = {0}, total = 0;
    card_t c[3];
    for (c[0] = 0; c[0] < 52; c[0]++)
        for (c[1] = c[0] + 1; c[1] < 52; c[1]++)
            for (c[2] = c[1] + 1; c[2] < 52; c[2]++) count[eval_board3(c)]++, total++;
    assert_int_equal(total, 22100);
    assert_int_equal(count[EVAL3_MINI_ROYAL], 4);
    assert_int_equal(count[EVAL3_STRAIGHT_FLUSH], 44);
    assert_int_equal(count[EVAL3_TRIPS], 52);
    assert_int_equal(count[EVAL3_STRAIGHT], 720);
    assert_int_equal(count[EVAL3_FLUSH], 1096);
    assert_int_equal(count[EVAL3_PAIR], 3744);
    assert_int_equal(count[EVAL3_HIGH_CARD], 16440);
}

static void test_board3_examples(void **state) {
    (void)state;
    card_t c[3];
    parse("As Ks Qs", c, 3);
    assert_int_equal(eval_board3(c), EVAL3_MINI_ROYAL);
    parse("Ah 2h 3h", c, 3);
    assert_int_equal(eval_board3(c), EVAL3_STRAIGHT_FLUSH);
    parse("Ah 2d 3h", c, 3);
    assert_int_equal(eval_board3(c), EVAL3_STRAIGHT);
    parse("Qh Kd Ac", c, 3);
    assert_int_equal(eval_board3(c), EVAL3_STRAIGHT);
    parse("Kh Ad 2c", c, 3); /* no wrap-around */
    assert_int_equal(eval_board3(c), EVAL3_HIGH_CARD);
    parse("9h 9d 9c", c, 3);
    assert_int_equal(eval_board3(c), EVAL3_TRIPS);
    parse("9h 2h Jh", c, 3);
    assert_int_equal(eval_board3(c), EVAL3_FLUSH);
    parse("9h 9d Jh", c, 3);
    assert_int_equal(eval_board3(c), EVAL3_PAIR);
}

/* All 1,326 two-card hands: aces 6; other pairs 12 x 6 = 72; ace with K/Q/J suited 3 x 4 = 12;
 * unsuited 3 x 4 x 3 = 36; nothing 1,200. */
static void test_pocket_counts(void **state) {
    (void)state;
    long count[EVAL_POCKET_CATEGORIES] = {0};
    card_t c[2];
    for (c[0] = 0; c[0] < 52; c[0]++)
        for (c[1] = c[0] + 1; c[1] < 52; c[1]++) count[eval_pocket(c)]++;
    assert_int_equal(count[EVAL_POCKET_ACES], 6);
    assert_int_equal(count[EVAL_POCKET_PAIR], 72);
    assert_int_equal(count[EVAL_POCKET_ACE_FACE_SUITED], 12);
    assert_int_equal(count[EVAL_POCKET_ACE_FACE], 36);
    assert_int_equal(count[EVAL_POCKET_NONE], 1200);
    parse("Kh Ah", c, 2);
    assert_int_equal(eval_pocket(c), EVAL_POCKET_ACE_FACE_SUITED);
    parse("As Td", c, 2);
    assert_int_equal(eval_pocket(c), EVAL_POCKET_NONE);
}

static long choose(int n, int k) {
    long r = 1;
    for (int i = 1; i <= k; i++) r = r * (n - k + i) / i;
    return r;
}

/* Lo Ball over all five-card hands: a hand with high card h (rank index, deuce = 0) and no
 * pair, straight or flush takes four lower ranks (C(h, 4) sets, less the one straight ending at
 * h) in 4^5 - 4 non-flush suit patterns. */
static void test_lowball_counts(void **state) {
    (void)state;
    long count[CARD_RANKS] = {0}, none = 0;
    card_t c[5];
    for (c[0] = 0; c[0] < 52; c[0]++)
        for (c[1] = c[0] + 1; c[1] < 52; c[1]++)
            for (c[2] = c[1] + 1; c[2] < 52; c[2]++)
                for (c[3] = c[2] + 1; c[3] < 52; c[3]++)
                    for (c[4] = c[3] + 1; c[4] < 52; c[4]++) {
                        int h = eval_lowball_high(c);
                        if (h < 0)
                            none++;
                        else
                            count[h]++;
                    }
    for (int h = CARD_RANK_7; h <= CARD_RANK_K; h++) {
        long sets = choose(h, 4) - 1;
        assert_int_equal(count[h], sets * (1024 - 4));
    }
    /* ace high: the four others from 12 ranks, less K-Q-J-T (the broadway straight) and
     * 5-4-3-2 (the wheel) */
    assert_int_equal(count[CARD_RANK_A], (choose(12, 4) - 2) * 1020);
    for (int h = 0; h < CARD_RANK_7; h++) assert_int_equal(count[h], 0);
    assert_int_equal(none + 1302540, 2598960);
}

static void test_lowball_examples(void **state) {
    (void)state;
    card_t c[5];
    parse("7h 5d 4c 3s 2h", c, 5);
    assert_int_equal(eval_lowball_high(c), CARD_RANK_7);
    parse("7h 6d 5c 4s 3h", c, 5); /* straight */
    assert_int_equal(eval_lowball_high(c), -1);
    parse("7h 5h 4h 3h 2h", c, 5); /* flush */
    assert_int_equal(eval_lowball_high(c), -1);
    parse("7h 7d 4c 3s 2h", c, 5); /* pair */
    assert_int_equal(eval_lowball_high(c), -1);
    parse("Ah 2d 3c 4s 6h", c, 5); /* the ace is high */
    assert_int_equal(eval_lowball_high(c), CARD_RANK_A);
    parse("Jh 9d 4c 3s 2h", c, 5);
    assert_int_equal(eval_lowball_high(c), CARD_RANK_J);
}

/* Seed 004's examples, and every hand of the 53-card deck checked against a direct search of
 * all ten three/two splits (value of the pair computed from the two cards themselves). */
static int points(card_t c) {
    if (c == CARD_JOKER) return 1;
    static const int p[13] = {2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10, 1};
    return p[card_rank(c)];
}

static void test_asian_examples(void **state) {
    (void)state;
    card_t c[5];
    parse("5h 5d Tc Ts Kh", c, 5); /* 5+5+10; ten and king: value 10 */
    eval_asian_t a = eval_asian(c);
    assert_true(a.qualifies);
    assert_int_equal(a.value, 10);
    parse("3h 7d Kc 7s 4h", c, 5); /* 3+7+10; seven and four: value 1 */
    a = eval_asian(c);
    assert_true(a.qualifies);
    assert_int_equal(a.value, 1);
    parse("Ah Ad Ac As 2h", c, 5); /* 1,1,1,1,2: no three total 10 */
    a = eval_asian(c);
    assert_false(a.qualifies);
    assert_int_equal(a.value, 0);
    parse("Jk 4h 5d 9c 3s", c, 5); /* joker 1 + 4 + 5 = 10; 9 + 3 = 12: value 2 */
    a = eval_asian(c);
    assert_true(a.qualifies);
    assert_int_equal(a.value, 2);
    assert_int_equal(__builtin_popcount(a.three), 3);
}

static void test_asian_all_hands(void **state) {
    (void)state;
    long hands = 0, qualifying = 0;
    card_t c[5];
    for (c[0] = 0; c[0] < 53; c[0]++)
        for (c[1] = c[0] + 1; c[1] < 53; c[1]++)
            for (c[2] = c[1] + 1; c[2] < 53; c[2]++)
                for (c[3] = c[2] + 1; c[3] < 53; c[3]++)
                    for (c[4] = c[3] + 1; c[4] < 53; c[4]++) {
                        int q = 0, value = 0;
                        for (int i = 0; i < 5 && !q; i++)
                            for (int j = i + 1; j < 5 && !q; j++) {
                                /* i, j are the two; the other three must total 10/20/30 */
                                int three = 0;
                                for (int k = 0; k < 5; k++)
                                    if (k != i && k != j) three += points(c[k]);
                                if (three == 10 || three == 20 || three == 30) {
                                    q = 1;
                                    int two = points(c[i]) + points(c[j]);
                                    value = two % 10 == 0 ? 10 : two % 10;
                                }
                            }
                        eval_asian_t a = eval_asian(c);
                        assert_int_equal(a.qualifies, q);
                        assert_int_equal(a.value, value);
                        if (q) {
                            int three = 0;
                            for (int k = 0; k < 5; k++)
                                if (a.three >> k & 1) three += points(c[k]);
                            assert_int_equal(three % 10, 0);
                        }
                        hands++, qualifying += q;
                    }
    assert_int_equal(hands, 2869685);
    assert_true(qualifying > 0 && qualifying < hands);
}

static void test_asian_bonus(void **state) {
    (void)state;
    struct {
        const char *cards;
        eval_asian_bonus_t expect;
    } cases[] = {
        {"As Ah Ad Ac Jk", EVAL_ABONUS_FIVE_ACES},
        {"Ts Js Qs Ks Jk", EVAL_ABONUS_ROYAL_FLUSH}, /* joker is the ace of spades */
        {"As Ks Qs Js Jk", EVAL_ABONUS_ROYAL_FLUSH}, /* joker is the ten of spades */
        {"9s Ts Js Qs Jk", EVAL_ABONUS_STRAIGHT_FLUSH},
        {"2h 7h 9h Kh Jk", EVAL_ABONUS_FLUSH},
        {"5c 6d 8h 9s Jk", EVAL_ABONUS_STRAIGHT}, /* inside straight */
        {"2c 3d 4h 5s Jk", EVAL_ABONUS_STRAIGHT},
        {"As Ah Ad Kc Jk", EVAL_ABONUS_QUADS},      /* joker as the fourth ace */
        {"Ks Kh Kd 2c Jk", EVAL_ABONUS_TRIPS},      /* only an ace: not four kings */
        {"As Ah Kd Kc Jk", EVAL_ABONUS_FULL_HOUSE}, /* aces full of kings */
        {"Ks Kh 2d 2c Jk", EVAL_ABONUS_TWO_PAIR},   /* not a full house */
        {"As Ah 7d 3c Jk", EVAL_ABONUS_TRIPS},
        {"Ks Qh 7d 3c Jk", EVAL_ABONUS_NONE},     /* a pair of aces loses */
        {"Ks Kh 7d 7c 2h", EVAL_ABONUS_TWO_PAIR}, /* no joker: an ordinary hand */
        {"Ks Kh 7d 4c 2h", EVAL_ABONUS_NONE},
        {"As Ks Qs Js Ts", EVAL_ABONUS_ROYAL_FLUSH},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        card_t c[5];
        parse(cases[i].cards, c, 5);
        if (eval_asian_bonus(c) != cases[i].expect)
            fail_msg("%s: got %s, expected %s", cases[i].cards,
                     eval_asian_bonus_name(eval_asian_bonus(c)),
                     eval_asian_bonus_name(cases[i].expect));
    }
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_board3_counts),    cmocka_unit_test(test_board3_examples),
        cmocka_unit_test(test_pocket_counts),    cmocka_unit_test(test_lowball_counts),
        cmocka_unit_test(test_lowball_examples), cmocka_unit_test(test_asian_examples),
        cmocka_unit_test(test_asian_all_hands),  cmocka_unit_test(test_asian_bonus),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
