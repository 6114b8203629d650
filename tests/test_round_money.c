/* The round engine's replays and the money of many random rounds of every preset, each wager's
 * return worked out here from the cards (tests/ref_poker.h, not the engine's evaluator) and
 * rules.md's pay tables, the jackpot pools from rules.md's percentages; and a jackpot pool that
 * never drifts over a million stakes. The round's flow is in test_round.c. */
#include "round_fixture.h"

/* ---- replays, money conservation and the pools over many random rounds ---- */

typedef struct {
    round_action_t actions[256];
    int n;
} script_t;

/* Plays one random round: random chips on random spots (some refused), random decisions,
 * sometimes a timeout, rarely a void. Every action tried is recorded, taken or not. */
static void random_round(round_t *r, rng_t *g, script_t *sc) {
    const rules_t *ru = r->rules;
    static const int64_t chips[] = {25, 100, 500, 1000, 2500, 10000};
    sc->n = 0;
#define DO(act)                                                                                    \
    do {                                                                                           \
        round_action_t a_ = (act);                                                                 \
        if (sc->n < 256) sc->actions[sc->n++] = a_;                                                \
        round_apply(r, &a_);                                                                       \
    } while (0)
    int bets = 1 + (int)rng_uniform(g, 12);
    for (int i = 0; i < bets; i++) {
        int s = (int)rng_uniform(g, (uint32_t)r->nseats);
        wager_t w = rng_uniform(g, 3) ? WAGER_ANTE : (wager_t)(WAGER_BONUS51 + rng_uniform(g, 7));
        int kind = (int)rng_uniform(g, 20);
        if (kind == 0)
            DO(round_simple(ACT_UNDO, s));
        else if (kind == 1)
            DO(round_simple(ACT_DOUBLE, s));
        else if (kind == 2)
            DO(round_simple(ACT_REPEAT, s));
        else if (kind == 3)
            DO(round_simple(ACT_CLEAR, s));
        else
            DO(round_bet(s, w, chips[rng_uniform(g, 6)]));
    }
    DO(round_simple(rng_uniform(g, 10) ? ACT_DEAL : ACT_TIMEOUT, 0));
    if (r->phase == ROUND_BETTING) {
        /* fix whatever the deal refused: clear and bet the minimum ante */
        for (int s = 0; s < r->nseats; s++) DO(round_simple(ACT_CLEAR, s));
        DO(round_bet(0, WAGER_ANTE, ru->bet_min[WAGER_ANTE]));
        DO(round_simple(ACT_DEAL, 0));
    }
    for (int guard = 0; r->phase == ROUND_DECIDING && guard < 200; guard++) {
        if (rng_uniform(g, 500) == 0) {
            DO(round_simple(ACT_VOID, 0));
            break;
        }
        if (rng_uniform(g, 40) == 0) {
            DO(round_simple(ACT_TIMEOUT, 0));
            continue;
        }
        /* mostly a seat whose turn it is; now and then one that cannot decide (refused) */
        int s = (int)rng_uniform(g, (uint32_t)r->nseats);
        for (int k = 0; k < r->nseats && rng_uniform(g, 8) && !round_seat_can_decide(r, s); k++)
            s = (s + 1) % r->nseats;
        if (rng_uniform(g, 4) == 0)
            DO(round_simple(ACT_FOLD, s));
        else
            DO(round_raise(s, 1 + (int)rng_uniform(g, 3)));
    }
#undef DO
}

static void check_pool_invariant(const jackpot_pool_t *p) {
    assert_int_equal(p->value + p->reserve,
                     p->seeded * JACKPOT_FRAC + p->contributed - p->paid * JACKPOT_FRAC);
    assert_true(p->value >= 0 && p->reserve >= 0);
}

/* ---- what every round must pay, worked out from the cards and rules.md ---- */

/* The pay tables of ../shared/rules.md, written out here and never read from rules_preset():
 * "x to 1" odds by the categories of tests/ref_poker.h (high card first). */
