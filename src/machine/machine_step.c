/* One step of the machine: the input a front gives, the events it shows. See machine.h. */
#include <stdio.h>
#include <string.h>

#include "advice.h"
#include "lang.h"
#include "machine.h"
#include "machine_link.h"
#include "machine_table.h"
#include "strategy.h"

machine_state_t machine_state(const machine_t *m) {
    const game_t *g = &m->game;
    if (g->state == GAME_FAULT) return MACHINE_FAULT;
    if (g->state == GAME_LOCKED) return MACHINE_HANDPAY;
    if (g->door_open) return MACHINE_DOOR;
    if (m->operator_open) return MACHINE_OPERATOR;
    if (m->attracting) return MACHINE_ATTRACT;
    return MACHINE_PLAY;
}

static machine_event_t *emit(machine_events_t *e, machine_event_type_t type) {
    if (e->n == MACHINE_MAX_EVENTS) return NULL; /* the step's events are a few at most */
    machine_event_t *ev = &e->ev[e->n++];
    memset(ev, 0, sizeof *ev);
    ev->type = type;
    return ev;
}

static void refuse(machine_events_t *e, const char *why) {
    machine_event_t *ev = emit(e, MEV_REFUSED);
    if (ev) snprintf(ev->text, sizeof ev->text, "%s", why);
    if (ev) ev->button = CFG_BUTTONS; /* round_button names its own */
}

/* A refused deal says why in the player's words, made from the deal check's amounts (the
 * round's own message is for the record): the refusals emitted since `first`. */
static void deal_refused_words(const machine_t *m, const machine_deal_check_t *c,
                               machine_events_t *e, int first) {
    char words[200];
    if (!machine_deal_words(m, c, words, sizeof words)[0]) return;
    for (int i = first; i < e->n; i++)
        if (e->ev[i].type == MEV_REFUSED)
            snprintf(e->ev[i].text, sizeof e->ev[i].text, "%s", words);
}

/* ---- the round's buttons ---- */

static bool act(machine_t *m, round_action_t a, machine_events_t *e) {
    round_status_t st = game_act(&m->game, a);
    if (st.refusal) {
        char text[sizeof st.message * 2];
        refuse(e, lang_refusal(&st, m->game.rules.currency, text, sizeof text));
        return false;
    }
    emit(e, MEV_ROUND);
    return true;
}

/* The first betting action after a finished round opens a new one. */
static void ensure_betting(machine_t *m, machine_events_t *e) {
    if (!game_round_over(&m->game)) return;
    game_new_round(&m->game);
    emit(e, MEV_NEW_ROUND);
}

/* Responsible gaming: a bet while betting is stopped (a limit reached, a break) is refused, and
 * so is one that would make the round able to lose more than the loss limit leaves (stake: the
 * bets on the felt as they would be). True when refused. */
static bool rg_refused(machine_t *m, const int64_t *stake, machine_events_t *e) {
    char words[400];
    if (machine_rg_stopped(m, NULL) != MRG_PLAYING) {
        refuse(e, machine_rg_stop_words(m, words, sizeof words));
        return true;
    }
    int64_t left = machine_rg_left(m), risk = stake ? machine_rg_round_risk(m, stake) : 0;
    if (left < 0 || risk <= left) return false;
    refuse(e, machine_rg_loss_words(m, risk, words, sizeof words));
    return true;
}

static void bet(machine_t *m, wager_t w, int64_t amount, machine_events_t *e) {
    if (w < 0 || w >= WAGER_COUNT || !(w == WAGER_ANTE || wager_is_side(w))) {
        refuse(e, _("This spot takes its bet when you decide."));
        return;
    }
    int64_t stake[WAGER_COUNT];
    machine_felt_after(m, CFG_BUTTON_BET, stake);
    stake[w] += amount;
    if (rg_refused(m, stake, e)) return;
    if (w == WAGER_JACKPOT || w == WAGER_PROGRESSIVE) {
        const char *closed = machine_link_refusal(m, true); /* the linked bet, link down */
        if (closed[0]) {
            refuse(e, closed);
            return;
        }
    }
    ensure_betting(m, e);
    if (m->game.round.phase == ROUND_BETTING) act(m, round_bet(0, w, amount), e);
}

