/* The config file: defaults equal the presets, good files give the right values (money and
 * percent read exactly), every error of a broken file is reported with its line and a message
 * saying what to write instead, the example configs load, and what print-config writes loads
 * back to the same settings. */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "config.h"

static int load(const char *text, cfg_t *c, cfg_errors_t *e) {
    return cfg_load_string(text, strlen(text), "t.ini", c, e);
}

static cfg_errors_t *new_errors(void) {
    cfg_errors_t *e = malloc(sizeof *e);
    assert_non_null(e);
    return e;
}

/* Loads text and checks that it gives exactly these errors, in this order. */
static void expect_errors(const char *text, const char *const *want) {
    cfg_errors_t *e = new_errors();
    cfg_t c;
    int n = load(text, &c, e), nwant = 0;
    while (want[nwant]) nwant++;
    bool same = n == nwant;
    for (int i = 0; same && i < n; i++) same = strcmp(e->list[i].text, want[i]) == 0;
    if (!same) {
        fprintf(stderr, "for the file:\n%s\n--- got %d errors:\n", text, n);
        cfg_errors_print(e, stderr);
        fprintf(stderr, "--- wanted %d:\n", nwant);
        for (int i = 0; i < nwant; i++) fprintf(stderr, "%s\n", want[i]);
    }
    free(e);
    assert_true(same);
}

#define ERRORS(...) ((const char *const[]){__VA_ARGS__, NULL})

/* ---- defaults ---- */

static void assert_same_side_bet(const rules_t *a, const rules_t *b, wager_t w) {
    assert_int_equal(a->bet_min[w], b->bet_min[w]);
    assert_int_equal(a->bet_max[w], b->bet_max[w]);
    switch (w) {
    case WAGER_BONUS51:
        assert_memory_equal(a->bonus51_pays, b->bonus51_pays, sizeof a->bonus51_pays);
        break;
    case WAGER_JACKPOT:
        assert_int_equal(a->jackpot_stake, b->jackpot_stake);
        assert_memory_equal(a->jackpot_fixed, b->jackpot_fixed, sizeof a->jackpot_fixed);
        assert_int_equal(a->jackpot_top_bp, b->jackpot_top_bp);
        assert_int_equal(a->jackpot_reserve_bp, b->jackpot_reserve_bp);
        assert_int_equal(a->jackpot_fixed_bp, b->jackpot_fixed_bp);
        assert_int_equal(a->jackpot_seed, b->jackpot_seed);
        break;
    case WAGER_PROGRESSIVE:
        assert_int_equal(a->progressive_stake, b->progressive_stake);
        assert_memory_equal(a->progressive_meter_bp, b->progressive_meter_bp,
                            sizeof a->progressive_meter_bp);
        assert_memory_equal(a->progressive_fixed, b->progressive_fixed,
                            sizeof a->progressive_fixed);
        assert_int_equal(a->progressive_increment_bp, b->progressive_increment_bp);
        assert_int_equal(a->progressive_reset, b->progressive_reset);
        break;
    case WAGER_BOARD:
        assert_memory_equal(a->board_pays, b->board_pays, sizeof a->board_pays);
        break;
    case WAGER_POCKET:
        assert_memory_equal(a->pocket_pays, b->pocket_pays, sizeof a->pocket_pays);
        break;
    case WAGER_LOBALL:
        assert_memory_equal(a->loball_pays, b->loball_pays, sizeof a->loball_pays);
        break;
    case WAGER_ASIAN_BONUS:
        assert_memory_equal(a->asian_bonus_pays, b->asian_bonus_pays, sizeof a->asian_bonus_pays);
        break;
    default:
        break;
    }
}

/* cfg_defaults is rules_preset, plus the tables of side bets the preset leaves off (from the
 * preset that offers them), still off. */
static void test_defaults_are_the_presets(void **state) {
    (void)state;
    for (int p = 0; p < PRESET_COUNT; p++) {
        cfg_t c;
        rules_t r;
        cfg_defaults(&c, (rules_preset_t)p);
        rules_preset(&r, (rules_preset_t)p);
        const rules_t *g = &c.rules;
        assert_int_equal(g->variant, r.variant);
        assert_int_equal(g->preset, r.preset);
        assert_int_equal(g->seats, r.seats);
        assert_string_equal(g->currency, r.currency);
        assert_memory_equal(g->offered, r.offered, sizeof r.offered);
        for (int w = 0; w < WAGER_COUNT; w++) {
            if (r.offered[w]) assert_same_side_bet(g, &r, (wager_t)w);
            if (!wager_is_side((wager_t)w) || r.offered[w] ||
                !rules_variant_has_wager(r.variant, (wager_t)w))
                continue;
            /* a side bet left off: ready to switch on, with another preset's table */
            bool found = false;
            for (int q = 0; q < PRESET_COUNT && !found; q++) {
                rules_t o;
                rules_preset(&o, (rules_preset_t)q);
                if (o.variant != r.variant || !o.offered[w]) continue;
                assert_same_side_bet(g, &o, (wager_t)w);
                found = true;
            }
            assert_true(found);
        }
        assert_memory_equal(g->main_pays, r.main_pays, sizeof r.main_pays);
        assert_memory_equal(g->asian_margin_pays, r.asian_margin_pays, sizeof r.asian_margin_pays);
        assert_int_equal(g->asian_commission_bp, r.asian_commission_bp);
        /* every preset's Asian Stud is the house game: the margin odds on the raise only */
        assert_int_equal(g->asian_odds_on_ante, 0);
        assert_int_equal(r.asian_odds_on_ante, 0);
        assert_int_equal(g->max_payout, r.max_payout);
        assert_int_equal(g->aggregate_limit, r.aggregate_limit);
        assert_int_equal(g->aggregate_odds, r.aggregate_odds);
        assert_int_equal(g->betting_seconds, r.betting_seconds);
        assert_int_equal(g->decision_seconds, r.decision_seconds);
        assert_int_equal(g->handpay_threshold, r.handpay_threshold);
        assert_int_equal(g->tax_threshold, r.tax_threshold);
        assert_int_equal(g->tax_multiple, r.tax_multiple);
        for (int w = WAGER_ANTE; w <= WAGER_RAISE_3; w++) {
            assert_int_equal(g->bet_min[w], r.bet_min[w]);
            assert_int_equal(g->bet_max[w], r.bet_max[w]);
        }
        char msgs[8][RULES_MSG_LEN];
        assert_int_equal(rules_check(g, msgs, 8), 0);

        /* the settings that are not the game */
        assert_int_equal(c.display.mode, CFG_DISPLAY_WINDOWED);
        assert_int_equal(c.display.width, 1280);
        assert_int_equal(c.display.height, 720);
        assert_true(c.display.vsync);
        assert_false(c.display.turbo);
        assert_int_equal(c.sound.volume, 80);
        assert_true(c.attract.enabled);
        assert_int_equal(c.attract.idle_seconds, 60);
        assert_string_equal(c.cabinet.machine_id, "STUD-01");
        assert_string_equal(c.cabinet.operator_pin, "1234");
        assert_int_equal(c.cabinet.free_credits, 100000);
        assert_int_equal(c.cabinet.coin_value, 100);
        assert_int_equal(c.cabinet.bill_values.count, 5);
        assert_int_equal(c.cabinet.bill_values.value[4], 10000);
        assert_string_equal(c.cabinet.store_path, "");
        /* the keys the game always had: ui_input's own defaults, which it no longer has */
        assert_int_equal(c.keys[CFG_BUTTON_DEAL].count, 3);
        assert_string_equal(c.keys[CFG_BUTTON_DEAL].name[0], "Return");
        assert_string_equal(c.keys[CFG_BUTTON_DEAL].name[1], "Keypad Enter");
        assert_string_equal(c.keys[CFG_BUTTON_DEAL].name[2], "D");
        assert_string_equal(c.keys[CFG_BUTTON_CHIP6].name[0], "6");
        assert_string_equal(c.keys[CFG_BUTTON_NEXT_SPOT].name[1], "Tab");
        assert_int_equal(c.keys[CFG_BUTTON_QUIT].count, 0); /* Ctrl+Q, fixed in ui_input */
        assert_int_equal(c.touch.dx, 0);
        assert_int_equal(c.touch.dy, 0);
    }
}

