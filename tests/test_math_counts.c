/* The par sheets' outcome tables counted a second way.
 *
 * Every count here comes from tests/ref_poker.h, a plain evaluator that shares nothing with
 * src/core/eval.c, enumerating every combination of cards; every pay comes from
 * ../shared/rules.md, written out below, never from rules_preset(). The tables are then
 * compared with the par sheets of src/math line by line (combinations and result) and their
 * expected results as exact fractions. Where a count is also published (three-card and
 * six-card poker hands, the Mississippi Stud figures of Cajun's main game) the published
 * figure is checked too, so a shared mistake of the two programs would still show.
 *
 * The figures tests/cli_math.sh reads from the program's output (the Asian BONUS return,
 * the Asian hints, the 5+1 BONUS return) are pinned here to these counts. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "asian.h"
#include "cajun.h"
#include "par.h"
#include "ref_poker.h"
#include "sidebets.h"

#define N(a) (sizeof(a) / sizeof((a)[0]))

/* ---- comparing with a par sheet ---- */

static const par_line_t *find_line(const par_bet_t *b, const char *name) {
    for (int i = 0; i < b->nlines; i++)
        if (strcmp(b->line[i].name, name) == 0) return &b->line[i];
    fail_msg("%s: no line '%s'", b->name, name);
    return NULL;
}

static const char *str128(par_int x, char buf[41]) {
    return par_int_str(x, buf);
}

/* One line of the par sheet: its combinations and its total result (in 1/scale stakes). */
static void expect_line(const par_bet_t *b, const char *name, par_int count, par_int result) {
    const par_line_t *l = find_line(b, name);
    char g[41], w[41];
    if (l->count != count)
        fail_msg("%s / %s: %s combinations, counted %s", b->name, name, str128(l->count, g),
                 str128(count, w));
    if (par_line_result(l) != result)
        fail_msg("%s / %s: result %s, counted %s", b->name, name, str128(par_line_result(l), g),
                 str128(result, w));
}

/* The par sheet's expected result equals num / den exactly, and its lines cover `total`. */
static void expect_ev(const par_bet_t *b, par_int total, par_int num, par_int den) {
    char g[41], w[41];
    if (b->total != total)
        fail_msg("%s: %s combinations in all, counted %s", b->name, str128(b->total, g),
                 str128(total, w));
    par_int pn, pd;
    par_ev(b, &pn, &pd);
    if (pn * den != num * pd)
        fail_msg("%s: EV %.12Lf, counted %.12Lf", b->name, par_to_ld(pn) / par_to_ld(pd),
                 par_to_ld(num) / par_to_ld(den));
}

/* x rounded to `decimals` places equals `printed` (a figure as the program prints it) */
static void expect_printed(long double x, const char *printed, int decimals) {
    char buf[64];
    snprintf(buf, sizeof buf, "%.*Lf", decimals, x);
    if (strcmp(buf, printed) != 0) fail_msg("counted %s, the figure pinned is %s", buf, printed);
}

/* ---- Cajun Stud side bets (rules.md "Cajun Stud") ---- */

/* Board Bonus: the three community cards. The counts are also Three Card Poker's published
 * ones (straight flush 48 with the 4 A-K-Q, trips 52, straight 720, flush 1,096, pair 3,744,
 * nothing 16,440 of C(52,3) = 22,100). */
