#include "caribbean.h"

#include <pthread.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

#define NHANDS      2598960
#define COMPLETIONS 163185 /* C(46,4): dealer hands with a given up card and no player card */

typedef struct counter {
    uint32_t nq; /* dealer hands that do not qualify */
    uint32_t ql; /* qualifying dealer hands below the value being swept */
} counter_t;

typedef struct rep {
    card_t c[5];
    uint8_t weight; /* hands in this suit class */
    uint16_t value;
} rep_t;

typedef struct ctx {
    uint32_t binom[53][6];
    card_t (*hands)[5];   /* all hands sorted by value */
    uint32_t *hand_start; /* first hand of each value, EVAL_CLASSES + 2 entries */
    rep_t *reps;          /* suit classes sorted by value */
    uint32_t *rep_start;  /* first class of each value */
    int nreps;
    int qualify; /* lowest qualifying value */
    int akj83;
    int32_t pays[EVAL_CATEGORIES];
    car_visit_fn visit;
    void *user;
    const atomic_int *stop;
} ctx_t;

typedef struct job {
    const ctx_t *ctx;
    int v_lo, v_hi;
    car_tally_t tally[CAR_STRATEGIES];
    bool ok;
} job_t;

static int value_of(const char *text) {
    card_t c[5];
    char err[64];
    if (card_parse_list(text, c, 5, err, sizeof err) != 5) return 0;
    return eval_value(c, 5);
}

int car_qualify_value(void) {
    return value_of("Ac Kd 4h 3s 2c");
}
int car_akj83_value(void) {
    return value_of("Ac Kd Jh 8s 3c");
}

/* Adds a dealer hand (cards ascending) to the counters of every set of 1..4 of its cards. */
static void add_hand(const ctx_t *x, counter_t *cnt[5], const card_t *c, bool nq) {
    const uint32_t(*B)[6] = x->binom;
    uint32_t two[5][5]; /* two[i][j]: card i at position j of a subset */
    for (int j = 0; j < 5; j++)
        for (int i = 0; i < 5; i++) two[i][j] = B[c[i]][j + 1];
    for (int a = 0; a < 5; a++) {
        uint32_t ia = two[a][0];
        if (nq)
            cnt[1][ia].nq++;
        else
            cnt[1][ia].ql++;
        for (int b = a + 1; b < 5; b++) {
            uint32_t ib = ia + two[b][1];
            if (nq)
                cnt[2][ib].nq++;
            else
                cnt[2][ib].ql++;
            for (int d = b + 1; d < 5; d++) {
                uint32_t id = ib + two[d][2];
                if (nq)
                    cnt[3][id].nq++;
                else
                    cnt[3][id].ql++;
                for (int e = d + 1; e < 5; e++) {
                    uint32_t ie = id + two[e][3];
                    if (nq)
                        cnt[4][ie].nq++;
                    else
                        cnt[4][ie].ql++;
                }
            }
        }
    }
}

