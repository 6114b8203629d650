/* The pay tables on the table: every bet the game offers has its own (the main game's, then
 * each side bet's: the 5+1 BONUS, the JACKPOT with its top prize as the meter shows it, the US
 * progressive, Cajun's BOARD, POCKET and LO BALL, Asian Stud's joker BONUS), one at a time in
 * the pay panel at the left. While betting they take turns every few seconds; while deciding
 * the main game's stands; once the round is settled the tables with a winning line take turns,
 * the line lit. The arrows beside the title turn them by hand (a touch, or the mouse), and the
 * choice holds a while before the turns go on. */
#include "table_internal.h"

#include <stdio.h>
#include <string.h>

#define TURN_BETTING 6.0f /* seconds a table stands while betting */
#define TURN_LIT     4.0f /* and once the results show, each table with a winning line */
#define PICK_HOLDS   20.0f

static void row(tb_pay_panel_t *p, const char *name, const char *pay) {
    if (p->n == TB_PAY_ROWS) return;
    snprintf(p->rows[p->n][0], sizeof p->rows[0][0], "%s", name);
    snprintf(p->rows[p->n][1], sizeof p->rows[0][1], "%s", pay);
    p->n++;
}

static void odds_row(tb_pay_panel_t *p, const char *name, int32_t odds, bool lit) {
    char pay[24];
    snprintf(pay, sizeof pay, _("%d to 1"), (int)odds);
    if (lit) p->lit = p->n;
    row(p, name, pay);
}

/* Whether a side bet won, for its table's lit line. */
static bool won(const table_scene_t *t, bool show, wager_t w) {
    return show && t->game->round.seat[0].outcome[w] == OUTCOME_WIN;
}

/* The 5+1 BONUS: the best five of the player's five and the dealer's up card. */
static void bonus51_rows(const table_scene_t *t, bool show, tb_pay_panel_t *p) {
    const rules_t *ru = &t->game->rules;
    const round_t *r = &t->game->round;
    int lit = -1;
    if (won(t, show, WAGER_BONUS51)) {
        card_t six[6];
        memcpy(six, r->seat[0].cards, 5);
        six[5] = r->dealer[0];
        lit = (int)eval_category(eval_best(six, 6, NULL));
    }
    for (int c = EVAL_ROYAL_FLUSH; c >= EVAL_TRIPS; c--)
        if (ru->bonus51_pays[c] > 0)
            odds_row(p, eval_category_name((eval_category_t)c), ru->bonus51_pays[c], c == lit);
}

/* The JACKPOT (its top prize as the meter shows it, the fixed prizes for its stake) and the US
 * progressive (shares of the meter, fixed prizes). */
static void prize_rows(const table_scene_t *t, bool show, wager_t w, tb_pay_panel_t *p) {
    const rules_t *ru = &t->game->rules;
    const round_seat_t *s = &t->game->round.seat[0];
    bool live = w == WAGER_JACKPOT;
    int lit = won(t, show, w) ? (int)eval_category(eval_value(s->cards, 5)) : -1;
    char pay[40];
    for (int c = EVAL_ROYAL_FLUSH; c >= EVAL_TRIPS; c--) {
        const char *name = eval_category_name((eval_category_t)c);
        int64_t fixed = live ? ru->jackpot_fixed[c] : ru->progressive_fixed[c];
        if (c == EVAL_ROYAL_FLUSH && live) {
            money(t->game, t->shown_pool, pay);
        } else if (!live && ru->progressive_meter_bp[c] > 0) {
            /* short: the column may be narrow */
            int bp = ru->progressive_meter_bp[c];
            if (bp == RULES_BP)
                snprintf(pay, sizeof pay, _("METER"));
            else if (bp % 100)
                snprintf(pay, sizeof pay, _("%d.%02d%% meter"), bp / 100, bp % 100);
            else
                snprintf(pay, sizeof pay, _("%d%% meter"), bp / 100);
        } else if (fixed > 0) {
            money(t->game, fixed, pay);
        } else {
            continue;
        }
        if (c == lit) p->lit = p->n;
        row(p, name, pay);
    }
}

/* Cajun Stud's three side bets: the three community cards, the two in the hand, the five as a
 * low hand. */
static void cajun_rows(const table_scene_t *t, bool show, wager_t w, tb_pay_panel_t *p) {
    const rules_t *ru = &t->game->rules;
    const round_t *r = &t->game->round;
    const round_seat_t *s = &r->seat[0];
    bool lit = won(t, show, w);
    if (w == WAGER_BOARD) {
        int c3 = lit ? (int)eval_board3(r->board) : -1;
        for (int c = EVAL3_MINI_ROYAL; c >= EVAL3_PAIR; c--)
            if (ru->board_pays[c] > 0)
                odds_row(p, eval3_category_name((eval3_category_t)c), ru->board_pays[c], c == c3);
    } else if (w == WAGER_POCKET) {
        /* the names short enough for a narrow column beside the value */
        static const char *const names[EVAL_POCKET_CATEGORIES] = {
            "", N_("Any other pair"), "Ace with K/Q/J", N_("Suited A-K/Q/J"), N_("Pair of Aces")};
        int cp = lit ? (int)eval_pocket(s->cards) : -1;
        for (int c = EVAL_POCKET_ACES; c >= EVAL_POCKET_PAIR; c--)
            if (ru->pocket_pays[c] > 0) odds_row(p, names[c], ru->pocket_pays[c], c == cp);
    } else {
        card_t five[5] = {s->cards[0], s->cards[1], r->board[0], r->board[1], r->board[2]};
        int high = lit ? eval_lowball_high(five) : -1;
        for (int k = CARD_RANK_7; k <= CARD_RANK_A; k++) {
            if (ru->loball_pays[k] <= 0) continue;
            char name[32];
            snprintf(name, sizeof name, _("%s low"), lang_rank(k));
            odds_row(p, name, ru->loball_pays[k], k == high);
        }
    }
}

