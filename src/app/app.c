/* The program: the machine opened, the approved range checked, the platform started, and the
 * loop with its current screen. See app_internal.h for the other files. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

#include "app_data.h"
#include "app_internal.h"
#include "lang.h"
#include "png_writer.h"
#include "printer.h"
#include "approval.h"
#include "ui_warm.h"

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
    snprintf(warning, n,
             miss[0].above ? _("NOT APPROVED: %s returns %s%%, above the %s maximum")
                           : _("NOT APPROVED: %s returns %s%%, below the %s minimum"),
             _(approval_bet_name(ap.variant, ap.bet[miss[0].bet].wager)), pct, lim);
    return 0;
}

/* The machine's database: the one named, else the cabinet's folder or the user's data folder (a
 * headless run without --db keeps everything in memory, for tests). */
static void database_path(const app_t *a, char *out, size_t n) {
    const app_run_t *o = a->o;
    out[0] = '\0';
    if (o->db) {
        snprintf(out, n, "%s", o->db);
    } else if (!o->headless && !o->attract) {
        if (a->c->cabinet.store_path[0]) {
            snprintf(out, n, "%s/studpoker.db", a->c->cabinet.store_path);
        } else {
            char *pref = SDL_GetPrefPath("studpoker", "studpoker");
            if (pref) snprintf(out, n, "%sstudpoker.db", pref);
            SDL_free(pref);
        }
    }
}

/* Tickets: the configured folder, else vouchers/ beside the database. */
static void voucher_folder(app_t *a, const char *dbpath) {
    if (a->c->cabinet.voucher_path[0]) {
        snprintf(a->voucher_dir, sizeof a->voucher_dir, "%s", a->c->cabinet.voucher_path);
    } else if (dbpath[0]) {
        snprintf(a->voucher_dir, sizeof a->voucher_dir, "%s", dbpath);
        char *slash = strrchr(a->voucher_dir, '/');
        if (slash)
            snprintf(slash + 1, sizeof a->voucher_dir - (size_t)(slash + 1 - a->voucher_dir),
                     "vouchers");
        else
            snprintf(a->voucher_dir, sizeof a->voucher_dir, "vouchers");
    }
}

/* What a start says on stderr about the machine's state: a round resumed, a fault, a lock. */
static void say_state(const app_t *a) {
    const game_t *g = &a->machine.game;
    if (g->resumed)
        fprintf(stderr, "studpoker: game %llu resumed where it stopped (%s)\n",
                (unsigned long long)g->number,
                g->round.phase == ROUND_BETTING    ? "betting"
                : g->round.phase == ROUND_DECIDING ? "deciding"
                                                   : "settled");
    if (g->state == GAME_FAULT)
        fprintf(stderr, "studpoker: %s: %s\n", g->fault_title, g->message);
    else if (g->state != GAME_PLAY)
        fprintf(stderr, "studpoker: %s\n", g->message);
}

/* The machine, before any window: a cabinet that may not start never shows one. Returns 0 to go
 * on, else the exit status. */
static int open_machine(app_t *a, char *dbpath, size_t n) {
    const app_run_t *o = a->o;
    database_path(a, dbpath, n);
    /* a store that fails its checks comes back faulted: the game shows the fault (and says it
     * once on stderr); only a machine that cannot run at all ends here */
    char err[STORE_MSG_LEN + 1100];
    if (!machine_open(&a->machine, a->c, o->credits, o->seed, dbpath[0] ? dbpath : NULL, err,
                      sizeof err)) {
        fprintf(stderr, "studpoker: %s\n", err);
        return 1;
    }
    /* the approved return range: a cabinet outside it stops here; the demo plays no money and
     * the render benchmark no game (its session a built-in preset), so neither is checked */
    if (!o->attract && !o->bench_frames && !o->record && !machine_faulted(&a->machine)) {
        char warning[128] = "";
        int refused = check_approval(a, a->kiosk, warning, sizeof warning);
        if (refused) return refused;
        if (warning[0]) snprintf(a->approval_warning, sizeof a->approval_warning, "%s", warning);
    }
    return 0;
}

