/* The money formatter: every expected text is written out by hand, never read back from the
 * code, from the way the screens and tickets show amounts ("$1,234.50", "CHF 12.00", "1K" on a
 * chip, "ONE HUNDRED TWENTY-THREE AND 45/100" on a ticket). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <string.h>

#include "money.h"

static const char *fmt(int64_t v, const char *cur) {
    static char buf[MONEY_TEXT_MAX];
    memset(buf, 'x', sizeof buf);
    return money_format(v, cur, buf, sizeof buf);
}

static void test_symbols_and_codes(void **state) {
    (void)state;
    assert_string_equal(fmt(123450, "USD"), "$1,234.50");
    assert_string_equal(fmt(500, "EUR"), "\xE2\x82\xAC"
                                         "5.00");
    assert_string_equal(fmt(20000, "GBP"), "\xC2\xA3"
                                           "200.00");
    assert_string_equal(fmt(1200, "CHF"), "CHF 12.00");
    assert_string_equal(fmt(123456789, "SEK"), "SEK 1,234,567.89");
}

static void test_grouping(void **state) {
    (void)state;
    assert_string_equal(fmt(0, "USD"), "$0.00");
    assert_string_equal(fmt(5, "USD"), "$0.05");
    assert_string_equal(fmt(99, "USD"), "$0.99");
    assert_string_equal(fmt(99999, "USD"), "$999.99");
    assert_string_equal(fmt(100000, "USD"), "$1,000.00");
    assert_string_equal(fmt(1000000, "USD"), "$10,000.00");
    assert_string_equal(fmt(10000000, "USD"), "$100,000.00");
    assert_string_equal(fmt(100000000, "USD"), "$1,000,000.00");
    assert_string_equal(fmt(1676000000, "USD"), "$16,760,000.00");
}

static void test_negative(void **state) {
    (void)state;
    assert_string_equal(fmt(-300, "USD"), "-$3.00");
    assert_string_equal(fmt(-1, "USD"), "-$0.01");
    assert_string_equal(fmt(-123456789, "CHF"), "-CHF 1,234,567.89");
    assert_string_equal(fmt(-100000, NULL), "-1,000.00");
}

/* The round's refusals write limits without a currency. */
static void test_bare(void **state) {
    (void)state;
    assert_string_equal(fmt(123456, NULL), "1,234.56");
    static const char empty[4] = ""; /* an unset currency field */
    assert_string_equal(fmt(123456, empty), "1,234.56");
    assert_string_equal(fmt(100, NULL), "1.00");
    assert_string_equal(fmt(50000000, NULL), "500,000.00");
}

/* The largest amounts fit MONEY_TEXT_MAX, INT64_MIN included (its magnitude has no int64_t). */
static void test_extremes(void **state) {
    (void)state;
    assert_string_equal(fmt(INT64_MAX, "USD"), "$92,233,720,368,547,758.07");
    assert_string_equal(fmt(INT64_MIN, "USD"), "-$92,233,720,368,547,758.08");
    assert_string_equal(fmt(INT64_MIN, "CHF"), "-CHF 92,233,720,368,547,758.08");
    assert_true(strlen(fmt(INT64_MIN, "CHF")) < MONEY_TEXT_MAX);
}

static void test_short_buffer(void **state) {
    (void)state;
    char buf[6];
    assert_ptr_equal(money_format(123450, "USD", buf, sizeof buf), buf);
    assert_string_equal(buf, "$1,23");
    char one[1] = {'x'};
    money_format(123450, "USD", one, 1);
    assert_int_equal(one[0], '\0');
    char none[1] = {'x'};
    money_format(123450, "USD", none, 0);
    assert_int_equal(none[0], 'x'); /* no room at all: nothing written */
}

static void test_chip_faces(void **state) {
    (void)state;
    char b[MONEY_TEXT_MAX];
    assert_string_equal(money_format_chip(25, b, sizeof b), ".25");
    assert_string_equal(money_format_chip(50, b, sizeof b), ".50");
    assert_string_equal(money_format_chip(100, b, sizeof b), "1");
    assert_string_equal(money_format_chip(500, b, sizeof b), "5");
    assert_string_equal(money_format_chip(2500, b, sizeof b), "25");
    assert_string_equal(money_format_chip(10000, b, sizeof b), "100");
    assert_string_equal(money_format_chip(50000, b, sizeof b), "500");
    assert_string_equal(money_format_chip(100000, b, sizeof b), "1K");
    assert_string_equal(money_format_chip(250000, b, sizeof b), "2500");
    assert_string_equal(money_format_chip(2500000, b, sizeof b), "25K");
}

