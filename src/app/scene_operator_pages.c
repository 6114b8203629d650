/* The operator menu's pages of records and tests: the meters, game recall, the jackpot pools,
 * the audit log, the button, touch and display tests and the PIN pad, drawn in the language on
 * screen. The audit log's details are its rows as recorded (the machine's record, in English);
 * their time, game and event are the page's own words. */
#define _POSIX_C_SOURCE 200809L /* gmtime_r */
#include "lang.h"
#include "machine_link.h"
#include "scene_operator.h"
#include "ui_gfx.h"

#include <math.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#define CREAM ui_rgba(250, 240, 215, 255)
#define DIM   ui_rgba(190, 180, 160, 255)
#define GOLD  ui_rgba(242, 201, 76, 255)
#define RED   ui_rgba(240, 90, 80, 255)
#define GREEN ui_rgba(120, 220, 130, 255)

#define L(v) (o->area.x + (v))
#define R(v) (o->area.x + o->area.w - (v))

/* ---- meters ---- */

enum { M_MONEY, M_COUNT, M_FRAC };

/* Each meter the store keeps (store.h), as the page names it and how it counts. */
static const struct {
    const char *name, *label;
    int kind;
} METERS[] = {
    {"coin_in", N_("Coins in"), M_MONEY},
    {"bill_in", N_("Notes in"), M_MONEY},
    {"voucher_in", N_("Tickets in"), M_MONEY},
    {"voucher_in_count", N_("Tickets in (number)"), M_COUNT},
    {"attendant_in", N_("Credits added by the attendant"), M_MONEY},
    {"credit_out", N_("Cashed out"), M_MONEY},
    {"voucher_out", N_("Tickets printed"), M_MONEY},
    {"voucher_out_count", N_("Tickets printed (number)"), M_COUNT},
    {"handpaid_credits", N_("Credits paid by hand"), M_MONEY},
    {"cancelled_credits", N_("Cancelled credits"), M_MONEY},
    {"attendant_jackpots", N_("Jackpots paid by hand"), M_MONEY},
    {"attendant_jackpot_count", N_("Jackpots paid by hand (number)"), M_COUNT},
    {"games_played", N_("Games played"), M_COUNT},
    {"games_won", N_("Games won"), M_COUNT},
    {"games_voided", N_("Games voided"), M_COUNT},
    {"refunded", N_("Stakes refunded"), M_MONEY},
    {"door_openings", N_("Door openings"), M_COUNT},
    {"power_ups", N_("Power-ups"), M_COUNT},
    {"progressive_contributed", N_("Progressive: contributed (1/10,000 cent)"), M_COUNT},
    {"progressive_seeded", N_("Progressive: seeded by the house"), M_MONEY},
    {"progressive_won", N_("Progressive: won"), M_MONEY},
    {"progressive_hits", N_("Progressive: top prizes"), M_COUNT},
    {"linked_won", N_("Linked jackpot: won"), M_MONEY},
    {"linked_hits", N_("Linked jackpot: top prizes"), M_COUNT},
    {"table_in", N_("Shared tables: paid here"), M_MONEY},
    {"table_out", N_("Shared tables: staked there"), M_MONEY},
    {"table_transfers", N_("Shared tables: transfers"), M_COUNT},
    {"ticket_numbers", N_("Ticket numbers used"), M_COUNT},
};

static bool wager_of(const char *key, wager_t *w) {
    for (int i = 0; i < WAGER_COUNT; i++)
        if (strcmp(wager_key((wager_t)i), key) == 0) return *w = (wager_t)i, true;
    return false;
}

/* A meter's words and value: "Coins in" and "$12.00"; "Wagered: ANTE" for a wager's meter; an
 * unknown meter by its own name (a newer store's). */
static void meter_text(const operator_scene_t *o, const store_meter_value_t *mv, char *name,
                       size_t nn, char *value) {
    int kind = M_MONEY;
    wager_t w;
    const char *dot = strchr(mv->name, '.');
    snprintf(name, nn, "%s", mv->name);
    for (size_t i = 0; i < sizeof METERS / sizeof METERS[0]; i++)
        if (strcmp(mv->name, METERS[i].name) == 0)
            snprintf(name, nn, "%s", _(METERS[i].label)), kind = METERS[i].kind;
    if (dot && wager_of(dot + 1, &w)) {
        if (strncmp(mv->name, "wagered.", 8) == 0)
            snprintf(name, nn, _("Wagered: %s"), lang_wager(w));
        if (strncmp(mv->name, "won.", 4) == 0) snprintf(name, nn, _("Paid: %s"), lang_wager(w));
    }
    if (kind == M_MONEY)
        game_money(o->game, mv->value, value);
    else
        snprintf(value, 40, "%lld", (long long)mv->value);
}

