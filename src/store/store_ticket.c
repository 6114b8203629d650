/* The ticket register: cash-out tickets out, in, voided, reprinted, and what the printer said.
 * See store.h for the contract. */
#define _POSIX_C_SOURCE 200809L
#include "store_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

bool st_ticket_digits_ok(const char *v) {
    if (!v || strlen(v) != 18) return false;
    for (int i = 0; i < 18; i++)
        if (v[i] < '0' || v[i] > '9') return false;
    return true;
}

static bool next_id(store_t *s, const char *table, int64_t *id) {
    char sql[96];
    snprintf(sql, sizeof sql, "SELECT COALESCE(MAX(id),0)+1 FROM %s", table);
    return st_q_int(s, id, 1, "numbering a record", sql);
}

bool st_ticket_event_add(store_t *s, const char *validation, const char *event, int64_t amount,
                         const char *place, const char *detail) {
    int64_t id;
    if (!next_id(s, "ticket_events", &id)) return false;
    sv_t row[] = {st_sv_int(id),
                  st_sv_int(st_now_utc()),
                  st_sv_text(validation),
                  st_sv_text(event),
                  st_sv_int(amount),
                  st_sv_text(place ? place : ""),
                  st_sv_text(detail ? detail : "")};
    return st_row_insert(s, "ticket_events", row, 7, "recording a ticket");
}

/* A ticket of this machine that another machine of the floor redeemed, as the floor's controller
 * told this machine (store_ticket_fate_record: a voucher-paid-elsewhere audit row). */
static bool read_elsewhere(store_t *s, store_ticket_t *t) {
    sqlite3_stmt *st = st_prep(s, "reading a ticket",
                               "SELECT detail FROM audit WHERE event='" ST_TICKET_ELSEWHERE
                               "' AND detail LIKE 'validation ' || ? || ' %' ORDER BY id LIMIT 1",
                               "t", t->validation);
    if (!st) return false;
    int rc = sqlite3_step(st);
    if (rc == SQLITE_ROW) {
        long long utc = 0;
        int at = 0;
        const char *d = st_col_text(st, 0);
        if (sscanf(d, "validation %*18[0-9] utc %lld at %n", &utc, &at) >= 1 && at > 0) {
            t->state = STORE_TICKET_REDEEMED;
            t->elsewhere = true;
            t->state_utc = utc;
            snprintf(t->state_place, sizeof t->state_place, "%s", d + at);
        }
    }
    st_finish(s, st);
    return rc == SQLITE_ROW || rc == SQLITE_DONE ? true : st_db_fail(s, "reading a ticket");
}

/* What became of a ticket: redeemed or voided (at most one of them), or redeemed by another
 * machine of the floor; the newest print, the reprints. */
static bool read_fate(store_t *s, store_ticket_t *t) {
    sqlite3_stmt *st = st_prep(s, "reading a ticket",
                               "SELECT event, utc, place, detail FROM ticket_events WHERE "
                               "validation=? ORDER BY id",
                               "t", t->validation);
    if (!st) return false;
    int rc;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        const char *ev = st_col_text(st, 0);
        if (strcmp(ev, "redeemed") == 0 || strcmp(ev, "voided") == 0) {
            t->state = ev[0] == 'r' ? STORE_TICKET_REDEEMED : STORE_TICKET_VOIDED;
            t->state_utc = sqlite3_column_int64(st, 1);
            snprintf(t->state_place, sizeof t->state_place, "%s", st_col_text(st, 2));
        } else if (strcmp(ev, "reprint") == 0) {
            t->reprints++;
            t->print = STORE_PRINT_NONE; /* the reprint's own outcome is to come */
            t->print_note[0] = '\0';
        } else {
            t->print = strcmp(ev, "printed") == 0 ? STORE_PRINT_DONE : STORE_PRINT_FAILED;
            snprintf(t->print_note, sizeof t->print_note, "%s", st_col_text(st, 3));
        }
    }
    st_finish(s, st);
    if (rc != SQLITE_DONE) return st_db_fail(s, "reading a ticket");
    return t->state != STORE_TICKET_ISSUED || read_elsewhere(s, t);
}

static void ticket_from_row(sqlite3_stmt *st, store_ticket_t *t) {
    memset(t, 0, sizeof *t);
    t->utc = sqlite3_column_int64(st, 0);
    snprintf(t->validation, sizeof t->validation, "%s", st_col_text(st, 1));
    t->number = sqlite3_column_int64(st, 2);
    t->game = sqlite3_column_int64(st, 3);
    t->seat = sqlite3_column_int(st, 4);
    t->amount = sqlite3_column_int64(st, 5);
    snprintf(t->machine, sizeof t->machine, "%s", st_col_text(st, 6));
}

