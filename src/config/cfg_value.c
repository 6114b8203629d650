/* The value codecs: one key's value from its text as a file writes it, and back. Integers,
 * odds ("7", "7 to 1", "7:1"), money (currency units, at most 2 decimals, into cents), percent
 * (at most 2 decimals, into basis points), on/off, choices, strings of a kind, money lists and
 * key lists; each refusal says what is wrong and what to write instead. No floating point. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "cfg_internal.h"

/* ---- small text helpers (locale-free) ---- */

bool cf_equal_nocase(const char *a, const char *b) {
    while (*a && cf_to_lower((unsigned char)*a) == cf_to_lower((unsigned char)*b)) a++, b++;
    return cf_to_lower((unsigned char)*a) == cf_to_lower((unsigned char)*b);
}

void cf_append(char *buf, size_t n, const char *fmt, ...) {
    size_t used = strlen(buf);
    if (used + 1 >= n) return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf + used, n - used, fmt, ap);
    va_end(ap);
}

const char *cf_shorten(const char *s, size_t len, char out[48]) {
    size_t n = len < 40 ? len : 40;
    memcpy(out, s, n);
    out[n] = '\0';
    if (len > 40) memcpy(out + n, "...", 4);
    return out;
}

/* Edit distance of short names, a swap of two neighbours counting as one edit (optimal string
 * alignment); longer names are simply far apart. */
static int distance(const char *a, const char *b) {
    size_t la = strlen(a), lb = strlen(b);
    if (la > 47 || lb > 47) return 99;
    int d[48][48];
    for (size_t i = 0; i <= la; i++) d[i][0] = (int)i;
    for (size_t j = 0; j <= lb; j++) d[0][j] = (int)j;
    for (size_t i = 1; i <= la; i++)
        for (size_t j = 1; j <= lb; j++) {
            int best = d[i - 1][j - 1] + (a[i - 1] != b[j - 1]);
            if (d[i - 1][j] + 1 < best) best = d[i - 1][j] + 1;
            if (d[i][j - 1] + 1 < best) best = d[i][j - 1] + 1;
            if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] &&
                d[i - 2][j - 2] + 1 < best)
                best = d[i - 2][j - 2] + 1;
            d[i][j] = best;
        }
    return d[la][lb];
}

bool cf_close_enough(const char *typed, const char *name) {
    int d = distance(typed, name);
    return d <= 2 && d * 3 <= (int)strlen(name);
}

/* ---- numbers ---- */

typedef enum numstatus { NUM_OK = 0, NUM_SYNTAX, NUM_DECIMALS, NUM_BIG } numstatus_t;

#define UNITS_MAX 1000000000000000ULL /* 10^15 currency units */

/* A decimal with at most two decimals, into hundredths. percent allows a trailing '%'. */
static numstatus_t parse_hundredths(const char *s, bool percent, int64_t *out) {
    bool neg = *s == '-';
    if (*s == '-' || *s == '+') s++;
    if (!cf_is_digit((unsigned char)*s)) return NUM_SYNTAX;
    uint64_t units = 0;
    bool big = false;
    for (; cf_is_digit((unsigned char)*s); s++) {
        if (units > UNITS_MAX)
            big = true;
        else
            units = units * 10 + (uint64_t)(*s - '0');
    }
    uint64_t frac = 0;
    int decimals = 0;
    if (*s == '.') {
        s++;
        if (!cf_is_digit((unsigned char)*s)) return NUM_SYNTAX;
        for (; cf_is_digit((unsigned char)*s); s++, decimals++)
            if (decimals < 2) frac = frac * 10 + (uint64_t)(*s - '0');
    }
    if (percent && *s == '%') s++;
    if (*s) return NUM_SYNTAX;
    if (decimals > 2) return NUM_DECIMALS;
    if (big || units > UNITS_MAX) return NUM_BIG;
    if (decimals == 1) frac *= 10;
    int64_t v = (int64_t)(units * 100 + frac);
    *out = neg ? -v : v;
    return NUM_OK;
}

