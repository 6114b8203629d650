/* Responsible gaming at the table (seed 001's RESPONSIBLE GAMING button): the time of day and
 * the session's time in the top row, the button, the page it opens (the session's figures, the
 * limits, a break, where to find help) and the reality check the machine asks for. What is
 * shown is the machine's (machine_rg.h): this file keeps only the page's choices before they
 * are set. */
#define _POSIX_C_SOURCE 200809L
#include "machine_table.h"
#include "table_internal.h"

#include <stdio.h>
#include <string.h>
#include <time.h>

/* The page's choices: a session time limit in minutes, a loss limit in currency units. */
static const int MINUTES[] = {0, 30, 60, 90, 120, 180, 240, 360};
static const int64_t LOSSES[] = {0, 10, 20, 50, 100, 200, 500, 1000, 2000};
#define NMINUTES ((int)(sizeof MINUTES / sizeof MINUTES[0]))
#define NLOSSES  ((int)(sizeof LOSSES / sizeof LOSSES[0]))

/* The page's rows: the player's (a desktop), or CLOSE alone (the staff set them). */
enum { ROW_TIME = 0, ROW_LOSS, ROW_SET, ROW_BREAK, ROW_TAKE, ROW_CLOSE, NROWS };

static const char RG_HELP_WORDS[] =
    N_("Play for fun, with money and time you can afford to spend. Decide on both before you "
       "start and stop when you reach them: the limits here stop the betting for you. Do not try "
       "to win back what you have lost. If playing stops being fun, take a break and talk to "
       "someone you trust.");

static mrg_view_t view(const table_scene_t *t) {
    mrg_view_t v;
    machine_rg_view(t->machine, &v);
    return v;
}

static const char *money_text(const table_scene_t *t, int64_t v, char b[40]) {
    return money(t->game, v, b);
}

/* ---- the top row ---- */

/* "14:05" and "SESSION 1:05" (hours:minutes played), as the wall clock says (local time). */
static void clock_texts(const table_scene_t *t, char now[16], char played[40]) {
    mrg_view_t v = view(t);
    time_t s = (time_t)(t->machine->wall_ms / 1000);
    struct tm tm;
    localtime_r(&s, &tm);
    strftime(now, 16, "%H:%M", &tm);
    int64_t min = v.played_ms / 60000;
    if (v.session)
        snprintf(played, 40, _("SESSION %lld:%02lld"), (long long)(min / 60),
                 (long long)(min % 60));
    else
        snprintf(played, 40, "%s", _("NO SESSION"));
}

/* A terminal at a shared table keeps no sessions yet: no clock, no button (its top row holds
 * the table's LOBBY and X). */
static bool at_table(const table_scene_t *t) {
    mtable_status_t ts;
    return t->machine && machine_table_status(t->machine, &ts);
}

void tb_rg_layout(table_scene_t *t, ui_gfx_t *g, float top, float left) {
    table_geom_t *m = &t->geom;
    if (at_table(t)) {
        m->rg_button = ui_r(left, top + 12, 0, 48);
        m->clock = ui_r(left - 10, top + 4, 0, 64);
        return;
    }
    float w = g ? gfx_text_width(g, _("RESPONSIBLE GAMING"), TB_TEXT_MIN, UI_FONT_BOLD) + 44 : 300;
    m->rg_button = ui_r(left - 10 - w, top + 12, w, 48);
    char widest[40];
    snprintf(widest, sizeof widest, _("SESSION %lld:%02lld"), 10LL, 0LL);
    float cw = g ? gfx_text_width(g, widest, TB_TEXT_MIN, UI_FONT_BOLD) + 8 : 190;
    float nw = g ? gfx_text_width(g, _("NO SESSION"), TB_TEXT_MIN, UI_FONT_BOLD) + 8 : 0;
    if (nw > cw) cw = nw;
    m->clock = ui_r(m->rg_button.x - 16 - cw, top + 4, cw, 64);
}

