/* ui_warm: the big pictures prepared before they are needed.
 *
 * A big picture (a pop-up's panel, the hand pay's pulsing frame, the demo's banner) read from the
 * raster cache takes 5 to 25 ms at 1920x1080 (the file read and its hash checked), four times
 * that at 3840x2160: the frame that first shows it stutters. The big pictures a window of this
 * size drew are listed in the raster cache (raster_list_read), most recent first; after the
 * first frame a thread reads them (each checked as any read from the cache is) up to a memory
 * budget, and the loop makes their textures when a frame has time to spare. A prepared picture
 * is used only where the picture being drawn has its key (the hash of its source and size), so a
 * changed asset or layout is drawn anew, never taken from an old list; one not used within ten
 * minutes goes. The fonts the last run opened (a size each: 0.5 to 6 ms to open) are opened in
 * time left over too. At the end the pictures and fonts this run used become the lists.
 *
 * Only the loop's thread calls these (the reading thread is this module's own). */
#ifndef STUDPOKER_UI_WARM_H
#define STUDPOKER_UI_WARM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ui_gfx.h"

/* Starts reading the listed pictures of the window's present size (nothing when the raster
 * cache is off or lists none). */
void gfx_warm_start(ui_gfx_t *g, size_t budget_bytes);
/* Makes one prepared picture's texture when that fits in spare_ms (an estimate from its size);
 * drops prepared textures unused for ten minutes. */
void gfx_warm_step(ui_gfx_t *g, double spare_ms);
/* The texture prepared for this picture (the caller owns it), else NULL. */
SDL_Texture *gfx_warm_take(ui_gfx_t *g, const uint8_t key[RASTER_KEY_BYTES], int w, int h);
/* How many pictures are prepared and not used yet (tests). */
int gfx_warm_prepared(ui_gfx_t *g);
/* A big picture this run drew (the next run's list). */
void gfx_warm_note(ui_gfx_t *g, const uint8_t key[RASTER_KEY_BYTES], int w, int h);
/* A font this run opened (its size in pixels and face): the next run opens it in time left
 * over (0.5 to 6 ms each, the first text at that size). */
void gfx_warm_note_font(ui_gfx_t *g, int px, int face);
/* The window changed size: nothing prepared fits it, and this run's list starts again. */
void gfx_warm_resized(ui_gfx_t *g);
/* Stops the thread, frees what was not used and writes the list (before the renderer goes). */
void gfx_warm_stop(ui_gfx_t *g);

/* ui_gfx.c's one way to make a texture of a picture (the same texture as when it is drawn), and
 * its font table (a font opened at this size and face). */
SDL_Texture *gfx_texture_from(ui_gfx_t *g, SDL_Surface *s);
void gfx_font_ready(ui_gfx_t *g, int px, int face);

#endif
