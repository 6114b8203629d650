#include "eval.h"

#include <stdio.h>

int eval_value(const card_t *cards, int n) {
    eval_hand_t h = eval_hand_empty();
    for (int i = 0; i < n; i++) h = eval_hand_add(h, cards[i]);
    return eval_hand_value(h);
}

/* The ways to choose five positions out of n (5..7), as bit masks in increasing order, so that
 * among equal-valued choices the first is taken, the same on every run. */
static int five_subsets(int n, uint8_t out[21]) {
    int count = 0;
    for (unsigned m = 0; m < (1u << n); m++)
        if (__builtin_popcount(m) == 5) out[count++] = (uint8_t)m;
    return count;
}

int eval_best(const card_t *cards, int n, uint8_t *used) {
    if (used) *used = 0;
    if (n < 5 || n > 7) return -1;
    uint8_t subsets[21];
    int count = five_subsets(n, subsets);
    int best = -1;
    uint8_t best_mask = 0;
    for (int s = 0; s < count; s++) {
        eval_hand_t h = eval_hand_empty();
        for (int i = 0; i < n; i++)
            if (subsets[s] >> i & 1) h = eval_hand_add(h, cards[i]);
        int v = eval_hand_value(h);
        if (v > best) best = v, best_mask = subsets[s];
    }
    if (used) *used = best_mask;
    return best;
}

const char *eval_category_name(eval_category_t cat) {
    static const char *const names[EVAL_CATEGORIES] = {
        "High Card", "Pair",       "Two Pair",       "Three of a Kind", "Straight",
        "Flush",     "Full House", "Four of a Kind", "Straight Flush",  "Royal Flush"};
    return cat >= 0 && cat < EVAL_CATEGORIES ? names[cat] : "?";
}

int eval_tie_ranks(int value, int ranks[5]) {
    if (value < 1 || value > EVAL_CLASSES) return 0;
    uint32_t info = eval_value_info[value];
    int n;
    switch ((eval_category_t)(info >> 20)) {
    case EVAL_STRAIGHT:
    case EVAL_STRAIGHT_FLUSH:
    case EVAL_ROYAL_FLUSH:
        n = 1;
        break;
    case EVAL_QUADS:
    case EVAL_FULL_HOUSE:
        n = 2;
        break;
    case EVAL_TRIPS:
    case EVAL_TWO_PAIR:
        n = 3;
        break;
    case EVAL_PAIR:
        n = 4;
        break;
    default:
        n = 5;
        break;
    }
    for (int i = 0; i < n; i++) ranks[i] = eval_tie_rank(value, i);
    return n;
}

int eval_describe(int value, char *buf, size_t len) {
    int r[5] = {0};
    if (eval_tie_ranks(value, r) == 0) return snprintf(buf, len, "No hand");
    switch (eval_category(value)) {
    case EVAL_ROYAL_FLUSH:
        return snprintf(buf, len, "Royal Flush");
    case EVAL_STRAIGHT_FLUSH:
        return snprintf(buf, len, "Straight Flush, %s high", card_rank_word(r[0]));
    case EVAL_QUADS:
        return snprintf(buf, len, "Four %s, %s kicker", card_rank_plural(r[0]),
                        card_rank_word(r[1]));
    case EVAL_FULL_HOUSE:
        return snprintf(buf, len, "Full House, %s full of %s", card_rank_plural(r[0]),
                        card_rank_plural(r[1]));
    case EVAL_FLUSH:
        return snprintf(buf, len, "Flush, %s high", card_rank_word(r[0]));
    case EVAL_STRAIGHT:
        return snprintf(buf, len, "Straight, %s high", card_rank_word(r[0]));
    case EVAL_TRIPS:
        return snprintf(buf, len, "Three %s", card_rank_plural(r[0]));
    case EVAL_TWO_PAIR:
        return snprintf(buf, len, "Two Pair, %s and %s, %s kicker", card_rank_plural(r[0]),
                        card_rank_plural(r[1]), card_rank_word(r[2]));
    case EVAL_PAIR:
        return snprintf(buf, len, "Pair of %s, %s kicker", card_rank_plural(r[0]),
                        card_rank_word(r[1]));
    default:
        return snprintf(buf, len, "%s %s High", card_rank_word(r[0]), card_rank_word(r[1]));
    }
}

