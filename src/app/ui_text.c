/* Text: the fonts, texts drawn and measured, wrapped, and the figures that change every frame
 * (ui_gfx.h). */
#include "ui_gfx.h"
#include "ui_gfx_internal.h"
#include "lang.h"
#include "ui_warm.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Capitals, the accented Latin letters too ("TRÍO"): Chinese has none and stays as it is. */
void gfx_upper(char *s) {
    for (; *s; s++) {
        unsigned char *u = (unsigned char *)s;
        if (*u >= 'a' && *u <= 'z') *s = (char)(*u - 'a' + 'A');
        /* U+00E0..U+00FE (but the division sign): their capitals are 0x20 below */
        if (u[0] == 0xC3 && u[1] >= 0xA0 && u[1] <= 0xBE && u[1] != 0xB7) u[1] -= 0x20, s++;
    }
}

/* ---- text ---- */

/* The faces of the font cache: the game's own (UI_FONT_*), then the CJK font's: regular or
 * bold, Simplified or Traditional (the collection's faces 2 and 3: Noto Sans CJK SC, TC). */
enum { FACE_CJK = UI_FONT_COUNT, FACE_CJK_COUNT = 4 };
#define CJK_SCALE                                                                                  \
    0.81f /* its line as tall as Roboto's (1.448 em to 1.172): its ideographs then stand as tall   \
             as Roboto's capitals, and a Chinese text takes the box an English one does */

void gfx_fonts_clear(ui_gfx_t *g) {
    for (int i = 0; i < g->nfonts; i++) TTF_CloseFont(g->fonts[i].font);
    g->nfonts = 0;
}

static TTF_Font *font_at(ui_gfx_t *g, int px, int face) {
    for (int i = 0; i < g->nfonts; i++)
        if (g->fonts[i].px == px && g->fonts[i].face == face) return g->fonts[i].font;
    if (g->nfonts == UI_FONT_SIZES) gfx_fonts_clear(g);
    TTF_Font *f;
    if (face >= FACE_CJK) {
        int k = face - FACE_CJK, cpx = (int)((float)px * CJK_SCALE + 0.5f);
        if (!g->cjk_path[k & 1][0]) return font_at(g, px, UI_FONT_REGULAR);
        f = TTF_OpenFontIndex(g->cjk_path[k & 1], cpx < 4 ? 4 : cpx, k & 2 ? 3 : 2);
    } else {
        f = TTF_OpenFont(g->font_path[face], px);
    }
    if (!f) return NULL;
    TTF_SetFontHinting(f, TTF_HINTING_LIGHT);
    g->fonts[g->nfonts].px = px;
    g->fonts[g->nfonts].face = face;
    g->fonts[g->nfonts].font = f;
    g->nfonts++;
    return f;
}

/* The next character of UTF-8 text (a bad byte reads as U+FFFD), and where the one after is. */
static uint32_t next_char(const char **p) {
    const unsigned char *s = (const unsigned char *)*p;
    uint32_t c = s[0];
    int n = c < 0x80             ? 0
            : (c & 0xE0) == 0xC0 ? 1
            : (c & 0xF0) == 0xE0 ? 2
            : (c & 0xF8) == 0xF0 ? 3
                                 : -1;
    if (n < 0) {
        *p += 1;
        return 0xFFFD;
    }
    c = n == 0 ? c : n == 1 ? c & 0x1F : n == 2 ? c & 0x0F : c & 0x07;
    for (int i = 1; i <= n; i++) {
        if ((s[i] & 0xC0) != 0x80) {
            *p += i;
            return 0xFFFD;
        }
        c = c << 6 | (s[i] & 0x3F);
    }
    *p += n + 1;
    return c;
}

/* Characters of text that font f has no glyph for. */
static int lacking(TTF_Font *f, const char *text) {
    int n = 0;
    for (const char *p = text; *p;) {
        uint32_t c = next_char(&p);
        if (c >= 0x20 && !TTF_GlyphIsProvided32(f, c)) n++;
    }
    return n;
}

