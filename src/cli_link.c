/* `studpoker link ...`: the linked progressive's controller from the command line.
 *
 *   init --url CONNINFO                   an operator installs (or updates) the controller's
 *                                         schema and roles: a superuser's login
 *   status --url CONNINFO                 whether the controller answers, and who we are to it
 *   meters --url CONNINFO --pool NAME     the controller's meters of a pool (current value,
 *                                         reserve, overflow, hits, base, the last 25 wins);
 *          [--currency CUR] [--raw]       --follow prints every change the controller pushes
 *          [--follow [--count N] [--seconds S]]
 *   wins --url CONNINFO --pool NAME [--last N] [--raw]
 *   contribute --url CONNINFO --machine M --currency CUR (--game G --stake MINOR [--seat S] |
 *          --from FILE [--batch N]) [--raw] a machine's contributions by hand (FILE: lines of
 *                                         "GAME STAKE [SEAT]"), timed; --batch sends N stakes
 *                                         in one transaction, as a machine's outbox does
 *   claim --url CONNINFO --machine M --game G (--stake MINOR --currency CUR [--seat S] |
 *          --seats S,S,...) [--wait-file F] [--raw]
 *                                         a machine's claim of the top prize; --wait-file waits,
 *                                         connected, until F exists (claims at one instant)
 *
 * contribute and claim are what a linked machine sends after its round; here they serve the
 * tests, the technician and the timing of the controller. --raw prints key=value words for
 * scripts: every amount as the integer the controller holds (pool figures in frac, 1/10,000 of a
 * minor unit; stakes and payments in minor units). Exit status: 0 done, 1 refused or the
 * controller does not answer (the message says which), 2 bad arguments. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "cli.h"

#ifndef STUDPOKER_LINK

int cli_link(int argc, char **argv) {
    (void)argc;
    (void)argv;
    fprintf(stderr, "studpoker link: this studpoker was built without libpq, so it cannot reach "
                    "a link controller (install libpq-dev, e.g. with scripts/deps.sh, and build "
                    "again)\n");
    return 1;
}

#else

#include "link.h"
#include "money.h"

#define USAGE                                                                                      \
    "usage: studpoker link init|status --url CONNINFO\n"                                           \
    "       studpoker link meters --url CONNINFO --pool NAME [--currency CUR] [--raw]\n"           \
    "                             [--follow [--count N] [--seconds S]]\n"                          \
    "       studpoker link wins --url CONNINFO --pool NAME [--last N] [--raw]\n"                   \
    "       studpoker link contribute --url CONNINFO --machine M --currency CUR\n"                 \
    "                             (--game G --stake MINOR [--seat S] | --from FILE [--batch N])\n" \
    "                             [--raw]\n"                                                       \
    "       studpoker link claim --url CONNINFO --machine M --game G\n"                            \
    "                             (--stake MINOR --currency CUR [--seat S] | --seats S,S)\n"       \
    "                             [--wait-file FILE] [--raw]\n"                                    \
    "CONNINFO is a libpq connection string or URI; a password may come from PGPASSWORD or\n"       \
    "~/.pgpass rather than the command line.\n"

typedef struct opts {
    const char *url, *pool, *currency, *machine, *from, *wait_file;
    int64_t game, stake, count, seconds, last, batch;
    int seat, n_seats, seats[LINK_MAX_SEATS];
    bool have_game, have_stake, raw, follow;
} opts_t;

static double now_s(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static bool parse_i64(const char *s, int64_t lo, int64_t hi, int64_t *out) {
    char *end;
    errno = 0;
    long long v = strtoll(s, &end, 10);
    if (errno || end == s || *end || v < lo || v > hi) return false;
    *out = (int64_t)v;
    return true;
}

static bool parse_seats(const char *s, opts_t *o) {
    o->n_seats = 0;
    const char *p = s;
    while (*p) {
        char *end;
        long v = strtol(p, &end, 10);
        if (end == p || v < 1 || v > LINK_MAX_SEATS || o->n_seats == LINK_MAX_SEATS) return false;
        o->seats[o->n_seats++] = (int)v;
        p = end;
        if (*p == ',')
            p++;
        else if (*p)
            return false;
    }
    return o->n_seats > 0;
}

static int usage_error(const char *cmd, const char *what) {
    fprintf(stderr, "studpoker link %s: %s\n%s", cmd, what, USAGE);
    return 2;
}

/* Reads the options every subcommand shares; 0 when they are good. */
static int parse_opts(const char *cmd, int argc, char **argv, opts_t *o) {
    memset(o, 0, sizeof *o);
    o->seat = 1;
    o->last = 25;
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        bool takes = true;
        int64_t n;
        if (strcmp(a, "--raw") == 0) {
            o->raw = true;
            takes = false;
        } else if (strcmp(a, "--follow") == 0) {
            o->follow = true;
            takes = false;
        } else if (!v) {
            char msg[96];
            snprintf(msg, sizeof msg, "'%s' needs a value, or is not an option", a);
            return usage_error(cmd, msg);
        } else if (strcmp(a, "--url") == 0) {
            o->url = v;
        } else if (strcmp(a, "--pool") == 0) {
            o->pool = v;
        } else if (strcmp(a, "--currency") == 0) {
            o->currency = v;
        } else if (strcmp(a, "--machine") == 0) {
            o->machine = v;
        } else if (strcmp(a, "--from") == 0) {
            o->from = v;
        } else if (strcmp(a, "--batch") == 0) {
            if (!parse_i64(v, 1, LINK_BATCH_MAX, &o->batch))
                return usage_error(cmd, "--batch needs a number of stakes per call, 1 to 256");
        } else if (strcmp(a, "--wait-file") == 0) {
            o->wait_file = v;
        } else if (strcmp(a, "--game") == 0) {
            if (!parse_i64(v, 0, INT64_MAX, &o->game))
                return usage_error(cmd, "--game needs a game number >= 0");
            o->have_game = true;
        } else if (strcmp(a, "--stake") == 0) {
            if (!parse_i64(v, 1, INT64_MAX, &o->stake))
                return usage_error(cmd, "--stake needs a stake in minor units (cents), > 0");
            o->have_stake = true;
        } else if (strcmp(a, "--seat") == 0) {
            if (!parse_i64(v, 1, LINK_MAX_SEATS, &n))
                return usage_error(cmd, "--seat needs a seat 1 to 7");
            o->seat = (int)n;
        } else if (strcmp(a, "--seats") == 0) {
            if (!parse_seats(v, o)) return usage_error(cmd, "--seats needs seats 1 to 7: 1,2");
        } else if (strcmp(a, "--count") == 0) {
            if (!parse_i64(v, 1, INT64_MAX, &o->count))
                return usage_error(cmd, "--count needs a number > 0");
        } else if (strcmp(a, "--seconds") == 0) {
            if (!parse_i64(v, 1, 86400, &o->seconds))
                return usage_error(cmd, "--seconds needs 1 to 86400");
        } else if (strcmp(a, "--last") == 0) {
            if (!parse_i64(v, 1, LINK_WINS_MAX, &o->last))
                return usage_error(cmd, "--last needs 1 to 1000");
        } else {
            char msg[96];
            snprintf(msg, sizeof msg, "unknown argument '%s'", a);
            return usage_error(cmd, msg);
        }
        if (takes) i++;
    }
    if (!o->url) return usage_error(cmd, "--url CONNINFO is required");
    return 0;
}

