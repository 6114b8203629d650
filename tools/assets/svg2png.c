/* svg2png: rasterise SVG files exactly as the game does (SDL2_image's
 * IMG_LoadSizedSVG_RW, i.e. nanosvg) and save them as PNG, so the art can be
 * checked against nanosvg's limits. Authoring tool only; not part of the game.
 *
 *   cc -O2 -o /tmp/svg2png tools/assets/svg2png.c $(pkg-config --cflags --libs sdl2 SDL2_image)
 *   /tmp/svg2png WIDTH HEIGHT in.svg out.png [in2.svg out2.png ...]
 * WIDTH or HEIGHT may be 0 (keep the SVG's aspect). Prints each file's size and
 * the time IMG_LoadSizedSVG_RW took (parse + rasterise, not the PNG save). */
#include <SDL.h>
#include <SDL_image.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    if (argc < 5 || (argc - 3) % 2 != 0) {
        fprintf(stderr, "usage: %s WIDTH HEIGHT in.svg out.png [in.svg out.png ...]\n", argv[0]);
        return 2;
    }
    int w = atoi(argv[1]), h = atoi(argv[2]), rc = 0;
    for (int i = 3; i + 1 < argc; i += 2) {
        Uint64 t0 = SDL_GetPerformanceCounter();
        SDL_RWops *rw = SDL_RWFromFile(argv[i], "rb");
        SDL_Surface *s = rw ? IMG_LoadSizedSVG_RW(rw, w, h) : NULL;
        if (rw) SDL_RWclose(rw);
        double ms = (double)(SDL_GetPerformanceCounter() - t0) * 1000.0 /
                    (double)SDL_GetPerformanceFrequency();
        if (!s) {
            fprintf(stderr, "%s: %s\n", argv[i], SDL_GetError());
            rc = 1;
            continue;
        }
        printf("%s %dx%d %.1f ms\n", argv[i], s->w, s->h, ms);
        if (IMG_SavePNG(s, argv[i + 1]) != 0) {
            fprintf(stderr, "%s: %s\n", argv[i + 1], SDL_GetError());
            rc = 1;
        }
        SDL_FreeSurface(s);
    }
    return rc;
}
