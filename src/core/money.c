#include "money.h"

#include <stdbool.h>
#include <stdio.h>
#include <string.h>

/* The magnitude as unsigned, so INT64_MIN has one too. */
static uint64_t magnitude(int64_t v) {
    return v < 0 ? 0 - (uint64_t)v : (uint64_t)v;
}

/* The integer part with its separators: "1,234,567", "12.345", "1234" (min_grouping 2). */
static void grouped(uint64_t units, const money_style_t *st, char *out, size_t cap) {
    char digits[24];
    int len = snprintf(digits, sizeof digits, "%llu", (unsigned long long)units);
    bool group =
        st->group && st->group[0] && len >= 3 + (st->min_grouping > 1 ? st->min_grouping : 1);
    size_t o = 0;
    for (int i = 0; i < len && o + 1 < cap; i++) {
        out[o++] = digits[i];
        if (group && (len - i - 1) % 3 == 0 && i < len - 1)
            for (const char *g = st->group; *g && o + 1 < cap; g++) out[o++] = *g;
    }
    out[o] = '\0';
}

static const char *symbol_of(const char *code) {
    if (strcmp(code, "USD") == 0) return "$";
    if (strcmp(code, "EUR") == 0) return "\xE2\x82\xAC";
    if (strcmp(code, "GBP") == 0) return "\xC2\xA3";
    return NULL;
}

money_style_t money_style_en(const char currency[4]) {
    money_style_t st = {.decimals = 2, .group = ",", .decimal = ".", .min_grouping = 1};
    if (currency && currency[0]) {
        const char *sym = symbol_of(currency);
        st.space = !sym;
        if (sym)
            snprintf(st.symbol, sizeof st.symbol, "%s", sym);
        else
            snprintf(st.symbol, sizeof st.symbol, "%.3s", currency);
    }
    return st;
}

const char *money_format_style(int64_t minor, const money_style_t *style, char *buf, size_t n) {
    if (n == 0) return buf;
    money_style_t bare = money_style_en(NULL);
    const money_style_t *st = style ? style : &bare;
    uint64_t a = magnitude(minor);
    char units[64], number[96];
    grouped(a / 100, st, units, sizeof units);
    if (st->decimals > 0 || a % 100 != 0)
        snprintf(number, sizeof number, "%s%s%02u", units, st->decimal ? st->decimal : ".",
                 (unsigned)(a % 100));
    else
        snprintf(number, sizeof number, "%s", units);
    const char *sign = minor < 0 ? "-" : "";
    const char *sym = st->symbol;
    const char *gap = sym[0] && st->space ? " " : "";
    if (!sym[0])
        snprintf(buf, n, "%s%s", sign, number);
    else if (st->after)
        snprintf(buf, n, "%s%s%s%s", sign, number, gap, sym);
    else
        snprintf(buf, n, "%s%s%s%s", sign, sym, gap, number);
    return buf;
}

const char *money_format(int64_t minor, const char currency[4], char *buf, size_t n) {
    money_style_t st = money_style_en(currency);
    return money_format_style(minor, &st, buf, n);
}

const char *money_format_chip(int64_t minor, char *buf, size_t n) {
    if (n == 0) return buf;
    if (minor % 100 == 0) {
        int64_t u = minor / 100;
        if (u >= 1000 && u % 1000 == 0)
            snprintf(buf, n, "%lldK", (long long)(u / 1000));
        else
            snprintf(buf, n, "%lld", (long long)u);
    } else {
        snprintf(buf, n, ".%02u", (unsigned)(magnitude(minor) % 100));
    }
    return buf;
}

/* "ONE HUNDRED TWENTY-THREE" for 1 .. 999 */
static void words_below_1000(int v, char *out, size_t cap) {
    static const char *const ones[20] = {"",        "ONE",     "TWO",       "THREE",    "FOUR",
                                         "FIVE",    "SIX",     "SEVEN",     "EIGHT",    "NINE",
                                         "TEN",     "ELEVEN",  "TWELVE",    "THIRTEEN", "FOURTEEN",
                                         "FIFTEEN", "SIXTEEN", "SEVENTEEN", "EIGHTEEN", "NINETEEN"};
    static const char *const tens[10] = {"",      "",      "TWENTY",  "THIRTY", "FORTY",
                                         "FIFTY", "SIXTY", "SEVENTY", "EIGHTY", "NINETY"};
    size_t l = 0;
    out[0] = '\0';
    if (v >= 100) l = (size_t)snprintf(out, cap, "%s HUNDRED%s", ones[v / 100], v % 100 ? " " : "");
    int r = v % 100;
    if (r >= 20)
        snprintf(out + l, cap - l, "%s%s%s", tens[r / 10], r % 10 ? "-" : "", ones[r % 10]);
    else if (r > 0)
        snprintf(out + l, cap - l, "%s", ones[r]);
}

const char *money_words(int64_t minor, char *buf, size_t n) {
    static const char *const scale[] = {"",         " THOUSAND", " MILLION",
                                        " BILLION", " TRILLION", " QUADRILLION"};
    if (n == 0) return buf;
    uint64_t a = magnitude(minor), units = a / 100;
    char text[MONEY_WORDS_MAX] = "";
    size_t l = (size_t)snprintf(text, sizeof text, "%s", minor < 0 ? "MINUS " : "");
    if (units == 0) l += (size_t)snprintf(text + l, sizeof text - l, "ZERO");
    int groups[6] = {0}, ng = 0;
    for (uint64_t u = units; u > 0; u /= 1000) groups[ng++] = (int)(u % 1000);
    bool first = true;
    for (int gi = ng - 1; gi >= 0; gi--) {
        if (!groups[gi]) continue;
        char w[64];
        words_below_1000(groups[gi], w, sizeof w);
        l += (size_t)snprintf(text + l, sizeof text - l, "%s%s%s", first ? "" : " ", w, scale[gi]);
        first = false;
    }
    snprintf(buf, n, "%s AND %02u/100", text, (unsigned)(a % 100));
    return buf;
}
