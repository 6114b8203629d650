/* ui_gfx: drawing in resolution-independent units.
 *
 * Scenes lay out everything in virtual units: a unit is a pixel of a 1080-line screen. The
 * scale is the window's height over 1080, unless the window is narrower than 4:3, where its
 * width over 1440 is (gfx_view: the window in virtual units, 1080 tall and 1440 to 1920 wide
 * from 4:3 to 16:9, centred on x 960; wider windows show felt beside a 1920-wide layout). So a
 * text of 24 units is 24 pixels at 1080p, 16 at 720p and 17 on a 1024 x 768 screen, whatever
 * its shape: a 4:3 screen gets a narrower layout, not smaller print. Art is SVG rasterised at
 * the real pixel size and cached; text is rendered by SDL2_ttf at the real pixel size, so both
 * stay crisp at any size. This file and the other ui_ and scene_ files are the only ones that
 * include SDL.
 *
 * The boxes (ui_boxes.c): when asked (gfx_record), every text drawn is recorded with its box on
 * the window, its string and its pixel size, with the panels and the art (cards, chips) the
 * scenes name, for the frame; the headless harness writes them out (script verb BOXES) and a
 * test checks that no text covers another or leaves the screen. Off, it costs one branch. */
#ifndef STUDPOKER_UI_GFX_H
#define STUDPOKER_UI_GFX_H

#include <SDL.h>
#include <SDL_ttf.h>
#include "ui_raster.h"
#include "ui_types.h"
#include <stdbool.h>
#include <stdint.h>

typedef struct ui_cache_entry {
    uint64_t hash;
    char *key;
    SDL_Texture *tex;
    int w, h;
    uint32_t last_used;
    bool recurring; /* made again soon after it was dropped: kept longer */
} ui_cache_entry_t;

#define UI_CACHE_SIZE 768
#define UI_DROPPED    64
#define UI_FONT_SIZES 48

/* A box of the frame: what was drawn where, in the order drawn. */
typedef enum ui_box_kind {
    UI_BOX_TEXT = 0,
    UI_BOX_PANEL, /* a filled panel: what it covers drawn before it is hidden */
    UI_BOX_ART,   /* a card or a chip */
    UI_BOX_MODAL, /* a pop-up starts: what was drawn before it is covered on purpose */
    UI_BOX_VIEW   /* what follows is drawn in this part of the window, as if it were the window
                   * (a table among four: gfx_viewport) */
} ui_box_kind_t;

typedef struct ui_box {
    int kind;
    int x, y, w, h;    /* pixels of the window */
    int px;            /* a text's font size in pixels */
    int missing;       /* a text's characters its font has no glyph for (drawn as boxes) */
    const char *group; /* what it belongs to (gfx_rec_group), a static string, or NULL */
    char text[160];
} ui_box_t;

typedef struct ui_boxes {
    ui_box_t *v;
    int n, cap;
} ui_boxes_t;

typedef struct ui_warm ui_warm_t; /* ui_warm.h */

/* A part of the window's static layer, kept while another part draws (gfx_viewport). */
typedef struct ui_layer_park {
    SDL_Texture *layer;
    int layer_w, layer_h;
    uint32_t layer_key;
    ui_boxes_t layer_boxes;
} ui_layer_park_t;

#define UI_VIEWS 5 /* the whole window, and four parts of it */

/* gfx_svg_turning's turned copies, as pixels (one turning picture at a time: a celebration's
 * light), and the texture each frame's cross-fade is written into. */
#define UI_TURN_STEPS 12
typedef struct ui_turn {
    char path[256];
    int w, h, steps;
    double period;
    SDL_Surface *step[UI_TURN_STEPS]; /* ARGB8888, NULL until read or rasterised */
    SDL_Texture *out;                 /* streaming, w x h */
    /* the copies made on a thread of their own (gfx_svg_turning_prepare): made[k] is the
     * thread's until `made` counts past k */
    SDL_Thread *thread;
    SDL_atomic_t made;
    SDL_Surface *ahead[UI_TURN_STEPS];
    raster_cache_t raster; /* the thread's copy */
    const char *assets;
} ui_turn_t;

