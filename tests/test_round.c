/* The round engine's flow: betting (limits, refusals, undo, repeat, double), dealing order,
 * decisions and timers, void rounds. Replays and the money of many random rounds are in
 * test_round_money.c; the pay tables line by line in test_round_paytables.c (Caribbean),
 * test_round_paytables_cajun.c and test_round_paytables_asian.c. */
#include "round_fixture.h"

/* ---- set-up ---- */

static void expect_refused_deck(const rules_t *ru, const deck_t *d, const char *why) {
    static round_t r;
    int64_t cr[1] = {100000};
    char err[128] = "";
    assert_false(round_init(&r, ru, d, 1, cr, NULL, NULL, err, sizeof err));
    if (strcmp(err, why) != 0) fail_msg("refused with '%s', want '%s'", err, why);
}

static void test_init_refuses_bad_decks(void **state) {
    (void)state;
    rules_t car, asian;
    rules_preset(&car, PRESET_CARIBBEAN_CLASSIC);
    rules_preset(&asian, PRESET_ASIAN);
    static round_t r;
    int64_t cr[1] = {100000};
    char err[128];
    deck_t d;
    deck_init52(&d);
    assert_true(round_init(&r, &car, &d, 1, cr, NULL, NULL, err, sizeof err));
    deck_init53(&d);
    assert_true(round_init(&r, &asian, &d, 1, cr, NULL, NULL, err, sizeof err));
    expect_refused_deck(&car, &d, "the deck is not a whole 52-card deck");
    deck_init52(&d);
    expect_refused_deck(&asian, &d, "the deck is not a whole 53-card deck");
    d.cards[17] = d.cards[30]; /* a card twice */
    expect_refused_deck(&car, &d, "the deck is not a whole 52-card deck");
    deck_init52(&d);
    d.cards[51] = 60; /* not a card */
    expect_refused_deck(&car, &d, "the deck is not a whole 52-card deck");
    d.cards[51] = 64 + 51; /* not a card either, whatever it is modulo 64 */
    expect_refused_deck(&car, &d, "the deck is not a whole 52-card deck");
    d.cards[51] = CARD_JOKER; /* 52 different cards, one the joker */
    expect_refused_deck(&car, &d, "the deck holds a joker");
    deck_init53(&d);
    d.cards[52] = d.cards[0];
    expect_refused_deck(&asian, &d, "the deck is not a whole 53-card deck");
}

/* ---- betting ---- */

static void test_bet_limits_and_refusals(void **state) {
    (void)state;
    rules_t ru;
    rules_preset(&ru, PRESET_CARIBBEAN_LIVE);
    ru.seats = 2;
    deck_t d;
    stack_deck(&d, "", false);
    jackpot_pool_t pool;
    jackpot_init(&pool, ru.jackpot_seed);
    round_t r;
    start(&r, &ru, &d, 2, 50000, &pool);

    assert_int_equal(try_(&r, round_bet(0, WAGER_BONUS51, 500)), REFUSE_NEED_ANTE);
    assert_int_equal(try_(&r, round_bet(0, WAGER_PROGRESSIVE, 100)), REFUSE_NOT_OFFERED);
    assert_int_equal(try_(&r, round_bet(0, WAGER_PLAY, 100)), REFUSE_NOT_OFFERED);
    assert_int_equal(try_(&r, round_bet(5, WAGER_ANTE, 100)), REFUSE_NO_SEAT);
    assert_int_equal(try_(&r, round_simple(ACT_DEAL, 0)), REFUSE_NO_BETS);
    assert_int_equal(try_(&r, round_simple(ACT_PLAY, 0)), REFUSE_NOT_NOW);

    /* a chip past the maximum fills the spot to it; then the spot is at its maximum */
    must(&r, round_bet(0, WAGER_ANTE, 2500));
    must(&r, round_bet(0, WAGER_ANTE, 10000));
    assert_int_equal(r.seat[0].stake[WAGER_ANTE], ru.bet_max[WAGER_ANTE]);
    assert_int_equal(try_(&r, round_bet(0, WAGER_ANTE, 100)), REFUSE_AT_MAX);
    /* the jackpot takes exactly its stake, whatever the chip */
    must(&r, round_bet(0, WAGER_JACKPOT, 2500));
    assert_int_equal(r.seat[0].stake[WAGER_JACKPOT], 100);
    assert_int_equal(try_(&r, round_bet(0, WAGER_JACKPOT, 100)), REFUSE_AT_MAX);
    assert_int_equal(r.seat[0].credits, 50000 - 10000 - 100);

    /* seat 2: an ante under the minimum cannot be dealt */
    must(&r, round_bet(1, WAGER_ANTE, 50));
    assert_int_equal(try_(&r, round_simple(ACT_DEAL, 0)), REFUSE_BELOW_MIN);
    must(&r, round_bet(1, WAGER_ANTE, 50));
    must(&r, round_simple(ACT_DEAL, 0));
    assert_int_equal(r.phase, ROUND_DECIDING);
    assert_int_equal(try_(&r, round_bet(0, WAGER_BONUS51, 100)), REFUSE_NOT_NOW);
    assert_int_equal(try_(&r, round_simple(ACT_DEAL, 0)), REFUSE_NOT_NOW);
}

