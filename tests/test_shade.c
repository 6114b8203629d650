/* The window's shade (gfx_shade_pixels, ui_gfx_layers.c) gives the pixels SDL's own blend gives:
 * an opaque surface of the shade's colour blitted with its alpha over the same pixels, for every
 * alpha and several colours, over a pattern that visits every value of every channel, at widths
 * that leave 0 to 3 pixels past the four-pixel steps; the frame around the shaded rectangle is
 * left as it was. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include <cmocka.h>

#include "ui_gfx_internal.h"

static SDL_Surface *pattern(int w, int h, Uint32 format) {
    SDL_Surface *s = SDL_CreateRGBSurfaceWithFormat(0, w, h, 32, format);
    assert_non_null(s);
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++)
            ((uint32_t *)((uint8_t *)s->pixels + y * s->pitch))[x] =
                0xff000000u | (uint32_t)((x * 7 + y) & 0xff) << 16 |
                (uint32_t)((x + y * 3) & 0xff) << 8 | (uint32_t)((x * 13 + y * 5) & 0xff);
    return s;
}

static void shade_as_sdl(Uint32 format) {
    static const ui_color_t colours[] = {{0, 0, 0, 0}, {255, 255, 255, 0}, {12, 200, 77, 0}};
    for (size_t k = 0; k < sizeof colours / sizeof colours[0]; k++)
        for (int a = 0; a < 256; a += (a < 4 || a > 250 || a == 127 || a == 128) ? 1 : 9)
            for (int w = 61; w <= 64; w++) {
                SDL_Surface *mine = pattern(80, 40, format), *sdl = pattern(80, 40, format);
                ui_color_t c = colours[k];
                c.a = (uint8_t)a;
                SDL_Rect in = {5, 3, w, 30};
                gfx_shade_pixels(mine, in, c);
                SDL_Surface *tile =
                    SDL_CreateRGBSurfaceWithFormat(0, w, 30, 32, SDL_PIXELFORMAT_RGB888);
                assert_non_null(tile);
                SDL_FillRect(tile, NULL, SDL_MapRGB(tile->format, c.r, c.g, c.b));
                SDL_SetSurfaceBlendMode(tile, SDL_BLENDMODE_BLEND);
                SDL_SetSurfaceAlphaMod(tile, c.a);
                SDL_Rect to = in;
                assert_int_equal(SDL_BlitSurface(tile, NULL, sdl, &to), 0);
                for (int y = 0; y < 40; y++)
                    for (int x = 0; x < 80; x++) {
                        uint32_t p = ((uint32_t *)((uint8_t *)mine->pixels + y * mine->pitch))[x];
                        uint32_t q = ((uint32_t *)((uint8_t *)sdl->pixels + y * sdl->pitch))[x];
                        if ((p & 0xffffff) != (q & 0xffffff))
                            fail_msg("colour %zu alpha %d width %d: pixel %d,%d is %06x, SDL %06x",
                                     k, a, w, x, y, p & 0xffffff, q & 0xffffff);
                    }
                SDL_FreeSurface(tile);
                SDL_FreeSurface(mine);
                SDL_FreeSurface(sdl);
            }
}

static void test_shade_window_format(void **state) {
    (void)state;
    shade_as_sdl(SDL_PIXELFORMAT_RGB888);
}

static void test_shade_alpha_format(void **state) {
    (void)state;
    shade_as_sdl(SDL_PIXELFORMAT_ARGB8888);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_shade_window_format),
        cmocka_unit_test(test_shade_alpha_format),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
