#define _POSIX_C_SOURCE 200809L /* gmtime_r */
#include "scene_operator.h"
#include "lang.h"
#include "machine_link.h"
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

typedef struct menu_item {
    op_page_t page;
    const char *label;
} menu_item_t;

static const menu_item_t MENU[] = {
    {OP_METERS, N_("METERS")},         {OP_RECALL, N_("GAME RECALL")},
    {OP_POOLS, N_("JACKPOT POOLS")},   {OP_AUDIT, N_("AUDIT LOG")},
    {OP_BUTTONS, N_("BUTTON TEST")},   {OP_TOUCH, N_("TOUCH CALIBRATION")},
    {OP_SOUND, N_("SOUND TEST")},      {OP_DISPLAY, N_("DISPLAY TEST")},
    {OP_SETTINGS, N_("SETTINGS")},     {OP_CLEAR_CREDITS, N_("CLEAR CREDITS")},
    {OP_TICKETS, N_("TICKETS")}, /* after the pages the operator's fingers know by position */
    {OP_RG, N_("RESPONSIBLE GAMING")}, {OP_CLOSED, N_("SHUT DOWN PROGRAM")},
    {OP_CLOSED, N_("CLOSE MENU")},
};
#define NMENU         ((int)(sizeof MENU / sizeof MENU[0]))
#define MENU_SHUTDOWN (NMENU - 2)

enum { NSETTINGS = 8 }; /* the operator settings the page lists, at most */

static void say(operator_scene_t *o, const char *msg) {
    snprintf(o->msg, sizeof o->msg, "%.*s", (int)sizeof o->msg - 1, msg);
    o->msg_until = o->now + 4;
}

static void audit(operator_scene_t *o, const char *what) {
    machine_operator_note(o->machine, what);
}

void operator_init(operator_scene_t *o, machine_t *machine, ui_audio_t *audio) {
    memset(o, 0, sizeof *o);
    o->machine = machine;
    o->game = &machine->game;
    o->audio = audio;
    o->area = ui_r(0, 0, UI_W, UI_H);
}

void operator_open(operator_scene_t *o) {
    o->page = OP_PIN;
    machine_pin_clear(o->machine);
    o->sel = 0;
    o->confirm = false;
}

/* Reads what a page shows, once when it opens (the machine does not move while it is open). */
static void load_page(operator_scene_t *o) {
    machine_t *m = o->machine;
    o->sel = 0;
    o->confirm = false;
    switch (o->page) {
    case OP_METERS:
        o->nmeters = machine_meters(m, o->meters, OP_METERS_MAX);
        if (o->nmeters < 0) o->nmeters = 0;
        machine_session_counts(m, &o->since_power_up, &o->since_door);
        break;
    case OP_AUDIT:
        o->naudit = machine_audit_rows(m, o->audit, OP_AUDIT_ROWS);
        if (o->naudit < 0) o->naudit = 0;
        break;
    case OP_RECALL:
        o->nrecall = game_history(o->game, 0, OP_RECALL_ROWS, o->recall);
        break;
    case OP_POOLS:
        o->has_pool = machine_pool(m, &o->pool);
        break;
    case OP_TICKETS:
        op_tickets_load(o);
        break;
    case OP_RG:
        op_rg_load(o);
        break;
    case OP_BUTTONS:
        memset(o->lit, 0, sizeof o->lit);
        o->back_presses = 0;
        break;
    case OP_TOUCH:
        o->touch_target = 0;
        break;
    default:
        break;
    }
}

static void go(operator_scene_t *o, op_page_t p) {
    o->page = p;
    load_page(o);
    ui_audio_play(o->audio, SND_BUTTON);
}

static void close_menu(operator_scene_t *o) {
    machine_operator_done(o->machine);
    o->page = OP_CLOSED;
}

/* ---- the PIN pad ---- */

static ui_rect_t key_rect(int k) { /* 0..9, 10 = clear, 11 = enter */
    static const int pos[12] = {10, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 11};
    int i = pos[k];
    return ui_r(810 + (float)(i % 3) * 105, 380 + (float)(i / 3) * 105, 95, 95);
}

static void pin_said(operator_scene_t *o, machine_pin_t r) {
    switch (r) {
    case MACHINE_PIN_OPEN:
        go(o, OP_MENU);
        break;
    case MACHINE_PIN_WRONG:
        say(o, "WRONG PIN");
        ui_audio_play(o->audio, SND_LOSE);
        break;
    case MACHINE_PIN_LOCKED_NOW:
        say(o, "WRONG PIN  -  THE KEYPAD IS LOCKED FOR A MINUTE");
        ui_audio_play(o->audio, SND_LOSE);
        break;
    default:
        break;
    }
}

