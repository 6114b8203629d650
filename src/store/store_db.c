/* The store on SQLite, its common part: messages, SQL helpers and the keyed row checksums. The
 * store is split over store_*.c by the sections of store.h; see store.h for the contract.
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
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

/* ---- messages ---- */

static void vsay(store_t *s, const char *fmt, va_list ap) {
    if (s->msg_set) return;
    vsnprintf(s->msg, sizeof s->msg, fmt, ap);
    s->msg_set = true;
}

/* A failed check: the database cannot be trusted. */
bool st_broken(store_t *s, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    vsay(s, fmt, ap);
    va_end(ap);
    s->integrity = true;
    return false;
}

/* Something not allowed now: nothing written. */
store_status_t st_refuse(store_t *s, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(s->msg, sizeof s->msg, fmt, ap);
    va_end(ap);
    return STORE_REFUSED;
}

/* An SQLite failure, in words an attendant can act on. */
bool st_db_fail(store_t *s, const char *doing) {
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

void st_start_op(store_t *s) {
    s->msg_set = false;
    s->integrity = false;
    s->msg[0] = '\0';
}

int64_t st_now_utc(void) {
    return (int64_t)time(NULL);
}

/* A message into a caller's buffer (which may be NULL). */
void st_say(char *err, size_t errlen, const char *fmt, ...) {
    if (!err || !errlen) return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, errlen, fmt, ap);
    va_end(ap);
}

/* ---- SQL helpers ---- */

bool st_exec(store_t *s, const char *sql, const char *doing) {
    if (sqlite3_exec(s->db, sql, NULL, NULL, NULL) != SQLITE_OK) return st_db_fail(s, doing);
    return true;
}

/* Prepares sql and binds arguments by fmt: 'i' int64_t, 't' const char * (NULL binds NULL),
 * 'b' const void *, int. */
/* Statements are kept prepared and reused (parsing SQL was most of the time a start and a
 * round spent in the store); st_finish hands one back. */
static uint32_t sql_hash(const char *sql) {
    uint32_t h = 2166136261u;
    for (const unsigned char *p = (const unsigned char *)sql; *p; p++) h = (h ^ *p) * 16777619u;
    return h;
}

static sqlite3_stmt *cached(store_t *s, const char *sql) {
    uint32_t h = sql_hash(sql);
    for (int i = 0; i < s->ncached; i++)
        if (s->cache[i].hash == h && !sqlite3_stmt_busy(s->cache[i].st) &&
            strcmp(sqlite3_sql(s->cache[i].st), sql) == 0) {
            sqlite3_reset(s->cache[i].st);
            sqlite3_clear_bindings(s->cache[i].st);
            return s->cache[i].st;
        }
    sqlite3_stmt *st = NULL;
    if (sqlite3_prepare_v3(s->db, sql, -1, SQLITE_PREPARE_PERSISTENT, &st, NULL) != SQLITE_OK) {
        sqlite3_finalize(st);
        return NULL;
    }
    if (s->ncached < ST_STMT_CACHE) {
        s->cache[s->ncached].hash = h;
        s->cache[s->ncached++].st = st;
    }
    return st;
}

void st_finish(store_t *s, sqlite3_stmt *st) {
    if (!st) return;
    for (int i = 0; i < s->ncached; i++)
        if (s->cache[i].st == st) {
            sqlite3_reset(st);
            sqlite3_clear_bindings(st);
            return;
        }
    sqlite3_finalize(st);
}

void st_cache_clear(store_t *s) {
    for (int i = 0; i < s->ncached; i++) sqlite3_finalize(s->cache[i].st);
    s->ncached = 0;
}

sqlite3_stmt *st_prep(store_t *s, const char *doing, const char *sql, const char *fmt, ...) {
    sqlite3_stmt *st = cached(s, sql);
    if (!st) {
        st_db_fail(s, doing);
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
            st_db_fail(s, doing);
            st_finish(s, st);
            return NULL;
        }
    }
    va_end(ap);
    return st;
}

