/* Pictures prepared before they are needed (src/app/ui_warm.c) and the lists behind them
 * (raster_list_*): the listed pictures of the window's size are read on a thread within the
 * memory budget and come back as textures with exactly the kept pixels, once each, only under
 * their own key and size; a missing file is skipped; at the end the pictures and fonts this run
 * used are listed first, the last run's after them. Pixels are an independent pattern. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "ui_warm.h"

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

static void key_of(const char *text, int w, int h, uint8_t key[RASTER_KEY_BYTES]) {
    raster_key(text, strlen(text), w, h, key);
}

static void test_list_round_trip(void **state) {
    (void)state;
    char cdir[300];
    snprintf(cdir, sizeof cdir, "%s/lists", dir);
    raster_cache_t c;
    assert_true(raster_open(&c, cdir));
    raster_item_t in[3], out[4];
    for (int i = 0; i < 3; i++) {
        key_of(i == 0 ? "a" : i == 1 ? "b" : "c", 100 + i, 200 + i, in[i].key);
        in[i].w = 100 + i, in[i].h = 200 + i;
    }
    assert_int_equal(raster_list_read(&c, 1920, 1080, out, 4), 0); /* none yet */
    assert_true(raster_list_write(&c, 1920, 1080, in, 3));
    assert_int_equal(raster_list_read(&c, 1920, 1080, out, 4), 3);
    for (int i = 0; i < 3; i++) {
        assert_memory_equal(out[i].key, in[i].key, RASTER_KEY_BYTES);
        assert_int_equal(out[i].w, in[i].w);
        assert_int_equal(out[i].h, in[i].h);
    }
    assert_int_equal(raster_list_read(&c, 1920, 1080, out, 2), 2); /* at most max */
    assert_int_equal(raster_list_read(&c, 1280, 720, out, 4), 0);  /* another window size */
    /* a bad line ends the list */
    char path[400];
    snprintf(path, sizeof path, "%s/recent-1920x1080.list", cdir);
    FILE *f = fopen(path, "r+");
    assert_non_null(f);
    assert_int_equal(fseek(f, 2 * RASTER_KEY_BYTES + 9 + 2, SEEK_SET), 0); /* second line */
    fputc('z', f);
    fclose(f);
    assert_int_equal(raster_list_read(&c, 1920, 1080, out, 4), 1);
    /* a cache that is off neither reads nor writes */
    raster_cache_t off = {0};
    assert_false(raster_list_write(&off, 1920, 1080, in, 3));
    assert_int_equal(raster_list_read(&off, 1920, 1080, out, 4), 0);
}

/* What a texture shows, drawn opaque onto a fresh target: the same as pixels? */
static bool shows(SDL_Renderer *ren, SDL_Surface *target, SDL_Texture *t, const SDL_Surface *p) {
    SDL_FillRect(target, NULL, 0);
    SDL_SetTextureBlendMode(t, SDL_BLENDMODE_NONE);
    SDL_Rect r = {0, 0, p->w, p->h};
    SDL_RenderCopy(ren, t, NULL, &r);
    SDL_RenderPresent(ren);
    for (int y = 0; y < p->h; y++)
        if (memcmp((uint8_t *)target->pixels + y * target->pitch,
                   (uint8_t *)p->pixels + y * p->pitch, (size_t)p->w * 4) != 0)
            return false;
    return true;
}

static ui_gfx_t g; /* (big: not on the stack) */

/* A gfx on a software renderer drawing into target, the raster cache in cdir; the window
 * 640 x 360. */
static void gfx_on(SDL_Surface *target, const char *cdir) {
    memset(&g, 0, sizeof g);
    g.ren = SDL_CreateSoftwareRenderer(target);
    assert_non_null(g.ren);
    g.pw = 640, g.ph = 360;
    assert_true(raster_open(&g.raster, cdir));
}

/* Steps the loop until n pictures are prepared (the thread reads them meanwhile). */
static int wait_prepared(int n) {
    for (int i = 0; i < 5000 && gfx_warm_prepared(&g) < n; i++) {
        gfx_warm_step(&g, 1000);
        SDL_Delay(1);
    }
    gfx_warm_step(&g, 1000); /* (one more made a texture) */
    return gfx_warm_prepared(&g);
}

