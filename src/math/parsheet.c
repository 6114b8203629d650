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
    case VARIANT_ASIAN: {
        /* the configured reading (the bet on the machine), then for comparison: raising every
         * hand, no commission, and the other reading with and without the commission */
        asian_reading_t own = asian_reading(r);
        asian_reading_t other = own == ASIAN_ODDS_RAISE ? ASIAN_ODDS_BOTH : ASIAN_ODDS_RAISE;
        const char *other_name = other == ASIAN_ODDS_BOTH ? "odds on ante and raise (literal)"
                                                          : "odds on the raise (house rule)";
        const char *other_key = other == ASIAN_ODDS_BOTH ? "asian_literal" : "asian_house_rule";
        if ((b = add(s, false))) asian_par(r, own, r->asian_commission_bp, false, b);
        if ((b = add(s, true))) asian_par(r, own, r->asian_commission_bp, true, b);
        if (r->asian_commission_bp != 0 && (b = add(s, true))) {
            asian_par(r, own, 0, false, b);
            snprintf(b->key, sizeof b->key, "asian_no_commission");
            snprintf(b->name, sizeof b->name, "Asian Stud main game, no commission");
        }
        if ((b = add(s, true))) {
            asian_par(r, other, r->asian_commission_bp, false, b);
            snprintf(b->key, sizeof b->key, "%s", other_key);
            snprintf(b->name, sizeof b->name, "Asian Stud, %s", other_name);
        }
        if (r->asian_commission_bp != 0 && (b = add(s, true))) {
            asian_par(r, other, 0, false, b);
            snprintf(b->key, sizeof b->key, "%s_no_commission", other_key);
            snprintf(b->name, sizeof b->name, "Asian Stud, %s, no commission", other_name);
        }
        if (r->offered[WAGER_ASIAN_BONUS] && (b = add(s, false))) side_asian_bonus(r, b);
        break;
    }
    default:
        break;
    }
    for (int i = 0; i < s->nbets; i++) {
        if (s->informational[i]) continue;
        long double ret = par_return(&s->bet[i]);
        /* the literal Asian reading says why, and which setting is the house game */
        bool literal = r->variant == VARIANT_ASIAN && asian_reading(r) == ASIAN_ODDS_BOTH &&
                       strcmp(s->bet[i].key, "asian") == 0;
        if (ret >= 1.0L)
            warn(s, "%s returns %.4f%%: at least 100%%, the house loses on this bet%s",
                 s->bet[i].name, (double)(100.0L * ret),
                 literal ? " (the margin odds are paid on ante and raise, the literal reading; "
                           "[paytable] asian_margin_odds_on = raise is the house game)"
                         : "");
        else if (ret * RULES_BP < (long double)min_payback_bp)
            warn(s, "%s returns %.4f%%: below the minimum payback of %d.%02d%%", s->bet[i].name,
                 (double)(100.0L * ret), min_payback_bp / 100, min_payback_bp % 100);
    }
    return true;
}
