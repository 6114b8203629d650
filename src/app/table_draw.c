/* Drawing the table: the still layer (felt, title, the panels' frames and printed words, spot
 * outlines, the bar's boxes) is drawn once per window size; over it each frame the pay table's
 * rows (one of them lit), the meters, the bets, the hands, the fixed rows (table_draw_rows.c),
 * the bar's chips and buttons, flying chips, the message box and pop-ups. Every place is the
 * frame's geometry (t->geom, table_layout.c). */
#include "table_internal.h"

#include "machine_table.h"

#include <stdio.h>
#include <string.h>

float tb_fit(ui_gfx_t *g, const char *text, float size, float least, int face, float width) {
    while (size > least && gfx_text_width(g, text, size, face) > width) size -= 2;
    return size < least ? least : size;
}

/* ---- the panels ---- */

/* The jackpot or progressive meter at the top of the side panel (the preset offers one); returns
 * the height it takes. */
static float draw_pool_meter(table_scene_t *t, ui_gfx_t *g, ui_rect_t p, bool layer) {
    const rules_t *ru = &t->game->rules;
    char b1[40];
    ui_rect_t m = ui_r(p.x, p.y, p.w, 190);
    if (layer) {
        gfx_panel(g, m, 18, ui_rgba(60, 10, 20, 235), ui_rgba(25, 0, 8, 235), GOLD, 3);
        gfx_text(g, ru->offered[WAGER_JACKPOT] ? "JACKPOT" : "PROGRESSIVE", m.x + m.w / 2, m.y + 14,
                 30, UI_FONT_DISPLAY, GOLD, UI_ALIGN_CENTER);
        gfx_glow(g, ui_r(m.x + 20, m.y + 60, m.w - 40, 84), ui_rgba(255, 200, 60, 90));
        gfx_text(g,
                 ru->offered[WAGER_JACKPOT] ? "Royal Flush wins it all" : N_("Royal Flush: 100%"),
                 m.x + m.w / 2, m.y + 148, TB_TEXT_MIN, UI_FONT_REGULAR, CREAM, UI_ALIGN_CENTER);
    }
    bool down;
    tb_pool_value(t, &down);
    if (down)
        snprintf(b1, sizeof b1, _("LINK DOWN"));
    else
        money(t->game, t->shown_pool, b1);
    float size = tb_fit(g, b1, 64, 30, UI_FONT_DISPLAY, m.w - 40);
    if (!layer) /* the pool counts as stakes come in: a figure */
        (down ? gfx_text_shadow : gfx_figure_shadow)(g, b1, m.x + m.w / 2, m.y + 96 - size * 0.6f,
                                                     size, UI_FONT_DISPLAY,
                                                     ui_rgba(255, 226, 120, 255), UI_ALIGN_CENTER);
    return 206;
}

/* The table limits of each bet a player places, the cap on a win, and how to win: a bet's
 * limits beside its name, or under it when the column is too narrow for both. */
