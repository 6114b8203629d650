/* The store on SQLite: schema and migrations, row checksums, the ledger, the round protocol,
 * recovery, the checks at start, locks, audit and recall. See store.h for the contract.
 *
 * Every table but meta, schema_version and spare ends in a `mac` column: a keyed BLAKE2b over
 * the table's name and every other column of the row, in column order. Rows are written through
 * row_insert (append-only tables; triggers refuse UPDATE and DELETE on them) or, for the three
 * tables that hold current values (credits, meters, pools), through functions that check the old
 * row's checksum before they write the new one, each next to the append-only record that
 * justifies the change (ledger, pool_journal). */
#define _POSIX_C_SOURCE 200809L
#include "store_internal.h"

#include <errno.h>
#include <sodium.h>
#include <sqlite3.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <time.h>

#define APPLICATION_ID      0x53505354 /* "SPST" */
#define APPLICATION_ID_TEXT "1397773140"
#define MAC_BYTES           32
#define SPARE_BYTES         65536 /* pages a void can free when the disk is full */

static const uint8_t DEFAULT_KEY[STORE_KEY_BYTES] = "studpoker store row checksum k1";

struct store {
    sqlite3 *db;
    uint8_t key[STORE_KEY_BYTES];
    store_state_t state;
    bool read_only;
    bool msg_set;   /* the first failure of an operation names it */
    bool integrity; /* that failure was a failed check, not a failed write */
    char msg[STORE_MSG_LEN];
    char fault[STORE_MSG_LEN];      /* why the store is WRITE_FAILED or FAULTED */
    int64_t delta[RULES_MAX_SEATS]; /* credit movements of the open transaction, per seat */
    /* the round in play */
    int64_t game;
    rules_t rules; /* as recorded */
    uint8_t rules_hash[STORE_HASH_BYTES];
    round_t *shadow, *backup;
    jackpot_pool_t pool, pool_backup, pool_begin;
    bool has_pool;
    char pool_key[64];
    int nactions;
    round_action_t actions[STORE_MAX_ACTIONS];
    struct round_head *head; /* scratch for reading a round */
    int fail_after, commits; /* tests: simulated full disk */
    bool fail_marker;
};

/* ---- messages ---- */

static void vsay(store_t *s, const char *fmt, va_list ap) {
    if (s->msg_set) return;
    vsnprintf(s->msg, sizeof s->msg, fmt, ap);
    s->msg_set = true;
}

/* A failed check: the database cannot be trusted. */
static bool broken(store_t *s, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    vsay(s, fmt, ap);
    va_end(ap);
    s->integrity = true;
    return false;
}

/* Something not allowed now: nothing written. */
static store_status_t refuse(store_t *s, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(s->msg, sizeof s->msg, fmt, ap);
    va_end(ap);
    return STORE_REFUSED;
}

/* An SQLite failure, in words an attendant can act on. */
static bool db_fail(store_t *s, const char *doing) {
    int rc = sqlite3_extended_errcode(s->db), prim = rc & 0xff;
    const char *what, *advice;
    switch (prim) {
    case SQLITE_FULL:
        what = "the disk is full (or the database reached its size limit)";
        advice = "free space on the disk, then restart the machine";
        break;
    case SQLITE_IOERR:
        what = "the disk reported an input/output error";
        advice = "check the disk and its cable; the machine must be serviced";
        break;
    case SQLITE_CORRUPT:
    case SQLITE_NOTADB:
        what = "the database file is damaged";
        advice = "do not play; a technician restores the database from its backup";
        s->integrity = true;
        break;
    case SQLITE_READONLY:
    case SQLITE_PERM:
    case SQLITE_CANTOPEN:
        what = "the database file cannot be written";
        advice = "check the file's permissions and the disk";
        break;
    case SQLITE_BUSY:
    case SQLITE_LOCKED:
        what = "another program holds the database";
        advice = "close the other program, then restart the machine";
        break;
    case SQLITE_CONSTRAINT:
        what = "a record was refused by the database's own rules";
        advice = "do not play; call a technician (the file may have been edited)";
        s->integrity = true;
        break;
    default:
        what = "the database failed";
        advice = "restart the machine; call a technician if it happens again";
        break;
    }
    char m[STORE_MSG_LEN];
    snprintf(m, sizeof m, "%s while %s (%s). Nothing of it was recorded; %s.", what, doing,
             sqlite3_errmsg(s->db), advice);
    if (!s->msg_set) {
        memcpy(s->msg, m, sizeof s->msg);
        s->msg_set = true;
    }
    return false;
}

static void start_op(store_t *s) {
    s->msg_set = false;
    s->integrity = false;
    s->msg[0] = '\0';
}

static int64_t now_utc(void) {
    return (int64_t)time(NULL);
}

/* ---- SQL helpers ---- */

static bool exec(store_t *s, const char *sql, const char *doing) {
    if (sqlite3_exec(s->db, sql, NULL, NULL, NULL) != SQLITE_OK) return db_fail(s, doing);
    return true;
}

/* Prepares sql and binds arguments by fmt: 'i' int64_t, 't' const char * (NULL binds NULL),
 * 'b' const void *, int. */
static sqlite3_stmt *prep(store_t *s, const char *doing, const char *sql, const char *fmt, ...) {
    sqlite3_stmt *st = NULL;
    if (sqlite3_prepare_v2(s->db, sql, -1, &st, NULL) != SQLITE_OK) {
        db_fail(s, doing);
        return NULL;
    }
    va_list ap;
    va_start(ap, fmt);
    for (int i = 0; fmt && fmt[i]; i++) {
        int rc = SQLITE_OK;
        if (fmt[i] == 'i') {
            rc = sqlite3_bind_int64(st, i + 1, va_arg(ap, int64_t));
        } else if (fmt[i] == 't') {
            const char *t = va_arg(ap, const char *);
            rc = t ? sqlite3_bind_text(st, i + 1, t, -1, SQLITE_TRANSIENT)
                   : sqlite3_bind_null(st, i + 1);
        } else if (fmt[i] == 'b') {
            const void *p = va_arg(ap, const void *);
            int n = va_arg(ap, int);
            rc = sqlite3_bind_blob(st, i + 1, p, n, SQLITE_TRANSIENT);
        }
        if (rc != SQLITE_OK) {
            va_end(ap);
            db_fail(s, doing);
            sqlite3_finalize(st);
            return NULL;
        }
    }
    va_end(ap);
    return st;
}

/* One integer from a query (def when there is no row). */
static bool q_int(store_t *s, int64_t *out, int64_t def, const char *doing, const char *sql) {
    sqlite3_stmt *st = prep(s, doing, sql, NULL);
    if (!st) return false;
    int rc = sqlite3_step(st);
    if (rc == SQLITE_ROW)
        *out = sqlite3_column_type(st, 0) == SQLITE_NULL ? def : sqlite3_column_int64(st, 0);
    else if (rc == SQLITE_DONE)
        *out = def;
    else {
        db_fail(s, doing);
        sqlite3_finalize(st);
        return false;
    }
    sqlite3_finalize(st);
    return true;
}

static const char *col_text(sqlite3_stmt *st, int i) {
    const unsigned char *t = sqlite3_column_text(st, i);
    return t ? (const char *)t : "";
}

/* ---- row checksums ---- */

typedef struct mac {
    crypto_generichash_state st;
} mac_t;

static void mac_tagged(mac_t *m, uint8_t tag, const void *p, size_t n) {
    uint8_t h[5] = {tag, (uint8_t)n, (uint8_t)(n >> 8), (uint8_t)(n >> 16), (uint8_t)(n >> 24)};
    crypto_generichash_update(&m->st, h, sizeof h);
    if (n) crypto_generichash_update(&m->st, p, n);
}
static void mac_int(mac_t *m, int64_t v) {
    uint8_t b[9] = {'i'};
    for (int i = 0; i < 8; i++) b[1 + i] = (uint8_t)((uint64_t)v >> (8 * i));
    crypto_generichash_update(&m->st, b, sizeof b);
}
static void mac_start(const store_t *s, mac_t *m, const char *table) {
    crypto_generichash_init(&m->st, s->key, sizeof s->key, MAC_BYTES);
    mac_tagged(m, 'T', table, strlen(table));
}
static void mac_end(mac_t *m, uint8_t out[MAC_BYTES]) {
    crypto_generichash_final(&m->st, out, MAC_BYTES);
}

typedef struct sv {
    char t; /* 'i', 't', 'b', 'n' */
    int64_t i;
    const void *p;
    int n;
} sv_t;
static sv_t sv_int(int64_t v) {
    return (sv_t){'i', v, NULL, 0};
}
static sv_t sv_text(const char *t) {
    return t ? (sv_t){'t', 0, t, (int)strlen(t)} : (sv_t){'n', 0, NULL, 0};
}
static sv_t sv_blob(const void *p, int n) {
    return (sv_t){'b', 0, p, n};
}

static void mac_sv(mac_t *m, const sv_t *v) {
    switch (v->t) {
    case 'i':
        mac_int(m, v->i);
        break;
    case 't':
        mac_tagged(m, 't', v->p, (size_t)v->n);
        break;
    case 'b':
        mac_tagged(m, 'b', v->p, (size_t)v->n);
        break;
    default:
        mac_tagged(m, 'n', NULL, 0);
        break;
    }
}

static void mac_row(const store_t *s, const char *table, const sv_t *v, int n,
                    uint8_t out[MAC_BYTES]) {
    mac_t m;
    mac_start(s, &m, table);
    for (int i = 0; i < n; i++) mac_sv(&m, &v[i]);
    mac_end(&m, out);
}

static bool bind_sv(sqlite3_stmt *st, int idx, const sv_t *v) {
    switch (v->t) {
    case 'i':
        return sqlite3_bind_int64(st, idx, v->i) == SQLITE_OK;
    case 't':
        return sqlite3_bind_text(st, idx, v->p, v->n, SQLITE_TRANSIENT) == SQLITE_OK;
    case 'b':
        return sqlite3_bind_blob(st, idx, v->p ? v->p : "", v->n, SQLITE_TRANSIENT) == SQLITE_OK;
    default:
        return sqlite3_bind_null(st, idx) == SQLITE_OK;
    }
}

/* INSERT with the row's checksum, or UPSERT of a current-value table by its first column. */
static bool row_write(store_t *s, const char *table, const sv_t *v, int n, bool upsert,
                      const char *doing) {
    char sql[512];
    int o = snprintf(sql, sizeof sql, "INSERT INTO %s VALUES(", table);
    for (int i = 0; i <= n; i++) o += snprintf(sql + o, sizeof sql - (size_t)o, i ? ",?" : "?");
    o += snprintf(sql + o, sizeof sql - (size_t)o, ")");
    if (upsert) {
        /* column names come from the schema */
        static const struct {
            const char *table, *set;
        } sets[] = {
            {"credits", "ON CONFLICT(seat) DO UPDATE SET value=excluded.value, mac=excluded.mac"},
            {"meters", "ON CONFLICT(name) DO UPDATE SET value=excluded.value, mac=excluded.mac"},
            {"pools", "ON CONFLICT(key) DO UPDATE SET value=excluded.value, "
                      "reserve=excluded.reserve, contributed=excluded.contributed, "
                      "seeded=excluded.seeded, paid=excluded.paid, hits=excluded.hits, "
                      "mac=excluded.mac"},
        };
        for (size_t k = 0; k < sizeof sets / sizeof sets[0]; k++)
            if (strcmp(sets[k].table, table) == 0)
                snprintf(sql + o, sizeof sql - (size_t)o, " %s", sets[k].set);
    }
    sqlite3_stmt *st = prep(s, doing, sql, NULL);
    if (!st) return false;
    uint8_t mac[MAC_BYTES];
    mac_row(s, table, v, n, mac);
    bool ok = true;
    for (int i = 0; i < n && ok; i++) ok = bind_sv(st, i + 1, &v[i]);
    ok = ok && sqlite3_bind_blob(st, n + 1, mac, MAC_BYTES, SQLITE_TRANSIENT) == SQLITE_OK;
    if (!ok || sqlite3_step(st) != SQLITE_DONE) {
        db_fail(s, doing);
        sqlite3_finalize(st);
        return false;
    }
    sqlite3_finalize(st);
    return true;
}

static bool row_insert(store_t *s, const char *table, const sv_t *v, int n, const char *doing) {
    return row_write(s, table, v, n, false, doing);
}

/* Checks the checksum of the current row of a statement whose last column is `mac`. */
static bool mac_check_stmt(const store_t *s, const char *table, sqlite3_stmt *st) {
    int ncol = sqlite3_column_count(st);
    mac_t m;
    mac_start(s, &m, table);
    for (int i = 0; i < ncol - 1; i++) {
        switch (sqlite3_column_type(st, i)) {
        case SQLITE_INTEGER:
            mac_int(&m, sqlite3_column_int64(st, i));
            break;
        case SQLITE_TEXT: {
            const unsigned char *t = sqlite3_column_text(st, i);
            mac_tagged(&m, 't', t, (size_t)sqlite3_column_bytes(st, i));
            break;
        }
        case SQLITE_BLOB: {
            const void *b = sqlite3_column_blob(st, i);
            mac_tagged(&m, 'b', b, (size_t)sqlite3_column_bytes(st, i));
            break;
        }
        case SQLITE_NULL:
            mac_tagged(&m, 'n', NULL, 0);
            break;
        default:
            return false; /* no table holds a float */
        }
    }
    uint8_t want[MAC_BYTES];
    mac_end(&m, want);
    if (sqlite3_column_type(st, ncol - 1) != SQLITE_BLOB ||
        sqlite3_column_bytes(st, ncol - 1) != MAC_BYTES)
        return false;
    return sodium_memcmp(want, sqlite3_column_blob(st, ncol - 1), MAC_BYTES) == 0;
}

/* ---- schema ---- */

static const char *const CHECKED_TABLES[] = {
    "credits",       "meters",      "ledger",      "pools",
    "pool_journal",  "rules",       "round_start", "round_start_seats",
    "round_actions", "round_end",   "round_seats", "round_wagers",
    "locks",         "lock_clears", "audit"};
#define NCHECKED ((int)(sizeof CHECKED_TABLES / sizeof CHECKED_TABLES[0]))

static const char *const APPEND_ONLY[] = {
    "ledger",        "pool_journal", "rules",         "round_start",  "round_start_seats",
    "round_actions", "round_end",    "round_seats",   "round_wagers", "locks",
    "lock_clears",   "audit",        "schema_version"};

