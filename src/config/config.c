#include "config.h"

#include <errno.h>
#include <ini.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

/* ---- the key table ---- */

typedef enum ktype {
    K_INT = 0,
    K_MONEY,
    K_PERCENT,
    K_BOOL,
    K_ENUM,
    K_STRING,
    K_ODDS,
    K_MONEY_LIST,
    K_TYPES
} ktype_t;

static const char *const KTYPE_NAMES[K_TYPES] = {"int",  "money",  "percent", "bool",
                                                 "enum", "string", "odds",    "money list"};

/* What a string may hold. */
/* CS_ANY: a folder; CS_FILE: a file path (both any bytes) */
typedef enum charset { CS_ANY = 0, CS_LETTERS, CS_DIGITS, CS_ID, CS_KEY, CS_FILE } charset_t;

/* The pay tables, for the checks that a table is a pay table: a stronger hand pays at least as
 * much as a weaker one. The keys of a group are listed weakest first, except Lo Ball (strongest,
 * seven high, first, as the seed lists it). */
typedef enum group {
    G_NONE = 0,
    G_MAIN,
    G_BONUS51,
    G_JACKPOT,
    G_PMETER,
    G_PFIXED,
    G_BOARD,
    G_POCKET,
    G_LOBALL,
    G_MARGIN,
    G_ABONUS,
    G_COUNT
} group_t;

static const struct group_def {
    int wager; /* the side bet it pays, or -1 */
    bool strongest_first;
    const char *what;    /* in messages */
    const char *heading; /* in commented configs */
} GROUPS[G_COUNT] = {
    [G_NONE] = {-1, false, "", ""},
    [G_MAIN] = {-1, false, "the main pay table",
                "Main game, x to 1: the PLAY bet (Caribbean), the ante and every raise (Cajun)."},
    [G_BONUS51] = {WAGER_BONUS51, false, "the 5+1 BONUS",
                   "5+1 BONUS, x to 1, on the best five of the player's cards and the dealer's "
                   "up card."},
    [G_JACKPOT] = {WAGER_JACKPOT, false, "the JACKPOT fixed prizes",
                   "JACKPOT fixed prizes, paid for one stake; the royal wins the top prize."},
    [G_PMETER] = {WAGER_PROGRESSIVE, false, "the progressive meter shares",
                  "Progressive: the share of the meter each hand wins."},
    [G_PFIXED] = {WAGER_PROGRESSIVE, false, "the progressive fixed prizes",
                  "Progressive: fixed prizes for one stake, for hands that win no meter share."},
    [G_BOARD] = {WAGER_BOARD, false, "the Board Bonus",
                 "Board Bonus, x to 1, on the three community cards."},
    [G_POCKET] = {WAGER_POCKET, false, "the Pocket Bonus",
                  "Pocket Bonus, x to 1, on the two hole cards."},
    [G_LOBALL] = {WAGER_LOBALL, true, "Lo Ball",
                  "Lo Ball, x to 1, by the highest card of a hand with no pair, straight or "
                  "flush."},
    [G_MARGIN] = {-1, false, "the Asian Stud margin pays",
                  "The margin odds, x to 1 by the points the player wins by, and the bets they "
                  "pay."},
    [G_ABONUS] = {WAGER_ASIAN_BONUS, false, "the bonus wager",
                  "Bonus wager, x to 1, on the five cards as a poker hand (the joker helps)."},
};

typedef struct key_def {
    const char *section, *name;
    ktype_t type;
    size_t offset;    /* into cfg_t */
    size_t size;      /* strings: the char array's size */
    int64_t min, max; /* stored units (cents, basis points); strings: length */
    const char *def;  /* default as written in a file; NULL = a game key, from the preset */
    unsigned variants;
    int enum_count;
    const char *(*enum_name)(int i);
    charset_t charset;
    group_t group;
    int idx; /* pay table line: the hand's index in its rules_t array */
    const char *doc;
} key_def_t;

#define V_CAR (1u << VARIANT_CARIBBEAN)
#define V_CAJ (1u << VARIANT_CAJUN)
#define V_ASI (1u << VARIANT_ASIAN)
#define V_ALL (V_CAR | V_CAJ | V_ASI)

#define ODDS_MAX  100000
#define LIMIT_MAX 100000000LL   /* 1,000,000.00 */
#define PRIZE_MAX 10000000000LL /* 100,000,000.00 */
#define STAKE_MAX 1000000LL     /* 10,000.00 */

#define AT(field) offsetof(cfg_t, field)

static const char *preset_key_of(int i) {
    return rules_preset_key((rules_preset_t)i);
}
static const char *mode_key_of(int i) {
    return cfg_display_mode_key((cfg_display_mode_t)i);
}
/* rules_t.asian_odds_on_ante: 0 = the house rule, 1 = the literal reading */
static const char *asian_odds_on_key_of(int i) {
    static const char *const names[2] = {"raise", "ante_and_raise"};
    return i >= 0 && i < 2 ? names[i] : "?";
}

#define GAME(sec, nm, ty, field, lo, hi, v, d)                                                     \
    {                                                                                              \
        .section = sec, .name = nm, .type = ty, .offset = AT(field), .min = lo, .max = hi,         \
        .variants = v, .doc = d                                                                    \
    }
#define SET(sec, nm, ty, field, lo, hi, dflt, d)                                                   \
    {                                                                                              \
        .section = sec, .name = nm, .type = ty, .offset = AT(field), .min = lo, .max = hi,         \
        .def = dflt, .doc = d                                                                      \
    }
#define PAY(nm, ty, field, lo, hi, v, grp, i, d)                                                   \
    {                                                                                              \
        .section = "paytable", .name = nm, .type = ty, .offset = AT(field), .min = lo, .max = hi,  \
        .variants = v, .group = grp, .idx = i, .doc = d                                            \
    }
#define MAIN(c, tok, what, v)                                                                      \
    PAY("main_" tok, K_ODDS, rules.main_pays[c], 1, ODDS_MAX, v, G_MAIN, c, what ", x to 1")
#define B51(c, tok, what)                                                                          \
    PAY("bonus51_" tok, K_ODDS, rules.bonus51_pays[c], 0, ODDS_MAX, V_CAR, G_BONUS51, c,           \
        "5+1 BONUS: " what ", x to 1 (0 = loses)")
#define JACK(c, tok, what)                                                                         \
    PAY("jackpot_" tok, K_MONEY, rules.jackpot_fixed[c], 0, PRIZE_MAX, V_CAR, G_JACKPOT, c,        \
        "JACKPOT: " what " (0 = loses)")
#define PMET(c, tok, what)                                                                         \
    PAY("progressive_meter_" tok, K_PERCENT, rules.progressive_meter_bp[c], 0, RULES_BP, V_CAR,    \
        G_PMETER, c, "progressive: meter share for " what)
#define PFIX(c, tok, what)                                                                         \
    PAY("progressive_" tok, K_MONEY, rules.progressive_fixed[c], 0, PRIZE_MAX, V_CAR, G_PFIXED, c, \
        "progressive: fixed prize for " what)
#define BOARD(c, tok, what)                                                                        \
    PAY("board_" tok, K_ODDS, rules.board_pays[c], 0, ODDS_MAX, V_CAJ, G_BOARD, c,                 \
        "Board Bonus: " what ", x to 1")
#define POCKET(c, tok, what)                                                                       \
    PAY("pocket_" tok, K_ODDS, rules.pocket_pays[c], 0, ODDS_MAX, V_CAJ, G_POCKET, c,              \
        "Pocket Bonus: " what ", x to 1")
#define LOBALL(r, tok, what)                                                                       \
    PAY("loball_" tok "_high", K_ODDS, rules.loball_pays[r], 0, ODDS_MAX, V_CAJ, G_LOBALL, r,      \
        "Lo Ball: " what " high, x to 1 (0 = loses)")
#define MARGIN(m, what)                                                                            \
    PAY("asian_margin_" #m, K_ODDS, rules.asian_margin_pays[m], 1, 1000, V_ASI, G_MARGIN, m,       \
        "a win by " what ", x to 1")
#define ABON(c, tok, what)                                                                         \
    PAY("asian_bonus_" tok, K_ODDS, rules.asian_bonus_pays[c], 0, ODDS_MAX, V_ASI, G_ABONUS, c,    \
        "bonus wager: " what ", x to 1")
#define KEY(b, nm, dflt, d)                                                                        \
    {                                                                                              \
        .section = "keys", .name = nm, .type = K_STRING, .offset = AT(keys[b]),                    \
        .size = CFG_KEY_NAME_LEN, .min = 1, .max = CFG_KEY_NAME_LEN - 1, .def = dflt,              \
        .charset = CS_KEY, .doc = d                                                                \
    }

static const struct section_def {
    const char *name, *doc;
} SECTIONS[] = {
    {"game", "The game. Every game key below defaults to the preset's value."},
    {"limits", "Bet limits in currency units. PLAY and raise limits follow from the ante's."},
    {"sidebets", "Side bets offered (on) or not (off)."},
    {"paytable", "Pay tables: odds are x to 1, prizes are money; 0 = loses. Any line can change."},
    {"jackpot", "The live-style JACKPOT bet (seed 001): stake, funding shares and seed."},
    {"progressive", "The US-style progressive (seed 002): stake, meter increment and reset."},
    {"asian", "Asian Stud's commission."},
    {"timers", "Betting and decision timers."},
    {"approval", "The return range the machine is approved for, hand pays (attendant) and tax-form "
                 "flags."},
    {"display", "The window or screen."},
    {"sound", "Sound."},
    {"attract", "The self-playing demo when the machine is idle."},
    {"hint", "Strategy hint."},
    {"cabinet", "The machine itself."},
    {"keys", "One keyboard key per cabinet button, by its SDL key name (Space, Return, F2, A)."},
};
#define NSECTIONS ((int)(sizeof SECTIONS / sizeof SECTIONS[0]))

