#define _POSIX_C_SOURCE 200809L
#include "game.h"
#include "lang.h"
#include "money.h"
#include "ticket.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <sodium.h>

/* Play stops: the title the README names for this kind of fault, and what the store says. */
static void fault(game_t *g, const char *what) {
    g->state = GAME_FAULT;
    const char *title = g->store ? store_fault_title(g->store) : "";
    snprintf(g->fault_title, sizeof g->fault_title, "%s",
             title[0] ? title : _("MACHINE FAULT - CALL ATTENDANT"));
    const char *msg = g->store ? store_message(g->store) : "";
    snprintf(g->message, sizeof g->message, "%s%s%s", what, what[0] && msg[0] ? ": " : "", msg);
    /* the screen: what failed in its words; the store's reason (a database's English) is the
     * log's */
    snprintf(g->said, sizeof g->said, "%s", lang_text(what));
}

/* A hand-pay lock waiting in the store stops play until the attendant clears it. */
static void read_locks(game_t *g) {
    if (!g->store) return;
    store_lock_t lock;
    if (store_locks(g->store, &lock, 1) > 0) {
        char b[40];
        g->state = lock.kind == STORE_LOCK_HANDPAY ? GAME_LOCKED : GAME_FAULT;
        snprintf(g->fault_title, sizeof g->fault_title, _("MACHINE FAULT - CALL ATTENDANT"));
        g->lock_id = lock.id;
        g->lock_amount = lock.kind == STORE_LOCK_HANDPAY ? lock.amount : 0;
        if (lock.kind == STORE_LOCK_HANDPAY)
            snprintf(g->message, sizeof g->message, _("HAND PAY %s  -  CALL ATTENDANT"),
                     game_money(g, lock.amount, b));
        else
            snprintf(g->message, sizeof g->message, "%s", lock.reason);
        /* the recorded reason is the log's and the audit's; the screen says what it means */
        snprintf(g->said, sizeof g->said, "%s",
                 lock.kind == STORE_LOCK_HANDPAY
                     ? g->message
                     : _("A fault stopped play before this start. Nothing is lost: an attendant "
                         "checks the machine (the log has the reason)."));
    }
}

/* The door as the audit log last saw it: a door left open before a power cut is still open
 * after it (the keyboard's door key is a toggle with no switch to read). */
static void restore_door(game_t *g) {
    bool open = false;
    if (store_door_state(g->store, &open) == STORE_OK) g->door_open = open;
}

bool game_init(game_t *g, const rules_t *rules, int64_t credits, uint64_t seed, store_t *store) {
    memset(g, 0, sizeof *g);
    g->rules = *rules;
    g->rules.seats = 1;
    g->credits = credits;
    g->store = store;
    if (seed)
        rng_init_seed_u64(&g->rng, seed);
    else if (!rng_init_system(&g->rng))
        return false;
    int64_t start = rules->offered[WAGER_JACKPOT]       ? rules->jackpot_seed
                    : rules->offered[WAGER_PROGRESSIVE] ? rules->progressive_reset
                                                        : 0;
    jackpot_init(&g->pool, start);
    if (!store) return true; /* the first round opens with game_new_round() */

    if (store_state(store) == STORE_FAULTED) {
        fault(g, "");
        return true;
    }
    if (store_pool_key(&g->rules) && store_pool_for_rules(store, &g->rules, &g->pool) != STORE_OK) {
        fault(g, "The jackpot pool could not be read");
        return true;
    }
    restore_door(g);
    if (store_game_in_play(store)) {
        /* a round a power cut or a crash left: back exactly where it stopped */
        bool resumed = false;
        if (store_recover(store, &g->rules, &g->round, &g->pool, &resumed) != STORE_OK) {
            fault(g, "The round in play could not be resumed");
            return true;
        }
        g->resumed = g->round_begun = resumed;
        g->number = (uint64_t)store_game_in_play(store);
        if (g->round.phase == ROUND_SETTLED && store_round_finish(store, &g->round) != STORE_OK)
            fault(g, "The resumed round could not be recorded");
        read_locks(g);
        return true;
    }
    int64_t on_machine = 0;
    if (store_credits(store, 0, &on_machine) != STORE_OK) {
        fault(g, "The credits could not be read");
        return true;
    }
    read_locks(g);
    if (on_machine == 0 && credits > 0 && g->state == GAME_PLAY) {
        /* desktop play starts with free credits, recorded like an attendant's */
        if (store_credit_in(store, 0, STORE_IN_ATTENDANT, credits, "desktop free credits") !=
            STORE_OK) {
            fault(g, "The free credits could not be recorded");
            return true;
        }
        on_machine = credits;
    }
    g->credits = on_machine;
    int64_t last[RULES_MAX_SEATS * WAGER_COUNT];
    if (store_last_stakes(store, last) != STORE_OK)
        fault(g, "The last bets could not be read");
    else
        memcpy(g->last_stakes, last, sizeof g->last_stakes); /* seat 0 */
    return true;
}

