/* The table's fixed rows and boxes, each drawn in its own rectangle of the frame's geometry
 * (table_layout.c), so that nothing lies over the money, the cards or another text: the middle
 * row between the hands (the verdict, MAKE YOUR DECISION, PLACE YOUR BETS or the rule on the
 * felt, with the live table's timer), the result's side-bet lines under the pay table, the
 * message box under the limits; and what covers the table on purpose: the demo's banner over
 * the chips and buttons, the help and history pop-up, the door and the locks. */
#include "table_internal.h"

#include <stdio.h>
#include <string.h>

/* ---- the middle row ---- */

/* The traffic light and the seconds left, at the middle row's left; false when no timer runs. */
static bool draw_timer(table_scene_t *t, ui_gfx_t *g) {
    bool deciding;
    float left = tb_timer_left(t, &deciding);
    t->timer_drawn = left >= 0 ? (int)SDL_ceilf(left) : -1;
    if (left < 0 || t->overlay != OVERLAY_NONE) return false;
    const rules_t *ru = &t->game->rules;
    float total = (float)(deciding ? ru->decision_seconds : ru->betting_seconds);
    /* the traffic light: green, yellow when time is nearly over, red at the end */
    int lamp = left > total * 0.4f ? 0 : left > 1.0f ? 1 : 2;
    ui_rect_t box = t->geom.timer;
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
        gfx_svg_text(g, key, svg, ui_r(box.x + 20 + (float)i * 38, box.y + 8, 32, 32), 255);
    }
    char txt[32];
    snprintf(txt, sizeof txt, "%d", (int)SDL_ceilf(left));
    gfx_text(g, txt, box.x + box.w / 2, box.y + 44, 38, UI_FONT_DISPLAY, on[lamp], UI_ALIGN_CENTER);
    return true;
}

/* The main game's verdict filling the row: its title, its hand and what it paid. Its words fade
 * in; the panel and the text keep their size (a size that grew frame by frame made a new picture
 * and a new font size every frame of the ease). */
static void draw_verdict(table_scene_t *t, ui_gfx_t *g, ui_rect_t r) {
    float p = ease_out(clampf((t->now - t->banner_at) / 0.35f, 0, 1));
    /* the panel hides the rule printed under it from the first frame; its words fade in */
    uint8_t a = (uint8_t)(200 + 55 * p);
    gfx_panel(g, r, 24, ui_rgba(20, 12, 6, a), ui_rgba(6, 3, 2, a),
              ui_rgba(t->banner_color.r, t->banner_color.g, t->banner_color.b, a), 3);
    ui_color_t c = t->banner_color;
    c.a = (uint8_t)(255 * p);
    float cx = r.x + r.w / 2, size = tb_fit(g, t->banner, 46, 30, UI_FONT_DISPLAY, r.w - 40);
    if (!t->banner2[0]) {
        gfx_text_shadow(g, t->banner, cx, r.y + (r.h - size * 1.17f) / 2, size, UI_FONT_DISPLAY, c,
                        UI_ALIGN_CENTER);
        return;
    }
    gfx_text_shadow(g, t->banner, cx, r.y + 6, size, UI_FONT_DISPLAY, c, UI_ALIGN_CENTER);
    float s2 = tb_fit(g, t->banner2, 26, TB_TEXT_MIN, UI_FONT_BOLD, r.w - 40);
    gfx_text(g, t->banner2, cx, r.y + r.h - 10 - s2 * 1.17f, s2, UI_FONT_BOLD,
             ui_rgba(250, 240, 215, c.a), UI_ALIGN_CENTER);
}

static bool verdict_shown(const table_scene_t *t) {
    return t->banner[0] && t->now >= t->banner_at;
}