static const key_def_t KEYS[] = {
    {.section = "game",
     .name = "preset",
     .type = K_ENUM,
     .offset = AT(rules.preset),
     .variants = V_ALL,
     .enum_count = PRESET_COUNT,
     .enum_name = preset_key_of,
     .doc = "the game; every game key defaults to this preset's value"},
    GAME("game", "seats", K_INT, rules.seats, 1, RULES_MAX_SEATS, V_ALL,
         "seats dealt against one dealer (a cabinet seats one player)"),
    {.section = "game",
     .name = "currency",
     .type = K_STRING,
     .offset = AT(rules.currency),
     .size = sizeof(((cfg_t *)0)->rules.currency),
     .min = 3,
     .max = 3,
     .variants = V_ALL,
     .charset = CS_LETTERS,
     .doc = "currency code shown with amounts"},

    GAME("limits", "ante_min", K_MONEY, rules.bet_min[WAGER_ANTE], 1, LIMIT_MAX, V_ALL,
         "smallest ante (PLAY is 2x, Asian raise 1x, Cajun raises 1x to 3x the ante)"),
    GAME("limits", "ante_max", K_MONEY, rules.bet_max[WAGER_ANTE], 1, LIMIT_MAX, V_ALL,
         "largest ante"),
    GAME("limits", "bonus51_min", K_MONEY, rules.bet_min[WAGER_BONUS51], 1, LIMIT_MAX, V_CAR,
         "smallest 5+1 BONUS bet"),
    GAME("limits", "bonus51_max", K_MONEY, rules.bet_max[WAGER_BONUS51], 1, LIMIT_MAX, V_CAR,
         "largest 5+1 BONUS bet"),
    GAME("limits", "board_min", K_MONEY, rules.bet_min[WAGER_BOARD], 1, LIMIT_MAX, V_CAJ,
         "smallest Board Bonus bet"),
    GAME("limits", "board_max", K_MONEY, rules.bet_max[WAGER_BOARD], 1, LIMIT_MAX, V_CAJ,
         "largest Board Bonus bet"),
    GAME("limits", "pocket_min", K_MONEY, rules.bet_min[WAGER_POCKET], 1, LIMIT_MAX, V_CAJ,
         "smallest Pocket Bonus bet"),
    GAME("limits", "pocket_max", K_MONEY, rules.bet_max[WAGER_POCKET], 1, LIMIT_MAX, V_CAJ,
         "largest Pocket Bonus bet"),
    GAME("limits", "loball_min", K_MONEY, rules.bet_min[WAGER_LOBALL], 1, LIMIT_MAX, V_CAJ,
         "smallest Lo Ball bet"),
    GAME("limits", "loball_max", K_MONEY, rules.bet_max[WAGER_LOBALL], 1, LIMIT_MAX, V_CAJ,
         "largest Lo Ball bet"),
    GAME("limits", "asian_bonus_min", K_MONEY, rules.bet_min[WAGER_ASIAN_BONUS], 1, LIMIT_MAX,
         V_ASI, "smallest bonus wager"),
    GAME("limits", "asian_bonus_max", K_MONEY, rules.bet_max[WAGER_ASIAN_BONUS], 1, LIMIT_MAX,
         V_ASI, "largest bonus wager"),
    GAME("limits", "max_payout", K_MONEY, rules.max_payout, 0, PRIZE_MAX, V_CAR,
         "most paid on one ante or PLAY win, the excess is not paid; 0 = no cap"),
    GAME("limits", "aggregate_limit", K_MONEY, rules.aggregate_limit, 0, PRIZE_MAX, V_CAJ,
         "most paid per round, all seats, on main wins above aggregate_odds; 0 = none"),
    GAME("limits", "aggregate_odds", K_ODDS, rules.aggregate_odds, 0, ODDS_MAX, V_CAJ,
         "main-game wins paid above this many to 1 count towards the aggregate limit"),

    GAME("sidebets", "bonus51", K_BOOL, rules.offered[WAGER_BONUS51], 0, 1, V_CAR,
         "5+1 BONUS: the player's five cards and the dealer's up card"),
    GAME("sidebets", "jackpot", K_BOOL, rules.offered[WAGER_JACKPOT], 0, 1, V_CAR,
         "JACKPOT bet, live style (not together with progressive)"),
    GAME("sidebets", "progressive", K_BOOL, rules.offered[WAGER_PROGRESSIVE], 0, 1, V_CAR,
         "US progressive (not together with jackpot)"),
    GAME("sidebets", "board", K_BOOL, rules.offered[WAGER_BOARD], 0, 1, V_CAJ,
         "Board Bonus on the three community cards"),
    GAME("sidebets", "pocket", K_BOOL, rules.offered[WAGER_POCKET], 0, 1, V_CAJ,
         "Pocket Bonus on the two hole cards"),
    GAME("sidebets", "loball", K_BOOL, rules.offered[WAGER_LOBALL], 0, 1, V_CAJ,
         "Lo Ball: no pair, straight or flush, jack high or lower"),
    GAME("sidebets", "asian_bonus", K_BOOL, rules.offered[WAGER_ASIAN_BONUS], 0, 1, V_ASI,
         "bonus wager on the five cards as a poker hand (the joker helps)"),

    MAIN(EVAL_HIGH_CARD, "high_card", "high card beating a qualifying dealer", V_CAR),
    MAIN(EVAL_PAIR, "pair", "pair (Cajun: jacks or better)", V_CAR | V_CAJ),
    MAIN(EVAL_TWO_PAIR, "two_pair", "two pair", V_CAR | V_CAJ),
    MAIN(EVAL_TRIPS, "trips", "three of a kind", V_CAR | V_CAJ),
    MAIN(EVAL_STRAIGHT, "straight", "straight", V_CAR | V_CAJ),
    MAIN(EVAL_FLUSH, "flush", "flush", V_CAR | V_CAJ),
    MAIN(EVAL_FULL_HOUSE, "full_house", "full house", V_CAR | V_CAJ),
    MAIN(EVAL_QUADS, "quads", "four of a kind", V_CAR | V_CAJ),
    MAIN(EVAL_STRAIGHT_FLUSH, "straight_flush", "straight flush", V_CAR | V_CAJ),
    MAIN(EVAL_ROYAL_FLUSH, "royal_flush", "royal flush", V_CAR | V_CAJ),

    B51(EVAL_HIGH_CARD, "high_card", "high card"),
    B51(EVAL_PAIR, "pair", "pair"),
    B51(EVAL_TWO_PAIR, "two_pair", "two pair"),
    B51(EVAL_TRIPS, "trips", "three of a kind"),
    B51(EVAL_STRAIGHT, "straight", "straight"),
    B51(EVAL_FLUSH, "flush", "flush"),
    B51(EVAL_FULL_HOUSE, "full_house", "full house"),
    B51(EVAL_QUADS, "quads", "four of a kind"),
    B51(EVAL_STRAIGHT_FLUSH, "straight_flush", "straight flush"),
    B51(EVAL_ROYAL_FLUSH, "royal_flush", "royal flush"),

    JACK(EVAL_HIGH_CARD, "high_card", "high card"),
    JACK(EVAL_PAIR, "pair", "a pair"),
    JACK(EVAL_TWO_PAIR, "two_pair", "two pair"),
    JACK(EVAL_TRIPS, "trips", "three of a kind"),
    JACK(EVAL_STRAIGHT, "straight", "a straight"),
    JACK(EVAL_FLUSH, "flush", "a flush"),
    JACK(EVAL_FULL_HOUSE, "full_house", "a full house"),
    JACK(EVAL_QUADS, "quads", "four of a kind"),
    JACK(EVAL_STRAIGHT_FLUSH, "straight_flush", "a straight flush"),

    PMET(EVAL_HIGH_CARD, "high_card", "high card"),
    PMET(EVAL_PAIR, "pair", "a pair"),
    PMET(EVAL_TWO_PAIR, "two_pair", "two pair"),
    PMET(EVAL_TRIPS, "trips", "three of a kind"),
    PMET(EVAL_STRAIGHT, "straight", "a straight"),
    PMET(EVAL_FLUSH, "flush", "a flush"),
    PMET(EVAL_FULL_HOUSE, "full_house", "a full house"),
    PMET(EVAL_QUADS, "quads", "four of a kind"),
    PMET(EVAL_STRAIGHT_FLUSH, "straight_flush", "a straight flush"),
    PMET(EVAL_ROYAL_FLUSH, "royal_flush", "a royal flush"),

    PFIX(EVAL_HIGH_CARD, "high_card", "high card"),
    PFIX(EVAL_PAIR, "pair", "a pair"),
    PFIX(EVAL_TWO_PAIR, "two_pair", "two pair"),
    PFIX(EVAL_TRIPS, "trips", "three of a kind"),
    PFIX(EVAL_STRAIGHT, "straight", "a straight"),
    PFIX(EVAL_FLUSH, "flush", "a flush"),
    PFIX(EVAL_FULL_HOUSE, "full_house", "a full house"),
    PFIX(EVAL_QUADS, "quads", "four of a kind"),
    PFIX(EVAL_STRAIGHT_FLUSH, "straight_flush", "a straight flush"),
    PFIX(EVAL_ROYAL_FLUSH, "royal_flush", "a royal flush"),

    BOARD(EVAL3_PAIR, "pair", "pair"),
    BOARD(EVAL3_FLUSH, "flush", "flush (three suited)"),
    BOARD(EVAL3_STRAIGHT, "straight", "straight (A-2-3 and Q-K-A count)"),
    BOARD(EVAL3_TRIPS, "trips", "three of a kind"),
    BOARD(EVAL3_STRAIGHT_FLUSH, "straight_flush", "straight flush"),
    BOARD(EVAL3_MINI_ROYAL, "mini_royal", "mini royal, A-K-Q suited"),

    POCKET(EVAL_POCKET_PAIR, "pair", "any pair but aces"),
    POCKET(EVAL_POCKET_ACE_FACE, "ace_face", "ace with K, Q or J, different suits"),
    POCKET(EVAL_POCKET_ACE_FACE_SUITED, "ace_face_suited", "ace with K, Q or J, same suit"),
    POCKET(EVAL_POCKET_ACES, "aces", "pair of aces"),

    LOBALL(CARD_RANK_7, "seven", "seven"),
    LOBALL(CARD_RANK_8, "eight", "eight"),
    LOBALL(CARD_RANK_9, "nine", "nine"),
    LOBALL(CARD_RANK_T, "ten", "ten"),
    LOBALL(CARD_RANK_J, "jack", "jack"),
    LOBALL(CARD_RANK_Q, "queen", "queen"),
    LOBALL(CARD_RANK_K, "king", "king"),
    LOBALL(CARD_RANK_A, "ace", "ace"),

    {.section = "paytable",
     .name = "asian_margin_odds_on",
     .type = K_ENUM,
     .offset = AT(rules.asian_odds_on_ante),
     .variants = V_ASI,
     .enum_count = 2,
     .enum_name = asian_odds_on_key_of,
     .group = G_MARGIN,
     .doc = "raise: the raise wins them and the ante 1 to 1; ante_and_raise returns over 100% "
            "to the player"},
    MARGIN(1, "1 point"),
    MARGIN(2, "2 points"),
    MARGIN(3, "3 points"),
    MARGIN(4, "4 points"),
    MARGIN(5, "5 points"),
    MARGIN(6, "6 points"),
    MARGIN(7, "7 points"),
    MARGIN(8, "8 points"),
    MARGIN(9, "9 points"),

    ABON(EVAL_ABONUS_TWO_PAIR, "two_pair", "two pair"),
    ABON(EVAL_ABONUS_TRIPS, "trips", "three of a kind"),
    ABON(EVAL_ABONUS_STRAIGHT, "straight", "straight"),
    ABON(EVAL_ABONUS_FLUSH, "flush", "flush"),
    ABON(EVAL_ABONUS_FULL_HOUSE, "full_house", "full house"),
    ABON(EVAL_ABONUS_QUADS, "quads", "four of a kind"),
    ABON(EVAL_ABONUS_STRAIGHT_FLUSH, "straight_flush", "straight flush"),
    ABON(EVAL_ABONUS_ROYAL_FLUSH, "royal_flush", "royal flush"),
    ABON(EVAL_ABONUS_FIVE_ACES, "five_aces", "five aces (four aces and the joker)"),

    GAME("jackpot", "stake", K_MONEY, rules.jackpot_stake, 1, STAKE_MAX, V_CAR,
         "the fixed JACKPOT stake; the fixed prizes are for this stake"),
    GAME("jackpot", "top_share", K_PERCENT, rules.jackpot_top_bp, 0, RULES_BP, V_CAR,
         "share of each stake added to the top prize"),
    GAME("jackpot", "reserve_share", K_PERCENT, rules.jackpot_reserve_bp, 0, RULES_BP, V_CAR,
         "share of each stake to the reserve that seeds the next top prize"),
    GAME("jackpot", "fixed_share", K_PERCENT, rules.jackpot_fixed_bp, 0, RULES_BP, V_CAR,
         "share of each stake that pays the fixed prizes (their expected cost)"),
    GAME("jackpot", "seed", K_MONEY, rules.jackpot_seed, 1, PRIZE_MAX, V_CAR,
         "the top prize after a hit is at least this"),

    GAME("progressive", "stake", K_MONEY, rules.progressive_stake, 1, STAKE_MAX, V_CAR,
         "the fixed progressive stake; the fixed prizes are for this stake"),
    GAME("progressive", "increment_share", K_PERCENT, rules.progressive_increment_bp, 0, RULES_BP,
         V_CAR, "share of each stake added to the meter"),
    GAME("progressive", "reset", K_MONEY, rules.progressive_reset, 1, PRIZE_MAX, V_CAR,
         "meter value after the royal is hit"),

    GAME("asian", "commission", K_PERCENT, rules.asian_commission_bp, 0, RULES_BP - 1, V_ASI,
         "commission on the player's net win of the round, rounded down to the cent"),

    GAME("timers", "betting_seconds", K_INT, rules.betting_seconds, 0, 600, V_ALL,
         "seconds to place bets; 0 = no timer"),
    GAME("timers", "decision_seconds", K_INT, rules.decision_seconds, 0, 600, V_ALL,
         "seconds to decide before the hand folds by itself; 0 = no timer"),

    SET("approval", "min_payback", K_PERCENT, approval.min_payback_bp, 0, RULES_BP, "75",
        "lowest exact return a bet may have; a kiosk outside the range does not start"),
    SET("approval", "max_payback", K_PERCENT, approval.max_payback_bp, 0, 2 * RULES_BP, "99.99",
        "highest exact return a bet may have; a desktop game outside the range warns and plays"),
    GAME("approval", "handpay_threshold", K_MONEY, rules.handpay_threshold, 0, PRIZE_MAX, V_ALL,
         "a seat's win in one round at or above this calls an attendant; 0 = never"),
    GAME("approval", "tax_threshold", K_MONEY, rules.tax_threshold, 0, PRIZE_MAX, V_ALL,
         "side-bet wins above this are flagged for a tax form..."),
    GAME("approval", "tax_multiple", K_INT, rules.tax_multiple, 0, 1000000, V_ALL,
         "...when they are also at least this many times their stake"),

    {.section = "display",
     .name = "mode",
     .type = K_ENUM,
     .offset = AT(display.mode),
     .def = "windowed",
     .enum_count = CFG_DISPLAY_MODES,
     .enum_name = mode_key_of,
     .doc = "kiosk is fullscreen and locked down, for a cabinet"},
    SET("display", "width", K_INT, display.width, 320, 16384, "1280",
        "window width in pixels (fullscreen and kiosk use the screen's size)"),
    SET("display", "height", K_INT, display.height, 240, 16384, "720", "window height in pixels"),
    SET("display", "index", K_INT, display.index, 0, 15, "0", "which monitor, 0 = the first"),
    SET("display", "vsync", K_BOOL, display.vsync, 0, 1, "on",
        "wait for the screen's refresh (no tearing)"),
    SET("display", "turbo", K_BOOL, display.turbo, 0, 1, "off",
        "deal and animate fast (demos and testing)"),

    SET("sound", "volume", K_INT, sound.volume, 0, 100, "80", "volume in percent"),
    SET("sound", "mute", K_BOOL, sound.mute, 0, 1, "off", "no sound at all"),
    SET("sound", "voice", K_BOOL, sound.voice, 0, 1, "on", "the dealer's voice lines"),

    SET("attract", "enabled", K_BOOL, attract.enabled, 0, 1, "on",
        "play the demo when nobody plays"),
    SET("attract", "idle_seconds", K_INT, attract.idle_seconds, 5, 3600, "60",
        "seconds without credits or buttons before the demo starts"),

    SET("hint", "show", K_BOOL, hint.show, 0, 1, "on",
        "show the best decision for the hand on the table"),

    {.section = "cabinet",
     .name = "machine_id",
     .type = K_STRING,
     .offset = AT(cabinet.machine_id),
     .size = CFG_MACHINE_ID_LEN,
     .min = 1,
     .max = CFG_MACHINE_ID_LEN - 1,
     .def = "STUD-01",
     .charset = CS_ID,
     .doc = "this machine's name in meters, journals and reports"},
    {.section = "cabinet",
     .name = "operator_pin",
     .type = K_STRING,
     .offset = AT(cabinet.operator_pin),
     .size = CFG_PIN_LEN,
     .min = 4,
     .max = CFG_PIN_LEN - 1,
     .def = "1234",
     .charset = CS_DIGITS,
     .doc = "PIN of the operator menu (change it)"},
    SET("cabinet", "free_credits", K_MONEY, cabinet.free_credits, 0, LIMIT_MAX, "1000.00",
        "credits at start in desktop mode (no coins there)"),
    SET("cabinet", "coin_value", K_MONEY, cabinet.coin_value, 1, STAKE_MAX, "1.00",
        "credit for one coin"),
    SET("cabinet", "bill_values", K_MONEY_LIST, cabinet.bill_values, 1, LIMIT_MAX,
        "5.00, 10.00, 20.00, 50.00, 100.00", "notes the bill acceptor takes; empty = none"),
    {.section = "cabinet",
     .name = "store_path",
     .type = K_STRING,
     .offset = AT(cabinet.store_path),
     .size = CFG_PATH_LEN,
     .min = 0,
     .max = 180, /* inih reads lines of up to 200 bytes */
     .def = "",
     .charset = CS_ANY,
     .doc = "folder of the machine's database; empty = the default data folder"},
    {.section = "cabinet",
     .name = "voucher_path",
     .type = K_STRING,
     .offset = AT(cabinet.voucher_path),
     .size = CFG_PATH_LEN,
     .min = 0,
     .max = 180,
     .def = "",
     .charset = CS_ANY,
     .doc = "folder the cash-out tickets are printed to (text and PNG); empty = vouchers/ "
            "beside the database"},
    {.section = "cabinet",
     .name = "key_path",
     .type = K_STRING,
     .offset = AT(cabinet.key_path),
     .size = CFG_PATH_LEN,
     .min = 0,
     .max = 180,
     .def = "",
     .charset = CS_FILE,
     .doc = "secret key the records are signed with (mode 600); empty = machine.key beside the DB"},
    {.section = "cabinet",
     .name = "anchor_path",
     .type = K_STRING,
     .offset = AT(cabinet.anchor_path),
     .size = CFG_PATH_LEN,
     .min = 0,
     .max = 180,
     .def = "",
     .charset = CS_FILE,
     .doc =
         "file that holds the database's newest commit, best on another disk; empty = DB.anchor"},
    SET("cabinet", "stall_seconds", K_INT, cabinet.stall_seconds, 2, 600, "10",
        "the watchdog: no frame for this long is logged as a stall (systemd restarts us)"),

    KEY(CFG_BUTTON_DEAL, "deal", "Return", "DEAL: deal the cards"),
    KEY(CFG_BUTTON_PLAY, "play", "P", "PLAY: make the PLAY bet (Asian Stud: raise)"),
    KEY(CFG_BUTTON_FOLD, "fold", "F", "FOLD"),
    KEY(CFG_BUTTON_RAISE1, "raise1", "Z", "RAISE 1x (Cajun Stud)"),
    KEY(CFG_BUTTON_RAISE2, "raise2", "X", "RAISE 2x (Cajun Stud)"),
    KEY(CFG_BUTTON_RAISE3, "raise3", "C", "RAISE 3x (Cajun Stud)"),
    KEY(CFG_BUTTON_BET, "bet", "B", "BET: add the chosen chip to the ante"),
    KEY(CFG_BUTTON_REPEAT, "repeat", "Space", "REPEAT last round's bets"),
    KEY(CFG_BUTTON_DOUBLE, "double", "V", "DOUBLE every bet"),
    KEY(CFG_BUTTON_UNDO, "undo", "Delete", "UNDO the last chip"),
    KEY(CFG_BUTTON_CLEAR, "clear", "Home", "CLEAR every bet"),
    KEY(CFG_BUTTON_CASHOUT, "cashout", "End", "CASH OUT the credits"),
    KEY(CFG_BUTTON_COIN, "coin", "Insert", "a coin is inserted"),
    KEY(CFG_BUTTON_BILL, "bill", "7", "a note is inserted"),
    KEY(CFG_BUTTON_SERVICE, "service", "9", "SERVICE: the operator menu (asks the PIN)"),
    KEY(CFG_BUTTON_ATTENDANT, "attendant", "F2", "the attendant's key (clears a hand pay)"),
    KEY(CFG_BUTTON_DOOR, "door", "F3", "the cabinet door switch"),
    KEY(CFG_BUTTON_CHIP1, "chip1", "1", "choose the first chip"),
    KEY(CFG_BUTTON_CHIP2, "chip2", "2", "choose the second chip"),
    KEY(CFG_BUTTON_CHIP3, "chip3", "3", "choose the third chip"),
    KEY(CFG_BUTTON_CHIP4, "chip4", "4", "choose the fourth chip"),
    KEY(CFG_BUTTON_CHIP5, "chip5", "5", "choose the fifth chip"),
    KEY(CFG_BUTTON_CHIP6, "chip6", "6", "choose the sixth chip"),
};
#define NKEYS ((int)(sizeof KEYS / sizeof KEYS[0]))

