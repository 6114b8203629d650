/* The round in play: recorded, rebuilt after a start, finished or voided. See store.h for the
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

/* ---- the round in play ---- */

static bool replay_into(store_t *s, round_t *r, const rules_t *rules, const deck_t *deck,
                        int nseats, const int64_t *credits, const int64_t *last,
                        jackpot_pool_t *pool, const round_action_t *acts, int nacts) {
    char err[160];
    if (!round_init(r, rules, deck, nseats, credits, last, pool, err, sizeof err))
        return st_broken(s,
                         "Game %lld cannot be rebuilt: %s. Play is stopped; an attendant calls a "
                         "technician.",
                         (long long)s->game, err);
    for (int i = 0; i < nacts; i++) {
        round_status_t st = round_apply(r, &acts[i]);
        if (st.refusal)
            return st_broken(s,
                             "Game %lld cannot be rebuilt: its recorded action %d (%s) is refused "
                             "on replay (%s). Play is stopped; an attendant calls a technician.",
                             (long long)s->game, i + 1, store_action_name(acts[i].type),
                             st.message);
    }
    return true;
}

static bool load_rules(store_t *s, const uint8_t *hash, int hashlen, rules_t *out) {
    sqlite3_stmt *st = st_prep(s, "reading the rules of a round",
                               "SELECT data FROM rules WHERE hash=?", "b", hash, hashlen);
    if (!st) return false;
    int rc = sqlite3_step(st);
    bool ok = false;
    if (rc == SQLITE_ROW) {
        ok = store_rules_decode(sqlite3_column_blob(st, 0), (size_t)sqlite3_column_bytes(st, 0),
                                out);
        /* the key is the hash of the recorded bytes, in whichever encoding they were written */
        uint8_t h[STORE_HASH_BYTES];
        crypto_generichash(h, STORE_HASH_BYTES, sqlite3_column_blob(st, 0),
                           (size_t)sqlite3_column_bytes(st, 0), NULL, 0);
        if (!ok || hashlen != STORE_HASH_BYTES || memcmp(h, hash, STORE_HASH_BYTES) != 0)
            ok = st_broken(s, "The recorded rules of a round cannot be read back.");
    } else {
        ok = rc == SQLITE_DONE ? st_broken(s, "The rules of a recorded round are missing.")
                               : st_db_fail(s, "reading the rules of a round");
    }
    st_finish(s, st);
    return ok;
}

