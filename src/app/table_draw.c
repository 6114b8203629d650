/* Drawing the table: the still layer (felt, printed rule, panels, spot outlines, the bar's
 * boxes) is drawn once per window size; over it each frame the pay table's lit row, the meters,
 * the bets, the hands, the banner, the bar, flying chips, the message box (the hint, why DEAL
 * cannot deal, notices) and pop-ups. */
#include "table_internal.h"

#include <stdio.h>
#include <string.h>

/* ---- the panels ---- */

/* The pay table with the row of this hand lit once the round is settled. */
static void draw_paytable(table_scene_t *t, ui_gfx_t *g, bool layer) {
    const table_variant_t *v = tb_variant(t);
    ui_rect_t p = ui_r(30, 74, 390, 560);
    if (layer)
        gfx_panel(g, p, 18, ui_rgba(10, 40, 24, 215), ui_rgba(4, 24, 14, 215),
                  ui_rgba(242, 201, 76, 200), 2.5f);
    bool show = tb_results_visible(t) && t->game->round.phase == ROUND_SETTLED;
    tb_pay_panel_t pay = {.n = 0, .lit = -1};
    snprintf(pay.title, sizeof pay.title, "%s", v->pay_title);
    v->pay_rows(v, t, show, &pay);
    if (layer)
        gfx_text(g, pay.title, p.x + p.w / 2, p.y + 18, 30, UI_FONT_DISPLAY, GOLD, UI_ALIGN_CENTER);
    int n = pay.n;
    float rowh = (p.h - 90) / (float)(n < 9 ? 9 : n);
    for (int i = 0; i < n; i++) {
        float y = p.y + 72 + rowh * (float)i;
        bool on = i == pay.lit;
        if (layer == on) continue; /* plain rows in the layer, the lit row over it */
        if (on) {
            float pulse =
                t->now < t->result_at + 3.0f ? pulse_step(0.75f + 0.25f * sinf(t->now * 6)) : 1.0f;
            gfx_panel(g, ui_r(p.x + 10, y - 4, p.w - 20, rowh), 10,
                      ui_rgba(242, 201, 76, (uint8_t)(230 * pulse)),
                      ui_rgba(200, 150, 40, (uint8_t)(230 * pulse)), WHITE, 1.5f);
        }
        ui_color_t c = on ? ui_rgba(30, 20, 0, 255) : CREAM;
        float size = rowh * 0.55f > 28 ? 28 : rowh * 0.55f;
        gfx_text(g, pay.rows[i][0], p.x + 24, y + (rowh - size) / 2 - 4, size, UI_FONT_REGULAR, c,
                 UI_ALIGN_LEFT);
        gfx_text(g, pay.rows[i][1], p.x + p.w - 24, y + (rowh - size) / 2 - 4, size, UI_FONT_BOLD,
                 c, UI_ALIGN_RIGHT);
    }
}

/* The jackpot or progressive meter at the top of the side panel (the preset offers one); returns
 * the height it takes. */
static float draw_pool_meter(table_scene_t *t, ui_gfx_t *g, ui_rect_t p, bool layer) {
    const rules_t *ru = &t->game->rules;
    char b1[40];
    ui_rect_t m = ui_r(p.x, p.y, p.w, 190);
    if (layer) {
        gfx_panel(g, m, 18, ui_rgba(60, 10, 20, 235), ui_rgba(25, 0, 8, 235), GOLD, 3);
        gfx_text(g, ru->offered[WAGER_JACKPOT] ? "JACKPOT" : "PROGRESSIVE", m.x + m.w / 2, m.y + 16,
                 30, UI_FONT_DISPLAY, GOLD, UI_ALIGN_CENTER);
        gfx_glow(g, ui_r(m.x + 20, m.y + 60, m.w - 40, 100), ui_rgba(255, 200, 60, 90));
        gfx_text(g, ru->offered[WAGER_JACKPOT] ? "Royal Flush wins it all" : "Royal Flush: 100%",
                 m.x + m.w / 2, m.y + 150, 22, UI_FONT_REGULAR, CREAM, UI_ALIGN_CENTER);
    }
    bool down;
    tb_pool_value(t, &down);
    if (down)
        snprintf(b1, sizeof b1, "LINK DOWN");
    else
        money(t->game, t->shown_pool, b1);
    float size = 64;
    while (gfx_text_width(g, b1, size, UI_FONT_DISPLAY) > m.w - 40 && size > 30) size -= 4;
    if (!layer)
        gfx_text_shadow(g, b1, m.x + m.w / 2, m.y + 70, size, UI_FONT_DISPLAY,
                        ui_rgba(255, 226, 120, 255), UI_ALIGN_CENTER);
    return 210;
}

