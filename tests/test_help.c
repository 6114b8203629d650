/* The player's help (issue 13, item 3): for every config in config/, the words the help pages
 * show are the player's (no seed file names, no house tags, no words for auditors or
 * developers, no bet this configuration does not offer, no other game), there are 3 to 5
 * pages, each says something, the payout caps are marked, and every return-to-player figure is
 * the exact par sheet's, worked out here by the par sheet code (parsheet_build). No window: the
 * text is assembled without SDL (help_build). */

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <ctype.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "config.h"
#include "money.h"
#include "parsheet.h"
#include "scene_help.h"

#define MAX_CONFIGS 32

typedef struct loaded {
    char name[64];
    rules_t rules;
} loaded_t;

/* Every .ini file in config/, sorted by name. */
static int load_configs(loaded_t *out, int max) {
    char dir[600];
    snprintf(dir, sizeof dir, "%s/config", STUDPOKER_SOURCE_DIR);
    struct dirent **names;
    int n = scandir(dir, &names, NULL, alphasort), count = 0;
    assert_true(n > 0);
    cfg_errors_t *errs = calloc(1, sizeof *errs);
    cfg_t *c = malloc(sizeof *c);
    assert_non_null(errs);
    assert_non_null(c);
    for (int i = 0; i < n; i++) {
        const char *f = names[i]->d_name;
        size_t len = strlen(f);
        if (len > 4 && strcmp(f + len - 4, ".ini") == 0 && count < max) {
            char path[900];
            snprintf(path, sizeof path, "%s/%s", dir, f);
            if (cfg_load_file(path, c, errs)) cfg_errors_print(errs, stderr);
            assert_int_equal(errs->count, 0);
            snprintf(out[count].name, sizeof out[count].name, "%s", f);
            out[count++].rules = c->rules;
        }
        free(names[i]);
    }
    free(names);
    free(errs);
    free(c);
    assert_true(count >= 6); /* the presets and default.ini */
    return count;
}

static bool contains_ci(const char *hay, const char *needle) {
    size_t n = strlen(needle);
    for (const char *p = hay; *p; p++)
        if (strncasecmp(p, needle, n) == 0) return true;
    return false;
}

/* Every word of every page, one after another. */
static char *all_text(const help_t *h) {
    size_t cap = 1 << 16;
    char *text = calloc(1, cap);
    assert_non_null(text);
    size_t len = 0;
    for (int p = 0; p < HELP_PAGES; p++) {
        int need = help_page_text(h, p, text + len, cap - len);
        assert_true(need > 0 && (size_t)need < cap - len);
        assert_true((size_t)need > strlen(help_page_title(h, p)) + 1); /* more than a title */
        len += (size_t)need;
    }
    return text;
}

static void help_for(help_t *h, const rules_t *r) {
    char assets[600];
    snprintf(assets, sizeof assets, "%s/assets", STUDPOKER_SOURCE_DIR);
    help_load(h, r->variant, assets);
    assert_string_equal(h->missing, ""); /* every player text file is there */
    approval_t fig;
    assert_true(help_figures(r, true, &fig));
    assert_true(help_build(h, r, &fig));
}

/* ---- the words ---- */

/* False, and why, when the text is not the player's. */
static bool players_words(const rules_t *r, const char *text, char *why, size_t n) {
    /* documents and decisions for auditors and developers */
    static const char *const banned[] = {".txt",      "rules.md", ".md",   "house:", "auditor",
                                         "engine",    "seed",     "sheet", "(00",    "preset",
                                         "developer", "config",   "{",     "}",      "seats"};
    for (size_t i = 0; i < sizeof banned / sizeof banned[0]; i++)
        if (contains_ci(text, banned[i])) {
            snprintf(why, n, "it says \"%s\"", banned[i]);
            return false;
        }
    /* the bets this configuration does not offer, by their names */
    static const struct {
        wager_t w;
        const char *name;
    } side[] = {{WAGER_BONUS51, "5+1"},
                {WAGER_JACKPOT, "jackpot"},
                {WAGER_PROGRESSIVE, "progressive"},
                {WAGER_BOARD, "board"},
                {WAGER_POCKET, "pocket"},
                {WAGER_LOBALL, "lo ball"},
                {WAGER_ASIAN_BONUS, "BONUS ("}};
    for (size_t i = 0; i < sizeof side / sizeof side[0]; i++)
        if (!r->offered[side[i].w] && contains_ci(text, side[i].name)) {
            snprintf(why, n, "it names %s, a bet this game does not offer", side[i].name);
            return false;
        }
    bool any_side = false;
    for (int w = WAGER_BONUS51; w < WAGER_COUNT; w++) any_side |= r->offered[w];
    if (!any_side && contains_ci(text, "side bet")) {
        snprintf(why, n, "it speaks of side bets to a game without any");
        return false;
    }
    if (r->variant != VARIANT_ASIAN && contains_ci(text, "joker")) {
        snprintf(why, n, "a game without a joker speaks of one");
        return false;
    }
    /* no other game, and no preset by its name */
    static const char *const games[VARIANT_COUNT] = {"caribbean", "cajun", "asian"};
    for (int v = 0; v < VARIANT_COUNT; v++)
        if (v != (int)r->variant && contains_ci(text, games[v])) {
            snprintf(why, n, "it speaks of %s stud", games[v]);
            return false;
        }
    for (int p = 0; p < PRESET_COUNT; p++)
        if (contains_ci(text, rules_preset_key((rules_preset_t)p))) {
            snprintf(why, n, "it names the preset %s", rules_preset_key((rules_preset_t)p));
            return false;
        }
    return true;
}

