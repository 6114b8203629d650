/* The window's kept pictures: the still layer, the kept frame, a translucent shade,
 * an opaque background, the screenshot; fills and the tint (see ui_gfx.h). */
#include "ui_gfx.h"
#include "ui_gfx_internal.h"

#include <SDL_image.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

bool gfx_layer_begin(ui_gfx_t *g, uint32_t key) {
    if (g->layer && g->layer_w == g->pw && g->layer_h == g->ph && g->layer_key == key) {
        gfx_copy(g, g->layer, NULL, NULL);
        gfx_rec_layer(g, false);
        return false;
    }
    gfx_rec_layer(g, true);
    if (g->layer) gfx_destroy(g, g->layer);
    g->layer =
        SDL_CreateTexture(g->ren, SDL_PIXELFORMAT_ARGB8888, SDL_TEXTUREACCESS_TARGET, g->pw, g->ph);
    g->layer_w = g->pw, g->layer_h = g->ph, g->layer_key = key;
    gfx_changed(g, g->layer);
    if (g->layer) {
        SDL_SetTextureBlendMode(g->layer, SDL_BLENDMODE_NONE);
        gfx_target(g, g->layer);
        g->in_layer = true;
    }
    return true; /* without a layer the caller simply draws on screen */
}

void gfx_layer_end(ui_gfx_t *g) {
    g->in_layer = false;
    if (!g->layer) return;
    gfx_target(g, g->in_frame && !g->frame_under ? g->frame_tex
                  : g->scratch_was               ? g->scratch
                                                 : NULL);
    gfx_copy(g, g->layer, NULL, NULL);
}

bool gfx_frame_can_keep(const ui_gfx_t *g) {
    /* drawn as it is: every box recorded, or a table among four (its part of the window), or
     * onto nothing */
    return !g->rec && !g->frame_off && !g->view && !g->scratch_was;
}

bool gfx_frame_listed(const ui_gfx_t *g) {
    return g->dmg && gfx_frame_can_keep(g);
}

bool gfx_frame_begin(ui_gfx_t *g, uint64_t key) {
    if (!gfx_frame_can_keep(g)) return true;
    if (g->dmg) {
        /* with the window's draw list: written each frame into a list of its own whose picture is
         * drawn again only where it changed (ui_gfx_damage.c); no key to keep it by */
        if (gfx_damage_under_begin(g)) g->in_frame = g->frame_under = true;
        return true;
    }
    if (g->frame_tex && g->frame_w == g->pw && g->frame_h == g->ph && g->frame_key == key) {
        gfx_copy(g, g->frame_tex, NULL, NULL);
        g->frames_copied++;
        return false;
    }
    if (!g->frame_tex || g->frame_w != g->pw || g->frame_h != g->ph) {
        gfx_frame_drop(g);
        g->frame_tex = SDL_CreateTexture(g->ren, SDL_PIXELFORMAT_ARGB8888, SDL_TEXTUREACCESS_TARGET,
                                         g->pw, g->ph);
        if (!g->frame_tex) return true; /* no memory for it: drawn on screen */
        gfx_changed(g, g->frame_tex);
        SDL_SetTextureBlendMode(g->frame_tex, SDL_BLENDMODE_NONE);
        g->frame_w = g->pw, g->frame_h = g->ph;
    }
    g->frame_key = key;
    gfx_target(g, g->frame_tex);
    g->in_frame = true;
    return true;
}

void gfx_frame_end(ui_gfx_t *g) {
    if (!g->in_frame) return;
    g->in_frame = false;
    if (g->frame_under) {
        g->frame_under = false;
        gfx_damage_under_end(g);
        return;
    }
    gfx_target(g, NULL);
    gfx_copy(g, g->frame_tex, NULL, NULL);
}

