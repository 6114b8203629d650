/* A terminal's money at a shared table, in the audit log. See store.h for the contract.
 *
 * A stake sent to a table is a "table-out" audit row (game = the transfer's number, seat = the
 * step + 1: 0 for the bets before the deal, 1 to 3 for a decision's raise; amount = the total;
 * detail "tab=T round=R multiple=M stakes=ante=100,...") written in the transaction that takes
 * the credits (meter table_out) and numbers it (meter table_transfers). The table's answer is a
 * "table-answer" row (game = the transfer; detail "tab=T accepted" or "tab=T refused: why"); a
 * refused stake comes back in the same transaction (meter table_in, a "table-refund" row). A
 * table's transfers are answered in their order, each table on its own (a terminal at up to four
 * tables sends to each on a connection of its own, and one table that does not answer holds up
 * none of the others), so a table's unanswered ones are its table-out rows after the newest
 * answer among them (an answer written before answers named their table, "accepted" or
 * "refused: why", counts for every table: they were answered in one order then). A round's result
 * is a "table-in" row (game = the round; detail "tab=T kind=K ... variant=V | verdict", the
 * variant missing in rows written before results named their game), its total on the credits
 * (meter table_in): results come in the order of their rounds, so a round at or before the newest
 * collected one of that table is refused, and a result is never credited twice. Audit rows are
 * signed and chained like every record, and the anchor finds a database put back to before a
 * transfer; the table answers a transfer sent again as it answered it first, so sending after a
 * crash is always safe. */
#define _POSIX_C_SOURCE 200809L
#include "store_internal.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static bool name_ok(const char *tab) {
    size_t n = strlen(tab);
    if (n < 1 || n > 40 || tab[0] < 'a' || tab[0] > 'z') return false;
    for (size_t i = 0; i < n; i++)
        if (!((tab[i] >= 'a' && tab[i] <= 'z') || (tab[i] >= '0' && tab[i] <= '9') ||
              tab[i] == '_'))
            return false;
    return true;
}

store_status_t store_table_send(store_t *s, const char *tab, int64_t round, int step, int multiple,
                                const int64_t stakes[WAGER_COUNT], int64_t *transfer) {
    st_start_op(s);
    *transfer = 0;
    store_status_t g = st_need_idle(s, "A bet at the table");
    if (g != STORE_OK) return g;
    int64_t total = 0;
    for (int w = 0; w < WAGER_COUNT; w++) {
        if (stakes[w] < 0 || stakes[w] > (int64_t)1e13)
            return st_refuse(s, "A stake at the table: a bad amount.");
        total += stakes[w];
    }
    if (!name_ok(tab) || round < 1 || step < -1 || step > 2 || multiple < 0 || multiple > 3 ||
        total <= 0)
        return st_refuse(s, "A stake at the table: bad table, round, step or amount.");
    int64_t have, number;
    if (store_credits(s, 0, &have) != STORE_OK) return STORE_FAULT;
    if (total > have)
        return st_refuse(s, "The credits (%" PRId64 ") do not cover a stake of %" PRId64 ".", have,
                         total);
    if (store_meter(s, "table_transfers", &number) != STORE_OK) return STORE_FAULT;
    number++;
    char stx[STORE_MSG_LEN / 2], detail[STORE_MSG_LEN];
    store_stakes_text(stakes, stx, sizeof stx);
    snprintf(detail, sizeof detail, "tab=%s round=%" PRId64 " multiple=%d stakes=%s", tab, round,
             multiple, stx);
    int64_t game = 0;
    bool ok = st_tx_begin(s) && st_last_game(s, &game) &&
              st_meter_add(s, game, 0, "table_transfers", 1) &&
              st_meter_add(s, game, 0, "table_out", total) &&
              st_audit_add(s, "table-out", number, step + 1, total, detail);
    if (!(ok && st_tx_commit(s))) return st_write_failed(s, false);
    *transfer = number;
    return STORE_OK;
}

/* "tab=T ": how a row of table T's starts (its detail), compared with substr() rather than LIKE,
 * in which a table name's '_' would match any character. */
static int tab_prefix(const char *tab, char *out, size_t n) {
    return snprintf(out, n, "tab=%s ", tab);
}

