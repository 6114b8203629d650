/* `studpoker bench table`: a shared table's speed with many players (issue 15).
 *
 * One host (host.h, on a thread of its own, as `table-host` runs it) deals a Caribbean Stud table
 * on the controller, and N simulated players bet, decide and collect their results through the
 * same functions a terminal calls (table_join, table_stake, table_decide, table_results), each as
 * itself (the controller checks who calls): C worker threads, each with one connection that
 * serves its share of the players by SET SESSION AUTHORIZATION (a superuser's connection may), so
 * that thousands of players need no thousands of connections. Every player stakes the minimum
 * ante and plays; the round's time goes where the host says (closing and dealing, reading the
 * records back, the engine, recording the results) and the players measure the rest: how long
 * until every player's stake was in, every decision in, and every player held its result after
 * the settlement committed. Needs a superuser's key=value connection string (scripts/
 * bench-table.sh starts a server of its own, with room in its lock table for a presence lock per
 * player). */
#define _POSIX_C_SOURCE 200809L
#include <inttypes.h>
#include <libpq-fe.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"
#include "config.h"
#include "host.h"

#define MAX_WORKERS 32
#define MAX_ROUNDS  64

typedef struct bround {
    host_round_stats_t host;
    bool have_host;
    double stakes_done_s, decisions_done_s, results_done_s; /* the last worker's */
    int results_missing;
} bround_t;

typedef struct bench {
    const char *url;
    int joined; /* workers whose players all sat down (under mu) */
    char tab[32];
    int players, workers, rounds;
    int betting_ms, deciding_ms;
    pthread_mutex_t mu;
    bround_t r[MAX_ROUNDS + 2];
    volatile sig_atomic_t stop;
    bool failed;
} bench_t;

typedef struct worker {
    bench_t *b;
    int idx, first, count; /* its players: first .. first + count - 1 */
    PGconn *c;
    int64_t transfer;
    char err[300];
} worker_t;

