/* The store: a round written and read back, recovery after a crash at every action of a scripted
 * round of every preset, money that balances over thousands of random rounds. Corrupted and
 * tampered databases refused and a full disk mid-round are in test_store_faults.c; hand-pay
 * locks, recall and the rest of the store's life in test_store_cabinet.c. Every test works in
 * its own temporary directory (tests/store_fixture.h). */
#define _POSIX_C_SOURCE 200809L
#include "store_fixture.h"

/* ---- a round written and read back ---- */

static void test_round_written_and_read_back(void **state) {
    fixture_t *f = *state;
    store_t *s = open_ok(f->path, NULL);
    assert_int_equal(store_state(s), STORE_READY);

    rules_t ru;
    rules_preset(&ru, PRESET_CARIBBEAN_LIVE);
    must(store_credit_in(s, 0, STORE_IN_BILL, 100000, NULL), s);
    assert_int_equal(credits(s, 0), 100000);

    deck_t d;
    /* player: trips of nines; dealer A-K high qualifies and loses */
    stack_deck(&d, "9s 9h 9d 2c 5h  Ac Kd 3s 4d 8c", false);
    static round_t r;
    jackpot_pool_t pool;
    int64_t game = begin(s, &ru, &r, &pool, &d, 1, NULL);
    assert_int_equal(game, 1);
    assert_int_equal(store_state(s), STORE_IN_PLAY);
    act(s, &r, round_bet(0, WAGER_ANTE, 1000));
    act(s, &r, round_bet(0, WAGER_BONUS51, 500));
    act(s, &r, round_bet(0, WAGER_JACKPOT, 100));
    /* a refused action is not recorded */
    round_action_t bad = round_simple(ACT_PLAY, 0);
    round_status_t why;
    assert_int_equal(store_round_action(s, &bad, &why), STORE_REFUSED);
    assert_int_equal(why.refusal, REFUSE_NOT_NOW);
    act(s, &r, round_simple(ACT_DEAL, 0));
    act(s, &r, round_simple(ACT_PLAY, 0));
    assert_int_equal(r.phase, ROUND_SETTLED);
    assert_int_equal(store_round_action_count(s), 5);
    must(store_round_finish(s, &r), s);
    assert_int_equal(store_state(s), STORE_READY);
    assert_int_equal(credits(s, 0), r.seat[0].credits);

    /* ante 1:1, PLAY at 3:1 (trips), 5+1 at 7:1, jackpot trips 3.00 */
    assert_int_equal(r.seat[0].returned[WAGER_ANTE], 2000);
    assert_int_equal(r.seat[0].returned[WAGER_PLAY], 2000 * 4);
    assert_int_equal(r.seat[0].returned[WAGER_BONUS51], 500 * 8);
    assert_int_equal(meter(s, "wagered.ante"), 1000);
    assert_int_equal(meter(s, "wagered.play"), 2000);
    assert_int_equal(meter(s, "won.play"), 8000);
    assert_int_equal(meter(s, "wagered.jackpot"), 100);
    assert_int_equal(meter(s, "games_played"), 1);
    assert_int_equal(meter(s, "games_won"), 1);
    assert_int_equal(meter(s, "bill_in"), 100000);
    assert_int_equal(meter(s, "progressive_contributed"), 100 * (4500 + 500));
    store_close(s);

    /* read back after a reopen */
    s = open_ok(f->path, NULL);
    assert_int_equal(store_history_count(s), 1);
    store_round_record_t *rec = calloc(1, sizeof *rec);
    int n;
    must(store_history(s, 10, 0, rec, &n), s);
    assert_int_equal(n, 1);
    assert_int_equal(rec->game, 1);
    assert_false(rec->is_void);
    assert_string_equal(rec->preset, "caribbean-live");
    assert_int_equal(rec->deck.count, d.count);
    assert_memory_equal(rec->deck.cards, d.cards, (size_t)d.count);
    assert_int_equal(rec->nactions, 5);
    assert_int_equal(rec->actions[1].type, ACT_BET);
    assert_int_equal(rec->actions[1].wager, WAGER_BONUS51);
    assert_int_equal(rec->actions[1].amount, 500);
    assert_int_equal(rec->actions[4].type, ACT_PLAY);
    assert_int_equal(rec->seat[0].credits_before, 100000);
    assert_int_equal(rec->seat[0].credits_after, r.seat[0].credits);
    assert_memory_equal(rec->seat[0].cards, r.seat[0].cards, 5);
    assert_memory_equal(rec->dealer, r.dealer, 5);
    for (int w = 0; w < WAGER_COUNT; w++) {
        assert_int_equal(rec->seat[0].stake[w], r.seat[0].stake[w]);
        assert_int_equal(rec->seat[0].returned[w], r.seat[0].returned[w]);
        assert_int_equal(rec->seat[0].outcome[w], r.seat[0].outcome[w]);
    }
    assert_true(rec->has_pool);
    assert_memory_equal(&rec->pool_after, &pool, sizeof pool);
    assert_true(rec->finished_utc > 1700000000);
    assert_non_null(strstr(rec->finished_text, "UTC"));
    static round_t replay;
    jackpot_pool_t scratch;
    char err[160];
    assert_int_equal(store_round_replay(rec, &replay, &scratch, err, sizeof err), STORE_OK);
    must(store_verify(s, true), s);

    /* cash out: the credits leave, the meter moves, the machine balances */
    int64_t c = credits(s, 0);
    must(store_credit_out(s, 0, STORE_OUT_CASHOUT, c, NULL), s);
    assert_int_equal(credits(s, 0), 0);
    assert_int_equal(meter(s, "credit_out"), c);
    assert_int_equal(store_credit_out(s, 0, STORE_OUT_CASHOUT, 1, NULL), STORE_REFUSED);
    store_audit_row_t audit[8];
    must(store_audit(s, STORE_AUDIT_CONFIG_CHANGE, "max bet 100.00"), s);
    int na = store_audit_read(s, audit, 8);
    assert_true(na >= 3);
    assert_string_equal(audit[0].event, "config-change");
    assert_string_equal(audit[0].detail, "max bet 100.00");
    free(rec);
    store_close(s);
    assert_int_equal(sql_int(f->path, "SELECT COUNT(*) FROM pragma_journal_mode WHERE "
                                      "journal_mode='wal'"),
                     1);
}

