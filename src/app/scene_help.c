#include "scene_help.h"
#include "ui_gfx.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const ui_color_t GOLD = {242, 201, 76, 255};
static const ui_color_t CREAM = {250, 240, 215, 255};
static const ui_color_t DIM = {190, 205, 190, 255};
static const ui_color_t GREEN_WIN = {110, 231, 140, 255};
static const ui_color_t RED_LOSE = {255, 120, 110, 255};

/* the content area of a pop-up page */
#define PAGE_X 200.0f
#define PAGE_Y 150.0f
#define PAGE_W 1520.0f
#define PAGE_H 700.0f

/* ---- reading the sheet ---- */

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

static void add_line(help_t *h, help_kind_t kind, const char *text) {
    help_line_t *nl = realloc(h->lines, sizeof *nl * (size_t)(h->nlines + 1));
    if (!nl) return;
    h->lines = nl;
    char *t = strip_markup(text);
    if (!t) return;
    h->lines[h->nlines].kind = kind;
    h->lines[h->nlines].text = t;
    h->lines[h->nlines].page = 0;
    h->lines[h->nlines].y = 0;
    h->nlines++;
}

/* Joins a line of the file to the line before it (a wrapped paragraph or list item). */
static void append_to_last(help_t *h, const char *text) {
    help_line_t *last = &h->lines[h->nlines - 1];
    char *t = strip_markup(text);
    if (!t) return;
    size_t a = strlen(last->text), b = strlen(t);
    char *joined = realloc(last->text, a + b + 2);
    if (joined) {
        joined[a] = ' ';
        memcpy(joined + a + 1, t, b + 1);
        last->text = joined;
    }
    free(t);
}

void help_load(help_t *h, rules_variant_t v, const char *assets_dir) {
    memset(h, 0, sizeof *h);
    static const char *const sheets[VARIANT_COUNT] = {"caribbean-stud.md", "cajun-stud.md",
                                                      "asian-stud.md"};
    snprintf(h->sheet_name, sizeof h->sheet_name, "%s", sheets[v]);
    char path[700];
    snprintf(path, sizeof path, "%s/../seeds/%s", assets_dir, sheets[v]);
    FILE *f = fopen(path, "r");
    if (!f) return;
    char line[2048];
    bool blank_before = true;
    while (fgets(line, sizeof line, f)) {
        char *p = line;
        if (p[0] == '|') {
            /* a separator row "|---|---|" only marks the head row above it */
            if (strspn(p, "|-: \r\n") == strlen(p)) {
                if (h->nlines && h->lines[h->nlines - 1].kind == HELP_ROW)
                    h->lines[h->nlines - 1].kind = HELP_HEAD_ROW;
                continue;
            }
            /* cells between the bars, kept separated by '|' */
            char cells[2048];
            size_t o = 0;
            for (char *c = p + 1; *c && *c != '\n' && o + 2 < sizeof cells; c++) cells[o++] = *c;
            while (o && (cells[o - 1] == '|' || cells[o - 1] == ' ' || cells[o - 1] == '\r')) o--;
            cells[o] = '\0';
            add_line(h, HELP_ROW, cells);
            blank_before = false;
            continue;
        }
        if (strncmp(p, "# ", 2) == 0)
            add_line(h, HELP_TITLE, p + 2);
        else if (strncmp(p, "## ", 3) == 0 || strncmp(p, "### ", 4) == 0)
            add_line(h, HELP_HEADING, p + (p[2] == '#' ? 4 : 3));
        else if (strncmp(p, "- ", 2) == 0)
            add_line(h, HELP_BULLET, p + 2);
        else if (p[0] >= '1' && p[0] <= '9' && p[1] == '.' && p[2] == ' ')
            add_line(h, HELP_BULLET, p);
        else if (p[0] == ' ' && h->nlines && p[strspn(p, " ")] != '\n') {
            append_to_last(h, p + strspn(p, " ")); /* a continuation of the line above */
        } else if (p[strspn(p, " \r\n")] != '\0') {
            /* a paragraph wrapped over several lines of the file is one paragraph */
            if (!blank_before && h->nlines && h->lines[h->nlines - 1].kind == HELP_TEXT) {
                append_to_last(h, p);
            } else {
                add_line(h, HELP_TEXT, p);
            }
        }
        blank_before = p[strspn(p, " \r\n")] == '\0';
    }
    fclose(f);
}