bool game_stack_deck(game_t *g, const char *cards, char *err, size_t errlen) {
    if (g->nstacked == 4) {
        snprintf(err, errlen, "at most 4 stacked decks");
        return false;
    }
    bool joker = g->rules.variant == VARIANT_ASIAN;
    card_t top[DECK_MAX];
    int n = card_parse_list(cards, top, DECK_MAX, err, errlen);
    if (n < 0) return false;
    deck_t *d = &g->stacked[g->nstacked];
    bool used[DECK_MAX] = {false};
    d->count = 0;
    for (int i = 0; i < n; i++) {
        if (top[i] == CARD_JOKER && !joker) {
            snprintf(err, errlen, "the joker is only in Asian Stud's deck");
            return false;
        }
        d->cards[d->count++] = top[i];
        used[top[i]] = true;
    }
    for (int c = 0; c < (joker ? 53 : 52); c++)
        if (!used[c]) d->cards[d->count++] = (card_t)c;
    g->nstacked++;
    return true;
}

bool game_new_round(game_t *g) {
    if (g->resumed) {
        /* the first round is the one the store gave back */
        g->resumed = false;
        return true;
    }
    deck_t d;
    if (g->next_stacked < g->nstacked) {
        d = g->stacked[g->next_stacked++];
    } else {
        if (g->rules.variant == VARIANT_ASIAN)
            deck_init53(&d);
        else
            deck_init52(&d);
        deck_shuffle(&d, &g->rng);
    }
    if (g->store) {
        int64_t done = store_history_count(g->store);
        g->number = done >= 0 ? (uint64_t)done + 1 : g->number + 1;
        if (store_credits(g->store, 0, &g->credits) != STORE_OK && g->state == GAME_PLAY)
            fault(g, "The credits could not be read");
    } else {
        g->number++;
    }
    g->round_begun = false;
    g->npending = 0;
    char err[128];
    return round_init(&g->round, &g->rules, &d, 1, &g->credits, g->last_stakes, &g->pool, err,
                      sizeof err);
}

bool game_round_over(const game_t *g) {
    return g->round.phase == ROUND_SETTLED || g->round.phase == ROUND_VOID;
}

static void record(game_t *g) {
    g->played++;
    const round_seat_t *s = &g->round.seat[0];
    memmove(&g->history[1], &g->history[0], sizeof g->history[0] * (GAME_HISTORY - 1));
    if (g->nhistory < GAME_HISTORY) g->nhistory++;
    game_record_t *h = &g->history[0];
    memset(h, 0, sizeof *h);
    h->number = g->number;
    memcpy(h->cards, s->cards, sizeof h->cards);
    memcpy(h->dealer, g->round.dealer, sizeof h->dealer);
    memcpy(h->board, g->round.board, sizeof h->board);
    memcpy(h->stake, s->stake, sizeof h->stake);
    memcpy(h->returned, s->returned, sizeof h->returned);
    memcpy(h->outcome, s->outcome, sizeof h->outcome);
    h->credits_before = s->credits_start;
    h->credits_after = s->credits;
    h->hand_value = s->hand_value;
    h->dealer_value = g->round.dealer_value;
    h->dealer_qualifies = g->round.dealer_qualifies;
    h->folded = s->folded;
    h->auto_folded = s->auto_folded;
    h->void_round = g->round.phase == ROUND_VOID;
    if (h->void_round || !s->in_round) return;
    game_session_t *ss = &g->session;
    int64_t staked = round_seat_staked(&g->round, 0), back = round_seat_returned(&g->round, 0);
    int64_t win = round_seat_win(&g->round, 0);
    ss->rounds++;
    ss->won += back > staked;
    ss->lost += back < staked;
    ss->pushed += back == staked;
    ss->staked += staked;
    ss->returned += back;
    if (win > ss->biggest_win) ss->biggest_win = win;
}

