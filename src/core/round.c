#include "round.h"

#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "money.h"
#include "nls.h"
#include "round_internal.h"

/* Zeroes n bytes in fixed 64-byte steps. GCC (12, -O2/-O3, generic x86-64) turns one memset of
 * a size it knows above 64 bytes into `rep stos`, whose start-up cost more than the whole
 * clear on the machine measured, and each fixed 64-byte step into four vector stores;
 * round_init clears half a kilobyte for every round a simulation plays. */
static inline void zero_bytes(void *p, size_t n) {
    unsigned char *b = p;
    size_t whole = n & ~(size_t)63;
    for (size_t i = 0; i < whole; i += 64) memset(b + i, 0, 64);
    memset(b + whole, 0, n - whole);
}

/* ---- events and refusals ---- */

static round_status_t ok(void) {
    round_status_t s = {0};
    s.refusal = REFUSE_NONE;
    s.format = "";
    return s;
}

#define WAGER_ARG(w)  ((round_arg_t){ROUND_ARG_WAGER, (int64_t)(w)})
#define MONEY_ARG(v)  ((round_arg_t){ROUND_ARG_MONEY, (v)})
#define NUMBER_ARG(v) ((round_arg_t){ROUND_ARG_NUMBER, (int64_t)(v)})

/* A refusal: its format (marked for the catalogs) and nargs round_arg_t values. */
static round_status_t refuse(round_refusal_t why, const char *fmt, int nargs, ...) {
    round_status_t s = {0};
    s.refusal = why;
    s.format = fmt;
    va_list ap;
    va_start(ap, nargs);
    for (int i = 0; i < nargs && i < ROUND_ARGS_MAX; i++)
        s.arg[s.nargs++] = va_arg(ap, round_arg_t);
    va_end(ap);
    round_status_text(&s, fmt, NULL, NULL, s.message, sizeof s.message);
    return s;
}

/* One value as text. */
static void arg_text(const round_arg_t *a, const char *const names[WAGER_COUNT],
                     const money_style_t *money, char *out, size_t n) {
    if (a->kind == ROUND_ARG_WAGER) {
        bool ok_w = a->value >= 0 && a->value < WAGER_COUNT;
        const char *name = !ok_w ? "?" : names ? names[a->value] : wager_name((wager_t)a->value);
        snprintf(out, n, "%s", name);
    } else if (a->kind == ROUND_ARG_MONEY) {
        money_format_style(a->value, money, out, n);
    } else {
        snprintf(out, n, "%lld", (long long)a->value);
    }
}

const char *round_status_text(const round_status_t *s, const char *format,
                              const char *const wager_names[WAGER_COUNT],
                              const money_style_t *money, char *buf, size_t n) {
    if (n == 0) return buf;
    size_t o = 0;
    int next = 0;
    buf[0] = '\0';
    for (const char *p = format ? format : ""; *p && o + 1 < n; p++) {
        if (*p != '%') {
            buf[o++] = *p;
            continue;
        }
        if (p[1] == '%') {
            buf[o++] = '%';
            p++;
            continue;
        }
        /* %s, %d, or %N$s, %N$d: the N-th value */
        const char *q = p + 1;
        int which = next;
        if (*q >= '1' && *q <= '9' && q[1] == '$') which = *q - '1', q += 2;
        if (*q != 's' && *q != 'd') { /* not a conversion of ours: kept as written */
            buf[o++] = '%';
            continue;
        }
        char v[MONEY_TEXT_MAX + 32] = "?";
        if (which >= 0 && which < s->nargs)
            arg_text(&s->arg[which], wager_names, money, v, sizeof v);
        next = which + 1;
        o += (size_t)snprintf(buf + o, n - o, "%s", v);
        if (o >= n) o = n - 1;
        p = q;
    }
    buf[o] = '\0';
    return buf;
}

/* ---- set-up ---- */

