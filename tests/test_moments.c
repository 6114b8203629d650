/* What a round's money looks like to the player, and the player's own settings (src/machine,
 * linked without SDL): the chips that make an amount (every amount's chips add up to it, as few
 * as a second method finds, the ten-euro ante as two fives); the tier of a win (a two
 * pair a WIN, four of a kind a BIG WIN, a straight flush and a royal a MEGA WIN, the JACKPOT's
 * royal the jackpot, a royal the dealer did not qualify against a WIN: the money decides with
 * the hand); the session's statistics after a won, a folded and a pushed round; a desktop
 * player's volume, voice and hint, bounded by the operator's, kept in their file, a broken file
 * left aside, and changed with credits on the machine where the operator's settings are
 * refused. Amounts from the classic and live pay tables of ../shared/rules.md, worked out by
 * hand. */
#define _POSIX_C_SOURCE 200809L
#include "round_fixture.h"

#include <unistd.h>

#include "config.h"
#include "game.h"
#include "machine.h"
#include "machine_moments.h"
#include "machine_player.h"

/* ---- chips ---- */

static void test_chip_stack_by_hand(void **state) {
    (void)state;
    int64_t c[16], rest;
    /* the ante: 10.00 is two 5.00 chips, not one */
    assert_int_equal(machine_chip_stack(1000, c, 16, &rest), 2);
    assert_int_equal(c[0], 500);
    assert_int_equal(c[1], 500);
    assert_int_equal(rest, 0);
    /* a royal's PLAY payout of 2,020.00: four 500.00 and four 5.00 */
    static const int64_t royal[8] = {50000, 50000, 50000, 50000, 500, 500, 500, 500};
    assert_int_equal(machine_chip_stack(202000, c, 16, &rest), 8);
    for (int i = 0; i < 8; i++) assert_int_equal(c[i], royal[i]);
    /* 37.75: 25 + 5 + 5 + 1 + 1 + 0.25 x 3, largest first */
    static const int64_t odd[8] = {2500, 500, 500, 100, 100, 25, 25, 25};
    assert_int_equal(machine_chip_stack(3775, c, 16, &rest), 8);
    for (int i = 0; i < 8; i++) assert_int_equal(c[i], odd[i]);
    /* less than the smallest chip: no chip, all of it left */
    assert_int_equal(machine_chip_stack(10, c, 16, &rest), 0);
    assert_int_equal(rest, 10);
    /* at most max chips: 10,000.00 in seven 500.00 chips, 6,500.00 left */
    assert_int_equal(machine_chip_stack(1000000, c, 7, &rest), 7);
    assert_int_equal(c[6], 50000);
    assert_int_equal(rest, 650000);
    assert_int_equal(machine_chip_stack(-500, c, 16, &rest), 0);
    assert_int_equal(rest, 0);
}

/* Every multiple of 0.25 up to 500.00: the chips add up to it, each is a table chip, largest
 * first, and there are as few as the least number worked out by dynamic programming over the
 * chip values (a second method, which does not assume the greedy choice is the best). */
static void test_chip_stack_every_amount(void **state) {
    (void)state;
    enum { TOP = 2000 }; /* in quarters */
    static int least[TOP + 1];
    static const int64_t quarters[MACHINE_CHIPS] = {1, 4, 20, 100, 400, 2000};
    least[0] = 0;
    for (int a = 1; a <= TOP; a++) {
        least[a] = 1 << 30;
        for (int k = 0; k < MACHINE_CHIPS; k++)
            if (quarters[k] <= a && least[a - quarters[k]] + 1 < least[a])
                least[a] = least[a - quarters[k]] + 1;
    }
    for (int a = 1; a <= TOP; a++) {
        int64_t c[64], rest, sum = 0;
        int n = machine_chip_stack((int64_t)a * 25, c, 64, &rest);
        assert_int_equal(rest, 0);
        for (int i = 0; i < n; i++) {
            bool chip = false;
            for (int k = 0; k < MACHINE_CHIPS; k++) chip |= c[i] == MACHINE_CHIP_VALUES[k];
            assert_true(chip);
            if (i) assert_true(c[i] <= c[i - 1]);
            sum += c[i];
        }
        assert_int_equal(sum, (int64_t)a * 25);
        assert_int_equal(n, least[a]);
    }
}

/* ---- tiers ---- */

/* A one-seat round of a preset from a stacked deck: the ante (and the side bets), the deal,
 * then PLAY or FOLD; settled. */