/* One string per statement (the ISO limit on string length). */
static const char *const SCHEMA_V1[] = {
    "CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT NOT NULL);",
    "CREATE TABLE credits(seat INTEGER PRIMARY KEY, value INTEGER NOT NULL CHECK(value >= 0),"
    " mac BLOB NOT NULL);",
    "CREATE TABLE meters(name TEXT PRIMARY KEY, value INTEGER NOT NULL CHECK(value >= 0),"
    " mac BLOB NOT NULL);",
    "CREATE TABLE ledger(id INTEGER PRIMARY KEY, utc INTEGER NOT NULL, game INTEGER NOT NULL,"
    " seat INTEGER NOT NULL, meter TEXT NOT NULL, amount INTEGER NOT NULL CHECK(amount > 0),"
    " mac BLOB NOT NULL);",
    "CREATE INDEX ledger_meter ON ledger(meter, seat);",
    "CREATE TABLE pools(key TEXT PRIMARY KEY, value INTEGER NOT NULL, reserve INTEGER NOT NULL,"
    " contributed INTEGER NOT NULL, seeded INTEGER NOT NULL, paid INTEGER NOT NULL,"
    " hits INTEGER NOT NULL, mac BLOB NOT NULL);",
    "CREATE TABLE pool_journal(id INTEGER PRIMARY KEY, utc INTEGER NOT NULL, key TEXT NOT NULL,"
    " game INTEGER NOT NULL, why TEXT NOT NULL, value INTEGER NOT NULL, reserve INTEGER NOT NULL,"
    " contributed INTEGER NOT NULL, seeded INTEGER NOT NULL, paid INTEGER NOT NULL,"
    " hits INTEGER NOT NULL, mac BLOB NOT NULL);",
    "CREATE INDEX pool_journal_game ON pool_journal(game);",
    "CREATE TABLE rules(hash BLOB PRIMARY KEY, preset TEXT NOT NULL, data BLOB NOT NULL,"
    " mac BLOB NOT NULL);",
    "CREATE TABLE round_start(game INTEGER PRIMARY KEY, utc INTEGER NOT NULL,"
    " preset TEXT NOT NULL, rules_hash BLOB NOT NULL REFERENCES rules(hash),"
    " nseats INTEGER NOT NULL, deck TEXT NOT NULL, pool_key TEXT, pool_value INTEGER NOT NULL,"
    " pool_reserve INTEGER NOT NULL, pool_contributed INTEGER NOT NULL,"
    " pool_seeded INTEGER NOT NULL, pool_paid INTEGER NOT NULL, pool_hits INTEGER NOT NULL,"
    " mac BLOB NOT NULL);",
    "CREATE TABLE round_start_seats(game INTEGER NOT NULL REFERENCES round_start(game),"
    " seat INTEGER NOT NULL, credits INTEGER NOT NULL, last_stakes TEXT NOT NULL,"
    " mac BLOB NOT NULL, PRIMARY KEY(game, seat));",
    "CREATE TABLE round_actions(game INTEGER NOT NULL REFERENCES round_start(game),"
    " idx INTEGER NOT NULL, utc INTEGER NOT NULL, type TEXT NOT NULL, seat INTEGER NOT NULL,"
    " wager TEXT, multiple INTEGER NOT NULL, amount INTEGER NOT NULL, mac BLOB NOT NULL,"
    " PRIMARY KEY(game, idx));",
    "CREATE TABLE round_end(game INTEGER PRIMARY KEY REFERENCES round_start(game),"
    " utc INTEGER NOT NULL, status TEXT NOT NULL CHECK(status IN ('settled','void')),"
    " reason TEXT, dealer TEXT NOT NULL, board TEXT NOT NULL, mac BLOB NOT NULL);",
    "CREATE TABLE round_seats(game INTEGER NOT NULL REFERENCES round_end(game),"
    " seat INTEGER NOT NULL, in_round INTEGER NOT NULL, credits_before INTEGER NOT NULL,"
    " credits_after INTEGER NOT NULL, cards TEXT NOT NULL, hand_value INTEGER NOT NULL,"
    " folded INTEGER NOT NULL, auto_folded INTEGER NOT NULL, handpay INTEGER NOT NULL,"
    " tax INTEGER NOT NULL, commission INTEGER NOT NULL, mac BLOB NOT NULL,"
    " PRIMARY KEY(game, seat));",
    "CREATE TABLE round_wagers(game INTEGER NOT NULL REFERENCES round_end(game),"
    " seat INTEGER NOT NULL, wager TEXT NOT NULL, stake INTEGER NOT NULL CHECK(stake > 0),"
    " returned INTEGER NOT NULL CHECK(returned >= 0), outcome TEXT NOT NULL, mac BLOB NOT NULL,"
    " PRIMARY KEY(game, seat, wager));",
    "CREATE TABLE locks(id INTEGER PRIMARY KEY, utc INTEGER NOT NULL,"
    " kind TEXT NOT NULL CHECK(kind IN ('handpay','fault')), game INTEGER NOT NULL,"
    " seat INTEGER NOT NULL, amount INTEGER NOT NULL, reason TEXT NOT NULL, mac BLOB NOT NULL);",
    "CREATE TABLE lock_clears(lock_id INTEGER PRIMARY KEY REFERENCES locks(id),"
    " utc INTEGER NOT NULL, how TEXT NOT NULL, detail TEXT NOT NULL, mac BLOB NOT NULL);",
    "CREATE TABLE audit(id INTEGER PRIMARY KEY, utc INTEGER NOT NULL, event TEXT NOT NULL,"
    " game INTEGER NOT NULL, seat INTEGER NOT NULL, amount INTEGER NOT NULL,"
    " detail TEXT NOT NULL, mac BLOB NOT NULL);",
    "CREATE TABLE spare(id INTEGER PRIMARY KEY, filler BLOB);",
    "CREATE TRIGGER meters_grow BEFORE UPDATE ON meters WHEN NEW.value < OLD.value"
    " BEGIN SELECT RAISE(ABORT, 'meters only grow'); END;",
    "CREATE TRIGGER meters_stay BEFORE DELETE ON meters"
    " BEGIN SELECT RAISE(ABORT, 'meters are never deleted'); END;",
    "CREATE TRIGGER credits_stay BEFORE DELETE ON credits"
    " BEGIN SELECT RAISE(ABORT, 'credits are never deleted'); END;",
    "CREATE TRIGGER pools_stay BEFORE DELETE ON pools"
    " BEGIN SELECT RAISE(ABORT, 'pools are never deleted'); END;",
};

static bool create_append_only_triggers(store_t *s) {
    for (size_t i = 0; i < sizeof APPEND_ONLY / sizeof APPEND_ONLY[0]; i++) {
        char sql[512];
        snprintf(sql, sizeof sql,
                 "CREATE TRIGGER %s_no_update BEFORE UPDATE ON %s BEGIN SELECT RAISE(ABORT, "
                 "'%s is append-only'); END;"
                 "CREATE TRIGGER %s_no_delete BEFORE DELETE ON %s BEGIN SELECT RAISE(ABORT, "
                 "'%s is append-only'); END;",
                 APPEND_ONLY[i], APPEND_ONLY[i], APPEND_ONLY[i], APPEND_ONLY[i], APPEND_ONLY[i],
                 APPEND_ONLY[i]);
        if (!exec(s, sql, "creating the database")) return false;
    }
    return true;
}

static void void_marker_text(const store_t *s, int64_t game, char out[128]) {
    mac_t m;
    mac_start(s, &m, "void_request");
    mac_int(&m, game);
    uint8_t mac[MAC_BYTES];
    mac_end(&m, mac);
    char hex[2 * MAC_BYTES + 1];
    store_hex(mac, MAC_BYTES, hex);
    snprintf(out, 128, "%016lld:%s", (long long)game, game ? hex : "");
    /* fixed width, so that writing a marker rewrites the row in place */
    size_t len = strlen(out);
    while (len < 17 + 2 * MAC_BYTES) out[len++] = '0';
    out[len] = '\0';
}

/* The row checksum key of this database: the machine key and the database's own random id. */
static void derive_key(store_t *s, const uint8_t machine_key[STORE_KEY_BYTES], const char *db_id) {
    crypto_generichash_state st;
    crypto_generichash_init(&st, machine_key, STORE_KEY_BYTES, STORE_KEY_BYTES);
    static const char domain[] = "studpoker store rows v1";
    crypto_generichash_update(&st, (const uint8_t *)domain, sizeof domain - 1);
    crypto_generichash_update(&st, (const uint8_t *)db_id, strlen(db_id));
    crypto_generichash_final(&st, s->key, STORE_KEY_BYTES);
}

static void key_check_text(const store_t *s, char out[2 * MAC_BYTES + 1]) {
    mac_t m;
    mac_start(s, &m, "key_check");
    uint8_t mac[MAC_BYTES];
    mac_end(&m, mac);
    store_hex(mac, MAC_BYTES, out);
}

static bool meta_put(store_t *s, const char *key, const char *value) {
    sqlite3_stmt *st =
        prep(s, "creating the database", "INSERT INTO meta VALUES(?,?)", "tt", key, value);
    if (!st) return false;
    bool ok = sqlite3_step(st) == SQLITE_DONE || db_fail(s, "creating the database");
    sqlite3_finalize(st);
    return ok;
}

static bool meta_get(store_t *s, const char *key, char *out, size_t cap) {
    sqlite3_stmt *st =
        prep(s, "reading the database's identity", "SELECT value FROM meta WHERE key=?", "t", key);
    if (!st) return false;
    int rc = sqlite3_step(st);
    bool ok = rc == SQLITE_ROW;
    if (ok) snprintf(out, cap, "%s", col_text(st, 0));
    if (rc != SQLITE_ROW && rc != SQLITE_DONE) db_fail(s, "reading the database's identity");
    sqlite3_finalize(st);
    return ok;
}

/* Version 0 (an empty file) to 1: the whole schema. */
static bool migrate_to_1(store_t *s, const uint8_t machine_key[STORE_KEY_BYTES]) {
    for (size_t i = 0; i < sizeof SCHEMA_V1 / sizeof SCHEMA_V1[0]; i++)
        if (!exec(s, SCHEMA_V1[i], "creating the database")) return false;
    if (!create_append_only_triggers(s)) return false;
    uint8_t id[16];
    randombytes_buf(id, sizeof id);
    char idhex[33];
    store_hex(id, sizeof id, idhex);
    derive_key(s, machine_key, idhex);
    char check[2 * MAC_BYTES + 1], marker[128], created[32];
    key_check_text(s, check);
    void_marker_text(s, 0, marker);
    snprintf(created, sizeof created, "%lld", (long long)now_utc());
    return meta_put(s, "db_id", idhex) && meta_put(s, "key_check", check) &&
           meta_put(s, "void_request", marker) && meta_put(s, "created_utc", created) &&
           exec(s, "PRAGMA application_id=" APPLICATION_ID_TEXT, "creating the database");
}

typedef bool (*migration_fn)(store_t *, const uint8_t *);
/* MIGRATIONS[v] takes a database from version v to v + 1. A new schema version adds its step
 * here and bumps STORE_SCHEMA_VERSION; older databases then walk forward one step at a time. */
static const migration_fn MIGRATIONS[STORE_SCHEMA_VERSION] = {migrate_to_1};

/* ---- credits, meters, pools ---- */

static int meter_sign(const char *name) {
    static const struct {
        const char *name;
        int sign;
    } signs[] = {{"coin_in", 1},
                 {"bill_in", 1},
                 {"voucher_in", 1},
                 {"attendant_in", 1},
                 {"credit_out", -1},
                 {"handpaid_credits", -1},
                 {"cancelled_credits", -1},
                 {"attendant_jackpots", -1}};
    if (strncmp(name, "wagered.", 8) == 0) return -1;
    if (strncmp(name, "won.", 4) == 0) return 1;
    for (size_t i = 0; i < sizeof signs / sizeof signs[0]; i++)
        if (strcmp(name, signs[i].name) == 0) return signs[i].sign;
    return 0;
}

static bool next_id(store_t *s, const char *table, int64_t *id) {
    char sql[96];
    snprintf(sql, sizeof sql, "SELECT COALESCE(MAX(id),0)+1 FROM %s", table);
    return q_int(s, id, 1, "numbering a record", sql);
}

/* Reads a checked current value: credits by seat or a meter by name. */
static bool read_value(store_t *s, const char *table, const char *keycol, sv_t key, int64_t *value,
                       bool *exists) {
    char sql[128];
    snprintf(sql, sizeof sql, "SELECT %s, value, mac FROM %s WHERE %s=?", keycol, table, keycol);
    sqlite3_stmt *st = prep(s, "reading the meters", sql, NULL);
    if (!st) return false;
    bind_sv(st, 1, &key);
    int rc = sqlite3_step(st);
    *exists = rc == SQLITE_ROW;
    *value = 0;
    bool ok = true;
    if (rc == SQLITE_ROW) {
        *value = sqlite3_column_int64(st, 1);
        if (!mac_check_stmt(s, table, st)) {
            if (key.t == 'i')
                ok = broken(s,
                            "The credits of seat %lld fail their checksum: the database was "
                            "changed outside the game. Play is stopped; an attendant calls a "
                            "technician, who restores the database from its backup.",
                            (long long)key.i + 1);
            else
                ok = broken(s,
                            "The meter '%s' fails its checksum: the database was changed "
                            "outside the game. Play is stopped; an attendant calls a "
                            "technician, who restores the database from its backup.",
                            (const char *)key.p);
        }
    } else if (rc != SQLITE_DONE) {
        ok = db_fail(s, "reading the meters");
    }
    sqlite3_finalize(st);
    return ok;
}

/* The one way a meter moves: a ledger row and the meter row, in the caller's transaction. */
static bool meter_add(store_t *s, int64_t game, int seat, const char *name, int64_t amount) {
    if (amount == 0) return true;
    if (amount < 0) return broken(s, "internal error: meter '%s' asked to go down", name);
    int64_t id, old;
    bool exists;
    if (!next_id(s, "ledger", &id) ||
        !read_value(s, "meters", "name", sv_text(name), &old, &exists))
        return false;
    if (old > INT64_MAX - amount) return broken(s, "the meter '%s' would overflow", name);
    sv_t row[] = {sv_int(id),   sv_int(now_utc()), sv_int(game),
                  sv_int(seat), sv_text(name),     sv_int(amount)};
    sv_t m[] = {sv_text(name), sv_int(old + amount)};
    if (!row_insert(s, "ledger", row, 6, "recording a meter") ||
        !row_write(s, "meters", m, 2, true, "updating a meter"))
        return false;
    s->delta[seat] += meter_sign(name) * amount;
    return true;
}

