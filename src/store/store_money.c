/* Credits in and out, meters by name, the door, and the jackpot pools. See store.h for the
 * contract. */
#define _POSIX_C_SOURCE 200809L
#include "store_internal.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

/* ---- money ---- */

store_status_t store_credits(store_t *s, int seat, int64_t *credits) {
    if (s->state == STORE_FAULTED) return STORE_FAULT; /* never tampered figures as credits */
    st_start_op(s);
    *credits = 0;
    if (!st_seat_ok(seat)) return st_refuse(s, "There is no seat %d.", seat + 1);
    bool exists;
    if (!st_read_value(s, "credits", "seat", st_sv_int(seat), credits, &exists))
        return s->integrity ? st_fault(s) : STORE_FAULT;
    return STORE_OK;
}

static const char *const IN_METERS[] = {"coin_in", "bill_in", "voucher_in", "attendant_in"};
static const char *const OUT_METERS[] = {"credit_out", "handpaid_credits", "cancelled_credits"};

store_status_t store_credit_in(store_t *s, int seat, store_credit_in_t kind, int64_t amount,
                               const char *detail) {
    st_start_op(s);
    store_status_t g = st_need_idle(s, "Adding credits");
    if (g != STORE_OK) return g;
    if (!st_seat_ok(seat) || kind < STORE_IN_COIN || kind > STORE_IN_ATTENDANT || amount <= 0 ||
        amount > (int64_t)1e15)
        return st_refuse(s, "Credits in: bad seat, kind or amount.");
    if (kind == STORE_IN_VOUCHER)
        return st_refuse(s, "A ticket comes in through the ticket register (store_ticket_redeem).");
    int64_t game = 0;
    bool ok = st_tx_begin(s) && st_last_game(s, &game) &&
              st_meter_add(s, game, seat, IN_METERS[kind], amount);
    if (ok && kind == STORE_IN_ATTENDANT)
        ok = st_audit_add(s, "credits-added", game, seat, amount, detail);
    if (!(ok && st_tx_commit(s))) return st_write_failed(s, false);
    return STORE_OK;
}

store_status_t store_credit_out(store_t *s, int seat, store_credit_out_t kind, int64_t amount,
                                const char *detail) {
    st_start_op(s);
    store_status_t g = st_need_idle(s, "A cash-out");
    if (g != STORE_OK) return g;
    if (!st_seat_ok(seat) || kind < STORE_OUT_CASHOUT || kind > STORE_OUT_CANCEL || amount <= 0)
        return st_refuse(s, "Credits out: bad seat, kind or amount.");
    int64_t have;
    if (store_credits(s, seat, &have) != STORE_OK) return STORE_FAULT;
    if (amount > have)
        return st_refuse(s, "Seat %d has %lld credits; %lld cannot be paid out.", seat + 1,
                         (long long)have, (long long)amount);
    int64_t game = 0;
    bool ok = st_tx_begin(s) && st_last_game(s, &game) &&
              st_meter_add(s, game, seat, OUT_METERS[kind], amount);
    if (ok && kind != STORE_OUT_CASHOUT)
        ok = st_audit_add(s, kind == STORE_OUT_HANDPAY ? "handpaid-credits" : "credits-removed",
                          game, seat, amount, detail);
    if (!(ok && st_tx_commit(s))) return st_write_failed(s, false);
    return STORE_OK;
}

store_status_t store_meter(store_t *s, const char *name, int64_t *value) {
    if (s->state == STORE_FAULTED) return STORE_FAULT;
    st_start_op(s);
    bool exists;
    if (!st_read_value(s, "meters", "name", st_sv_text(name), value, &exists))
        return s->integrity ? st_fault(s) : STORE_FAULT;
    return STORE_OK;
}

