/* The store's life on a cabinet: hand-pay locks until cleared, config changes mid-round, recall
 * paging through history, the rules hash, the schema version and migration, creation all or
 * nothing, the anchor after a power cut at each point of a commit, a round that never gets
 * stuck, the door state, checkpoints. Every test works in its own temporary directory
 * (tests/store_fixture.h); test_store.c has the rounds, recovery and money. */
#define _POSIX_C_SOURCE 200809L
#include "store_fixture.h"

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
    assert_int_equal(sizeof(rules_t), 800); /* pool_linked took the padding after tax_multiple */
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

/* A terminal at several tables (issue 15): each table's transfers are answered in their own
 * order, so one table's answer never waits for another's; and a table's records are its own
 * whatever the names ("t_1" is not "tx1", as a LIKE pattern's '_' would have it). */
static void test_table_transfers_per_table(void **state) {
    fixture_t *f = *state;
    store_t *s = open_ok(f->path, &FAST);
    must(store_credit_in(s, 0, STORE_IN_COIN, 10000, NULL), s);
    int64_t a[WAGER_COUNT] = {500}, b[WAGER_COUNT] = {700}, c[WAGER_COUNT] = {300}, t1, t2, t3;
    must(store_table_send(s, "t_1", 1, -1, 0, a, &t1), s);
    must(store_table_send(s, "tx1", 4, -1, 0, b, &t2), s);
    must(store_table_send(s, "t_1", 1, 0, 1, c, &t3), s);
    assert_true(t1 < t2 && t2 < t3);
    int64_t credits;
    must(store_credits(s, 0, &credits), s);
    assert_int_equal(credits, 10000 - 1500);
    store_table_out_t out[4];
    assert_int_equal(store_table_unanswered(s, "t_1", out, 4), 2);
    assert_int_equal(out[0].transfer, t1);
    assert_int_equal(out[1].transfer, t3);
    assert_int_equal(store_table_unanswered(s, "tx1", out, 4), 1);
    assert_int_equal(out[0].transfer, t2);
    /* tx1 answers before t_1 does: taken (the older t_1 transfers do not hold it up) */
    must(store_table_answered(s, t2, true, NULL), s);
    assert_int_equal(store_table_unanswered(s, "tx1", out, 4), 0);
    /* within t_1 the order holds: its second transfer is not the next to answer */
    assert_int_equal(store_table_answered(s, t3, true, NULL), STORE_REFUSED);
    must(store_table_answered(s, t1, false, "betting had closed"), s); /* refused: back */
    must(store_table_answered(s, t3, true, NULL), s);
    assert_int_equal(store_table_unanswered(s, "t_1", out, 4), 0);
    must(store_credits(s, 0, &credits), s);
    assert_int_equal(credits, 10000 - 1500 + 500);
    assert_int_equal(meter(s, "table_in"), 500);
    /* a result of tx1's is not t_1's */
    store_table_result_t r;
    memset(&r, 0, sizeof r);
    snprintf(r.tab, sizeof r.tab, "tx1");
    snprintf(r.kind, sizeof r.kind, "settled");
    r.round = 4, r.staked = 700, r.total = 1400;
    must(store_table_collected(s, &r, 0), s);
    assert_int_equal(store_table_last_round(s, "tx1"), 4);
    assert_int_equal(store_table_last_round(s, "t_1"), 0);
    store_close(s);
}

static void collect(store_t *s, const char *tab, int64_t round, int64_t staked, int64_t total) {
    store_table_result_t r;
    memset(&r, 0, sizeof r);
    snprintf(r.tab, sizeof r.tab, "%s", tab);
    snprintf(r.kind, sizeof r.kind, "settled");
    r.round = round, r.staked = staked, r.total = total;
    must(store_table_collected(s, &r, 0), s);
}

/* A terminal's history of several tables (issue 15): each table's rounds apart, newest first and
 * paged, or every table's together; each result names its table and its game, except a row in the
 * format written before results named their game, which still reads; the table's own words (the
 * verdict) are never taken for a field. */