static bool wager_meter(store_t *s, int64_t game, int seat, const char *prefix, wager_t w,
                        int64_t amount) {
    char name[48];
    snprintf(name, sizeof name, "%s.%s", prefix, wager_key(w));
    return meter_add(s, game, seat, name, amount);
}

/* Writes the credits the ledger rows of this transaction imply. */
static bool apply_credit_deltas(store_t *s) {
    for (int seat = 0; seat < RULES_MAX_SEATS; seat++) {
        if (!s->delta[seat]) continue;
        int64_t old;
        bool exists;
        if (!read_value(s, "credits", "seat", sv_int(seat), &old, &exists)) return false;
        int64_t now = old + s->delta[seat];
        if (now < 0)
            return broken(s, "internal error: seat %d's credits would go below zero", seat + 1);
        sv_t row[] = {sv_int(seat), sv_int(now)};
        if (!row_write(s, "credits", row, 2, true, "updating the credits")) return false;
        s->delta[seat] = 0;
    }
    return true;
}

static bool audit_add(store_t *s, const char *event, int64_t game, int seat, int64_t amount,
                      const char *detail) {
    int64_t id;
    if (!next_id(s, "audit", &id)) return false;
    sv_t row[] = {sv_int(id),
                  sv_int(now_utc()),
                  sv_text(event),
                  sv_int(game),
                  sv_int(seat),
                  sv_int(amount),
                  sv_text(detail ? detail : "")};
    return row_insert(s, "audit", row, 7, "writing the audit log");
}

static bool lock_add(store_t *s, const char *kind, int64_t game, int seat, int64_t amount,
                     const char *reason) {
    int64_t id;
    if (!next_id(s, "locks", &id)) return false;
    sv_t row[] = {sv_int(id),   sv_int(now_utc()), sv_text(kind),  sv_int(game),
                  sv_int(seat), sv_int(amount),    sv_text(reason)};
    return row_insert(s, "locks", row, 7, "recording a lock");
}

static bool last_game(store_t *s, int64_t *game) {
    return q_int(s, game, 0, "reading the history",
                 "SELECT COALESCE(MAX(game),0) FROM round_start");
}

static bool tx_begin(store_t *s) {
    memset(s->delta, 0, sizeof s->delta);
    return exec(s, "BEGIN IMMEDIATE", "starting a record");
}
static bool tx_commit(store_t *s) {
    if (!apply_credit_deltas(s)) return false;
    if (s->fail_after > 0 && ++s->commits > s->fail_after) {
        if (!s->msg_set)
            snprintf(s->msg, sizeof s->msg,
                     "the disk is full (simulated by a test) while committing a record. Nothing "
                     "of it was recorded.");
        s->msg_set = true;
        return false;
    }
    return exec(s, "COMMIT", "committing a record");
}
static void tx_rollback(store_t *s) {
    if (!sqlite3_get_autocommit(s->db)) sqlite3_exec(s->db, "ROLLBACK", NULL, NULL, NULL);
    memset(s->delta, 0, sizeof s->delta);
}

/* Pools: read with their checksum; written with a journal row of the change. */
static bool pool_get(store_t *s, const char *key, jackpot_pool_t *p, bool *exists) {
    sqlite3_stmt *st =
        prep(s, "reading a jackpot pool", "SELECT * FROM pools WHERE key=?", "t", key);
    if (!st) return false;
    int rc = sqlite3_step(st);
    *exists = rc == SQLITE_ROW;
    memset(p, 0, sizeof *p);
    bool ok = true;
    if (rc == SQLITE_ROW) {
        p->value = sqlite3_column_int64(st, 1);
        p->reserve = sqlite3_column_int64(st, 2);
        p->contributed = sqlite3_column_int64(st, 3);
        p->seeded = sqlite3_column_int64(st, 4);
        p->paid = sqlite3_column_int64(st, 5);
        p->hits = sqlite3_column_int64(st, 6);
        if (!mac_check_stmt(s, "pools", st))
            ok = broken(s,
                        "The jackpot pool '%s' fails its checksum: the database was changed "
                        "outside the game. Play is stopped; an attendant calls a technician.",
                        key);
    } else if (rc != SQLITE_DONE) {
        ok = db_fail(s, "reading a jackpot pool");
    }
    sqlite3_finalize(st);
    return ok;
}

static bool pool_put(store_t *s, const char *key, const jackpot_pool_t *old,
                     const jackpot_pool_t *now, int64_t game, const char *why) {
    jackpot_pool_t d = {
        now->value - old->value,   now->reserve - old->reserve, now->contributed - old->contributed,
        now->seeded - old->seeded, now->paid - old->paid,       now->hits - old->hits};
    if (d.contributed < 0 || d.seeded < 0 || d.paid < 0 || d.hits < 0)
        return broken(s, "internal error: the pool '%s' would lose a recorded amount", key);
    if (now->value + now->reserve !=
        now->seeded * JACKPOT_FRAC + now->contributed - now->paid * JACKPOT_FRAC)
        return broken(s, "internal error: the pool '%s' would not balance", key);
    int64_t id;
    if (!next_id(s, "pool_journal", &id)) return false;
    sv_t j[] = {sv_int(id),       sv_int(now_utc()), sv_text(key),      sv_int(game),
                sv_text(why),     sv_int(d.value),   sv_int(d.reserve), sv_int(d.contributed),
                sv_int(d.seeded), sv_int(d.paid),    sv_int(d.hits)};
    sv_t row[] = {
        sv_text(key),        sv_int(now->value), sv_int(now->reserve), sv_int(now->contributed),
        sv_int(now->seeded), sv_int(now->paid),  sv_int(now->hits)};
    return row_insert(s, "pool_journal", j, 11, "recording a jackpot pool change") &&
           row_write(s, "pools", row, 7, true, "updating a jackpot pool") &&
           meter_add(s, game, 0, "progressive_contributed", d.contributed) &&
           meter_add(s, game, 0, "progressive_won", d.paid) &&
           meter_add(s, game, 0, "progressive_seeded", d.seeded) &&
           meter_add(s, game, 0, "progressive_hits", d.hits);
}

/* ---- the checks ---- */

static bool check_macs(store_t *s) {
    for (int t = 0; t < NCHECKED; t++) {
        char sql[96];
        snprintf(sql, sizeof sql, "SELECT * FROM %s", CHECKED_TABLES[t]);
        sqlite3_stmt *st = prep(s, "checking the database", sql, NULL);
        if (!st) return false;
        int rc;
        while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
            if (!mac_check_stmt(s, CHECKED_TABLES[t], st)) {
                char first[96];
                snprintf(first, sizeof first, "%s", col_text(st, 0));
                sqlite3_finalize(st);
                return broken(s,
                              "A record in '%s' (%s) fails its checksum: the database was "
                              "changed outside the game or is damaged. Play is stopped; an "
                              "attendant calls a technician, who restores the database from its "
                              "backup. The file has not been changed.",
                              CHECKED_TABLES[t], first);
            }
        }
        sqlite3_finalize(st);
        if (rc != SQLITE_DONE) return db_fail(s, "checking the database");
    }
    return true;
}

/* Ids and game numbers run 1..n without a gap: no record was taken out. */
static bool check_contiguous(store_t *s) {
    static const struct {
        const char *table, *col;
    } seqs[] = {{"ledger", "id"},
                {"audit", "id"},
                {"pool_journal", "id"},
                {"locks", "id"},
                {"round_start", "game"}};
    for (size_t i = 0; i < sizeof seqs / sizeof seqs[0]; i++) {
        char sql[160];
        snprintf(sql, sizeof sql, "SELECT COUNT(*) = COALESCE(MAX(%s),0) FROM %s", seqs[i].col,
                 seqs[i].table);
        int64_t ok;
        if (!q_int(s, &ok, 0, "checking the database", sql)) return false;
        if (!ok)
            return broken(s,
                          "Records are missing from '%s': the database was changed outside "
                          "the game. Play is stopped; an attendant calls a technician.",
                          seqs[i].table);
    }
    int64_t bad;
    if (!q_int(s, &bad, 0, "checking the database",
               "SELECT COUNT(*) FROM round_start WHERE game NOT IN (SELECT game FROM round_end) "
               "AND game < (SELECT MAX(game) FROM round_start)"))
        return false;
    if (bad)
        return broken(s, "An old round was never finished: the history is damaged. Play "
                         "is stopped; an attendant calls a technician.");
    return true;
}

typedef struct meter_sum {
    char name[48];
    int64_t value;
} meter_sum_t;

static int load_sums(store_t *s, const char *sql, meter_sum_t *out, int max) {
    sqlite3_stmt *st = prep(s, "checking the meters", sql, NULL);
    if (!st) return -1;
    int n = 0, rc;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW && n < max) {
        snprintf(out[n].name, sizeof out[n].name, "%s", col_text(st, 0));
        out[n].value = sqlite3_column_int64(st, 1);
        n++;
    }
    sqlite3_finalize(st);
    if (rc != SQLITE_DONE && rc != SQLITE_ROW) {
        db_fail(s, "checking the meters");
        return -1;
    }
    return n;
}

static int64_t sum_of(const meter_sum_t *m, int n, const char *name) {
    for (int i = 0; i < n; i++)
        if (strcmp(m[i].name, name) == 0) return m[i].value;
    return 0;
}

#define MAX_METERS 128

static bool meter_mismatch(store_t *s, const char *name, int64_t meter, int64_t other,
                           const char *against) {
    return broken(s,
                  "The meter '%s' reads %lld but %s gives %lld: the meters and the records do "
                  "not balance. Play is stopped; an attendant calls a technician, who restores "
                  "the database from its backup. The file has not been changed.",
                  name, (long long)meter, against, (long long)other);
}

/* Meters against the ledger; credits against the ledger; meters against the history. */
static bool check_balances(store_t *s) {
    meter_sum_t meters[MAX_METERS], ledger[MAX_METERS], hist[MAX_METERS];
    int nm = load_sums(s, "SELECT name, value FROM meters", meters, MAX_METERS);
    int nl =
        load_sums(s, "SELECT meter, SUM(amount) FROM ledger GROUP BY meter", ledger, MAX_METERS);
    if (nm < 0 || nl < 0) return false;
    for (int i = 0; i < nm; i++)
        if (sum_of(ledger, nl, meters[i].name) != meters[i].value)
            return meter_mismatch(s, meters[i].name, meters[i].value,
                                  sum_of(ledger, nl, meters[i].name), "the ledger");
    for (int i = 0; i < nl; i++)
        if (sum_of(meters, nm, ledger[i].name) != ledger[i].value)
            return meter_mismatch(s, ledger[i].name, sum_of(meters, nm, ledger[i].name),
                                  ledger[i].value, "the ledger");

    /* credits: in - out - wagered + won - hand-paid, per seat, from the ledger */
    int64_t expect[RULES_MAX_SEATS] = {0};
    sqlite3_stmt *st =
        prep(s, "checking the credits",
             "SELECT seat, meter, SUM(amount) FROM ledger GROUP BY seat, meter", NULL);
    if (!st) return false;
    int rc;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        int64_t seat = sqlite3_column_int64(st, 0);
        if (seat < 0 || seat >= RULES_MAX_SEATS) {
            sqlite3_finalize(st);
            return broken(s, "The ledger names seat %lld, which no table has.", (long long)seat);
        }
        expect[seat] += meter_sign(col_text(st, 1)) * sqlite3_column_int64(st, 2);
    }
    sqlite3_finalize(st);
    if (rc != SQLITE_DONE) return db_fail(s, "checking the credits");
    for (int seat = 0; seat < RULES_MAX_SEATS; seat++) {
        int64_t have;
        bool exists;
        if (!read_value(s, "credits", "seat", sv_int(seat), &have, &exists)) return false;
        if (have != expect[seat])
            return broken(s,
                          "Seat %d shows %lld credits but credits in, out, wagered and won "
                          "give %lld: the credits do not balance. Play is stopped; an attendant "
                          "calls a technician, who restores the database from its backup.",
                          seat + 1, (long long)have, (long long)expect[seat]);
    }

    /* the game meters against the history of finished rounds */
    int nh = load_sums(s,
                       "SELECT 'wagered.' || w.wager, SUM(w.stake) FROM round_wagers w JOIN "
                       "round_end e USING(game) WHERE e.status='settled' GROUP BY w.wager "
                       "UNION ALL SELECT 'won.' || w.wager, SUM(w.returned) FROM round_wagers w "
                       "JOIN round_end e USING(game) WHERE e.status='settled' GROUP BY w.wager "
                       "UNION ALL SELECT 'refunded', SUM(w.stake) FROM round_wagers w JOIN "
                       "round_end e USING(game) WHERE e.status='void' "
                       "UNION ALL SELECT 'games_played', COUNT(*) FROM round_seats r JOIN "
                       "round_end e USING(game) WHERE e.status='settled' AND r.in_round "
                       "UNION ALL SELECT 'games_voided', COUNT(*) FROM round_end WHERE "
                       "status='void' "
                       "UNION ALL SELECT 'games_won', COUNT(*) FROM (SELECT 1 FROM round_wagers "
                       "w JOIN round_end e USING(game) WHERE e.status='settled' GROUP BY w.game, "
                       "w.seat HAVING SUM(w.returned) > SUM(w.stake)) "
                       "UNION ALL SELECT 'progressive_contributed', SUM(contributed) FROM "
                       "pool_journal UNION ALL SELECT 'progressive_won', SUM(paid) FROM "
                       "pool_journal UNION ALL SELECT 'progressive_seeded', SUM(seeded) FROM "
                       "pool_journal UNION ALL SELECT 'progressive_hits', SUM(hits) FROM "
                       "pool_journal",
                       hist, MAX_METERS);
    if (nh < 0) return false;
    for (int i = 0; i < nh; i++)
        if (sum_of(meters, nm, hist[i].name) != hist[i].value)
            return meter_mismatch(s, hist[i].name, sum_of(meters, nm, hist[i].name), hist[i].value,
                                  "the history of finished rounds");
    for (int i = 0; i < nm; i++) {
        const char *n = meters[i].name;
        bool game_meter = strncmp(n, "wagered.", 8) == 0 || strncmp(n, "won.", 4) == 0;
        if (game_meter && sum_of(hist, nh, n) != meters[i].value)
            return meter_mismatch(s, n, meters[i].value, sum_of(hist, nh, n),
                                  "the history of finished rounds");
    }

    /* every finished round moved its seats' credits by exactly its stakes and returns */
    int64_t bad_game;
    if (!q_int(s, &bad_game, 0, "checking the history",
               "SELECT r.game FROM round_seats r JOIN round_end e USING(game) LEFT JOIN "
               "(SELECT game, seat, SUM(stake) st, SUM(returned) re FROM round_wagers GROUP BY "
               "game, seat) w USING(game, seat) WHERE r.credits_after != r.credits_before + "
               "CASE WHEN e.status='settled' THEN COALESCE(w.re,0) - COALESCE(w.st,0) ELSE 0 END "
               "LIMIT 1"))
        return false;
    if (bad_game)
        return broken(s,
                      "Game %lld's credits before and after do not match its bets and "
                      "results: the history is damaged. Play is stopped; an attendant calls a "
                      "technician.",
                      (long long)bad_game);

    /* pools: the invariant, and each pool the sum of its journal */
    st = prep(s, "checking the jackpot pools",
              "SELECT p.key, p.value, p.reserve, p.contributed, p.seeded, p.paid, p.hits, "
              "j.value, j.reserve, j.contributed, j.seeded, j.paid, j.hits FROM pools p LEFT "
              "JOIN (SELECT key, SUM(value) value, SUM(reserve) reserve, SUM(contributed) "
              "contributed, SUM(seeded) seeded, SUM(paid) paid, SUM(hits) hits FROM pool_journal "
              "GROUP BY key) j USING(key)",
              NULL);
    if (!st) return false;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        int64_t v[12];
        for (int i = 0; i < 12; i++) v[i] = sqlite3_column_int64(st, i + 1);
        char key[64];
        snprintf(key, sizeof key, "%s", col_text(st, 0));
        bool journal = memcmp(v, v + 6, sizeof(int64_t) * 6) == 0;
        bool invariant = v[0] + v[1] == v[3] * JACKPOT_FRAC + v[2] - v[4] * JACKPOT_FRAC &&
                         v[0] >= 0 && v[1] >= 0;
        if (!journal || !invariant) {
            sqlite3_finalize(st);
            return broken(s,
                          "The jackpot pool '%s' %s. Play is stopped; an attendant calls a "
                          "technician, who restores the database from its backup.",
                          key,
                          !journal ? "does not match the record of its changes"
                                   : "does not balance (value and reserve against seeded, "
                                     "contributed and paid)");
        }
    }
    sqlite3_finalize(st);
    if (rc != SQLITE_DONE) return db_fail(s, "checking the jackpot pools");
    int64_t orphan;
    if (!q_int(s, &orphan, 0, "checking the jackpot pools",
               "SELECT COUNT(*) FROM (SELECT DISTINCT key FROM pool_journal) WHERE key NOT IN "
               "(SELECT key FROM pools)"))
        return false;
    if (orphan) return broken(s, "A jackpot pool is missing although its changes are recorded.");
    return true;
}

