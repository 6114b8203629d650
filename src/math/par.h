/* par: exact par-sheet figures of one bet, as integers.
 *
 * Every figure of a par sheet is a ratio of integers: a bet's outcomes are counted by full
 * enumeration (combinations), each outcome has a result in units of the base stake (the ante,
 * or the side bet's stake), and the return is the weighted sum over the total. A par_bet_t
 * keeps the numerators and the common denominator exactly (128-bit), so the figures can be
 * compared exactly in tests and printed to any precision; only the printing goes through long
 * double. Results that are not whole multiples of the stake (a commission, a share of a meter)
 * use a common `scale`: an outcome's result is win_num / scale stakes. */
#ifndef STUDPOKER_PAR_H
#define STUDPOKER_PAR_H

#include <stdbool.h>
#include <stdint.h>

#include "rules.h"

__extension__ typedef __int128 par_int;
__extension__ typedef unsigned __int128 par_uint;

#define PAR_MAX_LINES 32
#define PAR_NAME_LEN  64
#define PAR_NOTE_LEN  320

typedef struct par_line {
    char name[PAR_NAME_LEN]; /* "Royal flush (play, dealer qualifies, player wins)" */
    par_int count;           /* combinations */
    int64_t win_num;         /* result of this outcome: win_num / scale base stakes */
    /* Lines whose combinations carry different wagers (Cajun: raised 1x..3x): sum is the
     * total result of the line (in 1/scale base stakes), win_num is then not used. */
    bool summed;
    par_int sum;
} par_line_t;

typedef struct par_bet {
    char key[32];            /* "caribbean", "bonus51", ... */
    char name[PAR_NAME_LEN]; /* "Caribbean Stud main game (optimal strategy)" */
    par_int total;           /* sum of the lines' counts: the denominator */
    int64_t scale;           /* win_num / scale = result per base stake */
    int nlines;
    par_line_t line[PAR_MAX_LINES];

    /* Main games with decisions: the expected total wager, wager_num / (total * scale) base
     * stakes (ante + raises), and how often the player raises/plays: raise_count / total. */
    bool has_wager;
    par_int wager_num;
    bool has_raise;
    par_int raise_count;

    /* The return is per unit staked before the deal: 1 + EV for bets whose stake comes back
     * with a win ("x to 1"); for fixed-prize bets (stake never returned) the lines already hold
     * the prize, and fixed_prize is set: return = EV + 1 still holds because a losing line is
     * -1 and a prize P is P - 1. */
    bool fixed_prize;
    /* Meter-dependent bets (progressives): return(meter) = base + meter_coef * meter / stake,
     * both exact: meter_num / meter_den is the expected meter share paid per stake. */
    bool has_meter;
    par_int meter_num, meter_den; /* expected fraction of the meter won per bet */
    int64_t stake;                /* the bet's stake in minor units, for meter figures */
    /* Long-run return paid through the meter on top of the fixed lines, per stake: the share
     * of each stake funding the prizes (and the expected reset seeding per bet, for a meter
     * the house re-seeds): extra_num / extra_den (0 / 0 = none). */
    par_int extra_num, extra_den;
    char note[PAR_NOTE_LEN];
} par_bet_t;

/* Adds an outcome line (merged with an existing line of the same name). */
void par_add_line(par_bet_t *b, const char *name, par_int count, int64_t win_num);
/* Adds to a summed line (created on first use). */
void par_add_summed(par_bet_t *b, const char *name, par_int count, par_int sum);
/* The total result of a line. */
par_int par_line_result(const par_line_t *l);
/* Sets total = the sum of the counts. */
void par_finish(par_bet_t *b);

/* The exact expected result per base stake: *num / *den (den > 0). */
void par_ev(const par_bet_t *b, par_int *num, par_int *den);
long double par_ev_ld(const par_bet_t *b);
/* House edge per base stake (= -EV), return per base stake (= 1 + EV, plus the meter's
 * long-run extra for a metered bet). */
long double par_house_edge(const par_bet_t *b);
long double par_return(const par_bet_t *b);
/* Average total wager in base stakes, and the element of risk (-EV / average wager). Only
 * for bets with has_wager. */
long double par_avg_wager(const par_bet_t *b);
long double par_element_of_risk(const par_bet_t *b);
/* The return per total wagered: 1 - element of risk. */
long double par_return_per_wager(const par_bet_t *b);

/* Metered bets: the return at a given meter (minor units), and the meter at which the return
 * reaches 100% (minor units, rounded up; -1 when the meter pays nothing). */
long double par_return_at_meter(const par_bet_t *b, int64_t meter);
long double par_break_even_meter(const par_bet_t *b);

long double par_to_ld(par_int x);
/* Decimal text of a 128-bit integer. buf needs 41 bytes. */
const char *par_int_str(par_int x, char buf[41]);

#endif
