/* `studpoker bench table`: a shared table's speed with many players (issue 15).
 *
 * One host (host.h, on a thread of its own, as `table-host` runs it) deals a Caribbean Stud table
 * on the controller, and N simulated players bet, decide and collect their results through the
 * same functions a terminal calls (table_join, table_stake, table_decide, and on the settlement's
 * notice table_results; with --view the view table_now, the table and the player's result, as a
 * terminal reads them on that notice; with --look table_look, as the terminals of schemas 5 and 6
 * did; with --view2 table_view then table_results, as those of schema 4), each as itself (the
 * controller checks who calls): C worker threads, each with one connection that serves its share
 * of the players by SET SESSION AUTHORIZATION (a superuser's connection may), so that thousands of
 * players need no thousands of connections.
 *
 * A worker follows the table as a terminal does, by the table's notices (LISTEN: the round
 * opened, the decisions opened, the round settled), and sends its players' calls in pipelines of
 * up to BATCH players, each player's call its own transaction (so each stake and decision is
 * committed as a terminal's would be) and its statement prepared once on the connection (as a
 * terminal's link prepares what it asks): the server takes them back to back, as it would take
 * the calls of that many terminals arriving at once, instead of waiting a round trip for each.
 * Seat keepers (a connection for every 2,500 players) sit the players down and hold their
 * presence locks, which a worker's connection would pay for at the end of every transaction. Every
 * player stakes the minimum ante and plays; the round's time goes where the host says (closing
 * and dealing, closing the decisions, reading the records back, the engine, recording the
 * results) and the players measure the rest: how long until every player's stake was in, every
 * decision in, and every player held its result after the settlement committed. Needs a
 * superuser's key=value connection string (scripts/bench-table.sh starts a server of its own,
 * with room in its lock table for a presence lock per player). */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <inttypes.h>
#include <libpq-fe.h>
#include <poll.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"
#include "config.h"
#include "host.h"

#define MAX_WORKERS 48
#define MAX_KEEPERS 8
#define MAX_ROUNDS  64
#define BATCH       64 /* players a worker's pipeline carries at once */

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
    int view; /* on the settlement: 0 the results, 1 the table and the result as a terminal of
               * schema 7 reads them (table_now), 2 the table's view then the results (two
               * calls), 3 the table and the results in one call (table_look) */
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
    int64_t seen_round; /* the newest notice: its round and phase */
    int seen_rank;
    const char *prepared[8]; /* the statements prepared on the connection (their texts) */
    int nprepared;
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

/* ---- the table's notices ---- */

/* A round's phases in their order (cancelled ends a round as settled does). */
static int phase_rank(const char *phase) {
    static const char *const order[] = {"betting", "closed", "deciding", "settled"};
    for (int i = 0; i < 4; i++)
        if (strcmp(phase, order[i]) == 0) return i + 1;
    return strcmp(phase, "cancelled") == 0 ? 4 : 0;
}

/* Takes the notices that arrived ("table=T round=R phase=P step=S at=US"): the newest state. */
static bool take_notices(worker_t *w) {
    if (!PQconsumeInput(w->c)) {
        snprintf(w->err, sizeof w->err, "the connection dropped: %s", PQerrorMessage(w->c));
        return false;
    }
    PGnotify *n;
    while ((n = PQnotifies(w->c)) != NULL) {
        const char *r = strstr(n->extra, "round="), *p = strstr(n->extra, "phase=");
        char phase[16] = "";
        if (r && p && sscanf(p + 6, "%15[a-z]", phase) == 1) {
            int64_t round = strtoll(r + 6, NULL, 10);
            int rank = phase_rank(phase);
            if (round > w->seen_round || (round == w->seen_round && rank > w->seen_rank))
                w->seen_round = round, w->seen_rank = rank;
        }
        PQfreemem(n);
    }
    return true;
}

/* Waits for the table's notice that round `round` is at `phase`; false when it went past it (the
 * worker is too slow for the table's times) or the connection failed. */