void op_meters_draw(operator_scene_t *o, ui_gfx_t *g) {
    op_title(g, _("METERS"), _("Every meter the machine keeps; they only move forward"));
    char line[160], b[40], name[96];
    int per_col = 24;
    float colw = (o->area.w - 240) / 2;
    for (int i = 0; i < o->nmeters && i < per_col * 2; i++) {
        float x = i < per_col ? L(120) : L(120) + colw + 60, y = 190 + (float)(i % per_col) * 31;
        meter_text(o, &o->meters[i], name, sizeof name, b);
        float vw = gfx_text_width(g, b, 24, UI_FONT_BOLD);
        gfx_text(g, op_fit(g, name, 24, UI_FONT_REGULAR, colw - 60 - vw, line, sizeof line), x, y,
                 24, UI_FONT_REGULAR, CREAM, UI_ALIGN_LEFT);
        gfx_text(g, b, x + colw - 40, y, 24, UI_FONT_BOLD, GOLD, UI_ALIGN_RIGHT);
    }
    if (!o->nmeters)
        gfx_text(g, _("No meter has moved yet."), 960, 300, 30, UI_FONT_BOLD, CREAM, 1);
    snprintf(line, sizeof line, _("games since power-up %lld    since the door closed %lld"),
             (long long)o->since_power_up, (long long)o->since_door);
    gfx_text(g, line, L(120), 960, 26, UI_FONT_BOLD, CREAM, UI_ALIGN_LEFT);
}

/* ---- game recall ---- */

void op_recall_draw(operator_scene_t *o, ui_gfx_t *g) {
    op_title(g, _("GAME RECALL"), _("The last ten games, newest first, as recorded"));
    char line[400], c[8], b1[40], b2[40], b3[40], b4[40];
    for (int i = 0; i < o->nrecall; i++) {
        const game_record_t *h = &o->recall[i];
        char cards[48] = "", dealer[48] = "";
        for (int k = 0; k < 5; k++) {
            /* the cards as a player reads them ("A♠ 10♦"), whatever the language */
            strcat(cards, card_display(h->cards[k], c));
            if (k < 4) strcat(cards, " ");
            strcat(dealer, card_display(h->dealer[k], c));
            if (k < 4) strcat(dealer, " ");
        }
        int64_t staked = 0, ret = 0;
        for (int w = 0; w < WAGER_COUNT; w++) staked += h->stake[w], ret += h->returned[w];
        if (h->table_round)
            snprintf(line, sizeof line,
                     _("table %s round %llu  %s  player %s  shared %s  bet %s  back %s"), h->tab,
                     (unsigned long long)h->number, h->when, cards, dealer,
                     game_money(o->game, staked, b1), game_money(o->game, ret, b2));
        else
            snprintf(line, sizeof line,
                     _("#%llu  %s  player %s  dealer %s  bet %s  paid %s  credits %s -> %s"),
                     (unsigned long long)h->number, h->when, cards, dealer,
                     game_money(o->game, staked, b1), game_money(o->game, ret, b2),
                     game_money(o->game, h->credits_before, b3),
                     game_money(o->game, h->credits_after, b4));
        if (h->void_round || h->folded) {
            size_t len = strlen(line);
            snprintf(line + len, sizeof line - len, "  %s",
                     h->void_round ? C_("recall", "VOID") : C_("recall", "FOLD"));
        }
        gfx_text_wrap(g, line, L(80), 184 + (float)i * 70, o->area.w - 160, 24, UI_FONT_REGULAR,
                      CREAM, UI_ALIGN_LEFT);
    }
    if (!o->nrecall) gfx_text(g, _("No game recorded yet."), 960, 300, 30, UI_FONT_BOLD, CREAM, 1);
    gfx_text(g, _("RECALL  -  the table's HISTORY replays each game with its cards"), L(80), 900,
             24, UI_FONT_BOLD, GOLD, UI_ALIGN_LEFT);
}

/* ---- jackpot pools ---- */

