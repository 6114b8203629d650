/* `studpoker bench store [--rounds N] [--dir DIR]`: a machine's database grown to N rounds
 * (1,000,000 by default) through the store's own round protocol, and at N/100, N/10 and N
 * rounds the start-up a player would wait for: the store's checks alone, and the whole program
 * to its first frame with its peak memory (each in a fresh process, the game's own binary). A
 * start checks only what came after the newest checkpoint, so neither may grow with the history.
 * The database is built with synchronous=OFF and thousands of the store's commits to one SQLite
 * transaction (a benchmark's shortcuts, never a machine's: the records are the same); the
 * start-ups are measured as a machine runs. Reports; never fails on a time. */
#define _POSIX_C_SOURCE 200809L
#include <inttypes.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"
#include "rng.h"
#include "round.h"
#include "store.h"

extern char **environ;

static double now_s(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static int fail(store_t *s, const char *doing) {
    fprintf(stderr, "studpoker bench store: %s: %s\n", doing, s ? store_message(s) : "no store");
    store_close(s);
    return 1;
}

/* Plays rounds until the store holds `upto` games: ante 5.00, deal, PLAY (the strategy does not
 * matter to the store; every round records its bet, the deal and a decision). */
static int grow(store_t *s, const rules_t *ru, rng_t *rng, int64_t upto, int64_t *games) {
    static round_t r;
    int64_t credits;
    if (store_credits(s, 0, &credits) != STORE_OK) return fail(s, "reading the credits");
    int64_t last[RULES_MAX_SEATS * WAGER_COUNT] = {0};
    while (*games < upto) {
        if (credits < 100000) {
            if (store_credit_in(s, 0, STORE_IN_BILL, 10000000, "bench") != STORE_OK)
                return fail(s, "a note in");
            credits += 10000000;
        }
        deck_t d;
        deck_init52(&d);
        deck_shuffle(&d, rng);
        char err[160];
        if (!round_init(&r, ru, &d, 1, &credits, last, NULL, err, sizeof err)) {
            fprintf(stderr, "studpoker bench store: %s\n", err);
            return 1;
        }
        int64_t game;
        if (store_round_begin(s, &r, &game) != STORE_OK) return fail(s, "a round");
        round_action_t acts[] = {round_bet(0, WAGER_ANTE, 500), round_simple(ACT_DEAL, 0),
                                 round_simple(ACT_PLAY, 0)};
        for (size_t i = 0; i < sizeof acts / sizeof acts[0]; i++) {
            round_status_t why;
            if (store_round_action(s, &acts[i], &why) != STORE_OK) return fail(s, "an action");
            round_apply(&r, &acts[i]);
        }
        if (store_round_finish(s, &r) != STORE_OK) return fail(s, "finishing a round");
        credits = r.seat[0].credits;
        *games = game;
    }
    return 0;
}

/* The whole program's start on this database, in its own process: the render benchmark's line
 * ("start to first frame ... peak memory ...") for one frame. */
static void program_start(const char *db) {
    char exe[4096];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (n <= 0) return;
    exe[n] = '\0';
    char *args[] = {exe, "bench", "render", "1920x1080", "--frames", "1", "--db", (char *)db, NULL};
    pid_t pid;
    if (posix_spawn(&pid, exe, NULL, NULL, args, environ) != 0) return;
    int status;
    waitpid(pid, &status, 0);
}

int cli_bench_store(int argc, char **argv) {
    int64_t rounds = 1000000;
    const char *dir = NULL;
    for (int i = 0; i < argc; i++) {
        if (strcmp(argv[i], "--rounds") == 0 && i + 1 < argc) {
            rounds = strtoll(argv[++i], NULL, 10);
            if (rounds < 1000 || rounds > 100000000) {
                fprintf(stderr, "studpoker bench store: --rounds must be 1000..100000000\n");
                return 2;
            }
        } else if (strcmp(argv[i], "--dir") == 0 && i + 1 < argc) {
            dir = argv[++i];
        } else {
            fprintf(stderr, "studpoker bench store: usage: bench store [--rounds N] [--dir DIR]\n");
            return 2;
        }
    }
    char tmpl[] = "/tmp/studpoker-bench-store.XXXXXX", db[4200];
    if (!dir && !(dir = mkdtemp(tmpl))) {
        perror("studpoker bench store: mkdtemp");
        return 1;
    }
    mkdir(dir, 0700);
    snprintf(db, sizeof db, "%s/machine.db", dir);
    rules_t ru;
    rules_preset(&ru, PRESET_CARIBBEAN_CLASSIC);
    rng_t rng;
    rng_init_seed_u64(&rng, 20261124);
    int64_t games = 0, marks[] = {rounds / 100, rounds / 10, rounds};
    printf("a machine's database grown to %" PRId64 " rounds of classic Caribbean Stud in %s\n",
           rounds, dir);
    fflush(stdout);
    double built = 0;
    for (size_t m = 0; m < sizeof marks / sizeof marks[0]; m++) {
        if (marks[m] < 100 || (m && marks[m] <= marks[m - 1])) continue;
        store_options_t fast = {.unsafe_no_sync = true, .bench_batch_commits = 5000};
        store_t *s = NULL;
        char err[STORE_MSG_LEN];
        double t0 = now_s();
        if (store_open_files(db, NULL, NULL, &fast, &s, err, sizeof err) != STORE_OK)
            return fail(s, "opening");
        int64_t before = games;
        if (grow(s, &ru, &rng, marks[m], &games) != 0) return 1;
        store_close(s);
        built += now_s() - t0;
        printf("  %" PRId64 " rounds (built %.0f rounds/s)\n", games,
               (double)(games - before) / (now_s() - t0));
        /* the store's start alone, as a machine opens it (synchronous=FULL, the anchor) */
        double best = 1e9;
        for (int k = 0; k < 3; k++) {
            double t = now_s();
            if (store_open_files(db, NULL, NULL, NULL, &s, err, sizeof err) != STORE_OK)
                return fail(s, "reopening");
            store_close(s);
            double d = now_s() - t;
            if (d < best) best = d;
        }
        struct stat sb;
        stat(db, &sb);
        printf("    store checks at start: %.1f ms (best of 3); database %.0f MB\n", best * 1e3,
               (double)sb.st_size / 1048576.0);
        printf("    whole program: ");
        fflush(stdout);
        program_start(db);
    }
    printf("built in %.0f s\n", built);
    return 0;
}
