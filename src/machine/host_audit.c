/* host_audit: an operator's audit of a shared table. See host.h. */
#define _POSIX_C_SOURCE 200809L
#include "host_internal.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#ifdef STUDPOKER_LINK

/* The arrays a round is read into, grown to the largest round's players. */
typedef struct aroom {
    lt_player_t *players;
    lt_audit_row_t *rows;
    int cap;
} aroom_t;

static bool grow(aroom_t *a, int need) {
    if (need <= a->cap) return true;
    lt_player_t *p = realloc(a->players, sizeof *p * (size_t)need);
    if (p) a->players = p;
    lt_audit_row_t *r = realloc(a->rows, sizeof *r * (size_t)need);
    if (r) a->rows = r;
    if (!p || !r) return false;
    a->cap = need;
    return true;
}

/* A round's results and players, the arrays grown once when the round has more players. */
static bool read_round(link_t *l, const char *tab, int64_t round, char phase[16], aroom_t *a,
                       int *nr, int *np) {
    for (int tries = 0; tries < 2; tries++) {
        link_status_t st = link_audit_round(l, tab, round, phase, a->rows, a->cap, nr);
        if (st == LINK_OK) st = link_host_players(l, tab, round, a->players, a->cap, np);
        if (st == LINK_OK) return true;
        int need = *nr > *np ? *nr : *np;
        if (st != LINK_REFUSED || need <= a->cap || !grow(a, need)) return false;
    }
    return false;
}

static int by_machine(const void *a, const void *b) {
    return strcmp(((const lt_audit_row_t *)a)->machine, ((const lt_audit_row_t *)b)->machine);
}

/* One finished round of the audit: its results against the replay. Returns the problems. */
static int audit_one(link_t *l, const cfg_t *cfg, const char *tab, int64_t round, aroom_t *a,
                     FILE *out, int64_t *replayed) {
    char phase[16];
    int nr = 0, np = 0, bad = 0;
    if (!read_round(l, tab, round, phase, a, &nr, &np)) {
        fprintf(out, "round %" PRId64 ": %s\n", round, link_message(l));
        return 1;
    }
    lt_player_t *players = a->players;
    lt_audit_row_t *rows = a->rows;
    /* each player's result found by its name (a round of thousands) */
    qsort(rows, (size_t)nr, sizeof *rows, by_machine);
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
        lt_audit_row_t key;
        snprintf(key.machine, sizeof key.machine, "%s", players[i].machine);
        const lt_audit_row_t *x = bsearch(&key, rows, (size_t)nr, sizeof *rows, by_machine);
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
    aroom_t a = {0};
    bool mem = grow(&a, 4096);
    int64_t problems = m.problems, replayed = 0;
    if (m.problems) fprintf(out, "money: %s\n", m.first_problems);
    for (int64_t round = 1; mem && round <= m.rounds; round++)
        problems += audit_one(l, cfg, tab, round, &a, out, &replayed);
    if (!mem) fprintf(out, "out of memory\n"), problems++;
    fprintf(out,
            "table %s: %" PRId64 " rounds (%" PRId64 " finished), %" PRId64
            " hands replayed, staked %" PRId64 ", returned %" PRId64 ", problems %" PRId64 "\n",
            tab, m.rounds, m.finished, replayed, m.staked, m.returned, problems);
    free(a.players), free(a.rows);
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
