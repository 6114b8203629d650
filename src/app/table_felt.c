/* The felt's print, as a real table's layout carries it, drawn once into the still layer (it
 * costs nothing per frame): the game's emblem and name in the title row; the dealer's rule
 * printed across the middle row between two gold arcs, the emblem at either end (the verdict and
 * the prompts stand over it on panels of their own, as a dealer's markers lie over the print);
 * and the betting spots printed by kind: the ANTE a circle, the decisions' bets a box, the side
 * bets gold rings, the JACKPOT and the progressive a red coin slot. */
#include "table_internal.h"

#include <stdio.h>
#include <string.h>

/* The kinds of spot a layout prints. */
enum { PRINT_ANTE, PRINT_BOX, PRINT_SIDE, PRINT_SLOT };

static int spot_kind(wager_t w) {
    switch (w) {
    case WAGER_ANTE:
        return PRINT_ANTE;
    case WAGER_PLAY:
    case WAGER_RAISE_1:
    case WAGER_RAISE_2:
    case WAGER_RAISE_3:
        return PRINT_BOX;
    case WAGER_JACKPOT:
    case WAGER_PROGRESSIVE:
        return PRINT_SLOT;
    default:
        return PRINT_SIDE;
    }
}

void tb_draw_spot_print(ui_gfx_t *g, ui_rect_t r, wager_t w, bool lit) {
    char svg[1100], key[32];
    int kind = spot_kind(w);
    const char *ink = lit ? "#f2c94c" : "#f5e6b8", *width = lit ? "4" : "2.5";
    snprintf(key, sizeof key, "spot:%d:%d", kind, lit);
    switch (kind) {
    case PRINT_BOX: /* a box, as PLAY is printed beside the ANTE's circle */
        snprintf(svg, sizeof svg,
                 "<svg xmlns='http://www.w3.org/2000/svg' width='100' height='100'><rect x='5' "
                 "y='9' width='90' height='82' rx='14' fill='#000' fill-opacity='%s' "
                 "stroke='%s' stroke-width='%s'/><rect x='12' y='16' width='76' height='68' "
                 "rx='9' fill='none' stroke='#f5e6b8' stroke-opacity='.35' "
                 "stroke-width='1.2'/></svg>",
                 lit ? "0" : ".16", ink, width);
        break;
    case PRINT_SLOT: /* the coin slot: a red disc in a gold ring */
        snprintf(svg, sizeof svg,
                 "<svg xmlns='http://www.w3.org/2000/svg' width='100' height='100'><circle "
                 "cx='50' cy='50' r='46' fill='#5a0a12' fill-opacity='.85' stroke='%s' "
                 "stroke-width='%s'/><circle cx='50' cy='50' r='38' fill='none' stroke='#f2c94c' "
                 "stroke-opacity='.7' stroke-width='2' stroke-dasharray='5 4'/><circle cx='50' "
                 "cy='50' r='30' fill='#8c1420' fill-opacity='.6'/></svg>",
                 lit ? "#f2c94c" : "#d9b54a", lit ? "4" : "3");
        break;
    case PRINT_SIDE: /* a gold ring with a dotted inner ring */
        snprintf(svg, sizeof svg,
                 "<svg xmlns='http://www.w3.org/2000/svg' width='100' height='100'><circle "
                 "cx='50' cy='50' r='46' fill='#000' fill-opacity='%s' stroke='%s' "
                 "stroke-width='%s'/><circle cx='50' cy='50' r='39' fill='none' stroke='#f2c94c' "
                 "stroke-opacity='.55' stroke-width='1.6' stroke-dasharray='2 4'/></svg>",
                 lit ? "0" : ".16", lit ? "#f2c94c" : "#e2c46a", width);
        break;
    default: /* the ANTE: a double ring */
        snprintf(svg, sizeof svg,
                 "<svg xmlns='http://www.w3.org/2000/svg' width='100' height='100'><circle "
                 "cx='50' cy='50' r='46' fill='#000' fill-opacity='%s' stroke='%s' "
                 "stroke-width='%s'/><circle cx='50' cy='50' r='39' fill='none' stroke='#f5e6b8' "
                 "stroke-opacity='.35' stroke-width='1.2'/></svg>",
                 lit ? "0" : ".16", ink, width);
        break;
    }
    gfx_svg_text(g, key, svg, r, 255);
}

