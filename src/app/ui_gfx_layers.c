/* The window's kept pictures: the still layer, the kept frame, a translucent shade, a turning
 * picture, an opaque background, the screenshot (see ui_gfx.h). */
#include "ui_gfx.h"
#include "ui_gfx_internal.h"

#include <SDL_image.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The picture turned `deg` about the centre of its viewBox, as SVG text (NULL: no memory, no
 * file, no root element): drawn by the rasteriser like any picture, so the raster cache keeps it
 * and a later start prepares it before it is needed (ui_warm). */
static char *turned_svg(const ui_gfx_t *g, const char *path, double deg) {
    size_t len = 0;
    char *src = gfx_read_asset(g, path, &len);
    if (!src) return NULL;
    char *open = strstr(src, "<svg"), *close = NULL;
    for (char *c = strstr(src, "</svg>"); c; c = strstr(c + 1, "</svg>")) close = c;
    char *body = open ? strchr(open, '>') : NULL;
    double vb[4] = {0, 0, 0, 0};
    const char *v = open ? strstr(open, "viewBox=") : NULL;
    if (!body || !close || close < body || !v ||
        sscanf(v + 9, "%lf %lf %lf %lf", &vb[0], &vb[1], &vb[2], &vb[3]) != 4) {
        SDL_free(src);
        return NULL;
    }
    body++;
    size_t n = len + 128;
    char *out = malloc(n);
    if (out)
        snprintf(out, n, "%.*s<g transform='rotate(%.4f %.4f %.4f)'>%.*s</g>%s", (int)(body - src),
                 src, deg, vb[0] + vb[2] / 2, vb[1] + vb[3] / 2, (int)(close - body), body, close);
    SDL_free(src);
    return out;
}

/* Step k of a turning picture at w x h pixels (NULL: no memory, an unreadable picture). */
static ui_cache_entry_t *turned(ui_gfx_t *g, const char *path, int w, int h, int k, double deg) {
    char key[600], ck[700];
    snprintf(key, sizeof key, "turn:%s#%d", path, k);
    snprintf(ck, sizeof ck, "svg:%s@%dx%d", key, w, h); /* gfx_svg_texture's own key */
    ui_cache_entry_t *e = gfx_cache_find(g, ck);
    if (e) return e;
    char *svg = turned_svg(g, path, deg);
    if (!svg) return NULL;
    e = gfx_svg_texture(g, key, NULL, svg, w, h);
    free(svg);
    return e;
}

/* Copies tex (w x h pixels, drawn over p) where p and the piece `part` of the screen meet. */
static void copy_part(ui_gfx_t *g, SDL_Texture *tex, int w, int h, SDL_Rect p, SDL_Rect part) {
    SDL_Rect d;
    if (!SDL_IntersectRect(&p, &part, &d)) return;
    SDL_Rect s = {(int)((long)(d.x - p.x) * w / p.w), (int)((long)(d.y - p.y) * h / p.h),
                  (int)((long)d.w * w / p.w), (int)((long)d.h * h / p.h)};
    if (s.w > 0 && s.h > 0) SDL_RenderCopy(g->ren, tex, &s, &d);
}

bool gfx_svg_turning(ui_gfx_t *g, const char *path, ui_rect_t r, uint8_t alpha, double angle,
                     double period, int steps, int max_px, const ui_rect_t *hole) {
    SDL_Rect p = gfx_px(g, r);
    if (p.w <= 0 || p.h <= 0 || steps < 1 || period <= 0) return true;
    int w = p.w > max_px ? max_px : p.w, h = (int)((long)p.h * w / p.w);
    double pos = fmod(angle, period);
    if (pos < 0) pos += period;
    pos = pos / period * steps;
    int k[2] = {(int)pos % steps, ((int)pos + 1) % steps};
    float f = (float)(pos - floor(pos));
    /* both made before either is drawn: a second one made may move the first in the cache */
    for (int i = 0; i < 2; i++)
        if (!turned(g, path, w, h, k[i], period * k[i] / steps)) return false;
    /* the pieces around the hole: above it, below it, left and right of it */
    SDL_Rect parts[4] = {p};
    int nparts = 1;
    if (hole) {
        SDL_Rect o = gfx_px(g, *hole), in;
        if (SDL_IntersectRect(&p, &o, &in)) {
            int bottom = in.y + in.h;
            parts[0] = (SDL_Rect){p.x, p.y, p.w, in.y - p.y};
            parts[1] = (SDL_Rect){p.x, bottom, p.w, p.y + p.h - bottom};
            parts[2] = (SDL_Rect){p.x, in.y, in.x - p.x, in.h};
            parts[3] = (SDL_Rect){in.x + in.w, in.y, p.x + p.w - in.x - in.w, in.h};
            nparts = 4;
        }
    }
    for (int i = 0; i < 2; i++) {
        ui_cache_entry_t *e = turned(g, path, w, h, k[i], period * k[i] / steps);
        if (!e) return false;
        float share = i == 0 ? 1.0f - f : f;
        SDL_SetTextureAlphaMod(e->tex, (uint8_t)((float)alpha * share + 0.5f));
        for (int j = 0; j < nparts; j++)
            if (parts[j].w > 0 && parts[j].h > 0) copy_part(g, e->tex, w, h, p, parts[j]);
    }
    return true;
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
    SDL_SetRenderTarget(g->ren, g->in_frame ? g->frame_tex : g->scratch_was ? g->scratch : NULL);
    SDL_RenderCopy(g->ren, g->layer, NULL, NULL);
}