static void play(round_t *r, rules_t *ru, jackpot_pool_t *pool, rules_preset_t p, const char *deck,
                 int64_t ante, int64_t bonus51, int64_t jackpot, bool fold) {
    rules_preset(ru, p);
    ru->seats = 1;
    deck_t d;
    stack_deck(&d, deck, false);
    jackpot_init(pool, ru->jackpot_seed);
    start(r, ru, &d, 1, 1000000, ru->offered[WAGER_JACKPOT] ? pool : NULL);
    must(r, round_bet(0, WAGER_ANTE, ante));
    if (bonus51) must(r, round_bet(0, WAGER_BONUS51, bonus51));
    if (jackpot) must(r, round_bet(0, WAGER_JACKPOT, jackpot));
    must(r, round_simple(ACT_DEAL, 0));
    must(r, round_simple(fold ? ACT_FOLD : ACT_PLAY, 0));
    assert_int_equal(r->phase, ROUND_SETTLED);
}

static void test_tiers(void **state) {
    (void)state;
    static round_t r;
    rules_t ru;
    jackpot_pool_t pool;
    /* classic, ante 10.00 and PLAY 20.00 (staked 30.00) against A-K high, which qualifies */
    /* two pair: ante 10.00 + PLAY 2 to 1 = 40.00: 50.00 won, under 10 times 30.00: a WIN */
    play(&r, &ru, &pool, PRESET_CARIBBEAN_CLASSIC, "Kd Ks 7c 7d 2s  Ad Kc 9h 6d 3c", 1000, 0, 0,
         false);
    machine_win_t w = machine_win_of(&r, 0, false);
    assert_int_equal(w.tier, MACHINE_TIER_WIN);
    assert_int_equal(w.win, 5000);
    assert_int_equal(w.staked, 3000);
    assert_string_equal(machine_tier_title(w.tier), "WIN");
    /* four of a kind, 20 to 1: 10.00 + 400.00 = 410.00, 13.7 times the stake: a BIG WIN */
    play(&r, &ru, &pool, PRESET_CARIBBEAN_CLASSIC, "9s 9h 9d 9c 2h  Ad Kc 8h 6d 3c", 1000, 0, 0,
         false);
    w = machine_win_of(&r, 0, false);
    assert_int_equal(w.tier, MACHINE_TIER_BIG);
    assert_int_equal(w.win, 41000);
    assert_string_equal(w.hand, "Four of a Kind");
    assert_string_equal(machine_tier_title(w.tier), "BIG WIN!");
    /* a straight flush, 50 to 1: 1,010.00, 33.7 times the stake (a BIG WIN by the money
     * alone), a MEGA WIN by the hand */
    play(&r, &ru, &pool, PRESET_CARIBBEAN_CLASSIC, "9h 8h 7h 6h 5h  Ad Kc 8s 6d 3c", 1000, 0, 0,
         false);
    w = machine_win_of(&r, 0, false);
    assert_int_equal(w.win, 101000);
    assert_int_equal(w.tier, MACHINE_TIER_MEGA);
    assert_string_equal(w.hand, "Straight Flush");
    /* the royal, 100 to 1: 2,010.00, a MEGA WIN; not the same word as the two pair's */
    play(&r, &ru, &pool, PRESET_CARIBBEAN_CLASSIC, "As Ks Qs Js Ts  Ad Kc 9h 6d 2c", 1000, 0, 0,
         false);
    w = machine_win_of(&r, 0, false);
    assert_int_equal(w.tier, MACHINE_TIER_MEGA);
    assert_int_equal(w.win, 201000);
    assert_string_equal(w.hand, "Royal Flush");
    assert_string_equal(machine_tier_title(w.tier), "MEGA WIN!");
    /* the same royal against a dealer who does not qualify (K-Q high): the ante pays 1 to 1,
     * 10.00, PLAY is returned: a WIN, as the money says */
    play(&r, &ru, &pool, PRESET_CARIBBEAN_CLASSIC, "As Ks Qs Js Ts  Kd Qc 9h 6d 2c", 1000, 0, 0,
         false);
    w = machine_win_of(&r, 0, false);
    assert_int_equal(w.win, 1000);
    assert_int_equal(w.tier, MACHINE_TIER_WIN);
    /* a lost hand: nothing */
    play(&r, &ru, &pool, PRESET_CARIBBEAN_CLASSIC, "2s 7h 9d Jc 4s  Ad Kc 9h 6d 2c", 1000, 0, 0,
         false);
    assert_int_equal(machine_win_of(&r, 0, false).tier, MACHINE_TIER_NONE);
    /* live, four nines folded with the 5+1 BONUS (5.00) and the JACKPOT (1.00): the main game
     * wins nothing; the round wins 5+1 four of a kind 100 to 1 (500.00) and the JACKPOT's
     * fixed 250.00: 750.00 on 16.00, a BIG WIN by the four of a kind */
    play(&r, &ru, &pool, PRESET_CARIBBEAN_LIVE, "9s 9h 9d 9c 4s  4h Js 8h 6d 2c", 1000, 500, 100,
         true);
    assert_int_equal(machine_win_of(&r, 0, true).tier, MACHINE_TIER_NONE);
    w = machine_win_of(&r, 0, false);
    assert_int_equal(w.win, 75000);
    assert_int_equal(w.staked, 1600);
    assert_int_equal(w.tier, MACHINE_TIER_BIG);
    /* live, a royal with the JACKPOT on: the top prize, the jackpot's tier; the main game's
     * own verdict a MEGA WIN */
    play(&r, &ru, &pool, PRESET_CARIBBEAN_LIVE, "As Ks Qs Js Ts  Ad Kc 9h 6d 2c", 1000, 0, 100,
         false);
    assert_int_equal(machine_win_of(&r, 0, false).tier, MACHINE_TIER_JACKPOT);
    assert_int_equal(machine_win_of(&r, 0, true).tier, MACHINE_TIER_MEGA);
    assert_string_equal(machine_tier_title(MACHINE_TIER_JACKPOT), "JACKPOT!");
}