/* One integer from a query (def when there is no row). */
bool st_q_int(store_t *s, int64_t *out, int64_t def, const char *doing, const char *sql) {
    sqlite3_stmt *st = st_prep(s, doing, sql, NULL);
    if (!st) return false;
    int rc = sqlite3_step(st);
    if (rc == SQLITE_ROW)
        *out = sqlite3_column_type(st, 0) == SQLITE_NULL ? def : sqlite3_column_int64(st, 0);
    else if (rc == SQLITE_DONE)
        *out = def;
    else {
        st_db_fail(s, doing);
        st_finish(s, st);
        return false;
    }
    st_finish(s, st);
    return true;
}

const char *st_col_text(sqlite3_stmt *st, int i) {
    const unsigned char *t = sqlite3_column_text(st, i);
    return t ? (const char *)t : "";
}

/* ---- row checksums ---- */

static void mac_tagged(mac_t *m, uint8_t tag, const void *p, size_t n) {
    uint8_t h[5] = {tag, (uint8_t)n, (uint8_t)(n >> 8), (uint8_t)(n >> 16), (uint8_t)(n >> 24)};
    crypto_generichash_update(&m->st, h, sizeof h);
    if (n) crypto_generichash_update(&m->st, p, n);
}
void st_mac_int(mac_t *m, int64_t v) {
    uint8_t b[9] = {'i'};
    for (int i = 0; i < 8; i++) b[1 + i] = (uint8_t)((uint64_t)v >> (8 * i));
    crypto_generichash_update(&m->st, b, sizeof b);
}
void st_mac_start(const store_t *s, mac_t *m, const char *table) {
    crypto_generichash_init(&m->st, s->key, sizeof s->key, MAC_BYTES);
    mac_tagged(m, 'T', table, strlen(table));
}
void st_mac_end(mac_t *m, uint8_t out[MAC_BYTES]) {
    crypto_generichash_final(&m->st, out, MAC_BYTES);
}

sv_t st_sv_int(int64_t v) {
    return (sv_t){'i', v, NULL, 0};
}
sv_t st_sv_text(const char *t) {
    return t ? (sv_t){'t', 0, t, (int)strlen(t)} : (sv_t){'n', 0, NULL, 0};
}
sv_t st_sv_blob(const void *p, int n) {
    return (sv_t){'b', 0, p, n};
}

