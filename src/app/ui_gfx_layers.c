/* The window's kept pictures: the still layer, the kept frame, a translucent shade,
 * an opaque background, the screenshot; fills and the tint (see ui_gfx.h). */
#include "ui_gfx.h"
#include "ui_gfx_internal.h"

#include <SDL_image.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#ifdef __SSE2__
#include <emmintrin.h>
#endif

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

/* c over the pixels `in` of s (32-bit RGB, locked): each colour moved towards c's by its alpha
 * as SDL's blend of an opaque picture with an alpha of its own moves it, d + ((s - d) * a >> 8),
 * so the pixels are those SDL gives (the same shade drawn into a kept picture by SDL must match).
 * SDL takes about 1.6 ns a pixel here: 14 ms over a 3840x2160 window, every frame of a fade. */
static void shade_band(SDL_Surface *s, SDL_Rect in, ui_color_t c) {
#ifdef __SSE2__
    /* SDL's own blend of it on x86-64 (its MMX loop), four pixels at a time: each colour's
     * difference times the alpha kept to 16 bits, shifted down, added to the byte */
    const __m128i zero = _mm_setzero_si128(), alpha = _mm_set1_epi16((short)c.a);
    const __m128i shade = _mm_unpacklo_epi8(
        _mm_set1_epi32((int)((uint32_t)c.r << 16 | (uint32_t)c.g << 8 | c.b)), zero);
    const __m128i opaque = _mm_set1_epi32((int)0xff000000u);
    for (int y = in.y; y < in.y + in.h; y++) {
        uint32_t *row = (uint32_t *)((uint8_t *)s->pixels + (size_t)y * (size_t)s->pitch) + in.x;
        int x = 0;
        for (; x + 4 <= in.w; x += 4) {
            __m128i d = _mm_loadu_si128((const __m128i *)(row + x));
            __m128i lo = _mm_unpacklo_epi8(d, zero), hi = _mm_unpackhi_epi8(d, zero);
            lo = _mm_srli_epi16(_mm_mullo_epi16(_mm_sub_epi16(shade, lo), alpha), 8);
            hi = _mm_srli_epi16(_mm_mullo_epi16(_mm_sub_epi16(shade, hi), alpha), 8);
            __m128i add = _mm_packus_epi16(_mm_and_si128(lo, _mm_set1_epi16(0xff)),
                                           _mm_and_si128(hi, _mm_set1_epi16(0xff)));
            _mm_storeu_si128((__m128i *)(row + x), _mm_or_si128(_mm_add_epi8(d, add), opaque));
        }
        for (; x < in.w; x++) {
            uint32_t px = row[x], out = 0xff000000u;
            const int to[3] = {c.b, c.g, c.r};
            for (int k = 0; k < 3; k++) {
                int v = (int)(px >> (8 * k) & 0xff);
                out |= (uint32_t)(v + (((to[k] - v) * c.a) >> 8)) << (8 * k);
            }
            row[x] = out;
        }
    }
#else
    uint32_t to_r[256], to_g[256], to_b[256];
    for (int v = 0; v < 256; v++) {
        to_r[v] = (uint32_t)(v + (((c.r - v) * c.a) >> 8)) << 16;
        to_g[v] = (uint32_t)(v + (((c.g - v) * c.a) >> 8)) << 8;
        to_b[v] = (uint32_t)(v + (((c.b - v) * c.a) >> 8));
    }
    for (int y = in.y; y < in.y + in.h; y++) {
        uint32_t *row = (uint32_t *)((uint8_t *)s->pixels + (size_t)y * (size_t)s->pitch) + in.x;
        for (int x = 0; x < in.w; x++) {
            uint32_t px = row[x];
            row[x] = 0xff000000u | to_r[px >> 16 & 0xff] | to_g[px >> 8 & 0xff] | to_b[px & 0xff];
        }
    }
#endif
}

/* x * y / 255 for bytes, exact, in 16-bit lanes: ((t >> 8) + t) >> 8 with t = x * y + 1 */
#ifdef __SSE2__
static inline __m128i div255(__m128i xy) {
    __m128i t = _mm_add_epi16(xy, _mm_set1_epi16(1));
    return _mm_srli_epi16(_mm_add_epi16(_mm_srli_epi16(t, 8), t), 8);
}
#endif

/* The pixels of a picture with alpha faded by `mod` (1-254) over d, as SDL's blit with the
 * surface's alpha gives them (its generic loop): the alpha a = sa * mod / 255, each colour
 * s * a / 255 + (255 - a) * d / 255 (divisions rounded down); the alpha likewise in an ARGB
 * surface, 0 in the window's RGB888 (SDL writes none). */