static round_status_t refused(const char *why) {
    round_status_t st = {0}; /* no format: the message is the machine's own words */
    st.refusal = REFUSE_NOT_NOW;
    /* the refusal line is short; the screen shows the whole message from the game */
    snprintf(st.message, sizeof st.message, "%.*s", (int)sizeof st.message - 1, why);
    return st;
}

/* A failed write: the round is void, every stake back, and play stops (rules.md). */
static void void_after_fault(game_t *g, const char *what) {
    char reason[STORE_MSG_LEN];
    snprintf(reason, sizeof reason, "%s: %s", what, store_message(g->store));
    bool voided = store_round_void(g->store, reason) == STORE_OK;
    store_lock_t lock;
    if (voided && store_locks(g->store, &lock, 1) > 0) g->lock_id = lock.id;
    if (voided && !game_round_over(g)) {
        round_action_t v = round_simple(ACT_VOID, 0);
        round_apply(&g->round, &v);
    }
    g->state = GAME_FAULT;
    /* when not even the void could be written, the store resumes or voids the round at the
     * next start: say what is true */
    snprintf(g->message, sizeof g->message, "%s  -  %s  -  CALL ATTENDANT", reason,
             voided ? "ROUND VOID, STAKES RETURNED"
                    : "THE ROUND IS KEPT AS IT STOOD AND IS SETTLED AT THE NEXT START");
    snprintf(g->said, sizeof g->said, _("%s  -  %s  -  CALL ATTENDANT"), lang_text(what),
             voided ? _("ROUND VOID, STAKES RETURNED")
                    : _("THE ROUND IS KEPT AS IT STOOD AND IS SETTLED AT THE NEXT START"));
}

static bool is_betting_action(round_action_type_t t) {
    return t == ACT_BET || t == ACT_UNDO || t == ACT_CLEAR || t == ACT_REPEAT || t == ACT_DOUBLE;
}

/* The round in betting again from its deck and the game's credits, with the first `keep`
 * betting actions replayed onto it (a round is a pure function of deck and actions). */
static bool rebuild_betting(game_t *g, int keep) {
    deck_t d = g->round.deck;
    char err[128];
    if (!round_init(&g->round, &g->rules, &d, 1, &g->credits, g->last_stakes, &g->pool, err,
                    sizeof err))
        return false;
    int n = keep;
    g->npending = 0;
    for (int i = 0; i < n; i++)
        if (round_apply(&g->round, &g->pending[i]).refusal == REFUSE_NONE)
            g->pending[g->npending++] = g->pending[i];
    return true;
}

/* The bets on the felt as the fewest actions that place them: one bet per spot, the ante first
 * (side bets need it). However many chips, undos and clears came before, a round records at most
 * one action per wager before the deal, so the decisions after it always have room. */
static int net_bets(const game_t *g, round_action_t *out) {
    const round_seat_t *seat = &g->round.seat[0];
    int n = 0;
    for (int w = 0; w < WAGER_COUNT; w++)
        if (seat->stake[w]) out[n++] = round_bet(0, (wager_t)w, seat->stake[w]);
    return n;
}

/* The chips placed so far as their net bets, when the list of them is full: UNDO then takes
 * back a whole spot at a time (the round keeps only a few undo steps anyway). */
static bool compact_pending(game_t *g) {
    round_action_t net[WAGER_COUNT];
    int n = net_bets(g, net);
    memcpy(g->pending, net, sizeof net[0] * (size_t)n);
    return rebuild_betting(g, n);
}

