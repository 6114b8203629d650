/* cfg_internal: what the files of src/config share and nothing outside reads.
 *
 * The key table (cfg_table.c) describes every key; the value codecs (cfg_value.c) read and write
 * one key's value; the grammar (cfg_lex.c) turns a file into entries; loading (cfg_load.c)
 * applies entries to a cfg_t through the codecs; the checks across keys (cfg_check.c) and the
 * writers (cfg_write.c) walk the table. Names shared between these files start with cf_ (CF_
 * for constants); the public API is config.h's cfg_. */
#ifndef STUDPOKER_CFG_INTERNAL_H
#define STUDPOKER_CFG_INTERNAL_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "config.h"

/* ---- the key table ---- */

typedef enum cf_type {
    CF_INT = 0,
    CF_MONEY,
    CF_PERCENT,
    CF_BOOL,
    CF_ENUM,
    CF_STRING,
    CF_ODDS,
    CF_MONEY_LIST,
    CF_KEY_LIST, /* a button's key list */
    CF_TYPES
} cf_type_t;

extern const char *const CF_TYPE_NAMES[CF_TYPES];

/* What a string may hold. CF_ANY: a folder; CF_FILE: a file path; CF_TEXT: any text (all any
 * bytes); CF_NAME: a-z, 0-9 and _ (a name at the link's controller). */
typedef enum cf_charset {
    CF_ANY = 0,
    CF_LETTERS,
    CF_DIGITS,
    CF_ID,
    CF_FILE,
    CF_TEXT,
    CF_NAME
} cf_charset_t;

/* The pay tables, for the checks that a table is a pay table: a stronger hand pays at least as
 * much as a weaker one. The keys of a group are listed weakest first, except Lo Ball (strongest,
 * seven high, first, as the seed lists it). */
typedef enum cf_group {
    CF_G_NONE = 0,
    CF_G_MAIN,
    CF_G_BONUS51,
    CF_G_JACKPOT,
    CF_G_PMETER,
    CF_G_PFIXED,
    CF_G_BOARD,
    CF_G_POCKET,
    CF_G_LOBALL,
    CF_G_MARGIN,
    CF_G_ABONUS,
    CF_G_COUNT
} cf_group_t;

typedef struct cf_group_def {
    int wager; /* the side bet it pays, or -1 */
    bool strongest_first;
    const char *what;    /* in messages */
    const char *heading; /* in commented configs */
} cf_group_def_t;

extern const cf_group_def_t CF_GROUPS[CF_G_COUNT];

/* Who sets a key besides a file. */
typedef enum cf_who {
    CF_FILE_ONLY = 0, /* a config file */
    CF_FILE_OPERATOR, /* a file, and the operator menu over it */
    CF_OPERATOR_ONLY, /* the operator menu only (the touch calibration) */
} cf_who_t;

typedef struct cf_key {
    const char *section, *name;
    cf_type_t type;
    size_t offset;    /* into cfg_t */
    size_t size;      /* strings: the char array's size */
    int64_t min, max; /* stored units (cents, basis points); strings: length */
    const char *def;  /* default as written in a file; NULL = a game key, from the preset */
    unsigned variants;
    cf_who_t who;
    int enum_count;
    const char *(*enum_name)(int i);
    cf_charset_t charset;
    cf_group_t group;
    int idx;           /* pay table line: the hand's index in its rules_t array; [keys]: button */
    const char *label; /* [keys]: the button as shown, "DEAL" */
    const char *doc;
} cf_key_t;

extern const cf_key_t CF_KEYS[];
extern const int CF_NKEYS; /* at most CFG_LINES_MAX */

typedef struct cf_section {
    const char *name, *doc;
} cf_section_t;

extern const cf_section_t CF_SECTIONS[];
extern const int CF_NSECTIONS;

extern const char *const CF_VARIANT_NAMES[VARIANT_COUNT];

/* Where each preset's rules come from (named in the example configs' headers). */
typedef struct cf_preset_source {
    const char *seed, *sheet;
} cf_preset_source_t;
extern const cf_preset_source_t CF_PRESET_SOURCES[PRESET_COUNT];

#define CF_V_CAR (1u << VARIANT_CARIBBEAN)
#define CF_V_CAJ (1u << VARIANT_CAJUN)
#define CF_V_ASI (1u << VARIANT_ASIAN)
#define CF_V_ALL (CF_V_CAR | CF_V_CAJ | CF_V_ASI)

int cf_find_section(const char *name);
int cf_find_key(const char *section, const char *name);
int cf_button_key_index(cfg_button_t b); /* the [keys] row of a button */
bool cf_in_file(const cf_key_t *k);
void cf_key_where(int k, char *buf, size_t n);               /* "section.name" */
void cf_section_list(char *buf, size_t n);                   /* "game, limits, ..." */
void cf_games_names(unsigned variants, char *buf, size_t n); /* "Caribbean Stud and ..." */

