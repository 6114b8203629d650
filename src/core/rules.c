#include "rules.h"
#include "nls.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

static const char *const WAGER_NAMES[WAGER_COUNT] = {
    N_("ANTE"),        N_("PLAY"),         N_("RAISE 1"), N_("RAISE 2"),
    N_("RAISE 3"),     N_("5+1 BONUS"),    N_("JACKPOT"), N_("PROGRESSIVE"),
    N_("BOARD BONUS"), N_("POCKET BONUS"), N_("LO BALL"), N_("BONUS")};
static const char *const WAGER_KEYS[WAGER_COUNT] = {"ante",   "play",    "raise1",  "raise2",
                                                    "raise3", "bonus51", "jackpot", "progressive",
                                                    "board",  "pocket",  "loball",  "asian_bonus"};

const char *wager_name(wager_t w) {
    return w >= 0 && w < WAGER_COUNT ? WAGER_NAMES[w] : "?";
}
const char *wager_key(wager_t w) {
    return w >= 0 && w < WAGER_COUNT ? WAGER_KEYS[w] : "?";
}

static const struct {
    const char *key, *name;
    rules_variant_t variant;
} PRESETS[PRESET_COUNT] = {
    {"caribbean-classic", N_("Caribbean Stud"), VARIANT_CARIBBEAN},
    {"caribbean-live", N_("Caribbean Stud (live: 5+1 Bonus and Jackpot)"), VARIANT_CARIBBEAN},
    {"caribbean-us", N_("Caribbean Stud (US progressive)"), VARIANT_CARIBBEAN},
    {"casino-stud-uk", N_("Casino Stud Poker (UK)"), VARIANT_CARIBBEAN},
    {"cajun", N_("Cajun Stud"), VARIANT_CAJUN},
    {"asian", N_("Asian Stud"), VARIANT_ASIAN},
};

rules_variant_t rules_preset_variant(rules_preset_t p) {
    return p >= 0 && p < PRESET_COUNT ? PRESETS[p].variant : VARIANT_CARIBBEAN;
}
const char *rules_preset_key(rules_preset_t p) {
    return p >= 0 && p < PRESET_COUNT ? PRESETS[p].key : "?";
}
const char *rules_preset_name(rules_preset_t p) {
    return p >= 0 && p < PRESET_COUNT ? PRESETS[p].name : "?";
}
const char *rules_variant_key(rules_variant_t v) {
    static const char *const keys[VARIANT_COUNT] = {"caribbean", "cajun", "asian"};
    return v >= 0 && v < VARIANT_COUNT ? keys[v] : "?";
}
bool rules_preset_from_key(const char *key, rules_preset_t *out) {
    for (int p = 0; p < PRESET_COUNT; p++)
        if (strcmp(key, PRESETS[p].key) == 0) {
            *out = (rules_preset_t)p;
            return true;
        }
    return false;
}

bool rules_variant_has_wager(rules_variant_t v, wager_t w) {
    switch (v) {
    case VARIANT_CARIBBEAN:
        return w == WAGER_ANTE || w == WAGER_PLAY || w == WAGER_BONUS51 || w == WAGER_JACKPOT ||
               w == WAGER_PROGRESSIVE;
    case VARIANT_CAJUN:
        return w == WAGER_ANTE || w == WAGER_RAISE_1 || w == WAGER_RAISE_2 || w == WAGER_RAISE_3 ||
               w == WAGER_BOARD || w == WAGER_POCKET || w == WAGER_LOBALL;
    case VARIANT_ASIAN:
        return w == WAGER_ANTE || w == WAGER_PLAY || w == WAGER_ASIAN_BONUS;
    default:
        return false;
    }
}

int64_t rules_max_round_stake(const rules_t *r, int64_t ante, const int64_t side[WAGER_COUNT]) {
    int64_t total = ante;
    switch (r->variant) {
    case VARIANT_CARIBBEAN:
        total += 2 * ante;
        break;
    case VARIANT_CAJUN:
        total += 9 * ante;
        break; /* three raises of up to 3x */
    case VARIANT_ASIAN:
        total += ante;
        break;
    default:
        break;
    }
    if (side)
        for (int w = WAGER_BONUS51; w < WAGER_COUNT; w++) total += side[w];
    return total;
}

