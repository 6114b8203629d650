/* Only what changed is drawn again (see ui_gfx_internal.h, "the window's draw list").
 *
 * SDL's software renderer draws into the window's own pixels, which stay as they are from one
 * frame to the next. So each call that draws on the window is written down instead of done: what
 * it draws (the texture and which picture it holds, the source and target, the angle, the
 * colour, alpha and blend), where it can reach (its box, inside the part of the window it was
 * drawn in). At the end of the frame the list is compared with the last frame's: a call in one
 * list and not in the other changed the pixels in its box, and so did both calls wherever the two
 * lists' common calls, side by side in their order, differ. Only those places are drawn again, each
 * with every call that reaches it, in order, cut to it. A frame where a card turns at 3840x2160
 * draws the card's row, not the 8 million pixels of the window.
 *
 * A kept picture (gfx_frame_begin: the table under a celebration, or under a help page) becomes a
 * second list, drawn the same way on the window and kept from there in a texture of its own, and
 * the window's list copies it: the
 * places the light or a falling coin changes are a copy and the few calls over it, not the table's
 * forty calls and its shade again; a figure that changes under the shade is drawn again in the
 * picture, there only.
 *
 * The renderer's stretched copies do not give the same pixels when cut (SDL computes a cut
 * stretch from a rounded source), so a place that meets one grows to hold it whole. A picture
 * changed after it was drawn in the frame (drawn into, or its pixels replaced) would show its new
 * pixels where the old were drawn: the lists are drawn as they stand first, and the rest of the
 * frame as it comes. Textures freed during the frame are freed after it. */
#include "ui_gfx.h"
#include "ui_gfx_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ui_gfx_damage.h"

static uint64_t mix(uint64_t h, uint64_t v) {
    h ^= v + 0x9e3779b97f4a7c15ull + (h << 6) + (h >> 2);
    h ^= h >> 31;
    h *= 0xbf58476d1ce4e5b9ull;
    return h ^ (h >> 29);
}

static uint64_t rect_bits(SDL_Rect r) {
    return (uint64_t)(uint16_t)r.x | (uint64_t)(uint16_t)r.y << 16 | (uint64_t)(uint16_t)r.w << 32 |
           (uint64_t)(uint16_t)r.h << 48;
}

static uint64_t op_hash(const gd_op_t *o) {
    uint64_t h = mix(0, (uintptr_t)o->tex);
    h = mix(h, o->gen);
    h = mix(h, o->has_src ? rect_bits(o->src) : 0);
    h = mix(h, rect_bits(o->dst));
    h = mix(h, rect_bits(o->clip));
    uint64_t ab;
    memcpy(&ab, &o->angle, sizeof ab);
    h = mix(h, ab);
    h = mix(h, (uint64_t)o->r | (uint64_t)o->g << 8 | (uint64_t)o->b << 16 | (uint64_t)o->a << 24 |
                   (uint64_t)o->blend << 32 | (uint64_t)o->kind << 40);
    return h | 1; /* 0 marks an empty slot */
}

static SDL_Rect window_rect(const ui_gfx_t *g) {
    int w = 0, h = 0;
    SDL_GetRendererOutputSize(g->ren, &w, &h);
    return (SDL_Rect){0, 0, w, h};
}

bool gfx_damage_start(ui_gfx_t *g) {
    const char *off = getenv("STUDPOKER_DAMAGE");
    SDL_RendererInfo info;
    /* the accelerated renderers' back buffer is undefined after a present: drawn whole there */
    if ((off && strcmp(off, "0") == 0) || SDL_GetRendererInfo(g->ren, &info) != 0 ||
        strcmp(info.name, "software") != 0)
        return false;
    ui_damage_t *d = calloc(1, sizeof *d);
    if (!d) return false;
    d->win.full = d->under.full = true;
    d->on_window = SDL_GetRenderTarget(g->ren) == NULL;
    const char *check = getenv("STUDPOKER_DAMAGE_CHECK");
    d->check = check ? (atoi(check) > 1 ? atoi(check) : 1) : 0;
    const char *log = getenv("STUDPOKER_DAMAGE_LOG");
    d->log = log ? atoi(log) : 0;
    g->dmg = d;
    return true;
}

