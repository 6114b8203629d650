/* The round engine's flow: betting (limits, refusals, undo, repeat, double), dealing order,
 * decisions and timers, void rounds, replays, and money that adds up over many random rounds of
 * every preset. The pay tables line by line are in test_round_paytables.c. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rng.h"
#include "round.h"

/* A deck whose first cards are `top` (card text) and the rest in card order. */
static void stack_deck(deck_t *d, const char *top, bool joker) {
    card_t first[DECK_MAX];
    char err[128];
    int n = card_parse_list(top, first, DECK_MAX, err, sizeof err);
    if (n < 0) fail_msg("bad stacked deck '%s': %s", top, err);
    bool used[DECK_MAX] = {false};
    d->count = 0;
    for (int i = 0; i < n; i++) d->cards[d->count++] = first[i], used[first[i]] = true;
    for (int c = 0; c < (joker ? 53 : 52); c++)
        if (!used[c]) d->cards[d->count++] = (card_t)c;
    assert_true(deck_is_valid(d));
}

static void start(round_t *r, const rules_t *ru, const deck_t *d, int seats, int64_t credits,
                  jackpot_pool_t *pool) {
    int64_t cr[RULES_MAX_SEATS];
    for (int i = 0; i < RULES_MAX_SEATS; i++) cr[i] = credits;
    char err[128];
    if (!round_init(r, ru, d, seats, cr, NULL, pool, err, sizeof err)) fail_msg("init: %s", err);
}

static void must(round_t *r, round_action_t a) {
    round_status_t st = round_apply(r, &a);
    if (st.refusal) fail_msg("refused: %s", st.message);
}

static round_refusal_t try_(round_t *r, round_action_t a) {
    return round_apply(r, &a).refusal;
}

static bool has_event(const round_t *r, round_event_type_t t, int seat) {
    for (int i = 0; i < r->nevents; i++)
        if (r->events[i].type == t && (seat < 0 || r->events[i].seat == seat)) return true;
    return false;
}

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

/* ---- replays, money conservation and the pools over many random rounds ---- */

typedef struct {
    round_action_t actions[256];
    int n;
} script_t;

/* Plays one random round: random chips on random spots (some refused), random decisions,
 * sometimes a timeout, rarely a void. Every action tried is recorded, taken or not. */
static void random_round(round_t *r, rng_t *g, script_t *sc) {
    const rules_t *ru = r->rules;
    static const int64_t chips[] = {25, 100, 500, 1000, 2500, 10000};
    sc->n = 0;
#define DO(act)                                                                                    \
    do {                                                                                           \
        round_action_t a_ = (act);                                                                 \
        if (sc->n < 256) sc->actions[sc->n++] = a_;                                                \
        round_apply(r, &a_);                                                                       \
    } while (0)
    int bets = 1 + (int)rng_uniform(g, 12);
    for (int i = 0; i < bets; i++) {
        int s = (int)rng_uniform(g, (uint32_t)r->nseats);
        wager_t w = rng_uniform(g, 3) ? WAGER_ANTE : (wager_t)(WAGER_BONUS51 + rng_uniform(g, 7));
        int kind = (int)rng_uniform(g, 20);
        if (kind == 0)
            DO(round_simple(ACT_UNDO, s));
        else if (kind == 1)
            DO(round_simple(ACT_DOUBLE, s));
        else if (kind == 2)
            DO(round_simple(ACT_REPEAT, s));
        else if (kind == 3)
            DO(round_simple(ACT_CLEAR, s));
        else
            DO(round_bet(s, w, chips[rng_uniform(g, 6)]));
    }
    DO(round_simple(rng_uniform(g, 10) ? ACT_DEAL : ACT_TIMEOUT, 0));
    if (r->phase == ROUND_BETTING) {
        /* fix whatever the deal refused: clear and bet the minimum ante */
        for (int s = 0; s < r->nseats; s++) DO(round_simple(ACT_CLEAR, s));
        DO(round_bet(0, WAGER_ANTE, ru->bet_min[WAGER_ANTE]));
        DO(round_simple(ACT_DEAL, 0));
    }
    for (int guard = 0; r->phase == ROUND_DECIDING && guard < 200; guard++) {
        if (rng_uniform(g, 500) == 0) {
            DO(round_simple(ACT_VOID, 0));
            break;
        }
        if (rng_uniform(g, 40) == 0) {
            DO(round_simple(ACT_TIMEOUT, 0));
            continue;
        }
        /* mostly a seat whose turn it is; now and then one that cannot decide (refused) */
        int s = (int)rng_uniform(g, (uint32_t)r->nseats);
        for (int k = 0; k < r->nseats && rng_uniform(g, 8) && !round_seat_can_decide(r, s); k++)
            s = (s + 1) % r->nseats;
        if (rng_uniform(g, 4) == 0)
            DO(round_simple(ACT_FOLD, s));
        else
            DO(round_raise(s, 1 + (int)rng_uniform(g, 3)));
    }
#undef DO
}

