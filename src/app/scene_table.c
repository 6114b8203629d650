#include "scene_table.h"
#include "ui_gfx.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "advice.h"
#include "money.h"

/* ---- layout (virtual 1920 x 1080) ---- */

#define CARD_W   140.0f
#define CARD_H   196.0f
#define CARD_GAP 16.0f
#define DEALER_Y 74.0f
#define PLAYER_Y 424.0f
#define SPOT_Y   676.0f
#define BANNER_Y 366.0f /* centre of the banner, between the two hands */
#define BAR_TOP  900.0f /* the bar's top on a 16:9 screen; taller screens push it down */
#define SHOE_X   1560.0f
#define SHOE_Y   -240.0f

static const ui_color_t GOLD = {242, 201, 76, 255};
static const ui_color_t WHITE = {255, 255, 255, 255};
static const ui_color_t CREAM = {250, 240, 215, 255};
static const ui_color_t DIM = {190, 205, 190, 255};
static const ui_color_t GREEN_WIN = {110, 231, 140, 255};
static const ui_color_t RED_LOSE = {255, 120, 110, 255};

static ui_rect_t chip_rect(const table_scene_t *t, int i) {
    return ui_r(730 + (float)i * 74, t->bar_y + 60, 66, 66);
}

/* ---- timing ---- */

static float t_deal_gap(const table_scene_t *t) {
    return t->turbo ? 0.05f : 0.13f;
}
static float t_slide(const table_scene_t *t) {
    return t->turbo ? 0.12f : 0.32f;
}
static float t_flip(const table_scene_t *t) {
    return t->turbo ? 0.10f : 0.24f;
}

static float clampf(float v, float lo, float hi) {
    return v < lo ? lo : v > hi ? hi : v;
}
/* A pulsing glow in a dozen steps: each step's panel is rasterised once and cached, instead of
 * a new texture every frame. */
static float pulse_step(float p) {
    return floorf(p * 12.0f + 0.5f) / 12.0f;
}

static float ease_out(float p) {
    return 1.0f - (1.0f - p) * (1.0f - p) * (1.0f - p);
}

/* ---- money ---- */

static const char *money(const game_t *g, int64_t v, char buf[40]) {
    return money_format(v, g->rules.currency, buf, 40);
}

/* ---- set-up ---- */

static void add_spot(table_scene_t *t, wager_t w, const char *label) {
    if (t->nspots == TABLE_MAX_SPOTS) return;
    spot_t *s = &t->spots[t->nspots++];
    s->wager = w;
    snprintf(s->label, sizeof s->label, "%s", label);
}

static void layout_spots(table_scene_t *t) {
    const rules_t *r = &t->game->rules;
    t->nspots = 0;
    add_spot(t, WAGER_ANTE, "ANTE");
    switch (r->variant) {
    case VARIANT_CARIBBEAN:
        add_spot(t, WAGER_PLAY, "PLAY");
        if (r->offered[WAGER_BONUS51]) add_spot(t, WAGER_BONUS51, "5+1 BONUS");
        if (r->offered[WAGER_JACKPOT]) add_spot(t, WAGER_JACKPOT, "JACKPOT");
        if (r->offered[WAGER_PROGRESSIVE]) add_spot(t, WAGER_PROGRESSIVE, "PROGRESSIVE");
        break;
    case VARIANT_CAJUN:
        add_spot(t, WAGER_RAISE_1, "RAISE 1");
        add_spot(t, WAGER_RAISE_2, "RAISE 2");
        add_spot(t, WAGER_RAISE_3, "RAISE 3");
        if (r->offered[WAGER_BOARD]) add_spot(t, WAGER_BOARD, "BOARD");
        if (r->offered[WAGER_POCKET]) add_spot(t, WAGER_POCKET, "POCKET");
        if (r->offered[WAGER_LOBALL]) add_spot(t, WAGER_LOBALL, "LO BALL");
        break;
    case VARIANT_ASIAN:
        add_spot(t, WAGER_PLAY, "RAISE");
        if (r->offered[WAGER_ASIAN_BONUS]) add_spot(t, WAGER_ASIAN_BONUS, "BONUS");
        break;
    default:
        break;
    }
    /* evenly across the middle of the table, between the side panels */
    float left = 470, right = 1450, d = t->nspots > 5 ? 104.0f : 118.0f;
    float step = t->nspots > 1 ? (right - left - d) / (float)(t->nspots - 1) : 0;
    if (step > 210) {
        step = 210;
        left = 960 - (step * (float)(t->nspots - 1) + d) / 2;
    }
    for (int i = 0; i < t->nspots; i++)
        t->spots[i].r = ui_r(left + step * (float)i, SPOT_Y + (118 - d) / 2, d, d);
}

/* The cards of a round already under way (resumed after a restart) are on the table as they
 * were, face up where the round shows them. */
static void sync_cards(table_scene_t *t) {
    const round_t *r = &t->game->round;
    if (r->phase == ROUND_BETTING) return;
    const round_seat_t *s = &r->seat[0];
    bool over = r->phase == ROUND_SETTLED || r->phase == ROUND_VOID;
    for (int i = 0; i < s->ncards && s->in_round; i++)
        t->player[i] = (card_vis_t){true, s->cards[i], true, -10, -10};
    if (t->game->rules.variant == VARIANT_CAJUN) {
        for (int i = 0; i < 3; i++)
            t->board[i] = (card_vis_t){true, r->board[i], i < r->board_shown || over, -10,
                                       i < r->board_shown || over ? -10 : -1};
    } else {
        for (int i = 0; i < 5; i++) {
            bool up = over || (i == 0 && t->game->rules.variant == VARIANT_CARIBBEAN);
            t->dealer[i] = (card_vis_t){true, r->dealer[i], up, -10, up ? -10 : -1};
        }
    }
    if (over) t->round_return = round_seat_returned(r, 0);
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
    layout_spots(t);
    t->bar_y = BAR_TOP;
    t->collect_at = -1;
    t->shown_pool = jackpot_read(&game->pool);
    help_load(&t->help, game->rules.variant, assets_dir);
    t->hist_page = -1;
    sync_cards(t);
    ui_audio_play(audio, VOICE_PLACE_BETS);
}

void table_free(table_scene_t *t) {
    help_free(&t->help);
}

/* the small HELP and HISTORY buttons at the top right, and the pop-up's own buttons */
static ui_rect_t corner_button(int i) {
    return ui_r(1560 + (float)i * 170, 12, 160, 48);
}
static ui_rect_t popup_button(int i) {
    return ui_r(1120 + (float)i * 200, 930, 180, 64);
}

bool table_animating(const table_scene_t *t) {
    if (table_busy(t) || t->nflights > 0 || t->ncoins > 0) return true;
    if (t->game->state != GAME_PLAY || t->demo) return true; /* the lock panel, the demo pulse */
    if (t->banner[0] && t->now < t->banner_at + 0.5f) return true;
    if (t->now < t->result_at + 3.5f) return true; /* the lit pay-table row pulses a while */
    int64_t pool = jackpot_read(&t->game->pool);
    return t->shown_win != t->round_return || t->shown_pool != pool;
}

/* Seconds left on the machine's running timer, or -1. */
static float timer_left(const table_scene_t *t, bool *deciding) {
    int64_t ms = machine_timer_left_ms(t->machine, deciding);
    return ms < 0 ? -1.0f : (float)ms / 1000.0f;
}

uint64_t table_signature(const table_scene_t *t) {
    /* everything a still frame shows that can change without an animation: FNV-1a over it */
    const game_t *g = t->game;
    const round_seat_t *seat = &g->round.seat[0];
    int64_t v[] = {table_busy(t),
                   table_animating(t),
                   g->state,
                   g->door_open,
                   g->round.phase,
                   g->round.step,
                   g->round.next_card,
                   g->round_begun,
                   (int64_t)g->number,
                   game_balance(g),
                   round_seat_staked(&g->round, 0),
                   seat->folded,
                   t->focus,
                   t->chip,
                   t->advice_ok,
                   t->now < t->toast_until,
                   (int64_t)t->nbuttons};
    uint64_t h = 1469598103934665603ull;
    const unsigned char *p = (const unsigned char *)v;
    for (size_t i = 0; i < sizeof v; i++) h = (h ^ p[i]) * 1099511628211ull;
    for (const char *c = g->message; *c; c++) h = (h ^ (unsigned char)*c) * 1099511628211ull;
    for (const char *c = t->banner; *c; c++) h = (h ^ (unsigned char)*c) * 1099511628211ull;
    for (const char *c = t->toast; *c; c++) h = (h ^ (unsigned char)*c) * 1099511628211ull;
    return h;
}

bool table_wants_frame(const table_scene_t *t) {
    bool deciding;
    float left = timer_left(t, &deciding);
    int shown = left >= 0 ? (int)SDL_ceilf(left) : -1;
    return table_animating(t) || (t->now < t->toast_until) != t->toast_drawn ||
           shown != t->timer_drawn;
}

bool table_busy(const table_scene_t *t) {
    return t->now < t->busy_until || t->results_pending;
}

/* ---- turning events into animation ---- */

static void toast(table_scene_t *t, const char *msg) {
    snprintf(t->toast, sizeof t->toast, "%s", msg);
    t->toast_until = t->now + 2.6f;
    t->toast_good = false;
    t->toast_sticky = false;
}

void table_toast(table_scene_t *t, const char *msg) {
    toast(t, msg);
}

void table_notice(table_scene_t *t, const char *msg) {
    toast(t, msg);
    t->toast_until = t->now + 4.0f;
    t->toast_good = true;
}

void table_warning(table_scene_t *t, const char *msg) {
    toast(t, msg);
    t->toast_until = 1e30f; /* until closed */
    t->toast_sticky = true;
}

void table_news_until_acted(table_scene_t *t, const char *msg) {
    table_warning(t, msg);
    t->toast_good = true;
}

