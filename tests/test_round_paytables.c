/* Every line of every Caribbean Stud pay table (PLAY, 5+1 BONUS, the JACKPOT, the progressive)
 * and every settlement branch of its main game, each round dealt from a stacked deck. Cajun
 * Stud's are in test_round_paytables_cajun.c, Asian Stud's in test_round_paytables_asian.c.
 *
 * The expected amounts are worked out here from the odds that ../shared/rules.md and the rule
 * sheets in seeds/ state ("x to 1": the stake comes back plus x times the stake; fixed prizes
 * are totals, stake not returned); they are never read back from the engine's own tables.
 * Values rules.md leaves to the operator (the progressive's increment and reset value, the
 * JACKPOT's minimum seed) are set by the test itself.
 *
 * Dealing order and stacked decks: tests/paytable_fixture.h. */
#include "paytable_fixture.h"

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
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