void tb_draw_middle(table_scene_t *t, ui_gfx_t *g) {
    const game_t *gm = t->game;
    const round_t *r = &gm->round;
    ui_rect_t row = t->geom.middle;
    gfx_rec_group(g, "middle");
    if (verdict_shown(t)) {
        draw_verdict(t, g, row);
        gfx_rec_group(g, NULL);
        return;
    }
    /* the words stay centred between the hands, clear of the timer on either side */
    float side = draw_timer(t, g) ? t->geom.timer.w + 12 : 0;
    float w = row.w - 2 * side, cx = row.x + row.w / 2;
    const char *say = NULL;
    ui_color_t c = CREAM;
    if (gm->state == GAME_PLAY && r->phase == ROUND_DECIDING && round_seat_can_decide(r, 0) &&
        !table_busy(t)) {
        say = N_("MAKE YOUR DECISION");
        c = GOLD;
    } else if (gm->state == GAME_PLAY && !t->demo &&
               machine_rg_stopped(t->machine, NULL) != MRG_PLAYING &&
               (r->phase == ROUND_BETTING || game_round_over(gm))) {
        say = N_("BETTING STOPPED"); /* a limit or a break: the message box says until when */
    } else if (gm->state == GAME_PLAY && r->phase == ROUND_BETTING &&
               round_seat_staked(r, 0) == 0) {
        /* an empty machine asks for money, not for bets it cannot take */
        say = game_balance(gm) > 0 ? N_("PLACE YOUR BETS") : N_("INSERT MONEY");
    }
    if (say) {
        /* a sign over the rule printed on the felt (the still layer's): all of it, no letters
         * of the rule showing at its ends */
        float size = tb_fit(g, say, 52, 30, UI_FONT_DISPLAY, w - 60);
        float tw = gfx_text_width(g, say, size, UI_FONT_DISPLAY), th = size * 1.17f;
        float sw = tw + 60, sh = th + 20;
        const ui_rect_t *rule = &t->rule_box;
        if (rule->w > 0) {
            if (rule->w + 32 > sw) sw = rule->w + 32 < w ? rule->w + 32 : w;
            if (rule->h + 12 > sh) sh = rule->h + 12;
        }
        ui_rect_t sign = ui_r(cx - sw / 2, row.y + (row.h - sh) / 2, sw, sh);
        gfx_panel(g, sign, 22, ui_rgba(8, 40, 22, 245), ui_rgba(4, 22, 12, 245),
                  ui_rgba(c.r, c.g, c.b, 200), 2.5f);
        gfx_text_shadow(g, say, cx, row.y + (row.h - th) / 2, size, UI_FONT_DISPLAY, c,
                        UI_ALIGN_CENTER);
    }
    gfx_rec_group(g, NULL);
}

/* ---- the result's side-bet lines ---- */

void tb_draw_results(table_scene_t *t, ui_gfx_t *g) {
    if (!verdict_shown(t) || t->nside_lines == 0) return;
    ui_rect_t box = t->geom.results;
    const float s = TB_TEXT_MIN, tw = box.w - 32, lh = 31;
    float p = ease_out(clampf((t->now - t->banner_at) / 0.35f, 0, 1));
    /* each line "BET: what it did" as the bet's name over what it did, wrapped */
    char name[3][80];
    const char *what[3];
    float h = 16;
    for (int i = 0; i < t->nside_lines; i++) {
        /* the bet's name ends at its colon (Chinese writes a full-width one) */
        const char *colon = strstr(t->side_lines[i], ": "), *wide = strstr(t->side_lines[i], "：");
        size_t skip = 2;
        if (wide && (!colon || wide < colon)) colon = wide, skip = strlen("：");
        snprintf(name[i], sizeof name[i], "%.*s",
                 colon ? (int)(colon - t->side_lines[i]) : (int)strlen(t->side_lines[i]),
                 t->side_lines[i]);
        what[i] = colon ? colon + skip : "";
        h += lh + (what[i][0] ? gfx_text_wrap_height(g, what[i], tw, s, UI_FONT_BOLD) : 0) + 8;
    }
    /* too tall for its box (three side bets in a longer language): each line whole, "BET:
     * what it did", wrapped, with less room between them */
    bool inline_lines = h > box.h;
    if (inline_lines) {
        h = 14;
        for (int i = 0; i < t->nside_lines; i++)
            h += gfx_text_wrap_height(g, t->side_lines[i], tw, s, UI_FONT_BOLD) + 4;
    }
    if (h > box.h) h = box.h;
    gfx_rec_group(g, "results");
    gfx_panel_faded(g, ui_r(box.x, box.y, box.w, h), 18, ui_rgba(20, 12, 6, 235),
                    ui_rgba(6, 3, 2, 235), ui_rgba(242, 201, 76, 160), 2, (uint8_t)(255 * p));
    /* a win in green, a loss dimmed, the commission plain; the bet's name in gold */
    float y = box.y + (inline_lines ? 7 : 10), cx = box.x + box.w / 2;
    for (int i = 0; i < t->nside_lines; i++) {
        bool lost = t->side_lost[i];
        bool fee = t->side_fee[i];
        ui_color_t lc = lost ? DIM : fee ? CREAM : GREEN_WIN, nc = GOLD;
        lc.a = nc.a = (uint8_t)(255 * p);
        if (inline_lines) {
            y += gfx_text_wrap(g, t->side_lines[i], cx, y, tw, s, UI_FONT_BOLD, lc,
                               UI_ALIGN_CENTER) +
                 4;
            continue;
        }
        gfx_text(g, name[i], cx, y, s, UI_FONT_BOLD, lost ? lc : nc, UI_ALIGN_CENTER);
        y += lh;
        if (what[i][0])
            y += gfx_text_wrap(g, what[i], cx, y, tw, s, UI_FONT_BOLD, lc, UI_ALIGN_CENTER);
        y += 8;
    }
    gfx_rec_group(g, NULL);
}

