/* A wide panel is rasterised narrow and widened (gfx_panel_surface, ui_gfx.c): its pixels are those
 * of the same panel rasterised whole by SDL_image's SVG rasteriser, for panels of
 * the game's kinds and sizes (the 3840x2160 window's widest: HELP's page, the celebration's
 * banner; a pay table's small pill; translucent fills and borders; no border; odd and even widths;
 * a radius bigger than the height allows). Byte for byte but for a few pixels of the rounded
 * corners: the rasteriser works in single-precision floats, and the same corner placed thousands
 * of pixels further right rounds its coverage a level or a few apart (measured: at most 15 pixels
 * of a panel, by at most 4 levels). So at most 64 pixels may differ, by at most 8 levels: a column
 * misplaced in the widening moves a whole edge (hundreds of pixels, by up to 255). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "ui_gfx_internal.h"

typedef struct panel_case {
    int w, h;
    float rad, bw;
    ui_color_t top, bottom, border;
} panel_case_t;

static void widened_is_whole(void **state) {
    (void)state;
    static ui_gfx_t g; /* no raster cache: each picture rasterised here */
    const panel_case_t cases[] = {
        {3720, 2080, 48, 4, {18, 30, 24, 255}, {8, 14, 12, 255}, {242, 201, 76, 160}},
        {2080, 208, 48, 6, {20, 12, 6, 255}, {6, 3, 2, 255}, {110, 231, 140, 255}},
        {2408, 264, 56, 6, {120, 16, 24, 255}, {60, 6, 10, 255}, {242, 201, 76, 0}},
        {1001, 377, 36, 4, {10, 40, 24, 215}, {4, 24, 14, 215}, {242, 201, 76, 200}},
        {264, 72, 36, 3, {0, 0, 0, 170}, {0, 0, 0, 170}, {110, 231, 140, 200}},
        {900, 100, 18, 0, {250, 214, 90, 255}, {200, 140, 30, 255}, {255, 255, 255, 180}},
        {700, 60, 40, 2.5f, {60, 90, 70, 255}, {24, 48, 32, 255}, {255, 255, 255, 180}},
    };
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        const panel_case_t *c = &cases[k];
        SDL_Surface *whole =
            gfx_panel_surface(&g, c->w, c->h, c->top, c->bottom, c->border, c->bw, c->rad, true);
        SDL_Surface *wide =
            gfx_panel_surface(&g, c->w, c->h, c->top, c->bottom, c->border, c->bw, c->rad, false);
        assert_non_null(whole);
        assert_non_null(wide);
        SDL_Surface *a = SDL_ConvertSurfaceFormat(whole, SDL_PIXELFORMAT_ARGB8888, 0);
        assert_non_null(a);
        assert_int_equal(a->w, c->w);
        assert_int_equal(a->h, c->h);
        assert_int_equal(wide->w, c->w);
        assert_int_equal(wide->h, c->h);
        long differ = 0;
        int most = 0, fx = -1, fy = -1;
        for (int y = 0; y < c->h; y++)
            for (int x = 0; x < c->w; x++) {
                uint32_t p = ((uint32_t *)((uint8_t *)a->pixels + y * a->pitch))[x];
                uint32_t q = ((uint32_t *)((uint8_t *)wide->pixels + y * wide->pitch))[x];
                if (p == q) continue;
                if (differ++ == 0) fx = x, fy = y;
                for (int b = 0; b < 32; b += 8) {
                    int d = abs((int)(p >> b & 0xff) - (int)(q >> b & 0xff));
                    if (d > most) most = d;
                }
            }
        printf("panel %zu (%dx%d): %ld pixels differ, by %d at most\n", k, c->w, c->h, differ,
               most);
        if (differ > 64 || most > 8)
            fail_msg("panel %zu (%dx%d): %ld pixels differ (by %d at most), the first at %d,%d", k,
                     c->w, c->h, differ, most, fx, fy);
        SDL_FreeSurface(a);
        SDL_FreeSurface(whole);
        SDL_FreeSurface(wide);
    }
}

int main(void) {
    const struct CMUnitTest tests[] = {cmocka_unit_test(widened_is_whole)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