/* A linked pool: the controller's figures (its operator keeps the pool, its seed and its wins:
 * `studpoker link meters|wins`), the link's state, what this machine still owes it, and what
 * this machine's stakes contributed by its own record. */
static void draw_linked_pool(operator_scene_t *o, ui_gfx_t *g, const mlink_view_t *lv) {
    const struct cfg_link *k = &o->machine->cfg.link;
    char b[GAME_MONEY_FRAC_MAX], line[240], state[240];
    snprintf(line, sizeof line, _("LINKED POOL '%s' - site %s, machine %s"), k->pool, k->site,
             k->machine);
    gfx_text(g, line, 960, 200, 32, UI_FONT_BOLD, GOLD, UI_ALIGN_CENTER);
    machine_link_state_words(lv, state, sizeof state);
    gfx_text_wrap(g, state, 960, 250, o->area.w - 240, 26, UI_FONT_BOLD,
                  lv->up ? CREAM : ui_rgba(255, 120, 100, 255), UI_ALIGN_CENTER);
    char value[GAME_MONEY_FRAC_MAX], hits[32], pending[32];
    if (lv->known)
        game_money(o->game, lv->value, value);
    else
        snprintf(value, sizeof value, "%s", _("not read yet"));
    snprintf(hits, sizeof hits, "%lld", (long long)lv->hits);
    snprintf(pending, sizeof pending, "%d", lv->pending);
    const char *names[] = {_("prize now (the controller's, in this machine's money)"),
                           _("top prizes won on the pool"), _("items this machine still owes it"),
                           _("contributed by this machine (its own record)")};
    game_money_frac(o->game, o->has_pool ? o->pool.contributed : 0, b);
    const char *vals[] = {value, hits, pending, b};
    float left = L(o->area.w < 1800 ? 120 : 380), right = R(o->area.w < 1800 ? 120 : 380);
    for (int i = 0; i < 4; i++) {
        float vw = gfx_text_width(g, vals[i], 30, UI_FONT_BOLD);
        gfx_text(
            g, op_fit(g, names[i], 30, UI_FONT_REGULAR, right - left - vw - 30, line, sizeof line),
            left, 340 + (float)i * 56, 30, UI_FONT_REGULAR, CREAM, 0);
        gfx_text(g, vals[i], right, 340 + (float)i * 56, 30, UI_FONT_BOLD, GOLD, UI_ALIGN_RIGHT);
    }
    gfx_text_wrap(g,
                  _("The pool, its seed and its wins are kept by the controller: studpoker link "
                    "meters | wins"),
                  960, 600, o->area.w - 240, 24, UI_FONT_REGULAR, DIM, UI_ALIGN_CENTER);
}

void op_pools_draw(operator_scene_t *o, ui_gfx_t *g) {
    op_title(g, _("JACKPOT POOLS"),
             _("The pool this game plays for; shares kept finer than a cent show every decimal"));
    if (!o->has_pool) {
        gfx_text(g, _("This game offers no progressive."), 960, 300, 32, UI_FONT_BOLD, CREAM, 1);
        return;
    }
    char b[GAME_MONEY_FRAC_MAX], line[200];
    mlink_view_t lv;
    if (machine_link_view(o->machine, &lv)) {
        draw_linked_pool(o, g, &lv);
        return;
    }
    /* the pool's name: the game's own (its key names it in the records) */
    snprintf(line, sizeof line, _("%s: its own pool"), _(rules_preset_name(o->game->rules.preset)));
    gfx_text(g, line, 960, 200, 32, UI_FONT_BOLD, GOLD, UI_ALIGN_CENTER);
    /* the meter shows whole cents, rounded down; the reserve and the contributions are kept in
     * 1/10,000 of a cent (jackpot.h) and shown exactly, in money with the extra decimals; the
     * house's seeding and the payouts are whole cents */
    enum { CENTS, FRAC, COUNT };
    struct {
        const char *name;
        int64_t v;
        int kind;
    } rows[] = {{N_("value shown"), jackpot_read(&o->pool), CENTS},
                {N_("hidden reserve"), o->pool.reserve, FRAC},
                {N_("contributed"), o->pool.contributed, FRAC},
                {N_("seeded by the house"), o->pool.seeded, CENTS},
                {N_("paid out"), o->pool.paid, CENTS},
                {N_("top prizes won"), o->pool.hits, COUNT}};
    for (int i = 0; i < 6; i++) {
        if (rows[i].kind == FRAC)
            game_money_frac(o->game, rows[i].v, b);
        else if (rows[i].kind == CENTS)
            game_money(o->game, rows[i].v, b);
        else
            snprintf(b, sizeof b, "%lld", (long long)rows[i].v);
        gfx_text(g, _(rows[i].name), 500, 280 + (float)i * 56, 30, UI_FONT_REGULAR, CREAM, 0);
        gfx_text(g, b, 1420, 280 + (float)i * 56, 30, UI_FONT_BOLD, GOLD, UI_ALIGN_RIGHT);
    }
    op_button(g, op_row_rect(9, 10), o->confirm ? _("DEAL AGAIN TO RESET") : _("RESET TO SEED"),
              o->confirm);
    snprintf(line, sizeof line, "%s",
             o->game->rules.variant == VARIANT_CARIBBEAN
                 ? _("Simultaneous winners: paid seat by seat from seat 1")
                 : _("Simultaneous winners: one seat on a cabinet"));
    gfx_text(g, line, 960, 660, 24, UI_FONT_REGULAR, DIM, UI_ALIGN_CENTER);
}

