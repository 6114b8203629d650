/* The machine without a window (src/machine), linked without SDL: credits in while betting, the
 * deal refused for each reason, the live table's timers to the millisecond, hand pays paid by
 * the attendant (cabinet) or credited (desktop), CLEAR CREDITS, a write failure voiding the
 * round with every stake back, the operator's keypad locking after three wrong PINs, the door
 * after hundreds of audit rows, the attract demo's idle time; machine_step's events for a round,
 * the cabinet's buttons and the timers, and autoplay through it; what DEAL would do before it is
 * pressed (the deal check's amounts and the player's sentence, against the round's own deal), a
 * jackpot pool's fractions of a cent in money, and a terminal's history of several tables (one
 * table's rounds or all, each named, laid out as its game deals). Money from the classic pay
 * table of ../shared/rules.md, worked out by hand. */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "machine.h"

typedef struct fixture {
    char dir[128], db[192];
} fixture_t;

static const uint8_t TEST_KEY[STORE_KEY_BYTES] = {9, 8, 7, 6, 5};

static int setup(void **state) {
    fixture_t *f = calloc(1, sizeof *f);
    snprintf(f->dir, sizeof f->dir, "/tmp/test_machine.XXXXXX");
    if (!mkdtemp(f->dir)) return -1;
    snprintf(f->db, sizeof f->db, "%s/machine.db", f->dir);
    *state = f;
    return 0;
}

static int teardown(void **state) {
    fixture_t *f = *state;
    char cmd[256];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", f->dir);
    int rc = system(cmd);
    free(f);
    return rc == 0 ? 0 : -1;
}

/* The classic preset's config (its pay table, limits and cabinet defaults), in static storage:
 * a cfg_t is large. */
static cfg_t *classic(void) {
    static cfg_t c;
    cfg_defaults(&c, PRESET_CARIBBEAN_CLASSIC);
    snprintf(c.cabinet.operator_pin, sizeof c.cabinet.operator_pin, "2468");
    return &c;
}

/* A machine on the fixture's database (opts may be NULL), its first round open. */
static void open_machine(machine_t *m, const fixture_t *f, const cfg_t *c, int64_t free_credits,
                         const store_options_t *opts) {
    store_options_t o = {.machine_key = TEST_KEY, .unsafe_no_sync = true};
    if (opts) o = *opts, o.machine_key = TEST_KEY, o.unsafe_no_sync = true;
    store_t *s = NULL;
    char err[STORE_MSG_LEN];
    if (store_open_ex(f->db, &o, &s, err, sizeof err) != STORE_OK) fail_msg("open: %s", err);
    assert_true(machine_open_store(m, c, free_credits, 7, s, err, sizeof err));
    assert_true(game_new_round(&m->game));
}

static round_status_t act(machine_t *m, round_action_t a) {
    return game_act(&m->game, a);
}

static void credit(machine_t *m, int64_t amount) {
    char why[STORE_MSG_LEN + 300];
    if (!game_credit_in(&m->game, STORE_IN_BILL, amount, "note", why, sizeof why))
        fail_msg("credit: %s", why);
}

static int64_t meter(machine_t *m, const char *name) {
    int64_t v = -1;
    assert_int_equal(store_meter(m->game.store, name, &v), STORE_OK);
    return v;
}

/* Credits in while the player is betting: the chips stay on the felt, the credit is added. */
static void test_credits_in_while_betting(void **state) {
    fixture_t *f = *state;
    cfg_t *r = classic();
    machine_t m;
    open_machine(&m, f, r, 0, NULL);
    credit(&m, 500);
    assert_int_equal(act(&m, round_bet(0, WAGER_ANTE, 500)).refusal, REFUSE_NONE);
    assert_int_equal(game_balance(&m.game), 0);
    credit(&m, 1000); /* while betting: the 5.00 chip stays */
    assert_int_equal(round_seat_staked(&m.game.round, 0), 500);
    assert_int_equal(game_balance(&m.game), 1000);
    /* and the deal: the 10.00 PLAY is covered by the 10.00 credited */
    assert_int_equal(act(&m, round_simple(ACT_DEAL, 0)).refusal, REFUSE_NONE);
    assert_int_equal(m.game.round.phase, ROUND_DECIDING);
    /* a credit while the cards are out waits (the acceptor returns it) */
    char why[STORE_MSG_LEN + 300];
    assert_false(game_credit_in(&m.game, STORE_IN_COIN, 100, "coin", why, sizeof why));
    assert_non_null(strstr(why, "waits until this game is over"));
    assert_int_equal(meter(&m, "bill_in"), 1500);
    machine_close(&m);
}

