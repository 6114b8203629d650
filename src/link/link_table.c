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

/* A growing text buffer; on a failed allocation it stays NULL and the call says so. */
typedef struct buf {
    char *s;
    size_t len, cap;
} buf_t;

static void put(buf_t *b, const char *t, size_t n) {
    if (!b->s && b->cap) return; /* failed before */
    if (b->len + n + 1 > b->cap) {
        size_t cap = (b->cap ? b->cap * 2 : 256);
        while (cap < b->len + n + 1) cap *= 2;
        char *s = realloc(b->s, cap);
        if (!s) {
            free(b->s);
            b->s = NULL, b->cap = 1;
            return;
        }
        b->s = s, b->cap = cap;
    }
    memcpy(b->s + b->len, t, n);
    b->len += n;
    b->s[b->len] = '\0';
}

static void puts_(buf_t *b, const char *t) {
    put(b, t, strlen(t));
}

/* {"a","b"}: each item quoted, its quotes and backslashes escaped. get(i) gives item i. */
static char *text_array(int n, const char *(*get)(const void *, int), const void *ctx) {
    buf_t b = {0};
    puts_(&b, "{");
    for (int i = 0; i < n; i++) {
        if (i) puts_(&b, ",");
        puts_(&b, "\"");
        for (const char *c = get(ctx, i); *c; c++) {
            if (*c == '"' || *c == '\\') puts_(&b, "\\");
            put(&b, c, 1);
        }
        puts_(&b, "\"");
    }
    puts_(&b, "}");
    return b.s;
}

static char *i64_array(int n, const int64_t *v) {
    buf_t b = {0};
    puts_(&b, "{");
    for (int i = 0; i < n; i++) {
        char num[32];
        snprintf(num, sizeof num, "%s%" PRId64, i ? "," : "", v[i]);
        puts_(&b, num);
    }
    puts_(&b, "}");
    return b.s;
}

