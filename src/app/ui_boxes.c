/* The boxes of a frame: every text drawn, with its box on the window, its string and its pixel
 * size, and the panels and art drawn around it, in the order drawn. A test reads them to check
 * the layout (no text over another, none off the screen, none too small) without reading pixels.
 * Off unless asked for; then a box is a few dozen bytes copied. */
#include "ui_gfx.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void push(ui_boxes_t *b, const ui_box_t *box) {
    if (b->n == b->cap) {
        int cap = b->cap ? b->cap * 2 : 256;
        ui_box_t *v = realloc(b->v, (size_t)cap * sizeof *v);
        if (!v) return; /* a box less: the test sees fewer, never a crash */
        b->v = v, b->cap = cap;
    }
    b->v[b->n++] = *box;
}

void gfx_rec_box(ui_gfx_t *g, ui_box_kind_t kind, SDL_Rect p, int px, const char *text) {
    if (!g->rec || g->rec_quiet) return;
    if (g->view) p.x += g->view_px.x, p.y += g->view_px.y; /* where it is on the window */
    ui_box_t box = {.kind = kind, .x = p.x, .y = p.y, .w = p.w, .h = p.h, .px = px};
    box.group = g->rec_group;
    snprintf(box.text, sizeof box.text, "%s", text ? text : "");
    /* a text cut short ends on a whole character (UTF-8: not in the middle of one) */
    size_t n = strlen(box.text);
    if (text && n < strlen(text)) {
        size_t k = n;
        while (k > 0 && ((unsigned char)box.text[k - 1] & 0xC0) == 0x80) k--;
        if (k > 0 && ((unsigned char)box.text[k - 1] & 0x80)) {
            unsigned char lead = (unsigned char)box.text[k - 1];
            size_t need = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2;
            if (n - (k - 1) < need) box.text[k - 1] = '\0';
        }
    }
    push(&g->boxes, &box);
    /* what the static layer holds is on screen in every frame that copies it */
    if (g->in_layer) push(&g->layer_boxes, &box);
}

void gfx_record(ui_gfx_t *g, bool on) {
    g->rec = on;
    g->boxes.n = g->layer_boxes.n = 0;
    g->layer_w = -1; /* the layer is drawn again, so its boxes are known */
    for (int i = 0; i < UI_VIEWS; i++) g->parked[i].layer_w = -1, g->parked[i].layer_boxes.n = 0;
}

void gfx_rec_group(ui_gfx_t *g, const char *group) {
    g->rec_group = group;
}

void gfx_rec_quiet(ui_gfx_t *g, bool quiet) {
    g->rec_quiet = quiet;
}

void gfx_rec_modal(ui_gfx_t *g) {
    SDL_Rect all = {0, 0, g->pw, g->ph};
    gfx_rec_box(g, UI_BOX_MODAL, all, 0, "");
}

void gfx_rec_art(ui_gfx_t *g, ui_rect_t r, const char *what) {
    if (g->rec) gfx_rec_box(g, UI_BOX_ART, gfx_px(g, r), 0, what);
}

void gfx_rec_frame(ui_gfx_t *g) {
    g->boxes.n = 0;
    g->rec_group = NULL;
}

void gfx_rec_layer(ui_gfx_t *g, bool drawn_again) {
    if (!g->rec) return;
    if (drawn_again) {
        g->layer_boxes.n = 0;
        return;
    }
    for (int i = 0; i < g->layer_boxes.n; i++) push(&g->boxes, &g->layer_boxes.v[i]);
}

bool gfx_boxes_write(const ui_gfx_t *g, const char *path) {
    static const char *const kinds[] = {"text", "panel", "art", "modal", "view"};
    FILE *f = fopen(path, "w");
    if (!f) return false;
    fprintf(f, "screen %d %d\n", g->pw, g->ph);
    for (int i = 0; i < g->boxes.n; i++) {
        const ui_box_t *b = &g->boxes.v[i];
        fprintf(f, "%s %d %d %d %d %d %s|%s\n", kinds[b->kind], b->x, b->y, b->w, b->h, b->px,
                b->group ? b->group : "-", b->text);
        /* the text before it has characters its font cannot draw (they show as boxes) */
        if (b->missing)
            fprintf(f, "missing %d %d %d %d %d %s|%d|%s\n", b->x, b->y, b->w, b->h, b->missing,
                    b->group ? b->group : "-", b->missing, b->text);
    }
    return fclose(f) == 0;
}

void gfx_boxes_free(ui_gfx_t *g) {
    free(g->boxes.v);
    free(g->layer_boxes.v);
    memset(&g->boxes, 0, sizeof g->boxes);
    memset(&g->layer_boxes, 0, sizeof g->layer_boxes);
    for (int i = 0; i < UI_VIEWS; i++) {
        free(g->parked[i].layer_boxes.v);
        memset(&g->parked[i].layer_boxes, 0, sizeof g->parked[i].layer_boxes);
    }
    g->rec = false;
}
