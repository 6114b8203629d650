/* ui_raster: rasterised SVGs kept on disk between runs.
 *
 * nanosvg (inside SDL_image) fills pixel by pixel: the felt, the panels and the chips of the
 * first frame cost about 150 ms at 1920x1080. A picture drawn once is kept as a file named by
 * the BLAKE2b hash of its source, its size and SDL_image's version, so a start finds it ready.
 * The cache is only an optimisation: a missing, short or altered file (its pixels carry their
 * own hash) is drawn again from the source, and a folder that cannot be made leaves it off. */
#ifndef STUDPOKER_UI_RASTER_H
#define STUDPOKER_UI_RASTER_H

#include <SDL.h>
#include <SDL_image.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define RASTER_KEY_BYTES  16
#define UI_RASTER_DIR_LEN 600

typedef struct raster_cache {
    bool on;
    char dir[UI_RASTER_DIR_LEN];
    int hits, writes; /* for the benchmark */
} raster_cache_t;

/* Opens (making it, mode 0700) the folder; false leaves the cache off. */
bool raster_open(raster_cache_t *c, const char *dir);
/* $XDG_CACHE_HOME/studpoker/raster, else $HOME/.cache/studpoker/raster. */
bool raster_default_dir(char *out, size_t n);
void raster_key(const void *source, size_t len, int w, int h, uint8_t key[RASTER_KEY_BYTES]);
/* The kept picture, in the pixel format it was kept in (the caller frees it); NULL when there is
 * none to trust. */
SDL_Surface *raster_get(raster_cache_t *c, const uint8_t key[RASTER_KEY_BYTES], int w, int h);
void raster_put(raster_cache_t *c, const uint8_t key[RASTER_KEY_BYTES], SDL_Surface *s);

/* The big pictures a window of one size drew, most recent first: a start reads them before they
 * are needed (ui_warm.h). One list per window size, replaced whole (a reader sees the old list or
 * the new one); a bad line ends it. */
typedef struct raster_item {
    uint8_t key[RASTER_KEY_BYTES];
    int w, h;
} raster_item_t;
int raster_list_read(const raster_cache_t *c, int win_w, int win_h, raster_item_t *out, int max);
bool raster_list_write(const raster_cache_t *c, int win_w, int win_h, const raster_item_t *items,
                       int n);

#endif
