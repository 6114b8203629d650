/* What ui_gfx.c shares with ui_gfx_layers.c: the texture cache and the SVG pictures in it. */
#ifndef STUDPOKER_UI_GFX_INTERNAL_H
#define STUDPOKER_UI_GFX_INTERNAL_H

#include "ui_gfx.h"

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

/* Sets tex's colour to the tint (gfx_tint) before it is drawn. */
void gfx_tint_texture(const ui_gfx_t *g, SDL_Texture *tex);
/* The pieces of outer around hole (above it, below it, left and right of it; some may be
 * empty): 4, or outer itself (1) when they do not meet. */
int gfx_rects_around(SDL_Rect outer, SDL_Rect hole, SDL_Rect parts[4]);
/* Copies tex (the size of p) to p: its edges, `edge` pixels wide, blended, its inside (opaque)
 * copied as it is. */
void gfx_copy_inside(ui_gfx_t *g, SDL_Texture *tex, SDL_Rect p, int edge);
/* Frees the turning picture's copies (ui_gfx_turn.c). */
void gfx_turn_drop(ui_gfx_t *g);

#endif