/* The transfer the newest answer of table tab's names (0: none answered yet). */
static bool last_answered(store_t *s, const char *tab, int64_t *transfer) {
    *transfer = 0;
    char prefix[64];
    int len = tab_prefix(tab, prefix, sizeof prefix);
    sqlite3_stmt *st = st_prep(s, "reading the table's transfers",
                               "SELECT game FROM audit WHERE event='table-answer' AND "
                               "(substr(detail, 1, ?) = ? OR substr(detail, 1, 4) <> 'tab=') "
                               "ORDER BY id DESC LIMIT 1",
                               "it", (int64_t)len, prefix);
    if (!st) return false;
    int rc = sqlite3_step(st);
    if (rc == SQLITE_ROW) *transfer = sqlite3_column_int64(st, 0);
    st_finish(s, st);
    return rc == SQLITE_ROW || rc == SQLITE_DONE ? true
                                                 : st_db_fail(s, "reading the table's transfers");
}

static bool parse_out(store_t *s, sqlite3_stmt *st, store_table_out_t *o) {
    memset(o, 0, sizeof *o);
    o->transfer = sqlite3_column_int64(st, 0);
    o->step = sqlite3_column_int(st, 1) - 1;
    o->total = sqlite3_column_int64(st, 2);
    const char *d = st_col_text(st, 3);
    long long round = 0;
    int multiple = 0, used = 0;
    if (sscanf(d, "tab=%40[a-z0-9_] round=%lld multiple=%d stakes=%n", o->tab, &round, &multiple,
               &used) != 3 ||
        used == 0 || !store_stakes_parse(d + used, o->stakes))
        return st_broken(s,
                         "The table's record '%s' cannot be read: the audit log was changed "
                         "outside the game.",
                         d);
    o->round = round;
    o->multiple = multiple;
    return true;
}

int store_table_unanswered(store_t *s, const char *tab, store_table_out_t *out, int max) {
    if (s->state == STORE_FAULTED || !name_ok(tab)) return -1;
    st_start_op(s);
    int64_t last;
    if (!last_answered(s, tab, &last)) return -1;
    char prefix[64];
    int len = tab_prefix(tab, prefix, sizeof prefix);
    sqlite3_stmt *st = st_prep(s, "reading the table's transfers",
                               "SELECT game, seat, amount, detail FROM audit WHERE "
                               "event='table-out' AND game > ? AND substr(detail, 1, ?) = ? "
                               "ORDER BY id LIMIT ?",
                               "iiti", last, (int64_t)len, prefix, (int64_t)max);
    if (!st) return -1;
    int n = 0, rc = SQLITE_DONE;
    bool good = true;
    while (good && n < max && (rc = sqlite3_step(st)) == SQLITE_ROW)
        good = parse_out(s, st, &out[n++]);
    st_finish(s, st);
    if (!good) return -1;
    if (n < max && rc != SQLITE_DONE) {
        st_db_fail(s, "reading the table's transfers");
        return -1;
    }
    return n;
}

/* The table a transfer went to (its table-out row); false when there is no such transfer. */
static bool transfer_tab(store_t *s, int64_t transfer, char tab[41], bool *found) {
    *found = false;
    sqlite3_stmt *st = st_prep(s, "reading the table's transfers",
                               "SELECT detail FROM audit WHERE event='table-out' AND game = ? "
                               "ORDER BY id LIMIT 1",
                               "i", transfer);
    if (!st) return false;
    int rc = sqlite3_step(st);
    if (rc == SQLITE_ROW) *found = sscanf(st_col_text(st, 0), "tab=%40[a-z0-9_] ", tab) == 1;
    st_finish(s, st);
    return rc == SQLITE_ROW || rc == SQLITE_DONE ? true
                                                 : st_db_fail(s, "reading the table's transfers");
}

store_status_t store_table_answered(store_t *s, int64_t transfer, bool accepted,
                                    const char *reason) {
    st_start_op(s);
    store_status_t g = st_need_writable(s);
    if (g != STORE_OK) return g;
    char tab[41] = "";
    bool found;
    if (!transfer_tab(s, transfer, tab, &found)) return STORE_FAULT;
    if (!found) return st_refuse(s, "Transfer %" PRId64 " was never sent.", transfer);
    store_table_out_t head;
    int n = store_table_unanswered(s, tab, &head, 1);
    if (n < 0) return STORE_FAULT;
    if (n == 0 || head.transfer != transfer)
        return st_refuse(s, "Transfer %" PRId64 " is not table %s's next one to answer.", transfer,
                         tab);
    char detail[STORE_MSG_LEN];
    snprintf(detail, sizeof detail, "tab=%s %s%s%s", tab, accepted ? "accepted" : "refused",
             accepted ? "" : ": ", accepted ? "" : (reason ? reason : ""));
    int64_t game = 0;
    bool ok = st_tx_begin(s) && st_last_game(s, &game) &&
              st_audit_add(s, "table-answer", transfer, head.step + 1, head.total, detail);
    if (ok && !accepted)
        ok = st_meter_add(s, game, 0, "table_in", head.total) &&
             st_audit_add(s, "table-refund", transfer, head.step + 1, head.total, detail);
    if (!(ok && st_tx_commit(s))) return st_write_failed(s, false);
    return STORE_OK;
}

