/* studpoker store-selftest: plays scripted rounds through the store, the way the game does, so
 * that a script can kill it at any instant (tests/kill_test.sh) and check that nothing was lost.
 *
 * Everything it does is a function of the seed and the game number: game g is dealt from a deck
 * shuffled by the seeded generator for (seed, g), under the preset of g, with a script of
 * decisions drawn for (seed, g); credits are added and cashed out by rules on the credits and the
 * game number. So a run that is killed and restarted any number of times must end in exactly the
 * same database (but for times and power-up records) as a run that never was: --check prints a
 * digest of the history and meters to compare, and the money figures. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <sodium.h>

#include "cli.h"
#include "rng.h"
#include "round.h"
#include "store.h"

#define SCRIPT_MAX 64

static const rules_preset_t PRESET_CYCLE[] = {PRESET_CARIBBEAN_LIVE,    PRESET_CAJUN,
                                              PRESET_CARIBBEAN_US,      PRESET_ASIAN,
                                              PRESET_CARIBBEAN_CLASSIC, PRESET_CASINO_STUD_UK};

static void game_rules(int64_t game, rules_t *ru) {
    rules_preset(ru, PRESET_CYCLE[game % (int64_t)(sizeof PRESET_CYCLE / sizeof PRESET_CYCLE[0])]);
    ru->seats = 1;
    ru->handpay_threshold = 20000; /* a lock for the attendant now and then */
}

static void game_rng(rng_t *g, uint64_t seed, int64_t game, uint8_t what) {
    uint8_t in[17], key[RNG_SEED_BYTES];
    for (int i = 0; i < 8; i++) in[i] = (uint8_t)(seed >> (8 * i));
    for (int i = 0; i < 8; i++) in[8 + i] = (uint8_t)((uint64_t)game >> (8 * i));
    in[16] = what;
    crypto_generichash(key, sizeof key, in, sizeof in, NULL, 0);
    rng_init_seeded(g, key);
}

static void game_deck(deck_t *d, const rules_t *ru, uint64_t seed, int64_t game) {
    rng_t g;
    game_rng(&g, seed, game, 'D');
    ru->variant == VARIANT_ASIAN ? deck_init53(d) : deck_init52(d);
    deck_shuffle(d, &g);
}

/* The actions of game g, drawn against a copy of the round so that only accepted ones are kept. */
static int game_script(const round_t *start, uint64_t seed, int64_t game,
                       round_action_t out[SCRIPT_MAX]) {
    static round_t r;
    jackpot_pool_t pool = {0};
    r = *start;
    if (start->pool) {
        pool = *start->pool;
        r.pool = &pool;
    }
    rng_t g;
    game_rng(&g, seed, game, 'S');
    static const int64_t chips[] = {100, 500, 1000, 2500};
    int n = 0;
#define TRY(act)                                                                                   \
    do {                                                                                           \
        round_action_t a_ = (act);                                                                 \
        if (n < SCRIPT_MAX - 8 && round_apply(&r, &a_).refusal == REFUSE_NONE) out[n++] = a_;      \
    } while (0)
    int bets = 1 + (int)rng_uniform(&g, 6);
    for (int i = 0; i < bets; i++) {
        int kind = (int)rng_uniform(&g, 12);
        if (kind == 0)
            TRY(round_simple(ACT_UNDO, 0));
        else if (kind == 1)
            TRY(round_simple(ACT_DOUBLE, 0));
        else if (kind == 2)
            TRY(round_simple(ACT_REPEAT, 0));
        else if (kind < 5)
            TRY(round_bet(0, (wager_t)(WAGER_BONUS51 + rng_uniform(&g, 7)),
                          chips[rng_uniform(&g, 4)]));
        else
            TRY(round_bet(0, WAGER_ANTE, chips[rng_uniform(&g, 4)]));
    }
    TRY(round_simple(ACT_DEAL, 0));
    if (r.phase == ROUND_BETTING) {
        TRY(round_simple(ACT_CLEAR, 0));
        TRY(round_bet(0, WAGER_ANTE, r.rules->bet_min[WAGER_ANTE]));
        TRY(round_simple(ACT_DEAL, 0));
    }
    while (r.phase == ROUND_DECIDING && n < SCRIPT_MAX - 1) {
        int pick = (int)rng_uniform(&g, 10);
        if (pick == 0)
            TRY(round_simple(ACT_TIMEOUT, 0));
        else if (pick < 3)
            TRY(round_simple(ACT_FOLD, 0));
        else
            TRY(round_raise(0, 1 + (int)rng_uniform(&g, 3)));
    }
#undef TRY
    return r.phase == ROUND_SETTLED ? n : -1;
}

