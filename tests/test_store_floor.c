/* Tickets at the floor in the store (store_ticket_floor.c): the outbox of tickets to register
 * gives every ticket once, oldest first, with what became of it here, and takes answers only for
 * the next ones in order; a ticket in is checked (recorded before the controller is asked),
 * credited once when the controller pays it, the check still open after a restart as after a
 * kill, closed by a refusal; what the controller says of this machine's tickets (redeemed
 * elsewhere, voided) is recorded once and refuses them here; the totals count them. The figures
 * are the test's own. */
#define _POSIX_C_SOURCE 200809L
#include "store_fixture.h"

static const char V1[] = "000000079927398713", V2[] = "111111111111111116",
                  V3[] = "222222222222222224", V4[] = "333333333333333332";

static void print_ticket(store_t *s, const char *v, int64_t number, int64_t amount) {
    must(store_credit_in(s, 0, STORE_IN_BILL, amount, NULL), s);
    store_ticket_t t;
    memset(&t, 0, sizeof t);
    snprintf(t.validation, sizeof t.validation, "%s", v);
    t.number = number, t.amount = amount, t.utc = 1000000000 + number; /* in 2001 */
    snprintf(t.machine, sizeof t.machine, "TEST-1");
    must(store_ticket_out(s, 0, &t, "out"), s);
}

/* How many audit rows of this event hold this text. */
static int audit_rows(store_t *s, const char *event, const char *text) {
    store_audit_row_t rows[64];
    int n = store_audit_read(s, rows, 64), k = 0;
    for (int i = 0; i < n; i++)
        k += strcmp(rows[i].event, event) == 0 && strstr(rows[i].detail, text) != NULL;
    return k;
}

static void test_registration_outbox(void **state) {
    fixture_t *f = *state;
    store_t *s = open_ok(f->path, NULL);
    print_ticket(s, V1, 1, 1000);
    print_ticket(s, V2, 2, 2000);
    print_ticket(s, V3, 3, 3000);
    store_ticket_t got;
    store_ticket_refusal_t why;
    must(store_ticket_redeem(s, 0, V1, "TEST-1", 0, "in", &got, &why), s);
    must(store_ticket_void(s, V2, "operator", "lost"), s);
    store_ticket_reg_t reg[8];
    assert_int_equal(store_ticket_unregistered(s, reg, 8), 3);
    assert_string_equal(reg[0].t.validation, V1);
    assert_int_equal(reg[0].t.state, STORE_TICKET_REDEEMED);
    assert_string_equal(reg[0].t.state_place, "TEST-1");
    assert_int_equal(reg[1].t.state, STORE_TICKET_VOIDED);
    assert_int_equal(reg[2].t.state, STORE_TICKET_ISSUED);
    assert_int_equal(reg[2].t.amount, 3000);
    assert_int_equal(reg[2].t.number, 3);
    /* answers for the next ones only, in order */
    assert_int_equal(store_ticket_registered(s, &reg[1], 1, NULL), STORE_REFUSED);
    store_ticket_reg_t swapped[2] = {reg[1], reg[0]};
    assert_int_equal(store_ticket_registered(s, swapped, 2, NULL), STORE_REFUSED);
    bool replay[2] = {false, true};
    must(store_ticket_registered(s, reg, 2, replay), s);
    store_ticket_reg_t left[8];
    assert_int_equal(store_ticket_unregistered(s, left, 8), 1);
    assert_string_equal(left[0].t.validation, V3);
    assert_int_equal(audit_rows(s, "ticket-registered", " replay"), 1);
    store_close(s);
    /* after a restart the outbox goes on where it was */
    s = open_ok(f->path, NULL);
    assert_int_equal(store_ticket_unregistered(s, left, 8), 1);
    must(store_ticket_registered(s, left, 1, NULL), s);
    assert_int_equal(store_ticket_unregistered(s, left, 8), 0);
    /* a ticket printed later is the next */
    print_ticket(s, V4, 4, 400);
    assert_int_equal(store_ticket_unregistered(s, left, 8), 1);
    assert_string_equal(left[0].t.validation, V4);
    must(store_verify(s, true), s);
    store_close(s);
}

