/* The player's input at the table: the view's own buttons (chips, spots, help, history, turbo,
 * sound) act here; the round's buttons and bets go into the machine's input. And the hint,
 * which tells the player afterwards when a decision was not the best one. */
#include "table_internal.h"

#include <stdio.h>

#include "advice.h"

/* The strategy asked about the round in play, through the one adapter the simulator uses. */
int table_best_decision(const table_scene_t *t, const strategy_t *s, strategy_advice_t *advice) {
    const round_t *r = &t->game->round;
    if (!advice) return advice_decide(s, r, 0);
    return advice_advise(s, r, 0, advice) ? advice->decision : -1;
}

/* The hint names decisions, never their values: those are `studpoker hint`'s and the
 * operator's (issue 13). */
void tb_hint_after(table_scene_t *t, int chose) {
    if (!t->strategy || !t->advice_ok || chose == t->advice.decision) return;
    const table_variant_t *v = tb_variant(t);
    char msg[128];
    snprintf(msg, sizeof msg, _("Suggested was %s; you chose %s"),
             tb_choice_name(v, t->advice.decision), tb_choice_name(v, chose));
    table_toast(t, msg);
}

bool tb_hint_text(const table_scene_t *t, char *buf, size_t n) {
    const game_t *gm = t->game;
    const round_t *rr = &gm->round;
    if (n) buf[0] = '\0';
    if (!t->strategy || !t->advice_ok || rr->phase != ROUND_DECIDING ||
        !round_seat_can_decide(rr, 0) || table_busy(t) || t->advice_game != gm->number ||
        t->advice_step != rr->step)
        return false;
    snprintf(buf, n, _("Suggested: %s"), tb_choice_name(tb_variant(t), t->advice.decision));
    return true;
}

/* A bet on a spot: the selected chip's value on the spot's wager, for the machine to place. */
static void bet_on(table_scene_t *t, int spot, machine_input_t *mi) {
    if (spot < 0 || spot >= t->nspots) return;
    wager_t w = t->spots[spot].wager;
    if (w == WAGER_ANTE || wager_is_side(w)) t->focus = spot;
    machine_press(mi, CFG_BUTTON_BET);
    mi->bet_wager = w;
    mi->bet_amount = t->chips[t->chip];
}

/* A button: the view's own (chips, spots, turbo, sound) here, the rest for the machine. */
static void press(table_scene_t *t, ui_button_t b, machine_input_t *mi) {
    switch (b) {
    case BTN_CHIP1:
    case BTN_CHIP2:
    case BTN_CHIP3:
    case BTN_CHIP4:
    case BTN_CHIP5:
    case BTN_CHIP6:
        t->chip = (int)(b - BTN_CHIP1);
        ui_audio_play(t->audio, SND_CHIPS);
        break;
    case BTN_NEXT_SPOT:
        t->focus = (t->focus + 1) % t->nspots;
        break;
    case BTN_PREV_SPOT:
        t->focus = (t->focus + t->nspots - 1) % t->nspots;
        break;
    case BTN_BET:
        bet_on(t, t->focus, mi);
        break;
    case BTN_TURBO:
        t->turbo = !t->turbo;
        break;
    case BTN_MUTE:
        ui_audio_toggle_mute(t->audio);
        break;
    case BTN_REPEAT:
    case BTN_DOUBLE:
    case BTN_UNDO:
    case BTN_CLEAR:
    case BTN_DEAL:
    case BTN_PLAY:
    case BTN_FOLD:
    case BTN_RAISE1:
    case BTN_RAISE2:
    case BTN_RAISE3:
        machine_press(mi, b);
        break;
    default:
        break;
    }
}

/* HELP, HISTORY or (a desktop's) SETTINGS, by its key or its corner button, opens its pop-up,
 * or closes it. True when one was pressed: the press does nothing else. */
static bool toggle_overlay(table_scene_t *t, ui_input_t *in) {
    static const ui_button_t corner[3] = {BTN_HELP, BTN_HISTORY, BTN_SETTINGS};
    if (in->tap) {
        for (int i = TABLE_CORNER_HELP; i <= TABLE_CORNER_SETTINGS; i++)
            if (tb_corner_shown(t, i) && ui_inside(tb_corner_button(t, i), in->px, in->py)) {
                ui_press(in, corner[i]);
                in->tap = false;
            }
        /* a terminal's LOBBY and X: the front acts on them */
        bool lobby = tb_corner_shown(t, TABLE_CORNER_LOBBY) &&
                     ui_inside(tb_corner_button(t, TABLE_CORNER_LOBBY), in->px, in->py),
             close = tb_corner_shown(t, TABLE_CORNER_CLOSE) &&
                     ui_inside(tb_corner_button(t, TABLE_CORNER_CLOSE), in->px, in->py);
        if (lobby || close) {
            t->want_lobby |= lobby;
            t->want_close |= close;
            ui_audio_play(t->audio, SND_BUTTON);
            return true;
        }
    }
    int want = ui_pressed(in, BTN_HELP)                                 ? (int)OVERLAY_HELP
               : ui_pressed(in, BTN_HISTORY)                            ? (int)OVERLAY_HISTORY
               : ui_pressed(in, BTN_SETTINGS) && tb_settings_offered(t) ? (int)OVERLAY_SETTINGS
                                                                        : (int)OVERLAY_NONE;
    if (want == OVERLAY_NONE) return false;
    t->hist_page = -1;
    t->hist_all = false; /* HISTORY opens on the table played (001's GAME HISTORY) */
    t->overlay = (int)t->overlay == want   ? OVERLAY_NONE
                 : want == OVERLAY_HELP    ? OVERLAY_HELP
                 : want == OVERLAY_HISTORY ? OVERLAY_HISTORY
                                           : OVERLAY_SETTINGS;
    t->page = 0;
    t->settings_focus = 0;
    t->settings_msg[0] = '\0';
    ui_audio_play(t->audio, SND_BUTTON);
    return true;
}

