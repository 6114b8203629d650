/* link: the client of the linked progressive's controller over libpq. See link.h for the
 * contract and controller.sql for what the server does with each call. */
#define _POSIX_C_SOURCE 200809L
#include "link.h"
#include "link_internal.h"

#include <errno.h>
#include <inttypes.h>
#include <libpq-fe.h>
#include <poll.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "jackpot.h"

/* a linked pool counts in the same units as a machine's own (jackpot.h) */
_Static_assert(LINK_FRAC == JACKPOT_FRAC, "link.h and jackpot.h count frac alike");

/* ---- messages ---- */

link_status_t lk_say(link_t *l, link_status_t st, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(l->msg, sizeof l->msg, fmt, ap);
    va_end(ap);
    /* libpq's messages end in a newline; a message here is one line */
    size_t n = strlen(l->msg);
    while (n > 0 && (l->msg[n - 1] == '\n' || l->msg[n - 1] == ' ')) l->msg[--n] = '\0';
    for (char *c = l->msg; *c; c++)
        if (*c == '\n' || *c == '\t') *c = ' ';
    return st;
}

static const char *conn_error(const link_t *l) {
    const char *e = l->conn ? PQerrorMessage(l->conn) : "";
    return e && *e ? e : "no connection";
}

/* A call the server did not carry out: a refusal when the server answered with an error that
 * the same call would meet again, LINK_DOWN when the link itself failed or the server could
 * not finish (shutting down, out of resources, a lock waited on too long, a deadlock): those
 * pass, and the call is safe to send again. */
static link_status_t fail_result(link_t *l, PGresult *r, const char *doing) {
    const char *state = r ? PQresultErrorField(r, PG_DIAG_SQLSTATE) : NULL;
    snprintf(l->refused, sizeof l->refused, "%s", state ? state : "");
    if (!l->conn || PQstatus(l->conn) != CONNECTION_OK || !state) {
        return lk_say(l, LINK_DOWN, "the link controller does not answer (%s): %s", doing,
                      r && PQresultErrorMessage(r)[0] ? PQresultErrorMessage(r) : conn_error(l));
    }
    const char *primary = PQresultErrorField(r, PG_DIAG_MESSAGE_PRIMARY);
    const char *hint = PQresultErrorField(r, PG_DIAG_MESSAGE_HINT);
    if (!primary) primary = "(no message)";
    static const char *const passing[] = {"08", "40", "53", "55", "57", "58"};
    /* the same key being written by another session this instant (a call sent again while the
     * first is still being carried out): asked again, it is answered as the first was */
    if (strcmp(state, "23505") == 0)
        return lk_say(l, LINK_DOWN, "the link controller was carrying out the same call (%s): %s",
                      doing, primary);
    for (size_t i = 0; i < sizeof passing / sizeof passing[0]; i++)
        if (strncmp(state, passing[i], 2) == 0)
            return lk_say(l, LINK_DOWN, "the link controller could not finish %s (%s): %s", doing,
                          state, primary);
    if (strcmp(state, "3F000") == 0 || strcmp(state, "42883") == 0)
        return lk_say(l, LINK_REFUSED,
                      "the link controller has no studpoker schema, or an older one (%s): %s; an "
                      "operator runs `studpoker link init` on it",
                      doing, primary);
    if (strcmp(state, "42501") == 0)
        return lk_say(l, LINK_REFUSED,
                      "this login may not do that (%s): %s; a machine's login may only call the "
                      "controller's link_ functions, an operator's those of splink_operator",
                      doing, primary);
    return lk_say(l, LINK_REFUSED, "the link controller refused %s: %s%s%s", doing, primary,
                  hint ? "; " : "", hint ? hint : "");
}

/* The index of sql's statement prepared on the connection, prepared now if it is not yet; -1 to
 * run it unprepared (not a SELECT, no room, or the server would not prepare it: run unprepared,
 * it answers with the reason). */
static int prepared(link_t *l, const char *sql, int n) {
    if (strncmp(sql, "SELECT ", 7) != 0) return -1;
    for (int i = 0; i < l->nprepared; i++)
        if (strcmp(l->prepared[i], sql) == 0) return i;
    if (l->nprepared == LINK_PREPARED_MAX) return -1;
    char name[16];
    snprintf(name, sizeof name, "lk%d", l->nprepared);
    char *text = strdup(sql);
    PGresult *r = text ? PQprepare(l->conn, name, sql, n, NULL) : NULL;
    bool ok = r && PQresultStatus(r) == PGRES_COMMAND_OK;
    PQclear(r);
    if (!ok) {
        free(text);
        return -1;
    }
    l->prepared[l->nprepared] = text;
    return l->nprepared++;
}

