#include "sidebets.h"

#include <stdio.h>
#include <string.h>

static void start(par_bet_t *b, const char *key, const char *name) {
    memset(b, 0, sizeof *b);
    snprintf(b->key, sizeof b->key, "%s", key);
    snprintf(b->name, sizeof b->name, "%s", name);
    b->scale = 1;
}

/* "x to 1" lines: a pay of 0 loses the stake. */
static void odds_line(par_bet_t *b, const char *name, uint64_t count, int32_t pay) {
    if (count == 0 && pay == 0) return;
    par_add_line(b, name, count, pay > 0 ? pay : -1);
}

void side_count5(uint64_t counts[EVAL_CATEGORIES]) {
    memset(counts, 0, EVAL_CATEGORIES * sizeof counts[0]);
    uint32_t byvalue[EVAL_CLASSES + 1] = {0};
    eval_hand_t h0 = eval_hand_empty();
    for (int a = 0; a < 48; a++) {
        eval_hand_t h1 = eval_hand_add(h0, (card_t)a);
        for (int b = a + 1; b < 49; b++) {
            eval_hand_t h2 = eval_hand_add(h1, (card_t)b);
            for (int c = b + 1; c < 50; c++) {
                eval_hand_t h3 = eval_hand_add(h2, (card_t)c);
                for (int d = c + 1; d < 51; d++) {
                    eval_hand_t h4 = eval_hand_add(h3, (card_t)d);
                    for (int e = d + 1; e < 52; e++)
                        byvalue[eval_hand_value(eval_hand_add(h4, (card_t)e))]++;
                }
            }
        }
    }
    for (int v = 1; v <= EVAL_CLASSES; v++) counts[eval_category(v)] += byvalue[v];
}

void side_bonus51(const rules_t *r, par_bet_t *b) {
    start(b, "bonus51", "5+1 BONUS");
    uint32_t byvalue[EVAL_CLASSES + 1] = {0};
    eval_hand_t h0 = eval_hand_empty();
    for (int a = 0; a < 47; a++) {
        eval_hand_t h1 = eval_hand_add(h0, (card_t)a);
        for (int c2 = a + 1; c2 < 48; c2++) {
            eval_hand_t h2 = eval_hand_add(h1, (card_t)c2);
            for (int c = c2 + 1; c < 49; c++) {
                eval_hand_t h3 = eval_hand_add(h2, (card_t)c);
                for (int d = c + 1; d < 50; d++) {
                    eval_hand_t h4 = eval_hand_add(h3, (card_t)d);
                    for (int e = d + 1; e < 51; e++) {
                        eval_hand_t h5 = eval_hand_add(h4, (card_t)e);
                        for (int f = e + 1; f < 52; f++)
                            byvalue[eval_hand_value(eval_hand_add(h5, (card_t)f))]++;
                    }
                }
            }
        }
    }
    uint64_t counts[EVAL_CATEGORIES] = {0};
    for (int v = 1; v <= EVAL_CLASSES; v++) counts[eval_category(v)] += byvalue[v];
    uint64_t lose = 0;
    for (int c = EVAL_CATEGORIES - 1; c >= 0; c--) {
        if (r->bonus51_pays[c] > 0)
            odds_line(b, eval_category_name((eval_category_t)c), counts[c], r->bonus51_pays[c]);
        else
            lose += counts[c];
    }
    par_add_line(b, "Loses", lose, -1);
    par_finish(b);
    snprintf(b->note, sizeof b->note,
             "best five of the player's five cards and the dealer's up card, all C(52,6) sets");
}

/* Fixed-prize lines for a stake (prizes are totals, stake not returned): result in minor
 * units per stake, scale = stake. */
