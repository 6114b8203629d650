/* Responsible gaming: the session, its clock and figures, limits, breaks and reality checks.
 * See machine_rg.h for what is decided here; every event is an audit row whose figures in
 * braces are read back after a restart. */
#define _POSIX_C_SOURCE 200809L
#include "lang.h"
#include "machine.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

const int MRG_BREAK_HOURS[MRG_BREAKS] = {24, 24 * 7, 24 * 30};

#define MINUTE_MS 60000LL
#define HOUR_MS   3600000LL

static bool kiosk(const machine_t *m) {
    return m->cfg.display.mode == CFG_DISPLAY_KIOSK;
}

static bool player_sets(const machine_t *m) {
    return !kiosk(m) && m->cfg.responsible.player_limits;
}

static bool kept(const machine_t *m) {
    return !m->rg.off && !m->jt && !machine_faulted(m);
}

/* The sessions' clock: the wall clock's forward moves only, from the latest time the store
 * knows (clock_run). Setting the wall clock back gains no time: a break, the stop after a
 * limit and a session's time all run on. Before the store is read: the wall clock. */
static int64_t now(const machine_t *m) {
    return m->rg.clock_ms ? m->rg.clock_ms : m->wall_ms;
}

static int64_t played_ms(const machine_t *m) {
    int64_t d = now(m) - m->rg.start_ms;
    return m->rg.session && d > 0 ? d : 0;
}

static int64_t interval_ms(const machine_t *m) {
    return m->cfg.responsible.reality_check_minutes * MINUTE_MS;
}

/* The limits in force: the player's once set (a desktop), else the config's (the operator's). */
static mrg_limits_t in_force(const machine_t *m) {
    if (player_sets(m) && m->rg.player_set) return m->rg.limits;
    mrg_limits_t l = {m->cfg.responsible.session_minutes, m->cfg.responsible.loss_limit};
    return l;
}

static int64_t net(const machine_t *m) {
    return m->rg.fig.returned - m->rg.fig.wagered;
}

int64_t machine_rg_left(const machine_t *m) {
    mrg_limits_t l = in_force(m);
    if (!kept(m) || l.loss <= 0) return -1;
    int64_t left = l.loss + (m->rg.session ? net(m) : 0);
    return left > 0 ? left : 0;
}

int64_t machine_rg_round_risk(const machine_t *m, const int64_t stake[]) {
    int64_t bets = 0;
    for (int w = 0; w < WAGER_COUNT; w++)
        if (w == WAGER_ANTE || wager_is_side((wager_t)w)) bets += stake[w];
    return bets + rules_max_round_stake(&m->game.rules, stake[WAGER_ANTE], NULL) -
           stake[WAGER_ANTE];
}

/* ---- words ---- */

/* A limit's value: "1 hour", "$50.00", "none"; screen: in the language on screen, else in
 * English (the audit log's) */
static const char *limit_text(const machine_t *m, bool time, int64_t v, bool screen, char *buf,
                              size_t n) {
    char b[40];
    if (v <= 0) return snprintf(buf, n, "%s", screen ? C_("limit", "none") : "none"), buf;
    if (time)
        return screen ? machine_rg_duration(v * MINUTE_MS, buf, n)
                      : machine_rg_duration_en(v * MINUTE_MS, buf, n);
    snprintf(buf, n, "%s", screen ? game_money(&m->game, v, b) : game_money_en(&m->game, v, b));
    return buf;
}

const char *machine_rg_stop_words(const machine_t *m, char *buf, size_t n) {
    int64_t until;
    char when[48], lim[48];
    if (n) buf[0] = '\0';
    mrg_stop_t stop = machine_rg_stopped(m, &until);
    machine_rg_when(until, now(m), when, sizeof when);
    mrg_limits_t l = in_force(m);
    switch (stop) {
    case MRG_TIME_LIMIT:
        snprintf(buf, n,
                 _("Your session time limit of %s is reached: betting stops until %s. You "
                   "can cash out."),
                 limit_text(m, true, l.minutes, true, lim, sizeof lim), when);
        break;
    case MRG_LOSS_LIMIT:
        snprintf(buf, n,
                 _("Your loss limit of %s is reached: betting stops until %s. You can "
                   "cash out."),
                 limit_text(m, false, l.loss, true, lim, sizeof lim), when);
        break;
    case MRG_BREAK:
        snprintf(buf, n,
                 _("You are taking a break until %s: no bets until then. You can cash out."), when);
        break;
    default:
        break;
    }
    return buf;
}