static bool ascii(const char *text) {
    for (const unsigned char *p = (const unsigned char *)text; *p; p++)
        if (*p >= 0x80) return false;
    return true;
}

/* The face a text is drawn with at px: the game's own when it has every character. */
static int face_for(ui_gfx_t *g, const char *text, int px, int face) {
    if (ascii(text)) return face;
    TTF_Font *f = font_at(g, px, face);
    if (f && lacking(f, text) == 0) return face;
    int k = (face == UI_FONT_REGULAR ? 0 : 1) | (lang_get() == CFG_LANG_ZH_TW ? 2 : 0);
    return FACE_CJK + k;
}

static int px_of(const ui_gfx_t *g, float size) {
    int px = (int)(size * g->scale + 0.5f);
    return px < 4 ? 4 : px;
}

int gfx_missing_glyphs(ui_gfx_t *g, const char *text, float size, int face) {
    if (!text || !*text) return 0;
    int px = px_of(g, size);
    TTF_Font *f = font_at(g, px, face_for(g, text, px, face));
    return f ? lacking(f, text) : (int)strlen(text);
}

void gfx_font_ready(ui_gfx_t *g, int px, int face) {
    font_at(g, px, face);
}

/* A font for text (noted for the next run: ui_warm.h). */
static TTF_Font *text_font(ui_gfx_t *g, int px, int face) {
    gfx_warm_note_font(g, px, face);
    return font_at(g, px, face);
}

/* A text's texture in c; baked: c's alpha is in its pixels (drawn with no alpha of its own). */
static ui_cache_entry_t *text_texture_in(ui_gfx_t *g, const char *text, int px, int face,
                                         ui_color_t c, bool baked) {
    char key[700];
    snprintf(key, sizeof key, "txt:%d:%d:%02x%02x%02x%02x:%s", face, px, c.r, c.g, c.b,
             baked ? c.a : 255, text);
    ui_cache_entry_t *e = gfx_cache_find(g, key);
    if (e) return e;
    if (g->texture_log) g->made_since = SDL_GetPerformanceCounter();
    TTF_Font *f = text_font(g, px, face);
    if (!f) return NULL;
    SDL_Color col = {c.r, c.g, c.b, 255};
    SDL_Surface *s = TTF_RenderUTF8_Blended(f, text, col);
    if (!s) return NULL;
    if (baked && c.a < 255 && s->format->BytesPerPixel == 4 && SDL_LockSurface(s) == 0) {
        for (int y = 0; y < s->h; y++) {
            uint32_t *row = (uint32_t *)((uint8_t *)s->pixels + y * s->pitch);
            for (int x = 0; x < s->w; x++) {
                uint32_t a = (row[x] & s->format->Amask) >> s->format->Ashift;
                row[x] = (row[x] & ~s->format->Amask) | (a * c.a / 255) << s->format->Ashift;
            }
        }
        SDL_UnlockSurface(s);
    }
    int w = s->w, h = s->h;
    SDL_Texture *t = gfx_texture_from(g, s);
    if (!t) return NULL;
    return gfx_cache_put(g, key, t, w, h);
}

static ui_cache_entry_t *text_texture(ui_gfx_t *g, const char *text, float size, int face,
                                      ui_color_t c, bool baked) {
    int px = px_of(g, size);
    return text_texture_in(g, text, px, face_for(g, text, px, face), c, baked);
}

/* A label as the catalogs have it in the language on screen (ui_gfx.h): itself when it is not
 * one of their texts (a number, a name, a text translated already). */
static const char *shown(const char *text) {
    return text && *text ? dgettext(LANG_DOMAIN, text) : text;
}

