/* ui_input: every input device becomes logical cabinet buttons.
 *
 * Keyboard, mouse, touch and game controllers are read here, once per tick, into one plain
 * ui_input_t. Scenes see only that struct: which buttons went down this tick, which are held,
 * and where the pointer is in virtual units (a click or a tap is a pointer press; the scene
 * hit-tests its own spots and buttons). Headless scripts press the same logical buttons, so a
 * script plays exactly as a person would.
 *
 * The buttons are the config's (cfg_button_t, config.h), and so are the keys: the keyboard map
 * is made from a cfg_t's [keys] (ui_keymap_from_config), whose defaults live only in the
 * config's key table. Fixed here, whatever [keys] says: Ctrl+Z is UNDO and Ctrl+Q is QUIT
 * (kiosk mode ignores QUIT); holding UNDO for a second is CLEAR (seed 001); the number row and
 * keypad digits type a PIN besides being whatever button they are; a game controller's A and
 * Start are DEAL, B FOLD, X REPEAT, Y PLAY, the shoulders UNDO (left) and BET (right), the
 * d-pad left/right the spot and up/down RAISE3/RAISE1, Back HELP. */
#ifndef STUDPOKER_UI_INPUT_H
#define STUDPOKER_UI_INPUT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "config.h"
#include "ui_scanner.h"
#include "ui_types.h"

/* The scenes' short names for the config's buttons: one enum, two spellings. */
typedef cfg_button_t ui_button_t;
#define BTN_DEAL       CFG_BUTTON_DEAL
#define BTN_PLAY       CFG_BUTTON_PLAY
#define BTN_FOLD       CFG_BUTTON_FOLD
#define BTN_RAISE1     CFG_BUTTON_RAISE1
#define BTN_RAISE2     CFG_BUTTON_RAISE2
#define BTN_RAISE3     CFG_BUTTON_RAISE3
#define BTN_BET        CFG_BUTTON_BET
#define BTN_REPEAT     CFG_BUTTON_REPEAT
#define BTN_DOUBLE     CFG_BUTTON_DOUBLE
#define BTN_UNDO       CFG_BUTTON_UNDO
#define BTN_CLEAR      CFG_BUTTON_CLEAR
#define BTN_CHIP1      CFG_BUTTON_CHIP1
#define BTN_CHIP2      CFG_BUTTON_CHIP2
#define BTN_CHIP3      CFG_BUTTON_CHIP3
#define BTN_CHIP4      CFG_BUTTON_CHIP4
#define BTN_CHIP5      CFG_BUTTON_CHIP5
#define BTN_CHIP6      CFG_BUTTON_CHIP6
#define BTN_NEXT_SPOT  CFG_BUTTON_NEXT_SPOT
#define BTN_PREV_SPOT  CFG_BUTTON_PREV_SPOT
#define BTN_CASHOUT    CFG_BUTTON_CASHOUT
#define BTN_COIN       CFG_BUTTON_COIN
#define BTN_BILL       CFG_BUTTON_BILL
#define BTN_SERVICE    CFG_BUTTON_SERVICE
#define BTN_ATTENDANT  CFG_BUTTON_ATTENDANT
#define BTN_DOOR       CFG_BUTTON_DOOR
#define BTN_HELP       CFG_BUTTON_HELP
#define BTN_HISTORY    CFG_BUTTON_HISTORY
#define BTN_RG         CFG_BUTTON_RESPONSIBLE
#define BTN_SETTINGS   CFG_BUTTON_SETTINGS
#define BTN_BACK       CFG_BUTTON_BACK
#define BTN_FULLSCREEN CFG_BUTTON_FULLSCREEN
#define BTN_SCREENSHOT CFG_BUTTON_SCREENSHOT
#define BTN_MUTE       CFG_BUTTON_MUTE
#define BTN_TURBO      CFG_BUTTON_TURBO
#define BTN_QUIT       CFG_BUTTON_QUIT
#define BTN_LOBBY      CFG_BUTTON_LOBBY
#define BTN_NEXT_TABLE CFG_BUTTON_NEXT_TABLE
#define BTN_COUNT      CFG_BUTTONS
_Static_assert(CFG_BUTTONS <= 64, "a tick's presses are a bit per button in a uint64_t");