/* ---- recovery at every action of a scripted round, every preset ---- */

typedef struct scripted {
    rules_preset_t preset;
    int nseats;
    int n;
    round_action_t a[16];
} scripted_t;

static scripted_t script_for(rules_preset_t p) {
    scripted_t sc = {.preset = p, .nseats = 1};
#define A(x) sc.a[sc.n++] = (x)
    switch (p) {
    case PRESET_CARIBBEAN_CLASSIC:
        A(round_bet(0, WAGER_ANTE, 500));
        A(round_bet(0, WAGER_ANTE, 500));
        A(round_simple(ACT_UNDO, 0));
        A(round_simple(ACT_DOUBLE, 0));
        A(round_simple(ACT_DEAL, 0));
        A(round_simple(ACT_PLAY, 0));
        break;
    case PRESET_CARIBBEAN_LIVE:
        sc.nseats = 2;
        A(round_bet(0, WAGER_ANTE, 1000));
        A(round_bet(0, WAGER_BONUS51, 500));
        A(round_bet(0, WAGER_JACKPOT, 100));
        A(round_bet(1, WAGER_ANTE, 2500));
        A(round_bet(1, WAGER_JACKPOT, 100));
        A(round_simple(ACT_DEAL, 0));
        A(round_simple(ACT_FOLD, 1));
        A(round_simple(ACT_PLAY, 0));
        break;
    case PRESET_CARIBBEAN_US:
        A(round_bet(0, WAGER_ANTE, 2500));
        A(round_bet(0, WAGER_PROGRESSIVE, 100));
        A(round_simple(ACT_DEAL, 0));
        A(round_simple(ACT_PLAY, 0));
        break;
    case PRESET_CASINO_STUD_UK:
        A(round_simple(ACT_REPEAT, 0));
        A(round_simple(ACT_DOUBLE, 0));
        A(round_simple(ACT_TIMEOUT, 0));
        A(round_simple(ACT_FOLD, 0));
        break;
    case PRESET_CAJUN:
        sc.nseats = 2;
        A(round_bet(0, WAGER_ANTE, 500));
        A(round_bet(0, WAGER_BOARD, 100));
        A(round_bet(0, WAGER_POCKET, 100));
        A(round_bet(1, WAGER_ANTE, 1000));
        A(round_bet(1, WAGER_LOBALL, 100));
        A(round_simple(ACT_DEAL, 0));
        A(round_raise(0, 3));
        A(round_simple(ACT_FOLD, 1));
        A(round_raise(0, 1));
        A(round_raise(0, 2));
        break;
    case PRESET_ASIAN:
        A(round_bet(0, WAGER_ANTE, 1000));
        A(round_bet(0, WAGER_ASIAN_BONUS, 200));
        A(round_simple(ACT_DEAL, 0));
        A(round_simple(ACT_PLAY, 0));
        break;
    default:
        break;
    }
#undef A
    return sc;
}