static void banner(table_scene_t *t, const char *line1, const char *line2, ui_color_t c) {
    snprintf(t->banner, sizeof t->banner, "%s", line1);
    snprintf(t->banner2, sizeof t->banner2, "%s", line2 ? line2 : "");
    t->banner_at = t->now > t->busy_until ? t->now : t->busy_until;
    t->banner_color = c;
}

/* ---- flying chips ---- */

static int spot_of(const table_scene_t *t, int wager) {
    for (int i = 0; i < t->nspots; i++)
        if ((int)t->spots[i].wager == wager) return i;
    return -1;
}

static int64_t biggest_chip(const table_scene_t *t, int64_t amount) {
    for (int i = TABLE_CHIPS - 1; i >= 0; i--)
        if (t->chips[i] <= amount) return t->chips[i];
    return t->chips[0];
}

static void fly(table_scene_t *t, int64_t value, float x0, float y0, float x1, float y1,
                float delay) {
    if (t->nflights == TABLE_FLIGHTS) return;
    flight_t *f = &t->flights[t->nflights++];
    f->value = value;
    f->x0 = x0, f->y0 = y0, f->x1 = x1, f->y1 = y1;
    f->t0 = t->now + delay;
    f->dur = t->turbo ? 0.15f : 0.32f;
}

static void spot_centre(const table_scene_t *t, int spot, float *x, float *y) {
    *x = t->spots[spot].r.x + t->spots[spot].r.w / 2;
    *y = t->spots[spot].r.y + t->spots[spot].r.h / 2;
}

#define BALANCE_X  140.0f
#define DEALER_X   960.0f
#define DEALER_TOP (-60.0f)

static void clear_cards(table_scene_t *t) {
    memset(t->player, 0, sizeof t->player);
    memset(t->dealer, 0, sizeof t->dealer);
    memset(t->board, 0, sizeof t->board);
    t->banner[0] = '\0';
    t->shown_win = 0;
    t->round_return = 0;
    t->collect_at = -1;
    t->nflights = 0;
}

/* Plays a sound when the animation gets there. */
static void cue(table_scene_t *t, ui_sound_t sound, float at) {
    if (at <= t->now || t->ncues == (int)(sizeof t->cues / sizeof t->cues[0])) {
        ui_audio_play(t->audio, sound);
        return;
    }
    t->cues[t->ncues].sound = sound;
    t->cues[t->ncues].at = at;
    t->ncues++;
}

static void animate_events(table_scene_t *t) {
    const round_t *r = &t->game->round;
    float at = t->now > t->busy_until ? t->now : t->busy_until;
    bool moved = false; /* only cards and results keep the table busy, not chips */
    for (int i = 0; i < r->nevents; i++) {
        const round_event_t *e = &r->events[i];
        switch ((round_event_type_t)e->type) {
        case EV_DECISION:
            if (e->amount > 0) {
                int sp = spot_of(t, e->wager);
                float x, y;
                if (sp >= 0) {
                    spot_centre(t, sp, &x, &y);
                    fly(t, biggest_chip(t, e->amount), BALANCE_X, t->bar_y + 60, x, y, 0);
                }
            }
            break;
        case EV_BET: {
            int sp = spot_of(t, e->wager);
            if (sp >= 0) {
                float x, y;
                spot_centre(t, sp, &x, &y);
                ui_rect_t c = chip_rect(t, t->chip);
                int64_t v = biggest_chip(t, e->amount > 0 ? e->amount : -e->amount);
                if (e->amount > 0)
                    fly(t, v, c.x + c.w / 2, c.y + c.h / 2, x, y, 0);
                else
                    fly(t, v, x, y, c.x + c.w / 2, c.y + c.h / 2, 0);
            }
            ui_audio_play(t->audio, SND_CHIP);
            break;
        }
        case EV_CARD: {
            card_vis_t *v = e->seat == ROUND_DEALER  ? &t->dealer[e->index]
                            : e->seat == ROUND_BOARD ? &t->board[e->index]
                                                     : &t->player[e->index];
            v->shown = true;
            v->card = e->card;
            v->face_up = e->value != 0;
            v->t_deal = at;
            v->t_flip = e->value ? at + t_slide(t) : -1;
            cue(t, SND_CARD, v->t_deal);
            if (v->t_flip >= 0) cue(t, SND_FLIP, v->t_flip);
            at += t_deal_gap(t);
            moved = true;
            break;
        }
        case EV_BOARD_SHOWN:
            t->board[e->index].face_up = true;
            t->board[e->index].t_flip = at;
            cue(t, SND_FLIP, at);
            at += t_flip(t) + 0.1f;
            moved = true;
            break;
        case EV_DEALER_REVEALED:
            at += 0.25f;
            for (int k = 0; k < 5; k++) {
                if (t->dealer[k].t_flip >= 0) continue;
                t->dealer[k].face_up = true;
                t->dealer[k].t_flip = at;
                cue(t, SND_FLIP, at);
                at += t_flip(t) * 0.7f;
            }
            at += t_flip(t);
            moved = true;
            break;
        case EV_AUTO_FOLD:
            banner(t, "AUTO FOLDED", NULL, RED_LOSE);
            break;
        case EV_SETTLED:
        case EV_VOID:
            t->results_pending = true;
            t->result_at = at + 0.15f;
            break;
        default:
            break;
        }
    }
    if (moved) t->busy_until = at + t_slide(t);
    if (r->nevents && r->events[0].type == EV_CARD) ui_audio_play(t->audio, VOICE_NO_MORE_BETS);
}

static int64_t seat_return(const round_t *r) {
    return round_seat_returned(r, 0);
}

static float cosmetic_unit(table_scene_t *t) {
    /* xorshift: effects only */
    uint32_t x = t->cosmetic ? t->cosmetic : 0x9e3779b9u;
    x ^= x << 13, x ^= x >> 17, x ^= x << 5;
    t->cosmetic = x;
    return (float)(x >> 8) / 16777216.0f;
}

static void celebrate(table_scene_t *t) {
    t->ncoins = (int)(sizeof t->coins / sizeof t->coins[0]);
    for (int i = 0; i < t->ncoins; i++) {
        t->coins[i].x = 200 + cosmetic_unit(t) * 1520;
        t->coins[i].y = -100 - cosmetic_unit(t) * 700;
        t->coins[i].vx = (cosmetic_unit(t) - 0.5f) * 160;
        t->coins[i].vy = 200 + cosmetic_unit(t) * 300;
        t->coins[i].spin = cosmetic_unit(t) * 6.28f;
    }
    t->celebrate_until = t->now + 5.0f;
    ui_audio_play(t->audio, VOICE_JACKPOT);
}

/* Once the last card has turned: the banners, the sounds, the win. */
static void show_results(table_scene_t *t) {
    const game_t *g = t->game;
    const round_t *r = &g->round;
    const round_seat_t *s = &r->seat[0];
    t->results_pending = false;
    t->round_return = seat_return(r);
    /* the dealer pays each winning spot; a moment later the table is swept */
    float delay = 0;
    for (int i = 0; i < t->nspots; i++) {
        wager_t w = t->spots[i].wager;
        if (s->outcome[w] != OUTCOME_WIN) continue;
        float x, y;
        spot_centre(t, i, &x, &y);
        fly(t, biggest_chip(t, s->returned[w] - s->stake[w]), DEALER_X, DEALER_TOP, x + 30, y,
            delay);
        delay += 0.08f;
    }
    t->collect_at = t->now + delay + (t->turbo ? 0.8f : 1.6f);
    int64_t staked = round_seat_staked(r, 0);
    char b1[40], line[96];
    if (r->phase == ROUND_VOID) {
        banner(t, "ROUND VOID", "Every stake has been returned.", GOLD);
        return;
    }
    /* the top prize was hit when the pool restarted in this round */
    bool jackpot = false;
    for (int i = 0; i < r->nevents; i++) jackpot |= r->events[i].type == EV_JACKPOT_RESET;
    if (jackpot) celebrate(t);
    if (g->rules.variant != VARIANT_CAJUN && !s->folded) {
        ui_audio_play(t->audio,
                      r->dealer_qualifies ? VOICE_DEALER_QUALIFIES : VOICE_DEALER_NOT_QUALIFY);
    }
    int64_t net = t->round_return - staked;
    if (t->round_return > 0 && net > 0) {
        snprintf(line, sizeof line, "You win %s", money(g, t->round_return, b1));
        bool big = net >= 20 * (s->stake[WAGER_ANTE] ? s->stake[WAGER_ANTE] : 1);
        banner(t, jackpot ? "JACKPOT!" : big ? "BIG WIN!" : "WINNER", line, GREEN_WIN);
        ui_audio_play(t->audio, jackpot ? SND_JACKPOT : big ? SND_BIG_WIN : SND_WIN);
    } else if (net == 0 && t->round_return > 0) {
        banner(t, "PUSH", "Your bets are returned.", CREAM);
        ui_audio_play(t->audio, VOICE_PUSH);
    } else {
        if (s->folded)
            banner(t, s->auto_folded ? "AUTO FOLDED" : "FOLDED", NULL, DIM);
        else if (g->rules.variant == VARIANT_CAJUN)
            banner(t, "NO WIN", NULL, RED_LOSE);
        else
            banner(t, "DEALER WINS", NULL, RED_LOSE);
        if (t->round_return > 0) {
            snprintf(line, sizeof line, "Side bets return %s", money(g, t->round_return, b1));
            snprintf(t->banner2, sizeof t->banner2, "%s", line);
        }
        ui_audio_play(t->audio, SND_LOSE);
    }
}

/* ---- input and the machine's events ---- */

/* The strategy asked about the round in play, through the one adapter the simulator uses. */
int table_best_decision(const table_scene_t *t, const strategy_t *s, strategy_advice_t *advice) {
    const round_t *r = &t->game->round;
    if (!advice) return advice_decide(s, r, 0);
    return advice_advise(s, r, 0, advice) ? advice->decision : -1;
}

