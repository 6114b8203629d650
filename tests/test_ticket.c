/* The validation number (src/core/ticket): the Luhn check digit against the published example
 * (account 7992739871 has check digit 3; leading zeros change no Luhn sum), every single-digit
 * error caught, new numbers unpredictable but always checking, and the forms a person or a
 * scanner gives. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "ticket.h"

static void test_published_example(void **state) {
    (void)state;
    assert_true(ticket_check_ok("000000079927398713"));
    assert_false(ticket_check_ok("000000079927398714"));
    assert_true(ticket_check_ok("000000000000000000"));
    assert_false(ticket_check_ok("00000007992739871"));   /* 17 digits */
    assert_false(ticket_check_ok("00000007992739871x3")); /* not digits */
}

static void test_new_numbers_check_and_differ(void **state) {
    (void)state;
    char a[TICKET_DIGITS + 1], b[TICKET_DIGITS + 1];
    for (int i = 0; i < 1000; i++) {
        ticket_new_validation(a);
        assert_int_equal(strlen(a), TICKET_DIGITS);
        assert_true(ticket_check_ok(a));
        /* any one digit changed is caught */
        for (int k = 0; k < TICKET_DIGITS; k++) {
            memcpy(b, a, sizeof b);
            b[k] = (char)('0' + (b[k] - '0' + 1 + i % 9) % 10);
            assert_false(ticket_check_ok(b));
        }
    }
    ticket_new_validation(b);
    assert_string_not_equal(a, b);
}

static void test_forms(void **state) {
    (void)state;
    char d[TICKET_DIGITS + 1], g[TICKET_TEXT];
    assert_true(ticket_parse("84-5520-5437-4099-5418", d));
    assert_string_equal(d, "845520543740995418");
    ticket_group(d, g);
    assert_string_equal(g, "84-5520-5437-4099-5418");
    assert_true(ticket_parse("845520543740995418", d));
    assert_true(ticket_parse("8455 2054 3740 9954 18", d));
    assert_false(ticket_parse("84552054374099541", d));   /* 17 */
    assert_false(ticket_parse("8455205437409954181", d)); /* 19 */
    assert_false(ticket_parse("-845520543740995418", d)); /* a dash only between digits */
    assert_false(ticket_parse("84552054374099541A", d));
    assert_false(ticket_parse("", d));
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_published_example),
        cmocka_unit_test(test_new_numbers_check_and_differ),
        cmocka_unit_test(test_forms),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
