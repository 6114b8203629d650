/* The store's text and binary forms of core values: the canonical encoding of rules_t (its hash
 * is what binds a round to the configuration it was dealt under, and the encoding lets recall
 * replay an old round with its own rules), action and outcome names, card lists and bet sets.
 * Names rather than enum numbers go into the database, so that a reordered enum in the core
 * cannot change the meaning of a stored round. */
#include "store_internal.h"

#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The recorded rules are the truth a recall or an audit replays an old round with, so their
 * encoding outlives any one layout of rules_t.
 *
 * Version 2 ("SPRULES2", this release on): a list of named fields, each "name, count, values"
 * (values are int64 little-endian). A reader takes the fields it knows by name; a field the
 * record does not hold takes its "absent" value from the table below, which must be the value
 * that reproduces how the releases before the field existed played (so a field added later
 * never changes an old round's replay); a field the reader does not know means a newer release
 * wrote the record, and it is refused rather than misread.
 *
 * Version 1 ("SPRULES1", the release of 2026-11-24): every field of that release's rules_t in a
 * fixed order, without names. Its layout is frozen here for good (RULES_FIELDS_V1): a field added
 * to rules_t goes into RULES_FIELDS only. Version-1 rounds of Asian Stud were paid the margin odds
 * on ante and raise, so they decode with asian_odds_on_ante = 1.
 *
 * A field added to rules_t must be added to RULES_FIELDS with its absent value (the
 * test_store_cabinet tripwire on sizeof(rules_t) says so), or two configurations that differ in
 * it would hash alike. */
#define RULES_FIELDS(S, A)                                                                         \
    S(variant, 0)                                                                                  \
    S(preset, 0)                                                                                   \
    S(seats, 0)                                                                                    \
    A(currency, 4)                                                                                 \
    A(bet_min, WAGER_COUNT)                                                                        \
    A(bet_max, WAGER_COUNT)                                                                        \
    A(offered, WAGER_COUNT)                                                                        \
    S(max_payout, 0)                                                                               \
    A(main_pays, EVAL_CATEGORIES)                                                                  \
    A(bonus51_pays, EVAL_CATEGORIES)                                                               \
    S(jackpot_stake, 0)                                                                            \
    A(jackpot_fixed, EVAL_CATEGORIES)                                                              \
    S(jackpot_top_bp, 0)                                                                           \
    S(jackpot_reserve_bp, 0)                                                                       \
    S(jackpot_fixed_bp, 0)                                                                         \
    S(jackpot_seed, 0)                                                                             \
    S(progressive_stake, 0)                                                                        \
    A(progressive_meter_bp, EVAL_CATEGORIES)                                                       \
    A(progressive_fixed, EVAL_CATEGORIES)                                                          \
    S(progressive_increment_bp, 0)                                                                 \
    S(progressive_reset, 0)                                                                        \
    S(aggregate_limit, 0)                                                                          \
    S(aggregate_odds, 0)                                                                           \
    A(board_pays, EVAL3_CATEGORIES)                                                                \
    A(pocket_pays, EVAL_POCKET_CATEGORIES)                                                         \
    A(loball_pays, CARD_RANKS)                                                                     \
    A(asian_margin_pays, 10)                                                                       \
    S(asian_commission_bp, 0)                                                                      \
    S(asian_odds_on_ante, 1) /* absent: every round before it was paid on both bets */             \
    A(asian_bonus_pays, EVAL_ABONUS_CATEGORIES)                                                    \
    S(betting_seconds, 0)                                                                          \
    S(decision_seconds, 0)                                                                         \
    S(handpay_threshold, 0)                                                                        \
    S(tax_threshold, 0)                                                                            \
    S(tax_multiple, 0)                                                                             \
    S(pool_linked, 0) /* absent: the pool was the machine's own */

/* Version 1's layout, frozen: never edit. */
#define RULES_FIELDS_V1(S, A)                                                                      \
    S(variant)                                                                                     \
    S(preset)                                                                                      \
    S(seats)                                                                                       \
    A(currency, 4)                                                                                 \
    A(bet_min, 12)                                                                                 \
    A(bet_max, 12)                                                                                 \
    A(offered, 12)                                                                                 \
    S(max_payout)                                                                                  \
    A(main_pays, 10)                                                                               \
    A(bonus51_pays, 10)                                                                            \
    S(jackpot_stake)                                                                               \
    A(jackpot_fixed, 10)                                                                           \
    S(jackpot_top_bp)                                                                              \
    S(jackpot_reserve_bp)                                                                          \
    S(jackpot_fixed_bp)                                                                            \
    S(jackpot_seed)                                                                                \
    S(progressive_stake)                                                                           \
    A(progressive_meter_bp, 10)                                                                    \
    A(progressive_fixed, 10)                                                                       \
    S(progressive_increment_bp)                                                                    \
    S(progressive_reset)                                                                           \
    S(aggregate_limit)                                                                             \
    S(aggregate_odds)                                                                              \
    A(board_pays, 7)                                                                               \
    A(pocket_pays, 5)                                                                              \
    A(loball_pays, 13)                                                                             \
    A(asian_margin_pays, 10)                                                                       \
    S(asian_commission_bp)                                                                         \
    A(asian_bonus_pays, 10)                                                                        \
    S(betting_seconds)                                                                             \
    S(decision_seconds)                                                                            \
    S(handpay_threshold)                                                                           \
    S(tax_threshold)                                                                               \
    S(tax_multiple)

static const char MAGIC_V1[8] = {'S', 'P', 'R', 'U', 'L', 'E', 'S', '1'};
static const char MAGIC_V2[8] = {'S', 'P', 'R', 'U', 'L', 'E', 'S', '2'};

static void put64(uint8_t *p, int64_t v) {
    uint64_t u = (uint64_t)v;
    for (int i = 0; i < 8; i++) p[i] = (uint8_t)(u >> (8 * i));
}
static int64_t get64(const uint8_t *p) {
    uint64_t u = 0;
    for (int i = 0; i < 8; i++) u |= (uint64_t)p[i] << (8 * i);
    return (int64_t)u;
}

/* One field of the current layout: where it is and what an old record without it means. */
typedef struct rules_field {
    const char *name;
    int count;
    int64_t absent;
    void (*get)(const rules_t *r, int64_t *out);
    void (*set)(rules_t *r, const int64_t *in);
} rules_field_t;

#define ACCESS_S(f, absent_value)                                                                  \
    static void get_##f(const rules_t *r, int64_t *out) {                                          \
        out[0] = (int64_t)r->f;                                                                    \
    }                                                                                              \
    static void set_##f(rules_t *r, const int64_t *in) {                                           \
        r->f = (__typeof__(r->f))in[0];                                                            \
    }
