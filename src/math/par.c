#include "par.h"

#include <stdio.h>
#include <string.h>

void par_add_line(par_bet_t *b, const char *name, par_int count, int64_t win_num) {
    for (int i = 0; i < b->nlines; i++)
        if (!b->line[i].summed && strcmp(b->line[i].name, name) == 0 &&
            b->line[i].win_num == win_num) {
            b->line[i].count += count;
            return;
        }
    if (b->nlines >= PAR_MAX_LINES) return;
    par_line_t *l = &b->line[b->nlines++];
    memset(l, 0, sizeof *l);
    snprintf(l->name, sizeof l->name, "%s", name);
    l->count = count;
    l->win_num = win_num;
}

void par_add_summed(par_bet_t *b, const char *name, par_int count, par_int sum) {
    for (int i = 0; i < b->nlines; i++)
        if (b->line[i].summed && strcmp(b->line[i].name, name) == 0) {
            b->line[i].count += count;
            b->line[i].sum += sum;
            return;
        }
    if (b->nlines >= PAR_MAX_LINES) return;
    par_line_t *l = &b->line[b->nlines++];
    memset(l, 0, sizeof *l);
    snprintf(l->name, sizeof l->name, "%s", name);
    l->count = count;
    l->sum = sum;
    l->summed = true;
}

par_int par_line_result(const par_line_t *l) {
    return l->summed ? l->sum : l->count * l->win_num;
}

void par_finish(par_bet_t *b) {
    b->total = 0;
    for (int i = 0; i < b->nlines; i++) b->total += b->line[i].count;
    if (b->scale <= 0) b->scale = 1;
}

void par_ev(const par_bet_t *b, par_int *num, par_int *den) {
    par_int n = 0;
    for (int i = 0; i < b->nlines; i++) n += par_line_result(&b->line[i]);
    *num = n;
    *den = b->total * b->scale;
    if (*den == 0) *den = 1;
}

long double par_to_ld(par_int x) {
    return x < 0 ? -(long double)(par_uint)(-x) : (long double)(par_uint)x;
}

long double par_ev_ld(const par_bet_t *b) {
    par_int n, d;
    par_ev(b, &n, &d);
    return par_to_ld(n) / par_to_ld(d);
}

long double par_house_edge(const par_bet_t *b) {
    return 1.0L - par_return(b);
}

long double par_return(const par_bet_t *b) {
    long double r = 1.0L + par_ev_ld(b);
    if (b->extra_den != 0) r += par_to_ld(b->extra_num) / par_to_ld(b->extra_den);
    return r;
}

long double par_avg_wager(const par_bet_t *b) {
    if (!b->has_wager || b->total == 0) return 1.0L;
    return par_to_ld(b->wager_num) / (par_to_ld(b->total) * (long double)b->scale);
}

long double par_element_of_risk(const par_bet_t *b) {
    return -par_ev_ld(b) / par_avg_wager(b);
}

long double par_return_per_wager(const par_bet_t *b) {
    return 1.0L - par_element_of_risk(b);
}

long double par_return_at_meter(const par_bet_t *b, int64_t meter) {
    long double r = 1.0L + par_ev_ld(b);
    if (b->has_meter && b->meter_den != 0 && b->stake > 0)
        r += par_to_ld(b->meter_num) / par_to_ld(b->meter_den) * (long double)meter /
             (long double)b->stake;
    return r;
}

long double par_break_even_meter(const par_bet_t *b) {
    if (!b->has_meter || b->meter_num <= 0 || b->stake <= 0) return -1.0L;
    long double missing = -par_ev_ld(b); /* 1 - fixed return */
    if (missing <= 0) return 0.0L;
    return missing * (long double)b->stake * par_to_ld(b->meter_den) / par_to_ld(b->meter_num);
}

const char *par_int_str(par_int x, char buf[41]) {
    char tmp[41];
    int n = 0;
    bool neg = x < 0;
    par_uint u = neg ? (par_uint)(-x) : (par_uint)x;
    do {
        tmp[n++] = (char)('0' + (int)(u % 10));
        u /= 10;
    } while (u && n < 40);
    int k = 0;
    if (neg) buf[k++] = '-';
    while (n > 0 && k < 40) buf[k++] = tmp[--n];
    buf[k] = '\0';
    return buf;
}