static int64_t pool_total_frac(const jackpot_pool_t *p) {
    return p->value + p->reserve;
}

static void check_pool_invariant(const jackpot_pool_t *p) {
    assert_int_equal(p->value + p->reserve,
                     p->seeded * JACKPOT_FRAC + p->contributed - p->paid * JACKPOT_FRAC);
    assert_true(p->value >= 0 && p->reserve >= 0);
}

static void run_random_rounds(rules_preset_t preset, int rounds, uint64_t seed) {
    rules_t ru;
    rules_preset(&ru, preset);
    ru.seats = 7;
    ru.handpay_threshold = 0;
    jackpot_pool_t pool;
    jackpot_init(&pool, ru.offered[WAGER_JACKPOT] ? ru.jackpot_seed : ru.progressive_reset);
    rng_t g;
    rng_init_seed_u64(&g, seed);
    int64_t credits[RULES_MAX_SEATS];
    for (int s = 0; s < RULES_MAX_SEATS; s++) credits[s] = 500000 + 1000 * s;
    int64_t total_start = 0;
    for (int s = 0; s < RULES_MAX_SEATS; s++) total_start += credits[s];
    int64_t house = 0; /* the house's result, in frac */
    int64_t pool_start = pool_total_frac(&pool);
    int settled = 0, voided = 0;
    static round_t r, replay, quiet;
    script_t sc;
    for (int k = 0; k < rounds; k++) {
        int nseats = 1 + (int)rng_uniform(&g, 7);
        for (int s = 0; s < RULES_MAX_SEATS; s++)
            if (credits[s] < 200000) credits[s] += 500000, total_start += 500000; /* coin in */
        deck_t d;
        ru.variant == VARIANT_ASIAN ? deck_init53(&d) : deck_init52(&d);
        deck_shuffle(&d, &g);
        jackpot_pool_t pool_before = pool;
        char err[128];
        if (!round_init(&r, &ru, &d, nseats, credits, NULL, &pool, err, sizeof err))
            fail_msg("init: %s", err);
        random_round(&r, &g, &sc);
        if (r.phase != ROUND_SETTLED && r.phase != ROUND_VOID)
            fail_msg("round %d of %s unfinished in phase %d", k, rules_preset_key(preset), r.phase);
        assert_false(r.events_overflowed);
        settled += r.phase == ROUND_SETTLED;
        voided += r.phase == ROUND_VOID;

        int64_t stakes = 0, returned = 0, contributions = 0;
        for (int s = 0; s < nseats; s++) {
            const round_seat_t *seat = &r.seat[s];
            int64_t st = round_seat_staked(&r, s), re = round_seat_returned(&r, s);
            /* each seat's credits move by exactly its stakes and returns */
            assert_int_equal(seat->credits, credits[s] - st + re);
            assert_true(seat->credits >= 0);
            for (int w = 0; w < WAGER_COUNT; w++) {
                int64_t stake = seat->stake[w], back = seat->returned[w];
                if (!stake) {
                    assert_int_equal(back, 0);
                    continue;
                }
                assert_true(stake >= ru.bet_min[w] || w >= WAGER_PLAY);
                assert_true(back >= 0);
                switch (seat->outcome[w]) {
                case OUTCOME_LOSE:
                    assert_int_equal(back, 0);
                    break;
                case OUTCOME_PUSH:
                case OUTCOME_REFUND:
                    assert_int_equal(back, stake);
                    break;
                case OUTCOME_WIN:
                    /* progressive prizes are totals; every other win returns the stake and more */
                    if (w == WAGER_JACKPOT || w == WAGER_PROGRESSIVE)
                        assert_true(back > 0);
                    else
                        assert_true(back > stake);
                    break;
                default:
                    fail_msg("wager %d staked without an outcome", w);
                }
            }
            stakes += st, returned += re;
            credits[s] = seat->credits;
        }
        if (r.phase == ROUND_VOID) assert_int_equal(stakes, returned);
        /* the pool: its invariant, never down but by a recorded payout, and exactly the
         * configured share of this round's stakes added */
        check_pool_invariant(&pool);
        bool won = false;
        for (int i = 0; i < r.nevents; i++) won |= r.events[i].type == EV_JACKPOT_WIN;
        if (!won) assert_true(jackpot_read(&pool) >= jackpot_read(&pool_before));
        int64_t expect_contrib = 0;
        if (r.phase == ROUND_SETTLED)
            for (int s = 0; s < nseats; s++) {
                expect_contrib +=
                    r.seat[s].stake[WAGER_JACKPOT] * (ru.jackpot_top_bp + ru.jackpot_reserve_bp);
                expect_contrib += r.seat[s].stake[WAGER_PROGRESSIVE] * ru.progressive_increment_bp;
            }
        contributions = pool.contributed - pool_before.contributed;
        assert_int_equal(contributions, expect_contrib);
        /* stakes in = paid out + house result + contributions; the pool pays part of what is
         * paid out, and the house part of what the pool needed */
        int64_t from_pool = pool.paid - pool_before.paid;
        int64_t house_seed = pool.seeded - pool_before.seeded;
        house += stakes * JACKPOT_FRAC - (returned - from_pool) * JACKPOT_FRAC - contributions -
                 house_seed * JACKPOT_FRAC;

        /* the same deck and actions replay to the same round */
        if (k % 50 == 0) {
            jackpot_pool_t pool_copy = pool_before;
            int64_t cr[RULES_MAX_SEATS];
            for (int s = 0; s < nseats; s++) cr[s] = r.seat[s].credits_start;
            assert_true(
                round_init(&replay, &ru, &d, nseats, cr, NULL, &pool_copy, err, sizeof err));
            for (int i = 0; i < sc.n; i++) round_apply(&replay, &sc.actions[i]);
            assert_int_equal(replay.phase, r.phase);
            assert_memory_equal(replay.seat, r.seat, sizeof r.seat[0] * (size_t)nseats);
            assert_memory_equal(&pool_copy, &pool, sizeof pool);
            /* and so does a quiet round (the simulator's: no events written), event-less */
            jackpot_pool_t pool_quiet = pool_before;
            assert_true(
                round_init(&quiet, &ru, &d, nseats, cr, NULL, &pool_quiet, err, sizeof err));
            quiet.quiet = true;
            for (int i = 0; i < sc.n; i++) {
                round_apply(&quiet, &sc.actions[i]);
                assert_int_equal(quiet.nevents, 0);
            }
            assert_int_equal(quiet.phase, r.phase);
            assert_memory_equal(quiet.seat, r.seat, sizeof r.seat[0] * (size_t)nseats);
            assert_memory_equal(quiet.dealer, r.dealer, sizeof r.dealer);
            assert_int_equal(quiet.dealer_qualifies, r.dealer_qualifies);
            assert_memory_equal(&pool_quiet, &pool, sizeof pool);
        }
    }
    /* the whole machine: what the players lost, the house and the pool gained */
    int64_t total_end = 0;
    for (int s = 0; s < RULES_MAX_SEATS; s++) total_end += credits[s];
    assert_int_equal((total_end - total_start) * JACKPOT_FRAC +
                         (pool_total_frac(&pool) - pool_start) + house,
                     0);
    printf("# %s: %d rounds (%d settled, %d void), players %+lld.%02lld, pool %lld.%02lld\n",
           rules_preset_key(preset), rounds, settled, voided,
           (long long)(llabs(total_end - total_start) / 100) * (total_end < total_start ? -1 : 1),
           (long long)(llabs(total_end - total_start) % 100),
           (long long)(jackpot_read(&pool) / 100), (long long)(jackpot_read(&pool) % 100));
    assert_true(settled > rounds / 2);
}

