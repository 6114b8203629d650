/* The linked progressive's outbox: what this machine owes the link's controller, in the audit log.
 * See store.h for the contract.
 *
 * A settled round on a linked pool writes, in its own transaction, a "link-queued" audit row per
 * seat with a linked stake ("contribute") and per seat holding a royal on it ("claim"). Each is
 * sent to the controller in the order of those rows (the contributions at the head together, a
 * claim alone), and its answer is written as a "link-sent" row naming the queued row ("contribute q=ID ..."), so the items not sent yet are
 * the queued rows after the one the newest link-sent row names. Audit rows are signed and
 * chained like every record, so an item cannot be taken out or put in outside the game, and a
 * database put back from an old copy is found by its anchor before anything is sent from it.
 * The controller counts every key once, so an item sent again after a kill (sent, but its answer
 * not written) is answered with what the first sending counted and paid nothing again. */
#define _POSIX_C_SOURCE 200809L
#include "store_internal.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const KIND_WORD[] = {"contribute", "claim"};

bool st_link_queue_round(store_t *s, int64_t game, const round_t *r) {
    const rules_t *ru = r->rules;
    if (!ru->pool_linked) return true;
    wager_t w = ru->offered[WAGER_JACKPOT] ? WAGER_JACKPOT : WAGER_PROGRESSIVE;
    for (int seat = 0; seat < r->nseats; seat++)
        if (r->seat[seat].stake[w] > 0 &&
            !st_audit_add(s, "link-queued", game, seat, r->seat[seat].stake[w], KIND_WORD[0]))
            return false;
    for (int i = 0; i < r->nevents; i++) {
        const round_event_t *e = &r->events[i];
        if (e->type == EV_JACKPOT_LINKED &&
            !st_audit_add(s, "link-queued", game, e->seat, e->amount, KIND_WORD[1]))
            return false;
    }
    return true;
}

/* The queued row the newest link-sent row names (0: none sent yet). */
static bool last_sent(store_t *s, int64_t *q) {
    *q = 0;
    sqlite3_stmt *st = st_prep(s, "reading the link's outbox",
                               "SELECT detail FROM audit WHERE event='link-sent' ORDER BY id DESC "
                               "LIMIT 1",
                               NULL);
    if (!st) return false;
    int rc = sqlite3_step(st);
    if (rc == SQLITE_ROW) {
        const char *d = st_col_text(st, 0), *p = strstr(d, " q=");
        long long v = 0;
        if (!p || sscanf(p + 3, "%lld", &v) != 1 || v <= 0) {
            st_finish(s, st);
            return st_broken(s, "The link's record '%s' names no item: the audit log was "
                                "changed outside the game.",
                             d);
        }
        *q = v;
    }
    st_finish(s, st);
    return rc == SQLITE_ROW || rc == SQLITE_DONE ? true : st_db_fail(s, "reading the link's outbox");
}

int store_link_pending(store_t *s, store_link_item_t *out, int max) {
    if (s->state == STORE_FAULTED) return -1;
    st_start_op(s);
    int64_t q;
    if (!last_sent(s, &q)) return -1;
    sqlite3_stmt *st = st_prep(s, "reading the link's outbox",
                               "SELECT id, game, seat, amount, detail FROM audit WHERE "
                               "event='link-queued' AND id > ? ORDER BY id LIMIT ?",
                               "ii", q, (int64_t)max);
    if (!st) return -1;
    int n = 0, rc;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW && n < max) {
        store_link_item_t *it = &out[n++];
        it->id = sqlite3_column_int64(st, 0);
        it->game = sqlite3_column_int64(st, 1);
        it->seat = sqlite3_column_int(st, 2);
        it->stake = sqlite3_column_int64(st, 3);
        it->kind = strcmp(st_col_text(st, 4), KIND_WORD[1]) == 0 ? STORE_LINK_CLAIM
                                                                  : STORE_LINK_CONTRIBUTE;
    }
    st_finish(s, st);
    if (rc != SQLITE_DONE && rc != SQLITE_ROW) {
        st_db_fail(s, "reading the link's outbox");
        return -1;
    }
    return n;
}