void gfx_frame_drop(ui_gfx_t *g) {
    if (g->scratch_was) return; /* drawing onto nothing leaves the kept frame alone */
    if (g->frame_tex) gfx_destroy(g, g->frame_tex);
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
    gfx_copy(g, e->tex, NULL, &p);
    if (g->in_layer) {
        gfx_destroy(g, e->tex);
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
            gfx_destroy(g, t);
            return false;
        }
        Uint32 v = (Uint32)c.r << 16 | (Uint32)c.g << 8 | c.b;
        for (int i = 0; i < SHADE_TILE * SHADE_TILE; i++) px[i] = v;
        gfx_changed(g, t);
        SDL_UpdateTexture(t, NULL, px, SHADE_TILE * (int)sizeof *px);
        free(px);
        e = gfx_cache_put(g, key, t, SHADE_TILE, SHADE_TILE);
    }
    if (gfx_shade_op(g, e->tex, SHADE_TILE, out, c)) return true;
    SDL_SetTextureBlendMode(e->tex, SDL_BLENDMODE_BLEND);
    SDL_SetTextureAlphaMod(e->tex, c.a);
    for (int y = out.y; y < out.y + out.h; y += SHADE_TILE)
        for (int x = out.x; x < out.x + out.w; x += SHADE_TILE) {
            int w = out.x + out.w - x, h = out.y + out.h - y;
            SDL_Rect src = {0, 0, w < SHADE_TILE ? w : SHADE_TILE, h < SHADE_TILE ? h : SHADE_TILE};
            SDL_Rect dst = {x, y, src.w, src.h};
            gfx_copy(g, e->tex, &src, &dst);
        }
    return true;
}

/* The window's pixels (a locked 32-bit RGB surface; NULL: not such a window, or a texture is
 * drawn into) and `r` cut to them. */
static SDL_Surface *window_pixels(ui_gfx_t *g, SDL_Rect *r) {
    if (SDL_GetRenderTarget(g->ren)) return NULL;
    SDL_Surface *s = SDL_GetWindowSurface(g->window);
    if (!s || (s->format->format != SDL_PIXELFORMAT_RGB888 &&
               s->format->format != SDL_PIXELFORMAT_ARGB8888))
        return NULL;
    SDL_Rect all = {0, 0, s->w, s->h};
    if (!SDL_IntersectRect(r, &all, r)) *r = (SDL_Rect){0, 0, 0, 0};
    SDL_RenderFlush(g->ren);
    if (SDL_MUSTLOCK(s) && SDL_LockSurface(s) != 0) return NULL;
    return s;
}

static void window_done(SDL_Surface *s) {
    if (SDL_MUSTLOCK(s)) SDL_UnlockSurface(s);
}

/* t is a streaming ARGB8888 texture (its pixels readable with the software renderer): its size. */
static bool streaming_argb(SDL_Texture *t, int *w, int *h) {
    Uint32 format;
    int access;
    return SDL_QueryTexture(t, &format, &access, w, h) == 0 &&
           access == SDL_TEXTUREACCESS_STREAMING && format == SDL_PIXELFORMAT_ARGB8888;
}

/* A copy of t onto the window: blended (mod), copied (opaque), or copied shaded (shade). */
static bool copy_to_window(ui_gfx_t *g, SDL_Texture *t, const SDL_Rect *src, SDL_Rect dst,
                           SDL_Rect cut, uint8_t mod, bool opaque, const ui_color_t *shade) {
    int tw, th;
    if (!streaming_argb(t, &tw, &th)) return false;
    SDL_Rect from = src ? *src : (SDL_Rect){0, 0, tw, th};
    if (from.w != dst.w || from.h != dst.h) return false; /* stretched: SDL's */
    SDL_Rect in;
    if (!SDL_IntersectRect(&dst, &cut, &in)) in = (SDL_Rect){0, 0, 0, 0};
    SDL_Surface *s = window_pixels(g, &in);
    if (!s) return false;
    void *px;
    int pitch;
    if (in.w > 0 && in.h > 0 && SDL_LockTexture(t, NULL, &px, &pitch) == 0) {
        const uint8_t *at = (const uint8_t *)px + (size_t)(from.y + in.y - dst.y) * (size_t)pitch +
                            (size_t)(from.x + in.x - dst.x) * 4;
        if (shade)
            gfx_copy_shaded_pixels(s, in, (const uint32_t *)at, pitch, *shade);
        else if (opaque)
            gfx_copy_pixels(s, in, (const uint32_t *)at, pitch);
        else
            gfx_blend_pixels(s, in, (const uint32_t *)at, pitch, mod);
        SDL_UnlockTexture(t);
    }
    window_done(s);
    return true;
}

bool gfx_blend_window(ui_gfx_t *g, SDL_Texture *t, const SDL_Rect *src, SDL_Rect dst, SDL_Rect cut,
                      uint8_t mod, bool opaque) {
    return copy_to_window(g, t, src, dst, cut, mod, opaque, NULL);
}

