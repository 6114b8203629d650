/* The store refuses corrupted and tampered databases (rows changed, files damaged) and never
 * repairs or resets them; a full disk mid-round voids the round; a void that cannot be written
 * is finished at the next start. Every test works in its own temporary directory
 * (tests/store_fixture.h); test_store.c has the rounds, recovery and money. */
#define _POSIX_C_SOURCE 200809L
#include "store_fixture.h"

/* ---- corrupted and tampered databases ---- */

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

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_tampered_rows_are_refused, setup, teardown),
        cmocka_unit_test_setup_teardown(test_damaged_files_are_refused, setup, teardown),
        cmocka_unit_test_setup_teardown(test_full_disk_voids_the_round, setup, teardown),
        cmocka_unit_test_setup_teardown(test_void_that_cannot_be_written, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
