/* The window and the kiosk: SDL, the renderer, fonts and pictures, sound, the keyboard map. */
#include <SDL_image.h>
#include <SDL_ttf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app_internal.h"

void window_env(const app_run_t *o) {
    if (o->headless) {
        SDL_setenv("SDL_VIDEODRIVER", "offscreen", 1);
        SDL_setenv("SDL_AUDIODRIVER", "dummy", 1);
    }
}

static bool start_sdl(app_t *a, const cfg_t *c, const app_run_t *o) {
    if (o->headless) {
        /* SDL's own software renderer on a plain memory framebuffer: no GL emulation */
        SDL_SetHint(SDL_HINT_RENDER_DRIVER, "software");
        SDL_SetHint(SDL_HINT_FRAMEBUFFER_ACCELERATION, "0");
    }
    if (SDL_Init(SDL_INIT_VIDEO | SDL_INIT_EVENTS | SDL_INIT_GAMECONTROLLER) != 0) {
        fprintf(stderr, "studpoker: cannot start the display: %s\n", SDL_GetError());
        return false;
    }
    if (TTF_Init() != 0) {
        fprintf(stderr, "studpoker: cannot start fonts: %s\n", TTF_GetError());
        return false;
    }
    IMG_Init(IMG_INIT_PNG);
    SDL_SetHint(SDL_HINT_RENDER_SCALE_QUALITY, "linear");
    Uint32 flags = SDL_WINDOW_RESIZABLE | SDL_WINDOW_ALLOW_HIGHDPI;
    if (c->display.mode != CFG_DISPLAY_WINDOWED && !o->headless)
        flags |= SDL_WINDOW_FULLSCREEN_DESKTOP;
    a->fullscreen = c->display.mode != CFG_DISPLAY_WINDOWED;
    int index = c->display.index < SDL_GetNumVideoDisplays() ? c->display.index : 0;
    int x = (int)SDL_WINDOWPOS_CENTERED_DISPLAY(index), y = x, w = c->display.width,
        h = c->display.height;
    SDL_Rect bounds;
    if (c->display.mode == CFG_DISPLAY_KIOSK && !o->headless &&
        SDL_GetDisplayBounds(index, &bounds) == 0) {
        /* a cabinet: exactly the chosen screen, no decorations, also where no window manager
         * runs to make a window fullscreen (X without one, cage) */
        flags = (flags & ~(Uint32)SDL_WINDOW_RESIZABLE) | SDL_WINDOW_BORDERLESS;
        x = bounds.x, y = bounds.y, w = bounds.w, h = bounds.h;
    }
    a->window = SDL_CreateWindow("studpoker", x, y, w, h, flags);
    if (!a->window) {
        fprintf(stderr, "studpoker: cannot open a window: %s\n", SDL_GetError());
        return false;
    }
    SDL_SetWindowMinimumSize(a->window, 640, 360);
    Uint32 rflags =
        o->headless ? SDL_RENDERER_SOFTWARE
                    : SDL_RENDERER_ACCELERATED | (c->display.vsync ? SDL_RENDERER_PRESENTVSYNC : 0);
    a->ren = SDL_CreateRenderer(a->window, -1, rflags);
    if (!a->ren) a->ren = SDL_CreateRenderer(a->window, -1, SDL_RENDERER_SOFTWARE);
    if (!a->ren) {
        fprintf(stderr, "studpoker: cannot draw: %s\n", SDL_GetError());
        return false;
    }
    return true;
}

void window_stop(app_t *a) {
    gfx_shutdown(&a->gfx);
    ui_audio_shutdown(&a->audio);
    ui_input_shutdown(&a->input);
    if (a->ren) SDL_DestroyRenderer(a->ren);
    if (a->window) SDL_DestroyWindow(a->window);
    IMG_Quit();
    TTF_Quit();
    SDL_Quit();
}

/* Pictures drawn once are kept for the next start: a cabinet beside its records, a desktop in
 * the user's cache folder. */
static void open_raster_cache(app_t *a) {
    char dir[UI_RASTER_DIR_LEN];
    bool have = a->c->cabinet.store_path[0] ? snprintf(dir, sizeof dir, "%s/raster",
                                                       a->c->cabinet.store_path) < (int)sizeof dir
                                            : raster_default_dir(dir, sizeof dir);
    if (have) raster_open(&a->gfx.raster, dir);
}

bool window_start(app_t *a) {
    const cfg_t *c = a->c;
    if (!start_sdl(a, c, a->o)) return false;
    if (!gfx_init(&a->gfx, a->window, a->ren, a->assets)) return false;
    open_raster_cache(a);
    ui_input_init(&a->input);
    ui_scanner_init(&a->input.scan, c->scanner.enabled, (uint32_t)c->scanner.gap_ms);
    /* the keyboard: the config's [keys] (the key table's defaults where it sets none) */
    char err[CFG_ERROR_LEN];
    if (!ui_keymap_from_config(&a->input.map, c, err, sizeof err)) {
        fprintf(stderr, "studpoker: [keys] %s\n", err);
        return false;
    }
    ui_audio_init(&a->audio, a->assets, machine_volume(&a->machine), c->sound.mute,
                  machine_voice(&a->machine));
    if (a->kiosk && !a->o->headless) {
        /* a cabinet: no pointer on the screen (touch needs none), no screen saver */
        SDL_ShowCursor(SDL_DISABLE);
        SDL_DisableScreenSaver();
    }
    return true;
}

void window_keys(app_t *a, const ui_input_t *in) {
    if (ui_pressed(in, BTN_FULLSCREEN) && !a->o->headless && !a->kiosk) {
        a->fullscreen = !a->fullscreen;
        SDL_SetWindowFullscreen(a->window, a->fullscreen ? SDL_WINDOW_FULLSCREEN_DESKTOP : 0);
    }
    if (ui_pressed(in, BTN_SCREENSHOT)) {
        char name[64];
        snprintf(name, sizeof name, "studpoker-%06llu.png",
                 (unsigned long long)a->machine.game.number);
        gfx_screenshot(&a->gfx, name);
    }
}