const char *machine_rg_loss_words(const machine_t *m, int64_t risk, char *buf, size_t n) {
    char b1[40], b2[40], b3[40];
    snprintf(buf, n,
             _("Your loss limit of %s leaves %s: these bets could lose %s with the largest "
               "raise. Bet less."),
             game_money(&m->game, in_force(m).loss, b1),
             game_money(&m->game, machine_rg_left(m), b2), game_money(&m->game, risk, b3));
    return buf;
}

/* ---- the record ---- */

static machine_event_t *emit(machine_events_t *e, mrg_event_t what, const char *text) {
    if (!e || e->n == MACHINE_MAX_EVENTS) return NULL;
    machine_event_t *ev = &e->ev[e->n++];
    memset(ev, 0, sizeof *ev);
    ev->type = MEV_RG;
    ev->value = what;
    snprintf(ev->text, sizeof ev->text, "%s", text);
    return ev;
}

/* An audit row of the session (none without a store); a write that fails stops the machine
 * as every failed record does. */
static void record(machine_t *m, store_audit_event_t ev, const char *fmt, ...) {
    store_t *s = m->game.store;
    if (!s || machine_faulted(m)) return;
    char detail[STORE_MSG_LEN];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(detail, sizeof detail, fmt, ap);
    va_end(ap);
    if (store_audit(s, ev, detail) == STORE_FAULT)
        game_record_fault(&m->game, "The session's record could not be written");
}

/* A figure of a row's braces: "{at=1764400000000 ledger=57}". */
static bool tag(const char *detail, const char *name, int64_t *v) {
    const char *p = strrchr(detail, '{');
    size_t len = strlen(name);
    while (p && *p && *p != '}') {
        p++;
        if (strncmp(p, name, len) == 0 && p[len] == '=') {
            *v = strtoll(p + len + 1, NULL, 10);
            return true;
        }
        p = strchr(p, ' ');
    }
    return false;
}

static int last(machine_t *m, store_audit_event_t ev, store_audit_row_t *row) {
    return store_audit_last(m->game.store, ev, row);
}

/* ---- the figures ---- */

static void add_meter(mrg_figures_t *f, const store_meter_value_t *v) {
    static const char *const in[] = {"coin_in", "bill_in", "voucher_in", "attendant_in"};
    static const char *const out[] = {"credit_out", "handpaid_credits", "cancelled_credits",
                                      "attendant_jackpots"};
    if (strncmp(v->name, "wagered.", 8) == 0) f->wagered += v->value;
    if (strncmp(v->name, "won.", 4) == 0 || strcmp(v->name, "linked_won") == 0)
        f->returned += v->value;
    if (strcmp(v->name, "games_played") == 0) f->rounds += v->value;
    for (int i = 0; i < 4; i++) {
        if (strcmp(v->name, in[i]) == 0) f->in += v->value;
        if (strcmp(v->name, out[i]) == 0) f->out += v->value;
    }
}

/* With a store: the ledger since the session's first row. */
static void read_figures(machine_t *m) {
    store_meter_value_t mv[96];
    int n = store_ledger_since(m->game.store, m->rg.mark, mv, 96);
    if (n < 0) return; /* the store faulted: the machine shows it */
    memset(&m->rg.fig, 0, sizeof m->rg.fig);
    for (int i = 0; i < n; i++) add_meter(&m->rg.fig, &mv[i]);
}

/* Without a store: the rounds finished and the money this step's events moved. */
static void count_figures(machine_t *m, const machine_events_t *e) {
    machine_rg_t *r = &m->rg;
    const game_t *g = &m->game;
    for (int64_t k = g->played - r->seen_played; k > 0; k--) {
        if (k > g->nhistory) continue;
        const game_record_t *h = &g->history[k - 1];
        for (int w = 0; w < WAGER_COUNT; w++) r->fig.wagered += h->stake[w];
        for (int w = 0; w < WAGER_COUNT; w++) r->fig.returned += h->returned[w];
        r->fig.rounds++;
    }
    for (int i = 0; e && i < e->n; i++) {
        const machine_event_t *ev = &e->ev[i];
        if (ev->type == MEV_CREDIT_IN || ev->type == MEV_TICKET_IN) r->fig.in += ev->amount;
        if (ev->type == MEV_TICKET) r->fig.out += ev->amount;
        if (ev->type == MEV_LINK_PAID) r->fig.returned += ev->amount;
    }
}

