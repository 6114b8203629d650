/* parsheet: the exact par sheet of whatever game a rules_t describes.
 *
 * One par_bet_t per bet: the main game under optimal strategy, the named simple strategies
 * (Caribbean) or other readings (Asian) for comparison, and every side bet the rules offer,
 * each with its configured pay table. Warnings name each configured bet whose return is at
 * least 100% (the house loses) or below the minimum payback. */
#ifndef STUDPOKER_PARSHEET_H
#define STUDPOKER_PARSHEET_H

#include "par.h"
#include "rules.h"

#define PARSHEET_MAX_BETS 12
#define PARSHEET_MAX_WARN 16
#define PARSHEET_WARN_LEN 240

typedef struct parsheet {
    rules_variant_t variant;
    int nbets;
    par_bet_t bet[PARSHEET_MAX_BETS];
    bool informational[PARSHEET_MAX_BETS]; /* comparison figures, not a bet on the machine */
    int nwarn;
    char warn[PARSHEET_MAX_WARN][PARSHEET_WARN_LEN];
    int caribbean_classes; /* suit classes analysed (Caribbean) */
} parsheet_t;

/* Builds the sheet. min_payback_bp: the lowest acceptable return (7500 = 75%). threads: for
 * the Caribbean analysis. Returns false when memory runs out. */
bool parsheet_build(const rules_t *r, int threads, int32_t min_payback_bp, parsheet_t *out);

#endif