_Static_assert(sizeof(int) == sizeof(int32_t), "int keys are stored as int32_t");
_Static_assert(sizeof(rules_preset_t) == sizeof(int32_t), "enum keys are stored as int32_t");
_Static_assert(sizeof(cfg_display_mode_t) == sizeof(int32_t), "enum keys are stored as int32_t");

static const char *const VARIANT_NAMES[VARIANT_COUNT] = {"Caribbean Stud", "Cajun Stud",
                                                         "Asian Stud"};

/* Where each preset's rules come from (named in the example configs' headers). */
static const struct {
    const char *seed, *sheet;
} PRESET_SOURCES[PRESET_COUNT] = {
    {"seeds 000 and 002 (Caribbean Stud)", "seeds/caribbean-stud.md"},
    {"seed 001 (live-dealer Caribbean Stud)", "seeds/caribbean-stud.md"},
    {"seed 002 (US casino rules, the $1 progressive)", "seeds/caribbean-stud.md"},
    {"seed 002 (UK Casino Stud Poker)", "seeds/caribbean-stud.md"},
    {"seed 003 (Cajun Stud)", "seeds/cajun-stud.md"},
    {"seed 004 (Asian Stud)", "seeds/asian-stud.md"},
};

const char *cfg_display_mode_key(cfg_display_mode_t m) {
    static const char *const keys[CFG_DISPLAY_MODES] = {"windowed", "fullscreen", "kiosk"};
    return m >= 0 && m < CFG_DISPLAY_MODES ? keys[m] : "?";
}

const char *cfg_button_key(cfg_button_t b) {
    for (int k = 0; k < NKEYS; k++)
        if (KEYS[k].charset == CS_KEY &&
            KEYS[k].offset == AT(keys[0]) + (size_t)b * CFG_KEY_NAME_LEN)
            return KEYS[k].name;
    return "?";
}

int cfg_key_count(void) {
    return NKEYS;
}

bool cfg_key_at(int i, cfg_key_info_t *out) {
    if (i < 0 || i >= NKEYS) return false;
    const key_def_t *k = &KEYS[i];
    out->section = k->section;
    out->name = k->name;
    out->type = KTYPE_NAMES[k->type];
    out->doc = k->doc;
    out->game = k->def == NULL;
    out->variants = k->variants;
    return true;
}

/* ---- small text helpers (locale-free) ---- */

static bool is_digit(int c) {
    return c >= '0' && c <= '9';
}
static bool is_alpha(int c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}
static bool is_space(int c) {
    return c == ' ' || c == '\t';
}
static int to_lower(int c) {
    return c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c;
}
static int to_upper(int c) {
    return c >= 'a' && c <= 'z' ? c - 'a' + 'A' : c;
}

static bool equal_nocase(const char *a, const char *b) {
    while (*a && to_lower((unsigned char)*a) == to_lower((unsigned char)*b)) a++, b++;
    return to_lower((unsigned char)*a) == to_lower((unsigned char)*b);
}

/* Appends to buf (size n, always terminated); never overflows. */
static void append(char *buf, size_t n, const char *fmt, ...) {
    size_t used = strlen(buf);
    if (used + 1 >= n) return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf + used, n - used, fmt, ap);
    va_end(ap);
}

/* A value as quoted in a message: at most 40 bytes, then "...". */
static const char *shorten(const char *s, size_t len, char out[48]) {
    size_t n = len < 40 ? len : 40;
    memcpy(out, s, n);
    out[n] = '\0';
    if (len > 40) memcpy(out + n, "...", 4);
    return out;
}

/* Edit distance of short names, a swap of two neighbours counting as one edit (optimal string
 * alignment); longer names are simply far apart. */
static int distance(const char *a, const char *b) {
    size_t la = strlen(a), lb = strlen(b);
    if (la > 47 || lb > 47) return 99;
    int d[48][48];
    for (size_t i = 0; i <= la; i++) d[i][0] = (int)i;
    for (size_t j = 0; j <= lb; j++) d[0][j] = (int)j;
    for (size_t i = 1; i <= la; i++)
        for (size_t j = 1; j <= lb; j++) {
            int best = d[i - 1][j - 1] + (a[i - 1] != b[j - 1]);
            if (d[i - 1][j] + 1 < best) best = d[i - 1][j] + 1;
            if (d[i][j - 1] + 1 < best) best = d[i][j - 1] + 1;
            if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] &&
                d[i - 2][j - 2] + 1 < best)
                best = d[i - 2][j - 2] + 1;
            d[i][j] = best;
        }
    return d[la][lb];
}