static void free_dead(ui_damage_t *d) {
    for (int i = 0; i < d->ndead; i++) SDL_DestroyTexture(d->dead[i]);
    d->ndead = 0;
}

static void list_free(gd_list_t *l) {
    free(l->ops), free(l->prev);
}

void gfx_damage_stop(ui_gfx_t *g) {
    ui_damage_t *d = g->dmg;
    if (!d) return;
    free_dead(d);
    if (d->under_tex) SDL_DestroyTexture(d->under_tex);
    if (d->check)
        fprintf(stderr,
                "studpoker: damage check: %ld frames drawn in part checked, %ld differed, %ld "
                "pictures changed after use\n",
                d->checked, d->differed, d->hazards);
    list_free(&d->win), list_free(&d->under);
    free(d->dead), free(d->keys), free(d->counts), free(d->matched);
    free(d);
    g->dmg = NULL;
}

void gfx_damage_invalidate(ui_gfx_t *g) {
    if (g->dmg) g->dmg->win.full = true;
}

/* ---- textures ---- */

static bool in_list(const gd_list_t *l, const SDL_Texture *t) {
    for (int i = 0; i < l->n; i++)
        if (l->ops[i].tex == t) return true;
    return false;
}

void gfx_changed(ui_gfx_t *g, SDL_Texture *t) {
    if (!t) return;
    ui_damage_t *d = g->dmg;
    if (d && d->rec && (in_list(&d->win, t) || in_list(&d->under, t))) {
        gfx_damage_flush(g);
        d->hazards++;
    }
    SDL_SetTextureUserData(t, (void *)(uintptr_t)++g->tex_gen);
}

void gfx_destroy(ui_gfx_t *g, SDL_Texture *t) {
    ui_damage_t *d = g->dmg;
    if (!t) return;
    if (!d || !d->rec) {
        SDL_DestroyTexture(t);
        return;
    }
    if (d->ndead == d->capdead) {
        int cap = d->capdead ? d->capdead * 2 : 64;
        SDL_Texture **v = realloc(d->dead, (size_t)cap * sizeof *v);
        if (!v) { /* no room to wait: everything drawn so far goes out now */
            gfx_damage_flush(g);
            SDL_DestroyTexture(t);
            return;
        }
        d->dead = v, d->capdead = cap;
    }
    d->dead[d->ndead++] = t;
}

void gfx_target(ui_gfx_t *g, SDL_Texture *t) {
    if (t) gfx_changed(g, t); /* drawn into from now */
    SDL_SetRenderTarget(g->ren, t);
    if (g->dmg) g->dmg->on_window = t == NULL;
}

/* ---- the lists ---- */

static gd_op_t *op_new(ui_gfx_t *g) {
    ui_damage_t *d = g->dmg;
    if (!d || !d->rec || !d->on_window) {
        /* drawn on the window outside the list: what it holds is no longer known */
        if (d && d->on_window) d->win.full = true;
        return NULL;
    }
    gd_list_t *l = d->rec;
    if (l->n == l->cap) {
        int cap = l->cap ? l->cap * 2 : 1024;
        gd_op_t *v = realloc(l->ops, (size_t)cap * sizeof *v);
        if (!v) {
            gfx_damage_flush(g);
            return NULL;
        }
        l->ops = v, l->cap = cap;
    }
    gd_op_t *o = &l->ops[l->n];
    memset(o, 0, sizeof *o);
    SDL_RenderGetViewport(g->ren, &o->clip);
    return o;
}

static void op_done(ui_gfx_t *g, gd_op_t *o) {
    SDL_Rect box = o->box;
    if (!SDL_IntersectRect(&box, &o->clip, &o->box)) return; /* draws nothing */
    o->hash = op_hash(o);
    g->dmg->rec->n++;
}