static void test_empty_file_is_the_default(void **state) {
    (void)state;
    cfg_errors_t *e = new_errors();
    cfg_t c, d;
    assert_int_equal(load("", &c, e), 0);
    cfg_defaults(&d, PRESET_CARIBBEAN_CLASSIC);
    assert_memory_equal(&c, &d, sizeof c);
    assert_int_equal(load("; only a comment\n\n# and another\n", &c, e), 0);
    assert_memory_equal(&c, &d, sizeof c);
    assert_int_equal(cfg_load_string(NULL, 0, NULL, &c, e), 0);
    free(e);
}

/* ---- good files ---- */

static void test_live_jackpot_shares(void **state) {
    (void)state;
    cfg_errors_t *e = new_errors();
    cfg_t c;
    assert_int_equal(load("[game]\npreset = caribbean-live\n", &c, e), 0);
    assert_int_equal(c.rules.jackpot_fixed_bp, 3184);
    assert_int_equal(c.rules.jackpot_top_bp, 4500);
    assert_int_equal(c.rules.jackpot_reserve_bp, 500);
    assert_int_equal(c.rules.jackpot_stake, 100);
    assert_int_equal(c.rules.bet_min[WAGER_JACKPOT], 100);
    assert_int_equal(c.rules.bet_max[WAGER_JACKPOT], 100);
    assert_string_equal(c.rules.currency, "EUR");
    assert_int_equal(load("[game]\npreset = caribbean-live\n[jackpot]\ntop_share = 40.5\n"
                          "reserve_share = 4.25%\nfixed_share = 31.84\nstake = 2\n",
                          &c, e),
                     0);
    assert_int_equal(c.rules.jackpot_top_bp, 4050);
    assert_int_equal(c.rules.jackpot_reserve_bp, 425);
    assert_int_equal(c.rules.jackpot_fixed_bp, 3184);
    assert_int_equal(c.rules.jackpot_stake, 200);
    assert_int_equal(c.rules.bet_min[WAGER_JACKPOT], 200); /* the stake is the bet */
    assert_int_equal(c.rules.bet_max[WAGER_JACKPOT], 200);
    free(e);
}

/* Overriding one line changes that line and nothing else. */
static void test_override_changes_only_that_line(void **state) {
    (void)state;
    cfg_errors_t *e = new_errors();
    cfg_t c, want;
    assert_int_equal(load("[game]\npreset = caribbean-live\n[paytable]\nmain_quads = 30\n", &c, e),
                     0);
    cfg_defaults(&want, PRESET_CARIBBEAN_LIVE);
    want.rules.main_pays[EVAL_QUADS] = 30;
    assert_memory_equal(&c, &want, sizeof c);

    assert_int_equal(
        load("[game]\npreset = caribbean-live\n[paytable]\njackpot_quads = 300\n", &c, e), 0);
    cfg_defaults(&want, PRESET_CARIBBEAN_LIVE);
    want.rules.jackpot_fixed[EVAL_QUADS] = 30000;
    assert_memory_equal(&c, &want, sizeof c);

    assert_int_equal(load("[game]\npreset = cajun\n[paytable]\nloball_queen_high = 1\n"
                          "loball_jack_high = 2\n",
                          &c, e),
                     0);
    cfg_defaults(&want, PRESET_CAJUN);
    want.rules.loball_pays[CARD_RANK_Q] = 1;
    want.rules.loball_pays[CARD_RANK_J] = 2;
    assert_memory_equal(&c, &want, sizeof c);

    assert_int_equal(load("[game]\npreset = asian\n[paytable]\nasian_margin_9 = 4\n[asian]\n"
                          "commission = 2.5\n",
                          &c, e),
                     0);
    cfg_defaults(&want, PRESET_ASIAN);
    want.rules.asian_margin_pays[9] = 4;
    want.rules.asian_commission_bp = 250;
    assert_memory_equal(&c, &want, sizeof c);

    /* the seed's literal reading, the margin odds on ante and raise, is a config choice */
    assert_int_equal(load("[game]\npreset = asian\n[paytable]\nasian_margin_odds_on = "
                          "ante_and_raise\n",
                          &c, e),
                     0);
    cfg_defaults(&want, PRESET_ASIAN);
    want.rules.asian_odds_on_ante = 1;
    assert_memory_equal(&c, &want, sizeof c);
    assert_int_equal(
        load("[game]\npreset = asian\n[paytable]\nasian_margin_odds_on = Raise\n", &c, e), 0);
    cfg_defaults(&want, PRESET_ASIAN);
    assert_memory_equal(&c, &want, sizeof c);
    char msgs[2][RULES_MSG_LEN];
    want.rules.asian_odds_on_ante = 2;
    assert_int_equal(rules_check(&want.rules, msgs, 2), 1);
    assert_string_equal(msgs[0],
                        "the margin odds go on the raise (0) or on ante and raise (1), not 2");
    free(e);
}

/* The decision bets follow the ante: PLAY 2x (Caribbean), raise 1x (Asian), raises 1x-3x
 * (Cajun). */
static void test_decision_limits_follow_the_ante(void **state) {
    (void)state;
    cfg_errors_t *e = new_errors();
    cfg_t c;
    assert_int_equal(load("[limits]\nante_min = 2.50\nante_max = 50\n", &c, e), 0);
    assert_int_equal(c.rules.bet_min[WAGER_PLAY], 500);
    assert_int_equal(c.rules.bet_max[WAGER_PLAY], 10000);
    assert_int_equal(
        load("[game]\npreset = cajun\n[limits]\nante_min = 10\nante_max = 200\n", &c, e), 0);
    for (int w = WAGER_RAISE_1; w <= WAGER_RAISE_3; w++) {
        assert_int_equal(c.rules.bet_min[w], 1000);
        assert_int_equal(c.rules.bet_max[w], 60000);
    }
    assert_int_equal(load("[game]\npreset = asian\n[limits]\nante_max = 20\n", &c, e), 0);
    assert_int_equal(c.rules.bet_max[WAGER_PLAY], 2000);
    free(e);
}

static void test_every_form_that_reads(void **state) {
    (void)state;
    cfg_errors_t *e = new_errors();
    cfg_t c;
    const char *text = "\xEF\xBB\xBF; a BOM, CRLF lines, comments after values, any case\r\n"
                       "[GAME]\r\n"
                       "  Preset = Caribbean-Classic   ; indented, mixed case\r\n"
                       "currency = gbp # a comment\r\n"
                       "seats=7\r\n"
                       "[sidebets]\r\n"
                       "bonus51 = YES\r\n"
                       "[paytable]\r\n"
                       "main_royal_flush = 250 to 1\r\n"
                       "main_straight_flush = 60:1\r\n"
                       "[ display ]  ; spaces in the header\r\n"
                       "mode = Kiosk\r\n"
                       "vsync = false\r\n"
                       "turbo = 1\r\n"
                       "[cabinet]\r\n"
                       "bill_values = 1,2.5 , 1000\r\n"
                       "store_path = /var/lib/studpoker;x\r\n"
                       "machine_id = Bar_3.table-2\r\n"
                       "[keys]\r\n"
                       "deal = Keypad Enter\r\n"
                       "chip1 = ;\r\n" /* a comment: no value, no key */
                       "\r\n";
    assert_int_equal(load(text, &c, e), 0);
    assert_int_equal(c.keys[CFG_BUTTON_CHIP1].count, 0);
    char fixed[2048];
    snprintf(fixed, sizeof fixed, "%s", text);
    char *bad = strstr(fixed, "chip1 = ;");
    memcpy(bad, "chip1 = F9", 10);
    assert_int_equal(load(fixed, &c, e), 0);
    assert_int_equal(c.rules.preset, PRESET_CARIBBEAN_CLASSIC);
    assert_string_equal(c.rules.currency, "GBP");
    assert_int_equal(c.rules.seats, 7);
    assert_true(c.rules.offered[WAGER_BONUS51]);
    assert_int_equal(c.rules.bonus51_pays[EVAL_ROYAL_FLUSH], 1000); /* from the live preset */
    assert_int_equal(c.rules.bet_max[WAGER_BONUS51], 10000);
    assert_int_equal(c.rules.main_pays[EVAL_ROYAL_FLUSH], 250);
    assert_int_equal(c.rules.main_pays[EVAL_STRAIGHT_FLUSH], 60);
    assert_int_equal(c.display.mode, CFG_DISPLAY_KIOSK);
    assert_false(c.display.vsync);
    assert_true(c.display.turbo);
    assert_int_equal(c.cabinet.bill_values.count, 3);
    assert_int_equal(c.cabinet.bill_values.value[0], 100);
    assert_int_equal(c.cabinet.bill_values.value[1], 250);
    assert_int_equal(c.cabinet.bill_values.value[2], 100000);
    assert_string_equal(c.cabinet.store_path, "/var/lib/studpoker;x");
    assert_string_equal(c.cabinet.machine_id, "Bar_3.table-2");
    assert_int_equal(c.keys[CFG_BUTTON_DEAL].count, 1);
    assert_string_equal(c.keys[CFG_BUTTON_DEAL].name[0], "Keypad Enter");
    assert_int_equal(c.keys[CFG_BUTTON_CHIP1].count, 1);
    assert_string_equal(c.keys[CFG_BUTTON_CHIP1].name[0], "F9");

    assert_int_equal(load("[cabinet]\nbill_values =\nstore_path =\n", &c, e), 0);
    assert_int_equal(c.cabinet.bill_values.count, 0);
    free(e);
}