static void deal(machine_t *m, machine_events_t *e) {
    machine_deal_check_t first_check = machine_deal_check(m);
    if (first_check.status == MACHINE_DEAL_STOPPED ||
        first_check.status == MACHINE_DEAL_LOSS_LIMIT) {
        char words[400];
        refuse(e, machine_deal_words(m, &first_check, words, sizeof words));
        return;
    }
    if (game_round_over(&m->game)) {
        /* DEAL after a round: the same bets again */
        machine_deal_check_t rebet = first_check;
        ensure_betting(m, e);
        int first = e->n;
        if (!act(m, round_simple(ACT_REPEAT, 0), e)) {
            deal_refused_words(m, &rebet, e, first);
            return;
        }
    }
    if (m->game.round.phase != ROUND_BETTING) return;
    const char *closed = machine_link_refusal(m, false);
    if (closed[0]) {
        refuse(e, closed);
        return;
    }
    int first = e->n;
    if (!act(m, round_simple(ACT_DEAL, 0), e)) {
        machine_deal_check_t now = machine_deal_check(m);
        deal_refused_words(m, &now, e, first);
    }
}

static void decide(machine_t *m, cfg_button_t b, bool view_busy, machine_events_t *e) {
    const round_t *r = &m->game.round;
    if (r->phase != ROUND_DECIDING || view_busy || !round_seat_can_decide(r, 0)) return;
    bool cajun = m->game.rules.variant == VARIANT_CAJUN;
    int chose = b == CFG_BUTTON_FOLD     ? 0
                : b == CFG_BUTTON_RAISE2 ? 2
                : b == CFG_BUTTON_RAISE3 ? 3
                                         : 1;
    if (!cajun && chose > 1) return; /* RAISE 2x and 3x are Cajun Stud's */
    machine_event_t *ev = emit(e, MEV_DECIDED);
    if (ev) ev->value = chose;
    if (chose == 0)
        act(m, round_simple(ACT_FOLD, 0), e);
    else if (cajun)
        act(m, round_raise(0, chose), e);
    else
        act(m, round_simple(ACT_PLAY, 0), e);
}

static void round_button(machine_t *m, cfg_button_t b, const machine_input_t *in,
                         machine_events_t *e) {
    const round_t *r = &m->game.round;
    switch (b) {
    case CFG_BUTTON_BET:
        bet(m, in->bet_wager, in->bet_amount, e);
        break;
    case CFG_BUTTON_REPEAT:
    case CFG_BUTTON_DOUBLE: {
        if (r->phase != ROUND_BETTING && !game_round_over(&m->game)) break;
        int64_t stake[WAGER_COUNT];
        machine_felt_after(m, b, stake);
        if (rg_refused(m, stake, e)) return;
        if (b == CFG_BUTTON_DOUBLE) {
            if (r->phase == ROUND_BETTING) act(m, round_simple(ACT_DOUBLE, 0), e);
            break;
        }
        /* seed 001: SPACE repeats the last bets, and a second SPACE doubles them */
        ensure_betting(m, e);
        if (r->phase == ROUND_BETTING)
            act(m, round_simple(round_seat_staked(r, 0) ? ACT_DOUBLE : ACT_REPEAT, 0), e);
        break;
    }
    case CFG_BUTTON_UNDO:
        if (r->phase == ROUND_BETTING) act(m, round_simple(ACT_UNDO, 0), e);
        break;
    case CFG_BUTTON_CLEAR:
        if (r->phase == ROUND_BETTING) act(m, round_simple(ACT_CLEAR, 0), e);
        break;
    case CFG_BUTTON_DEAL:
        if (r->phase == ROUND_DECIDING)
            decide(m, CFG_BUTTON_PLAY, in->view_busy, e);
        else if (!in->view_busy)
            deal(m, e);
        break;
    case CFG_BUTTON_PLAY:
    case CFG_BUTTON_FOLD:
    case CFG_BUTTON_RAISE1:
    case CFG_BUTTON_RAISE2:
    case CFG_BUTTON_RAISE3:
        decide(m, b, in->view_busy, e);
        break;
    default:
        break;
    }
}

