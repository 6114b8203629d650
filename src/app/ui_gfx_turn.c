/* A picture turning about its centre (gfx_svg_turning, ui_gfx.h): turned copies rasterised from
 * the SVG turned, kept as pixels, and each frame the two nearest cross-faded into one picture. */
#include "ui_gfx.h"
#include "ui_gfx_internal.h"
#include "ui_warm.h"

#include <SDL_image.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#ifdef __SSE2__
#include <emmintrin.h>
#endif

/* The picture turned `deg` about the centre of its viewBox, as SVG text (NULL: no memory, no
 * file, no root element): rasterised like any picture, so the raster cache keeps it. */
static char *turned_svg(const char *assets, const char *path, double deg) {
    size_t len = 0;
    char full[1200];
    snprintf(full, sizeof full, "%s/%s", assets, path);
    char *src = SDL_LoadFile(full, &len);
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

static void turn_clear(ui_gfx_t *g, ui_turn_t *t) {
    if (t->thread) SDL_WaitThread(t->thread, NULL);
    for (int i = 0; i < UI_TURN_STEPS; i++) {
        if (t->step[i]) SDL_FreeSurface(t->step[i]);
        if (t->ahead[i]) SDL_FreeSurface(t->ahead[i]);
    }
    if (t->out) gfx_destroy(g, t->out);
    memset(t, 0, sizeof *t);
}

void gfx_turn_drop(ui_gfx_t *g) {
    turn_clear(g, &g->turn);
}

/* The turning picture's size in pixels for r (false: nothing to draw). */
static bool turn_size(const ui_gfx_t *g, ui_rect_t r, int max_px, SDL_Rect *p, int *w, int *h) {
    *p = gfx_px(g, r);
    if (p->w <= 0 || p->h <= 0) return false;
    *w = p->w > max_px ? max_px : p->w;
    *h = (int)((long)p->h * *w / p->w);
    return *h > 0;
}

/* g->turn made ready for this picture at w x h in `steps` (false: too many steps, a long path). */
static bool turn_for(ui_gfx_t *g, const char *path, int w, int h, int steps, double period) {
    ui_turn_t *t = &g->turn;
    if (steps < 1 || steps > UI_TURN_STEPS || period <= 0 || strlen(path) >= sizeof t->path)
        return false;
    if (strcmp(t->path, path) == 0 && t->w == w && t->h == h && t->steps == steps &&
        t->period == period)
        return true;
    turn_clear(g, t);
    snprintf(t->path, sizeof t->path, "%s", path);
    t->w = w, t->h = h, t->steps = steps, t->period = period;
    t->assets = g->assets;
    return true;
}

/* Step k's pixels: read from the raster cache (rc), or rasterised and kept there (NULL: no
 * memory, an unreadable picture). Only t's size and path are read: the thread's work too. */
static SDL_Surface *make_step(const ui_turn_t *t, raster_cache_t *rc, int k) {
    char *svg = turned_svg(t->assets, t->path, t->period * k / t->steps);
    if (!svg) return NULL;
    size_t len = strlen(svg);
    uint8_t rk[RASTER_KEY_BYTES];
    raster_key(svg, len, t->w, t->h, rk);
    SDL_Surface *s = raster_get(rc, rk, t->w, t->h);
    if (!s) {
        SDL_RWops *rw = SDL_RWFromConstMem(svg, (int)len);
        if (rw) {
            s = IMG_LoadSizedSVG_RW(rw, t->w, t->h);
            SDL_RWclose(rw);
        }
        raster_put(rc, rk, s);
    }
    free(svg);
    if (s && (s->format->format != SDL_PIXELFORMAT_ARGB8888 || s->w != t->w || s->h != t->h)) {
        /* a picture is rasterised keeping its proportions: at a size its own does not divide
         * (507 pixels for 760 units at 1280x720) it comes a pixel short, and is fitted */
        SDL_Surface *c = NULL;
        if (s->w == t->w && s->h == t->h) {
            c = SDL_ConvertSurfaceFormat(s, SDL_PIXELFORMAT_ARGB8888, 0);
        } else if ((c = SDL_CreateRGBSurfaceWithFormat(0, t->w, t->h, 32,
                                                       SDL_PIXELFORMAT_ARGB8888)) != NULL) {
            SDL_SetSurfaceBlendMode(s, SDL_BLENDMODE_NONE);
            if (SDL_BlitScaled(s, NULL, c, NULL) != 0) SDL_FreeSurface(c), c = NULL;
        }
        SDL_FreeSurface(s);
        s = c;
    }
    return s;
}

/* Every step, in order, on the second core (1-2 s of rasterising at 3840x2160 the first time,
 * 20 ms a step read from the raster cache: it was the celebration's frames' to wait for). */
static int turn_thread(void *data) {
    ui_turn_t *t = data;
    /* (at the normal priority, unlike the other helpers: a celebration waits for its copies, and
     * at the least priority beside them the wait took 100-140 ms of its first frame) */
    for (int k = 0; k < t->steps; k++) {
        t->ahead[k] = make_step(t, &t->raster, k);
        SDL_AtomicSet(&t->made, k + 1);
    }
    return 0;
}

/* Step k's pixels, the thread's when it made them (waited for when it has not yet). */
static SDL_Surface *turn_step(ui_gfx_t *g, int k) {
    ui_turn_t *t = &g->turn;
    if (t->step[k]) return t->step[k];
    Uint64 t0 = SDL_GetPerformanceCounter();
    double f = 1000.0 / (double)SDL_GetPerformanceFrequency();
    if (t->thread && SDL_AtomicGet(&t->made) <= k) {
        SDL_WaitThread(t->thread, NULL);
        t->thread = NULL;
        if (g->texture_log)
            fprintf(stderr, "frame %u: the light's step %d waited for (%.2f ms)\n", g->frame, k,
                    (double)(SDL_GetPerformanceCounter() - t0) * f);
    }
    if (SDL_AtomicGet(&t->made) > k && t->ahead[k]) {
        t->step[k] = t->ahead[k];
        t->ahead[k] = NULL;
        if (t->step[k]) return t->step[k];
    }
    t0 = SDL_GetPerformanceCounter();
    t->step[k] = make_step(t, &g->raster, k);
    if (g->texture_log)
        fprintf(stderr, "frame %u: the light's step %d made here (%.2f ms)\n", g->frame, k,
                (double)(SDL_GetPerformanceCounter() - t0) * f);
    return t->step[k];
}

/* The picture each frame's cross-fade is drawn into (w x h), made when there is none. false: no
 * memory. */
static bool turn_out(ui_gfx_t *g, int w, int h) {
    ui_turn_t *t = &g->turn;
    if (t->out) return true;
    t->out = SDL_CreateTexture(g->ren, SDL_PIXELFORMAT_ARGB8888, SDL_TEXTUREACCESS_STREAMING, w, h);
    if (!t->out) return false;
    SDL_SetTextureBlendMode(t->out, SDL_BLENDMODE_BLEND);
    gfx_changed(g, t->out);
    return true;
}

bool gfx_svg_turning_prepare(ui_gfx_t *g, const char *path, ui_rect_t r, double period, int steps,
                             int max_px) {
    SDL_Rect p;
    int w, h;
    if (!turn_size(g, r, max_px, &p, &w, &h) || !turn_for(g, path, w, h, steps, period))
        return false;
    ui_turn_t *t = &g->turn;
    if (t->thread || t->step[0] || SDL_AtomicGet(&t->made) > 0) {
        /* on its way; and the picture each frame's cross-fade is drawn into, made now (its
         * memory cleared and touched for the first time took 6 ms of a celebration's first frame
         * at 3840x2160) */
        return !t->out && turn_out(g, w, h);
    }
    t->raster = g->raster; /* the thread's own copy (its counters are its own) */
    t->thread = SDL_CreateThread(turn_thread, "turning", t);
    if (t->thread) return true;
    for (int k = 0; k < steps; k++) /* no thread: a step a call */
        if (!t->step[k]) return turn_step(g, k) != NULL;
    return false;
}

/* One row of the cross-fade: a0 and a1 (weights out of 256, summing to 256) of two ARGB rows,
 * each channel (x * a0 + y * a1) >> 8, the alpha then scaled by `alpha`: (a * alpha + 255) >> 8
 * (255 leaves it as it is). Four pixels at a time with SSE2 (the light's 1.4 million pixels a
 * frame at 3840x2160 took 2 ms one at a time). */
void gfx_fade_row(uint32_t *restrict out, const uint32_t *restrict x, const uint32_t *restrict y,
                  int n, uint32_t a0, uint32_t a1, uint32_t alpha) {
    int i = 0;
#ifdef __SSE2__
    const __m128i zero = _mm_setzero_si128(), w0 = _mm_set1_epi16((short)a0),
                  w1 = _mm_set1_epi16((short)a1);
    /* the second step: colours times 256 (unchanged), the alpha times alpha plus 255 */
    const __m128i m = _mm_set_epi16((short)alpha, 256, 256, 256, (short)alpha, 256, 256, 256);
    const __m128i add = _mm_set_epi16(255, 0, 0, 0, 255, 0, 0, 0);
    for (; i + 4 <= n; i += 4) {
        __m128i p = _mm_loadu_si128((const __m128i *)(x + i));
        __m128i q = _mm_loadu_si128((const __m128i *)(y + i));
        __m128i lo = _mm_srli_epi16(_mm_add_epi16(_mm_mullo_epi16(_mm_unpacklo_epi8(p, zero), w0),
                                                  _mm_mullo_epi16(_mm_unpacklo_epi8(q, zero), w1)),
                                    8);
        __m128i hi = _mm_srli_epi16(_mm_add_epi16(_mm_mullo_epi16(_mm_unpackhi_epi8(p, zero), w0),
                                                  _mm_mullo_epi16(_mm_unpackhi_epi8(q, zero), w1)),
                                    8);
        lo = _mm_srli_epi16(_mm_add_epi16(_mm_mullo_epi16(lo, m), add), 8);
        hi = _mm_srli_epi16(_mm_add_epi16(_mm_mullo_epi16(hi, m), add), 8);
        _mm_storeu_si128((__m128i *)(out + i), _mm_packus_epi16(lo, hi));
    }
#endif
    for (; i < n; i++) {
        uint32_t rb = (((x[i] & 0xff00ffu) * a0 + (y[i] & 0xff00ffu) * a1) >> 8) & 0xff00ffu;
        uint32_t ag = ((x[i] >> 8 & 0xff00ffu) * a0 + (y[i] >> 8 & 0xff00ffu) * a1) & 0xff00ff00u;
        uint32_t a = ((ag >> 24) * alpha + 255) >> 8;
        out[i] = a << 24 | (ag & 0xff00u) | rb;
    }
}

typedef struct fade_job {
    const SDL_Surface *s0, *s1;
    void *px;
    int pitch;
    SDL_Rect s;
    uint32_t a0, a1, alpha;
} fade_job_t;

static void fade_rows(void *arg, int r0, int r1) {
    const fade_job_t *j = arg;
    for (int y = j->s.y + r0; y < j->s.y + r1; y++) {
        const uint32_t *x0 = (const uint32_t *)((const uint8_t *)j->s0->pixels + y * j->s0->pitch);
        const uint32_t *x1 = (const uint32_t *)((const uint8_t *)j->s1->pixels + y * j->s1->pitch);
        uint32_t *o = (uint32_t *)((uint8_t *)j->px + y * j->pitch);
        gfx_fade_row(o + j->s.x, x0 + j->s.x, x1 + j->s.x, j->s.w, j->a0, j->a1, j->alpha);
    }
}

bool gfx_svg_turning(ui_gfx_t *g, const char *path, ui_rect_t r, uint8_t alpha, double angle,
                     double period, int steps, int max_px, const ui_rect_t *hole) {
    SDL_Rect p;
    int w, h;
    if (!turn_size(g, r, max_px, &p, &w, &h) || alpha == 0) return true;
    if (!turn_for(g, path, w, h, steps, period)) return false;
    ui_turn_t *t = &g->turn;
    double pos = fmod(angle, period);
    if (pos < 0) pos += period;
    pos = pos / period * steps;
    int k0 = (int)pos % steps, k1 = (k0 + 1) % steps;
    uint32_t a1 = (uint32_t)((pos - floor(pos)) * 256.0 + 0.5), a0 = 256 - a1;
    SDL_Surface *s0 = turn_step(g, k0), *s1 = turn_step(g, k1);
    if (!s0 || !s1 || !turn_out(g, w, h)) return false;
    SDL_Rect parts[4];
    parts[0] = p;
    int nparts = hole ? gfx_rects_around(p, gfx_px(g, *hole), parts) : 1;
    void *px;
    int pitch;
    gfx_changed(g, t->out); /* its pixels replaced */
    if (SDL_LockTexture(t->out, NULL, &px, &pitch) != 0) return false;
    /* each piece in the picture's own pixels: faded there, then copied to its place */
    SDL_Rect src[4];
    for (int j = 0; j < nparts; j++) {
        SDL_Rect d;
        src[j] = (SDL_Rect){0, 0, 0, 0};
        if (parts[j].w <= 0 || parts[j].h <= 0 || !SDL_IntersectRect(&p, &parts[j], &d)) continue;
        parts[j] = d;
        SDL_Rect s = {(int)((long)(d.x - p.x) * w / p.w), (int)((long)(d.y - p.y) * h / p.h),
                      (int)((long)d.w * w / p.w), (int)((long)d.h * h / p.h)};
        src[j] = s;
        fade_job_t job = {s0, s1, px, pitch, s, a0, a1, alpha};
        gfx_rows(s.h, (long)s.w * s.h, fade_rows, &job);
    }
    SDL_UnlockTexture(t->out);
    for (int j = 0; j < nparts; j++)
        if (src[j].w > 0 && src[j].h > 0) gfx_copy(g, t->out, &src[j], &parts[j]);
    return true;
}

/* ---- a picture turned by a whole number of degrees (a card flying in) ---- */

/* src (w x h ARGB pixels) turned clockwise by deg about its centre into out (ow x oh, the centres
 * together): each pixel bilinear from the four around its place in src (weights in 1/256ths of a
 * pixel), their colours weighted by their alpha (a clear pixel's colour does not bleed into the
 * edge); outside src is clear. Walked along each row in 16.16 fixed point. */
void gfx_turn_pixels(const uint32_t *src, int w, int h, double deg, uint32_t *out, int ow, int oh) {
    double a = deg * M_PI / 180.0, c = cos(a), s = sin(a);
    double cx = w / 2.0, cy = h / 2.0, ox = ow / 2.0, oy = oh / 2.0;
    const int64_t one = 65536;
    int64_t step_x = llround(c * one), step_y = llround(-s * one);
    for (int y = 0; y < oh; y++) {
        double dx = 0.5 - ox, dy = y + 0.5 - oy;
        /* where this row's first pixel was before the turn (the turn's inverse), less half a
         * pixel: the four around it start there */
        int64_t sx = llround((dx * c + dy * s + cx - 0.5) * one);
        int64_t sy = llround((-dx * s + dy * c + cy - 0.5) * one);
        uint32_t *o = out + (size_t)y * (size_t)ow;
        for (int x = 0; x < ow; x++, sx += step_x, sy += step_y) {
            int64_t x0 = sx >> 16, y0 = sy >> 16; /* (an arithmetic shift: floor) */
            if (x0 < -1 || y0 < -1 || x0 >= w || y0 >= h) {
                o[x] = 0;
                continue;
            }
            uint32_t fx = (uint32_t)(sx >> 8) & 0xff, fy = (uint32_t)(sy >> 8) & 0xff;
            uint32_t sum_a = 0, sum[3] = {0, 0, 0};
            for (int k = 0; k < 4; k++) {
                int64_t px = x0 + (k & 1), py = y0 + (k >> 1);
                if (px < 0 || py < 0 || px >= w || py >= h) continue;
                uint32_t wt = ((k & 1) ? fx : 256 - fx) * ((k >> 1) ? fy : 256 - fy);
                uint32_t p = src[(size_t)py * (size_t)w + (size_t)px];
                uint32_t pa = (p >> 24) * wt; /* at most 255 * 65536: the sums fit 32 bits */
                sum_a += pa;
                for (int ch = 0; ch < 3; ch++) sum[ch] += (p >> (8 * ch) & 0xff) * (pa >> 8);
            }
            uint32_t alpha = (sum_a + 32768) >> 16, v = 0;
            if (alpha) {
                v = alpha << 24;
                uint32_t div = sum_a >> 8;
                for (int ch = 0; ch < 3; ch++) {
                    uint32_t col = div ? (sum[ch] + div / 2) / div : 0;
                    v |= (col > 255 ? 255 : col) << (8 * ch);
                }
            }
            o[x] = v;
        }
    }
}

ui_cache_entry_t *gfx_turned(ui_gfx_t *g, const ui_cache_entry_t *e, int deg) {
    char key[720];
    snprintf(key, sizeof key, "turn:%d:%s", deg, e->key);
    ui_cache_entry_t *t = gfx_cache_find(g, key);
    if (t) return t;
    if (g->texture_log) g->made_since = SDL_GetPerformanceCounter();
    double a = deg * M_PI / 180.0;
    int w = e->w, h = e->h;
    int ow = (int)ceil(fabs(w * cos(a)) + fabs(h * sin(a))) + 2;
    int oh = (int)ceil(fabs(w * sin(a)) + fabs(h * cos(a))) + 2;
    uint32_t *px = malloc((size_t)w * (size_t)h * 4);
    SDL_Surface *s = SDL_CreateRGBSurfaceWithFormat(0, ow, oh, 32, SDL_PIXELFORMAT_ARGB8888);
    bool ok = px && s && s->pitch == ow * 4 && gfx_texture_pixels(e->tex, px);
    if (ok) gfx_turn_pixels(px, w, h, deg, s->pixels, ow, oh);
    free(px);
    if (!ok) {
        if (s) SDL_FreeSurface(s);
        return NULL;
    }
    SDL_Texture *tex = gfx_texture_from(g, s);
    return tex ? gfx_cache_put(g, key, tex, ow, oh) : NULL;
}