static void draw_limits(table_scene_t *t, ui_gfx_t *g, ui_rect_t info) {
    const game_t *gm = t->game;
    const rules_t *ru = &gm->rules;
    const table_variant_t *v = tb_variant(t);
    char b1[40], b2[40], line[96];
    const float s = TB_TEXT_MIN, lh = 31, end = info.y + info.h - 56; /* GAME under it */
    gfx_panel(g, info, 18, ui_rgba(10, 40, 24, 215), ui_rgba(4, 24, 14, 215),
              ui_rgba(242, 201, 76, 160), 2);
    float ty = info.y + 16;
    gfx_text(g, "TABLE LIMITS", info.x + info.w / 2, ty, 26, UI_FONT_DISPLAY, GOLD,
             UI_ALIGN_CENTER);
    ty += 44;
    float l = info.x + 22, r = info.x + info.w - 22;
    /* every bet on one line, or every bet on two when one of them needs two */
    bool two = false;
    for (int w = 0; w < WAGER_COUNT; w++) {
        if (!ru->offered[w] || !(w == WAGER_ANTE || wager_is_side((wager_t)w))) continue;
        snprintf(line, sizeof line, "%s - %s", money(gm, ru->bet_min[w], b1),
                 money(gm, ru->bet_max[w], b2));
        two |= gfx_text_width(g, lang_wager((wager_t)w), s, UI_FONT_BOLD) +
                   gfx_text_width(g, line, s, UI_FONT_REGULAR) + 16 >
               r - l;
    }
    for (int w = 0; w < WAGER_COUNT; w++) {
        if (!ru->offered[w] || !(w == WAGER_ANTE || wager_is_side((wager_t)w))) continue;
        snprintf(line, sizeof line, "%s - %s", money(gm, ru->bet_min[w], b1),
                 money(gm, ru->bet_max[w], b2));
        const char *name = lang_wager((wager_t)w);
        if (ty + lh * (two ? 2 : 1) > end) break;
        gfx_text(g, name, l, ty, s, UI_FONT_BOLD, CREAM, UI_ALIGN_LEFT);
        if (two) ty += lh;
        gfx_text(g, line, r, ty, s, UI_FONT_REGULAR, CREAM, UI_ALIGN_RIGHT);
        ty += lh + (two ? 4 : 0);
    }
    if (v->max_payout_line && ru->max_payout > 0) {
        snprintf(line, sizeof line, _("Max payout %s a bet"), money(gm, ru->max_payout, b1));
        float h = gfx_text_wrap_height(g, line, r - l, s, UI_FONT_REGULAR);
        if (ty + 6 + h <= end)
            gfx_text_wrap(g, line, info.x + info.w / 2, ty + 6, r - l, s, UI_FONT_REGULAR, DIM,
                          UI_ALIGN_CENTER);
        ty += 6 + h;
    }
    ty += 14;
    float how = gfx_text_wrap_height(g, v->how_to_win, r - l, s, UI_FONT_REGULAR);
    if (ty + 36 + how <= end) {
        gfx_text(g, "HOW TO WIN", info.x + info.w / 2, ty, 26, UI_FONT_DISPLAY, GOLD,
                 UI_ALIGN_CENTER);
        gfx_text_wrap(g, v->how_to_win, info.x + info.w / 2, ty + 36, r - l, s, UI_FONT_REGULAR,
                      CREAM, UI_ALIGN_CENTER);
    }
}

static void draw_side_panel(table_scene_t *t, ui_gfx_t *g, bool layer) {
    const game_t *gm = t->game;
    const rules_t *ru = &gm->rules;
    ui_rect_t p = t->geom.side;
    float y = p.y;
    if (ru->offered[WAGER_JACKPOT] || ru->offered[WAGER_PROGRESSIVE])
        y += draw_pool_meter(t, g, p, layer);
    ui_rect_t info = ui_r(p.x, y, p.w, p.y + p.h - y);
    if (layer) {
        draw_limits(t, g, info);
        return;
    }
    char line[96];
    mtable_status_t ts;
    if (t->machine && machine_table_status(t->machine, &ts) && ts.round > 0)
        /* a shared table: its round (the HISTORY's TABLE ROUND) and who plays at it (001) */
        snprintf(line, sizeof line,
                 NG_("ROUND %lld  -  %d PLAYER", "ROUND %lld  -  %d PLAYERS", ts.seated),
                 (long long)ts.round, ts.seated);
    else
        snprintf(line, sizeof line, _("GAME %06llu"), (unsigned long long)gm->number);
    gfx_text(g, line, info.x + info.w / 2, info.y + info.h - 44, TB_TEXT_MIN, UI_FONT_BOLD, DIM,
             UI_ALIGN_CENTER);
}

/* ---- the bar ---- */

/* BALANCE, TOTAL BET and WIN: side by side in boxes of their own, or (narrow) a line each in
 * one box; the boxes and labels in the layer, the figures over it. */
