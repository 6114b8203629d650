#include "approval.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nls.h"
#include "parsheet.h"

/* ---- exact fractions ---- */

static par_int gcd(par_int a, par_int b) {
    if (a < 0) a = -a;
    if (b < 0) b = -b;
    while (b) {
        par_int t = a % b;
        a = b;
        b = t;
    }
    return a;
}

static void reduce(par_int *num, par_int *den) {
    if (*den < 0) *num = -*num, *den = -*den;
    par_int g = gcd(*num, *den);
    if (g > 1) *num /= g, *den /= g;
}

static bool mul(par_int a, par_int b, par_int *out) {
    return !__builtin_mul_overflow(a, b, out);
}

/* a/b + c/d into *num / *den, in lowest terms; false when it does not fit. */
static bool add_fraction(par_int a, par_int b, par_int c, par_int d, par_int *num, par_int *den) {
    reduce(&a, &b);
    reduce(&c, &d);
    par_int g = gcd(b, d), x, y, l;
    if (!mul(a, d / g, &x) || !mul(c, b / g, &y) || !mul(b / g, d, &l)) return false;
    if (__builtin_add_overflow(x, y, num)) return false;
    *den = l;
    reduce(num, den);
    return true;
}

/* The par sheet's return of a bet (par_return: 1 + EV, plus the meter's long-run funding),
 * exactly. */
static bool exact_return(const par_bet_t *b, par_int *num, par_int *den) {
    par_int n, d;
    par_ev(b, &n, &d);
    if (__builtin_add_overflow(n, d, &n)) return false; /* 1 + n / d */
    if (b->extra_den == 0) {
        *num = n, *den = d;
        reduce(num, den);
        return true;
    }
    return add_fraction(n, d, b->extra_num, b->extra_den, num, den);
}

/* The side bet a par-sheet key names ("bonus51", ...), or WAGER_ANTE for the main game. */
static wager_t wager_of_key(const char *key) {
    for (int w = WAGER_BONUS51; w < WAGER_COUNT; w++)
        if (strcmp(key, wager_key((wager_t)w)) == 0) return (wager_t)w;
    return WAGER_ANTE;
}

bool approval_compute(const rules_t *r, int threads, approval_t *out) {
    memset(out, 0, sizeof *out);
    out->variant = r->variant;
    parsheet_t *s = malloc(sizeof *s);
    if (!s) return false;
    bool ok = parsheet_build(r, threads, 0, s);
    for (int i = 0; ok && i < s->nbets; i++) {
        if (s->informational[i]) continue;
        if (out->nbets == APPROVAL_MAX_BETS) break;
        approval_bet_t *b = &out->bet[out->nbets++];
        b->wager = wager_of_key(s->bet[i].key);
        ok = exact_return(&s->bet[i], &b->num, &b->den);
    }
    free(s);
    return ok && out->nbets > 0 && out->bet[0].wager == WAGER_ANTE;
}

/* ---- text ---- */

static const char *bet_key(wager_t w) {
    return w == WAGER_ANTE ? "main" : wager_key(w);
}

static void int_text(par_int x, char buf[41]) {
    par_int_str(x, buf);
}

int approval_encode(const approval_t *a, char *buf, size_t cap) {
    int len = 0;
    if (cap) buf[0] = '\0';
    for (int i = 0; i < a->nbets; i++) {
        char n[41], d[41];
        int_text(a->bet[i].num, n);
        int_text(a->bet[i].den, d);
        int k = snprintf(cap > (size_t)len ? buf + len : NULL, cap > (size_t)len ? cap - len : 0,
                         "%s%s=%s/%s", i ? " " : "", bet_key(a->bet[i].wager), n, d);
        if (k < 0) return k;
        len += k;
    }
    return len;
}

/* Digits into a non-negative 128-bit integer; *end after them. False: none, or too big. */
static bool parse_uint(const char *s, const char **end, par_int *out) {
    par_int v = 0;
    const char *p = s;
    for (; *p >= '0' && *p <= '9'; p++)
        if (!mul(v, 10, &v) || __builtin_add_overflow(v, (par_int)(*p - '0'), &v)) return false;
    *end = p;
    *out = v;
    return p > s;
}