/* A desktop player's own settings (machine_player.h), kept beside the machine's database
 * ("studpoker.db": "studpoker-player.ini"); a run without a database keeps them for the run. A
 * cabinet's player has none (the operator's settings are the machine's), nor has the demo or
 * the benchmark. */
static void open_player(app_t *a, const char *dbpath) {
    const app_run_t *o = a->o;
    if (a->kiosk || o->attract || o->bench_frames) return;
    char path[MACHINE_PLAYER_PATH] = "", msg[MACHINE_PLAYER_PATH + CFG_ERROR_LEN];
    if (dbpath[0]) {
        size_t n = strlen(dbpath);
        int stem = n > 3 && strcmp(dbpath + n - 3, ".db") == 0 ? (int)n - 3 : (int)n;
        snprintf(path, sizeof path, "%.*s-player.ini", stem, dbpath);
    }
    if (!machine_player_open(&a->machine, path, msg, sizeof msg))
        fprintf(stderr, "studpoker: your settings: %s\n", msg);
}

/* The language on screen (lang.h): --lang, else a desktop player's last choice, else the
 * operator's [display] language; the catalogs compiled beside the program or in the build. */
static void start_language(app_t *a) {
    char dir[1024];
    app_data_locale(dir, sizeof dir);
    if (a->o->lang_given) a->machine.player.language = -1;
    int lang = machine_language(&a->machine);
    if (!lang_init(dir, (cfg_language_t)lang) && lang != CFG_LANG_EN)
        fprintf(stderr,
                "studpoker: the translations were not found in %s: the screens are in "
                "English\n",
                dir);
}

/* The first round on the table: stacked decks (headless tests), the scenes, the hint. */
static bool open_table(app_t *a) {
    const app_run_t *o = a->o;
    const cfg_t *c = a->c;
    a->machine.game.handpay_by_attendant = a->kiosk;
    /* the sessions' wall clock: a test's (virtual from then on), else the real one; the demo's
     * play money keeps no sessions */
    if (o->headless && o->clock_s) machine_set_wall_clock(&a->machine, o->clock_s * 1000);
    if (o->attract) machine_rg_disable(&a->machine);
    snprintf(a->machine.game.machine_id, sizeof a->machine.game.machine_id, "%s",
             c->cabinet.machine_id[0] ? c->cabinet.machine_id : "STUD-01");
    say_state(a);
    for (int i = 0; i < o->ndecks; i++) {
        char err[160];
        if (!o->headless || !game_stack_deck(&a->machine.game, o->decks[i], err, sizeof err)) {
            fprintf(stderr, "studpoker: --deck: %s\n",
                    o->headless ? err : "stacked decks are for headless tests only");
            return false;
        }
    }
    if (!game_new_round(&a->machine.game)) {
        fprintf(stderr, "studpoker: the first round could not start\n");
        return false;
    }
    table_init(&a->table, &a->machine, &a->audio, c->display.turbo, a->assets);
    a->table.demo = o->attract;
    if (a->approval_warning[0]) table_warning(&a->table, a->approval_warning);
    operator_init(&a->op, &a->machine, &a->audio);
    seats_start(a); /* a terminal's tables: the lobby first when it sits at none */
    /* the strategy takes under a second to build: autoplay waits for it; headless scripts get the
     * same hint every time (built before the first step); otherwise the hint's strategy is built
     * beside the table, started once the first frame is on the screen (its page faults slowed
     * the first frame by a third) */
    a->strategy_rules = a->machine.game.rules;
    a->idle_demo = !o->attract && !o->autoplay && !o->bench_frames;
    /* (the benchmark's session is timed as a player's start: the strategy comes after the
     * first frame, on its thread, as the demo needs it) */
    bool scripted = o->headless && !o->bench_frames && !o->record;
    if (o->autoplay || (a->machine.cfg.hint.show && scripted))
        a->strategy = strategy_build(&a->strategy_rules);
    /* the render benchmark draws the table, not the hint: no strategy (as before the config
     * rework turned the hint on for it; its thread took a core and 55 MB beside the frames) */
    a->make_strategy_later =
        (a->machine.cfg.hint.show || (a->idle_demo && a->machine.cfg.attract.enabled)) &&
        !scripted && !a->strategy && !o->bench_frames;
    return true;
}