static void test_money_and_percent(void **state) {
    (void)state;
    static const struct {
        const char *text;
        bool ok;
        int64_t cents;
    } money[] = {
        {"1.00", true, 100},
        {"25000", true, 2500000},
        {"0.25", true, 25},
        {"1.5", true, 150},
        {"0", true, 0},
        {"-2.05", true, -205},
        {"+3", true, 300},
        {"007.10", true, 710},
        {"1.005", false, 0},
        {"1.000", false, 0},
        {"1.", false, 0},
        {".5", false, 0},
        {"1,00", false, 0},
        {"1 000", false, 0},
        {"1e3", false, 0},
        {"", false, 0},
        {"-", false, 0},
        {"abc", false, 0},
        {"1.0.0", false, 0},
        {"5%", false, 0},
        {"99999999999999999999", false, 0},
        {"1000000000000000", true, 100000000000000000LL},
    };
    for (size_t i = 0; i < sizeof money / sizeof money[0]; i++) {
        int64_t v = -1;
        bool ok = cfg_parse_money(money[i].text, &v);
        if (ok != money[i].ok) fprintf(stderr, "money '%s'\n", money[i].text);
        assert_int_equal(ok, money[i].ok);
        if (ok) assert_int_equal(v, money[i].cents);
    }
    static const struct {
        const char *text;
        bool ok;
        int32_t bp;
    } pct[] = {
        {"45", true, 4500}, {"5", true, 500},     {"31.84", true, 3184}, {"31.84%", true, 3184},
        {"0.01", true, 1},  {"100", true, 10000}, {"31.845", false, 0},  {"31,84", false, 0},
        {"%", false, 0},    {"45%%", false, 0},   {"x", false, 0},
    };
    for (size_t i = 0; i < sizeof pct / sizeof pct[0]; i++) {
        int32_t v = -1;
        bool ok = cfg_parse_percent(pct[i].text, &v);
        if (ok != pct[i].ok) fprintf(stderr, "percent '%s'\n", pct[i].text);
        assert_int_equal(ok, pct[i].ok);
        if (ok) assert_int_equal(v, pct[i].bp);
    }
    char buf[32];
    cfg_format_money(123450, buf, sizeof buf);
    assert_string_equal(buf, "1234.50");
    cfg_format_money(-25, buf, sizeof buf);
    assert_string_equal(buf, "-0.25");
    cfg_format_money(INT64_MIN, buf, sizeof buf);
    assert_string_equal(buf, "-92233720368547758.08");
}

/* ---- errors ---- */

static void test_error_unknown_section_and_key(void **state) {
    (void)state;
    expect_errors("[dispaly]\nwidth = 800\n",
                  ERRORS("t.ini:1: [dispaly]: unknown section; did you mean [display]? The "
                         "sections are: game, limits, sidebets, paytable, jackpot, progressive, "
                         "asian, timers, approval, display, sound, attract, hint, cabinet, keys"));
    expect_errors("[display]\nwidht = 800\nfoo = 1\n",
                  ERRORS("t.ini:2: display.widht: unknown key; did you mean width? (`studpoker "
                         "config-reference` lists the keys of [display])",
                         "t.ini:3: display.foo: unknown key; `studpoker config-reference` lists "
                         "the keys of [display]"));
    expect_errors("[limits]\nseats = 2\n",
                  ERRORS("t.ini:2: limits.seats: unknown key here; it belongs in [game], not "
                         "[limits]"));
    expect_errors("seats = 2\nnothing = 1\n[game]\n",
                  ERRORS("t.ini:1: seats: the key comes before any section; put it under [game]",
                         "t.ini:2: nothing: the key comes before any section, and no section has "
                         "it; start with a section header such as [game] (`studpoker "
                         "config-reference` lists every key)"));
}

static void test_error_wrong_type_and_range(void **state) {
    (void)state;
    expect_errors(
        "[display]\nwidth = wide\nheight = 100\nvsync = maybe\nmode = tv\n[game]\nseats = 9\n"
        "currency = US\n",
        ERRORS("t.ini:2: display.width: 'wide' is not a whole number; write a whole number from "
               "320 to 16384, e.g. width = 1280",
               "t.ini:3: display.height: 100 is out of range; write a whole number from 240 to "
               "16384, e.g. height = 720",
               "t.ini:4: display.vsync: 'maybe' is not on or off; write on or off (yes/no, "
               "true/false and 1/0 work too), e.g. vsync = on",
               "t.ini:5: display.mode: 'tv' is not one of the choices; write windowed, fullscreen "
               "or kiosk, e.g. mode = windowed",
               "t.ini:7: game.seats: 9 is out of range; write a whole number from 1 to 7, e.g. "
               "seats = 1",
               "t.ini:8: game.currency: 'US' is not a currency code; write 3 letters, e.g. "
               "currency = USD"));
    expect_errors("[game]\npreset = asian\n[paytable]\nasian_margin_odds_on = both\n",
                  ERRORS("t.ini:4: paytable.asian_margin_odds_on: 'both' is not one of the "
                         "choices; write raise or ante_and_raise, e.g. asian_margin_odds_on = "
                         "raise"));
    expect_errors("[paytable]\nmain_quads = lots\nmain_flush = 5.5\n",
                  ERRORS("t.ini:2: paytable.main_quads: 'lots' is not odds; write the x of \"x to "
                         "1\", a whole number from 1 to 100000, e.g. main_quads = 20",
                         "t.ini:3: paytable.main_flush: '5.5' is not odds; write the x of \"x to "
                         "1\", a whole number from 1 to 100000, e.g. main_flush = 5"));
    expect_errors("[cabinet]\noperator_pin = 12a4\nmachine_id = my machine\n"
                  "bill_values = 5, 20, 10\ncoin_value =\n",
                  ERRORS("t.ini:2: cabinet.operator_pin: '12a4' is not a PIN; write 4 to 8 digits, "
                         "e.g. operator_pin = 1234",
                         "t.ini:3: cabinet.machine_id: 'my machine' is not a machine id; write 1 "
                         "to 32 letters, digits, - _ or ., e.g. machine_id = STUD-01",
                         "t.ini:4: cabinet.bill_values: amount 3 '10' is not above the one before "
                         "it; list each amount once, lowest first, e.g. bill_values = 5.00, "
                         "10.00, 20.00, 50.00, 100.00",
                         "t.ini:5: cabinet.coin_value: no value; write an amount of money from "
                         "0.01 to 10000.00, e.g. coin_value = 1.00"));
}

