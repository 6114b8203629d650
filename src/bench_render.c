/* `studpoker bench render`: frame times as a player sees them.
 *
 * The default measures a player's session on every preset, each run in a process of its own (its
 * start-up and memory its own) on a new database: the bets with the side bets, the deal, the
 * decisions, the reveal of a stacked big win (a royal flush; the jackpot's celebration where the
 * game has a jackpot), the four help pages, the history, the operator menu and each of its pages,
 * the cash-out, and the demo that starts after the idle time. It is the real program (the
 * software renderer on SDL's offscreen video driver, as every headless run) on a virtual clock,
 * so every run draws the same frames: each frame's time is the best of its runs, so that other
 * work on the machine falls away while a texture made in a frame does not. The first frame
 * (start-up) is reported apart from the others.
 *
 * --round (or --frames N, or --db PATH) keeps the older figure: one live Caribbean round,
 * looped, for N frames. */
#include <errno.h>
#include <ftw.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "app/app.h"
#include "cli.h"

#define GOAL_MS    16.7 /* a frame of a 60 Hz display */
#define MAX_FRAMES 8192 /* a session draws about 4,400 */
#define MAX_SEGS   48
#define MAX_SIZES  4
#define MAX_RUNS   20

/* ---- the session ---- */

typedef struct bench_game {
    rules_preset_t preset;
    const char *deck;     /* the first round's cards: a big win */
    const char *sides;    /* the side bets' spots, one chip each */
    const char *decision; /* the button of each decision */
    int antes;            /* chips of 5.00 on the ante: the win is a hand pay (over 1,200.00) */
} bench_game_t;

#define ROYAL "As Ks Qs Js Ts  Ad Kc 9h 6d 2c"
static const bench_game_t GAMES[] = {
    {PRESET_CARIBBEAN_CLASSIC, ROYAL, "", "PLAY", 2},
    {PRESET_CARIBBEAN_LIVE, ROYAL, "bonus51 jackpot", "PLAY", 2}, /* the jackpot's celebration */
    {PRESET_CARIBBEAN_US, ROYAL, "progressive", "PLAY", 2},       /* the progressive's */
    {PRESET_CASINO_STUD_UK, ROYAL, "", "PLAY", 3},                /* 50 to 1 on 30.00 */
    /* a royal with the pocket's A-K suited; the board's three cards flush */
    {PRESET_CAJUN, "Ah Kh  Qh Jh Th", "pocket board loball", "RAISE3 RAISE3 RAISE3", 2},
    /* a nine against a three (2 to 1 on the raise), the bonus's straight flush 500 to 1 */
    {PRESET_ASIAN, "Ks Qs Js Ts 9s  7d 3c Kh Ac 2d", "asian_bonus", "PLAY", 2},
};
#define NGAMES ((int)(sizeof GAMES / sizeof GAMES[0]))

typedef struct segment {
    uint32_t at; /* from this time of the script on */
    char name[32];
    int screen; /* the screen it shows (app_internal.h's screen_id_t) */
} segment_t;

typedef struct session {
    char script[8192];
    size_t len;
    segment_t seg[MAX_SEGS];
    int nseg;
} session_t;

enum { ON_TABLE = 0, ON_OPERATOR = 1, ON_DEMO = 2 };

static void say(session_t *s, uint32_t at, const char *fmt, ...) {
    if (s->len >= sizeof s->script) return;
    int n = snprintf(s->script + s->len, sizeof s->script - s->len, "%u ", at);
    if (n > 0) s->len += (size_t)n;
    va_list ap;
    va_start(ap, fmt);
    n = vsnprintf(s->script + s->len, sizeof s->script - s->len, fmt, ap);
    va_end(ap);
    if (n > 0) s->len += (size_t)n;
    if (s->len + 1 < sizeof s->script) s->script[s->len++] = '\n', s->script[s->len] = '\0';
}

static void mark(session_t *s, uint32_t at, const char *name, int screen) {
    if (s->nseg == MAX_SEGS) return;
    segment_t *g = &s->seg[s->nseg++];
    g->at = at;
    g->screen = screen;
    snprintf(g->name, sizeof g->name, "%s", name);
}

/* The operator menu's pages, in the menu's order (scene_operator.c), and what is done on each:
 * nothing that changes the machine (no setting, no reset, no clearing). */