void help_free(help_t *h) {
    for (int i = 0; i < h->nlines; i++) free(h->lines[i].text);
    free(h->lines);
    memset(h, 0, sizeof *h);
}

/* ---- laying out and drawing the sheet ---- */

static float kind_size(help_kind_t k) {
    switch (k) {
    case HELP_TITLE:
        return 40;
    case HELP_HEADING:
        return 30;
    default:
        return 22;
    }
}

static int split_cells(const char *row, char cells[8][300]) {
    int n = 0;
    const char *p = row;
    while (n < 8) {
        const char *bar = strchr(p, '|');
        size_t len = bar ? (size_t)(bar - p) : strlen(p);
        while (len && *p == ' ') p++, len--;
        while (len && p[len - 1] == ' ') len--;
        if (len >= 300) len = 299;
        memcpy(cells[n], p, len);
        cells[n][len] = '\0';
        n++;
        if (!bar) break;
        p = bar + 1;
    }
    return n;
}

static float row_height(ui_gfx_t *g, const help_line_t *l, bool draw, float y) {
    char cells[8][300];
    int n = split_cells(l->text, cells);
    float first = n > 2 ? PAGE_W * 0.34f : PAGE_W * 0.5f;
    float rest = n > 1 ? (PAGE_W - first) / (float)(n - 1) : 0;
    float h = 0, x = PAGE_X;
    int face = l->kind == HELP_HEAD_ROW ? UI_FONT_BOLD : UI_FONT_REGULAR;
    for (int i = 0; i < n; i++) {
        float w = i == 0 ? first : rest;
        float ch = draw ? gfx_text_wrap(g, cells[i], x + 8, y + 4, w - 16, 21, face,
                                        l->kind == HELP_HEAD_ROW ? GOLD : CREAM, UI_ALIGN_LEFT)
                        : gfx_text_wrap_height(g, cells[i], w - 16, 21, face);
        if (ch > h) h = ch;
        x += w;
    }
    return h + 10;
}

static float line_height(ui_gfx_t *g, const help_line_t *l) {
    switch (l->kind) {
    case HELP_ROW:
    case HELP_HEAD_ROW:
        return row_height(g, l, false, 0);
    case HELP_BULLET:
        return gfx_text_wrap_height(g, l->text, PAGE_W - 40, 22, UI_FONT_REGULAR) + 6;
    case HELP_TITLE:
    case HELP_HEADING:
        return gfx_text_wrap_height(g, l->text, PAGE_W, kind_size(l->kind), UI_FONT_DISPLAY) + 12;
    default:
        return gfx_text_wrap_height(g, l->text, PAGE_W, 22, UI_FONT_REGULAR) + 8;
    }
}

static void layout(ui_gfx_t *g, help_t *h) {
    if (h->laid_out && h->laid_out_scale == g->scale) return;
    int page = 0;
    float y = 0;
    for (int i = 0; i < h->nlines; i++) {
        help_line_t *l = &h->lines[i];
        float lh = line_height(g, l);
        /* a heading never ends a page; a page never starts with a gap */
        bool heading = l->kind == HELP_HEADING || l->kind == HELP_TITLE;
        if (y + lh > PAGE_H || (heading && y + lh + 80 > PAGE_H && y > 0)) {
            page++;
            y = 0;
        }
        if (heading && y > 0) y += 14;
        l->page = page;
        l->y = y;
        y += lh;
    }
    h->text_pages = h->nlines ? page + 1 : 0;
    h->laid_out = true;
    h->laid_out_scale = g->scale;
}

int help_pages(ui_gfx_t *g, help_t *h) {
    layout(g, h);
    return 2 + (h->text_pages ? h->text_pages : 1);
}