static bool wait_phase(worker_t *w, int64_t round, const char *phase) {
    int want = phase_rank(phase);
    for (;;) {
        if (!take_notices(w)) return false;
        if (w->seen_round == round && w->seen_rank == want) return true;
        if (w->seen_round > round || (w->seen_round == round && w->seen_rank > want)) {
            snprintf(w->err, sizeof w->err,
                     "waiting for round %" PRId64 " to be %s, the table is at round %" PRId64
                     " (a worker too slow for the table's times)",
                     round, phase, w->seen_round);
            return false;
        }
        if (w->b->stop) return false;
        struct pollfd pfd = {.fd = PQsocket(w->c), .events = POLLIN};
        if (poll(&pfd, 1, 100) < 0 && errno != EINTR) {
            snprintf(w->err, sizeof w->err, "poll: %s", strerror(errno));
            return false;
        }
    }
}

/* ---- the players' calls, pipelined ---- */

/* One player's call: the SQL and its parameters (text), and where the first column of the first
 * row goes. */
typedef struct call {
    const char *sql;
    const char *vals[8];
    int n;
    char out[32];
} call_t;

/* Reads one player's answers up to its sync: the last call's first column, or the first error. */
static bool read_player(worker_t *w, int p, call_t *c) {
    bool ok = true;
    for (;;) {
        PGresult *r = PQgetResult(w->c);
        if (!r) continue; /* the end of one statement's results */
        ExecStatusType st = PQresultStatus(r);
        if (st == PGRES_PIPELINE_SYNC) {
            PQclear(r);
            break;
        }
        if (st == PGRES_TUPLES_OK) {
            /* table_now: the round of the player's result, when it has one */
            int k = PQfnumber(r, "my_result"), rc = PQfnumber(r, "round");
            bool none = PQntuples(r) == 0 || (k >= 0 && (rc < 0 || PQgetisnull(r, 0, k)));
            snprintf(c->out, sizeof c->out, "%s", none ? "" : PQgetvalue(r, 0, k >= 0 ? rc : 0));
        } else if (st != PGRES_COMMAND_OK && st != PGRES_TUPLES_OK && ok) {
            snprintf(w->err, sizeof w->err, "player %d: %s", p,
                     st == PGRES_PIPELINE_ABORTED ? "aborted" : PQresultErrorMessage(r));
            ok = false;
        }
        PQclear(r);
    }
    return ok;
}

/* The name of the statement prepared for sql on the worker's connection (prepared now if it is
 * not yet, as a terminal's link prepares what it asks), "" to send it unprepared. */
static const char *prepared(worker_t *w, const char *sql, int n, char name[16]) {
    name[0] = '\0';
    for (int i = 0; i < w->nprepared; i++)
        if (w->prepared[i] == sql) return snprintf(name, 16, "s%d", i), name;
    if (w->nprepared == 8) return name;
    snprintf(name, 16, "s%d", w->nprepared);
    PGresult *r = PQprepare(w->c, name, sql, n, NULL);
    bool ok = PQresultStatus(r) == PGRES_COMMAND_OK;
    PQclear(r);
    if (!ok) return name[0] = '\0', name;
    w->prepared[w->nprepared++] = sql;
    return name;
}

/* Sends the calls of players first .. first + n - 1 in one pipeline (each player as itself, each
 * its own transaction: a sync after each) and reads their answers. */
static bool pipeline(worker_t *w, int first, call_t *calls, int n, int per) {
    char names[BATCH * 2][16];
    for (int j = 0; j < n * per; j++) prepared(w, calls[j].sql, calls[j].n, names[j]);
    if (!PQenterPipelineMode(w->c)) {
        snprintf(w->err, sizeof w->err, "pipeline: %s", PQerrorMessage(w->c));
        return false;
    }
    bool ok = true;
    for (int i = 0; i < n && ok; i++) {
        char who[96];
        snprintf(who, sizeof who, "SET SESSION AUTHORIZATION sp_%s_p%d", w->b->tab, first + i);
        ok = PQsendQueryParams(w->c, who, 0, NULL, NULL, NULL, NULL, 0);
        for (int k = 0; k < per && ok; k++) {
            call_t *c = &calls[i * per + k];
            const char *name = names[i * per + k];
            ok = name[0] ? PQsendQueryPrepared(w->c, name, c->n, c->vals, NULL, NULL, 0)
                         : PQsendQueryParams(w->c, c->sql, c->n, NULL, c->vals, NULL, NULL, 0);
        }
        ok = ok && PQpipelineSync(w->c);
    }
    if (!ok) snprintf(w->err, sizeof w->err, "sending: %s", PQerrorMessage(w->c));
    for (int i = 0; ok && i < n; i++) ok = read_player(w, first + i, &calls[i * per + per - 1]);
    if (!PQexitPipelineMode(w->c) && ok) {
        snprintf(w->err, sizeof w->err, "pipeline end: %s", PQerrorMessage(w->c));
        ok = false;
    }
    return ok;
}