/* A pop-up takes the input: pages, and ESC or CLOSE; a terminal's history, ALL TABLES or THIS
 * TABLE (DEAL: the pop-up's main button for a keyboard or a cabinet's panel). */
static void overlay_input(table_scene_t *t, const ui_input_t *in) {
    int prev = 0, next = 0, close = ui_pressed(in, BTN_BACK);
    bool tables = t->overlay == OVERLAY_HISTORY && tb_history_table(t) != NULL;
    int other = tables && ui_pressed(in, BTN_DEAL);
    if (ui_pressed(in, BTN_PREV_SPOT)) prev = 1;
    if (ui_pressed(in, BTN_NEXT_SPOT)) next = 1;
    if (in->tap) {
        prev |= ui_inside(tb_popup_button(t, 0), in->px, in->py);
        next |= ui_inside(tb_popup_button(t, 1), in->px, in->py);
        close |= ui_inside(tb_popup_button(t, 2), in->px, in->py);
        other |= tables && ui_inside(tb_popup_button(t, 3), in->px, in->py);
    }
    if (other) {
        t->hist_all = !t->hist_all;
        t->page = 0;
        t->hist_page = -1;
        ui_audio_play(t->audio, SND_BUTTON);
        return;
    }
    if (close) t->overlay = OVERLAY_NONE;
    if (prev && t->page > 0) t->page--;
    if (next) t->page++; /* capped when drawn: the page count depends on the text size */
}

void table_next_language(table_scene_t *t) {
    char why[MACHINE_PLAYER_PATH + 100];
    int next = (machine_language(t->machine) + 1) % CFG_LANGUAGES;
    if (!machine_player_set_language(t->machine, next, why, sizeof why)) table_toast(t, why);
    ui_audio_play(t->audio, SND_BUTTON);
}

void table_input(table_scene_t *t, const ui_input_t *in, machine_input_t *mi) {
    if (t->toast_sticky && (in->pressed || in->tap)) {
        /* the warning was read: this press or touch closes it and does nothing else */
        t->toast_sticky = false;
        t->toast_until = t->now;
        ui_audio_play(t->audio, SND_BUTTON);
        return;
    }
    if (t->toast_until_acted && (in->pressed || in->tap || in->digit >= 0)) {
        /* the news was seen: the player acts, and the press or touch does what it does */
        t->toast_until_acted = false;
        t->toast_until = t->now;
    }
    ui_input_t local = *in;
    /* responsible gaming first: a reality check takes every press, and its page its own */
    if (tb_rg_input(t, &local, mi)) return;
    if (local.tap && !t->demo && ui_inside(t->geom.lang, local.px, local.py)) {
        table_next_language(t);
        return;
    }
    if (toggle_overlay(t, &local)) return;
    if (t->overlay == OVERLAY_SETTINGS) {
        tb_settings_input(t, &local);
        return;
    }
    if (t->overlay != OVERLAY_NONE) {
        overlay_input(t, &local);
        return;
    }
    if (t->game->state != GAME_PLAY) return; /* locked or faulted: the screen says why */
    for (int b = 0; b < BTN_COUNT; b++)
        if (ui_pressed(in, (ui_button_t)b)) press(t, (ui_button_t)b, mi);
    if (in->tap && tb_pay_tap(t, in->px, in->py)) return; /* the pay tables turned */
    if (in->tap) {
        for (int i = 0; i < t->nspots; i++)
            if (ui_inside(t->spots[i].r, in->px, in->py)) bet_on(t, i, mi);
        for (int i = 0; i < TABLE_CHIPS; i++)
            if (ui_inside(tb_chip_rect(t, i), in->px, in->py))
                press(t, (ui_button_t)(BTN_CHIP1 + i), mi);
        for (int i = 0; i < t->nbuttons; i++)
            if (t->buttons[i].enabled && ui_inside(t->buttons[i].r, in->px, in->py))
                press(t, t->buttons[i].button, mi);
    }
}