/* The deal (or a timer) starts the game proper: the round and the bets on the felt are
 * recorded, each committed before the next. */
static bool begin_round(game_t *g) {
    if (!g->store) {
        g->round_begun = true;
        return true;
    }
    int n = net_bets(g, g->pending);
    if (!rebuild_betting(g, 0)) {
        fault(g, "The round could not be rebuilt");
        return false;
    }
    g->npending = n; /* rebuild_betting(0) forgot them; they are still in the array */
    int64_t number;
    if (store_round_begin(g->store, &g->round, &number) != STORE_OK) {
        fault(g, "A new round could not be recorded");
        return false;
    }
    g->number = (uint64_t)number;
    g->round_begun = true;
    for (int i = 0; i < n; i++) {
        round_status_t why;
        store_status_t ss = store_round_action(g->store, &g->pending[i], &why);
        if (ss == STORE_REFUSED) continue; /* cannot happen: the same rules took it before */
        if (ss != STORE_OK) {
            void_after_fault(g, "A bet could not be recorded");
            return false;
        }
        round_apply(&g->round, &g->pending[i]);
    }
    g->npending = 0;
    return true;
}

round_status_t game_act(game_t *g, round_action_t a) {
    if (g->state != GAME_PLAY) return refused(game_said(g));
    if (g->door_open) return refused(_("The door is open: play waits until it is closed."));
    if (!g->round_begun && g->round.phase == ROUND_BETTING && is_betting_action(a.type)) {
        /* a chip on the felt: shown now, recorded with the deal */
        if (g->npending >= GAME_MAX_PENDING && !compact_pending(g)) {
            fault(g, "The bets could not be rebuilt");
            return refused(game_said(g));
        }
        round_status_t st = round_apply(&g->round, &a);
        if (st.refusal == REFUSE_NONE) g->pending[g->npending++] = a;
        return st;
    }
    if (!g->round_begun) {
        /* nothing is recorded for a deal the rules refuse (no ante, credits short): an empty
         * round in play would hold coins and cash-out back */
        g->trial_pool = g->pool;
        memcpy(&g->trial, &g->round, sizeof g->trial);
        if (g->trial.pool) g->trial.pool = &g->trial_pool;
        round_status_t st = round_apply(&g->trial, &a);
        if (st.refusal != REFUSE_NONE) return st;
        if (!begin_round(g)) return refused(game_said(g));
    }
    if (g->store) {
        /* every action is on disk before it is shown */
        round_status_t why;
        store_status_t ss = store_round_action(g->store, &a, &why);
        if (ss == STORE_REFUSED) return why;
        if (ss != STORE_OK) {
            void_after_fault(g, "An action could not be recorded");
            return refused(game_said(g));
        }
    }
    round_status_t st = round_apply(&g->round, &a);
    if (st.refusal == REFUSE_NONE && game_round_over(g)) {
        if (g->store && store_round_finish(g->store, &g->round) != STORE_OK) {
            void_after_fault(g, "The round could not be recorded");
            return st;
        }
        const round_seat_t *s = &g->round.seat[0];
        g->credits = s->credits;
        /* REPEAT offers the bets placed before the deal (not the raises) */
        for (int w = 0; w < WAGER_COUNT; w++)
            g->last_stakes[w] = (w == WAGER_ANTE || wager_is_side((wager_t)w)) ? s->stake[w] : 0;
        record(g);
        read_locks(g);
    }
    return st;
}

void game_locks_changed(game_t *g) {
    read_locks(g);
}

