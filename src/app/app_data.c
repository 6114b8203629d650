/* Where the assets are: see app_data.h for the order and why. */
#include "app_data.h"

#include <SDL_filesystem.h>
#include <SDL_stdinc.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* set by CMake; the defaults only keep a build without them compiling */
#ifndef STUDPOKER_DATADIR
#define STUDPOKER_DATADIR "/usr/local/share/studpoker"
#endif
#ifndef STUDPOKER_LOCALEDIR
#define STUDPOKER_LOCALEDIR "/usr/local/share/locale"
#endif
#ifndef STUDPOKER_BUILD_DIR
#define STUDPOKER_BUILD_DIR ""
#endif
#ifndef STUDPOKER_SOURCE_DIR
#define STUDPOKER_SOURCE_DIR ""
#endif

static bool has_cards(const char *dir) {
    char path[1100];
    snprintf(path, sizeof path, "%s/cards/back.svg", dir);
    struct stat st;
    return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

/* Looks at one place; true when it holds the assets. */
static bool try_place(app_data_t *d, const char *dir, const char *why) {
    if (d->ntried >= APP_DATA_PLACES) return false;
    int n = snprintf(d->tried[d->ntried], sizeof d->tried[0], "%s", dir);
    d->why[d->ntried++] = why;
    /* a path too long to keep is one the screens could not open either */
    if (n < 0 || (size_t)n >= sizeof d->tried[0] || !has_cards(dir)) return false;
    memcpy(d->assets, d->tried[d->ntried - 1], (size_t)n + 1); /* n < sizeof d->assets */
    return true;
}

/* The same folder by identity, not by spelling (symlinks, "//", a trailing slash). */
static bool same_dir(const char *a, const char *b) {
    struct stat sa, sb;
    if (!*a || !*b || stat(a, &sa) != 0 || stat(b, &sb) != 0) return false;
    return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
}

bool app_data_find(app_data_t *d, const char *option) {
    memset(d, 0, sizeof *d);
    if (option && *option) return try_place(d, option, "the --assets option");
    const char *env = getenv("STUDPOKER_ASSETS");
    if (env && *env) return try_place(d, env, "the STUDPOKER_ASSETS variable");
    char dir[1024];
    /* SDL reads /proc/self/exe: the program's real folder, whatever the working folder */
    char *base = SDL_GetBasePath();
    bool in_build = false;
    if (base) {
        snprintf(dir, sizeof dir, "%s../share/studpoker/assets", base);
        in_build = same_dir(base, STUDPOKER_BUILD_DIR);
        SDL_free(base);
        if (try_place(d, dir, "beside the program")) return true;
    }
    if (in_build) {
        snprintf(dir, sizeof dir, "%s/assets", STUDPOKER_SOURCE_DIR);
        if (try_place(d, dir, "the source tree of this development build")) return true;
    }
    snprintf(dir, sizeof dir, "%s/assets", STUDPOKER_DATADIR);
    return try_place(d, dir, "the install prefix");
}

static bool has_catalog(const char *dir) {
    char path[1100];
    snprintf(path, sizeof path, "%s/zh_CN/LC_MESSAGES/studpoker.mo", dir);
    struct stat st;
    return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

void app_data_locale(char *out, size_t n) {
    char dir[1024] = "";
    char *base = SDL_GetBasePath();
    if (base) {
        bool in_build = same_dir(base, STUDPOKER_BUILD_DIR);
        snprintf(dir, sizeof dir, "%s../share/locale", base);
        if (!has_catalog(dir) && in_build)
            snprintf(dir, sizeof dir, "%s/locale", STUDPOKER_BUILD_DIR);
        SDL_free(base);
    }
    if (!dir[0] || !has_catalog(dir)) snprintf(dir, sizeof dir, "%s", STUDPOKER_LOCALEDIR);
    snprintf(out, n, "%s", dir);
}

void app_data_explain(const app_data_t *d, FILE *out) {
    fprintf(out, "studpoker: the game's pictures, fonts and sounds were not found (a folder "
                 "holding cards/back.svg); looked in:\n");
    for (int i = 0; i < d->ntried; i++) fprintf(out, "  %s (%s)\n", d->tried[i], d->why[i]);
    fprintf(out, "studpoker: reinstall the program, or name the assets folder with --assets DIR "
                 "or STUDPOKER_ASSETS=DIR\n");
}