static void hint_after(table_scene_t *t, int chose) {
    if (!t->strategy || !t->advice_ok || chose == t->advice.decision) return;
    static const char *const names[2][4] = {{"FOLD", "PLAY", "", ""},
                                            {"FOLD", "RAISE 1x", "RAISE 2x", "RAISE 3x"}};
    int cajun = t->game->rules.variant == VARIANT_CAJUN;
    const char *best = t->game->rules.variant == VARIANT_ASIAN && t->advice.decision == 1
                           ? "RAISE"
                           : names[cajun][t->advice.decision];
    char msg[128];
    snprintf(msg, sizeof msg, "Hint: the best play was %s (%+.3f antes; your choice %+.3f)", best,
             t->advice.ev[t->advice.decision], t->advice.ev[chose]);
    toast(t, msg);
}

/* A bet on a spot: the selected chip's value on the spot's wager, for the machine to place. */
static void bet_on(table_scene_t *t, int spot, machine_input_t *mi) {
    if (spot < 0 || spot >= t->nspots) return;
    wager_t w = t->spots[spot].wager;
    if (w == WAGER_ANTE || wager_is_side(w)) t->focus = spot;
    machine_press(mi, CFG_BUTTON_BET);
    mi->bet_wager = w;
    mi->bet_amount = t->chips[t->chip];
}

/* A button: the view's own (chips, spots, turbo, sound) here, the rest for the machine. */
static void press(table_scene_t *t, ui_button_t b, machine_input_t *mi) {
    switch (b) {
    case BTN_CHIP1:
    case BTN_CHIP2:
    case BTN_CHIP3:
    case BTN_CHIP4:
    case BTN_CHIP5:
    case BTN_CHIP6:
        t->chip = (int)(b - BTN_CHIP1);
        ui_audio_play(t->audio, SND_CHIPS);
        break;
    case BTN_NEXT_SPOT:
        t->focus = (t->focus + 1) % t->nspots;
        break;
    case BTN_PREV_SPOT:
        t->focus = (t->focus + t->nspots - 1) % t->nspots;
        break;
    case BTN_BET:
        bet_on(t, t->focus, mi);
        break;
    case BTN_TURBO:
        t->turbo = !t->turbo;
        break;
    case BTN_MUTE:
        ui_audio_toggle_mute(t->audio);
        break;
    case BTN_REPEAT:
    case BTN_DOUBLE:
    case BTN_UNDO:
    case BTN_CLEAR:
    case BTN_DEAL:
    case BTN_PLAY:
    case BTN_FOLD:
    case BTN_RAISE1:
    case BTN_RAISE2:
    case BTN_RAISE3:
        machine_press(mi, b);
        break;
    default:
        break;
    }
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
            toast(t, e->text);
            break;
        case MEV_DECIDED:
            ui_audio_play(t->audio, SND_BUTTON);
            if (t->game->rules.variant == VARIANT_CAJUN || e->value <= 1) hint_after(t, e->value);
            break;
        case MEV_CREDIT_IN:
            snprintf(msg, sizeof msg, "CREDIT  + %s", money(t->game, e->amount, b));
            table_notice(t, msg);
            ui_audio_play(t->audio, SND_CHIPS);
            break;
        case MEV_TICKET:
            snprintf(msg, sizeof msg, "CASHED OUT %s  -  TAKE YOUR TICKET",
                     money(t->game, e->amount, b));
            table_news_until_acted(t, msg);
            ui_audio_play(t->audio, SND_WIN);
            break;
        case MEV_CLEARED:
            ui_audio_play(t->audio, SND_BUTTON);
            table_notice(t, "Cleared by the attendant.");
            break;
        default: /* the timers' deal and fold come with their MEV_ROUND; the door and the
                  * operator menu show on their own */
            break;
        }
    }
}

/* The on-screen buttons for this moment of the round. */
static void layout_buttons(table_scene_t *t) {
    const game_t *g = t->game;
    const round_t *r = &g->round;
    t->nbuttons = 0;
    typedef struct {
        ui_button_t b;
        const char *label;
        bool enabled;
    } choice_t;
    choice_t list[8];
    int n = 0;
    bool busy = table_busy(t);
    if (r->phase == ROUND_DECIDING) {
        bool can = round_seat_can_decide(r, 0) && !busy;
        list[n++] = (choice_t){BTN_FOLD, "FOLD", can};
        if (g->rules.variant == VARIANT_CAJUN) {
            list[n++] = (choice_t){BTN_RAISE1, "RAISE 1x", can};
            list[n++] = (choice_t){BTN_RAISE2, "RAISE 2x", can};
            list[n++] = (choice_t){BTN_RAISE3, "RAISE 3x", can};
        } else {
            list[n++] =
                (choice_t){BTN_PLAY, g->rules.variant == VARIANT_ASIAN ? "RAISE" : "PLAY 2x", can};
        }
    } else {
        bool betting = r->phase == ROUND_BETTING;
        bool has_bets = betting && round_seat_staked(r, 0) > 0;
        list[n++] = (choice_t){BTN_UNDO, "UNDO", has_bets && !busy};
        list[n++] = (choice_t){BTN_CLEAR, "CLEAR", has_bets && !busy};
        list[n++] = (choice_t){BTN_REPEAT, has_bets ? "DOUBLE" : "REPEAT", !busy};
        list[n++] = (choice_t){BTN_DEAL, betting ? "DEAL" : "REBET & DEAL", !busy};
    }
    float w = 160, gap = 14, x = 1890 - (w + gap) * (float)n + gap;
    for (int i = 0; i < n; i++) {
        button_vis_t *bv = &t->buttons[t->nbuttons++];
        bv->button = list[i].b;
        bv->enabled = list[i].enabled;
        snprintf(bv->label, sizeof bv->label, "%s", list[i].label);
        bv->r = ui_r(x + (w + gap) * (float)i, t->bar_y + 50, w, 86);
    }
}

static void draw_timer(table_scene_t *t, ui_gfx_t *g) {
    bool deciding;
    float left = timer_left(t, &deciding);
    t->timer_drawn = left >= 0 ? (int)SDL_ceilf(left) : -1;
    if (left < 0 || t->overlay != OVERLAY_NONE) return;
    const rules_t *ru = &t->game->rules;
    float total = (float)(deciding ? ru->decision_seconds : ru->betting_seconds);
    /* the traffic light: green, yellow when time is nearly over, red at the end */
    int lamp = left > total * 0.4f ? 0 : left > 1.0f ? 1 : 2;
    ui_rect_t box = ui_r(432, 296, 136, 150); /* between the pay table and the cards */
    gfx_panel(g, box, 18, ui_rgba(10, 10, 10, 220), ui_rgba(0, 0, 0, 220), GOLD, 2);
    static const ui_color_t on[3] = {{60, 220, 90, 255}, {250, 200, 40, 255}, {240, 60, 50, 255}};
    for (int i = 0; i < 3; i++) {
        ui_color_t c = i == lamp ? on[i] : ui_rgba(on[i].r / 5, on[i].g / 5, on[i].b / 5, 255);
        char key[48], svg[300];
        snprintf(key, sizeof key, "lamp:%02x%02x%02x", c.r, c.g, c.b);
        snprintf(svg, sizeof svg,
                 "<svg xmlns='http://www.w3.org/2000/svg' width='40' height='40'><circle cx='20' "
                 "cy='20' r='17' fill='#%02x%02x%02x' stroke='#000' stroke-width='2'/></svg>",
                 c.r, c.g, c.b);
        gfx_svg_text(g, key, svg, ui_r(box.x + 12 + (float)i * 40, box.y + 12, 34, 34), 255);
    }
    char txt[32];
    snprintf(txt, sizeof txt, "%d", (int)SDL_ceilf(left));
    gfx_text(g, txt, box.x + box.w / 2, box.y + 52, 44, UI_FONT_DISPLAY, on[lamp], UI_ALIGN_CENTER);
    gfx_text(g, deciding ? "DECIDE" : "BETS CLOSE", box.x + box.w / 2, box.y + 114, 18,
             UI_FONT_BOLD, CREAM, UI_ALIGN_CENTER);
}

/* One tick of a counting display: a fraction of the way, at least a cent, never past. */
static int64_t ease_cents(int64_t shown, int64_t target, int64_t fraction) {
    int64_t step = (target - shown) / fraction;
    if (step == 0) step = target > shown ? 1 : target < shown ? -1 : 0;
    return shown + step;
}

void table_update(table_scene_t *t, float dt) {
    t->now += dt;
    for (int i = 0; i < t->ncues;) {
        if (t->now >= t->cues[i].at) {
            ui_audio_play(t->audio, t->cues[i].sound);
            t->cues[i] = t->cues[--t->ncues];
        } else {
            i++;
        }
    }
    if (t->results_pending && t->now >= t->result_at) show_results(t);
    if (t->collect_at >= 0 && t->now >= t->collect_at && t->nflights < TABLE_FLIGHTS - 8) {
        /* wins and pushes go to the balance, losing bets to the dealer */
        const round_seat_t *s = &t->game->round.seat[0];
        for (int i = 0; i < t->nspots; i++) {
            wager_t w = t->spots[i].wager;
            if (!s->stake[w]) continue;
            float x, y;
            spot_centre(t, i, &x, &y);
            bool back = s->outcome[w] == OUTCOME_WIN || s->outcome[w] == OUTCOME_PUSH ||
                        s->outcome[w] == OUTCOME_REFUND;
            fly(t, biggest_chip(t, s->stake[w]), x, y, back ? BALANCE_X : DEALER_X,
                back ? t->bar_y + 60 : DEALER_TOP, 0);
        }
        t->collect_at = -2; /* swept */
        ui_audio_play(t->audio, SND_CHIPS);
    }
    if (t->ncoins && t->now < t->celebrate_until) {
        for (int i = 0; i < t->ncoins; i++) {
            t->coins[i].vy += 500 * dt;
            t->coins[i].x += t->coins[i].vx * dt;
            t->coins[i].y += t->coins[i].vy * dt;
            t->coins[i].spin += 7 * dt;
            if (t->coins[i].y > 1150) t->coins[i].y -= 1300, t->coins[i].vy = 150;
        }
    } else {
        t->ncoins = 0;
    }
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
        t->shown_pool = ease_cents(t->shown_pool, jackpot_read(&t->game->pool), 32);
    }

    const round_t *rr = &t->game->round;
    if (t->strategy && rr->phase == ROUND_DECIDING && round_seat_can_decide(rr, 0) &&
        (t->advice_game != t->game->number || t->advice_step != rr->step)) {
        t->advice_ok = table_best_decision(t, t->strategy, &t->advice) >= 0;
        t->advice_game = t->game->number;
        t->advice_step = rr->step;
    }
    layout_buttons(t);
}