void tb_rg_draw_top(table_scene_t *t, ui_gfx_t *g) {
    if (t->demo || at_table(t)) return;
    const table_geom_t *m = &t->geom;
    char now[16], played[40];
    clock_texts(t, now, played);
    gfx_rec_group(g, "clock");
    float right = m->clock.x + m->clock.w;
    gfx_text_shadow(g, now, right, m->clock.y, TB_TEXT_MIN, UI_FONT_BOLD, CREAM, UI_ALIGN_RIGHT);
    gfx_text_shadow(g, played, right, m->clock.y + 30, TB_TEXT_MIN, UI_FONT_BOLD, DIM,
                    UI_ALIGN_RIGHT);
    gfx_rec_group(g, NULL);
    ui_rect_t r = m->rg_button;
    gfx_panel(g, r, 24, ui_rgba(30, 60, 40, 230), ui_rgba(10, 30, 18, 230),
              ui_rgba(242, 201, 76, 200), 2);
    gfx_text(g, _("RESPONSIBLE GAMING"), r.x + r.w / 2, r.y + 9, TB_TEXT_MIN, UI_FONT_BOLD, CREAM,
             UI_ALIGN_CENTER);
}

/* ---- the page ---- */

static int nearest_at_least(const int64_t *list, int n, int64_t v) {
    for (int i = 0; i < n; i++)
        if (list[i] >= v) return i;
    return n - 1;
}

/* The page opens on the limits in force. */
static void open_page(table_scene_t *t) {
    mrg_view_t v = view(t);
    int64_t minutes[NMINUTES];
    for (int i = 0; i < NMINUTES; i++) minutes[i] = MINUTES[i];
    t->rg.minutes_i = nearest_at_least(minutes, NMINUTES, v.limits.minutes);
    int64_t units = v.limits.loss / 100;
    t->rg.loss_i = nearest_at_least(LOSSES, NLOSSES, units);
    t->rg.break_i = 0;
    t->rg.sel = v.player_sets ? ROW_TIME : ROW_CLOSE;
    t->rg.confirm = false;
    t->rg.msg[0] = '\0';
    t->overlay = OVERLAY_RG;
    t->page = 0;
}

static ui_rect_t page_row(const table_scene_t *t, int i) {
    ui_rect_t p = t->rg.panel.w > 0 ? t->rg.panel : help_popup(t->geom.area);
    float w = p.w * 0.36f;
    /* where the staff set the limits, CLOSE comes under the words that say so */
    if (i == ROW_CLOSE && !view(t).player_sets) i = 2;
    return ui_r(p.x + p.w - 50 - w, p.y + 110 + (float)i * 96, w, 80);
}

static void row_label(const table_scene_t *t, int i, char *buf, size_t n) {
    char b[40], d[48];
    switch (i) {
    case ROW_TIME:
        if (MINUTES[t->rg.minutes_i])
            machine_rg_duration(MINUTES[t->rg.minutes_i] * 60000LL, d, sizeof d);
        snprintf(buf, n, _("TIME LIMIT: %s"), MINUTES[t->rg.minutes_i] ? d : C_("limit", "NONE"));
        break;
    case ROW_LOSS:
        snprintf(buf, n, _("LOSS LIMIT: %s"),
                 LOSSES[t->rg.loss_i] ? money_text(t, LOSSES[t->rg.loss_i] * 100, b)
                                      : C_("limit", "NONE"));
        break;
    case ROW_SET:
        snprintf(buf, n, "%s", _("SET THESE LIMITS"));
        break;
    case ROW_BREAK:
        snprintf(buf, n, _("BREAK: %s"),
                 machine_rg_duration(MRG_BREAK_HOURS[t->rg.break_i] * 3600000LL, d, sizeof d));
        break;
    case ROW_TAKE:
        snprintf(buf, n, "%s", t->rg.confirm ? _("PRESS AGAIN TO START") : _("TAKE THE BREAK"));
        break;
    default:
        snprintf(buf, n, "%s", _("CLOSE"));
        break;
    }
    gfx_upper(buf);
}

