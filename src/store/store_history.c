/* The history of finished rounds, for recall and for the audit. See store.h for the contract. */
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

/* ---- history ---- */

int64_t store_history_count(store_t *s) {
    if (s->state == STORE_FAULTED) return -1;
    int64_t n;
    /* games are numbered 1..n without a gap and only the newest can be unfinished (the checks
     * hold it), so the newest finished game's number is the count, without counting */
    if (!st_q_int(s, &n, 0, "reading the history", "SELECT COALESCE(MAX(game), 0) FROM round_end"))
        return -1;
    return n;
}

static void format_utc(int64_t t, char out[32]) {
    time_t tt = (time_t)t;
    struct tm tm;
    if (gmtime_r(&tt, &tm))
        strftime(out, 32, "%Y-%m-%d %H:%M:%S UTC", &tm);
    else
        snprintf(out, 32, "%lld", (long long)t);
}

store_status_t store_history_game(store_t *s, int64_t game, store_round_record_t *rec) {
    if (s->state == STORE_FAULTED) return STORE_FAULT;
    st_start_op(s);
    round_head_t *hp = s->head_scratch;
#define h (*hp)
    memset(rec, 0, sizeof *rec);
    sqlite3_stmt *st =
        st_prep(s, "reading the history",
                "SELECT utc, status, reason, dealer, board FROM round_end WHERE game=?", "i", game);
    if (!st) return STORE_FAULT;
    int rc = sqlite3_step(st);
    if (rc != SQLITE_ROW) {
        st_finish(s, st);
        if (rc == SQLITE_DONE)
            return st_refuse(s, "Game %lld is not in the history.", (long long)game);
        st_db_fail(s, "reading the history");
        return STORE_FAULT;
    }
    rec->finished_utc = sqlite3_column_int64(st, 0);
    rec->is_void = strcmp(st_col_text(st, 1), "void") == 0;
    snprintf(rec->void_reason, sizeof rec->void_reason, "%s", st_col_text(st, 2));
    rec->ndealer = store_cards_parse(st_col_text(st, 3), rec->dealer, 5);
    rec->nboard = store_cards_parse(st_col_text(st, 4), rec->board, 3);
    st_finish(s, st);
    if (!st_load_head(s, game, &h)) return s->integrity ? st_fault(s) : STORE_FAULT;
    rec->game = game;
    rec->started_utc = h.utc;
    format_utc(rec->finished_utc, rec->finished_text);
    snprintf(rec->preset, sizeof rec->preset, "%s", h.preset);
    memcpy(rec->rules_hash, h.hash, sizeof h.hash);
    rec->rules = h.rules;
    rec->deck = h.deck;
    rec->nseats = h.nseats;
    rec->nactions = h.nactions;
    memcpy(rec->actions, h.actions, sizeof(round_action_t) * (size_t)h.nactions);
    rec->has_pool = h.has_pool;
    snprintf(rec->pool_key, sizeof rec->pool_key, "%s", h.pool_key);
    rec->pool_before = rec->pool_after = h.pool;
    for (int seat = 0; seat < h.nseats; seat++)
        memcpy(rec->seat[seat].last_stake, h.last + (size_t)seat * WAGER_COUNT,
               sizeof rec->seat[seat].last_stake);
#undef h

    st =
        st_prep(s, "reading the history",
                "SELECT seat, in_round, credits_before, credits_after, cards, hand_value, folded, "
                "auto_folded, handpay, tax, commission FROM round_seats WHERE game=? ORDER BY seat",
                "i", game);
    if (!st) return STORE_FAULT;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        int seat = sqlite3_column_int(st, 0);
        if (!st_seat_ok(seat)) continue;
        store_seat_record_t *x = &rec->seat[seat];
        x->in_round = sqlite3_column_int(st, 1);
        x->credits_before = sqlite3_column_int64(st, 2);
        x->credits_after = sqlite3_column_int64(st, 3);
        x->ncards = store_cards_parse(st_col_text(st, 4), x->cards, 5);
        x->hand_value = sqlite3_column_int(st, 5);
        x->folded = sqlite3_column_int(st, 6);
        x->auto_folded = sqlite3_column_int(st, 7);
        x->handpay = sqlite3_column_int64(st, 8);
        x->tax = sqlite3_column_int64(st, 9);
        x->commission = sqlite3_column_int64(st, 10);
    }
    st_finish(s, st);
    if (rc != SQLITE_DONE) return st_db_fail(s, "reading the history") ? STORE_OK : STORE_FAULT;

    st = st_prep(s, "reading the history",
                 "SELECT seat, wager, stake, returned, outcome FROM round_wagers WHERE game=?", "i",
                 game);
    if (!st) return STORE_FAULT;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        int seat = sqlite3_column_int(st, 0);
        wager_t w;
        round_outcome_t o;
        if (!st_seat_ok(seat) || !store_wager_from_key(st_col_text(st, 1), &w) ||
            !store_outcome_from_key(st_col_text(st, 4), &o))
            continue;
        rec->seat[seat].stake[w] = sqlite3_column_int64(st, 2);
        rec->seat[seat].returned[w] = sqlite3_column_int64(st, 3);
        rec->seat[seat].outcome[w] = o;
    }
    st_finish(s, st);
    if (rc != SQLITE_DONE) return st_db_fail(s, "reading the history") ? STORE_OK : STORE_FAULT;

    if (rec->has_pool) {
        st = st_prep(s, "reading the history",
                     "SELECT SUM(value), SUM(reserve), SUM(contributed), SUM(seeded), SUM(paid), "
                     "SUM(hits) FROM pool_journal WHERE game=? AND why='round'",
                     "i", game);
        if (!st) return STORE_FAULT;
        if (sqlite3_step(st) == SQLITE_ROW) {
            jackpot_pool_t *p = &rec->pool_after;
            p->value += sqlite3_column_int64(st, 0);
            p->reserve += sqlite3_column_int64(st, 1);
            p->contributed += sqlite3_column_int64(st, 2);
            p->seeded += sqlite3_column_int64(st, 3);
            p->paid += sqlite3_column_int64(st, 4);
            p->hits += sqlite3_column_int64(st, 5);
        }
        st_finish(s, st);
    }
    return STORE_OK;
}