typedef struct ui_input {
    uint64_t pressed; /* went down this tick (bit per ui_button_t) */
    uint64_t held;    /* down now */
    bool pointer_seen;
    float px, py;      /* pointer in virtual units */
    bool tap;          /* a click or a touch released this tick at (px, py) */
    bool touched;      /* the tap came from a touch screen (kiosk: the cursor stays hidden) */
    int digit;         /* a digit key went down this tick (PIN entry), -1 = none */
    char ticket[32];   /* a ticket scanned this tick (its digits), "" = none */
    bool quit_request; /* window closed, SIGTERM */
    bool redraw;       /* the window was shown, resized or uncovered */
} ui_input_t;

#define UI_KEYS_PER_BUTTON CFG_KEYS_PER_BUTTON

typedef struct ui_keymap {
    int32_t key[CFG_BUTTONS][UI_KEYS_PER_BUTTON]; /* SDL_Keycode values, 0 = none */
} ui_keymap_t;

const char *ui_button_name(ui_button_t b); /* "DEAL", "CHIP1", ... (cfg_button_name) */
/* A button by name, as scripts write it ("DEAL", "next_spot"): cfg_button_from_key. */
bool ui_button_from_name(const char *name, ui_button_t *out);

/* The keyboard map of a config: each button's [keys] list, through SDL_GetKeyFromName. A config
 * that loaded always maps (its names are SDL's, each key one button's); false, with err saying
 * which button and key, for a cfg_t made some other way with a name SDL does not know or a key
 * two buttons share. *m is empty (no key does anything) until this is called. */
bool ui_keymap_from_config(ui_keymap_t *m, const cfg_t *c, char *err, size_t errlen);

typedef struct ui_input_state {
    ui_keymap_t map;
    uint64_t held;
    uint32_t undo_down_ms; /* when the undo key went down: holding it clears */
    bool undo_cleared;
    struct _SDL_GameController *pads[4]; /* SDL_GameController */
    /* the ticket scanner (ui_scanner.h): the keys it holds back, and those it gave back to be
     * taken in order, one a tick (SDL key code and modifiers) */
    ui_scanner_t scan;
    int32_t held_sym[UI_SCAN_HOLD];
    uint16_t held_mod[UI_SCAN_HOLD];
    int32_t replay_sym[UI_SCAN_HOLD];
    uint16_t replay_mod[UI_SCAN_HOLD];
    int nreplay, ireplay;
} ui_input_state_t;

/* Clears the state; the keyboard map is empty until ui_keymap_from_config fills s->map, and the
 * scanner is off until ui_scanner_init(&s->scan, ...) turns it on. */
void ui_input_init(ui_input_state_t *s);
void ui_input_shutdown(ui_input_state_t *s);
/* Reads pending SDL events into *in (cleared first), up to and including the next action (a key
 * that is a button or a digit, a click, a touch, a pad button): later ones wait for the next frame,
 * so no two presses are merged or reordered; a click or touch waits for the first frame drawn.
 * now_ms drives hold-to-clear. With the scanner on, digits and Enter pass through it first: a
 * scan becomes in->ticket, a person's keys come out in their order a moment later. */
void ui_input_poll(ui_input_state_t *s, const ui_gfx_t *g, ui_input_t *in, uint32_t now_ms);

static inline bool ui_pressed(const ui_input_t *in, ui_button_t b) {
    return (in->pressed >> b) & 1u;
}
static inline void ui_press(ui_input_t *in, ui_button_t b) {
    in->pressed |= 1ull << b;
}

#endif
