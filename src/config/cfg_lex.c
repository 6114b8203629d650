/* The grammar of a config file, and its only parser.
 *
 * A line is blank, a comment (';' or '#' first), a section header `[name]` (spaces inside the
 * brackets and a comment after them are fine) or `key = value`; a value ends at a ';' or '#'
 * that starts it or follows a space. Names are letters, digits and '_' (sections also '-'), in
 * any case (read in lower case); values keep their case. CRLF line ends and a UTF-8 BOM are
 * fine; any other control byte, a NUL included, makes its line an error. Every line that is not
 * one of these is reported with its own line number and what to write instead, and reading goes
 * on, so that one run lists every mistake. No line length limit: a value's own key limits it.
 *
 * (This replaced handing normalised lines to inih, which was left doing nothing of its own:
 * inih reports only the first error's line number and no message, passes no line numbers to
 * its handler in Debian's build, cuts lines at 200 bytes and reads the rest as further lines,
 * ends a string at a NUL byte, takes ':' as '=' and an indented line as the previous value's
 * continuation, ignores text after ']', and does not treat '#' after a value as a comment.) */
#include <stdlib.h>
#include <string.h>

#include "cfg_internal.h"

typedef struct lexer {
    const char *file;
    cfg_errors_t *errs;
    cf_entries_t *out;
    int lineno;
    char section[48]; /* "" = before any, "!" = an unknown one (its keys are left out) */
} lexer_t;

static void add_entry(lexer_t *X, const char *name, size_t nlen, const char *value, size_t vlen) {
    cf_entries_t *E = X->out;
    if (E->n == E->cap) {
        size_t cap = E->cap ? 2 * E->cap : 64;
        cf_entry_t *list = realloc(E->list, cap * sizeof *list);
        if (!list) {
            E->out_of_memory = true;
            return;
        }
        E->list = list;
        E->cap = cap;
    }
    size_t ls = strlen(X->section) + 1;
    char *mem = malloc(ls + nlen + 1 + vlen + 1);
    if (!mem) {
        E->out_of_memory = true;
        return;
    }
    cf_entry_t *e = &E->list[E->n++];
    e->line = X->lineno;
    e->section = memcpy(mem, X->section, ls);
    e->name = mem + ls;
    for (size_t i = 0; i < nlen; i++) e->name[i] = (char)cf_to_lower((unsigned char)name[i]);
    e->name[nlen] = '\0';
    e->value = e->name + nlen + 1;
    memcpy(e->value, value, vlen);
    e->value[vlen] = '\0';
}

/* A section header: s (n bytes, trimmed) starts with '['. */
static void header(lexer_t *X, const char *s, size_t n) {
    char q[48], list[256];
    const char *close = memchr(s, ']', n);
    strcpy(X->section, "!");
    if (!close) {
        cf_add_error(X->errs, X->file, X->lineno, "syntax",
                     "'%s' has no closing ']'; write a section header like [game]",
                     cf_shorten(s, n, q));
        return;
    }
    const char *name = s + 1, *rest = close + 1;
    size_t len = (size_t)(close - name), restlen = n - (size_t)(rest - s);
    while (len && cf_is_space((unsigned char)*name)) name++, len--;
    while (len && cf_is_space((unsigned char)name[len - 1])) len--;
    while (restlen && cf_is_space((unsigned char)*rest)) rest++, restlen--;
    if (restlen && *rest != ';' && *rest != '#') {
        cf_add_error(X->errs, X->file, X->lineno, "syntax",
                     "text after the section header: '%s'; put nothing but a comment (; or #) "
                     "after ']'",
                     cf_shorten(rest, restlen, q));
        return;
    }
    char lower[48];
    bool ok = len > 0 && len < sizeof lower;
    for (size_t i = 0; ok && i < len; i++) {
        int ch = cf_to_lower((unsigned char)name[i]);
        ok = cf_is_alpha(ch) || cf_is_digit(ch) || ch == '_' || ch == '-';
        lower[i] = (char)ch;
    }
    if (!ok) {
        cf_section_list(list, sizeof list);
        cf_add_error(X->errs, X->file, X->lineno, "syntax",
                     "'%s' is not a section name (sections: %s)", cf_shorten(s, n, q), list);
        return;
    }
    lower[len] = '\0';
    if (cf_find_section(lower) < 0) {
        char hint[80] = "", where[56];
        cf_section_list(list, sizeof list);
        for (int i = 0; i < CF_NSECTIONS; i++)
            if (cf_close_enough(lower, CF_SECTIONS[i].name)) {
                snprintf(hint, sizeof hint, "did you mean [%s]? ", CF_SECTIONS[i].name);
                break;
            }
        snprintf(where, sizeof where, "[%s]", lower);
        cf_add_error(X->errs, X->file, X->lineno, where, "unknown section; %s%s are: %s", hint,
                     hint[0] ? "The sections" : "the sections", list);
        return;
    }
    snprintf(X->section, sizeof X->section, "%s", lower);
}