static void test_check_paid_once(void **state) {
    fixture_t *f = *state;
    store_t *s = open_ok(f->path, NULL);
    store_ticket_check_t c, other;
    store_ticket_refusal_t why;
    /* a ticket of another machine: recorded before the controller is asked */
    must(store_ticket_check_begin(s, 0, V2, 0, &c, &why), s);
    assert_int_equal(why, STORE_TICKET_TAKEN);
    assert_false(c.own);
    assert_string_equal(c.validation, V2);
    /* one check at a time */
    assert_int_equal(store_ticket_check_begin(s, 0, V3, 0, &other, &why), STORE_REFUSED);
    assert_int_equal(why, STORE_TICKET_NOT_NOW);
    store_close(s);
    /* killed here: the check is still open after the restart, the same one */
    s = open_ok(f->path, NULL);
    store_ticket_check_t open;
    assert_int_equal(store_ticket_check_pending(s, &open), 1);
    assert_int_equal(open.id, c.id);
    assert_string_equal(open.validation, V2);
    assert_int_equal(credits(s, 0), 0);
    /* the controller paid it: credited, closed */
    must(store_ticket_check_paid(s, &open, 2500, "TEST-2", "floor"), s);
    assert_int_equal(credits(s, 0), 2500);
    assert_int_equal(meter(s, "voucher_in"), 2500);
    assert_int_equal(meter(s, "voucher_in_count"), 1);
    assert_int_equal(store_ticket_check_pending(s, &open), 0);
    /* the same answer written again: no check is open, nothing moves */
    assert_int_equal(store_ticket_check_paid(s, &c, 2500, "TEST-2", "floor"), STORE_REFUSED);
    assert_int_equal(credits(s, 0), 2500);
    /* inserted again: refused here, saying where it was paid, without asking anyone */
    assert_int_equal(store_ticket_check_begin(s, 0, V2, 0, &other, &why), STORE_REFUSED);
    assert_int_equal(why, STORE_TICKET_ALREADY);
    assert_string_equal(other.t.state_place, "TEST-2");
    store_ticket_totals_t tot;
    must(store_ticket_totals(s, &tot), s);
    assert_int_equal(tot.floor_n, 1);
    assert_int_equal(tot.floor, 2500);
    must(store_verify(s, true), s);
    store_close(s);
}

static void test_own_ticket_checked(void **state) {
    fixture_t *f = *state;
    store_t *s = open_ok(f->path, NULL);
    print_ticket(s, V1, 1, 1000);
    store_ticket_check_t c;
    store_ticket_refusal_t why;
    /* printed in 2001: expired long ago by a day's expiry, so refused here and not asked */
    assert_int_equal(store_ticket_check_begin(s, 0, V1, 86400, &c, &why), STORE_REFUSED);
    assert_int_equal(why, STORE_TICKET_EXPIRED);
    assert_int_equal(store_ticket_check_pending(s, &c), 0);
    must(store_ticket_check_begin(s, 0, V1, 0, &c, &why), s);
    assert_true(c.own);
    assert_int_equal(c.t.amount, 1000);
    /* the floor paying an own ticket another amount than printed is refused */
    assert_int_equal(store_ticket_check_paid(s, &c, 999, "TEST-1", "floor"), STORE_REFUSED);
    must(store_ticket_check_paid(s, &c, 1000, "TEST-1", "floor"), s);
    assert_int_equal(credits(s, 0), 1000);
    store_ticket_t t;
    bool found;
    must(store_ticket_get(s, V1, &t, &found), s);
    assert_int_equal(t.state, STORE_TICKET_REDEEMED);
    assert_false(t.elsewhere);
    store_ticket_totals_t tot;
    must(store_ticket_totals(s, &tot), s);
    assert_int_equal(tot.redeemed, 1000);
    assert_int_equal(tot.floor_n, 0);
    assert_int_equal(tot.outstanding_n, 0);
    must(store_verify(s, true), s);
    store_close(s);
}

