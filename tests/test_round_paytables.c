/* Every line of every pay table and every settlement branch of the round engine, each round
 * dealt from a stacked deck.
 *
 * The expected amounts are worked out here from the odds that ../shared/rules.md and the rule
 * sheets in seeds/ state ("x to 1": the stake comes back plus x times the stake; fixed prizes
 * are totals, stake not returned); they are never read back from the engine's own tables.
 * Values rules.md leaves to the operator (the progressive's increment and reset value, the
 * JACKPOT's minimum seed) are set by the test itself.
 *
 * Dealing order (round.h): Caribbean and Asian deal five cards to each seat with an ante, in
 * seat order, then five to the dealer (dealer card 0 is the up card); Cajun deals two hole
 * cards per seat, then the three community cards. A stacked deck starts with the cards a test
 * names; the rest follow in card order. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <string.h>

#include "round.h"

#define N(a)    (sizeof(a) / sizeof((a)[0]))
#define CREDITS 10000000 /* 100,000.00 at every seat */

/* "x to 1": what a winning stake returns */
static int64_t pays(int64_t stake, int odds) {
    return stake * (1 + (int64_t)odds);
}

/* ---- soft checks: a table test reports every row that is off, then fails once ---- */

static int mismatches;

static void expect_eq(const char *row, const char *what, int64_t got, int64_t want) {
    if (got == want) return;
    print_error("  %s: %s is %lld, expected %lld\n", row, what, (long long)got, (long long)want);
    mismatches++;
}

static void expect_outcome(const char *row, const char *what, round_outcome_t got,
                           round_outcome_t want) {
    if (got == want) return;
    print_error("  %s: %s outcome is %s, expected %s\n", row, what, round_outcome_name(got),
                round_outcome_name(want));
    mismatches++;
}

static void end_checks(void) {
    int n = mismatches;
    mismatches = 0;
    if (n) fail_msg("%d value(s) differ from the rules", n);
}

/* ---- stacked decks and rounds ---- */

