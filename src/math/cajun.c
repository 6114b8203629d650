#include "cajun.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum {
    K_ROYAL,
    K_SF,
    K_QUADS,
    K_FULL,
    K_FLUSH,
    K_STRAIGHT,
    K_TRIPS,
    K_TWOPAIR,
    K_HIGHPAIR,
    K_PUSHPAIR,
    K_LOSE,
    K_KINDS
};

static const char *const KIND_NAMES[K_KINDS] = {"Royal flush",
                                                "Straight flush",
                                                "Four of a kind",
                                                "Full house",
                                                "Flush",
                                                "Straight",
                                                "Three of a kind",
                                                "Two pair",
                                                "Pair of jacks or better",
                                                "Pair of 6s to 10s (push)",
                                                "Lower hand (loses)"};

static int kind_of(int value) {
    eval_category_t c = eval_category(value);
    switch (c) {
    case EVAL_ROYAL_FLUSH:
        return K_ROYAL;
    case EVAL_STRAIGHT_FLUSH:
        return K_SF;
    case EVAL_QUADS:
        return K_QUADS;
    case EVAL_FULL_HOUSE:
        return K_FULL;
    case EVAL_FLUSH:
        return K_FLUSH;
    case EVAL_STRAIGHT:
        return K_STRAIGHT;
    case EVAL_TRIPS:
        return K_TRIPS;
    case EVAL_TWO_PAIR:
        return K_TWOPAIR;
    case EVAL_PAIR: {
        int ranks[5];
        eval_tie_ranks(value, ranks);
        if (ranks[0] >= CARD_RANK_J) return K_HIGHPAIR;
        if (ranks[0] >= CARD_RANK_6) return K_PUSHPAIR;
        return K_LOSE;
    }
    default:
        return K_LOSE;
    }
}

static void kind_results(const rules_t *r, int64_t res[K_KINDS]) {
    static const eval_category_t cat[K_KINDS] = {
        EVAL_ROYAL_FLUSH, EVAL_STRAIGHT_FLUSH, EVAL_QUADS,    EVAL_FULL_HOUSE,
        EVAL_FLUSH,       EVAL_STRAIGHT,       EVAL_TRIPS,    EVAL_TWO_PAIR,
        EVAL_PAIR,        EVAL_PAIR,           EVAL_HIGH_CARD};
    for (int k = 0; k < K_KINDS; k++) res[k] = r->main_pays[cat[k]];
    res[K_PUSHPAIR] = 0;
    res[K_LOSE] = -1;
}

/* One hole-card class: the stage-3 nodes (c1, c2) with their outcome counts over c3. */
typedef struct work {
    uint8_t cnt[52][52][K_KINDS];
    int32_t sum[52][52]; /* sum of results over the 48 last cards */
    int8_t kind[EVAL_CLASSES + 1];
    int64_t res[K_KINDS];
} work_t;

/* Best at stage 3, values in 1/48 antes: returns the raise (0 = fold). */
/* opt (may be NULL) gets the value of each choice: [0] FOLD, [x] RAISE x. */
static int best3(int64_t s, int c, int64_t *v, int64_t *opt) {
    int best = 0;
    int64_t bv = -48 * (int64_t)c;
    if (opt) opt[0] = bv;
    for (int x = 1; x <= 3; x++) {
        int64_t e = (int64_t)(c + x) * s;
        if (opt) opt[x] = e;
        if (e >= bv) bv = e, best = x;
    }
    *v = bv;
    return best;
}

static int best2(const work_t *w, int c1, int c, const uint64_t used, int64_t *v, int64_t *opt) {
    int best = 0;
    int64_t bv = -(int64_t)c * 49 * 48;
    if (opt) opt[0] = bv;
    for (int x = 1; x <= 3; x++) {
        int64_t e = 0, t;
        for (int c2 = 0; c2 < 52; c2++) {
            if (used >> c2 & 1 || c2 == c1) continue;
            best3(w->sum[c1][c2], c + x, &t, NULL);
            e += t;
        }
        if (opt) opt[x] = e;
        if (e >= bv) bv = e, best = x;
    }
    *v = bv;
    return best;
}

static int best1(const work_t *w, uint64_t used, int64_t *v, int64_t *opt) {
    int best = 0;
    int64_t bv = -(int64_t)50 * 49 * 48;
    if (opt) opt[0] = bv;
    for (int x = 1; x <= 3; x++) {
        int64_t e = 0, t;
        for (int c1 = 0; c1 < 52; c1++) {
            if (used >> c1 & 1) continue;
            best2(w, c1, 1 + x, used, &t, NULL);
            e += t;
        }
        if (opt) opt[x] = e;
        if (e >= bv) bv = e, best = x;
    }
    *v = bv;
    return best;
}

