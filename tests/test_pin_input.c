/* The operator's PIN typed fast on a real keyboard's path (issue 13, item 4): SDL's own event
 * queue with the key presses in it, read by ui_input_poll one action a tick as the program's
 * loop reads them, into the operator scene's keypad and the machine's PIN check. Four digits and
 * ENTER all queued before the first tick (a burst within one frame, faster than 60 ms a key)
 * open the menu: no digit is lost or replaced by the next. No display: the dummy video driver;
 * the events are pushed, not typed. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <SDL.h>

#include "machine.h"
#include "scene_operator.h"
#include "ui_audio.h"
#include "ui_gfx.h"
#include "ui_input.h"

static void push_key(SDL_Keycode k) {
    SDL_Event e;
    memset(&e, 0, sizeof e);
    e.type = SDL_KEYDOWN;
    e.key.state = SDL_PRESSED;
    e.key.keysym.sym = k;
    assert_int_equal(SDL_PushEvent(&e), 1);
    e.type = SDL_KEYUP;
    e.key.state = SDL_RELEASED;
    assert_int_equal(SDL_PushEvent(&e), 1);
}

/* The keys queued, then ticks of the loop until the queue is read: what the keypad got. */
static op_page_t type_pin(machine_t *m, const char *keys, int *digits_seen) {
    static cfg_t c;
    cfg_defaults(&c, PRESET_CARIBBEAN_CLASSIC);
    ui_input_state_t st;
    ui_input_init(&st);
    char err[160];
    assert_true(ui_keymap_from_config(&st.map, &c, err, sizeof err));
    static ui_gfx_t gfx;     /* no window: keys need no layout */
    static ui_audio_t audio; /* not open: plays nothing */
    static operator_scene_t op;
    operator_init(&op, m, &audio);
    operator_open(&op);
    for (const char *k = keys; *k; k++) push_key(*k == '\n' ? SDLK_RETURN : (SDL_Keycode)*k);
    *digits_seen = 0;
    for (int tick = 0; tick < 40; tick++) {
        ui_input_t in;
        ui_input_poll(&st, &gfx, &in, (uint32_t)tick * 16);
        if (in.digit >= 0) ++*digits_seen;
        operator_update(&op, &in, 1.0f / 60);
    }
    ui_input_shutdown(&st);
    return op.page;
}

static void test_pin_burst(void **state) {
    (void)state;
    static cfg_t c;
    cfg_defaults(&c, PRESET_CARIBBEAN_CLASSIC);
    snprintf(c.cabinet.operator_pin, sizeof c.cabinet.operator_pin, "1234");
    machine_t m;
    char err[160];
    assert_true(machine_open(&m, &c, 0, 7, NULL, err, sizeof err));
    assert_true(game_new_round(&m.game));
    int seen = 0;
    /* a wrong PIN stays on the keypad (the check can fail) */
    assert_int_equal(type_pin(&m, "1243\n", &seen), OP_PIN);
    assert_int_equal(seen, 4);
    /* the right one, as fast: the menu */
    assert_int_equal(type_pin(&m, "1234\n", &seen), OP_MENU);
    assert_int_equal(seen, 4);
    machine_close(&m);
}

int main(void) {
    SDL_SetHint(SDL_HINT_VIDEODRIVER, "dummy");
    if (SDL_Init(SDL_INIT_EVENTS) != 0) {
        fprintf(stderr, "SDL_Init: %s\n", SDL_GetError());
        return 1;
    }
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_pin_burst),
    };
    int rc = cmocka_run_group_tests(tests, NULL, NULL);
    SDL_Quit();
    return rc;
}