/* A key = value line: s (n bytes, trimmed) is not blank, a comment or a header. */
static void pair(lexer_t *X, const char *s, size_t n) {
    char q[48];
    const char *eq = memchr(s, '=', n);
    if (!eq) {
        cf_add_error(X->errs, X->file, X->lineno, "syntax",
                     "'%s' is not a [section], a key = value line or a comment; write key = "
                     "value (comments start with ; or #)",
                     cf_shorten(s, n, q));
        return;
    }
    const char *key = s, *val = eq + 1;
    size_t klen = (size_t)(eq - s), vlen = n - klen - 1;
    while (klen && cf_is_space((unsigned char)key[klen - 1])) klen--;
    while (vlen && cf_is_space((unsigned char)*val)) val++, vlen--;
    /* a comment after the value: ';' or '#' at its start or after a space */
    for (size_t i = 0; i < vlen; i++)
        if ((val[i] == ';' || val[i] == '#') &&
            (i == 0 || cf_is_space((unsigned char)val[i - 1]))) {
            vlen = i;
            break;
        }
    while (vlen && cf_is_space((unsigned char)val[vlen - 1])) vlen--;
    if (klen == 0) {
        cf_add_error(X->errs, X->file, X->lineno, "syntax",
                     "no key before '='; write key = value, e.g. seats = 1");
        return;
    }
    bool ok = true;
    for (size_t i = 0; i < klen && ok; i++) {
        int ch = (unsigned char)key[i];
        ok = cf_is_alpha(ch) || cf_is_digit(ch) || ch == '_';
    }
    if (!ok) {
        cf_add_error(X->errs, X->file, X->lineno, "syntax",
                     "'%s' is not a key name; key names are letters, digits and _ (e.g. "
                     "ante_min)",
                     cf_shorten(key, klen, q));
        return;
    }
    if (strcmp(X->section, "!") != 0) add_entry(X, key, klen, val, vlen);
}

static void line(lexer_t *X, const char *s, size_t n) {
    if (n && s[n - 1] == '\r') n--;
    if (X->lineno == 1 && n >= 3 && memcmp(s, "\xEF\xBB\xBF", 3) == 0) s += 3, n -= 3;
    for (size_t i = 0; i < n; i++) {
        unsigned char ch = (unsigned char)s[i];
        if ((ch < ' ' && ch != '\t') || ch == 0x7f) {
            cf_add_error(X->errs, X->file, X->lineno, "syntax",
                         "the line holds a control character (byte 0x%02X at column %zu); a "
                         "config file is plain text: remove it",
                         ch, i + 1);
            return;
        }
    }
    while (n && cf_is_space((unsigned char)*s)) s++, n--;
    while (n && cf_is_space((unsigned char)s[n - 1])) n--;
    if (n == 0 || *s == ';' || *s == '#') return;
    if (*s == '[')
        header(X, s, n);
    else
        pair(X, s, n);
}

void cf_lex(const char *text, size_t len, const char *file, cf_entries_t *out, cfg_errors_t *errs) {
    lexer_t X = {.file = file, .errs = errs, .out = out};
    size_t pos = 0;
    while (pos < len) {
        const char *p = text + pos;
        const char *nl = memchr(p, '\n', len - pos);
        size_t n = nl ? (size_t)(nl - p) : len - pos;
        pos += nl ? n + 1 : n;
        X.lineno++;
        line(&X, p, n);
    }
}

void cf_entries_free(cf_entries_t *e) {
    for (size_t i = 0; i < e->n; i++) free(e->list[i].section);
    free(e->list);
    e->list = NULL;
    e->n = e->cap = 0;
}