bool approval_decode(const char *text, const rules_t *r, approval_t *out) {
    /* the bets these rules offer, in the par sheet's order */
    wager_t want[APPROVAL_MAX_BETS];
    int nwant = 0;
    want[nwant++] = WAGER_ANTE;
    for (int w = WAGER_BONUS51; w < WAGER_COUNT && nwant < APPROVAL_MAX_BETS; w++)
        if (r->offered[w] && rules_variant_has_wager(r->variant, (wager_t)w))
            want[nwant++] = (wager_t)w;

    approval_t a;
    memset(&a, 0, sizeof a);
    a.variant = r->variant;
    const char *p = text;
    for (int i = 0; i < nwant; i++) {
        if (i && *p++ != ' ') return false;
        const char *key = bet_key(want[i]);
        size_t kl = strlen(key);
        if (strncmp(p, key, kl) != 0 || p[kl] != '=') return false;
        p += kl + 1;
        approval_bet_t *b = &a.bet[a.nbets++];
        b->wager = want[i];
        if (!parse_uint(p, &p, &b->num) || *p++ != '/' || !parse_uint(p, &p, &b->den) ||
            b->den == 0)
            return false;
    }
    if (*p) return false;
    *out = a;
    return true;
}

/* ---- the verdict ---- */

/* num / den against bp / 10000: -1 below, 0 equal, 1 above. Exact; a figure too big to
 * compare is above any limit. */
static int compare(const approval_bet_t *b, int32_t bp) {
    par_int l, rgt;
    if (!mul(b->num, RULES_BP, &l) || !mul(b->den, bp, &rgt)) return 1;
    return l < rgt ? -1 : l > rgt;
}

int approval_check(const approval_t *a, int32_t min_bp, int32_t max_bp, approval_miss_t *out,
                   int max) {
    int n = 0;
    for (int i = 0; i < a->nbets; i++) {
        approval_miss_t m = {.bet = i};
        if (compare(&a->bet[i], min_bp) < 0)
            m.above = false, m.limit_bp = min_bp;
        else if (compare(&a->bet[i], max_bp) > 0)
            m.above = true, m.limit_bp = max_bp;
        else
            continue;
        if (out && n < max) out[n] = m;
        n++;
    }
    return n;
}

void approval_percent(const approval_bet_t *b, char *buf, size_t n) {
    /* 100 x num / den with 4 decimals: round(num x 10^6 / den) ten-thousandths */
    par_int x;
    if (b->den <= 0 || b->den > ((par_int)1 << 120) || !mul(b->num, 2000000, &x)) {
        snprintf(buf, n, "%.4Lf", 100.0L * par_to_ld(b->num) / par_to_ld(b->den));
        return;
    }
    par_int q = (x + b->den) / (2 * b->den);
    char whole[41];
    par_int_str(q / 10000, whole);
    snprintf(buf, n, "%s.%04d", whole, (int)(q % 10000));
}

void approval_limit_text(int32_t bp, char *buf, size_t n) {
    if (bp % 100 == 0)
        snprintf(buf, n, "%d%%", bp / 100);
    else
        snprintf(buf, n, "%d.%02d%%", bp / 100, bp % 100);
}

const char *approval_bet_name(rules_variant_t v, wager_t w) {
    if (w != WAGER_ANTE) {
        static const char *const names[WAGER_COUNT] = {
            [WAGER_BONUS51] = N_("the 5+1 BONUS"),       [WAGER_JACKPOT] = N_("the JACKPOT"),
            [WAGER_PROGRESSIVE] = N_("the PROGRESSIVE"), [WAGER_BOARD] = N_("the BOARD BONUS"),
            [WAGER_POCKET] = N_("the POCKET BONUS"),     [WAGER_LOBALL] = N_("the LO BALL bet"),
            [WAGER_ASIAN_BONUS] = N_("the BONUS wager")};
        return w > 0 && w < WAGER_COUNT && names[w] ? names[w] : N_("a side bet");
    }
    switch (v) {
    case VARIANT_CAJUN:
        return N_("the main game (ante and raises)");
    case VARIANT_ASIAN:
        return N_("the main game (ante and RAISE)");
    default:
        return N_("the main game (ante and PLAY)");
    }
}

