/* The table scene: set-up, what the program asks of it (busy, animating, a frame's digest) and
 * the notices over the table. The rest is in the table_*.c files (table_internal.h lists them). */
#include "table_internal.h"

#include "machine_link.h"
#include "machine_table.h"

#include <stdio.h>
#include <string.h>

/* ---- set-up ---- */

/* The cards of a round already under way (resumed after a restart) are on the table as they
 * were, face up where the round shows them. */
static void sync_cards(table_scene_t *t) {
    const round_t *r = &t->game->round;
    if (r->phase == ROUND_BETTING) return;
    const table_variant_t *v = tb_variant(t);
    const round_seat_t *s = &r->seat[0];
    bool over = r->phase == ROUND_SETTLED || r->phase == ROUND_VOID;
    /* the cards were dealt and turned long before this scene's clock: it starts at 20 s, the
     * cards at 0 (a negative time is a card that stays face down) */
    t->now = 20.0f;
    for (int i = 0; i < s->ncards && s->in_round; i++)
        t->player[i] = (card_vis_t){true, s->cards[i], true, 0, 0};
    if (v->community) {
        for (int i = 0; i < v->top_cards; i++)
            t->board[i] = (card_vis_t){true, r->board[i], i < r->board_shown || over, 0,
                                       i < r->board_shown || over ? 0 : -1};
    } else {
        for (int i = 0; i < v->top_cards; i++) {
            bool up = over || (i == 0 && v->dealer_up_card);
            t->dealer[i] = (card_vis_t){true, r->dealer[i], up, 0, up ? 0 : -1};
        }
    }
    if (over) t->round_return = tb_round_win(r);
}

void table_init(table_scene_t *t, machine_t *machine, ui_audio_t *audio, bool turbo,
                const char *assets_dir) {
    memset(t, 0, sizeof *t);
    game_t *game = &machine->game;
    t->machine = machine;
    t->game = game;
    t->audio = audio;
    t->turbo = turbo;
    memcpy(t->chips, MACHINE_CHIP_VALUES, sizeof t->chips);
    t->chip = 1;
    tb_layout_default(t);
    t->collect_at = -1;
    t->deal_line_at = -10.0f;
    t->shown_pool = tb_pool_value(t, NULL);
    t->link_wins_seen = -1;
    help_load(&t->help, game->rules.variant, assets_dir);
    t->hist_page = -1;
    sync_cards(t);
    ui_audio_play(audio, VOICE_PLACE_BETS);
}

void table_free(table_scene_t *t) {
    help_free(&t->help);
}

/* ---- what the program asks ---- */

bool table_animating(const table_scene_t *t) {
    if (table_busy(t) || t->nflights > 0 || t->ncoins > 0 || tb_moment_running(t)) return true;
    if (t->game->state != GAME_PLAY || t->demo) return true; /* the lock panel, the demo pulse */
    if (t->banner[0] && t->now < t->banner_at + 0.5f) return true;
    if (t->now < t->result_at + 3.5f) return true;    /* the lit pay-table row pulses a while */
    if (t->now < t->deal_line_at + 0.8f) return true; /* a refused DEAL flashes the line */
    int64_t pool = tb_pool_value(t, NULL);
    return t->shown_win != t->round_return || t->shown_pool != pool;
}

int64_t tb_pool_value(const table_scene_t *t, bool *down) {
    mlink_view_t v;
    if (down) *down = false;
    mtable_status_t ts; /* a terminal: the table's linked pool, as the table reads it */
    if (t->machine && machine_table_status(t->machine, &ts) && t->game->rules.pool_linked) {
        if (down) *down = !ts.up || ts.pool_value < 0;
        return ts.pool_value > 0 ? ts.pool_value : 0;
    }
    if (!t->machine || !machine_link_view(t->machine, &v)) return jackpot_read(&t->game->pool);
    if (down) *down = !v.up || !v.known;
    return v.known ? v.value : 0;
}

float tb_timer_left(const table_scene_t *t, bool *deciding) {
    int64_t ms = machine_timer_left_ms(t->machine, deciding);
    return ms < 0 ? -1.0f : (float)ms / 1000.0f;
}

uint64_t table_signature(const table_scene_t *t) {
    /* everything a still frame shows that can change without an animation: FNV-1a over it */
    const game_t *g = t->game;
    const round_seat_t *seat = &g->round.seat[0];
    int64_t v[] = {table_busy(t), table_animating(t), g->state, g->door_open, g->round.phase,
                   g->round.step, g->round.next_card, g->round_begun, (int64_t)g->number,
                   game_balance(g), round_seat_staked(&g->round, 0), seat->folded, t->focus,
                   t->chip, t->advice_ok, t->now < t->toast_until, (int64_t)t->nbuttons,
                   /* the top row's clock and session time (by the minute), responsible gaming's
                    * stop and reality check */
                   t->machine ? t->machine->wall_ms / 60000 : 0,
                   t->machine ? machine_rg_stopped(t->machine, NULL) : 0,
                   t->machine ? machine_rg_check_waiting(t->machine) : 0, t->overlay};
    uint64_t h = 1469598103934665603ull;
    const unsigned char *p = (const unsigned char *)v;
    for (size_t i = 0; i < sizeof v; i++) h = (h ^ p[i]) * 1099511628211ull;
    for (const char *c = game_said(g); *c; c++) h = (h ^ (unsigned char)*c) * 1099511628211ull;
    for (const char *c = t->banner; *c; c++) h = (h ^ (unsigned char)*c) * 1099511628211ull;
    for (const char *c = t->toast; *c; c++) h = (h ^ (unsigned char)*c) * 1099511628211ull;
    for (const char *c = t->deal_line; *c; c++) h = (h ^ (unsigned char)*c) * 1099511628211ull;
    return h;
}

