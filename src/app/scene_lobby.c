/* The LOBBY: a terminal's tables, drawn and touched. See scene_lobby.h. */
#include "lang.h"
#include "scene_lobby.h"

#include <stdio.h>
#include <string.h>

#include "money.h"
#include "ui_gfx.h"

static const ui_color_t GOLD = {242, 201, 76, 255};
static const ui_color_t CREAM = {250, 240, 215, 255};
static const ui_color_t DIM = {190, 205, 190, 255};
static const ui_color_t RED = {255, 120, 110, 255};

#define TEXT_MIN  24.0f /* the least size a player reads (24 px at 1080 lines) */
#define MARGIN    30.0f
#define ROWS_Y    196.0f /* the first row's top */
#define ROW_H     96.0f
#define ROW_PITCH 108.0f
#define FOOT_Y    978.0f /* the balance, the state and the pages */

/* The columns of a row, from the window's width: the buttons keep their size, the columns
 * share the rest (a 4:3 screen gets narrower columns of the same print, lines wrapped). */
typedef struct columns {
    float x[6], w[6]; /* TABLE, GAME, LIMITS, PLAYERS, ROUND, JACKPOT */
    float join_x, add_x, button_w;
} columns_t;

static const char *const HEADS[6] = {NC_("lobby", "TABLE"),  NC_("lobby", "GAME"),
                                     NC_("lobby", "LIMITS"), NC_("lobby", "PLAYERS"),
                                     NC_("lobby", "ROUND"),  NC_("lobby", "JACKPOT")};

static columns_t columns_of(ui_rect_t area) {
    static const float share[6] = {0.25f, 0.14f, 0.21f, 0.08f, 0.17f, 0.15f};
    columns_t c;
    float left = area.x + MARGIN, right = area.x + area.w - MARGIN;
    c.button_w = area.w < 1800 ? 136.0f : 150.0f;
    c.add_x = right - 12 - c.button_w;
    c.join_x = c.add_x - 10 - c.button_w;
    float room = c.join_x - 16 - left - 5 * 12;
    float x = left + 16;
    for (int i = 0; i < 6; i++) {
        c.x[i] = x;
        c.w[i] = room * share[i];
        x += c.w[i] + 12;
    }
    return c;
}

void lobby_init(lobby_scene_t *l, ui_audio_t *audio) {
    memset(l, 0, sizeof *l);
    l->audio = audio;
    l->toast_until = -1;
}

void lobby_toast(lobby_scene_t *l, const char *msg) {
    snprintf(l->toast, sizeof l->toast, "%s", msg);
    l->toast_until = l->now + 4.0f;
}

void lobby_update(lobby_scene_t *l, float dt) {
    l->now += dt;
    if (l->nrows == 0) l->selected = 0, l->first = 0;
    if (l->selected >= l->nrows) l->selected = l->nrows ? l->nrows - 1 : 0;
    /* the chosen row stays on the page shown */
    if (l->selected < l->first) l->first = l->selected;
    if (l->selected >= l->first + LOBBY_VISIBLE) l->first = l->selected - LOBBY_VISIBLE + 1;
}

int lobby_row_of(const lobby_scene_t *l, const char *tab) {
    for (int i = 0; i < l->nrows; i++)
        if (strcmp(l->rows[i].tab, tab) == 0) return i;
    return -1;
}

void lobby_round_words(const lobby_scene_t *l, int row, char *buf, size_t n) {
    const mlobby_row_t *r = &l->rows[row];
    int64_t left = r->left_ms - (l->now_ms - r->read_at);
    if (left < 0) left = 0;
    int s = (int)((left + 999) / 1000);
    if (strcmp(r->phase, "betting") == 0)
        snprintf(buf, n, _("BETS OPEN %d:%02d"), s / 60, s % 60);
    else if (strcmp(r->phase, "deciding") == 0)
        snprintf(buf, n, _("DECISIONS %d:%02d"), s / 60, s % 60);
    else if (strcmp(r->phase, "closed") == 0)
        snprintf(buf, n, "%s", _("DEALING"));
    else if (strcmp(r->phase, "settled") == 0)
        snprintf(buf, n, "%s", _("SHOWDOWN"));
    else if (strcmp(r->phase, "cancelled") == 0)
        snprintf(buf, n, "%s", _("ROUND CANCELLED"));
    else
        snprintf(buf, n, "%s", _("OPENING"));
}