/* A whole number; odds may also be written "N to 1" or "N:1". */
static numstatus_t parse_whole(const char *s, bool odds, int64_t *out) {
    bool neg = *s == '-';
    if (*s == '-' || *s == '+') s++;
    if (!cf_is_digit((unsigned char)*s)) return NUM_SYNTAX;
    uint64_t v = 0;
    bool big = false;
    for (; cf_is_digit((unsigned char)*s); s++) {
        if (v > UNITS_MAX)
            big = true;
        else
            v = v * 10 + (uint64_t)(*s - '0');
    }
    if (odds && *s) {
        while (cf_is_space((unsigned char)*s)) s++;
        if (*s == ':')
            s++;
        else if (cf_to_lower((unsigned char)s[0]) == 't' && cf_to_lower((unsigned char)s[1]) == 'o')
            s += 2;
        else
            return NUM_SYNTAX;
        while (cf_is_space((unsigned char)*s)) s++;
        if (*s != '1') return NUM_SYNTAX;
        s++;
    }
    if (*s) return NUM_SYNTAX;
    if (big || v > UNITS_MAX) return NUM_BIG;
    *out = neg ? -(int64_t)v : (int64_t)v;
    return NUM_OK;
}

bool cfg_parse_money(const char *text, int64_t *cents) {
    return parse_hundredths(text, false, cents) == NUM_OK;
}

bool cfg_parse_percent(const char *text, int32_t *bp) {
    int64_t v;
    if (parse_hundredths(text, true, &v) != NUM_OK || v > INT32_MAX || v < INT32_MIN) return false;
    *bp = (int32_t)v;
    return true;
}

int cfg_format_money(int64_t cents, char *buf, size_t len) {
    uint64_t a = cents < 0 ? (uint64_t)0 - (uint64_t)cents : (uint64_t)cents;
    return snprintf(buf, len, "%s%llu.%02llu", cents < 0 ? "-" : "", (unsigned long long)(a / 100),
                    (unsigned long long)(a % 100));
}

int cf_format_percent(int64_t bp, bool sign, char *buf, size_t len) {
    uint64_t a = bp < 0 ? (uint64_t)0 - (uint64_t)bp : (uint64_t)bp;
    const char *minus = bp < 0 ? "-" : "";
    if (a % 100 == 0)
        return snprintf(buf, len, "%s%llu%s", minus, (unsigned long long)(a / 100),
                        sign ? "%" : "");
    return snprintf(buf, len, "%s%llu.%02llu%s", minus, (unsigned long long)(a / 100),
                    (unsigned long long)(a % 100), sign ? "%" : "");
}

/* ---- a key's field ---- */

static void *field(cfg_t *c, const cf_key_t *k) {
    return (char *)c + k->offset;
}
static const void *cfield(const cfg_t *c, const cf_key_t *k) {
    return (const char *)c + k->offset;
}

int64_t cf_get_num(const cfg_t *c, const cf_key_t *k) {
    switch (k->type) {
    case CF_MONEY: {
        int64_t v;
        memcpy(&v, cfield(c, k), sizeof v);
        return v;
    }
    case CF_BOOL: {
        bool b;
        memcpy(&b, cfield(c, k), sizeof b);
        return b;
    }
    case CF_INT:
    case CF_ODDS:
    case CF_PERCENT:
    case CF_ENUM: {
        int32_t v;
        memcpy(&v, cfield(c, k), sizeof v);
        return v;
    }
    default:
        return 0;
    }
}

void cf_store(cfg_t *c, const cf_key_t *k, const cf_value_t *v) {
    void *p = field(c, k);
    switch (k->type) {
    case CF_MONEY:
        memcpy(p, &v->num, sizeof v->num);
        break;
    case CF_BOOL: {
        bool b = v->num != 0;
        memcpy(p, &b, sizeof b);
        break;
    }
    case CF_INT:
    case CF_ODDS:
    case CF_PERCENT:
    case CF_ENUM: {
        int32_t x = (int32_t)v->num;
        memcpy(p, &x, sizeof x);
        break;
    }
    case CF_STRING: {
        size_t n = strlen(v->str);
        if (n >= k->size) n = k->size - 1;
        memcpy(p, v->str, n);
        memset((char *)p + n, 0, k->size - n);
        break;
    }
    case CF_MONEY_LIST:
        memcpy(p, &v->list, sizeof v->list);
        break;
    case CF_KEY_LIST:
        memcpy(p, &v->keys, sizeof v->keys);
        break;
    default:
        break;
    }
}

/* ---- writing values ---- */