static void mark(bench_t *b, double *field) {
    pthread_mutex_lock(&b->mu);
    double t = now_s();
    if (t > *field) *field = t;
    pthread_mutex_unlock(&b->mu);
}

/* Every player of the worker makes `per` calls (the k-th made by fill), BATCH players to a
 * pipeline. *missing (when given): players whose last call's first column is not `round` (the
 * results: a player without this round's result). */
typedef void (*fill_fn)(worker_t *w, int p, int64_t round, int k, call_t *c, char (*text)[64]);

static bool all_players(worker_t *w, int64_t round, int per, fill_fn fill, int *missing) {
    static _Thread_local call_t calls[BATCH * 2];
    static _Thread_local char text[BATCH * 2][4][64];
    for (int i = 0; i < w->count; i += BATCH) {
        int n = w->count - i < BATCH ? w->count - i : BATCH;
        for (int j = 0; j < n * per; j++) {
            memset(&calls[j], 0, sizeof calls[j]);
            fill(w, w->first + i + j / per, round, per - 1 - j % per, &calls[j], text[j]);
        }
        if (!pipeline(w, w->first + i, calls, n, per)) return false;
        for (int j = 0; missing && j < n; j++)
            *missing += strtoll(calls[j * per + per - 1].out, NULL, 10) != round;
    }
    return true;
}

static void fill_stake(worker_t *w, int p, int64_t round, int k, call_t *c, char (*t)[64]) {
    (void)k;
    snprintf(t[0], 64, "%s_p%d", w->b->tab, p);
    snprintf(t[1], 64, "%" PRId64, round);
    snprintf(t[2], 64, "%" PRId64, ++w->transfer);
    c->sql = "SELECT accepted FROM sptable.table_stake($1, $2, $3::bigint, $4::bigint, "
             "'{100,0,0,0,0,0,0,0,0,0,0,0}')";
    c->vals[0] = t[0], c->vals[1] = w->b->tab, c->vals[2] = t[1], c->vals[3] = t[2];
    c->n = 4;
}

static void fill_decide(worker_t *w, int p, int64_t round, int k, call_t *c, char (*t)[64]) {
    (void)k;
    snprintf(t[0], 64, "%s_p%d", w->b->tab, p);
    snprintf(t[1], 64, "%" PRId64, round);
    snprintf(t[2], 64, "%" PRId64, ++w->transfer);
    c->sql = "SELECT accepted FROM sptable.table_decide($1, $2, $3::bigint, 0, 'play', 1, "
             "$4::bigint, 200)";
    c->vals[0] = t[0], c->vals[1] = w->b->tab, c->vals[2] = t[1], c->vals[3] = t[2];
    c->n = 4;
}

/* A terminal on the settlement's notice: its results after the round before (k 0, the last
 * call: its first column is the round it holds); with --view the table as well, as a terminal
 * reads it there (schema 7: the view table_now, every column); with --look the table and the
 * results in one call as the terminals of schemas 5 and 6 read them (table_look); with --view2
 * the table's view first (k 1), then the results, as those of schema 4. */
static void fill_results(worker_t *w, int p, int64_t round, int k, call_t *c, char (*t)[64]) {
    snprintf(t[0], 64, "%s_p%d", w->b->tab, p);
    c->vals[0] = t[0], c->vals[1] = w->b->tab;
    if (w->b->view == 1) {
        c->sql = "SELECT * FROM sptable.table_now WHERE tab = $1";
        c->vals[0] = w->b->tab, c->vals[1] = NULL;
        c->n = 1;
        return;
    }
    if (k == 1) {
        c->sql = "SELECT round FROM sptable.table_view($1, $2)";
        c->n = 2;
        return;
    }
    snprintf(t[1], 64, "%" PRId64, round - 1);
    c->sql = w->b->view == 3 ? "SELECT r_round, * FROM sptable.table_look($1, $2, $3::bigint)"
                             : "SELECT round FROM sptable.table_results($1, $2, $3::bigint)";
    c->vals[2] = t[1];
    c->n = 3;
}

