/* Drawing the cards and chips: the cards as they slide and flip, the hands with their names
 * (and Asian Stud's split), the chips and the stacks of bets on the spots. */
#include "table_internal.h"

#include <stdio.h>
#include <string.h>

bool tb_results_visible(const table_scene_t *t) {
    return game_round_over(t->game) && !t->results_pending;
}

/* ---- cards ---- */

static void card_path(card_t c, char buf[32]) {
    char f[3];
    snprintf(buf, 32, "cards/%s.svg", card_format(c, f));
}

/* A card face drawn without the SVG art (a checkout without assets). */
static void draw_card_fallback(ui_gfx_t *g, card_t c, ui_rect_t r, bool up, float sx) {
    ui_rect_t rr = r;
    rr.w *= sx;
    rr.x += (r.w - rr.w) / 2;
    if (!up) {
        gfx_panel(g, rr, 12, ui_rgba(150, 20, 40, 255), ui_rgba(90, 8, 24, 255), CREAM, 5);
        return;
    }
    gfx_panel(g, rr, 12, WHITE, ui_rgba(236, 236, 236, 255), ui_rgba(60, 60, 60, 255), 2);
    if (sx < 0.3f) return;
    char b[8];
    bool red = c != CARD_JOKER && (card_suit(c) == CARD_HEARTS || card_suit(c) == CARD_DIAMONDS);
    ui_color_t ink = red ? ui_rgba(200, 16, 46, 255) : ui_rgba(20, 20, 20, 255);
    gfx_text(g, card_display(c, b), rr.x + rr.w / 2, rr.y + r.h * 0.32f, r.h * 0.26f, UI_FONT_BOLD,
             ink, UI_ALIGN_CENTER);
}

static void draw_card(table_scene_t *t, ui_gfx_t *g, const card_vis_t *v, ui_rect_t slot,
                      bool highlight) {
    if (!v->shown || t->now < v->t_deal) return;
    float p = ease_out(clampf((t->now - v->t_deal) / t_slide(t), 0, 1));
    ui_rect_t r = slot;
    r.x = SHOE_X + (slot.x - SHOE_X) * p;
    r.y = SHOE_Y + (slot.y - SHOE_Y) * p;
    double angle = (1.0 - p) * -25.0;
    bool up = false;
    float sx = 1;
    if (v->t_flip >= 0 && t->now >= v->t_flip) {
        float f = clampf((t->now - v->t_flip) / t_flip(t), 0, 1);
        up = f >= 0.5f;
        sx = fabsf(cosf(f * 3.14159265f));
        if (sx < 0.02f) sx = 0.02f;
        /* a flip lifts the card a little */
        r.y -= sinf(f * 3.14159265f) * 14;
    }
    /* the shadow: only the strips that show past the card's right and bottom edges (a full
     * card-sized blended shadow cost more than the card itself in the software renderer); none
     * while it is turned in its flight (square strips beside a tilted card) */
    float sw = r.w * sx, sx0 = r.x + (r.w - sw) / 2;
    if (fabs(angle) < 0.5) {
        gfx_fill(g, ui_r(sx0 + sw, r.y + 14, 6, r.h - 6), ui_rgba(0, 0, 0, 80));
        gfx_fill(g, ui_r(sx0 + 10, r.y + r.h, sw - 4, 8), ui_rgba(0, 0, 0, 80));
    }
    char path[32];
    if (up)
        card_path(v->card, path);
    else
        snprintf(path, sizeof path, "cards/back.svg");
    if (!gfx_svg_ex(g, path, r, 255, angle, sx)) draw_card_fallback(g, v->card, r, up, sx);
    if (p >= 1) gfx_rec_art(g, r, path); /* a card on its way is not where it stays */
    if (p >= 1 && highlight && up)
        gfx_panel(g, r, 12, ui_rgba(0, 0, 0, 0), ui_rgba(0, 0, 0, 0), GOLD, 4);
}

/* ---- chips and the spots ---- */