/* ---- three cards ---- */

eval3_category_t eval_board3(const card_t c[3]) {
    int r[3] = {card_rank(c[0]), card_rank(c[1]), card_rank(c[2])};
    /* sort descending */
    for (int i = 0; i < 2; i++)
        for (int j = i + 1; j < 3; j++)
            if (r[j] > r[i]) {
                int t = r[i];
                r[i] = r[j], r[j] = t;
            }
    bool flush = card_suit(c[0]) == card_suit(c[1]) && card_suit(c[1]) == card_suit(c[2]);
    bool distinct = r[0] != r[1] && r[1] != r[2];
    bool straight =
        distinct && ((r[0] - r[2] == 2) || /* A-2-3: ace plays low */
                     (r[0] == CARD_RANK_A && r[1] == CARD_RANK_3 && r[2] == CARD_RANK_2));
    if (straight && flush)
        return r[0] == CARD_RANK_A && r[1] == CARD_RANK_K ? EVAL3_MINI_ROYAL : EVAL3_STRAIGHT_FLUSH;
    if (r[0] == r[2]) return EVAL3_TRIPS;
    if (straight) return EVAL3_STRAIGHT;
    if (flush) return EVAL3_FLUSH;
    if (!distinct) return EVAL3_PAIR;
    return EVAL3_HIGH_CARD;
}

const char *eval3_category_name(eval3_category_t cat) {
    static const char *const names[EVAL3_CATEGORIES] = {
        "High Card",       "Pair",           "Flush",     "Straight",
        "Three of a Kind", "Straight Flush", "Mini Royal"};
    return cat >= 0 && cat < EVAL3_CATEGORIES ? names[cat] : "?";
}

/* ---- two cards ---- */

eval_pocket_t eval_pocket(const card_t c[2]) {
    int a = card_rank(c[0]), b = card_rank(c[1]);
    if (a == b) return a == CARD_RANK_A ? EVAL_POCKET_ACES : EVAL_POCKET_PAIR;
    int other = a == CARD_RANK_A ? b : b == CARD_RANK_A ? a : -1;
    if (other >= CARD_RANK_J && other <= CARD_RANK_K)
        return card_suit(c[0]) == card_suit(c[1]) ? EVAL_POCKET_ACE_FACE_SUITED
                                                  : EVAL_POCKET_ACE_FACE;
    return EVAL_POCKET_NONE;
}

const char *eval_pocket_name(eval_pocket_t p) {
    static const char *const names[EVAL_POCKET_CATEGORIES] = {
        "No Pocket Bonus", "Pair", "Ace with K/Q/J", "Ace with K/Q/J suited", "Pair of Aces"};
    return p >= 0 && p < EVAL_POCKET_CATEGORIES ? names[p] : "?";
}

/* ---- Lo Ball ---- */

int eval_lowball_high(const card_t c[5]) {
    int v = eval_value(c, 5);
    if (eval_category(v) != EVAL_HIGH_CARD) return -1;
    int r[5];
    eval_tie_ranks(v, r);
    return r[0];
}

/* ---- Asian Stud ---- */

int eval_asian_card_points(card_t c) {
    if (c == CARD_JOKER) return 1;
    int r = card_rank(c);
    if (r == CARD_RANK_A) return 1;
    if (r >= CARD_RANK_T) return 10;
    return r + 2;
}

eval_asian_t eval_asian(const card_t c[5]) {
    eval_asian_t out = {false, 0, 0};
    int p[5], total = 0;
    for (int i = 0; i < 5; i++) total += p[i] = eval_asian_card_points(c[i]);
    for (int i = 0; i < 5; i++)
        for (int j = i + 1; j < 5; j++)
            for (int k = j + 1; k < 5; k++)
                if ((p[i] + p[j] + p[k]) % 10 == 0) {
                    out.qualifies = true;
                    out.three = (uint8_t)(1u << i | 1u << j | 1u << k);
                    /* the other two cards total (total - three), which is total mod 10 */
                    int v = total % 10;
                    out.value = v == 0 ? 10 : v;
                    return out;
                }
    return out;
}

