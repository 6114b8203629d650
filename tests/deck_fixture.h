/* Stacked decks for the round, store and pay-table tests (included by their fixtures): the cards
 * a test names come first, the rest of the deck follows in card order. */
#ifndef STUDPOKER_TESTS_DECK_FIXTURE_H
#define STUDPOKER_TESTS_DECK_FIXTURE_H

#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "card.h"

/* A deck whose first cards are `top` ("As Ks ..."), the rest in card order; joker: Asian
 * Stud's 53-card deck. */
static inline void stack_deck(deck_t *d, const char *top, bool joker) {
    card_t first[DECK_MAX];
    char err[128];
    int n = card_parse_list(top, first, DECK_MAX, err, sizeof err);
    if (n < 0) fail_msg("bad stacked deck \"%s\": %s", top, err);
    bool used[DECK_MAX] = {false};
    d->count = 0;
    for (int i = 0; i < n; i++) {
        if (card_is_joker(first[i]) && !joker) fail_msg("\"%s\": no joker in this deck", top);
        d->cards[d->count++] = first[i];
        used[first[i]] = true;
    }
    for (int c = 0; c < (joker ? 53 : 52); c++)
        if (!used[c]) d->cards[d->count++] = (card_t)c;
    assert_true(deck_is_valid(d));
}

#endif
