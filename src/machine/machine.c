/* The machine without a window. See machine.h. */
#define _POSIX_C_SOURCE 200809L
#include "lang.h"
#include "machine.h"
#include "machine_link.h"
#include "machine_table.h"
#include "ticket.h"

#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static void say(char *msg, size_t n, const char *fmt, const char *a, const char *b) {
    if (msg && n) snprintf(msg, n, fmt, a, b);
}

bool machine_open(machine_t *m, const cfg_t *cfg, int64_t free_credits, uint64_t seed,
                  const char *db, char *err, size_t errlen) {
    store_t *store = NULL;
    if (db && db[0]) {
        char serr[STORE_MSG_LEN];
        /* a store that fails its checks comes back faulted, and the game shows why */
        if (store_open_files(db, cfg->cabinet.key_path, cfg->cabinet.anchor_path, NULL, &store,
                             serr, sizeof serr) != STORE_OK &&
            !store) {
            say(err, errlen, "%s: %s", db, serr);
            return false;
        }
    }
    return machine_open_store(m, cfg, free_credits, seed, store, err, errlen);
}

/* The operator settings recorded in the store, in force over the file's values. A recorded
 * value the config no longer takes (a range narrowed since) is left out, and the file's value
 * stays. */
static void apply_settings(machine_t *m) {
    if (!m->game.store || machine_faulted(m)) return;
    for (int i = 0; i < cfg_key_count(); i++) {
        cfg_key_info_t k;
        if (!cfg_key_at(i, &k) || (!k.operator_may_change && k.in_file)) continue;
        char name[96], value[CFG_VALUE_LEN], err[CFG_ERROR_LEN];
        snprintf(name, sizeof name, "%s.%s", k.section, k.name);
        if (store_setting_get(m->game.store, name, value, sizeof value))
            cfg_set(&m->cfg, k.section, k.name, value, err, sizeof err);
    }
}

bool machine_open_store(machine_t *m, const cfg_t *cfg, int64_t free_credits, uint64_t seed,
                        store_t *store, char *err, size_t errlen) {
    memset(m, 0, sizeof *m);
    m->cfg = *cfg;
    m->player.language = -1; /* the operator's until a player chooses */
    /* the wall clock the sessions keep time on, until the front sets it */
    struct timespec now;
    clock_gettime(CLOCK_REALTIME, &now);
    m->wall_ms = (int64_t)now.tv_sec * 1000 + now.tv_nsec / 1000000;
    snprintf(m->pin, sizeof m->pin, "%s",
             cfg->cabinet.operator_pin[0] ? cfg->cabinet.operator_pin : "1234");
    /* a terminal plays the table's game: its rules come from the table */
    if (cfg->table.join[0] && !machine_table_join(m, err, errlen)) {
        store_close(store);
        return false;
    }
    if (!game_init(&m->game, &m->cfg.rules, free_credits, seed, store)) {
        store_close(store);
        m->game.store = NULL;
        machine_table_close(m);
        say(err, errlen, "%s%s", "the random generator could not start", "");
        return false;
    }
    /* a terminal's records are its tables' rounds (its recall names each round's table), whether
     * or not it sits at one now */
    if (cfg->table.url[0] && cfg->table.terminal[0]) m->game.at_table = true;
    apply_settings(m);
    /* a ticket whose print failed still waits for the attendant after a restart */
    store_ticket_t newest;
    if (machine_tickets(m, &newest, 1, 0) == 1 && newest.print == STORE_PRINT_FAILED &&
        newest.state == STORE_TICKET_ISSUED)
        ticket_group(newest.validation, m->print_fault);
    machine_link_open(m);
    if (!machine_table_start(m, err, errlen)) {
        machine_close(m);
        return false;
    }
    return true;
}