static void draw_meters(table_scene_t *t, ui_gfx_t *g, bool layer) {
    const game_t *gm = t->game;
    const table_geom_t *m = &t->geom;
    char b1[40];
    struct {
        const char *label;
        int64_t v;
    } boxes[3] = {{N_("BALANCE"), 0}, {N_("TOTAL BET"), 0}, {N_("WIN"), 0}};
    table_meters(t, &boxes[0].v, &boxes[1].v, &boxes[2].v);
    if (layer && m->narrow) {
        ui_rect_t all = m->meters[0];
        all.h = m->meters[2].y + m->meters[2].h - all.y;
        gfx_panel(g, all, 14, ui_rgba(40, 30, 22, 255), ui_rgba(16, 10, 6, 255),
                  ui_rgba(120, 95, 50, 255), 2);
    }
    for (int i = 0; i < 3; i++) {
        ui_rect_t b = m->meters[i];
        ui_color_t fig = i == 2 && boxes[i].v > 0 ? GREEN_WIN : ui_rgba(255, 236, 170, 255);
        if (m->narrow) {
            float lw = layer ? 0 : gfx_text_width(g, boxes[i].label, TB_TEXT_MIN, UI_FONT_BOLD);
            if (layer) {
                gfx_text(g, boxes[i].label, b.x + 16, b.y + (b.h - 28) / 2, TB_TEXT_MIN,
                         UI_FONT_BOLD, DIM, UI_ALIGN_LEFT);
                continue;
            }
            money(gm, boxes[i].v, b1);
            float size = tb_fit(g, b1, 34, TB_TEXT_MIN, UI_FONT_DISPLAY, b.w - 48 - lw);
            gfx_figure(g, b1, b.x + b.w - 16, b.y + (b.h - size * 1.17f) / 2, size, UI_FONT_DISPLAY,
                       fig, UI_ALIGN_RIGHT);
            continue;
        }
        if (layer) {
            gfx_panel(g, b, 14, ui_rgba(40, 30, 22, 255), ui_rgba(16, 10, 6, 255),
                      ui_rgba(120, 95, 50, 255), 2);
            gfx_text(g, boxes[i].label, b.x + b.w / 2, b.y + 10, TB_TEXT_MIN, UI_FONT_BOLD, DIM,
                     UI_ALIGN_CENTER);
            continue;
        }
        money(gm, boxes[i].v, b1);
        float size = tb_fit(g, b1, 40, TB_TEXT_MIN, UI_FONT_DISPLAY, b.w - 20);
        /* the balance and the win count: figures, a character at a time */
        gfx_figure(g, b1, b.x + b.w / 2, b.y + 76 - size * 0.6f, size, UI_FONT_DISPLAY, fig,
                   UI_ALIGN_CENTER);
    }
}

/* A button: its label at the buttons' one size, on two lines when the button is too narrow for
 * one (never smaller). */
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
    /* a word longer than the button (the wrap cannot break it: "RETIRARSE") makes the label
     * smaller; Chinese wraps between any two characters */
    float size = TB_BUTTON_TEXT;
    for (const char *w = b->label; *w;) {
        size_t n = strcspn(w, " ");
        char word[64];
        snprintf(word, sizeof word, "%.*s", (int)(n < sizeof word - 1 ? n : sizeof word - 1), w);
        if ((unsigned char)word[0] < 0xE0)
            size = tb_fit(g, word, size, TB_TEXT_MIN, UI_FONT_DISPLAY, b->r.w - 24);
        w += n;
        while (*w == ' ') w++;
    }
    float h = gfx_text_wrap_height(g, b->label, b->r.w - 24, size, UI_FONT_DISPLAY);
    gfx_text_wrap(g, b->label, b->r.x + b->r.w / 2, b->r.y + (b->r.h - h) / 2 + 2, b->r.w - 24,
                  size, UI_FONT_DISPLAY,
                  b->enabled ? (main ? ui_rgba(40, 24, 0, 255) : WHITE)
                             : ui_rgba(140, 140, 140, 255),
                  UI_ALIGN_CENTER);
}

static void draw_bar(table_scene_t *t, ui_gfx_t *g, bool layer) {
    const game_t *gm = t->game;
    if (layer) /* across the window's width and down to its bottom edge */
        gfx_panel(g, t->geom.bar, 0, ui_rgba(22, 14, 10, 245), ui_rgba(8, 5, 3, 250),
                  ui_rgba(242, 201, 76, 220), 3);
    if (layer || !t->meters_apart) draw_meters(t, g, layer);
    if (layer || t->demo) return; /* the demo's banner stands where a player starts */
    /* the chip tray: only chips the balance covers are enabled (001) */
    for (int i = 0; i < TABLE_CHIPS; i++) {
        ui_rect_t c = tb_chip_rect(t, i);
        bool covered = t->chips[i] <= game_balance(gm);
        if (i == t->chip) {
            gfx_glow(g, ui_r(c.x - 20, c.y - 20, c.w + 40, c.h + 40), ui_rgba(255, 220, 90, 220));
            c.y -= 8;
        }
        tb_draw_chip(g, t->chips[i], c, covered ? 255 : 70);
    }
    for (int i = 0; i < t->nbuttons; i++) draw_button(g, &t->buttons[i]);
}

/* ---- what moves ---- */

static void draw_flights(table_scene_t *t, ui_gfx_t *g) {
    gfx_rec_quiet(g, true); /* chips in flight are on their way, not where they stay */
    for (int i = 0; i < t->nflights; i++) {
        const flight_t *f = &t->flights[i];
        if (t->now < f->t0) continue;
        float p = ease_out(clampf((t->now - f->t0) / f->dur, 0, 1));
        float x = f->x0 + (f->x1 - f->x0) * p, y = f->y0 + (f->y1 - f->y0) * p;
        y -= sinf(p * 3.14159265f) * 50; /* a small arc */
        tb_draw_stack(g, f->value, x, y + 24, 64, TB_STACK_MOST, 255);
    }
    gfx_rec_quiet(g, false);
}