/* A text's box for the layout's checks, with the characters its font lacks. */
static void rec_text_box(ui_gfx_t *g, SDL_Rect p, int px, const char *text, float size, int face) {
    gfx_rec_box(g, UI_BOX_TEXT, p, px, text);
    if (g->boxes.n > 0 && !ascii(text)) {
        int missing = gfx_missing_glyphs(g, text, size, face);
        g->boxes.v[g->boxes.n - 1].missing = missing;
        if (g->in_layer && g->layer_boxes.n > 0)
            g->layer_boxes.v[g->layer_boxes.n - 1].missing = missing;
    }
}

static float draw_text(ui_gfx_t *g, const char *text, float x, float y, float size, int face,
                       ui_color_t c, int align, bool baked) {
    if (!text || !*text) return 0;
    text = shown(text);
    ui_cache_entry_t *e = text_texture(g, text, size, face, c, baked);
    if (!e) return 0;
    float w = (float)e->w / g->scale;
    if (align == UI_ALIGN_CENTER)
        x -= w / 2;
    else if (align == UI_ALIGN_RIGHT)
        x -= w;
    SDL_Rect p = {(int)(g->ox + x * g->scale + 0.5f), (int)(g->oy + y * g->scale + 0.5f), e->w,
                  e->h};
    if (g->rec && !g->rec_quiet) rec_text_box(g, p, px_of(g, size), text, size, face);
    SDL_SetTextureAlphaMod(e->tex, baked ? 255 : c.a);
    gfx_tint_texture(g, e->tex);
    gfx_copy(g, e->tex, NULL, &p);
    return w;
}

float gfx_text(ui_gfx_t *g, const char *text, float x, float y, float size, int face, ui_color_t c,
               int align) {
    return draw_text(g, text, x, y, size, face, c, align, false);
}

static float shadow_offset(float size) {
    float off = size * 0.06f;
    return off < 1.5f ? 1.5f : off;
}

float gfx_text_shadow(ui_gfx_t *g, const char *text, float x, float y, float size, int face,
                      ui_color_t c, int align) {
    float off = shadow_offset(size);
    g->rec_quiet = true; /* the shadow is part of the text's box */
    /* an opaque text's shadow has its alpha in its pixels: a picture faded by the renderer is
     * its slowest blend (a big title's shadow took a millisecond a frame) */
    draw_text(g, text, x + off, y + off, size, face, ui_rgba(0, 0, 0, (uint8_t)(c.a * 0.55f)),
              align, c.a == 255);
    g->rec_quiet = false;
    return gfx_text(g, text, x, y, size, face, c, align);
}

/* ---- figures, a character at a time ---- */

/* Each character of text in cp, and where SDL_ttf's whole text puts its pen (pixels): the
 * width of the text before it, measured by SDL_ttf itself, so that its advances, kerning and
 * fractions of a pixel are the whole text's; after a character whose ink goes past its advance
 * ("K"), which that width would count, its advance and the pair's kerning. Returns the count (at
 * most n). */
static int figure_layout(TTF_Font *f, const char *text, uint32_t *cp, int *pen, int n) {
    int k = 0, next = 0;
    bool overhang = false;
    char before[160];
    for (const char *p = text; *p && k < n;) {
        size_t at = (size_t)(p - text);
        uint32_t c = next_char(&p);
        int x = 0, h, minx, maxx, miny, maxy, adv;
        if (at > 0 && k > 0 && overhang) {
            x = next + TTF_GetFontKerningSizeGlyphs32(f, cp[k - 1], c);
        } else if (at > 0 && at < sizeof before) {
            memcpy(before, text, at);
            before[at] = '\0';
            TTF_SizeUTF8(f, before, &x, &h);
        }
        if (TTF_GlyphMetrics32(f, c, &minx, &maxx, &miny, &maxy, &adv) != 0) maxx = adv = 0;
        overhang = maxx > adv;
        next = x + adv;
        cp[k] = c;
        pen[k++] = x;
    }
    return k;
}

