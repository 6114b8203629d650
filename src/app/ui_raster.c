#include "ui_raster.h"

#include <errno.h>
#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* A file: magic, width, height, the SDL pixel format, BLAKE2b-256 of the pixels, then the pixels
 * (rows of width * 4 bytes). The format is SDL_image's own: a picture from the cache is the same
 * surface the rasteriser made, so the screen is the same pixel for pixel (converted to another
 * format, the texture's blending rounded differently, by up to 3/255). */
#define MAGIC    "SPRAST02"
#define HEAD     (8 + 4 + 4 + 4 + 32)
#define SUM_AT   20
#define MAX_SIDE 8192

static void put32(uint8_t *p, uint32_t v) {
    p[0] = (uint8_t)v, p[1] = (uint8_t)(v >> 8), p[2] = (uint8_t)(v >> 16),
    p[3] = (uint8_t)(v >> 24);
}

static uint32_t get32(const uint8_t *p) {
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

/* mkdir -p, mode 0700; true when dir exists afterwards */
static bool make_dirs(const char *dir) {
    char tmp[UI_RASTER_DIR_LEN];
    snprintf(tmp, sizeof tmp, "%s", dir);
    for (char *p = tmp + 1; *p; p++) {
        if (*p != '/') continue;
        *p = '\0';
        if (mkdir(tmp, 0700) != 0 && errno != EEXIST) return false;
        *p = '/';
    }
    if (mkdir(tmp, 0700) != 0 && errno != EEXIST) return false;
    struct stat st;
    return stat(tmp, &st) == 0 && S_ISDIR(st.st_mode);
}

bool raster_open(raster_cache_t *c, const char *dir) {
    memset(c, 0, sizeof *c);
    if (!dir || !dir[0] || strlen(dir) + 80 >= sizeof c->dir) return false;
    if (sodium_init() < 0 || !make_dirs(dir)) return false;
    snprintf(c->dir, sizeof c->dir, "%s", dir);
    c->on = true;
    return true;
}

bool raster_default_dir(char *out, size_t n) {
    const char *xdg = getenv("XDG_CACHE_HOME"), *home = getenv("HOME");
    int w;
    if (xdg && xdg[0] == '/')
        w = snprintf(out, n, "%s/studpoker/raster", xdg);
    else if (home && home[0] == '/')
        w = snprintf(out, n, "%s/.cache/studpoker/raster", home);
    else
        return false;
    return w > 0 && (size_t)w < n;
}

void raster_key(const void *source, size_t len, int w, int h, uint8_t key[RASTER_KEY_BYTES]) {
    crypto_generichash_state st;
    uint8_t size[8];
    put32(size, (uint32_t)w);
    put32(size + 4, (uint32_t)h);
    /* the rasteriser is part of the key: another SDL_image may draw the same file differently */
    char who[48];
    snprintf(who, sizeof who, "SDL_image %d.%d.%d", SDL_IMAGE_MAJOR_VERSION,
             SDL_IMAGE_MINOR_VERSION, SDL_IMAGE_PATCHLEVEL);
    crypto_generichash_init(&st, NULL, 0, RASTER_KEY_BYTES);
    crypto_generichash_update(&st, (const uint8_t *)who, strlen(who));
    crypto_generichash_update(&st, size, sizeof size);
    crypto_generichash_update(&st, source, len);
    crypto_generichash_final(&st, key, RASTER_KEY_BYTES);
}

static void file_name(const raster_cache_t *c, const uint8_t key[RASTER_KEY_BYTES], char *out,
                      size_t n) {
    char hex[2 * RASTER_KEY_BYTES + 1];
    sodium_bin2hex(hex, sizeof hex, key, RASTER_KEY_BYTES);
    snprintf(out, n, "%s/%s.raster", c->dir, hex);
}

SDL_Surface *raster_get(raster_cache_t *c, const uint8_t key[RASTER_KEY_BYTES], int w, int h) {
    if (!c->on || w <= 0 || h <= 0 || w > MAX_SIDE || h > MAX_SIDE) return NULL;
    char path[UI_RASTER_DIR_LEN + 96];
    file_name(c, key, path, sizeof path);
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    uint8_t head[HEAD];
    SDL_Surface *s = NULL;
    if (fread(head, 1, HEAD, f) == HEAD && memcmp(head, MAGIC, 8) == 0 &&
        get32(head + 8) == (uint32_t)w && get32(head + 12) == (uint32_t)h &&
        SDL_BYTESPERPIXEL(get32(head + 16)) == 4 && !SDL_ISPIXELFORMAT_INDEXED(get32(head + 16))) {
        s = SDL_CreateRGBSurfaceWithFormat(0, w, h, 32, get32(head + 16));
        bool ok = s != NULL;
        crypto_generichash_state st;
        crypto_generichash_init(&st, NULL, 0, 32);
        for (int y = 0; ok && y < h; y++) {
            uint8_t *row = (uint8_t *)s->pixels + (size_t)y * (size_t)s->pitch;
            ok = fread(row, 4, (size_t)w, f) == (size_t)w;
            if (ok) crypto_generichash_update(&st, row, (size_t)w * 4);
        }
        uint8_t sum[32];
        crypto_generichash_final(&st, sum, sizeof sum);
        /* a short, damaged or altered file is drawn again from the source (and replaced) */
        if (!ok || fgetc(f) != EOF || sodium_memcmp(sum, head + SUM_AT, 32) != 0) {
            SDL_FreeSurface(s);
            s = NULL;
        }
    }
    fclose(f);
    if (s) c->hits++;
    return s;
}

void raster_put(raster_cache_t *c, const uint8_t key[RASTER_KEY_BYTES], SDL_Surface *src) {
    if (!c->on || !src || src->w > MAX_SIDE || src->h > MAX_SIDE) return;
    /* kept as it is when it has 4 bytes a pixel (SDL_image's are); anything else as ARGB8888 */
    bool own = src->format->BytesPerPixel == 4 && !SDL_ISPIXELFORMAT_INDEXED(src->format->format);
    SDL_Surface *s = own ? src : SDL_ConvertSurfaceFormat(src, SDL_PIXELFORMAT_ARGB8888, 0);
    if (!s) return;
    char path[UI_RASTER_DIR_LEN + 96], tmp[UI_RASTER_DIR_LEN + 128];
    file_name(c, key, path, sizeof path);
    /* written beside and renamed into place: a reader sees the whole file or none, also when two
     * programs fill the same cache at once */
    snprintf(tmp, sizeof tmp, "%s.%ld.tmp", path, (long)getpid());
    FILE *f = fopen(tmp, "wb");
    bool ok = f != NULL;
    if (ok) {
        uint8_t head[HEAD];
        memcpy(head, MAGIC, 8);
        put32(head + 8, (uint32_t)s->w);
        put32(head + 12, (uint32_t)s->h);
        put32(head + 16, s->format->format);
        crypto_generichash_state st;
        crypto_generichash_init(&st, NULL, 0, 32);
        for (int y = 0; y < s->h; y++)
            crypto_generichash_update(
                &st, (const uint8_t *)s->pixels + (size_t)y * (size_t)s->pitch, (size_t)s->w * 4);
        crypto_generichash_final(&st, head + SUM_AT, 32);
        ok = fwrite(head, 1, HEAD, f) == HEAD;
        for (int y = 0; ok && y < s->h; y++)
            ok = fwrite((const uint8_t *)s->pixels + (size_t)y * (size_t)s->pitch, 4, (size_t)s->w,
                        f) == (size_t)s->w;
        ok = fclose(f) == 0 && ok;
    }
    if (ok && rename(tmp, path) == 0)
        c->writes++;
    else
        remove(tmp);
    if (s != src) SDL_FreeSurface(s);
}

static void list_name(const raster_cache_t *c, int win_w, int win_h, char *out, size_t n) {
    snprintf(out, n, "%s/recent-%dx%d.list", c->dir, win_w, win_h);
}

int raster_list_read(const raster_cache_t *c, int win_w, int win_h, raster_item_t *out, int max) {
    if (!c->on) return 0;
    char path[UI_RASTER_DIR_LEN + 64], line[128], hex[2 * RASTER_KEY_BYTES + 1];
    list_name(c, win_w, win_h, path, sizeof path);
    FILE *f = fopen(path, "r");
    if (!f) return 0;
    int n = 0;
    while (n < max && fgets(line, sizeof line, f)) {
        raster_item_t *it = &out[n];
        size_t used = 0;
        if (sscanf(line, "%32s %d %d", hex, &it->w, &it->h) != 3 || strlen(hex) != sizeof hex - 1 ||
            sodium_hex2bin(it->key, sizeof it->key, hex, strlen(hex), NULL, &used, NULL) != 0 ||
            used != sizeof it->key || it->w <= 0 || it->h <= 0 || it->w > MAX_SIDE ||
            it->h > MAX_SIDE)
            break;
        n++;
    }
    fclose(f);
    return n;
}

bool raster_list_write(const raster_cache_t *c, int win_w, int win_h, const raster_item_t *items,
                       int n) {
    if (!c->on) return false;
    char path[UI_RASTER_DIR_LEN + 64], tmp[UI_RASTER_DIR_LEN + 96];
    list_name(c, win_w, win_h, path, sizeof path);
    snprintf(tmp, sizeof tmp, "%s.%ld.tmp", path, (long)getpid());
    FILE *f = fopen(tmp, "w");
    if (!f) return false;
    bool ok = true;
    for (int i = 0; i < n && ok; i++) {
        char hex[2 * RASTER_KEY_BYTES + 1];
        sodium_bin2hex(hex, sizeof hex, items[i].key, RASTER_KEY_BYTES);
        ok = fprintf(f, "%s %d %d\n", hex, items[i].w, items[i].h) > 0;
    }
    ok = fclose(f) == 0 && ok;
    if (ok && rename(tmp, path) == 0) return true;
    remove(tmp);
    return false;
}
