#include "strategy.h"

#include <stdlib.h>
#include <string.h>

#include "asian.h"
#include "cajun.h"
#include "caribbean.h"

#define AK_CELLS (165 * 13 * 5 * 4)

enum { CELL_UNSEEN = 0, CELL_PLAY = 1, CELL_FOLD = 2, CELL_MIXED = 3 };

typedef struct pattern {
    uint64_t hi, lo; /* the six cards' suit-symmetric form */
    uint8_t play;
    int cell;
} pattern_t;

struct strategy {
    rules_t rules;
    int qualify;
    /* Caribbean */
    uint8_t cell[AK_CELLS];
    pattern_t *patterns; /* sorted by (hi, lo): the mixed cells' exact answers */
    int npatterns, nmixed;
    /* building */
    pattern_t *all;
    int nall, capall;
    /* Asian: points multisets (base-6 code of the counts of each point value) */
    uint32_t asian_code[2002];
    uint8_t asian_raise[2002];
    int nasian;
    /* Cajun: first decision by hole class [high rank][low rank][suited] */
    uint8_t cajun_first[13][13][2];
    cajun_table_t cajun;
};

/* The three ranks below the king in an A-K hand (2..Q), as a colex index 0..164. */
static int low3_index(const card_t h[5]) {
    int r[3], n = 0;
    for (int i = 0; i < 5; i++) {
        int k = card_rank(h[i]);
        if (k < CARD_RANK_K && n < 3) r[n++] = k;
    }
    /* sort ascending */
    for (int i = 0; i < 3; i++)
        for (int j = i + 1; j < 3; j++)
            if (r[j] < r[i]) {
                int t = r[i];
                r[i] = r[j], r[j] = t;
            }
    int b1 = r[0], b2 = r[1] * (r[1] - 1) / 2, b3 = r[2] * (r[2] - 1) * (r[2] - 2) / 6;
    return b1 + b2 + b3;
}

static int ak_cell(const card_t h[5], card_t up) {
    int sc[4] = {0, 0, 0, 0}, mx = 0;
    for (int i = 0; i < 5; i++) sc[card_suit(h[i])]++;
    for (int s = 0; s < 4; s++)
        if (sc[s] > mx) mx = sc[s];
    int same = sc[card_suit(up)];
    return ((low3_index(h) * 13 + card_rank(up)) * 5 + same) * 4 + (mx - 1);
}

/* Per suit: 13 bits of the player's ranks and 13 of the up card; the four codes sorted. */
static void six_key(const card_t h[5], card_t up, uint64_t *hi, uint64_t *lo) {
    uint64_t code[4] = {0, 0, 0, 0};
    for (int i = 0; i < 5; i++) code[card_suit(h[i])] |= 1ull << card_rank(h[i]);
    code[card_suit(up)] |= 1ull << (13 + card_rank(up));
    for (int i = 0; i < 4; i++)
        for (int j = i + 1; j < 4; j++)
            if (code[j] > code[i]) {
                uint64_t t = code[i];
                code[i] = code[j], code[j] = t;
            }
    *hi = code[0] << 26 | code[1];
    *lo = code[2] << 26 | code[3];
}

static int cmp_pattern(const void *a, const void *b) {
    const pattern_t *x = a, *y = b;
    if (x->hi != y->hi) return x->hi < y->hi ? -1 : 1;
    if (x->lo != y->lo) return x->lo < y->lo ? -1 : 1;
    return 0;
}

static void visit(void *user, const card_t hand[5], card_t up, int64_t ev, int weight) {
    (void)weight;
    strategy_t *s = user;
    int v = eval_value(hand, 5);
    if (eval_category(v) != EVAL_HIGH_CARD || v < s->qualify) return;
    bool play = ev > -163185;
    int c = ak_cell(hand, up);
    s->cell[c] |= play ? CELL_PLAY : CELL_FOLD;
    if (s->nall == s->capall) {
        int cap = s->capall ? s->capall * 2 : 65536;
        pattern_t *p = realloc(s->all, (size_t)cap * sizeof *p);
        if (!p) return;
        s->all = p, s->capall = cap;
    }
    pattern_t *p = &s->all[s->nall++];
    six_key(hand, up, &p->hi, &p->lo);
    p->play = play;
    p->cell = c;
}

static bool stopped(const atomic_int *stop) {
    return stop && atomic_load_explicit(stop, memory_order_relaxed);
}

