#include "asian.h"

#include <stdio.h>
#include <string.h>

/* points 1..10 -> index 0..9 */
static const int DECK_POINTS[10] = {5, 4, 4, 4, 4, 4, 4, 4, 4, 16};

typedef struct mset {
    int k[10];
    int64_t weight; /* combinations, given the counts it was drawn from */
} mset_t;

static int64_t choose(int n, int k) {
    if (k < 0 || k > n) return 0;
    int64_t c = 1;
    for (int i = 1; i <= k; i++) c = c * (n - k + i) / i;
    return c;
}

/* 0 = does not qualify, else 1..10 */
static int mset_value(const int k[10]) {
    int pts[5], n = 0;
    for (int p = 0; p < 10; p++)
        for (int i = 0; i < k[p]; i++) pts[n++] = p + 1;
    int total = pts[0] + pts[1] + pts[2] + pts[3] + pts[4];
    for (int a = 0; a < 3; a++)
        for (int b = a + 1; b < 4; b++)
            for (int c = b + 1; c < 5; c++)
                if ((pts[a] + pts[b] + pts[c]) % 10 == 0) return total % 10 == 0 ? 10 : total % 10;
    return 0;
}

/* All 5-card multisets of points; returns how many. */
static int all_msets(mset_t *out) {
    int n = 0, k[10];
    for (k[0] = 0; k[0] <= 5; k[0]++)
        for (k[1] = 0; k[0] + k[1] <= 5; k[1]++)
            for (k[2] = 0; k[0] + k[1] + k[2] <= 5; k[2]++)
                for (k[3] = 0; k[0] + k[1] + k[2] + k[3] <= 5; k[3]++)
                    for (k[4] = 0; k[0] + k[1] + k[2] + k[3] + k[4] <= 5; k[4]++)
                        for (k[5] = 0; k[0] + k[1] + k[2] + k[3] + k[4] + k[5] <= 5; k[5]++)
                            for (k[6] = 0; k[0] + k[1] + k[2] + k[3] + k[4] + k[5] + k[6] <= 5;
                                 k[6]++)
                                for (k[7] = 0;
                                     k[0] + k[1] + k[2] + k[3] + k[4] + k[5] + k[6] + k[7] <= 5;
                                     k[7]++)
                                    for (k[8] = 0; k[0] + k[1] + k[2] + k[3] + k[4] + k[5] + k[6] +
                                                       k[7] + k[8] <=
                                                   5;
                                         k[8]++) {
                                        k[9] = 5 - (k[0] + k[1] + k[2] + k[3] + k[4] + k[5] + k[6] +
                                                    k[7] + k[8]);
                                        memcpy(out[n].k, k, sizeof k);
                                        out[n].weight = 0;
                                        n++;
                                    }
    return n;
}

/* The dealer's outcomes against a player multiset: counts of not qualifying and of each
 * value 1..10 (index 0 = does not qualify). */
static void dealer_counts(const mset_t *all, int n, const int pk[10], const int *dvalue,
                          int64_t dcount[11]) {
    memset(dcount, 0, 11 * sizeof dcount[0]);
    int64_t ways[10][6]; /* ways[p][j]: j cards of point p+1 from those the player left */
    for (int p = 0; p < 10; p++)
        for (int j = 0; j < 6; j++) ways[p][j] = choose(DECK_POINTS[p] - pk[p], j);
    for (int i = 0; i < n; i++) {
        int64_t w = 1;
        for (int p = 0; p < 10 && w; p++) w *= ways[p][all[i].k[p]];
        if (w) dcount[dvalue[i]] += w;
    }
}

asian_reading_t asian_reading(const rules_t *r) {
    return r->asian_odds_on_ante ? ASIAN_ODDS_BOTH : ASIAN_ODDS_RAISE;
}

/* Result of raising per (player value, dealer outcome), in antes before commission, and the
 * player's net win of the round, which the commission applies to (rules.md). The house rule
 * pays the ante 1 to 1 and the raise the margin odds; the literal reading both at the odds. */
static int64_t raise_result(const rules_t *r, asian_reading_t reading, int pv, int dv,
                            int64_t *winnings) {
    *winnings = 0;
    if (dv == 0) return *winnings = 1, 1; /* ante 1 to 1, raise pushes */
    if (pv == 0) return -2;
    if (pv == dv) return 0;
    if (dv > pv) return -2;
    int64_t pay = r->asian_margin_pays[pv - dv];
    *winnings = reading == ASIAN_ODDS_BOTH ? 2 * pay : 1 + pay;
    return *winnings;
}

/* The expected result of raising against each dealer outcome, summed over the dealer's
 * combinations, in 1/RULES_BP antes after commission. */
static par_int raise_ev(const rules_t *r, asian_reading_t reading, int64_t keep, int pv,
                        const int64_t dcount[11]) {
    par_int ev = 0;
    for (int dv = 0; dv <= 10; dv++) {
        int64_t win;
        int64_t res = raise_result(r, reading, pv, dv, &win);
        ev += (par_int)dcount[dv] * (res > 0 ? win * keep : res * RULES_BP);
    }
    return ev;
}