int store_meters(store_t *s, store_meter_value_t *out, int max) {
    if (s->state == STORE_FAULTED) return -1;
    st_start_op(s);
    sqlite3_stmt *st =
        st_prep(s, "reading the meters", "SELECT name, value, mac FROM meters ORDER BY name", NULL);
    if (!st) return -1;
    int n = 0, rc;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW && n < max) {
        if (!st_mac_check_row(s, "meters", st, 0, NULL, NULL)) {
            st_broken(s,
                      "The meter '%s' fails its checksum: the database was changed outside the "
                      "game. Play is stopped; an attendant calls a technician.",
                      st_col_text(st, 0));
            st_finish(s, st);
            st_fault(s);
            return -1;
        }
        snprintf(out[n].name, sizeof out[n].name, "%s", st_col_text(st, 0));
        out[n].value = sqlite3_column_int64(st, 1);
        n++;
    }
    st_finish(s, st);
    if (rc != SQLITE_DONE && rc != SQLITE_ROW) {
        st_db_fail(s, "reading the meters");
        return -1;
    }
    return n;
}

static bool games_since(store_t *s, const char *event, int64_t *n) {
    char sql[320];
    snprintf(sql, sizeof sql,
             "SELECT COUNT(*) FROM round_end WHERE status='settled' AND game > COALESCE((SELECT "
             "game FROM audit WHERE event='%s' ORDER BY id DESC LIMIT 1), 0)",
             event);
    return st_q_int(s, n, 0, "reading the session meters", sql);
}

store_status_t store_session_counts(store_t *s, int64_t *since_power_up, int64_t *since_door) {
    if (s->state == STORE_FAULTED) return STORE_FAULT;
    st_start_op(s);
    if (!games_since(s, "power-up", since_power_up) || !games_since(s, "door-close", since_door))
        return STORE_FAULT;
    return STORE_OK;
}

store_status_t store_door(store_t *s, bool open) {
    st_start_op(s);
    store_status_t g = st_need_writable(s);
    if (g != STORE_OK) return g;
    int64_t game = 0;
    bool ok = st_tx_begin(s) && st_last_game(s, &game) &&
              st_audit_add(s, open ? "door-open" : "door-close", game, 0, 0, "") &&
              (!open || st_meter_add(s, game, 0, "door_openings", 1)) && st_tx_commit(s);
    if (!ok) return st_write_failed(s, s->game != 0);
    return STORE_OK;
}

/* ---- pools ---- */

const char *store_pool_key(const rules_t *rules) {
    static const char *const jackpot[PRESET_COUNT] = {
        "caribbean-classic/jackpot", "caribbean-live/jackpot", "caribbean-us/jackpot",
        "casino-stud-uk/jackpot",    "cajun/jackpot",          "asian/jackpot"};
    static const char *const progressive[PRESET_COUNT] = {
        "caribbean-classic/progressive", "caribbean-live/progressive", "caribbean-us/progressive",
        "casino-stud-uk/progressive",    "cajun/progressive",          "asian/progressive"};
    if (rules->preset < 0 || rules->preset >= PRESET_COUNT) return NULL;
    if (rules->offered[WAGER_JACKPOT]) return jackpot[rules->preset];
    if (rules->offered[WAGER_PROGRESSIVE]) return progressive[rules->preset];
    return NULL;
}

store_status_t store_pool_read(store_t *s, const char *key, jackpot_pool_t *pool) {
    if (s->state == STORE_FAULTED) return STORE_FAULT;
    st_start_op(s);
    bool exists;
    if (!st_pool_get(s, key, pool, &exists)) return s->integrity ? st_fault(s) : STORE_FAULT;
    if (!exists) return st_refuse(s, "There is no jackpot pool '%s'.", key);
    return STORE_OK;
}