static void fill_nodes(work_t *w, card_t h0, card_t h1) {
    uint64_t used = 1ull << h0 | 1ull << h1;
    eval_hand_t hh = eval_hand_add(eval_hand_add(eval_hand_empty(), h0), h1);
    for (int c1 = 0; c1 < 52; c1++) {
        if (used >> c1 & 1) continue;
        eval_hand_t ha = eval_hand_add(hh, (card_t)c1);
        for (int c2 = c1 + 1; c2 < 52; c2++) {
            if (used >> c2 & 1) continue;
            eval_hand_t hb = eval_hand_add(ha, (card_t)c2);
            uint8_t *cnt = w->cnt[c1][c2];
            memset(cnt, 0, K_KINDS);
            int64_t s = 0;
            for (int c3 = 0; c3 < 52; c3++) {
                if (used >> c3 & 1 || c3 == c1 || c3 == c2) continue;
                int k = w->kind[eval_hand_value(eval_hand_add(hb, (card_t)c3))];
                cnt[k]++;
                s += w->res[k];
            }
            w->sum[c1][c2] = w->sum[c2][c1] = (int32_t)s;
            memcpy(w->cnt[c2][c1], cnt, K_KINDS);
        }
    }
}

void cajun_par(const rules_t *r, par_bet_t *b) {
    memset(b, 0, sizeof *b);
    snprintf(b->key, sizeof b->key, "cajun");
    snprintf(b->name, sizeof b->name, "Cajun Stud main game, optimal strategy");
    b->scale = 1;
    work_t *w = malloc(sizeof *w);
    if (!w) return;
    kind_results(r, w->res);
    for (int v = 1; v <= EVAL_CLASSES; v++) w->kind[v] = (int8_t)kind_of(v);
    par_int count[K_KINDS] = {0}, sum[K_KINDS] = {0}, fold_count[3] = {0}, fold_sum[3] = {0};
    par_int wager = 0, raised1 = 0;
    for (int r1 = 0; r1 < 13; r1++)
        for (int r2 = 0; r2 <= r1; r2++)
            for (int suited = 0; suited < 2; suited++) {
                if (r1 == r2 && suited) continue;
                card_t h0 = card_make(r1, 0), h1 = card_make(r2, suited ? 0 : 1);
                int64_t weight = r1 == r2 ? 6 : suited ? 4 : 12;
                fill_nodes(w, h0, h1);
                uint64_t used = 1ull << h0 | 1ull << h1;
                int64_t v;
                int x1 = best1(w, used, &v, NULL);
                if (x1 == 0) {
                    fold_count[0] += weight * 117600;
                    fold_sum[0] -= weight * 117600;
                    wager += weight * 117600;
                    continue;
                }
                raised1 += weight * 117600;
                for (int c1 = 0; c1 < 52; c1++) {
                    if (used >> c1 & 1) continue;
                    int cc2 = 1 + x1;
                    int x2 = best2(w, c1, cc2, used, &v, NULL);
                    if (x2 == 0) {
                        fold_count[1] += weight * 2352;
                        fold_sum[1] -= weight * 2352 * cc2;
                        wager += weight * 2352 * cc2;
                        continue;
                    }
                    for (int c2 = 0; c2 < 52; c2++) {
                        if (used >> c2 & 1 || c2 == c1) continue;
                        int cc3 = cc2 + x2;
                        int x3 = best3(w->sum[c1][c2], cc3, &v, NULL);
                        if (x3 == 0) {
                            fold_count[2] += weight * 48;
                            fold_sum[2] -= weight * 48 * cc3;
                            wager += weight * 48 * cc3;
                            continue;
                        }
                        int total = cc3 + x3;
                        for (int k = 0; k < K_KINDS; k++) {
                            int64_t n = w->cnt[c1][c2][k];
                            count[k] += weight * n;
                            sum[k] += weight * n * total * w->res[k];
                        }
                        wager += weight * 48 * total;
                    }
                }
            }
    for (int k = 0; k < K_KINDS; k++) par_add_summed(b, KIND_NAMES[k], count[k], sum[k]);
    static const char *const fold_names[3] = {"Fold at decision 1", "Fold at decision 2",
                                              "Fold at decision 3"};
    for (int i = 0; i < 3; i++) par_add_summed(b, fold_names[i], fold_count[i], fold_sum[i]);
    par_finish(b);
    b->has_wager = true;
    b->wager_num = wager;
    b->has_raise = true;
    b->raise_count = raised1;
    snprintf(b->note, sizeof b->note,
             "combinations: hole cards x community cards in order (1326 x 50 x 49 x 48); lines "
             "carry mixed wagers, so their result is a sum; aggregate limit not applied");
    free(w);
}

