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

#include "rules.h"

typedef enum app_display { APP_WINDOWED = 0, APP_FULLSCREEN, APP_KIOSK } app_display_t;

typedef struct app_options {
    rules_t rules;
    int64_t credits; /* credits on the machine at start (desktop: free credits) */
    app_display_t display;
    int width, height;
    int display_index; /* which monitor (fullscreen and kiosk) */
    bool vsync;
    bool turbo;
    int volume; /* 0..100 */
    bool mute, voice;
    bool headless;
    const char *script;     /* headless: timed button presses */
    const char *screenshot; /* headless: PNG written at the end */
    int frame_ms;           /* headless: virtual time between drawn frames (logic steps at
                             * 120 Hz whatever it is); 0 = 16, a 60 Hz display */
    uint64_t seed;          /* 0: unpredictable deal */
    const char *decks[4];   /* headless tests: stacked decks for the first rounds */
    int ndecks;
    const char *assets;    /* NULL: find them */
    int bench_frames;      /* >0: render benchmark mode (frames to time) */
    bool summary;          /* print the last round's summary line at exit (tests) */
    const char *db;        /* the machine's database; NULL: the default (none when headless) */
    bool hint;             /* show the optimal decision and its value ([hint] show) */
    bool attract;          /* the demo: plays itself on its own seeded deck and play money,
                              never touching the machine's credits, meters or history */
    int64_t autoplay;      /* >0: the machine plays by itself until this many rounds are recorded
                              (or played, without a store): soak and kill tests */
    const char *store_dir; /* config [cabinet] store_path: the folder of the default database */
    /* the cabinet ([cabinet], [attract]) */
    int64_t coin_value;     /* credit per coin */
    int64_t bill_values[8]; /* notes the acceptor takes, ascending; BILL inserts the first */
    int nbills;
    const char *machine_id, *operator_pin;
    const char *voucher_dir; /* NULL/"": vouchers/ beside the database (none without one) */
    const char *key_path;    /* NULL/"": machine.key in the database's folder */
    const char *anchor_path; /* NULL/"": the database's path with .anchor */
    int stall_seconds;       /* the watchdog */
    bool attract_idle;       /* the demo starts after attract_idle_seconds idle with no credits */
    int attract_idle_seconds;
    /* the return range the machine is approved for ([approval] min_payback, max_payback), in
     * basis points: a cabinet (kiosk) with a bet outside it does not start, a desktop game
     * warns on the table; figures kept in the store's cache */
    int32_t min_payback_bp, max_payback_bp;
    struct {
        const char *button; /* logical button name, "deal" */
        const char *key;    /* SDL key name, "Return" */
    } keys[40];
    int nkeys;
} app_options_t;

void app_options_default(app_options_t *o);

/* Runs the game until the player quits (or the script ends). Returns the exit status. */
int app_run(const app_options_t *o);

/* Where the assets are: STUDPOKER_ASSETS, next to the program, or the source tree. */
const char *app_find_assets(char *buf, int len);

#endif