static void copy_op(ui_gfx_t *g, SDL_Texture *t, const SDL_Rect *src, const SDL_Rect *dst,
                    double angle, uintptr_t gen) {
    gd_op_t *o = op_new(g);
    if (!o) {
        if (angle != 0.0)
            SDL_RenderCopyEx(g->ren, t, src, dst, angle, NULL, SDL_FLIP_NONE);
        else
            SDL_RenderCopy(g->ren, t, src, dst);
        return;
    }
    int tw = 0, th = 0;
    SDL_QueryTexture(t, NULL, NULL, &tw, &th);
    o->kind = OP_COPY;
    o->tex = t;
    o->gen = gen ? gen : (uintptr_t)SDL_GetTextureUserData(t);
    o->has_src = src != NULL;
    o->src = src ? *src : (SDL_Rect){0, 0, tw, th};
    SDL_Rect to = dst ? *dst : (SDL_Rect){0, 0, o->clip.w, o->clip.h};
    o->dst = (SDL_Rect){to.x + o->clip.x, to.y + o->clip.y, to.w, to.h};
    o->angle = angle;
    SDL_GetTextureColorMod(t, &o->r, &o->g, &o->b);
    SDL_GetTextureAlphaMod(t, &o->a);
    SDL_BlendMode bm = SDL_BLENDMODE_NONE;
    SDL_GetTextureBlendMode(t, &bm);
    o->blend = (uint8_t)bm;
    o->whole = angle != 0.0 || o->src.w != o->dst.w || o->src.h != o->dst.h;
    o->box = o->dst;
    if (angle != 0.0) { /* any turn stays inside the circle round the centre */
        int diag =
            (int)SDL_ceil(SDL_sqrt((double)o->dst.w * o->dst.w + (double)o->dst.h * o->dst.h));
        o->box = (SDL_Rect){o->dst.x + o->dst.w / 2 - diag / 2 - 2,
                            o->dst.y + o->dst.h / 2 - diag / 2 - 2, diag + 4, diag + 4};
    }
    op_done(g, o);
}

void gfx_copy(ui_gfx_t *g, SDL_Texture *t, const SDL_Rect *src, const SDL_Rect *dst) {
    copy_op(g, t, src, dst, 0.0, 0);
}

void gfx_copy_ex(ui_gfx_t *g, SDL_Texture *t, const SDL_Rect *src, const SDL_Rect *dst,
                 double angle) {
    copy_op(g, t, src, dst, angle, 0);
}

static void fill_op(ui_gfx_t *g, const SDL_Rect *dst, bool clear) {
    gd_op_t *o = op_new(g);
    if (!o) {
        if (clear)
            SDL_RenderClear(g->ren);
        else
            SDL_RenderFillRect(g->ren, dst);
        return;
    }
    o->kind = OP_FILL;
    SDL_GetRenderDrawColor(g->ren, &o->r, &o->g, &o->b, &o->a);
    SDL_BlendMode bm = SDL_BLENDMODE_NONE;
    if (!clear) SDL_GetRenderDrawBlendMode(g->ren, &bm);
    o->blend = (uint8_t)bm;
    if (clear) o->clip = window_rect(g); /* a clear takes the whole window, whatever the part */
    SDL_Rect to = dst && !clear ? *dst : (SDL_Rect){0, 0, o->clip.w, o->clip.h};
    o->dst = (SDL_Rect){to.x + o->clip.x, to.y + o->clip.y, to.w, to.h};
    o->box = o->dst;
    op_done(g, o);
}

void gfx_fill_px(ui_gfx_t *g, const SDL_Rect *dst) {
    fill_op(g, dst, false);
}

void gfx_clear(ui_gfx_t *g) {
    fill_op(g, NULL, true);
}

bool gfx_shade_op(ui_gfx_t *g, SDL_Texture *tile, int tile_px, SDL_Rect p, ui_color_t c) {
    gd_op_t *o = op_new(g);
    if (!o) return false;
    o->kind = OP_SHADE;
    o->tex = tile;
    o->gen = (uintptr_t)SDL_GetTextureUserData(tile);
    o->src = (SDL_Rect){0, 0, tile_px, tile_px};
    o->r = c.r, o->g = c.g, o->b = c.b, o->a = c.a;
    o->blend = SDL_BLENDMODE_BLEND;
    o->dst = (SDL_Rect){p.x + o->clip.x, p.y + o->clip.y, p.w, p.h};
    o->box = o->dst;
    op_done(g, o);
    return true;
}

