/* host_round: a shared table's deal and each player's round through the engine (the host's and
 * its audit's). See host_internal.h. */
#define _POSIX_C_SOURCE 200809L
#include "host_internal.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "eval.h"
#include "money.h"
/* ---- cards as text ---- */

void host_cards_text(const card_t *c, int n, char *out, size_t cap) {
    size_t used = 0;
    out[0] = '\0';
    for (int i = 0; i < n && used + 4 < cap; i++) {
        char b[3];
        used +=
            (size_t)snprintf(out + used, cap - used, "%s%s", i ? " " : "", card_format(c[i], b));
    }
}

/* ---- dealing ---- */

int host_hole_count(const rules_t *r) {
    return r->variant == VARIANT_CAJUN ? 2 : 5;
}
int host_shared_count(const rules_t *r) { /* the dealer's hand, or Cajun's board */
    return r->variant == VARIANT_CAJUN ? 3 : 5;
}

/* A whole deck: first the player's cards, then the shared ones, then every other card of `full`
 * in its order. */
static void replay_deck(const deck_t *full, const card_t *own, int nown, const card_t *shared,
                        int nshared, deck_t *out) {
    bool used[DECK_MAX] = {false};
    out->count = 0;
    for (int i = 0; i < nown; i++) out->cards[out->count++] = own[i], used[own[i]] = true;
    for (int i = 0; i < nshared; i++) out->cards[out->count++] = shared[i], used[shared[i]] = true;
    for (int i = 0; i < full->count; i++)
        if (!used[full->cards[i]]) out->cards[out->count++] = full->cards[i];
}

/* Deals the round: *shared gets the dealer's cards (the board), each player their cards and
 * replay deck. one_deck while the deck holds everyone, else per player. */
/* A test's deck: the cards given, then the rest of the deck in card order. */
static bool stacked_deck(const rules_t *r, const char *cards, deck_t *deck) {
    deck_t all;
    if (r->variant == VARIANT_ASIAN)
        deck_init53(&all);
    else
        deck_init52(&all);
    char err[64];
    int n = card_parse_list(cards, deck->cards, DECK_MAX, err, sizeof err);
    if (n < 0) return false;
    bool used[DECK_MAX] = {false};
    for (int i = 0; i < n; i++) used[deck->cards[i]] = true;
    deck->count = n;
    for (int i = 0; i < all.count; i++)
        if (!used[all.cards[i]]) deck->cards[deck->count++] = all.cards[i];
    return deck_is_valid(deck);
}

bool host_deal_round(const rules_t *r, rng_t *rng, bool one_deck, const char *stacked, hplayer_t *p,
                     int n, deck_t *deck, card_t shared[5]) {
    if (stacked) {
        if (!stacked_deck(r, stacked, deck)) return false;
        one_deck = true;
    } else {
        if (r->variant == VARIANT_ASIAN)
            deck_init53(deck);
        else
            deck_init52(deck);
        deck_shuffle(deck, rng);
    }
    int hole = host_hole_count(r), ns = host_shared_count(r);
    bool whole = one_deck && n * hole + ns <= deck->count;
    if (whole) {
        for (int i = 0; i < n; i++)
            memcpy(p[i].cards, deck->cards + i * hole, sizeof(card_t) * (size_t)hole);
        memcpy(shared, deck->cards + n * hole, sizeof(card_t) * (size_t)ns);
    } else {
        memcpy(shared, deck->cards, sizeof(card_t) * (size_t)ns);
        for (int i = 0; i < n; i++) {
            deck_t rest = {.count = deck->count - ns};
            memcpy(rest.cards, deck->cards + ns, sizeof(card_t) * (size_t)rest.count);
            rng_shuffle_front(rng, rest.cards, rest.count, hole);
            memcpy(p[i].cards, rest.cards, sizeof(card_t) * (size_t)hole);
        }
    }
    for (int i = 0; i < n; i++) {
        replay_deck(deck, p[i].cards, hole, shared, ns, &p[i].replay);
        if (!deck_is_valid(&p[i].replay)) return false;
    }
    return true;
}

/* ---- a player's round through the engine ---- */

/* The player's bets on a one-seat round (refused: why). */
static bool place_bets(round_t *rd, const int64_t *amounts, char *why, size_t n) {
    for (int w = 0; w < WAGER_COUNT; w++) {
        if (amounts[w] == 0) continue;
        round_action_t a = round_bet(0, (wager_t)w, amounts[w]);
        round_status_t s = round_apply(rd, &a);
        if (s.refusal != REFUSE_NONE) {
            snprintf(why, n, "%s", s.message);
            return false;
        }
    }
    round_action_t deal = round_simple(ACT_DEAL, -1);
    round_status_t s = round_apply(rd, &deal);
    if (s.refusal != REFUSE_NONE) {
        snprintf(why, n, "%s", s.message);
        return false;
    }
    return true;
}

/* The pool a player's round is dealt with when the rules offer a pool bet: a scratch one (a
 * table's pool is the linked pool on the controller; the round's own contributions to it go
 * nowhere), NULL when they offer none. */