void game_store_changed(game_t *g) {
    if (!g->store) return;
    if (store_state(g->store) == STORE_FAULTED) {
        if (g->state != GAME_FAULT) fault(g, "");
        return;
    }
    int64_t now;
    if (store_credits(g->store, 0, &now) != STORE_OK) {
        fault(g, "The credits could not be read");
        return;
    }
    if (now != g->credits) {
        int64_t moved = now - g->credits;
        g->credits = now;
        /* chips only on the felt are laid again over the new credits (those no longer covered
         * come off); stakes already gone to a table stay, the balance beside them moves */
        bool felt_only = g->npending > 0 && !g->round_begun && g->round.phase == ROUND_BETTING;
        if (game_round_over(g))
            ; /* the balance shown is the credits */
        else if (felt_only && !rebuild_betting(g, g->npending))
            fault(g, "The round could not be rebuilt");
        else if (!felt_only)
            g->round.seat[0].credits += moved;
    }
    restore_door(g);
    store_lock_t lock;
    int locks = store_locks(g->store, &lock, 1);
    if (locks > 0) {
        read_locks(g);
    } else if (locks == 0 && (g->state == GAME_LOCKED || (g->state == GAME_FAULT && g->lock_id))) {
        /* the attendant cleared it from another of the store's machines */
        g->state = GAME_PLAY;
        g->lock_id = 0;
        g->message[0] = g->said[0] = '\0';
    }
}

bool game_attendant(game_t *g) {
    /* a hand pay, or a recorded fault (a voided round) the attendant has looked at; a database
     * that fails its checks is not cleared by a key */
    if (!g->store || !g->lock_id || store_state(g->store) == STORE_FAULTED) return false;
    if (g->state != GAME_LOCKED && g->state != GAME_FAULT) return false;
    /* a cabinet's attendant pays a hand pay in cash (the win leaves the credits); at a desktop
     * the key puts it on the credits */
    store_clear_t how = g->state == GAME_FAULT    ? STORE_CLEAR_FAULT
                        : g->handpay_by_attendant ? STORE_CLEAR_PAID_BY_HAND
                                                  : STORE_CLEAR_TO_CREDITS;
    if (store_lock_clear(g->store, g->lock_id, how,
                         how == STORE_CLEAR_PAID_BY_HAND ? "attendant key: paid by hand"
                                                         : "attendant key") != STORE_OK) {
        fault(g, "The lock could not be cleared");
        return false;
    }
    g->lock_id = 0;
    g->lock_amount = 0;
    g->state = GAME_PLAY;
    g->message[0] = g->said[0] = '\0';
    read_locks(g);
    /* a hand pay paid by hand left the credits: the balance on screen follows */
    if (!g->round_begun || game_round_over(g)) {
        if (store_credits(g->store, 0, &g->credits) != STORE_OK)
            fault(g, "The credits could not be read");
        else if (!game_round_over(g) && !rebuild_betting(g, g->npending))
            fault(g, "The round could not be rebuilt");
    }
    return true;
}

int64_t game_balance(const game_t *g) {
    return game_round_over(g) ? g->credits : g->round.seat[0].credits;
}

bool game_dealt(const game_t *g) {
    return g->round_begun && !game_round_over(g);
}

bool game_idle(const game_t *g) {
    return game_round_over(g) || (!g->round_begun && round_seat_staked(&g->round, 0) == 0);
}

static bool say(char *why, size_t len, const char *msg) {
    if (why && len) snprintf(why, len, "%s", msg);
    return false;
}

/* Money, and what may move it, are checked in this order: the lock or fault, the door, a game
 * being dealt. */
static bool money_may_move(game_t *g, const char *what, char *why, size_t len) {
    char b[sizeof g->message + 64];
    if (g->state != GAME_PLAY) {
        snprintf(b, sizeof b, _("%s waits: %s"), _(what), game_said(g));
        return say(why, len, b);
    }
    if (g->door_open) {
        snprintf(b, sizeof b, _("%s waits until the door is closed."), _(what));
        return say(why, len, b);
    }
    if (g->round_begun && !game_round_over(g)) {
        snprintf(b, sizeof b, _("%s waits until this game is over."), _(what));
        return say(why, len, b);
    }
    return true;
}

/* Credits the store has recorded reach the machine: the chips on the felt are put back over
 * them (a round in betting is rebuilt from its pending bets). */
static bool credits_recorded(game_t *g, int64_t amount, char *why, size_t whylen) {
    g->credits += amount;
    if (!game_round_over(g) && !rebuild_betting(g, g->npending)) {
        fault(g, "The round could not be rebuilt");
        return say(why, whylen, game_said(g));
    }
    return true;
}

