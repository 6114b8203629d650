/* What DEAL and the other betting buttons would do now, asked before they are pressed, and the
 * player's sentence when DEAL cannot deal. See machine.h. */
#include <stdio.h>
#include <string.h>

#include "lang.h"
#include "machine.h"
#include "machine_table.h"

machine_deal_check_t machine_deal_check(const machine_t *m) {
    const game_t *g = &m->game;
    const round_t *r = &g->round;
    const rules_t *ru = &g->rules;
    machine_deal_check_t c;
    memset(&c, 0, sizeof c);
    c.status = MACHINE_DEAL_NOT_NOW;
    if (machine_state(m) != MACHINE_PLAY) return c;
    if (m->jt && !machine_table_may_bet(m)) return c; /* a table's round: its bets are sent */
    if (machine_rg_check_waiting(m)) return c;        /* the reality check is answered first */
    const int64_t *stake;
    if (game_round_over(g)) {
        /* REBET & DEAL: last round's bets on a new round, from the credits */
        c.rebet = true;
        stake = g->last_stakes;
        c.credits = g->credits;
    } else if (r->phase == ROUND_BETTING && !game_dealt(g)) {
        stake = r->seat[0].stake;
        c.credits = r->seat[0].credits + round_seat_staked(r, 0);
    } else {
        return c;
    }
    /* a terminal at several tables: what the other tables' hands may still raise is theirs */
    c.credits -= m->held_elsewhere;
    for (int w = 0; w < WAGER_COUNT; w++)
        if (w == WAGER_ANTE || wager_is_side((wager_t)w)) c.bets += stake[w];
    /* responsible gaming: betting stopped by a limit or a break, whatever is on the felt */
    c.status = MACHINE_DEAL_STOPPED;
    if (machine_rg_stopped(m, &c.until) != MRG_PLAYING) return c;
    /* a linked machine whose controller does not answer: before anything the player can fix */
    if (machine_link_refusal(m, stake[WAGER_JACKPOT] > 0 || stake[WAGER_PROGRESSIVE] > 0)[0]) {
        c.status = MACHINE_DEAL_LINK_DOWN;
        return c;
    }
    c.status = MACHINE_DEAL_NO_BETS;
    if (c.bets == 0) return c;
    /* the round's deal checks these in this order (round.c) */
    c.status = MACHINE_DEAL_NEED_ANTE;
    if (stake[WAGER_ANTE] == 0) return c;
    for (int w = 0; w < WAGER_COUNT; w++) {
        if (!stake[w] || stake[w] >= ru->bet_min[w]) continue;
        c.status = MACHINE_DEAL_BELOW_MIN;
        c.wager = (wager_t)w;
        c.minimum = ru->bet_min[w];
        c.shortfall = ru->bet_min[w] - stake[w];
        return c;
    }
    c.raise = rules_max_round_stake(ru, stake[WAGER_ANTE], NULL) - stake[WAGER_ANTE];
    /* the session's loss limit before the credits: inserting more would not help */
    c.left = machine_rg_left(m);
    c.status = MACHINE_DEAL_LOSS_LIMIT;
    if (c.left >= 0 && c.bets + c.raise > c.left) return c;
    c.status = MACHINE_DEAL_SHORT;
    c.shortfall = c.bets + c.raise - c.credits;
    if (c.shortfall > 0) return c;
    c.shortfall = 0;
    c.status = MACHINE_DEAL_OK;
    return c;
}

/* The sentence of a DEAL the credits cannot cover: %1$s the shortfall, %2$s what the raise
 * (with the same bets again after a round) needs, whole sentences for the translators. */
static const char *short_words(const machine_t *m, bool with_bets) {
    switch (m->game.rules.variant) {
    case VARIANT_CAJUN:
        return with_bets ? _("Insert %s more or bet less: the same bets and the RAISES need up "
                             "to %s")
                         : _("Insert %s more or lower the ante: the RAISES need up to %s");
    case VARIANT_ASIAN:
        return with_bets ? _("Insert %s more or bet less: the same bets and RAISE need %s")
                         : _("Insert %s more or lower the ante: RAISE needs %s");
    default:
        return with_bets ? _("Insert %s more or bet less: the same bets and PLAY need %s")
                         : _("Insert %s more or lower the ante: PLAY needs %s");
    }
}

