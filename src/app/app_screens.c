/* The screens (the table, the operator menu, the attract demo) and what the machine's events
 * mean for the program. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app_internal.h"

#include "lang.h"
#include "machine_link.h"
#include "machine_table.h"
#include "money.h"
#include "png_writer.h"
#include "printer.h"
#include "voucher.h"

int app_make_strategy(void *data) {
    app_t *a = data;
    SDL_SetThreadPriority(SDL_THREAD_PRIORITY_LOW); /* (see ui_gfx.h: background work) */
    strategy_t *s = strategy_build_until(&a->strategy_rules, &a->stop_strategy);
    SDL_AtomicSetPtr((void **)&a->strategy, s);
    return 0;
}

/* ---- the cabinet: credits in and out, the door, the operator menu ---- */

static const char *ticket_font(app_t *a, char *buf, size_t len) {
    snprintf(buf, len, "%s/fonts/RobotoCondensed-Bold.ttf", a->assets);
    return buf;
}

/* A ticket whose picture is being saved: what is done once the file is there. */
typedef struct ticket_tag {
    game_voucher_t v;
    char txt[1100], png[1100];
} ticket_tag_t;

/* The ticket's files are there (png "": the text file only): the printer prints it, or without
 * one the files are the print. */
static void ticket_written(app_t *a, const game_voucher_t *v, const char *txt, const char *png) {
    machine_events_t ev = {0};
    if (!a->printer) {
        fprintf(stderr, "studpoker: ticket %lld printed: %s\n", (long long)v->sequence, txt);
        machine_ticket_printed(&a->machine, v, true, "", &ev);
    } else if (!printer_send(a->printer, v, png[0] ? png : txt)) {
        machine_ticket_printed(&a->machine, v, false,
                               N_("the printer has too many tickets waiting"), &ev);
    } else {
        fprintf(stderr, "studpoker: ticket %lld sent to the printer %s: %s\n",
                (long long)v->sequence, a->c->cabinet.printer, png[0] ? png : txt);
    }
    table_events(app_front(a), &ev);
}

/* A ticket the machine recorded (a cash-out, or the operator's reprint), printed: its files
 * first (the record; the picture saved on a thread of its own, app_printer_step goes on when it
 * is there), then the printer, whose answer comes later (app_printer_step). Without a printer the
 * files are the print. The store has the ticket already, so a printer fault loses no money: the
 * ticket is recorded as not printed and the attendant reprints it. */
void app_print_ticket(app_t *a, const game_voucher_t *v) {
    game_t *g = &a->machine.game;
    char amount[40], font[600], err[1200] = "";
    ticket_tag_t tag = {.v = *v};
    game_money(g, v->amount, amount);
    if (!a->voucher_dir[0]) return;
    SDL_Surface *pic = NULL;
    if (!voucher_draw(a->voucher_dir, v, amount, ticket_font(a, font, sizeof font), a->gfx.rec,
                      tag.txt, tag.png, sizeof tag.txt, err, sizeof err, &pic)) {
        machine_events_t ev = {0};
        fprintf(stderr, "studpoker: ticket %lld (%s, validation %s) is recorded but %s\n",
                (long long)v->sequence, amount, v->validation, err);
        machine_ticket_printed(&a->machine, v, false, N_("the ticket file could not be written"),
                               &ev);
        table_events(app_front(a), &ev);
        return;
    }
    if (pic) {
        if (!a->pngs) a->pngs = png_writer_start();
        if (png_writer_add(a->pngs, pic, tag.png, &tag, sizeof tag)) return;
        /* no thread, or too many waiting: saved here */
        if (!voucher_save_png(pic, tag.png)) tag.png[0] = '\0';
        SDL_FreeSurface(pic);
    }
    ticket_written(a, v, tag.txt, tag.png);
}

static void print_for_operator(void *ctx, const game_voucher_t *v) {
    app_print_ticket(ctx, v);
}

void app_printer_init(app_t *a) {
    a->op.print = print_for_operator;
    a->op.print_ctx = a;
    if (a->c->cabinet.printer[0] && !a->o->attract)
        a->printer = printer_start(a->c->cabinet.printer, 20);
}

