/* A terminal's tables in one window (issue 15; seed 001's LOBBY and Multi-Game Play): up to four
 * tables joined from the lobby, each a machine of its own on the terminal's one store
 * (machine_open_seat: its own round, timers, chips, buttons and connection to the table), shown
 * alone in the window or two by two. The mouse and the touch act on the table they fall on (and
 * make it the focused one), the keyboard on the focused table (NEXT_TABLE moves the focus); an X
 * in each table's title bar leaves it, once its money is not in play, and the others play on.
 *
 * The first table may be the terminal's own machine (the one that opened the store: `--join` at
 * the start): it is never freed, only unseated when its table is left; any other table is a
 * machine and a scene of its own, made when the lobby's join answers and freed when the table is
 * left. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app_internal.h"
#include "lang.h"

#include "approval.h"
#include "machine_table.h"

void seats_start(app_t *a) {
    const struct cfg_table *tc = &a->machine.cfg.table;
    a->player_seen = a->machine.player;
    lobby_init(&a->lobby_view, &a->audio);
    a->terminal = tc->url[0] && tc->terminal[0] && !a->o->attract && !a->o->bench_frames;
    if (a->machine.jt) {
        a->seats[0] = (seat_t){.m = &a->machine, .t = &a->table, .own = true};
        a->nseats = 1;
    }
    if (a->terminal) a->table.show_lobby = a->table.show_close = true;
    if (a->terminal && a->nseats == 0) {
        app_switch(a, SCREEN_LOBBY);
        /* the table --join named was not open yet: the lobby's join waits for it to open and
         * sits there then (the lobby says so meanwhile) */
        const char *wait = machine_table_waiting(&a->machine);
        char why[300];
        if (wait[0] && !seats_join(a, wait, true, why, sizeof why))
            fprintf(stderr, "studpoker: table %s: %s\n", wait, why);
        /* a terminal stopped with money in play at tables (killed, cut off) goes back to them
         * for their results: the rounds went on without it (001) */
        char owed[APP_SEATS][41];
        int n = machine_table_owed(&a->machine, owed, APP_SEATS);
        if (n < 0) fprintf(stderr, "studpoker: the records of the tables played cannot be read\n");
        for (int i = 0; i < n; i++) memcpy(a->owed[a->nowed++], owed[i], sizeof owed[i]);
    }
}

/* The lobby's thread, started when first wanted (a terminal that never opens the lobby holds
 * no second connection). */
bool seats_lobby_on(app_t *a) {
    if (!a->lobby && a->terminal)
        a->lobby = mlobby_start(a->machine.cfg.table.url, a->machine.cfg.table.terminal);
    return a->lobby != NULL;
}

static void free_seat(seat_t *s) {
    if (s->own) return;
    machine_close(s->m);
    table_free(s->t);
    free(s->m);
    free(s->t);
}

void seats_free(app_t *a) {
    for (int i = 0; i < a->nseats; i++) free_seat(&a->seats[i]);
    a->nseats = 0;
    mlobby_stop(a->lobby);
    a->lobby = NULL;
}

int seats_find(const app_t *a, const char *tab) {
    for (int i = 0; i < a->nseats; i++)
        if (strcmp(a->seats[i].m->cfg.table.join, tab) == 0) return i;
    return -1;
}

table_scene_t *app_front(app_t *a) {
    if (a->nseats > 0 && a->focus < a->nseats) return a->seats[a->focus].t;
    return &a->table;
}

machine_t *app_front_machine(app_t *a) {
    if (a->nseats > 0 && a->focus < a->nseats) return a->seats[a->focus].m;
    return &a->machine;
}

bool seats_own_seated(const app_t *a) {
    for (int i = 0; i < a->nseats; i++)
        if (a->seats[i].own) return true;
    return false;
}

int seats_machines(app_t *a, machine_t **out) {
    int n = 0;
    if (!seats_own_seated(a)) out[n++] = &a->machine;
    for (int i = 0; i < a->nseats; i++) out[n++] = a->seats[i].m;
    return n;
}

/* ---- joining and leaving ---- */

/* A table left: its machine closed (the terminal's own only unseated: it keeps the store), the
 * others move up. */
static void drop_seat(app_t *a, int i) {
    seat_t s = a->seats[i];
    if (s.own) {
        machine_table_close(s.m);
        /* a plain felt again; it is not shown while the machine sits nowhere */
        game_new_round(&s.m->game);
    } else {
        free_seat(&s);
    }
    memmove(&a->seats[i], &a->seats[i + 1], sizeof a->seats[0] * (size_t)(a->nseats - i - 1));
    a->nseats--;
    if (a->focus > i || a->focus >= a->nseats) a->focus = a->focus > 0 ? a->focus - 1 : 0;
    if (a->nseats == 0 && a->terminal && a->screen == SCREEN_TABLE) app_switch(a, SCREEN_LOBBY);
}