/* ---- the session ---- */

static void figures_text(const machine_t *m, char *buf, size_t n) {
    char b1[40], b2[40], b3[40], d[48];
    snprintf(buf, n, "time played %s, bets %s, paid back %s, result %s",
             machine_rg_duration_en(played_ms(m), d, sizeof d),
             game_money_en(&m->game, m->rg.fig.wagered, b1),
             game_money_en(&m->game, m->rg.fig.returned, b2), game_money_en(&m->game, net(m), b3));
}

static void open_session(machine_t *m, const char *why) {
    machine_rg_t *r = &m->rg;
    store_t *s = m->game.store;
    int64_t done = s ? store_audit_count(s, STORE_AUDIT_RG_SESSION_START) : r->number;
    r->session = true;
    r->number = (done > 0 ? done : 0) + 1;
    r->start_ms = now(m);
    r->mark = r->next_mark;
    memset(&r->fig, 0, sizeof r->fig);
    r->seen_played = m->game.played;
    r->next_check_ms = interval_ms(m);
    r->check = false;
    r->limit_stop = MRG_PLAYING;
    r->limit_until = 0;
    r->dirty = true;
    record(m, STORE_AUDIT_RG_SESSION_START, "session %lld began: %s {at=%lld ledger=%lld}",
           (long long)r->number, why, (long long)r->start_ms, (long long)r->mark);
}

static void end_session(machine_t *m, const char *why) {
    machine_rg_t *r = &m->rg;
    if (!r->session) return;
    if (m->game.store) read_figures(m);
    char fig[200];
    figures_text(m, fig, sizeof fig);
    record(m, STORE_AUDIT_RG_SESSION_END,
           "session %lld ended: %s; %s {at=%lld played=%lld net=%lld}", (long long)r->number, why,
           fig, (long long)now(m), (long long)played_ms(m), (long long)net(m));
    r->session = false;
    r->check = false;
    r->limit_stop = MRG_PLAYING;
    r->limit_until = 0;
    if (m->game.store) store_ledger_newest(m->game.store, &r->next_mark);
}

/* The player's limits from their newest row: "{time=60 loss=5000 ptime=-1 ptime_at=0 ...}". */
static void read_limits(machine_t *m, const char *detail) {
    machine_rg_t *r = &m->rg;
    int64_t t = 0, l = 0, pt = -1, pl = -1, pta = 0, pla = 0;
    if (!tag(detail, "time", &t) || !tag(detail, "loss", &l)) return;
    tag(detail, "ptime", &pt), tag(detail, "ploss", &pl);
    tag(detail, "ptime_at", &pta), tag(detail, "ploss_at", &pla);
    r->player_set = true;
    r->limits.minutes = (int)t, r->limits.loss = l;
    r->pending.minutes = pt > 0 ? (int)pt : 0, r->pending.loss = pl > 0 ? pl : 0;
    r->pending_minutes_at = pt >= 0 ? pta : 0;
    r->pending_loss_at = pl >= 0 ? pla : 0;
}

/* A desktop session paused when the game was closed: over once the game stayed closed for the
 * break a limit gets, else it goes on (audited either way). */
static void after_pause(machine_t *m, const store_audit_row_t *start) {
    store_audit_row_t p, re;
    int64_t at;
    if (kiosk(m) || last(m, STORE_AUDIT_RG_SESSION_PAUSE, &p) != 1 || p.id < start->id) return;
    if (last(m, STORE_AUDIT_RG_SESSION_RESUME, &re) == 1 && re.id > p.id) return;
    if (!tag(p.detail, "at", &at)) return;
    char d[48];
    machine_rg_duration_en(now(m) - at, d, sizeof d);
    if (now(m) - at >= m->cfg.responsible.cool_off_minutes * MINUTE_MS) {
        char why[96];
        snprintf(why, sizeof why, "the game was closed for %s", d);
        end_session(m, why);
    } else {
        record(m, STORE_AUDIT_RG_SESSION_RESUME,
               "session %lld goes on: the game was closed for %s {at=%lld}",
               (long long)m->rg.number, d, (long long)now(m));
    }
}

