/* The history screen's rounds (game.h: game_history): a machine's own recorded rounds, or a
 * shared table's terminal's rounds as it collected them from its tables, one table's or all. */
#define _POSIX_C_SOURCE 200809L
#include "game.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static void from_store(const store_round_record_t *rec, game_record_t *h) {
    const store_seat_record_t *s = &rec->seat[0];
    memset(h, 0, sizeof *h);
    h->number = (uint64_t)rec->game;
    memcpy(h->cards, s->cards, sizeof h->cards);
    memcpy(h->dealer, rec->dealer, sizeof h->dealer);
    memcpy(h->board, rec->board, sizeof h->board);
    memcpy(h->stake, s->stake, sizeof h->stake);
    memcpy(h->returned, s->returned, sizeof h->returned);
    memcpy(h->outcome, s->outcome, sizeof h->outcome);
    h->credits_before = s->credits_before;
    h->credits_after = s->credits_after;
    h->hand_value = s->hand_value;
    h->folded = s->folded;
    h->auto_folded = s->auto_folded;
    h->void_round = rec->is_void;
    snprintf(h->when, sizeof h->when, "%s", rec->finished_text);
}

/* The game a table's round was dealt in: as its record names it, else (a record from before
 * records named it) from its cards, which only Cajun Stud deals two of; with no cards (bets
 * returned before the deal), the game at hand's. */
static rules_variant_t table_variant(const store_table_result_t *r, rules_variant_t here) {
    for (int v = 0; v < VARIANT_COUNT; v++)
        if (strcmp(r->variant, rules_variant_key((rules_variant_t)v)) == 0)
            return (rules_variant_t)v;
    if (r->ncards == 2) return VARIANT_CAJUN;
    if (r->ncards == 5) return here == VARIANT_CAJUN ? VARIANT_CARIBBEAN : here;
    return here;
}

/* A shared table's round as the terminal recorded it: the outcome of each wager from what came
 * back against what was staked, the fold from the player's decisions. */
static void from_table(const store_table_result_t *r, rules_variant_t here, game_record_t *h) {
    memset(h, 0, sizeof *h);
    h->table_round = true;
    snprintf(h->tab, sizeof h->tab, "%s", r->tab);
    h->variant = table_variant(r, here);
    h->number = (uint64_t)r->round;
    for (int i = 0; i < r->ncards && i < 5; i++) h->cards[i] = r->cards[i];
    for (int i = 0; i < r->nshared && i < 5; i++) { /* the dealer's hand, or Cajun's board */
        h->dealer[i] = r->shared[i];
        if (i < 3) h->board[i] = r->shared[i];
    }
    h->void_round = strcmp(r->kind, "settled") != 0;
    for (int w = 0; w < WAGER_COUNT; w++) {
        h->stake[w] = r->stakes[w], h->returned[w] = r->returned[w];
        if (!r->stakes[w]) continue;
        h->outcome[w] = h->void_round                    ? OUTCOME_REFUND
                        : r->returned[w] > r->stakes[w]  ? OUTCOME_WIN
                        : r->returned[w] == r->stakes[w] ? OUTCOME_PUSH
                                                         : OUTCOME_LOSE;
    }
    h->credits_before = r->staked, h->credits_after = r->total;
    h->auto_folded = strstr(r->decisions, "auto_fold") != NULL;
    h->folded = h->auto_folded || strstr(r->decisions, ":fold") != NULL;
    time_t t = (time_t)r->utc;
    struct tm tm;
    if (gmtime_r(&t, &tm)) strftime(h->when, sizeof h->when, "%Y-%m-%d %H:%M:%S UTC", &tm);
}

int64_t game_history_count(game_t *g) {
    return game_history_count_at(g, NULL);
}

int64_t game_history_count_at(game_t *g, const char *tab) {
    if (!g->store) return g->nhistory;
    if (g->at_table) {
        int64_t n = store_table_result_count(g->store, tab);
        return n < 0 ? 0 : n;
    }
    int64_t n = store_history_count(g->store);
    return n < 0 ? 0 : n;
}

int game_history(game_t *g, int offset, int n, game_record_t *out) {
    return game_history_at(g, NULL, offset, n, out);
}

int game_history_at(game_t *g, const char *tab, int offset, int n, game_record_t *out) {
    if (!g->store) {
        int k = 0;
        for (; k < n && offset + k < g->nhistory; k++) out[k] = g->history[offset + k];
        return k;
    }
    if (g->at_table) {
        store_table_result_t *tr = calloc((size_t)n, sizeof *tr);
        if (!tr) return 0;
        int got = store_table_results(g->store, tab, offset, n, tr);
        for (int k = 0; k < got; k++) from_table(&tr[k], g->rules.variant, &out[k]);
        free(tr);
        return got < 0 ? 0 : got;
    }
    store_round_record_t *recs = calloc((size_t)n, sizeof *recs);
    if (!recs) return 0;
    int count = 0;
    if (store_history(g->store, n, offset, recs, &count) != STORE_OK) count = 0;
    for (int k = 0; k < count; k++) from_store(&recs[k], &out[k]);
    free(recs);
    return count;
}