/* The table limits of each bet a player places, the cap on a win, and how to win. */
static void draw_limits(table_scene_t *t, ui_gfx_t *g, ui_rect_t info) {
    const game_t *gm = t->game;
    const rules_t *ru = &gm->rules;
    const table_variant_t *v = tb_variant(t);
    char b1[40], b2[40], line[96];
    gfx_panel(g, info, 18, ui_rgba(10, 40, 24, 215), ui_rgba(4, 24, 14, 215),
              ui_rgba(242, 201, 76, 160), 2);
    float ty = info.y + 20;
    gfx_text(g, "TABLE LIMITS", info.x + info.w / 2, ty, 26, UI_FONT_DISPLAY, GOLD,
             UI_ALIGN_CENTER);
    ty += 46;
    for (int w = 0; w < WAGER_COUNT && ty < info.y + info.h - 80; w++) {
        if (!ru->offered[w] || !(w == WAGER_ANTE || wager_is_side((wager_t)w))) continue;
        gfx_text(g, wager_name((wager_t)w), info.x + 24, ty, 22, UI_FONT_BOLD, CREAM,
                 UI_ALIGN_LEFT);
        snprintf(line, sizeof line, "%s - %s", money(gm, ru->bet_min[w], b1),
                 money(gm, ru->bet_max[w], b2));
        gfx_text(g, line, info.x + info.w - 24, ty, 22, UI_FONT_REGULAR, CREAM, UI_ALIGN_RIGHT);
        ty += 34;
    }
    if (v->max_payout_line && ru->max_payout > 0) {
        snprintf(line, sizeof line, "Max payout %s a bet", money(gm, ru->max_payout, b1));
        gfx_text(g, line, info.x + info.w / 2, ty + 6, 20, UI_FONT_REGULAR, DIM, UI_ALIGN_CENTER);
    }
    ty += 24;
    if (ty < info.y + info.h - 200) {
        gfx_text(g, "HOW TO WIN", info.x + info.w / 2, ty, 24, UI_FONT_DISPLAY, GOLD,
                 UI_ALIGN_CENTER);
        gfx_text_wrap(g, v->how_to_win, info.x + info.w / 2, ty + 38, info.w - 44, 21,
                      UI_FONT_REGULAR, CREAM, UI_ALIGN_CENTER);
    }
}

static void draw_side_panel(table_scene_t *t, ui_gfx_t *g, bool layer) {
    const game_t *gm = t->game;
    const rules_t *ru = &gm->rules;
    ui_rect_t p = ui_r(1500, 74, 390, 560);
    float y = p.y;
    if (ru->offered[WAGER_JACKPOT] || ru->offered[WAGER_PROGRESSIVE])
        y += draw_pool_meter(t, g, p, layer);
    ui_rect_t info = ui_r(p.x, y, p.w, p.y + p.h - y);
    if (layer) {
        draw_limits(t, g, info);
        return;
    }
    char line[96];
    snprintf(line, sizeof line, "GAME %06llu", (unsigned long long)gm->number);
    gfx_text(g, line, info.x + info.w / 2, info.y + info.h - 42, 22, UI_FONT_BOLD, DIM,
             UI_ALIGN_CENTER);
}

