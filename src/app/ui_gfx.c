#include "ui_gfx.h"
#include "ui_gfx_internal.h"
#include "ui_warm.h"

#include <SDL_image.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

uint64_t gfx_hash(const char *s) {
    uint64_t h = 1469598103934665603ull;
    for (; *s; s++) h = (h ^ (uint8_t)*s) * 1099511628211ull;
    return h;
}

static bool file_exists(const char *path) {
    FILE *f = fopen(path, "rb");
    if (!f) return false;
    fclose(f);
    return true;
}

/* The bundled fonts: the first file in assets/fonts whose name contains each word. */
static void find_fonts(ui_gfx_t *g) {
    static const char *const want[UI_FONT_COUNT][3] = {
        {"Condensed.ttf", "Regular.ttf", "Sans.ttf"},
        {"Condensed-Bold.ttf", "Bold.ttf", "Sans-Bold.ttf"},
        {"Display", "Black.ttf", "ExtraBold.ttf"}};
    char dir[600];
    snprintf(dir, sizeof dir, "%s/fonts", g->assets);
    for (int face = 0; face < UI_FONT_COUNT; face++) {
        g->font_path[face][0] = '\0';
        for (int k = 0; k < 3 && !g->font_path[face][0]; k++) {
            DIR *d = opendir(dir);
            if (!d) break;
            struct dirent *e;
            while ((e = readdir(d)) != NULL) {
                if (strstr(e->d_name, want[face][k]) && strstr(e->d_name, ".ttf")) {
                    snprintf(g->font_path[face], sizeof g->font_path[face], "%s/%s", dir,
                             e->d_name);
                    break;
                }
            }
            closedir(d);
        }
    }
    /* the system's DejaVu when the bundle is incomplete (a developer's checkout) */
    static const char *const fallback[UI_FONT_COUNT] = {
        "/usr/share/fonts/truetype/dejavu/DejaVuSansCondensed.ttf",
        "/usr/share/fonts/truetype/dejavu/DejaVuSansCondensed-Bold.ttf",
        "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"};
    for (int face = 0; face < UI_FONT_COUNT; face++)
        if (!g->font_path[face][0])
            snprintf(g->font_path[face], sizeof g->font_path[face], "%s", fallback[face]);
    if (!file_exists(g->font_path[UI_FONT_DISPLAY]))
        memcpy(g->font_path[UI_FONT_DISPLAY], g->font_path[UI_FONT_BOLD],
               sizeof g->font_path[UI_FONT_BOLD]);
}

/* The CJK font: one in assets/fonts (a build may bundle one), else Debian's fonts-noto-cjk. */
static void find_cjk(ui_gfx_t *g) {
    static const char *const names[2] = {"NotoSansCJK-Regular.ttc", "NotoSansCJK-Bold.ttc"};
    static const char *const dirs[] = {"/usr/share/fonts/opentype/noto",
                                       "/usr/local/share/fonts/opentype/noto"};
    for (int b = 0; b < 2; b++) {
        g->cjk_path[b][0] = '\0';
        snprintf(g->cjk_path[b], sizeof g->cjk_path[b], "%s/fonts/%s", g->assets, names[b]);
        for (size_t d = 0; d < sizeof dirs / sizeof dirs[0] && !file_exists(g->cjk_path[b]); d++)
            snprintf(g->cjk_path[b], sizeof g->cjk_path[b], "%s/%s", dirs[d], names[b]);
        if (!file_exists(g->cjk_path[b])) g->cjk_path[b][0] = '\0';
    }
    if (!g->cjk_path[1][0]) memcpy(g->cjk_path[1], g->cjk_path[0], sizeof g->cjk_path[0]);
}