#define ACCESS_A(f, n)                                                                             \
    static void get_##f(const rules_t *r, int64_t *out) {                                          \
        for (int i_ = 0; i_ < (n); i_++) out[i_] = (int64_t)r->f[i_];                              \
    }                                                                                              \
    static void set_##f(rules_t *r, const int64_t *in) {                                           \
        for (int i_ = 0; i_ < (n); i_++) r->f[i_] = (__typeof__(r->f[0]))in[i_];                   \
    }
RULES_FIELDS(ACCESS_S, ACCESS_A)
#undef ACCESS_S
#undef ACCESS_A

#define ROW_S(f, absent_value) {#f, 1, absent_value, get_##f, set_##f},
#define ROW_A(f, n)            {#f, n, 0, get_##f, set_##f},
static const rules_field_t FIELDS[] = {RULES_FIELDS(ROW_S, ROW_A)};
#undef ROW_S
#undef ROW_A
#define NFIELDS    ((int)(sizeof FIELDS / sizeof FIELDS[0]))
#define MAX_VALUES 16

/* Fields from pool_linked on were added after version 2's first release: written only when they
 * differ from their absent value, so that the rules of every game played before them keep their
 * hash (a round in play across an update resumes, a recall finds its rules). */
static bool field_written(const rules_t *r, int f) {
    static int first_optional = -1;
    if (first_optional < 0) {
        first_optional = NFIELDS;
        for (int k = 0; k < NFIELDS; k++)
            if (strcmp(FIELDS[k].name, "pool_linked") == 0) first_optional = k;
    }
    if (f < first_optional) return true;
    int64_t v[MAX_VALUES];
    FIELDS[f].get(r, v);
    for (int i = 0; i < FIELDS[f].count; i++)
        if (v[i] != FIELDS[f].absent) return true;
    return false;
}