/* A pool figure in frac as people read it: the money to the cent, and what is held below the
 * cent when there is any ("€5,434.05 + 0.1200 cent"). */
static const char *frac_text(int64_t frac, const char *currency, char *buf, size_t n) {
    char cur[4] = "", money[MONEY_TEXT_MAX];
    snprintf(cur, sizeof cur, "%s", currency ? currency : "");
    money_format(frac / LINK_FRAC, cur, money, sizeof money);
    int64_t below = frac % LINK_FRAC;
    if (below)
        snprintf(buf, n, "%s + 0.%04" PRId64 " cent", money, below);
    else
        snprintf(buf, n, "%s", money);
    return buf;
}

static const char *minor_text(int64_t minor, const char *currency, char *buf, size_t n) {
    char cur[4] = "";
    snprintf(cur, sizeof cur, "%s", currency ? currency : "");
    return money_format(minor, cur, buf, n);
}

static int link_fail(const char *cmd, link_t *l) {
    fprintf(stderr, "studpoker link %s: %s\n", cmd, link_message(l));
    link_close(l);
    return 1;
}

static link_t *open_link(const char *cmd, const char *url) {
    link_t *l = NULL;
    char err[LINK_MSG_LEN];
    if (link_connect(url, &l, err, sizeof err) != LINK_OK) {
        fprintf(stderr, "studpoker link %s: %s\n", cmd, err);
        link_close(l);
        return NULL;
    }
    return l;
}

