/* The key table: every key of a config file, once, with its section, type, range, default, who
 * may set it and a line of documentation. Everything else in src/config reads this table: the
 * loader, the checks, the writers, cfg_set and the error messages. */
#include <string.h>

#include "cfg_internal.h"

const char *const CF_TYPE_NAMES[CF_TYPES] = {"int",    "money", "percent",    "bool", "enum",
                                             "string", "odds",  "money list", "keys"};

const cf_group_def_t CF_GROUPS[CF_G_COUNT] = {
    [CF_G_NONE] = {-1, false, "", ""},
    [CF_G_MAIN] =
        {-1, false, "the main pay table",
         "Main game, x to 1: the PLAY bet (Caribbean), the ante and every raise (Cajun)."},
    [CF_G_BONUS51] = {WAGER_BONUS51, false, "the 5+1 BONUS",
                      "5+1 BONUS, x to 1, on the best five of the player's cards and the dealer's "
                      "up card."},
    [CF_G_JACKPOT] = {WAGER_JACKPOT, false, "the JACKPOT fixed prizes",
                      "JACKPOT fixed prizes, paid for one stake; the royal wins the top prize."},
    [CF_G_PMETER] = {WAGER_PROGRESSIVE, false, "the progressive meter shares",
                     "Progressive: the share of the meter each hand wins."},
    [CF_G_PFIXED] = {WAGER_PROGRESSIVE, false, "the progressive fixed prizes",
                     "Progressive: fixed prizes for one stake, for hands that win no meter share."},
    [CF_G_BOARD] = {WAGER_BOARD, false, "the Board Bonus",
                    "Board Bonus, x to 1, on the three community cards."},
    [CF_G_POCKET] = {WAGER_POCKET, false, "the Pocket Bonus",
                     "Pocket Bonus, x to 1, on the two hole cards."},
    [CF_G_LOBALL] = {WAGER_LOBALL, true, "Lo Ball",
                     "Lo Ball, x to 1, by the highest card of a hand with no pair, straight or "
                     "flush."},
    [CF_G_MARGIN] = {-1, false, "the Asian Stud margin pays",
                     "The margin odds, x to 1 by the points the player wins by, and the bets they "
                     "pay."},
    [CF_G_ABONUS] = {WAGER_ASIAN_BONUS, false, "the bonus wager",
                     "Bonus wager, x to 1, on the five cards as a poker hand (the joker helps)."},
};

#define ODDS_MAX  100000
#define LIMIT_MAX 100000000LL   /* 1,000,000.00 */
#define PRIZE_MAX 10000000000LL /* 100,000,000.00 */
#define STAKE_MAX 1000000LL     /* 10,000.00 */

#define AT(field) offsetof(cfg_t, field)
#define V_CAR     CF_V_CAR
#define V_CAJ     CF_V_CAJ
#define V_ASI     CF_V_ASI
#define V_ALL     CF_V_ALL

static const char *preset_key_of(int i) {
    return rules_preset_key((rules_preset_t)i);
}
static const char *mode_key_of(int i) {
    return cfg_display_mode_key((cfg_display_mode_t)i);
}
static const char *language_key_of(int i) {
    return cfg_language_key((cfg_language_t)i);
}
/* rules_t.asian_odds_on_ante: 0 = the house rule, 1 = the literal reading */
static const char *link_loss_key_of(int i) {
    return cfg_link_loss_key((cfg_link_loss_t)i);
}

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
    PAY("main_" tok, CF_ODDS, rules.main_pays[c], 1, ODDS_MAX, v, CF_G_MAIN, c, what ", x to 1")
#define B51(c, tok, what)                                                                          \
    PAY("bonus51_" tok, CF_ODDS, rules.bonus51_pays[c], 0, ODDS_MAX, V_CAR, CF_G_BONUS51, c,       \
        "5+1 BONUS: " what ", x to 1 (0 = loses)")
#define JACK(c, tok, what)                                                                         \
    PAY("jackpot_" tok, CF_MONEY, rules.jackpot_fixed[c], 0, PRIZE_MAX, V_CAR, CF_G_JACKPOT, c,    \
        "JACKPOT: " what " (0 = loses)")
#define PMET(c, tok, what)                                                                         \
    PAY("progressive_meter_" tok, CF_PERCENT, rules.progressive_meter_bp[c], 0, RULES_BP, V_CAR,   \
        CF_G_PMETER, c, "progressive: meter share for " what)
#define PFIX(c, tok, what)                                                                         \
    PAY("progressive_" tok, CF_MONEY, rules.progressive_fixed[c], 0, PRIZE_MAX, V_CAR,             \
        CF_G_PFIXED, c, "progressive: fixed prize for " what)
