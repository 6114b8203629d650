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

/* The config's settings as the window's options (the command line may override them). */
static void options_from_config(app_options_t *o, const cfg_t *c) {
    o->rules = c->rules;
    o->display = c->display.mode == CFG_DISPLAY_KIOSK        ? APP_KIOSK
                 : c->display.mode == CFG_DISPLAY_FULLSCREEN ? APP_FULLSCREEN
                                                             : APP_WINDOWED;
    o->width = c->display.width;
    o->height = c->display.height;
    o->display_index = c->display.index;
    o->vsync = c->display.vsync;
    o->turbo = c->display.turbo;
    o->volume = c->sound.volume;
    o->mute = c->sound.mute;
    o->voice = c->sound.voice;
    /* free credits are for desktop play: a cabinet's credits come in through its coin and
     * bill acceptors */
    o->credits = c->display.mode == CFG_DISPLAY_KIOSK ? 0 : c->cabinet.free_credits;
    o->store_dir = c->cabinet.store_path;
    o->hint = c->hint.show;
    o->coin_value = c->cabinet.coin_value;
    o->nbills = c->cabinet.bill_values.count > 8 ? 8 : c->cabinet.bill_values.count;
    for (int i = 0; i < o->nbills; i++) o->bill_values[i] = c->cabinet.bill_values.value[i];
    o->machine_id = c->cabinet.machine_id;
    o->operator_pin = c->cabinet.operator_pin;
    o->voucher_dir = c->cabinet.voucher_path;
    o->key_path = c->cabinet.key_path;
    o->anchor_path = c->cabinet.anchor_path;
    o->stall_seconds = c->cabinet.stall_seconds;
    o->attract_idle = c->attract.enabled;
    o->attract_idle_seconds = c->attract.idle_seconds;
    o->min_payback_bp = c->approval.min_payback_bp;
    o->max_payback_bp = c->approval.max_payback_bp;
    /* every button's [keys] list, as text (app.c reads it back with cfg_parse_key_list) */
    static char key_text[CFG_BUTTONS][CFG_VALUE_LEN];
    _Static_assert(CFG_BUTTONS <= sizeof o->keys / sizeof o->keys[0], "a row per button");
    for (int b = 0; b < CFG_BUTTONS; b++) {
        cfg_format_key_list(&c->keys[b], key_text[b], sizeof key_text[b]);
        o->keys[b].button = cfg_button_key((cfg_button_t)b);
        o->keys[b].key = key_text[b];
    }
    o->nkeys = CFG_BUTTONS;
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
        "  --turbo --mute --no-vsync --summary --assets DIR\n"
        "  --headless --script FILE | --screenshot F.png | --autoplay N [--seed N] [--deck CARDS]\n"
        "                       without a display, for tests and soaks (see README)\n"
        "  --frame-ms N         headless: virtual ms between drawn frames (default 16)\n");
    return 0;
}

int cli_play(int argc, char **argv) {
    for (int i = 0; i < argc; i++)
        if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) return play_usage();
    app_options_t o;
    app_options_default(&o);
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
    options_from_config(&o, &cfg);
    bool credits_given = false;
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i];
        const char *next = i + 1 < argc ? argv[i + 1] : NULL;
        if (strcmp(a, "--windowed") == 0)
            o.display = APP_WINDOWED;
        else if (strcmp(a, "--fullscreen") == 0)
            o.display = APP_FULLSCREEN;
        else if (strcmp(a, "--kiosk") == 0)
            o.display = APP_KIOSK;
        else if (strcmp(a, "--headless") == 0)
            o.headless = true;
        else if (strcmp(a, "--turbo") == 0)
            o.turbo = true;
        else if (strcmp(a, "--mute") == 0)
            o.mute = true;
        else if (strcmp(a, "--attract") == 0)
            o.attract = true;
        else if (strcmp(a, "--hint") == 0)
            o.hint = true;
        else if (strcmp(a, "--summary") == 0)
            o.summary = true;
        else if (strcmp(a, "--no-vsync") == 0)
            o.vsync = false;
        else if (!next)
            return usage_error("missing value after", a);
        else if (strcmp(a, "--config") == 0)
            i++; /* read above */
        else if (strcmp(a, "--db") == 0)
            o.db = argv[++i];
        else if (strcmp(a, "--autoplay") == 0) {
            char *end;
            o.autoplay = strtoll(next, &end, 10);
            if (*end || o.autoplay < 1)
                return usage_error("--autoplay needs a number of rounds above 0, not", next);
            i++;
        } else if (strcmp(a, "--preset") == 0) {
            rules_preset_t p;
            if (!rules_preset_from_key(next, &p)) return usage_error("unknown preset", next);
            rules_preset(&o.rules, p);
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
        else if (strcmp(a, "--frame-ms") == 0) {
            char *end;
            long v = strtol(next, &end, 10);
            if (*end || v < 1 || v > 250)
                return usage_error("--frame-ms needs a number of milliseconds from 1 to 250, not",
                                   next);
            o.frame_ms = (int)v;
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
            if (sscanf(next, "%dx%d", &o.width, &o.height) != 2 || o.width < 320 ||
                o.height < 240 || o.width > 8192 || o.height > 8192)
                return usage_error("--size needs WIDTHxHEIGHT, not", next);
            i++;
        } else
            return usage_error("unknown option", a);
    }
    /* a cabinet's credits come in through its acceptors, never free */
    if (o.display == APP_KIOSK && !credits_given) o.credits = 0;
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
    if (o.headless && !o.script && !o.screenshot && !o.autoplay)
        return usage_error("--headless needs --script FILE or --screenshot FILE", NULL);
    return app_run(&o);
}