/* ---- the loop ---- */

/* The big pictures read before they are needed (ui_warm.h) take at most this much memory:
 * at 1920x1080 the hand pay's, the pop-ups' and the demo's banner; at 3840x2160 the first few
 * (a game's session holds about 35 MB of them at 1920x1080, four times that at 3840x2160). */
#define WARM_BUDGET ((size_t)32 << 20)

typedef struct frame_stats {
    int frames;
    double ms_sum, ms_max, first_frame_s;
} frame_stats_t;

/* This tick's input: the devices, then autoplay or the script (headless), and the program's
 * own keys. */
static void read_input(app_t *a, uint32_t now_ms, ui_input_t *in, machine_input_t *mi) {
    const app_run_t *o = a->o;
    ui_input_poll(&a->input, &a->gfx, in, now_ms);
    memset(mi, 0, sizeof *mi);
    if (machine_hint(&a->machine) && !a->table.strategy)
        a->table.strategy = SDL_AtomicGetPtr((void **)&a->strategy);
    if (!machine_hint(&a->machine)) a->table.strategy = NULL;
    if (o->autoplay && !o->attract) {
        if (machine_autoplay(&a->machine, a->strategy, table_busy(&a->table), o->autoplay, mi))
            a->quit = true;
    } else if (o->headless && (!o->attract || o->script)) {
        script_apply(a, now_ms, in, &a->quit);
        if (!o->attract && a->script.next >= a->script.n) {
            if (!o->bench_frames)
                a->quit = true;
            else if (now_ms >= a->script.base_ms + 6000)
                a->script.next = 0, a->script.base_ms = now_ms;
        }
    }
    if (system_terminating()) a->quit = true;
    /* a kiosk ends only from the operator menu (or the service manager's SIGTERM): the window's
     * close button, Alt+F4, ESC and Ctrl+Q do nothing */
    if (!a->kiosk && (in->quit_request || ui_pressed(in, BTN_QUIT))) a->quit = true;
    window_keys(a, in);
    /* the touch calibration (not while it is being measured) */
    if (in->tap && in->touched && !(a->screen == SCREEN_OPERATOR && a->op.page == OP_TOUCH))
        in->px -= (float)a->machine.cfg.touch.dx, in->py -= (float)a->machine.cfg.touch.dy;
    mi->real = in->pressed || in->tap || in->digit >= 0 || in->ticket[0] || o->autoplay;
}

/* This frame's time: virtual in headless runs (a script plays the same everywhere). */
static float frame_time(app_t *a, uint32_t *virtual_ms, uint64_t *last) {
    const app_run_t *o = a->o;
    if (o->headless) {
        /* a long soak may draw fewer frames per virtual second; the game logic still steps at
         * TICK_HZ, so it plays exactly the same */
        int fm = o->frame_ms > 0 ? o->frame_ms : 1000 / 60;
        *virtual_ms += (uint32_t)fm;
        /* a terminal plays on the table's clock: its frames keep real time */
        if (a->machine.jt || a->terminal) SDL_Delay((uint32_t)fm);
        return o->frame_ms > 0 ? (float)fm / 1000.0f : 1.0f / 60;
    }
    uint64_t t = SDL_GetTicks64();
    float dt = (float)(t - *last) / 1000.0f;
    *last = t;
    return dt > 0.25f ? 0.25f : dt;
}