static const int PLAY_CLASSIC[REF_CATEGORIES] = {1, 1, 2, 3, 4, 5, 7, 20, 50, 100};
static const int PLAY_LIVE[REF_CATEGORIES] = {1, 1, 2, 3, 5, 7, 10, 25, 50, 100};
static const int PLAY_UK[REF_CATEGORIES] = {1, 1, 2, 3, 4, 5, 7, 20, 50, 50};
static const int BONUS51[REF_CATEGORIES] = {0, 0, 0, 7, 10, 15, 20, 100, 200, 1000};
/* JACKPOT fixed prizes for its 1.00 stake (totals, stake not returned); the royal wins the top
 * prize. Funded with 45% of each stake to the top prize and 5% to the reserve. */
static const int64_t JACKPOT_PRIZE[REF_CATEGORIES] = {0,    0,    0,     300,    1000,
                                                      2500, 5000, 25000, 250000, 0};
enum { JACKPOT_TOP_PCT = 45, JACKPOT_RESERVE_PCT = 5 };
/* US progressive for its 1.00 stake: quads 500.00, full house 100.00, flush 50.00; the
 * straight flush 10% and the royal 100% of the meter. */
static const int64_t PROGRESSIVE_PRIZE[REF_CATEGORIES] = {0, 0, 0, 0, 0, 5000, 10000, 50000, 0, 0};
static const int PROGRESSIVE_METER_PCT[REF_CATEGORIES] = {0, 0, 0, 0, 0, 0, 0, 0, 10, 100};
/* Cajun: the main game (jacks or better win, sixes to tens push, lower loses), the side bets */
static const int CAJUN_PLAY[REF_CATEGORIES] = {0, 1, 2, 3, 4, 6, 10, 40, 100, 500};
static const int BOARD[REF3_CATEGORIES] = {0, 1, 3, 6, 30, 40, 50};
static const int POCKET[REFP_CATEGORIES] = {0, 5, 10, 20, 25};
static const int LOBALL[13] = {[5] = 100, [6] = 50, [7] = 15, [8] = 5, [9] = 1}; /* 7 .. J high */
/* Asian: the raise's odds by the winning margin; the bonus wager */
static const int MARGIN[10] = {0, 1, 1, 1, 2, 2, 2, 3, 3, 3};
static const int ASIAN_BONUS[REFB_CATEGORIES] = {0, 5, 10, 15, 25, 50, 100, 500, 1000, 3000};
enum { ASIAN_COMMISSION_PCT = 5 };

/* Values rules.md leaves to the operator, set here: the JACKPOT's minimum seed, the US meter's
 * increment and reset value, the US cap on one bet's win (seed 002: 5,000 per hand on each
 * bet), Cajun's aggregate limit (rules.md's default, on wins above 50 to 1). */
enum { JACKPOT_SEED = 100000, PROGRESSIVE_PCT = 45, PROGRESSIVE_RESET = 1000000 };
enum { US_MAX_PAYOUT = 500000, AGGREGATE_LIMIT = 2500000, AGGREGATE_ODDS = 50 };

static void set_operator_values(rules_t *ru) {
    ru->jackpot_seed = JACKPOT_SEED;
    ru->progressive_increment_bp = PROGRESSIVE_PCT * 100;
    ru->progressive_reset = PROGRESSIVE_RESET;
    ru->max_payout = ru->preset == PRESET_CARIBBEAN_US ? US_MAX_PAYOUT : 0;
    ru->aggregate_limit = AGGREGATE_LIMIT;
    ru->aggregate_odds = AGGREGATE_ODDS;
}

/* The progressive pool as rules.md and jackpot.h describe it, kept in hundredths of a cent:
 * a whole percentage of a stake in cents is an exact number of them. */
typedef struct model_pool {
    int64_t value, reserve; /* 1/100 cent */
    int64_t contributed;    /* 1/100 cent */
    int64_t paid, seeded;   /* cents */
} model_pool_t;

static int64_t model_read(const model_pool_t *m) {
    return m->value / 100; /* the meter shows whole cents */
}
/* pays `amount` cents of the value, at most what it shows */
static int64_t model_claim(model_pool_t *m, int64_t amount) {
    if (amount > model_read(m)) amount = model_read(m);
    m->value -= 100 * amount;
    m->paid += amount;
    return amount;
}
/* after a top prize: the reserve becomes the value, topped up by the house in whole cents to
 * the seed (the live minimum seed, the US reset value) */