int64_t store_table_last_round(store_t *s, const char *tab) {
    if (s->state == STORE_FAULTED || !name_ok(tab)) return -1;
    st_start_op(s);
    char prefix[64];
    int len = tab_prefix(tab, prefix, sizeof prefix);
    sqlite3_stmt *st = st_prep(s, "reading the table's results",
                               "SELECT game FROM audit WHERE event='table-in' AND "
                               "substr(detail, 1, ?) = ? ORDER BY id DESC LIMIT 1",
                               "it", (int64_t)len, prefix);
    if (!st) return -1;
    int rc = sqlite3_step(st);
    int64_t round = rc == SQLITE_ROW ? sqlite3_column_int64(st, 0) : 0;
    st_finish(s, st);
    if (rc != SQLITE_ROW && rc != SQLITE_DONE) {
        st_db_fail(s, "reading the table's results");
        return -1;
    }
    return round;
}

/* Whether an answer's text is a refusal: "tab=T refused: why" ("refused: why" in records written
 * before answers named their table); NULL (no answer yet) is not. */
static bool answer_refused(const char *answer) {
    const char *after = answer && strncmp(answer, "tab=", 4) == 0 ? strchr(answer, ' ') : answer;
    return after && strncmp(after + (*after == ' '), "refused", 7) == 0;
}

/* The answer to a transfer, as a subquery of a table-out row o (one answer a transfer; the newest
 * rows are the ones asked about, so the search runs from the newest) */
#define ANSWER_OF_O                                                                                \
    "(SELECT a.detail FROM audit a WHERE a.event='table-answer' AND a.game=o.game ORDER BY a.id "  \
    "DESC LIMIT 1)"

/* Table tab's newest transfer that was not refused (its stake is at the table, or on its way):
 * 1 with it in *out, 0 none; with bets_of > 0, the bets (step -1) of that round only (0: none
 * there). -1 on a read failure. A table's rounds only grow, so the search stops at older ones. */
static int newest_standing(store_t *s, const char *tab, int64_t bets_of, store_table_out_t *out) {
    char prefix[64];
    int len = tab_prefix(tab, prefix, sizeof prefix);
    sqlite3_stmt *st = st_prep(s, "reading the table's transfers",
                               "SELECT o.game, o.seat, o.amount, o.detail, " ANSWER_OF_O
                               " FROM audit o WHERE o.event='table-out' AND "
                               "substr(o.detail, 1, ?) = ? ORDER BY o.id DESC",
                               "it", (int64_t)len, prefix);
    if (!st) return -1;
    int found = 0, rc = SQLITE_DONE;
    bool good = true;
    while (good && !found && (rc = sqlite3_step(st)) == SQLITE_ROW) {
        store_table_out_t o;
        good = parse_out(s, st, &o);
        if (!good || (bets_of > 0 && o.round < bets_of)) break;
        if ((bets_of == 0 || (o.round == bets_of && o.step == -1)) &&
            !answer_refused((const char *)sqlite3_column_text(st, 4)))
            *out = o, found = 1;
    }
    st_finish(s, st);
    if (good && !found && rc != SQLITE_DONE && rc != SQLITE_ROW) {
        st_db_fail(s, "reading the table's transfers");
        return -1;
    }
    return good ? found : -1;
}

int store_table_round_bets(store_t *s, const char *tab, int64_t round, store_table_out_t *out) {
    if (s->state == STORE_FAULTED || !name_ok(tab) || round < 1) return -1;
    st_start_op(s);
    return newest_standing(s, tab, round, out);
}