/* ---- init, status ---- */

static int do_init(const opts_t *o) {
    link_t *l = open_link("init", o->url);
    if (!l) return 1;
    if (link_install(l) != LINK_OK) return link_fail("init", l);
    link_identity_t id;
    if (link_identity(l, &id) != LINK_OK) return link_fail("init", l);
    printf("link controller ready: schema %d installed (roles splink_owner, splink_machine, "
           "splink_operator; login %s)\n",
           id.schema_version, id.login);
    link_close(l);
    return 0;
}

static int do_status(const opts_t *o) {
    double t0 = now_s();
    link_t *l = open_link("status", o->url);
    if (!l) {
        printf("link controller: DOWN\n");
        return 1;
    }
    double t1 = now_s();
    link_identity_t id;
    if (link_identity(l, &id) != LINK_OK) {
        printf("link controller: DOWN or not installed\n");
        return link_fail("status", l);
    }
    double t2 = now_s();
    printf("link controller: answers (connect %.1f ms, a call %.1f ms)\n", (t1 - t0) * 1e3,
           (t2 - t1) * 1e3);
    printf("schema          %d\n", id.schema_version);
    printf("server time     %s\n", id.server_time);
    if (strcmp(id.kind, "machine") == 0)
        printf("this login      %s: machine %s at site %s, pool %s\n", id.login, id.machine,
               id.site, id.pool);
    else
        printf("this login      %s: %s\n", id.login,
               strcmp(id.kind, "operator") == 0 ? "operator" : "neither a machine nor an operator");
    link_close(l);
    return 0;
}

/* ---- meters, wins ---- */

static void print_win_row(const link_win_row_t *w, const char *pool_currency, bool raw) {
    char a[MONEY_TEXT_MAX], b[96];
    if (raw) {
        printf("win=%" PRId64 " at=%.19s site=%s machine=%s game=%" PRId64 " seat=%d currency=%s "
               "stake=%" PRId64 " amount=%" PRId64 " share=%" PRId64 " debit=%" PRId64
               " rate=%" PRId64 "/%" PRId64 " value_before=%" PRId64 " value_after=%" PRId64 "\n",
               w->win_id, w->at, w->site, w->machine, w->game, w->seat, w->currency, w->stake,
               w->amount, w->share, w->debit, w->rate_num, w->rate_den, w->value_before,
               w->value_after);
        return;
    }
    printf("  %.19s  %-12s %-12s game %-8" PRId64 " seat %d  %14s  (of a prize of %s)\n", w->at,
           w->site, w->machine, w->game, w->seat, minor_text(w->amount, w->currency, a, sizeof a),
           frac_text(w->value_before, pool_currency, b, sizeof b));
}

static int print_wins(link_t *l, const char *cmd, const char *pool, const char *currency,
                      int64_t last, bool raw) {
    static link_win_row_t rows[LINK_WINS_MAX];
    int n = 0;
    if (link_wins(l, pool, (int)last, rows, &n) != LINK_OK) return link_fail(cmd, l);
    if (!raw) {
        printf("last %" PRId64 " wins, newest first:%s\n", last, n ? "" : " none yet");
    }
    for (int i = 0; i < n; i++) print_win_row(&rows[i], currency, raw);
    return 0;
}

static int follow(link_t *l, const opts_t *o, const char *currency);