static void model_reset(model_pool_t *m, int64_t seed) {
    m->value += m->reserve;
    m->reserve = 0;
    if (m->value < 100 * seed) {
        int64_t cents = (100 * seed - m->value + 99) / 100;
        m->value += 100 * cents;
        m->seeded += cents;
    }
}

/* The engine's pool holds exactly the model's: 1/10,000 cent (jackpot.h) per 1/100 cent. */
static void expect_pool(const jackpot_pool_t *p, const model_pool_t *m) {
    assert_int_equal(p->value, m->value * (JACKPOT_FRAC / 100));
    assert_int_equal(p->reserve, m->reserve * (JACKPOT_FRAC / 100));
    assert_int_equal(p->contributed, m->contributed * (JACKPOT_FRAC / 100));
    assert_int_equal(p->paid, m->paid);
    assert_int_equal(p->seeded, m->seeded);
}

static int64_t odds_pay(int64_t stake, int odds) { /* "x to 1", or the stake lost */
    return odds > 0 ? stake * (1 + odds) : 0;
}

static int value_of(const card_t *c) {
    return ref_value5((int[5]){c[0], c[1], c[2], c[3], c[4]});
}

/* The JACKPOT (live) or the US progressive of every seat that bet it: the stakes' shares go
 * into the pool first, then the prizes are paid seat by seat from seat 1; the first royal's
 * turn pays every royal of the round from the meter as it then stands (live: in proportion to
 * the stakes; US: equally), and the pool starts again from its reserve or reset value. */
static void expect_progressive(const round_t *r, bool live, const int cat[RULES_MAX_SEATS],
                               model_pool_t *m, int64_t expect[RULES_MAX_SEATS][WAGER_COUNT]) {
    wager_t w = live ? WAGER_JACKPOT : WAGER_PROGRESSIVE;
    int64_t royal_stakes = 0;
    int royals = 0;
    for (int s = 0; s < r->nseats; s++) {
        int64_t stake = r->seat[s].stake[w];
        if (!stake) continue;
        assert_int_equal(stake, 100); /* rules.md: a fixed 1.00 */
        int top = live ? JACKPOT_TOP_PCT : PROGRESSIVE_PCT,
            reserve = live ? JACKPOT_RESERVE_PCT : 0;
        m->value += stake * top;
        m->reserve += stake * reserve;
        m->contributed += stake * (top + reserve);
        if (cat[s] == REF_ROYAL) royal_stakes += stake, royals++;
    }
    bool royals_paid = false;
    for (int s = 0; s < r->nseats; s++) {
        int64_t stake = r->seat[s].stake[w];
        if (!stake) continue;
        if (cat[s] == REF_ROYAL) {
            if (royals_paid) continue;
            int64_t meter = model_read(m);
            for (int k = s; k < r->nseats; k++)
                if (r->seat[k].stake[w] && cat[k] == REF_ROYAL)
                    expect[k][w] = model_claim(m, live ? meter * r->seat[k].stake[w] / royal_stakes
                                                       : meter / royals);
            model_reset(m, live ? JACKPOT_SEED : PROGRESSIVE_RESET);
            royals_paid = true;
        } else if (!live && PROGRESSIVE_METER_PCT[cat[s]] > 0) {
            expect[s][w] = model_claim(m, model_read(m) * PROGRESSIVE_METER_PCT[cat[s]] / 100);
        } else {
            expect[s][w] = (live ? JACKPOT_PRIZE : PROGRESSIVE_PRIZE)[cat[s]] * stake / 100;
        }
    }
}

/* What each seat's every wager must return after a settled round, from the deck in dealing
 * order (round.h), the stakes on the table, rules.md and the pool model; the Cajun main game
 * (the aggregate limit) and the Asian main game (the commission) per seat, ante and decision
 * bets together, in expect[s][WAGER_ANTE]. Returns the seats' returns in all. */