/* ---- the message box ---- */

/* The message box: its own column under the limits, above the bar, where nothing else is
 * drawn. The lasting line (why DEAL cannot deal, or the hint) sits at its bottom, a notice over
 * it. */
typedef struct msg_style {
    ui_color_t top, bottom, border, text;
} msg_style_t;

/* One panel of the box, its bottom at y: the text wrapped to the panel (26, or 24 when a long
 * text would leave the box), a second line under it when closing needs saying. Returns the
 * panel's top. */
static float message_panel(ui_gfx_t *g, ui_rect_t box, const char *text, const char *second,
                           float y, float room, msg_style_t st) {
    float size = 26, tw = box.w - 40, h = 0;
    float extra = second ? gfx_text_wrap_height(g, second, tw, TB_TEXT_MIN, UI_FONT_BOLD) : 0;
    for (; size >= TB_TEXT_MIN; size -= 2) {
        h = gfx_text_wrap_height(g, text, tw, size, UI_FONT_BOLD) + 24 + extra;
        if (h <= room) break;
    }
    if (size < TB_TEXT_MIN) size = TB_TEXT_MIN;
    ui_rect_t r = ui_r(box.x, y - h, box.w, h);
    gfx_panel_pulsing(g, r, 22, st.top, st.bottom, st.border, 2); /* (a refused DEAL flashes it) */
    gfx_text_wrap(g, text, r.x + r.w / 2, r.y + 10, tw, size, UI_FONT_BOLD, st.text,
                  UI_ALIGN_CENTER);
    if (second)
        gfx_text_wrap(g, second, r.x + r.w / 2, r.y + r.h - extra - 10, tw, TB_TEXT_MIN,
                      UI_FONT_BOLD, CREAM, UI_ALIGN_CENTER);
    return r.y;
}

void tb_draw_messages(table_scene_t *t, ui_gfx_t *g) {
    char line[256], toast[256];
    table_messages(t, line, sizeof line, toast, sizeof toast);
    t->toast_drawn = toast[0] != '\0';
    ui_rect_t box = t->geom.msg;
    float bottom = box.y + box.h, room = box.h;
    gfx_rec_group(g, "message");
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
        float top = message_panel(g, box, line, NULL, bottom, room / 2, st);
        room -= bottom - top + 10;
        bottom = top - 10;
    }
    if (toast[0]) {
        msg_style_t st =
            t->toast_good
                ? (msg_style_t){ui_rgba(24, 110, 50, 235), ui_rgba(8, 60, 24, 235), CREAM, WHITE}
                : (msg_style_t){ui_rgba(120, 20, 20, 235), ui_rgba(70, 8, 8, 235), CREAM, WHITE};
        /* a warning keeps a second line saying how to close it */
        message_panel(g, box, toast,
                      t->toast_sticky ? N_("PRESS ANY BUTTON OR TOUCH TO CLOSE") : NULL, bottom,
                      room, st);
    }
    gfx_rec_group(g, NULL);
}

/* ---- over the table ---- */

