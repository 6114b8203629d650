#define _GNU_SOURCE /* fmemopen, CLOCK_BOOTTIME */
#include "app.h"

#include <SDL.h>
#include <SDL_image.h>
#include <SDL_ttf.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <signal.h>
#include <sodium.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>
#ifdef STUDPOKER_SYSTEMD
#include <systemd/sd-daemon.h>
#endif

#include "approval.h"
#include "config.h"
#include "game.h"
#include "machine.h"
#include "scene_operator.h"
#include "scene_table.h"
#include "strategy.h"
#include "ui_audio.h"
#include "ui_gfx.h"
#include "ui_input.h"
#include "voucher.h"

#ifndef STUDPOKER_SOURCE_ASSETS
#define STUDPOKER_SOURCE_ASSETS "assets"
#endif

#define TICK_HZ 120

/* SIGTERM and SIGINT (systemd stopping the service, Ctrl+C in a terminal) end the program in
 * order; a window-close request is something else, which a kiosk ignores. The one flag a signal
 * handler may set is the only mutable global. */
static volatile sig_atomic_t terminate_requested;
static void on_terminate(int sig) {
    (void)sig;
    terminate_requested = 1;
}

static bool dir_has_cards(const char *dir) {
    char path[700];
    snprintf(path, sizeof path, "%s/cards/back.svg", dir);
    FILE *f = fopen(path, "rb");
    if (f) fclose(f);
    return f != NULL;
}

const char *app_find_assets(char *buf, int len) {
    const char *env = getenv("STUDPOKER_ASSETS");
    if (env && *env) {
        snprintf(buf, (size_t)len, "%s", env);
        return buf;
    }
    char *base = SDL_GetBasePath();
    if (base) {
        static const char *const rel[] = {"assets", "../assets", "../../assets",
                                          "../share/studpoker/assets"};
        for (size_t i = 0; i < sizeof rel / sizeof rel[0]; i++) {
            snprintf(buf, (size_t)len, "%s%s", base, rel[i]);
            if (dir_has_cards(buf)) {
                SDL_free(base);
                return buf;
            }
        }
        SDL_free(base);
    }
    snprintf(buf, (size_t)len, "%s", STUDPOKER_SOURCE_ASSETS);
    return buf;
}

/* ---- headless scripts: "<ms> <BUTTON>", "<ms> TAP x y", "<ms> SPOT ante",
 * "<ms> SCREENSHOT file.png", "<ms> QUIT" ---- */

typedef struct script_line {
    uint32_t at_ms;
    char verb[24];
    char arg[200];
    float x, y;
} script_line_t;

typedef struct script {
    script_line_t *lines;
    int n, next;
    uint32_t base_ms; /* a looping script (the benchmark) starts again from here */
} script_t;

static bool script_load(script_t *s, const char *path, const char *text) {
    memset(s, 0, sizeof *s);
    FILE *f = text ? fmemopen((void *)text, strlen(text), "r") : fopen(path, "r");
    if (!f) {
        fprintf(stderr, "studpoker: cannot read script %s\n", path);
        return false;
    }
    char line[300];
    int cap = 0, lineno = 0;
    while (fgets(line, sizeof line, f)) {
        lineno++;
        char *p = line;
        while (*p == ' ' || *p == '\t') p++;
        if (*p == '#' || *p == '\n' || *p == '\0') continue;
        if (s->n == cap) {
            cap = cap ? cap * 2 : 64;
            script_line_t *nl = realloc(s->lines, (size_t)cap * sizeof *nl);
            if (!nl) break;
            s->lines = nl;
        }
        script_line_t *l = &s->lines[s->n];
        memset(l, 0, sizeof *l);
        unsigned ms;
        int used = 0;
        if (sscanf(p, "%u %23s%n", &ms, l->verb, &used) < 2) {
            fprintf(stderr, "%s:%d: want '<ms> <BUTTON> [arg]'\n", path, lineno);
            fclose(f);
            return false;
        }
        l->at_ms = ms;
        sscanf(p + used, " %199[^\n]", l->arg);
        if (strcmp(l->verb, "TAP") == 0 || strcmp(l->verb, "TOUCH") == 0)
            sscanf(l->arg, "%f %f", &l->x, &l->y);
        s->n++;
    }
    fclose(f);
    return true;
}

/* ---- the loop ---- */

typedef struct app {
    strategy_t *strategy;       /* the optimal strategy (autoplay, the hint) */
    SDL_Thread *strategy_maker; /* the hint's strategy is built while the table is played */
    atomic_int stop_strategy;   /* set at the end: the maker gives up at once */
    rules_t strategy_rules;
    SDL_Window *window;
    SDL_Renderer *ren;
    ui_gfx_t gfx;
    ui_input_state_t input;
    ui_audio_t audio;
    machine_t machine; /* the game, its store, the cabinet's functions */
    table_scene_t table;
    bool fullscreen;

    const app_run_t *o; /* what the command line adds: headless, script, seed, ... */
    const cfg_t *c;     /* the validated config (the operator's settings: machine.cfg) */
    char assets[512];
    char voucher_dir[1024];
    operator_scene_t op;
    int64_t script_bill; /* a script's BILL <amount> */

    /* the demo when nobody plays: a machine of its own (memory only, its own seeded deck) */
    machine_t *demo;
    table_scene_t *demo_table;
    bool attracting;
    int64_t demo_rounds_seen;
    float interlude_left; /* the help pages between demo rounds */
    int interlude_page;

    /* the watchdog: the loop's heartbeat, watched by a thread */
    SDL_atomic_t heartbeat_ms;
    SDL_atomic_t stop_watchdog;
    SDL_Thread *watchdog;
    uint32_t notified_ms; /* systemd's watchdog was last told we live */
} app_t;