/* Asian Stud's joker BONUS on the player's five. */
static void asian_bonus_rows(const table_scene_t *t, bool show, tb_pay_panel_t *p) {
    const rules_t *ru = &t->game->rules;
    int lit =
        won(t, show, WAGER_ASIAN_BONUS) ? (int)eval_asian_bonus(t->game->round.seat[0].cards) : -1;
    for (int c = EVAL_ABONUS_FIVE_ACES; c >= EVAL_ABONUS_TWO_PAIR; c--)
        if (ru->asian_bonus_pays[c] > 0)
            odds_row(p, eval_asian_bonus_name((eval_asian_bonus_t)c), ru->asian_bonus_pays[c],
                     c == lit);
}

int tb_pay_tables(const table_scene_t *t, wager_t out[TB_PAY_TABLES]) {
    const rules_t *ru = &t->game->rules;
    static const wager_t SIDE[] = {WAGER_BONUS51, WAGER_JACKPOT, WAGER_PROGRESSIVE, WAGER_BOARD,
                                   WAGER_POCKET,  WAGER_LOBALL,  WAGER_ASIAN_BONUS};
    int n = 0;
    out[n++] = WAGER_ANTE;
    for (size_t i = 0; i < sizeof SIDE / sizeof SIDE[0] && n < TB_PAY_TABLES; i++)
        if (ru->offered[SIDE[i]] && rules_variant_has_wager(ru->variant, SIDE[i]))
            out[n++] = SIDE[i];
    return n;
}

void tb_pay_table(const table_scene_t *t, wager_t which, bool show, tb_pay_panel_t *p) {
    const table_variant_t *v = tb_variant(t);
    memset(p, 0, sizeof *p);
    p->lit = -1;
    if (which == WAGER_ANTE) {
        snprintf(p->title, sizeof p->title, "%s", v->pay_title);
        v->pay_rows(v, t, show, p);
        return;
    }
    /* a side bet's table is titled by its name alone: the column may be narrow */
    snprintf(p->title, sizeof p->title, "%s", lang_wager(which));
    switch (which) {
    case WAGER_BONUS51:
        bonus51_rows(t, show, p);
        break;
    case WAGER_JACKPOT:
    case WAGER_PROGRESSIVE:
        prize_rows(t, show, which, p);
        break;
    case WAGER_ASIAN_BONUS:
        asian_bonus_rows(t, show, p);
        break;
    default:
        cajun_rows(t, show, which, p);
        break;
    }
}

/* The results are on the table, the pay tables may light their lines. */
static bool settled_shown(const table_scene_t *t) {
    return tb_results_visible(t) && t->game->round.phase == ROUND_SETTLED;
}

int tb_pay_current(const table_scene_t *t) {
    wager_t list[TB_PAY_TABLES];
    int n = tb_pay_tables(t, list);
    if (n <= 1) return 0;
    if (t->now < t->pay_pick_until) return ((t->pay_pick % n) + n) % n;
    if (settled_shown(t)) {
        int lit[TB_PAY_TABLES], nlit = 0;
        for (int i = 0; i < n; i++) {
            tb_pay_panel_t p;
            tb_pay_table(t, list[i], true, &p);
            if (p.lit >= 0) lit[nlit++] = i;
        }
        if (nlit) return lit[(int)((t->now - t->result_at) / TURN_LIT) % nlit];
    }
    if (t->game->round.phase == ROUND_DECIDING) return 0;
    return (int)(t->now / TURN_BETTING) % n;
}

ui_rect_t tb_pay_arrow(const table_scene_t *t, int dir) {
    ui_rect_t p = t->geom.pay;
    return ui_r(dir < 0 ? p.x + 8 : p.x + p.w - 8 - 44, p.y + 8, 44, 50);
}

bool tb_pay_tap(table_scene_t *t, float x, float y) {
    wager_t list[TB_PAY_TABLES];
    int n = tb_pay_tables(t, list);
    if (n <= 1) return false;
    for (int dir = -1; dir <= 1; dir += 2)
        if (ui_inside(tb_pay_arrow(t, dir), x, y)) {
            t->pay_pick = (tb_pay_current(t) + dir + n) % n;
            t->pay_pick_until = t->now + PICK_HOLDS;
            ui_audio_play(t->audio, SND_BUTTON);
            return true;
        }
    return false;
}