static const char *const OP_PAGES[] = {"meters",       "game recall",  "jackpot pools",
                                       "audit log",    "button test",  "touch calibration",
                                       "sound test",   "display test", "settings",
                                       "clear credits"};

static uint32_t operator_session(session_t *s, uint32_t t) {
    mark(s, t, "operator: PIN", ON_OPERATOR);
    say(s, t, "SERVICE");
    for (int d = 1; d <= 4; d++) say(s, t + 200 + 100 * (uint32_t)d, "DIGIT %d", d);
    t += 1000;
    say(s, t, "DEAL");
    mark(s, t, "operator: menu", ON_OPERATOR);
    t += 800;
    for (int p = 0; p < (int)(sizeof OP_PAGES / sizeof OP_PAGES[0]); p++) {
        /* the menu opens on its first item: down to this page's, then DEAL */
        for (int k = 0; k < p; k++) say(s, t + 50 * (uint32_t)k, "NEXT_SPOT");
        t += 50 * (uint32_t)p + 300;
        char name[32];
        snprintf(name, sizeof name, "operator: %s", OP_PAGES[p]);
        say(s, t, "DEAL");
        mark(s, t, name, ON_OPERATOR);
        if (strcmp(OP_PAGES[p], "display test") == 0) /* its four patterns */
            for (int k = 1; k <= 3; k++) say(s, t + 200 * (uint32_t)k, "NEXT_SPOT");
        t += 800;
        say(s, t, "BACK");
        if (strcmp(OP_PAGES[p], "button test") == 0) say(s, t + 100, "BACK"); /* it takes two */
        mark(s, t, "operator: menu", ON_OPERATOR);
        t += 300;
    }
    say(s, t, "BACK"); /* the menu closes */
    return t;
}

/* A player's session on one game, as a script (app_script.c) with its segments. */
static void build_session(session_t *s, const bench_game_t *gm) {
    memset(s, 0, sizeof *s);
    mark(s, 0, "bets", ON_TABLE);
    say(s, 100, "CHIP3");
    uint32_t t = 150;
    for (int k = 0; k < gm->antes; k++, t += 50) say(s, t, "SPOT ante");
    char buf[64];
    snprintf(buf, sizeof buf, "%s", gm->sides);
    for (char *w = strtok(buf, " "); w; w = strtok(NULL, " "), t += 50) say(s, t, "SPOT %s", w);
    say(s, 1000, "DEAL");
    mark(s, 1000, "deal", ON_TABLE);
    t = 4000;
    mark(s, t, "decisions and reveal", ON_TABLE);
    snprintf(buf, sizeof buf, "%s", gm->decision);
    for (char *d = strtok(buf, " "); d; d = strtok(NULL, " "), t += 2500) say(s, t, "%s", d);
    /* the win locks the machine for a hand pay (as on a cabinet) until the attendant's key */
    mark(s, t, "the win and hand pay", ON_TABLE);
    t += 5000;
    say(s, t, "ATTENDANT");
    mark(s, t, "after the hand pay", ON_TABLE);
    t += 2000;
    static const char *const help[] = {"help: hands", "help: pay tables", "help: how to play",
                                       "help: bets"};
    say(s, t, "HELP");
    for (int p = 0; p < 4; p++, t += 1000) {
        if (p) say(s, t, "NEXT_SPOT");
        mark(s, t, help[p], ON_TABLE);
    }
    say(s, t, "BACK");
    t += 300;
    say(s, t, "HISTORY");
    mark(s, t, "history", ON_TABLE);
    t += 1500;
    say(s, t, "BACK");
    t = operator_session(s, t + 300);
    mark(s, t, "cash out and idle", ON_TABLE);
    say(s, t + 500, "CASHOUT");
    /* the demo starts after [attract] idle_seconds (5, the least) with nothing on the machine, on
     * the machine's clock (its steps of 1/120 s run 4% ahead of the script's 16 ms frames): a
     * still table is not drawn meanwhile */
    t += 500 + 4500;
    mark(s, t, "attract demo", ON_DEMO);
    say(s, t + 16000, "QUIT");
}

/* ---- one run, in a process of its own ---- */

typedef struct shared_record {
    app_bench_record_t rec;
    float ms[MAX_FRAMES], cpu[MAX_FRAMES];
    uint32_t at[MAX_FRAMES];
    uint16_t made[MAX_FRAMES];
    uint8_t screen[MAX_FRAMES];
} shared_record_t;