bool round_init(round_t *r, const rules_t *rules, const deck_t *deck, int nseats,
                const int64_t *credits, const int64_t *last_stakes, jackpot_pool_t *pool, char *err,
                size_t errlen) {
    /* Only what a round reads is cleared: the header, the seats in play and the fields after
     * the seats; the event and undo buffers and the seats past nseats are never read (a fresh
     * round then costs little: simulations start millions of them). */
    int clear_seats = nseats < 0 ? 0 : nseats > RULES_MAX_SEATS ? RULES_MAX_SEATS : nseats;
    zero_bytes(r, offsetof(round_t, seat));
    for (int s = 0; s < clear_seats; s++) zero_bytes(&r->seat[s], sizeof r->seat[s]);
    zero_bytes((unsigned char *)r + offsetof(round_t, dealer),
               offsetof(round_t, events) - offsetof(round_t, dealer));
    r->rules = rules;
    int want = rules->variant == VARIANT_ASIAN ? 53 : 52;
    uint64_t cards;
    if (deck->count != want || !deck_card_set(deck, &cards)) {
        snprintf(err, errlen, "the deck is not a whole %d-card deck", want);
        return false;
    }
    bool has_joker = cards >> CARD_JOKER & 1;
    if (has_joker != (rules->variant == VARIANT_ASIAN)) {
        snprintf(err, errlen, "the deck %s a joker", has_joker ? "holds" : "lacks");
        return false;
    }
    if (nseats < 1 || nseats > rules->seats || nseats > RULES_MAX_SEATS) {
        snprintf(err, errlen, "%d seats; this table has 1 to %d", nseats, rules->seats);
        return false;
    }
    bool needs_pool = rules->offered[WAGER_JACKPOT] || rules->offered[WAGER_PROGRESSIVE];
    if (needs_pool && !pool) {
        snprintf(err, errlen, "the rules offer a progressive but no pool was given");
        return false;
    }
    r->deck = *deck;
    r->nseats = nseats;
    r->pool = needs_pool ? pool : NULL;
    for (int s = 0; s < nseats; s++) {
        round_seat_t *seat = &r->seat[s];
        if (credits[s] < 0) {
            snprintf(err, errlen, "seat %d has negative credits", s + 1);
            return false;
        }
        seat->credits = seat->credits_start = credits[s];
        seat->decided_step = -1;
        if (last_stakes)
            memcpy(seat->last_stake, last_stakes + (size_t)s * WAGER_COUNT,
                   sizeof seat->last_stake);
    }
    r->phase = ROUND_BETTING;
    return true;
}

round_action_t round_bet(int seat, wager_t w, int64_t amount) {
    round_action_t a = {ACT_BET, (uint8_t)seat, (uint8_t)w, 0, amount};
    return a;
}
round_action_t round_simple(round_action_type_t type, int seat) {
    round_action_t a = {(uint8_t)type, (uint8_t)seat, 0, 0, 0};
    return a;
}
round_action_t round_raise(int seat, int multiple) {
    round_action_t a = {ACT_PLAY, (uint8_t)seat, 0, (uint8_t)multiple, 0};
    return a;
}

int64_t round_seat_staked(const round_t *r, int seat) {
    int64_t t = 0;
    for (int w = 0; w < WAGER_COUNT; w++) t += r->seat[seat].stake[w];
    return t;
}
int64_t round_seat_returned(const round_t *r, int seat) {
    int64_t t = 0;
    for (int w = 0; w < WAGER_COUNT; w++) t += r->seat[seat].returned[w];
    return t;
}
int64_t round_seat_win(const round_t *r, int seat) {
    const round_seat_t *s = &r->seat[seat];
    int64_t win = 0;
    for (int w = 0; w < WAGER_COUNT; w++)
        if (s->stake[w] && s->outcome[w] == OUTCOME_WIN)
            win += s->returned[w] - (fixed_stake((wager_t)w) ? 0 : s->stake[w]);
    return win;
}

/* ---- betting ---- */

/* The seat's next undo step, for the caller to fill in. */
static int64_t *new_undo_step(round_t *r, int s) {
    round_seat_t *seat = &r->seat[s];
    int64_t(*undo)[WAGER_COUNT] = r->undo[s];
    if (seat->nundo == ROUND_UNDO_DEPTH) {
        /* the oldest step can no longer be undone on its own: fold it into the next */
        for (int w = 0; w < WAGER_COUNT; w++) undo[1][w] += undo[0][w];
        memmove(undo[0], undo[1], sizeof undo[0] * (ROUND_UNDO_DEPTH - 1));
        seat->nundo--;
    }
    return undo[seat->nundo++];
}