/* The deal is refused for each reason, with the reason. */
static void test_deal_refused(void **state) {
    fixture_t *f = *state;
    cfg_t *r = classic();
    machine_t m;
    open_machine(&m, f, r, 0, NULL);
    round_status_t st = act(&m, round_simple(ACT_DEAL, 0));
    assert_int_equal(st.refusal, REFUSE_NO_BETS); /* no ante */
    assert_non_null(strstr(st.message, "ANTE"));
    credit(&m, 200);
    assert_int_equal(act(&m, round_bet(0, WAGER_ANTE, 100)).refusal, REFUSE_NONE);
    st = act(&m, round_simple(ACT_DEAL, 0)); /* 1.00 on, 1.00 left: PLAY needs 2.00 */
    assert_int_equal(st.refusal, REFUSE_CREDITS);
    assert_non_null(strstr(st.message, "more credits to cover the raise"));
    assert_true(game_door(&m.game, true));
    st = act(&m, round_simple(ACT_DEAL, 0));
    assert_int_not_equal(st.refusal, REFUSE_NONE);
    assert_non_null(strstr(st.message, "door is open"));
    assert_true(game_door(&m.game, false));
    credit(&m, 100);
    assert_int_equal(act(&m, round_simple(ACT_DEAL, 0)).refusal, REFUSE_NONE);
    machine_close(&m);
    /* a database that fails its checks: nothing is dealt */
    FILE *fp = fopen(f->db, "r+b");
    assert_non_null(fp);
    fseek(fp, 100, SEEK_SET);
    fputs("garbage over the pages", fp);
    fclose(fp);
    store_options_t o = {.machine_key = TEST_KEY};
    store_t *s = NULL;
    char err[STORE_MSG_LEN];
    store_open_ex(f->db, &o, &s, err, sizeof err);
    assert_non_null(s);
    assert_true(machine_open_store(&m, r, 0, 7, s, err, sizeof err));
    assert_true(machine_faulted(&m));
    st = act(&m, round_simple(ACT_DEAL, 0));
    assert_int_not_equal(st.refusal, REFUSE_NONE);
    assert_int_equal(m.game.state, GAME_FAULT);
    machine_close(&m);
}

/* The live table's timers run on the machine's clock: the betting time deals exactly at its
 * limit after the first chip, the decision time (counted once the cards are seen) folds the
 * hand exactly at its limit. */
static void test_timers_to_the_millisecond(void **state) {
    (void)state;
    cfg_t *r = classic();
    r->rules.betting_seconds = 2;
    r->rules.decision_seconds = 3;
    machine_t m;
    char err[160];
    assert_true(machine_open(&m, r, 100000, 7, NULL, err, sizeof err));
    assert_true(game_new_round(&m.game));
    assert_int_equal(machine_tick(&m, 5000, false), MACHINE_TICK_NOTHING); /* no chip: no timer */
    assert_int_equal(act(&m, round_bet(0, WAGER_ANTE, 500)).refusal, REFUSE_NONE);
    assert_int_equal(machine_tick(&m, 0, false), MACHINE_TICK_NOTHING); /* starts now */
    bool deciding;
    assert_int_equal(machine_timer_left_ms(&m, &deciding), 2000);
    assert_false(deciding);
    assert_int_equal(machine_tick(&m, 1999, false), MACHINE_TICK_NOTHING);
    assert_int_equal(machine_tick(&m, 1, false), MACHINE_TICK_DEALT);
    assert_int_equal(m.game.round.phase, ROUND_DECIDING);
    /* the cards are still flying: the decision time has not started */
    assert_int_equal(machine_tick(&m, 10000, true), MACHINE_TICK_NOTHING);
    assert_int_equal(machine_timer_left_ms(&m, &deciding), -1);
    assert_int_equal(machine_tick(&m, 0, false), MACHINE_TICK_NOTHING);
    assert_int_equal(machine_timer_left_ms(&m, &deciding), 3000);
    assert_true(deciding);
    assert_int_equal(machine_tick(&m, 2999, false), MACHINE_TICK_NOTHING);
    assert_int_equal(machine_tick(&m, 1, false), MACHINE_TICK_AUTO_FOLDED);
    assert_true(game_round_over(&m.game));
    assert_true(m.game.round.seat[0].folded);
    assert_true(m.game.round.seat[0].auto_folded);
    assert_int_equal(m.game.credits, 100000 - 500); /* the ante is lost */
    machine_close(&m);
}

/* A royal against A-K high, ante 10.00 and PLAY 20.00: ante 1:1 (20.00 back), PLAY 100:1
 * (2,020.00 back); the win 2,010.00 is over a 1,000.00 hand-pay threshold: locked. */
