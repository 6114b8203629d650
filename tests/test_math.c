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

#include "approval.h"
#include "asian.h"
#include "cajun.h"
#include "caribbean.h"
#include "parsheet.h"
#include "round.h"
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

/* ---- Asian Stud: the par sheet against a second count ---- */

/* A second count of Asian Stud's main game that shares nothing with src/math/asian.c but the
 * idea of counting by points: the multisets of card points are walked here, each one's value
 * comes from the core's eval_asian() on real cards, and what each (player value, dealer value)
 * pays comes from the round engine itself, one stacked-deck round each. */

#define AS_ANTE 2000 /* 20.00: every net win is a multiple of 0.20, so 5% is whole cents */

static const int AS_DECK[10] = {5, 4, 4, 4, 4, 4, 4, 4, 4, 16}; /* cards of 1..10 points */

/* Real cards for a multiset of points (any suits: only the points count). */
static void as_cards(const int k[10], card_t out[5]) {
    int n = 0;
    for (int p = 0; p < 10; p++)
        for (int i = 0; i < k[p]; i++) {
            if (p == 0)
                out[n++] = i == 0 ? CARD_JOKER : card_make(CARD_RANK_A, i - 1);
            else if (p < 9)
                out[n++] = card_make(CARD_RANK_2 + p - 1, i);
            else
                out[n++] = card_make(CARD_RANK_T + i / 4, i % 4);
        }
}

typedef struct as_mset {
    int k[10];
    int value;    /* 0 = does not qualify, else 1..10 */
    int64_t ways; /* combinations from the full 53-card deck */
} as_mset_t;

static int64_t as_choose(int n, int k) {
    if (k < 0 || k > n) return 0;
    int64_t c = 1;
    for (int i = 0; i < k; i++) c = c * (n - i) / (i + 1);
    return c;
}

static void as_walk(as_mset_t *all, int *n, int k[10], int p, int left) {
    if (p == 10) {
        if (left) return;
        as_mset_t *m = &all[(*n)++];
        memcpy(m->k, k, sizeof m->k);
        card_t c[5];
        as_cards(k, c);
        eval_asian_t a = eval_asian(c);
        m->value = a.qualifies ? a.value : 0;
        m->ways = 1;
        for (int q = 0; q < 10; q++) m->ways *= as_choose(AS_DECK[q], k[q]);
        return;
    }
    for (int c = 0; c <= left && c <= AS_DECK[p]; c++) {
        k[p] = c;
        as_walk(all, n, k, p + 1, left - c);
    }
    k[p] = 0;
}

/* A hand of this value (0 = not qualifying) for the player or the dealer, never sharing a
 * card with the other's. */
static void as_hand(int value, bool dealer, char *out, size_t n) {
    if (value == 0) {
        snprintf(out, n, "%s", dealer ? "As Ad 2s 2d 3d" : "Ac Ah 2c 2h 3c");
        return;
    }
    /* three tens make 30; a fourth ten and a card of `value` points leave the value */
    static const char *const rank[11] = {"", "A", "2", "3", "4", "5", "6", "7", "8", "9", "T"};
    snprintf(out, n, "%s%s%s", dealer ? "Ks Qc Jd Ts " : "Kc Qd Jh Th ", rank[value],
             dealer ? "d" : "c");
}

/* What the player's ante and raise come to, net, for each (player value, dealer value), from
 * the round engine with these rules. */
static void as_engine_results(const rules_t *ru, int64_t net[11][11]) {
    for (int pv = 0; pv <= 10; pv++)
        for (int dv = 0; dv <= 10; dv++) {
            char ph[32], dh[32], top[80], err[128];
            as_hand(pv, false, ph, sizeof ph);
            as_hand(dv, true, dh, sizeof dh);
            snprintf(top, sizeof top, "%s %s", ph, dh);
            card_t first[10];
            assert_int_equal(card_parse_list(top, first, 10, err, sizeof err), 10);
            deck_t d;
            d.count = 0;
            bool used[DECK_MAX] = {false};
            for (int i = 0; i < 10; i++) d.cards[d.count++] = first[i], used[first[i]] = true;
            for (int c = 0; c < 53; c++)
                if (!used[c]) d.cards[d.count++] = (card_t)c;
            int64_t credits[RULES_MAX_SEATS] = {1000000};
            round_t r;
            assert_true(round_init(&r, ru, &d, 1, credits, NULL, NULL, err, sizeof err));
            round_action_t a = round_bet(0, WAGER_ANTE, AS_ANTE);
            assert_int_equal(round_apply(&r, &a).refusal, REFUSE_NONE);
            a = round_simple(ACT_DEAL, 0);
            assert_int_equal(round_apply(&r, &a).refusal, REFUSE_NONE);
            a = round_raise(0, 1);
            assert_int_equal(round_apply(&r, &a).refusal, REFUSE_NONE);
            assert_int_equal(r.phase, ROUND_SETTLED);
            assert_int_equal(r.seat[0].hand_value, pv);
            assert_int_equal(r.dealer_qualifies ? r.dealer_value : 0, dv);
            net[pv][dv] = round_seat_returned(&r, 0) - round_seat_staked(&r, 0);
        }
}