static const char *words(int64_t v) {
    static char buf[MONEY_WORDS_MAX];
    return money_words(v, buf, sizeof buf);
}

static void test_words(void **state) {
    (void)state;
    assert_string_equal(words(0), "ZERO AND 00/100");
    assert_string_equal(words(5), "ZERO AND 05/100");
    assert_string_equal(words(1919), "NINETEEN AND 19/100");
    assert_string_equal(words(2000), "TWENTY AND 00/100");
    assert_string_equal(words(9900), "NINETY-NINE AND 00/100");
    assert_string_equal(words(10100), "ONE HUNDRED ONE AND 00/100");
    assert_string_equal(words(12345), "ONE HUNDRED TWENTY-THREE AND 45/100");
    assert_string_equal(words(100000), "ONE THOUSAND AND 00/100");
    assert_string_equal(words(100100), "ONE THOUSAND ONE AND 00/100");
    assert_string_equal(words(2000000000), "TWENTY MILLION AND 00/100");
    assert_string_equal(words(100000000700), "ONE BILLION SEVEN AND 00/100");
    assert_string_equal(words(-1500), "MINUS FIFTEEN AND 00/100");
}

/* Every group of the largest amount, and it fits MONEY_WORDS_MAX. */
static void test_words_largest(void **state) {
    (void)state;
    const char *w = words(INT64_MAX);
    assert_string_equal(w, "NINETY-TWO QUADRILLION TWO HUNDRED THIRTY-THREE TRILLION SEVEN HUNDRED "
                           "TWENTY BILLION THREE HUNDRED SIXTY-EIGHT MILLION FIVE HUNDRED "
                           "FORTY-SEVEN THOUSAND SEVEN HUNDRED FIFTY-EIGHT AND 07/100");
    /* the longest groups (777) at every scale below the top one */
    w = words(INT64_C(87777777777777777) * 100 + 77);
    assert_string_equal(w, "EIGHTY-SEVEN QUADRILLION SEVEN HUNDRED SEVENTY-SEVEN TRILLION SEVEN "
                           "HUNDRED SEVENTY-SEVEN BILLION SEVEN HUNDRED SEVENTY-SEVEN MILLION "
                           "SEVEN HUNDRED SEVENTY-SEVEN THOUSAND SEVEN HUNDRED SEVENTY-SEVEN AND "
                           "77/100");
    assert_true(strlen(words(-INT64_C(87777777777777777) * 100 - 77)) < MONEY_WORDS_MAX - 1);
}

static const char *zh(int64_t v, bool traditional) {
    static char buf[MONEY_WORDS_MAX];
    return money_words_zh(v, traditional, buf, sizeof buf);
}

/* The People's Bank of China's own examples of writing amounts on cheques and vouchers
 * (正确填写票据和结算凭证的基本规定, item 7: the first form where two are allowed), and the
 * issue's 12.50. */
static void test_words_chinese(void **state) {
    (void)state;
    assert_string_equal(zh(140950, false), "壹仟肆佰零玖元伍角");
    assert_string_equal(zh(600714, false), "陆仟零柒元壹角肆分");
    assert_string_equal(zh(168032, false), "壹仟陆佰捌拾元零叁角贰分");
    assert_string_equal(zh(10700053, false), "壹拾万柒仟元零伍角叁分");
    assert_string_equal(zh(1640902, false), "壹万陆仟肆佰零玖元零贰分");
    assert_string_equal(zh(32504, false), "叁佰贰拾伍元零肆分");
    assert_string_equal(zh(1250, false), "壹拾贰元伍角");
    assert_string_equal(zh(1250, true), "壹拾貳元伍角");
    /* 整 after whole units; zero; cents alone; a zero inside the ten thousands */
    assert_string_equal(zh(1200, false), "壹拾贰元整");
    assert_string_equal(zh(0, false), "零元整");
    assert_string_equal(zh(5, false), "伍分");
    assert_string_equal(zh(50, true), "伍角");
    assert_string_equal(zh(10070000, false), "壹拾万零柒佰元整");
    assert_string_equal(zh(-300, true), "負參元整");
    /* the big units: 亿 (億), then the mainland's 万亿 and Taiwan's 兆 and 京 */
    assert_string_equal(zh(INT64_C(10000000000), false), "壹亿元整");
    assert_string_equal(zh(INT64_C(10000000500), true), "壹億零伍元整");
    assert_string_equal(zh(INT64_C(150000000000000), false), "壹万伍仟亿元整");
    assert_string_equal(zh(INT64_C(150000000000000), true), "壹兆伍仟億元整");
    assert_string_equal(zh(INT64_MAX, true),
                        "玖京貳仟貳佰參拾參兆柒仟貳佰零參億陸仟捌佰伍拾肆萬柒仟柒佰伍拾捌元零柒分");
}