static void test_money_adds_up_every_preset(void **state) {
    (void)state;
    for (int p = 0; p < PRESET_COUNT; p++) run_random_rounds((rules_preset_t)p, 50000, 1000 + p);
}

/* A million jackpot stakes of an odd size: every share exact, nothing lost to rounding. */
static void test_pool_never_drifts(void **state) {
    (void)state;
    jackpot_pool_t p;
    jackpot_init(&p, 100000);
    const int64_t stake = 37; /* 0.37: 45% is 16.65 cents */
    int64_t paid = 0;
    for (int i = 1; i <= 1000000; i++) {
        jackpot_contribute(&p, stake, 4500, 500);
        if (i % 250000 == 0) {
            paid += jackpot_claim(&p, jackpot_read(&p));
            jackpot_reset(&p, 100000);
        }
    }
    check_pool_invariant(&p);
    /* 1,000,000 x 0.37 x 50% = 185,000.00 contributed in all, exactly */
    assert_int_equal(p.contributed, (int64_t)1000000 * 37 * 5000);
    assert_int_equal(p.paid, paid);
    assert_int_equal(p.hits, 4);
    /* the last hit left the top prize at its reserve (0.37 x 5% x 250,000 = 4,625.00) */
    assert_int_equal(p.reserve, 0);
    assert_true(p.value >= (int64_t)100000 * JACKPOT_FRAC);
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
        cmocka_unit_test(test_money_adds_up_every_preset),
        cmocka_unit_test(test_pool_never_drifts),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