static void test_player_words(void **state) {
    (void)state;
    static loaded_t cfgs[MAX_CONFIGS];
    int n = load_configs(cfgs, MAX_CONFIGS);
    for (int i = 0; i < n; i++) {
        help_t h;
        help_for(&h, &cfgs[i].rules);
        int pages = help_pages(NULL, &h);
        assert_true(pages >= 3 && pages <= 5);
        char *text = all_text(&h), why[200];
        if (!players_words(&cfgs[i].rules, text, why, sizeof why))
            fail_msg("%s: the player's help is not for players: %s:\n%s", cfgs[i].name, why, text);
        free(text);
        help_free(&h);
    }
}

/* The words before this change (the rule sheet) fail the same check: it can fail. */
static void test_check_can_fail(void **state) {
    (void)state;
    char path[600];
    snprintf(path, sizeof path, "%s/seeds/caribbean-stud.md", STUDPOKER_SOURCE_DIR);
    FILE *f = fopen(path, "r");
    if (!f) skip();
    static char sheet[1 << 17];
    size_t len = fread(sheet, 1, sizeof sheet - 1, f);
    fclose(f);
    sheet[len] = '\0';
    rules_t r;
    rules_preset(&r, PRESET_CARIBBEAN_CLASSIC);
    char why[200];
    assert_false(players_words(&r, sheet, why, sizeof why));
    printf("the rule sheet fails the check as it should: %s\n", why);
}

/* ---- what the bets page shows ---- */

static const help_line_t *find_row(const help_t *h, const char *label) {
    size_t n = strlen(label);
    for (int i = 0; i < h->nlines; i++) {
        const help_line_t *l = &h->lines[i];
        if (l->page == HELP_PAGE_BETS && l->kind == HELP_ROW && strncmp(l->text, label, n) == 0 &&
            l->text[n] == '|')
            return l;
    }
    return NULL;
}

static wager_t wager_of(const char *key) {
    for (int w = WAGER_BONUS51; w < WAGER_COUNT; w++)
        if (strcmp(key, wager_key((wager_t)w)) == 0) return (wager_t)w;
    return WAGER_ANTE; /* the main game: "caribbean", "cajun", "asian" */
}

/* Each bet's row: its return, as the par sheet gives it, to 2 decimals. */
static void assert_returns(const char *config, const help_t *h, const parsheet_t *ps) {
    int bets = 0;
    for (int i = 0; i < ps->nbets; i++) {
        if (ps->informational[i]) continue; /* comparison figures are no bet */
        bets++;
        wager_t w = wager_of(ps->bet[i].key);
        const char *label = help_bet_label(ps->variant, w);
        const help_line_t *row = find_row(h, label);
        if (!row) fail_msg("%s: no row for %s", config, label);
        char want[32];
        snprintf(want, sizeof want, "%.2Lf%%", par_return(&ps->bet[i]) * 100.0L);
        const char *shown = strrchr(row->text, '|') + 1;
        if (strcmp(shown, want) != 0)
            fail_msg("%s: %s shows %s, the par sheet %s", config, label, shown, want);
    }
    int rows = 0;
    for (int i = 0; i < h->nlines; i++)
        rows += h->lines[i].page == HELP_PAGE_BETS && h->lines[i].kind == HELP_ROW;
    assert_int_equal(rows, bets); /* one row a bet, no more */
}