static int64_t expect_settlement(const round_t *r, const deck_t *d, model_pool_t *m,
                                 int64_t expect[RULES_MAX_SEATS][WAGER_COUNT],
                                 bool main_total[RULES_MAX_SEATS]) {
    const rules_t *ru = r->rules;
    memset(expect, 0, sizeof(int64_t) * RULES_MAX_SEATS * WAGER_COUNT);
    int next = 0, per_seat = ru->variant == VARIANT_CAJUN ? 2 : 5;
    const card_t *cards[RULES_MAX_SEATS] = {NULL};
    for (int s = 0; s < r->nseats; s++) {
        main_total[s] = false;
        if (!r->seat[s].stake[WAGER_ANTE]) continue;
        cards[s] = d->cards + next;
        next += per_seat;
        assert_memory_equal(r->seat[s].cards, cards[s], (size_t)per_seat);
    }
    const card_t *house = d->cards + next; /* the dealer's five or the three community cards */
    int cat[RULES_MAX_SEATS];
    int64_t big[RULES_MAX_SEATS] = {0}, big_total = 0;

    if (ru->variant == VARIANT_CARIBBEAN) {
        const int *play_odds = ru->preset == PRESET_CARIBBEAN_LIVE   ? PLAY_LIVE
                               : ru->preset == PRESET_CASINO_STUD_UK ? PLAY_UK
                                                                     : PLAY_CLASSIC;
        int64_t cap = ru->preset == PRESET_CARIBBEAN_US ? US_MAX_PAYOUT : INT64_MAX;
        int dealer = value_of(house);
        bool qualifies = ref_caribbean_qualifies(dealer);
        for (int s = 0; s < r->nseats; s++) {
            if (!cards[s]) continue;
            const round_seat_t *seat = &r->seat[s];
            int64_t ante = seat->stake[WAGER_ANTE], play = seat->stake[WAGER_PLAY];
            int player = value_of(cards[s]);
            cat[s] = ref_category(player);
            if (play) assert_int_equal(play, 2 * ante); /* PLAY is exactly 2x the ante */
            int64_t *e = expect[s];
            if (!play) /* folded: the ante is lost */
                e[WAGER_ANTE] = 0;
            else if (!qualifies)
                e[WAGER_ANTE] = ante + (ante < cap ? ante : cap), e[WAGER_PLAY] = play;
            else if (player > dealer) {
                int64_t win = play * play_odds[cat[s]];
                e[WAGER_ANTE] = ante + (ante < cap ? ante : cap);
                e[WAGER_PLAY] = play + (win < cap ? win : cap);
            } else if (player == dealer)
                e[WAGER_ANTE] = ante, e[WAGER_PLAY] = play;
            if (seat->stake[WAGER_BONUS51]) {
                int six[6] = {cards[s][0], cards[s][1], cards[s][2],
                              cards[s][3], cards[s][4], house[0]};
                e[WAGER_BONUS51] =
                    odds_pay(seat->stake[WAGER_BONUS51], BONUS51[ref_category(ref_best_of6(six))]);
            }
        }
        if (ru->offered[WAGER_JACKPOT] || ru->offered[WAGER_PROGRESSIVE])
            expect_progressive(r, ru->offered[WAGER_JACKPOT], cat, m, expect);
    } else if (ru->variant == VARIANT_CAJUN) {
        for (int s = 0; s < r->nseats; s++) {
            if (!cards[s]) continue;
            const round_seat_t *seat = &r->seat[s];
            int five[5] = {cards[s][0], cards[s][1], house[0], house[1], house[2]};
            int v = ref_value5(five), c = ref_category(v);
            /* raises of 1x to 3x the ante, one a decision until a fold */
            int64_t ante = seat->stake[WAGER_ANTE], staked = ante;
            bool folded = false;
            for (int w = WAGER_RAISE_1; w <= WAGER_RAISE_3; w++) {
                int64_t st = seat->stake[w];
                if (folded) assert_int_equal(st, 0);
                assert_true(st == 0 || st == ante || st == 2 * ante || st == 3 * ante);
                folded |= st == 0;
                staked += st;
            }
            main_total[s] = true;
            bool high_pair = c == REF_PAIR && ref_first_rank(v) >= 9; /* jacks or better */
            bool push_pair = c == REF_PAIR && !high_pair && ref_first_rank(v) >= 4; /* 6s-10s */
            if (folded)
                expect[s][WAGER_ANTE] = 0;
            else if (c > REF_PAIR || high_pair) {
                expect[s][WAGER_ANTE] = staked * (1 + CAJUN_PLAY[c]);
                if (CAJUN_PLAY[c] > AGGREGATE_ODDS) big[s] = staked * CAJUN_PLAY[c];
                big_total += big[s];
            } else if (push_pair)
                expect[s][WAGER_ANTE] = staked;
            int64_t st;
            if ((st = seat->stake[WAGER_BOARD]))
                expect[s][WAGER_BOARD] =
                    odds_pay(st, BOARD[ref_board3((int[3]){house[0], house[1], house[2]})]);
            if ((st = seat->stake[WAGER_POCKET]))
                expect[s][WAGER_POCKET] =
                    odds_pay(st, POCKET[ref_pocket((int[2]){five[0], five[1]})]);
            if ((st = seat->stake[WAGER_LOBALL])) {
                int high = ref_loball_high(five);
                expect[s][WAGER_LOBALL] = high < 0 ? 0 : odds_pay(st, LOBALL[high]);
            }
        }
        /* rules.md: over the limit, each seat's such win is paid limit x win / total, rounded
         * down; the stakes come back whole */
        if (big_total > AGGREGATE_LIMIT)
            for (int s = 0; s < r->nseats; s++)
                if (big[s])
                    expect[s][WAGER_ANTE] +=
                        (int64_t)((__extension__(__int128) AGGREGATE_LIMIT * big[s]) / big_total) -
                        big[s];
    } else {
        int dealer = ref_asian_value((int[5]){house[0], house[1], house[2], house[3], house[4]});
        for (int s = 0; s < r->nseats; s++) {
            if (!cards[s]) continue;
            const round_seat_t *seat = &r->seat[s];
            int player = ref_asian_value(
                (int[5]){cards[s][0], cards[s][1], cards[s][2], cards[s][3], cards[s][4]});
            int64_t ante = seat->stake[WAGER_ANTE], raise = seat->stake[WAGER_PLAY], won = 0;
            if (raise) assert_int_equal(raise, ante); /* RAISE is exactly 1x the ante */
            main_total[s] = true;
            int64_t back = 0;
            if (!raise)
                back = 0;
            else if (!dealer)
                won = ante, back = ante + raise + won;
            else if (!player || player < dealer)
                back = 0;
            else if (player == dealer)
                back = ante + raise;
            else
                won = ante + raise * MARGIN[player - dealer], back = ante + raise + won;
            expect[s][WAGER_ANTE] = back - won * ASIAN_COMMISSION_PCT / 100;
            if (seat->stake[WAGER_ASIAN_BONUS]) {
                int bonus = ref_asian_bonus(
                    (int[5]){cards[s][0], cards[s][1], cards[s][2], cards[s][3], cards[s][4]});
                expect[s][WAGER_ASIAN_BONUS] =
                    odds_pay(seat->stake[WAGER_ASIAN_BONUS], ASIAN_BONUS[bonus]);
            }
        }
    }
    int64_t all = 0;
    for (int s = 0; s < r->nseats; s++)
        for (int w = 0; w < WAGER_COUNT; w++) all += expect[s][w];
    return all;
}