int store_table_owed(store_t *s, char (*tabs)[41], int max) {
    if (s->state == STORE_FAULTED) return -1;
    st_start_op(s);
    /* the tables ever staked at, the most recent first */
    sqlite3_stmt *st = st_prep(s, "reading the table's transfers",
                               "SELECT substr(detail, 5, instr(detail, ' ') - 5) AS tab FROM audit "
                               "WHERE event='table-out' GROUP BY tab ORDER BY max(id) DESC",
                               "");
    if (!st) return -1;
    enum { SEEN = 64 };
    char seen[SEEN][41];
    int nseen = 0, rc = SQLITE_DONE;
    while (nseen < SEEN && (rc = sqlite3_step(st)) == SQLITE_ROW) {
        const char *tab = st_col_text(st, 0);
        if (name_ok(tab)) snprintf(seen[nseen++], sizeof seen[0], "%s", tab);
    }
    st_finish(s, st);
    if (nseen < SEEN && rc != SQLITE_DONE) {
        st_db_fail(s, "reading the table's transfers");
        return -1;
    }
    /* owed: a transfer unanswered, or the newest standing one in a round not collected */
    int n = 0;
    for (int i = 0; i < nseen && n < max; i++) {
        store_table_out_t first, newest;
        int waiting = store_table_unanswered(s, seen[i], &first, 1);
        int standing = newest_standing(s, seen[i], 0, &newest);
        int64_t last = store_table_last_round(s, seen[i]);
        if (waiting < 0 || standing < 0 || last < 0) return -1;
        if (waiting > 0 || (standing == 1 && newest.round > last))
            snprintf(tabs[n++], sizeof tabs[0], "%s", seen[i]);
    }
    return n;
}

/* Cards as a word ("As,Ks,Qh"), and back. */
static void cards_word(const card_t *c, int n, char *out, size_t cap) {
    store_cards_text(c, n, out, cap);
    for (char *p = out; *p; p++)
        if (*p == ' ') *p = ',';
}
static int cards_unword(const char *w, card_t *out, int max) {
    char text[64];
    snprintf(text, sizeof text, "%s", w);
    for (char *p = text; *p; p++)
        if (*p == ',') *p = ' ';
    int n = store_cards_parse(text, out, max);
    return n < 0 ? 0 : n;
}

store_status_t store_table_collected(store_t *s, const store_table_result_t *r,
                                     int64_t handpay_threshold) {
    st_start_op(s);
    store_status_t g = st_need_writable(s);
    if (g != STORE_OK) return g;
    if (!name_ok(r->tab) || r->round < 1 || r->total < 0 || r->total > (int64_t)1e15 ||
        r->ncards < 0 || r->ncards > 5 || r->nshared < 0 || r->nshared > 5)
        return st_refuse(s, "A table's result: bad table, round, amount or cards.");
    int64_t last = store_table_last_round(s, r->tab);
    if (last < 0) return STORE_FAULT;
    if (r->round <= last)
        return st_refuse(s,
                         "Round %" PRId64 " of table %s was collected already (the newest is "
                         "%" PRId64 ").",
                         r->round, r->tab, last);
    /* the whole round in one line (tab first: the newest of a table is found by it) */
    char stx[160], rtx[160], ctx[32], shx[32], dec[64], text[1024];
    store_stakes_text(r->stakes, stx, sizeof stx);
    store_stakes_text(r->returned, rtx, sizeof rtx);
    cards_word(r->cards, r->ncards, ctx, sizeof ctx);
    cards_word(r->shared, r->nshared, shx, sizeof shx);
    snprintf(dec, sizeof dec, "%s", r->decisions);
    for (char *p = dec; *p; p++)
        if (*p == ' ') *p = ',';
    /* the game, so that a history of several tables draws each round as it was dealt (a word of
     * letters: anything else is left out rather than let into the row's fields) */
    char variant[32] = "";
    bool word = r->variant[0] != '\0';
    for (const char *p = r->variant; *p; p++) word = word && *p >= 'a' && *p <= 'z';
    if (word) snprintf(variant, sizeof variant, " variant=%s", r->variant);
    snprintf(text, sizeof text,
             "tab=%s kind=%s staked=%" PRId64 " stakes=%s returned=%s cards=%s shared=%s "
             "decisions=%s%s | %s",
             r->tab, r->kind, r->staked, stx, rtx, ctx, shx, dec, variant, r->verdict);
    int64_t win = r->total > r->staked ? r->total - r->staked : 0, game = 0;
    bool ok = st_tx_begin(s) && st_last_game(s, &game) &&
              st_audit_add(s, "table-in", r->round, 0, r->total, text);
    if (ok && r->total > 0) ok = st_meter_add(s, game, 0, "table_in", r->total);
    if (ok && handpay_threshold > 0 && win >= handpay_threshold) {
        /* the lock and its record name the table's round, as a linked prize's name its game */
        char reason[128];
        snprintf(reason, sizeof reason, "a win of %" PRId64 " at table %s, round %" PRId64, win,
                 r->tab, r->round);
        ok = st_audit_add(s, "table-win", r->round, 0, win, reason) &&
             st_lock_add(s, "handpay", r->round, 0, win, reason);
    }
    if (!(ok && st_tx_commit(s))) return st_write_failed(s, false);
    st_settle_state(s);
    return STORE_OK;
}

