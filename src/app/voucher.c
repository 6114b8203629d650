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

/* The picture's drawing: its fonts, and where the text boxes go (layout_check.py's format) when
 * they are recorded. */
#define PAPER_FACES 24
typedef struct paper {
    SDL_Surface *s;
    const char *font; /* the ticket's own (Latin) font file */
    bool chinese;     /* the language needs the CJK font (fonts-noto-cjk) */
    FILE *boxes;      /* NULL: not recorded */
    /* the faces opened, kept until the ticket is drawn (opening one each time a line is
     * measured took most of a ticket's 20 ms; the CJK collection is 20 MB) */
    struct {
        int px;
        bool cjk;
        TTF_Font *f;
    } faces[PAPER_FACES];
    int nfaces;
} paper_t;

/* A face at px for text: the ticket's own font when it has every character (the ticket's
 * figures and Latin words), else the CJK one (the screens' own: its Traditional face for
 * zh_TW; its glyphs are larger, so it is opened smaller). NULL when the font is missing. */
static TTF_Font *face(paper_t *p, const char *text, int px) {
    bool ascii = true;
    for (const unsigned char *c = (const unsigned char *)text; *c; c++)
        if (*c >= 0x80) ascii = false;
    /* Spanish's accented capitals are in the ticket's own font */
    bool cjk = !ascii && p->chinese;
    for (int i = 0; i < p->nfaces; i++)
        if (p->faces[i].px == px && p->faces[i].cjk == cjk) return p->faces[i].f;
    TTF_Font *f = cjk ? TTF_OpenFontIndex("/usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc",
                                          px * 81 / 100, lang_get() == CFG_LANG_ZH_TW ? 3 : 2)
                      : TTF_OpenFont(p->font, px);
    if (f && p->nfaces < PAPER_FACES) {
        p->faces[p->nfaces].px = px, p->faces[p->nfaces].cjk = cjk;
        p->faces[p->nfaces++].f = f;
    } else if (f) {
        /* every place taken (a line shrunk a long way): the oldest goes */
        TTF_CloseFont(p->faces[0].f);
        memmove(&p->faces[0], &p->faces[1], sizeof p->faces[0] * (PAPER_FACES - 1));
        p->faces[PAPER_FACES - 1].px = px, p->faces[PAPER_FACES - 1].cjk = cjk;
        p->faces[PAPER_FACES - 1].f = f;
    }
    return f;
}

/* The width of text at px (0: no font). */
static int width_at(paper_t *p, const char *text, int px) {
    TTF_Font *f = face(p, text, px);
    int w = 0;
    if (f && TTF_SizeUTF8(f, text, &w, NULL) != 0) w = 0;
    return w;
}

/* text at y in the room from x (its width room; centred in it when centre), at px or smaller
 * down to least so that it fits. Returns its bottom (y when nothing is drawn). */
static int put_text(paper_t *p, const char *text, int px, int least, int x, int y, int room,
                    bool centre) {
    while (px > least && width_at(p, text, px) > room) px--;
    TTF_Font *f = face(p, text, px);
    SDL_Surface *t = f ? TTF_RenderUTF8_Blended(f, text, (SDL_Color){0, 0, 0, 255}) : NULL;
    if (!t) return y;
    SDL_Rect r = {centre ? x + room / 2 - t->w / 2 : x, y, t->w, t->h};
    SDL_BlitSurface(t, NULL, p->s, &r);
    SDL_FreeSurface(t);
    if (p->boxes)
        fprintf(p->boxes, "text %d %d %d %d %d ticket|%s\n", r.x, r.y, r.w, r.h, px, text);
    return r.y + r.h;
}

/* The amount in words, on one line at 18 px or a little smaller, else on two (cut at the space
 * nearest the middle; Chinese, which has none, between two characters). */
static void put_words(paper_t *p, const char *words, int x, int y, int room) {
    if (width_at(p, words, 14) <= room) {
        /* the CJK face is opened smaller: its numerals as large as the Latin words */
        put_text(p, words, p->chinese ? 22 : 18, 14, x, y, room, true);
        return;
    }
    size_t n = strlen(words), cut = 0;
    for (size_t i = 1; i < n; i++) {
        bool at = p->chinese ? ((unsigned char)words[i] & 0xC0) != 0x80 : words[i] == ' ';
        if (at && (cut == 0 ||
                   (i > n / 2 ? i - n / 2 : n / 2 - i) < (cut > n / 2 ? cut - n / 2 : n / 2 - cut)))
            cut = i;
    }
    char first[MONEY_WORDS_MAX];
    snprintf(first, sizeof first, "%.*s", (int)cut, words);
    const char *second = words + cut + (words[cut] == ' ');
    int bottom = put_text(p, first, 15, 10, x, y - 4, room, true);
    put_text(p, second, 15, 10, x, bottom - 2, room, true);
}