size_t store_rules_encode(const rules_t *r, uint8_t *buf, size_t cap) {
    size_t need = sizeof MAGIC_V2 + 8;
    int64_t written = 0;
    for (int f = 0; f < NFIELDS; f++) {
        if (!field_written(r, f)) continue;
        need += 1 + strlen(FIELDS[f].name) + 2 + 8 * (size_t)FIELDS[f].count;
        written++;
    }
    if (cap < need) return need;
    uint8_t *p = buf;
    memcpy(p, MAGIC_V2, sizeof MAGIC_V2);
    p += sizeof MAGIC_V2;
    put64(p, written);
    p += 8;
    for (int f = 0; f < NFIELDS; f++) {
        if (!field_written(r, f)) continue;
        size_t len = strlen(FIELDS[f].name);
        *p++ = (uint8_t)len;
        memcpy(p, FIELDS[f].name, len);
        p += len;
        *p++ = (uint8_t)FIELDS[f].count;
        *p++ = (uint8_t)(FIELDS[f].count >> 8);
        int64_t v[MAX_VALUES];
        FIELDS[f].get(r, v);
        for (int i = 0; i < FIELDS[f].count; i++, p += 8) put64(p, v[i]);
    }
    return need;
}

static bool decode_v1(const uint8_t *buf, size_t len, rules_t *r) {
#define COUNT_S(f)    +1
#define COUNT_A(f, n) +(n)
    enum { NVALUES_V1 = 0 RULES_FIELDS_V1(COUNT_S, COUNT_A) };
#undef COUNT_S
#undef COUNT_A
    size_t need = sizeof MAGIC_V1 + 8 + (size_t)NVALUES_V1 * 8;
    if (len != need || get64(buf + sizeof MAGIC_V1) != NVALUES_V1) return false;
    const uint8_t *p = buf + sizeof MAGIC_V1 + 8;
    memset(r, 0, sizeof *r);
    r->asian_odds_on_ante = 1;
#define DEC_S(f)                                                                                   \
    r->f = (__typeof__(r->f))get64(p);                                                             \
    p += 8;
#define DEC_A(f, n)                                                                                \
    for (int i_ = 0; i_ < (n); i_++) {                                                             \
        if (i_ < (int)(sizeof r->f / sizeof r->f[0])) r->f[i_] = (__typeof__(r->f[0]))get64(p);    \
        p += 8;                                                                                    \
    }
    RULES_FIELDS_V1(DEC_S, DEC_A)
#undef DEC_S
#undef DEC_A
    return true;
}

static bool decode_v2(const uint8_t *buf, size_t len, rules_t *r) {
    const uint8_t *p = buf + sizeof MAGIC_V2, *end = buf + len;
    if (end - p < 8) return false;
    int64_t n = get64(p);
    p += 8;
    bool seen[NFIELDS] = {false};
    memset(r, 0, sizeof *r);
    for (int64_t k = 0; k < n; k++) {
        if (end - p < 1) return false;
        size_t nl = *p++;
        if ((size_t)(end - p) < nl + 2) return false;
        const uint8_t *name = p;
        p += nl;
        int count = p[0] | p[1] << 8;
        p += 2;
        if ((size_t)(end - p) < 8 * (size_t)count) return false;
        int f = 0;
        while (f < NFIELDS &&
               !(strlen(FIELDS[f].name) == nl && memcmp(FIELDS[f].name, name, nl) == 0))
            f++;
        /* a field this release does not know: written by a newer one, never guessed at */
        if (f == NFIELDS || seen[f] || count != FIELDS[f].count) return false;
        int64_t v[MAX_VALUES];
        for (int i = 0; i < count; i++, p += 8) v[i] = get64(p);
        FIELDS[f].set(r, v);
        seen[f] = true;
    }
    if (p != end) return false;
    for (int f = 0; f < NFIELDS; f++)
        if (!seen[f]) {
            int64_t v[MAX_VALUES] = {0};
            v[0] = FIELDS[f].absent;
            FIELDS[f].set(r, v);
        }
    return true;
}

