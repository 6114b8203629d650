/* Tickets at the floor: the link thread's ticket jobs and the machine's side of them. See
 * machine_link.h (tickets at the floor) and src/link/controller_tickets.sql.
 *
 * Why a linked machine asks the controller before it pays its own ticket too: a ticket is cash
 * that any machine of the floor takes, and the controller is the one place that knows whether
 * another machine has paid it. A machine that paid its own tickets from its own record could pay
 * one that was paid elsewhere a moment before. So every ticket in is paid by one controller
 * transaction that marks it redeemed by this machine, then credited by the machine; with the
 * link down no ticket is taken, its own included (a real floor does the same). */
#define _POSIX_C_SOURCE 200809L
#include "machine_link.h"

#include "lang.h"
#include "machine.h"
#include "ticket.h"

#include <inttypes.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#ifdef STUDPOKER_LINK
#include "link_ticket.h"
#include "machine_link_internal.h"

/* ---- the link's thread ---- */

link_status_t mltk_thread_up(mlink_t *l) {
    link_status_t st = link_ticket_listen(l->conn, l->cfg.machine);
    if (st != LINK_OK) return st;
    pthread_mutex_lock(&l->mu);
    l->tk_pull_due = true; /* what happened to this machine's tickets while it was away */
    pthread_mutex_unlock(&l->mu);
    return LINK_OK;
}

static void refused_words(mlink_tk_answer_t *a, const link_t *conn) {
    a->refused = true;
    snprintf(a->message, sizeof a->message, "%s", link_message(conn));
}

static link_status_t do_register(mlink_t *l, const mlink_tk_job_t *j, mlink_tk_answer_t *a) {
    static const char *const fate[] = {"issued", "redeemed", "voided"};
    link_status_t st = LINK_OK;
    for (int i = 0; i < j->n && st == LINK_OK; i++) {
        const store_ticket_t *t = &j->reg[i].t;
        link_ticket_t lt;
        memset(&lt, 0, sizeof lt);
        snprintf(lt.validation, sizeof lt.validation, "%s", t->validation);
        lt.number = t->number, lt.amount = t->amount, lt.printed_utc = t->utc;
        lt.expires_utc = j->expiry_seconds > 0 ? t->utc + j->expiry_seconds : 0;
        snprintf(lt.fate, sizeof lt.fate, "%s", fate[t->state]);
        lt.fate_utc = t->state_utc;
        snprintf(lt.fate_place, sizeof lt.fate_place, "%s", t->state_place);
        bool replay = false;
        st = link_ticket_issue(l->conn, l->cfg.machine, l->currency, &lt, &replay);
        if (st == LINK_OK) a->replay[i] = replay, a->n = i + 1;
    }
    if (st == LINK_REFUSED) refused_words(a, l->conn);
    /* what was registered before the link dropped is written; the rest is sent again */
    return st == LINK_DOWN && a->n == 0 ? LINK_DOWN : st;
}

static void take_answer(mlink_tk_answer_t *a, const link_ticket_answer_t *t) {
    a->outcome = (mlink_tk_outcome_t)t->outcome;
    a->amount = t->amount, a->at_utc = t->at_utc, a->again = t->replay;
    snprintf(a->currency, sizeof a->currency, "%s", t->currency);
    snprintf(a->issuer, sizeof a->issuer, "%s", t->issuer);
    snprintf(a->place, sizeof a->place, "%s", t->place);
}