static void test_table_results_per_table(void **state) {
    fixture_t *f = *state;
    store_t *s = open_ok(f->path, &FAST);
    static const struct {
        const char *tab, *variant, *cards, *shared, *verdict;
        int64_t round, staked, total;
    } rows[] = {
        {"classic", "caribbean", "2h 7h 9h Jh 4h", "Kd Kc 9s 6d 2c", "Flush wins", 3, 1500, 7000},
        {"t_1", "cajun", "7c 2d", "Qh 9s 4d", "Folded", 1, 500, 0},
        {"classic", "", "As Ad 3c 4h 9s", "2c 3d 7h 9s Jc", "Dealer says variant=asian", 4, 500, 0},
        {"tx1", "Asian!", "", "", "Bets returned", 2, 500, 500},
    };
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        store_table_result_t r;
        memset(&r, 0, sizeof r);
        snprintf(r.tab, sizeof r.tab, "%s", rows[i].tab);
        snprintf(r.variant, sizeof r.variant, "%s", rows[i].variant);
        snprintf(r.kind, sizeof r.kind, "%s", rows[i].total == rows[i].staked ? "void" : "settled");
        snprintf(r.verdict, sizeof r.verdict, "%s", rows[i].verdict);
        r.round = rows[i].round, r.staked = rows[i].staked, r.total = rows[i].total;
        char err[64];
        r.ncards =
            rows[i].cards[0] ? card_parse_list(rows[i].cards, r.cards, 5, err, sizeof err) : 0;
        r.nshared =
            rows[i].shared[0] ? card_parse_list(rows[i].shared, r.shared, 5, err, sizeof err) : 0;
        must(store_table_collected(s, &r, 0), s);
    }
    assert_int_equal(store_table_result_count(s, NULL), 4);
    assert_int_equal(store_table_result_count(s, "classic"), 2);
    assert_int_equal(store_table_result_count(s, "t_1"), 1); /* not tx1's: '_' is no pattern */
    assert_int_equal(store_table_result_count(s, "tx1"), 1);
    assert_int_equal(store_table_result_count(s, "cajun"), 0);
    assert_int_equal(store_table_result_count(s, "Bad name"), -1);
    store_table_result_t out[6];
    /* every table's, newest first, each named */
    assert_int_equal(store_table_results(s, NULL, 0, 6, out), 4);
    static const char *const order[] = {"tx1", "classic", "t_1", "classic"};
    static const int64_t rounds[] = {2, 4, 1, 3};
    for (int i = 0; i < 4; i++) {
        assert_string_equal(out[i].tab, order[i]);
        assert_int_equal(out[i].round, rounds[i]);
    }
    /* one table's, newest first, and paged */
    assert_int_equal(store_table_results(s, "classic", 0, 6, out), 2);
    assert_int_equal(out[0].round, 4);
    assert_string_equal(out[0].variant, ""); /* the earlier format: no game named */
    assert_string_equal(out[0].verdict, "Dealer says variant=asian");
    assert_int_equal(out[0].ncards, 5);
    assert_int_equal(out[1].round, 3);
    assert_string_equal(out[1].variant, "caribbean");
    assert_int_equal(out[1].total, 7000);
    assert_int_equal(store_table_results(s, "classic", 1, 6, out), 1);
    assert_int_equal(out[0].round, 3);
    assert_int_equal(store_table_results(s, "t_1", 0, 6, out), 1);
    assert_string_equal(out[0].variant, "cajun");
    assert_int_equal(out[0].ncards, 2);
    assert_int_equal(out[0].nshared, 3);
    assert_int_equal(store_table_results(s, "tx1", 0, 6, out), 1);
    assert_string_equal(out[0].variant, ""); /* not a word: left out */
    assert_string_equal(out[0].kind, "void");
    store_close(s);
}

/* What a terminal started again finds in its records (issue 15): the tables where its money is in
 * play (a stake unanswered, or accepted in a round not collected; a refused one came back, a
 * collected round is over), the most recent first; and the bets it sent for a round, unless the
 * table refused them. */