#define TICKET_COLUMNS "utc, validation, number, game, seat, amount, machine"

bool st_ticket_read(store_t *s, const char *validation, store_ticket_t *t, bool *found) {
    *found = false;
    memset(t, 0, sizeof *t);
    sqlite3_stmt *st =
        st_prep(s, "reading a ticket", "SELECT " TICKET_COLUMNS " FROM tickets WHERE validation=?",
                "t", validation);
    if (!st) return false;
    int rc = sqlite3_step(st);
    if (rc == SQLITE_ROW) ticket_from_row(st, t), *found = true;
    st_finish(s, st);
    if (rc != SQLITE_ROW && rc != SQLITE_DONE) return st_db_fail(s, "reading a ticket");
    if (!*found) snprintf(t->validation, sizeof t->validation, "%s", validation);
    return read_fate(s, t);
}

store_status_t store_ticket_get(store_t *s, const char *validation, store_ticket_t *t,
                                bool *found) {
    if (s->state == STORE_FAULTED) return STORE_FAULT;
    st_start_op(s);
    *found = false;
    if (!st_ticket_digits_ok(validation)) return st_refuse(s, "A validation number is 18 digits.");
    return st_ticket_read(s, validation, t, found) ? STORE_OK : STORE_FAULT;
}

store_status_t store_ticket_out(store_t *s, int seat, const store_ticket_t *t, const char *detail) {
    st_start_op(s);
    store_status_t g = st_need_idle(s, "A cash-out");
    if (g != STORE_OK) return g;
    if (!st_seat_ok(seat) || t->amount <= 0 || !st_ticket_digits_ok(t->validation) ||
        t->number <= 0)
        return st_refuse(s, "A ticket: bad seat, amount, number or validation number.");
    int64_t have;
    if (store_credits(s, seat, &have) != STORE_OK) return STORE_FAULT;
    if (t->amount > have)
        return st_refuse(s, "Seat %d has %lld credits; %lld cannot be paid out.", seat + 1,
                         (long long)have, (long long)t->amount);
    store_ticket_t old;
    bool used;
    if (!st_ticket_read(s, t->validation, &old, &used)) return STORE_FAULT;
    if (used || old.state != STORE_TICKET_ISSUED)
        return st_refuse(s, "The validation number %s was used before.", t->validation);
    int64_t game = 0, id;
    bool ok = st_tx_begin(s) && st_last_game(s, &game) && next_id(s, "tickets", &id);
    if (ok) {
        sv_t row[] = {st_sv_int(id),        st_sv_int(t->utc),     st_sv_text(t->validation),
                      st_sv_int(t->number), st_sv_int(game),       st_sv_int(seat),
                      st_sv_int(t->amount), st_sv_text(t->machine)};
        ok = st_row_insert(s, "tickets", row, 8, "recording a ticket") &&
             st_meter_add(s, game, seat, "credit_out", t->amount) &&
             st_meter_add(s, game, seat, "voucher_out", t->amount) &&
             st_meter_add(s, game, seat, "voucher_out_count", 1) &&
             st_meter_add(s, game, seat, "ticket_numbers", 1) &&
             st_audit_add(s, "voucher-out", game, seat, t->amount, detail);
    }
    if (!(ok && st_tx_commit(s))) return st_write_failed(s, false);
    return STORE_OK;
}

/* Whether the seat can take amount more credits now (nothing is written). */
store_status_t st_ticket_can_credit(store_t *s, int seat, int64_t amount) {
    store_status_t g = st_need_idle(s, "A ticket");
    if (g != STORE_OK) return g;
    int64_t have;
    if (store_credits(s, seat, &have) != STORE_OK) return STORE_FAULT;
    if (amount <= 0 || have > INT64_MAX / 4 - amount)
        return st_refuse(s, "The credit meter cannot take %lld more.", (long long)amount);
    return STORE_OK;
}

bool st_ticket_credit_rows(store_t *s, int seat, const char *validation, int64_t amount,
                           const char *place, const char *detail) {
    int64_t game = 0;
    return st_last_game(s, &game) &&
           st_ticket_event_add(s, validation, "redeemed", amount, place, "") &&
           st_meter_add(s, game, seat, "voucher_in", amount) &&
           st_meter_add(s, game, seat, "voucher_in_count", 1) &&
           st_audit_add(s, "voucher-in", game, seat, amount, detail);
}

