/* The validation number of a cash-out ticket. See ticket.h. */
#include "ticket.h"

#include <sodium.h>
#include <stdio.h>
#include <string.h>

/* The Luhn digit that makes the 17 digits before it check: from the right, every second digit
 * of the number with its check digit doubled. */
static int luhn_digit(const char *d, size_t n) {
    int sum = 0;
    for (size_t i = 0; i < n; i++) {
        int v = d[n - 1 - i] - '0';
        if (i % 2 == 0) v = v * 2 > 9 ? v * 2 - 9 : v * 2;
        sum += v;
    }
    return (10 - sum % 10) % 10;
}

void ticket_new_validation(char out[TICKET_DIGITS + 1]) {
    for (int i = 0; i < TICKET_DIGITS - 1; i++) out[i] = (char)('0' + randombytes_uniform(10));
    out[TICKET_DIGITS - 1] = (char)('0' + luhn_digit(out, TICKET_DIGITS - 1));
    out[TICKET_DIGITS] = '\0';
}

void ticket_group(const char *d, char out[TICKET_TEXT]) {
    snprintf(out, TICKET_TEXT, "%.2s-%.4s-%.4s-%.4s-%.4s", d, d + 2, d + 6, d + 10, d + 14);
}

bool ticket_parse(const char *text, char out[TICKET_DIGITS + 1]) {
    size_t n = 0;
    for (const char *p = text; *p; p++) {
        if (*p >= '0' && *p <= '9') {
            if (n == TICKET_DIGITS) return false;
            out[n++] = *p;
        } else if (!((*p == '-' || *p == ' ') && n > 0 && p[1] >= '0' && p[1] <= '9')) {
            return false; /* a dash or a space only between digits */
        }
    }
    out[n] = '\0';
    return n == TICKET_DIGITS;
}

bool ticket_check_ok(const char *d) {
    if (strlen(d) != TICKET_DIGITS) return false;
    for (int i = 0; i < TICKET_DIGITS; i++)
        if (d[i] < '0' || d[i] > '9') return false;
    return d[TICKET_DIGITS - 1] - '0' == luhn_digit(d, TICKET_DIGITS - 1);
}
