/* The machine's events turned into animation: cards slide from the shoe and flip, chips fly,
 * sounds are timed to them, and once the last card has turned the results are shown (banners,
 * the win counting up, the jackpot's coins). The animation only shows what already happened in
 * the game; it decides when the screen is ready for the next decision. */
#include "table_internal.h"

#include "machine_link.h"
#include "machine_table.h"

#include <stdio.h>
#include <string.h>

static void banner(table_scene_t *t, const char *line1, const char *line2, ui_color_t c) {
    snprintf(t->banner, sizeof t->banner, "%s", line1);
    snprintf(t->banner2, sizeof t->banner2, "%s", line2 ? line2 : "");
    t->banner_at = t->now > t->busy_until ? t->now : t->busy_until;
    t->banner_color = c;
}

/* ---- flying chips ---- */

/* Where chips go to and come from the balance: its meter. */
static float balance_x(const table_scene_t *t) {
    return t->geom.meters[0].x + t->geom.meters[0].w / 2;
}
static float balance_y(const table_scene_t *t) {
    return t->geom.meters[0].y + t->geom.meters[0].h / 2;
}

static flight_t *fly(table_scene_t *t, int64_t value, float x0, float y0, float x1, float y1,
                     float delay) {
    if (t->nflights == TABLE_FLIGHTS || value <= 0) return NULL;
    flight_t *f = &t->flights[t->nflights++];
    f->value = value;
    f->x0 = x0, f->y0 = y0, f->x1 = x1, f->y1 = y1;
    f->t0 = t->now + delay;
    f->dur = t->turbo ? 0.15f : 0.32f;
    return f;
}

static void clear_cards(table_scene_t *t) {
    memset(t->player, 0, sizeof t->player);
    memset(t->dealer, 0, sizeof t->dealer);
    memset(t->board, 0, sizeof t->board);
    t->banner[0] = '\0';
    t->nside_lines = 0;
    t->shown_win = 0;
    t->round_return = 0;
    t->collect_at = -1;
    t->nflights = 0;
    memset(t->paid_at, 0, sizeof t->paid_at);
    tb_moment_clear(t);
    t->pay_pick_until = 0;
}

void tb_cue(table_scene_t *t, ui_sound_t sound, float at) {
    if (at <= t->now || t->ncues == (int)(sizeof t->cues / sizeof t->cues[0])) {
        ui_audio_play(t->audio, sound);
        return;
    }
    t->cues[t->ncues].sound = sound;
    t->cues[t->ncues].at = at;
    t->ncues++;
}

/* ---- the round's events ---- */

/* Chips fly for a bet placed (from the tray) or taken back (to it), and for a decision's bet (a
 * stack from the balance). */
static void animate_bet(table_scene_t *t, const round_event_t *e) {
    int sp = tb_spot_of(t, e->wager);
    if (sp < 0) return;
    float x, y;
    tb_spot_centre(t, sp, &x, &y);
    if (e->type == EV_DECISION) {
        fly(t, e->amount, balance_x(t), balance_y(t), x, y, 0);
        return;
    }
    ui_rect_t c = tb_chip_rect(t, t->chip);
    if (e->amount > 0)
        fly(t, e->amount, c.x + c.w / 2, c.y + c.h / 2, x, y, 0);
    else
        fly(t, -e->amount, x, y, c.x + c.w / 2, c.y + c.h / 2, 0);
}

/* A card leaves the shoe at `at` (and turns face up on arrival when dealt up); returns when the
 * next may follow. */
static float animate_card(table_scene_t *t, const round_event_t *e, float at) {
    card_vis_t *v = e->seat == ROUND_DEALER  ? &t->dealer[e->index]
                    : e->seat == ROUND_BOARD ? &t->board[e->index]
                                             : &t->player[e->index];
    v->shown = true;
    v->card = e->card;
    v->face_up = e->value != 0;
    v->t_deal = at;
    v->t_flip = e->value ? at + t_slide(t) : -1;
    tb_cue(t, SND_CARD, v->t_deal);
    if (v->t_flip >= 0) tb_cue(t, SND_FLIP, v->t_flip);
    return at + t_deal_gap(t);
}