static void push_undo(round_t *r, int s, const int64_t delta[WAGER_COUNT]) {
    memcpy(new_undo_step(r, s), delta, sizeof r->undo[0][0]);
}

/* Moves `delta` onto the spots (positive: bets from credits; negative: back to credits). */
static void move_bets(round_t *r, int s, const int64_t delta[WAGER_COUNT]) {
    round_seat_t *seat = &r->seat[s];
    for (int w = 0; w < WAGER_COUNT; w++) {
        if (!delta[w]) continue;
        seat->stake[w] += delta[w];
        seat->credits -= delta[w];
        emit(r, EV_BET, s, w, delta[w], seat->stake[w]);
    }
}

static round_status_t place_bet(round_t *r, int s, wager_t w, int64_t amount) {
    const rules_t *ru = r->rules;
    round_seat_t *seat = &r->seat[s];
    if (w < 0 || w >= WAGER_COUNT || !ru->offered[w] || !rules_variant_has_wager(ru->variant, w) ||
        !(w == WAGER_ANTE || wager_is_side(w)))
        return refuse(REFUSE_NOT_OFFERED, N_("That bet is not offered at this table."), 0);
    if (wager_is_side(w) && seat->stake[WAGER_ANTE] == 0)
        return refuse(REFUSE_NEED_ANTE, N_("Place an ANTE before the %s bet."), 1, WAGER_ARG(w));
    if (fixed_stake(w)) amount = ru->bet_max[w] - seat->stake[w];
    if (seat->stake[w] >= ru->bet_max[w])
        return refuse(REFUSE_AT_MAX, N_("%s is at its maximum of %s."), 2, WAGER_ARG(w),
                      MONEY_ARG(ru->bet_max[w]));
    if (amount <= 0) return refuse(REFUSE_BAD_ACTION, N_("A bet must be more than nothing."), 0);
    /* a chip that would pass the limit fills the spot up to it (001) */
    if (amount > ru->bet_max[w] - seat->stake[w]) amount = ru->bet_max[w] - seat->stake[w];
    if (amount > seat->credits)
        return refuse(REFUSE_CREDITS, N_("Not enough credits for that bet."), 0);
    /* move_bets and push_undo of a step that adds `amount` (> 0) to wager w alone */
    seat->stake[w] += amount;
    seat->credits -= amount;
    emit(r, EV_BET, s, w, amount, seat->stake[w]);
    int64_t *step = new_undo_step(r, s);
    zero_bytes(step, sizeof r->undo[0][0]);
    step[w] = amount;
    return ok();
}

static round_status_t take_back(round_t *r, int s, bool all) {
    round_seat_t *seat = &r->seat[s];
    if (round_seat_staked(r, s) == 0)
        return refuse(REFUSE_NO_BETS, N_("There are no bets to take back."), 0);
    int64_t delta[WAGER_COUNT] = {0};
    if (all || seat->nundo == 0) {
        for (int w = 0; w < WAGER_COUNT; w++) delta[w] = -seat->stake[w];
        seat->nundo = 0;
    } else {
        seat->nundo--;
        for (int w = 0; w < WAGER_COUNT; w++) delta[w] = -r->undo[s][seat->nundo][w];
    }
    move_bets(r, s, delta);
    return ok();
}

/* Checks that a full set of bets is within every limit the table sets for it and within
 * the credits; side bets need the ante. */
static round_status_t check_bet_set(const round_t *r, const int64_t bets[WAGER_COUNT],
                                    int64_t credits) {
    const rules_t *ru = r->rules;
    int64_t total = 0;
    for (int w = 0; w < WAGER_COUNT; w++) {
        if (!bets[w]) continue;
        if (!ru->offered[w] || !(w == WAGER_ANTE || wager_is_side((wager_t)w)))
            return refuse(REFUSE_NOT_OFFERED, N_("%s is not offered at this table."), 1,
                          WAGER_ARG(w));
        if (bets[w] > ru->bet_max[w])
            return refuse(REFUSE_AT_MAX, N_("%s would be over its maximum of %s."), 2, WAGER_ARG(w),
                          MONEY_ARG(ru->bet_max[w]));
        total += bets[w];
    }
    if (total > 0 && bets[WAGER_ANTE] == 0)
        return refuse(REFUSE_NEED_ANTE, N_("Side bets need an ANTE."), 0);
    if (total > credits) return refuse(REFUSE_CREDITS, N_("Not enough credits for those bets."), 0);
    return ok();
}