/* An arrow: a small round button with a triangle pointing its way. */
static void draw_arrow(ui_gfx_t *g, ui_rect_t r, int dir) {
    char key[16], svg[400];
    snprintf(key, sizeof key, "paytab:%d", dir);
    snprintf(svg, sizeof svg,
             "<svg xmlns='http://www.w3.org/2000/svg' width='44' height='50' viewBox='0 0 44 50'>"
             "<circle cx='22' cy='25' r='19' fill='#0a2818' stroke='#f2c94c' stroke-width='2'/>"
             "<path d='%s' fill='#f2c94c'/></svg>",
             dir < 0 ? "M27 15L14 25L27 35Z" : "M17 15L30 25L17 35Z");
    gfx_svg_text(g, key, svg, r, 255);
    gfx_rec_art(g, r, "arrow");
}

/* The page dots under the title: which of the tables this is. */
static void draw_dots(ui_gfx_t *g, ui_rect_t p, int n, int at) {
    float step = 18, x0 = p.x + p.w / 2 - step * (float)(n - 1) / 2;
    for (int i = 0; i < n; i++) {
        bool on = i == at;
        char key[16], svg[240];
        snprintf(key, sizeof key, "dot:%d", on);
        snprintf(svg, sizeof svg,
                 "<svg xmlns='http://www.w3.org/2000/svg' width='12' height='12'><circle cx='6' "
                 "cy='6' r='5' fill='%s' stroke='#f2c94c' stroke-width='1.2'/></svg>",
                 on ? "#f2c94c" : "none");
        gfx_svg_text(g, key, svg, ui_r(x0 + step * (float)i - 6, p.y + 55, 12, 12), 255);
    }
}

/* The pay panel: its frame in the still layer; the table of the moment over it each frame, its
 * title between the arrows (when there is more than one), the rows, the lit one pulsing a while
 * after the results show. */
void tb_draw_paytable(table_scene_t *t, ui_gfx_t *g, bool layer) {
    ui_rect_t p = t->geom.pay;
    if (layer) {
        gfx_panel(g, p, 18, ui_rgba(10, 40, 24, 215), ui_rgba(4, 24, 14, 215),
                  ui_rgba(242, 201, 76, 200), 2.5f);
        return;
    }
    wager_t list[TB_PAY_TABLES];
    int n = tb_pay_tables(t, list), at = tb_pay_current(t);
    t->pay_drawn = at;
    tb_pay_panel_t pay;
    tb_pay_table(t, list[at], settled_shown(t), &pay);
    gfx_rec_group(g, "pays");
    float room = n > 1 ? p.w - 2 * 56 : p.w - 24;
    float ts = tb_fit(g, pay.title, 30, TB_TEXT_MIN, UI_FONT_DISPLAY, room);
    gfx_text(g, pay.title, p.x + p.w / 2, p.y + 18 + (30 - ts) * 0.6f, ts, UI_FONT_DISPLAY, GOLD,
             UI_ALIGN_CENTER);
    if (n > 1) {
        draw_arrow(g, tb_pay_arrow(t, -1), -1);
        draw_arrow(g, tb_pay_arrow(t, 1), 1);
        draw_dots(g, p, n, at);
    }
    float rowh = (p.h - 90) / (float)(pay.n < 9 ? 9 : pay.n);
    /* one size for every row: the largest (up to 28) at which the widest row fits */
    float size = rowh * 0.55f > 28 ? 28 : rowh * 0.55f;
    if (size < TB_TEXT_MIN) size = TB_TEXT_MIN;
    for (int i = 0; i < pay.n; i++) {
        char line[90];
        /* measured as drawn: in the language on screen */
        snprintf(line, sizeof line, "%s  %s", lang_text(pay.rows[i][0]), lang_text(pay.rows[i][1]));
        size = tb_fit(g, line, size, TB_TEXT_MIN, UI_FONT_BOLD, p.w - 48);
    }
    for (int i = 0; i < pay.n; i++) {
        float y = p.y + 72 + rowh * (float)i;
        bool on = i == pay.lit;
        if (on) { /* (its fill pulses: two pictures for every step) */
            float pulse =
                t->now < t->result_at + 3.0f ? pulse_step(0.75f + 0.25f * sinf(t->now * 6)) : 1.0f;
            gfx_panel_pulsing(g, ui_r(p.x + 10, y - 4, p.w - 20, rowh), 10,
                              ui_rgba(242, 201, 76, (uint8_t)(230 * pulse)),
                              ui_rgba(200, 150, 40, (uint8_t)(230 * pulse)), WHITE, 1.5f);
        }
        ui_color_t c = on ? ui_rgba(30, 20, 0, 255) : CREAM;
        float ty = y + (rowh - size * 1.17f) / 2 - 4;
        gfx_text(g, pay.rows[i][0], p.x + 24, ty, size, UI_FONT_REGULAR, c, UI_ALIGN_LEFT);
        gfx_text(g, pay.rows[i][1], p.x + p.w - 24, ty, size, UI_FONT_BOLD, c, UI_ALIGN_RIGHT);
    }
    gfx_rec_group(g, NULL);
}