/* A store write that moves credits: refused (why says it) or failed (the machine faults). */
static bool recorded(game_t *g, store_status_t st, const char *what, char *why, size_t whylen) {
    if (st == STORE_REFUSED) return say(why, whylen, store_message(g->store));
    if (st != STORE_OK) {
        fault(g, what);
        return say(why, whylen, game_said(g));
    }
    return true;
}

bool game_credit_in(game_t *g, store_credit_in_t kind, int64_t amount, const char *detail,
                    char *why, size_t whylen) {
    if (amount <= 0) return say(why, whylen, _("Nothing to add."));
    if (!money_may_move(g, N_("Credit"), why, whylen)) return false;
    if (g->credits > INT64_MAX / 4 - amount)
        return say(why, whylen, _("The credit meter is full."));
    if (g->store && !recorded(g, store_credit_in(g->store, 0, kind, amount, detail),
                              "The credits could not be recorded", why, whylen))
        return false;
    return credits_recorded(g, amount, why, whylen);
}

/* CASH OUT's ticket: recorded with a new validation number; a number already used (one chance
 * in 10^17) is drawn again. */
static store_status_t record_ticket(game_t *g, game_voucher_t *v) {
    store_ticket_t t = {0};
    store_status_t st = STORE_REFUSED;
    for (int tries = 0; tries < 3 && st == STORE_REFUSED; tries++) {
        ticket_new_validation(v->digits);
        ticket_group(v->digits, v->validation);
        memset(&t, 0, sizeof t);
        snprintf(t.validation, sizeof t.validation, "%s", v->digits);
        t.number = v->sequence, t.amount = v->amount, t.utc = v->utc;
        snprintf(t.machine, sizeof t.machine, "%s", g->machine_id);
        char detail[200], b[40];
        snprintf(detail, sizeof detail, "ticket %lld validation %s amount %s machine %s",
                 (long long)v->sequence, v->validation, game_money_en(g, v->amount, b),
                 g->machine_id);
        st = store_ticket_out(g->store, 0, &t, detail);
        if (st == STORE_REFUSED && !strstr(store_message(g->store), "used before")) break;
    }
    return st;
}

bool game_cashout(game_t *g, game_voucher_t *v, char *why, size_t whylen) {
    memset(v, 0, sizeof *v);
    if (!money_may_move(g, N_("Cash out"), why, whylen)) return false;
    if (g->credits <= 0) return say(why, whylen, _("There are no credits to cash out."));
    v->amount = g->credits;
    v->utc = (int64_t)time(NULL);
    struct tm tm;
    time_t t = (time_t)v->utc;
    gmtime_r(&t, &tm);
    strftime(v->when, sizeof v->when, "%Y-%m-%d %H:%M:%S UTC", &tm);
    snprintf(v->machine, sizeof v->machine, "%s", g->machine_id);
    if (g->store) {
        int64_t number;
        if (store_next_ticket(g->store, &number) != STORE_OK) {
            fault(g, "The ticket number could not be read");
            return say(why, whylen, game_said(g));
        }
        v->sequence = number;
        store_status_t st = record_ticket(g, v);
        if (st == STORE_REFUSED) return say(why, whylen, store_message(g->store));
        if (st != STORE_OK) {
            fault(g, "The cash-out could not be recorded");
            return say(why, whylen, game_said(g));
        }
    } else {
        v->sequence = ++g->played_vouchers;
        ticket_new_validation(v->digits);
        ticket_group(v->digits, v->validation);
    }
    g->credits = 0;
    /* the chips on the felt came back to the credits that were paid out */
    if (!game_round_over(g) && !rebuild_betting(g, 0)) fault(g, "The round could not be rebuilt");
    return true;
}

/* ---- ticket in ---- */

/* A refusal goes on record with the number and the reason, then to the player. */
bool game_ticket_refused(game_t *g, const char *text, const char *reason, const char *said,
                         char *why, size_t whylen) {
    if (g->store && store_state(g->store) != STORE_FAULTED &&
        store_state(g->store) != STORE_WRITE_FAILED) {
        char detail[STORE_MSG_LEN];
        snprintf(detail, sizeof detail, "validation %.40s: %s", text, reason);
        store_audit(g->store, STORE_AUDIT_VOUCHER_REFUSED, detail);
    }
    /* the audit's in English, the player's in their language */
    return say(why, whylen, said ? said : _(reason));
}

