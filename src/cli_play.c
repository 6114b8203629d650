/* `studpoker [play]`: the game window, with the options a person or a test script gives it. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app/app.h"
#include "cli.h"
#include "config.h"

static int usage_error(const char *msg, const char *arg) {
    fprintf(stderr, "studpoker play: %s%s%s\n", msg, arg ? " " : "", arg ? arg : "");
    return 2;
}

static int play_usage(void) {
    printf(
        "usage: studpoker [play] [OPTIONS]\n"
        "  --config FILE        the game, limits, pay tables and cabinet (default: the built-in\n"
        "                       caribbean-classic); --preset NAME for a built-in one\n"
        "  --windowed | --fullscreen | --kiosk   how the table is shown (--kiosk: a locked\n"
        "                       cabinet: only the operator menu or SIGTERM ends it)\n"
        "  --size WxH           window or render size, e.g. 1920x1080\n"
        "  --db PATH            the machine's database (credits, meters, history)\n"
        "  --credits AMOUNT     desktop play money at a first start, e.g. 500.00\n"
        "  --hint               show the optimal decision before each choice\n"
        "  --attract            the demo: plays itself forever, records nothing\n"
        "  --lang LANG          the language on screen: en, zh_CN, zh_TW, es (default: the\n"
        "                       player's last choice on a desktop, else [display] language)\n"
        "  --turbo --mute --no-vsync --summary --assets DIR\n"
        "  --join TABLE         sit at a shared table ([table] url and terminal name the\n"
        "                       controller and this terminal)\n"
        "  --headless --script FILE | --screenshot F.png | --autoplay N [--seed N] [--deck CARDS]\n"
        "                       without a display, for tests and soaks (see README)\n"
        "  --frame-ms N         headless: virtual ms between drawn frames (default 16)\n"
        "  --sparse             headless script: draw only the frames it acts on or reads\n"
        "                       (BOXES, SCREENSHOT): the same play, faster layout tours\n"
        "  --clock SECONDS      headless: the wall clock starts at this UNIX time (tests of\n"
        "                       sessions, limits and breaks)\n");
    return 0;
}

int cli_play(int argc, char **argv) {
    for (int i = 0; i < argc; i++)
        if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) return play_usage();
    app_run_t o;
    memset(&o, 0, sizeof o);
    /* the config first (the built-in defaults of caribbean-classic without one), then the
     * command line over it */
    static cfg_t cfg;
    const char *path = NULL;
    for (int i = 0; i + 1 < argc; i++)
        if (strcmp(argv[i], "--config") == 0) path = argv[i + 1];
    if (path) {
        static cfg_errors_t errs;
        if (cfg_load_file(path, &cfg, &errs) != 0) {
            cfg_errors_print(&errs, stderr);
            fprintf(stderr,
                    "studpoker: %s has errors; the game does not start with it "
                    "(studpoker check-config %s lists them)\n",
                    path, path);
            return 2;
        }
    } else {
        cfg_defaults(&cfg, PRESET_CARIBBEAN_CLASSIC);
    }
    /* free credits are for desktop play: a cabinet's come in through its acceptors */
    bool credits_given = false;
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i];
        const char *next = i + 1 < argc ? argv[i + 1] : NULL;
        if (strcmp(a, "--windowed") == 0)
            cfg.display.mode = CFG_DISPLAY_WINDOWED;
        else if (strcmp(a, "--fullscreen") == 0)
            cfg.display.mode = CFG_DISPLAY_FULLSCREEN;
        else if (strcmp(a, "--kiosk") == 0)
            cfg.display.mode = CFG_DISPLAY_KIOSK;
        else if (strcmp(a, "--headless") == 0)
            o.headless = true;
        else if (strcmp(a, "--sparse") == 0)
            o.sparse = true;
        else if (strcmp(a, "--turbo") == 0)
            cfg.display.turbo = true;
        else if (strcmp(a, "--mute") == 0)
            cfg.sound.mute = true;
        else if (strcmp(a, "--attract") == 0)
            o.attract = true;
        else if (strcmp(a, "--hint") == 0)
            cfg.hint.show = true;
        else if (strcmp(a, "--summary") == 0)
            o.summary = true;
        else if (strcmp(a, "--no-vsync") == 0)
            cfg.display.vsync = false;
        else if (!next)
            return usage_error("missing value after", a);
        else if (strcmp(a, "--config") == 0)
            i++; /* read above */
        else if (strcmp(a, "--db") == 0)
            o.db = argv[++i];
        else if (strcmp(a, "--join") == 0)
            snprintf(cfg.table.join, sizeof cfg.table.join, "%s", argv[++i]);
        else if (strcmp(a, "--autoplay") == 0) {
            char *end;
            o.autoplay = strtoll(next, &end, 10);
            if (*end || o.autoplay < 1)
                return usage_error("--autoplay needs a number of rounds above 0, not", next);
            i++;
        } else if (strcmp(a, "--preset") == 0) {
            rules_preset_t p;
            if (!rules_preset_from_key(next, &p)) return usage_error("unknown preset", next);
            rules_preset(&cfg.rules, p);
            i++;
        } else if (strcmp(a, "--deck") == 0) {
            if (o.ndecks == 4) return usage_error("at most 4 --deck options", NULL);
            o.decks[o.ndecks++] = argv[++i];
        } else if (strcmp(a, "--script") == 0)
            o.script = argv[++i];
        else if (strcmp(a, "--screenshot") == 0)
            o.screenshot = argv[++i];
        else if (strcmp(a, "--assets") == 0)
            o.assets = argv[++i];
        else if (strcmp(a, "--lang") == 0) {
            char err[CFG_ERROR_LEN];
            if (!next || !cfg_set(&cfg, "display", "language", next, err, sizeof err))
                return usage_error("--lang needs en, zh_CN, zh_TW or es, not", next);
            o.lang_given = true;
            i++;
        } else if (strcmp(a, "--frame-ms") == 0) {
            char *end;
            long v = strtol(next, &end, 10);
            if (*end || v < 1 || v > 250)
                return usage_error("--frame-ms needs a number of milliseconds from 1 to 250, not",
                                   next);
            o.frame_ms = (int)v;
            i++;
        } else if (strcmp(a, "--clock") == 0) {
            char *end;
            o.clock_s = strtoll(next, &end, 10);
            if (*end || o.clock_s < 1)
                return usage_error("--clock needs a UNIX time in seconds, not", next);
            i++;
        } else if (strcmp(a, "--seed") == 0) {
            char *end;
            o.seed = strtoull(next, &end, 10);
            if (*end || o.seed == 0)
                return usage_error("--seed needs a whole number above 0, not", next);
            i++;
        } else if (strcmp(a, "--credits") == 0) {
            credits_given = true;
            if (!cfg_parse_money(next, &o.credits) || o.credits < 0)
                return usage_error("--credits needs an amount like 500.00, not", next);
            i++;
        } else if (strcmp(a, "--size") == 0) {
            if (sscanf(next, "%dx%d", &cfg.display.width, &cfg.display.height) != 2 ||
                cfg.display.width < 320 || cfg.display.height < 240 || cfg.display.width > 8192 ||
                cfg.display.height > 8192)
                return usage_error("--size needs WIDTHxHEIGHT, not", next);
            i++;
        } else
            return usage_error("unknown option", a);
    }
    /* a cabinet's credits come in through its acceptors, never free */
    if (!credits_given)
        o.credits = cfg.display.mode == CFG_DISPLAY_KIOSK ? 0 : cfg.cabinet.free_credits;
    if (o.attract) {
        /* the demo deals from its own seeded deck with play money, and records nothing */
        if (o.db) return usage_error("--attract records nothing: no --db", NULL);
        if (!o.seed) o.seed = 1;
        if (!o.autoplay) o.autoplay = INT64_MAX; /* forever */
        o.credits = 100000;
    }
    if (o.ndecks && !o.headless)
        return usage_error("--deck (a stacked deck) is for headless tests only", NULL);
    if (o.frame_ms && !o.headless) return usage_error("--frame-ms is for headless runs only", NULL);
    if (o.clock_s && !o.headless) return usage_error("--clock is for headless runs only", NULL);
    if (o.sparse && !o.script) return usage_error("--sparse is for headless scripts only", NULL);
    if (o.headless && !o.script && !o.screenshot && !o.autoplay)
        return usage_error("--headless needs --script FILE or --screenshot FILE", NULL);
    return app_run(&cfg, &o);
}