/* A deck whose first cards are `top` ("As Ks ..."), the rest in card order. */
static void stack_deck(deck_t *d, const char *top, bool joker) {
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

enum { FOLD = 0, PLAY = 1 }; /* a decision; a Cajun raise is 1..3 (x the ante) */

/* What one seat bets and decides. */
typedef struct plan {
    int64_t ante;
    int64_t side[WAGER_COUNT]; /* side bets by wager; fixed-stake bets take their stake */
    int move[3];               /* per decision step: FOLD, PLAY (1) or a Cajun raise 1..3 */
} plan_t;

static void must(round_t *r, round_action_t a, const char *row) {
    round_status_t st = round_apply(r, &a);
    if (st.refusal) fail_msg("%s: action refused: %s", row, st.message);
}

/* Deals `cards` on top of the deck to nseats seats with these plans, plays every decision and
 * checks that the round settled and that each seat's credits are exactly
 * credits before - stakes + returned. */
static void play_round(round_t *r, const rules_t *ru, jackpot_pool_t *pool, const char *cards,
                       int nseats, const plan_t *plan, const char *row) {
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

static int64_t returned(const round_t *r, int s, wager_t w) {
    return r->seat[s].returned[w];
}

/* The ante and the decision bets (PLAY / RAISE 1-3) together. */
static int64_t main_staked(const round_t *r, int s) {
    int64_t t = 0;
    for (int w = WAGER_ANTE; w <= WAGER_RAISE_3; w++) t += r->seat[s].stake[w];
    return t;
}
static int64_t main_returned(const round_t *r, int s) {
    int64_t t = 0;
    for (int w = WAGER_ANTE; w <= WAGER_RAISE_3; w++) t += r->seat[s].returned[w];
    return t;
}

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

static int count_events(const round_t *r, round_event_type_t t) {
    int n = 0;
    for (int i = 0; i < r->nevents; i++) n += r->events[i].type == t;
    return n;
}

/* ======================================================================================== */
/* Caribbean Stud                                                                           */
/* ======================================================================================== */

/* A dealer holding A-K high: the lowest hands that qualify (rules.md: "A-K or better"). */
#define DEALER_AK "Ad Kc 8s 4h 2c"

/* One player hand per line of the PLAY pay table, each beating DEALER_AK. */
static const struct {
    const char *name, *player;
} CARIB_LINES[] = {
    {"royal flush", "As Ks Qs Js Ts"},
    {"straight flush", "9h 8h 7h 6h 5h"},
    {"four of a kind", "Qc Qd Qh Qs 3d"},
    {"full house", "Jc Jd Jh 7s 7c"},
    {"flush", "2h 5h 9h Jh Kh"},
    {"straight", "6c 7d 8h 9s Tc"},
    {"three of a kind", "5c 5d 5s Kh 3c"},
    {"two pair", "9c 9d 4c 4d Ks"},
    {"one pair (threes)", "3c 3d Qh Ts 7c"},
    {"A-K-Q high beats A-K-8 high", "Ah Ks Qd 9c 6d"},
};

/* rules.md "Pay table presets", in the order of CARIB_LINES (the last two: "pair or less"). */
static const int CLASSIC_PAYS[] = {100, 50, 20, 7, 5, 4, 3, 2, 1, 1};
static const int LIVE_PAYS[] = {100, 50, 25, 10, 7, 5, 3, 2, 1, 1};
static const int UK_PAYS[] = {50, 50, 20, 7, 5, 4, 3, 2, 1, 1};

static void caribbean_pay_lines(rules_preset_t preset, const int *odds) {
    rules_t ru;
    rules_preset(&ru, preset);
    for (size_t i = 0; i < N(CARIB_LINES); i++) {
        char row[96], cards[64];
        snprintf(row, sizeof row, "%s %s", rules_preset_key(preset), CARIB_LINES[i].name);
        snprintf(cards, sizeof cards, "%s %s", CARIB_LINES[i].player, DEALER_AK);
        jackpot_pool_t pool;
        jackpot_init(&pool, 100000);
        round_t r;
        /* ante 10.00, PLAY 20.00 */
        play_round(&r, &ru, &pool, cards, 1, &(plan_t){.ante = 1000, .move = {PLAY}}, row);
        expect_eq(row, "dealer qualifies", r.dealer_qualifies, true);
        expect_eq(row, "PLAY stake", r.seat[0].stake[WAGER_PLAY], 2000);
        expect_outcome(row, "ante", r.seat[0].outcome[WAGER_ANTE], OUTCOME_WIN);
        expect_outcome(row, "PLAY", r.seat[0].outcome[WAGER_PLAY], OUTCOME_WIN);
        expect_eq(row, "ante returned (1 to 1)", returned(&r, 0, WAGER_ANTE), pays(1000, 1));
        expect_eq(row, "PLAY returned", returned(&r, 0, WAGER_PLAY), pays(2000, odds[i]));
        expect_eq(row, "no cap", count_events(&r, EV_CAPPED), 0);
    }
    end_checks();
}

static void test_caribbean_classic_play_lines(void **state) {
    (void)state;
    caribbean_pay_lines(PRESET_CARIBBEAN_CLASSIC, CLASSIC_PAYS);
}
static void test_caribbean_live_play_lines(void **state) {
    (void)state;
    caribbean_pay_lines(PRESET_CARIBBEAN_LIVE, LIVE_PAYS);
}
/* The us preset uses the classic table; at 10.00 / 20.00 no win reaches the 5,000.00 cap. */
static void test_caribbean_us_play_lines(void **state) {
    (void)state;
    caribbean_pay_lines(PRESET_CARIBBEAN_US, CLASSIC_PAYS);
}
static void test_casino_stud_uk_play_lines(void **state) {
    (void)state;
    caribbean_pay_lines(PRESET_CASINO_STUD_UK, UK_PAYS);
}

/* One main-game case: player and dealer hands, what each bet returns for ante 10.00. */
typedef struct carib_case {
    const char *name, *player, *dealer;
    bool qualifies;
    round_outcome_t ante_o, play_o;
    int64_t ante_ret, play_ret;
} carib_case_t;

static void run_carib_cases(const carib_case_t *cases, size_t n) {
    rules_t ru;
    rules_preset(&ru, PRESET_CARIBBEAN_CLASSIC);
    for (size_t i = 0; i < n; i++) {
        const carib_case_t *c = &cases[i];
        char cards[64];
        snprintf(cards, sizeof cards, "%s %s", c->player, c->dealer);
        round_t r;
        play_round(&r, &ru, NULL, cards, 1, &(plan_t){.ante = 1000, .move = {PLAY}}, c->name);
        expect_eq(c->name, "dealer qualifies", r.dealer_qualifies, c->qualifies);
        expect_eq(c->name, c->qualifies ? "EV_DEALER_QUALIFIES" : "EV_DEALER_NOT_QUALIFY",
                  find_event(&r, c->qualifies ? EV_DEALER_QUALIFIES : EV_DEALER_NOT_QUALIFY, -1,
                             -1) != NULL,
                  true);
        expect_outcome(c->name, "ante", r.seat[0].outcome[WAGER_ANTE], c->ante_o);
        expect_outcome(c->name, "PLAY", r.seat[0].outcome[WAGER_PLAY], c->play_o);
        expect_eq(c->name, "ante returned", returned(&r, 0, WAGER_ANTE), c->ante_ret);
        expect_eq(c->name, "PLAY returned", returned(&r, 0, WAGER_PLAY), c->play_ret);
    }
    end_checks();
}

/* rules.md: "Dealer does not qualify: ante pays 1:1, play bet pushes" - whatever the player
 * holds. */
static void test_caribbean_dealer_not_qualifying(void **state) {
    (void)state;
    static const carib_case_t cases[] = {
        {"A-Q high dealer, player royal", "As Ks Qs Js Ts", "Ad Qc Jh 6h 2c", false, OUTCOME_WIN,
         OUTCOME_PUSH, 2000, 2000},
        {"A-Q high dealer, player K high", "Kh Qd 9c 7s 3d", "Ad Qc Jh 6h 2c", false, OUTCOME_WIN,
         OUTCOME_PUSH, 2000, 2000},
        {"K-Q high dealer, player pair", "9c 9d 4h 3s 2d", "Kd Qc Jh 6h 2c", false, OUTCOME_WIN,
         OUTCOME_PUSH, 2000, 2000},
        {"7 high dealer, player 8 high", "8c 6d 4h 3s 2d", "7d 5c 4d 3h 2c", false, OUTCOME_WIN,
         OUTCOME_PUSH, 2000, 2000},
    };
    run_carib_cases(cases, N(cases));
}

/* rules.md: qualifies with "a high-card hand holding both an ace and a king"; dealer higher
 * takes both; equal hands push both. */
static void test_caribbean_dealer_qualifies_branches(void **state) {
    (void)state;
    static const carib_case_t cases[] = {
        {"A-K high dealer qualifies and beats A-Q high", "Ah Qs Jd 8c 7h", "Ad Kc 9s 6h 2c", true,
         OUTCOME_LOSE, OUTCOME_LOSE, 0, 0},
        {"A-K high dealer qualifies, A-K-Q beats it", "Ah Ks Qd 3c 4h", "Ad Kc 9s 6h 2c", true,
         OUTCOME_WIN, OUTCOME_WIN, 2000, 4000},
        {"five-high straight dealer qualifies", "Ah Ks Qd 3c 4h", "5c 4d 3h 2s Ac", true,
         OUTCOME_LOSE, OUTCOME_LOSE, 0, 0},
        {"pair of kings beats pair of queens", "Qc Qd 9h 7s 3c", "Kh Kd 8s 4h 2c", true,
         OUTCOME_LOSE, OUTCOME_LOSE, 0, 0},
        {"pair of threes dealer qualifies, loses to aces", "Ac As 9h 7s 4c", "3s 3h 8d 6c 2h", true,
         OUTCOME_WIN, OUTCOME_WIN, 2000, 4000},
        {"kicker decides: same pair, higher kicker wins", "Th Td Kd Qc 4c", "Ts Tc 7h Kc 2h", true,
         OUTCOME_WIN, OUTCOME_WIN, 2000, 4000},
        {"exact tie A-K-9-6-2 pushes both", "Ah Kd 9c 6s 2d", "As Kc 9d 6h 2c", true, OUTCOME_PUSH,
         OUTCOME_PUSH, 1000, 2000},
        {"exact tie flushes push both", "Kh Jh 8h 5h 3h", "Kc Jc 8c 5c 3c", true, OUTCOME_PUSH,
         OUTCOME_PUSH, 1000, 2000},
    };
    run_carib_cases(cases, N(cases));
}

/* rules.md: "FOLD (ante lost, play bet never made)". */
static void test_caribbean_fold_loses_ante_only(void **state) {
    (void)state;
    rules_t ru;
    rules_preset(&ru, PRESET_CARIBBEAN_CLASSIC);
    static const char *const decks[] = {
        "3h 5d 9h Js 7c " DEALER_AK,     /* a losing hand */
        "As Ks Qs Js Ts " DEALER_AK,     /* a royal, folded */
        "As Ks Qs Js Ts Ad Qc Jh 6h 2c", /* a dealer who would not qualify */
    };
    for (size_t i = 0; i < N(decks); i++) {
        round_t r;
        play_round(&r, &ru, NULL, decks[i], 1, &(plan_t){.ante = 1000, .move = {FOLD}}, decks[i]);
        expect_eq(decks[i], "PLAY stake", r.seat[0].stake[WAGER_PLAY], 0);
        expect_outcome(decks[i], "ante", r.seat[0].outcome[WAGER_ANTE], OUTCOME_LOSE);
        expect_outcome(decks[i], "PLAY", r.seat[0].outcome[WAGER_PLAY], OUTCOME_NONE);
        expect_eq(decks[i], "returned", round_seat_returned(&r, 0), 0);
        expect_eq(decks[i], "credits", r.seat[0].credits, CREDITS - 1000);
    }
    end_checks();
}

/* rules.md / seed 002: maximum payout 5,000 per hand on each bet; seeds/caribbean-stud.md:
 * "ante 100.00, PLAY 200.00, royal flush: PLAY would win 20,000.00, the cap pays 5,000.00. In
 * the uk preset the largest possible PLAY win is 200 x 50 = 10,000.00". */
static void test_caribbean_us_cap_and_uk_uncapped(void **state) {
    (void)state;
    rules_t ru;
    rules_preset(&ru, PRESET_CARIBBEAN_US);
    jackpot_pool_t pool;
    jackpot_init(&pool, 1000000);
    round_t r;
    const char *row = "us royal on 100.00 / 200.00";
    play_round(&r, &ru, &pool, "As Ks Qs Js Ts " DEALER_AK, 1,
               &(plan_t){.ante = 10000, .move = {PLAY}}, row);
    expect_eq(row, "PLAY stake", r.seat[0].stake[WAGER_PLAY], 20000);
    expect_eq(row, "ante returned (100.00 win, under the cap)", returned(&r, 0, WAGER_ANTE),
              pays(10000, 1));
    expect_eq(row, "PLAY returned: stake + 5,000.00", returned(&r, 0, WAGER_PLAY), 20000 + 500000);
    const round_event_t *e = find_event(&r, EV_CAPPED, 0, WAGER_PLAY);
    expect_eq(row, "EV_CAPPED on PLAY", e != NULL, true);
    if (e) {
        expect_eq(row, "EV_CAPPED win before the cap", e->amount, 20000 * 100);
        expect_eq(row, "EV_CAPPED win after the cap", e->amount2, 500000);
    }
    expect_eq(row, "no cap on the ante", find_event(&r, EV_CAPPED, 0, WAGER_ANTE) != NULL, false);

    /* a flush on the same bets wins 1,000.00 on PLAY: under the cap */
    row = "us flush on 100.00 / 200.00";
    play_round(&r, &ru, &pool, "2h 5h 9h Jh Kh " DEALER_AK, 1,
               &(plan_t){.ante = 10000, .move = {PLAY}}, row);
    expect_eq(row, "PLAY returned", returned(&r, 0, WAGER_PLAY), pays(20000, 5));
    expect_eq(row, "no EV_CAPPED", count_events(&r, EV_CAPPED), 0);

    rules_preset(&ru, PRESET_CASINO_STUD_UK);
    row = "uk royal on 100.00 / 200.00";
    play_round(&r, &ru, NULL, "As Ks Qs Js Ts " DEALER_AK, 1,
               &(plan_t){.ante = 10000, .move = {PLAY}}, row);
    expect_eq(row, "PLAY returned: 10,000.00 in full", returned(&r, 0, WAGER_PLAY),
              20000 + 1000000);
    expect_eq(row, "no EV_CAPPED", count_events(&r, EV_CAPPED), 0);
    end_checks();
}

/* ---- 5+1 BONUS (live): best five of the player's five and the dealer's up card ---- */

/* Player's five cards, then the dealer's up card. */
static const struct {
    const char *name, *cards;
    int odds; /* rules.md; 0 = loses */
} BONUS51_LINES[] = {
    {"royal", "As Ks Qs Js Ts 2c", 1000},
    {"royal with the up card", "As Ks Qs Js 2c Ts", 1000},
    {"straight flush", "9h 8h 7h 6h 5h 2c", 200},
    {"straight flush with the up card", "9h 8h 7h 6h 2c 5h", 200},
    {"quads", "Qc Qd Qh Qs 4c 2d", 100},
    {"quads with the up card", "Qc Qd Qh 3s 4c Qs", 100},
    {"full house", "Jc Jd Jh 7s 7c 2d", 20},
    {"full house with the up card", "Jc Jd 7h 7s 2c Jh", 20},
    {"flush", "2h 5h 9h Jh Kh 3c", 15},
    {"flush with the up card", "2h 5h 9h Jh 3c Kh", 15},
    {"straight", "6c 7d 8h 9s Tc 2d", 10},
    {"straight with the up card", "6c 7d 8h 9s 2c Tc", 10},
    {"three of a kind", "5c 5d 5s Kh 3c 9d", 7},
    {"three of a kind with the up card", "5c 5d Kh 3c 9s 5s", 7},
    {"two pair loses", "9c 9d 4c 4d Ks 2h", 0},
    {"two pair with the up card loses", "9c 9d 4c Jd Ks 4h", 0},
    {"one pair loses", "9c 9d 4c Jd Ks 2h", 0},
    {"high card loses", "9c 7d 4c Jd Ks 2h", 0},
};

static void test_caribbean_bonus51_lines_play_and_fold(void **state) {
    (void)state;
    rules_t ru;
    rules_preset(&ru, PRESET_CARIBBEAN_LIVE);
    for (size_t i = 0; i < N(BONUS51_LINES); i++) {
        for (int move = FOLD; move <= PLAY; move++) {
            char row[96];
            snprintf(row, sizeof row, "5+1 %s (%s)", BONUS51_LINES[i].name, move ? "PLAY" : "FOLD");
            jackpot_pool_t pool;
            jackpot_init(&pool, 100000);
            round_t r;
            plan_t p = {.ante = 1000, .move = {move}};
            p.side[WAGER_BONUS51] = 500; /* 5.00 */
            play_round(&r, &ru, &pool, BONUS51_LINES[i].cards, 1, &p, row);
            int odds = BONUS51_LINES[i].odds;
            expect_outcome(row, "5+1 BONUS", r.seat[0].outcome[WAGER_BONUS51],
                           odds ? OUTCOME_WIN : OUTCOME_LOSE);
            expect_eq(row, "5+1 BONUS returned", returned(&r, 0, WAGER_BONUS51),
                      odds ? pays(500, odds) : 0);
            if (move == FOLD) expect_eq(row, "ante returned", returned(&r, 0, WAGER_ANTE), 0);
        }
    }
    end_checks();
}

/* ---- JACKPOT, live style ---- */

static void live_rules(rules_t *ru, int seats) {
    rules_preset(ru, PRESET_CARIBBEAN_LIVE);
    ru->seats = seats;
    ru->jackpot_seed = 100000; /* the configured minimum top prize: 1,000.00 */
}

/* rules.md: fixed prizes straight flush 2500, quads 250, full house 50, flush 25, straight 10,
 * trips 3 for a 1.00 stake; totals, the stake is not returned; the player's own five cards
 * only, independent of PLAY/FOLD. */
static void test_caribbean_jackpot_fixed_prizes(void **state) {
    (void)state;
    static const struct {
        const char *name, *cards;
        int64_t prize;
    } lines[] = {
        {"straight flush", "9h 8h 7h 6h 5h", 250000},
        {"quads", "Qc Qd Qh Qs 4c", 25000},
        {"full house", "Jc Jd Jh 7s 7c", 5000},
        {"flush", "2h 5h 9h Jh Kh", 2500},
        {"straight", "6c 7d 8h 9s Tc", 1000},
        {"wheel straight", "Ac 2d 3h 4s 5c", 1000},
        {"three of a kind", "5c 5d 5s Kh 3c", 300},
        {"two pair", "9c 9d 4c 4d Ks", 0},
        {"one pair", "9c 9d 4c Jd Ks", 0},
        {"high card", "9c 7d 4c Jd Ks", 0},
        /* the up card would make a straight flush for the 5+1 BONUS, not for the JACKPOT */
        {"straight flush only with the up card", "9h 8h 7h 6h 2c 5h", 0},
    };
    rules_t ru;
    live_rules(&ru, 1);
    for (size_t i = 0; i < N(lines); i++) {
        for (int move = FOLD; move <= PLAY; move++) {
            char row[96];
            snprintf(row, sizeof row, "JACKPOT %s (%s)", lines[i].name, move ? "PLAY" : "FOLD");
            jackpot_pool_t pool;
            jackpot_init(&pool, 100000);
            round_t r;
            plan_t p = {.ante = 1000, .move = {move}};
            p.side[WAGER_JACKPOT] = 100;
            play_round(&r, &ru, &pool, lines[i].cards, 1, &p, row);
            expect_eq(row, "JACKPOT stake", r.seat[0].stake[WAGER_JACKPOT], 100);
            expect_eq(row, "JACKPOT returned (prize, stake not returned)",
                      returned(&r, 0, WAGER_JACKPOT), lines[i].prize);
            expect_outcome(row, "JACKPOT", r.seat[0].outcome[WAGER_JACKPOT],
                           lines[i].prize ? OUTCOME_WIN : OUTCOME_LOSE);
            const round_event_t *e = find_event(&r, EV_JACKPOT_WIN, 0, WAGER_JACKPOT);
            expect_eq(row, "EV_JACKPOT_WIN amount", e ? e->amount : 0, lines[i].prize);
            /* fixed prizes are not taken from the top prize: it grew by 45% of the stake */
            expect_eq(row, "top prize", pool.value, (100000 + 45) * (int64_t)JACKPOT_FRAC);
        }
    }
    end_checks();
}

/* rules.md: the royal wins the top prize; a round's contributions are in it (sheet: "enter the
 * pools when the round is settled, before its prizes are worked out"); after the hit the top
 * prize is the reserve, at least the minimum seed. */
static void test_caribbean_jackpot_royal_wins_top_prize(void **state) {
    (void)state;
    rules_t ru;
    live_rules(&ru, 1);
    plan_t p = {.ante = 1000, .move = {FOLD}};
    p.side[WAGER_JACKPOT] = 100;

    /* reserve below the seed: the top prize restarts at the seed */
    const char *row = "JACKPOT royal, small reserve";
    jackpot_pool_t pool;
    jackpot_init(&pool, 100000);
    round_t r;
    play_round(&r, &ru, &pool, "As Ks Qs Js Ts", 1, &p, row);
    expect_eq(row, "JACKPOT returned: 1,000.00 + 0.45", returned(&r, 0, WAGER_JACKPOT), 100045);
    expect_outcome(row, "JACKPOT", r.seat[0].outcome[WAGER_JACKPOT], OUTCOME_WIN);
    expect_eq(row, "top prize after the hit = seed", jackpot_read(&pool), 100000);
    const round_event_t *e = find_event(&r, EV_JACKPOT_RESET, -1, -1);
    expect_eq(row, "EV_JACKPOT_RESET amount", e ? e->amount : -1, 100000);
    expect_eq(row, "hits", pool.hits, 1);

    /* a reserve built up by earlier stakes (40,000.00 of them: 18,000.00 to the top prize,
     * 2,000.00 to the reserve): the top prize restarts at the reserve */
    row = "JACKPOT royal, reserve above the seed";
    jackpot_init(&pool, 100000);
    jackpot_contribute(&pool, 4000000, 4500, 500);
    play_round(&r, &ru, &pool, "As Ks Qs Js Ts", 1, &p, row);
    expect_eq(row, "JACKPOT returned: 19,000.45", returned(&r, 0, WAGER_JACKPOT), 1900045);
    expect_eq(row, "top prize after the hit = reserve 2,000.05", jackpot_read(&pool), 200005);
    expect_eq(row, "reserve emptied", pool.reserve, 0);
    end_checks();
}

/* rules.md: royals share the top prize in proportion to their stakes (equal stakes: halves);
 * sheet: shares rounded down, the cent left over goes to the next top prize. */
static void test_caribbean_jackpot_two_royals_share(void **state) {
    (void)state;
    rules_t ru;
    live_rules(&ru, 2);
    plan_t p[2] = {{.ante = 1000, .move = {PLAY}}, {.ante = 500, .move = {FOLD}}};
    p[0].side[WAGER_JACKPOT] = p[1].side[WAGER_JACKPOT] = 100;
    const char *deck = "As Ks Qs Js Ts Ah Kh Qh Jh Th " DEALER_AK;

    const char *row = "two royals, top prize 1,000.00";
    jackpot_pool_t pool;
    jackpot_init(&pool, 100000);
    round_t r;
    play_round(&r, &ru, &pool, deck, 2, p, row);
    /* 1,000.00 + 2 x 0.45 = 1,000.90: 500.45 each */
    expect_eq(row, "seat 1 share", returned(&r, 0, WAGER_JACKPOT), 50045);
    expect_eq(row, "seat 2 share", returned(&r, 1, WAGER_JACKPOT), 50045);
    expect_eq(row, "top prize after = seed", jackpot_read(&pool), 100000);
    expect_eq(row, "PLAY on the royal (live 100 to 1)", returned(&r, 0, WAGER_PLAY),
              pays(2000, 100));

    row = "two royals, odd top prize";
    jackpot_init(&pool, 100001);                   /* 1,000.01 */
    jackpot_contribute(&pool, 4000000, 4500, 500); /* +18,000.00; reserve 2,000.00 */
    play_round(&r, &ru, &pool, deck, 2, p, row);
    /* 19,000.01 + 0.90 = 19,000.91: 9,500.455 each, rounded down to 9,500.45 */
    expect_eq(row, "seat 1 share", returned(&r, 0, WAGER_JACKPOT), 950045);
    expect_eq(row, "seat 2 share", returned(&r, 1, WAGER_JACKPOT), 950045);
    /* the next top prize: reserve 2,000.00 + 2 x 0.05 + the cent left over */
    expect_eq(row, "top prize after", jackpot_read(&pool), 200011);
    end_checks();
}

/* rules.md: 45% of each stake to the top prize, 5% to the reserve. */
static void test_caribbean_jackpot_contributions(void **state) {
    (void)state;
    rules_t ru;
    live_rules(&ru, 3);
    plan_t p[3] = {{.ante = 1000, .move = {PLAY}},
                   {.ante = 1000, .move = {FOLD}},
                   {.ante = 1000, .move = {PLAY}}};
    for (int s = 0; s < 3; s++) p[s].side[WAGER_JACKPOT] = 100;
    jackpot_pool_t pool;
    jackpot_init(&pool, 123456);
    jackpot_pool_t before = pool;
    round_t r;
    const char *row = "three jackpot bets";
    /* seat 3 holds trips: a fixed prize, not paid from the top prize */
    play_round(&r, &ru, &pool, "2c 5d 9h Js 3c 7c 7d 4h 8s Kd 5c 5h 5s Kh 3d Ah Qs Td 6c 4d", 3, p,
               row);
    expect_eq(row, "top prize + 1.35", pool.value - before.value, 135 * (int64_t)JACKPOT_FRAC);
    expect_eq(row, "reserve + 0.15", pool.reserve - before.reserve, 15 * (int64_t)JACKPOT_FRAC);
    expect_eq(row, "shown top prize", jackpot_read(&pool), 123456 + 135);
    expect_eq(row, "seat 3 trips prize", returned(&r, 2, WAGER_JACKPOT), 300);
    expect_eq(row, "contribution events", count_events(&r, EV_JACKPOT_CONTRIBUTION), 3);
    end_checks();
}

/* ---- Progressive, US style ---- */

static void us_rules(rules_t *ru, int seats) {
    rules_preset(ru, PRESET_CARIBBEAN_US);
    ru->seats = seats;
    /* configurable (rules.md): the test sets its own figures */
    ru->progressive_increment_bp = 2500; /* 0.25 of each 1.00 stake to the meter */
    ru->progressive_reset = 1000000;     /* 10,000.00 */
}

/* rules.md: royal 100% of the meter, straight flush 10%, quads 500, full house 100, flush 50
 * (fixed prizes, totals); independent of the decision. */
static void test_caribbean_progressive_prizes(void **state) {
    (void)state;
    const int64_t start = 1234567, meter = start + 25; /* 12,345.67 + this round's 0.25 */
    static const struct {
        const char *name, *cards;
        int64_t prize, meter_after; /* -1: left as it was */
    } lines[] = {
        {"royal", "As Ks Qs Js Ts", 1234592, 1000000},
        {"straight flush (10% of 12,345.92)", "9h 8h 7h 6h 5h", 123459, 1234592 - 123459},
        {"quads", "Qc Qd Qh Qs 4c", 50000, -1},
        {"full house", "Jc Jd Jh 7s 7c", 10000, -1},
        {"flush", "2h 5h 9h Jh Kh", 5000, -1},
        {"straight", "6c 7d 8h 9s Tc", 0, -1},
        {"three of a kind", "5c 5d 5s Kh 3c", 0, -1},
        {"two pair", "9c 9d 4c 4d Ks", 0, -1},
    };
    rules_t ru;
    us_rules(&ru, 1);
    for (size_t i = 0; i < N(lines); i++) {
        for (int move = FOLD; move <= PLAY; move++) {
            char row[96];
            snprintf(row, sizeof row, "progressive %s (%s)", lines[i].name, move ? "PLAY" : "FOLD");
            jackpot_pool_t pool;
            jackpot_init(&pool, start);
            round_t r;
            plan_t p = {.ante = 1000, .move = {move}};
            p.side[WAGER_PROGRESSIVE] = 100;
            char cards[64];
            snprintf(cards, sizeof cards, "%s %s", lines[i].cards, DEALER_AK);
            play_round(&r, &ru, &pool, cards, 1, &p, row);
            expect_eq(row, "PROGRESSIVE stake", r.seat[0].stake[WAGER_PROGRESSIVE], 100);
            expect_eq(row, "PROGRESSIVE returned (prize)", returned(&r, 0, WAGER_PROGRESSIVE),
                      lines[i].prize);
            expect_outcome(row, "PROGRESSIVE", r.seat[0].outcome[WAGER_PROGRESSIVE],
                           lines[i].prize ? OUTCOME_WIN : OUTCOME_LOSE);
            expect_eq(row, "meter after", jackpot_read(&pool),
                      lines[i].meter_after < 0 ? meter : lines[i].meter_after);
        }
    }
    end_checks();
}

/* rules.md: several royals share the meter equally; the meter restarts at the reset value. */
static void test_caribbean_progressive_two_royals_share(void **state) {
    (void)state;
    rules_t ru;
    us_rules(&ru, 2);
    plan_t p[2] = {{.ante = 1000, .move = {PLAY}}, {.ante = 2000, .move = {FOLD}}};
    p[0].side[WAGER_PROGRESSIVE] = p[1].side[WAGER_PROGRESSIVE] = 100;
    jackpot_pool_t pool;
    jackpot_init(&pool, 1000000);
    round_t r;
    const char *row = "two progressive royals";
    play_round(&r, &ru, &pool, "As Ks Qs Js Ts Ah Kh Qh Jh Th " DEALER_AK, 2, p, row);
    /* 10,000.00 + 2 x 0.25 = 10,000.50: 5,000.25 each */
    expect_eq(row, "seat 1", returned(&r, 0, WAGER_PROGRESSIVE), 500025);
    expect_eq(row, "seat 2", returned(&r, 1, WAGER_PROGRESSIVE), 500025);
    expect_eq(row, "meter reset", jackpot_read(&pool), 1000000);
    end_checks();
}

/* seeds/caribbean-stud.md (002, house: sheet): "Prizes in a round are paid seat by seat from
 * seat 1; each straight flush takes 10% of the meter as it stands at its turn", and royals take
 * the meter "at the value it had when the first royal is paid". Seat 1's straight flush is paid
 * first, so seat 2's royal gets what is left of the meter. */
static void test_caribbean_progressive_straight_flush_then_royal(void **state) {
    (void)state;
    rules_t ru;
    us_rules(&ru, 2);
    plan_t p[2] = {{.ante = 1000, .move = {FOLD}}, {.ante = 1000, .move = {FOLD}}};
    p[0].side[WAGER_PROGRESSIVE] = p[1].side[WAGER_PROGRESSIVE] = 100;
    jackpot_pool_t pool;
    jackpot_init(&pool, 1234567);
    round_t r;
    const char *row = "seat 1 straight flush, seat 2 royal";
    play_round(&r, &ru, &pool, "9h 8h 7h 6h 5h As Ks Qs Js Ts " DEALER_AK, 2, p, row);
    const int64_t meter = 1234567 + 50; /* 12,346.17 */
    const int64_t sf = meter / 10;      /* 1,234.61 (1,234.617 rounded down) */
    expect_eq(row, "seat 1 straight flush: 10% of the meter", returned(&r, 0, WAGER_PROGRESSIVE),
              sf);
    expect_eq(row, "seat 2 royal: the meter left after seat 1", returned(&r, 1, WAGER_PROGRESSIVE),
              meter - sf);
    expect_eq(row, "meter reset", jackpot_read(&pool), 1000000);
    end_checks();
}

/* ======================================================================================== */
/* Cajun Stud                                                                               */
/* ======================================================================================== */

/* Hole cards then board. rules.md: royal 500, straight flush 100, quads 40, full house 10,
 * flush 6, straight 4, trips 3, two pair 2, pair of jacks or better 1; pair of 6s to 10s
 * pushes all wagers; anything lower loses all wagers. */
static const struct {
    const char *name, *cards;
    round_outcome_t o;
    int odds;
} CAJUN_LINES[] = {
    {"royal flush", "As Ks Qs Js Ts", OUTCOME_WIN, 500},
    {"straight flush", "9h 8h 7h 6h 5h", OUTCOME_WIN, 100},
    {"four of a kind", "Qc Qd Qh Qs 3d", OUTCOME_WIN, 40},
    {"full house", "Jc Jd Jh 7s 7c", OUTCOME_WIN, 10},
    {"flush", "2h 5h 9h Jh Kh", OUTCOME_WIN, 6},
    {"straight", "6c 7d 8h 9s Tc", OUTCOME_WIN, 4},
    {"wheel straight", "Ac 2d 3h 4s 5c", OUTCOME_WIN, 4},
    {"three of a kind", "5c 5d 5s Kh 3c", OUTCOME_WIN, 3},
    {"two pair (fours and nines)", "9c 9d 4c 4d Ks", OUTCOME_WIN, 2},
    {"pair of jacks", "Jc Jd 2h 7s 9c", OUTCOME_WIN, 1},
    {"pair of kings", "Kc 4d Kh 8s 2c", OUTCOME_WIN, 1},
    {"pair of aces across hole and board", "Ac 3d Ah 8s 6c", OUTCOME_WIN, 1},
    {"pair of tens pushes", "Tc Td 2h 9s Kc", OUTCOME_PUSH, 0},
    {"pair of eights on the board pushes", "Ac 2d 8h 8s 4c", OUTCOME_PUSH, 0},
    {"pair of sixes pushes", "6c 6d 2h 9s Kc", OUTCOME_PUSH, 0},
    {"pair of fives loses", "5c 5d 2h 9s Kc", OUTCOME_LOSE, 0},
    {"pair of twos loses", "2c 2d 5h 9s Kc", OUTCOME_LOSE, 0},
    {"ace high loses", "Ac Kd 2h 9s 7c", OUTCOME_LOSE, 0},
};

static int64_t cajun_expected(int64_t stake, round_outcome_t o, int odds) {
    return o == OUTCOME_WIN ? pays(stake, odds) : o == OUTCOME_PUSH ? stake : 0;
}

/* Ante 5.00, raises 1x, 2x and 3x: 5.00, 10.00 and 15.00 (35.00 in play). */
static void test_cajun_main_lines_on_ante_and_raises(void **state) {
    (void)state;
    rules_t ru;
    rules_preset(&ru, PRESET_CAJUN);
    static const wager_t wagers[] = {WAGER_ANTE, WAGER_RAISE_1, WAGER_RAISE_2, WAGER_RAISE_3};
    static const int64_t stakes[] = {500, 500, 1000, 1500};
    for (size_t i = 0; i < N(CAJUN_LINES); i++) {
        const char *row = CAJUN_LINES[i].name;
        round_t r;
        play_round(&r, &ru, NULL, CAJUN_LINES[i].cards, 1,
                   &(plan_t){.ante = 500, .move = {1, 2, 3}}, row);
        for (size_t k = 0; k < N(wagers); k++) {
            char what[48];
            snprintf(what, sizeof what, "%s returned", wager_name(wagers[k]));
            expect_eq(row, "stake", r.seat[0].stake[wagers[k]], stakes[k]);
            expect_outcome(row, wager_name(wagers[k]), r.seat[0].outcome[wagers[k]],
                           CAJUN_LINES[i].o);
            expect_eq(row, what, returned(&r, 0, wagers[k]),
                      cajun_expected(stakes[k], CAJUN_LINES[i].o, CAJUN_LINES[i].odds));
        }
    }
    end_checks();
}

/* rules.md: FOLD loses the ante and all raises made so far; later raises are never made. Even
 * a royal is lost by folding. */
static void test_cajun_fold_at_each_step(void **state) {
    (void)state;
    rules_t ru;
    rules_preset(&ru, PRESET_CAJUN);
    static const struct {
        const char *name;
        int move[3];
        int64_t staked; /* ante 5.00 + raises made */
        int64_t r1, r2;
    } folds[] = {
        {"fold at decision 1", {FOLD}, 500, 0, 0},
        {"fold at decision 2", {1, FOLD}, 1000, 500, 0},
        {"fold at decision 3", {2, 3, FOLD}, 3000, 1000, 1500},
    };
    for (size_t i = 0; i < N(folds); i++) {
        const char *row = folds[i].name;
        round_t r;
        plan_t p = {.ante = 500};
        memcpy(p.move, folds[i].move, sizeof p.move);
        play_round(&r, &ru, NULL, "As Ks Qs Js Ts", 1, &p, row);
        expect_eq(row, "raise 1 stake", r.seat[0].stake[WAGER_RAISE_1], folds[i].r1);
        expect_eq(row, "raise 2 stake", r.seat[0].stake[WAGER_RAISE_2], folds[i].r2);
        expect_eq(row, "raise 3 stake", r.seat[0].stake[WAGER_RAISE_3], 0);
        expect_eq(row, "staked", round_seat_staked(&r, 0), folds[i].staked);
        expect_eq(row, "returned", round_seat_returned(&r, 0), 0);
        expect_outcome(row, "ante", r.seat[0].outcome[WAGER_ANTE], OUTCOME_LOSE);
        if (folds[i].r1)
            expect_outcome(row, "raise 1", r.seat[0].outcome[WAGER_RAISE_1], OUTCOME_LOSE);
        if (folds[i].r2)
            expect_outcome(row, "raise 2", r.seat[0].outcome[WAGER_RAISE_2], OUTCOME_LOSE);
        expect_eq(row, "credits", r.seat[0].credits, CREDITS - folds[i].staked);
        expect_eq(row, "board turned for the side bets", r.board_shown, 3);
    }
    end_checks();
}

/* One side-bet line: five cards (hole, board) and the odds (0 = loses). */
typedef struct side_line {
    const char *name, *cards;
    int odds;
} side_line_t;

/* Runs each line twice, raising 1x three times and folding at decision 1 (rules.md: side bets
 * resolve even after a fold), with a 2.00 side bet. */
static void run_cajun_side_lines(wager_t w, const side_line_t *lines, size_t n) {
    rules_t ru;
    rules_preset(&ru, PRESET_CAJUN);
    for (size_t i = 0; i < n; i++) {
        for (int fold = 0; fold <= 1; fold++) {
            char row[112];
            snprintf(row, sizeof row, "%s %s (%s)", wager_name(w), lines[i].name,
                     fold ? "folded" : "raised");
            plan_t p = {.ante = 500, .move = {1, 1, 1}};
            if (fold) p.move[0] = FOLD;
            p.side[w] = 200;
            round_t r;
            play_round(&r, &ru, NULL, lines[i].cards, 1, &p, row);
            expect_outcome(row, wager_name(w), r.seat[0].outcome[w],
                           lines[i].odds ? OUTCOME_WIN : OUTCOME_LOSE);
            expect_eq(row, "returned", returned(&r, 0, w),
                      lines[i].odds ? pays(200, lines[i].odds) : 0);
            if (fold) expect_eq(row, "main wagers returned", main_returned(&r, 0), 0);
        }
    }
    end_checks();
}

/* rules.md: Board Bonus on the three community cards: mini royal 50, straight flush 40, trips
 * 30, straight 6, flush 3, pair 1; A-2-3 and Q-K-A are straights. */
static void test_cajun_board_bonus_lines(void **state) {
    (void)state;
    static const side_line_t lines[] = {
        {"mini royal A-K-Q suited", "2c 7d As Ks Qs", 50},
        {"straight flush 7-8-9", "2c 7d 7h 8h 9h", 40},
        {"straight flush A-2-3", "4c 7d Ad 2d 3d", 40},
        {"three of a kind", "2c 7d 8c 8d 8h", 30},
        {"straight Q-K-A", "2c 7d Qc Kd Ah", 6},
        {"straight A-2-3", "4c 7d Ac 2d 3h", 6},
        {"straight 4-5-6", "2c 9d 4s 5h 6c", 6},
        {"flush", "2c 7d 3h 8h Jh", 3},
        {"pair", "2c 7d 9c 9d 4h", 1},
        {"K-A-2 is no straight", "5c 7d Kc Ad 2h", 0},
        {"high card", "2c 7d 3h 9s Jc", 0},
    };
    run_cajun_side_lines(WAGER_BOARD, lines, N(lines));
}

/* rules.md: Pocket Bonus: pair of aces 25, ace with K/Q/J suited 20, unsuited 10, any other
 * pair 5. */
static void test_cajun_pocket_bonus_lines(void **state) {
    (void)state;
    static const side_line_t lines[] = {
        {"pair of aces", "Ac Ad 3h 7s 9d", 25}, {"A-K suited", "As Ks 3h 7s 9d", 20},
        {"A-Q suited", "Ah Qh 3h 7s 9d", 20},   {"A-J suited", "Ad Jd 3h 7s 9d", 20},
        {"A-K unsuited", "Ah Kc 3h 7s 9d", 10}, {"A-Q unsuited", "Ad Qs 3h 7s 9d", 10},
        {"A-J unsuited", "Ac Jh 3h 7s 9d", 10}, {"pair of kings", "Kc Kd 3h 7s 9d", 5},
        {"pair of twos", "2c 2d 3h 7s 9d", 5},  {"A-T", "Ac Td 3h 7s 9d", 0},
        {"K-Q suited", "Kc Qc 3h 7s 9d", 0},    {"T-4", "Ts 4c 3h 7s 9d", 0},
    };
    run_cajun_side_lines(WAGER_POCKET, lines, N(lines));
}

/* rules.md: Lo Ball: no pair, straight or flush; 7 high 100, 8 high 50, 9 high 15, 10 high 5,
 * jack high 1; queen high or higher (the ace is high) loses. */
static void test_cajun_loball_lines(void **state) {
    (void)state;
    static const side_line_t lines[] = {
        {"7 high", "7c 5d 4h 3s 2c", 100},        {"8 high", "8c 6d 4h 3s 2c", 50},
        {"9 high", "9c 6d 4h 3s 2c", 15},         {"10 high", "Tc 6d 4h 3s 2c", 5},
        {"jack high", "Jc 6d 4h 3s 2c", 1},       {"queen high", "Qc 6d 4h 3s 2c", 0},
        {"king high", "Kc 6d 4h 3s 2c", 0},       {"ace high", "Ac 6d 4h 3s 8c", 0},
        {"pair of sevens", "7c 7d 4h 3s 2c", 0},  {"6-5-4-3-2 straight", "6c 5d 4h 3s 2c", 0},
        {"wheel A-2-3-4-5", "Ac 5d 4h 3s 2c", 0}, {"7-high flush", "7c 5c 4c 3c 2c", 0},
    };
    run_cajun_side_lines(WAGER_LOBALL, lines, N(lines));
}

/* seeds/cajun-stud.md: "Ante 10.00 raised 3x three times (100.00 in play) with a royal flush
 * would win 50,000.00; the default limit pays 25,000.00." Side bets are never aggregated. */
static void test_cajun_aggregate_single_seat(void **state) {
    (void)state;
    rules_t ru;
    rules_preset(&ru, PRESET_CAJUN);
    plan_t p = {.ante = 1000, .move = {3, 3, 3}};
    p.side[WAGER_BOARD] = 2500; /* T-J-Q of spades: a three-card straight flush, 40 to 1 */
    round_t r;
    const char *row = "royal on 100.00";
    play_round(&r, &ru, NULL, "As Ks Ts Js Qs", 1, &p, row);
    expect_eq(row, "main wagers returned: stakes + 25,000.00", main_returned(&r, 0),
              10000 + 2500000);
    expect_eq(row, "board bonus in full", returned(&r, 0, WAGER_BOARD), pays(2500, 40));
    expect_eq(row, "EV_AGGREGATE events", count_events(&r, EV_AGGREGATE) > 0, true);
    end_checks();
}

/* Under the limit every win is paid in full. */
static void test_cajun_aggregate_not_reached(void **state) {
    (void)state;
    rules_t ru;
    rules_preset(&ru, PRESET_CAJUN);
    ru.seats = 2;
    plan_t p[2] = {{.ante = 500, .move = {1, 1, 1}}, {.ante = 500, .move = {1, 1, 1}}};
    round_t r;
    const char *row = "royal 10,000.00 + straight flush 2,000.00";
    play_round(&r, &ru, NULL, "As Ks 9s 8s Ts Js Qs", 2, p, row);
    expect_eq(row, "seat 1 royal", main_returned(&r, 0), pays(2000, 500));
    expect_eq(row, "seat 2 straight flush", main_returned(&r, 1), pays(2000, 100));
    expect_eq(row, "no EV_AGGREGATE", count_events(&r, EV_AGGREGATE), 0);
    end_checks();
}

/* The seed's example (003 K; rules.md): 20,000 / 10,000 / 500 against the 25,000.00 limit must
 * be paid 16,393.44 / 8,196.72 / 409.83, while a win at 50 to 1 or less is paid in full.
 *
 * All seats share one board, and at most two hole-card pairs can make a straight flush with
 * one board, so the third counted win is a flush the operator has configured to pay 100 to 1
 * (counted: above 50 to 1). Each seat's win is its ante and raises together
 * (seeds/cajun-stud.md: "A seat's win is the total its ante and raises win on that line").
 * Seat 3 plays 1.25 antes (5.00 in play), so the ante minimum is lowered to 1.00. */
static void test_cajun_aggregate_seed_example(void **state) {
    (void)state;
    rules_t ru;
    rules_preset(&ru, PRESET_CAJUN);
    ru.seats = 4;
    ru.bet_min[WAGER_ANTE] = 100;
    for (int w = WAGER_RAISE_1; w <= WAGER_RAISE_3; w++) ru.bet_min[w] = 100;
    ru.main_pays[EVAL_FLUSH] = 100;
    plan_t p[4] = {
        {.ante = 1000, .move = {1, 1, 1}}, /* royal, 40.00 at 500 to 1: 20,000.00 */
        {.ante = 1000, .move = {3, 3, 3}}, /* straight flush, 100.00 at 100 to 1: 10,000.00 */
        {.ante = 125, .move = {1, 1, 1}},  /* flush, 5.00 at 100 to 1: 500.00 */
        {.ante = 5000, .move = {3, 3, 3}}, /* straight, 500.00 at 4 to 1: 2,000.00 */
    };
    round_t r;
    const char *row = "seed 003 K example";
    play_round(&r, &ru, NULL, "As Ks 9s 8s 2s 3s Ah Kd Ts Js Qs", 4, p, row);
    static const int64_t in_play[4] = {4000, 10000, 500, 50000};
    /* 25,000 x 20,000 / 30,500 = 16,393.442..., x 10,000 / 30,500 = 8,196.721...,
     * x 500 / 30,500 = 409.836..., all rounded down */
    static const int64_t paid[4] = {1639344, 819672, 40983, 200000};
    static const char *const what[4] = {"seat 1 royal: 16,393.44", "seat 2 SF: 8,196.72",
                                        "seat 3 flush at 100: 409.83",
                                        "seat 4 straight: 2,000.00 in full"};
    for (int s = 0; s < 4; s++) {
        expect_eq(row, "stakes in play", main_staked(&r, s), in_play[s]);
        expect_eq(row, what[s], main_returned(&r, s) - main_staked(&r, s), paid[s]);
    }
    expect_eq(row, "seat 4 not aggregated", find_event(&r, EV_AGGREGATE, 3, -1) != NULL, false);
    expect_eq(row, "seats 1-3 aggregated",
              find_event(&r, EV_AGGREGATE, 0, -1) && find_event(&r, EV_AGGREGATE, 1, -1) &&
                  find_event(&r, EV_AGGREGATE, 2, -1),
              true);
    end_checks();
}

/* rules.md: only wins paid at odds *above* 50 to 1 are counted; a line configured at exactly
 * 50 to 1 (here the flush) is paid in full even when the limit is exceeded. */
static void test_cajun_aggregate_fifty_to_one_not_counted(void **state) {
    (void)state;
    rules_t ru;
    rules_preset(&ru, PRESET_CAJUN);
    ru.seats = 2;
    ru.main_pays[EVAL_FLUSH] = 50;
    plan_t p[2] = {{.ante = 1000, .move = {3, 3, 3}}, {.ante = 500, .move = {1, 1, 1}}};
    round_t r;
    const char *row = "royal 50,000.00 + flush at 50 to 1";
    play_round(&r, &ru, NULL, "As Ks 2s 3s Ts Js Qs", 2, p, row);
    expect_eq(row, "seat 1 royal: the limit, 25,000.00", main_returned(&r, 0) - main_staked(&r, 0),
              2500000);
    expect_eq(row, "seat 2 flush: 1,000.00 in full", main_returned(&r, 1), pays(2000, 50));
    expect_eq(row, "seat 2 not aggregated", find_event(&r, EV_AGGREGATE, 1, -1) != NULL, false);
    end_checks();
}

/* seeds/cajun-stud.md: a seat's win in the round at or above the hand-pay threshold (default
 * 300.00) needs an attendant. */
static void test_cajun_handpay_threshold(void **state) {
    (void)state;
    rules_t ru;
    rules_preset(&ru, PRESET_CAJUN);
    round_t r;
    const char *row = "flush on 50.00 wins 300.00";
    play_round(&r, &ru, NULL, "2h 5h 9h Jh Kh", 1, &(plan_t){.ante = 500, .move = {3, 3, 3}}, row);
    expect_eq(row, "returned", main_returned(&r, 0), pays(5000, 6));
    const round_event_t *e = find_event(&r, EV_HANDPAY, 0, -1);
    expect_eq(row, "EV_HANDPAY", e != NULL, true);
    expect_eq(row, "EV_HANDPAY amount", e ? e->amount : 0, 30000);
    expect_eq(row, "seat handpay", r.seat[0].handpay, true);

    row = "flush on 45.00 wins 270.00";
    play_round(&r, &ru, NULL, "2h 5h 9h Jh Kh", 1, &(plan_t){.ante = 500, .move = {3, 3, 2}}, row);
    expect_eq(row, "returned", main_returned(&r, 0), pays(4500, 6));
    expect_eq(row, "no EV_HANDPAY", find_event(&r, EV_HANDPAY, 0, -1) != NULL, false);
    expect_eq(row, "seat handpay", r.seat[0].handpay, false);
    end_checks();
}

/* ======================================================================================== */
/* Asian Stud                                                                               */
/* ======================================================================================== */

/* K-Q-J make 30 with any suits; the last two cards give the value. */
#define ASIAN_DEALER_1  "Kd Qh Js Tc Ac" /* 10+10+10 = 30, 10+1: value 1 */
#define ASIAN_DEALER_5  "Kd Qh Js Tc 5d" /* value 5 */
#define ASIAN_DEALER_NQ "Ac Ad 2c 2h 3s" /* 1 1 2 2 3: no three make 10 */

/* 5% of the player's net win of the round, ante and raise together, rounded down to the cent
 * (rules.md). */
static int64_t commission(int64_t net_win) {
    return net_win > 0 ? net_win * 5 / 100 : 0;
}

/* One Asian round's money, worked out by hand: what the ante and the raise return before the
 * commission, the commission, and what comes back in all. Both stakes always come back whole:
 * the commission is taken from the winnings only. */
typedef struct asian_money {
    int64_t ante_back, raise_back; /* before commission: stake + win, stake, or 0 */
    int64_t charged;               /* the commission */
    int64_t total;                 /* ante_back + raise_back - charged */
} asian_money_t;

static void expect_asian_money(const char *row, const round_t *r, int64_t ante,
                               asian_money_t want) {
    const round_seat_t *seat = &r->seat[0];
    int64_t net = want.ante_back + want.raise_back - 2 * ante;
    expect_eq(row, "the row's own sum", want.ante_back + want.raise_back - want.charged,
              want.total);
    expect_eq(row, "the row's commission is 5% of the net win, rounded down", commission(net),
              want.charged);
    expect_eq(row, "ante + raise returned", main_returned(r, 0), want.total);
    expect_eq(row, "commission", seat->commission, want.charged);
    const round_event_t *e = find_event(r, EV_COMMISSION, 0, -1);
    expect_eq(row, "EV_COMMISSION", e ? e->amount : 0, want.charged);
    if (want.ante_back >= ante)
        expect_eq(row, "ante stake back whole", returned(r, 0, WAGER_ANTE) >= ante, true);
    if (want.raise_back >= ante)
        expect_eq(row, "raise stake back whole", returned(r, 0, WAGER_PLAY) >= ante, true);
}

/* rules.md: both qualify and the player is higher: the ANTE wins 1:1 and the RAISE wins at the
 * margin odds, 1:1 for 1-3 points, 2:1 for 4-6, 3:1 for 7-9; then 5% of the net win. Ante
 * 10.00, raise 10.00:
 *   1-3 points: ante +10.00, raise +10.00, net 20.00, commission 1.00, back 39.00
 *   4-6 points: ante +10.00, raise +20.00, net 30.00, commission 1.50, back 48.50
 *   7-9 points: ante +10.00, raise +30.00, net 40.00, commission 2.00, back 58.00 */
static void test_asian_margins(void **state) {
    (void)state;
    rules_t ru;
    rules_preset(&ru, PRESET_ASIAN);
    static const asian_money_t band[3] = {
        {2000, 2000, 100, 3900},
        {2000, 3000, 150, 4850},
        {2000, 4000, 200, 5800},
    };
    /* the player's fifth card gives values 2..10 against the dealer's 1 */
    static const char *const fifth[] = {"2c", "3c", "4c", "5c", "6c", "7c", "8c", "9c", "Kh"};
    for (int m = 1; m <= 9; m++) {
        char row[64], cards[64];
        snprintf(row, sizeof row, "win by %d point%s", m, m > 1 ? "s" : "");
        snprintf(cards, sizeof cards, "Kc Qd Jh Ts %s %s", fifth[m - 1], ASIAN_DEALER_1);
        round_t r;
        play_round(&r, &ru, NULL, cards, 1, &(plan_t){.ante = 1000, .move = {PLAY}}, row);
        expect_eq(row, "player value", r.seat[0].hand_value, 1 + m);
        expect_eq(row, "dealer value", r.dealer_value, 1);
        expect_eq(row, "raise stake", r.seat[0].stake[WAGER_PLAY], 1000);
        expect_outcome(row, "ante", r.seat[0].outcome[WAGER_ANTE], OUTCOME_WIN);
        expect_outcome(row, "raise", r.seat[0].outcome[WAGER_PLAY], OUTCOME_WIN);
        expect_asian_money(row, &r, 1000, band[(m - 1) / 3]);
    }
    /* the joker is a 1-point card in the main game: Jk+4+5 = 10, K+3: value 3 */
    const char *row = "player with the joker, value 3, wins by 2";
    round_t r;
    play_round(&r, &ru, NULL, "Jk 4c 5d Kh 3s " ASIAN_DEALER_1, 1,
               &(plan_t){.ante = 1000, .move = {PLAY}}, row);
    expect_eq(row, "player value", r.seat[0].hand_value, 3);
    expect_asian_money(row, &r, 1000, band[0]);
    /* dealer with the joker: Jk+9+K = 20, Q+5: value 5 */
    row = "dealer with the joker, value 5, player 8 wins by 3";
    play_round(&r, &ru, NULL, "Kc Qd Jh Ts 8c Jk 9c Kd Qh 5s", 1,
               &(plan_t){.ante = 1000, .move = {PLAY}}, row);
    expect_eq(row, "dealer value", r.dealer_value, 5);
    expect_asian_money(row, &r, 1000, band[0]);
    /* the rule sheet's worked example: 5 5 10 K 9 (value 9) against 7 3 K A 2 (value 3), ante
     * 5.00: ante +5.00, raise 2:1 +10.00, net 15.00, commission 0.75, back 5.00 + 5.00 + 15.00 -
     * 0.75 = 24.25 */
    row = "rule sheet example, 9 against 3";
    play_round(&r, &ru, NULL, "5h 5d Tc Kh 9s 7d 3c Ks Ac 2d", 1,
               &(plan_t){.ante = 500, .move = {PLAY}}, row);
    expect_eq(row, "player value", r.seat[0].hand_value, 9);
    expect_eq(row, "dealer value", r.dealer_value, 3);
    expect_asian_money(row, &r, 500, (asian_money_t){1000, 1500, 75, 2425});
    end_checks();
}

/* The commission is rounded down to the cent: stakes whose 5% has a fraction of a cent. The
 * ante minimum is lowered for the small bets. */
static void test_asian_commission_rounding(void **state) {
    (void)state;
    rules_t ru;
    rules_preset(&ru, PRESET_ASIAN);
    ru.bet_min[WAGER_ANTE] = ru.bet_min[WAGER_PLAY] = 10;
    static const struct {
        const char *name, *cards;
        int64_t ante;
        asian_money_t want;
    } cases[] = {
        /* the rule sheet: ante 1.10 +1.10, raise 2:1 +2.20, net 3.30, 5% = 0.165 */
        {"1.10, 5 points: net 3.30, 0.165 charged as 0.16",
         "Kc Qd Jh Ts 6c " ASIAN_DEALER_1,
         110,
         {220, 330, 16, 534}},
        /* ante +1.15, raise 1:1 +1.15, net 2.30, 5% = 0.115 */
        {"1.15, 2 points: net 2.30, 0.115 charged as 0.11",
         "Kc Qd Jh Ts 3c " ASIAN_DEALER_1,
         115,
         {230, 230, 11, 449}},
        /* ante +1.01, raise 3:1 +3.03, net 4.04, 5% = 0.202 */
        {"1.01, 9 points: net 4.04, 0.202 charged as 0.20",
         "Kc Qd Jh Ts Kh " ASIAN_DEALER_1,
         101,
         {202, 404, 20, 586}},
        /* ante +0.25, raise 1:1 +0.25, net 0.50, 5% = 0.025 */
        {"0.25, 1 point: net 0.50, 0.025 charged as 0.02",
         "Kc Qd Jh Ts 2c " ASIAN_DEALER_1,
         25,
         {50, 50, 2, 98}},
        /* dealer not qualifying: ante +1.25, raise pushes, net 1.25, 5% = 0.0625 */
        {"1.25, dealer not qualifying: net 1.25, 0.0625 charged as 0.06",
         "Kc Qd Jh Ts 5c " ASIAN_DEALER_NQ,
         125,
         {250, 125, 6, 369}},
        /* ante +0.35, net 0.35, 5% = 0.0175 */
        {"0.35, dealer not qualifying: net 0.35, 0.0175 charged as 0.01",
         "Kc Qd Jh Ts 5c " ASIAN_DEALER_NQ,
         35,
         {70, 35, 1, 104}},
        /* ante +0.19, net 0.19, 5% = 0.0095: nothing */
        {"0.19, dealer not qualifying: net 0.19, nothing charged",
         "Kc Qd Jh Ts 5c " ASIAN_DEALER_NQ,
         19,
         {38, 19, 0, 57}},
    };
    for (size_t i = 0; i < N(cases); i++) {
        round_t r;
        play_round(&r, &ru, NULL, cases[i].cards, 1,
                   &(plan_t){.ante = cases[i].ante, .move = {PLAY}}, cases[i].name);
        expect_asian_money(cases[i].name, &r, cases[i].ante, cases[i].want);
    }
    end_checks();
}

/* The rest of the settlement table of rules.md, ante 10.00 and raise 10.00. */
static void test_asian_settlement_branches(void **state) {
    (void)state;
    rules_t ru;
    rules_preset(&ru, PRESET_ASIAN);
    /* dealer not qualifying: ante 1:1 (+10.00), raise pushes; net 10.00, commission 0.50 */
    static const asian_money_t dnq = {2000, 1000, 50, 2950};
    static const asian_money_t push = {1000, 1000, 0, 2000};
    static const asian_money_t lost = {0, 0, 0, 0};
    static const struct {
        const char *name, *cards;
        bool qualifies;
        round_outcome_t ante_o, raise_o;
        asian_money_t want;
    } cases[] = {
        {"dealer does not qualify, player value 5", "Kc Qd Jh Ts 5c " ASIAN_DEALER_NQ, false,
         OUTCOME_WIN, OUTCOME_PUSH, dnq},
        {"dealer does not qualify, player value 10", "Kc Qd Jh Ts Kh " ASIAN_DEALER_NQ, false,
         OUTCOME_WIN, OUTCOME_PUSH, dnq},
        {"neither qualifies", "Ah As 2d 2s 3c " ASIAN_DEALER_NQ, false, OUTCOME_WIN, OUTCOME_PUSH,
         dnq},
        {"dealer qualifies, player does not", "Ah As 2d 2s 3c " ASIAN_DEALER_5, true, OUTCOME_LOSE,
         OUTCOME_LOSE, lost},
        {"equal values push", "Kc Qd Jh Ts 5c " ASIAN_DEALER_5, true, OUTCOME_PUSH, OUTCOME_PUSH,
         push},
        {"equal values of 10 push", "Kc Qd Jh Ts Th Ks Qc Jd Tc Kh", true, OUTCOME_PUSH,
         OUTCOME_PUSH, push},
        {"dealer higher by 1", "Kc Qd Jh Ts 4c " ASIAN_DEALER_5, true, OUTCOME_LOSE, OUTCOME_LOSE,
         lost},
        {"dealer 10 against 1", "Kc Qd Jh Ts Ac Ks Qc Jd Tc Kh", true, OUTCOME_LOSE, OUTCOME_LOSE,
         lost},
    };
    for (size_t i = 0; i < N(cases); i++) {
        const char *row = cases[i].name;
        round_t r;
        play_round(&r, &ru, NULL, cases[i].cards, 1, &(plan_t){.ante = 1000, .move = {PLAY}}, row);
        expect_eq(row, "dealer qualifies", r.dealer_qualifies, cases[i].qualifies);
        expect_outcome(row, "ante", r.seat[0].outcome[WAGER_ANTE], cases[i].ante_o);
        expect_outcome(row, "raise", r.seat[0].outcome[WAGER_PLAY], cases[i].raise_o);
        expect_asian_money(row, &r, 1000, cases[i].want);
    }

    /* FOLD: the ante is lost, no raise is made - whatever the dealer holds */
    static const char *const folds[] = {"Kc Qd Jh Ts Kh " ASIAN_DEALER_1,
                                        "Kc Qd Jh Ts Kh " ASIAN_DEALER_NQ};
    for (size_t i = 0; i < N(folds); i++) {
        round_t r;
        play_round(&r, &ru, NULL, folds[i], 1, &(plan_t){.ante = 1000, .move = {FOLD}}, folds[i]);
        expect_eq(folds[i], "raise stake", r.seat[0].stake[WAGER_PLAY], 0);
        expect_outcome(folds[i], "ante", r.seat[0].outcome[WAGER_ANTE], OUTCOME_LOSE);
        expect_eq(folds[i], "returned", round_seat_returned(&r, 0), 0);
        expect_eq(folds[i], "commission", r.seat[0].commission, 0);
        expect_eq(folds[i], "EV_COMMISSION", count_events(&r, EV_COMMISSION), 0);
    }
    end_checks();
}

/* The seed's literal reading, a config choice (asian_odds_on_ante = 1): the margin odds on
 * ante AND raise, then 5% of the net win. Ante 10.00, raise 10.00:
 *   2 points: ante +10.00, raise +10.00, net 20.00, commission 1.00, back 39.00
 *   5 points: ante +20.00, raise +20.00, net 40.00, commission 2.00, back 58.00
 *   8 points: ante +30.00, raise +30.00, net 60.00, commission 3.00, back 77.00
 *   dealer not qualifying: as the house rule, ante +10.00, raise pushes, back 29.50 */
static void test_asian_literal_reading(void **state) {
    (void)state;
    rules_t ru;
    rules_preset(&ru, PRESET_ASIAN);
    ru.asian_odds_on_ante = 1;
    static const struct {
        const char *name, *cards;
        round_outcome_t raise_o;
        asian_money_t want;
    } cases[] = {
        {"literal, 2 points",
         "Kc Qd Jh Ts 3c " ASIAN_DEALER_1,
         OUTCOME_WIN,
         {2000, 2000, 100, 3900}},
        {"literal, 5 points",
         "Kc Qd Jh Ts 6c " ASIAN_DEALER_1,
         OUTCOME_WIN,
         {3000, 3000, 200, 5800}},
        {"literal, 8 points",
         "Kc Qd Jh Ts 9c " ASIAN_DEALER_1,
         OUTCOME_WIN,
         {4000, 4000, 300, 7700}},
        {"literal, dealer not qualifying",
         "Kc Qd Jh Ts 5c " ASIAN_DEALER_NQ,
         OUTCOME_PUSH,
         {2000, 1000, 50, 2950}},
    };
    for (size_t i = 0; i < N(cases); i++) {
        round_t r;
        play_round(&r, &ru, NULL, cases[i].cards, 1, &(plan_t){.ante = 1000, .move = {PLAY}},
                   cases[i].name);
        expect_outcome(cases[i].name, "ante", r.seat[0].outcome[WAGER_ANTE], OUTCOME_WIN);
        expect_outcome(cases[i].name, "raise", r.seat[0].outcome[WAGER_PLAY], cases[i].raise_o);
        expect_asian_money(cases[i].name, &r, 1000, cases[i].want);
    }
    end_checks();
}

/* rules.md: the Bonus wager on the player's five cards; the joker completes a straight, flush
 * or straight flush and otherwise counts as an ace: five aces 3000, royal 1000, straight flush
 * 500, quads 100, full house 50, flush 25, straight 15, trips 10, two pair 5; one pair or less
 * loses. Independent of the decision. */
static void test_asian_bonus_lines(void **state) {
    (void)state;
    static const side_line_t lines[] = {
        {"five aces", "Ac Ad Ah As Jk", 3000},
        {"royal", "As Ks Qs Js Ts", 1000},
        {"joker royal", "Jk Kh Qh Jh Th", 1000},
        {"straight flush", "9h 8h 7h 6h 5h", 500},
        {"joker straight flush", "Jk 7s 8s 9s Ts", 500},
        {"joker straight flush inside", "Jk 7s 8s Ts Js", 500},
        {"quads", "Qc Qd Qh Qs 3d", 100},
        {"joker as the fourth ace", "Jk Ac Ad Ah 5s", 100},
        {"full house", "Jc Jd Jh 7s 7c", 50},
        {"joker full house aces over kings", "Jk Ah As Kd Kc", 50},
        {"flush", "2h 5h 9h Jh Kh", 25},
        {"joker flush", "Jk 2c 5c 9c Jc", 25},
        {"straight", "6c 7d 8h 9s Tc", 15},
        {"joker straight", "Jk 5h 6c 7d 8s", 15},
        {"three of a kind", "5c 5d 5s Kh 3c", 10},
        {"joker trips aces", "Jk Ac Ad 9h 4s", 10},
        {"joker with kings is trips, not quads", "Jk Kc Kd Kh 5s", 10},
        {"two pair", "9c 9d 4c 4d Ks", 5},
        {"joker two pair aces and kings", "Jk Ac Kd Kh 4s", 5},
        {"one pair loses", "9c 9d 4c Jd Ks", 0},
        {"joker pair of aces loses", "Jk Ac Kd 9s 4h", 0},
        {"high card loses", "2c 5d 9h Jh Kh", 0},
    };
    rules_t ru;
    rules_preset(&ru, PRESET_ASIAN);
    for (size_t i = 0; i < N(lines); i++) {
        for (int move = FOLD; move <= PLAY; move++) {
            char row[112];
            snprintf(row, sizeof row, "bonus %s (%s)", lines[i].name, move ? "raise" : "fold");
            plan_t p = {.ante = 1000, .move = {move}};
            p.side[WAGER_ASIAN_BONUS] = 200;
            round_t r;
            play_round(&r, &ru, NULL, lines[i].cards, 1, &p, row);
            expect_outcome(row, "BONUS", r.seat[0].outcome[WAGER_ASIAN_BONUS],
                           lines[i].odds ? OUTCOME_WIN : OUTCOME_LOSE);
            expect_eq(row, "BONUS returned", returned(&r, 0, WAGER_ASIAN_BONUS),
                      lines[i].odds ? pays(200, lines[i].odds) : 0);
            if (move == FOLD) expect_eq(row, "ante returned", returned(&r, 0, WAGER_ANTE), 0);
        }
    }
    end_checks();
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_caribbean_classic_play_lines),
        cmocka_unit_test(test_caribbean_live_play_lines),
        cmocka_unit_test(test_caribbean_us_play_lines),
        cmocka_unit_test(test_casino_stud_uk_play_lines),
        cmocka_unit_test(test_caribbean_dealer_not_qualifying),
        cmocka_unit_test(test_caribbean_dealer_qualifies_branches),
        cmocka_unit_test(test_caribbean_fold_loses_ante_only),
        cmocka_unit_test(test_caribbean_us_cap_and_uk_uncapped),
        cmocka_unit_test(test_caribbean_bonus51_lines_play_and_fold),
        cmocka_unit_test(test_caribbean_jackpot_fixed_prizes),
        cmocka_unit_test(test_caribbean_jackpot_royal_wins_top_prize),
        cmocka_unit_test(test_caribbean_jackpot_two_royals_share),
        cmocka_unit_test(test_caribbean_jackpot_contributions),
        cmocka_unit_test(test_caribbean_progressive_prizes),
        cmocka_unit_test(test_caribbean_progressive_two_royals_share),
        cmocka_unit_test(test_caribbean_progressive_straight_flush_then_royal),
        cmocka_unit_test(test_cajun_main_lines_on_ante_and_raises),
        cmocka_unit_test(test_cajun_fold_at_each_step),
        cmocka_unit_test(test_cajun_board_bonus_lines),
        cmocka_unit_test(test_cajun_pocket_bonus_lines),
        cmocka_unit_test(test_cajun_loball_lines),
        cmocka_unit_test(test_cajun_aggregate_single_seat),
        cmocka_unit_test(test_cajun_aggregate_not_reached),
        cmocka_unit_test(test_cajun_aggregate_seed_example),
        cmocka_unit_test(test_cajun_aggregate_fifty_to_one_not_counted),
        cmocka_unit_test(test_cajun_handpay_threshold),
        cmocka_unit_test(test_asian_margins),
        cmocka_unit_test(test_asian_commission_rounding),
        cmocka_unit_test(test_asian_settlement_branches),
        cmocka_unit_test(test_asian_literal_reading),
        cmocka_unit_test(test_asian_bonus_lines),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
