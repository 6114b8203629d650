#include "parsheet.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "asian.h"
#include "cajun.h"
#include "caribbean.h"
#include "sidebets.h"

static par_bet_t *add(parsheet_t *s, bool info) {
    if (s->nbets >= PARSHEET_MAX_BETS) return NULL;
    s->informational[s->nbets] = info;
    return &s->bet[s->nbets++];
}

static void warn(parsheet_t *s, const char *fmt, ...) {
    if (s->nwarn >= PARSHEET_MAX_WARN) return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(s->warn[s->nwarn++], PARSHEET_WARN_LEN, fmt, ap);
    va_end(ap);
}

bool parsheet_build(const rules_t *r, int threads, int32_t min_payback_bp, parsheet_t *s) {
    memset(s, 0, sizeof *s);
    s->variant = r->variant;
    par_bet_t *b;
    switch (r->variant) {
    case VARIANT_CARIBBEAN: {
        car_result_t res;
        if (!car_analyse(r->main_pays, threads, &res)) return false;
        s->caribbean_classes = res.classes;
        for (int st = 0; st < CAR_STRATEGIES; st++)
            if ((b = add(s, st != CAR_OPTIMAL))) {
                car_par_bet(&res, (car_strategy_t)st, b);
                /* the cap binds only on big antes: the PLAY win is at most 2 x the top pay */
                int32_t top = 0;
                for (int c = 0; c < EVAL_CATEGORIES; c++)
                    if (r->main_pays[c] > top) top = r->main_pays[c];
                if (r->max_payout > 0 && top > 0)
                    snprintf(b->note, sizeof b->note,
                             "figures without the cap of %lld.%02lld per bet win, which binds "
                             "only with an ante above %lld.%02lld",
                             (long long)(r->max_payout / 100), (long long)(r->max_payout % 100),
                             (long long)(r->max_payout / (2 * top) / 100),
                             (long long)(r->max_payout / (2 * top) % 100));
            }
        if (r->offered[WAGER_BONUS51] && (b = add(s, false))) side_bonus51(r, b);
        if (r->offered[WAGER_JACKPOT] && (b = add(s, false))) side_jackpot(r, b);
        if (r->offered[WAGER_PROGRESSIVE] && (b = add(s, false))) side_progressive(r, b);
        break;
    }
    case VARIANT_CAJUN:
        if ((b = add(s, false))) cajun_par(r, b);
        if (r->offered[WAGER_BOARD] && (b = add(s, false))) side_board(r, b);
        if (r->offered[WAGER_POCKET] && (b = add(s, false))) side_pocket(r, b);
        if (r->offered[WAGER_LOBALL] && (b = add(s, false))) side_loball(r, b);
        break;
    case VARIANT_ASIAN:
        if ((b = add(s, false))) asian_par(r, ASIAN_ODDS_BOTH, r->asian_commission_bp, b);
        if (r->asian_commission_bp != 0 && (b = add(s, true))) {
            asian_par(r, ASIAN_ODDS_BOTH, 0, b);
            snprintf(b->key, sizeof b->key, "asian_no_commission");
            snprintf(b->name, sizeof b->name, "Asian Stud main game, no commission");
        }
        if ((b = add(s, true))) asian_par(r, ASIAN_ODDS_ONE, r->asian_commission_bp, b);
        if ((b = add(s, true))) {
            asian_par(r, ASIAN_ODDS_ONE, 0, b);
            snprintf(b->key, sizeof b->key, "asian_one_no_commission");
            snprintf(b->name, sizeof b->name, "Asian Stud, odds on one bet, no commission");
        }
        if (r->offered[WAGER_ASIAN_BONUS] && (b = add(s, false))) side_asian_bonus(r, b);
        break;
    default:
        break;
    }
    for (int i = 0; i < s->nbets; i++) {
        if (s->informational[i]) continue;
        long double ret = par_return(&s->bet[i]);
        if (ret >= 1.0L)
            warn(s, "%s returns %.4f%%: at least 100%%, the house loses on this bet",
                 s->bet[i].name, (double)(100.0L * ret));
        else if (ret * RULES_BP < (long double)min_payback_bp)
            warn(s, "%s returns %.4f%%: below the minimum payback of %d.%02d%%", s->bet[i].name,
                 (double)(100.0L * ret), min_payback_bp / 100, min_payback_bp % 100);
    }
    return true;
}