static void draw_sheet_page(ui_gfx_t *g, help_t *h, int page) {
    layout(g, h);
    if (!h->nlines) {
        char msg[160];
        snprintf(msg, sizeof msg, "The rule sheet seeds/%s was not found beside the game.",
                 h->sheet_name);
        gfx_text(g, msg, 960, PAGE_Y + 200, 28, UI_FONT_BOLD, CREAM, UI_ALIGN_CENTER);
        return;
    }
    bool shade = false;
    for (int i = 0; i < h->nlines; i++) {
        const help_line_t *l = &h->lines[i];
        if (l->page != page) continue;
        float y = PAGE_Y + l->y;
        switch (l->kind) {
        case HELP_TITLE:
        case HELP_HEADING:
            gfx_text_wrap(g, l->text, PAGE_X, y, PAGE_W, kind_size(l->kind), UI_FONT_DISPLAY, GOLD,
                          UI_ALIGN_LEFT);
            break;
        case HELP_BULLET:
            gfx_text(g, "\xE2\x80\xA2", PAGE_X + 8, y, 22, UI_FONT_BOLD, GOLD, UI_ALIGN_LEFT);
            gfx_text_wrap(g, l->text, PAGE_X + 34, y, PAGE_W - 40, 22, UI_FONT_REGULAR, CREAM,
                          UI_ALIGN_LEFT);
            break;
        case HELP_ROW:
        case HELP_HEAD_ROW: {
            float rh = row_height(g, l, false, 0);
            if (l->kind == HELP_HEAD_ROW) shade = false;
            if (shade || l->kind == HELP_HEAD_ROW)
                gfx_fill(g, ui_r(PAGE_X, y, PAGE_W, rh - 2),
                         l->kind == HELP_HEAD_ROW ? ui_rgba(0, 0, 0, 120)
                                                  : ui_rgba(255, 255, 255, 14));
            shade = !shade;
            row_height(g, l, true, y);
            break;
        }
        default:
            gfx_text_wrap(g, l->text, PAGE_X, y, PAGE_W, 22, UI_FONT_REGULAR, CREAM, UI_ALIGN_LEFT);
        }
    }
}

/* ---- hand rankings, with the real cards ---- */

static void small_card(ui_gfx_t *g, card_t c, float x, float y, float w) {
    char path[32], f[3];
    snprintf(path, sizeof path, "cards/%s.svg", card_format(c, f));
    gfx_svg(g, path, ui_r(x, y, w, w * 1.4f), 255);
}

static void draw_rankings(ui_gfx_t *g, const game_t *game) {
    static const char *const examples[EVAL_CATEGORIES] = {
        "Ah Jd 9c 6s 3h", "Ts Td Kc 7h 2s", "As Ad 8c 8h Qd", "7s 7h 7d Kc 2s", "5h 6d 7c 8s 9h",
        "Ah Jh 9h 6h 3h", "Ks Kh Kd 6c 6h", "9s 9h 9d 9c 2h", "5s 6s 7s 8s 9s", "Ts Js Qs Ks As"};
    gfx_text(g, "HANDS, HIGHEST FIRST", 960, PAGE_Y - 6, 30, UI_FONT_DISPLAY, GOLD,
             UI_ALIGN_CENTER);
    for (int k = 0; k < EVAL_CATEGORIES; k++) {
        int cat = EVAL_CATEGORIES - 1 - k;
        int col = k / 5, row = k % 5;
        float x = PAGE_X + (float)col * 780, y = PAGE_Y + 50 + (float)row * 128;
        card_t cards[5];
        char err[64];
        card_parse_list(examples[cat], cards, 5, err, sizeof err);
        for (int i = 0; i < 5; i++) small_card(g, cards[i], x + (float)i * 62, y, 76);
        char name[96];
        eval_describe(eval_value(cards, 5), name, sizeof name);
        gfx_text(g, eval_category_name((eval_category_t)cat), x + 400, y + 20, 28, UI_FONT_BOLD,
                 CREAM, UI_ALIGN_LEFT);
        gfx_text(g, name, x + 400, y + 58, 21, UI_FONT_REGULAR, DIM, UI_ALIGN_LEFT);
    }
    (void)game;
}