static void tell(app_t *a, const char *msg) {
    lobby_toast(&a->lobby_view, msg);
    if (a->nseats > 0) table_toast(app_front(a), msg);
}

/* The table's game against the terminal's approved return range ([approval] of its own config,
 * as a table joined at the start is checked): a cabinet does not play a table outside it (false,
 * msg says why); a desktop plays it with the warning in msg. */
static bool approved(app_t *a, machine_t *m, char *msg, size_t n) {
    approval_t ap;
    approval_miss_t miss[APPROVAL_MAX_BETS];
    const char *source = "";
    msg[0] = '\0';
    int nmiss =
        machine_check_approval(m, a->c->approval.min_payback_bp, a->c->approval.max_payback_bp, &ap,
                               miss, APPROVAL_MAX_BETS, &source);
    if (nmiss == 0) return true;
    if (nmiss < 0) {
        snprintf(msg, n, _("Table %s's returns cannot be worked out here"), m->cfg.table.join);
        return !a->kiosk;
    }
    char text[400];
    approval_miss_text(&ap, &miss[0], text, sizeof text);
    char pct[48], lim[16];
    approval_percent(&ap.bet[miss[0].bet], pct, sizeof pct);
    approval_limit_text(miss[0].limit_bp, lim, sizeof lim);
    fprintf(stderr, "studpoker: not approved at table %s: %s\n", m->cfg.table.join, text);
    snprintf(msg, n,
             miss[0].above ? _("NOT APPROVED at table %s: %s returns %s%%, above the %s maximum")
                           : _("NOT APPROVED at table %s: %s returns %s%%, below the %s minimum"),
             m->cfg.table.join, _(approval_bet_name(ap.variant, ap.bet[miss[0].bet].wager)), pct,
             lim);
    return !a->kiosk;
}

/* A join answered: the table at position at (the others move right). */
static bool add_seat(app_t *a, const mlobby_join_t *j, int at) {
    machine_t *m = calloc(1, sizeof *m);
    table_scene_t *t = calloc(1, sizeof *t);
    char err[600], msg[700] = "";
    if (!m || !t || a->nseats == APP_SEATS) {
        free(m), free(t);
        tell(a, _("There is no room for another table."));
        return false;
    }
    if (!machine_open_seat(m, &a->machine, j->tab, j->game, j->title, j->linked, err, sizeof err)) {
        /* the log says why (the table's game as its config file has it, ...); the player that
         * the attendant can see to it */
        fprintf(stderr, "studpoker: Table %s cannot be played here: %s\n", j->tab, err);
        snprintf(msg, sizeof msg,
                 _("Table %s cannot be played on this terminal. Please call an attendant."),
                 j->tab);
        tell(a, msg);
        free(m), free(t);
        return false;
    }
    if (!approved(a, m, msg, sizeof msg)) {
        tell(a, msg);
        machine_close(m);
        free(m), free(t);
        return false;
    }
    table_init(t, m, &a->audio, a->table.turbo, a->assets);
    t->show_lobby = t->show_close = true;
    if (msg[0]) table_warning(t, msg);
    /* the terminal's own machine, at no table, pays its tickets in the tables' money (its
     * site's: a table only seats terminals of its currency) */
    if (!seats_own_seated(a)) {
        memcpy(a->machine.game.rules.currency, m->game.rules.currency,
               sizeof a->machine.game.rules.currency);
        memcpy(a->machine.cfg.rules.currency, m->game.rules.currency,
               sizeof a->machine.cfg.rules.currency);
    }
    if (at > a->nseats) at = a->nseats;
    memmove(&a->seats[at + 1], &a->seats[at], sizeof a->seats[0] * (size_t)(a->nseats - at));
    a->seats[at] = (seat_t){.m = m, .t = t, .own = false};
    a->nseats++;
    a->focus = at;
    return true;
}