void app_printer_step(app_t *a) {
    game_voucher_t v;
    bool printed, saved;
    char why[256];
    ticket_tag_t tag;
    while (png_writer_take(a->pngs, &tag, sizeof tag, &saved)) {
        if (!saved) tag.png[0] = '\0'; /* the text file is the ticket */
        ticket_written(a, &tag.v, tag.txt, tag.png);
    }
    while (a->printer && printer_answer(a->printer, &v, &printed, why, sizeof why)) {
        machine_events_t ev = {0};
        if (printed)
            fprintf(stderr, "studpoker: ticket %lld printed on %s\n", (long long)v.sequence,
                    a->c->cabinet.printer);
        else
            fprintf(stderr, "studpoker: ticket %lld is recorded but not printed: %s\n",
                    (long long)v.sequence, why);
        machine_ticket_printed(&a->machine, &v, printed, why, &ev);
        table_events(app_front(a), &ev);
    }
}

/* Waits up to ms, in real time, for every ticket's picture given to be saved, taking the answers
 * as they come (the tickets go to the printer): a picture saved counts as pending until its
 * answer is taken, so the wait ends once all are taken, not at its limit. */
static void pictures_wait(app_t *a, int ms) {
    app_printer_step(a);
    for (int waited = 0; png_writer_pending(a->pngs) > 0 && waited <= ms; waited += 2) {
        SDL_Delay(2);
        app_printer_step(a);
    }
}

void app_print_wait(app_t *a, int ms) {
    /* the pictures saved first: a ticket goes to the printer once its file is there */
    pictures_wait(a, ms);
    /* a job stays busy until its answer is taken: taken as it comes, so the wait ends with it */
    for (int waited = 0; a->printer && printer_busy(a->printer) > 0 && waited <= ms; waited += 10) {
        SDL_Delay(10);
        app_printer_step(a);
    }
}

void app_tickets_finish(app_t *a) {
    pictures_wait(a, 10000); /* a picture takes about 10 ms; a stuck disk is given ten seconds */
}

/* The cabinet's own buttons go to the machine, not to the table (they are taken out of it). */
static void cabinet_input(app_t *a, ui_input_t *in, machine_input_t *mi) {
    static const ui_button_t cab[] = {BTN_DOOR,    BTN_COIN,    BTN_BILL,
                                      BTN_CASHOUT, BTN_SERVICE, BTN_ATTENDANT};
    for (size_t i = 0; i < sizeof cab / sizeof cab[0]; i++)
        if (ui_pressed(in, cab[i])) {
            machine_press(mi, cab[i]);
            in->pressed &= ~(1ull << cab[i]);
        }
    mi->bill = a->script_bill;
    a->script_bill = 0;
    snprintf(mi->ticket, sizeof mi->ticket, "%s", in->ticket);
    in->ticket[0] = '\0';
}

/* The terminal's own machine at no table (its tables are machines of their own, or it is in
 * the lobby): its cabinet's news are shown where the player looks, the round's events nowhere
 * (its felt is not on the screen). */
static void show_elsewhere(app_t *a, const machine_events_t *ev) {
    static machine_events_t news; /* the program's thread only */
    news.n = 0;
    for (int i = 0; i < ev->n; i++) {
        machine_event_type_t k = ev->ev[i].type;
        if (k == MEV_ROUND || k == MEV_NEW_ROUND || k == MEV_DECIDED || k == MEV_TIMER_DEALT ||
            k == MEV_AUTO_FOLDED)
            continue;
        news.ev[news.n++] = ev->ev[i];
        if (a->screen != SCREEN_LOBBY) continue;
        char b[40], line[STORE_MSG_LEN + 340];
        if (k == MEV_CREDIT_IN || k == MEV_TICKET_IN)
            snprintf(line, sizeof line, _("CREDIT  + %s"),
                     game_money(&a->machine.game, ev->ev[i].amount, b));
        else if (k == MEV_TICKET)
            snprintf(line, sizeof line, _("CASHED OUT %s - PRINTING YOUR TICKET"),
                     game_money(&a->machine.game, ev->ev[i].amount, b));
        else
            snprintf(line, sizeof line, "%s", ev->ev[i].text);
        if (line[0]) lobby_toast(&a->lobby_view, line);
    }
    if (a->nseats > 0) table_events(app_front(a), &news);
}

/* What the machine did, shown: the ticket printed, the operator menu opened, the rest on the
 * table. */
