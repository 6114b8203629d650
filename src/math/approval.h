/* approval: is every bet of a game inside the machine's approved return range?
 *
 * A real machine is approved for a range of return ([approval] min_payback and max_payback in
 * the config; 75% is the floor many jurisdictions set, and a game over 100% is one the house
 * loses). The figures are the exact par sheet's (parsheet_build) for every bet the machine
 * offers: the main game under optimal strategy, per ante (the return the par sheet prints), and
 * each side bet per stake. Linked and metered bets (the live JACKPOT, the US progressive) count
 * at their funded long-run return: the fixed prizes, plus the share of every stake paid into
 * the meter, plus what seeds the next top prize (the JACKPOT's reserve share, the progressive's
 * reset after a royal), which is what they return whatever the meter shows today. Comparison
 * figures (other strategies, other readings of a rule) are no bets and are not checked.
 *
 * Every return is kept as an exact fraction, so no rounding ever decides a verdict; the text
 * form (approval_encode) is how the app keeps the figures in the machine's store, because the
 * Caribbean par sheet takes a second or two. The module keeps no state. */
#ifndef STUDPOKER_APPROVAL_H
#define STUDPOKER_APPROVAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "par.h"
#include "rules.h"

#define APPROVAL_MAX_BETS 8
/* The defaults of [approval] min_payback and max_payback, in basis points. */
#define APPROVAL_MIN_DEFAULT_BP 7500
#define APPROVAL_MAX_DEFAULT_BP 9999
/* Changes whenever the figures or their text form change: it is part of the cache digest, so a
 * later release never reads an older release's figures. */
#define APPROVAL_FORMAT "studpoker approval 1"

typedef struct approval_bet {
    wager_t wager;    /* WAGER_ANTE for the main game (ante and the decision bets) */
    par_int num, den; /* the exact return per stake: num / den, den > 0, in lowest terms */
} approval_bet_t;

typedef struct approval {
    rules_variant_t variant;
    int nbets;
    approval_bet_t bet[APPROVAL_MAX_BETS]; /* the main game first, then the side bets offered */
} approval_t;

/* Works out the figures from the exact par sheet (threads: for the Caribbean analysis).
 * Returns false when memory runs out or a figure does not fit 128 bits. */
bool approval_compute(const rules_t *r, int threads, approval_t *out);

/* The figures of a built-in preset's pay tables, known without working them out (they take
 * seconds): true when r pays exactly as its preset does, whatever its limits, timers, hand-pay
 * thresholds or caps (which change no return per stake). False means: work them out. Pinned in
 * approval.c and checked against approval_compute by test_math. */
bool approval_known(const rules_t *r, approval_t *out);

/* The text form: "main=NUM/DEN bonus51=NUM/DEN ...", one word per bet. encode returns the
 * length written (snprintf-style); decode accepts exactly that form and only when it names the
 * bets these rules offer, in order (false otherwise: work the figures out again). */
int approval_encode(const approval_t *a, char *buf, size_t cap);
bool approval_decode(const char *text, const rules_t *r, approval_t *out);

/* A bet outside the range: which one, on which side, and the limit it misses. */
typedef struct approval_miss {
    int bet; /* index into approval_t.bet */
    bool above;
    int32_t limit_bp;
} approval_miss_t;

/* The bets whose return is below min_bp or above max_bp (basis points, exactly), in order;
 * returns how many (up to max stored in out, which may be NULL). */
int approval_check(const approval_t *a, int32_t min_bp, int32_t max_bp, approval_miss_t *out,
                   int max);

/* The return as a percentage with 4 decimals, rounded half up: "154.0658". */
void approval_percent(const approval_bet_t *b, char *buf, size_t n);
/* A limit as written in a config: "75%", "99.99%". */
void approval_limit_text(int32_t bp, char *buf, size_t n);
/* The bet in a message: "the main game (ante and PLAY)", "the PROGRESSIVE". */
const char *approval_bet_name(rules_variant_t v, wager_t w);
/* The whole finding: "the main game (ante and PLAY) returns 154.0658% of the ante, above the
 * approved maximum of 99.99%". */
int approval_miss_text(const approval_t *a, const approval_miss_t *m, char *buf, size_t n);

#endif