static int do_meters(const opts_t *o) {
    if (!o->pool) return usage_error("meters", "--pool NAME is required");
    link_t *l = open_link("meters", o->url);
    if (!l) return 1;
    link_meters_t m;
    if (link_meters(l, o->pool, o->currency, &m) != LINK_OK) return link_fail("meters", l);
    if (o->follow) {
        int status = follow(l, o, m.currency);
        link_close(l);
        return status;
    }
    if (o->raw) {
        printf("pool=%s currency=%s value=%" PRId64 " reserve=%" PRId64 " overflow=%" PRId64
               " limit=%" PRId64 " hits=%" PRId64 " base=%" PRId64 " seed=%" PRId64
               " contributions=%" PRId64 " contributed=%" PRId64 " seeded=%" PRId64 " paid=%" PRId64
               " value_bp=%d reserve_bp=%d local_currency=%s local_value=%" PRId64
               " local_rate=%" PRId64 "/%" PRId64 "\n",
               m.pool, m.currency, m.value, m.reserve, m.overflow, m.overflow_limit, m.hits, m.base,
               m.seed, m.contributions, m.contributed, m.seeded, m.paid, m.value_bp, m.reserve_bp,
               m.local_currency, m.local_value, m.local_rate_num, m.local_rate_den);
    } else {
        char a[96], b[96];
        const char *c = m.currency;
        printf("pool %s (%s), the controller's meters at %.19s\n", m.pool, c, m.changed_at);
        printf("current value   %s\n", frac_text(m.value, c, a, sizeof a));
        if (strcmp(m.local_currency, c) != 0)
            printf("  in %s        %s (at %" PRId64 "/%" PRId64 ", rounded down)\n",
                   m.local_currency, minor_text(m.local_value, m.local_currency, a, sizeof a),
                   m.local_rate_num, m.local_rate_den);
        printf("reserve         %s (starts the next prize)\n",
               frac_text(m.reserve, c, a, sizeof a));
        if (m.overflow_limit > 0)
            printf("overflow        %s (above the limit of %s)\n",
                   frac_text(m.overflow, c, a, sizeof a),
                   frac_text(m.overflow_limit, c, b, sizeof b));
        else
            printf("overflow        %s (no limit set)\n", frac_text(m.overflow, c, a, sizeof a));
        printf("hits            %" PRId64 "\n", m.hits);
        printf("base            %s (this prize's start; the seed is %s)\n",
               frac_text(m.base, c, a, sizeof a), frac_text(m.seed, c, b, sizeof b));
        printf("funding         %d.%02d%% of each stake to the prize, %d.%02d%% to the reserve\n",
               m.value_bp / 100, m.value_bp % 100, m.reserve_bp / 100, m.reserve_bp % 100);
        printf("contributions   %" PRId64 ", in all %s\n", m.contributions,
               frac_text(m.contributed, c, a, sizeof a));
        printf("house seeding   %s\n", frac_text(m.seeded, c, a, sizeof a));
        printf("paid in wins    %s\n", frac_text(m.paid, c, a, sizeof a));
        bool holds = m.seeded + m.contributed == m.value + m.reserve + m.overflow + m.paid;
        printf("balance         seeding + contributions = value + reserve + overflow + paid: %s\n",
               holds ? "holds" : "DOES NOT HOLD");
    }
    int status = print_wins(l, "meters", o->pool, m.currency, 25, o->raw);
    if (status == 0) link_close(l);
    return status;
}

static int do_wins(const opts_t *o) {
    if (!o->pool) return usage_error("wins", "--pool NAME is required");
    link_t *l = open_link("wins", o->url);
    if (!l) return 1;
    link_meters_t m;
    if (link_meters(l, o->pool, NULL, &m) != LINK_OK) return link_fail("wins", l);
    int status = print_wins(l, "wins", o->pool, m.currency, o->last, o->raw);
    if (status == 0) link_close(l);
    return status;
}

/* Prints the pool's changes as the controller pushes them, with how long each took from the
 * controller's commit to here (the same clock when the controller runs on this computer). */
