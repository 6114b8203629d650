/* Amounts in Chinese and Spanish words (money.h): the ticket's line in the player's language. */
#include "money.h"

#include <stdio.h>
#include <string.h>

static uint64_t magnitude(int64_t v) {
    return v < 0 ? 0 - (uint64_t)v : (uint64_t)v;
}

/* appends text to out (cap bytes, terminated) */
static void add(char *out, size_t cap, const char *text) {
    size_t l = strlen(out);
    if (l + 1 < cap) snprintf(out + l, cap - l, "%s", text);
}

/* ---- Chinese: the financial numerals ---- */

typedef struct zh_set {
    const char *digit[10];
    const char *ten, *hundred, *thousand;
    const char *minus, *yuan, *jiao, *fen, *whole;
    /* the big units, largest first, each 10^4 times the next ("" ends them) */
    const char *big[4];
    uint64_t big_value[4];
} zh_set_t;

static const zh_set_t ZH_HANS = {
    {"零", "壹", "贰", "叁", "肆", "伍", "陆", "柒", "捌", "玖"},
    "拾",
    "佰",
    "仟",
    "负",
    "元",
    "角",
    "分",
    "整",
    /* 亿 over 亿 nests: 10^12 is 万亿 (the mainland's usage; 兆 there means a million) */
    {"亿", "万", "", ""},
    {100000000, 10000, 0, 0}};

static const zh_set_t ZH_HANT = {{"零", "壹", "貳", "參", "肆", "伍", "陸", "柒", "捌", "玖"},
                                 "拾",
                                 "佰",
                                 "仟",
                                 "負",
                                 "元",
                                 "角",
                                 "分",
                                 "整",
                                 {"京", "兆", "億", "萬"},
                                 {10000000000000000ULL, 1000000000000ULL, 100000000, 10000}};

/* 1 .. 9999: "壹仟零伍拾", one 零 for the zeros between two digits, none after the last */
static void zh_below_10000(const zh_set_t *z, unsigned v, char *out, size_t cap) {
    const char *unit[4] = {z->thousand, z->hundred, z->ten, ""};
    unsigned div = 1000;
    bool started = false, zero = false;
    for (int i = 0; i < 4; i++, div /= 10) {
        unsigned d = v / div % 10;
        if (d == 0) {
            zero = started;
            continue;
        }
        if (zero) add(out, cap, z->digit[0]);
        add(out, cap, z->digit[d]);
        add(out, cap, unit[i]);
        started = true, zero = false;
    }
}

/* v >= 1: the number with its big units; the part after a big unit starts with 零 when the
 * unit's next digit is a zero ("壹拾万零柒佰") */
static void zh_number(const zh_set_t *z, uint64_t v, char *out, size_t cap) {
    for (int i = 0; i < 4 && z->big[i][0]; i++) {
        uint64_t u = z->big_value[i];
        if (v < u) continue;
        zh_number(z, v / u, out, cap);
        add(out, cap, z->big[i]);
        uint64_t rest = v % u;
        if (rest) {
            if (rest < u / 10) add(out, cap, z->digit[0]);
            zh_number(z, rest, out, cap);
        }
        return;
    }
    zh_below_10000(z, (unsigned)v, out, cap);
}

const char *money_words_zh(int64_t minor, bool traditional, char *buf, size_t n) {
    if (n == 0) return buf;
    const zh_set_t *z = traditional ? &ZH_HANT : &ZH_HANS;
    uint64_t a = magnitude(minor), units = a / 100;
    unsigned jiao = (unsigned)(a / 10 % 10), fen = (unsigned)(a % 10);
    char text[MONEY_WORDS_MAX] = "";
    if (minor < 0) add(text, sizeof text, z->minus);
    if (units) {
        zh_number(z, units, text, sizeof text);
        add(text, sizeof text, z->yuan);
    } else if (!jiao && !fen) {
        add(text, sizeof text, z->digit[0]);
        add(text, sizeof text, z->yuan);
    }
    if (!jiao && !fen) {
        add(text, sizeof text, z->whole);
    } else {
        /* 零 after 元 when its last digit is a zero (the rules allow it and the examples write
         * it: 壹仟陆佰捌拾元零叁角贰分), and when the 角 is (壹拾贰元零伍分) */
        if (units && (units % 10 == 0 || !jiao)) add(text, sizeof text, z->digit[0]);
        if (jiao) {
            add(text, sizeof text, z->digit[jiao]);
            add(text, sizeof text, z->jiao);
        }
        if (fen) {
            add(text, sizeof text, z->digit[fen]);
            add(text, sizeof text, z->fen);
        }
    }
    snprintf(buf, n, "%s", text);
    return buf;
}