static bool close_enough(const char *typed, const char *name) {
    int d = distance(typed, name);
    return d <= 2 && d * 3 <= (int)strlen(name);
}

/* ---- numbers ---- */

typedef enum numstatus { NUM_OK = 0, NUM_SYNTAX, NUM_DECIMALS, NUM_BIG } numstatus_t;

#define UNITS_MAX 1000000000000000ULL /* 10^15 currency units */

/* A decimal with at most two decimals, into hundredths. percent allows a trailing '%'. */
static numstatus_t parse_hundredths(const char *s, bool percent, int64_t *out) {
    bool neg = *s == '-';
    if (*s == '-' || *s == '+') s++;
    if (!is_digit((unsigned char)*s)) return NUM_SYNTAX;
    uint64_t units = 0;
    bool big = false;
    for (; is_digit((unsigned char)*s); s++) {
        if (units > UNITS_MAX)
            big = true;
        else
            units = units * 10 + (uint64_t)(*s - '0');
    }
    uint64_t frac = 0;
    int decimals = 0;
    if (*s == '.') {
        s++;
        if (!is_digit((unsigned char)*s)) return NUM_SYNTAX;
        for (; is_digit((unsigned char)*s); s++, decimals++)
            if (decimals < 2) frac = frac * 10 + (uint64_t)(*s - '0');
    }
    if (percent && *s == '%') s++;
    if (*s) return NUM_SYNTAX;
    if (decimals > 2) return NUM_DECIMALS;
    if (big || units > UNITS_MAX) return NUM_BIG;
    if (decimals == 1) frac *= 10;
    int64_t v = (int64_t)(units * 100 + frac);
    *out = neg ? -v : v;
    return NUM_OK;
}

/* A whole number; odds may also be written "N to 1" or "N:1". */
static numstatus_t parse_whole(const char *s, bool odds, int64_t *out) {
    bool neg = *s == '-';
    if (*s == '-' || *s == '+') s++;
    if (!is_digit((unsigned char)*s)) return NUM_SYNTAX;
    uint64_t v = 0;
    bool big = false;
    for (; is_digit((unsigned char)*s); s++) {
        if (v > UNITS_MAX)
            big = true;
        else
            v = v * 10 + (uint64_t)(*s - '0');
    }
    if (odds && *s) {
        while (is_space((unsigned char)*s)) s++;
        if (*s == ':')
            s++;
        else if (to_lower((unsigned char)s[0]) == 't' && to_lower((unsigned char)s[1]) == 'o')
            s += 2;
        else
            return NUM_SYNTAX;
        while (is_space((unsigned char)*s)) s++;
        if (*s != '1') return NUM_SYNTAX;
        s++;
    }
    if (*s) return NUM_SYNTAX;
    if (big || v > UNITS_MAX) return NUM_BIG;
    *out = neg ? -(int64_t)v : (int64_t)v;
    return NUM_OK;
}

bool cfg_parse_money(const char *text, int64_t *cents) {
    return parse_hundredths(text, false, cents) == NUM_OK;
}

bool cfg_parse_percent(const char *text, int32_t *bp) {
    int64_t v;
    if (parse_hundredths(text, true, &v) != NUM_OK || v > INT32_MAX || v < INT32_MIN) return false;
    *bp = (int32_t)v;
    return true;
}

int cfg_format_money(int64_t cents, char *buf, size_t len) {
    uint64_t a = cents < 0 ? (uint64_t)0 - (uint64_t)cents : (uint64_t)cents;
    return snprintf(buf, len, "%s%llu.%02llu", cents < 0 ? "-" : "", (unsigned long long)(a / 100),
                    (unsigned long long)(a % 100));
}

static int format_percent(int64_t bp, bool sign, char *buf, size_t len) {
    uint64_t a = bp < 0 ? (uint64_t)0 - (uint64_t)bp : (uint64_t)bp;
    const char *minus = bp < 0 ? "-" : "";
    if (a % 100 == 0)
        return snprintf(buf, len, "%s%llu%s", minus, (unsigned long long)(a / 100),
                        sign ? "%" : "");
    return snprintf(buf, len, "%s%llu.%02llu%s", minus, (unsigned long long)(a / 100),
                    (unsigned long long)(a % 100), sign ? "%" : "");
}

/* ---- reading and writing a key's field ---- */

typedef struct value {
    int64_t num; /* int, odds, percent (bp), money (cents), enum index, bool 0/1 */
    char str[CFG_PATH_LEN];
    cfg_money_list_t list;
} value_t;

static void *field(cfg_t *c, const key_def_t *k) {
    return (char *)c + k->offset;
}
static const void *cfield(const cfg_t *c, const key_def_t *k) {
    return (const char *)c + k->offset;
}

static int64_t get_num(const cfg_t *c, const key_def_t *k) {
    switch (k->type) {
    case K_MONEY: {
        int64_t v;
        memcpy(&v, cfield(c, k), sizeof v);
        return v;
    }
    case K_BOOL: {
        bool b;
        memcpy(&b, cfield(c, k), sizeof b);
        return b;
    }
    case K_INT:
    case K_ODDS:
    case K_PERCENT:
    case K_ENUM: {
        int32_t v;
        memcpy(&v, cfield(c, k), sizeof v);
        return v;
    }
    default:
        return 0;
    }
}

static void store(cfg_t *c, const key_def_t *k, const value_t *v) {
    void *p = field(c, k);
    switch (k->type) {
    case K_MONEY:
        memcpy(p, &v->num, sizeof v->num);
        break;
    case K_BOOL: {
        bool b = v->num != 0;
        memcpy(p, &b, sizeof b);
        break;
    }
    case K_INT:
    case K_ODDS:
    case K_PERCENT:
    case K_ENUM: {
        int32_t x = (int32_t)v->num;
        memcpy(p, &x, sizeof x);
        break;
    }
    case K_STRING: {
        size_t n = strlen(v->str);
        if (n >= k->size) n = k->size - 1;
        memcpy(p, v->str, n);
        memset((char *)p + n, 0, k->size - n);
        break;
    }
    case K_MONEY_LIST:
        memcpy(p, &v->list, sizeof v->list);
        break;
    default:
        break;
    }
}

/* A value as written in a file. */
static void format_value(const key_def_t *k, const cfg_t *c, char *buf, size_t n) {
    buf[0] = '\0';
    int64_t v = get_num(c, k);
    switch (k->type) {
    case K_INT:
    case K_ODDS:
        snprintf(buf, n, "%lld", (long long)v);
        break;
    case K_MONEY:
        cfg_format_money(v, buf, n);
        break;
    case K_PERCENT:
        format_percent(v, false, buf, n);
        break;
    case K_BOOL:
        snprintf(buf, n, "%s", v ? "on" : "off");
        break;
    case K_ENUM:
        snprintf(buf, n, "%s", v >= 0 && v < k->enum_count ? k->enum_name((int)v) : "?");
        break;
    case K_STRING:
        snprintf(buf, n, "%.*s", (int)k->size, (const char *)cfield(c, k));
        break;
    case K_MONEY_LIST: {
        cfg_money_list_t l;
        memcpy(&l, cfield(c, k), sizeof l);
        for (int i = 0; i < l.count && i < CFG_MAX_BILLS; i++) {
            char m[32];
            cfg_format_money(l.value[i], m, sizeof m);
            append(buf, n, "%s%s", i ? ", " : "", m);
        }
        break;
    }
    default:
        break;
    }
}

/* A number as a person reads it in a message: "7 to 1", "31.84%", "25.00". */
static void format_human(const key_def_t *k, int64_t v, char *buf, size_t n) {
    switch (k->type) {
    case K_ODDS:
        snprintf(buf, n, "%lld to 1", (long long)v);
        break;
    case K_MONEY:
        cfg_format_money(v, buf, n);
        break;
    case K_PERCENT:
        format_percent(v, true, buf, n);
        break;
    default:
        snprintf(buf, n, "%lld", (long long)v);
        break;
    }
}

/* What may be written: "1 to 7", "0.01 to 1000000.00", "on or off", ... */
static void allowed_text(const key_def_t *k, char *buf, size_t n) {
    char lo[32], hi[32];
    buf[0] = '\0';
    switch (k->type) {
    case K_INT:
    case K_ODDS:
    case K_MONEY:
    case K_PERCENT:
        if (k->type == K_MONEY) {
            cfg_format_money(k->min, lo, sizeof lo);
            cfg_format_money(k->max, hi, sizeof hi);
        } else if (k->type == K_PERCENT) {
            format_percent(k->min, true, lo, sizeof lo);
            format_percent(k->max, true, hi, sizeof hi);
        } else {
            snprintf(lo, sizeof lo, "%lld", (long long)k->min);
            snprintf(hi, sizeof hi, "%lld", (long long)k->max);
        }
        snprintf(buf, n, "%s to %s", lo, hi);
        break;
    case K_BOOL:
        snprintf(buf, n, "on or off");
        break;
    case K_ENUM:
        for (int i = 0; i < k->enum_count; i++)
            append(buf, n, "%s%s",
                   i == 0                   ? ""
                   : i == k->enum_count - 1 ? " or "
                                            : ", ",
                   k->enum_name(i));
        break;
    case K_STRING:
        switch (k->charset) {
        case CS_LETTERS:
            snprintf(buf, n, "%lld letters", (long long)k->max);
            break;
        case CS_DIGITS:
            snprintf(buf, n, "%lld to %lld digits", (long long)k->min, (long long)k->max);
            break;
        case CS_ID:
            snprintf(buf, n, "%lld to %lld letters, digits, - _ or .", (long long)k->min,
                     (long long)k->max);
            break;
        case CS_KEY:
            snprintf(buf, n, "a key name, up to %lld characters", (long long)k->max);
            break;
        default:
            snprintf(buf, n, "a %s of up to %lld characters, or empty",
                     k->charset == CS_FILE ? "file path" : "folder", (long long)k->max);
            break;
        }
        break;
    case K_MONEY_LIST:
        cfg_format_money(k->min, lo, sizeof lo);
        cfg_format_money(k->max, hi, sizeof hi);
        snprintf(buf, n, "up to %d amounts from %s to %s, lowest first", CFG_MAX_BILLS, lo, hi);
        break;
    default:
        break;
    }
}

static void games_text(unsigned variants, char *buf, size_t n) {
    buf[0] = '\0';
    if (variants == V_ALL || variants == 0) {
        snprintf(buf, n, "all");
        return;
    }
    for (int v = 0; v < VARIANT_COUNT; v++)
        if (variants & (1u << v))
            append(buf, n, "%s%s", buf[0] ? ", " : "", rules_variant_key((rules_variant_t)v));
}

static void games_names(unsigned variants, char *buf, size_t n) {
    buf[0] = '\0';
    for (int v = 0; v < VARIANT_COUNT; v++)
        if (variants & (1u << v)) append(buf, n, "%s%s", buf[0] ? " and " : "", VARIANT_NAMES[v]);
}

/* Parses text as key k's value. On failure writes into why what is wrong and what to write
 * instead; example is the key's default (or ""). */
