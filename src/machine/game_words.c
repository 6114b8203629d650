/* A ticket's refusals and places in words: the player's language on screen, English for the
 * audit log (game.h). */
#define _POSIX_C_SOURCE 200809L
#include "game.h"
#include "lang.h"
#include "ticket.h"

#include <stdio.h>
#include <string.h>
#include <time.h>

/* "2026-11-22 at 08:15 UTC" (english: the audit's), else as the language on screen writes it */
static void when_text(int64_t utc, bool english, char out[48]) {
    time_t t = (time_t)utc;
    struct tm tm;
    gmtime_r(&t, &tm);
    /* TRANSLATORS: strftime's format of a ticket's date and time (UTC) */
    strftime(out, 48, english ? "%Y-%m-%d at %H:%M UTC" : _("%Y-%m-%d at %H:%M UTC"), &tm);
}

const char *game_place_words(const char *place) {
    if (!place || !place[0]) return _("this machine");
    if (strcmp(place, "operator menu") == 0) return _("the operator menu");
    if (strcmp(place, "the floor") == 0) return _("the floor");
    return place; /* a machine's name */
}

/* A refused ticket in the player's words (english: the audit's), from the store's finding. */
void game_ticket_words(const store_ticket_t *t, store_ticket_refusal_t why, const char *digits,
                       int64_t expiry_seconds, bool english, char *out, size_t n) {
    char when[48];
    const char *fmt;
    switch (why) {
    case STORE_TICKET_ALREADY:
        when_text(t->state_utc, english, when);
        fmt = N_("Ticket refused: it was paid already, on %s at %s.");
        snprintf(out, n, english ? fmt : _(fmt), when,
                 english ? (t->state_place[0] ? t->state_place : "this machine")
                         : game_place_words(t->state_place));
        break;
    case STORE_TICKET_VOID:
        when_text(t->state_utc, english, when);
        fmt = N_("Ticket refused: it was voided on %s. Please see the cashier.");
        snprintf(out, n, english ? fmt : _(fmt), when);
        break;
    case STORE_TICKET_EXPIRED:
        when_text(t->utc + expiry_seconds, english, when);
        fmt = N_("Ticket refused: it expired on %s. Please see the cashier.");
        snprintf(out, n, english ? fmt : _(fmt), when);
        break;
    default:
        /* a number that fails its check digit was misread (tickets before the check digit are
         * known to the store, so they never get here) */
        fmt = ticket_check_ok(digits)
                  ? N_("Ticket refused: this machine does not know it. Please see the cashier.")
                  : N_("The ticket could not be read. Please try it again.");
        snprintf(out, n, "%s", english ? fmt : _(fmt));
        break;
    }
}