/* ---- the frame ---- */

/* Everything that does not move, drawn once per window size (and preset) into a cached layer. */
static void draw_still_layer(table_scene_t *t, ui_gfx_t *g) {
    const game_t *gm = t->game;
    /* the layer's printed words are in the language on screen */
    if (!gfx_layer_begin(g, (uint32_t)gm->rules.preset | (uint32_t)lang_get() << 8)) return;
    ui_rect_t v = t->geom.view;
    /* felt across the whole window, whatever its shape */
    gfx_fill_screen(g, ui_rgba(9, 70, 38, 255));
    if (!gfx_svg_opaque(g, "table/felt_plain.svg", v))
        gfx_glow(g, ui_r(-200, -300, 2320, 1500), ui_rgba(40, 140, 80, 255));
    tb_draw_felt_print(t, g);
    tb_draw_paytable(t, g, true);
    draw_side_panel(t, g, true);
    tb_draw_spots(t, g, true);
    draw_bar(t, g, true);
    gfx_layer_end(g);
}

/* The table under whatever is over it. */
static void draw_table_under(table_scene_t *t, ui_gfx_t *g) {
    draw_still_layer(t, g);
    if (!t->meters_apart) tb_draw_paytable(t, g, false);
    draw_side_panel(t, g, false);
    tb_draw_spots(t, g, false);
    tb_draw_moment_under(t, g);
    tb_draw_hands(t, g);
    tb_draw_middle(t, g);
    tb_draw_results(t, g);
    draw_bar(t, g, false);
    draw_flights(t, g);
    tb_draw_messages(t, g);
    if (t->demo) tb_draw_demo(t, g);
    tb_draw_corner_buttons(t, g);
    tb_rg_draw_top(t, g);
}

static bool flights_moving(const table_scene_t *t) {
    for (int i = 0; i < t->nflights; i++)
        if (t->now < t->flights[i].t0 + t->flights[i].dur) return true;
    return false;
}

/* A celebration over the table: the table under it kept as one picture while nothing but the
 * meters counting and the pay table's lit row pulsing changes under it (what the table's
 * signature says changes a still frame, the timer's seconds, the banner coming up, the spots'
 * chips, the jackpot meter, the language, the size); the meters and the pay table are drawn on it
 * each frame, counting with the win in the banner. Chips still flying are drawn whole. */
static uint64_t under_key(const table_scene_t *t, const ui_gfx_t *g) {
    bool deciding;
    float left = tb_timer_left(t, &deciding);
    /* the spots' chips: the payouts landing beside the bets, then swept */
    int64_t spots = 0;
    for (int i = 0; i < t->nspots; i++) spots = spots * 31 + tb_spot_amount(t, i);
    int64_t v[] = {(int64_t)table_signature(t),
                   t->game->rules.preset,
                   lang_get(),
                   (int64_t)(g->scale * 1000),
                   t->banner[0] && t->now >= t->banner_at,
                   left >= 0 ? (int64_t)SDL_ceilf(left) : -1,
                   (int64_t)(t->moment.at * 1000),
                   tb_pay_current(t),
                   spots,
                   t->collect_at == -2,
                   t->nflights,
                   t->results_pending,
                   t->shown_pool,
                   0x63656c6562726174ll};
    uint64_t h = 1469598103934665603ull;
    const unsigned char *p = (const unsigned char *)v;
    for (size_t i = 0; i < sizeof v; i++) h = (h ^ p[i]) * 1099511628211ull;
    return h;
}

/* Something drawn over much of the table: a celebration, a pop-up, a locked machine's panel. */
static bool covered(const table_scene_t *t) {
    const game_t *gm = t->game;
    return tb_celebrating(t) || t->overlay != OVERLAY_NONE || tb_rg_check_shown(t) ||
           (gm->door_open && gm->state == GAME_PLAY) || table_lock_shown(t);
}

/* The table, and a moment over it; kept: the table under a celebration may be one kept picture
 * (not when the whole frame is a kept one already: a pop-up over it). */