/* ---- small text helpers (locale-free) ---- */

static inline bool cf_is_digit(int c) {
    return c >= '0' && c <= '9';
}
static inline bool cf_is_alpha(int c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}
static inline bool cf_is_space(int c) {
    return c == ' ' || c == '\t';
}
static inline int cf_to_lower(int c) {
    return c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c;
}
static inline int cf_to_upper(int c) {
    return c >= 'a' && c <= 'z' ? c - 'a' + 'A' : c;
}

bool cf_equal_nocase(const char *a, const char *b);
/* Appends to buf (size n, always terminated); never overflows. */
void cf_append(char *buf, size_t n, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* A value as quoted in a message: at most 40 bytes, then "...". */
const char *cf_shorten(const char *s, size_t len, char out[48]);
/* A typed name close enough to a known one to suggest it (a typo or two). */
bool cf_close_enough(const char *typed, const char *name);

/* ---- values (cfg_value.c) ---- */

typedef struct cf_value {
    int64_t num; /* int, odds, percent (bp), money (cents), enum index, bool 0/1 */
    char str[CFG_PATH_LEN];
    cfg_money_list_t list;
    cfg_key_list_t keys;
} cf_value_t;

int64_t cf_get_num(const cfg_t *c, const cf_key_t *k);
void cf_store(cfg_t *c, const cf_key_t *k, const cf_value_t *v);
/* Parses text as key k's value. On failure writes into why what is wrong and what to write
 * instead; example is a value to show (or NULL). */
bool cf_parse_value(const cf_key_t *k, const char *text, const char *example, cf_value_t *v,
                    char *why, size_t n);
/* A value as written in a file. */
void cf_format_value(const cf_key_t *k, const cfg_t *c, char *buf, size_t n);
/* A number as a person reads it in a message: "7 to 1", "31.84%", "25.00". */
void cf_format_human(const cf_key_t *k, int64_t v, char *buf, size_t n);
int cf_format_percent(int64_t bp, bool sign, char *buf, size_t n);
/* What may be written: "1 to 7", "0.01 to 1000000.00", "on or off", ... */
void cf_allowed_text(const cf_key_t *k, char *buf, size_t n);

/* ---- key names (cfg_keynames.c) ---- */

/* The longest key name at s that is followed by spaces and then a ',' or the end: its length in
 * s, the name as the table spells it in out; 0 = none. */
size_t cf_key_name_at_start(const char *s, char *out, size_t n);
/* The listed name closest to a typed one, NULL = none close. */
const char *cf_key_name_suggest(const char *typed);

/* ---- errors and loading (cfg_load.c, cfg_lex.c) ---- */

/* Adds "FILE:LINE: where: message" (file NULL: "where: message"). */
void cf_add_error(cfg_errors_t *e, const char *file, int line, const char *where, const char *fmt,
                  ...) __attribute__((format(printf, 5, 6)));

typedef struct cf_entry {
    int line;
    char *section, *name, *value; /* one allocation, at section; section "" = before any */
} cf_entry_t;

typedef struct cf_entries {
    cf_entry_t *list;
    size_t n, cap;
    bool out_of_memory;
} cf_entries_t;

/* The grammar: every key = value line of text as an entry (section and name in lower case,
 * the value without its comment), and every line that is not one, reported into errs. Lines
 * under an unknown section are left out (the header is reported). */
void cf_lex(const char *text, size_t len, const char *file, cf_entries_t *out, cfg_errors_t *errs);
void cf_entries_free(cf_entries_t *e);

/* A config being read (or one key being set): the values, where each key was set, and which
 * were refused (left out of the checks across keys). */
typedef struct cf_load {
    const char *file; /* NULL: cfg_set, whose messages name no file */
    cfg_errors_t *errs;
    cfg_t cfg, base;
    rules_variant_t variant;
    bool preset_bad;
    int line[CFG_LINES_MAX]; /* where each key was set, 0 = not in the file */
    bool bad[CFG_LINES_MAX]; /* set with a value that was refused: left out of the checks */
} cf_load_t;

bool cf_applies(const cf_load_t *L, int k);
bool cf_usable(const cf_load_t *L, int k);
/* Where a value came from, for a message about another key: "line 3", "the default". */
void cf_origin_text(const cf_load_t *L, int k, char *buf, size_t n);
/* The limits that follow from others: the decision bets from the ante, the fixed stakes. */
void cf_derive(rules_t *r);

/* ---- checks across keys (cfg_check.c) ---- */

void cf_check(cf_load_t *L);

#endif
