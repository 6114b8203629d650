/* game: the machine's play between rounds, for one seat (the cabinet's player).
 *
 * It owns the rules, the jackpot pool, the game RNG, the credits and the round in play, starts
 * each round from a fresh shuffle, and keeps the session's recent rounds for the history
 * screen. No SDL here: the table scene turns buttons into game_act() calls and animates the
 * events the round returns. */
#ifndef STUDPOKER_GAME_H
#define STUDPOKER_GAME_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "jackpot.h"
#include "rng.h"
#include "round.h"
#include "rules.h"

#define GAME_HISTORY 50

typedef struct game_record {
    uint64_t number;
    card_t cards[5];
    card_t dealer[5];
    card_t board[3];
    int64_t stake[WAGER_COUNT];
    int64_t returned[WAGER_COUNT];
    round_outcome_t outcome[WAGER_COUNT];
    int64_t credits_before, credits_after;
    int hand_value, dealer_value;
    bool dealer_qualifies, folded, auto_folded, void_round;
} game_record_t;

typedef struct game {
    rules_t rules;
    jackpot_pool_t pool;
    rng_t rng;
    round_t round;
    int64_t credits;
    int64_t last_stakes[WAGER_COUNT];
    uint64_t number;                     /* game number of the round in play */
    game_record_t history[GAME_HISTORY]; /* newest first */
    int nhistory;
    deck_t stacked[4]; /* test decks for the next rounds, in order (headless tests only) */
    int nstacked, next_stacked;
} game_t;

/* seed 0: the system's unpredictable generator; otherwise a reproducible deal (tests, demo). */
bool game_init(game_t *g, const rules_t *rules, int64_t credits, uint64_t seed);

/* Queues a deck order for a coming round instead of a shuffle: the cards given come first,
 * the rest of the deck follows in card order. Only the headless test mode offers this; a
 * machine on the floor always shuffles. Returns false (with a message) for bad cards. */
bool game_stack_deck(game_t *g, const char *cards, char *err, size_t errlen);

/* Shuffles a fresh deck (or takes the next stacked one) and opens the betting. */
bool game_new_round(game_t *g);

/* Applies an action to the round in play; when it ends the round, records it and carries the
 * credits and the bets (for REPEAT) over. */
round_status_t game_act(game_t *g, round_action_t a);

bool game_round_over(const game_t *g);

/* Money for people: "$1,234.50", "€5.00", "£200.00", or "CHF 12.00" for other currencies. */
const char *game_money(const game_t *g, int64_t v, char buf[40]);

#endif