/* Two thin gold arcs across the middle row, bowed like the print of a real table's arc. */
static void draw_arcs(ui_gfx_t *g, ui_rect_t row) {
    SDL_Rect p = gfx_px(g, row);
    if (p.w <= 0 || p.h <= 0) return;
    /* drawn at the pixel size, in pixel units, as the panels are */
    float w = (float)p.w, h = (float)p.h, s = (float)p.h / row.h, sag = 10 * s;
    char key[48], svg[700];
    snprintf(key, sizeof key, "arcs:%dx%d", p.w, p.h);
    snprintf(svg, sizeof svg,
             "<svg xmlns='http://www.w3.org/2000/svg' width='%d' height='%d'><path d='M0 %.1fQ%.1f "
             "%.1f %.1f %.1fM0 %.1fQ%.1f %.1f %.1f %.1f' fill='none' stroke='#e9cf7a' "
             "stroke-opacity='.55' stroke-width='%.1f'/></svg>",
             p.w, p.h, 3 * s, w / 2, 3 * s + 2 * sag, w, 3 * s, h - 3 * s - sag, w / 2,
             h - 3 * s + sag, w, h - 3 * s - sag, 2.5 * s);
    gfx_svg_text(g, key, svg, row, 255);
}

/* The dealer's rule in the middle row: between the arcs, clear of the live table's timer on
 * either side (its box stands at the row's left while a timer runs), the emblem at each end. */
static void draw_rule(table_scene_t *t, ui_gfx_t *g) {
    const rules_t *ru = &t->game->rules;
    ui_rect_t row = t->geom.middle;
    t->rule_box = ui_r(0, 0, 0, 0);
    draw_arcs(g, row);
    float side = ru->betting_seconds > 0 || ru->decision_seconds > 0 ? t->geom.timer.w + 12 : 0;
    float em = 70, room = row.w - 2 * side - 2 * (em + 24), cx = row.x + row.w / 2;
    const char *felt = tb_variant(t)->felt;
    float size = 26;
    if (gfx_text_width(g, felt, size, UI_FONT_BOLD) > room) size = TB_TEXT_MIN;
    float h = gfx_text_wrap_height(g, felt, room, size, UI_FONT_BOLD);
    /* a narrow row (a table among four on a 4:3 screen, its timers at either side) leaves the
     * emblems out before the rule spills onto the cards, and the rule too if even that is not
     * enough (it is printed on the felt for the look: the help says it in full) */
    bool emblems = true;
    if (h > row.h - 4) {
        emblems = false;
        room += 2 * (em + 24);
        h = gfx_text_wrap_height(g, felt, room, size, UI_FONT_BOLD);
        if (h > row.h - 4) return;
    }
    float lw = gfx_text_width(g, felt, size, UI_FONT_BOLD);
    if (lw > room) lw = room;
    ui_color_t ink = ui_rgba(245, 230, 184, 170);
    t->rule_box = ui_r(cx - lw / 2, row.y + (row.h - h) / 2 + 2, lw, h);
    gfx_rec_group(g, "felt");
    gfx_text_wrap(g, felt, cx, row.y + (row.h - h) / 2 + 2, room, size, UI_FONT_BOLD, ink,
                  UI_ALIGN_CENTER);
    gfx_rec_group(g, NULL);
    for (int k = -1; k <= 1 && emblems; k += 2) {
        float ex = cx + (float)k * (lw / 2 + 24 + em / 2);
        gfx_svg(g, "table/emblem.svg", ui_r(ex - em / 2, row.y + (row.h - em) / 2, em, em), 200);
    }
}

void tb_draw_felt_print(table_scene_t *t, ui_gfx_t *g) {
    const game_t *gm = t->game;
    ui_rect_t title = t->geom.title;
    gfx_svg(g, "table/emblem.svg", ui_r(title.x, title.y - 4, 50, 50), 255);
    gfx_rec_group(g, "title");
    /* the game's name in what the top row's clock and buttons leave; where even the smallest
     * text is too wide (a narrow window), the name without its details in brackets, which the
     * pay tables and HELP give */
    char name[96];
    snprintf(name, sizeof name, "%s", rules_preset_name(gm->rules.preset));
    float room = title.w - 62;
    char *details = strstr(name, " (");
    if (details && gfx_text_width(g, name, TB_TEXT_MIN, UI_FONT_DISPLAY) > room) *details = '\0';
    float size = tb_fit(g, name, 34, TB_TEXT_MIN, UI_FONT_DISPLAY, room);
    gfx_text_shadow(g, name, title.x + 62, title.y + (34 - size) / 2, size, UI_FONT_DISPLAY, GOLD,
                    UI_ALIGN_LEFT);
    gfx_rec_group(g, NULL);
    draw_rule(t, g);
}