/* One step of a terminal's other tables (those with a machine of their own), each kept in step
 * with the store the machines share before it steps. */
static void step_seats(app_t *a, bool first, uint32_t ms, machine_t **all, int n) {
    machine_input_t none;
    for (int i = 0; i < a->nseats; i++) {
        seat_t *s = &a->seats[i];
        if (s->own) continue;
        memset(&none, 0, sizeof none);
        machine_input_t *use = first ? &a->seat_in[i] : &none;
        use->view_busy = table_busy(s->t);
        machine_share_sync(s->m, all, n);
        machine_events_t ev;
        machine_step(s->m, use, ms, &ev);
        app_machine_did(a, s->t, &ev);
    }
}

/* Fixed-step logic: the first step gets this tick's input, the others none; a frame shorter than
 * a step still applies its input, with no time. */
static void step_machines(app_t *a, machine_input_t *mi, float dt) {
    const float step = 1.0f / TICK_HZ;
    machine_input_t none;
    memset(&none, 0, sizeof none);
    a->acc += dt;
    bool first = true;
    /* a terminal at more than one table: its machines share one store */
    machine_t *all[APP_SEATS + 1];
    int nall = seats_machines(a, all);
    bool shared = nall > 1;
    do {
        uint32_t ms = 0;
        if (a->acc >= step) {
            /* the machine's clock in whole milliseconds, the fraction carried */
            a->machine_ms += (double)step * 1000.0;
            ms = (uint32_t)a->machine_ms;
            a->machine_ms -= ms;
        }
        machine_events_t ev;
        machine_input_t *use = first ? mi : &none;
        use->view_busy = table_busy(&a->table);
        if (!a->o->headless) machine_set_wall_clock(&a->machine, system_wall_ms());
        if (shared) machine_share_sync(&a->machine, all, nall);
        machine_step(&a->machine, use, ms, &ev);
        app_machine_did(a, &a->table, &ev);
        if (shared) step_seats(a, first, ms, all, nall);
        if (first) app_printer_step(a);
        bool demo = a->screen == SCREEN_ATTRACT;
        if (demo) {
            machine_input_t *d = first ? &a->demo_in : &none;
            d->view_busy = table_busy(a->demo_table);
            machine_step(a->demo, d, ms, &ev);
            app_machine_did(a, a->demo_table, &ev);
        }
        float sec = a->acc >= step ? step : 0;
        table_update(&a->table, sec);
        for (int i = 0; i < a->nseats; i++)
            if (!a->seats[i].own) table_update(a->seats[i].t, sec);
        if (demo) table_update(a->demo_table, sec);
        first = false;
        if (a->acc >= step) a->acc -= step;
    } while (a->acc >= step);
    memset(a->seat_in, 0, sizeof a->seat_in);
}

/* A still table is not drawn again: nothing would change on screen. "Still" is judged by what
 * it shows, not by whether it moves: the frame after an animation ends (the buttons lit for the
 * decision) and any change of state is always drawn. */
static bool wants_frame(app_t *a, const ui_input_t *in, int frames, uint32_t next_ms) {
    uint64_t signature = table_signature(&a->table) ^ seats_signature(a);
    /* headless runs draw every frame (a script's screenshot reads the screen), but for the render
     * benchmark's session, which times the frames a display would show */
    const app_bench_record_t *rec = a->o->record;
    if (a->o->sparse) return frames == 0 || a->quit || script_capture_due(&a->script, next_ms);
    bool every = a->o->headless && (!rec || rec->every_frame);
    bool draw = every || frames == 0 || in->pressed || in->tap || in->redraw || in->digit >= 0 ||
                a->screen != SCREEN_TABLE || table_wants_frame(&a->table) || seats_wants_frame(a) ||
                signature != a->drawn_signature;
    a->drawn_signature = signature;
    return draw;
}