static const char *es(int64_t v) {
    static char buf[MONEY_WORDS_MAX];
    return money_words_es(v, buf, sizeof buf);
}

/* The Real Academia's numerals: CIEN alone, CIENTO before more; UN and VEINTIÚN before MIL,
 * MILLÓN and BILLÓN, UNO at the end; MIL without UN; the long scale (BILLÓN: 10^12). */
static void test_words_spanish(void **state) {
    (void)state;
    assert_string_equal(es(1250), "DOCE CON 50/100");
    assert_string_equal(es(5), "CERO CON 05/100");
    assert_string_equal(es(100), "UNO CON 00/100");
    assert_string_equal(es(2100), "VEINTIUNO CON 00/100");
    assert_string_equal(es(1600), "DIECISÉIS CON 00/100");
    assert_string_equal(es(2200), "VEINTIDÓS CON 00/100");
    assert_string_equal(es(3100), "TREINTA Y UNO CON 00/100");
    assert_string_equal(es(10000), "CIEN CON 00/100");
    assert_string_equal(es(10100), "CIENTO UNO CON 00/100");
    assert_string_equal(es(51600), "QUINIENTOS DIECISÉIS CON 00/100");
    assert_string_equal(es(100000), "MIL CON 00/100");
    assert_string_equal(es(123456), "MIL DOSCIENTOS TREINTA Y CUATRO CON 56/100");
    assert_string_equal(es(2100000), "VEINTIÚN MIL CON 00/100");
    assert_string_equal(es(3100000), "TREINTA Y UN MIL CON 00/100");
    assert_string_equal(es(10000000), "CIEN MIL CON 00/100");
    assert_string_equal(es(10100000), "CIENTO UN MIL CON 00/100");
    assert_string_equal(es(100000000), "UN MILLÓN CON 00/100");
    assert_string_equal(es(250000000), "DOS MILLONES QUINIENTOS MIL CON 00/100");
    assert_string_equal(es(2100000100), "VEINTIÚN MILLONES UNO CON 00/100");
    assert_string_equal(es(INT64_C(100000000000)), "MIL MILLONES CON 00/100");
    assert_string_equal(es(INT64_C(100000000000000)), "UN BILLÓN CON 00/100");
    assert_string_equal(es(-700), "MENOS SIETE CON 00/100");
    assert_string_equal(es(INT64_MAX),
                        "NOVENTA Y DOS MIL DOSCIENTOS TREINTA Y TRES BILLONES SETECIENTOS VEINTE "
                        "MIL TRESCIENTOS SESENTA Y OCHO MILLONES QUINIENTOS CUARENTA Y SIETE MIL "
                        "SETECIENTOS CINCUENTA Y OCHO CON 07/100");
    /* the longest groups (777) at every scale fit the buffer */
    assert_true(strlen(es(-INT64_C(87777777777777777) * 100 - 77)) < MONEY_WORDS_MAX - 1);
    assert_true(strlen(zh(-INT64_C(87777777777777777) * 100 - 77, false)) < MONEY_WORDS_MAX - 1);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_symbols_and_codes), cmocka_unit_test(test_grouping),
        cmocka_unit_test(test_negative),          cmocka_unit_test(test_bare),
        cmocka_unit_test(test_extremes),          cmocka_unit_test(test_short_buffer),
        cmocka_unit_test(test_chip_faces),        cmocka_unit_test(test_words),
        cmocka_unit_test(test_words_largest),     cmocka_unit_test(test_words_chinese),
        cmocka_unit_test(test_words_spanish),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