static void pin_update(operator_scene_t *o, const ui_input_t *in) {
    int digit = in->digit;
    bool enter = ui_pressed(in, BTN_DEAL), clear = ui_pressed(in, BTN_UNDO);
    if (in->tap)
        for (int k = 0; k < 12; k++)
            if (ui_inside(key_rect(k), in->px, in->py)) {
                if (k < 10) digit = k;
                if (k == 10) clear = true;
                if (k == 11) enter = true;
            }
    if (ui_pressed(in, BTN_BACK)) {
        o->page = OP_CLOSED;
        return;
    }
    if (digit >= 0 && machine_pin_digit(o->machine, digit) == MACHINE_PIN_TYPED)
        ui_audio_play(o->audio, SND_TICK);
    if (clear) machine_pin_clear(o->machine);
    if (enter) pin_said(o, machine_pin_enter(o->machine));
}

/* ---- settings ---- */

/* The operator settings are the config key table's rows an operator may change, each shown as
 * "section.key = value" and stepped to its next value: on/off for a yes-or-no setting, +10 for
 * a setting up to 100 (the volume), else through a few usual values (seconds). */
static int setting_keys(int keys[NSETTINGS]) {
    int n = 0;
    for (int i = 0; i < cfg_key_count() && n < NSETTINGS; i++) {
        cfg_key_info_t k;
        /* responsible gaming's settings have their own page */
        if (cfg_key_at(i, &k) && k.operator_may_change && k.in_file &&
            strcmp(k.section, "responsible") != 0)
            keys[n++] = i;
    }
    return n;
}

static void setting_text(const operator_scene_t *o, int i, char *name, size_t nn, char *value,
                         size_t nv) {
    int keys[NSETTINGS];
    cfg_key_info_t k;
    name[0] = value[0] = '\0';
    if (i >= setting_keys(keys) || !cfg_key_at(keys[i], &k)) return;
    snprintf(name, nn, "%s.%s", k.section, k.name);
    cfg_get_text(&o->machine->cfg, k.section, k.name, value, nv);
}

static void setting_next_text(const cfg_key_info_t *k, const char *now, char *next, size_t n) {
    if (strcmp(k->type, "bool") == 0) {
        snprintf(next, n, "%s", strcmp(now, "on") == 0 ? "off" : "on");
        return;
    }
    long long v = atoll(now), to;
    if (k->max <= 100) {
        to = v >= k->max ? k->min : (v / 10 + 1) * 10;
    } else {
        static const long long usual[] = {15, 30, 60, 120, 300, 600};
        int u = 0;
        while (u < 6 && usual[u] <= v) u++;
        to = usual[u % 6];
    }
    if (to > k->max) to = k->max;
    if (to < k->min) to = k->min;
    snprintf(next, n, "%lld", to);
}

static void settings_change(operator_scene_t *o, int i) {
    if (!machine_has_store(o->machine)) {
        say(o, "This machine has no store: settings cannot be recorded.");
        return;
    }
    int keys[NSETTINGS];
    cfg_key_info_t k;
    if (i >= setting_keys(keys) || !cfg_key_at(keys[i], &k)) return;
    char now[CFG_VALUE_LEN], next[CFG_VALUE_LEN], why[STORE_MSG_LEN + CFG_ERROR_LEN];
    cfg_get_text(&o->machine->cfg, k.section, k.name, now, sizeof now);
    setting_next_text(&k, now, next, sizeof next);
    if (!machine_setting_set(o->machine, k.section, k.name, next, why, sizeof why)) {
        say(o, why); /* credits on the machine, a game in play */
        ui_audio_play(o->audio, SND_LOSE);
        return;
    }
    /* in force at once, a desktop player's own choices still within the new bounds */
    ui_audio_set_volume(o->audio, machine_volume(o->machine));
    o->audio->voice = machine_voice(o->machine);
    char m[160];
    snprintf(m, sizeof m, _("%s.%s is now %.40s (recorded in the audit log)"), k.section, k.name,
             next);
    say(o, m);
    ui_audio_play(o->audio, SND_BUTTON);
}

/* ---- update ---- */

static ui_rect_t row_rect(int i, int n) {
    /* two columns for the sound test's sounds, within a 4:3 layout's width; the menu's fourteen
     * rows stay one column, in the order the operator's fingers know */
    if (n > 14) {
        int per = (n + 1) / 2;
        return ui_r(i < per ? 340 : 980, 170 + (float)(i % per) * 62, 600, 56);
    }
    float h = n > 13 ? 50 : n > 12 ? 56 : n > 8 ? 62 : 76;
    return ui_r(660, 200 + (float)i * (h + 6), 600, h);
}

/* The pages are laid out in the layout's area (1920 wide at 16:9, 1440 at 4:3: ui_gfx.h);
 * positions below are from its left edge (L) or right edge (R). */
