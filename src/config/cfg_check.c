/* The checks across keys, after every key of a file is read (and after cfg_set): limits that
 * contradict, pay tables that are not pay tables, side bets that pay nothing, jackpot shares
 * over the whole stake, two jackpot pools, an approved range upside down, a key two buttons
 * share. Each error names the key to change, at the line the file sets it, and what to write. */
#include <string.h>

#include "cfg_internal.h"

static void check_limit_pair(cf_load_t *L, int kmin, int kmax) {
    if (!cf_usable(L, kmin) || !cf_usable(L, kmax)) return;
    int64_t lo = cf_get_num(&L->cfg, &CF_KEYS[kmin]), hi = cf_get_num(&L->cfg, &CF_KEYS[kmax]);
    if (lo <= hi) return;
    char a[32], b[32], where[128], org[32];
    cfg_format_money(lo, a, sizeof a);
    cfg_format_money(hi, b, sizeof b);
    if (L->line[kmin] || !L->line[kmax]) {
        cf_key_where(kmin, where, sizeof where);
        cf_origin_text(L, kmax, org, sizeof org);
        cf_add_error(L->errs, L->file, L->line[kmin], where,
                     "%s is above %s (%s, %s); the minimum cannot be above the maximum: write %s = "
                     "%s or less, or raise %s",
                     a, CF_KEYS[kmax].name, b, org, CF_KEYS[kmin].name, b, CF_KEYS[kmax].name);
    } else {
        cf_key_where(kmax, where, sizeof where);
        cf_origin_text(L, kmin, org, sizeof org);
        cf_add_error(L->errs, L->file, L->line[kmax], where,
                     "%s is below %s (%s, %s); the maximum cannot be below the minimum: write %s = "
                     "%s or more, or lower %s",
                     b, CF_KEYS[kmin].name, a, org, CF_KEYS[kmax].name, a, CF_KEYS[kmin].name);
    }
}

static int find_group_key(cf_group_t g, int idx) {
    for (int k = 0; k < CF_NKEYS; k++)
        if (CF_KEYS[k].group == g && CF_KEYS[k].idx == idx) return k;
    return -1;
}

/* A stronger hand pays at least as much as a weaker one. */
static void check_group_order(cf_load_t *L, cf_group_t g) {
    int order[16], n = 0;
    for (int k = 0; k < CF_NKEYS && n < 16; k++) {
        if (CF_KEYS[k].group != g || CF_KEYS[k].type == CF_ENUM || !cf_applies(L, k)) continue;
        /* a progressive hand that wins a meter share is not paid by the fixed table */
        if (g == CF_G_PFIXED && L->cfg.rules.progressive_meter_bp[CF_KEYS[k].idx] > 0) continue;
        order[n++] = k;
    }
    if (CF_GROUPS[g].strongest_first)
        for (int i = 0; i < n / 2; i++) {
            int t = order[i];
            order[i] = order[n - 1 - i];
            order[n - 1 - i] = t;
        }
    for (int i = 1; i < n; i++) {
        int weak = order[i - 1], strong = order[i];
        if (L->bad[weak] || L->bad[strong]) continue;
        int64_t vw = cf_get_num(&L->cfg, &CF_KEYS[weak]),
                vs = cf_get_num(&L->cfg, &CF_KEYS[strong]);
        if (vs >= vw) continue;
        char a[48], b[48], where[128], org[32];
        cf_format_human(&CF_KEYS[strong], vs, a, sizeof a);
        cf_format_human(&CF_KEYS[weak], vw, b, sizeof b);
        char fa[48], fb[48];
        cf_format_value(&CF_KEYS[weak], &L->cfg, fb, sizeof fb);
        cf_format_value(&CF_KEYS[strong], &L->cfg, fa, sizeof fa);
        int meter = g == CF_G_PFIXED && !L->line[strong] && !L->line[weak]
                        ? find_group_key(CF_G_PMETER, CF_KEYS[strong].idx)
                        : -1;
        if (meter >= 0 && L->line[meter]) {
            /* the meter share set to 0 put this hand on the fixed table */
            cf_key_where(meter, where, sizeof where);
            cf_origin_text(L, weak, org, sizeof org);
            cf_add_error(L->errs, L->file, L->line[meter], where,
                         "with no meter share the hand wins %s = %s, less than the weaker hand %s "
                         "(%s, %s); write %s = %s or more, or give the hand a meter share",
                         CF_KEYS[strong].name, fa, CF_KEYS[weak].name, b, org, CF_KEYS[strong].name,
                         fb);
        } else if (L->line[strong] || !L->line[weak]) {
            cf_key_where(strong, where, sizeof where);
            cf_origin_text(L, weak, org, sizeof org);
            cf_add_error(L->errs, L->file, L->line[strong], where,
                         "pays %s, less than the weaker hand %s (%s, %s); in %s a stronger hand "
                         "pays at least as much: write %s = %s or more",
                         a, CF_KEYS[weak].name, b, org, CF_GROUPS[g].what, CF_KEYS[strong].name,
                         fb);
        } else {
            cf_key_where(weak, where, sizeof where);
            cf_origin_text(L, strong, org, sizeof org);
            cf_add_error(L->errs, L->file, L->line[weak], where,
                         "pays %s, more than the stronger hand %s (%s, %s); in %s a weaker hand "
                         "pays at most as much: write %s = %s or less",
                         b, CF_KEYS[strong].name, a, org, CF_GROUPS[g].what, CF_KEYS[weak].name,
                         fa);
        }
    }
}