/* The dealer's cards still face down turn one after another from `at`; returns when done. */
static float reveal_dealer(table_scene_t *t, float at) {
    at += 0.25f;
    for (int k = 0; k < 5; k++) {
        if (t->dealer[k].t_flip >= 0) continue;
        t->dealer[k].card = t->game->round.dealer[k]; /* as the round has it now (shared table) */
        t->dealer[k].face_up = true;
        t->dealer[k].t_flip = at;
        tb_cue(t, SND_FLIP, at);
        at += t_flip(t) * 0.7f;
    }
    return at + t_flip(t);
}

static void animate_events(table_scene_t *t) {
    const round_t *r = &t->game->round;
    float at = t->now > t->busy_until ? t->now : t->busy_until;
    bool moved = false; /* only cards and results keep the table busy, not chips */
    for (int i = 0; i < r->nevents; i++) {
        const round_event_t *e = &r->events[i];
        switch ((round_event_type_t)e->type) {
        case EV_DECISION:
            if (e->amount > 0) animate_bet(t, e);
            break;
        case EV_BET:
            animate_bet(t, e);
            ui_audio_play(t->audio, SND_CHIP);
            break;
        case EV_CARD:
            at = animate_card(t, e, at);
            moved = true;
            break;
        case EV_BOARD_SHOWN:
            /* the card turned is the one the event names (at a shared table the felt's round is
             * rebuilt when the table shows it: the card dealt face down was a stand-in) */
            t->board[e->index].card = e->card;
            t->board[e->index].face_up = true;
            t->board[e->index].t_flip = at;
            tb_cue(t, SND_FLIP, at);
            at += t_flip(t) + 0.1f;
            moved = true;
            break;
        case EV_DEALER_REVEALED:
            at = reveal_dealer(t, at);
            moved = true;
            break;
        case EV_AUTO_FOLD:
            banner(t, "AUTO FOLDED", NULL, RED_LOSE);
            break;
        case EV_SETTLED:
        case EV_VOID:
            t->results_pending = true;
            t->result_at = at + 0.15f;
            t->results_ahead = true; /* (tb_prepare_celebration) */
            break;
        default:
            break;
        }
    }
    if (moved) t->busy_until = at + t_slide(t);
    if (r->nevents && r->events[0].type == EV_CARD) ui_audio_play(t->audio, VOICE_NO_MORE_BETS);
}

/* ---- the results ---- */

/* The dealer pays each winning spot: the win flies in as a stack and joins the bet's (the spot
 * then shows what comes back); a moment later the table is swept. */
static void pay_winning_spots(table_scene_t *t) {
    const round_seat_t *s = &t->game->round.seat[0];
    float delay = 0;
    for (int i = 0; i < t->nspots; i++) {
        wager_t w = t->spots[i].wager;
        if (s->outcome[w] != OUTCOME_WIN) continue;
        float x, y;
        tb_spot_centre(t, i, &x, &y);
        /* a JACKPOT or progressive prize is all win: its stake is never returned */
        bool prize = w == WAGER_JACKPOT || w == WAGER_PROGRESSIVE;
        const flight_t *f =
            fly(t, s->returned[w] - (prize ? 0 : s->stake[w]), DEALER_X, DEALER_TOP, x, y, delay);
        t->paid_at[i] = f ? f->t0 + f->dur : t->now;
        delay += 0.12f;
    }
    t->collect_at = t->now + delay + (t->turbo ? 0.8f : 1.9f);
}

int64_t tb_spot_amount(const table_scene_t *t, int spot) {
    const round_seat_t *s = &t->game->round.seat[0];
    wager_t w = t->spots[spot].wager;
    bool paid = t->paid_at[spot] > 0 && t->now >= t->paid_at[spot];
    return paid ? s->returned[w] : s->stake[w];
}