bool gfx_init(ui_gfx_t *g, SDL_Window *win, SDL_Renderer *ren, const char *assets_dir) {
    memset(g, 0, sizeof *g);
    g->tint = 255;
    g->window = win;
    g->ren = ren;
    snprintf(g->assets, sizeof g->assets, "%s", assets_dir);
    g->frame_off = getenv("STUDPOKER_NO_FRAME_CACHE") != NULL; /* the pixels' comparison test */
    g->texture_log = getenv("STUDPOKER_TEXTURE_LOG") != NULL;  /* where a frame's time goes */
    find_fonts(g);
    find_cjk(g);
    if (!file_exists(g->font_path[UI_FONT_REGULAR])) {
        SDL_LogError(SDL_LOG_CATEGORY_APPLICATION, "no font found in %s/fonts", g->assets);
        return false;
    }
    gfx_damage_start(g);
    /* the pixel loops on every core (the software renderer's frames: ui_gfx_pool.c), a worker
     * for each core but the drawing thread's; a busy core's worker takes no share (the chunks
     * are taken from one counter). STUDPOKER_PIXEL_THREADS=N: N workers (0: none) */
    const char *threads = getenv("STUDPOKER_PIXEL_THREADS");
    if (g->dmg) gfx_pool_start(threads ? atoi(threads) : SDL_GetCPUCount() - 1);
    gfx_begin_frame(g);
    return true;
}

static void cache_clear(ui_gfx_t *g) {
    for (int i = 0; i < g->ncache; i++) {
        gfx_destroy(g, g->cache[i].tex);
        free(g->cache[i].key);
    }
    g->ncache = 0;
}

/* Drops entry i, remembering that it went (cache_put: made again soon, it is kept longer). */
static void cache_drop(ui_gfx_t *g, int i) {
    g->dropped[g->ndropped % UI_DROPPED].hash = g->cache[i].hash;
    g->dropped[g->ndropped % UI_DROPPED].frame = g->frame;
    g->ndropped++;
    gfx_destroy(g, g->cache[i].tex);
    free(g->cache[i].key);
    g->cache[i] = g->cache[--g->ncache];
}

void gfx_shutdown(ui_gfx_t *g) {
    gfx_damage_stop(g);
    gfx_pool_stop();
    gfx_warm_stop(g);
    if (g->view) gfx_viewport_end(g);
    cache_clear(g);
    gfx_fonts_clear(g);
    if (g->layer) gfx_destroy(g, g->layer);
    g->layer = NULL;
    gfx_frame_drop(g);
    if (g->scratch) gfx_destroy(g, g->scratch);
    g->scratch = NULL;
    for (int i = 0; i < UI_VIEWS; i++)
        if (g->parked[i].layer) gfx_destroy(g, g->parked[i].layer);
    gfx_boxes_free(g);
    gfx_turn_drop(g);
}

/* The scale and offsets of a w x h pixel surface: the height sets the scale down to 4:3; a
 * narrower surface's width does (1440 units). */
static void fit(float w, float h, float *scale, float *ox, float *oy) {
    float sx = w / UI_MIN_W, sy = h / UI_H;
    *scale = sx < sy ? sx : sy;
    *ox = (w - UI_W * *scale) / 2;
    *oy = (h - UI_H * *scale) / 2;
}

void gfx_begin_frame(ui_gfx_t *g) {
    if (g->view) gfx_viewport_end(g); /* a frame starts on the whole window */
    int w = 0, h = 0;
    SDL_GetRendererOutputSize(g->ren, &w, &h);
    if (w != g->pw || h != g->ph) {
        cache_clear(g);
        gfx_fonts_clear(g);
        g->pw = w, g->ph = h;
        gfx_warm_resized(g);
        /* the height sets the scale down to 4:3; a narrower window's width does (1440 units) */
        fit((float)w, (float)h, &g->scale, &g->ox, &g->oy);
    }
    g->frame++;
    gfx_rec_frame(g);
    /* textures not drawn for a while go (counting digits, cards of the last round): big ones
     * after 1.6 seconds, small ones after two, so that what comes back every second or so (a
     * pulsing panel's steps, every 1.3 to 1.5 s; the buttons between rounds) is not rasterised
     * again each time; one that was made again soon after it went (a pop-up shown again, the
     * demo's help pages) stays for ten seconds */
    if (g->frame % 30 == 0) {
        for (int i = 0; i < g->ncache;) {
            uint32_t keep = g->cache[i].recurring                     ? 600
                            : g->cache[i].w * g->cache[i].h <= 100000 ? 120
                                                                      : 96;
            /* (a prepared one counts as used ahead: gfx_cache_find) */
            if (g->frame > g->cache[i].last_used && g->frame - g->cache[i].last_used > keep)
                cache_drop(g, i);
            else
                i++;
        }
    }
    gfx_damage_begin(g);
}