bool st_load_head(store_t *s, int64_t game, round_head_t *h) {
    memset(h, 0, sizeof *h);
    h->game = game;
    sqlite3_stmt *st =
        st_prep(s, "reading a round", "SELECT * FROM round_start WHERE game=?", "i", game);
    if (!st) return false;
    int rc = sqlite3_step(st);
    if (rc != SQLITE_ROW) {
        st_finish(s, st);
        return rc == SQLITE_DONE ? st_broken(s, "Game %lld is missing.", (long long)game)
                                 : st_db_fail(s, "reading a round");
    }
    h->utc = sqlite3_column_int64(st, 1);
    snprintf(h->preset, sizeof h->preset, "%s", st_col_text(st, 2));
    int hl = sqlite3_column_bytes(st, 3);
    if (hl == STORE_HASH_BYTES) memcpy(h->hash, sqlite3_column_blob(st, 3), STORE_HASH_BYTES);
    h->nseats = sqlite3_column_int(st, 4);
    h->deck.count = store_cards_parse(st_col_text(st, 5), h->deck.cards, DECK_MAX);
    h->has_pool = sqlite3_column_type(st, 6) != SQLITE_NULL;
    snprintf(h->pool_key, sizeof h->pool_key, "%s", st_col_text(st, 6));
    h->pool.value = sqlite3_column_int64(st, 7);
    h->pool.reserve = sqlite3_column_int64(st, 8);
    h->pool.contributed = sqlite3_column_int64(st, 9);
    h->pool.seeded = sqlite3_column_int64(st, 10);
    h->pool.paid = sqlite3_column_int64(st, 11);
    h->pool.hits = sqlite3_column_int64(st, 12);
    st_finish(s, st);
    if (hl != STORE_HASH_BYTES || h->deck.count < 0 || h->nseats < 1 || h->nseats > RULES_MAX_SEATS)
        return st_broken(s, "Game %lld's record cannot be read back.", (long long)game);
    if (!load_rules(s, h->hash, STORE_HASH_BYTES, &h->rules)) return false;

    st = st_prep(s, "reading a round",
                 "SELECT seat, credits, last_stakes FROM round_start_seats "
                 "WHERE game=? ORDER BY seat",
                 "i", game);
    if (!st) return false;
    int n = 0;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        int seat = sqlite3_column_int(st, 0);
        if (seat != n || seat >= h->nseats ||
            !store_stakes_parse(st_col_text(st, 2), h->last + (size_t)seat * WAGER_COUNT)) {
            st_finish(s, st);
            return st_broken(s, "Game %lld's seats cannot be read back.", (long long)game);
        }
        h->credits[seat] = sqlite3_column_int64(st, 1);
        n++;
    }
    st_finish(s, st);
    if (rc != SQLITE_DONE) return st_db_fail(s, "reading a round");
    if (n != h->nseats) return st_broken(s, "Game %lld's seats are missing.", (long long)game);

    st = st_prep(s, "reading a round",
                 "SELECT idx, type, seat, wager, multiple, amount FROM round_actions WHERE game=? "
                 "ORDER BY idx",
                 "i", game);
    if (!st) return false;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        int type;
        wager_t w = WAGER_ANTE;
        bool ok = sqlite3_column_int(st, 0) == h->nactions && h->nactions < STORE_MAX_ACTIONS &&
                  store_action_from_name(st_col_text(st, 1), &type);
        if (ok && sqlite3_column_type(st, 3) != SQLITE_NULL)
            ok = store_wager_from_key(st_col_text(st, 3), &w);
        if (!ok) {
            st_finish(s, st);
            return st_broken(s, "Game %lld's actions cannot be read back.", (long long)game);
        }
        round_action_t *a = &h->actions[h->nactions++];
        a->type = (uint8_t)type;
        a->seat = (uint8_t)sqlite3_column_int(st, 2);
        a->wager = (uint8_t)w;
        a->multiple = (uint8_t)sqlite3_column_int(st, 4);
        a->amount = sqlite3_column_int64(st, 5);
    }
    st_finish(s, st);
    if (rc != SQLITE_DONE) return st_db_fail(s, "reading a round");
    return true;
}

static void forget_round(store_t *s) {
    s->game = 0;
    s->nactions = 0;
    s->has_pool = false;
}

bool st_load_in_play(store_t *s) {
    int64_t game;
    if (!st_q_int(s, &game, 0, "reading the round in play",
                  /* only the newest round can be in play (the checks find an older one left
                   * unfinished) */
                  "SELECT MAX(game) FROM round_start WHERE game = (SELECT MAX(game) FROM "
                  "round_start) AND NOT EXISTS (SELECT 1 FROM round_end e WHERE e.game = "
                  "round_start.game)"))
        return false;
    forget_round(s);
    if (!game) return true;
    round_head_t *hp = s->head_scratch;
#define h (*hp)
    if (!st_load_head(s, game, &h)) return false;
    s->game = game;
    s->rules = h.rules;
    memcpy(s->rules_hash, h.hash, sizeof h.hash);
    s->has_pool = h.has_pool;
    snprintf(s->pool_key, sizeof s->pool_key, "%s", h.pool_key);
    s->pool_begin = s->pool = h.pool;
    s->nactions = h.nactions;
    memcpy(s->actions, h.actions, sizeof(round_action_t) * (size_t)h.nactions);
    return replay_into(s, s->shadow, &s->rules, &h.deck, h.nseats, h.credits, h.last,
                       s->has_pool ? &s->pool : NULL, h.actions, h.nactions);
#undef h
}

/* ---- the round ---- */

bool st_same_pool(const jackpot_pool_t *a, const jackpot_pool_t *b) {
    return a->value == b->value && a->reserve == b->reserve && a->contributed == b->contributed &&
           a->seeded == b->seeded && a->paid == b->paid && a->hits == b->hits;
}

