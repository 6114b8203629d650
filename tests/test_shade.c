/* The window's shade (gfx_shade_pixels, ui_gfx_layers.c) gives the pixels SDL's own blend gives:
 * an opaque surface of the shade's colour blitted with its alpha over the same pixels, for every
 * alpha and several colours, over a pattern that visits every value of every channel, at widths
 * that leave 0 to 7 pixels past the eight-pixel steps; the frame around the shaded rectangle is
 * left as it was. And a picture with alpha over the window's pixels (gfx_blend_pixels) gives what
 * SDL's blit of it gives, byte for byte, for every alpha (clear and opaque among them) over every
 * value of every channel, at the same widths, with the picture faded or not (SDL's two ways). The
 * light's cross-fade (gfx_fade_row) gives each channel as the formula says, computed here a channel
 * at a time, for weights and alphas at and between their ends and every row length up to 19 (the
 * four-pixel steps and what is past them). Each of the window's loops is tested twice: four
 * pixels a step (SSE2) and eight (AVX2; SKIPPED where the processor has none). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

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

/* state: the loops' width, 0 (SSE2) or 1 (AVX2) */
static void use_loops(void **state) {
    int want = *(int *)*state;
    if (gfx_pixels_avx2(want) != (want == 1)) skip();
}

static void shade_as_sdl(Uint32 format) {
    static const ui_color_t colours[] = {{0, 0, 0, 0}, {255, 255, 255, 0}, {12, 200, 77, 0}};
    for (size_t k = 0; k < sizeof colours / sizeof colours[0]; k++)
        for (int a = 0; a < 256; a += (a < 4 || a > 250 || a == 127 || a == 128) ? 1 : 9)
            for (int w = 56; w <= 64; w++) {
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
    use_loops(state);
    shade_as_sdl(SDL_PIXELFORMAT_RGB888);
}

static void test_shade_alpha_format(void **state) {
    use_loops(state);
    shade_as_sdl(SDL_PIXELFORMAT_ARGB8888);
}

/* Every alpha with every value of each channel, over a pattern of its own. */
static uint32_t picture_px(int x, int y) {
    uint32_t a = (uint32_t)(x * 3 + y * 7) & 0xff;
    if (x % 9 == 0) a = 0;
    if (y % 5 == 0) a = 255;
    return a << 24 | (uint32_t)((x * 5 + y) & 0xff) << 16 | (uint32_t)((x + y * 11) & 0xff) << 8 |
           (uint32_t)((x * 17 + y * 3) & 0xff);
}

static void blend_as_sdl(Uint32 format) {
    static const int mods[] = {255, 254, 200, 128, 37, 1};
    for (size_t k = 0; k < sizeof mods / sizeof mods[0]; k++)
        for (int w = 56; w <= 64; w++) {
            SDL_Surface *mine = pattern(300, 100, format), *sdl = pattern(300, 100, format);
            SDL_Surface *pic =
                SDL_CreateRGBSurfaceWithFormat(0, w, 90, 32, SDL_PIXELFORMAT_ARGB8888);
            assert_non_null(pic);
            for (int y = 0; y < 90; y++)
                for (int x = 0; x < w; x++)
                    ((uint32_t *)((uint8_t *)pic->pixels + y * pic->pitch))[x] = picture_px(x, y);
            SDL_Rect in = {7, 5, w, 90};
            gfx_blend_pixels(mine, in, pic->pixels, pic->pitch, (uint8_t)mods[k]);
            SDL_SetSurfaceBlendMode(pic, SDL_BLENDMODE_BLEND);
            SDL_SetSurfaceAlphaMod(pic, (uint8_t)mods[k]);
            SDL_Rect to = in;
            assert_int_equal(SDL_BlitSurface(pic, NULL, sdl, &to), 0);
            for (int y = 0; y < 100; y++)
                for (int x = 0; x < 300; x++) {
                    uint32_t p = ((uint32_t *)((uint8_t *)mine->pixels + y * mine->pitch))[x];
                    uint32_t q = ((uint32_t *)((uint8_t *)sdl->pixels + y * sdl->pitch))[x];
                    if (p != q)
                        fail_msg(
                            "width %d: pixel %d,%d is %08x, SDL %08x (picture %08x)", w, x, y, p, q,
                            x >= 7 && y >= 5 && y < 95 && x < 7 + w ? picture_px(x - 7, y - 5) : 0);
                }
            SDL_FreeSurface(pic);
            SDL_FreeSurface(mine);
            SDL_FreeSurface(sdl);
        }
}

static void test_blend_window_format(void **state) {
    use_loops(state);
    blend_as_sdl(SDL_PIXELFORMAT_RGB888);
}

static void test_blend_alpha_format(void **state) {
    use_loops(state);
    blend_as_sdl(SDL_PIXELFORMAT_ARGB8888);
}

static void test_fade_row(void **state) {
    (void)state;
    uint32_t x[19], y[19], out[19];
    for (int i = 0; i < 19; i++) x[i] = picture_px(i * 13, i), y[i] = picture_px(i * 7 + 3, i * 5);
    static const uint32_t weights[] = {0, 1, 77, 128, 200, 255, 256};
    static const uint32_t alphas[] = {0, 1, 100, 254, 255};
    for (size_t w = 0; w < sizeof weights / sizeof weights[0]; w++)
        for (size_t k = 0; k < sizeof alphas / sizeof alphas[0]; k++)
            for (int n = 0; n <= 19; n++) {
                uint32_t a1 = weights[w], a0 = 256 - a1;
                memset(out, 0xab, sizeof out);
                gfx_fade_row(out, x, y, n, a0, a1, alphas[k]);
                for (int i = 0; i < 19; i++) {
                    uint32_t want = 0xabababab;
                    if (i < n) {
                        want = 0;
                        for (int c = 0; c < 4; c++) {
                            uint32_t v =
                                ((x[i] >> (8 * c) & 0xff) * a0 + (y[i] >> (8 * c) & 0xff) * a1) >>
                                8;
                            if (c == 3) v = (v * alphas[k] + 255) >> 8;
                            want |= v << (8 * c);
                        }
                    }
                    if (out[i] != want)
                        fail_msg("weight %u alpha %u length %d: pixel %d is %08x, not %08x", a1,
                                 alphas[k], n, i, out[i], want);
                }
            }
}

/* The same loops shared between threads (ui_gfx_pool.c: chunks of rows taken in turn), over a
 * picture big enough to be shared: still SDL's pixels, the rows at the bands' edges among them. */
static void test_shared_between_cores(void **state) {
    use_loops(state);
    gfx_pool_start(3);
    for (int mod = 255; mod > 0; mod -= 127) {
        SDL_Surface *mine = pattern(640, 363, SDL_PIXELFORMAT_RGB888);
        SDL_Surface *sdl = pattern(640, 363, SDL_PIXELFORMAT_RGB888);
        SDL_Surface *pic =
            SDL_CreateRGBSurfaceWithFormat(0, 600, 341, 32, SDL_PIXELFORMAT_ARGB8888);
        assert_non_null(pic);
        for (int y = 0; y < 341; y++)
            for (int x = 0; x < 600; x++)
                ((uint32_t *)((uint8_t *)pic->pixels + y * pic->pitch))[x] = picture_px(x, y);
        SDL_Rect in = {9, 11, 600, 341};
        gfx_blend_pixels(mine, in, pic->pixels, pic->pitch, (uint8_t)mod);
        SDL_SetSurfaceBlendMode(pic, SDL_BLENDMODE_BLEND);
        SDL_SetSurfaceAlphaMod(pic, (uint8_t)mod);
        SDL_Rect to = in;
        assert_int_equal(SDL_BlitSurface(pic, NULL, sdl, &to), 0);
        /* and a shade over most of it */
        ui_color_t c = {12, 200, 77, 90};
        SDL_Rect sh = {3, 2, 630, 355};
        gfx_shade_pixels(mine, sh, c);
        SDL_Surface *tile = SDL_CreateRGBSurfaceWithFormat(0, 630, 355, 32, SDL_PIXELFORMAT_RGB888);
        assert_non_null(tile);
        SDL_FillRect(tile, NULL, SDL_MapRGB(tile->format, c.r, c.g, c.b));
        SDL_SetSurfaceBlendMode(tile, SDL_BLENDMODE_BLEND);
        SDL_SetSurfaceAlphaMod(tile, c.a);
        to = sh;
        assert_int_equal(SDL_BlitSurface(tile, NULL, sdl, &to), 0);
        for (int y = 0; y < 363; y++)
            for (int x = 0; x < 640; x++) {
                uint32_t p = ((uint32_t *)((uint8_t *)mine->pixels + y * mine->pitch))[x];
                uint32_t q = ((uint32_t *)((uint8_t *)sdl->pixels + y * sdl->pitch))[x];
                if ((p & 0xffffff) != (q & 0xffffff))
                    fail_msg("fade %d: pixel %d,%d is %06x, SDL %06x", mod, x, y, p & 0xffffff,
                             q & 0xffffff);
            }
        SDL_FreeSurface(tile);
        SDL_FreeSurface(pic);
        SDL_FreeSurface(mine);
        SDL_FreeSurface(sdl);
    }
    gfx_pool_stop();
}

int main(void) {
    static int sse2 = 0, avx2 = 1;
    const struct CMUnitTest tests[] = {
        {"test_shade_window_format, four pixels a step", test_shade_window_format, NULL, NULL,
         &sse2},
        {"test_shade_alpha_format, four pixels a step", test_shade_alpha_format, NULL, NULL, &sse2},
        {"test_blend_window_format, four pixels a step", test_blend_window_format, NULL, NULL,
         &sse2},
        {"test_blend_alpha_format, four pixels a step", test_blend_alpha_format, NULL, NULL, &sse2},
        {"test_shared_between_cores, four pixels a step", test_shared_between_cores, NULL, NULL,
         &sse2},
        {"test_shade_window_format, eight pixels a step", test_shade_window_format, NULL, NULL,
         &avx2},
        {"test_shade_alpha_format, eight pixels a step", test_shade_alpha_format, NULL, NULL,
         &avx2},
        {"test_blend_window_format, eight pixels a step", test_blend_window_format, NULL, NULL,
         &avx2},
        {"test_blend_alpha_format, eight pixels a step", test_blend_alpha_format, NULL, NULL,
         &avx2},
        {"test_shared_between_cores, eight pixels a step", test_shared_between_cores, NULL, NULL,
         &avx2},
        cmocka_unit_test(test_fade_row),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
