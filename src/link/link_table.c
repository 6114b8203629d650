/* link_table: the shared tables' calls over libpq. See link_table.h, and table.sql, table_host.sql
 * and table_operator.sql for what the server does with each. */
#define _POSIX_C_SOURCE 200809L
#include "link_table.h"

#include <errno.h>
#include <inttypes.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "link_internal.h"

/* ---- arrays, to and from the server's text form ---- */

/* {1,2,3}. Written digit by digit into room for the longest (a settlement of 10,000 players sent
 * 240,000 amounts as text: an snprintf for each took 30 ms to write on this 2-core machine). */
char *lt_i64_array(int n, const int64_t *v) {
    size_t cap = (size_t)(n > 0 ? n : 0) * 22 + 3; /* a sign, 20 digits and a comma each */
    char *s = malloc(cap), *p = s;
    if (!s) return NULL;
    *p++ = '{';
    for (int i = 0; i < n; i++) {
        if (i) *p++ = ',';
        if (v[i] < 0) *p++ = '-';
        uint64_t u = v[i] < 0 ? (uint64_t)0 - (uint64_t)v[i] : (uint64_t)v[i];
        char d[20];
        int k = 0;
        do d[k++] = (char)('0' + u % 10), u /= 10;
        while (u);
        while (k) *p++ = d[--k];
    }
    *p++ = '}';
    *p = '\0';
    return s;
}

/* ---- arrays in the server's binary form (array_recv's: a header, then each item's length and
 * bytes, every integer big-endian) ---- */

#define OID_INT8 20 /* PostgreSQL's own type numbers, fixed since its first releases */
#define OID_TEXT 25

static char *put_be32(char *p, uint32_t v) {
    p[0] = (char)(v >> 24), p[1] = (char)(v >> 16), p[2] = (char)(v >> 8), p[3] = (char)v;
    return p + 4;
}

/* The header of a one-dimensional array of n items of type oid, without NULLs (an empty array
 * has no dimension); the room for the items follows it (items bytes). */
static char *bin_array(int n, uint32_t oid, size_t items, int *len, char **at) {
    size_t head = n > 0 ? 20 : 12;
    if (items > (size_t)INT32_MAX - head) return NULL;
    char *s = malloc(head + items), *p = s;
    if (!s) return NULL;
    p = put_be32(p, n > 0 ? 1 : 0), p = put_be32(p, 0), p = put_be32(p, oid);
    if (n > 0) p = put_be32(p, (uint32_t)n), p = put_be32(p, 1);
    *at = p;
    *len = (int)(head + items);
    return s;
}

char *lt_i64_array_bin(int n, const int64_t *v, int *len) {
    char *p, *s = bin_array(n, OID_INT8, (size_t)(n > 0 ? n : 0) * 12, len, &p);
    for (int i = 0; s && i < n; i++) {
        uint64_t u = (uint64_t)v[i];
        p = put_be32(p, 8);
        p = put_be32(p, (uint32_t)(u >> 32));
        p = put_be32(p, (uint32_t)u);
    }
    return s;
}

char *lt_text_array_bin(int n, const char *(*get)(const void *, int), const void *ctx, int *len) {
    size_t items = 0;
    for (int i = 0; i < n; i++) items += 4 + strlen(get(ctx, i));
    char *p, *s = bin_array(n, OID_TEXT, items, len, &p);
    for (int i = 0; s && i < n; i++) {
        size_t k = strlen(get(ctx, i));
        p = put_be32(p, (uint32_t)k);
        memcpy(p, get(ctx, i), k);
        p += k;
    }
    return s;
}

/* "{1,2,3}" into out (up to max); the count, or -1 when it is not such an array. */
int lt_parse_i64_array(const char *s, int64_t *out, int max) {
    if (!s || *s != '{') return -1;
    const char *p = s + 1;
    int n = 0;
    if (*p == '}') return 0;
    for (;;) {
        char *end;
        errno = 0;
        long long v = strtoll(p, &end, 10);
        if (errno || end == p || n >= max) return -1;
        out[n++] = (int64_t)v;
        if (*end == '}') return n;
        if (*end != ',') return -1;
        p = end + 1;
    }
}

