/* What ui_gfx.c shares with ui_gfx_layers.c: the texture cache and the SVG pictures in it. */
#ifndef STUDPOKER_UI_GFX_INTERNAL_H
#define STUDPOKER_UI_GFX_INTERNAL_H

#include "ui_gfx.h"

/* FNV-1a of a text: the cache's and the widths' keys. */
uint64_t gfx_hash(const char *s);
/* Closes every font opened (ui_text.c). */
void gfx_fonts_clear(ui_gfx_t *g);

/* The cached texture under key (its use noted), or NULL. */
ui_cache_entry_t *gfx_cache_find(ui_gfx_t *g, const char *key);
/* Keeps tex under key, the least recently used entry making room. */
ui_cache_entry_t *gfx_cache_put(ui_gfx_t *g, const char *key, SDL_Texture *tex, int w, int h);
/* The picture at path (or the SVG text) rasterised at w x h pixels, cached under key. */
ui_cache_entry_t *gfx_svg_texture(ui_gfx_t *g, const char *key, const char *path, const char *text,
                                  int w, int h);

/* An asset file whole and NUL-terminated (SDL_free it), NULL when it cannot be read. */
char *gfx_read_asset(const ui_gfx_t *g, const char *path, size_t *len);
/* A translucent colour over the pixels p (the part the renderer shows): tiles of an opaque
 * texture blended with c's alpha. false: no texture could be made (the caller fills). */
bool gfx_shade(ui_gfx_t *g, SDL_Rect p, ui_color_t c);

/* src (w x h ARGB pixels) turned clockwise by deg degrees about its centre into out (ow x oh,
 * centred): bilinear, colours weighted by alpha, clear outside (ui_gfx_turn.c). */
void gfx_turn_pixels(const uint32_t *src, int w, int h, double deg, uint32_t *out, int ow, int oh);
/* e's picture (a streaming ARGB texture) turned clockwise by deg whole degrees, made once and
 * kept in the cache: copied unturned where SDL's software renderer turned it every frame (a card
 * flying in: 4-16 ms a frame at 3840x2160). NULL: its pixels cannot be read, or no memory. */
ui_cache_entry_t *gfx_turned(ui_gfx_t *g, const ui_cache_entry_t *e, int deg);
/* A panel's pixels at w x h (ARGB; the caller frees them): a rounded rectangle of radius rad,
 * top to bottom from one colour to the other, its border bw wide; rasterised whole, or (a wide
 * one, not whole) narrow and widened. NULL: no memory. */
SDL_Surface *gfx_panel_surface(ui_gfx_t *g, int w, int h, ui_color_t top, ui_color_t bottom,
                               ui_color_t border, float bw, float rad, bool whole);
/* c over the pixels `in` of a locked 32-bit RGB surface, as SDL blends an opaque picture with
 * c's alpha (ui_gfx_pixels.c). */
void gfx_shade_pixels(SDL_Surface *s, SDL_Rect in, ui_color_t c);
/* A picture with alpha (ARGB8888 pixels, src at in's corner, src_pitch bytes a row), faded by
 * mod (255: not at all), over the pixels `in` of a locked 32-bit RGB surface, as SDL blends it
 * (ui_gfx_pixels.c). */
void gfx_blend_pixels(SDL_Surface *d, SDL_Rect in, const uint32_t *src, int src_pitch, uint8_t mod);
/* The pixels src (opaque: the kept picture) copied over the pixels `in` of a locked 32-bit RGB
 * surface with c over them, in one pass: the pixels gfx_shade_pixels gives after a copy. */
void gfx_copy_shaded_pixels(SDL_Surface *d, SDL_Rect in, const uint32_t *src, int src_pitch,
                            ui_color_t c);
/* The pixels `in` of a locked 32-bit surface set to value (ui_gfx_pixels.c). */
void gfx_fill_pixels(SDL_Surface *d, SDL_Rect in, uint32_t value);
/* The pixels src (src_pitch bytes a row) copied over the pixels `in` of a locked 32-bit surface. */
void gfx_copy_pixels(SDL_Surface *d, SDL_Rect in, const uint32_t *src, int src_pitch);
/* The loops above eight pixels a step where the processor has AVX2 (else, and with
 * STUDPOKER_SIMD=sse2, four): use 1 or 0 chooses (for the tests), -1 asks. true: AVX2's. */
bool gfx_pixels_avx2(int use);
/* A copy of t (src of it, NULL: whole) faded by mod to dst, cut to cut, blended by our code
 * straight onto the window's pixels (gfx_blend_pixels): for a streaming ARGB picture (every
 * picture with alpha: gfx_texture_from; the turning light) copied at its size, on the window,
 * with no colour of its own; opaque: copied as it is (the kept picture). false: not such a copy
 * (SDL draws it). */
bool gfx_blend_window(ui_gfx_t *g, SDL_Texture *t, const SDL_Rect *src, SDL_Rect dst, SDL_Rect cut,
                      uint8_t mod, bool opaque);
/* The same opaque copy with a shade c over it, in one pass (gfx_copy_shaded_pixels). false: not
 * such a copy. */
bool gfx_copy_shaded_window(ui_gfx_t *g, SDL_Texture *t, const SDL_Rect *src, SDL_Rect dst,
                            SDL_Rect cut, ui_color_t c);
/* Of n calls in this frame (now) and the same n in the last (before, each a call's hash), in
 * their order: moved[k] set for now[k] when it is not in the longest run of calls that kept the
 * last frame's order (ui_gfx_order.c). A pixel whose calls came in another order meets two whose
 * order changed, and they cannot both be in that run. false: no memory, or not the same calls. */