static void test_board_bonus(void **state) {
    (void)state;
    int64_t count[REF3_CATEGORIES] = {0};
    for (int a = 0; a < 52; a++)
        for (int b = a + 1; b < 52; b++)
            for (int c = b + 1; c < 52; c++) count[ref_board3((int[3]){a, b, c})]++;
    static const int64_t published[REF3_CATEGORIES] = {16440, 3744, 1096, 720, 52, 44, 4};
    for (int k = 0; k < REF3_CATEGORIES; k++) assert_int_equal(count[k], published[k]);

    static const struct {
        int cat;
        const char *line;
        int pays; /* x to 1 */
    } PAYS[] = {{REF3_MINI_ROYAL, "Mini Royal", 50},
                {REF3_STRAIGHT_FLUSH, "Straight Flush", 40},
                {REF3_TRIPS, "Three of a Kind", 30},
                {REF3_STRAIGHT, "Straight", 6},
                {REF3_FLUSH, "Flush", 3},
                {REF3_PAIR, "Pair", 1}};
    rules_t r;
    rules_preset(&r, PRESET_CAJUN);
    par_bet_t b;
    side_board(&r, &b);
    par_int num = 0;
    for (size_t i = 0; i < N(PAYS); i++) {
        expect_line(&b, PAYS[i].line, count[PAYS[i].cat], count[PAYS[i].cat] * PAYS[i].pays);
        num += count[PAYS[i].cat] * PAYS[i].pays;
    }
    expect_line(&b, "Loses", count[REF3_NOTHING], -count[REF3_NOTHING]);
    num -= count[REF3_NOTHING];
    expect_ev(&b, 22100, num, 22100);
    assert_true(num == -1568); /* return 20,532 / 22,100 */
    expect_printed(100.0L + 100.0L * (long double)num / 22100, "92.904977", 6); /* cli_math.sh */
}

/* Pocket Bonus: the two hole cards, C(52,2) = 1,326. Second count by hand: aces C(4,2) = 6;
 * an ace with K, Q or J: 3 ranks x 4 suited, 3 x 12 not; other pairs 12 x 6. */
static void test_pocket_bonus(void **state) {
    (void)state;
    int64_t count[REFP_CATEGORIES] = {0};
    for (int a = 0; a < 52; a++)
        for (int b = a + 1; b < 52; b++) count[ref_pocket((int[2]){a, b})]++;
    static const int64_t by_hand[REFP_CATEGORIES] = {1326 - 6 - 12 - 36 - 72, 12 * 6, 3 * 12, 3 * 4,
                                                     6};
    for (int k = 0; k < REFP_CATEGORIES; k++) assert_int_equal(count[k], by_hand[k]);

    static const struct {
        int cat;
        const char *line;
        int pays;
    } PAYS[] = {{REFP_ACES, "Pair of Aces", 25},
                {REFP_ACE_FACE_SUITED, "Ace with K/Q/J suited", 20},
                {REFP_ACE_FACE, "Ace with K/Q/J", 10},
                {REFP_PAIR, "Pair", 5}};
    rules_t r;
    rules_preset(&r, PRESET_CAJUN);
    par_bet_t b;
    side_pocket(&r, &b);
    par_int num = 0;
    for (size_t i = 0; i < N(PAYS); i++) {
        expect_line(&b, PAYS[i].line, count[PAYS[i].cat], count[PAYS[i].cat] * PAYS[i].pays);
        num += count[PAYS[i].cat] * PAYS[i].pays;
    }
    expect_line(&b, "Loses", count[REFP_NOTHING], -count[REFP_NOTHING]);
    num -= count[REFP_NOTHING];
    expect_ev(&b, 1326, num, 1326);
    expect_printed(100.0L + 100.0L * par_to_ld(num) / 1326, "93.212670", 6); /* cli_math.sh */
}

static int64_t choose(int n, int k) {
    if (k < 0 || k > n) return 0;
    int64_t c = 1;
    for (int i = 0; i < k; i++) c = c * (n - i) / (i + 1);
    return c;
}

/* Lo Ball: all C(52,5) hands. Second count by hand for each paying high card h: four lower
 * ranks out of the h ranks below it, less the one straight topped by h, in 4^5 - 4 suit
 * patterns that are not a flush. */
