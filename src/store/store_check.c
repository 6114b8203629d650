/* The checks a database must pass before it is played, and the checkpoints that keep them fast.
 * See store.h for the contract.
 *
 * What is checked: every row's checksum; every chained table as an unbroken chain with its rowids
 * running on without a gap; the newest commit against the newest row of every table; credits,
 * meters and pools against the sums of the records behind them; each finished round's credits
 * against its bets and results, and its hand pay against its lock.
 *
 * A checkpoint is a verified point of the records: the newest row of every chained table (its
 * rowid and checksum) and the sums of everything up to it. It is itself a chained, signed row.
 * A start checks only what came after the newest checkpoint (and that the checkpoint's rows are
 * still the same rows), so a start does not grow with the history; the whole history is checked
 * from the first row by `studpoker audit` (store_verify full) and by the background check
 * (store_verify_step). Memory stays flat: every scan streams. */
#define _POSIX_C_SOURCE 200809L
#include "store_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- sums ---- */

/* name -> value; names are "L:<meter>" (the ledger per meter), "C:<seat>" (credits per seat from
 * the ledger), "H:<meter>" (game meters worked out from the history) and "P:<pool>:<field>" (a
 * pool's journal). */
static int64_t *sum_slot(st_sums_t *m, const char *name) {
    for (int i = 0; i < m->n; i++)
        if (strcmp(m->v[i].name, name) == 0) return &m->v[i].value;
    if (m->n >= ST_MAX_SUMS || strlen(name) >= sizeof m->v[0].name) return NULL;
    snprintf(m->v[m->n].name, sizeof m->v[m->n].name, "%s", name);
    m->v[m->n].value = 0;
    return &m->v[m->n++].value;
}

static bool sum_add(store_t *s, st_sums_t *m, const char *name, int64_t v) {
    int64_t *slot = sum_slot(m, name);
    if (!slot) return st_broken(s, "The records name more meters than a machine has (%s).", name);
    *slot += v;
    return true;
}

int64_t st_sum_get(const st_sums_t *m, const char *name) {
    for (int i = 0; i < m->n; i++)
        if (strcmp(m->v[i].name, name) == 0) return m->v[i].value;
    return 0;
}

/* Adds the rows of a query "name, value" (bound to one rowid) into the sums, each name prefixed. */
static bool add_query(store_t *s, st_sums_t *m, const char *prefix, const char *sql,
                      int64_t after) {
    sqlite3_stmt *st = st_prep(s, "checking the meters", sql, "i", after);
    if (!st) return false;
    int rc;
    bool ok = true;
    while (ok && (rc = sqlite3_step(st)) == SQLITE_ROW) {
        if (sqlite3_column_type(st, 1) == SQLITE_NULL) continue;
        char name[64];
        snprintf(name, sizeof name, "%s%s", prefix, st_col_text(st, 0));
        ok = sum_add(s, m, name, sqlite3_column_int64(st, 1));
    }
    st_finish(s, st);
    if (ok && rc != SQLITE_DONE) return st_db_fail(s, "checking the meters");
    return ok;
}

/* The sums of every record after the marks (a zero mark: from the first record). Every query
 * reads only the rows after its mark by rowid (NOT INDEXED keeps SQLite from reading the whole
 * ledger through its meter index for the GROUP BY), so a start does not grow with the history. */