static void draw_timer(table_scene_t *t, ui_gfx_t *g) {
    bool deciding;
    float left = tb_timer_left(t, &deciding);
    t->timer_drawn = left >= 0 ? (int)SDL_ceilf(left) : -1;
    if (left < 0 || t->overlay != OVERLAY_NONE) return;
    const rules_t *ru = &t->game->rules;
    float total = (float)(deciding ? ru->decision_seconds : ru->betting_seconds);
    /* the traffic light: green, yellow when time is nearly over, red at the end */
    int lamp = left > total * 0.4f ? 0 : left > 1.0f ? 1 : 2;
    ui_rect_t box = ui_r(432, 296, 136, 150); /* between the pay table and the cards */
    gfx_panel(g, box, 18, ui_rgba(10, 10, 10, 220), ui_rgba(0, 0, 0, 220), GOLD, 2);
    static const ui_color_t on[3] = {{60, 220, 90, 255}, {250, 200, 40, 255}, {240, 60, 50, 255}};
    for (int i = 0; i < 3; i++) {
        ui_color_t c = i == lamp ? on[i] : ui_rgba(on[i].r / 5, on[i].g / 5, on[i].b / 5, 255);
        char key[48], svg[300];
        snprintf(key, sizeof key, "lamp:%02x%02x%02x", c.r, c.g, c.b);
        snprintf(svg, sizeof svg,
                 "<svg xmlns='http://www.w3.org/2000/svg' width='40' height='40'><circle cx='20' "
                 "cy='20' r='17' fill='#%02x%02x%02x' stroke='#000' stroke-width='2'/></svg>",
                 c.r, c.g, c.b);
        gfx_svg_text(g, key, svg, ui_r(box.x + 12 + (float)i * 40, box.y + 12, 34, 34), 255);
    }
    char txt[32];
    snprintf(txt, sizeof txt, "%d", (int)SDL_ceilf(left));
    gfx_text(g, txt, box.x + box.w / 2, box.y + 52, 44, UI_FONT_DISPLAY, on[lamp], UI_ALIGN_CENTER);
    gfx_text(g, deciding ? "DECIDE" : "BETS CLOSE", box.x + box.w / 2, box.y + 114, 18,
             UI_FONT_BOLD, CREAM, UI_ALIGN_CENTER);
}

/* ---- the bar ---- */

/* BALANCE, TOTAL BET and WIN: the boxes and their labels in the layer, the figures over it. */
static void draw_meters(table_scene_t *t, ui_gfx_t *g, bool layer) {
    const game_t *gm = t->game;
    char b1[40];
    struct {
        const char *label;
        int64_t v;
    } boxes[3] = {{"BALANCE", 0}, {"TOTAL BET", 0}, {"WIN", 0}};
    table_meters(t, &boxes[0].v, &boxes[1].v, &boxes[2].v);
    for (int i = 0; i < 3; i++) {
        ui_rect_t b = ui_r(30 + (float)i * 232, t->bar_y + 30, 220, 112);
        if (layer) {
            gfx_panel(g, b, 14, ui_rgba(40, 30, 22, 255), ui_rgba(16, 10, 6, 255),
                      ui_rgba(120, 95, 50, 255), 2);
            gfx_text(g, boxes[i].label, b.x + b.w / 2, b.y + 12, 22, UI_FONT_BOLD, DIM,
                     UI_ALIGN_CENTER);
            continue;
        }
        money(gm, boxes[i].v, b1);
        float size = 40;
        while (gfx_text_width(g, b1, size, UI_FONT_DISPLAY) > b.w - 20 && size > 20) size -= 2;
        gfx_text(g, b1, b.x + b.w / 2, b.y + 50, size, UI_FONT_DISPLAY,
                 i == 2 && boxes[i].v > 0 ? GREEN_WIN : ui_rgba(255, 236, 170, 255),
                 UI_ALIGN_CENTER);
    }
}