static void test_credits_must_cover_the_raise(void **state) {
    (void)state;
    rules_t ru;
    rules_preset(&ru, PRESET_CARIBBEAN_CLASSIC);
    deck_t d;
    stack_deck(&d, "", false);
    round_t r;
    start(&r, &ru, &d, 1, 2500, NULL);
    assert_int_equal(try_(&r, round_bet(0, WAGER_ANTE, 3000)), REFUSE_CREDITS);
    must(&r, round_bet(0, WAGER_ANTE, 1000)); /* 15.00 left: not the 20.00 PLAY */
    round_status_t st = round_apply(&r, &(round_action_t){ACT_DEAL, 0, 0, 0, 0});
    assert_int_equal(st.refusal, REFUSE_CREDITS);
    assert_non_null(strstr(st.message, "20.00"));
    must(&r, round_simple(ACT_UNDO, 0));
    must(&r, round_bet(0, WAGER_ANTE, 800)); /* 8.00 + 16.00 = 24.00 <= 25.00 */
    must(&r, round_simple(ACT_DEAL, 0));

    /* Cajun: three raises of up to 3x: 10x the ante in all */
    rules_preset(&ru, PRESET_CAJUN);
    start(&r, &ru, &d, 1, 9999, NULL);
    must(&r, round_bet(0, WAGER_ANTE, 1000));
    assert_int_equal(try_(&r, round_simple(ACT_DEAL, 0)), REFUSE_CREDITS);
    start(&r, &ru, &d, 1, 10000, NULL);
    must(&r, round_bet(0, WAGER_ANTE, 1000));
    must(&r, round_simple(ACT_DEAL, 0));
}