static float draw_figure(ui_gfx_t *g, const char *text, float x, float y, float size, int face,
                         ui_color_t c, int align, bool baked) {
    if (!text || !*text) return 0;
    int px = px_of(g, size);
    face = face_for(g, text, px, face);
    TTF_Font *f = text_font(g, px, face);
    if (!f) return 0;
    uint32_t cp[48];
    int pen[48], width = 0, height = 0;
    int n = figure_layout(f, text, cp, pen, 48);
    TTF_SizeUTF8(f, text, &width, &height);
    float w = (float)width / g->scale;
    if (align == UI_ALIGN_CENTER)
        x -= w / 2;
    else if (align == UI_ALIGN_RIGHT)
        x -= w;
    int left = (int)(g->ox + x * g->scale + 0.5f), top = (int)(g->oy + y * g->scale + 0.5f);
    if (g->rec && !g->rec_quiet)
        rec_text_box(g, (SDL_Rect){left, top, width, height}, px, text, size, face);
    for (int i = 0; i < n; i++) {
        char one[5];
        int len = 0;
        uint32_t u = cp[i];
        if (u < 0x80)
            one[len++] = (char)u;
        else if (u < 0x800)
            one[len++] = (char)(0xC0 | u >> 6), one[len++] = (char)(0x80 | (u & 0x3F));
        else if (u < 0x10000)
            one[len++] = (char)(0xE0 | u >> 12), one[len++] = (char)(0x80 | (u >> 6 & 0x3F)),
            one[len++] = (char)(0x80 | (u & 0x3F));
        else
            one[len++] = (char)(0xF0 | u >> 18), one[len++] = (char)(0x80 | (u >> 12 & 0x3F)),
            one[len++] = (char)(0x80 | (u >> 6 & 0x3F)), one[len++] = (char)(0x80 | (u & 0x3F));
        one[len] = '\0';
        if (u == ' ') continue;
        ui_cache_entry_t *e = text_texture_in(g, one, px, face, c, baked);
        if (!e) continue;
        /* a character's picture starts at its left edge when that is left of the pen */
        int minx = 0, maxx, miny, maxy, adv;
        TTF_GlyphMetrics32(f, u, &minx, &maxx, &miny, &maxy, &adv);
        SDL_Rect p = {left + pen[i] + (minx < 0 ? minx : 0), top, e->w, e->h};
        SDL_SetTextureAlphaMod(e->tex, baked ? 255 : c.a);
        gfx_tint_texture(g, e->tex);
        gfx_copy(g, e->tex, NULL, &p);
    }
    return w;
}

float gfx_figure(ui_gfx_t *g, const char *text, float x, float y, float size, int face,
                 ui_color_t c, int align) {
    return draw_figure(g, text, x, y, size, face, c, align, false);
}

float gfx_figure_shadow(ui_gfx_t *g, const char *text, float x, float y, float size, int face,
                        ui_color_t c, int align) {
    float off = shadow_offset(size);
    g->rec_quiet = true;
    draw_figure(g, text, x + off, y + off, size, face, ui_rgba(0, 0, 0, (uint8_t)(c.a * 0.55f)),
                align, c.a == 255);
    g->rec_quiet = false;
    return gfx_figure(g, text, x, y, size, face, c, align);
}

const char *gfx_text_cut(ui_gfx_t *g, const char *text, float size, int face, float width,
                         char *buf, size_t n) {
    text = shown(text);
    if (!text || gfx_text_width(g, text, size, face) <= width) return text;
    size_t len = strlen(text);
    while (len > 0) {
        len--;
        while (len > 0 && ((unsigned char)text[len] & 0xC0) == 0x80) len--; /* whole characters */
        snprintf(buf, n, "%.*s...", (int)len, text);
        if (gfx_text_width(g, buf, size, face) <= width) return buf;
    }
    return "";
}