/* The attract banner over the demo rounds: where a player would start, over the chip tray and
 * the buttons (not drawn under it), clear of the meters. */
void tb_draw_demo(table_scene_t *t, ui_gfx_t *g) {
    const table_geom_t *m = &t->geom;
    float pulse = pulse_step(0.55f + 0.45f * fabsf(sinf(t->now * 2.2f)));
    float x = m->chips[0].x - 10, right = m->area.x + m->area.w - 30;
    ui_rect_t r = ui_r(x, m->bar.y + 24, right - x, 132);
    gfx_panel_pulsing(g, r, 28, ui_rgba(120, 16, 24, 255), ui_rgba(60, 6, 10, 255),
                      ui_rgba(242, 201, 76, (uint8_t)(255 * pulse)), 3);
    const char *call = N_("INSERT CREDITS  -  TOUCH TO PLAY");
    float size = tb_fit(g, call, 44, 30, UI_FONT_DISPLAY, r.w - 40);
    gfx_text(g, call, r.x + r.w / 2, r.y + 14, size, UI_FONT_DISPLAY,
             ui_rgba(255, 236, 170, (uint8_t)(150 + 105 * pulse)), UI_ALIGN_CENTER);
    gfx_text(g, "DEMO GAME", r.x + r.w / 2, r.y + 84, TB_TEXT_MIN, UI_FONT_BOLD, CREAM,
             UI_ALIGN_CENTER);
}

/* HELP and HISTORY, always there, at the window's top edge; a desktop's SETTINGS; a terminal's
 * LOBBY, and X among several tables. */
void tb_draw_corner_buttons(table_scene_t *t, ui_gfx_t *g) {
    static const char *const corner[TABLE_CORNERS] = {N_("HELP"), N_("HISTORY"), N_("SETTINGS"),
                                                      N_("LOBBY"), "X"};
    for (int i = 0; i < TABLE_CORNERS; i++) {
        if (!tb_corner_shown(t, i)) continue;
        ui_rect_t r = tb_corner_button(t, i);
        gfx_panel(g, r, 24, ui_rgba(30, 60, 40, 230), ui_rgba(10, 30, 18, 230),
                  ui_rgba(242, 201, 76, 200), 2);
        gfx_text(g, _(corner[i]), r.x + r.w / 2, r.y + 9, TB_TEXT_MIN, UI_FONT_BOLD, CREAM,
                 UI_ALIGN_CENTER);
    }
    if (t->demo) return; /* the demo plays itself: nothing of its own to choose */
    ui_rect_t r = t->geom.lang;
    gfx_panel(g, r, 24, ui_rgba(20, 40, 70, 230), ui_rgba(8, 20, 40, 230),
              ui_rgba(242, 201, 76, 200), 2);
    gfx_text(g, lang_native_name(lang_get()), r.x + r.w / 2, r.y + 9, TB_TEXT_MIN, UI_FONT_BOLD,
             CREAM, UI_ALIGN_CENTER);
}

/* A button of the help or history pop-up, grey when it does nothing now. */
static void popup_button(ui_gfx_t *g, ui_rect_t r, const char *label, bool enabled) {
    gfx_panel(g, r, 32, enabled ? ui_rgba(250, 214, 90, 255) : ui_rgba(70, 70, 70, 255),
              enabled ? ui_rgba(200, 140, 30, 255) : ui_rgba(40, 40, 40, 255),
              ui_rgba(255, 255, 255, 160), 2);
    float size = tb_fit(g, label, TB_BUTTON_TEXT, TB_TEXT_MIN, UI_FONT_DISPLAY, r.w - 24);
    gfx_text(g, label, r.x + r.w / 2, r.y + 14 + (TB_BUTTON_TEXT - size) / 2, size, UI_FONT_DISPLAY,
             enabled ? ui_rgba(40, 24, 0, 255) : ui_rgba(140, 140, 140, 255), UI_ALIGN_CENTER);
}

/* The help or history pop-up: its pages and PREV, NEXT, CLOSE (a terminal's history: ALL TABLES
 * or THIS TABLE as well). */
