#include "ui_warm.h"

#include <stdlib.h>
#include <string.h>

#define WARM_MAX        48
#define WARM_MIN_PIXELS 100000 /* a smaller picture reads in well under a millisecond */
#define WARM_KEEP_MS    (10u * 60u * 1000u)
#define BYTES_PER_MS    1500000.0 /* making a texture copies about 1.5 GB/s (estimate) */

typedef struct warm_item {
    raster_item_t id;
    SDL_Surface *surface; /* read by the thread, not a texture yet */
    SDL_Texture *tex;     /* made by the loop, not used yet */
    uint32_t made_at;
    bool taken; /* used, or drawn by the loop itself: the thread leaves it */
} warm_item_t;

struct ui_warm {
    SDL_mutex *lock;
    SDL_Thread *thread;
    SDL_atomic_t stop;
    raster_cache_t raster; /* the thread's own copy (its counters are its own) */
    size_t budget;
    int win_w, win_h;
    bool list_fits; /* the items are of the window's present size */
    warm_item_t item[WARM_MAX];
    int n;                        /* set before the thread starts, never changed while it runs */
    raster_item_t seen[WARM_MAX]; /* this run's big pictures, in the order first drawn */
    int nseen;
};

static int warm_thread(void *data) {
    ui_warm_t *w = data;
    size_t used = 0;
    for (int i = 0; i < w->n && !SDL_AtomicGet(&w->stop); i++) {
        SDL_LockMutex(w->lock);
        bool skip = w->item[i].taken;
        raster_item_t id = w->item[i].id;
        SDL_UnlockMutex(w->lock);
        size_t bytes = (size_t)id.w * (size_t)id.h * 4;
        if (skip || used + bytes > w->budget) continue;
        SDL_Surface *s = raster_get(&w->raster, id.key, id.w, id.h);
        if (!s) continue;
        used += bytes;
        SDL_LockMutex(w->lock);
        if (w->item[i].taken)
            SDL_FreeSurface(s);
        else
            w->item[i].surface = s;
        SDL_UnlockMutex(w->lock);
    }
    return 0;
}

void gfx_warm_start(ui_gfx_t *g, size_t budget_bytes) {
    if (g->warm || !g->raster.on) return;
    ui_warm_t *w = calloc(1, sizeof *w);
    if (!w) return;
    w->raster = g->raster;
    w->budget = budget_bytes;
    w->win_w = g->pw, w->win_h = g->ph;
    w->list_fits = true;
    raster_item_t list[WARM_MAX];
    w->n = raster_list_read(&g->raster, g->pw, g->ph, list, WARM_MAX);
    for (int i = 0; i < w->n; i++) w->item[i].id = list[i];
    w->lock = SDL_CreateMutex();
    g->warm = w;
    if (!w->lock) {
        w->n = 0;
        return;
    }
    if (w->n) w->thread = SDL_CreateThread(warm_thread, "warm", w);
}

/* Item i no longer prepared: its surface and texture freed (the caller holds the lock). */
static void item_drop(warm_item_t *it) {
    if (it->surface) SDL_FreeSurface(it->surface);
    if (it->tex) SDL_DestroyTexture(it->tex);
    it->surface = NULL, it->tex = NULL;
    it->taken = true;
}

void gfx_warm_step(ui_gfx_t *g, double spare_ms) {
    ui_warm_t *w = g->warm;
    if (!w || !w->n) return;
    uint32_t now = SDL_GetTicks();
    SDL_LockMutex(w->lock);
    int next = -1;
    for (int i = 0; i < w->n; i++) {
        warm_item_t *it = &w->item[i];
        if (it->tex && now - it->made_at > WARM_KEEP_MS) item_drop(it);
        if (next < 0 && it->surface && !it->tex &&
            (double)it->surface->w * it->surface->h * 4 / BYTES_PER_MS <= spare_ms)
            next = i;
    }
    SDL_Surface *s = NULL;
    if (next >= 0) s = w->item[next].surface, w->item[next].surface = NULL;
    SDL_UnlockMutex(w->lock);
    if (!s) return;
    SDL_Texture *t = gfx_texture_from(g, s); /* (only this thread touches textures) */
    SDL_LockMutex(w->lock);
    w->item[next].tex = t;
    w->item[next].made_at = now;
    SDL_UnlockMutex(w->lock);
}

SDL_Texture *gfx_warm_take(ui_gfx_t *g, const uint8_t key[RASTER_KEY_BYTES], int width,
                           int height) {
    ui_warm_t *w = g->warm;
    if (!w || !w->n) return NULL;
    SDL_Texture *t = NULL;
    SDL_Surface *s = NULL;
    SDL_LockMutex(w->lock);
    for (int i = 0; i < w->n; i++) {
        warm_item_t *it = &w->item[i];
        if (it->taken || it->id.w != width || it->id.h != height ||
            memcmp(it->id.key, key, RASTER_KEY_BYTES) != 0)
            continue;
        t = it->tex, s = it->surface;
        it->tex = NULL, it->surface = NULL;
        it->taken = true;
        break;
    }
    SDL_UnlockMutex(w->lock);
    if (!t && s) t = gfx_texture_from(g, s);
    return t;
}

void gfx_warm_note(ui_gfx_t *g, const uint8_t key[RASTER_KEY_BYTES], int width, int height) {
    ui_warm_t *w = g->warm;
    if (!w || width * height < WARM_MIN_PIXELS || w->nseen == WARM_MAX) return;
    for (int i = 0; i < w->nseen; i++)
        if (w->seen[i].w == width && w->seen[i].h == height &&
            memcmp(w->seen[i].key, key, RASTER_KEY_BYTES) == 0)
            return;
    raster_item_t *it = &w->seen[w->nseen++];
    memcpy(it->key, key, RASTER_KEY_BYTES);
    it->w = width, it->h = height;
}

void gfx_warm_resized(ui_gfx_t *g) {
    ui_warm_t *w = g->warm;
    if (!w) return;
    SDL_LockMutex(w->lock);
    for (int i = 0; i < w->n; i++) item_drop(&w->item[i]);
    SDL_UnlockMutex(w->lock);
    w->win_w = g->pw, w->win_h = g->ph;
    w->list_fits = false;
    w->nseen = 0;
}

void gfx_warm_stop(ui_gfx_t *g) {
    ui_warm_t *w = g->warm;
    if (!w) return;
    SDL_AtomicSet(&w->stop, 1);
    if (w->thread) SDL_WaitThread(w->thread, NULL);
    /* the list: what this run drew, then what the last one listed and this one did not */
    if (w->nseen) {
        raster_item_t list[WARM_MAX];
        int n = 0;
        for (int i = 0; i < w->nseen; i++) list[n++] = w->seen[i];
        for (int i = 0; i < w->n && n < WARM_MAX; i++) {
            bool dup = false;
            for (int k = 0; k < w->nseen && !dup; k++)
                dup = w->seen[k].w == w->item[i].id.w && w->seen[k].h == w->item[i].id.h &&
                      memcmp(w->seen[k].key, w->item[i].id.key, RASTER_KEY_BYTES) == 0;
            if (!dup && w->list_fits) list[n++] = w->item[i].id;
        }
        raster_list_write(&g->raster, w->win_w, w->win_h, list, n);
    }
    for (int i = 0; i < w->n; i++) item_drop(&w->item[i]);
    if (w->lock) SDL_DestroyMutex(w->lock);
    free(w);
    g->warm = NULL;
}
