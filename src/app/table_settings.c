/* SETTINGS, a desktop player's pop-up (a cabinet has none: its settings are the operator's):
 * the player's own sound volume, dealer's voice and hint, each within what the operator allows
 * (machine_player.h), kept for the next start; beside them the figures since the game started:
 * the rounds played, won, lost and pushed, the biggest win, the money staked and returned, the
 * net result (responsible gaming's session, which a restart does not end, has its own page).
 * A touch or the mouse works the controls; the keyboard moves between them (the spot keys) and
 * works the one lit (DEAL); BACK or CLOSE closes it. */
#include "table_internal.h"

#include <stdio.h>
#include <string.h>

enum { CTL_QUIETER = 0, CTL_LOUDER, CTL_VOICE, CTL_HINT, CTL_CLOSE, CTLS };

/* The pop-up's two columns: the player's settings (left) and the session (right). */
static ui_rect_t column(const table_scene_t *t, int i) {
    ui_rect_t p = help_popup(t->geom.area);
    float w = (p.w - 180) / 2;
    return ui_r(p.x + 60 + (float)i * (w + 60), p.y + 100, w, 760);
}

/* Where each control is. */
static ui_rect_t control(const table_scene_t *t, int c) {
    ui_rect_t col = column(t, 0);
    switch (c) {
    case CTL_QUIETER:
        return ui_r(col.x, col.y + 130, 80, 64);
    case CTL_LOUDER:
        return ui_r(col.x + col.w - 80, col.y + 130, 80, 64);
    case CTL_VOICE:
        return ui_r(col.x + col.w - 170, col.y + 300, 170, 64);
    case CTL_HINT:
        return ui_r(col.x + col.w - 170, col.y + 470, 170, 64);
    default:
        return tb_popup_button(t, 2);
    }
}

bool tb_settings_offered(const table_scene_t *t) {
    return t->machine && t->machine->player.on && !t->demo;
}

/* A control worked: the player's choice, bounded and kept, in force at once. */
static void work(table_scene_t *t, int c) {
    machine_t *m = t->machine;
    char msg[MACHINE_PLAYER_PATH + 200] = "";
    bool ok = true;
    int step = 10, v = machine_volume(m);
    switch (c) {
    case CTL_QUIETER:
    case CTL_LOUDER:
        v = c == CTL_LOUDER ? (v / step + 1) * step : ((v + step - 1) / step - 1) * step;
        ok = machine_player_set_volume(m, v, msg, sizeof msg);
        ui_audio_set_volume(t->audio, machine_volume(m));
        break;
    case CTL_VOICE:
        if (!machine_voice_allowed(m)) return;
        ok = machine_player_set_voice(m, !machine_voice(m), msg, sizeof msg);
        t->audio->voice = machine_voice(m);
        break;
    case CTL_HINT:
        if (!machine_hint_allowed(m)) return;
        ok = machine_player_set_hint(m, !machine_hint(m), msg, sizeof msg);
        break;
    default:
        t->overlay = OVERLAY_NONE;
        ui_audio_play(t->audio, SND_BUTTON);
        return;
    }
    snprintf(t->settings_msg, sizeof t->settings_msg, "%s", ok ? "" : msg);
    ui_audio_play(t->audio, c == CTL_VOICE ? VOICE_GOOD_LUCK : SND_CHIP);
}

void tb_settings_input(table_scene_t *t, const ui_input_t *in) {
    if (ui_pressed(in, BTN_BACK)) {
        t->overlay = OVERLAY_NONE;
        return;
    }
    if (ui_pressed(in, BTN_NEXT_SPOT)) t->settings_focus = (t->settings_focus + 1) % CTLS;
    if (ui_pressed(in, BTN_PREV_SPOT)) t->settings_focus = (t->settings_focus + CTLS - 1) % CTLS;
    if (ui_pressed(in, BTN_DEAL)) work(t, t->settings_focus);
    if (in->tap)
        for (int c = 0; c < CTLS; c++)
            if (ui_inside(control(t, c), in->px, in->py)) {
                t->settings_focus = c;
                work(t, c);
                return;
            }
}

