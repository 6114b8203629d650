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

/* The render benchmark's record of one run (bench_render.c): every frame drawn, how long it took
 * from the tick's input to the picture presented, and the script's clock when it was drawn (the
 * benchmark knows from it which part of its session the frame showed). The arrays are the
 * caller's (cap frames); frames past cap are timed but not kept. */
typedef struct app_bench_record {
    int cap, n;
    bool every_frame; /* draw every frame, as headless tests do; else those a display would */
    float *ms;
    uint32_t *at_ms;
    float *cpu_ms;        /* the same frame's processor time on the loop's thread */
    uint16_t *made;       /* textures made for it (pictures and text) */
    uint8_t *screen;      /* the screen drawn: 0 the table (its pop-ups too), 1 the operator menu, 2
                             the demo */
    double first_frame_s; /* the process's start to its first frame presented */
    double peak_mb;       /* peak resident memory at the end */
    int textures_made, raster_hits, raster_writes;
    bool raster_on;
} app_bench_record_t;

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
    bool lang_given;    /* --lang: [display] language holds it, over the player's last choice */
    int64_t credits;    /* credits put on an empty machine at start: the config's free credits
                           on a desktop, 0 on a cabinet, or --credits */
    int64_t clock_s;    /* headless: the wall clock's start (UNIX seconds), 0 = the real time;
                           it then runs with the virtual clock (sessions, limits, breaks) */
    bool sparse;        /* headless: draws only the first frame and those a script's BOXES or
                           SCREENSHOT reads or its touches find their places in (layout tours:
                           the game plays the same, its unseen frames are not rendered) */
    /* the render benchmark's session: its script (text) played once as a player's session on
     * a real machine (its database, the demo after the idle time), every frame kept in record */
    const char *bench_script;
    app_bench_record_t *record;
} app_run_t;

/* Runs the machine of a validated config (cfg_load_file or cfg_defaults) with what the command
 * line adds, until the player quits (or the script ends). Returns the exit status. */
int app_run(const cfg_t *cfg, const app_run_t *run);

#endif