bool lt_col_i64_array(link_t *l, PGresult *r, int row, const char *name, int64_t *out, int max,
                      int *n) {
    int c = PQfnumber(r, name);
    *n = 0;
    if (c < 0) {
        lk_say(l, LINK_REFUSED, "the controller's answer has no %s (run `studpoker link init`)",
               name);
        return false;
    }
    if (PQgetisnull(r, row, c)) return true;
    int k = lt_parse_i64_array(PQgetvalue(r, row, c), out, max);
    if (k < 0) {
        lk_say(l, LINK_REFUSED, "the controller's %s is not a list of at most %d amounts", name,
               max);
        return false;
    }
    *n = k;
    return true;
}

static void answer(PGresult *r, lt_answer_t *out) {
    out->accepted = lk_col_bool(r, 0, "accepted");
    out->replay = lk_col_bool(r, 0, "replay");
    lk_col_text(r, 0, "reason", out->reason, sizeof out->reason);
}

bool lt_one_row(link_t *l, PGresult *r, const char *what) {
    if (PQntuples(r) == 1) return true;
    lk_say(l, LINK_REFUSED, "the controller gave %d rows for %s", PQntuples(r), what);
    return false;
}

void lt_num(char *buf, size_t n, int64_t v) {
    snprintf(buf, n, "%" PRId64, v);
}

/* ---- a terminal's ---- */

link_status_t link_table_join(link_t *l, const char *machine, const char *tab, lt_table_t *out) {
    memset(out, 0, sizeof *out);
    const char *vals[] = {machine, tab};
    link_status_t st;
    PGresult *r =
        lk_run(l, "SELECT * FROM sptable.table_join($1, $2)", 2, vals, "sitting at the table", &st);
    if (!r) return st;
    bool good = lt_one_row(l, r, "a seat") && lk_col_int(l, r, 0, "betting_ms", &out->betting_ms) &&
                lk_col_int(l, r, 0, "deciding_ms", &out->deciding_ms);
    if (good) {
        lk_col_text(r, 0, "tab", out->tab, sizeof out->tab);
        lk_col_text(r, 0, "currency", out->currency, sizeof out->currency);
        lk_col_text(r, 0, "title", out->title, sizeof out->title);
        lk_col_text(r, 0, "variant", out->variant, sizeof out->variant);
        lk_col_text(r, 0, "deal", out->deal, sizeof out->deal);
        lk_col_text(r, 0, "pool", out->pool, sizeof out->pool);
        int c = PQfnumber(r, "config");
        out->config = strdup(c >= 0 ? PQgetvalue(r, 0, c) : "");
        if (!out->config) good = false, lk_say(l, LINK_DOWN, "out of memory for the table");
    }
    PQclear(r);
    return good ? LINK_OK : LINK_REFUSED;
}

bool link_table_not_open(const link_t *l) {
    return l && strcmp(l->refused, "SP005") == 0;
}

bool link_schema_older(const link_t *l) {
    /* no such function, schema or relation: what an upgrade adds */
    return l && (strcmp(l->refused, "42883") == 0 || strcmp(l->refused, "3F000") == 0 ||
                 strcmp(l->refused, "42P01") == 0);
}

void link_table_free(lt_table_t *t) {
    free(t->config);
    t->config = NULL;
}

link_status_t link_table_leave(link_t *l, const char *machine, const char *tab) {
    const char *vals[] = {machine, tab};
    link_status_t st;
    PGresult *r =
        lk_run(l, "SELECT sptable.table_leave($1, $2)", 2, vals, "leaving the table", &st);
    PQclear(r);
    return st;
}

/* The view's columns of row 0 (table_view's, and table_look's first). */
static bool view_row(link_t *l, PGresult *r, lt_view_t *out) {
    bool good =
        lk_col_i64(l, r, 0, "round", &out->round) && lk_col_int(l, r, 0, "step", &out->step) &&
        lk_col_int(l, r, 0, "betting_left_ms", &out->betting_left_ms) &&
        lk_col_int(l, r, 0, "deciding_left_ms", &out->deciding_left_ms) &&
        lk_col_int(l, r, 0, "players", &out->players) &&
        lk_col_int(l, r, 0, "seated", &out->seated) &&
        lk_col_i64(l, r, 0, "my_staked", &out->my_staked) &&
        lk_col_i64(l, r, 0, "my_total", &out->my_total) &&
        lk_col_i64(l, r, 0, "pool_value", &out->pool_value) &&
        lt_col_i64_array(l, r, 0, "my_returned", out->my_returned, LT_WAGERS, &out->nreturned);
    if (good) {
        lk_col_text(r, 0, "phase", out->phase, sizeof out->phase);
        lk_col_text(r, 0, "up_card", out->up_card, sizeof out->up_card);
        lk_col_text(r, 0, "dealer", out->dealer, sizeof out->dealer);
        lk_col_text(r, 0, "board", out->board, sizeof out->board);
        lk_col_text(r, 0, "config_hash", out->config_hash, sizeof out->config_hash);
        lk_col_text(r, 0, "my_cards", out->my_cards, sizeof out->my_cards);
        lk_col_text(r, 0, "my_decisions", out->my_decisions, sizeof out->my_decisions);
        lk_col_text(r, 0, "my_result", out->my_result, sizeof out->my_result);
    }
    return good;
}