static void handpay_round(machine_t *m, const fixture_t *f, bool cabinet) {
    cfg_t *r = classic();
    r->rules.handpay_threshold = 100000;
    open_machine(m, f, r, 0, NULL);
    m->game.handpay_by_attendant = cabinet;
    credit(m, 10000);
    char err[160];
    assert_true(game_stack_deck(&m->game, "As Ks Qs Js Ts  Ad Kc 9h 6d 2c", err, sizeof err));
    assert_true(game_new_round(&m->game));
    assert_int_equal(act(m, round_bet(0, WAGER_ANTE, 1000)).refusal, REFUSE_NONE);
    assert_int_equal(act(m, round_simple(ACT_DEAL, 0)).refusal, REFUSE_NONE);
    assert_int_equal(act(m, round_simple(ACT_PLAY, 0)).refusal, REFUSE_NONE);
    assert_int_equal(m->game.state, GAME_LOCKED);
    /* locked: no credit, no cash-out, no new bet */
    char why[STORE_MSG_LEN + 300];
    assert_false(game_credit_in(&m->game, STORE_IN_COIN, 100, "coin", why, sizeof why));
    game_voucher_t v;
    assert_false(game_cashout(&m->game, &v, why, sizeof why));
    assert_true(machine_attendant(m));
    assert_int_equal(m->game.state, GAME_PLAY);
}

static void test_handpay_cabinet(void **state) {
    machine_t m;
    handpay_round(&m, *state, true);
    /* the attendant paid 2,010.00 in cash: the credits keep the 30.00 of stakes and 70.00 */
    assert_int_equal(game_balance(&m.game), 10000);
    assert_int_equal(meter(&m, "attendant_jackpots"), 201000);
    assert_int_equal(meter(&m, "attendant_jackpot_count"), 1);
    machine_close(&m);
}

static void test_handpay_desktop(void **state) {
    machine_t m;
    handpay_round(&m, *state, false);
    /* at a desktop the win stays on the credits: 100.00 - 30.00 + 2,040.00 */
    assert_int_equal(game_balance(&m.game), 211000);
    machine_close(&m);
}

/* CLEAR CREDITS: between games only, metered as cancelled credits. */
static void test_clear_credits(void **state) {
    fixture_t *f = *state;
    cfg_t *r = classic();
    machine_t m;
    open_machine(&m, f, r, 0, NULL);
    char msg[STORE_MSG_LEN + 80];
    assert_false(machine_cancel_credits(&m, msg, sizeof msg));
    assert_non_null(strstr(msg, "no credits"));
    credit(&m, 5000);
    assert_int_equal(act(&m, round_bet(0, WAGER_ANTE, 500)).refusal, REFUSE_NONE);
    assert_false(machine_cancel_credits(&m, msg, sizeof msg)); /* a chip on the felt */
    assert_non_null(strstr(msg, "between games"));
    assert_int_equal(act(&m, round_simple(ACT_CLEAR, 0)).refusal, REFUSE_NONE);
    assert_true(machine_cancel_credits(&m, msg, sizeof msg));
    assert_non_null(strstr(msg, "$50.00 cleared"));
    assert_int_equal(game_balance(&m.game), 0);
    assert_int_equal(meter(&m, "cancelled_credits"), 5000);
    machine_close(&m);
}

/* A write that fails mid-round (a full disk, injected) stops the machine with the reason; the
 * void cannot be written either, so its marker is, and the next start voids the round: every
 * stake back, the void in the history, a fault for the attendant to clear. */
static void test_write_failure_voids(void **state) {
    fixture_t *f = *state;
    cfg_t *r = classic();
    machine_t m;
    open_machine(&m, f, r, 0, NULL);
    credit(&m, 10000);
    machine_close(&m);
    /* two commits allowed after the start: the round's start and its ante; the deal's fails */
    store_options_t o = {.test_commits_before_failure = 2};
    open_machine(&m, f, r, 0, &o);
    assert_int_equal(act(&m, round_bet(0, WAGER_ANTE, 1000)).refusal, REFUSE_NONE);
    act(&m, round_simple(ACT_DEAL, 0));
    assert_int_equal(m.game.state, GAME_FAULT);
    if (!strstr(m.game.message, "disk is full")) fail_msg("%s", m.game.message);
    machine_close(&m);
    open_machine(&m, f, r, 0, NULL);
    assert_int_equal(meter(&m, "refunded"), 1000);
    assert_int_equal(meter(&m, "games_voided"), 1);
    assert_int_equal(m.game.state, GAME_FAULT); /* the attendant looks at it */
    assert_true(machine_attendant(&m));
    assert_int_equal(m.game.state, GAME_PLAY);
    assert_int_equal(game_balance(&m.game), 10000); /* the 10.00 ante is back */
    machine_close(&m);
}

