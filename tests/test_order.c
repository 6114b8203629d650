/* Which calls of a frame came in another order than in the last (gfx_moved, ui_gfx_order.c): over
 * random frames of calls with repeats, the calls kept are in the last frame's order (every pair of
 * them, checked here one pair at a time), and as many as the longest such run, counted here by
 * the plain quadratic method over the k-th-of-a-kind matching; a frame in the same order keeps
 * them all; calls that are not the same are refused. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include <cmocka.h>

#include "ui_gfx_internal.h"

static uint32_t seed = 12345;
static uint32_t next(void) {
    seed = seed * 1103515245u + 12345u;
    return seed >> 8;
}

/* where now[k] was in before: the k-th of its kind to the k-th */
static void matched(const uint64_t *now, const uint64_t *before, int n, int *was) {
    for (int k = 0; k < n; k++) {
        int nth = 0;
        for (int i = 0; i < k; i++) nth += now[i] == now[k];
        for (int j = 0; j < n; j++)
            if (before[j] == now[k] && nth-- == 0) {
                was[k] = j;
                break;
            }
    }
}

static void random_frames(void **state) {
    (void)state;
    for (int round = 0; round < 400; round++) {
        int n = 1 + (int)(next() % 60);
        uint64_t now[60], before[60];
        int kinds = 1 + (int)(next() % 20);
        for (int k = 0; k < n; k++) before[k] = 1000 + next() % (uint32_t)kinds;
        /* now: the same calls, a few moved */
        for (int k = 0; k < n; k++) now[k] = before[k];
        int moves = (int)(next() % 4);
        for (int m = 0; m < moves; m++) {
            int from = (int)(next() % (uint32_t)n), to = (int)(next() % (uint32_t)n);
            uint64_t v = now[from];
            if (from < to)
                for (int k = from; k < to; k++) now[k] = now[k + 1];
            else
                for (int k = from; k > to; k--) now[k] = now[k - 1];
            now[to] = v;
        }
        uint8_t moved[60];
        assert_true(gfx_moved(now, before, n, moved));
        int was[60], kept = 0;
        matched(now, before, n, was);
        for (int a = 0; a < n; a++) {
            kept += !moved[a];
            for (int b = a + 1; b < n; b++)
                if (!moved[a] && !moved[b]) assert_true(was[a] < was[b]);
        }
        /* the longest rising run, the slow way */
        int best[60], longest = 0;
        for (int k = 0; k < n; k++) {
            best[k] = 1;
            for (int i = 0; i < k; i++)
                if (was[i] < was[k] && best[i] + 1 > best[k]) best[k] = best[i] + 1;
            if (best[k] > longest) longest = best[k];
        }
        assert_int_equal(kept, longest);
        if (moves == 0) assert_int_equal(kept, n);
    }
}

static void not_the_same_calls(void **state) {
    (void)state;
    uint64_t now[3] = {1, 2, 3}, before[3] = {1, 2, 4};
    uint8_t moved[3];
    assert_false(gfx_moved(now, before, 3, moved));
}

int main(void) {
    const struct CMUnitTest tests[] = {cmocka_unit_test(random_frames),
                                       cmocka_unit_test(not_the_same_calls)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