/* ---- Spanish ---- */

/* 1 .. 999; before MIL, MILLÓN or BILLÓN (noun) the last UNO is UN, VEINTIUNO VEINTIÚN */
static void es_below_1000(unsigned v, bool noun, char *out, size_t cap) {
    static const char *const low[30] = {"",
                                        "UNO",
                                        "DOS",
                                        "TRES",
                                        "CUATRO",
                                        "CINCO",
                                        "SEIS",
                                        "SIETE",
                                        "OCHO",
                                        "NUEVE",
                                        "DIEZ",
                                        "ONCE",
                                        "DOCE",
                                        "TRECE",
                                        "CATORCE",
                                        "QUINCE",
                                        "DIECISÉIS",
                                        "DIECISIETE",
                                        "DIECIOCHO",
                                        "DIECINUEVE",
                                        "VEINTE",
                                        "VEINTIUNO",
                                        "VEINTIDÓS",
                                        "VEINTITRÉS",
                                        "VEINTICUATRO",
                                        "VEINTICINCO",
                                        "VEINTISÉIS",
                                        "VEINTISIETE",
                                        "VEINTIOCHO",
                                        "VEINTINUEVE"};
    static const char *const tens[10] = {"",          "",        "",        "TREINTA", "CUARENTA",
                                         "CINCUENTA", "SESENTA", "SETENTA", "OCHENTA", "NOVENTA"};
    static const char *const hundreds[10] = {
        "",           "CIENTO",      "DOSCIENTOS",  "TRESCIENTOS", "CUATROCIENTOS",
        "QUINIENTOS", "SEISCIENTOS", "SETECIENTOS", "OCHOCIENTOS", "NOVECIENTOS"};
    unsigned h = v / 100, r = v % 100;
    if (v == 100) {
        add(out, cap, "CIEN");
        return;
    }
    if (h) add(out, cap, hundreds[h]);
    if (!r) return;
    if (h) add(out, cap, " ");
    const char *unit;
    if (r < 30) {
        unit = low[r];
    } else {
        add(out, cap, tens[r / 10]);
        if (r % 10 == 0) return;
        add(out, cap, " Y ");
        unit = low[r % 10];
    }
    if (noun && strcmp(unit, "UNO") == 0)
        unit = "UN";
    else if (noun && strcmp(unit, "VEINTIUNO") == 0)
        unit = "VEINTIÚN";
    add(out, cap, unit);
}

/* 1 .. 999,999: "MIL", "VEINTIÚN MIL QUINIENTOS" */
static void es_below_million(unsigned v, bool noun, char *out, size_t cap) {
    unsigned k = v / 1000, r = v % 1000;
    if (k > 1) es_below_1000(k, true, out, cap), add(out, cap, " ");
    if (k) add(out, cap, "MIL");
    if (k && r) add(out, cap, " ");
    if (r) es_below_1000(r, noun, out, cap);
}

const char *money_words_es(int64_t minor, char *buf, size_t n) {
    if (n == 0) return buf;
    uint64_t a = magnitude(minor), units = a / 100;
    unsigned billions = (unsigned)(units / 1000000000000ULL);
    unsigned millions = (unsigned)(units / 1000000 % 1000000), rest = (unsigned)(units % 1000000);
    char text[MONEY_WORDS_MAX] = "";
    if (minor < 0) add(text, sizeof text, "MENOS ");
    if (!units) add(text, sizeof text, "CERO");
    if (billions == 1) add(text, sizeof text, "UN BILLÓN");
    if (billions > 1)
        es_below_million(billions, true, text, sizeof text), add(text, sizeof text, " BILLONES");
    if (billions && (millions || rest)) add(text, sizeof text, " ");
    if (millions == 1) add(text, sizeof text, "UN MILLÓN");
    if (millions > 1)
        es_below_million(millions, true, text, sizeof text), add(text, sizeof text, " MILLONES");
    if (millions && rest) add(text, sizeof text, " ");
    if (rest) es_below_million(rest, false, text, sizeof text);
    snprintf(buf, n, "%s CON %02u/100", text, (unsigned)(a % 100));
    return buf;
}