static void print_summary(const app_t *a) {
    const game_t *g = &a->machine.game;
    const round_t *r = &g->round;
    const round_seat_t *s = &r->seat[0];
    printf("game=%llu phase=%s credits=%lld staked=%lld returned=%lld folded=%d",
           (unsigned long long)g->number,
           r->phase == ROUND_BETTING    ? "betting"
           : r->phase == ROUND_DECIDING ? "deciding"
           : r->phase == ROUND_SETTLED  ? "settled"
                                        : "void",
           (long long)s->credits, (long long)round_seat_staked(r, 0),
           (long long)round_seat_returned(r, 0), s->folded);
    char c[3];
    printf(" cards=");
    for (int i = 0; i < s->ncards; i++) printf("%s", card_format(s->cards[i], c));
    if (r->phase == ROUND_SETTLED || r->phase == ROUND_VOID) {
        printf(" dealer=");
        if (g->rules.variant == VARIANT_CAJUN)
            for (int i = 0; i < 3; i++) printf("%s", card_format(r->board[i], c));
        else
            for (int i = 0; i < 5; i++) printf("%s", card_format(r->dealer[i], c));
    }
    printf(" pool=%lld state=%s door=%d screen=%s balance=%lld", (long long)jackpot_read(&g->pool),
           g->state == GAME_PLAY     ? "play"
           : g->state == GAME_LOCKED ? "locked"
                                     : "fault",
           g->door_open,
           operator_is_open(&a->op) ? "operator"
           : a->attracting          ? "attract"
                                    : "table",
           (long long)game_balance(g));
    /* the hint on screen (tests): the best decision and the value of folding, in antes */
    const table_scene_t *t = &a->table;
    if (t->strategy && t->advice_ok && r->phase == ROUND_DECIDING && t->advice_game == g->number)
        printf(" hint=%d ev_fold=%.4f ev_best=%.4f", t->advice.decision, t->advice.ev[0],
               t->advice.ev[t->advice.decision]);
    if (t->now < t->toast_until) printf(" toast=%s", t->toast); /* last: it holds spaces */
    printf("\n");
    fflush(stdout);
}

static void apply_script(app_t *a, script_t *s, uint32_t now, ui_input_t *in, bool *quit) {
    while (s->next < s->n && s->lines[s->next].at_ms + s->base_ms <= now) {
        script_line_t *l = &s->lines[s->next];
        /* one tap a tick, as a finger makes them: a second waits for the next tick */
        if (in->tap && (strcmp(l->verb, "TAP") == 0 || strcmp(l->verb, "TOUCH") == 0 ||
                        strcmp(l->verb, "SPOT") == 0))
            break;
        s->next++;
        ui_button_t b;
        if (strcmp(l->verb, "QUIT") == 0) {
            *quit = true;
        } else if (strcmp(l->verb, "SCREENSHOT") == 0) {
            if (!gfx_screenshot(&a->gfx, l->arg))
                fprintf(stderr, "studpoker: cannot write %s\n", l->arg);
        } else if (strcmp(l->verb, "SUMMARY") == 0) {
            print_summary(a);
        } else if (strcmp(l->verb, "TAP") == 0 || strcmp(l->verb, "TOUCH") == 0) {
            in->tap = true, in->px = l->x, in->py = l->y;
            in->touched = strcmp(l->verb, "TOUCH") == 0; /* a finger, not the mouse */
        } else if (strcmp(l->verb, "DIGIT") == 0) {
            in->digit = atoi(l->arg) % 10;
        } else if (strcmp(l->verb, "BILL") == 0 && l->arg[0]) {
            /* a note of a given value (the acceptor refuses values it does not take) */
            int64_t v;
            if (cfg_parse_money(l->arg, &v)) a->script_bill = v;
            ui_press(in, BTN_BILL);
        } else if (strcmp(l->verb, "SPOT") == 0) {
            for (int i = 0; i < a->table.nspots; i++)
                if (strcmp(wager_key(a->table.spots[i].wager), l->arg) == 0) {
                    in->tap = true;
                    in->px = a->table.spots[i].r.x + a->table.spots[i].r.w / 2;
                    in->py = a->table.spots[i].r.y + a->table.spots[i].r.h / 2;
                }
        } else if (ui_button_from_name(l->verb, &b)) {
            ui_press(in, b);
        } else {
            fprintf(stderr, "studpoker: script line at %u ms: unknown '%s'\n", l->at_ms, l->verb);
        }
    }
}