static int follow(link_t *l, const opts_t *o, const char *currency) {
    if (link_listen(l, o->pool) != LINK_OK) {
        fprintf(stderr, "studpoker link meters: %s\n", link_message(l));
        return 1;
    }
    fprintf(stderr, "following pool %s: listening\n", o->pool);
    fflush(stderr);
    double until = o->seconds ? now_s() + (double)o->seconds : 0;
    int64_t seen = 0;
    while (!o->count || seen < o->count) {
        int wait = -1;
        if (until) {
            double left = until - now_s();
            if (left <= 0) break;
            wait = (int)(left * 1000) + 1;
        }
        link_notice_t n;
        bool got;
        if (link_notice_wait(l, wait, &n, &got) != LINK_OK) {
            fprintf(stderr, "studpoker link meters: %s\n", link_message(l));
            return 1;
        }
        if (!got) continue;
        seen++;
        struct timespec ts;
        clock_gettime(CLOCK_REALTIME, &ts);
        int64_t us = (int64_t)ts.tv_sec * 1000000 + ts.tv_nsec / 1000 - n.sent_us;
        if (o->raw) {
            printf("%s latency_us=%" PRId64 "\n", n.payload, us);
        } else {
            char a[96], b[MONEY_TEXT_MAX];
            if (strcmp(n.event, "win") == 0)
                printf("JACKPOT WON at %s, machine %s, game %" PRId64 ": %s; the prize restarts "
                       "at %s\n",
                       n.site, n.machine, n.game, minor_text(n.amount, n.currency, b, sizeof b),
                       frac_text(n.value, currency, a, sizeof a));
            else
                printf("%-10s value %s, hits %" PRId64 " (%.1f ms after the controller)\n", n.event,
                       frac_text(n.value, currency, a, sizeof a), n.hits, (double)us / 1000.0);
        }
        fflush(stdout);
    }
    if (o->count && seen < o->count) {
        fprintf(stderr,
                "studpoker link meters: %" PRId64 " of %" PRId64 " changes came in %" PRId64 " s\n",
                seen, o->count, o->seconds);
        return 1;
    }
    return 0;
}

/* ---- contribute, claim ---- */

static void print_contribution(const opts_t *o, int64_t game, int seat, int64_t stake,
                               const link_contribution_t *c) {
    if (o->raw) {
        printf("game=%" PRId64 " seat=%d stake=%" PRId64 " to_value=%" PRId64 " to_reserve=%" PRId64
               " to_overflow=%" PRId64 " rate=%" PRId64 "/%" PRId64 " value_after=%" PRId64
               " replay=%d\n",
               game, seat, stake, c->to_value, c->to_reserve, c->to_overflow, c->rate_num,
               c->rate_den, c->value_after, c->replay ? 1 : 0);
        return;
    }
    char s[MONEY_TEXT_MAX];
    printf("game %" PRId64 " seat %d, stake %s: %s%" PRId64 " frac to the prize, %" PRId64
           " to the reserve, %" PRId64 " to the overflow, at %" PRId64 "/%" PRId64
           "; the prize is now %" PRId64 " frac\n",
           game, seat, minor_text(stake, o->currency, s, sizeof s),
           c->replay ? "already counted: " : "", c->to_value, c->to_reserve, c->to_overflow,
           c->rate_num, c->rate_den, c->value_after);
}

/* Sends the stakes gathered: one call (link_contribute) or, with --batch, one transaction for
 * them all (link_contribute_many). */
static bool send_pending(const opts_t *o, link_t *l, const link_stake_t *pend, int *npend,
                         int64_t *sent, int64_t *replays) {
    link_contribution_t c[LINK_BATCH_MAX];
    link_status_t st = *npend == 1 && !o->batch
                           ? link_contribute(l, o->machine, pend[0].game, pend[0].seat,
                                             pend[0].stake, o->currency, &c[0])
                           : link_contribute_many(l, o->machine, pend, *npend, c);
    if (st != LINK_OK) {
        fprintf(stderr, "studpoker link contribute: game %" PRId64 " seat %d%s: %s\n", pend[0].game,
                pend[0].seat, *npend > 1 ? " and the rest of its batch" : "", link_message(l));
        return false;
    }
    for (int i = 0; i < *npend; i++) {
        *sent += 1;
        *replays += c[i].replay;
        print_contribution(o, pend[i].game, pend[i].seat, pend[i].stake, &c[i]);
    }
    *npend = 0;
    return true;
}

