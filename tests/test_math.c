/* The exact analyses (src/math): Caribbean Stud's full return table against the published
 * one, combination for combination; the seeds' quoted figures for their own pay tables; the
 * side bets; Cajun and Asian Stud's totals and the figures in the Asian rule sheet. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "asian.h"
#include "cajun.h"
#include "caribbean.h"
#include "parsheet.h"
#include "sidebets.h"
#include "strategy.h"

/* x rounded to `decimals` places of a percent equals pct */
static void assert_pct(long double x, double pct, int decimals) {
    long double scale = powl(10.0L, decimals);
    long double got = roundl(x * 100.0L * scale) / scale;
    if (fabsl(got - (long double)pct) > 0.5L / scale)
        fail_msg("got %.8Lf%%, expected %.*f%%", x * 100.0L, decimals, pct);
}

static const par_line_t *line(const par_bet_t *b, const char *name) {
    for (int i = 0; i < b->nlines; i++)
        if (strcmp(b->line[i].name, name) == 0) return &b->line[i];
    fail_msg("no line '%s' in %s", name, b->name);
    return NULL;
}

static void assert_count(const par_bet_t *b, const char *name, uint64_t expect) {
    const par_line_t *l = line(b, name);
    if (l->count != (par_int)expect) {
        char buf[41];
        fail_msg("%s / %s: %s combinations, expected %llu", b->name, name,
                 par_int_str(l->count, buf), (unsigned long long)expect);
    }
}

static car_result_t *classic, *live;

static int setup(void **state) {
    (void)state;
    rules_t r;
    classic = malloc(sizeof *classic);
    live = malloc(sizeof *live);
    if (!classic || !live) return -1;
    rules_preset(&r, PRESET_CARIBBEAN_CLASSIC);
    if (!car_analyse(r.main_pays, 2, classic)) return -1;
    rules_preset(&r, PRESET_CARIBBEAN_LIVE);
    if (!car_analyse(r.main_pays, 2, live)) return -1;
    return 0;
}

static int teardown(void **state) {
    (void)state;
    free(classic);
    free(live);
    return 0;
}

/* The published return table of Caribbean Stud with the classic pay table and optimal
 * strategy, every line. */
static void test_caribbean_classic_table(void **state) {
    (void)state;
    par_bet_t b;
    car_par_bet(classic, CAR_OPTIMAL, &b);
    assert_int_equal(classic->classes, 134459);
    assert_true(classic->total == 19933230517200ull);
    assert_true(b.total == (par_int)19933230517200ull);
    assert_count(&b, "Win: Royal Flush", 16759740ull);
    assert_count(&b, "Win: Straight Flush", 156929720ull);
    assert_count(&b, "Win: Four of a Kind", 2832435800ull);
    assert_count(&b, "Win: Full House", 16624475280ull);
    assert_count(&b, "Win: Flush", 21856990280ull);
    assert_count(&b, "Win: Straight", 43805516100ull);
    assert_count(&b, "Win: Three of a Kind", 234242908320ull);
    assert_count(&b, "Win: Two Pair", 488012139360ull);
    assert_count(&b, "Win: Pair", 2324742321600ull);
    assert_count(&b, "Win: A-K high", 18505682208ull);
    assert_count(&b, "Dealer does not qualify", 4532514033720ull);
    assert_count(&b, "Push", 321623100ull);
    assert_count(&b, "Loss", 2726592727512ull);
    assert_count(&b, "Fold", 9523005974460ull);
    /* house edge 5.2243% per ante, element of risk 2.555% */
    assert_pct(par_house_edge(&b), 5.2243, 4);
    assert_pct(par_element_of_risk(&b), 2.555, 3);
    /* no hand where PLAY and FOLD are worth exactly the same */
    assert_true(classic->tally[CAR_OPTIMAL].evequal == 0);
    /* the exact EV: the sum of the lines over the total */
    par_int num, den;
    par_ev(&b, &num, &den);
    assert_true(den == (par_int)19933230517200ull);
}

/* Seed 002: raising A-K-J-8-3 or better costs 5.316%. */
static void test_caribbean_simple_strategies(void **state) {
    (void)state;
    par_bet_t akj, pair, always, opt;
    car_par_bet(classic, CAR_OPTIMAL, &opt);
    car_par_bet(classic, CAR_AKJ83, &akj);
    car_par_bet(classic, CAR_PAIR, &pair);
    car_par_bet(classic, CAR_ALWAYS, &always);
    assert_pct(par_house_edge(&akj), 5.316, 3);
    assert_true(par_house_edge(&opt) < par_house_edge(&akj));
    assert_true(par_house_edge(&opt) < par_house_edge(&pair));
    assert_true(par_house_edge(&opt) < par_house_edge(&always));
    assert_true(line(&always, "Fold")->count == 0);
    assert_true(line(&pair, "Win: A-K high")->count == 0);
}