/* In a child: a round begun and k actions committed, then the process dies without closing. */
static void crash_after(const char *path, const rules_t *ru, const deck_t *d, const scripted_t *sc,
                        const int64_t *last, int k) {
    fflush(NULL);
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        store_t *s = NULL;
        char err[STORE_MSG_LEN];
        if (open_with(path, NULL, &s, err, sizeof err) != STORE_OK) _exit(10);
        round_t *r = calloc(1, sizeof *r);
        jackpot_pool_t pool;
        int64_t cr[RULES_MAX_SEATS];
        for (int i = 0; i < sc->nseats; i++)
            if (store_credits(s, i, &cr[i]) != STORE_OK) _exit(11);
        bool has_pool = store_pool_key(ru) != NULL;
        if (has_pool && store_pool_for_rules(s, ru, &pool) != STORE_OK) _exit(12);
        if (!round_init(r, ru, d, sc->nseats, cr, last, has_pool ? &pool : NULL, err, sizeof err))
            _exit(13);
        int64_t game;
        if (store_round_begin(s, r, &game) != STORE_OK) _exit(14);
        for (int i = 0; i < k; i++)
            if (store_round_action(s, &sc->a[i], NULL) != STORE_OK) _exit(15);
        _exit(0); /* no close, no checkpoint: as if the power went */
    }
    int status;
    assert_int_equal(waitpid(pid, &status, 0), pid);
    assert_true(WIFEXITED(status));
    assert_int_equal(WEXITSTATUS(status), 0);
}

static void test_recovery_at_every_action(void **state) {
    fixture_t *f = *state;
    static round_t ref, rec_round;
    int cases = 0;
    for (int p = 0; p < PRESET_COUNT; p++) {
        rules_t ru;
        rules_preset(&ru, (rules_preset_t)p);
        ru.seats = 2;
        scripted_t sc = script_for((rules_preset_t)p);
        int64_t last[RULES_MAX_SEATS * WAGER_COUNT] = {0};
        last[WAGER_ANTE] = 1000; /* REPEAT's bets */
        for (int k = 0; k <= sc.n; k++) {
            char path[256];
            snprintf(path, sizeof path, "%s/recover-%d-%d.db", f->dir, p, k);
            store_t *s = open_ok(path, NULL);
            for (int seat = 0; seat < sc.nseats; seat++)
                must(store_credit_in(s, seat, STORE_IN_COIN, 500000, NULL), s);
            store_close(s);
            deck_t d;
            shuffled(&d, &ru, 77 + (uint64_t)p);
            crash_after(path, &ru, &d, &sc, last, k);

            /* what the round looked like after k actions */
            jackpot_pool_t ref_pool, pool;
            if (ru.offered[WAGER_JACKPOT])
                jackpot_init(&ref_pool, ru.jackpot_seed);
            else
                jackpot_init(&ref_pool, ru.progressive_reset);
            int64_t cr[2] = {500000, 500000};
            char err[160];
            assert_true(round_init(&ref, &ru, &d, sc.nseats, cr, last,
                                   store_pool_key(&ru) ? &ref_pool : NULL, err, sizeof err));
            for (int i = 0; i < k; i++) assert_int_equal(round_apply(&ref, &sc.a[i]).refusal, 0);

            s = open_ok(path, NULL);
            assert_int_equal(store_state(s), STORE_IN_PLAY);
            assert_int_equal(store_game_in_play(s), 1);
            bool resumed;
            must(store_recover(s, &ru, &rec_round, &pool, &resumed), s);
            assert_true(resumed);
            same_seats(&rec_round, &ref);
            /* and it goes on to the end from there */
            for (int i = k; i < sc.n; i++) {
                act(s, &rec_round, sc.a[i]);
                round_apply(&ref, &sc.a[i]);
            }
            assert_int_equal(rec_round.phase, ROUND_SETTLED);
            same_seats(&rec_round, &ref);
            must(store_round_finish(s, &rec_round), s);
            for (int seat = 0; seat < sc.nseats; seat++)
                assert_int_equal(credits(s, seat), ref.seat[seat].credits);
            store_round_record_t *rec = calloc(1, sizeof *rec);
            int n;
            must(store_history(s, 1, 0, rec, &n), s);
            assert_int_equal(n, 1);
            assert_int_equal(rec->nactions, sc.n);
            assert_memory_equal(rec->deck.cards, d.cards, (size_t)d.count);
            for (int seat = 0; seat < sc.nseats; seat++)
                for (int w = 0; w < WAGER_COUNT; w++) {
                    assert_int_equal(rec->seat[seat].stake[w], ref.seat[seat].stake[w]);
                    assert_int_equal(rec->seat[seat].returned[w], ref.seat[seat].returned[w]);
                }
            if (rec->has_pool) assert_memory_equal(&rec->pool_after, &ref_pool, sizeof ref_pool);
            free(rec);
            must(store_verify(s, true), s);
            assert_int_equal(store_history_count(s), 1); /* dealt once */
            store_close(s);
            cases++;
        }
    }
    printf("# recovered %d crashes (every action index of every preset)\n", cases);
}

