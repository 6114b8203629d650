/* The schema, its migrations, and the keys and markers a database is made with. See store.h for the
 * contract. */
#define _POSIX_C_SOURCE 200809L
#include "store_internal.h"

#include <errno.h>
#include <pthread.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

/* ---- schema ---- */

/* Tables whose rows are append-only and chained: each row's checksum covers the checksum of the
 * row before it in the same table (rowid order), so a row taken out, put back from an old copy
 * or moved is found; `commits` closes every write transaction with the newest row of each of the
 * others, and the anchor file outside the database holds the newest commit. commits is last. */
const char *const ST_CHAINED[ST_NCHAINED] = {
    "ledger",        "pool_journal", "rules",       "round_start",  "round_start_seats",
    "round_actions", "round_end",    "round_seats", "round_wagers", "locks",
    "lock_clears",   "audit",        "checkpoints", "tickets",      "ticket_events",
    "commits"};

/* Tables of current values, rewritten in place, each row signed on its own; what they hold is
 * checked against the chained records behind them (credits and meters against the ledger,
 * pools against their journal; the cache holds only figures worked out again on demand). */
const char *const ST_CURRENT[ST_NCURRENT] = {"credits", "meters", "pools", "cache"};

int st_chain_index(const char *table) {
    for (int i = 0; i < ST_NCHAINED; i++)
        if (strcmp(ST_CHAINED[i], table) == 0) return i;
    return -1;
}

/* The schema of version 2, one string per statement (the ISO limit on string length). Every
 * database is made as version 2 and then migrated forward like any other (ST_MIGRATIONS), so a
 * later version never edits this list. Version 1 (the release of 2026-11-24) had every table but
 * cache, checkpoints and commits, and no chain; it is not migrated in place: `studpoker upgrade`
 * copies it into a new file (store_upgrade.c). */
static const char *const SCHEMA[] = {
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
    "CREATE INDEX audit_event ON audit(event, id);",
    "CREATE TABLE spare(id INTEGER PRIMARY KEY, filler BLOB);",
    "CREATE TABLE cache(name TEXT PRIMARY KEY, value TEXT NOT NULL, mac BLOB NOT NULL);",
    "CREATE TABLE checkpoints(id INTEGER PRIMARY KEY, utc INTEGER NOT NULL,"
    " marks TEXT NOT NULL, sums TEXT NOT NULL, mac BLOB NOT NULL);",
    "CREATE TABLE commits(n INTEGER PRIMARY KEY, utc INTEGER NOT NULL, heads BLOB NOT NULL,"
    " mac BLOB NOT NULL);",
    "CREATE TABLE schema_version(version INTEGER NOT NULL, utc INTEGER NOT NULL,"
    " note TEXT NOT NULL);",
    "CREATE TRIGGER meters_grow BEFORE UPDATE ON meters WHEN NEW.value < OLD.value"
    " BEGIN SELECT RAISE(ABORT, 'meters only grow'); END;",
    "CREATE TRIGGER meters_stay BEFORE DELETE ON meters"
    " BEGIN SELECT RAISE(ABORT, 'meters are never deleted'); END;",
    "CREATE TRIGGER credits_stay BEFORE DELETE ON credits"
    " BEGIN SELECT RAISE(ABORT, 'credits are never deleted'); END;",
    "CREATE TRIGGER pools_stay BEFORE DELETE ON pools"
    " BEGIN SELECT RAISE(ABORT, 'pools are never deleted'); END;",
};

/* The guards of one append-only table. */
static bool append_only(store_t *s, const char *t) {
    char sql[512];
    snprintf(sql, sizeof sql,
             "CREATE TRIGGER %s_no_update BEFORE UPDATE ON %s BEGIN SELECT RAISE(ABORT, "
             "'%s is append-only'); END;"
             "CREATE TRIGGER %s_no_delete BEFORE DELETE ON %s BEGIN SELECT RAISE(ABORT, "
             "'%s is append-only'); END;",
             t, t, t, t, t, t);
    return st_exec(s, sql, "creating the database");
}