static void set_limits(rules_t *r, wager_t w, int64_t min, int64_t max) {
    r->bet_min[w] = min;
    r->bet_max[w] = max;
    r->offered[w] = max > 0;
}

void rules_preset(rules_t *r, rules_preset_t preset) {
    memset(r, 0, sizeof *r);
    if (preset < 0 || preset >= PRESET_COUNT) preset = PRESET_CARIBBEAN_CLASSIC;
    r->preset = preset;
    r->variant = PRESETS[preset].variant;
    r->seats = 1;
    snprintf(r->currency, sizeof r->currency, "USD");
    r->handpay_threshold = 120000; /* 1,200.00: the usual hand-pay line of a US machine */
    r->tax_threshold = 60000;      /* 600.00 and 300 x the stake (003 M) */
    r->tax_multiple = 300;
    set_limits(r, WAGER_ANTE, 100, 10000);

    switch (r->variant) {
    case VARIANT_CARIBBEAN: {
        /* 000 / 002: 100, 50, 20, 7, 5, 4, 3, 2, 1 */
        static const int32_t classic[EVAL_CATEGORIES] = {1, 1, 2, 3, 4, 5, 7, 20, 50, 100};
        memcpy(r->main_pays, classic, sizeof classic);
        r->bet_min[WAGER_PLAY] = 2 * r->bet_min[WAGER_ANTE];
        r->bet_max[WAGER_PLAY] = 2 * r->bet_max[WAGER_ANTE];
        r->offered[WAGER_PLAY] = true;
        break;
    }
    case VARIANT_CAJUN: {
        /* 003: 500, 100, 40, 10, 6, 4, 3, 2, 1 (jacks or better) */
        static const int32_t cajun[EVAL_CATEGORIES] = {0, 1, 2, 3, 4, 6, 10, 40, 100, 500};
        static const int32_t board[EVAL3_CATEGORIES] = {0, 1, 3, 6, 30, 40, 50};
        static const int32_t pocket[EVAL_POCKET_CATEGORIES] = {0, 5, 10, 20, 25};
        memcpy(r->main_pays, cajun, sizeof cajun);
        memcpy(r->board_pays, board, sizeof board);
        memcpy(r->pocket_pays, pocket, sizeof pocket);
        r->loball_pays[CARD_RANK_7] = 100;
        r->loball_pays[CARD_RANK_8] = 50;
        r->loball_pays[CARD_RANK_9] = 15;
        r->loball_pays[CARD_RANK_T] = 5;
        r->loball_pays[CARD_RANK_J] = 1;
        set_limits(r, WAGER_ANTE, 500, 10000); /* 003: $5 minimum, $100 maximum */
        for (int w = WAGER_RAISE_1; w <= WAGER_RAISE_3; w++) {
            r->bet_min[w] = r->bet_min[WAGER_ANTE];
            r->bet_max[w] = 3 * r->bet_max[WAGER_ANTE];
            r->offered[w] = true;
        }
        set_limits(r, WAGER_BOARD, 100, 2500);
        set_limits(r, WAGER_POCKET, 100, 2500);
        set_limits(r, WAGER_LOBALL, 100, 2500);
        r->aggregate_limit = 2500000; /* 25,000.00 */
        r->aggregate_odds = 50;
        r->handpay_threshold = 30000; /* 003 t: payoffs of $300 need a supervisor */
        break;
    }
    case VARIANT_ASIAN: {
        static const int32_t margin[10] = {0, 1, 1, 1, 2, 2, 2, 3, 3, 3};
        static const int32_t bonus[EVAL_ABONUS_CATEGORIES] = {0,  5,   10,  15,   25,
                                                              50, 100, 500, 1000, 3000};
        memcpy(r->asian_margin_pays, margin, sizeof margin);
        memcpy(r->asian_bonus_pays, bonus, sizeof bonus);
        r->asian_commission_bp = 500;
        r->asian_odds_on_ante = 0; /* the house rule: the margin odds on the raise only */
        r->bet_min[WAGER_PLAY] = r->bet_min[WAGER_ANTE];
        r->bet_max[WAGER_PLAY] = r->bet_max[WAGER_ANTE];
        r->offered[WAGER_PLAY] = true;
        set_limits(r, WAGER_ASIAN_BONUS, 100, 2500);
        break;
    }
    default:
        break;
    }

    switch (preset) {
    case PRESET_CARIBBEAN_LIVE: {
        /* 001: PLAY 100, 50, 25, 10, 7, 5, 3, 2, 1; 5+1 BONUS; JACKPOT */
        static const int32_t live[EVAL_CATEGORIES] = {1, 1, 2, 3, 5, 7, 10, 25, 50, 100};
        static const int32_t b51[EVAL_CATEGORIES] = {0, 0, 0, 7, 10, 15, 20, 100, 200, 1000};
        static const int64_t fixed[EVAL_CATEGORIES] = {0,    0,    0,     300,    1000,
                                                       2500, 5000, 25000, 250000, 0};
        memcpy(r->main_pays, live, sizeof live);
        memcpy(r->bonus51_pays, b51, sizeof b51);
        memcpy(r->jackpot_fixed, fixed, sizeof fixed);
        snprintf(r->currency, sizeof r->currency, "EUR");
        set_limits(r, WAGER_BONUS51, 100, 10000);
        r->jackpot_stake = 100;
        set_limits(r, WAGER_JACKPOT, 100, 100);
        r->jackpot_top_bp = 4500;
        r->jackpot_reserve_bp = 500;
        r->jackpot_fixed_bp = 3184;
        r->jackpot_seed = 100000; /* 1,000.00 */
        r->betting_seconds = 15;
        r->decision_seconds = 20;
        break;
    }
    case PRESET_CARIBBEAN_US: {
        set_limits(r, WAGER_ANTE, 500, 10000);
        r->bet_min[WAGER_PLAY] = 1000;
        r->bet_max[WAGER_PLAY] = 20000;
        r->max_payout = 500000; /* 002: $5,000 per hand on each bet */
        r->progressive_stake = 100;
        set_limits(r, WAGER_PROGRESSIVE, 100, 100);
        r->progressive_meter_bp[EVAL_ROYAL_FLUSH] = 10000;
        r->progressive_meter_bp[EVAL_STRAIGHT_FLUSH] = 1000;
        r->progressive_fixed[EVAL_QUADS] = 50000;
        r->progressive_fixed[EVAL_FULL_HOUSE] = 10000;
        r->progressive_fixed[EVAL_FLUSH] = 5000;
        /* seeds/caribbean-stud.md: 45% of each stake to the meter, so that the bet's funded
         * return (82.78%) is inside a cabinet's approved range (75% to 99.99% by default) */
        r->progressive_increment_bp = 4500;
        r->progressive_reset = 1000000; /* 10,000.00 */
        break;
    }
    case PRESET_CASINO_STUD_UK:
        /* 002: royal at 50 like the straight flush; ante up to 100, raise up to 200, GBP */
        r->main_pays[EVAL_ROYAL_FLUSH] = 50;
        snprintf(r->currency, sizeof r->currency, "GBP");
        break;
    default:
        break;
    }
}