static void test_undo_clear_repeat_double(void **state) {
    (void)state;
    rules_t ru;
    rules_preset(&ru, PRESET_CAJUN);
    deck_t d;
    stack_deck(&d, "", false);
    round_t r;
    int64_t credits[1] = {100000};
    int64_t last[WAGER_COUNT] = {0};
    last[WAGER_ANTE] = 1500;
    last[WAGER_POCKET] = 200;
    char err[64];
    assert_true(round_init(&r, &ru, &d, 1, credits, last, NULL, err, sizeof err));

    assert_int_equal(try_(&r, round_simple(ACT_UNDO, 0)), REFUSE_NO_BETS);
    assert_int_equal(try_(&r, round_simple(ACT_DOUBLE, 0)), REFUSE_NO_BETS);
    must(&r, round_simple(ACT_REPEAT, 0));
    assert_int_equal(r.seat[0].stake[WAGER_ANTE], 1500);
    assert_int_equal(r.seat[0].stake[WAGER_POCKET], 200);
    assert_int_equal(try_(&r, round_simple(ACT_REPEAT, 0)), REFUSE_NOT_NOW);
    must(&r, round_simple(ACT_DOUBLE, 0));
    assert_int_equal(r.seat[0].stake[WAGER_ANTE], 3000);
    assert_int_equal(r.seat[0].stake[WAGER_POCKET], 400);
    must(&r, round_bet(0, WAGER_BOARD, 500));
    assert_int_equal(r.seat[0].credits, 100000 - 3000 - 400 - 500);
    must(&r, round_simple(ACT_UNDO, 0)); /* the board bet */
    assert_int_equal(r.seat[0].stake[WAGER_BOARD], 0);
    must(&r, round_simple(ACT_UNDO, 0)); /* the double */
    assert_int_equal(r.seat[0].stake[WAGER_ANTE], 1500);
    assert_int_equal(r.seat[0].stake[WAGER_POCKET], 200);
    /* doubling stops at each spot's maximum (side bets: 25.00) */
    must(&r, round_bet(0, WAGER_POCKET, 2000));
    must(&r, round_simple(ACT_DOUBLE, 0));
    assert_int_equal(r.seat[0].stake[WAGER_POCKET], 2500);
    assert_int_equal(r.seat[0].stake[WAGER_ANTE], 3000);
    must(&r, round_simple(ACT_CLEAR, 0));
    assert_int_equal(round_seat_staked(&r, 0), 0);
    assert_int_equal(r.seat[0].credits, 100000);
    /* a side bet left without its ante cannot be dealt */
    must(&r, round_bet(0, WAGER_ANTE, 500));
    must(&r, round_bet(0, WAGER_LOBALL, 100));
    must(&r, round_simple(ACT_UNDO, 0));
    must(&r, round_bet(0, WAGER_LOBALL, 100));
    assert_int_equal(r.seat[0].stake[WAGER_LOBALL], 100);
}

/* ---- dealing and deciding ---- */

static void test_caribbean_deal_order_and_flow(void **state) {
    (void)state;
    rules_t ru;
    rules_preset(&ru, PRESET_CARIBBEAN_CLASSIC);
    ru.seats = 3;
    deck_t d;
    /* seat 1 and seat 3 bet; seat 2 sits out and gets no cards */
    stack_deck(&d, "2c 3c 4c 5c 7d  Ah Kh Qh Jh 9s  Ad Kd 2s 3s 4s", false);
    round_t r;
    start(&r, &ru, &d, 3, 100000, NULL);
    must(&r, round_bet(0, WAGER_ANTE, 1000));
    must(&r, round_bet(2, WAGER_ANTE, 1000));
    must(&r, round_simple(ACT_DEAL, 0));
    assert_memory_equal(r.seat[0].cards, d.cards, 5);
    assert_false(r.seat[1].in_round);
    assert_memory_equal(r.seat[2].cards, d.cards + 5, 5);
    assert_memory_equal(r.dealer, d.cards + 10, 5);
    int up = 0, down = 0;
    for (int i = 0; i < r.nevents; i++)
        if (r.events[i].type == EV_CARD && r.events[i].seat == ROUND_DEALER)
            r.events[i].value ? up++ : down++;
    assert_int_equal(up, 1);
    assert_int_equal(down, 4);
    assert_int_equal(try_(&r, round_simple(ACT_PLAY, 1)), REFUSE_NO_SEAT);
    must(&r, round_simple(ACT_FOLD, 0));
    assert_int_equal(try_(&r, round_simple(ACT_PLAY, 0)), REFUSE_ALREADY_DECIDED);
    assert_int_equal(r.phase, ROUND_DECIDING); /* seat 3 still to decide */
    must(&r, round_simple(ACT_PLAY, 2));
    assert_int_equal(r.phase, ROUND_SETTLED);
    assert_true(has_event(&r, EV_DEALER_REVEALED, -1));
    /* dealer A-K high qualifies; the player's A-K-Q beats it: ante 1:1, PLAY 1:1 */
    assert_true(has_event(&r, EV_DEALER_QUALIFIES, -1));
    assert_int_equal(r.seat[2].returned[WAGER_ANTE], 2000);
    assert_int_equal(r.seat[2].returned[WAGER_PLAY], 4000);
    assert_int_equal(r.seat[0].returned[WAGER_ANTE], 0);
    assert_int_equal(r.seat[0].credits, 100000 - 1000);
    assert_int_equal(r.seat[2].credits, 100000 + 3000);
    assert_int_equal(r.seat[1].credits, 100000);
    assert_int_equal(try_(&r, round_simple(ACT_DEAL, 0)), REFUSE_NOT_NOW);
}