/* The line to blame for a whole group: the last key of it set in the file. */
static int group_line(const cf_load_t *L, cf_group_t g, int *key) {
    int best = 0;
    for (int k = 0; k < CF_NKEYS; k++)
        if (CF_KEYS[k].group == g && L->line[k] > best) best = L->line[k], *key = k;
    return best;
}

static int sidebet_key(wager_t w) {
    return cf_find_key("sidebets", wager_key(w));
}

static void check_side_bet_pays(cf_load_t *L, cf_group_t g) {
    wager_t w = (wager_t)CF_GROUPS[g].wager;
    if (!L->cfg.rules.offered[w] || !rules_variant_has_wager(L->variant, w)) return;
    for (int k = 0; k < CF_NKEYS; k++)
        if (CF_KEYS[k].group == g && cf_applies(L, k) && cf_get_num(&L->cfg, &CF_KEYS[k]) > 0)
            return;
    int ks = sidebet_key(w), k = ks;
    int line = L->line[ks] ? L->line[ks] : group_line(L, g, &k);
    char where[128];
    cf_key_where(k, where, sizeof where);
    cf_add_error(
        L->errs, L->file, line, where,
        "%s is on but its pay table pays nothing; give some [paytable] %s_ lines a pay, or "
        "write %s = off in [sidebets]",
        wager_name(w), wager_key(w), wager_key(w));
}

/* The approved return range: the minimum is not above the maximum. */
static void check_approval_range(cf_load_t *L) {
    int kmin = cf_find_key("approval", "min_payback"),
        kmax = cf_find_key("approval", "max_payback");
    if (!cf_usable(L, kmin) || !cf_usable(L, kmax)) return;
    int64_t lo = cf_get_num(&L->cfg, &CF_KEYS[kmin]), hi = cf_get_num(&L->cfg, &CF_KEYS[kmax]);
    if (lo <= hi) return;
    /* blame the key the file sets (the minimum when it sets both) */
    bool blame_min = L->line[kmin] || !L->line[kmax];
    int k = blame_min ? kmin : kmax, other = blame_min ? kmax : kmin;
    char mine[32], theirs[32], fix[32], where[128], org[32];
    cf_format_percent(cf_get_num(&L->cfg, &CF_KEYS[k]), true, mine, sizeof mine);
    cf_format_percent(cf_get_num(&L->cfg, &CF_KEYS[other]), true, theirs, sizeof theirs);
    cf_format_percent(cf_get_num(&L->cfg, &CF_KEYS[other]), false, fix, sizeof fix);
    cf_key_where(k, where, sizeof where);
    cf_origin_text(L, other, org, sizeof org);
    cf_add_error(L->errs, L->file, L->line[k], where,
                 "%s is %s %s (%s, %s); the approved range runs from min_payback up to "
                 "max_payback: write %s = %s or %s",
                 mine, blame_min ? "above" : "below", CF_KEYS[other].name, theirs, org,
                 CF_KEYS[k].name, fix, blame_min ? "less" : "more");
}

/* Every min/max pair of [limits]. */
static void check_limits(cf_load_t *L) {
    for (int w = 0; w < WAGER_COUNT; w++) {
        char a[48], b[48];
        snprintf(a, sizeof a, "%s_min", wager_key((wager_t)w));
        snprintf(b, sizeof b, "%s_max", wager_key((wager_t)w));
        int kmin = cf_find_key("limits", a), kmax = cf_find_key("limits", b);
        if (kmin >= 0 && kmax >= 0) check_limit_pair(L, kmin, kmax);
    }
}

/* The US progressive: a hand is paid by the meter or by the fixed table, and the royal by the
 * meter. */