void tb_draw_chip(ui_gfx_t *g, int64_t value, ui_rect_t r, uint8_t alpha) {
    char path[48], label[24];
    snprintf(path, sizeof path, "chips/chip_%lld.svg", (long long)value);
    gfx_rec_art(g, r, path);
    if (gfx_svg(g, path, r, alpha)) return;
    /* generated chip when the art is missing */
    static const struct {
        int64_t v;
        const char *fill, *edge;
    } colours[] = {{25, "#e8e8e8", "#3060c0"},    {100, "#2b62c9", "#ffffff"},
                   {500, "#c8202e", "#ffffff"},   {2500, "#1f8f4e", "#ffffff"},
                   {10000, "#202020", "#f2c94c"}, {50000, "#6b2fa3", "#ffffff"}};
    const char *fill = "#808080", *edge = "#ffffff";
    for (size_t i = 0; i < sizeof colours / sizeof colours[0]; i++)
        if (colours[i].v == value) fill = colours[i].fill, edge = colours[i].edge;
    char key[48], svg[900];
    snprintf(key, sizeof key, "chip:%lld", (long long)value);
    snprintf(svg, sizeof svg,
             "<svg xmlns='http://www.w3.org/2000/svg' width='100' height='100' viewBox='0 0 100 "
             "100'><circle cx='50' cy='50' r='48' fill='%s' stroke='#000' stroke-opacity='.35' "
             "stroke-width='2'/><circle cx='50' cy='50' r='40' fill='none' stroke='%s' "
             "stroke-width='9' stroke-dasharray='12 9'/><circle cx='50' cy='50' r='30' "
             "fill='%s' stroke='%s' stroke-width='2'/></svg>",
             fill, edge, fill, edge);
    gfx_svg_text(g, key, svg, r, alpha);
    bool light = value == 25;
    gfx_text(g, money_format_chip(value, label, sizeof label), r.x + r.w / 2, r.y + r.h * 0.3f,
             r.h * 0.34f, UI_FONT_BOLD,
             light ? ui_rgba(20, 20, 20, alpha) : ui_rgba(255, 255, 255, alpha), UI_ALIGN_CENTER);
}

/* A stack of chips making `amount`, as a dealer builds it (machine_chip_stack: the table's
 * chips, largest at the bottom), seen from the side of the table: each chip its edge's
 * thickness above the one under it, the top one showing its face. At most `most` chips (the
 * largest), so that it stays in its place; the badge under a bet says the exact amount. bottom
 * is where the lowest chip stands, d a chip's width. */
void tb_draw_stack(ui_gfx_t *g, int64_t amount, float cx, float bottom, float d, int most,
                   uint8_t alpha) {
    int64_t chips[16], rest;
    if (most > 16) most = 16;
    int n = machine_chip_stack(amount, chips, most, &rest);
    if (n == 0 && amount > 0) chips[n++] = MACHINE_CHIP_VALUES[0]; /* a part of the smallest */
    float h = d * TB_STACK_H, step = d * TB_STACK_STEP;
    for (int i = 0; i < n; i++) {
        ui_rect_t r = ui_r(cx - d / 2, bottom - h - (float)i * step, d, h);
        char path[48];
        snprintf(path, sizeof path, "chips/stack_%lld.svg", (long long)chips[i]);
        if (!gfx_svg(g, path, r, alpha)) /* the art missing: the chips' faces, stacked */
            tb_draw_chip(g, chips[i], ui_r(cx - d / 2, bottom - d - (float)i * step, d, d), alpha);
    }
    if (n)
        gfx_rec_art(
            g, ui_r(cx - d / 2, bottom - h - (float)(n - 1) * step, d, h + (float)(n - 1) * step),
            "stack");
}

/* The badge under a bet: its amount, MAX at the table limit, or once settled what it won; the
 * text at the least size, the badge as wide as it. */
typedef struct badge {
    char txt[64];
    ui_color_t c;
    float w;
} badge_t;

