/* app_internal: what the files of the program's SDL side share (not a public header).
 *
 * app.c          the start (the machine, the approved range, the platform) and the loop
 * app_screens.c  the screens (table, operator menu, attract demo), each init/update/draw/unload,
 *                and what the machine's events mean for the program (tickets, the menu)
 * app_seats.c    a terminal's tables: joined from the lobby, up to four in one window (two by
 *                two), the input to the one it falls on or the focused one, leaving one
 * app_script.c   the headless harness: timed scripts and the summary line
 * app_window.c   window, renderer, kiosk, fonts and pictures, sound, keyboard map
 * app_data.c     where the assets are (its own header: app_data.h)
 * app_system.c   signals, the watchdog, systemd's notifications, the process's age */
#ifndef STUDPOKER_APP_INTERNAL_H
#define STUDPOKER_APP_INTERNAL_H

#include <SDL.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#include "app.h"
#include "config.h"
#include "machine.h"
#include "scene_lobby.h"
#include "scene_operator.h"
#include "scene_table.h"
#include "strategy.h"
#include "ui_audio.h"
#include "ui_gfx.h"
#include "ui_input.h"

#define TICK_HZ 120

/* ---- headless scripts: "<ms> <BUTTON>", "<ms> TAP x y", "<ms> SPOT ante",
 * "<ms> SCREENSHOT file.png", "<ms> BOXES file.txt" (the last frame's boxes: ui_gfx.h),
 * "<ms> QUIT"; a terminal's (app_script.c says each): TABLEWAIT, LOBBY, LOBBYWAIT, JOIN, ADDTABLE,
 * FOCUS n, CLOSETABLE n, SEATWAIT, SEATS, SUMMARY [n] ---- */

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

typedef enum screen_id {
    SCREEN_TABLE = 0,
    SCREEN_OPERATOR,
    SCREEN_ATTRACT,
    SCREEN_LOBBY,
    SCREENS
} screen_id_t;

#define APP_SEATS 4

/* A table the terminal plays at (app_seats.c): its machine and scene. The terminal's own machine
 * (a->machine, which holds the store) is one when it sits at a table: own, never freed. */
typedef struct seat {
    machine_t *m;
    table_scene_t *t;
    bool own;
} seat_t;

typedef struct app app_t;

/* A screen: what is on the display and who takes the input. init when it becomes current,
 * update with the tick's input (what it passes on to the machine goes into mi), draw, and
 * unload when another screen takes over. */
typedef struct screen {
    const char *name;
    void (*init)(app_t *a);
    void (*update)(app_t *a, ui_input_t *in, machine_input_t *mi, float dt);
    void (*draw)(app_t *a);
    void (*unload)(app_t *a);
} screen_t;

struct app {
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
    bool kiosk;
    uint64_t op_ready_key; /* the window and language the operator keypad was prepared for */

    const app_run_t *o; /* what the command line adds: headless, script, seed, ... */
    const cfg_t *c;     /* the validated config (the operator's settings: machine.cfg) */
    char assets[512];
    char voucher_dir[1024];
    operator_scene_t op;
    struct printer *printer; /* [cabinet] printer: the ticket printer (printer.h), NULL: files */
    struct png_writer *pngs; /* the tickets' pictures saved off the loop (png_writer.h) */
    script_t script;
    int64_t script_bill; /* a script's BILL <amount> */
    screen_id_t screen;  /* the current screen */
    bool idle_demo;      /* the demo starts by itself when nobody plays (a desktop or cabinet) */
    bool quit;           /* the loop ends after this frame */
    bool make_strategy_later; /* the hint's strategy thread starts after the first frame */
    char approval_warning[128];
    float acc;                /* time not yet stepped */
    double machine_ms;        /* the machine clock's fraction of a millisecond carried */
    uint64_t drawn_signature; /* what the last frame drawn showed */

    /* the demo when nobody plays: a machine of its own (memory only, its own seeded deck) */
    machine_t *demo;
    table_scene_t *demo_table;
    machine_input_t demo_in; /* the demo's own presses this tick */
    int64_t demo_rounds_seen;
    uint64_t demo_bets_game;  /* the demo's round whose side bets were tried */
    unsigned demo_bets_tried; /* the side bets tried in it, by wager bit */
    float interlude_left;     /* the help pages between demo rounds */
    int interlude_page;

    /* a terminal ([table] url and terminal): its tables in the order joined (the first may be
     * the machine's own), the one the keyboard plays, the lobby's thread (started when first
     * wanted) and screen, a JOIN's table to leave once the new one is there */
    bool terminal;
    seat_t seats[APP_SEATS];
    int nseats, focus;
    machine_input_t seat_in[APP_SEATS]; /* this tick's presses for each table but the own */
    struct mlobby *lobby;
    lobby_scene_t lobby_view;
    char switch_from[48];
    /* tables to go back to at the start, where the records say money is in play (joined one
     * at a time through the lobby's thread, as +TABLE) */
    char owed[APP_SEATS][41];
    int nowed;
    ui_audio_t silent; /* the tables not focused make no sound */
    /* a desktop player's settings as every table last had them (one table's change holds at
     * all: they are the player's, not a table's) */
    machine_player_t player_seen;

