/* What the pay-table test programs share (test_round_paytables.c for Caribbean Stud,
 * test_round_paytables_cajun.c, test_round_paytables_asian.c): soft checks that report every
 * row that is off before failing once, stacked decks, and a round played from a plan for each
 * seat whose credits must come out as credits before - stakes + returned.
 *
 * Dealing order (round.h): Caribbean and Asian deal five cards to each seat with an ante, in
 * seat order, then five to the dealer (dealer card 0 is the up card); Cajun deals two hole
 * cards per seat, then the three community cards. A stacked deck starts with the cards a test
 * names; the rest follow in card order. */
#ifndef STUDPOKER_TESTS_PAYTABLE_FIXTURE_H
#define STUDPOKER_TESTS_PAYTABLE_FIXTURE_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <string.h>

#include "deck_fixture.h"
#include "round.h"

#define N(a)    (sizeof(a) / sizeof((a)[0]))
#define CREDITS 10000000 /* 100,000.00 at every seat */

/* "x to 1": what a winning stake returns */
static inline int64_t pays(int64_t stake, int odds) {
    return stake * (1 + (int64_t)odds);
}

/* ---- soft checks: a table test reports every row that is off, then fails once ---- */

static int mismatches;

static inline void expect_eq(const char *row, const char *what, int64_t got, int64_t want) {
    if (got == want) return;
    print_error("  %s: %s is %lld, expected %lld\n", row, what, (long long)got, (long long)want);
    mismatches++;
}

static inline void expect_outcome(const char *row, const char *what, round_outcome_t got,
                                  round_outcome_t want) {
    if (got == want) return;
    print_error("  %s: %s outcome is %s, expected %s\n", row, what, round_outcome_name(got),
                round_outcome_name(want));
    mismatches++;
}

static inline void end_checks(void) {
    int n = mismatches;
    mismatches = 0;
    if (n) fail_msg("%d value(s) differ from the rules", n);
}

/* ---- stacked decks and rounds ---- */

enum { FOLD = 0, PLAY = 1 }; /* a decision; a Cajun raise is 1..3 (x the ante) */

/* What one seat bets and decides. */
typedef struct plan {
    int64_t ante;
    int64_t side[WAGER_COUNT]; /* side bets by wager; fixed-stake bets take their stake */
    int move[3];               /* per decision step: FOLD, PLAY (1) or a Cajun raise 1..3 */
} plan_t;

static inline void must(round_t *r, round_action_t a, const char *row) {
    round_status_t st = round_apply(r, &a);
    if (st.refusal) fail_msg("%s: action refused: %s", row, st.message);
}

/* Deals `cards` on top of the deck to nseats seats with these plans, plays every decision and
 * checks that the round settled and that each seat's credits are exactly
 * credits before - stakes + returned. */
static inline void play_round(round_t *r, const rules_t *ru, jackpot_pool_t *pool,
                              const char *cards, int nseats, const plan_t *plan, const char *row) {
    deck_t d;
    stack_deck(&d, cards, ru->variant == VARIANT_ASIAN);
    int64_t credits[RULES_MAX_SEATS];
    for (int s = 0; s < RULES_MAX_SEATS; s++) credits[s] = CREDITS;
    char err[128];
    if (!round_init(r, ru, &d, nseats, credits, NULL, pool, err, sizeof err))
        fail_msg("%s: round_init: %s", row, err);
    for (int s = 0; s < nseats; s++) {
        if (!plan[s].ante) continue;
        must(r, round_bet(s, WAGER_ANTE, plan[s].ante), row);
        for (int w = WAGER_BONUS51; w < WAGER_COUNT; w++)
            if (plan[s].side[w]) must(r, round_bet(s, (wager_t)w, plan[s].side[w]), row);
    }
    must(r, round_simple(ACT_DEAL, 0), row);
    for (int guard = 0; r->phase == ROUND_DECIDING; guard++) {
        if (guard > 3 * RULES_MAX_SEATS) fail_msg("%s: the round does not settle", row);
        for (int s = 0; s < nseats; s++) {
            if (!round_seat_can_decide(r, s)) continue;
            int m = plan[s].move[r->step];
            must(r, m == FOLD ? round_simple(ACT_FOLD, s) : round_raise(s, m), row);
        }
    }
    if (r->phase != ROUND_SETTLED) fail_msg("%s: the round did not settle", row);
    for (int s = 0; s < nseats; s++) {
        const round_seat_t *seat = &r->seat[s];
        if (!seat->in_round) continue;
        expect_eq(row, "credits after settlement", seat->credits,
                  seat->credits_start - round_seat_staked(r, s) + round_seat_returned(r, s));
        expect_eq(row, "credits start", seat->credits_start, CREDITS);
    }
}

static inline int64_t returned(const round_t *r, int s, wager_t w) {
    return r->seat[s].returned[w];
}

/* The ante and the decision bets (PLAY / RAISE 1-3) together. */
static inline int64_t main_staked(const round_t *r, int s) {
    int64_t t = 0;
    for (int w = WAGER_ANTE; w <= WAGER_RAISE_3; w++) t += r->seat[s].stake[w];
    return t;
}
static inline int64_t main_returned(const round_t *r, int s) {
    int64_t t = 0;
    for (int w = WAGER_ANTE; w <= WAGER_RAISE_3; w++) t += r->seat[s].returned[w];
    return t;
}

/* One side-bet line: five cards (Cajun: hole, board; Asian: the player's five) and the odds
 * (0 = loses). */
typedef struct side_line {
    const char *name, *cards;
    int odds;
} side_line_t;

/* The settlement event of this type for this seat (and wager, unless -1), or NULL. */
static const round_event_t *find_event(const round_t *r, round_event_type_t t, int seat,
                                       int wager) {
    for (int i = 0; i < r->nevents; i++) {
        const round_event_t *e = &r->events[i];
        if (e->type == t && (seat < 0 || e->seat == seat) && (wager < 0 || e->wager == wager))
            return e;
    }
    return NULL;
}

static inline int count_events(const round_t *r, round_event_type_t t) {
    int n = 0;
    for (int i = 0; i < r->nevents; i++) n += r->events[i].type == t;
    return n;
}

#endif