static round_status_t repeat_bets(round_t *r, int s) {
    round_seat_t *seat = &r->seat[s];
    if (round_seat_staked(r, s) != 0)
        return refuse(REFUSE_NOT_NOW, N_("REPEAT places last round's bets on an empty table."), 0);
    int64_t delta[WAGER_COUNT];
    memcpy(delta, seat->last_stake, sizeof delta);
    int64_t total = 0;
    for (int w = 0; w < WAGER_COUNT; w++) total += delta[w];
    if (total == 0) return refuse(REFUSE_NO_BETS, N_("There are no earlier bets to repeat."), 0);
    round_status_t st = check_bet_set(r, delta, seat->credits);
    if (st.refusal) return st;
    move_bets(r, s, delta);
    push_undo(r, s, delta);
    return ok();
}

static round_status_t double_bets(round_t *r, int s) {
    round_seat_t *seat = &r->seat[s];
    const rules_t *ru = r->rules;
    if (round_seat_staked(r, s) == 0)
        return refuse(REFUSE_NO_BETS, N_("There are no bets to double."), 0);
    int64_t delta[WAGER_COUNT] = {0}, total = 0;
    for (int w = 0; w < WAGER_COUNT; w++) {
        if (fixed_stake((wager_t)w) || !seat->stake[w]) continue;
        int64_t want = 2 * seat->stake[w];
        if (want > ru->bet_max[w]) want = ru->bet_max[w]; /* up to the maximum (001) */
        delta[w] = want - seat->stake[w];
        total += delta[w];
    }
    if (total == 0) return refuse(REFUSE_AT_MAX, N_("Every bet is already at its maximum."), 0);
    if (total > seat->credits)
        return refuse(REFUSE_CREDITS, N_("Not enough credits to double every bet."), 0);
    move_bets(r, s, delta);
    push_undo(r, s, delta);
    return ok();
}

/* ---- dealing ---- */

/* Deals the next n cards of the deck to dst[0..n), each with its EV_CARD event (face up when
 * bit i of `face_up` is set). The deck position and the event count stay in locals: the
 * events' byte fields could alias any byte of the round, which would otherwise make every
 * card reload and store both. */
static void deal_cards(round_t *r, int who, card_t *dst, int n, unsigned face_up) {
    if (r->quiet) {
        memcpy(dst, r->deck.cards + r->next_card, (size_t)n);
        r->next_card += n;
        return;
    }
    int next = r->next_card, nevents = r->nevents;
    for (int i = 0; i < n; i++) {
        card_t c = r->deck.cards[next++];
        dst[i] = c;
        round_event_t *e = &r->scratch_event; /* past the buffer's end, as emit() does */
        if (nevents < ROUND_MAX_EVENTS)
            e = &r->events[nevents++];
        else
            r->events_overflowed = true;
        *e = (round_event_t){.type = EV_CARD,
                             .seat = (uint8_t)who,
                             .index = (uint8_t)i,
                             .card = c,
                             .value = (int32_t)(face_up >> i & 1)};
    }
    r->next_card = next;
    r->nevents = nevents;
}