static void bet_badge(table_scene_t *t, ui_gfx_t *g, const spot_t *sp, int64_t stake, bool show,
                      badge_t *b) {
    const game_t *gm = t->game;
    const round_seat_t *s = &gm->round.seat[0];
    bool at_max = s->stake[sp->wager] >= gm->rules.bet_max[sp->wager];
    ui_color_t c = CREAM;
    char *txt = b->txt, b1[40];
    money(gm, stake, txt);
    if (show) {
        round_outcome_t o = s->outcome[sp->wager];
        c = o == OUTCOME_WIN ? GREEN_WIN : o == OUTCOME_LOSE ? RED_LOSE : CREAM;
        /* what the bet won, not the stake and the win together: a JACKPOT or progressive
         * prize is all win (its stake is never returned) */
        bool prize = sp->wager == WAGER_JACKPOT || sp->wager == WAGER_PROGRESSIVE;
        int64_t won = s->returned[sp->wager] - (prize ? 0 : s->stake[sp->wager]);
        if (o == OUTCOME_WIN)
            snprintf(txt, sizeof b->txt, _("WIN %s"), money(gm, won, b1));
        else
            snprintf(txt, sizeof b->txt, "%s", round_outcome_name(o));
    } else if (at_max && gm->round.phase == ROUND_BETTING) {
        snprintf(txt, sizeof b->txt, _("MAX %s"), money(gm, stake, b1));
        c = GOLD;
    }
    b->c = c;
    b->w = gfx_text_width(g, txt, TB_TEXT_MIN, UI_FONT_BOLD) + 20;
}

static void draw_badge(ui_gfx_t *g, const badge_t *b, float cx, float y) {
    ui_rect_t r = ui_r(cx - b->w / 2, y, b->w, 36);
    gfx_panel(g, r, 18, ui_rgba(0, 0, 0, 170), ui_rgba(0, 0, 0, 170),
              ui_rgba(b->c.r, b->c.g, b->c.b, 200), 1.5f);
    gfx_text(g, b->txt, cx, r.y + 3, TB_TEXT_MIN, UI_FONT_BOLD, b->c, UI_ALIGN_CENTER);
}

void tb_draw_spots(table_scene_t *t, ui_gfx_t *g, bool layer) {
    const game_t *gm = t->game;
    const round_seat_t *s = &gm->round.seat[0];
    bool show = tb_results_visible(t);
    /* the badges in a row under the labels; one that would touch the badge before it goes to
     * a second row under the first */
    float last_right[2] = {-1e9f, -1e9f};
    for (int i = 0; i < t->nspots; i++) {
        const spot_t *sp = &t->spots[i];
        ui_rect_t r = sp->r;
        bool focus = i == t->focus && gm->round.phase == ROUND_BETTING;
        /* the layer holds every spot as printed and its label, unlit; the focused spot is lit
         * over it */
        if (layer || focus) tb_draw_spot_print(g, r, sp->wager, focus && !layer);
        if (layer) {
            gfx_text_shadow(g, sp->label, r.x + r.w / 2, r.y + r.h + 2, TB_TEXT_MIN, UI_FONT_BOLD,
                            CREAM, UI_ALIGN_CENTER);
            continue;
        }
        int64_t stake = s->stake[sp->wager];
        if (!stake) continue;
        /* the bet, and once the dealer's payout has landed beside it, what comes back */
        if (t->collect_at != -2)
            tb_draw_stack(g, tb_spot_amount(t, i), r.x + r.w / 2, r.y + r.h * 0.8f, r.w * 0.62f,
                          TB_STACK_MOST, 255);
        badge_t b;
        bet_badge(t, g, sp, stake, show, &b);
        /* a long badge (a win in a longer language's money) stays in the spots' row, clear of
         * the panels beside it */
        const ui_rect_t *row_r = &t->geom.spots;
        float cx = r.x + r.w / 2;
        if (row_r->w > b.w) {
            if (cx - b.w / 2 < row_r->x) cx = row_r->x + b.w / 2;
            if (cx + b.w / 2 > row_r->x + row_r->w) cx = row_r->x + row_r->w - b.w / 2;
        }
        int row = cx - b.w / 2 < last_right[0] + 6 ? 1 : 0;
        draw_badge(g, &b, cx, r.y + r.h + 34 + (float)row * 40);
        last_right[row] = cx + b.w / 2;
    }
}

/* ---- the hands ---- */

/* A hand's line in its row: "WHO:  name", at 30, or smaller down to the least size when the
 * row is narrow. */
