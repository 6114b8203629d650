/* `studpoker hint`: the optimal decision for one position and the value of each choice, as the
 * game's hint shows them. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "card.h"
#include "cli.h"
#include "cli_rules.h"
#include "strategy.h"

int cli_hint(int argc, char **argv) {
    const char *config = NULL, *preset = NULL, *src = NULL, *up = NULL, *board = NULL,
               *raises_text = NULL;
    char cards_text[256] = "";
    for (int i = 0; i < argc; i++) {
        bool more = i + 1 < argc;
        if (strcmp(argv[i], "--config") == 0 && more)
            config = argv[++i];
        else if (strcmp(argv[i], "--preset") == 0 && more)
            preset = argv[++i];
        else if (strcmp(argv[i], "--up") == 0 && more)
            up = argv[++i];
        else if (strcmp(argv[i], "--board") == 0 && more)
            board = argv[++i];
        else if (strcmp(argv[i], "--raises") == 0 && more)
            raises_text = argv[++i];
        else if (argv[i][0] == '-' && argv[i][1] == '-') {
            fprintf(stderr, "studpoker: unknown option '%s'\n", argv[i]);
            return 2;
        } else {
            size_t n = strlen(cards_text);
            snprintf(cards_text + n, sizeof cards_text - n, "%s%s", n ? " " : "", argv[i]);
        }
    }
    rules_t r;
    int st = cli_load_rules(config, preset, &r, &src);
    if (st) return st;
    card_t cards[5], shown[3];
    char err[160];
    int want = r.variant == VARIANT_CAJUN ? 2 : 5;
    int n = card_parse_list(cards_text, cards, 5, err, sizeof err);
    if (n != want) {
        fprintf(stderr,
                "usage: studpoker hint [--config FILE | --preset NAME] CARDS [--up CARD] "
                "[--board CARDS --raises N,N]\n%s: give %d cards%s%s\n",
                rules_preset_name(r.preset), want, n < 0 ? ": " : "", n < 0 ? err : "");
        return 2;
    }
    int step = 0, raises[3] = {0, 0, 0};
    if (r.variant == VARIANT_CARIBBEAN) {
        if (!up || card_parse_list(up, shown, 1, err, sizeof err) != 1 ||
            memchr(cards, shown[0], 5)) {
            fprintf(stderr, "studpoker: Caribbean Stud needs the dealer's up card: --up CARD, "
                            "not one of the player's\n");
            return 2;
        }
    }
    if (r.variant == VARIANT_CAJUN && board) {
        step = card_parse_list(board, shown, 2, err, sizeof err);
        int nr = 0;
        for (const char *p = raises_text; p && *p && nr < 3;) {
            raises[nr++] = atoi(p);
            p = strchr(p, ',');
            p = p ? p + 1 : NULL;
        }
        if (step < 1 || nr != step) {
            fprintf(stderr, "studpoker: --board takes 1 or 2 community cards and --raises the "
                            "raise made at each earlier decision (1 to 3), e.g. --raises 3,1\n");
            return 2;
        }
        for (int i = 0; i < step; i++)
            if (raises[i] < 1 || raises[i] > 3 || shown[i] == cards[0] || shown[i] == cards[1]) {
                fprintf(stderr, "studpoker: raises are 1 to 3 and cards appear once\n");
                return 2;
            }
    }
    if (r.variant != VARIANT_ASIAN) {
        for (int i = 0; i < n; i++)
            if (cards[i] == CARD_JOKER) {
                fprintf(stderr, "studpoker: the joker is only in Asian Stud's deck\n");
                return 2;
            }
    }
    strategy_t *s = strategy_build(&r);
    if (!s) return 1;
    strategy_advice_t adv;
    if (!strategy_advise(s, cards, shown, step, raises, &adv)) {
        strategy_free(s);
        return 1;
    }
    static const char *const caj[4] = {"FOLD", "RAISE 1x", "RAISE 2x", "RAISE 3x"};
    const char *play = r.variant == VARIANT_CARIBBEAN ? "PLAY" : "RAISE";
    printf("%s: best decision %s\n", rules_preset_name(r.preset),
           r.variant == VARIANT_CAJUN ? caj[adv.decision]
           : adv.decision             ? play
                                      : "FOLD");
    for (int i = 0; i < adv.noptions; i++)
        printf("  %-9s %+.6f antes\n",
               r.variant == VARIANT_CAJUN ? caj[i]
               : i                        ? play
                                          : "FOLD",
               adv.ev[i]);
    strategy_free(s);
    return 0;
}