static void test_error_bad_money_and_percent(void **state) {
    (void)state;
    expect_errors("[limits]\nante_min = 1.005\nante_max = 1,000\nmax_payout = -5\n",
                  ERRORS("t.ini:2: limits.ante_min: '1.005' has more than 2 decimals; money is "
                         "written with at most 2 decimals, e.g. ante_min = 1.00",
                         "t.ini:3: limits.ante_max: '1,000' is not an amount of money; write "
                         "currency units with at most 2 decimals (no thousands separators) from "
                         "0.01 to 1000000.00, e.g. ante_max = 100.00",
                         "t.ini:4: limits.max_payout: -5 is out of range; write an amount of "
                         "money from 0.00 to 100000000.00, e.g. max_payout = 0.00"));
    expect_errors("[game]\npreset = caribbean-live\n[jackpot]\ntop_share = 45.125\n"
                  "reserve_share = five\nfixed_share = 101\n",
                  ERRORS("t.ini:4: jackpot.top_share: '45.125' has more than 2 decimals; a share "
                         "is written with at most 2 decimals, e.g. top_share = 45",
                         "t.ini:5: jackpot.reserve_share: 'five' is not a percentage; write a "
                         "percent with at most 2 decimals from 0% to 100%, e.g. reserve_share = 5",
                         "t.ini:6: jackpot.fixed_share: 101 is out of range; write a percentage "
                         "from 0% to 100%, e.g. fixed_share = 31.84"));
}

static void test_error_duplicate_key(void **state) {
    (void)state;
    expect_errors("[game]\nseats = 2\n[display]\nwidth = 800\n[game]\nseats = 3\n",
                  ERRORS("t.ini:6: game.seats: set twice (first on line 2); keep one of the two "
                         "lines"));
    /* a duplicate preset, even a valid one */
    expect_errors("[game]\npreset = cajun\npreset = asian\n",
                  ERRORS("t.ini:3: game.preset: set twice (first on line 2); keep one of the two "
                         "lines"));
}

static void test_error_key_of_another_game(void **state) {
    (void)state;
    expect_errors("[asian]\ncommission = 5\n[paytable]\nboard_pair = 2\n",
                  ERRORS("t.ini:2: asian.commission: applies to Asian Stud only, and this "
                         "config's preset is caribbean-classic (Caribbean Stud); remove the line, "
                         "or choose a preset of that game",
                         "t.ini:4: paytable.board_pair: applies to Cajun Stud only, and this "
                         "config's preset is caribbean-classic (Caribbean Stud); remove the line, "
                         "or choose a preset of that game"));
    expect_errors("[game]\npreset = asian\n[paytable]\nmain_quads = 30\n[limits]\nmax_payout = 1\n",
                  ERRORS("t.ini:4: paytable.main_quads: applies to Caribbean Stud and Cajun Stud "
                         "only, and this config's preset is asian (Asian Stud); remove the line, "
                         "or choose a preset of that game",
                         "t.ini:6: limits.max_payout: applies to Caribbean Stud only, and this "
                         "config's preset is asian (Asian Stud); remove the line, or choose a "
                         "preset of that game"));
    /* an unknown preset: no guessing about which keys belong */
    expect_errors("[game]\npreset = texas\n[asian]\ncommission = 5\n",
                  ERRORS("t.ini:2: game.preset: 'texas' is not one of the choices; write "
                         "caribbean-classic, caribbean-live, caribbean-us, casino-stud-uk, cajun "
                         "or asian, e.g. preset = caribbean-classic"));
}

static void test_error_limits_contradict(void **state) {
    (void)state;
    expect_errors("[limits]\nante_min = 50\nante_max = 10\n",
                  ERRORS("t.ini:2: limits.ante_min: 50.00 is above ante_max (10.00, line 3); the "
                         "minimum cannot be above the maximum: write ante_min = 10.00 or less, or "
                         "raise ante_max"));
    expect_errors("[limits]\nante_max = 0.50\n",
                  ERRORS("t.ini:2: limits.ante_max: 0.50 is below ante_min (1.00, the preset's "
                         "value); the maximum cannot be below the minimum: write ante_max = 1.00 "
                         "or more, or lower ante_min"));
    expect_errors("[game]\npreset = cajun\n[limits]\nboard_min = 30\n",
                  ERRORS("t.ini:4: limits.board_min: 30.00 is above board_max (25.00, the "
                         "preset's value); the minimum cannot be above the maximum: write "
                         "board_min = 25.00 or less, or raise board_max"));
    /* a refused value takes no part in the checks */
    expect_errors("[limits]\nante_min = 50\nante_max = ten\n",
                  ERRORS("t.ini:3: limits.ante_max: 'ten' is not an amount of money; write "
                         "currency units with at most 2 decimals (no thousands separators) from "
                         "0.01 to 1000000.00, e.g. ante_max = 100.00"));
}

static void test_error_pay_table_is_not_a_pay_table(void **state) {
    (void)state;
    expect_errors("[paytable]\nmain_quads = 5\n",
                  ERRORS("t.ini:2: paytable.main_quads: pays 5 to 1, less than the weaker hand "
                         "main_full_house (7 to 1, the preset's value); in the main pay table a "
                         "stronger hand pays at least as much: write main_quads = 7 or more"));
    expect_errors("[paytable]\nmain_full_house = 30\n",
                  ERRORS("t.ini:2: paytable.main_full_house: pays 30 to 1, more than the "
                         "stronger hand main_quads (20 to 1, the preset's value); in the main pay "
                         "table a weaker hand pays at most as much: write main_full_house = 20 or "
                         "less"));
    expect_errors("[game]\npreset = cajun\n[paytable]\nloball_eight_high = 200\n",
                  ERRORS("t.ini:4: paytable.loball_eight_high: pays 200 to 1, more than the "
                         "stronger hand loball_seven_high (100 to 1, the preset's value); in Lo "
                         "Ball a weaker hand pays at most as much: write loball_eight_high = 100 "
                         "or less"));
    expect_errors("[game]\npreset = caribbean-live\n[paytable]\njackpot_flush = 5000\n",
                  ERRORS("t.ini:4: paytable.jackpot_flush: pays 5000.00, more than the "
                         "stronger hand jackpot_full_house (50.00, the preset's value); in the "
                         "JACKPOT fixed prizes a weaker hand pays at most as much: write "
                         "jackpot_flush = 50.00 or less"));
    expect_errors("[game]\npreset = asian\n[paytable]\nasian_bonus_quads = 40\n"
                  "asian_bonus_full_house = 60\n",
                  ERRORS("t.ini:4: paytable.asian_bonus_quads: pays 40 to 1, less than the "
                         "weaker hand asian_bonus_full_house (60 to 1, line 5); in the bonus "
                         "wager a stronger hand pays at least as much: write asian_bonus_quads = "
                         "60 or more"));
}

static void test_error_side_bets(void **state) {
    (void)state;
    expect_errors("[sidebets]\njackpot = on\nprogressive = on\n",
                  ERRORS("t.ini:3: sidebets.progressive: the JACKPOT and the progressive cannot "
                         "both be on (a machine has one jackpot pool); write jackpot = off or "
                         "progressive = off"));
    expect_errors("[game]\npreset = cajun\n[paytable]\npocket_pair = 0\npocket_ace_face = 0\n"
                  "pocket_ace_face_suited = 0\npocket_aces = 0\n",
                  ERRORS("t.ini:7: paytable.pocket_aces: POCKET BONUS is on but its pay table "
                         "pays nothing; give some [paytable] pocket_ lines a pay, or write pocket "
                         "= off in [sidebets]"));
    expect_errors("[game]\npreset = caribbean-us\n[paytable]\nprogressive_straight_flush = 100\n",
                  ERRORS("t.ini:4: paytable.progressive_straight_flush: progressive_straight_flush "
                         "is never paid: the hand wins 10% of the meter "
                         "(progressive_meter_straight_flush) instead; set one of "
                         "progressive_straight_flush and progressive_meter_straight_flush to 0"));
    expect_errors("[game]\npreset = caribbean-us\n[paytable]\nprogressive_meter_royal_flush = 0\n"
                  "progressive_meter_straight_flush = 0\n",
                  ERRORS("t.ini:4: paytable.progressive_meter_royal_flush: the progressive is on "
                         "but the royal wins no share of the meter; write "
                         "progressive_meter_royal_flush = 100 (or another share above 0)",
                         "t.ini:5: paytable.progressive_meter_straight_flush: with no meter share "
                         "the hand wins progressive_straight_flush = 0.00, less than the weaker "
                         "hand progressive_quads (500.00, the preset's value); write "
                         "progressive_straight_flush = 500.00 or more, or give the hand a meter "
                         "share"));
}