store_status_t store_history(store_t *s, int n, int64_t offset, store_round_record_t *out,
                             int *count) {
    st_start_op(s);
    *count = 0;
    if (n <= 0) return STORE_OK;
    int64_t *games = calloc((size_t)n, sizeof *games);
    if (!games) return st_refuse(s, "no memory for the history");
    sqlite3_stmt *st = st_prep(s, "reading the history",
                               "SELECT game FROM round_end ORDER BY game DESC LIMIT ? OFFSET ?",
                               "ii", (int64_t)n, offset);
    if (!st) {
        free(games);
        return STORE_FAULT;
    }
    int k = 0;
    while (k < n && sqlite3_step(st) == SQLITE_ROW) games[k++] = sqlite3_column_int64(st, 0);
    st_finish(s, st);
    for (int i = 0; i < k; i++) {
        store_status_t r = store_history_game(s, games[i], &out[i]);
        if (r != STORE_OK) {
            free(games);
            return r;
        }
    }
    free(games);
    *count = k;
    return STORE_OK;
}

store_status_t store_round_replay(const store_round_record_t *rec, round_t *r, jackpot_pool_t *pool,
                                  char *err, size_t errlen) {
    char e[160];
    int64_t credits[RULES_MAX_SEATS], last[RULES_MAX_SEATS * WAGER_COUNT];
    for (int seat = 0; seat < rec->nseats && seat < RULES_MAX_SEATS; seat++) {
        credits[seat] = rec->seat[seat].credits_before;
        memcpy(last + (size_t)seat * WAGER_COUNT, rec->seat[seat].last_stake,
               sizeof rec->seat[seat].last_stake);
    }
    *pool = rec->pool_before;
    if (!round_init(r, &rec->rules, &rec->deck, rec->nseats, credits, last,
                    rec->has_pool ? pool : NULL, e, sizeof e)) {
        snprintf(err, errlen, "%s", e);
        return STORE_FAULT;
    }
    for (int i = 0; i < rec->nactions; i++) {
        round_status_t st = round_apply(r, &rec->actions[i]);
        if (st.refusal) {
            snprintf(err, errlen, "action %d refused: %s", i + 1, st.message);
            return STORE_FAULT;
        }
    }
    if (rec->is_void && r->phase != ROUND_SETTLED && r->phase != ROUND_VOID) {
        round_action_t v = round_simple(ACT_VOID, 0);
        round_apply(r, &v);
    }
    for (int seat = 0; seat < rec->nseats; seat++) {
        const store_seat_record_t *x = &rec->seat[seat];
        const round_seat_t *y = &r->seat[seat];
        for (int w = 0; w < WAGER_COUNT; w++) {
            bool match = x->stake[w] == y->stake[w];
            if (!rec->is_void)
                match = match && x->returned[w] == y->returned[w] && x->outcome[w] == y->outcome[w];
            if (!match) {
                snprintf(err, errlen, "seat %d %s differs", seat + 1, wager_key((wager_t)w));
                return STORE_FAULT;
            }
        }
        if (x->in_round != y->in_round || x->ncards != y->ncards ||
            memcmp(x->cards, y->cards, (size_t)x->ncards) != 0) {
            snprintf(err, errlen, "seat %d's cards differ", seat + 1);
            return STORE_FAULT;
        }
        if (!rec->is_void && x->credits_after != y->credits) {
            snprintf(err, errlen, "seat %d's credits differ", seat + 1);
            return STORE_FAULT;
        }
    }
    if (!rec->is_void && rec->has_pool && !st_same_pool(pool, &rec->pool_after)) {
        snprintf(err, errlen, "the pool differs");
        return STORE_FAULT;
    }
    return STORE_OK;
}
