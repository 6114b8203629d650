/* The player's help as text, without SDL: the files of assets/help/ read and filled in with the
 * configured figures, the pay tables, the bets with their limits and returns (scene_help.h). The
 * drawing is scene_help.c's. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <md4c.h>

#include "money.h"
#include "scene_help.h"
#include "lang.h"

/* ---- the files ---- */

static char *read_all(const char *path) {
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    size_t cap = 4096, len = 0;
    char *buf = malloc(cap);
    while (buf) {
        size_t got = fread(buf + len, 1, cap - len - 1, f);
        len += got;
        if (got == 0) break;
        if (cap - len - 1 == 0) {
            char *nb = realloc(buf, cap * 2);
            if (!nb) {
                free(buf);
                buf = NULL;
                break;
            }
            buf = nb;
            cap *= 2;
        }
    }
    fclose(f);
    if (buf) buf[len] = '\0';
    return buf;
}

static bool doc_name(rules_variant_t v, int d, char *buf, size_t n) {
    if (d == HELP_DOC_HANDS) {
        if (v != VARIANT_ASIAN) return false; /* the poker hands are drawn, not written */
        snprintf(buf, n, "%s-hands.md", rules_variant_key(v));
    } else if (d == HELP_DOC_PLAY) {
        snprintf(buf, n, "%s.md", rules_variant_key(v));
    } else if (d == HELP_DOC_SIDE) {
        snprintf(buf, n, "sidebets.md");
    } else {
        wager_t w = (wager_t)(WAGER_BONUS51 + d - HELP_DOC_BET0);
        if (!rules_variant_has_wager(v, w)) return false;
        snprintf(buf, n, "side-%s.md", wager_key(w));
    }
    return true;
}

void help_load(help_t *h, rules_variant_t v, const char *assets_dir) {
    memset(h, 0, sizeof *h);
    h->variant = v;
    for (int d = 0; d < HELP_DOCS; d++) {
        char name[48], path[700];
        if (!doc_name(v, d, name, sizeof name)) continue;
        snprintf(path, sizeof path, "%s/help/%s", assets_dir, name);
        h->doc[d] = read_all(path);
        if (!h->doc[d] && !h->missing[0]) snprintf(h->missing, sizeof h->missing, "help/%s", name);
    }
}

static void clear_built(help_t *h) {
    for (int i = 0; i < h->nlines; i++) free(h->lines[i].text);
    free(h->lines);
    h->lines = NULL;
    h->nlines = 0;
    h->ncols = 0;
    memset(h->cols, 0, sizeof h->cols);
    memset(h->pay_note, 0, sizeof h->pay_note);
    h->built = false;
}

void help_text_free(help_t *h) {
    clear_built(h);
    for (int d = 0; d < HELP_DOCS; d++) free(h->doc[d]);
    memset(h->doc, 0, sizeof h->doc);
}

/* ---- lines ---- */

static char *strip_markup(const char *in) {
    char *out = malloc(strlen(in) + 1);
    if (!out) return NULL;
    size_t o = 0;
    for (const char *p = in; *p; p++) {
        if (*p == '*' || *p == '`') continue; /* bold and code marks */
        out[o++] = *p;
    }
    while (o && (out[o - 1] == ' ' || out[o - 1] == '\n' || out[o - 1] == '\r')) o--;
    out[o] = '\0';
    return out;
}

static void add_line(help_t *h, help_kind_t kind, const char *text, int page, int group) {
    help_line_t *nl = realloc(h->lines, sizeof *nl * (size_t)(h->nlines + 1));
    if (!nl) return;
    h->lines = nl;
    char *t = strip_markup(text);
    if (!t) return;
    memset(&h->lines[h->nlines], 0, sizeof h->lines[0]);
    h->lines[h->nlines].kind = kind;
    h->lines[h->nlines].text = t;
    h->lines[h->nlines].page = page;
    h->lines[h->nlines].group = group;
    h->nlines++;
}