static void draw_button(ui_gfx_t *g, const button_vis_t *b) {
    bool main = b->button == BTN_DEAL || b->button == BTN_PLAY || b->button == BTN_RAISE1 ||
                b->button == BTN_RAISE2 || b->button == BTN_RAISE3;
    ui_color_t top = main ? ui_rgba(250, 214, 90, 255) : ui_rgba(70, 110, 80, 255);
    ui_color_t bottom = main ? ui_rgba(200, 140, 30, 255) : ui_rgba(30, 60, 40, 255);
    if (b->button == BTN_FOLD) {
        top = ui_rgba(200, 60, 60, 255);
        bottom = ui_rgba(120, 20, 24, 255);
    }
    if (!b->enabled) {
        top = ui_rgba(70, 70, 70, 255);
        bottom = ui_rgba(40, 40, 40, 255);
    }
    gfx_panel(g, b->r, 43, top, bottom, ui_rgba(255, 255, 255, b->enabled ? 200 : 60), 2.5f);
    float size = 28;
    while (gfx_text_width(g, b->label, size, UI_FONT_DISPLAY) > b->r.w - 20 && size > 14) size -= 2;
    gfx_text(g, b->label, b->r.x + b->r.w / 2, b->r.y + (b->r.h - size * 1.2f) / 2, size,
             UI_FONT_DISPLAY,
             b->enabled ? (main ? ui_rgba(40, 24, 0, 255) : WHITE) : ui_rgba(140, 140, 140, 255),
             UI_ALIGN_CENTER);
}

static void draw_bar(table_scene_t *t, ui_gfx_t *g, bool layer) {
    const game_t *gm = t->game;
    if (layer)
        /* across the window's width and down to its bottom edge, not a pixel more (a panel
         * texture is as big as the panel) */
        gfx_panel(g,
                  ui_r(-g->ox / g->scale - 4, t->bar_y, (float)g->pw / g->scale + 8,
                       ((float)g->ph - g->oy) / g->scale - t->bar_y + 4),
                  0, ui_rgba(22, 14, 10, 245), ui_rgba(8, 5, 3, 250), ui_rgba(242, 201, 76, 220),
                  3);
    draw_meters(t, g, layer);
    if (layer) return;
    /* the chip tray: only chips the balance covers are enabled (001) */
    for (int i = 0; i < TABLE_CHIPS; i++) {
        ui_rect_t c = tb_chip_rect(t, i);
        bool covered = t->chips[i] <= game_balance(gm);
        if (i == t->chip) {
            gfx_glow(g, ui_r(c.x - 22, c.y - 22, c.w + 44, c.h + 44), ui_rgba(255, 220, 90, 220));
            c.y -= 10;
        }
        tb_draw_chip(g, t->chips[i], c, covered ? 255 : 70);
    }
    for (int i = 0; i < t->nbuttons; i++) draw_button(g, &t->buttons[i]);
}

/* ---- over the table ---- */

static void draw_banner(table_scene_t *t, ui_gfx_t *g) {
    if (!t->banner[0] || t->now < t->banner_at) return;
    /* it fades in: the panel and the text keep their size (a size that grew frame by frame made
     * a new panel picture and a new font size every frame of the ease) */
    float p = ease_out(clampf((t->now - t->banner_at) / 0.35f, 0, 1));
    float w = 720, h = (t->banner2[0] ? 112 : 84) + 34 * t->nside_lines;
    ui_rect_t r = ui_r(960 - w / 2, BANNER_Y - h / 2, w, h);
    uint8_t a = (uint8_t)(252 * p);
    gfx_panel(g, r, 24, ui_rgba(20, 12, 6, a), ui_rgba(6, 3, 2, a),
              ui_rgba(t->banner_color.r, t->banner_color.g, t->banner_color.b, a), 3);
    ui_color_t c = t->banner_color;
    c.a = (uint8_t)(255 * p);
    gfx_text_shadow(g, t->banner, 960, r.y + 8, 50, UI_FONT_DISPLAY, c, UI_ALIGN_CENTER);
    if (t->banner2[0])
        gfx_text(g, t->banner2, 960, r.y + 70, 26, UI_FONT_BOLD, ui_rgba(250, 240, 215, c.a),
                 UI_ALIGN_CENTER);
    /* the side bets, a line each under the verdict: a win in green, a loss dimmed */
    float y = r.y + (t->banner2[0] ? 106 : 78);
    for (int i = 0; i < t->nside_lines; i++, y += 34) {
        bool lost = strstr(t->side_lines[i], "LOSES") != NULL;
        bool fee = strncmp(t->side_lines[i], "COMMISSION", 10) == 0;
        ui_color_t lc = lost ? DIM : fee ? CREAM : GREEN_WIN;
        lc.a = c.a;
        gfx_text(g, t->side_lines[i], 960, y, 26, UI_FONT_BOLD, lc, UI_ALIGN_CENTER);
    }
}