/* Answers can be written only for the oldest items not sent yet, in order, once. */
static store_status_t need_next(store_t *s, const store_link_item_t *items, int n) {
    store_link_item_t head[STORE_LINK_BATCH];
    if (n < 1 || n > STORE_LINK_BATCH) return st_refuse(s, "A link answer names 1 to %d items.",
                                                        STORE_LINK_BATCH);
    int got = store_link_pending(s, head, n);
    if (got < 0) return STORE_FAULT;
    for (int i = 0; i < n; i++)
        if (i >= got || head[i].id != items[i].id || head[i].kind != items[i].kind ||
            head[i].game != items[i].game || head[i].seat != items[i].seat ||
            head[i].stake != items[i].stake)
            return st_refuse(s, "The link's item %" PRId64 " is not the next one to send.",
                             items[i].id);
    return STORE_OK;
}

store_status_t store_link_sent(store_t *s, const store_link_item_t *items, int n,
                               const char *const *details) {
    st_start_op(s);
    store_status_t g = st_need_writable(s);
    if (g == STORE_OK) g = need_next(s, items, n);
    if (g != STORE_OK) return g;
    for (int i = 0; i < n; i++)
        if (items[i].kind != STORE_LINK_CONTRIBUTE)
            return st_refuse(s, "A claim's answer is written with its payment.");
    bool ok = st_tx_begin(s);
    for (int i = 0; ok && i < n; i++) {
        char text[STORE_MSG_LEN];
        snprintf(text, sizeof text, "%s q=%" PRId64 " %s", KIND_WORD[items[i].kind], items[i].id,
                 details && details[i] ? details[i] : "");
        ok = st_audit_add(s, "link-sent", items[i].game, items[i].seat, items[i].stake, text);
    }
    if (!(ok && st_tx_commit(s))) return st_write_failed(s, s->game != 0);
    return STORE_OK;
}

store_status_t store_link_paid(store_t *s, const store_link_item_t *item, int64_t amount,
                               int64_t handpay_threshold, const char *detail) {
    st_start_op(s);
    store_status_t g = st_need_writable(s);
    if (g != STORE_OK) return g;
    if (s->game)
        return st_refuse(s, "The linked jackpot is paid when game %" PRId64 " is over.", s->game);
    if (item->kind != STORE_LINK_CLAIM || amount < 0 || amount > (int64_t)1e15)
        return st_refuse(s, "A linked jackpot: bad item or amount.");
    if ((g = need_next(s, item, 1)) != STORE_OK) return g;
    char text[STORE_MSG_LEN];
    snprintf(text, sizeof text, "%s q=%" PRId64 " paid=%" PRId64 " %s", KIND_WORD[item->kind],
             item->id, amount, detail ? detail : "");
    bool ok = st_tx_begin(s) &&
              st_audit_add(s, "link-sent", item->game, item->seat, item->stake, text);
    if (ok && amount > 0) {
        ok = st_meter_add(s, item->game, item->seat, "linked_won", amount) &&
             st_meter_add(s, item->game, item->seat, "linked_hits", 1) &&
             st_audit_add(s, "link-paid", item->game, item->seat, amount, detail ? detail : "");
        if (ok && handpay_threshold > 0 && amount >= handpay_threshold) {
            char reason[128];
            snprintf(reason, sizeof reason,
                     "linked jackpot of %" PRId64 " on seat %d, game %" PRId64, amount,
                     item->seat + 1, item->game);
            ok = st_lock_add(s, "handpay", item->game, item->seat, amount, reason);
        }
    }
    if (!(ok && st_tx_commit(s))) return st_write_failed(s, false);
    st_settle_state(s);
    return STORE_OK;
}