static void test_loball(void **state) {
    (void)state;
    int64_t count[13] = {0}, none = 0;
    for (int a = 0; a < 52; a++)
        for (int b = a + 1; b < 52; b++)
            for (int c = b + 1; c < 52; c++)
                for (int d = c + 1; d < 52; d++)
                    for (int e = d + 1; e < 52; e++) {
                        int high = ref_loball_high((int[5]){a, b, c, d, e});
                        high < 0 ? none++ : count[high]++;
                    }
    static const struct {
        int rank; /* 5 = seven .. 9 = jack */
        const char *line;
        int pays;
    } PAYS[] = {{5, "Seven high", 100},
                {6, "Eight high", 50},
                {7, "Nine high", 15},
                {8, "Ten high", 5},
                {9, "Jack high", 1}};
    rules_t r;
    rules_preset(&r, PRESET_CAJUN);
    par_bet_t b;
    side_loball(&r, &b);
    par_int num = 0;
    int64_t lose = none;
    for (int h = 0; h < 13; h++) {
        bool pays = false;
        for (size_t i = 0; i < N(PAYS); i++) pays |= PAYS[i].rank == h;
        if (!pays) lose += count[h];
    }
    for (size_t i = 0; i < N(PAYS); i++) {
        int h = PAYS[i].rank;
        assert_int_equal(count[h], (choose(h, 4) - 1) * (1024 - 4));
        expect_line(&b, PAYS[i].line, count[h], count[h] * PAYS[i].pays);
        num += count[h] * PAYS[i].pays;
    }
    expect_line(&b, "Loses", lose, -lose);
    num -= lose;
    expect_ev(&b, 2598960, num, 2598960);
    expect_printed(100.0L + 100.0L * par_to_ld(num) / 2598960, "91.287284", 6); /* cli_math.sh */
}

/* ---- Cajun Stud main game: the whole optimal-strategy table ---- */

/* The main game's outcomes and what each pays per unit staked (rules.md: royal 500, straight
 * flush 100, quads 40, full house 10, flush 6, straight 4, trips 3, two pair 2, jacks or
 * better 1; a pair of sixes to tens pushes; anything lower loses), with the par sheet's
 * line names. */