/* Every place drawn again starts from an opaque ground, as the frame does. */
static void ground(ui_gfx_t *g) {
    Uint8 r, gg, b, a;
    SDL_BlendMode bm;
    SDL_GetRenderDrawColor(g->ren, &r, &gg, &b, &a);
    SDL_GetRenderDrawBlendMode(g->ren, &bm);
    SDL_SetRenderDrawColor(g->ren, 0, 0, 0, 255);
    gfx_clear(g);
    SDL_SetRenderDrawColor(g->ren, r, gg, b, a);
    SDL_SetRenderDrawBlendMode(g->ren, bm);
}

/* ---- the kept picture ---- */

/* The kept picture's texture at the window's size (made when it is not). false: none can be. */
static bool under_texture(ui_gfx_t *g, bool *made) {
    ui_damage_t *d = g->dmg;
    /* it is drawn on the window and read from there: 32-bit RGB pixels */
    SDL_Surface *ws = g->window ? SDL_GetWindowSurface(g->window) : NULL;
    if (!ws || (ws->format->format != SDL_PIXELFORMAT_RGB888 &&
                ws->format->format != SDL_PIXELFORMAT_ARGB8888))
        return false;
    SDL_Rect w = window_rect(g);
    if (!d->under_tex || d->under_w != w.w || d->under_h != w.h) {
        if (d->under_tex) gfx_destroy(g, d->under_tex);
        /* drawn on the window, its pixels then kept in it */
        d->under_tex = SDL_CreateTexture(g->ren, SDL_PIXELFORMAT_ARGB8888,
                                         SDL_TEXTUREACCESS_STREAMING, w.w, w.h);
        if (!d->under_tex) return false;
        SDL_SetTextureBlendMode(d->under_tex, SDL_BLENDMODE_NONE);
        d->under_w = w.w, d->under_h = w.h;
        d->under.full = true;
        d->under_synced = false;
        if (made) *made = true;
    }
    return true;
}

bool gfx_damage_under_ready(ui_gfx_t *g) {
    bool made = false;
    if (!g->dmg || g->rec || g->view) return false;
    under_texture(g, &made);
    return made;
}

bool gfx_damage_under_begin(ui_gfx_t *g) {
    ui_damage_t *d = g->dmg;
    if (!d || d->rec != &d->win || d->under_now || !d->on_window || !under_texture(g, NULL))
        return false;
    d->under.n = 0;
    d->under_now = true;
    d->rec = &d->under;
    ground(g);
    return true;
}

void gfx_damage_under_end(ui_gfx_t *g) {
    ui_damage_t *d = g->dmg;
    if (!d || d->rec != &d->under) return;
    d->rec = &d->win;
    /* the same copy each frame (one number for its picture): where the picture changes is the
     * under list's to say */
    SDL_SetTextureColorMod(d->under_tex, 255, 255, 255);
    SDL_SetTextureAlphaMod(d->under_tex, 255);
    copy_op(g, d->under_tex, NULL, NULL, 0.0, 1);
}

/* ---- a frame ---- */

void gfx_damage_begin(ui_gfx_t *g) {
    ui_damage_t *d = g->dmg;
    if (!d) return;
    free_dead(d);
    d->win.n = d->under.n = 0;
    d->under_now = false;
    d->on_window = SDL_GetRenderTarget(g->ren) == NULL;
    d->rec = &d->win;
    ground(g);
}

static void draw_shade(ui_gfx_t *g, const gd_op_t *o, SDL_Rect cut) {
    if (gfx_shade_window(g, o->dst, cut, ui_rgba(o->r, o->g, o->b, o->a))) return;
    int tile = o->src.w;
    SDL_SetTextureColorMod(o->tex, 255, 255, 255);
    SDL_SetTextureAlphaMod(o->tex, o->a);
    SDL_SetTextureBlendMode(o->tex, SDL_BLENDMODE_BLEND);
    for (int y = o->dst.y; y < o->dst.y + o->dst.h; y += tile)
        for (int x = o->dst.x; x < o->dst.x + o->dst.w; x += tile) {
            int w = o->dst.x + o->dst.w - x, h = o->dst.y + o->dst.h - y;
            SDL_Rect src = {0, 0, w < tile ? w : tile, h < tile ? h : tile};
            SDL_Rect dst = {x, y, src.w, src.h};
            if (overlap(dst, cut)) SDL_RenderCopy(g->ren, o->tex, &src, &dst);
        }
}