static int remove_entry(const char *path, const struct stat *st, int flag, struct FTW *f) {
    (void)st, (void)flag, (void)f;
    return remove(path);
}

/* --logs DIR: each run's own messages kept there (with STUDPOKER_FRAME_LOG and the other
 * switches: where a slow frame's time went) */
static const char *logs_dir;
static int logs_made;

static void child_run(const bench_game_t *gm, int w, int h, const session_t *s, const char *dir,
                      bool cold, bool every, shared_record_t *sh) {
    char path[600];
    snprintf(path, sizeof path, "%s/stderr.txt", dir);
    if (logs_dir)
        snprintf(path, sizeof path, "%s/%s-%dx%d-%d.log", logs_dir, rules_preset_key(gm->preset), w,
                 h, logs_made);
    if (!freopen(path, "w", stderr)) _exit(1);
    if (cold) {
        snprintf(path, sizeof path, "%s/cache", dir);
        setenv("XDG_CACHE_HOME", path, 1); /* a first start ever: no picture drawn before */
    }
    static cfg_t cfg;
    cfg_defaults(&cfg, gm->preset);
    cfg.display.width = w, cfg.display.height = h;
    cfg.attract.enabled = 1;
    cfg.attract.idle_seconds = 5;
    sh->rec = (app_bench_record_t){.cap = MAX_FRAMES,
                                   .every_frame = every,
                                   .ms = sh->ms,
                                   .at_ms = sh->at,
                                   .cpu_ms = sh->cpu,
                                   .made = sh->made,
                                   .screen = sh->screen};
    char db[600];
    snprintf(db, sizeof db, "%s/machine.db", dir);
    app_run_t o = {.headless = true,
                   .seed = 1,
                   .db = db,
                   .bench_script = s->script,
                   .record = &sh->rec,
                   .credits = cfg.cabinet.free_credits};
    o.decks[0] = gm->deck;
    o.ndecks = 1;
    int status = app_run(&cfg, &o);
    fflush(stderr);
    _exit(status);
}

/* Runs the session once; false (with what the program said) when it failed. */
static bool run_once(const bench_game_t *gm, int w, int h, const session_t *s, bool cold,
                     bool every, shared_record_t *sh) {
    char dir[] = "/tmp/studpoker-bench-render.XXXXXX";
    if (!mkdtemp(dir)) {
        perror("studpoker bench render: mkdtemp");
        return false;
    }
    fflush(stdout);
    fflush(stderr);
    memset(sh, 0, sizeof *sh);
    logs_made++;
    pid_t pid = fork();
    if (pid == 0) child_run(gm, w, h, s, dir, cold, every, sh);
    int status = 0;
    bool ok = pid > 0 && waitpid(pid, &status, 0) == pid && WIFEXITED(status) &&
              WEXITSTATUS(status) == 0 && sh->rec.n > 1;
    if (!ok) {
        char path[600], line[400];
        snprintf(path, sizeof path, "%s/stderr.txt", dir);
        if (logs_dir)
            snprintf(path, sizeof path, "%s/%s-%dx%d-%d.log", logs_dir,
                     rules_preset_key(gm->preset), w, h, logs_made);
        fprintf(stderr, "studpoker bench render: %s at %dx%d failed (status %d):\n",
                rules_preset_key(gm->preset), w, h, status);
        FILE *f = fopen(path, "r");
        while (f && fgets(line, sizeof line, f)) fprintf(stderr, "  %s", line);
        if (f) fclose(f);
    }
    nftw(dir, remove_entry, 16, FTW_DEPTH | FTW_PHYS);
    return ok;
}

/* Every frame of a run, one CSV row each (--csv: where a figure came from). */
static void write_csv(FILE *f, int w, int h, const bench_game_t *gm, int run, const session_t *s,
                      const shared_record_t *sh) {
    int n = sh->rec.n < MAX_FRAMES ? sh->rec.n : MAX_FRAMES;
    for (int i = 0; i < n; i++) {
        int k = 0;
        while (k + 1 < s->nseg && s->seg[k + 1].at <= sh->at[i]) k++;
        fprintf(f, "%dx%d,%s,%d,%d,%u,%s,%d,%.3f,%.3f,%u\n", w, h, rules_preset_key(gm->preset),
                run, i, sh->at[i], s->seg[k].name, sh->screen[i], sh->ms[i], sh->cpu[i],
                sh->made[i]);
    }
}

