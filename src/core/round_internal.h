/* round_internal: what the round's actions (round.c) and its settlement (round_settle.c) share.
 * Not part of the round's API: nothing outside those two files includes it. The helpers are
 * inline because the simulator settles millions of rounds a second through them. */
#ifndef STUDPOKER_ROUND_INTERNAL_H
#define STUDPOKER_ROUND_INTERNAL_H

#include "round.h"

/* Appends an event and returns it for the caller to fill in the rest; past the buffer's end
 * (never reached by a real round) the event goes to a scratch slot and the overflow is noted. */
static inline round_event_t *emit(round_t *r, round_event_type_t type, int seat, int wager,
                                  int64_t amount, int64_t amount2) {
    round_event_t *e = &r->scratch_event;
    if (r->quiet) return e; /* the caller's further fields land in the scratch slot */
    if (r->nevents < ROUND_MAX_EVENTS)
        e = &r->events[r->nevents++];
    else
        r->events_overflowed = true;
    /* one whole-struct store (a few wide moves) rather than a clear and then each field */
    *e = (round_event_t){.type = (uint8_t)type,
                         .seat = (uint8_t)seat,
                         .wager = (uint8_t)wager,
                         .amount = amount,
                         .amount2 = amount2};
    return e;
}

/* Bets staked at one fixed amount (the JACKPOT, the progressive): a chip stakes the whole
 * amount, and a win pays a prize, never the stake back. */
static inline bool fixed_stake(wager_t w) {
    return w == WAGER_JACKPOT || w == WAGER_PROGRESSIVE;
}

/* Settles every seat still in: reveals the dealer (not in Cajun), pays each bet, and ends the
 * round (ROUND_SETTLED). Called once, when the last decision is made. */
void round_settle(round_t *r);

#endif