static void test_cajun_board_turns_one_by_one(void **state) {
    (void)state;
    rules_t ru;
    rules_preset(&ru, PRESET_CAJUN);
    ru.seats = 2;
    deck_t d;
    stack_deck(&d, "Ah Kh  2c 7d  Qh Jh Th", false);
    round_t r;
    start(&r, &ru, &d, 2, 100000, NULL);
    must(&r, round_bet(0, WAGER_ANTE, 500));
    must(&r, round_bet(1, WAGER_ANTE, 500));
    must(&r, round_bet(1, WAGER_BOARD, 100));
    must(&r, round_simple(ACT_DEAL, 0));
    assert_int_equal(r.board_shown, 0);
    assert_int_equal(try_(&r, round_raise(0, 4)), REFUSE_BAD_RAISE);
    assert_int_equal(try_(&r, round_raise(0, 0)), REFUSE_BAD_RAISE);
    must(&r, round_raise(0, 3));
    assert_int_equal(r.board_shown, 0); /* seat 2 has not decided */
    must(&r, round_simple(ACT_FOLD, 1));
    assert_int_equal(r.board_shown, 1);
    assert_true(has_event(&r, EV_BOARD_SHOWN, ROUND_BOARD));
    assert_false(round_seat_can_decide(&r, 1));
    must(&r, round_raise(0, 1));
    assert_int_equal(r.board_shown, 2);
    must(&r, round_raise(0, 2));
    assert_int_equal(r.board_shown, 3);
    assert_int_equal(r.phase, ROUND_SETTLED);
    /* royal flush: ante 5.00 and raises 15.00, 5.00, 10.00 at 500 to 1 */
    assert_int_equal(r.seat[0].stake[WAGER_RAISE_1], 1500);
    assert_int_equal(r.seat[0].stake[WAGER_RAISE_2], 500);
    assert_int_equal(r.seat[0].stake[WAGER_RAISE_3], 1000);
    assert_int_equal(round_seat_returned(&r, 0), (500 + 1500 + 500 + 1000) * 501);
    /* seat 2 folded at the first step but its Board Bonus (Q-J-T suited: straight flush, 40 to
     * 1) still pays */
    assert_int_equal(r.seat[1].returned[WAGER_ANTE], 0);
    assert_int_equal(r.seat[1].returned[WAGER_BOARD], 100 * 41);
}

static void test_cajun_all_folded_still_turns_board(void **state) {
    (void)state;
    rules_t ru;
    rules_preset(&ru, PRESET_CAJUN);
    deck_t d;
    stack_deck(&d, "2h 3h  4c 5d 7s", false);
    round_t r;
    start(&r, &ru, &d, 1, 100000, NULL);
    must(&r, round_bet(0, WAGER_ANTE, 500));
    must(&r, round_bet(0, WAGER_LOBALL, 100));
    must(&r, round_simple(ACT_DEAL, 0));
    must(&r, round_simple(ACT_FOLD, 0));
    assert_int_equal(r.phase, ROUND_SETTLED);
    assert_int_equal(r.board_shown, 3);
    /* 7-5-4-3-2 unsuited: Lo Ball 7 high, 100 to 1, although the hand was folded */
    assert_int_equal(r.seat[0].returned[WAGER_LOBALL], 100 * 101);
    assert_int_equal(r.seat[0].credits, 100000 - 600 + 10100);
}