store_status_t store_round_begin(store_t *s, const round_t *r, int64_t *game) {
    st_start_op(s);
    *game = 0;
    store_status_t g = st_need_idle(s, "A new game");
    if (g != STORE_OK) return g;
    if (r->phase != ROUND_BETTING || !r->rules)
        return st_refuse(s, "A round is recorded before its first bet.");
    for (int seat = 0; seat < r->nseats; seat++) {
        if (round_seat_staked(r, seat) != 0)
            return st_refuse(s, "A round is recorded before its first bet.");
        int64_t have;
        if (store_credits(s, seat, &have) != STORE_OK)
            return s->integrity ? st_fault(s) : STORE_FAULT;
        if (have != r->seat[seat].credits)
            return st_refuse(s, "Seat %d: the game has %lld credits but the machine has %lld.",
                             seat + 1, (long long)r->seat[seat].credits, (long long)have);
    }
    const rules_t *ru = r->rules;
    const char *pool_key = store_pool_key(ru);
    jackpot_pool_t pool = {0};
    if (pool_key) {
        bool exists;
        if (!st_pool_get(s, pool_key, &pool, &exists))
            return s->integrity ? st_fault(s) : STORE_FAULT;
        if (!exists || !r->pool || !st_same_pool(&pool, r->pool))
            return st_refuse(s,
                             "The round's jackpot pool is not the stored pool '%s' (read it with "
                             "store_pool_for_rules).",
                             pool_key);
    }

    uint8_t blob[STORE_RULES_MAX_BYTES], hash[STORE_HASH_BYTES];
    size_t blen = store_rules_encode(ru, blob, sizeof blob);
    store_rules_hash(ru, hash);
    char deck[DECK_MAX * 3 + 1];
    store_cards_text(r->deck.cards, r->deck.count, deck, sizeof deck);

    int64_t g_no = 0, have_rules = 0;
    bool ok = st_tx_begin(s) && st_last_game(s, &g_no);
    g_no++;
    if (ok) {
        sqlite3_stmt *st =
            st_prep(s, "recording the rules", "SELECT COUNT(*) FROM rules WHERE hash=?", "b", hash,
                    STORE_HASH_BYTES);
        ok = st && sqlite3_step(st) == SQLITE_ROW;
        if (ok)
            have_rules = sqlite3_column_int64(st, 0);
        else if (st)
            st_db_fail(s, "recording the rules");
        st_finish(s, st);
    }
    if (ok && !have_rules) {
        sv_t row[] = {st_sv_blob(hash, STORE_HASH_BYTES), st_sv_text(rules_preset_key(ru->preset)),
                      st_sv_blob(blob, (int)blen)};
        ok = st_row_insert(s, "rules", row, 3, "recording the rules");
    }
    if (ok) {
        sv_t row[] = {st_sv_int(g_no),
                      st_sv_int(st_now_utc()),
                      st_sv_text(rules_preset_key(ru->preset)),
                      st_sv_blob(hash, STORE_HASH_BYTES),
                      st_sv_int(r->nseats),
                      st_sv_text(deck),
                      st_sv_text(pool_key),
                      st_sv_int(pool.value),
                      st_sv_int(pool.reserve),
                      st_sv_int(pool.contributed),
                      st_sv_int(pool.seeded),
                      st_sv_int(pool.paid),
                      st_sv_int(pool.hits)};
        ok = st_row_insert(s, "round_start", row, 13, "recording the deck of a new game");
    }
    for (int seat = 0; ok && seat < r->nseats; seat++) {
        char last[256];
        store_stakes_text(r->seat[seat].last_stake, last, sizeof last);
        sv_t row[] = {st_sv_int(g_no), st_sv_int(seat), st_sv_int(r->seat[seat].credits),
                      st_sv_text(last)};
        ok = st_row_insert(s, "round_start_seats", row, 4, "recording a new game");
    }
    if (!(ok && st_tx_commit(s))) return st_write_failed(s, false);

    /* the store's own copy of the round, for checking and recovery */
    s->game = g_no;
    s->rules = *ru;
    memcpy(s->rules_hash, hash, sizeof hash);
    s->has_pool = pool_key != NULL;
    snprintf(s->pool_key, sizeof s->pool_key, "%s", pool_key ? pool_key : "");
    s->pool = s->pool_begin = pool;
    s->nactions = 0;
    int64_t credits[RULES_MAX_SEATS], last[RULES_MAX_SEATS * WAGER_COUNT];
    for (int seat = 0; seat < r->nseats; seat++) {
        credits[seat] = r->seat[seat].credits;
        memcpy(last + (size_t)seat * WAGER_COUNT, r->seat[seat].last_stake,
               sizeof r->seat[seat].last_stake);
    }
    if (!replay_into(s, s->shadow, &s->rules, &r->deck, r->nseats, credits, last,
                     s->has_pool ? &s->pool : NULL, NULL, 0))
        return st_fault(s);
    s->state = STORE_IN_PLAY;
    *game = g_no;
    return STORE_OK;
}

