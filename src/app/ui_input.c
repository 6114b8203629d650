#include "ui_input.h"
#include "ui_gfx.h"

#include <stdio.h>
#include <string.h>

const char *ui_button_name(ui_button_t b) {
    return cfg_button_name(b);
}

bool ui_button_from_name(const char *name, ui_button_t *out) {
    return cfg_button_from_key(name, out);
}

static int button_of_key(const ui_keymap_t *m, SDL_Keycode k) {
    for (int b = 0; b < BTN_COUNT; b++)
        for (int i = 0; i < UI_KEYS_PER_BUTTON; i++)
            if (m->key[b][i] && m->key[b][i] == k) return b;
    return -1;
}

/* A button's key that cannot be mapped: err says why, and the map is left empty. */
static bool unmappable(ui_keymap_t *m, char *err, size_t errlen, cfg_button_t b, const char *key,
                       int other) {
    if (err && errlen && other < 0)
        snprintf(err, errlen,
                 "%s: SDL knows no key named '%.*s' (write names like Return, Space, "
                 "F2, A)",
                 cfg_button_key(b), CFG_KEY_NAME_LEN, key);
    else if (err && errlen)
        snprintf(err, errlen, "%s: '%.*s' is already the key of %s", cfg_button_key(b),
                 CFG_KEY_NAME_LEN, key, cfg_button_key((cfg_button_t)other));
    memset(m, 0, sizeof *m);
    return false;
}

bool ui_keymap_from_config(ui_keymap_t *m, const cfg_t *c, char *err, size_t errlen) {
    memset(m, 0, sizeof *m);
    for (int b = 0; b < CFG_BUTTONS; b++) {
        const cfg_key_list_t *l = &c->keys[b];
        for (int i = 0; i < l->count && i < UI_KEYS_PER_BUTTON; i++) {
            SDL_Keycode k = SDL_GetKeyFromName(l->name[i]);
            if (k == SDLK_UNKNOWN)
                return unmappable(m, err, errlen, (cfg_button_t)b, l->name[i], -1);
            int other = button_of_key(m, k);
            if (other >= 0) return unmappable(m, err, errlen, (cfg_button_t)b, l->name[i], other);
            m->key[b][i] = k;
        }
    }
    return true;
}

void ui_input_init(ui_input_state_t *s) {
    memset(s, 0, sizeof *s);
}

void ui_input_shutdown(ui_input_state_t *s) {
    for (int i = 0; i < 4; i++)
        if (s->pads[i]) SDL_GameControllerClose(s->pads[i]);
}

static int button_of_pad(uint8_t pb) {
    switch (pb) {
    case SDL_CONTROLLER_BUTTON_A:
        return BTN_DEAL;
    case SDL_CONTROLLER_BUTTON_B:
        return BTN_FOLD;
    case SDL_CONTROLLER_BUTTON_X:
        return BTN_REPEAT;
    case SDL_CONTROLLER_BUTTON_Y:
        return BTN_PLAY;
    case SDL_CONTROLLER_BUTTON_LEFTSHOULDER:
        return BTN_UNDO;
    case SDL_CONTROLLER_BUTTON_RIGHTSHOULDER:
        return BTN_BET;
    case SDL_CONTROLLER_BUTTON_DPAD_LEFT:
        return BTN_PREV_SPOT;
    case SDL_CONTROLLER_BUTTON_DPAD_RIGHT:
        return BTN_NEXT_SPOT;
    case SDL_CONTROLLER_BUTTON_DPAD_UP:
        return BTN_RAISE3;
    case SDL_CONTROLLER_BUTTON_DPAD_DOWN:
        return BTN_RAISE1;
    case SDL_CONTROLLER_BUTTON_BACK:
        return BTN_HELP;
    case SDL_CONTROLLER_BUTTON_START:
        return BTN_DEAL;
    default:
        return -1;
    }
}

/* The button a key press is: Ctrl+Z is UNDO and Ctrl+Q QUIT whatever the map says; -1: none. */
static int button_of_keydown(const ui_keymap_t *m, const SDL_KeyboardEvent *k) {
    if (k->keysym.sym == SDLK_z && (k->keysym.mod & KMOD_CTRL)) return BTN_UNDO;
    if (k->keysym.sym == SDLK_q && (k->keysym.mod & KMOD_CTRL)) return BTN_QUIT;
    return button_of_key(m, k->keysym.sym);
}

/* The digit a key is (the number row or the keypad), -1: none. */
static int digit_of_key(SDL_Keycode k) {
    if (k >= SDLK_0 && k <= SDLK_9) return (int)(k - SDLK_0);
    if (k >= SDLK_KP_1 && k <= SDLK_KP_9) return (int)(k - SDLK_KP_1) + 1;
    if (k == SDLK_KP_0) return 0;
    return -1;
}

