/* link: a machine's side of a linked progressive, a small client of the controller of record.
 *
 * The controller is a PostgreSQL database holding the linked pools (controller.sql, installed by
 * `studpoker link init`). A machine logs in as its own role, which may only call the
 * controller's functions: contribute a stake (once per machine, game and seat, however often it
 * is sent), claim a hit (one transaction on the server, so two machines hitting at once are put
 * in order and never paid the same money), read the meters and the last wins, and follow the
 * pool by LISTEN: every change of a pool is notified, so the meter moves without polling. No SDL
 * and no store here: the machine's own store keeps the record of its rounds, and what it sends
 * is keyed so that sending it again after a failure is always safe.
 *
 * Amounts: stakes and payments are int64_t minor units (cents) of the player's currency; the
 * pool's figures are int64_t "frac", 1/10,000 of a minor unit of the pool's currency, as
 * jackpot.h keeps a local pool. A rate is an exact fraction: one minor unit of a currency is
 * worth num/den minor units of the pool's currency. The controller does the arithmetic and
 * records the rate it used on every row; link_share_frac, link_pay and link_frac_to_minor are
 * the same rules in C, so the machine can show a pool in its own money and check a figure:
 *   a contribution of S at b basis points is floor(S * b * num / den) frac (each share, the
 *     prize's and the reserve's, rounded down on its own; what is rounded away stays with the
 *     house);
 *   a win's share of F frac is paid floor(F * den / (num * 10,000)) minor units (rounded down
 *     to the player's cent) and the pool gives up ceil(paid * num * 10,000 / den) frac, never
 *     more than F; the rest stays in the pool for the next prize;
 *   a meter in the player's money shows floor(value * den / (num * 10,000)).
 *
 * Every call returns a status. LINK_REFUSED: the controller answered no (a rule, a permission, a
 * key already used with other figures), and sending the same again gets the same answer.
 * LINK_DOWN: no answer (not connected, the connection dropped, the server stopping); a call that
 * changes something may or may not have been committed, and sending it again is safe because
 * every such call is idempotent on the server. link_message() says what happened in words an
 * attendant can act on. Not thread-safe: one link per thread. */
#ifndef STUDPOKER_LINK_H
#define STUDPOKER_LINK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define LINK_MSG_LEN   512
#define LINK_NAME_LEN  41 /* pool, site and machine names: 1 to 40 of a-z, 0-9, _ */
#define LINK_MAX_SEATS 7  /* a cabinet's (a machine's round) */
#define LINK_CLAIM_MAX 64 /* royals claimed in one round (a shared table's players) */
#define LINK_WINS_MAX  1000
#define LINK_FRAC      10000 /* frac per minor unit, as JACKPOT_FRAC */

typedef struct link link_t;

typedef enum link_status {
    LINK_OK = 0,
    LINK_REFUSED, /* the controller said no; sending the same again gets the same answer */
    LINK_DOWN     /* no answer; nothing is known to have changed; send it again later */
} link_status_t;

/* What a contribution counted (or, for a retry, what the first sending counted). */
typedef struct link_contribution {
    int64_t to_value, to_reserve, to_overflow; /* frac added to the prize, reserve, overflow */
    int64_t rate_num, rate_den;                /* the rate the controller used */
    int64_t value_after;                       /* the prize after it, frac */
    bool replay;                               /* this key had been counted already */
} link_contribution_t;

/* One seat's part of a claimed top prize. */
typedef struct link_win {
    int seat;
    char currency[4];
    int64_t stake, amount; /* minor units of the seat's currency: its stake, what it is paid */
    int64_t share, debit;  /* frac: its share of the prize, what the pool gave up */
    int64_t rate_num, rate_den;
    int64_t value_before; /* the prize at the instant of the claim, frac */
    int64_t value_after;  /* the prize that restarted after it, frac */
    int64_t win_id;       /* the controller's order of wins */
    bool replay;          /* claimed already: nothing was paid again */
} link_win_t;

/* The controller's meters of a pool (frac unless said). */
typedef struct link_meters {
    char pool[LINK_NAME_LEN];
    char currency[4];
    int64_t value, reserve, overflow, overflow_limit; /* limit 0: none */
    int64_t hits, base, seed;
    int64_t contributions; /* stakes counted */
    /* always: seeded + contributed = value + reserve + overflow + paid */
    int64_t contributed, seeded, paid;
    int value_bp, reserve_bp;
    char changed_at[40];
    /* the value in the currency asked for (the pool's own when none): minor units, rounded down */
    char local_currency[4];
    int64_t local_value, local_rate_num, local_rate_den;
} link_meters_t;

/* A row of the wins record, newest first. */
typedef struct link_win_row {
    int64_t win_id;
    char at[40]; /* the controller's date and time */
    char site[LINK_NAME_LEN], machine[LINK_NAME_LEN];
    int64_t game;
    int seat;
    char currency[4];
    int64_t stake, amount, share, debit, rate_num, rate_den, value_before, value_after;
} link_win_row_t;

/* A change of a pool, pushed by the controller (NOTIFY). event is "contribute" (stakes counted,
 * told by link_announce), "win" (a seat paid: site, machine, game, seat, currency and amount are
 * set) or "param" (an operator's change). value, reserve, overflow, hits, base and contributions
 * (stakes counted ever) are the pool's as the notice was made; sent_us is the controller's clock
 * then (microseconds since 1970). Notices of stakes can arrive out of order: of two with the same
 * hits, the one with the larger value is the newer (link_notice_newer). */
typedef struct link_notice {
    char pool[LINK_NAME_LEN];
    char event[16];
    int64_t value, reserve, overflow, hits, base, contributions, sent_us;
    char site[LINK_NAME_LEN], machine[LINK_NAME_LEN];
    int64_t game, amount;
    int seat;
    char currency[4];
    char payload[512]; /* the line as sent */
} link_notice_t;