static bool play_round(worker_t *w, int64_t round) {
    bench_t *b = w->b;
    if (!wait_phase(w, round, "betting")) return false;
    if (!all_players(w, round, 1, fill_stake, NULL)) return false;
    mark(b, &b->r[round].stakes_done_s);
    if (!wait_phase(w, round, "deciding")) return false;
    if (!all_players(w, round, 1, fill_decide, NULL)) return false;
    mark(b, &b->r[round].decisions_done_s);
    if (!wait_phase(w, round, "settled")) return false;
    int missing = 0;
    if (!all_players(w, round, b->view == 2 ? 2 : 1, fill_results, &missing)) return false;
    mark(b, &b->r[round].results_done_s);
    pthread_mutex_lock(&b->mu);
    b->r[round].results_missing += missing;
    pthread_mutex_unlock(&b->mu);
    return true;
}

/* A keeper's players sit down from its connection, which then holds their presence locks (as
 * each terminal's own session would) and does nothing else: a worker's connection that held
 * thousands of session locks would pay for each of them at the end of every transaction it ran,
 * which no terminal does. */
static void *keeper_run(void *arg) {
    worker_t *w = arg;
    bench_t *b = w->b;
    static _Thread_local call_t calls[BATCH];
    static _Thread_local char text[BATCH][64];
    for (int i = 0; i < w->count; i += BATCH) {
        int n = w->count - i < BATCH ? w->count - i : BATCH;
        for (int k = 0; k < n; k++) {
            snprintf(text[k], sizeof text[k], "%s_p%d", b->tab, w->first + i + k);
            calls[k] = (call_t){.sql = "SELECT tab FROM sptable.table_join($1, $2)",
                                .vals = {text[k], b->tab},
                                .n = 2};
        }
        if (!pipeline(w, w->first + i, calls, n, 1)) {
            fprintf(stderr, "studpoker bench table: sitting down: %s\n", w->err);
            b->failed = true;
            return NULL;
        }
    }
    return NULL;
}

static void *worker_run(void *arg) {
    worker_t *w = arg;
    bench_t *b = w->b;
    char sql[80];
    snprintf(sql, sizeof sql, "LISTEN sptable_%s", b->tab);
    PGresult *r = PQexec(w->c, sql);
    bool ok = PQresultStatus(r) == PGRES_COMMAND_OK;
    PQclear(r);
    if (!ok) {
        snprintf(w->err, sizeof w->err, "LISTEN: %s", PQerrorMessage(w->c));
        goto fail;
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
           "betting %d ms, decisions %d ms)%s\n",
           b->players, b->workers, b->rounds, elapsed, b->rounds * 60.0 / elapsed, b->betting_ms,
           b->deciding_ms,
           b->view == 1   ? "; each player reads the table and its result (table_now)"
           : b->view == 3 ? "; each player reads the table and its results in one call (table_look)"
           : b->view == 2 ? "; each player reads the view, then its results"
                          : "");
    printf("  round  deal+check  close  read  engine  record  |  stakes in  decisions in  |  every "
           "result in (after the settlement; after the close)\n");
    double every[MAX_ROUNDS], whole[MAX_ROUNDS];
    int n = 0, missing = 0;
    for (int r = 1; r <= b->rounds; r++) {
        const bround_t *x = &b->r[r];
        if (!x->have_host) continue;
        const host_round_stats_t *h = &x->host;
        missing += x->results_missing;
        /* the players' times from the round's opening and the decisions' (the host's clock) */
        printf("  %5d  %7.0f ms %6.0f %5.0f %7.0f %7.0f  |  %7.0f ms %9.0f ms  |  ", r,
               h->close_deal_ms, h->close_step_ms, h->read_ms, h->engine_ms, h->settle_ms,
               x->stakes_done_s > 0 ? (x->stakes_done_s - h->opened_at_s) * 1000 : -1,
               x->decisions_done_s > 0 ? (x->decisions_done_s - h->dealt_at_s) * 1000 : -1);
        if (x->results_missing || x->results_done_s <= 0) {
            /* a round some players did not bet in (their workers were late) has no such time */
            if (x->results_done_s <= 0)
                printf("not read: a worker fell behind the table's times\n");
            else
                printf("%d players without a result\n", x->results_missing);
            continue;
        }
        double got = (x->results_done_s - h->settled_at_s) * 1000;
        whole[n] = got + h->close_step_ms + h->read_ms + h->engine_ms + h->settle_ms;
        every[n++] = got;
        printf("%7.0f ms; %7.0f ms\n", got, whole[n - 1]);
    }
    if (n < b->rounds) printf("  %d of %d rounds had every player's result\n", n, b->rounds);
    if (n)
        printf("  every player had its result within %.0f ms of the settlement (median of rounds "
               "%.0f ms), within %.0f ms of the decisions' close (median %.0f ms); results "
               "missing %d\n",
               pct(every, n, 1.0), pct(every, n, 0.5), pct(whole, n, 1.0), pct(whole, n, 0.5),
               missing);
}