/* Now and then a deck the rare lines of the pay tables cannot miss, so that the money check
 * meets them too (royals shared from the pool, the meter's straight flush share, the US cap,
 * Cajun's aggregate limit): Caribbean and Asian deal five-card blocks, so the first 40 cards
 * are the 4 royals and the 4 nine-high straight flushes, block by block in a random order;
 * Cajun's hole cards and board come from the tens to aces, two suits in the first ten cards
 * and the other two in the next ten. The rest of the deck is shuffled behind them. */
static void shuffle_part(card_t *c, int n, rng_t *g) {
    for (int i = n - 1; i > 0; i--) {
        int j = (int)rng_uniform(g, (uint32_t)(i + 1));
        card_t t = c[i];
        c[i] = c[j], c[j] = t;
    }
}

static void hot_deck(deck_t *d, rules_variant_t v, rng_t *g) {
    bool used[DECK_MAX] = {false};
    int n = 0;
    if (v == VARIANT_CAJUN) {
        static const int suits[2][2] = {{CARD_HEARTS, CARD_SPADES}, {CARD_CLUBS, CARD_DIAMONDS}};
        for (int half = 0; half < 2; half++) {
            for (int i = 0; i < 2; i++)
                for (int rank = CARD_RANK_T; rank <= CARD_RANK_A; rank++)
                    d->cards[n++] = card_make(rank, suits[half][i]);
            shuffle_part(d->cards + n - 10, 10, g);
        }
    } else {
        int order[8];
        for (int b = 0; b < 8; b++) order[b] = b;
        for (int b = 7; b > 0; b--) {
            int j = (int)rng_uniform(g, (uint32_t)(b + 1)), t = order[b];
            order[b] = order[j], order[j] = t;
        }
        for (int b = 0; b < 8; b++) {
            int suit = order[b] % 4, low = order[b] < 4 ? CARD_RANK_T : CARD_RANK_5;
            for (int i = 0; i < 5; i++) d->cards[n++] = card_make(low + i, suit);
            shuffle_part(d->cards + n - 5, 5, g);
        }
    }
    for (int i = 0; i < n; i++) used[d->cards[i]] = true;
    int first = n;
    for (int c = 0; c < (v == VARIANT_ASIAN ? 53 : 52); c++)
        if (!used[c]) d->cards[n++] = (card_t)c;
    d->count = n;
    shuffle_part(d->cards + first, n - first, g);
    assert_true(deck_is_valid(d));
}