static void process_rep(const ctx_t *x, counter_t *const cnt[5], const rep_t *r,
                        car_tally_t tally[CAR_STRATEGIES]) {
    const uint32_t(*B)[6] = x->binom;
    const card_t *p = r->c;
    const int vp = r->value;
    int32_t nq[52] = {0}, ql[52] = {0}, tie[52] = {0};
    uint64_t pmask = 0;
    for (int i = 0; i < 5; i++) pmask |= 1ull << p[i];

    /* Inclusion-exclusion over the player's cards T (|T| <= 3 from the counters). */
    for (unsigned s = 0; s < 32; s++) {
        int k = __builtin_popcount(s);
        if (k > 3) continue;
        card_t t[3];
        int n = 0;
        for (int i = 0; i < 5; i++)
            if (s >> i & 1) t[n++] = p[i];
        uint32_t lo[4], hi[4];
        for (int q = 0; q <= k; q++) {
            lo[q] = hi[q] = 0;
            for (int i = 0; i < q; i++) lo[q] += B[t[i]][i + 1];
            for (int i = q; i < k; i++) hi[q] += B[t[i]][i + 2];
        }
        const counter_t *c = cnt[k + 1];
        int q = 0;
        if (k & 1) {
            for (int u = 0; u < 52; u++) {
                if (pmask >> u & 1) continue;
                while (q < k && t[q] < u) q++;
                const counter_t *e = &c[lo[q] + B[u][q + 1] + hi[q]];
                nq[u] -= (int32_t)e->nq;
                ql[u] -= (int32_t)e->ql;
            }
        } else {
            for (int u = 0; u < 52; u++) {
                if (pmask >> u & 1) continue;
                while (q < k && t[q] < u) q++;
                const counter_t *e = &c[lo[q] + B[u][q + 1] + hi[q]];
                nq[u] += (int32_t)e->nq;
                ql[u] += (int32_t)e->ql;
            }
        }
    }
    /* |T| = 4: the dealer hand is those four cards and the up card itself. */
    for (int drop = 0; drop < 5; drop++) {
        eval_hand_t h = eval_hand_empty();
        for (int i = 0; i < 5; i++)
            if (i != drop) h = eval_hand_add(h, p[i]);
        for (int u = 0; u < 52; u++) {
            if (pmask >> u & 1) continue;
            int v = eval_hand_value(eval_hand_add(h, (card_t)u));
            if (v < x->qualify)
                nq[u]++;
            else if (v < vp)
                ql[u]++;
        }
    }
    /* Equal hands: the dealer hands of the player's value that miss the player's cards. */
    if (vp >= x->qualify) {
        for (uint32_t i = x->hand_start[vp]; i < x->hand_start[vp + 1]; i++) {
            const card_t *h = x->hands[i];
            uint64_t m = 1ull << h[0] | 1ull << h[1] | 1ull << h[2] | 1ull << h[3] | 1ull << h[4];
            if (m & pmask) continue;
            for (int j = 0; j < 5; j++) tie[h[j]]++;
        }
    }

    eval_category_t cat = eval_category(vp);
    int64_t winpay = 1 + 2 * (int64_t)x->pays[cat];
    bool plays[CAR_STRATEGIES];
    plays[CAR_AKJ83] = vp >= x->akj83;
    plays[CAR_PAIR] = cat >= EVAL_PAIR;
    plays[CAR_ALWAYS] = true;
    const uint64_t w = r->weight;
    for (int u = 0; u < 52; u++) {
        if (pmask >> u & 1) continue;
        int64_t n_nq = nq[u], n_win = ql[u], n_tie = tie[u];
        int64_t n_lose = COMPLETIONS - n_nq - n_win - n_tie;
        int64_t ev = n_nq + n_win * winpay - 3 * n_lose;
        plays[CAR_OPTIMAL] = ev > -(int64_t)COMPLETIONS;
        if (x->visit) x->visit(x->user, p, (card_t)u, ev, (int)w);
        if (ev == -(int64_t)COMPLETIONS) tally[CAR_OPTIMAL].evequal += w;
        for (int s = 0; s < CAR_STRATEGIES; s++) {
            car_tally_t *t = &tally[s];
            if (!plays[s]) {
                t->fold += w * COMPLETIONS;
                continue;
            }
            t->not_qualify += w * (uint64_t)n_nq;
            t->win[cat] += w * (uint64_t)n_win;
            t->push += w * (uint64_t)n_tie;
            t->lose += w * (uint64_t)n_lose;
            t->play += w * COMPLETIONS;
            t->decisions_play += w;
        }
    }
}

