/* The help and history pop-ups, drawn (the help's words: scene_help_text.c). */
#include "scene_help.h"
#include "lang.h"
#include "ui_gfx.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const ui_color_t GOLD = {242, 201, 76, 255};
static const ui_color_t CREAM = {250, 240, 215, 255};
static const ui_color_t DIM = {190, 205, 190, 255};
static const ui_color_t GREEN_WIN = {110, 231, 140, 255};
static const ui_color_t RED_LOSE = {255, 120, 110, 255};

/* The content area of a pop-up page: inside the pop-up (help_popup), which is as wide as the
 * window's layout allows (1620 at 16:9, 1380 at 4:3); its buttons start at y 970. PAGE_X and
 * PAGE_W read it from the drawing context `g` of the function they are used in. */
#define PAGE_X (page_of(g).x)
#define PAGE_W (page_of(g).w)
#define PAGE_Y 150.0f
/* the least size of any text (a player reads it at a cabinet's distance: 24 px at 1080 lines) */
#define HELP_LEAST 24.0f
#define FLOW_TOP   (PAGE_Y + 52)
#define FLOW_END   958.0f
/* the drawn deal beside HOW TO PLAY, and the text column of the points page */
#define PLAY_ART_W  430.0f
#define POINTS_TEXT 860.0f
#define POINTS_END  (PAGE_Y + 600) /* the values' ladder below */

ui_rect_t help_popup(ui_rect_t area) {
    float w = area.w - 60;
    if (w > 1620) w = 1620;
    return ui_r(960 - w / 2, 60, w, 1000);
}

static float least(float size) {
    return size < HELP_LEAST ? HELP_LEAST : size;
}

static ui_rect_t page_of(const ui_gfx_t *g) {
    ui_rect_t p = help_popup(gfx_area(g));
    return ui_r(p.x + 50, PAGE_Y, p.w - 100, FLOW_END - PAGE_Y);
}

/* ---- the figures of other pay tables, worked out beside the table ---- */

struct help_job {
    rules_t rules;
    approval_t figures;
    SDL_atomic_t state; /* 0 working, 1 done, 2 failed */
    SDL_atomic_t refs;  /* the help and the thread */
};

static void job_release(help_job_t *j) {
    if (SDL_AtomicAdd(&j->refs, -1) == 1) free(j);
}

static int job_run(void *data) {
    help_job_t *j = data;
    SDL_SetThreadPriority(SDL_THREAD_PRIORITY_LOW); /* (see ui_gfx.h: background work) */
    bool ok = approval_compute(&j->rules, 1, &j->figures);
    SDL_AtomicSet(&j->state, ok ? 1 : 2);
    /* a still table is not drawn again: this wakes the loop for a frame with the figures */
    SDL_Event e;
    memset(&e, 0, sizeof e);
    e.type = SDL_WINDOWEVENT;
    e.window.event = SDL_WINDOWEVENT_EXPOSED;
    SDL_PushEvent(&e);
    job_release(j);
    return 0;
}

static void job_start(help_t *h, const rules_t *r) {
    help_job_t *j = calloc(1, sizeof *j);
    if (!j) return;
    j->rules = *r;
    SDL_AtomicSet(&j->refs, 2);
    SDL_Thread *t = SDL_CreateThread(job_run, "help figures", j);
    if (!t) {
        free(j);
        return;
    }
    SDL_DetachThread(t); /* a help closed before the figures are ready does not wait for them */
    h->job = j;
}

/* The text for the rules of the game drawn: built once, and again when the figures come. */
static void bind(help_t *h, const game_t *game) {
    const rules_t *r = &game->rules;
    if (h->built && h->lang == (int)lang_get() && memcmp(&h->rules, r, sizeof *r) == 0) {
        if (h->job && SDL_AtomicGet(&h->job->state) != 0) {
            approval_t none = {.variant = r->variant}; /* failed (no memory): none to show */
            help_build(h, r, SDL_AtomicGet(&h->job->state) == 1 ? &h->job->figures : &none);
            job_release(h->job);
            h->job = NULL;
        }
        return;
    }
    if (h->job) job_release(h->job);
    h->job = NULL;
    approval_t f;
    if (help_figures(r, false, &f)) {
        help_build(h, r, &f);
    } else {
        help_build(h, r, NULL);
        job_start(h, r);
    }
}

void help_free(help_t *h) {
    if (h->job) job_release(h->job);
    h->job = NULL;
    help_text_free(h);
    memset(h, 0, sizeof *h);
}

/* ---- laying out the text ---- */

static float kind_size(help_kind_t k) {
    switch (k) {
    case HELP_TITLE:
        return 36;
    case HELP_HEADING:
        return 30;
    default:
        return 25;
    }
}

