/* ref_poker: a second poker evaluator, for tests only, that shares nothing with src/core/eval.c.
 *
 * It looks at the cards in front of it the slow, plain way (count the ranks, compare the
 * suits, look for five ranks in a row) and knows the hands only as ../shared/rules.md states
 * them, so a test can work out from the cards alone what a hand is and what it pays, and
 * compare that with the engine and the par sheets. No tables, no precomputation.
 *
 * Cards are numbers in card.h's documented layout, rank * 4 + suit (rank 0 = deuce .. 12 =
 * ace), and 52 for Asian Stud's joker; nothing else of the project is used. */
#ifndef STUDPOKER_TESTS_REF_POKER_H
#define STUDPOKER_TESTS_REF_POKER_H

#include <stdbool.h>

/* Five-card categories, lowest first (rules.md "All poker variants"). */
enum {
    REF_HIGH = 0,
    REF_PAIR,
    REF_TWO_PAIR,
    REF_TRIPS,
    REF_STRAIGHT,
    REF_FLUSH,
    REF_FULL_HOUSE,
    REF_QUADS,
    REF_STRAIGHT_FLUSH,
    REF_ROYAL,
    REF_CATEGORIES
};

#define REF_ACE   12
#define REF_JOKER 52

static inline int ref_rank(int c) {
    return c / 4;
}
static inline int ref_suit(int c) {
    return c % 4;
}

/* The highest card of five ranks in a row in `mask` (one bit per rank), the wheel A-2-3-4-5
 * counting as five high; -1 when there is none. */
static inline int ref_straight_top(unsigned mask) {
    for (int top = REF_ACE; top >= 4; top--)
        if ((mask >> (top - 4) & 31u) == 31u) return top;
    if ((mask & 0x100fu) == 0x100fu) return 3; /* A, 2, 3, 4, 5 */
    return -1;
}

/* The value of five cards: category * 16^5 plus the ranks that break ties, most significant
 * first (the biggest group first, then by rank; a straight by its top card). A higher value is
 * a better hand and equal values tie (suits never break ties). */
static inline int ref_value5(const int c[5]) {
    int count[13] = {0};
    unsigned mask = 0;
    bool flush = true;
    for (int i = 0; i < 5; i++) {
        count[ref_rank(c[i])]++;
        mask |= 1u << ref_rank(c[i]);
        flush = flush && ref_suit(c[i]) == ref_suit(c[0]);
    }
    int tie[5] = {0}, n = 0, groups[5] = {0};
    for (int size = 4; size >= 1; size--)
        for (int r = REF_ACE; r >= 0; r--)
            if (count[r] == size) tie[n] = r, groups[n++] = size;
    int top = n == 5 ? ref_straight_top(mask) : -1;
    int cat;
    if (top >= 0 && flush)
        cat = top == REF_ACE ? REF_ROYAL : REF_STRAIGHT_FLUSH;
    else if (groups[0] == 4)
        cat = REF_QUADS;
    else if (groups[0] == 3 && groups[1] == 2)
        cat = REF_FULL_HOUSE;
    else if (flush)
        cat = REF_FLUSH;
    else if (top >= 0)
        cat = REF_STRAIGHT;
    else if (groups[0] == 3)
        cat = REF_TRIPS;
    else if (groups[0] == 2 && groups[1] == 2)
        cat = REF_TWO_PAIR;
    else if (groups[0] == 2)
        cat = REF_PAIR;
    else
        cat = REF_HIGH;
    if (top >= 0) tie[0] = top, tie[1] = tie[2] = tie[3] = tie[4] = 0;
    int v = cat;
    for (int i = 0; i < 5; i++) v = v * 16 + tie[i];
    return v;
}

static inline int ref_category(int value) {
    return value >> 20;
}
/* The first tie-break rank: the pair's rank for one pair, the top card of a straight, ... */
static inline int ref_first_rank(int value) {
    return value >> 16 & 15;
}

/* The best five of six cards (5+1 BONUS). */
static inline int ref_best_of6(const int c[6]) {
    int best = -1;
    for (int skip = 0; skip < 6; skip++) {
        int five[5], n = 0;
        for (int i = 0; i < 6; i++)
            if (i != skip) five[n++] = c[i];
        int v = ref_value5(five);
        if (v > best) best = v;
    }
    return best;
}

/* Caribbean Stud: the dealer qualifies with A-K or better (any pair, or ace and king high). */
static inline bool ref_caribbean_qualifies(int value) {
    return ref_category(value) >= REF_PAIR ||
           (ref_first_rank(value) == REF_ACE && (value >> 12 & 15) == REF_ACE - 1);
}

/* Cajun Stud, Board Bonus: three cards, in the pay order of rules.md. */
enum {
    REF3_NOTHING = 0,
    REF3_PAIR,
    REF3_FLUSH,
    REF3_STRAIGHT,
    REF3_TRIPS,
    REF3_STRAIGHT_FLUSH,
    REF3_MINI_ROYAL,
    REF3_CATEGORIES
};

static inline int ref_board3(const int c[3]) {
    int r[3] = {ref_rank(c[0]), ref_rank(c[1]), ref_rank(c[2])};
    bool flush = ref_suit(c[0]) == ref_suit(c[1]) && ref_suit(c[1]) == ref_suit(c[2]);
    if (r[0] == r[1] && r[1] == r[2]) return REF3_TRIPS;
    if (r[0] == r[1] || r[1] == r[2] || r[0] == r[2]) return REF3_PAIR; /* a pair is never suited */
    unsigned mask = 1u << r[0] | 1u << r[1] | 1u << r[2];
    bool straight = mask == (1u << REF_ACE | 3u); /* A-2-3 */
    for (int low = 0; low + 2 <= REF_ACE; low++) straight = straight || mask == 7u << low;
    if (straight && flush)
        return mask == 7u << (REF_ACE - 2) ? REF3_MINI_ROYAL : REF3_STRAIGHT_FLUSH;
    if (straight) return REF3_STRAIGHT;
    if (flush) return REF3_FLUSH;
    return REF3_NOTHING;
}

