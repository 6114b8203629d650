/* app_data: where the program's data is (the assets: pictures, fonts, sounds, help texts).
 *
 * An installed program finds them under PREFIX/share/studpoker/assets. The places, in order:
 *   1. an explicit folder: --assets DIR, else the STUDPOKER_ASSETS environment variable; when
 *      one is given it is the only place looked at (a wrong override is an error, not a
 *      silent fall-back to another copy);
 *   2. beside the program: DIR_OF_THE_EXECUTABLE/../share/studpoker/assets, so an installed
 *      tree can be moved to any prefix (a .deb under /usr, a tarball under /opt/studpoker);
 *   3. development builds only, that is a program running in the folder it was built in: the
 *      source tree's assets/ (scripts/play.sh, the tests) - before the install prefix, so a
 *      developer's build never draws with an older installed copy;
 *   4. the install prefix compiled in (CMAKE_INSTALL_FULL_DATADIR/studpoker/assets).
 * A folder counts when it holds cards/back.svg. Nothing here needs SDL started. */
#ifndef STUDPOKER_APP_DATA_H
#define STUDPOKER_APP_DATA_H

#include <stdbool.h>
#include <stdio.h>

#define APP_DATA_PLACES 4

typedef struct app_data {
    char assets[512]; /* the folder found; empty when none was (the size of the screens' own) */
    int ntried;       /* every place looked at, in order */
    char tried[APP_DATA_PLACES][512];
    const char *why[APP_DATA_PLACES]; /* how each place was chosen ("beside the program") */
} app_data_t;

/* Looks for the assets, the option's folder (NULL: none) first. True when found (d->assets);
 * false leaves d->tried for app_data_explain. */
bool app_data_find(app_data_t *d, const char *option);

/* Where the compiled catalogs are (LANG/LC_MESSAGES/studpoker.mo below it), found the same way
 * as the assets: beside the program (../share/locale), a development build's own folder
 * (BUILD/locale, where msgfmt wrote them), the install prefix's. Always writes a folder (the
 * prefix's when none holds a catalog: the screens then stay English). */
void app_data_locale(char *out, size_t n);

/* The message of a failed search: what is missing, every place looked at, what to do. */
void app_data_explain(const app_data_t *d, FILE *out);

#endif