/* Three wrong PINs in a row lock the keypad for exactly a minute; each attempt is audited. */
static void test_keypad_locks(void **state) {
    fixture_t *f = *state;
    cfg_t *r = classic();
    machine_t m;
    open_machine(&m, f, r, 0, NULL);
    for (int attempt = 1; attempt <= 3; attempt++) {
        for (int i = 0; i < 4; i++) assert_int_equal(machine_pin_digit(&m, 1), MACHINE_PIN_TYPED);
        assert_int_equal(machine_pin_length(&m), 4);
        assert_int_equal(machine_pin_enter(&m),
                         attempt < 3 ? MACHINE_PIN_WRONG : MACHINE_PIN_LOCKED_NOW);
    }
    assert_true(machine_keypad_locked(&m));
    assert_int_equal(machine_pin_digit(&m, 2), MACHINE_PIN_KEYPAD_LOCKED);
    machine_tick(&m, MACHINE_KEYPAD_LOCK_MS - 1, false);
    assert_true(machine_keypad_locked(&m));
    machine_tick(&m, 1, false);
    assert_false(machine_keypad_locked(&m));
    const int pin[] = {2, 4, 6, 8};
    for (int i = 0; i < 4; i++) machine_pin_digit(&m, pin[i]);
    assert_int_equal(machine_pin_enter(&m), MACHINE_PIN_OPEN);
    store_audit_row_t rows[8];
    int n = machine_audit_rows(&m, rows, 8);
    int wrong = 0, opened = 0;
    for (int i = 0; i < n; i++) {
        wrong += strstr(rows[i].detail, "wrong operator PIN") != NULL;
        opened += strcmp(rows[i].detail, "operator menu opened") == 0;
    }
    assert_int_equal(wrong, 3);
    assert_int_equal(opened, 1);
    machine_close(&m);
}

/* The door left open is open after a restart, however many audit rows came after it. */
static void test_door_after_300_rows(void **state) {
    fixture_t *f = *state;
    cfg_t *r = classic();
    machine_t m;
    open_machine(&m, f, r, 0, NULL);
    assert_true(game_door(&m.game, true));
    for (int i = 0; i < 300; i++) machine_operator_note(&m, "a page looked at");
    machine_close(&m);
    open_machine(&m, f, r, 0, NULL);
    assert_true(m.game.door_open);
    assert_int_equal(meter(&m, "door_openings"), 1);
    machine_close(&m);
}

/* The attract demo is due after the idle time with nothing on the machine; any input, or a
 * credit, puts it off, and the player's round is as it was. */
static void test_attract_idle(void **state) {
    (void)state;
    cfg_t *r = classic();
    machine_t m;
    char err[160];
    assert_true(machine_open(&m, r, 0, 7, NULL, err, sizeof err));
    assert_true(game_new_round(&m.game));
    m.cfg.attract.idle_seconds = 30;
    machine_tick(&m, 29999, false);
    assert_false(machine_attract_due(&m));
    machine_tick(&m, 1, false);
    assert_true(machine_attract_due(&m));
    machine_input_seen(&m); /* a touch: the table comes back, the idle time starts again */
    assert_false(machine_attract_due(&m));
    assert_int_equal(m.game.round.phase, ROUND_BETTING);
    machine_tick(&m, 30000, false);
    assert_true(machine_attract_due(&m));
    m.game.credits = 500; /* credits on the machine: no demo */
    assert_true(game_new_round(&m.game));
    assert_false(machine_attract_due(&m));
    m.cfg.attract.enabled = false;
    m.game.credits = 0;
    assert_true(game_new_round(&m.game));
    assert_false(machine_attract_due(&m));
    machine_close(&m);
}

/* ---- machine_step: input in, events out ---- */

static machine_events_t ev;

static void step(machine_t *m, machine_input_t in, uint32_t ms) {
    machine_step(m, &in, ms, &ev);
}

static machine_input_t button(cfg_button_t b) {
    machine_input_t in = {0};
    machine_press(&in, b);
    return in;
}

static machine_input_t bet_input(wager_t w, int64_t amount) {
    machine_input_t in = button(CFG_BUTTON_BET);
    in.bet_wager = w, in.bet_amount = amount;
    return in;
}

static void expect_events(int n, ...) {
    va_list ap;
    va_start(ap, n);
    if (ev.n != n)
        fail_msg("want %d events, got %d (first type %d)", n, ev.n, ev.n ? (int)ev.ev[0].type : -1);
    for (int i = 0; i < n; i++) assert_int_equal(ev.ev[i].type, va_arg(ap, int));
    va_end(ap);
}

/* A whole round through machine_step, with the events a view animates: a royal flush against
 * A-K high, ante 10.00 and PLAY 20.00. rules.md's classic table: ante 1 to 1 (20.00 back),
 * royal flush 100 to 1 on PLAY (2,020.00 back): 1,000 - 30 + 2,040 = 3,010.00. */