/* The statements prepared on a session that is gone (or that DEALLOCATE ALL cleared). */
static void drop_prepared(link_t *l) {
    for (int i = 0; i < l->nprepared; i++) free(l->prepared[i]);
    l->nprepared = 0;
}

/* Every prepared statement forgotten, on the connection and here: one that no longer fits the
 * schema (a function replaced by `link init` with another result) is prepared again. */
static void forget_prepared(link_t *l) {
    PQclear(PQexec(l->conn, "DEALLOCATE ALL"));
    drop_prepared(l);
}

PGresult *lk_run(link_t *l, const char *sql, int n, const char *const *vals, const char *doing,
                 link_status_t *st) {
    return lk_run_bin(l, sql, n, vals, NULL, NULL, doing, st);
}

/* One statement, its parameters text (NULL: SQL NULL) or binary (formats[i] 1): the result when
 * it returned rows (or none, for a command), else NULL with the status in *st and the message. */
PGresult *lk_run_bin(link_t *l, const char *sql, int n, const char *const *vals, const int *lens,
                     const int *formats, const char *doing, link_status_t *st) {
    if (!l->conn || PQstatus(l->conn) != CONNECTION_OK) {
        *st = lk_say(l, LINK_DOWN, "not connected to the link controller (%s): %s", doing,
                     conn_error(l));
        return NULL;
    }
    l->refused[0] = '\0';
    int k = prepared(l, sql, n);
    PGresult *r = NULL;
    if (k >= 0) {
        char name[16];
        snprintf(name, sizeof name, "lk%d", k);
        r = PQexecPrepared(l->conn, name, n, vals, lens, formats, 0);
        const char *state = r ? PQresultErrorField(r, PG_DIAG_SQLSTATE) : NULL;
        /* a plan made before the schema changed ("cached plan must not change result type"),
         * or a statement the server no longer has: prepared again, run as it is this time */
        if (state && (strcmp(state, "0A000") == 0 || strcmp(state, "26000") == 0) &&
            PQtransactionStatus(l->conn) == PQTRANS_IDLE) {
            PQclear(r);
            forget_prepared(l);
            r = NULL;
        }
    }
    if (!r) r = PQexecParams(l->conn, sql, n, NULL, vals, lens, formats, 0);
    ExecStatusType es = r ? PQresultStatus(r) : PGRES_FATAL_ERROR;
    if (es == PGRES_TUPLES_OK || es == PGRES_COMMAND_OK) {
        *st = LINK_OK;
        return r;
    }
    *st = fail_result(l, r, doing);
    PQclear(r);
    return NULL;
}

/* ---- reading rows ---- */

bool lk_col_i64(link_t *l, PGresult *r, int row, const char *name, int64_t *out) {
    int c = PQfnumber(r, name);
    if (c < 0 || PQgetisnull(r, row, c)) {
        lk_say(l, LINK_REFUSED,
               "the link controller's answer has no %s: its schema is not this "
               "program's (run `studpoker link init`)",
               name);
        return false;
    }
    const char *s = PQgetvalue(r, row, c);
    char *end;
    errno = 0;
    long long v = strtoll(s, &end, 10);
    if (errno || end == s || *end) {
        lk_say(l, LINK_REFUSED, "the link controller's %s is not a whole number: '%s'", name, s);
        return false;
    }
    *out = (int64_t)v;
    return true;
}

bool lk_col_int(link_t *l, PGresult *r, int row, const char *name, int *out) {
    int64_t v;
    if (!lk_col_i64(l, r, row, name, &v)) return false;
    if (v < -2147483647 || v > 2147483647) {
        lk_say(l, LINK_REFUSED, "the link controller's %s is out of range", name);
        return false;
    }
    *out = (int)v;
    return true;
}

/* Text columns may be NULL (an identity that is no machine): "" then. */
void lk_col_text(PGresult *r, int row, const char *name, char *out, size_t cap) {
    int c = PQfnumber(r, name);
    const char *s = c >= 0 && !PQgetisnull(r, row, c) ? PQgetvalue(r, row, c) : "";
    snprintf(out, cap, "%s", s);
}

bool lk_col_bool(PGresult *r, int row, const char *name) {
    int c = PQfnumber(r, name);
    return c >= 0 && !PQgetisnull(r, row, c) && PQgetvalue(r, row, c)[0] == 't';
}

/* ---- connecting ---- */

static void quiet_notices(void *arg, const char *message) {
    (void)arg;
    (void)message; /* the schema's own notices ("already exists, skipping") say nothing to act on */
}

static void listen_again(link_t *l);

