/* voucher: the cash-out ticket, printed as files.
 *
 * A cabinet prints a ticket (TITO style) for the credits it pays out: machine, amount in words
 * and figures, time, ticket number and the 18-digit validation number, with the number also as
 * an Interleaved 2 of 5 barcode, the symbology casino tickets use. Here the printer is a folder:
 * each ticket becomes a text file (for a receipt printer or a person) and a PNG picture of it.
 * The store has already recorded the ticket with its meter movement before it is printed. */
#ifndef STUDPOKER_VOUCHER_H
#define STUDPOKER_VOUCHER_H

#include <stdbool.h>
#include <stddef.h>

#include "game.h"

/* Writes <dir>/ticket-<number>.txt and .png (the folder is made when missing). font is a TTF
 * file for the picture (NULL or unreadable: the text file only). paths receives the text file's
 * name. Returns false with a message when the text ticket cannot be written. */
bool voucher_print(const char *dir, const game_voucher_t *v, const char *machine_id,
                   const char *amount_text, const char *font, char *paths, size_t pathlen,
                   char *err, size_t errlen);

/* The bars and spaces of an Interleaved 2 of 5 code for an even number of digits, as a string of
 * module widths ('n' narrow, 'w' wide), bars and spaces alternating from a bar, with the start
 * and stop patterns. Returns the length, 0 for bad input. For the picture and the tests. */
size_t voucher_itf_pattern(const char *digits, char *out, size_t cap);

#endif