/* ---- money over thousands of random rounds ---- */

typedef struct tally {
    int64_t in, out, wagered, won, handpaid;
} tally_t;

static void random_round_store(store_t *s, round_t *r, rng_t *g, bool *voided) {
    const rules_t *ru = r->rules;
    static const int64_t chips[] = {25, 100, 500, 1000, 2500, 10000};
    *voided = false;
#define DO(act)                                                                                    \
    do {                                                                                           \
        round_action_t a_ = (act);                                                                 \
        round_status_t why_;                                                                       \
        store_status_t st_ = store_round_action(s, &a_, &why_);                                    \
        if (st_ == STORE_FAULT) fail_msg("store: %s", store_message(s));                           \
        round_status_t rs_ = round_apply(r, &a_);                                                  \
        assert_int_equal(st_ == STORE_OK, rs_.refusal == REFUSE_NONE);                             \
    } while (0)
    int bets = 1 + (int)rng_uniform(g, 12);
    for (int i = 0; i < bets; i++) {
        int seat = (int)rng_uniform(g, (uint32_t)r->nseats);
        wager_t w = rng_uniform(g, 3) ? WAGER_ANTE : (wager_t)(WAGER_BONUS51 + rng_uniform(g, 7));
        int kind = (int)rng_uniform(g, 20);
        if (kind == 0)
            DO(round_simple(ACT_UNDO, seat));
        else if (kind == 1)
            DO(round_simple(ACT_DOUBLE, seat));
        else if (kind == 2)
            DO(round_simple(ACT_REPEAT, seat));
        else if (kind == 3)
            DO(round_simple(ACT_CLEAR, seat));
        else
            DO(round_bet(seat, w, chips[rng_uniform(g, 6)]));
    }
    if (rng_uniform(g, 300) == 0) { /* a fault during betting */
        *voided = true;
        return;
    }
    DO(round_simple(rng_uniform(g, 10) ? ACT_DEAL : ACT_TIMEOUT, 0));
    if (r->phase == ROUND_BETTING) {
        for (int seat = 0; seat < r->nseats; seat++) DO(round_simple(ACT_CLEAR, seat));
        DO(round_bet(0, WAGER_ANTE, ru->bet_min[WAGER_ANTE]));
        DO(round_simple(ACT_DEAL, 0));
    }
    for (int guard = 0; r->phase == ROUND_DECIDING && guard < 200; guard++) {
        if (rng_uniform(g, 300) == 0) { /* a fault mid-round */
            *voided = true;
            return;
        }
        if (rng_uniform(g, 40) == 0) {
            DO(round_simple(ACT_TIMEOUT, 0));
            continue;
        }
        int seat = (int)rng_uniform(g, (uint32_t)r->nseats);
        for (int k = 0; k < r->nseats && rng_uniform(g, 8) && !round_seat_can_decide(r, seat); k++)
            seat = (seat + 1) % r->nseats;
        if (rng_uniform(g, 4) == 0)
            DO(round_simple(ACT_FOLD, seat));
        else
            DO(round_raise(seat, 1 + (int)rng_uniform(g, 3)));
    }
#undef DO
}

