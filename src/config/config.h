/* config: the INI file -> one typed, validated cfg_t.
 *
 * A config file chooses the game (a preset from rules.h), overrides single values of it (limits,
 * pay table lines, side bets, jackpot funding, timers, approval thresholds) and sets the
 * machine's own settings (display, sound, attract mode, cabinet, keys). Every key is declared
 * once, in one table (cfg_table.c), with its section, type, range, default, who may set it (a
 * file, the operator menu) and a line of documentation; the example configs (print-config), the
 * README's reference (config-reference), the error messages and the operator's settings all come
 * from that table. Game keys default to the preset's values, so a file is read in two passes:
 * [game] preset first, then every other key over it.
 *
 * The grammar (cfg_lex.c): `[section]` headers and `key = value` lines; `;` or `#` starts a
 * comment at the start of a line, or after a value following a space; names are not
 * case-sensitive; blank lines, CRLF and a UTF-8 BOM are fine; any other control byte (a NUL
 * included) is an error. A file with any error never yields a cfg_t: loading reports every error
 * found, one line each, as `FILE:LINE: section.key: what is wrong, and what to write instead`,
 * and leaves *out untouched. Money is read as currency units with at most two decimals into
 * integer cents, and shares as percent with at most two decimals into basis points, without
 * floating point. [keys] values are checked against SDL's key names, kept here as plain data
 * (cfg_keynames.c), so the check needs no display. The module keeps no state between calls.
 *
 * Files: cfg_table.c (the key table, sections, buttons), cfg_keynames.c (SDL's key names),
 * cfg_value.c (the value codecs: numbers, money, percent, odds, enums, strings, lists),
 * cfg_lex.c (the grammar), cfg_load.c (defaults, loading, cfg_set, where keys are set),
 * cfg_check.c (checks across keys), cfg_write.c (print-config, config-reference). */
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

/* The languages the screens speak (po/: one catalog each), as [display] language names them:
 * "en", "zh_CN" (Simplified Chinese), "zh_TW" (Traditional Chinese), "es" (Spanish). */
typedef enum cfg_language {
    CFG_LANG_EN = 0,
    CFG_LANG_ZH_CN,
    CFG_LANG_ZH_TW,
    CFG_LANG_ES,
    CFG_LANGUAGES
} cfg_language_t;

/* The logical buttons of the machine (design.md, "How a round flows"): the one list of every
 * button the machine knows, for every input (keyboard, touch, pad, cabinet panel, scripts). The
 * order is the order a tick's presses are handled in (the table scene reads them in enum order)
 * and the order of the operator menu's button test. [keys] gives each its keyboard keys; the
 * key table (cfg_table.c) is the one place their default keys are written. */
typedef enum cfg_button {
    CFG_BUTTON_DEAL = 0,
    CFG_BUTTON_PLAY,
    CFG_BUTTON_FOLD,
    CFG_BUTTON_RAISE1,
    CFG_BUTTON_RAISE2,
    CFG_BUTTON_RAISE3,
    CFG_BUTTON_BET, /* the selected chip on the focused spot */
    CFG_BUTTON_REPEAT,
    CFG_BUTTON_DOUBLE,
    CFG_BUTTON_UNDO,
    CFG_BUTTON_CLEAR,
    CFG_BUTTON_CHIP1,
    CFG_BUTTON_CHIP2,
    CFG_BUTTON_CHIP3,
    CFG_BUTTON_CHIP4,
    CFG_BUTTON_CHIP5,
    CFG_BUTTON_CHIP6,
    CFG_BUTTON_NEXT_SPOT,
    CFG_BUTTON_PREV_SPOT,
    CFG_BUTTON_CASHOUT,
    CFG_BUTTON_COIN,
    CFG_BUTTON_BILL,
    CFG_BUTTON_SERVICE,
    CFG_BUTTON_ATTENDANT,
    CFG_BUTTON_DOOR,
    CFG_BUTTON_HELP,
    CFG_BUTTON_HISTORY,
    CFG_BUTTON_RESPONSIBLE, /* the RESPONSIBLE GAMING page (seed 001) */
    CFG_BUTTON_SETTINGS,    /* a desktop player's own settings and the figures since the start */
    CFG_BUTTON_BACK,
    CFG_BUTTON_FULLSCREEN,
    CFG_BUTTON_SCREENSHOT,
    CFG_BUTTON_MUTE,
    CFG_BUTTON_TURBO,
    CFG_BUTTON_QUIT,
    CFG_BUTTON_LOBBY,      /* a terminal's lobby: the tables to join */
    CFG_BUTTON_NEXT_TABLE, /* several tables in one window: the keyboard plays the next one */
    CFG_BUTTONS
} cfg_button_t;

#define CFG_KEYS_PER_BUTTON 3
#define CFG_KEY_NAME_LEN    32 /* a key name, e.g. "Space", "F2", "Keypad Enter" */

/* A button's keyboard keys: SDL key names in the spelling of the key-name table (cfg_keynames.c),
 * so that "keypad enter" reads as "Keypad Enter"; count 0 = no key. */