bool machine_open_seat(machine_t *m, machine_t *terminal, const char *tab, const char *game,
                       const char *title, bool linked, char *err, size_t errlen) {
    memset(m, 0, sizeof *m);
    m->cfg = terminal->cfg; /* its operator settings applied already */
    snprintf(m->cfg.table.join, sizeof m->cfg.table.join, "%s", tab);
    m->cfg.link.url[0] = '\0'; /* a table's seat has no linked pool of its own */
    memcpy(m->pin, terminal->pin, sizeof m->pin);
    m->player = terminal->player; /* a desktop player's own settings, the same at every table */
    m->store_borrowed = true;
    if (!machine_table_take(m, game, title, linked, err, errlen)) return false;
    if (!game_init(&m->game, &m->cfg.rules, 0, 0, terminal->game.store)) {
        m->game.store = NULL;
        machine_table_close(m);
        say(err, errlen, "%s%s", "the random generator could not start", "");
        return false;
    }
    m->game.handpay_by_attendant = terminal->game.handpay_by_attendant;
    memcpy(m->game.machine_id, terminal->game.machine_id, sizeof m->game.machine_id);
    m->store_seen = store_generation(m->game.store);
    /* an empty felt until the table shows its round */
    if (!game_new_round(&m->game)) {
        machine_close(m);
        say(err, errlen, "%s%s", "its game could not be set up here", "");
        return false;
    }
    if (!machine_table_start(m, err, errlen)) {
        machine_close(m);
        return false;
    }
    return true;
}

void machine_close(machine_t *m) {
    machine_rg_closing(m); /* a desktop's session is paused, not ended */
    machine_table_close(m);
    machine_link_close(m);
    if (!m->store_borrowed) store_close(m->game.store);
    m->game.store = NULL;
}

bool machine_has_store(const machine_t *m) {
    return m->game.store != NULL;
}

bool machine_faulted(const machine_t *m) {
    return m->game.store && store_state(m->game.store) == STORE_FAULTED;
}

/* ---- the approved return range ---- */

/* The cache entry of these rules' figures: the digest of the figures' format and the rules. */
static void approval_cache_name(const rules_t *r, char name[96]) {
    uint8_t rules_hash[STORE_HASH_BYTES], d[32];
    store_rules_hash(r, rules_hash);
    crypto_generichash_state st;
    crypto_generichash_init(&st, NULL, 0, sizeof d);
    crypto_generichash_update(&st, (const uint8_t *)APPROVAL_FORMAT, strlen(APPROVAL_FORMAT));
    crypto_generichash_update(&st, rules_hash, sizeof rules_hash);
    crypto_generichash_final(&st, d, sizeof d);
    char hex[2 * sizeof d + 1];
    sodium_bin2hex(hex, sizeof hex, d, sizeof d);
    snprintf(name, 96, "parsheet:%s", hex);
}

static bool approval_figures(machine_t *m, approval_t *out, const char **source) {
    const rules_t *r = &m->game.rules;
    if (approval_known(r, out)) {
        *source = "of the built-in pay tables";
        return true;
    }
    char name[96], *value = malloc(STORE_CACHE_LEN);
    if (!value) return false;
    bool found = false;
    store_t *s = m->game.store;
    approval_cache_name(r, name);
    if (s && store_cache_get(s, name, value, STORE_CACHE_LEN, &found) == STORE_OK && found &&
        approval_decode(value, r, out)) {
        *source = "from the cache";
        free(value);
        return true;
    }
    bool ok = approval_compute(r, 2, out);
    *source = "worked out";
    if (ok && s && approval_encode(out, value, STORE_CACHE_LEN) < STORE_CACHE_LEN &&
        store_cache_put(s, name, value) == STORE_OK)
        *source = "worked out, kept in the cache";
    free(value);
    return ok;
}

int machine_check_approval(machine_t *m, int32_t min_bp, int32_t max_bp, approval_t *figures,
                           approval_miss_t *miss, int max_miss, const char **source) {
    *source = "";
    if (!approval_figures(m, figures, source)) return -1;
    return approval_check(figures, min_bp, max_bp, miss, max_miss);
}

/* ---- the clock and the timers ---- */