void tb_draw_popup_panel(ui_gfx_t *g, ui_rect_t pop) {
    /* the pop-up opaque, the shade only around it: a translucent panel over a shaded table took
     * 11 ms a frame at 1920x1080 in the software renderer */
    gfx_fill_around(g, pop, 28, ui_rgba(0, 0, 0, 170));
    gfx_panel(g, pop, 28, ui_rgba(12, 52, 30, 255), ui_rgba(4, 26, 14, 255), GOLD, 3);
}

void tb_draw_overlay(table_scene_t *t, ui_gfx_t *g) {
    const game_t *gm = t->game;
    gfx_rec_modal(g);
    ui_rect_t pop = help_popup(t->geom.area);
    tb_draw_popup_panel(g, pop);
    int pages;
    char title[96];
    if (t->overlay == OVERLAY_HELP) {
        pages = help_pages(g, &t->help);
        if (t->page >= pages) t->page = pages - 1;
        snprintf(title, sizeof title, _("HELP")); /* each page has its own heading below */
        help_draw(g, &t->help, gm, t->page);
    } else {
        int per = history_per_page();
        /* a terminal at a table: that table's rounds, or (ALL TABLES) every table's */
        const char *at = tb_history_table(t), *tab = t->hist_all ? NULL : at;
        if (t->hist_page != t->page) {
            t->hist_total = game_history_count_at(t->game, tab);
            t->nhist = game_history_at(t->game, tab, t->page * per, per, t->hist);
            t->hist_page = t->page;
        }
        pages = t->hist_total ? (int)((t->hist_total + per - 1) / per) : 1;
        if (t->page >= pages) t->page = pages - 1;
        bool recall = gm->store != NULL;
        if (at && tab)
            snprintf(title, sizeof title, _("HISTORY  -  TABLE %s, NEWEST FIRST"), tab);
        else if (at)
            snprintf(title, sizeof title, "%s", _("HISTORY  -  ALL YOUR TABLES, NEWEST FIRST"));
        else
            snprintf(title, sizeof title, "%s",
                     recall ? N_("GAME RECALL  -  RECORDED ROUNDS, NEWEST FIRST")
                            : N_("HISTORY  -  THIS SESSION, NEWEST FIRST"));
        if (at && t->nhist == 0)
            gfx_text(g,
                     tab ? _("No round of yours at this table yet.") : _("No rounds played yet."),
                     960, 350, 30, UI_FONT_BOLD, CREAM, UI_ALIGN_CENTER);
        else
            history_draw(g, gm, t->hist, t->nhist, recall);
        if (at) /* the other view's button, left of PREV */
            popup_button(g, tb_popup_button(t, 3), t->hist_all ? _("THIS TABLE") : _("ALL TABLES"),
                         true);
    }
    float ts = tb_fit(g, title, 34, 26, UI_FONT_DISPLAY, pop.w - 100);
    gfx_text(g, title, pop.x + pop.w / 2, pop.y + 24, ts, UI_FONT_DISPLAY, GOLD, UI_ALIGN_CENTER);
    char line[48];
    snprintf(line, sizeof line, _("PAGE %d OF %d"), t->page + 1, pages);
    ui_rect_t b0 = tb_popup_button(t, 0);
    gfx_text(g, line, pop.x + 50, b0.y + 18, TB_TEXT_MIN, UI_FONT_BOLD, DIM, UI_ALIGN_LEFT);
    static const char *const labels[3] = {N_("PREV"), N_("NEXT"), N_("CLOSE")};
    for (int i = 0; i < 3; i++) {
        bool enabled = i == 2 || (i == 0 ? t->page > 0 : t->page + 1 < pages);
        popup_button(g, tb_popup_button(t, i), labels[i], enabled);
    }
}

/* A celebration's turning light, read from the raster cache (or rasterised) a copy at a time
 * before any win needs it, the demo's too, its coins and banner, a round's results. Small: only
 * the small pieces. */
static bool prepare_moments(table_scene_t *t, ui_gfx_t *g, bool small) {
    return t->overlay == OVERLAY_NONE && tb_prepare_celebration(t, g, small);
}

bool table_prepare_moments(table_scene_t *t, ui_gfx_t *g) {
    return prepare_moments(t, g, true);
}