static void test_step_round(void **state) {
    (void)state;
    machine_t m;
    char err[160];
    assert_true(machine_open(&m, classic(), 100000, 7, NULL, err, sizeof err));
    assert_true(game_stack_deck(&m.game, "As Ks Qs Js Ts  Ad Kc 9h 6d 2c", err, sizeof err));
    assert_true(game_new_round(&m.game));
    assert_int_equal(machine_state(&m), MACHINE_PLAY);
    step(&m, bet_input(WAGER_ANTE, 500), 10);
    expect_events(1, MEV_ROUND);
    step(&m, bet_input(WAGER_ANTE, 500), 10);
    assert_int_equal(round_seat_staked(&m.game.round, 0), 1000);
    /* the PLAY spot takes its bet with the decision */
    step(&m, bet_input(WAGER_PLAY, 500), 10);
    expect_events(1, MEV_REFUSED);
    assert_non_null(strstr(ev.ev[0].text, "when you decide"));
    step(&m, button(CFG_BUTTON_DEAL), 10);
    expect_events(1, MEV_ROUND);
    assert_int_equal(m.game.round.phase, ROUND_DECIDING);
    /* DEAL while deciding is PLAY, but not while the cards are still being dealt on screen */
    machine_input_t busy = button(CFG_BUTTON_DEAL);
    busy.view_busy = true;
    step(&m, busy, 10);
    expect_events(0);
    /* RAISE 3x is Cajun Stud's: nothing */
    step(&m, button(CFG_BUTTON_RAISE3), 10);
    expect_events(0);
    step(&m, button(CFG_BUTTON_DEAL), 10);
    expect_events(2, MEV_DECIDED, MEV_ROUND);
    assert_int_equal(ev.ev[0].value, 1);
    assert_true(game_round_over(&m.game));
    assert_int_equal(game_balance(&m.game), 301000);
    /* the next chip opens a new round first */
    step(&m, bet_input(WAGER_ANTE, 500), 10);
    expect_events(2, MEV_NEW_ROUND, MEV_ROUND);
    assert_int_equal(game_balance(&m.game), 300500);
    machine_close(&m);
}

/* The cabinet's buttons through machine_step: a coin, a note the acceptor does not take, the
 * operator menu (between games only; nothing plays while it is open), the cash-out ticket. */
static void test_step_cabinet(void **state) {
    (void)state;
    machine_t m;
    char err[160];
    cfg_t *c = classic();
    c->cabinet.coin_value = 100;
    c->cabinet.bill_values.count = 1;
    c->cabinet.bill_values.value[0] = 2000;
    assert_true(machine_open(&m, c, 0, 7, NULL, err, sizeof err));
    assert_true(game_new_round(&m.game));
    step(&m, button(CFG_BUTTON_COIN), 10);
    expect_events(1, MEV_CREDIT_IN);
    assert_int_equal(ev.ev[0].amount, 100);
    machine_input_t note = button(CFG_BUTTON_BILL);
    note.bill = 12300; /* 123.00: no such note */
    step(&m, note, 10);
    expect_events(1, MEV_REFUSED);
    step(&m, button(CFG_BUTTON_BILL), 10); /* the acceptor's first value: 20.00 */
    expect_events(1, MEV_CREDIT_IN);
    assert_int_equal(ev.ev[0].amount, 2000);
    assert_int_equal(game_balance(&m.game), 2100);
    /* the menu opens between games; while it is open a bet does nothing */
    step(&m, button(CFG_BUTTON_SERVICE), 10);
    expect_events(1, MEV_OPERATOR);
    assert_int_equal(machine_state(&m), MACHINE_OPERATOR);
    step(&m, bet_input(WAGER_ANTE, 500), 10);
    expect_events(0);
    assert_int_equal(round_seat_staked(&m.game.round, 0), 0);
    machine_operator_done(&m);
    assert_int_equal(machine_state(&m), MACHINE_PLAY);
    /* the keypad left with BACK before a PIN: play goes on too */
    step(&m, button(CFG_BUTTON_SERVICE), 10);
    expect_events(1, MEV_OPERATOR);
    machine_operator_left(&m);
    assert_int_equal(machine_state(&m), MACHINE_PLAY);
    /* dealt: the menu waits */
    step(&m, bet_input(WAGER_ANTE, 500), 10);
    step(&m, button(CFG_BUTTON_DEAL), 10);
    assert_int_equal(m.game.round.phase, ROUND_DECIDING);
    step(&m, button(CFG_BUTTON_SERVICE), 10);
    expect_events(1, MEV_REFUSED);
    assert_non_null(strstr(ev.ev[0].text, "between games"));
    step(&m, button(CFG_BUTTON_FOLD), 10);
    expect_events(2, MEV_DECIDED, MEV_ROUND);
    assert_int_equal(ev.ev[0].value, 0);
    /* cash out: a ticket for every credit, the balance empty */
    step(&m, button(CFG_BUTTON_CASHOUT), 10);
    expect_events(1, MEV_TICKET);
    assert_int_equal(ev.ev[0].amount, 1600); /* 21.00 in, the 5.00 ante folded */
    assert_int_equal(ev.ev[0].voucher.amount, 1600);
    assert_int_equal(game_balance(&m.game), 0);
    machine_close(&m);
}