void gfx_end_frame(ui_gfx_t *g) {
    if (g->view) gfx_viewport_end(g);
    gfx_damage_end(g);
}

SDL_Rect gfx_px(const ui_gfx_t *g, ui_rect_t r) {
    float x0 = g->ox + r.x * g->scale, y0 = g->oy + r.y * g->scale;
    float x1 = g->ox + (r.x + r.w) * g->scale, y1 = g->oy + (r.y + r.h) * g->scale;
    SDL_Rect p = {(int)SDL_floorf(x0 + 0.5f), (int)SDL_floorf(y0 + 0.5f), 0, 0};
    p.w = (int)SDL_floorf(x1 + 0.5f) - p.x;
    p.h = (int)SDL_floorf(y1 + 0.5f) - p.y;
    return p;
}

ui_rect_t gfx_view(const ui_gfx_t *g) {
    return ui_r(-g->ox / g->scale, -g->oy / g->scale, (float)g->pw / g->scale,
                (float)g->ph / g->scale);
}

ui_rect_t gfx_area(const ui_gfx_t *g) {
    ui_rect_t v = gfx_view(g);
    if (v.w > UI_W) v.x = 0, v.w = UI_W;
    return v;
}

void gfx_to_virtual(const ui_gfx_t *g, int px, int py, float *x, float *y) {
    *x = ((float)px - g->ox) / g->scale;
    *y = ((float)py - g->oy) / g->scale;
}

/* ---- parts of the window ---- */

static void park_layer(ui_gfx_t *g, int slot) {
    ui_layer_park_t *p = &g->parked[slot];
    p->layer = g->layer, p->layer_w = g->layer_w, p->layer_h = g->layer_h;
    p->layer_key = g->layer_key, p->layer_boxes = g->layer_boxes;
}

static void unpark_layer(ui_gfx_t *g, int slot) {
    ui_layer_park_t *p = &g->parked[slot];
    g->layer = p->layer, g->layer_w = p->layer_w, g->layer_h = p->layer_h;
    g->layer_key = p->layer_key, g->layer_boxes = p->layer_boxes;
    memset(p, 0, sizeof *p);
}

void gfx_viewport(ui_gfx_t *g, int slot, SDL_Rect px) {
    if (slot < 1 || slot >= UI_VIEWS) return;
    if (g->view == 0) {
        g->win_pw = g->pw, g->win_ph = g->ph;
        g->win_scale = g->scale, g->win_ox = g->ox, g->win_oy = g->oy;
    }
    park_layer(g, g->view);
    unpark_layer(g, slot);
    g->view = 0; /* the marker below is where the part is on the window */
    gfx_rec_box(g, UI_BOX_VIEW, px, 0, "");
    g->view = slot;
    g->view_px = px;
    g->pw = px.w, g->ph = px.h;
    fit((float)px.w, (float)px.h, &g->scale, &g->ox, &g->oy);
    SDL_RenderSetViewport(g->ren, &px);
}

void gfx_viewport_end(ui_gfx_t *g) {
    if (!g->view) return;
    park_layer(g, g->view);
    unpark_layer(g, 0);
    g->view = 0;
    g->pw = g->win_pw, g->ph = g->win_ph;
    g->scale = g->win_scale, g->ox = g->win_ox, g->oy = g->win_oy;
    SDL_RenderSetViewport(g->ren, NULL);
    SDL_Rect all = {0, 0, g->pw, g->ph};
    gfx_rec_box(g, UI_BOX_VIEW, all, 0, "");
}

