/* The pixel loops our code runs on the window's pixels: the shade, a picture with alpha blended
 * (faded or not) and an opaque copy, each giving exactly the pixels SDL's software blits give.
 * Each is written a row at a time twice: SSE2 (every x86-64), four pixels a step, and AVX2, eight
 * a step, chosen once by what the processor has (STUDPOKER_SIMD=sse2 keeps SSE2). Both do the
 * same arithmetic lane for lane; the AVX2 rows leave their last pixels to the SSE2 row.
 * At 3840x2160 a celebration's fade is a copy, a shade and a light over 8.3 million pixels a
 * frame; the AVX2 loops take about half the SSE2 loops' time where the pixels are in cache. */
#include "ui_gfx_internal.h"

#include <stdlib.h>
#include <string.h>
#ifdef __SSE2__
#include <emmintrin.h>
#endif
#if defined(__GNUC__) && (defined(__x86_64__) || defined(__i386__))
#include <immintrin.h>
#define HAVE_AVX2_PATH 1
#define AVX2           __attribute__((target("avx2")))
#endif

/* ---- a row of each, portable (SSE2 where compiled for it) ---- */

/* c over n pixels: each colour moved towards c's by its alpha as SDL's blend of an opaque picture
 * with an alpha of its own moves it, d + ((s - d) * a >> 8) (its MMX loop on x86-64). */
static void shade_row(uint32_t *out, const uint32_t *row, int n, ui_color_t c) {
    int x = 0;
#ifdef __SSE2__
    /* each colour's difference times the alpha kept to 16 bits, shifted down, added to the byte */
    const __m128i zero = _mm_setzero_si128(), alpha = _mm_set1_epi16((short)c.a);
    const __m128i shade = _mm_unpacklo_epi8(
        _mm_set1_epi32((int)((uint32_t)c.r << 16 | (uint32_t)c.g << 8 | c.b)), zero);
    const __m128i opaque = _mm_set1_epi32((int)0xff000000u), low = _mm_set1_epi16(0xff);
    for (; x + 4 <= n; x += 4) {
        __m128i d = _mm_loadu_si128((const __m128i *)(row + x));
        __m128i lo = _mm_unpacklo_epi8(d, zero), hi = _mm_unpackhi_epi8(d, zero);
        lo = _mm_srli_epi16(_mm_mullo_epi16(_mm_sub_epi16(shade, lo), alpha), 8);
        hi = _mm_srli_epi16(_mm_mullo_epi16(_mm_sub_epi16(shade, hi), alpha), 8);
        __m128i add = _mm_packus_epi16(_mm_and_si128(lo, low), _mm_and_si128(hi, low));
        _mm_storeu_si128((__m128i *)(out + x), _mm_or_si128(_mm_add_epi8(d, add), opaque));
    }
#endif
    const int to[3] = {c.b, c.g, c.r};
    for (; x < n; x++) {
        uint32_t px = row[x], px_out = 0xff000000u;
        for (int k = 0; k < 3; k++) {
            int v = (int)(px >> (8 * k) & 0xff);
            px_out |= (uint32_t)(v + (((to[k] - v) * c.a) >> 8)) << (8 * k);
        }
        out[x] = px_out;
    }
}

/* x * y / 255 for bytes, exact, in 16-bit lanes: ((t >> 8) + t) >> 8 with t = x * y + 1 */
#ifdef __SSE2__
static inline __m128i div255(__m128i xy) {
    __m128i t = _mm_add_epi16(xy, _mm_set1_epi16(1));
    return _mm_srli_epi16(_mm_add_epi16(_mm_srli_epi16(t, 8), t), 8);
}
#endif

/* A picture with alpha faded by `mod` (1-254) over n pixels, as SDL's blit with the surface's
 * alpha gives them (its generic loop): the alpha a = sa * mod / 255, each colour
 * s * a / 255 + (255 - a) * d / 255 (divisions rounded down); the alpha likewise in an ARGB
 * surface (keep_alpha), 0 in the window's RGB888 (SDL writes none). */