/* The table's limits as its host publishes them, "ANTE $1.00 - $100.00" (the money in English
 * conventions), in the language on screen: "底注 US$1.00 - US$100.00"; anything else as it is. */
static const char *limits_words(const mlobby_row_t *r, char *buf, size_t n) {
    char lo[40], hi[40], a[40], b[40];
    int64_t min, max;
    snprintf(buf, n, "%s", r->limits);
    if (sscanf(r->limits, "ANTE %39s - %39s", a, b) != 2) return buf;
    /* the figures alone: "$1,000.00" is 1000.00 */
    char *amounts[2] = {a, b};
    for (int k = 0; k < 2; k++) {
        char *o = amounts[k];
        for (const char *p = amounts[k]; *p; p++)
            if ((*p >= '0' && *p <= '9') || *p == '.') *o++ = *p;
        *o = '\0';
    }
    if (!cfg_parse_money(a, &min) || !cfg_parse_money(b, &max)) return buf;
    snprintf(buf, n, _("%s %s - %s"), lang_wager(WAGER_ANTE),
             lang_money(min, r->currency, lo, sizeof lo),
             lang_money(max, r->currency, hi, sizeof hi));
    return buf;
}

static const char *variant_words(const char *key) {
    if (strcmp(key, "caribbean") == 0) return _("Caribbean Stud");
    if (strcmp(key, "cajun") == 0) return _("Cajun Stud");
    if (strcmp(key, "asian") == 0) return _("Asian Stud");
    return key;
}

/* ---- input ---- */

static void select_row(lobby_scene_t *l, int row) {
    if (row >= 0 && row < l->nrows) l->selected = row;
}

/* A row's JOIN (or its table in play): what it asks. */
static lobby_action_t join_or_goto(const lobby_scene_t *l, int row) {
    if (row < 0 || row >= l->nrows) return LOBBY_NONE;
    if (l->mark[row] == LOBBY_PLAYING) return LOBBY_GOTO;
    return l->mark[row] == LOBBY_FREE ? LOBBY_JOIN : LOBBY_NONE;
}

static lobby_action_t tap(lobby_scene_t *l, float x, float y, int *row) {
    if (l->can_back && ui_inside(l->back_r, x, y)) return LOBBY_BACK;
    if (ui_inside(l->prev_r, x, y) && l->first > 0) {
        l->first = l->first >= LOBBY_VISIBLE ? l->first - LOBBY_VISIBLE : 0;
        l->selected = l->first;
        return LOBBY_NONE;
    }
    if (ui_inside(l->next_r, x, y) && l->first + LOBBY_VISIBLE < l->nrows) {
        l->first += LOBBY_VISIBLE;
        l->selected = l->first;
        return LOBBY_NONE;
    }
    for (int k = 0; k < l->nshown; k++) {
        int r = l->first + k;
        if (ui_inside(l->add_r[k], x, y) && l->can_add && l->mark[r] == LOBBY_FREE) {
            *row = r;
            return LOBBY_ADD;
        }
        if (ui_inside(l->join_r[k], x, y) || ui_inside(l->row_r[k], x, y)) {
            select_row(l, r);
            *row = r;
            /* the row itself only chooses it, unless its table is in play (a tap goes there) */
            if (ui_inside(l->join_r[k], x, y) || l->mark[r] == LOBBY_PLAYING)
                return join_or_goto(l, r);
            return LOBBY_NONE;
        }
    }
    return LOBBY_NONE;
}