/* The same deck and actions replay to the same round, and so does a quiet round (the
 * simulator's: no events written). */
static void check_replay(const rules_t *ru, const deck_t *d, int nseats, const round_t *r,
                         const jackpot_pool_t *pool_before, const jackpot_pool_t *pool,
                         const script_t *sc) {
    static round_t replay, quiet;
    char err[128];
    jackpot_pool_t pool_copy = *pool_before;
    int64_t cr[RULES_MAX_SEATS];
    for (int s = 0; s < nseats; s++) cr[s] = r->seat[s].credits_start;
    assert_true(round_init(&replay, ru, d, nseats, cr, NULL, &pool_copy, err, sizeof err));
    for (int i = 0; i < sc->n; i++) round_apply(&replay, &sc->actions[i]);
    assert_int_equal(replay.phase, r->phase);
    assert_memory_equal(replay.seat, r->seat, sizeof r->seat[0] * (size_t)nseats);
    assert_memory_equal(&pool_copy, pool, sizeof *pool);
    jackpot_pool_t pool_quiet = *pool_before;
    assert_true(round_init(&quiet, ru, d, nseats, cr, NULL, &pool_quiet, err, sizeof err));
    quiet.quiet = true;
    for (int i = 0; i < sc->n; i++) {
        round_apply(&quiet, &sc->actions[i]);
        assert_int_equal(quiet.nevents, 0);
    }
    assert_int_equal(quiet.phase, r->phase);
    assert_memory_equal(quiet.seat, r->seat, sizeof r->seat[0] * (size_t)nseats);
    assert_memory_equal(quiet.dealer, r->dealer, sizeof r->dealer);
    assert_int_equal(quiet.dealer_qualifies, r->dealer_qualifies);
    assert_memory_equal(&pool_quiet, pool, sizeof *pool);
}

