/* png_probe: what a screenshot shows in one area, for the end-to-end tests.
 * usage: png_probe FILE X Y W H  (a rectangle of the layout in its units: a 16:9 image is 1920
 * x 1080 of them)
 * prints: "mean R G B light L gold G" — L the share of near-white pixels (card faces), G the
 * share of gold pixels (a lit pay-table row). Checks compare these against wide bands, never
 * exact pixels. */
#include <SDL.h>
#include <SDL_image.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
    if (argc != 6) {
        fprintf(stderr, "usage: png_probe FILE X Y W H\n");
        return 2;
    }
    SDL_Surface *raw = IMG_Load(argv[1]);
    if (!raw) {
        fprintf(stderr, "png_probe: %s: %s\n", argv[1], IMG_GetError());
        return 1;
    }
    SDL_Surface *s = SDL_ConvertSurfaceFormat(raw, SDL_PIXELFORMAT_RGBA32, 0);
    SDL_FreeSurface(raw);
    if (!s) return 1;
    /* the layout's units: the image's height over 1080, or its width over 1440 when narrower
     * than 4:3 (ui_gfx.h), x 960 and y 540 at the image's centre */
    double sx = s->w / 1440.0, sy = s->h / 1080.0, k = sx < sy ? sx : sy;
    double ox = (s->w - 1920.0 * k) / 2, oy = (s->h - 1080.0 * k) / 2;
    int x0 = (int)(ox + atof(argv[2]) * k), y0 = (int)(oy + atof(argv[3]) * k);
    int x1 = (int)(ox + (atof(argv[2]) + atof(argv[4])) * k);
    int y1 = (int)(oy + (atof(argv[3]) + atof(argv[5])) * k);
    if (x0 < 0) x0 = 0;
    if (y0 < 0) y0 = 0;
    if (x1 > s->w) x1 = s->w;
    if (y1 > s->h) y1 = s->h;
    double r = 0, g = 0, b = 0;
    long n = 0, light = 0, gold = 0;
    for (int y = y0; y < y1; y++) {
        const Uint8 *row = (const Uint8 *)s->pixels + (size_t)y * (size_t)s->pitch;
        for (int x = x0; x < x1; x++) {
            const Uint8 *p = row + 4 * x;
            r += p[0], g += p[1], b += p[2], n++;
            light += p[0] > 215 && p[1] > 215 && p[2] > 205;
            gold += p[0] > 110 && p[0] > p[2] + 70 && p[1] > p[2] + 40;
        }
    }
    SDL_FreeSurface(s);
    if (!n) {
        fprintf(stderr, "png_probe: empty area\n");
        return 1;
    }
    printf("mean %.0f %.0f %.0f light %.3f gold %.3f\n", r / n, g / n, b / n, (double)light / n,
           (double)gold / n);
    return 0;
}