static int split_cells(const char *row, char cells[4][300]) {
    int n = 0;
    const char *p = row;
    while (n < 4) {
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

/* A table row: measured, or drawn at y. Three cells: the bet, its stake, its return. */
static float row_height(ui_gfx_t *g, const help_line_t *l, float f, bool draw, float y) {
    static const float three[3] = {0.30f, 0.48f, 0.22f};
    char cells[4][300];
    int n = split_cells(l->text, cells);
    float h = 0, x = l->x, size = 25 * f;
    int face = l->kind == HELP_HEAD_ROW ? UI_FONT_BOLD : UI_FONT_REGULAR;
    for (int i = 0; i < n; i++) {
        float w = n == 3 ? l->w * three[i] : l->w / (float)n;
        bool last = n == 3 && i == 2;
        if (i == 0 && n == 3) face = UI_FONT_BOLD;
        float ch = draw ? gfx_text_wrap(g, cells[i], last ? x + w - 12 : x + 12, y + 5 * f, w - 24,
                                        size, face, l->kind == HELP_HEAD_ROW ? GOLD : CREAM,
                                        last ? UI_ALIGN_RIGHT : UI_ALIGN_LEFT)
                        : gfx_text_wrap_height(g, cells[i], w - 24, size, face);
        if (ch > h) h = ch;
        face = l->kind == HELP_HEAD_ROW ? UI_FONT_BOLD : UI_FONT_REGULAR;
        x += w;
    }
    return h + 9 * f;
}

static float line_height(ui_gfx_t *g, const help_line_t *l, float f) {
    float size = kind_size(l->kind) * f;
    switch (l->kind) {
    case HELP_ROW:
    case HELP_HEAD_ROW:
        return row_height(g, l, f, false, 0);
    case HELP_BULLET:
        return gfx_text_wrap_height(g, l->text, l->w - 34, size, UI_FONT_REGULAR) + 10 * f;
    case HELP_TITLE:
    case HELP_HEADING:
        return gfx_text_wrap_height(g, l->text, l->w, size, UI_FONT_DISPLAY) + 8 * f;
    case HELP_BOX:
        return gfx_text_wrap_height(g, l->text, l->w - 48, size, UI_FONT_BOLD) + 44 * f;
    default:
        return gfx_text_wrap_height(g, l->text, l->w, size, UI_FONT_REGULAR) + 14 * f;
    }
}

/* The side bets' panels, side by side, at y: each line placed in its bet's panel. Returns the
 * panels' height. */
static float place_panels(ui_gfx_t *g, help_t *h, float y, float f) {
    int groups[WAGER_COUNT], n = 0;
    for (int i = 0; i < h->nlines; i++) {
        int gr = h->lines[i].group;
        if (gr < 0 || (n && groups[n - 1] == gr)) continue;
        groups[n++] = gr;
    }
    float gap = 24, pw = (PAGE_W - gap * (float)(n - 1)) / (float)(n ? n : 1), tallest = 0;
    for (int k = 0; k < n; k++) {
        float px = PAGE_X + (float)k * (pw + gap), iy = y + 16 * f;
        for (int i = 0; i < h->nlines; i++) {
            help_line_t *l = &h->lines[i];
            if (l->group != groups[k]) continue;
            l->x = px + 22, l->w = pw - 44, l->y = iy;
            iy += line_height(g, l, f);
        }
        if (iy - y > tallest) tallest = iy - y;
    }
    return tallest + 6 * f;
}

/* The bets' tiles, side by side and centred, at y, from line `first` on: each bet's name, its
 * stake and its return to player. Returns their height; *next is the first line after them. */
static float place_tiles(ui_gfx_t *g, help_t *h, int first, float y, float f, int *next) {
    int n = 0;
    while (first + n < h->nlines && h->lines[first + n].kind == HELP_ROW &&
           h->lines[first + n].page == HELP_PAGE_BETS)
        n++;
    float gap = 24, w = (PAGE_W - gap * (float)(n - 1)) / (float)n, tallest = 0;
    if (w > 560) w = 560;
    float x = PAGE_X + (PAGE_W - w * (float)n - gap * (float)(n - 1)) / 2;
    for (int k = 0; k < n; k++) {
        help_line_t *l = &h->lines[first + k];
        char cells[4][300];
        split_cells(l->text, cells);
        l->x = x + (float)k * (w + gap), l->y = y, l->w = w;
        float stake = gfx_text_wrap_height(g, cells[1], w - 36, least(24 * f), UI_FONT_REGULAR);
        if (stake > tallest) tallest = stake;
    }
    *next = first + n;
    return (64 + 104) * f + tallest;
}

static void draw_tile(ui_gfx_t *g, const help_t *h, const help_line_t *l, float f) {
    char cells[4][300];
    if (split_cells(l->text, cells) < 3) return;
    float cx = l->x + l->w / 2, bottom = l->y + h->tile_h;
    gfx_panel(g, ui_r(l->x, l->y, l->w, h->tile_h), 16, ui_rgba(10, 44, 26, 235),
              ui_rgba(4, 26, 14, 235), ui_rgba(242, 201, 76, 170), 2);
    gfx_text(g, cells[0], cx, l->y + 16 * f, 28 * f, UI_FONT_DISPLAY, GOLD, UI_ALIGN_CENTER);
    gfx_text_wrap(g, cells[1], cx, l->y + 58 * f, l->w - 36, least(24 * f), UI_FONT_REGULAR, CREAM,
                  UI_ALIGN_CENTER);
    bool figure = strchr(cells[2], '%') != NULL;
    gfx_text(g, cells[2], cx, bottom - (figure ? 100 : 84) * f, (figure ? 46 : 26) * f,
             UI_FONT_DISPLAY, ui_rgba(255, 246, 220, 255), UI_ALIGN_CENTER);
    gfx_text(g, "RETURN TO PLAYER", cx, bottom - 40 * f, HELP_LEAST, UI_FONT_BOLD, DIM,
             UI_ALIGN_CENTER);
}

/* Places the lines of a page in its column from the top; returns where they end. */
static float place_page(ui_gfx_t *g, help_t *h, int page, float f) {
    float x = PAGE_X, w = PAGE_W, y = FLOW_TOP;
    if (page == HELP_PAGE_PLAY) w = PAGE_W - PLAY_ART_W - 40;
    if (page == HELP_PAGE_HANDS)
        x = PAGE_X + POINTS_TEXT, w = PAGE_W - POINTS_TEXT, y = PAGE_Y + 40;
    bool panels_done = false;
    help_kind_t prev = HELP_TEXT;
    if (page == HELP_PAGE_BETS) h->panel_h = 0;
    for (int i = 0; i < h->nlines; i++) {
        help_line_t *l = &h->lines[i];
        if (l->page != page) continue;
        if (l->group >= 0) {
            if (!panels_done) {
                h->panel_top = y;
                h->panel_h = place_panels(g, h, y, f);
                y += h->panel_h + 22 * f;
                panels_done = true;
            }
            continue;
        }
        if (l->kind == HELP_ROW && page == HELP_PAGE_BETS) {
            int next;
            if (y > FLOW_TOP) y += 10 * f;
            h->tile_h = place_tiles(g, h, i, y, f, &next);
            y += h->tile_h + 22 * f;
            i = next - 1;
            continue;
        }
        bool heading = l->kind == HELP_HEADING || l->kind == HELP_TITLE;
        bool after_table = prev == HELP_ROW && l->kind != HELP_ROW;
        if ((heading || after_table || l->kind == HELP_HEAD_ROW || l->kind == HELP_BOX) &&
            y > FLOW_TOP)
            y += 12 * f;
        prev = l->kind;
        l->x = x, l->w = w, l->y = y;
        y += line_height(g, l, f);
    }
    return y;
}

/* Every page at the largest text size (of a few) that fits it: the words never leave the page. */
static void layout(ui_gfx_t *g, help_t *h) {
    if (h->laid_out && h->laid_out_scale == g->scale && h->laid_out_w == PAGE_W) return;
    /* the body text is 25 at 1.0: 0.96 is the least size a player reads (24) */
    static const float sizes[] = {1.0f, 0.96f};
    for (int p = 0; p < HELP_PAGES; p++) {
        float used = 0;
        for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
            h->page_size[p] = sizes[s];
            used = place_page(g, h, p, sizes[s]);
            if (used <= (p == HELP_PAGE_HANDS ? POINTS_END : FLOW_END)) break;
        }
        /* a short bets page (no side bets) sits in the middle of the pop-up, not at its top */
        float spare = FLOW_END - used;
        if (p == HELP_PAGE_BETS && spare > 120) {
            for (int i = 0; i < h->nlines; i++)
                if (h->lines[i].page == p) h->lines[i].y += spare / 3;
            h->panel_top += spare / 3;
        }
    }
    h->laid_out = true;
    h->laid_out_scale = g->scale;
    h->laid_out_w = PAGE_W;
}

int help_pages(ui_gfx_t *g, help_t *h) {
    (void)g;
    (void)h;
    return HELP_PAGES;
}

static void draw_line(ui_gfx_t *g, const help_t *h, const help_line_t *l, float f, bool *shade) {
    float size = kind_size(l->kind) * f;
    if (l->kind == HELP_ROW && l->page == HELP_PAGE_BETS) {
        draw_tile(g, h, l, f);
        return;
    }
    switch (l->kind) {
    case HELP_TITLE:
    case HELP_HEADING:
        gfx_text_wrap(g, l->text, l->x, l->y, l->w, size, UI_FONT_DISPLAY, GOLD, UI_ALIGN_LEFT);
        break;
    case HELP_BULLET:
        gfx_text(g, "\xE2\x80\xA2", l->x + 8, l->y, size, UI_FONT_BOLD, GOLD, UI_ALIGN_LEFT);
        gfx_text_wrap(g, l->text, l->x + 34, l->y, l->w - 34, size, UI_FONT_REGULAR, CREAM,
                      UI_ALIGN_LEFT);
        break;
    case HELP_ROW:
    case HELP_HEAD_ROW: {
        float rh = row_height(g, l, f, false, 0);
        if (l->kind == HELP_HEAD_ROW) *shade = false;
        if (*shade || l->kind == HELP_HEAD_ROW)
            gfx_fill(g, ui_r(l->x, l->y, l->w, rh - 2),
                     l->kind == HELP_HEAD_ROW ? ui_rgba(0, 0, 0, 130) : ui_rgba(255, 255, 255, 16));
        *shade = !*shade;
        row_height(g, l, f, true, l->y);
        break;
    }
    case HELP_BOX: {
        float bh = line_height(g, l, f);
        gfx_panel(g, ui_r(l->x, l->y, l->w, bh - 8 * f), 14, ui_rgba(90, 60, 0, 235),
                  ui_rgba(50, 32, 0, 235), GOLD, 3);
        gfx_text_wrap(g, l->text, l->x + 24, l->y + 16 * f, l->w - 48, size, UI_FONT_BOLD,
                      ui_rgba(255, 236, 170, 255), UI_ALIGN_LEFT);
        break;
    }
    default: /* the bets page's notes sit under its centred tiles */
        if (l->page == HELP_PAGE_BETS && l->group < 0)
            gfx_text_wrap(g, l->text, l->x + l->w / 2, l->y, l->w, size, UI_FONT_REGULAR, CREAM,
                          UI_ALIGN_CENTER);
        else
            gfx_text_wrap(g, l->text, l->x, l->y, l->w, size, UI_FONT_REGULAR, CREAM,
                          UI_ALIGN_LEFT);
    }
}

static void draw_flow(ui_gfx_t *g, help_t *h, int page) {
    layout(g, h);
    float f = h->page_size[page];
    if (page == HELP_PAGE_BETS && h->panel_h > 0) {
        /* the side bets' panels behind their words */
        int last = -1;
        float x0 = 0;
        for (int i = 0; i < h->nlines; i++) {
            const help_line_t *l = &h->lines[i];
            if (l->group < 0 || l->group == last) continue;
            last = l->group;
            x0 = l->x - 22;
            gfx_panel(g, ui_r(x0, h->panel_top, l->w + 44, h->panel_h), 16,
                      ui_rgba(10, 44, 26, 235), ui_rgba(4, 26, 14, 235), ui_rgba(242, 201, 76, 170),
                      2);
        }
    }
    bool shade = false;
    for (int i = 0; i < h->nlines; i++)
        if (h->lines[i].page == page) draw_line(g, h, &h->lines[i], f, &shade);
    if (h->missing[0]) {
        char msg[160];
        snprintf(msg, sizeof msg, _("Part of this help is missing from the game's files (%s)."),
                 h->missing);
        gfx_text(g, msg, 960, FLOW_END - 30, HELP_LEAST, UI_FONT_BOLD, DIM, UI_ALIGN_CENTER);
    }
}

/* ---- pictures: cards ---- */

static void small_card(ui_gfx_t *g, card_t c, float x, float y, float w) {
    char path[32], f[3];
    snprintf(path, sizeof path, "cards/%s.svg", card_format(c, f));
    gfx_svg(g, path, ui_r(x, y, w, w * 1.4f), 255);
    gfx_rec_art(g, ui_r(x, y, w, w * 1.4f), path);
}

/* Cards from text ("As Kd"), "??" for a card face down; step apart. */
static void card_row(ui_gfx_t *g, const char *cards, float x, float y, float w, float step) {
    char one[3] = "";
    for (int i = 0; cards[0] && cards[1]; i++) {
        memcpy(one, cards, 2);
        if (strcmp(one, "??") == 0) {
            gfx_svg(g, "cards/back.svg", ui_r(x + (float)i * step, y, w, w * 1.4f), 255);
            gfx_rec_art(g, ui_r(x + (float)i * step, y, w, w * 1.4f), "cards/back.svg");
        } else {
            card_t c;
            char err[64];
            if (card_parse_list(one, &c, 1, err, sizeof err) == 1)
                small_card(g, c, x + (float)i * step, y, w);
        }
        cards += cards[2] == ' ' ? 3 : 2;
    }
}

static void subheading(ui_gfx_t *g, const help_t *h, int page) {
    gfx_text(g, help_page_title(h, page), 960, PAGE_Y - 8, 30, UI_FONT_DISPLAY, GOLD,
             UI_ALIGN_CENTER);
}

static void draw_rankings(ui_gfx_t *g, const help_t *h) {
    static const char *const examples[EVAL_CATEGORIES] = {
        "Ah Jd 9c 6s 3h", "Ts Td Kc 7h 2s", "As Ad 8c 8h Qd", "7s 7h 7d Kc 2s", "5h 6d 7c 8s 9h",
        "Ah Jh 9h 6h 3h", "Ks Kh Kd 6c 6h", "9s 9h 9d 9c 2h", "5s 6s 7s 8s 9s", "Ts Js Qs Ks As"};
    subheading(g, h, HELP_PAGE_HANDS);
    /* two columns; narrower ones (4:3) fan the cards closer and wrap the description */
    float colw = PAGE_W / 2, step = colw >= 760 ? 64 : 48, text = 80 + 4 * step + 34;
    for (int k = 0; k < EVAL_CATEGORIES; k++) {
        int cat = EVAL_CATEGORIES - 1 - k;
        int col = k / 5, row = k % 5;
        float x = PAGE_X + (float)col * colw, y = PAGE_Y + 50 + (float)row * 140;
        card_row(g, examples[cat], x, y, 80, step);
        card_t cards[5];
        char err[64], name[96];
        card_parse_list(examples[cat], cards, 5, err, sizeof err);
        lang_hand_name(eval_value(cards, 5), name, sizeof name);
        if (cat == EVAL_ROYAL_FLUSH) snprintf(name, sizeof name, "%s", _("Ten to Ace, one suit"));
        gfx_text(g, eval_category_name((eval_category_t)cat), x + text, y + 12, 30, UI_FONT_BOLD,
                 CREAM, UI_ALIGN_LEFT);
        gfx_text_wrap(g, name, x + text, y + 52, colw - text - 20, HELP_LEAST, UI_FONT_REGULAR, DIM,
                      UI_ALIGN_LEFT);
    }
}

/* Asian Stud's hands: the card points, three example hands split, the words beside them. */
static void draw_points(ui_gfx_t *g, help_t *h) {
    static const char *const pts[9] = {"1", "2", "5", "9", "10", "10", "10", "10", "1"};
    static const struct {
        const char *three, *two, *sum, *value;
    } ex[3] = {{"Ks 7h 3d", "8c 5s", "10 + 7 + 3 = 20", N_("8 + 5 = 13: value 3")},
               {"6h 4c Qd", "Jh Ks", "6 + 4 + 10 = 20", N_("10 + 10 = 20: value 10, the best")},
               {"As Ah 2c", "5d 9s", N_("no three make 10, 20 or 30"), N_("does not qualify")}};
    subheading(g, h, HELP_PAGE_HANDS);
    card_row(g, "As 2h 5c 9d Ts Jh Qc Kd Jk", PAGE_X, PAGE_Y + 40, 74, 88);
    for (int i = 0; i < 9; i++)
        gfx_text(g, pts[i], PAGE_X + 37 + (float)i * 88, PAGE_Y + 150, 28, UI_FONT_BOLD, GOLD,
                 UI_ALIGN_CENTER);
    for (int k = 0; k < 3; k++) {
        float y = PAGE_Y + 226 + (float)k * 140;
        gfx_panel(g, ui_r(PAGE_X - 10, y - 14, POINTS_TEXT - 30, 118), 14, ui_rgba(0, 0, 0, 90),
                  ui_rgba(0, 0, 0, 90), ui_rgba(242, 201, 76, 90), 1.5f);
        card_row(g, ex[k].three, PAGE_X + 4, y, 64, 52);
        card_row(g, ex[k].two, PAGE_X + 204, y, 64, 52);
        gfx_text(g, ex[k].sum, PAGE_X + 350, y + 14, 25, UI_FONT_REGULAR, CREAM, UI_ALIGN_LEFT);
        gfx_text(g, ex[k].value, PAGE_X + 350, y + 56, 27, UI_FONT_BOLD, GOLD, UI_ALIGN_LEFT);
    }
    /* the values, best first: the ranking of Asian Stud's hands */
    float y = PAGE_Y + 684;
    gfx_text(g, "HAND VALUES, BEST FIRST", PAGE_X, y - 42, 25, UI_FONT_BOLD, DIM, UI_ALIGN_LEFT);
    /* ten pills and DOES NOT QUALIFY in the page's width */
    float last = gfx_text_width(g, "DOES NOT QUALIFY", 26, UI_FONT_BOLD) + 40;
    float step = (PAGE_W - last) / 10, pill = step - 16 > 100 ? 100 : step - 16;
    for (int v = 10; v >= 1; v--) {
        float x = PAGE_X + (float)(10 - v) * step;
        gfx_panel(g, ui_r(x, y, pill, 58), 29, ui_rgba(250, 214, 90, 255),
                  ui_rgba(200, 140, 30, 255), ui_rgba(255, 255, 255, 120), 1.5f);
        char num[4];
        snprintf(num, sizeof num, "%d", v);
        gfx_text(g, num, x + pill / 2, y + 11, 30, UI_FONT_DISPLAY, ui_rgba(40, 24, 0, 255),
                 UI_ALIGN_CENTER);
    }
    float nx = PAGE_X + 10 * step;
    gfx_panel(g, ui_r(nx, y, PAGE_X + PAGE_W - nx, 58), 29, ui_rgba(80, 80, 80, 255),
              ui_rgba(50, 50, 50, 255), ui_rgba(255, 255, 255, 120), 1.5f);
    gfx_text(g, "DOES NOT QUALIFY", nx + (PAGE_X + PAGE_W - nx) / 2, y + 14, 26, UI_FONT_BOLD,
             CREAM, UI_ALIGN_CENTER);
    draw_flow(g, h, HELP_PAGE_HANDS);
}

/* HOW TO PLAY's picture: the cards as they lie when the player decides. */
static void draw_deal(ui_gfx_t *g, rules_variant_t v) {
    static const struct {
        const char *top_label, *top, *you_label, *you, *decide, *note;
    } deal[VARIANT_COUNT] = {{N_("DEALER: ONE CARD UP"), "Ah ?? ?? ?? ??", N_("YOUR FIVE CARDS"),
                              "8s 8d Kc 5h 2s", N_("PLAY (2 x ANTE) OR FOLD"),
                              N_("The dealer qualifies with an ace and a king or better.")},
                             {N_("SHARED CARDS, TURNED ONE BY ONE"), "Qd ?? ??",
                              N_("YOUR TWO CARDS"), "Jh Js", N_("RAISE 1x, 2x, 3x OR FOLD"),
                              N_("Jacks or better win; sixes to tens get every bet back.")},
                             {N_("DEALER: FIVE CARDS DOWN"), "?? ?? ?? ?? ??",
                              N_("YOUR FIVE CARDS"), "Ks 7h 3d 8c Jk",
                              N_("RAISE (1 x ANTE) OR FOLD"),
                              N_("K + 7 + 3 make 20, so 8 and the joker count: value 9.")}};
    float x = PAGE_X + PAGE_W - PLAY_ART_W, y = FLOW_TOP;
    gfx_panel(g, ui_r(x, y, PLAY_ART_W, 640), 18, ui_rgba(20, 84, 48, 240), ui_rgba(8, 50, 28, 240),
              ui_rgba(242, 201, 76, 170), 2);
    float cx = x + PLAY_ART_W / 2, w = 72, step = 70;
    int ntop = (int)(strlen(deal[v].top) + 1) / 3, nyou = (int)(strlen(deal[v].you) + 1) / 3;
    gfx_text(g, deal[v].top_label, cx, y + 26, HELP_LEAST, UI_FONT_BOLD, DIM, UI_ALIGN_CENTER);
    card_row(g, deal[v].top, cx - (w + step * (float)(ntop - 1)) / 2, y + 66, w, step);
    gfx_text(g, deal[v].you_label, cx, y + 232, HELP_LEAST, UI_FONT_BOLD, DIM, UI_ALIGN_CENTER);
    card_row(g, deal[v].you, cx - (w + step * (float)(nyou - 1)) / 2, y + 272, w, step);
    gfx_panel(g, ui_r(x + 30, y + 420, PLAY_ART_W - 60, 70), 35, ui_rgba(250, 214, 90, 255),
              ui_rgba(200, 140, 30, 255), ui_rgba(255, 255, 255, 160), 2);
    float size = 26; /* a longer language's words a little smaller, down to the least */
    while (size > HELP_LEAST &&
           gfx_text_width(g, deal[v].decide, size, UI_FONT_DISPLAY) > PLAY_ART_W - 100)
        size -= 1;
    gfx_text(g, deal[v].decide, cx, y + 440 + (26 - size) / 2, size, UI_FONT_DISPLAY,
             ui_rgba(40, 24, 0, 255), UI_ALIGN_CENTER);
    gfx_text_wrap(g, deal[v].note, cx, y + 520, PLAY_ART_W - 60, 24, UI_FONT_REGULAR, CREAM,
                  UI_ALIGN_CENTER);
}

/* ---- the configured pay tables ---- */

static void draw_paytables(ui_gfx_t *g, const help_t *h) {
    subheading(g, h, HELP_PAGE_PAYS);
    int ncols = h->ncols ? h->ncols : 1;
    float w = (PAGE_W - 30 * (float)(ncols - 1)) / (float)ncols, top = PAGE_Y + 44;
    int notes = (h->pay_note[0][0] != 0) + (h->pay_note[1][0] != 0);
    float height = FLOW_END - top - (float)notes * 40 - 6;
    for (int i = 0; i < h->ncols; i++) {
        const help_pay_col_t *c = &h->cols[i];
        float x = PAGE_X + (float)i * (w + 30);
        gfx_panel(g, ui_r(x, top, w, height), 16, ui_rgba(10, 40, 24, 230), ui_rgba(4, 24, 14, 230),
                  ui_rgba(242, 201, 76, 180), 2);
        gfx_text(g, c->title, x + w / 2, top + 16, 27, UI_FONT_DISPLAY, GOLD, UI_ALIGN_CENTER);
        float step = c->n > 11 ? 44 : 48;
        for (int k = 0; k < c->n; k++) {
            float y = top + 68 + (float)k * step;
            gfx_text(g, c->rows[k][0], x + 20, y, 25, UI_FONT_REGULAR, CREAM, UI_ALIGN_LEFT);
            gfx_text(g, c->rows[k][1], x + w - 20, y, 25, UI_FONT_BOLD, CREAM, UI_ALIGN_RIGHT);
        }
    }
    for (int i = 0, k = 0; i < 2; i++)
        if (h->pay_note[i][0])
            gfx_text(g, h->pay_note[i], 960, FLOW_END - (float)(notes - k++) * 40, 24, UI_FONT_BOLD,
                     GOLD, UI_ALIGN_CENTER);
}

void help_draw(ui_gfx_t *g, help_t *h, const game_t *game, int page) {
    bind(h, game);
    switch (page) {
    case HELP_PAGE_HANDS:
        if (h->variant == VARIANT_ASIAN)
            draw_points(g, h);
        else
            draw_rankings(g, h);
        break;
    case HELP_PAGE_PAYS:
        draw_paytables(g, h);
        break;
    case HELP_PAGE_PLAY:
        subheading(g, h, page);
        draw_deal(g, h->variant);
        draw_flow(g, h, page);
        break;
    default:
        subheading(g, h, HELP_PAGE_BETS);
        draw_flow(g, h, HELP_PAGE_BETS);
    }
}

/* ---- history ---- */

int history_per_page(void) {
    return 5;
}

/* A round's bets, a line each ("ANTE $5.00: WIN $10.00", or without the stake when short):
 * the number of lines written. */
static int bet_lines(const game_t *game, const game_record_t *h, bool stake, char lines[][96]) {
    char b1[40], b2[40], st[48];
    int n = 0;
    for (int w = 0; w < WAGER_COUNT; w++) {
        if (!h->stake[w]) continue;
        snprintf(st, sizeof st, " %s", game_money(game, h->stake[w], b1));
        snprintf(lines[n++], 96, "%s%s: %s %s", lang_wager((wager_t)w), stake ? st : "",
                 lang_outcome(h->outcome[w]),
                 h->outcome[w] == OUTCOME_WIN ? game_money(game, h->returned[w], b2) : "");
    }
    return n;
}

/* One recorded round in its panel at y: the number, the cards, the bets and results in columns
 * between the cards and the credits, the credits (and the time) at the right. */
static void history_row(ui_gfx_t *g, const game_t *game, const game_record_t *h, float y) {
    char b1[40], b2[40], line[200], lines[WAGER_COUNT][96];
    const float s = HELP_LEAST, lh = 29, x = PAGE_X, w = PAGE_W;
    gfx_panel(g, ui_r(x, y, w, 128), 14, ui_rgba(0, 0, 0, 110), ui_rgba(0, 0, 0, 110),
              ui_rgba(242, 201, 76, 90), 1.5f);
    /* a table's round is laid out as its table dealt it (a terminal's history holds every game
     * it played), and says which table: its name as the lobby shows it */
    bool cajun = (h->table_round ? h->variant : game->rules.variant) == VARIANT_CAJUN;
    float step = w >= 1500 ? 40 : 34, hand = 60 + 4 * step;
    if (h->table_round) {
        char cut[96];
        snprintf(line, sizeof line, _("Table %s"), h->tab);
        gfx_text(g, gfx_text_cut(g, line, s, UI_FONT_BOLD, hand + 14, cut, sizeof cut), x + 20,
                 y + 8, s, UI_FONT_BOLD, GOLD, UI_ALIGN_LEFT);
    } else {
        snprintf(line, sizeof line, _("GAME %06llu"), (unsigned long long)h->number);
        gfx_text(g, line, x + 20, y + 8, s, UI_FONT_BOLD, GOLD, UI_ALIGN_LEFT);
    }
    for (int i = 0; i < (cajun ? 2 : 5); i++)
        small_card(g, h->cards[i], x + 20 + (float)i * step, y + 40, 60);
    const card_t *other = cajun ? h->board : h->dealer;
    float ox = x + 20 + hand + 24;
    gfx_text(g, cajun ? N_("BOARD") : N_("DEALER"), ox, y + 8, s, UI_FONT_BOLD, DIM, UI_ALIGN_LEFT);
    for (int i = 0; i < (cajun ? 3 : 5); i++)
        small_card(g, other[i], ox + (float)i * step, y + 40, 60);
    /* the right: the time, the credits, a fold or a void */
    if (h->table_round) /* a table's round: what went to the table, what came back */
        snprintf(line, sizeof line, _("BET  %s  BACK  %s"), game_money(game, h->credits_before, b1),
                 game_money(game, h->credits_after, b2));
    else
        snprintf(line, sizeof line, _("CREDITS  %s  to  %s"),
                 game_money(game, h->credits_before, b1), game_money(game, h->credits_after, b2));
    const char *note = h->void_round    ? N_("VOID")
                       : h->auto_folded ? N_("AUTO FOLDED")
                       : h->folded      ? N_("FOLDED")
                                        : "";
    float right = x + w - 20, rw = gfx_text_width(g, line, s, UI_FONT_BOLD);
    /* the time (a table's round: its number at that table first) */
    char top[96];
    if (h->table_round)
        snprintf(top, sizeof top, _("ROUND %llu  -  %s"), (unsigned long long)h->number, h->when);
    else
        snprintf(top, sizeof top, "%s", h->when);
    if (h->when[0]) {
        float tw = gfx_text_width(g, top, s, UI_FONT_REGULAR);
        if (tw > rw) rw = tw;
        gfx_text(g, top, right, y + 8, s, UI_FONT_REGULAR, DIM, UI_ALIGN_RIGHT);
    }
    gfx_text(g, line, right, y + 48, s, UI_FONT_BOLD, CREAM, UI_ALIGN_RIGHT);
    gfx_text(g, note, right, y + 88, s, UI_FONT_BOLD, GOLD, UI_ALIGN_RIGHT);
    /* the bets: four lines a column, as many columns as fit; without the stakes if need be */
    float bx = ox + hand + 30, room = right - rw - 30 - bx;
    for (int stake = 1; stake >= 0; stake--) {
        int n = bet_lines(game, h, stake, lines);
        float col = 0;
        for (int i = 0; i < n; i++) {
            float lw = gfx_text_width(g, lines[i], s, UI_FONT_REGULAR) + 24;
            if (lw > col) col = lw;
        }
        int cols = (n + 3) / 4;
        if (stake && col * (float)cols > room) continue;
        for (int i = 0; i < n && (float)(i / 4 + 1) * col <= room; i++) {
            int w2 = 0;
            for (int k = 0, seen = 0; k < WAGER_COUNT; k++)
                if (h->stake[k] && seen++ == i) w2 = k;
            ui_color_t c = h->outcome[w2] == OUTCOME_WIN    ? GREEN_WIN
                           : h->outcome[w2] == OUTCOME_LOSE ? RED_LOSE
                                                            : CREAM;
            gfx_text(g, lines[i], bx + (float)(i / 4) * col, y + 8 + (float)(i % 4) * lh, s,
                     UI_FONT_REGULAR, c, UI_ALIGN_LEFT);
        }
        break;
    }
}

void history_draw(ui_gfx_t *g, const game_t *game, const game_record_t *recs, int n, bool recall) {
    if (n == 0) {
        gfx_text(
            g, recall ? N_("No rounds recorded on this machine yet.") : N_("No rounds played yet."),
            960, PAGE_Y + 200, 30, UI_FONT_BOLD, CREAM, UI_ALIGN_CENTER);
        return;
    }
    for (int k = 0; k < n && k < history_per_page(); k++)
        history_row(g, game, &recs[k], PAGE_Y + (float)k * 140);
}