link_status_t link_table_view(link_t *l, const char *machine, const char *tab, lt_view_t *out) {
    memset(out, 0, sizeof *out);
    const char *vals[] = {machine, tab};
    link_status_t st;
    PGresult *r =
        lk_run(l, "SELECT * FROM sptable.table_view($1, $2)", 2, vals, "reading the table", &st);
    if (!r) return st;
    bool good = lt_one_row(l, r, "the table") && view_row(l, r, out);
    PQclear(r);
    return good ? LINK_OK : LINK_REFUSED;
}

link_status_t link_table_stake(link_t *l, const char *machine, const char *tab, int64_t round,
                               int64_t transfer, const int64_t *amounts, int n, lt_answer_t *out) {
    memset(out, 0, sizeof *out);
    if (n < 1 || n > LT_WAGERS)
        return lk_say(l, LINK_REFUSED, "a stake has 1 to %d amounts, not %d", LT_WAGERS, n);
    char rs[24], ts[24];
    lt_num(rs, sizeof rs, round), lt_num(ts, sizeof ts, transfer);
    char *arr = lt_i64_array(n, amounts);
    if (!arr) return lk_say(l, LINK_DOWN, "out of memory for a stake");
    const char *vals[] = {machine, tab, rs, ts, arr};
    link_status_t st;
    PGresult *r = lk_run(l,
                         "SELECT * FROM sptable.table_stake($1, $2, $3::bigint, $4::bigint, "
                         "$5::bigint[])",
                         5, vals, "a stake", &st);
    free(arr);
    if (!r) return st;
    bool good = lt_one_row(l, r, "a stake");
    if (good) answer(r, out);
    PQclear(r);
    return good ? LINK_OK : LINK_REFUSED;
}

link_status_t link_table_decide(link_t *l, const char *machine, const char *tab, int64_t round,
                                int step, const char *action, int multiple, int64_t transfer,
                                int64_t amount, lt_answer_t *out) {
    memset(out, 0, sizeof *out);
    char rs[24], ss[16], ms[16], ts[24], as[24];
    lt_num(rs, sizeof rs, round), lt_num(ss, sizeof ss, step), lt_num(ms, sizeof ms, multiple);
    lt_num(ts, sizeof ts, transfer), lt_num(as, sizeof as, amount);
    const char *vals[] = {machine, tab, rs, ss, action, ms, transfer > 0 ? ts : NULL, as};
    link_status_t st;
    PGresult *r = lk_run(l,
                         "SELECT * FROM sptable.table_decide($1, $2, $3::bigint, $4::integer, $5, "
                         "$6::integer, $7::bigint, $8::bigint)",
                         8, vals, "a decision", &st);
    if (!r) return st;
    bool good = lt_one_row(l, r, "a decision");
    if (good) answer(r, out);
    PQclear(r);
    return good ? LINK_OK : LINK_REFUSED;
}

/* Result row i, its columns named with prefix ("" in table_results, "r_" in table_look). */
static bool result_row(link_t *l, PGresult *r, int i, const char *prefix, lt_result_t *x) {
    char c[11][24];
    static const char *const names[] = {"round",  "staked", "total",    "returned",
                                        "stakes", "kind",   "verdict",  "dealer",
                                        "board",  "cards",  "decisions"};
    for (int k = 0; k < 11; k++) snprintf(c[k], sizeof c[k], "%s%s", prefix, names[k]);
    memset(x, 0, sizeof *x);
    bool good = lk_col_i64(l, r, i, c[0], &x->round) && lk_col_i64(l, r, i, c[1], &x->staked) &&
                lk_col_i64(l, r, i, c[2], &x->total) &&
                lt_col_i64_array(l, r, i, c[3], x->returned, LT_WAGERS, &x->nreturned) &&
                lt_col_i64_array(l, r, i, c[4], x->stakes, LT_WAGERS, &x->nstakes);
    lk_col_text(r, i, c[5], x->kind, sizeof x->kind);
    lk_col_text(r, i, c[6], x->verdict, sizeof x->verdict);
    lk_col_text(r, i, c[7], x->dealer, sizeof x->dealer);
    lk_col_text(r, i, c[8], x->board, sizeof x->board);
    lk_col_text(r, i, c[9], x->cards, sizeof x->cards);
    lk_col_text(r, i, c[10], x->decisions, sizeof x->decisions);
    return good;
}

