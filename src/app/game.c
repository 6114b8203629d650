#include "game.h"

#include <stdio.h>
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
    return true; /* the first round opens with game_new_round(), after any stacked decks */
}

bool game_stack_deck(game_t *g, const char *cards, char *err, size_t errlen) {
    if (g->nstacked == 4) {
        snprintf(err, errlen, "at most 4 stacked decks");
        return false;
    }
    bool joker = g->rules.variant == VARIANT_ASIAN;
    card_t top[DECK_MAX];
    int n = card_parse_list(cards, top, DECK_MAX, err, errlen);
    if (n < 0) return false;
    deck_t *d = &g->stacked[g->nstacked];
    bool used[DECK_MAX] = {false};
    d->count = 0;
    for (int i = 0; i < n; i++) {
        if (top[i] == CARD_JOKER && !joker) {
            snprintf(err, errlen, "the joker is only in Asian Stud's deck");
            return false;
        }
        d->cards[d->count++] = top[i];
        used[top[i]] = true;
    }
    for (int c = 0; c < (joker ? 53 : 52); c++)
        if (!used[c]) d->cards[d->count++] = (card_t)c;
    g->nstacked++;
    return true;
}

bool game_new_round(game_t *g) {
    deck_t d;
    if (g->next_stacked < g->nstacked) {
        d = g->stacked[g->next_stacked++];
    } else {
        if (g->rules.variant == VARIANT_ASIAN)
            deck_init53(&d);
        else
            deck_init52(&d);
        deck_shuffle(&d, &g->rng);
    }
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

const char *game_money(const game_t *g, int64_t v, char buf[40]) {
    const char *cur = g->rules.currency;
    const char *sym = strcmp(cur, "USD") == 0   ? "$"
                      : strcmp(cur, "EUR") == 0 ? "\xE2\x82\xAC"
                      : strcmp(cur, "GBP") == 0 ? "\xC2\xA3"
                                                : NULL;
    int64_t a = v < 0 ? -v : v;
    char digits[24], grouped[32];
    snprintf(digits, sizeof digits, "%lld", (long long)(a / 100));
    int len = (int)strlen(digits), o = 0;
    for (int i = 0; i < len; i++) {
        grouped[o++] = digits[i];
        if ((len - i - 1) % 3 == 0 && i < len - 1) grouped[o++] = ',';
    }
    grouped[o] = '\0';
    /* "$1,234.50", or the code for other currencies: "CHF 1,234.50" */
    snprintf(buf, 40, "%s%s%s%s.%02lld", v < 0 ? "-" : "", sym ? sym : cur, sym ? "" : " ", grouped,
             (long long)(a % 100));
    return buf;
}