typedef struct ui_gfx {
    SDL_Window *window;
    SDL_Renderer *ren;
    int pw, ph;   /* output size in pixels */
    float scale;  /* pixels per virtual unit */
    float ox, oy; /* pixel offset of the virtual canvas */
    uint32_t frame;
    char assets[512];
    char font_path[UI_FONT_COUNT][900];
    /* the CJK fallback (Noto Sans CJK, a collection: one face per region), regular and bold;
     * "" when none is installed (a text in Chinese then shows its missing glyphs as boxes, and
     * the boxes' record says so) */
    char cjk_path[2][900];
    struct {
        int px;
        int face;
        TTF_Font *font;
    } fonts[UI_FONT_SIZES];
    int nfonts;
    ui_cache_entry_t cache[UI_CACHE_SIZE];
    int ncache;
    /* the textures dropped last (by the hash of their key, and when): one made again soon after
     * comes back every so often (a pulsing panel's steps, the demo's help pages) */
    struct {
        uint64_t hash;
        uint32_t frame;
    } dropped[UI_DROPPED];
    int ndropped;
    int textures_made; /* for the benchmark */
    int frames_copied; /* frames that were a kept picture copied (gfx_frame_begin): for the tests */
    /* text widths measured before (wrapped text measures every word every frame): by a 64-bit
     * hash of size, face and text, direct-mapped */
    struct {
        uint64_t hash;
        int w;
    } widths[1024];
    SDL_Texture *layer; /* the static background of the scene, drawn once per size */
    int layer_w, layer_h;
    uint32_t layer_key;
    bool in_layer;         /* drawing the layer: its big pieces are not kept */
    raster_cache_t raster; /* rasterised SVGs kept between runs (off unless gfx_raster_cache) */
    /* the boxes (gfx_record): this frame's, and the static layer's, added each frame it is
     * copied */
    bool rec;
    bool rec_quiet; /* a text's shadow: not a box of its own */
    const char *rec_group;
    ui_boxes_t boxes, layer_boxes;
    /* a whole frame kept (gfx_frame_begin): a pop-up over a table that does not change under it */
    SDL_Texture *frame_tex;
    int frame_w, frame_h;
    uint64_t frame_key;
    bool in_frame, frame_off;
    bool texture_log;    /* STUDPOKER_TEXTURE_LOG: each texture made, its frame and time */
    uint64_t made_since; /* (when the texture being made was begun) */
    bool frame_under;    /* the kept frame is the draw list's picture under the window's */
    SDL_Texture *scratch, *scratch_was; /* gfx_offscreen_begin's target, and the one before */

    ui_warm_t *warm; /* big pictures prepared before they are needed (ui_warm.h) */
    /* gfx_viewport: the part of the window drawn in (0: the whole window), where it is, the
     * whole window's own figures meanwhile, and each part's static layer */
    int view;
    SDL_Rect view_px;
    int win_pw, win_ph;
    float win_scale, win_ox, win_oy;
    ui_layer_park_t parked[UI_VIEWS];
    ui_turn_t turn;
    uint8_t tint;          /* gfx_tint: 255 draws colours as they are */
    struct ui_damage *dmg; /* the window's draw list (ui_gfx_damage.c); NULL: drawn as it comes */
    uintptr_t tex_gen;     /* the last number given to a texture's pictures (gfx_changed) */
} ui_gfx_t;

/* Sets up drawing on a renderer; assets_dir holds cards/, chips/, table/, fonts/. */
bool gfx_init(ui_gfx_t *g, SDL_Window *win, SDL_Renderer *ren, const char *assets_dir);
/* The table's kept picture under a celebration or a pop-up (a texture of the window's size) made
 * ahead, in time no frame is drawn: its 33 MB at 3840x2160, cleared by SDL on memory touched for
 * the first time, took 15 ms of a celebration's first frame. true: it was made now. */
bool gfx_damage_under_ready(ui_gfx_t *g);
/* The window's pixels copied into that texture in time no frame is drawn (a still table), and
 * kept so by each frame after (the places it drew copied too): a pop-up or celebration beginning
 * over it then keeps only what changed, where it copied the whole window in its first frame
 * (4 ms at 3840x2160). true: copied now. */
bool gfx_damage_under_sync(ui_gfx_t *g);
/* Background work: the threads that make things ready (pictures read ahead, sounds, the strategy,
 * HELP's figures, pictures written out) run at the least priority
 * (SDL_THREAD_PRIORITY_LOW: nice 19 on Linux), so they take a core only when the drawing thread
 * leaves it. At normal priority, on a 2-core machine, they took the drawing thread's core in the
 * deal: frames of 8 ms' processor time took 17-48 ms. The pixel workers are the frame's own. */
void gfx_shutdown(ui_gfx_t *g);

