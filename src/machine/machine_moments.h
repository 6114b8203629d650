/* machine_moments: what a round's money looks like to the player, worked out without a window.
 *
 * How big a win is (its tier: a WIN, a BIG WIN, a MEGA WIN with its own celebration, the
 * JACKPOT), by the win's size against the stake and by the hand that won it; and the chips that
 * make an amount (a bet or a payout shown as the stack a dealer would build: the table's chips,
 * largest first). The screen decides how each looks; the rules for which are here, where a test
 * reaches them without SDL. */
#ifndef STUDPOKER_MACHINE_MOMENTS_H
#define STUDPOKER_MACHINE_MOMENTS_H

#include <stdbool.h>
#include <stdint.h>

#include "round.h"

/* The tiers, smallest first. */
typedef enum machine_tier {
    MACHINE_TIER_NONE = 0, /* nothing won */
    MACHINE_TIER_WIN,      /* a win */
    MACHINE_TIER_BIG,      /* 10 times the stake or more, or four of a kind won */
    MACHINE_TIER_MEGA,     /* 50 times the stake or more, or a straight flush or royal won */
    MACHINE_TIER_JACKPOT   /* the jackpot's or the progressive's top prize */
} machine_tier_t;

#define MACHINE_BIG_TIMES  10 /* a BIG WIN: the win at least this many times the stake */
#define MACHINE_MEGA_TIMES 50 /* a MEGA WIN */

typedef struct machine_win {
    machine_tier_t tier;
    int64_t win;    /* what was won: each winning bet's win (round_seat_win's measure) */
    int64_t staked; /* the stake it is measured against */
    /* the best hand that won (a straight flush, a royal flush, five aces, four of a kind, ...;
     * a static English name, NULL when no hand counts) and its bet */
    const char *hand;
    wager_t by;
} machine_win_t;

/* The tier of a settled seat's round: of every bet (main_only false: the celebration's), or of
 * the main game alone (the ante and the decisions' bets: the verdict's, which names the main
 * game's win). A round that is not settled wins nothing. */
machine_win_t machine_win_of(const round_t *r, int seat, bool main_only);
/* The tier's word as the verdict says it: "WIN", "BIG WIN!", "MEGA WIN!", "JACKPOT!" ("" for
 * none). */
const char *machine_tier_title(machine_tier_t t);

/* The chips that make amount from the table's chips (MACHINE_CHIP_VALUES), largest first, as
 * many of each as fit before the next smaller (the fewest chips: each value divides the next).
 * Writes at most max values into out and returns how many; *rest (may be NULL) gets what they
 * leave: a part smaller than the smallest chip, or what did not fit in max chips. */
int machine_chip_stack(int64_t amount, int64_t *out, int max, int64_t *rest);

#endif