static link_status_t do_job(mlink_t *l, const mlink_tk_job_t *j, mlink_tk_answer_t *a) {
    link_ticket_answer_t t;
    link_status_t st;
    switch (j->kind) {
    case MLTK_REGISTER:
        return do_register(l, j, a);
    case MLTK_REDEEM:
        st = link_ticket_redeem(l->conn, l->cfg.machine, j->check.validation, l->currency, &t);
        break;
    case MLTK_VOID:
        st = link_ticket_void(l->conn, l->cfg.machine, j->validation, j->reason, &t);
        break;
    case MLTK_PULL: {
        link_ticket_fate_t f[MLTK_BATCH];
        int n = 0;
        st = link_ticket_untold(l->conn, l->cfg.machine, f, MLTK_BATCH, &n);
        for (int i = 0; st == LINK_OK && i < n; i++) {
            store_ticket_fate_t *o = &a->fates[i];
            snprintf(o->validation, sizeof o->validation, "%.18s", f[i].validation);
            o->voided = f[i].voided;
            snprintf(o->place, sizeof o->place, "%s", f[i].place);
            o->utc = f[i].at_utc;
            snprintf(o->detail, sizeof o->detail, "%s", f[i].reason);
        }
        if (st == LINK_OK) a->n = n;
        if (st == LINK_REFUSED) refused_words(a, l->conn);
        return st;
    }
    case MLTK_TOLD: {
        const char *v[MLTK_BATCH];
        for (int i = 0; i < j->n; i++) v[i] = j->told[i];
        st = link_ticket_told(l->conn, l->cfg.machine, v, j->n);
        if (st == LINK_REFUSED) refused_words(a, l->conn);
        return st;
    }
    default:
        return LINK_OK;
    }
    if (st == LINK_OK) take_answer(a, &t);
    if (st == LINK_REFUSED) refused_words(a, l->conn);
    return st;
}

link_status_t mltk_thread_step(mlink_t *l) {
    pthread_mutex_lock(&l->mu);
    bool due = l->tk_job.kind != MLTK_NONE && !l->tk_answered;
    pthread_mutex_unlock(&l->mu);
    if (!due) return LINK_OK;
    /* only this thread and the machine's (which waits for the answer) touch a job held */
    mlink_tk_job_t *j = malloc(sizeof *j);
    mlink_tk_answer_t *a = calloc(1, sizeof *a);
    if (!j || !a) {
        free(j), free(a);
        return LINK_OK; /* tried again on the next turn */
    }
    pthread_mutex_lock(&l->mu);
    *j = l->tk_job;
    pthread_mutex_unlock(&l->mu);
    a->kind = j->kind;
    link_status_t st = do_job(l, j, a);
    /* LINK_DOWN: no answer (a redemption may or may not be done: it is asked again, and the
     * controller answers the same); a refusal or an answer goes to the machine */
    if (st != LINK_DOWN || (j->kind == MLTK_REGISTER && a->n > 0)) {
        pthread_mutex_lock(&l->mu);
        l->tk_answer = *a;
        l->tk_answered = true;
        pthread_mutex_unlock(&l->mu);
    }
    free(j), free(a);
    return st;
}

/* ---- the hand-over ---- */

bool mlink_tk_offer(mlink_t *l, const mlink_tk_job_t *job) {
    pthread_mutex_lock(&l->mu);
    bool ok = l->tk_job.kind == MLTK_NONE && job->kind != MLTK_NONE;
    if (ok) {
        l->tk_job = *job;
        l->tk_answered = false;
        if (job->kind == MLTK_PULL) l->tk_pull_due = false;
        pthread_cond_broadcast(&l->cv);
    }
    pthread_mutex_unlock(&l->mu);
    return ok;
}

static bool tk_answered(mlink_t *l) {
    pthread_mutex_lock(&l->mu);
    bool has = l->tk_job.kind != MLTK_NONE && l->tk_answered;
    pthread_mutex_unlock(&l->mu);
    return has;
}

static void tk_answer(mlink_t *l, mlink_tk_job_t *job, mlink_tk_answer_t *out) {
    pthread_mutex_lock(&l->mu);
    *job = l->tk_job, *out = l->tk_answer;
    pthread_mutex_unlock(&l->mu);
}

static bool tk_held(mlink_t *l) {
    pthread_mutex_lock(&l->mu);
    bool held = l->tk_job.kind != MLTK_NONE;
    pthread_mutex_unlock(&l->mu);
    return held;
}

void mlink_tk_taken(mlink_t *l) {
    pthread_mutex_lock(&l->mu);
    l->tk_job.kind = MLTK_NONE;
    l->tk_answered = false;
    pthread_mutex_unlock(&l->mu);
}