/* Reads the output size; when it changed, drops the cached textures (they are size-bound). */
void gfx_begin_frame(ui_gfx_t *g);
/* Ends the frame before it is shown: with SDL's software renderer only the places that changed
 * since the last frame are drawn (STUDPOKER_DAMAGE=0: every frame whole). */
void gfx_end_frame(ui_gfx_t *g);
/* Shows the frame: with the draw list only the places drawn again are given to the window
 * system, else SDL_RenderPresent. */
void gfx_present(ui_gfx_t *g);
/* The next frame is drawn whole (the window was shown, resized or uncovered). */
void gfx_damage_invalidate(ui_gfx_t *g);

SDL_Rect gfx_px(const ui_gfx_t *g, ui_rect_t r);
/* The window in virtual units (see above): x from 960 - w / 2, y from 540 - h / 2. */
ui_rect_t gfx_view(const ui_gfx_t *g);
/* Where a layout goes: the view, at most 1920 wide (centred). */
ui_rect_t gfx_area(const ui_gfx_t *g);
void gfx_to_virtual(const ui_gfx_t *g, int px, int py, float *x, float *y);

/* From now on colours are drawn darkened as a black shade of alpha 255 - tint drawn over them
 * would show them (255: as they are): what is drawn on a picture kept with its shade already on
 * it looks as if it were drawn before the shade. */
void gfx_tint(ui_gfx_t *g, uint8_t tint);
/* A translucent colour over the whole window but the rectangle `hole` (rounded by radius units:
 * its corners are covered too), for a shade under an opaque pop-up: the shade under it, which
 * nobody sees, is most of a full-screen blend. */
void gfx_fill_around(ui_gfx_t *g, ui_rect_t hole, float radius, ui_color_t c);
void gfx_fill(ui_gfx_t *g, ui_rect_t r, ui_color_t c);
void gfx_fill_screen(ui_gfx_t *g, ui_color_t c);

/* Draws assets/<path> (an SVG) into r. alpha 0..255. Returns false if it cannot be loaded. */
bool gfx_svg(ui_gfx_t *g, const char *path, ui_rect_t r, uint8_t alpha);
/* Same, rotated by `angle` degrees about its centre, and scaled horizontally by sx (for card
 * flips: sx goes 1 -> 0 -> 1). */
bool gfx_svg_ex(ui_gfx_t *g, const char *path, ui_rect_t r, uint8_t alpha, double angle, float sx);
/* An SVG rasterised once at `base` (units) and drawn into r at any size: a picture that grows and
 * shrinks every frame (a glint twinkling) is not rasterised again each frame. */
bool gfx_svg_scaled(ui_gfx_t *g, const char *path, ui_rect_t r, float base, uint8_t alpha);
/* An SVG turning about its centre, a pattern that repeats every `period` degrees (the light
 * behind a celebration): SDL's software renderer turns a picture pixel by pixel (20 ms a frame
 * for a 760-pixel picture at 1920x1080), so `steps` (at most UI_TURN_STEPS) turned copies of one
 * period are rasterised from the SVG turned (kept in the raster cache), at most `max_px` wide
 * (drawn larger if r is), and each frame cross-fades the two nearest into one picture faded by
 * alpha, copied once: a copy faded by the renderer is its slowest blend (7 ns a pixel against
 * 1.7 for a picture's own alpha), and two of them took 5 ms at 1920x1080. The part under `hole`
 * (NULL: none), covered by something opaque drawn after it, is left out. */
bool gfx_svg_turning(ui_gfx_t *g, const char *path, ui_rect_t r, uint8_t alpha, double angle,
                     double period, int steps, int max_px, const ui_rect_t *hole);
/* Starts reading or rasterising the turned copies gfx_svg_turning will need for r on a thread
 * of its own (a copy at a time when no thread can start), so that a celebration's frames read
 * none: false when they are ready or on their way. */
bool gfx_svg_turning_prepare(ui_gfx_t *g, const char *path, ui_rect_t r, double period, int steps,
                             int max_px);
/* Draws an SVG document given as text; key names it in the cache. */
bool gfx_svg_text(ui_gfx_t *g, const char *key, const char *svg, ui_rect_t r, uint8_t alpha);
bool gfx_svg_text_ex(ui_gfx_t *g, const char *key, const char *svg, ui_rect_t r, uint8_t alpha,
                     float sx);