int64_t machine_timer_left_ms(const machine_t *m, bool *deciding) {
    if (m->jt) return machine_table_left_ms(m, deciding); /* the table's clock */
    const rules_t *ru = &m->game.rules;
    *deciding = m->decide_timer_at > 0;
    if (m->decide_timer_at > 0)
        return (int64_t)ru->decision_seconds * 1000 - (int64_t)(m->now_ms - m->decide_timer_at);
    if (m->bet_timer_at > 0)
        return (int64_t)ru->betting_seconds * 1000 - (int64_t)(m->now_ms - m->bet_timer_at);
    return -1;
}

machine_tick_result_t machine_tick(machine_t *m, uint32_t dt_ms, bool view_busy) {
    /* the clock starts at 1 ms, so that 0 can mean "not running" */
    m->now_ms += dt_ms ? dt_ms : 0;
    if (m->now_ms == 0) m->now_ms = 1;
    game_t *g = &m->game;
    const rules_t *ru = &g->rules;
    const round_t *r = &g->round;
    if (g->state != GAME_PLAY || g->door_open) {
        m->bet_timer_at = m->decide_timer_at = 0;
        return MACHINE_TICK_NOTHING;
    }
    /* betting time starts with the first chip; decision time once the cards are seen; a
     * responsible gaming stop or a reality check holds the betting time (it would deal) */
    bool betting = r->phase == ROUND_BETTING && round_seat_staked(r, 0) > 0 &&
                   machine_rg_stopped(m, NULL) == MRG_PLAYING && !machine_rg_check_waiting(m);
    if (ru->betting_seconds > 0 && betting && m->bet_timer_at == 0) m->bet_timer_at = m->now_ms;
    if (!betting) m->bet_timer_at = 0;
    bool deciding = ru->decision_seconds > 0 && r->phase == ROUND_DECIDING &&
                    round_seat_can_decide(r, 0) && !view_busy;
    if (deciding && (m->decide_timer_at == 0 || m->decide_step != r->step)) {
        m->decide_timer_at = m->now_ms;
        m->decide_step = r->step;
    }
    if (!deciding) m->decide_timer_at = 0;
    bool dec;
    int64_t left = machine_timer_left_ms(m, &dec);
    if (left > 0 || (m->bet_timer_at == 0 && m->decide_timer_at == 0)) return MACHINE_TICK_NOTHING;
    if (dec) {
        m->decide_timer_at = 0;
        return game_act(g, round_simple(ACT_TIMEOUT, 0)).refusal ? MACHINE_TICK_NOTHING
                                                                 : MACHINE_TICK_AUTO_FOLDED;
    }
    m->bet_timer_at = 0;
    if (game_act(g, round_simple(ACT_TIMEOUT, 0)).refusal) {
        m->bet_timer_at = m->now_ms; /* the rules refused the deal: try again later */
        return MACHINE_TICK_NOTHING;
    }
    return MACHINE_TICK_DEALT;
}

/* ---- the attendant and the operator ---- */

bool machine_attendant(machine_t *m) {
    return game_attendant(&m->game);
}

void machine_operator_note(machine_t *m, const char *what) {
    if (m->game.store && !machine_faulted(m))
        store_audit(m->game.store, STORE_AUDIT_OPERATOR, what);
}

bool machine_keypad_locked(const machine_t *m) {
    return m->now_ms < m->keypad_locked_until;
}

int machine_pin_length(const machine_t *m) {
    return (int)strlen(m->entered);
}

machine_pin_t machine_pin_digit(machine_t *m, int digit) {
    if (machine_keypad_locked(m)) return MACHINE_PIN_KEYPAD_LOCKED;
    size_t n = strlen(m->entered);
    if (digit >= 0 && digit <= 9 && n + 1 < sizeof m->entered) {
        m->entered[n] = (char)('0' + digit);
        m->entered[n + 1] = '\0';
    }
    return MACHINE_PIN_TYPED;
}

machine_pin_t machine_pin_clear(machine_t *m) {
    if (machine_keypad_locked(m)) return MACHINE_PIN_KEYPAD_LOCKED;
    m->entered[0] = '\0';
    return MACHINE_PIN_TYPED;
}

