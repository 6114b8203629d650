/* eval: poker hand evaluation for every variant.
 *
 * Five, six and seven cards get a value 1..7462 (EVAL_CLASSES) that orders hands exactly as the
 * rules do: a higher value wins, equal values tie, and only hands that really are equal share a
 * value (suits never break ties). The value gives the category and a name a screen can show.
 * The fast path is a running sum of per-card keys and two table lookups (tables generated at
 * build time by tools/gen_eval_tables.c); eval_best also says which five cards make the hand.
 *
 * The side-bet classifiers live here too: Cajun Stud's three-card Board Bonus ranking, its
 * Pocket Bonus and Lo Ball, and Asian Stud's points and joker bonus hand. None of these pays
 * anything: they name the hand; the variant's pay table turns that into money. */
#ifndef STUDPOKER_EVAL_H
#define STUDPOKER_EVAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "card.h"
#include "eval_tables.h"

typedef enum eval_category {
    EVAL_HIGH_CARD = 0,
    EVAL_PAIR,
    EVAL_TWO_PAIR,
    EVAL_TRIPS,
    EVAL_STRAIGHT,
    EVAL_FLUSH,
    EVAL_FULL_HOUSE,
    EVAL_QUADS,
    EVAL_STRAIGHT_FLUSH,
    EVAL_ROYAL_FLUSH,
    EVAL_CATEGORIES
} eval_category_t;

/* ---- fast evaluation (standard cards only: no joker) ---- */

/* A hand being built one card at a time: add cards with eval_hand_add, then read its value.
 * Adding is cheap, so loops that enumerate hands share the partial sums of their outer loops. */
typedef struct eval_hand {
    uint64_t key;  /* rank-key sum in bits 0..31, one suit counter per nibble in bits 32..47 */
    uint64_t mask; /* one bit per card: 16 bits per suit, bit = rank */
} eval_hand_t;

#define EVAL_SUIT_COUNTERS_START 0x333300000000ull
#define EVAL_FLUSH_BITS          0x888800000000ull

static inline eval_hand_t eval_hand_empty(void) {
    eval_hand_t h = {EVAL_SUIT_COUNTERS_START, 0};
    return h;
}

static inline eval_hand_t eval_hand_add(eval_hand_t h, card_t c) {
    h.key += eval_card_key[c];
    h.mask |= 1ull << ((c & 3) * 16 + (c >> 2));
    return h;
}

/* The value of a hand of 5, 6 or 7 cards. */
static inline int eval_hand_value(eval_hand_t h) {
    uint64_t flush = h.key & EVAL_FLUSH_BITS;
    if (flush) {
        int suit = __builtin_ctzll(flush >> 32) >> 2;
        return eval_flush_value[(h.mask >> (16 * suit)) & 0x1fff];
    }
    uint32_t k = (uint32_t)h.key;
    return eval_rank_value[eval_row_offset[k >> EVAL_ROW_SHIFT] + (k & EVAL_COL_MASK)];
}

/* The value of n standard cards, 5 <= n <= 7 (not checked here: see eval_cards_check). */
int eval_value(const card_t *cards, int n);

/* The best five of n cards (5..7): returns the value and sets *used to a bit mask of the
 * positions in cards[] that make the hand (bit i = cards[i]), for the screen to highlight.
 * Returns -1 (and *used = 0) for any other n. */
int eval_best(const card_t *cards, int n, uint8_t *used);

/* ---- what a value means ---- */

/* A value's category (inline: every settlement asks it of every hand). */
static inline eval_category_t eval_category(int value) {
    if (value < 1 || value > EVAL_CLASSES) return EVAL_HIGH_CARD;
    return (eval_category_t)(eval_value_info[value] >> 20);
}
/* The value's i-th tie rank (i < eval_tie_ranks' count), without filling an array. */
static inline int eval_tie_rank(int value, int i) {
    if (value < 1 || value > EVAL_CLASSES || i < 0 || i > 4) return 0;
    return (int)(eval_value_info[value] >> (16 - 4 * i)) & 15;
}
const char *eval_category_name(eval_category_t cat); /* "Two Pair" */