static void fixed_lines(par_bet_t *b, const uint64_t counts[EVAL_CATEGORIES],
                        const int64_t fixed[EVAL_CATEGORIES],
                        const int32_t meter_bp[EVAL_CATEGORIES], int64_t stake, bool royal_meter) {
    b->scale = stake;
    b->stake = stake;
    b->fixed_prize = true;
    uint64_t lose = 0;
    char name[PAR_NAME_LEN];
    for (int c = EVAL_CATEGORIES - 1; c >= 0; c--) {
        bool meter = (meter_bp && meter_bp[c] > 0) || (royal_meter && c == EVAL_ROYAL_FLUSH);
        if (meter) {
            if (meter_bp && meter_bp[c] > 0 && meter_bp[c] != RULES_BP)
                snprintf(name, sizeof name, "%s (%d.%02d%% of the meter)",
                         eval_category_name((eval_category_t)c), meter_bp[c] / 100,
                         meter_bp[c] % 100);
            else
                snprintf(name, sizeof name, "%s (the meter)",
                         eval_category_name((eval_category_t)c));
            par_add_line(b, name, counts[c], fixed[c] - stake);
        } else if (fixed[c] > 0) {
            par_add_line(b, eval_category_name((eval_category_t)c), counts[c], fixed[c] - stake);
        } else
            lose += counts[c];
    }
    par_add_line(b, "Loses", lose, -stake);
    par_finish(b);
}

void side_jackpot(const rules_t *r, par_bet_t *b) {
    start(b, "jackpot", "JACKPOT");
    uint64_t counts[EVAL_CATEGORIES];
    side_count5(counts);
    int64_t stake = r->jackpot_stake > 0 ? r->jackpot_stake : 100;
    fixed_lines(b, counts, r->jackpot_fixed, NULL, stake, true);
    b->has_meter = true;
    b->meter_num = counts[EVAL_ROYAL_FLUSH];
    b->meter_den = b->total;
    b->extra_num = (par_int)r->jackpot_top_bp + r->jackpot_reserve_bp;
    b->extra_den = RULES_BP;
    /* the fixed prizes' exact cost against their funding share */
    par_int n, d;
    par_ev(b, &n, &d);
    long double fixed_cost = 1.0L + par_to_ld(n) / par_to_ld(d);
    snprintf(b->note, sizeof b->note,
             "long run: %.2f%% top prize + %.2f%% reserve + fixed prizes %.4Lf%% (funded %.2f%%); "
             "the player's own five cards",
             r->jackpot_top_bp / 100.0, r->jackpot_reserve_bp / 100.0, 100.0L * fixed_cost,
             r->jackpot_fixed_bp / 100.0);
}

void side_progressive(const rules_t *r, par_bet_t *b) {
    start(b, "progressive", "PROGRESSIVE");
    uint64_t counts[EVAL_CATEGORIES];
    side_count5(counts);
    int64_t stake = r->progressive_stake > 0 ? r->progressive_stake : 100;
    fixed_lines(b, counts, r->progressive_fixed, r->progressive_meter_bp, stake, false);
    b->has_meter = true;
    b->meter_num = 0;
    for (int c = 0; c < EVAL_CATEGORIES; c++)
        b->meter_num += (par_int)counts[c] * r->progressive_meter_bp[c];
    b->meter_den = b->total * RULES_BP;
    /* long run: every increment is paid, and each royal is followed by a reset the house
     * seeds: increment_bp / BP + P(royal) * reset / stake */
    b->extra_den = b->total * RULES_BP * stake;
    b->extra_num = (par_int)r->progressive_increment_bp * b->total * stake +
                   (par_int)counts[EVAL_ROYAL_FLUSH] * r->progressive_reset * RULES_BP;
    snprintf(b->note, sizeof b->note,
             "long run: fixed prizes + %.2f%% meter increment + the reset seeding per royal "
             "(one seat); the player's own five cards",
             r->progressive_increment_bp / 100.0);
}

