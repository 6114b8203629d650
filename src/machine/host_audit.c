/* host_audit: an operator's audit of a shared table. See host.h. */
#define _POSIX_C_SOURCE 200809L
#include "host_internal.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#ifdef STUDPOKER_LINK

/* One finished round of the audit: its results against the replay. Returns the problems. */
static int audit_one(link_t *l, const cfg_t *cfg, const char *tab, int64_t round,
                     lt_player_t *players, lt_audit_row_t *rows, int cap, FILE *out,
                     int64_t *replayed) {
    char phase[16];
    int nr = 0, np = 0, bad = 0;
    if (link_audit_round(l, tab, round, phase, rows, cap, &nr) != LINK_OK ||
        link_host_players(l, tab, round, players, cap, &np) != LINK_OK) {
        fprintf(out, "round %" PRId64 ": %s\n", round, link_message(l));
        return 1;
    }
    if (strcmp(phase, "settled") != 0 && strcmp(phase, "cancelled") != 0) return 0;
    for (int i = 0; i < nr; i++) {
        const lt_audit_row_t *x = &rows[i];
        if (strcmp(x->kind, "settled") == 0) continue;
        bool zero = true;
        for (int w = 0; w < x->nreturned; w++) zero = zero && x->returned[w] == 0;
        if (x->total != x->staked || !zero) {
            fprintf(out, "round %" PRId64 " %s: a %s result returns %" PRId64 " of %" PRId64 "\n",
                    round, x->machine, x->kind, x->total, x->staked);
            bad++;
        }
    }
    if (strcmp(phase, "cancelled") == 0) return bad;
    /* the prizes the controller paid from the linked pool, which the engine leaves to it */
    lt_linked_win_t won[LINK_CLAIM_MAX];
    int nwon = 0;
    if (cfg->rules.pool_linked &&
        link_audit_linked(l, tab, round, won, LINK_CLAIM_MAX, &nwon) != LINK_OK) {
        fprintf(out, "round %" PRId64 ": %s\n", round, link_message(l));
        return bad + 1;
    }
    /* every player replayed, then the table's aggregate limit over them, then each compared */
    lt_settle_t *ss = calloc((size_t)np + 1, sizeof *ss);
    host_linked_t *lk = calloc((size_t)np + 1, sizeof *lk);
    bool *ok = calloc((size_t)np + 1, sizeof *ok);
    if (!ss || !lk || !ok) {
        free(ss), free(lk), free(ok);
        fprintf(out, "round %" PRId64 ": out of memory\n", round);
        return bad + 1;
    }
    for (int i = 0; i < np; i++) {
        char why[LT_TEXT_LEN];
        ok[i] = host_settle_player(&cfg->rules, &players[i], &ss[i], &lk[i], why, sizeof why);
        if (!ok[i]) {
            fprintf(out, "round %" PRId64 " %s: the replay fails: %s\n", round, players[i].machine,
                    why);
            bad++;
        }
    }
    host_aggregate(&cfg->rules, ss, lk, np); /* a failed replay is counted as bad already */
    for (int i = 0; i < np; i++) {
        if (!ok[i]) continue;
        lt_settle_t s = ss[i];
        const lt_audit_row_t *x = NULL;
        for (int k = 0; k < nr && !x; k++)
            if (strcmp(rows[k].machine, players[i].machine) == 0) x = &rows[k];
        (*replayed)++;
        for (int k = 0; k < nwon; k++)
            if (strcmp(won[k].machine, players[i].machine) == 0)
                s.returned[WAGER_JACKPOT] += won[k].amount, s.total += won[k].amount;
        bool same = x && strcmp(x->kind, "settled") == 0 && x->staked == s.staked &&
                    x->total == s.total && x->nreturned == WAGER_COUNT;
        for (int w = 0; same && w < WAGER_COUNT; w++) same = x->returned[w] == s.returned[w];
        if (!same) {
            fprintf(out,
                    "round %" PRId64 " %s: recorded %s staked %" PRId64 " total %" PRId64
                    ", the replay gives staked %" PRId64 " total %" PRId64 "\n",
                    round, players[i].machine, x ? x->kind : "no result", x ? x->staked : 0,
                    x ? x->total : 0, s.staked, s.total);
            bad++;
        }
    }
    free(ss), free(lk), free(ok);
    return bad;
}

int host_audit(const cfg_t *cfg, const char *url, const char *tab, FILE *out) {
    link_t *l = NULL;
    char err[LINK_MSG_LEN];
    if (link_connect(url, &l, err, sizeof err) != LINK_OK) {
        fprintf(out, "the controller: %s\n", l ? link_message(l) : err);
        link_close(l);
        return 1;
    }
    lt_audit_money_t m;
    if (link_audit_money(l, tab, &m) != LINK_OK) {
        fprintf(out, "the controller: %s\n", link_message(l));
        link_close(l);
        return 1;
    }
    int cap = 4096;
    lt_player_t *players = malloc(sizeof *players * (size_t)cap);
    lt_audit_row_t *rows = malloc(sizeof *rows * (size_t)cap);
    int64_t problems = m.problems, replayed = 0;
    if (m.problems) fprintf(out, "money: %s\n", m.first_problems);
    for (int64_t round = 1; players && rows && round <= m.rounds; round++)
        problems += audit_one(l, cfg, tab, round, players, rows, cap, out, &replayed);
    if (!players || !rows) fprintf(out, "out of memory\n"), problems++;
    fprintf(out,
            "table %s: %" PRId64 " rounds (%" PRId64 " finished), %" PRId64
            " hands replayed, staked %" PRId64 ", returned %" PRId64 ", problems %" PRId64 "\n",
            tab, m.rounds, m.finished, replayed, m.staked, m.returned, problems);
    free(players), free(rows);
    link_close(l);
    return problems ? 1 : 0;
}

#else

int host_audit(const cfg_t *cfg, const char *url, const char *tab, FILE *out) {
    (void)cfg, (void)url, (void)tab;
    fprintf(out, "this studpoker was built without libpq (libpq-dev)\n");
    return 1;
}

#endif