void table_input(table_scene_t *t, const ui_input_t *in, machine_input_t *mi) {
    if (t->toast_sticky && (in->pressed || in->tap)) {
        /* the warning was read: this press or touch closes it and does nothing else */
        t->toast_sticky = false;
        t->toast_until = t->now;
        ui_audio_play(t->audio, SND_BUTTON);
        return;
    }
    ui_input_t local = *in;
    if (local.tap) {
        for (int i = 0; i < 2; i++)
            if (ui_inside(corner_button(i), local.px, local.py)) {
                ui_press(&local, i == 0 ? BTN_HELP : BTN_HISTORY);
                local.tap = false;
            }
    }
    if (ui_pressed(&local, BTN_HELP) || ui_pressed(&local, BTN_HISTORY)) {
        int want = ui_pressed(&local, BTN_HELP) ? (int)OVERLAY_HELP : (int)OVERLAY_HISTORY;
        t->hist_page = -1;
        t->overlay = (int)t->overlay == want
                         ? OVERLAY_NONE
                         : (want == OVERLAY_HELP ? OVERLAY_HELP : OVERLAY_HISTORY);
        t->page = 0;
        ui_audio_play(t->audio, SND_BUTTON);
        return;
    }
    if (t->overlay != OVERLAY_NONE) {
        /* a pop-up takes the input: pages, and ESC or CLOSE */
        int prev = 0, next = 0, close = ui_pressed(&local, BTN_BACK);
        if (ui_pressed(&local, BTN_PREV_SPOT)) prev = 1;
        if (ui_pressed(&local, BTN_NEXT_SPOT)) next = 1;
        if (local.tap) {
            prev |= ui_inside(popup_button(0), local.px, local.py);
            next |= ui_inside(popup_button(1), local.px, local.py);
            close |= ui_inside(popup_button(2), local.px, local.py);
        }
        if (close) t->overlay = OVERLAY_NONE;
        if (prev && t->page > 0) t->page--;
        if (next) t->page++; /* capped when drawn: the page count depends on the text size */
        return;
    }
    if (t->game->state != GAME_PLAY) return; /* locked or faulted: the screen says why */
    for (int b = 0; b < BTN_COUNT; b++)
        if (ui_pressed(in, (ui_button_t)b)) press(t, (ui_button_t)b, mi);
    if (in->tap) {
        for (int i = 0; i < t->nspots; i++)
            if (ui_inside(t->spots[i].r, in->px, in->py)) bet_on(t, i, mi);
        for (int i = 0; i < TABLE_CHIPS; i++)
            if (ui_inside(chip_rect(t, i), in->px, in->py))
                press(t, (ui_button_t)(BTN_CHIP1 + i), mi);
        for (int i = 0; i < t->nbuttons; i++)
            if (t->buttons[i].enabled && ui_inside(t->buttons[i].r, in->px, in->py))
                press(t, t->buttons[i].button, mi);
    }
}

/* ---- drawing ---- */

static void card_path(card_t c, char buf[32]) {
    char f[3];
    snprintf(buf, 32, "cards/%s.svg", card_format(c, f));
}

/* A card face drawn without the SVG art (a checkout without assets). */
static void draw_card_fallback(ui_gfx_t *g, card_t c, ui_rect_t r, bool up, float sx) {
    ui_rect_t rr = r;
    rr.w *= sx;
    rr.x += (r.w - rr.w) / 2;
    if (!up) {
        gfx_panel(g, rr, 12, ui_rgba(150, 20, 40, 255), ui_rgba(90, 8, 24, 255), CREAM, 5);
        return;
    }
    gfx_panel(g, rr, 12, WHITE, ui_rgba(236, 236, 236, 255), ui_rgba(60, 60, 60, 255), 2);
    if (sx < 0.3f) return;
    char b[8];
    bool red = c != CARD_JOKER && (card_suit(c) == CARD_HEARTS || card_suit(c) == CARD_DIAMONDS);
    ui_color_t ink = red ? ui_rgba(200, 16, 46, 255) : ui_rgba(20, 20, 20, 255);
    gfx_text(g, card_display(c, b), rr.x + rr.w / 2, rr.y + r.h * 0.32f, r.h * 0.26f, UI_FONT_BOLD,
             ink, UI_ALIGN_CENTER);
}

static void draw_card(table_scene_t *t, ui_gfx_t *g, const card_vis_t *v, ui_rect_t slot,
                      bool highlight) {
    if (!v->shown || t->now < v->t_deal) return;
    float p = ease_out(clampf((t->now - v->t_deal) / t_slide(t), 0, 1));
    ui_rect_t r = slot;
    r.x = SHOE_X + (slot.x - SHOE_X) * p;
    r.y = SHOE_Y + (slot.y - SHOE_Y) * p;
    double angle = (1.0 - p) * -25.0;
    bool up = false;
    float sx = 1;
    if (v->t_flip >= 0 && t->now >= v->t_flip) {
        float f = clampf((t->now - v->t_flip) / t_flip(t), 0, 1);
        up = f >= 0.5f;
        sx = fabsf(cosf(f * 3.14159265f));
        if (sx < 0.02f) sx = 0.02f;
        /* a flip lifts the card a little */
        r.y -= sinf(f * 3.14159265f) * 14;
    }
    if (p >= 1 && highlight && up) {
        gfx_glow(g, ui_r(r.x - 30, r.y - 30, r.w + 60, r.h + 60), ui_rgba(255, 220, 90, 170));
    }
    /* the shadow: only the strips that show past the card's right and bottom edges (a full
     * card-sized blended shadow cost more than the card itself in the software renderer) */
    float sw = r.w * sx, sx0 = r.x + (r.w - sw) / 2;
    gfx_fill(g, ui_r(sx0 + sw, r.y + 14, 6, r.h - 6), ui_rgba(0, 0, 0, 80));
    gfx_fill(g, ui_r(sx0 + 10, r.y + r.h, sw - 4, 8), ui_rgba(0, 0, 0, 80));
    char path[32];
    if (up)
        card_path(v->card, path);
    else
        snprintf(path, sizeof path, "cards/back.svg");
    if (!gfx_svg_ex(g, path, r, 255, angle, sx)) draw_card_fallback(g, v->card, r, up, sx);
    if (p >= 1 && highlight && up)
        gfx_panel(g, r, 12, ui_rgba(0, 0, 0, 0), ui_rgba(0, 0, 0, 0), GOLD, 4);
}

static ui_rect_t slot_rect(float y, int i, int n) {
    float total = CARD_W * (float)n + CARD_GAP * (float)(n - 1);
    return ui_r(960 - total / 2 + (CARD_W + CARD_GAP) * (float)i, y, CARD_W, CARD_H);
}

static bool results_visible(const table_scene_t *t) {
    return game_round_over(t->game) && !t->results_pending;
}

static void draw_chip(ui_gfx_t *g, int64_t value, ui_rect_t r, uint8_t alpha) {
    char path[48], label[24];
    snprintf(path, sizeof path, "chips/chip_%lld.svg", (long long)value);
    if (gfx_svg(g, path, r, alpha)) return;
    /* generated chip when the art is missing */
    static const struct {
        int64_t v;
        const char *fill, *edge;
    } colours[] = {{25, "#e8e8e8", "#3060c0"},    {100, "#2b62c9", "#ffffff"},
                   {500, "#c8202e", "#ffffff"},   {2500, "#1f8f4e", "#ffffff"},
                   {10000, "#202020", "#f2c94c"}, {50000, "#6b2fa3", "#ffffff"}};
    const char *fill = "#808080", *edge = "#ffffff";
    for (size_t i = 0; i < sizeof colours / sizeof colours[0]; i++)
        if (colours[i].v == value) fill = colours[i].fill, edge = colours[i].edge;
    char key[48], svg[900];
    snprintf(key, sizeof key, "chip:%lld", (long long)value);
    snprintf(svg, sizeof svg,
             "<svg xmlns='http://www.w3.org/2000/svg' width='100' height='100' viewBox='0 0 100 "
             "100'><circle cx='50' cy='50' r='48' fill='%s' stroke='#000' stroke-opacity='.35' "
             "stroke-width='2'/><circle cx='50' cy='50' r='40' fill='none' stroke='%s' "
             "stroke-width='9' stroke-dasharray='12 9'/><circle cx='50' cy='50' r='30' "
             "fill='%s' stroke='%s' stroke-width='2'/></svg>",
             fill, edge, fill, edge);
    gfx_svg_text(g, key, svg, r, alpha);
    bool light = value == 25;
    gfx_text(g, money_format_chip(value, label, sizeof label), r.x + r.w / 2, r.y + r.h * 0.3f,
             r.h * 0.34f, UI_FONT_BOLD,
             light ? ui_rgba(20, 20, 20, alpha) : ui_rgba(255, 255, 255, alpha), UI_ALIGN_CENTER);
}