bool mlink_tk_pull_due(mlink_t *l) {
    pthread_mutex_lock(&l->mu);
    bool due = l->tk_pull_due;
    pthread_mutex_unlock(&l->mu);
    return due;
}

void mlink_tk_set_pending(mlink_t *l, int pending) {
    pthread_mutex_lock(&l->mu);
    l->tk_pending = pending;
    pthread_mutex_unlock(&l->mu);
}

#else /* built without libpq: no link, so no floor */

bool mlink_tk_offer(mlink_t *l, const mlink_tk_job_t *job) {
    (void)l, (void)job;
    return false;
}
static bool tk_answered(mlink_t *l) {
    (void)l;
    return false;
}
static void tk_answer(mlink_t *l, mlink_tk_job_t *job, mlink_tk_answer_t *out) {
    (void)l, (void)job, (void)out;
}
static bool tk_held(mlink_t *l) {
    (void)l;
    return false;
}
void mlink_tk_taken(mlink_t *l) {
    (void)l;
}
bool mlink_tk_pull_due(mlink_t *l) {
    (void)l;
    return false;
}
void mlink_tk_set_pending(mlink_t *l, int pending) {
    (void)l, (void)pending;
}

#endif

/* ---- the machine's side ---- */

static int64_t now_ms(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (int64_t)t.tv_sec * 1000 + t.tv_nsec / 1000000;
}

static void refuse(machine_events_t *e, const char *why) {
    if (!e || e->n == MACHINE_MAX_EVENTS) return;
    machine_event_t *ev = &e->ev[e->n++];
    memset(ev, 0, sizeof *ev);
    ev->type = MEV_REFUSED;
    ev->button = CFG_BUTTONS;
    snprintf(ev->text, sizeof ev->text, "%s", why);
}

static machine_event_t *emit(machine_events_t *e, machine_event_type_t type) {
    if (!e || e->n == MACHINE_MAX_EVENTS) return NULL;
    machine_event_t *ev = &e->ev[e->n++];
    memset(ev, 0, sizeof *ev);
    ev->type = type;
    return ev;
}

bool machine_floor_tickets(const machine_t *m) {
    return m->cfg.link.url[0] && m->game.store;
}

static bool floor_up(const machine_t *m) {
    mlink_view_t v;
    return m->link && machine_link_view(m, &v) && v.up;
}

static int64_t expiry_seconds(const machine_t *m) {
    return (int64_t)m->cfg.cabinet.ticket_expiry_days * 86400;
}

/* A ticket refused: audited with its number and the reason (English), which the player sees in
 * their words (said; NULL: the reason's translation). */
static void ticket_refused(machine_t *m, machine_events_t *e, const char *validation,
                           const char *words, const char *said) {
    char why[STORE_MSG_LEN + 300];
    game_ticket_refused(&m->game, validation, words, said, why, sizeof why);
    refuse(e, why);
}

