/* The store: a round written and read back, recovery after a crash at every action of a scripted
 * round of every preset, money that balances over thousands of random rounds, corrupted and
 * tampered databases refused, a full disk mid-round, hand-pay locks, recall. Every test works in
 * its own temporary directory. */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <fcntl.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "rng.h"
#include "round.h"
#include "store.h"

/* ---- helpers ---- */

typedef struct fixture {
    char dir[128];
    char path[192];
} fixture_t;

static int setup(void **state) {
    fixture_t *f = calloc(1, sizeof *f);
    snprintf(f->dir, sizeof f->dir, "/tmp/test_store.XXXXXX");
    if (!mkdtemp(f->dir)) return -1;
    snprintf(f->path, sizeof f->path, "%s/machine.db", f->dir);
    *state = f;
    return 0;
}

static int teardown(void **state) {
    fixture_t *f = *state;
    char cmd[256];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", f->dir);
    if (system(cmd) != 0) return -1;
    free(f);
    return 0;
}

/* The tests' machine key (a machine makes its own at its first start: store_key_load). */
static const uint8_t TEST_KEY[STORE_KEY_BYTES] = {7, 7, 7, 7, 42};
static const store_options_t FAST = {.machine_key = TEST_KEY, .unsafe_no_sync = true};

/* Opens with the tests' key unless the options name another. */
static store_status_t open_with(const char *path, const store_options_t *o, store_t **s, char *err,
                                size_t errlen) {
    store_options_t k = {0};
    if (o) k = *o;
    if (!k.machine_key) k.machine_key = TEST_KEY;
    return store_open_ex(path, &k, s, err, errlen);
}

static store_t *open_ok(const char *path, const store_options_t *o) {
    store_t *s = NULL;
    char err[STORE_MSG_LEN];
    store_status_t st = open_with(path, o, &s, err, sizeof err);
    if (st != STORE_OK) fail_msg("open %s: %s", path, err);
    return s;
}

/* Opens a database that must be refused; returns the message. */
static void open_fault(const char *path, char *msg, size_t cap) {
    store_t *s = NULL;
    char err[STORE_MSG_LEN];
    store_status_t st = store_open_ex(path, &FAST, &s, err, sizeof err);
    assert_int_equal(st, STORE_FAULT);
    assert_non_null(s);
    assert_int_equal(store_state(s), STORE_FAULTED);
    assert_string_equal(store_message(s), err);
    /* nothing can be played on it */
    int64_t game;
    round_t *r = calloc(1, sizeof *r);
    rules_t ru;
    rules_preset(&ru, PRESET_CARIBBEAN_CLASSIC);
    deck_t d;
    deck_init52(&d);
    int64_t credits[1] = {0};
    assert_true(round_init(r, &ru, &d, 1, credits, NULL, NULL, err, sizeof err));
    assert_int_not_equal(store_round_begin(s, r, &game), STORE_OK);
    assert_int_not_equal(store_credit_in(s, 0, STORE_IN_COIN, 100, NULL), STORE_OK);
    free(r);
    snprintf(msg, cap, "%s", store_message(s));
    store_close(s);
}

static void must(store_status_t st, store_t *s) {
    if (st != STORE_OK) fail_msg("store: %s", store_message(s));
}

static void sql_exec(const char *path, const char *sql) {
    sqlite3 *db;
    assert_int_equal(sqlite3_open(path, &db), SQLITE_OK);
    char *err = NULL;
    if (sqlite3_exec(db, sql, NULL, NULL, &err) != SQLITE_OK) fail_msg("sql '%s': %s", sql, err);
    sqlite3_close(db);
}

static int64_t sql_int(const char *path, const char *sql) {
    sqlite3 *db;
    sqlite3_stmt *st;
    assert_int_equal(sqlite3_open(path, &db), SQLITE_OK);
    assert_int_equal(sqlite3_prepare_v2(db, sql, -1, &st, NULL), SQLITE_OK);
    int64_t v = sqlite3_step(st) == SQLITE_ROW ? sqlite3_column_int64(st, 0) : -1;
    sqlite3_finalize(st);
    sqlite3_close(db);
    return v;
}

static uint64_t file_digest(const char *path) {
    FILE *fp = fopen(path, "rb");
    assert_non_null(fp);
    uint64_t h = 1469598103934665603ull;
    int c;
    while ((c = fgetc(fp)) != EOF) h = (h ^ (uint64_t)c) * 1099511628211ull;
    fclose(fp);
    return h;
}

static void copy_file(const char *from, const char *to) {
    char cmd[1024];
    snprintf(cmd, sizeof cmd, "cp '%s' '%s'", from, to);
    assert_int_equal(system(cmd), 0);
}

static int64_t meter(store_t *s, const char *name) {
    int64_t v;
    must(store_meter(s, name, &v), s);
    return v;
}

static int64_t credits(store_t *s, int seat) {
    int64_t v;
    must(store_credits(s, seat, &v), s);
    return v;
}

/* A new round on the store: credits from the store, the pool from the store, REPEAT's bets. */
static int64_t begin(store_t *s, const rules_t *ru, round_t *r, jackpot_pool_t *pool,
                     const deck_t *d, int nseats, const int64_t *last) {
    int64_t cr[RULES_MAX_SEATS];
    for (int i = 0; i < nseats; i++) cr[i] = credits(s, i);
    bool has_pool = store_pool_key(ru) != NULL;
    if (has_pool) must(store_pool_for_rules(s, ru, pool), s);
    char err[160];
    if (!round_init(r, ru, d, nseats, cr, last, has_pool ? pool : NULL, err, sizeof err))
        fail_msg("round_init: %s", err);
    int64_t game;
    must(store_round_begin(s, r, &game), s);
    assert_true(game > 0);
    return game;
}

/* The store first, then the game's own round: both must take it. */
static void act(store_t *s, round_t *r, round_action_t a) {
    round_status_t why;
    store_status_t st = store_round_action(s, &a, &why);
    if (st != STORE_OK) fail_msg("action refused by the store: %s", store_message(s));
    round_status_t rs = round_apply(r, &a);
    if (rs.refusal) fail_msg("action refused by the round: %s", rs.message);
}

