/* card: the playing card type, its text forms, and the decks the variants deal from.
 *
 * A card is one byte: rank * 4 + suit for the 52 standard cards (so sorting cards sorts them by
 * rank), and CARD_JOKER for Asian Stud's joker. Ranks run 0 (deuce) .. 12 (ace), suits
 * clubs, diamonds, hearts, spades. Text forms: "As", "Td", "2c", "Jk" (the joker) for files,
 * logs and the command line; "A♠"-style with suit symbols for people. */
#ifndef STUDPOKER_CARD_H
#define STUDPOKER_CARD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef uint8_t card_t;

enum {
    CARD_RANK_2 = 0,
    CARD_RANK_3,
    CARD_RANK_4,
    CARD_RANK_5,
    CARD_RANK_6,
    CARD_RANK_7,
    CARD_RANK_8,
    CARD_RANK_9,
    CARD_RANK_T,
    CARD_RANK_J,
    CARD_RANK_Q,
    CARD_RANK_K,
    CARD_RANK_A,
    CARD_RANKS
};

enum { CARD_CLUBS = 0, CARD_DIAMONDS, CARD_HEARTS, CARD_SPADES, CARD_SUITS };

#define CARD_JOKER ((card_t)52)
#define CARD_NONE  ((card_t)255)
#define DECK_MAX   53

static inline card_t card_make(int rank, int suit) {
    return (card_t)(rank * 4 + suit);
}
static inline int card_rank(card_t c) {
    return c >> 2;
}
static inline int card_suit(card_t c) {
    return c & 3;
}
static inline bool card_is_joker(card_t c) {
    return c == CARD_JOKER;
}
static inline bool card_valid(card_t c) {
    return c <= CARD_JOKER;
}

/* Parses one card ("As", "td", "10h", "Jk", "A♠"); case does not matter. Returns false for
 * anything that is not exactly one card. */
bool card_parse(const char *text, card_t *out);

/* Parses a list of cards separated by spaces or commas. Returns the number of cards, or -1 with
 * a message in err (which card, and why) for a bad card, a duplicate, or more than max cards. */
int card_parse_list(const char *text, card_t *out, int max, char *err, size_t errlen);

/* "As", "Td", "Jk". buf needs 3 bytes. Returns buf. */
const char *card_format(card_t c, char buf[3]);

/* "A♠", "10♦", "JOKER" in UTF-8. buf needs 8 bytes. Returns buf. */
const char *card_display(card_t c, char buf[8]);

/* Rank characters and words: '2'..'9', 'T', 'J', 'Q', 'K', 'A'; "Two".."Ace"; "Twos".."Aces". */
char card_rank_char(int rank);
const char *card_rank_word(int rank);
const char *card_rank_plural(int rank);
const char *card_suit_word(int suit);

/* A deck in dealing order: cards[0] is dealt first. */
typedef struct deck {
    card_t cards[DECK_MAX];
    int count;
} deck_t;

/* The 52 standard cards in card order (2c, 2d, ..., As). */
void deck_init52(deck_t *deck);
/* The 52 standard cards and the joker. */
void deck_init53(deck_t *deck);

/* True when the deck holds each card at most once and only valid cards. */
bool deck_is_valid(const deck_t *deck);

/* The same check, also giving the set of the deck's cards (bit c for card c) in *set: one pass
 * without a branch per card, for round_init, which checks every deck it is given. */
bool deck_card_set(const deck_t *deck, uint64_t *set);

#endif
