/* scene_operator: the operator menu, behind the attendant's key and a PIN.
 *
 * Opened by the SERVICE button or the attendant key (when no hand pay waits), it asks for the
 * PIN from the config ([cabinet] operator_pin) and then offers: every meter, recall of the last
 * ten games, the jackpot pools, the audit log, the cash-out tickets (void, reprint), test screens
 * (buttons, touch, sound, display), the settings, clearing credits, responsible gaming (a
 * cabinet's limits and breaks), and shutting the program down.
 * While it is open nothing is played and no meter moves (the table gets no input); opening,
 * closing, wrong PINs and every change go to the audit log. Settings change only on an empty
 * machine (store.h refuses them with credits on it or a game in play) and live in the audit log
 * (store_setting_set). */
#ifndef STUDPOKER_SCENE_OPERATOR_H
#define STUDPOKER_SCENE_OPERATOR_H

#include <stdbool.h>
#include <stdint.h>

#include "game.h"
#include "machine.h"
#include "ui_audio.h"
#include "ui_types.h"
#include "ui_input.h"

typedef enum op_page {
    OP_CLOSED = 0,
    OP_PIN,
    OP_MENU,
    OP_METERS,
    OP_RECALL,
    OP_POOLS,
    OP_AUDIT,
    OP_TICKETS,
    OP_BUTTONS,
    OP_TOUCH,
    OP_SOUND,
    OP_DISPLAY,
    OP_SETTINGS,
    OP_CLEAR_CREDITS,
    OP_RG, /* RESPONSIBLE GAMING: a cabinet's limits and breaks */
    OP_PAGES
} op_page_t;

#define OP_METERS_MAX  128
#define OP_AUDIT_ROWS  18
#define OP_RECALL_ROWS 10
#define OP_TICKET_ROWS 10

typedef struct operator_scene {
    op_page_t page;
    machine_t *machine; /* the keypad, the money and the records are the machine's */
    game_t *game;       /* &machine->game */
    ui_audio_t *audio;
    float now;
    int sel;
    char msg[600];
    float msg_until;
    bool confirm; /* a second DEAL confirms clearing credits */
    bool shutdown;

    store_meter_value_t meters[OP_METERS_MAX];
    int nmeters;
    int64_t since_power_up, since_door;
    store_audit_row_t audit[OP_AUDIT_ROWS];
    int naudit;
    game_record_t recall[OP_RECALL_ROWS];
    int nrecall;
    jackpot_pool_t pool;
    bool has_pool;
    store_ticket_t tickets[OP_TICKET_ROWS]; /* TICKETS: the newest, what became of each */
    int ntickets;
    /* REPRINT hands the ticket to the program's printer (the front owns it) */
    void (*print)(void *ctx, const game_voucher_t *v);
    void *print_ctx;

    float lit[BTN_COUNT]; /* button test: when each button was last pressed */
    int back_presses;
    float px, py;
    int touch_target; /* touch test: the target to tap next (5 = done) */
    float touch_dx[5], touch_dy[5];
    int sound;      /* sound test: the sound selected */
    int pattern;    /* display test: the pattern shown */
    int rg_break;   /* responsible gaming: the break to start (MRG_BREAK_HOURS) */
    ui_rect_t area; /* the layout's part of the window at the last frame (gfx_area) */
} operator_scene_t;

void operator_init(operator_scene_t *o, machine_t *machine, ui_audio_t *audio);
/* Opens at the PIN pad (nothing happens while a game is dealt: the caller checks game_idle). */
void operator_open(operator_scene_t *o);
static inline bool operator_is_open(const operator_scene_t *o) {
    return o->page != OP_CLOSED;
}
void operator_update(operator_scene_t *o, const ui_input_t *in, float dt);
void operator_draw(operator_scene_t *o, ui_gfx_t *g);

/* scene_operator_rg.c: the RESPONSIBLE GAMING page */
void op_rg_load(operator_scene_t *o);
void op_rg_update(operator_scene_t *o, const ui_input_t *in);
void op_rg_draw(operator_scene_t *o, ui_gfx_t *g);

/* scene_operator_tickets.c: the TICKETS page (and what it borrows from scene_operator.c) */
void op_tickets_load(operator_scene_t *o);
void op_tickets_update(operator_scene_t *o, const ui_input_t *in);
void op_tickets_draw(operator_scene_t *o, ui_gfx_t *g);
void op_say(operator_scene_t *o, const char *msg);
/* text cut to width with "..." at its end; the size (down to least) at which text fits width */
const char *op_fit(ui_gfx_t *g, const char *text, float size, int face, float width, char *buf,
                   size_t n);
float op_fit_size(ui_gfx_t *g, const char *text, float size, float least, int face, float width);
ui_rect_t op_row_rect(int i, int n);
ui_rect_t op_key_rect(int k);
ui_rect_t op_touch_target(const operator_scene_t *o, int i);

/* scene_operator_pages.c: the pages of records and tests */
void op_meters_draw(operator_scene_t *o, ui_gfx_t *g);
void op_recall_draw(operator_scene_t *o, ui_gfx_t *g);
void op_pools_draw(operator_scene_t *o, ui_gfx_t *g);
void op_audit_draw(operator_scene_t *o, ui_gfx_t *g);
void op_buttons_draw(operator_scene_t *o, ui_gfx_t *g);
void op_touch_draw(operator_scene_t *o, ui_gfx_t *g);
void op_display_draw(operator_scene_t *o, ui_gfx_t *g);
void op_pin_draw(operator_scene_t *o, ui_gfx_t *g);
void op_title(ui_gfx_t *g, const char *t, const char *sub);
void op_button(ui_gfx_t *g, ui_rect_t r, const char *label, bool hot);

#endif