/* The exact expected result in cents over every deal, T deals in all: with the best decision
 * for each player multiset (fold = -ante), or raising every hand. */
static void as_count(const rules_t *ru, bool always, par_int *ev_cents, par_int *deals) {
    static as_mset_t all[2002];
    int n = 0, k[10] = {0};
    as_walk(all, &n, k, 0, 5);
    assert_int_equal(n, 2002 - 8); /* no five cards of one point from 2 to 9: four each */
    int64_t net[11][11];
    as_engine_results(ru, net);
    *ev_cents = 0;
    *deals = 0;
    for (int i = 0; i < n; i++) {
        int64_t dcount[11] = {0}, dtotal = 0;
        for (int j = 0; j < n; j++) {
            int64_t w = 1;
            for (int p = 0; p < 10 && w; p++) w *= as_choose(AS_DECK[p] - all[i].k[p], all[j].k[p]);
            dcount[all[j].value] += w;
            dtotal += w;
        }
        par_int raise = 0;
        for (int dv = 0; dv <= 10; dv++) raise += (par_int)dcount[dv] * net[all[i].value][dv];
        par_int fold = -(par_int)dtotal * AS_ANTE;
        par_int best = always || raise >= fold ? raise : fold;
        *ev_cents += (par_int)all[i].ways * best;
        *deals += (par_int)all[i].ways * dtotal;
    }
}

/* The par sheet's figure equals the second count exactly (EV per ante, as fractions). */
static void assert_same_ev(const par_bet_t *b, par_int ev_cents, par_int deals) {
    par_int num, den;
    par_ev(b, &num, &den);
    if (num * deals * AS_ANTE != ev_cents * den)
        fail_msg("%s: par sheet EV %.10Lf antes, second count %.10Lf", b->name,
                 par_to_ld(num) / par_to_ld(den),
                 par_to_ld(ev_cents) / (par_to_ld(deals) * AS_ANTE));
}

/* Asian Stud by rules.md (the ante 1:1, the margin odds on the raise, 5% of the net win):
 * house edge 2.9166% of the ante with optimal play (issue 11's par sheet figure), about 3.1%
 * raising always; the literal reading (the odds on both bets) returns over 100%. Each figure
 * is checked exactly against the second count above, which also pays through the engine. */