/* A rounded panel with a vertical gradient and an optional border, as generated SVG. */
void gfx_panel(ui_gfx_t *g, ui_rect_t r, float radius, ui_color_t top, ui_color_t bottom,
               ui_color_t border, float border_w);
/* The panel with the colours it ends with, faded as a whole by `fade` (the texture's alpha): the
 * same picture each frame of a fade instead of one rasterised for each step. */
void gfx_panel_faded(ui_gfx_t *g, ui_rect_t r, float radius, ui_color_t top, ui_color_t bottom,
                     ui_color_t border, float border_w, uint8_t fade);
/* A panel whose border or fill pulses (its alpha in a few steps; the fill of one alpha, top and
 * bottom): drawn as the fill and the border, each faded by its alpha, two pictures made once,
 * where each step made a picture of its own (10 ms each for the demo's banner at 3840x2160). */
void gfx_panel_pulsing(ui_gfx_t *g, ui_rect_t r, float radius, ui_color_t top, ui_color_t bottom,
                       ui_color_t border, float border_w);
/* A soft glow ellipse (highlights). */
void gfx_glow(ui_gfx_t *g, ui_rect_t r, ui_color_t c);

/* The fonts: a text every character of which the game's own font (Roboto) has is drawn with
 * it; any other (Chinese) with the CJK font, its face by the language on screen (Simplified or
 * Traditional forms), its size a little smaller so that its characters stand as tall as the
 * Latin capitals beside them. gfx_missing_glyphs counts the characters of text that the font
 * chosen for it lacks (0: every one is drawn). */
int gfx_missing_glyphs(ui_gfx_t *g, const char *text, float size, int face);

/* A text in capitals, in place: ASCII and the accented Latin letters ("TRÍO"); Chinese stays. */
void gfx_upper(char *s);

/* Every text drawn or measured below is shown in the language on screen: a text the catalogs
 * have (a label passed as it is written in English, "HELP") is drawn as its translation, any
 * other (a number, a text translated already) as it is. po/update.sh extracts the literal texts
 * passed to these functions (xgettext keywords), so a label needs no mark at its call.
 *
 * Text at virtual size `size` (pixel height of the font at 1080p). x is the left, centre or
 * right edge by align; y is the top. Returns the width in virtual units. */
float gfx_text(ui_gfx_t *g, const char *text, float x, float y, float size, int face, ui_color_t c,
               int align);
/* Text with a dark shadow under it, for text over the felt. */
float gfx_text_shadow(ui_gfx_t *g, const char *text, float x, float y, float size, int face,
                      ui_color_t c, int align);
float gfx_text_width(ui_gfx_t *g, const char *text, float size, int face);
/* A figure that changes from frame to frame (a win counting up, the meters, a jackpot), drawn as
 * gfx_text / gfx_text_shadow draw it, but a character at a time from a picture of each
 * character: a new figure makes no new picture (an amount 192 pixels tall, made whole, took
 * 5-8 ms of a frame at 3840x2160 while it counted). Not translated; as wide as gfx_text_width
 * says. */
float gfx_figure(ui_gfx_t *g, const char *text, float x, float y, float size, int face,
                 ui_color_t c, int align);
float gfx_figure_shadow(ui_gfx_t *g, const char *text, float x, float y, float size, int face,
                        ui_color_t c, int align);
/* text (translated, as gfx_text shows it) cut with "..." to width when it does not fit: text
 * itself, or buf (n bytes) holding the cut (a long name in a narrow column). */
const char *gfx_text_cut(ui_gfx_t *g, const char *text, float size, int face, float width,
                         char *buf, size_t n);
/* Text broken into lines of at most `width`; returns the height used. The _height form only
 * measures. */
float gfx_text_wrap_height(ui_gfx_t *g, const char *text, float width, float size, int face);
float gfx_text_wrap(ui_gfx_t *g, const char *text, float x, float y, float width, float size,
                    int face, ui_color_t c, int align);

/* The static layer: what does not change from frame to frame (felt, panels, printed text) is
 * drawn once into a texture and copied opaque each frame, so a frame only draws what moves.
 * gfx_layer_begin returns true when the layer must be drawn again (new size or key): the caller
 * then draws it and calls gfx_layer_end. Either way the layer is on screen afterwards. */