/* A field of a table-in row ("name=value", the value up to the next space), before the verdict
 * (the table's words, which are not searched). */
static void field(const char *d, const char *name, char *out, size_t cap) {
    char key[24];
    snprintf(key, sizeof key, " %s=", name);
    const char *p = strstr(d, key), *bar = strstr(d, " | ");
    out[0] = '\0';
    if (!p || (bar && p > bar)) return;
    p += strlen(key);
    size_t n = strcspn(p, " ");
    snprintf(out, cap, "%.*s", (int)(n < cap ? n : cap - 1), p);
}

/* A table-in row back into its round. */
static void parse_result(const char *d, int64_t round, int64_t total, int64_t utc,
                         store_table_result_t *r) {
    memset(r, 0, sizeof *r);
    r->round = round, r->total = total, r->utc = utc;
    char staked[24], stx[160], rtx[160], ctx[32], shx[32], dec[64];
    sscanf(d, "tab=%40[a-z0-9_]", r->tab);
    field(d, "kind", r->kind, sizeof r->kind);
    field(d, "staked", staked, sizeof staked);
    field(d, "stakes", stx, sizeof stx);
    field(d, "returned", rtx, sizeof rtx);
    field(d, "cards", ctx, sizeof ctx);
    field(d, "shared", shx, sizeof shx);
    field(d, "decisions", dec, sizeof dec);
    field(d, "variant", r->variant, sizeof r->variant);
    r->staked = strtoll(staked, NULL, 10);
    if (!store_stakes_parse(stx, r->stakes)) memset(r->stakes, 0, sizeof r->stakes);
    if (!store_stakes_parse(rtx, r->returned)) memset(r->returned, 0, sizeof r->returned);
    r->ncards = cards_unword(ctx, r->cards, 5);
    r->nshared = cards_unword(shx, r->shared, 5);
    for (char *q = dec; *q; q++)
        if (*q == ',') *q = ' ';
    snprintf(r->decisions, sizeof r->decisions, "%s", dec);
    const char *bar = strstr(d, " | ");
    snprintf(r->verdict, sizeof r->verdict, "%s", bar ? bar + 3 : "");
}

/* table-in rows of table tab, or of every table (tab NULL: the prefix "tab=" is every row's) */
#define RESULT_ROWS "FROM audit WHERE event='table-in' AND substr(detail, 1, ?) = ? "

int store_table_results(store_t *s, const char *tab, int64_t offset, int n,
                        store_table_result_t *out) {
    if (s->state == STORE_FAULTED || (tab && !name_ok(tab))) return -1;
    st_start_op(s);
    char prefix[64] = "tab=";
    int len = tab ? tab_prefix(tab, prefix, sizeof prefix) : 4;
    sqlite3_stmt *st =
        st_prep(s, "reading the table's results",
                "SELECT game, amount, utc, detail " RESULT_ROWS "ORDER BY id DESC LIMIT ? OFFSET ?",
                "itii", (int64_t)len, prefix, (int64_t)n, offset);
    if (!st) return -1;
    int k = 0, rc;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW && k < n) {
        parse_result(st_col_text(st, 3), sqlite3_column_int64(st, 0), sqlite3_column_int64(st, 1),
                     sqlite3_column_int64(st, 2), &out[k]);
        k++;
    }
    st_finish(s, st);
    if (rc != SQLITE_DONE && rc != SQLITE_ROW) {
        st_db_fail(s, "reading the table's results");
        return -1;
    }
    return k;
}

int64_t store_table_result_count(store_t *s, const char *tab) {
    if (s->state == STORE_FAULTED || (tab && !name_ok(tab))) return -1;
    st_start_op(s);
    char prefix[64] = "tab=";
    int len = tab ? tab_prefix(tab, prefix, sizeof prefix) : 4;
    sqlite3_stmt *st = st_prep(s, "counting the table's results", "SELECT COUNT(*) " RESULT_ROWS,
                               "it", (int64_t)len, prefix);
    if (!st) return -1;
    int rc = sqlite3_step(st);
    int64_t n = rc == SQLITE_ROW ? sqlite3_column_int64(st, 0) : -1;
    st_finish(s, st);
    if (rc != SQLITE_ROW) st_db_fail(s, "counting the table's results");
    return n;
}