lobby_action_t lobby_input(lobby_scene_t *l, const ui_input_t *in, char *tab, size_t n) {
    int row = l->selected;
    lobby_action_t a = LOBBY_NONE;
    if (ui_pressed(in, BTN_BACK) && l->can_back) a = LOBBY_BACK;
    if (l->nrows > 0 && ui_pressed(in, BTN_NEXT_SPOT)) l->selected = (l->selected + 1) % l->nrows;
    if (l->nrows > 0 && ui_pressed(in, BTN_PREV_SPOT))
        l->selected = (l->selected + l->nrows - 1) % l->nrows;
    row = l->selected;
    if (!a && ui_pressed(in, BTN_DEAL)) a = join_or_goto(l, row);
    if (!a && ui_pressed(in, BTN_BET) && l->can_add && row < l->nrows && l->mark[row] == LOBBY_FREE)
        a = LOBBY_ADD;
    if (!a && in->tap) a = tap(l, in->px, in->py, &row);
    if (a != LOBBY_NONE) ui_audio_play(l->audio, SND_BUTTON);
    if (n) tab[0] = '\0';
    if ((a == LOBBY_JOIN || a == LOBBY_ADD || a == LOBBY_GOTO) && row >= 0 && row < l->nrows)
        snprintf(tab, n, "%s", l->rows[row].tab);
    return a;
}

/* ---- drawing ---- */

/* The largest size from `size` down to the least that fits width (the least when none does). */
static float fit(ui_gfx_t *g, const char *text, float size, int face, float width) {
    while (size > TEXT_MIN && gfx_text_width(g, text, size, face) > width) size -= 2;
    return size < TEXT_MIN ? TEXT_MIN : size;
}

/* text at size, cut with "..." to width when it does not fit (a long game's name). */
static const char *cut(ui_gfx_t *g, const char *text, float size, int face, float width, char *buf,
                       size_t n) {
    if (gfx_text_width(g, text, size, face) <= width) return text;
    size_t len = strlen(text);
    while (len > 0) {
        len--;
        while (len > 0 && ((unsigned char)text[len] & 0xC0) == 0x80) len--; /* whole characters */
        snprintf(buf, n, "%.*s...", (int)len, text);
        if (gfx_text_width(g, buf, size, face) <= width) return buf;
    }
    return "";
}

/* A cell's text: on one line if it fits at the least size, else wrapped (two lines fit a row),
 * centred in the row's height. */
static void cell(ui_gfx_t *g, const char *text, float x, float y, float w, float size, int face,
                 ui_color_t c) {
    float s = fit(g, text, size, face, w);
    float h = gfx_text_wrap_height(g, text, w, s, face);
    gfx_text_wrap(g, text, x, y + (ROW_H - h) / 2, w, s, face, c, UI_ALIGN_LEFT);
}

static void button(ui_gfx_t *g, ui_rect_t r, const char *label, bool main) {
    gfx_panel(g, r, 18, main ? ui_rgba(250, 214, 96, 255) : ui_rgba(36, 92, 58, 255),
              main ? ui_rgba(196, 144, 30, 255) : ui_rgba(14, 52, 30, 255),
              main ? ui_rgba(255, 240, 190, 255) : GOLD, 2);
    float s = fit(g, label, 28, UI_FONT_BOLD, r.w - 16);
    gfx_text(g, label, r.x + r.w / 2, r.y + (r.h - s * 1.17f) / 2, s, UI_FONT_BOLD,
             main ? ui_rgba(40, 24, 0, 255) : CREAM, UI_ALIGN_CENTER);
}