bool gfx_layer_begin(ui_gfx_t *g, uint32_t key);
void gfx_layer_end(ui_gfx_t *g);
/* A whole frame kept: a pop-up over the table (help, history) blends a full-screen dim layer and
 * a big translucent panel, 8-12 ms a frame in the software renderer at 1920x1080 and four times
 * that at 3840x2160; drawn once into a texture under `key` (what the frame shows), the frames
 * that follow are one opaque copy. gfx_frame_begin returns true when the frame must be drawn
 * (new key or size, or keeping is off: the layout test's boxes, STUDPOKER_NO_FRAME_CACHE): the
 * caller draws and calls gfx_frame_end. gfx_frame_drop frees it (the pop-up closed). */
/* Whether gfx_frame_begin keeps frames now (not while every box is recorded, a table among four
 * is drawn, or a frame is drawn onto nothing, or STUDPOKER_NO_FRAME_CACHE is set). */
bool gfx_frame_can_keep(const ui_gfx_t *g);
/* Whether a kept frame is a draw list of its own (SDL's software renderer, gfx_end_frame): drawn
 * every frame, its pixels again only where it changed, so it needs no key and may hold what
 * moves; what is drawn over it is drawn again over one copy of it. */
bool gfx_frame_listed(const ui_gfx_t *g);
bool gfx_frame_begin(ui_gfx_t *g, uint64_t key);
void gfx_frame_end(ui_gfx_t *g);
void gfx_frame_drop(ui_gfx_t *g);
/* Drawing that only makes its pictures and text ready (a pop-up's page prepared while the table
 * is still, so its first frame does not make them): drawn onto a 16-pixel scratch target, the
 * screen untouched. False (nothing to do) while the layout test records boxes or in a table's
 * part of the window. */
bool gfx_offscreen_begin(ui_gfx_t *g);
void gfx_offscreen_end(ui_gfx_t *g);
/* Opaque SVG art (no blending: faster for full-screen backgrounds). */
bool gfx_svg_opaque(ui_gfx_t *g, const char *path, ui_rect_t r);

/* Draws in a part of the window, px (window pixels), as if it were the whole window (a table
 * among four): the scale, the view and the area are the part's, the renderer's viewport is set
 * to it, the boxes are recorded where they are on the window, and each slot (1 .. UI_VIEWS - 1)
 * keeps a static layer of its own. gfx_viewport_end draws in the whole window again. */
void gfx_viewport(ui_gfx_t *g, int slot, SDL_Rect px);
void gfx_viewport_end(ui_gfx_t *g);
/* A point of the whole window (virtual units, as the input gives it) in the units of the part
 * px of the window; false when it is outside px. */
bool gfx_view_point(const ui_gfx_t *g, SDL_Rect px, float x, float y, float *vx, float *vy);
/* A rectangle of the part px (its virtual units) in the whole window's virtual units. */
ui_rect_t gfx_view_rect(const ui_gfx_t *g, SDL_Rect px, ui_rect_t r);

/* Writes what is on screen to a PNG. */
bool gfx_screenshot(ui_gfx_t *g, const char *path);

/* ---- the boxes (ui_boxes.c) ---- */

/* Starts or stops recording the boxes of each frame (the static layer is drawn again). */
void gfx_record(ui_gfx_t *g, bool on);
/* The group of the boxes drawn from now on ("verdict", "dealer-line"; NULL: none): the name a
 * test reads, and the one its stated exceptions use. */
void gfx_rec_group(ui_gfx_t *g, const char *group);
/* A pop-up or a lock panel starts here: everything drawn before is covered on purpose. */
void gfx_rec_modal(ui_gfx_t *g);
/* Nothing drawn is recorded while quiet (what moves: chips in flight). */
void gfx_rec_quiet(ui_gfx_t *g, bool quiet);
/* A card or a chip drawn at r. */
void gfx_rec_art(ui_gfx_t *g, ui_rect_t r, const char *what);
/* A box drawn at p (ui_gfx.c's texts and panels). */
void gfx_rec_box(ui_gfx_t *g, ui_box_kind_t kind, SDL_Rect p, int px, const char *text);
/* The start of a frame and of the static layer (ui_gfx.c): fresh lists, or the layer's kept
 * boxes added to the frame's when the layer is only copied. */
void gfx_rec_frame(ui_gfx_t *g);
void gfx_rec_layer(ui_gfx_t *g, bool drawn_again);
/* The boxes of the last frame drawn, one a line ("text X Y W H PX GROUP|STRING"), after a line
 * with the window's size; false when the file cannot be written. */
bool gfx_boxes_write(const ui_gfx_t *g, const char *path);
void gfx_boxes_free(ui_gfx_t *g);

#endif
