/* Every line of Cajun Stud's pay tables (the main game on the ante and the raises, Board Bonus,
 * Pocket Bonus, Lo Ball) and every settlement branch: folds at each step, the aggregate limit,
 * the hand-pay threshold; each round dealt from a stacked deck.
 *
 * The expected amounts are worked out here from the odds that ../shared/rules.md and the rule
 * sheets in seeds/ state ("x to 1": the stake comes back plus x times the stake; fixed prizes
 * are totals, stake not returned); they are never read back from the engine's own tables.
 *
 * Dealing order and stacked decks: tests/paytable_fixture.h. */
#include "paytable_fixture.h"

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

int main(void) {
    const struct CMUnitTest tests[] = {
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
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