static round_status_t deal(round_t *r) {
    const rules_t *ru = r->rules;
    int active = 0;
    for (int s = 0; s < r->nseats; s++) {
        round_seat_t *seat = &r->seat[s];
        if (seat->stake[WAGER_ANTE] == 0) {
            if (round_seat_staked(r, s) != 0)
                return refuse(REFUSE_NEED_ANTE, N_("Seat %d: side bets need an ANTE."), 1,
                              NUMBER_ARG(s + 1));
            continue;
        }
        for (int w = 0; w < WAGER_COUNT; w++)
            if (seat->stake[w] && seat->stake[w] < ru->bet_min[w])
                return refuse(REFUSE_BELOW_MIN, N_("%s must be at least %s."), 2, WAGER_ARG(w),
                              MONEY_ARG(ru->bet_min[w]));
        /* the credits must cover every raise the hand may want: no hand is ever stuck */
        int64_t raises =
            rules_max_round_stake(ru, seat->stake[WAGER_ANTE], NULL) - seat->stake[WAGER_ANTE];
        if (seat->credits < raises)
            return refuse(REFUSE_CREDITS,
                          N_("Seat %d needs %s more credits to cover the raise (has %s)."), 3,
                          NUMBER_ARG(s + 1), MONEY_ARG(raises), MONEY_ARG(seat->credits));
        active++;
    }
    if (active == 0) return refuse(REFUSE_NO_BETS, N_("Place an ANTE to deal."), 0);

    int per_seat = ru->variant == VARIANT_CAJUN ? 2 : 5;
    for (int s = 0; s < r->nseats; s++) {
        round_seat_t *seat = &r->seat[s];
        if (!seat->stake[WAGER_ANTE]) continue;
        seat->in_round = true;
        seat->ncards = per_seat;
        deal_cards(r, s, seat->cards, per_seat, 0x1f);
    }
    if (ru->variant == VARIANT_CAJUN)
        deal_cards(r, ROUND_BOARD, r->board, 3, 0);
    else /* Caribbean shows the dealer's first card; Asian shows none */
        deal_cards(r, ROUND_DEALER, r->dealer, 5, ru->variant == VARIANT_CARIBBEAN ? 1 : 0);
    r->phase = ROUND_DECIDING;
    r->step = 0;
    return ok();
}

/* ---- decisions ---- */

/* When every seat still in has decided this step: turn the next community card (Cajun) or
 * settle. */
static void advance(round_t *r) {
    for (int s = 0; s < r->nseats; s++)
        if (round_seat_can_decide(r, s)) return;
    if (r->rules->variant == VARIANT_CAJUN) {
        r->board_shown = r->step + 1;
        round_event_t *e = emit(r, EV_BOARD_SHOWN, ROUND_BOARD, 0, 0, 0);
        e->index = (uint8_t)r->step;
        e->card = r->board[r->step];
        r->step++;
        if (r->step < 3) {
            /* with every seat folded, the rest of the board is turned for the side bets */
            bool anyone = false;
            for (int s = 0; s < r->nseats; s++) anyone |= round_seat_can_decide(r, s);
            if (anyone) return;
            advance(r);
            return;
        }
    }
    round_settle(r);
}

static round_status_t decide(round_t *r, int s, bool play, int multiple) {
    const rules_t *ru = r->rules;
    round_seat_t *seat = &r->seat[s];
    if (!seat->in_round)
        return refuse(REFUSE_NO_SEAT, N_("Seat %d is not in this round."), 1, NUMBER_ARG(s + 1));
    if (seat->folded || seat->decided_step >= r->step)
        return refuse(REFUSE_ALREADY_DECIDED, N_("Seat %d has already decided."), 1,
                      NUMBER_ARG(s + 1));
    if (play) {
        wager_t w = WAGER_PLAY;
        int64_t amount = seat->stake[WAGER_ANTE];
        if (ru->variant == VARIANT_CARIBBEAN) amount *= 2;
        if (ru->variant == VARIANT_CAJUN) {
            if (multiple < 1 || multiple > 3)
                return refuse(REFUSE_BAD_RAISE, N_("Raise 1x, 2x or 3x the ANTE."), 0);
            w = (wager_t)(WAGER_RAISE_1 + r->step);
            amount *= multiple;
        }
        if (amount > seat->credits) /* cannot happen after the deal's check; kept as a guard */
            return refuse(REFUSE_CREDITS, N_("Not enough credits to raise."), 0);
        seat->stake[w] = amount;
        seat->credits -= amount;
        emit(r, EV_DECISION, s, w, amount, 0);
    } else {
        seat->folded = true;
        emit(r, EV_DECISION, s, WAGER_ANTE, 0, 0);
    }
    seat->decided_step = r->step;
    advance(r);
    return ok();
}