enum { KROYAL, KSF, KQUADS, KFULL, KFLUSH, KSTRAIGHT, KTRIPS, KTWO, KHIGH, KPUSH, KLOSE, KINDS };
static const int KPAYS[KINDS] = {500, 100, 40, 10, 6, 4, 3, 2, 1, 0, -1};
static const char *const KLINES[KINDS] = {"Royal flush",
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

static int cajun_kind(const int c[5]) {
    int v = ref_value5(c);
    switch (ref_category(v)) {
    case REF_ROYAL:
        return KROYAL;
    case REF_STRAIGHT_FLUSH:
        return KSF;
    case REF_QUADS:
        return KQUADS;
    case REF_FULL_HOUSE:
        return KFULL;
    case REF_FLUSH:
        return KFLUSH;
    case REF_STRAIGHT:
        return KSTRAIGHT;
    case REF_TRIPS:
        return KTRIPS;
    case REF_TWO_PAIR:
        return KTWO;
    case REF_PAIR:
        return ref_first_rank(v) >= 9 ? KHIGH : ref_first_rank(v) >= 4 ? KPUSH : KLOSE;
    default:
        return KLOSE;
    }
}

/* One pair of hole cards: for each two first community cards (c1, c2), the outcomes over the
 * last card and their summed result per unit staked. */
typedef struct cajun_hole {
    uint8_t used[52];
    uint8_t kinds[52][52][KINDS];
    int32_t sum[52][52];
} cajun_hole_t;

/* The best choice among FOLD (0) and RAISE 1..3 from their values; on equal values the larger
 * wager (cajun.h's convention, the published figures' one: RAISE before FOLD, 3x before 1x). */
static int pick(const int64_t v[4]) {
    int best = 0;
    for (int x = 1; x <= 3; x++)
        if (v[x] >= v[best]) best = x;
    return best;
}

/* Decision 3 with `t` antes staked: values in 1/48 ante. */
static int decide3(const cajun_hole_t *h, int c1, int c2, int t, int64_t *value) {
    int64_t v[4] = {-48 * (int64_t)t};
    for (int x = 1; x <= 3; x++) v[x] = (int64_t)(t + x) * h->sum[c1][c2];
    int x = pick(v);
    *value = v[x];
    return x;
}

/* Decision 2 with `t` antes staked, after c1: values in 1/(49 * 48) ante. */
static int decide2(const cajun_hole_t *h, int c1, int t, int64_t *value) {
    int64_t v[4] = {-49 * 48 * (int64_t)t};
    for (int x = 1; x <= 3; x++) {
        v[x] = 0;
        for (int c2 = 0; c2 < 52; c2++) {
            if (h->used[c2] || c2 == c1) continue;
            int64_t v3;
            decide3(h, c1, c2, t + x, &v3);
            v[x] += v3;
        }
    }
    int x = pick(v);
    *value = v[x];
    return x;
}

/* Decision 1, the ante alone staked: values in 1/(50 * 49 * 48) ante. */
static int decide1(const cajun_hole_t *h) {
    int64_t v[4] = {-50 * 49 * 48};
    for (int x = 1; x <= 3; x++) {
        v[x] = 0;
        for (int c1 = 0; c1 < 52; c1++) {
            if (h->used[c1]) continue;
            int64_t v2;
            decide2(h, c1, 1 + x, &v2);
            v[x] += v2;
        }
    }
    return pick(v);
}

static void fill_hole(cajun_hole_t *h, int h0, int h1) {
    memset(h->used, 0, sizeof h->used);
    h->used[h0] = h->used[h1] = 1;
    for (int c1 = 0; c1 < 52; c1++)
        for (int c2 = c1 + 1; c2 < 52; c2++) {
            if (h->used[c1] || h->used[c2]) continue;
            uint8_t *k = h->kinds[c1][c2];
            memset(k, 0, KINDS);
            int32_t s = 0;
            for (int c3 = 0; c3 < 52; c3++) {
                if (h->used[c3] || c3 == c1 || c3 == c2) continue;
                int kind = cajun_kind((int[5]){h0, h1, c1, c2, c3});
                k[kind]++;
                s += KPAYS[kind];
            }
            h->sum[c1][c2] = h->sum[c2][c1] = s;
            memcpy(h->kinds[c2][c1], k, KINDS);
        }
}

/* Every hole pair (1,326, by its suit pattern: a pair stands for 6, two suited cards for 4,
 * two unsuited for 12) against every ordered board (50 x 49 x 48), each decision the best by
 * backward induction. The par sheet must hold the same table line for line. The published
 * figures of the same main game (Mississippi Stud, Wizard of Odds: house edge 4.91% of the
 * ante, average wager 3.59 antes, element of risk 1.37%) hold for these counts too. */
static void test_cajun_main(void **state) {
    (void)state;
    static cajun_hole_t h;
    par_int count[KINDS] = {0}, result[KINDS] = {0}, fold[3] = {0}, fold_result[3] = {0};
    par_int wagered = 0, raised = 0, total = 0;
    for (int r1 = 0; r1 < 13; r1++)
        for (int r2 = 0; r2 <= r1; r2++)
            for (int suited = 0; suited <= (r1 != r2); suited++) {
                int h0 = r1 * 4, h1 = r2 * 4 + (suited ? 0 : 1);
                int64_t weight = r1 == r2 ? 6 : suited ? 4 : 12;
                fill_hole(&h, h0, h1);
                total += weight * 50 * 49 * 48;
                int x1 = decide1(&h);
                if (x1 == 0) {
                    fold[0] += weight * 50 * 49 * 48;
                    fold_result[0] -= weight * 50 * 49 * 48;
                    wagered += weight * 50 * 49 * 48;
                    continue;
                }
                raised += weight * 50 * 49 * 48;
                for (int c1 = 0; c1 < 52; c1++) {
                    if (h.used[c1]) continue;
                    int64_t v;
                    int t2 = 1 + x1, x2 = decide2(&h, c1, t2, &v);
                    if (x2 == 0) {
                        fold[1] += weight * 49 * 48;
                        fold_result[1] -= weight * 49 * 48 * t2;
                        wagered += weight * 49 * 48 * t2;
                        continue;
                    }
                    for (int c2 = 0; c2 < 52; c2++) {
                        if (h.used[c2] || c2 == c1) continue;
                        int t3 = t2 + x2, x3 = decide3(&h, c1, c2, t3, &v);
                        if (x3 == 0) {
                            fold[2] += weight * 48;
                            fold_result[2] -= weight * 48 * t3;
                            wagered += weight * 48 * t3;
                            continue;
                        }
                        int staked = t3 + x3;
                        for (int k = 0; k < KINDS; k++) {
                            par_int n = weight * h.kinds[c1][c2][k];
                            count[k] += n;
                            result[k] += n * staked * KPAYS[k];
                        }
                        wagered += weight * 48 * staked;
                    }
                }
            }
    assert_true(total == (par_int)1326 * 50 * 49 * 48);

    rules_t r;
    rules_preset(&r, PRESET_CAJUN);
    par_bet_t b;
    cajun_par(&r, &b);
    par_int num = 0;
    for (int k = 0; k < KINDS; k++) {
        expect_line(&b, KLINES[k], count[k], result[k]);
        num += result[k];
    }
    static const char *const FOLDS[3] = {"Fold at decision 1", "Fold at decision 2",
                                         "Fold at decision 3"};
    for (int i = 0; i < 3; i++) {
        expect_line(&b, FOLDS[i], fold[i], fold_result[i]);
        num += fold_result[i];
    }
    expect_ev(&b, total, num, total);
    assert_true(b.wager_num == wagered);
    assert_true(b.raise_count == raised);
    /* the published figures */
    long double edge = -par_to_ld(num) / par_to_ld(total);
    long double avg = par_to_ld(wagered) / par_to_ld(total);
    expect_printed(100.0L * edge, "4.91", 2);
    expect_printed(avg, "3.59", 2);
    expect_printed(100.0L * edge, "4.914858", 6); /* as cli_math.sh reads it */
    expect_printed(100.0L * edge / avg, "1.37", 2);
}

/* ---- Caribbean Stud 5+1 BONUS: the published six-card counts ---- */

/* Six cards (the player's five and the dealer's up card), best five: counts of all C(52,6) =
 * 20,358,520 sets as published (B. Alspach, "6-Card Poker Hands", 2000; the same table is on
 * the Wizard of Odds' poker probabilities). Enumerating them here would take 122 million
 * five-card evaluations under the sanitizers, so the published table is the second method;
 * the pays are rules.md's (trips 7, straight 10, flush 15, full house 20, quads 100, straight
 * flush 200, royal 1000 to 1). Return 18,615,544 / 20,358,520 = 91.438592%. */
static void test_bonus51(void **state) {
    (void)state;
    static const struct {
        const char *line;
        int64_t count;
        int pays; /* 0 = loses */
    } SIX[] = {{"Royal Flush", 188, 1000},     {"Straight Flush", 1656, 200},
               {"Four of a Kind", 14664, 100}, {"Full House", 165984, 20},
               {"Flush", 205792, 15},          {"Straight", 361620, 10},
               {"Three of a Kind", 732160, 7}, {"Two Pair", 2532816, 0},
               {"Pair", 9730740, 0},           {"High Card", 6612900, 0}};
    /* the published counts agree with the ones that follow from their definitions */
    assert_int_equal(SIX[0].count + SIX[1].count, 4 * 47 + 36 * 46); /* any straight flush */
    assert_int_equal(SIX[2].count, 13 * choose(48, 2));
    int64_t all = 0, lose = 0;
    par_int num = 0;
    for (size_t i = 0; i < N(SIX); i++) all += SIX[i].count;
    assert_int_equal(all, choose(52, 6));
    rules_t r;
    rules_preset(&r, PRESET_CARIBBEAN_LIVE);
    par_bet_t b;
    side_bonus51(&r, &b);
    for (size_t i = 0; i < N(SIX); i++) {
        if (SIX[i].pays == 0) {
            lose += SIX[i].count;
            continue;
        }
        expect_line(&b, SIX[i].line, SIX[i].count, SIX[i].count * SIX[i].pays);
        num += (par_int)SIX[i].count * SIX[i].pays;
    }
    expect_line(&b, "Loses", lose, -lose);
    num -= lose;
    expect_ev(&b, all, num, all);
    assert_true(num + all == 18615544);
    expect_printed(100.0L + 100.0L * par_to_ld(num) / all, "91.438592", 6); /* cli_math.sh */
}

/* ---- Asian Stud ---- */

/* The BONUS wager: all C(53,5) = 2,869,685 hands of the deck with the joker, each ranked by
 * rules.md (the joker completes a straight, flush or straight flush, otherwise it is an ace),
 * paid five aces 3000, royal 1000, straight flush 500, quads 100, full house 50, flush 25,
 * straight 15, trips 10, two pair 5 to 1. Its return, 86.5453%, is the figure cli_math.sh
 * finds in the program's warning. */
static void test_asian_bonus(void **state) {
    (void)state;
    int64_t count[REFB_CATEGORIES] = {0};
    for (int a = 0; a < 53; a++)
        for (int b = a + 1; b < 53; b++)
            for (int c = b + 1; c < 53; c++)
                for (int d = c + 1; d < 53; d++)
                    for (int e = d + 1; e < 53; e++)
                        count[ref_asian_bonus((int[5]){a, b, c, d, e})]++;
    static const struct {
        int cat;
        const char *line;
        int pays;
    } PAYS[] = {{REFB_FIVE_ACES, "Five Aces", 3000},
                {REFB_ROYAL, "Royal Flush", 1000},
                {REFB_STRAIGHT_FLUSH, "Straight Flush", 500},
                {REFB_QUADS, "Four of a Kind", 100},
                {REFB_FULL_HOUSE, "Full House", 50},
                {REFB_FLUSH, "Flush", 25},
                {REFB_STRAIGHT, "Straight", 15},
                {REFB_TRIPS, "Three of a Kind", 10},
                {REFB_TWO_PAIR, "Two Pair", 5}};
    assert_int_equal(count[REFB_FIVE_ACES], 1);
    assert_int_equal(count[REFB_ROYAL], 4 + 4 * 5); /* natural, or the joker for any card */
    rules_t r;
    rules_preset(&r, PRESET_ASIAN);
    par_bet_t b;
    side_asian_bonus(&r, &b);
    par_int num = 0;
    for (size_t i = 0; i < N(PAYS); i++) {
        expect_line(&b, PAYS[i].line, count[PAYS[i].cat], count[PAYS[i].cat] * PAYS[i].pays);
        num += count[PAYS[i].cat] * PAYS[i].pays;
    }
    expect_line(&b, "Loses", count[REFB_NOTHING], -count[REFB_NOTHING]);
    num -= count[REFB_NOTHING];
    expect_ev(&b, 2869685, num, 2869685);
    expect_printed(100.0L + 100.0L * par_to_ld(num) / 2869685.0L, "86.5453", 4); /* cli_math */
}

/* The main game by points: a hand's points are all that matter, so every hand is a multiset
 * of points (ace and joker 1: 5 cards; 2 to 9: 4 each; ten and pictures 10: 16) with its
 * number of combinations; its value is ref_asian_value() of cards with those points. Every
 * player hand meets every dealer hand of the 48 cards left, C(53,5) x C(48,5) deals, paid by
 * rules.md as in test_asian_hint; the player raises a hand when that is worth at least the
 * ante a fold loses (or always). The par sheet's EV must be the same fraction, and the
 * figures cli_math.sh reads come out of it. */
#define PT_KINDS 10
static const int PT_DECK[PT_KINDS] = {5, 4, 4, 4, 4, 4, 4, 4, 4, 16};

typedef struct pt_hand {
    int k[PT_KINDS];
    int value;    /* 0 = does not qualify */
    int64_t ways; /* combinations from the whole deck */
} pt_hand_t;

static int pt_walk(pt_hand_t *all, int n, int k[PT_KINDS], int p, int left) {
    if (p == PT_KINDS) {
        if (left) return n;
        pt_hand_t *h = &all[n];
        memcpy(h->k, k, sizeof h->k);
        int cards[5], m = 0;
        for (int q = 0; q < PT_KINDS; q++)
            for (int i = 0; i < k[q]; i++)
                /* a card of q + 1 points: an ace, two to nine, or a king */
                cards[m++] = q == 0 ? REF_ACE * 4 : q == 9 ? 11 * 4 : (q - 1) * 4;
        h->value = ref_asian_value(cards);
        h->ways = 1;
        for (int q = 0; q < PT_KINDS; q++) h->ways *= choose(PT_DECK[q], k[q]);
        return n + 1;
    }
    for (int c = 0; c <= left && c <= PT_DECK[p]; c++) {
        k[p] = c;
        n = pt_walk(all, n, k, p + 1, left - c);
    }
    k[p] = 0;
    return n;
}

/* The result of raising in 1/20 ante (a net win w keeps 19 w after the 5% commission). */
static int64_t asian_raise(int player, int dealer, bool literal) {
    if (!dealer) return 19; /* the ante 1 to 1, the raise pushes */
    if (!player || player < dealer) return -40;
    if (player == dealer) return 0;
    int m = player - dealer, odds = m <= 3 ? 1 : m <= 6 ? 2 : 3;
    return 19 * (literal ? 2 * odds : 1 + odds);
}

static void test_asian_main(void **state) {
    (void)state;
    static pt_hand_t all[2002];
    int k[PT_KINDS] = {0};
    int n = pt_walk(all, 0, k, 0, 5);
    int64_t hands = 0;
    for (int i = 0; i < n; i++) hands += all[i].ways;
    assert_int_equal(hands, choose(53, 5));
    /* per player hand: how many dealer hands of each value the 48 cards left hold */
    static int64_t dealer[2002][11];
    int64_t binom[17][6];
    for (int a = 0; a < 17; a++)
        for (int b = 0; b < 6; b++) binom[a][b] = choose(a, b);
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) {
            int64_t w = 1;
            for (int q = 0; q < PT_KINDS && w; q++)
                w *= binom[PT_DECK[q] - all[i].k[q]][all[j].k[q]];
            dealer[i][all[j].value] += w;
        }
    static const struct {
        bool literal, always;
        const char *figure; /* as the par sheet prints it */
        bool edge;          /* the house edge, else the return */
    } CASES[] = {{false, false, "2.916643", true},
                 {false, true, "3.094981", true},
                 {true, false, "108.574423", false},
                 {true, true, NULL, false}}; /* no figure of this one is read anywhere */
    rules_t r;
    rules_preset(&r, PRESET_ASIAN);
    for (size_t c = 0; c < N(CASES); c++) {
        par_int num = 0;
        for (int i = 0; i < n; i++) {
            par_int raise = 0, fold = 0;
            for (int dv = 0; dv <= 10; dv++) {
                raise += (par_int)dealer[i][dv] * asian_raise(all[i].value, dv, CASES[c].literal);
                fold -= (par_int)dealer[i][dv] * 20;
            }
            num += all[i].ways * (CASES[c].always || raise >= fold ? raise : fold);
        }
        par_int den = (par_int)choose(53, 5) * choose(48, 5) * 20;
        par_bet_t b;
        asian_par(&r, CASES[c].literal ? ASIAN_ODDS_BOTH : ASIAN_ODDS_RAISE, 500, CASES[c].always,
                  &b);
        expect_ev(&b, (par_int)choose(53, 5) * choose(48, 5), num, den);
        long double ev = par_to_ld(num) / par_to_ld(den);
        if (CASES[c].figure)
            expect_printed(100.0L * (CASES[c].edge ? -ev : 1.0L + ev), CASES[c].figure, 6);
    }
}