/* Seed 001: the live pay table returns 96.30% per ante and 98.19% per total wager. */
static void test_caribbean_live(void **state) {
    (void)state;
    par_bet_t b;
    car_par_bet(live, CAR_OPTIMAL, &b);
    assert_true(b.total == (par_int)19933230517200ull);
    assert_pct(par_return(&b), 96.30, 2);
    assert_pct(par_return_per_wager(&b), 98.19, 2);
    /* which hands are played does not depend on these two tables' differences much, but the
     * royal line is the same: the player always plays a royal */
    assert_count(&b, "Win: Royal Flush", 16759740ull);
}

/* Seed 001: 5+1 BONUS 91.44%, JACKPOT 81.84% with 45% / 5% / 31.84% funding. */
static void test_caribbean_side_bets(void **state) {
    (void)state;
    rules_t r;
    rules_preset(&r, PRESET_CARIBBEAN_LIVE);
    par_bet_t b;
    side_bonus51(&r, &b);
    assert_true(b.total == 20358520);
    assert_count(&b, "Royal Flush", 188);
    assert_pct(par_return(&b), 91.44, 2);

    side_jackpot(&r, &b);
    assert_true(b.total == 2598960);
    assert_pct(par_return(&b), 81.84, 2);
    /* the fixed prizes cost 31.84% of the stake, as funded */
    assert_pct(1.0L + par_ev_ld(&b), 31.84, 2);
    /* at a meter of m, the royal adds 4 / 2,598,960 x m per stake */
    long double at = par_return_at_meter(&b, 100000);
    assert_true(fabsl(at - (1.0L + par_ev_ld(&b) + 4.0L * 1000.0L / 2598960.0L)) < 1e-12L);

    rules_preset(&r, PRESET_CARIBBEAN_US);
    side_progressive(&r, &b);
    /* break-even: fixed prizes 941,800.00 over 2,598,960 hands for a 1.00 stake, the meter
     * paid at royal 100% and straight flush 10%: (1 - 941800/2598960/100) * 2598960 / 7.6 */
    long double be = par_break_even_meter(&b);
    long double expect = (2598960.0L - 941800.0L) / 7.6L * 100.0L; /* minor units */
    assert_true(fabsl(be - expect) < 1.0L);
    assert_true(fabsl(par_return_at_meter(&b, (int64_t)be) - 1.0L) < 1e-6L);
}

static void test_cajun(void **state) {
    (void)state;
    rules_t r;
    rules_preset(&r, PRESET_CAJUN);
    par_bet_t b;
    cajun_par(&r, &b);
    assert_true(b.total == (par_int)1326 * 50 * 49 * 48);
    /* a royal is never folded: 4 suits x C(5,2) hole pairs x 3! orders of the board */
    assert_true(line(&b, "Royal flush")->count == (par_int)4 * 10 * 6);
    /* the main game is Mississippi Stud's, whose published figures are 4.91% of the ante,
     * 3.59 antes wagered on average and an element of risk of 1.37% */
    assert_pct(par_house_edge(&b), 4.91, 2);
    assert_true(fabsl(par_avg_wager(&b) - 3.59L) < 0.005L);
    assert_pct(par_element_of_risk(&b), 1.37, 2);

    side_board(&r, &b);
    assert_true(b.total == 22100);
    assert_count(&b, "Mini Royal", 4);
    side_pocket(&r, &b);
    assert_true(b.total == 1326);
    assert_count(&b, "Pair of Aces", 6);
    side_loball(&r, &b);
    assert_true(b.total == 2598960);
    assert_count(&b, "Seven high", 4080); /* 7-5-4-3-2, 7-6-4-3-2, 7-6-5-3-2, 7-6-5-4-2 */
}

/* The Asian rule sheet's auditor table: +13.32% / +8.57% / +1.22% / house 2.92% of ante. */
static void test_asian(void **state) {
    (void)state;
    rules_t r;
    rules_preset(&r, PRESET_ASIAN);
    par_bet_t b;
    asian_par(&r, ASIAN_ODDS_BOTH, 0, &b);
    assert_true(b.total == (par_int)2869685 * 1712304);
    assert_pct(par_house_edge(&b), -13.32, 2);
    asian_par(&r, ASIAN_ODDS_BOTH, 500, &b);
    assert_pct(par_house_edge(&b), -8.57, 2);
    asian_par(&r, ASIAN_ODDS_ONE, 0, &b);
    assert_pct(par_house_edge(&b), -1.22, 2);
    asian_par(&r, ASIAN_ODDS_ONE, 500, &b);
    assert_pct(par_house_edge(&b), 2.92, 2);
    side_asian_bonus(&r, &b);
    assert_true(b.total == 2869685);
    assert_count(&b, "Five Aces", 1);
}

