/* Locks for an attendant, the audit log, operator settings and the cache. See store.h for the
 * contract. */
#define _POSIX_C_SOURCE 200809L
#include "nls.h"
#include "store_internal.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

/* ---- locks and audit ---- */

int store_locks(store_t *s, store_lock_t *out, int max) {
    if (s->state == STORE_FAULTED) return -1;
    st_start_op(s);
    sqlite3_stmt *st =
        st_prep(s, "reading the locks",
                "SELECT id, kind, game, utc, seat, amount, reason FROM locks WHERE id "
                "NOT IN (SELECT lock_id FROM lock_clears) ORDER BY id",
                NULL);
    if (!st) return -1;
    int n = 0, rc;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW && n < max) {
        store_lock_t *l = &out[n++];
        l->id = sqlite3_column_int64(st, 0);
        l->kind =
            strcmp(st_col_text(st, 1), "handpay") == 0 ? STORE_LOCK_HANDPAY : STORE_LOCK_FAULT;
        l->game = sqlite3_column_int64(st, 2);
        l->utc = sqlite3_column_int64(st, 3);
        l->seat = sqlite3_column_int(st, 4);
        l->amount = sqlite3_column_int64(st, 5);
        snprintf(l->reason, sizeof l->reason, "%s", st_col_text(st, 6));
    }
    st_finish(s, st);
    if (rc != SQLITE_DONE && rc != SQLITE_ROW) {
        st_db_fail(s, "reading the locks");
        return -1;
    }
    return n;
}

store_status_t store_lock_clear(store_t *s, int64_t id, store_clear_t how, const char *detail) {
    st_start_op(s);
    store_status_t g = st_need_writable(s);
    if (g != STORE_OK) return g;
    store_lock_t locks[64];
    int n = store_locks(s, locks, 64);
    if (n < 0) return STORE_FAULT;
    const store_lock_t *l = NULL;
    for (int i = 0; i < n; i++)
        if (locks[i].id == id) l = &locks[i];
    if (!l) return st_refuse(s, "There is no open lock %lld.", (long long)id);
    if (how < STORE_CLEAR_PAID_BY_HAND || how > STORE_CLEAR_FAULT)
        return st_refuse(s, "There is no such way to clear a lock.");
    bool handpay = l->kind == STORE_LOCK_HANDPAY;
    if (handpay == (how == STORE_CLEAR_FAULT))
        return st_refuse(s, "Lock %lld is a %s: clear it as one.", (long long)id,
                         handpay ? "hand pay" : "fault");
    static const char *const hows[] = {"paid-by-hand", "to-credits", "fault-cleared"};
    int64_t game = 0;
    sv_t row[] = {st_sv_int(id), st_sv_int(st_now_utc()), st_sv_text(hows[how]),
                  st_sv_text(detail ? detail : "")};
    bool ok = st_tx_begin(s) && st_last_game(s, &game) &&
              st_row_insert(s, "lock_clears", row, 4, "clearing a lock");
    if (ok && how == STORE_CLEAR_PAID_BY_HAND) {
        int64_t have;
        bool exists;
        ok = st_read_value(s, "credits", "seat", st_sv_int(l->seat), &have, &exists);
        if (ok && have < l->amount)
            ok = st_broken(s, "Seat %d holds %lld credits, less than the hand pay of %lld.",
                           l->seat + 1, (long long)have, (long long)l->amount);
        ok = ok && st_meter_add(s, l->game, l->seat, "attendant_jackpots", l->amount) &&
             st_meter_add(s, l->game, l->seat, "attendant_jackpot_count", 1);
    }
    ok = ok && st_audit_add(s, handpay ? "handpay-cleared" : "fault-cleared", game, l->seat,
                            handpay ? l->amount : 0, detail);
    if (!(ok && st_tx_commit(s))) return st_write_failed(s, false);
    s->state = STORE_READY;
    st_settle_state(s);
    return STORE_OK;
}

