/* The moments of a win, by its tier (machine_moments.h): a WIN has its chime and the verdict; a
 * BIG WIN a glow behind the verdict, a shower of coins and its run of bells; a MEGA WIN (a
 * straight or royal flush, fifty times the stake) and a jackpot a celebration of their own over
 * the whole table: light turning behind a banner with the hand and the win counting up, glints
 * around it, coins falling, a fanfare and the dealer's voice, for several seconds, before a hand
 * pay's CALL ATTENDANT panel comes up. Everything here is cosmetic: the money is settled and
 * recorded before any of it starts, and its random numbers are a generator of its own. */
#include "table_internal.h"

#include <stdio.h>
#include <string.h>

float tb_cosmetic_unit(table_scene_t *t) {
    /* xorshift: effects only */
    uint32_t x = t->cosmetic ? t->cosmetic : 0x9e3779b9u;
    x ^= x << 13, x ^= x >> 17, x ^= x << 5;
    t->cosmetic = x;
    return (float)(x >> 8) / 16777216.0f;
}

/* How long each tier's moment lasts (turbo: a demo's or a test's pace). */
static float duration(const table_scene_t *t, machine_tier_t tier) {
    static const float normal[] = {0, 0, 3.2f, 6.5f, 8.0f}, fast[] = {0, 0, 0.6f, 1.2f, 1.5f};
    if (tier < MACHINE_TIER_BIG || tier > MACHINE_TIER_JACKPOT) return 0;
    return t->turbo ? fast[tier] : normal[tier];
}

/* The coins fall from above the window, some at once, the rest a little later. */
static void drop_coins(table_scene_t *t, int n) {
    t->ncoins = n;
    for (int i = 0; i < n; i++) {
        t->coins[i].x = 200 + tb_cosmetic_unit(t) * 1520;
        t->coins[i].y = -100 - tb_cosmetic_unit(t) * 700;
        t->coins[i].vx = (tb_cosmetic_unit(t) - 0.5f) * 160;
        t->coins[i].vy = 200 + tb_cosmetic_unit(t) * 300;
        t->coins[i].spin = tb_cosmetic_unit(t) * 6.28f;
    }
}

/* The celebration's words for win w: its title and the line under it ("" for none). */
static void moment_words(const machine_win_t *w, char title[48], char line[96]) {
    bool royal = w->hand && strcmp(w->hand, "Royal Flush") == 0;
    bool straight = w->hand && strcmp(w->hand, "Straight Flush") == 0;
    line[0] = '\0';
    if (w->tier == MACHINE_TIER_BIG) {
        snprintf(title, 48, _("BIG WIN!"));
    } else if (w->tier == MACHINE_TIER_MEGA) {
        /* the hand that made it, when one did; its bet when it was not the main game's */
        if (w->hand && (royal || straight || strcmp(w->hand, "Five Aces") == 0)) {
            snprintf(title, 48, "%s!", w->hand);
            if (wager_is_main(w->by))
                snprintf(line, 96, _("MEGA WIN"));
            else
                snprintf(line, 96, _("%s  -  MEGA WIN"), lang_wager(w->by));
        } else {
            snprintf(title, 48, _("MEGA WIN!"));
        }
    } else { /* the jackpot */
        snprintf(title, 48, _("JACKPOT!"));
        snprintf(line, 96, _("%s WINS THE TOP PRIZE"), w->hand ? w->hand : N_("ROYAL FLUSH"));
    }
    gfx_upper(title);
    gfx_upper(line);
}

void tb_moment_start(table_scene_t *t, const machine_win_t *w) {
    float d = duration(t, w->tier);
    if (d <= 0) return;
    t->moment.tier = (int)w->tier;
    t->moment.amount = w->win;
    t->moment.at = t->now;
    t->moment.until = t->celebrate_until = t->now + d;
    moment_words(w, t->moment.title, t->moment.line);
    bool royal = w->hand && strcmp(w->hand, "Royal Flush") == 0;
    bool straight = w->hand && strcmp(w->hand, "Straight Flush") == 0;
    switch (w->tier) {
    case MACHINE_TIER_BIG:
        drop_coins(t, 36);
        ui_audio_play(t->audio, SND_BIG_WIN);
        tb_cue(t, VOICE_BIG_WIN, t->now + 1.2f);
        break;
    case MACHINE_TIER_MEGA:
        drop_coins(t, 70);
        ui_audio_play(t->audio, SND_FANFARE);
        tb_cue(t,
               royal      ? VOICE_ROYAL_FLUSH
               : straight ? VOICE_STRAIGHT_FLUSH
                          : VOICE_MEGA_WIN,
               t->now + 1.6f);
        break;
    default: /* the jackpot */
        drop_coins(t, (int)(sizeof t->coins / sizeof t->coins[0]));
        ui_audio_play(t->audio, SND_JACKPOT);
        tb_cue(t, VOICE_JACKPOT, t->now + 0.8f);
        tb_cue(t, SND_FANFARE, t->now + 2.7f);
        break;
    }
}