/* The loop's own processor time: a frame's work without the time other programs took the
 * processor from it (the benchmark's second measure on a shared machine). */
static double thread_cpu_ms(void) {
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (double)ts.tv_sec * 1000.0 + (double)ts.tv_nsec / 1e6;
}

/* STUDPOKER_FRAME_LOG=1: each drawn frame's time, part by part, on stderr (where a slow frame's
 * time went: the machine's step and its records, the drawing, the present). */
enum { FT_WARM, FT_UPDATE, FT_MACHINES, FT_DRAW, FT_LIST, FT_PRESENT, FT_PARTS };

static void frame_log(const app_t *a, int n, const uint64_t mark[FT_PARTS + 1], double ms,
                      double cpu, uint64_t freq) {
    static const char *const name[FT_PARTS] = {"warm", "update", "machines",
                                               "draw", "list",   "present"};
    char line[256];
    int k =
        snprintf(line, sizeof line, "frame-time: %d (gfx frame %u): %.2f ms, processor %.2f:", n,
                 a->gfx.frame, ms, cpu);
    for (int i = 0; i < FT_PARTS && k > 0 && k < (int)sizeof line; i++)
        k += snprintf(line + k, sizeof line - (size_t)k, " %s %.2f", name[i],
                      (double)(mark[i + 1] - mark[i]) * 1000.0 / (double)freq);
    fprintf(stderr, "%s\n", line);
}