link_status_t link_connect(const char *conninfo, link_t **out, char *err, size_t errlen) {
    *out = NULL;
    link_t *l = calloc(1, sizeof *l);
    if (!l) {
        if (err) snprintf(err, errlen, "out of memory");
        return LINK_DOWN;
    }
    /* The defaults come first, so the connection string overrides any of them. A link that
     * drops without a word (a cable pulled) is noticed in about 10 s rather than the system's
     * two hours, and a call that waits over 15 s on the server (a lock that is not given up)
     * is cancelled: both give LINK_DOWN, and the call is sent again later. */
    const char *const keys[] = {"connect_timeout",
                                "application_name",
                                "keepalives_idle",
                                "keepalives_interval",
                                "keepalives_count",
                                "tcp_user_timeout",
                                "options",
                                "dbname",
                                NULL};
    const char *const vals[] = {"5",
                                "studpoker",
                                "5",
                                "2",
                                "3",
                                "10000",
                                "-c statement_timeout=15000",
                                conninfo ? conninfo : "",
                                NULL};
    l->conn = PQconnectdbParams(keys, vals, 1);
    *out = l;
    if (!l->conn) {
        link_status_t st = lk_say(l, LINK_DOWN, "out of memory for the link's connection");
        if (err) snprintf(err, errlen, "%s", l->msg);
        return st;
    }
    PQsetNoticeProcessor(l->conn, quiet_notices, NULL);
    if (PQstatus(l->conn) != CONNECTION_OK) {
        lk_say(l, LINK_DOWN, "cannot reach the link controller: %s", conn_error(l));
        if (err) snprintf(err, errlen, "%s", l->msg);
        return LINK_DOWN;
    }
    l->msg[0] = '\0';
    return LINK_OK;
}

void link_close(link_t *l) {
    if (!l) return;
    if (l->conn) PQfinish(l->conn);
    drop_prepared(l);
    free(l);
}

bool link_is_up(const link_t *l) {
    return l && l->conn && PQstatus(l->conn) == CONNECTION_OK;
}

const char *link_message(const link_t *l) {
    return l ? l->msg : "no link";
}

link_status_t link_reconnect(link_t *l) {
    if (!l->conn) return lk_say(l, LINK_DOWN, "the link has no connection to make again");
    PQreset(l->conn);
    drop_prepared(l); /* a new session: nothing prepared on it, nothing known of its reads */
    l->now_missing = l->look_full = false, l->no_hand_round = 0;
    if (PQstatus(l->conn) != CONNECTION_OK)
        return lk_say(l, LINK_DOWN, "cannot reach the link controller: %s", conn_error(l));
    PQsetNoticeProcessor(l->conn, quiet_notices, NULL);
    listen_again(l);
    if (PQstatus(l->conn) != CONNECTION_OK)
        return lk_say(l, LINK_DOWN, "the link dropped again: %s", conn_error(l));
    l->msg[0] = '\0';
    return LINK_OK;
}

/* ---- installing the schema ---- */

bool link_sql_where(long pos, char *file, size_t n, int *line) {
    if (pos <= 0) return false;
    int joined = 1; /* the line of the joined text */
    long i = 0;
    for (; i + 1 < pos && link_controller_sql[i]; i++)
        if (link_controller_sql[i] == '\n') joined++;
    if (i + 1 < pos || !link_controller_sql[i]) return false;
    int k = 0;
    while (link_controller_sql_parts[k + 1].name &&
           link_controller_sql_parts[k + 1].first_line <= joined)
        k++;
    snprintf(file, n, "%s", link_controller_sql_parts[k].name);
    *line = joined - link_controller_sql_parts[k].first_line + 1;
    return true;
}

link_status_t link_install(link_t *l) {
    link_status_t st;
    PGresult *r = lk_run(l, "BEGIN", 0, NULL, "starting the install", &st);
    if (!r) return st;
    PQclear(r);
    /* the whole file at once: the server runs its statements in order inside this transaction */
    r = PQexec(l->conn, link_controller_sql);
    if (!r || PQresultStatus(r) != PGRES_COMMAND_OK) {
        const char *pos = r ? PQresultErrorField(r, PG_DIAG_STATEMENT_POSITION) : NULL;
        char file[64];
        int line = 0; /* none: the server gave no position (an error at run time) */
        if (pos) link_sql_where(strtol(pos, NULL, 10), file, sizeof file, &line);
        const char *state = r ? PQresultErrorField(r, PG_DIAG_SQLSTATE) : NULL;
        const char *primary = r ? PQresultErrorField(r, PG_DIAG_MESSAGE_PRIMARY) : NULL;
        bool denied = state && strcmp(state, "42501") == 0;
        st = fail_result(l, r, "installing the controller's schema");
        if (primary && st == LINK_REFUSED) {
            char where[96] = "";
            if (line > 0) snprintf(where, sizeof where, " (line %d of %s)", line, file);
            lk_say(l, st, "installing the controller's schema failed%s: %s%s", where, primary,
                   denied ? "; `link init` creates roles and needs a superuser's login" : "");
        }
        PQclear(r);
        PQclear(PQexec(l->conn, "ROLLBACK"));
        return st;
    }
    PQclear(r);
    r = lk_run(l, "COMMIT", 0, NULL, "committing the install", &st);
    if (!r) return st;
    PQclear(r);
    return LINK_OK;
}

