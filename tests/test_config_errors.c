/* The config file's errors: every error of a broken file is reported with its line and a
 * message saying what to write instead, each error of a file in line order, and a list of errors
 * that overflows ends cleanly; [keys] values too, read in any case and back in SDL's spelling.
 * The expected messages are written out here in full. */
#define _POSIX_C_SOURCE 200809L
#include "config_fixture.h"

/* ---- errors ---- */

static void test_error_unknown_section_and_key(void **state) {
    (void)state;
    expect_errors(
        "[dispaly]\nwidth = 800\n",
        ERRORS("t.ini:1: [dispaly]: unknown section; did you mean [display]? The "
               "sections are: game, money, limits, sidebets, paytable, jackpot, progressive, "
               "asian, timers, approval, display, sound, attract, hint, responsible, cabinet, scanner, "
               "link, table, keys"));
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
    expect_errors(
        "[game]\nthis is not a line\n[game\n[game] extra\n= 5\nmy key = 1\n[a b]\n",
        ERRORS("t.ini:2: syntax: 'this is not a line' is not a [section], a key = "
               "value line or a comment; write key = value (comments start with ; or #)",
               "t.ini:3: syntax: '[game' has no closing ']'; write a section header "
               "like [game]",
               "t.ini:4: syntax: text after the section header: 'extra'; put nothing "
               "but a comment (; or #) after ']'",
               "t.ini:5: syntax: no key before '='; write key = value, e.g. seats = 1",
               "t.ini:6: syntax: 'my key' is not a key name; key names are letters, "
               "digits and _ (e.g. ante_min)",
               "t.ini:7: syntax: '[a b]' is not a section name (sections: game, money, limits, "
               "sidebets, paytable, jackpot, progressive, asian, timers, approval, "
               "display, sound, attract, hint, responsible, cabinet, scanner, link, table, keys)"));
    /* keys under a bad header are not reported again */
    expect_errors("[nope]\na = 1\nb = 2\n[game]\nseats = 2\n",
                  ERRORS("t.ini:1: [nope]: unknown section; the sections are: game, money, limits, "
                         "sidebets, paytable, jackpot, progressive, asian, timers, approval, "
                         "display, sound, attract, hint, responsible, cabinet, scanner, link, table, keys"));
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

/* [link]: a linked machine names itself, its site and its pool at the controller; the game must
 * offer a pool to link, and a linked progressive pays only the royal from it. */
static void test_error_link(void **state) {
    (void)state;
    expect_errors("[game]\npreset = caribbean-live\n[link]\nurl = host=/tmp dbname=link\n"
                  "pool = floor\nsite = Paris\n",
                  ERRORS("t.ini:4: link.url: machine is missing: a linked machine names its "
                         "machine at the controller",
                         "t.ini:6: link.site: 'Paris' is not a name; write up to 40 of a-z, 0-9 "
                         "and _, or empty"));
    expect_errors("[game]\npreset = caribbean-classic\n[link]\nurl = host=/tmp\npool = p\n"
                  "site = s\nmachine = m1\n",
                  ERRORS("t.ini:4: link.url: the link shares a JACKPOT or progressive pool, "
                         "and this game offers neither; turn one on in [sidebets] or remove the "
                         "url"));
    expect_errors("[game]\npreset = caribbean-us\n[link]\nurl = host=/tmp\npool = p\n"
                  "site = s\nmachine = 9m\n",
                  ERRORS("t.ini:4: link.url: a linked progressive pays only the royal from the "
                         "shared pool; give progressive_meter_straight_flush a fixed prize "
                         "instead of a share of the meter (set it to 0)",
                         "t.ini:7: link.machine: machine = 9m: a name at the controller is 1 "
                         "to 40 of a-z, 0-9 and _, starting with a letter"));
    /* a good one links the pool: the rules say so (and so does every round's recorded rules) */
    cfg_errors_t *e = new_errors();
    cfg_t c;
    assert_int_equal(load("[game]\npreset = caribbean-live\n[link]\nurl = host=/tmp dbname=l\n"
                          "pool = floor\nsite = paris\nmachine = m1\non_loss = bet_off\n",
                          &c, e),
                     0);
    assert_int_equal(c.rules.pool_linked, 1);
    assert_int_equal(c.link.on_loss, CFG_LINK_BET_OFF);
    assert_string_equal(c.link.machine, "m1");
    assert_int_equal(load("[game]\npreset = caribbean-live\n", &c, e), 0);
    assert_int_equal(c.rules.pool_linked, 0);
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

int main(void) {
    const struct CMUnitTest tests[] = {
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
        cmocka_unit_test(test_error_link),
        cmocka_unit_test(test_error_list_overflows_cleanly),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