/* ---- the audit log ---- */

void op_audit_draw(operator_scene_t *o, ui_gfx_t *g) {
    op_title(g, _("AUDIT LOG"),
             _("The newest events first, as recorded; the log is append-only and checksummed"));
    float right = R(80);
    for (int i = 0; i < o->naudit; i++) {
        const store_audit_row_t *a = &o->audit[i];
        char when[32], line[200], cut[STORE_MSG_LEN + 8];
        time_t t = (time_t)a->utc;
        struct tm tm;
        gmtime_r(&t, &tm);
        strftime(when, sizeof when, "%Y-%m-%d %H:%M:%S", &tm);
        snprintf(line, sizeof line, _("%s  game %lld  %s"), when, (long long)a->game,
                 machine_audit_words(a->event));
        float y = 180 + (float)i * 42, x = L(80);
        x += gfx_text(g, line, x, y, 24, UI_FONT_REGULAR, CREAM, UI_ALIGN_LEFT) + 24;
        /* the row's detail as recorded (group "record": the machine's own words, English) */
        if (a->detail[0] && right - x > 100) {
            gfx_rec_group(g, "record");
            gfx_text(g, op_fit(g, a->detail, 24, UI_FONT_REGULAR, right - x, cut, sizeof cut), x, y,
                     24, UI_FONT_REGULAR, DIM, UI_ALIGN_LEFT);
            gfx_rec_group(g, NULL);
        }
    }
    if (!o->naudit) gfx_text(g, _("The audit log is empty."), 960, 300, 30, UI_FONT_BOLD, CREAM, 1);
}

/* ---- tests ---- */

static const char *button_words(ui_button_t b) {
    static const char *const words[BTN_COUNT] = {[BTN_DEAL] = NC_("button", "DEAL"),
                                                 [BTN_PLAY] = NC_("button", "PLAY"),
                                                 [BTN_FOLD] = NC_("button", "FOLD"),
                                                 [BTN_RAISE1] = NC_("button", "RAISE 1x"),
                                                 [BTN_RAISE2] = NC_("button", "RAISE 2x"),
                                                 [BTN_RAISE3] = NC_("button", "RAISE 3x"),
                                                 [BTN_BET] = NC_("button", "BET"),
                                                 [BTN_REPEAT] = NC_("button", "REPEAT"),
                                                 [BTN_DOUBLE] = NC_("button", "DOUBLE"),
                                                 [BTN_UNDO] = NC_("button", "UNDO"),
                                                 [BTN_CLEAR] = NC_("button", "CLEAR"),
                                                 [BTN_CHIP1] = NC_("button", "CHIP 1"),
                                                 [BTN_CHIP2] = NC_("button", "CHIP 2"),
                                                 [BTN_CHIP3] = NC_("button", "CHIP 3"),
                                                 [BTN_CHIP4] = NC_("button", "CHIP 4"),
                                                 [BTN_CHIP5] = NC_("button", "CHIP 5"),
                                                 [BTN_CHIP6] = NC_("button", "CHIP 6"),
                                                 [BTN_NEXT_SPOT] = NC_("button", "NEXT SPOT"),
                                                 [BTN_PREV_SPOT] = NC_("button", "PREVIOUS SPOT"),
                                                 [BTN_CASHOUT] = NC_("button", "CASH OUT"),
                                                 [BTN_COIN] = NC_("button", "COIN"),
                                                 [BTN_BILL] = NC_("button", "NOTE"),
                                                 [BTN_SERVICE] = NC_("button", "SERVICE"),
                                                 [BTN_ATTENDANT] = NC_("button", "ATTENDANT KEY"),
                                                 [BTN_DOOR] = NC_("button", "DOOR"),
                                                 [BTN_HELP] = NC_("button", "HELP"),
                                                 [BTN_HISTORY] = NC_("button", "HISTORY"),
                                                 [BTN_RG] = NC_("button", "RESPONSIBLE GAMING"),
                                                 [BTN_SETTINGS] = NC_("button", "SETTINGS"),
                                                 [BTN_BACK] = NC_("button", "BACK"),
                                                 [BTN_FULLSCREEN] = NC_("button", "FULL SCREEN"),
                                                 [BTN_SCREENSHOT] = NC_("button", "SCREENSHOT"),
                                                 [BTN_MUTE] = NC_("button", "MUTE"),
                                                 [BTN_TURBO] = NC_("button", "FAST PLAY"),
                                                 [BTN_QUIT] = NC_("button", "QUIT"),
                                                 [BTN_LOBBY] = NC_("button", "LOBBY"),
                                                 [BTN_NEXT_TABLE] = NC_("button", "NEXT TABLE")};
    return b >= 0 && b < BTN_COUNT && words[b] ? lang_context(words[b]) : ui_button_name(b);
}