static void run_loop(app_t *a, frame_stats_t *st) {
    const app_run_t *o = a->o;
    const char *fl = getenv("STUDPOKER_FRAME_LOG");
    bool log_frames = fl && *fl && strcmp(fl, "0") != 0;
    uint64_t mark[FT_PARTS + 1];
    uint64_t last = SDL_GetTicks64(), freq = SDL_GetPerformanceFrequency();
    uint32_t virtual_ms = 0;
    st->first_frame_s = -1;
    double spare_ms = 0; /* what the last frame left of a 60 Hz display's frame */
    for (;;) {
        system_heartbeat(a);
        uint64_t frame_start = SDL_GetPerformanceCounter();
        double cpu_start = o->record || log_frames ? thread_cpu_ms() : 0;
        mark[FT_WARM] = frame_start;
        int made_before = a->gfx.textures_made;
        /* a picture read before it was needed becomes a texture in time left over (counted in
         * this frame's time when one is drawn) */
        gfx_warm_step(&a->gfx, spare_ms);
        mark[FT_UPDATE] = SDL_GetPerformanceCounter();
        uint32_t now_ms = o->headless ? virtual_ms : (uint32_t)SDL_GetTicks64();
        ui_input_t in;
        machine_input_t mi;
        read_input(a, now_ms, &in, &mi);
        float dt = frame_time(a, &virtual_ms, &last);
        /* while nobody plays (no round on the table, nothing moving): the background check of
         * the records a start no longer reads, a slice a frame */
        if (!o->attract && a->screen != SCREEN_OPERATOR && !table_busy(&a->table))
            game_idle_check(&a->machine.game, 500);
        ui_input_t screen_in = in;
        seats_update(a);
        screen_of(a->screen)->update(a, &screen_in, &mi, dt);
        if (o->attract &&
            (a->machine.game.played >= o->autoplay || a->machine.game.state == GAME_FAULT))
            a->quit = true;
        mark[FT_MACHINES] = SDL_GetPerformanceCounter();
        step_machines(a, &mi, dt);
        mark[FT_DRAW] = SDL_GetPerformanceCounter();
        if (!wants_frame(a, &in, st->frames, virtual_ms)) {
            spare_ms = 10;
            /* nothing to show: a page of HELP or the attendant's keypad made ready in the time */
            if (a->screen == SCREEN_TABLE && !a->terminal &&
                (table_prepare(&a->table, &a->gfx) || app_prepare_operator(a)))
                spare_ms = 0;
            /* and the table's kept picture, for a celebration or a pop-up over it (the demo's
             * help pages too) */
            else if (gfx_damage_under_ready(&a->gfx) || gfx_damage_under_sync(&a->gfx))
                spare_ms = 0;
            if (a->quit) break;
            if (!o->headless) SDL_WaitEventTimeout(NULL, 250);
            continue;
        }
        /* shown, resized or uncovered: the window's pixels may be new, drawn whole */
        if (in.redraw) gfx_damage_invalidate(&a->gfx);
        gfx_begin_frame(&a->gfx);
        screen_of(a->screen)->draw(a);
        mark[FT_LIST] = SDL_GetPerformanceCounter();
        gfx_end_frame(&a->gfx);
        mark[FT_PRESENT] = SDL_GetPerformanceCounter();
        gfx_present(&a->gfx);
        mark[FT_PARTS] = SDL_GetPerformanceCounter();
        st->frames++;
        double ms = (double)(SDL_GetPerformanceCounter() - frame_start) * 1000.0 / (double)freq;
        /* a frame drawn quickly leaves time: a piece of what a coming moment will show is made
         * ready in it, counted in this frame's time (a round in play may leave no frame with
         * nothing to draw before its win: the decision's prompt pulses) */
        if (ms < 4 && ((a->screen == SCREEN_TABLE && !a->terminal &&
                        table_prepare_moments(&a->table, &a->gfx)) ||
                       gfx_damage_under_sync(&a->gfx))) /* (the demo's table never stands still) */
            ms = (double)(SDL_GetPerformanceCounter() - frame_start) * 1000.0 / (double)freq;
        spare_ms = 12 - ms;
        if (st->first_frame_s < 0) {
            st->first_frame_s = system_process_age_seconds();
            gfx_warm_start(&a->gfx, WARM_BUDGET);
        }
        if (a->make_strategy_later) {
            a->strategy_maker = SDL_CreateThread(app_make_strategy, "strategy", a);
            a->make_strategy_later = false;
        }
        if (log_frames)
            frame_log(a, o->record ? o->record->n : st->frames - 1, mark, ms,
                      thread_cpu_ms() - cpu_start, freq);
        if (o->record && o->record->n < o->record->cap) {
            o->record->ms[o->record->n] = (float)ms;
            o->record->screen[o->record->n] = (uint8_t)a->screen;
            /* the loop's own processor time (its wait for the other cores' share of the pixels
             * spins: counted in it) */
            o->record->cpu_ms[o->record->n] = (float)(thread_cpu_ms() - cpu_start);
            o->record->made[o->record->n] = (uint16_t)(a->gfx.textures_made - made_before);
            o->record->at_ms[o->record->n++] = now_ms;
        }
        if (o->bench_frames) {
            st->ms_sum += ms;
            if (ms > st->ms_max) st->ms_max = ms;
            if (st->frames >= o->bench_frames) a->quit = true;
        }
        if (a->quit) break;
        if (!o->headless && !a->c->display.vsync) SDL_Delay(10);
    }
}