/* A stack of chips making up `amount`, largest at the bottom. */
static void draw_stack(table_scene_t *t, ui_gfx_t *g, int64_t amount, float cx, float cy, float d) {
    int64_t left = amount;
    int drawn = 0;
    for (int i = TABLE_CHIPS - 1; i >= 0 && drawn < 8; i--) {
        while (left >= t->chips[i] && drawn < 8) {
            draw_chip(g, t->chips[i], ui_r(cx - d / 2, cy - d / 2 - (float)drawn * d * 0.09f, d, d),
                      255);
            left -= t->chips[i];
            drawn++;
        }
    }
    if (left > 0 && drawn < 8)
        draw_chip(g, t->chips[0], ui_r(cx - d / 2, cy - d / 2 - (float)drawn * d * 0.09f, d, d),
                  255);
}

static void draw_spots(table_scene_t *t, ui_gfx_t *g, bool layer) {
    const game_t *gm = t->game;
    const round_seat_t *s = &gm->round.seat[0];
    bool show = results_visible(t);
    char b1[40];
    for (int i = 0; i < t->nspots; i++) {
        const spot_t *sp = &t->spots[i];
        ui_rect_t r = sp->r;
        bool focus = i == t->focus && gm->round.phase == ROUND_BETTING;
        bool at_max = s->stake[sp->wager] >= gm->rules.bet_max[sp->wager];
        /* the layer holds every spot outline and label, unlit; the focused spot is lit over it */
        if (layer || focus) {
            bool lit = focus && !layer;
            char svg[800], key[64];
            snprintf(key, sizeof key, "spot:%d", lit);
            snprintf(svg, sizeof svg,
                     "<svg xmlns='http://www.w3.org/2000/svg' width='100' height='100' "
                     "viewBox='0 0 100 100'><circle cx='50' cy='50' r='46' fill='#000' "
                     "fill-opacity='%s' stroke='%s' stroke-width='%s'/><circle cx='50' cy='50' "
                     "r='39' fill='none' stroke='#f5e6b8' stroke-opacity='.35' "
                     "stroke-width='1.2'/></svg>",
                     lit ? "0" : ".16", lit ? "#f2c94c" : "#f5e6b8", lit ? "4" : "2.5");
            gfx_svg_text(g, key, svg, r, 255);
        }
        if (layer) {
            gfx_text_shadow(g, sp->label, r.x + r.w / 2, r.y + r.h + 4, 21, UI_FONT_BOLD, CREAM,
                            UI_ALIGN_CENTER);
            continue;
        }
        int64_t stake = s->stake[sp->wager];
        if (!stake) continue;
        if (t->collect_at != -2) draw_stack(t, g, stake, r.x + r.w / 2, r.y + r.h / 2, r.w * 0.62f);
        float bw = t->nspots > 1 ? t->spots[1].r.x - t->spots[0].r.x - 8 : 168;
        if (bw > 168) bw = 168;
        ui_rect_t badge = ui_r(r.x + r.w / 2 - bw / 2, r.y + r.h + 32, bw, 36);
        ui_color_t c = CREAM;
        char txt[64];
        money(gm, stake, txt);
        if (show) {
            round_outcome_t o = s->outcome[sp->wager];
            c = o == OUTCOME_WIN ? GREEN_WIN : o == OUTCOME_LOSE ? RED_LOSE : CREAM;
            if (o == OUTCOME_WIN)
                snprintf(txt, sizeof txt, "+%s", money(gm, s->returned[sp->wager], b1));
            else
                snprintf(txt, sizeof txt, "%s", round_outcome_name(o));
        } else if (at_max && gm->round.phase == ROUND_BETTING) {
            snprintf(txt, sizeof txt, "MAX %s", money(gm, stake, b1));
            c = GOLD;
        }
        gfx_panel(g, badge, 18, ui_rgba(0, 0, 0, 170), ui_rgba(0, 0, 0, 170),
                  ui_rgba(c.r, c.g, c.b, 200), 1.5f);
        float size = 22;
        while (gfx_text_width(g, txt, size, UI_FONT_BOLD) > badge.w - 12 && size > 12) size -= 1;
        gfx_text(g, txt, badge.x + badge.w / 2, badge.y + (badge.h - size * 1.25f) / 2, size,
                 UI_FONT_BOLD, c, UI_ALIGN_CENTER);
    }
}

/* The pay table with the row of this hand lit once the round is settled. */
static void draw_paytable(table_scene_t *t, ui_gfx_t *g, bool layer) {
    const game_t *gm = t->game;
    const rules_t *ru = &gm->rules;
    ui_rect_t p = ui_r(30, 74, 390, 560);
    if (layer)
        gfx_panel(g, p, 18, ui_rgba(10, 40, 24, 215), ui_rgba(4, 24, 14, 215),
                  ui_rgba(242, 201, 76, 200), 2.5f);
    const round_seat_t *s = &gm->round.seat[0];
    bool show = results_visible(t) && gm->round.phase == ROUND_SETTLED;
    char title[48], rows[12][2][40];
    int lit = -1, n = 0;
    if (ru->variant == VARIANT_ASIAN) {
        /* rules.md: the raise wins by the points, the ante 1 to 1 (unless the config pays the
         * points on both) */
        snprintf(title, sizeof title, "%s",
                 ru->asian_odds_on_ante ? "ANTE + RAISE PAY" : "RAISE PAYS");
        static const char *const names[3] = {"1 to 3 points", "4 to 6 points", "7 to 9 points"};
        for (int k = 0; k < 3; k++) {
            snprintf(rows[n][0], 40, "%s", names[k]);
            snprintf(rows[n][1], 40, "%d to 1", ru->asian_margin_pays[1 + 3 * k]);
            n++;
        }
        if (!ru->asian_odds_on_ante) {
            snprintf(rows[n][0], 40, "Ante");
            snprintf(rows[n][1], 40, "1 to 1");
            n++;
        }
        snprintf(rows[n][0], 40, "Commission");
        snprintf(rows[n][1], 40, "%d.%02d%%", ru->asian_commission_bp / 100,
                 ru->asian_commission_bp % 100);
        n++;
        if (show && s->outcome[WAGER_ANTE] == OUTCOME_WIN && gm->round.dealer_qualifies) {
            int m = s->hand_value - gm->round.dealer_value;
            if (m >= 1 && m <= 9) lit = (m - 1) / 3;
        }
    } else {
        snprintf(title, sizeof title, "%s PAYS", ru->variant == VARIANT_CAJUN ? "HAND" : "PLAY");
        for (int c = EVAL_ROYAL_FLUSH; c >= EVAL_PAIR; c--) {
            snprintf(rows[n][0], 40, "%s",
                     c == EVAL_PAIR && ru->variant == VARIANT_CAJUN ? "Jacks or Better"
                     : c == EVAL_PAIR                               ? "Pair or Less"
                                      : eval_category_name((eval_category_t)c));
            snprintf(rows[n][1], 40, "%d to 1", ru->main_pays[c]);
            if (show && s->outcome[WAGER_ANTE] == OUTCOME_WIN && s->stake[WAGER_ANTE]) {
                eval_category_t hc = eval_category(s->hand_value);
                if (hc == (eval_category_t)c || (c == EVAL_PAIR && hc < EVAL_PAIR)) lit = n;
            }
            n++;
        }
        if (ru->variant == VARIANT_CAJUN) {
            snprintf(rows[n][0], 40, "Pair 6s to 10s");
            snprintf(rows[n][1], 40, "PUSH");
            n++;
        }
    }
    if (layer)
        gfx_text(g, title, p.x + p.w / 2, p.y + 18, 30, UI_FONT_DISPLAY, GOLD, UI_ALIGN_CENTER);
    float rowh = (p.h - 90) / (float)(n < 9 ? 9 : n);
    for (int i = 0; i < n; i++) {
        float y = p.y + 72 + rowh * (float)i;
        bool on = i == lit;
        if (layer == on) continue; /* plain rows in the layer, the lit row over it */
        if (on) {
            float pulse =
                t->now < t->result_at + 3.0f ? pulse_step(0.75f + 0.25f * sinf(t->now * 6)) : 1.0f;
            gfx_panel(g, ui_r(p.x + 10, y - 4, p.w - 20, rowh), 10,
                      ui_rgba(242, 201, 76, (uint8_t)(230 * pulse)),
                      ui_rgba(200, 150, 40, (uint8_t)(230 * pulse)), WHITE, 1.5f);
        }
        ui_color_t c = on ? ui_rgba(30, 20, 0, 255) : CREAM;
        float size = rowh * 0.55f > 28 ? 28 : rowh * 0.55f;
        gfx_text(g, rows[i][0], p.x + 24, y + (rowh - size) / 2 - 4, size, UI_FONT_REGULAR, c,
                 UI_ALIGN_LEFT);
        gfx_text(g, rows[i][1], p.x + p.w - 24, y + (rowh - size) / 2 - 4, size, UI_FONT_BOLD, c,
                 UI_ALIGN_RIGHT);
    }
}