#define BOARD(c, tok, what)                                                                        \
    PAY("board_" tok, CF_ODDS, rules.board_pays[c], 0, ODDS_MAX, V_CAJ, CF_G_BOARD, c,             \
        "Board Bonus: " what ", x to 1")
#define POCKET(c, tok, what)                                                                       \
    PAY("pocket_" tok, CF_ODDS, rules.pocket_pays[c], 0, ODDS_MAX, V_CAJ, CF_G_POCKET, c,          \
        "Pocket Bonus: " what ", x to 1")
#define LOBALL(r, tok, what)                                                                       \
    PAY("loball_" tok "_high", CF_ODDS, rules.loball_pays[r], 0, ODDS_MAX, V_CAJ, CF_G_LOBALL, r,  \
        "Lo Ball: " what " high, x to 1 (0 = loses)")
#define MARGIN(m, what)                                                                            \
    PAY("asian_margin_" #m, CF_ODDS, rules.asian_margin_pays[m], 1, 1000, V_ASI, CF_G_MARGIN, m,   \
        "a win by " what ", x to 1")
#define ABON(c, tok, what)                                                                         \
    PAY("asian_bonus_" tok, CF_ODDS, rules.asian_bonus_pays[c], 0, ODDS_MAX, V_ASI, CF_G_ABONUS,   \
        c, "bonus wager: " what ", x to 1")