/* The hint for 5h 5d Tc Kh 9s (value 9: 5 + 5 + 10 make 20, 10 + 9 leave 9): raising against
 * every dealer hand of the 48 cards left, C(48,5) = 1,712,304, paid by rules.md: dealer does
 * not qualify, the ante wins 1 to 1 and the raise pushes; the dealer's value higher, both
 * lose; equal, both push; lower by 1-3, 4-6, 7-9 points, the ante wins 1 to 1 and the raise
 * 1, 2, 3 to 1 (the literal reading: the margin odds on both); 5% of the net win is the
 * commission (exactly, as the par sheet and the hint count it). cli_math.sh pins the hint's
 * figures to these. */
static void test_asian_hint(void **state) {
    (void)state;
    const int player[5] = {3 * 4 + 2, 3 * 4 + 1, 8 * 4 + 0, 11 * 4 + 2, 7 * 4 + 3};
    assert_int_equal(ref_asian_value(player), 9);
    bool used[53] = {false};
    for (int i = 0; i < 5; i++) used[player[i]] = true;
    int left[48], n = 0;
    for (int c = 0; c < 53; c++)
        if (!used[c]) left[n++] = c;
    assert_int_equal(n, 48);
    int64_t dealer[11] = {0}; /* by value; 0 = does not qualify */
    for (int a = 0; a < 48; a++)
        for (int b = a + 1; b < 48; b++)
            for (int c = b + 1; c < 48; c++)
                for (int d = c + 1; d < 48; d++)
                    for (int e = d + 1; e < 48; e++)
                        dealer[ref_asian_value(
                            (int[5]){left[a], left[b], left[c], left[d], left[e]})]++;
    int64_t deals = 0;
    for (int v = 0; v <= 10; v++) deals += dealer[v];
    assert_int_equal(deals, choose(48, 5));
    for (int literal = 0; literal <= 1; literal++) {
        /* in 1/20 ante: a net win w is worth 19 w after the 5% commission */
        int64_t sum = 19 * dealer[0]; /* the ante's 1 to 1 */
        for (int dv = 1; dv <= 10; dv++) {
            int margin = 9 - dv;
            if (margin < 0)
                sum -= 20 * 2 * dealer[dv];
            else if (margin > 0) {
                int odds = margin <= 3 ? 1 : margin <= 6 ? 2 : 3;
                sum += 19 * (literal ? 2 * odds : 1 + odds) * dealer[dv];
            }
        }
        long double ev = (long double)sum / (20.0L * (long double)deals);
        expect_printed(ev, literal ? "2.062292" : "1.619432", 6);
        /* the program's own figure for the same hand */
        rules_t r;
        rules_preset(&r, PRESET_ASIAN);
        r.asian_odds_on_ante = literal;
        card_t cards[5];
        for (int i = 0; i < 5; i++) cards[i] = (card_t)player[i];
        double got;
        assert_true(asian_decide(&r, cards, &got));
        if (fabsl((long double)got - ev) > 1e-9L)
            fail_msg("asian_decide: %.9f, counted %.9Lf", got, ev);
    }
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_board_bonus), cmocka_unit_test(test_pocket_bonus),
        cmocka_unit_test(test_loball),      cmocka_unit_test(test_cajun_main),
        cmocka_unit_test(test_bonus51),     cmocka_unit_test(test_asian_bonus),
        cmocka_unit_test(test_asian_main),  cmocka_unit_test(test_asian_hint),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
