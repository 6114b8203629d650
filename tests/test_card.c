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

/* The reference: a plain loop over the cards. */
static bool slow_card_set(const deck_t *d, uint64_t *set) {
    *set = 0;
    if (d->count < 0 || d->count > DECK_MAX) return false;
    uint64_t m = 0;
    for (int i = 0; i < d->count; i++) {
        if (d->cards[i] > CARD_JOKER || (m >> d->cards[i] & 1)) return false;
        m |= 1ull << d->cards[i];
    }
    *set = m;
    return true;
}

/* deck_card_set (round_init checks every deck with it) against the reference: whole decks, and
 * decks broken every way: duplicates, byte values that are not cards (53..63 have a bit of
 * their own; 64 and up would alias a real card's bit), short and long decks, bad counts. */
static void test_deck_card_set(void **state) {
    (void)state;
    deck_t d;
    uint64_t set, want;
    deck_init52(&d);
    assert_true(deck_card_set(&d, &set));
    assert_true(set == (1ull << 52) - 1);
    deck_init53(&d);
    assert_true(deck_card_set(&d, &set));
    assert_true(set == (1ull << 53) - 1);
    d.count = 0;
    assert_true(deck_card_set(&d, &set));
    assert_true(set == 0);
    d.count = -1;
    assert_false(deck_card_set(&d, &set));
    d.count = DECK_MAX + 1;
    assert_false(deck_card_set(&d, &set));

    static const card_t odd[] = {53, 55, 60, 63, 64, 64 + 5, 64 + 52, 128, 128 + 7, 200, 255};
    uint32_t x = 12345;
    for (int trial = 0; trial < 20000; trial++) {
        x = x * 1103515245u + 12345u;
        deck_init53(&d);
        d.count = 1 + (int)(x >> 8) % DECK_MAX;
        for (int i = d.count - 1; i > 0; i--) { /* any order */
            x = x * 1103515245u + 12345u;
            int j = (int)((x >> 8) % (uint32_t)(i + 1));
            card_t t = d.cards[i];
            d.cards[i] = d.cards[j], d.cards[j] = t;
        }
        x = x * 1103515245u + 12345u;
        int pos = (int)((x >> 8) % (uint32_t)d.count);
        switch (trial % 4) {
        case 0: /* left whole */
            break;
        case 1: /* a duplicate */
            d.cards[pos] = d.cards[(pos + 1) % d.count];
            break;
        case 2: /* a byte that is not a card */
            d.cards[pos] = odd[(x >> 20) % (sizeof odd / sizeof odd[0])];
            break;
        default: /* a card that aliases another modulo 64 */
            d.cards[pos] = (card_t)(d.cards[pos] + 64);
            break;
        }
        bool ok = deck_card_set(&d, &set), ok_ref = slow_card_set(&d, &want);
        assert_int_equal(ok, ok_ref);
        assert_int_equal(ok, deck_is_valid(&d));
        if (ok) assert_true(set == want);
        if (trial % 4 == 0) assert_true(ok);
        if (trial % 4 >= 2 || (trial % 4 == 1 && d.count > 1)) assert_false(ok);
    }
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_parse_examples),
        cmocka_unit_test(test_parse_refuses),
        cmocka_unit_test(test_format_round_trip),
        cmocka_unit_test(test_parse_list),
        cmocka_unit_test(test_decks),
        cmocka_unit_test(test_deck_card_set),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