machine_pin_t machine_pin_enter(machine_t *m) {
    if (machine_keypad_locked(m)) return MACHINE_PIN_KEYPAD_LOCKED;
    bool right = sodium_memcmp(m->entered, m->pin, sizeof m->pin) == 0;
    m->entered[0] = '\0';
    if (right) {
        m->wrong = 0;
        machine_operator_note(m, "operator menu opened");
        return MACHINE_PIN_OPEN;
    }
    m->wrong++;
    char d[80];
    snprintf(d, sizeof d, "wrong operator PIN (%d in a row)", m->wrong);
    machine_operator_note(m, d);
    if (m->wrong < 3) return MACHINE_PIN_WRONG;
    m->wrong = 0;
    m->keypad_locked_until = m->now_ms + MACHINE_KEYPAD_LOCK_MS;
    return MACHINE_PIN_LOCKED_NOW;
}

void machine_operator_closed(machine_t *m) {
    machine_operator_note(m, "operator menu closed");
}

bool machine_cancel_credits(machine_t *m, char *msg, size_t n) {
    game_t *g = &m->game;
    int64_t c = game_balance(g);
    char b[40];
    if (c <= 0) return say(msg, n, "%s%s", _("There are no credits to clear."), ""), false;
    if (!game_idle(g))
        return say(msg, n, "%s%s", _("Credits are cleared between games."), ""), false;
    if (!g->store) return say(msg, n, "%s%s", _("This machine has no store."), ""), false;
    if (store_credit_out(g->store, 0, STORE_OUT_CANCEL, c, "operator menu") != STORE_OK) {
        say(msg, n, "%s%s", lang_text(store_message(g->store)), "");
        return false;
    }
    g->credits = 0;
    m->rg.dirty = true; /* the session's figures: money out */
    if (!game_round_over(g)) game_new_round(g);
    if (msg && n) snprintf(msg, n, _("%s cleared (cancelled credits meter)."), game_money(g, c, b));
    return true;
}

bool machine_reseed_pool(machine_t *m, char *msg, size_t n) {
    game_t *g = &m->game;
    if (!g->store) return say(msg, n, "%s%s", _("This machine has no store."), ""), false;
    if (m->cfg.link.url[0])
        return say(msg, n, "%s%s",
                   _("A linked pool is seeded at its controller (its operator's audited "
                     "link_set_seed there), not on a machine."),
                   ""),
               false;
    int64_t added = 0;
    char b[40];
    if (store_pool_reseed(g->store, &g->rules, "operator menu", &added) != STORE_OK) {
        say(msg, n, "%s%s", lang_text(store_message(g->store)), "");
        return false;
    }
    store_pool_read(g->store, store_pool_key(&g->rules), &g->pool);
    if (msg && n)
        snprintf(msg, n, _("Jackpot reset: the house added %s."), game_money(g, added, b));
    return true;
}

bool machine_setting_set(machine_t *m, const char *section, const char *key, const char *text,
                         char *msg, size_t n) {
    cfg_t *next = malloc(sizeof *next);
    if (!next) return say(msg, n, "%s%s", "no memory", ""), false;
    *next = m->cfg;
    char err[CFG_ERROR_LEN], value[CFG_VALUE_LEN], name[96];
    bool ok = cfg_set(next, section, key, text, err, sizeof err);
    if (!ok) say(msg, n, "%s%s", err, "");
    if (ok) {
        cfg_get_text(next, section, key, value, sizeof value);
        snprintf(name, sizeof name, "%s.%s", section, key);
        /* refused with credits on the machine or a game in play */
        ok = !m->game.store || store_setting_set(m->game.store, name, value) == STORE_OK;
        if (!ok) say(msg, n, "%s%s", lang_text(store_message(m->game.store)), "");
    }
    if (ok) m->cfg = *next;
    free(next);
    return ok;
}

int machine_meters(machine_t *m, store_meter_value_t *out, int max) {
    return m->game.store ? store_meters(m->game.store, out, max) : 0;
}

