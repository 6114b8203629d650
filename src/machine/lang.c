/* The language on screen: see lang.h. */
#define _POSIX_C_SOURCE 200809L /* setenv */
#include "lang.h"

#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* glibc's counter of catalog changes: raised after LANGUAGE changes so that gettext looks
 * again (the gettext manual's way to switch languages in a running program) */
extern int _nl_msg_cat_cntr;

/* gettext's language is the process's: this mirrors it, it does not add a second one */
static cfg_language_t current = CFG_LANG_EN;

static const struct {
    const char *gettext_code; /* LANGUAGE's value */
    const char *native;
} LANGS[CFG_LANGUAGES] = {
    [CFG_LANG_EN] = {"en", "English"},
    [CFG_LANG_ZH_CN] = {"zh_CN", "\xE7\xAE\x80\xE4\xBD\x93\xE4\xB8\xAD\xE6\x96\x87"},
    [CFG_LANG_ZH_TW] = {"zh_TW", "\xE7\xB9\x81\xE9\xAB\x94\xE4\xB8\xAD\xE6\x96\x87"},
    [CFG_LANG_ES] = {"es", "Espa\xC3\xB1ol"},
};

static bool valid(cfg_language_t l) {
    return l >= 0 && l < CFG_LANGUAGES;
}

bool lang_init(const char *localedir, cfg_language_t lang) {
    /* LANGUAGE is honoured only outside the "C" locale; C.UTF-8 is built into glibc, so no
     * locale has to be generated on the machine for any catalog to be read */
    if (!setlocale(LC_MESSAGES, "C.UTF-8")) setlocale(LC_MESSAGES, "");
    bindtextdomain(LANG_DOMAIN, localedir && *localedir ? localedir : NULL);
    bind_textdomain_codeset(LANG_DOMAIN, "UTF-8"); /* the screens draw UTF-8 */
    bool found = false;
    if (localedir && *localedir) {
        char path[1200];
        snprintf(path, sizeof path, "%s/zh_CN/LC_MESSAGES/" LANG_DOMAIN ".mo", localedir);
        FILE *f = fopen(path, "rb");
        if (f) fclose(f), found = true;
    }
    lang_set(lang);
    return found;
}

void lang_set(cfg_language_t lang) {
    if (!valid(lang)) lang = CFG_LANG_EN;
    current = lang;
    setenv("LANGUAGE", LANGS[lang].gettext_code, 1);
    ++_nl_msg_cat_cntr;
}

void lang_env_reserve(void) {
    if (!getenv("LANGUAGE")) setenv("LANGUAGE", LANGS[current].gettext_code, 1);
}

cfg_language_t lang_get(void) {
    return current;
}

const char *lang_native_name(cfg_language_t lang) {
    return valid(lang) ? LANGS[lang].native : "?";
}

const char *lang_pgettext(const char *key, const char *text) {
    const char *t = dgettext(LANG_DOMAIN, key);
    return t == key ? text : t;
}

/* ---- money ---- */

/* A currency's symbol in each language (CLDR's, where the language's readers would not mistake
 * it: "$" is the dollar of the US in English, of Taiwan in Traditional Chinese) and whether the
 * currency has minor units people see (ISO 4217). A code not listed shows itself. */
static const struct {
    const char *code;
    const char *symbol[CFG_LANGUAGES]; /* en, zh_CN, zh_TW, es */
    int decimals;
} CURRENCIES[] = {
    {"USD", {"$", "US$", "US$", "US$"}, 2},
    {"EUR", {"\xE2\x82\xAC", "\xE2\x82\xAC", "\xE2\x82\xAC", "\xE2\x82\xAC"}, 2},
    {"GBP", {"\xC2\xA3", "\xC2\xA3", "\xC2\xA3", "GBP"}, 2},
    {"CNY", {"CN\xC2\xA5", "\xC2\xA5", "CN\xC2\xA5", "CNY"}, 2},
    {"HKD", {"HK$", "HK$", "HK$", "HKD"}, 2},
    {"MOP", {"MOP$", "MOP$", "MOP$", "MOP"}, 2},
    {"TWD", {"NT$", "NT$", "$", "TWD"}, 2},
    {"SGD", {"SGD", "SGD", "SGD", "SGD"}, 2},
    {"JPY", {"\xC2\xA5", "JP\xC2\xA5", "\xC2\xA5", "JPY"}, 0},
    {"KRW", {"\xE2\x82\xA9", "\xE2\x82\xA9", "\xE2\x82\xA9", "KRW"}, 0},
    {"MXN", {"MX$", "MX$", "MX$", "MXN"}, 2},
};

money_style_t lang_money_style_for(cfg_language_t lang, const char currency[4]) {
    if (!valid(lang)) lang = CFG_LANG_EN;
    money_style_t st = {.decimals = 2, .group = ",", .decimal = ".", .min_grouping = 1};
    if (lang == CFG_LANG_ES) {
        /* Spain (CLDR es): "1234,50 €", "12.345,50 €": a point groups from five digits */
        st.group = ".", st.decimal = ",", st.min_grouping = 2, st.after = true, st.space = true;
    }
    if (!currency || !currency[0]) return st;
    const char *sym = NULL;
    for (size_t i = 0; i < sizeof CURRENCIES / sizeof CURRENCIES[0]; i++)
        if (strncmp(CURRENCIES[i].code, currency, 3) == 0) {
            sym = CURRENCIES[i].symbol[lang];
            st.decimals = CURRENCIES[i].decimals;
        }
    if (!sym) sym = currency;
    snprintf(st.symbol, sizeof st.symbol, "%.*s", sym == currency ? 3 : 15, sym);
    /* a code in place of a symbol stands apart from the number: "CHF 12.00" */
    bool letters = strlen(st.symbol) == 3 && st.symbol[0] >= 'A' && st.symbol[0] <= 'Z' &&
                   st.symbol[2] >= 'A' && st.symbol[2] <= 'Z';
    if (letters) st.space = true;
    return st;
}

money_style_t lang_money_style(const char currency[4]) {
    return lang_money_style_for(current, currency);
}

const char *lang_money(int64_t minor, const char currency[4], char *buf, size_t n) {
    money_style_t st = lang_money_style(currency);
    return money_format_style(minor, &st, buf, n);
}

const char *lang_money_words(int64_t minor, char *buf, size_t n) {
    switch (lang_get()) {
    case CFG_LANG_ZH_CN:
        return money_words_zh(minor, false, buf, n);
    case CFG_LANG_ZH_TW:
        return money_words_zh(minor, true, buf, n);
    case CFG_LANG_ES:
        return money_words_es(minor, buf, n);
    default:
        return money_words(minor, buf, n);
    }
}

/* ---- names ---- */

const char *lang_outcome(round_outcome_t o) {
    const char *name = round_outcome_name(o);
    return name[0] ? _(name) : name;
}

const char *lang_category(eval_category_t cat) {
    return _(eval_category_name(cat));
}
const char *lang_wager(wager_t w) {
    return _(wager_name(w));
}
const char *lang_text(const char *text) {
    return text && text[0] ? _(text) : "";
}

const char *lang_fill(const char *tmpl, const char *const names[], const char *const values[],
                      int count, char *buf, size_t n) {
    size_t o = 0;
    if (!n) return buf;
    for (const char *p = tmpl; *p && o + 1 < n;) {
        int k = -1;
        size_t len = 0;
        for (int i = 0; *p == '{' && i < count; i++) {
            len = strlen(names[i]);
            if (strncmp(p + 1, names[i], len) == 0 && p[1 + len] == '}') {
                k = i;
                break;
            }
        }
        if (k < 0) {
            buf[o++] = *p++;
            continue;
        }
        o += (size_t)snprintf(buf + o, n - o, "%s", values[k]);
        if (o >= n) o = n - 1;
        p += len + 2;
    }
    buf[o] = '\0';
    return buf;
}

const char *lang_context(const char *key) {
    const char *text = strchr(key, '\004');
    return lang_pgettext(key, text ? text + 1 : key);
}

/* A rank as one card ("Ace", "as", "A") and as several ("Aces", "ases", "A"). */
static const char *rank_one(int r);
const char *lang_rank(int r) {
    return rank_one(r);
}
static const char *rank_one(int r) {
    static const char *const one[CARD_RANKS] = {
        NC_("rank", "Two"), NC_("rank", "Three"), NC_("rank", "Four"),  NC_("rank", "Five"),
        NC_("rank", "Six"), NC_("rank", "Seven"), NC_("rank", "Eight"), NC_("rank", "Nine"),
        NC_("rank", "Ten"), NC_("rank", "Jack"),  NC_("rank", "Queen"), NC_("rank", "King"),
        NC_("rank", "Ace")};
    return r >= 0 && r < CARD_RANKS ? lang_context(one[r]) : "?";
}
static const char *rank_many(int r) {
    static const char *const many[CARD_RANKS] = {
        NC_("ranks", "Twos"),   NC_("ranks", "Threes"), NC_("ranks", "Fours"),
        NC_("ranks", "Fives"),  NC_("ranks", "Sixes"),  NC_("ranks", "Sevens"),
        NC_("ranks", "Eights"), NC_("ranks", "Nines"),  NC_("ranks", "Tens"),
        NC_("ranks", "Jacks"),  NC_("ranks", "Queens"), NC_("ranks", "Kings"),
        NC_("ranks", "Aces")};
    return r >= 0 && r < CARD_RANKS ? lang_context(many[r]) : "?";
}

/* One %s after another, in the translation's order: the formats below take only strings, and a
 * translation may reorder them (%2$s). */
static const char *fill(char *buf, size_t n, const char *format, int count, const char *a,
                        const char *b, const char *c) {
    const char *v[3] = {a, b, c};
    size_t o = 0;
    int next = 0;
    if (n == 0) return buf;
    for (const char *p = format; *p && o + 1 < n; p++) {
        int which = -1;
        if (p[0] == '%' && p[1] == 's')
            which = next, p += 1;
        else if (p[0] == '%' && p[1] >= '1' && p[1] <= '3' && p[2] == '$' && p[3] == 's')
            which = p[1] - '1', p += 3;
        if (which < 0) {
            buf[o++] = *p;
            continue;
        }
        next = which + 1;
        int w = snprintf(buf + o, n - o, "%s", which < count && v[which] ? v[which] : "?");
        o += w > 0 ? (size_t)w : 0;
        if (o >= n) o = n - 1;
    }
    buf[o] = '\0';
    return buf;
}

const char *lang_hand_name(int value, char *buf, size_t n) {
    int r[5] = {0};
    if (eval_tie_ranks(value, r) == 0) return fill(buf, n, _("No hand"), 0, 0, 0, 0);
    switch (eval_category(value)) {
    case EVAL_ROYAL_FLUSH:
        return fill(buf, n, _("Royal Flush"), 0, 0, 0, 0);
    case EVAL_STRAIGHT_FLUSH:
        /* TRANSLATORS: the hand's name; %s is the highest card's rank ("King") */
        return fill(buf, n, _("Straight Flush, %s high"), 1, rank_one(r[0]), 0, 0);
    case EVAL_QUADS:
        /* TRANSLATORS: "Four Kings, Ace kicker": the ranks as several, then as one card */
        return fill(buf, n, _("Four %s, %s kicker"), 2, rank_many(r[0]), rank_one(r[1]), 0);
    case EVAL_FULL_HOUSE:
        return fill(buf, n, _("Full House, %s full of %s"), 2, rank_many(r[0]), rank_many(r[1]), 0);
    case EVAL_FLUSH:
        return fill(buf, n, _("Flush, %s high"), 1, rank_one(r[0]), 0, 0);
    case EVAL_STRAIGHT:
        return fill(buf, n, _("Straight, %s high"), 1, rank_one(r[0]), 0, 0);
    case EVAL_TRIPS:
        return fill(buf, n, _("Three %s"), 1, rank_many(r[0]), 0, 0);
    case EVAL_TWO_PAIR:
        return fill(buf, n, _("Two Pair, %s and %s, %s kicker"), 3, rank_many(r[0]),
                    rank_many(r[1]), rank_one(r[2]));
    case EVAL_PAIR:
        /* TRANSLATORS: "Pair of Fours, Ace kicker" */
        return fill(buf, n, _("Pair of %s, %s kicker"), 2, rank_many(r[0]), rank_one(r[1]), 0);
    default:
        /* TRANSLATORS: a hand without a pair: its two highest cards ("Ace King High") */
        return fill(buf, n, _("%s %s High"), 2, rank_one(r[0]), rank_one(r[1]), 0);
    }
}

const char *lang_refusal(const round_status_t *s, const char currency[4], char *buf, size_t n) {
    const char *names[WAGER_COUNT];
    for (int w = 0; w < WAGER_COUNT; w++) names[w] = lang_wager((wager_t)w);
    money_style_t st = lang_money_style(currency);
    const char *format = s->format && s->format[0] ? _(s->format) : NULL;
    if (!format) return snprintf(buf, n, "%s", s->message), buf;
    return round_status_text(s, format, names, &st, buf, n);
}