/* ---- the round in play ---- */

static bool replay_into(store_t *s, round_t *r, const rules_t *rules, const deck_t *deck,
                        int nseats, const int64_t *credits, const int64_t *last,
                        jackpot_pool_t *pool, const round_action_t *acts, int nacts) {
    char err[160];
    if (!round_init(r, rules, deck, nseats, credits, last, pool, err, sizeof err))
        return broken(s,
                      "Game %lld cannot be rebuilt: %s. Play is stopped; an attendant calls a "
                      "technician.",
                      (long long)s->game, err);
    for (int i = 0; i < nacts; i++) {
        round_status_t st = round_apply(r, &acts[i]);
        if (st.refusal)
            return broken(s,
                          "Game %lld cannot be rebuilt: its recorded action %d (%s) is refused "
                          "on replay (%s). Play is stopped; an attendant calls a technician.",
                          (long long)s->game, i + 1, store_action_name(acts[i].type), st.message);
    }
    return true;
}

static bool load_rules(store_t *s, const uint8_t *hash, int hashlen, rules_t *out) {
    sqlite3_stmt *st = prep(s, "reading the rules of a round",
                            "SELECT data FROM rules WHERE hash=?", "b", hash, hashlen);
    if (!st) return false;
    int rc = sqlite3_step(st);
    bool ok = false;
    if (rc == SQLITE_ROW) {
        ok = store_rules_decode(sqlite3_column_blob(st, 0), (size_t)sqlite3_column_bytes(st, 0),
                                out);
        uint8_t h[STORE_HASH_BYTES];
        if (ok) store_rules_hash(out, h);
        if (!ok || hashlen != STORE_HASH_BYTES || memcmp(h, hash, STORE_HASH_BYTES) != 0)
            ok = broken(s, "The recorded rules of a round cannot be read back.");
    } else {
        ok = rc == SQLITE_DONE ? broken(s, "The rules of a recorded round are missing.")
                               : db_fail(s, "reading the rules of a round");
    }
    sqlite3_finalize(st);
    return ok;
}

/* The fixed part of a round: deck, seats, REPEAT bets, pool snapshot, rules. */
typedef struct round_head {
    int64_t game, utc;
    char preset[32];
    uint8_t hash[STORE_HASH_BYTES];
    rules_t rules;
    deck_t deck;
    int nseats;
    int64_t credits[RULES_MAX_SEATS];
    int64_t last[RULES_MAX_SEATS * WAGER_COUNT];
    bool has_pool;
    char pool_key[64];
    jackpot_pool_t pool;
    int nactions;
    round_action_t actions[STORE_MAX_ACTIONS];
} round_head_t;

static bool load_head(store_t *s, int64_t game, round_head_t *h) {
    memset(h, 0, sizeof *h);
    h->game = game;
    sqlite3_stmt *st =
        prep(s, "reading a round", "SELECT * FROM round_start WHERE game=?", "i", game);
    if (!st) return false;
    int rc = sqlite3_step(st);
    if (rc != SQLITE_ROW) {
        sqlite3_finalize(st);
        return rc == SQLITE_DONE ? broken(s, "Game %lld is missing.", (long long)game)
                                 : db_fail(s, "reading a round");
    }
    h->utc = sqlite3_column_int64(st, 1);
    snprintf(h->preset, sizeof h->preset, "%s", col_text(st, 2));
    int hl = sqlite3_column_bytes(st, 3);
    if (hl == STORE_HASH_BYTES) memcpy(h->hash, sqlite3_column_blob(st, 3), STORE_HASH_BYTES);
    h->nseats = sqlite3_column_int(st, 4);
    h->deck.count = store_cards_parse(col_text(st, 5), h->deck.cards, DECK_MAX);
    h->has_pool = sqlite3_column_type(st, 6) != SQLITE_NULL;
    snprintf(h->pool_key, sizeof h->pool_key, "%s", col_text(st, 6));
    h->pool.value = sqlite3_column_int64(st, 7);
    h->pool.reserve = sqlite3_column_int64(st, 8);
    h->pool.contributed = sqlite3_column_int64(st, 9);
    h->pool.seeded = sqlite3_column_int64(st, 10);
    h->pool.paid = sqlite3_column_int64(st, 11);
    h->pool.hits = sqlite3_column_int64(st, 12);
    sqlite3_finalize(st);
    if (hl != STORE_HASH_BYTES || h->deck.count < 0 || h->nseats < 1 || h->nseats > RULES_MAX_SEATS)
        return broken(s, "Game %lld's record cannot be read back.", (long long)game);
    if (!load_rules(s, h->hash, STORE_HASH_BYTES, &h->rules)) return false;

    st = prep(s, "reading a round",
              "SELECT seat, credits, last_stakes FROM round_start_seats "
              "WHERE game=? ORDER BY seat",
              "i", game);
    if (!st) return false;
    int n = 0;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        int seat = sqlite3_column_int(st, 0);
        if (seat != n || seat >= h->nseats ||
            !store_stakes_parse(col_text(st, 2), h->last + (size_t)seat * WAGER_COUNT)) {
            sqlite3_finalize(st);
            return broken(s, "Game %lld's seats cannot be read back.", (long long)game);
        }
        h->credits[seat] = sqlite3_column_int64(st, 1);
        n++;
    }
    sqlite3_finalize(st);
    if (rc != SQLITE_DONE) return db_fail(s, "reading a round");
    if (n != h->nseats) return broken(s, "Game %lld's seats are missing.", (long long)game);

    st = prep(s, "reading a round",
              "SELECT idx, type, seat, wager, multiple, amount FROM round_actions WHERE game=? "
              "ORDER BY idx",
              "i", game);
    if (!st) return false;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        int type;
        wager_t w = WAGER_ANTE;
        bool ok = sqlite3_column_int(st, 0) == h->nactions && h->nactions < STORE_MAX_ACTIONS &&
                  store_action_from_name(col_text(st, 1), &type);
        if (ok && sqlite3_column_type(st, 3) != SQLITE_NULL)
            ok = store_wager_from_key(col_text(st, 3), &w);
        if (!ok) {
            sqlite3_finalize(st);
            return broken(s, "Game %lld's actions cannot be read back.", (long long)game);
        }
        round_action_t *a = &h->actions[h->nactions++];
        a->type = (uint8_t)type;
        a->seat = (uint8_t)sqlite3_column_int(st, 2);
        a->wager = (uint8_t)w;
        a->multiple = (uint8_t)sqlite3_column_int(st, 4);
        a->amount = sqlite3_column_int64(st, 5);
    }
    sqlite3_finalize(st);
    if (rc != SQLITE_DONE) return db_fail(s, "reading a round");
    return true;
}

static void forget_round(store_t *s) {
    s->game = 0;
    s->nactions = 0;
    s->has_pool = false;
}

static bool load_in_play(store_t *s) {
    int64_t game;
    if (!q_int(s, &game, 0, "reading the round in play",
               "SELECT game FROM round_start WHERE game NOT IN (SELECT game FROM round_end) "
               "ORDER BY game DESC LIMIT 1"))
        return false;
    forget_round(s);
    if (!game) return true;
    round_head_t *hp = s->head;
#define h (*hp)
    if (!load_head(s, game, &h)) return false;
    s->game = game;
    s->rules = h.rules;
    memcpy(s->rules_hash, h.hash, sizeof h.hash);
    s->has_pool = h.has_pool;
    snprintf(s->pool_key, sizeof s->pool_key, "%s", h.pool_key);
    s->pool_begin = s->pool = h.pool;
    s->nactions = h.nactions;
    memcpy(s->actions, h.actions, sizeof(round_action_t) * (size_t)h.nactions);
    return replay_into(s, s->shadow, &s->rules, &h.deck, h.nseats, h.credits, h.last,
                       s->has_pool ? &s->pool : NULL, h.actions, h.nactions);
#undef h
}

/* ---- open and close ---- */

const char *store_state_name(store_state_t st) {
    static const char *const names[] = {"ready", "in play", "locked", "write failed", "faulted"};
    return st >= STORE_READY && st <= STORE_FAULTED ? names[st] : "?";
}

store_state_t store_state(const store_t *s) {
    return s ? s->state : STORE_FAULTED;
}
const char *store_message(const store_t *s) {
    return s ? s->msg : "out of memory";
}
int64_t store_game_in_play(const store_t *s) {
    return s->game;
}
const round_t *store_round_in_play(const store_t *s) {
    return s->game ? s->shadow : NULL;
}
int store_round_action_count(const store_t *s) {
    return s->game ? s->nactions : 0;
}

static int64_t count_locks(store_t *s) {
    int64_t n = 0;
    q_int(s, &n, 0, "reading the locks",
          "SELECT COUNT(*) FROM locks WHERE id NOT IN (SELECT lock_id FROM lock_clears)");
    return n;
}

static void settle_state(store_t *s) {
    if (s->state == STORE_FAULTED || s->state == STORE_WRITE_FAILED) return;
    s->state = s->game ? STORE_IN_PLAY : count_locks(s) ? STORE_LOCKED : STORE_READY;
}

static store_status_t fault(store_t *s) {
    s->state = STORE_FAULTED;
    if (!s->msg[0]) snprintf(s->msg, sizeof s->msg, "The database failed a check.");
    memcpy(s->fault, s->msg, sizeof s->fault);
    return STORE_FAULT;
}

static bool run_checks(store_t *s, bool full) {
    char *res = NULL;
    /* SQLite's own check of its pages and indexes */
    sqlite3_stmt *st = prep(s, "checking the database file",
                            full ? "PRAGMA integrity_check" : "PRAGMA quick_check", NULL);
    if (!st) return false;
    int rc = sqlite3_step(st);
    if (rc == SQLITE_ROW) {
        const char *t = col_text(st, 0);
        if (strcmp(t, "ok") != 0) res = strdup(t);
    }
    sqlite3_finalize(st);
    if (rc != SQLITE_ROW) return db_fail(s, "checking the database file");
    if (res) {
        broken(s,
               "The database file is damaged (SQLite: %.200s). Play is stopped; an attendant "
               "calls a technician, who restores the database from its backup. The file has not "
               "been changed.",
               res);
        free(res);
        return false;
    }
    return check_macs(s) && check_contiguous(s) && check_balances(s);
}

static bool check_void_marker(store_t *s, int64_t *game) {
    char text[160];
    *game = 0;
    if (!meta_get(s, "void_request", text, sizeof text))
        return broken(s, "The database's void marker is missing.");
    long long g = strtoll(text, NULL, 10);
    char want[128];
    void_marker_text(s, g, want);
    if (strcmp(want, text) != 0)
        return broken(s, "The database's void marker fails its checksum: the database was "
                         "changed outside the game.");
    *game = g;
    return true;
}

static bool file_is_empty(const char *path, bool *exists) {
    struct stat sb;
    *exists = stat(path, &sb) == 0;
    return *exists && sb.st_size == 0;
}

static store_status_t open_fail(store_t *s, char *err, size_t errlen) {
    fault(s);
    if (err && errlen) snprintf(err, errlen, "%s", s->msg);
    return STORE_FAULT;
}

store_status_t store_open(const char *path, store_t **out, char *err, size_t errlen) {
    return store_open_ex(path, NULL, out, err, errlen);
}

/* A new database is made whole beside its final name and renamed into place, so that a power
 * cut while it is being created leaves no file (the next start simply creates it again)
 * rather than an empty one, which a start must refuse as a truncated record. */
static store_status_t open_impl(const char *path, const store_options_t *opt, store_t **out,
                                char *err, size_t errlen, bool creating);