static void draw_op(ui_gfx_t *g, const gd_op_t *o, SDL_Rect cut) {
    if (o->kind == OP_SHADE) {
        draw_shade(g, o, cut);
        return;
    }
    if (o->kind == OP_FILL) {
        if (o->blend == SDL_BLENDMODE_NONE &&
            gfx_fill_window(g, o->dst, cut, ui_rgba(o->r, o->g, o->b, o->a)))
            return;
        SDL_SetRenderDrawColor(g->ren, o->r, o->g, o->b, o->a);
        SDL_SetRenderDrawBlendMode(g->ren, (SDL_BlendMode)o->blend);
        SDL_RenderFillRect(g->ren, &o->dst);
        return;
    }
    bool opaque = o->blend == SDL_BLENDMODE_NONE && o->a == 255;
    if ((o->blend == SDL_BLENDMODE_BLEND || opaque) && o->angle == 0.0 &&
        (o->r & o->g & o->b) == 255 &&
        gfx_blend_window(g, o->tex, o->has_src ? &o->src : NULL, o->dst, cut, o->a, opaque))
        return;
    SDL_SetTextureColorMod(o->tex, o->r, o->g, o->b);
    SDL_SetTextureAlphaMod(o->tex, o->a);
    SDL_SetTextureBlendMode(o->tex, (SDL_BlendMode)o->blend);
    if (o->angle != 0.0)
        SDL_RenderCopyEx(g->ren, o->tex, o->has_src ? &o->src : NULL, &o->dst, o->angle, NULL,
                         SDL_FLIP_NONE);
    else
        SDL_RenderCopy(g->ren, o->tex, o->has_src ? &o->src : NULL, &o->dst);
}

/* o, an opaque copy, and next, a shade over the same pixels of the place (the kept table under a
 * celebration's shade, every frame of its fade): drawn in one pass, each pixel read and written
 * once (3840x2160: 2.9 ms against 4.8 for the two). */
static bool copy_shaded(ui_gfx_t *g, const gd_op_t *o, const gd_op_t *next, SDL_Rect place,
                        SDL_Rect cut) {
    SDL_Rect a, b, next_cut;
    if (o->kind != OP_COPY || next->kind != OP_SHADE || o->blend != SDL_BLENDMODE_NONE ||
        o->a != 255 || o->angle != 0.0 || (o->r & o->g & o->b) != 255 ||
        !SDL_IntersectRect(&next->clip, &place, &next_cut) ||
        memcmp(&next_cut, &cut, sizeof cut) != 0 || !SDL_IntersectRect(&o->dst, &cut, &a) ||
        !SDL_IntersectRect(&next->dst, &cut, &b) || memcmp(&a, &b, sizeof a) != 0)
        return false;
    return gfx_copy_shaded_window(g, o->tex, o->has_src ? &o->src : NULL, o->dst, cut,
                                  ui_rgba(next->r, next->g, next->b, next->a));
}

/* STUDPOKER_DAMAGE_LOG=2: each call that took 0.2 ms or more, what it was and where. */
static void op_log(const ui_gfx_t *g, const gd_op_t *o, SDL_Rect cut, Uint64 t0) {
    double ms =
        (double)(SDL_GetPerformanceCounter() - t0) * 1000.0 / (double)SDL_GetPerformanceFrequency();
    static const char *const kind[] = {"copy", "fill", "shade"};
    if (ms >= 0.2)
        fprintf(stderr, "damage: frame %u: %s %dx%d of %dx%d, alpha %d%s%s: %.2f ms\n", g->frame,
                kind[o->kind], cut.w, cut.h, o->dst.w, o->dst.h, o->a,
                o->blend == SDL_BLENDMODE_NONE ? ", opaque" : "", o->angle != 0.0 ? ", turned" : "",
                ms);
}

