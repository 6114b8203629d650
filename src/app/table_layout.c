/* Where the table's things are: every fixed row and panel of the table (table_geom_t), worked
 * out from the window's shape each frame, the betting spots, the buttons of the moment and the
 * card slots.
 *
 * The rows, top to bottom, each with nothing else in it: the title bar (the game's name, HELP,
 * HISTORY); the top cards; their line (the dealer's hand); the middle row (the verdict once the
 * round is over, MAKE YOUR DECISION while the player decides, PLACE YOUR BETS, else the rule
 * printed on the felt; the live table's timer at its left); the player's cards; their line; the
 * spots with their labels and badges; the bar (meters, chips, buttons). Beside the hands: the
 * pay table (left) and the jackpot meter with the limits (right); under them the result's side
 * bet lines (left) and the message box (right). A 16:9 screen gives them 1920 units across, a
 * 4:3 one 1440 (ui_gfx.h): the side columns narrow to fit, the meters stack and the chips take
 * two rows. */
#include "table_internal.h"

#include <stdio.h>

#include "machine_table.h"

#define MARGIN  30.0f
#define COL_GAP 20.0f
#define COL_MAX 390.0f

/* The widest label of a set at the buttons' one size, plus the button's padding. */
static float widest(ui_gfx_t *g, const char *const *labels, int n, float least) {
    float w = least;
    for (int i = 0; g && i < n; i++) {
        float lw = gfx_text_width(g, labels[i], TB_BUTTON_TEXT, UI_FONT_DISPLAY) + 44;
        if (lw > w) w = lw;
    }
    return w;
}

/* The buttons: the rightmost (DEAL, REBET & DEAL, PLAY, the largest raise) is the main one,
 * as wide as its longest label, and stays where it is from betting to deciding; the others are
 * as wide as theirs. */
static void layout_bar(table_scene_t *t, ui_gfx_t *g, table_geom_t *m) {
    const table_variant_t *v = tb_variant(t);
    const char *small[8] = {N_("UNDO"), N_("CLEAR"), N_("REPEAT"), N_("DOUBLE")},
               *main[4] = {N_("DEAL"), N_("REBET & DEAL")};
    int ns = 4, nm = 2;
    for (int i = 0; i < v->nchoices; i++) {
        if (i == v->nchoices - 1)
            main[nm++] = v->choices[i].label;
        else
            small[ns++] = v->choices[i].label;
    }
    m->button_small = widest(g, small, ns, 150);
    m->button_main = widest(g, main, nm, 150);
    ui_rect_t a = m->area, b = m->bar;
    float x = a.x + MARGIN, top = b.y + 22, h = 136;
    if (m->narrow) {
        /* one box, a meter a line; the chips in two rows of three */
        for (int i = 0; i < 3; i++) m->meters[i] = ui_r(x, top + (float)i * h / 3, 300, h / 3);
        x += 300 + 24;
        for (int i = 0; i < TABLE_CHIPS; i++)
            m->chips[i] = ui_r(x + (float)(i % 3) * 66, top + 8 + (float)(i / 3) * 66, 58, 58);
        x += 3 * 66 + 16;
    } else {
        for (int i = 0; i < 3; i++) m->meters[i] = ui_r(x + (float)i * 218, top + 8, 206, 112);
        x += 3 * 218 + 12;
        for (int i = 0; i < TABLE_CHIPS; i++)
            m->chips[i] = ui_r(x + (float)i * 66, top + 30, 60, 60);
        x += TABLE_CHIPS * 66 + 12;
    }
    m->buttons = ui_r(x, b.y + 50, a.x + a.w - MARGIN - x, 86);
    /* a language with long words: the buttons narrow to the bar and their labels wrap */
    int k = v->nchoices - 1 > 3 ? v->nchoices - 1 : 3;
    float room = m->buttons.w - (float)k * 14;
    if ((float)k * m->button_small + m->button_main > room) {
        m->button_main = m->button_main < room / 2 ? m->button_main : room / 2;
        m->button_small = (room - m->button_main) / (float)k;
    }
}

