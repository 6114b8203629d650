/* The terminal's thread: the table's controller without the machine waiting on it. See
 * machine_table.h; the machine's side is machine_table.c. */
#define _POSIX_C_SOURCE 200809L
#include "machine_table_internal.h"

#include <inttypes.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#ifdef STUDPOKER_LINK

struct mtable {
    char url[CFG_PATH_LEN], terminal[CFG_LINK_NAME_LEN], tab[CFG_LINK_NAME_LEN];
    pthread_t thread;
    pthread_mutex_t mu;
    bool stop;

    /* under mu */
    bool up;
    char state[200];
    lt_view_t view;
    uint64_t view_seq;
    store_table_out_t items[MT_ITEMS]; /* offered, oldest first */
    int nitems;
    mt_answer_t answers[MT_ITEMS];
    int nanswers; /* answers to the items offered, in their order */
    bool fold;
    int64_t fold_round;
    int fold_step;
    int64_t collect_after; /* results wanted after this round (-1: none wanted) */
    lt_result_t results[MT_RESULTS];
    int nresults;
    bool caught_up; /* the last look found no result after those the machine has, nothing sent */
    bool want_now;  /* the machine collected results: the next may follow at once */
    int64_t last_given; /* the newest result the last look gave, when it had none after it (-1) */

    /* the thread's own */
    link_t *conn;
};