bool game_ticket_ready(game_t *g, const char *text, game_voucher_t *v, char *why, size_t whylen) {
    memset(v, 0, sizeof *v);
    if (!ticket_parse(text, v->digits))
        return game_ticket_refused(
            g, text, N_("The ticket could not be read. Please try it again."), NULL, why, whylen);
    ticket_group(v->digits, v->validation);
    /* what may move money, in money_may_move's order, said for a ticket */
    const char *busy = g->state == GAME_LOCKED ? N_("Ticket returned: a hand pay waits for the "
                                                    "attendant.")
                       : g->state != GAME_PLAY
                           ? N_("Ticket returned: the machine is out of service.")
                       : g->door_open  ? N_("Ticket returned: the door is open.")
                       : game_dealt(g) ? N_("Ticket returned: tickets are taken between games.")
                                       : NULL;
    if (busy) return game_ticket_refused(g, v->validation, busy, NULL, why, whylen);
    if (!g->store)
        return game_ticket_refused(g, v->validation,
                                   N_("Ticket returned: this machine keeps no records."), NULL, why,
                                   whylen);
    return true;
}

bool game_ticket_in(game_t *g, const char *text, int64_t expiry_seconds, game_voucher_t *v,
                    char *why, size_t whylen) {
    if (!game_ticket_ready(g, text, v, why, whylen)) return false;
    store_ticket_t t;
    bool found;
    if (store_ticket_get(g->store, v->digits, &t, &found) == STORE_FAULT) {
        fault(g, "The ticket could not be read");
        return say(why, whylen, game_said(g));
    }
    char detail[240], amount[40];
    snprintf(detail, sizeof detail, "ticket %lld validation %s amount %s machine %s at %s",
             (long long)t.number, v->validation, game_money_en(g, t.amount, amount), t.machine,
             g->machine_id);
    if (found && g->credits > INT64_MAX / 4 - t.amount)
        return game_ticket_refused(
            g, v->validation, N_("Ticket returned: the credit meter is full."), NULL, why, whylen);
    store_ticket_refusal_t refusal;
    store_status_t st = store_ticket_redeem(g->store, 0, v->digits, g->machine_id, expiry_seconds,
                                            detail, &t, &refusal);
    if (st == STORE_REFUSED) {
        char reason[240], said[240];
        if (refusal == STORE_TICKET_NOT_NOW) {
            snprintf(reason, sizeof reason, "Ticket returned. %s", store_message(g->store));
            snprintf(said, sizeof said, "%s", _(GAME_TICKET_NOT_NOW));
        } else {
            game_ticket_words(&t, refusal, v->digits, expiry_seconds, true, reason, sizeof reason);
            game_ticket_words(&t, refusal, v->digits, expiry_seconds, false, said, sizeof said);
        }
        return game_ticket_refused(g, v->validation, reason, said, why, whylen);
    }
    if (!recorded(g, st, "The ticket could not be recorded", why, whylen)) return false;
    v->amount = t.amount, v->sequence = t.number, v->utc = t.utc;
    snprintf(v->machine, sizeof v->machine, "%s", t.machine);
    return credits_recorded(g, t.amount, why, whylen);
}

bool game_ticket_floor_paid(game_t *g, const store_ticket_check_t *c, int64_t amount,
                            const char *issuer, game_voucher_t *v, char *why, size_t whylen) {
    memset(v, 0, sizeof *v);
    if (!g->store) return say(why, whylen, _("A ticket needs the machine's records."));
    if (!money_may_move(g, N_("A ticket"), why, whylen)) return false;
    if (g->credits > INT64_MAX / 4 - amount)
        return say(why, whylen, _("The credit meter is full."));
    snprintf(v->digits, sizeof v->digits, "%s", c->validation);
    ticket_group(v->digits, v->validation);
    char detail[240], b[40];
    snprintf(detail, sizeof detail,
             "ticket %lld validation %s amount %s machine %s at %s, paid by the floor",
             (long long)(c->own ? c->t.number : 0), v->validation, game_money_en(g, amount, b),
             issuer, g->machine_id);
    if (!recorded(g, store_ticket_check_paid(g->store, c, amount, g->machine_id, detail),
                  "The ticket could not be recorded", why, whylen))
        return false;
    v->amount = amount, v->sequence = c->own ? c->t.number : 0, v->utc = c->own ? c->t.utc : 0;
    snprintf(v->machine, sizeof v->machine, "%s", issuer);
    return credits_recorded(g, amount, why, whylen);
}