/* ---- the figures ---- */

typedef struct result {
    const bench_game_t *game;
    int n;                                        /* frames drawn (the same in every run) */
    float best[MAX_FRAMES], best_cpu[MAX_FRAMES]; /* the best of the runs: time, processor time */
    uint32_t at[MAX_FRAMES];
    uint8_t screen[MAX_FRAMES];
    float worst_any;           /* the slowest frame after the first in any run */
    int over_any;              /* frames after the first over the goal, in the worst run */
    double start_lo, start_hi; /* start to first frame, ms */
    double peak_mb;
    int raster_writes; /* pictures drawn from SVG (not from the raster cache), the most a run */
    int runs;
} result_t;

static void add_run(result_t *r, const shared_record_t *sh) {
    const app_bench_record_t *rec = &sh->rec;
    int n = rec->n < MAX_FRAMES ? rec->n : MAX_FRAMES;
    double start = rec->first_frame_s * 1000.0;
    int over = 0;
    if (r->runs == 0 || n < r->n) r->n = n; /* (the same, unless a run went wrong) */
    for (int i = 0; i < n; i++) {
        if (r->runs == 0 || sh->ms[i] < r->best[i]) r->best[i] = sh->ms[i];
        if (r->runs == 0 || sh->cpu[i] < r->best_cpu[i]) r->best_cpu[i] = sh->cpu[i];
        r->at[i] = sh->at[i];
        r->screen[i] = sh->screen[i];
        if (i > 0 && sh->ms[i] > r->worst_any) r->worst_any = sh->ms[i];
        if (i > 0 && sh->ms[i] > GOAL_MS) over++;
    }
    if (over > r->over_any) r->over_any = over;
    if (r->runs == 0 || start < r->start_lo) r->start_lo = start;
    if (r->runs == 0 || start > r->start_hi) r->start_hi = start;
    if (rec->peak_mb > r->peak_mb) r->peak_mb = rec->peak_mb;
    if (rec->raster_writes > r->raster_writes) r->raster_writes = rec->raster_writes;
    r->runs++;
}

static int segment_of(const session_t *s, uint32_t at) {
    int k = 0;
    while (k + 1 < s->nseg && s->seg[k + 1].at <= at) k++;
    return k;
}

/* What a set of frames gives: mean, the 99th percentile (nearest rank), the slowest and where. */
typedef struct stats {
    int n, over;
    double sum, worst, worst_cpu;
    float *v, *cpu; /* the frames' times and processor times */
    int cap;
    const char *worst_game, *worst_seg;
    uint32_t worst_at;
} stats_t;

static void stats_add(stats_t *st, const result_t *r, int i, const char *game, const char *seg) {
    float ms = r->best[i], cpu = r->best_cpu[i];
    uint32_t at = r->at[i];
    if (st->n == st->cap) {
        int cap = st->cap ? st->cap * 2 : 1024;
        float *v = realloc(st->v, (size_t)cap * sizeof *v);
        if (v) st->v = v;
        float *c = realloc(st->cpu, (size_t)cap * sizeof *c);
        if (c) st->cpu = c;
        if (!v || !c) return;
        st->cap = cap;
    }
    st->cpu[st->n] = cpu;
    if (cpu > st->worst_cpu) st->worst_cpu = cpu;
    st->v[st->n++] = ms;
    st->sum += ms;
    if (ms > GOAL_MS) st->over++;
    if (ms > st->worst)
        st->worst = ms, st->worst_game = game, st->worst_seg = seg, st->worst_at = at;
}

static int cmp_float(const void *a, const void *b) {
    float x = *(const float *)a, y = *(const float *)b;
    return (x > y) - (x < y);
}

static double p99_of(float *v, int n) {
    if (!n) return 0;
    qsort(v, (size_t)n, sizeof *v, cmp_float);
    int k = (int)((n * 99 + 99) / 100); /* nearest rank: ceil(0.99 n) */
    return v[k - 1];
}

static double stats_p99(stats_t *st) {
    return p99_of(st->v, st->n);
}

static double stats_cpu_p99(stats_t *st) {
    return p99_of(st->cpu, st->n);
}

static void stats_free(stats_t *st) {
    free(st->v);
    free(st->cpu);
}

