/* test_lang: the language on screen (lang.h) and the money formatter with each language's
 * conventions (money.h).
 *
 * The amounts' expected texts are CLDR's conventions for each language, written here from them
 * (Spanish: a point groups from five digits, the symbol after the amount; Chinese and English:
 * commas, the symbol before; JPY has no minor units), not read back from the program. The hand
 * names are the issue's own example ("Pair of Fours, Ace kicker") and its wording in each
 * language as its players say it; the plural forms are each language's (Spanish: 1 punto, 2
 * puntos; Chinese has one form). The catalogs are the build's (msgfmt at build time). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "eval.h"
#include "lang.h"
#include "money.h"
#include "round.h"

static const char *amount(cfg_language_t l, int64_t minor, const char *cur) {
    static char buf[MONEY_TEXT_MAX];
    money_style_t st = lang_money_style_for(l, cur);
    return money_format_style(minor, &st, buf, sizeof buf);
}

static void test_money_by_language(void **state) {
    (void)state;
    assert_string_equal(amount(CFG_LANG_EN, 123450, "USD"), "$1,234.50");
    assert_string_equal(amount(CFG_LANG_EN, 123450, "HKD"), "HK$1,234.50");
    assert_string_equal(amount(CFG_LANG_EN, 123450, "MOP"), "MOP$1,234.50");
    assert_string_equal(amount(CFG_LANG_EN, 123450, "CNY"), "CN\xC2\xA5"
                                                            "1,234.50");
    assert_string_equal(amount(CFG_LANG_EN, 1200, "CHF"), "CHF 12.00");
    /* Spanish (Spain): 1234,50 € but 12.345,50 €; the code after the amount too */
    assert_string_equal(amount(CFG_LANG_ES, 123450, "EUR"), "1234,50 \xE2\x82\xAC");
    assert_string_equal(amount(CFG_LANG_ES, 1234550, "EUR"), "12.345,50 \xE2\x82\xAC");
    assert_string_equal(amount(CFG_LANG_ES, 123456789, "EUR"), "1.234.567,89 \xE2\x82\xAC");
    assert_string_equal(amount(CFG_LANG_ES, -300, "EUR"), "-3,00 \xE2\x82\xAC");
    assert_string_equal(amount(CFG_LANG_ES, 1200, "CHF"), "12,00 CHF");
    assert_string_equal(amount(CFG_LANG_ES, 500, "USD"), "5,00 US$");
    /* Chinese: the yuan's own sign in Simplified, the Taiwan dollar's in Traditional */
    assert_string_equal(amount(CFG_LANG_ZH_CN, 123450, "CNY"), "\xC2\xA5"
                                                               "1,234.50");
    assert_string_equal(amount(CFG_LANG_ZH_CN, 123450, "USD"), "US$1,234.50");
    assert_string_equal(amount(CFG_LANG_ZH_TW, 123450, "TWD"), "$1,234.50");
    assert_string_equal(amount(CFG_LANG_ZH_TW, 123450, "HKD"), "HK$1,234.50");
    assert_string_equal(amount(CFG_LANG_ZH_TW, 123450, "MOP"), "MOP$1,234.50");
    /* no minor units shown for the yen, unless there are some: money is never hidden */
    assert_string_equal(amount(CFG_LANG_EN, 123400, "JPY"), "\xC2\xA5"
                                                            "1,234");
    assert_string_equal(amount(CFG_LANG_EN, 123456, "JPY"), "\xC2\xA5"
                                                            "1,234.56");
    /* without a currency: the bare amount in the language's separators */
    assert_string_equal(amount(CFG_LANG_ES, 1234550, NULL), "12.345,50");
    /* the English formatter is the same as ever */
    char b[MONEY_TEXT_MAX];
    assert_string_equal(money_format(123450, "EUR", b, sizeof b), "\xE2\x82\xAC"
                                                                  "1,234.50");
}

static void hand(cfg_language_t l, const char *cards, const char *want) {
    card_t c[5];
    assert_int_equal(card_parse_list(cards, c, 5, NULL, 0), 5);
    lang_set(l);
    char buf[128];
    assert_string_equal(lang_hand_name(eval_value(c, 5), buf, sizeof buf), want);
}

static void test_hand_names(void **state) {
    (void)state;
    hand(CFG_LANG_EN, "4h 4s Ac 9d 7s", "Pair of Fours, Ace kicker");
    hand(CFG_LANG_ZH_CN, "4h 4s Ac 9d 7s",
         "\xE4\xB8\x80\xE5\xAF\xB9"
         "4\xEF\xBC\x8C\xE8\xB8\xA2"
         "\xE8\x84\x9A"
         "A"); /* 一对4，踢脚A */
    hand(CFG_LANG_ZH_TW, "4h 4s Ac 9d 7s",
         "\xE4\xB8\x80\xE5\xB0\x8D"
         "4\xEF\xBC\x8C\xE8\xB8\xA2"
         "\xE8\x85\xB3"
         "A"); /* 一對4，踢腳A */
    hand(CFG_LANG_ES, "4h 4s Ac 9d 7s", "Pareja de cuatros, kicker as");
    hand(CFG_LANG_ES, "Ks Kd Kc 6h 6s", "Full de reyes y seises");
    hand(CFG_LANG_ZH_CN, "As Ks Qs Js Ts",
         "\xE7\x9A\x87\xE5\xAE\xB6\xE5\x90\x8C\xE8\x8A\xB1"
         "\xE9\xA1\xBA"); /* 皇家同花顺 */
    hand(CFG_LANG_EN, "Ks Kd Kc 6h 6s", "Full House, Kings full of Sixes");
}