static void *run_job(void *arg) {
    job_t *j = arg;
    const ctx_t *x = j->ctx;
    static const uint32_t sizes[5] = {0, 52, 1326, 22100, 270725};
    counter_t *cnt[5] = {NULL};
    j->ok = false;
    for (int k = 1; k <= 4; k++) {
        cnt[k] = calloc(sizes[k], sizeof(counter_t));
        if (!cnt[k]) goto done;
    }
    int init_to = j->v_lo > x->qualify ? j->v_lo : x->qualify;
    for (uint32_t i = 0; i < x->hand_start[init_to]; i++) {
        /* hand_start is by value, so i < hand_start[v] means value < v */
        bool below_q = i < x->hand_start[x->qualify];
        add_hand(x, cnt, x->hands[i], below_q);
    }
    for (int v = j->v_lo; v < j->v_hi; v++) {
        if (x->stop && atomic_load_explicit(x->stop, memory_order_relaxed)) goto done;
        for (uint32_t r = x->rep_start[v]; r < x->rep_start[v + 1]; r++)
            process_rep(x, cnt, &x->reps[r], j->tally);
        if (v >= init_to)
            for (uint32_t i = x->hand_start[v]; i < x->hand_start[v + 1]; i++)
                add_hand(x, cnt, x->hands[i], false);
    }
    j->ok = true;
done:
    for (int k = 1; k <= 4; k++) free(cnt[k]);
    return NULL;
}

/* A hand's four suits as 13-bit rank masks; a class's representative has them in descending
 * order, so the class is the sorted tuple and its size 24 / (the ways to permute equal masks). */
static bool canonical(const card_t *c, uint8_t *weight) {
    uint32_t m[4] = {0, 0, 0, 0};
    for (int i = 0; i < 5; i++) m[card_suit(c[i])] |= 1u << card_rank(c[i]);
    if (!(m[0] >= m[1] && m[1] >= m[2] && m[2] >= m[3])) return false;
    int perms = 1, run = 1;
    for (int i = 1; i < 4; i++) {
        run = m[i] == m[i - 1] ? run + 1 : 1;
        perms *= run;
    }
    *weight = (uint8_t)(24 / perms);
    return true;
}

bool car_analyse(const int32_t pays[EVAL_CATEGORIES], int threads, car_result_t *out) {
    return car_analyse_visit(pays, threads, out, NULL, NULL, NULL);
}

/* The context every job reads: the pay table, the caller's callback, Pascal's triangle for the
 * counters' subset indexes, and the two values the qualifying rule and AKJ83 compare against. */
static void ctx_init(ctx_t *x, const int32_t pays[EVAL_CATEGORIES], car_visit_fn visit, void *user,
                     const atomic_int *stop) {
    memset(x, 0, sizeof *x);
    memcpy(x->pays, pays, sizeof x->pays);
    x->visit = visit;
    x->user = user;
    x->stop = stop;
    for (int n = 0; n <= 52; n++)
        for (int k = 0; k <= 5; k++) {
            if (k == 0)
                x->binom[n][k] = 1;
            else if (n == 0)
                x->binom[n][k] = 0;
            else
                x->binom[n][k] = x->binom[n - 1][k - 1] + x->binom[n - 1][k];
        }
    x->qualify = car_qualify_value();
    x->akj83 = car_akj83_value();
}

/* Every hand once, cards ascending, with its value, and the representative of each suit class
 * beside it; the hands and classes of each value are counted in hand_start[v + 1] and
 * rep_start[v + 1], to become first indexes. Returns the number of classes kept. */
static int enumerate_hands(ctx_t *x, uint16_t *values, card_t (*raw)[5], rep_t *rawreps,
                           uint32_t *nhands) {
    uint32_t n = 0;
    int nreps = 0;
    eval_hand_t h0 = eval_hand_empty();
    for (int a = 0; a < 48; a++) {
        eval_hand_t h1 = eval_hand_add(h0, (card_t)a);
        for (int b = a + 1; b < 49; b++) {
            eval_hand_t h2 = eval_hand_add(h1, (card_t)b);
            for (int c = b + 1; c < 50; c++) {
                eval_hand_t h3 = eval_hand_add(h2, (card_t)c);
                for (int d = c + 1; d < 51; d++) {
                    eval_hand_t h4 = eval_hand_add(h3, (card_t)d);
                    for (int e = d + 1; e < 52; e++) {
                        int v = eval_hand_value(eval_hand_add(h4, (card_t)e));
                        card_t *hc = raw[n];
                        hc[0] = (card_t)a, hc[1] = (card_t)b, hc[2] = (card_t)c;
                        hc[3] = (card_t)d, hc[4] = (card_t)e;
                        values[n++] = (uint16_t)v;
                        x->hand_start[v + 1]++;
                        uint8_t w;
                        if (canonical(hc, &w) && nreps < 140000) {
                            memcpy(rawreps[nreps].c, hc, 5);
                            rawreps[nreps].weight = w;
                            rawreps[nreps].value = (uint16_t)v;
                            x->rep_start[v + 1]++;
                            nreps++;
                        }
                    }
                }
            }
        }
    }
    *nhands = n;
    return nreps;
}