/* Once the last card has turned: the banners, the sounds, the win. */
/* The main game's stakes and returns: the ante and the decisions (the side bets aside). */
static void main_game(const round_seat_t *s, int64_t *staked, int64_t *returned) {
    static const wager_t MAIN[] = {WAGER_ANTE, WAGER_PLAY, WAGER_RAISE_1, WAGER_RAISE_2,
                                   WAGER_RAISE_3};
    *staked = *returned = 0;
    for (size_t i = 0; i < sizeof MAIN / sizeof MAIN[0]; i++)
        *staked += s->stake[MAIN[i]], *returned += s->returned[MAIN[i]];
}

/* A line per side bet: its name, the hand it was judged on and what it paid ("5+1 BONUS: FLUSH
 * 15 TO 1"), or that it lost. */
static void side_lines(table_scene_t *t) {
    const game_t *g = t->game;
    const round_seat_t *s = &g->round.seat[0];
    char b[40];
    t->nside_lines = 0;
    memset(t->side_lost, 0, sizeof t->side_lost);
    memset(t->side_fee, 0, sizeof t->side_fee);
    if (s->commission > 0) { /* Asian Stud: off the main game's win, its own line */
        t->side_fee[t->nside_lines] = true;
        snprintf(t->side_lines[t->nside_lines++], sizeof t->side_lines[0], _("COMMISSION: -%s"),
                 money(g, s->commission, b));
    }
    for (int w = 0; w < WAGER_COUNT && t->nside_lines < 3; w++) {
        if (!wager_is_side((wager_t)w) || !s->stake[w]) continue;
        t->side_lost[t->nside_lines] = s->outcome[w] == OUTCOME_LOSE;
        char *line = t->side_lines[t->nside_lines++];
        size_t n = sizeof t->side_lines[0];
        const char *hand = s->judged[w] ? lang_text(s->judged[w]) : "";
        bool claimed = false; /* a royal on a linked pool: the controller pays it */
        for (int i = 0; i < g->round.nevents; i++)
            claimed |= g->round.events[i].type == EV_JACKPOT_LINKED &&
                       g->round.events[i].seat == 0 && g->round.events[i].wager == w;
        if (claimed)
            snprintf(line, n, _("%s: %s - THE LINKED PRIZE IS ON ITS WAY"), lang_wager((wager_t)w),
                     hand);
        else if (s->outcome[w] == OUTCOME_WIN && s->judged_odds[w] > 0)
            snprintf(line, n, _("%s: %s %d TO 1"), lang_wager((wager_t)w), hand, s->judged_odds[w]);
        else if (s->outcome[w] == OUTCOME_WIN)
            snprintf(line, n, "%s: %s %s", lang_wager((wager_t)w), hand,
                     money(g, s->returned[w], b));
        else if (s->outcome[w] == OUTCOME_REFUND)
            snprintf(line, n, _("%s: RETURNED"), lang_wager((wager_t)w));
        else
            snprintf(line, n, _("%s: LOSES"), lang_wager((wager_t)w));
        gfx_upper(line);
    }
}

/* The main game's verdict: its tier's word (WIN, BIG WIN!, MEGA WIN!: machine_moments.h, of the
 * main game's own win, which its second line names; JACKPOT! when the round won the top
 * prize), PUSH, DEALER WINS (NO WIN at Cajun Stud), FOLDED, AUTO FOLDED or DEALER DOES NOT
 * QUALIFY; the side bets each get their own line and never decide it. A round whose win has a
 * celebration of its own (round: the tier of every bet) leaves the sound to it. */