/* The betting timer through machine_step: it deals, and says so before the round's events. */
static void test_step_timer(void **state) {
    (void)state;
    cfg_t *c = classic();
    c->rules.betting_seconds = 2;
    machine_t m;
    char err[160];
    assert_true(machine_open(&m, c, 100000, 7, NULL, err, sizeof err));
    assert_true(game_new_round(&m.game));
    step(&m, bet_input(WAGER_ANTE, 500), 0);
    machine_input_t none = {0};
    step(&m, none, 1999);
    expect_events(0);
    step(&m, none, 1);
    expect_events(2, MEV_TIMER_DEALT, MEV_ROUND);
    assert_int_equal(m.game.round.phase, ROUND_DECIDING);
    machine_close(&m);
}

/* Autoplay through machine_step, the way the kill tests and the demo run it: it stops at exactly
 * the rounds asked for, bets 1.00 chips up to the table minimum, and the credits are the start
 * less every stake plus every return, summed round by round from the rounds themselves. */
static void test_autoplay(void **state) {
    (void)state;
    machine_t m;
    char err[160];
    assert_true(machine_open(&m, classic(), 100000, 11, NULL, err, sizeof err));
    assert_true(game_new_round(&m.game));
    int64_t staked = 0, returned = 0, seen = 0;
    for (int i = 0; i < 100000; i++) {
        machine_input_t in = {0};
        if (machine_autoplay(&m, NULL, false, 40, &in)) break;
        step(&m, in, 10);
        if (m.game.played != seen) {
            seen = m.game.played;
            const round_t *r = &m.game.round;
            staked += round_seat_staked(r, 0);
            returned += round_seat_returned(r, 0);
            assert_int_equal(r->seat[0].stake[WAGER_ANTE] % MACHINE_CHIP_VALUES[1], 0);
            assert_true(r->seat[0].stake[WAGER_ANTE] >= m.game.rules.bet_min[WAGER_ANTE]);
        }
    }
    assert_int_equal(m.game.played, 40);
    assert_int_equal(seen, 40);
    assert_int_equal(game_balance(&m.game), 100000 - staked + returned);
    machine_close(&m);
}

/* ---- what DEAL would do, asked before it is pressed ---- */

static void expect_words(const machine_t *m, const char *want) {
    machine_deal_check_t c = machine_deal_check(m);
    char words[200];
    assert_string_equal(machine_deal_words(m, &c, words, sizeof words), want);
}

/* The deal check's amounts and the player's sentence, and DEAL refused with that sentence: 7.00
 * in, a 5.00 ante leaves 2.00 where PLAY needs 10.00 (2x the ante): 8.00 short. */