#define L(v) (o->area.x + (v))
#define R(v) (o->area.x + o->area.w - (v))

static ui_rect_t back_rect(const operator_scene_t *o) {
    return ui_r(R(360), 960, 300, 80);
}

/* the targets near the corners and in the middle of the screen */
static ui_rect_t touch_target(const operator_scene_t *o, int i) {
    float xy[5][2] = {{L(120), 120}, {R(120), 120}, {960, 540}, {L(120), 860}, {R(120), 860}};
    return ui_r(xy[i][0] - 50, xy[i][1] - 50, 100, 100);
}

/* text cut to a width, its end marked (a log line longer than the screen) */
static const char *fit_line(ui_gfx_t *g, const char *text, float size, int face, float width,
                            char *buf, size_t n) {
    snprintf(buf, n, "%s", text);
    size_t len = strlen(buf);
    while (len > 4 && gfx_text_width(g, buf, size, face) > width) {
        len--;
        /* back to a character's first byte, then the mark */
        while (len > 0 && ((unsigned char)buf[len] & 0xC0) == 0x80) len--;
        snprintf(buf + len, n - len, "...");
    }
    return buf;
}

static int list_len(op_page_t p) {
    return p == OP_MENU ? NMENU : p == OP_SETTINGS ? NSETTINGS : p == OP_SOUND ? SND_COUNT : 0;
}

/* The button test: every button lights; BACK twice (or the on-screen button) leaves. */
static void buttons_update(operator_scene_t *o, const ui_input_t *in) {
    for (int b = 0; b < BTN_COUNT; b++)
        if (ui_pressed(in, (ui_button_t)b)) o->lit[b] = o->now + 0.6f;
    if (ui_pressed(in, BTN_BACK))
        o->back_presses++;
    else if (in->pressed)
        o->back_presses = 0;
    if (o->back_presses >= 2 || (in->tap && ui_inside(back_rect(o), in->px, in->py)))
        go(o, OP_MENU);
}

void operator_update(operator_scene_t *o, const ui_input_t *in, float dt) {
    o->now += dt;
    if (o->page == OP_CLOSED) return;
    if (in->pointer_seen) o->px = in->px, o->py = in->py;
    if (o->page == OP_PIN) {
        pin_update(o, in);
        return;
    }
    if (o->page == OP_BUTTONS) {
        buttons_update(o, in);
        return;
    }
    /* the touch page's last target lies under BACK: while measuring, a touch is a touch */
    bool measuring = o->page == OP_TOUCH && o->touch_target < 5;
    bool back = ui_pressed(in, BTN_BACK) ||
                (in->tap && !measuring && ui_inside(back_rect(o), in->px, in->py));
    if (back) {
        if (o->page == OP_MENU)
            close_menu(o);
        else
            go(o, OP_MENU);
        return;
    }
    if (o->page == OP_TOUCH) {
        if (in->tap && o->touch_target < 5) {
            ui_rect_t r = touch_target(o, o->touch_target);
            o->touch_dx[o->touch_target] = in->px - (r.x + r.w / 2);
            o->touch_dy[o->touch_target] = in->py - (r.y + r.h / 2);
            o->touch_target++;
            ui_audio_play(o->audio, SND_CHIP);
        }
        if (ui_pressed(in, BTN_DEAL) && o->touch_target == 5) {
            /* keep the mean error as the calibration (a setting, recorded) */
            float mx = 0, my = 0;
            for (int i = 0; i < 5; i++) mx += o->touch_dx[i] / 5, my += o->touch_dy[i] / 5;
            int dx = o->machine->cfg.touch.dx + (int)lroundf(mx);
            int dy = o->machine->cfg.touch.dy + (int)lroundf(my);
            char vx[16], vy[16], m[STORE_MSG_LEN + 40], why[STORE_MSG_LEN];
            snprintf(vx, sizeof vx, "%d", dx);
            snprintf(vy, sizeof vy, "%d", dy);
            if (!machine_has_store(o->machine)) {
                say(o, "This machine has no store: the calibration cannot be recorded.");
            } else if (!machine_setting_set(o->machine, "touch", "dx", vx, why, sizeof why) ||
                       !machine_setting_set(o->machine, "touch", "dy", vy, why, sizeof why)) {
                say(o, why);
            } else {
                snprintf(m, sizeof m, _("Calibration saved: touches move by %d, %d"), -dx, -dy);
                say(o, m);
            }
            o->touch_target = 0;
        } else if (ui_pressed(in, BTN_DEAL)) {
            o->touch_target = 0;
        }
        return;
    }
    if (o->page == OP_TICKETS) {
        op_tickets_update(o, in);
        return;
    }
    if (o->page == OP_RG) {
        op_rg_update(o, in);
        return;
    }
    if (o->page == OP_DISPLAY) {
        if (in->tap || ui_pressed(in, BTN_DEAL) || ui_pressed(in, BTN_NEXT_SPOT))
            o->pattern = (o->pattern + 1) % 4;
        return;
    }
    int n = list_len(o->page);
    if (n) {
        if (ui_pressed(in, BTN_NEXT_SPOT)) o->sel = (o->sel + 1) % n, o->confirm = false;
        if (ui_pressed(in, BTN_PREV_SPOT)) o->sel = (o->sel + n - 1) % n, o->confirm = false;
    }
    int chosen = -1;
    if (ui_pressed(in, BTN_DEAL)) chosen = o->sel;
    if (in->tap && n)
        for (int i = 0; i < n; i++)
            if (ui_inside(row_rect(i, n), in->px, in->py)) chosen = o->sel = i;
    if (o->page == OP_CLEAR_CREDITS &&
        (ui_pressed(in, BTN_DEAL) || (in->tap && ui_inside(row_rect(3, 8), in->px, in->py)))) {
        char why[STORE_MSG_LEN + 80];
        if (game_balance(o->game) <= 0 || !game_idle(o->game) || o->confirm) {
            machine_cancel_credits(o->machine, why, sizeof why);
            say(o, why);
            o->confirm = false;
        } else {
            o->confirm = true;
            say(o, "Press DEAL again to clear them (recorded as cancelled credits).");
        }
        return;
    }
    if (o->page == OP_POOLS && o->has_pool &&
        (ui_pressed(in, BTN_DEAL) || (in->tap && ui_inside(row_rect(9, 10), in->px, in->py)))) {
        if (!o->confirm) {
            o->confirm = true;
            say(o, "Press DEAL again to raise the pool to its seed (recorded as a jackpot reset).");
        } else {
            char m[STORE_MSG_LEN + 80];
            if (machine_reseed_pool(o->machine, m, sizeof m)) machine_pool(o->machine, &o->pool);
            say(o, m);
            o->confirm = false;
        }
        return;
    }
    if (chosen < 0) return;
    if (o->page == OP_MENU) {
        if (chosen == MENU_SHUTDOWN) {
            audit(o, "program shut down from the operator menu");
            o->shutdown = true;
            o->page = OP_CLOSED;
        } else if (MENU[chosen].page == OP_CLOSED) {
            close_menu(o);
        } else {
            go(o, MENU[chosen].page);
        }
    } else if (o->page == OP_SETTINGS) {
        settings_change(o, chosen);
    } else if (o->page == OP_SOUND) {
        ui_audio_play(o->audio, (ui_sound_t)chosen);
    }
}

