/* The ticket register (store_ticket.c): a ticket printed is redeemed once and only once, with its
 * meters and credits; a second insertion, an unknown number, a voided or an expired ticket are
 * refused with what became of it; a round in play or a lock refuses; reprints and the printer's
 * answers are recorded; the checks at start catch a redemption taken out or changed, and the
 * database itself refuses a second redemption written behind the store's back. Amounts are the
 * test's own. */
#define _POSIX_C_SOURCE 200809L
#include "store_fixture.h"

static const char V1[] = "000000079927398713", V2[] = "111111111111111116";

static store_ticket_t ticket(const char *v, int64_t number, int64_t amount, int64_t utc) {
    store_ticket_t t;
    memset(&t, 0, sizeof t);
    snprintf(t.validation, sizeof t.validation, "%s", v);
    t.number = number, t.amount = amount, t.utc = utc;
    snprintf(t.machine, sizeof t.machine, "TEST-1");
    return t;
}

static store_ticket_refusal_t redeem(store_t *s, const char *v, int64_t expiry, store_ticket_t *t,
                                     store_status_t want) {
    store_ticket_refusal_t why;
    assert_int_equal(store_ticket_redeem(s, 0, v, "TEST-2", expiry, "in", t, &why), want);
    return why;
}

static void test_out_and_in_once(void **state) {
    fixture_t *f = *state;
    store_t *s = open_ok(f->path, NULL);
    must(store_credit_in(s, 0, STORE_IN_BILL, 10300, NULL), s);
    store_ticket_t t = ticket(V1, 1, 10300, 1000);
    must(store_ticket_out(s, 0, &t, "out"), s);
    assert_int_equal(credits(s, 0), 0);
    assert_int_equal(meter(s, "credit_out"), 10300);
    assert_int_equal(meter(s, "voucher_out"), 10300);
    assert_int_equal(meter(s, "voucher_out_count"), 1);
    assert_int_equal(meter(s, "ticket_numbers"), 1);
    /* the same number cannot be printed twice */
    must(store_credit_in(s, 0, STORE_IN_BILL, 500, NULL), s);
    store_ticket_t again = ticket(V1, 2, 500, 1001);
    assert_int_equal(store_ticket_out(s, 0, &again, "out"), STORE_REFUSED);
    store_ticket_t got;
    assert_int_equal(redeem(s, V1, 0, &got, STORE_OK), STORE_TICKET_TAKEN);
    assert_int_equal(got.amount, 10300);
    assert_int_equal(credits(s, 0), 500 + 10300);
    assert_int_equal(meter(s, "voucher_in"), 10300);
    assert_int_equal(meter(s, "voucher_in_count"), 1);
    /* again: refused, saying when and where it was paid; nothing moves */
    assert_int_equal(redeem(s, V1, 0, &got, STORE_REFUSED), STORE_TICKET_ALREADY);
    assert_int_equal(got.state, STORE_TICKET_REDEEMED);
    assert_string_equal(got.state_place, "TEST-2");
    assert_true(got.state_utc > 0);
    assert_int_equal(credits(s, 0), 500 + 10300);
    assert_int_equal(meter(s, "voucher_in"), 10300);
    /* unknown, and a number that is not one */
    assert_int_equal(redeem(s, V2, 0, &got, STORE_REFUSED), STORE_TICKET_UNKNOWN);
    assert_int_equal(redeem(s, "12345", 0, &got, STORE_REFUSED), STORE_TICKET_UNKNOWN);
    /* credits in through the register only */
    assert_int_equal(store_credit_in(s, 0, STORE_IN_VOUCHER, 100, NULL), STORE_REFUSED);
    store_ticket_totals_t tot;
    must(store_ticket_totals(s, &tot), s);
    assert_int_equal(tot.issued_n, 1);
    assert_int_equal(tot.redeemed, 10300);
    assert_int_equal(tot.outstanding_n, 0);
    must(store_verify(s, true), s);
    store_close(s);
    /* the next start checks it all again */
    s = open_ok(f->path, NULL);
    assert_int_equal(credits(s, 0), 10800);
    store_close(s);
}