/* ---- the cabinet's buttons ---- */

/* While betting is stopped (a limit reached, a break) the acceptor returns money: it could not
 * be played. */
static bool rg_money_refused(machine_t *m, const char *why, machine_events_t *e) {
    if (machine_rg_stopped(m, NULL) == MRG_PLAYING) return false;
    refuse(e, _(why));
    return true;
}

static void credit_in(machine_t *m, store_credit_in_t kind, int64_t amount, machine_events_t *e) {
    char why[STORE_MSG_LEN + 300], b[40], detail[80];
    if (rg_money_refused(m,
                         kind == STORE_IN_COIN ? N_("Coin returned: betting is stopped.")
                                               : N_("Note returned: betting is stopped."),
                         e))
        return;
    snprintf(detail, sizeof detail, "%s %s", kind == STORE_IN_COIN ? "coin" : "note",
             game_money_en(&m->game, amount, b));
    if (!game_credit_in(&m->game, kind, amount, detail, why, sizeof why)) {
        refuse(e, why); /* the acceptor returns it */
        return;
    }
    machine_event_t *ev = emit(e, MEV_CREDIT_IN);
    if (ev) ev->amount = amount, ev->value = kind;
}

static void bill(machine_t *m, int64_t note, machine_events_t *e) {
    const cfg_t *c = &m->cfg;
    if (note == 0 && c->cabinet.bill_values.count) note = c->cabinet.bill_values.value[0];
    bool taken = false;
    for (int i = 0; i < c->cabinet.bill_values.count; i++)
        taken |= c->cabinet.bill_values.value[i] == note;
    if (taken)
        credit_in(m, STORE_IN_BILL, note, e);
    else
        refuse(e, _("Note refused: this machine does not take it."));
}

static void cash_out(machine_t *m, machine_events_t *e) {
    game_voucher_t v;
    char why[STORE_MSG_LEN + 300];
    machine_rg_answer(m, true); /* a reality check waiting: CASH OUT answers it */
    if (!game_cashout(&m->game, &v, why, sizeof why)) {
        refuse(e, why);
        return;
    }
    machine_event_t *ev = emit(e, MEV_TICKET);
    if (ev) ev->voucher = v, ev->amount = v.amount;
    /* the next player of a cabinet finds the operator's language (a desktop's is the player's),
     * once the ticket is printed: the ticket and the messages about it are still in the
     * language of the one leaving (machine_ticket_printed) */
    if (!m->player.on) m->player.language_after_ticket = v.sequence;
    m->link_dirty = true; /* a linked machine registers it at the floor */
}

static void ticket_in(machine_t *m, const char *text, machine_events_t *e) {
    /* before the floor is asked: a linked machine's ticket stays unpaid at the controller */
    if (rg_money_refused(m, N_("Ticket returned: betting is stopped."), e)) {
        if (m->game.store) {
            char detail[96];
            snprintf(detail, sizeof detail, "validation %.31s: betting is stopped", text);
            store_audit(m->game.store, STORE_AUDIT_VOUCHER_REFUSED, detail);
        }
        return;
    }
    if (machine_floor_tickets(m)) {
        /* on a link every ticket is checked with the floor's controller first */
        machine_ticket_in_floor(m, text, e);
        return;
    }
    game_voucher_t v;
    char why[STORE_MSG_LEN + 300];
    int64_t expiry = (int64_t)m->cfg.cabinet.ticket_expiry_days * 86400;
    if (!game_ticket_in(&m->game, text, expiry, &v, why, sizeof why)) {
        refuse(e, why); /* the acceptor returns it */
        return;
    }
    machine_event_t *ev = emit(e, MEV_TICKET_IN);
    if (ev) ev->voucher = v, ev->amount = v.amount;
}