link_status_t link_identity(link_t *l, link_identity_t *out) {
    memset(out, 0, sizeof *out);
    link_status_t st;
    PGresult *r =
        lk_run(l, "SELECT * FROM splink.link_version()", 0, NULL, "asking who we are", &st);
    if (!r) return st;
    if (PQntuples(r) != 1 || !lk_col_int(l, r, 0, "schema_version", &out->schema_version)) {
        if (PQntuples(r) != 1) lk_say(l, LINK_REFUSED, "the link controller gave no identity");
        PQclear(r);
        return LINK_REFUSED;
    }
    lk_col_text(r, 0, "login", out->login, sizeof out->login);
    lk_col_text(r, 0, "kind", out->kind, sizeof out->kind);
    lk_col_text(r, 0, "machine", out->machine, sizeof out->machine);
    lk_col_text(r, 0, "site", out->site, sizeof out->site);
    lk_col_text(r, 0, "pool", out->pool, sizeof out->pool);
    lk_col_text(r, 0, "server_time", out->server_time, sizeof out->server_time);
    PQclear(r);
    return LINK_OK;
}

/* ---- contributions and claims ---- */

static bool read_contribution(link_t *l, PGresult *r, int i, link_contribution_t *out);

/* A stake's key and figures as the controller's machine functions take them: (machine, game,
 * stake, currency, seat), in text. */
typedef struct stake_params {
    char game[24], stake[24], seat[16];
    const char *vals[5];
} stake_params_t;

static void stake_params(stake_params_t *p, const char *machine, int64_t game, int seat,
                         int64_t stake, const char *currency) {
    snprintf(p->game, sizeof p->game, "%" PRId64, game);
    snprintf(p->stake, sizeof p->stake, "%" PRId64, stake);
    snprintf(p->seat, sizeof p->seat, "%d", seat);
    const char *vals[5] = {machine, p->game, p->stake, currency, p->seat};
    memcpy(p->vals, vals, sizeof vals);
}

link_status_t link_contribute(link_t *l, const char *machine, int64_t game, int seat, int64_t stake,
                              const char *currency, link_contribution_t *out) {
    memset(out, 0, sizeof *out);
    stake_params_t p;
    stake_params(&p, machine, game, seat, stake, currency);
    link_status_t st;
    PGresult *r = lk_run(l,
                         "SELECT * FROM splink.link_contribute($1::text, $2::bigint, $3::bigint, "
                         "$4::text, $5::integer)",
                         5, p.vals, "a contribution", &st);
    if (!r) return st;
    bool good = PQntuples(r) == 1 && read_contribution(l, r, 0, out);
    if (!good && PQntuples(r) != 1) lk_say(l, LINK_REFUSED, "the link controller counted no row");
    PQclear(r);
    return good ? LINK_OK : LINK_REFUSED;
}

/* The contribution columns of row i. */
static bool read_contribution(link_t *l, PGresult *r, int i, link_contribution_t *out) {
    memset(out, 0, sizeof *out);
    bool good = lk_col_i64(l, r, i, "to_value", &out->to_value) &&
                lk_col_i64(l, r, i, "to_reserve", &out->to_reserve) &&
                lk_col_i64(l, r, i, "to_overflow", &out->to_overflow) &&
                lk_col_i64(l, r, i, "rate_num", &out->rate_num) &&
                lk_col_i64(l, r, i, "rate_den", &out->rate_den) &&
                lk_col_i64(l, r, i, "value_after", &out->value_after);
    if (good) out->replay = lk_col_bool(r, i, "replay");
    return good;
}

/* "{a,b,c}": a PostgreSQL array literal of a field of n items (l: int64_t, i: int, c: a currency
 * code); NULL when out of memory. */