static void check_progressive(cf_load_t *L) {
    const rules_t *r = &L->cfg.rules;
    char where[128];
    for (int c = 0; c < EVAL_CATEGORIES; c++) {
        if (r->progressive_meter_bp[c] <= 0 || r->progressive_fixed[c] <= 0) continue;
        int kf = find_group_key(CF_G_PFIXED, c), km = find_group_key(CF_G_PMETER, c);
        if (kf < 0 || km < 0 || L->bad[kf] || L->bad[km]) continue;
        char share[32];
        cf_format_human(&CF_KEYS[km], r->progressive_meter_bp[c], share, sizeof share);
        int k = L->line[kf] >= L->line[km] ? kf : km;
        cf_key_where(k, where, sizeof where);
        cf_add_error(L->errs, L->file, L->line[k], where,
                     "%s is never paid: the hand wins %s of the meter (%s) instead; set one of "
                     "%s and %s to 0",
                     CF_KEYS[kf].name, share, CF_KEYS[km].name, CF_KEYS[kf].name, CF_KEYS[km].name);
    }
    int kroyal = cf_find_key("paytable", "progressive_meter_royal_flush");
    if (r->offered[WAGER_PROGRESSIVE] && r->progressive_meter_bp[EVAL_ROYAL_FLUSH] <= 0 &&
        !L->bad[kroyal]) {
        int ks = sidebet_key(WAGER_PROGRESSIVE);
        int k = L->line[kroyal] ? kroyal : ks;
        cf_key_where(k, where, sizeof where);
        cf_add_error(L->errs, L->file, L->line[k], where,
                     "the progressive is on but the royal wins no share of the meter; write "
                     "progressive_meter_royal_flush = 100 (or another share above 0)");
    }
}

/* The JACKPOT's funding shares add up to at most the whole stake, and a machine has one pool. */
static void check_jackpot(cf_load_t *L) {
    const rules_t *r = &L->cfg.rules;
    char where[128];
    int ks[3] = {cf_find_key("jackpot", "top_share"), cf_find_key("jackpot", "reserve_share"),
                 cf_find_key("jackpot", "fixed_share")};
    int64_t total = (int64_t)r->jackpot_top_bp + r->jackpot_reserve_bp + r->jackpot_fixed_bp;
    if (total > RULES_BP && !L->bad[ks[0]] && !L->bad[ks[1]] && !L->bad[ks[2]]) {
        int k = ks[0];
        for (int i = 1; i < 3; i++)
            if (L->line[ks[i]] > L->line[k]) k = ks[i];
        char t[32], a[32], b[32], c[32];
        cf_format_percent(total, true, t, sizeof t);
        cf_format_percent(r->jackpot_top_bp, true, a, sizeof a);
        cf_format_percent(r->jackpot_reserve_bp, true, b, sizeof b);
        cf_format_percent(r->jackpot_fixed_bp, true, c, sizeof c);
        cf_key_where(k, where, sizeof where);
        cf_add_error(L->errs, L->file, L->line[k], where,
                     "the JACKPOT shares add up to %s (top %s + reserve %s + fixed %s), more than "
                     "the whole stake; make top_share + reserve_share + fixed_share at most 100",
                     t, a, b, c);
    }
    if (r->offered[WAGER_JACKPOT] && r->offered[WAGER_PROGRESSIVE]) {
        int kj = sidebet_key(WAGER_JACKPOT), kp = sidebet_key(WAGER_PROGRESSIVE);
        int k = L->line[kp] >= L->line[kj] ? kp : kj;
        cf_key_where(k, where, sizeof where);
        cf_add_error(L->errs, L->file, L->line[k], where,
                     "the JACKPOT and the progressive cannot both be on (a machine has one "
                     "jackpot pool); write jackpot = off or progressive = off");
    }
}

/* The button an earlier button's list shares a key with, -1 = none; *name gets the key. row
 * holds each button's [keys] row. */
static int shared_key(const cf_load_t *L, const int *row, int j, const char **name) {
    const cfg_key_list_t *lj = &L->cfg.keys[j];
    for (int i = 0; i < j; i++) {
        const cfg_key_list_t *li = &L->cfg.keys[i];
        if (L->bad[row[i]]) continue;
        for (int a = 0; a < lj->count; a++)
            for (int b = 0; b < li->count; b++)
                if (cf_equal_nocase(lj->name[a], li->name[b])) {
                    *name = lj->name[a];
                    return i;
                }
    }
    return -1;
}

/* One button per key: a key that two buttons list is an error on the later line. */
static void check_keys(cf_load_t *L) {
    char where[128], org[32];
    int row[CFG_BUTTONS];
    for (int b = 0; b < CFG_BUTTONS; b++) row[b] = cf_button_key_index((cfg_button_t)b);
    for (int j = 1; j < CFG_BUTTONS; j++) {
        const char *name = NULL;
        int i = L->bad[row[j]] ? -1 : shared_key(L, row, j, &name);
        if (i < 0) continue;
        int k = L->line[row[j]] >= L->line[row[i]] ? row[j] : row[i];
        int other = k == row[j] ? row[i] : row[j];
        cf_key_where(k, where, sizeof where);
        cf_origin_text(L, other, org, sizeof org);
        cf_add_error(L->errs, L->file, L->line[k], where,
                     "'%s' is already the key of %s (%s); give each button its own key", name,
                     CF_KEYS[other].name, org);
    }
}