static double now_s(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static void on_round(void *ctx, const host_round_stats_t *s) {
    bench_t *b = ctx;
    if (s->round < 1 || s->round > MAX_ROUNDS) return;
    pthread_mutex_lock(&b->mu);
    b->r[s->round].host = *s;
    b->r[s->round].have_host = true;
    pthread_mutex_unlock(&b->mu);
}

/* One statement as player p (its own login, for the controller's checks); the first row's first
 * column, "" for none; false on an error (w->err). */
static bool as_player(worker_t *w, int p, const char *sql, char *out, size_t n) {
    char q[600];
    snprintf(q, sizeof q, "SET SESSION AUTHORIZATION sp_%s_p%d; %s", w->b->tab, p, sql);
    PGresult *r = PQexec(w->c, q);
    bool ok = PQresultStatus(r) == PGRES_TUPLES_OK;
    if (ok && out) snprintf(out, n, "%s", PQntuples(r) > 0 ? PQgetvalue(r, 0, 0) : "");
    if (!ok) snprintf(w->err, sizeof w->err, "player %d: %s", p, PQerrorMessage(w->c));
    PQclear(r);
    return ok;
}

/* The table's newest round and its phase, as the superuser reads it (the bench's own pacing). */
static bool newest(worker_t *w, int64_t *round, char phase[16]) {
    char q[160];
    snprintf(
        q, sizeof q,
        "RESET SESSION AUTHORIZATION; SELECT round, phase FROM sptable.rounds WHERE tab = '%s' "
        "ORDER BY round DESC LIMIT 1",
        w->b->tab);
    PGresult *r = PQexec(w->c, q);
    bool ok = PQresultStatus(r) == PGRES_TUPLES_OK;
    *round = 0, phase[0] = '\0';
    if (ok && PQntuples(r) == 1) {
        *round = strtoll(PQgetvalue(r, 0, 0), NULL, 10);
        snprintf(phase, 16, "%s", PQgetvalue(r, 0, 1));
    }
    if (!ok) snprintf(w->err, sizeof w->err, "reading the round: %s", PQerrorMessage(w->c));
    PQclear(r);
    return ok;
}

static bool wait_phase(worker_t *w, int64_t round, const char *phase) {
    for (int i = 0; i < 60000 && !w->b->stop; i++) {
        int64_t r;
        char ph[16];
        if (!newest(w, &r, ph)) return false;
        if (r == round && strcmp(ph, phase) == 0) return true;
        if (r > round && strcmp(phase, "settled") == 0) return true; /* over: the next opened */
        if (r > round ||
            (r == round && (strcmp(ph, "settled") == 0 || strcmp(ph, "cancelled") == 0))) {
            snprintf(w->err, sizeof w->err,
                     "waiting for round %" PRId64 " to be %s, the table "
                     "is at round %" PRId64 ", %s (a worker too slow for the table's times)",
                     round, phase, r, ph);
            return false;
        }
        struct timespec ts = {0, 5000000};
        nanosleep(&ts, NULL);
    }
    return false;
}

static void mark(bench_t *b, double *field) {
    pthread_mutex_lock(&b->mu);
    double t = now_s();
    if (t > *field) *field = t;
    pthread_mutex_unlock(&b->mu);
}

static bool play_round(worker_t *w, int64_t round) {
    bench_t *b = w->b;
    char sql[400], out[64];
    if (!wait_phase(w, round, "betting")) return false;
    for (int i = 0; i < w->count; i++) {
        int p = w->first + i;
        snprintf(sql, sizeof sql,
                 "SELECT accepted FROM sptable.table_stake('%s_p%d', '%s', %" PRId64 ", %" PRId64
                 ", '{100,0,0,0,0,0,0,0,0,0,0,0}')",
                 b->tab, p, b->tab, round, ++w->transfer);
        if (!as_player(w, p, sql, out, sizeof out)) return false;
    }
    mark(b, &b->r[round].stakes_done_s);
    if (!wait_phase(w, round, "deciding")) return false;
    for (int i = 0; i < w->count; i++) {
        int p = w->first + i;
        snprintf(sql, sizeof sql,
                 "SELECT accepted FROM sptable.table_decide('%s_p%d', '%s', %" PRId64
                 ", 0, 'play', 1, %" PRId64 ", 200)",
                 b->tab, p, b->tab, round, ++w->transfer);
        if (!as_player(w, p, sql, out, sizeof out)) return false;
    }
    mark(b, &b->r[round].decisions_done_s);
    if (!wait_phase(w, round, "settled")) return false;
    int missing = 0;
    for (int i = 0; i < w->count; i++) {
        int p = w->first + i;
        snprintf(sql, sizeof sql,
                 "SELECT round FROM sptable.table_results('%s_p%d', '%s', %" PRId64 ")", b->tab, p,
                 b->tab, round - 1);
        if (!as_player(w, p, sql, out, sizeof out)) return false;
        missing += strtoll(out, NULL, 10) != round;
    }
    mark(b, &b->r[round].results_done_s);
    pthread_mutex_lock(&b->mu);
    b->r[round].results_missing += missing;
    pthread_mutex_unlock(&b->mu);
    return true;
}

static void *worker_run(void *arg) {
    worker_t *w = arg;
    bench_t *b = w->b;
    char sql[200];
    for (int i = 0; i < w->count; i++) {
        int p = w->first + i;
        snprintf(sql, sizeof sql, "SELECT tab FROM sptable.table_join('%s_p%d', '%s')", b->tab, p,
                 b->tab);
        if (!as_player(w, p, sql, NULL, 0)) goto fail;
    }
    pthread_mutex_lock(&b->mu);
    b->joined++;
    pthread_mutex_unlock(&b->mu);
    for (int64_t round = 1; round <= b->rounds && !b->stop; round++)
        if (!play_round(w, round)) goto fail;
    return NULL;
fail:
    if (!b->stop) {
        fprintf(stderr, "studpoker bench table: worker %d: %s\n", w->idx, w->err);
        b->failed = true;
        b->stop = 1;
    }
    return NULL;
}

static bool exec_ok(PGconn *c, const char *sql) {
    PGresult *r = PQexec(c, sql);
    bool ok = PQresultStatus(r) == PGRES_TUPLES_OK || PQresultStatus(r) == PGRES_COMMAND_OK;
    if (!ok) fprintf(stderr, "studpoker bench table: %s\n", PQerrorMessage(c));
    PQclear(r);
    return ok;
}

/* The table, its host's login and the players (logins of their own, made in one statement). */
static bool set_up(bench_t *b) {
    PGconn *c = PQconnectdb(b->url);
    if (PQstatus(c) != CONNECTION_OK) {
        fprintf(stderr, "studpoker bench table: %s", PQerrorMessage(c));
        PQfinish(c);
        return false;
    }
    char sql[1400];
    snprintf(sql, sizeof sql,
             "SELECT splink.link_site_add('%s', 'EUR'); "
             "SELECT sptable.table_add('%s', 'EUR', 'sp_%s_host', 'pw-%s-bench'); "
             "DO $$ BEGIN FOR i IN 0 .. %d LOOP "
             "EXECUTE format('CREATE ROLE %%I NOLOGIN IN ROLE splink_terminal', 'sp_%s_p' || i); "
             "INSERT INTO sptable.terminals (machine, site, role) "
             "VALUES ('%s_p' || i, '%s', 'sp_%s_p' || i); END LOOP; END $$; "
             /* the players sit down before the host publishes its game: a placeholder */
             "UPDATE sptable.tables SET config = '[game]' WHERE tab = '%s'",
             b->tab, b->tab, b->tab, b->tab, b->players - 1, b->tab, b->tab, b->tab, b->tab,
             b->tab);
    bool ok = exec_ok(c, sql);
    PQfinish(c);
    return ok;
}

static double pct(double *v, int n, double q) {
    for (int i = 1; i < n; i++)
        for (int k = i; k > 0 && v[k - 1] > v[k]; k--) {
            double t = v[k];
            v[k] = v[k - 1], v[k - 1] = t;
        }
    return n ? v[(int)((n - 1) * q)] : 0;
}

static void report(bench_t *b, double elapsed) {
    printf("table: %d players on %d connections, %d rounds in %.1f s (%.1f rounds a minute; "
           "betting %d ms, decisions %d ms)\n",
           b->players, b->workers, b->rounds, elapsed, b->rounds * 60.0 / elapsed, b->betting_ms,
           b->deciding_ms);
    printf("  round  deal+check  read  engine  record  |  every result in  (after the "
           "settlement)\n");
    double every[MAX_ROUNDS];
    int n = 0, missing = 0;
    for (int r = 1; r <= b->rounds; r++) {
        const bround_t *x = &b->r[r];
        if (!x->have_host) continue;
        missing += x->results_missing;
        printf("  %5d  %7.0f ms %5.0f %7.0f %7.0f  |  ", r, x->host.close_deal_ms, x->host.read_ms,
               x->host.engine_ms, x->host.settle_ms);
        if (x->results_missing || x->results_done_s <= 0) {
            /* a round some players did not bet in (their workers were late) has no such time */
            if (x->results_done_s <= 0)
                printf("not read: a worker fell behind the table's times\n");
            else
                printf("%d players without a result\n", x->results_missing);
            continue;
        }
        double got = (x->results_done_s - x->host.settled_at_s) * 1000;
        every[n++] = got;
        printf("%8.0f ms\n", got);
    }
    if (n < b->rounds) printf("  %d of %d rounds had every player's result\n", n, b->rounds);
    if (n)
        printf("  every player had its result within %.0f ms of the settlement (median of rounds "
               "%.0f ms); results missing %d\n",
               pct(every, n, 1.0), pct(every, n, 0.5), missing);
}

static void *host_thread(void *arg) {
    void **a = arg;
    host_run(a[0], a[1]);
    return NULL;
}

int cli_bench_table(int argc, char **argv) {
    static bench_t b;
    b.players = 1000, b.workers = 8, b.rounds = 5, b.betting_ms = 3000, b.deciding_ms = 3000;
    for (int i = 0; i < argc; i++) {
        const char *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (strcmp(argv[i], "--url") == 0 && v)
            b.url = v, i++;
        else if (strcmp(argv[i], "--players") == 0 && v)
            b.players = atoi(v), i++;
        else if (strcmp(argv[i], "--connections") == 0 && v)
            b.workers = atoi(v), i++;
        else if (strcmp(argv[i], "--rounds") == 0 && v)
            b.rounds = atoi(v), i++;
        else if (strcmp(argv[i], "--betting-ms") == 0 && v)
            b.betting_ms = atoi(v), i++;
        else if (strcmp(argv[i], "--deciding-ms") == 0 && v)
            b.deciding_ms = atoi(v), i++;
        else {
            fprintf(stderr,
                    "usage: studpoker bench table --url CONNINFO [--players N] "
                    "[--connections C] [--rounds R] [--betting-ms MS] [--deciding-ms MS]\n");
            return 2;
        }
    }
    if (!b.url || b.players < 1 || b.players > 200000 || b.workers < 1 || b.workers > MAX_WORKERS ||
        b.rounds < 1 || b.rounds > MAX_ROUNDS || b.betting_ms < 1000 || b.deciding_ms < 1000) {
        fprintf(stderr,
                "studpoker bench table: give --url (a superuser's key=value connection "
                "string), 1 to 200,000 players, 1 to %d connections, 1 to %d rounds, "
                "times of 1000 ms or more\n",
                MAX_WORKERS, MAX_ROUNDS);
        return 2;
    }
    snprintf(b.tab, sizeof b.tab, "bench_%ld", (long)getpid());
    pthread_mutex_init(&b.mu, NULL);
    if (!set_up(&b)) return 1;
    static cfg_t cfg;
    cfg_defaults(&cfg, PRESET_CARIBBEAN_CLASSIC);
    cfg.rules.betting_seconds = (b.betting_ms + 999) / 1000;
    cfg.rules.decision_seconds = (b.deciding_ms + 999) / 1000;
    char host_url[700];
    snprintf(host_url, sizeof host_url, "%s user=sp_%s_host password=pw-%s-bench", b.url, b.tab,
             b.tab);
    host_options_t o = {.url = host_url,
                        .tab = b.tab,
                        .rounds = b.rounds,
                        .deal = "per_player",
                        .stale_ms = 600000,
                        .pause_ms = 1000,
                        .stop = &b.stop,
                        .on_round = on_round,
                        .ctx = &b};
    static worker_t w[MAX_WORKERS];
    int per = b.players / b.workers, extra = b.players % b.workers, next = 0;
    for (int i = 0; i < b.workers; i++) {
        w[i] = (worker_t){.b = &b, .idx = i, .first = next, .count = per + (i < extra)};
        next += w[i].count;
        w[i].c = PQconnectdb(b.url);
        if (PQstatus(w[i].c) != CONNECTION_OK) {
            fprintf(stderr, "studpoker bench table: %s", PQerrorMessage(w[i].c));
            return 1;
        }
    }
    pthread_t th[MAX_WORKERS], host;
    void *args[2] = {&cfg, &o};
    double start = now_s();
    for (int i = 0; i < b.workers; i++) pthread_create(&th[i], NULL, worker_run, &w[i]);
    /* the table opens once every player sits there */
    for (;;) {
        pthread_mutex_lock(&b.mu);
        bool all = b.joined == b.workers || b.failed;
        pthread_mutex_unlock(&b.mu);
        if (all) break;
        struct timespec ts = {0, 20000000};
        nanosleep(&ts, NULL);
    }
    double seated = now_s();
    printf("table: %d players sat down in %.1f s\n", b.players, seated - start);
    start = seated;
    pthread_create(&host, NULL, host_thread, args);
    for (int i = 0; i < b.workers; i++) pthread_join(th[i], NULL);
    b.stop = b.stop || b.failed;
    pthread_join(host, NULL);
    double elapsed = now_s() - start;
    for (int i = 0; i < b.workers; i++) PQfinish(w[i].c);
    report(&b, elapsed);
    return b.failed ? 1 : 0;
}