/* ---- the report ---- */

typedef struct size_report {
    int w, h;
    result_t *res[NGAMES];
} size_report_t;

static void where(char *out, size_t n, const stats_t *st, bool game, bool seg) {
    if (!st->n || !st->worst_seg) {
        snprintf(out, n, "-");
        return;
    }
    snprintf(out, n, "%s%s%s at %.1f s", game ? st->worst_game : "", game && seg ? ", " : "",
             seg ? st->worst_seg : "", st->worst_at / 1000.0);
}

static void print_row(const char *label, stats_t *st, const char *at) {
    printf("  %-28s %6d %7.2f %7.2f %7.2f %5d %7.2f %7.2f  %s\n", label, st->n,
           st->n ? st->sum / st->n : 0.0, stats_p99(st), st->worst, st->over, stats_cpu_p99(st),
           st->worst_cpu, at);
}

/* Which games were measured: all, or the one named. */
static bool game_on(int g, int only) {
    return only < 0 || only == g;
}

static void report_size(const size_report_t *sr, const session_t *ses, int only, int runs) {
    printf("\n%dx%d: each frame's time (ms) the best of %d run%s; the first frame apart\n", sr->w,
           sr->h, runs, runs == 1 ? "" : "s");
    printf("  %-28s %6s %7s %7s %7s %5s %7s %7s  %s\n", "", "frames", "mean", "p99", "worst",
           "over", "cpu p99", "cpu max", "the slowest frame");
    /* segments in the session's order, over every game */
    const char *names[MAX_SEGS];
    int nnames = 0;
    for (int k = 0; k < ses[0].nseg; k++) {
        bool seen = false;
        for (int j = 0; j < nnames; j++) seen |= strcmp(names[j], ses[0].seg[k].name) == 0;
        if (!seen) names[nnames++] = ses[0].seg[k].name;
    }
    stats_t first = {0}, all = {0};
    for (int j = 0; j < nnames; j++) {
        stats_t st = {0};
        for (int g = 0; g < NGAMES; g++) {
            const result_t *r = sr->res[g];
            if (!game_on(g, only) || !r) continue;
            for (int i = 1; i < r->n; i++) {
                const char *seg = ses[g].seg[segment_of(&ses[g], r->at[i])].name;
                if (strcmp(seg, names[j]) == 0)
                    stats_add(&st, r, i, rules_preset_key(r->game->preset), seg);
            }
        }
        char at[120];
        where(at, sizeof at, &st, true, false);
        print_row(names[j], &st, at);
        stats_free(&st);
    }
    double start_lo = 1e9, start_hi = 0, worst_any = 0;
    int over_any = 0, drawn = 0;
    for (int g = 0; g < NGAMES; g++) {
        const result_t *r = sr->res[g];
        if (!game_on(g, only) || !r) continue;
        const char *key = rules_preset_key(r->game->preset);
        stats_add(&first, r, 0, key, "first frame");
        for (int i = 1; i < r->n; i++)
            stats_add(&all, r, i, key, ses[g].seg[segment_of(&ses[g], r->at[i])].name);
        if (r->start_lo < start_lo) start_lo = r->start_lo;
        if (r->start_hi > start_hi) start_hi = r->start_hi;
        if (r->worst_any > worst_any) worst_any = r->worst_any;
        over_any += r->over_any;
        drawn += r->raster_writes;
    }
    char at[160];
    where(at, sizeof at, &all, true, true);
    print_row("every frame after the first", &all, at);
    printf("  %-28s %6d %7.2f %7s %7.2f %5s %7s %7.2f  start to first frame %.0f-%.0f ms\n",
           "the first frame (start-up)", first.n, first.n ? first.sum / first.n : 0.0, "",
           first.worst, "", "", first.worst_cpu, start_lo, start_hi);
    printf("  (over: frames over %.1f ms; cpu: the loop's processor time and its wait for the "
           "other cores' share of the pixels, the time other programs took excluded. In any "
           "single run: %d over, the slowest %.2f ms. Pictures drawn from SVG, not from the "
           "raster cache: %d)\n",
           GOAL_MS, over_any, worst_any, drawn);
    printf("  %-28s %6s %7s %7s %7s %5s %7s %7s  %-36s %9s %7s\n", "by game", "frames", "mean",
           "p99", "worst", "over", "cpu p99", "cpu max", "the slowest frame", "start ms",
           "peak MB");
    for (int g = 0; g < NGAMES; g++) {
        const result_t *r = sr->res[g];
        if (!game_on(g, only) || !r) continue;
        stats_t st = {0};
        for (int i = 1; i < r->n; i++)
            stats_add(&st, r, i, "", ses[g].seg[segment_of(&ses[g], r->at[i])].name);
        char w2[120], range[32];
        where(w2, sizeof w2, &st, false, true);
        snprintf(range, sizeof range, "%.0f-%.0f", r->start_lo, r->start_hi);
        printf("  %-28s %6d %7.2f %7.2f %7.2f %5d %7.2f %7.2f  %-36s %9s %7.1f\n",
               rules_preset_key(r->game->preset), st.n, st.sum / (st.n ? st.n : 1), stats_p99(&st),
               st.worst, st.over, stats_cpu_p99(&st), st.worst_cpu, w2, range, r->peak_mb);
        stats_free(&st);
    }
    stats_free(&first);
    stats_free(&all);
}