bool gfx_view_point(const ui_gfx_t *g, SDL_Rect px, float x, float y, float *vx, float *vy) {
    float scale = g->view ? g->win_scale : g->scale, ox = g->view ? g->win_ox : g->ox,
          oy = g->view ? g->win_oy : g->oy;
    float wx = ox + x * scale, wy = oy + y * scale; /* window pixels */
    float s, pox, poy;
    fit((float)px.w, (float)px.h, &s, &pox, &poy);
    *vx = (wx - (float)px.x - pox) / s;
    *vy = (wy - (float)px.y - poy) / s;
    return wx >= (float)px.x && wx < (float)(px.x + px.w) && wy >= (float)px.y &&
           wy < (float)(px.y + px.h);
}

ui_rect_t gfx_view_rect(const ui_gfx_t *g, SDL_Rect px, ui_rect_t r) {
    float scale = g->view ? g->win_scale : g->scale, ox = g->view ? g->win_ox : g->ox,
          oy = g->view ? g->win_oy : g->oy;
    float s, pox, poy;
    fit((float)px.w, (float)px.h, &s, &pox, &poy);
    float wx = (float)px.x + pox + r.x * s, wy = (float)px.y + poy + r.y * s;
    return ui_r((wx - ox) / scale, (wy - oy) / scale, r.w * s / scale, r.h * s / scale);
}

/* ---- the texture cache ---- */

/* What a prepared picture or text counts as: used a minute of frames ahead, so that the meters'
 * figures made and dropped while the table counts do not push it out before its page opens. One
 * drawn into a kept frame: ten seconds ahead, as the frame copied stands for it (the table under
 * a celebration or a pop-up is all there when it is drawn again: 47-61 textures were made again
 * in the frame a celebration ended). */
static uint32_t used_now(const ui_gfx_t *g) {
    return g->frame + (g->scratch_was ? 3600 : g->in_frame ? 600 : 0);
}

ui_cache_entry_t *gfx_cache_find(ui_gfx_t *g, const char *key) {
    uint64_t h = gfx_hash(key);
    for (int i = 0; i < g->ncache; i++)
        if (g->cache[i].hash == h && strcmp(g->cache[i].key, key) == 0) {
            if (g->cache[i].last_used < used_now(g)) g->cache[i].last_used = used_now(g);
            return &g->cache[i];
        }
    return NULL;
}

ui_cache_entry_t *gfx_cache_put(ui_gfx_t *g, const char *key, SDL_Texture *tex, int w, int h) {
    if (g->ncache == UI_CACHE_SIZE) {
        /* evict the least recently used entry */
        int old = 0;
        for (int i = 1; i < g->ncache; i++)
            if (g->cache[i].last_used < g->cache[old].last_used) old = i;
        cache_drop(g, old);
    }
    uint64_t hash = gfx_hash(key);
    bool recurring = false;
    for (int i = 0; i < UI_DROPPED; i++)
        if (g->dropped[i].hash == hash && g->frame - g->dropped[i].frame <= 600) recurring = true;
    ui_cache_entry_t *e = &g->cache[g->ncache++];
    e->hash = hash;
    e->recurring = recurring;
    e->key = SDL_strdup(key);
    e->tex = tex;
    e->w = w, e->h = h;
    e->last_used = used_now(g);
    g->textures_made++;
    if (g->texture_log)
        fprintf(stderr, "frame %u: texture %dx%d %s (%.2f ms)\n", g->frame, w, h, key,
                g->made_since ? (double)(SDL_GetPerformanceCounter() - g->made_since) * 1000.0 /
                                    (double)SDL_GetPerformanceFrequency()
                              : 0.0);
    g->made_since = 0;
    return e;
}