static void draw_row(lobby_scene_t *l, ui_gfx_t *g, const columns_t *c, int k, float y,
                     ui_rect_t area) {
    int i = l->first + k;
    const mlobby_row_t *r = &l->rows[i];
    ui_rect_t box = ui_r(area.x + MARGIN, y, area.w - 2 * MARGIN, ROW_H);
    l->row_r[k] = box;
    bool sel = i == l->selected;
    gfx_panel(g, box, 16, ui_rgba(18, 70, 40, 235), ui_rgba(8, 40, 22, 235),
              sel ? GOLD : ui_rgba(120, 160, 120, 160), sel ? 4 : 2);
    /* the table: the name its operator gave it, and the table's own name under it; a name too
     * long for one line takes both (not cut: "Caribbean Stud (live: 5+1 Bonus and Jackpot)") */
    float ts = fit(g, r->title, 28, UI_FONT_BOLD, c->w[0]);
    if (gfx_text_width(g, r->title, ts, UI_FONT_BOLD) <= c->w[0]) {
        gfx_text(g, r->title, c->x[0], y + 12, ts, UI_FONT_BOLD, CREAM, UI_ALIGN_LEFT);
        char name[80];
        snprintf(name, sizeof name, _("Table %s"), r->tab);
        gfx_text(g, name, c->x[0], y + 56, TEXT_MIN, UI_FONT_REGULAR, DIM, UI_ALIGN_LEFT);
    } else if (gfx_text_wrap_height(g, r->title, c->w[0], TEXT_MIN, UI_FONT_BOLD) <= ROW_H - 16) {
        cell(g, r->title, c->x[0], y, c->w[0], TEXT_MIN, UI_FONT_BOLD, CREAM);
    } else {
        char title[200];
        gfx_text(g, cut(g, r->title, TEXT_MIN, UI_FONT_BOLD, c->w[0], title, sizeof title), c->x[0],
                 y + 12, TEXT_MIN, UI_FONT_BOLD, CREAM, UI_ALIGN_LEFT);
    }
    cell(g, variant_words(r->variant), c->x[1], y, c->w[1], 26, UI_FONT_BOLD, CREAM);
    char limits[120];
    cell(g, limits_words(r, limits, sizeof limits), c->x[2], y, c->w[2], 26, UI_FONT_REGULAR,
         CREAM);
    char n[16];
    snprintf(n, sizeof n, "%d", r->seated);
    gfx_text(g, n, c->x[3] + c->w[3] / 2, y + (ROW_H - 34) / 2, 30, UI_FONT_BOLD, CREAM,
             UI_ALIGN_CENTER);
    char words[48], round[40];
    lobby_round_words(l, i, words, sizeof words);
    float ws = fit(g, words, 26, UI_FONT_BOLD, c->w[4]);
    gfx_text(g, words, c->x[4], y + 12, ws, UI_FONT_BOLD, GOLD, UI_ALIGN_LEFT);
    if (r->round > 0) {
        snprintf(round, sizeof round, _("Round %lld"), (long long)r->round);
        gfx_text(g, round, c->x[4], y + 56, TEXT_MIN, UI_FONT_REGULAR, DIM, UI_ALIGN_LEFT);
    }
    /* the table's JACKPOT: its linked pool's prize ("-": the table offers none) */
    char pool[48] = "-";
    if (r->pool_value >= 0) lang_money(r->pool_value, r->currency, pool, sizeof pool);
    float ps = fit(g, pool, 28, UI_FONT_BOLD, c->w[5]);
    gfx_text(g, pool, c->x[5] + c->w[5] / 2, y + (ROW_H - ps * 1.17f) / 2, ps, UI_FONT_BOLD,
             r->pool_value >= 0 ? GOLD : DIM, UI_ALIGN_CENTER);
    ui_rect_t join = ui_r(c->join_x, y + 14, c->button_w, ROW_H - 28),
              add = ui_r(c->add_x, y + 14, c->button_w, ROW_H - 28);
    l->join_r[k] = join;
    l->add_r[k] = ui_r(-1000, -1000, 0, 0);
    static const char *const marks[] = {"", N_("PLAYING"), N_("LEAVING"), N_("JOINING")};
    if (l->mark[i] != LOBBY_FREE) {
        ui_rect_t both = ui_r(join.x, join.y, add.x + add.w - join.x, join.h);
        const char *mark = _(marks[l->mark[i]]);
        float s = fit(g, mark, 28, UI_FONT_BOLD, both.w);
        gfx_text(g, mark, both.x + both.w / 2, both.y + (both.h - s * 1.17f) / 2, s, UI_FONT_BOLD,
                 GOLD, UI_ALIGN_CENTER);
        return;
    }
    button(g, join, _("JOIN"), true);
    if (l->can_add) {
        l->add_r[k] = add;
        button(g, add, _("+TABLE"), false);
    }
}

