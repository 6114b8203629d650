/* Tickets at the floor: what a linked machine owes the controller of its tickets, the checks of
 * a ticket in that wait for the controller, and what the controller said of this machine's
 * tickets. See store.h for the contract.
 *
 * Everything here is in the signed, chained audit log, as the linked pool's outbox is
 * (store_link.c): a ticket-registered row per ticket the controller has, naming the ticket's
 * record ("tk=ID"), so the tickets to send are the records after the newest one named; a
 * ticket-checking row per ticket asked of the controller, closed by a ticket-checked row naming
 * it ("e=ID") in the transaction that credits or refuses it, so a check a kill left open is the
 * newest ticket-checking row after the newest one closed; a voucher-paid-elsewhere row per ticket
 * of this machine redeemed by another. A row cannot be taken out or put in outside the game, and
 * a database put back from an old copy is found by its anchor before anything is sent from it. */
#define _POSIX_C_SOURCE 200809L
#include "store_internal.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The number after `key` (" tk=", " e=") in the detail of the newest row of event (0: no row). */
static bool newest_named(store_t *s, const char *event, const char *key, int64_t *out) {
    *out = 0;
    sqlite3_stmt *st =
        st_prep(s, "reading the ticket outbox",
                "SELECT detail FROM audit WHERE event=? ORDER BY id DESC LIMIT 1", "t", event);
    if (!st) return false;
    int rc = sqlite3_step(st);
    if (rc == SQLITE_ROW) {
        const char *d = st_col_text(st, 0), *p = strstr(d, key);
        long long v = 0;
        if (!p || sscanf(p + strlen(key), "%lld", &v) != 1 || v <= 0) {
            st_finish(s, st);
            return st_broken(s,
                             "The ticket record '%s' names no ticket: the audit log was "
                             "changed outside the game.",
                             d);
        }
        *out = v;
    }
    st_finish(s, st);
    return rc == SQLITE_ROW || rc == SQLITE_DONE ? true
                                                 : st_db_fail(s, "reading the ticket outbox");
}

/* ---- the tickets to register ---- */

int store_ticket_unregistered(store_t *s, store_ticket_reg_t *out, int max) {
    if (s->state == STORE_FAULTED) return -1;
    st_start_op(s);
    int64_t after;
    if (!newest_named(s, "ticket-registered", "tk=", &after)) return -1;
    sqlite3_stmt *st = st_prep(s, "reading the ticket outbox",
                               "SELECT id, validation FROM tickets WHERE id > ? ORDER BY id "
                               "LIMIT ?",
                               "ii", after, (int64_t)max);
    if (!st) return -1;
    int n = 0, rc;
    while (n < max && (rc = sqlite3_step(st)) == SQLITE_ROW) {
        memset(&out[n], 0, sizeof out[n]);
        out[n].id = sqlite3_column_int64(st, 0);
        snprintf(out[n].t.validation, sizeof out[n].t.validation, "%s", st_col_text(st, 1));
        n++;
    }
    st_finish(s, st);
    if (n < max && rc != SQLITE_DONE) return st_db_fail(s, "reading the ticket outbox"), -1;
    /* each with its fate: a ticket settled before the machine joined the link says so */
    for (int i = 0; i < n; i++) {
        char v[20]; /* st_ticket_read clears the ticket it fills */
        memcpy(v, out[i].t.validation, sizeof v);
        bool found;
        if (!st_ticket_read(s, v, &out[i].t, &found)) return -1;
    }
    return n;
}

store_status_t store_ticket_registered(store_t *s, const store_ticket_reg_t *items, int n,
                                       const bool *replay) {
    st_start_op(s);
    store_status_t g = st_need_writable(s);
    if (g != STORE_OK) return g;
    if (n < 1 || n > 256) return st_refuse(s, "A registration names 1 to 256 tickets.");
    store_ticket_reg_t *head = calloc((size_t)n, sizeof *head);
    if (!head) return st_refuse(s, "Out of memory.");
    int got = store_ticket_unregistered(s, head, n);
    bool next = got >= n;
    for (int i = 0; next && i < n; i++)
        next =
            head[i].id == items[i].id && strcmp(head[i].t.validation, items[i].t.validation) == 0;
    free(head);
    if (got < 0) return STORE_FAULT;
    if (!next) return st_refuse(s, "These tickets are not the next ones to register.");
    int64_t game = 0;
    bool ok = st_tx_begin(s) && st_last_game(s, &game);
    for (int i = 0; ok && i < n; i++) {
        const store_ticket_t *t = &items[i].t;
        char detail[160];
        snprintf(detail, sizeof detail, "tk=%" PRId64 " validation %s number %" PRId64 "%s",
                 items[i].id, t->validation, t->number, replay && replay[i] ? " replay" : "");
        ok = st_audit_add(s, "ticket-registered", game, t->seat, t->amount, detail);
    }
    if (!(ok && st_tx_commit(s))) return st_write_failed(s, s->game != 0);
    return STORE_OK;
}

