/* `studpoker bench link`: the linked progressive's speed on a real controller (issue 14).
 *
 * N simulated machines, each a thread with its own login and connection, deliver contributions
 * as a machine's outbox does (link_contribute_many, B stakes to a transaction, then
 * link_announce as the controller asks) and follow the pool as a machine does (LISTEN, the
 * notices read between their own calls). Measured: the contributions counted per second by the
 * controller; the meter's latency: for each notice a machine reads, from the answer of the
 * oldest stake the notice adds to that machine's meter (stakes are numbered in the order their
 * answers came back, notices carry the pool's count of stakes) to the moment it was read; and,
 * halfway, a hit's latency to every machine (the claim of one machine's round until the last
 * machine has read the win). Everything goes into a new pool of its own
 * ("bench_<pid>") with its own machines, so an installed controller can be measured too.
 * --rate R paces each machine at R stakes a second (a floor's real load) instead of flat out.
 * Needs a superuser's key=value connection string (machines log in with the same string and
 * their own user and password appended). */
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
#include "link.h"

#define MAX_MACHINES 256
#define MAX_SAMPLES  20000   /* meter latencies kept per machine */
#define MAX_STAKES   4000000 /* stakes whose answer time is kept */

struct bench;
typedef struct bench_machine {
    struct bench *b;
    int idx;
    char name[LINK_NAME_LEN], conninfo[600];
    link_t *l;
    int64_t sent, next_game;
    int64_t *lat; /* meter latencies, us */
    int nlat;
    int64_t win_lat; /* -1: the win not seen */
    double end;      /* when its last batch was counted */
    int64_t seen;    /* stakes its meter includes (the newest notice's count) */
    bool announce_due;
    double announce_at;
    char since[LINK_SINCE_LEN];
    int64_t notices; /* notices read, announcements made */
    int64_t announced;
    bool failed;
    char err[LINK_MSG_LEN];
} bench_machine_t;

typedef struct bench {
    int machines, batch;
    double seconds, rate; /* rate: stakes a second per machine, 0: as fast as it can */
    char pool[24];        /* "bench_<pid>" */
    bench_machine_t m[MAX_MACHINES];
    double start;
    bool claimed;
    pthread_mutex_t mu; /* answered, nanswered */
    int64_t *answered;  /* the wall clock (us) when each stake's answer came back, in order */
    int64_t nanswered;
} bench_t;