bool gfx_frame_begin(ui_gfx_t *g, uint64_t key) {
    /* drawn as it is: every box recorded, or a table among four (its part of the window) */
    if (g->rec || g->frame_off || g->view || g->scratch_was) return true; /* or onto nothing */
    if (g->frame_tex && g->frame_w == g->pw && g->frame_h == g->ph && g->frame_key == key) {
        SDL_RenderCopy(g->ren, g->frame_tex, NULL, NULL);
        return false;
    }
    if (!g->frame_tex || g->frame_w != g->pw || g->frame_h != g->ph) {
        gfx_frame_drop(g);
        g->frame_tex = SDL_CreateTexture(g->ren, SDL_PIXELFORMAT_ARGB8888, SDL_TEXTUREACCESS_TARGET,
                                         g->pw, g->ph);
        if (!g->frame_tex) return true; /* no memory for it: drawn on screen */
        SDL_SetTextureBlendMode(g->frame_tex, SDL_BLENDMODE_NONE);
        g->frame_w = g->pw, g->frame_h = g->ph;
    }
    g->frame_key = key;
    SDL_SetRenderTarget(g->ren, g->frame_tex);
    g->in_frame = true;
    return true;
}

void gfx_frame_end(ui_gfx_t *g) {
    if (!g->in_frame) return;
    g->in_frame = false;
    SDL_SetRenderTarget(g->ren, NULL);
    SDL_RenderCopy(g->ren, g->frame_tex, NULL, NULL);
}

void gfx_frame_drop(ui_gfx_t *g) {
    if (g->scratch_was) return; /* drawing onto nothing leaves the kept frame alone */
    if (g->frame_tex) SDL_DestroyTexture(g->frame_tex);
    g->frame_tex = NULL;
    g->frame_w = g->frame_h = 0;
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
    ui_cache_entry_t *e = gfx_svg_texture(g, path, path, NULL, w, h);
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

/* ---- a translucent shade ---- */

enum { SHADE_TILE = 512 };

bool gfx_shade(ui_gfx_t *g, SDL_Rect p, ui_color_t c) {
    /* only what the renderer can show: a dim given as "everything" is thousands of pixels out */
    SDL_Rect vp, out;
    SDL_RenderGetViewport(g->ren, &vp);
    SDL_Rect all = {0, 0, vp.w, vp.h};
    if (!SDL_IntersectRect(&p, &all, &out)) return true;
    char key[32];
    snprintf(key, sizeof key, "shade:%02x%02x%02x", c.r, c.g, c.b);
    ui_cache_entry_t *e = gfx_cache_find(g, key);
    if (!e) {
        /* no alpha channel: the renderer blends it with one factor for every pixel, five times
         * faster than a translucent rectangle or a picture with its own alpha */
        SDL_Texture *t = SDL_CreateTexture(g->ren, SDL_PIXELFORMAT_RGB888, SDL_TEXTUREACCESS_STATIC,
                                           SHADE_TILE, SHADE_TILE);
        if (!t) return false;
        Uint32 *px = malloc((size_t)SHADE_TILE * SHADE_TILE * sizeof *px);
        if (!px) {
            SDL_DestroyTexture(t);
            return false;
        }
        Uint32 v = (Uint32)c.r << 16 | (Uint32)c.g << 8 | c.b;
        for (int i = 0; i < SHADE_TILE * SHADE_TILE; i++) px[i] = v;
        SDL_UpdateTexture(t, NULL, px, SHADE_TILE * (int)sizeof *px);
        free(px);
        e = gfx_cache_put(g, key, t, SHADE_TILE, SHADE_TILE);
    }
    SDL_SetTextureBlendMode(e->tex, SDL_BLENDMODE_BLEND);
    SDL_SetTextureAlphaMod(e->tex, c.a);
    for (int y = out.y; y < out.y + out.h; y += SHADE_TILE)
        for (int x = out.x; x < out.x + out.w; x += SHADE_TILE) {
            int w = out.x + out.w - x, h = out.y + out.h - y;
            SDL_Rect src = {0, 0, w < SHADE_TILE ? w : SHADE_TILE, h < SHADE_TILE ? h : SHADE_TILE};
            SDL_Rect dst = {x, y, src.w, src.h};
            SDL_RenderCopy(g->ren, e->tex, &src, &dst);
        }
    return true;
}

/* ---- drawing nothing ---- */

bool gfx_offscreen_begin(ui_gfx_t *g) {
    if (g->rec || g->view || g->in_layer || g->in_frame || g->scratch_was) return false;
    if (!g->scratch) {
        g->scratch =
            SDL_CreateTexture(g->ren, SDL_PIXELFORMAT_ARGB8888, SDL_TEXTUREACCESS_TARGET, 16, 16);
        if (!g->scratch) return false;
    }
    g->scratch_was = SDL_GetRenderTarget(g->ren);
    if (!g->scratch_was) g->scratch_was = g->scratch; /* the window: NULL, told apart */
    SDL_SetRenderTarget(g->ren, g->scratch);
    return true;
}

void gfx_offscreen_end(ui_gfx_t *g) {
    if (!g->scratch_was) return;
    SDL_SetRenderTarget(g->ren, g->scratch_was == g->scratch ? NULL : g->scratch_was);
    g->scratch_was = NULL;
}