static void blend_faded(SDL_Surface *d, SDL_Rect in, const uint32_t *src, int src_pitch,
                        uint32_t mod) {
    bool keep_alpha = d->format->Amask != 0;
    for (int y = 0; y < in.h; y++) {
        const uint32_t *sr =
            (const uint32_t *)((const uint8_t *)src + (size_t)y * (size_t)src_pitch);
        uint32_t *row =
            (uint32_t *)((uint8_t *)d->pixels + (size_t)(in.y + y) * (size_t)d->pitch) + in.x;
        int x = 0;
#ifdef __SSE2__
        const __m128i zero = _mm_setzero_si128(), m = _mm_set1_epi16((short)mod),
                      full = _mm_set1_epi16(255),
                      alpha_lane = _mm_set_epi16(-1, 0, 0, 0, -1, 0, 0, 0),
                      kept = keep_alpha ? _mm_set1_epi32(-1) : _mm_set1_epi32(0xffffff);
        for (; x + 4 <= in.w; x += 4) {
            __m128i s = _mm_loadu_si128((const __m128i *)(sr + x));
            __m128i t = _mm_loadu_si128((const __m128i *)(row + x));
            __m128i out[2];
            for (int h = 0; h < 2; h++) {
                __m128i s16 = h ? _mm_unpackhi_epi8(s, zero) : _mm_unpacklo_epi8(s, zero);
                __m128i d16 = h ? _mm_unpackhi_epi8(t, zero) : _mm_unpacklo_epi8(t, zero);
                /* each pixel's alpha in its four lanes, faded */
                __m128i a = _mm_shufflehi_epi16(_mm_shufflelo_epi16(s16, 0xff), 0xff);
                a = div255(_mm_mullo_epi16(a, m));
                __m128i c = div255(_mm_mullo_epi16(s16, a));
                c = _mm_or_si128(_mm_andnot_si128(alpha_lane, c), _mm_and_si128(alpha_lane, a));
                out[h] = _mm_add_epi16(c, div255(_mm_mullo_epi16(_mm_sub_epi16(full, a), d16)));
            }
            _mm_storeu_si128((__m128i *)(row + x),
                             _mm_and_si128(_mm_packus_epi16(out[0], out[1]), kept));
        }
#endif
        for (; x < in.w; x++) {
            uint32_t sp = sr[x], dp = row[x], a = (sp >> 24) * mod / 255, out = 0;
            for (int k = 0; k < 24; k += 8)
                out |= ((sp >> k & 0xff) * a / 255 + (255 - a) * (dp >> k & 0xff) / 255) << k;
            if (keep_alpha) out |= (a + (255 - a) * (dp >> 24) / 255) << 24;
            row[x] = out;
        }
    }
}

/* The pixels of a picture with alpha (ARGB, src: the pixel over in's corner) over the pixels `in`
 * of d (32-bit, locked), as SDL's blend gives them on x86-64 (its MMX loop, when the picture has
 * no alpha of its own; blend_faded when it has): each channel
 * (s * a >> 8) + (d * (255 - a) >> 8), the alpha (s * 255 >> 8) + (d * (255 - a) >> 8), an
 * opaque pixel copied, a clear one left out. SDL takes about 4.7 ns a pixel here: 6.6 ms a frame
 * for the celebration's light at 3840x2160. */
