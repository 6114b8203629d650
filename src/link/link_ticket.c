/* link_ticket: a linked machine's tickets at the floor's controller, over libpq. See
 * link_ticket.h, and controller_tickets.sql for what the server does with each call. */
#define _POSIX_C_SOURCE 200809L
#include "link_ticket.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "link_internal.h"

static bool digits_ok(const char *v) {
    if (!v || strlen(v) != LINK_TICKET_DIGITS) return false;
    for (int i = 0; i < LINK_TICKET_DIGITS; i++)
        if (v[i] < '0' || v[i] > '9') return false;
    return true;
}

static bool currency_ok(const char *c) {
    if (!c || strlen(c) != 3) return false;
    for (int i = 0; i < 3; i++)
        if (c[i] < 'A' || c[i] > 'Z') return false;
    return true;
}

link_status_t link_ticket_issue(link_t *l, const char *machine, const char *currency,
                                const link_ticket_t *t, bool *replay) {
    *replay = false;
    if (!digits_ok(t->validation) || !currency_ok(currency))
        return lk_say(l, LINK_REFUSED, "a ticket has 18 digits and a currency of three letters");
    char number[24], amount[24], printed[24], expires[24], fate_at[24];
    snprintf(number, sizeof number, "%" PRId64, t->number);
    snprintf(amount, sizeof amount, "%" PRId64, t->amount);
    snprintf(printed, sizeof printed, "%" PRId64, t->printed_utc);
    snprintf(expires, sizeof expires, "%" PRId64, t->expires_utc);
    snprintf(fate_at, sizeof fate_at, "%" PRId64, t->fate_utc);
    const char *vals[10] = {machine,  t->validation, number,  amount,
                            currency, printed,       expires, t->fate[0] ? t->fate : "issued",
                            fate_at,  t->fate_place};
    link_status_t st;
    PGresult *r = lk_run(l,
                         "SELECT * FROM splink.ticket_issue($1::text, $2::text, $3::bigint, "
                         "$4::bigint, $5::text, $6::bigint, $7::bigint, $8::text, $9::bigint, "
                         "$10::text)",
                         10, vals, "registering a ticket", &st);
    if (!r) return st;
    bool good = PQntuples(r) == 1;
    if (good)
        *replay = lk_col_bool(r, 0, "replay");
    else
        lk_say(l, LINK_REFUSED, "the link controller registered no ticket");
    PQclear(r);
    return good ? LINK_OK : LINK_REFUSED;
}

static bool read_answer(link_t *l, PGresult *r, link_ticket_answer_t *out) {
    char outcome[16];
    lk_col_text(r, 0, "outcome", outcome, sizeof outcome);
    static const char *const words[] = {"paid",   "unknown", "already",
                                        "voided", "expired", "currency"};
    int k = -1;
    for (int i = 0; i < (int)(sizeof words / sizeof words[0]); i++)
        if (strcmp(outcome, words[i]) == 0) k = i;
    if (k < 0) {
        lk_say(l, LINK_REFUSED, "the link controller answered '%s' for a ticket", outcome);
        return false;
    }
    out->outcome = (link_ticket_outcome_t)k;
    lk_col_text(r, 0, "place", out->place, sizeof out->place);
    out->replay = lk_col_bool(r, 0, "replay");
    return lk_col_i64(l, r, 0, "at_utc", &out->at_utc);
}

link_status_t link_ticket_redeem(link_t *l, const char *machine, const char *validation,
                                 const char *currency, link_ticket_answer_t *out) {
    memset(out, 0, sizeof *out);
    if (!digits_ok(validation) || !currency_ok(currency))
        return lk_say(l, LINK_REFUSED, "a ticket has 18 digits and a currency of three letters");
    const char *vals[3] = {machine, validation, currency};
    link_status_t st;
    PGresult *r = lk_run(l, "SELECT * FROM splink.ticket_redeem($1::text, $2::text, $3::text)", 3,
                         vals, "redeeming a ticket", &st);
    if (!r) return st;
    bool good = PQntuples(r) == 1 && read_answer(l, r, out) &&
                lk_col_i64(l, r, 0, "amount", &out->amount) &&
                lk_col_i64(l, r, 0, "number", &out->number) &&
                lk_col_i64(l, r, 0, "printed_utc", &out->printed_utc);
    if (good) {
        lk_col_text(r, 0, "currency", out->currency, sizeof out->currency);
        lk_col_text(r, 0, "issuer", out->issuer, sizeof out->issuer);
    } else if (PQntuples(r) != 1) {
        lk_say(l, LINK_REFUSED, "the link controller gave no answer for the ticket");
    }
    /* a payment the machine cannot credit as said is no payment */
    if (good && out->outcome == LINK_TICKET_PAID &&
        (out->amount <= 0 || strcmp(out->currency, currency) != 0)) {
        lk_say(l, LINK_REFUSED, "the link controller paid a ticket %" PRId64 " %s", out->amount,
               out->currency);
        good = false;
    }
    PQclear(r);
    return good ? LINK_OK : LINK_REFUSED;
}