/* The redemption itself, in one transaction: the record, the meters, the credits, the audit. */
static store_status_t credit_ticket(store_t *s, int seat, const char *validation, int64_t amount,
                                    const char *place, const char *detail) {
    bool ok = st_tx_begin(s) && st_ticket_credit_rows(s, seat, validation, amount, place, detail);
    if (!(ok && st_tx_commit(s))) return st_write_failed(s, false);
    return STORE_OK;
}

store_status_t store_ticket_redeem(store_t *s, int seat, const char *validation, const char *place,
                                   int64_t expiry_seconds, const char *detail, store_ticket_t *t,
                                   store_ticket_refusal_t *why) {
    st_start_op(s);
    *why = STORE_TICKET_NOT_NOW;
    memset(t, 0, sizeof *t);
    store_status_t g = st_need_writable(s);
    if (g != STORE_OK) return g;
    if (!st_seat_ok(seat) || !st_ticket_digits_ok(validation))
        return *why = STORE_TICKET_UNKNOWN, st_refuse(s, "A validation number is 18 digits.");
    bool found;
    if (!st_ticket_read(s, validation, t, &found)) return s->integrity ? st_fault(s) : STORE_FAULT;
    if (t->state == STORE_TICKET_REDEEMED)
        return *why = STORE_TICKET_ALREADY,
               st_refuse(s, "Ticket %s was redeemed already.", validation);
    if (t->state == STORE_TICKET_VOIDED)
        return *why = STORE_TICKET_VOID, st_refuse(s, "Ticket %s was voided.", validation);
    if (!found)
        return *why = STORE_TICKET_UNKNOWN, st_refuse(s, "Ticket %s is not known.", validation);
    if (expiry_seconds > 0 && st_now_utc() - t->utc > expiry_seconds)
        return *why = STORE_TICKET_EXPIRED, st_refuse(s, "Ticket %s has expired.", validation);
    g = st_ticket_can_credit(s, seat, t->amount);
    if (g != STORE_OK) return g;
    g = credit_ticket(s, seat, validation, t->amount, place, detail);
    if (g != STORE_OK) return g;
    *why = STORE_TICKET_TAKEN;
    t->state = STORE_TICKET_REDEEMED;
    t->state_utc = st_now_utc();
    snprintf(t->state_place, sizeof t->state_place, "%s", place ? place : "");
    return STORE_OK;
}

store_status_t store_ticket_redeem_floor(store_t *s, int seat, const char *validation,
                                         int64_t amount, const char *place, const char *detail,
                                         store_ticket_refusal_t *why) {
    st_start_op(s);
    *why = STORE_TICKET_NOT_NOW;
    store_status_t g = st_need_writable(s);
    if (g != STORE_OK) return g;
    if (!st_seat_ok(seat) || !st_ticket_digits_ok(validation))
        return *why = STORE_TICKET_UNKNOWN, st_refuse(s, "A validation number is 18 digits.");
    store_ticket_t t;
    bool found;
    if (!st_ticket_read(s, validation, &t, &found)) return s->integrity ? st_fault(s) : STORE_FAULT;
    if (t.state != STORE_TICKET_ISSUED)
        return *why = t.state == STORE_TICKET_VOIDED ? STORE_TICKET_VOID : STORE_TICKET_ALREADY,
               st_refuse(s, "Ticket %s was redeemed or voided already.", validation);
    if (found) return st_refuse(s, "Ticket %s is this machine's own.", validation);
    g = st_ticket_can_credit(s, seat, amount);
    if (g != STORE_OK) return g;
    g = credit_ticket(s, seat, validation, amount, place, detail);
    if (g == STORE_OK) *why = STORE_TICKET_TAKEN;
    return g;
}

/* A ticket of this machine that is neither redeemed nor voided, for a void or a reprint. */
static store_status_t open_ticket(store_t *s, const char *validation, store_ticket_t *t) {
    store_status_t g = st_need_writable(s);
    if (g != STORE_OK) return g;
    if (!st_ticket_digits_ok(validation)) return st_refuse(s, "A validation number is 18 digits.");
    bool found;
    if (!st_ticket_read(s, validation, t, &found)) return s->integrity ? st_fault(s) : STORE_FAULT;
    if (!found) return st_refuse(s, "This machine printed no ticket %s.", validation);
    if (t->state != STORE_TICKET_ISSUED)
        return st_refuse(s, "Ticket %s was %s already.", validation,
                         t->state == STORE_TICKET_REDEEMED ? "redeemed" : "voided");
    return STORE_OK;
}