/* Seconds since this process started (Linux: /proc), for the start-up figure. */
static double process_age_seconds(void) {
    FILE *f = fopen("/proc/self/stat", "r");
    if (!f) return 0;
    char buf[1024];
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    fclose(f);
    buf[n] = '\0';
    const char *p = strrchr(buf, ')'); /* the command name may hold spaces */
    unsigned long long start = 0;
    /* field 22 (starttime) is the 20th after the name */
    if (!p || sscanf(p + 2,
                     "%*c %*d %*d %*d %*d %*d %*u %*u %*u %*u %*u %*u %*u %*d %*d %*d %*d "
                     "%*d %*d %llu",
                     &start) != 1)
        return 0;
    struct timespec ts;
    clock_gettime(CLOCK_BOOTTIME, &ts);
    double now = (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
    return now - (double)start / (double)sysconf(_SC_CLK_TCK);
}

static int make_strategy(void *data) {
    app_t *a = data;
    strategy_t *s = strategy_build_until(&a->strategy_rules, &a->stop_strategy);
    SDL_AtomicSetPtr((void **)&a->strategy, s);
    return 0;
}

static bool start_sdl(app_t *a, const cfg_t *c, const app_run_t *o) {
    if (o->headless) {
        SDL_setenv("SDL_VIDEODRIVER", "offscreen", 1);
        SDL_setenv("SDL_AUDIODRIVER", "dummy", 1);
        /* SDL's own software renderer on a plain memory framebuffer: no GL emulation */
        SDL_SetHint(SDL_HINT_RENDER_DRIVER, "software");
        SDL_SetHint(SDL_HINT_FRAMEBUFFER_ACCELERATION, "0");
    }
    if (SDL_Init(SDL_INIT_VIDEO | SDL_INIT_EVENTS | SDL_INIT_GAMECONTROLLER) != 0) {
        fprintf(stderr, "studpoker: cannot start the display: %s\n", SDL_GetError());
        return false;
    }
    if (TTF_Init() != 0) {
        fprintf(stderr, "studpoker: cannot start fonts: %s\n", TTF_GetError());
        return false;
    }
    IMG_Init(IMG_INIT_PNG);
    SDL_SetHint(SDL_HINT_RENDER_SCALE_QUALITY, "linear");
    Uint32 flags = SDL_WINDOW_RESIZABLE | SDL_WINDOW_ALLOW_HIGHDPI;
    if (c->display.mode != CFG_DISPLAY_WINDOWED && !o->headless)
        flags |= SDL_WINDOW_FULLSCREEN_DESKTOP;
    a->fullscreen = c->display.mode != CFG_DISPLAY_WINDOWED;
    int index = c->display.index < SDL_GetNumVideoDisplays() ? c->display.index : 0;
    int x = (int)SDL_WINDOWPOS_CENTERED_DISPLAY(index), y = x, w = c->display.width,
        h = c->display.height;
    SDL_Rect bounds;
    if (c->display.mode == CFG_DISPLAY_KIOSK && !o->headless &&
        SDL_GetDisplayBounds(index, &bounds) == 0) {
        /* a cabinet: exactly the chosen screen, no decorations, also where no window manager
         * runs to make a window fullscreen (X without one, cage) */
        flags = (flags & ~(Uint32)SDL_WINDOW_RESIZABLE) | SDL_WINDOW_BORDERLESS;
        x = bounds.x, y = bounds.y, w = bounds.w, h = bounds.h;
    }
    a->window = SDL_CreateWindow("studpoker", x, y, w, h, flags);
    if (!a->window) {
        fprintf(stderr, "studpoker: cannot open a window: %s\n", SDL_GetError());
        return false;
    }
    SDL_SetWindowMinimumSize(a->window, 640, 360);
    Uint32 rflags =
        o->headless ? SDL_RENDERER_SOFTWARE
                    : SDL_RENDERER_ACCELERATED | (c->display.vsync ? SDL_RENDERER_PRESENTVSYNC : 0);
    a->ren = SDL_CreateRenderer(a->window, -1, rflags);
    if (!a->ren) a->ren = SDL_CreateRenderer(a->window, -1, SDL_RENDERER_SOFTWARE);
    if (!a->ren) {
        fprintf(stderr, "studpoker: cannot draw: %s\n", SDL_GetError());
        return false;
    }
    return true;
}

static void stop_sdl(app_t *a) {
    /* SIGTERM must end the program promptly even while the strategy is still being built (an
     * ASan build takes many seconds) */
    atomic_store(&a->stop_strategy, 1);
    if (a->strategy_maker) SDL_WaitThread(a->strategy_maker, NULL);
    strategy_free(a->strategy);
    a->strategy = NULL;
    table_free(&a->table);
    machine_close(&a->machine);
    gfx_shutdown(&a->gfx);
    ui_audio_shutdown(&a->audio);
    ui_input_shutdown(&a->input);
    if (a->ren) SDL_DestroyRenderer(a->ren);
    if (a->window) SDL_DestroyWindow(a->window);
    IMG_Quit();
    TTF_Quit();
    SDL_Quit();
}

/* ---- the cabinet: credits in and out, the door, the operator menu ---- */

static const char *ticket_font(app_t *a, char *buf, size_t len) {
    snprintf(buf, len, "%s/fonts/RobotoCondensed-Bold.ttf", a->assets);
    return buf;
}

/* A cash-out ticket the machine recorded, printed: the store has it already, so a printer
 * fault loses no money (the attendant reprints from the audit log). */
static void print_ticket(app_t *a, const game_voucher_t *v) {
    game_t *g = &a->machine.game;
    char amount[40], font[600], path[1100] = "", err[1200] = "";
    game_money(g, v->amount, amount);
    if (a->voucher_dir[0] &&
        !voucher_print(a->voucher_dir, v, g->machine_id, amount, ticket_font(a, font, sizeof font),
                       path, sizeof path, err, sizeof err))
        fprintf(stderr, "studpoker: ticket %lld (%s, validation %s) is recorded but %s\n",
                (long long)v->sequence, amount, v->validation, err);
    else if (path[0])
        fprintf(stderr, "studpoker: ticket %lld printed: %s\n", (long long)v->sequence, path);
}

/* The cabinet's own buttons go to the machine, not to the table (they are taken out of it). */
static void cabinet_input(app_t *a, ui_input_t *in, machine_input_t *mi) {
    static const ui_button_t cab[] = {BTN_DOOR, BTN_COIN, BTN_BILL, BTN_CASHOUT, BTN_SERVICE,
                                      BTN_ATTENDANT};
    for (size_t i = 0; i < sizeof cab / sizeof cab[0]; i++)
        if (ui_pressed(in, cab[i])) {
            machine_press(mi, cab[i]);
            in->pressed &= ~(1ull << cab[i]);
        }
    mi->bill = a->script_bill;
    a->script_bill = 0;
}

/* What the machine did, shown: the ticket printed, the operator menu opened, the rest on the
 * table. */
static void machine_did(app_t *a, table_scene_t *t, const machine_events_t *ev) {
    for (int i = 0; i < ev->n; i++) {
        if (ev->ev[i].type == MEV_TICKET && t == &a->table) print_ticket(a, &ev->ev[i].voucher);
        if (ev->ev[i].type == MEV_OPERATOR && t == &a->table) operator_open(&a->op);
    }
    table_events(t, ev);
}

/* ---- attract mode ---- */

/* The demo plays the optimal strategy: built here when no thread is making it already. */
static void ensure_strategy(app_t *a) {
    if (!a->strategy && !a->strategy_maker) a->strategy = strategy_build(&a->strategy_rules);
}

static bool start_demo(app_t *a) {
    if (!a->demo) {
        a->demo = calloc(1, sizeof *a->demo);
        a->demo_table = calloc(1, sizeof *a->demo_table);
        if (!a->demo || !a->demo_table) return false;
        /* its own seeded deck and play money: nothing of the machine's is touched */
        if (!machine_open(a->demo, &a->machine.cfg, 100000, 0x5eed5eedu, NULL, NULL, 0) ||
            !game_new_round(&a->demo->game))
            return false;
        snprintf(a->demo->game.machine_id, sizeof a->demo->game.machine_id, "%s",
                 a->machine.game.machine_id);
        table_init(a->demo_table, a->demo, &a->audio, true, a->assets);
        a->demo_table->demo = true;
    }
    ensure_strategy(a);
    a->attracting = a->machine.attracting = true;
    a->interlude_left = 0;
    return true;
}

/* The demo between rounds: every fourth round the pay table and the rules are shown for a
 * moment (the help pages), the jackpot meter and INSERT CREDITS stay on screen throughout. */
static void drive_demo(app_t *a, machine_t *m, table_scene_t *t, machine_input_t *in, float dt) {
    game_t *g = &m->game;
    if (g->credits < 100 * g->rules.bet_min[WAGER_ANTE] && game_round_over(g))
        g->credits = 100000; /* the demo's play money never runs out */
    /* the jackpot meter over the demo is the machine's own (a copy: the demo's contributions
     * and wins never reach the real pool) */
    if (g != &a->machine.game && game_round_over(g)) g->pool = a->machine.game.pool;
    if (a->interlude_left > 0) {
        a->interlude_left -= dt;
        t->overlay = OVERLAY_HELP;
        t->page = a->interlude_page;
        if (a->interlude_left <= 0) t->overlay = OVERLAY_NONE;
        return;
    }
    if (game_round_over(g) && !table_busy(t) && g->played != a->demo_rounds_seen) {
        a->demo_rounds_seen = g->played;
        if (g->played % 4 == 0) {
            a->interlude_left = t->turbo ? 1.2f : 3.5f;
            a->interlude_page = (int)((g->played / 4) % 3);
            return;
        }
    }
    machine_autoplay(m, SDL_AtomicGetPtr((void **)&a->strategy), table_busy(t), INT64_MAX, in);
}

/* ---- the watchdog ---- */

static int watchdog_main(void *data) {
    app_t *a = data;
    int stall_ms = a->c->cabinet.stall_seconds > 0 ? a->c->cabinet.stall_seconds * 1000 : 10000;
    bool stalled = false;
    while (!SDL_AtomicGet(&a->stop_watchdog)) {
        SDL_Delay(250);
        int beat = SDL_AtomicGet(&a->heartbeat_ms);
        int late = (int)(SDL_GetTicks() - (Uint32)beat);
        if (!stalled && late >= stall_ms) {
            stalled = true;
            fprintf(stderr,
                    "studpoker: watchdog: no frame for %.1f s (stall); under systemd the service "
                    "is restarted and the round in play resumes\n",
                    late / 1000.0);
        } else if (stalled && late < 1000) {
            stalled = false;
            fprintf(stderr, "studpoker: watchdog: frames again\n");
        }
    }
    return 0;
}

static void heartbeat(app_t *a) {
    SDL_AtomicSet(&a->heartbeat_ms, (int)SDL_GetTicks());
#ifdef STUDPOKER_SYSTEMD
    if (SDL_GetTicks() - a->notified_ms >= 1000) {
        a->notified_ms = SDL_GetTicks();
        sd_notify(0, "WATCHDOG=1");
    }
#endif
}

/* ---- the approved return range ---- */

/* The cache name of a game's figures: "parsheet:" and the BLAKE2b digest of the figures' format
 * and the rules' canonical hash (every field of the rules, so any change works them out again).
 * The range is not part of it: the cache keeps the figures, never the verdict. */
/* Checks the game against [approval] min_payback and max_payback. Returns 0 to play on (a
 * desktop game outside the range gets the warning for the table in warning), 2 when a cabinet
 * must not start (one line on stderr says why), 1 when the figures cannot be had. */
static int check_approval(app_t *a, bool kiosk, char *warning, size_t n) {
    const cfg_t *c = a->c;
    approval_t ap;
    const char *source = "";
    approval_miss_t miss[APPROVAL_MAX_BETS];
    int nmiss =
        machine_check_approval(&a->machine, c->approval.min_payback_bp, c->approval.max_payback_bp,
                               &ap, miss, APPROVAL_MAX_BETS, &source);
    if (nmiss < 0) {
        fprintf(stderr, "studpoker: the par sheet could not be worked out (out of memory)\n");
        return 1;
    }
    char lo[16], hi[16];
    approval_limit_text(c->approval.min_payback_bp, lo, sizeof lo);
    approval_limit_text(c->approval.max_payback_bp, hi, sizeof hi);
    if (nmiss == 0) {
        /* a machine with a store says where its figures came from (the audit trail of a start) */
        if (machine_has_store(&a->machine))
            fprintf(stderr, "studpoker: approved return %s to %s: every bet inside (figures %s)\n",
                    lo, hi, source);
        return 0;
    }
    char text[400], more[64] = "";
    approval_miss_text(&ap, &miss[0], text, sizeof text);
    if (nmiss > 1)
        snprintf(more, sizeof more, "; %d more bet%s outside the range too", nmiss - 1,
                 nmiss == 2 ? " is" : "s are");
    const char *key = miss[0].above ? "max_payback" : "min_payback";
    if (kiosk) {
        fprintf(stderr,
                "studpoker: not approved: %s ([approval] %s)%s; the cabinet does not start "
                "(studpoker check-config --kiosk FILE lists every bet)\n",
                text, key, more);
        return 2;
    }
    fprintf(stderr,
            "studpoker: warning: not approved: %s ([approval] %s)%s; a desktop game plays on\n",
            text, key, more);
    char pct[48], lim[16];
    approval_percent(&ap.bet[miss[0].bet], pct, sizeof pct);
    approval_limit_text(miss[0].limit_bp, lim, sizeof lim);
    snprintf(warning, n, "NOT APPROVED: %s returns %s%%, %s the %s %s",
             approval_bet_name(ap.variant, ap.bet[miss[0].bet].wager), pct,
             miss[0].above ? "above" : "below", lim, miss[0].above ? "maximum" : "minimum");
    return 0;
}

int app_run(const cfg_t *c, const app_run_t *o) {
    app_t *a = calloc(1, sizeof *a);
    if (!a) return 1;
    a->o = o;
    a->c = c;
    int status = 1;
    script_t script = {0};
    char *assets = a->assets;
    if (o->assets)
        snprintf(a->assets, sizeof a->assets, "%s", o->assets);
    else
        app_find_assets(a->assets, sizeof a->assets);
    bool kiosk = c->display.mode == CFG_DISPLAY_KIOSK;

    /* the render benchmark plays this round of the live preset over and over: bets, the deal,
     * PLAY, the reveal and the results, the busiest moments of a Caribbean round */
    static const char bench_script[] = "100 CHIP3\n150 SPOT ante\n200 SPOT ante\n250 SPOT bonus51\n"
                                       "300 SPOT jackpot\n600 DEAL\n2600 PLAY\n5400 CLEAR\n";
    if (o->bench_frames && !script_load(&script, "(benchmark)", bench_script)) goto done;
    if (!o->bench_frames && o->script && !script_load(&script, o->script, NULL)) goto done;
    /* SIGTERM ends the program in order; SDL must not turn it into a window-close request */
    SDL_SetHint(SDL_HINT_NO_SIGNAL_HANDLERS, "1");
    signal(SIGTERM, on_terminate);
    signal(SIGINT, on_terminate);
    /* the machine's state: the database named, else the user's data folder (a headless run
     * without --db keeps everything in memory, for tests); opened before the window, so that a
     * cabinet that may not start never shows one */
    char dbpath[1024] = "";
    if (o->db) {
        snprintf(dbpath, sizeof dbpath, "%s", o->db);
    } else if (!o->headless && !o->attract) {
        if (c->cabinet.store_path[0]) {
            snprintf(dbpath, sizeof dbpath, "%s/studpoker.db", c->cabinet.store_path);
        } else {
            char *pref = SDL_GetPrefPath("studpoker", "studpoker");
            if (pref) snprintf(dbpath, sizeof dbpath, "%sstudpoker.db", pref);
            SDL_free(pref);
        }
    }
    {
        /* a store that fails its checks comes back faulted: the game shows the fault (and says
         * it once on stderr); only a machine that cannot run at all ends here */
        char err[STORE_MSG_LEN + 1100];
        if (!machine_open(&a->machine, c, o->credits, o->seed, dbpath[0] ? dbpath : NULL, err,
                          sizeof err)) {
            fprintf(stderr, "studpoker: %s\n", err);
            goto done;
        }
    }
    /* the approved return range: a cabinet outside it stops here; the demo plays no money and
     * the render benchmark no game, so neither is checked */
    char approval_warning[128] = "";
    if (!o->attract && !o->bench_frames && !machine_faulted(&a->machine)) {
        int refused = check_approval(a, kiosk, approval_warning, sizeof approval_warning);
        if (refused) {
            status = refused;
            goto done;
        }
    }
    if (!start_sdl(a, c, o)) goto done;
    if (!gfx_init(&a->gfx, a->window, a->ren, assets)) goto done;
    {
        /* pictures drawn once are kept for the next start: a cabinet beside its records, a
         * desktop in the user's cache folder */
        char dir[UI_RASTER_DIR_LEN];
        bool have = c->cabinet.store_path[0]
                        ? snprintf(dir, sizeof dir, "%s/raster", c->cabinet.store_path) <
                              (int)sizeof dir
                        : raster_default_dir(dir, sizeof dir);
        if (have) raster_open(&a->gfx.raster, dir);
    }
    ui_input_init(&a->input);
    {
        /* the keyboard: the config's [keys] (the key table's defaults where it sets none) */
        char err[CFG_ERROR_LEN];
        if (!ui_keymap_from_config(&a->input.map, c, err, sizeof err)) {
            fprintf(stderr, "studpoker: [keys] %s\n", err);
            goto done;
        }
    }
    /* tickets: the configured folder, else vouchers/ beside the database */
    if (c->cabinet.voucher_path[0]) {
        snprintf(a->voucher_dir, sizeof a->voucher_dir, "%s", c->cabinet.voucher_path);
    } else if (dbpath[0]) {
        snprintf(a->voucher_dir, sizeof a->voucher_dir, "%s", dbpath);
        char *slash = strrchr(a->voucher_dir, '/');
        if (slash)
            snprintf(slash + 1, sizeof a->voucher_dir - (size_t)(slash + 1 - a->voucher_dir),
                     "vouchers");
        else
            snprintf(a->voucher_dir, sizeof a->voucher_dir, "vouchers");
    }
    ui_audio_init(&a->audio, assets, a->machine.cfg.sound.volume, c->sound.mute,
                  a->machine.cfg.sound.voice);
    a->machine.game.handpay_by_attendant = kiosk;
    snprintf(a->machine.game.machine_id, sizeof a->machine.game.machine_id, "%s",
             c->cabinet.machine_id[0] ? c->cabinet.machine_id : "STUD-01");
    if (a->machine.game.resumed)
        fprintf(stderr, "studpoker: game %llu resumed where it stopped (%s)\n",
                (unsigned long long)a->machine.game.number,
                a->machine.game.round.phase == ROUND_BETTING    ? "betting"
                : a->machine.game.round.phase == ROUND_DECIDING ? "deciding"
                                                                : "settled");
    if (a->machine.game.state == GAME_FAULT)
        fprintf(stderr, "studpoker: %s: %s\n", a->machine.game.fault_title,
                a->machine.game.message);
    else if (a->machine.game.state != GAME_PLAY)
        fprintf(stderr, "studpoker: %s\n", a->machine.game.message);
    for (int i = 0; i < o->ndecks; i++) {
        char err[160];
        if (!o->headless || !game_stack_deck(&a->machine.game, o->decks[i], err, sizeof err)) {
            fprintf(stderr, "studpoker: --deck: %s\n",
                    o->headless ? err : "stacked decks are for headless tests only");
            goto done;
        }
    }
    if (!game_new_round(&a->machine.game)) {
        fprintf(stderr, "studpoker: the first round could not start\n");
        goto done;
    }
    table_init(&a->table, &a->machine, &a->audio, c->display.turbo, assets);
    a->table.demo = o->attract;
    if (approval_warning[0]) table_warning(&a->table, approval_warning);
    operator_init(&a->op, &a->machine, &a->audio);
    /* the strategy takes under a second to build: autoplay waits for it, the hint and the
     * demo do not hold up the first frame */
    a->strategy_rules = a->machine.game.rules;
    bool idle_demo = !o->attract && !o->autoplay && !o->bench_frames;
    /* headless scripts get the same hint every time: built before the first step; the render
     * benchmark measures the start a player sees, where the hint is built beside the table */
    bool scripted = o->headless && !o->bench_frames;
    if (o->autoplay || (a->machine.cfg.hint.show && scripted))
        a->strategy = strategy_build(&a->strategy_rules);
    /* else the hint's strategy is built beside the table, started once the first frame is on
     * the screen (its page faults slowed the first frame by a third) */
    bool make_later = (a->machine.cfg.hint.show || (idle_demo && a->machine.cfg.attract.enabled)) &&
                      !scripted && !a->strategy;
    if (kiosk && !o->headless) {
        /* a cabinet: no pointer on the screen (touch needs none), no screen saver */
        SDL_ShowCursor(SDL_DISABLE);
        SDL_DisableScreenSaver();
    }
    SDL_AtomicSet(&a->heartbeat_ms, (int)SDL_GetTicks());
    if (!o->headless) a->watchdog = SDL_CreateThread(watchdog_main, "watchdog", a);
#ifdef STUDPOKER_SYSTEMD
    sd_notify(0, "READY=1");
#endif

    const float step = 1.0f / TICK_HZ;
    uint64_t last = SDL_GetTicks64();
    uint32_t virtual_ms = 0;
    float acc = 0;
    double machine_ms = 0;
    bool quit = false;
    int frames = 0;
    uint64_t drawn_signature = 0;
    double frame_ms_sum = 0, frame_ms_max = 0, first_frame_s = -1;
    uint64_t freq = SDL_GetPerformanceFrequency();
    for (;;) {
        heartbeat(a);
        uint64_t frame_start = SDL_GetPerformanceCounter();
        uint32_t now_ms = o->headless ? virtual_ms : (uint32_t)SDL_GetTicks64();
        ui_input_t in;
        ui_input_poll(&a->input, &a->gfx, &in, now_ms);
        machine_input_t mi, demo_mi, no_mi;
        memset(&mi, 0, sizeof mi);
        memset(&no_mi, 0, sizeof no_mi);
        demo_mi = no_mi;
        if (a->machine.cfg.hint.show && !a->table.strategy)
            a->table.strategy = SDL_AtomicGetPtr((void **)&a->strategy);
        if (!a->machine.cfg.hint.show) a->table.strategy = NULL;
        if (o->autoplay && !o->attract) {
            if (machine_autoplay(&a->machine, a->strategy, table_busy(&a->table), o->autoplay,
                                 &mi))
                quit = true;
        } else if (o->headless && !o->attract) {
            apply_script(a, &script, now_ms, &in, &quit);
            if (script.next >= script.n) {
                if (!o->bench_frames)
                    quit = true;
                else if (now_ms >= script.base_ms + 6000)
                    script.next = 0, script.base_ms = now_ms;
            }
        } else if (o->headless && o->attract && o->script) {
            apply_script(a, &script, now_ms, &in, &quit);
        }
        if (terminate_requested) quit = true;
        /* a kiosk ends only from the operator menu (or the service manager's SIGTERM): the
         * window's close button, Alt+F4, ESC and Ctrl+Q do nothing */
        if (!kiosk && (in.quit_request || ui_pressed(&in, BTN_QUIT))) quit = true;
        if (ui_pressed(&in, BTN_FULLSCREEN) && !o->headless && !kiosk) {
            a->fullscreen = !a->fullscreen;
            SDL_SetWindowFullscreen(a->window, a->fullscreen ? SDL_WINDOW_FULLSCREEN_DESKTOP : 0);
        }
        if (ui_pressed(&in, BTN_SCREENSHOT)) {
            char name[64];
            snprintf(name, sizeof name, "studpoker-%06llu.png",
                     (unsigned long long)a->machine.game.number);
            gfx_screenshot(&a->gfx, name);
        }

        /* the touch calibration (not while it is being measured) */
        if (in.tap && in.touched && !(operator_is_open(&a->op) && a->op.page == OP_TOUCH))
            in.px -= (float)a->machine.cfg.touch.dx, in.py -= (float)a->machine.cfg.touch.dy;
        /* who gets the input: the operator menu, the demo, or the table */
        bool real_input = in.pressed || in.tap || in.digit >= 0;
        mi.real = real_input || o->autoplay;
        ui_input_t none;
        memset(&none, 0, sizeof none);
        none.px = in.px, none.py = in.py, none.digit = -1;
        ui_input_t table_in = in;
        /* this frame's time: virtual in headless runs (a script plays the same everywhere) */
        float dt;
        if (o->headless) {
            /* a long soak may draw fewer frames per virtual second; the game logic still steps
             * at TICK_HZ below, so it plays exactly the same */
            int fm = o->frame_ms > 0 ? o->frame_ms : 1000 / 60;
            dt = o->frame_ms > 0 ? (float)fm / 1000.0f : 1.0f / 60;
            virtual_ms += (uint32_t)fm;
        } else {
            uint64_t t = SDL_GetTicks64();
            dt = (float)(t - last) / 1000.0f;
            last = t;
            if (dt > 0.25f) dt = 0.25f;
        }
        /* while nobody plays (no round on the table, nothing moving): the background check of
         * the records a start no longer reads, a slice a frame */
        if (!o->attract && !operator_is_open(&a->op) && !table_busy(&a->table))
            game_idle_check(&a->machine.game, 500);
        if (operator_is_open(&a->op)) {
            operator_update(&a->op, &in, dt);
            if (a->op.shutdown) quit = true;
            table_in = none;
        } else if (o->attract) {
            drive_demo(a, &a->machine, &a->table, &mi, dt);
            if (a->machine.game.played >= o->autoplay || a->machine.game.state == GAME_FAULT)
                quit = true;
        } else if (a->attracting) {
            /* any real input ends the demo and brings back the table as it was left; a coin or
             * a note is credited at once */
            if (real_input) {
                a->attracting = a->machine.attracting = false;
                cabinet_input(a, &in, &mi);
                table_in = none;
            }
        } else {
            cabinet_input(a, &table_in, &mi);
            if (idle_demo && machine_attract_due(&a->machine) && !table_busy(&a->table))
                start_demo(a);
        }
        if (a->attracting) drive_demo(a, a->demo, a->demo_table, &demo_mi, dt);
        table_input(&a->table, &table_in, &mi);

        /* fixed-step logic: the first step gets this tick's input, the others none; a frame
         * shorter than a step still applies its input, with no time */
        acc += dt;
        bool first = true;
        do {
            uint32_t ms = 0;
            if (acc >= step) {
                /* the machine's clock in whole milliseconds, the fraction carried */
                machine_ms += (double)step * 1000.0;
                ms = (uint32_t)machine_ms;
                machine_ms -= ms;
            } else if (!first) {
                break;
            }
            machine_events_t ev;
            machine_input_t *use = first ? &mi : &no_mi;
            use->view_busy = table_busy(&a->table);
            machine_step(&a->machine, use, ms, &ev);
            machine_did(a, &a->table, &ev);
            if (a->attracting) {
                machine_input_t *d = first ? &demo_mi : &no_mi;
                d->view_busy = table_busy(a->demo_table);
                machine_step(a->demo, d, ms, &ev);
                machine_did(a, a->demo_table, &ev);
            }
            float sec = acc >= step ? step : 0;
            table_update(&a->table, sec);
            if (a->attracting) table_update(a->demo_table, sec);
            first = false;
            if (acc >= step) acc -= step;
        } while (acc >= step);

        /* a still table is not drawn again: nothing would change on screen. "Still" is judged
         * by what it shows, not by whether it moves: the frame after an animation ends (the
         * buttons lit for the decision) and any change of state is always drawn */
        uint64_t signature = table_signature(&a->table);
        bool draw = o->headless || frames == 0 || in.pressed || in.tap || in.redraw ||
                    in.digit >= 0 || a->attracting || operator_is_open(&a->op) ||
                    table_wants_frame(&a->table) || signature != drawn_signature;
        drawn_signature = signature;
        if (!draw) {
            if (quit) break;
            SDL_WaitEventTimeout(NULL, 250);
            continue;
        }
        gfx_begin_frame(&a->gfx);
        table_draw(a->attracting ? a->demo_table : &a->table, &a->gfx);
        operator_draw(&a->op, &a->gfx);
        SDL_RenderPresent(a->ren);
        frames++;
        double ms = (double)(SDL_GetPerformanceCounter() - frame_start) * 1000.0 / (double)freq;
        if (first_frame_s < 0) first_frame_s = process_age_seconds();
        if (make_later) {
            a->strategy_maker = SDL_CreateThread(make_strategy, "strategy", a);
            make_later = false;
        }
        if (o->bench_frames) {
            frame_ms_sum += ms;
            if (ms > frame_ms_max) frame_ms_max = ms;
            if (frames >= o->bench_frames) quit = true;
        }
        if (quit) break;
        if (!o->headless && !c->display.vsync) SDL_Delay(10);
    }
    if (o->screenshot && !gfx_screenshot(&a->gfx, o->screenshot))
        fprintf(stderr, "studpoker: cannot write %s\n", o->screenshot);
    if (o->bench_frames) {
        struct rusage ru;
        getrusage(RUSAGE_SELF, &ru);
        printf("%dx%d software renderer: mean frame %.2f ms (worst %.2f ms) over %d frames; "
               "start to first frame %.0f ms; peak memory %.1f MB; %d textures made (%d of "
               "their pictures from the raster cache%s)\n",
               c->display.width, c->display.height, frame_ms_sum / frames, frame_ms_max, frames,
               first_frame_s * 1000.0, (double)ru.ru_maxrss / 1024.0, a->gfx.textures_made,
               a->gfx.raster.hits, a->gfx.raster.on ? "" : ", which is off");
    } else if (o->headless || o->summary) {
        print_summary(a);
    }
    /* a run that ends with play stopped by a fault says so in its exit status too */
    status = a->machine.game.state == GAME_FAULT ? 3 : 0;
done:
    free(script.lines);
    if (a->watchdog) {
        SDL_AtomicSet(&a->stop_watchdog, 1);
        SDL_WaitThread(a->watchdog, NULL);
    }
    if (a->demo_table) table_free(a->demo_table);
    free(a->demo_table);
    free(a->demo);
    stop_sdl(a);
    free(a);
    return status;
}