/* Tells the pool's followers of the stakes sent, as a machine does after its stakes commit: asks
 * until a notice covers them (at most about 100 ms). */
static bool announce_sent(const opts_t *o, link_t *l) {
    char since[LINK_SINCE_LEN] = "", next[LINK_SINCE_LEN];
    for (int tries = 0; tries < 100; tries++) {
        bool made = false;
        int wait_ms = 0;
        if (link_announce(l, o->machine, since, next, &made, &wait_ms) != LINK_OK) {
            fprintf(stderr, "studpoker link contribute: announcing the stakes: %s\n",
                    link_message(l));
            return false;
        }
        if (wait_ms <= 0) return true;
        snprintf(since, sizeof since, "%s", next);
        struct timespec ts = {wait_ms / 1000, (long)(wait_ms % 1000) * 1000000L};
        nanosleep(&ts, NULL);
    }
    return true;
}

static int do_contribute(const opts_t *o) {
    if (!o->machine || !o->currency)
        return usage_error("contribute", "--machine and --currency are required");
    if (!o->from && !(o->have_game && o->have_stake))
        return usage_error("contribute", "give --game and --stake, or --from FILE");
    FILE *in = NULL;
    if (o->from) {
        in = strcmp(o->from, "-") == 0 ? stdin : fopen(o->from, "r");
        if (!in) {
            fprintf(stderr, "studpoker link contribute: cannot read %s: %s\n", o->from,
                    strerror(errno));
            return 1;
        }
    }
    link_t *l = open_link("contribute", o->url);
    if (!l) {
        if (in && in != stdin) fclose(in);
        return 1;
    }
    int status = 0;
    int64_t sent = 0, replays = 0;
    int batch = o->batch ? (int)o->batch : 1, npend = 0;
    link_stake_t pend[LINK_BATCH_MAX];
    double t0 = now_s();
    char line[256];
    int lineno = 0;
    for (;;) {
        int64_t game = o->game, stake = o->stake, seat = o->seat;
        if (in) {
            if (!fgets(line, sizeof line, in)) break;
            lineno++;
            char *p = line;
            while (*p == ' ' || *p == '\t') p++;
            if (*p == '#' || *p == '\n' || *p == '\0') continue;
            long long g, s, k = 1;
            int got = sscanf(p, "%lld %lld %lld", &g, &s, &k);
            if (got < 2 || g < 0 || s < 1 || k < 1 || k > LINK_MAX_SEATS) {
                fprintf(stderr, "studpoker link contribute: %s:%d: want GAME STAKE [SEAT]\n",
                        o->from, lineno);
                status = 2;
                break;
            }
            game = g;
            stake = s;
            seat = k;
        }
        pend[npend] = (link_stake_t){.game = game, .seat = (int)seat, .stake = stake};
        snprintf(pend[npend].currency, sizeof pend[npend].currency, "%s", o->currency);
        if (++npend == batch && !send_pending(o, l, pend, &npend, &sent, &replays)) {
            status = 1;
            break;
        }
        if (!in) break;
    }
    if (status == 0 && npend && !send_pending(o, l, pend, &npend, &sent, &replays)) status = 1;
    double dt = now_s() - t0; /* the stakes' time: the announcement may wait up to 100 ms */
    if (status == 0 && sent > 0 && !announce_sent(o, l)) status = 1;
    if (in) {
        if (in != stdin) fclose(in);
        fprintf(stderr,
                "studpoker link contribute: %" PRId64 " sent (%" PRId64 " already counted) in "
                "%.3f s: %.0f a second from one connection\n",
                sent, replays, dt, dt > 0 ? (double)sent / dt : 0.0);
    }
    link_close(l);
    return status;
}

/* Waits, connected, for a file to appear: the test's starting gun for claims at one instant. */
static bool wait_for_file(const char *path) {
    struct stat st;
    double until = now_s() + 30;
    while (stat(path, &st) != 0) {
        if (now_s() > until) return false;
        struct timespec ms = {0, 200000};
        nanosleep(&ms, NULL);
    }
    return true;
}