int approval_miss_text(const approval_t *a, const approval_miss_t *m, char *buf, size_t n) {
    const approval_bet_t *b = &a->bet[m->bet];
    char pct[48], lim[16];
    approval_percent(b, pct, sizeof pct);
    approval_limit_text(m->limit_bp, lim, sizeof lim);
    const char *per = b->wager == WAGER_ANTE ? " of the ante"
                      : b->wager == WAGER_JACKPOT || b->wager == WAGER_PROGRESSIVE
                          ? " (funded, long run)"
                          : "";
    return snprintf(buf, n, "%s returns %s%%%s, %s the approved %s of %s",
                    approval_bet_name(a->variant, b->wager), pct, per, m->above ? "above" : "below",
                    m->above ? "maximum" : "minimum", lim);
}

/* Each preset's exact figures (approval_compute's, pinned; test_math checks them), by preset. */
static const char *const KNOWN[PRESET_COUNT] = {
    [PRESET_CARIBBEAN_CLASSIC] = "main=2576630879/2718662100",
    [PRESET_CARIBBEAN_LIVE] = "main=4798741951957/4983307629300 bonus51=136879/149695 "
                              "jackpot=531779/649740",
    [PRESET_CARIBBEAN_US] = "main=2576630879/2718662100 progressive=537833/649740",
    [PRESET_CASINO_STUD_UK] = "main=524727267523/553700847700",
    [PRESET_CAJUN] = "main=1029677/1082900 board=5133/5525 pocket=206/221 loball=1163/1274",
    [PRESET_ASIAN] = "main=425933560931/438729741450 asian_bonus=2483577/2869685",
};

bool approval_known(const rules_t *r, approval_t *out) {
    if (r->preset < 0 || r->preset >= PRESET_COUNT || !KNOWN[r->preset]) return false;
    rules_t p, c = *r;
    rules_preset(&p, r->preset);
    /* what changes no bet's return per stake is taken from the preset; everything else must be
     * the preset's to the byte (a difference, padding included, only means working it out) */
    c.seats = p.seats;
    memcpy(c.currency, p.currency, sizeof c.currency);
    memcpy(c.bet_min, p.bet_min, sizeof c.bet_min);
    memcpy(c.bet_max, p.bet_max, sizeof c.bet_max);
    c.max_payout = p.max_payout;
    c.aggregate_limit = p.aggregate_limit;
    c.betting_seconds = p.betting_seconds;
    c.decision_seconds = p.decision_seconds;
    /* a pool kept on the linked controller pays by the same figures as one kept here (a shared
     * table's terminals and its host play the preset with the pool linked) */
    c.pool_linked = p.pool_linked;
    c.handpay_threshold = p.handpay_threshold;
    c.tax_threshold = p.tax_threshold;
    c.tax_multiple = p.tax_multiple;
    /* the pay tables of side bets not offered (a config fills them in, so that switching one on
     * is one line) pay nothing here */
#define UNOFFERED(w, field)                                                                        \
    if (!c.offered[w] && !p.offered[w]) memcpy(&c.field, &p.field, sizeof c.field)
    UNOFFERED(WAGER_BONUS51, bonus51_pays);
    UNOFFERED(WAGER_JACKPOT, jackpot_fixed);
    UNOFFERED(WAGER_JACKPOT, jackpot_stake);
    UNOFFERED(WAGER_JACKPOT, jackpot_top_bp);
    UNOFFERED(WAGER_JACKPOT, jackpot_reserve_bp);
    UNOFFERED(WAGER_JACKPOT, jackpot_fixed_bp);
    UNOFFERED(WAGER_JACKPOT, jackpot_seed);
    UNOFFERED(WAGER_PROGRESSIVE, progressive_stake);
    UNOFFERED(WAGER_PROGRESSIVE, progressive_meter_bp);
    UNOFFERED(WAGER_PROGRESSIVE, progressive_fixed);
    UNOFFERED(WAGER_PROGRESSIVE, progressive_increment_bp);
    UNOFFERED(WAGER_PROGRESSIVE, progressive_reset);
    UNOFFERED(WAGER_BOARD, board_pays);
    UNOFFERED(WAGER_POCKET, pocket_pays);
    UNOFFERED(WAGER_LOBALL, loball_pays);
    UNOFFERED(WAGER_ASIAN_BONUS, asian_bonus_pays);
#undef UNOFFERED
    if (memcmp(&c, &p, sizeof c) != 0) return false;
    return approval_decode(KNOWN[r->preset], r, out);
}