/* ---- the session ---- */

static void test_session(void **state) {
    (void)state;
    static game_t g;
    rules_t ru;
    rules_preset(&ru, PRESET_CARIBBEAN_CLASSIC);
    assert_true(game_init(&g, &ru, 100000, 5, NULL));
    char err[128];
    /* a royal (won 2,010.00), a fold (lost the 10.00 ante), A-K-Q-J-9 against the same ranks
     * (the dealer qualifies with ace-king: a tie, both bets pushed) */
    assert_true(game_stack_deck(&g, "As Ks Qs Js Ts  Ad Kc 9h 6d 2c", err, sizeof err));
    assert_true(game_stack_deck(&g, "2s 7h 9d Jc 4s  Ad Kc 9h 6d 2c", err, sizeof err));
    assert_true(game_stack_deck(&g, "As Kd Qc Jh 9s  Ac Kh Qd Js 9c", err, sizeof err));
    static const round_action_type_t decide[3] = {ACT_PLAY, ACT_FOLD, ACT_PLAY};
    for (int k = 0; k < 3; k++) {
        assert_true(game_new_round(&g));
        assert_int_equal(game_act(&g, round_bet(0, WAGER_ANTE, 1000)).refusal, REFUSE_NONE);
        assert_int_equal(game_act(&g, round_simple(ACT_DEAL, 0)).refusal, REFUSE_NONE);
        assert_int_equal(game_act(&g, round_simple(decide[k], 0)).refusal, REFUSE_NONE);
    }
    assert_int_equal(g.session.rounds, 3);
    assert_int_equal(g.session.won, 1);
    assert_int_equal(g.session.lost, 1);
    assert_int_equal(g.session.pushed, 1);
    assert_int_equal(g.session.biggest_win, 201000);
    assert_int_equal(g.session.staked, 3000 + 1000 + 3000);
    assert_int_equal(g.session.returned, 204000 + 0 + 3000);
}

/* ---- the player's own settings ---- */

static cfg_t *config(int volume, bool voice, bool hint) {
    static cfg_t c;
    cfg_defaults(&c, PRESET_CARIBBEAN_CLASSIC);
    c.sound.volume = volume;
    c.sound.voice = voice;
    c.hint.show = hint;
    return &c;
}

static void open_on(machine_t *m, const cfg_t *c, const char *db, const char *player) {
    char err[STORE_MSG_LEN + 1100], msg[2000];
    assert_true(machine_open(m, c, 100000, 7, db, err, sizeof err));
    if (!machine_player_open(m, player, msg, sizeof msg)) fail_msg("player: %s", msg);
}