static int do_claim(const opts_t *o) {
    if (!o->machine || !o->have_game)
        return usage_error("claim", "--machine and --game are required");
    if (!o->n_seats && !(o->have_stake && o->currency))
        return usage_error("claim", "give --stake and --currency (one seat), or --seats S,S");
    link_t *l = open_link("claim", o->url);
    if (!l) return 1;
    if (o->wait_file) {
        fprintf(stderr, "studpoker link claim: connected; waiting for %s\n", o->wait_file);
        fflush(stderr);
    }
    if (o->wait_file && !wait_for_file(o->wait_file)) {
        fprintf(stderr, "studpoker link claim: %s did not appear in 30 s\n", o->wait_file);
        link_close(l);
        return 1;
    }
    link_win_t w[LINK_MAX_SEATS];
    int n = o->n_seats ? o->n_seats : 1;
    link_status_t st = o->n_seats
                           ? link_claim_seats(l, o->machine, o->game, o->seats, n, w)
                           : link_claim(l, o->machine, o->game, o->seat, o->stake, o->currency, w);
    if (st != LINK_OK) return link_fail("claim", l);
    /* The machine pays what the controller says only when the figures follow the rounding rule
     * it was built with: a controller whose arithmetic differs is a fault, not a payment. */
    for (int i = 0; i < n; i++) {
        int64_t amount, debit;
        if (!link_pay(w[i].share, w[i].rate_num, w[i].rate_den, &amount, &debit) ||
            amount != w[i].amount || debit != w[i].debit) {
            fprintf(stderr,
                    "studpoker link claim: the controller's payment for seat %d (%" PRId64
                    " minor units, %" PRId64 " frac) does not follow the rounding rule (%" PRId64
                    ", %" PRId64 "): call a technician\n",
                    w[i].seat, w[i].amount, w[i].debit, amount, debit);
            link_close(l);
            return 1;
        }
    }
    for (int i = 0; i < n; i++) {
        if (o->raw) {
            printf("seat=%d currency=%s stake=%" PRId64 " amount=%" PRId64 " share=%" PRId64
                   " debit=%" PRId64 " rate=%" PRId64 "/%" PRId64 " value_before=%" PRId64
                   " value_after=%" PRId64 " win=%" PRId64 " replay=%d\n",
                   w[i].seat, w[i].currency, w[i].stake, w[i].amount, w[i].share, w[i].debit,
                   w[i].rate_num, w[i].rate_den, w[i].value_before, w[i].value_after, w[i].win_id,
                   w[i].replay ? 1 : 0);
            continue;
        }
        char a[MONEY_TEXT_MAX], s[MONEY_TEXT_MAX];
        printf("seat %d (stake %s): %s %s, its share of a prize of %" PRId64 " frac at %" PRId64
               "/%" PRId64 "; the prize restarted at %" PRId64 " frac\n",
               w[i].seat, minor_text(w[i].stake, w[i].currency, s, sizeof s),
               w[i].replay ? "claimed already, nothing paid again:" : "paid",
               minor_text(w[i].amount, w[i].currency, a, sizeof a), w[i].value_before,
               w[i].rate_num, w[i].rate_den, w[i].value_after);
    }
    link_close(l);
    return 0;
}

int cli_link(int argc, char **argv) {
    if (argc < 1 || strcmp(argv[0], "--help") == 0 || strcmp(argv[0], "help") == 0) {
        fputs(USAGE, argc < 1 ? stderr : stdout);
        return argc < 1 ? 2 : 0;
    }
    const char *cmd = argv[0];
    opts_t o;
    int bad = parse_opts(cmd, argc - 1, argv + 1, &o);
    if (bad) return bad;
    if (strcmp(cmd, "init") == 0) return do_init(&o);
    if (strcmp(cmd, "status") == 0) return do_status(&o);
    if (strcmp(cmd, "meters") == 0) return do_meters(&o);
    if (strcmp(cmd, "wins") == 0) return do_wins(&o);
    if (strcmp(cmd, "contribute") == 0) return do_contribute(&o);
    if (strcmp(cmd, "claim") == 0) return do_claim(&o);
    return usage_error(cmd, "unknown link command");
}

#endif