store_status_t store_round_action(store_t *s, const round_action_t *a, round_status_t *why) {
    st_start_op(s);
    if (why) memset(why, 0, sizeof *why);
    store_status_t g = st_need_writable(s);
    if (g != STORE_OK) return g;
    if (!s->game) return st_refuse(s, "No game is in play.");
    if (a->type == ACT_VOID) return st_refuse(s, "A round is voided with store_round_void.");
    /* the bets may change only so often in one game; the deal and the decisions always have
     * room after them, so a round can always be finished */
    bool betting = a->type == ACT_BET || a->type == ACT_UNDO || a->type == ACT_CLEAR ||
                   a->type == ACT_REPEAT || a->type == ACT_DOUBLE;
    /* ...and a seat whose felt is empty may still place a bet, or the round could never deal */
    bool first_bet = (a->type == ACT_BET || a->type == ACT_REPEAT) && a->seat < s->shadow->nseats &&
                     round_seat_staked(s->shadow, a->seat) == 0;
    int room = !betting ? 0 : first_bet ? STORE_DECISION_ROOM / 2 : STORE_DECISION_ROOM;
    if (s->nactions >= STORE_MAX_ACTIONS - room) {
        if (why) {
            why->refusal = REFUSE_NOT_NOW;
            snprintf(why->message, sizeof why->message,
                     "The bets were changed too often in this game: deal them as they stand.");
        }
        return st_refuse(s, "The bets of game %lld were changed %d times: deal them as they stand.",
                         (long long)s->game, s->nactions);
    }
    memcpy(s->backup, s->shadow, sizeof *s->backup);
    s->pool_backup = s->pool;
    round_status_t rs = round_apply(s->shadow, a);
    if (rs.refusal) {
        memcpy(s->shadow, s->backup, sizeof *s->shadow);
        s->pool = s->pool_backup;
        if (why) *why = rs;
        return st_refuse(s, "%s", rs.message);
    }
    const char *wager = a->type == ACT_BET ? wager_key((wager_t)a->wager) : NULL;
    sv_t row[] = {st_sv_int(s->game),      st_sv_int(s->nactions),
                  st_sv_int(st_now_utc()), st_sv_text(store_action_name(a->type)),
                  st_sv_int(a->seat),      st_sv_text(wager),
                  st_sv_int(a->multiple),  st_sv_int(a->amount)};
    bool ok = st_tx_begin(s) &&
              st_row_insert(s, "round_actions", row, 8, "recording a player's action") &&
              st_tx_commit(s);
    if (!ok) {
        memcpy(s->shadow, s->backup, sizeof *s->shadow);
        s->pool = s->pool_backup;
        return st_write_failed(s, true);
    }
    s->actions[s->nactions++] = *a;
    return STORE_OK;
}

/* The game's own round against the store's. */
static bool same_round(const round_t *a, const round_t *b) {
    if (a->phase != b->phase || a->nseats != b->nseats) return false;
    for (int seat = 0; seat < a->nseats; seat++) {
        const round_seat_t *x = &a->seat[seat], *y = &b->seat[seat];
        if (x->in_round != y->in_round || x->credits != y->credits || x->ncards != y->ncards ||
            memcmp(x->stake, y->stake, sizeof x->stake) != 0 ||
            memcmp(x->returned, y->returned, sizeof x->returned) != 0 ||
            memcmp(x->outcome, y->outcome, sizeof x->outcome) != 0 ||
            memcmp(x->cards, y->cards, (size_t)x->ncards) != 0)
            return false;
    }
    if ((a->pool == NULL) != (b->pool == NULL)) return false;
    return !a->pool || st_same_pool(a->pool, b->pool);
}

