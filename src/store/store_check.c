/* The checks a database must pass before it is played: checksums, gaps, balances. See store.h for
 * the contract. */
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

/* ---- the checks ---- */

bool st_check_macs(store_t *s) {
    for (int t = 0; t < NCHECKED; t++) {
        char sql[96];
        snprintf(sql, sizeof sql, "SELECT * FROM %s", CHECKED_TABLES[t]);
        sqlite3_stmt *st = st_prep(s, "checking the database", sql, NULL);
        if (!st) return false;
        int rc;
        while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
            if (!st_mac_check_stmt(s, CHECKED_TABLES[t], st)) {
                char first[96];
                snprintf(first, sizeof first, "%s", st_col_text(st, 0));
                sqlite3_finalize(st);
                return st_broken(s,
                                 "A record in '%s' (%s) fails its checksum: the database was "
                                 "changed outside the game or is damaged. Play is stopped; an "
                                 "attendant calls a technician, who restores the database from its "
                                 "backup. The file has not been changed.",
                                 CHECKED_TABLES[t], first);
            }
        }
        sqlite3_finalize(st);
        if (rc != SQLITE_DONE) return st_db_fail(s, "checking the database");
    }
    return true;
}

/* Ids and game numbers run 1..n without a gap: no record was taken out. */
bool st_check_contiguous(store_t *s) {
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
        if (!st_q_int(s, &ok, 0, "checking the database", sql)) return false;
        if (!ok)
            return st_broken(s,
                             "Records are missing from '%s': the database was changed outside "
                             "the game. Play is stopped; an attendant calls a technician.",
                             seqs[i].table);
    }
    int64_t bad;
    if (!st_q_int(s, &bad, 0, "checking the database",
                  "SELECT COUNT(*) FROM round_start WHERE game NOT IN (SELECT game FROM round_end) "
                  "AND game < (SELECT MAX(game) FROM round_start)"))
        return false;
    if (bad)
        return st_broken(s, "An old round was never finished: the history is damaged. Play "
                            "is stopped; an attendant calls a technician.");
    return true;
}

typedef struct meter_sum {
    char name[48];
    int64_t value;
} meter_sum_t;

static int load_sums(store_t *s, const char *sql, meter_sum_t *out, int max) {
    sqlite3_stmt *st = st_prep(s, "checking the meters", sql, NULL);
    if (!st) return -1;
    int n = 0, rc;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW && n < max) {
        snprintf(out[n].name, sizeof out[n].name, "%s", st_col_text(st, 0));
        out[n].value = sqlite3_column_int64(st, 1);
        n++;
    }
    sqlite3_finalize(st);
    if (rc != SQLITE_DONE && rc != SQLITE_ROW) {
        st_db_fail(s, "checking the meters");
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
    return st_broken(s,
                     "The meter '%s' reads %lld but %s gives %lld: the meters and the records do "
                     "not balance. Play is stopped; an attendant calls a technician, who restores "
                     "the database from its backup. The file has not been changed.",
                     name, (long long)meter, against, (long long)other);
}

/* Meters against the ledger; credits against the ledger; meters against the history. */
bool st_check_balances(store_t *s) {
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
        st_prep(s, "checking the credits",
                "SELECT seat, meter, SUM(amount) FROM ledger GROUP BY seat, meter", NULL);
    if (!st) return false;
    int rc;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        int64_t seat = sqlite3_column_int64(st, 0);
        if (seat < 0 || seat >= RULES_MAX_SEATS) {
            sqlite3_finalize(st);
            return st_broken(s, "The ledger names seat %lld, which no table has.", (long long)seat);
        }
        expect[seat] += st_meter_sign(st_col_text(st, 1)) * sqlite3_column_int64(st, 2);
    }
    sqlite3_finalize(st);
    if (rc != SQLITE_DONE) return st_db_fail(s, "checking the credits");
    for (int seat = 0; seat < RULES_MAX_SEATS; seat++) {
        int64_t have;
        bool exists;
        if (!st_read_value(s, "credits", "seat", st_sv_int(seat), &have, &exists)) return false;
        if (have != expect[seat])
            return st_broken(s,
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
    if (!st_q_int(
            s, &bad_game, 0, "checking the history",
            "SELECT r.game FROM round_seats r JOIN round_end e USING(game) LEFT JOIN "
            "(SELECT game, seat, SUM(stake) st, SUM(returned) re FROM round_wagers GROUP BY "
            "game, seat) w USING(game, seat) WHERE r.credits_after != r.credits_before + "
            "CASE WHEN e.status='settled' THEN COALESCE(w.re,0) - COALESCE(w.st,0) ELSE 0 END "
            "LIMIT 1"))
        return false;
    if (bad_game)
        return st_broken(s,
                         "Game %lld's credits before and after do not match its bets and "
                         "results: the history is damaged. Play is stopped; an attendant calls a "
                         "technician.",
                         (long long)bad_game);

    /* pools: the invariant, and each pool the sum of its journal */
    st =
        st_prep(s, "checking the jackpot pools",
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
        snprintf(key, sizeof key, "%s", st_col_text(st, 0));
        bool journal = memcmp(v, v + 6, sizeof(int64_t) * 6) == 0;
        bool invariant = v[0] + v[1] == v[3] * JACKPOT_FRAC + v[2] - v[4] * JACKPOT_FRAC &&
                         v[0] >= 0 && v[1] >= 0;
        if (!journal || !invariant) {
            sqlite3_finalize(st);
            return st_broken(s,
                             "The jackpot pool '%s' %s. Play is stopped; an attendant calls a "
                             "technician, who restores the database from its backup.",
                             key,
                             !journal ? "does not match the record of its changes"
                                      : "does not balance (value and reserve against seeded, "
                                        "contributed and paid)");
        }
    }
    sqlite3_finalize(st);
    if (rc != SQLITE_DONE) return st_db_fail(s, "checking the jackpot pools");
    int64_t orphan;
    if (!st_q_int(s, &orphan, 0, "checking the jackpot pools",
                  "SELECT COUNT(*) FROM (SELECT DISTINCT key FROM pool_journal) WHERE key NOT IN "
                  "(SELECT key FROM pools)"))
        return false;
    if (orphan) return st_broken(s, "A jackpot pool is missing although its changes are recorded.");
    return true;
}