void side_board(const rules_t *r, par_bet_t *b) {
    start(b, "board", "BOARD BONUS");
    uint64_t counts[EVAL3_CATEGORIES] = {0};
    for (int a = 0; a < 50; a++)
        for (int c2 = a + 1; c2 < 51; c2++)
            for (int c = c2 + 1; c < 52; c++) {
                card_t cards[3] = {(card_t)a, (card_t)c2, (card_t)c};
                counts[eval_board3(cards)]++;
            }
    uint64_t lose = 0;
    for (int c = EVAL3_CATEGORIES - 1; c >= 0; c--) {
        if (r->board_pays[c] > 0)
            odds_line(b, eval3_category_name((eval3_category_t)c), counts[c], r->board_pays[c]);
        else
            lose += counts[c];
    }
    par_add_line(b, "Loses", lose, -1);
    par_finish(b);
    snprintf(b->note, sizeof b->note, "the three community cards, all C(52,3) boards");
}

void side_pocket(const rules_t *r, par_bet_t *b) {
    start(b, "pocket", "POCKET BONUS");
    uint64_t counts[EVAL_POCKET_CATEGORIES] = {0};
    for (int a = 0; a < 51; a++)
        for (int c = a + 1; c < 52; c++) {
            card_t cards[2] = {(card_t)a, (card_t)c};
            counts[eval_pocket(cards)]++;
        }
    uint64_t lose = 0;
    for (int c = EVAL_POCKET_CATEGORIES - 1; c >= 0; c--) {
        if (r->pocket_pays[c] > 0)
            odds_line(b, eval_pocket_name((eval_pocket_t)c), counts[c], r->pocket_pays[c]);
        else
            lose += counts[c];
    }
    par_add_line(b, "Loses", lose, -1);
    par_finish(b);
    snprintf(b->note, sizeof b->note, "the two hole cards, all C(52,2) pairs of cards");
}

void side_loball(const rules_t *r, par_bet_t *b) {
    start(b, "loball", "LO BALL");
    uint64_t counts[CARD_RANKS] = {0}, nohigh = 0;
    for (int a = 0; a < 48; a++)
        for (int c2 = a + 1; c2 < 49; c2++)
            for (int c = c2 + 1; c < 50; c++)
                for (int d = c + 1; d < 51; d++)
                    for (int e = d + 1; e < 52; e++) {
                        card_t cards[5] = {(card_t)a, (card_t)c2, (card_t)c, (card_t)d, (card_t)e};
                        int hi = eval_lowball_high(cards);
                        if (hi < 0)
                            nohigh++;
                        else
                            counts[hi]++;
                    }
    uint64_t lose = nohigh;
    char name[PAR_NAME_LEN];
    for (int k = 0; k < CARD_RANKS; k++) {
        if (r->loball_pays[k] > 0) {
            snprintf(name, sizeof name, "%s high", card_rank_word(k));
            odds_line(b, name, counts[k], r->loball_pays[k]);
        } else
            lose += counts[k];
    }
    par_add_line(b, "Loses", lose, -1);
    par_finish(b);
    snprintf(b->note, sizeof b->note,
             "the five-card hand (no pair, straight or flush), all C(52,5)");
}

void side_asian_bonus(const rules_t *r, par_bet_t *b) {
    start(b, "asian_bonus", "BONUS");
    uint64_t counts[EVAL_ABONUS_CATEGORIES] = {0};
    for (int a = 0; a < 49; a++)
        for (int c2 = a + 1; c2 < 50; c2++)
            for (int c = c2 + 1; c < 51; c++)
                for (int d = c + 1; d < 52; d++)
                    for (int e = d + 1; e < 53; e++) {
                        card_t cards[5] = {(card_t)a, (card_t)c2, (card_t)c, (card_t)d, (card_t)e};
                        counts[eval_asian_bonus(cards)]++;
                    }
    uint64_t lose = 0;
    for (int c = EVAL_ABONUS_CATEGORIES - 1; c >= 0; c--) {
        if (r->asian_bonus_pays[c] > 0)
            odds_line(b, eval_asian_bonus_name((eval_asian_bonus_t)c), counts[c],
                      r->asian_bonus_pays[c]);
        else
            lose += counts[c];
    }
    par_add_line(b, "Loses", lose, -1);
    par_finish(b);
    snprintf(b->note, sizeof b->note,
             "the player's five cards from 53 (joker completes straights and flushes, else an "
             "ace), all C(53,5)");
}