static void test_error_jackpot_shares_over_the_whole(void **state) {
    (void)state;
    expect_errors("[game]\npreset = caribbean-live\n[jackpot]\ntop_share = 60\nfixed_share = 40\n",
                  ERRORS("t.ini:5: jackpot.fixed_share: the JACKPOT shares add up to 105% (top "
                         "60% + reserve 5% + fixed 40%), more than the whole stake; make "
                         "top_share + reserve_share + fixed_share at most 100"));
}

static void test_error_keys(void **state) {
    (void)state;
    expect_errors("[keys]\nchip1 = f\n",
                  ERRORS("t.ini:2: keys.chip1: 'F' is already the key of fold (the default); "
                         "give each button its own key"));
    expect_errors("[keys]\nfold = B\nbet = Keypad Enter\n",
                  ERRORS("t.ini:3: keys.bet: 'Keypad Enter' is already the key of deal (the "
                         "default); give each button its own key"));
    /* two buttons swapping keys is fine */
    cfg_errors_t *e = new_errors();
    cfg_t c;
    assert_int_equal(load("[keys]\nplay = F\nfold = P\n", &c, e), 0);
    free(e);
    /* a config that passes the check starts: every name is one SDL knows (issue 12) */
    expect_errors("[keys]\ndeal = NoSuchKey\n",
                  ERRORS("t.ini:2: keys.deal: 'NoSuchKey' is not a key SDL knows; write SDL key "
                         "names such as Return, Space, F2, A or Keypad Enter, e.g. deal = Return, "
                         "Keypad Enter, D"));
    expect_errors("[keys]\ndeal = Retrun, D\ncoin = Keypad Entre\n",
                  ERRORS("t.ini:2: keys.deal: 'Retrun' is not a key SDL knows; did you mean "
                         "Return? write SDL key names such as Return, Space, F2, A or Keypad "
                         "Enter, e.g. deal = Return, Keypad Enter, D",
                         "t.ini:3: keys.coin: 'Keypad Entre' is not a key SDL knows; did you mean "
                         "Keypad Enter? write SDL key names such as Return, Space, F2, A or Keypad "
                         "Enter, e.g. coin = Insert"));
    expect_errors("[keys]\ndeal = Return, Space, D, F5\nundo = Delete, Delete\nhelp = H,\n"
                  "fold = , F\n",
                  ERRORS("t.ini:2: keys.deal: more than 3 keys; list at most 3, e.g. deal = "
                         "Return, Keypad Enter, D",
                         "t.ini:3: keys.undo: Delete is listed twice; list each key once, e.g. "
                         "undo = Delete, Backspace",
                         "t.ini:4: keys.help: key 2 is empty; write key names separated by "
                         "commas, e.g. help = H, F1",
                         "t.ini:5: keys.fold: key 1 is empty; write key names separated by "
                         "commas, e.g. fold = F"));
}

/* [keys] values: SDL's names in any case, read back in SDL's spelling; up to 3 a button; the
 * comma key too. */
static void test_key_lists(void **state) {
    (void)state;
    cfg_errors_t *e = new_errors();
    cfg_t c;
    assert_int_equal(load("[keys]\ndeal = return , KEYPAD ENTER,d\nbet = ,\nrepeat = Keypad ,, "
                          "\xC3\xA9\nquit = q\nfullscreen =\n",
                          &c, e),
                     0);
    assert_int_equal(c.keys[CFG_BUTTON_DEAL].count, 3);
    assert_string_equal(c.keys[CFG_BUTTON_DEAL].name[0], "Return");
    assert_string_equal(c.keys[CFG_BUTTON_DEAL].name[1], "Keypad Enter");
    assert_string_equal(c.keys[CFG_BUTTON_DEAL].name[2], "D");
    assert_int_equal(c.keys[CFG_BUTTON_BET].count, 1);
    assert_string_equal(c.keys[CFG_BUTTON_BET].name[0], ",");
    assert_int_equal(c.keys[CFG_BUTTON_REPEAT].count, 2);
    assert_string_equal(c.keys[CFG_BUTTON_REPEAT].name[0], "Keypad ,");
    assert_string_equal(c.keys[CFG_BUTTON_REPEAT].name[1], "\xC3\xA9");
    assert_string_equal(c.keys[CFG_BUTTON_QUIT].name[0], "Q");
    assert_int_equal(c.keys[CFG_BUTTON_FULLSCREEN].count, 0);
    char text[CFG_VALUE_LEN];
    assert_true(cfg_get_text(&c, "keys", "deal", text, sizeof text));
    assert_string_equal(text, "Return, Keypad Enter, D");
    assert_true(cfg_get_text(&c, "keys", "repeat", text, sizeof text));
    assert_string_equal(text, "Keypad ,, \xC3\xA9");
    /* the comma key anywhere in a list, as the writer writes it */
    cfg_key_list_t l;
    char err[CFG_ERROR_LEN];
    assert_true(cfg_parse_key_list(",, D, Keypad ,", &l, err, sizeof err));
    assert_int_equal(l.count, 3);
    assert_string_equal(l.name[0], ",");
    assert_string_equal(l.name[1], "D");
    assert_string_equal(l.name[2], "Keypad ,");
    assert_int_equal(cfg_format_key_list(&l, text, sizeof text), 14);
    assert_string_equal(text, ",, D, Keypad ,");
    assert_true(cfg_parse_key_list("", &l, err, sizeof err));
    assert_int_equal(l.count, 0);
    assert_false(cfg_parse_key_list("F1, Nope", &l, err, sizeof err));
    assert_int_equal(l.count, 0); /* unchanged on error */
    assert_string_equal(err, "'Nope' is not a key SDL knows; write SDL key names such as Return, "
                             "Space, F2, A or Keypad Enter");
    /* what print-config writes for keys reads back */
    size_t len;
    char *out = NULL;
    FILE *f = open_memstream(&out, &len);
    assert_non_null(f);
    cfg_write(f, &c, true, "test");
    fclose(f);
    cfg_t back;
    assert_int_equal(cfg_load_string(out, len, "w.ini", &back, e), 0);
    assert_memory_equal(&c, &back, sizeof c);
    assert_non_null(strstr(out, "\nbet = ,\n"));
    assert_non_null(strstr(out, "\nfullscreen =\n"));
    free(out);
    free(e);
}

static void test_error_syntax(void **state) {
    (void)state;
    expect_errors("[game]\nthis is not a line\n[game\n[game] extra\n= 5\nmy key = 1\n[a b]\n",
                  ERRORS("t.ini:2: syntax: 'this is not a line' is not a [section], a key = "
                         "value line or a comment; write key = value (comments start with ; or #)",
                         "t.ini:3: syntax: '[game' has no closing ']'; write a section header "
                         "like [game]",
                         "t.ini:4: syntax: text after the section header: 'extra'; put nothing "
                         "but a comment (; or #) after ']'",
                         "t.ini:5: syntax: no key before '='; write key = value, e.g. seats = 1",
                         "t.ini:6: syntax: 'my key' is not a key name; key names are letters, "
                         "digits and _ (e.g. ante_min)",
                         "t.ini:7: syntax: '[a b]' is not a section name (sections: game, limits, "
                         "sidebets, paytable, jackpot, progressive, asian, timers, approval, "
                         "display, sound, attract, hint, cabinet, keys)"));
    /* keys under a bad header are not reported again */
    expect_errors("[nope]\na = 1\nb = 2\n[game]\nseats = 2\n",
                  ERRORS("t.ini:1: [nope]: unknown section; the sections are: game, limits, "
                         "sidebets, paytable, jackpot, progressive, asian, timers, approval, "
                         "display, sound, attract, hint, cabinet, keys"));
    /* control characters, a NUL byte, an overlong line */
    cfg_errors_t *e = new_errors();
    cfg_t c;
    static const char nul[] = "[game]\nseats = 1\0\n[limits]\nante_min = \x01\n";
    assert_int_equal(cfg_load_string(nul, sizeof nul - 1, "t.ini", &c, e), 2);
    assert_string_equal(e->list[0].text,
                        "t.ini:2: syntax: the line holds a control character (byte 0x00 at "
                        "column 10); a config file is plain text: remove it");
    assert_string_equal(e->list[1].text,
                        "t.ini:4: syntax: the line holds a control character (byte 0x01 at "
                        "column 12); a config file is plain text: remove it");
    char path[400];
    snprintf(path, sizeof path, "[cabinet]\nstore_path = /%0180d\n", 0);
    assert_int_equal(load(path, &c, e), 1);
    assert_string_equal(e->list[0].text,
                        "t.ini:2: cabinet.store_path: '/000000000000000000000000000000000000000..."
                        "' is too long (181 characters); write at most 180");
    /* long lines are lines like any other (inih cut them at 200 bytes and read the rest as
     * further lines): a long comment is fine, a long value is judged by its key, and the lines
     * after them keep their numbers */
    char *long_lines = malloc(12000);
    assert_non_null(long_lines);
    snprintf(long_lines, 12000,
             "[cabinet]\n; %05000d\nstore_path = /%0300d\n; %05000d\n[game]\n"
             "seats = 9\n",
             0, 0, 0);
    assert_int_equal(load(long_lines, &c, e), 2);
    assert_string_equal(e->list[0].text,
                        "t.ini:3: cabinet.store_path: '/000000000000000000000000000000000000000..."
                        "' is too long (301 characters); write at most 180");
    assert_string_equal(e->list[1].text, "t.ini:6: game.seats: 9 is out of range; write a whole "
                                         "number from 1 to 7, e.g. seats = 1");
    free(long_lines);
    free(e);
}