int cajun_decide(const rules_t *r, const card_t hole[2], const card_t *board, int step,
                 const int *raises, double *ev) {
    double options[4];
    int best = cajun_decide_options(r, hole, board, step, raises, options);
    if (ev) *ev = options[best < 0 ? 0 : best];
    return best;
}

int cajun_decide_options(const rules_t *r, const card_t hole[2], const card_t *board, int step,
                         const int *raises, double options[4]) {
    work_t *w = malloc(sizeof *w);
    if (!w) return -1;
    kind_results(r, w->res);
    for (int v = 1; v <= EVAL_CLASSES; v++) w->kind[v] = (int8_t)kind_of(v);
    fill_nodes(w, hole[0], hole[1]);
    uint64_t used = 1ull << hole[0] | 1ull << hole[1];
    int committed = 1;
    for (int i = 0; i < step; i++) committed += raises[i];
    int64_t v, opt[4];
    int best;
    double den;
    if (step == 0) {
        best = best1(w, used, &v, opt);
        den = 117600.0;
    } else if (step == 1) {
        best = best2(w, board[0], committed, used, &v, opt);
        den = 2352.0;
    } else {
        best = best3(w->sum[board[0]][board[1]], committed, &v, opt);
        den = 48.0;
    }
    for (int x = 0; x < 4; x++) options[x] = (double)opt[x] / den;
    free(w);
    return best;
}

void cajun_table_init(const rules_t *r, cajun_table_t *t) {
    kind_results(r, t->res);
    t->kind[0] = K_LOSE;
    for (int v = 1; v <= EVAL_CLASSES; v++) t->kind[v] = (int8_t)kind_of(v);
}

/* Sum of results over the last card, given hole cards and two community cards. */
static int64_t last_sum(const cajun_table_t *t, eval_hand_t h4, uint64_t used) {
    int64_t s = 0;
    for (int c3 = 0; c3 < 52; c3++)
        if (!(used >> c3 & 1)) s += t->res[t->kind[eval_hand_value(eval_hand_add(h4, (card_t)c3))]];
    return s;
}

int cajun_decide_table(const cajun_table_t *t, const card_t hole[2], const card_t *board, int step,
                       const int *raises, double *ev, double options[4]) {
    int64_t opt[4];
    int committed = 1;
    for (int i = 0; i < step; i++) committed += raises[i];
    uint64_t used = 1ull << hole[0] | 1ull << hole[1];
    eval_hand_t hh = eval_hand_add(eval_hand_add(eval_hand_empty(), hole[0]), hole[1]);
    int64_t v;
    int best;
    double den;
    if (step == 2) {
        used |= 1ull << board[0] | 1ull << board[1];
        eval_hand_t h4 = eval_hand_add(eval_hand_add(hh, board[0]), board[1]);
        best = best3(last_sum(t, h4, used), committed, &v, opt);
        den = 48.0;
    } else if (step == 1) {
        used |= 1ull << board[0];
        eval_hand_t h3 = eval_hand_add(hh, board[0]);
        int64_t sums[52];
        for (int c2 = 0; c2 < 52; c2++)
            if (!(used >> c2 & 1))
                sums[c2] = last_sum(t, eval_hand_add(h3, (card_t)c2), used | 1ull << c2);
        best = 0;
        v = opt[0] = -(int64_t)committed * 49 * 48;
        for (int x = 1; x <= 3; x++) {
            int64_t e = 0, tv;
            for (int c2 = 0; c2 < 52; c2++) {
                if (used >> c2 & 1) continue;
                best3(sums[c2], committed + x, &tv, NULL);
                e += tv;
            }
            opt[x] = e;
            if (e >= v) v = e, best = x;
        }
        den = 2352.0;
    } else {
        return -1; /* the first decision: use cajun_decide or a stored table */
    }
    if (ev) *ev = (double)v / den;
    if (options)
        for (int x = 0; x < 4; x++) options[x] = (double)opt[x] / den;
    return best;
}