static void run_random_rounds(rules_preset_t preset, int rounds, uint64_t seed) {
    rules_t ru;
    rules_preset(&ru, preset);
    ru.seats = 7;
    ru.handpay_threshold = 0;
    set_operator_values(&ru);
    bool live = ru.offered[WAGER_JACKPOT], metered = live || ru.offered[WAGER_PROGRESSIVE];
    jackpot_pool_t pool;
    jackpot_init(&pool, live ? JACKPOT_SEED : PROGRESSIVE_RESET);
    model_pool_t model = {.value = 100 * (live ? JACKPOT_SEED : PROGRESSIVE_RESET),
                          .seeded = live ? JACKPOT_SEED : PROGRESSIVE_RESET};
    if (!metered) jackpot_init(&pool, 0), model = (model_pool_t){0};
    rng_t g;
    rng_init_seed_u64(&g, seed);
    int64_t credits[RULES_MAX_SEATS];
    for (int s = 0; s < RULES_MAX_SEATS; s++) credits[s] = 500000 + 1000 * s;
    int64_t total_start = 0;
    for (int s = 0; s < RULES_MAX_SEATS; s++) total_start += credits[s];
    /* worked out here: the stakes the players put in, what rules.md pays them back, and the
     * stakes on the pool's bet */
    int64_t stakes_in = 0, paid_back = 0, pool_stakes = 0;
    int settled = 0, voided = 0;
    static round_t r;
    script_t sc;
    for (int k = 0; k < rounds; k++) {
        int nseats = 1 + (int)rng_uniform(&g, 7);
        for (int s = 0; s < RULES_MAX_SEATS; s++)
            if (credits[s] < 200000) credits[s] += 500000, total_start += 500000; /* coin in */
        deck_t d;
        ru.variant == VARIANT_ASIAN ? deck_init53(&d) : deck_init52(&d);
        deck_shuffle(&d, &g);
        if (k % 25 == 1) hot_deck(&d, ru.variant, &g);
        jackpot_pool_t pool_before = pool;
        char err[128];
        if (!round_init(&r, &ru, &d, nseats, credits, NULL, &pool, err, sizeof err))
            fail_msg("init: %s", err);
        random_round(&r, &g, &sc);
        if (r.phase != ROUND_SETTLED && r.phase != ROUND_VOID)
            fail_msg("round %d of %s unfinished in phase %d", k, rules_preset_key(preset), r.phase);
        assert_false(r.events_overflowed);
        settled += r.phase == ROUND_SETTLED;
        voided += r.phase == ROUND_VOID;

        int64_t expect[RULES_MAX_SEATS][WAGER_COUNT] = {{0}};
        bool main_total[RULES_MAX_SEATS] = {false};
        int64_t round_stakes = 0, round_back;
        for (int s = 0; s < nseats; s++) {
            for (int w = 0; w < WAGER_COUNT; w++) {
                int64_t st = r.seat[s].stake[w];
                assert_true(st >= 0);
                assert_true(st == 0 || st >= ru.bet_min[w] || w >= WAGER_PLAY);
                round_stakes += st;
            }
            pool_stakes += r.phase == ROUND_SETTLED
                               ? r.seat[s].stake[WAGER_JACKPOT] + r.seat[s].stake[WAGER_PROGRESSIVE]
                               : 0;
        }
        if (r.phase == ROUND_VOID) { /* every stake back, the pool as it was */
            for (int s = 0; s < nseats; s++) memcpy(expect[s], r.seat[s].stake, sizeof expect[s]);
            round_back = round_stakes;
            assert_memory_equal(&pool, &pool_before, sizeof pool);
        } else {
            round_back = expect_settlement(&r, &d, &model, expect, main_total);
        }
        for (int s = 0; s < nseats; s++) {
            const round_seat_t *seat = &r.seat[s];
            int64_t seat_stakes = 0, seat_back = 0;
            for (int w = 0; w < WAGER_COUNT; w++) {
                seat_stakes += seat->stake[w];
                seat_back += expect[s][w];
                bool in_total = main_total[s] && wager_is_main((wager_t)w);
                if (!in_total && seat->returned[w] != expect[s][w])
                    fail_msg("%s round %d seat %d %s: returned %lld, rules.md pays %lld",
                             rules_preset_key(preset), k, s + 1, wager_name((wager_t)w),
                             (long long)seat->returned[w], (long long)expect[s][w]);
            }
            if (main_total[s]) {
                int64_t got = 0;
                for (int w = WAGER_ANTE; w <= WAGER_RAISE_3; w++) got += seat->returned[w];
                if (got != expect[s][WAGER_ANTE])
                    fail_msg("%s round %d seat %d: the main game returned %lld, rules.md pays %lld",
                             rules_preset_key(preset), k, s + 1, (long long)got,
                             (long long)expect[s][WAGER_ANTE]);
            }
            /* each seat's credits: what it had, less its stakes, plus what rules.md pays */
            assert_int_equal(seat->credits, credits[s] - seat_stakes + seat_back);
            credits[s] = seat->credits;
        }
        stakes_in += round_stakes;
        paid_back += round_back;
        /* the pool: its own invariant, never down but by a recorded payout, and exactly the
         * model's (the percentages of rules.md over the stakes, prizes and seeds), no drift */
        check_pool_invariant(&pool);
        bool won = false;
        for (int i = 0; i < r.nevents; i++) won |= r.events[i].type == EV_JACKPOT_WIN;
        if (!won) assert_true(jackpot_read(&pool) >= jackpot_read(&pool_before));
        expect_pool(&pool, &model);

        /* the same deck and actions replay to the same round */
        if (k % 50 == 0) check_replay(&ru, &d, nseats, &r, &pool_before, &pool, &sc);
    }
    /* the whole machine: the players' credits moved by exactly the stakes they put in and
     * what rules.md pays back, and the pool took exactly its percentages of its bet's stakes
     * (one sum over all of them, so no rounding per round could hide) */
    int64_t total_end = 0;
    for (int s = 0; s < RULES_MAX_SEATS; s++) total_end += credits[s];
    assert_int_equal(total_end - total_start, paid_back - stakes_in);
    int pct = live ? JACKPOT_TOP_PCT + JACKPOT_RESERVE_PCT : metered ? PROGRESSIVE_PCT : 0;
    assert_int_equal(pool.contributed, pool_stakes * pct * (JACKPOT_FRAC / 100));
    assert_int_equal(pool.value + pool.reserve,
                     (pool.seeded + pool_stakes * pct / 100 - pool.paid) * JACKPOT_FRAC +
                         pool_stakes * pct % 100 * (JACKPOT_FRAC / 100));
    printf("# %s: %d rounds (%d settled, %d void), staked %lld.%02lld, paid back %lld.%02lld, "
           "pool %lld.%02lld\n",
           rules_preset_key(preset), rounds, settled, voided, (long long)(stakes_in / 100),
           (long long)(stakes_in % 100), (long long)(paid_back / 100), (long long)(paid_back % 100),
           (long long)(jackpot_read(&pool) / 100), (long long)(jackpot_read(&pool) % 100));
    assert_true(settled > rounds / 2);
}

