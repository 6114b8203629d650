/* The config's key names against SDL itself, so that the data in src/config cannot drift from
 * the library the game runs on: every name the config accepts is one SDL_GetKeyFromName knows
 * (in any case, as the config reads them), no two names are the same key, and the keyboard map
 * ui_input makes from the config's defaults is exactly those names' keys. No display: SDL's
 * key-name functions need no video. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <SDL.h>

#include "config.h"
#include "ui_input.h"

static void upper_lower(const char *name, char *up, char *low, size_t n) {
    size_t i = 0;
    for (; name[i] && i + 1 < n; i++) {
        unsigned char c = (unsigned char)name[i];
        up[i] = (char)(c >= 'a' && c <= 'z' ? c - 32 : c);
        low[i] = (char)(c >= 'A' && c <= 'Z' ? c + 32 : c);
    }
    up[i] = low[i] = '\0';
}

/* Every listed name is a key SDL knows, in any case, and no two are the same key. */
static void test_every_name_is_sdls(void **state) {
    (void)state;
    int n = cfg_key_name_count();
    assert_true(n > 200);
    SDL_Keycode *seen = calloc((size_t)n, sizeof *seen);
    assert_non_null(seen);
    for (int i = 0; i < n; i++) {
        const char *name = cfg_key_name_at(i);
        char up[64], low[64], canon[CFG_KEY_NAME_LEN];
        assert_non_null(name);
        assert_true(strlen(name) < CFG_KEY_NAME_LEN);
        SDL_Keycode k = SDL_GetKeyFromName(name);
        if (k == SDLK_UNKNOWN) fprintf(stderr, "SDL knows no key '%s'\n", name);
        assert_int_not_equal(k, SDLK_UNKNOWN);
        upper_lower(name, up, low, sizeof up);
        assert_int_equal(SDL_GetKeyFromName(up), k);
        assert_int_equal(SDL_GetKeyFromName(low), k);
        /* the config reads every spelling back to the listed one */
        assert_true(cfg_key_name_canonical(low, canon, sizeof canon));
        assert_string_equal(canon, name);
        assert_true(cfg_key_name_canonical(up, canon, sizeof canon));
        assert_string_equal(canon, name);
        for (int j = 0; j < i; j++)
            if (seen[j] == k)
                fprintf(stderr, "'%s' and '%s' are one key\n", cfg_key_name_at(j), name);
        for (int j = 0; j < i; j++) assert_int_not_equal(seen[j], k);
        seen[i] = k;
    }
    assert_null(cfg_key_name_at(n));
    free(seen);
}

/* SDL's own rules: any single character names its key, and the names SDL gives its keys are
 * listed (those a config can hold). What SDL knows that the list lacks (a newer SDL) is only
 * told, not failed: the list may be stricter than SDL, never looser. */