/* ---- drawing ---- */

static void title(ui_gfx_t *g, const char *t, const char *sub) {
    gfx_text_shadow(g, t, 960, 40, 64, UI_FONT_DISPLAY, GOLD, UI_ALIGN_CENTER);
    if (sub) gfx_text(g, sub, 960, 124, 26, UI_FONT_REGULAR, DIM, UI_ALIGN_CENTER);
}

static void button(ui_gfx_t *g, ui_rect_t r, const char *label, bool hot) {
    gfx_panel(g, r, 18, hot ? ui_rgba(250, 214, 90, 255) : ui_rgba(60, 90, 70, 255),
              hot ? ui_rgba(200, 140, 30, 255) : ui_rgba(24, 48, 32, 255),
              ui_rgba(255, 255, 255, 180), 2);
    gfx_text(g, label, r.x + r.w / 2, r.y + (r.h - 34) / 2, 30, UI_FONT_BOLD,
             hot ? ui_rgba(40, 24, 0, 255) : CREAM, UI_ALIGN_CENTER);
}

static void draw_list(operator_scene_t *o, ui_gfx_t *g, int n, const char *const *labels) {
    for (int i = 0; i < n; i++) button(g, row_rect(i, n), labels[i], i == o->sel);
}

static void draw_meters(operator_scene_t *o, ui_gfx_t *g) {
    title(g, "METERS", "Every meter the machine keeps; they only move forward");
    char line[160], b[40];
    int per_col = 24;
    float colw = (o->area.w - 240) / 2;
    for (int i = 0; i < o->nmeters && i < per_col * 2; i++) {
        float x = i < per_col ? L(120) : L(120) + colw + 60, y = 190 + (float)(i % per_col) * 31;
        const char *name = o->meters[i].name;
        bool money = strcmp(name, "games_played") != 0 && strcmp(name, "games_won") != 0 &&
                     strcmp(name, "games_voided") != 0 && strcmp(name, "door_openings") != 0 &&
                     strcmp(name, "power_ups") != 0 && strstr(name, "count") == NULL &&
                     strcmp(name, "progressive_hits") != 0 &&
                     strcmp(name, "progressive_contributed") != 0;
        if (money)
            game_money(o->game, o->meters[i].value, b);
        else
            snprintf(b, sizeof b, "%lld", (long long)o->meters[i].value);
        gfx_text(g, name, x, y, 24, UI_FONT_REGULAR, CREAM, UI_ALIGN_LEFT);
        gfx_text(g, b, x + colw - 40, y, 24, UI_FONT_BOLD, GOLD, UI_ALIGN_RIGHT);
    }
    if (!o->nmeters) gfx_text(g, "No meter has moved yet.", 960, 300, 30, UI_FONT_BOLD, CREAM, 1);
    snprintf(line, sizeof line, _("games since power-up %lld    since the door closed %lld"),
             (long long)o->since_power_up, (long long)o->since_door);
    gfx_text(g, line, L(120), 960, 26, UI_FONT_BOLD, CREAM, UI_ALIGN_LEFT);
}