/* "{1,2,3}" into out (up to max); the count, or -1 when it is not such an array. */
static int parse_i64_array(const char *s, int64_t *out, int max) {
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

static bool col_i64_array(link_t *l, PGresult *r, int row, const char *name, int64_t *out, int max,
                          int *n) {
    int c = PQfnumber(r, name);
    *n = 0;
    if (c < 0) {
        lk_say(l, LINK_REFUSED, "the controller's answer has no %s (run `studpoker link init`)",
               name);
        return false;
    }
    if (PQgetisnull(r, row, c)) return true;
    int k = parse_i64_array(PQgetvalue(r, row, c), out, max);
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

static bool one_row(link_t *l, PGresult *r, const char *what) {
    if (PQntuples(r) == 1) return true;
    lk_say(l, LINK_REFUSED, "the controller gave %d rows for %s", PQntuples(r), what);
    return false;
}

static void num(char *buf, size_t n, int64_t v) {
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
    bool good = one_row(l, r, "a seat") && lk_col_int(l, r, 0, "betting_ms", &out->betting_ms) &&
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
    bool good = lk_col_i64(l, r, 0, "round", &out->round) &&
                lk_col_int(l, r, 0, "step", &out->step) &&
                lk_col_int(l, r, 0, "betting_left_ms", &out->betting_left_ms) &&
                lk_col_int(l, r, 0, "deciding_left_ms", &out->deciding_left_ms) &&
                lk_col_int(l, r, 0, "players", &out->players) &&
                lk_col_int(l, r, 0, "seated", &out->seated) &&
                lk_col_i64(l, r, 0, "my_staked", &out->my_staked) &&
                lk_col_i64(l, r, 0, "my_total", &out->my_total) &&
                lk_col_i64(l, r, 0, "pool_value", &out->pool_value) &&
                col_i64_array(l, r, 0, "my_returned", out->my_returned, LT_WAGERS, &out->nreturned);
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
    bool good = one_row(l, r, "the table") && view_row(l, r, out);
    PQclear(r);
    return good ? LINK_OK : LINK_REFUSED;
}

link_status_t link_table_stake(link_t *l, const char *machine, const char *tab, int64_t round,
                               int64_t transfer, const int64_t *amounts, int n, lt_answer_t *out) {
    memset(out, 0, sizeof *out);
    if (n < 1 || n > LT_WAGERS)
        return lk_say(l, LINK_REFUSED, "a stake has 1 to %d amounts, not %d", LT_WAGERS, n);
    char rs[24], ts[24];
    num(rs, sizeof rs, round), num(ts, sizeof ts, transfer);
    char *arr = i64_array(n, amounts);
    if (!arr) return lk_say(l, LINK_DOWN, "out of memory for a stake");
    const char *vals[] = {machine, tab, rs, ts, arr};
    link_status_t st;
    PGresult *r = lk_run(l,
                         "SELECT * FROM sptable.table_stake($1, $2, $3::bigint, $4::bigint, "
                         "$5::bigint[])",
                         5, vals, "a stake", &st);
    free(arr);
    if (!r) return st;
    bool good = one_row(l, r, "a stake");
    if (good) answer(r, out);
    PQclear(r);
    return good ? LINK_OK : LINK_REFUSED;
}

link_status_t link_table_decide(link_t *l, const char *machine, const char *tab, int64_t round,
                                int step, const char *action, int multiple, int64_t transfer,
                                int64_t amount, lt_answer_t *out) {
    memset(out, 0, sizeof *out);
    char rs[24], ss[16], ms[16], ts[24], as[24];
    num(rs, sizeof rs, round), num(ss, sizeof ss, step), num(ms, sizeof ms, multiple);
    num(ts, sizeof ts, transfer), num(as, sizeof as, amount);
    const char *vals[] = {machine, tab, rs, ss, action, ms, transfer > 0 ? ts : NULL, as};
    link_status_t st;
    PGresult *r = lk_run(l,
                         "SELECT * FROM sptable.table_decide($1, $2, $3::bigint, $4::integer, $5, "
                         "$6::integer, $7::bigint, $8::bigint)",
                         8, vals, "a decision", &st);
    if (!r) return st;
    bool good = one_row(l, r, "a decision");
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
                col_i64_array(l, r, i, c[3], x->returned, LT_WAGERS, &x->nreturned) &&
                col_i64_array(l, r, i, c[4], x->stakes, LT_WAGERS, &x->nstakes);
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
    num(as, sizeof as, after);
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

link_status_t link_table_look(link_t *l, const char *machine, const char *tab, int64_t after,
                              lt_view_t *view, lt_result_t *out, int max, int *n, bool *more) {
    memset(view, 0, sizeof *view);
    *n = 0;
    *more = false;
    char as[24];
    num(as, sizeof as, after);
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

link_status_t link_table_transfer(link_t *l, const char *machine, int64_t transfer,
                                  lt_transfer_t *out) {
    memset(out, 0, sizeof *out);
    char ts[24];
    num(ts, sizeof ts, transfer);
    const char *vals[] = {machine, ts};
    link_status_t st;
    PGresult *r = lk_run(l, "SELECT * FROM sptable.table_transfer($1, $2::bigint)", 2, vals,
                         "asking about a stake", &st);
    if (!r) return st;
    bool good = one_row(l, r, "a stake");
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
            if (strncmp(n->relname, "sptable_", 8) == 0) *changed = true;
            PQfreemem(n);
        }
        int64_t left = until - mono_ms();
        if (*changed || left <= 0) return LINK_OK;
        struct pollfd pfd = {.fd = PQsocket(l->conn), .events = POLLIN};
        if (poll(&pfd, 1, (int)left) < 0 && errno != EINTR)
            return lk_say(l, LINK_DOWN, "waiting for the controller failed: %s", strerror(errno));
    }
}

/* ---- the host's ---- */

link_status_t link_host_publish(link_t *l, const char *tab, const char *config, const char *title,
                                const char *variant, const char *limits, int betting_ms,
                                int deciding_ms, const char *deal, const char *pool,
                                const char *link_machine) {
    char bs[16], ds[16];
    snprintf(bs, sizeof bs, "%d", betting_ms);
    snprintf(ds, sizeof ds, "%d", deciding_ms);
    const char *vals[] = {tab, config, title, variant, limits, bs, ds, deal, pool, link_machine};
    link_status_t st;
    PGresult *r = lk_run(l,
                         "SELECT sptable.host_publish($1, $2, $3, $4, $5, $6::integer, "
                         "$7::integer, $8, $9, $10)",
                         10, vals, "publishing the table", &st);
    PQclear(r);
    return st;
}

link_status_t link_host_round(link_t *l, const char *tab, lt_host_round_t *out) {
    memset(out, 0, sizeof *out);
    const char *vals[] = {tab};
    link_status_t st;
    PGresult *r = lk_run(l, "SELECT * FROM sptable.host_round($1)", 1, vals,
                         "reading the table's round", &st);
    if (!r) return st;
    bool good = true;
    if (PQntuples(r) == 1) {
        out->found = true;
        good = lk_col_i64(l, r, 0, "round", &out->round) &&
               lk_col_int(l, r, 0, "step", &out->step) &&
               lk_col_int(l, r, 0, "betting_left_ms", &out->betting_left_ms) &&
               lk_col_int(l, r, 0, "deciding_left_ms", &out->deciding_left_ms) &&
               lk_col_i64(l, r, 0, "age_ms", &out->age_ms);
        lk_col_text(r, 0, "phase", out->phase, sizeof out->phase);
        lk_col_text(r, 0, "config_hash", out->config_hash, sizeof out->config_hash);
        lk_col_text(r, 0, "deck", out->deck, sizeof out->deck);
    }
    PQclear(r);
    return good ? LINK_OK : LINK_REFUSED;
}

link_status_t link_host_open(link_t *l, const char *tab, const char *config_hash, int64_t *round) {
    *round = 0;
    const char *vals[] = {tab, config_hash};
    link_status_t st;
    PGresult *r =
        lk_run(l, "SELECT sptable.host_open($1, $2) AS round", 2, vals, "opening a round", &st);
    if (!r) return st;
    bool good = one_row(l, r, "a new round") && lk_col_i64(l, r, 0, "round", round);
    PQclear(r);
    return good ? LINK_OK : LINK_REFUSED;
}

/* A player's accepted stakes as the table sends them, "step:{a,b,...} ..." (step -1: the bets
 * before the deal), summed into p: the bets per wager, every stake per wager, the totals. */
static bool sum_stakes(const char *text, lt_player_t *p) {
    for (const char *c = text; c && *c;) {
        char *end;
        long step = strtol(c, &end, 10);
        if (end == c || *end != ':') return false;
        int64_t a[LT_WAGERS];
        int k = parse_i64_array(end + 1, a, LT_WAGERS);
        if (k < 0) return false;
        int64_t sum = 0;
        for (int w = 0; w < k; w++) {
            sum += a[w], p->stakes[w] += a[w];
            if (step < 0) p->amounts[w] += a[w];
        }
        if (k > p->nstakes) p->nstakes = k;
        if (step < 0 && k > p->n) p->n = k;
        if (step < 0)
            p->staked += sum;
        else
            p->raised += sum;
        c = strchr(end + 1, '}');
        if (!c) return false;
        for (c++; *c == ' '; c++) {
        }
    }
    return true;
}

link_status_t link_host_close_betting(link_t *l, const char *tab, int64_t round, lt_bets_t *out,
                                      int max, int *n) {
    *n = 0;
    char rs[24];
    num(rs, sizeof rs, round);
    const char *vals[] = {tab, rs};
    link_status_t st;
    PGresult *r = lk_run(l, "SELECT * FROM sptable.host_close_betting($1, $2::bigint)", 2, vals,
                         "closing the bets", &st);
    if (!r) return st;
    int rows = PQntuples(r);
    bool good = rows <= max;
    if (!good) lk_say(l, LINK_REFUSED, "%d players bet: the host takes %d", rows, max), *n = rows;
    int cm = PQfnumber(r, "machine"), cs = PQfnumber(r, "stakes"), cp = PQfnumber(r, "present");
    if (good && (cm < 0 || cs < 0 || cp < 0))
        good = false, lk_say(l, LINK_REFUSED,
                             "the controller's bets have no machine, stakes or presence (run "
                             "`studpoker link init`)");
    for (int i = 0; good && i < rows; i++) {
        lt_bets_t *b = &out[i];
        memset(b, 0, sizeof *b);
        snprintf(b->machine, sizeof b->machine, "%s", PQgetvalue(r, i, cm));
        b->present = PQgetvalue(r, i, cp)[0] == 't';
        lt_player_t sum = {0};
        good = sum_stakes(PQgetvalue(r, i, cs), &sum);
        if (!good)
            lk_say(l, LINK_REFUSED, "the controller's bets of %s are not amounts it takes: %s",
                   b->machine, PQgetvalue(r, i, cs));
        memcpy(b->amounts, sum.amounts, sizeof b->amounts);
        b->n = sum.n, b->staked = sum.staked;
        if (good) *n = i + 1;
    }
    PQclear(r);
    return good ? LINK_OK : LINK_REFUSED;
}

static const char *hand_machine(const void *c, int i) {
    return ((const lt_hand_t *)c)[i].machine;
}
static const char *hand_cards(const void *c, int i) {
    return ((const lt_hand_t *)c)[i].cards;
}
static const char *hand_deck(const void *c, int i) {
    return ((const lt_hand_t *)c)[i].deck;
}
static const char *void_machine(const void *c, int i) {
    return ((const lt_void_t *)c)[i].machine;
}
static const char *void_reason(const void *c, int i) {
    return ((const lt_void_t *)c)[i].reason;
}

link_status_t link_host_deal(link_t *l, const char *tab, int64_t round, const char *deck,
                             const char *dealer, const char *up, const char *board,
                             const lt_hand_t *hands, int nhands, const lt_void_t *voids, int nvoids,
                             int wagers) {
    char rs[24], ws[16];
    num(rs, sizeof rs, round);
    snprintf(ws, sizeof ws, "%d", wagers);
    int64_t *staked = malloc(sizeof *staked * (size_t)(nvoids ? nvoids : 1));
    if (staked)
        for (int i = 0; i < nvoids; i++) staked[i] = voids[i].staked;
    char *m = text_array(nhands, hand_machine, hands), *c = text_array(nhands, hand_cards, hands);
    char *d = text_array(nhands, hand_deck, hands), *vm = text_array(nvoids, void_machine, voids);
    char *vr = text_array(nvoids, void_reason, voids);
    char *vs = staked ? i64_array(nvoids, staked) : NULL;
    link_status_t st = LINK_DOWN;
    if (m && c && d && vm && vr && vs) {
        const char *vals[] = {tab, rs, deck, dealer, up, board, m, c, d, vm, vs, vr, ws};
        PGresult *r = lk_run(l,
                             "SELECT sptable.host_deal($1, $2::bigint, $3, $4, $5, $6, $7::text[], "
                             "$8::text[], $9::text[], $10::text[], $11::bigint[], $12::text[], "
                             "$13::integer)",
                             13, vals, "dealing", &st);
        PQclear(r);
    } else {
        lk_say(l, LINK_DOWN, "out of memory for the deal");
    }
    free(staked), free(m), free(c), free(d), free(vm), free(vr), free(vs);
    return st;
}

link_status_t link_host_seated(link_t *l, const char *tab, int *seated) {
    *seated = 0;
    const char *vals[] = {tab};
    link_status_t st;
    PGresult *r = lk_run(l, "SELECT sptable.host_seated($1) AS seated", 1, vals,
                         "counting the players seated", &st);
    if (!r) return st;
    bool good = one_row(l, r, "the seats") && lk_col_int(l, r, 0, "seated", seated);
    PQclear(r);
    return good ? LINK_OK : LINK_REFUSED;
}

link_status_t link_host_step(link_t *l, const char *tab, int64_t round, int *step, int *waiting,
                             int *left_ms) {
    char rs[24];
    num(rs, sizeof rs, round);
    const char *vals[] = {tab, rs};
    link_status_t st;
    PGresult *r = lk_run(l, "SELECT * FROM sptable.host_step($1, $2::bigint)", 2, vals,
                         "reading the decisions", &st);
    if (!r) return st;
    bool good = one_row(l, r, "a step") && lk_col_int(l, r, 0, "step", step) &&
                lk_col_int(l, r, 0, "waiting", waiting) && lk_col_int(l, r, 0, "left_ms", left_ms);
    PQclear(r);
    return good ? LINK_OK : LINK_REFUSED;
}

link_status_t link_host_close_step(link_t *l, const char *tab, int64_t round, int step, bool next,
                                   int *playing) {
    *playing = 0;
    char rs[24], ss[16];
    num(rs, sizeof rs, round);
    snprintf(ss, sizeof ss, "%d", step);
    const char *vals[] = {tab, rs, ss, next ? "true" : "false"};
    link_status_t st;
    PGresult *r = lk_run(l,
                         "SELECT sptable.host_close_step($1, $2::bigint, $3::integer, "
                         "$4::boolean) AS playing",
                         4, vals, "closing the decisions", &st);
    if (!r) return st;
    bool good = one_row(l, r, "a step closed") && lk_col_int(l, r, 0, "playing", playing);
    PQclear(r);
    return good ? LINK_OK : LINK_REFUSED;
}

link_status_t link_host_players(link_t *l, const char *tab, int64_t round, lt_player_t *out,
                                int max, int *n) {
    *n = 0;
    char rs[24];
    num(rs, sizeof rs, round);
    const char *vals[] = {tab, rs};
    link_status_t st;
    PGresult *r = lk_run(l, "SELECT * FROM sptable.host_players($1, $2::bigint)", 2, vals,
                         "reading the players", &st);
    if (!r) return st;
    int rows = PQntuples(r);
    bool good = rows <= max;
    if (!good)
        lk_say(l, LINK_REFUSED, "%d players were dealt: the host takes %d", rows, max), *n = rows;
    int cm = PQfnumber(r, "machine"), cs = PQfnumber(r, "stakes"), cd = PQfnumber(r, "deck"),
        cx = PQfnumber(r, "decisions");
    if (good && (cm < 0 || cs < 0 || cd < 0 || cx < 0))
        good = false, lk_say(l, LINK_REFUSED,
                             "the controller's players have no machine, stakes, deck or decisions "
                             "(run `studpoker link init`)");
    /* a table of thousands: the columns found once, not by name in every row */
    for (int i = 0; good && i < rows; i++) {
        lt_player_t *p = &out[i];
        memset(p, 0, sizeof *p);
        snprintf(p->machine, sizeof p->machine, "%s", PQgetvalue(r, i, cm));
        snprintf(p->deck, sizeof p->deck, "%s", PQgetvalue(r, i, cd));
        snprintf(p->decisions, sizeof p->decisions, "%s", PQgetvalue(r, i, cx));
        good = sum_stakes(PQgetvalue(r, i, cs), p);
        if (!good)
            lk_say(l, LINK_REFUSED, "the controller's stakes of %s are not amounts it takes: %s",
                   p->machine, PQgetvalue(r, i, cs));
        if (good) *n = i + 1;
    }
    PQclear(r);
    return good ? LINK_OK : LINK_REFUSED;
}

static const char *settle_machine(const void *c, int i) {
    return ((const lt_settle_t *)c)[i].machine;
}
static const char *settle_verdict(const void *c, int i) {
    return ((const lt_settle_t *)c)[i].verdict;
}

static const char *settle_decisions(const void *c, int i) {
    return ((const lt_settle_t *)c)[i].decisions;
}

link_status_t link_host_settle(link_t *l, const char *tab, int64_t round, const lt_settle_t *rows,
                               int n, int wagers) {
    if (wagers < 1 || wagers > LT_WAGERS)
        return lk_say(l, LINK_REFUSED, "a settlement has 1 to %d wagers", LT_WAGERS);
    size_t cells = (size_t)(n ? n : 1) * (size_t)wagers;
    int64_t *staked = malloc(sizeof *staked * (size_t)(n ? n : 1));
    int64_t *totals = malloc(sizeof *totals * (size_t)(n ? n : 1));
    int64_t *ret = malloc(sizeof *ret * cells), *stk = malloc(sizeof *stk * cells);
    char *m = text_array(n, settle_machine, rows), *v = text_array(n, settle_verdict, rows);
    char *d = text_array(n, settle_decisions, rows);
    char *ss = NULL, *ts = NULL, *rs_ = NULL, *ks = NULL;
    if (staked && totals && ret && stk) {
        for (int i = 0; i < n; i++) {
            staked[i] = rows[i].staked, totals[i] = rows[i].total;
            memcpy(ret + (size_t)i * (size_t)wagers, rows[i].returned,
                   sizeof *ret * (size_t)wagers);
            memcpy(stk + (size_t)i * (size_t)wagers, rows[i].stakes, sizeof *stk * (size_t)wagers);
        }
        ss = i64_array(n, staked), ts = i64_array(n, totals);
        rs_ = i64_array(n * wagers, ret), ks = i64_array(n * wagers, stk);
    }
    link_status_t st = LINK_DOWN;
    char rn[24], ws[16];
    num(rn, sizeof rn, round);
    snprintf(ws, sizeof ws, "%d", wagers);
    if (m && v && d && ss && ts && rs_ && ks) {
        const char *vals[] = {tab, rn, m, ss, rs_, ws, ts, v, d, ks};
        PGresult *r = lk_run(l,
                             "SELECT sptable.host_settle($1, $2::bigint, $3::text[], $4::bigint[], "
                             "$5::bigint[], $6::integer, $7::bigint[], $8::text[], $9::text[], "
                             "$10::bigint[])",
                             10, vals, "settling", &st);
        PQclear(r);
    } else {
        lk_say(l, LINK_DOWN, "out of memory for the settlement");
    }
    free(staked), free(totals), free(ret), free(stk), free(m), free(v), free(d);
    free(ss), free(ts), free(rs_), free(ks);
    return st;
}

link_status_t link_host_cancel(link_t *l, const char *tab, int64_t round, const char *reason,
                               int wagers, int *refunded) {
    *refunded = 0;
    char rs[24], ws[16];
    num(rs, sizeof rs, round);
    snprintf(ws, sizeof ws, "%d", wagers);
    const char *vals[] = {tab, rs, reason, ws};
    link_status_t st;
    PGresult *r =
        lk_run(l, "SELECT sptable.host_cancel($1, $2::bigint, $3, $4::integer) AS refunded", 4,
               vals, "cancelling the round", &st);
    if (!r) return st;
    bool good = one_row(l, r, "a cancel") && lk_col_int(l, r, 0, "refunded", refunded);
    PQclear(r);
    return good ? LINK_OK : LINK_REFUSED;
}

/* ---- an operator's audit ---- */

link_status_t link_audit_round(link_t *l, const char *tab, int64_t round, char phase[16],
                               lt_audit_row_t *rows, int max, int *n) {
    *n = 0;
    phase[0] = '\0';
    char rs[24];
    num(rs, sizeof rs, round);
    const char *vals[] = {tab, rs};
    link_status_t st;
    PGresult *r = lk_run(l, "SELECT * FROM sptable.audit_round($1, $2::bigint)", 2, vals,
                         "reading a round for the audit", &st);
    if (!r) return st;
    int count = PQntuples(r);
    bool good = count <= max;
    if (!good)
        lk_say(l, LINK_REFUSED, "%d results in a round: the audit takes %d", count, max),
            *n = count;
    if (count > 0) lk_col_text(r, 0, "phase", phase, 16);
    for (int i = 0; good && i < count; i++) {
        lt_audit_row_t *x = &rows[*n];
        memset(x, 0, sizeof *x);
        lk_col_text(r, i, "machine", x->machine, sizeof x->machine);
        if (!x->machine[0]) continue; /* a round without results */
        lk_col_text(r, i, "kind", x->kind, sizeof x->kind);
        good = lk_col_i64(l, r, i, "staked", &x->staked) &&
               lk_col_i64(l, r, i, "total", &x->total) &&
               col_i64_array(l, r, i, "returned", x->returned, LT_WAGERS, &x->nreturned);
        if (good) (*n)++;
    }
    PQclear(r);
    return good ? LINK_OK : LINK_REFUSED;
}

link_status_t link_audit_money(link_t *l, const char *tab, lt_audit_money_t *out) {
    memset(out, 0, sizeof *out);
    const char *vals[] = {tab};
    link_status_t st;
    PGresult *r = lk_run(l, "SELECT * FROM sptable.audit_money($1)", 1, vals,
                         "auditing the table's money", &st);
    if (!r) return st;
    bool good = one_row(l, r, "the audit") && lk_col_i64(l, r, 0, "rounds", &out->rounds) &&
                lk_col_i64(l, r, 0, "finished", &out->finished) &&
                lk_col_i64(l, r, 0, "problems", &out->problems) &&
                lk_col_i64(l, r, 0, "staked", &out->staked) &&
                lk_col_i64(l, r, 0, "returned", &out->returned);
    if (good) lk_col_text(r, 0, "first_problems", out->first_problems, sizeof out->first_problems);
    PQclear(r);
    return good ? LINK_OK : LINK_REFUSED;
}

link_status_t link_audit_linked(link_t *l, const char *tab, int64_t round, lt_linked_win_t *out,
                                int max, int *n) {
    *n = 0;
    char rs[24];
    num(rs, sizeof rs, round);
    const char *vals[] = {tab, rs};
    link_status_t st;
    PGresult *r = lk_run(l, "SELECT * FROM sptable.audit_linked($1, $2::bigint)", 2, vals,
                         "reading a round's linked prizes", &st);
    if (!r) return st;
    bool good = true;
    for (int i = 0; good && i < PQntuples(r) && i < max; i++) {
        memset(&out[i], 0, sizeof out[i]);
        lk_col_text(r, i, "machine", out[i].machine, sizeof out[i].machine);
        good = lk_col_i64(l, r, i, "amount", &out[i].amount);
        if (good) *n = i + 1;
    }
    PQclear(r);
    return good ? LINK_OK : LINK_REFUSED;
}