/* The same figures as one JSON object per line: a line per size and segment, and per game. */
static void report_json(const size_report_t *sr, const session_t *ses, int only, int runs) {
    for (int g = 0; g < NGAMES; g++) {
        const result_t *r = sr->res[g];
        if (!game_on(g, only) || !r) continue;
        const char *key = rules_preset_key(r->game->preset);
        for (int k = 0; k < ses[g].nseg; k++) {
            stats_t st = {0};
            for (int i = 1; i < r->n; i++)
                if (segment_of(&ses[g], r->at[i]) == k)
                    stats_add(&st, r, i, key, ses[g].seg[k].name);
            printf("{\"size\":\"%dx%d\",\"game\":\"%s\",\"segment\":\"%s\",\"from_ms\":%u,"
                   "\"frames\":%d,\"mean_ms\":%.3f,\"p99_ms\":%.3f,\"worst_ms\":%.3f,"
                   "\"worst_at_ms\":%u,\"over\":%d,\"cpu_p99_ms\":%.3f,\"cpu_max_ms\":%.3f,"
                   "\"runs\":%d}\n",
                   sr->w, sr->h, key, ses[g].seg[k].name, ses[g].seg[k].at, st.n,
                   st.n ? st.sum / st.n : 0.0, stats_p99(&st), st.worst, st.worst_at, st.over,
                   stats_cpu_p99(&st), st.worst_cpu, runs);
            stats_free(&st);
        }
        stats_t st = {0};
        for (int i = 1; i < r->n; i++) stats_add(&st, r, i, key, "");
        printf("{\"size\":\"%dx%d\",\"game\":\"%s\",\"segment\":null,\"frames\":%d,"
               "\"mean_ms\":%.3f,\"p99_ms\":%.3f,\"worst_ms\":%.3f,\"worst_at_ms\":%u,"
               "\"over\":%d,\"cpu_p99_ms\":%.3f,\"cpu_max_ms\":%.3f,"
               "\"worst_any_run_ms\":%.3f,\"first_frame_ms\":%.3f,\"start_ms\":[%.1f,%.1f],"
               "\"peak_mb\":%.1f,\"svg_drawn\":%d,\"runs\":%d}\n",
               sr->w, sr->h, key, st.n, st.n ? st.sum / st.n : 0.0, stats_p99(&st), st.worst,
               st.worst_at, st.over, stats_cpu_p99(&st), st.worst_cpu, r->worst_any, r->best[0],
               r->start_lo, r->start_hi, r->peak_mb, r->raster_writes, runs);
        stats_free(&st);
    }
}

/* A run's frames against its script: a segment meant for the operator menu or the demo that
 * shows none of it means the script went wrong (a press missed), and the figures would lie. */
static bool check_screens(const result_t *r, const session_t *s) {
    for (int k = 0; k < s->nseg; k++) {
        if (s->seg[k].screen == ON_TABLE) continue; /* (pop-ups draw a frame or two) */
        int on = 0, n = 0;
        for (int i = 0; i < r->n; i++)
            if (segment_of(s, r->at[i]) == k) n++, on += r->screen[i] == s->seg[k].screen;
        if (!n || on * 2 < n) {
            fprintf(stderr,
                    "studpoker bench render: %s: '%s' showed its screen in %d of %d frames: the "
                    "session's script went wrong\n",
                    rules_preset_key(r->game->preset), s->seg[k].name, on, n);
            return false;
        }
    }
    return true;
}