bool seats_join(app_t *a, const char *tab, bool add, char *why, size_t n) {
    why[0] = '\0';
    if (!seats_lobby_on(a)) {
        snprintf(why, n, "%s", _("This machine does not play at shared tables."));
        return false;
    }
    if (seats_find(a, tab) >= 0) {
        snprintf(why, n, _("You play at table %s already."), tab);
        return false;
    }
    char busy[48];
    /* a table waited for until it opens gives way to the one the player chooses now */
    if (mlobby_join_waiting_open(a->lobby) && mlobby_join_cancel(a->lobby, busy, sizeof busy))
        fprintf(stderr, "studpoker: table %s is not waited for any more: table %s chosen\n", busy,
                tab);
    if (mlobby_joining(a->lobby, busy, sizeof busy)) {
        /* one join at a time: the second would race the first for the room and the focus */
        snprintf(why, n, _("Table %s is being joined: wait for it, or CANCEL it in the lobby."),
                 busy);
        return false;
    }
    bool swap = !add && a->nseats > 0;
    machine_t *old = swap ? a->seats[a->focus].m : NULL;
    /* a switch needs room while the table left still has money in play (it goes after its
     * round: 001, "You will not be removed from this game until you have actually selected the
     * new game/table") */
    bool room = a->nseats < APP_SEATS || (swap && machine_table_can_leave(old));
    if (!room) {
        snprintf(why, n, "%s",
                 _("Four tables are in play: leave one first (the X), or switch from a table "
                   "whose bets are settled."));
        return false;
    }
    if (!mlobby_join(a->lobby, tab)) {
        snprintf(why, n, "%s", _("A table is being joined: a moment."));
        return false;
    }
    a->switch_from[0] = '\0';
    if (swap) {
        machine_table_set_leaving(old, true);
        snprintf(a->switch_from, sizeof a->switch_from, "%s", old->cfg.table.join);
    }
    return true;
}

void seats_close(app_t *a, int i) {
    if (i < 0 || i >= a->nseats) return;
    machine_table_set_leaving(a->seats[i].m, true);
    /* the table a join waiting would replace: X is the player's last word on it (it goes after
     * its round whatever the join's answer, and the table joined sits beside the others) */
    if (strcmp(a->switch_from, a->seats[i].m->cfg.table.join) == 0) a->switch_from[0] = '\0';
}

bool seats_cancel(app_t *a) {
    char tab[48], msg[300];
    if (!a->lobby || !mlobby_join_cancel(a->lobby, tab, sizeof tab)) return false;
    int old = a->switch_from[0] ? seats_find(a, a->switch_from) : -1;
    a->switch_from[0] = '\0';
    if (old >= 0) machine_table_set_leaving(a->seats[old].m, false); /* it plays on */
    fprintf(stderr, "studpoker: joining table %s: cancelled by the player\n", tab);
    snprintf(msg, sizeof msg, _("Table %s was not joined: you cancelled it."), tab);
    tell(a, msg);
    return true;
}

void seats_focus(app_t *a, int i) {
    if (i >= 0 && i < a->nseats) a->focus = i;
}

/* The lobby's answer to a join: the table sits in place of the one switched from (once that can
 * be left), or beside the others. */
static void take_join(app_t *a) {
    mlobby_join_t j;
    if (!a->lobby || !mlobby_join_result(a->lobby, &j)) return;
    int old = a->switch_from[0] ? seats_find(a, a->switch_from) : -1;
    a->switch_from[0] = '\0';
    if (!j.ok) {
        fprintf(stderr, "studpoker: Table %s cannot be joined: %s\n", j.tab, j.err);
        char said[300];
        snprintf(said, sizeof said, j.say ? _(j.say) : "%s", j.tab);
        lobby_join_failed(&a->lobby_view, j.tab, said);
        if (a->nseats > 0) table_toast(app_front(a), said);
        if (old >= 0) machine_table_set_leaving(a->seats[old].m, false);
    } else {
        bool added;
        if (old >= 0 && machine_table_can_leave(a->seats[old].m)) {
            drop_seat(a, old);
            added = add_seat(a, &j, old);
        } else {
            added = add_seat(a, &j, a->nseats);
        }
        if (added) {
            fprintf(stderr, "studpoker: joined table %s\n", j.tab);
            if (a->screen == SCREEN_LOBBY) app_switch(a, SCREEN_TABLE);
        } else {
            mlobby_leave(a->lobby, j.tab); /* not played here: not seated there */
        }
    }
    free(j.game);
}

/* Tables being left go once nothing of theirs is in play and their last round has been shown. */
static void leave_done(app_t *a) {
    char joining[48] = "";
    bool pending = a->lobby && mlobby_joining(a->lobby, joining, sizeof joining);
    for (int i = a->nseats - 1; i >= 0; i--) {
        seat_t *s = &a->seats[i];
        if (!machine_table_leaving(s->m) || !machine_table_can_leave(s->m)) continue;
        /* the table a pending switch leaves stays until the new one is there */
        if (pending && strcmp(a->switch_from, s->m->cfg.table.join) == 0) continue;
        if (table_busy(s->t) || s->t->now < s->t->result_at + 2.5f) continue;
        fprintf(stderr, "studpoker: left table %s\n", s->m->cfg.table.join);
        drop_seat(a, i);
    }
}