/* What a linked machine does while its controller does not answer. */
typedef enum cfg_link_loss {
    CFG_LINK_LOCK = 0, /* no new game until the link is back (cash-out still works) */
    CFG_LINK_BET_OFF,  /* play on without the linked bet */
    CFG_LINK_LOSSES
} cfg_link_loss_t;

#define CFG_LINK_NAME_LEN 41 /* 1 to 40 of a-z, 0-9, _ (starting with a letter) */

typedef struct cfg_key_list {
    int count;
    char name[CFG_KEYS_PER_BUTTON][CFG_KEY_NAME_LEN];
} cfg_key_list_t;

#define CFG_MAX_BILLS      8
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
        bool turbo;              /* deal and animate fast */
        cfg_language_t language; /* the operator's default; a player may choose another */
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
        char store_path[CFG_PATH_LEN];    /* "" = the default data folder */
        char voucher_path[CFG_PATH_LEN];  /* "" = "vouchers" beside the database */
        char key_path[CFG_PATH_LEN];      /* "" = machine.key beside the database */
        char anchor_path[CFG_PATH_LEN];   /* "" = the database's path with .anchor */
        int stall_seconds;                /* the watchdog: no frame for this long is a stall */
        char printer[CFG_MACHINE_ID_LEN]; /* the ticket printer's CUPS queue, "" = files only */
        int ticket_expiry_days;           /* a ticket older than this is refused; 0 = never */
    } cabinet;

    /* A keyboard-wedge barcode scanner: 18 digits and Enter typed faster than a person types. */
    struct cfg_scanner {
        bool enabled;
        int gap_ms; /* the most time between two keys of a scan */
    } scanner;

    struct cfg_hint {
        bool show; /* show the best decision */
    } hint;

    /* [responsible]: responsible gaming (src/machine/machine_rg.h): the session's reality check,
     * its limits, the break after a limit, who sets them, and where a player finds help. */
    struct cfg_responsible {
        int reality_check_minutes;       /* 0 = no reality check */
        int session_minutes;             /* the session time limit, 0 = none */
        int64_t loss_limit;              /* minor units, 0 = none */
        int cool_off_minutes;            /* the break after a limit, before a new session */
        int loosen_delay_hours;          /* a limit the player raises or removes waits this long */
        bool player_limits;              /* the player sets limits and breaks (never on a kiosk) */
        char help_contact[CFG_PATH_LEN]; /* "" = "ask the staff" */
    } responsible;

    /* The touch screen's calibration, in virtual units of the 1920 x 1080 table: taken off every
     * touch. Set by the operator menu's calibration only, never by a file. */
    struct cfg_touch {
        int dx, dy;
    } touch;

    /* The return range the machine is approved for, per bet, in basis points (every offered
     * bet's exact par-sheet return must lie within; src/math/approval.h). */
    struct cfg_approval {
        int32_t min_payback_bp, max_payback_bp;
    } approval;

    /* [link]: the linked progressive (src/link). No url: the pool is the machine's own. */
    struct cfg_link {
        char url[CFG_PATH_LEN];          /* libpq connection string or URI of the controller */
        char pool[CFG_LINK_NAME_LEN];    /* the linked pool's name at the controller */
        char site[CFG_LINK_NAME_LEN];    /* this casino's name at the controller */
        char machine[CFG_LINK_NAME_LEN]; /* this machine's name (and login) at the controller */
        cfg_link_loss_t on_loss;         /* what the machine does while the link is down */
    } link;

    /* [table]: a terminal at a shared table (src/link/table.sql). No join: the machine deals
     * its own rounds. */
    struct cfg_table {
        char url[CFG_PATH_LEN];           /* the controller, logged in as this terminal */
        char terminal[CFG_LINK_NAME_LEN]; /* this terminal's name (and login) there */
        char join[CFG_LINK_NAME_LEN];     /* the table to sit at ("" = none; --join sets it) */
    } table;

    cfg_key_list_t keys[CFG_BUTTONS]; /* [keys], by button */
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

/* Writes the effective values as a valid INI file: every key a file may set that applies to the
 * game, in table order. commented adds a header naming the preset's seed documents and each
 * key's doc line; origin (may be NULL) is the command that made the file, named in the header. */
void cfg_write(FILE *f, const cfg_t *c, bool commented, const char *origin);

/* Writes the Markdown reference of every key (the README's "Config reference"). */
void cfg_write_reference(FILE *f);

/* ---- the key table, read-only, for tests and menus ---- */

typedef struct cfg_key_info {
    const char *section, *name;
    const char *type; /* "int", "money", "percent", "bool", "enum", "string", "odds", ... */
    const char *doc;
    bool game;                /* defaults from the preset, and may apply to some games only */
    unsigned variants;        /* game keys: bit (1 << rules_variant_t) per game it applies to */
    bool in_file;             /* a config file may set it (all but the touch calibration) */
    bool operator_may_change; /* an operator setting: the operator menu may change it */
    int64_t min, max; /* int, odds, money (cents), percent (basis points); strings: length */
} cfg_key_info_t;