static void test_money_adds_up_every_preset(void **state) {
    (void)state;
    for (int p = 0; p < PRESET_COUNT; p++) run_random_rounds((rules_preset_t)p, 50000, 1000 + p);
}

/* A million jackpot stakes of an odd size, a top prize every 333,333 of them: every share
 * exact, nothing lost to rounding. The figures are worked out by hand from rules.md's 45% and
 * 5% of a 0.37 stake (16.65 and 1.85 cents), in cents:
 *   hit 1: 1,000.00 seed + 333,333 x 16.65 = 56,499.9445 -> 56,499.94 paid, 0.0045 left, plus
 *          the reserve 333,333 x 1.85 = 6,166.6605: the next top prize 6,166.6650
 *   hit 2: 6,166.6650 + 55,499.9445 = 61,666.6095 -> 61,666.60 paid; 6,166.6700 next
 *   hit 3: 6,166.6700 + 55,499.9445 = 61,666.6145 -> 61,666.61 paid; 6,166.6650 next
 *   one more stake: 6,166.8315 on the meter, 0.0185 in the reserve. */
static void test_pool_never_drifts(void **state) {
    (void)state;
    jackpot_pool_t p;
    jackpot_init(&p, 100000);
    const int64_t stake = 37;
    int64_t paid = 0;
    for (int i = 1; i <= 1000000; i++) {
        jackpot_contribute(&p, stake, 4500, 500);
        if (i % 333333 == 0) {
            paid += jackpot_claim(&p, jackpot_read(&p));
            jackpot_reset(&p, 100000);
        }
    }
    check_pool_invariant(&p);
    /* 1,000,000 x 0.37 x 50% = 185,000.00 contributed in all, exactly */
    assert_int_equal(p.contributed, (int64_t)18500000 * JACKPOT_FRAC);
    assert_int_equal(paid, 5649994 + 6166660 + 6166661);
    assert_int_equal(p.paid, paid);
    assert_int_equal(p.hits, 3);
    assert_int_equal(p.seeded, 100000); /* the reserve always covered the seed */
    assert_int_equal(p.value, (int64_t)61668315 * (JACKPOT_FRAC / 100));
    assert_int_equal(p.reserve, 185 * (JACKPOT_FRAC / 100));
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_money_adds_up_every_preset),
        cmocka_unit_test(test_pool_never_drifts),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
