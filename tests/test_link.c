/* The link client's rules without a server: the conversions in exact minor units (the same rules
 * the controller applies, controller.sql) and the notices' payload. Every expected figure is
 * worked out by hand in the comment beside it. The controller itself is tested against a real
 * server by link_controller.sh. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "link.h"
#include "link_internal.h"

static void test_share(void **state) {
    (void)state;
    int64_t f;
    /* 45% of 1.00 EUR: 100 * 4500 = 450,000 frac = 45 cents */
    assert_true(link_share_frac(100, 4500, 1, 1, &f));
    assert_int_equal(f, 450000);
    /* 45% of 1.00 GBP at 1.20 EUR: 100 * 4500 * 6 / 5 = 540,000 frac */
    assert_true(link_share_frac(100, 4500, 6, 5, &f));
    assert_int_equal(f, 540000);
    /* 45% of 0.01 GBP at 1.1713: 1 * 4500 * 11713 / 10000 = 5,270.85, rounded down */
    assert_true(link_share_frac(1, 4500, 11713, 10000, &f));
    assert_int_equal(f, 5270);
    /* 5% of 0.07 at 1/3: 7 * 500 / 3 = 1,166.67, rounded down */
    assert_true(link_share_frac(7, 500, 1, 3, &f));
    assert_int_equal(f, 1166);
    /* the largest figures the controller takes: 10^12 * 10^4 * 10^9 / 1 overflows int64_t */
    assert_false(link_share_frac(1000000000000, 10000, 1000000000, 1, &f));
    assert_true(link_share_frac(1000000000000, 10000, 1, 1000000000, &f));
    assert_int_equal(f, 10000000); /* 10^16 / 10^9 */
    assert_false(link_share_frac(-1, 4500, 1, 1, &f));
    assert_false(link_share_frac(100, 4500, 0, 1, &f));
}

static const char *item_at(const void *ctx, int i) {
    return ((const char *const *)ctx)[i];
}

/* The amounts a terminal sends in the server's text form (its stakes), written by hand: the
 * extremes of int64_t, negative, zero. Read back by the parser the replies go through. */
static void test_arrays(void **state) {
    (void)state;
    const int64_t v[] = {0, 7, -42, INT64_MAX, INT64_MIN, 100};
    char *s = lt_i64_array(6, v);
    assert_non_null(s);
    assert_string_equal(s, "{0,7,-42,9223372036854775807,-9223372036854775808,100}");
    int64_t back[8];
    assert_int_equal(lt_parse_i64_array(s, back, 8), 6);
    assert_memory_equal(back, v, sizeof v);
    free(s);
    s = lt_i64_array(0, v);
    assert_string_equal(s, "{}");
    free(s);
}

/* The arrays a host sends in the server's binary form (a deal, a settlement), byte by byte as
 * PostgreSQL's documentation of array_recv lays them out: the dimensions (1; 0 for an empty
 * array), a flag for NULLs (0), the items' type (int8 20, text 25), then for the one dimension its
 * length and its lower bound (1), then each item's length and bytes, every integer big-endian. */
static void test_arrays_binary(void **state) {
    (void)state;
    const int64_t v[] = {1, -2};
    int len = 0;
    char *s = lt_i64_array_bin(2, v, &len);
    static const unsigned char two[] = {0, 0, 0, 1, 0,   0,   0,   0,   0,   0,   0,   20,
                                        0, 0, 0, 2, 0,   0,   0,   1,   0,   0,   0,   8,
                                        0, 0, 0, 0, 0,   0,   0,   1, /* 1 */
                                        0, 0, 0, 8, 255, 255, 255, 255, 255, 255, 255, 254};
    assert_non_null(s);
    assert_int_equal(len, (int)sizeof two);
    assert_memory_equal(s, two, sizeof two);
    free(s);
    static const unsigned char none[] = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 20};
    s = lt_i64_array_bin(0, v, &len);
    assert_non_null(s);
    assert_int_equal(len, (int)sizeof none);
    assert_memory_equal(s, none, sizeof none);
    free(s);
    /* text as it is: no quotes, no escapes (a quote and a backslash are bytes like any other) */
    static const char *const items[] = {"p1", "", "a\"b\\"};
    static const unsigned char texts[] = {0, 0, 0, 1, 0, 0, 0, 0, 0,   0,   0,   25,  0,
                                          0, 0, 3, 0, 0, 0, 1, 0, 0,   0,   2,   'p', '1',
                                          0, 0, 0, 0, 0, 0, 0, 4, 'a', '"', 'b', '\\'};
    s = lt_text_array_bin(3, item_at, items, &len);
    assert_non_null(s);
    assert_int_equal(len, (int)sizeof texts);
    assert_memory_equal(s, texts, sizeof texts);
    free(s);
}

