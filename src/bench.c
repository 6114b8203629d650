/* `studpoker bench`: speed figures for the README. Benchmarks report; they never fail on a time.
 * Each figure is the best of several runs, so a moment of noise on a shared machine does not
 * decide it. */
#define _POSIX_C_SOURCE 200809L
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cli.h"
#include "eval.h"
#include "rng.h"

static double now_seconds(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Keeps the compiler from dropping the work whose result it would otherwise not need. */
static volatile uint64_t sink;

/* All 2,598,960 five-card hands in order, each built from its four-card prefix. */
static uint64_t all_five_in_order(void) {
    uint64_t sum = 0;
    eval_hand_t h0 = eval_hand_empty();
    for (int a = 0; a < 48; a++) {
        eval_hand_t h1 = eval_hand_add(h0, (card_t)a);
        for (int b = a + 1; b < 49; b++) {
            eval_hand_t h2 = eval_hand_add(h1, (card_t)b);
            for (int c = b + 1; c < 50; c++) {
                eval_hand_t h3 = eval_hand_add(h2, (card_t)c);
                for (int d = c + 1; d < 51; d++) {
                    eval_hand_t h4 = eval_hand_add(h3, (card_t)d);
                    for (int e = d + 1; e < 52; e++)
                        sum += (uint64_t)eval_hand_value(eval_hand_add(h4, (card_t)e));
                }
            }
        }
    }
    return sum;
}

static card_t *random_hands(size_t count, int size, uint64_t seed) {
    card_t *hands = malloc(count * (size_t)size);
    if (!hands) return NULL;
    rng_t rng;
    rng_init_seed_u64(&rng, seed);
    card_t deck[52];
    for (int i = 0; i < 52; i++) deck[i] = (card_t)i;
    for (size_t h = 0; h < count; h++) {
        /* partial Fisher-Yates: the first `size` positions are a uniform random hand */
        rng_shuffle_front(&rng, deck, 52, size);
        memcpy(hands + h * (size_t)size, deck, (size_t)size);
    }
    return hands;
}

static uint64_t eval_random(const card_t *hands, size_t count, int size) {
    uint64_t sum = 0;
    if (size == 5) {
        for (size_t i = 0; i < count; i++) {
            const card_t *c = hands + i * 5;
            eval_hand_t h = eval_hand_empty();
            h = eval_hand_add(h, c[0]), h = eval_hand_add(h, c[1]), h = eval_hand_add(h, c[2]);
            h = eval_hand_add(h, c[3]), h = eval_hand_add(h, c[4]);
            sum += (uint64_t)eval_hand_value(h);
        }
    } else {
        for (size_t i = 0; i < count; i++) {
            const card_t *c = hands + i * 7;
            eval_hand_t h = eval_hand_empty();
            h = eval_hand_add(h, c[0]), h = eval_hand_add(h, c[1]), h = eval_hand_add(h, c[2]);
            h = eval_hand_add(h, c[3]), h = eval_hand_add(h, c[4]), h = eval_hand_add(h, c[5]);
            h = eval_hand_add(h, c[6]);
            sum += (uint64_t)eval_hand_value(h);
        }
    }
    return sum;
}

static uint64_t best_random(const card_t *hands, size_t count) {
    uint64_t sum = 0;
    for (size_t i = 0; i < count; i++) {
        uint8_t used;
        sum += (uint64_t)eval_best(hands + i * 7, 7, &used) + used;
    }
    return sum;
}

static int bench_eval(int runs) {
    const size_t count = 8u << 20; /* 8,388,608 hands: well past the caches, as random play is */
    card_t *five = random_hands(count, 5, 1);
    card_t *seven = random_hands(count, 7, 2);
    if (!five || !seven) {
        fprintf(stderr, "studpoker bench: out of memory\n");
        free(five);
        free(seven);
        return 1;
    }
    double best[4] = {1e9, 1e9, 1e9, 1e9};
    for (int r = 0; r < runs; r++) {
        double t = now_seconds();
        sink += all_five_in_order();
        double t1 = now_seconds();
        sink += eval_random(five, count, 5);
        double t2 = now_seconds();
        sink += eval_random(seven, count, 7);
        double t3 = now_seconds();
        sink += best_random(seven, count / 16);
        double t4 = now_seconds();
        double d[4] = {t1 - t, t2 - t1, t3 - t2, t4 - t3};
        for (int k = 0; k < 4; k++)
            if (d[k] < best[k]) best[k] = d[k];
    }
    printf("hand evaluator, one thread, best of %d runs (tables built at compile time: 0 ms at "
           "start-up)\n",
           runs);
    printf("  %-44s %8.1f million/s\n",
           "all 2,598,960 five-card hands, in order:", 2598960.0 / best[0] / 1e6);
    printf("  %-44s %8.1f million/s\n", "random five-card hands:", (double)count / best[1] / 1e6);
    printf("  %-44s %8.1f million/s\n", "random seven-card hands:", (double)count / best[2] / 1e6);
    printf("  %-44s %8.1f million/s\n",
           "best five of seven with the cards (screen):", (double)(count / 16) / best[3] / 1e6);
    free(five);
    free(seven);
    return 0;
}

int cli_bench(int argc, char **argv) {
    const char *what = argc > 0 ? argv[0] : "eval";
    if (strcmp(what, "parsheet") == 0) return cli_bench_parsheet(argc - 1, argv + 1);
    if (strcmp(what, "simulate") == 0) {
        /* the simulation goal's own measure: classic Caribbean, every core, a fixed seed */
        char *args[] = {"--preset", "caribbean-classic", "--rounds", "50000000", "--seed", "1"};
        return cli_simulate((int)(sizeof args / sizeof args[0]), args);
    }
    if (strcmp(what, "store") == 0) return cli_bench_store(argc - 1, argv + 1);
    if (strcmp(what, "link") == 0 || strcmp(what, "table") == 0) {
#ifdef STUDPOKER_LINK
        return what[0] == 'l' ? cli_bench_link(argc - 1, argv + 1)
                              : cli_bench_table(argc - 1, argv + 1);
#else
        fprintf(stderr, "studpoker bench %s: this studpoker was built without libpq\n", what);
        return 1;
#endif
    }
    if (strcmp(what, "render") == 0) return cli_bench_render(argc - 1, argv + 1);
    int runs = 5;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--runs") == 0 && i + 1 < argc) {
            runs = atoi(argv[++i]);
            if (runs < 1 || runs > 1000) {
                fprintf(stderr, "studpoker bench: --runs must be 1..1000\n");
                return 2;
            }
        } else {
            fprintf(stderr, "studpoker bench: unknown argument '%s'\n", argv[i]);
            return 2;
        }
    }
    if (strcmp(what, "eval") == 0) return bench_eval(runs);
    fprintf(stderr,
            "studpoker bench: unknown benchmark '%s' (known: eval, render, parsheet, simulate, "
            "store)\n",
            what);
    return 2;
}