static bool build_caribbean(strategy_t *s, const atomic_int *stop) {
    s->qualify = car_qualify_value();
    car_result_t *res = malloc(sizeof *res);
    if (!res) return false;
    bool ok = car_analyse_visit(s->rules.main_pays, 1, res, visit, s, stop);
    free(res);
    if (!ok) return false;
    int keep = 0;
    for (int i = 0; i < AK_CELLS; i++) s->nmixed += s->cell[i] == CELL_MIXED;
    for (int i = 0; i < s->nall; i++)
        if (s->cell[s->all[i].cell] == CELL_MIXED) s->all[keep++] = s->all[i];
    s->patterns = malloc((size_t)(keep ? keep : 1) * sizeof *s->patterns);
    if (!s->patterns) return false;
    memcpy(s->patterns, s->all, (size_t)keep * sizeof *s->patterns);
    qsort(s->patterns, (size_t)keep, sizeof *s->patterns, cmp_pattern);
    /* the same six-card form reached from two up cards of one class: keep one */
    int n = 0;
    for (int i = 0; i < keep; i++)
        if (n == 0 || cmp_pattern(&s->patterns[n - 1], &s->patterns[i]) != 0)
            s->patterns[n++] = s->patterns[i];
    s->npatterns = n;
    free(s->all);
    s->all = NULL;
    return true;
}

static uint32_t asian_code_of(const int k[10]) {
    uint32_t c = 0;
    for (int p = 9; p >= 0; p--) c = c * 6 + (uint32_t)k[p];
    return c;
}

/* A representative card of each point value, enough of them for any multiset. */
static const card_t BY_POINTS[10][5] = {
    {CARD_JOKER, 48, 49, 50, 51}, /* 1: the joker and the aces */
    {0, 1, 2, 3, 0},
    {4, 5, 6, 7, 0},
    {8, 9, 10, 11, 0},
    {12, 13, 14, 15, 0},
    {16, 17, 18, 19, 0},
    {20, 21, 22, 23, 0},
    {24, 25, 26, 27, 0},
    {28, 29, 30, 31, 0},
    {32, 33, 34, 35, 36}, /* 10: tens and pictures */
};

static void asian_walk(strategy_t *s, int k[10], int p, int left) {
    if (p == 9) {
        k[9] = left;
        card_t hand[5];
        int n = 0;
        for (int q = 0; q < 10; q++)
            for (int i = 0; i < k[q]; i++) hand[n++] = BY_POINTS[q][i];
        if (s->nasian < 2002) {
            s->asian_code[s->nasian] = asian_code_of(k);
            s->asian_raise[s->nasian] = asian_decide(&s->rules, hand, NULL);
            s->nasian++;
        }
        return;
    }
    int most = p == 0 ? 5 : 4;
    for (int c = 0; c <= left && c <= most; c++) {
        k[p] = c;
        asian_walk(s, k, p + 1, left - c);
    }
}

static void build_asian(strategy_t *s) {
    int k[10] = {0};
    s->nasian = 0;
    asian_walk(s, k, 0, 5);
}

static bool build_cajun(strategy_t *s, const atomic_int *stop) {
    cajun_table_init(&s->rules, &s->cajun);
    for (int r1 = 0; r1 < 13; r1++) {
        if (stopped(stop)) return false;
        for (int r2 = 0; r2 <= r1; r2++)
            for (int suited = 0; suited < 2; suited++) {
                if (r1 == r2 && suited) continue;
                card_t hole[2] = {card_make(r1, 0), card_make(r2, suited ? 0 : 1)};
                s->cajun_first[r1][r2][suited] =
                    (uint8_t)cajun_decide(&s->rules, hole, NULL, 0, NULL, NULL);
            }
    }
    return true;
}

strategy_t *strategy_build(const rules_t *r) {
    return strategy_build_until(r, NULL);
}

strategy_t *strategy_build_until(const rules_t *r, const atomic_int *stop) {
    strategy_t *s = calloc(1, sizeof *s);
    if (!s) return NULL;
    s->rules = *r;
    bool ok = true;
    switch (r->variant) {
    case VARIANT_CARIBBEAN:
        ok = build_caribbean(s, stop);
        break;
    case VARIANT_ASIAN:
        build_asian(s);
        break;
    case VARIANT_CAJUN:
        ok = build_cajun(s, stop);
        break;
    default:
        break;
    }
    if (!ok || stopped(stop)) {
        strategy_free(s);
        return NULL;
    }
    return s;
}

void strategy_free(strategy_t *s) {
    if (!s) return;
    free(s->patterns);
    free(s->all);
    free(s);
}

int strategy_caribbean_exceptions(const strategy_t *s, int *patterns) {
    if (patterns) *patterns = s->npatterns;
    return s->nmixed;
}