/* A button of the pop-up: gold when it works, grey when the operator has it off. */
static void draw_control(table_scene_t *t, ui_gfx_t *g, int c, const char *label, bool enabled) {
    ui_rect_t r = control(t, c);
    if (c == t->settings_focus)
        gfx_glow(g, ui_r(r.x - 14, r.y - 14, r.w + 28, r.h + 28), ui_rgba(255, 220, 90, 200));
    gfx_panel(g, r, 30, enabled ? ui_rgba(250, 214, 90, 255) : ui_rgba(70, 70, 70, 255),
              enabled ? ui_rgba(200, 140, 30, 255) : ui_rgba(40, 40, 40, 255),
              ui_rgba(255, 255, 255, 160), 2);
    gfx_text(g, label, r.x + r.w / 2, r.y + (r.h - TB_BUTTON_TEXT * 1.17f) / 2, TB_BUTTON_TEXT,
             UI_FONT_DISPLAY, enabled ? ui_rgba(40, 24, 0, 255) : ui_rgba(150, 150, 150, 255),
             UI_ALIGN_CENTER);
}

/* A setting's name, and under it what it does or why it is off. */
static void labelled(ui_gfx_t *g, ui_rect_t col, float y, const char *name, const char *note,
                     float right) {
    gfx_text(g, name, col.x, y, 30, UI_FONT_BOLD, CREAM, UI_ALIGN_LEFT);
    gfx_text_wrap(g, note, col.x + (col.w - right) / 2, y + 44, col.w - right, TB_TEXT_MIN,
                  UI_FONT_REGULAR, DIM, UI_ALIGN_CENTER);
}

static void draw_player(table_scene_t *t, ui_gfx_t *g) {
    const machine_t *m = t->machine;
    ui_rect_t col = column(t, 0);
    char line[160];
    gfx_text(g, "YOUR SETTINGS", col.x + col.w / 2, col.y, 32, UI_FONT_DISPLAY, GOLD,
             UI_ALIGN_CENTER);
    /* the volume: its figure, and a bar from 0 to the operator's most between the buttons */
    int v = machine_volume(m), most = machine_volume_most(m);
    gfx_text(g, "SOUND VOLUME", col.x, col.y + 70, 30, UI_FONT_BOLD, CREAM, UI_ALIGN_LEFT);
    snprintf(line, sizeof line, "%d%%", v);
    gfx_text(g, line, col.x + col.w, col.y + 70, 30, UI_FONT_BOLD, CREAM, UI_ALIGN_RIGHT);
    draw_control(t, g, CTL_QUIETER, "-", v > 0);
    draw_control(t, g, CTL_LOUDER, "+", v < most);
    ui_rect_t bar = ui_r(col.x + 100, col.y + 152, col.w - 200, 20);
    gfx_panel(g, bar, 10, ui_rgba(0, 0, 0, 200), ui_rgba(0, 0, 0, 200), ui_rgba(242, 201, 76, 200),
              1.5f);
    if (most > 0 && v > 0)
        gfx_panel(g, ui_r(bar.x, bar.y, bar.w * (float)v / (float)most, bar.h), 10,
                  ui_rgba(250, 214, 90, 255), ui_rgba(200, 140, 30, 255), ui_rgba(0, 0, 0, 0), 0);
    snprintf(line, sizeof line, _("Up to %d%%, the most the operator allows."), most);
    gfx_text_wrap(g, line, col.x + col.w / 2, col.y + 210, col.w, TB_TEXT_MIN, UI_FONT_REGULAR, DIM,
                  UI_ALIGN_CENTER);
    bool voice = machine_voice_allowed(m), hint = machine_hint_allowed(m);
    labelled(g, col, col.y + 310, N_("DEALER'S VOICE"),
             voice ? N_("The dealer calls the game.") : N_("Off: the operator's setting."), 190);
    draw_control(t, g, CTL_VOICE, machine_voice(m) ? N_("ON") : N_("OFF"), voice);
    labelled(g, col, col.y + 480, N_("HINT"),
             hint ? N_("Names the best decision while you decide.")
                  : N_("Not offered at this table."),
             190);
    draw_control(t, g, CTL_HINT, machine_hint(m) ? N_("ON") : N_("OFF"), hint);
    const char *kept = t->settings_msg[0] ? t->settings_msg
                       : m->player.path[0]
                           ? N_("Kept on this computer for you, for the next game too.")
                           : N_("Kept for this game.");
    gfx_text_wrap(g, kept, col.x + col.w / 2, col.y + 640, col.w, TB_TEXT_MIN, UI_FONT_REGULAR,
                  t->settings_msg[0] ? RED_LOSE : DIM, UI_ALIGN_CENTER);
}

