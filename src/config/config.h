/* config: the INI file -> one typed, validated cfg_t.
 *
 * A config file chooses the game (a preset from rules.h), overrides single values of it (limits,
 * pay table lines, side bets, jackpot funding, timers, approval thresholds) and sets the
 * machine's own settings (display, sound, attract mode, cabinet, keys). Every key is declared
 * once, in one table in config.c, with its section, type, range, default and a line of
 * documentation; the example configs (print-config) and the README's reference
 * (config-reference) are generated from that table. Game keys default to the preset's values,
 * so a file is read in two passes: [game] preset first, then every other key over it.
 *
 * A file with any error never yields a cfg_t: loading reports every error found, one line each,
 * as `FILE:LINE: section.key: what is wrong, and what to write instead`, and leaves *out
 * untouched. Money is read as currency units with at most two decimals into integer cents, and
 * shares as percent with at most two decimals into basis points, without floating point. The
 * module keeps no state between calls. */
#ifndef STUDPOKER_CONFIG_H
#define STUDPOKER_CONFIG_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "rules.h"

typedef enum cfg_display_mode {
    CFG_DISPLAY_WINDOWED = 0,
    CFG_DISPLAY_FULLSCREEN,
    CFG_DISPLAY_KIOSK, /* fullscreen, locked down: no way out but the operator menu */
    CFG_DISPLAY_MODES
} cfg_display_mode_t;

/* The logical buttons of the machine (design.md, "How a round flows"); [keys] gives each one a
 * keyboard key. */
typedef enum cfg_button {
    CFG_BUTTON_DEAL = 0,
    CFG_BUTTON_PLAY,
    CFG_BUTTON_FOLD,
    CFG_BUTTON_RAISE1,
    CFG_BUTTON_RAISE2,
    CFG_BUTTON_RAISE3,
    CFG_BUTTON_BET,
    CFG_BUTTON_REPEAT,
    CFG_BUTTON_DOUBLE,
    CFG_BUTTON_UNDO,
    CFG_BUTTON_CLEAR,
    CFG_BUTTON_CASHOUT,
    CFG_BUTTON_COIN,
    CFG_BUTTON_BILL,
    CFG_BUTTON_SERVICE,
    CFG_BUTTON_ATTENDANT,
    CFG_BUTTON_DOOR,
    CFG_BUTTON_CHIP1,
    CFG_BUTTON_CHIP2,
    CFG_BUTTON_CHIP3,
    CFG_BUTTON_CHIP4,
    CFG_BUTTON_CHIP5,
    CFG_BUTTON_CHIP6,
    CFG_BUTTONS
} cfg_button_t;

#define CFG_MAX_BILLS      8
#define CFG_KEY_NAME_LEN   32 /* a key name, e.g. "Space", "F2", "Keypad Enter" */
#define CFG_MACHINE_ID_LEN 33
#define CFG_PIN_LEN        9
#define CFG_PATH_LEN       256

typedef struct cfg_money_list {
    int count;
    int64_t value[CFG_MAX_BILLS]; /* minor units, ascending */
} cfg_money_list_t;

typedef struct cfg {
    rules_t rules; /* the game: what the round engine reads */

    struct cfg_display {
        cfg_display_mode_t mode;
        int width, height; /* window size in pixels */
        int index;         /* which monitor, 0 = the first */
        bool vsync;
        bool turbo; /* deal and animate fast */
    } display;

    struct cfg_sound {
        int volume; /* 0..100 */
        bool mute;
        bool voice; /* dealer voice lines */
    } sound;

    struct cfg_attract {
        bool enabled;
        int idle_seconds;
    } attract;

    struct cfg_cabinet {
        char machine_id[CFG_MACHINE_ID_LEN];
        char operator_pin[CFG_PIN_LEN]; /* 4 to 8 digits */
        int64_t free_credits;           /* desktop mode: credits at start, minor units */
        int64_t coin_value;
        cfg_money_list_t bill_values;
        char store_path[CFG_PATH_LEN];   /* "" = the default data folder */
        char voucher_path[CFG_PATH_LEN]; /* "" = "vouchers" beside the database */
        char key_path[CFG_PATH_LEN];     /* "" = machine.key beside the database */
        char anchor_path[CFG_PATH_LEN];  /* "" = the database's path with .anchor */
        int stall_seconds;               /* the watchdog: no frame for this long is a stall */
    } cabinet;

    struct cfg_hint {
        bool show; /* show the best decision */
    } hint;

    /* The return range the machine is approved for, per bet, in basis points (every offered
     * bet's exact par-sheet return must lie within; src/math/approval.h). */
    struct cfg_approval {
        int32_t min_payback_bp, max_payback_bp;
    } approval;

    char keys[CFG_BUTTONS][CFG_KEY_NAME_LEN]; /* key names, checked against SDL by the app */
} cfg_t;