/* The counts become first indexes, and the hands and classes are placed in order of value (a
 * counting sort: within a value they keep the order they were made in, so every run visits
 * them in the same order). False when memory runs out. */
static bool sort_by_value(ctx_t *x, const uint16_t *values, card_t (*raw)[5], uint32_t n,
                          const rep_t *rawreps, int nreps) {
    for (int v = 1; v <= EVAL_CLASSES + 2; v++) {
        x->hand_start[v] += x->hand_start[v - 1];
        x->rep_start[v] += x->rep_start[v - 1];
    }
    uint32_t *fill = calloc(EVAL_CLASSES + 2, sizeof *fill);
    if (!fill) return false;
    for (uint32_t i = 0; i < n; i++) {
        int v = values[i];
        memcpy(x->hands[x->hand_start[v] + fill[v]++], raw[i], 5);
    }
    memset(fill, 0, (EVAL_CLASSES + 2) * sizeof *fill);
    for (int i = 0; i < nreps; i++) {
        int v = rawreps[i].value;
        x->reps[x->rep_start[v] + fill[v]++] = rawreps[i];
    }
    free(fill);
    return true;
}

/* Splits the values into `threads` ranges of about equal work: a value costs its classes times
 * (a fixed cost per class plus the hands of that value, which each class looks through for
 * equal hands). */
static void split_jobs(const ctx_t *x, int threads, job_t jobs[8]) {
    double cost_total = 0;
    for (int v = 1; v <= EVAL_CLASSES; v++)
        cost_total += (double)(x->rep_start[v + 1] - x->rep_start[v]) *
                      (1500.0 + (double)(x->hand_start[v + 1] - x->hand_start[v]));
    int v = 1;
    double acc = 0;
    for (int t = 0; t < threads; t++) {
        memset(&jobs[t], 0, sizeof jobs[t]);
        jobs[t].ctx = x;
        jobs[t].v_lo = v;
        double target = cost_total * (t + 1) / threads;
        while (v <= EVAL_CLASSES && (t == threads - 1 || acc < target)) {
            acc += (double)(x->rep_start[v + 1] - x->rep_start[v]) *
                   (1500.0 + (double)(x->hand_start[v + 1] - x->hand_start[v]));
            v++;
        }
        jobs[t].v_hi = v;
    }
}

/* Runs the jobs, the first on this thread; a job whose thread cannot be started runs here
 * afterwards, so that the result never depends on how many threads there were. */
static void run_jobs(job_t jobs[8], int threads) {
    pthread_t tid[8];
    int started = 0;
    for (int t = 1; t < threads; t++) {
        if (pthread_create(&tid[t], NULL, run_job, &jobs[t]) != 0) break;
        started = t;
    }
    run_job(&jobs[0]);
    for (int t = 1; t <= started; t++) pthread_join(tid[t], NULL);
    for (int t = started + 1; t < threads; t++) run_job(&jobs[t]);
}

/* Adds up the jobs' tallies into the result; false when any job stopped or ran out of memory. */
static bool sum_jobs(const job_t jobs[8], int threads, car_result_t *out) {
    bool ok = true;
    for (int t = 0; t < threads; t++) {
        ok = ok && jobs[t].ok;
        for (int s = 0; s < CAR_STRATEGIES; s++) {
            car_tally_t *d = &out->tally[s];
            const car_tally_t *src = &jobs[t].tally[s];
            d->fold += src->fold;
            d->not_qualify += src->not_qualify;
            for (int c = 0; c < EVAL_CATEGORIES; c++) d->win[c] += src->win[c];
            d->push += src->push;
            d->lose += src->lose;
            d->play += src->play;
            d->decisions_play += src->decisions_play;
            d->evequal += src->evequal;
        }
    }
    out->total = out->tally[CAR_OPTIMAL].fold + out->tally[CAR_OPTIMAL].play;
    return ok;
}