static void draw_hand_name(ui_gfx_t *g, const char *who, const char *name, ui_rect_t row,
                           ui_color_t c) {
    char line[160];
    snprintf(line, sizeof line, "%s%s%s", _(who), *name ? ":  " : "", name);
    float size = tb_fit(g, line, 30, TB_TEXT_MIN, UI_FONT_BOLD, row.w - 20);
    gfx_text_shadow(g, line, row.x + row.w / 2, row.y + (row.h - size * 1.17f) / 2, size,
                    UI_FONT_BOLD, c, UI_ALIGN_CENTER);
}

/* A split hand's name with the three that qualify: "9 points - the three make 20" (the cards
 * lie apart, three and two). */
static void split_name(const table_variant_t *v, const card_t cards[5], int value, bool qualifies,
                       char *buf, size_t n) {
    char name[96];
    v->name_value(value, qualifies, name, sizeof name);
    eval_asian_t a = eval_asian(cards);
    if (!qualifies || !a.qualifies) {
        snprintf(buf, n, "%s", name);
        return;
    }
    int three = 0;
    for (int i = 0; i < 5; i++)
        if (a.three >> i & 1) three += eval_asian_card_points(cards[i]);
    snprintf(buf, n, _("%s - the three make %d"), name, three);
}

/* The lines under the hands, in their rows: once settled the dealer's (when there is one) and
 * the player's; while deciding the player's five cards, when the variant names them. */
static void draw_hand_names(table_scene_t *t, ui_gfx_t *g, bool show) {
    const table_variant_t *v = tb_variant(t);
    const round_t *r = &t->game->round;
    const round_seat_t *s = &r->seat[0];
    const table_geom_t *m = &t->geom;
    char name[128];
    gfx_rec_group(g, "hand-lines");
    if (show) {
        if (v->has_dealer) {
            if (v->split_hands)
                split_name(v, r->dealer, r->dealer_value, r->dealer_qualifies, name, sizeof name);
            else
                v->name_value(r->dealer_value, r->dealer_qualifies, name, sizeof name);
            draw_hand_name(g,
                           r->dealer_qualifies ? N_("DEALER QUALIFIES") : "DEALER DOES NOT QUALIFY",
                           name, m->top_line, r->dealer_qualifies ? CREAM : GOLD);
        }
        if (v->split_hands)
            split_name(v, s->cards, s->hand_value, s->hand_value != 0, name, sizeof name);
        else
            v->name_value(s->hand_value, s->hand_value != 0, name, sizeof name);
        draw_hand_name(g, N_("YOUR HAND"), name, m->hand_line, WHITE);
    } else if (v->name_cards && r->phase == ROUND_DECIDING && !table_busy(t) && s->ncards == 5) {
        if (v->split_hands) {
            eval_asian_t a = eval_asian(s->cards);
            split_name(v, s->cards, a.value, a.qualifies, name, sizeof name);
        } else {
            v->name_cards(s->cards, name, sizeof name);
        }
        draw_hand_name(g, N_("YOUR HAND"), name, m->hand_line, WHITE);
    }
    gfx_rec_group(g, NULL);
}

/* Cajun Stud: the hand is the two hole cards and the three on the board; the bets that won
 * light the cards that made them (the main hand's, the BOARD BONUS's three, the POCKET BONUS's
 * two). */
static void cajun_lit(const table_scene_t *t, uint8_t *player, uint8_t *top) {
    const round_t *r = &t->game->round;
    const round_seat_t *s = &r->seat[0];
    *player = *top = 0;
    if (!tb_results_visible(t) || r->phase != ROUND_SETTLED || s->ncards != 2) return;
    if (s->outcome[WAGER_ANTE] == OUTCOME_WIN && s->judged_odds[WAGER_ANTE] > 0) {
        card_t five[5] = {s->cards[0], s->cards[1], r->board[0], r->board[1], r->board[2]};
        uint8_t m = eval_making_cards(five);
        *player |= m & 3;
        *top |= (uint8_t)(m >> 2);
    }
    if (s->outcome[WAGER_BOARD] == OUTCOME_WIN) *top |= 7;
    if (s->outcome[WAGER_POCKET] == OUTCOME_WIN) *player |= 3;
}