/* Errors are kept in the order of their lines; count is every error found, list holds the
 * first CFG_ERRORS_MAX of them. Each text is the whole line a person sees. */
#define CFG_ERRORS_MAX 100
#define CFG_ERROR_LEN  400

typedef struct cfg_error {
    int line; /* 0 = about the file as a whole */
    char text[CFG_ERROR_LEN];
} cfg_error_t;

typedef struct cfg_errors {
    int count;
    cfg_error_t list[CFG_ERRORS_MAX];
} cfg_errors_t;

/* The settings a config of this preset starts from: rules_preset() for the game, plus the pay
 * tables and limits of side bets the preset leaves off (taken from the preset that offers them,
 * so that switching one on in [sidebets] is enough), and the table's defaults for the rest. */
void cfg_defaults(cfg_t *c, rules_preset_t preset);

/* Reads a config. name is used in messages (a file name, or "<test>"). Returns the number of
 * errors (0 = *out is filled in; otherwise *out is untouched and errs says why). errs may be
 * NULL. Text may hold any bytes; a NUL byte is an error. */
int cfg_load_string(const char *text, size_t len, const char *name, cfg_t *out, cfg_errors_t *errs);
int cfg_load_file(const char *path, cfg_t *out, cfg_errors_t *errs);

/* Every stored error, one line each, then a line for any errors that did not fit. */
void cfg_errors_print(const cfg_errors_t *errs, FILE *f);

/* Writes the effective values as a valid INI file: every key that applies to the game, in
 * table order. commented adds a header naming the preset's seed documents and each key's doc
 * line; origin (may be NULL) is the command that made the file, named in the header. */
void cfg_write(FILE *f, const cfg_t *c, bool commented, const char *origin);

/* Writes the Markdown reference of every key (the README's "Config reference"). */
void cfg_write_reference(FILE *f);

/* The key table, read-only, for tests and menus. */
typedef struct cfg_key_info {
    const char *section, *name;
    const char *type; /* "int", "money", "percent", "bool", "enum", "string", "odds", ... */
    const char *doc;
    bool game;         /* defaults from the preset, and may apply to some games only */
    unsigned variants; /* game keys: bit (1 << rules_variant_t) per game it applies to */
} cfg_key_info_t;

int cfg_key_count(void);
bool cfg_key_at(int i, cfg_key_info_t *out);

/* Where a file sets its keys, for findings made after loading: the approved return range
 * needs the par sheet, which this module does not work out. cfg_lines_file reads a file that
 * loads (errors are not reported again) and returns false only when it cannot be read. */
#define CFG_LINES_MAX 400
typedef struct cfg_lines {
    int line[CFG_LINES_MAX]; /* by key, in table order; 0 = not in the file */
} cfg_lines_t;
bool cfg_lines_file(const char *path, cfg_lines_t *out);
bool cfg_lines_string(const char *text, size_t len, cfg_lines_t *out);
/* The line a key is set on, 0 = not in the file; where (may be NULL) gets "section.key". */
int cfg_lines_key(const cfg_lines_t *l, const char *section, const char *name, char *where,
                  size_t n);
/* The last line setting what a bet's return depends on, 0 = none; where gets its key. For a
 * side bet: its pay table, its own section ([jackpot], [progressive]) and its [sidebets]
 * switch; for the main game (WAGER_ANTE): the main pay table, and Asian Stud's margin pays and
 * commission. */
int cfg_lines_bet(const cfg_lines_t *l, wager_t w, char *where, size_t n);

const char *cfg_display_mode_key(cfg_display_mode_t m); /* "windowed", ... */
const char *cfg_button_key(cfg_button_t b);             /* "deal", "chip1", ... */

/* Money: digits with an optional '.' and one or two decimals ("1", "1.5", "1.00", "25000"),
 * optional leading '-'; no thousands separators, no floating point. Percent: the same with an
 * optional trailing '%', into basis points ("31.84" -> 3184). Both return false for anything
 * else, including a third decimal and values beyond +-10^15 units. */
bool cfg_parse_money(const char *text, int64_t *cents);
bool cfg_parse_percent(const char *text, int32_t *bp);
/* "1234.50", "-0.25" (always two decimals). Returns the length written, snprintf-style. */
int cfg_format_money(int64_t cents, char *buf, size_t len);

#endif
