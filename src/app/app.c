#define _GNU_SOURCE /* fmemopen, CLOCK_BOOTTIME */
#include "app.h"

#include <SDL.h>
#include <SDL_image.h>
#include <SDL_ttf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

#include "game.h"
#include "strategy.h"
#include "scene_table.h"
#include "ui_audio.h"
#include "ui_gfx.h"
#include "ui_input.h"

#ifndef STUDPOKER_SOURCE_ASSETS
#define STUDPOKER_SOURCE_ASSETS "assets"
#endif

#define TICK_HZ 120

void app_options_default(app_options_t *o) {
    memset(o, 0, sizeof *o);
    rules_preset(&o->rules, PRESET_CARIBBEAN_CLASSIC);
    o->credits = 100000;
    o->width = 1280;
    o->height = 720;
    o->vsync = true;
    o->volume = 80;
    o->voice = true;
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
        if (strcmp(l->verb, "TAP") == 0) sscanf(l->arg, "%f %f", &l->x, &l->y);
        s->n++;
    }
    fclose(f);
    return true;
}

/* ---- the loop ---- */

typedef struct app {
    store_t *store;
    strategy_t *strategy;       /* the optimal strategy (autoplay, the hint) */
    SDL_Thread *strategy_maker; /* the hint's strategy is built while the table is played */
    rules_t strategy_rules;
    SDL_Window *window;
    SDL_Renderer *ren;
    ui_gfx_t gfx;
    ui_input_state_t input;
    ui_audio_t audio;
    game_t game;
    table_scene_t table;
    bool fullscreen;
} app_t;

static void print_summary(const app_t *a) {
    const game_t *g = &a->game;
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
    printf(" pool=%lld\n", (long long)jackpot_read(&g->pool));
    fflush(stdout);
}

