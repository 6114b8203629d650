/* ui_types: the plain types the scenes lay out and draw with (no SDL).
 *
 * The virtual canvas (1080 units tall, 1440 to 1920 wide: ui_gfx.h), its rectangles and colours,
 * and the drawing context as an opaque type: a scene's header needs no more, and only the ui_
 * and scene_ .c files include SDL (ui_gfx.h). */
#ifndef STUDPOKER_UI_TYPES_H
#define STUDPOKER_UI_TYPES_H

#include <stdbool.h>
#include <stdint.h>

#define UI_W     1920.0f /* the widest layout: a 16:9 screen */
#define UI_H     1080.0f /* the height of every layout (taller below 4:3) */
#define UI_MIN_W 1440.0f /* the narrowest layout: a 4:3 screen */

typedef struct ui_color {
    uint8_t r, g, b, a;
} ui_color_t;

typedef struct ui_rect {
    float x, y, w, h;
} ui_rect_t;

enum { UI_ALIGN_LEFT = 0, UI_ALIGN_CENTER = 1, UI_ALIGN_RIGHT = 2 };
enum { UI_FONT_REGULAR = 0, UI_FONT_BOLD, UI_FONT_DISPLAY, UI_FONT_COUNT };

/* The drawing context (ui_gfx.h). */
typedef struct ui_gfx ui_gfx_t;

static inline ui_color_t ui_rgba(uint8_t r, uint8_t g, uint8_t b, uint8_t a) {
    ui_color_t c = {r, g, b, a};
    return c;
}
static inline ui_rect_t ui_r(float x, float y, float w, float h) {
    ui_rect_t r = {x, y, w, h};
    return r;
}
static inline bool ui_inside(ui_rect_t r, float x, float y) {
    return x >= r.x && x < r.x + r.w && y >= r.y && y < r.y + r.h;
}

#endif