static bool create_whole(const char *path, const store_options_t *opt, char *err, size_t errlen) {
    char tmp[4096];
    if ((size_t)snprintf(tmp, sizeof tmp, "%s.new", path) >= sizeof tmp) {
        if (err && errlen) snprintf(err, errlen, "the database path %s is too long", path);
        return false;
    }
    static const char *const sidecars[] = {"", "-wal", "-shm", "-journal"};
    for (size_t i = 0; i < sizeof sidecars / sizeof sidecars[0]; i++) {
        char side[4200];
        snprintf(side, sizeof side, "%s%s", tmp, sidecars[i]);
        unlink(side); /* a half-made database from an earlier cut: never the machine's record */
    }
    store_t *fresh = NULL;
    store_status_t st = open_impl(tmp, opt, &fresh, err, errlen, true);
    store_close(fresh); /* checkpoints the log into the file and removes it */
    if (st != STORE_OK) return false;
    int fd = open(tmp, O_RDONLY);
    bool ok = fd >= 0 && fsync(fd) == 0;
    if (fd >= 0) close(fd);
    ok = ok && rename(tmp, path) == 0;
    if (ok) {
        /* the directory entry too */
        char dir[4096];
        snprintf(dir, sizeof dir, "%s", path);
        char *slash = strrchr(dir, '/');
        if (slash)
            *slash = '\0';
        else
            snprintf(dir, sizeof dir, ".");
        int dfd = open(dir, O_RDONLY);
        if (dfd >= 0) fsync(dfd), close(dfd);
    } else if (err && errlen) {
        snprintf(err, errlen, "the new database %s could not be put in place: %s", path,
                 strerror(errno));
    }
    return ok;
}

store_status_t store_open_ex(const char *path, const store_options_t *opt, store_t **out, char *err,
                             size_t errlen) {
    return open_impl(path, opt, out, err, errlen, false);
}

static store_status_t open_impl(const char *path, const store_options_t *opt, store_t **out,
                                char *err, size_t errlen, bool creating) {
    store_options_t o = {0};
    if (opt) o = *opt;
    *out = NULL;
    struct stat existing;
    if (!creating && !o.read_only && stat(path, &existing) != 0 && errno == ENOENT &&
        !create_whole(path, opt, err, errlen)) {
        /* fall through: the open below reports what is wrong with the place */
    }
    store_t *s = calloc(1, sizeof *s);
    if (s) {
        s->shadow = calloc(1, sizeof *s->shadow);
        s->backup = calloc(1, sizeof *s->backup);
        s->head = calloc(1, sizeof *s->head);
    }
    if (!s || !s->shadow || !s->backup || !s->head || sodium_init() < 0) {
        if (s) free(s->shadow), free(s->backup), free(s->head);
        free(s);
        if (err && errlen)
            snprintf(err, errlen, "no memory (or libsodium failed) to open %s", path);
        return STORE_FAULT;
    }
    *out = s;
    s->read_only = o.read_only;
    s->fail_marker = o.test_fail_marker;
    start_op(s);

    bool exists;
    if (file_is_empty(path, &exists)) {
        broken(s,
               "The database file %s is empty: it was truncated or replaced. Play is stopped "
               "and nothing was created over it; an attendant calls a technician, who restores "
               "the database from its backup.",
               path);
        return open_fail(s, err, errlen);
    }
    if (!exists && o.read_only) {
        broken(s, "There is no database at %s.", path);
        return open_fail(s, err, errlen);
    }
    int flags = o.read_only ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE;
    if (sqlite3_open_v2(path, &s->db, flags, NULL) != SQLITE_OK) {
        if (s->db)
            db_fail(s, "opening the database");
        else
            broken(s, "The database %s cannot be opened (no memory).", path);
        return open_fail(s, err, errlen);
    }
    sqlite3_extended_result_codes(s->db, 1);
    sqlite3_busy_timeout(s->db, 5000);

    /* WAL survives a crash with every committed transaction; FULL syncs the log at each commit,
     * so that a power cut cannot lose a committed action */
    if (!o.read_only) {
        int64_t dummy;
        /* one game process per database: a second one (a hung instance, a restart too early)
         * waits for the lock and then refuses instead of interleaving its rounds */
        if (!exec(s, "PRAGMA locking_mode=EXCLUSIVE", "opening the database") ||
            !q_int(s, &dummy, 0, "opening the database", "PRAGMA journal_mode=WAL") ||
            !exec(s, o.unsafe_no_sync ? "PRAGMA synchronous=OFF" : "PRAGMA synchronous=FULL",
                  "opening the database"))
            return open_fail(s, err, errlen);
    }
    if (!exec(s, "PRAGMA foreign_keys=ON; PRAGMA cell_size_check=ON", "opening the database"))
        return open_fail(s, err, errlen);

    /* which database is this, and of which version */
    int64_t app_id, ntables, has_version;
    if (!q_int(s, &app_id, 0, "opening the database", "PRAGMA application_id") ||
        !q_int(s, &ntables, 0, "opening the database",
               "SELECT COUNT(*) FROM sqlite_master WHERE name NOT LIKE 'sqlite_%'") ||
        !q_int(s, &has_version, 0, "opening the database",
               "SELECT COUNT(*) FROM sqlite_master WHERE type='table' AND "
               "name='schema_version'"))
        return open_fail(s, err, errlen);
    if ((app_id != 0 && app_id != APPLICATION_ID) || (ntables > 0 && !has_version)) {
        broken(s,
               "%s is not a studpoker database (no schema version). Play is stopped; an "
               "attendant checks the configured database path.",
               path);
        return open_fail(s, err, errlen);
    }
    int64_t version = 0;
    if (has_version && !q_int(s, &version, 0, "reading the schema version",
                              "SELECT COALESCE(MAX(version),0) FROM schema_version"))
        return open_fail(s, err, errlen);
    if (version > STORE_SCHEMA_VERSION || version < 0 || (has_version && version == 0)) {
        broken(s,
               "The database has schema version %lld; this program knows versions up to %d. "
               "It was written by a newer program (or changed by hand): play is stopped and "
               "nothing was changed; install the program that wrote it or restore a backup.",
               (long long)version, STORE_SCHEMA_VERSION);
        return open_fail(s, err, errlen);
    }
    const uint8_t *machine_key = o.mac_key ? o.mac_key : DEFAULT_KEY;
    if (version < STORE_SCHEMA_VERSION) {
        if (o.read_only) {
            broken(s,
                   "The database has schema version %lld and needs migrating; open it "
                   "read-write once.",
                   (long long)version);
            return open_fail(s, err, errlen);
        }
        if (!exec(s, "BEGIN IMMEDIATE", "migrating the database")) return open_fail(s, err, errlen);
        if (version == 0 &&
            !exec(s,
                  "CREATE TABLE schema_version(version INTEGER NOT NULL, utc INTEGER NOT NULL,"
                  " note TEXT NOT NULL)",
                  "creating the database")) {
            tx_rollback(s);
            return open_fail(s, err, errlen);
        }
        for (int64_t v = version; v < STORE_SCHEMA_VERSION; v++) {
            char note[64];
            snprintf(note, sizeof note, "migrated from version %lld", (long long)v);
            sqlite3_stmt *st = NULL;
            bool ok = MIGRATIONS[v](s, machine_key);
            if (ok)
                st = prep(s, "migrating the database", "INSERT INTO schema_version VALUES(?,?,?)",
                          "iit", v + 1, now_utc(), note);
            ok = st && sqlite3_step(st) == SQLITE_DONE;
            if (st && !ok) db_fail(s, "migrating the database");
            sqlite3_finalize(st);
            if (!ok) {
                tx_rollback(s);
                return open_fail(s, err, errlen);
            }
        }
        if (!exec(s, "COMMIT", "migrating the database")) {
            tx_rollback(s);
            return open_fail(s, err, errlen);
        }
    }

    char db_id[64], check[2 * MAC_BYTES + 1], want[2 * MAC_BYTES + 1];
    if (!meta_get(s, "db_id", db_id, sizeof db_id) ||
        !meta_get(s, "key_check", check, sizeof check)) {
        broken(s, "The database's identity is missing: it was changed outside the game. Play is "
                  "stopped; an attendant calls a technician.");
        return open_fail(s, err, errlen);
    }
    derive_key(s, machine_key, db_id);
    key_check_text(s, want);
    if (strcmp(want, check) != 0) {
        broken(s, "The database was written by another machine (its checksum key differs). "
                  "Play is stopped; an attendant checks the configured database path.");
        return open_fail(s, err, errlen);
    }

    int64_t void_game;
    if (!run_checks(s, false) || !load_in_play(s) || !check_void_marker(s, &void_game))
        return open_fail(s, err, errlen);
    settle_state(s);
    if (o.test_page_limit > 0) {
        int64_t pages, dummy;
        char sql[64];
        if (!q_int(s, &pages, 0, "limiting the database", "PRAGMA page_count"))
            return open_fail(s, err, errlen);
        snprintf(sql, sizeof sql, "PRAGMA max_page_count=%lld",
                 (long long)pages + o.test_page_limit);
        if (!q_int(s, &dummy, 0, "limiting the database", sql)) return open_fail(s, err, errlen);
    }
    if (!o.read_only) {
        /* a void that could only leave its marker before: do it now */
        if (void_game && void_game == s->game) {
            if (store_round_void(s, "a write failed during this game; voided at start-up") !=
                STORE_OK)
                return open_fail(s, err, errlen);
            start_op(s);
        }
        int64_t game = 0;
        bool ok = tx_begin(s) && last_game(s, &game) && audit_add(s, "power-up", game, 0, 0, "") &&
                  meter_add(s, game, 0, "power_ups", 1) && tx_commit(s);
        if (!ok) {
            tx_rollback(s);
            return open_fail(s, err, errlen);
        }
        /* room for a void on a full disk; fine if there is no room for it now */
        sqlite3_exec(s->db,
                     "INSERT INTO spare(id, filler) SELECT 1, zeroblob(65536) WHERE NOT EXISTS "
                     "(SELECT 1 FROM spare)",
                     NULL, NULL, NULL);
    }
    s->msg[0] = '\0';
    s->msg_set = false;
    s->fail_after = o.test_commits_before_failure; /* counted from here */
    return STORE_OK;
}

void store_close(store_t *s) {
    if (!s) return;
    if (s->db) {
        tx_rollback(s);
        sqlite3_close_v2(s->db);
    }
    sodium_memzero(s->key, sizeof s->key);
    free(s->shadow);
    free(s->backup);
    free(s->head);
    free(s);
}

store_status_t store_verify(store_t *s, bool full) {
    start_op(s);
    if (!run_checks(s, full)) return fault(s);
    if (full) {
        int64_t n = store_history_count(s);
        if (n < 0) return fault(s);
        store_round_record_t *rec = malloc(sizeof *rec);
        round_t *r = malloc(sizeof *r);
        if (!rec || !r) {
            free(rec), free(r);
            return refuse(s, "no memory to check the history");
        }
        bool ok = true;
        for (int64_t g = 1; ok && g <= n + (s->game ? 1 : 0); g++) {
            if (g == s->game) continue;
            jackpot_pool_t pool;
            char err[256];
            ok = store_history_game(s, g, rec) == STORE_OK;
            if (ok && store_round_replay(rec, r, &pool, err, sizeof err) != STORE_OK)
                ok = broken(s,
                            "Game %lld does not replay to its recorded results: %s. Play is "
                            "stopped; an attendant calls a technician.",
                            (long long)g, err);
        }
        free(rec);
        free(r);
        if (!ok) return fault(s);
    }
    return STORE_OK;
}

/* ---- guards ---- */

static store_status_t need_writable(store_t *s) {
    if (s->state == STORE_FAULTED || s->state == STORE_WRITE_FAILED) {
        memcpy(s->msg, s->fault, sizeof s->msg);
        if (!s->msg[0]) snprintf(s->msg, sizeof s->msg, "The store is in a fault state.");
        return STORE_FAULT;
    }
    if (s->read_only) return refuse(s, "The database is open read-only.");
    return STORE_OK;
}

/* After a failed write outside a round: roll back, then lock the machine with the reason if
 * that can still be written. */
static store_status_t write_failed(store_t *s, bool in_round) {
    tx_rollback(s);
    if (s->integrity) return fault(s);
    if (!in_round) {
        char reason[STORE_MSG_LEN];
        memcpy(reason, s->msg, sizeof reason);
        int64_t game = 0;
        bool ok = tx_begin(s) && last_game(s, &game) && lock_add(s, "fault", game, 0, 0, reason) &&
                  audit_add(s, "fault", game, 0, 0, reason) && tx_commit(s);
        if (ok) {
            memcpy(s->msg, reason, sizeof reason);
            s->state = STORE_LOCKED;
            return STORE_FAULT;
        }
        tx_rollback(s);
        memcpy(s->msg, reason, sizeof reason);
    }
    s->state = STORE_WRITE_FAILED;
    memcpy(s->fault, s->msg, sizeof s->fault);
    return STORE_FAULT;
}

static store_status_t need_idle(store_t *s, const char *what) {
    store_status_t st = need_writable(s);
    if (st != STORE_OK) return st;
    if (s->game) return refuse(s, "%s waits until game %lld is over.", what, (long long)s->game);
    if (s->state == STORE_LOCKED)
        return refuse(s, "%s waits: the machine is locked for an attendant.", what);
    return STORE_OK;
}

static bool seat_ok(int seat) {
    return seat >= 0 && seat < RULES_MAX_SEATS;
}

/* ---- money ---- */

store_status_t store_credits(store_t *s, int seat, int64_t *credits) {
    start_op(s);
    *credits = 0;
    if (!seat_ok(seat)) return refuse(s, "There is no seat %d.", seat + 1);
    bool exists;
    if (!read_value(s, "credits", "seat", sv_int(seat), credits, &exists))
        return s->integrity ? fault(s) : STORE_FAULT;
    return STORE_OK;
}

static const char *const IN_METERS[] = {"coin_in", "bill_in", "voucher_in", "attendant_in"};
static const char *const OUT_METERS[] = {"credit_out", "handpaid_credits", "cancelled_credits"};

store_status_t store_credit_in(store_t *s, int seat, store_credit_in_t kind, int64_t amount,
                               const char *detail) {
    start_op(s);
    store_status_t g = need_idle(s, "Adding credits");
    if (g != STORE_OK) return g;
    if (!seat_ok(seat) || kind < STORE_IN_COIN || kind > STORE_IN_ATTENDANT || amount <= 0 ||
        amount > (int64_t)1e15)
        return refuse(s, "Credits in: bad seat, kind or amount.");
    int64_t game = 0;
    bool ok =
        tx_begin(s) && last_game(s, &game) && meter_add(s, game, seat, IN_METERS[kind], amount);
    if (ok && kind == STORE_IN_ATTENDANT)
        ok = audit_add(s, "credits-added", game, seat, amount, detail);
    if (!(ok && tx_commit(s))) return write_failed(s, false);
    return STORE_OK;
}

