#include "voucher.h"

#include <SDL.h>
#include <SDL_image.h>
#include <SDL_ttf.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "money.h"

/* Interleaved 2 of 5: each digit is five elements, two of them wide; pairs of digits interleave,
 * the first digit in the bars, the second in the spaces. */
static const char *const ITF[10] = {"nnwwn", "wnnnw", "nwnnw", "wwnnn", "nnwnw",
                                    "wnwnn", "nwwnn", "nnnww", "wnnwn", "nwnwn"};

size_t voucher_itf_pattern(const char *digits, char *out, size_t cap) {
    size_t n = strlen(digits);
    if (n == 0 || n % 2 || cap < 4 + n * 5 + 3 + 1) return 0;
    for (size_t i = 0; i < n; i++)
        if (digits[i] < '0' || digits[i] > '9') return 0;
    size_t o = 0;
    memcpy(out, "nnnn", 4); /* start: bar, space, bar, space, all narrow */
    o = 4;
    for (size_t i = 0; i < n; i += 2) {
        const char *bars = ITF[digits[i] - '0'], *spaces = ITF[digits[i + 1] - '0'];
        for (int k = 0; k < 5; k++) out[o++] = bars[k], out[o++] = spaces[k];
    }
    memcpy(out + o, "wnn", 3); /* stop: wide bar, narrow space, narrow bar */
    o += 3;
    out[o] = '\0';
    return o;
}

static bool make_dir(const char *dir, char *err, size_t errlen) {
    if (mkdir(dir, 0750) == 0 || errno == EEXIST) return true;
    snprintf(err, errlen, "cannot make the ticket folder %s: %s", dir, strerror(errno));
    return false;
}

static void put_text(SDL_Surface *dst, TTF_Font *f, const char *text, int x, int y, bool centre) {
    SDL_Color black = {0, 0, 0, 255};
    SDL_Surface *s = TTF_RenderUTF8_Blended(f, text, black);
    if (!s) return;
    SDL_Rect r = {centre ? x - s->w / 2 : x, y, s->w, s->h};
    SDL_BlitSurface(s, NULL, dst, &r);
    SDL_FreeSurface(s);
}

static bool print_png(const char *path, const game_voucher_t *v, const char *machine_id,
                      const char *amount_text, const char *words, const char *font) {
    if (!font || !TTF_WasInit()) return false;
    TTF_Font *big = TTF_OpenFont(font, 44), *mid = TTF_OpenFont(font, 24),
             *small = TTF_OpenFont(font, 18);
    SDL_Surface *s = SDL_CreateRGBSurfaceWithFormat(0, 900, 420, 32, SDL_PIXELFORMAT_RGB888);
    bool ok = big && mid && small && s;
    if (ok) {
        SDL_FillRect(s, NULL, SDL_MapRGB(s->format, 255, 255, 255));
        SDL_Rect frame[4] = {{8, 8, 884, 3}, {8, 409, 884, 3}, {8, 8, 3, 404}, {889, 8, 3, 404}};
        SDL_FillRects(s, frame, 4, SDL_MapRGB(s->format, 0, 0, 0));
        put_text(s, mid, "CASHOUT TICKET", 450, 22, true);
        char line[160];
        snprintf(line, sizeof line, "VALIDATION %s", v->validation);
        put_text(s, mid, line, 450, 58, true);
        /* the barcode: narrow 3 px, wide 8 px, 70 px high */
        char digits[24], pattern[200];
        int nd = 0;
        for (const char *p = v->validation; *p; p++)
            if (*p >= '0' && *p <= '9') digits[nd++] = *p;
        digits[nd] = '\0';
        size_t n = voucher_itf_pattern(digits, pattern, sizeof pattern);
        int width = 0;
        for (size_t i = 0; i < n; i++) width += pattern[i] == 'w' ? 8 : 3;
        int x = 450 - width / 2;
        for (size_t i = 0; i < n; i++) {
            int w = pattern[i] == 'w' ? 8 : 3;
            if (i % 2 == 0) {
                SDL_Rect bar = {x, 96, w, 70};
                SDL_FillRect(s, &bar, SDL_MapRGB(s->format, 0, 0, 0));
            }
            x += w;
        }
        put_text(s, big, amount_text, 450, 180, true);
        put_text(s, small, words, 450, 240, true);
        snprintf(line, sizeof line, "MACHINE %s", machine_id);
        put_text(s, mid, line, 40, 280, false);
        snprintf(line, sizeof line, "TICKET #%06lld", (long long)v->sequence);
        put_text(s, mid, line, 560, 280, false);
        put_text(s, mid, v->when, 40, 318, false);
        put_text(s, small, "Redeem at the cashier or in a ticket machine. Void if altered.", 450,
                 370, true);
        ok = IMG_SavePNG(s, path) == 0;
    }
    if (s) SDL_FreeSurface(s);
    if (big) TTF_CloseFont(big);
    if (mid) TTF_CloseFont(mid);
    if (small) TTF_CloseFont(small);
    return ok;
}

bool voucher_print(const char *dir, const game_voucher_t *v, const char *machine_id,
                   const char *amount_text, const char *font, char *paths, size_t pathlen,
                   char *err, size_t errlen) {
    if (!make_dir(dir, err, errlen)) return false;
    char words[MONEY_WORDS_MAX];
    money_words(v->amount, words, sizeof words);
    char txt[1024], png[1024];
    snprintf(txt, sizeof txt, "%s/ticket-%06lld.txt", dir, (long long)v->sequence);
    snprintf(png, sizeof png, "%s/ticket-%06lld.png", dir, (long long)v->sequence);
    /* a ticket is never printed over another: its number comes from the store and never
     * repeats, and a file already there means something is wrong, not something to replace */
    struct stat sb;
    int fd = stat(png, &sb) == 0 ? -1 : open(txt, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
    FILE *f = fd >= 0 ? fdopen(fd, "w") : NULL;
    if (!f) {
        snprintf(err, errlen, "cannot print the ticket %s: %s", txt,
                 fd < 0 && errno == EEXIST ? "a ticket of that number is there already (not "
                                             "printed over it)"
                                           : strerror(errno));
        if (fd >= 0) close(fd);
        return false;
    }
    fprintf(f,
            "CASHOUT TICKET\n"
            "validation: %s\n"
            "amount: %s\n"
            "amount in words: %s\n"
            "amount in minor units: %lld\n"
            "machine: %s\n"
            "ticket: %lld\n"
            "printed: %s\n"
            "Redeem at the cashier or in a ticket machine. Void if altered.\n",
            v->validation, amount_text, words, (long long)v->amount, machine_id,
            (long long)v->sequence, v->when);
    bool ok = fflush(f) == 0;
    ok = fclose(f) == 0 && ok;
    if (!ok) {
        snprintf(err, errlen, "cannot print the ticket %s: %s", txt, strerror(errno));
        return false;
    }
    print_png(png, v, machine_id, amount_text, words, font);
    snprintf(paths, pathlen, "%s", txt);
    return true;
}