/* Every call of l that reaches place, in order, cut to it, from the last that covers all of it
 * with its own pixels (an unblended copy or fill: what is under it is never seen). */
static void draw_place(ui_gfx_t *g, const gd_list_t *l, SDL_Rect place) {
    SDL_Rect last = {0, 0, -1, -1};
    int from = 0;
    for (int i = l->n - 1; i > 0 && !from; i--) {
        const gd_op_t *o = &l->ops[i];
        if (o->blend == SDL_BLENDMODE_NONE && o->kind != OP_SHADE && !o->whole &&
            holds(o->box, place))
            from = i;
    }
    for (int i = from; i < l->n; i++) {
        const gd_op_t *o = &l->ops[i];
        SDL_Rect cut;
        if (!overlap(o->box, place) || !SDL_IntersectRect(&o->clip, &place, &cut)) continue;
        if (memcmp(&cut, &last, sizeof cut) != 0) SDL_RenderSetClipRect(g->ren, &cut), last = cut;
        Uint64 t0 = g->dmg->log > 1 ? SDL_GetPerformanceCounter() : 0;
        if (i + 1 < l->n && copy_shaded(g, o, &l->ops[i + 1], place, cut))
            i++; /* (the shade drawn with it) */
        else
            draw_op(g, o, cut);
        if (t0) op_log(g, o, cut, t0);
    }
}

typedef struct saved_state {
    Uint8 r, g, b, a;
    SDL_BlendMode blend;
} saved_state_t;

/* l drawn on the renderer's target in the places p (all of it when p says all), the renderer's
 * and the textures' state as the frame left them. */
static void draw_list(ui_gfx_t *g, const gd_list_t *l, const gd_places_t *p) {
    saved_state_t *kept = malloc((size_t)(l->n ? l->n : 1) * sizeof *kept);
    for (int i = 0; kept && i < l->n; i++)
        if (l->ops[i].tex) {
            SDL_GetTextureColorMod(l->ops[i].tex, &kept[i].r, &kept[i].g, &kept[i].b);
            SDL_GetTextureAlphaMod(l->ops[i].tex, &kept[i].a);
            SDL_GetTextureBlendMode(l->ops[i].tex, &kept[i].blend);
        }
    saved_state_t draw;
    SDL_GetRenderDrawColor(g->ren, &draw.r, &draw.g, &draw.b, &draw.a);
    SDL_GetRenderDrawBlendMode(g->ren, &draw.blend);
    SDL_RenderSetViewport(g->ren, NULL);
    if (!p || p->all)
        draw_place(g, l, window_rect(g));
    else
        for (int k = 0; k < p->n; k++) draw_place(g, l, p->v[k]);
    SDL_RenderSetClipRect(g->ren, NULL);
    SDL_RenderSetViewport(g->ren, g->view && g->dmg->on_window ? &g->view_px : NULL);
    SDL_SetRenderDrawColor(g->ren, draw.r, draw.g, draw.b, draw.a);
    SDL_SetRenderDrawBlendMode(g->ren, draw.blend);
    for (int i = l->n - 1; kept && i >= 0; i--)
        if (l->ops[i].tex) {
            SDL_SetTextureColorMod(l->ops[i].tex, kept[i].r, kept[i].g, kept[i].b);
            SDL_SetTextureAlphaMod(l->ops[i].tex, kept[i].a);
            SDL_SetTextureBlendMode(l->ops[i].tex, kept[i].blend);
        }
    free(kept);
}

/* The check (STUDPOKER_DAMAGE_CHECK=N: every Nth frame drawn in part, 1 when not a number): the
 * list drawn in part, then whole on the same target, must give the same pixels. The kept
 * picture's list (kept: its texture, where its part was kept) is drawn whole on the window and
 * compared with the texture: the window is then drawn whole. */