static const char *reading_text(asian_reading_t reading) {
    return reading == ASIAN_ODDS_BOTH ? "the margin odds on ante and raise (the literal reading)"
                                      : "the ante 1 to 1, the margin odds on the raise (the house "
                                        "rule)";
}

void asian_par(const rules_t *r, asian_reading_t reading, int32_t commission_bp, bool raise_always,
               par_bet_t *b) {
    memset(b, 0, sizeof *b);
    snprintf(b->key, sizeof b->key, "asian%s", raise_always ? "_always" : "");
    snprintf(b->name, sizeof b->name, "Asian Stud main game, %s",
             raise_always ? "raising every hand" : "optimal strategy");
    b->scale = RULES_BP;
    static const int ncap = 2002;
    mset_t all[2002];
    int dvalue[2002];
    int n = all_msets(all);
    if (n > ncap) return;
    for (int i = 0; i < n; i++) dvalue[i] = mset_value(all[i].k);
    par_int cnt_fold = 0, cnt_dnq = 0, cnt_pnq = 0, cnt_tie = 0, cnt_lose = 0, cnt_win[10] = {0};
    par_int sum_dnq = 0, sum_win[10] = {0}, raised = 0, wager = 0;
    const int64_t keep = RULES_BP - commission_bp;
    for (int i = 0; i < n; i++) {
        int64_t pw = 1;
        for (int p = 0; p < 10; p++) pw *= choose(DECK_POINTS[p], all[i].k[p]);
        if (pw == 0) continue;
        int64_t dcount[11];
        dealer_counts(all, n, all[i].k, dvalue, dcount);
        int pv = dvalue[i];
        int64_t dtotal = 0;
        for (int dv = 0; dv <= 10; dv++) dtotal += dcount[dv];
        if (!raise_always && raise_ev(r, reading, keep, pv, dcount) < -(par_int)dtotal * RULES_BP) {
            cnt_fold += (par_int)pw * dtotal;
            wager += (par_int)pw * dtotal;
            continue;
        }
        raised += (par_int)pw * dtotal;
        wager += (par_int)pw * dtotal * 2;
        for (int dv = 0; dv <= 10; dv++) {
            par_int c = (par_int)pw * dcount[dv];
            int64_t win;
            (void)raise_result(r, reading, pv, dv, &win);
            if (dv == 0)
                cnt_dnq += c, sum_dnq += c * win * keep;
            else if (pv == 0)
                cnt_pnq += c;
            else if (pv == dv)
                cnt_tie += c;
            else if (dv > pv)
                cnt_lose += c;
            else
                cnt_win[pv - dv] += c, sum_win[pv - dv] += c * win * keep;
        }
    }
    char name[PAR_NAME_LEN];
    for (int m = 9; m >= 1; m--) {
        snprintf(name, sizeof name, "Both qualify, player wins by %d", m);
        par_add_summed(b, name, cnt_win[m], sum_win[m]);
    }
    par_add_summed(b, "Dealer does not qualify", cnt_dnq, sum_dnq);
    par_add_line(b, "Both qualify, tie", cnt_tie, 0);
    par_add_line(b, "Both qualify, dealer higher", cnt_lose, -2 * RULES_BP);
    par_add_line(b, "Dealer qualifies, player does not", cnt_pnq, -2 * RULES_BP);
    if (!raise_always) par_add_line(b, "Fold", cnt_fold, -RULES_BP);
    par_finish(b);
    b->has_wager = true;
    b->wager_num = wager * RULES_BP;
    b->has_raise = true;
    b->raise_count = raised;
    snprintf(b->note, sizeof b->note,
             "%s; commission %d.%02d%% of the net win (exact rate); every 53-card deal counted "
             "by points (C(53,5) x C(48,5))",
             reading_text(reading), commission_bp / 100, commission_bp % 100);
}

bool asian_decide(const rules_t *r, const card_t cards[5], double *ev) {
    mset_t all[2002];
    int dvalue[2002];
    int n = all_msets(all);
    for (int i = 0; i < n; i++) dvalue[i] = mset_value(all[i].k);
    int pk[10] = {0};
    for (int i = 0; i < 5; i++) pk[eval_asian_card_points(cards[i]) - 1]++;
    int pv = mset_value(pk);
    int64_t dcount[11];
    dealer_counts(all, n, pk, dvalue, dcount);
    const int64_t keep = RULES_BP - r->asian_commission_bp;
    par_int dtotal = 0;
    for (int dv = 0; dv <= 10; dv++) dtotal += dcount[dv];
    par_int e = raise_ev(r, asian_reading(r), keep, pv, dcount);
    if (ev) *ev = (double)par_to_ld(e) / (double)par_to_ld(dtotal * RULES_BP);
    return e >= -dtotal * RULES_BP;
}