static void verdict(table_scene_t *t, const machine_win_t *round) {
    const game_t *g = t->game;
    const round_t *r = &g->round;
    const round_seat_t *s = &r->seat[0];
    const table_variant_t *v = tb_variant(t);
    int64_t staked, returned;
    main_game(s, &staked, &returned);
    char b1[40], line[96];
    wager_t paid = s->judged[WAGER_PLAY] ? WAGER_PLAY : WAGER_ANTE; /* Cajun: on the ante */
    int32_t odds = s->judged_odds[paid];
    bool jackpot = round->tier == MACHINE_TIER_JACKPOT, quiet = round->tier >= MACHINE_TIER_BIG;
    if (s->folded) {
        banner(t, s->auto_folded ? "AUTO FOLDED" : N_("FOLDED"), NULL, DIM);
        if (!quiet) ui_audio_play(t->audio, SND_LOSE);
    } else if (v->has_dealer && !r->dealer_qualifies) {
        snprintf(line, sizeof line, _("ANTE PAYS 1 TO 1  -  WIN %s"),
                 money(g, returned - staked, b1));
        banner(t, "DEALER DOES NOT QUALIFY", line, GREEN_WIN);
        if (!quiet) ui_audio_play(t->audio, SND_WIN);
    } else if (returned > staked) {
        machine_win_t main = machine_win_of(r, 0, true);
        /* the win before the commission (Asian Stud's), which has a line of its own */
        int64_t won = returned - staked + s->commission;
        if (s->judged[paid] && odds > 0)
            snprintf(line, sizeof line, _("%s %d TO 1  -  WIN %s"), lang_text(s->judged[paid]),
                     odds, money(g, won, b1));
        else
            snprintf(line, sizeof line, _("WIN %s"), money(g, won, b1));
        gfx_upper(line);
        banner(t, jackpot ? "JACKPOT!" : machine_tier_title(main.tier), line, GREEN_WIN);
        if (!quiet) ui_audio_play(t->audio, SND_WIN);
    } else if (returned == staked && returned > 0) {
        banner(t, "PUSH", N_("Your main bets are returned."), CREAM);
        if (!quiet) ui_audio_play(t->audio, VOICE_PUSH);
    } else {
        banner(t, v->lose_banner, NULL, RED_LOSE);
        if (!quiet) ui_audio_play(t->audio, SND_LOSE);
    }
    if (jackpot && s->folded) banner(t, "JACKPOT!", NULL, GREEN_WIN);
}

static void show_results(table_scene_t *t) {
    const game_t *g = t->game;
    const round_t *r = &g->round;
    const round_seat_t *s = &r->seat[0];
    t->results_pending = false;
    t->pay_pick_until = 0; /* the pay tables show the winning lines now */
    t->round_return = tb_round_win(r);
    pay_winning_spots(t);
    t->nside_lines = 0;
    if (r->phase == ROUND_VOID) {
        banner(t, "ROUND VOID", N_("Every stake has been returned."), GOLD);
        return;
    }
    const table_variant_t *v = tb_variant(t);
    if (v->has_dealer && !s->folded)
        ui_audio_play(t->audio,
                      r->dealer_qualifies ? VOICE_DEALER_QUALIFIES : VOICE_DEALER_NOT_QUALIFY);
    /* the round's win, every bet's: its tier's celebration, before a hand pay's panel */
    machine_win_t w = machine_win_of(r, 0, false);
    verdict(t, &w);
    side_lines(t);
    tb_moment_start(t, &w);
}

bool tb_results_ahead(const table_scene_t *t, table_scene_t *copy) {
    *copy = *t;
    copy->audio = NULL;         /* (ui_audio_play: nothing) */
    copy->moment.until = -1.0f; /* (a celebration of an earlier round is not this one's) */
    show_results(copy);
    copy->now = copy->banner_at + 1.0f;
    return copy->moment.until >= 0;
}

/* The settled bets leave the spots: wins and pushes go to the balance, losing bets to the
 * dealer. */
static void collect_bets(table_scene_t *t) {
    const round_seat_t *s = &t->game->round.seat[0];
    for (int i = 0; i < t->nspots; i++) {
        wager_t w = t->spots[i].wager;
        if (!s->stake[w]) continue;
        float x, y;
        tb_spot_centre(t, i, &x, &y);
        bool back = s->outcome[w] == OUTCOME_WIN || s->outcome[w] == OUTCOME_PUSH ||
                    s->outcome[w] == OUTCOME_REFUND;
        fly(t, back ? tb_spot_amount(t, i) : s->stake[w], x, y, back ? balance_x(t) : DEALER_X,
            back ? balance_y(t) : DEALER_TOP, 0);
    }
    t->collect_at = -2; /* swept */
    ui_audio_play(t->audio, SND_CHIPS);
}

/* One tick of a counting display: a fraction of the way, at least a cent, never past. */
static int64_t ease_cents(int64_t shown, int64_t target, int64_t fraction) {
    int64_t step = (target - shown) / fraction;
    if (step == 0) step = target > shown ? 1 : target < shown ? -1 : 0;
    return shown + step;
}

