/* The round's settlement (round.h): each variant's comparison and pay tables, the JACKPOT or
 * progressive pool, the payout cap, and the events a screen shows for them. */
#include <string.h>

#include "nls.h"
#include "round_internal.h"

/* eval_value(cards, 5), through eval.h's inline steps: every settlement values two hands or
 * more, and the call and its loop cost about as much as the lookups. */
static inline int value5(const card_t cards[5]) {
    eval_hand_t h = eval_hand_empty();
    for (int i = 0; i < 5; i++) h = eval_hand_add(h, cards[i]);
    return eval_hand_value(h);
}

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

/* The hand a bet was judged on and the odds it paid, for the screen. */
static void judged(round_t *r, int s, wager_t w, const char *hand, int32_t odds) {
    r->seat[s].judged[w] = hand;
    r->seat[s].judged_odds[w] = odds;
}

/* Lo Ball's hands by their highest card (eval_lowball_high). */
static const char *low_name(int high) {
    static const char *const NAMES[CARD_RANKS] = {
        [CARD_RANK_7] = N_("Seven Low"), [CARD_RANK_8] = N_("Eight Low"),
        [CARD_RANK_9] = N_("Nine Low"),  [CARD_RANK_T] = N_("Ten Low"),
        [CARD_RANK_J] = N_("Jack Low"),  [CARD_RANK_Q] = N_("Queen Low"),
        [CARD_RANK_K] = N_("King Low"),  [CARD_RANK_A] = N_("Ace Low")};
    return high >= 0 && high < CARD_RANKS && NAMES[high] ? NAMES[high] : N_("No Low Hand");
}

/* Asian Stud's win by points: the margin the raise's odds are paid by. */
static const char *margin_name(int margin) {
    static const char *const NAMES[10] = {"",
                                          N_("Wins by 1 point"),
                                          N_("Wins by 2 points"),
                                          N_("Wins by 3 points"),
                                          N_("Wins by 4 points"),
                                          N_("Wins by 5 points"),
                                          N_("Wins by 6 points"),
                                          N_("Wins by 7 points"),
                                          N_("Wins by 8 points"),
                                          N_("Wins by 9 points")};
    return margin > 0 && margin < 10 ? NAMES[margin] : "";
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
        if (c == EVAL_ROYAL_FLUSH && ru->pool_linked) {
            /* the prize is the linked pool's: claimed from its controller after the round */
            emit(r, EV_JACKPOT_LINKED, s, w, stake, 0)->value = c;
        } else if (c == EVAL_ROYAL_FLUSH) {
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
        } else if (!live && !ru->pool_linked && ru->progressive_meter_bp[c] > 0) {
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
        bool claimed = ru->pool_linked && cat[s] == EVAL_ROYAL_FLUSH;
        set_result(r, s, w, prize[s] > 0 || claimed ? OUTCOME_WIN : OUTCOME_LOSE, prize[s]);
        judged(r, s, w, eval_category_name((eval_category_t)cat[s]), 0);
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
            judged(r, s, WAGER_PLAY, eval_category_name(cat), odds);
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
            eval_category_t c6 = eval_category(eval_best(six, 6, NULL));
            int32_t odds = ru->bonus51_pays[c6];
            int64_t st = seat->stake[WAGER_BONUS51];
            set_result(r, s, WAGER_BONUS51, odds > 0 ? OUTCOME_WIN : OUTCOME_LOSE,
                       odds > 0 ? pays(st, odds) : 0);
            judged(r, s, WAGER_BONUS51, eval_category_name(c6), odds);
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
        judged(r, s, WAGER_ANTE, eval_category_name(cat), odds);
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
            eval3_category_t c3 = eval_board3(r->board);
            int32_t odds3 = ru->board_pays[c3];
            int64_t st = seat->stake[WAGER_BOARD];
            set_result(r, s, WAGER_BOARD, odds3 > 0 ? OUTCOME_WIN : OUTCOME_LOSE,
                       odds3 > 0 ? pays(st, odds3) : 0);
            judged(r, s, WAGER_BOARD, eval3_category_name(c3), odds3);
        }
        if (seat->stake[WAGER_POCKET]) {
            eval_pocket_t cp = eval_pocket(seat->cards);
            int32_t oddsp = ru->pocket_pays[cp];
            int64_t st = seat->stake[WAGER_POCKET];
            set_result(r, s, WAGER_POCKET, oddsp > 0 ? OUTCOME_WIN : OUTCOME_LOSE,
                       oddsp > 0 ? pays(st, oddsp) : 0);
            judged(r, s, WAGER_POCKET, eval_pocket_name(cp), oddsp);
        }
        if (seat->stake[WAGER_LOBALL]) {
            int high = eval_lowball_high(five);
            int32_t oddsl = high >= 0 ? ru->loball_pays[high] : 0;
            int64_t st = seat->stake[WAGER_LOBALL];
            set_result(r, s, WAGER_LOBALL, oddsl > 0 ? OUTCOME_WIN : OUTCOME_LOSE,
                       oddsl > 0 ? pays(st, oddsl) : 0);
            judged(r, s, WAGER_LOBALL, low_name(high), oddsl);
        }
    }
    /* the aggregate limit (003 J-K): each seat's such win is paid limit x win / total, rounded
     * down */
    if (big_total > ru->aggregate_limit) {
        for (int s = 0; s < r->nseats; s++) {
            if (!big[s]) continue;
            int64_t paid = round_aggregate_share(ru->aggregate_limit, big[s], big_total);
            emit(r, EV_AGGREGATE, s, WAGER_ANTE, big[s], paid);
            round_aggregate_spread(r->seat[s].stake, r->seat[s].returned, big[s], paid);
        }
    }
}