/* The sheet warns about a bet the house loses on and one below the minimum payback. */
static void test_parsheet_warnings(void **state) {
    (void)state;
    rules_t r;
    rules_preset(&r, PRESET_ASIAN);
    parsheet_t *s = malloc(sizeof *s);
    assert_non_null(s);
    assert_true(parsheet_build(&r, 1, 7500, s));
    assert_int_equal(s->nwarn, 1); /* the main game favours the player at 5% */
    assert_non_null(strstr(s->warn[0], "the house loses"));
    r.asian_commission_bp = 1600;
    assert_true(parsheet_build(&r, 1, 8700, s));
    assert_int_equal(s->nwarn, 1); /* now the bonus (86.55%) is below 87% */
    assert_non_null(strstr(s->warn[0], "BONUS"));
    assert_non_null(strstr(s->warn[0], "minimum payback"));
    free(s);
}

typedef struct check {
    const strategy_t *s;
    uint64_t checked, wrong;
} check_t;

static void check_decision(void *user, const card_t hand[5], card_t up, int64_t ev, int weight) {
    (void)weight;
    check_t *c = user;
    int want = ev > -163185;
    card_t shown[1] = {up};
    c->checked++;
    if (strategy_decide(c->s, hand, shown, 0, NULL) != want) c->wrong++;
}

/* The compact strategy the game plays gives the exact optimal decision for every player hand
 * class and up card (122,151,120 hands and up cards in 6,319,573 classes). */
static void test_caribbean_strategy(void **state) {
    (void)state;
    rules_t r;
    rules_preset(&r, PRESET_CARIBBEAN_CLASSIC);
    strategy_t *s = strategy_build(&r);
    assert_non_null(s);
    int patterns;
    int mixed = strategy_caribbean_exceptions(s, &patterns);
    assert_true(mixed < 100 && patterns < 5000);
    check_t c = {s, 0, 0};
    car_result_t *res = malloc(sizeof *res);
    assert_non_null(res);
    assert_true(car_analyse_visit(r.main_pays, 1, res, check_decision, &c, NULL));
    assert_true(c.checked == 134459ull * 47);
    assert_true(c.wrong == 0);
    /* spot checks: a pair plays, A-Q high folds, A-K-Q-J-9 against a 2 plays */
    card_t h[5], up[1];
    char err[64];
    card_parse_list("2c 2d 7h 9s Jc", h, 5, err, sizeof err);
    card_parse_list("Ah", up, 1, err, sizeof err);
    assert_int_equal(strategy_decide(s, h, up, 0, NULL), 1);
    card_parse_list("Ac Qd 7h 9s Jc", h, 5, err, sizeof err);
    assert_int_equal(strategy_decide(s, h, up, 0, NULL), 0);
    card_parse_list("Ac Kd Qh Js 9c", h, 5, err, sizeof err);
    card_parse_list("2h", up, 1, err, sizeof err);
    assert_int_equal(strategy_decide(s, h, up, 0, NULL), 1);
    /* the hint's values agree with the decision */
    static const char *const hands[] = {"Ac Kd Qh Js 9c", "Ac Kd 5h 4s 2c", "Ac Kd 8h 6s 3c",
                                        "2c 2d 7h 9s Jc", "Ac Qd 7h 9s Jc"};
    static const char *const ups[] = {"2h", "Ks", "8d", "Ah", "3c"};
    for (size_t i = 0; i < sizeof hands / sizeof hands[0]; i++)
        for (size_t k = 0; k < sizeof ups / sizeof ups[0]; k++) {
            card_parse_list(hands[i], h, 5, err, sizeof err);
            card_parse_list(ups[k], up, 1, err, sizeof err);
            if (memchr(h, up[0], 5)) continue;
            strategy_advice_t adv;
            assert_true(strategy_advise(s, h, up, 0, NULL, &adv));
            assert_int_equal(adv.noptions, 2);
            assert_int_equal(adv.decision, adv.ev[1] > adv.ev[0] ? 1 : 0);
        }
    free(res);
    strategy_free(s);
}

