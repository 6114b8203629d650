/* The operator menu's RESPONSIBLE GAMING page: on a cabinet the operator sets the session time
 * limit, the loss limit, the reality check's interval and the break after a limit (operator
 * settings: recorded as config-change rows, refused with credits on the machine like every
 * setting), starts a break of a day, a week or a month, or ends one; the session's figures
 * beside them. Everything is the machine's (machine_rg.h) and audited there. */
#include "lang.h"
#include "scene_operator.h"
#include "ui_gfx.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CREAM ui_rgba(250, 240, 215, 255)
#define GOLD  ui_rgba(242, 201, 76, 255)

enum { R_TIME = 0, R_LOSS, R_CHECK, R_COOL, R_BREAK, R_START, NR };

/* The values each setting steps through (minutes, or currency units for the loss limit). */
static const int TIMES[] = {0, 30, 60, 90, 120, 180, 240};
static const int LOSSES[] = {0, 20, 50, 100, 200, 500, 1000};
static const int CHECKS[] = {0, 15, 30, 60, 90, 120};
static const int COOLS[] = {15, 30, 60, 120, 240, 1440};

static const struct {
    const char *key;
    const int *steps;
    int n;
} SETTING[4] = {
    {"session_minutes", TIMES, 7},
    {"loss_limit", LOSSES, 7},
    {"reality_check_minutes", CHECKS, 6},
    {"cool_off_minutes", COOLS, 6},
};

static ui_rect_t rg_row(const operator_scene_t *o, int i) {
    return ui_r(o->area.x + o->area.w - 120 - 640, 190 + (float)i * 96, 640, 80);
}

void op_rg_load(operator_scene_t *o) {
    o->rg_break = 0;
}

/* The setting's value now, as its steps count it. */
static int current(const operator_scene_t *o, int i) {
    const struct cfg_responsible *r = &o->machine->cfg.responsible;
    switch (i) {
    case R_TIME:
        return r->session_minutes;
    case R_LOSS:
        return (int)(r->loss_limit / 100);
    case R_CHECK:
        return r->reality_check_minutes;
    default:
        return r->cool_off_minutes;
    }
}

static void row_text(const operator_scene_t *o, int i, char *buf, size_t n);

static void step_setting(operator_scene_t *o, int i) {
    int now = current(o, i), k = 0;
    while (k < SETTING[i].n && SETTING[i].steps[k] <= now) k++;
    int next = SETTING[i].steps[k % SETTING[i].n];
    char text[32], why[STORE_MSG_LEN + CFG_ERROR_LEN], msg[STORE_MSG_LEN + CFG_ERROR_LEN + 80];
    if (i == R_LOSS)
        snprintf(text, sizeof text, "%d.00", next);
    else
        snprintf(text, sizeof text, "%d", next);
    if (!machine_has_store(o->machine)) {
        op_say(o, _("This machine has no store: settings cannot be recorded."));
        return;
    }
    if (!machine_setting_set(o->machine, "responsible", SETTING[i].key, text, why, sizeof why)) {
        op_say(o, why); /* credits on the machine, a game in play */
        return;
    }
    char label[80];
    row_text(o, i, label, sizeof label);
    snprintf(msg, sizeof msg, _("%s (recorded in the audit log)"), label);
    op_say(o, msg);
}

static void choose(operator_scene_t *o, int i) {
    char msg[STORE_MSG_LEN];
    int64_t until;
    bool on_break = machine_rg_stopped(o->machine, &until) == MRG_BREAK;
    if (i < R_BREAK) {
        o->confirm = false;
        step_setting(o, i);
    } else if (i == R_BREAK) {
        o->confirm = false;
        o->rg_break = (o->rg_break + 1) % MRG_BREAKS;
    } else if (on_break) {
        machine_rg_end_break(o->machine, msg, sizeof msg);
        op_say(o, msg);
    } else if (!o->confirm) {
        o->confirm = true;
        op_say(o, _("Press again to start the break: no bets and no money in until it is over."));
    } else {
        o->confirm = false;
        machine_rg_take_break(o->machine, MRG_BREAK_HOURS[o->rg_break], true, msg, sizeof msg);
        op_say(o, msg);
    }
}

void op_rg_update(operator_scene_t *o, const ui_input_t *in) {
    if (ui_pressed(in, BTN_NEXT_SPOT)) o->sel = (o->sel + 1) % NR, o->confirm = false;
    if (ui_pressed(in, BTN_PREV_SPOT)) o->sel = (o->sel + NR - 1) % NR, o->confirm = false;
    if (ui_pressed(in, BTN_DEAL)) choose(o, o->sel);
    if (in->tap)
        for (int i = 0; i < NR; i++)
            if (ui_inside(rg_row(o, i), in->px, in->py)) {
                if (o->sel != i) o->confirm = false;
                o->sel = i;
                choose(o, i);
            }
}