/* A button's keys: B is the button's CFG_BUTTON_ suffix, which is also its name as shown. */
#define KEY(B, nm, dflt, d)                                                                        \
    {                                                                                              \
        .section = "keys", .name = nm, .type = CF_KEY_LIST, .offset = AT(keys[CFG_BUTTON_##B]),    \
        .max = CFG_KEYS_PER_BUTTON, .def = dflt, .idx = CFG_BUTTON_##B, .label = #B, .doc = d      \
    }
/* An operator setting: a file sets it, the operator menu may change it. */
#define OPSET(sec, nm, ty, field, lo, hi, dflt, d)                                                 \
    {                                                                                              \
        .section = sec, .name = nm, .type = ty, .offset = AT(field), .min = lo, .max = hi,         \
        .def = dflt, .who = CF_FILE_OPERATOR, .doc = d                                             \
    }
/* Set by the operator menu only (the touch calibration). */
#define OPONLY(sec, nm, field, lo, hi, d)                                                          \
    {                                                                                              \
        .section = sec, .name = nm, .type = CF_INT, .offset = AT(field), .min = lo, .max = hi,     \
        .def = "0", .who = CF_OPERATOR_ONLY, .doc = d                                              \
    }

const cf_section_t CF_SECTIONS[] = {
    {"game", "The game. Every game key below defaults to the preset's value."},
    {"money", "How amounts are shown: the language on screen places the symbol and separators."},
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
    {"responsible",
     "Responsible gaming: the reality check, the session's time and loss limits, the break after "
     "a limit, who sets them (the player at a desktop, the operator on a cabinet) and where "
     "a player finds help."},
    {"cabinet", "The machine itself."},
    {"scanner", "The ticket scanner: a barcode scanner that types what it reads (keyboard "
                "wedge)."},
    {"link", "The linked progressive: the JACKPOT (or progressive) pool shared with other "
             "machines through a controller on PostgreSQL. No url: the pool is this machine's "
             "own."},
    {"table", "A shared table: this machine as a terminal where any number of players play one "
              "dealer (studpoker table-host). With url and terminal and no join it starts in the "
              "LOBBY (up to four tables in one window); without them it deals its own rounds."},
    {"touch", "The touch screen's calibration: set by the operator menu, not in a file."},
    {"keys",
     "Up to 3 keyboard keys per button, by SDL key name (Space, Return, F2, A, Keypad Enter)."},
};
const int CF_NSECTIONS = (int)(sizeof CF_SECTIONS / sizeof CF_SECTIONS[0]);

const cf_key_t CF_KEYS[] = {
    {.section = "game",
     .name = "preset",
     .type = CF_ENUM,
     .offset = AT(rules.preset),
     .variants = V_ALL,
     .enum_count = PRESET_COUNT,
     .enum_name = preset_key_of,
     .doc = "the game; every game key defaults to this preset's value"},
    GAME("game", "seats", CF_INT, rules.seats, 1, RULES_MAX_SEATS, V_ALL,
         "seats dealt against one dealer (a cabinet seats one player)"),

    {.section = "money",
     .name = "currency",
     .type = CF_STRING,
     .offset = AT(rules.currency),
     .size = sizeof(((cfg_t *)0)->rules.currency),
     .min = 3,
     .max = 3,
     .variants = V_ALL,
     .charset = CF_LETTERS,
     .doc = "currency of every amount: EUR, USD, GBP, CNY, HKD, MOP, ... ([game] currency before)"},

    GAME("limits", "ante_min", CF_MONEY, rules.bet_min[WAGER_ANTE], 1, LIMIT_MAX, V_ALL,
         "smallest ante (PLAY is 2x, Asian raise 1x, Cajun raises 1x to 3x the ante)"),
    GAME("limits", "ante_max", CF_MONEY, rules.bet_max[WAGER_ANTE], 1, LIMIT_MAX, V_ALL,
         "largest ante"),
    GAME("limits", "bonus51_min", CF_MONEY, rules.bet_min[WAGER_BONUS51], 1, LIMIT_MAX, V_CAR,
         "smallest 5+1 BONUS bet"),
    GAME("limits", "bonus51_max", CF_MONEY, rules.bet_max[WAGER_BONUS51], 1, LIMIT_MAX, V_CAR,
         "largest 5+1 BONUS bet"),
    GAME("limits", "board_min", CF_MONEY, rules.bet_min[WAGER_BOARD], 1, LIMIT_MAX, V_CAJ,
         "smallest Board Bonus bet"),
    GAME("limits", "board_max", CF_MONEY, rules.bet_max[WAGER_BOARD], 1, LIMIT_MAX, V_CAJ,
         "largest Board Bonus bet"),
    GAME("limits", "pocket_min", CF_MONEY, rules.bet_min[WAGER_POCKET], 1, LIMIT_MAX, V_CAJ,
         "smallest Pocket Bonus bet"),
    GAME("limits", "pocket_max", CF_MONEY, rules.bet_max[WAGER_POCKET], 1, LIMIT_MAX, V_CAJ,
         "largest Pocket Bonus bet"),
    GAME("limits", "loball_min", CF_MONEY, rules.bet_min[WAGER_LOBALL], 1, LIMIT_MAX, V_CAJ,
         "smallest Lo Ball bet"),
    GAME("limits", "loball_max", CF_MONEY, rules.bet_max[WAGER_LOBALL], 1, LIMIT_MAX, V_CAJ,
         "largest Lo Ball bet"),
    GAME("limits", "asian_bonus_min", CF_MONEY, rules.bet_min[WAGER_ASIAN_BONUS], 1, LIMIT_MAX,
         V_ASI, "smallest bonus wager"),
    GAME("limits", "asian_bonus_max", CF_MONEY, rules.bet_max[WAGER_ASIAN_BONUS], 1, LIMIT_MAX,
         V_ASI, "largest bonus wager"),
    GAME("limits", "max_payout", CF_MONEY, rules.max_payout, 0, PRIZE_MAX, V_CAR,
         "most paid on one ante or PLAY win, the excess is not paid; 0 = no cap"),
    GAME("limits", "aggregate_limit", CF_MONEY, rules.aggregate_limit, 0, PRIZE_MAX, V_CAJ,
         "most paid per round, all seats, on main wins above aggregate_odds; 0 = none"),
    GAME("limits", "aggregate_odds", CF_ODDS, rules.aggregate_odds, 0, ODDS_MAX, V_CAJ,
         "main-game wins paid above this many to 1 count towards the aggregate limit"),

    GAME("sidebets", "bonus51", CF_BOOL, rules.offered[WAGER_BONUS51], 0, 1, V_CAR,
         "5+1 BONUS: the player's five cards and the dealer's up card"),
    GAME("sidebets", "jackpot", CF_BOOL, rules.offered[WAGER_JACKPOT], 0, 1, V_CAR,
         "JACKPOT bet, live style (not together with progressive)"),
    GAME("sidebets", "progressive", CF_BOOL, rules.offered[WAGER_PROGRESSIVE], 0, 1, V_CAR,
         "US progressive (not together with jackpot)"),
    GAME("sidebets", "board", CF_BOOL, rules.offered[WAGER_BOARD], 0, 1, V_CAJ,
         "Board Bonus on the three community cards"),
    GAME("sidebets", "pocket", CF_BOOL, rules.offered[WAGER_POCKET], 0, 1, V_CAJ,
         "Pocket Bonus on the two hole cards"),
    GAME("sidebets", "loball", CF_BOOL, rules.offered[WAGER_LOBALL], 0, 1, V_CAJ,
         "Lo Ball: no pair, straight or flush, jack high or lower"),
    GAME("sidebets", "asian_bonus", CF_BOOL, rules.offered[WAGER_ASIAN_BONUS], 0, 1, V_ASI,
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
     .type = CF_ENUM,
     .offset = AT(rules.asian_odds_on_ante),
     .variants = V_ASI,
     .enum_count = 2,
     .enum_name = asian_odds_on_key_of,
     .group = CF_G_MARGIN,
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

    GAME("jackpot", "stake", CF_MONEY, rules.jackpot_stake, 1, STAKE_MAX, V_CAR,
         "the fixed JACKPOT stake; the fixed prizes are for this stake"),
    GAME("jackpot", "top_share", CF_PERCENT, rules.jackpot_top_bp, 0, RULES_BP, V_CAR,
         "share of each stake added to the top prize"),
    GAME("jackpot", "reserve_share", CF_PERCENT, rules.jackpot_reserve_bp, 0, RULES_BP, V_CAR,
         "share of each stake to the reserve that seeds the next top prize"),
    GAME("jackpot", "fixed_share", CF_PERCENT, rules.jackpot_fixed_bp, 0, RULES_BP, V_CAR,
         "share of each stake that pays the fixed prizes (their expected cost)"),
    GAME("jackpot", "seed", CF_MONEY, rules.jackpot_seed, 1, PRIZE_MAX, V_CAR,
         "the top prize after a hit is at least this"),

    GAME("progressive", "stake", CF_MONEY, rules.progressive_stake, 1, STAKE_MAX, V_CAR,
         "the fixed progressive stake; the fixed prizes are for this stake"),
    GAME("progressive", "increment_share", CF_PERCENT, rules.progressive_increment_bp, 0, RULES_BP,
         V_CAR, "share of each stake added to the meter"),
    GAME("progressive", "reset", CF_MONEY, rules.progressive_reset, 1, PRIZE_MAX, V_CAR,
         "meter value after the royal is hit"),

    GAME("asian", "commission", CF_PERCENT, rules.asian_commission_bp, 0, RULES_BP - 1, V_ASI,
         "commission on the player's net win of the round, rounded down to the cent"),

    GAME("timers", "betting_seconds", CF_INT, rules.betting_seconds, 0, 600, V_ALL,
         "seconds to place bets; 0 = no timer"),
    GAME("timers", "decision_seconds", CF_INT, rules.decision_seconds, 0, 600, V_ALL,
         "seconds to decide before the hand folds by itself; 0 = no timer"),

    SET("approval", "min_payback", CF_PERCENT, approval.min_payback_bp, 0, RULES_BP, "75",
        "lowest exact return a bet may have; a kiosk outside the range does not start"),
    SET("approval", "max_payback", CF_PERCENT, approval.max_payback_bp, 0, 2 * RULES_BP, "99.99",
        "highest exact return a bet may have; a desktop game outside the range warns and plays"),
    GAME("approval", "handpay_threshold", CF_MONEY, rules.handpay_threshold, 0, PRIZE_MAX, V_ALL,
         "a seat's win in one round at or above this calls an attendant; 0 = never"),
    GAME("approval", "tax_threshold", CF_MONEY, rules.tax_threshold, 0, PRIZE_MAX, V_ALL,
         "side-bet wins above this are flagged for a tax form..."),
    GAME("approval", "tax_multiple", CF_INT, rules.tax_multiple, 0, 1000000, V_ALL,
         "...when they are also at least this many times their stake"),

    {.section = "display",
     .name = "mode",
     .type = CF_ENUM,
     .offset = AT(display.mode),
     .def = "windowed",
     .enum_count = CFG_DISPLAY_MODES,
     .enum_name = mode_key_of,
     .doc = "kiosk is fullscreen and locked down, for a cabinet"},
    SET("display", "width", CF_INT, display.width, 320, 16384, "1280",
        "window width in pixels (fullscreen and kiosk use the screen's size)"),
    SET("display", "height", CF_INT, display.height, 240, 16384, "720", "window height in pixels"),
    SET("display", "index", CF_INT, display.index, 0, 15, "0", "which monitor, 0 = the first"),
    SET("display", "vsync", CF_BOOL, display.vsync, 0, 1, "on",
        "wait for the screen's refresh (no tearing)"),
    SET("display", "turbo", CF_BOOL, display.turbo, 0, 1, "off",
        "deal and animate fast (demos and testing)"),
    {.section = "display",
     .name = "language",
     .type = CF_ENUM,
     .offset = AT(display.language),
     .def = "en",
     .enum_count = CFG_LANGUAGES,
     .enum_name = language_key_of,
     .doc =
         "the operator's language; a player's choice at the table lasts to a cabinet's cash-out"},

    OPSET("sound", "volume", CF_INT, sound.volume, 0, 100, "80", "volume in percent"),
    SET("sound", "mute", CF_BOOL, sound.mute, 0, 1, "off", "no sound at all"),
    OPSET("sound", "voice", CF_BOOL, sound.voice, 0, 1, "on", "the dealer's voice lines"),

    OPSET("attract", "enabled", CF_BOOL, attract.enabled, 0, 1, "on",
          "play the demo when nobody plays"),
    OPSET("attract", "idle_seconds", CF_INT, attract.idle_seconds, 5, 3600, "60",
          "seconds without credits or buttons before the demo starts"),

    OPSET("hint", "show", CF_BOOL, hint.show, 0, 1, "off",
          "name the best decision for the hand on the table (Suggested: PLAY)"),

    OPSET("responsible", "reality_check_minutes", CF_INT, responsible.reality_check_minutes, 0, 240,
          "60", "minutes of a session between reality checks (time played, result); 0 = none"),
    OPSET("responsible", "session_minutes", CF_INT, responsible.session_minutes, 0, 1440, "0",
          "session time limit in minutes: betting stops when it is reached; 0 = none"),
    OPSET("responsible", "loss_limit", CF_MONEY, responsible.loss_limit, 0, LIMIT_MAX, "0.00",
          "most a session may lose: a bet that could lose more is refused; 0 = none"),
    OPSET("responsible", "cool_off_minutes", CF_INT, responsible.cool_off_minutes, 1, 10080, "30",
          "the break after a limit is reached before a new session (a desktop closed as long)"),
    SET("responsible", "loosen_delay_hours", CF_INT, responsible.loosen_delay_hours, 0, 168, "24",
        "hours before a limit the player raises or removes applies (a lower one: at once)"),
    SET("responsible", "player_limits", CF_BOOL, responsible.player_limits, 0, 1, "on",
        "the player sets limits and takes breaks (a desktop); a kiosk's operator sets them"),
    {.section = "responsible",
     .name = "help_contact",
     .type = CF_STRING,
     .offset = AT(responsible.help_contact),
     .size = CFG_PATH_LEN,
     .min = 0,
     .max = 180,
     .def = "",
     .charset = CF_TEXT,
     .doc = "where a player finds help with gambling (a phone line, a website); empty: the staff"},

    {.section = "cabinet",
     .name = "machine_id",
     .type = CF_STRING,
     .offset = AT(cabinet.machine_id),
     .size = CFG_MACHINE_ID_LEN,
     .min = 1,
     .max = CFG_MACHINE_ID_LEN - 1,
     .def = "STUD-01",
     .charset = CF_ID,
     .doc = "this machine's name in meters, journals and reports"},
    {.section = "cabinet",
     .name = "operator_pin",
     .type = CF_STRING,
     .offset = AT(cabinet.operator_pin),
     .size = CFG_PIN_LEN,
     .min = 4,
     .max = CFG_PIN_LEN - 1,
     .def = "1234",
     .charset = CF_DIGITS,
     .doc = "PIN of the operator menu (change it)"},
    SET("cabinet", "free_credits", CF_MONEY, cabinet.free_credits, 0, LIMIT_MAX, "1000.00",
        "credits at start in desktop mode (no coins there)"),
    SET("cabinet", "coin_value", CF_MONEY, cabinet.coin_value, 1, STAKE_MAX, "1.00",
        "credit for one coin"),
    SET("cabinet", "bill_values", CF_MONEY_LIST, cabinet.bill_values, 1, LIMIT_MAX,
        "5.00, 10.00, 20.00, 50.00, 100.00", "notes the bill acceptor takes; empty = none"),
    {.section = "cabinet",
     .name = "store_path",
     .type = CF_STRING,
     .offset = AT(cabinet.store_path),
     .size = CFG_PATH_LEN,
     .min = 0,
     .max = 180, /* inih reads lines of up to 200 bytes */
     .def = "",
     .charset = CF_ANY,
     .doc = "folder of the machine's database; empty = the default data folder"},
    {.section = "cabinet",
     .name = "voucher_path",
     .type = CF_STRING,
     .offset = AT(cabinet.voucher_path),
     .size = CFG_PATH_LEN,
     .min = 0,
     .max = 180,
     .def = "",
     .charset = CF_ANY,
     .doc = "folder the cash-out tickets are printed to (text and PNG); empty = vouchers/ "
            "beside the database"},
    {.section = "cabinet",
     .name = "key_path",
     .type = CF_STRING,
     .offset = AT(cabinet.key_path),
     .size = CFG_PATH_LEN,
     .min = 0,
     .max = 180,
     .def = "",
     .charset = CF_FILE,
     .doc = "secret key the records are signed with (mode 600); empty = machine.key beside the DB"},
    {.section = "cabinet",
     .name = "anchor_path",
     .type = CF_STRING,
     .offset = AT(cabinet.anchor_path),
     .size = CFG_PATH_LEN,
     .min = 0,
     .max = 180,
     .def = "",
     .charset = CF_FILE,
     .doc =
         "file that holds the database's newest commit, best on another disk; empty = DB.anchor"},
    SET("cabinet", "stall_seconds", CF_INT, cabinet.stall_seconds, 2, 600, "10",
        "the watchdog: no frame for this long is logged as a stall (systemd restarts us)"),
    {.section = "cabinet",
     .name = "printer",
     .type = CF_STRING,
     .offset = AT(cabinet.printer),
     .size = CFG_MACHINE_ID_LEN,
     .min = 0,
     .max = CFG_MACHINE_ID_LEN - 1,
     .def = "",
     .charset = CF_ID,
     .doc =
         "the ticket printer's CUPS queue, sent each ticket's PNG; empty = the ticket files only"},
    SET("cabinet", "ticket_expiry_days", CF_INT, cabinet.ticket_expiry_days, 0, 3650, "0",
        "a ticket printed longer ago than this is refused (the cashier pays it); 0 = never"),

    SET("scanner", "enabled", CF_BOOL, scanner.enabled, 0, 1, "on",
        "a barcode scanner typing 18 digits and Enter (keyboard wedge) takes tickets"),
    SET("scanner", "gap_ms", CF_INT, scanner.gap_ms, 5, 200, "40",
        "the most milliseconds between two keys of a scan; slower keys are a person's"),

    {.section = "link",
     .name = "url",
     .type = CF_STRING,
     .offset = AT(link.url),
     .size = CFG_PATH_LEN,
     .min = 0,
     .max = 180,
     .def = "",
     .charset = CF_TEXT,
     .doc = "the controller: a libpq connection string (host=H dbname=link user=m1); empty: no "
            "link"},
#define LINK_NAME(nm, field, d)                                                                    \
    {                                                                                              \
        .section = "link", .name = nm, .type = CF_STRING, .offset = AT(field),                     \
        .size = CFG_LINK_NAME_LEN, .min = 0, .max = CFG_LINK_NAME_LEN - 1, .def = "",              \
        .charset = CF_NAME, .doc = d                                                               \
    }
    LINK_NAME("pool", link.pool, "the linked pool's name at the controller"),
    LINK_NAME("site", link.site, "this casino's name at the controller"),
    LINK_NAME("machine", link.machine,
              "this machine's name at the controller, which is also its login"),
#undef LINK_NAME
    {.section = "link",
     .name = "on_loss",
     .type = CF_ENUM,
     .offset = AT(link.on_loss),
     .def = "lock",
     .enum_count = CFG_LINK_LOSSES,
     .enum_name = link_loss_key_of,
     .doc = "controller not answering: lock (no new game, cash-out works) or bet_off (no "
            "linked bet)"},

    {.section = "table",
     .name = "url",
     .type = CF_STRING,
     .offset = AT(table.url),
     .size = CFG_PATH_LEN,
     .min = 0,
     .max = 180,
     .def = "",
     .charset = CF_TEXT,
     .doc = "the controller as this terminal: a libpq connection string (host=H user=t1)"},
    {.section = "table",
     .name = "terminal",
     .type = CF_STRING,
     .offset = AT(table.terminal),
     .size = CFG_LINK_NAME_LEN,
     .min = 0,
     .max = CFG_LINK_NAME_LEN - 1,
     .def = "",
     .charset = CF_NAME,
     .doc = "this terminal's name at the controller, which is also its login"},
    {.section = "table",
     .name = "join",
     .type = CF_STRING,
     .offset = AT(table.join),
     .size = CFG_LINK_NAME_LEN,
     .min = 0,
     .max = CFG_LINK_NAME_LEN - 1,
     .def = "",
     .charset = CF_NAME,
     .doc = "the table to sit at (play --join NAME); empty: none"},

    OPONLY("touch", "dx", touch.dx, -1920, 1920,
           "taken off a touch's x, in 1920 x 1080 table units (the calibration sets it)"),
    OPONLY("touch", "dy", touch.dy, -1080, 1080,
           "taken off a touch's y, in 1920 x 1080 table units (the calibration sets it)"),

    KEY(DEAL, "deal", "Return, Keypad Enter, D", "DEAL: deal the cards"),
    KEY(PLAY, "play", "P", "PLAY: make the PLAY bet (Asian Stud: raise)"),
    KEY(FOLD, "fold", "F", "FOLD"),
    KEY(RAISE1, "raise1", "Z", "RAISE 1x (Cajun Stud)"),
    KEY(RAISE2, "raise2", "X", "RAISE 2x (Cajun Stud)"),
    KEY(RAISE3, "raise3", "C", "RAISE 3x (Cajun Stud)"),
    KEY(BET, "bet", "B", "BET: the chosen chip on the lit spot"),
    KEY(REPEAT, "repeat", "Space", "REPEAT last round's bets (again: double them)"),
    KEY(DOUBLE, "double", "V", "DOUBLE every bet"),
    KEY(UNDO, "undo", "Delete, Backspace",
        "UNDO the last chip (Ctrl+Z too; held for a second: CLEAR)"),
    KEY(CLEAR, "clear", "Home", "CLEAR every bet"),
    KEY(CHIP1, "chip1", "1", "choose the first chip"),
    KEY(CHIP2, "chip2", "2", "choose the second chip"),
    KEY(CHIP3, "chip3", "3", "choose the third chip"),
    KEY(CHIP4, "chip4", "4", "choose the fourth chip"),
    KEY(CHIP5, "chip5", "5", "choose the fifth chip"),
    KEY(CHIP6, "chip6", "6", "choose the sixth chip"),
    KEY(NEXT_SPOT, "next_spot", "Right, Tab", "light the next betting spot"),
    KEY(PREV_SPOT, "prev_spot", "Left", "light the previous betting spot"),
    KEY(CASHOUT, "cashout", "End", "CASH OUT the credits"),
    KEY(COIN, "coin", "Insert", "a coin is inserted"),
    KEY(BILL, "bill", "7", "a note is inserted"),
    KEY(SERVICE, "service", "9", "SERVICE: the operator menu (asks the PIN: digit keys type it)"),
    KEY(ATTENDANT, "attendant", "F2", "the attendant's key (clears a hand pay)"),
    KEY(DOOR, "door", "F3", "the cabinet door switch"),
    KEY(HELP, "help", "H, F1", "HELP: hand rankings, pay tables and rules"),
    KEY(HISTORY, "history", "Y", "HISTORY: the last rounds"),
    KEY(RESPONSIBLE, "responsible", "L",
        "RESPONSIBLE GAMING: the session, its limits, a break and where to find help"),
    KEY(SETTINGS, "settings", "S",
        "SETTINGS (a desktop game): the player's own volume, voice and hint; the figures since "
        "the start"),
    KEY(BACK, "back", "Escape", "close help, history or the operator menu"),
    KEY(FULLSCREEN, "fullscreen", "F11", "fullscreen or window (not a kiosk)"),
    KEY(SCREENSHOT, "screenshot", "F12", "save a screenshot"),
    KEY(MUTE, "mute", "M", "sound off or on"),
    KEY(TURBO, "turbo", "T", "deal and animate fast, or not"),
    KEY(QUIT, "quit", "", "quit (not a kiosk); Ctrl+Q quits too"),
    KEY(LOBBY, "lobby", "O", "LOBBY: a terminal's tables, to join one or one more (Esc: back)"),
    KEY(NEXT_TABLE, "next_table", "F6",
        "several tables in one window: the keyboard plays the next one (a click: that one)"),
};
const int CF_NKEYS = (int)(sizeof CF_KEYS / sizeof CF_KEYS[0]);
_Static_assert(sizeof CF_KEYS / sizeof CF_KEYS[0] <= CFG_LINES_MAX,
               "cfg_lines_t holds a line per key");

_Static_assert(sizeof(int) == sizeof(int32_t), "int keys are stored as int32_t");
_Static_assert(sizeof(rules_preset_t) == sizeof(int32_t), "enum keys are stored as int32_t");
_Static_assert(sizeof(cfg_display_mode_t) == sizeof(int32_t), "enum keys are stored as int32_t");

const char *const CF_VARIANT_NAMES[VARIANT_COUNT] = {"Caribbean Stud", "Cajun Stud", "Asian Stud"};

const cf_preset_source_t CF_PRESET_SOURCES[PRESET_COUNT] = {
    {"seeds 000 and 002 (Caribbean Stud)", "seeds/caribbean-stud.md"},
    {"seed 001 (live-dealer Caribbean Stud)", "seeds/caribbean-stud.md"},
    {"seed 002 (US casino rules, the $1 progressive)", "seeds/caribbean-stud.md"},
    {"seed 002 (UK Casino Stud Poker)", "seeds/caribbean-stud.md"},
    {"seed 003 (Cajun Stud)", "seeds/cajun-stud.md"},
    {"seed 004 (Asian Stud)", "seeds/asian-stud.md"},
};

/* ---- lookups ---- */

const char *cfg_language_key(cfg_language_t l) {
    static const char *const keys[CFG_LANGUAGES] = {"en", "zh_CN", "zh_TW", "es"};
    return l >= 0 && l < CFG_LANGUAGES ? keys[l] : "?";
}

const char *cfg_display_mode_key(cfg_display_mode_t m) {
    static const char *const keys[CFG_DISPLAY_MODES] = {"windowed", "fullscreen", "kiosk"};
    return m >= 0 && m < CFG_DISPLAY_MODES ? keys[m] : "?";
}

const char *cfg_link_loss_key(cfg_link_loss_t l) {
    static const char *const keys[CFG_LINK_LOSSES] = {"lock", "bet_off"};
    return l >= 0 && l < CFG_LINK_LOSSES ? keys[l] : "?";
}

int cf_find_section(const char *name) {
    for (int s = 0; s < CF_NSECTIONS; s++)
        if (strcmp(CF_SECTIONS[s].name, name) == 0) return s;
    return -1;
}

int cf_find_key(const char *section, const char *name) {
    /* the currency was a [game] key before [money] existed: old files keep working */
    if (strcmp(section, "game") == 0 && strcmp(name, "currency") == 0) section = "money";
    for (int k = 0; k < CF_NKEYS; k++)
        if (strcmp(CF_KEYS[k].section, section) == 0 && strcmp(CF_KEYS[k].name, name) == 0)
            return k;
    return -1;
}

int cfg_key_find(const char *section, const char *name) {
    return section && name ? cf_find_key(section, name) : -1;
}

int cf_button_key_index(cfg_button_t b) {
    for (int k = 0; k < CF_NKEYS; k++)
        if (CF_KEYS[k].type == CF_KEY_LIST && CF_KEYS[k].idx == (int)b) return k;
    return -1;
}

bool cf_in_file(const cf_key_t *k) {
    return k->who != CF_OPERATOR_ONLY;
}

void cf_key_where(int k, char *buf, size_t n) {
    snprintf(buf, n, "%s.%s", CF_KEYS[k].section, CF_KEYS[k].name);
}

/* A section a file may write: one with a key a file sets. */
static bool section_in_file(int s) {
    for (int k = 0; k < CF_NKEYS; k++)
        if (strcmp(CF_KEYS[k].section, CF_SECTIONS[s].name) == 0 && cf_in_file(&CF_KEYS[k]))
            return true;
    return false;
}

void cf_section_list(char *buf, size_t n) {
    buf[0] = '\0';
    for (int s = 0; s < CF_NSECTIONS; s++)
        if (section_in_file(s)) cf_append(buf, n, "%s%s", buf[0] ? ", " : "", CF_SECTIONS[s].name);
}

void cf_games_names(unsigned variants, char *buf, size_t n) {
    buf[0] = '\0';
    for (int v = 0; v < VARIANT_COUNT; v++)
        if (variants & (1u << v))
            cf_append(buf, n, "%s%s", buf[0] ? " and " : "", CF_VARIANT_NAMES[v]);
}

const char *cfg_button_key(cfg_button_t b) {
    int k = cf_button_key_index(b);
    return k >= 0 ? CF_KEYS[k].name : "?";
}

const char *cfg_button_name(cfg_button_t b) {
    int k = cf_button_key_index(b);
    return k >= 0 ? CF_KEYS[k].label : "?";
}

bool cfg_button_from_key(const char *name, cfg_button_t *out) {
    for (int k = 0; name && k < CF_NKEYS; k++)
        if (CF_KEYS[k].type == CF_KEY_LIST && cf_equal_nocase(name, CF_KEYS[k].name)) {
            *out = (cfg_button_t)CF_KEYS[k].idx;
            return true;
        }
    return false;
}

int cfg_key_count(void) {
    return CF_NKEYS;
}

bool cfg_key_at(int i, cfg_key_info_t *out) {
    if (i < 0 || i >= CF_NKEYS) return false;
    const cf_key_t *k = &CF_KEYS[i];
    out->section = k->section;
    out->name = k->name;
    out->type = CF_TYPE_NAMES[k->type];
    out->doc = k->doc;
    out->game = k->def == NULL;
    out->variants = k->variants;
    out->in_file = cf_in_file(k);
    out->operator_may_change = k->who != CF_FILE_ONLY;
    out->min = k->min;
    out->max = k->max;
    return true;
}
