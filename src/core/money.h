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

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum { MONEY_TEXT_MAX = 40, MONEY_WORDS_MAX = 256 };

/* "$1,234.50", "CHF 12.00", or "1,234.50" without a currency. currency: a three-letter code.
 * English conventions (money_style_en); the screens use money_format_style with the player's. */
const char *money_format(int64_t minor, const char currency[4], char *buf, size_t n);

/* How a language writes an amount of one currency: the conventions are passed in, so this layer
 * keeps no locale state (the machine's lang module chooses them for the language on screen).
 * Every text is UTF-8; the separators are static strings. */
typedef struct money_style {
    char symbol[16];     /* "$", "€", "HK$", or the code ("CHF"); "": none */
    bool after;          /* the symbol follows the number ("1.234,50 €") */
    bool space;          /* a space between the symbol and the number */
    int decimals;        /* minor digits shown: 2, or 0 for a currency without (JPY); an amount
                            with cents always shows them, so no money is ever hidden */
    const char *group;   /* the thousands separator: ",", ".", a narrow no-break space */
    const char *decimal; /* ".", "," */
    int min_grouping;    /* 1: "1,234"; 2: grouped from five digits on ("1234", "12.345": CLDR's
                            minimumGroupingDigits, Spanish) */
} money_style_t;

/* The amount with style's conventions; a negative one starts with '-' ("-$3.00", "-3,00 €").
 * style NULL: the bare English amount ("1,234.50"). */
const char *money_format_style(int64_t minor, const money_style_t *style, char *buf, size_t n);

/* The English conventions for a currency code (NULL or "": none): "$", "€", "£" before
 * the amount, any other code and a space before it ("CHF 12.00"), commas and a point. */
money_style_t money_style_en(const char currency[4]);

/* The face of a chip, short enough for a small disc and without a currency: whole units as they
 * are ("5", "250", "2500"), whole thousands with a K ("1K", "25K"), and an amount with cents
 * only as its cents (".25": the table's chips with cents are worth less than a unit). */
const char *money_format_chip(int64_t minor, char *buf, size_t n);

/* The amount in words as a cashier reads it on a ticket, the cents as a fraction:
 * "ONE HUNDRED TWENTY-THREE AND 45/100", "ZERO AND 05/100". A negative amount starts with
 * "MINUS ". */
const char *money_words(int64_t minor, char *buf, size_t n);

/* The amount in words as a Chinese ticket or cheque writes it (大写金额): the financial
 * numerals, 元, 角 and 分, 整 after whole units, one 零 for a run of zeros inside the number
 * and before the 角 or 分 that follows one (the People's Bank of China's rules for cheques and
 * vouchers): "壹拾贰元伍角", "壹仟陆佰捌拾元零叁角贰分", "零元整". traditional: Traditional
 * characters and units as Taiwan writes them ("壹拾貳元伍角", 萬, 億, 兆, 京); else Simplified
 * (万, 亿, 万亿). A negative amount starts with 负 (負). */
const char *money_words_zh(int64_t minor, bool traditional, char *buf, size_t n);

/* The amount in Spanish words as a cheque writes it, the cents as a fraction, capitals:
 * "DOCE CON 50/100", "VEINTIÚN MIL CON 00/100", "UN MILLÓN DOSCIENTOS MIL CON 00/100" (the long
 * scale: BILLÓN is 10^12). A negative amount starts with "MENOS ". */
const char *money_words_es(int64_t minor, char *buf, size_t n);

#endif
