/* Best of six and best of seven over every set of cards, against the published counts
 * (e.g. Wikipedia "Poker probability": 20,358,520 six-card and 133,784,560 seven-card sets). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "eval.h"

static void test_all_six_card_sets(void **state) {
    (void)state;
    static const long expect[EVAL_CATEGORIES] = {6612900, 9730740, 2532816, 732160, 361620,
                                                 205792,  165984,  14664,   1656,   188};
    long count[EVAL_CATEGORIES] = {0}, total = 0;
    eval_hand_t h0 = eval_hand_empty();
    for (int a = 0; a < 52; a++) {
        eval_hand_t h1 = eval_hand_add(h0, (card_t)a);
        for (int b = a + 1; b < 52; b++) {
            eval_hand_t h2 = eval_hand_add(h1, (card_t)b);
            for (int c = b + 1; c < 52; c++) {
                eval_hand_t h3 = eval_hand_add(h2, (card_t)c);
                for (int d = c + 1; d < 52; d++) {
                    eval_hand_t h4 = eval_hand_add(h3, (card_t)d);
                    for (int e = d + 1; e < 52; e++) {
                        eval_hand_t h5 = eval_hand_add(h4, (card_t)e);
                        for (int f = e + 1; f < 52; f++) {
                            count[eval_category(eval_hand_value(eval_hand_add(h5, (card_t)f)))]++;
                            total++;
                        }
                    }
                }
            }
        }
    }
    assert_int_equal(total, 20358520);
    for (int k = 0; k < EVAL_CATEGORIES; k++) assert_int_equal(count[k], expect[k]);
}

static void test_all_seven_card_sets(void **state) {
    (void)state;
    static const long expect[EVAL_CATEGORIES] = {23294460, 58627800, 31433400, 6461620, 6180020,
                                                 4047644,  3473184,  224848,   37260,   4324};
    long count[EVAL_CATEGORIES] = {0}, total = 0;
    eval_hand_t h0 = eval_hand_empty();
    for (int a = 0; a < 52; a++) {
        eval_hand_t h1 = eval_hand_add(h0, (card_t)a);
        for (int b = a + 1; b < 52; b++) {
            eval_hand_t h2 = eval_hand_add(h1, (card_t)b);
            for (int c = b + 1; c < 52; c++) {
                eval_hand_t h3 = eval_hand_add(h2, (card_t)c);
                for (int d = c + 1; d < 52; d++) {
                    eval_hand_t h4 = eval_hand_add(h3, (card_t)d);
                    for (int e = d + 1; e < 52; e++) {
                        eval_hand_t h5 = eval_hand_add(h4, (card_t)e);
                        for (int f = e + 1; f < 52; f++) {
                            eval_hand_t h6 = eval_hand_add(h5, (card_t)f);
                            for (int g = f + 1; g < 52; g++) {
                                count[eval_category(
                                    eval_hand_value(eval_hand_add(h6, (card_t)g)))]++;
                                total++;
                            }
                        }
                    }
                }
            }
        }
    }
    assert_int_equal(total, 133784560);
    for (int k = 0; k < EVAL_CATEGORIES; k++) assert_int_equal(count[k], expect[k]);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_all_six_card_sets),
        cmocka_unit_test(test_all_seven_card_sets),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