static void test_void_reprint_expiry_and_printer(void **state) {
    fixture_t *f = *state;
    store_t *s = open_ok(f->path, NULL);
    must(store_credit_in(s, 0, STORE_IN_COIN, 3000, NULL), s);
    store_ticket_t a = ticket(V1, 1, 1000, 5000), b = ticket(V2, 2, 2000, 5000);
    must(store_ticket_out(s, 0, &a, "a"), s);
    must(store_ticket_out(s, 0, &b, "b"), s);
    /* the printer's answers: a failed, b printed */
    must(store_ticket_printed(s, V1, false, "the printer is stopped"), s);
    must(store_ticket_printed(s, V2, true, ""), s);
    store_ticket_t list[4];
    assert_int_equal(store_tickets(s, list, 4, 0), 2);
    assert_string_equal(list[0].validation, V2); /* newest first */
    assert_int_equal(list[0].print, STORE_PRINT_DONE);
    assert_int_equal(list[1].print, STORE_PRINT_FAILED);
    assert_string_equal(list[1].print_note, "the printer is stopped");
    /* a reprint of a, then it prints */
    store_ticket_t t;
    must(store_ticket_reprint(s, V1, "operator", "reprint 1", &t), s);
    assert_int_equal(t.reprints, 1);
    must(store_ticket_printed(s, V1, true, ""), s);
    bool found;
    must(store_ticket_get(s, V1, &t, &found), s);
    assert_true(found);
    assert_int_equal(t.print, STORE_PRINT_DONE);
    assert_int_equal(t.reprints, 1);
    /* b voided: refused in, not voided or reprinted again */
    must(store_ticket_void(s, V2, "operator", "lost"), s);
    assert_int_equal(redeem(s, V2, 0, &t, STORE_REFUSED), STORE_TICKET_VOID);
    assert_int_equal(store_ticket_void(s, V2, "operator", "again"), STORE_REFUSED);
    assert_int_equal(store_ticket_reprint(s, V2, "operator", "", &t), STORE_REFUSED);
    /* a printed at 5000 (1970): expired after a day */
    assert_int_equal(redeem(s, V1, 86400, &t, STORE_REFUSED), STORE_TICKET_EXPIRED);
    assert_int_equal(redeem(s, V1, 0, &t, STORE_OK), STORE_TICKET_TAKEN);
    assert_int_equal(store_ticket_void(s, V1, "operator", ""), STORE_REFUSED);
    store_ticket_totals_t tot;
    must(store_ticket_totals(s, &tot), s);
    assert_int_equal(tot.voided, 2000);
    assert_int_equal(tot.redeemed, 1000);
    assert_int_equal(tot.outstanding, 0);
    assert_int_equal(meter(s, "voucher_in"), 1000);
    must(store_verify(s, true), s);
    store_close(s);
}

static void test_not_while_in_play_or_locked(void **state) {
    fixture_t *f = *state;
    rules_t ru;
    rules_preset(&ru, PRESET_CARIBBEAN_CLASSIC);
    store_t *s = open_ok(f->path, NULL);
    must(store_credit_in(s, 0, STORE_IN_COIN, 5000, NULL), s);
    store_ticket_t t = ticket(V1, 1, 1000, 5000);
    must(store_ticket_out(s, 0, &t, "a"), s);
    deck_t d;
    shuffled(&d, &ru, 3);
    static round_t r;
    jackpot_pool_t pool;
    begin(s, &ru, &r, &pool, &d, 1, NULL);
    act(s, &r, round_bet(0, WAGER_ANTE, 500));
    act(s, &r, round_simple(ACT_DEAL, 0));
    assert_int_equal(redeem(s, V1, 0, &t, STORE_REFUSED), STORE_TICKET_NOT_NOW);
    assert_int_equal(meter(s, "voucher_in"), 0);
    store_close(s);
}

/* The register's records changed behind the store's back are found at the next start. */
static void tampered(fixture_t *f, const char *name, const char *sql) {
    char copy[256], msg[STORE_MSG_LEN];
    snprintf(copy, sizeof copy, "%s/%s.db", f->dir, name);
    copy_file(f->path, copy);
    sql_exec(copy, sql);
    open_fault(copy, msg, sizeof msg);
}