static bool rg_on(const table_scene_t *t) {
    mrg_view_t v;
    machine_rg_view(t->machine, &v);
    return v.on;
}

static void draw_session(table_scene_t *t, ui_gfx_t *g) {
    const game_t *gm = t->game;
    const game_session_t *s = &gm->session;
    ui_rect_t col = column(t, 1);
    char n[8][40], b[40];
    /* not "this session": responsible gaming's session goes on across restarts, and its page
     * says so; these are counted since this start */
    gfx_text(g, "SINCE THE GAME STARTED", col.x + col.w / 2, col.y, 32, UI_FONT_DISPLAY, GOLD,
             UI_ALIGN_CENTER);
    snprintf(n[0], sizeof n[0], "%lld", (long long)s->rounds);
    snprintf(n[1], sizeof n[1], "%lld", (long long)s->won);
    snprintf(n[2], sizeof n[2], "%lld", (long long)s->lost);
    snprintf(n[3], sizeof n[3], "%lld", (long long)s->pushed);
    money(gm, s->biggest_win, n[4]);
    money(gm, s->staked, n[5]);
    money(gm, s->returned, n[6]);
    int64_t net = s->returned - s->staked;
    snprintf(n[7], sizeof n[7], "%s%s",
             net > 0   ? "+"
             : net < 0 ? "-"
                       : "",
             money(gm, net < 0 ? -net : net, b));
    static const char *const names[8] = {N_("Rounds played"), N_("Won"),         N_("Lost"),
                                         N_("Pushed"),        N_("Biggest win"), N_("Staked"),
                                         N_("Returned"),      N_("Net result")};
    for (int i = 0; i < 8; i++) {
        float y = col.y + 70 + (float)i * 64;
        ui_color_t c = i == 7 ? (net > 0 ? GREEN_WIN : net < 0 ? RED_LOSE : CREAM) : CREAM;
        gfx_text(g, names[i], col.x, y, 30, UI_FONT_REGULAR, CREAM, UI_ALIGN_LEFT);
        gfx_text(g, n[i], col.x + col.w, y, 30, UI_FONT_BOLD, c, UI_ALIGN_RIGHT);
    }
    gfx_text_wrap(g,
                  rg_on(t) ? "A void round is not counted. Your whole session: RESPONSIBLE GAMING."
                           : "A void round is not counted.",
                  col.x + col.w / 2, col.y + 640, col.w, TB_TEXT_MIN, UI_FONT_REGULAR, DIM,
                  UI_ALIGN_CENTER);
}

void tb_draw_settings(table_scene_t *t, ui_gfx_t *g) {
    gfx_rec_modal(g);
    ui_rect_t pop = help_popup(t->geom.area);
    tb_draw_popup_panel(g, pop);
    gfx_text(g, "SETTINGS", pop.x + pop.w / 2, pop.y + 24, 34, UI_FONT_DISPLAY, GOLD,
             UI_ALIGN_CENTER);
    draw_player(t, g);
    draw_session(t, g);
    draw_control(t, g, CTL_CLOSE, "CLOSE", true);
}