/* The jackpot celebration's coins. */
static void draw_coins(table_scene_t *t, ui_gfx_t *g) {
    static const char coin[] =
        "<svg xmlns='http://www.w3.org/2000/svg' width='60' height='60'><defs><radialGradient "
        "id='g' cx='.4' cy='.35' r='.7'><stop offset='0' stop-color='#fff6c0'/><stop "
        "offset='.5' stop-color='#f2c94c'/><stop offset='1' stop-color='#a8741a'/>"
        "</radialGradient></defs><circle cx='30' cy='30' r='28' fill='url(#g)' "
        "stroke='#7a520e' stroke-width='3'/><circle cx='30' cy='30' r='19' fill='none' "
        "stroke='#fff3b0' stroke-opacity='.7' stroke-width='2'/></svg>";
    for (int i = 0; i < t->ncoins; i++) {
        /* a spinning gold coin: its width follows the spin */
        float sx = fabsf(cosf(t->coins[i].spin));
        gfx_svg_text_ex(g, "coin", coin, ui_r(t->coins[i].x - 27, t->coins[i].y - 27, 54, 54), 255,
                        sx < 0.08f ? 0.08f : sx);
    }
}

static void draw_flights(table_scene_t *t, ui_gfx_t *g) {
    for (int i = 0; i < t->nflights; i++) {
        const flight_t *f = &t->flights[i];
        if (t->now < f->t0) continue;
        float p = ease_out(clampf((t->now - f->t0) / f->dur, 0, 1));
        float x = f->x0 + (f->x1 - f->x0) * p, y = f->y0 + (f->y1 - f->y0) * p;
        y -= sinf(p * 3.14159265f) * 50; /* a small arc */
        tb_draw_chip(g, f->value, ui_r(x - 36, y - 36, 72, 72), 255);
    }
}

/* ---- the message box ---- */

/* The message box: a fixed column at the right between the side panel and the bar, above the
 * buttons, where nothing else is drawn (the spots end at x 1450, the side panel at y 634). The
 * lasting line (why DEAL cannot deal, or the hint) sits at its bottom, a notice over it. */
#define MSG_X   1500.0f
#define MSG_W   390.0f
#define MSG_TOP 648.0f

typedef struct msg_style {
    ui_color_t top, bottom, border, text;
} msg_style_t;

/* One panel of the box, its bottom at y: the text wrapped to the panel (a smaller size when a
 * long text would leave the box), a second line under it when closing needs saying. Returns the
 * panel's top. */
static float message_panel(ui_gfx_t *g, const char *text, const char *second, float y, float room,
                           msg_style_t st) {
    float size = 26, tw = MSG_W - 40, h = 0;
    float extra = second ? 30 : 0;
    for (; size >= 18; size -= 2) {
        h = gfx_text_wrap_height(g, text, tw, size, UI_FONT_BOLD) + 24 + extra;
        if (h <= room) break;
    }
    if (size < 18) size = 18;
    ui_rect_t r = ui_r(MSG_X, y - h, MSG_W, h);
    gfx_panel(g, r, 22, st.top, st.bottom, st.border, 2);
    gfx_text_wrap(g, text, r.x + r.w / 2, r.y + 10, tw, size, UI_FONT_BOLD, st.text,
                  UI_ALIGN_CENTER);
    if (second)
        gfx_text(g, second, r.x + r.w / 2, r.y + r.h - extra - 4, 18, UI_FONT_BOLD, CREAM,
                 UI_ALIGN_CENTER);
    return r.y;
}