bool car_analyse_visit(const int32_t pays[EVAL_CATEGORIES], int threads, car_result_t *out,
                       car_visit_fn visit, void *user, const atomic_int *stop) {
    memset(out, 0, sizeof *out);
    memcpy(out->pays, pays, sizeof out->pays);
    ctx_t x;
    ctx_init(&x, pays, visit, user, stop);

    bool ok = false;
    uint16_t *values = malloc(NHANDS * sizeof *values);
    card_t(*raw)[5] = malloc(NHANDS * sizeof *raw);
    x.hands = malloc(NHANDS * sizeof *x.hands);
    x.hand_start = calloc(EVAL_CLASSES + 3, sizeof *x.hand_start);
    x.rep_start = calloc(EVAL_CLASSES + 3, sizeof *x.rep_start);
    x.reps = malloc(140000 * sizeof *x.reps);
    rep_t *rawreps = malloc(140000 * sizeof *rawreps);
    if (!values || !raw || !x.hands || !x.hand_start || !x.rep_start || !x.reps || !rawreps)
        goto done;

    uint32_t n;
    int nreps = enumerate_hands(&x, values, raw, rawreps, &n);
    if (!sort_by_value(&x, values, raw, n, rawreps, nreps)) goto done;
    x.nreps = nreps;
    out->classes = nreps;

    if (threads < 1) threads = 1;
    if (threads > 8) threads = 8;
    job_t jobs[8];
    split_jobs(&x, threads, jobs);
    run_jobs(jobs, threads);
    ok = sum_jobs(jobs, threads, out);

done:
    free(values);
    free(raw);
    free(x.hands);
    free(x.hand_start);
    free(x.rep_start);
    free(x.reps);
    free(rawreps);
    return ok;
}

const char *car_strategy_key(car_strategy_t s) {
    static const char *const k[CAR_STRATEGIES] = {"optimal", "akj83", "pair", "always"};
    return s >= 0 && s < CAR_STRATEGIES ? k[s] : "?";
}

const char *car_strategy_name(car_strategy_t s) {
    static const char *const k[CAR_STRATEGIES] = {"optimal strategy", "raise A-K-J-8-3 or better",
                                                  "raise a pair or better", "always raise"};
    return s >= 0 && s < CAR_STRATEGIES ? k[s] : "?";
}

void car_par_bet(const car_result_t *r, car_strategy_t s, par_bet_t *b) {
    memset(b, 0, sizeof *b);
    const car_tally_t *t = &r->tally[s];
    snprintf(b->key, sizeof b->key, "caribbean_%s", car_strategy_key(s));
    snprintf(b->name, sizeof b->name, "Caribbean Stud main game, %s", car_strategy_name(s));
    b->scale = 1;
    char name[PAR_NAME_LEN];
    for (int c = EVAL_CATEGORIES - 1; c >= 0; c--) {
        snprintf(name, sizeof name, "Win: %s",
                 c == EVAL_HIGH_CARD ? "A-K high" : eval_category_name((eval_category_t)c));
        par_add_line(b, name, t->win[c], 1 + 2 * (int64_t)r->pays[c]);
    }
    par_add_line(b, "Dealer does not qualify", t->not_qualify, 1);
    par_add_line(b, "Push", t->push, 0);
    par_add_line(b, "Loss", t->lose, -3);
    par_add_line(b, "Fold", t->fold, -1);
    par_finish(b);
    b->has_wager = true;
    b->wager_num = (par_int)t->fold + 3 * (par_int)t->play;
    b->has_raise = true;
    b->raise_count = t->play;
}
