/* A terminal's lobby (001: "the LOBBY ... allows you to easily change the game table or select
 * any other live game"): the controller's tables read every second on a thread of its own, and a
 * table sat at when the player asks on a second one, so that neither the reading nor a join's
 * round trips hold the screen, and a join that waits for a controller that does not answer (it
 * tries for 30 s) holds neither the screen nor the lobby's rows: they are read on meanwhile, the
 * row says JOINING, and the player may give the join up. See machine_table.h. */
#define _POSIX_C_SOURCE 200809L
#include "machine_table_internal.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "lang.h"

#ifdef STUDPOKER_LINK

struct mlobby {
    char url[CFG_PATH_LEN], terminal[CFG_LINK_NAME_LEN];
    pthread_t reader, joiner;
    pthread_mutex_t mu;
    pthread_cond_t wake; /* broadcast: each thread waits for what is its own */

    /* under mu */
    bool stop, refresh;
    bool watch; /* the lobby is on the screen: read every second */
    bool up;
    bool said_down; /* the log has said why the tables cannot be read */
    char state[200];
    mlobby_row_t rows[MLOBBY_ROWS];
    int nrows;
    char join_tab[48];   /* asked, not started */
    char leave_tab[48];  /* a table joined that the terminal does not play after all */
    char joining[48];    /* asked, not answered (nor given up) */
    bool cancel;         /* the join under way was given up: no answer, the table left */
    int64_t retry_until; /* the join under way tries again until then (0: not yet failed) */
    bool waiting_open;   /* the join under way waits for its table to open */
    bool answered;
    mlobby_join_t answer;
};