SDL_Texture *gfx_texture_from(ui_gfx_t *g, SDL_Surface *s) {
    if (!s) return NULL;
    SDL_Texture *t = NULL;
    /* a picture with alpha becomes a streaming ARGB8888 texture: with the software renderer its
     * pixels can be read, so the window's draw list blends it by our own code (gfx_blend_window,
     * three to eight times SDL's speed) */
    if (s->format->Amask) {
        SDL_Surface *c = s->format->format == SDL_PIXELFORMAT_ARGB8888
                             ? s
                             : SDL_ConvertSurfaceFormat(s, SDL_PIXELFORMAT_ARGB8888, 0);
        if (c)
            t = SDL_CreateTexture(g->ren, SDL_PIXELFORMAT_ARGB8888, SDL_TEXTUREACCESS_STREAMING,
                                  c->w, c->h);
        if (t && SDL_UpdateTexture(t, NULL, c->pixels, c->pitch) != 0) {
            SDL_DestroyTexture(t);
            t = NULL;
        }
        if (c && c != s) SDL_FreeSurface(c);
    }
    if (!t) t = SDL_CreateTextureFromSurface(g->ren, s);
    SDL_FreeSurface(s);
    if (t) SDL_SetTextureBlendMode(t, SDL_BLENDMODE_BLEND);
    gfx_changed(g, t);
    return t;
}

/* The whole file, NUL-terminated (the raster cache hashes what is drawn, not its name). */
char *gfx_read_asset(const ui_gfx_t *g, const char *path, size_t *len) {
    char full[1200];
    snprintf(full, sizeof full, "%s/%s", g->assets, path);
    void *data = SDL_LoadFile(full, len);
    return data;
}

/* An SVG document's pixels at w x h (rk: its raster key), from the raster cache or rasterised
 * and kept there; NULL when it cannot be read. */
static SDL_Surface *svg_surface(ui_gfx_t *g, const char *text, size_t len, int w, int h,
                                const uint8_t rk[RASTER_KEY_BYTES]) {
    SDL_Surface *s = raster_get(&g->raster, rk, w, h);
    if (!s) {
        SDL_RWops *rw = SDL_RWFromConstMem(text, (int)len);
        if (rw) {
            s = IMG_LoadSizedSVG_RW(rw, w, h);
            SDL_RWclose(rw);
        }
        raster_put(&g->raster, rk, s);
    }
    return s;
}

ui_cache_entry_t *gfx_svg_texture(ui_gfx_t *g, const char *key, const char *path, const char *text,
                                  int w, int h) {
    char ck[700];
    snprintf(ck, sizeof ck, "svg:%s@%dx%d", key, w, h);
    ui_cache_entry_t *e = gfx_cache_find(g, ck);
    if (e) return e;
    if (g->texture_log) g->made_since = SDL_GetPerformanceCounter();
    size_t len = 0;
    char *file = NULL;
    if (text) {
        len = strlen(text);
    } else {
        file = gfx_read_asset(g, path, &len);
        if (!file) return NULL;
        text = file;
    }
    uint8_t rk[RASTER_KEY_BYTES];
    raster_key(text, len, w, h, rk);
    SDL_Texture *t = gfx_warm_take(g, rk, w, h); /* read before it was needed */
    if (!t) t = gfx_texture_from(g, svg_surface(g, text, len, w, h, rk));
    SDL_free(file);
    if (!t) return NULL;
    if (!g->in_layer) gfx_warm_note(g, rk, w, h);
    return gfx_cache_put(g, ck, t, w, h);
}