void app_machine_did(app_t *a, table_scene_t *t, const machine_events_t *ev) {
    bool own = t == &a->table;
    for (int i = 0; i < ev->n; i++) {
        if (ev->ev[i].type == MEV_OPERATOR && own) app_switch(a, SCREEN_OPERATOR);
    }
    if (own && a->terminal && !seats_own_seated(a))
        show_elsewhere(a, ev);
    else
        table_events(t, ev);
    /* after the table has shown the cash-out: the print's answer follows it */
    for (int i = 0; i < ev->n; i++)
        if (ev->ev[i].type == MEV_TICKET && own) app_print_ticket(a, &ev->ev[i].voucher);
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
        /* its own seeded deck and play money: nothing of the machine's is touched (and never
         * the linked pool: the demo joins no link) */
        cfg_t demo_cfg = a->machine.cfg;
        demo_cfg.link.url[0] = '\0';
        demo_cfg.rules.pool_linked = 0;
        if (!machine_open(a->demo, &demo_cfg, 100000, 0x5eed5eedu, NULL, NULL, 0) ||
            !game_new_round(&a->demo->game))
            return false;
        machine_rg_disable(a->demo); /* play money: no session */
        snprintf(a->demo->game.machine_id, sizeof a->demo->game.machine_id, "%s",
                 a->machine.game.machine_id);
        table_init(a->demo_table, a->demo, &a->audio, true, a->assets);
        a->demo_table->demo = true;
    }
    ensure_strategy(a);
    a->interlude_left = 0;
    return true;
}

/* The demo plays the side bets too, so the attract shows them (and the jackpot) played: once
 * the ante is down, each side bet the game offers gets its smallest stake, one a tick, tried
 * once a round (a bet refused is not tried again, so the demo never stops dealing). Later
 * rounds rebet them with the ante. */
static bool demo_side_bet(app_t *a, const machine_t *m, machine_input_t *in) {
    const game_t *g = &m->game;
    const round_t *r = &g->round;
    if (r->phase != ROUND_BETTING || r->seat[0].stake[WAGER_ANTE] < g->rules.bet_min[WAGER_ANTE])
        return false;
    if (a->demo_bets_game != g->number) a->demo_bets_game = g->number, a->demo_bets_tried = 0;
    for (int w = WAGER_BONUS51; w < WAGER_COUNT; w++) {
        if (!g->rules.offered[w] || !rules_variant_has_wager(g->rules.variant, (wager_t)w) ||
            r->seat[0].stake[w] > 0 || (a->demo_bets_tried & (1u << w)))
            continue;
        a->demo_bets_tried |= 1u << w;
        machine_press(in, CFG_BUTTON_BET);
        in->bet_wager = (wager_t)w;
        in->bet_amount = g->rules.bet_min[w];
        return true;
    }
    return false;
}

/* The demo between rounds: every fourth round one of the player's help pages is shown for a
 * moment, in turn the hands (Asian Stud: points and splits), the pay tables and how to play
 * (scene_help.h; never a rule sheet for auditors); the jackpot meter and INSERT CREDITS stay on
 * screen throughout. */
void app_drive_demo(app_t *a, machine_t *m, table_scene_t *t, machine_input_t *in, float dt) {
    static const int pages[] = {HELP_PAGE_HANDS, HELP_PAGE_PAYS, HELP_PAGE_PLAY};
    game_t *g = &m->game;
    if (g->credits < 100 * g->rules.bet_min[WAGER_ANTE] && game_round_over(g))
        g->credits = 100000; /* the demo's play money never runs out */
    /* the jackpot meter over the demo is the machine's own (a copy: the demo's contributions
     * and wins never reach the real pool); a linked machine's is the linked pool's prize */
    if (g != &a->machine.game && game_round_over(g)) {
        g->pool = a->machine.game.pool;
        mlink_view_t lv;
        if (machine_link_view(&a->machine, &lv) && lv.known)
            g->pool.value = lv.value * JACKPOT_FRAC;
    }
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
            a->interlude_page = pages[(g->played / 4) % (sizeof pages / sizeof pages[0])];
            return;
        }
    }
    if (!table_busy(t) && demo_side_bet(a, m, in)) return;
    machine_autoplay(m, SDL_AtomicGetPtr((void **)&a->strategy), table_busy(t), INT64_MAX, in);
}

/* ---- the screens ---- */

static bool real_input(const ui_input_t *in) {
    return in->pressed || in->tap || in->digit >= 0 || in->ticket[0];
}

/* The table: the player's. The cabinet's buttons go to the machine, the rest to the table scene;
 * after the idle time with nothing on the machine, the demo takes over. */