float gfx_text_width(ui_gfx_t *g, const char *text, float size, int face) {
    if (!text || !*text) return 0;
    text = shown(text);
    int px = px_of(g, size);
    face = face_for(g, text, px, face);
    uint64_t hash =
        gfx_hash(text) ^ ((uint64_t)(unsigned)px << 40) ^ ((uint64_t)(unsigned)face << 56);
    hash |= 1; /* 0 marks an empty slot */
    int slot = (int)(hash % (sizeof g->widths / sizeof g->widths[0]));
    if (g->widths[slot].hash == hash) return (float)g->widths[slot].w / g->scale;
    TTF_Font *f = text_font(g, px, face);
    int w = 0, h = 0;
    if (!f || TTF_SizeUTF8(f, text, &w, &h) != 0) return 0;
    g->widths[slot].hash = hash;
    g->widths[slot].w = w;
    return (float)w / g->scale;
}

/* Chinese is written without spaces: a line may break before any ideograph (U+2E80 on), but
 * not before the punctuation that closes a phrase. */
static bool breaks_before(uint32_t c) {
    return c >= 0x2E80 && !(c == 0x3001 || c == 0x3002 || c == 0xFF0C || c == 0xFF1A ||
                            c == 0xFF1B || c == 0xFF01 || c == 0xFF1F || c == 0xFF09 ||
                            c == 0x300D || c == 0x300F || c == 0x201D);
}
static bool ideograph(uint32_t c) {
    return c >= 0x2E80;
}

/* The next piece of text that a line can end after: a word up to a space, or one ideograph
 * with the punctuation that follows it. *spaced: a space stood before it. */
static const char *next_piece(const char *p, bool *spaced) {
    *spaced = false;
    while (*p == ' ') p++, *spaced = true;
    const char *q = p;
    while (*q && *q != ' ') {
        const char *at = q;
        uint32_t c = next_char(&q);
        if (at != p && breaks_before(c)) return at;
        if (!ideograph(c)) continue;
        for (;;) { /* the closing punctuation stays with its ideograph */
            const char *r = q;
            if (!*r || *r == ' ') break;
            uint32_t d = next_char(&r);
            if (!ideograph(d) || breaks_before(d)) break;
            q = r;
        }
        return q;
    }
    return q;
}

static float text_wrap(ui_gfx_t *g, const char *text, float x, float y, float width, float size,
                       int face, ui_color_t c, int align, bool draw) {
    char line[512] = "";
    float line_h = size * 1.3f, used = 0;
    const char *p = text;
    while (*p) {
        bool spaced;
        const char *start = p;
        while (*start == ' ') start++;
        const char *end = next_piece(p, &spaced);
        int len = (int)(end - start > 500 ? 500 : end - start);
        char candidate[sizeof line + 512]; /* a long word is cut at the line's size below */
        snprintf(candidate, sizeof candidate, "%s%s%.*s", line, line[0] && spaced ? " " : "", len,
                 start);
        if (line[0] && gfx_text_width(g, candidate, size, face) > width) {
            if (draw) gfx_text(g, line, x, y + used, size, face, c, align);
            used += line_h;
            snprintf(line, sizeof line, "%.*s", len, start);
        } else {
            snprintf(line, sizeof line, "%.*s", (int)sizeof line - 1, candidate); /* cut, ended */
        }
        p = end;
        if (end == start && !*end) break;
    }
    if (line[0]) {
        if (draw) gfx_text(g, line, x, y + used, size, face, c, align);
        used += line_h;
    }
    return used;
}

float gfx_text_wrap(ui_gfx_t *g, const char *text, float x, float y, float width, float size,
                    int face, ui_color_t c, int align) {
    text = shown(text);
    return text_wrap(g, text, x, y, width, size, face, c, align, true);
}

float gfx_text_wrap_height(ui_gfx_t *g, const char *text, float width, float size, int face) {
    text = shown(text);
    return text_wrap(g, text, 0, 0, width, size, face, ui_rgba(0, 0, 0, 0), UI_ALIGN_LEFT, false);
}
