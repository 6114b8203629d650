/* nls: the mark on a text that a player reads, for the translators' catalogs.
 *
 * The core keeps no locale state and translates nothing: its names (hands, wagers) and its
 * refusals stay English here, marked N_() so that xgettext puts them in po/studpoker.pot, and
 * the machine's lang module (lang.h) translates them when it shows them. */
#ifndef STUDPOKER_NLS_H
#define STUDPOKER_NLS_H

#define N_(text) text

#endif