/* ---- the configured pay tables ---- */

typedef struct pay_col {
    char title[40];
    char rows[12][2][40];
    int n;
} pay_col_t;

static void col_text(pay_col_t *c, const char *name, const char *value) {
    if (c->n == 12) return;
    snprintf(c->rows[c->n][0], 40, "%s", name);
    snprintf(c->rows[c->n][1], 40, "%s", value);
    c->n++;
}

static void col_odds(pay_col_t *c, const char *name, long odds) {
    char v[40];
    snprintf(v, sizeof v, "%ld to 1", odds);
    col_text(c, name, v);
}

static void draw_paytables(ui_gfx_t *g, const game_t *game) {
    const rules_t *r = &game->rules;
    pay_col_t cols[4];
    int ncols = 0;
    memset(cols, 0, sizeof cols);
    char b[40];
    if (r->variant != VARIANT_ASIAN) {
        pay_col_t *c = &cols[ncols++];
        snprintf(c->title, sizeof c->title, "%s",
                 r->variant == VARIANT_CAJUN ? "ANTE AND RAISES" : "PLAY");
        for (int k = EVAL_ROYAL_FLUSH; k >= EVAL_PAIR; k--)
            col_odds(c,
                     k == EVAL_PAIR
                         ? (r->variant == VARIANT_CAJUN ? "Jacks or Better" : "Pair or Less")
                         : eval_category_name((eval_category_t)k),
                     r->main_pays[k]);
        if (r->variant == VARIANT_CAJUN) col_text(c, "Pair 6s to 10s", "push");
    } else {
        /* rules.md: the raise wins the margin odds and the ante 1 to 1 (the literal reading,
         * a config choice, pays the odds on both) */
        pay_col_t *c = &cols[ncols++];
        snprintf(c->title, sizeof c->title, "%s",
                 r->asian_odds_on_ante ? "ANTE AND RAISE" : "RAISE (ANTE 1 TO 1)");
        for (int m = 1; m <= 9; m++) {
            char name[24];
            snprintf(name, sizeof name, "Win by %d", m);
            col_odds(c, name, r->asian_margin_pays[m]);
        }
        if (!r->asian_odds_on_ante) col_odds(c, "Ante, every win", 1);
        char pc[24];
        snprintf(pc, sizeof pc, "%d.%02d%%", r->asian_commission_bp / 100,
                 r->asian_commission_bp % 100);
        col_text(c, "Commission on net win", pc);
    }
    if (r->offered[WAGER_BONUS51]) {
        pay_col_t *c = &cols[ncols++];
        snprintf(c->title, sizeof c->title, "5+1 BONUS");
        for (int k = EVAL_ROYAL_FLUSH; k >= EVAL_TRIPS; k--)
            col_odds(c, eval_category_name((eval_category_t)k), r->bonus51_pays[k]);
    }
    if (r->offered[WAGER_JACKPOT] || r->offered[WAGER_PROGRESSIVE]) {
        bool live = r->offered[WAGER_JACKPOT];
        pay_col_t *c = &cols[ncols++];
        snprintf(c->title, sizeof c->title, "%s (%s)", live ? "JACKPOT" : "PROGRESSIVE",
                 game_money(game, live ? r->jackpot_stake : r->progressive_stake, b));
        for (int k = EVAL_ROYAL_FLUSH; k >= EVAL_TRIPS; k--) {
            const char *name = eval_category_name((eval_category_t)k);
            if (k == EVAL_ROYAL_FLUSH && live) {
                col_text(c, name, "TOP PRIZE");
            } else if (!live && r->progressive_meter_bp[k] > 0) {
                char pc[40];
                snprintf(pc, sizeof pc, "%d.%02d%% of meter", r->progressive_meter_bp[k] / 100,
                         r->progressive_meter_bp[k] % 100);
                col_text(c, name, pc);
            } else {
                int64_t v = live ? r->jackpot_fixed[k] : r->progressive_fixed[k];
                if (v > 0) col_text(c, name, game_money(game, v, b));
            }
        }
    }
    if (r->variant == VARIANT_CAJUN) {
        pay_col_t *c = &cols[ncols++];
        snprintf(c->title, sizeof c->title, "SIDE BETS");
        static const char *const board[EVAL3_CATEGORIES] = {"",
                                                            "Board: Pair",
                                                            "Board: Flush",
                                                            "Board: Straight",
                                                            "Board: Trips",
                                                            "Board: Str. Flush",
                                                            "Board: Mini Royal"};
        for (int k = EVAL3_MINI_ROYAL; k >= EVAL3_PAIR; k--)
            if (r->board_pays[k]) col_odds(c, board[k], r->board_pays[k]);
        for (int k = EVAL_POCKET_ACES; k >= EVAL_POCKET_PAIR; k--)
            if (r->pocket_pays[k])
                col_odds(c, eval_pocket_name((eval_pocket_t)k), r->pocket_pays[k]);
    }
    if (r->variant == VARIANT_CAJUN && ncols < 4) {
        pay_col_t *c = &cols[ncols++];
        snprintf(c->title, sizeof c->title, "LO BALL");
        for (int k = CARD_RANK_7; k <= CARD_RANK_A; k++) {
            char name[24];
            snprintf(name, sizeof name, "%s high", card_rank_word(k));
            if (r->loball_pays[k]) col_odds(c, name, r->loball_pays[k]);
        }
    }
    if (r->offered[WAGER_ASIAN_BONUS]) {
        pay_col_t *c = &cols[ncols++];
        snprintf(c->title, sizeof c->title, "BONUS (joker wild)");
        for (int k = EVAL_ABONUS_FIVE_ACES; k >= EVAL_ABONUS_TWO_PAIR; k--)
            col_odds(c, eval_asian_bonus_name((eval_asian_bonus_t)k), r->asian_bonus_pays[k]);
    }
    float w = (PAGE_W - 30 * (float)(ncols - 1)) / (float)ncols;
    for (int i = 0; i < ncols; i++) {
        float x = PAGE_X + (float)i * (w + 30);
        gfx_panel(g, ui_r(x, PAGE_Y, w, PAGE_H - 40), 16, ui_rgba(10, 40, 24, 230),
                  ui_rgba(4, 24, 14, 230), ui_rgba(242, 201, 76, 180), 2);
        gfx_text(g, cols[i].title, x + w / 2, PAGE_Y + 18, 26, UI_FONT_DISPLAY, GOLD,
                 UI_ALIGN_CENTER);
        for (int k = 0; k < cols[i].n; k++) {
            float y = PAGE_Y + 70 + (float)k * 48;
            gfx_text(g, cols[i].rows[k][0], x + 20, y, 22, UI_FONT_REGULAR, CREAM, UI_ALIGN_LEFT);
            gfx_text(g, cols[i].rows[k][1], x + w - 20, y, 22, UI_FONT_BOLD, CREAM, UI_ALIGN_RIGHT);
        }
    }
    char line[160];
    if (r->max_payout > 0) {
        snprintf(line, sizeof line, "Most paid on one bet: %s.",
                 game_money(game, r->max_payout, b));
        gfx_text(g, line, 960, PAGE_Y + PAGE_H - 24, 22, UI_FONT_BOLD, DIM, UI_ALIGN_CENTER);
    }
    if (r->variant == VARIANT_CAJUN && r->aggregate_limit > 0) {
        snprintf(line, sizeof line,
                 "Wins above %d to 1 are limited to %s a round for the whole table, shared "
                 "in proportion.",
                 r->aggregate_odds, game_money(game, r->aggregate_limit, b));
        gfx_text(g, line, 960, PAGE_Y + PAGE_H - 24, 22, UI_FONT_BOLD, DIM, UI_ALIGN_CENTER);
    }
}