static void faded_row(uint32_t *row, const uint32_t *sr, int n, uint32_t mod, bool keep_alpha) {
    int x = 0;
#ifdef __SSE2__
    const __m128i zero = _mm_setzero_si128(), m = _mm_set1_epi16((short)mod),
                  full = _mm_set1_epi16(255), alpha_lane = _mm_set_epi16(-1, 0, 0, 0, -1, 0, 0, 0),
                  kept = keep_alpha ? _mm_set1_epi32(-1) : _mm_set1_epi32(0xffffff);
    for (; x + 4 <= n; x += 4) {
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
    for (; x < n; x++) {
        uint32_t sp = sr[x], dp = row[x], a = (sp >> 24) * mod / 255, out = 0;
        for (int k = 0; k < 24; k += 8)
            out |= ((sp >> k & 0xff) * a / 255 + (255 - a) * (dp >> k & 0xff) / 255) << k;
        if (keep_alpha) out |= (a + (255 - a) * (dp >> 24) / 255) << 24;
        row[x] = out;
    }
}

/* A picture with alpha over n pixels, as SDL's blend gives them on x86-64 (its MMX loop, when
 * the picture has no alpha of its own): each channel (s * a >> 8) + (d * (255 - a) >> 8), the
 * alpha (s * 255 >> 8) + (d * (255 - a) >> 8), an opaque pixel copied, a clear one left out. */
static void blend_row(uint32_t *row, const uint32_t *sr, int n) {
    int x = 0;
#ifdef __SSE2__
    const __m128i zero = _mm_setzero_si128(), full = _mm_set1_epi32(0xff),
                  top = _mm_set1_epi32((int)0xff000000u), all = _mm_set1_epi32(-1);
    for (; x + 4 <= n; x += 4) {
        __m128i s = _mm_loadu_si128((const __m128i *)(sr + x));
        __m128i t = _mm_loadu_si128((const __m128i *)(row + x));
        __m128i a = _mm_srli_epi32(s, 24);
        /* a in each colour's byte and 255 in the alpha's; 255 - a in every byte */
        __m128i a3 = _mm_or_si128(_mm_or_si128(_mm_slli_epi32(a, 16), _mm_slli_epi32(a, 8)), a);
        __m128i m = _mm_or_si128(a3, top);
        __m128i nm = _mm_xor_si128(_mm_or_si128(a3, _mm_slli_epi32(a, 24)), all);
        __m128i lo = _mm_add_epi16(
            _mm_srli_epi16(_mm_mullo_epi16(_mm_unpacklo_epi8(s, zero), _mm_unpacklo_epi8(m, zero)),
                           8),
            _mm_srli_epi16(_mm_mullo_epi16(_mm_unpacklo_epi8(t, zero), _mm_unpacklo_epi8(nm, zero)),
                           8));
        __m128i hi = _mm_add_epi16(
            _mm_srli_epi16(_mm_mullo_epi16(_mm_unpackhi_epi8(s, zero), _mm_unpackhi_epi8(m, zero)),
                           8),
            _mm_srli_epi16(_mm_mullo_epi16(_mm_unpackhi_epi8(t, zero), _mm_unpackhi_epi8(nm, zero)),
                           8));
        __m128i out = _mm_packus_epi16(lo, hi);
        __m128i opaque = _mm_cmpeq_epi32(a, full), clear = _mm_cmpeq_epi32(a, zero);
        out = _mm_or_si128(_mm_and_si128(opaque, s), _mm_andnot_si128(opaque, out));
        out = _mm_or_si128(_mm_and_si128(clear, t), _mm_andnot_si128(clear, out));
        _mm_storeu_si128((__m128i *)(row + x), out);
    }
#endif
    for (; x < n; x++) {
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

/* ---- the same rows eight pixels a step (AVX2: each 128-bit half as the SSE2 row does it) ---- */

#ifdef HAVE_AVX2_PATH
AVX2 static void shade_row_avx2(uint32_t *out, const uint32_t *row, int n, ui_color_t c) {
    const __m256i zero = _mm256_setzero_si256(), alpha = _mm256_set1_epi16((short)c.a);
    const __m256i shade = _mm256_unpacklo_epi8(
        _mm256_set1_epi32((int)((uint32_t)c.r << 16 | (uint32_t)c.g << 8 | c.b)), zero);
    const __m256i opaque = _mm256_set1_epi32((int)0xff000000u), low = _mm256_set1_epi16(0xff);
    int x = 0;
    for (; x + 8 <= n; x += 8) {
        __m256i d = _mm256_loadu_si256((const __m256i *)(row + x));
        __m256i lo = _mm256_unpacklo_epi8(d, zero), hi = _mm256_unpackhi_epi8(d, zero);
        lo = _mm256_srli_epi16(_mm256_mullo_epi16(_mm256_sub_epi16(shade, lo), alpha), 8);
        hi = _mm256_srli_epi16(_mm256_mullo_epi16(_mm256_sub_epi16(shade, hi), alpha), 8);
        __m256i add = _mm256_packus_epi16(_mm256_and_si256(lo, low), _mm256_and_si256(hi, low));
        _mm256_storeu_si256((__m256i *)(out + x), _mm256_or_si256(_mm256_add_epi8(d, add), opaque));
    }
    shade_row(out + x, row + x, n - x, c);
}

AVX2 static inline __m256i div255_avx2(__m256i xy) {
    __m256i t = _mm256_add_epi16(xy, _mm256_set1_epi16(1));
    return _mm256_srli_epi16(_mm256_add_epi16(_mm256_srli_epi16(t, 8), t), 8);
}

AVX2 static void faded_row_avx2(uint32_t *row, const uint32_t *sr, int n, uint32_t mod,
                                bool keep_alpha) {
    const __m256i zero = _mm256_setzero_si256(), m = _mm256_set1_epi16((short)mod),
                  full = _mm256_set1_epi16(255),
                  alpha_lane = _mm256_set_epi16(-1, 0, 0, 0, -1, 0, 0, 0, -1, 0, 0, 0, -1, 0, 0, 0),
                  kept = keep_alpha ? _mm256_set1_epi32(-1) : _mm256_set1_epi32(0xffffff);
    int x = 0;
    for (; x + 8 <= n; x += 8) {
        __m256i s = _mm256_loadu_si256((const __m256i *)(sr + x));
        __m256i t = _mm256_loadu_si256((const __m256i *)(row + x));
        __m256i out[2];
        for (int h = 0; h < 2; h++) {
            __m256i s16 = h ? _mm256_unpackhi_epi8(s, zero) : _mm256_unpacklo_epi8(s, zero);
            __m256i d16 = h ? _mm256_unpackhi_epi8(t, zero) : _mm256_unpacklo_epi8(t, zero);
            __m256i a = _mm256_shufflehi_epi16(_mm256_shufflelo_epi16(s16, 0xff), 0xff);
            a = div255_avx2(_mm256_mullo_epi16(a, m));
            __m256i c = div255_avx2(_mm256_mullo_epi16(s16, a));
            c = _mm256_or_si256(_mm256_andnot_si256(alpha_lane, c),
                                _mm256_and_si256(alpha_lane, a));
            out[h] = _mm256_add_epi16(
                c, div255_avx2(_mm256_mullo_epi16(_mm256_sub_epi16(full, a), d16)));
        }
        _mm256_storeu_si256((__m256i *)(row + x),
                            _mm256_and_si256(_mm256_packus_epi16(out[0], out[1]), kept));
    }
    faded_row(row + x, sr + x, n - x, mod, keep_alpha);
}

AVX2 static void blend_row_avx2(uint32_t *row, const uint32_t *sr, int n) {
    const __m256i zero = _mm256_setzero_si256(), full = _mm256_set1_epi32(0xff),
                  top = _mm256_set1_epi32((int)0xff000000u), all = _mm256_set1_epi32(-1);
    int x = 0;
    for (; x + 8 <= n; x += 8) {
        __m256i s = _mm256_loadu_si256((const __m256i *)(sr + x));
        __m256i t = _mm256_loadu_si256((const __m256i *)(row + x));
        __m256i a = _mm256_srli_epi32(s, 24);
        __m256i a3 =
            _mm256_or_si256(_mm256_or_si256(_mm256_slli_epi32(a, 16), _mm256_slli_epi32(a, 8)), a);
        __m256i m = _mm256_or_si256(a3, top);
        __m256i nm = _mm256_xor_si256(_mm256_or_si256(a3, _mm256_slli_epi32(a, 24)), all);
        __m256i lo =
            _mm256_add_epi16(_mm256_srli_epi16(_mm256_mullo_epi16(_mm256_unpacklo_epi8(s, zero),
                                                                  _mm256_unpacklo_epi8(m, zero)),
                                               8),
                             _mm256_srli_epi16(_mm256_mullo_epi16(_mm256_unpacklo_epi8(t, zero),
                                                                  _mm256_unpacklo_epi8(nm, zero)),
                                               8));
        __m256i hi =
            _mm256_add_epi16(_mm256_srli_epi16(_mm256_mullo_epi16(_mm256_unpackhi_epi8(s, zero),
                                                                  _mm256_unpackhi_epi8(m, zero)),
                                               8),
                             _mm256_srli_epi16(_mm256_mullo_epi16(_mm256_unpackhi_epi8(t, zero),
                                                                  _mm256_unpackhi_epi8(nm, zero)),
                                               8));
        __m256i out = _mm256_packus_epi16(lo, hi);
        __m256i opaque = _mm256_cmpeq_epi32(a, full), clear = _mm256_cmpeq_epi32(a, zero);
        out = _mm256_blendv_epi8(out, s, opaque);
        out = _mm256_blendv_epi8(out, t, clear);
        _mm256_storeu_si256((__m256i *)(row + x), out);
    }
    blend_row(row + x, sr + x, n - x);
}
#endif

/* ---- which rows: chosen once, on the drawing thread ---- */

static struct { bool chosen, avx2; } simd;

static void choose(void) {
    if (simd.chosen) return;
    simd.chosen = true;
#ifdef HAVE_AVX2_PATH
    const char *e = getenv("STUDPOKER_SIMD");
    __builtin_cpu_init();
    simd.avx2 = !(e && strcmp(e, "sse2") == 0) && __builtin_cpu_supports("avx2");
#endif
}

bool gfx_pixels_avx2(int use) {
    choose();
    if (use >= 0) {
#ifdef HAVE_AVX2_PATH
        __builtin_cpu_init();
        simd.avx2 = use && __builtin_cpu_supports("avx2");
#endif
    }
    return simd.avx2;
}

/* ---- the loops in bands of rows, on every core (ui_gfx_pool.c) ---- */

typedef struct band_job {
    SDL_Surface *d;
    SDL_Rect in;
    const uint32_t *src;
    int src_pitch;
    ui_color_t c;
    uint8_t mod;
    uint32_t value; /* a fill's pixel */
} band_job_t;

static uint32_t *dst_row(const band_job_t *j, int y) {
    return (uint32_t *)((uint8_t *)j->d->pixels + (size_t)(j->in.y + y) * (size_t)j->d->pitch) +
           j->in.x;
}

static const uint32_t *src_row(const band_job_t *j, int y) {
    return (const uint32_t *)((const uint8_t *)j->src + (size_t)y * (size_t)j->src_pitch);
}

/* the shade over the window's own pixels, or over src's as they are copied there */
static void shade_rows(void *arg, int y0, int y1) {
    const band_job_t *j = arg;
    for (int y = y0; y < y1; y++) {
        uint32_t *out = dst_row(j, y);
        const uint32_t *in = j->src ? src_row(j, y) : out;
#ifdef HAVE_AVX2_PATH
        if (simd.avx2) {
            shade_row_avx2(out, in, j->in.w, j->c);
            continue;
        }
#endif
        shade_row(out, in, j->in.w, j->c);
    }
}

void gfx_shade_pixels(SDL_Surface *s, SDL_Rect in, ui_color_t c) {
    choose();
    band_job_t j = {.d = s, .in = in, .c = c};
    gfx_rows(in.h, (long)in.w * in.h, shade_rows, &j);
}

void gfx_copy_shaded_pixels(SDL_Surface *d, SDL_Rect in, const uint32_t *src, int src_pitch,
                            ui_color_t c) {
    choose();
    band_job_t j = {.d = d, .in = in, .src = src, .src_pitch = src_pitch, .c = c};
    gfx_rows(in.h, (long)in.w * in.h, shade_rows, &j);
}

static void blend_rows(void *arg, int y0, int y1) {
    const band_job_t *j = arg;
    bool keep_alpha = j->d->format->Amask != 0;
    for (int y = y0; y < y1; y++) {
        uint32_t *row = dst_row(j, y);
        const uint32_t *sr = src_row(j, y);
#ifdef HAVE_AVX2_PATH
        if (simd.avx2) {
            if (j->mod == 255)
                blend_row_avx2(row, sr, j->in.w);
            else
                faded_row_avx2(row, sr, j->in.w, j->mod, keep_alpha);
            continue;
        }
#endif
        if (j->mod == 255)
            blend_row(row, sr, j->in.w);
        else
            faded_row(row, sr, j->in.w, j->mod, keep_alpha);
    }
}

void gfx_blend_pixels(SDL_Surface *d, SDL_Rect in, const uint32_t *src, int src_pitch,
                      uint8_t mod) {
    if (mod == 0) return;
    choose();
    band_job_t j = {.d = d, .in = in, .src = src, .src_pitch = src_pitch, .mod = mod};
    gfx_rows(in.h, (long)in.w * in.h, blend_rows, &j);
}

static void fill_rows(void *arg, int y0, int y1) {
    const band_job_t *j = arg;
    for (int y = y0; y < y1; y++) {
        uint32_t *row = dst_row(j, y);
        for (int x = 0; x < j->in.w; x++) row[x] = j->value;
    }
}

void gfx_fill_pixels(SDL_Surface *d, SDL_Rect in, uint32_t value) {
    band_job_t j = {.d = d, .in = in, .value = value};
    gfx_rows(in.h, (long)in.w * in.h, fill_rows, &j);
}

static void copy_rows(void *arg, int y0, int y1) {
    const band_job_t *j = arg;
    for (int y = y0; y < y1; y++) memcpy(dst_row(j, y), src_row(j, y), (size_t)j->in.w * 4);
}

void gfx_copy_pixels(SDL_Surface *d, SDL_Rect in, const uint32_t *src, int src_pitch) {
    band_job_t j = {.d = d, .in = in, .src = src, .src_pitch = src_pitch};
    gfx_rows(in.h, (long)in.w * in.h, copy_rows, &j);
}
