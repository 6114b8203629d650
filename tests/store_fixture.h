/* What the store's test programs share (test_store.c, test_store_faults.c, test_store_cabinet.c):
 * each test's own temporary directory, the tests' machine key, opening a store that must open or
 * must be refused, SQL on the file behind the store's back, and rounds played through the store
 * and the round engine together. Each program defines _POSIX_C_SOURCE before including it. */
#ifndef STUDPOKER_TESTS_STORE_FIXTURE_H
#define STUDPOKER_TESTS_STORE_FIXTURE_H

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
#include "deck_fixture.h"
#include "round.h"
#include "store.h"

/* ---- helpers ---- */

typedef struct fixture {
    char dir[128];
    char path[192];
} fixture_t;

static inline int setup(void **state) {
    fixture_t *f = calloc(1, sizeof *f);
    snprintf(f->dir, sizeof f->dir, "/tmp/test_store.XXXXXX");
    if (!mkdtemp(f->dir)) return -1;
    snprintf(f->path, sizeof f->path, "%s/machine.db", f->dir);
    *state = f;
    return 0;
}

static inline int teardown(void **state) {
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
static inline store_status_t open_with(const char *path, const store_options_t *o, store_t **s,
                                       char *err, size_t errlen) {
    store_options_t k = {0};
    if (o) k = *o;
    if (!k.machine_key) k.machine_key = TEST_KEY;
    return store_open_ex(path, &k, s, err, errlen);
}

static inline store_t *open_ok(const char *path, const store_options_t *o) {
    store_t *s = NULL;
    char err[STORE_MSG_LEN];
    store_status_t st = open_with(path, o, &s, err, sizeof err);
    if (st != STORE_OK) fail_msg("open %s: %s", path, err);
    return s;
}

/* Opens a database that must be refused; returns the message. */
static inline void open_fault(const char *path, char *msg, size_t cap) {
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

static inline void must(store_status_t st, store_t *s) {
    if (st != STORE_OK) fail_msg("store: %s", store_message(s));
}

static inline void sql_exec(const char *path, const char *sql) {
    sqlite3 *db;
    assert_int_equal(sqlite3_open(path, &db), SQLITE_OK);
    char *err = NULL;
    if (sqlite3_exec(db, sql, NULL, NULL, &err) != SQLITE_OK) fail_msg("sql '%s': %s", sql, err);
    sqlite3_close(db);
}

static inline int64_t sql_int(const char *path, const char *sql) {
    sqlite3 *db;
    sqlite3_stmt *st;
    assert_int_equal(sqlite3_open(path, &db), SQLITE_OK);
    assert_int_equal(sqlite3_prepare_v2(db, sql, -1, &st, NULL), SQLITE_OK);
    int64_t v = sqlite3_step(st) == SQLITE_ROW ? sqlite3_column_int64(st, 0) : -1;
    sqlite3_finalize(st);
    sqlite3_close(db);
    return v;
}

static inline uint64_t file_digest(const char *path) {
    FILE *fp = fopen(path, "rb");
    assert_non_null(fp);
    uint64_t h = 1469598103934665603ull;
    int c;
    while ((c = fgetc(fp)) != EOF) h = (h ^ (uint64_t)c) * 1099511628211ull;
    fclose(fp);
    return h;
}

static inline void copy_file(const char *from, const char *to) {
    char cmd[1024];
    snprintf(cmd, sizeof cmd, "cp '%s' '%s'", from, to);
    assert_int_equal(system(cmd), 0);
}

static inline int64_t meter(store_t *s, const char *name) {
    int64_t v;
    must(store_meter(s, name, &v), s);
    return v;
}

static inline int64_t credits(store_t *s, int seat) {
    int64_t v;
    must(store_credits(s, seat, &v), s);
    return v;
}

/* A new round on the store: credits from the store, the pool from the store, REPEAT's bets. */
static inline int64_t begin(store_t *s, const rules_t *ru, round_t *r, jackpot_pool_t *pool,
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
static inline void act(store_t *s, round_t *r, round_action_t a) {
    round_status_t why;
    store_status_t st = store_round_action(s, &a, &why);
    if (st != STORE_OK) fail_msg("action refused by the store: %s", store_message(s));
    round_status_t rs = round_apply(r, &a);
    if (rs.refusal) fail_msg("action refused by the round: %s", rs.message);
}

static inline void shuffled(deck_t *d, const rules_t *ru, uint64_t seed) {
    rng_t g;
    rng_init_seed_u64(&g, seed);
    ru->variant == VARIANT_ASIAN ? deck_init53(d) : deck_init52(d);
    deck_shuffle(d, &g);
}

/* The same round: its phase, its cards and every seat and the dealer as they were. */
static inline void same_seats(const round_t *a, const round_t *b) {
    assert_int_equal(a->phase, b->phase);
    assert_int_equal(a->nseats, b->nseats);
    assert_int_equal(a->next_card, b->next_card);
    assert_int_equal(a->board_shown, b->board_shown);
    assert_memory_equal(a->deck.cards, b->deck.cards, (size_t)a->deck.count);
    assert_memory_equal(a->seat, b->seat, sizeof a->seat[0] * (size_t)a->nseats);
    assert_memory_equal(a->dealer, b->dealer, sizeof a->dealer);
}

/* A database with some history, closed cleanly (WAL folded into the file). */
static inline void make_played_db(const char *path, int rounds) {
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

#endif