static void test_refusals_and_fates(void **state) {
    fixture_t *f = *state;
    store_t *s = open_ok(f->path, NULL);
    print_ticket(s, V1, 1, 1000);
    print_ticket(s, V3, 2, 3000);
    print_ticket(s, V4, 3, 400);
    /* V1 is refused by the controller: paid at m2 */
    store_ticket_check_t c;
    store_ticket_refusal_t why;
    must(store_ticket_check_begin(s, 0, V1, 0, &c, &why), s);
    store_ticket_fate_t fate = {.utc = 1800001234};
    snprintf(fate.validation, sizeof fate.validation, "%s", V1);
    snprintf(fate.place, sizeof fate.place, "m2");
    must(store_ticket_check_refused(s, &c, "Ticket refused: it was paid already", &fate), s);
    assert_int_equal(store_ticket_check_pending(s, &c), 0);
    assert_int_equal(audit_rows(s, "voucher-refused", "paid already"), 1);
    store_ticket_t t;
    bool found, written;
    must(store_ticket_get(s, V1, &t, &found), s);
    assert_int_equal(t.state, STORE_TICKET_REDEEMED);
    assert_true(t.elsewhere);
    assert_string_equal(t.state_place, "m2");
    assert_int_equal(t.state_utc, 1800001234);
    /* told again by a pull: nothing new; it cannot be redeemed, voided or reprinted here */
    must(store_ticket_fate_record(s, &fate, &written), s);
    assert_false(written);
    store_ticket_t got;
    assert_int_equal(store_ticket_redeem(s, 0, V1, "TEST-1", 0, "in", &got, &why), STORE_REFUSED);
    assert_int_equal(why, STORE_TICKET_ALREADY);
    assert_int_equal(store_ticket_void(s, V1, "operator", ""), STORE_REFUSED);
    assert_int_equal(store_ticket_reprint(s, V1, "operator", "", &got), STORE_REFUSED);
    /* V3 voided at the floor by its operator there */
    store_ticket_fate_t voided = {.voided = true, .utc = 1800002000};
    snprintf(voided.validation, sizeof voided.validation, "%s", V3);
    snprintf(voided.place, sizeof voided.place, "the floor");
    snprintf(voided.detail, sizeof voided.detail, "stolen");
    must(store_ticket_fate_record(s, &voided, &written), s);
    assert_true(written);
    must(store_ticket_get(s, V3, &t, &found), s);
    assert_int_equal(t.state, STORE_TICKET_VOIDED);
    /* V4 redeemed here while off the link, and at another machine: kept for the operator */
    must(store_ticket_redeem(s, 0, V4, "TEST-1", 0, "in", &got, &why), s);
    store_ticket_fate_t twice = {.utc = 1800003000};
    snprintf(twice.validation, sizeof twice.validation, "%s", V4);
    snprintf(twice.place, sizeof twice.place, "m5");
    must(store_ticket_fate_record(s, &twice, &written), s);
    assert_true(written);
    assert_int_equal(audit_rows(s, "voucher-paid-twice", "redeemed at m5"), 1);
    /* a ticket this machine never printed is not its to record */
    snprintf(twice.validation, sizeof twice.validation, "%s", V2);
    assert_int_equal(store_ticket_fate_record(s, &twice, &written), STORE_REFUSED);
    store_ticket_totals_t tot;
    must(store_ticket_totals(s, &tot), s);
    assert_int_equal(tot.issued, 4400);
    assert_int_equal(tot.elsewhere_n, 1);
    assert_int_equal(tot.elsewhere, 1000);
    assert_int_equal(tot.voided, 3000);
    assert_int_equal(tot.redeemed, 400);
    assert_int_equal(tot.outstanding_n, 0);
    assert_int_equal(tot.outstanding, 0);
    /* the money: only V4 came back in; the checks agree */
    assert_int_equal(meter(s, "voucher_in"), 400);
    must(store_verify(s, true), s);
    store_close(s);
    s = open_ok(f->path, NULL);
    must(store_ticket_get(s, V1, &t, &found), s);
    assert_true(t.elsewhere);
    store_close(s);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_registration_outbox, setup, teardown),
        cmocka_unit_test_setup_teardown(test_check_paid_once, setup, teardown),
        cmocka_unit_test_setup_teardown(test_own_ticket_checked, setup, teardown),
        cmocka_unit_test_setup_teardown(test_refusals_and_fates, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