link_status_t link_ticket_void(link_t *l, const char *machine, const char *validation,
                               const char *reason, link_ticket_answer_t *out) {
    memset(out, 0, sizeof *out);
    if (!digits_ok(validation)) return lk_say(l, LINK_REFUSED, "a ticket has 18 digits");
    const char *vals[3] = {machine, validation, reason ? reason : ""};
    link_status_t st;
    PGresult *r = lk_run(l, "SELECT * FROM splink.ticket_void($1::text, $2::text, $3::text)", 3,
                         vals, "voiding a ticket", &st);
    if (!r) return st;
    bool good = PQntuples(r) == 1 && read_answer(l, r, out);
    if (PQntuples(r) != 1) lk_say(l, LINK_REFUSED, "the link controller gave no answer");
    PQclear(r);
    return good ? LINK_OK : LINK_REFUSED;
}

link_status_t link_ticket_untold(link_t *l, const char *machine, link_ticket_fate_t *out, int max,
                                 int *n) {
    *n = 0;
    const char *vals[1] = {machine};
    link_status_t st;
    PGresult *r = lk_run(l, "SELECT * FROM splink.ticket_untold($1::text)", 1, vals,
                         "reading the fates of this machine's tickets", &st);
    if (!r) return st;
    int rows = PQntuples(r);
    if (max > LINK_TICKET_FATES_MAX) max = LINK_TICKET_FATES_MAX;
    bool good = true;
    for (int i = 0; good && i < rows && i < max; i++) {
        link_ticket_fate_t *f = &out[i];
        memset(f, 0, sizeof *f);
        char fate[16];
        lk_col_text(r, i, "validation", f->validation, sizeof f->validation);
        lk_col_text(r, i, "fate", fate, sizeof fate);
        lk_col_text(r, i, "place", f->place, sizeof f->place);
        lk_col_text(r, i, "reason", f->reason, sizeof f->reason);
        f->voided = strcmp(fate, "voided") == 0;
        good = digits_ok(f->validation) && (f->voided || strcmp(fate, "redeemed") == 0) &&
               lk_col_i64(l, r, i, "at_utc", &f->at_utc) &&
               lk_col_i64(l, r, i, "amount", &f->amount);
        if (good) *n = i + 1;
    }
    if (!good && !link_message(l)[0])
        lk_say(l, LINK_REFUSED, "the link controller gave a fate that is not a ticket's");
    PQclear(r);
    return good ? LINK_OK : LINK_REFUSED;
}

link_status_t link_ticket_told(link_t *l, const char *machine, const char *const *validations,
                               int n) {
    if (n < 1) return LINK_OK;
    if (n > LINK_TICKET_FATES_MAX) return lk_say(l, LINK_REFUSED, "too many tickets at once");
    /* "{d,d,...}": validation numbers are digits, so no quoting is needed */
    char *list = malloc((size_t)n * (LINK_TICKET_DIGITS + 1) + 2);
    if (!list) return lk_say(l, LINK_DOWN, "out of memory");
    size_t used = 0;
    list[used++] = '{';
    for (int i = 0; i < n; i++) {
        if (!digits_ok(validations[i])) {
            free(list);
            return lk_say(l, LINK_REFUSED, "a ticket has 18 digits");
        }
        if (i) list[used++] = ',';
        memcpy(list + used, validations[i], LINK_TICKET_DIGITS);
        used += LINK_TICKET_DIGITS;
    }
    list[used++] = '}';
    list[used] = '\0';
    const char *vals[2] = {machine, list};
    link_status_t st;
    PGresult *r = lk_run(l, "SELECT splink.ticket_told($1::text, $2::text[])", 2, vals,
                         "confirming the fates of this machine's tickets", &st);
    free(list);
    if (!r) return st;
    PQclear(r);
    return LINK_OK;
}

link_status_t link_ticket_listen(link_t *l, const char *machine) {
    return lk_listen_channel(l, "sptk_", machine);
}

bool link_ticket_notified(link_t *l) {
    bool n = l->ticket_notice;
    l->ticket_notice = false;
    return n;
}