/* ---- a ticket in, checked with the controller ---- */

int store_ticket_check_pending(store_t *s, store_ticket_check_t *out) {
    if (s->state == STORE_FAULTED) return -1;
    st_start_op(s);
    memset(out, 0, sizeof *out);
    int64_t closed;
    if (!newest_named(s, "ticket-checked", "e=", &closed)) return -1;
    sqlite3_stmt *st = st_prep(s, "reading the ticket outbox",
                               "SELECT id, seat, detail FROM audit WHERE event='ticket-checking' "
                               "AND id > ? ORDER BY id DESC LIMIT 1",
                               "i", closed);
    if (!st) return -1;
    int rc = sqlite3_step(st);
    bool open = rc == SQLITE_ROW;
    if (open) {
        out->id = sqlite3_column_int64(st, 0);
        out->seat = sqlite3_column_int(st, 1);
        if (sscanf(st_col_text(st, 2), "validation %18[0-9]", out->validation) != 1)
            out->validation[0] = '\0';
    }
    st_finish(s, st);
    if (rc != SQLITE_ROW && rc != SQLITE_DONE)
        return st_db_fail(s, "reading the ticket outbox"), -1;
    if (!open) return 0;
    if (!st_ticket_digits_ok(out->validation) || !st_seat_ok(out->seat))
        return st_broken(s,
                         "The ticket check %" PRId64 " names no ticket: the audit log was changed "
                         "outside the game.",
                         out->id),
               -1;
    bool found;
    if (!st_ticket_read(s, out->validation, &out->t, &found)) return -1;
    out->own = found;
    return 1;
}

store_status_t store_ticket_check_begin(store_t *s, int seat, const char *validation,
                                        int64_t expiry_seconds, store_ticket_check_t *c,
                                        store_ticket_refusal_t *why) {
    st_start_op(s);
    memset(c, 0, sizeof *c);
    *why = STORE_TICKET_NOT_NOW;
    store_status_t g = st_need_writable(s);
    if (g != STORE_OK) return g;
    if (!st_seat_ok(seat) || !st_ticket_digits_ok(validation))
        return *why = STORE_TICKET_UNKNOWN, st_refuse(s, "A validation number is 18 digits.");
    bool found;
    if (!st_ticket_read(s, validation, &c->t, &found))
        return s->integrity ? st_fault(s) : STORE_FAULT;
    if (c->t.state == STORE_TICKET_REDEEMED)
        return *why = STORE_TICKET_ALREADY,
               st_refuse(s, "Ticket %s was redeemed already.", validation);
    if (c->t.state == STORE_TICKET_VOIDED)
        return *why = STORE_TICKET_VOID, st_refuse(s, "Ticket %s was voided.", validation);
    if (found && expiry_seconds > 0 && st_now_utc() - c->t.utc > expiry_seconds)
        return *why = STORE_TICKET_EXPIRED, st_refuse(s, "Ticket %s has expired.", validation);
    store_ticket_check_t open;
    int k = store_ticket_check_pending(s, &open);
    if (k < 0) return s->integrity ? st_fault(s) : STORE_FAULT;
    if (k > 0)
        return st_refuse(s, "Another ticket is being checked with the floor; insert this one "
                            "when it is done.");
    g = st_ticket_can_credit(s, seat, found ? c->t.amount : 1);
    if (g != STORE_OK) return g;
    int64_t game = 0;
    char detail[64];
    snprintf(detail, sizeof detail, "validation %s", validation);
    bool ok = st_tx_begin(s) && st_last_game(s, &game) &&
              st_audit_add(s, "ticket-checking", game, seat, found ? c->t.amount : 0, detail);
    if (!(ok && st_tx_commit(s))) return st_write_failed(s, false);
    k = store_ticket_check_pending(s, c);
    if (k < 0) return STORE_FAULT;
    *why = STORE_TICKET_TAKEN;
    return k == 1 ? STORE_OK : st_refuse(s, "The ticket's check was not recorded.");
}

/* c is the check still open, and the ticket's record as c knows it: else nothing is written. */
static store_status_t need_open(store_t *s, const store_ticket_check_t *c, store_ticket_t *t) {
    store_status_t g = st_need_writable(s);
    if (g != STORE_OK) return g;
    store_ticket_check_t open;
    int k = store_ticket_check_pending(s, &open);
    if (k < 0) return s->integrity ? st_fault(s) : STORE_FAULT;
    if (k == 0 || open.id != c->id || strcmp(open.validation, c->validation) != 0)
        return st_refuse(s, "Ticket %s has no check open.", c->validation);
    *t = open.t;
    return STORE_OK;
}

