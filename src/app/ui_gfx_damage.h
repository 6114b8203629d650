/* What ui_gfx_damage.c (the window's draw list) shares with ui_gfx_places.c (where a frame's
 * pixels changed): the lists, the places and the list's state. */
#ifndef STUDPOKER_UI_GFX_DAMAGE_H
#define STUDPOKER_UI_GFX_DAMAGE_H

#include "ui_gfx_internal.h"

enum {
    OP_COPY,
    OP_FILL,
    OP_SHADE,          /* a translucent colour over a rectangle (gfx_shade) */
    MAX_PLACES = 128,  /* places drawn again in one frame, at most */
    MAX_RAW = 1024,    /* changed boxes kept apart before they are merged */
    GROW_ROUNDS = 6,   /* rounds of growing places around stretched copies */
    FULL_PERCENT = 60, /* places that cover this much of the window: drawn whole */
    SPLIT_PERCENT = 25 /* an opaque call that covers this much: the window cut around it */
};

typedef struct gd_op {
    SDL_Texture *tex; /* NULL: a fill; a shade's: its opaque tile */
    uintptr_t gen;    /* which picture the texture held */
    SDL_Rect src, dst, clip, box;
    double angle;
    uint8_t r, g, b, a, blend, kind, has_src, whole; /* whole: stretched or turned */
    uint64_t hash;
} gd_op_t;

typedef struct gd_list {
    gd_op_t *ops, *prev;
    int n, cap, nprev, capprev;
    bool full; /* the next frame is drawn whole (nothing known of the pixels) */
} gd_list_t;

typedef struct gd_places {
    SDL_Rect v[MAX_RAW];
    int n;
    bool all;
} gd_places_t;

typedef struct ui_damage {
    gd_list_t win, under;
    gd_list_t *rec; /* the list written now; NULL: drawn as it comes */
    bool on_window, under_now;
    bool under_last;        /* the kept picture was drawn in the last frame too */
    bool under_synced;      /* the kept picture's texture holds the window's pixels as they are */
    SDL_Texture *under_tex; /* the kept picture's pixels */
    int under_w, under_h;
    SDL_Texture **dead;
    int ndead, capdead;
    gd_places_t places, under_places;
    /* counting hash table (the hash of a call -> how many times) */
    uint64_t *keys;
    int *counts;
    int hcap;
    uint8_t *matched;
    int cap_matched;
    int check; /* check every check-th frame drawn in part (0: none) */
    long partial;
    int log;
    long checked, differed, hazards;
    bool present_all; /* the last frame ended: shown whole (else its places) */
} ui_damage_t;

static inline bool overlap(SDL_Rect a, SDL_Rect b) {
    return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
}

static inline bool holds(SDL_Rect outer, SDL_Rect in) {
    return in.x >= outer.x && in.y >= outer.y && in.x + in.w <= outer.x + outer.w &&
           in.y + in.h <= outer.y + outer.h;
}

static inline SDL_Rect both(SDL_Rect a, SDL_Rect b) {
    SDL_Rect u;
    SDL_UnionRect(&a, &b, &u);
    return u;
}

static inline long area(SDL_Rect r) {
    return (long)r.w * r.h;
}

/* A place drawn again (too many: the whole window). */
void gd_add_place(gd_places_t *p, SDL_Rect r);
/* The places where list l's pixels differ from the last frame's. */
void gd_find_places(ui_damage_t *d, const gd_list_t *l, gd_places_t *p);
/* A place that meets a stretched or turned copy grows to hold it; the places that cover most of
 * the window become the whole of it. */
void gd_settle_places(const gd_list_t *l, gd_places_t *p, SDL_Rect window);
/* A window drawn whole (p all) cut into the biggest opaque call's part of it (a pop-up's page, a
 * panel over SPLIT_PERCENT of it) and the four parts around: inside, the drawing starts from that
 * call, where it drew every call under it to be covered (HELP over a kept table at 3840x2160:
 * 2-3 ms of 19). Not when a stretched or turned copy would lie across two parts. */
void gd_split_whole(const gd_list_t *l, gd_places_t *p, SDL_Rect window);

#endif