static void test_deal_check(void **state) {
    (void)state;
    machine_t m;
    char err[160];
    assert_true(machine_open(&m, classic(), 0, 7, NULL, err, sizeof err));
    assert_true(game_new_round(&m.game));
    credit(&m, 700);
    assert_int_equal(machine_deal_check(&m).status, MACHINE_DEAL_NO_BETS);
    expect_words(&m, "");
    assert_false(machine_button_ok(&m, CFG_BUTTON_DEAL));
    assert_false(machine_button_ok(&m, CFG_BUTTON_REPEAT)); /* the first game: nothing to repeat */
    step(&m, bet_input(WAGER_ANTE, 500), 10);
    machine_deal_check_t c = machine_deal_check(&m);
    assert_int_equal(c.status, MACHINE_DEAL_SHORT);
    assert_false(c.rebet);
    assert_int_equal(c.bets, 500);
    assert_int_equal(c.raise, 1000);
    assert_int_equal(c.credits, 700);
    assert_int_equal(c.shortfall, 800);
    expect_words(&m, "Insert $8.00 more or lower the ante: PLAY needs $10.00");
    /* only what can be done is lit: not DEAL, not DOUBLE (2.00 left for another 5.00) */
    assert_false(machine_button_ok(&m, CFG_BUTTON_DEAL));
    assert_false(machine_button_ok(&m, CFG_BUTTON_DOUBLE));
    assert_false(machine_button_ok(&m, CFG_BUTTON_REPEAT)); /* REPEAT doubles now */
    assert_true(machine_button_ok(&m, CFG_BUTTON_UNDO));
    assert_true(machine_button_ok(&m, CFG_BUTTON_CLEAR));
    /* DEAL pressed anyway: refused, in the player's words, naming the button */
    step(&m, button(CFG_BUTTON_DEAL), 10);
    expect_events(1, MEV_REFUSED);
    assert_int_equal(ev.ev[0].button, CFG_BUTTON_DEAL);
    assert_string_equal(ev.ev[0].text, "Insert $8.00 more or lower the ante: PLAY needs $10.00");
    assert_int_equal(m.game.round.phase, ROUND_BETTING);
    /* 8.00 more: it deals, as the check said */
    credit(&m, 800);
    assert_int_equal(machine_deal_check(&m).status, MACHINE_DEAL_OK);
    expect_words(&m, "");
    assert_true(machine_button_ok(&m, CFG_BUTTON_DEAL));
    assert_true(machine_button_ok(&m, CFG_BUTTON_DOUBLE)); /* 10.00 left covers 5.00 more */
    step(&m, button(CFG_BUTTON_DEAL), 10);
    expect_events(1, MEV_ROUND);
    assert_int_equal(machine_deal_check(&m).status, MACHINE_DEAL_NOT_NOW);
    assert_false(machine_button_ok(&m, CFG_BUTTON_UNDO));
    step(&m, button(CFG_BUTTON_FOLD), 10);
    /* 10.00 left after the fold: REBET & DEAL needs the 5.00 ante and 10.00 for PLAY */
    c = machine_deal_check(&m);
    assert_int_equal(c.status, MACHINE_DEAL_SHORT);
    assert_true(c.rebet);
    assert_int_equal(c.credits, 1000);
    assert_int_equal(c.shortfall, 500);
    expect_words(&m, "Insert $5.00 more or bet less: the same bets and PLAY need $15.00");
    assert_true(machine_button_ok(&m, CFG_BUTTON_REPEAT)); /* the 5.00 ante alone is covered */
    assert_false(machine_button_ok(&m, CFG_BUTTON_DEAL));
    /* REBET & DEAL pressed anyway: the bets go back on the felt, the deal is refused */
    step(&m, button(CFG_BUTTON_DEAL), 10);
    expect_events(3, MEV_NEW_ROUND, MEV_ROUND, MEV_REFUSED);
    assert_string_equal(ev.ev[2].text, "Insert $5.00 more or lower the ante: PLAY needs $10.00");
    /* a minimum raised above the ante: that comes first, as in the round's deal */
    m.game.rules.bet_min[WAGER_ANTE] = 1500;
    c = machine_deal_check(&m);
    assert_int_equal(c.status, MACHINE_DEAL_BELOW_MIN);
    assert_int_equal(c.wager, WAGER_ANTE);
    expect_words(&m, "Add $10.00 to the ANTE: its minimum is $15.00");
    step(&m, button(CFG_BUTTON_DEAL), 10);
    expect_events(1, MEV_REFUSED);
    assert_string_equal(ev.ev[0].text, "Add $10.00 to the ANTE: its minimum is $15.00");
    machine_close(&m);
}

/* The check against the round itself: for every balance from 0.00 to 20.00 and three antes,
 * the check says OK exactly when DEAL deals; and the words for Cajun's and Asian's raises. */
static void test_deal_check_agrees(void **state) {
    (void)state;
    static const int64_t antes[3] = {100, 500, 700};
    char err[160];
    for (int a = 0; a < 3; a++)
        for (int64_t credits = 0; credits <= 2000; credits += 100) {
            machine_t m;
            assert_true(machine_open(&m, classic(), credits + antes[a], 7, NULL, err, sizeof err));
            assert_true(game_new_round(&m.game));
            step(&m, bet_input(WAGER_ANTE, antes[a]), 10);
            bool ok = machine_deal_check(&m).status == MACHINE_DEAL_OK;
            assert_int_equal(ok, credits >= 2 * antes[a]);
            step(&m, button(CFG_BUTTON_DEAL), 10);
            assert_int_equal(m.game.round.phase == ROUND_DECIDING, ok);
            machine_close(&m);
        }
    static cfg_t c;
    machine_t m;
    cfg_defaults(&c, PRESET_CAJUN);
    assert_true(machine_open(&m, &c, 1000, 7, NULL, err, sizeof err));
    assert_true(game_new_round(&m.game));
    step(&m, bet_input(WAGER_ANTE, 500), 10); /* 5.00 left; three raises of 15.00 at most */
    expect_words(&m, "Insert $40.00 more or lower the ante: the RAISES need up to $45.00");
    machine_close(&m);
    cfg_defaults(&c, PRESET_ASIAN);
    assert_true(machine_open(&m, &c, 700, 7, NULL, err, sizeof err));
    assert_true(game_new_round(&m.game));
    step(&m, bet_input(WAGER_ANTE, 500), 10); /* 2.00 left; RAISE is 1x the ante */
    expect_words(&m, "Insert $3.00 more or lower the ante: RAISE needs $5.00");
    machine_close(&m);
}