/* The chained tables of version 2 (every one but those a migration added), commits and the
 * schema's own record. */
static bool create_append_only_triggers(store_t *s) {
    for (int i = 0; i < ST_NCHAINED; i++)
        if ((i < ST_NCHAINED_V2 || i == ST_NCHAINED - 1) && !append_only(s, ST_CHAINED[i]))
            return false;
    return append_only(s, "schema_version");
}

void st_void_marker_text(const store_t *s, int64_t game, char out[128]) {
    mac_t m;
    st_mac_start(s, &m, "void_request");
    st_mac_int(&m, game);
    uint8_t mac[MAC_BYTES];
    st_mac_end(&m, mac);
    char hex[2 * MAC_BYTES + 1];
    store_hex(mac, MAC_BYTES, hex);
    snprintf(out, 128, "%016lld:%s", (long long)game, game ? hex : "");
    /* fixed width, so that writing a marker rewrites the row in place */
    size_t len = strlen(out);
    while (len < 17 + 2 * MAC_BYTES) out[len++] = '0';
    out[len] = '\0';
}

/* The row checksum key of a database: the machine key and the database's own random id. */
void st_row_key(const uint8_t machine_key[STORE_KEY_BYTES], const char *db_id,
                uint8_t out[STORE_KEY_BYTES]) {
    crypto_generichash_state st;
    crypto_generichash_init(&st, machine_key, STORE_KEY_BYTES, STORE_KEY_BYTES);
    static const char domain[] = "studpoker store rows v1";
    crypto_generichash_update(&st, (const uint8_t *)domain, sizeof domain - 1);
    crypto_generichash_update(&st, (const uint8_t *)db_id, strlen(db_id));
    crypto_generichash_final(&st, out, STORE_KEY_BYTES);
}

void st_derive_key(store_t *s, const uint8_t machine_key[STORE_KEY_BYTES], const char *db_id) {
    st_row_key(machine_key, db_id, s->key);
    snprintf(s->db_id, sizeof s->db_id, "%s", db_id);
}

void st_key_check_text(const store_t *s, char out[2 * MAC_BYTES + 1]) {
    mac_t m;
    st_mac_start(s, &m, "key_check");
    uint8_t mac[MAC_BYTES];
    st_mac_end(&m, mac);
    store_hex(mac, MAC_BYTES, out);
}

static bool meta_put(store_t *s, const char *key, const char *value) {
    sqlite3_stmt *st =
        st_prep(s, "creating the database", "INSERT INTO meta VALUES(?,?)", "tt", key, value);
    if (!st) return false;
    bool ok = sqlite3_step(st) == SQLITE_DONE || st_db_fail(s, "creating the database");
    st_finish(s, st);
    return ok;
}

bool st_meta_get(store_t *s, const char *key, char *out, size_t cap) {
    sqlite3_stmt *st = st_prep(s, "reading the database's identity",
                               "SELECT value FROM meta WHERE key=?", "t", key);
    if (!st) return false;
    int rc = sqlite3_step(st);
    bool ok = rc == SQLITE_ROW;
    if (ok) snprintf(out, cap, "%s", st_col_text(st, 0));
    if (rc != SQLITE_ROW && rc != SQLITE_DONE) st_db_fail(s, "reading the database's identity");
    st_finish(s, st);
    return ok;
}

/* The tables, indexes and triggers of the newest version, on any connection (the machine's
 * database when it is made, or an empty one in memory that shows what a database must hold). */
static bool create_tables(store_t *s) {
    for (size_t i = 0; i < sizeof SCHEMA / sizeof SCHEMA[0]; i++)
        if (!st_exec(s, SCHEMA[i], "creating the database")) return false;
    return create_append_only_triggers(s);
}