static void check_list(ui_gfx_t *g, const gd_list_t *l, SDL_Texture *kept) {
    ui_damage_t *d = g->dmg;
    SDL_Rect w = window_rect(g);
    size_t n = (size_t)w.w * (size_t)w.h;
    Uint32 *a = malloc(n * 4), *b = malloc(n * 4);
    SDL_RenderSetViewport(g->ren, NULL);
    bool read =
        a && (kept ? gfx_texture_pixels(kept, a)
                   : SDL_RenderReadPixels(g->ren, &w, SDL_PIXELFORMAT_ARGB8888, a, w.w * 4) == 0);
    if (b && read) {
        draw_list(g, l, NULL);
        SDL_RenderSetViewport(g->ren, NULL);
        if (SDL_RenderReadPixels(g->ren, &w, SDL_PIXELFORMAT_ARGB8888, b, w.w * 4) == 0) {
            d->checked++;
            for (size_t i = 0; i < n; i++)
                if ((a[i] ^ b[i]) & 0xffffffu) {
                    if (d->differed++ == 0)
                        fprintf(stderr, "studpoker: damage check: frame %u differs at %d,%d\n",
                                g->frame, (int)(i % (size_t)w.w), (int)(i / (size_t)w.w));
                    break;
                }
        }
    }
    free(a), free(b);
}

/* The kept picture's places p (all of it: NULL, or p says all), just drawn on the window, kept
 * in its texture. */
static void keep_under(ui_gfx_t *g, const gd_places_t *p) {
    ui_damage_t *d = g->dmg;
    if (!p || p->all)
        gfx_window_to_texture(g, d->under_tex, window_rect(g));
    else
        for (int k = 0; k < p->n; k++) gfx_window_to_texture(g, d->under_tex, p->v[k]);
}

static void swap_prev(gd_list_t *a, gd_list_t *b) {
    gd_op_t *ops = a->prev;
    int n = a->nprev, cap = a->capprev;
    a->prev = b->prev, a->nprev = b->nprev, a->capprev = b->capprev;
    b->prev = ops, b->nprev = n, b->capprev = cap;
}

static void list_done(gd_list_t *l, bool valid) {
    gd_op_t *t = l->prev;
    int c = l->capprev;
    l->prev = l->ops, l->capprev = l->cap, l->nprev = valid ? l->n : 0;
    l->ops = t, l->cap = c, l->n = 0;
    l->full = !valid;
}

void gfx_present(ui_gfx_t *g) {
    ui_damage_t *d = g->dmg;
    /* with the list, the window system is given only the places drawn again (the X server
     * copied the whole window each frame: 33 MB at 3840x2160) */
    if (!d || d->present_all || !g->window) {
        SDL_RenderPresent(g->ren);
        if (d) d->present_all = true;
        return;
    }
    SDL_RenderFlush(g->ren);
    SDL_Rect window = window_rect(g), shown[MAX_PLACES];
    int n = 0;
    for (int k = 0; k < d->places.n && n < MAX_PLACES; k++)
        if (SDL_IntersectRect(&d->places.v[k], &window, &shown[n])) n++;
    if (n > 0 && SDL_UpdateWindowSurfaceRects(g->window, shown, n) != 0)
        SDL_RenderPresent(g->ren); /* a window system that will not: the whole of it */
    d->present_all = true;
}

void gfx_damage_flush(ui_gfx_t *g) {
    ui_damage_t *d = g->dmg;
    if (!d || !d->rec) return;
    SDL_Texture *target = SDL_GetRenderTarget(g->ren);
    SDL_SetRenderTarget(g->ren, NULL);
    if (d->under_now) {
        draw_list(g, &d->under, NULL);
        keep_under(g, NULL);
        list_done(&d->under, true);
    }
    gfx_damage_under_end(g); /* the kept picture's copy, when it was not written yet */
    draw_list(g, &d->win, NULL);
    SDL_SetRenderTarget(g->ren, target);
    /* the rest of the frame is drawn as it comes, and the next one whole; this one shown whole */
    d->present_all = true;
    list_done(&d->win, false);
    d->rec = NULL;
    d->under_now = d->under_last = d->under_synced = false;
}

