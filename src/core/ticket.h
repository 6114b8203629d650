/* ticket: the validation number of a cash-out ticket (TITO), as the machine makes, prints,
 * reads and checks it.
 *
 * A validation number is 18 digits: 17 unpredictable ones (libsodium: a ticket is paid to whoever
 * holds it, so nobody may guess one) and a Luhn check digit, so that a misread or mistyped
 * number is told from one that was never printed. Tickets of the release before this one have
 * 18 random digits and no check digit; they are still honoured (the store knows them), so the
 * check digit only ever helps to say "could not be read". People read it in groups,
 * "NN-NNNN-NNNN-NNNN-NNNN"; the store and the barcode hold the 18 digits. */
#ifndef STUDPOKER_TICKET_H
#define STUDPOKER_TICKET_H

#include <stdbool.h>
#include <stddef.h>

#define TICKET_DIGITS 18
#define TICKET_TEXT   24 /* the grouped form with its terminator */

/* A new number: 17 unpredictable digits and the check digit. out: TICKET_DIGITS + 1 bytes. */
void ticket_new_validation(char out[TICKET_DIGITS + 1]);
/* The grouped form "NN-NNNN-NNNN-NNNN-NNNN" of 18 digits. */
void ticket_group(const char *digits, char out[TICKET_TEXT]);
/* The 18 digits of a number as a person or a scanner gives it: digits, with dashes or spaces
 * between them allowed. False for anything else (letters, too few or too many digits). */
bool ticket_parse(const char *text, char out[TICKET_DIGITS + 1]);
/* Whether the last of the 18 digits is the Luhn check digit of the others. */
bool ticket_check_ok(const char *digits);

#endif