char *lk_array_text(int n, const void *items, size_t stride, size_t offset, char kind) {
    size_t cap = 2 + (size_t)n * 24, used = 0;
    char *t = malloc(cap);
    if (!t) return NULL;
    t[used++] = '{';
    for (int i = 0; i < n; i++) {
        const char *p = (const char *)items + (size_t)i * stride + offset;
        if (kind == 'l')
            used += (size_t)snprintf(t + used, cap - used, "%s%" PRId64, i ? "," : "",
                                     *(const int64_t *)p);
        else if (kind == 'i')
            used += (size_t)snprintf(t + used, cap - used, "%s%d", i ? "," : "", *(const int *)p);
        else /* a currency code: three capital letters, no quoting needed */
            used += (size_t)snprintf(t + used, cap - used, "%s%.3s", i ? "," : "", p);
    }
    snprintf(t + used, cap - used, "}");
    return t;
}

link_status_t link_contribute_many(link_t *l, const char *machine, const link_stake_t *stakes,
                                   int n, link_contribution_t *out) {
    if (n < 1 || n > LINK_BATCH_MAX)
        return lk_say(l, LINK_REFUSED, "a batch is 1 to %d stakes, not %d", LINK_BATCH_MAX, n);
    for (int i = 0; i < n; i++)
        for (int k = 0; k < 3; k++)
            if (stakes[i].currency[k] < 'A' || stakes[i].currency[k] > 'Z')
                return lk_say(l, LINK_REFUSED, "a currency is three capital letters");
    size_t sz = sizeof *stakes;
    char *games = lk_array_text(n, stakes, sz, offsetof(link_stake_t, game), 'l');
    char *seats = lk_array_text(n, stakes, sz, offsetof(link_stake_t, seat), 'i');
    char *amounts = lk_array_text(n, stakes, sz, offsetof(link_stake_t, stake), 'l');
    char *curs = lk_array_text(n, stakes, sz, offsetof(link_stake_t, currency), 'c');
    link_status_t st = LINK_DOWN;
    PGresult *r = NULL;
    if (games && seats && amounts && curs) {
        const char *const vals[] = {machine, games, seats, amounts, curs};
        r = lk_run(l,
                   "SELECT * FROM splink.link_contribute_many($1::text, $2::bigint[], "
                   "$3::integer[], $4::bigint[], $5::text[])",
                   5, vals, "a batch of contributions", &st);
    } else {
        st = lk_say(l, LINK_DOWN, "out of memory for a batch of contributions");
    }
    free(games), free(seats), free(amounts), free(curs);
    if (!r) return st;
    bool good = PQntuples(r) == n;
    for (int i = 0; good && i < n; i++) good = read_contribution(l, r, i, &out[i]);
    if (!good && PQntuples(r) != n)
        lk_say(l, LINK_REFUSED, "the link controller answered %d stakes with %d rows", n,
               PQntuples(r));
    PQclear(r);
    return good ? LINK_OK : LINK_REFUSED;
}

link_status_t link_announce(link_t *l, const char *machine, const char *since,
                            char since_out[LINK_SINCE_LEN], bool *announced, int *wait_ms) {
    *announced = false, *wait_ms = 0;
    const char *const vals[] = {machine, since && since[0] ? since : NULL};
    link_status_t st;
    PGresult *r = lk_run(l, "SELECT * FROM splink.link_announce($1::text, $2::timestamptz)", 2,
                         vals, "announcing the stakes", &st);
    if (!r) return st;
    bool good = PQntuples(r) == 1 && lk_col_int(l, r, 0, "wait_ms", wait_ms);
    if (good) {
        *announced = lk_col_bool(r, 0, "announced");
        lk_col_text(r, 0, "since", since_out, LINK_SINCE_LEN);
    } else if (PQntuples(r) != 1) {
        lk_say(l, LINK_REFUSED, "the link controller gave no answer to an announcement");
    }
    PQclear(r);
    return good ? LINK_OK : LINK_REFUSED;
}

bool link_notice_newer(const link_notice_t *n, int64_t hits, int64_t value) {
    return n->hits > hits || (n->hits == hits && n->value >= value);
}

static link_status_t read_wins(link_t *l, PGresult *r, link_win_t *out, int n) {
    if (PQntuples(r) != n)
        return lk_say(l, LINK_REFUSED, "the link controller answered a claim of %d seats with %d",
                      n, PQntuples(r));
    for (int i = 0; i < n; i++) {
        link_win_t *w = &out[i];
        memset(w, 0, sizeof *w);
        if (!lk_col_int(l, r, i, "seat", &w->seat) || !lk_col_i64(l, r, i, "stake", &w->stake) ||
            !lk_col_i64(l, r, i, "amount", &w->amount) ||
            !lk_col_i64(l, r, i, "share", &w->share) || !lk_col_i64(l, r, i, "debit", &w->debit) ||
            !lk_col_i64(l, r, i, "rate_num", &w->rate_num) ||
            !lk_col_i64(l, r, i, "rate_den", &w->rate_den) ||
            !lk_col_i64(l, r, i, "value_before", &w->value_before) ||
            !lk_col_i64(l, r, i, "value_after", &w->value_after) ||
            !lk_col_i64(l, r, i, "win_id", &w->win_id))
            return LINK_REFUSED;
        lk_col_text(r, i, "currency", w->currency, sizeof w->currency);
        w->replay = lk_col_bool(r, i, "replay");
    }
    return LINK_OK;
}