/* Every error of a file, each with its own line, in line order; a file with errors never
 * yields settings. */
static void test_every_error_is_reported(void **state) {
    (void)state;
    const char *text = "; several mistakes\n"      /* 1 */
                       "[game]\n"                  /* 2 */
                       "preset = caribbean-live\n" /* 3 */
                       "seats = 0\n"               /* 4 */
                       "[limits]\n"                /* 5 */
                       "ante_min = 1.005\n"        /* 6 */
                       "board_min = 1\n"           /* 7 */
                       "what is this\n"            /* 8 */
                       "[paytable]\n"              /* 9 */
                       "main_trips = 1\n"          /* 10 */
                       "[jackpot]\n"               /* 11 */
                       "top_share = 90\n"          /* 12 */
                       "[sound]\n"                 /* 13 */
                       "volume = 101\n"            /* 14 */
                       "volume = 100\n";           /* 15 */
    cfg_errors_t *e = new_errors();
    cfg_t c;
    memset(&c, 0xA5, sizeof c);
    cfg_t before = c;
    assert_int_equal(load(text, &c, e), 8);
    static const int lines[] = {4, 6, 7, 8, 10, 12, 14, 15};
    for (int i = 0; i < 8; i++) {
        char prefix[32];
        snprintf(prefix, sizeof prefix, "t.ini:%d: ", lines[i]);
        if (strncmp(e->list[i].text, prefix, strlen(prefix)) != 0)
            fprintf(stderr, "error %d: %s\n", i, e->list[i].text);
        assert_int_equal(e->list[i].line, lines[i]);
        assert_memory_equal(e->list[i].text, prefix, strlen(prefix));
    }
    assert_memory_equal(&c, &before, sizeof c); /* untouched */
    free(e);
}

static void test_error_list_overflows_cleanly(void **state) {
    (void)state;
    size_t cap = 200 * 32;
    char *text = malloc(cap);
    assert_non_null(text);
    size_t len = 0;
    for (int i = 0; i < 150; i++) len += (size_t)snprintf(text + len, cap - len, "junk %d\n", i);
    cfg_errors_t *e = new_errors();
    cfg_t c;
    assert_int_equal(load(text, &c, e), 150);
    assert_int_equal(e->list[CFG_ERRORS_MAX - 1].line, CFG_ERRORS_MAX);
    char *out = NULL;
    size_t outlen = 0;
    FILE *f = open_memstream(&out, &outlen);
    cfg_errors_print(e, f);
    fclose(f);
    assert_non_null(strstr(out, "t.ini:100: syntax: 'junk 99'"));
    assert_non_null(strstr(out, "\n... and 50 more errors\n"));
    free(out);
    free(text);
    free(e);
}

/* ---- files and generated text ---- */

static void test_example_configs_load(void **state) {
    (void)state;
    static const char *const files[] = {"default",      "caribbean-classic", "caribbean-live",
                                        "caribbean-us", "casino-stud-uk",    "cajun",
                                        "asian"};
    cfg_errors_t *e = new_errors();
    for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) {
        char path[512];
        snprintf(path, sizeof path, "%s/config/%s.ini", STUDPOKER_SOURCE_DIR, files[i]);
        cfg_t c, want;
        int n = cfg_load_file(path, &c, e);
        if (n) cfg_errors_print(e, stderr);
        assert_int_equal(n, 0);
        rules_preset_t p = PRESET_CARIBBEAN_CLASSIC;
        if (i > 0) assert_true(rules_preset_from_key(files[i], &p));
        cfg_defaults(&want, p);
        assert_memory_equal(&c, &want, sizeof c); /* the file is exactly the preset */
    }
    free(e);
}

static void test_missing_file(void **state) {
    (void)state;
    cfg_errors_t *e = new_errors();
    cfg_t c;
    assert_int_equal(cfg_load_file("/nonexistent/x.ini", &c, e), 1);
    assert_string_equal(e->list[0].text,
                        "/nonexistent/x.ini: cannot open it: No such file or directory");
    free(e);
}

static char *write_config(const cfg_t *c, bool commented, size_t *len) {
    char *text = NULL;
    FILE *f = open_memstream(&text, len);
    assert_non_null(f);
    cfg_write(f, c, commented, "test");
    fclose(f);
    return text;
}

/* What print-config writes loads back to the very same settings. */
static void test_written_config_reads_back(void **state) {
    (void)state;
    cfg_errors_t *e = new_errors();
    for (int p = 0; p < PRESET_COUNT; p++)
        for (int commented = 0; commented < 2; commented++) {
            cfg_t c, back;
            cfg_defaults(&c, (rules_preset_t)p);
            size_t len;
            char *text = write_config(&c, commented, &len);
            assert_int_equal(cfg_load_string(text, len, "w.ini", &back, e), 0);
            assert_memory_equal(&c, &back, sizeof c);
            free(text);
        }
    cfg_t c, back;
    assert_int_equal(load("[game]\npreset = caribbean-us\nseats = 3\ncurrency = chf\n"
                          "[paytable]\nprogressive_quads = 750.5\n[progressive]\n"
                          "increment_share = 17.25\n[cabinet]\nbill_values = 0.5, 2\n"
                          "store_path = /srv/stud poker\n[keys]\nfold = Left Shift\n",
                          &c, e),
                     0);
    size_t len;
    char *text = write_config(&c, false, &len);
    assert_non_null(strstr(text, "\nprogressive_quads = 750.50\n"));
    assert_non_null(strstr(text, "\nincrement_share = 17.25\n"));
    assert_non_null(strstr(text, "\nbill_values = 0.50, 2.00\n"));
    assert_null(strstr(text, "[asian]"));
    assert_null(strstr(text, "board_"));
    assert_int_equal(cfg_load_string(text, len, "w.ini", &back, e), 0);
    assert_memory_equal(&c, &back, sizeof c);
    free(text);
    free(e);
}