int strategy_decide(const strategy_t *s, const card_t *cards, const card_t *shown, int step,
                    const int *raises) {
    switch (s->rules.variant) {
    case VARIANT_CARIBBEAN: {
        /* eval_value(cards, 5) inline: the simulator decides millions of hands a second */
        eval_hand_t h = eval_hand_empty();
        for (int i = 0; i < 5; i++) h = eval_hand_add(h, cards[i]);
        int v = eval_hand_value(h);
        if (eval_category(v) != EVAL_HIGH_CARD) return 1;
        if (v < s->qualify) return 0;
        int c = ak_cell(cards, shown[0]);
        if (s->cell[c] == CELL_PLAY) return 1;
        if (s->cell[c] != CELL_MIXED) return 0; /* fold, or never seen (cannot happen) */
        pattern_t key;
        six_key(cards, shown[0], &key.hi, &key.lo);
        const pattern_t *p =
            bsearch(&key, s->patterns, (size_t)s->npatterns, sizeof key, cmp_pattern);
        return p && p->play ? 1 : 0;
    }
    case VARIANT_ASIAN: {
        int k[10] = {0};
        for (int i = 0; i < 5; i++) k[eval_asian_card_points(cards[i]) - 1]++;
        uint32_t code = asian_code_of(k);
        for (int i = 0; i < s->nasian; i++)
            if (s->asian_code[i] == code) return s->asian_raise[i];
        return 1;
    }
    case VARIANT_CAJUN: {
        if (step == 0) {
            int a = card_rank(cards[0]), b = card_rank(cards[1]);
            int hi = a > b ? a : b, lo = a > b ? b : a;
            int suited = a != b && card_suit(cards[0]) == card_suit(cards[1]);
            return s->cajun_first[hi][lo][suited];
        }
        return cajun_decide_table(&s->cajun, cards, shown, step, raises, NULL, NULL);
    }
    default:
        return 0;
    }
}

/* Caribbean: the exact value of PLAY for one hand and up card, in antes. */
static double caribbean_play_ev(const strategy_t *s, const card_t *cards, card_t up) {
    uint64_t used = 1ull << up;
    for (int i = 0; i < 5; i++) used |= 1ull << cards[i];
    card_t rest[46];
    int n = 0;
    for (int c = 0; c < 52; c++)
        if (!(used >> c & 1)) rest[n++] = (card_t)c;
    int pv = eval_value(cards, 5);
    int64_t pay = 1 + 2 * (int64_t)s->rules.main_pays[eval_category(pv)];
    int64_t total = 0, sum = 0;
    eval_hand_t h0 = eval_hand_add(eval_hand_empty(), up);
    for (int a = 0; a < n; a++) {
        eval_hand_t h1 = eval_hand_add(h0, rest[a]);
        for (int b = a + 1; b < n; b++) {
            eval_hand_t h2 = eval_hand_add(h1, rest[b]);
            for (int c = b + 1; c < n; c++) {
                eval_hand_t h3 = eval_hand_add(h2, rest[c]);
                for (int d = c + 1; d < n; d++) {
                    int dv = eval_hand_value(eval_hand_add(h3, rest[d]));
                    total++;
                    if (dv < s->qualify)
                        sum += 1;
                    else if (dv < pv)
                        sum += pay;
                    else if (dv > pv)
                        sum -= 3;
                }
            }
        }
    }
    return (double)sum / (double)total;
}

bool strategy_advise(const strategy_t *s, const card_t *cards, const card_t *shown, int step,
                     const int *raises, strategy_advice_t *out) {
    memset(out, 0, sizeof *out);
    out->decision = strategy_decide(s, cards, shown, step, raises);
    switch (s->rules.variant) {
    case VARIANT_CARIBBEAN:
        out->noptions = 2;
        out->ev[0] = -1.0;
        out->ev[1] = caribbean_play_ev(s, cards, shown[0]);
        return true;
    case VARIANT_ASIAN: {
        double ev;
        asian_decide(&s->rules, cards, &ev);
        out->noptions = 2;
        out->ev[0] = -1.0;
        out->ev[1] = ev;
        return true;
    }
    case VARIANT_CAJUN: {
        out->noptions = 4;
        int best = step == 0
                       ? cajun_decide_options(&s->rules, cards, shown, step, raises, out->ev)
                       : cajun_decide_table(&s->cajun, cards, shown, step, raises, NULL, out->ev);
        return best >= 0;
    }
    default:
        return false;
    }
}