static int fail(store_t *s, const char *what) {
    fprintf(stderr, "store-selftest: %s: %s\n", what, s ? store_message(s) : "");
    return 1;
}

/* Between games: the attendant clears locks; credits come in when low; some are cashed out. */
static int between_games(store_t *s, int64_t next_game) {
    store_lock_t locks[8];
    int nl = store_locks(s, locks, 8);
    if (nl < 0) return fail(s, "reading the locks");
    for (int i = 0; i < nl; i++) {
        store_clear_t how = locks[i].kind == STORE_LOCK_FAULT ? STORE_CLEAR_FAULT
                            : locks[i].game % 2               ? STORE_CLEAR_PAID_BY_HAND
                                                              : STORE_CLEAR_TO_CREDITS;
        if (store_lock_clear(s, locks[i].id, how, "selftest attendant") != STORE_OK)
            return fail(s, "clearing a lock");
    }
    int64_t c;
    if (store_credits(s, 0, &c) != STORE_OK) return fail(s, "reading the credits");
    if (c < 50000) {
        if (store_credit_in(s, 0, STORE_IN_COIN, 100000, NULL) != STORE_OK)
            return fail(s, "adding credits");
    } else if (next_game % 7 == 0 && c > 150000) {
        if (store_credit_out(s, 0, STORE_OUT_CASHOUT, c / 2, NULL) != STORE_OK)
            return fail(s, "cashing out");
    }
    return 0;
}

/* Plays the rest of game `game` from the point `r` is at (k actions in). */
static int play_on(store_t *s, round_t *r, uint64_t seed, int64_t game, int k) {
    static round_t start;
    const round_seat_t *seat = &r->seat[0];
    int64_t credits[1] = {seat->credits_start};
    jackpot_pool_t pool = {0};
    if (r->pool) {
        /* the pool the round started from: recovery hands it back that way */
        jackpot_pool_t begin;
        if (store_pool_read(s, store_pool_key(r->rules), &begin) != STORE_OK)
            return fail(s, "reading the pool");
        pool = begin;
    }
    char err[160];
    if (!round_init(&start, r->rules, &r->deck, 1, credits, seat->last_stake,
                    r->pool ? &pool : NULL, err, sizeof err)) {
        fprintf(stderr, "store-selftest: game %lld: %s\n", (long long)game, err);
        return 1;
    }
    round_action_t script[SCRIPT_MAX];
    int n = game_script(&start, seed, game, script);
    if (n < 0) {
        fprintf(stderr, "store-selftest: game %lld: the script does not finish\n", (long long)game);
        return 1;
    }
    /* the recorded actions must be the script's first k */
    static round_t check;
    check = start;
    jackpot_pool_t pool2 = pool;
    if (check.pool) check.pool = &pool2;
    for (int i = 0; i < k; i++) round_apply(&check, &script[i]);
    if (k > n || check.phase != r->phase || memcmp(check.seat, r->seat, sizeof r->seat[0]) != 0) {
        fprintf(stderr, "store-selftest: game %lld resumed differently from its script\n",
                (long long)game);
        return 1;
    }
    for (int i = k; i < n; i++) {
        round_status_t why;
        if (store_round_action(s, &script[i], &why) != STORE_OK) return fail(s, "an action");
        if (round_apply(r, &script[i]).refusal) {
            fprintf(stderr, "store-selftest: game %lld: the round refused a stored action\n",
                    (long long)game);
            return 1;
        }
    }
    if (store_round_finish(s, r) != STORE_OK) return fail(s, "finishing a game");
    return 0;
}