static void test_player_bounds(void **state) {
    (void)state;
    static machine_t m;
    /* no settings of the player's (a cabinet): the operator's */
    char err[STORE_MSG_LEN + 1100], msg[400];
    assert_true(machine_open(&m, config(60, true, true), 0, 7, NULL, err, sizeof err));
    assert_int_equal(machine_volume(&m), 60);
    assert_true(machine_voice(&m));
    assert_true(machine_hint(&m));
    machine_close(&m);
    /* a desktop player: the operator's to start with, then their own within them */
    open_on(&m, config(60, true, true), NULL, NULL);
    assert_int_equal(machine_volume(&m), 60);
    assert_true(machine_player_set_volume(&m, 90, msg, sizeof msg));
    assert_int_equal(machine_volume(&m), 60); /* never above the operator's */
    assert_true(machine_player_set_volume(&m, 30, msg, sizeof msg));
    assert_int_equal(machine_volume(&m), 30);
    assert_true(machine_player_set_voice(&m, false, msg, sizeof msg));
    assert_false(machine_voice(&m));
    assert_true(machine_player_set_hint(&m, false, msg, sizeof msg));
    assert_false(machine_hint(&m));
    /* the operator lowers the volume under the player's and turns the voice off: both hold */
    m.cfg.sound.volume = 20;
    assert_int_equal(machine_volume(&m), 20);
    assert_true(machine_player_set_voice(&m, true, msg, sizeof msg));
    m.cfg.sound.voice = false;
    assert_false(machine_voice(&m));
    machine_close(&m);
    /* an operator without the voice and the hint: a player cannot turn them on */
    open_on(&m, config(80, false, false), NULL, NULL);
    assert_true(machine_player_set_voice(&m, true, msg, sizeof msg));
    assert_true(machine_player_set_hint(&m, true, msg, sizeof msg));
    assert_false(machine_voice(&m));
    assert_false(machine_hint(&m));
    assert_false(machine_voice_allowed(&m));
    assert_int_equal(machine_volume_most(&m), 80);
    machine_close(&m);
}

static void test_player_kept(void **state) {
    (void)state;
    char dir[] = "/tmp/test_moments.XXXXXX", path[128], db[128], msg[2000], err[2000];
    assert_non_null(mkdtemp(dir));
    snprintf(path, sizeof path, "%s/studpoker-player.ini", dir);
    snprintf(db, sizeof db, "%s/studpoker.db", dir);
    static machine_t m;
    /* on a desktop machine with credits on it (its free credits): the operator's settings are
     * refused, the player's own are taken and kept */
    open_on(&m, config(70, true, true), db, path);
    assert_true(m.game.credits > 0);
    assert_false(machine_setting_set(&m, "sound", "volume", "40", err, sizeof err));
    assert_true(machine_player_set_volume(&m, 40, msg, sizeof msg));
    assert_true(machine_player_set_voice(&m, false, msg, sizeof msg));
    machine_close(&m);
    /* the next start finds them; the file is a config file of the player's keys */
    open_on(&m, config(70, true, true), db, path);
    assert_int_equal(machine_volume(&m), 40);
    assert_false(machine_voice(&m));
    assert_true(machine_hint(&m));
    machine_close(&m);
    static cfg_t read;
    cfg_errors_t *errs = malloc(sizeof *errs);
    assert_int_equal(cfg_load_file(path, &read, errs), 0);
    free(errs);
    assert_int_equal(read.sound.volume, 40);
    assert_false(read.sound.voice);
    /* a broken file (a volume out of the key's range): left aside with a message naming the
     * key, the operator's values used */
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs("[sound]\nvolume = 150\n", f);
    fclose(f);
    assert_true(machine_open(&m, config(70, true, true), 0, 7, NULL, err, sizeof err));
    assert_false(machine_player_open(&m, path, msg, sizeof msg));
    assert_non_null(strstr(msg, "sound.volume"));
    assert_int_equal(machine_volume(&m), 70);
    assert_true(machine_voice(&m));
    machine_close(&m);
    /* no file yet: the operator's values, and no complaint */
    remove(path);
    open_on(&m, config(70, true, true), NULL, path);
    assert_int_equal(machine_volume(&m), 70);
    machine_close(&m);
    char cmd[200];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    assert_int_equal(system(cmd), 0);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_chip_stack_by_hand),
        cmocka_unit_test(test_chip_stack_every_amount),
        cmocka_unit_test(test_tiers),
        cmocka_unit_test(test_session),
        cmocka_unit_test(test_player_bounds),
        cmocka_unit_test(test_player_kept),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
