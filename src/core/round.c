#include "round.h"

#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

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

/* eval_value(cards, 5), through eval.h's inline steps: every settlement values two hands or
 * more, and the call and its loop cost about as much as the lookups. */
static inline int value5(const card_t cards[5]) {
    eval_hand_t h = eval_hand_empty();
    for (int i = 0; i < 5; i++) h = eval_hand_add(h, cards[i]);
    return eval_hand_value(h);
}

/* ---- events and refusals ---- */

/* Appends an event and returns it for the caller to fill in the rest; past the buffer's end
 * (never reached by a real round) the event goes to a scratch slot and the overflow is noted. */
static round_event_t *emit(round_t *r, round_event_type_t type, int seat, int wager, int64_t amount,
                           int64_t amount2) {
    round_event_t *e = &r->scratch_event;
    if (r->quiet) return e; /* the caller's further fields land in the scratch slot */
    if (r->nevents < ROUND_MAX_EVENTS)
        e = &r->events[r->nevents++];
    else
        r->events_overflowed = true;
    /* one whole-struct store (a few wide moves) rather than a clear and then each field */
    *e = (round_event_t){.type = (uint8_t)type,
                         .seat = (uint8_t)seat,
                         .wager = (uint8_t)wager,
                         .amount = amount,
                         .amount2 = amount2};
    return e;
}

static round_status_t ok(void) {
    round_status_t s;
    s.refusal = REFUSE_NONE;
    s.message[0] = '\0';
    return s;
}

static round_status_t refuse(round_refusal_t why, const char *fmt, ...) {
    round_status_t s;
    s.refusal = why;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(s.message, sizeof s.message, fmt, ap);
    va_end(ap);
    return s;
}