static void blend_band(SDL_Surface *d, SDL_Rect in, const uint32_t *src, int src_pitch,
                       uint8_t mod) {
    if (mod == 0) return;
    if (mod < 255) {
        blend_faded(d, in, src, src_pitch, mod);
        return;
    }
    for (int y = 0; y < in.h; y++) {
        const uint32_t *sr =
            (const uint32_t *)((const uint8_t *)src + (size_t)y * (size_t)src_pitch);
        uint32_t *row =
            (uint32_t *)((uint8_t *)d->pixels + (size_t)(in.y + y) * (size_t)d->pitch) + in.x;
        int x = 0;
#ifdef __SSE2__
        const __m128i zero = _mm_setzero_si128(), full = _mm_set1_epi32(0xff),
                      top = _mm_set1_epi32((int)0xff000000u), all = _mm_set1_epi32(-1);
        for (; x + 4 <= in.w; x += 4) {
            __m128i s = _mm_loadu_si128((const __m128i *)(sr + x));
            __m128i t = _mm_loadu_si128((const __m128i *)(row + x));
            __m128i a = _mm_srli_epi32(s, 24);
            /* a in each colour's byte and 255 in the alpha's; 255 - a in every byte */
            __m128i a3 = _mm_or_si128(_mm_or_si128(_mm_slli_epi32(a, 16), _mm_slli_epi32(a, 8)), a);
            __m128i m = _mm_or_si128(a3, top);
            __m128i n = _mm_xor_si128(_mm_or_si128(a3, _mm_slli_epi32(a, 24)), all);
            __m128i lo = _mm_add_epi16(
                _mm_srli_epi16(
                    _mm_mullo_epi16(_mm_unpacklo_epi8(s, zero), _mm_unpacklo_epi8(m, zero)), 8),
                _mm_srli_epi16(
                    _mm_mullo_epi16(_mm_unpacklo_epi8(t, zero), _mm_unpacklo_epi8(n, zero)), 8));
            __m128i hi = _mm_add_epi16(
                _mm_srli_epi16(
                    _mm_mullo_epi16(_mm_unpackhi_epi8(s, zero), _mm_unpackhi_epi8(m, zero)), 8),
                _mm_srli_epi16(
                    _mm_mullo_epi16(_mm_unpackhi_epi8(t, zero), _mm_unpackhi_epi8(n, zero)), 8));
            __m128i out = _mm_packus_epi16(lo, hi);
            __m128i opaque = _mm_cmpeq_epi32(a, full), clear = _mm_cmpeq_epi32(a, zero);
            out = _mm_or_si128(_mm_and_si128(opaque, s), _mm_andnot_si128(opaque, out));
            out = _mm_or_si128(_mm_and_si128(clear, t), _mm_andnot_si128(clear, out));
            _mm_storeu_si128((__m128i *)(row + x), out);
        }
#endif
        for (; x < in.w; x++) {
            uint32_t sp = sr[x], a = sp >> 24, dp = row[x], out = 0;
            if (a == 0) continue;
            if (a == 255) {
                row[x] = sp;
                continue;
            }
            for (int k = 0; k < 32; k += 8) {
                uint32_t m = k == 24 ? 255 : a;
                uint32_t v = ((sp >> k & 0xff) * m >> 8) + ((dp >> k & 0xff) * (255 - a) >> 8);
                out |= (v > 255 ? 255 : v) << k;
            }
            row[x] = out;
        }
    }
}

/* ---- the loops above in bands of rows, on every core (ui_gfx_pool.c) ---- */

typedef struct band_job {
    SDL_Surface *d;
    SDL_Rect in;
    const uint32_t *src;
    int src_pitch;
    ui_color_t c;
    uint8_t mod;
} band_job_t;

static void shade_rows(void *arg, int y0, int y1) {
    const band_job_t *j = arg;
    shade_band(j->d, (SDL_Rect){j->in.x, j->in.y + y0, j->in.w, y1 - y0}, j->c);
}

void gfx_shade_pixels(SDL_Surface *s, SDL_Rect in, ui_color_t c) {
    band_job_t j = {.d = s, .in = in, .c = c};
    gfx_rows(in.h, (long)in.w * in.h, shade_rows, &j);
}

static void blend_rows(void *arg, int y0, int y1) {
    const band_job_t *j = arg;
    blend_band(j->d, (SDL_Rect){j->in.x, j->in.y + y0, j->in.w, y1 - y0},
               (const uint32_t *)((const uint8_t *)j->src + (size_t)y0 * (size_t)j->src_pitch),
               j->src_pitch, j->mod);
}

void gfx_blend_pixels(SDL_Surface *d, SDL_Rect in, const uint32_t *src, int src_pitch,
                      uint8_t mod) {
    band_job_t j = {.d = d, .in = in, .src = src, .src_pitch = src_pitch, .mod = mod};
    gfx_rows(in.h, (long)in.w * in.h, blend_rows, &j);
}

static void copy_rows(void *arg, int y0, int y1) {
    const band_job_t *j = arg;
    for (int y = y0; y < y1; y++)
        memcpy((uint8_t *)j->d->pixels + (size_t)(j->in.y + y) * (size_t)j->d->pitch +
                   (size_t)j->in.x * 4,
               (const uint8_t *)j->src + (size_t)y * (size_t)j->src_pitch, (size_t)j->in.w * 4);
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

bool gfx_blend_window(ui_gfx_t *g, SDL_Texture *t, const SDL_Rect *src, SDL_Rect dst, SDL_Rect cut,
                      uint8_t mod, bool opaque) {
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
        band_job_t j = {.d = s, .in = in, .src = (const uint32_t *)at, .src_pitch = pitch};
        if (opaque)
            gfx_rows(in.h, (long)in.w * in.h, copy_rows, &j);
        else
            gfx_blend_pixels(s, in, j.src, pitch, mod);
        SDL_UnlockTexture(t);
    }
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