/* A jackpot pool's shares finer than a cent, in the game's money with the extra decimals. */
static void test_money_frac(void **state) {
    (void)state;
    machine_t m;
    char err[160], b[GAME_MONEY_FRAC_MAX];
    assert_true(machine_open(&m, classic(), 0, 7, NULL, err, sizeof err));
    assert_string_equal(game_money_frac(&m.game, 12345678900LL, b), "$12,345.6789");
    assert_string_equal(game_money_frac(&m.game, 12345670000LL, b), "$12,345.67");
    assert_string_equal(game_money_frac(&m.game, 12345675000LL, b), "$12,345.675");
    assert_string_equal(game_money_frac(&m.game, 1, b), "$0.000001");
    assert_string_equal(game_money_frac(&m.game, 0, b), "$0.00");
    assert_string_equal(game_money_frac(&m.game, -15000, b), "-$0.015");
    assert_string_equal(game_money_frac(&m.game, -5, b), "-$0.000005");
    snprintf(m.game.rules.currency, sizeof m.game.rules.currency, "CHF");
    assert_string_equal(game_money_frac(&m.game, 10000001, b), "CHF 10.000001");
    machine_close(&m);
}

/* A terminal's HISTORY (issue 15): its tables' rounds as it recorded them, one table's or every
 * table's, each with its table's name and laid out as its game deals (a record from before
 * records named the game: Cajun Stud's two cards tell it). A terminal is a machine with a [table]
 * controller and name, at a table or not yet. */
static void test_table_history(void **state) {
    fixture_t *f = *state;
    static cfg_t c;
    c = *classic();
    snprintf(c.table.url, sizeof c.table.url, "host=/nowhere");
    snprintf(c.table.terminal, sizeof c.table.terminal, "p1");
    static machine_t m;
    open_machine(&m, f, &c, 0, NULL);
    assert_true(m.game.at_table);
    static const struct {
        const char *tab, *variant, *cards;
        int64_t round;
    } rows[] = {{"classic", "caribbean", "2h 7h 9h Jh 4h", 3},
                {"cajun", "", "7c 2d", 1}, /* the earlier format: its game from its cards */
                {"asian", "asian", "5h 5d Tc Kh 9s", 8}};
    for (int i = 0; i < 3; i++) {
        store_table_result_t r;
        memset(&r, 0, sizeof r);
        snprintf(r.tab, sizeof r.tab, "%s", rows[i].tab);
        snprintf(r.variant, sizeof r.variant, "%s", rows[i].variant);
        snprintf(r.kind, sizeof r.kind, "settled");
        r.round = rows[i].round, r.staked = 500, r.total = 1000;
        char err[64];
        r.ncards = card_parse_list(rows[i].cards, r.cards, 5, err, sizeof err);
        assert_int_equal(store_table_collected(m.game.store, &r, 0), STORE_OK);
    }
    game_record_t h[4];
    assert_int_equal(game_history_count_at(&m.game, NULL), 3);
    assert_int_equal(game_history_count(&m.game), 3);
    assert_int_equal(game_history_at(&m.game, NULL, 0, 4, h), 3);
    static const rules_variant_t games[] = {VARIANT_ASIAN, VARIANT_CAJUN, VARIANT_CARIBBEAN};
    for (int i = 0; i < 3; i++) {
        assert_true(h[i].table_round);
        assert_string_equal(h[i].tab, rows[2 - i].tab);
        assert_int_equal(h[i].number, rows[2 - i].round);
        assert_int_equal(h[i].variant, games[i]);
    }
    assert_int_equal(game_history_count_at(&m.game, "cajun"), 1);
    assert_int_equal(game_history_at(&m.game, "cajun", 0, 4, h), 1);
    assert_string_equal(h[0].tab, "cajun");
    assert_int_equal(h[0].variant, VARIANT_CAJUN);
    assert_int_equal(h[0].stake[WAGER_ANTE], 0); /* no stakes recorded: no bet lines */
    assert_int_equal(game_history_at(&m.game, "live", 0, 4, h), 0);
    machine_close(&m);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_credits_in_while_betting, setup, teardown),
        cmocka_unit_test_setup_teardown(test_deal_refused, setup, teardown),
        cmocka_unit_test(test_timers_to_the_millisecond),
        cmocka_unit_test_setup_teardown(test_handpay_cabinet, setup, teardown),
        cmocka_unit_test_setup_teardown(test_handpay_desktop, setup, teardown),
        cmocka_unit_test_setup_teardown(test_clear_credits, setup, teardown),
        cmocka_unit_test_setup_teardown(test_write_failure_voids, setup, teardown),
        cmocka_unit_test_setup_teardown(test_keypad_locks, setup, teardown),
        cmocka_unit_test_setup_teardown(test_door_after_300_rows, setup, teardown),
        cmocka_unit_test(test_attract_idle),
        cmocka_unit_test(test_step_round),
        cmocka_unit_test(test_step_cabinet),
        cmocka_unit_test(test_step_timer),
        cmocka_unit_test(test_autoplay),
        cmocka_unit_test(test_deal_check),
        cmocka_unit_test(test_deal_check_agrees),
        cmocka_unit_test(test_money_frac),
        cmocka_unit_test_setup_teardown(test_table_history, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