static bool same_player(const machine_player_t *x, const machine_player_t *y) {
    return x->on == y->on && x->volume == y->volume && x->voice == y->voice && x->hint == y->hint;
}

/* A desktop player's SETTINGS changed at one table (the terminal's own machine or a seat's) are
 * theirs at every table: the one that differs from what all had is the new choice. */
static void share_player(app_t *a) {
    machine_player_t *now = &a->machine.player;
    for (int i = 0; i < a->nseats && same_player(now, &a->player_seen); i++)
        now = &a->seats[i].m->player;
    if (same_player(now, &a->player_seen)) return;
    a->player_seen = *now;
    a->machine.player = a->player_seen;
    for (int i = 0; i < a->nseats; i++) a->seats[i].m->player = a->player_seen;
}

/* The next table owed at the start, once no join is on its way. */
static void go_back(app_t *a) {
    char busy[48];
    if (a->nowed == 0 || !seats_lobby_on(a) || mlobby_joining(a->lobby, busy, sizeof busy)) return;
    char tab[41], why[300], msg[300];
    memcpy(tab, a->owed[0], sizeof tab);
    memmove(&a->owed[0], &a->owed[1], sizeof a->owed[0] * (size_t)(a->nowed - 1));
    a->nowed--;
    if (!seats_join(a, tab, true, why, sizeof why)) {
        fprintf(stderr, "studpoker: back to table %s: %s\n", tab, why);
        return;
    }
    fprintf(stderr, "studpoker: back to table %s, where bets were in play\n", tab);
    snprintf(msg, sizeof msg, _("Back to table %s: your bets there were in play."), tab);
    tell(a, msg);
}

void seats_update(app_t *a) {
    if (!a->terminal) return;
    take_join(a);
    go_back(a);
    share_player(a);
    for (int i = 0; i < a->nseats; i++) {
        table_scene_t *t = a->seats[i].t;
        if (t->want_close) seats_close(a, i);
        if (t->want_lobby && a->screen == SCREEN_TABLE) app_switch(a, SCREEN_LOBBY);
        t->want_close = t->want_lobby = false;
        /* only the focused table speaks: four dealers at once say nothing */
        t->audio = i == a->focus ? &a->audio : &a->silent;
        t->show_lobby = t->show_close = true;
    }
    leave_done(a);
}

/* ---- where the tables are ---- */

/* The part of the window table i of n takes: the whole of it for one, a quarter for more. */
static SDL_Rect seat_rect(const app_t *a, int i, int n) {
    int w = a->gfx.view ? a->gfx.win_pw : a->gfx.pw, h = a->gfx.view ? a->gfx.win_ph : a->gfx.ph;
    if (n <= 1) return (SDL_Rect){0, 0, w, h};
    int hw = w / 2, hh = h / 2, col = i % 2, row = i / 2;
    return (SDL_Rect){col * hw, row * hh, col ? w - hw : hw, row ? h - hh : hh};
}

/* A rectangle of window pixels in the whole window's virtual units. */
static ui_rect_t px_rect(const ui_gfx_t *g, SDL_Rect p) {
    float x0, y0, x1, y1;
    gfx_to_virtual(g, p.x, p.y, &x0, &y0);
    gfx_to_virtual(g, p.x + p.w, p.y + p.h, &x1, &y1);
    return ui_r(x0, y0, x1 - x0, y1 - y0);
}

bool seats_spot_point(app_t *a, int i, ui_rect_t r, float *x, float *y) {
    if (i < 0 || i >= a->nseats) return false;
    ui_rect_t w = a->nseats > 1 ? gfx_view_rect(&a->gfx, seat_rect(a, i, 4), r) : r;
    *x = w.x + w.w / 2, *y = w.y + w.h / 2;
    return true;
}

/* ---- input ---- */