static void choose(table_scene_t *t, int row) {
    machine_t *m = t->machine;
    bool take = row == ROW_TAKE && t->rg.confirm;
    t->rg.confirm = false;
    switch (row) {
    case ROW_TIME:
        t->rg.minutes_i = (t->rg.minutes_i + 1) % NMINUTES;
        break;
    case ROW_LOSS:
        t->rg.loss_i = (t->rg.loss_i + 1) % NLOSSES;
        break;
    case ROW_SET: {
        mrg_limits_t want = {MINUTES[t->rg.minutes_i], LOSSES[t->rg.loss_i] * 100};
        machine_rg_set_limits(m, want, t->rg.msg, sizeof t->rg.msg);
        break;
    }
    case ROW_BREAK:
        t->rg.break_i = (t->rg.break_i + 1) % MRG_BREAKS;
        break;
    case ROW_TAKE:
        if (take) {
            machine_rg_take_break(m, MRG_BREAK_HOURS[t->rg.break_i], false, t->rg.msg,
                                  sizeof t->rg.msg);
        } else {
            t->rg.confirm = true;
            snprintf(t->rg.msg, sizeof t->rg.msg, "%s",
                     _("A break cannot be ended early: no bets until it is over. Press again to "
                       "start it."));
        }
        break;
    default:
        t->overlay = OVERLAY_NONE;
        break;
    }
    ui_audio_play(t->audio, SND_BUTTON);
}

static void page_input(table_scene_t *t, const ui_input_t *in) {
    mrg_view_t v = view(t);
    int first = v.player_sets ? 0 : ROW_CLOSE;
    if (ui_pressed(in, BTN_BACK) || ui_pressed(in, BTN_RG)) {
        t->overlay = OVERLAY_NONE;
        return;
    }
    if (ui_pressed(in, BTN_NEXT_SPOT))
        t->rg.sel = t->rg.sel >= ROW_CLOSE ? first : t->rg.sel + 1, t->rg.confirm = false;
    if (ui_pressed(in, BTN_PREV_SPOT))
        t->rg.sel = t->rg.sel <= first ? ROW_CLOSE : t->rg.sel - 1, t->rg.confirm = false;
    if (ui_pressed(in, BTN_DEAL)) choose(t, t->rg.sel);
    if (in->tap)
        for (int i = first; i < NROWS; i++)
            if (ui_inside(page_row(t, i), in->px, in->py)) {
                if (i != ROW_TAKE) t->rg.confirm = false;
                t->rg.sel = i;
                choose(t, i);
            }
}

/* "Session time: 1 hour (2 hours from Sat 16 Jan 09:00)". */
static void limit_line(const table_scene_t *t, const mrg_view_t *v, bool time, char *buf,
                       size_t n) {
    char now[48], later[48], when[48], b[40];
    int64_t cur = time ? v->limits.minutes : v->limits.loss;
    int64_t pend = time ? v->pending.minutes : v->pending.loss;
    int64_t at = time ? v->pending_minutes_at : v->pending_loss_at;
    int64_t vals[2] = {cur, pend};
    char *outs[2] = {now, later};
    for (int i = 0; i < 2; i++) {
        if (!vals[i])
            snprintf(outs[i], sizeof now, "%s", C_("limit", "none"));
        else if (time)
            machine_rg_duration(vals[i] * 60000, outs[i], sizeof now);
        else
            snprintf(outs[i], sizeof now, "%s", money_text(t, vals[i], b));
    }
    machine_rg_when(at, v->now_ms, when, sizeof when);
    if (at)
        snprintf(buf, n, time ? _("Session time: %s (%s from %s)") : _("Losses: %s (%s from %s)"),
                 now, later, when);
    else
        snprintf(buf, n, time ? _("Session time: %s") : _("Losses: %s"), now);
}

/* "Result: down $9.00", "Result: even": the session's net, as the page and the check say it. */
static void result_words(const table_scene_t *t, const mrg_view_t *v, char *buf, size_t n) {
    char b[40];
    if (v->net == 0)
        snprintf(buf, n, "%s", _("Result: even"));
    else
        snprintf(buf, n, v->net > 0 ? _("Result: up %s") : _("Result: down %s"),
                 money_text(t, v->net < 0 ? -v->net : v->net, b));
}

static ui_color_t result_color(const mrg_view_t *v) {
    return v->net < 0 ? RED_LOSE : v->net > 0 ? GREEN_WIN : CREAM;
}

/* Wrapped text on the page's left (draw false: only measured). Returns its height. */
static float put(ui_gfx_t *g, bool draw, const char *text, float x, float y, float w, float size,
                 int face, ui_color_t c) {
    return draw ? gfx_text_wrap(g, text, x, y, w, size, face, c, UI_ALIGN_LEFT)
                : gfx_text_wrap_height(g, text, w, size, face);
}

