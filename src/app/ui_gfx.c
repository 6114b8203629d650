#include "ui_gfx.h"

#include <SDL_image.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint64_t fnv1a(const char *s) {
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

bool gfx_init(ui_gfx_t *g, SDL_Window *win, SDL_Renderer *ren, const char *assets_dir) {
    memset(g, 0, sizeof *g);
    g->window = win;
    g->ren = ren;
    snprintf(g->assets, sizeof g->assets, "%s", assets_dir);
    find_fonts(g);
    if (!file_exists(g->font_path[UI_FONT_REGULAR])) {
        SDL_LogError(SDL_LOG_CATEGORY_APPLICATION, "no font found in %s/fonts", g->assets);
        return false;
    }
    gfx_begin_frame(g);
    return true;
}

static void cache_clear(ui_gfx_t *g) {
    for (int i = 0; i < g->ncache; i++) {
        SDL_DestroyTexture(g->cache[i].tex);
        free(g->cache[i].key);
    }
    g->ncache = 0;
}

static void fonts_clear(ui_gfx_t *g) {
    for (int i = 0; i < g->nfonts; i++) TTF_CloseFont(g->fonts[i].font);
    g->nfonts = 0;
}

void gfx_shutdown(ui_gfx_t *g) {
    if (g->view) gfx_viewport_end(g);
    cache_clear(g);
    fonts_clear(g);
    if (g->layer) SDL_DestroyTexture(g->layer);
    g->layer = NULL;
    for (int i = 0; i < UI_VIEWS; i++)
        if (g->parked[i].layer) SDL_DestroyTexture(g->parked[i].layer);
    gfx_boxes_free(g);
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
        fonts_clear(g);
        g->pw = w, g->ph = h;
        fit((float)w, (float)h, &g->scale, &g->ox, &g->oy);
    }
    g->frame++;
    gfx_rec_frame(g);
    /* textures not drawn for a while go (counting digits, cards of the last round): big ones
     * after half a second, small ones after two, so that what comes back every second or so (a
     * pulsing glow's steps, the buttons between rounds) is not rasterised again each time */
    if (g->frame % 30 == 0) {
        for (int i = 0; i < g->ncache;) {
            uint32_t keep = g->cache[i].w * g->cache[i].h <= 100000 ? 120 : 30;
            if (g->frame - g->cache[i].last_used > keep) {
                SDL_DestroyTexture(g->cache[i].tex);
                free(g->cache[i].key);
                g->cache[i] = g->cache[--g->ncache];
            } else {
                i++;
            }
        }
    }
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

void gfx_fill(ui_gfx_t *g, ui_rect_t r, ui_color_t c) {
    SDL_Rect p = gfx_px(g, r);
    SDL_SetRenderDrawBlendMode(g->ren, c.a == 255 ? SDL_BLENDMODE_NONE : SDL_BLENDMODE_BLEND);
    SDL_SetRenderDrawColor(g->ren, c.r, c.g, c.b, c.a);
    SDL_RenderFillRect(g->ren, &p);
}