link_status_t link_table_results(link_t *l, const char *machine, const char *tab, int64_t after,
                                 lt_result_t *out, int max, int *n) {
    *n = 0;
    char as[24];
    lt_num(as, sizeof as, after);
    const char *vals[] = {machine, tab, as};
    link_status_t st;
    PGresult *r = lk_run(l, "SELECT * FROM sptable.table_results($1, $2, $3::bigint)", 3, vals,
                         "collecting the results", &st);
    if (!r) return st;
    bool good = true;
    int rows = PQntuples(r);
    for (int i = 0; good && i < rows && i < max; i++) {
        good = result_row(l, r, i, "", &out[i]);
        if (good) *n = i + 1;
    }
    PQclear(r);
    return good ? LINK_OK : LINK_REFUSED;
}

/* table_look (schema 5): the table and the results after `after`, whatever the round. */
static link_status_t look_full(link_t *l, const char *machine, const char *tab, int64_t after,
                               lt_view_t *view, lt_result_t *out, int max, int *n, bool *more) {
    char as[24];
    lt_num(as, sizeof as, after);
    const char *vals[] = {machine, tab, after >= 0 ? as : NULL};
    link_status_t st;
    PGresult *r = lk_run(l, "SELECT * FROM sptable.table_look($1, $2, $3::bigint)", 3, vals,
                         "reading the table", &st);
    if (!r) return st;
    int rows = PQntuples(r), c = PQfnumber(r, "r_round");
    bool good = rows >= 1 && c >= 0;
    if (!good)
        lk_say(l, LINK_REFUSED, "the controller gave %d rows for the table%s", rows,
               c < 0 ? " and no results (run `studpoker link init`)" : "");
    good = good && view_row(l, r, view);
    /* one row without a result: there is none after `after` (or none was asked) */
    bool none = good && PQgetisnull(r, 0, c);
    for (int i = 0; good && !none && i < rows && i < max; i++) {
        good = result_row(l, r, i, "r_", &out[i]);
        if (good) *n = i + 1;
    }
    /* the table gives at most LT_LOOK_RESULTS at once */
    *more = good && !none && (rows > max || rows >= LT_LOOK_RESULTS);
    PQclear(r);
    return good ? LINK_OK : LINK_REFUSED;
}

/* table_now (schema 7): the newest round and this terminal's result of it. *enough is false when
 * the answer does not hold all that table_look would give (table_now's comment in table_look.sql:
 * a round without one, or from before schema 4; results wanted of rounds before the newest; a
 * round dealt in which the terminal may hold a hand and has no result yet). */