static void test_sdl_rules(void **state) {
    (void)state;
    char canon[CFG_KEY_NAME_LEN];
    static const char *const utf8[] = {"\xC3\xA9", "\xC3\xB1", "\xE2\x82\xAC", "\xC2\xA7"};
    for (size_t i = 0; i < sizeof utf8 / sizeof utf8[0]; i++) {
        assert_true(cfg_key_name_canonical(utf8[i], canon, sizeof canon));
        assert_int_not_equal(SDL_GetKeyFromName(utf8[i]), SDLK_UNKNOWN);
    }
    static const char *const bad[] = {"NoSuchKey", "",  " ", "Return ",  "F99",    "\xC3",
                                      "\x80",      ";", "#", "Keypad #", "Ctrl+Q", "A, B"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        assert_false(cfg_key_name_canonical(bad[i], canon, sizeof canon));
    int missing = 0;
    for (int sc = 0; sc < SDL_NUM_SCANCODES; sc++) {
        const char *name = SDL_GetScancodeName((SDL_Scancode)sc);
        if (!name[0] || SDL_GetKeyFromName(name) == SDLK_UNKNOWN) continue;
        if (strcmp(name, "Keypad #") == 0 || strcmp(name, ";") == 0 || strcmp(name, "#") == 0)
            continue;
        if (!cfg_key_name_canonical(name, canon, sizeof canon)) {
            fprintf(stderr, "note: SDL knows '%s', the config's list does not\n", name);
            missing++;
        }
    }
    if (missing) fprintf(stderr, "note: %d names of this SDL are not listed\n", missing);
}

/* The keyboard map ui_input makes from the config's defaults: every default key of every button
 * is listed, and maps to that name's key; the fixed keys (Ctrl+Z, Ctrl+Q, the digits) are keys
 * the list names too. */
static void test_default_keymap(void **state) {
    (void)state;
    cfg_t *c = malloc(sizeof *c);
    assert_non_null(c);
    cfg_defaults(c, PRESET_CARIBBEAN_CLASSIC);
    ui_keymap_t m;
    char err[CFG_ERROR_LEN] = "";
    assert_true(ui_keymap_from_config(&m, c, err, sizeof err));
    int mapped = 0;
    for (int b = 0; b < CFG_BUTTONS; b++) {
        for (int i = 0; i < c->keys[b].count; i++) {
            char canon[CFG_KEY_NAME_LEN];
            assert_true(cfg_key_name_canonical(c->keys[b].name[i], canon, sizeof canon));
            assert_string_equal(canon, c->keys[b].name[i]);
            assert_int_equal(m.key[b][i], SDL_GetKeyFromName(c->keys[b].name[i]));
            /* SDL names the mapped key the same way back */
            assert_string_equal(SDL_GetKeyName(m.key[b][i]), c->keys[b].name[i]);
            mapped++;
        }
        for (int i = c->keys[b].count; i < UI_KEYS_PER_BUTTON; i++)
            assert_int_equal(m.key[b][i], 0);
    }
    assert_int_equal(mapped, 41); /* 37, S: SETTINGS (issue 13, item 6), L: RESPONSIBLE GAMING,
                                     issue 15's O (LOBBY) and F6 (NEXT_TABLE) */
    /* what the game always had: Enter, Keypad Enter and D deal; Delete and Backspace undo */
    assert_int_equal(m.key[CFG_BUTTON_DEAL][0], SDLK_RETURN);
    assert_int_equal(m.key[CFG_BUTTON_DEAL][1], SDLK_KP_ENTER);
    assert_int_equal(m.key[CFG_BUTTON_DEAL][2], SDLK_d);
    assert_int_equal(m.key[CFG_BUTTON_UNDO][1], SDLK_BACKSPACE);
    assert_int_equal(m.key[CFG_BUTTON_DOUBLE][0], SDLK_v);
    assert_int_equal(m.key[CFG_BUTTON_CLEAR][0], SDLK_HOME);
    assert_int_equal(m.key[CFG_BUTTON_QUIT][0], 0);
    assert_int_equal(m.key[CFG_BUTTON_LOBBY][0], SDLK_o);
    assert_int_equal(m.key[CFG_BUTTON_NEXT_TABLE][0], SDLK_F6);
    static const SDL_Keycode fixed[] = {SDLK_z, SDLK_q, SDLK_0, SDLK_9, SDLK_KP_0, SDLK_KP_9};
    for (size_t i = 0; i < sizeof fixed / sizeof fixed[0]; i++) {
        char canon[CFG_KEY_NAME_LEN];
        assert_true(cfg_key_name_canonical(SDL_GetKeyName(fixed[i]), canon, sizeof canon));
    }
    free(c);
}

/* A config's own keys, and what a cfg_t made some other way cannot map. */
static void test_config_keymap(void **state) {
    (void)state;
    cfg_t *c = malloc(sizeof *c);
    assert_non_null(c);
    const char *text = "[keys]\ndeal = keypad enter, space\nrepeat = R\nfold = Left Shift\n"
                       "bet = ,\nquit = Q\n";
    cfg_errors_t *e = malloc(sizeof *e);
    assert_non_null(e);
    int n = cfg_load_string(text, strlen(text), "k.ini", c, e);
    if (n) cfg_errors_print(e, stderr);
    assert_int_equal(n, 0);
    ui_keymap_t m;
    char err[CFG_ERROR_LEN] = "";
    assert_true(ui_keymap_from_config(&m, c, err, sizeof err));
    assert_int_equal(m.key[CFG_BUTTON_DEAL][0], SDLK_KP_ENTER);
    assert_int_equal(m.key[CFG_BUTTON_DEAL][1], SDLK_SPACE);
    assert_int_equal(m.key[CFG_BUTTON_DEAL][2], 0);
    assert_int_equal(m.key[CFG_BUTTON_REPEAT][0], SDLK_r);
    assert_int_equal(m.key[CFG_BUTTON_FOLD][0], SDLK_LSHIFT);
    assert_int_equal(m.key[CFG_BUTTON_BET][0], SDLK_COMMA);
    assert_int_equal(m.key[CFG_BUTTON_QUIT][0], SDLK_q);
    /* a name SDL does not know, or one key for two buttons, set behind the config's back */
    snprintf(c->keys[CFG_BUTTON_PLAY].name[0], CFG_KEY_NAME_LEN, "NoSuchKey");
    assert_false(ui_keymap_from_config(&m, c, err, sizeof err));
    assert_string_equal(err, "play: SDL knows no key named 'NoSuchKey' (write names like Return, "
                             "Space, F2, A)");
    snprintf(c->keys[CFG_BUTTON_PLAY].name[0], CFG_KEY_NAME_LEN, "R");
    assert_false(ui_keymap_from_config(&m, c, err, sizeof err));
    assert_string_equal(err, "repeat: 'R' is already the key of play");
    free(e);
    free(c);
}

/* The buttons: one enum, named once, scripts find them in either spelling. */
static void test_buttons(void **state) {
    (void)state;
    for (int b = 0; b < CFG_BUTTONS; b++) {
        ui_button_t back;
        assert_true(ui_button_from_name(ui_button_name((ui_button_t)b), &back));
        assert_int_equal(back, b);
        assert_true(ui_button_from_name(cfg_button_key((cfg_button_t)b), &back));
        assert_int_equal(back, b);
    }
    assert_string_equal(ui_button_name(BTN_NEXT_SPOT), "NEXT_SPOT");
    assert_string_equal(ui_button_name(BTN_QUIT), "QUIT");
    ui_button_t b;
    assert_false(ui_button_from_name("NOPE", &b));
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_every_name_is_sdls),
        cmocka_unit_test(test_sdl_rules),
        cmocka_unit_test(test_default_keymap),
        cmocka_unit_test(test_config_keymap),
        cmocka_unit_test(test_buttons),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
