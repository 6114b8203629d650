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
#include <zint.h>

#include "lang.h"
#include "money.h"

/* An Interleaved 2 of 5 symbol of the digits by libzint, drawn (without its own text: the
 * ticket prints the number in groups above it) at 3 pixels a module, 72 pixels high. NULL for
 * digits it refuses. */
static struct zint_symbol *itf_symbol(const char *digits) {
    size_t n = strlen(digits);
    if (n == 0 || n % 2) return NULL;
    for (size_t i = 0; i < n; i++)
        if (digits[i] < '0' || digits[i] > '9') return NULL;
    struct zint_symbol *z = ZBarcode_Create();
    if (!z) return NULL;
    z->symbology = BARCODE_C25INTER;
    z->show_hrt = 0;
    z->height = 24;
    z->scale = 1.5f;
    if (ZBarcode_Encode_and_Buffer(z, (const unsigned char *)digits, (int)n, 0) >= ZINT_ERROR ||
        !z->bitmap) {
        ZBarcode_Delete(z);
        return NULL;
    }
    return z;
}

size_t voucher_itf_pattern(const char *digits, char *out, size_t cap) {
    struct zint_symbol *z = itf_symbol(digits);
    if (!z) return 0;
    /* the runs of one row of the picture; the narrowest run is one module */
    int runs[512], nruns = 0, narrow = 1 << 30;
    for (int x = 0; x < z->bitmap_width && nruns < 512;) {
        bool dark = z->bitmap[3 * x] < 128;
        int w = 0;
        while (x < z->bitmap_width && (z->bitmap[3 * x] < 128) == dark) x++, w++;
        if (nruns == 0 && !dark) continue; /* a quiet zone before the first bar */
        runs[nruns++] = w;
    }
    if (nruns && z->bitmap[3 * (z->bitmap_width - 1)] >= 128) nruns--; /* and after the last */
    for (int i = 0; i < nruns; i++)
        if (runs[i] < narrow) narrow = runs[i];
    ZBarcode_Delete(z);
    if ((size_t)nruns + 1 > cap) return 0;
    for (int i = 0; i < nruns; i++) out[i] = runs[i] * 2 > narrow * 3 ? 'w' : 'n';
    out[nruns] = '\0';
    return (size_t)nruns;
}

static bool make_dir(const char *dir, char *err, size_t errlen) {
    if (mkdir(dir, 0750) == 0 || errno == EEXIST) return true;
    snprintf(err, errlen, "cannot make the ticket folder %s: %s", dir, strerror(errno));
    return false;
}

/* The CJK font of the ticket's words in Chinese (the screens' own: fonts-noto-cjk, its
 * Traditional face for zh_TW), one for each of the ticket's sizes; NULL where not installed. */
static TTF_Font *cjk_font(int px) {
    return TTF_OpenFontIndex("/usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc", px * 81 / 100,
                             lang_get() == CFG_LANG_ZH_TW ? 3 : 2);
}

/* The ticket's own font when it has every character of text, else the CJK font. */
static TTF_Font *font_for(TTF_Font *f, TTF_Font *cjk, const char *text) {
    if (!cjk) return f;
    for (const unsigned char *p = (const unsigned char *)text; *p; p++)
        if (*p >= 0x80) return cjk; /* the ticket's labels: ASCII or Chinese */
    return f;
}

static void put_text(SDL_Surface *dst, TTF_Font *f, const char *text, int x, int y, bool centre) {
    SDL_Color black = {0, 0, 0, 255};
    SDL_Surface *s = TTF_RenderUTF8_Blended(f, text, black);
    if (!s) return;
    SDL_Rect r = {centre ? x - s->w / 2 : x, y, s->w, s->h};
    SDL_BlitSurface(s, NULL, dst, &r);
    SDL_FreeSurface(s);
}

/* libzint's picture of the barcode, centred on the ticket at y. */
static bool put_barcode(SDL_Surface *dst, const char *digits, int y) {
    struct zint_symbol *z = itf_symbol(digits);
    if (!z) return false;
    SDL_Surface *bars =
        SDL_CreateRGBSurfaceWithFormatFrom(z->bitmap, z->bitmap_width, z->bitmap_height, 24,
                                           3 * z->bitmap_width, SDL_PIXELFORMAT_RGB24);
    bool ok = bars != NULL;
    if (ok) {
        SDL_Rect r = {dst->w / 2 - z->bitmap_width / 2, y, z->bitmap_width, z->bitmap_height};
        ok = SDL_BlitSurface(bars, NULL, dst, &r) == 0;
        SDL_FreeSurface(bars);
    }
    ZBarcode_Delete(z);
    return ok;
}