static void test_key_table(void **state) {
    (void)state;
    int n = cfg_key_count();
    assert_int_equal(n, 184); /* 165 + [cabinet] voucher_path, stall_seconds, key_path,
                                 anchor_path, [paytable] asian_margin_odds_on, [approval]
                                 min_payback, max_payback; [touch] dx, dy and the [keys] of
                                 next_spot, prev_spot, help, history, back, fullscreen,
                                 screenshot, mute, turbo, quit (issue 12) */
    cfg_key_info_t a, b;
    for (int i = 0; i < n; i++) {
        assert_true(cfg_key_at(i, &a));
        assert_true(a.doc[0] != '\0');
        assert_true(strlen(a.doc) <= 96);
        if (a.game) assert_true(a.variants != 0);
        for (int j = 0; j < i; j++) {
            assert_true(cfg_key_at(j, &b));
            assert_false(strcmp(a.section, b.section) == 0 && strcmp(a.name, b.name) == 0);
        }
    }
    assert_false(cfg_key_at(n, &a));
    /* every side bet has its switch, and its limits unless it is a fixed stake */
    for (int w = WAGER_BONUS51; w < WAGER_COUNT; w++) {
        bool sw = false, lo = false, hi = false;
        char kmin[32], kmax[32];
        snprintf(kmin, sizeof kmin, "%s_min", wager_key((wager_t)w));
        snprintf(kmax, sizeof kmax, "%s_max", wager_key((wager_t)w));
        for (int i = 0; i < n; i++) {
            cfg_key_at(i, &a);
            sw |= strcmp(a.section, "sidebets") == 0 && strcmp(a.name, wager_key((wager_t)w)) == 0;
            lo |= strcmp(a.section, "limits") == 0 && strcmp(a.name, kmin) == 0;
            hi |= strcmp(a.section, "limits") == 0 && strcmp(a.name, kmax) == 0;
        }
        bool fixed = w == WAGER_JACKPOT || w == WAGER_PROGRESSIVE;
        assert_true(sw);
        assert_int_equal(lo, !fixed);
        assert_int_equal(hi, !fixed);
    }
    /* every button has its keys, once, in button order; the names are the buttons' */
    int keys = 0;
    for (int i = 0; i < n; i++) {
        cfg_key_at(i, &a);
        if (strcmp(a.section, "keys") != 0) continue;
        assert_string_equal(a.name, cfg_button_key((cfg_button_t)keys));
        assert_string_equal(a.type, "keys");
        cfg_button_t b;
        assert_true(cfg_button_from_key(a.name, &b));
        assert_int_equal(b, keys);
        keys++;
    }
    assert_int_equal(keys, CFG_BUTTONS);
    assert_string_equal(cfg_button_key(CFG_BUTTON_CHIP6), "chip6");
    assert_string_equal(cfg_button_name(CFG_BUTTON_NEXT_SPOT), "NEXT_SPOT");
    assert_int_equal(cfg_key_find("keys", "quit"), cfg_key_find("keys", "deal") + CFG_BUTTON_QUIT);
    assert_int_equal(cfg_key_find("keys", "nope"), -1);
    assert_int_equal(cfg_key_find(NULL, "deal"), -1);
    assert_string_equal(cfg_display_mode_key(CFG_DISPLAY_KIOSK), "kiosk");
}

/* The approved return range ([approval] min_payback, max_payback): machine settings with the
 * defaults a regulator accepts, the minimum never above the maximum. */
static void test_approval_range(void **state) {
    (void)state;
    cfg_t c;
    cfg_errors_t *e = new_errors();
    for (int p = 0; p < PRESET_COUNT; p++) {
        cfg_defaults(&c, (rules_preset_t)p);
        assert_int_equal(c.approval.min_payback_bp, 7500);
        assert_int_equal(c.approval.max_payback_bp, 9999);
    }
    assert_int_equal(load("[approval]\nmin_payback = 80\nmax_payback = 98.5%\n", &c, e), 0);
    assert_int_equal(c.approval.min_payback_bp, 8000);
    assert_int_equal(c.approval.max_payback_bp, 9850);
    assert_int_equal(load("[game]\npreset = cajun\n[approval]\nmax_payback = 150\n", &c, e), 0);
    assert_int_equal(c.approval.max_payback_bp, 15000);
    free(e);
    expect_errors("[approval]\nmin_payback = 90\nmax_payback = 80\n",
                  ERRORS("t.ini:2: approval.min_payback: 90% is above max_payback (80%, line 3); "
                         "the approved range runs from min_payback up to max_payback: write "
                         "min_payback = 80 or less"));
    expect_errors("[approval]\nmax_payback = 70.5\n",
                  ERRORS("t.ini:2: approval.max_payback: 70.50% is below min_payback (75%, the "
                         "default); the approved range runs from min_payback up to max_payback: "
                         "write max_payback = 75 or more"));
    expect_errors("[approval]\nmax_payback = 250\n",
                  ERRORS("t.ini:2: approval.max_payback: 250 is out of range; write a percentage "
                         "from 0% to 200%, e.g. max_payback = 99.99"));
    expect_errors("[approval]\nmin_payback = 100.01\n",
                  ERRORS("t.ini:2: approval.min_payback: 100.01 is out of range; write a "
                         "percentage from 0% to 100%, e.g. min_payback = 75"));
}

/* Where a file sets its keys: the line a finding after loading names. */
static void test_key_lines(void **state) {
    (void)state;
    const char *text = "[game]\npreset = caribbean-us\n"                 /* 1-2 */
                       "[sidebets]\nprogressive = on\n"                  /* 3-4 */
                       "[paytable]\nmain_straight = 5\nmain_trips = 3\n" /* 5-7 */
                       "progressive_flush = 60\n"                        /* 8 */
                       "[progressive]\nincrement_share = 50\n"           /* 9-10 */
                       "[approval]\nmax_payback = 99\n";                 /* 11-12 */
    cfg_lines_t *l = malloc(sizeof *l);
    assert_non_null(l);
    assert_true(cfg_lines_string(text, strlen(text), l));
    char where[128];
    assert_int_equal(cfg_lines_bet(l, WAGER_ANTE, where, sizeof where), 7); /* the last */
    assert_string_equal(where, "paytable.main_trips");
    assert_int_equal(cfg_lines_bet(l, WAGER_PROGRESSIVE, where, sizeof where), 10);
    assert_string_equal(where, "progressive.increment_share");
    assert_int_equal(cfg_lines_bet(l, WAGER_BONUS51, where, sizeof where), 0);
    assert_string_equal(where, "");
    assert_int_equal(cfg_lines_key(l, "approval", "max_payback", where, sizeof where), 12);
    assert_string_equal(where, "approval.max_payback");
    assert_int_equal(cfg_lines_key(l, "approval", "min_payback", NULL, 0), 0);
    /* a side bet switched on in the file, with the preset's pay table */
    const char *on = "[game]\npreset = caribbean-classic\n[sidebets]\nbonus51 = on\n";
    assert_true(cfg_lines_string(on, strlen(on), l));
    assert_int_equal(cfg_lines_bet(l, WAGER_BONUS51, where, sizeof where), 4);
    assert_string_equal(where, "sidebets.bonus51");
    /* Asian Stud's margin pays and commission are the main game's */
    const char *asian = "[game]\npreset = asian\n[asian]\ncommission = 2\n";
    assert_true(cfg_lines_string(asian, strlen(asian), l));
    assert_int_equal(cfg_lines_bet(l, WAGER_ANTE, where, sizeof where), 4);
    assert_string_equal(where, "asian.commission");
    free(l);
}

/* The operator settings: rows of the key table that the operator menu may change, the touch
 * calibration among them (the menu only, never a file). */
static void test_operator_settings(void **state) {
    (void)state;
    static const char *const want[] = {
        "sound.volume", "sound.voice", "attract.enabled", "attract.idle_seconds",
        "hint.show",    "touch.dx",    "touch.dy"};
    int found = 0;
    for (int i = 0; i < cfg_key_count(); i++) {
        cfg_key_info_t k;
        assert_true(cfg_key_at(i, &k));
        if (!k.operator_may_change) {
            assert_true(k.in_file);
            continue;
        }
        char where[64];
        snprintf(where, sizeof where, "%s.%s", k.section, k.name);
        assert_true(found < 7);
        assert_string_equal(where, want[found]);
        assert_false(k.game);
        assert_int_equal(k.in_file, strcmp(k.section, "touch") != 0);
        found++;
    }
    assert_int_equal(found, 7);
    cfg_key_info_t k;
    assert_true(cfg_key_at(cfg_key_find("attract", "idle_seconds"), &k));
    assert_int_equal(k.min, 5); /* the range the app hard-coded, now the table's */
    assert_int_equal(k.max, 3600);
    assert_true(cfg_key_at(cfg_key_find("sound", "volume"), &k));
    assert_int_equal(k.min, 0);
    assert_int_equal(k.max, 100);

    /* the calibration is the operator's: a file may not set it, print-config leaves it out */
    expect_errors("[touch]\ndx = 3\n",
                  ERRORS("t.ini:2: touch.dx: set by the operator menu (and kept in the "
                         "machine's record), not by a config file; remove the line"));
    expect_errors("dy = 3\n", ERRORS("t.ini:1: dy: the key comes before any section, and no "
                                     "section has it; start with a section header such as [game] "
                                     "(`studpoker config-reference` lists every key)"));
    cfg_t c;
    cfg_defaults(&c, PRESET_CARIBBEAN_CLASSIC);
    size_t len;
    char *text = write_config(&c, true, &len);
    assert_null(strstr(text, "[touch]"));
    assert_null(strstr(text, "dx ="));
    free(text);
}

