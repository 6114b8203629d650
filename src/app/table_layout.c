/* Where the table's things are, on the virtual 1920 x 1080 canvas: the betting spots, the
 * buttons of the moment, the card slots, the chip tray and the small fixed buttons. */
#include "table_internal.h"

#include <stdio.h>

ui_rect_t tb_chip_rect(const table_scene_t *t, int i) {
    return ui_r(730 + (float)i * 74, t->bar_y + 60, 66, 66);
}

/* the small HELP and HISTORY buttons at the top right, and the pop-up's own buttons */
ui_rect_t tb_corner_button(int i) {
    return ui_r(1560 + (float)i * 170, 12, 160, 48);
}
ui_rect_t tb_popup_button(int i) {
    return ui_r(1120 + (float)i * 200, 930, 180, 64);
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
    if (!three) sr.x += 40;
    return sr;
}

static void add_spot(table_scene_t *t, wager_t w, const char *label) {
    if (t->nspots == TABLE_MAX_SPOTS) return;
    spot_t *s = &t->spots[t->nspots++];
    s->wager = w;
    snprintf(s->label, sizeof s->label, "%s", label);
}

/* The variant's spots (its side bets when the rules offer them), evenly across the middle of
 * the table between the side panels. */
void tb_layout_spots(table_scene_t *t) {
    const rules_t *r = &t->game->rules;
    const table_variant_t *v = tb_variant(t);
    t->nspots = 0;
    for (int i = 0; i < v->nspots; i++)
        if (!v->spots[i].optional || r->offered[v->spots[i].wager])
            add_spot(t, v->spots[i].wager, v->spots[i].label);
    float left = 470, right = 1450, d = t->nspots > 5 ? 104.0f : 118.0f;
    float step = t->nspots > 1 ? (right - left - d) / (float)(t->nspots - 1) : 0;
    if (step > 210) {
        step = 210;
        left = 960 - (step * (float)(t->nspots - 1) + d) / 2;
    }
    for (int i = 0; i < t->nspots; i++)
        t->spots[i].r = ui_r(left + step * (float)i, SPOT_Y + (118 - d) / 2, d, d);
}

/* The on-screen buttons for this moment of the round: the variant's choices while deciding,
 * the betting buttons otherwise. */
void tb_layout_buttons(table_scene_t *t) {
    const game_t *g = t->game;
    const round_t *r = &g->round;
    t->nbuttons = 0;
    typedef struct {
        ui_button_t b;
        const char *label;
        bool enabled;
    } choice_t;
    choice_t list[8];
    int n = 0;
    bool busy = table_busy(t);
    if (r->phase == ROUND_DECIDING) {
        const table_variant_t *v = tb_variant(t);
        bool can = round_seat_can_decide(r, 0) && !busy;
        for (int i = 0; i < v->nchoices; i++)
            list[n++] = (choice_t){v->choices[i].button, v->choices[i].label, can};
    } else {
        bool betting = r->phase == ROUND_BETTING;
        bool has_bets = betting && round_seat_staked(r, 0) > 0;
        /* only what can be done now is lit, as the machine would take it: REPEAT when the
         * credits hold last round's bets (DOUBLE: when they hold the doubled bets), DEAL when
         * it deals (the credits cover the bets and the largest raise; the message box says why
         * not) */
        const machine_t *m = t->machine;
        list[n++] = (choice_t){BTN_UNDO, "UNDO", machine_button_ok(m, BTN_UNDO) && !busy};
        list[n++] = (choice_t){BTN_CLEAR, "CLEAR", machine_button_ok(m, BTN_CLEAR) && !busy};
        list[n++] = (choice_t){BTN_REPEAT, has_bets ? "DOUBLE" : "REPEAT",
                               machine_button_ok(m, BTN_REPEAT) && !busy};
        list[n++] = (choice_t){BTN_DEAL, betting ? "DEAL" : "REBET & DEAL",
                               machine_button_ok(m, BTN_DEAL) && !busy};
    }
    float w = 160, gap = 14, x = 1890 - (w + gap) * (float)n + gap;
    for (int i = 0; i < n; i++) {
        button_vis_t *bv = &t->buttons[t->nbuttons++];
        bv->button = list[i].b;
        bv->enabled = list[i].enabled;
        snprintf(bv->label, sizeof bv->label, "%s", list[i].label);
        bv->r = ui_r(x + (w + gap) * (float)i, t->bar_y + 50, w, 86);
    }
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