static void heading(ui_gfx_t *g, bool draw, const char *text, float x, float y) {
    if (draw) gfx_text(g, text, x, y, 28, UI_FONT_DISPLAY, GOLD, UI_ALIGN_LEFT);
}

/* The left of the page: the session, the limits, help (draw false: only measured, so that the
 * panel fits them). Returns where it ended. */
static float page_text(table_scene_t *t, ui_gfx_t *g, ui_rect_t p, const mrg_view_t *v, bool draw) {
    char line[400], b1[40], b2[40], d[48], when[48];
    float x = p.x + 50, w = p.w * 0.58f - 50, y = p.y + 100, s = 26;
    heading(g, draw, _("THIS SESSION"), x, y);
    y += 42;
    if (v->session) {
        snprintf(line, sizeof line, _("Began at %s: %s played"),
                 machine_rg_when(v->start_ms, v->now_ms, when, sizeof when),
                 machine_rg_duration(v->played_ms, d, sizeof d));
        y += put(g, draw, line, x, y, w, s, UI_FONT_REGULAR, CREAM) + 6;
        snprintf(line, sizeof line, _("Bets %s, paid back %s"), money_text(t, v->fig.wagered, b1),
                 money_text(t, v->fig.returned, b2));
        y += put(g, draw, line, x, y, w, s, UI_FONT_REGULAR, CREAM) + 6;
        result_words(t, v, line, sizeof line);
        y += put(g, draw, line, x, y, w, s, UI_FONT_BOLD, result_color(v)) + 6;
        snprintf(line, sizeof line, _("Money in %s, out %s"), money_text(t, v->fig.in, b1),
                 money_text(t, v->fig.out, b2));
        y += put(g, draw, line, x, y, w, s, UI_FONT_REGULAR, CREAM) + 6;
    } else {
        y += put(g, draw, _("No session is open."), x, y, w, s, UI_FONT_REGULAR, CREAM) + 6;
    }
    y += 18;
    heading(g, draw, _("LIMITS"), x, y);
    y += 42;
    limit_line(t, v, true, line, sizeof line);
    y += put(g, draw, line, x, y, w, s, UI_FONT_REGULAR, CREAM) + 6;
    limit_line(t, v, false, line, sizeof line);
    if (v->left >= 0) {
        size_t len = strlen(line);
        snprintf(line + len, sizeof line - len, _(" (%s left)"), money_text(t, v->left, b1));
    }
    y += put(g, draw, line, x, y, w, s, UI_FONT_REGULAR, CREAM) + 6;
    if (v->reality_minutes == 1)
        snprintf(line, sizeof line, "%s", _("Reality check: every minute"));
    else if (v->reality_minutes)
        snprintf(line, sizeof line, _("Reality check: every %s"),
                 machine_rg_duration(v->reality_minutes * 60000LL, d, sizeof d));
    else
        snprintf(line, sizeof line, "%s", _("Reality check: off"));
    y += put(g, draw, line, x, y, w, s, UI_FONT_REGULAR, CREAM) + 6;
    if (v->stop != MRG_PLAYING) {
        machine_rg_stop_words(t->machine, line, sizeof line);
        y += put(g, draw, line, x, y + 6, w, s, UI_FONT_BOLD, GOLD) + 12;
    }
    y += 18;
    heading(g, draw, C_("responsible gaming", "HELP"), x, y);
    y += 42;
    y += put(g, draw, _(RG_HELP_WORDS), x, y, w, TB_TEXT_MIN, UI_FONT_REGULAR, CREAM) + 10;
    /* a desktop has no staff to ask: the player is pointed at the help every country has */
    if (v->help_contact && v->help_contact[0])
        snprintf(line, sizeof line, _("Help and advice: %s"), v->help_contact);
    else if (v->player_sets)
        snprintf(line, sizeof line, "%s",
                 _("For free, confidential advice, call a gambling help line in your country."));
    else
        snprintf(line, sizeof line, "%s",
                 _("Ask a member of staff where to find help and advice."));
    y += put(g, draw, line, x, y, w, TB_TEXT_MIN, UI_FONT_BOLD, CREAM);
    return y;
}

