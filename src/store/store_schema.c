/* The schema, its migrations, and the keys and markers a database is made with. See store.h for the
 * contract. */
#define _POSIX_C_SOURCE 200809L
#include "store_internal.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

/* ---- schema ---- */

const char *const CHECKED_TABLES[] = {
    "credits",       "meters",      "ledger",      "pools",
    "pool_journal",  "rules",       "round_start", "round_start_seats",
    "round_actions", "round_end",   "round_seats", "round_wagers",
    "locks",         "lock_clears", "audit",       "cache"};
const int NCHECKED = (int)(sizeof CHECKED_TABLES / sizeof CHECKED_TABLES[0]);

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
    " kind TEXT NOT NULL CHECK(kind IN ('handpay','st_fault')), game INTEGER NOT NULL,"
    " seat INTEGER NOT NULL, amount INTEGER NOT NULL, reason TEXT NOT NULL, mac BLOB NOT NULL);",
    "CREATE TABLE lock_clears(lock_id INTEGER PRIMARY KEY REFERENCES locks(id),"
    " utc INTEGER NOT NULL, how TEXT NOT NULL, detail TEXT NOT NULL, mac BLOB NOT NULL);",
    "CREATE TABLE audit(id INTEGER PRIMARY KEY, utc INTEGER NOT NULL, event TEXT NOT NULL,"
    " game INTEGER NOT NULL, seat INTEGER NOT NULL, amount INTEGER NOT NULL,"
    " detail TEXT NOT NULL, mac BLOB NOT NULL);",
    "CREATE TABLE spare(id INTEGER PRIMARY KEY, filler BLOB);",
    "CREATE TABLE cache(name TEXT PRIMARY KEY, value TEXT NOT NULL, mac BLOB NOT NULL);",
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
        if (!st_exec(s, sql, "creating the database")) return false;
    }
    return true;
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

/* The row checksum key of this database: the machine key and the database's own random id. */
void st_derive_key(store_t *s, const uint8_t machine_key[STORE_KEY_BYTES], const char *db_id) {
    crypto_generichash_state st;
    crypto_generichash_init(&st, machine_key, STORE_KEY_BYTES, STORE_KEY_BYTES);
    static const char domain[] = "studpoker store rows v1";
    crypto_generichash_update(&st, (const uint8_t *)domain, sizeof domain - 1);
    crypto_generichash_update(&st, (const uint8_t *)db_id, strlen(db_id));
    crypto_generichash_final(&st, s->key, STORE_KEY_BYTES);
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
    sqlite3_finalize(st);
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
    sqlite3_finalize(st);
    return ok;
}

/* Version 0 (an empty file) to 1: the whole schema. */
static bool migrate_to_1(store_t *s, const uint8_t machine_key[STORE_KEY_BYTES]) {
    for (size_t i = 0; i < sizeof SCHEMA_V1 / sizeof SCHEMA_V1[0]; i++)
        if (!st_exec(s, SCHEMA_V1[i], "creating the database")) return false;
    if (!create_append_only_triggers(s)) return false;
    uint8_t id[16];
    randombytes_buf(id, sizeof id);
    char idhex[33];
    store_hex(id, sizeof id, idhex);
    st_derive_key(s, machine_key, idhex);
    char check[2 * MAC_BYTES + 1], marker[128], created[32];
    st_key_check_text(s, check);
    st_void_marker_text(s, 0, marker);
    snprintf(created, sizeof created, "%lld", (long long)st_now_utc());
    return meta_put(s, "db_id", idhex) && meta_put(s, "key_check", check) &&
           meta_put(s, "void_request", marker) && meta_put(s, "created_utc", created) &&
           st_exec(s, "PRAGMA application_id=" APPLICATION_ID_TEXT, "creating the database");
}

/* MIGRATIONS[v] takes a database from version v to v + 1. A new schema version adds its step
 * here and bumps STORE_SCHEMA_VERSION; older databases then walk forward one step at a time. */
const st_migration_fn ST_MIGRATIONS[STORE_SCHEMA_VERSION] = {migrate_to_1};