/* libzint's picture of the barcode, centred on the ticket at y. */
static bool put_barcode(paper_t *p, const char *digits, int y) {
    struct zint_symbol *z = itf_symbol(digits);
    if (!z) return false;
    SDL_Surface *bars =
        SDL_CreateRGBSurfaceWithFormatFrom(z->bitmap, z->bitmap_width, z->bitmap_height, 24,
                                           3 * z->bitmap_width, SDL_PIXELFORMAT_RGB24);
    bool ok = bars != NULL;
    if (ok) {
        SDL_Rect r = {p->s->w / 2 - z->bitmap_width / 2, y, z->bitmap_width, z->bitmap_height};
        ok = SDL_BlitSurface(bars, NULL, p->s, &r) == 0;
        SDL_FreeSurface(bars);
        if (p->boxes) fprintf(p->boxes, "art %d %d %d %d 0 barcode|\n", r.x, r.y, r.w, r.h);
    }
    ZBarcode_Delete(z);
    return ok;
}

/* The ticket's picture: 900 x 420 pixels inside a frame, every line within 30 pixels of its
 * edges (shrunk to fit: a longer language's labels, a long amount in words). */
static SDL_Surface *draw_ticket(const char *boxes, const game_voucher_t *v, const char *amount_text,
                                const char *font) {
    if (!font || !TTF_WasInit()) return NULL;
    paper_t p = {.font = font,
                 .chinese = lang_get() == CFG_LANG_ZH_CN || lang_get() == CFG_LANG_ZH_TW,
                 .boxes = boxes ? fopen(boxes, "w") : NULL};
    p.s = SDL_CreateRGBSurfaceWithFormat(0, 900, 420, 32, SDL_PIXELFORMAT_RGB888);
    bool ok = p.s && face(&p, "", 24); /* the ticket's own font can be read (and is kept) */
    if (ok) {
        if (p.boxes) fprintf(p.boxes, "screen 900 420\npanel 11 11 878 398 0 ticket|\n");
        SDL_FillRect(p.s, NULL, SDL_MapRGB(p.s->format, 255, 255, 255));
        SDL_Rect frame[4] = {{8, 8, 884, 3}, {8, 409, 884, 3}, {8, 8, 3, 404}, {889, 8, 3, 404}};
        SDL_FillRects(p.s, frame, 4, SDL_MapRGB(p.s->format, 0, 0, 0));
        char line[160], words[MONEY_WORDS_MAX];
        if (v->reprint)
            snprintf(line, sizeof line, _("CASHOUT TICKET - REPRINT %d"), v->reprint);
        else
            snprintf(line, sizeof line, "%s", _("CASHOUT TICKET"));
        put_text(&p, line, 24, 16, 30, 22, 840, true);
        snprintf(line, sizeof line, _("VALIDATION %s"), v->validation);
        put_text(&p, line, 24, 16, 30, 58, 840, true);
        ok = put_barcode(&p, v->digits, 96);
        put_text(&p, amount_text, 44, 28, 30, 180, 840, true);
        put_words(&p, lang_money_words(v->amount, words, sizeof words), 30, 240, 840);
        snprintf(line, sizeof line, _("MACHINE %s"), v->machine);
        put_text(&p, line, 24, 16, 40, 280, 500, false);
        snprintf(line, sizeof line, _("TICKET #%06lld"), (long long)v->sequence);
        put_text(&p, line, 24, 16, 560, 280, 300, false);
        put_text(&p, v->when, 24, 16, 40, 318, 820, false);
        put_text(&p, _("Redeem at the cashier or in a ticket machine. Void if altered."), 18, 12,
                 30, 370, 840, true);
    }
    if (p.boxes) fclose(p.boxes);
    for (int i = 0; i < p.nfaces; i++) TTF_CloseFont(p.faces[i].f);
    if (!ok && p.s) SDL_FreeSurface(p.s);
    return ok ? p.s : NULL;
}

bool voucher_draw(const char *dir, const game_voucher_t *v, const char *amount_text,
                  const char *font, bool boxes, char *txt, char *png, size_t pathlen, char *err,
                  size_t errlen, SDL_Surface **picture) {
    txt[0] = png[0] = '\0';
    *picture = NULL;
    if (!make_dir(dir, err, errlen)) return false;
    char words[MONEY_WORDS_MAX], name[64];
    money_words(v->amount, words, sizeof words);
    if (v->reprint)
        snprintf(name, sizeof name, "ticket-%06lld-reprint-%d", (long long)v->sequence, v->reprint);
    else
        snprintf(name, sizeof name, "ticket-%06lld", (long long)v->sequence);
    char tpath[1024], ppath[1024], bpath[1024];
    snprintf(tpath, sizeof tpath, "%s/%s.txt", dir, name);
    snprintf(ppath, sizeof ppath, "%s/%s.png", dir, name);
    snprintf(bpath, sizeof bpath, "%s/%s.boxes", dir, name);
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
    *picture = draw_ticket(boxes ? bpath : NULL, v, amount_text, font);
    if (*picture) snprintf(png, pathlen, "%s", ppath);
    return true;
}

bool voucher_save_png(SDL_Surface *picture, const char *png) {
    return picture && IMG_SavePNG(picture, png) == 0;
}

bool voucher_print(const char *dir, const game_voucher_t *v, const char *amount_text,
                   const char *font, bool boxes, char *txt, char *png, size_t pathlen, char *err,
                   size_t errlen) {
    SDL_Surface *pic;
    if (!voucher_draw(dir, v, amount_text, font, boxes, txt, png, pathlen, err, errlen, &pic))
        return false;
    if (pic && !voucher_save_png(pic, png)) png[0] = '\0';
    SDL_FreeSurface(pic);
    return true;
}