static bool draw_svg(ui_gfx_t *g, const char *key, const char *path, const char *text, ui_rect_t r,
                     uint8_t alpha, double angle, float sx) {
    SDL_Rect p = gfx_px(g, r);
    if (p.w <= 0 || p.h <= 0) return true;
    ui_cache_entry_t *e = gfx_svg_texture(g, key, path, text, p.w, p.h);
    if (!e) return false;
    SDL_SetTextureAlphaMod(e->tex, alpha);
    gfx_tint_texture(g, e->tex);
    if (sx < 0.999f) {
        int nw = (int)((float)p.w * (sx < 0 ? -sx : sx) + 0.5f);
        p.x += (p.w - nw) / 2;
        p.w = nw < 1 ? 1 : nw;
    }
    /* turned by whole degrees: a copy turned once, kept (a turn is seen only on the move) */
    int deg = (int)lround(angle);
    ui_cache_entry_t *te =
        angle != 0.0 && sx >= 0.999f && p.w == e->w && p.h == e->h && deg % 360 != 0
            ? gfx_turned(g, e, deg)
            : NULL;
    if (te) {
        SDL_SetTextureAlphaMod(te->tex, alpha);
        gfx_tint_texture(g, te->tex);
        SDL_Rect tp = {(int)lround(p.x + p.w / 2.0 - te->w / 2.0),
                       (int)lround(p.y + p.h / 2.0 - te->h / 2.0), te->w, te->h};
        gfx_copy(g, te->tex, NULL, &tp);
    } else if (angle != 0.0 && deg % 360 != 0) {
        gfx_copy_ex(g, e->tex, NULL, &p, angle);
    } else {
        gfx_copy(g, e->tex, NULL, &p);
    }
    /* a big piece of the static layer is drawn once per window size: drop it at once rather
     * than hold megabytes until the cache ages it out */
    if (g->in_layer && e->w * e->h >= 400000) {
        gfx_destroy(g, e->tex);
        free(e->key);
        *e = g->cache[--g->ncache];
    }
    return true;
}

bool gfx_svg(ui_gfx_t *g, const char *path, ui_rect_t r, uint8_t alpha) {
    return draw_svg(g, path, path, NULL, r, alpha, 0.0, 1.0f);
}

bool gfx_svg_ex(ui_gfx_t *g, const char *path, ui_rect_t r, uint8_t alpha, double angle, float sx) {
    return draw_svg(g, path, path, NULL, r, alpha, angle, sx);
}

bool gfx_svg_scaled(ui_gfx_t *g, const char *path, ui_rect_t r, float base, uint8_t alpha) {
    SDL_Rect p = gfx_px(g, r);
    int side = (int)(base * g->scale + 0.5f);
    if (p.w <= 0 || p.h <= 0 || side <= 0) return true;
    ui_cache_entry_t *e = gfx_svg_texture(g, path, path, NULL, side, side);
    if (!e) return false;
    SDL_SetTextureAlphaMod(e->tex, alpha);
    gfx_tint_texture(g, e->tex);
    gfx_copy(g, e->tex, NULL, &p);
    return true;
}

bool gfx_svg_text(ui_gfx_t *g, const char *key, const char *svg, ui_rect_t r, uint8_t alpha) {
    return draw_svg(g, key, NULL, svg, r, alpha, 0.0, 1.0f);
}

bool gfx_svg_text_ex(ui_gfx_t *g, const char *key, const char *svg, ui_rect_t r, uint8_t alpha,
                     float sx) {
    return draw_svg(g, key, NULL, svg, r, alpha, 0.0, sx);
}

void gfx_panel(ui_gfx_t *g, ui_rect_t r, float radius, ui_color_t top, ui_color_t bottom,
               ui_color_t border, float border_w) {
    gfx_panel_faded(g, r, radius, top, bottom, border, border_w, 255);
}

/* A panel's document at w x h pixels. */
static void panel_svg(char *svg, size_t n, int w, int h, ui_color_t top, ui_color_t bottom,
                      ui_color_t border, float bw, float rad) {
    snprintf(svg, n,
             "<svg xmlns='http://www.w3.org/2000/svg' width='%d' height='%d' viewBox='0 0 %d %d'>"
             "<defs><linearGradient id='g' x1='0' y1='0' x2='0' y2='1'>"
             "<stop offset='0' stop-color='#%02x%02x%02x' stop-opacity='%.3f'/>"
             "<stop offset='1' stop-color='#%02x%02x%02x' stop-opacity='%.3f'/>"
             "</linearGradient></defs>"
             "<rect x='%.2f' y='%.2f' width='%.2f' height='%.2f' rx='%.2f' fill='url(#g)' "
             "stroke='#%02x%02x%02x' stroke-opacity='%.3f' stroke-width='%.2f'/></svg>",
             w, h, w, h, top.r, top.g, top.b, top.a / 255.0, bottom.r, bottom.g, bottom.b,
             bottom.a / 255.0, (double)(bw / 2), (double)(bw / 2), (double)(w - bw),
             (double)(h - bw), (double)rad, border.r, border.g, border.b, border.a / 255.0,
             (double)bw);
}