/* A build told to stop gives up with nothing (the game stops its strategy thread at exit). */
static void test_strategy_stop(void **state) {
    (void)state;
    atomic_int stop = 1;
    rules_t r;
    rules_preset(&r, PRESET_CARIBBEAN_CLASSIC);
    assert_null(strategy_build_until(&r, &stop));
    rules_preset(&r, PRESET_CAJUN);
    assert_null(strategy_build_until(&r, &stop));
    atomic_store(&stop, 0);
    strategy_t *s = strategy_build_until(&r, &stop);
    assert_non_null(s);
    strategy_free(s);
}

static void test_other_strategies(void **state) {
    (void)state;
    rules_t r;
    rules_preset(&r, PRESET_ASIAN);
    strategy_t *s = strategy_build(&r);
    assert_non_null(s);
    card_t h[5];
    char err[64];
    card_parse_list("Kc Qd Jh 9s As", h, 5, err, sizeof err); /* 30 + 10: value 10 */
    assert_int_equal(strategy_decide(s, h, NULL, 0, NULL), 1);
    /* the stored table agrees with the exact count for hands of every kind */
    static const char *const hands[] = {"Kc Qd Jh 9s As", "2c 3d 4h 6s 8c", "Jk Ac 2d 3h 4s",
                                        "Tc Jd Qh Ks 9c", "5c 5d Th 2s 3c", "Ac Ad Ah As Jk"};
    for (size_t i = 0; i < sizeof hands / sizeof hands[0]; i++) {
        card_parse_list(hands[i], h, 5, err, sizeof err);
        double ev;
        bool raise = asian_decide(&r, h, &ev);
        assert_int_equal(strategy_decide(s, h, NULL, 0, NULL), raise ? 1 : 0);
    }
    strategy_free(s);

    rules_preset(&r, PRESET_CAJUN);
    s = strategy_build(&r);
    assert_non_null(s);
    card_t hole[2];
    card_parse_list("As Ah", hole, 2, err, sizeof err);
    assert_int_equal(strategy_decide(s, hole, NULL, 0, NULL), 3);
    card_parse_list("2s 7h", hole, 2, err, sizeof err);
    assert_int_equal(strategy_decide(s, hole, NULL, 0, NULL), 0);
    strategy_advice_t adv;
    assert_true(strategy_advise(s, hole, NULL, 0, NULL, &adv));
    assert_int_equal(adv.noptions, 4);
    assert_true(adv.ev[0] == -1.0 && adv.ev[0] >= adv.ev[1] && adv.ev[0] >= adv.ev[3]);
    card_parse_list("Ks Qs", hole, 2, err, sizeof err);
    card_t board[2];
    card_parse_list("Js Ts", board, 2, err, sizeof err); /* open-ended straight flush draw */
    int raises[2] = {1, 1};
    assert_int_equal(strategy_decide(s, hole, board, 2, raises), 3);
    /* the play-time routine agrees with the full backward induction at decisions 2 and 3 */
    static const char *const holes[] = {"Ks Qs", "7c 2d", "9h 9d", "Ad 5c"};
    static const char *const boards[] = {"Js Ts", "7h 3s", "4c Kd", "2d 3d"};
    cajun_table_t *t = malloc(sizeof *t);
    assert_non_null(t);
    cajun_table_init(&r, t);
    for (size_t i = 0; i < sizeof holes / sizeof holes[0]; i++) {
        card_parse_list(holes[i], hole, 2, err, sizeof err);
        card_parse_list(boards[i], board, 2, err, sizeof err);
        for (int step = 1; step <= 2; step++)
            for (int first = 1; first <= 3; first++) {
                int rs[2] = {first, 2};
                double e1, e2;
                int d1 = cajun_decide(&r, hole, board, step, rs, &e1);
                int d2 = cajun_decide_table(t, hole, board, step, rs, &e2, NULL);
                assert_int_equal(d1, d2);
                assert_true(fabs(e1 - e2) < 1e-12);
            }
    }
    free(t);
    strategy_free(s);
}

int main(void) {
    const struct CMUnitTest caribbean[] = {
        cmocka_unit_test(test_caribbean_classic_table),
        cmocka_unit_test(test_caribbean_simple_strategies),
        cmocka_unit_test(test_caribbean_live),
    };
    const struct CMUnitTest others[] = {
        cmocka_unit_test(test_caribbean_side_bets),
        cmocka_unit_test(test_cajun),
        cmocka_unit_test(test_asian),
        cmocka_unit_test(test_parsheet_warnings),
        cmocka_unit_test(test_caribbean_strategy),
        cmocka_unit_test(test_other_strategies),
        cmocka_unit_test(test_strategy_stop),
    };
    int failed = cmocka_run_group_tests_name("caribbean", caribbean, setup, teardown);
    failed += cmocka_run_group_tests_name("others", others, NULL, NULL);
    return failed;
}