void tb_rg_draw_page(table_scene_t *t, ui_gfx_t *g) {
    mrg_view_t v = view(t);
    gfx_rec_modal(g);
    /* where the other pop-ups are, as tall as what it says: the text, the rows and room under
     * them for the last press's words (kept, so that nothing moves under a finger) */
    ui_rect_t p = help_popup(t->geom.area);
    float end = page_text(t, g, p, &v, false);
    ui_rect_t close = page_row(t, ROW_CLOSE); /* the panel's top and sides are help_popup's */
    float rows = close.y + close.h + (v.player_sets ? 14 + 3 * TB_TEXT_MIN * 1.3f : 0);
    if (t->rg.msg[0]) {
        float said = gfx_text_wrap_height(g, t->rg.msg, p.w * 0.36f, TB_TEXT_MIN, UI_FONT_BOLD);
        if (said > 3 * TB_TEXT_MIN * 1.3f) rows += said - 3 * TB_TEXT_MIN * 1.3f;
    }
    float h = (end > rows ? end : rows) - p.y + 40;
    if (h < p.h) p.h = h;
    t->rg.panel = p;
    tb_draw_popup_panel(g, p);
    gfx_text(g, _("RESPONSIBLE GAMING"), p.x + p.w / 2, p.y + 24, 34, UI_FONT_DISPLAY, GOLD,
             UI_ALIGN_CENTER);
    gfx_rec_group(g, "rg-page");
    page_text(t, g, p, &v, true);
    int first = v.player_sets ? 0 : ROW_CLOSE;
    if (!v.player_sets) {
        ui_rect_t r0 = page_row(t, 0);
        gfx_text_wrap(g,
                      _("Limits and breaks on this machine are set by the staff: ask them for a "
                        "limit or a break."),
                      r0.x, r0.y, r0.w, 26, UI_FONT_BOLD, CREAM, UI_ALIGN_LEFT);
    }
    for (int i = first; i < NROWS; i++) {
        ui_rect_t r = page_row(t, i);
        bool hot = i == t->rg.sel;
        char label[64];
        row_label(t, i, label, sizeof label);
        gfx_panel(g, r, 24, hot ? ui_rgba(250, 214, 90, 255) : ui_rgba(60, 90, 70, 255),
                  hot ? ui_rgba(200, 140, 30, 255) : ui_rgba(24, 48, 32, 255),
                  ui_rgba(255, 255, 255, 180), 2);
        float size = tb_fit(g, label, TB_BUTTON_TEXT, TB_TEXT_MIN, UI_FONT_BOLD, r.w - 24);
        gfx_text(g, label, r.x + r.w / 2, r.y + (r.h - size * 1.17f) / 2, size, UI_FONT_BOLD,
                 hot ? ui_rgba(40, 24, 0, 255) : CREAM, UI_ALIGN_CENTER);
    }
    if (t->rg.msg[0]) {
        ui_rect_t last = page_row(t, NROWS - 1);
        gfx_text_wrap(g, t->rg.msg, last.x, last.y + last.h + 14, last.w, TB_TEXT_MIN, UI_FONT_BOLD,
                      GOLD, UI_ALIGN_LEFT);
    }
    gfx_rec_group(g, NULL);
}

/* ---- the reality check ---- */

bool tb_rg_check_shown(const table_scene_t *t) {
    return !t->demo && t->game->state == GAME_PLAY && machine_rg_check_waiting(t->machine);
}

static ui_rect_t check_panel(const table_scene_t *t) {
    float w = t->geom.area.w - 120;
    if (w > 1100) w = 1100;
    return ui_r(960 - w / 2, 250, w, 520);
}

static ui_rect_t check_button(const table_scene_t *t, int i) { /* 0 CONTINUE, 1 CASH OUT */
    ui_rect_t p = check_panel(t);
    return ui_r(p.x + p.w / 2 + (i == 0 ? -320 : 20), p.y + p.h - 120, 300, 86);
}

