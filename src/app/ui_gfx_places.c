/* Where a frame's pixels changed (ui_gfx_damage.c): the calls of this frame's list and the last
 * one's compared, and the places found joined and grown. */
#include "ui_gfx_damage.h"

#include <stdlib.h>
#include <string.h>

void gd_add_place(gd_places_t *p, SDL_Rect r) {
    if (r.w <= 0 || r.h <= 0 || p->all) return;
    if (p->n == MAX_RAW) {
        p->all = true;
        return;
    }
    p->v[p->n++] = r;
}

/* Two places become one when the pixels their joining adds are few beside the smaller one's (a
 * falling coin beside the turning light is not worth the band between them); then the cheapest
 * joins until MAX_PLACES are left. Places may overlap: each is drawn whole. */
static void merge_places(gd_places_t *p) {
    for (bool joined = true; joined;) {
        joined = false;
        for (int i = 0; i < p->n; i++)
            for (int j = i + 1; j < p->n; j++) {
                SDL_Rect u = both(p->v[i], p->v[j]), in;
                long common = SDL_IntersectRect(&p->v[i], &p->v[j], &in) ? area(in) : 0;
                long more = area(u) - area(p->v[i]) - area(p->v[j]) + common;
                long least = area(p->v[i]) < area(p->v[j]) ? area(p->v[i]) : area(p->v[j]);
                if (more <= least / 4 + 4096) {
                    p->v[i] = u;
                    p->v[j--] = p->v[--p->n];
                    joined = true;
                }
            }
    }
    while (p->n > MAX_PLACES) {
        int bi = 0, bj = 1;
        long best = -1;
        for (int i = 0; i < p->n; i++)
            for (int j = i + 1; j < p->n; j++) {
                long more = area(both(p->v[i], p->v[j])) - area(p->v[i]) - area(p->v[j]);
                if (best < 0 || more < best) best = more, bi = i, bj = j;
            }
        p->v[bi] = both(p->v[bi], p->v[bj]);
        p->v[bj] = p->v[--p->n];
    }
}

static bool table_size(ui_damage_t *d, int n) {
    int cap = 64;
    while (cap < n * 2) cap *= 2;
    if (cap > d->hcap) {
        uint64_t *k = realloc(d->keys, (size_t)cap * sizeof *k);
        if (k) d->keys = k;
        int *c = realloc(d->counts, (size_t)cap * sizeof *c);
        if (c) d->counts = c;
        if (!k || !c) return false;
        d->hcap = cap;
    }
    memset(d->keys, 0, (size_t)d->hcap * sizeof *d->keys);
    return true;
}

static int *slot(ui_damage_t *d, uint64_t h) {
    int mask = d->hcap - 1;
    for (int i = (int)(h & (uint64_t)mask);; i = (i + 1) & mask) {
        if (d->keys[i] == h) return &d->counts[i];
        if (d->keys[i] == 0) {
            d->keys[i] = h;
            d->counts[i] = 0;
            return &d->counts[i];
        }
    }
}

/* Marks each of the n calls found in the table (one use of its count each); a call not found
 * changed the pixels in its box. */
static void take_found(ui_damage_t *d, const gd_op_t *ops, int n, uint8_t *found, gd_places_t *p) {
    for (int i = 0; i < n; i++) {
        int *c = slot(d, ops[i].hash);
        found[i] = *c > 0;
        if (*c > 0)
            (*c)--;
        else
            gd_add_place(p, ops[i].box);
    }
}

/* The calls in both lists (now[i], before[j]) that came in another order (gfx_moved). */
static void moved_places(const gd_list_t *l, const uint8_t *now, const uint8_t *before,
                         gd_places_t *p) {
    int n = 0;
    for (int i = 0; i < l->n; i++) n += now[i] != 0;
    if (n == 0) return;
    uint64_t *a = malloc((size_t)n * sizeof *a), *b = malloc((size_t)n * sizeof *b);
    int *idx = malloc((size_t)n * sizeof *idx);
    uint8_t *moved = malloc((size_t)n);
    int na = 0, nb = 0;
    if (a && b && idx && moved) {
        for (int i = 0; i < l->n; i++)
            if (now[i]) a[na] = l->ops[i].hash, idx[na++] = i;
        for (int j = 0; j < l->nprev && nb < n; j++)
            if (before[j]) b[nb++] = l->prev[j].hash;
    }
    if (na != n || nb != n || !gfx_moved(a, b, n, moved))
        p->all = true;
    else
        for (int k = 0; k < n; k++)
            if (moved[k]) gd_add_place(p, l->ops[idx[k]].box);
    free(a), free(b), free(idx), free(moved);
}