static void report(app_t *a, const frame_stats_t *st) {
    const app_run_t *o = a->o;
    /* how many frames were a kept picture copied: for the test that holds them to the frames
     * drawn whole (celebration_kept.sh) */
    const char *kept = getenv("STUDPOKER_FRAMES_KEPT_TO");
    FILE *kf = kept && *kept ? fopen(kept, "w") : NULL;
    if (kf) {
        fprintf(kf, "%d\n", a->gfx.frames_copied);
        fclose(kf);
    }
    if (o->screenshot && !gfx_screenshot(&a->gfx, o->screenshot))
        fprintf(stderr, "studpoker: cannot write %s\n", o->screenshot);
    if (o->record) {
        struct rusage ru;
        getrusage(RUSAGE_SELF, &ru);
        o->record->first_frame_s = st->first_frame_s;
        o->record->peak_mb = (double)ru.ru_maxrss / 1024.0;
        o->record->textures_made = a->gfx.textures_made;
        o->record->raster_hits = a->gfx.raster.hits;
        o->record->raster_writes = a->gfx.raster.writes;
        o->record->raster_on = a->gfx.raster.on;
    } else if (o->bench_frames) {
        struct rusage ru;
        getrusage(RUSAGE_SELF, &ru);
        printf("%dx%d software renderer: mean frame %.2f ms (worst %.2f ms) over %d frames; "
               "start to first frame %.0f ms; peak memory %.1f MB; %d textures made (%d of "
               "their pictures from the raster cache%s)\n",
               a->c->display.width, a->c->display.height, st->ms_sum / st->frames, st->ms_max,
               st->frames, st->first_frame_s * 1000.0, (double)ru.ru_maxrss / 1024.0,
               a->gfx.textures_made, a->gfx.raster.hits, a->gfx.raster.on ? "" : ", which is off");
    } else if (o->headless || o->summary) {
        script_summary(a);
    }
}

static void close_all(app_t *a) {
    free(a->script.lines);
    app_tickets_finish(a); /* a run ended early: its tickets' files written all the same */
    png_writer_stop(a->pngs);
    printer_stop(a->printer);
    system_watchdog_stop(a);
    /* SIGTERM must end the program promptly even while the strategy is still being built (an
     * ASan build takes many seconds) */
    atomic_store(&a->stop_strategy, 1);
    if (a->strategy_maker) SDL_WaitThread(a->strategy_maker, NULL);
    strategy_free(a->strategy);
    if (a->demo_table) table_free(a->demo_table);
    free(a->demo_table);
    if (a->demo) machine_close(a->demo);
    free(a->demo);
    seats_free(a); /* before the terminal's own machine: they borrow its store */
    table_free(&a->table);
    machine_close(&a->machine);
    window_stop(a);
    free(a);
}

int app_run(const cfg_t *c, const app_run_t *o) {
    app_t *a = calloc(1, sizeof *a);
    if (!a) return 1;
    a->o = o;
    a->c = c;
    a->kiosk = c->display.mode == CFG_DISPLAY_KIOSK;
    int status = 1;
    /* before the machine opens: without its pictures and fonts nothing can be shown, so
     * nothing is played or recorded */
    app_data_t data;
    if (!app_data_find(&data, o->assets)) {
        app_data_explain(&data, stderr);
        goto done;
    }
    snprintf(a->assets, sizeof a->assets, "%s", data.assets);
    char dbpath[1024];
    if (o->bench_script && !script_load(&a->script, "(benchmark)", o->bench_script)) goto done;
    if (!o->bench_frames && !o->bench_script && o->script &&
        !script_load(&a->script, o->script, NULL))
        goto done;
    system_signals();
    /* the environment is complete before the machine's threads start: setenv adding a
     * variable later would move the list under their getenv (libpq's connect) */
    window_env(o);
    lang_env_reserve();
    int refused = open_machine(a, dbpath, sizeof dbpath);
    if (refused) {
        status = refused;
        goto done;
    }
    open_player(a, dbpath);
    start_language(a);
    if (!window_start(a)) goto done;
    if (script_records(&a->script)) gfx_record(&a->gfx, true);
    voucher_folder(a, dbpath);
    if (!open_table(a)) goto done;
    app_printer_init(a); /* after the operator menu is made: its REPRINT prints */
    system_watchdog_start(a);
    system_ready();
    frame_stats_t st = {0};
    run_loop(a, &st);
    app_tickets_finish(a);
    report(a, &st);
    /* a run that ends with play stopped by a fault says so in its exit status too */
    status = a->machine.game.state == GAME_FAULT ? 3 : 0;
done:
    close_all(a);
    return status;
}