void tb_moment_clear(table_scene_t *t) {
    memset(&t->moment, 0, sizeof t->moment);
    t->ncoins = 0;
    t->celebrate_until = 0;
}

bool tb_moment_running(const table_scene_t *t) {
    return t->moment.tier >= MACHINE_TIER_BIG && t->now < t->moment.until;
}

bool tb_celebrating(const table_scene_t *t) {
    return tb_moment_running(t) && t->moment.tier >= MACHINE_TIER_MEGA;
}

/* The coins fall (and start again at the top) until the moment ends. */
void tb_moment_update(table_scene_t *t, float dt) {
    if (!t->ncoins || t->now >= t->celebrate_until) {
        t->ncoins = 0;
        return;
    }
    for (int i = 0; i < t->ncoins; i++) {
        t->coins[i].vy += 500 * dt;
        t->coins[i].x += t->coins[i].vx * dt;
        t->coins[i].y += t->coins[i].vy * dt;
        t->coins[i].spin += 7 * dt;
        if (t->coins[i].y > 1150) t->coins[i].y -= 1300, t->coins[i].vy = 150;
    }
}

int64_t tb_moment_counted(const table_scene_t *t) {
    /* the win counts up over the first part of the moment: the progress in thousandths, the
     * money in whole cents */
    float since = t->now - t->moment.at, span = (t->moment.until - t->moment.at) * 0.55f;
    float p = span > 0 ? ease_out(clampf(since / span, 0, 1)) : 1;
    int64_t k = (int64_t)(p * 1000.0f), m = t->moment.amount;
    return m / 1000 * k + m % 1000 * k / 1000;
}

/* ---- drawing ---- */

enum { COIN_STEPS = 24 };

/* A gold coin at (x, y), as wide as `step` of COIN_STEPS of its face (its spin), placed on whole
 * pixels and made at its size in pixels: a picture stretched each frame is the renderer's slowest
 * blend, and the window's draw list draws a stretched copy whole. */
static void draw_coin(ui_gfx_t *g, float x, float y, int step) {
    float sx = (float)step / COIN_STEPS, s = g->scale;
    float w = SDL_roundf(54 * sx * s), h = SDL_roundf(54 * s);
    float px = SDL_roundf(g->ox + (x - 27 * sx) * s), py = SDL_roundf(g->oy + (y - 27) * s);
    ui_rect_t r = ui_r((px - g->ox) / s, (py - g->oy) / s, w / s, h / s);
    SDL_Rect p = gfx_px(g, r);
    if (p.w <= 0 || p.h <= 0) return;
    float k = (float)p.h / 60.0f, cx = (float)p.w / 2, cy = (float)p.h / 2;
    char key[32], svg[900];
    snprintf(key, sizeof key, "coin:%dx%d", p.w, p.h);
    snprintf(svg, sizeof svg,
             "<svg xmlns='http://www.w3.org/2000/svg' width='%d' height='%d' viewBox='0 0 %d %d'>"
             "<defs><radialGradient id='g' cx='.4' cy='.35' r='.7'><stop offset='0' "
             "stop-color='#fff6c0'/><stop offset='.5' stop-color='#f2c94c'/><stop offset='1' "
             "stop-color='#a8741a'/></radialGradient></defs><ellipse cx='%.2f' cy='%.2f' "
             "rx='%.2f' ry='%.2f' fill='url(#g)' stroke='#7a520e' stroke-width='%.2f'/>"
             "<ellipse cx='%.2f' cy='%.2f' rx='%.2f' ry='%.2f' fill='none' stroke='#fff3b0' "
             "stroke-opacity='.7' stroke-width='%.2f'/></svg>",
             p.w, p.h, p.w, p.h, (double)cx, (double)cy, (double)(cx - 2 * k * sx),
             (double)(cy - 2 * k), (double)(3 * k), (double)cx, (double)cy, (double)(19 * k * sx),
             (double)(19 * k), (double)(2 * k));
    gfx_svg_text(g, key, svg, r, 255);
}

static void draw_coins(table_scene_t *t, ui_gfx_t *g) {
    for (int i = 0; i < t->ncoins; i++) {
        /* a spinning coin: its width follows the spin, in COIN_STEPS steps */
        int step = (int)SDL_roundf(fabsf(cosf(t->coins[i].spin)) * COIN_STEPS);
        draw_coin(g, t->coins[i].x, t->coins[i].y, step < 2 ? 2 : step);
    }
}