/* The geometry for a view (g NULL: before the first frame, the buttons' widths guessed). */
static void layout(table_scene_t *t, ui_gfx_t *g, ui_rect_t view, ui_rect_t area) {
    table_geom_t *m = &t->geom;
    m->view = view;
    m->area = area;
    m->narrow = area.w < 1800;
    float top = view.y, bottom = view.y + view.h;
    m->title = ui_r(area.x + MARGIN, top + 14, area.w / 2, 44);
    /* right to left: X, SETTINGS, HISTORY, HELP, LOBBY; those not shown are off the window */
    float right = area.x + area.w - MARGIN;
    static const int order[TABLE_CORNERS] = {TABLE_CORNER_CLOSE, TABLE_CORNER_SETTINGS,
                                             TABLE_CORNER_HISTORY, TABLE_CORNER_HELP,
                                             TABLE_CORNER_LOBBY};
    for (int k = 0; k < TABLE_CORNERS; k++) {
        int i = order[k];
        float w = i == TABLE_CORNER_CLOSE ? 64 : 160;
        m->corner[i] = ui_r(-1000, -1000, 0, 0);
        if (!tb_corner_shown(t, i)) continue;
        m->corner[i] = ui_r(right - w, top + 12, w, 48);
        right -= w + 10;
    }
    /* RESPONSIBLE GAMING left of them, the language left of it (its name in itself, "简体中文"),
     * the clock left of that, the game's name in what is left */
    tb_rg_layout(t, g, top, right + 10);
    m->lang = ui_r(m->rg_button.x - 10 - 160, top + 12, 160, 48);
    m->clock.x = m->lang.x - 16 - m->clock.w;
    m->title = ui_r(area.x + MARGIN, top + 14, m->clock.x - 24 - (area.x + MARGIN), 44);
    /* the side columns: as wide as the cards leave, at most COL_MAX */
    float cards = CARD_W * 5 + CARD_GAP * 4;
    float col = (area.w - cards - 2 * MARGIN - 2 * COL_GAP) / 2;
    if (col > COL_MAX) col = COL_MAX;
    m->bar = ui_r(view.x - 4, bottom - 180, view.w + 8, 184);
    float under = m->bar.y - 14; /* the columns and the spots end here */
    m->pay = ui_r(area.x + MARGIN, DEALER_Y, col, 560);
    m->side = ui_r(area.x + area.w - MARGIN - col, DEALER_Y, col, 560);
    float low = DEALER_Y + 560 + 14;
    m->results = ui_r(m->pay.x, low, col, under - low);
    m->msg = ui_r(m->side.x, low, col, under - low);
    float cx = m->pay.x + col + COL_GAP, cw = m->side.x - COL_GAP - cx;
    m->top_line = ui_r(cx, DEALER_Y + CARD_H + 4, cw, 38);
    float mid = m->top_line.y + m->top_line.h + 4;
    m->middle = ui_r(cx, mid, cw, PLAYER_Y - 4 - mid);
    m->timer = ui_r(cx, m->middle.y + (m->middle.h - 96) / 2, 150, 96);
    m->hand_line = ui_r(cx, PLAYER_Y + CARD_H + 4, cw, 38);
    float sp = m->hand_line.y + m->hand_line.h + 8;
    m->spots = ui_r(cx, sp, cw, under - sp);
    layout_bar(t, g, m);
    t->bar_y = m->bar.y;
}

void tb_layout(table_scene_t *t, ui_gfx_t *g) {
    layout(t, g, gfx_view(g), gfx_area(g));
    tb_layout_spots(t);
    tb_layout_buttons(t);
}

void tb_layout_default(table_scene_t *t) {
    layout(t, NULL, ui_r(0, 0, UI_W, UI_H), ui_r(0, 0, UI_W, UI_H));
    tb_layout_spots(t);
}

ui_rect_t tb_chip_rect(const table_scene_t *t, int i) {
    return t->geom.chips[i];
}

ui_rect_t tb_corner_button(const table_scene_t *t, int i) {
    return t->geom.corner[i];
}

bool tb_corner_shown(const table_scene_t *t, int i) {
    switch (i) {
    case TABLE_CORNER_SETTINGS:
        return tb_settings_offered(t);
    case TABLE_CORNER_LOBBY:
        return t->show_lobby;
    case TABLE_CORNER_CLOSE:
        return t->show_close;
    default:
        return true;
    }
}

/* the pop-up's PREV, NEXT and CLOSE, at its bottom right; a terminal's history's ALL TABLES (or
 * THIS TABLE) left of them, wider: its words are longer */
ui_rect_t tb_popup_button(const table_scene_t *t, int i) {
    ui_rect_t p = help_popup(t->geom.area);
    float x0 = p.x + p.w - 50 - 3 * 180 - 2 * 20;
    if (i == 3) return ui_r(x0 - 40 - 300, p.y + p.h - 90, 300, 64);
    return ui_r(x0 + (float)i * 200, p.y + p.h - 90, 180, 64);
}

const char *tb_history_table(const table_scene_t *t) {
    mtable_status_t ts;
    if (!t->machine || !t->game->at_table || !machine_table_status(t->machine, &ts)) return NULL;
    return t->machine->cfg.table.join;
}

ui_rect_t tb_slot_rect(float y, int i, int n) {
    float total = CARD_W * (float)n + CARD_GAP * (float)(n - 1);
    return ui_r(960 - total / 2 + (CARD_W + CARD_GAP) * (float)i, y, CARD_W, CARD_H);
}