link_status_t link_claim(link_t *l, const char *machine, int64_t game, int seat, int64_t stake,
                         const char *currency, link_win_t *out) {
    stake_params_t p;
    stake_params(&p, machine, game, seat, stake, currency);
    link_status_t st;
    PGresult *r = lk_run(l,
                         "SELECT * FROM splink.link_claim($1::text, $2::bigint, $3::bigint, "
                         "$4::text, $5::integer)",
                         5, p.vals, "a claim", &st);
    if (!r) return st;
    st = read_wins(l, r, out, 1);
    PQclear(r);
    return st;
}

link_status_t link_claim_seats(link_t *l, const char *machine, int64_t game, const int *seats,
                               int n, link_win_t *out) {
    if (n < 1 || n > LINK_CLAIM_MAX)
        return lk_say(l, LINK_REFUSED, "a claim names 1 to %d seats, not %d", LINK_CLAIM_MAX, n);
    char g[24], list[12 * LINK_CLAIM_MAX + 4];
    snprintf(g, sizeof g, "%" PRId64, game);
    size_t used = 0;
    list[used++] = '{';
    for (int i = 0; i < n; i++)
        used += (size_t)snprintf(list + used, sizeof list - used, "%s%d", i ? "," : "", seats[i]);
    snprintf(list + used, sizeof list - used, "}");
    const char *const vals[] = {machine, g, list};
    link_status_t st;
    PGresult *r = lk_run(l,
                         "SELECT * FROM splink.link_claim_seats($1::text, $2::bigint, "
                         "$3::integer[])",
                         3, vals, "a claim", &st);
    if (!r) return st;
    st = read_wins(l, r, out, n);
    PQclear(r);
    return st;
}

/* ---- meters and wins ---- */

link_status_t link_meters(link_t *l, const char *pool, const char *currency, link_meters_t *out) {
    memset(out, 0, sizeof *out);
    const char *const vals[] = {pool, currency && *currency ? currency : NULL};
    link_status_t st;
    PGresult *r = lk_run(l, "SELECT * FROM splink.link_meters($1::text, $2::text)", 2, vals,
                         "reading the meters", &st);
    if (!r) return st;
    bool good =
        PQntuples(r) == 1 && lk_col_i64(l, r, 0, "value", &out->value) &&
        lk_col_i64(l, r, 0, "reserve", &out->reserve) &&
        lk_col_i64(l, r, 0, "overflow", &out->overflow) &&
        lk_col_i64(l, r, 0, "overflow_limit", &out->overflow_limit) &&
        lk_col_i64(l, r, 0, "hits", &out->hits) && lk_col_i64(l, r, 0, "base", &out->base) &&
        lk_col_i64(l, r, 0, "seed", &out->seed) &&
        lk_col_i64(l, r, 0, "contributions", &out->contributions) &&
        lk_col_i64(l, r, 0, "contributed", &out->contributed) &&
        lk_col_i64(l, r, 0, "seeded", &out->seeded) && lk_col_i64(l, r, 0, "paid", &out->paid) &&
        lk_col_int(l, r, 0, "value_bp", &out->value_bp) &&
        lk_col_int(l, r, 0, "reserve_bp", &out->reserve_bp) &&
        lk_col_i64(l, r, 0, "local_value", &out->local_value) &&
        lk_col_i64(l, r, 0, "local_rate_num", &out->local_rate_num) &&
        lk_col_i64(l, r, 0, "local_rate_den", &out->local_rate_den);
    if (good) {
        lk_col_text(r, 0, "pool", out->pool, sizeof out->pool);
        lk_col_text(r, 0, "currency", out->currency, sizeof out->currency);
        lk_col_text(r, 0, "changed_at", out->changed_at, sizeof out->changed_at);
        lk_col_text(r, 0, "local_currency", out->local_currency, sizeof out->local_currency);
    } else if (PQntuples(r) != 1) {
        lk_say(l, LINK_REFUSED, "the link controller has no meters for pool %s", pool);
    }
    PQclear(r);
    return good ? LINK_OK : LINK_REFUSED;
}