static void format_money_list(const cfg_money_list_t *l, char *buf, size_t n) {
    for (int i = 0; i < l->count && i < CFG_MAX_BILLS; i++) {
        char m[32];
        cfg_format_money(l->value[i], m, sizeof m);
        cf_append(buf, n, "%s%s", i ? ", " : "", m);
    }
}

int cfg_format_key_list(const cfg_key_list_t *l, char *buf, size_t n) {
    if (n) buf[0] = '\0';
    size_t len = 0;
    for (int i = 0; i < l->count && i < CFG_KEYS_PER_BUTTON; i++) {
        int w = snprintf(n > len ? buf + len : NULL, n > len ? n - len : 0, "%s%.*s", i ? ", " : "",
                         CFG_KEY_NAME_LEN - 1, l->name[i]);
        len += w > 0 ? (size_t)w : 0;
    }
    return (int)len;
}

void cf_format_value(const cf_key_t *k, const cfg_t *c, char *buf, size_t n) {
    buf[0] = '\0';
    int64_t v = cf_get_num(c, k);
    switch (k->type) {
    case CF_INT:
    case CF_ODDS:
        snprintf(buf, n, "%lld", (long long)v);
        break;
    case CF_MONEY:
        cfg_format_money(v, buf, n);
        break;
    case CF_PERCENT:
        cf_format_percent(v, false, buf, n);
        break;
    case CF_BOOL:
        snprintf(buf, n, "%s", v ? "on" : "off");
        break;
    case CF_ENUM:
        snprintf(buf, n, "%s", v >= 0 && v < k->enum_count ? k->enum_name((int)v) : "?");
        break;
    case CF_STRING:
        snprintf(buf, n, "%.*s", (int)k->size, (const char *)cfield(c, k));
        break;
    case CF_MONEY_LIST: {
        cfg_money_list_t l;
        memcpy(&l, cfield(c, k), sizeof l);
        format_money_list(&l, buf, n);
        break;
    }
    case CF_KEY_LIST: {
        cfg_key_list_t l;
        memcpy(&l, cfield(c, k), sizeof l);
        cfg_format_key_list(&l, buf, n);
        break;
    }
    default:
        break;
    }
}

void cf_format_human(const cf_key_t *k, int64_t v, char *buf, size_t n) {
    switch (k->type) {
    case CF_ODDS:
        snprintf(buf, n, "%lld to 1", (long long)v);
        break;
    case CF_MONEY:
        cfg_format_money(v, buf, n);
        break;
    case CF_PERCENT:
        cf_format_percent(v, true, buf, n);
        break;
    default:
        snprintf(buf, n, "%lld", (long long)v);
        break;
    }
}

static void allowed_string(const cf_key_t *k, char *buf, size_t n) {
    switch (k->charset) {
    case CF_LETTERS:
        snprintf(buf, n, "%lld letters", (long long)k->max);
        break;
    case CF_DIGITS:
        snprintf(buf, n, "%lld to %lld digits", (long long)k->min, (long long)k->max);
        break;
    case CF_ID:
        snprintf(buf, n, "%lld to %lld letters, digits, - _ or .", (long long)k->min,
                 (long long)k->max);
        break;
    case CF_NAME:
        snprintf(buf, n, "up to %lld of a-z, 0-9 and _, or empty", (long long)k->max);
        break;
    default:
        snprintf(buf, n, "%s of up to %lld characters, or empty",
                 k->charset == CF_FILE   ? "a file path"
                 : k->charset == CF_TEXT ? "text"
                                         : "a folder",
                 (long long)k->max);
        break;
    }
}