/* "1,234.56" */
static const char *money(int64_t v, char buf[32]) {
    char digits[24];
    int64_t whole = (v < 0 ? -v : v) / 100, cents = (v < 0 ? -v : v) % 100;
    snprintf(digits, sizeof digits, "%lld", (long long)whole);
    int len = (int)strlen(digits), o = 0;
    if (v < 0) buf[o++] = '-';
    for (int i = 0; i < len; i++) {
        buf[o++] = digits[i];
        if ((len - i - 1) % 3 == 0 && i < len - 1) buf[o++] = ',';
    }
    snprintf(buf + o, (size_t)(32 - o), ".%02lld", (long long)cents);
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

static bool fixed_stake(wager_t w) {
    return w == WAGER_JACKPOT || w == WAGER_PROGRESSIVE;
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
    char b1[32];
    if (w < 0 || w >= WAGER_COUNT || !ru->offered[w] || !rules_variant_has_wager(ru->variant, w) ||
        !(w == WAGER_ANTE || wager_is_side(w)))
        return refuse(REFUSE_NOT_OFFERED, "That bet is not offered at this table.");
    if (wager_is_side(w) && seat->stake[WAGER_ANTE] == 0)
        return refuse(REFUSE_NEED_ANTE, "Place an ANTE before the %s bet.", wager_name(w));
    if (fixed_stake(w)) amount = ru->bet_max[w] - seat->stake[w];
    if (seat->stake[w] >= ru->bet_max[w])
        return refuse(REFUSE_AT_MAX, "%s is at its maximum of %s.", wager_name(w),
                      money(ru->bet_max[w], b1));
    if (amount <= 0) return refuse(REFUSE_BAD_ACTION, "A bet must be more than nothing.");
    /* a chip that would pass the limit fills the spot up to it (001) */
    if (amount > ru->bet_max[w] - seat->stake[w]) amount = ru->bet_max[w] - seat->stake[w];
    if (amount > seat->credits) return refuse(REFUSE_CREDITS, "Not enough credits for that bet.");
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
        return refuse(REFUSE_NO_BETS, "There are no bets to take back.");
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
    char b1[32];
    int64_t total = 0;
    for (int w = 0; w < WAGER_COUNT; w++) {
        if (!bets[w]) continue;
        if (!ru->offered[w] || !(w == WAGER_ANTE || wager_is_side((wager_t)w)))
            return refuse(REFUSE_NOT_OFFERED, "%s is not offered at this table.",
                          wager_name((wager_t)w));
        if (bets[w] > ru->bet_max[w])
            return refuse(REFUSE_AT_MAX, "%s would be over its maximum of %s.",
                          wager_name((wager_t)w), money(ru->bet_max[w], b1));
        total += bets[w];
    }
    if (total > 0 && bets[WAGER_ANTE] == 0)
        return refuse(REFUSE_NEED_ANTE, "Side bets need an ANTE.");
    if (total > credits) return refuse(REFUSE_CREDITS, "Not enough credits for those bets.");
    return ok();
}

static round_status_t repeat_bets(round_t *r, int s) {
    round_seat_t *seat = &r->seat[s];
    if (round_seat_staked(r, s) != 0)
        return refuse(REFUSE_NOT_NOW, "REPEAT places last round's bets on an empty table.");
    int64_t delta[WAGER_COUNT];
    memcpy(delta, seat->last_stake, sizeof delta);
    int64_t total = 0;
    for (int w = 0; w < WAGER_COUNT; w++) total += delta[w];
    if (total == 0) return refuse(REFUSE_NO_BETS, "There are no earlier bets to repeat.");
    round_status_t st = check_bet_set(r, delta, seat->credits);
    if (st.refusal) return st;
    move_bets(r, s, delta);
    push_undo(r, s, delta);
    return ok();
}

static round_status_t double_bets(round_t *r, int s) {
    round_seat_t *seat = &r->seat[s];
    const rules_t *ru = r->rules;
    if (round_seat_staked(r, s) == 0) return refuse(REFUSE_NO_BETS, "There are no bets to double.");
    int64_t delta[WAGER_COUNT] = {0}, total = 0;
    for (int w = 0; w < WAGER_COUNT; w++) {
        if (fixed_stake((wager_t)w) || !seat->stake[w]) continue;
        int64_t want = 2 * seat->stake[w];
        if (want > ru->bet_max[w]) want = ru->bet_max[w]; /* up to the maximum (001) */
        delta[w] = want - seat->stake[w];
        total += delta[w];
    }
    if (total == 0) return refuse(REFUSE_AT_MAX, "Every bet is already at its maximum.");
    if (total > seat->credits)
        return refuse(REFUSE_CREDITS, "Not enough credits to double every bet.");
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
    char b1[32], b2[32];
    int active = 0;
    for (int s = 0; s < r->nseats; s++) {
        round_seat_t *seat = &r->seat[s];
        if (seat->stake[WAGER_ANTE] == 0) {
            if (round_seat_staked(r, s) != 0)
                return refuse(REFUSE_NEED_ANTE, "Seat %d: side bets need an ANTE.", s + 1);
            continue;
        }
        for (int w = 0; w < WAGER_COUNT; w++)
            if (seat->stake[w] && seat->stake[w] < ru->bet_min[w])
                return refuse(REFUSE_BELOW_MIN, "%s must be at least %s.", wager_name((wager_t)w),
                              money(ru->bet_min[w], b1));
        /* the credits must cover every raise the hand may want: no hand is ever stuck */
        int64_t raises =
            rules_max_round_stake(ru, seat->stake[WAGER_ANTE], NULL) - seat->stake[WAGER_ANTE];
        if (seat->credits < raises)
            return refuse(REFUSE_CREDITS,
                          "Seat %d needs %s more credits to cover the raise "
                          "(has %s).",
                          s + 1, money(raises, b1), money(seat->credits, b2));
        active++;
    }
    if (active == 0) return refuse(REFUSE_NO_BETS, "Place an ANTE to deal.");

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

/* ---- settlement ---- */

static void set_result(round_t *r, int s, wager_t w, round_outcome_t o, int64_t returned) {
    round_seat_t *seat = &r->seat[s];
    if (!seat->stake[w]) return;
    seat->outcome[w] = o;
    seat->returned[w] = returned;
}

/* stake x (odds + 1), or the stake alone for a push */
static int64_t pays(int64_t stake, int32_t odds) {
    return stake + stake * odds;
}

/* Caps the win on one bet at the table's maximum payout. */
static int64_t capped(round_t *r, int s, wager_t w, int64_t stake, int64_t returned) {
    int64_t cap = r->rules->max_payout, win = returned - stake;
    if (cap > 0 && win > cap) {
        emit(r, EV_CAPPED, s, w, win, cap);
        return stake + cap;
    }
    return returned;
}

static void emit_hand(round_t *r, int who, int value, int category) {
    round_event_t *e = emit(r, EV_HAND, who, 0, 0, 0);
    e->value = value;
    e->index = (uint8_t)category;
}

/* The JACKPOT (live) or PROGRESSIVE (US) bet of every seat: fixed prizes, and the pool prize
 * shared by the winners of it in this round. */
static void settle_progressive(round_t *r) {
    const rules_t *ru = r->rules;
    wager_t w = ru->offered[WAGER_JACKPOT] ? WAGER_JACKPOT : WAGER_PROGRESSIVE;
    if (!ru->offered[w] || !r->pool) return;
    bool live = w == WAGER_JACKPOT;
    int64_t unit = live ? ru->jackpot_stake : ru->progressive_stake;

    /* contributions first: this round's stakes are in the pool it pays from */
    for (int s = 0; s < r->nseats; s++) {
        int64_t stake = r->seat[s].stake[w];
        if (!stake) continue;
        int64_t frac =
            live ? jackpot_contribute(r->pool, stake, ru->jackpot_top_bp, ru->jackpot_reserve_bp)
                 : jackpot_contribute(r->pool, stake, ru->progressive_increment_bp, 0);
        emit(r, EV_JACKPOT_CONTRIBUTION, s, w, frac, 0);
    }

    int cat[RULES_MAX_SEATS];
    int64_t royal_stakes = 0;
    for (int s = 0; s < r->nseats; s++) {
        round_seat_t *seat = &r->seat[s];
        cat[s] = -1;
        if (!seat->stake[w]) continue;
        cat[s] = (int)eval_category(value5(seat->cards));
        if (cat[s] == EVAL_ROYAL_FLUSH) royal_stakes += seat->stake[w];
    }
    /* Prizes are paid seat by seat from seat 1, each at the pool's value at its turn (002).
     * At the first royal's turn every royal of the round is paid from the value then (002,
     * rules.md: live style in proportion to the stakes, US style equally), and the pool starts
     * again from its reserve or reset value; a straight flush after that takes its share of
     * the new meter. */
    __extension__ typedef __int128 i128;
    int64_t prize[RULES_MAX_SEATS] = {0};
    bool royals_paid = false;
    int royals = 0;
    for (int s = 0; s < r->nseats; s++) royals += cat[s] == EVAL_ROYAL_FLUSH;
    for (int s = 0; s < r->nseats; s++) {
        int64_t stake = r->seat[s].stake[w];
        if (!stake) continue;
        int c = cat[s];
        if (c == EVAL_ROYAL_FLUSH) {
            if (royals_paid) continue; /* already paid with the first royal */
            int64_t value = jackpot_read(r->pool);
            for (int k = s; k < r->nseats; k++) {
                if (cat[k] != EVAL_ROYAL_FLUSH) continue;
                int64_t share =
                    live ? (int64_t)((i128)value * r->seat[k].stake[w] / royal_stakes)
                         : (int64_t)((i128)value * ru->progressive_meter_bp[EVAL_ROYAL_FLUSH] /
                                     RULES_BP / royals);
                prize[k] = jackpot_claim(r->pool, share);
            }
            royals_paid = true;
            jackpot_reset(r->pool, live ? ru->jackpot_seed : ru->progressive_reset);
            emit(r, EV_JACKPOT_RESET, ROUND_DEALER, w, jackpot_read(r->pool), 0);
        } else if (!live && ru->progressive_meter_bp[c] > 0) {
            int64_t share =
                (int64_t)((i128)jackpot_read(r->pool) * ru->progressive_meter_bp[c] / RULES_BP);
            prize[s] = jackpot_claim(r->pool, share);
        } else {
            /* fixed prizes, scaled by the stake, paid by the house */
            prize[s] = (live ? ru->jackpot_fixed[c] : ru->progressive_fixed[c]) * stake / unit;
        }
    }
    for (int s = 0; s < r->nseats; s++) {
        if (!r->seat[s].stake[w]) continue;
        if (prize[s] > 0) emit(r, EV_JACKPOT_WIN, s, w, prize[s], 0)->value = cat[s];
        set_result(r, s, w, prize[s] > 0 ? OUTCOME_WIN : OUTCOME_LOSE, prize[s]);
    }
}

static void settle_caribbean(round_t *r) {
    const rules_t *ru = r->rules;
    r->dealer_value = value5(r->dealer);
    eval_category_t dcat = eval_category(r->dealer_value);
    /* A-K or better: any pair, or ace-king high */
    r->dealer_qualifies = dcat >= EVAL_PAIR;
    if (!r->dealer_qualifies)
        r->dealer_qualifies = eval_tie_rank(r->dealer_value, 0) == CARD_RANK_A &&
                              eval_tie_rank(r->dealer_value, 1) == CARD_RANK_K;
    emit_hand(r, ROUND_DEALER, r->dealer_value, dcat);
    emit(r, r->dealer_qualifies ? EV_DEALER_QUALIFIES : EV_DEALER_NOT_QUALIFY, ROUND_DEALER, 0, 0,
         0)
        ->value = r->dealer_value;

    for (int s = 0; s < r->nseats; s++) {
        round_seat_t *seat = &r->seat[s];
        if (!seat->in_round) continue;
        seat->hand_value = value5(seat->cards);
        seat->hand_used = 0x1f;
        eval_category_t cat = eval_category(seat->hand_value);
        emit_hand(r, s, seat->hand_value, cat);
        int64_t ante = seat->stake[WAGER_ANTE], play = seat->stake[WAGER_PLAY];
        if (seat->folded) {
            set_result(r, s, WAGER_ANTE, OUTCOME_LOSE, 0);
        } else if (!r->dealer_qualifies) {
            set_result(r, s, WAGER_ANTE, OUTCOME_WIN,
                       capped(r, s, WAGER_ANTE, ante, pays(ante, 1)));
            set_result(r, s, WAGER_PLAY, OUTCOME_PUSH, play);
        } else if (seat->hand_value > r->dealer_value) {
            int32_t odds = ru->main_pays[cat];
            set_result(r, s, WAGER_ANTE, OUTCOME_WIN,
                       capped(r, s, WAGER_ANTE, ante, pays(ante, 1)));
            set_result(r, s, WAGER_PLAY, OUTCOME_WIN,
                       capped(r, s, WAGER_PLAY, play, pays(play, odds)));
        } else if (seat->hand_value == r->dealer_value) {
            set_result(r, s, WAGER_ANTE, OUTCOME_PUSH, ante);
            set_result(r, s, WAGER_PLAY, OUTCOME_PUSH, play);
        } else {
            set_result(r, s, WAGER_ANTE, OUTCOME_LOSE, 0);
            set_result(r, s, WAGER_PLAY, OUTCOME_LOSE, 0);
        }
        if (seat->stake[WAGER_BONUS51]) {
            card_t six[6];
            memcpy(six, seat->cards, 5);
            six[5] = r->dealer[0];
            int32_t odds = ru->bonus51_pays[eval_category(eval_best(six, 6, NULL))];
            int64_t st = seat->stake[WAGER_BONUS51];
            set_result(r, s, WAGER_BONUS51, odds > 0 ? OUTCOME_WIN : OUTCOME_LOSE,
                       odds > 0 ? pays(st, odds) : 0);
        }
    }
    settle_progressive(r);
}

/* Cajun's main wagers: the pay table by hand, pairs of sixes to tens push, lower loses. */
static void settle_cajun(round_t *r) {
    const rules_t *ru = r->rules;
    /* each seat's main-game win paid above the aggregate odds, for the limit */
    int64_t big[RULES_MAX_SEATS] = {0};
    int64_t big_total = 0;

    for (int s = 0; s < r->nseats; s++) {
        round_seat_t *seat = &r->seat[s];
        if (!seat->in_round) continue;
        card_t five[5] = {seat->cards[0], seat->cards[1], r->board[0], r->board[1], r->board[2]};
        seat->hand_value = value5(five);
        seat->hand_used = 0x1f;
        eval_category_t cat = eval_category(seat->hand_value);
        emit_hand(r, s, seat->hand_value, cat);
        int tie[5];
        eval_tie_ranks(seat->hand_value, tie);
        round_outcome_t o;
        int32_t odds = 0;
        if (seat->folded)
            o = OUTCOME_LOSE;
        else if (cat > EVAL_PAIR || (cat == EVAL_PAIR && tie[0] >= CARD_RANK_J)) {
            o = OUTCOME_WIN;
            odds = ru->main_pays[cat];
        } else if (cat == EVAL_PAIR && tie[0] >= CARD_RANK_6)
            o = OUTCOME_PUSH;
        else
            o = OUTCOME_LOSE;
        for (int w = WAGER_ANTE; w <= WAGER_RAISE_3; w++) {
            if (w == WAGER_PLAY) continue;
            int64_t st = seat->stake[w];
            if (!st) continue;
            int64_t ret = o == OUTCOME_WIN ? pays(st, odds) : o == OUTCOME_PUSH ? st : 0;
            set_result(r, s, (wager_t)w, o, ret);
            if (o == OUTCOME_WIN && ru->aggregate_limit > 0 && odds > ru->aggregate_odds) {
                big[s] += ret - st;
                big_total += ret - st;
            }
        }
        /* side bets resolve whatever the decisions were */
        if (seat->stake[WAGER_BOARD]) {
            int32_t odds3 = ru->board_pays[eval_board3(r->board)];
            int64_t st = seat->stake[WAGER_BOARD];
            set_result(r, s, WAGER_BOARD, odds3 > 0 ? OUTCOME_WIN : OUTCOME_LOSE,
                       odds3 > 0 ? pays(st, odds3) : 0);
        }
        if (seat->stake[WAGER_POCKET]) {
            int32_t oddsp = ru->pocket_pays[eval_pocket(seat->cards)];
            int64_t st = seat->stake[WAGER_POCKET];
            set_result(r, s, WAGER_POCKET, oddsp > 0 ? OUTCOME_WIN : OUTCOME_LOSE,
                       oddsp > 0 ? pays(st, oddsp) : 0);
        }
        if (seat->stake[WAGER_LOBALL]) {
            int high = eval_lowball_high(five);
            int32_t oddsl = high >= 0 ? ru->loball_pays[high] : 0;
            int64_t st = seat->stake[WAGER_LOBALL];
            set_result(r, s, WAGER_LOBALL, oddsl > 0 ? OUTCOME_WIN : OUTCOME_LOSE,
                       oddsl > 0 ? pays(st, oddsl) : 0);
        }
    }
    /* the aggregate limit (003 J-K): each seat's such win is paid limit x win / total, rounded
     * down; within the seat the paid amount is spread over its wagers in proportion, the odd
     * cents on the ante, so the seat gets exactly its share */
    if (big_total > ru->aggregate_limit) {
        __extension__ typedef __int128 i128;
        for (int s = 0; s < r->nseats; s++) {
            if (!big[s]) continue;
            round_seat_t *seat = &r->seat[s];
            int64_t paid = (int64_t)((i128)ru->aggregate_limit * big[s] / big_total);
            emit(r, EV_AGGREGATE, s, WAGER_ANTE, big[s], paid);
            int64_t given = 0;
            for (int w = WAGER_RAISE_1; w <= WAGER_RAISE_3; w++) {
                int64_t win = seat->returned[w] - seat->stake[w];
                if (win <= 0) continue;
                int64_t part = (int64_t)((i128)paid * win / big[s]);
                seat->returned[w] = seat->stake[w] + part;
                given += part;
            }
            seat->returned[WAGER_ANTE] = seat->stake[WAGER_ANTE] + (paid - given);
        }
    }
}

static void settle_asian(round_t *r) {
    const rules_t *ru = r->rules;
    eval_asian_t d = eval_asian(r->dealer);
    r->dealer_qualifies = d.qualifies;
    r->dealer_value = d.value;
    emit_hand(r, ROUND_DEALER, d.value, d.qualifies);
    emit(r, d.qualifies ? EV_DEALER_QUALIFIES : EV_DEALER_NOT_QUALIFY, ROUND_DEALER, 0, 0, 0)
        ->value = d.value;
    for (int s = 0; s < r->nseats; s++) {
        round_seat_t *seat = &r->seat[s];
        if (!seat->in_round) continue;
        eval_asian_t p = eval_asian(seat->cards);
        seat->hand_value = p.value;
        seat->hand_used = p.three;
        emit_hand(r, s, p.value, p.qualifies);
        int64_t ante = seat->stake[WAGER_ANTE], raise = seat->stake[WAGER_PLAY];
        int64_t won = 0;
        if (seat->folded) {
            set_result(r, s, WAGER_ANTE, OUTCOME_LOSE, 0);
        } else if (!d.qualifies) {
            set_result(r, s, WAGER_ANTE, OUTCOME_WIN, pays(ante, 1));
            set_result(r, s, WAGER_PLAY, OUTCOME_PUSH, raise);
            won = ante;
        } else if (!p.qualifies || p.value < d.value) {
            set_result(r, s, WAGER_ANTE, OUTCOME_LOSE, 0);
            set_result(r, s, WAGER_PLAY, OUTCOME_LOSE, 0);
        } else if (p.value == d.value) {
            set_result(r, s, WAGER_ANTE, OUTCOME_PUSH, ante);
            set_result(r, s, WAGER_PLAY, OUTCOME_PUSH, raise);
        } else {
            /* rules.md: the ante wins 1 to 1 and the raise the margin odds; the literal
             * reading (asian_odds_on_ante) pays the margin odds on both */
            int32_t odds = ru->asian_margin_pays[p.value - d.value];
            int32_t ante_odds = ru->asian_odds_on_ante ? odds : 1;
            set_result(r, s, WAGER_ANTE, OUTCOME_WIN, pays(ante, ante_odds));
            set_result(r, s, WAGER_PLAY, OUTCOME_WIN, pays(raise, odds));
            won = ante * ante_odds + raise * odds;
        }
        /* the commission comes off the player's net win of the round, ante and raise together,
         * rounded down (rules.md): out of the ante's win first, then the raise's; it is below
         * the two wins together, so both stakes always come back whole */
        if (won > 0 && ru->asian_commission_bp > 0) {
            int64_t c = won * ru->asian_commission_bp / RULES_BP;
            if (c > 0) {
                seat->commission = c;
                int64_t ante_win = seat->returned[WAGER_ANTE] - ante;
                int64_t from_ante = c < ante_win ? c : ante_win;
                seat->returned[WAGER_ANTE] -= from_ante;
                seat->returned[WAGER_PLAY] -= c - from_ante;
                emit(r, EV_COMMISSION, s, WAGER_ANTE, c, 0);
            }
        }
        if (seat->stake[WAGER_ASIAN_BONUS]) {
            int32_t odds = ru->asian_bonus_pays[eval_asian_bonus(seat->cards)];
            int64_t st = seat->stake[WAGER_ASIAN_BONUS];
            set_result(r, s, WAGER_ASIAN_BONUS, odds > 0 ? OUTCOME_WIN : OUTCOME_LOSE,
                       odds > 0 ? pays(st, odds) : 0);
        }
    }
}

static void settle(round_t *r) {
    const rules_t *ru = r->rules;
    if (ru->variant != VARIANT_CAJUN) {
        r->dealer_revealed = true;
        emit(r, EV_DEALER_REVEALED, ROUND_DEALER, 0, 0, 0);
    }
    switch (ru->variant) {
    case VARIANT_CARIBBEAN:
        settle_caribbean(r);
        break;
    case VARIANT_CAJUN:
        settle_cajun(r);
        break;
    case VARIANT_ASIAN:
        settle_asian(r);
        break;
    default:
        break;
    }
    for (int s = 0; s < r->nseats; s++) {
        round_seat_t *seat = &r->seat[s];
        if (!seat->in_round) continue;
        int64_t win = 0;
        for (int w = 0; w < WAGER_COUNT; w++) {
            if (!seat->stake[w]) continue;
            emit(r, EV_RESULT, s, w, seat->stake[w], seat->returned[w])->outcome =
                (uint8_t)seat->outcome[w];
            int64_t wwin = seat->returned[w] - (fixed_stake((wager_t)w) ? 0 : seat->stake[w]);
            if (wwin > 0) win += wwin;
            /* side-bet wins that must be reported for tax (003 M) */
            if (wager_is_side((wager_t)w) && ru->tax_threshold > 0 && wwin > ru->tax_threshold &&
                wwin >= (int64_t)ru->tax_multiple * seat->stake[w])
                emit(r, EV_TAX_FLAG, s, w, wwin, 0);
            seat->credits += seat->returned[w];
        }
        if (ru->handpay_threshold > 0 && win >= ru->handpay_threshold) {
            seat->handpay = true;
            emit(r, EV_HANDPAY, s, 0, win, 0);
        }
    }
    r->phase = ROUND_SETTLED;
    emit(r, EV_SETTLED, ROUND_DEALER, 0, 0, 0);
}

/* ---- decisions ---- */

bool round_seat_can_decide(const round_t *r, int s) {
    if (r->phase != ROUND_DECIDING || s < 0 || s >= r->nseats) return false;
    const round_seat_t *seat = &r->seat[s];
    return seat->in_round && !seat->folded && seat->decided_step < r->step;
}

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
    settle(r);
}

static round_status_t decide(round_t *r, int s, bool play, int multiple) {
    const rules_t *ru = r->rules;
    round_seat_t *seat = &r->seat[s];
    if (!seat->in_round) return refuse(REFUSE_NO_SEAT, "Seat %d is not in this round.", s + 1);
    if (seat->folded || seat->decided_step >= r->step)
        return refuse(REFUSE_ALREADY_DECIDED, "Seat %d has already decided.", s + 1);
    if (play) {
        wager_t w = WAGER_PLAY;
        int64_t amount = seat->stake[WAGER_ANTE];
        if (ru->variant == VARIANT_CARIBBEAN) amount *= 2;
        if (ru->variant == VARIANT_CAJUN) {
            if (multiple < 1 || multiple > 3)
                return refuse(REFUSE_BAD_RAISE, "Raise 1x, 2x or 3x the ANTE.");
            w = (wager_t)(WAGER_RAISE_1 + r->step);
            amount *= multiple;
        }
        if (amount > seat->credits) /* cannot happen after the deal's check; kept as a guard */
            return refuse(REFUSE_CREDITS, "Not enough credits to raise.");
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
    if (a->type >= ACT_COUNT) return refuse(REFUSE_BAD_ACTION, "Unknown action.");
    if (r->phase == ROUND_SETTLED || r->phase == ROUND_VOID)
        return refuse(REFUSE_NOT_NOW, "This round is over.");
    int s = a->seat;
    bool seat_action = a->type != ACT_DEAL && a->type != ACT_TIMEOUT && a->type != ACT_VOID;
    if (seat_action && s >= r->nseats) return refuse(REFUSE_NO_SEAT, "There is no seat %d.", s + 1);

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
            return refuse(REFUSE_NOT_NOW, "No more bets: the cards are dealt.");
        break;
    case ACT_PLAY:
    case ACT_FOLD:
        if (r->phase != ROUND_DECIDING)
            return refuse(REFUSE_NOT_NOW, "Decide once the cards are dealt.");
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
        return refuse(REFUSE_BAD_ACTION, "Unknown action.");
    }
}

const char *round_outcome_name(round_outcome_t o) {
    static const char *const names[] = {"", "WIN", "PUSH", "LOSE", "REFUND"};
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
                                                "handpay",
                                                "tax-flag",
                                                "settled",
                                                "void"};
    return t >= 0 && t < EV_COUNT ? names[t] : "?";
}