static int add_msg(char (*msgs)[RULES_MSG_LEN], int n, int max, const char *fmt, ...) {
    if (n < max) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(msgs[n], RULES_MSG_LEN, fmt, ap);
        va_end(ap);
    }
    return n + 1;
}

int rules_check(const rules_t *r, char (*msgs)[RULES_MSG_LEN], int max) {
    int n = 0;
    if (r->seats < 1 || r->seats > RULES_MAX_SEATS)
        n = add_msg(msgs, n, max, "seats must be 1 to %d, not %d", RULES_MAX_SEATS, r->seats);
    if (r->preset < 0 || r->preset >= PRESET_COUNT || r->variant != PRESETS[r->preset].variant)
        n = add_msg(msgs, n, max, "the preset does not belong to the variant");
    for (int w = 0; w < WAGER_COUNT; w++) {
        if (!r->offered[w]) continue;
        if (!rules_variant_has_wager(r->variant, (wager_t)w))
            n = add_msg(msgs, n, max, "%s is not a bet of %s", wager_name((wager_t)w),
                        rules_variant_key(r->variant));
        if (r->bet_min[w] <= 0 || r->bet_max[w] < r->bet_min[w])
            n = add_msg(msgs, n, max,
                        "%s limits: minimum %lld must be above 0 and not above "
                        "the maximum %lld",
                        wager_name((wager_t)w), (long long)r->bet_min[w], (long long)r->bet_max[w]);
    }
    if (!r->offered[WAGER_ANTE]) n = add_msg(msgs, n, max, "the ante must be offered");
    if (r->variant == VARIANT_CARIBBEAN) {
        for (int c = 0; c < EVAL_CATEGORIES; c++) {
            if (r->main_pays[c] < 1)
                n = add_msg(msgs, n, max, "PLAY pays for %s must be at least 1 to 1",
                            eval_category_name((eval_category_t)c));
            if (c > 0 && r->main_pays[c] < r->main_pays[c - 1])
                n = add_msg(msgs, n, max, "PLAY pays %s less than the lower hand %s",
                            eval_category_name((eval_category_t)c),
                            eval_category_name((eval_category_t)(c - 1)));
        }
        if (r->offered[WAGER_JACKPOT]) {
            if (r->jackpot_stake <= 0 || r->bet_min[WAGER_JACKPOT] != r->jackpot_stake ||
                r->bet_max[WAGER_JACKPOT] != r->jackpot_stake)
                n = add_msg(msgs, n, max, "the JACKPOT bet takes exactly its fixed stake");
            int total = r->jackpot_top_bp + r->jackpot_reserve_bp + r->jackpot_fixed_bp;
            if (r->jackpot_top_bp < 0 || r->jackpot_reserve_bp < 0 || r->jackpot_fixed_bp < 0 ||
                total > RULES_BP)
                n = add_msg(msgs, n, max,
                            "JACKPOT funding shares add up to %d.%02d%%, more "
                            "than the whole stake",
                            total / 100, total % 100);
            if (r->jackpot_seed <= 0)
                n = add_msg(msgs, n, max, "the JACKPOT needs a seed (starting top prize)");
        }
        if (r->offered[WAGER_PROGRESSIVE]) {
            if (r->progressive_stake <= 0 ||
                r->bet_min[WAGER_PROGRESSIVE] != r->progressive_stake ||
                r->bet_max[WAGER_PROGRESSIVE] != r->progressive_stake)
                n = add_msg(msgs, n, max, "the progressive takes exactly its fixed stake");
            if (r->progressive_increment_bp < 0 || r->progressive_increment_bp > RULES_BP)
                n = add_msg(msgs, n, max, "the progressive increment must be 0 to 100%%");
            if (r->progressive_meter_bp[EVAL_ROYAL_FLUSH] <= 0)
                n = add_msg(msgs, n, max, "the royal must win a share of the progressive meter");
            for (int c = 0; c < EVAL_CATEGORIES; c++)
                if (r->progressive_meter_bp[c] < 0 || r->progressive_meter_bp[c] > RULES_BP)
                    n = add_msg(msgs, n, max, "progressive meter share for %s must be 0 to 100%%",
                                eval_category_name((eval_category_t)c));
        }
    }
    if (r->variant == VARIANT_ASIAN) {
        if (r->asian_commission_bp < 0 || r->asian_commission_bp >= RULES_BP)
            n = add_msg(msgs, n, max, "the commission must be 0 to under 100%%");
        if (r->asian_odds_on_ante != 0 && r->asian_odds_on_ante != 1)
            n = add_msg(msgs, n, max,
                        "the margin odds go on the raise (0) or on ante and raise (1), not %d",
                        (int)r->asian_odds_on_ante);
        for (int m = 1; m <= 9; m++)
            if (r->asian_margin_pays[m] < 1)
                n = add_msg(msgs, n, max, "a win by %d point%s must pay at least 1 to 1", m,
                            m == 1 ? "" : "s");
    }
    if (r->variant == VARIANT_CAJUN) {
        if (r->main_pays[EVAL_PAIR] < 1)
            n = add_msg(msgs, n, max, "a pair of jacks or better must pay at least 1 to 1");
        if (r->aggregate_limit < 0)
            n = add_msg(msgs, n, max, "the aggregate limit cannot be negative");
    }
    if (r->max_payout < 0) n = add_msg(msgs, n, max, "the maximum payout cannot be negative");
    if (r->handpay_threshold < 0 || r->tax_threshold < 0)
        n = add_msg(msgs, n, max, "approval thresholds cannot be negative");
    if (r->betting_seconds < 0 || r->decision_seconds < 0)
        n = add_msg(msgs, n, max, "timers cannot be negative");
    return n;
}