store_status_t store_credit_out(store_t *s, int seat, store_credit_out_t kind, int64_t amount,
                                const char *detail) {
    start_op(s);
    store_status_t g = need_idle(s, "A cash-out");
    if (g != STORE_OK) return g;
    if (!seat_ok(seat) || kind < STORE_OUT_CASHOUT || kind > STORE_OUT_CANCEL || amount <= 0)
        return refuse(s, "Credits out: bad seat, kind or amount.");
    int64_t have;
    if (store_credits(s, seat, &have) != STORE_OK) return STORE_FAULT;
    if (amount > have)
        return refuse(s, "Seat %d has %lld credits; %lld cannot be paid out.", seat + 1,
                      (long long)have, (long long)amount);
    int64_t game = 0;
    bool ok =
        tx_begin(s) && last_game(s, &game) && meter_add(s, game, seat, OUT_METERS[kind], amount);
    if (ok && kind != STORE_OUT_CASHOUT)
        ok = audit_add(s, kind == STORE_OUT_HANDPAY ? "handpaid-credits" : "credits-removed", game,
                       seat, amount, detail);
    if (ok && kind == STORE_OUT_CASHOUT && detail && detail[0])
        ok = audit_add(s, "voucher-out", game, seat, amount, detail);
    if (!(ok && tx_commit(s))) return write_failed(s, false);
    return STORE_OK;
}

store_status_t store_meter(store_t *s, const char *name, int64_t *value) {
    start_op(s);
    bool exists;
    if (!read_value(s, "meters", "name", sv_text(name), value, &exists))
        return s->integrity ? fault(s) : STORE_FAULT;
    return STORE_OK;
}

int store_meters(store_t *s, store_meter_value_t *out, int max) {
    start_op(s);
    sqlite3_stmt *st =
        prep(s, "reading the meters", "SELECT name, value, mac FROM meters ORDER BY name", NULL);
    if (!st) return -1;
    int n = 0, rc;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW && n < max) {
        if (!mac_check_stmt(s, "meters", st)) {
            broken(s,
                   "The meter '%s' fails its checksum: the database was changed outside the "
                   "game. Play is stopped; an attendant calls a technician.",
                   col_text(st, 0));
            sqlite3_finalize(st);
            fault(s);
            return -1;
        }
        snprintf(out[n].name, sizeof out[n].name, "%s", col_text(st, 0));
        out[n].value = sqlite3_column_int64(st, 1);
        n++;
    }
    sqlite3_finalize(st);
    if (rc != SQLITE_DONE && rc != SQLITE_ROW) {
        db_fail(s, "reading the meters");
        return -1;
    }
    return n;
}

static bool games_since(store_t *s, const char *event, int64_t *n) {
    char sql[320];
    snprintf(sql, sizeof sql,
             "SELECT COUNT(*) FROM round_end WHERE status='settled' AND game > COALESCE((SELECT "
             "game FROM audit WHERE event='%s' ORDER BY id DESC LIMIT 1), 0)",
             event);
    return q_int(s, n, 0, "reading the session meters", sql);
}

store_status_t store_session_counts(store_t *s, int64_t *since_power_up, int64_t *since_door) {
    start_op(s);
    if (!games_since(s, "power-up", since_power_up) || !games_since(s, "door-close", since_door))
        return STORE_FAULT;
    return STORE_OK;
}

store_status_t store_door(store_t *s, bool open) {
    start_op(s);
    store_status_t g = need_writable(s);
    if (g != STORE_OK) return g;
    int64_t game = 0;
    bool ok = tx_begin(s) && last_game(s, &game) &&
              audit_add(s, open ? "door-open" : "door-close", game, 0, 0, "") &&
              (!open || meter_add(s, game, 0, "door_openings", 1)) && tx_commit(s);
    if (!ok) return write_failed(s, s->game != 0);
    return STORE_OK;
}

/* ---- pools ---- */

const char *store_pool_key(const rules_t *rules) {
    static const char *const jackpot[PRESET_COUNT] = {
        "caribbean-classic/jackpot", "caribbean-live/jackpot", "caribbean-us/jackpot",
        "casino-stud-uk/jackpot",    "cajun/jackpot",          "asian/jackpot"};
    static const char *const progressive[PRESET_COUNT] = {
        "caribbean-classic/progressive", "caribbean-live/progressive", "caribbean-us/progressive",
        "casino-stud-uk/progressive",    "cajun/progressive",          "asian/progressive"};
    if (rules->preset < 0 || rules->preset >= PRESET_COUNT) return NULL;
    if (rules->offered[WAGER_JACKPOT]) return jackpot[rules->preset];
    if (rules->offered[WAGER_PROGRESSIVE]) return progressive[rules->preset];
    return NULL;
}

store_status_t store_pool_read(store_t *s, const char *key, jackpot_pool_t *pool) {
    start_op(s);
    bool exists;
    if (!pool_get(s, key, pool, &exists)) return s->integrity ? fault(s) : STORE_FAULT;
    if (!exists) return refuse(s, "There is no jackpot pool '%s'.", key);
    return STORE_OK;
}

store_status_t store_pool_for_rules(store_t *s, const rules_t *rules, jackpot_pool_t *pool) {
    start_op(s);
    memset(pool, 0, sizeof *pool);
    const char *key = store_pool_key(rules);
    if (!key) return refuse(s, "These rules offer no jackpot.");
    bool exists;
    if (!pool_get(s, key, pool, &exists)) return s->integrity ? fault(s) : STORE_FAULT;
    if (exists) return STORE_OK;
    store_status_t g = need_writable(s);
    if (g != STORE_OK) return g;
    int64_t seed = rules->offered[WAGER_JACKPOT] ? rules->jackpot_seed : rules->progressive_reset;
    jackpot_pool_t zero = {0};
    jackpot_init(pool, seed);
    char detail[96];
    snprintf(detail, sizeof detail, "%s seeded with %lld", key, (long long)seed);
    int64_t game = 0;
    bool ok = tx_begin(s) && last_game(s, &game) &&
              pool_put(s, key, &zero, pool, game, "created") &&
              audit_add(s, "pool-created", game, 0, seed, detail) && tx_commit(s);
    if (!ok) return write_failed(s, s->game != 0);
    return STORE_OK;
}

store_status_t store_pool_reseed(store_t *s, const rules_t *rules, const char *detail,
                                 int64_t *added) {
    start_op(s);
    *added = 0;
    store_status_t g = need_idle(s, "A jackpot reset");
    if (g != STORE_OK) return g;
    const char *key = store_pool_key(rules);
    if (!key) return refuse(s, "This game offers no jackpot.");
    jackpot_pool_t old, now;
    bool exists;
    if (!pool_get(s, key, &old, &exists)) return s->integrity ? fault(s) : STORE_FAULT;
    if (!exists) return refuse(s, "The pool '%s' does not exist yet.", key);
    int64_t seed = rules->offered[WAGER_JACKPOT] ? rules->jackpot_seed : rules->progressive_reset;
    int64_t shown = jackpot_read(&old);
    if (shown >= seed)
        return refuse(s,
                      "The pool shows %lld, at or above its seed of %lld: a jackpot never goes "
                      "down except by a recorded win.",
                      (long long)shown, (long long)seed);
    now = old;
    now.value += (seed - shown) * JACKPOT_FRAC;
    now.seeded += seed - shown;
    char d[STORE_MSG_LEN];
    snprintf(d, sizeof d, "%s raised from %lld to its seed %lld by the house (%s)", key,
             (long long)shown, (long long)seed, detail ? detail : "");
    int64_t game = 0;
    bool ok = tx_begin(s) && last_game(s, &game) && pool_put(s, key, &old, &now, game, "reseed") &&
              audit_add(s, "jackpot-reset", game, 0, seed - shown, d) && tx_commit(s);
    if (!ok) return write_failed(s, false);
    *added = seed - shown;
    return STORE_OK;
}

/* ---- the round ---- */

static bool same_pool(const jackpot_pool_t *a, const jackpot_pool_t *b) {
    return a->value == b->value && a->reserve == b->reserve && a->contributed == b->contributed &&
           a->seeded == b->seeded && a->paid == b->paid && a->hits == b->hits;
}

store_status_t store_round_begin(store_t *s, const round_t *r, int64_t *game) {
    start_op(s);
    *game = 0;
    store_status_t g = need_idle(s, "A new game");
    if (g != STORE_OK) return g;
    if (r->phase != ROUND_BETTING || !r->rules)
        return refuse(s, "A round is recorded before its first bet.");
    for (int seat = 0; seat < r->nseats; seat++) {
        if (round_seat_staked(r, seat) != 0)
            return refuse(s, "A round is recorded before its first bet.");
        int64_t have;
        if (store_credits(s, seat, &have) != STORE_OK) return s->integrity ? fault(s) : STORE_FAULT;
        if (have != r->seat[seat].credits)
            return refuse(s, "Seat %d: the game has %lld credits but the machine has %lld.",
                          seat + 1, (long long)r->seat[seat].credits, (long long)have);
    }
    const rules_t *ru = r->rules;
    const char *pool_key = store_pool_key(ru);
    jackpot_pool_t pool = {0};
    if (pool_key) {
        bool exists;
        if (!pool_get(s, pool_key, &pool, &exists)) return s->integrity ? fault(s) : STORE_FAULT;
        if (!exists || !r->pool || !same_pool(&pool, r->pool))
            return refuse(s,
                          "The round's jackpot pool is not the stored pool '%s' (read it with "
                          "store_pool_for_rules).",
                          pool_key);
    }

    uint8_t blob[STORE_RULES_MAX_BYTES], hash[STORE_HASH_BYTES];
    size_t blen = store_rules_encode(ru, blob, sizeof blob);
    store_rules_hash(ru, hash);
    char deck[DECK_MAX * 3 + 1];
    store_cards_text(r->deck.cards, r->deck.count, deck, sizeof deck);

    int64_t g_no = 0, have_rules = 0;
    bool ok = tx_begin(s) && last_game(s, &g_no);
    g_no++;
    if (ok) {
        sqlite3_stmt *st = prep(s, "recording the rules", "SELECT COUNT(*) FROM rules WHERE hash=?",
                                "b", hash, STORE_HASH_BYTES);
        ok = st && sqlite3_step(st) == SQLITE_ROW;
        if (ok)
            have_rules = sqlite3_column_int64(st, 0);
        else if (st)
            db_fail(s, "recording the rules");
        sqlite3_finalize(st);
    }
    if (ok && !have_rules) {
        sv_t row[] = {sv_blob(hash, STORE_HASH_BYTES), sv_text(rules_preset_key(ru->preset)),
                      sv_blob(blob, (int)blen)};
        ok = row_insert(s, "rules", row, 3, "recording the rules");
    }
    if (ok) {
        sv_t row[] = {sv_int(g_no),
                      sv_int(now_utc()),
                      sv_text(rules_preset_key(ru->preset)),
                      sv_blob(hash, STORE_HASH_BYTES),
                      sv_int(r->nseats),
                      sv_text(deck),
                      sv_text(pool_key),
                      sv_int(pool.value),
                      sv_int(pool.reserve),
                      sv_int(pool.contributed),
                      sv_int(pool.seeded),
                      sv_int(pool.paid),
                      sv_int(pool.hits)};
        ok = row_insert(s, "round_start", row, 13, "recording the deck of a new game");
    }
    for (int seat = 0; ok && seat < r->nseats; seat++) {
        char last[256];
        store_stakes_text(r->seat[seat].last_stake, last, sizeof last);
        sv_t row[] = {sv_int(g_no), sv_int(seat), sv_int(r->seat[seat].credits), sv_text(last)};
        ok = row_insert(s, "round_start_seats", row, 4, "recording a new game");
    }
    if (!(ok && tx_commit(s))) return write_failed(s, false);

    /* the store's own copy of the round, for checking and recovery */
    s->game = g_no;
    s->rules = *ru;
    memcpy(s->rules_hash, hash, sizeof hash);
    s->has_pool = pool_key != NULL;
    snprintf(s->pool_key, sizeof s->pool_key, "%s", pool_key ? pool_key : "");
    s->pool = s->pool_begin = pool;
    s->nactions = 0;
    int64_t credits[RULES_MAX_SEATS], last[RULES_MAX_SEATS * WAGER_COUNT];
    for (int seat = 0; seat < r->nseats; seat++) {
        credits[seat] = r->seat[seat].credits;
        memcpy(last + (size_t)seat * WAGER_COUNT, r->seat[seat].last_stake,
               sizeof r->seat[seat].last_stake);
    }
    if (!replay_into(s, s->shadow, &s->rules, &r->deck, r->nseats, credits, last,
                     s->has_pool ? &s->pool : NULL, NULL, 0))
        return fault(s);
    s->state = STORE_IN_PLAY;
    *game = g_no;
    return STORE_OK;
}

store_status_t store_round_action(store_t *s, const round_action_t *a, round_status_t *why) {
    start_op(s);
    if (why) memset(why, 0, sizeof *why);
    store_status_t g = need_writable(s);
    if (g != STORE_OK) return g;
    if (!s->game) return refuse(s, "No game is in play.");
    if (a->type == ACT_VOID) return refuse(s, "A round is voided with store_round_void.");
    if (s->nactions >= STORE_MAX_ACTIONS)
        return refuse(s, "Too many changes in one game: clear the bets or deal.");
    memcpy(s->backup, s->shadow, sizeof *s->backup);
    s->pool_backup = s->pool;
    round_status_t rs = round_apply(s->shadow, a);
    if (rs.refusal) {
        memcpy(s->shadow, s->backup, sizeof *s->shadow);
        s->pool = s->pool_backup;
        if (why) *why = rs;
        return refuse(s, "%s", rs.message);
    }
    const char *wager = a->type == ACT_BET ? wager_key((wager_t)a->wager) : NULL;
    sv_t row[] = {sv_int(s->game),     sv_int(s->nactions),
                  sv_int(now_utc()),   sv_text(store_action_name(a->type)),
                  sv_int(a->seat),     sv_text(wager),
                  sv_int(a->multiple), sv_int(a->amount)};
    bool ok = tx_begin(s) &&
              row_insert(s, "round_actions", row, 8, "recording a player's action") && tx_commit(s);
    if (!ok) {
        memcpy(s->shadow, s->backup, sizeof *s->shadow);
        s->pool = s->pool_backup;
        return write_failed(s, true);
    }
    s->actions[s->nactions++] = *a;
    return STORE_OK;
}

/* The game's own round against the store's. */
static bool same_round(const round_t *a, const round_t *b) {
    if (a->phase != b->phase || a->nseats != b->nseats) return false;
    for (int seat = 0; seat < a->nseats; seat++) {
        const round_seat_t *x = &a->seat[seat], *y = &b->seat[seat];
        if (x->in_round != y->in_round || x->credits != y->credits || x->ncards != y->ncards ||
            memcmp(x->stake, y->stake, sizeof x->stake) != 0 ||
            memcmp(x->returned, y->returned, sizeof x->returned) != 0 ||
            memcmp(x->outcome, y->outcome, sizeof x->outcome) != 0 ||
            memcmp(x->cards, y->cards, (size_t)x->ncards) != 0)
            return false;
    }
    if ((a->pool == NULL) != (b->pool == NULL)) return false;
    return !a->pool || same_pool(a->pool, b->pool);
}

