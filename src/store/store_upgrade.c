/* The one upgrade that is not a migration: a database of the release of 2026-11-24 (schema 1),
 * whose rows were signed with a key printed in that release's source, into schema 2 signed with
 * this machine's own key. See store.h for the contract.
 *
 * Because anyone could have signed a schema-1 database, the program never accepts one by itself:
 * a technician runs `studpoker upgrade`, which checks every row against the old key and every
 * balance, copies every record in its order into a new database through the same chained writes
 * the game uses, checks the result from the first row (every round replayed), keeps the old file
 * as DB.release1 and puts the new one in its place with its first anchor. The old key below is
 * public on purpose and is read nowhere else. */
#define _POSIX_C_SOURCE 200809L
#include "store_internal.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* The built-in key of the release of 2026-11-24: public, used only to read its databases. */
static const uint8_t RELEASE1_KEY[STORE_KEY_BYTES] = "studpoker store row checksum k1";

/* The tables of schema 1, chained ones in ST_CHAINED's order, then the current values. */
static const char *const V1_TABLES[] = {"rules",         "round_start", "round_start_seats",
                                        "round_actions", "round_end",   "round_seats",
                                        "round_wagers",  "ledger",      "pool_journal",
                                        "locks",         "lock_clears", "audit",
                                        "credits",       "meters",      "pools"};

/* Every row of the old database against the old key (rows of schema 1 were not chained). */
static bool check_release1(store_t *old, char *err, size_t errlen) {
    char db_id[64], check[2 * MAC_BYTES + 1], want[2 * MAC_BYTES + 1];
    int64_t version = 0;
    if (!st_q_int(old, &version, 0, "reading the schema version",
                  "SELECT COALESCE(MAX(version),0) FROM schema_version") ||
        version != 1) {
        st_say(err, errlen, "it is not a database of schema 1 (the release of 2026-11-24)%s%s",
               old->msg[0] ? ": " : "", old->msg);
        return false;
    }
    if (!st_meta_get(old, "db_id", db_id, sizeof db_id) ||
        !st_meta_get(old, "key_check", check, sizeof check)) {
        st_say(err, errlen, "its identity is missing");
        return false;
    }
    st_derive_key(old, RELEASE1_KEY, db_id);
    st_key_check_text(old, want);
    if (strcmp(want, check) != 0) {
        st_say(err, errlen, "it was not written by the release of 2026-11-24 (another key)");
        return false;
    }
    int64_t in_play;
    if (!st_q_int(old, &in_play, 0, "reading the rounds",
                  "SELECT COUNT(*) FROM round_start WHERE game NOT IN (SELECT game FROM "
                  "round_end)")) {
        st_say(err, errlen, "%s", old->msg);
        return false;
    }
    if (in_play) {
        st_say(err, errlen,
               "a game is still in play in it; finish or void it with the release that dealt it, "
               "then upgrade");
        return false;
    }
    for (size_t t = 0; t < sizeof V1_TABLES / sizeof V1_TABLES[0]; t++) {
        char sql[96];
        snprintf(sql, sizeof sql, "SELECT * FROM %s ORDER BY rowid", V1_TABLES[t]);
        sqlite3_stmt *st = st_prep(old, "checking the old database", sql, NULL);
        if (!st) {
            st_say(err, errlen, "%s", old->msg);
            return false;
        }
        int rc;
        int64_t n = 0;
        while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
            n++;
            if (!st_mac_check_row(old, V1_TABLES[t], st, 0, NULL, NULL)) {
                st_finish(old, st);
                st_say(
                    err, errlen,
                    "record %lld of '%s' fails its checksum: the old database was changed and is "
                    "not upgraded",
                    (long long)n, V1_TABLES[t]);
                return false;
            }
        }
        st_finish(old, st);
        if (rc != SQLITE_DONE) {
            st_say(err, errlen, "the old database cannot be read (%s)", sqlite3_errmsg(old->db));
            return false;
        }
    }
    return true;
}

/* One table's rows into the new database, in their order, signed and chained anew. */
static bool copy_table(store_t *old, store_t *dst, const char *table, int64_t *rows) {
    char sql[96];
    snprintf(sql, sizeof sql, "SELECT * FROM %s ORDER BY rowid", table);
    sqlite3_stmt *st = st_prep(old, "reading the old database", sql, NULL);
    if (!st) return false;
    bool current = st_chain_index(table) < 0;
    int ncol = sqlite3_column_count(st) - 1; /* without mac */
    sv_t v[24];
    if (ncol > (int)(sizeof v / sizeof v[0])) {
        st_finish(old, st);
        return st_broken(dst, "The old table %s has more columns than expected.", table);
    }
    int rc;
    bool ok = true;
    while (ok && (rc = sqlite3_step(st)) == SQLITE_ROW) {
        for (int i = 0; i < ncol; i++) {
            switch (sqlite3_column_type(st, i)) {
            case SQLITE_INTEGER:
                v[i] = st_sv_int(sqlite3_column_int64(st, i));
                break;
            case SQLITE_TEXT:
                v[i] = (sv_t){'t', 0, sqlite3_column_text(st, i), sqlite3_column_bytes(st, i)};
                break;
            case SQLITE_BLOB:
                v[i] = st_sv_blob(sqlite3_column_blob(st, i), sqlite3_column_bytes(st, i));
                break;
            default:
                v[i] = st_sv_text(NULL);
                break;
            }
        }
        ok = st_row_write(dst, table, v, ncol, current, "copying the old records");
        (*rows)++;
    }
    st_finish(old, st);
    if (ok && rc != SQLITE_DONE) return st_db_fail(old, "reading the old database");
    return ok;
}