static void set_state(mtable_t *t, bool up, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static void set_state(mtable_t *t, bool up, const char *fmt, ...) {
    char now[sizeof t->state];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(now, sizeof now, fmt, ap);
    va_end(ap);
    pthread_mutex_lock(&t->mu);
    t->up = up;
    /* the log has each change (the screen says it in the player's words: machine_table.h) */
    bool changed = strcmp(now, t->state) != 0;
    memcpy(t->state, now, sizeof now);
    pthread_mutex_unlock(&t->mu);
    if (changed) fprintf(stderr, "studpoker: table %s: %s\n", t->tab, now);
}

static bool stopping(mtable_t *t) {
    pthread_mutex_lock(&t->mu);
    bool s = t->stop;
    pthread_mutex_unlock(&t->mu);
    return s;
}

static void sleep_ms(int ms) {
    struct timespec ts = {ms / 1000, (long)(ms % 1000) * 1000000L};
    nanosleep(&ts, NULL);
}

/* A pause that a stop ends at once (closing a table must not wait out a retry's pause). */
static void nap(mtable_t *t, int ms) {
    for (int slept = 0; slept < ms && !stopping(t); slept += 50) sleep_ms(50);
}

static int64_t mono_ms(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

static bool sit(mtable_t *t) {
    char err[LINK_MSG_LEN];
    link_status_t st;
    if (!t->conn) {
        st = link_connect(t->url, &t->conn, err, sizeof err);
        if (!t->conn) {
            set_state(t, false, "TABLE DOWN: out of memory");
            return false;
        }
    } else {
        st = link_reconnect(t->conn);
    }
    lt_table_t info;
    if (st == LINK_OK) st = link_table_join(t->conn, t->terminal, t->tab, &info);
    if (st == LINK_OK) {
        link_table_free(&info);
        st = link_table_listen(t->conn, t->tab);
    }
    if (st != LINK_OK) {
        set_state(t, false, "%s: %s",
                  st == LINK_DOWN                ? "TABLE DOWN"
                  : link_table_not_open(t->conn) ? "TABLE NOT OPEN YET"
                                                 : "TABLE REFUSED",
                  link_message(t->conn));
        return false;
    }
    set_state(t, true, "connected");
    return true;
}

/* Sends what is offered, in order; the answers wait for the machine. */
static link_status_t send_items(mtable_t *t) {
    store_table_out_t items[MT_ITEMS];
    pthread_mutex_lock(&t->mu);
    int n = t->nanswers == 0 ? t->nitems : 0;
    memcpy(items, t->items, sizeof items[0] * (size_t)n);
    bool fold = t->fold;
    int64_t fold_round = t->fold_round;
    int fold_step = t->fold_step;
    pthread_mutex_unlock(&t->mu);
    mt_answer_t ans[MT_ITEMS];
    for (int i = 0; i < n; i++) {
        const store_table_out_t *it = &items[i];
        lt_answer_t a;
        link_status_t st =
            it->step < 0 ? link_table_stake(t->conn, t->terminal, it->tab, it->round, it->transfer,
                                            it->stakes, WAGER_COUNT, &a)
                         : link_table_decide(t->conn, t->terminal, it->tab, it->round, it->step,
                                             "play", it->multiple, it->transfer, it->total, &a);
        if (st != LINK_OK) return st;
        ans[i] = (mt_answer_t){.transfer = it->transfer, .accepted = a.accepted};
        snprintf(ans[i].reason, sizeof ans[i].reason, "%s", a.reason);
    }
    if (fold) {
        lt_answer_t a;
        link_status_t st = link_table_decide(t->conn, t->terminal, t->tab, fold_round, fold_step,
                                             "fold", 0, 0, 0, &a);
        if (st == LINK_DOWN) return st;
    }
    pthread_mutex_lock(&t->mu);
    if (n > 0) {
        memcpy(t->answers, ans, sizeof ans[0] * (size_t)n);
        t->nanswers = n;
    }
    if (fold && t->fold_round == fold_round && t->fold_step == fold_step) t->fold = false;
    pthread_mutex_unlock(&t->mu);
    return LINK_OK;
}

/* The table and the results due, in one call: every terminal of a table asks on the same notice
 * (a table of thousands: one call each, not a view and then the results). */
static link_status_t look(mtable_t *t) {
    pthread_mutex_lock(&t->mu);
    int64_t after = t->nresults == 0 ? t->collect_after : -1;
    pthread_mutex_unlock(&t->mu);
    lt_view_t v;
    lt_result_t r[MT_RESULTS];
    int n = 0;
    bool more = false;
    link_status_t st =
        link_table_look(t->conn, t->terminal, t->tab, after, &v, r, MT_RESULTS, &n, &more);
    if (st != LINK_OK) return st;
    pthread_mutex_lock(&t->mu);
    t->view = v;
    t->view_seq++;
    if (after >= 0 && t->collect_after == after) {
        if (n == 0) t->caught_up = t->nitems == 0 && t->nanswers == 0;
        if (n > 0 && t->nresults == 0) {
            memcpy(t->results, r, sizeof r[0] * (size_t)n);
            t->nresults = n;
            t->caught_up = false;
        }
        /* what the machine asks for next once it has recorded these: nothing, when the table had
         * no more (a new result comes with a notice of its own) */
        t->last_given = n > 0 && !more ? r[n - 1].round : -1;
    }
    pthread_mutex_unlock(&t->mu);
    return LINK_OK;
}

/* The machine took the results it was given and wants the next ones. */
static bool results_wanted(mtable_t *t) {
    pthread_mutex_lock(&t->mu);
    bool w = t->nresults == 0 && t->collect_after >= 0 && !t->caught_up && t->want_now;
    t->want_now = false;
    pthread_mutex_unlock(&t->mu);
    return w;
}

static void *run(void *arg) {
    mtable_t *t = arg;
    bool up = false;
    int64_t next_view = 0;
    while (!stopping(t)) {
        if (!up) {
            up = sit(t);
            if (!up) {
                nap(t, 1000);
                continue;
            }
            next_view = 0;
        }
        link_status_t st = send_items(t);
        /* on every change the table tells, and every half second; results with them */
        bool due = mono_ms() >= next_view;
        if (st == LINK_OK && (due || results_wanted(t))) {
            st = look(t);
            if (due) next_view = mono_ms() + 500;
        }
        bool changed = false;
        if (st == LINK_OK) st = link_table_wait(t->conn, 50, &changed);
        if (st == LINK_OK && changed) next_view = 0;
        if (st == LINK_DOWN) {
            up = false;
            set_state(t, false, "TABLE DOWN: %s", link_message(t->conn));
        } else if (st == LINK_REFUSED) {
            /* a refusal of the table's own: shown, and tried again a while later */
            set_state(t, false, "TABLE REFUSED: %s", link_message(t->conn));
            nap(t, 5000);
            up = false;
        }
    }
    if (t->conn && up) link_table_leave(t->conn, t->terminal, t->tab);
    return NULL;
}

mtable_t *mtable_start(const char *url, const char *terminal, const char *tab, char *err,
                       size_t errlen) {
    mtable_t *t = calloc(1, sizeof *t);
    if (!t) {
        snprintf(err, errlen, "out of memory for the table");
        return NULL;
    }
    snprintf(t->url, sizeof t->url, "%s", url);
    snprintf(t->terminal, sizeof t->terminal, "%s", terminal);
    snprintf(t->tab, sizeof t->tab, "%s", tab);
    snprintf(t->state, sizeof t->state, "TABLE DOWN: connecting");
    t->collect_after = -1;
    t->last_given = -1;
    pthread_mutex_init(&t->mu, NULL);
    if (pthread_create(&t->thread, NULL, run, t) != 0) {
        snprintf(err, errlen, "the table's thread could not start");
        pthread_mutex_destroy(&t->mu);
        free(t);
        return NULL;
    }
    return t;
}

void mtable_stop(mtable_t *t) {
    if (!t) return;
    pthread_mutex_lock(&t->mu);
    t->stop = true;
    pthread_mutex_unlock(&t->mu);
    pthread_join(t->thread, NULL);
    link_close(t->conn);
    pthread_mutex_destroy(&t->mu);
    free(t);
}

void mtable_state(mtable_t *t, bool *up, char *state, size_t n) {
    pthread_mutex_lock(&t->mu);
    *up = t->up;
    snprintf(state, n, "%s", t->state);
    pthread_mutex_unlock(&t->mu);
}

bool mtable_view(mtable_t *t, lt_view_t *out, uint64_t *seq) {
    pthread_mutex_lock(&t->mu);
    bool fresh = t->view_seq != *seq;
    if (fresh) *out = t->view, *seq = t->view_seq;
    pthread_mutex_unlock(&t->mu);
    return fresh;
}

bool mtable_offer(mtable_t *t, const store_table_out_t *items, int n) {
    pthread_mutex_lock(&t->mu);
    bool free_ = t->nanswers == 0;
    if (free_ && n > 0) t->caught_up = false;
    if (free_) {
        n = n < MT_ITEMS ? n : MT_ITEMS;
        memcpy(t->items, items, sizeof items[0] * (size_t)n);
        t->nitems = n;
    }
    pthread_mutex_unlock(&t->mu);
    return free_;
}

int mtable_answers(mtable_t *t, mt_answer_t *out) {
    pthread_mutex_lock(&t->mu);
    int n = t->nanswers;
    memcpy(out, t->answers, sizeof out[0] * (size_t)n);
    pthread_mutex_unlock(&t->mu);
    return n;
}

void mtable_answers_taken(mtable_t *t) {
    pthread_mutex_lock(&t->mu);
    t->nanswers = 0;
    t->nitems = 0;
    pthread_mutex_unlock(&t->mu);
}

void mtable_fold(mtable_t *t, int64_t round, int step) {
    pthread_mutex_lock(&t->mu);
    t->fold = true, t->fold_round = round, t->fold_step = step;
    pthread_mutex_unlock(&t->mu);
}

void mtable_want_results(mtable_t *t, int64_t after) {
    pthread_mutex_lock(&t->mu);
    if (t->nresults == 0) {
        if (after != t->collect_after) {
            /* the machine recorded what the last look gave: when the table had nothing after it,
             * there is nothing to ask (thousands of terminals would ask it at once) */
            bool known = after == t->last_given && after >= 0;
            t->want_now = !known;
            t->caught_up = known && t->nitems == 0 && t->nanswers == 0;
        }
        t->collect_after = after;
    }
    pthread_mutex_unlock(&t->mu);
}

bool mtable_caught_up(mtable_t *t) {
    pthread_mutex_lock(&t->mu);
    bool c = t->caught_up && t->nitems == 0 && t->nanswers == 0 && t->nresults == 0 && t->up;
    pthread_mutex_unlock(&t->mu);
    return c;
}

int mtable_results(mtable_t *t, lt_result_t *out) {
    pthread_mutex_lock(&t->mu);
    int n = t->nresults;
    memcpy(out, t->results, sizeof out[0] * (size_t)n);
    t->nresults = 0;
    pthread_mutex_unlock(&t->mu);
    return n;
}

link_status_t mtable_join_once(const char *url, const char *terminal, const char *tab,
                               lt_table_t *info, bool *not_open, char *err, size_t errlen) {
    link_t *l = NULL;
    char e[LINK_MSG_LEN];
    if (not_open) *not_open = false;
    link_status_t st = link_connect(url, &l, e, sizeof e);
    if (st != LINK_OK) {
        snprintf(err, errlen, "the table's controller: %s", l ? link_message(l) : e);
        link_close(l);
        return st;
    }
    st = link_table_join(l, terminal, tab, info);
    if (st != LINK_OK) snprintf(err, errlen, "table %s: %s", tab, link_message(l));
    if (st == LINK_REFUSED && not_open) *not_open = link_table_not_open(l);
    link_close(l);
    return st;
}

bool mtable_join_now(const char *url, const char *terminal, const char *tab, lt_table_t *info,
                     bool *not_open, char *err, size_t errlen) {
    /* a terminal that boots with its floor (or with a busy server) tries for 30 s before it
     * gives up: every attempt has its own 5 s timeout, one a second; a table that answers no is
     * not asked again */
    int64_t give_up = mono_ms() + MT_JOIN_TRIES_MS;
    for (int attempt = 0;; attempt++) {
        link_status_t st = mtable_join_once(url, terminal, tab, info, not_open, err, errlen);
        if (st != LINK_DOWN || mono_ms() >= give_up) return st == LINK_OK;
        if (attempt == 0) fprintf(stderr, "studpoker: %s; trying again for 30 s\n", err);
        sleep_ms(1000);
    }
}

#endif