/* The session as the audit log left it: open or not, its limit reached, its reality check. */
static void read_session(machine_t *m) {
    machine_rg_t *r = &m->rg;
    store_t *s = m->game.store;
    store_audit_row_t st, en, l, q, a;
    store_ledger_newest(s, &r->next_mark);
    int hs = last(m, STORE_AUDIT_RG_SESSION_START, &st);
    int he = last(m, STORE_AUDIT_RG_SESSION_END, &en);
    if (hs != 1 || (he == 1 && en.id > st.id)) return;
    r->session = true;
    tag(st.detail, "at", &r->start_ms);
    tag(st.detail, "ledger", &r->mark);
    r->number = store_audit_count(s, STORE_AUDIT_RG_SESSION_START);
    r->dirty = true;
    int64_t kind = 0, v;
    if (last(m, STORE_AUDIT_RG_LIMIT_REACHED, &l) == 1 && l.id > st.id &&
        tag(l.detail, "until", &v)) {
        tag(l.detail, "loss", &kind);
        r->limit_stop = kind ? MRG_LOSS_LIMIT : MRG_TIME_LIMIT;
        r->limit_until = v;
    }
    r->next_check_ms = interval_ms(m);
    int ha = last(m, STORE_AUDIT_RG_REALITY_ANSWER, &a);
    if (ha == 1 && a.id > st.id && tag(a.detail, "played", &v))
        r->next_check_ms = v + interval_ms(m);
    if (last(m, STORE_AUDIT_RG_REALITY_CHECK, &q) == 1 && q.id > st.id &&
        (ha != 1 || q.id > a.id)) {
        r->check = true;
        tag(q.detail, "played", &r->check_played);
    }
    read_figures(m);
    after_pause(m, &st);
}

/* ---- the sessions' clock ---- */

#define CLOCK_KEPT "responsible.clock" /* the store's cache row that keeps it */

/* The latest time the store knows of: the clock as last kept (once a minute) and the time of
 * every event's newest row. */
static int64_t clock_known(machine_t *m) {
    static const store_audit_event_t EVENTS[] = {
        STORE_AUDIT_RG_SESSION_START,  STORE_AUDIT_RG_SESSION_PAUSE,  STORE_AUDIT_RG_SESSION_RESUME,
        STORE_AUDIT_RG_SESSION_END,    STORE_AUDIT_RG_LIMIT_REACHED,  STORE_AUDIT_RG_REALITY_CHECK,
        STORE_AUDIT_RG_REALITY_ANSWER, STORE_AUDIT_RG_COOL_OFF_START, STORE_AUDIT_RG_COOL_OFF_END};
    int64_t latest = 0, v;
    char kept_at[32];
    bool found = false;
    if (store_cache_get(m->game.store, CLOCK_KEPT, kept_at, sizeof kept_at, &found) == STORE_OK &&
        found)
        latest = strtoll(kept_at, NULL, 10);
    store_audit_row_t row;
    for (size_t i = 0; i < sizeof EVENTS / sizeof EVENTS[0]; i++)
        if (last(m, EVENTS[i], &row) == 1 && tag(row.detail, "at", &v) && v > latest) latest = v;
    return latest;
}

/* The clock moves with the wall clock's forward moves only, and is kept once a minute so that a
 * kill and a clock set back lose at most that minute. A mark that cannot be written is left
 * (a read-only database; a failed write faults the store, and the machine with it, as every
 * failed write does). */
static void clock_run(machine_t *m) {
    machine_rg_t *r = &m->rg;
    if (m->wall_ms > r->seen_wall) r->clock_ms += m->wall_ms - r->seen_wall;
    r->seen_wall = m->wall_ms;
    if (m->game.store && r->clock_ms - r->clock_kept >= MINUTE_MS) {
        char v[32];
        snprintf(v, sizeof v, "%lld", (long long)r->clock_ms);
        store_cache_put(m->game.store, CLOCK_KEPT, v);
        r->clock_kept = r->clock_ms; /* written or not, tried again a minute later */
    }
}