bool st_schema_create(store_t *s, const uint8_t machine_key[STORE_KEY_BYTES]) {
    if (!create_tables(s)) return false;
    uint8_t id[16];
    randombytes_buf(id, sizeof id);
    char idhex[33];
    store_hex(id, sizeof id, idhex);
    st_derive_key(s, machine_key, idhex);
    char check[2 * MAC_BYTES + 1], marker[128], created[32], version[16];
    st_key_check_text(s, check);
    st_void_marker_text(s, 0, marker);
    snprintf(created, sizeof created, "%lld", (long long)st_now_utc());
    snprintf(version, sizeof version, "%d", 2);
    sqlite3_stmt *st =
        st_prep(s, "creating the database", "INSERT INTO schema_version VALUES(?,?,?)", "iit",
                (int64_t)2, st_now_utc(), "created");
    bool ok = st && sqlite3_step(st) == SQLITE_DONE;
    if (st && !ok) st_db_fail(s, "creating the database");
    st_finish(s, st);
    return ok && meta_put(s, "db_id", idhex) && meta_put(s, "key_check", check) &&
           meta_put(s, "void_request", marker) && meta_put(s, "created_utc", created) &&
           meta_put(s, "created_schema", version) &&
           st_exec(s, "PRAGMA application_id=" APPLICATION_ID_TEXT, "creating the database");
}

/* ST_MIGRATIONS[v] takes a database from version v to v + 1, for v >= 2 (version 1 is upgraded
 * by copying). A new schema version adds its step here and bumps STORE_SCHEMA_VERSION; every
 * database, a new one too, then walks forward one step at a time, and the schema check builds
 * what it expects the same way. A step gets a store whose key may be unset (the schema check's
 * empty database in memory): it changes structure, and re-signs rows only when the key is set.
 * A chained table a step adds goes before commits in ST_CHAINED, after the tables of version 2
 * (ST_NCHAINED_V2): while it is empty it is left out of the commits' digest and may be missing
 * from a checkpoint written before it existed, so the records of an older version still check. */
/* 2 -> 3: the ticket register. tickets holds each cash-out ticket this machine printed (its
 * validation number once: UNIQUE), ticket_events what became of it: printed or not, reprinted,
 * redeemed (here, or a ticket of another machine of the floor), voided. A ticket is redeemed or
 * voided at most once: the partial UNIQUE index makes the database itself refuse a second time.
 * Both are chained and append-only like every record. */
static const char *const V3_SQL[] = {
    "CREATE TABLE tickets(id INTEGER PRIMARY KEY, utc INTEGER NOT NULL,"
    " validation TEXT NOT NULL UNIQUE CHECK(length(validation) = 18),"
    " number INTEGER NOT NULL, game INTEGER NOT NULL, seat INTEGER NOT NULL,"
    " amount INTEGER NOT NULL CHECK(amount > 0), machine TEXT NOT NULL, mac BLOB NOT NULL);",
    "CREATE TABLE ticket_events(id INTEGER PRIMARY KEY, utc INTEGER NOT NULL,"
    " validation TEXT NOT NULL CHECK(length(validation) = 18), event TEXT NOT NULL"
    " CHECK(event IN ('printed','print-failed','reprint','redeemed','voided')),"
    " amount INTEGER NOT NULL CHECK(amount >= 0), place TEXT NOT NULL,"
    " detail TEXT NOT NULL, mac BLOB NOT NULL);",
    "CREATE INDEX ticket_events_validation ON ticket_events(validation, id);",
    "CREATE UNIQUE INDEX ticket_settled ON ticket_events(validation)"
    " WHERE event IN ('redeemed', 'voided');",
    NULL};

static bool migrate_tickets(store_t *s) {
    for (int i = 0; V3_SQL[i]; i++)
        if (!st_exec(s, V3_SQL[i], "migrating the database")) return false;
    return append_only(s, "tickets") && append_only(s, "ticket_events");
}

/* The statements of each migration step (NULL-terminated), for st_schema_read_old. */
static const char *const *const STEP_SQL[STORE_SCHEMA_VERSION] = {NULL, NULL, V3_SQL};