link_status_t link_wins(link_t *l, const char *pool, int max, link_win_row_t *rows, int *n) {
    *n = 0;
    if (max < 0) max = 0;
    if (max > LINK_WINS_MAX) max = LINK_WINS_MAX;
    char m[16];
    snprintf(m, sizeof m, "%d", max);
    const char *const vals[] = {pool, m};
    link_status_t st;
    PGresult *r = lk_run(l, "SELECT * FROM splink.link_wins($1::text, $2::integer)", 2, vals,
                         "reading the wins", &st);
    if (!r) return st;
    int got = PQntuples(r) < max ? PQntuples(r) : max;
    for (int i = 0; i < got; i++) {
        link_win_row_t *w = &rows[i];
        memset(w, 0, sizeof *w);
        if (!lk_col_i64(l, r, i, "win_id", &w->win_id) || !lk_col_i64(l, r, i, "game", &w->game) ||
            !lk_col_int(l, r, i, "seat", &w->seat) || !lk_col_i64(l, r, i, "stake", &w->stake) ||
            !lk_col_i64(l, r, i, "amount", &w->amount) ||
            !lk_col_i64(l, r, i, "share", &w->share) || !lk_col_i64(l, r, i, "debit", &w->debit) ||
            !lk_col_i64(l, r, i, "rate_num", &w->rate_num) ||
            !lk_col_i64(l, r, i, "rate_den", &w->rate_den) ||
            !lk_col_i64(l, r, i, "value_before", &w->value_before) ||
            !lk_col_i64(l, r, i, "value_after", &w->value_after)) {
            PQclear(r);
            return LINK_REFUSED;
        }
        lk_col_text(r, i, "at", w->at, sizeof w->at);
        lk_col_text(r, i, "site", w->site, sizeof w->site);
        lk_col_text(r, i, "machine", w->machine, sizeof w->machine);
        lk_col_text(r, i, "currency", w->currency, sizeof w->currency);
    }
    PQclear(r);
    *n = got;
    return LINK_OK;
}

/* ---- following a pool ---- */

static link_status_t send_listen(link_t *l, const char *channel) {
    char *quoted = PQescapeIdentifier(l->conn, channel, strlen(channel));
    if (!quoted) return lk_say(l, LINK_DOWN, "cannot listen to %s: %s", channel, conn_error(l));
    char sql[2 * LINK_NAME_LEN + 48];
    snprintf(sql, sizeof sql, "LISTEN %s", quoted);
    PQfreemem(quoted);
    link_status_t st;
    PGresult *r = lk_run(l, sql, 0, NULL, "listening to the controller", &st);
    PQclear(r);
    return st;
}

static void listen_again(link_t *l) {
    for (int i = 0; i < l->n_listening; i++)
        if (send_listen(l, l->listening[i]) != LINK_OK) return;
}

link_status_t lk_listen_channel(link_t *l, const char *prefix, const char *name) {
    size_t len = strlen(name);
    if (len == 0 || len >= LINK_NAME_LEN)
        return lk_say(l, LINK_REFUSED, "a name has 1 to %d characters", LINK_NAME_LEN - 1);
    char channel[sizeof l->listening[0]];
    snprintf(channel, sizeof channel, "%s%s", prefix, name);
    link_status_t st = send_listen(l, channel);
    if (st != LINK_OK) return st;
    for (int i = 0; i < l->n_listening; i++)
        if (strcmp(l->listening[i], channel) == 0) return LINK_OK;
    if (l->n_listening < LINK_LISTEN_MAX) {
        snprintf(l->listening[l->n_listening], sizeof l->listening[0], "%s", channel);
        l->n_listening++;
    }
    return LINK_OK;
}

link_status_t link_listen(link_t *l, const char *pool) {
    return lk_listen_channel(l, "splink_", pool);
}

int link_socket(const link_t *l) {
    return l && l->conn ? PQsocket(l->conn) : -1;
}

static void word_text(const char *v, size_t n, char *out, size_t cap) {
    snprintf(out, cap, "%.*s", (int)(n < cap ? n : cap - 1), v);
}