static int64_t mono_ms(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* Waits with mu held until *flag or the stop, or ms pass. */
static void wait_for(mlobby_t *l, const bool *flag, int ms) {
    struct timespec until;
    clock_gettime(CLOCK_REALTIME, &until);
    until.tv_sec += ms / 1000;
    until.tv_nsec += (long)(ms % 1000) * 1000000L;
    if (until.tv_nsec >= 1000000000L) until.tv_sec++, until.tv_nsec -= 1000000000L;
    while (!l->stop && !(flag && *flag))
        if (pthread_cond_timedwait(&l->wake, &l->mu, &until) != 0) break;
}

/* A field copied, cut to its room. */
static void put(char *dst, size_t n, const char *src) {
    size_t k = strnlen(src, n - 1);
    memcpy(dst, src, k);
    dst[k] = '\0';
}

static void read_rows(mlobby_t *l, link_t **conn) {
    char err[LINK_MSG_LEN] = "";
    link_status_t st = LINK_OK;
    if (!*conn) {
        st = link_connect(l->url, conn, err, sizeof err);
    }
    lt_lobby_row_t rows[MLOBBY_ROWS];
    int n = 0;
    if (st == LINK_OK && *conn) st = link_table_lobby(*conn, rows, MLOBBY_ROWS, &n);
    int64_t now = mono_ms();
    pthread_mutex_lock(&l->mu);
    bool was_up = l->up;
    l->up = st == LINK_OK && *conn;
    if (!l->up) {
        /* the player's words on the screen; the reason in the log, once as it goes down */
        snprintf(l->state, sizeof l->state, "%s",
                 N_("The tables cannot be reached just now. Trying again..."));
        if (was_up || !l->said_down)
            fprintf(stderr, "studpoker: the lobby cannot read the tables: %s\n",
                    *conn ? link_message(*conn) : err);
        l->said_down = true;
    } else {
        l->state[0] = '\0';
        l->nrows = n;
        for (int i = 0; i < n; i++) {
            mlobby_row_t *r = &l->rows[i];
            memset(r, 0, sizeof *r);
            put(r->tab, sizeof r->tab, rows[i].tab);
            put(r->title, sizeof r->title, rows[i].title);
            put(r->variant, sizeof r->variant, rows[i].variant);
            put(r->limits, sizeof r->limits, rows[i].limits);
            put(r->currency, sizeof r->currency, rows[i].currency);
            r->seated = rows[i].seated;
            r->round = rows[i].round;
            put(r->phase, sizeof r->phase, rows[i].phase);
            r->left_ms = rows[i].left_ms;
            r->pool_value = rows[i].pool_value;
            r->read_at = now;
        }
    }
    pthread_mutex_unlock(&l->mu);
    /* a connection that failed is made anew next time */
    if (st == LINK_DOWN && *conn) {
        link_close(*conn);
        *conn = NULL;
    }
}

/* Leaves a table joined for nothing (its seat at the controller counted the terminal there). */
static void leave_one(mlobby_t *l, link_t **conn, const char *tab) {
    char err[LINK_MSG_LEN];
    if (!*conn && link_connect(l->url, conn, err, sizeof err) != LINK_OK) {
        link_close(*conn);
        *conn = NULL;
        return;
    }
    if (link_table_leave(*conn, l->terminal, tab) == LINK_DOWN) {
        link_close(*conn);
        *conn = NULL;
    }
}

/* The answer to a join: why not for the player as a text of the catalogs whose %s is the table
 * (said in the language on screen when it is shown: this thread translates nothing), the log
 * gets the controller's words. */
static void answer_of(mlobby_join_t *a, const char *tab, link_status_t st, lt_table_t *info) {
    (void)tab;
    if (st == LINK_REFUSED)
        a->say = N_("Table %s cannot be joined from this terminal just now. Please call an "
                    "attendant if this goes on.");
    else if (st == LINK_DOWN)
        a->say = N_("Table %s could not be reached for 30 seconds: it was not joined. Please try "
                    "again in a moment.");
    if (st != LINK_OK) return;
    a->ok = true;
    a->game = strdup(info->config ? info->config : "");
    snprintf(a->title, sizeof a->title, "%s", info->title);
    a->linked = info->pool[0] != '\0';
    link_table_free(info);
    if (!a->game) {
        a->ok = false;
        snprintf(a->err, sizeof a->err, "out of memory");
        a->say = N_("Table %s was not joined. Please try again.");
    }
}

/* Waits for tab to be listed (its host has published it): the rows read every second meanwhile,
 * the lobby's own reading, which costs the controller no connection of its own. False when the
 * join is given up (or the program ends) first. Called and returns with mu held. */
static bool wait_listed(mlobby_t *l, const char *tab) {
    for (;;) {
        l->refresh = true;
        pthread_cond_broadcast(&l->wake);
        wait_for(l, &l->cancel, 1000);
        if (l->cancel || l->stop) return false;
        for (int i = 0; i < l->nrows; i++)
            if (strcmp(l->rows[i].tab, tab) == 0) return true;
    }
}

/* Sits at tab, trying a controller that cannot be reached again every second for 30 s, and a
 * table that is not open yet (a terminal started before its host) as soon as it opens, however
 * long that takes, unless the player gives the join up (or the program ends) meanwhile: then no
 * answer, and a table sat at is left. Called and returns with mu held. */
static void join_one(mlobby_t *l, link_t **conn, const char *tab) {
    int64_t give_up = mono_ms() + MT_JOIN_TRIES_MS;
    for (int attempt = 0;; attempt++) {
        pthread_mutex_unlock(&l->mu);
        mlobby_join_t a;
        memset(&a, 0, sizeof a);
        snprintf(a.tab, sizeof a.tab, "%s", tab);
        lt_table_t info;
        bool not_open = false;
        link_status_t st =
            mtable_join_once(l->url, l->terminal, tab, &info, &not_open, a.err, sizeof a.err);
        pthread_mutex_lock(&l->mu);
        if (l->cancel || l->stop) {
            /* given up (or the end): not played, so not seated there */
            pthread_mutex_unlock(&l->mu);
            if (st == LINK_OK) {
                link_table_free(&info);
                leave_one(l, conn, tab);
            }
            fprintf(stderr, "studpoker: the join of table %s was given up\n", tab);
            pthread_mutex_lock(&l->mu);
            return;
        }
        if (st == LINK_DOWN && mono_ms() < give_up) {
            if (attempt == 0) fprintf(stderr, "studpoker: %s; trying again for 30 s\n", a.err);
            l->retry_until = give_up;
            wait_for(l, &l->cancel, 1000);
            if (!l->cancel && !l->stop) continue;
            fprintf(stderr, "studpoker: the join of table %s was given up\n", tab);
            return;
        }
        if (st == LINK_REFUSED && not_open) {
            if (!l->waiting_open) fprintf(stderr, "studpoker: %s: waiting for it to open\n", a.err);
            l->waiting_open = true;
            l->retry_until = 0;
            bool listed = wait_listed(l, tab);
            l->waiting_open = false;
            if (listed) {
                give_up = mono_ms() + MT_JOIN_TRIES_MS;
                attempt = -1;
                continue;
            }
            fprintf(stderr, "studpoker: the join of table %s was given up\n", tab);
            return;
        }
        answer_of(&a, tab, st, &info);
        free(l->answer.game);
        l->answer = a;
        l->answered = true;
        l->joining[0] = '\0';
        l->retry_until = 0;
        return;
    }
}

/* The joins and the leaves, in the order asked (a table given up is left before it is asked
 * for again). */
static void *run_joins(void *arg) {
    mlobby_t *l = arg;
    link_t *conn = NULL; /* for the leaves */
    pthread_mutex_lock(&l->mu);
    while (!l->stop) {
        char tab[48];
        if (l->leave_tab[0]) {
            snprintf(tab, sizeof tab, "%s", l->leave_tab);
            l->leave_tab[0] = '\0';
            pthread_mutex_unlock(&l->mu);
            leave_one(l, &conn, tab);
            pthread_mutex_lock(&l->mu);
        } else if (l->join_tab[0]) {
            snprintf(tab, sizeof tab, "%s", l->join_tab);
            l->join_tab[0] = '\0';
            l->cancel = false;
            join_one(l, &conn, tab);
            l->cancel = false;
            l->refresh = true; /* the seat counts changed */
            pthread_cond_broadcast(&l->wake);
        } else {
            wait_for(l, NULL, 1000);
        }
    }
    /* a table joined whose answer nobody took (the program ends): not seated there */
    char unclaimed[48] = "";
    if (l->answered && l->answer.ok) snprintf(unclaimed, sizeof unclaimed, "%s", l->answer.tab);
    pthread_mutex_unlock(&l->mu);
    if (unclaimed[0]) leave_one(l, &conn, unclaimed);
    link_close(conn);
    return NULL;
}

/* The rows: every second while the lobby is watched, at once when asked. */
static void *run_rows(void *arg) {
    mlobby_t *l = arg;
    link_t *conn = NULL;
    int64_t next = 0;
    pthread_mutex_lock(&l->mu);
    while (!l->stop) {
        if (l->refresh || (l->watch && mono_ms() >= next)) {
            l->refresh = false;
            pthread_mutex_unlock(&l->mu);
            read_rows(l, &conn);
            pthread_mutex_lock(&l->mu);
            next = mono_ms() + 1000;
            continue;
        }
        if (!l->watch && conn && mono_ms() >= next + 5000) {
            /* nobody looks at the lobby: its connection goes until it is wanted again */
            pthread_mutex_unlock(&l->mu);
            link_close(conn);
            conn = NULL;
            pthread_mutex_lock(&l->mu);
            continue;
        }
        int64_t left = next - mono_ms();
        wait_for(l, &l->refresh, l->watch ? (int)(left > 0 ? left : 1) : 1000);
    }
    pthread_mutex_unlock(&l->mu);
    link_close(conn);
    return NULL;
}

mlobby_t *mlobby_start(const char *url, const char *terminal) {
    mlobby_t *l = calloc(1, sizeof *l);
    if (!l) return NULL;
    snprintf(l->url, sizeof l->url, "%s", url);
    snprintf(l->terminal, sizeof l->terminal, "%s", terminal);
    snprintf(l->state, sizeof l->state, "%s", N_("Reading the tables..."));
    pthread_mutex_init(&l->mu, NULL);
    pthread_cond_init(&l->wake, NULL);
    if (pthread_create(&l->reader, NULL, run_rows, l) != 0) {
        pthread_cond_destroy(&l->wake);
        pthread_mutex_destroy(&l->mu);
        free(l);
        return NULL;
    }
    if (pthread_create(&l->joiner, NULL, run_joins, l) != 0) {
        pthread_mutex_lock(&l->mu);
        l->stop = true;
        pthread_cond_broadcast(&l->wake);
        pthread_mutex_unlock(&l->mu);
        pthread_join(l->reader, NULL);
        pthread_cond_destroy(&l->wake);
        pthread_mutex_destroy(&l->mu);
        free(l);
        return NULL;
    }
    return l;
}

void mlobby_stop(mlobby_t *l) {
    if (!l) return;
    pthread_mutex_lock(&l->mu);
    l->stop = true;
    pthread_cond_broadcast(&l->wake);
    pthread_mutex_unlock(&l->mu);
    pthread_join(l->reader, NULL);
    pthread_join(l->joiner, NULL);
    free(l->answer.game);
    pthread_cond_destroy(&l->wake);
    pthread_mutex_destroy(&l->mu);
    free(l);
}

int mlobby_rows(mlobby_t *l, mlobby_row_t *out, int max, bool *up, char *state, size_t n,
                int64_t *now_ms) {
    pthread_mutex_lock(&l->mu);
    int k = l->nrows < max ? l->nrows : max;
    memcpy(out, l->rows, sizeof out[0] * (size_t)k);
    *up = l->up;
    snprintf(state, n, "%s", l->state);
    pthread_mutex_unlock(&l->mu);
    *now_ms = mono_ms();
    return k;
}

void mlobby_watch(mlobby_t *l, bool on) {
    pthread_mutex_lock(&l->mu);
    l->watch = on;
    if (on) l->refresh = true;
    pthread_cond_broadcast(&l->wake);
    pthread_mutex_unlock(&l->mu);
}

void mlobby_refresh(mlobby_t *l) {
    pthread_mutex_lock(&l->mu);
    l->refresh = true;
    pthread_cond_broadcast(&l->wake);
    pthread_mutex_unlock(&l->mu);
}

bool mlobby_join(mlobby_t *l, const char *tab) {
    pthread_mutex_lock(&l->mu);
    bool free_ = !l->joining[0] && !l->join_tab[0];
    if (free_) {
        snprintf(l->join_tab, sizeof l->join_tab, "%s", tab);
        snprintf(l->joining, sizeof l->joining, "%s", tab);
        pthread_cond_broadcast(&l->wake);
    }
    pthread_mutex_unlock(&l->mu);
    return free_;
}

bool mlobby_join_cancel(mlobby_t *l, char *tab, size_t n) {
    pthread_mutex_lock(&l->mu);
    bool had = l->joining[0] != '\0';
    if (n) snprintf(tab, n, "%s", l->joining);
    if (had) {
        if (l->join_tab[0])
            l->join_tab[0] = '\0'; /* not started: nothing to give up */
        else
            l->cancel = true;
        l->joining[0] = '\0';
        l->retry_until = 0;
        pthread_cond_broadcast(&l->wake);
    }
    pthread_mutex_unlock(&l->mu);
    return had;
}

void mlobby_leave(mlobby_t *l, const char *tab) {
    pthread_mutex_lock(&l->mu);
    snprintf(l->leave_tab, sizeof l->leave_tab, "%s", tab);
    pthread_cond_broadcast(&l->wake);
    pthread_mutex_unlock(&l->mu);
}

bool mlobby_join_result(mlobby_t *l, mlobby_join_t *out) {
    pthread_mutex_lock(&l->mu);
    bool got = l->answered;
    if (got) {
        *out = l->answer;
        memset(&l->answer, 0, sizeof l->answer);
        l->answered = false;
    }
    pthread_mutex_unlock(&l->mu);
    return got;
}

bool mlobby_joining(mlobby_t *l, char *tab, size_t n) {
    pthread_mutex_lock(&l->mu);
    bool j = l->joining[0] != '\0';
    snprintf(tab, n, "%s", l->joining);
    pthread_mutex_unlock(&l->mu);
    return j;
}

bool mlobby_join_waiting_open(mlobby_t *l) {
    pthread_mutex_lock(&l->mu);
    bool w = l->joining[0] && l->waiting_open;
    pthread_mutex_unlock(&l->mu);
    return w;
}

int mlobby_join_retry_s(mlobby_t *l) {
    pthread_mutex_lock(&l->mu);
    int64_t until = l->joining[0] ? l->retry_until : 0;
    pthread_mutex_unlock(&l->mu);
    if (until == 0) return -1;
    int64_t left = until - mono_ms();
    return left > 0 ? (int)((left + 999) / 1000) : 0;
}

#else

mlobby_t *mlobby_start(const char *url, const char *terminal) {
    (void)url, (void)terminal;
    return NULL;
}
void mlobby_stop(mlobby_t *l) {
    (void)l;
}
int mlobby_rows(mlobby_t *l, mlobby_row_t *out, int max, bool *up, char *state, size_t n,
                int64_t *now_ms) {
    (void)l, (void)out, (void)max;
    *up = false;
    *now_ms = 0;
    snprintf(state, n, "this studpoker was built without libpq: it has no tables");
    return 0;
}
void mlobby_refresh(mlobby_t *l) {
    (void)l;
}
void mlobby_watch(mlobby_t *l, bool on) {
    (void)l, (void)on;
}
bool mlobby_join(mlobby_t *l, const char *tab) {
    (void)l, (void)tab;
    return false;
}
bool mlobby_join_cancel(mlobby_t *l, char *tab, size_t n) {
    (void)l;
    if (n) tab[0] = '\0';
    return false;
}
bool mlobby_join_result(mlobby_t *l, mlobby_join_t *out) {
    (void)l, (void)out;
    return false;
}
void mlobby_leave(mlobby_t *l, const char *tab) {
    (void)l, (void)tab;
}
bool mlobby_joining(mlobby_t *l, char *tab, size_t n) {
    (void)l;
    if (n) tab[0] = '\0';
    return false;
}
bool mlobby_join_waiting_open(mlobby_t *l) {
    (void)l;
    return false;
}
int mlobby_join_retry_s(mlobby_t *l) {
    (void)l;
    return -1;
}

#endif
