/* Which calls of a frame came in another order than in the last (gfx_moved, ui_gfx_internal.h):
 * the calls matched kind by kind, then the longest run of them in the last frame's order kept. */
#include "ui_gfx_internal.h"

#include <stdlib.h>

typedef struct hash_at {
    uint64_t hash;
    int at;
} hash_at_t;

static int by_hash(const void *x, const void *y) {
    const hash_at_t *a = x, *b = y;
    if (a->hash != b->hash) return a->hash < b->hash ? -1 : 1;
    return (a->at > b->at) - (a->at < b->at);
}

bool gfx_moved(const uint64_t *now, const uint64_t *before, int n, uint8_t *moved) {
    hash_at_t *a = malloc((size_t)n * sizeof *a), *b = malloc((size_t)n * sizeof *b);
    int *was = malloc((size_t)n * sizeof *was), *tail = malloc((size_t)n * sizeof *tail);
    int *back = malloc((size_t)n * sizeof *back);
    bool ok = a && b && was && tail && back;
    if (ok) {
        for (int k = 0; k < n; k++) a[k] = (hash_at_t){now[k], k}, b[k] = (hash_at_t){before[k], k};
        /* the k-th call of a kind in one frame is the k-th of that kind in the other */
        qsort(a, (size_t)n, sizeof *a, by_hash);
        qsort(b, (size_t)n, sizeof *b, by_hash);
        for (int k = 0; k < n; k++) {
            if (a[k].hash != b[k].hash) ok = false; /* not the same calls */
            was[a[k].at] = b[k].at;
        }
    }
    if (ok) {
        /* the longest run whose places in the last frame rise (patience sorting: tail[m] ends
         * the best run of m + 1 found so far, back[] leads through it) */
        int len = 0;
        for (int k = 0; k < n; k++) {
            int lo = 0, hi = len;
            while (lo < hi) {
                int mid = (lo + hi) / 2;
                if (was[tail[mid]] < was[k])
                    lo = mid + 1;
                else
                    hi = mid;
            }
            back[k] = lo > 0 ? tail[lo - 1] : -1;
            tail[lo] = k;
            if (lo == len) len++;
        }
        for (int k = 0; k < n; k++) moved[k] = 1;
        for (int k = len > 0 ? tail[len - 1] : -1; k >= 0; k = back[k]) moved[k] = 0;
    }
    free(a), free(b), free(was), free(tail), free(back);
    return ok;
}