static void table_screen_update(app_t *a, ui_input_t *in, machine_input_t *mi, float dt) {
    if (a->o->attract) { /* the demo run: the machine plays itself */
        app_drive_demo(a, &a->machine, &a->table, mi, dt);
        table_input(&a->table, in, mi);
        return;
    }
    cabinet_input(a, in, mi);
    if (a->terminal) { /* its tables: one, or up to four two by two */
        seats_input(a, in, mi);
        return;
    }
    table_input(&a->table, in, mi);
    if (a->idle_demo && machine_attract_due(&a->machine) && !table_busy(&a->table))
        app_switch(a, SCREEN_ATTRACT);
}

static void table_screen_draw(app_t *a) {
    if (a->terminal)
        seats_draw(a);
    else
        table_draw(&a->table, &a->gfx);
}

/* Where the player goes back to: the tables, or the lobby when the terminal sits at none. */
static screen_id_t play_screen(const app_t *a) {
    return a->terminal && a->nseats == 0 ? SCREEN_LOBBY : SCREEN_TABLE;
}

/* The operator menu, over the table: the keypad first, then the pages. */
static void operator_screen_init(app_t *a) {
    operator_open(&a->op);
}

static void operator_screen_update(app_t *a, ui_input_t *in, machine_input_t *mi, float dt) {
    (void)mi;
    operator_update(&a->op, in, dt);
    if (a->op.shutdown) a->quit = true;
    if (!operator_is_open(&a->op)) app_switch(a, play_screen(a));
}

/* However the keypad or the menu went (BACK on the keypad closes it without the menu's own
 * close), the machine plays again. */
static void operator_screen_unload(app_t *a) {
    machine_operator_left(&a->machine);
}

/* The menu covers the whole window with its own background: the table is not drawn under it
 * (it was 2% visible through the dim, at the cost of a whole table and a full-screen blend a
 * frame). */
static void operator_screen_draw(app_t *a) {
    /* a machine's table: its pictures and text kept alive behind the menu (drawn onto nothing
     * every second and a half), so that back from the menu its first frame does not make them
     * all again */
    if (operator_is_open(&a->op) && !a->terminal && a->gfx.frame % 90 == 0 &&
        gfx_offscreen_begin(&a->gfx)) {
        table_draw(&a->table, &a->gfx);
        gfx_offscreen_end(&a->gfx);
    }
    if (!operator_is_open(&a->op)) {
        if (play_screen(a) == SCREEN_LOBBY)
            lobby_draw(&a->lobby_view, &a->gfx);
        else if (a->terminal)
            seats_draw(a);
        else
            table_draw(&a->table, &a->gfx);
    }
    operator_draw(&a->op, &a->gfx);
}

bool app_prepare_operator(app_t *a) {
    uint64_t key = (uint64_t)a->gfx.pw << 32 ^ (uint64_t)a->gfx.ph << 8 ^ (uint64_t)lang_get();
    if (key == a->op_ready_key || operator_is_open(&a->op) || !gfx_offscreen_begin(&a->gfx))
        return false;
    a->op.page = OP_PIN;
    operator_draw(&a->op, &a->gfx);
    a->op.page = OP_CLOSED;
    gfx_offscreen_end(&a->gfx);
    a->op_ready_key = key;
    return true;
}

/* ---- the lobby (a terminal's: scene_lobby.h) ---- */

static void lobby_screen_init(app_t *a) {
    if (seats_lobby_on(a)) mlobby_watch(a->lobby, true);
}

static void lobby_screen_unload(app_t *a) {
    if (a->lobby) mlobby_watch(a->lobby, false);
}