store_status_t store_ticket_void(store_t *s, const char *validation, const char *who,
                                 const char *detail) {
    st_start_op(s);
    store_ticket_t t;
    store_status_t g = open_ticket(s, validation, &t);
    if (g != STORE_OK) return g;
    int64_t game = 0;
    bool ok = st_tx_begin(s) && st_last_game(s, &game) &&
              st_ticket_event_add(s, validation, "voided", t.amount, who, detail) &&
              st_audit_add(s, "voucher-void", game, t.seat, t.amount, detail) && st_tx_commit(s);
    if (!ok) return st_write_failed(s, s->game != 0);
    return STORE_OK;
}

store_status_t store_ticket_reprint(store_t *s, const char *validation, const char *who,
                                    const char *detail, store_ticket_t *t) {
    st_start_op(s);
    store_status_t g = open_ticket(s, validation, t);
    if (g != STORE_OK) return g;
    int64_t game = 0;
    bool ok = st_tx_begin(s) && st_last_game(s, &game) &&
              st_ticket_event_add(s, validation, "reprint", 0, who, detail) &&
              st_audit_add(s, "voucher-reprint", game, t->seat, t->amount, detail) &&
              st_tx_commit(s);
    if (!ok) return st_write_failed(s, s->game != 0);
    t->reprints++;
    t->print = STORE_PRINT_NONE;
    t->print_note[0] = '\0';
    return STORE_OK;
}

store_status_t store_ticket_printed(store_t *s, const char *validation, bool printed,
                                    const char *note) {
    st_start_op(s);
    store_status_t g = st_need_writable(s);
    if (g != STORE_OK) return g;
    store_ticket_t t;
    bool found;
    if (!st_ticket_digits_ok(validation)) return st_refuse(s, "A validation number is 18 digits.");
    if (!st_ticket_read(s, validation, &t, &found)) return s->integrity ? st_fault(s) : STORE_FAULT;
    if (!found) return st_refuse(s, "This machine printed no ticket %s.", validation);
    char detail[STORE_MSG_LEN];
    snprintf(detail, sizeof detail, "ticket %lld validation %s: %s", (long long)t.number,
             validation, note ? note : "");
    int64_t game = 0;
    bool ok =
        st_tx_begin(s) && st_last_game(s, &game) &&
        st_ticket_event_add(s, validation, printed ? "printed" : "print-failed", 0, "",
                            note ? note : "") &&
        (printed || st_audit_add(s, "voucher-print-failed", game, t.seat, t.amount, detail)) &&
        st_tx_commit(s);
    if (!ok) return st_write_failed(s, s->game != 0);
    return STORE_OK;
}

int store_tickets(store_t *s, store_ticket_t *out, int max, int offset) {
    if (s->state == STORE_FAULTED) return -1;
    st_start_op(s);
    sqlite3_stmt *st = st_prep(s, "reading the tickets",
                               "SELECT " TICKET_COLUMNS " FROM tickets ORDER BY id DESC LIMIT ? "
                               "OFFSET ?",
                               "ii", (int64_t)max, (int64_t)offset);
    if (!st) return -1;
    int n = 0, rc;
    while (n < max && (rc = sqlite3_step(st)) == SQLITE_ROW) ticket_from_row(st, &out[n++]);
    st_finish(s, st);
    if (n < max && rc != SQLITE_DONE) return st_db_fail(s, "reading the tickets"), -1;
    for (int i = 0; i < n; i++)
        if (!read_fate(s, &out[i])) return -1;
    return n;
}