/* Everything the store remembers, read at the first step (the front has set the clock). */
static void load(machine_t *m) {
    machine_rg_t *r = &m->rg;
    r->loaded = true;
    r->seen_played = m->game.played;
    r->seen_wall = m->wall_ms;
    r->clock_ms = m->wall_ms;
    if (!m->game.store) return;
    r->clock_kept = clock_known(m);
    if (r->clock_kept > r->clock_ms) r->clock_ms = r->clock_kept;
    store_audit_row_t row, end;
    int64_t v;
    if (player_sets(m) && last(m, STORE_AUDIT_RG_LIMIT, &row) == 1) read_limits(m, row.detail);
    int hc = last(m, STORE_AUDIT_RG_COOL_OFF_START, &row);
    int he = last(m, STORE_AUDIT_RG_COOL_OFF_END, &end);
    if (hc == 1 && (he != 1 || row.id > end.id) && tag(row.detail, "until", &v)) r->break_until = v;
    read_session(m);
}

/* ---- limits, breaks and checks as time goes ---- */

static void limits_row(machine_t *m, const char *what) {
    const machine_rg_t *r = &m->rg;
    record(m, STORE_AUDIT_RG_LIMIT,
           "%s {time=%d loss=%lld ptime=%d ptime_at=%lld ploss=%lld ploss_at=%lld}", what,
           r->limits.minutes, (long long)r->limits.loss,
           r->pending_minutes_at ? r->pending.minutes : -1, (long long)r->pending_minutes_at,
           (long long)(r->pending_loss_at ? r->pending.loss : -1), (long long)r->pending_loss_at);
}

/* A raised limit whose delay is over applies. */
static void pending_due(machine_t *m, machine_events_t *e) {
    machine_rg_t *r = &m->rg;
    char what[160], b[48];
    if (r->pending_minutes_at && now(m) >= r->pending_minutes_at) {
        r->limits.minutes = r->pending.minutes;
        r->pending_minutes_at = 0;
        snprintf(what, sizeof what, "the session time limit is now %s",
                 limit_text(m, true, r->limits.minutes, false, b, sizeof b));
        limits_row(m, what);
        snprintf(what, sizeof what, _("The session time limit is now %s."),
                 limit_text(m, true, r->limits.minutes, true, b, sizeof b));
        emit(e, MRG_EV_LIMIT_IN_FORCE, what);
    }
    if (r->pending_loss_at && now(m) >= r->pending_loss_at) {
        r->limits.loss = r->pending.loss;
        r->pending_loss_at = 0;
        snprintf(what, sizeof what, "the loss limit is now %s",
                 limit_text(m, false, r->limits.loss, false, b, sizeof b));
        limits_row(m, what);
        snprintf(what, sizeof what, _("The loss limit is now %s."),
                 limit_text(m, false, r->limits.loss, true, b, sizeof b));
        emit(e, MRG_EV_LIMIT_IN_FORCE, what);
    }
}

/* A break or the stop after a limit that is over ends the session. */
static void stops_over(machine_t *m, machine_events_t *e) {
    machine_rg_t *r = &m->rg;
    if (r->break_until && now(m) >= r->break_until) {
        r->break_until = 0;
        record(m, STORE_AUDIT_RG_COOL_OFF_END, "the break is over {at=%lld}", (long long)now(m));
        emit(e, MRG_EV_BREAK_OVER, _("Your break is over."));
        end_session(m, "the break is over");
    }
    if (r->limit_until && now(m) >= r->limit_until) {
        r->limit_until = 0;
        r->limit_stop = MRG_PLAYING;
        emit(e, MRG_EV_BREAK_OVER, _("The break after your limit is over: a new session begins."));
        end_session(m, "the break after the limit is over");
    }
}

static void reached(machine_t *m, mrg_stop_t kind, machine_events_t *e) {
    machine_rg_t *r = &m->rg;
    r->limit_stop = kind;
    r->limit_until = now(m) + m->cfg.responsible.cool_off_minutes * MINUTE_MS;
    char words[300], fig[200];
    machine_rg_stop_words(m, words, sizeof words);
    figures_text(m, fig, sizeof fig);
    record(m, STORE_AUDIT_RG_LIMIT_REACHED,
           "%s limit reached; %s {at=%lld until=%lld played=%lld net=%lld loss=%d}",
           kind == MRG_LOSS_LIMIT ? "loss" : "session time", fig, (long long)now(m),
           (long long)r->limit_until, (long long)played_ms(m), (long long)net(m),
           kind == MRG_LOSS_LIMIT);
    emit(e, MRG_EV_REACHED, words);
}