void cf_allowed_text(const cf_key_t *k, char *buf, size_t n) {
    char lo[32], hi[32];
    buf[0] = '\0';
    switch (k->type) {
    case CF_INT:
    case CF_ODDS:
    case CF_MONEY:
    case CF_PERCENT:
        if (k->type == CF_MONEY) {
            cfg_format_money(k->min, lo, sizeof lo);
            cfg_format_money(k->max, hi, sizeof hi);
        } else if (k->type == CF_PERCENT) {
            cf_format_percent(k->min, true, lo, sizeof lo);
            cf_format_percent(k->max, true, hi, sizeof hi);
        } else {
            snprintf(lo, sizeof lo, "%lld", (long long)k->min);
            snprintf(hi, sizeof hi, "%lld", (long long)k->max);
        }
        snprintf(buf, n, "%s to %s", lo, hi);
        break;
    case CF_BOOL:
        snprintf(buf, n, "on or off");
        break;
    case CF_ENUM:
        for (int i = 0; i < k->enum_count; i++)
            cf_append(buf, n, "%s%s",
                      i == 0                   ? ""
                      : i == k->enum_count - 1 ? " or "
                                               : ", ",
                      k->enum_name(i));
        break;
    case CF_STRING:
        allowed_string(k, buf, n);
        break;
    case CF_MONEY_LIST:
        cfg_format_money(k->min, lo, sizeof lo);
        cfg_format_money(k->max, hi, sizeof hi);
        snprintf(buf, n, "up to %d amounts from %s to %s, lowest first", CFG_MAX_BILLS, lo, hi);
        break;
    case CF_KEY_LIST:
        snprintf(buf, n, "up to %d key names, or none", CFG_KEYS_PER_BUTTON);
        break;
    default:
        break;
    }
}

/* ---- reading values ---- */

/* What every refusal of one value quotes, and where it is written. */
typedef struct ctx {
    const cf_key_t *k;
    char q[48];                  /* the text as quoted */
    char allowed[160];           /* cf_allowed_text */
    char eg[CFG_VALUE_LEN + 64]; /* ", e.g. name = example", or "" */
    char *why;
    size_t n;
} ctx_t;

static bool parse_whole_key(ctx_t *x, const char *text, cf_value_t *v) {
    const cf_key_t *k = x->k;
    numstatus_t st = parse_whole(text, k->type == CF_ODDS, &v->num);
    if (st == NUM_SYNTAX) {
        if (!text[0])
            snprintf(x->why, x->n, "no value; write a whole number from %s%s", x->allowed, x->eg);
        else if (k->type == CF_ODDS)
            snprintf(x->why, x->n,
                     "'%s' is not odds; write the x of \"x to 1\", a whole number from %s%s", x->q,
                     x->allowed, x->eg);
        else
            snprintf(x->why, x->n, "'%s' is not a whole number; write a whole number from %s%s",
                     x->q, x->allowed, x->eg);
        return false;
    }
    if (st == NUM_BIG || v->num < k->min || v->num > k->max) {
        snprintf(x->why, x->n, "%s is out of range; write a whole number from %s%s", x->q,
                 x->allowed, x->eg);
        return false;
    }
    return true;
}

static bool parse_hundredths_key(ctx_t *x, const char *text, cf_value_t *v) {
    const cf_key_t *k = x->k;
    bool pct = k->type == CF_PERCENT;
    numstatus_t st = parse_hundredths(text, pct, &v->num);
    const char *what = pct ? "a percentage" : "an amount of money";
    if (st == NUM_SYNTAX) {
        if (!text[0])
            snprintf(x->why, x->n, "no value; write %s from %s%s", what, x->allowed, x->eg);
        else if (pct)
            snprintf(x->why, x->n,
                     "'%s' is not a percentage; write a percent with at most 2 decimals from "
                     "%s%s",
                     x->q, x->allowed, x->eg);
        else
            snprintf(x->why, x->n,
                     "'%s' is not an amount of money; write currency units with at most 2 "
                     "decimals (no thousands separators) from %s%s",
                     x->q, x->allowed, x->eg);
        return false;
    }
    if (st == NUM_DECIMALS) {
        snprintf(x->why, x->n,
                 "'%s' has more than 2 decimals; %s is written with at most 2 decimals%s", x->q,
                 pct ? "a share" : "money", x->eg);
        return false;
    }
    if (st == NUM_BIG || v->num < k->min || v->num > k->max) {
        snprintf(x->why, x->n, "%s is out of range; write %s from %s%s", x->q, what, x->allowed,
                 x->eg);
        return false;
    }
    return true;
}

static bool parse_bool_key(ctx_t *x, const char *text, cf_value_t *v) {
    static const char *const yes[] = {"on", "yes", "true", "1"};
    static const char *const no[] = {"off", "no", "false", "0"};
    for (int i = 0; i < 4; i++) {
        if (cf_equal_nocase(text, yes[i])) return v->num = 1, true;
        if (cf_equal_nocase(text, no[i])) return v->num = 0, true;
    }
    snprintf(x->why, x->n,
             "'%s' is not on or off; write on or off (yes/no, true/false and 1/0 work too)%s", x->q,
             x->eg);
    return false;
}