static void draw_side_panel(table_scene_t *t, ui_gfx_t *g, bool layer) {
    const game_t *gm = t->game;
    const rules_t *ru = &gm->rules;
    ui_rect_t p = ui_r(1500, 74, 390, 560);
    char b1[40], b2[40], line[96];
    bool pool = ru->offered[WAGER_JACKPOT] || ru->offered[WAGER_PROGRESSIVE];
    float y = p.y;
    if (pool) {
        ui_rect_t m = ui_r(p.x, y, p.w, 190);
        if (layer) {
            gfx_panel(g, m, 18, ui_rgba(60, 10, 20, 235), ui_rgba(25, 0, 8, 235), GOLD, 3);
            gfx_text(g, ru->offered[WAGER_JACKPOT] ? "JACKPOT" : "PROGRESSIVE", m.x + m.w / 2,
                     m.y + 16, 30, UI_FONT_DISPLAY, GOLD, UI_ALIGN_CENTER);
            gfx_glow(g, ui_r(m.x + 20, m.y + 60, m.w - 40, 100), ui_rgba(255, 200, 60, 90));
            gfx_text(g,
                     ru->offered[WAGER_JACKPOT] ? "Royal Flush wins it all" : "Royal Flush: 100%",
                     m.x + m.w / 2, m.y + 150, 22, UI_FONT_REGULAR, CREAM, UI_ALIGN_CENTER);
        }
        money(gm, t->shown_pool, b1);
        float size = 64;
        while (gfx_text_width(g, b1, size, UI_FONT_DISPLAY) > m.w - 40 && size > 30) size -= 4;
        if (!layer)
            gfx_text_shadow(g, b1, m.x + m.w / 2, m.y + 70, size, UI_FONT_DISPLAY,
                            ui_rgba(255, 226, 120, 255), UI_ALIGN_CENTER);
        y += 210;
    }
    ui_rect_t info = ui_r(p.x, y, p.w, p.y + p.h - y);
    if (!layer) {
        snprintf(line, sizeof line, "GAME %06llu", (unsigned long long)gm->number);
        gfx_text(g, line, info.x + info.w / 2, info.y + info.h - 42, 22, UI_FONT_BOLD, DIM,
                 UI_ALIGN_CENTER);
        return;
    }
    gfx_panel(g, info, 18, ui_rgba(10, 40, 24, 215), ui_rgba(4, 24, 14, 215),
              ui_rgba(242, 201, 76, 160), 2);
    float ty = info.y + 20;
    gfx_text(g, "TABLE LIMITS", info.x + info.w / 2, ty, 26, UI_FONT_DISPLAY, GOLD,
             UI_ALIGN_CENTER);
    ty += 46;
    for (int w = 0; w < WAGER_COUNT && ty < info.y + info.h - 80; w++) {
        if (!ru->offered[w] || !(w == WAGER_ANTE || wager_is_side((wager_t)w))) continue;
        gfx_text(g, wager_name((wager_t)w), info.x + 24, ty, 22, UI_FONT_BOLD, CREAM,
                 UI_ALIGN_LEFT);
        snprintf(line, sizeof line, "%s - %s", money(gm, ru->bet_min[w], b1),
                 money(gm, ru->bet_max[w], b2));
        gfx_text(g, line, info.x + info.w - 24, ty, 22, UI_FONT_REGULAR, CREAM, UI_ALIGN_RIGHT);
        ty += 34;
    }
    if (ru->variant == VARIANT_CARIBBEAN && ru->max_payout > 0) {
        snprintf(line, sizeof line, "Max payout %s a bet", money(gm, ru->max_payout, b1));
        gfx_text(g, line, info.x + info.w / 2, ty + 6, 20, UI_FONT_REGULAR, DIM, UI_ALIGN_CENTER);
    }
    static const char *const how[VARIANT_COUNT] = {
        "Beat the dealer's hand. The dealer needs Ace King or better; if not, ANTE pays 1 to 1 "
        "and PLAY is returned.",
        "Fold, or raise 1x to 3x the ANTE before each community card. Jacks or better pay on "
        "every bet.",
        "Three cards making 10, 20 or 30 qualify; the other two score. The higher score wins by "
        "the points table."};
    ty += 24;
    if (ty < info.y + info.h - 200) {
        gfx_text(g, "HOW TO WIN", info.x + info.w / 2, ty, 24, UI_FONT_DISPLAY, GOLD,
                 UI_ALIGN_CENTER);
        gfx_text_wrap(g, how[ru->variant], info.x + info.w / 2, ty + 38, info.w - 44, 21,
                      UI_FONT_REGULAR, CREAM, UI_ALIGN_CENTER);
    }
}

static void draw_hand_name(ui_gfx_t *g, const char *who, const char *name, float y, ui_color_t c) {
    char line[128];
    snprintf(line, sizeof line, "%s%s%s", who, *name ? ":  " : "", name);
    gfx_text_shadow(g, line, 960, y, 30, UI_FONT_BOLD, c, UI_ALIGN_CENTER);
}

/* Asian Stud: the qualifying three on the left, the two that score apart on the right. */
static ui_rect_t asian_slot(const card_t cards[5], int i, float y) {
    eval_asian_t a = eval_asian(cards);
    if (!a.qualifies) return slot_rect(y, i, 5);
    bool three = a.three >> i & 1;
    int pos = 0;
    for (int j = 0; j < i; j++) pos += (a.three >> j & 1) == three;
    ui_rect_t sr = slot_rect(y, three ? pos : 3 + pos, 5);
    if (!three) sr.x += 40;
    return sr;
}

/* The totals under the split: "20" under the three, "4 POINTS" under the two. */
static void draw_asian_split(ui_gfx_t *g, const card_t cards[5], float y) {
    eval_asian_t a = eval_asian(cards);
    if (!a.qualifies) return;
    int three = 0;
    for (int i = 0; i < 5; i++)
        if (a.three >> i & 1) three += eval_asian_card_points(cards[i]);
    char txt[32];
    snprintf(txt, sizeof txt, "%d", three);
    ui_rect_t l = slot_rect(y, 1, 5), rr = slot_rect(y, 3, 5);
    gfx_panel(g, ui_r(l.x + l.w / 2 - 34, y + CARD_H - 24, 68, 40), 20, ui_rgba(0, 0, 0, 200),
              ui_rgba(0, 0, 0, 200), DIM, 1.5f);
    gfx_text(g, txt, l.x + l.w / 2, y + CARD_H - 20, 26, UI_FONT_BOLD, CREAM, UI_ALIGN_CENTER);
    snprintf(txt, sizeof txt, "%d POINTS", a.value);
    float cx = rr.x + 40 + CARD_W + CARD_GAP / 2;
    gfx_panel(g, ui_r(cx - 80, y + CARD_H - 24, 160, 40), 20, ui_rgba(60, 40, 0, 220),
              ui_rgba(30, 20, 0, 220), GOLD, 2);
    gfx_text(g, txt, cx, y + CARD_H - 20, 26, UI_FONT_BOLD, GOLD, UI_ALIGN_CENTER);
}

static void draw_hands(table_scene_t *t, ui_gfx_t *g) {
    const game_t *gm = t->game;
    const round_t *r = &gm->round;
    const round_seat_t *s = &r->seat[0];
    bool show = results_visible(t) && r->phase == ROUND_SETTLED;
    rules_variant_t v = gm->rules.variant;
    char name[96];
    if (v == VARIANT_CAJUN) {
        for (int i = 0; i < 3; i++) draw_card(t, g, &t->board[i], slot_rect(DEALER_Y, i, 3), false);
        gfx_text_shadow(g, "COMMUNITY CARDS", 960, DEALER_Y + CARD_H + 14, 24, UI_FONT_BOLD, DIM,
                        UI_ALIGN_CENTER);
        for (int i = 0; i < 2; i++)
            draw_card(t, g, &t->player[i], slot_rect(PLAYER_Y, i, 2), false);
        if (show) {
            eval_describe(s->hand_value, name, sizeof name);
            draw_hand_name(g, "YOUR HAND", name, PLAYER_Y + CARD_H + 14, WHITE);
        }
        return;
    }
    /* the winning hand is lit: the player's when it won, the dealer's when it beat the player */
    bool player_lit = false, dealer_lit = false;
    if (show && v == VARIANT_CARIBBEAN && !s->folded && r->dealer_qualifies) {
        player_lit = s->hand_value > r->dealer_value;
        dealer_lit = s->hand_value < r->dealer_value;
    }
    bool asian = v == VARIANT_ASIAN;
    bool split_player = asian && s->ncards == 5 && (show || r->phase == ROUND_DECIDING);
    for (int i = 0; i < 5; i++) {
        ui_rect_t sr = slot_rect(DEALER_Y, i, 5);
        if (asian && show) sr = asian_slot(r->dealer, i, DEALER_Y);
        draw_card(t, g, &t->dealer[i], sr, dealer_lit);
    }
    for (int i = 0; i < 5; i++) {
        ui_rect_t sr = slot_rect(PLAYER_Y, i, 5);
        if (split_player) sr = asian_slot(s->cards, i, PLAYER_Y);
        draw_card(t, g, &t->player[i], sr, player_lit);
    }
    if (asian && show) draw_asian_split(g, r->dealer, DEALER_Y);
    if (split_player && !table_busy(t)) draw_asian_split(g, s->cards, PLAYER_Y);
    if (show) {
        if (v == VARIANT_CARIBBEAN) {
            eval_describe(r->dealer_value, name, sizeof name);
            draw_hand_name(g, r->dealer_qualifies ? "DEALER QUALIFIES" : "DEALER DOES NOT QUALIFY",
                           name, DEALER_Y + CARD_H + 14, r->dealer_qualifies ? CREAM : GOLD);
            eval_describe(s->hand_value, name, sizeof name);
        } else {
            if (r->dealer_qualifies)
                snprintf(name, sizeof name, "%d points", r->dealer_value);
            else
                snprintf(name, sizeof name, "no qualifying three");
            draw_hand_name(g, r->dealer_qualifies ? "DEALER QUALIFIES" : "DEALER DOES NOT QUALIFY",
                           name, DEALER_Y + CARD_H + 14, r->dealer_qualifies ? CREAM : GOLD);
            if (s->hand_value)
                snprintf(name, sizeof name, "%d points", s->hand_value);
            else
                snprintf(name, sizeof name, "no qualifying three");
        }
        draw_hand_name(g, "YOUR HAND", name, PLAYER_Y + CARD_H + 14, WHITE);
    } else if (r->phase == ROUND_DECIDING && !table_busy(t) && s->ncards == 5) {
        if (v == VARIANT_CARIBBEAN) {
            eval_describe(eval_value(s->cards, 5), name, sizeof name);
        } else {
            eval_asian_t a = eval_asian(s->cards);
            if (a.qualifies)
                snprintf(name, sizeof name, "%d points", a.value);
            else
                snprintf(name, sizeof name, "no qualifying three");
        }
        draw_hand_name(g, "YOUR HAND", name, PLAYER_Y + CARD_H + 14, WHITE);
    }
}