ui_rect_t tb_split_slot(const card_t cards[5], int i, float y) {
    eval_asian_t a = eval_asian(cards);
    if (!a.qualifies) return tb_slot_rect(y, i, 5);
    bool three = a.three >> i & 1;
    int pos = 0;
    for (int j = 0; j < i; j++) pos += (a.three >> j & 1) == three;
    ui_rect_t sr = tb_slot_rect(y, three ? pos : 3 + pos, 5);
    /* the two that score stand apart (within the row's width: the three move left as much) */
    sr.x += three ? -20 : 20;
    return sr;
}

static void add_spot(table_scene_t *t, wager_t w, const char *label) {
    if (t->nspots == TABLE_MAX_SPOTS) return;
    spot_t *s = &t->spots[t->nspots++];
    s->wager = w;
    snprintf(s->label, sizeof s->label, "%s", label);
}

/* The variant's spots (its side bets when the rules offer them), evenly across the spots' row
 * between the side columns. */
void tb_layout_spots(table_scene_t *t) {
    const rules_t *r = &t->game->rules;
    const table_variant_t *v = tb_variant(t);
    ui_rect_t row = t->geom.spots;
    t->nspots = 0;
    for (int i = 0; i < v->nspots; i++)
        if (!v->spots[i].optional || r->offered[v->spots[i].wager])
            add_spot(t, v->spots[i].wager, v->spots[i].label);
    float d = t->nspots > 5 ? 96.0f : 104.0f;
    float left = row.x + 10, right = row.x + row.w - 10;
    float step = t->nspots > 1 ? (right - left - d) / (float)(t->nspots - 1) : 0;
    if (step > 210) step = 210;
    left = 960 - (step * (float)(t->nspots - 1) + d) / 2;
    for (int i = 0; i < t->nspots; i++) t->spots[i].r = ui_r(left + step * (float)i, row.y, d, d);
}

/* The on-screen buttons for this moment of the round: the variant's choices while deciding,
 * the betting buttons otherwise; right-aligned in the bar, the last one the main one
 * (layout_bar). */
void tb_layout_buttons(table_scene_t *t) {
    const game_t *g = t->game;
    const round_t *r = &g->round;
    const table_geom_t *m = &t->geom;
    t->nbuttons = 0;
    typedef struct {
        ui_button_t b;
        const char *label;
        bool enabled;
        float w;
    } choice_t;
    choice_t list[8];
    int n = 0;
    bool busy = table_busy(t);
    if (r->phase == ROUND_DECIDING) {
        const table_variant_t *v = tb_variant(t);
        bool can = round_seat_can_decide(r, 0) && !busy;
        for (int i = 0; i < v->nchoices; i++)
            list[n++] = (choice_t){v->choices[i].button, v->choices[i].label, can,
                                   i == v->nchoices - 1 ? m->button_main : m->button_small};
    } else {
        bool betting = r->phase == ROUND_BETTING;
        bool has_bets = betting && round_seat_staked(r, 0) > 0;
        /* only what can be done now is lit, as the machine would take it: REPEAT when the
         * credits hold last round's bets (DOUBLE: when they hold the doubled bets), DEAL when
         * it deals (the credits cover the bets and the largest raise; the message box says why
         * not) */
        const machine_t *mc = t->machine;
        float s = m->button_small;
        list[n++] = (choice_t){BTN_UNDO, N_("UNDO"), machine_button_ok(mc, BTN_UNDO) && !busy, s};
        list[n++] =
            (choice_t){BTN_CLEAR, N_("CLEAR"), machine_button_ok(mc, BTN_CLEAR) && !busy, s};
        list[n++] = (choice_t){BTN_REPEAT, has_bets ? N_("DOUBLE") : N_("REPEAT"),
                               machine_button_ok(mc, BTN_REPEAT) && !busy, s};
        list[n++] = (choice_t){BTN_DEAL, betting ? N_("DEAL") : N_("REBET & DEAL"),
                               machine_button_ok(mc, BTN_DEAL) && !busy, m->button_main};
    }
    float gap = 14, x = m->buttons.x + m->buttons.w;
    for (int i = n - 1; i >= 0; i--) {
        x -= list[i].w;
        button_vis_t *bv = &t->buttons[i];
        bv->button = list[i].b;
        bv->enabled = list[i].enabled;
        snprintf(bv->label, sizeof bv->label, "%s", list[i].label);
        bv->r = ui_r(x, m->buttons.y, list[i].w, m->buttons.h);
        x -= gap;
    }
    t->nbuttons = n;
}

int tb_spot_of(const table_scene_t *t, int wager) {
    for (int i = 0; i < t->nspots; i++)
        if ((int)t->spots[i].wager == wager) return i;
    return -1;
}

void tb_spot_centre(const table_scene_t *t, int spot, float *x, float *y) {
    *x = t->spots[spot].r.x + t->spots[spot].r.w / 2;
    *y = t->spots[spot].r.y + t->spots[spot].r.h / 2;
}
