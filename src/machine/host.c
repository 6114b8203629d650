/* host: a shared table's dealer. See host.h. */
#define _POSIX_C_SOURCE 200809L
#include "host_internal.h"

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

/* [money] too: the table's currency is its game's (a table of a preset whose default is another
 * currency was shown to its terminals in that one) */
static const char *const game_sections[] = {"game",     "money",   "limits",      "sidebets",
                                            "paytable", "jackpot", "progressive", "asian",
                                            "timers",   "approval"};

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
    if ((r->offered[WAGER_JACKPOT] || r->offered[WAGER_PROGRESSIVE]) && !r->pool_linked) {
        snprintf(why, n,
                 "a shared table's JACKPOT (or progressive) is a linked pool, shared by the "
                 "round's royals through the controller: give the table a [link] section (url, "
                 "pool, site, machine), or switch the bet off in [sidebets]");
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

#ifdef STUDPOKER_LINK

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
    lt_settle_t *settle;
    lt_hand_t *hands;
    int *hand_bets;      /* each player dealt: its bets in bets[] */
    int64_t dealt_round; /* the round this run closed and dealt (its bets and hands kept), 0 none */
    int ndealt;
    /* its players settled while its last step was open (read_ahead): ready[i] for players[i],
     * nready of them; ask: the players asked about; ahead_off: the controller cannot tell them
     * (schema before 7), ahead_bad: a round whose early settlements are not used */
    bool *ready;
    int *ask;
    int nready;
    bool ahead_off;
    int64_t ahead_bad;
    lt_void_t *voids;
    deck_t *decks;
    char why[LT_TEXT_LEN + LINK_NAME_LEN + 16]; /* the host's own refusal, "" when the link's */
    host_round_stats_t stats;                   /* the round in play's, for the benchmark */
    link_t *pool;          /* the linked pool, as the host's [link] machine (NULL: none yet) */
    host_linked_t *linked; /* each player's part of it in the round being settled */
    double seated_at;      /* when the players seated were last counted */
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
    GROW(settle, 1);
    GROW(hands, 1);
    GROW(hand_bets, 1);
    GROW(voids, 1);
    GROW(decks, 1);
    GROW(linked, 1);
    GROW(ready, 1);
    GROW(ask, 1);
#undef GROW
    h->cap = cap;
    return true;
}

/* A call refused for want of room for its players (*need of them) is tried again with room for
 * them all: once, however many players the table has. */
static bool retry_bigger(host_t *h, link_status_t st, int need) {
    return st == LINK_REFUSED && strstr(link_message(h->l), "the host takes") &&
           room(h, need > h->cap ? need : h->cap * 2);
}