bool gfx_copy_shaded_window(ui_gfx_t *g, SDL_Texture *t, const SDL_Rect *src, SDL_Rect dst,
                            SDL_Rect cut, ui_color_t c) {
    return copy_to_window(g, t, src, dst, cut, 255, true, &c);
}

bool gfx_fill_window(ui_gfx_t *g, SDL_Rect dst, SDL_Rect cut, ui_color_t c) {
    SDL_Rect in;
    if (!SDL_IntersectRect(&dst, &cut, &in)) in = (SDL_Rect){0, 0, 0, 0};
    SDL_Surface *s = window_pixels(g, &in);
    if (!s) return false;
    if (in.w > 0 && in.h > 0) gfx_fill_pixels(s, in, SDL_MapRGBA(s->format, c.r, c.g, c.b, c.a));
    window_done(s);
    return true;
}

bool gfx_shade_window(ui_gfx_t *g, SDL_Rect dst, SDL_Rect cut, ui_color_t c) {
    SDL_Rect in;
    if (!SDL_IntersectRect(&dst, &cut, &in)) in = (SDL_Rect){0, 0, 0, 0};
    SDL_Surface *s = window_pixels(g, &in);
    if (!s) return false;
    if (in.w > 0 && in.h > 0) gfx_shade_pixels(s, in, c);
    window_done(s);
    return true;
}

bool gfx_window_to_texture(ui_gfx_t *g, SDL_Texture *t, SDL_Rect r) {
    int tw, th;
    if (!streaming_argb(t, &tw, &th)) return false;
    SDL_Rect all = {0, 0, tw, th};
    SDL_IntersectRect(&r, &all, &r);
    SDL_Surface *s = window_pixels(g, &r);
    if (!s) return false;
    void *px;
    int pitch;
    if (SDL_LockTexture(t, NULL, &px, &pitch) == 0) {
        for (int y = r.y; y < r.y + r.h; y++)
            memcpy((uint8_t *)px + (size_t)y * (size_t)pitch + (size_t)r.x * 4,
                   (const uint8_t *)s->pixels + (size_t)y * (size_t)s->pitch + (size_t)r.x * 4,
                   (size_t)r.w * 4);
        SDL_UnlockTexture(t);
    }
    window_done(s);
    return true;
}

bool gfx_texture_pixels(SDL_Texture *t, uint32_t *out) {
    int w, h, pitch;
    void *px;
    if (SDL_QueryTexture(t, NULL, NULL, &w, &h) != 0 || SDL_LockTexture(t, NULL, &px, &pitch) != 0)
        return false;
    for (int y = 0; y < h; y++)
        memcpy(out + (size_t)y * (size_t)w, (const uint8_t *)px + (size_t)y * (size_t)pitch,
               (size_t)w * 4);
    SDL_UnlockTexture(t);
    return true;
}

int gfx_rects_around(SDL_Rect outer, SDL_Rect hole, SDL_Rect parts[4]) {
    SDL_Rect in;
    parts[0] = outer;
    if (!SDL_IntersectRect(&outer, &hole, &in)) return 1;
    int bottom = in.y + in.h;
    parts[0] = (SDL_Rect){outer.x, outer.y, outer.w, in.y - outer.y};
    parts[1] = (SDL_Rect){outer.x, bottom, outer.w, outer.y + outer.h - bottom};
    parts[2] = (SDL_Rect){outer.x, in.y, in.x - outer.x, in.h};
    parts[3] = (SDL_Rect){in.x + in.w, in.y, outer.x + outer.w - in.x - in.w, in.h};
    return 4;
}

void gfx_fill_around(ui_gfx_t *g, ui_rect_t hole, float radius, ui_color_t c) {
    SDL_Rect h = gfx_px(g, hole);
    int r = (int)SDL_ceilf(radius * g->scale);
    if (r * 2 > h.w) r = h.w / 2;
    if (r * 2 > h.h) r = h.h / 2;
    /* above, below, left and right of the hole, and the corners its rounding leaves open */
    SDL_Rect parts[8] = {
        {h.x, h.y, r, r},
        {h.x + h.w - r, h.y, r, r},
        {h.x, h.y + h.h - r, r, r},
        {h.x + h.w - r, h.y + h.h - r, r, r},
    };
    int n = 4 + gfx_rects_around((SDL_Rect){0, 0, g->pw, g->ph}, h, parts + 4);
    SDL_SetRenderDrawBlendMode(g->ren, SDL_BLENDMODE_BLEND);
    SDL_SetRenderDrawColor(g->ren, c.r, c.g, c.b, c.a);
    for (int i = 0; i < n; i++) {
        SDL_Rect p = parts[i];
        if (p.w <= 0 || p.h <= 0) continue;
        if ((long)p.w * p.h < 65536 || !gfx_shade(g, p, c)) gfx_fill_px(g, &p);
    }
}

