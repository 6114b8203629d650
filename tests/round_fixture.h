/* What the round engine's test programs share (test_round.c, test_round_money.c): stacked
 * decks, a round started with the same credits at every seat, and actions that must be taken
 * or whose refusal a test checks. */
#ifndef STUDPOKER_TESTS_ROUND_FIXTURE_H
#define STUDPOKER_TESTS_ROUND_FIXTURE_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ref_poker.h"
#include "rng.h"
#include "deck_fixture.h"
#include "round.h"

static inline void start(round_t *r, const rules_t *ru, const deck_t *d, int seats, int64_t credits,
                         jackpot_pool_t *pool) {
    int64_t cr[RULES_MAX_SEATS];
    for (int i = 0; i < RULES_MAX_SEATS; i++) cr[i] = credits;
    char err[128];
    if (!round_init(r, ru, d, seats, cr, NULL, pool, err, sizeof err)) fail_msg("init: %s", err);
}

static inline void must(round_t *r, round_action_t a) {
    round_status_t st = round_apply(r, &a);
    if (st.refusal) fail_msg("refused: %s", st.message);
}

static inline round_refusal_t try_(round_t *r, round_action_t a) {
    return round_apply(r, &a).refusal;
}

static inline bool has_event(const round_t *r, round_event_type_t t, int seat) {
    for (int i = 0; i < r->nevents; i++)
        if (r->events[i].type == t && (seat < 0 || r->events[i].seat == seat)) return true;
    return false;
}

#endif