static bool sums_after(store_t *s, const st_head_t *mark, st_sums_t *m) {
    int64_t led = mark[st_chain_index("ledger")].rowid;
    int64_t end = mark[st_chain_index("round_end")].rowid;
    int64_t pj = mark[st_chain_index("pool_journal")].rowid;
    if (!add_query(s, m, "L:",
                   "SELECT meter, SUM(amount) FROM ledger NOT INDEXED WHERE id > ? GROUP BY meter",
                   led))
        return false;
    /* credits per seat: in - out - wagered + won - hand-paid */
    sqlite3_stmt *st = st_prep(s, "checking the credits",
                               "SELECT seat, meter, SUM(amount) FROM ledger NOT INDEXED WHERE "
                               "id > ? GROUP BY seat, meter",
                               "i", led);
    if (!st) return false;
    int rc;
    bool ok = true;
    while (ok && (rc = sqlite3_step(st)) == SQLITE_ROW) {
        int64_t seat = sqlite3_column_int64(st, 0);
        if (seat < 0 || seat >= RULES_MAX_SEATS) {
            ok = st_broken(s, "The ledger names seat %lld, which no table has.", (long long)seat);
            break;
        }
        char name[16];
        snprintf(name, sizeof name, "C:%lld", (long long)seat);
        ok = sum_add(s, m, name, st_meter_sign(st_col_text(st, 1)) * sqlite3_column_int64(st, 2));
    }
    st_finish(s, st);
    if (!ok) return false;
    if (rc != SQLITE_DONE) return st_db_fail(s, "checking the credits");

    /* the game meters from the finished rounds (the round_end rows after the mark) */
    static const char *const hist[] = {
        "SELECT 'wagered.' || w.wager, SUM(w.stake) FROM round_wagers w JOIN round_end e "
        "USING(game) WHERE e.status='settled' AND e.rowid > ? GROUP BY w.wager",
        "SELECT 'won.' || w.wager, SUM(w.returned) FROM round_wagers w JOIN round_end e "
        "USING(game) WHERE e.status='settled' AND e.rowid > ? GROUP BY w.wager",
        "SELECT 'refunded', SUM(w.stake) FROM round_wagers w JOIN round_end e USING(game) "
        "WHERE e.status='void' AND e.rowid > ?",
        "SELECT 'games_played', COUNT(*) FROM round_seats r JOIN round_end e USING(game) "
        "WHERE e.status='settled' AND r.in_round AND e.rowid > ?",
        "SELECT 'games_voided', COUNT(*) FROM round_end WHERE status='void' AND rowid > ?",
        "SELECT 'games_won', COUNT(*) FROM (SELECT 1 FROM round_wagers w JOIN round_end e "
        "USING(game) WHERE e.status='settled' AND e.rowid > ? GROUP BY w.game, w.seat "
        "HAVING SUM(w.returned) > SUM(w.stake))",
    };
    for (size_t i = 0; i < sizeof hist / sizeof hist[0]; i++)
        if (!add_query(s, m, "H:", hist[i], end)) return false;
    static const char *const journal[] = {
        "SELECT 'progressive_contributed', SUM(contributed) FROM pool_journal WHERE id > ?",
        "SELECT 'progressive_won', SUM(paid) FROM pool_journal WHERE id > ?",
        "SELECT 'progressive_seeded', SUM(seeded) FROM pool_journal WHERE id > ?",
        "SELECT 'progressive_hits', SUM(hits) FROM pool_journal WHERE id > ?",
    };
    for (size_t i = 0; i < sizeof journal / sizeof journal[0]; i++)
        if (!add_query(s, m, "H:", journal[i], pj)) return false;
    /* the ticket meters from the ticket register */
    int64_t tk = mark[st_chain_index("tickets")].rowid;
    int64_t te = mark[st_chain_index("ticket_events")].rowid;
    static const char *const out[] = {
        "SELECT 'voucher_out', SUM(amount) FROM tickets WHERE id > ?",
        "SELECT 'voucher_out_count', COUNT(*) FROM tickets WHERE id > ?",
    };
    static const char *const in[] = {
        "SELECT 'voucher_in', SUM(amount) FROM ticket_events WHERE event='redeemed' AND id > ?",
        "SELECT 'voucher_in_count', COUNT(*) FROM ticket_events WHERE event='redeemed' AND id > ?",
    };
    for (size_t i = 0; i < 2; i++)
        if (!add_query(s, m, "H:", out[i], tk) || !add_query(s, m, "H:", in[i], te)) return false;
    static const char *const fields[] = {"value",  "reserve", "contributed",
                                         "seeded", "paid",    "hits"};
    for (size_t f = 0; f < sizeof fields / sizeof fields[0]; f++) {
        char sql[160], prefix[16];
        snprintf(sql, sizeof sql, "SELECT key, SUM(%s) FROM pool_journal WHERE id > ? GROUP BY key",
                 fields[f]);
        snprintf(prefix, sizeof prefix, "P%zu:", f);
        if (!add_query(s, m, prefix, sql, pj)) return false;
    }
    return true;
}