void machine_ticket_in_floor(machine_t *m, const char *text, machine_events_t *e) {
    game_t *g = &m->game;
    game_voucher_t v;
    char why[STORE_MSG_LEN + 300], words[STORE_MSG_LEN + 64], said[STORE_MSG_LEN + 64];
    if (!game_ticket_ready(g, text, &v, why, sizeof why)) {
        refuse(e, why);
        return;
    }
    /* what this machine knows already is said whatever the link does */
    store_ticket_t t;
    bool found = false;
    if (store_ticket_get(g->store, v.digits, &t, &found) == STORE_FAULT) {
        game_link_fault(g, "The ticket could not be read");
        refuse(e, game_said(g));
        return;
    }
    int64_t expiry = expiry_seconds(m);
    store_ticket_refusal_t r = t.state == STORE_TICKET_REDEEMED ? STORE_TICKET_ALREADY
                               : t.state == STORE_TICKET_VOIDED ? STORE_TICKET_VOID
                               : found && expiry > 0 && time(NULL) - t.utc > expiry
                                   ? STORE_TICKET_EXPIRED
                               : !found && !ticket_check_ok(v.digits) ? STORE_TICKET_UNKNOWN
                                                                      : STORE_TICKET_TAKEN;
    if (r != STORE_TICKET_TAKEN) {
        game_ticket_words(&t, r, v.digits, expiry, true, words, sizeof words);
        game_ticket_words(&t, r, v.digits, expiry, false, said, sizeof said);
        ticket_refused(m, e, v.validation, words, said);
        return;
    }
    if (!floor_up(m)) {
        ticket_refused(m, e, v.validation,
                       found ? N_("Ticket returned: the floor's ticket system does not answer, "
                                  "and a ticket is paid only once it has checked that no other "
                                  "machine paid it. Keep your ticket: it is still good.")
                             : N_("Ticket returned: the floor's ticket system does not answer, so "
                                  "this ticket of another machine cannot be checked. Keep it: it "
                                  "is still good."),
                       NULL);
        return;
    }
    store_ticket_check_t c;
    store_status_t st = store_ticket_check_begin(g->store, 0, v.digits, expiry, &c, &r);
    if (st == STORE_FAULT) {
        game_link_fault(g, "The ticket's check could not be recorded");
        refuse(e, game_said(g));
        return;
    }
    if (st == STORE_REFUSED) {
        if (r == STORE_TICKET_NOT_NOW) {
            snprintf(words, sizeof words, "Ticket returned. %s", store_message(g->store));
            snprintf(said, sizeof said, "%s", _(GAME_TICKET_NOT_NOW));
        } else {
            game_ticket_words(&c.t, r, v.digits, expiry, true, words, sizeof words);
            game_ticket_words(&c.t, r, v.digits, expiry, false, said, sizeof said);
        }
        ticket_refused(m, e, v.validation, words, said);
        return;
    }
    machine_event_t *ev = emit(e, MEV_TICKET_CHECKING);
    if (ev) ev->voucher = v;
    m->link_dirty = true;
}

bool machine_ticket_void_floor(machine_t *m, const char *digits, char *msg, size_t n) {
    store_ticket_t t;
    bool found = false;
    if (store_ticket_get(m->game.store, digits, &t, &found) != STORE_OK || !found) {
        snprintf(msg, n, "%s", _("There is no such ticket."));
        return false;
    }
    if (t.state != STORE_TICKET_ISSUED) {
        snprintf(msg, n, "%s",
                 t.state == STORE_TICKET_VOIDED ? _("Not voided: it was voided already.")
                                                : _("Not voided: it was paid already."));
        return false;
    }
    if (m->floor.void_asked[0]) {
        snprintf(msg, n, "%s", _("Not voided: the floor has not answered the VOID before it yet."));
        return false;
    }
    if (!floor_up(m)) {
        snprintf(
            msg, n, "%s",
            _("Not voided: the floor's ticket system does not answer. A ticket is voided there "
              "first, so that no machine of the floor pays it: try again when the link is back."));
        return false;
    }
    char v[TICKET_TEXT], b[40];
    ticket_group(t.validation, v);
    snprintf(m->floor.void_asked, sizeof m->floor.void_asked, "%s", t.validation);
    snprintf(m->floor.void_detail, sizeof m->floor.void_detail,
             "ticket %lld validation %s amount %s voided by the operator at the floor",
             (long long)t.number, v, game_money_en(&m->game, t.amount, b));
    m->link_dirty = true;
    snprintf(msg, n,
             _("VOID of ticket %06lld (%s) sent to the floor, where it is voided first so that no "
               "machine pays it. This page says when it is done."),
             (long long)t.number, game_money(&m->game, t.amount, b));
    return true;
}

bool machine_ticket_news(machine_t *m, char *msg, size_t n) {
    if (!m->floor.news[0]) return false;
    snprintf(msg, n, "%s", m->floor.news);
    m->floor.news[0] = '\0';
    return true;
}

const char *machine_ticket_floor_state(const machine_t *m) {
    return m->floor.state;
}

/* A fate the controller told is recorded: it is confirmed with the next job. */
static void told(machine_t *m, const char *validation) {
    for (int i = 0; i < m->floor.ntold; i++)
        if (strcmp(m->floor.told[i], validation) == 0) return;
    if (m->floor.ntold < (int)(sizeof m->floor.told / sizeof m->floor.told[0]))
        snprintf(m->floor.told[m->floor.ntold++], sizeof m->floor.told[0], "%s", validation);
}

