/* link_table_host: the shared tables' calls of a host (and of an operator's audit) over libpq.
 * See link_table.h, and table_host.sql and table_operator.sql for what the server does with each.
 * (A terminal's calls are in link_table.c, with the arrays' text form both use.) */
#define _POSIX_C_SOURCE 200809L
#include "link_table.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "link_internal.h"

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
    bool good = lt_one_row(l, r, "a new round") && lk_col_i64(l, r, 0, "round", round);
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
        int k = lt_parse_i64_array(end + 1, a, LT_WAGERS);
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
    lt_num(rs, sizeof rs, round);
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
    lt_num(rs, sizeof rs, round);
    snprintf(ws, sizeof ws, "%d", wagers);
    int64_t *staked = malloc(sizeof *staked * (size_t)(nvoids ? nvoids : 1));
    if (staked)
        for (int i = 0; i < nvoids; i++) staked[i] = voids[i].staked;
    /* the arrays in binary (lt_i64_array_bin: a table of thousands' decks are 1.5 MB of text) */
    int len[13] = {0}, fmt[13] = {0};
    char *a[6] = {lt_text_array_bin(nhands, hand_machine, hands, &len[6]),
                  lt_text_array_bin(nhands, hand_cards, hands, &len[7]),
                  lt_text_array_bin(nhands, hand_deck, hands, &len[8]),
                  lt_text_array_bin(nvoids, void_machine, voids, &len[9]),
                  staked ? lt_i64_array_bin(nvoids, staked, &len[10]) : NULL,
                  lt_text_array_bin(nvoids, void_reason, voids, &len[11])};
    link_status_t st = LINK_DOWN;
    if (a[0] && a[1] && a[2] && a[3] && a[4] && a[5]) {
        const char *vals[] = {tab,  rs,   deck, dealer, up,   board, a[0],
                              a[1], a[2], a[3], a[4],   a[5], ws};
        for (int i = 6; i < 12; i++) fmt[i] = 1;
        PGresult *r = lk_run_bin(l,
                                 "SELECT sptable.host_deal($1, $2::bigint, $3, $4, $5, $6, "
                                 "$7::text[], $8::text[], $9::text[], $10::text[], $11::bigint[], "
                                 "$12::text[], $13::integer)",
                                 13, vals, len, fmt, "dealing", &st);
        PQclear(r);
    } else {
        lk_say(l, LINK_DOWN, "out of memory for the deal");
    }
    free(staked);
    for (int i = 0; i < 6; i++) free(a[i]);
    return st;
}

link_status_t link_host_seated(link_t *l, const char *tab, int *seated) {
    *seated = 0;
    const char *vals[] = {tab};
    link_status_t st;
    PGresult *r = lk_run(l, "SELECT sptable.host_seated($1) AS seated", 1, vals,
                         "counting the players seated", &st);
    if (!r) return st;
    bool good = lt_one_row(l, r, "the seats") && lk_col_int(l, r, 0, "seated", seated);
    PQclear(r);
    return good ? LINK_OK : LINK_REFUSED;
}

link_status_t link_host_step(link_t *l, const char *tab, int64_t round, int *step, int *waiting,
                             int *left_ms) {
    char rs[24];
    lt_num(rs, sizeof rs, round);
    const char *vals[] = {tab, rs};
    link_status_t st;
    PGresult *r = lk_run(l, "SELECT * FROM sptable.host_step($1, $2::bigint)", 2, vals,
                         "reading the decisions", &st);
    if (!r) return st;
    bool good = lt_one_row(l, r, "a step") && lk_col_int(l, r, 0, "step", step) &&
                lk_col_int(l, r, 0, "waiting", waiting) && lk_col_int(l, r, 0, "left_ms", left_ms);
    PQclear(r);
    return good ? LINK_OK : LINK_REFUSED;
}