/* ---- checksums and chains ---- */

static bool bad_row(store_t *s, const char *table, int64_t rowid, const char *what) {
    return st_broken(s,
                     "Record %lld of '%s' %s: the database was changed outside the game or is "
                     "damaged. Play is stopped; an attendant calls a technician, who restores the "
                     "database from its backup. The file has not been changed.",
                     (long long)rowid, table, what);
}

/* The rows of chained table t after `from` (at most limit of them; -1: all), each checked
 * against the one before it, rowids without a gap; `from` itself must still be the row it was.
 * *head gets the newest row checked; *rows how many were read. */
static bool chain_scan_n(store_t *s, int t, const st_head_t *from, st_head_t *head, int64_t limit,
                         int64_t *rows);

static bool chain_scan(store_t *s, int t, const st_head_t *from, st_head_t *head) {
    int64_t rows;
    return chain_scan_n(s, t, from, head, -1, &rows);
}

static bool chain_scan_n(store_t *s, int t, const st_head_t *from, st_head_t *head, int64_t limit,
                         int64_t *rows) {
    *rows = 0;
    const char *table = ST_CHAINED[t];
    char sql[128];
    *head = *from;
    if (from->rowid > 0) {
        snprintf(sql, sizeof sql, "SELECT mac FROM %s WHERE rowid=?", table);
        sqlite3_stmt *st = st_prep(s, "checking the database", sql, "i", from->rowid);
        if (!st) return false;
        int rc = sqlite3_step(st);
        bool same = rc == SQLITE_ROW && sqlite3_column_bytes(st, 0) == MAC_BYTES &&
                    sodium_memcmp(sqlite3_column_blob(st, 0), from->mac, MAC_BYTES) == 0;
        st_finish(s, st);
        if (rc != SQLITE_ROW && rc != SQLITE_DONE) return st_db_fail(s, "checking the database");
        if (!same) return bad_row(s, table, from->rowid, "is not the record that was checked");
    }
    snprintf(sql, sizeof sql, "SELECT rowid, * FROM %s WHERE rowid > ? ORDER BY rowid LIMIT ?",
             table);
    sqlite3_stmt *st = st_prep(s, "checking the database", sql, "ii", from->rowid, limit);
    if (!st) return false;
    int rc;
    bool ok = true;
    while (ok && (rc = sqlite3_step(st)) == SQLITE_ROW) {
        (*rows)++;
        int64_t rowid = sqlite3_column_int64(st, 0);
        uint8_t mac[MAC_BYTES];
        if (rowid != head->rowid + 1)
            ok = bad_row(s, table, head->rowid + 1, "is missing");
        else if (!st_mac_check_row(s, table, st, 1, head->mac, mac))
            ok = bad_row(s, table, rowid, "fails its checksum or is out of its place");
        else
            head->rowid = rowid, memcpy(head->mac, mac, MAC_BYTES);
    }
    st_finish(s, st);
    if (ok && rc != SQLITE_DONE) return st_db_fail(s, "checking the database");
    return ok;
}

static bool current_scan(store_t *s) {
    for (int t = 0; t < ST_NCURRENT; t++) {
        char sql[96];
        snprintf(sql, sizeof sql, "SELECT * FROM %s", ST_CURRENT[t]);
        sqlite3_stmt *st = st_prep(s, "checking the database", sql, NULL);
        if (!st) return false;
        int rc;
        while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
            if (!st_mac_check_row(s, ST_CURRENT[t], st, 0, NULL, NULL)) {
                char first[96];
                snprintf(first, sizeof first, "%s", st_col_text(st, 0));
                st_finish(s, st);
                return st_broken(s,
                                 "A record in '%s' (%s) fails its checksum: the database was "
                                 "changed outside the game or is damaged. Play is stopped; an "
                                 "attendant calls a technician, who restores the database from its "
                                 "backup. The file has not been changed.",
                                 ST_CURRENT[t], first);
            }
        }
        st_finish(s, st);
        if (rc != SQLITE_DONE) return st_db_fail(s, "checking the database");
    }
    return true;
}