void gfx_copy_inside(ui_gfx_t *g, SDL_Texture *tex, SDL_Rect p, int edge) {
    if (edge * 2 >= p.w || edge * 2 >= p.h) {
        gfx_copy(g, tex, NULL, &p);
        return;
    }
    /* the rows above and below the inside, the columns left and right of it: blended */
    SDL_Rect src[4] = {{0, 0, p.w, edge},
                       {0, p.h - edge, p.w, edge},
                       {0, edge, edge, p.h - 2 * edge},
                       {p.w - edge, edge, edge, p.h - 2 * edge}};
    for (int i = 0; i < 4; i++) {
        SDL_Rect d = {p.x + src[i].x, p.y + src[i].y, src[i].w, src[i].h};
        gfx_copy(g, tex, &src[i], &d);
    }
    SDL_Rect in = {edge, edge, p.w - 2 * edge, p.h - 2 * edge};
    SDL_Rect d = {p.x + edge, p.y + edge, in.w, in.h};
    SDL_SetTextureBlendMode(tex, SDL_BLENDMODE_NONE);
    gfx_copy(g, tex, &in, &d);
    SDL_SetTextureBlendMode(tex, SDL_BLENDMODE_BLEND);
}

/* ---- fills, and what is drawn tinted ---- */

/* What is drawn while tinted is darkened as a black shade of alpha 255 - tint over it would:
 * each colour times tint / 255 (gfx_tint). */
static ui_color_t tint_of(const ui_gfx_t *g, ui_color_t c) {
    if (g->tint == 255) return c;
    return ui_rgba((uint8_t)(c.r * g->tint / 255), (uint8_t)(c.g * g->tint / 255),
                   (uint8_t)(c.b * g->tint / 255), c.a);
}

void gfx_tint_texture(const ui_gfx_t *g, SDL_Texture *tex) {
    SDL_SetTextureColorMod(tex, g->tint, g->tint, g->tint);
}

void gfx_tint(ui_gfx_t *g, uint8_t tint) {
    g->tint = tint;
}

void gfx_fill(ui_gfx_t *g, ui_rect_t r, ui_color_t c) {
    if (c.a == 0) return; /* nothing to see: blending it would still visit every pixel */
    SDL_Rect p = gfx_px(g, r);
    c = tint_of(g, c);
    /* a large translucent fill (a dim over the table): the renderer blends a rectangle pixel
     * by pixel in plain C, 8 ms for a 1920x1080 screen, 55 ms at 3840x2160 */
    if (c.a > 0 && c.a < 255 && (long)p.w * p.h >= 65536 && gfx_shade(g, p, c)) return;
    SDL_SetRenderDrawBlendMode(g->ren, c.a == 255 ? SDL_BLENDMODE_NONE : SDL_BLENDMODE_BLEND);
    SDL_SetRenderDrawColor(g->ren, c.r, c.g, c.b, c.a);
    gfx_fill_px(g, &p);
}

void gfx_fill_screen(ui_gfx_t *g, ui_color_t c) {
    SDL_SetRenderDrawColor(g->ren, c.r, c.g, c.b, c.a);
    if (g->view && !g->in_layer) {
        /* a part of the window: a clear would take the whole of it */
        SDL_SetRenderDrawBlendMode(g->ren, SDL_BLENDMODE_NONE);
        gfx_fill_px(g, NULL);
    } else {
        gfx_clear(g);
    }
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
    gfx_target(g, g->scratch);
    return true;
}

void gfx_offscreen_end(ui_gfx_t *g) {
    if (!g->scratch_was) return;
    gfx_target(g, g->scratch_was == g->scratch ? NULL : g->scratch_was);
    g->scratch_was = NULL;
}