bool link_notice_parse(const char *payload, link_notice_t *out) {
    memset(out, 0, sizeof *out);
    snprintf(out->payload, sizeof out->payload, "%s", payload);
    const char *p = payload;
    while (*p) {
        while (*p == ' ') p++;
        const char *eq = strchr(p, '='), *end = strchr(p, ' ');
        if (!end) end = p + strlen(p);
        if (!eq || eq > end) {
            p = end;
            continue;
        }
        size_t klen = (size_t)(eq - p), vlen = (size_t)(end - eq - 1);
        const char *v = eq + 1;
        char num[32];
        word_text(v, vlen, num, sizeof num);
        int64_t iv = strtoll(num, NULL, 10);
#define KEY(name) (klen == sizeof name - 1 && strncmp(p, name, klen) == 0)
        if (KEY("pool"))
            word_text(v, vlen, out->pool, sizeof out->pool);
        else if (KEY("event"))
            word_text(v, vlen, out->event, sizeof out->event);
        else if (KEY("site"))
            word_text(v, vlen, out->site, sizeof out->site);
        else if (KEY("machine"))
            word_text(v, vlen, out->machine, sizeof out->machine);
        else if (KEY("currency"))
            word_text(v, vlen, out->currency, sizeof out->currency);
        else if (KEY("value"))
            out->value = iv;
        else if (KEY("reserve"))
            out->reserve = iv;
        else if (KEY("overflow"))
            out->overflow = iv;
        else if (KEY("hits"))
            out->hits = iv;
        else if (KEY("base"))
            out->base = iv;
        else if (KEY("contributions"))
            out->contributions = iv;
        else if (KEY("at"))
            out->sent_us = iv;
        else if (KEY("game"))
            out->game = iv;
        else if (KEY("amount"))
            out->amount = iv;
        else if (KEY("seat"))
            out->seat = (int)iv;
#undef KEY
        p = end;
    }
    return out->pool[0] && out->event[0];
}

link_status_t link_notice_read(link_t *l, link_notice_t *out, bool *got) {
    *got = false;
    if (!l->conn || PQstatus(l->conn) != CONNECTION_OK)
        return lk_say(l, LINK_DOWN, "not connected to the link controller: %s", conn_error(l));
    /* takes in what the socket holds without waiting for more */
    if (!PQconsumeInput(l->conn))
        return lk_say(l, LINK_DOWN, "the link to the controller dropped: %s", conn_error(l));
    PGnotify *n;
    while ((n = PQnotifies(l->conn)) != NULL) {
        /* a notice of the machine's tickets (link_ticket.h) is only noted: the fates are read */
        if (strncmp(n->relname, "sptk_", 5) == 0) l->ticket_notice = true;
        bool ok = strncmp(n->relname, "splink_", 7) == 0 && link_notice_parse(n->extra, out);
        PQfreemem(n);
        if (ok) {
            *got = true;
            return LINK_OK;
        }
    }
    return LINK_OK;
}

static int64_t now_ms(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

link_status_t link_notice_wait(link_t *l, int timeout_ms, link_notice_t *out, bool *got) {
    int64_t until = timeout_ms >= 0 ? now_ms() + timeout_ms : -1;
    for (;;) {
        link_status_t st = link_notice_read(l, out, got);
        if (st != LINK_OK || *got) return st;
        int wait = -1;
        if (until >= 0) {
            int64_t left = until - now_ms();
            if (left <= 0) return LINK_OK;
            wait = (int)left;
        }
        struct pollfd pfd = {.fd = PQsocket(l->conn), .events = POLLIN};
        if (poll(&pfd, 1, wait) < 0 && errno != EINTR)
            return lk_say(l, LINK_DOWN, "waiting for the link controller failed: %s",
                          strerror(errno));
    }
}

/* ---- the rules in C ---- */

/* Products of the largest figures the controller accepts (stakes to 10^12, rates to 10^9 over
 * 10^9, int64_t values) fit in 128 bits. */
__extension__ typedef __int128 link_i128;

static bool fits(link_i128 v, int64_t *out) {
    if (v < INT64_MIN || v > INT64_MAX) return false;
    *out = (int64_t)v;
    return true;
}

bool link_share_frac(int64_t stake, int32_t bp, int64_t num, int64_t den, int64_t *frac) {
    if (stake < 0 || stake > 1000000000000 || bp < 0 || bp > 10000 || num <= 0 || den <= 0 ||
        num > 1000000000 || den > 1000000000)
        return false;
    return fits((link_i128)stake * bp * num / den, frac);
}

bool link_pay(int64_t share_frac, int64_t num, int64_t den, int64_t *amount, int64_t *debit) {
    if (share_frac < 0 || num <= 0 || den <= 0 || num > 1000000000 || den > 1000000000)
        return false;
    link_i128 paid = (link_i128)share_frac * den / ((link_i128)num * LINK_FRAC);
    link_i128 given = (paid * num * LINK_FRAC + den - 1) / den;
    return fits(paid, amount) && fits(given, debit);
}

bool link_frac_to_minor(int64_t frac, int64_t num, int64_t den, int64_t *minor) {
    if (frac < 0 || num <= 0 || den <= 0 || num > 1000000000 || den > 1000000000) return false;
    return fits((link_i128)frac * den / ((link_i128)num * LINK_FRAC), minor);
}