/* Closes betting and deals. LINK_DOWN: try again; LINK_REFUSED: the round cannot go on. */
static double now_s(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* The players seated, counted into the round at most once a second while the host waits (the
 * terminals' views and the lobby show that count). */
static link_status_t count_seated(host_t *h) {
    double t = now_s();
    if (t - h->seated_at < 1.0) return LINK_OK;
    h->seated_at = t;
    int n = 0;
    return link_host_seated(h->l, h->o->tab, &n);
}

/* The players dealt in the round this run closed and dealt, as the close read them and the deal
 * wrote them: each one's bets and deck, no decision yet, none settled. */
static void players_reset(host_t *h) {
    for (int i = 0; i < h->ndealt; i++) {
        lt_player_t *p = &h->players[i];
        const lt_bets_t *b = &h->bets[h->hand_bets[i]];
        memset(p, 0, sizeof *p);
        snprintf(p->machine, sizeof p->machine, "%s", h->hands[i].machine);
        snprintf(p->deck, sizeof p->deck, "%s", h->hands[i].deck);
        memcpy(p->amounts, b->amounts, sizeof p->amounts);
        memcpy(p->stakes, b->amounts, sizeof p->stakes);
        p->n = p->nstakes = b->n;
        p->staked = b->staked;
        h->ready[i] = false;
    }
    h->nready = 0;
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
    while (retry_bigger(h, st, n));
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
        if (ok) ok = host_bets_ok(r, b->amounts, b->staked, why, sizeof why);
        if (!ok) {
            h->voids[nv] = (lt_void_t){.machine = b->machine, .staked = b->staked};
            snprintf(h->voids[nv].reason, sizeof h->voids[nv].reason, "%s", why);
            nv++;
            continue;
        }
        h->hand_bets[np] = i;
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
    if (!host_deal_round(r, &h->rng, one_deck, stacked, p, np, &deck, shared)) {
        free(p);
        snprintf(h->why, sizeof h->why, "a deal that is not a whole deck");
        return LINK_REFUSED;
    }
    int hole = host_hole_count(r), ns = host_shared_count(r);
    for (int i = 0; i < np; i++) {
        host_cards_text(p[i].cards, hole, h->hands[i].cards, sizeof h->hands[i].cards);
        host_cards_text(p[i].replay.cards, p[i].replay.count, h->hands[i].deck,
                        sizeof h->hands[i].deck);
    }
    free(p);
    char deck_text[LT_CARDS_LEN], shared_text[32], up[8] = "";
    host_cards_text(deck.cards, deck.count, deck_text, sizeof deck_text);
    host_cards_text(shared, ns, shared_text, sizeof shared_text);
    bool cajun = r->variant == VARIANT_CAJUN;
    if (!cajun) host_cards_text(shared, 1, up, sizeof up);
    st = link_host_deal(h->l, h->o->tab, round, deck_text, cajun ? "" : shared_text, up,
                        cajun ? shared_text : "", h->hands, np, h->voids, nv, WAGER_COUNT);
    if (st == LINK_OK) say(h, "round %" PRId64 ": dealt %d players, %d voided", round, np, nv);
    if (st == LINK_OK) h->stats.dealt_at_s = now_s();
    if (st == LINK_OK) h->dealt_round = round, h->ndealt = np, players_reset(h);
    return st;
}

/* A pool's call that failed: down (tried again) or refused (the round cannot be settled). */
static link_status_t pool_failed(host_t *h, link_status_t st) {
    snprintf(h->why, sizeof h->why, "the linked pool: %s", link_message(h->pool));
    if (st == LINK_DOWN) say(h, "%s", h->why);
    return st;
}

/* The round's part of the linked pool, as a machine of it (the host's [link] login): each
 * player's stake counted as seat s of game `round` (s: the player's place in the deal), the
 * royals' top prize claimed together and shared as the controller shares it, each share added to
 * the player's result. Every call is keyed by (machine, round, seat): a host that restarts sends
 * them again and is answered as before. */
static link_status_t settle_pool(host_t *h, int64_t round, int n) {
    if (!h->pool && link_connect(h->cfg->link.url, &h->pool, h->why, sizeof h->why) != LINK_OK &&
        !h->pool)
        return LINK_DOWN;
    if (!link_is_up(h->pool) && link_reconnect(h->pool) != LINK_OK)
        return pool_failed(h, LINK_DOWN);
    const char *machine = h->cfg->link.machine;
    link_stake_t stakes[LINK_BATCH_MAX];
    link_contribution_t c[LINK_BATCH_MAX];
    int ns = 0, royals[LINK_CLAIM_MAX], nr = 0;
    bool counted = false;
    for (int i = 0; i <= n; i++) {
        if (i < n && h->linked[i].stake > 0) {
            stakes[ns] = (link_stake_t){.game = round, .seat = i + 1, .stake = h->linked[i].stake};
            memcpy(stakes[ns].currency, h->cfg->rules.currency, 4);
            ns++;
            if (h->linked[i].royal && nr < LINK_CLAIM_MAX) royals[nr++] = i + 1;
        }
        if (ns == LINK_BATCH_MAX || (i == n && ns > 0)) {
            link_status_t st = link_contribute_many(h->pool, machine, stakes, ns, c);
            if (st != LINK_OK) return pool_failed(h, st);
            ns = 0, counted = true;
        }
    }
    if (nr > 0) {
        link_win_t w[LINK_CLAIM_MAX];
        link_status_t st = link_claim_seats(h->pool, machine, round, royals, nr, w);
        if (st != LINK_OK) return pool_failed(h, st);
        for (int k = 0; k < nr; k++) {
            lt_settle_t *s = &h->settle[w[k].seat - 1];
            s->returned[WAGER_JACKPOT] += w[k].amount;
            s->total += w[k].amount;
            char amt[MONEY_TEXT_MAX];
            size_t used = strlen(s->verdict);
            snprintf(s->verdict + used, sizeof s->verdict - used, " - LINKED JACKPOT %s",
                     money_format(w[k].amount, h->cfg->rules.currency, amt, sizeof amt));
        }
        say(h, "round %" PRId64 ": %d royal%s paid from pool %s", round, nr, nr == 1 ? "" : "s",
            h->cfg->link.pool);
    }
    if (counted) {
        /* the pool's followers told of the stakes (the controller's announcement) */
        char since[LINK_SINCE_LEN] = "", next[LINK_SINCE_LEN];
        bool made;
        int wait_ms;
        link_announce(h->pool, machine, since, next, &made, &wait_ms);
    }
    return LINK_OK;
}

/* The players dealt in a round this run closed and dealt, with their decisions and raises from
 * the table (what came after the deal). n: how many; LINK_REFUSED when the table's decisions are
 * not of those players. */
static link_status_t players_dealt(host_t *h, int64_t round, int *n) {
    *n = h->ndealt;
    players_reset(h);
    return link_host_decisions(h->l, h->o->tab, round, h->players, h->ndealt);
}

/* Whether a player's decisions ("step:action:multiple:amount ...") are all in: it decided the
 * last step or folded (the table takes no decision after either). */
static bool decided_all(const host_t *h, const lt_player_t *p) {
    int last = h->cfg->rules.variant == VARIANT_CAJUN ? 2 : 0, step, used;
    char action[16];
    for (const char *c = p->decisions;
         sscanf(c, "%d:%15[a-z_]:%*d:%*d%n", &step, action, &used) == 2;) {
        if (step == last || strcmp(action, "play") != 0) return true;
        for (c += used; *c == ' '; c++) {
        }
    }
    return false;
}

/* The decisions of the players not settled yet (host_decisions_of, schema 7), and those whose
 * decisions are all in settled through the engine now (each player's round depends only on its
 * own records). REFUSED when the controller cannot tell them (ahead_off), or its records do not
 * settle here: the settlement then reads and settles every player after the close. */
static link_status_t settle_ahead(host_t *h, int64_t round, bool engine) {
    int k = 0;
    for (int i = 0; i < h->ndealt; i++)
        if (!h->ready[i]) h->ask[k++] = i;
    if (k == 0) return LINK_OK;
    link_status_t st = link_host_decisions_of(h->l, h->o->tab, round, h->players, h->ask, k);
    if (st == LINK_REFUSED) {
        /* a controller before schema 7 has no such function: not asked again */
        if (link_schema_older(h->l)) h->ahead_off = true;
        h->ahead_bad = round;
        say(h, "round %" PRId64 ": %s; the decisions read after the close", round,
            link_message(h->l));
    }
    int was = h->nready;
    for (int j = 0; st == LINK_OK && engine && j < k; j++) {
        int i = h->ask[j];
        if (!decided_all(h, &h->players[i])) continue;
        char why[LT_TEXT_LEN];
        lt_settle_t *s = &h->settle[i];
        memset(s, 0, sizeof *s);
        s->machine = h->players[i].machine;
        /* one the engine refuses is settled (and refused, with the reason) after the close */
        if (host_settle_player(&h->cfg->rules, &h->players[i], s, &h->linked[i], why, sizeof why))
            h->ready[i] = true, h->nready++;
    }
    if (st == LINK_OK && engine)
        say(h, "round %" PRId64 ": %d players settled before the close (%d of %d)", round,
            h->nready - was, h->nready, h->ndealt);
    return st;
}

/* While the round's last step is open: once at least half of the players not settled yet have
 * decided (what is asked halves each time: each player is asked about a few times at most, and
 * after the close only those who decided since the last time), their decisions read and their
 * rounds settled (settle_ahead), so that after the close the settlement waits for few. */
static link_status_t read_ahead(host_t *h, int64_t round, int step, int waiting) {
    int last = h->cfg->rules.variant == VARIANT_CAJUN ? 2 : 0;
    if (h->ahead_off || h->ahead_bad == round || h->dealt_round != round || step != last)
        return LINK_OK;
    int left = h->ndealt - h->nready, fresh = h->ndealt - waiting - h->nready;
    if (left == 0 || fresh < 1 || 2 * fresh < left) return LINK_OK;
    link_status_t st = settle_ahead(h, round, true);
    return st == LINK_REFUSED ? LINK_OK : st;
}

/* Settles every player dealt, from the controller's records: those of the round's close and deal
 * when this run made them (the decisions read after), else every player's read again. */
static link_status_t settle_round(host_t *h, int64_t round) {
    int n = 0;
    link_status_t st = LINK_REFUSED;
    double t0 = now_s();
    /* the players not settled while the last step was open: their decisions now (every step
     * closed: all in), settled below */
    bool ahead = h->dealt_round == round && !h->ahead_off && h->ahead_bad != round;
    if (ahead) {
        st = settle_ahead(h, round, false);
        ahead = st == LINK_OK;
        n = h->ndealt;
    }
    if (st == LINK_REFUSED && h->dealt_round == round) {
        st = players_dealt(h, round, &n);
        if (st == LINK_REFUSED)
            say(h, "round %" PRId64 ": %s; reading every player's records", round,
                link_message(h->l));
    }
    if (st == LINK_REFUSED) {
        do st = link_host_players(h->l, h->o->tab, round, h->players, h->cap, &n);
        while (retry_bigger(h, st, n));
    }
    if (st != LINK_OK) return st;
    double t1 = now_s();
    int64_t staked = 0, paid = 0;
    for (int i = 0; i < n; i++) {
        char why[LT_TEXT_LEN];
        lt_settle_t *s = &h->settle[i];
        if (ahead && h->ready[i]) continue;
        memset(s, 0, sizeof *s);
        s->machine = h->players[i].machine;
        if (!host_settle_player(&h->cfg->rules, &h->players[i], s, &h->linked[i], why,
                                sizeof why)) {
            snprintf(h->why, sizeof h->why, "player %s: %s", s->machine, why);
            return LINK_REFUSED;
        }
    }
    /* the aggregate limit and the pool change the rows below: a settlement tried again (the
     * controller did not answer) settles every player afresh */
    h->ahead_bad = round;
    int cut = host_aggregate(&h->cfg->rules, h->settle, h->linked, n);
    if (cut) say(h, "round %" PRId64 ": the aggregate limit shared by %d players", round, cut);
    /* the linked pool: every stake on it counted, the round's royals paid from it, before the
     * results are recorded (sent again after a restart, the controller answers as it did) */
    if (h->cfg->rules.pool_linked && (st = settle_pool(h, round, n)) != LINK_OK) return st;
    for (int i = 0; i < n; i++) staked += h->settle[i].staked, paid += h->settle[i].total;
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
        int steps = r->variant == VARIANT_CAJUN ? 3 : 1;
        /* every step closed already (a host stopped before its settlement): no step is left to
         * wait for or to fold anyone in */
        if (step >= steps) return settle_round(h, round);
        if (waiting > 0 && left > 0) {
            if ((st = count_seated(h)) != LINK_OK) return st;
            if ((st = read_ahead(h, round, step, waiting)) != LINK_OK) return st;
            nap(h, left < 200 ? left : 200);
            if (stopping(h)) return LINK_DOWN;
            continue;
        }
        /* is anyone still in after this step? (those who played it) */
        int playing = 0;
        bool next_possible = step + 1 < steps;
        double t0 = now_s();
        st = link_host_close_step(h->l, h->o->tab, round, step, next_possible, &playing);
        if (st != LINK_OK) return st;
        h->stats.close_step_ms = (now_s() - t0) * 1000;
        if (!next_possible || playing == 0) {
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
        if (st == LINK_OK) h->stats.opened_at_s = now_s();
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
            if ((st = count_seated(h)) != LINK_OK) return st;
            nap(h, rr.betting_left_ms < 1000 ? rr.betting_left_ms : 1000);
            return LINK_OK;
        }
        return close_and_deal(h, rr.round);
    }
    if (strcmp(rr.phase, "closed") == 0) return close_and_deal(h, rr.round);
    return decide(h, rr.round);
}

static void host_free(host_t *h) {
    free(h->bets), free(h->players), free(h->settle);
    free(h->hands), free(h->hand_bets), free(h->voids), free(h->decks), free(h->linked);
    free(h->ready), free(h->ask);
    link_close(h->pool);
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
                o->deal && strcmp(o->deal, "per_player") == 0 ? "per_player" : "one_deck",
                cfg->rules.pool_linked ? cfg->link.pool : "",
                cfg->rules.pool_linked ? cfg->link.machine : "");
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

#else

int host_run(const cfg_t *cfg, const host_options_t *o) {
    (void)cfg, (void)o;
    fprintf(stderr, "studpoker table-host: this studpoker was built without libpq (libpq-dev)\n");
    return 1;
}

#endif