const char *store_audit_name(store_audit_event_t e) {
    static const char *const names[STORE_AUDIT_COUNT] = {"config-change",
                                                         "credits-added",
                                                         "credits-removed",
                                                         "jackpot-reset",
                                                         "handpay-cleared",
                                                         "fault",
                                                         "fault-cleared",
                                                         "door-open",
                                                         "door-close",
                                                         "power-up",
                                                         "round-void",
                                                         "pool-created",
                                                         "operator",
                                                         "voucher-out",
                                                         "voucher-in",
                                                         "voucher-refused",
                                                         "voucher-void",
                                                         "voucher-reprint",
                                                         "voucher-print-failed",
                                                         "rg-session-start",
                                                         "rg-session-pause",
                                                         "rg-session-resume",
                                                         "rg-session-end",
                                                         "rg-limit",
                                                         "rg-limit-reached",
                                                         "rg-reality-check",
                                                         "rg-reality-answer",
                                                         "rg-cool-off-start",
                                                         "rg-cool-off-end"};
    return e >= 0 && e < STORE_AUDIT_COUNT ? names[e] : "?";
}

store_status_t store_audit(store_t *s, store_audit_event_t event, const char *detail) {
    st_start_op(s);
    store_status_t g = st_need_writable(s);
    if (g != STORE_OK) return g;
    if (event < 0 || event >= STORE_AUDIT_COUNT) return st_refuse(s, "Unknown audit event.");
    int64_t game = 0;
    bool ok = st_tx_begin(s) && st_last_game(s, &game) &&
              st_audit_add(s, store_audit_name(event), game, 0, 0, detail) && st_tx_commit(s);
    if (!ok) return st_write_failed(s, s->game != 0);
    return STORE_OK;
}

int64_t store_audit_count(store_t *s, store_audit_event_t event) {
    if (s->state == STORE_FAULTED) return -1;
    st_start_op(s);
    if (event < 0 || event >= STORE_AUDIT_COUNT) return -1;
    sqlite3_stmt *st =
        st_prep(s, "reading the audit log", "SELECT COUNT(*) FROM audit WHERE event=?", "t",
                store_audit_name(event));
    if (!st) return -1;
    int64_t n = -1;
    if (sqlite3_step(st) == SQLITE_ROW)
        n = sqlite3_column_int64(st, 0);
    else
        st_db_fail(s, "reading the audit log");
    st_finish(s, st);
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
    if (s->state == STORE_FAULTED) return false;
    st_start_op(s);
    if (!setting_word_ok(name, true) || cap == 0) return false;
    char prefix[80];
    snprintf(prefix, sizeof prefix, "%s=", name);
    sqlite3_stmt *st = st_prep(s, "reading the settings",
                               "SELECT detail FROM audit WHERE event='config-change' AND "
                               "substr(detail,1,?)=? ORDER BY id DESC LIMIT 1",
                               "it", (int64_t)strlen(prefix), prefix);
    if (!st) return false;
    bool ok = false;
    if (sqlite3_step(st) == SQLITE_ROW) {
        const char *d = st_col_text(st, 0) + strlen(prefix);
        size_t n = strcspn(d, " ");
        if (n < cap) {
            memcpy(value, d, n);
            value[n] = '\0';
            ok = true;
        }
    }
    st_finish(s, st);
    return ok;
}

store_status_t store_setting_set(store_t *s, const char *name, const char *value) {
    st_start_op(s);
    store_status_t g = st_need_idle(s, "A settings change");
    if (g != STORE_OK) return g;
    if (!setting_word_ok(name, true) || !setting_word_ok(value, false))
        return st_refuse(s, "A setting needs a name of a-z, _ and . and a value without spaces.");
    int64_t on = 0;
    if (!st_q_int(s, &on, 0, "reading the credits", "SELECT COALESCE(SUM(value),0) FROM credits"))
        return s->integrity ? st_fault(s) : STORE_FAULT;
    if (on > 0) return st_refuse(s, N_("Settings change only with no credits on the machine."));
    char old[64] = "", detail[160];
    if (!store_setting_get(s, name, old, sizeof old)) snprintf(old, sizeof old, "config");
    snprintf(detail, sizeof detail, "%s=%s (was %s)", name, value, old);
    int64_t game = 0;
    bool ok = st_tx_begin(s) && st_last_game(s, &game) &&
              st_audit_add(s, "config-change", game, 0, 0, detail) && st_tx_commit(s);
    if (!ok) return st_write_failed(s, false);
    return STORE_OK;
}