/* n connections, the players shared among them in turn. */
static bool connect_all(bench_t *b, worker_t *w, int n) {
    int per = b->players / n, extra = b->players % n, next = 0;
    for (int i = 0; i < n; i++) {
        w[i] = (worker_t){.b = b, .idx = i, .first = next, .count = per + (i < extra)};
        next += w[i].count;
        w[i].c = PQconnectdb(b->url);
        if (PQstatus(w[i].c) != CONNECTION_OK) {
            fprintf(stderr, "studpoker bench table: %s", PQerrorMessage(w[i].c));
            return false;
        }
    }
    return true;
}

static void *host_thread(void *arg) {
    void **a = arg;
    host_run(a[0], a[1]);
    return NULL;
}

int cli_bench_table(int argc, char **argv) {
    static bench_t b;
    b.players = 1000, b.workers = 0, b.rounds = 5, b.betting_ms = 0, b.deciding_ms = 0;
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
        else if (strcmp(argv[i], "--view") == 0)
            b.view = 1;
        else if (strcmp(argv[i], "--view2") == 0)
            b.view = 2;
        else if (strcmp(argv[i], "--look") == 0)
            b.view = 3;
        else {
            fprintf(stderr, "usage: studpoker bench table --url CONNINFO [--players N] "
                            "[--connections C] [--rounds R] [--betting-ms MS] [--deciding-ms MS] "
                            "[--view | --look | --view2]\n");
            return 2;
        }
    }
    /* 3 s to bet and to decide, a table's own 15 s past 2,000 players (10,000 stakes, each a
     * transaction committed to disk, take this 2-core machine about 4 s) */
    int dflt = b.players > 2000 ? 15000 : 3000;
    if (b.betting_ms == 0) b.betting_ms = dflt;
    if (b.deciding_ms == 0) b.deciding_ms = dflt;
    /* a connection for every 500 players (8 to 32): each commits its players' stakes one after
     * another, as many terminals' commits at once share the server's flushes */
    if (b.workers == 0)
        b.workers = b.players / 500 < 8 ? 8 : b.players / 500 > 32 ? 32 : b.players / 500;
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
    /* the keepers (a connection for every 2,500 players) seat the players, then the workers */
    static worker_t w[MAX_WORKERS], keep[MAX_KEEPERS];
    int nkeep = (b.players + 2499) / 2500 < MAX_KEEPERS ? (b.players + 2499) / 2500 : MAX_KEEPERS;
    if (!connect_all(&b, keep, nkeep) || !connect_all(&b, w, b.workers)) return 1;
    pthread_t th[MAX_WORKERS], host;
    void *args[2] = {&cfg, &o};
    double start = now_s();
    for (int i = 0; i < nkeep; i++) pthread_create(&th[i], NULL, keeper_run, &keep[i]);
    for (int i = 0; i < nkeep; i++) pthread_join(th[i], NULL);
    if (b.failed) return 1;
    for (int i = 0; i < b.workers; i++) pthread_create(&th[i], NULL, worker_run, &w[i]);
    /* the table opens once every player sits there and every worker follows the table */
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
    for (int i = 0; i < nkeep; i++) PQfinish(keep[i].c);
    report(&b, elapsed);
    return b.failed ? 1 : 0;
}