int cfg_key_count(void);
bool cfg_key_at(int i, cfg_key_info_t *out);
/* The index of section.name (both as the table spells them, lower case), -1 = no such key. */
int cfg_key_find(const char *section, const char *name);

/* ---- one setter: the loader, the operator menu and the machine's recorded settings ----
 *
 * cfg_set sets one key of c from its text, as a file would write it ("90", "on", "12.50",
 * "Return, F5"): the same parser, range and checks the loader applies to the key's line, and
 * then the checks across keys (a minimum above its maximum, a pay table out of order, a key two
 * buttons share) and rules_check on the result. On any error c is unchanged, false is returned
 * and err (may be NULL) holds "section.key: what is wrong, and what to write instead". A game
 * key of another game, and [game] preset (which chooses every game key's default: read a file
 * or call cfg_defaults), are refused. cfg_set does not ask who sets the key: the loader refuses
 * keys a file may not set (in_file), and the operator menu offers only operator_may_change keys.
 * cfg_get_text writes a key's value as cfg_set and a file read it ("90", "on"); false for an
 * unknown key or a buffer too small (CFG_VALUE_LEN always holds one).
 *
 * Operator settings are the keys with operator_may_change: sound.volume, sound.voice,
 * hint.show, attract.enabled, attract.idle_seconds, the [responsible] reality check, limits and
 * break (its own operator page), touch.dx, touch.dy (list them with
 * cfg_key_at). The operator menu changes one by making the new text (stepping the value within
 * the key's min..max), checking it with cfg_set on a copy of the running cfg_t, recording
 * "section.key" = text in the store (store_setting_set, the audit log), and then keeping the
 * copy. At start the machine reads the config file, then applies each recorded setting over it
 * with the same setter, e.g.
 *
 *     char err[CFG_ERROR_LEN];
 *     if (!cfg_set(&cfg, "sound", "volume", "90", err, sizeof err))
 *         ...the recorded value is refused (err says why): the file's value stays, log it...
 *
 * so a recorded value is read by the same parser with the same range as the file's. */
#define CFG_VALUE_LEN (CFG_PATH_LEN + 64)
bool cfg_set(cfg_t *c, const char *section, const char *key, const char *text, char *err,
             size_t errlen);
bool cfg_get_text(const cfg_t *c, const char *section, const char *key, char *buf, size_t n);

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
const char *cfg_language_key(cfg_language_t l);         /* "en", "zh_CN", ... */
const char *cfg_link_loss_key(cfg_link_loss_t l);       /* "lock", "bet_off" */

/* ---- buttons and keys ---- */

const char *cfg_button_key(cfg_button_t b);  /* its [keys] key: "deal", "next_spot", ... */
const char *cfg_button_name(cfg_button_t b); /* as shown and scripted: "DEAL", "NEXT_SPOT" */
/* A button by either spelling, in any case ("deal", "DEAL"); false = no such button. */
bool cfg_button_from_key(const char *name, cfg_button_t *out);

/* SDL's key names (SDL_GetKeyFromName), as data: every name of SDL 2's scancode table that
 * names a key, and every printable ASCII character ("A", "1", "/"), in SDL's spelling; a name is
 * matched without regard to case, as SDL does. A single non-ASCII UTF-8 character ("é") names
 * its key too (SDL's rule), though it is not listed. Left out: ";", "#" and "Keypad #", which a
 * config file cannot hold (they start a comment). tests/test_config_sdl.c checks every name
 * against SDL itself. */
int cfg_key_name_count(void);
const char *cfg_key_name_at(int i); /* NULL past the end */
/* The name as the table spells it ("keypad enter" -> "Keypad Enter"); false = SDL knows no key
 * of that name. out gets at least CFG_KEY_NAME_LEN bytes. */
bool cfg_key_name_canonical(const char *name, char *out, size_t n);

/* A [keys] value: up to CFG_KEYS_PER_BUTTON key names separated by commas ("Return, Keypad
 * Enter, D"; the comma key itself is ","), empty = no key. On error err (may be NULL) says what
 * is wrong and *out is unchanged. The format is its inverse ("" for none). */
bool cfg_parse_key_list(const char *text, cfg_key_list_t *out, char *err, size_t errlen);
int cfg_format_key_list(const cfg_key_list_t *l, char *buf, size_t n);

/* ---- values ---- */

/* Money: digits with an optional '.' and one or two decimals ("1", "1.5", "1.00", "25000"),
 * optional leading '-'; no thousands separators, no floating point. Percent: the same with an
 * optional trailing '%', into basis points ("31.84" -> 3184). Both return false for anything
 * else, including a third decimal and values beyond +-10^15 units. */
bool cfg_parse_money(const char *text, int64_t *cents);
bool cfg_parse_percent(const char *text, int32_t *bp);
/* "1234.50", "-0.25" (always two decimals). Returns the length written, snprintf-style. */
int cfg_format_money(int64_t cents, char *buf, size_t len);

#endif