bool table_prepare(table_scene_t *t, ui_gfx_t *g) {
    if (prepare_moments(t, g, false)) return true;
    if (t->overlay != OVERLAY_NONE || t->demo) return false;
    /* the demo's banner (its fill and its pulsing border: 5 ms at 3840x2160), for the attract
     * that starts once nobody plays */
    uint64_t size = (uint64_t)g->pw << 32 | (uint32_t)g->ph;
    if (t->machine && t->machine->cfg.attract.enabled && t->demo_ahead != size &&
        gfx_offscreen_begin(g)) {
        t->demo_ahead = size;
        tb_draw_demo(t, g);
        gfx_offscreen_end(g);
        return true;
    }
    uint64_t key = (uint64_t)g->pw << 40 ^ (uint64_t)g->ph << 20 ^ (uint64_t)lang_get() << 8 ^
                   (uint64_t)t->game->rules.preset;
    /* again when the window, the language or the game changed, or once what was prepared has
     * had its minute in the texture cache */
    if (key != t->help_ready_key || g->frame - t->help_ready_at > 3000)
        t->help_ready_key = key, t->help_ready = 0, t->hist_ready_key = 0;
    int pages = help_pages(g, &t->help);
    /* and HISTORY's first page after each round (its rows' words and pictures) */
    uint64_t hist_key = key ^ (uint64_t)t->game->played << 32;
    bool history = t->help_ready >= pages;
    if ((history && hist_key == t->hist_ready_key) || !gfx_offscreen_begin(g)) return false;
    /* the page as HELP or HISTORY draws it, its pop-up and buttons too, onto nothing */
    int page = t->page;
    t->overlay = history ? OVERLAY_HISTORY : OVERLAY_HELP;
    t->page = history ? 0 : t->help_ready;
    t->hist_page = -1, t->hist_all = false;
    tb_layout(t, g);
    tb_draw_overlay(t, g);
    t->overlay = OVERLAY_NONE, t->page = page, t->hist_page = -1;
    tb_layout(t, g);
    gfx_offscreen_end(g);
    if (history)
        t->hist_ready_key = hist_key;
    else if (t->help_ready++ == 0)
        t->help_ready_at = g->frame;
    return true;
}

/* A panel across the middle of the layout, at most `most` wide. */
static ui_rect_t centre_panel(const table_scene_t *t, float most, float y, float h) {
    float w = t->geom.area.w - 80;
    if (w > most) w = most;
    return ui_r(960 - w / 2, y, w, h);
}

void tb_draw_door_open(table_scene_t *t, ui_gfx_t *g) {
    gfx_rec_modal(g);
    gfx_fill(g, ui_r(-2000, -2000, 6000, 6000), ui_rgba(0, 0, 0, 150));
    ui_rect_t r = centre_panel(t, 1200, 330, 240);
    gfx_panel(g, r, 28, ui_rgba(30, 50, 110, 250), ui_rgba(10, 20, 60, 250),
              ui_rgba(255, 230, 120, 255), 4);
    gfx_text_shadow(g, "DOOR OPEN", 960, r.y + 30, 64, UI_FONT_DISPLAY, ui_rgba(255, 236, 170, 255),
                    UI_ALIGN_CENTER);
    gfx_text_wrap(g, "Play is stopped until the door is closed. The opening is recorded.", 960,
                  r.y + 130, r.w - 80, 26, UI_FONT_BOLD, WHITE, UI_ALIGN_CENTER);
}

/* A hand pay waiting for the attendant: the panel stands over the dealer's cards, so that the
 * verdict, the winning hand (lit) and its line, the spots and the meters stay in sight under
 * it; it says what the attendant pays and what stays on the BALANCE, the figures WIN and
 * BALANCE show. */