void gfx_damage_end(ui_gfx_t *g) {
    ui_damage_t *d = g->dmg;
    if (!d || !d->rec) return;
    if (d->rec == &d->under) gfx_damage_under_end(g);
    if (SDL_GetRenderTarget(g->ren)) gfx_target(g, NULL);
    d->rec = NULL;
    SDL_Rect window = window_rect(g);
    gd_places_t *p = &d->places, *u = &d->under_places;
    p->n = 0, p->all = false;
    int under_calls = d->under_now ? d->under.n : 0;
    Uint64 t0 = d->log ? SDL_GetPerformanceCounter() : 0;
    long under_drawn = 0;
    if (d->under_now) { /* the kept picture first: where it changed, the window changed too */
        u->n = 0, u->all = false;
        /* a kept picture begun over the table the window shows (a celebration's first frame):
         * the window's last list is its last, whose pixels are there (18 ms at 3840x2160 to draw
         * it whole). So also for a kept picture made before (the demo's celebration after the
         * game's): its own last list is of another moment, the window's of the one before. */
        bool borrow = !d->under_last && !d->win.full && d->win.nprev > 0;
        if (borrow) swap_prev(&d->under, &d->win), d->under.full = false;
        gd_find_places(d, &d->under, u);
        gd_settle_places(&d->under, u, window);
        if (borrow) swap_prev(&d->under, &d->win);
        /* drawn on the window (where the window's list draws again after it), kept from there */
        draw_list(g, &d->under, u);
        /* (the whole window, but when it was kept whole in the idle time before) */
        keep_under(g, borrow && !d->under_synced ? NULL : u);
        if (d->check && !u->all && d->partial++ % d->check == 0) {
            check_list(g, &d->under, d->under_tex);
            u->all = true; /* (the window now holds the kept picture whole) */
        }
        for (int k = 0; k < u->n && !u->all; k++)
            gd_add_place(p, u->v[k]), under_drawn += area(u->v[k]);
        if (u->all) under_drawn = area(window);
        p->all = u->all;
        list_done(&d->under, true);
    }
    gd_find_places(d, &d->win, p);
    gd_settle_places(&d->win, p, window);
    gd_split_whole(&d->win, p, window);
    Uint64 t1 = d->log ? SDL_GetPerformanceCounter() : 0;
    draw_list(g, &d->win, p);
    long drawn = 0;
    for (int k = 0; !p->all && k < p->n; k++) drawn += area(p->v[k]);
    double share = p->all ? 1.0 : (double)drawn / (double)(area(window) ? area(window) : 1);
    if (d->check && !p->all && d->partial++ % d->check == 0) check_list(g, &d->win, NULL);
    d->present_all = p->all;
    if (d->log) {
        double f = 1000.0 / (double)SDL_GetPerformanceFrequency();
        fprintf(stderr,
                "damage: frame %u, %d calls (%d under), drawn %.0f%% in %d places, %.1f ms (under: "
                "%.0f%%, %.1f ms)\n",
                g->frame, d->win.n, under_calls, share * 100.0, p->all ? 1 : p->n,
                (double)(SDL_GetPerformanceCounter() - t1) * f,
                100.0 * (double)under_drawn / (double)(area(window) ? area(window) : 1),
                (double)(t1 - t0) * f);
    }
    d->under_last = d->under_now;
    /* the kept picture's texture, once it holds the window's pixels (a still table's idle time),
     * kept so: the places just drawn copied to it (a tenth of the window while cards fly, some
     * 0.4 ms at 3840x2160), so that a pop-up or a celebration beginning keeps only what its own
     * first frame changed. Drawn over, or drawn whole or nearly (a page opened): no longer. */
    if (d->under_synced) {
        long drawn_now = 0;
        for (int k = 0; !p->all && k < p->n; k++) drawn_now += area(p->v[k]);
        if (d->under_now || p->all || drawn_now * 2 > area(window))
            d->under_synced = false;
        else
            keep_under(g, p);
    }
    list_done(&d->win, true);
}

bool gfx_damage_under_sync(ui_gfx_t *g) {
    ui_damage_t *d = g->dmg;
    if (!d || g->view || d->under_synced || d->under_last || d->win.full || d->win.nprev == 0 ||
        !d->under_tex || d->rec || !d->on_window || SDL_GetRenderTarget(g->ren))
        return false;
    SDL_Rect w = window_rect(g);
    if (d->under_w != w.w || d->under_h != w.h) return false;
    d->under_synced = gfx_window_to_texture(g, d->under_tex, w);
    return d->under_synced;
}