static bool parse_value(const key_def_t *k, const char *text, const char *example, value_t *v,
                        char *why, size_t n) {
    char q[48], allowed[160], eg[CFG_PATH_LEN + 64] = "";
    shorten(text, strlen(text), q);
    allowed_text(k, allowed, sizeof allowed);
    if (example && example[0]) snprintf(eg, sizeof eg, ", e.g. %s = %s", k->name, example);
    memset(v, 0, sizeof *v);
    switch (k->type) {
    case K_INT:
    case K_ODDS: {
        numstatus_t st = parse_whole(text, k->type == K_ODDS, &v->num);
        if (st == NUM_SYNTAX) {
            if (!text[0])
                snprintf(why, n, "no value; write a whole number from %s%s", allowed, eg);
            else if (k->type == K_ODDS)
                snprintf(why, n,
                         "'%s' is not odds; write the x of \"x to 1\", a whole number from "
                         "%s%s",
                         q, allowed, eg);
            else
                snprintf(why, n, "'%s' is not a whole number; write a whole number from %s%s", q,
                         allowed, eg);
            return false;
        }
        if (st == NUM_BIG || v->num < k->min || v->num > k->max) {
            snprintf(why, n, "%s is out of range; write a whole number from %s%s", q, allowed, eg);
            return false;
        }
        return true;
    }
    case K_MONEY:
    case K_PERCENT: {
        bool pct = k->type == K_PERCENT;
        numstatus_t st = parse_hundredths(text, pct, &v->num);
        const char *what = pct ? "a percentage" : "an amount of money";
        if (st == NUM_SYNTAX) {
            if (!text[0])
                snprintf(why, n, "no value; write %s from %s%s", what, allowed, eg);
            else if (pct)
                snprintf(why, n,
                         "'%s' is not a percentage; write a percent with at most 2 "
                         "decimals from %s%s",
                         q, allowed, eg);
            else
                snprintf(why, n,
                         "'%s' is not an amount of money; write currency units with at most "
                         "2 decimals (no thousands separators) from %s%s",
                         q, allowed, eg);
            return false;
        }
        if (st == NUM_DECIMALS) {
            snprintf(why, n,
                     "'%s' has more than 2 decimals; %s is written with at most 2 "
                     "decimals%s",
                     q, pct ? "a share" : "money", eg);
            return false;
        }
        if (st == NUM_BIG || v->num < k->min || v->num > k->max) {
            snprintf(why, n, "%s is out of range; write %s from %s%s", q, what, allowed, eg);
            return false;
        }
        return true;
    }
    case K_BOOL: {
        static const char *const yes[] = {"on", "yes", "true", "1"};
        static const char *const no[] = {"off", "no", "false", "0"};
        for (int i = 0; i < 4; i++) {
            if (equal_nocase(text, yes[i])) return v->num = 1, true;
            if (equal_nocase(text, no[i])) return v->num = 0, true;
        }
        snprintf(why, n,
                 "'%s' is not on or off; write on or off (yes/no, true/false and 1/0 work "
                 "too)%s",
                 q, eg);
        return false;
    }
    case K_ENUM:
        for (int i = 0; i < k->enum_count; i++)
            if (equal_nocase(text, k->enum_name(i))) return v->num = i, true;
        snprintf(why, n, "'%s' is not one of the choices; write %s%s", q, allowed, eg);
        return false;
    case K_STRING: {
        size_t len = strlen(text);
        bool ok = len >= (size_t)k->min && len <= (size_t)k->max;
        for (size_t i = 0; ok && i < len; i++) {
            unsigned char ch = (unsigned char)text[i];
            switch (k->charset) {
            case CS_LETTERS:
                ok = is_alpha(ch);
                break;
            case CS_DIGITS:
                ok = is_digit(ch);
                break;
            case CS_ID:
                ok = is_alpha(ch) || is_digit(ch) || ch == '-' || ch == '_' || ch == '.';
                break;
            case CS_KEY:
                ok = ch >= ' ';
                break;
            default:
                break;
            }
        }
        if (!ok) {
            if (!text[0])
                snprintf(why, n, "no value; write %s%s", allowed, eg);
            else if (len > (size_t)k->max && (k->charset == CS_ANY || k->charset == CS_FILE))
                snprintf(why, n, "'%s' is too long (%zu characters); write at most %lld", q, len,
                         (long long)k->max);
            else {
                static const char *const what[] = {
                    [CS_ANY] = "a folder",   [CS_LETTERS] = "a currency code",
                    [CS_DIGITS] = "a PIN",   [CS_ID] = "a machine id",
                    [CS_KEY] = "a key name", [CS_FILE] = "a file path"};
                snprintf(why, n, "'%s' is not %s; write %s%s", q, what[k->charset], allowed, eg);
            }
            return false;
        }
        for (size_t i = 0; i <= len; i++)
            v->str[i] = k->charset == CS_LETTERS ? (char)to_upper((unsigned char)text[i]) : text[i];
        return true;
    }
    case K_MONEY_LIST: {
        const char *p = text;
        if (!*p) return true; /* none */
        for (int item = 1;; item++) {
            const char *end = strchr(p, ',');
            size_t len = end ? (size_t)(end - p) : strlen(p);
            char one[48];
            while (len && is_space((unsigned char)*p)) p++, len--;
            while (len && is_space((unsigned char)p[len - 1])) len--;
            if (len >= sizeof one) len = sizeof one - 1;
            memcpy(one, p, len);
            one[len] = '\0';
            if (v->list.count == CFG_MAX_BILLS) {
                snprintf(why, n, "more than %d amounts; list at most %d%s", CFG_MAX_BILLS,
                         CFG_MAX_BILLS, eg);
                return false;
            }
            int64_t cents = 0;
            numstatus_t st = parse_hundredths(one, false, &cents);
            if (st != NUM_OK || cents < k->min || cents > k->max) {
                shorten(one, len, q);
                if (!len)
                    snprintf(why, n, "amount %d is empty; write amounts separated by commas%s",
                             item, eg);
                else if (st == NUM_DECIMALS)
                    snprintf(why, n,
                             "amount %d '%s' has more than 2 decimals; money is written "
                             "with at most 2 decimals%s",
                             item, q, eg);
                else if (st == NUM_SYNTAX)
                    snprintf(why, n, "amount %d '%s' is not an amount of money; write %s%s", item,
                             q, allowed, eg);
                else
                    snprintf(why, n, "amount %d '%s' is out of range; write %s%s", item, q, allowed,
                             eg);
                return false;
            }
            if (v->list.count && cents <= v->list.value[v->list.count - 1]) {
                snprintf(why, n,
                         "amount %d '%s' is not above the one before it; list each amount "
                         "once, lowest first%s",
                         item, shorten(one, len, q), eg);
                return false;
            }
            v->list.value[v->list.count++] = cents;
            if (!end) break;
            p = end + 1;
        }
        return true;
    }
    default:
        return false;
    }
}

/* ---- defaults ---- */

static void copy_side_bet(rules_t *r, const rules_t *from, wager_t w) {
    r->bet_min[w] = from->bet_min[w];
    r->bet_max[w] = from->bet_max[w];
    switch (w) {
    case WAGER_BONUS51:
        memcpy(r->bonus51_pays, from->bonus51_pays, sizeof r->bonus51_pays);
        break;
    case WAGER_JACKPOT:
        r->jackpot_stake = from->jackpot_stake;
        memcpy(r->jackpot_fixed, from->jackpot_fixed, sizeof r->jackpot_fixed);
        r->jackpot_top_bp = from->jackpot_top_bp;
        r->jackpot_reserve_bp = from->jackpot_reserve_bp;
        r->jackpot_fixed_bp = from->jackpot_fixed_bp;
        r->jackpot_seed = from->jackpot_seed;
        break;
    case WAGER_PROGRESSIVE:
        r->progressive_stake = from->progressive_stake;
        memcpy(r->progressive_meter_bp, from->progressive_meter_bp, sizeof r->progressive_meter_bp);
        memcpy(r->progressive_fixed, from->progressive_fixed, sizeof r->progressive_fixed);
        r->progressive_increment_bp = from->progressive_increment_bp;
        r->progressive_reset = from->progressive_reset;
        break;
    case WAGER_BOARD:
        memcpy(r->board_pays, from->board_pays, sizeof r->board_pays);
        break;
    case WAGER_POCKET:
        memcpy(r->pocket_pays, from->pocket_pays, sizeof r->pocket_pays);
        break;
    case WAGER_LOBALL:
        memcpy(r->loball_pays, from->loball_pays, sizeof r->loball_pays);
        break;
    case WAGER_ASIAN_BONUS:
        memcpy(r->asian_bonus_pays, from->asian_bonus_pays, sizeof r->asian_bonus_pays);
        break;
    default:
        break;
    }
}

/* A side bet the preset leaves off gets the tables and limits of the first preset of the same
 * game that offers it, still off: switching it on in [sidebets] is then enough. */
static void fill_dormant_side_bets(rules_t *r) {
    for (int w = 0; w < WAGER_COUNT; w++) {
        if (!wager_is_side((wager_t)w) || r->offered[w] ||
            !rules_variant_has_wager(r->variant, (wager_t)w))
            continue;
        for (int p = 0; p < PRESET_COUNT; p++) {
            if (rules_preset_variant((rules_preset_t)p) != r->variant) continue;
            rules_t from;
            rules_preset(&from, (rules_preset_t)p);
            if (!from.offered[w]) continue;
            copy_side_bet(r, &from, (wager_t)w);
            break;
        }
    }
}

/* The limits that follow from others: the decision bets from the ante, the fixed-stake bets
 * from their stake. */
static void derive(rules_t *r) {
    switch (r->variant) {
    case VARIANT_CARIBBEAN:
        r->bet_min[WAGER_PLAY] = 2 * r->bet_min[WAGER_ANTE];
        r->bet_max[WAGER_PLAY] = 2 * r->bet_max[WAGER_ANTE];
        r->offered[WAGER_PLAY] = true;
        r->bet_min[WAGER_JACKPOT] = r->bet_max[WAGER_JACKPOT] = r->jackpot_stake;
        r->bet_min[WAGER_PROGRESSIVE] = r->bet_max[WAGER_PROGRESSIVE] = r->progressive_stake;
        break;
    case VARIANT_CAJUN:
        for (int w = WAGER_RAISE_1; w <= WAGER_RAISE_3; w++) {
            r->bet_min[w] = r->bet_min[WAGER_ANTE];
            r->bet_max[w] = 3 * r->bet_max[WAGER_ANTE];
            r->offered[w] = true;
        }
        break;
    case VARIANT_ASIAN:
        r->bet_min[WAGER_PLAY] = r->bet_min[WAGER_ANTE];
        r->bet_max[WAGER_PLAY] = r->bet_max[WAGER_ANTE];
        r->offered[WAGER_PLAY] = true;
        break;
    default:
        break;
    }
    r->offered[WAGER_ANTE] = true;
}

/* Returns the name of the first default that does not parse (a bug in the table), or NULL. */
static const char *apply_defaults(cfg_t *c, rules_preset_t preset) {
    const char *broken = NULL;
    memset(c, 0, sizeof *c);
    if (preset < 0 || preset >= PRESET_COUNT) preset = PRESET_CARIBBEAN_CLASSIC;
    rules_preset(&c->rules, preset);
    fill_dormant_side_bets(&c->rules);
    derive(&c->rules);
    for (int i = 0; i < NKEYS; i++) {
        if (!KEYS[i].def) continue;
        value_t v;
        char why[CFG_ERROR_LEN];
        if (parse_value(&KEYS[i], KEYS[i].def, NULL, &v, why, sizeof why))
            store(c, &KEYS[i], &v);
        else if (!broken)
            broken = KEYS[i].name;
    }
    return broken;
}

void cfg_defaults(cfg_t *c, rules_preset_t preset) {
    (void)apply_defaults(c, preset);
}

/* ---- errors ---- */

static void add_error(cfg_errors_t *e, const char *file, int line, const char *where,
                      const char *fmt, ...) {
    int i = e->count++;
    if (i >= CFG_ERRORS_MAX) return;
    char msg[CFG_ERROR_LEN];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    cfg_error_t *er = &e->list[i];
    er->line = line;
    er->text[0] = '\0';
    if (line > 0)
        append(er->text, sizeof er->text, "%s:%d: ", file, line);
    else
        append(er->text, sizeof er->text, "%s: ", file);
    if (where[0]) append(er->text, sizeof er->text, "%s: ", where);
    append(er->text, sizeof er->text, "%s", msg);
}