static int64_t seat_event_sum(const round_t *r, round_event_type_t type, int seat) {
    int64_t t = 0;
    for (int i = 0; i < r->nevents; i++)
        if (r->events[i].type == type && r->events[i].seat == seat) t += r->events[i].amount;
    return t;
}

/* The history rows of the round in play: end, seats, wagers. */
static bool write_history(store_t *s, bool is_void, const char *reason) {
    const round_t *r = s->shadow;
    bool dealt = false;
    for (int seat = 0; seat < r->nseats; seat++) dealt |= r->seat[seat].in_round;
    char dealer[20] = "", board[12] = "";
    if (dealt && r->rules->variant != VARIANT_CAJUN)
        store_cards_text(r->dealer, 5, dealer, sizeof dealer);
    if (dealt && r->rules->variant == VARIANT_CAJUN)
        store_cards_text(r->board, 3, board, sizeof board);
    sv_t end[] = {
        st_sv_int(s->game), st_sv_int(st_now_utc()), st_sv_text(is_void ? "void" : "settled"),
        st_sv_text(reason), st_sv_text(dealer),      st_sv_text(board)};
    if (!st_row_insert(s, "round_end", end, 6, "recording the end of a game")) return false;
    for (int seat = 0; seat < r->nseats; seat++) {
        const round_seat_t *x = &r->seat[seat];
        char cards[20];
        store_cards_text(x->cards, x->ncards, cards, sizeof cards);
        int64_t after = is_void ? x->credits_start : x->credits;
        int64_t handpay = is_void ? 0 : seat_event_sum(r, EV_HANDPAY, seat);
        int64_t tax = is_void ? 0 : seat_event_sum(r, EV_TAX_FLAG, seat);
        sv_t row[] = {st_sv_int(s->game),
                      st_sv_int(seat),
                      st_sv_int(x->in_round),
                      st_sv_int(x->credits_start),
                      st_sv_int(after),
                      st_sv_text(cards),
                      st_sv_int(x->hand_value),
                      st_sv_int(x->folded),
                      st_sv_int(x->auto_folded),
                      st_sv_int(handpay),
                      st_sv_int(tax),
                      st_sv_int(is_void ? 0 : x->commission)};
        if (!st_row_insert(s, "round_seats", row, 12, "recording a seat's result")) return false;
        for (int w = 0; w < WAGER_COUNT; w++) {
            if (!x->stake[w]) continue;
            int64_t back = is_void ? x->stake[w] : x->returned[w];
            round_outcome_t o = is_void ? OUTCOME_REFUND : x->outcome[w];
            sv_t wr[] = {st_sv_int(s->game),     st_sv_int(seat), st_sv_text(wager_key((wager_t)w)),
                         st_sv_int(x->stake[w]), st_sv_int(back), st_sv_text(store_outcome_key(o))};
            if (!st_row_insert(s, "round_wagers", wr, 6, "recording a wager's result"))
                return false;
        }
    }
    return true;
}

