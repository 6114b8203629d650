/* Meters, the ledger behind them, credits, pools and the transaction frame. See store.h for the
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

/* ---- credits, meters, pools ---- */

int st_meter_sign(const char *name) {
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
                 {"attendant_jackpots", -1},
                 {"linked_won", 1},
                 {"table_out", -1},
                 {"table_in", 1}};
    if (strncmp(name, "wagered.", 8) == 0) return -1;
    if (strncmp(name, "won.", 4) == 0) return 1;
    for (size_t i = 0; i < sizeof signs / sizeof signs[0]; i++)
        if (strcmp(name, signs[i].name) == 0) return signs[i].sign;
    return 0;
}

static bool next_id(store_t *s, const char *table, int64_t *id) {
    char sql[96];
    snprintf(sql, sizeof sql, "SELECT COALESCE(MAX(id),0)+1 FROM %s", table);
    return st_q_int(s, id, 1, "numbering a record", sql);
}

/* Reads a checked current value: credits by seat or a meter by name. */
bool st_read_value(store_t *s, const char *table, const char *keycol, sv_t key, int64_t *value,
                   bool *exists) {
    char sql[128];
    snprintf(sql, sizeof sql, "SELECT %s, value, mac FROM %s WHERE %s=?", keycol, table, keycol);
    sqlite3_stmt *st = st_prep(s, "reading the meters", sql, NULL);
    if (!st) return false;
    st_bind_sv(st, 1, &key);
    int rc = sqlite3_step(st);
    *exists = rc == SQLITE_ROW;
    *value = 0;
    bool ok = true;
    if (rc == SQLITE_ROW) {
        *value = sqlite3_column_int64(st, 1);
        if (!st_mac_check_row(s, table, st, 0, NULL, NULL)) {
            if (key.t == 'i')
                ok = st_broken(s,
                               "The credits of seat %lld fail their checksum: the database was "
                               "changed outside the game. Play is stopped; an attendant calls a "
                               "technician, who restores the database from its backup.",
                               (long long)key.i + 1);
            else
                ok = st_broken(s,
                               "The meter '%s' fails its checksum: the database was changed "
                               "outside the game. Play is stopped; an attendant calls a "
                               "technician, who restores the database from its backup.",
                               (const char *)key.p);
        }
    } else if (rc != SQLITE_DONE) {
        ok = st_db_fail(s, "reading the meters");
    }
    st_finish(s, st);
    return ok;
}

/* The one way a meter moves: a ledger row and the meter row, in the caller's transaction. */
bool st_meter_add(store_t *s, int64_t game, int seat, const char *name, int64_t amount) {
    if (strcmp(name, "power_ups") != 0) s->nonempty = true;
    if (amount == 0) return true;
    if (amount < 0) return st_broken(s, "internal error: meter '%s' asked to go down", name);
    int64_t id, old;
    bool exists;
    if (!next_id(s, "ledger", &id) ||
        !st_read_value(s, "meters", "name", st_sv_text(name), &old, &exists))
        return false;
    if (old > INT64_MAX - amount) return st_broken(s, "the meter '%s' would overflow", name);
    sv_t row[] = {st_sv_int(id),   st_sv_int(st_now_utc()), st_sv_int(game),
                  st_sv_int(seat), st_sv_text(name),        st_sv_int(amount)};
    sv_t m[] = {st_sv_text(name), st_sv_int(old + amount)};
    if (!st_row_insert(s, "ledger", row, 6, "recording a meter") ||
        !st_row_write(s, "meters", m, 2, true, "updating a meter"))
        return false;
    s->delta[seat] += st_meter_sign(name) * amount;
    return true;
}

bool st_wager_meter(store_t *s, int64_t game, int seat, const char *prefix, wager_t w,
                    int64_t amount) {
    char name[48];
    snprintf(name, sizeof name, "%s.%s", prefix, wager_key(w));
    return st_meter_add(s, game, seat, name, amount);
}

/* Writes the credits the ledger rows of this transaction imply. */
static bool apply_credit_deltas(store_t *s) {
    for (int seat = 0; seat < RULES_MAX_SEATS; seat++) {
        if (!s->delta[seat]) continue;
        int64_t old;
        bool exists;
        if (!st_read_value(s, "credits", "seat", st_sv_int(seat), &old, &exists)) return false;
        int64_t now = old + s->delta[seat];
        if (now < 0)
            return st_broken(s, "internal error: seat %d's credits would go below zero", seat + 1);
        sv_t row[] = {st_sv_int(seat), st_sv_int(now)};
        if (!st_row_write(s, "credits", row, 2, true, "updating the credits")) return false;
        s->delta[seat] = 0;
    }
    return true;
}

bool st_audit_add(store_t *s, const char *event, int64_t game, int seat, int64_t amount,
                  const char *detail) {
    int64_t id;
    if (!next_id(s, "audit", &id)) return false;
    sv_t row[] = {st_sv_int(id),
                  st_sv_int(st_now_utc()),
                  st_sv_text(event),
                  st_sv_int(game),
                  st_sv_int(seat),
                  st_sv_int(amount),
                  st_sv_text(detail ? detail : "")};
    return st_row_insert(s, "audit", row, 7, "writing the audit log");
}

bool st_lock_add(store_t *s, const char *kind, int64_t game, int seat, int64_t amount,
                 const char *reason) {
    int64_t id;
    if (!next_id(s, "locks", &id)) return false;
    sv_t row[] = {st_sv_int(id),   st_sv_int(st_now_utc()), st_sv_text(kind),  st_sv_int(game),
                  st_sv_int(seat), st_sv_int(amount),       st_sv_text(reason)};
    return st_row_insert(s, "locks", row, 7, "recording a lock");
}

