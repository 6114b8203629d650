/* The config files and the text made from them: the example configs load, a missing file is
 * reported, what print-config writes loads back to the same settings; the key table, the
 * approved return range, the line each key was set on, the operator settings and cfg_set. */
#define _POSIX_C_SOURCE 200809L
#include "config_fixture.h"

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
    assert_int_equal(n, 208); /* 165 + [cabinet] voucher_path, stall_seconds, key_path,
                                 anchor_path, [paytable] asian_margin_odds_on, [approval]
                                 min_payback, max_payback; [touch] dx, dy and the [keys] of
                                 next_spot, prev_spot, help, history, back, fullscreen,
                                 screenshot, mute, turbo, quit (issue 12); [link] url, pool,
                                 site, machine, on_loss (issue 14); [cabinet] printer,
                                 ticket_expiry_days, [scanner] enabled, gap_ms (issue 16);
                                 [table] url, terminal, join, [keys] lobby, next_table
                                 (issue 15); [keys] settings (issue 13, item 6); [display]
                                 language (issue 16; [game] currency moved to [money]);
                                 [responsible] reality_check_minutes,
                                 session_minutes, loss_limit, cool_off_minutes,
                                 loosen_delay_hours, player_limits, help_contact and [keys]
                                 responsible (issue 16) */
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
    static const char *const want[] = {"sound.volume",
                                       "sound.voice",
                                       "attract.enabled",
                                       "attract.idle_seconds",
                                       "hint.show",
                                       "responsible.reality_check_minutes",
                                       "responsible.session_minutes",
                                       "responsible.loss_limit",
                                       "responsible.cool_off_minutes",
                                       "touch.dx",
                                       "touch.dy"};
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
        assert_true(found < 11);
        assert_string_equal(where, want[found]);
        assert_false(k.game);
        assert_int_equal(k.in_file, strcmp(k.section, "touch") != 0);
        found++;
    }
    assert_int_equal(found, 11);
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

/* [money] currency (issue 16) was [game] currency: a file of before still reads, the new key
 * too, both at once is a key set twice; [display] language takes the four catalogs' names. */
static void test_currency_and_language(void **state) {
    (void)state;
    cfg_t *c = malloc(sizeof *c);
    cfg_errors_t *e = malloc(sizeof *e);
    assert_non_null(c);
    assert_non_null(e);
    const char *old = "[game]\ncurrency = EUR\n";
    assert_int_equal(cfg_load_string(old, strlen(old), "old.ini", c, e), 0);
    assert_string_equal(c->rules.currency, "EUR");
    const char *now = "[money]\ncurrency = MOP\n[display]\nlanguage = zh_TW\n";
    assert_int_equal(cfg_load_string(now, strlen(now), "new.ini", c, e), 0);
    assert_string_equal(c->rules.currency, "MOP");
    assert_int_equal(c->display.language, CFG_LANG_ZH_TW);
    const char *both = "[game]\ncurrency = EUR\n[money]\ncurrency = HKD\n";
    assert_int_not_equal(cfg_load_string(both, strlen(both), "both.ini", c, e), 0);
    assert_non_null(strstr(e->list[0].text, "set twice"));
    const char *bad = "[display]\nlanguage = fr\n";
    assert_int_not_equal(cfg_load_string(bad, strlen(bad), "bad.ini", c, e), 0);
    free(c);
    free(e);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_currency_and_language),
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
