/* The card tools of the command line: `rank` names and values hands, `deal` deals one
 * Caribbean Stud hand in the terminal. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "eval.h"
#include "rng.h"

enum mode { MODE_POKER, MODE_BOARD3, MODE_POCKET, MODE_LOWBALL, MODE_ASIAN };

static void print_cards(const char *label, const card_t *cards, int n, uint8_t only) {
    printf("%-11s", label);
    for (int i = 0; i < n; i++) {
        if (!(only >> i & 1)) continue;
        char b[8];
        printf(" %s", card_display(cards[i], b));
    }
    printf("\n");
}

static int rank_poker(const card_t *cards, int n) {
    uint8_t used = 0;
    int value = eval_best(cards, n, &used);
    char name[96];
    eval_describe(value, name, sizeof name);
    print_cards("cards:", cards, n, 0xff);
    print_cards("best five:", cards, n, used);
    printf("%-11s %s\n", "category:", eval_category_name(eval_category(value)));
    printf("%-11s %s\n", "hand:", name);
    printf("%-11s %d of %d (higher wins, equal ties)\n", "value:", value, EVAL_CLASSES);
    return 0;
}

static int rank_asian(const card_t *cards) {
    eval_asian_t a = eval_asian(cards);
    print_cards("cards:", cards, 5, 0xff);
    if (a.qualifies) {
        print_cards("three:", cards, 5, a.three);
        print_cards("two:", cards, 5, (uint8_t)(~a.three & 0x1f));
        printf("%-11s qualifies, value %d\n", "points:", a.value);
    } else {
        int total = 0;
        for (int i = 0; i < 5; i++) total += eval_asian_card_points(cards[i]);
        printf("%-11s does not qualify (no three cards total 10, 20 or 30; all five total %d)\n",
               "points:", total);
    }
    printf("%-11s %s\n", "bonus:", eval_asian_bonus_name(eval_asian_bonus(cards)));
    return 0;
}

int cli_rank(int argc, char **argv) {
    enum mode mode = MODE_POKER;
    char text[512] = "";
    size_t used = 0;
    for (int i = 0; i < argc; i++) {
        if (strcmp(argv[i], "--board3") == 0)
            mode = MODE_BOARD3;
        else if (strcmp(argv[i], "--pocket") == 0)
            mode = MODE_POCKET;
        else if (strcmp(argv[i], "--lowball") == 0)
            mode = MODE_LOWBALL;
        else if (strcmp(argv[i], "--asian") == 0)
            mode = MODE_ASIAN;
        else if (argv[i][0] == '-' && argv[i][1] == '-') {
            fprintf(stderr, "studpoker rank: unknown option '%s'\n", argv[i]);
            return 2;
        } else {
            int w = snprintf(text + used, sizeof text - used, "%s ", argv[i]);
            if (w < 0 || (size_t)w >= sizeof text - used) {
                fprintf(stderr, "studpoker rank: too many cards\n");
                return 2;
            }
            used += (size_t)w;
        }
    }
    card_t cards[DECK_MAX];
    char err[128];
    int n = card_parse_list(text, cards, 8, err, sizeof err);
    if (n < 0) {
        fprintf(stderr, "studpoker rank: %s\n", err);
        return 2;
    }
    static const struct {
        int min, max;
        const char *what;
    } need[] = {{5, 7, "5, 6 or 7 cards"},
                {3, 3, "exactly 3 cards (--board3)"},
                {2, 2, "exactly 2 cards (--pocket)"},
                {5, 5, "exactly 5 cards (--lowball)"},
                {5, 5, "exactly 5 cards (--asian)"}};
    if (n < need[mode].min || n > need[mode].max) {
        fprintf(stderr, "studpoker rank: got %d card%s, need %s\n", n, n == 1 ? "" : "s",
                need[mode].what);
        return 2;
    }
    if (mode != MODE_ASIAN)
        for (int i = 0; i < n; i++)
            if (cards[i] == CARD_JOKER) {
                fprintf(stderr, "studpoker rank: the joker is only dealt in Asian Stud "
                                "(use --asian)\n");
                return 2;
            }
    switch (mode) {
    case MODE_POKER:
        return rank_poker(cards, n);
    case MODE_BOARD3:
        print_cards("cards:", cards, 3, 0xff);
        printf("%-11s %s\n", "board:", eval3_category_name(eval_board3(cards)));
        return 0;
    case MODE_POCKET:
        print_cards("cards:", cards, 2, 0xff);
        printf("%-11s %s\n", "pocket:", eval_pocket_name(eval_pocket(cards)));
        return 0;
    case MODE_LOWBALL: {
        print_cards("cards:", cards, 5, 0xff);
        int high = eval_lowball_high(cards);
        if (high < 0)
            printf("%-11s no Lo Ball hand (it holds a pair, a straight or a flush)\n", "lo ball:");
        else
            printf("%-11s %s high\n", "lo ball:", card_rank_word(high));
        return 0;
    }
    case MODE_ASIAN:
        return rank_asian(cards);
    }
    return 2;
}

int cli_deal(int argc, char **argv) {
    rng_t rng;
    bool seeded = false;
    for (int i = 0; i < argc; i++) {
        if (strcmp(argv[i], "--seed") == 0 && i + 1 < argc) {
            char *end;
            unsigned long long s = strtoull(argv[++i], &end, 10);
            if (*end != '\0' || argv[i][0] == '\0' || argv[i][0] == '-') {
                fprintf(stderr, "studpoker deal: --seed needs a whole number, got '%s'\n", argv[i]);
                return 2;
            }
            rng_init_seed_u64(&rng, (uint64_t)s);
            seeded = true;
        } else {
            fprintf(stderr, "studpoker deal: unknown argument '%s'\n", argv[i]);
            return 2;
        }
    }
    if (!seeded && !rng_init_system(&rng)) {
        fprintf(stderr, "studpoker deal: the random generator could not start\n");
        return 1;
    }
    deck_t deck;
    deck_init52(&deck);
    deck_shuffle(&deck, &rng);
    const card_t *player = deck.cards, *dealer = deck.cards + 5;
    int pv = eval_value(player, 5), dv = eval_value(dealer, 5);
    char pn[96], dn[96];
    eval_describe(pv, pn, sizeof pn);
    eval_describe(dv, dn, sizeof dn);
    printf("Caribbean Stud, one hand (the full game and its table come with the rules engine)\n");
    print_cards("dealer:", dealer, 5, 0x1f);
    printf("%-11s %s\n", "", dn);
    print_cards("player:", player, 5, 0x1f);
    printf("%-11s %s\n", "", pn);
    printf("%s\n", pv > dv   ? "Player's hand is higher."
                   : pv < dv ? "Dealer's hand is higher."
                             : "The hands are equal.");
    rng_clear(&rng);
    return 0;
}
