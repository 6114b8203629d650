/* rules: everything that makes one game different from another, as plain data.
 *
 * A rules_t says which variant is dealt, to how many seats, within which limits, and with which
 * pay tables, side bets, progressive funding, timers and approval thresholds. The round engine
 * (round.h) reads nothing else. rules_preset() fills one in for each preset of the seed
 * documents (see seeds/ and ../shared/rules.md); the config file (src/config) starts from a
 * preset and overrides single values. Money is in minor units (cents); "x to 1" odds are whole
 * numbers; shares are in basis points (1/100 of a percent), so no fraction touches money. */
#ifndef STUDPOKER_RULES_H
#define STUDPOKER_RULES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "card.h"
#include "eval.h"

#define RULES_MAX_SEATS 7
#define RULES_BP        10000 /* basis points in a whole */

typedef enum rules_variant {
    VARIANT_CARIBBEAN = 0,
    VARIANT_CAJUN,
    VARIANT_ASIAN,
    VARIANT_COUNT
} rules_variant_t;

typedef enum rules_preset {
    PRESET_CARIBBEAN_CLASSIC = 0,
    PRESET_CARIBBEAN_LIVE,
    PRESET_CARIBBEAN_US,
    PRESET_CASINO_STUD_UK,
    PRESET_CAJUN,
    PRESET_ASIAN,
    PRESET_COUNT
} rules_preset_t;

/* Every kind of wager, in every variant. A machine's meters count each kind apart, because their
 * returns differ. */
typedef enum wager {
    WAGER_ANTE = 0,
    WAGER_PLAY,    /* Caribbean PLAY (2x ante), Asian RAISE (1x ante) */
    WAGER_RAISE_1, /* Cajun: the raise of each of the three decisions (1x-3x ante) */
    WAGER_RAISE_2,
    WAGER_RAISE_3,
    WAGER_BONUS51,     /* Caribbean live: 5+1 BONUS */
    WAGER_JACKPOT,     /* Caribbean live: JACKPOT (fixed stake, progressive top prize) */
    WAGER_PROGRESSIVE, /* Caribbean US: the 1.00 progressive */
    WAGER_BOARD,       /* Cajun: Board Bonus */
    WAGER_POCKET,      /* Cajun: Pocket Bonus */
    WAGER_LOBALL,      /* Cajun: Lo Ball */
    WAGER_ASIAN_BONUS, /* Asian: joker bonus wager */
    WAGER_COUNT
} wager_t;

/* The side bets (placed before the deal, beside the ante); the main bets are the ante and the
 * bets the decisions make. Inline: the round engine asks this of every bet of every round. */
static inline bool wager_is_side(wager_t w) {
    return w >= WAGER_BONUS51 && w < WAGER_COUNT;
}
static inline bool wager_is_main(wager_t w) { /* ante and the decision bets */
    return w >= WAGER_ANTE && w <= WAGER_RAISE_3;
}
const char *wager_name(wager_t w); /* "ANTE", "PLAY", "5+1 BONUS", ... */
const char *wager_key(wager_t w);  /* "ante", "play", "bonus51", ... for files and configs */