/* Between rounds: a limit reached, else a reality check due. */
static void between_rounds(machine_t *m, machine_events_t *e) {
    machine_rg_t *r = &m->rg;
    if (!r->session || r->check || machine_state(m) != MACHINE_PLAY || game_dealt(&m->game) ||
        machine_rg_stopped(m, NULL) != MRG_PLAYING)
        return;
    mrg_limits_t l = in_force(m);
    if (l.minutes > 0 && played_ms(m) >= l.minutes * MINUTE_MS) {
        reached(m, MRG_TIME_LIMIT, e);
        return;
    }
    const rules_t *ru = &m->game.rules;
    if (l.loss > 0 &&
        machine_rg_left(m) < rules_max_round_stake(ru, ru->bet_min[WAGER_ANTE], NULL)) {
        reached(m, MRG_LOSS_LIMIT, e);
        return;
    }
    if (interval_ms(m) <= 0 || played_ms(m) < r->next_check_ms) return;
    r->check = true;
    r->check_played = played_ms(m);
    char fig[200];
    figures_text(m, fig, sizeof fig);
    record(m, STORE_AUDIT_RG_REALITY_CHECK,
           "reality check shown: %s {at=%lld played=%lld net=%lld}", fig, (long long)now(m),
           (long long)r->check_played, (long long)net(m));
    emit(e, MRG_EV_CHECK, fig);
}

void machine_rg_begin(machine_t *m) {
    if (kept(m) && !m->rg.loaded) load(m);
}

void machine_rg_step(machine_t *m, machine_events_t *e) {
    machine_rg_t *r = &m->rg;
    if (!kept(m)) return;
    if (!r->loaded) load(m);
    if (machine_faulted(m)) return;
    clock_run(m);
    pending_due(m, e);
    bool was = r->session, first = r->number == 0;
    stops_over(m, e);
    game_t *g = &m->game;
    bool stopped = machine_rg_stopped(m, NULL) != MRG_PLAYING;
    /* a cabinet's session begins with the credits, a desktop's with the game */
    if (!r->session && !r->break_until && (kiosk(m) ? game_balance(g) > 0 : true))
        open_session(m, kiosk(m)
                            ? (was ? "the credits on the machine after the break" : "credits in")
                        : first ? "the game started"
                                : "after the break");
    if (r->session) {
        if (!g->store)
            count_figures(m, e);
        else if (r->dirty || e->n || r->seen_played != g->played)
            read_figures(m);
        r->seen_played = g->played;
        r->dirty = false;
    }
    /* the next player is someone else: a cabinet's session ends with its money */
    if (r->session && kiosk(m) && !stopped && game_idle(g) && game_balance(g) == 0 &&
        g->state == GAME_PLAY) {
        bool cashed = false;
        for (int i = 0; i < e->n; i++) cashed |= e->ev[i].type == MEV_TICKET;
        end_session(m, cashed ? "cashed out" : "no credits left");
    }
    between_rounds(m, e);
}

void machine_rg_closing(machine_t *m) {
    if (!kept(m) || !m->rg.loaded || !m->rg.session || kiosk(m)) return;
    char fig[200];
    figures_text(m, fig, sizeof fig);
    record(m, STORE_AUDIT_RG_SESSION_PAUSE,
           "session %lld paused: the game was closed; %s {at=%lld}", (long long)m->rg.number, fig,
           (long long)now(m));
}

/* ---- what the front asks and does ---- */

mrg_stop_t machine_rg_stopped(const machine_t *m, int64_t *until_ms) {
    const machine_rg_t *r = &m->rg;
    if (until_ms) *until_ms = 0;
    if (!kept(m)) return MRG_PLAYING;
    if (r->break_until && now(m) < r->break_until) {
        if (until_ms) *until_ms = r->break_until;
        return MRG_BREAK;
    }
    if (r->limit_stop != MRG_PLAYING && now(m) < r->limit_until) {
        if (until_ms) *until_ms = r->limit_until;
        return r->limit_stop;
    }
    return MRG_PLAYING;
}