static void test_pay(void **state) {
    (void)state;
    int64_t a, d;
    /* the pool's own money: 5,434.05 + 0.1200 cent pays 5,434.05, and gives up just that */
    assert_true(link_pay(5434051200, 1, 1, &a, &d));
    assert_int_equal(a, 543405);
    assert_int_equal(d, 5434050000);
    /* seed 001 with 1 GBP = 1.20 EUR: the GBP player's share of 5,434.05 EUR is
     * 5,434,050,000 * 120 / 220 = 2,964,027,272 frac; in pence 2,964,027,272 * 5 / 60,000 =
     * 247,002.27 -> 247,002 (GBP 2,470.02); the pool gives up 247,002 * 60,000 / 5 =
     * 2,964,024,000 frac, exactly */
    assert_true(link_pay(2964027272, 6, 5, &a, &d));
    assert_int_equal(a, 247002);
    assert_int_equal(d, 2964024000);
    /* the EUR player's: 5,434,050,000 * 100 / 220 = 2,470,022,727 -> EUR 2,470.02 */
    assert_true(link_pay(2470022727, 1, 1, &a, &d));
    assert_int_equal(a, 247002);
    assert_int_equal(d, 2470020000);
    /* a rate whose value in frac is not whole: 1 cent at 1/3 is 3,333.33 frac; 10,000 frac pays
     * 10,000 * 3 / 10,000 = 3 cents, worth 30,000 / 3 = 10,000 frac exactly; 9,999 frac pays 2
     * cents, worth 20,000 / 3 = 6,666.67 -> the pool gives up 6,667 (rounded up, <= 9,999) */
    assert_true(link_pay(10000, 1, 3, &a, &d));
    assert_int_equal(a, 3);
    assert_int_equal(d, 10000);
    assert_true(link_pay(9999, 1, 3, &a, &d));
    assert_int_equal(a, 2);
    assert_int_equal(d, 6667);
    /* 1.1713: 1,050,000,000 frac (EUR 1,050.00) pays 1,050,000,000 * 10,000 / (11,713 * 10,000)
     * = 89,643.98 -> GBP 896.43, worth 89,643 * 11,713 = 1,049,988,459 frac */
    assert_true(link_pay(1050000000, 11713, 10000, &a, &d));
    assert_int_equal(a, 89643);
    assert_int_equal(d, 1049988459);
    assert_false(link_pay(-1, 1, 1, &a, &d));
}

static void test_local_meter(void **state) {
    (void)state;
    int64_t m;
    /* EUR 5,433.06 shown in GBP at 1.20: 5,433.06 / 1.2 = 4,527.55 */
    assert_true(link_frac_to_minor(5433060000, 6, 5, &m));
    assert_int_equal(m, 452755);
    /* EUR 1.00 at 1.1713: 100 / 1.1713 = 85.37... -> 85 pence, never more than the pool holds */
    assert_true(link_frac_to_minor(1000000, 11713, 10000, &m));
    assert_int_equal(m, 85);
}

static void test_notice(void **state) {
    (void)state;
    link_notice_t n;
    assert_true(link_notice_parse("pool=floor event=win value=1000000000 reserve=0 overflow=12 "
                                  "hits=2 base=1000000000 at=1764000000123456 site=paris "
                                  "machine=par2 game=2000 seat=1 currency=EUR amount=100000",
                                  &n));
    assert_string_equal(n.pool, "floor");
    assert_string_equal(n.event, "win");
    assert_int_equal(n.value, 1000000000);
    assert_int_equal(n.overflow, 12);
    assert_int_equal(n.hits, 2);
    assert_int_equal(n.sent_us, 1764000000123456);
    assert_string_equal(n.site, "paris");
    assert_string_equal(n.machine, "par2");
    assert_int_equal(n.game, 2000);
    assert_int_equal(n.seat, 1);
    assert_string_equal(n.currency, "EUR");
    assert_int_equal(n.amount, 100000);
    /* words it does not know are passed over; a line without pool and event is no notice */
    assert_true(link_notice_parse("later=1 pool=p event=contribute value=5", &n));
    assert_int_equal(n.value, 5);
    assert_false(link_notice_parse("value=5", &n));
    assert_false(link_notice_parse("", &n));
    /* a name longer than the field is cut, not overrun */
    assert_true(link_notice_parse("pool=aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa "
                                  "event=param",
                                  &n));
    assert_int_equal(strlen(n.pool), LINK_NAME_LEN - 1);
}