/* Every game's session at one size, runs times each; 0, else 1 (said on stderr). */
static int measure_size(size_report_t *sr, const session_t *ses, int only, int runs, bool cold,
                        bool every, shared_record_t *sh, FILE *csv) {
    for (int g = 0; g < NGAMES; g++) {
        if (!game_on(g, only)) continue;
        result_t *res = sr->res[g] = calloc(1, sizeof *sr->res[g]);
        if (!res) return 1;
        res->game = &GAMES[g];
        for (int r = 0; r < runs; r++) {
            struct timespec t0, t1;
            clock_gettime(CLOCK_MONOTONIC, &t0);
            if (!run_once(&GAMES[g], sr->w, sr->h, &ses[g], cold, every, sh)) return 1;
            clock_gettime(CLOCK_MONOTONIC, &t1);
            if (res->runs && sh->rec.n != res->n)
                fprintf(stderr, "studpoker bench render: the runs drew %d and %d frames\n", res->n,
                        sh->rec.n);
            add_run(res, sh);
            if (csv) write_csv(csv, sr->w, sr->h, &GAMES[g], r + 1, &ses[g], sh);
            fprintf(stderr, "  %dx%d %s run %d/%d: %d frames in %.1f s\n", sr->w, sr->h,
                    rules_preset_key(GAMES[g].preset), r + 1, runs, sh->rec.n,
                    (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) * 1e-9);
        }
        if (!check_screens(res, &ses[g])) return 1;
    }
    return 0;
}

/* ---- the older figure: one live round, looped ---- */

static const char ROUND_SCRIPT[] = "100 CHIP3\n150 SPOT ante\n200 SPOT ante\n250 SPOT bonus51\n"
                                   "300 SPOT jackpot\n600 DEAL\n2600 PLAY\n5400 CLEAR\n";

static int bench_round(const char *size, int frames, int runs, const char *db) {
    /* each size in its own process, so that start-up and peak memory are its own */
    static cfg_t cfg;
    cfg_defaults(&cfg, PRESET_CARIBBEAN_LIVE);
    app_run_t o = {.headless = true, .seed = 1, .db = db, .bench_script = ROUND_SCRIPT};
    o.bench_frames = frames ? frames : 600 * runs / 5;
    o.credits = cfg.cabinet.free_credits;
    if (sscanf(size, "%dx%d", &cfg.display.width, &cfg.display.height) != 2) {
        fprintf(stderr, "studpoker bench render: size WIDTHxHEIGHT, not '%s'\n", size);
        return 2;
    }
    return app_run(&cfg, &o);
}

/* ---- the command ---- */

static void loadavg_text(char *out, size_t n) {
    double l[3];
    if (getloadavg(l, 3) == 3)
        snprintf(out, n, "%.2f %.2f %.2f", l[0], l[1], l[2]);
    else
        snprintf(out, n, "unknown");
}

static int usage(const char *why) {
    fprintf(stderr,
            "studpoker bench render: %s\n"
            "usage: studpoker bench render [WIDTHxHEIGHT...] [--preset NAME] [--runs N] [--cold] "
            "[--every-frame] "
            "[--json] [--csv FILE] [--logs DIR] [--print-script]\n"
            "       studpoker bench render --round [WIDTHxHEIGHT] [--frames N] [--runs N] "
            "[--db PATH]\n",
            why);
    return 2;
}