/* A panel's picture at w x h. Its colours change only from top to bottom: every column between
 * its rounded ends is the same. So a wide one is rasterised narrow, its two ends and a column
 * between them, and widened (a 3720x2080 panel took nanosvg 141 ms, the narrow one some 6). The
 * ends are the same pixels: each lies as far from its own edge in both. */
SDL_Surface *gfx_panel_surface(ui_gfx_t *g, int w, int h, ui_color_t top, ui_color_t bottom,
                               ui_color_t border, float bw, float rad, bool whole) {
    char svg[1200];
    int end = (int)SDL_ceilf(rad + bw) + 2, nw = 2 * end + 1;
    if (whole || w <= nw + 32) nw = w;
    panel_svg(svg, sizeof svg, nw, h, top, bottom, border, bw, rad);
    size_t len = strlen(svg);
    uint8_t rk[RASTER_KEY_BYTES];
    raster_key(svg, len, nw, h, rk);
    SDL_Surface *narrow = svg_surface(g, svg, len, nw, h, rk);
    if (!narrow || nw == w) return narrow;
    SDL_Surface *n = narrow->w == nw && narrow->h == h
                         ? SDL_ConvertSurfaceFormat(narrow, SDL_PIXELFORMAT_ARGB8888, 0)
                         : NULL;
    SDL_FreeSurface(narrow);
    SDL_Surface *wide =
        n ? SDL_CreateRGBSurfaceWithFormat(0, w, h, 32, SDL_PIXELFORMAT_ARGB8888) : NULL;
    for (int y = 0; wide && y < h; y++) {
        const uint32_t *from = (const uint32_t *)((const uint8_t *)n->pixels + y * n->pitch);
        uint32_t *to = (uint32_t *)((uint8_t *)wide->pixels + y * wide->pitch);
        memcpy(to, from, (size_t)end * 4);
        for (int x = end; x < w - end; x++) to[x] = from[end];
        memcpy(to + w - end, from + end + 1, (size_t)end * 4);
    }
    if (n) SDL_FreeSurface(n);
    return wide;
}

static ui_cache_entry_t *panel_texture(ui_gfx_t *g, const char *key, int w, int h, ui_color_t top,
                                       ui_color_t bottom, ui_color_t border, float bw, float rad) {
    char ck[200];
    snprintf(ck, sizeof ck, "svg:%s@%dx%d", key, w, h);
    ui_cache_entry_t *e = gfx_cache_find(g, ck);
    if (e) return e;
    if (g->texture_log) g->made_since = SDL_GetPerformanceCounter();
    SDL_Texture *t =
        gfx_texture_from(g, gfx_panel_surface(g, w, h, top, bottom, border, bw, rad, false));
    return t ? gfx_cache_put(g, ck, t, w, h) : NULL;
}

