/* voucher: the cash-out ticket, printed as files.
 *
 * A cabinet prints a ticket (TITO style) for the credits it pays out: machine, amount in words
 * and figures, time, ticket number and the 18-digit validation number, with the number also as
 * an Interleaved 2 of 5 barcode (libzint), the symbology casino tickets use. Each ticket becomes
 * a text file (for a receipt printer or a person) and a PNG picture of it, in the ticket folder:
 * the files are the record (a reprint gets files of its own, marked REPRINT); the printer
 * (printer.h) prints the picture. The store has already recorded the ticket with its meter
 * movement before it is printed. */
#ifndef STUDPOKER_VOUCHER_H
#define STUDPOKER_VOUCHER_H

#include <stdbool.h>
#include <stddef.h>

#include <SDL.h>

#include "game.h"

/* Writes <dir>/ticket-<number>.txt and .png (a reprint: ticket-<number>-reprint-<n>.*; the folder
 * is made when missing; a file already there is never written over). The text file is the
 * record, in English (the amount in words as a cashier's form: "TWELVE AND 50/100"); the picture
 * is the printed ticket, in the language on screen, its amount in that language's words
 * (lang_money_words). font is a TTF file for the picture (NULL or unreadable: the text file
 * only). boxes: the picture's text boxes are written beside it, as a screen's are (script verb
 * BOXES), in ticket-<number>.boxes. txt and png (pathlen bytes each) receive the files written
 * (png "" when none). Returns false with a message when the text ticket cannot be written. */
bool voucher_print(const char *dir, const game_voucher_t *v, const char *amount_text,
                   const char *font, bool boxes, char *txt, char *png, size_t pathlen, char *err,
                   size_t errlen);
/* The same, the picture drawn but not yet saved: *picture (NULL: none, png "") is the caller's, to
 * save at png with voucher_save_png (on a thread of its own: encoding the PNG takes 10 ms) and
 * free. */
bool voucher_draw(const char *dir, const game_voucher_t *v, const char *amount_text,
                  const char *font, bool boxes, char *txt, char *png, size_t pathlen, char *err,
                  size_t errlen, SDL_Surface **picture);
bool voucher_save_png(SDL_Surface *picture, const char *png);

/* The bars and spaces libzint makes for an Interleaved 2 of 5 code of an even number of digits,
 * read back from its picture as module widths ('n' narrow, 'w' wide), bars and spaces
 * alternating from a bar, start and stop patterns included. Returns the length, 0 for bad input
 * (odd, not digits, no room). For the tests: they hold it to the symbology's own table. */
size_t voucher_itf_pattern(const char *digits, char *out, size_t cap);

#endif