/* Stable, by line; errors about the whole file (line 0) last. */
static void sort_errors(cfg_errors_t *e) {
    int n = e->count < CFG_ERRORS_MAX ? e->count : CFG_ERRORS_MAX;
    for (int i = 1; i < n; i++) {
        cfg_error_t cur = e->list[i];
        unsigned key = cur.line > 0 ? (unsigned)cur.line : ~0u;
        int j = i - 1;
        while (j >= 0 && (e->list[j].line > 0 ? (unsigned)e->list[j].line : ~0u) > key) {
            e->list[j + 1] = e->list[j];
            j--;
        }
        e->list[j + 1] = cur;
    }
}

void cfg_errors_print(const cfg_errors_t *errs, FILE *f) {
    int n = errs->count < CFG_ERRORS_MAX ? errs->count : CFG_ERRORS_MAX;
    for (int i = 0; i < n; i++) fprintf(f, "%s\n", errs->list[i].text);
    if (errs->count > n) fprintf(f, "... and %d more errors\n", errs->count - n);
}

/* ---- loading ---- */

#define MAX_FILE_BYTES (1 << 20)

typedef struct entry {
    int line;
    char *section, *name, *value; /* one allocation, at section */
} entry_t;

typedef struct load {
    const char *file;
    const char *data;
    size_t len, pos;
    int lineno;
    entry_t *entries;
    size_t n, cap;
    bool out_of_memory;
    cfg_errors_t *errs;

    cfg_t cfg, base;
    rules_variant_t variant;
    bool preset_bad;
    int line[NKEYS]; /* where each key was set, 0 = not in the file */
    bool bad[NKEYS]; /* set with a value that was refused: left out of the checks */
} load_t;

static int find_section(const char *name) {
    for (int s = 0; s < NSECTIONS; s++)
        if (strcmp(SECTIONS[s].name, name) == 0) return s;
    return -1;
}

static int find_key(const char *section, const char *name) {
    for (int k = 0; k < NKEYS; k++)
        if (strcmp(KEYS[k].section, section) == 0 && strcmp(KEYS[k].name, name) == 0) return k;
    return -1;
}

static bool applies(const load_t *L, int k) {
    return KEYS[k].def != NULL || (KEYS[k].variants & (1u << L->variant));
}

static void section_list(char *buf, size_t n) {
    buf[0] = '\0';
    for (int s = 0; s < NSECTIONS; s++) append(buf, n, "%s%s", s ? ", " : "", SECTIONS[s].name);
}

/* One line of the file, checked and handed to inih in a normal form ("[name]" or
 * "key=value"), or as an empty line when it is blank, a comment or wrong. Wrong lines are
 * reported here, so that every one is, with its line number. */
static void lex_line(load_t *L, const char *s, size_t n, char *out, size_t cap) {
    char q[48];
    strcpy(out, "\n");
    if (n && s[n - 1] == '\r') n--;
    if (L->lineno == 1 && n >= 3 && memcmp(s, "\xEF\xBB\xBF", 3) == 0) s += 3, n -= 3;
    for (size_t i = 0; i < n; i++) {
        unsigned char ch = (unsigned char)s[i];
        if ((ch < ' ' && ch != '\t') || ch == 0x7f) {
            add_error(L->errs, L->file, L->lineno, "syntax",
                      "the line holds a control character (byte 0x%02X at column %zu); a config "
                      "file is plain text: remove it",
                      ch, i + 1);
            return;
        }
    }
    while (n && is_space((unsigned char)*s)) s++, n--;
    while (n && is_space((unsigned char)s[n - 1])) n--;
    if (n == 0 || *s == ';' || *s == '#') return;

    if (*s == '[') {
        const char *close = memchr(s, ']', n);
        if (!close) {
            add_error(L->errs, L->file, L->lineno, "syntax",
                      "'%s' has no closing ']'; write a section header like [game]",
                      shorten(s, n, q));
            return;
        }
        const char *name = s + 1, *rest = close + 1;
        size_t len = (size_t)(close - name), restlen = n - (size_t)(rest - s);
        while (len && is_space((unsigned char)*name)) name++, len--;
        while (len && is_space((unsigned char)name[len - 1])) len--;
        while (restlen && is_space((unsigned char)*rest)) rest++, restlen--;
        if (restlen && *rest != ';' && *rest != '#') {
            add_error(L->errs, L->file, L->lineno, "syntax",
                      "text after the section header: '%s'; put nothing but a comment (; or #) "
                      "after ']'",
                      shorten(rest, restlen, q));
            strcpy(out, "[!]\n");
            return;
        }
        char lower[48];
        bool ok = len > 0 && len < sizeof lower;
        for (size_t i = 0; ok && i < len; i++) {
            int ch = to_lower((unsigned char)name[i]);
            ok = is_alpha(ch) || is_digit(ch) || ch == '_' || ch == '-';
            lower[i] = (char)ch;
        }
        char list[256];
        section_list(list, sizeof list);
        if (!ok) {
            add_error(L->errs, L->file, L->lineno, "syntax",
                      "'%s' is not a section name (sections: %s)", shorten(s, n, q), list);
            strcpy(out, "[!]\n");
            return;
        }
        lower[len] = '\0';
        if (find_section(lower) < 0) {
            char hint[80] = "";
            for (int i = 0; i < NSECTIONS; i++)
                if (close_enough(lower, SECTIONS[i].name)) {
                    snprintf(hint, sizeof hint, "did you mean [%s]? ", SECTIONS[i].name);
                    break;
                }
            char where[56];
            snprintf(where, sizeof where, "[%s]", lower);
            add_error(L->errs, L->file, L->lineno, where, "unknown section; %s%s are: %s", hint,
                      hint[0] ? "The sections" : "the sections", list);
            strcpy(out, "[!]\n");
            return;
        }
        snprintf(out, cap, "[%s]\n", lower);
        return;
    }

    const char *eq = memchr(s, '=', n);
    if (!eq) {
        add_error(L->errs, L->file, L->lineno, "syntax",
                  "'%s' is not a [section], a key = value line or a comment; write key = value "
                  "(comments start with ; or #)",
                  shorten(s, n, q));
        return;
    }
    const char *key = s, *val = eq + 1;
    size_t klen = (size_t)(eq - s), vlen = n - klen - 1;
    while (klen && is_space((unsigned char)key[klen - 1])) klen--;
    while (vlen && is_space((unsigned char)*val)) val++, vlen--;
    /* a comment after the value: ';' or '#' at its start or after a space */
    for (size_t i = 0; i < vlen; i++)
        if ((val[i] == ';' || val[i] == '#') && (i == 0 || is_space((unsigned char)val[i - 1]))) {
            vlen = i;
            break;
        }
    while (vlen && is_space((unsigned char)val[vlen - 1])) vlen--;
    if (klen == 0) {
        add_error(L->errs, L->file, L->lineno, "syntax",
                  "no key before '='; write key = value, e.g. seats = 1");
        return;
    }
    bool ok = true;
    for (size_t i = 0; i < klen && ok; i++) {
        int ch = (unsigned char)key[i];
        ok = is_alpha(ch) || is_digit(ch) || ch == '_';
    }
    if (!ok) {
        add_error(L->errs, L->file, L->lineno, "syntax",
                  "'%s' is not a key name; key names are letters, digits and _ (e.g. ante_min)",
                  shorten(key, klen, q));
        return;
    }
    if (klen + vlen + 3 > cap) {
        add_error(L->errs, L->file, L->lineno, "syntax",
                  "the line is too long; key = value takes at most %zu characters (comments may "
                  "be longer)",
                  cap > 3 ? cap - 3 : 0);
        return;
    }
    for (size_t i = 0; i < klen; i++) out[i] = (char)to_lower((unsigned char)key[i]);
    out[klen] = '=';
    memcpy(out + klen + 1, val, vlen);
    out[klen + 1 + vlen] = '\n';
    out[klen + 2 + vlen] = '\0';
}

/* inih's reader: one line per call, so the line count here is the file's. */
static char *read_line(char *str, int num, void *stream) {
    load_t *L = stream;
    if (L->pos >= L->len || num < 4) return NULL;
    const char *p = L->data + L->pos;
    size_t rest = L->len - L->pos;
    const char *nl = memchr(p, '\n', rest);
    size_t n = nl ? (size_t)(nl - p) : rest;
    L->pos += nl ? n + 1 : n;
    L->lineno++;
    lex_line(L, p, n, str, (size_t)num);
    return str;
}

static int on_pair(void *user, const char *section, const char *name, const char *value) {
    load_t *L = user;
    if (strcmp(section, "!") == 0) return 1; /* an unknown section, already reported */
    if (L->n == L->cap) {
        size_t cap = L->cap ? 2 * L->cap : 64;
        entry_t *e = realloc(L->entries, cap * sizeof *e);
        if (!e) {
            L->out_of_memory = true;
            return 1;
        }
        L->entries = e;
        L->cap = cap;
    }
    size_t ls = strlen(section) + 1, ln = strlen(name) + 1, lv = strlen(value) + 1;
    char *mem = malloc(ls + ln + lv);
    if (!mem) {
        L->out_of_memory = true;
        return 1;
    }
    entry_t *e = &L->entries[L->n++];
    e->line = L->lineno;
    e->section = memcpy(mem, section, ls);
    e->name = memcpy(mem + ls, name, ln);
    e->value = memcpy(mem + ls + ln, value, lv);
    return 1;
}

static void key_where(int k, char *buf, size_t n) {
    snprintf(buf, n, "%s.%s", KEYS[k].section, KEYS[k].name);
}

static void apply_entry(load_t *L, const entry_t *e) {
    char where[128], why[CFG_ERROR_LEN];
    if (e->section[0] == '\0') {
        const char *home = NULL;
        for (int k = 0; k < NKEYS && !home; k++)
            if (strcmp(KEYS[k].name, e->name) == 0) home = KEYS[k].section;
        if (home)
            add_error(L->errs, L->file, e->line, e->name,
                      "the key comes before any section; put it under [%s]", home);
        else
            add_error(L->errs, L->file, e->line, e->name,
                      "the key comes before any section, and no section has it; start with a "
                      "section header such as [game] (`studpoker config-reference` lists every "
                      "key)");
        return;
    }
    int k = find_key(e->section, e->name);
    snprintf(where, sizeof where, "%s.%s", e->section, e->name);
    if (k < 0) {
        for (int i = 0; i < NKEYS; i++)
            if (strcmp(KEYS[i].name, e->name) == 0) {
                add_error(L->errs, L->file, e->line, where,
                          "unknown key here; it belongs in [%s], not [%s]", KEYS[i].section,
                          e->section);
                return;
            }
        for (int i = 0; i < NKEYS; i++)
            if (strcmp(KEYS[i].section, e->section) == 0 && close_enough(e->name, KEYS[i].name)) {
                add_error(L->errs, L->file, e->line, where,
                          "unknown key; did you mean %s? (`studpoker config-reference` lists the "
                          "keys of [%s])",
                          KEYS[i].name, e->section);
                return;
            }
        add_error(L->errs, L->file, e->line, where,
                  "unknown key; `studpoker config-reference` lists the keys of [%s]", e->section);
        return;
    }
    const key_def_t *d = &KEYS[k];
    if (L->line[k]) {
        add_error(L->errs, L->file, e->line, where,
                  "set twice (first on line %d); keep one of the two lines", L->line[k]);
        return;
    }
    L->line[k] = e->line;
    if (!applies(L, k)) {
        L->bad[k] = true;
        if (L->preset_bad) return; /* the game is unknown: nothing to say about it */
        char games[64];
        games_names(d->variants, games, sizeof games);
        add_error(L->errs, L->file, e->line, where,
                  "applies to %s only, and this config's preset is %s (%s); remove the line, or "
                  "choose a preset of that game",
                  games, rules_preset_key(L->cfg.rules.preset), VARIANT_NAMES[L->variant]);
        return;
    }
    char example[CFG_PATH_LEN];
    format_value(d, &L->base, example, sizeof example);
    value_t v;
    if (!parse_value(d, e->value, example, &v, why, sizeof why)) {
        L->bad[k] = true;
        add_error(L->errs, L->file, e->line, where, "%s", why);
        return;
    }
    if (d->offset == AT(rules.preset)) return; /* applied first, with its defaults */
    store(&L->cfg, d, &v);
}

