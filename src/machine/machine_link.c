/* The link's thread and its hand-over with the machine's thread. See machine_link.h. */
#define _POSIX_C_SOURCE 200809L
#include "machine_link.h"

#include "lang.h"
#include "machine.h"

#include <assert.h>
#include <inttypes.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#ifdef STUDPOKER_LINK
#include "link_ticket.h"
#include "machine_link_internal.h"

static int64_t mono_ms(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (int64_t)t.tv_sec * 1000 + t.tv_nsec / 1000000;
}

/* The link's state; a change goes to the log too (stderr), with what failed: the screen says it
 * in the player's or the operator's language, without the server's English. */
static void set_state(mlink_t *l, mlink_state_t kind, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static void set_state(mlink_t *l, mlink_state_t kind, const char *fmt, ...) {
    char text[sizeof l->view.state];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(text, sizeof text, fmt, ap);
    va_end(ap);
    pthread_mutex_lock(&l->mu);
    bool changed = strcmp(text, l->view.state) != 0;
    l->view.up = kind == MLINK_UP;
    l->view.kind = kind;
    snprintf(l->view.state, sizeof l->view.state, "%s", text);
    pthread_mutex_unlock(&l->mu);
    if (changed) fprintf(stderr, "studpoker: link: %s\n", text);
}

/* Waits up to ms, or until stopped or woken by an offer. */
static void nap(mlink_t *l, int ms) {
    struct timespec t;
    clock_gettime(CLOCK_REALTIME, &t);
    t.tv_sec += ms / 1000;
    t.tv_nsec += (long)(ms % 1000) * 1000000L;
    if (t.tv_nsec >= 1000000000L) t.tv_sec++, t.tv_nsec -= 1000000000L;
    pthread_mutex_lock(&l->mu);
    if (!l->stop) pthread_cond_timedwait(&l->cv, &l->mu, &t);
    pthread_mutex_unlock(&l->mu);
}

static bool stopping(mlink_t *l) {
    pthread_mutex_lock(&l->mu);
    bool s = l->stop;
    pthread_mutex_unlock(&l->mu);
    return s;
}

static void set_value(mlink_t *l, int64_t value_frac, int64_t hits) {
    l->seen_value = value_frac, l->seen_hits = hits;
    int64_t v = 0;
    if (!link_frac_to_minor(value_frac, l->rate_num, l->rate_den, &v)) v = 0;
    pthread_mutex_lock(&l->mu);
    l->view.value = v;
    l->view.hits = hits;
    l->view.known = true;
    pthread_mutex_unlock(&l->mu);
}

/* Connects (or again), checks who the controller takes this login for, listens, reads the meter. */
static bool come_up(mlink_t *l) {
    char err[LINK_MSG_LEN];
    link_status_t st;
    if (!l->conn) {
        st = link_connect(l->cfg.url, &l->conn, err, sizeof err);
        if (!l->conn) {
            set_state(l, MLINK_DOWN, "LINK DOWN: out of memory");
            return false;
        }
    } else {
        st = link_reconnect(l->conn);
    }
    if (st != LINK_OK) {
        set_state(l, MLINK_DOWN, "LINK DOWN: %s", link_message(l->conn));
        return false;
    }
    link_identity_t id;
    if (link_identity(l->conn, &id) != LINK_OK) {
        set_state(l, MLINK_DOWN, "LINK DOWN: %s", link_message(l->conn));
        return false;
    }
    if (strcmp(id.kind, "machine") != 0 || strcmp(id.machine, l->cfg.machine) != 0 ||
        strcmp(id.site, l->cfg.site) != 0 || strcmp(id.pool, l->cfg.pool) != 0) {
        set_state(l, MLINK_REFUSED_LOGIN,
                  "LINK REFUSED: the controller knows this login (%s) as machine '%s' of site "
                  "'%s' on pool '%s'; the configuration says '%s', '%s', '%s'",
                  id.login, id.machine, id.site, id.pool, l->cfg.machine, l->cfg.site, l->cfg.pool);
        return false;
    }
    link_meters_t m;
    if (link_listen(l->conn, l->cfg.pool) != LINK_OK ||
        link_meters(l->conn, l->cfg.pool, l->currency, &m) != LINK_OK) {
        set_state(l, MLINK_DOWN, "LINK DOWN: %s", link_message(l->conn));
        return false;
    }
    l->rate_num = m.local_rate_num;
    l->rate_den = m.local_rate_den;
    set_value(l, m.value, m.hits);
    if (mltk_thread_up(l) != LINK_OK) {
        set_state(l, MLINK_DOWN, "LINK DOWN: %s", link_message(l->conn));
        return false;
    }
    set_state(l, MLINK_UP, "connected");
    return true;
}

static void contribution_detail(mlink_answer_t *a, const link_contribution_t *c) {
    snprintf(a->detail, sizeof a->detail,
             "to_value=%" PRId64 " to_reserve=%" PRId64 " to_overflow=%" PRId64 " rate=%" PRId64
             "/%" PRId64 " value_after=%" PRId64 "%s",
             c->to_value, c->to_reserve, c->to_overflow, c->rate_num, c->rate_den, c->value_after,
             c->replay ? " replay" : "");
}

/* Sends the items offered (contributions together in one transaction, a claim alone); their
 * answers are kept for the machine's thread. */
static link_status_t send_items(mlink_t *l, const store_link_item_t *it, int n) {
    mlink_answer_t a[STORE_LINK_BATCH];
    memset(a, 0, sizeof a[0] * (size_t)n);
    for (int i = 0; i < n; i++) a[i].item = it[i];
    link_status_t st;
    if (it[0].kind == STORE_LINK_CONTRIBUTE) {
        link_stake_t stakes[STORE_LINK_BATCH];
        link_contribution_t c[STORE_LINK_BATCH];
        for (int i = 0; i < n; i++) {
            stakes[i] =
                (link_stake_t){.game = it[i].game, .seat = it[i].seat + 1, .stake = it[i].stake};
            memcpy(stakes[i].currency, l->currency, sizeof stakes[i].currency);
        }
        st = link_contribute_many(l->conn, l->cfg.machine, stakes, n, c);
        for (int i = 0; st == LINK_OK && i < n; i++) contribution_detail(&a[i], &c[i]);
        if (st == LINK_OK) {
            /* told to the other machines after the commit: a later asking covers earlier ones */
            l->announce_due = true;
            l->announce_at = mono_ms();
            l->since[0] = '\0';
        }
    } else {
        link_win_t w;
        st = link_claim(l->conn, l->cfg.machine, it[0].game, it[0].seat + 1, it[0].stake,
                        l->currency, &w);
        if (st == LINK_OK) {
            a[0].paid = w.amount;
            snprintf(a[0].detail, sizeof a[0].detail,
                     "win_id=%" PRId64 " share=%" PRId64 " debit=%" PRId64 " rate=%" PRId64
                     "/%" PRId64 " value_before=%" PRId64 " value_after=%" PRId64 "%s",
                     w.win_id, w.share, w.debit, w.rate_num, w.rate_den, w.value_before,
                     w.value_after, w.replay ? " replay" : "");
        }
    }
    if (st == LINK_OK) {
        pthread_mutex_lock(&l->mu);
        memcpy(l->answers, a, sizeof a[0] * (size_t)n);
        l->answered = true;
        pthread_mutex_unlock(&l->mu);
    }
    return st;
}

static void take_notice(mlink_t *l, const link_notice_t *n) {
    if (strcmp(n->pool, l->cfg.pool) != 0) return;
    link_meters_t m;
    /* an operator's change (a rate among them): the rate to this machine's money is read again */
    if (strcmp(n->event, "param") == 0 &&
        link_meters(l->conn, l->cfg.pool, l->currency, &m) == LINK_OK)
        l->rate_num = m.local_rate_num, l->rate_den = m.local_rate_den;
    /* notices of stakes can cross: an older one never moves the meter back */
    if (!link_notice_newer(n, l->seen_hits, l->seen_value)) return;
    set_value(l, n->value, n->hits);
    if (strcmp(n->event, "win") == 0) {
        pthread_mutex_lock(&l->mu);
        l->view.win_seq++;
        snprintf(l->view.win_site, sizeof l->view.win_site, "%s", n->site);
        snprintf(l->view.win_machine, sizeof l->view.win_machine, "%s", n->machine);
        snprintf(l->view.win_currency, sizeof l->view.win_currency, "%s", n->currency);
        l->view.win_amount = n->amount;
        pthread_mutex_unlock(&l->mu);
    }
}

/* Asks the controller to tell the pool's followers of this machine's counted stakes, when due. */
static link_status_t announce(mlink_t *l) {
    if (!l->announce_due || mono_ms() < l->announce_at) return LINK_OK;
    bool made = false;
    int wait_ms = 0;
    char since[LINK_SINCE_LEN] = "";
    link_status_t st = link_announce(l->conn, l->cfg.machine, l->since, since, &made, &wait_ms);
    if (st == LINK_DOWN) return st; /* asked again once the link is back */
    if (st == LINK_OK && wait_ms > 0) {
        snprintf(l->since, sizeof l->since, "%s", since);
        l->announce_at = mono_ms() + wait_ms;
    } else {
        /* told, covered, or refused (the meters then move with the next notice) */
        l->announce_due = false;
    }
    return LINK_OK;
}

/* How long the thread may wait for a notice before it has something to do. */
static int idle_ms(const mlink_t *l, bool due) {
    if (due) return 0;
    if (!l->announce_due) return 50;
    int64_t left = l->announce_at - mono_ms();
    return left <= 0 ? 0 : left < 50 ? (int)left : 50;
}

static void *run(void *arg) {
    mlink_t *l = arg;
    bool up = false;
    int64_t refused_until = 0; /* a refused item is sent again after 30 s (ms, monotonic) */
    while (!stopping(l)) {
        if (!up) {
            up = come_up(l);
            if (!l->view.tried) {
                pthread_mutex_lock(&l->mu);
                l->view.tried = true;
                pthread_mutex_unlock(&l->mu);
            }
            if (!up) {
                nap(l, 1000);
                continue;
            }
        }
        store_link_item_t it[STORE_LINK_BATCH];
        pthread_mutex_lock(&l->mu);
        int nit = l->nitems;
        bool refusing = refused_until > mono_ms();
        bool due = nit > 0 && !l->answered && !refusing;
        if (due) memcpy(it, l->items, sizeof it[0] * (size_t)nit);
        pthread_mutex_unlock(&l->mu);
        if (due) {
            link_status_t st = send_items(l, it, nit);
            if (st == LINK_DOWN) {
                up = false;
                set_state(l, MLINK_DOWN, "LINK DOWN: %s", link_message(l->conn));
                continue;
            }
            if (st == LINK_REFUSED) {
                /* never dropped: shown to the attendant and sent again every 30 s */
                pthread_mutex_lock(&l->mu);
                l->view.refused_game = it[0].game;
                pthread_mutex_unlock(&l->mu);
                set_state(l, MLINK_REFUSED_GAME, "LINK REFUSED game %" PRId64 ": %s", it[0].game,
                          link_message(l->conn));
                refused_until = mono_ms() + 30000;
            } else {
                set_state(l, MLINK_UP, "connected");
            }
        }
        if (announce(l) == LINK_DOWN || mltk_thread_step(l) == LINK_DOWN) {
            up = false;
            set_state(l, MLINK_DOWN, "LINK DOWN: %s", link_message(l->conn));
            continue;
        }
        link_notice_t n;
        bool got = false;
        link_status_t st = link_notice_wait(l->conn, idle_ms(l, due), &n, &got);
        if (st == LINK_DOWN) {
            up = false;
            set_state(l, MLINK_DOWN, "LINK DOWN: %s", link_message(l->conn));
            continue;
        }
        if (got) take_notice(l, &n);
        if (link_ticket_notified(l->conn)) {
            pthread_mutex_lock(&l->mu);
            l->tk_pull_due = true;
            pthread_mutex_unlock(&l->mu);
        }
        if (refusing && refused_until <= mono_ms()) {
            refused_until = 0;
            set_state(l, MLINK_UP, "connected");
        }
    }
    return NULL;
}

mlink_t *mlink_start(const struct cfg_link *cfg, const char *currency, char *err, size_t errlen) {
    mlink_t *l = calloc(1, sizeof *l);
    if (!l) {
        snprintf(err, errlen, "out of memory for the link");
        return NULL;
    }
    l->cfg = *cfg;
    snprintf(l->currency, sizeof l->currency, "%s", currency);
    l->rate_num = l->rate_den = 1;
    snprintf(l->view.state, sizeof l->view.state, "LINK DOWN: connecting to the controller");
    pthread_mutex_init(&l->mu, NULL);
    pthread_cond_init(&l->cv, NULL);
    if (pthread_create(&l->thread, NULL, run, l) != 0) {
        snprintf(err, errlen, "the link's thread could not start");
        pthread_mutex_destroy(&l->mu);
        pthread_cond_destroy(&l->cv);
        free(l);
        return NULL;
    }
    return l;
}

void mlink_stop(mlink_t *l) {
    if (!l) return;
    pthread_mutex_lock(&l->mu);
    l->stop = true;
    pthread_cond_broadcast(&l->cv);
    pthread_mutex_unlock(&l->mu);
    pthread_join(l->thread, NULL);
    link_close(l->conn);
    pthread_mutex_destroy(&l->mu);
    pthread_cond_destroy(&l->cv);
    free(l);
}

void mlink_get_view(mlink_t *l, mlink_view_t *out) {
    pthread_mutex_lock(&l->mu);
    *out = l->view;
    out->ticket_pending = l->tk_pending + (l->tk_pull_due ? 1 : 0);
    out->pending += out->ticket_pending;
    pthread_mutex_unlock(&l->mu);
}

bool mlink_offer(mlink_t *l, const store_link_item_t *items, int n) {
    if (n < 1) return false;
    /* consecutive contributions go together; a claim goes alone */
    int take = 1;
    if (items[0].kind == STORE_LINK_CONTRIBUTE)
        while (take < n && take < STORE_LINK_BATCH && items[take].kind == STORE_LINK_CONTRIBUTE)
            take++;
    pthread_mutex_lock(&l->mu);
    bool ok = l->nitems == 0;
    if (ok) {
        memcpy(l->items, items, sizeof items[0] * (size_t)take);
        l->nitems = take;
        l->answered = false;
        pthread_cond_broadcast(&l->cv);
    }
    pthread_mutex_unlock(&l->mu);
    return ok;
}

int mlink_answer(mlink_t *l, mlink_answer_t *out) {
    pthread_mutex_lock(&l->mu);
    int n = l->nitems > 0 && l->answered ? l->nitems : 0;
    if (n) memcpy(out, l->answers, sizeof out[0] * (size_t)n);
    pthread_mutex_unlock(&l->mu);
    return n;
}

void mlink_taken(mlink_t *l) {
    pthread_mutex_lock(&l->mu);
    l->nitems = 0;
    l->answered = false;
    pthread_mutex_unlock(&l->mu);
}

void mlink_set_pending(mlink_t *l, int pending) {
    pthread_mutex_lock(&l->mu);
    l->view.pending = pending;
    pthread_mutex_unlock(&l->mu);
}

#else /* built without libpq */

mlink_t *mlink_start(const struct cfg_link *cfg, const char *currency, char *err, size_t errlen) {
    (void)cfg;
    (void)currency;
    snprintf(err, errlen, "this studpoker was built without libpq: it cannot join a link");
    return NULL;
}
void mlink_stop(mlink_t *l) {
    (void)l;
}
void mlink_get_view(mlink_t *l, mlink_view_t *out) {
    (void)l;
    memset(out, 0, sizeof *out);
}
bool mlink_offer(mlink_t *l, const store_link_item_t *items, int n) {
    (void)l;
    (void)items;
    (void)n;
    return false;
}
int mlink_answer(mlink_t *l, mlink_answer_t *out) {
    (void)l;
    (void)out;
    return 0;
}
void mlink_taken(mlink_t *l) {
    (void)l;
}
void mlink_set_pending(mlink_t *l, int pending) {
    (void)l;
    (void)pending;
}

#endif

/* ---- the machine's side: the outbox handed over, answers written, play while down ---- */

void machine_link_open(machine_t *m) {
    if (!m->cfg.link.url[0]) return;
    /* tests only (link_tickets.sh): the machine is killed right after the floor's controller
     * paid it a ticket, before its own record of it: the restart must credit it once */
    m->floor.test_kill = getenv("STUDPOKER_TEST_KILL_AFTER_TICKET_PAID") != NULL;
    char err[120];
    m->link = mlink_start(&m->cfg.link, m->cfg.rules.currency, err, sizeof err);
    if (!m->link) snprintf(m->link_error, sizeof m->link_error, "LINK DOWN: %s", err);
    m->link_dirty = true;
}

void machine_link_close(machine_t *m) {
    mlink_stop(m->link);
    m->link = NULL;
}

bool machine_link_view(const machine_t *m, mlink_view_t *out) {
    memset(out, 0, sizeof *out);
    if (!m->cfg.link.url[0]) return false;
    if (m->link) {
        mlink_get_view(m->link, out);
    } else {
        snprintf(out->state, sizeof out->state, "%s", m->link_error);
        out->kind = MLINK_NOT_STARTED;
    }
    return true;
}

const char *machine_link_state_words(const mlink_view_t *v, char *buf, size_t n) {
    switch (v->kind) {
    case MLINK_UP:
        snprintf(buf, n, "%s", _("Link: connected"));
        break;
    case MLINK_CONNECTING:
        snprintf(buf, n, "%s", _("LINK DOWN: connecting to the jackpot controller"));
        break;
    case MLINK_REFUSED_LOGIN:
        snprintf(buf, n, "%s",
                 _("LINK REFUSED: the controller knows this machine's login as another machine, "
                   "site or pool (the log names them)"));
        break;
    case MLINK_REFUSED_GAME:
        snprintf(buf, n,
                 _("LINK REFUSED: the controller refuses the records of game %lld; they are sent "
                   "again every 30 seconds (the log says why)"),
                 (long long)v->refused_game);
        break;
    case MLINK_NOT_STARTED:
        snprintf(buf, n, "%s", _("LINK DOWN: the link could not start (the log says why)"));
        break;
    default:
        snprintf(buf, n, "%s",
                 _("LINK DOWN: the jackpot controller does not answer (the log says why)"));
        break;
    }
    return buf;
}

const char *machine_link_refusal(const machine_t *m, bool placing_linked_bet) {
    if (!m->cfg.link.url[0]) return "";
    if (!m->game.store) /* no outbox: a linked round could not be delivered */
        return _("LINK DOWN: a linked machine keeps its records in a database, and this one has "
                 "none. Play is stopped.");
    mlink_view_t v;
    machine_link_view(m, &v);
    if (v.up) return "";
    if (v.kind == MLINK_REFUSED_LOGIN || v.kind == MLINK_REFUSED_GAME)
        return _("LINK REFUSED: the jackpot controller refuses this machine's records; an "
                 "attendant calls the operator. CASH OUT works.");
    if (m->cfg.link.on_loss == CFG_LINK_LOCK)
        return _("LINK DOWN: the jackpot controller does not answer. Play resumes when it does; "
                 "CASH OUT works.");
    const rules_t *r = &m->game.rules;
    wager_t w = r->offered[WAGER_JACKPOT] ? WAGER_JACKPOT : WAGER_PROGRESSIVE;
    if (placing_linked_bet || m->game.round.seat[0].stake[w] > 0)
        return r->offered[WAGER_JACKPOT]
                   ? _("The JACKPOT is closed while its link is down: take the JACKPOT bet off "
                       "to play.")
                   : _("The PROGRESSIVE is closed while its link is down: take the PROGRESSIVE "
                       "bet off to play.");
    return "";
}

/* Writes the thread's answers: the contributions' figures together, or a claim's prize paid to
 * its seat. */
static void write_answers(machine_t *m, machine_events_t *e, const mlink_answer_t *a, int n) {
    game_t *g = &m->game;
    if (a[0].item.kind == STORE_LINK_CONTRIBUTE) {
        store_link_item_t items[STORE_LINK_BATCH];
        const char *details[STORE_LINK_BATCH];
        for (int i = 0; i < n; i++) items[i] = a[i].item, details[i] = a[i].detail;
        store_status_t st = store_link_sent(g->store, items, n, details);
        if (st == STORE_OK || st == STORE_REFUSED) mlink_taken(m->link);
        if (st == STORE_FAULT) game_link_fault(g, "The link's answer could not be recorded");
    } else {
        char why[STORE_MSG_LEN];
        if (game_dealt(g)) return; /* paid between games */
        if (game_link_paid(g, &a[0].item, a[0].paid, a[0].detail, why, sizeof why)) {
            mlink_taken(m->link);
            if (e->n < MACHINE_MAX_EVENTS && a[0].paid > 0) {
                machine_event_t *ev = &e->ev[e->n++];
                memset(ev, 0, sizeof *ev);
                ev->type = MEV_LINK_PAID;
                ev->amount = a[0].paid;
                ev->value = a[0].item.seat;
            }
        } else if (g->state == GAME_FAULT) {
            mlink_taken(m->link);
        }
    }
    m->link_dirty = true;
}

void machine_link_step(machine_t *m, machine_events_t *e) {
    if (!m->link || !m->game.store || m->game.state == GAME_FAULT) return;
    static_assert(STORE_LINK_BATCH * sizeof(mlink_answer_t) < 32768, "answers on the stack");
    mlink_answer_t a[STORE_LINK_BATCH];
    int n = mlink_answer(m->link, a);
    if (n > 0) write_answers(m, e, a, n);
    /* the outbox is read only after a change: an answer written, a round over (it may have
     * queued items), a ticket printed or inserted, the start */
    uint64_t mark = m->game.number * 2 + (game_round_over(&m->game) ? 1 : 0);
    if (mark != m->link_mark) m->link_dirty = true;
    m->link_mark = mark;
    machine_link_tickets_step(m, e);
    if (!m->link_dirty || m->game.state == GAME_FAULT) return;
    store_link_item_t items[STORE_LINK_BATCH];
    n = store_link_pending(m->game.store, items, STORE_LINK_BATCH);
    if (n < 0) {
        game_link_fault(&m->game, "The link's outbox could not be read");
        return;
    }
    m->link_dirty = false;
    mlink_set_pending(m->link, n);
    if (n > 0) mlink_offer(m->link, items, n);
}