static void test_plural_forms(void **state) {
    (void)state;
    char b[40];
    lang_set(CFG_LANG_ES);
    snprintf(b, sizeof b, NG_("%d point", "%d points", 1), 1);
    assert_string_equal(b, "1 punto");
    snprintf(b, sizeof b, NG_("%d point", "%d points", 7), 7);
    assert_string_equal(b, "7 puntos");
    lang_set(CFG_LANG_EN);
    snprintf(b, sizeof b, NG_("%d point", "%d points", 1), 1);
    assert_string_equal(b, "1 point"); /* not "1 POINTS" */
    lang_set(CFG_LANG_ZH_CN);
    snprintf(b, sizeof b, NG_("%d point", "%d points", 7), 7);
    assert_string_equal(b, "7\xE7\x82\xB9"); /* 7点 */
}

/* A refusal of the core, in the player's language and money; Chinese takes the values in
 * another order (%1$d, %2$s). */
static void test_refusals(void **state) {
    (void)state;
    round_status_t s = {
        .refusal = REFUSE_AT_MAX, .format = "%s is at its maximum of %s.", .nargs = 2};
    s.arg[0] = (round_arg_t){ROUND_ARG_WAGER, WAGER_ANTE};
    s.arg[1] = (round_arg_t){ROUND_ARG_MONEY, 10000};
    char b[200];
    lang_set(CFG_LANG_ES);
    assert_string_equal(lang_refusal(&s, "EUR", b, sizeof b),
                        "ANTE est\xC3\xA1 en su m\xC3\xA1ximo de 100,00 \xE2\x82\xAC.");
    lang_set(CFG_LANG_EN);
    assert_string_equal(lang_refusal(&s, "USD", b, sizeof b), "ANTE is at its maximum of $100.00.");
    round_status_t r = {.refusal = REFUSE_CREDITS,
                        .format = "Seat %d needs %s more credits to cover the raise (has %s).",
                        .nargs = 3};
    r.arg[0] = (round_arg_t){ROUND_ARG_NUMBER, 2};
    r.arg[1] = (round_arg_t){ROUND_ARG_MONEY, 1000};
    r.arg[2] = (round_arg_t){ROUND_ARG_MONEY, 500};
    lang_set(CFG_LANG_ZH_CN);
    lang_refusal(&r, "CNY", b, sizeof b);
    assert_non_null(strstr(b, "2"));
    assert_true(strstr(b, "\xC2\xA5"
                          "10.00") < strstr(b, "\xC2\xA5"
                                               "5.00")); /* in order */
    assert_non_null(strstr(b, "\xE5\x8F\xB7"));          /* 号: the seat's number comes first */
    assert_true(strstr(b, "2") < strstr(b, "\xC2\xA5"
                                           "10.00"));
    lang_set(CFG_LANG_EN);
}

/* The language changes while the program runs, and back; names of the core translated. */
static void test_switching(void **state) {
    (void)state;
    lang_set(CFG_LANG_ZH_TW);
    assert_string_equal(lang_category(EVAL_FULL_HOUSE), "\xE8\x91\xAB\xE8\x98\x86"); /* 葫蘆 */
    lang_set(CFG_LANG_ZH_CN);
    assert_string_equal(lang_category(EVAL_FULL_HOUSE), "\xE8\x91\xAB\xE8\x8A\xA6"); /* 葫芦 */
    lang_set(CFG_LANG_ES);
    assert_string_equal(lang_category(EVAL_STRAIGHT_FLUSH), "Escalera de color");
    assert_string_equal(lang_wager(WAGER_ANTE), "ANTE");
    lang_set(CFG_LANG_EN);
    assert_string_equal(lang_category(EVAL_FULL_HOUSE), "Full House");
    assert_int_equal(lang_get(), CFG_LANG_EN);
}

int main(void) {
    if (!lang_init(STUDPOKER_LOCALE_DIR, CFG_LANG_EN)) {
        fprintf(stderr, "no catalogs in %s (the build compiles them)\n", STUDPOKER_LOCALE_DIR);
        return 1;
    }
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_money_by_language), cmocka_unit_test(test_hand_names),
        cmocka_unit_test(test_plural_forms),      cmocka_unit_test(test_refusals),
        cmocka_unit_test(test_switching),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