const char *machine_deal_words(const machine_t *m, const machine_deal_check_t *c, char *buf,
                               size_t n) {
    char b1[40], b2[40];
    const game_t *g = &m->game;
    if (!n) return buf;
    buf[0] = '\0';
    switch (c->status) {
    case MACHINE_DEAL_SHORT:
        /* betting: the balance on the screen is already net of the bets, so the raise is what
         * it must reach; after a round the same bets come out of it too */
        snprintf(buf, n, short_words(m, c->rebet), game_money(g, c->shortfall, b1),
                 game_money(g, c->rebet ? c->bets + c->raise : c->raise, b2));
        if (m->held_elsewhere > 0) {
            /* the balance shows more: part of it waits for the other tables' decisions */
            size_t used = strlen(buf);
            snprintf(buf + used, n - used, " (%s is kept for your other tables' raises)",
                     game_money(g, m->held_elsewhere, b1));
        }
        break;
    case MACHINE_DEAL_BELOW_MIN:
        snprintf(buf, n, _("Add %s to the %s: its minimum is %s"), game_money(g, c->shortfall, b1),
                 lang_wager(c->wager), game_money(g, c->minimum, b2));
        break;
    case MACHINE_DEAL_LINK_DOWN:
        snprintf(buf, n, "%s", machine_link_refusal(m, true));
        break;
    case MACHINE_DEAL_NEED_ANTE:
        snprintf(buf, n, "%s", _("Place an ANTE: the side bets need one"));
        break;
    case MACHINE_DEAL_STOPPED:
        machine_rg_stop_words(m, buf, n);
        break;
    case MACHINE_DEAL_LOSS_LIMIT:
        machine_rg_loss_words(m, c->bets + c->raise, buf, n);
        break;
    default:
        break;
    }
    return buf;
}

/* A betting action tried on a copy of the round (and of its pool): the round says whether it
 * would take it, and nothing of the machine's moves. */
static bool would_take(const machine_t *m, round_action_type_t type) {
    const game_t *g = &m->game;
    round_t trial;
    jackpot_pool_t pool = g->pool;
    memcpy(&trial, &g->round, sizeof trial);
    if (trial.pool) trial.pool = &pool;
    round_action_t a = round_simple(type, 0);
    return round_apply(&trial, &a).refusal == REFUSE_NONE;
}

void machine_felt_after(const machine_t *m, cfg_button_t b, int64_t out[WAGER_COUNT]) {
    const game_t *g = &m->game;
    bool over = game_round_over(g), empty = over || round_seat_staked(&g->round, 0) == 0;
    for (int w = 0; w < WAGER_COUNT; w++) {
        int64_t now = over ? 0 : g->round.seat[0].stake[w];
        out[w] = b == CFG_BUTTON_BET                ? now
                 : b == CFG_BUTTON_REPEAT && empty  ? g->last_stakes[w]
                 : b == CFG_BUTTON_REPEAT || !empty ? 2 * now
                                                    : now;
    }
}

bool machine_button_ok(const machine_t *m, cfg_button_t b) {
    const game_t *g = &m->game;
    const round_t *r = &g->round;
    if (b == CFG_BUTTON_DEAL) return machine_deal_check(m).status == MACHINE_DEAL_OK;
    if (b != CFG_BUTTON_REPEAT && b != CFG_BUTTON_DOUBLE && b != CFG_BUTTON_UNDO &&
        b != CFG_BUTTON_CLEAR)
        return true;
    if (machine_state(m) != MACHINE_PLAY) return false;
    /* a reality check waiting, or betting stopped: UNDO and CLEAR still take chips back */
    if (machine_rg_check_waiting(m)) return false;
    if (machine_rg_stopped(m, NULL) != MRG_PLAYING && b != CFG_BUTTON_UNDO && b != CFG_BUTTON_CLEAR)
        return false;
    /* the loss limit: REPEAT and DOUBLE may not make a round that could lose more than it leaves */
    int64_t left = machine_rg_left(m), felt[WAGER_COUNT];
    machine_felt_after(m, b, felt);
    if (left >= 0 && (b == CFG_BUTTON_REPEAT || b == CFG_BUTTON_DOUBLE) &&
        machine_rg_round_risk(m, felt) > left)
        return false;
    if (game_round_over(g)) {
        /* REPEAT opens a new round with last round's bets: the credits must hold them */
        if (b != CFG_BUTTON_REPEAT) return false;
        machine_deal_check_t c = machine_deal_check(m);
        return c.bets > 0 && c.bets <= c.credits;
    }
    if (r->phase != ROUND_BETTING || game_dealt(g)) return false;
    round_action_type_t type = b == CFG_BUTTON_UNDO                                    ? ACT_UNDO
                               : b == CFG_BUTTON_CLEAR                                 ? ACT_CLEAR
                               : b == CFG_BUTTON_DOUBLE || round_seat_staked(r, 0) > 0 ? ACT_DOUBLE
                                                                                       : ACT_REPEAT;
    return would_take(m, type);
}