/* How far in and out the moment is: it fades in over 0.3 s and out over its last 0.5. */
static float presence(const table_scene_t *t) {
    float in = clampf((t->now - t->moment.at) / 0.3f, 0, 1);
    float out = clampf((t->moment.until - t->now) / 0.5f, 0, 1);
    return in < out ? in : out;
}

/* A BIG WIN's glow, behind the hands and the verdict in the middle row. */
void tb_draw_moment_under(table_scene_t *t, ui_gfx_t *g) {
    if (!tb_moment_running(t) || t->moment.tier != MACHINE_TIER_BIG) return;
    float pulse = pulse_step(0.65f + 0.35f * sinf((t->now - t->moment.at) * 7));
    ui_rect_t m = t->geom.middle;
    /* in the pulse's dozen steps while it fades in and out too: each step's glow is one
     * picture made once (a new alpha is a new picture) */
    gfx_glow(g, ui_r(m.x - 140, m.y - 100, m.w + 280, m.h + 200),
             ui_rgba(255, 214, 90, (uint8_t)(255 * pulse_step(pulse * presence(t)))));
}

/* The light turning behind a celebration's banner: its picture, where it is about the banner's
 * middle, its pattern's period (18 rays: 20 degrees), the turned copies made of it. */
#define RAYS        "table/rays.svg"
#define RAYS_PERIOD 20.0
#define RAYS_STEPS  6
#define RAYS_MAX_PX 1600
#define BANNER_Y    250.0f
#define BANNER_H    380.0f

static ui_rect_t rays_rect(float cx, float cy) {
    return ui_r(cx - 380, cy - 380, 760, 760);
}

static ui_rect_t banner_rect(const table_scene_t *t) {
    float w = t->geom.area.w - 80 < 1100 ? t->geom.area.w - 80 : 1100;
    return ui_r(960 - w / 2, BANNER_Y, w, BANNER_H);
}

static void draw_banner(ui_gfx_t *g, ui_rect_t r) {
    gfx_panel(g, r, 40, ui_rgba(120, 14, 24, 255), ui_rgba(50, 4, 10, 255),
              ui_rgba(255, 226, 120, 255), 5);
}

/* The banner's title and the line under it. */
static void draw_words(ui_gfx_t *g, ui_rect_t r, const char *title, const char *line) {
    float cx = r.x + r.w / 2;
    float size = tb_fit(g, title, 104, 48, UI_FONT_DISPLAY, r.w - 80);
    gfx_text_shadow(g, title, cx, r.y + 26, size, UI_FONT_DISPLAY, ui_rgba(255, 214, 90, 255),
                    UI_ALIGN_CENTER);
    if (line[0]) {
        float ls = tb_fit(g, line, 34, TB_TEXT_MIN, UI_FONT_BOLD, r.w - 80);
        gfx_text(g, line, cx, r.y + 160, ls, UI_FONT_BOLD, ui_rgba(250, 240, 215, 255),
                 UI_ALIGN_CENTER);
    }
}

bool tb_prepare_celebration(table_scene_t *t, ui_gfx_t *g, bool small) {
    /* a settled round's results as they will show, while the dealer's cards turn: their pictures
     * made, the celebration's words too (11 of them, 6 ms of the first frame of a win's results
     * at 3840x2160) */
    if (t->results_ahead && t->results_pending && gfx_offscreen_begin(g)) {
        static table_scene_t copy; /* (the drawing thread's) */
        bool celebrates = tb_results_ahead(t, &copy);
        tb_draw_spots(&copy, g, false);
        tb_draw_middle(&copy, g);
        tb_draw_results(&copy, g);
        if (celebrates) draw_words(g, banner_rect(t), copy.moment.title, copy.moment.line);
        gfx_offscreen_end(g);
        t->results_ahead = false;
        return true;
    }
    /* a hand pay's panel, up once the celebration is over (its two pictures and its words) */
    if (tb_handpay(t) > 0 && t->handpay_ahead != t->game->number && gfx_offscreen_begin(g)) {
        t->handpay_ahead = t->game->number;
        tb_draw_locked(t, g);
        gfx_offscreen_end(g);
        return true;
    }
    /* the light's copies are made on a thread of their own */
    if (gfx_svg_turning_prepare(g, RAYS, rays_rect(960, BANNER_Y + BANNER_H / 2), RAYS_PERIOD,
                                RAYS_STEPS, RAYS_MAX_PX))
        return true;
    /* the coins' widths, drawn onto nothing a few at a time (the shower's first frames made
     * some forty of them), then the banner */
    uint64_t key = (uint64_t)g->pw << 32 | (uint32_t)g->ph;
    /* again for a new size, or once they had their minute in the texture cache */
    if (key != t->coins_key || g->frame - t->coins_at > 3000)
        t->coins_key = key, t->coins_ready = 0, t->coins_at = g->frame;
    if (t->coins_ready > COIN_STEPS - 1 || (small && t->coins_ready == COIN_STEPS - 1) ||
        !gfx_offscreen_begin(g))
        return false;
    if (t->coins_ready == COIN_STEPS - 1) {
        /* and the banner and its glints, the same for every celebration of this size */
        draw_banner(g, banner_rect(t)); /* (the layout of the frame last drawn, this size's) */
        gfx_svg_scaled(g, "table/sparkle.svg", ui_r(900, 500, 60, 60), 74, 255);
        /* and the characters the win counts up in (every digit, the separators, the symbol) */
        char b[40];
        money(t->game, 1234567890, b);
        gfx_figure_shadow(g, b, 960, 540, 96, UI_FONT_DISPLAY, ui_rgba(255, 240, 170, 255),
                          UI_ALIGN_CENTER);
        t->coins_ready++;
    }
    for (int n = 0; n < 6 && t->coins_ready < COIN_STEPS - 1; n++, t->coins_ready++)
        draw_coin(g, 960, 540, 2 + t->coins_ready);
    gfx_offscreen_end(g);
    return true;
}