/* The door, credits in and out, the operator menu and the attendant's key. */
static void cabinet(machine_t *m, const machine_input_t *in, machine_events_t *e) {
    game_t *g = &m->game;
    if (machine_pressed(in, CFG_BUTTON_DOOR)) {
        if (game_door(g, !g->door_open)) {
            machine_event_t *ev = emit(e, MEV_DOOR);
            if (ev) ev->value = g->door_open;
        } else {
            refuse(e, _("The door could not be recorded."));
        }
    }
    if (machine_pressed(in, CFG_BUTTON_COIN))
        credit_in(m, STORE_IN_COIN, m->cfg.cabinet.coin_value, e);
    if (machine_pressed(in, CFG_BUTTON_BILL)) bill(m, in->bill, e);
    if (in->ticket[0]) ticket_in(m, in->ticket, e);
    if (machine_pressed(in, CFG_BUTTON_CASHOUT)) cash_out(m, e);
    /* the attendant's key clears a hand pay or a fault; on a machine at play it opens the menu,
     * as the service button does */
    bool attendant = machine_pressed(in, CFG_BUTTON_ATTENDANT);
    if (attendant && g->state != GAME_PLAY) {
        if (machine_attendant(m)) emit(e, MEV_CLEARED);
        attendant = false;
    }
    if (machine_pressed(in, CFG_BUTTON_SERVICE) || attendant) {
        if (game_dealt(g)) {
            refuse(e, _("The operator menu opens between games."));
        } else {
            m->operator_open = true;
            emit(e, MEV_OPERATOR);
        }
    }
}

static void timers(machine_t *m, uint32_t dt_ms, bool view_busy, machine_events_t *e) {
    machine_tick_result_t t = machine_tick(m, dt_ms, view_busy);
    if (t == MACHINE_TICK_NOTHING) return;
    emit(e, t == MACHINE_TICK_DEALT ? MEV_TIMER_DEALT : MEV_AUTO_FOLDED);
    emit(e, MEV_ROUND);
}

void machine_step(machine_t *m, const machine_input_t *in, uint32_t dt_ms, machine_events_t *e) {
    if (m->player.language_ends) {
        m->player.language_ends = false;
        machine_language_reset(m);
    }
    e->n = 0;
    machine_rg_begin(m);     /* before this step's credits: they open the session */
    m->wall_ms += dt_ms;     /* the sessions' clock runs whatever the machine does */
    machine_link_step(m, e); /* the linked pool's outbox moves whatever the screen shows */
    if (in->real) machine_input_seen(m);
    if (m->operator_open && in->ticket[0] && m->game.store) {
        /* the acceptor is off while the operator menu is open: the ticket comes back */
        char detail[96];
        snprintf(detail, sizeof detail, "validation %.31s: the operator menu is open", in->ticket);
        store_audit(m->game.store, STORE_AUDIT_VOUCHER_REFUSED, detail);
    }
    if (m->operator_open || m->attracting) {
        /* the clock runs (the keypad's lock expires); nothing plays, and no timer runs: the
         * betting time starts again when play does */
        m->now_ms += dt_ms;
        m->bet_timer_at = m->decide_timer_at = 0;
        return;
    }
    cabinet(m, in, e);
    if (m->operator_open) return;
    if (m->jt) {
        /* a terminal: the table deals and keeps the time */
        machine_table_step(m, in, dt_ms, e);
        return;
    }
    /* the player's buttons before the timers: a chip starts the betting time at this step's
     * instant, and a decision made in the step its time runs out stands */
    if (machine_rg_check_waiting(m)) {
        /* a reality check waits: DEAL is its CONTINUE (CASH OUT answered it above), and nothing
         * else of the round is taken meanwhile */
        if (machine_pressed(in, CFG_BUTTON_DEAL)) machine_rg_answer(m, false);
    } else if (m->game.state == GAME_PLAY) {
        for (int b = 0; b < CFG_BUTTONS; b++)
            if (machine_pressed(in, (cfg_button_t)b)) {
                int first = e->n;
                round_button(m, (cfg_button_t)b, in, e);
                for (int i = first; i < e->n; i++)
                    if (e->ev[i].type == MEV_REFUSED) e->ev[i].button = (cfg_button_t)b;
            }
    }
    timers(m, dt_ms, in->view_busy, e);
    machine_rg_step(m, e);
}

