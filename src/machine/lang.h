/* lang: the language on screen, through GNU gettext.
 *
 * Every text a player reads goes through the text domain "studpoker": the catalogs are the po/
 * folder (one LANG.po each), compiled by msgfmt at build time into
 * LOCALEDIR/LANG/LC_MESSAGES/studpoker.mo. The app's and the machine's texts are marked _()
 * (translated where they are used), N_() in static tables (translated where they are shown, with
 * _() on the table's entry), NG_() with a count (plural forms: "1 POINT", "2 POINTS", by each
 * catalog's Plural-Forms), C_() with a context where one English word is two in another language.
 * The core translates nothing (nls.h): this module turns its names and refusals into the language
 * on screen, and chooses the money conventions (money.h's money_style_t) that the core is given.
 *
 * gettext's language is the process's (the LANGUAGE variable, read through a UTF-8 C locale so
 * that no system locale has to be installed): lang_set changes it for every caller at once. The
 * player's choice is the app's to keep; the operator's default is [display] language. */
#ifndef STUDPOKER_LANG_H
#define STUDPOKER_LANG_H

#include <libintl.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "config.h"
#include "eval.h"
#include "money.h"
#include "nls.h"
#include "round.h"
#include "rules.h"

#define LANG_DOMAIN "studpoker"

#define _(text)               dgettext(LANG_DOMAIN, text)
#define NG_(one, many, count) dngettext(LANG_DOMAIN, one, many, (unsigned long)(count))
#define C_(context, text)     lang_pgettext(context "\004" text, text)
/* a text with its context in a static table: "context\004text", translated by lang_context */
#define NC_(context, text) context "\004" text

/* Binds the text domain to localedir (NULL: the system's) and sets the language. False when
 * the folder holds no catalog of ours (the screens then stay English, and say so in the log). */
bool lang_init(const char *localedir, cfg_language_t lang);

/* The language on screen from now on. Changing it sets LANGUAGE in the environment: call
 * lang_env_reserve first, before any thread starts. */
void lang_set(cfg_language_t lang);

/* Gives LANGUAGE its place in the environment while the process has one thread: a later
 * setenv of a variable that exists only swaps its value, while adding one moves the whole list
 * (freed under a thread reading it: libpq's connect reads the environment on the link's and the
 * table's threads). */
void lang_env_reserve(void);
cfg_language_t lang_get(void);

/* A text that may be one of the catalogs' (a store's refusal, a printer's note) in the language
 * on screen; itself when it is not, or empty (gettext("") is the catalog's header). */
const char *lang_text(const char *text);

/* The language's own name, in itself: "English", "简体中文", "繁體中文", "Español". */
const char *lang_native_name(cfg_language_t lang);

/* gettext's pgettext: key is "context\004text". lang_context: the same for an NC_() entry
 * (the text is the key's part after the context). */
const char *lang_pgettext(const char *key, const char *text);
const char *lang_context(const char *key);

/* tmpl with each "{name}" replaced by its value (a translation orders the parts its own way:
 * "{weekday} {day} {month} {time}" is "{month}{day}日 {weekday} {time}" in Chinese); a name
 * not listed stays as it is. */
const char *lang_fill(const char *tmpl, const char *const names[], const char *const values[],
                      int count, char *buf, size_t n);

/* ---- money: the one formatter, with the language's conventions ---- */

/* The conventions of the language on screen for a currency (a three-letter code; NULL or "":
 * none): its symbol in that language ("$", "US$", "HK$", "MOP$", "¥", "CN¥", "€"), before or
 * after the amount, the separators, the grouping and the decimals. */
money_style_t lang_money_style(const char currency[4]);
money_style_t lang_money_style_for(cfg_language_t lang, const char currency[4]);
/* An amount as the player reads it: "$1,234.50", "1234,50 €", "HK$1,234.50". */
const char *lang_money(int64_t minor, const char currency[4], char *buf, size_t n);

/* The amount in words as a ticket in the language on screen writes it: "TWELVE AND 50/100",
 * "壹拾贰元伍角", "壹拾貳元伍角", "DOCE CON 50/100" (money.h). */
const char *lang_money_words(int64_t minor, char *buf, size_t n);

/* ---- the core's names and refusals, translated ---- */

const char *lang_category(eval_category_t cat); /* "Full House": "葫芦" */
const char *lang_wager(wager_t w);              /* "ANTE" */
/* A round's outcome for a bet: "WIN": "赢" ("" for none). */
const char *lang_outcome(round_outcome_t o);
/* One card's rank: "Ten": "10", "diez". */
const char *lang_rank(int rank);

/* The hand in words, as the language's players say it: "Pair of Fours, Ace kicker", "一对4，
 * 踢脚A", "Pareja de cuatros, kicker as". */
const char *lang_hand_name(int value, char *buf, size_t n);

/* A refusal of the round in the language on screen, amounts in the currency. */
const char *lang_refusal(const round_status_t *s, const char currency[4], char *buf, size_t n);

#endif