static void draw_messages(table_scene_t *t, ui_gfx_t *g) {
    char line[256], toast[256];
    table_messages(t, line, sizeof line, toast, sizeof toast);
    t->toast_drawn = toast[0] != '\0';
    float bottom = t->bar_y - 14, room = bottom - MSG_TOP;
    if (line[0]) {
        bool hint = !t->deal_line[0];
        /* a refused DEAL points at the line: it flashes a moment */
        float flash = t->now < t->deal_line_at + 0.8f
                          ? pulse_step(0.5f + 0.5f * fabsf(sinf((t->now - t->deal_line_at) * 8)))
                          : 0;
        msg_style_t st =
            hint ? (msg_style_t){ui_rgba(20, 40, 80, 235), ui_rgba(8, 20, 50, 235),
                                 ui_rgba(140, 190, 255, 220), ui_rgba(220, 235, 255, 255)}
                 : (msg_style_t){ui_rgba(60, 40, 8, 240), ui_rgba(30, 18, 2, 240),
                                 ui_rgba(242, 201, 76, (uint8_t)(160 + 95 * flash)),
                                 ui_rgba(255, 236, 170, 255)};
        float top = message_panel(g, line, NULL, bottom, room / 2, st);
        room -= bottom - top + 10;
        bottom = top - 10;
    }
    if (!toast[0]) return;
    msg_style_t st =
        t->toast_good
            ? (msg_style_t){ui_rgba(24, 110, 50, 235), ui_rgba(8, 60, 24, 235), CREAM, WHITE}
            : (msg_style_t){ui_rgba(120, 20, 20, 235), ui_rgba(70, 8, 8, 235), CREAM, WHITE};
    /* a warning keeps a second line saying how to close it */
    message_panel(g, toast, t->toast_sticky ? "PRESS ANY BUTTON OR TOUCH TO CLOSE" : NULL, bottom,
                  room, st);
}

/* The attract banner over the demo rounds. */
static void draw_demo(table_scene_t *t, ui_gfx_t *g) {
    float pulse = pulse_step(0.55f + 0.45f * fabsf(sinf(t->now * 2.2f)));
    /* over the chip tray and the buttons, where a player would start, clear of the title */
    ui_rect_t r = ui_r(724, t->bar_y + 30, 1166, 112);
    gfx_panel(g, r, 28, ui_rgba(120, 16, 24, 255), ui_rgba(60, 6, 10, 255),
              ui_rgba(242, 201, 76, (uint8_t)(255 * pulse)), 3);
    gfx_text(g, "INSERT CREDITS  -  TOUCH TO PLAY", r.x + r.w / 2, r.y + 14, 44, UI_FONT_DISPLAY,
             ui_rgba(255, 236, 170, (uint8_t)(150 + 105 * pulse)), UI_ALIGN_CENTER);
    gfx_text(g, "DEMO GAME", r.x + r.w / 2, r.y + 70, 24, UI_FONT_BOLD, CREAM, UI_ALIGN_CENTER);
}

/* HELP and HISTORY, always there, at the window's top edge. */
static void draw_corner_buttons(ui_gfx_t *g) {
    static const char *const corner[2] = {"HELP", "HISTORY"};
    for (int i = 0; i < 2; i++) {
        ui_rect_t r = tb_corner_button(i);
        r.y -= g->oy / g->scale;
        gfx_panel(g, r, 24, ui_rgba(30, 60, 40, 230), ui_rgba(10, 30, 18, 230),
                  ui_rgba(242, 201, 76, 200), 2);
        gfx_text(g, corner[i], r.x + r.w / 2, r.y + 10, 24, UI_FONT_BOLD, CREAM, UI_ALIGN_CENTER);
    }
}