bool game_door(game_t *g, bool open) {
    if (g->door_open == open) return true;
    if (g->store && store_door(g->store, open) != STORE_OK) {
        if (store_state(g->store) == STORE_FAULTED || store_state(g->store) == STORE_WRITE_FAILED)
            fault(g, "The door could not be recorded");
        return false;
    }
    g->door_open = open;
    return true;
}

const char *game_money(const game_t *g, int64_t v, char buf[40]) {
    return lang_money(v, g->rules.currency, buf, 40); /* the one formatter, the player's way */
}

const char *game_said(const game_t *g) {
    return g->said[0] ? g->said : g->message;
}

const char *game_money_en(const game_t *g, int64_t v, char buf[40]) {
    return money_format(v, g->rules.currency, buf, 40);
}

const char *game_money_frac(const game_t *g, int64_t frac, char buf[GAME_MONEY_FRAC_MAX]) {
    uint64_t a = frac < 0 ? 0 - (uint64_t)frac : (uint64_t)frac;
    int64_t cents = (int64_t)(a / JACKPOT_FRAC);
    lang_money(frac < 0 ? -cents : cents, g->rules.currency, buf, GAME_MONEY_FRAC_MAX);
    unsigned rest = (unsigned)(a % JACKPOT_FRAC);
    if (frac < 0 && cents == 0 && rest) {
        /* money_format has no "-0.00": the sign goes in front of the currency by hand */
        char tmp[GAME_MONEY_FRAC_MAX];
        snprintf(tmp, sizeof tmp, "-%s", buf);
        snprintf(buf, GAME_MONEY_FRAC_MAX, "%s", tmp);
    }
    if (rest) {
        char digits[8];
        int len = snprintf(digits, sizeof digits, "%04u", rest);
        while (len > 0 && digits[len - 1] == '0') digits[--len] = '\0';
        /* after the cents, before a symbol that follows the amount ("12,3456 €") */
        size_t at = strlen(buf);
        while (at > 0 && !(buf[at - 1] >= '0' && buf[at - 1] <= '9')) at--;
        char tail[GAME_MONEY_FRAC_MAX];
        snprintf(tail, sizeof tail, "%s", buf + at);
        snprintf(buf + at, GAME_MONEY_FRAC_MAX - at, "%s%s", digits, tail);
    }
    return buf;
}

void game_idle_check(game_t *g, int rows) {
    if (!g->store || g->state != GAME_PLAY || g->round_begun) return;
    bool done;
    if (store_verify_step(g->store, rows, &done) != STORE_OK) fault(g, "");
}

/* ---- the linked pool's prize ---- */

bool game_link_paid(game_t *g, const store_link_item_t *item, int64_t amount, const char *detail,
                    char *why, size_t whylen) {
    if (!g->store) return say(why, whylen, _("A linked jackpot needs the machine's records."));
    if (game_dealt(g)) return say(why, whylen, _("The linked jackpot is paid after this game."));
    if (g->credits > INT64_MAX / 4 - amount)
        return say(why, whylen, _("The credit meter is full."));
    if (!recorded(g, store_link_paid(g->store, item, amount, g->rules.handpay_threshold, detail),
                  "The linked jackpot could not be recorded", why, whylen) ||
        !credits_recorded(g, amount, why, whylen))
        return false;
    read_locks(g); /* a hand pay locks the machine */
    return true;
}

void game_link_fault(game_t *g, const char *what) {
    fault(g, what);
}

void game_record_fault(game_t *g, const char *what) {
    fault(g, what);
}