static void test_table_owed_and_round_bets(void **state) {
    fixture_t *f = *state;
    store_t *s = open_ok(f->path, &FAST);
    must(store_credit_in(s, 0, STORE_IN_COIN, 10000, NULL), s);
    int64_t bets[WAGER_COUNT] = {500}, raise[WAGER_COUNT] = {0, 1000}, t1, t2, t3, t4, t5, t6;
    char tabs[4][41];
    assert_int_equal(store_table_owed(s, tabs, 4), 0);
    /* classic, round 3: accepted and collected */
    must(store_table_send(s, "classic", 3, -1, 0, bets, &t1), s);
    must(store_table_answered(s, t1, true, NULL), s);
    collect(s, "classic", 3, 500, 1000);
    /* cajun, round 1: bets and a raise accepted, collected */
    must(store_table_send(s, "cajun", 1, -1, 0, bets, &t5), s);
    must(store_table_send(s, "cajun", 1, 0, 1, raise, &t6), s);
    must(store_table_answered(s, t5, true, NULL), s);
    must(store_table_answered(s, t6, true, NULL), s);
    collect(s, "cajun", 1, 1500, 0);
    assert_int_equal(store_table_owed(s, tabs, 4), 0);
    /* classic, round 5: accepted, its result not in */
    must(store_table_send(s, "classic", 5, -1, 0, bets, &t2), s);
    must(store_table_answered(s, t2, true, NULL), s);
    /* asian, round 7: refused (the stake came back) */
    must(store_table_send(s, "asian", 7, -1, 0, bets, &t4), s);
    must(store_table_answered(s, t4, false, "betting had closed"), s);
    /* live, round 2: sent, not answered */
    must(store_table_send(s, "live", 2, -1, 0, bets, &t3), s);
    assert_int_equal(store_table_owed(s, tabs, 4), 2);
    assert_string_equal(tabs[0], "live");
    assert_string_equal(tabs[1], "classic");
    assert_int_equal(store_table_owed(s, tabs, 1), 1); /* at most max */
    assert_string_equal(tabs[0], "live");
    store_table_out_t o;
    assert_int_equal(store_table_round_bets(s, "classic", 5, &o), 1);
    assert_int_equal(o.transfer, t2);
    assert_int_equal(o.stakes[WAGER_ANTE], 500);
    assert_int_equal(o.total, 500);
    assert_int_equal(store_table_round_bets(s, "classic", 4, &o), 0);
    assert_int_equal(store_table_round_bets(s, "live", 2, &o), 1); /* on its way: it stands */
    assert_int_equal(o.transfer, t3);
    assert_int_equal(store_table_round_bets(s, "asian", 7, &o), 0); /* refused */
    assert_int_equal(store_table_round_bets(s, "cajun", 1, &o), 1); /* the bets, not the raise */
    assert_int_equal(o.transfer, t5);
    /* classic's result in: only live is owed */
    collect(s, "classic", 5, 500, 0);
    assert_int_equal(store_table_owed(s, tabs, 4), 1);
    assert_string_equal(tabs[0], "live");
    store_close(s);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_creation_is_all_or_nothing, setup, teardown),
        cmocka_unit_test_setup_teardown(test_schema_version_and_migration, setup, teardown),
        cmocka_unit_test_setup_teardown(test_rules_hash, setup, teardown),
        cmocka_unit_test_setup_teardown(test_handpay_locks_until_cleared, setup, teardown),
        cmocka_unit_test_setup_teardown(test_config_change_mid_round, setup, teardown),
        cmocka_unit_test_setup_teardown(test_recall_pages_through_history, setup, teardown),
        cmocka_unit_test_setup_teardown(test_anchor_after_power_cut, setup, teardown),
        cmocka_unit_test_setup_teardown(test_checkpoints, setup, teardown),
        cmocka_unit_test_setup_teardown(test_round_never_stuck, setup, teardown),
        cmocka_unit_test_setup_teardown(test_door_state_far_back, setup, teardown),
        cmocka_unit_test_setup_teardown(test_table_transfers_per_table, setup, teardown),
        cmocka_unit_test_setup_teardown(test_table_results_per_table, setup, teardown),
        cmocka_unit_test_setup_teardown(test_table_owed_and_round_bets, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