/* The newest commit names the newest row of every other table: nothing was cut off the end. */
static bool check_commit_head(store_t *s) {
    const st_head_t *c = &s->head[ST_NCHAINED - 1];
    if (c->rowid == 0) {
        /* only a database made a moment ago has no commit: then it has no other record either */
        for (int t = 0; t < ST_NCHAINED; t++)
            if (s->head[t].rowid) return st_broken(s, "The database's commit records are missing.");
        return true;
    }
    sqlite3_stmt *st =
        st_prep(s, "checking the database", "SELECT heads FROM commits WHERE n=?", "i", c->rowid);
    if (!st) return false;
    uint8_t want[MAC_BYTES];
    st_heads_digest(s, want);
    int rc = sqlite3_step(st);
    bool same = rc == SQLITE_ROW && sqlite3_column_bytes(st, 0) == MAC_BYTES &&
                sodium_memcmp(sqlite3_column_blob(st, 0), want, MAC_BYTES) == 0;
    st_finish(s, st);
    if (rc != SQLITE_ROW) return st_db_fail(s, "checking the database");
    if (!same)
        return st_broken(s,
                         "The newest records of the database do not match its last commit: "
                         "records were taken off the end of a table (or added). Play is stopped; "
                         "an attendant calls a technician. The file has not been changed.");
    return true;
}

/* ---- balances ---- */

static bool meter_mismatch(store_t *s, const char *name, int64_t meter, int64_t other,
                           const char *against) {
    return st_broken(s,
                     "The meter '%s' reads %lld but %s gives %lld: the meters and the records do "
                     "not balance. Play is stopped; an attendant calls a technician, who restores "
                     "the database from its backup. The file has not been changed.",
                     name, (long long)meter, against, (long long)other);
}

