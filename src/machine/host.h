/* host: a shared table's dealer, `studpoker table-host` (issue 15; 001: one dealer, any number of
 * players, on shared betting and decision timers).
 *
 * The host deals one table of any variant on the controller (src/link/table_host.sql): it opens a
 * round and takes bets for the configured betting time, closes it (a player whose terminal is no
 * longer connected has the bets voided and returned, 001), checks every player's bets against the
 * rules, deals, opens the decisions for the decision time (a player who does not decide is
 * folded: AUTO FOLDED), reveals and settles every player through the round engine, then opens the
 * next round. Everything it does is recorded on the controller before the terminals see it; a
 * host that stops and starts again carries on from where the records say its round is (a round it
 * cannot finish, or one left longer than the stale time, is cancelled and every stake returned).
 *
 * The deal, by variant and table (the README and seeds/ say why):
 *   one_deck    the players' hands and the dealer's (Cajun: the board) from one shuffled deck, in
 *               the engine's dealing order, while the deck holds them (Caribbean 9 players,
 *               Asian 9, Cajun 24); beyond that the round is dealt per player;
 *   per_player  the dealer's hand (the board) from the round's shuffled deck, and each player's
 *               cards from an independent shuffle of the cards that are left: every player's
 *               chances are exactly a one-player game's (the par sheet's), however many play.
 * Either way each player's settlement is a one-seat round of the engine replayed from a whole
 * deck recorded for that player (their cards, the dealer's or the board, the rest), their bets
 * and their decisions; the shared table's own rules (none yet: the pool bets are not offered at a
 * shared table) would come after. No SDL, no store: the controller is the host's record. */
#ifndef STUDPOKER_HOST_H
#define STUDPOKER_HOST_H

#include <signal.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "config.h"

/* Where a round's time went, for the benchmark (ms on the monotonic clock). */
typedef struct host_round_stats {
    int64_t round;
    int players;
    double close_deal_ms; /* betting closed, bets checked, dealt and recorded */
    double close_step_ms; /* the last step's decisions closed (the undecided folded) */
    double read_ms;       /* the players' records read back for the settlement */
    double engine_ms;     /* every player's round through the engine */
    double settle_ms;     /* the results recorded */
    double opened_at_s;   /* when the round opened, was dealt, its settlement committed */
    double dealt_at_s;    /* (CLOCK_MONOTONIC seconds) */
    double settled_at_s;
} host_round_stats_t;

typedef struct host_options {
    const char *url;  /* the host's libpq connection string (its table's login) */
    const char *tab;  /* the table's name on the controller */
    int64_t rounds;   /* stop after this many rounds settled or cancelled; 0: never */
    uint64_t seed;    /* tests and replays only: a seeded deal; 0: unpredictable */
    const char *deal; /* "one_deck", "per_player" or NULL/"auto" (one_deck) */
    int pause_ms;     /* between a settlement and the next round (the reveal's time) */
    int64_t stale_ms; /* a round found this long past its deadline at a start is cancelled */
    volatile sig_atomic_t *stop; /* set by a signal: the host stops between steps */
    FILE *log;                   /* a line per round; NULL: none */
    /* tests only: the decks of the first rounds, in order (the cards given first, the rest of
     * the deck after them in card order), dealt one deck to the table */
    const char *decks[8];
    int ndecks;
    /* the benchmark: called on the host's thread after each settlement */
    void (*on_round)(void *ctx, const host_round_stats_t *stats);
    void *ctx;
} host_options_t;

/* The game sections of a configuration (what a terminal plays by), as the text the host
 * publishes: [game] ... [timers], never [cabinet], [link] or anything else of the host's own.
 * Returns a malloc'd string, NULL when out of memory. */
char *host_game_text(const cfg_t *cfg);

/* Deals the table until the rounds are done or *stop is set. Returns 0, or 1 with a message on
 * stderr when the table cannot be dealt (the controller refuses, the configuration cannot be
 * dealt at a shared table). While the controller does not answer it tries again every second. */
int host_run(const cfg_t *cfg, const host_options_t *o);

/* An operator's audit of a table (url: an operator's or a superuser's login): every finished
 * round's results against a replay of its records through the round engine (each player's deck,
 * bets and decisions), void and cancelled results against the stakes they return, and the
 * table's money (every accepted stake has its result, staked as accepted). A line per problem
 * and a summary to out. Returns 0 when everything agrees, 1 when anything does not or the
 * controller cannot be read. */
int host_audit(const cfg_t *cfg, const char *url, const char *tab, FILE *out);

/* Checks that a configuration can be dealt at a shared table; false with why. */
bool host_config_ok(const cfg_t *cfg, char *why, size_t n);

#endif