static void mac_sv(mac_t *m, const sv_t *v) {
    switch (v->t) {
    case 'i':
        st_mac_int(m, v->i);
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

/* A chained row's checksum ends with the checksum of the row before it in its table. */
static void mac_row(const store_t *s, const char *table, const sv_t *v, int n, const uint8_t *prev,
                    uint8_t out[MAC_BYTES]) {
    mac_t m;
    st_mac_start(s, &m, table);
    for (int i = 0; i < n; i++) mac_sv(&m, &v[i]);
    if (prev) mac_tagged(&m, 'p', prev, MAC_BYTES);
    st_mac_end(&m, out);
}

bool st_bind_sv(sqlite3_stmt *st, int idx, const sv_t *v) {
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
bool st_row_write(store_t *s, const char *table, const sv_t *v, int n, bool upsert,
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
            {"cache", "ON CONFLICT(name) DO UPDATE SET value=excluded.value, mac=excluded.mac"},
            {"pools", "ON CONFLICT(key) DO UPDATE SET value=excluded.value, "
                      "reserve=excluded.reserve, contributed=excluded.contributed, "
                      "seeded=excluded.seeded, paid=excluded.paid, hits=excluded.hits, "
                      "mac=excluded.mac"},
        };
        for (size_t k = 0; k < sizeof sets / sizeof sets[0]; k++)
            if (strcmp(sets[k].table, table) == 0)
                snprintf(sql + o, sizeof sql - (size_t)o, " %s", sets[k].set);
    }
    int chain = upsert ? -1 : st_chain_index(table);
    if (chain >= 0 && !s->in_tx) {
        snprintf(s->msg, sizeof s->msg, "a chained record written outside a transaction (%s)",
                 table);
        s->msg_set = true;
        return false;
    }
    sqlite3_stmt *st = st_prep(s, doing, sql, NULL);
    if (!st) return false;
    uint8_t mac[MAC_BYTES];
    mac_row(s, table, v, n, chain >= 0 ? s->head[chain].mac : NULL, mac);
    bool ok = true;
    for (int i = 0; i < n && ok; i++) ok = st_bind_sv(st, i + 1, &v[i]);
    ok = ok && sqlite3_bind_blob(st, n + 1, mac, MAC_BYTES, SQLITE_TRANSIENT) == SQLITE_OK;
    if (!ok || sqlite3_step(st) != SQLITE_DONE) {
        st_db_fail(s, doing);
        st_finish(s, st);
        return false;
    }
    st_finish(s, st);
    if (chain >= 0) {
        int64_t rowid = sqlite3_last_insert_rowid(s->db);
        if (rowid != s->head[chain].rowid + 1) {
            snprintf(s->msg, sizeof s->msg,
                     "a record of '%s' was numbered %lld after %lld: the table was changed "
                     "outside the game",
                     table, (long long)rowid, (long long)s->head[chain].rowid);
            s->msg_set = true;
            s->integrity = true;
            return false;
        }
        s->head[chain].rowid = rowid;
        memcpy(s->head[chain].mac, mac, MAC_BYTES);
        s->tx_chained = true;
    }
    return true;
}

bool st_row_insert(store_t *s, const char *table, const sv_t *v, int n, const char *doing) {
    return st_row_write(s, table, v, n, false, doing);
}

bool st_mac_check_row(const store_t *s, const char *table, sqlite3_stmt *st, int first,
                      const uint8_t *prev, uint8_t *out) {
    int ncol = sqlite3_column_count(st);
    mac_t m;
    st_mac_start(s, &m, table);
    for (int i = first; i < ncol - 1; i++) {
        switch (sqlite3_column_type(st, i)) {
        case SQLITE_INTEGER:
            st_mac_int(&m, sqlite3_column_int64(st, i));
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
    if (prev) mac_tagged(&m, 'p', prev, MAC_BYTES);
    uint8_t want[MAC_BYTES];
    st_mac_end(&m, want);
    if (sqlite3_column_type(st, ncol - 1) != SQLITE_BLOB ||
        sqlite3_column_bytes(st, ncol - 1) != MAC_BYTES)
        return false;
    const void *have = sqlite3_column_blob(st, ncol - 1);
    if (out) memcpy(out, have, MAC_BYTES);
    return sodium_memcmp(want, have, MAC_BYTES) == 0;
}

void st_heads_digest(const store_t *s, uint8_t out[MAC_BYTES]) {
    crypto_generichash_state h;
    crypto_generichash_init(&h, NULL, 0, MAC_BYTES);
    for (int t = 0; t < ST_NCHAINED - 1; t++) {
        /* a table added after version 2 counts from its first row (store_schema.c) */
        if (t >= ST_NCHAINED_V2 && s->head[t].rowid == 0) continue;
        uint8_t b[8];
        for (int i = 0; i < 8; i++) b[i] = (uint8_t)((uint64_t)s->head[t].rowid >> (8 * i));
        crypto_generichash_update(&h, b, sizeof b);
        crypto_generichash_update(&h, s->head[t].mac, MAC_BYTES);
    }
    crypto_generichash_final(&h, out, MAC_BYTES);
}

/* The newest row of every chained table, as the database holds it (checked by the checks). */
bool st_load_heads(store_t *s) {
    for (int t = 0; t < ST_NCHAINED; t++) {
        char sql[96];
        snprintf(sql, sizeof sql, "SELECT rowid, mac FROM %s ORDER BY rowid DESC LIMIT 1",
                 ST_CHAINED[t]);
        sqlite3_stmt *st = st_prep(s, "reading the database", sql, NULL);
        if (!st) return false;
        int rc = sqlite3_step(st);
        memset(&s->head[t], 0, sizeof s->head[t]);
        if (rc == SQLITE_ROW) {
            s->head[t].rowid = sqlite3_column_int64(st, 0);
            if (sqlite3_column_bytes(st, 1) == MAC_BYTES)
                memcpy(s->head[t].mac, sqlite3_column_blob(st, 1), MAC_BYTES);
        }
        st_finish(s, st);
        if (rc != SQLITE_ROW && rc != SQLITE_DONE) return st_db_fail(s, "reading the database");
    }
    return true;
}