void op_buttons_draw(operator_scene_t *o, ui_gfx_t *g) {
    op_title(g, _("BUTTON TEST"), _("Press every button: it lights. BACK twice leaves."));
    int cols = o->area.w < 1800 ? 5 : 6;
    float cw = (o->area.w - 240) / (float)cols;
    for (int b = 0; b < BTN_COUNT; b++) {
        ui_rect_t r =
            ui_r(L(120) + (float)(b % cols) * cw, 180 + (float)(b / cols) * 100, cw - 20, 84);
        bool on = o->now < o->lit[b];
        gfx_panel(g, r, 14, on ? ui_rgba(120, 230, 120, 255) : ui_rgba(50, 50, 50, 255),
                  on ? ui_rgba(40, 150, 50, 255) : ui_rgba(25, 25, 25, 255),
                  ui_rgba(255, 255, 255, 120), 2);
        const char *words = button_words((ui_button_t)b);
        float size = op_fit_size(g, words, 28, 24, UI_FONT_BOLD, r.w - 16);
        gfx_text(g, words, r.x + r.w / 2, r.y + (r.h - size * 1.17f) / 2, size, UI_FONT_BOLD,
                 on ? ui_rgba(0, 30, 0, 255) : CREAM, UI_ALIGN_CENTER);
    }
    char line[80];
    snprintf(line, sizeof line, _("pointer %.0f, %.0f"), o->px, o->py);
    gfx_text(g, line, L(120), 980, 26, UI_FONT_REGULAR, DIM, UI_ALIGN_LEFT);
}

void op_touch_draw(operator_scene_t *o, ui_gfx_t *g) {
    op_title(g, _("TOUCH CALIBRATION"),
             o->touch_target == 5 ? _("DEAL keeps this calibration (recorded); BACK leaves it")
                                  : _("Touch the centre of each target; DEAL starts again"));
    for (int i = 0; i < 5; i++) {
        ui_rect_t r = op_touch_target(o, i);
        bool next = i == o->touch_target, done = i < o->touch_target;
        ui_color_t c = next ? GOLD : done ? GREEN : ui_rgba(90, 90, 90, 255);
        gfx_fill(g, ui_r(r.x, r.y + r.h / 2 - 2, r.w, 4), c);
        gfx_fill(g, ui_r(r.x + r.w / 2 - 2, r.y, 4, r.h), c);
        if (done) {
            char d[48];
            snprintf(d, sizeof d, _("off by %.0f, %.0f"), o->touch_dx[i], o->touch_dy[i]);
            gfx_text(g, d, r.x + r.w / 2, r.y + r.h + 6, 24, UI_FONT_REGULAR, CREAM, 1);
        }
    }
    if (o->touch_target == 5) {
        float mx = 0, my = 0, worst = 0;
        for (int i = 0; i < 5; i++) {
            mx += o->touch_dx[i] / 5, my += o->touch_dy[i] / 5;
            float e = sqrtf(o->touch_dx[i] * o->touch_dx[i] + o->touch_dy[i] * o->touch_dy[i]);
            if (e > worst) worst = e;
        }
        char line[200];
        snprintf(line, sizeof line,
                 worst <= 30 ? _("mean offset %.1f, %.1f  -  worst %.1f units: within tolerance")
                             : _("mean offset %.1f, %.1f  -  worst %.1f units: CHECK THE TOUCH "
                                 "SCREEN"),
                 mx, my, worst);
        gfx_text(g, line, 960, 700, 30, UI_FONT_BOLD, worst <= 30 ? GREEN : RED, 1);
    }
}