static void draw_recall(operator_scene_t *o, ui_gfx_t *g) {
    title(g, "GAME RECALL", "The last ten games, newest first, as recorded");
    char line[400], c[3], b1[40], b2[40], b3[40], b4[40];
    for (int i = 0; i < o->nrecall; i++) {
        const game_record_t *h = &o->recall[i];
        char cards[32] = "", dealer[32] = "";
        for (int k = 0; k < 5; k++) {
            strcat(cards, card_format(h->cards[k], c));
            strcat(cards, " ");
            strcat(dealer, card_format(h->dealer[k], c));
            strcat(dealer, " ");
        }
        int64_t staked = 0, ret = 0;
        for (int w = 0; w < WAGER_COUNT; w++) staked += h->stake[w], ret += h->returned[w];
        const char *note = h->void_round ? "  VOID" : h->folded ? "  FOLD" : "";
        if (h->table_round) /* a terminal's: the round of which table */
            snprintf(line, sizeof line,
                     "table %s round %llu  %s  player %s shared %s bet %s back %s%s", h->tab,
                     (unsigned long long)h->number, h->when, cards, dealer,
                     game_money(o->game, staked, b1), game_money(o->game, ret, b2), note);
        else
            snprintf(line, sizeof line,
                     "#%llu  %s  player %s dealer %s bet %s paid %s  credits %s -> %s%s",
                     (unsigned long long)h->number, h->when, cards, dealer,
                     game_money(o->game, staked, b1), game_money(o->game, ret, b2),
                     game_money(o->game, h->credits_before, b3),
                     game_money(o->game, h->credits_after, b4), note);
        gfx_text_wrap(g, line, L(80), 184 + (float)i * 70, o->area.w - 160, 24, UI_FONT_REGULAR,
                      CREAM, UI_ALIGN_LEFT);
    }
    if (!o->nrecall) gfx_text(g, "No game recorded yet.", 960, 300, 30, UI_FONT_BOLD, CREAM, 1);
    gfx_text(g, "RECALL  -  the table's HISTORY replays each game with its cards", L(80), 900, 24,
             UI_FONT_BOLD, GOLD, UI_ALIGN_LEFT);
}

/* A linked pool: the controller's figures (its operator keeps the pool, its seed and its wins:
 * `studpoker link meters|wins`), the link's state, what this machine still owes it, and what
 * this machine's stakes contributed by its own record. */
static void draw_linked_pool(operator_scene_t *o, ui_gfx_t *g, const mlink_view_t *lv) {
    const struct cfg_link *k = &o->machine->cfg.link;
    char b[GAME_MONEY_FRAC_MAX], line[240];
    snprintf(line, sizeof line, _("LINKED POOL '%s' - site %s, machine %s"), k->pool, k->site,
             k->machine);
    gfx_text(g, line, 960, 200, 32, UI_FONT_BOLD, GOLD, UI_ALIGN_CENTER);
    gfx_text(g, lv->up ? "Link: connected" : lv->state, 960, 250, 26, UI_FONT_BOLD,
             lv->up ? CREAM : ui_rgba(255, 120, 100, 255), UI_ALIGN_CENTER);
    char value[GAME_MONEY_FRAC_MAX], hits[32], pending[32];
    if (lv->known)
        game_money(o->game, lv->value, value);
    else
        snprintf(value, sizeof value, _("not read yet"));
    snprintf(hits, sizeof hits, "%lld", (long long)lv->hits);
    snprintf(pending, sizeof pending, "%d", lv->pending);
    const char *names[] = {"prize now (the controller's, in this machine's money)",
                           "top prizes won on the pool", "items this machine still owes it",
                           "contributed by this machine (its own record)"};
    game_money_frac(o->game, o->has_pool ? o->pool.contributed : 0, b);
    const char *vals[] = {value, hits, pending, b};
    for (int i = 0; i < 4; i++) {
        gfx_text(g, names[i], L(o->area.w < 1800 ? 120 : 380), 320 + (float)i * 56, 30,
                 UI_FONT_REGULAR, CREAM, 0);
        gfx_text(g, vals[i], R(o->area.w < 1800 ? 120 : 380), 320 + (float)i * 56, 30, UI_FONT_BOLD,
                 GOLD, UI_ALIGN_RIGHT);
    }
    gfx_text(g,
             "The pool, its seed and its wins are kept by the controller: studpoker link "
             "meters | wins",
             960, 600, 24, UI_FONT_REGULAR, DIM, UI_ALIGN_CENTER);
}