void gfx_panel_faded(ui_gfx_t *g, ui_rect_t r, float radius, ui_color_t top, ui_color_t bottom,
                     ui_color_t border, float border_w, uint8_t fade) {
    /* drawn at the pixel size, so the generated document uses pixel units too */
    SDL_Rect p = gfx_px(g, r);
    if (p.w <= 0 || p.h <= 0 || fade == 0) return;
    /* a panel that hides what is under it (not an outline, not a faint shade) */
    if (top.a >= 100 && bottom.a >= 100 && fade == 255) gfx_rec_box(g, UI_BOX_PANEL, p, 0, "");
    /* a panel fading as a whole is drawn opaque once and faded with the texture's alpha, so
     * an animation does not rasterise a new panel every frame */
    if (top.a == bottom.a && (border.a == top.a || border_w <= 0) && top.a > 0) {
        fade = (uint8_t)((fade * top.a + 127) / 255);
        top.a = bottom.a = border.a = 255;
    }
    float s = g->scale, bw = border_w * s, rad = radius * s;
    char key[160];
    snprintf(key, sizeof key, "panel:%02x%02x%02x%02x:%02x%02x%02x%02x:%02x%02x%02x%02x:%.1f:%.1f",
             top.r, top.g, top.b, top.a, bottom.r, bottom.g, bottom.b, bottom.a, border.r, border.g,
             border.b, border.a, (double)radius, (double)border_w);
    ui_cache_entry_t *e = panel_texture(g, key, p.w, p.h, top, bottom, border, bw, rad);
    if (!e) return;
    SDL_SetTextureAlphaMod(e->tex, fade);
    gfx_tint_texture(g, e->tex);
    /* a big opaque panel: its inside copied as it is, only its edges blended (SDL's software
     * renderer blends every pixel of a picture with an alpha channel: 5 ms for HELP's) */
    if (fade == 255 && top.a == 255 && bottom.a == 255 && (border.a == 255 || bw <= 0) &&
        !g->in_layer && (long)p.w * p.h >= 100000) {
        gfx_copy_inside(g, e->tex, p, (int)SDL_ceilf(rad + bw) + 1);
        return;
    }
    gfx_copy(g, e->tex, NULL, &p);
    /* a big piece of the static layer is drawn once per window size: dropped at once */
    if (g->in_layer && e->w * e->h >= 400000) {
        gfx_destroy(g, e->tex);
        free(e->key);
        *e = g->cache[--g->ncache];
    }
}

void gfx_panel_pulsing(ui_gfx_t *g, ui_rect_t r, float radius, ui_color_t top, ui_color_t bottom,
                       ui_color_t border, float border_w) {
    if (border_w <= 0 || top.a != bottom.a || top.a == 0) {
        gfx_panel(g, r, radius, top, bottom, border, border_w);
        return;
    }
    /* the fill inside the border's middle line (a clear border keeps the place) faded by its
     * alpha, then the border whole faded by its: the same two pictures for every step of a
     * pulse of either (a panel that hides what is under it noted as gfx_panel notes it) */
    if (top.a >= 100 && top.a < 255) gfx_rec_box(g, UI_BOX_PANEL, gfx_px(g, r), 0, "");
    gfx_panel_faded(g, r, radius, ui_rgba(top.r, top.g, top.b, 255),
                    ui_rgba(bottom.r, bottom.g, bottom.b, 255),
                    ui_rgba(border.r, border.g, border.b, 0), border_w, top.a);
    gfx_panel_faded(g, r, radius, ui_rgba(0, 0, 0, 0), ui_rgba(0, 0, 0, 0),
                    ui_rgba(border.r, border.g, border.b, 255), border_w, border.a);
}

void gfx_glow(ui_gfx_t *g, ui_rect_t r, ui_color_t c) {
    /* made at its size in pixels: a picture is rasterised keeping its proportions, and a
     * stretched copy has to be drawn whole wherever the window changes near it */
    SDL_Rect p = gfx_px(g, r);
    if (p.w <= 0 || p.h <= 0) return;
    char key[64], svg[700];
    snprintf(key, sizeof key, "glow:%02x%02x%02x%02x", c.r, c.g, c.b, c.a);
    snprintf(svg, sizeof svg,
             "<svg xmlns='http://www.w3.org/2000/svg' width='%d' height='%d' viewBox='0 0 %d %d'>"
             "<defs><radialGradient id='g' cx='50%%' cy='50%%' r='50%%'>"
             "<stop offset='0' stop-color='#%02x%02x%02x' stop-opacity='%.3f'/>"
             "<stop offset='1' stop-color='#%02x%02x%02x' stop-opacity='0'/>"
             "</radialGradient></defs><ellipse cx='%.1f' cy='%.1f' rx='%.1f' ry='%.1f' "
             "fill='url(#g)'/></svg>",
             p.w, p.h, p.w, p.h, c.r, c.g, c.b, c.a / 255.0, c.r, c.g, c.b, p.w / 2.0, p.h / 2.0,
             p.w / 2.0, p.h / 2.0);
    draw_svg(g, key, NULL, svg, r, 255, 0.0, 1.0f);
}
