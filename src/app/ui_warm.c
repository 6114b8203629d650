#include "ui_warm.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define WARM_MAX        48
#define WARM_MIN_PIXELS 100000 /* a smaller picture reads in well under a millisecond */
#define WARM_KEEP_MS    (10u * 60u * 1000u)
/* making a texture of a picture read ahead: its memory cleared, touched for the first time and
 * copied, 0.45-0.58 GB/s measured (1860x1040: 16 ms; 1.5 GB/s was assumed, and such a texture
 * took 16 ms of a frame that had 12 to spare) */
#define BYTES_PER_MS 450000.0
#define FONT_MS      6.0                 /* opening a font at a new size: 0.5 to 6 ms */
#define WARM_FONTS   (UI_FONT_SIZES - 8) /* (the font table is emptied when it is full) */

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
    /* the fonts (size in pixels, face) the last run opened, opened in time left over */
    struct warm_font {
        int px, face;
    } font[WARM_FONTS], font_seen[WARM_FONTS];
    int nfont, font_next, nfont_seen;
};

/* The fonts' list beside the pictures' (raster cache folder): "face px" a line. */
static void fonts_path(const ui_gfx_t *g, int win_w, int win_h, char *out, size_t n) {
    snprintf(out, n, "%s/recent-%dx%d.fonts", g->raster.dir, win_w, win_h);
}

static void fonts_read(ui_warm_t *w, const ui_gfx_t *g) {
    char path[UI_RASTER_DIR_LEN + 64];
    fonts_path(g, w->win_w, w->win_h, path, sizeof path);
    FILE *f = fopen(path, "r");
    if (!f) return;
    struct warm_font ft;
    while (w->nfont < WARM_FONTS && fscanf(f, "%d %d", &ft.face, &ft.px) == 2 && ft.face >= 0 &&
           ft.face < UI_FONT_COUNT && ft.px >= 4 && ft.px <= 1000)
        w->font[w->nfont++] = ft;
    fclose(f);
}

static void fonts_write(const ui_warm_t *w, const ui_gfx_t *g) {
    char path[UI_RASTER_DIR_LEN + 64], tmp[UI_RASTER_DIR_LEN + 96];
    fonts_path(g, w->win_w, w->win_h, path, sizeof path);
    snprintf(tmp, sizeof tmp, "%s.%ld.tmp", path, (long)getpid());
    FILE *f = fopen(tmp, "w");
    if (!f) return;
    bool ok = true;
    for (int i = 0; i < w->nfont_seen && ok; i++)
        ok = fprintf(f, "%d %d\n", w->font_seen[i].face, w->font_seen[i].px) > 0;
    ok = fclose(f) == 0 && ok;
    if (!ok || rename(tmp, path) != 0) remove(tmp);
}

static int warm_thread(void *data) {
    ui_warm_t *w = data;
    SDL_SetThreadPriority(SDL_THREAD_PRIORITY_LOW); /* (see ui_gfx.h: background work) */
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
    fonts_read(w, g);
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
    if (!w) return;
    if (w->font_next < w->nfont && spare_ms >= FONT_MS) {
        Uint64 t0 = SDL_GetPerformanceCounter();
        gfx_font_ready(g, w->font[w->font_next].px, w->font[w->font_next].face);
        if (g->texture_log)
            fprintf(stderr, "frame %u: font %d at %d px opened ahead (%.2f ms)\n", g->frame,
                    w->font[w->font_next].face, w->font[w->font_next].px,
                    (double)(SDL_GetPerformanceCounter() - t0) * 1000.0 /
                        (double)SDL_GetPerformanceFrequency());
        w->font_next++;
        return; /* one thing a step */
    }
    if (!w->n) return;
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
    Uint64 t0 = SDL_GetPerformanceCounter();
    int sw = s->w, sh = s->h;
    SDL_Texture *t = gfx_texture_from(g, s); /* (only this thread touches textures) */
    if (g->texture_log)
        fprintf(stderr, "frame %u: a picture read ahead, %dx%d, made a texture (%.2f ms)\n",
                g->frame, sw, sh,
                (double)(SDL_GetPerformanceCounter() - t0) * 1000.0 /
                    (double)SDL_GetPerformanceFrequency());
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

int gfx_warm_prepared(ui_gfx_t *g) {
    ui_warm_t *w = g->warm;
    if (!w) return 0;
    int n = 0;
    SDL_LockMutex(w->lock);
    for (int i = 0; i < w->n; i++) n += w->item[i].surface || w->item[i].tex;
    SDL_UnlockMutex(w->lock);
    return n;
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

void gfx_warm_note_font(ui_gfx_t *g, int px, int face) {
    ui_warm_t *w = g->warm;
    if (!w || w->nfont_seen == WARM_FONTS) return;
    for (int i = 0; i < w->nfont_seen; i++)
        if (w->font_seen[i].px == px && w->font_seen[i].face == face) return;
    w->font_seen[w->nfont_seen].px = px;
    w->font_seen[w->nfont_seen++].face = face;
}

void gfx_warm_resized(ui_gfx_t *g) {
    ui_warm_t *w = g->warm;
    if (!w) return;
    w->font_next = w->nfont; /* (the old size's) */
    w->nfont_seen = 0;
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
    if (w->nfont_seen) fonts_write(w, g);
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