    /* the watchdog: the loop's heartbeat, watched by a thread */
    SDL_atomic_t heartbeat_ms;
    SDL_atomic_t stop_watchdog;
    SDL_Thread *watchdog;
    uint32_t notified_ms; /* systemd's watchdog was last told we live */
};

/* app_screens.c */
const screen_t *screen_of(screen_id_t id);
/* Makes id the current screen (unload the old one, init the new); nothing when it is already. */
void app_switch(app_t *a, screen_id_t id);
/* Applies what the machine did this step to the program and its table scene t. */
void app_machine_did(app_t *a, table_scene_t *t, const machine_events_t *ev);
/* The demo: its machine's presses for this tick (played by the optimal strategy). */
void app_drive_demo(app_t *a, machine_t *m, table_scene_t *t, machine_input_t *in, float dt);
int app_make_strategy(void *data); /* the hint's strategy, built on its own thread */
/* Tickets: files, then the printer (app_printer_init starts it when the config names one);
 * app_printer_step records the printer's answers (each frame); app_print_wait waits up to ms,
 * in real time, for every ticket sent to be answered (scripts: PRINTWAIT). */
void app_print_ticket(app_t *a, const game_voucher_t *v);
void app_printer_init(app_t *a);
void app_printer_step(app_t *a);
void app_print_wait(app_t *a, int ms);
/* Every ticket picture given to be saved is there, and its ticket printed or sent (the run's
 * end: before its summary, before the machine closes). */
void app_tickets_finish(app_t *a);

/* app_seats.c */
void seats_start(app_t *a); /* after the first table: the lobby first when none is joined */
void seats_free(app_t *a);
bool seats_lobby_on(app_t *a);
/* The terminal's tables as a frame: leaving, joins answered, LOBBY and X pressed. */
void seats_update(app_t *a);
/* Asks the lobby to join tab: add (+TABLE) beside the others, else in place of the focused one
 * (JOIN). false with why when it cannot be asked now. */
bool seats_join(app_t *a, const char *tab, bool add, char *why, size_t n);
void seats_close(app_t *a, int i); /* X on table i: left once its round is over */
/* The lobby's CANCEL on a table being joined: the join given up (a table it would have replaced
 * plays on, unless its X was pressed meanwhile). false: no join was waiting. */
bool seats_cancel(app_t *a);
void seats_focus(app_t *a, int i);
int seats_find(const app_t *a, const char *tab);
bool seats_own_seated(const app_t *a);
/* The machines to step: the tables', and the terminal's own when it sits at none (the cabinet). */
int seats_machines(app_t *a, machine_t **out);
/* The input: the LOBBY and NEXT_TABLE keys, a touch to the table it falls on (converted to its
 * units), keys to the focused table; own gets the terminal's own machine's presses. */
void seats_input(app_t *a, ui_input_t *in, machine_input_t *own);
void seats_draw(app_t *a);
uint64_t seats_signature(app_t *a);
bool seats_wants_frame(app_t *a);
/* The centre of r (table i's units) in the window's virtual units (scripts tap it). */
bool seats_spot_point(app_t *a, int i, ui_rect_t r, float *x, float *y);
/* The scene that shows the cabinet's news (the focused table's), and its machine. */
table_scene_t *app_front(app_t *a);
machine_t *app_front_machine(app_t *a);

/* app_script.c */
bool script_load(script_t *s, const char *path, const char *text);
/* The script writes boxes (BOXES file): the frames record them (gfx_record). */
bool script_records(const script_t *s);
/* A BOXES or SCREENSHOT line not yet applied is due by ms (the script's clock): the frame drawn
 * now is the one it reads; or a touch (TAP, TOUCH, SPOT, PAYS), which finds its place in the
 * layout the last frame drew. */
bool script_capture_due(const script_t *s, uint32_t ms);
void script_apply(app_t *a, uint32_t now, ui_input_t *in, bool *quit);
void script_summary(const app_t *a);

/* app_window.c */
bool window_start(app_t *a);
/* The environment SDL is started with (a headless run's drivers): set before any thread starts
 * (see lang_env_reserve). */
void window_env(const app_run_t *o);
/* The operator's keypad drawn onto nothing once per window size and language, while the table
 * is still (its first frame then makes no picture or text): false when done already. */
bool app_prepare_operator(app_t *a);
void window_stop(app_t *a);
/* The window's own keys: fullscreen (not in a kiosk), the screenshot key. */
void window_keys(app_t *a, const ui_input_t *in);

/* app_system.c */
void system_signals(void);
bool system_terminating(void); /* SIGTERM or SIGINT came */
double system_process_age_seconds(void);
int64_t system_wall_ms(void); /* the real time, ms since 1970 */
void system_watchdog_start(app_t *a);
void system_watchdog_stop(app_t *a);
void system_heartbeat(app_t *a);
void system_ready(void); /* systemd: READY=1 */

#endif
