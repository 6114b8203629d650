/* Loading: the defaults of a preset, a file's entries applied over them key by key through the
 * value codecs, the checks across keys, and every error with its line. cfg_set applies one key
 * the same way; cfg_lines_* say where a file sets its keys. */
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "cfg_internal.h"

#define MAX_FILE_BYTES (1 << 20)

/* ---- errors ---- */

void cf_add_error(cfg_errors_t *e, const char *file, int line, const char *where, const char *fmt,
                  ...) {
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
    if (file && line > 0)
        cf_append(er->text, sizeof er->text, "%s:%d: ", file, line);
    else if (file)
        cf_append(er->text, sizeof er->text, "%s: ", file);
    if (where[0]) cf_append(er->text, sizeof er->text, "%s: ", where);
    cf_append(er->text, sizeof er->text, "%s", msg);
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

void cf_derive(rules_t *r) {
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
    cf_derive(&c->rules);
    for (int i = 0; i < CF_NKEYS; i++) {
        if (!CF_KEYS[i].def) continue;
        cf_value_t v;
        char why[CFG_ERROR_LEN];
        if (cf_parse_value(&CF_KEYS[i], CF_KEYS[i].def, NULL, &v, why, sizeof why))
            cf_store(c, &CF_KEYS[i], &v);
        else if (!broken)
            broken = CF_KEYS[i].name;
    }
    return broken;
}

void cfg_defaults(cfg_t *c, rules_preset_t preset) {
    (void)apply_defaults(c, preset);
}

/* ---- applying entries ---- */

bool cf_applies(const cf_load_t *L, int k) {
    return CF_KEYS[k].def != NULL || (CF_KEYS[k].variants & (1u << L->variant));
}

bool cf_usable(const cf_load_t *L, int k) {
    return k >= 0 && cf_applies(L, k) && !L->bad[k];
}

void cf_origin_text(const cf_load_t *L, int k, char *buf, size_t n) {
    if (L->line[k] && L->file)
        snprintf(buf, n, "line %d", L->line[k]);
    else if (!L->file)
        snprintf(buf, n, "its current value");
    else
        snprintf(buf, n, CF_KEYS[k].def ? "the default" : "the preset's value");
}

/* A key this table does not have in that section: say where it belongs, or what was meant. */
static void unknown_key(cf_load_t *L, const cf_entry_t *e, const char *where) {
    if (e->section[0] == '\0') {
        const char *home = NULL;
        for (int k = 0; k < CF_NKEYS && !home; k++)
            if (strcmp(CF_KEYS[k].name, e->name) == 0 && cf_in_file(&CF_KEYS[k]))
                home = CF_KEYS[k].section;
        if (home)
            cf_add_error(L->errs, L->file, e->line, e->name,
                         "the key comes before any section; put it under [%s]", home);
        else
            cf_add_error(L->errs, L->file, e->line, e->name,
                         "the key comes before any section, and no section has it; start with a "
                         "section header such as [game] (`studpoker config-reference` lists "
                         "every key)");
        return;
    }
    for (int i = 0; i < CF_NKEYS; i++)
        if (strcmp(CF_KEYS[i].name, e->name) == 0 && cf_in_file(&CF_KEYS[i])) {
            cf_add_error(L->errs, L->file, e->line, where,
                         "unknown key here; it belongs in [%s], not [%s]", CF_KEYS[i].section,
                         e->section);
            return;
        }
    for (int i = 0; i < CF_NKEYS; i++)
        if (strcmp(CF_KEYS[i].section, e->section) == 0 && cf_in_file(&CF_KEYS[i]) &&
            cf_close_enough(e->name, CF_KEYS[i].name)) {
            cf_add_error(L->errs, L->file, e->line, where,
                         "unknown key; did you mean %s? (`studpoker config-reference` lists the "
                         "keys of [%s])",
                         CF_KEYS[i].name, e->section);
            return;
        }
    cf_add_error(L->errs, L->file, e->line, where,
                 "unknown key; `studpoker config-reference` lists the keys of [%s]", e->section);
}

/* The key of another game: why it does not apply. */
static void other_game(cf_load_t *L, int line, const char *where, int k) {
    char games[64];
    cf_games_names(CF_KEYS[k].variants, games, sizeof games);
    cf_add_error(L->errs, L->file, line, where,
                 "applies to %s only, and this config's preset is %s (%s); remove the line, or "
                 "choose a preset of that game",
                 games, rules_preset_key(L->cfg.rules.preset), CF_VARIANT_NAMES[L->variant]);
}

/* Parses text as key k's value and stores it in L->cfg; false: refused, reported. */
static bool apply_value(cf_load_t *L, int k, int line, const char *where, const char *text) {
    const cf_key_t *d = &CF_KEYS[k];
    char example[CFG_VALUE_LEN], why[CFG_ERROR_LEN];
    cf_format_value(d, &L->base, example, sizeof example);
    cf_value_t v;
    if (!cf_parse_value(d, text, example, &v, why, sizeof why)) {
        L->bad[k] = true;
        cf_add_error(L->errs, L->file, line, where, "%s", why);
        return false;
    }
    /* the preset is applied first, with the defaults it chooses (preset_of) */
    if (d->offset != offsetof(cfg_t, rules.preset)) cf_store(&L->cfg, d, &v);
    return true;
}

static void apply_entry(cf_load_t *L, const cf_entry_t *e) {
    char where[128];
    int k = e->section[0] ? cf_find_key(e->section, e->name) : -1;
    snprintf(where, sizeof where, "%s.%s", e->section, e->name);
    if (k >= 0 && !cf_in_file(&CF_KEYS[k])) {
        cf_add_error(L->errs, L->file, e->line, where,
                     "set by the operator menu (and kept in the machine's record), not by a "
                     "config file; remove the line");
        return;
    }
    if (k < 0) {
        unknown_key(L, e, where);
        return;
    }
    if (L->line[k]) {
        cf_add_error(L->errs, L->file, e->line, where,
                     "set twice (first on line %d); keep one of the two lines", L->line[k]);
        return;
    }
    L->line[k] = e->line;
    if (!cf_applies(L, k)) {
        L->bad[k] = true;
        if (!L->preset_bad) other_game(L, e->line, where, k); /* an unknown game: nothing to say */
        return;
    }
    apply_value(L, k, e->line, where, e->value);
}

/* Pass 1: the preset, whose values every other key starts from. */
static rules_preset_t preset_of(cf_load_t *L, const cf_entries_t *E) {
    rules_preset_t preset = PRESET_CARIBBEAN_CLASSIC;
    for (size_t i = 0; i < E->n; i++) {
        const cf_entry_t *e = &E->list[i];
        if (strcmp(e->section, "game") != 0 || strcmp(e->name, "preset") != 0) continue;
        if (!rules_preset_from_key(e->value, &preset)) {
            bool found = false;
            for (int p = 0; p < PRESET_COUNT && !found; p++)
                if (cf_equal_nocase(e->value, rules_preset_key((rules_preset_t)p)))
                    preset = (rules_preset_t)p, found = true;
            L->preset_bad = !found;
        }
        break;
    }
    return preset;
}

/* The checks on a whole config: across keys, then the rules' own. */
static void check_all(cf_load_t *L) {
    L->cfg.rules.pool_linked = L->cfg.link.url[0] != 0;
    cf_derive(&L->cfg.rules);
    cf_check(L);
    if (L->errs->count == 0) {
        char msgs[16][RULES_MSG_LEN];
        int n = rules_check(&L->cfg.rules, msgs, 16);
        for (int i = 0; i < n && i < 16; i++)
            cf_add_error(L->errs, L->file, 0, "rules", "%s (fix the keys it names)", msgs[i]);
    }
}

int cfg_load_string(const char *text, size_t len, const char *name, cfg_t *out,
                    cfg_errors_t *errs) {
    cfg_errors_t own;
    if (!errs) errs = &own;
    errs->count = 0;
    if (!name) name = "<config>";
    if (len > MAX_FILE_BYTES) {
        cf_add_error(errs, name, 0, "",
                     "larger than %d bytes; a config file is a few kilobytes: check the file name",
                     MAX_FILE_BYTES);
        return errs->count;
    }
    cf_load_t *L = calloc(1, sizeof *L);
    if (!L) {
        cf_add_error(errs, name, 0, "", "out of memory");
        return errs->count;
    }
    L->file = name;
    L->errs = errs;
    cf_entries_t E = {0};
    cf_lex(text ? text : "", text ? len : 0, name, &E, errs);
    if (E.out_of_memory) cf_add_error(errs, name, 0, "", "out of memory");

    const char *broken = apply_defaults(&L->cfg, preset_of(L, &E));
    if (broken)
        cf_add_error(errs, name, 0, "internal", "the default of %s does not parse (a bug)", broken);
    L->base = L->cfg;
    L->variant = L->cfg.rules.variant;
    /* pass 2: every key over the preset */
    for (size_t i = 0; i < E.n; i++) apply_entry(L, &E.list[i]);
    check_all(L);
    sort_errors(errs);
    if (errs->count == 0) memcpy(out, &L->cfg, sizeof *out);
    cf_entries_free(&E);
    free(L);
    return errs->count;
}

/* The whole file into a new buffer (at most MAX_FILE_BYTES + 1 bytes, to tell a larger one);
 * NULL when it cannot be read, why says so. */
static char *read_file(const char *path, size_t *len, char *why, size_t n) {
    FILE *f = fopen(path, "rb");
    if (!f) {
        snprintf(why, n, "cannot open it: %s", strerror(errno));
        return NULL;
    }
    char *buf = malloc(MAX_FILE_BYTES + 1);
    size_t got = buf ? fread(buf, 1, MAX_FILE_BYTES + 1, f) : 0;
    bool failed = !buf || ferror(f);
    fclose(f);
    if (failed) {
        snprintf(why, n, "%s", buf ? "cannot read it" : "out of memory");
        free(buf);
        return NULL;
    }
    *len = got;
    return buf;
}

int cfg_load_file(const char *path, cfg_t *out, cfg_errors_t *errs) {
    cfg_errors_t own;
    if (!errs) errs = &own;
    errs->count = 0;
    size_t n = 0;
    char why[CFG_ERROR_LEN];
    char *buf = read_file(path, &n, why, sizeof why);
    if (!buf) {
        cf_add_error(errs, path, 0, "", "%s", why);
        return errs->count;
    }
    int r = cfg_load_string(buf, n, path, out, errs);
    free(buf);
    return r;
}

/* ---- one key at a time ---- */

static bool refuse(char *err, size_t errlen, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static bool refuse(char *err, size_t errlen, const char *fmt, ...) {
    if (err && errlen) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(err, errlen, fmt, ap);
        va_end(ap);
    }
    return false;
}

bool cfg_set(cfg_t *c, const char *section, const char *key, const char *text, char *err,
             size_t errlen) {
    char where[128];
    snprintf(where, sizeof where, "%s.%s", section ? section : "", key ? key : "");
    int k = cfg_key_find(section, key);
    if (k < 0)
        return refuse(err, errlen, "%s: unknown key (`studpoker config-reference` lists every key)",
                      where);
    if (!text) return refuse(err, errlen, "%s: no value", where);
    if (CF_KEYS[k].offset == offsetof(cfg_t, rules.preset))
        return refuse(err, errlen,
                      "%s: the preset chooses every game key's default: it is read with the "
                      "config (or cfg_defaults), never set alone",
                      where);
    cf_load_t *L = calloc(1, sizeof *L);
    cfg_errors_t *errs = calloc(1, sizeof *errs);
    if (!L || !errs) {
        free(L);
        free(errs);
        return refuse(err, errlen, "%s: out of memory", where);
    }
    L->errs = errs; /* L->file NULL: the messages name no file and no line */
    L->cfg = L->base = *c;
    L->variant = c->rules.variant;
    L->line[k] = 1; /* the key being set is the one a check across keys blames */
    bool ok = false;
    if (!cf_applies(L, k))
        other_game(L, 0, where, k);
    else if (apply_value(L, k, 0, where, text))
        check_all(L);
    ok = errs->count == 0;
    if (ok)
        *c = L->cfg;
    else
        refuse(err, errlen, "%s", errs->list[0].text);
    free(errs);
    free(L);
    return ok;
}

bool cfg_get_text(const cfg_t *c, const char *section, const char *key, char *buf, size_t n) {
    int k = cfg_key_find(section, key);
    if (k < 0 || !n) return false;
    char v[CFG_VALUE_LEN];
    cf_format_value(&CF_KEYS[k], c, v, sizeof v);
    return (size_t)snprintf(buf, n, "%s", v) < n;
}

/* ---- where a file sets its keys ---- */

bool cfg_lines_string(const char *text, size_t len, cfg_lines_t *out) {
    memset(out, 0, sizeof *out);
    cfg_errors_t *errs = malloc(sizeof *errs); /* the load reported them: not again */
    bool ok = errs && len <= MAX_FILE_BYTES;
    if (ok) {
        errs->count = 0;
        cf_entries_t E = {0};
        cf_lex(text ? text : "", text ? len : 0, "", &E, errs);
        ok = !E.out_of_memory;
        for (size_t i = 0; i < E.n; i++) {
            int k = cf_find_key(E.list[i].section, E.list[i].name);
            if (k >= 0 && !out->line[k]) out->line[k] = E.list[i].line;
        }
        cf_entries_free(&E);
    }
    free(errs);
    return ok;
}

bool cfg_lines_file(const char *path, cfg_lines_t *out) {
    memset(out, 0, sizeof *out);
    size_t n = 0;
    char why[CFG_ERROR_LEN];
    char *buf = read_file(path, &n, why, sizeof why);
    bool ok = buf && cfg_lines_string(buf, n, out);
    free(buf);
    return ok;
}

int cfg_lines_key(const cfg_lines_t *l, const char *section, const char *name, char *where,
                  size_t n) {
    int k = cf_find_key(section, name);
    if (where && n) where[0] = '\0';
    if (k < 0 || !l->line[k]) return 0;
    if (where) cf_key_where(k, where, n);
    return l->line[k];
}

int cfg_lines_bet(const cfg_lines_t *l, wager_t w, char *where, size_t n) {
    int best = -1;
    for (int k = 0; k < CF_NKEYS; k++) {
        const cf_key_t *d = &CF_KEYS[k];
        bool mine;
        if (w == WAGER_ANTE)
            mine = d->group == CF_G_MAIN || d->group == CF_G_MARGIN ||
                   (strcmp(d->section, "asian") == 0 && strcmp(d->name, "commission") == 0);
        else
            mine = (d->group != CF_G_NONE && CF_GROUPS[d->group].wager == (int)w) ||
                   strcmp(d->section, wager_key(w)) == 0 ||
                   (strcmp(d->section, "sidebets") == 0 && strcmp(d->name, wager_key(w)) == 0);
        if (mine && l->line[k] && (best < 0 || l->line[k] > l->line[best])) best = k;
    }
    if (where && n) where[0] = '\0';
    if (best < 0) return 0;
    if (where) cf_key_where(best, where, n);
    return l->line[best];
}