static void void_round(round_t *r) {
    for (int s = 0; s < r->nseats; s++) {
        round_seat_t *seat = &r->seat[s];
        for (int w = 0; w < WAGER_COUNT; w++) {
            if (!seat->stake[w]) continue;
            seat->outcome[w] = OUTCOME_REFUND;
            seat->returned[w] = seat->stake[w];
            seat->credits += seat->stake[w];
            emit(r, EV_RESULT, s, w, seat->stake[w], seat->stake[w])->outcome = OUTCOME_REFUND;
        }
    }
    r->phase = ROUND_VOID;
    emit(r, EV_VOID, ROUND_DEALER, 0, 0, 0);
}

/* ---- the one entry point ---- */

round_status_t round_apply(round_t *r, const round_action_t *a) {
    r->nevents = 0;
    r->events_overflowed = false;
    if (a->type >= ACT_COUNT) return refuse(REFUSE_BAD_ACTION, N_("Unknown action."), 0);
    if (r->phase == ROUND_SETTLED || r->phase == ROUND_VOID)
        return refuse(REFUSE_NOT_NOW, N_("This round is over."), 0);
    int s = a->seat;
    bool seat_action = a->type != ACT_DEAL && a->type != ACT_TIMEOUT && a->type != ACT_VOID;
    if (seat_action && s >= r->nseats)
        return refuse(REFUSE_NO_SEAT, N_("There is no seat %d."), 1, NUMBER_ARG(s + 1));

    switch ((round_action_type_t)a->type) {
    case ACT_VOID:
        void_round(r);
        return ok();
    case ACT_BET:
    case ACT_UNDO:
    case ACT_CLEAR:
    case ACT_REPEAT:
    case ACT_DOUBLE:
    case ACT_DEAL:
        if (r->phase != ROUND_BETTING)
            return refuse(REFUSE_NOT_NOW, N_("No more bets: the cards are dealt."), 0);
        break;
    case ACT_PLAY:
    case ACT_FOLD:
        if (r->phase != ROUND_DECIDING)
            return refuse(REFUSE_NOT_NOW, N_("Decide once the cards are dealt."), 0);
        break;
    default:
        break;
    }
    switch ((round_action_type_t)a->type) {
    case ACT_BET:
        return place_bet(r, s, (wager_t)a->wager, a->amount);
    case ACT_UNDO:
        return take_back(r, s, false);
    case ACT_CLEAR:
        return take_back(r, s, true);
    case ACT_REPEAT:
        return repeat_bets(r, s);
    case ACT_DOUBLE:
        return double_bets(r, s);
    case ACT_DEAL:
        return deal(r);
    case ACT_PLAY:
        return decide(r, s, true, a->multiple);
    case ACT_FOLD:
        return decide(r, s, false, 0);
    case ACT_TIMEOUT:
        if (r->phase == ROUND_BETTING) return deal(r);
        for (int k = 0; k < r->nseats; k++) {
            if (!round_seat_can_decide(r, k)) continue;
            r->seat[k].auto_folded = true;
            emit(r, EV_AUTO_FOLD, k, 0, 0, 0);
            r->seat[k].folded = true;
            r->seat[k].decided_step = r->step;
            emit(r, EV_DECISION, k, WAGER_ANTE, 0, 0);
        }
        advance(r);
        return ok();
    default:
        return refuse(REFUSE_BAD_ACTION, N_("Unknown action."), 0);
    }
}

const char *round_outcome_name(round_outcome_t o) {
    static const char *const names[] = {"", N_("WIN"), N_("PUSH"), N_("LOSE"), N_("REFUND")};
    return o >= 0 && o <= OUTCOME_REFUND ? names[o] : "?";
}

const char *round_event_name(round_event_type_t t) {
    static const char *const names[EV_COUNT] = {"bet",
                                                "card",
                                                "decision",
                                                "auto-fold",
                                                "board",
                                                "dealer-revealed",
                                                "dealer-qualifies",
                                                "dealer-not-qualify",
                                                "hand",
                                                "result",
                                                "capped",
                                                "aggregate",
                                                "commission",
                                                "jackpot-contribution",
                                                "jackpot-win",
                                                "jackpot-reset",
                                                "jackpot-linked",
                                                "handpay",
                                                "tax-flag",
                                                "settled",
                                                "void"};
    return t >= 0 && t < EV_COUNT ? names[t] : "?";
}