bool st_schema_read_old(store_t *s, int64_t version) {
    for (int64_t v = version; v < STORE_SCHEMA_VERSION; v++)
        for (int i = 0; STEP_SQL[v] && STEP_SQL[v][i]; i++) {
            const char *q = STEP_SQL[v][i];
            if (strncmp(q, "CREATE TABLE ", 13) != 0) continue;
            char sql[1024];
            snprintf(sql, sizeof sql, "CREATE TEMP TABLE %s", q + 13);
            if (!st_exec(s, sql, "reading an older database")) return false;
        }
    return true;
}

const st_migration_fn ST_MIGRATIONS[STORE_SCHEMA_VERSION] = {NULL, NULL, migrate_tickets};

/* What sqlite_master must hold, one line per object, sorted. */
static char *schema_text(store_t *s) {
    sqlite3_stmt *st = st_prep(s, "checking the schema",
                               "SELECT type, name, tbl_name, COALESCE(sql, '') FROM sqlite_master "
                               "ORDER BY type, name",
                               NULL);
    if (!st) return NULL;
    size_t cap = 16384, len = 0;
    char *out = malloc(cap);
    int rc;
    while (out && (rc = sqlite3_step(st)) == SQLITE_ROW) {
        char line[2048];
        int n = snprintf(line, sizeof line, "%s %s %s %s\n", st_col_text(st, 0), st_col_text(st, 1),
                         st_col_text(st, 2), st_col_text(st, 3));
        if (n < 0) n = 0;
        if ((size_t)n >= sizeof line) n = (int)sizeof line - 1;
        if (len + (size_t)n + 1 > cap) {
            char *grown = realloc(out, cap *= 2);
            if (!grown) free(out);
            out = grown;
            if (!out) break;
        }
        memcpy(out + len, line, (size_t)n);
        len += (size_t)n;
        out[len] = '\0';
    }
    st_finish(s, st);
    if (out && len == 0) out[0] = '\0';
    return out;
}

/* The database's tables, indexes and triggers are exactly the ones this program makes: a
 * dropped trigger (the append-only guards), a dropped index or an added table is a fault. */
static char *expected_schema[STORE_SCHEMA_VERSION + 1];

/* What a database of each version must hold: version 2 made in an empty database in memory, then
 * every migration step as a database walks them. The same for the whole process: made once. */
static void make_expected_schema(void) {
    store_t *mem = calloc(1, sizeof *mem);
    if (!mem) return;
    bool ok = sqlite3_open(":memory:", &mem->db) == SQLITE_OK && create_tables(mem);
    if (ok) expected_schema[2] = schema_text(mem);
    for (int v = 2; ok && v < STORE_SCHEMA_VERSION; v++) {
        ok = ST_MIGRATIONS[v](mem);
        if (ok) expected_schema[v + 1] = schema_text(mem);
    }
    st_cache_clear(mem);
    sqlite3_close(mem->db);
    free(mem);
}

bool st_check_schema(store_t *s) {
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, make_expected_schema);
    const char *want = s->schema_version >= 2 && s->schema_version <= STORE_SCHEMA_VERSION
                           ? expected_schema[s->schema_version]
                           : NULL;
    char *have = schema_text(s);
    if (!want || !have) {
        free(have);
        return s->msg_set ? false : st_broken(s, "The schema could not be read.");
    }
    bool ok = strcmp(want, have) == 0;
    if (!ok) {
        /* name the first object that differs */
        const char *w = want, *h = have;
        while (*w && *w == *h) w++, h++;
        while (w > want && w[-1] != '\n') w--;
        while (h > have && h[-1] != '\n') h--;
        char wl[160], hl[160];
        snprintf(wl, sizeof wl, "%.*s", (int)strcspn(w, "\n"), w);
        snprintf(hl, sizeof hl, "%.*s", (int)strcspn(h, "\n"), h);
        st_broken(s,
                  "The database's structure was changed outside the game (expected \"%.120s\", "
                  "found \"%.120s\"): a guard of the records may have been removed. Play is "
                  "stopped; an attendant calls a technician. The file has not been changed.",
                  wl[0] ? wl : "nothing more", hl[0] ? hl : "nothing more");
    }
    free(have);
    return ok;
}
