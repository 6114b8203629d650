#include "game.h"

#include <string.h>

bool game_init(game_t *g, const rules_t *rules, int64_t credits, uint64_t seed) {
    memset(g, 0, sizeof *g);
    g->rules = *rules;
    g->rules.seats = 1;
    g->credits = credits;
    if (seed)
        rng_init_seed_u64(&g->rng, seed);
    else if (!rng_init_system(&g->rng))
        return false;
    int64_t start = rules->offered[WAGER_JACKPOT] ? rules->jackpot_seed : rules->progressive_reset;
    jackpot_init(&g->pool, start);
    return game_new_round(g);
}

bool game_new_round(game_t *g) {
    deck_t d;
    if (g->rules.variant == VARIANT_ASIAN)
        deck_init53(&d);
    else
        deck_init52(&d);
    deck_shuffle(&d, &g->rng);
    g->number++;
    char err[128];
    return round_init(&g->round, &g->rules, &d, 1, &g->credits, g->last_stakes, &g->pool, err,
                      sizeof err);
}

bool game_round_over(const game_t *g) {
    return g->round.phase == ROUND_SETTLED || g->round.phase == ROUND_VOID;
}

static void record(game_t *g) {
    const round_seat_t *s = &g->round.seat[0];
    memmove(&g->history[1], &g->history[0], sizeof g->history[0] * (GAME_HISTORY - 1));
    if (g->nhistory < GAME_HISTORY) g->nhistory++;
    game_record_t *h = &g->history[0];
    memset(h, 0, sizeof *h);
    h->number = g->number;
    memcpy(h->cards, s->cards, sizeof h->cards);
    memcpy(h->dealer, g->round.dealer, sizeof h->dealer);
    memcpy(h->board, g->round.board, sizeof h->board);
    memcpy(h->stake, s->stake, sizeof h->stake);
    memcpy(h->returned, s->returned, sizeof h->returned);
    memcpy(h->outcome, s->outcome, sizeof h->outcome);
    h->credits_before = s->credits_start;
    h->credits_after = s->credits;
    h->hand_value = s->hand_value;
    h->dealer_value = g->round.dealer_value;
    h->dealer_qualifies = g->round.dealer_qualifies;
    h->folded = s->folded;
    h->auto_folded = s->auto_folded;
    h->void_round = g->round.phase == ROUND_VOID;
}

round_status_t game_act(game_t *g, round_action_t a) {
    round_status_t st = round_apply(&g->round, &a);
    if (st.refusal == REFUSE_NONE && game_round_over(g)) {
        const round_seat_t *s = &g->round.seat[0];
        g->credits = s->credits;
        /* REPEAT offers the bets placed before the deal (not the raises) */
        for (int w = 0; w < WAGER_COUNT; w++)
            g->last_stakes[w] = (w == WAGER_ANTE || wager_is_side((wager_t)w)) ? s->stake[w] : 0;
        record(g);
    }
    return st;
}
