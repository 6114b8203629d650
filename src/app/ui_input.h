/* ui_input: every input device becomes logical cabinet buttons.
 *
 * Keyboard (with seed 001's shortcuts), mouse, touch and game controllers are read here, once
 * per tick, into one plain ui_input_t. Scenes see only that struct: which buttons went down this
 * tick, which are held, and where the pointer is in virtual units (a click or a tap is a
 * pointer press; the scene hit-tests its own spots and buttons). Headless scripts press the same
 * logical buttons, so a script plays exactly as a person would. */
#ifndef STUDPOKER_UI_INPUT_H
#define STUDPOKER_UI_INPUT_H

#include <SDL.h>
#include <stdbool.h>
#include <stdint.h>

#include "ui_gfx.h"

typedef enum ui_button {
    BTN_DEAL = 0,
    BTN_PLAY,
    BTN_FOLD,
    BTN_RAISE1,
    BTN_RAISE2,
    BTN_RAISE3,
    BTN_BET, /* the selected chip on the focused spot */
    BTN_REPEAT,
    BTN_DOUBLE,
    BTN_UNDO,
    BTN_CLEAR,
    BTN_CHIP1,
    BTN_CHIP2,
    BTN_CHIP3,
    BTN_CHIP4,
    BTN_CHIP5,
    BTN_CHIP6,
    BTN_NEXT_SPOT,
    BTN_PREV_SPOT,
    BTN_CASHOUT,
    BTN_COIN,
    BTN_BILL,
    BTN_SERVICE,
    BTN_ATTENDANT,
    BTN_DOOR,
    BTN_HELP,
    BTN_HISTORY,
    BTN_BACK,
    BTN_FULLSCREEN,
    BTN_SCREENSHOT,
    BTN_MUTE,
    BTN_TURBO,
    BTN_QUIT,
    BTN_COUNT
} ui_button_t;

typedef struct ui_input {
    uint64_t pressed; /* went down this tick (bit per ui_button_t) */
    uint64_t held;    /* down now */
    bool pointer_seen;
    float px, py;      /* pointer in virtual units */
    bool tap;          /* a click or a touch released this tick at (px, py) */
    bool touched;      /* the tap came from a touch screen (kiosk: the cursor stays hidden) */
    int digit;         /* a digit key went down this tick (PIN entry), -1 = none */
    bool quit_request; /* window closed, SIGTERM */
    bool redraw;       /* the window was shown, resized or uncovered */
} ui_input_t;

#define UI_KEYS_PER_BUTTON 3

typedef struct ui_keymap {
    SDL_Keycode key[BTN_COUNT][UI_KEYS_PER_BUTTON];
} ui_keymap_t;

const char *ui_button_name(ui_button_t b); /* "DEAL", "CHIP1", ... */
bool ui_button_from_name(const char *name, ui_button_t *out);

/* Default keys: seed 001's shortcuts (1..6 chips, SPACE repeat/double, Ctrl+Z / Delete /
 * Backspace undo, ESC back) plus Enter deal, P play, F fold, Z/X/C raise 1x-3x, B bet, F11
 * fullscreen, F12 screenshot, and cabinet keys (Insert coin, 7 bill, End cash out, 9 service,
 * F2 attendant, F3 door); a cabinet panel maps its own keys through the config's [keys]. */
void ui_keymap_default(ui_keymap_t *m);
/* Makes a named key (SDL key names, e.g. "Return", "F5") the button's main key, taking it from
 * any other button; the button's alternates stay. */
bool ui_keymap_set(ui_keymap_t *m, ui_button_t b, const char *key_name);

typedef struct ui_input_state {
    ui_keymap_t map;
    uint64_t held;
    uint32_t undo_down_ms; /* when the undo key went down: holding it clears */
    bool undo_cleared;
    SDL_GameController *pads[4];
} ui_input_state_t;

void ui_input_init(ui_input_state_t *s);
void ui_input_shutdown(ui_input_state_t *s);
/* Reads pending SDL events into *in (cleared first), up to and including the next action (a key
 * that is a button or a digit, a click, a touch, a pad button): later ones wait for the next frame,
 * so no two presses are merged or reordered; a click or touch waits for the first frame drawn.
 * now_ms drives hold-to-clear. */
void ui_input_poll(ui_input_state_t *s, const ui_gfx_t *g, ui_input_t *in, uint32_t now_ms);

static inline bool ui_pressed(const ui_input_t *in, ui_button_t b) {
    return (in->pressed >> b) & 1u;
}
static inline void ui_press(ui_input_t *in, ui_button_t b) {
    in->pressed |= 1ull << b;
}

#endif