static int64_t seat_event_sum(const round_t *r, round_event_type_t type, int seat) {
    int64_t t = 0;
    for (int i = 0; i < r->nevents; i++)
        if (r->events[i].type == type && r->events[i].seat == seat) t += r->events[i].amount;
    return t;
}

/* The history rows of the round in play: end, seats, wagers. */
static bool write_history(store_t *s, bool is_void, const char *reason) {
    const round_t *r = s->shadow;
    bool dealt = false;
    for (int seat = 0; seat < r->nseats; seat++) dealt |= r->seat[seat].in_round;
    char dealer[20] = "", board[12] = "";
    if (dealt && r->rules->variant != VARIANT_CAJUN)
        store_cards_text(r->dealer, 5, dealer, sizeof dealer);
    if (dealt && r->rules->variant == VARIANT_CAJUN)
        store_cards_text(r->board, 3, board, sizeof board);
    sv_t end[] = {sv_int(s->game), sv_int(now_utc()), sv_text(is_void ? "void" : "settled"),
                  sv_text(reason), sv_text(dealer),   sv_text(board)};
    if (!row_insert(s, "round_end", end, 6, "recording the end of a game")) return false;
    for (int seat = 0; seat < r->nseats; seat++) {
        const round_seat_t *x = &r->seat[seat];
        char cards[20];
        store_cards_text(x->cards, x->ncards, cards, sizeof cards);
        int64_t after = is_void ? x->credits_start : x->credits;
        int64_t handpay = is_void ? 0 : seat_event_sum(r, EV_HANDPAY, seat);
        int64_t tax = is_void ? 0 : seat_event_sum(r, EV_TAX_FLAG, seat);
        sv_t row[] = {
            sv_int(s->game),          sv_int(seat),      sv_int(x->in_round),
            sv_int(x->credits_start), sv_int(after),     sv_text(cards),
            sv_int(x->hand_value),    sv_int(x->folded), sv_int(x->auto_folded),
            sv_int(handpay),          sv_int(tax),       sv_int(is_void ? 0 : x->commission)};
        if (!row_insert(s, "round_seats", row, 12, "recording a seat's result")) return false;
        for (int w = 0; w < WAGER_COUNT; w++) {
            if (!x->stake[w]) continue;
            int64_t back = is_void ? x->stake[w] : x->returned[w];
            round_outcome_t o = is_void ? OUTCOME_REFUND : x->outcome[w];
            sv_t wr[] = {sv_int(s->game),     sv_int(seat), sv_text(wager_key((wager_t)w)),
                         sv_int(x->stake[w]), sv_int(back), sv_text(store_outcome_key(o))};
            if (!row_insert(s, "round_wagers", wr, 6, "recording a wager's result")) return false;
        }
    }
    return true;
}

store_status_t store_round_finish(store_t *s, const round_t *app) {
    start_op(s);
    store_status_t g = need_writable(s);
    if (g != STORE_OK) return g;
    if (!s->game) return refuse(s, "No game is in play.");
    const round_t *r = s->shadow;
    if (r->phase != ROUND_SETTLED)
        return refuse(s, "Game %lld is not over yet.", (long long)s->game);
    if (app && !same_round(app, r)) {
        snprintf(s->msg, sizeof s->msg,
                 "Game %lld in the game's memory differs from its recorded actions: a memory "
                 "fault. The game must be voided (stakes refunded) and the machine checked.",
                 (long long)s->game);
        s->state = STORE_WRITE_FAILED;
        memcpy(s->fault, s->msg, sizeof s->fault);
        return STORE_FAULT;
    }
    int64_t game = s->game;
    bool ok = tx_begin(s) && write_history(s, false, NULL);
    /* the pool: only over the pool the round started from (a linked pool may have moved) */
    if (ok && s->has_pool) {
        jackpot_pool_t stored;
        bool exists;
        ok = pool_get(s, s->pool_key, &stored, &exists);
        if (ok && (!exists || !same_pool(&stored, &s->pool_begin)))
            ok = broken(s, "The jackpot pool '%s' changed while game %lld was in play.",
                        s->pool_key, (long long)game);
        ok = ok && pool_put(s, s->pool_key, &s->pool_begin, &s->pool, game, "round");
    }
    for (int seat = 0; ok && seat < r->nseats; seat++) {
        const round_seat_t *x = &r->seat[seat];
        int64_t staked = 0, back = 0;
        for (int w = 0; ok && w < WAGER_COUNT; w++) {
            if (!x->stake[w]) continue;
            staked += x->stake[w];
            back += x->returned[w];
            ok = wager_meter(s, game, seat, "wagered", (wager_t)w, x->stake[w]) &&
                 wager_meter(s, game, seat, "won", (wager_t)w, x->returned[w]);
        }
        if (ok && x->in_round) ok = meter_add(s, game, seat, "games_played", 1);
        if (ok && back > staked) ok = meter_add(s, game, seat, "games_won", 1);
        if (ok && x->handpay) {
            char reason[128];
            int64_t win = seat_event_sum(r, EV_HANDPAY, seat);
            snprintf(reason, sizeof reason, "hand pay of %lld on seat %d, game %lld",
                     (long long)win, seat + 1, (long long)game);
            ok = lock_add(s, "handpay", game, seat, win, reason);
        }
        /* what the ledger moved must be what the round moved */
        if (ok && s->delta[seat] != x->credits - x->credits_start)
            ok = broken(s, "internal error: game %lld's ledger and round disagree on seat %d",
                        (long long)game, seat + 1);
    }
    if (ok) ok = tx_commit(s);
    if (!ok) return write_failed(s, true);
    forget_round(s);
    s->state = STORE_READY;
    settle_state(s);
    return STORE_OK;
}

store_status_t store_round_void(store_t *s, const char *reason) {
    start_op(s);
    if (s->state == STORE_FAULTED) return need_writable(s);
    if (s->read_only) return refuse(s, "The database is open read-only.");
    if (!s->game) return refuse(s, "No game is in play.");
    if (!reason || !*reason) reason = "a fault";
    int64_t game = s->game;
    const round_t *r = s->shadow;
    char why[STORE_MSG_LEN];
    snprintf(why, sizeof why, "Game %lld was void: %s. Every stake was refunded.", (long long)game,
             reason);
    char cleared[128];
    void_marker_text(s, 0, cleared);
    /* the spare rows give their pages to this transaction when the disk is full */
    bool ok = tx_begin(s) && exec(s, "DELETE FROM spare", "making room") &&
              write_history(s, true, reason);
    for (int seat = 0; ok && seat < r->nseats; seat++)
        ok = meter_add(s, game, seat, "refunded", round_seat_staked(r, seat));
    ok = ok && meter_add(s, game, 0, "games_voided", 1) && lock_add(s, "fault", game, 0, 0, why) &&
         audit_add(s, "round-void", game, 0, 0, why);
    if (ok) {
        sqlite3_stmt *st = prep(s, "recording a void",
                                "UPDATE meta SET value=? WHERE key='void_request'", "t", cleared);
        ok = st && sqlite3_step(st) == SQLITE_DONE;
        if (st && !ok) db_fail(s, "recording a void");
        sqlite3_finalize(st);
    }
    if (ok) ok = tx_commit(s);
    if (!ok) {
        char first[STORE_MSG_LEN];
        memcpy(first, s->msg, sizeof first);
        tx_rollback(s);
        /* one fixed-size row rewritten in place: the next start voids the round */
        char marker[128];
        void_marker_text(s, game, marker);
        sqlite3_stmt *st = prep(s, "recording a void",
                                "UPDATE meta SET value=? WHERE key='void_request'", "t", marker);
        bool marked = st && !s->fail_marker && sqlite3_step(st) == SQLITE_DONE;
        sqlite3_finalize(st);
        snprintf(s->msg, sizeof s->msg, "Game %lld could not be voided: %.300s %s", (long long)game,
                 first,
                 marked ? "The round will be voided (stakes refunded) at the next start."
                        : "At the next start the round resumes at its last recorded action.");
        s->state = s->integrity ? STORE_FAULTED : STORE_WRITE_FAILED;
        memcpy(s->fault, s->msg, sizeof s->fault);
        return STORE_FAULT;
    }
    forget_round(s);
    s->state = STORE_LOCKED;
    snprintf(s->msg, sizeof s->msg, "%s", why);
    s->msg_set = false;
    sqlite3_exec(s->db,
                 "INSERT INTO spare(id, filler) SELECT 1, zeroblob(65536) WHERE NOT EXISTS "
                 "(SELECT 1 FROM spare)",
                 NULL, NULL, NULL);
    return STORE_OK;
}

store_status_t store_recover(store_t *s, const rules_t *rules, round_t *round, jackpot_pool_t *pool,
                             bool *resumed) {
    start_op(s);
    *resumed = false;
    if (s->state == STORE_FAULTED) return need_writable(s);
    if (!s->game) return STORE_OK;
    uint8_t hash[STORE_HASH_BYTES];
    store_rules_hash(rules, hash);
    if (memcmp(hash, s->rules_hash, sizeof hash) != 0) {
        snprintf(s->msg, sizeof s->msg,
                 "Game %lld was dealt under other settings (%s) than the configuration now "
                 "loaded (%s): it cannot resume. Restore the configuration it was dealt under to "
                 "finish it, or an attendant voids the game (every stake refunded).",
                 (long long)s->game, rules_preset_key(s->rules.preset),
                 rules_preset_key(rules->preset));
        return STORE_FAULT;
    }
    const round_t *sh = s->shadow;
    int64_t credits[RULES_MAX_SEATS], last[RULES_MAX_SEATS * WAGER_COUNT];
    for (int seat = 0; seat < sh->nseats; seat++) {
        credits[seat] = sh->seat[seat].credits_start;
        memcpy(last + (size_t)seat * WAGER_COUNT, sh->seat[seat].last_stake,
               sizeof sh->seat[seat].last_stake);
    }
    *pool = s->pool_begin;
    if (!replay_into(s, round, rules, &sh->deck, sh->nseats, credits, last,
                     s->has_pool ? pool : NULL, s->actions, s->nactions))
        return fault(s);
    if (!same_round(round, sh)) {
        broken(s, "Game %lld does not rebuild the same way twice.", (long long)s->game);
        return fault(s);
    }
    *resumed = true;
    return STORE_OK;
}

store_status_t store_last_stakes(store_t *s, int64_t last[RULES_MAX_SEATS * WAGER_COUNT]) {
    start_op(s);
    memset(last, 0, sizeof(int64_t) * RULES_MAX_SEATS * WAGER_COUNT);
    sqlite3_stmt *st = prep(s, "reading the last bets",
                            "SELECT seat, wager, stake FROM round_wagers WHERE game=(SELECT "
                            "MAX(game) FROM round_end)",
                            NULL);
    if (!st) return STORE_FAULT;
    int rc;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        wager_t w;
        int seat = sqlite3_column_int(st, 0);
        /* REPEAT places the bets made before the deal: the ante and the side bets, never the
         * PLAY or raises a decision made (the round would refuse them) */
        if (seat_ok(seat) && store_wager_from_key(col_text(st, 1), &w) &&
            (w == WAGER_ANTE || wager_is_side(w)))
            last[(size_t)seat * WAGER_COUNT + w] = sqlite3_column_int64(st, 2);
    }
    sqlite3_finalize(st);
    if (rc != SQLITE_DONE) return db_fail(s, "reading the last bets") ? STORE_OK : STORE_FAULT;
    return STORE_OK;
}

/* ---- locks and audit ---- */

int store_locks(store_t *s, store_lock_t *out, int max) {
    start_op(s);
    sqlite3_stmt *st = prep(s, "reading the locks",
                            "SELECT id, kind, game, utc, seat, amount, reason FROM locks WHERE id "
                            "NOT IN (SELECT lock_id FROM lock_clears) ORDER BY id",
                            NULL);
    if (!st) return -1;
    int n = 0, rc;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW && n < max) {
        store_lock_t *l = &out[n++];
        l->id = sqlite3_column_int64(st, 0);
        l->kind = strcmp(col_text(st, 1), "handpay") == 0 ? STORE_LOCK_HANDPAY : STORE_LOCK_FAULT;
        l->game = sqlite3_column_int64(st, 2);
        l->utc = sqlite3_column_int64(st, 3);
        l->seat = sqlite3_column_int(st, 4);
        l->amount = sqlite3_column_int64(st, 5);
        snprintf(l->reason, sizeof l->reason, "%s", col_text(st, 6));
    }
    sqlite3_finalize(st);
    if (rc != SQLITE_DONE && rc != SQLITE_ROW) {
        db_fail(s, "reading the locks");
        return -1;
    }
    return n;
}

store_status_t store_lock_clear(store_t *s, int64_t id, store_clear_t how, const char *detail) {
    start_op(s);
    store_status_t g = need_writable(s);
    if (g != STORE_OK) return g;
    store_lock_t locks[64];
    int n = store_locks(s, locks, 64);
    if (n < 0) return STORE_FAULT;
    const store_lock_t *l = NULL;
    for (int i = 0; i < n; i++)
        if (locks[i].id == id) l = &locks[i];
    if (!l) return refuse(s, "There is no open lock %lld.", (long long)id);
    if (how < STORE_CLEAR_PAID_BY_HAND || how > STORE_CLEAR_FAULT)
        return refuse(s, "There is no such way to clear a lock.");
    bool handpay = l->kind == STORE_LOCK_HANDPAY;
    if (handpay == (how == STORE_CLEAR_FAULT))
        return refuse(s, "Lock %lld is a %s: clear it as one.", (long long)id,
                      handpay ? "hand pay" : "fault");
    static const char *const hows[] = {"paid-by-hand", "to-credits", "fault-cleared"};
    int64_t game = 0;
    sv_t row[] = {sv_int(id), sv_int(now_utc()), sv_text(hows[how]), sv_text(detail ? detail : "")};
    bool ok = tx_begin(s) && last_game(s, &game) &&
              row_insert(s, "lock_clears", row, 4, "clearing a lock");
    if (ok && how == STORE_CLEAR_PAID_BY_HAND) {
        int64_t have;
        bool exists;
        ok = read_value(s, "credits", "seat", sv_int(l->seat), &have, &exists);
        if (ok && have < l->amount)
            ok = broken(s, "Seat %d holds %lld credits, less than the hand pay of %lld.",
                        l->seat + 1, (long long)have, (long long)l->amount);
        ok = ok && meter_add(s, l->game, l->seat, "attendant_jackpots", l->amount) &&
             meter_add(s, l->game, l->seat, "attendant_jackpot_count", 1);
    }
    ok = ok && audit_add(s, handpay ? "handpay-cleared" : "fault-cleared", game, l->seat,
                         handpay ? l->amount : 0, detail);
    if (!(ok && tx_commit(s))) return write_failed(s, false);
    s->state = STORE_READY;
    settle_state(s);
    return STORE_OK;
}

