/* Responsible gaming in the machine without a window (src/machine/machine_rg.c), on a fake wall
 * clock: a desktop's session kept across a restart and ended by a long close; the session's
 * figures read from the store's ledger equal to the same play added up without a store, and to
 * the money worked out by hand; the reality check at its interval, never in the middle of a
 * round, back after a restart, answered by CONTINUE and by CASH OUT; the loss limit refusing a
 * chip that could pass it and taking one that cannot, then reached, betting stopped (coins
 * returned, cash-out working) until its break is over, DOUBLE unlit and refused when it could
 * pass it; the session time limit reached only between rounds; the player's limits (lower at
 * once, higher after the delay, across a restart); breaks (a player's on a desktop, the
 * operator's on a cabinet, over by the clock, ended by the operator); the clock set back
 * gaining no time, within a run and across a crash; a cabinet's session from the first coin to
 * the cash-out. Every event is looked for in the audit log. Money from ../shared/rules.md's
 * classic pay table, by hand. */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "machine.h"

typedef struct fixture {
    char dir[128], db[192];
} fixture_t;

static const uint8_t TEST_KEY[STORE_KEY_BYTES] = {3, 1, 4, 1, 5};
/* 2027-01-15 08:00:00 UTC: the tests' wall clock starts here (TZ is UTC) */
static const int64_t T0 = 1800000000000LL;
#define MIN 60000LL
/* The player's high card 9 against the dealer's pair of aces: a hand lost with PLAY. */
static const char *const LOSE = "2c 3d 5h 7s 9c  Ad Ac Kd Qh Js";
/* A flush against a pair of kings: ante 1 to 1, PLAY 5 to 1. */
static const char *const FLUSH = "2h 7h 9h Jh 4h  Kd Kc 9s 6d 2c";

