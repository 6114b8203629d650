/* A shared table's words for the player: a round's result retold from the table's figures, the
 * table's refusal of a stake (machine_table_internal.h). */
#include "lang.h"
#include "machine_table_internal.h"

#include <stdio.h>
#include <string.h>

/* Why the table refused a stake, in the player's words: the table's own reasons (its SQL's, in
 * English) as the catalogs have them; any other goes to the log, and the player reads that the
 * table refused it. */
const char *mt_reason_words(const char *reason) {
    static const char *const KNOWN[] = {N_("betting had closed"),
                                        N_("no bet"),
                                        N_("your bets for this round were placed already"),
                                        N_("the decision time had run out"),
                                        N_("no hand in this round"),
                                        N_("the hand was folded")};
    for (size_t i = 0; i < sizeof KNOWN / sizeof KNOWN[0]; i++)
        if (strcmp(reason, KNOWN[i]) == 0) return _(KNOWN[i]);
    fprintf(stderr, "studpoker: the table refused a stake: %s\n", reason);
    return _("the table refused it");
}

/* A round's result as the player reads it: "Round 12: Flush: WIN $10.00". The table's verdict
 * is its host's record in English ("Flush: WIN $10.00 (the table's limit of $500.00 shared) -
 * LINKED JACKPOT $1,000.00", "AUTO FOLDED", "Pair: DEALER WINS"); the words here are the
 * terminal's own language's, from the result's figures and the verdict's parts. */
const char *mt_verdict_words(const game_t *g, int64_t round, const char *kind, const char *verdict,
                             int64_t staked, int64_t total, int64_t jackpot, char *buf, size_t n) {
    char what[300], hand[80] = "", b[40], b2[40];
    const char *colon = strstr(verdict, ": ");
    if (colon && (size_t)(colon - verdict) < sizeof hand)
        snprintf(hand, sizeof hand, "%.*s", (int)(colon - verdict), verdict);
    if (strcmp(kind, "settled") != 0)
        snprintf(what, sizeof what, "%s", _("your bets are returned"));
    else if (strncmp(verdict, "FOLDED: ", 8) == 0)
        snprintf(what, sizeof what, "%s",
                 _("FOLDED: a raise that did not match the bets, returned"));
    else if (strcmp(verdict, "AUTO FOLDED") == 0 || strcmp(verdict, "FOLDED") == 0)
        snprintf(what, sizeof what, "%s", _(verdict));
    else if (total > staked)
        snprintf(what, sizeof what, _("WIN %s"), game_money(g, total - staked, b));
    else
        snprintf(what, sizeof what, "%s", total == staked ? _("PUSH") : _("DEALER WINS"));
    if (strstr(verdict, "(the table's limit of")) {
        char lim[40];
        size_t k = strlen(what);
        snprintf(what + k, sizeof what - k, _(" (the table's limit of %s shared)"),
                 game_money(g, g->rules.aggregate_limit, lim));
    }
    if (strstr(verdict, " - LINKED JACKPOT ") && jackpot > 0) {
        size_t n = strlen(what);
        snprintf(what + n, sizeof what - n, _(" - LINKED JACKPOT %s"), game_money(g, jackpot, b2));
    }
    if (hand[0] && strcmp(kind, "settled") == 0)
        snprintf(buf, n, _("Round %lld: %s: %s"), (long long)round, lang_text(hand), what);
    else
        snprintf(buf, n, _("Round %lld: %s"), (long long)round, what);
    return buf;
}