static void draw_pools(operator_scene_t *o, ui_gfx_t *g) {
    title(g, "JACKPOT POOLS",
          "The pool this game plays for; shares kept finer than a cent show every decimal");
    if (!o->has_pool) {
        gfx_text(g, "This game offers no progressive.", 960, 300, 32, UI_FONT_BOLD, CREAM, 1);
        return;
    }
    char b[GAME_MONEY_FRAC_MAX], line[200];
    mlink_view_t lv;
    if (machine_link_view(o->machine, &lv)) {
        draw_linked_pool(o, g, &lv);
        return;
    }
    const char *key = machine_pool_key(o->machine);
    gfx_text(g, key ? key : "", 960, 200, 32, UI_FONT_BOLD, GOLD, UI_ALIGN_CENTER);
    /* the meter shows whole cents, rounded down; the reserve and the contributions are kept in
     * 1/10,000 of a cent (jackpot.h) and shown exactly, in money with the extra decimals; the
     * house's seeding and the payouts are whole cents */
    enum { CENTS, FRAC, COUNT };
    struct {
        const char *name;
        int64_t v;
        int kind;
    } rows[] = {{"value shown", jackpot_read(&o->pool), CENTS},
                {"hidden reserve", o->pool.reserve, FRAC},
                {"contributed", o->pool.contributed, FRAC},
                {"seeded by the house", o->pool.seeded, CENTS},
                {"paid out", o->pool.paid, CENTS},
                {"hits", o->pool.hits, COUNT}};
    for (int i = 0; i < 6; i++) {
        if (rows[i].kind == FRAC)
            game_money_frac(o->game, rows[i].v, b);
        else if (rows[i].kind == CENTS)
            game_money(o->game, rows[i].v, b);
        else
            snprintf(b, sizeof b, "%lld", (long long)rows[i].v);
        gfx_text(g, rows[i].name, 500, 280 + (float)i * 56, 30, UI_FONT_REGULAR, CREAM, 0);
        gfx_text(g, b, 1420, 280 + (float)i * 56, 30, UI_FONT_BOLD, GOLD, UI_ALIGN_RIGHT);
    }
    button(g, row_rect(9, 10), o->confirm ? "DEAL AGAIN TO RESET" : "RESET TO SEED", o->confirm);
    snprintf(line, sizeof line, _("Simultaneous winners: %s"),
             o->game->rules.variant == VARIANT_CARIBBEAN ? "paid seat by seat from seat 1"
                                                         : "one seat on a cabinet");
    gfx_text(g, line, 960, 660, 24, UI_FONT_REGULAR, DIM, UI_ALIGN_CENTER);
}

static void draw_audit(operator_scene_t *o, ui_gfx_t *g) {
    title(g, "AUDIT LOG", "The newest events first; the log is append-only and checksummed");
    for (int i = 0; i < o->naudit; i++) {
        const store_audit_row_t *a = &o->audit[i];
        char when[32], line[700];
        time_t t = (time_t)a->utc;
        struct tm tm;
        gmtime_r(&t, &tm);
        strftime(when, sizeof when, "%Y-%m-%d %H:%M:%S", &tm);
        snprintf(line, sizeof line, _("%s  game %lld  %-16s %s"), when, (long long)a->game,
                 a->event, a->detail);
        char cut[700];
        gfx_text(g, fit_line(g, line, 24, UI_FONT_REGULAR, o->area.w - 160, cut, sizeof cut), L(80),
                 180 + (float)i * 42, 24, UI_FONT_REGULAR, CREAM, UI_ALIGN_LEFT);
    }
    if (!o->naudit) gfx_text(g, "The audit log is empty.", 960, 300, 30, UI_FONT_BOLD, CREAM, 1);
}