static link_status_t look_now(link_t *l, const char *tab, int64_t after, lt_view_t *view,
                              lt_result_t *out, int max, int *n, bool *enough) {
    *enough = false;
    const char *vals[] = {tab};
    link_status_t st;
    PGresult *r = lk_run(l, "SELECT * FROM sptable.table_now WHERE tab = $1", 1, vals,
                         "reading the table", &st);
    if (!r) {
        /* a controller before schema 7 (no such view), or a login it does not answer (not a
         * terminal's): table_look then, which says why when it refuses */
        if (st == LINK_REFUSED && (link_schema_older(l) || strcmp(l->refused, "42501") == 0))
            l->now_missing = true;
        return st;
    }
    int cs = PQfnumber(r, "seated"), ck = PQfnumber(r, "my_result"), cx = PQfnumber(r, "my_stakes");
    bool good = PQntuples(r) == 1 && cs >= 0 && ck >= 0 && cx >= 0 && !PQgetisnull(r, 0, cs);
    bool mine = good && !PQgetisnull(r, 0, ck);
    int left = 0;
    good = good && (!mine || !PQgetisnull(r, 0, cx)) &&
           lk_col_i64(l, r, 0, "round", &view->round) && lk_col_int(l, r, 0, "step", &view->step) &&
           lk_col_int(l, r, 0, "left_ms", &left) &&
           lk_col_int(l, r, 0, "players", &view->players) &&
           lk_col_int(l, r, 0, "seated", &view->seated) &&
           lk_col_i64(l, r, 0, "pool_value", &view->pool_value);
    if (good) {
        lk_col_text(r, 0, "phase", view->phase, sizeof view->phase);
        lk_col_text(r, 0, "up_card", view->up_card, sizeof view->up_card);
        lk_col_text(r, 0, "dealer", view->dealer, sizeof view->dealer);
        lk_col_text(r, 0, "board", view->board, sizeof view->board);
        lk_col_text(r, 0, "config_hash", view->config_hash, sizeof view->config_hash);
        if (strcmp(view->phase, "betting") == 0) view->betting_left_ms = left;
        if (strcmp(view->phase, "deciding") == 0) view->deciding_left_ms = left;
    }
    lt_result_t x = {0};
    if (good && mine) {
        /* the view's part of the result is its row's (table_look gives the same) */
        good = lk_col_i64(l, r, 0, "my_staked", &x.staked) &&
               lk_col_i64(l, r, 0, "my_total", &x.total) &&
               lt_col_i64_array(l, r, 0, "my_returned", x.returned, LT_WAGERS, &x.nreturned) &&
               lt_col_i64_array(l, r, 0, "my_stakes", x.stakes, LT_WAGERS, &x.nstakes);
        x.round = view->round;
        lk_col_text(r, 0, "my_result", x.kind, sizeof x.kind);
        lk_col_text(r, 0, "my_verdict", x.verdict, sizeof x.verdict);
        lk_col_text(r, 0, "my_cards", x.cards, sizeof x.cards);
        lk_col_text(r, 0, "my_decisions", x.decisions, sizeof x.decisions);
        snprintf(x.dealer, sizeof x.dealer, "%s", view->dealer);
        snprintf(x.board, sizeof x.board, "%s", view->board);
        snprintf(view->my_cards, sizeof view->my_cards, "%s", x.cards);
        snprintf(view->my_decisions, sizeof view->my_decisions, "%s", x.decisions);
        snprintf(view->my_result, sizeof view->my_result, "%s", x.kind);
        view->my_staked = x.staked, view->my_total = x.total;
        memcpy(view->my_returned, x.returned, sizeof view->my_returned);
        view->nreturned = x.nreturned;
    }
    PQclear(r);
    if (!good) return LINK_OK; /* not enough: table_look answers */
    /* dealt and not settled: the terminal's hand, stakes and decisions are table_look's */
    if (!mine && strcmp(view->phase, "deciding") == 0 && view->round != l->no_hand_round)
        return LINK_OK;
    /* the results after `after`: of the newest round at most, when it is the round after */
    if (after >= 0 && after < view->round - 1) return LINK_OK;
    if (after >= 0 && after == view->round - 1 && mine && max > 0) out[0] = x, *n = 1;
    *enough = true;
    return LINK_OK;
}

link_status_t link_table_look(link_t *l, const char *machine, const char *tab, int64_t after,
                              lt_view_t *view, lt_result_t *out, int max, int *n, bool *more) {
    memset(view, 0, sizeof *view);
    *n = 0;
    *more = false;
    if (!l->now_missing && !l->look_full) {
        bool enough = false;
        link_status_t st = look_now(l, tab, after, view, out, max, n, &enough);
        if (st == LINK_DOWN) return st;
        if (st == LINK_OK && enough) return LINK_OK;
        memset(view, 0, sizeof *view);
        *n = 0;
    }
    link_status_t st = look_full(l, machine, tab, after, view, out, max, n, more);
    if (st == LINK_OK) {
        /* while its round is dealt and not settled, a terminal with a hand reads table_look;
         * one without reads table_now until the next notice */
        bool dealt = strcmp(view->phase, "deciding") == 0 && !view->my_result[0];
        l->look_full = dealt && view->my_cards[0];
        if (dealt && !view->my_cards[0]) l->no_hand_round = view->round;
    }
    return st;
}