static void draw_bar(table_scene_t *t, ui_gfx_t *g, bool layer) {
    const game_t *gm = t->game;
    const round_t *r = &gm->round;
    if (layer)
        /* across the window's width and down to its bottom edge, not a pixel more (a panel
         * texture is as big as the panel) */
        gfx_panel(g,
                  ui_r(-g->ox / g->scale - 4, t->bar_y, (float)g->pw / g->scale + 8,
                       ((float)g->ph - g->oy) / g->scale - t->bar_y + 4),
                  0, ui_rgba(22, 14, 10, 245), ui_rgba(8, 5, 3, 250), ui_rgba(242, 201, 76, 220),
                  3);
    char b1[40];
    struct {
        const char *label;
        int64_t v;
    } boxes[3] = {{"BALANCE", game_balance(gm)},
                  {"TOTAL BET", round_seat_staked(r, 0)},
                  {"WIN", t->shown_win}};
    for (int i = 0; i < 3; i++) {
        ui_rect_t b = ui_r(30 + (float)i * 232, t->bar_y + 30, 220, 112);
        if (layer) {
            gfx_panel(g, b, 14, ui_rgba(40, 30, 22, 255), ui_rgba(16, 10, 6, 255),
                      ui_rgba(120, 95, 50, 255), 2);
            gfx_text(g, boxes[i].label, b.x + b.w / 2, b.y + 12, 22, UI_FONT_BOLD, DIM,
                     UI_ALIGN_CENTER);
            continue;
        }
        money(gm, boxes[i].v, b1);
        float size = 40;
        while (gfx_text_width(g, b1, size, UI_FONT_DISPLAY) > b.w - 20 && size > 20) size -= 2;
        gfx_text(g, b1, b.x + b.w / 2, b.y + 50, size, UI_FONT_DISPLAY,
                 i == 2 && boxes[i].v > 0 ? GREEN_WIN : ui_rgba(255, 236, 170, 255),
                 UI_ALIGN_CENTER);
    }
    if (layer) return;
    /* the chip tray: only chips the balance covers are enabled (001) */
    for (int i = 0; i < TABLE_CHIPS; i++) {
        ui_rect_t c = chip_rect(t, i);
        bool covered = t->chips[i] <= game_balance(gm);
        if (i == t->chip) {
            gfx_glow(g, ui_r(c.x - 22, c.y - 22, c.w + 44, c.h + 44), ui_rgba(255, 220, 90, 220));
            c.y -= 10;
        }
        draw_chip(g, t->chips[i], c, covered ? 255 : 70);
    }
    for (int i = 0; i < t->nbuttons; i++) {
        const button_vis_t *b = &t->buttons[i];
        bool main = b->button == BTN_DEAL || b->button == BTN_PLAY || b->button == BTN_RAISE1 ||
                    b->button == BTN_RAISE2 || b->button == BTN_RAISE3;
        ui_color_t top = main ? ui_rgba(250, 214, 90, 255) : ui_rgba(70, 110, 80, 255);
        ui_color_t bottom = main ? ui_rgba(200, 140, 30, 255) : ui_rgba(30, 60, 40, 255);
        if (b->button == BTN_FOLD) {
            top = ui_rgba(200, 60, 60, 255);
            bottom = ui_rgba(120, 20, 24, 255);
        }
        if (!b->enabled) {
            top = ui_rgba(70, 70, 70, 255);
            bottom = ui_rgba(40, 40, 40, 255);
        }
        gfx_panel(g, b->r, 43, top, bottom, ui_rgba(255, 255, 255, b->enabled ? 200 : 60), 2.5f);
        float size = 28;
        while (gfx_text_width(g, b->label, size, UI_FONT_DISPLAY) > b->r.w - 20 && size > 14)
            size -= 2;
        gfx_text(g, b->label, b->r.x + b->r.w / 2, b->r.y + (b->r.h - size * 1.2f) / 2, size,
                 UI_FONT_DISPLAY,
                 b->enabled ? (main ? ui_rgba(40, 24, 0, 255) : WHITE)
                            : ui_rgba(140, 140, 140, 255),
                 UI_ALIGN_CENTER);
    }
}

static void draw_banner(table_scene_t *t, ui_gfx_t *g) {
    if (!t->banner[0] || t->now < t->banner_at) return;
    float p = ease_out(clampf((t->now - t->banner_at) / 0.35f, 0, 1));
    float w = 720 * (0.85f + 0.15f * p), h = t->banner2[0] ? 112 : 84;
    ui_rect_t r = ui_r(960 - w / 2, BANNER_Y - h / 2, w, h);
    uint8_t a = (uint8_t)(252 * p);
    gfx_panel(g, r, 24, ui_rgba(20, 12, 6, a), ui_rgba(6, 3, 2, a),
              ui_rgba(t->banner_color.r, t->banner_color.g, t->banner_color.b, a), 3);
    ui_color_t c = t->banner_color;
    c.a = (uint8_t)(255 * p);
    gfx_text_shadow(g, t->banner, 960, r.y + 8, 50 * (0.8f + 0.2f * p), UI_FONT_DISPLAY, c,
                    UI_ALIGN_CENTER);
    if (t->banner2[0])
        gfx_text(g, t->banner2, 960, r.y + 70, 26, UI_FONT_BOLD, ui_rgba(250, 240, 215, c.a),
                 UI_ALIGN_CENTER);
}

static void draw_overlay(table_scene_t *t, ui_gfx_t *g) {
    const game_t *gm = t->game;
    gfx_fill(g, ui_r(-2000, -2000, 6000, 6000), ui_rgba(0, 0, 0, 170));
    gfx_panel(g, ui_r(150, 60, 1620, 960), 28, ui_rgba(12, 52, 30, 250), ui_rgba(4, 26, 14, 250),
              GOLD, 3);
    int pages;
    char title[96];
    if (t->overlay == OVERLAY_HELP) {
        pages = help_pages(g, &t->help);
        if (t->page >= pages) t->page = pages - 1;
        static const char *const names[2] = {"HAND RANKINGS", "PAY TABLES"};
        snprintf(title, sizeof title, "HELP  -  %s", t->page < 2 ? names[t->page] : "RULES");
        help_draw(g, &t->help, gm, t->page);
    } else {
        int per = history_per_page();
        if (t->hist_page != t->page) {
            t->hist_total = game_history_count(t->game);
            t->nhist = game_history(t->game, t->page * per, per, t->hist);
            t->hist_page = t->page;
        }
        pages = t->hist_total ? (int)((t->hist_total + per - 1) / per) : 1;
        if (t->page >= pages) t->page = pages - 1;
        bool recall = gm->store != NULL;
        snprintf(title, sizeof title, "%s",
                 recall ? "GAME RECALL  -  RECORDED ROUNDS, NEWEST FIRST"
                        : "HISTORY  -  THIS SESSION, NEWEST FIRST");
        history_draw(g, gm, t->hist, t->nhist, recall);
    }
    gfx_text(g, title, 960, 84, 34, UI_FONT_DISPLAY, GOLD, UI_ALIGN_CENTER);
    char line[48];
    snprintf(line, sizeof line, "PAGE %d OF %d", t->page + 1, pages);
    gfx_text(g, line, 200, 948, 24, UI_FONT_BOLD, DIM, UI_ALIGN_LEFT);
    static const char *const labels[3] = {"PREV", "NEXT", "CLOSE"};
    for (int i = 0; i < 3; i++) {
        bool enabled = i == 2 || (i == 0 ? t->page > 0 : t->page + 1 < pages);
        ui_rect_t r = popup_button(i);
        gfx_panel(g, r, 32, enabled ? ui_rgba(250, 214, 90, 255) : ui_rgba(70, 70, 70, 255),
                  enabled ? ui_rgba(200, 140, 30, 255) : ui_rgba(40, 40, 40, 255),
                  ui_rgba(255, 255, 255, 160), 2);
        gfx_text(g, labels[i], r.x + r.w / 2, r.y + 14, 28, UI_FONT_DISPLAY,
                 enabled ? ui_rgba(40, 24, 0, 255) : ui_rgba(140, 140, 140, 255), UI_ALIGN_CENTER);
    }
}

