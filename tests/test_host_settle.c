/* A shared table's settlement of one player (host_settle_player), from the records the controller
 * keeps: the bets, the decisions with the raise each sent, the replay deck. A raise whose amount is
 * not the one the bets make (a terminal that lost its records of the round, or one that cheats)
 * is played as a fold with that raise returned whole: the player gains nothing by it, nothing is
 * kept that was not staked, and the table settles everyone else as ever (before, one such record
 * stopped the table's settlement of the round for every player).
 *
 * The hand is table_lobby.sh's: the player's flush (2h 7h 9h Jh 4h) against the dealer's pair of
 * kings (Kd Kc 9s 6d 2c), which qualifies; the classic pay table pays a flush 5 to 1 on PLAY, the
 * ANTE 1 to 1: a 5.00 ANTE and 10.00 PLAY get 70.00 back. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <string.h>

#include "host_internal.h"

/* The replay deck: the player's five, the dealer's five, then every other card in order. */
static void replay_deck(lt_player_t *p) {
    static const char *const top = "2h 7h 9h Jh 4h Kd Kc 9s 6d 2c";
    snprintf(p->deck, sizeof p->deck, "%s", top);
    char err[64];
    card_t used[10];
    assert_int_equal(card_parse_list(top, used, 10, err, sizeof err), 10);
    for (int c = 0; c < 52; c++) {
        bool in = false;
        for (int i = 0; i < 10; i++) in = in || used[i] == (card_t)c;
        if (in) continue;
        char t[3];
        size_t n = strlen(p->deck);
        snprintf(p->deck + n, sizeof p->deck - n, " %s", card_format((card_t)c, t));
    }
}

static void player(lt_player_t *p, int64_t play_amount) {
    memset(p, 0, sizeof *p);
    snprintf(p->machine, sizeof p->machine, "p1");
    p->n = WAGER_COUNT;
    p->amounts[WAGER_ANTE] = 500;
    p->staked = 500;
    p->raised = play_amount;
    snprintf(p->decisions, sizeof p->decisions, "0:play:1:%lld", (long long)play_amount);
    replay_deck(p);
}

static void settle(int64_t play_amount, lt_settle_t *out) {
    rules_t r;
    rules_preset(&r, PRESET_CARIBBEAN_CLASSIC);
    lt_player_t p;
    player(&p, play_amount);
    host_linked_t linked;
    char why[LT_TEXT_LEN] = "";
    memset(out, 0, sizeof *out);
    bool ok = host_settle_player(&r, &p, out, &linked, why, sizeof why);
    if (!ok) fprintf(stderr, "refused: %s\n", why);
    assert_true(ok);
}

static void test_play_as_sent(void **state) {
    (void)state;
    lt_settle_t s;
    settle(1000, &s);
    assert_int_equal(s.staked, 1500);
    assert_int_equal(s.returned[WAGER_ANTE], 1000); /* 1 to 1 */
    assert_int_equal(s.returned[WAGER_PLAY], 6000); /* 5 to 1 */
    assert_int_equal(s.total, 7000);
}

static void test_raise_too_small(void **state) {
    (void)state;
    lt_settle_t s;
    settle(1, &s); /* one cent for a PLAY of 10.00 */
    assert_int_equal(s.staked, 501);
    assert_int_equal(s.returned[WAGER_ANTE], 0); /* folded: the ANTE lost */
    assert_int_equal(s.returned[WAGER_PLAY], 1);
    assert_int_equal(s.total, 1);
    assert_non_null(strstr(s.verdict, "FOLDED"));
}

static void test_raise_too_large(void **state) {
    (void)state;
    lt_settle_t s;
    settle(2000, &s); /* a PLAY of 20.00 on a 5.00 ANTE: not the game's */
    assert_int_equal(s.staked, 2500);
    assert_int_equal(s.returned[WAGER_ANTE], 0);
    assert_int_equal(s.returned[WAGER_PLAY], 2000);
    assert_int_equal(s.total, 2000);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_play_as_sent),
        cmocka_unit_test(test_raise_too_small),
        cmocka_unit_test(test_raise_too_large),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