/* Who the login is to the controller (link_version). */
typedef struct link_identity {
    int schema_version;
    char login[64];
    char kind[16]; /* "machine", "operator" or "none" */
    char machine[LINK_NAME_LEN], site[LINK_NAME_LEN], pool[LINK_NAME_LEN];
    char server_time[40];
} link_identity_t;

/* Connects with a libpq connection string or URI ("host=/run/pg dbname=link user=m1",
 * "postgresql://m1@controller/link"); the password may come from PGPASSWORD or ~/.pgpass. A
 * connection that cannot be made in 5 s (unless the string sets connect_timeout) gives LINK_DOWN
 * with *out still set, so that link_reconnect can try again later; *out is NULL only when no
 * memory could be had. err (may be NULL) gets the message too. */
link_status_t link_connect(const char *conninfo, link_t **out, char *err, size_t errlen);
void link_close(link_t *l);
/* Connects again after LINK_DOWN, listening again to the pools it listened to. */
link_status_t link_reconnect(link_t *l);
bool link_is_up(const link_t *l);
const char *link_message(const link_t *l); /* the last failure, or "" */

/* Installs or updates the controller's schema and roles (controller.sql, carried in the
 * program) in one transaction; needs a superuser's login. */
link_status_t link_install(link_t *l);
link_status_t link_identity(link_t *l, link_identity_t *out);

/* Counts a stake of the machine's round into its pool, once per (machine, game, seat). */
link_status_t link_contribute(link_t *l, const char *machine, int64_t game, int seat, int64_t stake,
                              const char *currency, link_contribution_t *out);
/* Counts several stakes of the machine's in one transaction, in order (out gets n rows): each as
 * link_contribute counts it; one refused refuses the batch and nothing of it is counted. */
#define LINK_BATCH_MAX 256
typedef struct link_stake {
    int64_t game;
    int seat;
    int64_t stake;
    char currency[4];
} link_stake_t;
link_status_t link_contribute_many(link_t *l, const char *machine, const link_stake_t *stakes,
                                   int n, link_contribution_t *out);
/* Tells the pool's followers that this machine's stakes were counted: call it after a
 * contribution's answer, with since "" (the answer's since is then this call's instant on the
 * controller), and while *wait_ms > 0, again after that long with the since it gave (at most 40
 * characters). *announced: this call made the notice. A notice goes out at most every 100 ms per
 * pool, and one made after since covers these stakes (controller.sql's header). */
#define LINK_SINCE_LEN 48
link_status_t link_announce(link_t *l, const char *machine, const char *since,
                            char since_out[LINK_SINCE_LEN], bool *announced, int *wait_ms);
/* Whether notice n is newer than a pool seen at (hits, value): more hits, or as many and more. */
bool link_notice_newer(const link_notice_t *n, int64_t hits, int64_t value);
/* Claims the pool for one seat holding a royal (a cabinet: seat 1), with the stake and currency
 * its contribution counted. */
link_status_t link_claim(link_t *l, const char *machine, int64_t game, int seat, int64_t stake,
                         const char *currency, link_win_t *out);
/* Claims the pool for the n seats of one round that hold a royal (they share it in proportion to
 * their stakes in the pool's currency); out gets n rows in seat order. n: 1 to LINK_CLAIM_MAX,
 * seats numbered 1 to 10^6 (a shared table numbers its round's players). */
link_status_t link_claim_seats(link_t *l, const char *machine, int64_t game, const int *seats,
                               int n, link_win_t *out);

/* The meters of a pool; currency (NULL: the pool's) also gives the value in that money. */
link_status_t link_meters(link_t *l, const char *pool, const char *currency, link_meters_t *out);
/* The newest wins of a pool, newest first: up to max rows (at most LINK_WINS_MAX), *n of them. */
link_status_t link_wins(link_t *l, const char *pool, int max, link_win_row_t *rows, int *n);

/* Follows a pool: the controller pushes every change of it. link_socket is the connection's
 * socket for poll() (readable: link_notice_read has something to read); link_notice_read never
 * blocks: *got is false when nothing has arrived. link_notice_wait waits up to timeout_ms (0: not
 * at all, -1: for ever) for one notice. */
link_status_t link_listen(link_t *l, const char *pool);
int link_socket(const link_t *l);
link_status_t link_notice_read(link_t *l, link_notice_t *out, bool *got);
link_status_t link_notice_wait(link_t *l, int timeout_ms, link_notice_t *out, bool *got);
/* Reads a notice's payload line into *out (false: not a pool notice). */
bool link_notice_parse(const char *payload, link_notice_t *out);

/* The rules of the header, exact for any int64_t figures (results beyond int64_t are refused:
 * false). */
bool link_share_frac(int64_t stake, int32_t bp, int64_t num, int64_t den, int64_t *frac);
bool link_pay(int64_t share_frac, int64_t num, int64_t den, int64_t *amount, int64_t *debit);
bool link_frac_to_minor(int64_t frac, int64_t num, int64_t den, int64_t *minor);

/* The schema, as carried in the program (generated from the .sql files at build time, joined in
 * their install order), and where each file starts in it: its name and its first line in the
 * joined text, ended by a NULL name. */
extern const char link_controller_sql[];
typedef struct link_sql_part {
    const char *name;
    int first_line;
} link_sql_part_t;
extern const link_sql_part_t link_controller_sql_parts[];

/* Where the character at position pos (1-based, as the server counts an error's position) of
 * link_controller_sql is: the file's name (into file) and its line there. False for a position
 * outside the text (0: the server gave none). */
bool link_sql_where(long pos, char *file, size_t n, int *line);

#endif