void machine_operator_done(machine_t *m) {
    m->operator_open = false;
    machine_operator_closed(m);
}

void machine_operator_left(machine_t *m) {
    m->operator_open = false;
}

/* ---- autoplay ---- */

const int64_t MACHINE_CHIP_VALUES[MACHINE_CHIPS] = {25, 100, 500, 2500, 10000, 50000};

bool machine_autoplay(const machine_t *m, const strategy_t *s, bool view_busy, int64_t rounds,
                      machine_input_t *in) {
    const game_t *g = &m->game;
    const round_t *r = &g->round;
    game_t *gm = (game_t *)g; /* the history count reads the store; it changes nothing */
    mtable_status_t ts;
    if (machine_table_status(m, &ts)) {
        /* a terminal: the table's rounds whose results came back */
        if (ts.collected >= rounds) return true;
    } else if ((g->store ? game_history_count(gm) : g->played) >= rounds) {
        return true;
    }
    if (g->state == GAME_LOCKED) {
        machine_press(in, CFG_BUTTON_ATTENDANT);
        return false;
    }
    /* a reality check: CONTINUE; betting stopped by a limit or a break: nothing more is played */
    if (machine_rg_check_waiting(m)) {
        if (!view_busy) machine_press(in, CFG_BUTTON_DEAL);
        return false;
    }
    if (machine_rg_stopped(m, NULL) != MRG_PLAYING) return true;
    if (g->state != GAME_PLAY || view_busy) return g->state == GAME_FAULT;
    in->view_busy = view_busy;
    if (r->phase == ROUND_DECIDING) {
        if (!round_seat_can_decide(r, 0)) return false;
        /* the optimal decision, the same strategy the hint and the par sheet use */
        int best = s ? advice_decide(s, r, 0) : 1;
        static const cfg_button_t raise[4] = {CFG_BUTTON_FOLD, CFG_BUTTON_RAISE1, CFG_BUTTON_RAISE2,
                                              CFG_BUTTON_RAISE3};
        machine_press(in, g->rules.variant == VARIANT_CAJUN ? raise[best < 0 ? 0 : best & 3]
                          : best > 0                        ? CFG_BUTTON_PLAY
                                                            : CFG_BUTTON_FOLD);
        return false;
    }
    if (r->phase == ROUND_BETTING && r->seat[0].stake[WAGER_ANTE] < g->rules.bet_min[WAGER_ANTE]) {
        /* an empty table (a new machine, or a round a restart brought back before its first
         * bet): last round's bets again, or 1.00 chips on the ante up to the minimum */
        if (g->last_stakes[WAGER_ANTE] > 0 && round_seat_staked(r, 0) == 0) {
            machine_press(in, CFG_BUTTON_REPEAT);
        } else {
            machine_press(in, CFG_BUTTON_BET);
            in->bet_wager = WAGER_ANTE;
            in->bet_amount = MACHINE_CHIP_VALUES[1]; /* 1.00 */
        }
        return false;
    }
    /* a machine on a link plays the linked bet too (floor tests, soak runs), once per new round:
     * REBET & DEAL repeats it after that */
    wager_t lw = g->rules.offered[WAGER_JACKPOT] ? WAGER_JACKPOT : WAGER_PROGRESSIVE;
    if (m->cfg.link.url[0] && r->phase == ROUND_BETTING && g->rules.offered[lw]) {
        /* the link's first attempt to reach the controller decides whether the first round
         * carries the linked bet: autoplay waits for it rather than race it */
        mlink_view_t v;
        if (machine_link_view(m, &v) && !v.tried && m->link) return false;
    }
    if (m->cfg.link.url[0] && r->phase == ROUND_BETTING && g->rules.offered[lw] &&
        r->seat[0].stake[lw] == 0 && r->seat[0].credits >= g->rules.bet_min[lw] &&
        !machine_link_refusal(m, true)[0]) {
        machine_press(in, CFG_BUTTON_BET);
        in->bet_wager = lw;
        in->bet_amount = g->rules.bet_min[lw];
        return false;
    }
    machine_press(in, CFG_BUTTON_DEAL); /* deal, or REBET & DEAL */
    return false;
}