/* The new database: schema 2 with this machine's key, every old record, the ticket numbers
 * already used, and a record of the upgrade, in one transaction. */
static bool build_new(store_t *old, const char *tmp, const uint8_t machine_key[STORE_KEY_BYTES],
                      const char *old_path, int64_t *rows, char *err, size_t errlen) {
    store_t *dst = calloc(1, sizeof *dst);
    if (!dst) return false;
    dst->anchor_fd = -1;
    bool ok = sqlite3_open_v2(tmp, &dst->db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, NULL) ==
                  SQLITE_OK &&
              st_exec(dst, "PRAGMA journal_mode=WAL; PRAGMA synchronous=FULL", "creating") &&
              st_exec(dst, "BEGIN IMMEDIATE", "creating the database") &&
              st_schema_create(dst, machine_key) && st_exec(dst, "COMMIT", "creating the database");
    ok = ok && st_tx_begin(dst);
    /* chained tables first in the old order of their records, then the current values */
    for (size_t t = 0; ok && t < sizeof V1_TABLES / sizeof V1_TABLES[0]; t++)
        ok = copy_table(old, dst, V1_TABLES[t], rows);
    int64_t tickets = 0, game = 0;
    if (ok)
        ok = st_q_int(dst, &tickets, 0, "counting the tickets",
                      "SELECT COUNT(*) FROM audit WHERE event='voucher-out'") &&
             st_last_game(dst, &game);
    if (ok && tickets > 0) ok = st_meter_add(dst, game, 0, "ticket_numbers", tickets);
    char detail[STORE_MSG_LEN];
    snprintf(detail, sizeof detail,
             "upgraded from schema 1 (the release of 2026-11-24): %lld records checked against "
             "that release's key and signed with this machine's key; the old file is kept as "
             "%.300s.release1",
             (long long)*rows, old_path);
    ok = ok && st_audit_add(dst, "upgrade", game, 0, 0, detail) && st_tx_commit(dst);
    if (!ok) {
        st_say(err, errlen, "the new database could not be written: %s", dst->msg);
        st_tx_rollback(dst);
    }
    st_cache_clear(dst);
    sqlite3_close_v2(dst->db);
    free(dst);
    return ok;
}

store_status_t store_upgrade_release1(const char *db, const char *key_path, const char *anchor_path,
                                      char *report, size_t reportlen, char *err, size_t errlen) {
    char kp[STORE_PATH_LEN], ap[STORE_PATH_LEN], tmp[STORE_PATH_LEN + 16],
        kept[STORE_PATH_LEN + 16];
    store_default_paths(db, kp, ap, sizeof kp);
    if (key_path && key_path[0]) snprintf(kp, sizeof kp, "%s", key_path);
    if (anchor_path && anchor_path[0]) snprintf(ap, sizeof ap, "%s", anchor_path);
    snprintf(tmp, sizeof tmp, "%s.upgrade", db);
    snprintf(kept, sizeof kept, "%s.release1", db);
    if (access(kept, F_OK) == 0) {
        st_say(err, errlen, "%s exists already: this database was upgraded once", kept);
        return STORE_REFUSED;
    }
    store_t *old = calloc(1, sizeof *old);
    if (!old || sodium_init() < 0) {
        free(old);
        st_say(err, errlen, "no memory");
        return STORE_FAULT;
    }
    old->anchor_fd = -1;
    bool ok = sqlite3_open_v2(db, &old->db, SQLITE_OPEN_READONLY, NULL) == SQLITE_OK;
    if (!ok) st_say(err, errlen, "%s cannot be opened", db);
    ok = ok && check_release1(old, err, errlen);
    uint8_t key[STORE_KEY_BYTES];
    bool made = false;
    if (ok && store_key_load(kp, true, key, &made, err, errlen) != STORE_OK) ok = false;
    int64_t rows = 0;
    unlink(tmp);
    if (ok) ok = build_new(old, tmp, key, db, &rows, err, errlen);
    st_cache_clear(old);
    sqlite3_close_v2(old->db);
    free(old);
    /* the new database from its first row, every round replayed, before it takes the old one's
     * place */
    store_t *s = NULL;
    if (ok) {
        store_options_t o = {.machine_key = key};
        ok = store_open_ex(tmp, &o, &s, err, errlen) == STORE_OK &&
             store_verify(s, true) == STORE_OK;
        if (!ok && s)
            st_say(err, errlen, "the new database fails its checks: %s", store_message(s));
        store_close(s);
        s = NULL;
    }
    if (ok && (rename(db, kept) != 0 || rename(tmp, db) != 0)) {
        st_say(err, errlen, "the new database could not be put in place (%s)", strerror(errno));
        ok = false;
    }
    if (ok) {
        char side[STORE_PATH_LEN + 16];
        snprintf(side, sizeof side, "%s-wal", db);
        unlink(side);
        snprintf(side, sizeof side, "%s-shm", db);
        unlink(side);
        unlink(ap); /* an anchor of a database that is no more */
        store_options_t o = {.machine_key = key, .anchor_path = ap, .make_anchor = true};
        ok = store_open_ex(db, &o, &s, err, errlen) == STORE_OK;
        store_close(s);
    } else {
        unlink(tmp);
    }
    sodium_memzero(key, sizeof key);
    if (ok && report)
        snprintf(report, reportlen,
                 "%lld records checked and signed with the machine key %s%s; the old database is "
                 "kept as %s; the anchor is %s",
                 (long long)rows, kp, made ? " (made now)" : "", kept, ap);
    return ok ? STORE_OK : STORE_FAULT;
}