/* Cajun Stud, Pocket Bonus: the two hole cards. */
enum {
    REFP_NOTHING = 0,
    REFP_PAIR,            /* any pair but aces */
    REFP_ACE_FACE,        /* ace with K, Q or J, two suits */
    REFP_ACE_FACE_SUITED, /* ace with K, Q or J, one suit */
    REFP_ACES,
    REFP_CATEGORIES
};

static inline int ref_pocket(const int c[2]) {
    int a = ref_rank(c[0]), b = ref_rank(c[1]);
    if (a == b) return a == REF_ACE ? REFP_ACES : REFP_PAIR;
    int other = a == REF_ACE ? b : b == REF_ACE ? a : -1;
    if (other < REF_ACE - 3) return REFP_NOTHING; /* no ace, or the ace with a ten or less */
    return ref_suit(c[0]) == ref_suit(c[1]) ? REFP_ACE_FACE_SUITED : REFP_ACE_FACE;
}

/* Cajun Stud, Lo Ball: the highest card (an ace high) of five cards with no pair, no straight
 * and no flush; -1 for any other hand. */
static inline int ref_loball_high(const int c[5]) {
    int cat = ref_category(ref_value5(c));
    if (cat != REF_HIGH) return -1;
    int high = 0;
    for (int i = 0; i < 5; i++)
        if (ref_rank(c[i]) > high) high = ref_rank(c[i]);
    return high;
}

/* Asian Stud points: ace and joker 1, two to nine their face value, ten and pictures 10. */
static inline int ref_points(int c) {
    if (c == REF_JOKER) return 1;
    int r = ref_rank(c);
    return r == REF_ACE ? 1 : r <= 7 ? r + 2 : 10;
}

/* Asian Stud: the hand's value 1..10 (10 best) when three of its cards total 10, 20 or 30;
 * 0 when no three do (the hand does not qualify). */
static inline int ref_asian_value(const int c[5]) {
    int total = 0;
    for (int i = 0; i < 5; i++) total += ref_points(c[i]);
    for (int i = 0; i < 5; i++)
        for (int j = i + 1; j < 5; j++)
            for (int k = j + 1; k < 5; k++)
                if ((ref_points(c[i]) + ref_points(c[j]) + ref_points(c[k])) % 10 == 0) {
                    int rest =
                        (total - ref_points(c[i]) - ref_points(c[j]) - ref_points(c[k])) % 10;
                    return rest == 0 ? 10 : rest;
                }
    return 0;
}

/* Asian Stud bonus wager, in the pay order of rules.md. */
enum {
    REFB_NOTHING = 0, /* one pair or less */
    REFB_TWO_PAIR,
    REFB_TRIPS,
    REFB_STRAIGHT,
    REFB_FLUSH,
    REFB_FULL_HOUSE,
    REFB_QUADS,
    REFB_STRAIGHT_FLUSH,
    REFB_ROYAL,
    REFB_FIVE_ACES,
    REFB_CATEGORIES
};

static inline int ref_bonus_of_category(int cat) {
    static const int map[REF_CATEGORIES] = {
        REFB_NOTHING, REFB_NOTHING,    REFB_TWO_PAIR, REFB_TRIPS,          REFB_STRAIGHT,
        REFB_FLUSH,   REFB_FULL_HOUSE, REFB_QUADS,    REFB_STRAIGHT_FLUSH, REFB_ROYAL};
    return map[cat];
}

/* rules.md: the joker completes a straight, a flush or a straight flush, and otherwise counts
 * as an ace; four aces and the joker are five aces. */
static inline int ref_asian_bonus(const int c[5]) {
    int joker = -1;
    for (int i = 0; i < 5; i++)
        if (c[i] == REF_JOKER) joker = i;
    if (joker < 0) return ref_bonus_of_category(ref_category(ref_value5(c)));
    int four[4], n = 0, aces = 0;
    for (int i = 0; i < 5; i++)
        if (i != joker) four[n++] = c[i], aces += ref_rank(c[i]) == REF_ACE;
    if (aces == 4) return REFB_FIVE_ACES;
    /* as an ace: the ranks alone decide (an ace of a suit the hand lacks; a flush this way is
     * also a completed flush, found below) */
    int best = REFB_NOTHING;
    for (int s = 0; s < 4; s++) {
        int five[5] = {four[0], four[1], four[2], four[3], REF_ACE * 4 + s};
        int cat = ref_category(ref_value5(five));
        bool completes = cat == REF_STRAIGHT || cat == REF_FLUSH || cat >= REF_STRAIGHT_FLUSH;
        if (!completes && ref_bonus_of_category(cat) > best) best = ref_bonus_of_category(cat);
    }
    /* as whatever card completes a straight, a flush or a straight flush: the thirteen cards
     * of the first card's suit are enough (a straight needs the rank, a flush that suit) */
    for (int rank = 0; rank < 13; rank++) {
        int five[5] = {four[0], four[1], four[2], four[3], rank * 4 + ref_suit(four[0])};
        int cat = ref_category(ref_value5(five));
        if ((cat == REF_STRAIGHT || cat == REF_FLUSH || cat == REF_STRAIGHT_FLUSH ||
             cat == REF_ROYAL) &&
            ref_bonus_of_category(cat) > best)
            best = ref_bonus_of_category(cat);
    }
    return best;
}

#endif