/* The controller's refusal of a ticket in the player's words; *fate what it says of a ticket of
 * this machine (paid elsewhere, voided), to record (false: nothing). */
static bool floor_words(const machine_t *m, const store_ticket_check_t *c,
                        const mlink_tk_answer_t *a, bool english, char *out, size_t n,
                        store_ticket_fate_t *fate) {
    memset(fate, 0, sizeof *fate);
    store_ticket_t t = c->t;
    t.state_utc = a->at_utc;
    snprintf(t.state_place, sizeof t.state_place, "%s", a->place);
    if (a->refused) {
        /* the controller's own words are for the record */
        if (english)
            snprintf(out, n,
                     "Ticket returned: the floor's ticket system refused it (%s). Please see the "
                     "cashier.",
                     a->message);
        else
            snprintf(out, n, "%s",
                     _("Ticket returned: the floor's ticket system refused it. Please see the "
                       "cashier."));
        return false;
    }
    switch (a->outcome) {
    case MLTK_ALREADY:
        game_ticket_words(&t, STORE_TICKET_ALREADY, c->validation, 0, english, out, n);
        break;
    case MLTK_VOIDED:
        game_ticket_words(&t, STORE_TICKET_VOID, c->validation, 0, english, out, n);
        break;
    case MLTK_EXPIRED:
        t.utc = a->at_utc;
        game_ticket_words(&t, STORE_TICKET_EXPIRED, c->validation, 0, english, out, n);
        return false;
    case MLTK_CURRENCY:
        snprintf(out, n,
                 english ? "Ticket refused: it is a ticket in %s, and this machine pays in %s. "
                           "Please see the cashier."
                         : _("Ticket refused: it is a ticket in %s, and this machine pays in %s. "
                             "Please see the cashier."),
                 a->currency, m->cfg.rules.currency);
        return false;
    default:
        snprintf(out, n, "%s",
                 english ? "Ticket refused: the floor's ticket system does not know it. Please "
                           "see the cashier."
                         : _("Ticket refused: the floor's ticket system does not know it. Please "
                             "see the cashier."));
        return false;
    }
    if (!c->own) return false;
    snprintf(fate->validation, sizeof fate->validation, "%s", c->validation);
    fate->voided = a->outcome == MLTK_VOIDED;
    snprintf(fate->place, sizeof fate->place, "%s", a->place);
    fate->utc = a->at_utc;
    snprintf(fate->detail, sizeof fate->detail, "told by the floor at a redemption here");
    return true;
}

/* A redemption's answer. false: it waits (it cannot be credited now: a game, a lock, the door,
 * the operator's menu). */
static bool write_redeem(machine_t *m, machine_events_t *e, const mlink_tk_job_t *j,
                         const mlink_tk_answer_t *a) {
    game_t *g = &m->game;
    char why[STORE_MSG_LEN + 300], words[STORE_MSG_LEN + 64], said[STORE_MSG_LEN + 64];
    if (!a->refused && a->outcome == MLTK_PAID) {
        /* tests: the kill between the controller's commit and this machine's */
        if (m->floor.test_kill && !a->again) raise(SIGKILL);
        if (game_dealt(g) || g->state != GAME_PLAY || g->door_open || m->operator_open)
            return false;
        game_voucher_t v;
        if (game_ticket_floor_paid(g, &j->check, a->amount, a->issuer, &v, why, sizeof why)) {
            machine_event_t *ev = emit(e, MEV_TICKET_IN);
            if (ev) ev->voucher = v, ev->amount = v.amount;
        } else if (g->state != GAME_FAULT) {
            /* the floor paid what this machine's record cannot take: an attendant looks */
            game_link_fault(g, "A ticket the floor paid does not agree with this machine's "
                               "record");
            refuse(e, why);
        }
        return true;
    }
    store_ticket_fate_t fate;
    bool mark = floor_words(m, &j->check, a, true, words, sizeof words, &fate);
    floor_words(m, &j->check, a, false, said, sizeof said, &fate);
    store_status_t st = store_ticket_check_refused(g->store, &j->check, words, mark ? &fate : NULL);
    if (st == STORE_FAULT) {
        game_link_fault(g, "The ticket's answer could not be recorded");
        return true;
    }
    if (st == STORE_OK && mark) told(m, fate.validation);
    refuse(e, said);
    return true;
}