bool machine_rg_check_waiting(const machine_t *m) {
    return kept(m) && m->rg.check;
}

void machine_rg_view(const machine_t *m, mrg_view_t *v) {
    const machine_rg_t *r = &m->rg;
    memset(v, 0, sizeof *v);
    v->on = kept(m);
    v->session = r->session;
    v->number = r->number;
    v->now_ms = now(m);
    v->start_ms = r->start_ms;
    v->played_ms = played_ms(m);
    v->fig = r->fig;
    v->net = net(m);
    v->limits = in_force(m);
    v->pending = r->pending;
    v->pending_minutes_at = player_sets(m) ? r->pending_minutes_at : 0;
    v->pending_loss_at = player_sets(m) ? r->pending_loss_at : 0;
    v->left = machine_rg_left(m);
    v->reality_minutes = m->cfg.responsible.reality_check_minutes;
    v->player_sets = player_sets(m);
    v->stop = machine_rg_stopped(m, &v->until_ms);
    v->check = machine_rg_check_waiting(m);
    v->help_contact = m->cfg.responsible.help_contact;
}

void machine_rg_answer(machine_t *m, bool cash_out) {
    machine_rg_t *r = &m->rg;
    if (!machine_rg_check_waiting(m)) return;
    r->check = false;
    int64_t played = played_ms(m);
    r->next_check_ms = played + interval_ms(m);
    char d[48];
    record(m, STORE_AUDIT_RG_REALITY_ANSWER, "%s after %s {at=%lld played=%lld}",
           cash_out ? "CASH OUT" : "CONTINUE", machine_rg_duration_en(played, d, sizeof d),
           (long long)now(m), (long long)played);
}

static void say(char *msg, size_t n, const char *fmt, ...) {
    if (!msg || !n) return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, n, fmt, ap);
    va_end(ap);
}

/* One limit changed as the player asks: lower at once, higher after the delay. rec gets the
 * change in English for the audit log, out in the player's language ("" both: nothing said). */
static void change(machine_t *m, bool time, int64_t want, int64_t *cur, int64_t *pend,
                   int64_t *pend_at, char *rec, char *out, size_t n) {
    char was[48], to[48], when[48], was_en[48], to_en[48], when_en[48];
    limit_text(m, time, *cur, true, was, sizeof was);
    limit_text(m, time, want, true, to, sizeof to);
    limit_text(m, time, *cur, false, was_en, sizeof was_en);
    limit_text(m, time, want, false, to_en, sizeof to_en);
    const char *name = time ? "session time limit" : "loss limit";
    int64_t delay = m->cfg.responsible.loosen_delay_hours * HOUR_MS;
    int hours = m->cfg.responsible.loosen_delay_hours;
    rec[0] = out[0] = '\0';
    if (want == *cur) {
        if (*pend_at) {
            snprintf(rec, n, "the %s stays %s", name, to_en);
            snprintf(out, n,
                     time ? _("The session time limit stays %s.") : _("The loss limit stays %s."),
                     to);
        }
        *pend_at = 0;
    } else if (*pend_at && want == *pend) {
        /* asked again: the raise already waits, its delay is not started again */
    } else if ((want > 0 && (*cur == 0 || want < *cur)) || delay == 0) {
        *cur = want;
        *pend_at = 0;
        snprintf(rec, n, "the %s is now %s (was %s)", name, to_en, was_en);
        snprintf(out, n,
                 time ? _("The session time limit is now %s (was %s).")
                      : _("The loss limit is now %s (was %s)."),
                 to, was);
    } else {
        *pend = want;
        *pend_at = now(m) + delay;
        snprintf(rec, n, "the %s becomes %s on %s (a higher limit waits %d hours; %s until then)",
                 name, to_en, machine_rg_when_en(*pend_at, now(m), when_en, sizeof when_en), hours,
                 was_en);
        machine_rg_when(*pend_at, now(m), when, sizeof when);
        if (time)
            snprintf(out, n,
                     NG_("The session time limit becomes %s on %s (a higher limit waits %d "
                         "hour; %s until then).",
                         "The session time limit becomes %s on %s (a higher limit waits %d "
                         "hours; %s until then).",
                         hours),
                     to, when, hours, was);
        else
            snprintf(out, n,
                     NG_("The loss limit becomes %s on %s (a higher limit waits %d hour; %s "
                         "until then).",
                         "The loss limit becomes %s on %s (a higher limit waits %d hours; %s "
                         "until then).",
                         hours),
                     to, when, hours, was);
    }
}