/* ---- checks across keys ---- */

static int key_of(const char *section, const char *name) {
    return find_key(section, name);
}

/* Where a value came from, for a message about another key. */
static void origin_text(const load_t *L, int k, char *buf, size_t n) {
    if (L->line[k])
        snprintf(buf, n, "line %d", L->line[k]);
    else
        snprintf(buf, n, KEYS[k].def ? "the default" : "the preset's value");
}

static bool usable(const load_t *L, int k) {
    return k >= 0 && applies(L, k) && !L->bad[k];
}

static void check_limit_pair(load_t *L, int kmin, int kmax) {
    if (!usable(L, kmin) || !usable(L, kmax)) return;
    int64_t lo = get_num(&L->cfg, &KEYS[kmin]), hi = get_num(&L->cfg, &KEYS[kmax]);
    if (lo <= hi) return;
    char a[32], b[32], where[128], org[32];
    cfg_format_money(lo, a, sizeof a);
    cfg_format_money(hi, b, sizeof b);
    if (L->line[kmin] || !L->line[kmax]) {
        key_where(kmin, where, sizeof where);
        origin_text(L, kmax, org, sizeof org);
        add_error(L->errs, L->file, L->line[kmin], where,
                  "%s is above %s (%s, %s); the minimum cannot be above the maximum: write %s = "
                  "%s or less, or raise %s",
                  a, KEYS[kmax].name, b, org, KEYS[kmin].name, b, KEYS[kmax].name);
    } else {
        key_where(kmax, where, sizeof where);
        origin_text(L, kmin, org, sizeof org);
        add_error(L->errs, L->file, L->line[kmax], where,
                  "%s is below %s (%s, %s); the maximum cannot be below the minimum: write %s = "
                  "%s or more, or lower %s",
                  b, KEYS[kmin].name, a, org, KEYS[kmax].name, a, KEYS[kmin].name);
    }
}

static int find_group_key(group_t g, int idx) {
    for (int k = 0; k < NKEYS; k++)
        if (KEYS[k].group == g && KEYS[k].idx == idx) return k;
    return -1;
}

/* A stronger hand pays at least as much as a weaker one. */
static void check_group_order(load_t *L, group_t g) {
    int order[16], n = 0;
    for (int k = 0; k < NKEYS && n < 16; k++) {
        if (KEYS[k].group != g || KEYS[k].type == K_ENUM || !applies(L, k)) continue;
        /* a progressive hand that wins a meter share is not paid by the fixed table */
        if (g == G_PFIXED && L->cfg.rules.progressive_meter_bp[KEYS[k].idx] > 0) continue;
        order[n++] = k;
    }
    if (GROUPS[g].strongest_first)
        for (int i = 0; i < n / 2; i++) {
            int t = order[i];
            order[i] = order[n - 1 - i];
            order[n - 1 - i] = t;
        }
    for (int i = 1; i < n; i++) {
        int weak = order[i - 1], strong = order[i];
        if (L->bad[weak] || L->bad[strong]) continue;
        int64_t vw = get_num(&L->cfg, &KEYS[weak]), vs = get_num(&L->cfg, &KEYS[strong]);
        if (vs >= vw) continue;
        char a[48], b[48], where[128], org[32];
        format_human(&KEYS[strong], vs, a, sizeof a);
        format_human(&KEYS[weak], vw, b, sizeof b);
        char fa[48], fb[48];
        format_value(&KEYS[weak], &L->cfg, fb, sizeof fb);
        format_value(&KEYS[strong], &L->cfg, fa, sizeof fa);
        int meter = g == G_PFIXED && !L->line[strong] && !L->line[weak]
                        ? find_group_key(G_PMETER, KEYS[strong].idx)
                        : -1;
        if (meter >= 0 && L->line[meter]) {
            /* the meter share set to 0 put this hand on the fixed table */
            key_where(meter, where, sizeof where);
            origin_text(L, weak, org, sizeof org);
            add_error(L->errs, L->file, L->line[meter], where,
                      "with no meter share the hand wins %s = %s, less than the weaker hand %s "
                      "(%s, %s); write %s = %s or more, or give the hand a meter share",
                      KEYS[strong].name, fa, KEYS[weak].name, b, org, KEYS[strong].name, fb);
        } else if (L->line[strong] || !L->line[weak]) {
            key_where(strong, where, sizeof where);
            origin_text(L, weak, org, sizeof org);
            add_error(L->errs, L->file, L->line[strong], where,
                      "pays %s, less than the weaker hand %s (%s, %s); in %s a stronger hand "
                      "pays at least as much: write %s = %s or more",
                      a, KEYS[weak].name, b, org, GROUPS[g].what, KEYS[strong].name, fb);
        } else {
            key_where(weak, where, sizeof where);
            origin_text(L, strong, org, sizeof org);
            add_error(L->errs, L->file, L->line[weak], where,
                      "pays %s, more than the stronger hand %s (%s, %s); in %s a weaker hand "
                      "pays at most as much: write %s = %s or less",
                      b, KEYS[strong].name, a, org, GROUPS[g].what, KEYS[weak].name, fa);
        }
    }
}

/* The line to blame for a whole group: the last key of it set in the file. */
static int group_line(const load_t *L, group_t g, int *key) {
    int best = 0;
    for (int k = 0; k < NKEYS; k++)
        if (KEYS[k].group == g && L->line[k] > best) best = L->line[k], *key = k;
    return best;
}

static int sidebet_key(wager_t w) {
    return key_of("sidebets", wager_key(w));
}

static void check_side_bet_pays(load_t *L, group_t g) {
    wager_t w = (wager_t)GROUPS[g].wager;
    if (!L->cfg.rules.offered[w] || !rules_variant_has_wager(L->variant, w)) return;
    for (int k = 0; k < NKEYS; k++)
        if (KEYS[k].group == g && applies(L, k) && get_num(&L->cfg, &KEYS[k]) > 0) return;
    int ks = sidebet_key(w), k = ks;
    int line = L->line[ks] ? L->line[ks] : group_line(L, g, &k);
    char where[128];
    key_where(k, where, sizeof where);
    add_error(L->errs, L->file, line, where,
              "%s is on but its pay table pays nothing; give some [paytable] %s_ lines a pay, or "
              "write %s = off in [sidebets]",
              wager_name(w), wager_key(w), wager_key(w));
}

/* The approved return range: the minimum is not above the maximum. */
static void check_approval_range(load_t *L) {
    int kmin = key_of("approval", "min_payback"), kmax = key_of("approval", "max_payback");
    if (!usable(L, kmin) || !usable(L, kmax)) return;
    int64_t lo = get_num(&L->cfg, &KEYS[kmin]), hi = get_num(&L->cfg, &KEYS[kmax]);
    if (lo <= hi) return;
    /* blame the key the file sets (the minimum when it sets both) */
    bool blame_min = L->line[kmin] || !L->line[kmax];
    int k = blame_min ? kmin : kmax, other = blame_min ? kmax : kmin;
    char mine[32], theirs[32], fix[32], where[128], org[32];
    format_percent(get_num(&L->cfg, &KEYS[k]), true, mine, sizeof mine);
    format_percent(get_num(&L->cfg, &KEYS[other]), true, theirs, sizeof theirs);
    format_percent(get_num(&L->cfg, &KEYS[other]), false, fix, sizeof fix);
    key_where(k, where, sizeof where);
    origin_text(L, other, org, sizeof org);
    add_error(L->errs, L->file, L->line[k], where,
              "%s is %s %s (%s, %s); the approved range runs from min_payback up to "
              "max_payback: write %s = %s or %s",
              mine, blame_min ? "above" : "below", KEYS[other].name, theirs, org, KEYS[k].name, fix,
              blame_min ? "less" : "more");
}

static void check_rules(load_t *L) {
    rules_t *r = &L->cfg.rules;
    char where[128], org[32];

    /* limits: every min/max pair */
    for (int w = 0; w < WAGER_COUNT; w++) {
        char a[48], b[48];
        snprintf(a, sizeof a, "%s_min", wager_key((wager_t)w));
        snprintf(b, sizeof b, "%s_max", wager_key((wager_t)w));
        int kmin = key_of("limits", a), kmax = key_of("limits", b);
        if (kmin >= 0 && kmax >= 0) check_limit_pair(L, kmin, kmax);
    }

    /* pay tables */
    for (int g = G_MAIN; g < G_COUNT; g++) check_group_order(L, (group_t)g);
    if (L->variant == VARIANT_CARIBBEAN) {
        for (int c = 0; c < EVAL_CATEGORIES; c++) {
            if (r->progressive_meter_bp[c] <= 0 || r->progressive_fixed[c] <= 0) continue;
            int kf = find_group_key(G_PFIXED, c), km = find_group_key(G_PMETER, c);
            if (kf < 0 || km < 0 || L->bad[kf] || L->bad[km]) continue;
            char share[32];
            format_human(&KEYS[km], r->progressive_meter_bp[c], share, sizeof share);
            int k = L->line[kf] >= L->line[km] ? kf : km;
            key_where(k, where, sizeof where);
            add_error(L->errs, L->file, L->line[k], where,
                      "%s is never paid: the hand wins %s of the meter (%s) instead; set one of "
                      "%s and %s to 0",
                      KEYS[kf].name, share, KEYS[km].name, KEYS[kf].name, KEYS[km].name);
        }
        int kroyal = key_of("paytable", "progressive_meter_royal_flush");
        if (r->offered[WAGER_PROGRESSIVE] && r->progressive_meter_bp[EVAL_ROYAL_FLUSH] <= 0 &&
            !L->bad[kroyal]) {
            int ks = sidebet_key(WAGER_PROGRESSIVE);
            int k = L->line[kroyal] ? kroyal : ks;
            key_where(k, where, sizeof where);
            add_error(L->errs, L->file, L->line[k], where,
                      "the progressive is on but the royal wins no share of the meter; write "
                      "progressive_meter_royal_flush = 100 (or another share above 0)");
        }
    }
    static const group_t side_groups[] = {G_BONUS51, G_BOARD, G_POCKET, G_LOBALL, G_ABONUS};
    for (size_t i = 0; i < sizeof side_groups / sizeof side_groups[0]; i++)
        check_side_bet_pays(L, side_groups[i]);

    if (L->variant == VARIANT_CARIBBEAN) {
        /* jackpot funding: the shares of one stake add up to at most the whole */
        int ks[3] = {key_of("jackpot", "top_share"), key_of("jackpot", "reserve_share"),
                     key_of("jackpot", "fixed_share")};
        int64_t total = (int64_t)r->jackpot_top_bp + r->jackpot_reserve_bp + r->jackpot_fixed_bp;
        if (total > RULES_BP && !L->bad[ks[0]] && !L->bad[ks[1]] && !L->bad[ks[2]]) {
            int k = ks[0];
            for (int i = 1; i < 3; i++)
                if (L->line[ks[i]] > L->line[k]) k = ks[i];
            char t[32], a[32], b[32], c[32];
            format_percent(total, true, t, sizeof t);
            format_percent(r->jackpot_top_bp, true, a, sizeof a);
            format_percent(r->jackpot_reserve_bp, true, b, sizeof b);
            format_percent(r->jackpot_fixed_bp, true, c, sizeof c);
            key_where(k, where, sizeof where);
            add_error(L->errs, L->file, L->line[k], where,
                      "the JACKPOT shares add up to %s (top %s + reserve %s + fixed %s), more than "
                      "the whole stake; make top_share + reserve_share + fixed_share at most 100",
                      t, a, b, c);
        }
        /* one pool per machine */
        if (r->offered[WAGER_JACKPOT] && r->offered[WAGER_PROGRESSIVE]) {
            int kj = sidebet_key(WAGER_JACKPOT), kp = sidebet_key(WAGER_PROGRESSIVE);
            int k = L->line[kp] >= L->line[kj] ? kp : kj;
            key_where(k, where, sizeof where);
            add_error(L->errs, L->file, L->line[k], where,
                      "the JACKPOT and the progressive cannot both be on (a machine has one "
                      "jackpot pool); write jackpot = off or progressive = off");
        }
    }

    check_approval_range(L);

    /* keys: one button per key */
    int kfirst = key_of("keys", cfg_button_key((cfg_button_t)0));
    for (int j = 1; j < CFG_BUTTONS; j++)
        for (int i = 0; i < j; i++) {
            int ki = kfirst + i, kj = kfirst + j;
            if (L->bad[ki] || L->bad[kj] || !equal_nocase(L->cfg.keys[i], L->cfg.keys[j])) continue;
            int k = L->line[kj] >= L->line[ki] ? kj : ki, other = k == kj ? ki : kj;
            key_where(k, where, sizeof where);
            origin_text(L, other, org, sizeof org);
            add_error(L->errs, L->file, L->line[k], where,
                      "'%s' is already the key of %s (%s); give each button its own key",
                      k == kj ? L->cfg.keys[j] : L->cfg.keys[i], KEYS[other].name, org);
            break;
        }
}