static void shuffled(deck_t *d, const rules_t *ru, uint64_t seed) {
    rng_t g;
    rng_init_seed_u64(&g, seed);
    ru->variant == VARIANT_ASIAN ? deck_init53(d) : deck_init52(d);
    deck_shuffle(d, &g);
}

/* A deck whose first cards are `top` and the rest in card order. */
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
}

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

static void same_seats(const round_t *a, const round_t *b) {
    assert_int_equal(a->phase, b->phase);
    assert_int_equal(a->nseats, b->nseats);
    assert_int_equal(a->next_card, b->next_card);
    assert_int_equal(a->board_shown, b->board_shown);
    assert_memory_equal(a->deck.cards, b->deck.cards, (size_t)a->deck.count);
    assert_memory_equal(a->seat, b->seat, sizeof a->seat[0] * (size_t)a->nseats);
    assert_memory_equal(a->dealer, b->dealer, sizeof a->dealer);
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

/* ---- corrupted and tampered databases ---- */

/* A database with some history, closed cleanly (WAL folded into the file). */
static void make_played_db(const char *path, int rounds) {
    store_t *s = open_ok(path, &FAST);
    rules_t ru;
    rules_preset(&ru, PRESET_CARIBBEAN_LIVE);
    must(store_credit_in(s, 0, STORE_IN_COIN, 1000000, NULL), s);
    static round_t r;
    for (int k = 0; k < rounds; k++) {
        deck_t d;
        shuffled(&d, &ru, 500 + (uint64_t)k);
        jackpot_pool_t pool;
        begin(s, &ru, &r, &pool, &d, 1, NULL);
        act(s, &r, round_bet(0, WAGER_ANTE, 1000));
        act(s, &r, round_bet(0, WAGER_JACKPOT, 100));
        act(s, &r, round_simple(ACT_DEAL, 0));
        act(s, &r, round_simple(k % 3 ? ACT_PLAY : ACT_FOLD, 0));
        must(store_round_finish(s, &r), s);
    }
    store_close(s);
}

static void expect_refused(const char *path, const char *needle) {
    uint64_t before = file_digest(path);
    char msg[STORE_MSG_LEN];
    open_fault(path, msg, sizeof msg);
    if (!strstr(msg, needle)) fail_msg("fault message '%s' lacks '%s'", msg, needle);
    /* never repaired, never reset */
    assert_true(file_digest(path) == before);
    open_fault(path, msg, sizeof msg);
}

/* The append-only guard of a table as the store makes it, to put back after an edit. */
#define GUARD(table, what, WHAT)                                                                   \
    "CREATE TRIGGER " table "_no_" what " BEFORE " WHAT " ON " table                               \
    " BEGIN SELECT RAISE(ABORT, '" table " is append-only'); END;"

static void test_tampered_rows_are_refused(void **state) {
    fixture_t *f = *state;
    char clean[256], path[256];
    snprintf(clean, sizeof clean, "%s/clean.db", f->dir);
    snprintf(path, sizeof path, "%s/tampered.db", f->dir);
    make_played_db(clean, 30);

    static const struct {
        const char *sql, *needle;
    } cases[] = {
        /* a meter raised (meters may grow: the trigger lets it through) */
        {"UPDATE meters SET value=value+100 WHERE name='won.ante'", "won.ante"},
        /* credits given */
        {"UPDATE credits SET value=value+10000 WHERE seat=0", "credits"},
        /* a meter and its ledger row raised together, keeping the ledger sum (the guard
         * dropped, then put back as it was, so the schema check cannot be what finds it) */
        {"DROP TRIGGER ledger_no_update; UPDATE ledger SET amount=amount+1 WHERE id=3;"
         "UPDATE meters SET value=value+1 WHERE name=(SELECT meter FROM ledger WHERE id=3);" GUARD(
             "ledger", "update", "UPDATE"),
         "checksum"},
        /* the newest ledger row taken out */
        {"DROP TRIGGER ledger_no_delete; DELETE FROM ledger WHERE id=(SELECT MAX(id) FROM "
         "ledger);" GUARD("ledger", "delete", "DELETE"),
         "off the end"},
        /* a ledger row from the middle taken out */
        {"DROP TRIGGER ledger_no_delete; DELETE FROM ledger WHERE id=5;" GUARD("ledger", "delete",
                                                                               "DELETE"),
         "is missing"},
        /* the newest audit row taken out (a credit or a door opening forgotten) */
        {"DROP TRIGGER audit_no_delete; DELETE FROM audit WHERE id=(SELECT MAX(id) FROM "
         "audit);" GUARD("audit", "delete", "DELETE"),
         "off the end"},
        /* the newest jackpot journal row taken out */
        {"DROP TRIGGER pool_journal_no_delete; DELETE FROM pool_journal WHERE id=(SELECT MAX(id) "
         "FROM pool_journal);" GUARD("pool_journal", "delete", "DELETE"),
         "off the end"},
        /* an old audit row copied over a newer one (a replay of a signed row) */
        {"DROP TRIGGER audit_no_update; UPDATE audit SET (utc, event, game, seat, amount, detail, "
         "mac) = (SELECT utc, event, game, seat, amount, detail, mac FROM audit WHERE id=1) WHERE "
         "id=3;" GUARD("audit", "update", "UPDATE"),
         "audit"},
        /* a guard dropped and left dropped */
        {"DROP TRIGGER audit_no_delete", "structure"},
        {"DROP TRIGGER meters_grow", "structure"},
        {"DROP INDEX ledger_meter", "structure"},
        {"CREATE TABLE extra(x)", "structure"},
        /* a result rewritten in the history */
        {"DROP TRIGGER round_wagers_no_update; UPDATE round_wagers SET returned=returned+500 WHERE "
         "game=2;" GUARD("round_wagers", "update", "UPDATE"),
         "round_wagers"},
        /* the jackpot pool raised */
        {"UPDATE pools SET value=value+1000000", "pool"},
        /* a whole round taken out of the history */
        {"PRAGMA foreign_keys=OFF; DROP TRIGGER round_wagers_no_delete; DROP TRIGGER "
         "round_seats_no_delete; DROP TRIGGER round_end_no_delete; DELETE FROM round_wagers WHERE "
         "game=5; DELETE FROM round_seats WHERE game=5; DELETE FROM round_end WHERE game=5;" GUARD(
             "round_wagers", "delete", "DELETE") GUARD("round_seats", "delete", "DELETE")
             GUARD("round_end", "delete", "DELETE"),
         "Play is stopped"},
        /* the schema from a newer program */
        {"INSERT INTO schema_version VALUES(99, 0, 'future')", "schema version 99"},
        /* the version table gone */
        {"DROP TRIGGER schema_version_no_delete; DROP TABLE schema_version",
         "not a studpoker database"},
        /* the identity changed */
        {"UPDATE meta SET value='00000000000000000000000000000000' WHERE key='db_id'",
         "another machine"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        copy_file(clean, path);
        sql_exec(path, cases[i].sql);
        expect_refused(path, cases[i].needle);
    }

    /* meters cannot be lowered, nor history rows changed, even from another connection */
    copy_file(clean, path);
    sqlite3 *db;
    assert_int_equal(sqlite3_open(path, &db), SQLITE_OK);
    assert_int_not_equal(
        sqlite3_exec(db, "UPDATE meters SET value=0 WHERE name='wagered.ante'", NULL, NULL, NULL),
        SQLITE_OK);
    assert_int_not_equal(sqlite3_exec(db, "DELETE FROM round_end", NULL, NULL, NULL), SQLITE_OK);
    assert_int_not_equal(sqlite3_exec(db, "UPDATE ledger SET amount=1", NULL, NULL, NULL),
                         SQLITE_OK);
    sqlite3_close(db);
    store_t *s = open_ok(path, &FAST);
    store_close(s);

    /* another machine's key */
    uint8_t key[STORE_KEY_BYTES] = {1, 2, 3};
    store_options_t o = {.machine_key = key, .unsafe_no_sync = true};
    char err[STORE_MSG_LEN];
    assert_int_equal(store_open_ex(path, &o, &s, err, sizeof err), STORE_FAULT);
    assert_non_null(strstr(err, "another machine"));
    store_close(s);
}

static void test_damaged_files_are_refused(void **state) {
    fixture_t *f = *state;
    char clean[256], path[256];
    snprintf(clean, sizeof clean, "%s/clean.db", f->dir);
    snprintf(path, sizeof path, "%s/damaged.db", f->dir);
    make_played_db(clean, 40);
    struct stat sb;
    assert_int_equal(stat(clean, &sb), 0);

    /* truncated: to half, to one page, to nothing */
    off_t sizes[] = {sb.st_size / 2, 4096, 0};
    for (size_t i = 0; i < 3; i++) {
        copy_file(clean, path);
        assert_int_equal(truncate(path, sizes[i]), 0);
        char msg[STORE_MSG_LEN];
        open_fault(path, msg, sizeof msg);
        assert_true(strstr(msg, "damaged") || strstr(msg, "empty") || strstr(msg, "missing") ||
                    strstr(msg, "not a studpoker"));
        struct stat after;
        assert_int_equal(stat(path, &after), 0);
        assert_int_equal(after.st_size, sizes[i]); /* nothing created over it */
    }

    /* garbage over a page of each table that holds money or history */
    static const char *const tables[] = {
        "credits",   "meters",       "ledger",      "pools", "round_start",  "round_actions",
        "round_end", "round_wagers", "round_seats", "audit", "sqlite_schema"};
    int hits = 0;
    for (size_t t = 0; t < sizeof tables / sizeof tables[0]; t++) {
        char sql[160];
        snprintf(sql, sizeof sql, "SELECT MAX(pageno) FROM dbstat WHERE name='%s'", tables[t]);
        int64_t page = sql_int(clean, sql);
        assert_true(page >= 1);
        copy_file(clean, path);
        int fd = open(path, O_WRONLY);
        assert_true(fd >= 0);
        uint8_t junk[4096];
        rng_t g;
        rng_init_seed_u64(&g, (uint64_t)t);
        for (size_t i = 0; i < sizeof junk; i++) junk[i] = (uint8_t)rng_u32(&g);
        /* page 1 keeps its first 100 bytes (the file header) */
        off_t at = (off_t)(page - 1) * 4096 + (page == 1 ? 100 : 0);
        size_t len = page == 1 ? sizeof junk - 100 : sizeof junk;
        assert_int_equal(pwrite(fd, junk, len, at), (ssize_t)len);
        close(fd);
        char msg[STORE_MSG_LEN];
        open_fault(path, msg, sizeof msg);
        hits++;
    }
    /* a few bytes changed inside a meter's record (not the page structure) */
    int64_t page = sql_int(clean, "SELECT pageno FROM dbstat WHERE name='meters' LIMIT 1");
    copy_file(clean, path);
    FILE *fp = fopen(path, "r+b");
    assert_non_null(fp);
    static uint8_t buf[4096];
    assert_int_equal(fseek(fp, (long)(page - 1) * 4096, SEEK_SET), 0);
    assert_int_equal(fread(buf, 1, sizeof buf, fp), sizeof buf);
    const char *needle = "wagered.ante";
    uint8_t *hit = NULL;
    for (size_t i = 0; i + strlen(needle) < sizeof buf; i++)
        if (memcmp(buf + i, needle, strlen(needle)) == 0) hit = buf + i;
    assert_non_null(hit);
    hit[strlen(needle) + 1] ^= 0x01; /* the value's first byte, past the name */
    assert_int_equal(fseek(fp, (long)(page - 1) * 4096, SEEK_SET), 0);
    assert_int_equal(fwrite(buf, 1, sizeof buf, fp), sizeof buf);
    fclose(fp);
    char msg[STORE_MSG_LEN];
    open_fault(path, msg, sizeof msg);

    /* not a database at all */
    fp = fopen(path, "wb");
    fputs("this is not a database, it is a shopping list\n", fp);
    fclose(fp);
    open_fault(path, msg, sizeof msg);
    assert_non_null(strstr(msg, "damaged"));
    /* another program's database */
    unlink(path);
    sql_exec(path, "CREATE TABLE t(x); INSERT INTO t VALUES(1)");
    open_fault(path, msg, sizeof msg);
    assert_non_null(strstr(msg, "not a studpoker database"));
    printf("# %d damaged pages refused\n", hits);
}

/* ---- a full disk ---- */

static void test_full_disk_voids_the_round(void **state) {
    fixture_t *f = *state;
    rules_t ru;
    rules_preset(&ru, PRESET_CAJUN);
    int phases[3] = {0}; /* where the write failed: begin, action, finish */
    int voided_now = 0, voided_at_start = 0, resumed = 0;
    static round_t r;
    for (int scenario = 0; scenario < 24; scenario++) {
        char path[256];
        snprintf(path, sizeof path, "%s/full-%d.db", f->dir, scenario);
        make_played_db(path, 3 + scenario);
        bool no_spare = scenario % 3 == 2;
        if (no_spare) sql_exec(path, "DELETE FROM spare; VACUUM");
        store_t *s = open_ok(path, NULL);
        int64_t c0 = credits(s, 0);
        store_close(s);
        store_options_t lim = {.test_page_limit = 1 + scenario % 4};
        s = open_ok(path, &lim);
        int64_t round_start_credits = 0;
        bool failed = false;
        int phase = -1;
        for (int k = 0; k < 500 && !failed; k++) {
            deck_t d;
            shuffled(&d, &ru, 1000 + (uint64_t)k);
            round_start_credits = credits(s, 0);
            int64_t cr[1] = {round_start_credits};
            char err[160];
            assert_true(round_init(&r, &ru, &d, 1, cr, NULL, NULL, err, sizeof err));
            int64_t game;
            if (store_round_begin(s, &r, &game) != STORE_OK) {
                failed = true, phase = 0;
                break;
            }
            round_action_t script[] = {round_bet(0, WAGER_ANTE, 500),
                                       round_bet(0, WAGER_BOARD, 100),
                                       round_simple(ACT_DEAL, 0),
                                       round_raise(0, 2),
                                       round_raise(0, 1),
                                       round_raise(0, 3)};
            for (size_t i = 0; i < 6 && !failed; i++) {
                store_status_t st = store_round_action(s, &script[i], NULL);
                if (st == STORE_FAULT)
                    failed = true, phase = 1;
                else {
                    assert_int_equal(st, STORE_OK);
                    round_apply(&r, &script[i]);
                }
            }
            if (!failed && store_round_finish(s, &r) != STORE_OK) failed = true, phase = 2;
        }
        assert_true(failed);
        assert_non_null(strstr(store_message(s), "disk is full"));
        phases[phase]++;
        if (phase > 0) {
            assert_int_equal(store_state(s), STORE_WRITE_FAILED);
            /* nothing else goes through now */
            assert_int_not_equal(store_credit_in(s, 0, STORE_IN_COIN, 100, NULL), STORE_OK);
            if (store_round_void(s, "the disk is full") == STORE_OK) {
                voided_now++;
                assert_int_equal(store_state(s), STORE_LOCKED);
                assert_int_equal(credits(s, 0), round_start_credits);
            }
        }
        store_close(s);

        /* room again: the round is void (now or at this start) or resumes; nothing lost */
        s = open_ok(path, NULL);
        if (store_game_in_play(s)) {
            resumed++;
            static round_t back;
            jackpot_pool_t pool;
            bool res;
            must(store_recover(s, &ru, &back, &pool, &res), s);
            assert_true(res);
            must(store_round_void(s, "test: voided by the attendant after the fault"), s);
        } else if (phase > 0 && store_state(s) == STORE_LOCKED) {
            store_round_record_t *rec = calloc(1, sizeof *rec);
            int n;
            must(store_history(s, 1, 0, rec, &n), s);
            if (rec->is_void && strstr(rec->void_reason, "start-up")) voided_at_start++;
            free(rec);
        }
        if (phase > 0) {
            store_round_record_t *rec = calloc(1, sizeof *rec);
            int n;
            must(store_history(s, 1, 0, rec, &n), s);
            assert_true(rec->is_void);
            for (int w = 0; w < WAGER_COUNT; w++)
                if (rec->seat[0].stake[w]) {
                    assert_int_equal(rec->seat[0].outcome[w], OUTCOME_REFUND);
                    assert_int_equal(rec->seat[0].returned[w], rec->seat[0].stake[w]);
                }
            free(rec);
            assert_int_equal(credits(s, 0), round_start_credits);
            assert_int_equal(store_state(s), STORE_LOCKED);
            store_lock_t locks[4];
            assert_int_equal(store_locks(s, locks, 4), 1);
            assert_int_equal(locks[0].kind, STORE_LOCK_FAULT);
            must(store_lock_clear(s, locks[0].id, STORE_CLEAR_FAULT, "disk replaced"), s);
        }
        /* the money: what came in and went through the rounds, to the cent */
        int64_t wagered = 0, won = 0;
        store_meter_value_t m[128];
        int nm = store_meters(s, m, 128);
        for (int i = 0; i < nm; i++) {
            if (strncmp(m[i].name, "wagered.", 8) == 0) wagered += m[i].value;
            if (strncmp(m[i].name, "won.", 4) == 0) won += m[i].value;
        }
        assert_int_equal(credits(s, 0), meter(s, "coin_in") - wagered + won);
        assert_true(c0 >= 0);
        must(store_verify(s, true), s);
        store_close(s);
    }
    printf("# full disk: failed at begin %d, action %d, finish %d; voided at once %d, at the next "
           "start %d, resumed and voided %d\n",
           phases[0], phases[1], phases[2], voided_now, voided_at_start, resumed);
    assert_true(phases[1] + phases[2] > 0);
    assert_true(voided_now > 0);
}

/* A void that cannot be written: its marker makes the next start void the round; without even
 * the marker the next start resumes the round at its last recorded action. */
static void test_void_that_cannot_be_written(void **state) {
    fixture_t *f = *state;
    rules_t ru;
    rules_preset(&ru, PRESET_ASIAN);
    for (int marker = 0; marker < 2; marker++) {
        for (int commits = 0; commits < 4; commits++) {
            char path[256];
            snprintf(path, sizeof path, "%s/nowrite-%d-%d.db", f->dir, marker, commits);
            store_t *s = open_ok(path, NULL);
            must(store_credit_in(s, 0, STORE_IN_COIN, 100000, NULL), s);
            store_close(s);
            store_options_t o = {.test_commits_before_failure = 1 + commits,
                                 .test_fail_marker = marker == 0};
            s = open_ok(path, &o);
            deck_t d;
            shuffled(&d, &ru, 3);
            static round_t r;
            jackpot_pool_t pool;
            begin(s, &ru, &r, &pool, &d, 1, NULL);
            round_action_t script[] = {round_bet(0, WAGER_ANTE, 1000),
                                       round_bet(0, WAGER_ASIAN_BONUS, 500),
                                       round_simple(ACT_DEAL, 0), round_simple(ACT_PLAY, 0)};
            int done = 0;
            for (int i = 0; i < 4; i++) {
                if (store_round_action(s, &script[i], NULL) != STORE_OK) break;
                round_apply(&r, &script[i]);
                done++;
            }
            assert_int_equal(done, commits);
            assert_int_equal(store_state(s), STORE_WRITE_FAILED);
            assert_int_equal(store_round_void(s, "disk full"), STORE_FAULT);
            assert_non_null(strstr(store_message(s), marker ? "voided" : "resumes"));
            store_close(s);

            s = open_ok(path, NULL);
            if (marker) {
                /* voided at start-up, stakes back, locked for the attendant */
                assert_int_equal(store_game_in_play(s), 0);
                assert_int_equal(store_state(s), STORE_LOCKED);
                store_round_record_t *rec = calloc(1, sizeof *rec);
                int n;
                must(store_history(s, 1, 0, rec, &n), s);
                assert_int_equal(n, 1);
                assert_true(rec->is_void);
                assert_non_null(strstr(rec->void_reason, "start-up"));
                assert_int_equal(rec->nactions, commits);
                free(rec);
            } else {
                /* resumes exactly where the last committed action left it */
                assert_int_equal(store_game_in_play(s), 1);
                assert_int_equal(store_round_action_count(s), commits);
                static round_t back;
                bool resumed;
                must(store_recover(s, &ru, &back, &pool, &resumed), s);
                same_seats(&back, &r);
                must(store_round_void(s, "attendant"), s);
            }
            assert_int_equal(credits(s, 0), 100000);
            must(store_verify(s, true), s);
            store_close(s);
        }
    }
}

/* ---- hand pays, config changes, recall ---- */

static void test_handpay_locks_until_cleared(void **state) {
    fixture_t *f = *state;
    rules_t ru;
    rules_preset(&ru, PRESET_CARIBBEAN_CLASSIC);
    ru.handpay_threshold = 100000;
    store_t *s = open_ok(f->path, NULL);
    must(store_credit_in(s, 0, STORE_IN_COIN, 500000, NULL), s);
    deck_t d;
    stack_deck(&d, "As Ks Qs Js Ts  Ac Kd 3s 4d 8c", false); /* royal against A-K */
    static round_t r;
    jackpot_pool_t pool;
    begin(s, &ru, &r, &pool, &d, 1, NULL);
    act(s, &r, round_bet(0, WAGER_ANTE, 5000));
    act(s, &r, round_simple(ACT_DEAL, 0));
    act(s, &r, round_simple(ACT_PLAY, 0));
    assert_true(r.seat[0].handpay);
    must(store_round_finish(s, &r), s);
    assert_int_equal(store_state(s), STORE_LOCKED);
    int64_t after = credits(s, 0);
    store_close(s);

    /* the lock taken out with its guard dropped and put back: a fault, not an unlocked machine
     * with the win on its credits */
    char copy[256];
    snprintf(copy, sizeof copy, "%s/unlocked.db", f->dir);
    copy_file(f->path, copy);
    sqlite3 *db;
    assert_int_equal(sqlite3_open(copy, &db), SQLITE_OK);
    assert_int_equal(sqlite3_exec(db,
                                  "DROP TRIGGER locks_no_delete; DELETE FROM locks; CREATE TRIGGER "
                                  "locks_no_delete BEFORE DELETE ON locks BEGIN SELECT "
                                  "RAISE(ABORT, 'locks is append-only'); END;",
                                  NULL, NULL, NULL),
                     SQLITE_OK);
    sqlite3_close(db);
    char msg[STORE_MSG_LEN];
    open_fault(copy, msg, sizeof msg);

    s = open_ok(f->path, NULL);
    assert_int_equal(store_state(s), STORE_LOCKED); /* the lock survives a restart */
    assert_int_equal(store_credit_out(s, 0, STORE_OUT_CASHOUT, 100, NULL), STORE_REFUSED);
    assert_int_equal(store_credit_in(s, 0, STORE_IN_COIN, 100, NULL), STORE_REFUSED);
    store_lock_t locks[4];
    assert_int_equal(store_locks(s, locks, 4), 1);
    assert_int_equal(locks[0].kind, STORE_LOCK_HANDPAY);
    int64_t win = locks[0].amount;
    assert_int_equal(win, r.seat[0].credits - r.seat[0].credits_start);
    assert_int_equal(store_lock_clear(s, locks[0].id, STORE_CLEAR_FAULT, NULL), STORE_REFUSED);
    must(store_lock_clear(s, locks[0].id, STORE_CLEAR_PAID_BY_HAND, "attendant 7"), s);
    assert_int_equal(store_state(s), STORE_READY);
    assert_int_equal(credits(s, 0), after - win);
    assert_int_equal(meter(s, "attendant_jackpots"), win);
    assert_int_equal(meter(s, "attendant_jackpot_count"), 1);
    must(store_verify(s, true), s);
    store_close(s);
}

static void test_config_change_mid_round(void **state) {
    fixture_t *f = *state;
    rules_t ru, other;
    rules_preset(&ru, PRESET_CARIBBEAN_CLASSIC);
    other = ru;
    other.bet_max[WAGER_ANTE] *= 2; /* one value differs */
    store_t *s = open_ok(f->path, NULL);
    must(store_credit_in(s, 0, STORE_IN_COIN, 100000, NULL), s);
    deck_t d;
    shuffled(&d, &ru, 5);
    static round_t r;
    jackpot_pool_t pool;
    begin(s, &ru, &r, &pool, &d, 1, NULL);
    act(s, &r, round_bet(0, WAGER_ANTE, 1000));
    act(s, &r, round_simple(ACT_DEAL, 0));
    store_close(s);

    s = open_ok(f->path, NULL);
    bool resumed;
    assert_int_equal(store_recover(s, &other, &r, &pool, &resumed), STORE_FAULT);
    assert_false(resumed);
    assert_non_null(strstr(store_message(s), "other settings"));
    /* the attendant voids it; the recorded rules give the stakes back */
    must(store_round_void(s, "configuration changed mid-round"), s);
    assert_int_equal(credits(s, 0), 100000);
    assert_int_equal(meter(s, "refunded"), 1000);
    assert_int_equal(meter(s, "games_voided"), 1);
    assert_int_equal(store_state(s), STORE_LOCKED);
    store_close(s);
}

static void test_recall_pages_through_history(void **state) {
    fixture_t *f = *state;
    make_played_db(f->path, 25);
    store_t *s = open_ok(f->path, NULL);
    store_round_record_t *rec = calloc(10, sizeof *rec);
    int n;
    must(store_history(s, 10, 0, rec, &n), s);
    assert_int_equal(n, 10);
    for (int i = 0; i < 10; i++) assert_int_equal(rec[i].game, 25 - i);
    must(store_history(s, 10, 20, rec, &n), s);
    assert_int_equal(n, 5);
    assert_int_equal(rec[4].game, 1);
    /* each recorded round replays to what was recorded, with its own rules */
    static round_t r;
    for (int i = 0; i < n; i++) {
        jackpot_pool_t pool;
        char err[160];
        assert_int_equal(store_round_replay(&rec[i], &r, &pool, err, sizeof err), STORE_OK);
        assert_int_equal(r.seat[0].credits, rec[i].seat[0].credits_after);
    }
    int64_t since_power, since_door;
    must(store_session_counts(s, &since_power, &since_door), s);
    assert_int_equal(since_power, 0);
    assert_int_equal(since_door, 25);
    must(store_door(s, true), s);
    must(store_door(s, false), s);
    assert_int_equal(meter(s, "door_openings"), 1);
    assert_true(meter(s, "power_ups") >= 2);
    free(rec);
    store_close(s);
}

static void test_rules_hash(void **state) {
    (void)state;
    /* a tripwire: rules_t changed size, so a field may be missing from the store's encoding
     * (src/store/store_codec.c RULES_FIELDS); add it there, then update this number */
    assert_int_equal(sizeof(rules_t), 800);
    for (int p = 0; p < PRESET_COUNT; p++) {
        rules_t a, b;
        rules_preset(&a, (rules_preset_t)p);
        b = a;
        uint8_t ha[STORE_HASH_BYTES], hb[STORE_HASH_BYTES];
        store_rules_hash(&a, ha);
        store_rules_hash(&b, hb);
        assert_memory_equal(ha, hb, sizeof ha);
        b.tax_multiple++;
        store_rules_hash(&b, hb);
        assert_memory_not_equal(ha, hb, sizeof ha);
        b = a;
        b.currency[2] ^= 1;
        store_rules_hash(&b, hb);
        assert_memory_not_equal(ha, hb, sizeof ha);
    }
}

static void test_schema_version_and_migration(void **state) {
    fixture_t *f = *state;
    store_t *s = open_ok(f->path, NULL);
    store_close(s);
    assert_int_equal(sql_int(f->path, "SELECT MAX(version) FROM schema_version"),
                     STORE_SCHEMA_VERSION);
    assert_int_equal(sql_int(f->path, "PRAGMA application_id"), 0x53505354);
    /* reopening migrates nothing */
    s = open_ok(f->path, NULL);
    store_close(s);
    /* made at version 2, then one row per migration since */
    assert_int_equal(sql_int(f->path, "SELECT COUNT(*) FROM schema_version"),
                     STORE_SCHEMA_VERSION - 1);
    /* read-only opening of a missing file creates nothing */
    char missing[256];
    snprintf(missing, sizeof missing, "%s/none.db", f->dir);
    store_options_t ro = {.read_only = true};
    char err[STORE_MSG_LEN];
    assert_int_equal(open_with(missing, &ro, &s, err, sizeof err), STORE_FAULT);
    store_close(s);
    assert_int_equal(access(missing, F_OK), -1);
}

/* A new database is made beside its name and renamed into place: a power cut during creation
 * leaves only a half-made "<name>.new", which the next start throws away and makes again,
 * never the empty file a start must refuse. */
static void test_creation_is_all_or_nothing(void **state) {
    fixture_t *f = *state;
    char half[256];
    snprintf(half, sizeof half, "%s.new", f->path);
    FILE *g = fopen(half, "wb"); /* what a cut in the middle of creating would leave */
    assert_non_null(g);
    fputs("half a database", g);
    fclose(g);
    store_t *s = open_ok(f->path, NULL);
    assert_int_equal(store_state(s), STORE_READY);
    store_close(s);
    assert_int_equal(access(half, F_OK), -1);
    assert_int_equal(sql_int(f->path, "PRAGMA application_id"), 0x53505354);
    /* an empty file where the database was is still refused, never replaced */
    g = fopen(f->path, "wb");
    fclose(g);
    char msg[STORE_MSG_LEN];
    open_fault(f->path, msg, sizeof msg);
    assert_non_null(strstr(msg, "empty"));
}

/* The anchor after a power cut at each point of a commit: the database and its anchor from the
 * same instant; the anchor one commit ahead (it had heard of a commit that never reached the
 * disk); the database one commit ahead (the commit made, the anchor's second write lost). Each
 * resumes. An older copy of the database, or a newer one against an old anchor, is refused. */
static void test_anchor_after_power_cut(void **state) {
    fixture_t *f = *state;
    char anchor[256], saved[256], saved_anchor[256];
    snprintf(anchor, sizeof anchor, "%s/machine.anchor", f->dir);
    snprintf(saved, sizeof saved, "%s/saved.db", f->dir);
    snprintf(saved_anchor, sizeof saved_anchor, "%s/saved.anchor", f->dir);
    store_options_t o = FAST;
    o.anchor_path = anchor;
    store_t *s = open_ok(f->path, &o);
    must(store_credit_in(s, 0, STORE_IN_COIN, 500, NULL), s);
    store_close(s);

    /* the same instant: reopens */
    s = open_ok(f->path, &o);
    assert_int_equal(store_state(s), STORE_READY);
    store_close(s);

    /* the anchor one commit ahead: the commit fails after the anchor heard of it */
    store_options_t cut = o;
    cut.test_commits_before_failure = 1;
    s = open_ok(f->path, &cut);
    must(store_credit_in(s, 0, STORE_IN_COIN, 200, NULL), s);
    assert_int_not_equal(store_credit_in(s, 0, STORE_IN_COIN, 700, NULL), STORE_OK);
    store_close(s);
    s = open_ok(f->path, &o);
    int64_t credits;
    must(store_credits(s, 0, &credits), s);
    assert_int_equal(credits, 700); /* the lost commit is not there, and nothing else is lost */
    store_close(s);

    /* the database one commit ahead: the anchor's second write never happens */
    store_options_t lost = o;
    lost.test_skip_anchor_done = true;
    s = open_ok(f->path, &lost); /* (its power-up commit reaches the database only) */
    store_close(s);
    s = open_ok(f->path, &o);
    assert_int_equal(store_state(s), STORE_READY);
    must(store_credits(s, 0, &credits), s);
    assert_int_equal(credits, 700);
    store_close(s);

    /* an older copy of the database: MEMORY ROLLBACK, nothing changed */
    copy_file(f->path, saved);
    s = open_ok(f->path, &o);
    must(store_credit_in(s, 0, STORE_IN_COIN, 100, NULL), s);
    store_close(s);
    copy_file(saved, f->path);
    char err[STORE_MSG_LEN];
    assert_int_equal(open_with(f->path, &o, &s, err, sizeof err), STORE_FAULT);
    assert_string_equal(store_fault_title(s), "MEMORY ROLLBACK - CALL ATTENDANT");
    assert_non_null(strstr(err, "older copy of the database"));
    assert_int_not_equal(store_credits(s, 0, &credits), STORE_OK); /* no figure read from it */
    store_close(s);
    /* a technician accepts it: audited, and it plays again */
    store_options_t accept = o;
    accept.accept_restore = true;
    s = open_ok(f->path, &accept);
    store_audit_row_t rows[3];
    int n = store_audit_read(s, rows, 3);
    bool audited = false;
    for (int i = 0; i < n; i++) audited |= strcmp(rows[i].event, "restore-accepted") == 0;
    assert_true(audited);
    store_close(s);
    s = open_ok(f->path, &o);
    assert_int_equal(store_state(s), STORE_READY);
    store_close(s);

    /* a newer database against an old anchor (the anchor put back): refused too */
    copy_file(anchor, saved_anchor);
    s = open_ok(f->path, &o);
    must(store_credit_in(s, 0, STORE_IN_COIN, 100, NULL), s);
    store_close(s);
    copy_file(saved_anchor, anchor);
    assert_int_equal(open_with(f->path, &o, &s, err, sizeof err), STORE_FAULT);
    assert_string_equal(store_fault_title(s), "MEMORY ERROR - CALL ATTENDANT");
    store_close(s);
}

/* A round can never get stuck (issue 11, item 5): 600 bets each taken back, straight to the
 * store, are refused past the bets' share of the actions with a reason, and the deal and the
 * decision after them are still recorded; a restart in each phase resumes. */
static void test_round_never_stuck(void **state) {
    fixture_t *f = *state;
    store_t *s = open_ok(f->path, &FAST);
    rules_t ru;
    rules_preset(&ru, PRESET_CARIBBEAN_CLASSIC);
    must(store_credit_in(s, 0, STORE_IN_COIN, 100000, NULL), s);
    static round_t r;
    deck_t d;
    shuffled(&d, &ru, 4242);
    jackpot_pool_t pool;
    begin(s, &ru, &r, &pool, &d, 1, NULL);
    int refused = 0, taken = 0;
    for (int k = 0; k < 600; k++) {
        round_action_t pair[2] = {round_bet(0, WAGER_ANTE, 500), round_simple(ACT_UNDO, 0)};
        for (int i = 0; i < 2; i++) {
            round_status_t why;
            store_status_t st = store_round_action(s, &pair[i], &why);
            if (st == STORE_OK) {
                round_apply(&r, &pair[i]);
                taken++;
            } else {
                assert_int_equal(st, STORE_REFUSED);
                assert_int_equal(why.refusal, REFUSE_NOT_NOW);
                assert_non_null(strstr(why.message, "deal them as they stand"));
                refused++;
            }
        }
    }
    /* every bet past the limit found an empty felt (the UNDO before it was refused or took it
     * back) and got in; every UNDO past the limit was refused */
    assert_int_equal(refused, 1200 - taken);
    assert_true(taken >= STORE_MAX_ACTIONS - STORE_DECISION_ROOM);
    assert_true(taken <= STORE_MAX_ACTIONS - STORE_DECISION_ROOM / 2);
    assert_int_equal(round_seat_staked(&r, 0), 500); /* the last pair ended with a bet standing */
    round_status_t why;
    round_action_t more = round_bet(0, WAGER_ANTE, 500);
    assert_int_equal(store_round_action(s, &more, &why), STORE_REFUSED); /* a second chip: no */
    act(s, &r, round_simple(ACT_DEAL, 0));
    store_close(s);
    /* restart while deciding: resumes, PLAY is taken, the round finishes */
    s = open_ok(f->path, &FAST);
    assert_int_equal(store_state(s), STORE_IN_PLAY);
    static round_t back;
    jackpot_pool_t p2;
    bool resumed;
    must(store_recover(s, &ru, &back, &p2, &resumed), s);
    assert_true(resumed);
    assert_int_equal(back.phase, ROUND_DECIDING);
    act(s, &back, round_simple(ACT_PLAY, 0));
    must(store_round_finish(s, &back), s);
    must(store_verify(s, true), s);
    store_close(s);
}

/* The door state comes from the audit log however far back the last door event is. */
static void test_door_state_far_back(void **state) {
    fixture_t *f = *state;
    store_t *s = open_ok(f->path, &FAST);
    bool open = true;
    must(store_door_state(s, &open), s);
    assert_false(open);
    must(store_door(s, true), s);
    for (int i = 0; i < 300; i++) must(store_audit(s, STORE_AUDIT_OPERATOR, "a page looked at"), s);
    store_close(s);
    s = open_ok(f->path, &FAST);
    must(store_door_state(s, &open), s);
    assert_true(open);
    must(store_door(s, false), s);
    must(store_door_state(s, &open), s);
    assert_false(open);
    store_close(s);
}

/* Checkpoints: a start reads only what came after the newest one, and a row changed before it is
 * still found by the full check (store_verify full, the audit). */
static void test_checkpoints(void **state) {
    fixture_t *f = *state;
    store_t *s = open_ok(f->path, &FAST);
    rules_t ru;
    rules_preset(&ru, PRESET_CARIBBEAN_CLASSIC);
    must(store_credit_in(s, 0, STORE_IN_COIN, 100000000, NULL), s);
    static round_t r;
    int rounds = STORE_CHECKPOINT_GAMES + 20;
    for (int k = 0; k < rounds; k++) {
        deck_t d;
        shuffled(&d, &ru, 900 + (uint64_t)k);
        jackpot_pool_t pool;
        begin(s, &ru, &r, &pool, &d, 1, NULL);
        act(s, &r, round_bet(0, WAGER_ANTE, 500));
        act(s, &r, round_simple(ACT_DEAL, 0));
        act(s, &r, round_simple(ACT_FOLD, 0));
        must(store_round_finish(s, &r), s);
    }
    store_close(s);
    assert_int_equal(sql_int(f->path, "SELECT COUNT(*) FROM checkpoints"), 1);
    /* the checkpoint's sums are the ledger's: 1,020 antes of 5.00 */
    s = open_ok(f->path, &FAST);
    assert_int_equal(meter(s, "wagered.ante"), 500 * rounds);
    must(store_verify(s, true), s);
    store_close(s);
    /* an old ledger row changed (its guard put back): a start past the checkpoint does not read
     * it, the full check does */
    sqlite3 *db;
    assert_int_equal(sqlite3_open(f->path, &db), SQLITE_OK);
    assert_int_equal(
        sqlite3_exec(db,
                     "DROP TRIGGER ledger_no_update; UPDATE ledger SET utc=utc+1 WHERE "
                     "id=5; CREATE TRIGGER ledger_no_update BEFORE UPDATE ON ledger "
                     "BEGIN SELECT RAISE(ABORT, 'ledger is append-only'); END;",
                     NULL, NULL, NULL),
        SQLITE_OK);
    sqlite3_close(db);
    s = open_ok(f->path, &FAST);
    assert_int_equal(store_verify(s, true), STORE_FAULT);
    assert_non_null(strstr(store_message(s), "'ledger'"));
    store_close(s);
    /* and so does the background check, a slice at a time between games */
    s = open_ok(f->path, &FAST);
    bool done = false;
    store_status_t st = STORE_OK;
    int steps = 0;
    while (st == STORE_OK && !done && steps < 100000)
        st = store_verify_step(s, 100, &done), steps++;
    assert_int_equal(st, STORE_FAULT);
    assert_int_equal(store_state(s), STORE_FAULTED);
    assert_non_null(strstr(store_message(s), "Record 5 of 'ledger'"));
    store_close(s);
    /* an untouched database passes a whole cycle */
    char clean[256];
    snprintf(clean, sizeof clean, "%s/clean.db", f->dir);
    s = open_ok(clean, &FAST);
    must(store_credit_in(s, 0, STORE_IN_COIN, 100, NULL), s);
    done = false;
    for (steps = 0; !done && steps < 1000; steps++) must(store_verify_step(s, 3, &done), s);
    assert_true(done);
    store_close(s);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_creation_is_all_or_nothing, setup, teardown),
        cmocka_unit_test_setup_teardown(test_round_written_and_read_back, setup, teardown),
        cmocka_unit_test_setup_teardown(test_schema_version_and_migration, setup, teardown),
        cmocka_unit_test_setup_teardown(test_rules_hash, setup, teardown),
        cmocka_unit_test_setup_teardown(test_recovery_at_every_action, setup, teardown),
        cmocka_unit_test_setup_teardown(test_handpay_locks_until_cleared, setup, teardown),
        cmocka_unit_test_setup_teardown(test_config_change_mid_round, setup, teardown),
        cmocka_unit_test_setup_teardown(test_recall_pages_through_history, setup, teardown),
        cmocka_unit_test_setup_teardown(test_tampered_rows_are_refused, setup, teardown),
        cmocka_unit_test_setup_teardown(test_damaged_files_are_refused, setup, teardown),
        cmocka_unit_test_setup_teardown(test_full_disk_voids_the_round, setup, teardown),
        cmocka_unit_test_setup_teardown(test_void_that_cannot_be_written, setup, teardown),
        cmocka_unit_test_setup_teardown(test_money_balances_over_random_rounds, setup, teardown),
        cmocka_unit_test_setup_teardown(test_anchor_after_power_cut, setup, teardown),
        cmocka_unit_test_setup_teardown(test_checkpoints, setup, teardown),
        cmocka_unit_test_setup_teardown(test_round_never_stuck, setup, teardown),
        cmocka_unit_test_setup_teardown(test_door_state_far_back, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