/* The cards that made each winning hand, once the round is settled: the main hand's (the
 * player's when it won, the dealer's when it beat the player), the 5+1 BONUS hand's (the dealer's
 * up card among them when it is one of the six's best five that make it), the JACKPOT's or the
 * PROGRESSIVE's (the player's five); never the kickers. */
void table_lit_cards(const table_scene_t *t, uint8_t *player, uint8_t *top) {
    const table_variant_t *v = tb_variant(t);
    if (v->community) {
        cajun_lit(t, player, top);
        return;
    }
    const round_t *r = &t->game->round;
    const round_seat_t *s = &r->seat[0];
    *player = *top = 0;
    if (!tb_results_visible(t) || r->phase != ROUND_SETTLED || s->ncards != 5) return;
    if (v->light_winner && !s->folded && r->dealer_qualifies) {
        if (s->hand_value > r->dealer_value) *player |= eval_making_cards(s->cards);
        if (s->hand_value < r->dealer_value && !v->community) *top |= eval_making_cards(r->dealer);
    }
    if (s->outcome[WAGER_BONUS51] == OUTCOME_WIN && !v->community) {
        card_t six[6];
        memcpy(six, s->cards, 5);
        six[5] = r->dealer[0];
        uint8_t m = eval_making_cards_of(six, 6);
        *player |= m & 0x1f;
        *top |= (uint8_t)(m >> 5 & 1);
    }
    if (s->outcome[WAGER_JACKPOT] == OUTCOME_WIN || s->outcome[WAGER_PROGRESSIVE] == OUTCOME_WIN)
        *player |= eval_making_cards(s->cards);
}

void tb_draw_hands(table_scene_t *t, ui_gfx_t *g) {
    const table_variant_t *v = tb_variant(t);
    const round_t *r = &t->game->round;
    const round_seat_t *s = &r->seat[0];
    bool show = tb_results_visible(t) && r->phase == ROUND_SETTLED;
    uint8_t player_mask, dealer_mask;
    table_lit_cards(t, &player_mask, &dealer_mask);
    bool split_top = v->split_hands && show;
    bool split_player = v->split_hands && s->ncards == 5 && (show || r->phase == ROUND_DECIDING);
    const card_vis_t *top = v->community ? t->board : t->dealer;
    /* the lit cards' halos first, all of them under every card (a card's halo drawn with it
     * would lie over its left neighbour) */
    for (int i = 0; i < v->top_cards; i++)
        if (dealer_mask >> i & 1) {
            ui_rect_t sr = split_top ? tb_split_slot(r->dealer, i, DEALER_Y)
                                     : tb_slot_rect(DEALER_Y, i, v->top_cards);
            gfx_glow(g, ui_r(sr.x - 30, sr.y - 30, sr.w + 60, sr.h + 60),
                     ui_rgba(255, 220, 90, 170));
        }
    for (int i = 0; i < v->player_cards; i++)
        if (player_mask >> i & 1) {
            ui_rect_t sr = split_player ? tb_split_slot(s->cards, i, PLAYER_Y)
                                        : tb_slot_rect(PLAYER_Y, i, v->player_cards);
            gfx_glow(g, ui_r(sr.x - 30, sr.y - 30, sr.w + 60, sr.h + 60),
                     ui_rgba(255, 220, 90, 170));
        }
    for (int i = 0; i < v->top_cards; i++) {
        ui_rect_t sr = tb_slot_rect(DEALER_Y, i, v->top_cards);
        if (split_top) sr = tb_split_slot(r->dealer, i, DEALER_Y);
        draw_card(t, g, &top[i], sr, (dealer_mask >> i) & 1);
    }
    if (v->top_label)
        gfx_text_shadow(g, v->top_label, 960, t->geom.top_line.y + 4, TB_TEXT_MIN, UI_FONT_BOLD,
                        DIM, UI_ALIGN_CENTER);
    for (int i = 0; i < v->player_cards; i++) {
        ui_rect_t sr = tb_slot_rect(PLAYER_Y, i, v->player_cards);
        if (split_player) sr = tb_split_slot(s->cards, i, PLAYER_Y);
        draw_card(t, g, &t->player[i], sr, (player_mask >> i) & 1);
    }
    draw_hand_names(t, g, show);
}