static double now_s(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* The wall clock in microseconds: the notices carry the server's (one host here). */
static int64_t wall_us(void) {
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    return (int64_t)ts.tv_sec * 1000000 + ts.tv_nsec / 1000;
}

static void read_notices(bench_t *b, bench_machine_t *m, int wait_ms) {
    link_notice_t n;
    bool got = true;
    while (got) {
        if (link_notice_wait(m->l, wait_ms, &n, &got) != LINK_OK) return;
        if (!got) return;
        int64_t at = wall_us();
        if (strcmp(n.pool, b->pool) != 0) continue;
        m->notices++;
        if (strcmp(n.event, "win") == 0 && m->win_lat < 0) m->win_lat = at - n.sent_us;
        if (n.contributions > m->seen) {
            /* the oldest stake this notice adds: stake number seen + 1, index seen */
            pthread_mutex_lock(&b->mu);
            int64_t answered = m->seen < b->nanswered ? b->answered[m->seen] : -1;
            pthread_mutex_unlock(&b->mu);
            if (answered >= 0 && m->nlat < MAX_SAMPLES) m->lat[m->nlat++] = at - answered;
            m->seen = n.contributions;
        }
        wait_ms = 0;
    }
}

/* Asks the controller to tell the other machines of this one's stakes, when it is due. */
static bool announce(bench_t *b, bench_machine_t *m) {
    (void)b;
    if (!m->announce_due || now_s() < m->announce_at) return true;
    bool made = false;
    int wait_ms = 0;
    char since[LINK_SINCE_LEN] = "";
    if (link_announce(m->l, m->name, m->since, since, &made, &wait_ms) != LINK_OK) {
        m->failed = true;
        snprintf(m->err, sizeof m->err, "announcing: %s", link_message(m->l));
        return false;
    }
    m->announced += made;
    if (wait_ms > 0) {
        snprintf(m->since, sizeof m->since, "%s", since);
        m->announce_at = now_s() + wait_ms / 1000.0;
    } else {
        m->announce_due = false;
    }
    return true;
}

/* How long a paced machine may wait for notices before it has something to do, in ms. */
static int wait_for(const bench_machine_t *m, double next) {
    double until = next;
    if (m->announce_due && m->announce_at < until) until = m->announce_at;
    double left = until - now_s();
    return left <= 0 ? 0 : (int)(left * 1000) + 1;
}

static void *machine_run(void *arg) {
    bench_machine_t *m = arg;
    bench_t *b = m->b;
    link_stake_t stakes[LINK_BATCH_MAX];
    link_contribution_t c[LINK_BATCH_MAX];
    double next = b->start + (b->rate > 0 ? (double)m->idx / b->machines / b->rate * b->batch : 0);
    while (now_s() - b->start < b->seconds) {
        /* a paced machine reads the pool's notices while it waits for its next round */
        while (b->rate > 0 && now_s() < next) {
            read_notices(b, m, wait_for(m, next));
            if (!announce(b, m)) return NULL;
        }
        next += b->rate > 0 ? b->batch / b->rate : 0;
        for (int i = 0; i < b->batch; i++)
            stakes[i] =
                (link_stake_t){.game = m->next_game++, .seat = 1, .stake = 100, .currency = "EUR"};
        if (link_contribute_many(m->l, m->name, stakes, b->batch, c) != LINK_OK) {
            m->failed = true;
            snprintf(m->err, sizeof m->err, "%s", link_message(m->l));
            return NULL;
        }
        int64_t answered = wall_us();
        pthread_mutex_lock(&b->mu);
        for (int i = 0; i < b->batch && b->nanswered < MAX_STAKES; i++)
            b->answered[b->nanswered++] = answered;
        pthread_mutex_unlock(&b->mu);
        m->sent += b->batch;
        m->end = now_s();
        m->announce_due = true, m->announce_at = 0, m->since[0] = '\0';
        if (!announce(b, m)) return NULL;
        if (m->idx == 0 && !b->claimed && now_s() - b->start >= b->seconds / 2) {
            link_win_t w;
            if (link_claim(m->l, m->name, stakes[b->batch - 1].game, 1, 100, "EUR", &w) !=
                LINK_OK) {
                m->failed = true;
                snprintf(m->err, sizeof m->err, "the claim: %s", link_message(m->l));
                return NULL;
            }
            b->claimed = true;
        }
        read_notices(b, m, 0);
    }
    /* the last announcement and the win, if they have not come yet */
    for (int i = 0; i < 20 && (m->announce_due || m->win_lat < 0); i++) {
        if (!announce(b, m)) return NULL;
        read_notices(b, m, 50);
    }
    return NULL;
}

static int cmp_i64(const void *a, const void *b) {
    int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
    return (x > y) - (x < y);
}

static bool exec_ok(PGconn *c, const char *sql) {
    PGresult *r = PQexec(c, sql);
    bool ok = PQresultStatus(r) == PGRES_TUPLES_OK || PQresultStatus(r) == PGRES_COMMAND_OK;
    if (!ok) fprintf(stderr, "studpoker bench link: %s\n  %s", sql, PQerrorMessage(c));
    PQclear(r);
    return ok;
}

/* The controller (installed if it is not), a pool and the machines of this run. */
static bool set_up(bench_t *b, const char *url) {
    link_t *l = NULL;
    char err[LINK_MSG_LEN];
    if (link_connect(url, &l, err, sizeof err) != LINK_OK || link_install(l) != LINK_OK) {
        fprintf(stderr, "studpoker bench link: %s\n", l ? link_message(l) : err);
        link_close(l);
        return false;
    }
    link_close(l);
    PGconn *c = PQconnectdb(url);
    if (PQstatus(c) != CONNECTION_OK) {
        fprintf(stderr, "studpoker bench link: %s", PQerrorMessage(c));
        PQfinish(c);
        return false;
    }
    char sql[512];
    snprintf(sql, sizeof sql,
             "SELECT splink.link_site_add('%s', 'EUR');"
             "SELECT splink.link_pool_add('%s', 'EUR', 100000, 4500, 500, 0)",
             b->pool, b->pool);
    bool ok = exec_ok(c, sql);
    for (int i = 0; ok && i < b->machines; i++) {
        bench_machine_t *m = &b->m[i];
        snprintf(m->name, sizeof m->name, "%s_m%d", b->pool, i);
        snprintf(sql, sizeof sql,
                 "SELECT splink.link_machine_add('%s', '%s', '%s', 'sp_%s', 'pw-%s-bench')",
                 m->name, b->pool, b->pool, m->name, m->name);
        ok = exec_ok(c, sql);
        snprintf(m->conninfo, sizeof m->conninfo, "%s user=sp_%s password=pw-%s-bench", url,
                 m->name, m->name);
    }
    PQfinish(c);
    return ok;
}

static void report(bench_t *b, double elapsed) {
    int64_t sent = 0, n = 0;
    for (int i = 0; i < b->machines; i++) sent += b->m[i].sent, n += b->m[i].nlat;
    int64_t *all = malloc(sizeof *all * (size_t)(n ? n : 1));
    int64_t k = 0, win_max = -1;
    int saw = 0;
    for (int i = 0; i < b->machines; i++) {
        if (all) memcpy(all + k, b->m[i].lat, sizeof *all * (size_t)b->m[i].nlat);
        k += b->m[i].nlat;
        if (b->m[i].win_lat >= 0)
            saw++, win_max = b->m[i].win_lat > win_max ? b->m[i].win_lat : win_max;
    }
    printf("link: %d machines, %d stakes to a transaction, %.1f s, %s\n", b->machines, b->batch,
           elapsed, b->rate > 0 ? "paced" : "each as fast as it can");
    printf("  contributions counted          %10.0f a second (%" PRId64 " in all)\n",
           (double)sent / elapsed, sent);
    if (all && n) {
        qsort(all, (size_t)n, sizeof *all, cmp_i64);
        printf("  meter latency to a machine     p50 %.1f ms, p99 %.1f ms, max %.1f ms (%" PRId64
               " notices read)\n",
               (double)all[n / 2] / 1000, (double)all[(n * 99) / 100] / 1000,
               (double)all[n - 1] / 1000, n);
    }
    int64_t notices = 0, announced = 0;
    for (int i = 0; i < b->machines; i++)
        notices += b->m[i].notices, announced += b->m[i].announced;
    printf("  notices of stakes made          %9.1f a second (%" PRId64
           "), read by the machines %" PRId64 "\n",
           (double)announced / elapsed, announced, notices);
    if (b->claimed)
        printf("  a hit to every machine         %.1f ms (the last of %d machines to read it; %d "
               "saw it)\n",
               (double)win_max / 1000, b->machines, saw);
    free(all);
}

int cli_bench_link(int argc, char **argv) {
    static bench_t b;
    const char *url = NULL;
    b.machines = 64, b.batch = 16, b.seconds = 10;
    for (int i = 0; i < argc; i++) {
        const char *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (strcmp(argv[i], "--url") == 0 && v)
            url = v, i++;
        else if (strcmp(argv[i], "--machines") == 0 && v)
            b.machines = atoi(v), i++;
        else if (strcmp(argv[i], "--batch") == 0 && v)
            b.batch = atoi(v), i++;
        else if (strcmp(argv[i], "--seconds") == 0 && v)
            b.seconds = atof(v), i++;
        else if (strcmp(argv[i], "--rate") == 0 && v)
            b.rate = atof(v), i++;
        else {
            fprintf(stderr, "usage: studpoker bench link --url CONNINFO [--machines N] "
                            "[--batch B] [--seconds S] [--rate R]\n"
                            "  CONNINFO: a superuser's key=value connection string "
                            "(scripts/bench-link.sh starts a server of its own)\n");
            return 2;
        }
    }
    if (!url || b.machines < 1 || b.machines > MAX_MACHINES || b.batch < 1 ||
        b.batch > LINK_BATCH_MAX || b.seconds <= 0 || strchr(url, '/') == url) {
        fprintf(stderr,
                "studpoker bench link: give --url (a superuser's key=value connection "
                "string), 1 to %d machines, a batch of 1 to %d, seconds > 0\n",
                MAX_MACHINES, LINK_BATCH_MAX);
        return 2;
    }
    snprintf(b.pool, sizeof b.pool, "bench_%ld", (long)getpid());
    pthread_mutex_init(&b.mu, NULL);
    b.answered = malloc(sizeof *b.answered * MAX_STAKES);
    if (!b.answered) {
        fprintf(stderr, "studpoker bench link: out of memory\n");
        return 1;
    }
    if (!set_up(&b, url)) return 1;
    for (int i = 0; i < b.machines; i++) {
        bench_machine_t *m = &b.m[i];
        char err[LINK_MSG_LEN];
        m->b = &b, m->idx = i, m->win_lat = -1, m->next_game = 1;
        m->lat = malloc(sizeof *m->lat * MAX_SAMPLES);
        if (!m->lat || link_connect(m->conninfo, &m->l, err, sizeof err) != LINK_OK ||
            link_listen(m->l, b.pool) != LINK_OK) {
            fprintf(stderr, "studpoker bench link: machine %d: %s\n", i,
                    m->l ? link_message(m->l) : err);
            return 1;
        }
    }
    pthread_t t[MAX_MACHINES];
    b.start = now_s();
    for (int i = 0; i < b.machines; i++) pthread_create(&t[i], NULL, machine_run, &b.m[i]);
    for (int i = 0; i < b.machines; i++) pthread_join(t[i], NULL);
    double end = b.start;
    for (int i = 0; i < b.machines; i++) end = b.m[i].end > end ? b.m[i].end : end;
    double elapsed = end - b.start; /* the contributions' time, not the wait for the win */
    int status = 0;
    for (int i = 0; i < b.machines; i++)
        if (b.m[i].failed) {
            fprintf(stderr, "studpoker bench link: machine %d: %s\n", i, b.m[i].err);
            status = 1;
        }
    report(&b, elapsed);
    for (int i = 0; i < b.machines; i++) link_close(b.m[i].l), free(b.m[i].lat);
    free(b.answered);
    return status;
}