static void draw_foot(lobby_scene_t *l, ui_gfx_t *g, ui_rect_t area) {
    float left = area.x + MARGIN, right = area.x + area.w - MARGIN;
    char bal[80];
    snprintf(bal, sizeof bal, _("BALANCE %s"), l->balance);
    float bw = gfx_text(g, bal, left, FOOT_Y + 14, 30, UI_FONT_BOLD, GOLD, UI_ALIGN_LEFT);
    bool pages = l->nrows > LOBBY_VISIBLE;
    l->prev_r = l->next_r = ui_r(-1000, -1000, 0, 0);
    float text_right = right;
    if (pages) {
        l->next_r = ui_r(right - 150, FOOT_Y, 150, 68);
        l->prev_r = ui_r(right - 310, FOOT_Y, 150, 68);
        button(g, l->prev_r, C_("page", "PREV"), false);
        button(g, l->next_r, C_("page", "NEXT"), false);
        text_right = right - 330;
    }
    bool toast = l->now < l->toast_until && l->toast[0];
    const char *line = toast ? l->toast : lang_text(l->state);
    if (!line[0]) return;
    float x = left + bw + 40, w = text_right - x;
    float s = fit(g, line, 26, UI_FONT_BOLD, w);
    float h = gfx_text_wrap_height(g, line, w, s, UI_FONT_BOLD);
    gfx_text_wrap(g, line, x, FOOT_Y + (68 - h) / 2 + 6, w, s, UI_FONT_BOLD,
                  toast || !l->up ? RED : CREAM, UI_ALIGN_LEFT);
}

void lobby_draw(lobby_scene_t *l, ui_gfx_t *g) {
    ui_rect_t v = gfx_view(g), area = gfx_area(g);
    gfx_fill_screen(g, ui_rgba(6, 46, 26, 255));
    gfx_glow(g, ui_r(v.x - 200, v.y - 300, v.w + 400, v.h + 600), ui_rgba(30, 110, 62, 255));
    float left = area.x + MARGIN, right = area.x + area.w - MARGIN;
    gfx_text_shadow(g, _("LOBBY"), left, 22, 60, UI_FONT_DISPLAY, GOLD, UI_ALIGN_LEFT);
    l->back_r = ui_r(-1000, -1000, 0, 0);
    float sub_w = right - left;
    if (l->can_back) {
        l->back_r = ui_r(right - 330, 24, 330, 68);
        button(g, l->back_r, _("BACK TO PLAY"), false);
    }
    const char *sub = l->can_add
                          ? _("JOIN: play that table instead.   +TABLE: play it as well, up to "
                              "four tables at once.")
                          : _("Choose a table and JOIN it.");
    float ss = fit(g, sub, 26, UI_FONT_REGULAR, sub_w);
    gfx_text(g, sub, left, 104, ss, UI_FONT_REGULAR, CREAM, UI_ALIGN_LEFT);
    columns_t c = columns_of(area);
    for (int i = 0; i < 6; i++)
        gfx_text(g, lang_context(HEADS[i]), i == 3 || i == 5 ? c.x[i] + c.w[i] / 2 : c.x[i], 152,
                 TEXT_MIN, UI_FONT_BOLD, DIM, i == 3 || i == 5 ? UI_ALIGN_CENTER : UI_ALIGN_LEFT);
    l->nshown = 0;
    for (int k = 0; k < LOBBY_VISIBLE && l->first + k < l->nrows; k++) {
        draw_row(l, g, &c, k, ROWS_Y + (float)k * ROW_PITCH, area);
        l->nshown = k + 1;
    }
    if (l->nrows == 0)
        gfx_text(g, l->up ? _("No table is open yet.") : _("Looking for the tables..."), 960, 420,
                 34, UI_FONT_BOLD, CREAM, UI_ALIGN_CENTER);
    draw_foot(l, g, area);
}
