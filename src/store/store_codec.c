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

/* Every field of rules_t, in a fixed order. A field added to rules_t must be added here (the
 * test_store tripwire on sizeof(rules_t) says so), or two configurations that differ in it
 * would hash alike. */
#define RULES_FIELDS(S, A)                                                                         \
    S(variant)                                                                                     \
    S(preset)                                                                                      \
    S(seats)                                                                                       \
    A(currency, 4)                                                                                 \
    A(bet_min, WAGER_COUNT)                                                                        \
    A(bet_max, WAGER_COUNT)                                                                        \
    A(offered, WAGER_COUNT)                                                                        \
    S(max_payout)                                                                                  \
    A(main_pays, EVAL_CATEGORIES)                                                                  \
    A(bonus51_pays, EVAL_CATEGORIES)                                                               \
    S(jackpot_stake)                                                                               \
    A(jackpot_fixed, EVAL_CATEGORIES)                                                              \
    S(jackpot_top_bp)                                                                              \
    S(jackpot_reserve_bp)                                                                          \
    S(jackpot_fixed_bp)                                                                            \
    S(jackpot_seed)                                                                                \
    S(progressive_stake)                                                                           \
    A(progressive_meter_bp, EVAL_CATEGORIES)                                                       \
    A(progressive_fixed, EVAL_CATEGORIES)                                                          \
    S(progressive_increment_bp)                                                                    \
    S(progressive_reset)                                                                           \
    S(aggregate_limit)                                                                             \
    S(aggregate_odds)                                                                              \
    A(board_pays, EVAL3_CATEGORIES)                                                                \
    A(pocket_pays, EVAL_POCKET_CATEGORIES)                                                         \
    A(loball_pays, CARD_RANKS)                                                                     \
    A(asian_margin_pays, 10)                                                                       \
    S(asian_commission_bp)                                                                         \
    A(asian_bonus_pays, EVAL_ABONUS_CATEGORIES)                                                    \
    S(betting_seconds)                                                                             \
    S(decision_seconds)                                                                            \
    S(handpay_threshold)                                                                           \
    S(tax_threshold)                                                                               \
    S(tax_multiple)

#define COUNT_S(f)    +1
#define COUNT_A(f, n) +(n)
enum { RULES_NVALUES = 0 RULES_FIELDS(COUNT_S, COUNT_A) };

static const char RULES_MAGIC[8] = {'S', 'P', 'R', 'U', 'L', 'E', 'S', '1'};

static void put64(uint8_t *p, int64_t v) {
    uint64_t u = (uint64_t)v;
    for (int i = 0; i < 8; i++) p[i] = (uint8_t)(u >> (8 * i));
}
static int64_t get64(const uint8_t *p) {
    uint64_t u = 0;
    for (int i = 0; i < 8; i++) u |= (uint64_t)p[i] << (8 * i);
    return (int64_t)u;
}

size_t store_rules_encode(const rules_t *r, uint8_t *buf, size_t cap) {
    size_t need = sizeof RULES_MAGIC + 8 + (size_t)RULES_NVALUES * 8;
    if (cap < need) return need;
    memcpy(buf, RULES_MAGIC, sizeof RULES_MAGIC);
    uint8_t *p = buf + sizeof RULES_MAGIC;
    put64(p, RULES_NVALUES);
    p += 8;
#define ENC_S(f)                                                                                   \
    put64(p, (int64_t)r->f);                                                                       \
    p += 8;
#define ENC_A(f, n)                                                                                \
    for (int i_ = 0; i_ < (n); i_++) {                                                             \
        put64(p, (int64_t)r->f[i_]);                                                               \
        p += 8;                                                                                    \
    }
    RULES_FIELDS(ENC_S, ENC_A)
#undef ENC_S
#undef ENC_A
    return need;
}

bool store_rules_decode(const uint8_t *buf, size_t len, rules_t *r) {
    size_t need = sizeof RULES_MAGIC + 8 + (size_t)RULES_NVALUES * 8;
    if (len != need || memcmp(buf, RULES_MAGIC, sizeof RULES_MAGIC) != 0) return false;
    const uint8_t *p = buf + sizeof RULES_MAGIC;
    if (get64(p) != RULES_NVALUES) return false;
    p += 8;
    memset(r, 0, sizeof *r);
#define DEC_S(f)                                                                                   \
    r->f = get64(p);                                                                               \
    p += 8;
#define DEC_A(f, n)                                                                                \
    for (int i_ = 0; i_ < (n); i_++) {                                                             \
        r->f[i_] = get64(p);                                                                       \
        p += 8;                                                                                    \
    }
    RULES_FIELDS(DEC_S, DEC_A)
#undef DEC_S
#undef DEC_A
    return true;
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