static bool print_png(const char *path, const game_voucher_t *v, const char *amount_text,
                      const char *words, const char *font) {
    if (!font || !TTF_WasInit()) return false;
    TTF_Font *big = TTF_OpenFont(font, 44), *mid = TTF_OpenFont(font, 24),
             *small = TTF_OpenFont(font, 18);
    /* the ticket speaks the player's language; Chinese needs the CJK font */
    TTF_Font *cmid =
                 lang_get() == CFG_LANG_ZH_CN || lang_get() == CFG_LANG_ZH_TW ? cjk_font(24) : NULL,
             *csmall = cmid ? cjk_font(18) : NULL;
    SDL_Surface *s = SDL_CreateRGBSurfaceWithFormat(0, 900, 420, 32, SDL_PIXELFORMAT_RGB888);
    bool ok = big && mid && small && s;
    if (ok) {
        SDL_FillRect(s, NULL, SDL_MapRGB(s->format, 255, 255, 255));
        SDL_Rect frame[4] = {{8, 8, 884, 3}, {8, 409, 884, 3}, {8, 8, 3, 404}, {889, 8, 3, 404}};
        SDL_FillRects(s, frame, 4, SDL_MapRGB(s->format, 0, 0, 0));
        char line[160];
        if (v->reprint)
            snprintf(line, sizeof line, _("CASHOUT TICKET - REPRINT %d"), v->reprint);
        else
            snprintf(line, sizeof line, "%s", _("CASHOUT TICKET"));
        put_text(s, font_for(mid, cmid, line), line, 450, 22, true);
        snprintf(line, sizeof line, _("VALIDATION %s"), v->validation);
        put_text(s, font_for(mid, cmid, line), line, 450, 58, true);
        ok = put_barcode(s, v->digits, 96);
        put_text(s, big, amount_text, 450, 180, true);
        put_text(s, small, words, 450, 240, true);
        snprintf(line, sizeof line, _("MACHINE %s"), v->machine);
        put_text(s, font_for(mid, cmid, line), line, 40, 280, false);
        snprintf(line, sizeof line, _("TICKET #%06lld"), (long long)v->sequence);
        put_text(s, font_for(mid, cmid, line), line, 560, 280, false);
        put_text(s, mid, v->when, 40, 318, false);
        const char *redeem = _("Redeem at the cashier or in a ticket machine. Void if altered.");
        put_text(s, font_for(small, csmall, redeem), redeem, 450, 370, true);
        ok = ok && IMG_SavePNG(s, path) == 0;
    }
    if (s) SDL_FreeSurface(s);
    if (big) TTF_CloseFont(big);
    if (mid) TTF_CloseFont(mid);
    if (small) TTF_CloseFont(small);
    if (cmid) TTF_CloseFont(cmid);
    if (csmall) TTF_CloseFont(csmall);
    return ok;
}

bool voucher_print(const char *dir, const game_voucher_t *v, const char *amount_text,
                   const char *font, char *txt, char *png, size_t pathlen, char *err,
                   size_t errlen) {
    txt[0] = png[0] = '\0';
    if (!make_dir(dir, err, errlen)) return false;
    char words[MONEY_WORDS_MAX], name[64];
    money_words(v->amount, words, sizeof words);
    if (v->reprint)
        snprintf(name, sizeof name, "ticket-%06lld-reprint-%d", (long long)v->sequence, v->reprint);
    else
        snprintf(name, sizeof name, "ticket-%06lld", (long long)v->sequence);
    char tpath[1024], ppath[1024];
    snprintf(tpath, sizeof tpath, "%s/%s.txt", dir, name);
    snprintf(ppath, sizeof ppath, "%s/%s.png", dir, name);
    /* a ticket is never printed over another: its number comes from the store and never
     * repeats, and a file already there means something is wrong, not something to replace */
    struct stat sb;
    int fd =
        stat(ppath, &sb) == 0 ? -1 : open(tpath, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
    FILE *f = fd >= 0 ? fdopen(fd, "w") : NULL;
    if (!f) {
        snprintf(err, errlen, "cannot print the ticket %s: %s", tpath,
                 fd < 0 && errno == EEXIST ? "a ticket of that number is there already (not "
                                             "printed over it)"
                                           : strerror(errno));
        if (fd >= 0) close(fd);
        return false;
    }
    fprintf(f, "CASHOUT TICKET%s\n", v->reprint ? " - REPRINT" : "");
    if (v->reprint) fprintf(f, "reprint: %d\n", v->reprint);
    fprintf(f,
            "validation: %s\n"
            "amount: %s\n"
            "amount in words: %s\n"
            "amount in minor units: %lld\n"
            "machine: %s\n"
            "ticket: %lld\n"
            "printed: %s\n"
            "Redeem at the cashier or in a ticket machine. Void if altered.\n",
            v->validation, amount_text, words, (long long)v->amount, v->machine,
            (long long)v->sequence, v->when);
    bool ok = fflush(f) == 0;
    ok = fclose(f) == 0 && ok;
    if (!ok) {
        snprintf(err, errlen, "cannot print the ticket %s: %s", tpath, strerror(errno));
        return false;
    }
    snprintf(txt, pathlen, "%s", tpath);
    if (print_png(ppath, v, amount_text, words, font)) snprintf(png, pathlen, "%s", ppath);
    return true;
}