link_status_t link_table_transfer(link_t *l, const char *machine, int64_t transfer,
                                  lt_transfer_t *out) {
    memset(out, 0, sizeof *out);
    char ts[24];
    lt_num(ts, sizeof ts, transfer);
    const char *vals[] = {machine, ts};
    link_status_t st;
    PGresult *r = lk_run(l, "SELECT * FROM sptable.table_transfer($1, $2::bigint)", 2, vals,
                         "asking about a stake", &st);
    if (!r) return st;
    bool good = lt_one_row(l, r, "a stake");
    if (good) {
        out->found = lk_col_bool(r, 0, "found");
        if (out->found)
            good = lk_col_i64(l, r, 0, "round", &out->round) &&
                   lk_col_i64(l, r, 0, "total", &out->total) &&
                   lk_col_int(l, r, 0, "step", &out->step);
        out->accepted = lk_col_bool(r, 0, "accepted");
        lk_col_text(r, 0, "tab", out->tab, sizeof out->tab);
        lk_col_text(r, 0, "reason", out->reason, sizeof out->reason);
    }
    PQclear(r);
    return good ? LINK_OK : LINK_REFUSED;
}

link_status_t link_table_lobby(link_t *l, lt_lobby_row_t *rows, int max, int *n) {
    *n = 0;
    link_status_t st;
    PGresult *r =
        lk_run(l, "SELECT * FROM sptable.table_lobby()", 0, NULL, "reading the lobby", &st);
    if (!r) return st;
    bool good = true;
    for (int i = 0; good && i < PQntuples(r) && i < max; i++) {
        lt_lobby_row_t *x = &rows[i];
        memset(x, 0, sizeof *x);
        good = lk_col_int(l, r, i, "seated", &x->seated) &&
               lk_col_int(l, r, i, "left_ms", &x->left_ms);
        int c = PQfnumber(r, "round");
        x->round = c >= 0 && !PQgetisnull(r, i, c) ? strtoll(PQgetvalue(r, i, c), NULL, 10) : 0;
        c = PQfnumber(r, "pool_value");
        x->pool_value =
            c >= 0 && !PQgetisnull(r, i, c) ? strtoll(PQgetvalue(r, i, c), NULL, 10) : -1;
        lk_col_text(r, i, "tab", x->tab, sizeof x->tab);
        lk_col_text(r, i, "title", x->title, sizeof x->title);
        lk_col_text(r, i, "variant", x->variant, sizeof x->variant);
        lk_col_text(r, i, "limits", x->limits, sizeof x->limits);
        lk_col_text(r, i, "currency", x->currency, sizeof x->currency);
        lk_col_text(r, i, "phase", x->phase, sizeof x->phase);
        if (good) *n = i + 1;
    }
    PQclear(r);
    return good ? LINK_OK : LINK_REFUSED;
}

link_status_t link_table_listen(link_t *l, const char *tab) {
    return lk_listen_channel(l, "sptable_", tab);
}

static int64_t mono_ms(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

link_status_t link_table_wait(link_t *l, int timeout_ms, bool *changed) {
    *changed = false;
    int64_t until = mono_ms() + (timeout_ms > 0 ? timeout_ms : 0);
    for (;;) {
        if (!l->conn || PQstatus(l->conn) != CONNECTION_OK)
            return lk_say(l, LINK_DOWN, "not connected to the controller");
        if (!PQconsumeInput(l->conn))
            return lk_say(l, LINK_DOWN, "the link to the controller dropped: %s",
                          PQerrorMessage(l->conn));
        PGnotify *n;
        while ((n = PQnotifies(l->conn)) != NULL) {
            if (strncmp(n->relname, "sptable_", 8) == 0) {
                *changed = true;
                /* the round dealt, or a step of it opened ("table=T round=R phase=deciding
                 * ..."): a player reads its hand and decisions (table_look), unless it holds
                 * none in that round; any other phase: table_now */
                const char *p = strstr(n->extra, " phase="), *rd = strstr(n->extra, " round=");
                l->look_full = p && rd && strncmp(p + 7, "deciding ", 9) == 0 &&
                               strtoll(rd + 7, NULL, 10) != l->no_hand_round;
            }
            PQfreemem(n);
        }
        int64_t left = until - mono_ms();
        if (*changed || left <= 0) return LINK_OK;
        struct pollfd pfd = {.fd = PQsocket(l->conn), .events = POLLIN};
        if (poll(&pfd, 1, (int)left) < 0 && errno != EINTR)
            return lk_say(l, LINK_DOWN, "waiting for the controller failed: %s", strerror(errno));
    }
}