static void test_tampering_found(void **state) {
    fixture_t *f = *state;
    store_t *s = open_ok(f->path, NULL);
    must(store_credit_in(s, 0, STORE_IN_COIN, 5000, NULL), s);
    store_ticket_t t = ticket(V1, 1, 5000, 5000);
    must(store_ticket_out(s, 0, &t, "a"), s);
    assert_int_equal(redeem(s, V1, 0, &t, STORE_OK), STORE_TICKET_TAKEN);
    store_close(s);
    /* the redemption taken out: the ticket could be paid again */
    tampered(f, "gone",
             "DROP TRIGGER ticket_events_no_delete; DELETE FROM ticket_events; CREATE TRIGGER "
             "ticket_events_no_delete BEFORE DELETE ON ticket_events BEGIN SELECT RAISE(ABORT, "
             "'ticket_events is append-only'); END;");
    /* a ticket's amount raised */
    tampered(f, "more",
             "DROP TRIGGER tickets_no_update; UPDATE tickets SET amount = 500000; CREATE TRIGGER "
             "tickets_no_update BEFORE UPDATE ON tickets BEGIN SELECT RAISE(ABORT, 'tickets is "
             "append-only'); END;");
    /* the guard dropped for good */
    tampered(f, "unguarded", "DROP INDEX ticket_settled");
    /* a second redemption written behind the store's back: the database refuses it */
    sqlite3 *db;
    assert_int_equal(sqlite3_open(f->path, &db), SQLITE_OK);
    assert_int_not_equal(sqlite3_exec(db,
                                      "INSERT INTO ticket_events SELECT id + 1, utc, validation, "
                                      "event, amount, place, detail, mac FROM ticket_events",
                                      NULL, NULL, NULL),
                         SQLITE_OK);
    sqlite3_close(db);
    s = open_ok(f->path, NULL); /* and the original is whole */
    store_close(s);
}

/* A ticket of another machine of the floor, paid by the floor's controller: credited once,
 * counted as the floor's in the totals, refused a second time; this machine's own never. */
static void test_floor_ticket(void **state) {
    fixture_t *f = *state;
    store_t *s = open_ok(f->path, NULL);
    store_ticket_refusal_t why;
    must(store_ticket_redeem_floor(s, 0, V2, 2500, "TEST-2", "floor", &why), s);
    assert_int_equal(why, STORE_TICKET_TAKEN);
    assert_int_equal(credits(s, 0), 2500);
    assert_int_equal(meter(s, "voucher_in"), 2500);
    assert_int_equal(store_ticket_redeem_floor(s, 0, V2, 2500, "TEST-2", "floor", &why),
                     STORE_REFUSED);
    assert_int_equal(why, STORE_TICKET_ALREADY);
    store_ticket_t t = ticket(V1, 1, 500, 5000), got;
    must(store_ticket_out(s, 0, &t, "a"), s);
    assert_int_equal(store_ticket_redeem_floor(s, 0, V1, 500, "TEST-2", "floor", &why),
                     STORE_REFUSED);
    /* and the floor's ticket is not one of this machine's to redeem or void */
    assert_int_equal(redeem(s, V2, 0, &got, STORE_REFUSED), STORE_TICKET_ALREADY);
    assert_int_equal(store_ticket_void(s, V2, "operator", ""), STORE_REFUSED);
    store_ticket_totals_t tot;
    must(store_ticket_totals(s, &tot), s);
    assert_int_equal(tot.floor_n, 1);
    assert_int_equal(tot.floor, 2500);
    assert_int_equal(tot.outstanding, 500);
    must(store_verify(s, true), s);
    store_close(s);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_out_and_in_once, setup, teardown),
        cmocka_unit_test_setup_teardown(test_void_reprint_expiry_and_printer, setup, teardown),
        cmocka_unit_test_setup_teardown(test_not_while_in_play_or_locked, setup, teardown),
        cmocka_unit_test_setup_teardown(test_tampering_found, setup, teardown),
        cmocka_unit_test_setup_teardown(test_floor_ticket, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