static int check(const char *db, uint64_t seed) {
    store_t *s;
    char err[STORE_MSG_LEN];
    if (store_open(db, &s, err, sizeof err) != STORE_OK) {
        printf("FAULT %s\n", err);
        store_close(s);
        return 1;
    }
    int rc = 0;
    if (store_verify(s, true) != STORE_OK) {
        printf("FAULT %s\n", store_message(s));
        store_close(s);
        return 1;
    }
    int64_t n = store_history_count(s);
    store_round_record_t *rec = malloc(sizeof *rec);
    crypto_generichash_state h;
    crypto_generichash_init(&h, NULL, 0, 16);
    int64_t voids = 0, bad_decks = 0;
    for (int64_t g = 1; rec && g <= n; g++) {
        if (store_history_game(s, g, rec) != STORE_OK) {
            rc = fail(s, "reading the history");
            break;
        }
        rules_t ru;
        game_rules(g, &ru);
        deck_t d;
        game_deck(&d, &ru, seed, g);
        /* dealt once, from its own deck: never reshuffled */
        if (rec->deck.count != d.count || memcmp(rec->deck.cards, d.cards, (size_t)d.count) != 0)
            bad_decks++;
        voids += rec->is_void;
        crypto_generichash_update(&h, (const uint8_t *)&g, sizeof g);
        crypto_generichash_update(&h, rec->deck.cards, (size_t)rec->deck.count);
        for (int i = 0; i < rec->nactions; i++) {
            const round_action_t *a = &rec->actions[i];
            uint8_t b[12] = {a->type, a->seat, a->wager, a->multiple};
            memcpy(b + 4, &a->amount, 8);
            crypto_generichash_update(&h, b, sizeof b);
        }
        const store_seat_record_t *x = &rec->seat[0];
        crypto_generichash_update(&h, (const uint8_t *)&x->credits_before, 8);
        crypto_generichash_update(&h, (const uint8_t *)&x->credits_after, 8);
        crypto_generichash_update(&h, (const uint8_t *)x->returned, sizeof x->returned);
        crypto_generichash_update(&h, (const uint8_t *)&rec->pool_after, sizeof rec->pool_after);
    }
    free(rec);
    store_meter_value_t m[128];
    int nm = store_meters(s, m, 128);
    int64_t wagered = 0, won = 0, in = 0, out = 0, handpaid = 0, credits = 0;
    for (int i = 0; i < nm; i++) {
        if (strcmp(m[i].name, "power_ups") != 0) {
            crypto_generichash_update(&h, (const uint8_t *)m[i].name, strlen(m[i].name));
            crypto_generichash_update(&h, (const uint8_t *)&m[i].value, 8);
        }
        if (strncmp(m[i].name, "wagered.", 8) == 0) wagered += m[i].value;
        if (strncmp(m[i].name, "won.", 4) == 0) won += m[i].value;
        if (strcmp(m[i].name, "coin_in") == 0) in = m[i].value;
        if (strcmp(m[i].name, "credit_out") == 0) out = m[i].value;
        if (strcmp(m[i].name, "attendant_jackpots") == 0) handpaid = m[i].value;
    }
    store_credits(s, 0, &credits);
    crypto_generichash_update(&h, (const uint8_t *)&credits, 8);
    uint8_t digest[16];
    crypto_generichash_final(&h, digest, sizeof digest);
    int64_t power_ups = 0;
    store_meter(s, "power_ups", &power_ups);
    /* credits + paid out = credits in + the players' net result, to the cent */
    int64_t lost = in - out - handpaid - wagered + won - credits;
    printf("rounds %lld void %lld in_play %lld power_ups %lld credits %lld coin_in %lld "
           "credit_out %lld handpaid %lld wagered %lld won %lld cents_lost %lld bad_decks %lld "
           "digest ",
           (long long)n, (long long)voids, (long long)(store_game_in_play(s) != 0),
           (long long)power_ups, (long long)credits, (long long)in, (long long)out,
           (long long)handpaid, (long long)wagered, (long long)won, (long long)lost,
           (long long)bad_decks);
    for (size_t i = 0; i < sizeof digest; i++) printf("%02x", digest[i]);
    printf("\n");
    store_close(s);
    return rc || lost != 0 || bad_decks != 0;
}