/* A top prize won anywhere on a linked pool is shown on every machine of it. */
static void watch_link_wins(table_scene_t *t) {
    mlink_view_t v;
    if (!t->machine || !machine_link_view(t->machine, &v)) return;
    if (t->link_wins_seen < 0 || v.win_seq < t->link_wins_seen) {
        t->link_wins_seen = v.win_seq; /* what happened before this screen is not news */
        return;
    }
    if (v.win_seq == t->link_wins_seen) return;
    t->link_wins_seen = v.win_seq;
    /* this machine's own win has its own banner (MEV_LINK_PAID) */
    if (strcmp(v.win_machine, t->machine->cfg.link.machine) == 0) return;
    char b[40], msg[160];
    snprintf(msg, sizeof msg, _("JACKPOT WON at %s: %s"), v.win_site,
             money_format(v.win_amount, v.win_currency, b, sizeof b));
    table_notice(t, msg);
}

void table_update(table_scene_t *t, float dt) {
    t->now += dt;
    watch_link_wins(t);
    for (int i = 0; i < t->ncues;) {
        if (t->now >= t->cues[i].at) {
            ui_audio_play(t->audio, t->cues[i].sound);
            t->cues[i] = t->cues[--t->ncues];
        } else {
            i++;
        }
    }
    if (t->results_pending && t->now >= t->result_at) show_results(t);
    if (t->collect_at >= 0 && t->now >= t->collect_at && t->nflights < TABLE_FLIGHTS - 8)
        collect_bets(t);
    tb_moment_update(t, dt);
    /* finished flights leave the list */
    for (int i = 0; i < t->nflights;) {
        if (t->now > t->flights[i].t0 + t->flights[i].dur)
            t->flights[i] = t->flights[--t->nflights];
        else
            i++;
    }
    /* the win counts up and the meter rolls, each easing towards its value in whole cents */
    if (dt > 0) {
        t->shown_win = ease_cents(t->shown_win, t->results_pending ? 0 : t->round_return, 16);
        /* a celebration's banner counts the win: the WIN meter (and the BALANCE) with it */
        if (tb_moment_running(t) && t->moment.tier >= MACHINE_TIER_MEGA &&
            t->moment.amount == t->round_return)
            t->shown_win = tb_moment_counted(t);
        t->shown_pool = ease_cents(t->shown_pool, tb_pool_value(t, NULL), 32);
    }
    /* the hint: the strategy asked once per decision */
    const round_t *rr = &t->game->round;
    if (t->strategy && rr->phase == ROUND_DECIDING && round_seat_can_decide(rr, 0) &&
        (t->advice_game != t->game->number || t->advice_step != rr->step)) {
        t->advice_ok = table_best_decision(t, t->strategy, &t->advice) >= 0;
        t->advice_game = t->game->number;
        t->advice_step = rr->step;
    }
    tb_layout_buttons(t);
    tb_update_deal_line(t);
}

void tb_update_deal_line(table_scene_t *t) {
    t->deal_line[0] = '\0';
    /* a ticket the printer failed waits for the attendant, whatever else the table says */
    if (!t->demo && machine_print_fault(t->machine)[0]) {
        snprintf(t->deal_line, sizeof t->deal_line,
                 _("PRINTER FAULT - CALL ATTENDANT (ticket %s is recorded)"),
                 machine_print_fault(t->machine));
        return;
    }
    /* not over the cards being dealt or the result being revealed, nor in the demo */
    if (t->demo || t->game->state != GAME_PLAY || table_busy(t)) return;
    machine_deal_check_t c = machine_deal_check(t->machine);
    /* an empty machine after a round asks for money, not for the bets it cannot repeat (unless
     * betting is stopped: that is what it says then) */
    if (c.rebet && c.credits == 0 && c.status != MACHINE_DEAL_STOPPED) return;
    machine_deal_words(t->machine, &c, t->deal_line, sizeof t->deal_line);
    /* a terminal: what the table says now (bets placed, a round settled while it was away), or
     * that it cannot be reached (why is in the log: the network's words are not the player's) */
    mtable_status_t ts;
    if (!t->deal_line[0] && machine_table_status(t->machine, &ts))
        snprintf(t->deal_line, sizeof t->deal_line, "%s",
                 ts.up ? ts.line
                       : _("The table cannot be reached just now: your money is safe. "
                           "Reconnecting..."));
}

