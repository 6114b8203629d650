/* The tickets the operator menu lists, voids and reprints, and the printer's answers. See
 * machine.h. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "lang.h"
#include "machine.h"
#include "machine_link.h"
#include "ticket.h"

int machine_tickets(machine_t *m, store_ticket_t *out, int max, int offset) {
    if (!m->game.store || machine_faulted(m)) return 0;
    int n = store_tickets(m->game.store, out, max, offset);
    return n < 0 ? 0 : n;
}

/* The ticket the operator chose, by its digits, with a message when there is none. */
static bool find(machine_t *m, const char *digits, store_ticket_t *t, char *msg, size_t n) {
    bool found = false;
    if (!m->game.store || store_ticket_get(m->game.store, digits, t, &found) != STORE_OK ||
        !found) {
        snprintf(msg, n, "%s", _("There is no such ticket."));
        return false;
    }
    return true;
}

bool machine_ticket_get(machine_t *m, const char *digits, store_ticket_t *t) {
    bool found = false;
    return m->game.store && !machine_faulted(m) &&
           store_ticket_get(m->game.store, digits, t, &found) == STORE_OK && found;
}

bool machine_ticket_void(machine_t *m, const char *digits, char *msg, size_t n) {
    if (machine_floor_tickets(m)) return machine_ticket_void_floor(m, digits, msg, n);
    store_ticket_t t;
    if (!find(m, digits, &t, msg, n)) return false;
    char v[TICKET_TEXT], b[40], detail[200];
    ticket_group(t.validation, v);
    snprintf(detail, sizeof detail, "ticket %lld validation %s amount %s voided by the operator",
             (long long)t.number, v, game_money_en(&m->game, t.amount, b));
    if (store_ticket_void(m->game.store, digits, "operator menu", detail) != STORE_OK) {
        snprintf(msg, n, _("Not voided: %s"), lang_text(store_message(m->game.store)));
        return false;
    }
    if (strcmp(m->print_fault, v) == 0) m->print_fault[0] = '\0';
    snprintf(msg, n, _("Ticket %06lld (%s) voided: it can no longer be redeemed."),
             (long long)t.number, game_money(&m->game, t.amount, b));
    return true;
}

bool machine_ticket_reprint(machine_t *m, const char *digits, game_voucher_t *v, char *msg,
                            size_t n) {
    memset(v, 0, sizeof *v);
    store_ticket_t t;
    if (!find(m, digits, &t, msg, n)) return false;
    char grouped[TICKET_TEXT], b[40], detail[200];
    ticket_group(t.validation, grouped);
    snprintf(detail, sizeof detail, "ticket %lld validation %s amount %s reprint %d",
             (long long)t.number, grouped, game_money_en(&m->game, t.amount, b), t.reprints + 1);
    if (store_ticket_reprint(m->game.store, digits, "operator menu", detail, &t) != STORE_OK) {
        snprintf(msg, n, _("Not reprinted: %s"), lang_text(store_message(m->game.store)));
        return false;
    }
    v->amount = t.amount, v->sequence = t.number, v->utc = t.utc, v->reprint = t.reprints;
    snprintf(v->digits, sizeof v->digits, "%s", t.validation);
    snprintf(v->validation, sizeof v->validation, "%s", grouped);
    snprintf(v->machine, sizeof v->machine, "%s", t.machine);
    time_t when = (time_t)t.utc;
    struct tm tm;
    gmtime_r(&when, &tm);
    strftime(v->when, sizeof v->when, "%Y-%m-%d %H:%M:%S UTC", &tm);
    snprintf(msg, n, _("Ticket %06lld (%s) sent to the printer again, marked REPRINT %d."),
             (long long)t.number, game_money(&m->game, t.amount, b), t.reprints);
    return true;
}

void machine_ticket_printed(machine_t *m, const game_voucher_t *v, bool printed, const char *why,
                            machine_events_t *e) {
    if (m->game.store &&
        store_ticket_printed(m->game.store, v->digits, printed, printed ? "" : why) ==
            STORE_FAULT &&
        (store_state(m->game.store) == STORE_FAULTED ||
         store_state(m->game.store) == STORE_WRITE_FAILED))
        game_link_fault(&m->game, "The printer's answer could not be recorded");
    if (!printed)
        snprintf(m->print_fault, sizeof m->print_fault, "%s", v->validation);
    else if (strcmp(m->print_fault, v->validation) == 0)
        m->print_fault[0] = '\0';
    /* the cash-out's ticket answered: the operator's language from the next step (this
     * answer's message is still the leaving player's) */
    if (!v->reprint && m->player.language_after_ticket == v->sequence) {
        m->player.language_after_ticket = 0;
        m->player.language_ends = true;
    }
    if (!e || e->n == MACHINE_MAX_EVENTS) return;
    machine_event_t *ev = &e->ev[e->n++];
    memset(ev, 0, sizeof *ev);
    ev->type = MEV_TICKET_PRINTED;
    ev->value = printed;
    ev->amount = v->amount;
    ev->voucher = *v;
    snprintf(ev->text, sizeof ev->text, "%s", why ? why : "");
}

const char *machine_print_fault(const machine_t *m) {
    return m->print_fault;
}