enum { NOT_ACTION, ACTION, POINTER_ACTION };

/* What an event does: an action is something a player does (a key that is a button or a digit,
 * a click, a touch, a pad button); a pointer action has to be hit-tested on the table. */
static int action_kind(const ui_input_state_t *s, const SDL_Event *e) {
    switch (e->type) {
    case SDL_KEYDOWN:
        return !e->key.repeat && (button_of_keydown(&s->map, &e->key) >= 0 ||
                                  digit_of_key(e->key.keysym.sym) >= 0)
                   ? ACTION
                   : NOT_ACTION;
    case SDL_MOUSEBUTTONUP:
        return e->button.which != SDL_TOUCH_MOUSEID && e->button.button == SDL_BUTTON_LEFT
                   ? POINTER_ACTION
                   : NOT_ACTION;
    case SDL_FINGERUP:
        return POINTER_ACTION;
    case SDL_CONTROLLERBUTTONDOWN:
        return button_of_pad(e->cbutton.button) >= 0 ? ACTION : NOT_ACTION;
    default:
        return NOT_ACTION;
    }
}

/* One event into the tick's input. */
static void take(ui_input_state_t *s, const ui_gfx_t *g, ui_input_t *in, const SDL_Event *ev,
                 uint32_t now_ms, bool laid_out) {
    SDL_Event e = *ev;
    switch (e.type) {
    case SDL_QUIT:
        in->quit_request = true;
        break;
    case SDL_WINDOWEVENT:
        in->redraw = true;
        break;
    case SDL_KEYDOWN: {
        SDL_Keycode k = e.key.keysym.sym;
        int b = button_of_keydown(&s->map, &e.key);
        if (b == BTN_UNDO && !e.key.repeat) {
            s->undo_down_ms = now_ms;
            s->undo_cleared = false;
        }
        if (b >= 0 && !e.key.repeat) {
            in->pressed |= 1ull << b;
            s->held |= 1ull << b;
        }
        /* digits for a PIN, whatever button the key also is (the 1-6 chips, 7 the bill) */
        int d = digit_of_key(k);
        if (!e.key.repeat && d >= 0) in->digit = d;
        break;
    }
    case SDL_KEYUP: {
        int b = button_of_key(&s->map, e.key.keysym.sym);
        if (e.key.keysym.sym == SDLK_z) s->held &= ~(1ull << BTN_UNDO);
        if (b >= 0) s->held &= ~(1ull << b);
        break;
    }
    case SDL_MOUSEMOTION:
        if (e.motion.which == SDL_TOUCH_MOUSEID || !laid_out) break;
        gfx_to_virtual(g, e.motion.x, e.motion.y, &in->px, &in->py);
        in->pointer_seen = true;
        break;
    case SDL_MOUSEBUTTONUP:
        if (e.button.which == SDL_TOUCH_MOUSEID || e.button.button != SDL_BUTTON_LEFT) break;
        gfx_to_virtual(g, e.button.x, e.button.y, &in->px, &in->py);
        in->pointer_seen = in->tap = true;
        break;
    case SDL_FINGERUP:
        /* touch positions are 0..1 of the window */
        gfx_to_virtual(g, (int)(e.tfinger.x * (float)g->pw), (int)(e.tfinger.y * (float)g->ph),
                       &in->px, &in->py);
        in->pointer_seen = in->tap = in->touched = true;
        break;
    case SDL_CONTROLLERDEVICEADDED:
        for (int i = 0; i < 4; i++)
            if (!s->pads[i]) {
                s->pads[i] = SDL_GameControllerOpen(e.cdevice.which);
                break;
            }
        break;
    case SDL_CONTROLLERBUTTONDOWN: {
        int b = button_of_pad(e.cbutton.button);
        if (b >= 0) in->pressed |= 1ull << b;
        break;
    }
    default:
        break;
    }
}

/* ---- the ticket scanner's stage ---- */

/* The scanner's key code of a key press: a digit 0..9, UI_SCAN_ENTER, or -1 (not its). */
static int scan_code(const SDL_Event *e) {
    if (e->type != SDL_KEYDOWN || e->key.repeat) return -1;
    SDL_Keycode k = e->key.keysym.sym;
    if (k == SDLK_RETURN || k == SDLK_KP_ENTER) return UI_SCAN_ENTER;
    return digit_of_key(k);
}