int store_audit_read(store_t *s, store_audit_row_t *out, int n) {
    if (s->state == STORE_FAULTED) return -1;
    st_start_op(s);
    sqlite3_stmt *st = st_prep(
        s, "reading the audit log",
        "SELECT id, utc, game, event, detail FROM audit ORDER BY id DESC LIMIT ?", "i", (int64_t)n);
    if (!st) return -1;
    int k = 0, rc;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW && k < n) {
        store_audit_row_t *a = &out[k++];
        a->id = sqlite3_column_int64(st, 0);
        a->utc = sqlite3_column_int64(st, 1);
        a->game = sqlite3_column_int64(st, 2);
        snprintf(a->event, sizeof a->event, "%s", st_col_text(st, 3));
        snprintf(a->detail, sizeof a->detail, "%s", st_col_text(st, 4));
    }
    st_finish(s, st);
    if (rc != SQLITE_DONE && rc != SQLITE_ROW) {
        st_db_fail(s, "reading the audit log");
        return -1;
    }
    return k;
}

/* ---- cache ---- */

static bool cache_name_ok(const char *name) {
    size_t n = name ? strlen(name) : 0;
    if (n == 0 || n > 127) return false;
    for (size_t i = 0; i < n; i++)
        if (name[i] < 0x21 || name[i] > 0x7e) return false;
    return true;
}

store_status_t store_cache_get(store_t *s, const char *name, char *value, size_t cap, bool *found) {
    st_start_op(s);
    *found = false;
    if (s->state == STORE_FAULTED) return st_refuse(s, "the database failed its checks");
    if (!cache_name_ok(name)) return st_refuse(s, "a cache name must be printable, 1 to 127 bytes");
    sqlite3_stmt *st =
        st_prep(s, "reading the cache", "SELECT * FROM cache WHERE name=?", "t", name);
    if (!st) return st_fault(s);
    int rc = sqlite3_step(st);
    bool ok = true;
    if (rc == SQLITE_ROW) {
        if (!st_mac_check_row(s, "cache", st, 0, NULL, NULL))
            ok = st_broken(s,
                           "A cached figure ('%s') fails its checksum: the database was changed "
                           "outside the game. Play is stopped; an attendant calls a technician.",
                           name);
        else {
            snprintf(value, cap, "%s", st_col_text(st, 1));
            *found = true;
        }
    } else if (rc != SQLITE_DONE) {
        ok = st_db_fail(s, "reading the cache");
    }
    st_finish(s, st);
    return ok ? STORE_OK : st_fault(s);
}

store_status_t store_cache_put(store_t *s, const char *name, const char *value) {
    st_start_op(s);
    store_status_t g = st_need_writable(s);
    if (g != STORE_OK) return g;
    if (!cache_name_ok(name)) return st_refuse(s, "a cache name must be printable, 1 to 127 bytes");
    if (!value || strlen(value) >= STORE_CACHE_LEN)
        return st_refuse(s, "a cached value is at most %d bytes", STORE_CACHE_LEN - 1);
    sv_t v[] = {st_sv_text(name), st_sv_text(value)};
    bool ok = st_tx_begin(s) && st_row_write(s, "cache", v, 2, true, "keeping a cached figure") &&
              st_tx_commit(s);
    if (!ok) {
        st_tx_rollback(s);
        return st_write_failed(s, s->game != 0);
    }
    return STORE_OK;
}
