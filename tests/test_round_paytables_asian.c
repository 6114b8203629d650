/* Every line of Asian Stud's pay tables (the raise's odds by the winning margin, the Bonus) and
 * every settlement branch, with the commission on the net win; each round dealt from a stacked
 * deck.
 *
 * The expected amounts are worked out here from the odds that ../shared/rules.md and the rule
 * sheets in seeds/ state ("x to 1": the stake comes back plus x times the stake; fixed prizes
 * are totals, stake not returned); they are never read back from the engine's own tables.
 *
 * Dealing order and stacked decks: tests/paytable_fixture.h. */
#include "paytable_fixture.h"

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
        cmocka_unit_test(test_asian_margins),
        cmocka_unit_test(test_asian_commission_rounding),
        cmocka_unit_test(test_asian_settlement_branches),
        cmocka_unit_test(test_asian_literal_reading),
        cmocka_unit_test(test_asian_bonus_lines),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