link_status_t link_host_close_step(link_t *l, const char *tab, int64_t round, int step, bool next,
                                   int *playing) {
    *playing = 0;
    char rs[24], ss[16];
    lt_num(rs, sizeof rs, round);
    snprintf(ss, sizeof ss, "%d", step);
    const char *vals[] = {tab, rs, ss, next ? "true" : "false"};
    link_status_t st;
    PGresult *r = lk_run(l,
                         "SELECT sptable.host_close_step($1, $2::bigint, $3::integer, "
                         "$4::boolean) AS playing",
                         4, vals, "closing the decisions", &st);
    if (!r) return st;
    bool good = lt_one_row(l, r, "a step closed") && lk_col_int(l, r, 0, "playing", playing);
    PQclear(r);
    return good ? LINK_OK : LINK_REFUSED;
}

link_status_t link_host_players(link_t *l, const char *tab, int64_t round, lt_player_t *out,
                                int max, int *n) {
    *n = 0;
    char rs[24];
    lt_num(rs, sizeof rs, round);
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

/* A player's decisions as host_decisions sends them, "step:action:multiple:amount:{a,b,...} ..."
 * (amounts {} without a raise), into p: its decisions as host_players gives them
 * ("step:action:multiple:amount ...") and each raise added to its stakes, as sum_stakes adds a
 * stake of a step after the deal. */
static bool add_decisions(const char *text, lt_player_t *p) {
    size_t used = strlen(p->decisions);
    for (const char *c = text; c && *c;) {
        char *end;
        long step = strtol(c, &end, 10);
        const char *amounts = strchr(c, '{');
        if (end == c || *end != ':' || step < 0 || !amounts || amounts[-1] != ':') return false;
        int64_t a[LT_WAGERS];
        int k = lt_parse_i64_array(amounts, a, LT_WAGERS);
        if (k < 0) return false;
        used += (size_t)snprintf(p->decisions + used, sizeof p->decisions - used, "%s%.*s",
                                 used ? " " : "", (int)(amounts - 1 - c), c);
        if (used >= sizeof p->decisions) return false;
        for (int w = 0; w < k; w++) p->stakes[w] += a[w], p->raised += a[w];
        if (k > p->nstakes) p->nstakes = k;
        c = strchr(amounts, '}');
        if (!c) return false;
        for (c++; *c == ' '; c++) {
        }
    }
    return true;
}

static int by_machine(const void *a, const void *b) {
    return strcmp((*(const lt_player_t *const *)a)->machine,
                  (*(const lt_player_t *const *)b)->machine);
}

link_status_t link_host_decisions(link_t *l, const char *tab, int64_t round, lt_player_t *players,
                                  int n) {
    char rs[24];
    lt_num(rs, sizeof rs, round);
    const char *vals[] = {tab, rs};
    link_status_t st;
    PGresult *r = lk_run(l, "SELECT * FROM sptable.host_decisions($1, $2::bigint)", 2, vals,
                         "reading the decisions", &st);
    if (!r) return st;
    int rows = PQntuples(r), cm = PQfnumber(r, "machine"), cd = PQfnumber(r, "decisions");
    /* the players by name: the table gives its rows in an order of its own */
    lt_player_t **by = malloc(sizeof *by * (size_t)(n ? n : 1));
    if (!by) st = lk_say(l, LINK_DOWN, "out of memory for the decisions");
    if (by && (cm < 0 || cd < 0))
        st = lk_say(l, LINK_REFUSED,
                    "the controller's decisions have no machine or decisions (run `studpoker link "
                    "init`)");
    if (st == LINK_OK) {
        for (int i = 0; i < n; i++) by[i] = &players[i];
        qsort(by, (size_t)n, sizeof *by, by_machine);
    }
    for (int i = 0; st == LINK_OK && i < rows; i++) {
        lt_player_t key, *k = &key, **p;
        snprintf(key.machine, sizeof key.machine, "%s", PQgetvalue(r, i, cm));
        p = bsearch(&k, by, (size_t)n, sizeof *by, by_machine);
        if (!p || !add_decisions(PQgetvalue(r, i, cd), *p))
            st = lk_say(l, LINK_REFUSED,
                        "the controller's decisions of %s are not a dealt player's decisions: %s",
                        key.machine, PQgetvalue(r, i, cd));
    }
    free(by);
    PQclear(r);
    return st;
}

/* The players asked about (link_host_decisions_of): item i is players[which[i]]'s machine. */
typedef struct asked {
    const lt_player_t *players;
    const int *which;
} asked_t;
static const char *asked_machine(const void *c, int i) {
    const asked_t *a = c;
    return a->players[a->which[i]].machine;
}

link_status_t link_host_decisions_of(link_t *l, const char *tab, int64_t round,
                                     lt_player_t *players, const int *which, int k) {
    char rs[24];
    lt_num(rs, sizeof rs, round);
    asked_t a = {players, which};
    int len[3] = {0}, fmt[3] = {0, 0, 1};
    char *m = lt_text_array_bin(k, asked_machine, &a, &len[2]);
    if (!m) return lk_say(l, LINK_DOWN, "out of memory for the decisions");
    const char *vals[] = {tab, rs, m};
    link_status_t st;
    PGresult *r =
        lk_run_bin(l, "SELECT * FROM sptable.host_decisions_of($1, $2::bigint, $3::text[])", 3,
                   vals, len, fmt, "reading the decisions", &st);
    free(m);
    if (!r) return st;
    int ci = PQfnumber(r, "i"), cm = PQfnumber(r, "machine"), cd = PQfnumber(r, "decisions");
    if (ci < 0 || cm < 0 || cd < 0)
        st = lk_say(l, LINK_REFUSED,
                    "the controller's decisions have no place, machine or decisions (run "
                    "`studpoker link init`)");
    for (int row = 0; st == LINK_OK && row < PQntuples(r); row++) {
        long i = strtol(PQgetvalue(r, row, ci), NULL, 10) - 1;
        lt_player_t *p = i >= 0 && i < k ? &players[which[i]] : NULL;
        if (!p || strcmp(p->machine, PQgetvalue(r, row, cm)) != 0) {
            st = lk_say(l, LINK_REFUSED,
                        "the controller's decisions of %s are not of a player asked",
                        PQgetvalue(r, row, cm));
            break;
        }
        /* read afresh: the player's bets, then every decision it made so far with its raise */
        memcpy(p->stakes, p->amounts, sizeof p->stakes);
        p->nstakes = p->n, p->raised = 0, p->decisions[0] = '\0';
        if (!add_decisions(PQgetvalue(r, row, cd), p))
            st = lk_say(l, LINK_REFUSED, "the controller's decisions of %s are not decisions: %s",
                        p->machine, PQgetvalue(r, row, cd));
    }
    PQclear(r);
    return st;
}

/* The settlement's rows by machine (what the accessors below read: row i is by[i]). */
static const char *settle_machine(const void *c, int i) {
    return ((const lt_settle_t *const *)c)[i]->machine;
}
static const char *settle_verdict(const void *c, int i) {
    return ((const lt_settle_t *const *)c)[i]->verdict;
}
static const char *settle_decisions(const void *c, int i) {
    return ((const lt_settle_t *const *)c)[i]->decisions;
}
static int settle_by_machine(const void *a, const void *b) {
    return strcmp((*(const lt_settle_t *const *)a)->machine,
                  (*(const lt_settle_t *const *)b)->machine);
}

link_status_t link_host_settle(link_t *l, const char *tab, int64_t round, const lt_settle_t *rows,
                               int n, int wagers) {
    if (wagers < 1 || wagers > LT_WAGERS)
        return lk_say(l, LINK_REFUSED, "a settlement has 1 to %d wagers", LT_WAGERS);
    size_t cells = (size_t)(n ? n : 1) * (size_t)wagers;
    int64_t *staked = malloc(sizeof *staked * (size_t)(n ? n : 1));
    int64_t *totals = malloc(sizeof *totals * (size_t)(n ? n : 1));
    int64_t *ret = malloc(sizeof *ret * cells), *stk = malloc(sizeof *stk * cells);
    /* the rows in the order of the results' keys (by machine): the server writes each into its
     * indexes next to the one before, where rows in seat order went all over them (the recording
     * of 10,000 took a fifth to a third longer) */
    const lt_settle_t **by = malloc(sizeof *by * (size_t)(n ? n : 1));
    for (int i = 0; by && i < n; i++) by[i] = &rows[i];
    if (by) qsort(by, (size_t)n, sizeof *by, settle_by_machine);
    /* the arrays in binary (lt_i64_array_bin: the server read 240,000 amounts as text in 18 ms) */
    int len[10] = {0}, fmt[10] = {0, 0, 1, 1, 1, 0, 1, 1, 1, 1};
    char *m = by ? lt_text_array_bin(n, settle_machine, by, &len[2]) : NULL;
    char *v = by ? lt_text_array_bin(n, settle_verdict, by, &len[7]) : NULL;
    char *d = by ? lt_text_array_bin(n, settle_decisions, by, &len[8]) : NULL;
    char *ss = NULL, *ts = NULL, *rs_ = NULL, *ks = NULL;
    if (by && staked && totals && ret && stk) {
        for (int i = 0; i < n; i++) {
            staked[i] = by[i]->staked, totals[i] = by[i]->total;
            memcpy(ret + (size_t)i * (size_t)wagers, by[i]->returned, sizeof *ret * (size_t)wagers);
            memcpy(stk + (size_t)i * (size_t)wagers, by[i]->stakes, sizeof *stk * (size_t)wagers);
        }
        ss = lt_i64_array_bin(n, staked, &len[3]), ts = lt_i64_array_bin(n, totals, &len[6]);
        rs_ = lt_i64_array_bin(n * wagers, ret, &len[4]);
        ks = lt_i64_array_bin(n * wagers, stk, &len[9]);
    }
    link_status_t st = LINK_DOWN;
    char rn[24], ws[16];
    lt_num(rn, sizeof rn, round);
    snprintf(ws, sizeof ws, "%d", wagers);
    if (m && v && d && ss && ts && rs_ && ks) {
        const char *vals[] = {tab, rn, m, ss, rs_, ws, ts, v, d, ks};
        PGresult *r = lk_run_bin(l,
                                 "SELECT sptable.host_settle($1, $2::bigint, $3::text[], "
                                 "$4::bigint[], $5::bigint[], $6::integer, $7::bigint[], "
                                 "$8::text[], $9::text[], $10::bigint[])",
                                 10, vals, len, fmt, "settling", &st);
        PQclear(r);
    } else {
        lk_say(l, LINK_DOWN, "out of memory for the settlement");
    }
    free(staked), free(totals), free(ret), free(stk), free(m), free(v), free(d);
    free(ss), free(ts), free(rs_), free(ks), free(by);
    return st;
}

link_status_t link_host_cancel(link_t *l, const char *tab, int64_t round, const char *reason,
                               int wagers, int *refunded) {
    *refunded = 0;
    char rs[24], ws[16];
    lt_num(rs, sizeof rs, round);
    snprintf(ws, sizeof ws, "%d", wagers);
    const char *vals[] = {tab, rs, reason, ws};
    link_status_t st;
    PGresult *r =
        lk_run(l, "SELECT sptable.host_cancel($1, $2::bigint, $3, $4::integer) AS refunded", 4,
               vals, "cancelling the round", &st);
    if (!r) return st;
    bool good = lt_one_row(l, r, "a cancel") && lk_col_int(l, r, 0, "refunded", refunded);
    PQclear(r);
    return good ? LINK_OK : LINK_REFUSED;
}

/* ---- an operator's audit ---- */

link_status_t link_audit_round(link_t *l, const char *tab, int64_t round, char phase[16],
                               lt_audit_row_t *rows, int max, int *n) {
    *n = 0;
    phase[0] = '\0';
    char rs[24];
    lt_num(rs, sizeof rs, round);
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
               lt_col_i64_array(l, r, i, "returned", x->returned, LT_WAGERS, &x->nreturned);
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
    bool good = lt_one_row(l, r, "the audit") && lk_col_i64(l, r, 0, "rounds", &out->rounds) &&
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
    lt_num(rs, sizeof rs, round);
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