/* cfg_set: one key from its text, by the loader's parser and range and the checks across keys;
 * cfg_get_text: the text back. */
static void test_set_and_get(void **state) {
    (void)state;
    cfg_t c, before;
    cfg_defaults(&c, PRESET_CARIBBEAN_CLASSIC);
    char err[CFG_ERROR_LEN], text[CFG_VALUE_LEN];
    /* how the machine applies the operator's recorded settings */
    assert_true(cfg_set(&c, "sound", "volume", "90", err, sizeof err));
    assert_int_equal(c.sound.volume, 90);
    assert_true(cfg_set(&c, "sound", "voice", "off", err, sizeof err));
    assert_false(c.sound.voice);
    assert_true(cfg_set(&c, "hint", "show", "off", err, sizeof err));
    assert_true(cfg_set(&c, "attract", "enabled", "on", err, sizeof err));
    assert_true(cfg_set(&c, "attract", "idle_seconds", "300", err, sizeof err));
    assert_int_equal(c.attract.idle_seconds, 300);
    assert_true(cfg_set(&c, "touch", "dx", "-12", err, sizeof err));
    assert_true(cfg_set(&c, "touch", "dy", "7", err, sizeof err));
    assert_int_equal(c.touch.dx, -12);
    assert_int_equal(c.touch.dy, 7);
    /* the text back is what the store records and cfg_set reads */
    static const struct {
        const char *section, *key, *text;
    } back[] = {{"sound", "volume", "90"},
                {"sound", "voice", "off"},
                {"hint", "show", "off"},
                {"attract", "enabled", "on"},
                {"attract", "idle_seconds", "300"},
                {"touch", "dx", "-12"},
                {"touch", "dy", "7"},
                {"limits", "ante_min", "1.00"},
                {"keys", "undo", "Delete, Backspace"},
                {"cabinet", "store_path", ""}};
    for (size_t i = 0; i < sizeof back / sizeof back[0]; i++) {
        assert_true(cfg_get_text(&c, back[i].section, back[i].key, text, sizeof text));
        assert_string_equal(text, back[i].text);
        before = c;
        assert_true(cfg_set(&c, back[i].section, back[i].key, text, err, sizeof err));
        assert_memory_equal(&c, &before, sizeof c);
    }
    assert_false(cfg_get_text(&c, "sound", "nope", text, sizeof text));
    assert_false(cfg_get_text(&c, "keys", "undo", text, 5)); /* too small */

    /* refused: c unchanged, the message says what to write */
    before = c;
    static const struct {
        const char *section, *key, *text, *err;
    } bad[] = {
        {"attract", "idle_seconds", "4",
         "attract.idle_seconds: 4 is out of range; write a whole number from 5 to 3600, e.g. "
         "idle_seconds = 300"},
        {"sound", "volume", "loud",
         "sound.volume: 'loud' is not a whole number; write a whole number from 0 to 100, e.g. "
         "volume = 90"},
        {"touch", "dx", "5000",
         "touch.dx: 5000 is out of range; write a whole number from -1920 to 1920, e.g. dx = -12"},
        {"sound", "nope", "1",
         "sound.nope: unknown key (`studpoker config-reference` lists every key)"},
        {"game", "preset", "cajun",
         "game.preset: the preset chooses every game key's default: it is read with the config "
         "(or cfg_defaults), never set alone"},
        {"asian", "commission", "5",
         "asian.commission: applies to Asian Stud only, and this config's preset is "
         "caribbean-classic (Caribbean Stud); remove the line, or choose a preset of that game"},
        /* the checks across keys, against the values c holds */
        {"limits", "ante_min", "500",
         "limits.ante_min: 500.00 is above ante_max (100.00, its current value); the minimum "
         "cannot be above the maximum: write ante_min = 100.00 or less, or raise ante_max"},
        {"paytable", "main_quads", "5",
         "paytable.main_quads: pays 5 to 1, less than the weaker hand main_full_house (7 to 1, "
         "its current value); in the main pay table a stronger hand pays at least as much: write "
         "main_quads = 7 or more"},
        {"keys", "chip1", "F",
         "keys.chip1: 'F' is already the key of fold (its current value); give each button its "
         "own key"},
        {"keys", "deal", "NoSuchKey",
         "keys.deal: 'NoSuchKey' is not a key SDL knows; write SDL key names such as Return, "
         "Space, F2, A or Keypad Enter, e.g. deal = Return, Keypad Enter, D"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        err[0] = '\0';
        assert_false(cfg_set(&c, bad[i].section, bad[i].key, bad[i].text, err, sizeof err));
        if (strcmp(err, bad[i].err) != 0) fprintf(stderr, "got: %s\n", err);
        assert_string_equal(err, bad[i].err);
        assert_memory_equal(&c, &before, sizeof c);
    }
    assert_false(cfg_set(&c, "sound", "volume", "101", NULL, 0)); /* err may be NULL */

    /* a game key: the derived limits follow, as after a file */
    assert_true(cfg_set(&c, "limits", "ante_max", "50", err, sizeof err));
    assert_int_equal(c.rules.bet_max[WAGER_PLAY], 10000);
    /* two keys swapped one at a time: the first step shares a key, so it is refused */
    assert_false(cfg_set(&c, "keys", "play", "F", err, sizeof err));
    assert_true(cfg_set(&c, "keys", "fold", "G", err, sizeof err));
    assert_true(cfg_set(&c, "keys", "play", "F", err, sizeof err));
    assert_true(cfg_set(&c, "keys", "fold", "P", err, sizeof err));
    /* the result loads as the same settings from a file */
    size_t len;
    char *file = write_config(&c, false, &len);
    cfg_errors_t *e = new_errors();
    cfg_t again;
    assert_int_equal(cfg_load_string(file, len, "w.ini", &again, e), 0);
    again.touch = c.touch; /* the calibration is not in a file */
    assert_memory_equal(&again, &c, sizeof c);
    free(e);
    free(file);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_defaults_are_the_presets),
        cmocka_unit_test(test_empty_file_is_the_default),
        cmocka_unit_test(test_live_jackpot_shares),
        cmocka_unit_test(test_override_changes_only_that_line),
        cmocka_unit_test(test_decision_limits_follow_the_ante),
        cmocka_unit_test(test_every_form_that_reads),
        cmocka_unit_test(test_money_and_percent),
        cmocka_unit_test(test_error_unknown_section_and_key),
        cmocka_unit_test(test_error_wrong_type_and_range),
        cmocka_unit_test(test_error_bad_money_and_percent),
        cmocka_unit_test(test_error_duplicate_key),
        cmocka_unit_test(test_error_key_of_another_game),
        cmocka_unit_test(test_error_limits_contradict),
        cmocka_unit_test(test_error_pay_table_is_not_a_pay_table),
        cmocka_unit_test(test_error_side_bets),
        cmocka_unit_test(test_error_jackpot_shares_over_the_whole),
        cmocka_unit_test(test_error_keys),
        cmocka_unit_test(test_key_lists),
        cmocka_unit_test(test_error_syntax),
        cmocka_unit_test(test_every_error_is_reported),
        cmocka_unit_test(test_error_list_overflows_cleanly),
        cmocka_unit_test(test_example_configs_load),
        cmocka_unit_test(test_missing_file),
        cmocka_unit_test(test_written_config_reads_back),
        cmocka_unit_test(test_key_table),
        cmocka_unit_test(test_approval_range),
        cmocka_unit_test(test_key_lines),
        cmocka_unit_test(test_operator_settings),
        cmocka_unit_test(test_set_and_get),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