store_status_t store_pool_for_rules(store_t *s, const rules_t *rules, jackpot_pool_t *pool) {
    if (s->state == STORE_FAULTED) return STORE_FAULT;
    st_start_op(s);
    memset(pool, 0, sizeof *pool);
    const char *key = store_pool_key(rules);
    if (!key) return st_refuse(s, "These rules offer no jackpot.");
    bool exists;
    if (!st_pool_get(s, key, pool, &exists)) return s->integrity ? st_fault(s) : STORE_FAULT;
    if (exists) return STORE_OK;
    store_status_t g = st_need_writable(s);
    if (g != STORE_OK) return g;
    int64_t seed = rules->offered[WAGER_JACKPOT] ? rules->jackpot_seed : rules->progressive_reset;
    jackpot_pool_t zero = {0};
    jackpot_init(pool, seed);
    char detail[96];
    snprintf(detail, sizeof detail, "%s seeded with %lld", key, (long long)seed);
    int64_t game = 0;
    bool ok = st_tx_begin(s) && st_last_game(s, &game) &&
              st_pool_put(s, key, &zero, pool, game, "created") &&
              st_audit_add(s, "pool-created", game, 0, seed, detail) && st_tx_commit(s);
    if (!ok) return st_write_failed(s, s->game != 0);
    return STORE_OK;
}

store_status_t store_pool_reseed(store_t *s, const rules_t *rules, const char *detail,
                                 int64_t *added) {
    st_start_op(s);
    *added = 0;
    store_status_t g = st_need_idle(s, "A jackpot reset");
    if (g != STORE_OK) return g;
    const char *key = store_pool_key(rules);
    if (!key) return st_refuse(s, "This game offers no jackpot.");
    jackpot_pool_t old, now;
    bool exists;
    if (!st_pool_get(s, key, &old, &exists)) return s->integrity ? st_fault(s) : STORE_FAULT;
    if (!exists) return st_refuse(s, "The pool '%s' does not exist yet.", key);
    int64_t seed = rules->offered[WAGER_JACKPOT] ? rules->jackpot_seed : rules->progressive_reset;
    int64_t shown = jackpot_read(&old);
    if (shown >= seed)
        return st_refuse(s,
                         "The pool shows %lld, at or above its seed of %lld: a jackpot never goes "
                         "down except by a recorded win.",
                         (long long)shown, (long long)seed);
    now = old;
    now.value += (seed - shown) * JACKPOT_FRAC;
    now.seeded += seed - shown;
    char d[STORE_MSG_LEN];
    snprintf(d, sizeof d, "%s raised from %lld to its seed %lld by the house (%s)", key,
             (long long)shown, (long long)seed, detail ? detail : "");
    int64_t game = 0;
    bool ok = st_tx_begin(s) && st_last_game(s, &game) &&
              st_pool_put(s, key, &old, &now, game, "reseed") &&
              st_audit_add(s, "jackpot-reset", game, 0, seed - shown, d) && st_tx_commit(s);
    if (!ok) return st_write_failed(s, false);
    *added = seed - shown;
    return STORE_OK;
}

store_status_t store_next_ticket(store_t *s, int64_t *number) {
    st_start_op(s);
    int64_t used = 0;
    bool exists;
    if (s->state == STORE_FAULTED) return st_need_writable(s);
    if (!st_read_value(s, "meters", "name", st_sv_text("ticket_numbers"), &used, &exists))
        return st_fault(s);
    *number = used + 1;
    return STORE_OK;
}

store_status_t store_door_state(store_t *s, bool *open) {
    if (s->state == STORE_FAULTED) return STORE_FAULT;
    st_start_op(s);
    *open = false;
    sqlite3_stmt *st = st_prep(s, "reading the door",
                               "SELECT event FROM audit WHERE event IN ('door-open', 'door-close') "
                               "ORDER BY id DESC LIMIT 1",
                               NULL);
    if (!st) return STORE_FAULT;
    int rc = sqlite3_step(st);
    if (rc == SQLITE_ROW) *open = strcmp(st_col_text(st, 0), "door-open") == 0;
    st_finish(s, st);
    return rc == SQLITE_ROW || rc == SQLITE_DONE ? STORE_OK
                                                 : (st_db_fail(s, "reading the door"), STORE_FAULT);
}