static void run_money(const char *path, rules_preset_t preset, int rounds, uint64_t seed) {
    rules_t ru;
    rules_preset(&ru, preset);
    ru.seats = 7;
    ru.handpay_threshold = 200000; /* hand pays happen now and then */
    store_t *s = open_ok(path, &FAST);
    rng_t g;
    rng_init_seed_u64(&g, seed);
    tally_t t = {0};
    static round_t r;
    int voids = 0, handpays = 0;
    int64_t jackpot_paid = 0;
    for (int k = 0; k < rounds; k++) {
        int nseats = 1 + (int)rng_uniform(&g, 7);
        for (int seat = 0; seat < nseats; seat++) {
            int64_t c = credits(s, seat);
            if (c < 200000) {
                must(store_credit_in(s, seat, STORE_IN_COIN, 500000, NULL), s);
                t.in += 500000;
            } else if (rng_uniform(&g, 20) == 0) {
                must(store_credit_out(s, seat, STORE_OUT_CASHOUT, c / 2, NULL), s);
                t.out += c / 2;
            }
        }
        int64_t last[RULES_MAX_SEATS * WAGER_COUNT];
        must(store_last_stakes(s, last), s);
        deck_t d;
        ru.variant == VARIANT_ASIAN ? deck_init53(&d) : deck_init52(&d);
        deck_shuffle(&d, &g);
        jackpot_pool_t pool = {0};
        int64_t before[RULES_MAX_SEATS];
        for (int seat = 0; seat < nseats; seat++) before[seat] = credits(s, seat);
        begin(s, &ru, &r, &pool, &d, nseats, last);
        bool voided;
        random_round_store(s, &r, &g, &voided);
        if (voided || r.phase != ROUND_SETTLED) {
            must(store_round_void(s, "test fault"), s);
            voids++;
            for (int seat = 0; seat < nseats; seat++)
                assert_int_equal(credits(s, seat), before[seat]);
        } else {
            must(store_round_finish(s, &r), s);
            for (int seat = 0; seat < nseats; seat++) {
                t.wagered += round_seat_staked(&r, seat);
                t.won += round_seat_returned(&r, seat);
                assert_int_equal(credits(s, seat), r.seat[seat].credits);
            }
        }
        /* hand pays and faults wait for an attendant */
        store_lock_t locks[8];
        int nl = store_locks(s, locks, 8);
        for (int i = 0; i < nl; i++) {
            store_clear_t how = locks[i].kind == STORE_LOCK_FAULT ? STORE_CLEAR_FAULT
                                : (k & 1)                         ? STORE_CLEAR_PAID_BY_HAND
                                                                  : STORE_CLEAR_TO_CREDITS;
            if (locks[i].kind == STORE_LOCK_HANDPAY) handpays++;
            if (how == STORE_CLEAR_PAID_BY_HAND) t.handpaid += locks[i].amount;
            assert_int_equal(store_state(s), STORE_LOCKED);
            must(store_lock_clear(s, locks[i].id, how, "test attendant"), s);
        }
        assert_int_equal(store_state(s), STORE_READY);
    }
    jackpot_paid = meter(s, "progressive_won");
    /* the machine: credits = in - out - wagered + won - hand-paid, in the meters and in the test */
    int64_t sum = 0;
    for (int seat = 0; seat < RULES_MAX_SEATS; seat++) sum += credits(s, seat);
    assert_int_equal(sum, t.in - t.out - t.wagered + t.won - t.handpaid);
    store_meter_value_t m[128];
    int nm = store_meters(s, m, 128);
    int64_t wagered = 0, won = 0;
    for (int i = 0; i < nm; i++) {
        if (strncmp(m[i].name, "wagered.", 8) == 0) wagered += m[i].value;
        if (strncmp(m[i].name, "won.", 4) == 0) won += m[i].value;
    }
    assert_int_equal(wagered, t.wagered);
    assert_int_equal(won, t.won);
    assert_int_equal(meter(s, "coin_in"), t.in);
    assert_int_equal(meter(s, "credit_out"), t.out);
    assert_int_equal(meter(s, "attendant_jackpots"), t.handpaid);
    assert_int_equal(meter(s, "games_voided"), voids);
    must(store_verify(s, true), s);
    store_close(s);
    /* and the same holds after a restart */
    s = open_ok(path, &FAST);
    assert_int_equal(store_state(s), STORE_READY);
    store_close(s);
    printf("# %s: %d rounds through the store, %d void, %d hand pays, wagered %lld won %lld, "
           "jackpot paid %lld\n",
           rules_preset_key(preset), rounds, voids, handpays, (long long)t.wagered,
           (long long)t.won, (long long)jackpot_paid);
}

static void test_money_balances_over_random_rounds(void **state) {
    fixture_t *f = *state;
    for (int p = 0; p < PRESET_COUNT; p++) {
        char path[256];
        snprintf(path, sizeof path, "%s/money-%d.db", f->dir, p);
        run_money(path, (rules_preset_t)p, 500, 9000 + (uint64_t)p);
    }
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_round_written_and_read_back, setup, teardown),
        cmocka_unit_test_setup_teardown(test_recovery_at_every_action, setup, teardown),
        cmocka_unit_test_setup_teardown(test_money_balances_over_random_rounds, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