int64_t round_aggregate_share(int64_t limit, int64_t win, int64_t total) {
    __extension__ typedef __int128 i128;
    if (total <= limit || total <= 0) return win;
    return (int64_t)((i128)limit * win / total);
}

/* Within a seat the paid amount is spread over its wagers in proportion, the odd cents on the
 * ante, so the seat gets exactly its share. */
void round_aggregate_spread(const int64_t stake[WAGER_COUNT], int64_t returned[WAGER_COUNT],
                            int64_t big, int64_t paid) {
    __extension__ typedef __int128 i128;
    if (big <= 0) return;
    int64_t given = 0;
    for (int w = WAGER_RAISE_1; w <= WAGER_RAISE_3; w++) {
        int64_t win = returned[w] - stake[w];
        if (win <= 0) continue;
        int64_t part = (int64_t)((i128)paid * win / big);
        returned[w] = stake[w] + part;
        given += part;
    }
    returned[WAGER_ANTE] = stake[WAGER_ANTE] + (paid - given);
}

int64_t round_aggregate_win(const round_t *r, int seat) {
    const rules_t *ru = r->rules;
    if (ru->variant != VARIANT_CAJUN || seat < 0 || seat >= r->nseats) return 0;
    const round_seat_t *st = &r->seat[seat];
    if (!st->in_round || st->folded || r->phase != ROUND_SETTLED) return 0;
    eval_category_t cat = eval_category(st->hand_value);
    if (ru->main_pays[cat] <= ru->aggregate_odds) return 0;
    int64_t big = 0;
    for (int w = WAGER_ANTE; w <= WAGER_RAISE_3; w++)
        if (w != WAGER_PLAY && st->returned[w] > st->stake[w])
            big += st->returned[w] - st->stake[w];
    return big;
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
            judged(r, s, WAGER_PLAY, margin_name(p.value - d.value), odds);
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
            eval_asian_bonus_t cb = eval_asian_bonus(seat->cards);
            int32_t odds = ru->asian_bonus_pays[cb];
            judged(r, s, WAGER_ASIAN_BONUS, eval_asian_bonus_name(cb), odds);
            int64_t st = seat->stake[WAGER_ASIAN_BONUS];
            set_result(r, s, WAGER_ASIAN_BONUS, odds > 0 ? OUTCOME_WIN : OUTCOME_LOSE,
                       odds > 0 ? pays(st, odds) : 0);
        }
    }
}

void round_settle(round_t *r) {
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