/* The lobby's rows as its thread last read them, and what the terminal has at each table. */
static void lobby_fill(app_t *a) {
    lobby_scene_t *l = &a->lobby_view;
    if (!a->lobby) {
        l->nrows = 0;
        l->up = false;
        snprintf(l->state, sizeof l->state, "%s", N_("The tables cannot be reached."));
        return;
    }
    l->nrows =
        mlobby_rows(a->lobby, l->rows, MLOBBY_ROWS, &l->up, l->state, sizeof l->state, &l->now_ms);
    char joining[48] = "";
    mlobby_joining(a->lobby, joining, sizeof joining);
    /* a join whose controller does not answer is tried again: the foot says so meanwhile */
    int retry = mlobby_join_retry_s(a->lobby);
    l->joining[0] = '\0';
    if (retry >= 0)
        snprintf(l->joining, sizeof l->joining,
                 _("Table %s does not answer yet: trying again for %d s. CANCEL gives it up."),
                 joining, retry);
    else if (mlobby_join_waiting_open(a->lobby))
        snprintf(l->joining, sizeof l->joining,
                 _("Table %s is not open yet. You will sit down there as soon as it opens."),
                 joining);
    for (int i = 0; i < l->nrows; i++) {
        int s = seats_find(a, l->rows[i].tab);
        l->mark[i] = s >= 0 ? (machine_table_leaving(a->seats[s].m) ? LOBBY_LEAVING : LOBBY_PLAYING)
                     : strcmp(joining, l->rows[i].tab) == 0 ? LOBBY_JOINING
                                                            : LOBBY_FREE;
    }
    l->can_add = a->nseats > 0 && a->nseats < APP_SEATS;
    l->can_back = a->nseats > 0;
    /* the terminal's credits are in its site's money, the tables' */
    const game_t *g = &a->machine.game;
    lang_money(game_balance(g), l->nrows ? l->rows[0].currency : g->rules.currency, l->balance,
               sizeof l->balance);
}

static void lobby_screen_update(app_t *a, ui_input_t *in, machine_input_t *mi, float dt) {
    cabinet_input(a, in, mi); /* coins, notes, tickets and CASH OUT work here too */
    lobby_fill(a);
    lobby_update(&a->lobby_view, dt);
    char tab[48], why[300];
    lobby_action_t act = lobby_input(&a->lobby_view, in, tab, sizeof tab);
    if (act == LOBBY_BACK) app_switch(a, SCREEN_TABLE);
    if (act == LOBBY_GOTO) {
        seats_focus(a, seats_find(a, tab));
        app_switch(a, SCREEN_TABLE);
    }
    if (act == LOBBY_JOIN || act == LOBBY_ADD) {
        if (seats_join(a, tab, act == LOBBY_ADD, why, sizeof why))
            /* the news before it (a join that failed, one cancelled) is old now */
            a->lobby_view.toast_until = a->lobby_view.failed_until = a->lobby_view.now;
        else
            lobby_toast(&a->lobby_view, why);
    }
    if (act == LOBBY_CANCEL) seats_cancel(a);
}

static void lobby_screen_draw(app_t *a) {
    lobby_draw(&a->lobby_view, &a->gfx);
}

/* The attract demo: a machine of its own plays on its own table; any real input brings back
 * the player's table as it was left, and a coin or a note is credited at once. */
static void attract_screen_init(app_t *a) {
    if (!start_demo(a)) {
        fprintf(stderr, "studpoker: the demo could not start (no memory)\n");
        a->screen = SCREEN_TABLE;
        return;
    }
    a->machine.attracting = true;
}

static void attract_screen_update(app_t *a, ui_input_t *in, machine_input_t *mi, float dt) {
    if (real_input(in)) {
        app_switch(a, SCREEN_TABLE);
        cabinet_input(a, in, mi);
        return;
    }
    memset(&a->demo_in, 0, sizeof a->demo_in);
    app_drive_demo(a, a->demo, a->demo_table, &a->demo_in, dt);
}

static void attract_screen_draw(app_t *a) {
    table_draw(a->demo_table, &a->gfx);
}

static void attract_screen_unload(app_t *a) {
    a->machine.attracting = false;
}

static void nothing(app_t *a) {
    (void)a;
}

static const screen_t SCREEN_LIST[SCREENS] = {
    [SCREEN_TABLE] = {"table", nothing, table_screen_update, table_screen_draw, nothing},
    [SCREEN_OPERATOR] = {"operator", operator_screen_init, operator_screen_update,
                         operator_screen_draw, operator_screen_unload},
    [SCREEN_ATTRACT] = {"attract", attract_screen_init, attract_screen_update, attract_screen_draw,
                        attract_screen_unload},
    [SCREEN_LOBBY] = {"lobby", lobby_screen_init, lobby_screen_update, lobby_screen_draw,
                      lobby_screen_unload},
};

const screen_t *screen_of(screen_id_t id) {
    return &SCREEN_LIST[id];
}

void app_switch(app_t *a, screen_id_t id) {
    if (a->screen == id) return;
    SCREEN_LIST[a->screen].unload(a);
    a->screen = id;
    SCREEN_LIST[id].init(a);
}