store_status_t store_round_finish(store_t *s, const round_t *app) {
    st_start_op(s);
    store_status_t g = st_need_writable(s);
    if (g != STORE_OK) return g;
    if (!s->game) return st_refuse(s, "No game is in play.");
    const round_t *r = s->shadow;
    if (r->phase != ROUND_SETTLED)
        return st_refuse(s, "Game %lld is not over yet.", (long long)s->game);
    if (app && !same_round(app, r)) {
        snprintf(s->msg, sizeof s->msg,
                 "Game %lld in the game's memory differs from its recorded actions: a memory "
                 "fault. The game must be voided (stakes refunded) and the machine checked.",
                 (long long)s->game);
        s->state = STORE_WRITE_FAILED;
        memcpy(s->fault, s->msg, sizeof s->fault);
        return STORE_FAULT;
    }
    int64_t game = s->game;
    bool ok = st_tx_begin(s) && write_history(s, false, NULL);
    /* the pool: only over the pool the round started from (a linked pool may have moved) */
    if (ok && s->has_pool) {
        jackpot_pool_t stored;
        bool exists;
        ok = st_pool_get(s, s->pool_key, &stored, &exists);
        if (ok && (!exists || !st_same_pool(&stored, &s->pool_begin)))
            ok = st_broken(s, "The jackpot pool '%s' changed while game %lld was in play.",
                           s->pool_key, (long long)game);
        ok = ok && st_pool_put(s, s->pool_key, &s->pool_begin, &s->pool, game, "round");
    }
    ok = ok && st_link_queue_round(s, game, r ? r : s->shadow);
    for (int seat = 0; ok && seat < r->nseats; seat++) {
        const round_seat_t *x = &r->seat[seat];
        int64_t staked = 0, back = 0;
        for (int w = 0; ok && w < WAGER_COUNT; w++) {
            if (!x->stake[w]) continue;
            staked += x->stake[w];
            back += x->returned[w];
            ok = st_wager_meter(s, game, seat, "wagered", (wager_t)w, x->stake[w]) &&
                 st_wager_meter(s, game, seat, "won", (wager_t)w, x->returned[w]);
        }
        if (ok && x->in_round) ok = st_meter_add(s, game, seat, "games_played", 1);
        if (ok && back > staked) ok = st_meter_add(s, game, seat, "games_won", 1);
        if (ok && x->handpay) {
            char reason[128];
            int64_t win = seat_event_sum(r, EV_HANDPAY, seat);
            snprintf(reason, sizeof reason, "hand pay of %lld on seat %d, game %lld",
                     (long long)win, seat + 1, (long long)game);
            ok = st_lock_add(s, "handpay", game, seat, win, reason);
        }
        /* what the ledger moved must be what the round moved */
        if (ok && s->delta[seat] != x->credits - x->credits_start)
            ok = st_broken(s, "internal error: game %lld's ledger and round disagree on seat %d",
                           (long long)game, seat + 1);
    }
    if (ok) ok = st_tx_commit(s);
    if (!ok) return st_write_failed(s, true);
    forget_round(s);
    s->state = STORE_READY;
    st_settle_state(s);
    /* every so many rounds, what came since the last checkpoint is checked and becomes the next
     * one, so that a start never reads more than that (a failed check faults the machine) */
    if (++s->games_since_checkpoint >= ST_CHECKPOINT_GAMES &&
        (!st_run_checks(s, false, false) || !st_checkpoint_write(s)))
        st_fault(s);
    return STORE_OK;
}

store_status_t store_round_void(store_t *s, const char *reason) {
    st_start_op(s);
    if (s->state == STORE_FAULTED) return st_need_writable(s);
    if (s->read_only) return st_refuse(s, "The database is open read-only.");
    if (!s->game) return st_refuse(s, "No game is in play.");
    if (!reason || !*reason) reason = "a fault";
    int64_t game = s->game;
    const round_t *r = s->shadow;
    char why[STORE_MSG_LEN];
    snprintf(why, sizeof why, "Game %lld was void: %s. Every stake was refunded.", (long long)game,
             reason);
    char cleared[128];
    st_void_marker_text(s, 0, cleared);
    /* the spare rows give their pages to this transaction when the disk is full */
    bool ok = st_tx_begin(s) && st_exec(s, "DELETE FROM spare", "making room") &&
              write_history(s, true, reason);
    for (int seat = 0; ok && seat < r->nseats; seat++)
        ok = st_meter_add(s, game, seat, "refunded", round_seat_staked(r, seat));
    ok = ok && st_meter_add(s, game, 0, "games_voided", 1) &&
         st_lock_add(s, "fault", game, 0, 0, why) && st_audit_add(s, "round-void", game, 0, 0, why);
    if (ok) {
        sqlite3_stmt *st =
            st_prep(s, "recording a void", "UPDATE meta SET value=? WHERE key='void_request'", "t",
                    cleared);
        ok = st && sqlite3_step(st) == SQLITE_DONE;
        if (st && !ok) st_db_fail(s, "recording a void");
        st_finish(s, st);
    }
    if (ok) ok = st_tx_commit(s);
    if (!ok) {
        char first[STORE_MSG_LEN];
        memcpy(first, s->msg, sizeof first);
        st_tx_rollback(s);
        /* one fixed-size row rewritten in place: the next start voids the round */
        char marker[128];
        st_void_marker_text(s, game, marker);
        sqlite3_stmt *st = st_prep(s, "recording a void",
                                   "UPDATE meta SET value=? WHERE key='void_request'", "t", marker);
        bool marked = st && !s->fail_marker && sqlite3_step(st) == SQLITE_DONE;
        st_finish(s, st);
        snprintf(s->msg, sizeof s->msg, "Game %lld could not be voided: %.300s %s", (long long)game,
                 first,
                 marked ? "The round will be voided (stakes refunded) at the next start."
                        : "At the next start the round resumes at its last recorded action.");
        s->state = s->integrity ? STORE_FAULTED : STORE_WRITE_FAILED;
        memcpy(s->fault, s->msg, sizeof s->fault);
        return STORE_FAULT;
    }
    forget_round(s);
    s->state = STORE_LOCKED;
    snprintf(s->msg, sizeof s->msg, "%s", why);
    s->msg_set = false;
    sqlite3_exec(s->db,
                 "INSERT INTO spare(id, filler) SELECT 1, zeroblob(65536) WHERE NOT EXISTS "
                 "(SELECT 1 FROM spare)",
                 NULL, NULL, NULL);
    return STORE_OK;
}