bool st_last_game(store_t *s, int64_t *game) {
    return st_q_int(s, game, 0, "reading the history",
                    "SELECT COALESCE(MAX(game),0) FROM round_start");
}

/* A write transaction. Every one that adds a chained row ends with a commit row naming the
 * newest row of every table, and the anchor outside the database hears of it twice: the commit
 * about to be made (before COMMIT), then the commit made (after). A start then finds the
 * database at the anchor's commit or at the one being made, never older and never newer. */
bool st_tx_begin(store_t *s) {
    memset(s->delta, 0, sizeof s->delta);
    if (s->anchor_failed) {
        snprintf(s->msg, sizeof s->msg,
                 "the machine's anchor file %.300s cannot be written. Nothing more is recorded; "
                 "check the disk that holds it, then restart the machine.",
                 s->anchor_path);
        s->msg_set = true;
        return false;
    }
    if (!s->batched && !st_exec(s, "BEGIN IMMEDIATE", "starting a record")) return false;
    memcpy(s->head_tx, s->head, sizeof s->head_tx);
    s->nonempty_tx = s->nonempty;
    s->in_tx = true;
    s->tx_chained = false;
    return true;
}

static bool commit_row(store_t *s) {
    const st_head_t *c = &s->head[ST_NCHAINED - 1];
    uint8_t heads[MAC_BYTES];
    st_heads_digest(s, heads);
    sv_t row[] = {st_sv_int(c->rowid + 1), st_sv_int(st_now_utc()), st_sv_blob(heads, MAC_BYTES)};
    return st_row_insert(s, "commits", row, 3, "committing a record");
}

bool st_tx_commit(store_t *s) {
    if (!apply_credit_deltas(s)) return false;
    bool chained = s->tx_chained;
    if (chained && (!commit_row(s) || !st_anchor_intent(s))) return false;
    if (s->fail_after > 0 && ++s->commits > s->fail_after) {
        if (!s->msg_set)
            snprintf(s->msg, sizeof s->msg,
                     "the disk is full (simulated by a test) while committing a record. Nothing "
                     "of it was recorded.");
        s->msg_set = true;
        return false;
    }
    if (s->batch && ++s->batched < s->batch) {
        s->in_tx = false; /* a benchmark's batch: SQLite commits every batch-th time */
    } else {
        s->batched = 0;
        if (!st_exec(s, "COMMIT", "committing a record")) return false;
        s->in_tx = false;
    }
    if (chained) st_anchor_done(s);
    return true;
}

void st_tx_rollback(store_t *s) {
    if (s->batched && !s->in_tx) return; /* nothing open but a benchmark's finished batch */
    s->batched = 0;
    if (!sqlite3_get_autocommit(s->db)) sqlite3_exec(s->db, "ROLLBACK", NULL, NULL, NULL);
    if (s->in_tx) {
        memcpy(s->head, s->head_tx, sizeof s->head);
        s->nonempty = s->nonempty_tx;
        s->in_tx = false;
    }
    memset(s->delta, 0, sizeof s->delta);
}

/* Pools: read with their checksum; written with a journal row of the change. */
bool st_pool_get(store_t *s, const char *key, jackpot_pool_t *p, bool *exists) {
    sqlite3_stmt *st =
        st_prep(s, "reading a jackpot pool", "SELECT * FROM pools WHERE key=?", "t", key);
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
        if (!st_mac_check_row(s, "pools", st, 0, NULL, NULL))
            ok = st_broken(s,
                           "The jackpot pool '%s' fails its checksum: the database was changed "
                           "outside the game. Play is stopped; an attendant calls a technician.",
                           key);
    } else if (rc != SQLITE_DONE) {
        ok = st_db_fail(s, "reading a jackpot pool");
    }
    st_finish(s, st);
    return ok;
}

bool st_pool_put(store_t *s, const char *key, const jackpot_pool_t *old, const jackpot_pool_t *now,
                 int64_t game, const char *why) {
    jackpot_pool_t d = {
        now->value - old->value,   now->reserve - old->reserve, now->contributed - old->contributed,
        now->seeded - old->seeded, now->paid - old->paid,       now->hits - old->hits};
    if (d.contributed < 0 || d.seeded < 0 || d.paid < 0 || d.hits < 0)
        return st_broken(s, "internal error: the pool '%s' would lose a recorded amount", key);
    if (now->value + now->reserve !=
        now->seeded * JACKPOT_FRAC + now->contributed - now->paid * JACKPOT_FRAC)
        return st_broken(s, "internal error: the pool '%s' would not balance", key);
    int64_t id;
    if (!next_id(s, "pool_journal", &id)) return false;
    sv_t j[] = {st_sv_int(id),        st_sv_int(st_now_utc()),  st_sv_text(key),
                st_sv_int(game),      st_sv_text(why),          st_sv_int(d.value),
                st_sv_int(d.reserve), st_sv_int(d.contributed), st_sv_int(d.seeded),
                st_sv_int(d.paid),    st_sv_int(d.hits)};
    sv_t row[] = {st_sv_text(key),         st_sv_int(now->value),
                  st_sv_int(now->reserve), st_sv_int(now->contributed),
                  st_sv_int(now->seeded),  st_sv_int(now->paid),
                  st_sv_int(now->hits)};
    return st_row_insert(s, "pool_journal", j, 11, "recording a jackpot pool change") &&
           st_row_write(s, "pools", row, 7, true, "updating a jackpot pool") &&
           st_meter_add(s, game, 0, "progressive_contributed", d.contributed) &&
           st_meter_add(s, game, 0, "progressive_won", d.paid) &&
           st_meter_add(s, game, 0, "progressive_seeded", d.seeded) &&
           st_meter_add(s, game, 0, "progressive_hits", d.hits);
}