static void test_returns_are_the_par_sheets(void **state) {
    (void)state;
    static loaded_t cfgs[MAX_CONFIGS];
    int n = load_configs(cfgs, MAX_CONFIGS);
    parsheet_t *ps = malloc(sizeof *ps);
    assert_non_null(ps);
    for (int i = 0; i < n; i++) {
        bool same = false; /* default.ini is caribbean-classic: one analysis for both */
        for (int k = 0; k < i; k++)
            same |= memcmp(&cfgs[k].rules, &cfgs[i].rules, sizeof cfgs[i].rules) == 0;
        if (same) continue;
        help_t h;
        help_for(&h, &cfgs[i].rules);
        assert_true(parsheet_build(&cfgs[i].rules, 2, 0, ps));
        assert_returns(cfgs[i].name, &h, ps);
        help_free(&h);
    }
    free(ps);
}

/* Figures not known yet: the rows say so, with no number. */
static void test_returns_not_known_yet(void **state) {
    (void)state;
    rules_t r;
    rules_preset(&r, PRESET_CAJUN);
    help_t h;
    char assets[600];
    snprintf(assets, sizeof assets, "%s/assets", STUDPOKER_SOURCE_DIR);
    help_load(&h, r.variant, assets);
    assert_true(help_build(&h, &r, NULL));
    const help_line_t *row = find_row(&h, help_bet_label(r.variant, WAGER_LOBALL));
    assert_non_null(row);
    assert_non_null(strstr(row->text, "|being worked out"));
    help_free(&h);
}

/* A line for a figure the configuration does not set is left out, its wrapped rest too: Asian
 * Stud without a commission never speaks of one. */
static void test_lines_left_out(void **state) {
    (void)state;
    rules_t r;
    rules_preset(&r, PRESET_ASIAN);
    char assets[600], text[1 << 14];
    snprintf(assets, sizeof assets, "%s/assets", STUDPOKER_SOURCE_DIR);
    for (int with = 0; with < 2; with++) {
        r.asian_commission_bp = with ? 500 : 0;
        help_t h;
        help_load(&h, r.variant, assets);
        assert_true(help_build(&h, &r, NULL));
        assert_true(help_page_text(&h, HELP_PAGE_PLAY, text, sizeof text) < (int)sizeof text);
        assert_int_equal(contains_ci(text, "commission of 5%"), with);
        assert_int_equal(contains_ci(text, "you lose in it"), with);
        assert_true(contains_ci(text, "both bets come back to you")); /* the rest stays */
        help_free(&h);
    }
}

/* The caps a player must see before a big win, marked: the aggregate limit (seed 003: "clearly
 * marked") and the largest payout, with the configured amounts; a bet's limits in its row. */
static void test_caps_marked(void **state) {
    (void)state;
    static loaded_t cfgs[MAX_CONFIGS];
    int n = load_configs(cfgs, MAX_CONFIGS), marked = 0;
    for (int i = 0; i < n; i++) {
        const rules_t *r = &cfgs[i].rules;
        help_t h;
        help_for(&h, r);
        char amount[MONEY_TEXT_MAX], lo[MONEY_TEXT_MAX];
        int64_t cap = r->variant == VARIANT_CAJUN       ? r->aggregate_limit
                      : r->variant == VARIANT_CARIBBEAN ? r->max_payout
                                                        : 0;
        money_format(cap, r->currency, amount, sizeof amount);
        bool boxed = false;
        for (int k = 0; k < h.nlines; k++)
            boxed |= h.lines[k].kind == HELP_BOX && h.lines[k].page == HELP_PAGE_BETS &&
                     strstr(h.lines[k].text, amount) != NULL;
        if (cap > 0 && !boxed) fail_msg("%s: the cap %s is not marked", cfgs[i].name, amount);
        marked += boxed;
        money_format(r->bet_min[WAGER_ANTE], r->currency, lo, sizeof lo);
        const help_line_t *row = find_row(&h, help_bet_label(r->variant, WAGER_ANTE));
        assert_non_null(row);
        assert_non_null(strstr(row->text, lo));
        help_free(&h);
    }
    assert_true(marked >= 2); /* Cajun's aggregate limit and the US cap at least */
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_player_words),
        cmocka_unit_test(test_check_can_fail),
        cmocka_unit_test(test_returns_not_known_yet),
        cmocka_unit_test(test_lines_left_out),
        cmocka_unit_test(test_caps_marked),
        cmocka_unit_test(test_returns_are_the_par_sheets),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
