#include "card.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

static const char RANK_CHARS[CARD_RANKS] = {'2', '3', '4', '5', '6', '7', '8',
                                            '9', 'T', 'J', 'Q', 'K', 'A'};
static const char SUIT_CHARS[CARD_SUITS] = {'c', 'd', 'h', 's'};
/* UTF-8 for the suit symbols, in suit order. */
static const char *const SUIT_SYMBOLS[CARD_SUITS] = {"\xE2\x99\xA3", "\xE2\x99\xA6", "\xE2\x99\xA5",
                                                     "\xE2\x99\xA0"};
static const char *const RANK_WORDS[CARD_RANKS] = {"Two",   "Three", "Four", "Five", "Six",
                                                   "Seven", "Eight", "Nine", "Ten",  "Jack",
                                                   "Queen", "King",  "Ace"};
static const char *const RANK_PLURALS[CARD_RANKS] = {"Twos",   "Threes", "Fours", "Fives", "Sixes",
                                                     "Sevens", "Eights", "Nines", "Tens",  "Jacks",
                                                     "Queens", "Kings",  "Aces"};
static const char *const SUIT_WORDS[CARD_SUITS] = {"Clubs", "Diamonds", "Hearts", "Spades"};

char card_rank_char(int rank) {
    return rank >= 0 && rank < CARD_RANKS ? RANK_CHARS[rank] : '?';
}
const char *card_rank_word(int rank) {
    return rank >= 0 && rank < CARD_RANKS ? RANK_WORDS[rank] : "?";
}
const char *card_rank_plural(int rank) {
    return rank >= 0 && rank < CARD_RANKS ? RANK_PLURALS[rank] : "?";
}
const char *card_suit_word(int suit) {
    return suit >= 0 && suit < CARD_SUITS ? SUIT_WORDS[suit] : "?";
}

static int parse_rank(const char **p) {
    const char *s = *p;
    if (s[0] == '1' && s[1] == '0') {
        *p = s + 2;
        return CARD_RANK_T;
    }
    char ch = (char)toupper((unsigned char)s[0]);
    for (int r = 0; r < CARD_RANKS; r++) {
        if (RANK_CHARS[r] == ch) {
            *p = s + 1;
            return r;
        }
    }
    return -1;
}

static int parse_suit(const char **p) {
    const char *s = *p;
    char ch = (char)tolower((unsigned char)s[0]);
    for (int su = 0; su < CARD_SUITS; su++) {
        if (SUIT_CHARS[su] == ch) {
            *p = s + 1;
            return su;
        }
        size_t n = strlen(SUIT_SYMBOLS[su]);
        if (strncmp(s, SUIT_SYMBOLS[su], n) == 0) {
            *p = s + n;
            return su;
        }
    }
    return -1;
}

static bool equals_nocase(const char *a, const char *b) {
    while (*a && *b) {
        if (tolower((unsigned char)*a) != tolower((unsigned char)*b)) return false;
        a++, b++;
    }
    return *a == *b;
}

bool card_parse(const char *text, card_t *out) {
    if (!text) return false;
    if (equals_nocase(text, "jk") || equals_nocase(text, "joker")) {
        *out = CARD_JOKER;
        return true;
    }
    const char *p = text;
    int rank = parse_rank(&p);
    if (rank < 0) return false;
    int suit = parse_suit(&p);
    if (suit < 0 || *p != '\0') return false;
    *out = card_make(rank, suit);
    return true;
}

int card_parse_list(const char *text, card_t *out, int max, char *err, size_t errlen) {
    int n = 0;
    bool seen[DECK_MAX] = {false};
    const char *p = text;
    while (*p) {
        while (*p == ' ' || *p == ',' || *p == '\t') p++;
        if (!*p) break;
        char word[32];
        size_t len = 0;
        while (p[len] && p[len] != ' ' && p[len] != ',' && p[len] != '\t') len++;
        if (len >= sizeof word) {
            snprintf(err, errlen, "'%.*s...' is not a card (write cards like As, Td, 2c, Jk)", 8,
                     p);
            return -1;
        }
        memcpy(word, p, len);
        word[len] = '\0';
        p += len;
        card_t c;
        if (!card_parse(word, &c)) {
            snprintf(err, errlen, "'%s' is not a card (write cards like As, Td, 2c, Jk)", word);
            return -1;
        }
        if (seen[c]) {
            snprintf(err, errlen, "card '%s' appears twice", word);
            return -1;
        }
        if (n == max) {
            snprintf(err, errlen, "too many cards (at most %d)", max);
            return -1;
        }
        seen[c] = true;
        out[n++] = c;
    }
    return n;
}