int cfg_load_string(const char *text, size_t len, const char *name, cfg_t *out,
                    cfg_errors_t *errs) {
    cfg_errors_t own;
    if (!errs) errs = &own;
    errs->count = 0;
    if (!name) name = "<config>";
    if (len > MAX_FILE_BYTES) {
        add_error(errs, name, 0, "",
                  "larger than %d bytes; a config file is a few kilobytes: check the file name",
                  MAX_FILE_BYTES);
        return errs->count;
    }
    load_t *L = calloc(1, sizeof *L);
    if (!L) {
        add_error(errs, name, 0, "", "out of memory");
        return errs->count;
    }
    L->file = name;
    L->data = text ? text : "";
    L->len = text ? len : 0;
    L->errs = errs;
    ini_parse_stream(read_line, L, on_pair, L);
    if (L->out_of_memory) add_error(errs, name, 0, "", "out of memory");

    /* pass 1: the preset, whose values every other key starts from */
    rules_preset_t preset = PRESET_CARIBBEAN_CLASSIC;
    for (size_t i = 0; i < L->n; i++) {
        const entry_t *e = &L->entries[i];
        if (strcmp(e->section, "game") != 0 || strcmp(e->name, "preset") != 0) continue;
        if (!rules_preset_from_key(e->value, &preset)) {
            bool found = false;
            for (int p = 0; p < PRESET_COUNT && !found; p++)
                if (equal_nocase(e->value, rules_preset_key((rules_preset_t)p)))
                    preset = (rules_preset_t)p, found = true;
            L->preset_bad = !found;
        }
        break;
    }
    const char *broken = apply_defaults(&L->cfg, preset);
    if (broken)
        add_error(errs, name, 0, "internal", "the default of %s does not parse (a bug)", broken);
    L->base = L->cfg;
    L->variant = L->cfg.rules.variant;

    /* pass 2: every key over the preset */
    for (size_t i = 0; i < L->n; i++) apply_entry(L, &L->entries[i]);
    derive(&L->cfg.rules);
    check_rules(L);
    if (errs->count == 0) {
        char msgs[16][RULES_MSG_LEN];
        int n = rules_check(&L->cfg.rules, msgs, 16);
        for (int i = 0; i < n && i < 16; i++)
            add_error(errs, name, 0, "rules", "%s (fix the keys it names)", msgs[i]);
    }
    sort_errors(errs);
    if (errs->count == 0) memcpy(out, &L->cfg, sizeof *out);

    for (size_t i = 0; i < L->n; i++) free(L->entries[i].section);
    free(L->entries);
    free(L);
    return errs->count;
}

int cfg_load_file(const char *path, cfg_t *out, cfg_errors_t *errs) {
    cfg_errors_t own;
    if (!errs) errs = &own;
    errs->count = 0;
    FILE *f = fopen(path, "rb");
    if (!f) {
        add_error(errs, path, 0, "", "cannot open it: %s", strerror(errno));
        return errs->count;
    }
    char *buf = malloc(MAX_FILE_BYTES + 1);
    size_t n = buf ? fread(buf, 1, MAX_FILE_BYTES + 1, f) : 0;
    bool failed = !buf || ferror(f);
    fclose(f);
    if (failed) {
        add_error(errs, path, 0, "", buf ? "cannot read it" : "out of memory");
        free(buf);
        return errs->count;
    }
    int r = cfg_load_string(buf, n, path, out, errs);
    free(buf);
    return r;
}

/* ---- where a file sets its keys ---- */

_Static_assert(NKEYS <= CFG_LINES_MAX, "cfg_lines_t holds a line per key");

bool cfg_lines_string(const char *text, size_t len, cfg_lines_t *out) {
    memset(out, 0, sizeof *out);
    load_t *L = calloc(1, sizeof *L);
    cfg_errors_t *errs = malloc(sizeof *errs); /* the load reported them: not again */
    bool ok = L && errs && len <= MAX_FILE_BYTES;
    if (ok) {
        errs->count = 0;
        L->file = "";
        L->data = text ? text : "";
        L->len = text ? len : 0;
        L->errs = errs;
        ini_parse_stream(read_line, L, on_pair, L);
        ok = !L->out_of_memory;
        for (size_t i = 0; i < L->n; i++) {
            int k = find_key(L->entries[i].section, L->entries[i].name);
            if (k >= 0 && !out->line[k]) out->line[k] = L->entries[i].line;
        }
        for (size_t i = 0; i < L->n; i++) free(L->entries[i].section);
        free(L->entries);
    }
    free(errs);
    free(L);
    return ok;
}

bool cfg_lines_file(const char *path, cfg_lines_t *out) {
    memset(out, 0, sizeof *out);
    FILE *f = fopen(path, "rb");
    if (!f) return false;
    char *buf = malloc(MAX_FILE_BYTES + 1);
    size_t n = buf ? fread(buf, 1, MAX_FILE_BYTES + 1, f) : 0;
    bool ok = buf && !ferror(f) && cfg_lines_string(buf, n, out);
    fclose(f);
    free(buf);
    return ok;
}

int cfg_lines_key(const cfg_lines_t *l, const char *section, const char *name, char *where,
                  size_t n) {
    int k = find_key(section, name);
    if (where && n) where[0] = '\0';
    if (k < 0 || !l->line[k]) return 0;
    if (where) key_where(k, where, n);
    return l->line[k];
}

int cfg_lines_bet(const cfg_lines_t *l, wager_t w, char *where, size_t n) {
    int best = -1;
    for (int k = 0; k < NKEYS; k++) {
        const key_def_t *d = &KEYS[k];
        bool mine;
        if (w == WAGER_ANTE)
            mine = d->group == G_MAIN || d->group == G_MARGIN ||
                   (strcmp(d->section, "asian") == 0 && strcmp(d->name, "commission") == 0);
        else
            mine = (d->group != G_NONE && GROUPS[d->group].wager == (int)w) ||
                   strcmp(d->section, wager_key(w)) == 0 ||
                   (strcmp(d->section, "sidebets") == 0 && strcmp(d->name, wager_key(w)) == 0);
        if (mine && l->line[k] && (best < 0 || l->line[k] > l->line[best])) best = k;
    }
    if (where && n) where[0] = '\0';
    if (best < 0) return 0;
    if (where) key_where(best, where, n);
    return l->line[best];
}

/* ---- writing ---- */

void cfg_write(FILE *f, const cfg_t *c, bool commented, const char *origin) {
    rules_preset_t p = c->rules.preset;
    unsigned vbit = 1u << c->rules.variant;
    if (commented) {
        bool known = p >= 0 && p < PRESET_COUNT;
        fprintf(f, "; studpoker config: preset %s, %s\n", rules_preset_key(p),
                rules_preset_name(p));
        fprintf(f, "; Rules from %s, written up in %s;\n", known ? PRESET_SOURCES[p].seed : "?",
                known ? PRESET_SOURCES[p].sheet : "?");
        fprintf(f, "; ../shared/rules.md settles what the seeds leave open.\n");
        if (origin) fprintf(f, "; Made by `%s`.\n", origin);
        fprintf(f, ";\n"
                   "; A key left out keeps its default; game keys default to the preset's values.\n"
                   "; Money is written in currency units with at most 2 decimals (1.00, 25000),\n"
                   "; shares in percent with at most 2 decimals (45, 31.84), odds as the x of\n"
                   "; \"x to 1\". `studpoker check-config FILE` checks a file, and `studpoker\n"
                   "; config-reference` lists every key.\n");
    }
    bool first = true;
    for (int s = 0; s < NSECTIONS; s++) {
        bool any = false;
        for (int k = 0; k < NKEYS && !any; k++)
            any = strcmp(KEYS[k].section, SECTIONS[s].name) == 0 &&
                  (KEYS[k].def || (KEYS[k].variants & vbit));
        if (!any) continue;
        if (!first || commented) fputc('\n', f);
        first = false;
        if (commented) fprintf(f, "; %s\n", SECTIONS[s].doc);
        fprintf(f, "[%s]\n", SECTIONS[s].name);
        group_t group = G_NONE;
        for (int k = 0; k < NKEYS; k++) {
            const key_def_t *d = &KEYS[k];
            if (strcmp(d->section, SECTIONS[s].name) != 0 || !(d->def || (d->variants & vbit)))
                continue;
            char val[CFG_PATH_LEN + 64];
            format_value(d, c, val, sizeof val);
            if (commented) {
                if (d->group != group && d->group != G_NONE)
                    fprintf(f, "\n; %s\n", GROUPS[d->group].heading);
                group = d->group;
                char allowed[160];
                allowed_text(d, allowed, sizeof allowed);
                if (strlen(d->doc) + strlen(allowed) + 5 <= 100)
                    fprintf(f, "; %s [%s]\n", d->doc, allowed);
                else
                    fprintf(f, "; %s\n; [%s]\n", d->doc, allowed);
            }
            fprintf(f, "%s =%s%s\n", d->name, val[0] ? " " : "", val);
        }
    }
}

void cfg_write_reference(FILE *f) {
    fprintf(f,
            "Generated from the key table by `studpoker config-reference`; the example configs in\n"
            "`config/` come from the same table (`studpoker print-config --preset NAME "
            "--commented`).\n"
            "A config file has `[section]` headers and `key = value` lines; `;` or `#` starts a\n"
            "comment (after a value too, following a space). Names are not case-sensitive. A key\n"
            "left out keeps its default; *preset* means the chosen preset's value, so `[game]\n"
            "preset` is read first. Money is written in currency units with at most 2 decimals\n"
            "(`1.00`, `25000`, `0.25`), shares in percent with at most 2 decimals (`31.84`), odds\n"
            "as the x of \"x to 1\". A key of another game (e.g. `[asian] commission` in a\n"
            "Caribbean config) is an error, and so is anything `studpoker check-config FILE`\n"
            "finds: every error is reported as `FILE:LINE: section.key: what is wrong`.\n");
    cfg_t defaults;
    cfg_defaults(&defaults, PRESET_CARIBBEAN_CLASSIC);
    for (int s = 0; s < NSECTIONS; s++) {
        fprintf(f, "\n### [%s]\n\n%s\n\n", SECTIONS[s].name, SECTIONS[s].doc);
        fprintf(f, "| key | type | default | allowed | games | meaning |\n");
        fprintf(f, "|---|---|---|---|---|---|\n");
        for (int k = 0; k < NKEYS; k++) {
            const key_def_t *d = &KEYS[k];
            if (strcmp(d->section, SECTIONS[s].name) != 0) continue;
            char val[CFG_PATH_LEN + 64], def[CFG_PATH_LEN + 72], allowed[160], games[64];
            if (!d->def)
                snprintf(def, sizeof def, "*preset*");
            else if (!d->def[0])
                snprintf(def, sizeof def, "(empty)");
            else {
                format_value(d, &defaults, val, sizeof val);
                snprintf(def, sizeof def, "`%.*s`", (int)sizeof val - 1, val);
            }
            allowed_text(d, allowed, sizeof allowed);
            games_text(d->variants, games, sizeof games);
            fprintf(f, "| `%s` | %s | %s | %s | %s | %s |\n", d->name, KTYPE_NAMES[d->type], def,
                    allowed, games, d->doc);
        }
    }
}