static void test_prepared_pictures(void **state) {
    (void)state;
    char cdir[300];
    snprintf(cdir, sizeof cdir, "%s/warm", dir);
    SDL_Surface *target = SDL_CreateRGBSurfaceWithFormat(0, 400, 400, 32, SDL_PIXELFORMAT_ARGB8888);
    assert_non_null(target);
    gfx_on(target, cdir);
    /* two pictures kept, a third listed but not kept; the list for this window size */
    SDL_Surface *p1 = pattern(300, 400, 1), *p2 = pattern(350, 300, 2);
    raster_item_t list[3];
    key_of("one", 300, 400, list[0].key), list[0].w = 300, list[0].h = 400;
    key_of("missing", 320, 320, list[1].key), list[1].w = 320, list[1].h = 320;
    key_of("two", 350, 300, list[2].key), list[2].w = 350, list[2].h = 300;
    raster_put(&g.raster, list[0].key, p1);
    raster_put(&g.raster, list[2].key, p2);
    assert_true(raster_list_write(&g.raster, 640, 360, list, 3));

    gfx_warm_start(&g, 1000000); /* 480,000 + 420,000 bytes fit */
    assert_int_equal(wait_prepared(2), 2);
    SDL_Texture *t = gfx_warm_take(&g, list[0].key, 300, 400);
    assert_non_null(t);
    assert_true(shows(g.ren, target, t, p1));
    SDL_DestroyTexture(t);
    assert_null(gfx_warm_take(&g, list[0].key, 300, 400)); /* once */
    assert_null(gfx_warm_take(&g, list[2].key, 350, 301)); /* not at another size */
    assert_null(gfx_warm_take(&g, list[1].key, 320, 320)); /* not kept: not prepared */
    assert_non_null(t = gfx_warm_take(&g, list[2].key, 350, 300));
    assert_true(shows(g.ren, target, t, p2));
    SDL_DestroyTexture(t);
    assert_int_equal(gfx_warm_prepared(&g), 0);

    /* this run drew the second picture (and a small one, not listed) and used a font: the new
     * lists have them first, then the last run's pictures */
    gfx_warm_note(&g, list[2].key, 350, 300);
    uint8_t small[RASTER_KEY_BYTES];
    key_of("small", 10, 10, small);
    gfx_warm_note(&g, small, 10, 10);
    gfx_warm_note_font(&g, 24, 1);
    gfx_warm_stop(&g);
    raster_item_t back[8];
    assert_int_equal(raster_list_read(&g.raster, 640, 360, back, 8), 3);
    assert_memory_equal(back[0].key, list[2].key, RASTER_KEY_BYTES);
    assert_memory_equal(back[1].key, list[0].key, RASTER_KEY_BYTES);
    assert_memory_equal(back[2].key, list[1].key, RASTER_KEY_BYTES);
    char path[400], line[64] = "";
    snprintf(path, sizeof path, "%s/recent-640x360.fonts", cdir);
    FILE *f = fopen(path, "r");
    assert_non_null(f);
    assert_non_null(fgets(line, sizeof line, f));
    fclose(f);
    assert_string_equal(line, "1 24\n");

    /* within a budget of 500,000 bytes only the first listed picture is read */
    gfx_warm_start(&g, 500000);
    assert_int_equal(wait_prepared(1), 1);
    SDL_Delay(200);
    gfx_warm_step(&g, 1000);
    assert_int_equal(gfx_warm_prepared(&g), 1);
    assert_non_null(t = gfx_warm_take(&g, list[2].key, 350, 300));
    SDL_DestroyTexture(t);
    assert_null(gfx_warm_take(&g, list[0].key, 300, 400));
    gfx_warm_stop(&g);

    SDL_DestroyRenderer(g.ren);
    SDL_FreeSurface(target);
    SDL_FreeSurface(p1);
    SDL_FreeSurface(p2);
}

int main(void) {
    snprintf(dir, sizeof dir, "/tmp/test_warm.XXXXXX");
    if (!mkdtemp(dir)) return 1;
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_list_round_trip),
                                       cmocka_unit_test(test_prepared_pictures)};
    int rc = cmocka_run_group_tests(tests, NULL, NULL);
    char cmd[300];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    if (system(cmd) != 0) rc = rc ? rc : 1;
    return rc;
}