static eval_asian_bonus_t bonus_of_category(eval_category_t cat) {
    switch (cat) {
    case EVAL_ROYAL_FLUSH:
        return EVAL_ABONUS_ROYAL_FLUSH;
    case EVAL_STRAIGHT_FLUSH:
        return EVAL_ABONUS_STRAIGHT_FLUSH;
    case EVAL_QUADS:
        return EVAL_ABONUS_QUADS;
    case EVAL_FULL_HOUSE:
        return EVAL_ABONUS_FULL_HOUSE;
    case EVAL_FLUSH:
        return EVAL_ABONUS_FLUSH;
    case EVAL_STRAIGHT:
        return EVAL_ABONUS_STRAIGHT;
    case EVAL_TRIPS:
        return EVAL_ABONUS_TRIPS;
    case EVAL_TWO_PAIR:
        return EVAL_ABONUS_TWO_PAIR;
    default:
        return EVAL_ABONUS_NONE;
    }
}

eval_asian_bonus_t eval_asian_bonus(const card_t c[5]) {
    int joker = -1;
    for (int i = 0; i < 5; i++)
        if (c[i] == CARD_JOKER) joker = i;
    if (joker < 0) return bonus_of_category(eval_category(eval_value(c, 5)));

    card_t rest[5];
    int n = 0, aces = 0;
    bool held[52] = {false};
    for (int i = 0; i < 5; i++)
        if (i != joker) {
            rest[n++] = c[i];
            held[c[i]] = true;
            aces += card_rank(c[i]) == CARD_RANK_A;
        }
    if (aces == 4) return EVAL_ABONUS_FIVE_ACES;
    /* Try the joker as every card the hand does not hold: it may stand for any card when that
     * completes a straight or a flush (or both), and only for an ace otherwise. */
    eval_category_t best = EVAL_HIGH_CARD;
    for (card_t s = 0; s < 52; s++) {
        if (held[s]) continue;
        rest[4] = s;
        eval_category_t cat = eval_category(eval_value(rest, 5));
        bool wild = cat == EVAL_STRAIGHT || cat == EVAL_FLUSH || cat == EVAL_STRAIGHT_FLUSH ||
                    cat == EVAL_ROYAL_FLUSH;
        if ((wild || card_rank(s) == CARD_RANK_A) && cat > best) best = cat;
    }
    return bonus_of_category(best);
}

const char *eval_asian_bonus_name(eval_asian_bonus_t b) {
    static const char *const names[EVAL_ABONUS_CATEGORIES] = {
        "No Bonus",   "Two Pair",       "Three of a Kind", "Straight",    "Flush",
        "Full House", "Four of a Kind", "Straight Flush",  "Royal Flush", "Five Aces"};
    return b >= 0 && b < EVAL_ABONUS_CATEGORIES ? names[b] : "?";
}

uint8_t eval_making_cards(const card_t cards[5]) {
    for (int i = 0; i < 5; i++)
        if (cards[i] >= 52) return 0; /* a joker or no card: no standard hand */
    eval_category_t cat = eval_category(eval_value(cards, 5));
    if (cat >= EVAL_STRAIGHT && cat != EVAL_TRIPS && cat != EVAL_QUADS) return 0x1f;
    int count[13] = {0};
    for (int i = 0; i < 5; i++) count[card_rank(cards[i])]++;
    uint8_t used = 0;
    if (cat == EVAL_HIGH_CARD) {
        int hi = 0;
        for (int i = 1; i < 5; i++)
            if (card_rank(cards[i]) > card_rank(cards[hi])) hi = i;
        return (uint8_t)(1u << hi);
    }
    for (int i = 0; i < 5; i++)
        if (count[card_rank(cards[i])] >= 2) used |= (uint8_t)(1u << i);
    return used;
}

uint8_t eval_making_cards_of(const card_t *cards, int n) {
    uint8_t used;
    if (eval_best(cards, n, &used) < 0) return 0;
    card_t five[5];
    int at[5], k = 0;
    for (int i = 0; i < n && k < 5; i++)
        if (used >> i & 1) at[k] = i, five[k++] = cards[i];
    uint8_t five_mask = eval_making_cards(five), mask = 0;
    for (int j = 0; j < 5; j++)
        if (five_mask >> j & 1) mask |= (uint8_t)(1u << at[j]);
    return mask;
}
