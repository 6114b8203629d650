/* host: a shared table's dealer. See host.h. */
#define _POSIX_C_SOURCE 200809L
#include "host.h"

#include <inttypes.h>
#include <sodium.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "card.h"
#include "eval.h"
#include "money.h"
#include "rng.h"
#include "round.h"

#ifdef STUDPOKER_LINK
#include "link_table.h"
#endif

/* ---- the configuration a table publishes ---- */

static const char *const game_sections[] = {"game",     "limits",  "sidebets",
                                            "paytable", "jackpot", "progressive",
                                            "asian",    "timers",  "approval"};

static bool game_section(const char *line) {
    for (size_t i = 0; i < sizeof game_sections / sizeof game_sections[0]; i++) {
        size_t n = strlen(game_sections[i]);
        if (line[0] == '[' && strncmp(line + 1, game_sections[i], n) == 0 && line[n + 1] == ']')
            return true;
    }
    return false;
}

char *host_game_text(const cfg_t *cfg) {
    char *all = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&all, &len);
    if (!f) return NULL;
    cfg_write(f, cfg, false, NULL);
    fclose(f);
    if (!all) return NULL;
    char *out = malloc(len + 1);
    if (!out) {
        free(all);
        return NULL;
    }
    size_t used = 0;
    bool keep = false;
    for (char *line = all; *line;) {
        char *end = strchr(line, '\n');
        size_t n = end ? (size_t)(end - line + 1) : strlen(line);
        if (line[0] == '[') keep = game_section(line);
        if (keep) memcpy(out + used, line, n), used += n;
        line += n;
    }
    out[used] = '\0';
    free(all);
    return out;
}

bool host_config_ok(const cfg_t *cfg, char *why, size_t n) {
    const rules_t *r = &cfg->rules;
    if (r->offered[WAGER_JACKPOT] || r->offered[WAGER_PROGRESSIVE]) {
        snprintf(why, n,
                 "a shared table does not offer the JACKPOT or the progressive bet yet (their "
                 "prize is shared by the table's royals through the linked pool): switch them "
                 "off in [sidebets]");
        return false;
    }
    if (r->betting_seconds <= 0 || r->decision_seconds <= 0) {
        snprintf(why, n,
                 "a shared table needs its betting and decision times ([timers] betting_seconds "
                 "and decision_seconds): every player bets and decides on the table's clock");
        return false;
    }
    return true;
}

/* ---- cards as text ---- */

static void cards_text(const card_t *c, int n, char *out, size_t cap) {
    size_t used = 0;
    out[0] = '\0';
    for (int i = 0; i < n && used + 4 < cap; i++) {
        char b[3];
        used +=
            (size_t)snprintf(out + used, cap - used, "%s%s", i ? " " : "", card_format(c[i], b));
    }
}

/* A player's round on the engine starts with their stakes and this much more: the terminal
 * checked that its credits cover the raises before it sent the bets (the engine's deal asks for
 * that), and the table counts only the stakes it took. */
#define HOST_MARGIN ((int64_t)1000000000000)

/* ---- dealing ---- */

typedef struct hplayer {
    const char *machine;
    int64_t amounts[WAGER_COUNT];
    int64_t staked;
    deck_t replay; /* the one-seat round this player's settlement replays */
    card_t cards[5];
} hplayer_t;