/* The help or history pop-up: its pages and PREV, NEXT, CLOSE. */
static void draw_overlay(table_scene_t *t, ui_gfx_t *g) {
    gfx_rec_modal(g);
    const game_t *gm = t->game;
    gfx_fill(g, ui_r(-2000, -2000, 6000, 6000), ui_rgba(0, 0, 0, 170));
    gfx_panel(g, ui_r(150, 60, 1620, 960), 28, ui_rgba(12, 52, 30, 250), ui_rgba(4, 26, 14, 250),
              GOLD, 3);
    int pages;
    char title[96];
    if (t->overlay == OVERLAY_HELP) {
        pages = help_pages(g, &t->help);
        if (t->page >= pages) t->page = pages - 1;
        snprintf(title, sizeof title, "HELP"); /* each page has its own heading below */
        help_draw(g, &t->help, gm, t->page);
    } else {
        int per = history_per_page();
        if (t->hist_page != t->page) {
            t->hist_total = game_history_count(t->game);
            t->nhist = game_history(t->game, t->page * per, per, t->hist);
            t->hist_page = t->page;
        }
        pages = t->hist_total ? (int)((t->hist_total + per - 1) / per) : 1;
        if (t->page >= pages) t->page = pages - 1;
        bool recall = gm->store != NULL;
        snprintf(title, sizeof title, "%s",
                 recall ? "GAME RECALL  -  RECORDED ROUNDS, NEWEST FIRST"
                        : "HISTORY  -  THIS SESSION, NEWEST FIRST");
        history_draw(g, gm, t->hist, t->nhist, recall);
    }
    gfx_text(g, title, 960, 84, 34, UI_FONT_DISPLAY, GOLD, UI_ALIGN_CENTER);
    char line[48];
    snprintf(line, sizeof line, "PAGE %d OF %d", t->page + 1, pages);
    gfx_text(g, line, 200, 948, 24, UI_FONT_BOLD, DIM, UI_ALIGN_LEFT);
    static const char *const labels[3] = {"PREV", "NEXT", "CLOSE"};
    for (int i = 0; i < 3; i++) {
        bool enabled = i == 2 || (i == 0 ? t->page > 0 : t->page + 1 < pages);
        ui_rect_t r = tb_popup_button(i);
        gfx_panel(g, r, 32, enabled ? ui_rgba(250, 214, 90, 255) : ui_rgba(70, 70, 70, 255),
                  enabled ? ui_rgba(200, 140, 30, 255) : ui_rgba(40, 40, 40, 255),
                  ui_rgba(255, 255, 255, 160), 2);
        gfx_text(g, labels[i], r.x + r.w / 2, r.y + 14, 28, UI_FONT_DISPLAY,
                 enabled ? ui_rgba(40, 24, 0, 255) : ui_rgba(140, 140, 140, 255), UI_ALIGN_CENTER);
    }
}

static void draw_door_open(ui_gfx_t *g) {
    gfx_rec_modal(g);
    gfx_fill(g, ui_r(-2000, -2000, 6000, 6000), ui_rgba(0, 0, 0, 150));
    ui_rect_t r = ui_r(360, 330, 1200, 240);
    gfx_panel(g, r, 28, ui_rgba(30, 50, 110, 250), ui_rgba(10, 20, 60, 250),
              ui_rgba(255, 230, 120, 255), 4);
    gfx_text_shadow(g, "DOOR OPEN", 960, r.y + 30, 64, UI_FONT_DISPLAY, ui_rgba(255, 236, 170, 255),
                    UI_ALIGN_CENTER);
    gfx_text(g, "Play is stopped until the door is closed. The opening is recorded.", 960,
             r.y + 150, 26, UI_FONT_BOLD, WHITE, UI_ALIGN_CENTER);
}