static bool parse_enum_key(ctx_t *x, const char *text, cf_value_t *v) {
    for (int i = 0; i < x->k->enum_count; i++)
        if (cf_equal_nocase(text, x->k->enum_name(i))) return v->num = i, true;
    snprintf(x->why, x->n, "'%s' is not one of the choices; write %s%s", x->q, x->allowed, x->eg);
    return false;
}

static bool parse_string_key(ctx_t *x, const char *text, cf_value_t *v) {
    const cf_key_t *k = x->k;
    size_t len = strlen(text);
    bool ok = len >= (size_t)k->min && len <= (size_t)k->max;
    for (size_t i = 0; ok && i < len; i++) {
        unsigned char ch = (unsigned char)text[i];
        if (k->charset == CF_LETTERS)
            ok = cf_is_alpha(ch);
        else if (k->charset == CF_DIGITS)
            ok = cf_is_digit(ch);
        else if (k->charset == CF_ID)
            ok = cf_is_alpha(ch) || cf_is_digit(ch) || ch == '-' || ch == '_' || ch == '.';
        else if (k->charset == CF_NAME)
            ok = (ch >= 'a' && ch <= 'z') || cf_is_digit(ch) || ch == '_';
    }
    if (!ok) {
        static const char *const what[] = {[CF_ANY] = "a folder",
                                           [CF_LETTERS] = "a currency code",
                                           [CF_DIGITS] = "a PIN",
                                           [CF_ID] = "a machine id",
                                           [CF_FILE] = "a file path",
                                           [CF_TEXT] = "text",
                                           [CF_NAME] = "a name"};
        if (!text[0])
            snprintf(x->why, x->n, "no value; write %s%s", x->allowed, x->eg);
        else if (len > (size_t)k->max &&
                 (k->charset == CF_ANY || k->charset == CF_FILE || k->charset == CF_TEXT))
            snprintf(x->why, x->n, "'%s' is too long (%zu characters); write at most %lld", x->q,
                     len, (long long)k->max);
        else
            snprintf(x->why, x->n, "'%s' is not %s; write %s%s", x->q, what[k->charset], x->allowed,
                     x->eg);
        return false;
    }
    for (size_t i = 0; i <= len; i++)
        v->str[i] = k->charset == CF_LETTERS ? (char)cf_to_upper((unsigned char)text[i]) : text[i];
    return true;
}

/* One amount of a money list, item (from 1) of the list, len bytes at p. */
static bool parse_list_amount(ctx_t *x, int item, const char *p, size_t len, cf_value_t *v) {
    char one[48];
    while (len && cf_is_space((unsigned char)*p)) p++, len--;
    while (len && cf_is_space((unsigned char)p[len - 1])) len--;
    if (len >= sizeof one) len = sizeof one - 1;
    memcpy(one, p, len);
    one[len] = '\0';
    if (v->list.count == CFG_MAX_BILLS) {
        snprintf(x->why, x->n, "more than %d amounts; list at most %d%s", CFG_MAX_BILLS,
                 CFG_MAX_BILLS, x->eg);
        return false;
    }
    int64_t cents = 0;
    numstatus_t st = parse_hundredths(one, false, &cents);
    char q[48];
    cf_shorten(one, len, q);
    if (st != NUM_OK || cents < x->k->min || cents > x->k->max) {
        if (!len)
            snprintf(x->why, x->n, "amount %d is empty; write amounts separated by commas%s", item,
                     x->eg);
        else if (st == NUM_DECIMALS)
            snprintf(x->why, x->n,
                     "amount %d '%s' has more than 2 decimals; money is written with at most 2 "
                     "decimals%s",
                     item, q, x->eg);
        else if (st == NUM_SYNTAX)
            snprintf(x->why, x->n, "amount %d '%s' is not an amount of money; write %s%s", item, q,
                     x->allowed, x->eg);
        else
            snprintf(x->why, x->n, "amount %d '%s' is out of range; write %s%s", item, q,
                     x->allowed, x->eg);
        return false;
    }
    if (v->list.count && cents <= v->list.value[v->list.count - 1]) {
        snprintf(x->why, x->n,
                 "amount %d '%s' is not above the one before it; list each amount once, lowest "
                 "first%s",
                 item, q, x->eg);
        return false;
    }
    v->list.value[v->list.count++] = cents;
    return true;
}

