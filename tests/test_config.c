/* The config file: defaults equal the presets, good files give the right values (money and
 * percent read exactly). The errors of broken files are in test_config_errors.c; the example
 * configs, what print-config writes, the key table and cfg_set in test_config_files.c. */
#define _POSIX_C_SOURCE 200809L
#include "config_fixture.h"

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

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_defaults_are_the_presets),
        cmocka_unit_test(test_empty_file_is_the_default),
        cmocka_unit_test(test_live_jackpot_shares),
        cmocka_unit_test(test_override_changes_only_that_line),
        cmocka_unit_test(test_decision_limits_follow_the_ante),
        cmocka_unit_test(test_every_form_that_reads),
        cmocka_unit_test(test_money_and_percent),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