/* Credits, meters and pools as they stand against the sums of every record behind them. */
static bool compare_current(store_t *s, const st_sums_t *m) {
    sqlite3_stmt *st = st_prep(s, "checking the meters", "SELECT name, value FROM meters", NULL);
    if (!st) return false;
    int rc;
    bool ok = true;
    while (ok && (rc = sqlite3_step(st)) == SQLITE_ROW) {
        const char *name = st_col_text(st, 0);
        int64_t v = sqlite3_column_int64(st, 1);
        char key[64];
        snprintf(key, sizeof key, "L:%s", name);
        if (st_sum_get(m, key) != v) {
            ok = meter_mismatch(s, name, v, st_sum_get(m, key), "the ledger");
            break;
        }
        snprintf(key, sizeof key, "H:%s", name);
        bool hist_meter = strncmp(name, "wagered.", 8) == 0 || strncmp(name, "won.", 4) == 0;
        for (int i = 0; i < m->n && !hist_meter; i++) hist_meter = strcmp(m->v[i].name, key) == 0;
        if (hist_meter && st_sum_get(m, key) != v)
            ok = meter_mismatch(s, name, v, st_sum_get(m, key), "the history of finished rounds");
    }
    st_finish(s, st);
    if (!ok) return false;
    if (rc != SQLITE_DONE) return st_db_fail(s, "checking the meters");
    /* every ledger meter and every history figure has its meter (a meter row taken out) */
    for (int i = 0; i < m->n; i++) {
        const char *n = m->v[i].name;
        if ((strncmp(n, "L:", 2) != 0 && strncmp(n, "H:", 2) != 0) || m->v[i].value == 0) continue;
        int64_t have;
        bool exists;
        if (!st_read_value(s, "meters", "name", st_sv_text(n + 2), &have, &exists)) return false;
        if (!exists)
            return meter_mismatch(s, n + 2, 0, m->v[i].value,
                                  n[0] == 'L' ? "the ledger" : "the history of finished rounds");
    }
    for (int seat = 0; seat < RULES_MAX_SEATS; seat++) {
        int64_t have;
        bool exists;
        char key[16];
        snprintf(key, sizeof key, "C:%d", seat);
        if (!st_read_value(s, "credits", "seat", st_sv_int(seat), &have, &exists)) return false;
        if (have != st_sum_get(m, key))
            return st_broken(s,
                             "Seat %d shows %lld credits but credits in, out, wagered and won "
                             "give %lld: the credits do not balance. Play is stopped; an "
                             "attendant calls a technician, who restores the database from its "
                             "backup.",
                             seat + 1, (long long)have, (long long)st_sum_get(m, key));
    }
    /* pools: each the sum of its journal, and the invariant */
    st = st_prep(s, "checking the jackpot pools",
                 "SELECT key, value, reserve, contributed, seeded, paid, hits FROM pools", NULL);
    if (!st) return false;
    while (ok && (rc = sqlite3_step(st)) == SQLITE_ROW) {
        char key[64];
        snprintf(key, sizeof key, "%s", st_col_text(st, 0));
        int64_t v[6];
        bool journal = true;
        for (int f = 0; f < 6; f++) {
            char name[96];
            snprintf(name, sizeof name, "P%d:%s", f, key);
            v[f] = sqlite3_column_int64(st, f + 1);
            journal = journal && st_sum_get(m, name) == v[f];
        }
        bool invariant = v[0] + v[1] == v[3] * JACKPOT_FRAC + v[2] - v[4] * JACKPOT_FRAC &&
                         v[0] >= 0 && v[1] >= 0;
        if (!journal || !invariant)
            ok = st_broken(s,
                           "The jackpot pool '%s' %s. Play is stopped; an attendant calls a "
                           "technician, who restores the database from its backup.",
                           key,
                           !journal ? "does not match the record of its changes"
                                    : "does not balance (value and reserve against seeded, "
                                      "contributed and paid)");
    }
    st_finish(s, st);
    if (!ok) return false;
    if (rc != SQLITE_DONE) return st_db_fail(s, "checking the jackpot pools");
    for (int i = 0; i < m->n; i++) {
        if (strncmp(m->v[i].name, "P0:", 3) != 0) continue;
        bool exists = false;
        jackpot_pool_t p;
        if (!st_pool_get(s, m->v[i].name + 3, &p, &exists)) return false;
        if (!exists)
            return st_broken(s, "A jackpot pool is missing although its changes are recorded.");
    }
    return true;
}

/* ---- finished rounds ---- */

/* Each round finished after the mark: its credits moved by exactly its stakes and returns, its
 * hand pay is the one its lock records, and no round before the newest was left unfinished. */