store_status_t store_ticket_check_paid(store_t *s, const store_ticket_check_t *c, int64_t amount,
                                       const char *place, const char *detail) {
    st_start_op(s);
    store_ticket_t t;
    store_status_t g = need_open(s, c, &t);
    if (g != STORE_OK) return g;
    bool own = t.number > 0;
    /* the controller paid it to this machine: this machine's record must agree */
    if (t.state != STORE_TICKET_ISSUED || (own && amount != t.amount) || amount <= 0)
        return st_refuse(s,
                         "Ticket %s: the floor paid %" PRId64 " but this machine's record has it "
                         "%s of %" PRId64 ".",
                         c->validation, amount,
                         t.state == STORE_TICKET_ISSUED ? "issued" : "settled already", t.amount);
    g = st_ticket_can_credit(s, c->seat, amount);
    if (g != STORE_OK) return g;
    int64_t game = 0;
    char closing[64];
    snprintf(closing, sizeof closing, "e=%" PRId64 " paid", c->id);
    bool ok = st_tx_begin(s) && st_last_game(s, &game) &&
              st_ticket_credit_rows(s, c->seat, c->validation, amount, place, detail) &&
              st_audit_add(s, "ticket-checked", game, c->seat, amount, closing);
    if (!(ok && st_tx_commit(s))) return st_write_failed(s, false);
    return STORE_OK;
}

/* The rows of the controller's word on ticket t of this machine, in the caller's transaction. */
static bool fate_rows(store_t *s, int64_t game, const store_ticket_t *t,
                      const store_ticket_fate_t *f, bool *written) {
    *written = false;
    if (t->state == STORE_TICKET_ISSUED) {
        *written = true;
        if (f->voided) {
            char detail[STORE_MSG_LEN];
            snprintf(detail, sizeof detail,
                     "ticket %" PRId64 " validation %s voided at the floor, by %s: %s", t->number,
                     t->validation, f->place, f->detail);
            return st_ticket_event_add(s, t->validation, "voided", t->amount, f->place,
                                       f->detail) &&
                   st_audit_add(s, "voucher-void", game, t->seat, t->amount, detail);
        }
        char detail[STORE_MSG_LEN];
        snprintf(detail, sizeof detail, "validation %s utc %" PRId64 " at %s", t->validation,
                 f->utc, f->place);
        return st_audit_add(s, ST_TICKET_ELSEWHERE, game, t->seat, t->amount, detail);
    }
    if (f->voided || t->elsewhere) return true; /* nothing new: a void moves no money */
    /* paid here (this machine off the link then) and at another machine: for the operator */
    *written = true;
    char detail[STORE_MSG_LEN];
    snprintf(detail, sizeof detail,
             "ticket %" PRId64 " validation %s was %s here and is redeemed at %s too", t->number,
             t->validation, t->state == STORE_TICKET_VOIDED ? "voided" : "redeemed", f->place);
    return st_audit_add(s, "voucher-paid-twice", game, t->seat, t->amount, detail);
}

store_status_t store_ticket_check_refused(store_t *s, const store_ticket_check_t *c,
                                          const char *reason, const store_ticket_fate_t *fate) {
    st_start_op(s);
    store_ticket_t t;
    store_status_t g = need_open(s, c, &t);
    if (g != STORE_OK) return g;
    int64_t game = 0;
    char refused[STORE_MSG_LEN], closing[64];
    snprintf(refused, sizeof refused, "validation %s: %s", c->validation, reason ? reason : "");
    snprintf(closing, sizeof closing, "e=%" PRId64 " refused", c->id);
    bool written = false;
    bool ok = st_tx_begin(s) && st_last_game(s, &game) &&
              st_audit_add(s, "voucher-refused", game, c->seat, 0, refused) &&
              (!fate || t.number <= 0 || fate_rows(s, game, &t, fate, &written)) &&
              st_audit_add(s, "ticket-checked", game, c->seat, 0, closing);
    if (!(ok && st_tx_commit(s))) return st_write_failed(s, false);
    return STORE_OK;
}

store_status_t store_ticket_fate_record(store_t *s, const store_ticket_fate_t *f, bool *written) {
    st_start_op(s);
    *written = false;
    store_status_t g = st_need_writable(s);
    if (g != STORE_OK) return g;
    if (!st_ticket_digits_ok(f->validation))
        return st_refuse(s, "A validation number is 18 digits.");
    store_ticket_t t;
    bool found;
    if (!st_ticket_read(s, f->validation, &t, &found))
        return s->integrity ? st_fault(s) : STORE_FAULT;
    if (!found) return st_refuse(s, "This machine printed no ticket %s.", f->validation);
    int64_t game = 0;
    bool ok = st_tx_begin(s) && st_last_game(s, &game) && fate_rows(s, game, &t, f, written);
    if (!ok) return st_write_failed(s, s->game != 0);
    if (!*written) {
        st_tx_rollback(s); /* nothing was written */
        return STORE_OK;
    }
    if (!st_tx_commit(s)) return st_write_failed(s, s->game != 0);
    return STORE_OK;
}