static bool link_name_ok(const char *n) {
    if (!(n[0] >= 'a' && n[0] <= 'z')) return false;
    for (const char *p = n; *p; p++)
        if (!((*p >= 'a' && *p <= 'z') || (*p >= '0' && *p <= '9') || *p == '_')) return false;
    return true;
}

/* [link]: with a url, the names the controller knows this machine by, and a pool to link. */
static void check_link(cf_load_t *L) {
    const struct cfg_link *k = &L->cfg.link;
    const rules_t *r = &L->cfg.rules;
    int kurl = cf_find_key("link", "url");
    if (!k->url[0] || L->bad[kurl]) return;
    char where[128];
    static const char *const names[] = {"pool", "site", "machine"};
    const char *values[] = {k->pool, k->site, k->machine};
    for (int i = 0; i < 3; i++) {
        int key = cf_find_key("link", names[i]);
        if (L->bad[key] || link_name_ok(values[i])) continue;
        int at = L->line[key] ? key : kurl;
        cf_key_where(at, where, sizeof where);
        cf_add_error(L->errs, L->file, L->line[at], where,
                     values[i][0] ? "%s = %s: a name at the controller is 1 to 40 of a-z, 0-9 "
                                    "and _, starting with a letter"
                                  : "%s%s is missing: a linked machine names its %s at the "
                                    "controller",
                     names[i], values[i][0] ? values[i] : "", names[i]);
    }
    if (!r->offered[WAGER_JACKPOT] && !r->offered[WAGER_PROGRESSIVE]) {
        cf_key_where(kurl, where, sizeof where);
        cf_add_error(L->errs, L->file, L->line[kurl], where,
                     "the link shares a JACKPOT or progressive pool, and this game offers "
                     "neither; turn one on in [sidebets] or remove the url");
        return;
    }
    for (int c = 0; r->offered[WAGER_PROGRESSIVE] && c < EVAL_ROYAL_FLUSH; c++) {
        if (r->progressive_meter_bp[c] <= 0) continue;
        int km = find_group_key(CF_G_PMETER, c);
        int at = km >= 0 && L->line[km] ? km : kurl;
        cf_key_where(at, where, sizeof where);
        cf_add_error(L->errs, L->file, L->line[at], where,
                     "a linked progressive pays only the royal from the shared pool; give %s a "
                     "fixed prize instead of a share of the meter (set it to 0)",
                     km >= 0 ? CF_KEYS[km].name : "this hand");
    }
}

/* [table]: a table to join needs the controller and this terminal's name there. */
static void check_table(cf_load_t *L) {
    const struct cfg_table *t = &L->cfg.table;
    int kjoin = cf_find_key("table", "join");
    if (!t->join[0] || L->bad[kjoin]) return;
    char where[128];
    static const char *const names[] = {"join", "terminal"};
    const char *values[] = {t->join, t->terminal};
    for (int i = 0; i < 2; i++) {
        int key = cf_find_key("table", names[i]);
        if (L->bad[key] || link_name_ok(values[i])) continue;
        int at = L->line[key] ? key : kjoin;
        cf_key_where(at, where, sizeof where);
        cf_add_error(L->errs, L->file, L->line[at], where,
                     values[i][0] ? "%s = %s: a name at the controller is 1 to 40 of a-z, 0-9 "
                                    "and _, starting with a letter"
                                  : "%s%s is missing: a terminal names itself at the controller",
                     names[i], values[i][0] ? values[i] : "");
    }
    if (!t->url[0]) {
        cf_key_where(kjoin, where, sizeof where);
        cf_add_error(L->errs, L->file, L->line[kjoin], where,
                     "a table to join needs [table] url, the controller this terminal logs in to");
    }
}

void cf_check(cf_load_t *L) {
    check_limits(L);
    for (int g = CF_G_MAIN; g < CF_G_COUNT; g++) check_group_order(L, (cf_group_t)g);
    if (L->variant == VARIANT_CARIBBEAN) check_progressive(L);
    static const cf_group_t side_groups[] = {CF_G_BONUS51, CF_G_BOARD, CF_G_POCKET, CF_G_LOBALL,
                                             CF_G_ABONUS};
    for (size_t i = 0; i < sizeof side_groups / sizeof side_groups[0]; i++)
        check_side_bet_pays(L, side_groups[i]);
    if (L->variant == VARIANT_CARIBBEAN) check_jackpot(L);
    check_approval_range(L);
    check_keys(L);
    check_link(L);
    check_table(L);
}
