/* Cards: the text forms parse and print back, bad text is refused, decks hold each card once. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <string.h>

#include "card.h"

static void test_parse_examples(void **state) {
    (void)state;
    card_t c;
    assert_true(card_parse("As", &c));
    assert_int_equal(card_rank(c), CARD_RANK_A);
    assert_int_equal(card_suit(c), CARD_SPADES);
    assert_true(card_parse("td", &c));
    assert_int_equal(card_rank(c), CARD_RANK_T);
    assert_int_equal(card_suit(c), CARD_DIAMONDS);
    assert_true(card_parse("10h", &c));
    assert_int_equal(c, card_make(CARD_RANK_T, CARD_HEARTS));
    assert_true(card_parse("2c", &c));
    assert_int_equal(c, card_make(CARD_RANK_2, CARD_CLUBS));
    assert_true(card_parse("Jk", &c));
    assert_int_equal(c, CARD_JOKER);
    assert_true(card_parse("JOKER", &c));
    assert_int_equal(c, CARD_JOKER);
    assert_true(card_parse("Q\xE2\x99\xA5", &c)); /* Q♥ */
    assert_int_equal(c, card_make(CARD_RANK_Q, CARD_HEARTS));
}

static void test_parse_refuses(void **state) {
    (void)state;
    const char *bad[] = {"", "A", "s", "Asx", "1s", "Xs", "Ax", "11h", "AA", "J k", "10", "0s"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        card_t c = 0;
        assert_false(card_parse(bad[i], &c));
    }
}

static void test_format_round_trip(void **state) {
    (void)state;
    for (int i = 0; i <= 52; i++) {
        char b[3];
        card_t back;
        assert_true(card_parse(card_format((card_t)i, b), &back));
        assert_int_equal(back, i);
    }
    char b[3], d[8];
    assert_string_equal(card_format(card_make(CARD_RANK_T, CARD_DIAMONDS), b), "Td");
    assert_string_equal(card_format(CARD_JOKER, b), "Jk");
    assert_string_equal(card_display(card_make(CARD_RANK_T, CARD_DIAMONDS), d), "10\xE2\x99\xA6");
    assert_string_equal(card_display(card_make(CARD_RANK_A, CARD_SPADES), d), "A\xE2\x99\xA0");
    assert_string_equal(card_display(CARD_JOKER, d), "JOKER");
}

static void test_parse_list(void **state) {
    (void)state;
    card_t cards[8];
    char err[128];
    assert_int_equal(card_parse_list("As, Kd  Qh,Jc Ts", cards, 8, err, sizeof err), 5);
    assert_int_equal(cards[4], card_make(CARD_RANK_T, CARD_SPADES));
    assert_int_equal(card_parse_list("As Kd As", cards, 8, err, sizeof err), -1);
    assert_non_null(strstr(err, "twice"));
    assert_int_equal(card_parse_list("As Zz", cards, 8, err, sizeof err), -1);
    assert_non_null(strstr(err, "'Zz'"));
    assert_int_equal(card_parse_list("2c 3c 4c", cards, 2, err, sizeof err), -1);
    assert_non_null(strstr(err, "too many"));
    assert_int_equal(card_parse_list("   ", cards, 8, err, sizeof err), 0);
}

static void test_decks(void **state) {
    (void)state;
    deck_t d;
    deck_init52(&d);
    assert_int_equal(d.count, 52);
    assert_true(deck_is_valid(&d));
    int per_suit[4] = {0}, per_rank[13] = {0};
    for (int i = 0; i < d.count; i++)
        per_suit[card_suit(d.cards[i])]++, per_rank[card_rank(d.cards[i])]++;
    for (int s = 0; s < 4; s++) assert_int_equal(per_suit[s], 13);
    for (int r = 0; r < 13; r++) assert_int_equal(per_rank[r], 4);
    deck_init53(&d);
    assert_int_equal(d.count, 53);
    assert_true(deck_is_valid(&d));
    assert_int_equal(d.cards[52], CARD_JOKER);
    d.cards[3] = d.cards[4]; /* a duplicate */
    assert_false(deck_is_valid(&d));
    deck_init52(&d);
    d.cards[0] = 200; /* not a card */
    assert_false(deck_is_valid(&d));
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_parse_examples),
        cmocka_unit_test(test_parse_refuses),
        cmocka_unit_test(test_format_round_trip),
        cmocka_unit_test(test_parse_list),
        cmocka_unit_test(test_decks),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