static void test_timers(void **state) {
    (void)state;
    rules_t ru;
    rules_preset(&ru, PRESET_CARIBBEAN_LIVE);
    deck_t d;
    /* player: trips; dealer up card irrelevant */
    stack_deck(&d, "9s 9h 9d 2c 5h  Ac Kd 3s 4d 8c", false);
    jackpot_pool_t pool;
    jackpot_init(&pool, ru.jackpot_seed);
    round_t r;
    start(&r, &ru, &d, 1, 100000, &pool);
    assert_int_equal(try_(&r, round_simple(ACT_TIMEOUT, 0)), REFUSE_NO_BETS);
    must(&r, round_bet(0, WAGER_ANTE, 1000));
    must(&r, round_bet(0, WAGER_BONUS51, 500));
    must(&r, round_simple(ACT_TIMEOUT, 0)); /* betting time is over: deal */
    assert_int_equal(r.phase, ROUND_DECIDING);
    must(&r, round_simple(ACT_TIMEOUT, 0)); /* decision time is over: AUTO FOLDED */
    assert_true(has_event(&r, EV_AUTO_FOLD, 0));
    assert_true(r.seat[0].auto_folded);
    assert_int_equal(r.phase, ROUND_SETTLED);
    assert_int_equal(r.seat[0].returned[WAGER_ANTE], 0);
    assert_int_equal(r.seat[0].stake[WAGER_PLAY], 0);
    /* the 5+1 BONUS still resolves: trips 7 to 1 */
    assert_int_equal(r.seat[0].returned[WAGER_BONUS51], 500 * 8);
}

/* ---- void rounds ---- */

static void test_void_refunds_everything(void **state) {
    (void)state;
    for (int when = 0; when < 2; when++) {
        rules_t ru;
        rules_preset(&ru, PRESET_CARIBBEAN_LIVE);
        ru.seats = 2;
        deck_t d;
        stack_deck(&d, "As Ks Qs Js Ts", false); /* a royal that must not be paid */
        jackpot_pool_t pool, before;
        jackpot_init(&pool, ru.jackpot_seed);
        before = pool;
        round_t r;
        start(&r, &ru, &d, 2, 50000, &pool);
        must(&r, round_bet(0, WAGER_ANTE, 1000));
        must(&r, round_bet(0, WAGER_BONUS51, 500));
        must(&r, round_bet(0, WAGER_JACKPOT, 100));
        must(&r, round_bet(1, WAGER_ANTE, 700));
        if (when == 1) {
            must(&r, round_simple(ACT_DEAL, 0));
            must(&r, round_simple(ACT_PLAY, 0));
        }
        must(&r, round_simple(ACT_VOID, 0));
        assert_int_equal(r.phase, ROUND_VOID);
        assert_true(has_event(&r, EV_VOID, -1));
        assert_int_equal(r.seat[0].credits, 50000);
        assert_int_equal(r.seat[1].credits, 50000);
        for (int w = 0; w < WAGER_COUNT; w++)
            if (r.seat[0].stake[w]) {
                assert_int_equal(r.seat[0].outcome[w], OUTCOME_REFUND);
                assert_int_equal(r.seat[0].returned[w], r.seat[0].stake[w]);
            }
        assert_memory_equal(&pool, &before, sizeof pool);
        assert_int_equal(try_(&r, round_simple(ACT_PLAY, 1)), REFUSE_NOT_NOW);
    }
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_init_refuses_bad_decks),
        cmocka_unit_test(test_bet_limits_and_refusals),
        cmocka_unit_test(test_credits_must_cover_the_raise),
        cmocka_unit_test(test_undo_clear_repeat_double),
        cmocka_unit_test(test_caribbean_deal_order_and_flow),
        cmocka_unit_test(test_cajun_board_turns_one_by_one),
        cmocka_unit_test(test_cajun_all_folded_still_turns_board),
        cmocka_unit_test(test_timers),
        cmocka_unit_test(test_void_refunds_everything),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