bool machine_rg_set_limits(machine_t *m, mrg_limits_t want, char *msg, size_t n) {
    machine_rg_t *r = &m->rg;
    if (!kept(m) || !player_sets(m)) {
        say(msg, n, "%s", _("Limits on this machine are set by the staff: ask them."));
        return false;
    }
    if (want.minutes < 0 || want.minutes > 1440 || want.loss < 0) {
        say(msg, n, "%s", _("That is not a limit this machine takes."));
        return false;
    }
    mrg_limits_t cur = in_force(m);
    r->player_set = true;
    int64_t t = cur.minutes, tp = r->pending.minutes, l = cur.loss, lp = r->pending.loss;
    char a[180], b[180], sa[180], sb[180];
    change(m, true, want.minutes, &t, &tp, &r->pending_minutes_at, a, sa, sizeof a);
    change(m, false, want.loss, &l, &lp, &r->pending_loss_at, b, sb, sizeof b);
    r->limits.minutes = (int)t, r->pending.minutes = (int)tp;
    r->limits.loss = l, r->pending.loss = lp;
    char what[STORE_MSG_LEN - 120];
    snprintf(what, sizeof what, "the player set the limits: %s%s%s", a, a[0] && b[0] ? "; " : "",
             b);
    if (!a[0] && !b[0]) {
        say(msg, n, "%s", _("Your limits stay as they are."));
        return true;
    }
    limits_row(m, what);
    say(msg, n, "%s%s%s", sa, sa[0] && sb[0] ? " " : "", sb);
    return true;
}

bool machine_rg_take_break(machine_t *m, int hours, bool by_operator, char *msg, size_t n) {
    machine_rg_t *r = &m->rg;
    bool known = false;
    for (int i = 0; i < MRG_BREAKS; i++) known |= MRG_BREAK_HOURS[i] == hours;
    if (!kept(m) || !known || (!by_operator && !player_sets(m))) {
        say(msg, n, "%s",
            by_operator || kept(m) ? _("Breaks on this machine are started by the staff.")
                                   : _("This machine keeps no sessions."));
        return false;
    }
    if (game_dealt(&m->game)) {
        say(msg, n, "%s", _("A break starts between games: finish this one first."));
        return false;
    }
    int64_t until = now(m) + hours * HOUR_MS;
    char when[48], when_en[48], d[48];
    machine_rg_when(until, now(m), when, sizeof when);
    machine_rg_when_en(until, now(m), when_en, sizeof when_en);
    if (r->break_until >= until) {
        say(msg, n, _("A break already runs until %s."), when);
        return false;
    }
    r->break_until = until;
    r->check = false;
    record(m, STORE_AUDIT_RG_COOL_OFF_START,
           "a break of %s taken by the %s, until %s {at=%lld until=%lld}",
           machine_rg_duration_en(hours * HOUR_MS, d, sizeof d),
           by_operator ? "operator" : "player", when_en, (long long)now(m), (long long)until);
    say(msg, n, _("Your break runs until %s: no bets until then. You can cash out."), when);
    return true;
}

bool machine_rg_end_break(machine_t *m, char *msg, size_t n) {
    machine_rg_t *r = &m->rg;
    if (!kept(m) || !r->break_until || now(m) >= r->break_until) {
        say(msg, n, "%s", _("No break runs."));
        return false;
    }
    r->break_until = 0;
    record(m, STORE_AUDIT_RG_COOL_OFF_END, "the break was ended by the operator {at=%lld}",
           (long long)now(m));
    end_session(m, "the operator ended the break");
    say(msg, n, "%s", _("The break is ended (recorded in the audit log)."));
    return true;
}

void machine_set_wall_clock(machine_t *m, int64_t utc_ms) {
    m->wall_ms = utc_ms;
}

void machine_rg_disable(machine_t *m) {
    m->rg.off = true;
}