void tb_rg_draw_check(table_scene_t *t, ui_gfx_t *g) {
    mrg_view_t v = view(t);
    char line[300], b1[40], b2[40], d[48];
    gfx_rec_modal(g);
    gfx_fill(g, ui_r(-2000, -2000, 6000, 6000), ui_rgba(0, 0, 0, 180));
    ui_rect_t p = check_panel(t);
    gfx_panel(g, p, 28, ui_rgba(24, 46, 90, 250), ui_rgba(8, 20, 50, 250),
              ui_rgba(255, 230, 120, 255), 4);
    gfx_rec_group(g, "reality-check");
    float cx = p.x + p.w / 2, tw = p.w - 100, y = p.y + 28;
    gfx_text_shadow(g, _("REALITY CHECK"), cx, y, 56, UI_FONT_DISPLAY, ui_rgba(255, 236, 170, 255),
                    UI_ALIGN_CENTER);
    y += 96;
    snprintf(line, sizeof line, _("You have played for %s."),
             machine_rg_duration(v.played_ms, d, sizeof d));
    y += gfx_text_wrap(g, line, cx, y, tw, 32, UI_FONT_BOLD, WHITE, UI_ALIGN_CENTER) + 14;
    /* the same words as the page's, the result standing out in its colour */
    snprintf(line, sizeof line, _("This session's bets %s, paid back %s"),
             money_text(t, v.fig.wagered, b1), money_text(t, v.fig.returned, b2));
    y += gfx_text_wrap(g, line, cx, y, tw, 28, UI_FONT_REGULAR, CREAM, UI_ALIGN_CENTER) + 12;
    result_words(t, &v, line, sizeof line);
    y +=
        gfx_text_wrap(g, line, cx, y, tw, 36, UI_FONT_BOLD, result_color(&v), UI_ALIGN_CENTER) + 12;
    snprintf(line, sizeof line, _("Money in %s, out %s"), money_text(t, v.fig.in, b1),
             money_text(t, v.fig.out, b2));
    gfx_text_wrap(g, line, cx, y, tw, 28, UI_FONT_REGULAR, CREAM, UI_ALIGN_CENTER);
    static const char *const labels[2] = {N_("CONTINUE"), N_("CASH OUT")};
    for (int i = 0; i < 2; i++) {
        ui_rect_t r = check_button(t, i);
        gfx_panel(g, r, 40, i == 0 ? ui_rgba(250, 214, 90, 255) : ui_rgba(70, 110, 80, 255),
                  i == 0 ? ui_rgba(200, 140, 30, 255) : ui_rgba(30, 60, 40, 255),
                  ui_rgba(255, 255, 255, 200), 2.5f);
        gfx_text(g, labels[i], r.x + r.w / 2, r.y + (r.h - 33) / 2, TB_BUTTON_TEXT, UI_FONT_DISPLAY,
                 i == 0 ? ui_rgba(40, 24, 0, 255) : WHITE, UI_ALIGN_CENTER);
    }
    gfx_rec_group(g, NULL);
}

/* ---- input and events ---- */

bool tb_rg_input(table_scene_t *t, ui_input_t *in, machine_input_t *mi) {
    if (tb_rg_check_shown(t)) {
        /* the machine takes DEAL as CONTINUE; CASH OUT is the cabinet's button (or its own) */
        if (ui_pressed(in, BTN_DEAL) || (in->tap && ui_inside(check_button(t, 0), in->px, in->py)))
            machine_press(mi, CFG_BUTTON_DEAL);
        if (in->tap && ui_inside(check_button(t, 1), in->px, in->py))
            machine_press(mi, CFG_BUTTON_CASHOUT);
        return true;
    }
    if (t->demo) return false;
    if (t->overlay == OVERLAY_RG) {
        page_input(t, in);
        return true;
    }
    bool open = ui_pressed(in, BTN_RG) || (in->tap && ui_inside(t->geom.rg_button, in->px, in->py));
    if (!open || at_table(t)) return false;
    open_page(t);
    ui_audio_play(t->audio, SND_BUTTON);
    return true;
}

void tb_rg_event(table_scene_t *t, const machine_event_t *e) {
    switch ((mrg_event_t)e->value) {
    case MRG_EV_CHECK:
        t->overlay = OVERLAY_NONE; /* the check is what the player sees now */
        ui_audio_play(t->audio, SND_BUTTON);
        break;
    case MRG_EV_REACHED:
        table_toast(t, e->text);
        ui_audio_play(t->audio, SND_LOSE);
        break;
    default:
        table_notice(t, e->text);
        break;
    }
    tb_update_deal_line(t);
}
