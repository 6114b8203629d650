/* link_internal: what the files of src/link share (not a public header: it brings in libpq).
 *
 * link.c         the linked progressive: connecting, the pool's calls, notices
 * link_table.c   the shared tables: a terminal's calls (link_table.h), the arrays' text form
 * link_table_host.c  the shared tables: a host's and an operator's audit's calls (link_table.h)
 * link_ticket.c  the floor's cash-out tickets: a machine's calls (link_ticket.h) */
#ifndef STUDPOKER_LINK_INTERNAL_H
#define STUDPOKER_LINK_INTERNAL_H

#include <libpq-fe.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "link.h"

#define LINK_LISTEN_MAX   8
#define LINK_PREPARED_MAX 64 /* the statements a connection keeps prepared (lk_run) */

struct link {
    PGconn *conn;
    char msg[LINK_MSG_LEN];
    char listening[LINK_LISTEN_MAX][LINK_NAME_LEN + 8]; /* channels: splink_POOL, sptable_TAB */
    int n_listening;
    bool ticket_notice; /* a notice of this machine's tickets came (link_ticket_notified) */
    /* the statements prepared on this connection, by their text (the name: "lk" and the index):
     * a terminal of a table of thousands asks the same few things of the controller every
     * round, each once parsed and planned (forgotten when the connection is made again) */
    char *prepared[LINK_PREPARED_MAX];
    int nprepared;
    char refused[6]; /* the SQLSTATE of the last refusal of a call ("" when it was not refused) */
    /* a terminal's reads of its table (link_table_look): the controller has no table_now (schema
     * before 7: table_look then, until the connection is made again); the next read goes to
     * table_look first (the table's round is dealt and this terminal may hold a hand in it); the
     * round dealt in which it holds none (table_now answers for it while its decisions go on) */
    bool now_missing;
    bool look_full;
    int64_t no_hand_round;
};

/* Sets the link's message (one line) and returns st. */
link_status_t lk_say(link_t *l, link_status_t st, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* Runs one statement with text parameters (NULL: SQL NULL): the result when it returned rows (or
 * none, for a command), else NULL with the status in *st (LINK_REFUSED: the server said no;
 * LINK_DOWN: no answer, safe to send again) and the message set. A SELECT is prepared on the
 * connection the first time it is run, and run prepared after that. */
PGresult *lk_run(link_t *l, const char *sql, int n, const char *const *vals, const char *doing,
                 link_status_t *st);
/* The same with some parameters in PostgreSQL's binary form: lens[i] its length and formats[i]
 * 1 for those (lens and formats NULL: every one text, as lk_run). */
PGresult *lk_run_bin(link_t *l, const char *sql, int n, const char *const *vals, const int *lens,
                     const int *formats, const char *doing, link_status_t *st);
/* A column of row `row` by name; false (the message set) when missing or not a number. */
bool lk_col_i64(link_t *l, PGresult *r, int row, const char *name, int64_t *out);
bool lk_col_int(link_t *l, PGresult *r, int row, const char *name, int *out);
void lk_col_text(PGresult *r, int row, const char *name, char *out, size_t cap); /* NULL: "" */
bool lk_col_bool(PGresult *r, int row, const char *name);
/* "{a,b,c}": a PostgreSQL array literal of a field of n items (l: int64_t, i: int, c: a currency
 * code); NULL when out of memory. */
char *lk_array_text(int n, const void *items, size_t stride, size_t offset, char kind);
/* LISTENs to the channel prefix + name (and again after a reconnect). */
link_status_t lk_listen_channel(link_t *l, const char *prefix, const char *name);

/* The shared tables' arrays (link_table.c): in the server's text form, {1,2} of n numbers (a
 * terminal's stake); in its binary form (a parameter sent with format 1, which the server reads
 * without parsing digits, quotes and escapes: the host's deal and settlement, whose 240,000
 * amounts of a table of 10,000 took the server 18 ms to read as text), n items of text (get
 * giving item i) or of numbers, *len its length. NULL when out of memory. */
char *lt_i64_array(int n, const int64_t *v);
char *lt_text_array_bin(int n, const char *(*get)(const void *, int), const void *ctx, int *len);
char *lt_i64_array_bin(int n, const int64_t *v, int *len);
/* "{1,2,3}" into out (up to max): the count, or -1 when it is not such an array. */
int lt_parse_i64_array(const char *s, int64_t *out, int max);
/* Column `name` of row `row`, such an array (NULL: none): false (the message set) when it is
 * missing or not one. */
bool lt_col_i64_array(link_t *l, PGresult *r, int row, const char *name, int64_t *out, int max,
                      int *n);
/* true when r has one row; else false with the message set (what: the answer's subject). */
bool lt_one_row(link_t *l, PGresult *r, const char *what);
void lt_num(char *buf, size_t n, int64_t v); /* v in decimal */

#endif
