/* app: the game window: SDL start-up, the main loop, scenes, headless scripts and screenshots.
 *
 * The loop runs the game logic in fixed steps and draws once per displayed frame (vsync), and
 * sleeps instead of spinning when nothing moves. Headless runs use SDL's offscreen video and
 * dummy audio drivers with a virtual clock, so a script of timed button presses plays the same
 * way on every machine and as fast as the machine can draw. */
#ifndef STUDPOKER_APP_H
#define STUDPOKER_APP_H

#include <stdbool.h>
#include <stdint.h>

#include "config.h"

/* What the command line adds to the config: how the program runs, not what the machine is. */
typedef struct app_run {
    bool headless;
    const char *script;     /* headless: timed button presses */
    const char *screenshot; /* headless: PNG written at the end */
    int frame_ms;           /* headless: virtual time between drawn frames (logic steps at
                             * 120 Hz whatever it is); 0 = 16, a 60 Hz display */
    uint64_t seed;          /* 0: unpredictable deal */
    const char *decks[4];   /* headless tests: stacked decks for the first rounds */
    int ndecks;
    const char *assets; /* --assets: the only place looked at; NULL: find them (app_data.h) */
    int bench_frames;   /* >0: render benchmark mode (frames to time) */
    bool summary;       /* print the last round's summary line at exit (tests) */
    const char *db;     /* the machine's database; NULL: the default (none when headless) */
    bool attract;       /* the demo: plays itself on its own seeded deck and play money, never
                           touching the machine's credits, meters or history */
    int64_t autoplay;   /* >0: the machine plays by itself until this many rounds are recorded
                           (or played, without a store): soak and kill tests */
    int64_t credits;    /* credits put on an empty machine at start: the config's free credits
                           on a desktop, 0 on a cabinet, or --credits */
    int64_t clock_s;    /* headless: the wall clock's start (UNIX seconds), 0 = the real time;
                           it then runs with the virtual clock (sessions, limits, breaks) */
} app_run_t;

/* Runs the machine of a validated config (cfg_load_file or cfg_defaults) with what the command
 * line adds, until the player quits (or the script ends). Returns the exit status. */
int app_run(const cfg_t *cfg, const app_run_t *run);

#endif