bool store_rules_decode(const uint8_t *buf, size_t len, rules_t *r) {
    if (len < 8) return false;
    if (memcmp(buf, MAGIC_V2, 8) == 0) return decode_v2(buf, len, r);
    if (memcmp(buf, MAGIC_V1, 8) == 0) return decode_v1(buf, len, r);
    return false;
}

void store_rules_hash(const rules_t *rules, uint8_t out[STORE_HASH_BYTES]) {
    uint8_t buf[STORE_RULES_MAX_BYTES];
    size_t n = store_rules_encode(rules, buf, sizeof buf);
    crypto_generichash(out, STORE_HASH_BYTES, buf, n, NULL, 0);
}

/* ---- names ---- */

static const char *const ACTION_NAMES[ACT_COUNT] = {"bet",  "undo", "clear", "repeat",  "double",
                                                    "deal", "play", "fold",  "timeout", "void"};
static const char *const OUTCOME_KEYS[] = {"none", "win", "push", "lose", "refund"};

const char *store_action_name(int type) {
    return type >= 0 && type < ACT_COUNT ? ACTION_NAMES[type] : "?";
}
bool store_action_from_name(const char *name, int *type) {
    for (int t = 0; t < ACT_COUNT; t++)
        if (strcmp(name, ACTION_NAMES[t]) == 0) {
            *type = t;
            return true;
        }
    return false;
}
const char *store_outcome_key(round_outcome_t o) {
    return o >= OUTCOME_NONE && o <= OUTCOME_REFUND ? OUTCOME_KEYS[o] : "?";
}
bool store_outcome_from_key(const char *key, round_outcome_t *o) {
    for (int i = 0; i <= OUTCOME_REFUND; i++)
        if (strcmp(key, OUTCOME_KEYS[i]) == 0) {
            *o = (round_outcome_t)i;
            return true;
        }
    return false;
}
bool store_wager_from_key(const char *key, wager_t *w) {
    for (int i = 0; i < WAGER_COUNT; i++)
        if (strcmp(key, wager_key((wager_t)i)) == 0) {
            *w = (wager_t)i;
            return true;
        }
    return false;
}

/* ---- cards and bet sets as text ---- */

void store_cards_text(const card_t *cards, int n, char *out, size_t cap) {
    size_t o = 0;
    out[0] = '\0';
    for (int i = 0; i < n && o + 4 < cap; i++) {
        char b[3];
        card_format(cards[i], b);
        o += (size_t)snprintf(out + o, cap - o, "%s%s", i ? " " : "", b);
    }
}

int store_cards_parse(const char *text, card_t *out, int max) {
    if (!text || !*text) return 0;
    char err[128];
    return card_parse_list(text, out, max, err, sizeof err);
}

void store_stakes_text(const int64_t stakes[WAGER_COUNT], char *out, size_t cap) {
    size_t o = 0;
    out[0] = '\0';
    for (int w = 0; w < WAGER_COUNT; w++) {
        if (!stakes[w]) continue;
        int n = snprintf(out + o, cap - o, "%s%s=%lld", o ? "," : "", wager_key((wager_t)w),
                         (long long)stakes[w]);
        if (n < 0 || (size_t)n >= cap - o) break;
        o += (size_t)n;
    }
}

bool store_stakes_parse(const char *text, int64_t stakes[WAGER_COUNT]) {
    memset(stakes, 0, sizeof(int64_t) * WAGER_COUNT);
    if (!text) return true;
    const char *p = text;
    while (*p) {
        char key[32];
        size_t k = 0;
        while (*p && *p != '=' && k + 1 < sizeof key) key[k++] = *p++;
        key[k] = '\0';
        if (*p != '=') return false;
        p++;
        char *end;
        long long v = strtoll(p, &end, 10);
        if (end == p || v < 0) return false;
        p = end;
        wager_t w;
        if (!store_wager_from_key(key, &w)) return false;
        stakes[w] = v;
        if (*p == ',')
            p++;
        else if (*p)
            return false;
    }
    return true;
}

void store_hex(const uint8_t *bytes, size_t n, char *out) {
    static const char digits[] = "0123456789abcdef";
    for (size_t i = 0; i < n; i++) {
        out[2 * i] = digits[bytes[i] >> 4];
        out[2 * i + 1] = digits[bytes[i] & 15];
    }
    out[2 * n] = '\0';
}