static void test_schema_carried(void **state) {
    (void)state;
    /* the program carries the schema it was built with */
    assert_non_null(strstr(link_controller_sql, "CREATE OR REPLACE FUNCTION splink.link_claim("));
    assert_non_null(strstr(link_controller_sql, "SECURITY DEFINER"));
}

/* A file of src/link as it is on disk (the caller frees it). */
static char *read_source(const char *name) {
    char path[1024];
    snprintf(path, sizeof path, "%s/src/link/%s", STUDPOKER_SOURCE_DIR, name);
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    static char buf[1 << 20];
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    fclose(f);
    buf[n] = '\0';
    char *copy = malloc(n + 1);
    assert_non_null(copy);
    memcpy(copy, buf, n + 1);
    return copy;
}

static int line_of(const char *text, const char *at) {
    int line = 1;
    for (const char *c = text; c < at; c++)
        if (*c == '\n') line++;
    return line;
}

/* The carried schema is the .sql files on disk joined in their install order (each file's first
 * line counted from the files before it), and an install error's position is told as the line of
 * its own file: a statement of each file found in the carried text is at the line where the
 * file on disk has it. */
static void test_schema_parts(void **state) {
    (void)state;
    static const char *const order[] = {
        "controller.sql",        "controller_operator.sql", "table.sql",
        "table_look.sql",        "table_host.sql",          "table_operator.sql",
        "controller_tickets.sql"};
    size_t at = 0;
    int first = 1;
    int k = 0;
    for (; k < (int)(sizeof order / sizeof order[0]); k++) {
        assert_non_null(link_controller_sql_parts[k].name);
        assert_string_equal(link_controller_sql_parts[k].name, order[k]);
        assert_int_equal(link_controller_sql_parts[k].first_line, first);
        char *text = read_source(order[k]);
        size_t n = strlen(text);
        assert_memory_equal(link_controller_sql + at, text, n);
        at += n;
        first = line_of(text, text + n) + first - 1;
        free(text);
    }
    assert_null(link_controller_sql_parts[k].name);
    assert_int_equal(strlen(link_controller_sql), at);

    static const struct {
        const char *file, *statement;
    } probes[] = {
        {"controller.sql", "CREATE OR REPLACE FUNCTION splink.link_claim("},
        {"table.sql", "CREATE OR REPLACE FUNCTION sptable.table_join("},
        {"table_look.sql", "CREATE OR REPLACE FUNCTION sptable.table_look("},
        {"table_host.sql", "CREATE OR REPLACE FUNCTION sptable.host_settle("},
        {"table_operator.sql", "CREATE OR REPLACE FUNCTION sptable.audit_money("},
        {"controller_tickets.sql", "RESET ROLE;"},
    };
    for (size_t i = 0; i < sizeof probes / sizeof probes[0]; i++) {
        char *text = read_source(probes[i].file);
        const char *on_disk = strstr(text, probes[i].statement);
        assert_non_null(on_disk);
        /* the same statement in the carried text: the first after the file's start */
        const char *carried = NULL;
        for (k = 0; strcmp(link_controller_sql_parts[k].name, probes[i].file) != 0; k++) {
        }
        const char *start = link_controller_sql;
        for (int line = 1; line < link_controller_sql_parts[k].first_line; start++)
            if (*start == '\n') line++;
        carried = strstr(start, probes[i].statement);
        assert_non_null(carried);
        char file[64];
        int line = 0;
        /* positions count from 1; the statement's second character, so that a match on the
         * first character alone does not decide it */
        assert_true(
            link_sql_where((long)(carried - link_controller_sql) + 2, file, sizeof file, &line));
        assert_string_equal(file, probes[i].file);
        assert_int_equal(line, line_of(text, on_disk));
        free(text);
    }
    /* outside the text: no place */
    char file[64];
    int line = 0;
    assert_false(link_sql_where(0, file, sizeof file, &line));
    assert_false(link_sql_where((long)strlen(link_controller_sql) + 1, file, sizeof file, &line));
    assert_true(link_sql_where((long)strlen(link_controller_sql), file, sizeof file, &line));
    assert_string_equal(file, "controller_tickets.sql");
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_share),          cmocka_unit_test(test_pay),
        cmocka_unit_test(test_arrays),         cmocka_unit_test(test_arrays_binary),
        cmocka_unit_test(test_local_meter),    cmocka_unit_test(test_notice),
        cmocka_unit_test(test_schema_carried), cmocka_unit_test(test_schema_parts),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