int cli_bench_render(int argc, char **argv) {
    int runs = 0, frames = 0, only = -1, nsizes = 0, sizes[MAX_SIZES][2];
    bool round = false, cold = false, json = false, print_script = false, every = false;
    const char *db = NULL, *size_arg = NULL, *csv_path = NULL;
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "--round") == 0) {
            round = true;
        } else if (strcmp(a, "--frames") == 0 && i + 1 < argc) {
            round = true; /* render: this many frames (bench store: 1) */
            frames = atoi(argv[++i]);
            if (frames < 1 || frames > 100000) return usage("--frames must be 1..100000");
        } else if (strcmp(a, "--db") == 0 && i + 1 < argc) {
            round = true, db = argv[++i]; /* start on this machine's database */
        } else if (strcmp(a, "--runs") == 0 && i + 1 < argc) {
            runs = atoi(argv[++i]);
            if (runs < 1 || runs > MAX_RUNS) return usage("--runs must be 1..20");
        } else if (strcmp(a, "--preset") == 0 && i + 1 < argc) {
            rules_preset_t p;
            if (!rules_preset_from_key(argv[++i], &p)) return usage("unknown --preset");
            for (int g = 0; g < NGAMES; g++)
                if (GAMES[g].preset == p) only = g;
        } else if (strcmp(a, "--every-frame") == 0) {
            every = true;
        } else if (strcmp(a, "--cold") == 0) {
            cold = true;
        } else if (strcmp(a, "--json") == 0) {
            json = true;
        } else if (strcmp(a, "--csv") == 0 && i + 1 < argc) {
            csv_path = argv[++i];
        } else if (strcmp(a, "--logs") == 0 && i + 1 < argc) {
            logs_dir = argv[++i];
        } else if (strcmp(a, "--print-script") == 0) {
            print_script = true;
        } else if (a[0] != '-' && nsizes < MAX_SIZES &&
                   sscanf(a, "%dx%d", &sizes[nsizes][0], &sizes[nsizes][1]) == 2 &&
                   sizes[nsizes][0] >= 320 && sizes[nsizes][1] >= 200 && sizes[nsizes][0] <= 7680 &&
                   sizes[nsizes][1] <= 4320) {
            if (!size_arg) size_arg = a;
            nsizes++;
        } else {
            fprintf(stderr, "studpoker bench render: unknown argument '%s'\n", a);
            return usage("WIDTHxHEIGHT is 320x200 to 7680x4320");
        }
    }
    if (logs_dir && mkdir(logs_dir, 0755) != 0 && errno != EEXIST) {
        perror(logs_dir);
        return 2;
    }
    if (round) return bench_round(size_arg ? size_arg : "1920x1080", frames, runs ? runs : 5, db);
    if (!runs) runs = 3;
    if (!nsizes) {
        sizes[0][0] = 1920, sizes[0][1] = 1080, sizes[1][0] = 3840, sizes[1][1] = 2160;
        nsizes = 2;
    }
    static session_t ses[NGAMES];
    for (int g = 0; g < NGAMES; g++) build_session(&ses[g], &GAMES[g]);
    if (print_script) {
        int g = only < 0 ? 0 : only;
        printf("# bench render's session on %s: play --headless --preset %s --deck \"%s\" "
               "--config (with [attract] idle_seconds = 5)\n",
               rules_preset_key(GAMES[g].preset), rules_preset_key(GAMES[g].preset), GAMES[g].deck);
        for (int k = 0; k < ses[g].nseg; k++)
            printf("# %6u ms  %s\n", ses[g].seg[k].at, ses[g].seg[k].name);
        fputs(ses[g].script, stdout);
        return 0;
    }
    shared_record_t *sh =
        mmap(NULL, sizeof *sh, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    if (sh == MAP_FAILED) {
        perror("studpoker bench render: mmap");
        return 1;
    }
    FILE *csv = NULL;
    if (csv_path) {
        if (!(csv = fopen(csv_path, "w"))) {
            perror(csv_path);
            return 1;
        }
        fprintf(csv, "size,game,run,frame,at_ms,segment,screen,ms,cpu_ms,textures_made\n");
    }
    char load[64];
    loadavg_text(load, sizeof load);
    if (!json)
        printf("bench render: a player's session on each game (bets, deal, decisions, a big "
               "win, help, history, operator menu, cash-out, demo), software renderer, "
               "headless; %s raster cache; load average at the start %s\n",
               cold ? "a new (cold)" : "the user's", load);
    fflush(stdout);
    int status = 0;
    for (int z = 0; z < nsizes && !status; z++) {
        size_report_t sr = {.w = sizes[z][0], .h = sizes[z][1]};
        status = measure_size(&sr, ses, only, runs, cold, every, sh, csv);
        if (!status) {
            if (json)
                report_json(&sr, ses, only, runs);
            else
                report_size(&sr, ses, only, runs);
        }
        for (int g = 0; g < NGAMES; g++) free(sr.res[g]);
        fflush(stdout);
    }
    loadavg_text(load, sizeof load);
    if (!json && !status) printf("\nload average at the end %s\n", load);
    if (csv) fclose(csv);
    munmap(sh, sizeof *sh);
    return status;
}