static void row_text(const operator_scene_t *o, int i, char *buf, size_t n) {
    char d[48];
    int v = current(o, i);
    switch (i) {
    case R_TIME:
        snprintf(buf, n, _("TIME LIMIT: %s"),
                 v ? machine_rg_duration(v * 60000LL, d, sizeof d) : C_("limit", "NONE"));
        break;
    case R_LOSS:
        if (v) game_money(&o->machine->game, (int64_t)v * 100, d);
        snprintf(buf, n, _("LOSS LIMIT: %s"), v ? d : C_("limit", "NONE"));
        break;
    case R_CHECK:
        snprintf(buf, n, _("REALITY CHECK: %s"),
                 v ? machine_rg_duration(v * 60000LL, d, sizeof d) : C_("reality check", "OFF"));
        break;
    case R_COOL:
        snprintf(buf, n, _("BREAK AFTER A LIMIT: %s"),
                 machine_rg_duration(v * 60000LL, d, sizeof d));
        break;
    case R_BREAK:
        snprintf(buf, n, _("BREAK: %s"),
                 machine_rg_duration(MRG_BREAK_HOURS[o->rg_break] * 3600000LL, d, sizeof d));
        break;
    default:
        snprintf(buf, n, "%s",
                 machine_rg_stopped(o->machine, NULL) == MRG_BREAK ? _("END THE BREAK")
                 : o->confirm                                      ? _("PRESS AGAIN TO START")
                                                                   : _("START THE BREAK"));
        break;
    }
    gfx_upper(buf);
}

/* The session beside the settings. */
static void session_lines(operator_scene_t *o, ui_gfx_t *g) {
    mrg_view_t v;
    machine_rg_view(o->machine, &v);
    char line[400], b1[40], b2[40], d[48], when[48];
    float x = o->area.x + 120, w = o->area.w - 240 - 640 - 60, y = 200;
    if (!v.session) {
        snprintf(line, sizeof line, "%s", _("No session is open."));
    } else {
        snprintf(line, sizeof line, _("Session %lld began at %s: %s played."), (long long)v.number,
                 machine_rg_when(v.start_ms, v.now_ms, when, sizeof when),
                 machine_rg_duration(v.played_ms, d, sizeof d));
        y += gfx_text_wrap(g, line, x, y, w, 26, UI_FONT_REGULAR, CREAM, UI_ALIGN_LEFT) + 10;
        snprintf(line, sizeof line, _("Bets %s, paid back %s, result %s."),
                 game_money(&o->machine->game, v.fig.wagered, b1),
                 game_money(&o->machine->game, v.fig.returned, b2),
                 game_money(&o->machine->game, v.net, d));
        y += gfx_text_wrap(g, line, x, y, w, 26, UI_FONT_REGULAR, CREAM, UI_ALIGN_LEFT) + 10;
        snprintf(line, sizeof line, _("Money in %s, out %s."),
                 game_money(&o->machine->game, v.fig.in, b1),
                 game_money(&o->machine->game, v.fig.out, b2));
    }
    y += gfx_text_wrap(g, line, x, y, w, 26, UI_FONT_REGULAR, CREAM, UI_ALIGN_LEFT) + 20;
    if (v.stop != MRG_PLAYING) {
        machine_rg_stop_words(o->machine, line, sizeof line);
        y += gfx_text_wrap(g, line, x, y, w, 26, UI_FONT_BOLD, GOLD, UI_ALIGN_LEFT) + 20;
    }
    gfx_text_wrap(g,
                  _("A session runs from the first credit to the cash-out. A limit reached stops "
                    "betting for the break after it; a break stops it for its whole length. "
                    "Every change and every event is in the audit log."),
                  x, y, w, 24, UI_FONT_REGULAR, CREAM, UI_ALIGN_LEFT);
}

void op_rg_draw(operator_scene_t *o, ui_gfx_t *g) {
    op_title(g, _("RESPONSIBLE GAMING"),
             _("Limits change only with no credits on the machine; breaks between games"));
    session_lines(o, g);
    for (int i = 0; i < NR; i++) {
        char label[80];
        row_text(o, i, label, sizeof label);
        op_button(g, rg_row(o, i), label, i == o->sel);
    }
}