/* The held keys go back to the game, in their order, ahead of anything still queued. */
static void give_back(ui_input_state_t *s) {
    for (int i = 0; i < s->scan.n && s->nreplay < UI_SCAN_HOLD; i++) {
        s->replay_sym[s->nreplay] = s->held_sym[i];
        s->replay_mod[s->nreplay++] = s->held_mod[i];
    }
    ui_scanner_clear(&s->scan);
}

/* A key press of the scanner's: held, a scan, or given back with the ones held before it. */
static void scan_key(ui_input_state_t *s, ui_input_t *in, const SDL_Event *e, int code) {
    int i = s->scan.n < UI_SCAN_HOLD ? s->scan.n : UI_SCAN_HOLD - 1;
    s->held_sym[i] = e->key.keysym.sym;
    s->held_mod[i] = e->key.keysym.mod;
    char digits[UI_SCAN_DIGITS + 1];
    switch (ui_scanner_key(&s->scan, code, e->key.timestamp, digits)) {
    case UI_SCAN_TICKET:
        snprintf(in->ticket, sizeof in->ticket, "%s", digits);
        break;
    case UI_SCAN_RELEASE:
        give_back(s);
        break;
    default:
        break;
    }
}

/* One key given back by the scanner, taken as it was typed. */
static void take_replay(ui_input_state_t *s, const ui_gfx_t *g, ui_input_t *in, uint32_t now_ms) {
    SDL_Event e;
    memset(&e, 0, sizeof e);
    e.type = SDL_KEYDOWN;
    e.key.keysym.sym = s->replay_sym[s->ireplay];
    e.key.keysym.mod = s->replay_mod[s->ireplay++];
    if (s->ireplay == s->nreplay) s->nreplay = s->ireplay = 0;
    take(s, g, in, &e, now_ms, g->frame > 0);
    /* its key went up while it was held: the press is over already */
    int b = button_of_keydown(&s->map, &e.key);
    if (b >= 0) s->held &= ~(1ull << b);
}

/* One action a tick: the events up to and including the first action are taken, the rest stay
 * queued, in order, for the next ticks. A tick is a flag per button, so several actions taken
 * in one tick (a machine that stalled for a moment: a loaded CI runner, a slow disk, the first
 * frame's textures) were merged or reordered: B twice was one bet, and B with ENTER dealt
 * before the bet (the scene reads the flags in button order). A click or a touch also waits for
 * the first frame: it is hit-tested on the layout that frame works out (before it the scale is
 * 0), so one made while the program was starting is not lost. Keys the scanner gave back come
 * first, one a tick, before anything queued after them. */
void ui_input_poll(ui_input_state_t *s, const ui_gfx_t *g, ui_input_t *in, uint32_t now_ms) {
    memset(in, 0, sizeof *in);
    in->digit = -1;
    bool laid_out = g->frame > 0;
    SDL_PumpEvents();
    if (ui_scanner_expired(&s->scan, SDL_GetTicks())) give_back(s);
    SDL_Event e;
    while (s->nreplay == 0 &&
           SDL_PeepEvents(&e, 1, SDL_PEEKEVENT, SDL_FIRSTEVENT, SDL_LASTEVENT) == 1) {
        int kind = action_kind(s, &e);
        if (kind == POINTER_ACTION && !laid_out) break;
        int code = s->scan.enabled ? scan_code(&e) : -1;
        /* another action while keys are held: they were a person's, and come first */
        if (s->scan.n > 0 && kind != NOT_ACTION && code < 0) {
            give_back(s);
            break;
        }
        if (SDL_PeepEvents(&e, 1, SDL_GETEVENT, SDL_FIRSTEVENT, SDL_LASTEVENT) != 1) break;
        if (code >= 0) {
            scan_key(s, in, &e, code);
            if (in->ticket[0] || s->nreplay) break; /* a scan, or keys to give back */
            continue;
        }
        take(s, g, in, &e, now_ms, laid_out);
        if (kind != NOT_ACTION) break; /* the next action waits for the next tick */
    }
    if (s->nreplay && !in->ticket[0]) take_replay(s, g, in, now_ms);
    /* holding UNDO for a second clears every bet (001) */
    if ((s->held >> BTN_UNDO & 1) && !s->undo_cleared && now_ms - s->undo_down_ms >= 1000) {
        in->pressed |= 1ull << BTN_CLEAR;
        s->undo_cleared = true;
    }
    in->held = s->held;
    if (!in->pointer_seen) {
        int x, y;
        SDL_GetMouseState(&x, &y);
        if (laid_out)
            gfx_to_virtual(g, x, y, &in->px, &in->py);
        else
            in->px = in->py = -1; /* off the table until the first frame lays it out */
    }
}