static void draw_buttons(operator_scene_t *o, ui_gfx_t *g) {
    title(g, "BUTTON TEST", "Press every button: it lights. BACK twice leaves.");
    int cols = o->area.w < 1800 ? 5 : 6;
    float cw = (o->area.w - 240) / (float)cols;
    for (int b = 0; b < BTN_COUNT; b++) {
        ui_rect_t r =
            ui_r(L(120) + (float)(b % cols) * cw, 180 + (float)(b / cols) * 100, cw - 20, 84);
        bool on = o->now < o->lit[b];
        gfx_panel(g, r, 14, on ? ui_rgba(120, 230, 120, 255) : ui_rgba(50, 50, 50, 255),
                  on ? ui_rgba(40, 150, 50, 255) : ui_rgba(25, 25, 25, 255),
                  ui_rgba(255, 255, 255, 120), 2);
        gfx_text(g, ui_button_name((ui_button_t)b), r.x + r.w / 2, r.y + 24, 28, UI_FONT_BOLD,
                 on ? ui_rgba(0, 30, 0, 255) : CREAM, UI_ALIGN_CENTER);
    }
    char line[80];
    snprintf(line, sizeof line, _("pointer %.0f, %.0f"), o->px, o->py);
    gfx_text(g, line, L(120), 980, 26, UI_FONT_REGULAR, DIM, UI_ALIGN_LEFT);
}

static void draw_touch(operator_scene_t *o, ui_gfx_t *g) {
    title(g, "TOUCH CALIBRATION",
          o->touch_target == 5 ? "DEAL keeps this calibration (recorded); BACK leaves it"
                               : "Touch the centre of each target; DEAL starts again");
    for (int i = 0; i < 5; i++) {
        ui_rect_t r = touch_target(o, i);
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
        char line[160];
        snprintf(line, sizeof line, _("mean offset %.1f, %.1f  -  worst %.1f units: %s"), mx, my,
                 worst, worst <= 30 ? "within tolerance" : "CHECK THE TOUCH SCREEN");
        gfx_text(g, line, 960, 700, 30, UI_FONT_BOLD, worst <= 30 ? GREEN : RED, 1);
    }
}

static void draw_display(operator_scene_t *o, ui_gfx_t *g) {
    static const ui_color_t bars[8] = {{255, 255, 255, 255}, {255, 255, 0, 255}, {0, 255, 255, 255},
                                       {0, 255, 0, 255},     {255, 0, 255, 255}, {255, 0, 0, 255},
                                       {0, 0, 255, 255},     {0, 0, 0, 255}};
    (void)o;
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
    gfx_text(g, "DISPLAY TEST  -  DEAL or touch: next pattern  -  BACK: menu", 960, 1020, 24,
             UI_FONT_BOLD, ui_rgba(128, 128, 128, 255), UI_ALIGN_CENTER);
}

static void draw_pin(operator_scene_t *o, ui_gfx_t *g) {
    title(g, "OPERATOR MENU", "Enter the operator PIN");
    char stars[20] = "";
    int n = machine_pin_length(o->machine);
    for (int i = 0; i < n && i < 16; i++) strcat(stars, "*");
    ui_rect_t box = ui_r(760, 250, 400, 100);
    gfx_panel(g, box, 16, ui_rgba(10, 10, 10, 255), ui_rgba(30, 30, 30, 255), GOLD, 2);
    gfx_text(g, stars, 960, 268, 56, UI_FONT_DISPLAY, CREAM, UI_ALIGN_CENTER);
    static const char *const label[12] = {"0", "1", "2", "3", "4",       "5",
                                          "6", "7", "8", "9", N_("CLR"), N_("OK")};
    for (int k = 0; k < 12; k++) button(g, key_rect(k), label[k], k == 11);
    if (machine_keypad_locked(o->machine))
        gfx_text(g, "The keypad is locked for a minute after three wrong PINs.", 960, 830, 26,
                 UI_FONT_BOLD, RED, UI_ALIGN_CENTER);
    gfx_text(g, "Digits, Enter (DEAL) to open, Delete (UNDO) to clear, ESC to leave", 960, 880, 24,
             UI_FONT_REGULAR, DIM, UI_ALIGN_CENTER);
}