static bool check_rounds(store_t *s, const st_head_t *mark) {
    int64_t end = mark[st_chain_index("round_end")].rowid;
    int64_t start = mark[st_chain_index("round_start")].rowid;
    int64_t bad = 0;
    sqlite3_stmt *st = st_prep(
        s, "checking the history",
        "SELECT r.game FROM round_end e CROSS JOIN round_seats r ON r.game = e.game WHERE "
        "e.game > ? AND r.credits_after != r.credits_before + CASE WHEN e.status='settled' THEN "
        "(SELECT COALESCE(SUM(w.returned), 0) - COALESCE(SUM(w.stake), 0) FROM round_wagers w "
        "WHERE w.game = r.game AND w.seat = r.seat) ELSE 0 END LIMIT 1",
        "i", end);
    if (!st) return false;
    int rc = sqlite3_step(st);
    if (rc == SQLITE_ROW) bad = sqlite3_column_int64(st, 0);
    st_finish(s, st);
    if (rc != SQLITE_ROW && rc != SQLITE_DONE) return st_db_fail(s, "checking the history");
    if (bad)
        return st_broken(s,
                         "Game %lld's credits before and after do not match its bets and "
                         "results: the history is damaged. Play is stopped; an attendant calls a "
                         "technician.",
                         (long long)bad);
    /* a hand pay recorded with a round has its lock, and a hand-pay lock its round */
    st = st_prep(s, "checking the hand pays",
                 "SELECT r.game FROM round_seats r JOIN round_end e USING(game) WHERE e.rowid > ? "
                 "AND r.handpay > 0 AND NOT EXISTS (SELECT 1 FROM locks l WHERE l.kind='handpay' "
                 "AND l.game=r.game AND l.seat=r.seat AND l.amount=r.handpay) "
                 "UNION ALL SELECT l.game FROM locks l WHERE l.kind='handpay' AND l.game > "
                 "COALESCE((SELECT game FROM round_end WHERE rowid=?), 0) AND NOT EXISTS (SELECT 1 "
                 "FROM round_seats r WHERE r.game=l.game AND r.seat=l.seat AND r.handpay=l.amount) "
                 "AND NOT EXISTS (SELECT 1 FROM audit a WHERE a.event IN ('link-paid', "
                 "'table-win') AND a.game=l.game AND a.seat=l.seat AND a.amount=l.amount) LIMIT 1",
                 "ii", end, end);
    if (!st) return false;
    rc = sqlite3_step(st);
    if (rc == SQLITE_ROW) bad = sqlite3_column_int64(st, 0);
    st_finish(s, st);
    if (rc != SQLITE_ROW && rc != SQLITE_DONE) return st_db_fail(s, "checking the hand pays");
    if (bad)
        return st_broken(s,
                         "Game %lld's hand pay and its attendant lock do not match: a record of "
                         "the hand pay was removed or changed. Play is stopped; an attendant "
                         "calls a technician.",
                         (long long)bad);
    st = st_prep(s, "checking the history",
                 "SELECT COUNT(*) FROM round_start WHERE rowid > ? AND game NOT IN (SELECT game "
                 "FROM round_end) AND game < (SELECT MAX(game) FROM round_start)",
                 "i", start);
    if (!st) return false;
    rc = sqlite3_step(st);
    bad = rc == SQLITE_ROW ? sqlite3_column_int64(st, 0) : 0;
    st_finish(s, st);
    if (rc != SQLITE_ROW) return st_db_fail(s, "checking the history");
    if (bad)
        return st_broken(s, "An old round was never finished: the history is damaged. Play "
                            "is stopped; an attendant calls a technician.");
    return true;
}

/* Each ticket event after the mark is of a ticket of the register (a ticket of another machine
 * can only have been redeemed here), and a redemption or a void moves the ticket's own amount. */
static bool check_tickets(store_t *s, const st_head_t *mark) {
    int64_t te = mark[st_chain_index("ticket_events")].rowid, bad = 0;
    sqlite3_stmt *st = st_prep(
        s, "checking the tickets",
        "SELECT e.id FROM ticket_events e LEFT JOIN tickets t ON t.validation = e.validation "
        "WHERE e.id > ? AND ((t.id IS NULL AND e.event != 'redeemed') OR (t.id IS NOT NULL AND "
        "e.event IN ('redeemed', 'voided') AND e.amount != t.amount)) LIMIT 1",
        "i", te);
    if (!st) return false;
    int rc = sqlite3_step(st);
    if (rc == SQLITE_ROW) bad = sqlite3_column_int64(st, 0);
    st_finish(s, st);
    if (rc != SQLITE_ROW && rc != SQLITE_DONE) return st_db_fail(s, "checking the tickets");
    if (bad)
        return st_broken(s,
                         "Ticket record %lld does not match the ticket it names: the ticket "
                         "register is damaged. Play is stopped; an attendant calls a technician.",
                         (long long)bad);
    return true;
}

/* ---- checkpoints ---- */