void seats_input(app_t *a, ui_input_t *in, machine_input_t *own) {
    if (ui_pressed(in, BTN_LOBBY)) {
        app_switch(a, SCREEN_LOBBY);
        return;
    }
    if (ui_pressed(in, BTN_NEXT_TABLE) && a->nseats > 1) a->focus = (a->focus + 1) % a->nseats;
    in->pressed &= ~((1ull << BTN_LOBBY) | (1ull << BTN_NEXT_TABLE));
    int n = a->nseats;
    ui_input_t none;
    memset(&none, 0, sizeof none);
    none.digit = -1;
    if (in->tap && n > 1) {
        /* a touch plays the table it falls on, and makes it the focused one; one on an empty
         * quarter opens the lobby (its +TABLE) */
        bool hit = false;
        for (int i = 0; i < 4 && !hit; i++) {
            float x, y;
            if (!gfx_view_point(&a->gfx, seat_rect(a, i, 4), in->px, in->py, &x, &y)) continue;
            hit = true;
            if (i >= n) {
                app_switch(a, SCREEN_LOBBY);
                return;
            }
            a->focus = i;
            in->px = x, in->py = y;
        }
        if (!hit) in->tap = false;
    }
    for (int i = 0; i < n; i++) {
        seat_t *s = &a->seats[i];
        machine_input_t *mi = s->own ? own : &a->seat_in[i];
        table_input(s->t, i == a->focus ? in : &none, mi);
    }
}

/* ---- drawing ---- */

/* A quarter no table plays in: the lobby's felt, the game's emblem, and +TABLE (a touch on it
 * opens the lobby) with what it does under it. */
static void draw_empty(app_t *a, SDL_Rect p) {
    ui_gfx_t *g = &a->gfx;
    ui_rect_t r = px_rect(g, p);
    /* darker than a table's felt (a quarter nobody plays in), lit a little at its middle; the
     * glow inside the quarter: the tables are beside it */
    gfx_fill(g, r, ui_rgba(5, 36, 20, 255));
    gfx_glow(g, r, ui_rgba(14, 64, 36, 255));
    gfx_svg(g, "table/emblem.svg", ui_r(r.x + r.w / 2 - 50, r.y + r.h / 2 - 170, 100, 100), 220);
    ui_rect_t b = ui_r(r.x + r.w / 2 - 130, r.y + r.h / 2 - 40, 260, 80);
    gfx_panel(g, b, 18, ui_rgba(36, 92, 58, 255), ui_rgba(14, 52, 30, 255),
              ui_rgba(242, 201, 76, 255), 2);
    gfx_text(g, _("+TABLE"), b.x + b.w / 2, b.y + 22, 30, UI_FONT_BOLD, ui_rgba(250, 240, 215, 255),
             UI_ALIGN_CENTER);
    gfx_text(g, _("Play one more table here"), b.x + b.w / 2, b.y + b.h + 24, 26, UI_FONT_REGULAR,
             ui_rgba(190, 205, 190, 255), UI_ALIGN_CENTER);
}

/* The focused table's frame, and the lines between the quarters. */
static void draw_frames(app_t *a) {
    ui_gfx_t *g = &a->gfx;
    int w = g->pw, h = g->ph;
    ui_color_t line = ui_rgba(0, 0, 0, 255), gold = ui_rgba(242, 201, 76, 255);
    gfx_fill(g, px_rect(g, (SDL_Rect){w / 2 - 1, 0, 2, h}), line);
    gfx_fill(g, px_rect(g, (SDL_Rect){0, h / 2 - 1, w, 2}), line);
    SDL_Rect f = seat_rect(a, a->focus, 4);
    int k = h >= 900 ? 6 : 4; /* the frame's width in pixels */
    gfx_fill(g, px_rect(g, (SDL_Rect){f.x, f.y, f.w, k}), gold);
    gfx_fill(g, px_rect(g, (SDL_Rect){f.x, f.y + f.h - k, f.w, k}), gold);
    gfx_fill(g, px_rect(g, (SDL_Rect){f.x, f.y, k, f.h}), gold);
    gfx_fill(g, px_rect(g, (SDL_Rect){f.x + f.w - k, f.y, k, f.h}), gold);
}

void seats_draw(app_t *a) {
    ui_gfx_t *g = &a->gfx;
    int n = a->nseats;
    if (n <= 1) {
        table_draw(n ? a->seats[0].t : &a->table, g);
        return;
    }
    for (int i = 0; i < 4; i++) {
        SDL_Rect p = seat_rect(a, i, 4);
        if (i >= n) continue;
        gfx_viewport(g, i + 1, p);
        table_draw(a->seats[i].t, g);
    }
    gfx_viewport_end(g);
    for (int i = n; i < 4; i++) draw_empty(a, seat_rect(a, i, 4));
    draw_frames(a);
}

uint64_t seats_signature(app_t *a) {
    uint64_t h = (uint64_t)a->focus * 31u + (uint64_t)a->nseats;
    for (int i = 0; i < a->nseats; i++) h = h * 1099511628211ull ^ table_signature(a->seats[i].t);
    return h;
}

bool seats_wants_frame(app_t *a) {
    for (int i = 0; i < a->nseats; i++)
        if (table_wants_frame(a->seats[i].t)) return true;
    return false;
}