static void draw_handpay(table_scene_t *t, ui_gfx_t *g) {
    const game_t *gm = t->game;
    int64_t hold = tb_handpay(t), balance, bet, win;
    table_meters(t, &balance, &bet, &win);
    char b1[40], b2[40], pay[96], note[240];
    snprintf(pay, sizeof pay, _("HAND PAY %s"), money(gm, hold, b1));
    if (gm->handpay_by_attendant)
        snprintf(note, sizeof note,
                 _("The attendant pays you %s by hand; %s stays on your BALANCE."), b1,
                 money(gm, balance, b2));
    else
        snprintf(note, sizeof note, _("The attendant's key adds %s to your BALANCE of %s."), b1,
                 money(gm, balance, b2));
    gfx_rec_modal(g);
    ui_rect_t r = centre_panel(t, 1100, 0, 0);
    float tw = r.w - 80, hn = gfx_text_wrap_height(g, note, tw, 26, UI_FONT_BOLD);
    r.h = 22 + 66 + 12 + 44 + 12 + hn + 22;
    r.y = t->geom.middle.y - 6 - r.h;
    float pulse = pulse_step(0.6f + 0.4f * fabsf(sinf(t->now * 2.5f)));
    gfx_panel_pulsing(g, r, 28, ui_rgba(120, 80, 0, 255), ui_rgba(60, 40, 0, 255),
                      ui_rgba(255, 230, 120, (uint8_t)(255 * pulse)), 4);
    float ts = tb_fit(g, "CALL ATTENDANT", 56, 30, UI_FONT_DISPLAY, tw);
    gfx_text_shadow(g, "CALL ATTENDANT", 960, r.y + 22, ts, UI_FONT_DISPLAY,
                    ui_rgba(255, 236, 170, 255), UI_ALIGN_CENTER);
    float ps = tb_fit(g, pay, 38, 28, UI_FONT_DISPLAY, tw);
    gfx_text(g, pay, 960, r.y + 22 + 66 + 12, ps, UI_FONT_DISPLAY, WHITE, UI_ALIGN_CENTER);
    gfx_text_wrap(g, note, 960, r.y + 22 + 66 + 12 + 44 + 12, tw, 26, UI_FONT_BOLD, CREAM,
                  UI_ALIGN_CENTER);
}

/* Play stopped: a hand pay waiting for the attendant, or a fault. */
void tb_draw_locked(table_scene_t *t, ui_gfx_t *g) {
    const game_t *gm = t->game;
    bool fault = gm->state == GAME_FAULT;
    if (!fault && tb_handpay(t) > 0) {
        draw_handpay(t, g);
        return;
    }
    gfx_rec_modal(g);
    gfx_fill(g, ui_r(-2000, -2000, 6000, 6000), ui_rgba(0, 0, 0, fault ? 200 : 120));
    const char *note = fault ? (gm->lock_id ? N_("Play is stopped. Nothing is lost. When the "
                                                 "attendant has checked the machine, the "
                                                 "attendant's key clears it.")
                                            : N_("Play is stopped. Nothing is lost: the record on "
                                                 "the machine is the truth. A technician checks "
                                                 "it."))
                             : N_("The attendant's key clears the hand pay.");
    ui_rect_t r = centre_panel(t, 1400, 0, 0);
    float tw = r.w - 80;
    float h1 = gfx_text_wrap_height(g, game_said(gm), tw, 28, UI_FONT_BOLD);
    float h2 = gfx_text_wrap_height(g, note, tw, TB_TEXT_MIN, UI_FONT_REGULAR);
    r.h = 130 + h1 + 16 + h2 + 30;
    r.y = 450 - r.h / 2;
    float pulse = pulse_step(0.6f + 0.4f * fabsf(sinf(t->now * 2.5f)));
    gfx_panel_pulsing(g, r, 28, fault ? ui_rgba(140, 16, 16, 250) : ui_rgba(120, 80, 0, 250),
                      fault ? ui_rgba(70, 6, 6, 250) : ui_rgba(60, 40, 0, 250),
                      ui_rgba(255, 230, 120, (uint8_t)(255 * pulse)), 4);
    const char *title = fault ? gm->fault_title : "CALL ATTENDANT";
    float ts = tb_fit(g, title, fault ? 56 : 64, 30, UI_FONT_DISPLAY, tw);
    gfx_text_shadow(g, title, 960, r.y + 30, ts, UI_FONT_DISPLAY, ui_rgba(255, 236, 170, 255),
                    UI_ALIGN_CENTER);
    gfx_text_wrap(g, game_said(gm), 960, r.y + 130, tw, 28, UI_FONT_BOLD, WHITE, UI_ALIGN_CENTER);
    gfx_text_wrap(g, note, 960, r.y + 130 + h1 + 16, tw, TB_TEXT_MIN, UI_FONT_REGULAR, CREAM,
                  UI_ALIGN_CENTER);
}