static void marks_text(const st_head_t *h, char *out, size_t cap) {
    size_t o = 0;
    out[0] = '\0';
    for (int t = 0; t < ST_NCHAINED && o < cap; t++) {
        char hex[2 * MAC_BYTES + 1];
        store_hex(h[t].mac, MAC_BYTES, hex);
        o += (size_t)snprintf(out + o, cap - o, "%s=%lld:%s;", ST_CHAINED[t], (long long)h[t].rowid,
                              hex);
    }
}

static bool marks_parse(const char *text, st_head_t *h) {
    memset(h, 0, sizeof(st_head_t) * ST_NCHAINED);
    for (int t = 0; t < ST_NCHAINED; t++) {
        const char *p = strstr(text, ST_CHAINED[t]);
        size_t n = strlen(ST_CHAINED[t]);
        while (p && !((p == text || p[-1] == ';') && p[n] == '=')) p = strstr(p + 1, ST_CHAINED[t]);
        /* a checkpoint written before a table was added: the table was empty then */
        if (!p && t >= ST_NCHAINED_V2 && t < ST_NCHAINED - 1) continue;
        if (!p) return false;
        char *end;
        long long rowid = strtoll(p + n + 1, &end, 10);
        if (*end != ':' || rowid < 0) return false;
        h[t].rowid = rowid;
        for (int i = 0; i < MAC_BYTES; i++) {
            unsigned v;
            if (sscanf(end + 1 + 2 * i, "%2x", &v) != 1) return false;
            h[t].mac[i] = (uint8_t)v;
        }
    }
    return true;
}

static char *sums_text(const st_sums_t *m) {
    size_t cap = (size_t)m->n * 80 + 1, o = 0;
    char *out = malloc(cap);
    if (!out) return NULL;
    out[0] = '\0';
    for (int i = 0; i < m->n; i++)
        o +=
            (size_t)snprintf(out + o, cap - o, "%s=%lld\n", m->v[i].name, (long long)m->v[i].value);
    return out;
}

static bool sums_parse(const char *text, st_sums_t *m) {
    m->n = 0;
    for (const char *p = text; *p;) {
        const char *eq = strchr(p, '='), *nl = strchr(p, '\n');
        if (!eq || !nl || eq > nl || (size_t)(eq - p) >= sizeof m->v[0].name || m->n >= ST_MAX_SUMS)
            return false;
        snprintf(m->v[m->n].name, sizeof m->v[0].name, "%.*s", (int)(eq - p), p);
        char *end;
        m->v[m->n].value = strtoll(eq + 1, &end, 10);
        if (end != nl) return false;
        m->n++;
        p = nl + 1;
    }
    return true;
}

/* The newest checkpoint (after the whole checkpoints chain is checked), or none. */
static bool load_checkpoint(store_t *s, st_checkpoint_t *cp, bool *found) {
    *found = false;
    st_head_t zero = {0}, head;
    int t = st_chain_index("checkpoints");
    if (!chain_scan(s, t, &zero, &head)) return false;
    if (head.rowid == 0) return true;
    sqlite3_stmt *st = st_prep(s, "reading a checkpoint",
                               "SELECT marks, sums FROM checkpoints WHERE id=?", "i", head.rowid);
    if (!st) return false;
    int rc = sqlite3_step(st);
    bool ok = rc == SQLITE_ROW && marks_parse(st_col_text(st, 0), cp->mark) &&
              sums_parse(st_col_text(st, 1), &cp->sums);
    st_finish(s, st);
    if (!ok) return st_broken(s, "The newest checkpoint of the records cannot be read back.");
    cp->id = head.rowid;
    *found = true;
    return true;
}