int cli_store_selftest(int argc, char **argv) {
    const char *db = NULL;
    long long rounds = 100;
    unsigned long long seed = 1;
    bool only_check = false;
    for (int i = 0; i < argc; i++) {
        if (strcmp(argv[i], "--db") == 0 && i + 1 < argc)
            db = argv[++i];
        else if (strcmp(argv[i], "--rounds") == 0 && i + 1 < argc)
            rounds = strtoll(argv[++i], NULL, 10);
        else if (strcmp(argv[i], "--seed") == 0 && i + 1 < argc)
            seed = strtoull(argv[++i], NULL, 10);
        else if (strcmp(argv[i], "--check") == 0)
            only_check = true;
        else {
            fprintf(stderr, "usage: studpoker store-selftest --db PATH [--rounds N] [--seed S] "
                            "[--check]\n");
            return 2;
        }
    }
    if (!db) {
        fprintf(stderr, "store-selftest: --db PATH is required\n");
        return 2;
    }
    if (only_check) return check(db, seed);

    store_t *s;
    char err[STORE_MSG_LEN];
    if (store_open(db, &s, err, sizeof err) != STORE_OK) {
        fprintf(stderr, "store-selftest: %s\n", err);
        store_close(s);
        return 3;
    }
    static round_t r;
    int rc = 0;
    /* first the round a kill left in play, from where it stopped */
    if (store_game_in_play(s)) {
        int64_t game = store_game_in_play(s);
        static rules_t ru;
        game_rules(game, &ru);
        static jackpot_pool_t pool;
        bool resumed;
        if (store_recover(s, &ru, &r, &pool, &resumed) != STORE_OK || !resumed)
            rc = fail(s, "recovering the game in play");
        else if ((fprintf(stderr, "store-selftest: resumed game %lld after %d actions\n",
                          (long long)game, store_round_action_count(s)),
                  r.phase == ROUND_SETTLED)) {
            if (store_round_finish(s, &r) != STORE_OK) rc = fail(s, "finishing a recovered game");
        } else
            rc = play_on(s, &r, seed, game, store_round_action_count(s));
    }
    while (rc == 0) {
        int64_t done = store_history_count(s);
        if (done < 0) {
            rc = fail(s, "reading the history");
            break;
        }
        if (done >= rounds) break;
        int64_t game = done + 1;
        if ((rc = between_games(s, game)) != 0) break;
        static rules_t ru;
        game_rules(game, &ru);
        deck_t d;
        game_deck(&d, &ru, seed, game);
        int64_t credits[1], last[RULES_MAX_SEATS * WAGER_COUNT];
        static jackpot_pool_t pool;
        bool has_pool = store_pool_key(&ru) != NULL;
        if (store_credits(s, 0, &credits[0]) != STORE_OK ||
            store_last_stakes(s, last) != STORE_OK ||
            (has_pool && store_pool_for_rules(s, &ru, &pool) != STORE_OK)) {
            rc = fail(s, "reading the machine");
            break;
        }
        if (!round_init(&r, &ru, &d, 1, credits, last, has_pool ? &pool : NULL, err, sizeof err)) {
            fprintf(stderr, "store-selftest: %s\n", err);
            rc = 1;
            break;
        }
        int64_t got;
        if (store_round_begin(s, &r, &got) != STORE_OK) {
            rc = fail(s, "starting a game");
            break;
        }
        if (got != game) {
            fprintf(stderr, "store-selftest: game %lld numbered %lld\n", (long long)game,
                    (long long)got);
            rc = 1;
            break;
        }
        rc = play_on(s, &r, seed, game, 0);
    }
    store_close(s);
    return rc;
}