const char *card_format(card_t c, char buf[3]) {
    if (c == CARD_JOKER) {
        buf[0] = 'J', buf[1] = 'k';
    } else if (c < CARD_JOKER) {
        buf[0] = RANK_CHARS[card_rank(c)], buf[1] = SUIT_CHARS[card_suit(c)];
    } else {
        buf[0] = '?', buf[1] = '?';
    }
    buf[2] = '\0';
    return buf;
}

const char *card_display(card_t c, char buf[8]) {
    if (c == CARD_JOKER) {
        snprintf(buf, 8, "JOKER");
    } else if (c < CARD_JOKER) {
        if (card_rank(c) == CARD_RANK_T)
            snprintf(buf, 8, "10%s", SUIT_SYMBOLS[card_suit(c)]);
        else
            snprintf(buf, 8, "%c%s", RANK_CHARS[card_rank(c)], SUIT_SYMBOLS[card_suit(c)]);
    } else {
        snprintf(buf, 8, "??");
    }
    return buf;
}

/* One copy of a constant instead of a loop of 52 byte stores: the simulator starts every
 * round from a fresh deck. */
#define CARDS4(c)  (card_t)(c), (card_t)((c) + 1), (card_t)((c) + 2), (card_t)((c) + 3)
#define CARDS16(c) CARDS4(c), CARDS4((c) + 4), CARDS4((c) + 8), CARDS4((c) + 12)
static const card_t CARDS52[52] = {CARDS16(0), CARDS16(16), CARDS16(32), CARDS4(48)};

void deck_init52(deck_t *deck) {
    memcpy(deck->cards, CARDS52, sizeof CARDS52);
    deck->count = 52;
}

void deck_init53(deck_t *deck) {
    deck_init52(deck);
    deck->cards[52] = CARD_JOKER;
    deck->count = 53;
}

/* Bits set in v (portable: no popcount instruction is assumed). */
static int bit_count(uint64_t v) {
    v = v - (v >> 1 & 0x5555555555555555u);
    v = (v & 0x3333333333333333u) + (v >> 2 & 0x3333333333333333u);
    v = (v + (v >> 4)) & 0x0f0f0f0f0f0f0f0fu;
    return (int)((v * 0x0101010101010101u) >> 56);
}

/* Bit c for each card c; bit 63, which no card has, for every other byte value. */
#define CARD_BIT(c)   ((c) <= CARD_JOKER ? 1ull << ((c)&63) : 1ull << 63)
#define CARD_BIT4(c)  CARD_BIT(c), CARD_BIT((c) + 1), CARD_BIT((c) + 2), CARD_BIT((c) + 3)
#define CARD_BIT16(c) CARD_BIT4(c), CARD_BIT4((c) + 4), CARD_BIT4((c) + 8), CARD_BIT4((c) + 12)
#define CARD_BIT64(c)                                                                              \
    CARD_BIT16(c), CARD_BIT16((c) + 16), CARD_BIT16((c) + 32), CARD_BIT16((c) + 48)
static const uint64_t CARD_BITS[256] = {CARD_BIT64(0), CARD_BIT64(64), CARD_BIT64(128),
                                        CARD_BIT64(192)};

bool deck_card_set(const deck_t *deck, uint64_t *set) {
    *set = 0;
    int n = deck->count;
    if (n < 0 || n > DECK_MAX) return false;
    /* The union of the cards' bits, in four independent parts so that the loop is not one long
     * chain: the deck holds only cards, each once, exactly when no bit past the joker's is set
     * and the union has as many bits as the deck has cards. */
    uint64_t m0 = 0, m1 = 0, m2 = 0, m3 = 0;
    int i = 0;
    for (; i + 4 <= n; i += 4) {
        m0 |= CARD_BITS[deck->cards[i]];
        m1 |= CARD_BITS[deck->cards[i + 1]];
        m2 |= CARD_BITS[deck->cards[i + 2]];
        m3 |= CARD_BITS[deck->cards[i + 3]];
    }
    for (; i < n; i++) m0 |= CARD_BITS[deck->cards[i]];
    uint64_t m = m0 | m1 | m2 | m3;
    if (m >> (CARD_JOKER + 1) || bit_count(m) != n) return false;
    *set = m;
    return true;
}

bool deck_is_valid(const deck_t *deck) {
    uint64_t set;
    return deck_card_set(deck, &set);
}