static void add_linef(help_t *h, help_kind_t kind, int page, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
static void add_linef(help_t *h, help_kind_t kind, int page, const char *fmt, ...) {
    char text[1000];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(text, sizeof text, fmt, ap);
    va_end(ap);
    add_line(h, kind, text, page, -1);
}

/* ---- the configured figures in the text ---- */

static void bp_text(int32_t bp, char *buf, size_t n) {
    if (bp % 100 == 0)
        snprintf(buf, n, "%d%%", bp / 100);
    else if (bp % 10 == 0)
        snprintf(buf, n, "%d.%d%%", bp / 100, (bp % 100) / 10);
    else
        snprintf(buf, n, "%d.%02d%%", bp / 100, bp % 100);
}

/* "{name}": the figure's text; false when the name is not one. */
static bool figure(const rules_t *r, const char *name, char *buf, size_t n) {
    if (strcmp(name, "commission") == 0)
        bp_text(r->asian_commission_bp, buf, n);
    else if (strcmp(name, "jackpot_stake") == 0)
        lang_money(r->jackpot_stake, r->currency, buf, n);
    else if (strcmp(name, "progressive_stake") == 0)
        lang_money(r->progressive_stake, r->currency, buf, n);
    else if (strcmp(name, "ante_min") == 0)
        lang_money(r->bet_min[WAGER_ANTE], r->currency, buf, n);
    else if (strcmp(name, "ante_max") == 0)
        lang_money(r->bet_max[WAGER_ANTE], r->currency, buf, n);
    else
        return false;
    return true;
}

static bool offers_side(const rules_t *r) {
    for (int w = WAGER_BONUS51; w < WAGER_COUNT; w++)
        if (r->offered[w] && rules_variant_has_wager(r->variant, (wager_t)w)) return true;
    return false;
}

/* "{?name}" at the start of a line: the line is shown only when the figure is set
 * ("side_bets": the game offers one). */
static bool figure_set(const rules_t *r, const char *name) {
    if (strcmp(name, "side_bets") == 0) return offers_side(r);
    if (strcmp(name, "commission") == 0) return r->asian_commission_bp > 0;
    if (strcmp(name, "jackpot_stake") == 0) return r->offered[WAGER_JACKPOT];
    if (strcmp(name, "progressive_stake") == 0) return r->offered[WAGER_PROGRESSIVE];
    return true;
}

static void fill_in(const rules_t *r, const char *in, char *out, size_t n) {
    size_t o = 0;
    while (*in && o + 1 < n) {
        const char *end = in[0] == '{' ? strchr(in, '}') : NULL;
        char name[40], val[MONEY_TEXT_MAX];
        if (end && (size_t)(end - in) < sizeof name) {
            memcpy(name, in + 1, (size_t)(end - in - 1));
            name[end - in - 1] = '\0';
            if (figure(r, name, val, sizeof val)) {
                for (const char *v = val; *v && o + 1 < n; v++) out[o++] = *v;
                in = end + 1;
                continue;
            }
        }
        out[o++] = *in++;
    }
    out[o] = '\0';
}

/* ---- reading a file's Markdown (md4c): headings, paragraphs, lists, tables ---- */

/* The template's own marks, before the Markdown is read: "{?name}" at the start of a line keeps
 * the line (and the indented lines that continue it) only when the config sets that figure, and
 * "{name}" is the configured figure. Returns the Markdown to read (malloc'd). */
static char *fill_template(const rules_t *r, const char *text) {
    size_t cap = strlen(text) * 2 + 4096, o = 0;
    char *out = malloc(cap);
    if (!out) return NULL;
    bool skipping = false;
    while (*text) {
        const char *nl = strchr(text, '\n');
        size_t len = nl ? (size_t)(nl - text) : strlen(text);
        char raw[2048], line[2048];
        if (len >= sizeof raw) len = sizeof raw - 1;
        memcpy(raw, text, len);
        raw[len] = '\0';
        text += nl ? len + 1 : len;
        bool blank = raw[strspn(raw, " \r")] == '\0';
        if (skipping && raw[0] == ' ' && !blank) continue; /* the rest of a line left out */
        skipping = false;
        const char *p = raw;
        if (strncmp(p, "{?", 2) == 0) {
            const char *end = strchr(p, '}');
            char name[40] = "";
            if (end && (size_t)(end - p - 2) < sizeof name) {
                memcpy(name, p + 2, (size_t)(end - p - 2));
                name[end - p - 2] = '\0';
                if (!figure_set(r, name)) {
                    skipping = true;
                    continue;
                }
                p = end + 1;
            }
        }
        fill_in(r, p, line, sizeof line);
        size_t n = strlen(line);
        if (o + n + 2 > cap) break; /* (cap holds every figure a line can take) */
        memcpy(out + o, line, n);
        o += n;
        out[o++] = '\n';
    }
    out[o] = '\0';
    return out;
}

/* md4c's blocks and text, gathered into the help's lines: a heading (# title, ## and ###
 * headings), a paragraph, a list item (its paragraphs joined), a table row ("cell|cell", the
 * head row marked). Emphasis and code marks keep only their text. */
typedef struct md {
    help_t *h;
    int page, group;
    int depth_li, in_head, cell; /* inside a list item, the table's head; the row's cells */
    help_kind_t kind;
    bool open; /* a line is being gathered in buf */
    char buf[2048];
    size_t len;
} md_t;

static void md_put(md_t *m, const char *t, size_t n) {
    if (!m->open) return;
    if (n > sizeof m->buf - 1 - m->len) n = sizeof m->buf - 1 - m->len;
    memcpy(m->buf + m->len, t, n);
    m->len += n;
    m->buf[m->len] = '\0';
}

static void md_begin(md_t *m, help_kind_t kind) {
    m->open = true;
    m->kind = kind;
    m->len = 0;
    m->buf[0] = '\0';
}

static void md_end(md_t *m) {
    if (m->open && m->len) add_line(m->h, m->kind, m->buf, m->page, m->group);
    m->open = false;
}

static int md_enter(MD_BLOCKTYPE type, void *detail, void *u) {
    md_t *m = u;
    switch (type) {
    case MD_BLOCK_H:
        md_begin(m, ((MD_BLOCK_H_DETAIL *)detail)->level == 1 ? HELP_TITLE : HELP_HEADING);
        break;
    case MD_BLOCK_LI:
        md_end(m);
        md_begin(m, HELP_BULLET);
        m->depth_li++;
        break;
    case MD_BLOCK_P:
        if (m->depth_li && m->open && m->len) md_put(m, " ", 1); /* a list item's next paragraph */
        if (!m->depth_li) md_begin(m, HELP_TEXT);
        break;
    case MD_BLOCK_THEAD:
        m->in_head = 1;
        break;
    case MD_BLOCK_TR:
        md_begin(m, m->in_head ? HELP_HEAD_ROW : HELP_ROW);
        m->cell = 0;
        break;
    case MD_BLOCK_TH:
    case MD_BLOCK_TD:
        if (m->cell++) md_put(m, "|", 1);
        break;
    default:
        break;
    }
    return 0;
}

static int md_leave(MD_BLOCKTYPE type, void *detail, void *u) {
    (void)detail;
    md_t *m = u;
    switch (type) {
    case MD_BLOCK_H:
    case MD_BLOCK_TR:
        md_end(m);
        break;
    case MD_BLOCK_P:
        if (!m->depth_li) md_end(m);
        break;
    case MD_BLOCK_LI:
        md_end(m);
        m->depth_li--;
        break;
    case MD_BLOCK_THEAD:
        m->in_head = 0;
        break;
    default:
        break;
    }
    return 0;
}

static int md_span(MD_SPANTYPE type, void *detail, void *u) {
    (void)type, (void)detail, (void)u; /* bold, emphasis, code: the text is what is shown */
    return 0;
}

static int md_text(MD_TEXTTYPE type, const MD_CHAR *text, MD_SIZE size, void *u) {
    md_t *m = u;
    switch (type) {
    case MD_TEXT_SOFTBR:
    case MD_TEXT_BR:
        md_put(m, " ", 1); /* a wrapped line of the file: one paragraph */
        break;
    case MD_TEXT_NULLCHAR:
        break;
    case MD_TEXT_ENTITY:
        /* the few a help file may hold; others as written */
        if (size == 5 && memcmp(text, "&amp;", 5) == 0)
            md_put(m, "&", 1);
        else if (size == 4 && memcmp(text, "&lt;", 4) == 0)
            md_put(m, "<", 1);
        else if (size == 4 && memcmp(text, "&gt;", 4) == 0)
            md_put(m, ">", 1);
        else
            md_put(m, text, size);
        break;
    default:
        md_put(m, text, size);
        break;
    }
    return 0;
}

/* ---- the files' text in the language on screen ---- */

/* A unit of a help file the catalogs translate: a heading's, a paragraph's or a list item's
 * text on one line (its lines joined by a space), without its mark ("# ", "- ", "{?name}- "),
 * which stays as written; po/update.sh extracts the same units. */
static void put_unit(char **out, size_t *o, size_t *cap, const char *mark, const char *text) {
    const char *t = text[0] ? _(text) : text;
    size_t need = strlen(mark) + strlen(t) + 2;
    if (*o + need >= *cap) {
        size_t ncap = (*cap + need) * 2;
        char *grown = realloc(*out, ncap);
        if (!grown) return;
        *out = grown, *cap = ncap;
    }
    *o += (size_t)sprintf(*out + *o, "%s%s\n", mark, t);
}

/* The file's Markdown with each unit translated (malloc'd; NULL without memory). */
static char *translate_doc(const char *text) {
    size_t cap = strlen(text) * 3 + 256, o = 0;
    char *out = malloc(cap), mark[64] = "", unit[2048] = "";
    if (!out) return NULL;
    out[0] = '\0';
    while (*text) {
        const char *nl = strchr(text, '\n');
        size_t len = nl ? (size_t)(nl - text) : strlen(text);
        char line[2048];
        snprintf(line, sizeof line, "%.*s", (int)(len < sizeof line ? len : sizeof line - 1), text);
        text += nl ? len + 1 : len;
        const char *body = line + strspn(line, " ");
        bool blank = !*body, cont = line[0] == ' ' && unit[0];
        /* a new unit: a blank line, a heading, a list item ("{?name}" first or not) */
        const char *item = line;
        if (strncmp(item, "{?", 2) == 0 && strchr(item, '}')) item = strchr(item, '}') + 1;
        bool starts = blank || line[0] == '#' || strncmp(item, "- ", 2) == 0;
        if (unit[0] && (starts || (!cont && mark[0] == '#'))) {
            put_unit(&out, &o, &cap, mark, unit);
            unit[0] = mark[0] = '\0';
        }
        if (blank) {
            put_unit(&out, &o, &cap, "", "");
            continue;
        }
        if (!unit[0]) {
            size_t m = line[0] == '#' ? strspn(line, "#") + strspn(line + strspn(line, "#"), " ")
                       : strncmp(item, "- ", 2) == 0 ? (size_t)(item - line) + 2
                                                     : 0;
            snprintf(mark, sizeof mark, "%.*s", (int)m, line);
            snprintf(unit, sizeof unit, "%s", line + m);
        } else {
            size_t u = strlen(unit);
            snprintf(unit + u, sizeof unit - u, " %s", body);
        }
    }
    if (unit[0]) put_unit(&out, &o, &cap, mark, unit);
    return out;
}

static void add_doc(help_t *h, const rules_t *r, int d, int page, int group) {
    if (!h->doc[d]) return;
    char *translated = translate_doc(h->doc[d]);
    char *text = translated ? fill_template(r, translated) : NULL;
    free(translated);
    if (!text) return;
    md_t m = {.h = h, .page = page, .group = group};
    MD_PARSER parser = {0};
    parser.flags = MD_FLAG_TABLES | MD_FLAG_NOHTML;
    parser.enter_block = md_enter;
    parser.leave_block = md_leave;
    parser.enter_span = md_span;
    parser.leave_span = md_span;
    parser.text = md_text;
    md_parse(text, (MD_SIZE)strlen(text), &parser, &m);
    md_end(&m);
    free(text);
}

/* ---- the pay tables ---- */

static void col_text(help_pay_col_t *c, const char *name, const char *value) {
    if (c->n == HELP_COL_ROWS) return;
    snprintf(c->rows[c->n][0], 40, "%s", name);
    snprintf(c->rows[c->n][1], 40, "%s", value);
    c->n++;
}

static void col_odds(help_pay_col_t *c, const char *name, long odds) {
    char v[40];
    snprintf(v, sizeof v, _("%ld to 1"), odds);
    col_text(c, name, v);
}

static help_pay_col_t *new_col(help_t *h, const char *title) {
    if (h->ncols == HELP_COLS) return NULL;
    help_pay_col_t *c = &h->cols[h->ncols++];
    snprintf(c->title, sizeof c->title, "%s", title);
    return c;
}

static void main_col(help_t *h, const rules_t *r) {
    if (r->variant != VARIANT_ASIAN) {
        help_pay_col_t *c =
            new_col(h, r->variant == VARIANT_CAJUN ? N_("ANTE AND RAISES") : N_("PLAY"));
        for (int k = EVAL_ROYAL_FLUSH; k >= EVAL_PAIR; k--)
            col_odds(c,
                     k == EVAL_PAIR ? (r->variant == VARIANT_CAJUN ? N_("Jacks or Better")
                                                                   : N_("Pair or Less"))
                                    : eval_category_name((eval_category_t)k),
                     r->main_pays[k]);
        if (r->variant == VARIANT_CAJUN) col_text(c, N_("Pair 6s to 10s"), N_("push"));
        return;
    }
    /* the raise wins the margin odds and the ante 1 to 1 (a config choice pays the odds on
     * both) */
    help_pay_col_t *c =
        new_col(h, r->asian_odds_on_ante ? N_("ANTE AND RAISE") : N_("RAISE (ANTE 1 TO 1)"));
    for (int m = 1; m <= 9; m++) {
        char name[24];
        snprintf(name, sizeof name, _("Win by %d"), m);
        col_odds(c, name, r->asian_margin_pays[m]);
    }
    if (!r->asian_odds_on_ante) col_odds(c, N_("Ante, every win"), 1);
    char pc[24];
    bp_text(r->asian_commission_bp, pc, sizeof pc);
    if (r->asian_commission_bp > 0) col_text(c, N_("Commission on net win"), pc);
}

static void prize_col(help_t *h, const rules_t *r) {
    bool live = r->offered[WAGER_JACKPOT];
    char title[80], b[MONEY_TEXT_MAX];
    snprintf(title, sizeof title, _("%s (%s)"), live ? _("JACKPOT") : _("PROGRESSIVE"),
             lang_money(live ? r->jackpot_stake : r->progressive_stake, r->currency, b, sizeof b));
    help_pay_col_t *c = new_col(h, title);
    for (int k = EVAL_ROYAL_FLUSH; k >= EVAL_TRIPS; k--) {
        const char *name = eval_category_name((eval_category_t)k);
        if (k == EVAL_ROYAL_FLUSH && live) {
            col_text(c, name, N_("TOP PRIZE"));
        } else if (!live && r->progressive_meter_bp[k] > 0) {
            char pc[40], v[24];
            bp_text(r->progressive_meter_bp[k], v, sizeof v);
            snprintf(pc, sizeof pc, _("%s of meter"), v);
            col_text(c, name, pc);
        } else {
            int64_t v = live ? r->jackpot_fixed[k] : r->progressive_fixed[k];
            if (v > 0) col_text(c, name, lang_money(v, r->currency, b, sizeof b));
        }
    }
}

static void cajun_cols(help_t *h, const rules_t *r) {
    static const char *const board[EVAL3_CATEGORIES] = {"",
                                                        N_("Board: Pair"),
                                                        N_("Board: Flush"),
                                                        N_("Board: Straight"),
                                                        N_("Board: Trips"),
                                                        N_("Board: Str. Flush"),
                                                        N_("Board: Mini Royal")};
    if (r->offered[WAGER_BOARD] || r->offered[WAGER_POCKET]) {
        help_pay_col_t *c =
            new_col(h, r->offered[WAGER_BOARD] && r->offered[WAGER_POCKET] ? N_("BOARD AND POCKET")
                       : r->offered[WAGER_BOARD]                           ? N_("BOARD BONUS")
                                                                           : N_("POCKET BONUS"));
        for (int k = EVAL3_MINI_ROYAL; r->offered[WAGER_BOARD] && k >= EVAL3_PAIR; k--)
            if (r->board_pays[k]) col_odds(c, board[k], r->board_pays[k]);
        for (int k = EVAL_POCKET_ACES; r->offered[WAGER_POCKET] && k >= EVAL_POCKET_PAIR; k--)
            if (r->pocket_pays[k])
                col_odds(c, eval_pocket_name((eval_pocket_t)k), r->pocket_pays[k]);
    }
    if (r->offered[WAGER_LOBALL]) {
        help_pay_col_t *c = new_col(h, "LO BALL");
        for (int k = CARD_RANK_7; k <= CARD_RANK_A; k++) {
            char name[24];
            snprintf(name, sizeof name, _("%s high"), lang_rank(k));
            if (r->loball_pays[k]) col_odds(c, name, r->loball_pays[k]);
        }
    }
}

static void build_paytables(help_t *h, const rules_t *r) {
    main_col(h, r);
    if (r->offered[WAGER_BONUS51]) {
        help_pay_col_t *c = new_col(h, "5+1 BONUS");
        for (int k = EVAL_ROYAL_FLUSH; k >= EVAL_TRIPS; k--)
            if (r->bonus51_pays[k])
                col_odds(c, eval_category_name((eval_category_t)k), r->bonus51_pays[k]);
    }
    if (r->offered[WAGER_JACKPOT] || r->offered[WAGER_PROGRESSIVE]) prize_col(h, r);
    if (r->variant == VARIANT_CAJUN) cajun_cols(h, r);
    if (r->offered[WAGER_ASIAN_BONUS]) {
        help_pay_col_t *c = new_col(h, N_("BONUS (joker wild)"));
        for (int k = EVAL_ABONUS_FIVE_ACES; k >= EVAL_ABONUS_TWO_PAIR; k--)
            if (r->asian_bonus_pays[k])
                col_odds(c, eval_asian_bonus_name((eval_asian_bonus_t)k), r->asian_bonus_pays[k]);
    }
    char b[MONEY_TEXT_MAX];
    int n = 0;
    if (r->variant == VARIANT_CARIBBEAN && r->max_payout > 0)
        snprintf(h->pay_note[n++], sizeof h->pay_note[0],
                 _("Most paid on the ante or on PLAY in one hand: %s."),
                 lang_money(r->max_payout, r->currency, b, sizeof b));
    if (r->variant == VARIANT_CAJUN && r->aggregate_limit > 0)
        snprintf(h->pay_note[n++], sizeof h->pay_note[0],
                 _("AGGREGATE LIMIT: wins above %d to 1 are limited to %s a round for the whole "
                   "table, shared in proportion."),
                 r->aggregate_odds, lang_money(r->aggregate_limit, r->currency, b, sizeof b));
}

/* ---- the bets: limits, returns, caps ---- */

const char *help_bet_label(rules_variant_t v, wager_t w) {
    if (w != WAGER_ANTE) return lang_wager(w);
    return v == VARIANT_CAJUN   ? N_("Ante and raises")
           : v == VARIANT_ASIAN ? N_("Ante and RAISE")
                                : N_("Ante and PLAY");
}

void help_percent(par_int num, par_int den, char *buf, size_t n) {
    if (den <= 0 || num < 0) {
        snprintf(buf, n, "?");
        return;
    }
    par_int hundredths = (num * 20000 + den) / (2 * den); /* percent x 100, half up */
    snprintf(buf, n, "%lld.%02lld%%", (long long)(hundredths / 100), (long long)(hundredths % 100));
}

static void stake_text(const rules_t *r, wager_t w, char *buf, size_t n) {
    char lo[MONEY_TEXT_MAX], hi[MONEY_TEXT_MAX];
    lang_money(r->bet_min[w], r->currency, lo, sizeof lo);
    lang_money(r->bet_max[w], r->currency, hi, sizeof hi);
    if (w == WAGER_JACKPOT || w == WAGER_PROGRESSIVE || r->bet_min[w] == r->bet_max[w])
        snprintf(buf, n, _("%s exactly"), lo);
    else if (w != WAGER_ANTE)
        snprintf(buf, n, _("%s to %s"), lo, hi);
    else
        snprintf(buf, n, _("%s to %s; %s"), lo, hi,
                 r->variant == VARIANT_CAJUN   ? _("raises 1 to 3 x ante")
                 : r->variant == VARIANT_ASIAN ? _("RAISE 1 x ante")
                                               : _("PLAY 2 x ante"));
}

static void bet_row(help_t *h, const rules_t *r, const approval_t *fig, wager_t w) {
    char stake[120], rtp[40];
    snprintf(rtp, sizeof rtp, "%s", fig ? _("not available") : _("being worked out"));
    stake_text(r, w, stake, sizeof stake);
    for (int i = 0; fig && i < fig->nbets; i++)
        if (fig->bet[i].wager == w) help_percent(fig->bet[i].num, fig->bet[i].den, rtp, sizeof rtp);
    add_linef(h, HELP_ROW, HELP_PAGE_BETS, "%s|%s|%s", help_bet_label(r->variant, w), stake, rtp);
}

static void returns_note(help_t *h, const rules_t *r) {
    add_linef(h, HELP_TEXT, HELP_PAGE_BETS,
              _("Return to player: what comes back on average over a very long run, exact over "
                "every possible deal (the main game per ante, with the best decisions%s)."),
              r->offered[WAGER_JACKPOT]       ? _("; the JACKPOT with what builds its top prize")
              : r->offered[WAGER_PROGRESSIVE] ? _("; the PROGRESSIVE with what builds its meter")
                                              : "");
}

/* The limits a player must know before a big win: the cap per bet, the aggregate limit (marked,
 * seed 003), the timers, the hand pay. */
static void caps(help_t *h, const rules_t *r) {
    char b[MONEY_TEXT_MAX];
    if (r->variant == VARIANT_CARIBBEAN && r->max_payout > 0)
        add_linef(h, HELP_BOX, HELP_PAGE_BETS,
                  _("MAXIMUM PAYOUT: %s on each bet, the ante and PLAY, in one hand; a win above "
                    "it is paid %s."),
                  lang_money(r->max_payout, r->currency, b, sizeof b), b);
    if (r->variant == VARIANT_CAJUN && r->aggregate_limit > 0) {
        char hands[160] = "";
        for (int k = EVAL_ROYAL_FLUSH; k >= EVAL_PAIR; k--)
            if (r->main_pays[k] > r->aggregate_odds)
                snprintf(hands + strlen(hands), sizeof hands - strlen(hands), "%s%s",
                         hands[0] ? C_("list", ", ") : C_("list", " ("),
                         lang_category((eval_category_t)k));
        if (hands[0])
            snprintf(hands + strlen(hands), sizeof hands - strlen(hands), "%s", C_("list", ")"));
        lang_money(r->aggregate_limit, r->currency, b, sizeof b);
        add_linef(h, HELP_BOX, HELP_PAGE_BETS,
                  _("AGGREGATE PAYOUT LIMIT: %s A ROUND. Wins on the ante and raises paid above "
                    "%d to 1%s are added up over the whole table; above %s they share %s in "
                    "proportion. Side bets are not limited."),
                  b, r->aggregate_odds, hands, b, b);
    }
    if (r->betting_seconds > 0)
        add_linef(h, HELP_TEXT, HELP_PAGE_BETS,
                  NG_("After your first chip you have %d second to bet; then the cards are dealt.",
                      "After your first chip you have %d seconds to bet; then the cards are dealt.",
                      r->betting_seconds),
                  r->betting_seconds);
    if (r->decision_seconds > 0)
        add_linef(h, HELP_TEXT, HELP_PAGE_BETS,
                  NG_("You have %d second for each decision; then the hand is folded for you "
                      "(AUTO FOLDED), and the side bets still count.",
                      "You have %d seconds for each decision; then the hand is folded for you "
                      "(AUTO FOLDED), and the side bets still count.",
                      r->decision_seconds),
                  r->decision_seconds);
    if (r->handpay_threshold > 0)
        add_linef(h, HELP_TEXT, HELP_PAGE_BETS,
                  _("A win of %s or more in one round calls an attendant (CALL ATTENDANT) "
                    "before play goes on."),
                  lang_money(r->handpay_threshold, r->currency, b, sizeof b));
}

static void build_bets(help_t *h, const rules_t *r, const approval_t *fig) {
    if (offers_side(r)) {
        add_doc(h, r, HELP_DOC_SIDE, HELP_PAGE_BETS, -1);
        for (int w = WAGER_BONUS51; w < WAGER_COUNT; w++)
            if (r->offered[w] && rules_variant_has_wager(r->variant, (wager_t)w))
                add_doc(h, r, HELP_DOC_BET0 + w - WAGER_BONUS51, HELP_PAGE_BETS, w);
    }
    bet_row(h, r, fig, WAGER_ANTE);
    for (int w = WAGER_BONUS51; w < WAGER_COUNT; w++)
        if (r->offered[w] && rules_variant_has_wager(r->variant, (wager_t)w))
            bet_row(h, r, fig, (wager_t)w);
    returns_note(h, r);
    caps(h, r);
}

bool help_build(help_t *h, const rules_t *r, const approval_t *figures) {
    clear_built(h);
    h->rules = *r;
    h->has_figures = figures != NULL;
    add_doc(h, r, HELP_DOC_HANDS, HELP_PAGE_HANDS, -1);
    build_paytables(h, r);
    add_doc(h, r, HELP_DOC_PLAY, HELP_PAGE_PLAY, -1);
    build_bets(h, r, figures);
    h->built = true;
    h->lang = (int)lang_get();
    h->laid_out = false;
    return h->nlines > 0;
}

bool help_figures(const rules_t *r, bool compute, approval_t *out) {
    if (approval_known(r, out)) return true;
    return compute && approval_compute(r, 1, out);
}

/* ---- the words of a page ---- */

const char *help_page_title(const help_t *h, int page) {
    switch (page) {
    case HELP_PAGE_HANDS:
        return h->variant == VARIANT_ASIAN ? N_("POINTS AND SPLITS") : N_("HANDS, HIGHEST FIRST");
    case HELP_PAGE_PAYS:
        return N_("WHAT EACH BET PAYS");
    case HELP_PAGE_PLAY:
        return N_("HOW TO PLAY");
    default:
        return h->built && offers_side(&h->rules) ? N_("SIDE BETS, LIMITS AND RETURNS")
                                                  : N_("LIMITS AND RETURNS");
    }
}

static void put(char *buf, size_t n, size_t *len, const char *text) {
    size_t t = strlen(text);
    if (*len < n) snprintf(buf + *len, n - *len, "%s\n", text);
    *len += t + 1;
}

int help_page_text(const help_t *h, int page, char *buf, size_t n) {
    size_t len = 0;
    if (n) buf[0] = '\0';
    put(buf, n, &len, help_page_title(h, page));
    if (page == HELP_PAGE_HANDS && h->variant != VARIANT_ASIAN)
        for (int k = EVAL_CATEGORIES - 1; k >= 0; k--)
            put(buf, n, &len, eval_category_name((eval_category_t)k));
    if (page == HELP_PAGE_PAYS) {
        for (int c = 0; c < h->ncols; c++) {
            put(buf, n, &len, h->cols[c].title);
            for (int k = 0; k < h->cols[c].n; k++) {
                char row[90];
                snprintf(row, sizeof row, "%s|%s", h->cols[c].rows[k][0], h->cols[c].rows[k][1]);
                put(buf, n, &len, row);
            }
        }
        for (int i = 0; i < 2; i++)
            if (h->pay_note[i][0]) put(buf, n, &len, h->pay_note[i]);
    }
    for (int i = 0; i < h->nlines; i++)
        if (h->lines[i].page == page) put(buf, n, &len, h->lines[i].text);
    if (h->missing[0]) put(buf, n, &len, h->missing);
    return (int)len;
}