static void write_void(machine_t *m, const mlink_tk_answer_t *a) {
    game_t *g = &m->game;
    char v[TICKET_TEXT], when[32];
    ticket_group(m->floor.void_asked, v);
    time_t at = (time_t)a->at_utc;
    struct tm tm;
    gmtime_r(&at, &tm);
    /* TRANSLATORS: strftime's format of a date and time (UTC) */
    strftime(when, sizeof when, _("%Y-%m-%d %H:%M UTC"), &tm);
    if (a->refused) {
        fprintf(stderr, "studpoker: ticket %s not voided: %s\n", v, a->message);
        snprintf(m->floor.news, sizeof m->floor.news,
                 _("Ticket %s not voided: the floor's ticket system refused it (the log says "
                   "why)."),
                 v);
    } else if (a->outcome == MLTK_VOIDED) {
        store_status_t st =
            store_ticket_void(g->store, m->floor.void_asked, "the floor", m->floor.void_detail);
        if (st == STORE_FAULT) game_link_fault(g, "The ticket's void could not be recorded");
        if (strcmp(m->print_fault, v) == 0) m->print_fault[0] = '\0';
        told(m, m->floor.void_asked);
        snprintf(m->floor.news, sizeof m->floor.news,
                 _("Ticket %s voided at the floor: no machine can redeem it now."), v);
    } else if (a->outcome == MLTK_ALREADY) {
        store_ticket_fate_t f = {.utc = a->at_utc};
        snprintf(f.validation, sizeof f.validation, "%s", m->floor.void_asked);
        snprintf(f.place, sizeof f.place, "%s", a->place);
        snprintf(f.detail, sizeof f.detail, "told by the floor at a void here");
        bool written;
        if (store_ticket_fate_record(g->store, &f, &written) == STORE_FAULT)
            game_link_fault(g, "The ticket's fate could not be recorded");
        told(m, f.validation);
        snprintf(m->floor.news, sizeof m->floor.news,
                 _("Ticket %s not voided: it was paid at %s on %s."), v, game_place_words(a->place),
                 when);
    } else {
        snprintf(m->floor.news, sizeof m->floor.news,
                 _("Ticket %s not voided: the floor has not registered it yet. Try again in a "
                   "moment."),
                 v);
    }
    m->floor.void_asked[0] = '\0';
}

/* Writes the answer to the job held; false: it waits. */
static bool write_answer(machine_t *m, machine_events_t *e, const mlink_tk_job_t *j,
                         const mlink_tk_answer_t *a) {
    game_t *g = &m->game;
    switch (j->kind) {
    case MLTK_REGISTER: {
        store_status_t st =
            a->n > 0 ? store_ticket_registered(g->store, j->reg, a->n, a->replay) : STORE_OK;
        if (st == STORE_FAULT)
            game_link_fault(g, "The floor's registration of tickets could not be recorded");
        if (st == STORE_REFUSED) {
            /* not the outbox's next tickets (it changed meanwhile): read again, later */
            m->floor.register_after = now_ms() + 30000;
        } else if (a->refused) {
            /* sent again in 30 s; the machine says why meanwhile */
            m->floor.register_after = now_ms() + 30000;
            fprintf(stderr, "studpoker: the floor refuses to register tickets: %s\n", a->message);
            snprintf(m->floor.state, sizeof m->floor.state, "%s",
                     _("TICKETS REFUSED BY THE FLOOR: they are sent again every 30 seconds (the "
                       "log says why)"));
        } else {
            m->floor.state[0] = '\0';
        }
        return true;
    }
    case MLTK_REDEEM:
        return write_redeem(m, e, j, a);
    case MLTK_VOID:
        write_void(m, a);
        return true;
    case MLTK_PULL:
        for (int i = 0; i < a->n && g->state != GAME_FAULT; i++) {
            bool written;
            if (store_ticket_fate_record(g->store, &a->fates[i], &written) == STORE_FAULT)
                game_link_fault(g, "The fate of a ticket could not be recorded");
            else
                told(m, a->fates[i].validation);
        }
        m->floor.pull_more = a->n == MLTK_BATCH;
        return true;
    case MLTK_TOLD: {
        /* confirmed: the ones sent leave the list (others may have joined it meanwhile) */
        int k = 0;
        for (int i = 0; i < m->floor.ntold; i++) {
            bool sent = false;
            for (int s = 0; s < j->n; s++) sent |= strcmp(j->told[s], m->floor.told[i]) == 0;
            if (!sent) memmove(m->floor.told[k++], m->floor.told[i], sizeof m->floor.told[0]);
        }
        m->floor.ntold = k;
        return true;
    }
    default:
        return true;
    }
}