static jackpot_pool_t *scratch_pool(const rules_t *r) {
    static jackpot_pool_t pool;
    if (!r->offered[WAGER_JACKPOT] && !r->offered[WAGER_PROGRESSIVE]) return NULL;
    jackpot_init(&pool, r->offered[WAGER_JACKPOT] ? r->jackpot_seed : r->progressive_reset);
    return &pool;
}

/* Whether the bets the player sent are ones the rules take (their sum staked). */
bool host_bets_ok(const rules_t *r, const int64_t *amounts, int64_t staked, char *why, size_t n) {
    static round_t rd; /* large: one host, one thread */
    deck_t d;
    if (r->variant == VARIANT_ASIAN)
        deck_init53(&d);
    else
        deck_init52(&d);
    for (int w = 0; w < WAGER_COUNT; w++)
        if (!wager_is_side((wager_t)w) && w != WAGER_ANTE && amounts[w] != 0) {
            snprintf(why, n, "a bet on a decision's spot before the deal");
            return false;
        }
    /* the terminal made sure its credits cover the raises; the table's check is the bets */
    int64_t credits = staked + HOST_MARGIN;
    if (!round_init(&rd, r, &d, 1, &credits, NULL, scratch_pool(r), why, n)) return false;
    return place_bets(&rd, amounts, why, n);
}

#ifdef STUDPOKER_LINK

/* A player's round as the controller recorded it, ready for the engine. */
typedef struct hdecision {
    int step;
    char action[12];
    int multiple;
    int64_t amount;
} hdecision_t;

static int parse_decisions(const char *text, hdecision_t *d, int max) {
    int n = 0;
    const char *p = text;
    while (*p && n < max) {
        hdecision_t x = {0};
        long long amount = 0;
        int used = 0;
        if (sscanf(p, "%d:%11[a-z_]:%d:%lld%n", &x.step, x.action, &x.multiple, &amount, &used) !=
            4)
            break;
        x.amount = amount;
        d[n++] = x;
        p += used;
        while (*p == ' ') p++;
    }
    return n;
}

/* The player's round through the engine: the deck, the bets, then the decisions in order, the
 * one at index fold_at (>= 0) played as a fold. *bad: the index of the first raise whose amount
 * is not the one the engine takes (-1: none). */
static bool replay(round_t *rd, const rules_t *r, const deck_t *deck, const lt_player_t *p,
                   const hdecision_t *d, int nd, int fold_at, int *bad, char *why, size_t n) {
    *bad = -1;
    int64_t credits = p->staked + p->raised + HOST_MARGIN;
    rules_t one = *r;
    one.aggregate_limit = 0; /* the table's, over every player (host_aggregate) */
    if (!round_init(rd, &one, deck, 1, &credits, NULL, scratch_pool(r), why, n)) return false;
    if (!place_bets(rd, p->amounts, why, n)) return false;
    for (int i = 0; i < nd && rd->phase == ROUND_DECIDING; i++) {
        bool play = strcmp(d[i].action, "play") == 0 && i != fold_at;
        round_action_t a = play ? (r->variant == VARIANT_CAJUN ? round_raise(0, d[i].multiple)
                                                               : round_simple(ACT_PLAY, 0))
                           : strcmp(d[i].action, "fold") == 0 || i == fold_at
                               ? round_simple(ACT_FOLD, 0)
                               : round_simple(ACT_TIMEOUT, -1);
        int64_t before = round_seat_staked(rd, 0);
        round_status_t s = round_apply(rd, &a);
        if (s.refusal != REFUSE_NONE) {
            snprintf(why, n, "step %d: %s", d[i].step, s.message);
            return false;
        }
        if (play && round_seat_staked(rd, 0) - before != d[i].amount && *bad < 0) *bad = i;
    }
    return true;
}

/* Settles one player: their round replayed through the engine from the records. A raise the
 * table accepted whose amount is not the one the bets make (a terminal that lost its records of
 * the round, or one that cheats) is a fold, its stake returned whole: folding was the player's to
 * choose anyway, so nothing is won by it, and the table settles everyone else as ever. false: the
 * records do not make a round the engine plays (why). */