static void apply_script(app_t *a, script_t *s, uint32_t now, ui_input_t *in, bool *quit) {
    while (s->next < s->n && s->lines[s->next].at_ms + s->base_ms <= now) {
        script_line_t *l = &s->lines[s->next];
        /* one tap a tick, as a finger makes them: a second waits for the next tick */
        if (in->tap && (strcmp(l->verb, "TAP") == 0 || strcmp(l->verb, "SPOT") == 0)) break;
        s->next++;
        ui_button_t b;
        if (strcmp(l->verb, "QUIT") == 0) {
            *quit = true;
        } else if (strcmp(l->verb, "SCREENSHOT") == 0) {
            if (!gfx_screenshot(&a->gfx, l->arg))
                fprintf(stderr, "studpoker: cannot write %s\n", l->arg);
        } else if (strcmp(l->verb, "SUMMARY") == 0) {
            print_summary(a);
        } else if (strcmp(l->verb, "TAP") == 0) {
            in->tap = true, in->px = l->x, in->py = l->y;
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

/* Autoplay: the buttons a player would press, one at a time: the minimum ante, the optimal
 * decision (strategy.h), the same bets again each round (REBET & DEAL). A hand pay is cleared
 * with the attendant's key. Returns true when enough rounds are recorded. */
static bool autoplay(app_t *a, ui_input_t *in, int64_t rounds) {
    game_t *g = &a->game;
    const round_t *r = &g->round;
    if ((g->store ? game_history_count(g) : g->played) >= rounds) return true;
    if (g->state == GAME_LOCKED) {
        ui_press(in, BTN_ATTENDANT);
        return false;
    }
    if (g->state != GAME_PLAY || table_busy(&a->table)) return g->state == GAME_FAULT;
    if (r->phase == ROUND_DECIDING) {
        if (!round_seat_can_decide(r, 0)) return false;
        /* the optimal decision, the same strategy the hint and the par sheet use */
        int best = a->strategy ? table_best_decision(&a->table, a->strategy, NULL) : 1;
        static const ui_button_t raise[4] = {BTN_FOLD, BTN_RAISE1, BTN_RAISE2, BTN_RAISE3};
        ui_press(in, g->rules.variant == VARIANT_CAJUN ? raise[best < 0 ? 0 : best & 3]
                     : best > 0                        ? BTN_PLAY
                                                       : BTN_FOLD);
        return false;
    }
    if (r->phase == ROUND_BETTING && r->seat[0].stake[WAGER_ANTE] < g->rules.bet_min[WAGER_ANTE]) {
        /* an empty table (a new machine, or a round a restart brought back before its first
         * bet): last round's bets again, or 1.00 chips on the ante up to the table minimum */
        if (g->last_stakes[WAGER_ANTE] > 0 && round_seat_staked(r, 0) == 0) {
            ui_press(in, BTN_REPEAT);
        } else {
            a->table.chip = 1;
            a->table.focus = 0;
            ui_press(in, BTN_BET);
        }
        return false;
    }
    ui_press(in, BTN_DEAL); /* deal, or REBET & DEAL */
    return false;
}

static int make_strategy(void *data) {
    app_t *a = data;
    strategy_t *s = strategy_build(&a->strategy_rules);
    SDL_AtomicSetPtr((void **)&a->strategy, s);
    return 0;
}

static bool start_sdl(app_t *a, const app_options_t *o) {
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
    if (o->display != APP_WINDOWED && !o->headless) flags |= SDL_WINDOW_FULLSCREEN_DESKTOP;
    a->fullscreen = o->display != APP_WINDOWED;
    a->window = SDL_CreateWindow("studpoker", SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED,
                                 o->width, o->height, flags);
    if (!a->window) {
        fprintf(stderr, "studpoker: cannot open a window: %s\n", SDL_GetError());
        return false;
    }
    SDL_SetWindowMinimumSize(a->window, 640, 360);
    Uint32 rflags = o->headless
                        ? SDL_RENDERER_SOFTWARE
                        : SDL_RENDERER_ACCELERATED | (o->vsync ? SDL_RENDERER_PRESENTVSYNC : 0);
    a->ren = SDL_CreateRenderer(a->window, -1, rflags);
    if (!a->ren) a->ren = SDL_CreateRenderer(a->window, -1, SDL_RENDERER_SOFTWARE);
    if (!a->ren) {
        fprintf(stderr, "studpoker: cannot draw: %s\n", SDL_GetError());
        return false;
    }
    return true;
}

static void stop_sdl(app_t *a) {
    if (a->strategy_maker) SDL_WaitThread(a->strategy_maker, NULL);
    strategy_free(a->strategy);
    a->strategy = NULL;
    table_free(&a->table);
    store_close(a->store);
    a->store = NULL;
    gfx_shutdown(&a->gfx);
    ui_audio_shutdown(&a->audio);
    ui_input_shutdown(&a->input);
    if (a->ren) SDL_DestroyRenderer(a->ren);
    if (a->window) SDL_DestroyWindow(a->window);
    IMG_Quit();
    TTF_Quit();
    SDL_Quit();
}

int app_run(const app_options_t *o) {
    app_t *a = calloc(1, sizeof *a);
    if (!a) return 1;
    int status = 1;
    script_t script = {0};
    char assets[512];
    if (o->assets)
        snprintf(assets, sizeof assets, "%s", o->assets);
    else
        app_find_assets(assets, sizeof assets);

    /* the render benchmark plays this round of the live preset over and over: bets, the deal,
     * PLAY, the reveal and the results, the busiest moments of a Caribbean round */
    static const char bench_script[] = "100 CHIP3\n150 SPOT ante\n200 SPOT ante\n250 SPOT bonus51\n"
                                       "300 SPOT jackpot\n600 DEAL\n2600 PLAY\n5400 CLEAR\n";
    if (o->bench_frames && !script_load(&script, "(benchmark)", bench_script)) goto done;
    if (!o->bench_frames && o->script && !script_load(&script, o->script, NULL)) goto done;
    if (!start_sdl(a, o)) goto done;
    if (!gfx_init(&a->gfx, a->window, a->ren, assets)) goto done;
    ui_input_init(&a->input);
    for (int i = 0; i < o->nkeys; i++) {
        ui_button_t b;
        if (!o->keys[i].key || !o->keys[i].key[0]) continue;
        if (!ui_button_from_name(o->keys[i].button, &b) ||
            !ui_keymap_set(&a->input.map, b, o->keys[i].key)) {
            fprintf(stderr,
                    "studpoker: [keys] %s: SDL knows no key named '%s' (write names like "
                    "Return, Space, F2, A)\n",
                    o->keys[i].button, o->keys[i].key);
            goto done;
        }
    }
    ui_audio_init(&a->audio, assets, o->volume, o->mute, o->voice);
    /* the machine's state: the database named, else the user's data folder (a headless run
     * without --db keeps everything in memory, for tests) */
    char dbpath[1024] = "";
    if (o->db) {
        snprintf(dbpath, sizeof dbpath, "%s", o->db);
    } else if (!o->headless && !o->attract) {
        if (o->store_dir && o->store_dir[0]) {
            snprintf(dbpath, sizeof dbpath, "%s/studpoker.db", o->store_dir);
        } else {
            char *pref = SDL_GetPrefPath("studpoker", "studpoker");
            if (pref) snprintf(dbpath, sizeof dbpath, "%sstudpoker.db", pref);
            SDL_free(pref);
        }
    }
    if (dbpath[0]) {
        char err[STORE_MSG_LEN];
        if (store_open(dbpath, &a->store, err, sizeof err) != STORE_OK)
            fprintf(stderr, "studpoker: %s: %s\n", dbpath, err);
        if (!a->store) goto done;
    }
    if (!game_init(&a->game, &o->rules, o->credits, o->seed, a->store)) {
        fprintf(stderr, "studpoker: the game could not start (random generator)\n");
        goto done;
    }
    if (a->game.resumed)
        fprintf(stderr, "studpoker: game %llu resumed where it stopped (%s)\n",
                (unsigned long long)a->game.number,
                a->game.round.phase == ROUND_BETTING    ? "betting"
                : a->game.round.phase == ROUND_DECIDING ? "deciding"
                                                        : "settled");
    if (a->game.state != GAME_PLAY) fprintf(stderr, "studpoker: %s\n", a->game.message);
    for (int i = 0; i < o->ndecks; i++) {
        char err[160];
        if (!o->headless || !game_stack_deck(&a->game, o->decks[i], err, sizeof err)) {
            fprintf(stderr, "studpoker: --deck: %s\n",
                    o->headless ? err : "stacked decks are for headless tests only");
            goto done;
        }
    }
    if (!game_new_round(&a->game)) {
        fprintf(stderr, "studpoker: the first round could not start\n");
        goto done;
    }
    table_init(&a->table, &a->game, &a->audio, o->turbo, assets);
    a->table.demo = o->attract;
    /* the strategy takes under a second to build: autoplay waits for it, the hint does not
     * hold up the first frame */
    a->strategy_rules = a->game.rules;
    if (o->autoplay || (o->hint && o->headless)) /* headless runs wait: the same every time */
        a->strategy = strategy_build(&a->strategy_rules);
    else if (o->hint)
        a->strategy_maker = SDL_CreateThread(make_strategy, "strategy", a);

    const float step = 1.0f / TICK_HZ;
    uint64_t last = SDL_GetTicks64();
    uint32_t virtual_ms = 0;
    float acc = 0;
    bool quit = false;
    int frames = 0;
    double frame_ms_sum = 0, frame_ms_max = 0, first_frame_s = -1;
    uint64_t freq = SDL_GetPerformanceFrequency();
    for (;;) {
        uint64_t frame_start = SDL_GetPerformanceCounter();
        uint32_t now_ms = o->headless ? virtual_ms : (uint32_t)SDL_GetTicks64();
        ui_input_t in;
        ui_input_poll(&a->input, &a->gfx, &in, now_ms);
        if (o->hint && !a->table.strategy)
            a->table.strategy = SDL_AtomicGetPtr((void **)&a->strategy);
        if (o->attract && game_round_over(&a->game) &&
            a->game.credits < 100 * a->game.rules.bet_min[WAGER_ANTE])
            a->game.credits = o->credits; /* the demo's play money never runs out */
        if (o->autoplay) {
            if (autoplay(a, &in, o->autoplay)) quit = true;
        } else if (o->headless) {
            apply_script(a, &script, now_ms, &in, &quit);
            if (script.next >= script.n) {
                if (!o->bench_frames)
                    quit = true;
                else if (now_ms >= script.base_ms + 6000)
                    script.next = 0, script.base_ms = now_ms;
            }
        }
        if (in.quit_request || ui_pressed(&in, BTN_QUIT)) quit = true;
        if (ui_pressed(&in, BTN_FULLSCREEN) && !o->headless) {
            a->fullscreen = !a->fullscreen;
            SDL_SetWindowFullscreen(a->window, a->fullscreen ? SDL_WINDOW_FULLSCREEN_DESKTOP : 0);
        }
        if (ui_pressed(&in, BTN_SCREENSHOT)) {
            char name[64];
            snprintf(name, sizeof name, "studpoker-%06llu.png", (unsigned long long)a->game.number);
            gfx_screenshot(&a->gfx, name);
        }

        /* fixed-step logic: the first step gets this tick's input, the others none */
        float dt;
        if (o->headless) {
            dt = 1.0f / 60;
            virtual_ms += 1000 / 60;
        } else {
            uint64_t t = SDL_GetTicks64();
            dt = (float)(t - last) / 1000.0f;
            last = t;
            if (dt > 0.25f) dt = 0.25f;
        }
        acc += dt;
        bool first = true;
        ui_input_t none;
        memset(&none, 0, sizeof none);
        none.px = in.px, none.py = in.py;
        while (acc >= step) {
            table_update(&a->table, first ? &in : &none, step);
            first = false;
            acc -= step;
        }
        if (first) table_update(&a->table, &in, 0);

        /* a still table is not drawn again: nothing would change on screen */
        bool draw = o->headless || frames == 0 || in.pressed || in.tap || in.redraw ||
                    table_wants_frame(&a->table);
        if (!draw) {
            if (quit) break;
            SDL_WaitEventTimeout(NULL, 250);
            continue;
        }
        gfx_begin_frame(&a->gfx);
        table_draw(&a->table, &a->gfx);
        SDL_RenderPresent(a->ren);
        frames++;
        double ms = (double)(SDL_GetPerformanceCounter() - frame_start) * 1000.0 / (double)freq;
        if (first_frame_s < 0) first_frame_s = process_age_seconds();
        if (o->bench_frames) {
            frame_ms_sum += ms;
            if (ms > frame_ms_max) frame_ms_max = ms;
            if (frames >= o->bench_frames) quit = true;
        }
        if (quit) break;
        if (!o->headless && !o->vsync) SDL_Delay(10);
    }
    if (o->screenshot && !gfx_screenshot(&a->gfx, o->screenshot))
        fprintf(stderr, "studpoker: cannot write %s\n", o->screenshot);
    if (o->bench_frames) {
        struct rusage ru;
        getrusage(RUSAGE_SELF, &ru);
        printf("%dx%d software renderer: mean frame %.2f ms (worst %.2f ms) over %d frames; "
               "start to first frame %.0f ms; peak memory %.1f MB; %d textures made\n",
               o->width, o->height, frame_ms_sum / frames, frame_ms_max, frames,
               first_frame_s * 1000.0, (double)ru.ru_maxrss / 1024.0, a->gfx.textures_made);
    } else if (o->headless || o->summary) {
        print_summary(a);
    }
    status = 0;
done:
    free(script.lines);
    stop_sdl(a);
    free(a);
    return status;
}