const char *store_audit_name(store_audit_event_t e) {
    static const char *const names[STORE_AUDIT_COUNT] = {
        "config-change", "credits-added", "credits-removed", "jackpot-reset", "handpay-cleared",
        "fault",         "fault-cleared", "door-open",       "door-close",    "power-up",
        "round-void",    "pool-created",  "operator",        "voucher-out"};
    return e >= 0 && e < STORE_AUDIT_COUNT ? names[e] : "?";
}

store_status_t store_audit(store_t *s, store_audit_event_t event, const char *detail) {
    start_op(s);
    store_status_t g = need_writable(s);
    if (g != STORE_OK) return g;
    if (event < 0 || event >= STORE_AUDIT_COUNT) return refuse(s, "Unknown audit event.");
    int64_t game = 0;
    bool ok = tx_begin(s) && last_game(s, &game) &&
              audit_add(s, store_audit_name(event), game, 0, 0, detail) && tx_commit(s);
    if (!ok) return write_failed(s, s->game != 0);
    return STORE_OK;
}

int64_t store_audit_count(store_t *s, store_audit_event_t event) {
    start_op(s);
    if (event < 0 || event >= STORE_AUDIT_COUNT) return -1;
    sqlite3_stmt *st = prep(s, "reading the audit log", "SELECT COUNT(*) FROM audit WHERE event=?",
                            "t", store_audit_name(event));
    if (!st) return -1;
    int64_t n = -1;
    if (sqlite3_step(st) == SQLITE_ROW)
        n = sqlite3_column_int64(st, 0);
    else
        db_fail(s, "reading the audit log");
    sqlite3_finalize(st);
    return n;
}

static bool setting_word_ok(const char *w, bool name) {
    size_t n = strlen(w);
    if (n == 0 || n > 63) return false;
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)w[i];
        if (name ? !((c >= 'a' && c <= 'z') || c == '_' || c == '.') : (c <= ' ' || c > '~'))
            return false;
    }
    return true;
}

bool store_setting_get(store_t *s, const char *name, char *value, size_t cap) {
    start_op(s);
    if (!setting_word_ok(name, true) || cap == 0) return false;
    char prefix[80];
    snprintf(prefix, sizeof prefix, "%s=", name);
    sqlite3_stmt *st = prep(s, "reading the settings",
                            "SELECT detail FROM audit WHERE event='config-change' AND "
                            "substr(detail,1,?)=? ORDER BY id DESC LIMIT 1",
                            "it", (int64_t)strlen(prefix), prefix);
    if (!st) return false;
    bool ok = false;
    if (sqlite3_step(st) == SQLITE_ROW) {
        const char *d = col_text(st, 0) + strlen(prefix);
        size_t n = strcspn(d, " ");
        if (n < cap) {
            memcpy(value, d, n);
            value[n] = '\0';
            ok = true;
        }
    }
    sqlite3_finalize(st);
    return ok;
}

store_status_t store_setting_set(store_t *s, const char *name, const char *value) {
    start_op(s);
    store_status_t g = need_idle(s, "A settings change");
    if (g != STORE_OK) return g;
    if (!setting_word_ok(name, true) || !setting_word_ok(value, false))
        return refuse(s, "A setting needs a name of a-z, _ and . and a value without spaces.");
    int64_t on = 0;
    if (!q_int(s, &on, 0, "reading the credits", "SELECT COALESCE(SUM(value),0) FROM credits"))
        return s->integrity ? fault(s) : STORE_FAULT;
    if (on > 0) return refuse(s, "Settings change only with no credits on the machine.");
    char old[64] = "", detail[160];
    if (!store_setting_get(s, name, old, sizeof old)) snprintf(old, sizeof old, "config");
    snprintf(detail, sizeof detail, "%s=%s (was %s)", name, value, old);
    int64_t game = 0;
    bool ok = tx_begin(s) && last_game(s, &game) &&
              audit_add(s, "config-change", game, 0, 0, detail) && tx_commit(s);
    if (!ok) return write_failed(s, false);
    return STORE_OK;
}

int store_audit_read(store_t *s, store_audit_row_t *out, int n) {
    start_op(s);
    sqlite3_stmt *st = prep(
        s, "reading the audit log",
        "SELECT id, utc, game, event, detail FROM audit ORDER BY id DESC LIMIT ?", "i", (int64_t)n);
    if (!st) return -1;
    int k = 0, rc;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW && k < n) {
        store_audit_row_t *a = &out[k++];
        a->id = sqlite3_column_int64(st, 0);
        a->utc = sqlite3_column_int64(st, 1);
        a->game = sqlite3_column_int64(st, 2);
        snprintf(a->event, sizeof a->event, "%s", col_text(st, 3));
        snprintf(a->detail, sizeof a->detail, "%s", col_text(st, 4));
    }
    sqlite3_finalize(st);
    if (rc != SQLITE_DONE && rc != SQLITE_ROW) {
        db_fail(s, "reading the audit log");
        return -1;
    }
    return k;
}

/* ---- history ---- */

int64_t store_history_count(store_t *s) {
    int64_t n;
    if (!q_int(s, &n, 0, "reading the history", "SELECT COUNT(*) FROM round_end")) return -1;
    return n;
}

static void format_utc(int64_t t, char out[32]) {
    time_t tt = (time_t)t;
    struct tm tm;
    if (gmtime_r(&tt, &tm))
        strftime(out, 32, "%Y-%m-%d %H:%M:%S UTC", &tm);
    else
        snprintf(out, 32, "%lld", (long long)t);
}

store_status_t store_history_game(store_t *s, int64_t game, store_round_record_t *rec) {
    start_op(s);
    round_head_t *hp = s->head;
#define h (*hp)
    memset(rec, 0, sizeof *rec);
    sqlite3_stmt *st =
        prep(s, "reading the history",
             "SELECT utc, status, reason, dealer, board FROM round_end WHERE game=?", "i", game);
    if (!st) return STORE_FAULT;
    int rc = sqlite3_step(st);
    if (rc != SQLITE_ROW) {
        sqlite3_finalize(st);
        if (rc == SQLITE_DONE)
            return refuse(s, "Game %lld is not in the history.", (long long)game);
        db_fail(s, "reading the history");
        return STORE_FAULT;
    }
    rec->finished_utc = sqlite3_column_int64(st, 0);
    rec->is_void = strcmp(col_text(st, 1), "void") == 0;
    snprintf(rec->void_reason, sizeof rec->void_reason, "%s", col_text(st, 2));
    rec->ndealer = store_cards_parse(col_text(st, 3), rec->dealer, 5);
    rec->nboard = store_cards_parse(col_text(st, 4), rec->board, 3);
    sqlite3_finalize(st);
    if (!load_head(s, game, &h)) return s->integrity ? fault(s) : STORE_FAULT;
    rec->game = game;
    rec->started_utc = h.utc;
    format_utc(rec->finished_utc, rec->finished_text);
    snprintf(rec->preset, sizeof rec->preset, "%s", h.preset);
    memcpy(rec->rules_hash, h.hash, sizeof h.hash);
    rec->rules = h.rules;
    rec->deck = h.deck;
    rec->nseats = h.nseats;
    rec->nactions = h.nactions;
    memcpy(rec->actions, h.actions, sizeof(round_action_t) * (size_t)h.nactions);
    rec->has_pool = h.has_pool;
    snprintf(rec->pool_key, sizeof rec->pool_key, "%s", h.pool_key);
    rec->pool_before = rec->pool_after = h.pool;
    for (int seat = 0; seat < h.nseats; seat++)
        memcpy(rec->seat[seat].last_stake, h.last + (size_t)seat * WAGER_COUNT,
               sizeof rec->seat[seat].last_stake);
#undef h

    st = prep(s, "reading the history",
              "SELECT seat, in_round, credits_before, credits_after, cards, hand_value, folded, "
              "auto_folded, handpay, tax, commission FROM round_seats WHERE game=? ORDER BY seat",
              "i", game);
    if (!st) return STORE_FAULT;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        int seat = sqlite3_column_int(st, 0);
        if (!seat_ok(seat)) continue;
        store_seat_record_t *x = &rec->seat[seat];
        x->in_round = sqlite3_column_int(st, 1);
        x->credits_before = sqlite3_column_int64(st, 2);
        x->credits_after = sqlite3_column_int64(st, 3);
        x->ncards = store_cards_parse(col_text(st, 4), x->cards, 5);
        x->hand_value = sqlite3_column_int(st, 5);
        x->folded = sqlite3_column_int(st, 6);
        x->auto_folded = sqlite3_column_int(st, 7);
        x->handpay = sqlite3_column_int64(st, 8);
        x->tax = sqlite3_column_int64(st, 9);
        x->commission = sqlite3_column_int64(st, 10);
    }
    sqlite3_finalize(st);
    if (rc != SQLITE_DONE) return db_fail(s, "reading the history") ? STORE_OK : STORE_FAULT;

    st = prep(s, "reading the history",
              "SELECT seat, wager, stake, returned, outcome FROM round_wagers WHERE game=?", "i",
              game);
    if (!st) return STORE_FAULT;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        int seat = sqlite3_column_int(st, 0);
        wager_t w;
        round_outcome_t o;
        if (!seat_ok(seat) || !store_wager_from_key(col_text(st, 1), &w) ||
            !store_outcome_from_key(col_text(st, 4), &o))
            continue;
        rec->seat[seat].stake[w] = sqlite3_column_int64(st, 2);
        rec->seat[seat].returned[w] = sqlite3_column_int64(st, 3);
        rec->seat[seat].outcome[w] = o;
    }
    sqlite3_finalize(st);
    if (rc != SQLITE_DONE) return db_fail(s, "reading the history") ? STORE_OK : STORE_FAULT;

    if (rec->has_pool) {
        st = prep(s, "reading the history",
                  "SELECT SUM(value), SUM(reserve), SUM(contributed), SUM(seeded), SUM(paid), "
                  "SUM(hits) FROM pool_journal WHERE game=? AND why='round'",
                  "i", game);
        if (!st) return STORE_FAULT;
        if (sqlite3_step(st) == SQLITE_ROW) {
            jackpot_pool_t *p = &rec->pool_after;
            p->value += sqlite3_column_int64(st, 0);
            p->reserve += sqlite3_column_int64(st, 1);
            p->contributed += sqlite3_column_int64(st, 2);
            p->seeded += sqlite3_column_int64(st, 3);
            p->paid += sqlite3_column_int64(st, 4);
            p->hits += sqlite3_column_int64(st, 5);
        }
        sqlite3_finalize(st);
    }
    return STORE_OK;
}

store_status_t store_history(store_t *s, int n, int64_t offset, store_round_record_t *out,
                             int *count) {
    start_op(s);
    *count = 0;
    if (n <= 0) return STORE_OK;
    int64_t *games = calloc((size_t)n, sizeof *games);
    if (!games) return refuse(s, "no memory for the history");
    sqlite3_stmt *st = prep(s, "reading the history",
                            "SELECT game FROM round_end ORDER BY game DESC LIMIT ? OFFSET ?", "ii",
                            (int64_t)n, offset);
    if (!st) {
        free(games);
        return STORE_FAULT;
    }
    int k = 0;
    while (k < n && sqlite3_step(st) == SQLITE_ROW) games[k++] = sqlite3_column_int64(st, 0);
    sqlite3_finalize(st);
    for (int i = 0; i < k; i++) {
        store_status_t r = store_history_game(s, games[i], &out[i]);
        if (r != STORE_OK) {
            free(games);
            return r;
        }
    }
    free(games);
    *count = k;
    return STORE_OK;
}

store_status_t store_round_replay(const store_round_record_t *rec, round_t *r, jackpot_pool_t *pool,
                                  char *err, size_t errlen) {
    char e[160];
    int64_t credits[RULES_MAX_SEATS], last[RULES_MAX_SEATS * WAGER_COUNT];
    for (int seat = 0; seat < rec->nseats && seat < RULES_MAX_SEATS; seat++) {
        credits[seat] = rec->seat[seat].credits_before;
        memcpy(last + (size_t)seat * WAGER_COUNT, rec->seat[seat].last_stake,
               sizeof rec->seat[seat].last_stake);
    }
    *pool = rec->pool_before;
    if (!round_init(r, &rec->rules, &rec->deck, rec->nseats, credits, last,
                    rec->has_pool ? pool : NULL, e, sizeof e)) {
        snprintf(err, errlen, "%s", e);
        return STORE_FAULT;
    }
    for (int i = 0; i < rec->nactions; i++) {
        round_status_t st = round_apply(r, &rec->actions[i]);
        if (st.refusal) {
            snprintf(err, errlen, "action %d refused: %s", i + 1, st.message);
            return STORE_FAULT;
        }
    }
    if (rec->is_void && r->phase != ROUND_SETTLED && r->phase != ROUND_VOID) {
        round_action_t v = round_simple(ACT_VOID, 0);
        round_apply(r, &v);
    }
    for (int seat = 0; seat < rec->nseats; seat++) {
        const store_seat_record_t *x = &rec->seat[seat];
        const round_seat_t *y = &r->seat[seat];
        for (int w = 0; w < WAGER_COUNT; w++) {
            bool match = x->stake[w] == y->stake[w];
            if (!rec->is_void)
                match = match && x->returned[w] == y->returned[w] && x->outcome[w] == y->outcome[w];
            if (!match) {
                snprintf(err, errlen, "seat %d %s differs", seat + 1, wager_key((wager_t)w));
                return STORE_FAULT;
            }
        }
        if (x->in_round != y->in_round || x->ncards != y->ncards ||
            memcmp(x->cards, y->cards, (size_t)x->ncards) != 0) {
            snprintf(err, errlen, "seat %d's cards differ", seat + 1);
            return STORE_FAULT;
        }
        if (!rec->is_void && x->credits_after != y->credits) {
            snprintf(err, errlen, "seat %d's credits differ", seat + 1);
            return STORE_FAULT;
        }
    }
    if (!rec->is_void && rec->has_pool && !same_pool(pool, &rec->pool_after)) {
        snprintf(err, errlen, "the pool differs");
        return STORE_FAULT;
    }
    return STORE_OK;
}