/* The places where list l's pixels differ from the last frame's. */
void gd_find_places(ui_damage_t *d, const gd_list_t *l, gd_places_t *p) {
    if (l->full || l->nprev == 0) {
        p->all = true;
        return;
    }
    int most = l->n > l->nprev ? l->n : l->nprev;
    if (most > d->cap_matched) {
        uint8_t *m = realloc(d->matched, (size_t)most * 2);
        if (!m) {
            p->all = true;
            return;
        }
        d->matched = m, d->cap_matched = most;
    }
    if (!table_size(d, most)) {
        p->all = true;
        return;
    }
    uint8_t *now = d->matched, *before = d->matched + d->cap_matched;
    /* this frame's calls found among the last's, as many times as they were there */
    for (int j = 0; j < l->nprev; j++) (*slot(d, l->prev[j].hash))++;
    take_found(d, l->ops, l->n, now, p);
    /* and the last frame's calls found among those */
    table_size(d, most);
    for (int i = 0; i < l->n; i++)
        if (now[i]) (*slot(d, l->ops[i].hash))++;
    take_found(d, l->prev, l->nprev, before, p);
    /* the calls in both that came in another order: all but the most that kept theirs */
    moved_places(l, now, before, p);
}

/* A place that meets a stretched or turned copy grows to hold it (see the top); the places that
 * cover most of the window become the whole of it. */
void gd_settle_places(const gd_list_t *l, gd_places_t *p, SDL_Rect window) {
    if (p->all) return;
    merge_places(p);
    for (int round = 0;; round++) {
        if (round == GROW_ROUNDS) {
            p->all = true;
            return;
        }
        bool grew = false;
        for (int i = 0; i < l->n; i++) {
            if (!l->ops[i].whole) continue;
            for (int k = 0; k < p->n; k++)
                if (overlap(p->v[k], l->ops[i].box) && !holds(p->v[k], l->ops[i].box)) {
                    p->v[k] = both(p->v[k], l->ops[i].box);
                    grew = true;
                }
        }
        if (!grew) break;
        merge_places(p);
    }
    long drawn = 0;
    for (int k = 0; k < p->n; k++) {
        SDL_Rect in;
        if (SDL_IntersectRect(&p->v[k], &window, &in)) drawn += area(in);
    }
    if (drawn * 100 >= area(window) * FULL_PERCENT) p->all = true;
}

void gd_split_whole(const gd_list_t *l, gd_places_t *p, SDL_Rect window) {
    if (!p->all) return;
    /* the biggest opaque call, as much as it shows */
    SDL_Rect r = {0, 0, 0, 0};
    long best = area(window) * SPLIT_PERCENT / 100;
    for (int i = 1; i < l->n; i++) {
        const gd_op_t *o = &l->ops[i];
        SDL_Rect in, shown;
        if (o->blend != SDL_BLENDMODE_NONE || o->kind == OP_SHADE || o->whole ||
            !SDL_IntersectRect(&o->box, &o->clip, &in) || !SDL_IntersectRect(&in, &window, &shown))
            continue;
        /* (one over all of it, the kept table's copy, the ground: the drawing starts there) */
        if (area(shown) > best && area(shown) < area(window)) best = area(shown), r = shown;
    }
    if (r.w <= 0) return;
    SDL_Rect parts[5];
    parts[0] = r;
    int n = 1 + gfx_rects_around(window, r, parts + 1);
    /* a stretched or turned copy is drawn whole: it must lie inside one of them */
    for (int i = 0; i < l->n; i++) {
        SDL_Rect shown;
        if (!l->ops[i].whole || !SDL_IntersectRect(&l->ops[i].box, &window, &shown)) continue;
        bool inside = false;
        for (int k = 0; k < n && !inside; k++) inside = holds(parts[k], shown);
        if (!inside) return;
    }
    p->all = false;
    p->n = 0;
    for (int k = 0; k < n; k++)
        if (parts[k].w > 0 && parts[k].h > 0) p->v[p->n++] = parts[k];
}
