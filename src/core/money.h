/* money: amounts as a person reads them. Money is int64_t minor units (cents) everywhere; this
 * is the one place that turns an amount into text for people: the screens, the cash-out ticket
 * and the round's refusals. (The config file's own form, cfg_format_money's "1234.5", is for the
 * file, not for people, and is not this.)
 *
 * money_format groups thousands with commas and always shows the minor units: a currency with a
 * symbol gets the symbol ("$1,234.50", "€5.00", "£200.00"), any other its code and a space
 * ("CHF 12.00"); a negative amount starts with '-' ("-$3.00"). Without a currency (NULL or "")
 * it is the bare amount ("1,234.50"), as the round's refusals write limits.
 *
 * Each function writes a terminated text into buf and returns buf, so a call can sit in an
 * argument list. They cannot fail: a buffer of MONEY_TEXT_MAX (money_format, money_format_chip)
 * or MONEY_WORDS_MAX (money_words) bytes holds the text of any int64_t amount; a smaller buffer
 * gets the text cut short, still terminated. */
#ifndef STUDPOKER_MONEY_H
#define STUDPOKER_MONEY_H

#include <stddef.h>
#include <stdint.h>

enum { MONEY_TEXT_MAX = 40, MONEY_WORDS_MAX = 256 };

/* "$1,234.50", "CHF 12.00", or "1,234.50" without a currency. currency: a three-letter code. */
const char *money_format(int64_t minor, const char currency[4], char *buf, size_t n);

/* The face of a chip, short enough for a small disc and without a currency: whole units as they
 * are ("5", "250", "2500"), whole thousands with a K ("1K", "25K"), and an amount with cents
 * only as its cents (".25": the table's chips with cents are worth less than a unit). */
const char *money_format_chip(int64_t minor, char *buf, size_t n);

/* The amount in words as a cashier reads it on a ticket, the cents as a fraction:
 * "ONE HUNDRED TWENTY-THREE AND 45/100", "ZERO AND 05/100". A negative amount starts with
 * "MINUS ". */
const char *money_words(int64_t minor, char *buf, size_t n);

#endif