/* Play stopped: a hand pay waiting for the attendant, or a fault. */
static void draw_locked(table_scene_t *t, ui_gfx_t *g) {
    gfx_rec_modal(g);
    const game_t *gm = t->game;
    bool fault = gm->state == GAME_FAULT;
    gfx_fill(g, ui_r(-2000, -2000, 6000, 6000), ui_rgba(0, 0, 0, fault ? 200 : 120));
    ui_rect_t r = ui_r(260, 300, 1400, 300);
    float pulse = pulse_step(0.6f + 0.4f * fabsf(sinf(t->now * 2.5f)));
    gfx_panel(g, r, 28, fault ? ui_rgba(140, 16, 16, 250) : ui_rgba(120, 80, 0, 250),
              fault ? ui_rgba(70, 6, 6, 250) : ui_rgba(60, 40, 0, 250),
              ui_rgba(255, 230, 120, (uint8_t)(255 * pulse)), 4);
    gfx_text_shadow(g, fault ? gm->fault_title : "CALL ATTENDANT", 960, r.y + 30, fault ? 56 : 64,
                    UI_FONT_DISPLAY, ui_rgba(255, 236, 170, 255), UI_ALIGN_CENTER);
    gfx_text_wrap(g, gm->message, 960, r.y + 130, r.w - 80, 28, UI_FONT_BOLD, WHITE,
                  UI_ALIGN_CENTER);
    gfx_text(g,
             fault ? (gm->lock_id ? "Play is stopped. Nothing is lost. When the attendant has "
                                    "checked the machine, the attendant's key clears it."
                                  : "Play is stopped. Nothing is lost: the record on the "
                                    "machine is the truth. A technician checks it.")
                   : "The attendant's key clears the hand pay.",
             960, r.y + r.h - 50, 22, UI_FONT_REGULAR, CREAM, UI_ALIGN_CENTER);
}

/* ---- the frame ---- */

/* Everything that does not move, drawn once per window size (and preset) into a cached layer. */
static void draw_still_layer(table_scene_t *t, ui_gfx_t *g) {
    const game_t *gm = t->game;
    uint32_t key = (uint32_t)gm->rules.preset * 100000u + (uint32_t)t->bar_y;
    if (!gfx_layer_begin(g, key)) return;
    /* felt across the whole window, whatever its shape */
    gfx_fill_screen(g, ui_rgba(9, 70, 38, 255));
    if (!gfx_svg_opaque(g, "table/felt_plain.svg",
                        ui_r(-(g->ox / g->scale), -(g->oy / g->scale), (float)g->pw / g->scale,
                             (float)g->ph / g->scale)))
        gfx_glow(g, ui_r(-200, -300, 2320, 1500), ui_rgba(40, 140, 80, 255));
    /* the printed rule on the felt */
    gfx_text(g, tb_variant(t)->felt, 960, BANNER_Y - 14, 26, UI_FONT_BOLD,
             ui_rgba(245, 230, 184, 150), UI_ALIGN_CENTER);
    gfx_text_shadow(g, rules_preset_name(gm->rules.preset), 30, 18 - g->oy / g->scale, 34,
                    UI_FONT_DISPLAY, GOLD, UI_ALIGN_LEFT);
    draw_paytable(t, g, true);
    draw_side_panel(t, g, true);
    tb_draw_spots(t, g, true);
    draw_bar(t, g, true);
    gfx_layer_end(g);
}

void table_draw(table_scene_t *t, ui_gfx_t *g) {
    const game_t *gm = t->game;
    /* on screens taller than 16:9 the bar sits at the bottom edge, not under the canvas */
    t->bar_y = BAR_TOP + g->oy / g->scale;
    draw_still_layer(t, g);
    draw_paytable(t, g, false);
    draw_side_panel(t, g, false);
    tb_draw_spots(t, g, false);
    tb_draw_hands(t, g);
    draw_banner(t, g);
    draw_coins(t, g);
    draw_timer(t, g);
    draw_bar(t, g, false);
    draw_flights(t, g);
    draw_messages(t, g);
    if (t->demo) draw_demo(t, g);
    draw_corner_buttons(g);
    if (t->overlay != OVERLAY_NONE) {
        draw_overlay(t, g);
        return;
    }
    if (gm->door_open && gm->state == GAME_PLAY) {
        draw_door_open(g);
        return;
    }
    if (gm->state != GAME_PLAY) {
        draw_locked(t, g);
        return;
    }
    /* an empty machine asks for money, not for bets it cannot take */
    if (gm->round.phase == ROUND_BETTING && round_seat_staked(&gm->round, 0) == 0 && !t->banner[0])
        gfx_text_shadow(g, game_balance(gm) > 0 ? "PLACE YOUR BETS" : "INSERT MONEY", 960,
                        PLAYER_Y + 60, 56, UI_FONT_DISPLAY, CREAM, UI_ALIGN_CENTER);
}