store_status_t store_recover(store_t *s, const rules_t *rules, round_t *round, jackpot_pool_t *pool,
                             bool *resumed) {
    st_start_op(s);
    *resumed = false;
    if (s->state == STORE_FAULTED) return st_need_writable(s);
    if (!s->game) return STORE_OK;
    /* the same rules, whatever encoding the round was recorded in: both in today's */
    uint8_t hash[STORE_HASH_BYTES], recorded[STORE_HASH_BYTES];
    store_rules_hash(rules, hash);
    store_rules_hash(&s->rules, recorded);
    if (memcmp(hash, recorded, sizeof hash) != 0) {
        snprintf(s->msg, sizeof s->msg,
                 "Game %lld was dealt under other settings (%s) than the configuration now "
                 "loaded (%s): it cannot resume. Restore the configuration it was dealt under to "
                 "finish it, or an attendant voids the game (every stake refunded).",
                 (long long)s->game, rules_preset_key(s->rules.preset),
                 rules_preset_key(rules->preset));
        return STORE_FAULT;
    }
    const round_t *sh = s->shadow;
    int64_t credits[RULES_MAX_SEATS], last[RULES_MAX_SEATS * WAGER_COUNT];
    for (int seat = 0; seat < sh->nseats; seat++) {
        credits[seat] = sh->seat[seat].credits_start;
        memcpy(last + (size_t)seat * WAGER_COUNT, sh->seat[seat].last_stake,
               sizeof sh->seat[seat].last_stake);
    }
    *pool = s->pool_begin;
    if (!replay_into(s, round, rules, &sh->deck, sh->nseats, credits, last,
                     s->has_pool ? pool : NULL, s->actions, s->nactions))
        return st_fault(s);
    if (!same_round(round, sh)) {
        st_broken(s, "Game %lld does not rebuild the same way twice.", (long long)s->game);
        return st_fault(s);
    }
    *resumed = true;
    return STORE_OK;
}

store_status_t store_last_stakes(store_t *s, int64_t last[RULES_MAX_SEATS * WAGER_COUNT]) {
    if (s->state == STORE_FAULTED) return STORE_FAULT;
    st_start_op(s);
    memset(last, 0, sizeof(int64_t) * RULES_MAX_SEATS * WAGER_COUNT);
    sqlite3_stmt *st = st_prep(s, "reading the last bets",
                               "SELECT seat, wager, stake FROM round_wagers WHERE game=(SELECT "
                               "MAX(game) FROM round_end)",
                               NULL);
    if (!st) return STORE_FAULT;
    int rc;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        wager_t w;
        int seat = sqlite3_column_int(st, 0);
        /* REPEAT places the bets made before the deal: the ante and the side bets, never the
         * PLAY or raises a decision made (the round would refuse them) */
        if (st_seat_ok(seat) && store_wager_from_key(st_col_text(st, 1), &w) &&
            (w == WAGER_ANTE || wager_is_side(w)))
            last[(size_t)seat * WAGER_COUNT + w] = sqlite3_column_int64(st, 2);
    }
    st_finish(s, st);
    if (rc != SQLITE_DONE) return st_db_fail(s, "reading the last bets") ? STORE_OK : STORE_FAULT;
    return STORE_OK;
}
