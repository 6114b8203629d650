/* A figure drawn a character at a time (gfx_figure, ui_text.c) looks as SDL_ttf's whole text does:
 * every pixel of it lies within the range of the whole text's pixels a pixel either side (the
 * characters' pens may fall a pixel apart: SDL_ttf places them in fractions of a pixel), at each
 * alignment; and a new figure of characters already drawn
 * makes no new picture (the reason it exists). Drawn by the game's own drawing on the software
 * renderer in a window of SDL's offscreen driver; without it the test is skipped. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include <cmocka.h>

#include "ui_gfx.h"

static SDL_Window *win;
static SDL_Renderer *ren;
static ui_gfx_t gfx;

/* One frame with only the text or the figure on black; its pixels' brightness (W x H). */
static uint8_t *picture(bool figure, const char *text, float size, int align, float x) {
    gfx_begin_frame(&gfx);
    SDL_SetRenderDrawColor(ren, 0, 0, 0, 255);
    SDL_RenderClear(ren);
    ui_color_t white = ui_rgba(255, 255, 255, 255);
    if (figure)
        gfx_figure(&gfx, text, x, 100, size, UI_FONT_DISPLAY, white, align);
    else
        gfx_text(&gfx, text, x, 100, size, UI_FONT_DISPLAY, white, align);
    gfx_end_frame(&gfx);
    int w, h;
    SDL_GetRendererOutputSize(ren, &w, &h);
    uint32_t *px = malloc((size_t)w * (size_t)h * 4);
    uint8_t *v = malloc((size_t)w * (size_t)h);
    assert_non_null(px);
    assert_non_null(v);
    assert_int_equal(SDL_RenderReadPixels(ren, NULL, SDL_PIXELFORMAT_ARGB8888, px, w * 4), 0);
    for (int i = 0; i < w * h; i++) v[i] = (uint8_t)(px[i] & 0xff);
    free(px);
    return v;
}

static int unlike(const uint8_t *whole, const uint8_t *fig, int w, int h) {
    int bad = 0;
    for (int y = 0; y < h; y++)
        for (int x = 1; x < w - 1; x++) {
            const uint8_t *r = whole + y * w + x;
            int lo = r[0], hi = r[0];
            for (int d = -1; d <= 1; d += 2) {
                if (r[d] < lo) lo = r[d];
                if (r[d] > hi) hi = r[d];
            }
            int v = fig[y * w + x];
            if (v < lo - 12 || v > hi + 12) bad++;
        }
    return bad;
}

static void looks_as_whole(void **state) {
    (void)state;
    static const char *const figures[] = {"$1,017.06",
                                          "1,234,567.89",
                                          "\xE2\x82\xAC"
                                          "75.00",
                                          "\xC2\xA3"
                                          "12.50",
                                          "HK$3.20",
                                          "MOP$99.99",
                                          "$11,111.11",
                                          "47",
                                          "-$0.01",
                                          "1.234,56 \xE2\x82\xAC"};
    static const float sizes[] = {40, 96};
    int w, h;
    SDL_GetRendererOutputSize(ren, &w, &h);
    int checked = 0;
    for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++)
        for (size_t i = 0; i < sizeof figures / sizeof figures[0]; i++)
            for (int align = UI_ALIGN_LEFT; align <= UI_ALIGN_RIGHT; align++) {
                const char *t = figures[i];
                uint8_t *a = picture(false, t, sizes[s], align, 900);
                uint8_t *b = picture(true, t, sizes[s], align, 900);
                int ink = 0;
                for (int k = 0; k < w * h; k++) ink += b[k] > 128;
                assert_true(ink > 50); /* it drew something */
                int bad = unlike(a, b, w, h);
                if (bad > 0)
                    fail_msg("%s at %.0f, align %d: %d pixels unlike the whole text", t, sizes[s],
                             align, bad);
                free(a);
                free(b);
                checked++;
            }
    assert_int_equal(checked, 60);
}

static void no_new_picture(void **state) {
    (void)state;
    free(picture(true, "$9,876.54", 96, UI_ALIGN_CENTER, 900));
    int made = gfx.textures_made;
    /* the same characters in another order, as a count passes through them */
    free(picture(true, "$4,567.89", 96, UI_ALIGN_CENTER, 900));
    free(picture(true, "$98,765.45", 96, UI_ALIGN_CENTER, 900));
    assert_int_equal(gfx.textures_made, made);
    /* while a whole text makes one each time */
    free(picture(false, "$4,567.98", 96, UI_ALIGN_CENTER, 900));
    assert_int_equal(gfx.textures_made, made + 1);
}

int main(void) {
    if (!getenv("SDL_VIDEODRIVER")) setenv("SDL_VIDEODRIVER", "offscreen", 1);
    /* as a headless game draws: SDL's software renderer on a plain memory framebuffer */
    SDL_SetHint(SDL_HINT_RENDER_DRIVER, "software");
    SDL_SetHint(SDL_HINT_FRAMEBUFFER_ACCELERATION, "0");
    if (SDL_Init(SDL_INIT_VIDEO) != 0 || TTF_Init() != 0) {
        fprintf(stderr, "no video driver (%s): skipped\n", SDL_GetError());
        return 77;
    }
    win = SDL_CreateWindow("figure", 0, 0, 1920, 1080, SDL_WINDOW_HIDDEN);
    ren = win ? SDL_CreateRenderer(win, -1, SDL_RENDERER_SOFTWARE) : NULL;
    if (!ren || !gfx_init(&gfx, win, ren, STUDPOKER_ASSETS_DIR)) {
        fprintf(stderr, "no window or renderer (%s): skipped\n", SDL_GetError());
        return 77;
    }
    const struct CMUnitTest tests[] = {cmocka_unit_test(looks_as_whole),
                                       cmocka_unit_test(no_new_picture)};
    int failed = cmocka_run_group_tests(tests, NULL, NULL);
    gfx_shutdown(&gfx);
    SDL_DestroyRenderer(ren);
    SDL_DestroyWindow(win);
    TTF_Quit();
    SDL_Quit();
    return failed;
}