bool machine_session_counts(machine_t *m, int64_t *since_power_up, int64_t *since_door) {
    *since_power_up = *since_door = 0;
    return m->game.store &&
           store_session_counts(m->game.store, since_power_up, since_door) == STORE_OK;
}

int machine_audit_rows(machine_t *m, store_audit_row_t *out, int n) {
    return m->game.store ? store_audit_read(m->game.store, out, n) : 0;
}

const char *machine_pool_key(const machine_t *m) {
    return store_pool_key(&m->game.rules);
}

bool machine_pool(machine_t *m, jackpot_pool_t *pool) {
    const char *key = store_pool_key(&m->game.rules);
    if (!key) return false;
    if (m->game.store) return store_pool_read(m->game.store, key, pool) == STORE_OK;
    *pool = m->game.pool;
    return true;
}

/* ---- attract ---- */

void machine_input_seen(machine_t *m) {
    m->idle_since = m->now_ms;
}

bool machine_attract_due(const machine_t *m) {
    const game_t *g = &m->game;
    return m->cfg.attract.enabled && g->state == GAME_PLAY && !g->door_open && game_idle(g) &&
           game_balance(g) == 0 &&
           m->now_ms - m->idle_since >= (uint64_t)m->cfg.attract.idle_seconds * 1000;
}

const char *machine_audit_words(const char *event) {
    static const char *const words[STORE_AUDIT_COUNT] = {
        [STORE_AUDIT_CONFIG_CHANGE] = N_("setting changed"),
        [STORE_AUDIT_CREDITS_ADDED] = N_("credits added"),
        [STORE_AUDIT_CREDITS_REMOVED] = N_("credits removed"),
        [STORE_AUDIT_JACKPOT_RESET] = N_("jackpot reset"),
        [STORE_AUDIT_HANDPAY_CLEARED] = N_("hand pay cleared"),
        [STORE_AUDIT_FAULT] = N_("fault"),
        [STORE_AUDIT_FAULT_CLEARED] = N_("fault cleared"),
        [STORE_AUDIT_DOOR_OPEN] = N_("door opened"),
        [STORE_AUDIT_DOOR_CLOSE] = N_("door closed"),
        [STORE_AUDIT_POWER_UP] = N_("power-up"),
        [STORE_AUDIT_ROUND_VOID] = N_("game voided"),
        [STORE_AUDIT_POOL_CREATED] = N_("pool created"),
        [STORE_AUDIT_OPERATOR] = N_("operator"),
        [STORE_AUDIT_VOUCHER_OUT] = N_("ticket printed"),
        [STORE_AUDIT_VOUCHER_IN] = N_("ticket redeemed"),
        [STORE_AUDIT_VOUCHER_REFUSED] = N_("ticket refused"),
        [STORE_AUDIT_VOUCHER_VOID] = N_("ticket voided"),
        [STORE_AUDIT_VOUCHER_REPRINT] = N_("ticket reprinted"),
        [STORE_AUDIT_VOUCHER_PRINT_FAILED] = N_("ticket not printed"),
        [STORE_AUDIT_RG_SESSION_START] = N_("session began"),
        [STORE_AUDIT_RG_SESSION_PAUSE] = N_("session paused"),
        [STORE_AUDIT_RG_SESSION_RESUME] = N_("session goes on"),
        [STORE_AUDIT_RG_SESSION_END] = N_("session ended"),
        [STORE_AUDIT_RG_LIMIT] = N_("limits"),
        [STORE_AUDIT_RG_LIMIT_REACHED] = N_("limit reached"),
        [STORE_AUDIT_RG_REALITY_CHECK] = N_("reality check"),
        [STORE_AUDIT_RG_REALITY_ANSWER] = N_("reality check answered"),
        [STORE_AUDIT_RG_COOL_OFF_START] = N_("break began"),
        [STORE_AUDIT_RG_COOL_OFF_END] = N_("break ended")};
    for (int e = 0; e < STORE_AUDIT_COUNT; e++)
        if (words[e] && strcmp(event, store_audit_name((store_audit_event_t)e)) == 0)
            return _(words[e]);
    return event;
}