bool gfx_moved(const uint64_t *now, const uint64_t *before, int n, uint8_t *moved);

/* ---- the pixel loops on every core (ui_gfx_pool.c) ---- */
/* Rows y0 to y1 (not included) of a job. */
typedef void (*gfx_rows_fn)(void *arg, int y0, int y1);
/* Workers for the loops (gfx_init: one fewer than the cores, at most 3), and their end. */
void gfx_pool_start(int workers);
void gfx_pool_stop(void);
/* fn over rows 0 to rows in chunks of rows the caller and the workers take in turn, back when all
 * are done (a job of fewer pixels on the caller alone). */
void gfx_rows(int rows, long pixels, gfx_rows_fn fn, void *arg);

/* c over the window's pixels dst, cut to cut (gfx_shade_pixels). false: the window's pixels
 * cannot be reached (a texture is drawn into, or they are not 32-bit RGB): SDL draws it. */
bool gfx_shade_window(ui_gfx_t *g, SDL_Rect dst, SDL_Rect cut, ui_color_t c);
/* The window's pixels dst, cut to cut, set to c as an unblended fill sets them (SDL's took 0.8 ms
 * for a 120x2160 bar of the display test at 3840x2160: 3 ns a pixel). false: see above. */
bool gfx_fill_window(ui_gfx_t *g, SDL_Rect dst, SDL_Rect cut, ui_color_t c);
/* The window's pixels r copied into the streaming ARGB texture t (the kept picture, drawn on the
 * window first, where the blends are ours). false: not such a texture or window. */
bool gfx_window_to_texture(ui_gfx_t *g, SDL_Texture *t, SDL_Rect r);
/* A streaming texture's pixels (w x h, 32-bit) into out (false: they cannot be read). */
bool gfx_texture_pixels(SDL_Texture *t, uint32_t *out);
/* Sets tex's colour to the tint (gfx_tint) before it is drawn. */
void gfx_tint_texture(const ui_gfx_t *g, SDL_Texture *tex);
/* The pieces of outer around hole (above it, below it, left and right of it; some may be
 * empty): 4, or outer itself (1) when they do not meet. */
int gfx_rects_around(SDL_Rect outer, SDL_Rect hole, SDL_Rect parts[4]);
/* Copies tex (the size of p) to p: its edges, `edge` pixels wide, blended, its inside (opaque)
 * copied as it is. */
void gfx_copy_inside(ui_gfx_t *g, SDL_Texture *tex, SDL_Rect p, int edge);
/* One row of the turning picture's cross-fade (ui_gfx_turn.c): each channel of two ARGB rows
 * weighed a0 and a1 out of 256 (a0 + a1 = 256), (x * a0 + y * a1) >> 8; the alpha then
 * (a * alpha + 255) >> 8. */
void gfx_fade_row(uint32_t *restrict out, const uint32_t *restrict x, const uint32_t *restrict y,
                  int n, uint32_t a0, uint32_t a1, uint32_t alpha);
/* Frees the turning picture's copies (ui_gfx_turn.c). */
void gfx_turn_drop(ui_gfx_t *g);

/* ---- the window's draw list (ui_gfx_damage.c) ----
 * Everything drawn goes through these: on the window during a frame they are written down and
 * drawn at its end only where the picture changed; elsewhere (into a texture, or with no list)
 * they draw at once. */
void gfx_copy(ui_gfx_t *g, SDL_Texture *t, const SDL_Rect *src, const SDL_Rect *dst);
void gfx_copy_ex(ui_gfx_t *g, SDL_Texture *t, const SDL_Rect *src, const SDL_Rect *dst,
                 double angle);
/* A rectangle in the renderer's draw colour and blend (NULL: the part drawn in). */
void gfx_fill_px(ui_gfx_t *g, const SDL_Rect *dst);
/* c over p (the part drawn in's pixels), written down as one call (false: not on the window's
 * list: the caller draws it); tile is an opaque texture of c, tile_px square, for where it must be
 * drawn by SDL. */
bool gfx_shade_op(ui_gfx_t *g, SDL_Texture *tile, int tile_px, SDL_Rect p, ui_color_t c);
/* The whole target in the draw colour. */
void gfx_clear(ui_gfx_t *g);
/* Draws into t from now (NULL: the window). */
void gfx_target(ui_gfx_t *g, SDL_Texture *t);
/* t is new, or its pixels are about to change: drawn from now, it is another picture. */
void gfx_changed(ui_gfx_t *g, SDL_Texture *t);
/* Frees t, after the frame when it may be in its list. */
void gfx_destroy(ui_gfx_t *g, SDL_Texture *t);
/* The list starts (gfx_init: false with an accelerated renderer) and stops (gfx_shutdown). */
bool gfx_damage_start(ui_gfx_t *g);
void gfx_damage_stop(ui_gfx_t *g);
void gfx_damage_begin(ui_gfx_t *g);
void gfx_damage_end(ui_gfx_t *g);
/* A kept frame with the list (gfx_frame_begin): what is drawn until its end is a list of its own,
 * drawn into a picture of its own where it changed, copied onto the window (the picture kept
 * until gfx_damage_stop). */
bool gfx_damage_under_begin(ui_gfx_t *g);
void gfx_damage_under_end(ui_gfx_t *g);
/* What the list holds is drawn now, whole; the rest of the frame as it comes. */
void gfx_damage_flush(ui_gfx_t *g);

#endif
