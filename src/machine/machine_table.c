/* The machine's side of a terminal at a shared table. See machine_table.h. */
#define _POSIX_C_SOURCE 200809L
#include "machine_table_internal.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lang.h"
#include "machine.h"

#ifdef STUDPOKER_LINK

/* The step the table's round is deciding (Cajun 0..2; the others 0). */
static int current_step(const struct mjoined *j) {
    return j->view.step > 2 ? 2 : j->view.step < 0 ? 0 : j->view.step;
}

static void emit_ev(machine_events_t *e, machine_event_type_t type, const char *text) {
    if (e->n == MACHINE_MAX_EVENTS) return;
    machine_event_t *ev = &e->ev[e->n++];
    memset(ev, 0, sizeof *ev);
    ev->type = type;
    ev->button = CFG_BUTTONS;
    if (text) snprintf(ev->text, sizeof ev->text, "%s", text);
}

static void say_line(machine_t *m, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void say_line(machine_t *m, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(m->jt->line, sizeof m->jt->line, fmt, ap);
    va_end(ap);
}

/* The message line says a round's result (machine_table_words.c). */
static void say_verdict(machine_t *m, int64_t round, const char *kind, const char *verdict,
                        int64_t staked, int64_t total, int64_t jackpot) {
    char text[sizeof m->jt->line];
    say_line(m, "%s",
             mt_verdict_words(&m->game, round, kind, verdict, staked, total, jackpot, text,
                              sizeof text));
}

/* The credits as the store has them after money moved: own says whether it was the felt's own
 * stakes (already off the felt's credits) or money from the table (a refund, a result), which
 * the felt's credits get too. */
static void sync_credits(machine_t *m, bool own) {
    game_t *g = &m->game;
    int64_t now;
    if (store_credits(g->store, 0, &now) != STORE_OK) {
        game_link_fault(g, "The credits could not be read");
        return;
    }
    if (!own && !game_round_over(g)) g->round.seat[0].credits += now - g->credits;
    g->credits = now;
}

/* ---- joining ---- */

/* The table's game (its [game] .. [approval] sections, read as a config of their own) in place of
 * the machine's: the rules and the approved range; the machine keeps its own display, cabinet,
 * keys and table sections. */
static bool take_game(cfg_t *c, const char *text, char *err, size_t errlen) {
    cfg_t *t = malloc(sizeof *t);
    cfg_errors_t *errs = malloc(sizeof *errs);
    bool ok = t && errs && cfg_load_string(text, strlen(text), "the table's game", t, errs) == 0;
    if (ok) {
        c->rules = t->rules;
        c->approval = t->approval;
    } else if (t && errs && errs->count > 0) {
        snprintf(err, errlen, "the table's game does not load here: %s", errs->list[0].text);
    } else {
        snprintf(err, errlen, "out of memory for the table's game");
    }
    free(t), free(errs);
    return ok;
}

bool machine_table_take(machine_t *m, const char *game, const char *title, bool linked, char *err,
                        size_t errlen) {
    if (!take_game(&m->cfg, game, err, errlen)) return false;
    /* the table's JACKPOT is its linked pool: a royal's prize comes in the table's result */
    m->cfg.rules.pool_linked = linked;
    m->jt = calloc(1, sizeof *m->jt);
    if (!m->jt) {
        snprintf(err, errlen, "out of memory for the table");
        return false;
    }
    snprintf(m->jt->title, sizeof m->jt->title, "%s", title);
    m->jt->items_dirty = true;
    return true;
}

bool machine_table_join(machine_t *m, char *err, size_t errlen) {
    struct cfg_table *tc = &m->cfg.table;
    lt_table_t info;
    bool not_open = false;
    if (!mtable_join_now(tc->url, tc->terminal, tc->join, &info, &not_open, err, errlen)) {
        if (!not_open) return false;
        /* a terminal started before its table's host: it opens without the table, and sits
         * there as soon as the table opens (the front shows that it waits) */
        fprintf(stderr, "studpoker: %s: waiting for it to open\n", err);
        snprintf(m->table_wait, sizeof m->table_wait, "%s", tc->join);
        tc->join[0] = '\0';
        return true;
    }
    bool ok = machine_table_take(m, info.config, info.title, info.pool[0] != '\0', err, errlen);
    link_table_free(&info);
    return ok;
}

/* After the game is up: the thread starts (machine_open). */
bool machine_table_start(machine_t *m, char *err, size_t errlen) {
    if (!m->jt) return true;
    if (!m->game.store) {
        snprintf(err, errlen, "a terminal keeps its records in a database: give it one (--db)");
        return false;
    }
    const struct cfg_table *tc = &m->cfg.table;
    m->game.at_table = true; /* HISTORY: the table's rounds, as this terminal collected them */
    m->jt->thread = mtable_start(tc->url, tc->terminal, tc->join, err, errlen);
    return m->jt->thread != NULL;
}

void machine_table_close(machine_t *m) {
    if (!m->jt) return;
    mtable_stop(m->jt->thread);
    free(m->jt);
    m->jt = NULL;
}

const char *machine_table_waiting(const machine_t *m) {
    return m->table_wait;
}

bool machine_table_status(const machine_t *m, mtable_status_t *out) {
    memset(out, 0, sizeof *out);
    const struct mjoined *j = m->jt;
    if (!j) return false;
    out->joined = true;
    if (j->thread) mtable_state(j->thread, &out->up, out->state, sizeof out->state);
    snprintf(out->tab, sizeof out->tab, "%s", m->cfg.table.join);
    snprintf(out->title, sizeof out->title, "%s", j->title);
    out->round = j->view.round;
    snprintf(out->phase, sizeof out->phase, "%s", j->view.phase);
    out->players = j->view.players;
    out->seated = j->view.seated;
    out->bets_sent = j->sent != 0;
    out->decided = j->dec[current_step(j)].act != 0;
    out->collected = j->collected;
    out->pool_value = j->view.round || j->view.pool_value > 0 ? j->view.pool_value : -1;
    out->synced = j->thread && mtable_caught_up(j->thread) && !j->items_dirty;
    if (j->leaving)
        snprintf(out->line, sizeof out->line, "%s",
                 j->sent ? _("Leaving this table after this round: your bets stand.")
                         : _("Leaving this table."));
    else
        snprintf(out->line, sizeof out->line, "%s", j->line);
    return true;
}

bool machine_table_may_bet(const machine_t *m) {
    const struct mjoined *j = m->jt;
    return j && !j->watching && !j->leaving && j->sent == 0 &&
           strcmp(j->view.phase, "betting") == 0 && j->round == j->view.round;
}

/* ---- the replica of the player's round ---- */

/* What the screen animates of a rebuilt replica: the deal, the player's decision, a community
 * card the table turned (Cajun), the settlement. */
typedef enum show { SHOW_DEAL, SHOW_DECISION, SHOW_STEP, SHOW_SETTLE } show_t;

static int parse_cards(const char *text, card_t *out, int max) {
    char err[64];
    if (!text || !text[0]) return 0;
    int n = card_parse_list(text, out, max, err, sizeof err);
    return n < 0 ? -1 : n;
}

/* The table's record of the player's decisions ("0:play:2 1:auto_fold:0") over the felt's own:
 * after a restart, and the table's folds when the time ran out. */
static void take_decisions(struct mjoined *j) {
    const char *p = j->view.my_decisions;
    int step, multiple, used;
    char action[16];
    while (sscanf(p, "%d:%15[a-z_]:%d%n", &step, action, &multiple, &used) == 3) {
        if (step >= 0 && step < 3 && !j->dec[step].act)
            j->dec[step] = (mdec_t){.act = strcmp(action, "play") == 0   ? 'p'
                                           : strcmp(action, "fold") == 0 ? 'f'
                                                                         : 'a',
                                    .multiple = multiple};
        p += used;
        while (*p == ' ') p++;
    }
}

/* The replica's deck: the player's cards (seat 1), the keeper's (seat 2), the shared cards (the
 * dealer's, or Cajun's board) the table has shown, the rest; cards not shown yet stand in, taken
 * in card order. */
static bool replica_deck(const rules_t *r, const card_t *mine, int hole, const card_t *shared,
                         int known, int nshared, deck_t *d) {
    deck_t all;
    if (r->variant == VARIANT_ASIAN)
        deck_init53(&all);
    else
        deck_init52(&all);
    bool used[DECK_MAX] = {false};
    for (int i = 0; i < hole; i++) used[mine[i]] = true;
    for (int i = 0; i < known; i++) used[shared[i]] = true;
    card_t spare[DECK_MAX];
    int ns = 0;
    for (int i = 0; i < all.count; i++)
        if (!used[all.cards[i]]) spare[ns++] = all.cards[i];
    int k = 0;
    d->count = 0;
    for (int i = 0; i < hole; i++) d->cards[d->count++] = mine[i];
    for (int i = 0; i < hole; i++) d->cards[d->count++] = spare[k++]; /* the keeper's */
    for (int i = 0; i < nshared; i++) d->cards[d->count++] = i < known ? shared[i] : spare[k++];
    while (k < ns) d->cards[d->count++] = spare[k++];
    return deck_is_valid(d);
}

/* Takes the keeper's events out: the screen shows the player's seat, the dealer and the board. */
static void keep_player_events(round_t *rd) {
    int n = 0;
    for (int i = 0; i < rd->nevents; i++)
        if (rd->events[i].seat != 1) rd->events[n++] = rd->events[i];
    rd->nevents = n;
}

static bool apply(round_t *rd, round_action_t a, bool shown) {
    rd->quiet = !shown;
    round_status_t s = round_apply(rd, &a);
    rd->quiet = false;
    return s.refusal == REFUSE_NONE;
}

/* The player's decision of step t on the replica (a fold the table made sets AUTO FOLDED). */
static bool my_decision(round_t *rd, const mdec_t *d, bool cajun, bool shown) {
    if (!round_seat_can_decide(rd, 0)) return true;
    round_action_t a = d->act == 'p'
                           ? (cajun ? round_raise(0, d->multiple) : round_simple(ACT_PLAY, 0))
                           : round_simple(ACT_FOLD, 0);
    if (!apply(rd, a, shown)) return false;
    if (d->act == 'a') rd->seat[0].auto_folded = true;
    return true;
}

/* Builds the felt's round from what the table has shown (the player's cards, the shared cards,
 * the steps it closed) and the player's decisions; the events of `show` are what the screen
 * animates. */
static bool build_replica(machine_t *m, show_t show) {
    game_t *g = &m->game;
    struct mjoined *j = m->jt;
    j->rules2 = g->rules;
    j->rules2.seats = 2; /* the player's seat and the keeper's */
    const rules_t *r = &j->rules2;
    bool cajun = r->variant == VARIANT_CAJUN, settled = strcmp(j->view.phase, "settled") == 0;
    int hole = cajun ? 2 : 5, nshared = cajun ? 3 : 5, steps = cajun ? 3 : 1;
    card_t mine[5], shared[5];
    int nm = parse_cards(j->view.my_cards, mine, 5);
    int nd = parse_cards(cajun     ? j->view.board
                         : settled ? j->view.dealer
                                   : j->view.up_card,
                         shared, 5);
    deck_t d;
    if (nm != hole || nd < 0 || (!cajun && nd < 1) || (settled && nd != nshared) ||
        !replica_deck(r, mine, hole, shared, nd, nshared, &d))
        return false;
    /* what the player's seat starts with: the credits now, without this round's result if it
     * is in already, with this round's stakes (they are placed again) */
    int64_t base = g->credits - (j->result_round == j->round ? j->result_total : 0);
    int64_t credits[2] = {base + j->staked, (int64_t)1e12};
    char err[128];
    round_t *rd = &g->round;
    jackpot_pool_t *pool = NULL;
    if (r->offered[WAGER_JACKPOT] || r->offered[WAGER_PROGRESSIVE]) {
        /* the felt's own: the table's prize is the controller's, shown from the table */
        jackpot_init(&j->scratch, 0);
        pool = &j->scratch;
    }
    if (!round_init(rd, r, &d, 2, credits, NULL, pool, err, sizeof err)) return false;
    bool ok = true;
    for (int w = 0; ok && w < WAGER_COUNT; w++)
        if (j->bets[w] > 0) ok = apply(rd, round_bet(0, (wager_t)w, j->bets[w]), false);
    ok = ok && apply(rd, round_bet(1, WAGER_ANTE, r->bet_min[WAGER_ANTE]), false);
    if (!ok || !apply(rd, round_simple(ACT_DEAL, -1), show == SHOW_DEAL)) return false;
    /* the steps the table closed: the player's decision, then the keeper's, which shows the
     * step's community card (Cajun) or the dealer's hand */
    int done = cajun ? (j->view.step < steps ? j->view.step : steps) : settled ? 1 : 0;
    for (int t = 0; ok && t < steps && rd->phase == ROUND_DECIDING; t++) {
        const mdec_t *mine_t = &j->dec[t];
        if (t >= done) { /* the step in play: the player's decision, if made */
            if (mine_t->act) ok = my_decision(rd, mine_t, cajun, show == SHOW_DECISION);
            break;
        }
        bool last_shown = (show == SHOW_STEP || show == SHOW_SETTLE) && t == done - 1;
        if (!cajun && (mine_t->act == 'a' || !mine_t->act)) {
            /* the table folded the hand: both seats' time ran out */
            ok = apply(rd, round_simple(ACT_TIMEOUT, -1), last_shown);
            break;
        }
        mdec_t folded = {.act = 'a'};
        ok = my_decision(rd, mine_t->act ? mine_t : &folded, cajun, false);
        if (ok && round_seat_can_decide(rd, 1))
            ok = apply(rd, t == steps - 1 || !cajun ? round_simple(ACT_FOLD, 1) : round_raise(1, 1),
                       last_shown);
    }
    if (!ok || (settled && rd->phase != ROUND_SETTLED)) return false;
    keep_player_events(rd);
    return true;
}

/* ---- the table's answers and results into the store ---- */

static void write_answers(machine_t *m, machine_events_t *e) {
    struct mjoined *j = m->jt;
    mt_answer_t a[MT_ITEMS];
    int n = mtable_answers(j->thread, a);
    for (int i = 0; i < n; i++) {
        store_status_t st =
            store_table_answered(m->game.store, a[i].transfer, a[i].accepted, a[i].reason);
        if (st == STORE_FAULT) {
            game_link_fault(&m->game, "The table's answer could not be recorded");
            return;
        }
        if (st == STORE_OK && !a[i].accepted) {
            bool ours = a[i].transfer == j->sent; /* this round's bets: they leave the felt */
            sync_credits(m, ours);
            char b[40];
            say_line(m, _("Not accepted: %s. Your stake is back on your credits."),
                     mt_reason_words(a[i].reason));
            emit_ev(e, MEV_REFUSED, j->line);
            if (ours) {
                j->sent = 0, j->staked = 0;
                game_new_round(&m->game);
                emit_ev(e, MEV_NEW_ROUND, NULL);
            }
            (void)b;
        }
    }
    if (n > 0) {
        mtable_answers_taken(j->thread);
        j->items_dirty = true;
    }
}

/* A result as the terminal records it, whole, for its recall (with the table's game: a history
 * of several tables lays each round out as it was dealt). */
static void table_record(const char *tab, rules_variant_t variant, const lt_result_t *r,
                         store_table_result_t *out) {
    memset(out, 0, sizeof *out);
    snprintf(out->tab, sizeof out->tab, "%s", tab);
    snprintf(out->variant, sizeof out->variant, "%s", rules_variant_key(variant));
    out->round = r->round, out->staked = r->staked, out->total = r->total;
    snprintf(out->kind, sizeof out->kind, "%s", r->kind);
    for (int w = 0; w < WAGER_COUNT; w++) {
        out->stakes[w] = w < r->nstakes ? r->stakes[w] : 0;
        out->returned[w] = w < r->nreturned ? r->returned[w] : 0;
    }
    char err[64];
    out->ncards = r->cards[0] ? card_parse_list(r->cards, out->cards, 5, err, sizeof err) : 0;
    const char *shared = r->dealer[0] ? r->dealer : r->board;
    out->nshared = shared[0] ? card_parse_list(shared, out->shared, 5, err, sizeof err) : 0;
    if (out->ncards < 0) out->ncards = 0;
    if (out->nshared < 0) out->nshared = 0;
    snprintf(out->decisions, sizeof out->decisions, "%s", r->decisions);
    snprintf(out->verdict, sizeof out->verdict, "%s", r->verdict);
}

/* The felt's money is the table's result. The replica settles the player's hand as the engine
 * does for one player; where the table paid otherwise (a linked jackpot's share, Cajun's
 * aggregate limit over every player) the result's wagers replace the replica's before the felt
 * shows them, and the table's verdict is told, so that what the screen says matches the money. */
static void felt_takes_result(machine_t *m, machine_events_t *e) {
    struct mjoined *j = m->jt;
    if (strcmp(j->result_kind, "settled") != 0) return;
    round_seat_t *s = &m->game.round.seat[0];
    int64_t felt = 0;
    for (int w = 0; w < WAGER_COUNT; w++) felt += s->returned[w];
    if (felt == j->result_total) {
        if (j->away) { /* played in the player's absence: told as well */
            j->sticky = true;
            say_verdict(m, j->result_round, j->result_kind, j->result_verdict, j->result_staked,
                        j->result_total, j->result_returned[WAGER_JACKPOT]);
            emit_ev(e, MEV_REFUSED, j->line);
        }
        return;
    }
    for (int w = 0; w < WAGER_COUNT; w++) {
        s->returned[w] = j->result_returned[w];
        if (!s->stake[w] && !s->returned[w]) continue;
        bool prize = w == WAGER_JACKPOT || w == WAGER_PROGRESSIVE; /* its stake is never back */
        s->outcome[w] = s->returned[w] > (prize ? 0 : s->stake[w]) ? OUTCOME_WIN
                        : s->returned[w] == s->stake[w]            ? OUTCOME_PUSH
                                                                   : OUTCOME_LOSE;
    }
    s->credits += j->result_total - felt;
    j->sticky = true;
    say_verdict(m, j->result_round, j->result_kind, j->result_verdict, j->result_staked,
                j->result_total, j->result_returned[WAGER_JACKPOT]);
    emit_ev(e, MEV_REFUSED, j->line);
}

static void collect_results(machine_t *m, machine_events_t *e) {
    struct mjoined *j = m->jt;
    game_t *g = &m->game;
    lt_result_t r[MT_RESULTS];
    int n = mtable_results(j->thread, r);
    for (int i = 0; i < n; i++) {
        store_table_result_t rec;
        table_record(m->cfg.table.join, g->rules.variant, &r[i], &rec);
        store_status_t st = store_table_collected(g->store, &rec, g->rules.handpay_threshold);
        if (st == STORE_FAULT) {
            game_link_fault(g, "The table's result could not be recorded");
            return;
        }
        if (st != STORE_OK) continue; /* collected already */
        j->collected++;
        j->result_round = r[i].round, j->result_total = r[i].total, j->result_staked = r[i].staked;
        snprintf(j->result_kind, sizeof j->result_kind, "%s", r[i].kind);
        snprintf(j->result_verdict, sizeof j->result_verdict, "%s", r[i].verdict);
        for (int w = 0; w < WAGER_COUNT; w++)
            j->result_returned[w] = w < r[i].nreturned ? r[i].returned[w] : 0;
        sync_credits(m, false);
        if (store_state(g->store) == STORE_LOCKED) game_locks_changed(g);
        /* a result the felt does not show (a round played while away, voided, cancelled) is
         * told in the message line until the next bet */
        if (strcmp(r[i].kind, "settled") != 0 || r[i].round != j->round || !j->dealt) {
            j->sticky = true;
            say_verdict(m, r[i].round, r[i].kind, r[i].verdict, r[i].staked, r[i].total,
                        WAGER_JACKPOT < r[i].nreturned ? r[i].returned[WAGER_JACKPOT] : 0);
            emit_ev(e, MEV_REFUSED, j->line);
        }
    }
}

/* Hands the thread the transfers the table has not answered, and asks for the results due. */
static void feed_thread(machine_t *m) {
    struct mjoined *j = m->jt;
    if (j->items_dirty) {
        store_table_out_t items[MT_ITEMS];
        int n = store_table_unanswered(m->game.store, m->cfg.table.join, items, MT_ITEMS);
        if (n < 0) {
            game_link_fault(&m->game, "The table's transfers could not be read");
            return;
        }
        if (mtable_offer(j->thread, items, n)) j->items_dirty = false;
    }
    int64_t last = store_table_last_round(m->game.store, m->cfg.table.join);
    if (last >= 0) mtable_want_results(j->thread, last);
}

/* ---- the table's view onto the felt ---- */

/* A result collected before a restart: the felt's round takes it from the terminal's records. */
static void result_from_store(machine_t *m) {
    struct mjoined *j = m->jt;
    store_table_result_t r;
    if (j->result_round == j->round ||
        store_table_results(m->game.store, m->cfg.table.join, 0, 1, &r) != 1 || r.round != j->round)
        return;
    j->result_round = r.round, j->result_total = r.total, j->result_staked = r.staked;
    snprintf(j->result_kind, sizeof j->result_kind, "%s", r.kind);
    snprintf(j->result_verdict, sizeof j->result_verdict, "%s", r.verdict);
    memcpy(j->result_returned, r.returned, sizeof j->result_returned);
}

static void new_felt(machine_t *m, machine_events_t *e) {
    struct mjoined *j = m->jt;
    game_t *g = &m->game;
    if (j->sent) memcpy(g->last_stakes, j->bets, sizeof g->last_stakes);
    sync_credits(m, true);
    game_new_round(g);
    j->round = j->view.round;
    result_from_store(m);
    j->sent = 0, j->staked = 0, j->dealt = false, j->settled = false, j->shown_step = 0;
    memset(j->dec, 0, sizeof j->dec);
    memset(j->bets, 0, sizeof j->bets);
    /* started again in a round it had bet in (killed, cut off): its bets are in its records, and
     * the round is its own again (no second set; the raises worked out from them) */
    store_table_out_t had;
    bool bet_here = store_table_round_bets(g->store, m->cfg.table.join, j->round, &had) == 1;
    j->away = bet_here &&
              (strcmp(j->view.phase, "settled") == 0 || strcmp(j->view.phase, "cancelled") == 0);
    if (bet_here) {
        j->sent = had.transfer;
        memcpy(j->bets, had.stakes, sizeof j->bets);
        j->staked = had.total;
    }
    j->watching = !bet_here && strcmp(j->view.phase, "betting") != 0;
    if (!j->sticky) j->line[0] = '\0';
    if (j->watching && !j->sticky)
        say_line(m, _("Bets are closed for this round: the next one opens soon."));
    else if (bet_here && !j->sticky)
        say_line(m, _("Your bets are placed for this round: waiting for the deal."));
    emit_ev(e, MEV_NEW_ROUND, NULL);
}

/* Every step: what the table shows now onto the felt, each change once. A new round waits for
 * the screen to finish showing the last one. */
static void take_view(machine_t *m, bool view_busy, machine_events_t *e) {
    struct mjoined *j = m->jt;
    const lt_view_t *v = &j->view;
    if (v->round == 0) return;
    if (v->round != j->round) {
        if (view_busy && j->dealt) return;
        new_felt(m, e);
    }
    if (j->watching) return;
    bool has_hand = v->my_cards[0] != '\0';
    bool deciding = strcmp(v->phase, "deciding") == 0, settled = strcmp(v->phase, "settled") == 0;
    take_decisions(j);
    if (has_hand && !j->dealt && (deciding || settled)) {
        /* a restart after the bets went: the table's record has them, and any raise */
        if (!j->sent || v->my_staked > j->staked) j->staked = v->my_staked;
        j->shown_step = 0;
        if (build_replica(m, SHOW_DEAL)) {
            j->dealt = true;
            if (!j->sticky) j->line[0] = '\0'; /* "Bets placed" is over: the cards say it */
            emit_ev(e, MEV_ROUND, NULL);
        } else {
            say_line(m, _("The table's cards cannot be shown on this terminal."));
        }
        return; /* what came after the deal is shown once the deal is seen */
    }
    int steps = m->game.rules.variant == VARIANT_CAJUN ? 3 : 1;
    if (j->dealt && deciding && v->step > j->shown_step && v->step < steps && !view_busy) {
        /* Cajun: the table closed a step and turned its community card (the last one turns
         * with the settlement, below: the reveal waits for the player's result) */
        if (build_replica(m, SHOW_STEP)) emit_ev(e, MEV_ROUND, NULL);
        j->shown_step = v->step;
    }
    /* the reveal waits for the player's result: the felt shows the money the table paid */
    if (j->dealt && !j->settled && settled && !view_busy && j->result_round == j->round) {
        if (build_replica(m, SHOW_SETTLE)) {
            j->settled = true;
            if (!j->sticky) j->line[0] = '\0'; /* the verdict says it */
            felt_takes_result(m, e);
            emit_ev(e, MEV_ROUND, NULL);
        }
    }
    if (strcmp(v->phase, "cancelled") == 0 && !j->settled) {
        j->settled = true;
        say_line(m, _("This round was cancelled by the table: every bet is returned."));
    }
}

/* ---- the player's buttons ---- */

static void send_bets(machine_t *m, machine_events_t *e) {
    struct mjoined *j = m->jt;
    game_t *g = &m->game;
    if (!machine_table_may_bet(m)) return;
    const round_seat_t *s = &g->round.seat[0];
    if (s->stake[WAGER_ANTE] <= 0) return;
    machine_deal_check_t c = machine_deal_check(m);
    if (c.status != MACHINE_DEAL_OK) {
        char words[200];
        emit_ev(e, MEV_REFUSED, machine_deal_words(m, &c, words, sizeof words));
        return;
    }
    int64_t transfer = 0;
    store_status_t st =
        store_table_send(g->store, m->cfg.table.join, j->round, -1, 0, s->stake, &transfer);
    if (st != STORE_OK) {
        if (st == STORE_FAULT) game_link_fault(g, "A bet at the table could not be recorded");
        emit_ev(e, MEV_REFUSED, store_message(g->store));
        return;
    }
    j->sent = transfer;
    memcpy(j->bets, s->stake, sizeof j->bets);
    j->staked = round_seat_staked(&g->round, 0);
    g->npending = 0; /* the chips are the table's now, not the felt's */
    sync_credits(m, true);
    j->items_dirty = true;
    j->sticky = false;
    say_line(m, _("Bets placed: waiting for the deal."));
}

static void decide(machine_t *m, cfg_button_t b, machine_events_t *e) {
    struct mjoined *j = m->jt;
    game_t *g = &m->game;
    round_t *rd = &g->round;
    int step = current_step(j);
    bool cajun = g->rules.variant == VARIANT_CAJUN;
    if (!j->dealt || j->dec[step].act || strcmp(j->view.phase, "deciding") != 0 ||
        j->shown_step != j->view.step || !round_seat_can_decide(rd, 0))
        return;
    int multiple = b == CFG_BUTTON_FOLD     ? 0
                   : b == CFG_BUTTON_RAISE2 ? 2
                   : b == CFG_BUTTON_RAISE3 ? 3
                                            : 1;
    if (!cajun && multiple > 1) return; /* RAISE 2x and 3x are Cajun Stud's */
    round_action_t a = multiple == 0 ? round_simple(ACT_FOLD, 0)
                       : cajun       ? round_raise(0, multiple)
                                     : round_simple(ACT_PLAY, 0);
    if (multiple > 0) {
        /* the raise the engine takes, tried on a copy */
        g->trial = *rd;
        int64_t before = round_seat_staked(&g->trial, 0);
        if (round_apply(&g->trial, &a).refusal != REFUSE_NONE) return;
        int64_t raise = round_seat_staked(&g->trial, 0) - before;
        int64_t stakes[WAGER_COUNT] = {0};
        stakes[cajun ? WAGER_RAISE_1 + step : WAGER_PLAY] = raise;
        int64_t transfer = 0;
        store_status_t st = store_table_send(g->store, m->cfg.table.join, j->round, step, multiple,
                                             stakes, &transfer);
        if (st != STORE_OK) {
            if (st == STORE_FAULT) game_link_fault(g, "A raise at the table could not be recorded");
            emit_ev(e, MEV_REFUSED, store_message(g->store));
            return;
        }
        j->staked += raise;
        sync_credits(m, true);
        j->items_dirty = true;
    } else {
        mtable_fold(j->thread, j->round, step);
    }
    j->dec[step] = (mdec_t){.act = multiple ? 'p' : 'f', .multiple = multiple};
    if (e->n < MACHINE_MAX_EVENTS) {
        machine_event_t *ev = &e->ev[e->n++];
        memset(ev, 0, sizeof *ev);
        ev->type = MEV_DECIDED;
        ev->value = multiple;
        ev->button = CFG_BUTTONS;
    }
    if (apply(rd, a, true)) {
        keep_player_events(rd);
        emit_ev(e, MEV_ROUND, NULL);
    }
    say_line(m, "%s", _("Waiting for the other players and the dealer."));
}

static void bet_button(machine_t *m, cfg_button_t b, const machine_input_t *in,
                       machine_events_t *e) {
    game_t *g = &m->game;
    if (!machine_table_may_bet(m)) {
        emit_ev(e, MEV_REFUSED,
                m->jt->leaving ? _("You are leaving this table: it takes no more bets.")
                : m->jt->sent  ? _("Your bets are placed for this round.")
                               : _("Bets are closed: the next round opens soon."));
        return;
    }
    round_action_t a;
    switch (b) {
    case CFG_BUTTON_BET:
        if (in->bet_wager != WAGER_ANTE && !wager_is_side(in->bet_wager)) return;
        a = round_bet(0, in->bet_wager, in->bet_amount);
        break;
    case CFG_BUTTON_REPEAT:
        a = round_simple(round_seat_staked(&g->round, 0) ? ACT_DOUBLE : ACT_REPEAT, 0);
        break;
    case CFG_BUTTON_DOUBLE:
        a = round_simple(ACT_DOUBLE, 0);
        break;
    case CFG_BUTTON_UNDO:
        a = round_simple(ACT_UNDO, 0);
        break;
    default:
        a = round_simple(ACT_CLEAR, 0);
        break;
    }
    round_status_t st = game_act(g, a);
    char text[sizeof st.message * 2];
    if (st.refusal)
        emit_ev(e, MEV_REFUSED, lang_refusal(&st, g->rules.currency, text, sizeof text));
    else
        emit_ev(e, MEV_ROUND, NULL);
}

static void buttons(machine_t *m, const machine_input_t *in, machine_events_t *e) {
    for (int b = 0; b < CFG_BUTTONS; b++) {
        if (!machine_pressed(in, (cfg_button_t)b)) continue;
        switch ((cfg_button_t)b) {
        case CFG_BUTTON_BET:
        case CFG_BUTTON_REPEAT:
        case CFG_BUTTON_DOUBLE:
        case CFG_BUTTON_UNDO:
        case CFG_BUTTON_CLEAR:
            bet_button(m, (cfg_button_t)b, in, e);
            break;
        case CFG_BUTTON_DEAL:
            if (strcmp(m->jt->view.phase, "deciding") == 0)
                decide(m, CFG_BUTTON_PLAY, e);
            else
                send_bets(m, e);
            break;
        case CFG_BUTTON_PLAY:
        case CFG_BUTTON_RAISE1:
        case CFG_BUTTON_RAISE2:
        case CFG_BUTTON_RAISE3:
        case CFG_BUTTON_FOLD:
            if (!in->view_busy) decide(m, (cfg_button_t)b, e);
            break;
        default:
            break;
        }
    }
}

int64_t machine_table_left_ms(const machine_t *m, bool *deciding) {
    const struct mjoined *j = m->jt;
    int64_t since = (int64_t)m->now_ms - j->view_at_ms, left = -1;
    *deciding = false;
    if (strcmp(j->view.phase, "betting") == 0 && j->round == j->view.round) {
        left = j->view.betting_left_ms - since;
    } else if (strcmp(j->view.phase, "deciding") == 0 && j->dealt && !j->dec[current_step(j)].act) {
        left = j->view.deciding_left_ms - since;
        *deciding = true;
    }
    return left < 0 ? (*deciding = false, -1) : left;
}

/* Chips left on the felt go to the table just before its betting time runs out. */
static void timers(machine_t *m, machine_events_t *e) {
    struct mjoined *j = m->jt;
    bool deciding;
    int64_t left = machine_table_left_ms(m, &deciding);
    if (!deciding && left >= 0 && left < 1500 && !j->sent && machine_table_may_bet(m) &&
        m->game.round.seat[0].stake[WAGER_ANTE] >= m->game.rules.bet_min[WAGER_ANTE])
        send_bets(m, e);
}

void machine_table_step(machine_t *m, const machine_input_t *in, uint32_t dt_ms,
                        machine_events_t *e) {
    struct mjoined *j = m->jt;
    m->now_ms += dt_ms;
    if (!j->thread || m->game.state == GAME_FAULT) return;
    write_answers(m, e);
    collect_results(m, e);
    feed_thread(m);
    if (mtable_view(j->thread, &j->view, &j->view_seq)) j->view_at_ms = (int64_t)m->now_ms;
    take_view(m, in->view_busy, e);
    if (m->game.state == GAME_PLAY) buttons(m, in, e);
    timers(m, e);
}

#else

int64_t machine_table_left_ms(const machine_t *m, bool *deciding) {
    (void)m;
    *deciding = false;
    return -1;
}
bool machine_table_take(machine_t *m, const char *game, const char *title, bool linked, char *err,
                        size_t errlen) {
    (void)m, (void)game, (void)title, (void)linked;
    snprintf(err, errlen,
             "this studpoker was built without libpq (libpq-dev): it cannot join a "
             "table");
    return false;
}
bool machine_table_join(machine_t *m, char *err, size_t errlen) {
    (void)m;
    snprintf(err, errlen,
             "this studpoker was built without libpq (libpq-dev): it cannot join a "
             "table");
    return false;
}
bool machine_table_start(machine_t *m, char *err, size_t errlen) {
    (void)m, (void)err, (void)errlen;
    return true;
}
void machine_table_close(machine_t *m) {
    (void)m;
}
const char *machine_table_waiting(const machine_t *m) {
    (void)m;
    return "";
}
bool machine_table_status(const machine_t *m, mtable_status_t *out) {
    (void)m;
    memset(out, 0, sizeof *out);
    return false;
}
bool machine_table_may_bet(const machine_t *m) {
    (void)m;
    return false;
}
void machine_table_step(machine_t *m, const machine_input_t *in, uint32_t dt_ms,
                        machine_events_t *e) {
    (void)m, (void)in, (void)dt_ms, (void)e;
}

#endif
