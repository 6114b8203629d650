/* The operator menu's TICKETS page: the newest cash-out tickets with what became of each
 * (printed or not, redeemed where and when, voided), REPRINT (DEAL) and VOID (FOLD, twice). */
#define _POSIX_C_SOURCE 200809L /* gmtime_r */
#include "scene_operator.h"
#include "lang.h"
#include "ticket.h"
#include "ui_gfx.h"

#include <stdio.h>
#include <string.h>
#include <time.h>

#define CREAM ui_rgba(250, 240, 215, 255)
#define DIM   ui_rgba(190, 180, 160, 255)
#define GOLD  ui_rgba(242, 201, 76, 255)
#define RED   ui_rgba(240, 90, 80, 255)
#define GREEN ui_rgba(120, 220, 130, 255)

static ui_rect_t row(int i) {
    return ui_r(80, 190 + (float)i * 70, 1760, 62);
}
static ui_rect_t reprint_rect(void) {
    return ui_r(560, 960, 360, 80);
}
static ui_rect_t void_rect(void) {
    return ui_r(960, 960, 360, 80);
}

void op_tickets_load(operator_scene_t *o) {
    o->ntickets = machine_tickets(o->machine, o->tickets, OP_TICKET_ROWS, 0);
}

static void reprint(operator_scene_t *o, const store_ticket_t *t) {
    game_voucher_t v;
    char msg[STORE_MSG_LEN + 80];
    if (machine_ticket_reprint(o->machine, t->validation, &v, msg, sizeof msg) && o->print)
        o->print(o->print_ctx, &v);
    op_say(o, msg);
}

static void void_ticket(operator_scene_t *o, const store_ticket_t *t) {
    if (!o->confirm) {
        o->confirm = true;
        op_say(o, _("Press VOID (FOLD) again: a voided ticket can never be redeemed."));
        return;
    }
    char msg[STORE_MSG_LEN + 80];
    machine_ticket_void(o->machine, t->validation, msg, sizeof msg);
    op_say(o, msg);
    o->confirm = false;
}

void op_tickets_update(operator_scene_t *o, const ui_input_t *in) {
    /* a VOID on a linked machine is done at the floor first: its outcome comes later */
    char news[STORE_MSG_LEN];
    if (machine_ticket_news(o->machine, news, sizeof news)) {
        op_say(o, news);
        op_tickets_load(o);
    }
    int n = o->ntickets;
    if (!n) return;
    if (ui_pressed(in, BTN_NEXT_SPOT)) o->sel = (o->sel + 1) % n, o->confirm = false;
    if (ui_pressed(in, BTN_PREV_SPOT)) o->sel = (o->sel + n - 1) % n, o->confirm = false;
    if (in->tap)
        for (int i = 0; i < n; i++)
            if (ui_inside(row(i), in->px, in->py) && o->sel != i) o->sel = i, o->confirm = false;
    const store_ticket_t *t = &o->tickets[o->sel];
    bool do_reprint =
        ui_pressed(in, BTN_DEAL) || (in->tap && ui_inside(reprint_rect(), in->px, in->py));
    bool do_void = ui_pressed(in, BTN_FOLD) || (in->tap && ui_inside(void_rect(), in->px, in->py));
    if (do_reprint) reprint(o, t);
    if (do_void) void_ticket(o, t);
    if (do_reprint || (do_void && !o->confirm)) op_tickets_load(o); /* what became of it */
}

/* What became of a ticket, in a few words, and the colour to say it in. */
static ui_color_t fate(const store_ticket_t *t, char *out, size_t n) {
    char when[32];
    time_t tt = (time_t)t->state_utc;
    struct tm tm;
    gmtime_r(&tt, &tm);
    strftime(when, sizeof when, "%Y-%m-%d %H:%M", &tm);
    if (t->state == STORE_TICKET_REDEEMED) {
        snprintf(out, n, _("REDEEMED %s at %.30s"), when, game_place_words(t->state_place));
        return DIM;
    }
    if (t->state == STORE_TICKET_VOIDED) {
        snprintf(out, n, _("VOIDED %s"), when);
        return DIM;
    }
    if (t->print == STORE_PRINT_FAILED) {
        snprintf(out, n, _("PRINT FAILED: %.60s"), lang_text(t->print_note));
        return RED;
    }
    snprintf(out, n, "%s",
             t->print == STORE_PRINT_DONE ? (t->reprints ? _("PRINTED (REPRINTED)") : _("PRINTED"))
             : t->reprints                ? _("NOT PRINTED YET (REPRINTED)")
                                          : _("NOT PRINTED YET"));
    return GREEN;
}

void op_tickets_draw(operator_scene_t *o, ui_gfx_t *g) {
    op_title(g, _("TICKETS"),
             _("The newest cash-out tickets. DEAL: REPRINT the chosen one; FOLD twice: VOID it"));
    for (int i = 0; i < o->ntickets; i++) {
        const store_ticket_t *t = &o->tickets[i];
        ui_rect_t r = row(i);
        bool hot = i == o->sel;
        gfx_panel(g, r, 10, hot ? ui_rgba(90, 80, 30, 255) : ui_rgba(30, 50, 40, 255),
                  hot ? ui_rgba(60, 50, 10, 255) : ui_rgba(18, 30, 24, 255),
                  hot ? GOLD : ui_rgba(255, 255, 255, 60), hot ? 2 : 1);
        char v[TICKET_TEXT], when[32], line[200], b[40], what[120];
        ticket_group(t->validation, v);
        time_t tt = (time_t)t->utc;
        struct tm tm;
        gmtime_r(&tt, &tm);
        strftime(when, sizeof when, "%Y-%m-%d %H:%M", &tm);
        snprintf(line, sizeof line, "#%06lld  %s  %s", (long long)t->number, v, when);
        gfx_text(g, line, r.x + 20, r.y + 14, 28, UI_FONT_REGULAR, CREAM, UI_ALIGN_LEFT);
        gfx_text(g, game_money(o->game, t->amount, b), r.x + 1000, r.y + 14, 28, UI_FONT_BOLD, GOLD,
                 UI_ALIGN_RIGHT);
        ui_color_t c = fate(t, what, sizeof what);
        char cut[200];
        gfx_text(g, op_fit(g, what, 24, UI_FONT_BOLD, r.w - 1060, cut, sizeof cut), r.x + 1040,
                 r.y + 16, 24, UI_FONT_BOLD, c, UI_ALIGN_LEFT);
    }
    /* a linked machine whose tickets the floor refuses to register says why */
    const char *refused = machine_ticket_floor_state(o->machine);
    if (refused[0]) gfx_text(g, refused, 960, 910, 24, UI_FONT_BOLD, RED, 1);
    if (!o->ntickets) {
        gfx_text(g, _("No ticket was printed yet."), 960, 300, 30, UI_FONT_BOLD, CREAM, 1);
        return;
    }
    op_button(g, reprint_rect(), C_("ticket", "REPRINT"), false);
    op_button(g, void_rect(), o->confirm ? C_("ticket", "VOID AGAIN") : C_("ticket", "VOID"),
              o->confirm);
}