/* A refusal: a DEAL the lasting line already explains only points at it (the line flashes);
 * anything else is a notice. */
static void refused(table_scene_t *t, const machine_event_t *e) {
    /* DEAL's, and a chip refused while betting is stopped (the line says why) */
    if (e->button == CFG_BUTTON_DEAL || machine_rg_stopped(t->machine, NULL) != MRG_PLAYING) {
        tb_update_deal_line(t);
        if (t->deal_line[0] && strcmp(t->deal_line, e->text) == 0) {
            t->deal_line_at = t->now;
            ui_audio_play(t->audio, SND_BUTTON);
            return;
        }
    }
    table_toast(t, e->text);
}

void table_events(table_scene_t *t, const machine_events_t *ev) {
    char b[40], msg[160];
    for (int i = 0; i < ev->n; i++) {
        const machine_event_t *e = &ev->ev[i];
        switch (e->type) {
        case MEV_ROUND:
            animate_events(t);
            break;
        case MEV_NEW_ROUND:
            clear_cards(t);
            break;
        case MEV_REFUSED:
            refused(t, e);
            break;
        case MEV_DECIDED:
            ui_audio_play(t->audio, SND_BUTTON);
            /* (the machine sends only the variant's own choices) */
            if (e->value >= 0 && e->value < tb_variant(t)->nchoices) tb_hint_after(t, e->value);
            break;
        case MEV_CREDIT_IN:
            snprintf(msg, sizeof msg, _("CREDIT  + %s"), money(t->game, e->amount, b));
            table_notice(t, msg);
            ui_audio_play(t->audio, SND_CHIPS);
            break;
        case MEV_TICKET:
            snprintf(msg, sizeof msg, _("CASHED OUT %s - PRINTING YOUR TICKET"),
                     money(t->game, e->amount, b));
            table_news_until_acted(t, msg);
            ui_audio_play(t->audio, SND_WIN);
            break;
        case MEV_TICKET_PRINTED:
            if (e->value) {
                snprintf(msg, sizeof msg, _("%s %s - TAKE YOUR TICKET"),
                         e->voucher.reprint ? _("TICKET REPRINTED") : _("CASHED OUT"),
                         money(t->game, e->amount, b));
                table_news_until_acted(t, msg);
            } else {
                snprintf(msg, sizeof msg,
                         _("PRINTER FAULT - CALL ATTENDANT. Your ticket of %s is safely recorded."),
                         money(t->game, e->amount, b));
                table_warning(t, msg);
                ui_audio_play(t->audio, SND_LOSE);
            }
            tb_update_deal_line(t);
            break;
        case MEV_TICKET_CHECKING: /* a linked machine asks the floor first: a moment */
            table_notice(t, N_("CHECKING YOUR TICKET WITH THE FLOOR..."));
            break;
        case MEV_TICKET_IN:
            snprintf(msg, sizeof msg, _("TICKET ACCEPTED  + %s"), money(t->game, e->amount, b));
            table_notice(t, msg);
            ui_audio_play(t->audio, SND_CHIPS);
            break;
        case MEV_LINK_PAID: {
            char won[64];
            snprintf(won, sizeof won, _("You win %s"), money(t->game, e->amount, b));
            banner(t, "LINKED JACKPOT!", won, GREEN_WIN);
            ui_audio_play(t->audio, SND_JACKPOT);
            ui_audio_play(t->audio, VOICE_JACKPOT);
            break;
        }
        case MEV_CLEARED:
            ui_audio_play(t->audio, SND_BUTTON);
            table_notice(t, N_("Cleared by the attendant."));
            break;
        case MEV_RG:
            tb_rg_event(t, e);
            break;
        default: /* the timers' deal and fold come with their MEV_ROUND; the door and the
                  * operator menu show on their own */
            break;
        }
    }
}