store_status_t store_ticket_totals(store_t *s, store_ticket_totals_t *t) {
    if (s->state == STORE_FAULTED) return STORE_FAULT;
    st_start_op(s);
    memset(t, 0, sizeof *t);
    static const char *const sql[] = {
        "SELECT COUNT(*), COALESCE(SUM(amount), 0) FROM tickets",
        "SELECT COUNT(*), COALESCE(SUM(amount), 0) FROM ticket_events WHERE event='redeemed'",
        "SELECT COUNT(*), COALESCE(SUM(amount), 0) FROM ticket_events e WHERE event='redeemed' "
        "AND NOT EXISTS (SELECT 1 FROM tickets t WHERE t.validation = e.validation)",
        "SELECT COUNT(*), COALESCE(SUM(amount), 0) FROM ticket_events WHERE event='voided'",
        "SELECT COUNT(*), COALESCE(SUM(amount), 0) FROM audit WHERE event='" ST_TICKET_ELSEWHERE
        "'",
    };
    int64_t *dst[][2] = {{&t->issued_n, &t->issued},
                         {&t->redeemed_n, &t->redeemed},
                         {&t->floor_n, &t->floor},
                         {&t->voided_n, &t->voided},
                         {&t->elsewhere_n, &t->elsewhere}};
    for (size_t i = 0; i < sizeof sql / sizeof sql[0]; i++) {
        sqlite3_stmt *st = st_prep(s, "reading the tickets", sql[i], NULL);
        if (!st) return STORE_FAULT;
        int rc = sqlite3_step(st);
        if (rc == SQLITE_ROW)
            *dst[i][0] = sqlite3_column_int64(st, 0), *dst[i][1] = sqlite3_column_int64(st, 1);
        st_finish(s, st);
        if (rc != SQLITE_ROW) return st_db_fail(s, "reading the tickets"), STORE_FAULT;
    }
    t->outstanding_n = t->issued_n - (t->redeemed_n - t->floor_n) - t->voided_n - t->elsewhere_n;
    t->outstanding = t->issued - (t->redeemed - t->floor) - t->voided - t->elsewhere;
    return STORE_OK;
}

/* ---- tickets printed before the register ---- */

/* A voucher-out audit row of the release before the register: "ticket N validation
 * NN-NNNN-NNNN-NNNN-NNNN amount ... machine M". */
static bool parse_old_detail(const char *d, int64_t *number, char validation[20], char *machine,
                             size_t mcap) {
    long long n;
    char v[32];
    if (sscanf(d, "ticket %lld validation %31s", &n, v) != 2) return false;
    size_t k = 0;
    for (const char *p = v; *p && k < 19; p++)
        if (*p >= '0' && *p <= '9') validation[k++] = *p;
    validation[k] = '\0';
    const char *m = strstr(d, " machine ");
    snprintf(machine, mcap, "%s", m ? m + 9 : "");
    *number = n;
    return st_ticket_digits_ok(validation);
}

bool st_tickets_carry(store_t *s, int64_t game) {
    int64_t rows = 0, tickets = 0;
    if (!st_q_int(s, &rows, 0, "reading the tickets",
                  "SELECT COUNT(*) FROM audit WHERE event='voucher-out'") ||
        !st_q_int(s, &tickets, 0, "reading the tickets", "SELECT COUNT(*) FROM tickets"))
        return false;
    if (rows <= tickets) return true;
    /* rows, not a statement held open while the table it reads from is written */
    sqlite3_stmt *st = st_prep(s, "reading the tickets",
                               "SELECT utc, game, seat, amount, detail FROM audit a WHERE "
                               "event='voucher-out' ORDER BY id",
                               NULL);
    if (!st) return false;
    typedef struct {
        int64_t utc, game, amount, number;
        int seat;
        char validation[20], machine[40];
    } old_t;
    old_t *olds = calloc((size_t)rows, sizeof *olds);
    int64_t n = 0;
    while (olds && n < rows && sqlite3_step(st) == SQLITE_ROW) {
        old_t *o = &olds[n];
        o->utc = sqlite3_column_int64(st, 0), o->game = sqlite3_column_int64(st, 1);
        o->seat = sqlite3_column_int(st, 2), o->amount = sqlite3_column_int64(st, 3);
        if (parse_old_detail(st_col_text(st, 4), &o->number, o->validation, o->machine,
                             sizeof o->machine))
            n++;
    }
    st_finish(s, st);
    bool ok = olds != NULL, any = false;
    for (int64_t i = 0; ok && i < n; i++) {
        old_t *o = &olds[i];
        store_ticket_t t;
        bool found;
        int64_t id;
        ok = st_ticket_read(s, o->validation, &t, &found);
        if (!ok || found || o->amount <= 0 || !st_seat_ok(o->seat)) continue;
        ok = next_id(s, "tickets", &id);
        sv_t row[] = {st_sv_int(id),        st_sv_int(o->utc),     st_sv_text(o->validation),
                      st_sv_int(o->number), st_sv_int(o->game),    st_sv_int(o->seat),
                      st_sv_int(o->amount), st_sv_text(o->machine)};
        ok = ok && st_row_insert(s, "tickets", row, 8, "entering an old ticket") &&
             st_meter_add(s, game, o->seat, "voucher_out", o->amount) &&
             st_meter_add(s, game, o->seat, "voucher_out_count", 1);
        any = true;
    }
    free(olds);
    if (ok && any)
        ok = st_audit_add(s, "operator", game, 0, 0,
                          "the tickets printed before the ticket register were entered in it");
    return ok;
}