static void draw_table(table_scene_t *t, ui_gfx_t *g, bool kept) {
    if (kept && covered(t) && gfx_frame_listed(g)) {
        /* with the window's draw list, a table under something is a list of its own (under a
         * celebration's shade, light and coins, a hand pay's panel): what is over it is drawn
         * again over one copy of it, and it is drawn again only where it changes. (Uncovered,
         * the copy would only add to each change.) */
        if (gfx_frame_begin(g, 0)) {
            draw_table_under(t, g);
            gfx_frame_end(g);
        }
        tb_draw_moment(t, g, false);
        return;
    }
    if (!kept || !tb_celebrating(t) || flights_moving(t) || !gfx_frame_can_keep(g)) {
        draw_table_under(t, g);
        tb_draw_moment(t, g, false);
        return;
    }
    /* faded in, its shade is kept with the table (a shade over the whole window costs 4 ms at
     * 1920x1080): what is drawn on it after is tinted as if under the shade */
    uint8_t dim = tb_celebration_dim(t);
    bool kept_dim = dim == TB_CELEBRATION_DIM;
    t->meters_apart = true;
    if (gfx_frame_begin(g, under_key(t, g) ^ (kept_dim ? 0x5eed : 0))) {
        draw_table_under(t, g);
        if (kept_dim) tb_draw_celebration_dim(t, g);
        gfx_frame_end(g);
    }
    t->meters_apart = false;
    if (kept_dim) gfx_tint(g, (uint8_t)(255 - dim));
    tb_draw_paytable(t, g, false);
    draw_meters(t, g, false);
    gfx_tint(g, 255);
    tb_draw_moment(t, g, kept_dim);
}

/* What a help or history page over the table shows: the page, and the table's state under it
 * (what the table's signature says changes a still frame, and the verdict's banner coming up).
 * A count of the meters or the timer's seconds under the pop-up's dim layer and panel are not in
 * it: they show when it closes, with the next change of state, or within 15 s (the clock). */
static uint64_t overlay_key(const table_scene_t *t, const ui_gfx_t *g) {
    int64_t v[] = {(int64_t)table_signature(t), t->overlay, t->page, t->game->rules.preset,
                   lang_get(), /* the language button works over a page too */
                   (int64_t)t->hist_total, t->hist_all, (int64_t)(g->scale * 1000),
                   t->banner[0] && t->now >= t->banner_at,
                   /* the top row's clock under it: drawn again every 15 s */
                   (int64_t)(t->now / 15.0f)};
    uint64_t h = 1469598103934665603ull;
    const unsigned char *p = (const unsigned char *)v;
    for (size_t i = 0; i < sizeof v; i++) h = (h ^ p[i]) * 1099511628211ull;
    return h;
}

void table_draw(table_scene_t *t, ui_gfx_t *g) {
    const game_t *gm = t->game;
    tb_layout(t, g);
    if ((t->overlay == OVERLAY_HELP || t->overlay == OVERLAY_HISTORY) && !tb_rg_check_shown(t) &&
        gfx_frame_listed(g)) {
        /* with the window's draw list: the table its own list under the page (drawn again
         * where it changes, the meters counting on under the shade), the page over one copy */
        draw_table(t, g, true);
        tb_draw_overlay(t, g);
        return;
    }
    if ((t->overlay == OVERLAY_HELP || t->overlay == OVERLAY_HISTORY) && !tb_rg_check_shown(t)) {
        /* a help or history page: one copy a frame while nothing under it changes */
        if (gfx_frame_begin(g, overlay_key(t, g))) {
            draw_table(t, g, false);
            tb_draw_overlay(t, g);
            gfx_frame_end(g);
        } else {
            /* what the table would have drawn under it counts as drawn: no frame is asked for
             * again until the key changes (an idle pop-up costs nothing) */
            bool deciding;
            float left = tb_timer_left(t, &deciding);
            t->timer_drawn = left >= 0 ? (int)SDL_ceilf(left) : -1;
            t->pay_drawn = tb_pay_current(t);
            t->toast_drawn = t->now < t->toast_until;
        }
        return;
    }
    /* the kept table's picture is freed once the celebration is over; with the draw list it
     * stays (a new picture of the window's size, its memory touched for the first time, cost
     * 2 ms at 1920x1080 and 10 at 3840x2160 in the frame a celebration began) */
    if (!gfx_frame_listed(g) && !tb_celebrating(t)) gfx_frame_drop(g);
    draw_table(t, g, true);
    /* a hand pay's panel comes up once the win has been shown and celebrated */
    if (t->overlay == OVERLAY_RG)
        tb_rg_draw_page(t, g);
    else if (t->overlay == OVERLAY_SETTINGS)
        tb_draw_settings(t, g);
    else if (t->overlay != OVERLAY_NONE)
        tb_draw_overlay(t, g);
    else if (gm->door_open && gm->state == GAME_PLAY)
        tb_draw_door_open(t, g);
    else if (table_lock_shown(t))
        tb_draw_locked(t, g);
    if (tb_rg_check_shown(t)) tb_rg_draw_check(t, g); /* over everything: play waits for it */
}