bool table_wants_frame(const table_scene_t *t) {
    bool deciding;
    float left = tb_timer_left(t, &deciding);
    int shown = left >= 0 ? (int)SDL_ceilf(left) : -1;
    return table_animating(t) || (t->now < t->toast_until) != t->toast_drawn ||
           shown != t->timer_drawn || tb_pay_current(t) != t->pay_drawn;
}

bool table_lock_shown(const table_scene_t *t) {
    const game_t *gm = t->game;
    bool celebrating = t->results_pending || tb_moment_running(t);
    return t->overlay == OVERLAY_NONE && !(gm->door_open && gm->state == GAME_PLAY) &&
           (gm->state == GAME_FAULT || (gm->state != GAME_PLAY && !celebrating));
}

void table_moment_words(const table_scene_t *t, char *moment, size_t nm, char *pays, size_t np,
                        char *lit, size_t nl) {
    snprintf(moment, nm, "%s", tb_moment_running(t) ? t->moment.title : "");
    wager_t list[TB_PAY_TABLES];
    tb_pay_tables(t, list);
    tb_pay_panel_t p;
    bool show = tb_results_visible(t) && t->game->round.phase == ROUND_SETTLED;
    tb_pay_table(t, list[tb_pay_current(t)], show, &p);
    snprintf(pays, np, "%s", p.title);
    snprintf(lit, nl, "%s", p.lit >= 0 ? p.rows[p.lit][0] : "");
}

bool table_pay_arrow(const table_scene_t *t, float *x, float *y) {
    wager_t list[TB_PAY_TABLES];
    ui_rect_t r = tb_pay_arrow(t, 1);
    *x = r.x + r.w / 2, *y = r.y + r.h / 2;
    return tb_pay_tables(t, list) > 1;
}

bool table_busy(const table_scene_t *t) {
    return t->now < t->busy_until || t->results_pending;
}

/* ---- notices ---- */

void table_toast(table_scene_t *t, const char *msg) {
    snprintf(t->toast, sizeof t->toast, "%s", msg);
    t->toast_until = t->now + 2.6f;
    t->toast_good = false;
    t->toast_sticky = false;
    t->toast_until_acted = false;
}

void table_notice(table_scene_t *t, const char *msg) {
    table_toast(t, msg);
    t->toast_until = t->now + 4.0f;
    t->toast_good = true;
}

void table_warning(table_scene_t *t, const char *msg) {
    table_toast(t, msg);
    t->toast_until = 1e30f; /* until closed */
    t->toast_sticky = true;
}

void table_news_until_acted(table_scene_t *t, const char *msg) {
    table_toast(t, msg);
    t->toast_until = 1e30f; /* until the player acts */
    t->toast_good = true;
    t->toast_until_acted = true;
}

void table_messages(const table_scene_t *t, char *line, size_t nline, char *toast, size_t ntoast) {
    if (nline) line[0] = '\0';
    if (ntoast) snprintf(toast, ntoast, "%s", t->now < t->toast_until ? t->toast : "");
    if (t->deal_line[0])
        snprintf(line, nline, "%s", t->deal_line);
    else
        tb_hint_text(t, line, nline);
}

int64_t tb_round_win(const round_t *r) {
    return round_seat_win(r, 0);
}

int64_t tb_handpay(const table_scene_t *t) {
    const game_t *gm = t->game;
    return gm->state == GAME_LOCKED ? gm->lock_amount : 0;
}

/* The balance as the player may know it: while the dealer's cards are still being revealed it
 * stays at the stake-deducted figure (the settled one would give the result away); once the
 * result shows, the returned stakes are there and the win counts up with the WIN meter. A hand
 * pay waiting for the attendant is not on the balance: WIN shows it, the balance what stays on
 * the machine, so the lock's panel, WIN and BALANCE agree (a cabinet's attendant pays it by
 * hand; a desktop's key then adds it to the balance). The total bet clears when the chips have
 * left the spots. */
void table_meters(const table_scene_t *t, int64_t *balance, int64_t *bet, int64_t *win) {
    const game_t *gm = t->game;
    int64_t settled = game_balance(gm), hold = tb_handpay(t);
    *balance = settled;
    if (gm->round.phase == ROUND_SETTLED)
        *balance = t->results_pending ? settled - round_seat_returned(&gm->round, 0)
                   : hold > 0         ? settled - hold
                                      : settled - (t->round_return - t->shown_win);
    else if (hold > 0)
        *balance = settled - hold;
    *bet = t->collect_at == -2 ? 0 : round_seat_staked(&gm->round, 0);
    *win = hold > 0 && !t->results_pending && !tb_moment_running(t) ? hold : t->shown_win;
}
