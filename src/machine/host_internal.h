/* host_internal: what the files of the shared table's host share.
 *
 * host.c        the configuration a table publishes, and the host's loop (host_run)
 * host_round.c  the deal, and each player's round through the engine: the settlement and its
 *               replay (the audit's)
 * host_audit.c  an operator's audit of a table (host_audit) */
#ifndef STUDPOKER_HOST_INTERNAL_H
#define STUDPOKER_HOST_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "card.h"
#include "host.h"
#include "rng.h"
#include "round.h"
#include "rules.h"

#ifdef STUDPOKER_LINK
#include "link_table.h"
#endif

/* A player's round on the engine starts with their stakes and this much more: the terminal
 * checked that its credits cover the raises before it sent the bets (the engine's deal asks for
 * that), and the table counts only the stakes it took. */
#define HOST_MARGIN ((int64_t)1000000000000)

/* A player in the deal: the cards dealt and the deck the settlement replays. */
typedef struct hplayer {
    const char *machine;
    int64_t amounts[WAGER_COUNT];
    int64_t staked;
    deck_t replay; /* the one-seat round this player's settlement replays */
    card_t cards[5];
} hplayer_t;

/* Cards as text ("As Kd"). */
void host_cards_text(const card_t *c, int n, char *out, size_t cap);
/* A player's own cards: Cajun's two hole cards, the others' five. */
int host_hole_count(const rules_t *r);
/* The shared cards: the dealer's hand, or Cajun's board. */
int host_shared_count(const rules_t *r);
/* Deals the round: *shared gets the dealer's cards (the board), each of the n players their
 * cards and replay deck; one deck while it holds everyone (or a test's stacked deck), else each
 * player from an independent shuffle of what the shared cards leave. */
bool host_deal_round(const rules_t *r, rng_t *rng, bool one_deck, const char *stacked, hplayer_t *p,
                     int n, deck_t *deck, card_t shared[5]);
/* Whether a player's bets (one amount per wager, summed staked) are ones the rules take. */
bool host_bets_ok(const rules_t *r, const int64_t *amounts, int64_t staked, char *why, size_t n);

#ifdef STUDPOKER_LINK
/* A player's part of the table's linked pool in a round: the stake on it, and whether the hand is
 * a royal the pool's top prize is claimed for. */
typedef struct host_linked {
    int64_t stake;
    bool royal;
    int64_t aggregate; /* Cajun: the win that counts toward the table's aggregate limit */
    int64_t stakes[WAGER_COUNT]; /* per wager, raises included */
} host_linked_t;
/* Settles one player: their round replayed through the engine from the controller's records (the
 * deck, the bets, the decisions). false: the records do not make a round the engine plays (why).
 * Cajun's aggregate limit is the table's, over every player: host_aggregate applies it after. */
bool host_settle_player(const rules_t *r, const lt_player_t *p, lt_settle_t *out,
                        host_linked_t *linked, char *why, size_t n);
/* Cajun's aggregate limit (003 J-K, rules.md: over all seats of a round) over the n players of a
 * round settled by host_settle_player: when their wins above the aggregate odds add up past the
 * limit, each is paid its share and its verdict says so. Returns how many were cut. */
int host_aggregate(const rules_t *r, lt_settle_t *s, const host_linked_t *linked, int n);
#endif

#endif