void help_draw(ui_gfx_t *g, help_t *h, const game_t *game, int page) {
    if (page == 0)
        draw_rankings(g, game);
    else if (page == 1)
        draw_paytables(g, game);
    else
        draw_sheet_page(g, h, page - 2);
}

/* ---- history ---- */

int history_per_page(void) {
    return 5;
}

void history_draw(ui_gfx_t *g, const game_t *game, const game_record_t *recs, int n, bool recall) {
    char b1[40], b2[40], line[200];
    if (n == 0) {
        gfx_text(g, recall ? "No rounds recorded on this machine yet." : "No rounds played yet.",
                 960, PAGE_Y + 200, 30, UI_FONT_BOLD, CREAM, UI_ALIGN_CENTER);
        return;
    }
    for (int k = 0; k < n && k < history_per_page(); k++) {
        const game_record_t *h = &recs[k];
        float y = PAGE_Y + (float)k * 140;
        gfx_panel(g, ui_r(PAGE_X, y, PAGE_W, 128), 14, ui_rgba(0, 0, 0, 110), ui_rgba(0, 0, 0, 110),
                  ui_rgba(242, 201, 76, 90), 1.5f);
        snprintf(line, sizeof line, "GAME %06llu", (unsigned long long)h->number);
        gfx_text(g, line, PAGE_X + 20, y + 12, 24, UI_FONT_BOLD, GOLD, UI_ALIGN_LEFT);
        if (h->when[0])
            gfx_text(g, h->when, PAGE_X + 180, y + 15, 19, UI_FONT_REGULAR, DIM, UI_ALIGN_LEFT);
        bool cajun = game->rules.variant == VARIANT_CAJUN;
        int n = cajun ? 2 : 5;
        for (int i = 0; i < n; i++)
            small_card(g, h->cards[i], PAGE_X + 20 + (float)i * 52, y + 44, 60);
        const card_t *other = cajun ? h->board : h->dealer;
        int m = cajun ? 3 : 5;
        gfx_text(g, cajun ? "BOARD" : "DEALER", PAGE_X + 330, y + 12, 20, UI_FONT_BOLD, DIM,
                 UI_ALIGN_LEFT);
        for (int i = 0; i < m; i++)
            small_card(g, other[i], PAGE_X + 330 + (float)i * 52, y + 44, 60);
        /* bets and results */
        float x = PAGE_X + 640;
        int shown = 0;
        for (int w = 0; w < WAGER_COUNT && shown < 6; w++) {
            if (!h->stake[w]) continue;
            ui_color_t c = h->outcome[w] == OUTCOME_WIN    ? GREEN_WIN
                           : h->outcome[w] == OUTCOME_LOSE ? RED_LOSE
                                                           : CREAM;
            snprintf(line, sizeof line, "%s %s: %s %s", wager_name((wager_t)w),
                     game_money(game, h->stake[w], b1), round_outcome_name(h->outcome[w]),
                     h->outcome[w] == OUTCOME_WIN ? game_money(game, h->returned[w], b2) : "");
            gfx_text(g, line, x + (float)(shown / 3) * 330, y + 14 + (float)(shown % 3) * 34, 20,
                     UI_FONT_REGULAR, c, UI_ALIGN_LEFT);
            shown++;
        }
        snprintf(line, sizeof line, "%s  to  %s", game_money(game, h->credits_before, b1),
                 game_money(game, h->credits_after, b2));
        gfx_text(g, "CREDITS", PAGE_X + PAGE_W - 20, y + 14, 20, UI_FONT_BOLD, DIM, UI_ALIGN_RIGHT);
        gfx_text(g, line, PAGE_X + PAGE_W - 20, y + 46, 24, UI_FONT_BOLD, CREAM, UI_ALIGN_RIGHT);
        const char *note = h->void_round    ? "VOID"
                           : h->auto_folded ? "AUTO FOLDED"
                           : h->folded      ? "FOLDED"
                                            : "";
        gfx_text(g, note, PAGE_X + PAGE_W - 20, y + 84, 20, UI_FONT_BOLD, GOLD, UI_ALIGN_RIGHT);
    }
}