static int setup(void **state) {
    fixture_t *f = calloc(1, sizeof *f);
    snprintf(f->dir, sizeof f->dir, "/tmp/test_machine_rg.XXXXXX");
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

static cfg_t *desktop(void) {
    static cfg_t c;
    cfg_defaults(&c, PRESET_CARIBBEAN_CLASSIC);
    return &c;
}

static cfg_t *cabinet(void) {
    static cfg_t c;
    cfg_defaults(&c, PRESET_CARIBBEAN_CLASSIC);
    c.display.mode = CFG_DISPLAY_KIOSK;
    c.cabinet.coin_value = 100;
    c.cabinet.bill_values.count = 1;
    c.cabinet.bill_values.value[0] = 2000;
    return &c;
}

/* A machine at `wall` on the fixture's database (f NULL: no store), the decks stacked for its
 * next rounds, its round open. */
static void open_at(machine_t *m, const fixture_t *f, const cfg_t *c, int64_t credits, int64_t wall,
                    const char *deck1, const char *deck2) {
    store_t *s = NULL;
    char err[STORE_MSG_LEN];
    if (f) {
        store_options_t o = {.machine_key = TEST_KEY, .unsafe_no_sync = true};
        if (store_open_ex(f->db, &o, &s, err, sizeof err) != STORE_OK) fail_msg("open: %s", err);
    }
    assert_true(machine_open_store(m, c, credits, 7, s, err, sizeof err));
    machine_set_wall_clock(m, wall);
    if (deck1) assert_true(game_stack_deck(&m->game, deck1, err, sizeof err));
    if (deck2) assert_true(game_stack_deck(&m->game, deck2, err, sizeof err));
    assert_true(game_new_round(&m->game));
}

static machine_events_t ev;

static void step(machine_t *m, machine_input_t in, uint32_t ms) {
    machine_step(m, &in, ms, &ev);
}

static machine_input_t none(void) {
    machine_input_t in = {0};
    return in;
}

static machine_input_t button(cfg_button_t b) {
    machine_input_t in = {0};
    machine_press(&in, b);
    return in;
}

static machine_input_t ante(int64_t amount) {
    machine_input_t in = button(CFG_BUTTON_BET);
    in.bet_wager = WAGER_ANTE, in.bet_amount = amount;
    return in;
}

/* A round: the ante, DEAL, PLAY, each at the same instant. */
static void play_round(machine_t *m, int64_t amount) {
    step(m, ante(amount), 0);
    step(m, button(CFG_BUTTON_DEAL), 0);
    assert_int_equal(m->game.round.phase, ROUND_DECIDING);
    step(m, button(CFG_BUTTON_PLAY), 0);
    assert_true(game_round_over(&m->game));
}

/* The event of this step of a type (MEV_RG: of this rg value), NULL when none. */
static const machine_event_t *event(machine_event_type_t type, int value) {
    for (int i = 0; i < ev.n; i++)
        if (ev.ev[i].type == type && (type != MEV_RG || ev.ev[i].value == value)) return &ev.ev[i];
    return NULL;
}

/* How many of the newest audit rows are of `event` with `text` in their detail. */
static int rows(machine_t *m, const char *name, const char *text) {
    static store_audit_row_t r[300];
    int n = machine_audit_rows(m, r, 300), k = 0;
    for (int i = 0; i < n; i++)
        k += strcmp(r[i].event, name) == 0 && (!text || strstr(r[i].detail, text));
    return k;
}

static mrg_view_t view(const machine_t *m) {
    mrg_view_t v;
    machine_rg_view(m, &v);
    return v;
}

/* A game crashes: it ends without closing (no pause is recorded). */
static void crash(machine_t *m) {
    machine_rg_disable(m);
    machine_close(m);
}

/* A desktop's session begins with the game, keeps its clock and figures across a restart (a
 * close of ten minutes, and a crash), and ends when the game stays closed for the break a limit
 * gets (30 minutes). One round lost with PLAY: ante 1.00 and PLAY 2.00, 3.00 bet, nothing back. */
static void test_session_desktop(void **state) {
    fixture_t *f = *state;
    machine_t m;
    open_at(&m, f, desktop(), 100000, T0, LOSE, NULL);
    step(&m, none(), 0);
    mrg_view_t v = view(&m);
    assert_true(v.on && v.session);
    assert_int_equal(v.number, 1);
    assert_int_equal(v.start_ms, T0);
    play_round(&m, 100);
    v = view(&m);
    assert_int_equal(v.fig.wagered, 300);
    assert_int_equal(v.fig.returned, 0);
    assert_int_equal(v.net, -300);
    assert_int_equal(v.fig.rounds, 1);
    assert_int_equal(v.fig.in, 0); /* the free credits came before the session */
    step(&m, none(), 10 * MIN);
    assert_int_equal(view(&m).played_ms, 10 * MIN);
    machine_close(&m); /* the game is closed for ten minutes */
    open_at(&m, f, desktop(), 100000, T0 + 20 * MIN, NULL, NULL);
    step(&m, none(), 0);
    v = view(&m);
    assert_int_equal(v.number, 1);
    assert_int_equal(v.start_ms, T0);
    assert_int_equal(v.played_ms, 20 * MIN);
    assert_int_equal(v.net, -300); /* from the ledger, after the restart */
    assert_int_equal(v.fig.rounds, 1);
    assert_int_equal(rows(&m, "rg-session-start", "session 1 began: the game started"), 1);
    assert_int_equal(rows(&m, "rg-session-pause", "the game was closed"), 1);
    assert_int_equal(rows(&m, "rg-session-resume", "closed for 10 minutes"), 1);
    crash(&m); /* a crash pauses nothing: the session goes on whatever the time */
    open_at(&m, f, desktop(), 100000, T0 + 200 * MIN, NULL, NULL);
    step(&m, none(), 0);
    assert_int_equal(view(&m).number, 1);
    assert_int_equal(view(&m).played_ms, 200 * MIN);
    machine_close(&m);
    /* closed for 30 minutes: that session is over, a new one begins */
    open_at(&m, f, desktop(), 100000, T0 + 230 * MIN, NULL, NULL);
    step(&m, none(), 0);
    v = view(&m);
    assert_int_equal(v.number, 2);
    assert_int_equal(v.start_ms, T0 + 230 * MIN);
    assert_int_equal(v.net, 0);
    assert_int_equal(v.fig.rounds, 0);
    assert_int_equal(rows(&m, "rg-session-end",
                          "session 1 ended: the game was closed for 30 "
                          "minutes; time played 3 hours 50 minutes, bets "
                          "$3.00, paid back $0.00, result -$3.00"),
                     1);
    assert_int_equal(rows(&m, "rg-session-start", "session 2 began"), 1);
    machine_close(&m);
}

/* A cabinet's play, once with a store and once without: the figures read from the ledger equal
 * those added up from the rounds and the events, and the money worked out by hand. A 20.00 note
 * and a 1.00 coin; a flush with ante 2.00 and PLAY 4.00 (4.00 + 24.00 back); a loss with ante
 * 1.00 and PLAY 2.00. Bets 9.00, paid back 28.00, result +19.00, in 21.00; then CASH OUT of
 * 21.00 - 9.00 + 28.00 = 40.00 ends the session. */
static void cabinet_play(machine_t *m, mrg_view_t *before_cashout) {
    step(m, none(), 0);
    assert_false(view(m).session); /* no credits: no session */
    step(m, button(CFG_BUTTON_BILL), 0);
    assert_true(view(m).session);
    step(m, button(CFG_BUTTON_COIN), 1000);
    play_round(m, 200);
    step(m, none(), 1000);
    play_round(m, 100);
    step(m, none(), 1000);
    *before_cashout = view(m);
    step(m, button(CFG_BUTTON_CASHOUT), 0);
    assert_non_null(event(MEV_TICKET, 0));
    assert_int_equal(event(MEV_TICKET, 0)->amount, 4000);
    assert_false(view(m).session);
}

static void test_figures_two_ways(void **state) {
    fixture_t *f = *state;
    machine_t a, b;
    mrg_view_t va, vb;
    open_at(&a, f, cabinet(), 0, T0, FLUSH, LOSE);
    cabinet_play(&a, &va);
    open_at(&b, NULL, cabinet(), 0, T0, FLUSH, LOSE);
    cabinet_play(&b, &vb);
    assert_int_equal(va.fig.wagered, 900);
    assert_int_equal(va.fig.returned, 2800);
    assert_int_equal(va.net, 1900);
    assert_int_equal(va.fig.in, 2100);
    assert_int_equal(va.fig.rounds, 2);
    assert_memory_equal(&va.fig, &vb.fig, sizeof va.fig);
    assert_int_equal(va.played_ms, 3000);
    assert_int_equal(vb.played_ms, 3000);
    /* the session's rows: begun with the note, ended by the cash-out with its figures */
    assert_int_equal(rows(&a, "rg-session-start", "session 1 began: credits in"), 1);
    assert_int_equal(rows(&a, "rg-session-end",
                          "session 1 ended: cashed out; time played less "
                          "than a minute, bets $9.00, paid back $28.00, "
                          "result $19.00"),
                     1);
    /* the next coin is the next player's session */
    step(&a, button(CFG_BUTTON_COIN), 0);
    assert_int_equal(view(&a).number, 2);
    assert_int_equal(view(&a).fig.in, 100);
    assert_int_equal(view(&a).net, 0);
    machine_close(&a);
    machine_close(&b);
}

/* The reality check every minute (the config's interval): due at 1:00, back after a restart,
 * answered by CONTINUE (DEAL); never in the middle of a round (due at 3:00 while dealt, shown
 * after the decision); answered by CASH OUT. Nothing is played while it waits. */
static void test_reality_check(void **state) {
    fixture_t *f = *state;
    cfg_t *c = desktop();
    c->responsible.reality_check_minutes = 1;
    machine_t m;
    open_at(&m, f, c, 100000, T0, LOSE, NULL);
    step(&m, none(), 0);
    step(&m, none(), MIN - 1);
    assert_false(machine_rg_check_waiting(&m));
    step(&m, none(), 1);
    assert_true(machine_rg_check_waiting(&m));
    const machine_event_t *e = event(MEV_RG, MRG_EV_CHECK);
    assert_non_null(e);
    assert_non_null(strstr(e->text, "time played 1 minute"));
    /* while it waits: no chip, DEAL is not a deal */
    step(&m, ante(100), 0);
    assert_int_equal(round_seat_staked(&m.game.round, 0), 0);
    assert_int_equal(machine_deal_check(&m).status, MACHINE_DEAL_NOT_NOW);
    machine_close(&m);
    open_at(&m, f, c, 100000, T0 + 2 * MIN, LOSE, NULL);
    step(&m, none(), 0);
    assert_true(machine_rg_check_waiting(&m)); /* still waiting after the restart */
    step(&m, button(CFG_BUTTON_DEAL), 0);
    assert_false(machine_rg_check_waiting(&m));
    assert_true(game_round_over(&m.game) || m.game.round.phase == ROUND_BETTING);
    assert_int_equal(round_seat_staked(&m.game.round, 0), 0); /* CONTINUE dealt nothing */
    assert_int_equal(rows(&m, "rg-reality-answer", "CONTINUE after 2 minutes"), 1);
    /* the next one is due at 3:00; a round dealt at 2:59 is decided at 3:01 */
    step(&m, none(), MIN - 1000);
    step(&m, ante(100), 0);
    step(&m, button(CFG_BUTTON_DEAL), 0);
    step(&m, none(), 2000);
    assert_false(machine_rg_check_waiting(&m));
    step(&m, button(CFG_BUTTON_PLAY), 0);
    assert_true(game_round_over(&m.game));
    assert_true(machine_rg_check_waiting(&m));
    assert_int_equal(rows(&m, "rg-reality-check",
                          "time played 3 minutes, bets $3.00, paid back "
                          "$0.00, result -$3.00"),
                     1);
    step(&m, button(CFG_BUTTON_CASHOUT), 0);
    assert_false(machine_rg_check_waiting(&m));
    assert_non_null(event(MEV_TICKET, 0));
    assert_int_equal(event(MEV_TICKET, 0)->amount, 100000 - 300);
    assert_int_equal(rows(&m, "rg-reality-answer", "CASH OUT after 3 minutes"), 1);
    assert_int_equal(rows(&m, "rg-reality-check", NULL),
                     2); /* the restart showed the first again */
    machine_close(&m);
}

/* A loss limit of 10.00: an ante of 4.00 could lose 12.00 with PLAY and is refused with the
 * amounts; 3.00 of ante (9.00 with PLAY) is taken. Lost, 1.00 is left, less than the smallest
 * game (1.00 ante and 2.00 PLAY): the limit is reached, betting stops for 30 minutes (coins
 * returned, cash-out works), also after a restart; then a new session with the whole limit. */
static void test_loss_limit(void **state) {
    fixture_t *f = *state;
    cfg_t *c = desktop();
    c->responsible.loss_limit = 1000;
    machine_t m;
    open_at(&m, f, c, 100000, T0, LOSE, NULL);
    step(&m, none(), 0);
    assert_int_equal(machine_rg_left(&m), 1000);
    step(&m, ante(400), 0);
    const machine_event_t *e = event(MEV_REFUSED, 0);
    assert_non_null(e);
    assert_non_null(strstr(e->text, "Your loss limit of $10.00 leaves $10.00: these bets could "
                                    "lose $12.00"));
    assert_int_equal(round_seat_staked(&m.game.round, 0), 0);
    step(&m, ante(300), 0);
    assert_int_equal(round_seat_staked(&m.game.round, 0), 300);
    assert_int_equal(machine_deal_check(&m).status, MACHINE_DEAL_OK);
    /* DOUBLE would make 6.00 of ante, 18.00 with PLAY: not lit, and refused */
    assert_false(machine_button_ok(&m, CFG_BUTTON_DOUBLE));
    assert_true(machine_button_ok(&m, CFG_BUTTON_UNDO));
    step(&m, button(CFG_BUTTON_DOUBLE), 0);
    assert_non_null(strstr(event(MEV_REFUSED, 0)->text, "could lose $18.00"));
    assert_int_equal(round_seat_staked(&m.game.round, 0), 300);
    step(&m, button(CFG_BUTTON_DEAL), 0);
    step(&m, button(CFG_BUTTON_PLAY), 0);
    assert_true(game_round_over(&m.game));
    assert_int_equal(view(&m).net, -900);
    e = event(MEV_RG, MRG_EV_REACHED);
    assert_non_null(e);
    assert_string_equal(e->text, "Your loss limit of $10.00 is reached: betting stops until "
                                 "08:30. You can cash out.");
    int64_t until;
    assert_int_equal(machine_rg_stopped(&m, &until), MRG_LOSS_LIMIT);
    assert_int_equal(until, T0 + 30 * MIN);
    machine_deal_check_t dc = machine_deal_check(&m);
    assert_int_equal(dc.status, MACHINE_DEAL_STOPPED);
    assert_int_equal(dc.until, T0 + 30 * MIN);
    step(&m, ante(100), 0);
    assert_non_null(event(MEV_REFUSED, 0));
    step(&m, button(CFG_BUTTON_COIN), 0);
    assert_string_equal(event(MEV_REFUSED, 0)->text, "Coin returned: betting is stopped.");
    assert_int_equal(rows(&m, "rg-limit-reached",
                          "loss limit reached; time played less than a "
                          "minute, bets $9.00, paid back $0.00, result "
                          "-$9.00"),
                     1);
    machine_close(&m);
    open_at(&m, f, c, 100000, T0 + 10 * MIN, NULL, NULL);
    step(&m, none(), 0);
    assert_int_equal(machine_rg_stopped(&m, NULL), MRG_LOSS_LIMIT); /* a restart changes nothing */
    step(&m, button(CFG_BUTTON_CASHOUT), 0);
    assert_non_null(event(MEV_TICKET, 0)); /* cash-out always works */
    step(&m, none(), 20 * MIN);
    assert_int_equal(machine_rg_stopped(&m, NULL), MRG_PLAYING);
    assert_int_equal(view(&m).number, 2);
    assert_int_equal(machine_rg_left(&m), 1000);
    assert_int_equal(rows(&m, "rg-session-end", "the break after the limit is over"), 1);
    machine_close(&m);
}

/* A session time limit of 2 minutes: a round dealt at 1:59 is played to its end at 2:01, then
 * betting stops. */
static void test_time_limit(void **state) {
    fixture_t *f = *state;
    cfg_t *c = desktop();
    c->responsible.session_minutes = 2;
    machine_t m;
    open_at(&m, f, c, 100000, T0, LOSE, NULL);
    step(&m, none(), 0);
    step(&m, none(), 2 * MIN - 1000);
    step(&m, ante(100), 0);
    step(&m, button(CFG_BUTTON_DEAL), 0);
    step(&m, none(), 2000);
    assert_int_equal(machine_rg_stopped(&m, NULL), MRG_PLAYING); /* never mid-round */
    step(&m, button(CFG_BUTTON_PLAY), 0);
    assert_true(game_round_over(&m.game));
    assert_int_equal(machine_rg_stopped(&m, NULL), MRG_TIME_LIMIT);
    char words[400];
    machine_deal_check_t dc = machine_deal_check(&m);
    assert_int_equal(dc.status, MACHINE_DEAL_STOPPED);
    assert_string_equal(machine_deal_words(&m, &dc, words, sizeof words),
                        "Your session time limit of 2 minutes is reached: betting stops until "
                        "08:32. You can cash out.");
    assert_int_equal(rows(&m, "rg-limit-reached",
                          "session time limit reached; time played 2 "
                          "minutes"),
                     1);
    machine_close(&m);
}

/* The player's limits: a lower one at once, a higher one after 24 hours (asked again, the wait
 * is not started again), kept across a restart, in force when the wait is over. */
static void test_player_limits(void **state) {
    fixture_t *f = *state;
    machine_t m;
    char msg[STORE_MSG_LEN];
    open_at(&m, f, desktop(), 100000, T0, NULL, NULL);
    step(&m, none(), 0);
    assert_true(machine_rg_set_limits(&m, (mrg_limits_t){0, 5000}, msg, sizeof msg));
    assert_string_equal(msg, "The loss limit is now $50.00 (was none).");
    assert_int_equal(view(&m).limits.loss, 5000);
    step(&m, none(), 60 * MIN);
    assert_true(machine_rg_set_limits(&m, (mrg_limits_t){0, 10000}, msg, sizeof msg));
    assert_string_equal(msg, "The loss limit becomes $100.00 on Sat 16 Jan 09:00 (a higher limit "
                             "waits 24 hours; $50.00 until then).");
    assert_int_equal(view(&m).limits.loss, 5000);
    step(&m, none(), MIN);
    assert_true(machine_rg_set_limits(&m, (mrg_limits_t){30, 10000}, msg, sizeof msg));
    assert_string_equal(msg, "The session time limit is now 30 minutes (was none).");
    mrg_view_t v = view(&m);
    assert_int_equal(v.limits.minutes, 30);
    assert_int_equal(v.pending_loss_at, T0 + 25 * 60 * MIN);
    assert_int_equal(rows(&m, "rg-limit", "the player set the limits"), 3);
    crash(&m);
    open_at(&m, f, desktop(), 100000, T0 + 25 * 60 * MIN - 1, NULL, NULL);
    step(&m, none(), 0);
    v = view(&m);
    assert_int_equal(v.limits.minutes, 30);
    assert_int_equal(v.limits.loss, 5000);
    assert_int_equal(v.pending.loss, 10000);
    step(&m, none(), 1);
    assert_non_null(event(MEV_RG, MRG_EV_LIMIT_IN_FORCE));
    assert_int_equal(view(&m).limits.loss, 10000);
    assert_int_equal(rows(&m, "rg-limit", "the loss limit is now $100.00"), 1);
    machine_close(&m);
    /* a cabinet's limits are the operator's */
    open_at(&m, NULL, cabinet(), 0, T0, NULL, NULL);
    assert_false(machine_rg_set_limits(&m, (mrg_limits_t){10, 0}, msg, sizeof msg));
    assert_non_null(strstr(msg, "set by the staff"));
    machine_close(&m);
}

/* Breaks: a player's day off on a desktop (kept across a restart, over by the clock), then on a
 * cabinet the player cannot take one and the operator starts and ends one. */
static void test_breaks(void **state) {
    fixture_t *f = *state;
    machine_t m;
    char msg[STORE_MSG_LEN], words[400];
    open_at(&m, f, desktop(), 100000, T0, NULL, NULL);
    step(&m, none(), 0);
    assert_false(machine_rg_take_break(&m, 5, false, msg, sizeof msg)); /* not a break offered */
    assert_true(machine_rg_take_break(&m, 24, false, msg, sizeof msg));
    assert_string_equal(msg, "Your break runs until Sat 16 Jan 08:00: no bets until then. You can "
                             "cash out.");
    machine_deal_check_t dc = machine_deal_check(&m);
    assert_int_equal(dc.status, MACHINE_DEAL_STOPPED);
    assert_string_equal(machine_deal_words(&m, &dc, words, sizeof words),
                        "You are taking a break until Sat 16 Jan 08:00: no bets until then. You "
                        "can cash out.");
    assert_int_equal(rows(&m, "rg-cool-off-start", "a break of 1 day taken by the player"), 1);
    machine_close(&m);
    open_at(&m, f, desktop(), 100000, T0 + 23 * 60 * MIN, NULL, NULL);
    step(&m, none(), 0);
    assert_int_equal(machine_rg_stopped(&m, NULL), MRG_BREAK);
    step(&m, none(), 60 * MIN);
    assert_int_equal(machine_rg_stopped(&m, NULL), MRG_PLAYING);
    assert_non_null(event(MEV_RG, MRG_EV_BREAK_OVER));
    assert_int_equal(rows(&m, "rg-cool-off-end", "the break is over"), 1);
    assert_int_equal(view(&m).number, 2);
    machine_close(&m);
    open_at(&m, NULL, cabinet(), 0, T0, NULL, NULL);
    step(&m, button(CFG_BUTTON_COIN), 0);
    assert_false(machine_rg_take_break(&m, 24, false, msg, sizeof msg));
    assert_true(machine_rg_take_break(&m, 168, true, msg, sizeof msg));
    assert_int_equal(machine_rg_stopped(&m, NULL), MRG_BREAK);
    step(&m, button(CFG_BUTTON_COIN), 0);
    assert_non_null(event(MEV_REFUSED, 0));
    assert_int_equal(game_balance(&m.game), 100);
    assert_true(machine_rg_end_break(&m, msg, sizeof msg));
    assert_int_equal(machine_rg_stopped(&m, NULL), MRG_PLAYING);
    step(&m, button(CFG_BUTTON_COIN), 0);
    assert_non_null(event(MEV_CREDIT_IN, 0));
    machine_close(&m);
}

/* Setting the clock back gains nobody time (a desktop's clock is the player's). Within a run:
 * the session's time runs on by the step's minute, not back by the hour the clock went back, and
 * a break taken then ends a day after that time. After a crash and a start two hours before the
 * game began: the break holds to the same end (its row's time is the latest the store knows),
 * and the session's time is as it was. Moving the clock forward is time passing: the break ends,
 * a new session plays 10.5 minutes, a crash, a start 27 minutes back: its time is the 10
 * minutes kept (once a minute), not zero. */
static void test_clock_set_back(void **state) {
    fixture_t *f = *state;
    machine_t m;
    char msg[STORE_MSG_LEN];
    int64_t until, played = 26 * MIN + 30000, end = T0 + played + 24 * 60 * MIN;
    open_at(&m, f, desktop(), 100000, T0, NULL, NULL);
    step(&m, none(), 0);
    step(&m, none(), 25 * MIN + 30000);
    assert_int_equal(view(&m).played_ms, 25 * MIN + 30000);
    machine_set_wall_clock(&m, T0 - 60 * MIN);
    step(&m, none(), 0);
    assert_int_equal(view(&m).played_ms, 25 * MIN + 30000);
    step(&m, none(), MIN);
    assert_int_equal(view(&m).played_ms, played);
    assert_true(machine_rg_take_break(&m, 24, false, msg, sizeof msg));
    assert_int_equal(machine_rg_stopped(&m, &until), MRG_BREAK);
    assert_int_equal(until, end);
    crash(&m);
    open_at(&m, f, desktop(), 100000, T0 - 120 * MIN, NULL, NULL);
    step(&m, none(), 0);
    assert_int_equal(machine_rg_stopped(&m, &until), MRG_BREAK);
    assert_int_equal(until, end);
    assert_int_equal(view(&m).played_ms, played);
    step(&m, ante(100), 0);
    assert_int_equal(round_seat_staked(&m.game.round, 0), 0);
    /* forward to a minute past the break's end: over, session 2 */
    machine_set_wall_clock(&m, end + MIN);
    step(&m, none(), 0);
    assert_int_equal(machine_rg_stopped(&m, NULL), MRG_PLAYING);
    assert_int_equal(view(&m).number, 2);
    step(&m, none(), 10 * MIN);
    step(&m, none(), 30000);
    assert_int_equal(view(&m).played_ms, 10 * MIN + 30000);
    crash(&m);
    open_at(&m, f, desktop(), 100000, end - 26 * MIN, NULL, NULL);
    step(&m, none(), 0);
    mrg_view_t v = view(&m);
    assert_int_equal(v.number, 2);
    assert_int_equal(v.played_ms, 10 * MIN);
    assert_int_equal(rows(&m, "rg-cool-off-end", "the break is over"), 1);
    machine_close(&m);
}

/* The player's words for times and lengths. */
static void test_words(void **state) {
    (void)state;
    char b[64];
    assert_string_equal(machine_rg_duration(59999, b, sizeof b), "less than a minute");
    assert_string_equal(machine_rg_duration(MIN, b, sizeof b), "1 minute");
    assert_string_equal(machine_rg_duration(65 * MIN, b, sizeof b), "1 hour 5 minutes");
    assert_string_equal(machine_rg_duration(120 * MIN, b, sizeof b), "2 hours");
    assert_string_equal(machine_rg_duration(30 * 24 * 60 * MIN + 61 * MIN, b, sizeof b),
                        "30 days 1 hour");
    assert_string_equal(machine_rg_when(T0 + 95 * MIN, T0, b, sizeof b), "09:35");
    assert_string_equal(machine_rg_when(T0 + 7 * 24 * 60 * MIN, T0, b, sizeof b),
                        "Fri 22 Jan 08:00");
}

int main(void) {
    setenv("TZ", "UTC", 1);
    tzset();
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_session_desktop, setup, teardown),
        cmocka_unit_test_setup_teardown(test_figures_two_ways, setup, teardown),
        cmocka_unit_test_setup_teardown(test_reality_check, setup, teardown),
        cmocka_unit_test_setup_teardown(test_loss_limit, setup, teardown),
        cmocka_unit_test_setup_teardown(test_time_limit, setup, teardown),
        cmocka_unit_test_setup_teardown(test_player_limits, setup, teardown),
        cmocka_unit_test_setup_teardown(test_breaks, setup, teardown),
        cmocka_unit_test_setup_teardown(test_clock_set_back, setup, teardown),
        cmocka_unit_test(test_words),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