bool st_run_checks(store_t *s, bool full, bool page_check) {
    st_checkpoint_t *cp = s->verified;
    memset(cp, 0, sizeof *cp);
    bool found = false;
    if (!full && !load_checkpoint(s, cp, &found)) return false;
    if (!found) memset(cp, 0, sizeof *cp);
    if (page_check || !found) {
        /* SQLite's own check of its pages and indexes (at every start until the first
         * checkpoint; after that in the full check, which reads every page anyway) */
        char *res = NULL;
        sqlite3_stmt *st = st_prep(s, "checking the database file",
                                   full ? "PRAGMA integrity_check" : "PRAGMA quick_check", NULL);
        if (!st) return false;
        int rc = sqlite3_step(st);
        if (rc == SQLITE_ROW && strcmp(st_col_text(st, 0), "ok") != 0)
            res = strdup(st_col_text(st, 0));
        st_finish(s, st);
        if (rc != SQLITE_ROW) return st_db_fail(s, "checking the database file");
        if (res) {
            st_broken(s,
                      "The database file is damaged (SQLite: %.200s). Play is stopped; an "
                      "attendant calls a technician, who restores the database from its backup. "
                      "The file has not been changed.",
                      res);
            free(res);
            return false;
        }
    }
    st_head_t mark[ST_NCHAINED];
    memcpy(mark, cp->mark, sizeof mark);
    for (int t = 0; t < ST_NCHAINED; t++)
        if (!chain_scan(s, t, &mark[t], &s->head[t])) return false;
    if (!current_scan(s) || !check_commit_head(s)) return false;
    /* the sums up to the checkpoint, plus everything after it */
    if (!sums_after(s, mark, &cp->sums) || !compare_current(s, &cp->sums) ||
        !check_rounds(s, mark) || !check_tickets(s, mark))
        return false;
    /* what is verified now: the newest rows and the sums with them */
    memcpy(cp->mark, s->head, sizeof cp->mark);
    s->games_since_checkpoint =
        s->head[st_chain_index("round_end")].rowid - mark[st_chain_index("round_end")].rowid;
    return true;
}

bool st_checkpoint_write(store_t *s) {
    st_checkpoint_t *cp = s->verified;
    char marks[ST_NCHAINED * 100];
    marks_text(cp->mark, marks, sizeof marks);
    char *sums = sums_text(&cp->sums);
    if (!sums) return st_broken(s, "No memory to write a checkpoint.");
    sv_t row[] = {st_sv_int(cp->mark[st_chain_index("checkpoints")].rowid + 1),
                  st_sv_int(st_now_utc()), st_sv_text(marks), st_sv_text(sums)};
    bool ok = st_tx_begin(s) && st_row_insert(s, "checkpoints", row, 4, "keeping a checkpoint") &&
              st_tx_commit(s);
    free(sums);
    if (!ok) {
        st_tx_rollback(s);
        return false;
    }
    s->games_since_checkpoint = 0;
    return true;
}

/* ---- the background check ---- */

/* Every chained table from its first row, a slice at a time, then the current values: what a
 * start no longer reads (the rows before the newest checkpoint) is read again here while the
 * machine waits between games. Rows added meanwhile are the next start's, and the next cycle's. */
store_status_t store_verify_step(store_t *s, int max_rows, bool *cycle_done) {
    *cycle_done = false;
    if (s->state == STORE_FAULTED) return STORE_FAULT;
    if (s->game || max_rows < 1) return STORE_OK; /* between games only */
    st_start_op(s);
    while (max_rows > 0 && s->bg_table < ST_NCHAINED) {
        int64_t rows;
        st_head_t next;
        if (!chain_scan_n(s, s->bg_table, &s->bg_at, &next, max_rows, &rows)) {
            memset(&s->bg_at, 0, sizeof s->bg_at), s->bg_table = 0;
            return st_fault(s);
        }
        s->bg_at = next;
        max_rows -= (int)rows;
        if (rows == 0 || max_rows > 0) { /* the table is read to its end: the next one */
            s->bg_table++;
            memset(&s->bg_at, 0, sizeof s->bg_at);
        }
    }
    if (s->bg_table < ST_NCHAINED) return STORE_OK;
    if (!current_scan(s)) {
        s->bg_table = 0;
        return st_fault(s);
    }
    s->bg_table = 0;
    s->bg_cycles++;
    *cycle_done = true;
    return STORE_OK;
}
