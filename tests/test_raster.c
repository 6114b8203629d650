/* The raster cache (src/app/ui_raster.c): a picture kept on disk comes back pixel for pixel,
 * and one that is short, altered, of another size or under another key is never drawn: the
 * game rasterises the SVG again. Pixels are an independent pattern, not SDL_image's output. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "ui_raster.h"

static char dir[256];

static SDL_Surface *pattern(int w, int h, uint32_t seed) {
    SDL_Surface *s = SDL_CreateRGBSurfaceWithFormat(0, w, h, 32, SDL_PIXELFORMAT_ARGB8888);
    assert_non_null(s);
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++)
            ((uint32_t *)((uint8_t *)s->pixels + y * s->pitch))[x] =
                seed * 2654435761u ^ (uint32_t)x * 73856093u ^ (uint32_t)y * 19349663u;
    return s;
}

static bool same(const SDL_Surface *a, const SDL_Surface *b) {
    if (a->w != b->w || a->h != b->h) return false;
    for (int y = 0; y < a->h; y++)
        if (memcmp((uint8_t *)a->pixels + y * a->pitch, (uint8_t *)b->pixels + y * b->pitch,
                   (size_t)a->w * 4) != 0)
            return false;
    return true;
}

static void file_of(const uint8_t key[RASTER_KEY_BYTES], char *out, size_t n) {
    snprintf(out, n, "%s/cache/", dir);
    size_t l = strlen(out);
    for (int i = 0; i < RASTER_KEY_BYTES; i++) snprintf(out + l + 2 * i, n - l - 2 * i, "%02x", key[i]);
    strncat(out, ".raster", n - strlen(out) - 1);
}

static void test_round_trip_and_damage(void **state) {
    (void)state;
    char cdir[300];
    snprintf(cdir, sizeof cdir, "%s/cache", dir);
    raster_cache_t c;
    assert_true(raster_open(&c, cdir));
    const char *svg = "<svg xmlns='http://www.w3.org/2000/svg' width='4' height='3'/>";
    uint8_t k[RASTER_KEY_BYTES], k2[RASTER_KEY_BYTES], k3[RASTER_KEY_BYTES];
    raster_key(svg, strlen(svg), 37, 23, k);
    raster_key(svg, strlen(svg), 37, 24, k2);          /* another size: another key */
    raster_key(svg, strlen(svg) - 1, 37, 23, k3);      /* another source: another key */
    assert_memory_not_equal(k, k2, RASTER_KEY_BYTES);
    assert_memory_not_equal(k, k3, RASTER_KEY_BYTES);
    assert_null(raster_get(&c, k, 37, 23)); /* nothing kept yet */
    SDL_Surface *p = pattern(37, 23, 7);
    raster_put(&c, k, p);
    assert_int_equal(c.writes, 1);
    SDL_Surface *back = raster_get(&c, k, 37, 23);
    assert_non_null(back);
    assert_true(same(p, back));
    SDL_FreeSurface(back);
    assert_null(raster_get(&c, k, 37, 24)); /* asked at another size */
    assert_null(raster_get(&c, k2, 37, 24));

    char path[600];
    file_of(k, path, sizeof path);
    /* one pixel altered: refused */
    FILE *f = fopen(path, "r+b");
    assert_non_null(f);
    assert_int_equal(fseek(f, 52 + 4 * 100 + 1, SEEK_SET), 0);
    int ch = fgetc(f);
    assert_int_equal(fseek(f, 52 + 4 * 100 + 1, SEEK_SET), 0);
    fputc(ch ^ 0x40, f);
    fclose(f);
    assert_null(raster_get(&c, k, 37, 23));
    /* put again, then cut short: refused */
    raster_put(&c, k, p);
    assert_non_null(back = raster_get(&c, k, 37, 23));
    SDL_FreeSurface(back);
    assert_int_equal(truncate(path, 52 + 37 * 4 * 10), 0);
    assert_null(raster_get(&c, k, 37, 23));
    /* a byte too many: refused */
    raster_put(&c, k, p);
    f = fopen(path, "ab");
    fputc(0, f);
    fclose(f);
    assert_null(raster_get(&c, k, 37, 23));
    /* a surface in another 32-bit format comes back in that format, the same bytes (SDL_image's
     * surfaces are ABGR8888: converted, their texture would blend a little differently) */
    SDL_Surface *abgr = SDL_ConvertSurfaceFormat(p, SDL_PIXELFORMAT_ABGR8888, 0);
    raster_put(&c, k3, abgr);
    assert_non_null(back = raster_get(&c, k3, 37, 23));
    assert_int_equal(back->format->format, SDL_PIXELFORMAT_ABGR8888);
    assert_true(same(abgr, back));
    SDL_FreeSurface(back);
    SDL_FreeSurface(abgr);
    /* a 24-bit surface is kept as ARGB8888, the same colours */
    SDL_Surface *rgb = SDL_ConvertSurfaceFormat(p, SDL_PIXELFORMAT_RGB24, 0);
    raster_put(&c, k2, rgb);
    assert_non_null(back = raster_get(&c, k2, 37, 23));
    assert_int_equal(back->format->format, SDL_PIXELFORMAT_ARGB8888);
    SDL_Surface *opaque = SDL_ConvertSurfaceFormat(rgb, SDL_PIXELFORMAT_ARGB8888, 0);
    assert_true(same(opaque, back));
    SDL_FreeSurface(opaque);
    SDL_FreeSurface(back);
    SDL_FreeSurface(rgb);
    SDL_FreeSurface(p);
}

static void test_unusable_folder(void **state) {
    (void)state;
    char file[300];
    snprintf(file, sizeof file, "%s/plainfile", dir);
    FILE *f = fopen(file, "w");
    fclose(f);
    raster_cache_t c;
    char sub[400];
    snprintf(sub, sizeof sub, "%s/below", file); /* under a file: cannot be made */
    assert_false(raster_open(&c, sub));
    assert_false(c.on);
    uint8_t k[RASTER_KEY_BYTES] = {1};
    assert_null(raster_get(&c, k, 2, 2)); /* off: nothing, no crash */
    SDL_Surface *p = pattern(2, 2, 1);
    raster_put(&c, k, p);
    assert_int_equal(c.writes, 0);
    SDL_FreeSurface(p);
}

int main(void) {
    snprintf(dir, sizeof dir, "/tmp/test_raster.XXXXXX");
    if (!mkdtemp(dir)) return 1;
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_round_trip_and_damage),
                                       cmocka_unit_test(test_unusable_folder)};
    int rc = cmocka_run_group_tests(tests, NULL, NULL);
    char cmd[300];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    if (system(cmd) != 0) rc = rc ? rc : 1;
    return rc;
}