void operator_draw(operator_scene_t *o, ui_gfx_t *g) {
    if (o->page == OP_CLOSED) return;
    gfx_rec_modal(g); /* over the table */
    if (o->page == OP_DISPLAY) {
        o->area = gfx_area(g);
        draw_display(o, g);
        return;
    }
    o->area = gfx_area(g);
    /* the background and its panel: one picture kept while the window keeps its shape (the
     * panel's blend over the whole screen was 6 ms a frame) */
    if (gfx_frame_begin(g, 0x6f70657261746f72ull ^ (uint64_t)(o->area.w * 16))) {
        gfx_fill(g, ui_r(-2000, -2000, 6000, 6000), ui_rgba(8, 14, 12, 255));
        gfx_panel(g, ui_r(L(30), 20, o->area.w - 60, 1040), 24, ui_rgba(18, 30, 24, 255),
                  ui_rgba(8, 14, 12, 255), ui_rgba(242, 201, 76, 160), 2);
        gfx_frame_end(g);
    }
    char sub[160];
    switch (o->page) {
    case OP_PIN:
        draw_pin(o, g);
        break;
    case OP_MENU: {
        const char *labels[NMENU];
        for (int i = 0; i < NMENU; i++) labels[i] = MENU[i].label;
        snprintf(sub, sizeof sub, _("Machine %s  -  %s  -  no play while this menu is open"),
                 o->game->machine_id, rules_preset_name(o->game->rules.preset));
        title(g, "OPERATOR MENU", sub);
        draw_list(o, g, NMENU, labels);
        break;
    }
    case OP_METERS:
        draw_meters(o, g);
        break;
    case OP_RECALL:
        draw_recall(o, g);
        break;
    case OP_POOLS:
        draw_pools(o, g);
        break;
    case OP_AUDIT:
        draw_audit(o, g);
        break;
    case OP_TICKETS:
        op_tickets_draw(o, g);
        break;
    case OP_RG:
        op_rg_draw(o, g);
        break;
    case OP_BUTTONS:
        draw_buttons(o, g);
        break;
    case OP_TOUCH:
        draw_touch(o, g);
        break;
    case OP_SOUND: {
        const char *labels[SND_COUNT];
        for (int i = 0; i < SND_COUNT; i++) labels[i] = ui_sound_name((ui_sound_t)i);
        title(g, "SOUND TEST", "Choose a sound and press DEAL (or touch it) to play it");
        for (int i = 0; i < SND_COUNT; i++) {
            ui_rect_t r = row_rect(i, SND_COUNT);
            gfx_panel(g, r, 10, i == o->sel ? GOLD : ui_rgba(50, 70, 60, 255),
                      i == o->sel ? ui_rgba(200, 140, 30, 255) : ui_rgba(24, 40, 32, 255),
                      ui_rgba(255, 255, 255, 100), 1);
            gfx_text(g, labels[i], r.x + r.w / 2, r.y + 13, 26, UI_FONT_BOLD,
                     i == o->sel ? ui_rgba(40, 24, 0, 255) : CREAM, UI_ALIGN_CENTER);
        }
        break;
    }
    case OP_SETTINGS: {
        title(g, "SETTINGS",
              "Only with no credits on the machine and no game in play; every "
              "change is recorded in the audit log");
        const char *labels[NSETTINGS];
        char text[NSETTINGS][64];
        int keys[NSETTINGS], n = setting_keys(keys);
        for (int i = 0; i < n; i++) {
            char name[80], value[CFG_VALUE_LEN];
            setting_text(o, i, name, sizeof name, value, sizeof value);
            snprintf(text[i], sizeof text[i], "%s = %.30s", name, value);
            labels[i] = text[i];
        }
        draw_list(o, g, n, labels);
        break;
    }
    case OP_CLEAR_CREDITS: {
        char b[40], line[120];
        title(g, "CLEAR CREDITS", "Removes the credits on the machine (cancelled credits meter)");
        snprintf(line, sizeof line, _("Credits on the machine: %s"),
                 game_money(o->game, game_balance(o->game), b));
        gfx_text(g, line, 960, 300, 40, UI_FONT_BOLD, CREAM, UI_ALIGN_CENTER);
        button(g, row_rect(3, 8), o->confirm ? "DEAL AGAIN TO CLEAR" : "CLEAR CREDITS", o->confirm);
        break;
    }
    default:
        break;
    }
    if (o->page != OP_PIN && o->page != OP_MENU) button(g, back_rect(o), "BACK", false);
    if (o->now < o->msg_until) {
        /* left of BACK, wrapped when long, its bottom at the panel's */
        float room = R(400) - L(60), w = gfx_text_width(g, o->msg, 28, UI_FONT_BOLD) + 60;
        if (w > room) w = room;
        float h = gfx_text_wrap_height(g, o->msg, w - 60, 28, UI_FONT_BOLD) + 14;
        ui_rect_t r = ui_r(L(60) + (room - w) / 2, 1046 - h, w, h);
        gfx_panel(g, r, 24, ui_rgba(120, 20, 20, 240), ui_rgba(70, 8, 8, 240), CREAM, 2);
        gfx_text_wrap(g, o->msg, r.x + w / 2, r.y + 7, w - 60, 28, UI_FONT_BOLD,
                      ui_rgba(255, 255, 255, 255), UI_ALIGN_CENTER);
    }
}

/* for the TICKETS page (scene_operator_tickets.c) */
void op_say(operator_scene_t *o, const char *msg) {
    say(o, msg);
}
void op_title(ui_gfx_t *g, const char *t, const char *sub) {
    title(g, t, sub);
}
void op_button(ui_gfx_t *g, ui_rect_t r, const char *label, bool hot) {
    button(g, r, label, hot);
}