void gfx_fill_screen(ui_gfx_t *g, ui_color_t c) {
    SDL_SetRenderDrawColor(g->ren, c.r, c.g, c.b, c.a);
    if (g->view && !g->in_layer) {
        /* a part of the window: a clear would take the whole of it */
        SDL_SetRenderDrawBlendMode(g->ren, SDL_BLENDMODE_NONE);
        SDL_RenderFillRect(g->ren, NULL);
    } else {
        SDL_RenderClear(g->ren);
    }
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

static ui_cache_entry_t *cache_find(ui_gfx_t *g, const char *key) {
    uint64_t h = fnv1a(key);
    for (int i = 0; i < g->ncache; i++)
        if (g->cache[i].hash == h && strcmp(g->cache[i].key, key) == 0) {
            g->cache[i].last_used = g->frame;
            return &g->cache[i];
        }
    return NULL;
}

static ui_cache_entry_t *cache_put(ui_gfx_t *g, const char *key, SDL_Texture *tex, int w, int h) {
    if (g->ncache == UI_CACHE_SIZE) {
        /* evict the least recently used entry */
        int old = 0;
        for (int i = 1; i < g->ncache; i++)
            if (g->cache[i].last_used < g->cache[old].last_used) old = i;
        SDL_DestroyTexture(g->cache[old].tex);
        free(g->cache[old].key);
        g->cache[old] = g->cache[--g->ncache];
    }
    ui_cache_entry_t *e = &g->cache[g->ncache++];
    e->hash = fnv1a(key);
    e->key = SDL_strdup(key);
    e->tex = tex;
    e->w = w, e->h = h;
    e->last_used = g->frame;
    g->textures_made++;
    return e;
}

static SDL_Texture *texture_from(ui_gfx_t *g, SDL_Surface *s) {
    if (!s) return NULL;
    SDL_Texture *t = SDL_CreateTextureFromSurface(g->ren, s);
    SDL_FreeSurface(s);
    if (t) SDL_SetTextureBlendMode(t, SDL_BLENDMODE_BLEND);
    return t;
}

/* The whole file, NUL-terminated (the raster cache hashes what is drawn, not its name). */
static char *read_asset(const ui_gfx_t *g, const char *path, size_t *len) {
    char full[1200];
    snprintf(full, sizeof full, "%s/%s", g->assets, path);
    void *data = SDL_LoadFile(full, len);
    return data;
}

static ui_cache_entry_t *svg_texture(ui_gfx_t *g, const char *key, const char *path,
                                     const char *text, int w, int h) {
    char ck[700];
    snprintf(ck, sizeof ck, "svg:%s@%dx%d", key, w, h);
    ui_cache_entry_t *e = cache_find(g, ck);
    if (e) return e;
    size_t len = 0;
    char *file = NULL;
    if (text) {
        len = strlen(text);
    } else {
        file = read_asset(g, path, &len);
        if (!file) return NULL;
        text = file;
    }
    uint8_t rk[RASTER_KEY_BYTES];
    raster_key(text, len, w, h, rk);
    SDL_Surface *s = raster_get(&g->raster, rk, w, h);
    if (!s) {
        SDL_RWops *rw = SDL_RWFromConstMem(text, (int)len);
        if (rw) {
            s = IMG_LoadSizedSVG_RW(rw, w, h);
            SDL_RWclose(rw);
        }
        raster_put(&g->raster, rk, s);
    }
    SDL_free(file);
    SDL_Texture *t = texture_from(g, s);
    if (!t) return NULL;
    return cache_put(g, ck, t, w, h);
}

static bool draw_svg(ui_gfx_t *g, const char *key, const char *path, const char *text, ui_rect_t r,
                     uint8_t alpha, double angle, float sx) {
    SDL_Rect p = gfx_px(g, r);
    if (p.w <= 0 || p.h <= 0) return true;
    ui_cache_entry_t *e = svg_texture(g, key, path, text, p.w, p.h);
    if (!e) return false;
    SDL_SetTextureAlphaMod(e->tex, alpha);
    if (sx < 0.999f) {
        int nw = (int)((float)p.w * (sx < 0 ? -sx : sx) + 0.5f);
        p.x += (p.w - nw) / 2;
        p.w = nw < 1 ? 1 : nw;
    }
    if (angle != 0.0)
        SDL_RenderCopyEx(g->ren, e->tex, NULL, &p, angle, NULL, SDL_FLIP_NONE);
    else
        SDL_RenderCopy(g->ren, e->tex, NULL, &p);
    /* a big piece of the static layer is drawn once per window size: drop it at once rather
     * than hold megabytes until the cache ages it out */
    if (g->in_layer && e->w * e->h >= 400000) {
        SDL_DestroyTexture(e->tex);
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

bool gfx_svg_text(ui_gfx_t *g, const char *key, const char *svg, ui_rect_t r, uint8_t alpha) {
    return draw_svg(g, key, NULL, svg, r, alpha, 0.0, 1.0f);
}

bool gfx_svg_text_ex(ui_gfx_t *g, const char *key, const char *svg, ui_rect_t r, uint8_t alpha,
                     float sx) {
    return draw_svg(g, key, NULL, svg, r, alpha, 0.0, sx);
}

void gfx_panel(ui_gfx_t *g, ui_rect_t r, float radius, ui_color_t top, ui_color_t bottom,
               ui_color_t border, float border_w) {
    /* drawn at the pixel size, so the generated document uses pixel units too */
    SDL_Rect p = gfx_px(g, r);
    if (p.w <= 0 || p.h <= 0) return;
    /* a panel fading as a whole is drawn opaque once and faded with the texture's alpha, so
     * an animation does not rasterise a new panel every frame */
    uint8_t fade = 255;
    /* a panel that hides what is under it (not an outline, not a faint shade) */
    if (top.a >= 100 && bottom.a >= 100) gfx_rec_box(g, UI_BOX_PANEL, p, 0, "");
    if (top.a == bottom.a && (border.a == top.a || border_w <= 0) && top.a > 0) {
        fade = top.a;
        top.a = bottom.a = border.a = 255;
    }
    float s = g->scale, bw = border_w * s, rad = radius * s;
    char key[160], svg[1200];
    snprintf(key, sizeof key, "panel:%02x%02x%02x%02x:%02x%02x%02x%02x:%02x%02x%02x%02x:%.1f:%.1f",
             top.r, top.g, top.b, top.a, bottom.r, bottom.g, bottom.b, bottom.a, border.r, border.g,
             border.b, border.a, (double)radius, (double)border_w);
    snprintf(svg, sizeof svg,
             "<svg xmlns='http://www.w3.org/2000/svg' width='%d' height='%d' viewBox='0 0 %d %d'>"
             "<defs><linearGradient id='g' x1='0' y1='0' x2='0' y2='1'>"
             "<stop offset='0' stop-color='#%02x%02x%02x' stop-opacity='%.3f'/>"
             "<stop offset='1' stop-color='#%02x%02x%02x' stop-opacity='%.3f'/>"
             "</linearGradient></defs>"
             "<rect x='%.2f' y='%.2f' width='%.2f' height='%.2f' rx='%.2f' fill='url(#g)' "
             "stroke='#%02x%02x%02x' stroke-opacity='%.3f' stroke-width='%.2f'/></svg>",
             p.w, p.h, p.w, p.h, top.r, top.g, top.b, top.a / 255.0, bottom.r, bottom.g, bottom.b,
             bottom.a / 255.0, (double)(bw / 2), (double)(bw / 2), (double)(p.w - bw),
             (double)(p.h - bw), (double)rad, border.r, border.g, border.b, border.a / 255.0,
             (double)bw);
    draw_svg(g, key, NULL, svg, r, fade, 0.0, 1.0f);
}

void gfx_glow(ui_gfx_t *g, ui_rect_t r, ui_color_t c) {
    char key[64], svg[700];
    snprintf(key, sizeof key, "glow:%02x%02x%02x%02x", c.r, c.g, c.b, c.a);
    snprintf(svg, sizeof svg,
             "<svg xmlns='http://www.w3.org/2000/svg' width='200' height='100' viewBox='0 0 200 "
             "100'><defs><radialGradient id='g' cx='50%%' cy='50%%' r='50%%'>"
             "<stop offset='0' stop-color='#%02x%02x%02x' stop-opacity='%.3f'/>"
             "<stop offset='1' stop-color='#%02x%02x%02x' stop-opacity='0'/>"
             "</radialGradient></defs><ellipse cx='100' cy='50' rx='100' ry='50' "
             "fill='url(#g)'/></svg>",
             c.r, c.g, c.b, c.a / 255.0, c.r, c.g, c.b);
    draw_svg(g, key, NULL, svg, r, 255, 0.0, 1.0f);
}

/* ---- text ---- */

static TTF_Font *font_at(ui_gfx_t *g, int px, int face) {
    for (int i = 0; i < g->nfonts; i++)
        if (g->fonts[i].px == px && g->fonts[i].face == face) return g->fonts[i].font;
    if (g->nfonts == UI_FONT_SIZES) fonts_clear(g);
    TTF_Font *f = TTF_OpenFont(g->font_path[face], px);
    if (!f) return NULL;
    TTF_SetFontHinting(f, TTF_HINTING_LIGHT);
    g->fonts[g->nfonts].px = px;
    g->fonts[g->nfonts].face = face;
    g->fonts[g->nfonts].font = f;
    g->nfonts++;
    return f;
}

static ui_cache_entry_t *text_texture(ui_gfx_t *g, const char *text, float size, int face,
                                      ui_color_t c) {
    int px = (int)(size * g->scale + 0.5f);
    if (px < 4) px = 4;
    char key[700];
    snprintf(key, sizeof key, "txt:%d:%d:%02x%02x%02x:%s", face, px, c.r, c.g, c.b, text);
    ui_cache_entry_t *e = cache_find(g, key);
    if (e) return e;
    TTF_Font *f = font_at(g, px, face);
    if (!f) return NULL;
    SDL_Color col = {c.r, c.g, c.b, 255};
    SDL_Surface *s = TTF_RenderUTF8_Blended(f, text, col);
    if (!s) return NULL;
    int w = s->w, h = s->h;
    SDL_Texture *t = texture_from(g, s);
    if (!t) return NULL;
    return cache_put(g, key, t, w, h);
}

float gfx_text(ui_gfx_t *g, const char *text, float x, float y, float size, int face, ui_color_t c,
               int align) {
    if (!text || !*text) return 0;
    ui_cache_entry_t *e = text_texture(g, text, size, face, c);
    if (!e) return 0;
    float w = (float)e->w / g->scale;
    if (align == UI_ALIGN_CENTER)
        x -= w / 2;
    else if (align == UI_ALIGN_RIGHT)
        x -= w;
    SDL_Rect p = {(int)(g->ox + x * g->scale + 0.5f), (int)(g->oy + y * g->scale + 0.5f), e->w,
                  e->h};
    if (g->rec) {
        int px = (int)(size * g->scale + 0.5f);
        gfx_rec_box(g, UI_BOX_TEXT, p, px < 4 ? 4 : px, text);
    }
    SDL_SetTextureAlphaMod(e->tex, c.a);
    SDL_RenderCopy(g->ren, e->tex, NULL, &p);
    return w;
}

float gfx_text_shadow(ui_gfx_t *g, const char *text, float x, float y, float size, int face,
                      ui_color_t c, int align) {
    float off = size * 0.06f;
    if (off < 1.5f) off = 1.5f;
    g->rec_quiet = true; /* the shadow is part of the text's box */
    gfx_text(g, text, x + off, y + off, size, face, ui_rgba(0, 0, 0, (uint8_t)(c.a * 0.55f)),
             align);
    g->rec_quiet = false;
    return gfx_text(g, text, x, y, size, face, c, align);
}

float gfx_text_width(ui_gfx_t *g, const char *text, float size, int face) {
    if (!text || !*text) return 0;
    int px = (int)(size * g->scale + 0.5f);
    if (px < 4) px = 4;
    uint64_t hash = fnv1a(text) ^ ((uint64_t)(unsigned)px << 40) ^ ((uint64_t)(unsigned)face << 56);
    hash |= 1; /* 0 marks an empty slot */
    int slot = (int)(hash % (sizeof g->widths / sizeof g->widths[0]));
    if (g->widths[slot].hash == hash) return (float)g->widths[slot].w / g->scale;
    TTF_Font *f = font_at(g, px, face);
    int w = 0, h = 0;
    if (!f || TTF_SizeUTF8(f, text, &w, &h) != 0) return 0;
    g->widths[slot].hash = hash;
    g->widths[slot].w = w;
    return (float)w / g->scale;
}

static float text_wrap(ui_gfx_t *g, const char *text, float x, float y, float width, float size,
                       int face, ui_color_t c, int align, bool draw) {
    char line[512] = "";
    float line_h = size * 1.3f, used = 0;
    const char *p = text;
    while (*p) {
        const char *word_end = p;
        while (*word_end && *word_end != ' ') word_end++;
        char candidate[sizeof line + 512]; /* a long word is cut at the line's size below */
        snprintf(candidate, sizeof candidate, "%s%s%.*s", line, line[0] ? " " : "",
                 (int)(word_end - p > 500 ? 500 : word_end - p), p);
        if (line[0] && gfx_text_width(g, candidate, size, face) > width) {
            if (draw) gfx_text(g, line, x, y + used, size, face, c, align);
            used += line_h;
            snprintf(line, sizeof line, "%.*s", (int)(word_end - p), p);
        } else {
            snprintf(line, sizeof line, "%.*s", (int)sizeof line - 1, candidate); /* cut, ended */
        }
        p = *word_end ? word_end + 1 : word_end;
    }
    if (line[0]) {
        if (draw) gfx_text(g, line, x, y + used, size, face, c, align);
        used += line_h;
    }
    return used;
}

float gfx_text_wrap(ui_gfx_t *g, const char *text, float x, float y, float width, float size,
                    int face, ui_color_t c, int align) {
    return text_wrap(g, text, x, y, width, size, face, c, align, true);
}

float gfx_text_wrap_height(ui_gfx_t *g, const char *text, float width, float size, int face) {
    return text_wrap(g, text, 0, 0, width, size, face, ui_rgba(0, 0, 0, 0), UI_ALIGN_LEFT, false);
}

bool gfx_layer_begin(ui_gfx_t *g, uint32_t key) {
    if (g->layer && g->layer_w == g->pw && g->layer_h == g->ph && g->layer_key == key) {
        SDL_RenderCopy(g->ren, g->layer, NULL, NULL);
        gfx_rec_layer(g, false);
        return false;
    }
    gfx_rec_layer(g, true);
    if (g->layer) SDL_DestroyTexture(g->layer);
    g->layer =
        SDL_CreateTexture(g->ren, SDL_PIXELFORMAT_ARGB8888, SDL_TEXTUREACCESS_TARGET, g->pw, g->ph);
    g->layer_w = g->pw, g->layer_h = g->ph, g->layer_key = key;
    if (g->layer) {
        SDL_SetTextureBlendMode(g->layer, SDL_BLENDMODE_NONE);
        SDL_SetRenderTarget(g->ren, g->layer);
        g->in_layer = true;
    }
    return true; /* without a layer the caller simply draws on screen */
}

void gfx_layer_end(ui_gfx_t *g) {
    g->in_layer = false;
    if (!g->layer) return;
    SDL_SetRenderTarget(g->ren, NULL);
    SDL_RenderCopy(g->ren, g->layer, NULL, NULL);
}

bool gfx_svg_opaque(ui_gfx_t *g, const char *path, ui_rect_t r) {
    SDL_Rect p = gfx_px(g, r);
    if (p.w <= 0 || p.h <= 0) return true;
    /* a smooth background rasterised at up to 1280 wide and stretched: the same look, a
     * fraction of the work (nanosvg fills pixel by pixel: 275 ms for the felt at 4K) */
    int w = p.w, h = p.h;
    if (w > 1280) {
        h = (int)((long)h * 1280 / w);
        w = 1280;
    }
    ui_cache_entry_t *e = svg_texture(g, path, path, NULL, w, h);
    if (!e) return false;
    SDL_SetTextureBlendMode(e->tex, SDL_BLENDMODE_NONE);
    SDL_RenderCopy(g->ren, e->tex, NULL, &p);
    if (g->in_layer) {
        SDL_DestroyTexture(e->tex);
        free(e->key);
        *e = g->cache[--g->ncache];
    }
    return true;
}

bool gfx_screenshot(ui_gfx_t *g, const char *path) {
    if (g->view) gfx_viewport_end(g); /* the whole window */
    SDL_Surface *s = SDL_CreateRGBSurfaceWithFormat(0, g->pw, g->ph, 32, SDL_PIXELFORMAT_ARGB8888);
    if (!s) return false;
    bool ok =
        SDL_RenderReadPixels(g->ren, NULL, SDL_PIXELFORMAT_ARGB8888, s->pixels, s->pitch) == 0 &&
        IMG_SavePNG(s, path) == 0;
    SDL_FreeSurface(s);
    return ok;
}