void table_draw(table_scene_t *t, ui_gfx_t *g) {
    const game_t *gm = t->game;
    /* on screens taller than 16:9 the bar sits at the bottom edge, not under the canvas */
    t->bar_y = BAR_TOP + g->oy / g->scale;
    /* everything that does not move, drawn once per window size */
    uint32_t key = (uint32_t)gm->rules.preset * 100000u + (uint32_t)t->bar_y;
    if (gfx_layer_begin(g, key)) {
        /* felt across the whole window, whatever its shape */
        gfx_fill_screen(g, ui_rgba(9, 70, 38, 255));
        if (!gfx_svg_opaque(g, "table/felt_plain.svg",
                            ui_r(-(g->ox / g->scale), -(g->oy / g->scale), (float)g->pw / g->scale,
                                 (float)g->ph / g->scale)))
            gfx_glow(g, ui_r(-200, -300, 2320, 1500), ui_rgba(40, 140, 80, 255));
        /* the printed rules on the felt */
        const char *print = gm->rules.variant == VARIANT_CARIBBEAN
                                ? "DEALER QUALIFIES WITH ACE KING OR BETTER"
                            : gm->rules.variant == VARIANT_CAJUN
                                ? "PAIR OF JACKS OR BETTER WINS  -  PAIR OF SIXES TO TENS PUSHES"
                                : "DEALER QUALIFIES WITH A THREE CARD SET OF 10, 20 OR 30";
        gfx_text(g, print, 960, BANNER_Y - 14, 26, UI_FONT_BOLD, ui_rgba(245, 230, 184, 150),
                 UI_ALIGN_CENTER);
        gfx_text_shadow(g, rules_preset_name(gm->rules.preset), 30, 18 - g->oy / g->scale, 34,
                        UI_FONT_DISPLAY, GOLD, UI_ALIGN_LEFT);
        draw_paytable(t, g, true);
        draw_side_panel(t, g, true);
        draw_spots(t, g, true);
        draw_bar(t, g, true);
        gfx_layer_end(g);
    }
    draw_paytable(t, g, false);
    draw_side_panel(t, g, false);
    draw_spots(t, g, false);
    draw_hands(t, g);
    draw_banner(t, g);
    for (int i = 0; i < t->ncoins; i++) {
        /* a spinning gold coin: its width follows the spin */
        float sx = fabsf(cosf(t->coins[i].spin));
        static const char coin[] =
            "<svg xmlns='http://www.w3.org/2000/svg' width='60' height='60'><defs><radialGradient "
            "id='g' cx='.4' cy='.35' r='.7'><stop offset='0' stop-color='#fff6c0'/><stop "
            "offset='.5' stop-color='#f2c94c'/><stop offset='1' stop-color='#a8741a'/>"
            "</radialGradient></defs><circle cx='30' cy='30' r='28' fill='url(#g)' "
            "stroke='#7a520e' stroke-width='3'/><circle cx='30' cy='30' r='19' fill='none' "
            "stroke='#fff3b0' stroke-opacity='.7' stroke-width='2'/></svg>";
        gfx_svg_text_ex(g, "coin", coin, ui_r(t->coins[i].x - 27, t->coins[i].y - 27, 54, 54), 255,
                        sx < 0.08f ? 0.08f : sx);
    }
    draw_timer(t, g);
    draw_bar(t, g, false);
    const round_t *rr = &gm->round;
    if (t->strategy && t->advice_ok && rr->phase == ROUND_DECIDING &&
        round_seat_can_decide(rr, 0) && !table_busy(t) && t->advice_game == gm->number &&
        t->advice_step == rr->step) {
        static const char *const cajun_names[4] = {"FOLD", "RAISE 1x", "RAISE 2x", "RAISE 3x"};
        bool cajun = gm->rules.variant == VARIANT_CAJUN;
        const char *play = gm->rules.variant == VARIANT_ASIAN ? "RAISE" : "PLAY";
        char line[160], part[48];
        snprintf(line, sizeof line, "HINT: %s   ",
                 cajun                ? cajun_names[t->advice.decision]
                 : t->advice.decision ? play
                                      : "FOLD");
        for (int k = 0; k < t->advice.noptions; k++) {
            snprintf(part, sizeof part, " %s %+.3f",
                     cajun ? cajun_names[k]
                     : k   ? play
                           : "FOLD",
                     t->advice.ev[k]);
            strncat(line, part, sizeof line - strlen(line) - 1);
        }
        float w = gfx_text_width(g, line, 24, UI_FONT_BOLD) + 50;
        ui_rect_t r = ui_r(1890 - w, t->bar_y - 58, w, 46);
        gfx_panel(g, r, 22, ui_rgba(20, 40, 80, 235), ui_rgba(8, 20, 50, 235),
                  ui_rgba(140, 190, 255, 220), 2);
        gfx_text(g, line, r.x + 25, r.y + 9, 24, UI_FONT_BOLD, ui_rgba(220, 235, 255, 255),
                 UI_ALIGN_LEFT);
    }
    for (int i = 0; i < t->nflights; i++) {
        const flight_t *f = &t->flights[i];
        if (t->now < f->t0) continue;
        float p = ease_out(clampf((t->now - f->t0) / f->dur, 0, 1));
        float x = f->x0 + (f->x1 - f->x0) * p, y = f->y0 + (f->y1 - f->y0) * p;
        y -= sinf(p * 3.14159265f) * 50; /* a small arc */
        draw_chip(g, f->value, ui_r(x - 36, y - 36, 72, 72), 255);
    }
    t->toast_drawn = t->now < t->toast_until;
    if (t->toast_drawn) {
        float w = gfx_text_width(g, t->toast, 26, UI_FONT_BOLD) + 60;
        /* a warning keeps a second line saying how to close it */
        float extra = t->toast_sticky ? 30 : 0;
        ui_rect_t r = ui_r(960 - w / 2, t->bar_y - 70 - extra, w, 52 + extra);
        if (t->toast_good)
            gfx_panel(g, r, 26, ui_rgba(24, 110, 50, 235), ui_rgba(8, 60, 24, 235), CREAM, 2);
        else
            gfx_panel(g, r, 26, ui_rgba(120, 20, 20, 235), ui_rgba(70, 8, 8, 235), CREAM, 2);
        gfx_text(g, t->toast, 960, r.y + 11, 26, UI_FONT_BOLD, WHITE, UI_ALIGN_CENTER);
        if (t->toast_sticky)
            gfx_text(g, "PRESS ANY BUTTON OR TOUCH TO CLOSE", 960, r.y + 46, 20, UI_FONT_BOLD,
                     CREAM, UI_ALIGN_CENTER);
    }
    if (t->demo) {
        /* the attract banner over the demo rounds */
        float pulse = pulse_step(0.55f + 0.45f * fabsf(sinf(t->now * 2.2f)));
        /* over the chip tray and the buttons, where a player would start, clear of the title */
        ui_rect_t r = ui_r(724, t->bar_y + 30, 1166, 112);
        gfx_panel(g, r, 28, ui_rgba(120, 16, 24, 255), ui_rgba(60, 6, 10, 255),
                  ui_rgba(242, 201, 76, (uint8_t)(255 * pulse)), 3);
        gfx_text(g, "INSERT CREDITS  -  TOUCH TO PLAY", r.x + r.w / 2, r.y + 14, 44,
                 UI_FONT_DISPLAY, ui_rgba(255, 236, 170, (uint8_t)(150 + 105 * pulse)),
                 UI_ALIGN_CENTER);
        gfx_text(g, "DEMO GAME", r.x + r.w / 2, r.y + 70, 24, UI_FONT_BOLD, CREAM, UI_ALIGN_CENTER);
    }
    /* HELP and HISTORY, always there */
    static const char *const corner[2] = {"HELP", "HISTORY"};
    for (int i = 0; i < 2; i++) {
        ui_rect_t r = corner_button(i);
        r.y -= g->oy / g->scale;
        gfx_panel(g, r, 24, ui_rgba(30, 60, 40, 230), ui_rgba(10, 30, 18, 230),
                  ui_rgba(242, 201, 76, 200), 2);
        gfx_text(g, corner[i], r.x + r.w / 2, r.y + 10, 24, UI_FONT_BOLD, CREAM, UI_ALIGN_CENTER);
    }
    if (t->overlay != OVERLAY_NONE) {
        draw_overlay(t, g);
        return;
    }
    if (gm->door_open && gm->state == GAME_PLAY) {
        gfx_fill(g, ui_r(-2000, -2000, 6000, 6000), ui_rgba(0, 0, 0, 150));
        ui_rect_t r = ui_r(360, 330, 1200, 240);
        gfx_panel(g, r, 28, ui_rgba(30, 50, 110, 250), ui_rgba(10, 20, 60, 250),
                  ui_rgba(255, 230, 120, 255), 4);
        gfx_text_shadow(g, "DOOR OPEN", 960, r.y + 30, 64, UI_FONT_DISPLAY,
                        ui_rgba(255, 236, 170, 255), UI_ALIGN_CENTER);
        gfx_text(g, "Play is stopped until the door is closed. The opening is recorded.", 960,
                 r.y + 150, 26, UI_FONT_BOLD, WHITE, UI_ALIGN_CENTER);
        return;
    }
    if (gm->state != GAME_PLAY) {
        bool fault = gm->state == GAME_FAULT;
        gfx_fill(g, ui_r(-2000, -2000, 6000, 6000), ui_rgba(0, 0, 0, fault ? 200 : 120));
        ui_rect_t r = ui_r(260, 300, 1400, 300);
        float pulse = pulse_step(0.6f + 0.4f * fabsf(sinf(t->now * 2.5f)));
        gfx_panel(g, r, 28, fault ? ui_rgba(140, 16, 16, 250) : ui_rgba(120, 80, 0, 250),
                  fault ? ui_rgba(70, 6, 6, 250) : ui_rgba(60, 40, 0, 250),
                  ui_rgba(255, 230, 120, (uint8_t)(255 * pulse)), 4);
        gfx_text_shadow(g, fault ? gm->fault_title : "CALL ATTENDANT", 960, r.y + 30,
                        fault ? 56 : 64, UI_FONT_DISPLAY, ui_rgba(255, 236, 170, 255),
                        UI_ALIGN_CENTER);
        gfx_text_wrap(g, gm->message, 960, r.y + 130, r.w - 80, 28, UI_FONT_BOLD, WHITE,
                      UI_ALIGN_CENTER);
        gfx_text(g,
                 fault ? (gm->lock_id ? "Play is stopped. Nothing is lost. When the attendant has "
                                        "checked the machine, the attendant's key clears it."
                                      : "Play is stopped. Nothing is lost: the record on the "
                                        "machine is the truth. A technician checks it.")
                       : "The attendant's key clears the hand pay.",
                 960, r.y + r.h - 50, 22, UI_FONT_REGULAR, CREAM, UI_ALIGN_CENTER);
        return;
    }
    if (gm->round.phase == ROUND_BETTING && round_seat_staked(&gm->round, 0) == 0 && !t->banner[0])
        gfx_text_shadow(g, "PLACE YOUR BETS", 960, PLAYER_Y + 60, 56, UI_FONT_DISPLAY, CREAM,
                        UI_ALIGN_CENTER);
}