/* Which of five cards make their hand's category, as a bit mask (bit i = cards[i]): the paired
 * cards of a pair, two pair, three or four of a kind (not the kickers), all five of a straight,
 * flush or full house and up, the highest card of a high-card hand; 0 for a joker or a card
 * out of range. For the screen, which lights the cards that made a hand. */
uint8_t eval_making_cards(const card_t cards[5]);
/* The same for the best five of n cards (5..7): which of the n make that five's category (a
 * 5+1 BONUS hand's six: the dealer's up card lit when it is one of them); 0 for other n. */
uint8_t eval_making_cards_of(const card_t *cards, int n);

/* The ranks that decide ties, most significant first (pair rank, then kickers; straight: its
 * high card, 5 for the wheel). Returns how many (1..5). */
int eval_tie_ranks(int value, int ranks[5]);

/* The hand in words: "Pair of Tens, King kicker", "Kings full of Sixes", "Straight, Five high".
 * Returns the length written (snprintf-style). */
int eval_describe(int value, char *buf, size_t len);

/* ---- Cajun Stud: Board Bonus (three community cards) ---- */

typedef enum eval3_category {
    EVAL3_HIGH_CARD = 0,
    EVAL3_PAIR,
    EVAL3_FLUSH,
    EVAL3_STRAIGHT,
    EVAL3_TRIPS,
    EVAL3_STRAIGHT_FLUSH,
    EVAL3_MINI_ROYAL, /* A-K-Q suited */
    EVAL3_CATEGORIES
} eval3_category_t;

eval3_category_t eval_board3(const card_t cards[3]);
const char *eval3_category_name(eval3_category_t cat);

/* ---- Cajun Stud: Pocket Bonus (two hole cards) ---- */

typedef enum eval_pocket {
    EVAL_POCKET_NONE = 0,
    EVAL_POCKET_PAIR,            /* any pair but aces */
    EVAL_POCKET_ACE_FACE,        /* ace with K, Q or J, different suits */
    EVAL_POCKET_ACE_FACE_SUITED, /* ace with K, Q or J, same suit */
    EVAL_POCKET_ACES,
    EVAL_POCKET_CATEGORIES
} eval_pocket_t;

eval_pocket_t eval_pocket(const card_t cards[2]);
const char *eval_pocket_name(eval_pocket_t p);

/* ---- Cajun Stud: Lo Ball (five cards) ---- */

/* The rank of the highest card (CARD_RANK_7 .. CARD_RANK_A) when the five cards hold no pair, no
 * straight and no flush; -1 otherwise. Lo Ball pays only 7- to jack-high; the pay table says so. */
int eval_lowball_high(const card_t cards[5]);

/* ---- Asian Stud ---- */

/* Baccarat-style points: ace 1, 2..9 face value, ten and pictures 10, joker 1. */
int eval_asian_card_points(card_t c);

typedef struct eval_asian {
    bool qualifies; /* three of the cards total 10, 20 or 30 */
    int value;      /* 1..10 (0 counts as 10) when qualifying, else 0 */
    uint8_t three;  /* bit mask of the qualifying three (positions in cards[]) */
} eval_asian_t;

eval_asian_t eval_asian(const card_t cards[5]);

typedef enum eval_asian_bonus {
    EVAL_ABONUS_NONE = 0, /* one pair or less */
    EVAL_ABONUS_TWO_PAIR,
    EVAL_ABONUS_TRIPS,
    EVAL_ABONUS_STRAIGHT,
    EVAL_ABONUS_FLUSH,
    EVAL_ABONUS_FULL_HOUSE,
    EVAL_ABONUS_QUADS,
    EVAL_ABONUS_STRAIGHT_FLUSH,
    EVAL_ABONUS_ROYAL_FLUSH,
    EVAL_ABONUS_FIVE_ACES,
    EVAL_ABONUS_CATEGORIES
} eval_asian_bonus_t;

/* The Asian Stud bonus hand: the joker completes a straight, flush or straight flush, and
 * otherwise counts as an ace; four aces and the joker are five aces. */
eval_asian_bonus_t eval_asian_bonus(const card_t cards[5]);
const char *eval_asian_bonus_name(eval_asian_bonus_t b);

#endif