static void test_asian(void **state) {
    (void)state;
    rules_t r;
    rules_preset(&r, PRESET_ASIAN);
    assert_int_equal(r.asian_odds_on_ante, 0);
    assert_int_equal(asian_reading(&r), ASIAN_ODDS_RAISE);
    par_bet_t b;
    par_int ev, deals;

    asian_par(&r, ASIAN_ODDS_RAISE, 500, false, &b);
    assert_true(b.total == (par_int)2869685 * 1712304);
    assert_pct(par_house_edge(&b), 2.9166, 4);
    as_count(&r, false, &ev, &deals);
    assert_true(deals == b.total);
    assert_same_ev(&b, ev, deals);
    asian_par(&r, ASIAN_ODDS_RAISE, 500, true, &b);
    assert_pct(par_house_edge(&b), 3.0950, 4); /* rules.md: about 3.1% raising always */
    assert_true(b.raise_count == b.total);
    as_count(&r, true, &ev, &deals);
    assert_same_ev(&b, ev, deals);
    asian_par(&r, ASIAN_ODDS_RAISE, 0, false, &b);
    assert_pct(par_house_edge(&b), -1.22, 2); /* rules.md: about +1.2% without commission */

    /* the literal reading */
    asian_par(&r, ASIAN_ODDS_BOTH, 0, false, &b);
    assert_pct(par_house_edge(&b), -13.32, 2); /* rules.md: +13.3% */
    asian_par(&r, ASIAN_ODDS_BOTH, 500, false, &b);
    assert_pct(par_return(&b), 108.5744, 4);
    r.asian_odds_on_ante = 1;
    assert_int_equal(asian_reading(&r), ASIAN_ODDS_BOTH);
    as_count(&r, false, &ev, &deals);
    assert_same_ev(&b, ev, deals);
    asian_par(&r, ASIAN_ODDS_BOTH, 500, true, &b);
    assert_pct(par_return(&b), 108.3961, 4);
    as_count(&r, true, &ev, &deals);
    assert_same_ev(&b, ev, deals);

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
    assert_int_equal(s->nwarn, 0); /* the preset is a house game */
    assert_string_equal(s->bet[0].key, "asian");
    assert_false(s->informational[0]);
    assert_pct(par_house_edge(&s->bet[0]), 2.9166, 4);
    /* the literal reading, the margin odds on both bets, is one the house loses */
    r.asian_odds_on_ante = 1;
    assert_true(parsheet_build(&r, 1, 7500, s));
    assert_int_equal(s->nwarn, 1);
    assert_non_null(strstr(s->warn[0], "Asian Stud main game"));
    assert_non_null(strstr(s->warn[0], "at least 100%, the house loses"));
    assert_non_null(strstr(s->warn[0], "asian_margin_odds_on = raise"));
    r.asian_odds_on_ante = 0;
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

/* The approved return range (approval.h): the figures are the par sheet's returns exactly, the
 * text form reads back to the same fractions, and the verdict is exact at the limits. */
/* The pinned figures of the built-in presets (approval_known, what a start uses instead of
 * seconds of par sheet) are the par sheet's own, exactly; a pay line changed is no preset's,
 * a limit or a timer changed still is. */
static void test_approval_known(void **state) {
    (void)state;
    for (int p = 0; p < PRESET_COUNT; p++) {
        rules_t r;
        rules_preset(&r, (rules_preset_t)p);
        approval_t known, worked;
        assert_true(approval_known(&r, &known));
        assert_true(approval_compute(&r, 2, &worked));
        assert_int_equal(known.nbets, worked.nbets);
        for (int b = 0; b < known.nbets; b++) {
            if (known.bet[b].num != worked.bet[b].num || known.bet[b].den != worked.bet[b].den)
                fail_msg("%s bet %d: the pinned figure differs from the par sheet's: update "
                         "KNOWN in approval.c",
                         rules_preset_key((rules_preset_t)p), b);
        }
        rules_t limits = r;
        limits.bet_max[WAGER_ANTE] /= 2;
        limits.decision_seconds = 30;
        limits.handpay_threshold = 100;
        assert_true(approval_known(&limits, &known));
        rules_t pays = r;
        pays.offered[WAGER_ANTE] = r.offered[WAGER_ANTE]; /* (no change: still known) */
        assert_true(approval_known(&pays, &known));
        if (r.variant == VARIANT_ASIAN)
            pays.asian_commission_bp += 1;
        else if (r.variant == VARIANT_CAJUN)
            pays.board_pays[1] += 1;
        else
            pays.main_pays[EVAL_STRAIGHT] += 1;
        assert_false(approval_known(&pays, &known));
    }
}

static void test_approval(void **state) {
    (void)state;
    rules_t r;
    rules_preset(&r, PRESET_CAJUN);
    approval_t a;
    assert_true(approval_compute(&r, 2, &a));
    assert_int_equal(a.nbets, 4);
    static const wager_t order[4] = {WAGER_ANTE, WAGER_BOARD, WAGER_POCKET, WAGER_LOBALL};
    par_bet_t b;
    for (int i = 0; i < 4; i++) {
        assert_int_equal(a.bet[i].wager, order[i]);
        if (i == 0) cajun_par(&r, &b);
        if (i == 1) side_board(&r, &b);
        if (i == 2) side_pocket(&r, &b);
        if (i == 3) side_loball(&r, &b);
        long double x = par_to_ld(a.bet[i].num) / par_to_ld(a.bet[i].den);
        assert_true(fabsl(x - par_return(&b)) < 1e-15L);
    }
    /* the Board Bonus: 1 + (sum of the lines) / 22,100 boards, in lowest terms */
    side_board(&r, &b);
    par_int n, d;
    par_ev(&b, &n, &d);
    assert_true(a.bet[1].num * d == (n + d) * a.bet[1].den);
    char pct[48];
    approval_percent(&a.bet[1], pct, sizeof pct);
    assert_string_equal(pct, "92.9050"); /* 92.904977% */
    assert_int_equal(approval_check(&a, 7500, 9999, NULL, 0), 0);
    approval_miss_t m[4];
    /* the Board Bonus (92.905%) and Lo Ball (91.287%), not the Pocket Bonus (93.213%) */
    assert_int_equal(approval_check(&a, 9291, 9999, m, 4), 2);
    assert_int_equal(m[1].bet, 3);
    assert_int_equal(m[0].bet, 1);
    assert_false(m[0].above);
    assert_int_equal(m[0].limit_bp, 9291);
    char text[200];
    approval_miss_text(&a, &m[0], text, sizeof text);
    assert_string_equal(text, "the BOARD BONUS returns 92.9050%, below the approved minimum of "
                              "92.91%");

    /* the text form */
    char buf[1024];
    assert_true(approval_encode(&a, buf, sizeof buf) < (int)sizeof buf);
    assert_true(strncmp(buf, "main=", 5) == 0);
    approval_t back;
    assert_true(approval_decode(buf, &r, &back));
    assert_int_equal(back.nbets, a.nbets);
    for (int i = 0; i < a.nbets; i++) {
        assert_int_equal(back.bet[i].wager, a.bet[i].wager);
        assert_true(back.bet[i].num == a.bet[i].num && back.bet[i].den == a.bet[i].den);
    }
    rules_t fewer = r;
    fewer.offered[WAGER_LOBALL] = false; /* other rules: other bets */
    assert_false(approval_decode(buf, &fewer, &back));
    static const char *const bad[] = {"",
                                      "main=1/2",
                                      "main=1/0 board=1/2 pocket=1/2 loball=1/2",
                                      "main=1/2 board=1/2 loball=1/2 pocket=1/2",
                                      "main=1/2 board=1/2 pocket=1/2 loball=1/2 ",
                                      "main=1/2  board=1/2 pocket=1/2 loball=1/2",
                                      "main=-1/2 board=1/2 pocket=1/2 loball=1/2",
                                      "main=1/2 board=1/2 pocket=1/2 loball=1/2 x=1/2",
                                      "main=999999999999999999999999999999999999999999/2 "
                                      "board=1/2 pocket=1/2 loball=1/2"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        assert_false(approval_decode(bad[i], &r, &back));
    assert_true(approval_decode("main=1/2 board=3/4 pocket=5/6 loball=7/8", &r, &back));

    /* exact at the limits: 99.99% is inside a maximum of 99.99%, one part in 10^8 more is not */
    approval_t x = {.variant = VARIANT_CARIBBEAN, .nbets = 1};
    x.bet[0] = (approval_bet_t){.wager = WAGER_ANTE, .num = 9999, .den = 10000};
    assert_int_equal(approval_check(&x, 7500, 9999, NULL, 0), 0);
    x.bet[0].num = 99990001, x.bet[0].den = 100000000;
    assert_int_equal(approval_check(&x, 7500, 9999, m, 4), 1);
    assert_true(m[0].above);
    approval_percent(&x.bet[0], pct, sizeof pct);
    assert_string_equal(pct, "99.9900");
    x.bet[0].num = 3, x.bet[0].den = 4; /* 75% exactly */
    assert_int_equal(approval_check(&x, 7500, 9999, NULL, 0), 0);
    x.bet[0].num = 749999999, x.bet[0].den = 1000000000;
    assert_int_equal(approval_check(&x, 7500, 9999, m, 4), 1);
    assert_false(m[0].above);
    x.bet[0].num = 15406585, x.bet[0].den = 10000000; /* rounded half up */
    approval_percent(&x.bet[0], pct, sizeof pct);
    assert_string_equal(pct, "154.0659");
    approval_miss_text(&x, &(approval_miss_t){.bet = 0, .above = true, .limit_bp = 9999}, text,
                       sizeof text);
    assert_string_equal(text, "the main game (ante and PLAY) returns 154.0659% of the ante, above "
                              "the approved maximum of 99.99%");
    char lim[16];
    approval_limit_text(7500, lim, sizeof lim);
    assert_string_equal(lim, "75%");
    approval_limit_text(9950, lim, sizeof lim);
    assert_string_equal(lim, "99.50%");

    /* metered bets at their funded return: the US progressive's fixed prizes, its increment
     * and the reset seeding after each royal (4 in 2,598,960 hands) */
    rules_preset(&r, PRESET_CARIBBEAN_US);
    side_progressive(&r, &b);
    par_ev(&b, &n, &d);
    long double fixed = 1.0L + par_to_ld(n) / par_to_ld(d);
    long double funded = fixed + r.progressive_increment_bp / 10000.0L +
                         4.0L / 2598960.0L * (long double)r.progressive_reset / r.progressive_stake;
    assert_true(fabsl(par_return(&b) - funded) < 1e-15L);
    assert_true(fabsl(funded - 0.82776649L) < 1e-8L); /* the preset's 45% increment */
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
        cmocka_unit_test(test_approval_known),
        cmocka_unit_test(test_approval),
        cmocka_unit_test(test_caribbean_strategy),
        cmocka_unit_test(test_other_strategies),
        cmocka_unit_test(test_strategy_stop),
    };
    int failed = cmocka_run_group_tests_name("caribbean", caribbean, setup, teardown);
    failed += cmocka_run_group_tests_name("others", others, NULL, NULL);
    return failed;
}