static int hole_count(const rules_t *r) {
    return r->variant == VARIANT_CAJUN ? 2 : 5;
}
static int shared_count(const rules_t *r) { /* the dealer's hand, or Cajun's board */
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

static bool deal_round(const rules_t *r, rng_t *rng, bool one_deck, const char *stacked,
                       hplayer_t *p, int n, deck_t *deck, card_t shared[5]) {
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
    int hole = hole_count(r), ns = shared_count(r);
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

/* Whether the bets the player sent are ones the rules take (their sum staked). */
static bool bets_ok(const rules_t *r, const int64_t *amounts, int64_t staked, char *why, size_t n) {
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
    if (!round_init(&rd, r, &d, 1, &credits, NULL, NULL, why, n)) return false;
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

/* Settles one player: their round replayed through the engine from the records. false: the
 * records do not make a round the engine plays (why). */
static bool settle_player(const rules_t *r, const lt_player_t *p, lt_settle_t *out, char *why,
                          size_t n) {
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
    int64_t start = p->staked + p->raised + HOST_MARGIN, credits = start;
    if (!round_init(&rd, r, &deck, 1, &credits, NULL, NULL, why, n)) return false;
    if (!place_bets(&rd, p->amounts, why, n)) return false;
    for (int i = 0; i < nd && rd.phase == ROUND_DECIDING; i++) {
        bool play = strcmp(d[i].action, "play") == 0;
        round_action_t a = play ? (r->variant == VARIANT_CAJUN ? round_raise(0, d[i].multiple)
                                                               : round_simple(ACT_PLAY, 0))
                           : strcmp(d[i].action, "fold") == 0 ? round_simple(ACT_FOLD, 0)
                                                              : round_simple(ACT_TIMEOUT, -1);
        int64_t before = round_seat_staked(&rd, 0);
        round_status_t s = round_apply(&rd, &a);
        if (s.refusal != REFUSE_NONE) {
            snprintf(why, n, "step %d: %s", d[i].step, s.message);
            return false;
        }
        int64_t bet = round_seat_staked(&rd, 0) - before;
        if (play && bet != d[i].amount) {
            snprintf(why, n, "step %d: a raise of %" PRId64 " sent for one of %" PRId64, d[i].step,
                     d[i].amount, bet);
            return false;
        }
    }
    if (rd.phase != ROUND_SETTLED) {
        snprintf(why, n, "the round did not settle with the decisions recorded");
        return false;
    }
    const round_seat_t *s = &rd.seat[0];
    out->staked = round_seat_staked(&rd, 0);
    out->total = 0;
    for (int w = 0; w < WAGER_COUNT; w++)
        out->returned[w] = s->returned[w], out->total += s->returned[w];
    if (out->staked != p->staked + p->raised || s->credits - (start - out->staked) != out->total) {
        snprintf(why, n, "the money does not add up: staked %" PRId64 " of %" PRId64, out->staked,
                 p->staked + p->raised);
        return false;
    }
    char amt[32];
    money_format(out->total - out->staked > 0 ? out->total - out->staked : 0, r->currency, amt,
                 sizeof amt);
    const char *hand = s->judged[WAGER_ANTE] ? s->judged[WAGER_ANTE] : "";
    if (s->folded)
        snprintf(out->verdict, sizeof out->verdict, "%s",
                 s->auto_folded ? "AUTO FOLDED" : "FOLDED");
    else if (out->total > out->staked)
        snprintf(out->verdict, sizeof out->verdict, "%s%sWIN %s", hand, *hand ? ": " : "", amt);
    else
        snprintf(out->verdict, sizeof out->verdict, "%s%s%s", hand, *hand ? ": " : "",
                 out->total == out->staked ? "PUSH" : "DEALER WINS");
    return true;
}

/* ---- the loop ---- */

typedef struct host {
    const cfg_t *cfg;
    const host_options_t *o;
    link_t *l;
    rng_t rng;
    char hash[2 * crypto_generichash_BYTES + 1];
    int64_t done; /* rounds finished this run */
    int dealt;    /* rounds dealt this run (the stacked decks' count) */
    int cap;      /* players the arrays hold */
    lt_bets_t *bets;
    lt_player_t *players;
    lt_decision_t *decisions;
    lt_settle_t *settle;
    lt_hand_t *hands;
    lt_void_t *voids;
    deck_t *decks;
    char why[LT_TEXT_LEN + LINK_NAME_LEN + 16]; /* the host's own refusal, "" when the link's */
    host_round_stats_t stats;                   /* the round in play's, for the benchmark */
} host_t;

static void say(host_t *h, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void say(host_t *h, const char *fmt, ...) {
    if (!h->o->log) return;
    va_list ap;
    va_start(ap, fmt);
    vfprintf(h->o->log, fmt, ap);
    va_end(ap);
    fputc('\n', h->o->log);
    fflush(h->o->log);
}

static bool stopping(const host_t *h) {
    return h->o->stop && *h->o->stop;
}

static void nap(const host_t *h, int ms) {
    while (ms > 0 && !stopping(h)) {
        int step = ms < 100 ? ms : 100;
        struct timespec t = {0, (long)step * 1000000L};
        nanosleep(&t, NULL);
        ms -= step;
    }
}

/* Room for n players in every array of the round. */
static bool room(host_t *h, int n) {
    if (n <= h->cap) return true;
    int cap = h->cap ? h->cap : 64;
    while (cap < n) cap *= 2;
#define GROW(field, per)                                                                           \
    do {                                                                                           \
        void *p = realloc(h->field, sizeof *h->field * (size_t)cap * (per));                       \
        if (!p) return false;                                                                      \
        h->field = p;                                                                              \
    } while (0)
    GROW(bets, 1);
    GROW(players, 1);
    GROW(decisions, 3);
    GROW(settle, 1);
    GROW(hands, 1);
    GROW(voids, 1);
    GROW(decks, 1);
#undef GROW
    h->cap = cap;
    return true;
}

/* A call refused for want of room for its players is tried again with twice the room. */
static bool retry_bigger(host_t *h, link_status_t st) {
    return st == LINK_REFUSED && strstr(link_message(h->l), "the host takes") &&
           room(h, h->cap * 2);
}

/* Closes betting and deals. LINK_DOWN: try again; LINK_REFUSED: the round cannot go on. */
static double now_s(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static link_status_t close_and_deal_timed(host_t *h, int64_t round);
static link_status_t close_and_deal(host_t *h, int64_t round) {
    double t0 = now_s();
    link_status_t st = close_and_deal_timed(h, round);
    h->stats.close_deal_ms = (now_s() - t0) * 1000;
    return st;
}

static link_status_t close_and_deal_timed(host_t *h, int64_t round) {
    const rules_t *r = &h->cfg->rules;
    int n = 0;
    link_status_t st;
    do st = link_host_close_betting(h->l, h->o->tab, round, h->bets, h->cap, &n);
    while (retry_bigger(h, st));
    if (st != LINK_OK) return st;
    int nv = 0, np = 0;
    for (int i = 0; i < n; i++) {
        const lt_bets_t *b = &h->bets[i];
        char why[LT_TEXT_LEN] = "";
        bool ok = b->present;
        if (!ok) snprintf(why, sizeof why, "disconnected while betting was open: bets returned");
        if (ok && b->n != WAGER_COUNT) {
            snprintf(why, sizeof why, "bets in a form this table does not take: returned");
            ok = false;
        }
        if (ok) ok = bets_ok(r, b->amounts, b->staked, why, sizeof why);
        if (!ok) {
            h->voids[nv] = (lt_void_t){.machine = b->machine, .staked = b->staked};
            snprintf(h->voids[nv].reason, sizeof h->voids[nv].reason, "%s", why);
            nv++;
            continue;
        }
        h->hands[np++].machine = b->machine;
    }
    /* deal into the players' slots: their cards and replay decks */
    hplayer_t *p = calloc((size_t)(np ? np : 1), sizeof *p);
    if (!p) return LINK_DOWN;
    deck_t deck;
    card_t shared[5];
    bool one_deck = !h->o->deal || strcmp(h->o->deal, "per_player") != 0;
    /* a test's decks go to the rounds someone plays */
    const char *stacked = np > 0 && h->dealt < h->o->ndecks ? h->o->decks[h->dealt] : NULL;
    if (np > 0) h->dealt++;
    if (!deal_round(r, &h->rng, one_deck, stacked, p, np, &deck, shared)) {
        free(p);
        snprintf(h->why, sizeof h->why, "a deal that is not a whole deck");
        return LINK_REFUSED;
    }
    int hole = hole_count(r), ns = shared_count(r);
    for (int i = 0; i < np; i++) {
        cards_text(p[i].cards, hole, h->hands[i].cards, sizeof h->hands[i].cards);
        cards_text(p[i].replay.cards, p[i].replay.count, h->hands[i].deck, sizeof h->hands[i].deck);
    }
    free(p);
    char deck_text[LT_CARDS_LEN], shared_text[32], up[8] = "";
    cards_text(deck.cards, deck.count, deck_text, sizeof deck_text);
    cards_text(shared, ns, shared_text, sizeof shared_text);
    bool cajun = r->variant == VARIANT_CAJUN;
    if (!cajun) cards_text(shared, 1, up, sizeof up);
    st = link_host_deal(h->l, h->o->tab, round, deck_text, cajun ? "" : shared_text, up,
                        cajun ? shared_text : "", h->hands, np, h->voids, nv, WAGER_COUNT);
    if (st == LINK_OK) say(h, "round %" PRId64 ": dealt %d players, %d voided", round, np, nv);
    return st;
}

/* Settles every player dealt, from the controller's records. */
static link_status_t settle_round(host_t *h, int64_t round) {
    int n = 0;
    link_status_t st;
    double t0 = now_s();
    do st = link_host_players(h->l, h->o->tab, round, h->players, h->cap, &n);
    while (retry_bigger(h, st));
    if (st != LINK_OK) return st;
    double t1 = now_s();
    int64_t staked = 0, paid = 0;
    for (int i = 0; i < n; i++) {
        char why[LT_TEXT_LEN];
        lt_settle_t *s = &h->settle[i];
        memset(s, 0, sizeof *s);
        s->machine = h->players[i].machine;
        if (!settle_player(&h->cfg->rules, &h->players[i], s, why, sizeof why)) {
            snprintf(h->why, sizeof h->why, "player %s: %s", s->machine, why);
            return LINK_REFUSED;
        }
        staked += s->staked, paid += s->total;
    }
    double t2 = now_s();
    st = link_host_settle(h->l, h->o->tab, round, h->settle, n, WAGER_COUNT);
    if (st == LINK_OK)
        say(h, "round %" PRId64 ": settled %d players, staked %" PRId64 ", paid %" PRId64, round, n,
            staked, paid);
    if (st == LINK_OK && h->o->on_round) {
        h->stats.round = round, h->stats.players = n;
        h->stats.read_ms = (t1 - t0) * 1000, h->stats.engine_ms = (t2 - t1) * 1000;
        h->stats.settled_at_s = now_s();
        h->stats.settle_ms = (h->stats.settled_at_s - t2) * 1000;
        h->o->on_round(h->o->ctx, &h->stats);
    }
    return st;
}

/* The decisions: waits for the step to close (every player decided or the time ran out), closes
 * it, and goes on to the next step (Cajun, while someone is still in) or settles. */
static link_status_t decide(host_t *h, int64_t round) {
    const rules_t *r = &h->cfg->rules;
    for (;;) {
        int step = 0, waiting = 0, left = 0;
        link_status_t st = link_host_step(h->l, h->o->tab, round, &step, &waiting, &left);
        if (st != LINK_OK) return st;
        if (waiting > 0 && left > 0) {
            nap(h, left < 200 ? left : 200);
            if (stopping(h)) return LINK_DOWN;
            continue;
        }
        int steps = r->variant == VARIANT_CAJUN ? 3 : 1;
        /* is anyone still in after this step? (the decisions so far say; a first close with
         * next = false, then, if so, the next step is opened by a second look) */
        int n = 0;
        bool next_possible = step + 1 < steps;
        do
            st = link_host_close_step(h->l, h->o->tab, round, step, next_possible, h->decisions,
                                      h->cap * 3, &n);
        while (retry_bigger(h, st));
        if (st != LINK_OK) return st;
        bool in = false;
        for (int i = 0; i < n; i++)
            if (h->decisions[i].step == step && strcmp(h->decisions[i].action, "play") == 0)
                in = true;
        if (!next_possible || !in) {
            if (next_possible) {
                /* nobody is left to decide: the next step's time is not waited for */
                say(h, "round %" PRId64 ": everyone folded at step %d", round, step);
            }
            return settle_round(h, round);
        }
    }
}

/* One pass over the table's newest round: whatever it waits for next. */
static link_status_t advance(host_t *h) {
    lt_host_round_t rr;
    link_status_t st = link_host_round(h->l, h->o->tab, &rr);
    if (st != LINK_OK) return st;
    bool finished =
        !rr.found || strcmp(rr.phase, "settled") == 0 || strcmp(rr.phase, "cancelled") == 0;
    if (finished) {
        if (rr.found) {
            h->done++;
            if (h->o->rounds > 0 && h->done >= h->o->rounds) return LINK_OK;
            nap(h, h->o->pause_ms);
            if (stopping(h)) return LINK_OK;
        }
        int64_t round = 0;
        st = link_host_open(h->l, h->o->tab, h->hash, &round);
        if (st == LINK_OK) say(h, "round %" PRId64 ": betting open", round);
        return st;
    }
    if (h->o->stale_ms > 0 && rr.age_ms > h->o->stale_ms) {
        int refunded = 0;
        st = link_host_cancel(h->l, h->o->tab, rr.round,
                              "the table stopped in the middle of this round: every bet returned",
                              WAGER_COUNT, &refunded);
        if (st == LINK_OK)
            say(h, "round %" PRId64 ": cancelled (left %" PRId64 " ms), %d players refunded",
                rr.round, rr.age_ms, refunded);
        return st;
    }
    if (strcmp(rr.phase, "betting") == 0) {
        if (rr.betting_left_ms > 0) {
            nap(h, rr.betting_left_ms);
            return LINK_OK;
        }
        return close_and_deal(h, rr.round);
    }
    if (strcmp(rr.phase, "closed") == 0) return close_and_deal(h, rr.round);
    return decide(h, rr.round);
}

static void host_free(host_t *h) {
    free(h->bets), free(h->players), free(h->decisions), free(h->settle);
    free(h->hands), free(h->voids), free(h->decks);
    link_close(h->l);
    rng_clear(&h->rng);
}

int host_run(const cfg_t *cfg, const host_options_t *o) {
    char why[256];
    if (!host_config_ok(cfg, why, sizeof why)) {
        fprintf(stderr, "studpoker table-host: %s\n", why);
        return 1;
    }
    host_t h = {.cfg = cfg, .o = o};
    if (!rng_library_init() || !room(&h, 64)) {
        fprintf(stderr, "studpoker table-host: no random generator or no memory\n");
        host_free(&h);
        return 1;
    }
    if (o->seed)
        rng_init_seed_u64(&h.rng, o->seed);
    else if (!rng_init_system(&h.rng)) {
        fprintf(stderr, "studpoker table-host: the system's random generator failed\n");
        host_free(&h);
        return 1;
    }
    char *text = host_game_text(cfg);
    if (!text) {
        fprintf(stderr, "studpoker table-host: out of memory\n");
        host_free(&h);
        return 1;
    }
    unsigned char digest[crypto_generichash_BYTES];
    crypto_generichash(digest, sizeof digest, (const unsigned char *)text, strlen(text), NULL, 0);
    sodium_bin2hex(h.hash, sizeof h.hash, digest, sizeof digest);
    char err[LINK_MSG_LEN];
    link_status_t st = link_connect(o->url, &h.l, err, sizeof err);
    bool published = false;
    int status = 0;
    while (!stopping(&h) && !(o->rounds > 0 && h.done >= o->rounds)) {
        if (st == LINK_DOWN) {
            say(&h, "the controller does not answer: %s", h.l ? link_message(h.l) : err);
            nap(&h, 1000);
            st = h.l ? link_reconnect(h.l) : link_connect(o->url, &h.l, err, sizeof err);
            continue;
        }
        if (!published) {
            char limits[LT_TEXT_LEN], title[LT_TEXT_LEN], ante[24], ante_max[24];
            money_format(cfg->rules.bet_min[WAGER_ANTE], cfg->rules.currency, ante, sizeof ante);
            money_format(cfg->rules.bet_max[WAGER_ANTE], cfg->rules.currency, ante_max,
                         sizeof ante_max);
            snprintf(limits, sizeof limits, "ANTE %s - %s", ante, ante_max);
            snprintf(title, sizeof title, "%s", rules_preset_name(cfg->rules.preset));
            st = link_host_publish(
                h.l, o->tab, text, title, rules_variant_key(cfg->rules.variant), limits,
                cfg->rules.betting_seconds * 1000, cfg->rules.decision_seconds * 1000,
                o->deal && strcmp(o->deal, "per_player") == 0 ? "per_player" : "one_deck");
            if (st != LINK_OK) continue;
            published = true;
        }
        st = advance(&h);
        if (st == LINK_REFUSED) {
            fprintf(stderr, "studpoker table-host: %s\n", h.why[0] ? h.why : link_message(h.l));
            status = 1;
            break;
        }
    }
    free(text);
    host_free(&h);
    return status;
}

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
    for (int i = 0; i < np; i++) {
        lt_settle_t s;
        char why[LT_TEXT_LEN];
        memset(&s, 0, sizeof s);
        const lt_audit_row_t *x = NULL;
        for (int k = 0; k < nr && !x; k++)
            if (strcmp(rows[k].machine, players[i].machine) == 0) x = &rows[k];
        if (!settle_player(&cfg->rules, &players[i], &s, why, sizeof why)) {
            fprintf(out, "round %" PRId64 " %s: the replay fails: %s\n", round, players[i].machine,
                    why);
            bad++;
            continue;
        }
        (*replayed)++;
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

int host_run(const cfg_t *cfg, const host_options_t *o) {
    (void)cfg, (void)o;
    fprintf(stderr, "studpoker table-host: this studpoker was built without libpq (libpq-dev)\n");
    return 1;
}

#endif