typedef struct rules {
    rules_variant_t variant;
    rules_preset_t preset;
    int seats; /* 1..7 against one dealer */
    char currency[4];

    /* Limits per wager, minor units. A side bet with max 0 is not offered. Fixed-stake bets
     * (JACKPOT, PROGRESSIVE) take exactly their stake. */
    int64_t bet_min[WAGER_COUNT];
    int64_t bet_max[WAGER_COUNT];
    bool offered[WAGER_COUNT];

    /* Caribbean: cap on the win of one bet (ante or PLAY), 0 = none. */
    int64_t max_payout;

    /* Caribbean PLAY pay table and Cajun ante/raise pay table, "x to 1" by category. For
     * Caribbean, HIGH_CARD and PAIR are the "pair or less" line. For Cajun, PAIR is jacks or
     * better; pairs of sixes to tens push and anything lower loses (fixed by the rules). */
    int32_t main_pays[EVAL_CATEGORIES];

    /* Caribbean live: 5+1 BONUS, "x to 1" by category of the best five of six (0 = loses). */
    int32_t bonus51_pays[EVAL_CATEGORIES];

    /* Caribbean live: JACKPOT. Fixed prizes are totals for a stake of jackpot_stake (stake not
     * returned); the royal wins the top prize. Funding in basis points of each stake. */
    int64_t jackpot_stake;
    int64_t jackpot_fixed[EVAL_CATEGORIES];
    int32_t jackpot_top_bp;     /* 4500: to the top prize */
    int32_t jackpot_reserve_bp; /* 500: to the reserve that seeds the next top prize */
    int32_t jackpot_fixed_bp;   /* 3184: the expected cost of the fixed prizes */
    int64_t jackpot_seed;       /* top prize after a hit is at least this */

    /* Caribbean US: the progressive. Meter prizes in basis points of the meter; fixed prizes
     * are totals (stake not returned). */
    int64_t progressive_stake;
    int32_t progressive_meter_bp[EVAL_CATEGORIES]; /* royal 10000, straight flush 1000 */
    int64_t progressive_fixed[EVAL_CATEGORIES];    /* quads 500.00, full house 100.00, ... */
    int32_t progressive_increment_bp;              /* share of each stake added to the meter */
    int64_t progressive_reset;                     /* meter value after the royal is hit */

    /* Cajun: the aggregate limit on main-game wins paid above aggregate_odds to 1, summed over
     * all seats (0 = none). */
    int64_t aggregate_limit;
    int32_t aggregate_odds;
    int32_t board_pays[EVAL3_CATEGORIES];
    int32_t pocket_pays[EVAL_POCKET_CATEGORIES];
    int32_t loball_pays[CARD_RANKS]; /* by the highest card; 0 = loses */

    /* Asian: odds by the winning margin 1..9 (index 0 unused), the commission on the player's
     * net win of the round, ante and raise together (rounded down to the cent), which bets the
     * margin odds pay, and the bonus wager's pays. asian_odds_on_ante: 0 = the house rule
     * (rules.md: the ante wins 1 to 1, the raise wins the margin odds; every preset), 1 = the
     * literal reading of seed 004 (the margin odds on ante and raise), which returns over 100%
     * to the player at the preset's odds and commission. */
    int32_t asian_margin_pays[10];
    int32_t asian_commission_bp;
    int32_t asian_odds_on_ante;
    int32_t asian_bonus_pays[EVAL_ABONUS_CATEGORIES];

    /* Timers in seconds, 0 = off. The decision timer auto-folds. */
    int betting_seconds;
    int decision_seconds;

    /* Approval: a seat's win in one round at or above handpay_threshold locks the machine for
     * an attendant (0 = never); side-bet wins above tax_threshold that are also at least
     * tax_multiple times their stake are flagged for a tax form. */
    int64_t handpay_threshold;
    int64_t tax_threshold;
    int32_t tax_multiple;

    /* 1: the top prize of the JACKPOT or PROGRESSIVE bet is a linked pool's, held by the link's
     * controller (src/link): a royal's prize is not paid from a local pool at settlement but
     * claimed from the controller after it (EV_JACKPOT_LINKED), and paid when it answers. The
     * fixed prizes stay the machine's. The local pool then records only what this machine's
     * stakes contributed. 0: the pool is the machine's own. */
    int32_t pool_linked;
} rules_t;

/* Fills in every field for a preset: the pay tables and figures of its seed document and of
 * ../shared/rules.md. */
void rules_preset(rules_t *r, rules_preset_t preset);

rules_variant_t rules_preset_variant(rules_preset_t p);
const char *rules_preset_key(rules_preset_t p);   /* "caribbean-classic", ... */
const char *rules_preset_name(rules_preset_t p);  /* "Caribbean Stud (classic)", ... */
const char *rules_variant_key(rules_variant_t v); /* "caribbean", "cajun", "asian" */
bool rules_preset_from_key(const char *key, rules_preset_t *out);

/* The wagers this variant deals (ante, its decision bets, and the side bets it can offer). */
bool rules_variant_has_wager(rules_variant_t v, wager_t w);

/* The largest total a seat can stake in one round with this ante and these side bets: what
 * the seat's credits must cover before the deal (the raises included). */
int64_t rules_max_round_stake(const rules_t *r, int64_t ante, const int64_t side[WAGER_COUNT]);

/* Checks that the rules make sense together (limits ordered, tables that pay, shares within a
 * whole, ...). Writes one message per problem into msgs (each up to 160 bytes) and returns the
 * number of problems (0 = fine). */
#define RULES_MSG_LEN 160
int rules_check(const rules_t *r, char (*msgs)[RULES_MSG_LEN], int max_msgs);

#endif