uint8_t tb_celebration_dim(const table_scene_t *t) {
    return (uint8_t)(TB_CELEBRATION_DIM * presence(t));
}

void tb_draw_celebration_dim(table_scene_t *t, ui_gfx_t *g) {
    gfx_fill(g, ui_r(-2000, -2000, 6000, 6000), ui_rgba(0, 0, 0, tb_celebration_dim(t)));
}

/* A MEGA WIN's or a jackpot's banner over the table: the light turning behind it, the glints
 * around it, the hand and the win counting up in it. The shade and the light fade in and out; the
 * banner, its words and its glints come up whole at once (a picture faded by its alpha is the
 * software renderer's slowest blend: 6 ms a frame for the banner and its words at 1920x1080). */
static void draw_celebration(table_scene_t *t, ui_gfx_t *g, bool dimmed) {
    float a = presence(t), since = t->now - t->moment.at;
    gfx_rec_modal(g); /* the table under it is covered on purpose, for a few seconds */
    if (!dimmed) tb_draw_celebration_dim(t, g);
    ui_rect_t r = banner_rect(t);
    float w = r.w, cx = 960, cy = r.y + r.h / 2;
    /* the light turning: its 18 rays repeat every 20 degrees; six turned copies made once,
     * cross-faded (the renderer turning it each frame took 20 ms), left out where the banner
     * covers them (its rounded corners apart) */
    ui_rect_t covered = ui_r(r.x, r.y + 40, r.w, r.h - 80);
    gfx_svg_turning(g, RAYS, rays_rect(cx, cy), (uint8_t)(230 * a), (double)(since * 14.0f),
                    RAYS_PERIOD, RAYS_STEPS, RAYS_MAX_PX, &covered);
    draw_banner(g, r);
    /* ten glints around the banner, each twinkling in its own time */
    for (int i = 0; i < 10; i++) {
        float ang = (float)i * 0.6283f + 0.3f;
        float gx = cx + cosf(ang) * (w / 2 + 20), gy = cy + sinf(ang) * (r.h / 2 + 40);
        float tw = 0.5f + 0.5f * sinf(since * 5.0f + (float)i * 1.7f);
        float s = 44 + 30 * tw;
        gfx_svg_scaled(g, "table/sparkle.svg", ui_r(gx - s / 2, gy - s / 2, s, s), 74,
                       (uint8_t)(255 * pulse_step(tw)));
    }
    draw_words(g, r, t->moment.title, t->moment.line);
    char b[40];
    money(t->game, tb_moment_counted(t), b);
    float as = tb_fit(g, b, 96, 40, UI_FONT_DISPLAY, r.w - 80);
    gfx_figure_shadow(g, b, cx, r.y + r.h - 30 - as * 1.17f, as, UI_FONT_DISPLAY,
                      ui_rgba(255, 240, 170, 255), UI_ALIGN_CENTER);
}

void tb_draw_moment(table_scene_t *t, ui_gfx_t *g, bool dimmed) {
    /* from the frame after the settlement's (its shade and light start from nothing): the
     * results' pills, the dealer's line and the pay table's lit row are made in that frame, the
     * banner's words in the next (together 17-24 ms at 1920x1080 in the software renderer) */
    if (tb_celebrating(t) && t->now - t->moment.at >= 0.015f) draw_celebration(t, g, dimmed);
    draw_coins(t, g);
}