bool host_settle_player(const rules_t *r, const lt_player_t *p, lt_settle_t *out,
                        host_linked_t *linked, char *why, size_t n) {
    static round_t rd; /* large: one host, one thread */
    deck_t deck;
    deck.count = card_parse_list(p->deck, deck.cards, DECK_MAX, why, n);
    if (deck.count <= 0 || !deck_is_valid(&deck)) {
        if (deck.count > 0) snprintf(why, n, "the recorded deck is not a whole deck");
        return false;
    }
    if (p->n != WAGER_COUNT) {
        snprintf(why, n, "bets in a form this table does not take");
        return false;
    }
    hdecision_t d[3];
    int nd = parse_decisions(p->decisions, d, 3);
    int64_t start = p->staked + p->raised + HOST_MARGIN;
    int bad = -1, fold_at = -1;
    if (!replay(&rd, r, &deck, p, d, nd, -1, &bad, why, n)) return false;
    if (bad >= 0) {
        fold_at = bad;
        if (!replay(&rd, r, &deck, p, d, nd, fold_at, &bad, why, n)) return false;
    }
    /* the raise played as a fold goes back as it came: on its own wager */
    int64_t refund = fold_at >= 0 ? d[fold_at].amount : 0;
    wager_t refund_w = r->variant == VARIANT_CAJUN && fold_at >= 0
                           ? (wager_t)(WAGER_RAISE_1 + (d[fold_at].step < 3 ? d[fold_at].step : 0))
                           : WAGER_PLAY;
    if (rd.phase != ROUND_SETTLED) {
        snprintf(why, n, "the round did not settle with the decisions recorded");
        return false;
    }
    const round_seat_t *s = &rd.seat[0];
    wager_t pw = r->offered[WAGER_JACKPOT] ? WAGER_JACKPOT : WAGER_PROGRESSIVE;
    *linked =
        (host_linked_t){.stake = r->pool_linked ? s->stake[pw] : 0,
                        .aggregate = r->aggregate_limit > 0 ? round_aggregate_win(&rd, 0) : 0};
    memcpy(linked->stakes, s->stake, sizeof linked->stakes);
    for (int i = 0; i < rd.nevents; i++)
        if (rd.events[i].type == EV_JACKPOT_LINKED && rd.events[i].seat == 0) linked->royal = true;
    out->staked = round_seat_staked(&rd, 0);
    out->total = 0;
    for (int w = 0; w < WAGER_COUNT; w++)
        out->returned[w] = s->returned[w], out->total += s->returned[w];
    if (s->credits - (start - out->staked) != out->total) {
        snprintf(why, n, "the money does not add up: returned %" PRId64, out->total);
        return false;
    }
    out->staked += refund, out->total += refund, out->returned[refund_w] += refund;
    if (out->staked != p->staked + p->raised) {
        snprintf(why, n, "the money does not add up: staked %" PRId64 " of %" PRId64, out->staked,
                 p->staked + p->raised);
        return false;
    }
    /* what the terminal collects with the result: the decisions and stakes the table took */
    size_t used = 0;
    out->decisions[0] = '\0';
    for (int i = 0; i < nd && used < sizeof out->decisions; i++)
        used += (size_t)snprintf(out->decisions + used, sizeof out->decisions - used, "%s%d:%s:%d",
                                 i ? " " : "", d[i].step, d[i].action, d[i].multiple);
    for (int w = 0; w < WAGER_COUNT; w++) out->stakes[w] = w < p->nstakes ? p->stakes[w] : 0;
    char amt[32];
    money_format(out->total - out->staked > 0 ? out->total - out->staked : 0, r->currency, amt,
                 sizeof amt);
    const char *hand = s->judged[WAGER_ANTE] ? s->judged[WAGER_ANTE] : "";
    if (fold_at >= 0)
        snprintf(out->verdict, sizeof out->verdict,
                 "FOLDED: a raise that did not match the bets, "
                 "returned");
    else if (s->folded)
        snprintf(out->verdict, sizeof out->verdict, "%s",
                 s->auto_folded ? "AUTO FOLDED" : "FOLDED");
    else if (out->total > out->staked)
        snprintf(out->verdict, sizeof out->verdict, "%s%sWIN %s", hand, *hand ? ": " : "", amt);
    else
        snprintf(out->verdict, sizeof out->verdict, "%s%s%s", hand, *hand ? ": " : "",
                 out->total == out->staked ? "PUSH" : "DEALER WINS");
    return true;
}

int host_aggregate(const rules_t *r, lt_settle_t *s, const host_linked_t *linked, int n) {
    int64_t total = 0;
    for (int i = 0; i < n; i++) total += linked[i].aggregate;
    if (r->aggregate_limit <= 0 || total <= r->aggregate_limit) return 0;
    int cut = 0;
    char lim[32];
    money_format(r->aggregate_limit, r->currency, lim, sizeof lim);
    for (int i = 0; i < n; i++) {
        int64_t big = linked[i].aggregate;
        if (big <= 0) continue;
        int64_t paid = round_aggregate_share(r->aggregate_limit, big, total);
        round_aggregate_spread(linked[i].stakes, s[i].returned, big, paid);
        s[i].total -= big - paid;
        /* the verdict: the hand, then what it is paid under the table's limit */
        char hand[LT_TEXT_LEN], amt[32];
        snprintf(hand, sizeof hand, "%s", s[i].verdict);
        char *colon = strstr(hand, ": WIN");
        if (colon) *colon = '\0';
        int64_t win = s[i].total - s[i].staked;
        money_format(win > 0 ? win : 0, r->currency, amt, sizeof amt);
        snprintf(s[i].verdict, sizeof s[i].verdict,
                 "%.60s: WIN %s (the table's limit of %s shared)", hand, amt, lim);
        cut++;
    }
    return cut;
}

#endif