void op_display_draw(operator_scene_t *o, ui_gfx_t *g) {
    static const ui_color_t bars[8] = {{255, 255, 255, 255}, {255, 255, 0, 255}, {0, 255, 255, 255},
                                       {0, 255, 0, 255},     {255, 0, 255, 255}, {255, 0, 0, 255},
                                       {0, 0, 255, 255},     {0, 0, 0, 255}};
    ui_rect_t v = gfx_view(g); /* the patterns fill the whole screen, whatever its shape */
    float x1 = v.x + v.w, y1 = v.y + v.h;
    gfx_fill(g, ui_r(-2000, -2000, 6000, 6000), ui_rgba(0, 0, 0, 255));
    switch (o->pattern) {
    case 0:
        for (int i = 0; i < 8; i++)
            gfx_fill(g, ui_r(v.x + (float)i * v.w / 8, v.y, v.w / 8, v.h), bars[i]);
        break;
    case 1:
        for (int i = 0; i < 32; i++) {
            uint8_t c = (uint8_t)(i * 255 / 31);
            gfx_fill(g, ui_r(v.x + (float)i * v.w / 32, v.y, v.w / 32, v.h), ui_rgba(c, c, c, 255));
        }
        break;
    case 2:
        for (float x = v.x; x <= x1; x += 120) gfx_fill(g, ui_r(x - 1, v.y, 2, v.h), CREAM);
        for (float y = v.y; y <= y1; y += 120) gfx_fill(g, ui_r(v.x, y - 1, v.w, 2), CREAM);
        gfx_fill(g, ui_r(v.x, v.y, v.w, 4), RED);
        gfx_fill(g, ui_r(v.x, y1 - 4, v.w, 4), RED);
        gfx_fill(g, ui_r(v.x, v.y, 4, v.h), RED);
        gfx_fill(g, ui_r(x1 - 4, v.y, 4, v.h), RED);
        break;
    default:
        gfx_fill(g, v, ui_rgba(255, 255, 255, 255));
        break;
    }
    gfx_text(g, _("DISPLAY TEST  -  DEAL or touch: next pattern  -  BACK: menu"), 960, 1020, 24,
             UI_FONT_BOLD, ui_rgba(128, 128, 128, 255), UI_ALIGN_CENTER);
}

void op_pin_draw(operator_scene_t *o, ui_gfx_t *g) {
    op_title(g, _("OPERATOR MENU"), _("Enter the operator PIN"));
    char stars[20] = "";
    int n = machine_pin_length(o->machine);
    for (int i = 0; i < n && i < 16; i++) strcat(stars, "*");
    ui_rect_t box = ui_r(760, 250, 400, 100);
    gfx_panel(g, box, 16, ui_rgba(10, 10, 10, 255), ui_rgba(30, 30, 30, 255), GOLD, 2);
    gfx_text(g, stars, 960, 268, 56, UI_FONT_DISPLAY, CREAM, UI_ALIGN_CENTER);
    static const char *const label[12] = {"0", "1", "2", "3", "4",       "5",
                                          "6", "7", "8", "9", N_("CLR"), N_("OK")};
    for (int k = 0; k < 12; k++)
        op_button(g, op_key_rect(k), k < 10 ? label[k] : _(label[k]), k == 11);
    if (machine_keypad_locked(o->machine))
        gfx_text(g, _("The keypad is locked for a minute after three wrong PINs."), 960, 830, 26,
                 UI_FONT_BOLD, RED, UI_ALIGN_CENTER);
    gfx_text(g, _("Digits, Enter (DEAL) to open, Delete (UNDO) to clear, ESC to leave"), 960, 880,
             24, UI_FONT_REGULAR, DIM, UI_ALIGN_CENTER);
}