static bool parse_money_list_key(ctx_t *x, const char *text, cf_value_t *v) {
    const char *p = text;
    if (!*p) return true; /* none */
    for (int item = 1;; item++) {
        const char *end = strchr(p, ',');
        size_t len = end ? (size_t)(end - p) : strlen(p);
        if (!parse_list_amount(x, item, p, len, v)) return false;
        if (!end) return true;
        p = end + 1;
    }
}

/* A key list: names separated by commas. Each name is the longest listed name the text starts
 * with that is followed by a comma or the end, so that "Keypad ," and the comma key "," are
 * names too ("D, ," is D and the comma). */
static bool key_list(const char *text, cfg_key_list_t *out, const char *eg, char *why, size_t n) {
    cfg_key_list_t l = {0};
    const char *p = text;
    while (cf_is_space((unsigned char)*p)) p++;
    for (int item = 1; *p; item++) {
        char name[CFG_KEY_NAME_LEN], q[48];
        size_t len = cf_key_name_at_start(p, name, sizeof name);
        if (!len) {
            const char *end = strchr(p, ',');
            size_t typed = end ? (size_t)(end - p) : strlen(p);
            while (typed && cf_is_space((unsigned char)p[typed - 1])) typed--;
            cf_shorten(p, typed, q);
            char mean[80] = "";
            const char *near = typed < sizeof q ? cf_key_name_suggest(q) : NULL;
            if (near) snprintf(mean, sizeof mean, "did you mean %s? ", near);
            if (!typed)
                snprintf(why, n, "key %d is empty; write key names separated by commas%s", item,
                         eg);
            else
                snprintf(why, n,
                         "'%s' is not a key SDL knows; %swrite SDL key names such as Return, "
                         "Space, F2, A or Keypad Enter%s",
                         q, mean, eg);
            return false;
        }
        for (int i = 0; i < l.count; i++)
            if (strcmp(l.name[i], name) == 0) {
                snprintf(why, n, "%s is listed twice; list each key once%s", name, eg);
                return false;
            }
        if (l.count == CFG_KEYS_PER_BUTTON) {
            snprintf(why, n, "more than %d keys; list at most %d%s", CFG_KEYS_PER_BUTTON,
                     CFG_KEYS_PER_BUTTON, eg);
            return false;
        }
        snprintf(l.name[l.count++], CFG_KEY_NAME_LEN, "%s", name);
        p += len;
        while (cf_is_space((unsigned char)*p)) p++;
        if (*p == ',') {
            p++;
            while (cf_is_space((unsigned char)*p)) p++;
            if (!*p) {
                snprintf(why, n, "key %d is empty; write key names separated by commas%s", item + 1,
                         eg);
                return false;
            }
        }
    }
    *out = l;
    return true;
}

bool cfg_parse_key_list(const char *text, cfg_key_list_t *out, char *err, size_t errlen) {
    char why[CFG_ERROR_LEN];
    if (key_list(text ? text : "", out, "", why, sizeof why)) return true;
    if (err && errlen) snprintf(err, errlen, "%s", why);
    return false;
}

bool cf_parse_value(const cf_key_t *k, const char *text, const char *example, cf_value_t *v,
                    char *why, size_t n) {
    ctx_t x = {.k = k, .why = why, .n = n};
    cf_shorten(text, strlen(text), x.q);
    cf_allowed_text(k, x.allowed, sizeof x.allowed);
    if (example && example[0]) snprintf(x.eg, sizeof x.eg, ", e.g. %s = %s", k->name, example);
    memset(v, 0, sizeof *v);
    switch (k->type) {
    case CF_INT:
    case CF_ODDS:
        return parse_whole_key(&x, text, v);
    case CF_MONEY:
    case CF_PERCENT:
        return parse_hundredths_key(&x, text, v);
    case CF_BOOL:
        return parse_bool_key(&x, text, v);
    case CF_ENUM:
        return parse_enum_key(&x, text, v);
    case CF_STRING:
        return parse_string_key(&x, text, v);
    case CF_MONEY_LIST:
        return parse_money_list_key(&x, text, v);
    case CF_KEY_LIST:
        return key_list(text, &v->keys, x.eg, why, n);
    default:
        return false;
    }
}