/* The next job, in the order a player waits least: a ticket of another machine being checked, the
 * tickets to register (a ticket of this machine is checked only once registered), this machine's
 * ticket being checked, the operator's VOID, the fates recorded to confirm, the fates to read. */
static void offer_next(machine_t *m, bool pull_due) {
    game_t *g = &m->game;
    mlink_tk_job_t *job = calloc(1, sizeof *job);
    if (!job) return;
    store_ticket_check_t c;
    int open = store_ticket_check_pending(g->store, &c);
    int nreg = open < 0 ? -1 : store_ticket_unregistered(g->store, job->reg, MLTK_BATCH);
    if (open < 0 || nreg < 0) {
        game_link_fault(g, "The ticket outbox could not be read");
        free(job);
        return;
    }
    bool may_register = nreg > 0 && now_ms() >= m->floor.register_after;
    if (open && !c.own) {
        job->kind = MLTK_REDEEM;
    } else if (may_register) {
        job->kind = MLTK_REGISTER;
        job->n = nreg;
        job->expiry_seconds = expiry_seconds(m);
    } else if (open) {
        job->kind = MLTK_REDEEM;
    } else if (m->floor.void_asked[0]) {
        job->kind = MLTK_VOID;
        snprintf(job->validation, sizeof job->validation, "%s", m->floor.void_asked);
        snprintf(job->reason, sizeof job->reason, "%s", m->floor.void_detail);
    } else if (m->floor.ntold > 0) {
        job->kind = MLTK_TOLD;
        job->n = m->floor.ntold;
        memcpy(job->told, m->floor.told, sizeof job->told[0] * (size_t)job->n);
    } else if (pull_due || m->floor.pull_more) {
        job->kind = MLTK_PULL;
        m->floor.pull_more = false;
    }
    if (job->kind == MLTK_REDEEM) job->check = c;
    mlink_tk_set_pending(m->link, nreg + open + (m->floor.void_asked[0] ? 1 : 0) +
                                      (m->floor.ntold > 0) + (job->kind != MLTK_NONE));
    if (job->kind != MLTK_NONE) mlink_tk_offer(m->link, job);
    free(job);
}

void machine_link_tickets_step(machine_t *m, machine_events_t *e) {
    if (!m->link || !machine_floor_tickets(m) || m->game.state == GAME_FAULT) return;
    if (tk_answered(m->link)) {
        mlink_tk_job_t *job = malloc(sizeof *job);
        mlink_tk_answer_t *a = malloc(sizeof *a);
        if (job && a) {
            tk_answer(m->link, job, a);
            if (write_answer(m, e, job, a)) {
                mlink_tk_taken(m->link);
                m->link_dirty = true;
            }
        }
        free(job), free(a);
    }
    if (m->floor.register_after && now_ms() >= m->floor.register_after) {
        m->floor.register_after = 0;
        m->link_dirty = true;
    }
    bool pull = mlink_tk_pull_due(m->link);
    if ((m->link_dirty || pull || m->floor.pull_more) && m->game.state != GAME_FAULT &&
        !tk_held(m->link))
        offer_next(m, pull);
}
