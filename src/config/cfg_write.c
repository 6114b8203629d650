/* The writers: a config file of the effective values (print-config, the generated
 * config/ presets) and the Markdown reference of every key (config-reference, the README's). */
#include <string.h>

#include "cfg_internal.h"

static void games_text(unsigned variants, char *buf, size_t n) {
    buf[0] = '\0';
    if (variants == CF_V_ALL || variants == 0) {
        snprintf(buf, n, "all");
        return;
    }
    for (int v = 0; v < VARIANT_COUNT; v++)
        if (variants & (1u << v))
            cf_append(buf, n, "%s%s", buf[0] ? ", " : "", rules_variant_key((rules_variant_t)v));
}

void cfg_write(FILE *f, const cfg_t *c, bool commented, const char *origin) {
    rules_preset_t p = c->rules.preset;
    unsigned vbit = 1u << c->rules.variant;
    if (commented) {
        bool known = p >= 0 && p < PRESET_COUNT;
        fprintf(f, "; studpoker config: preset %s, %s\n", rules_preset_key(p),
                rules_preset_name(p));
        fprintf(f, "; Rules from %s, written up in %s;\n", known ? CF_PRESET_SOURCES[p].seed : "?",
                known ? CF_PRESET_SOURCES[p].sheet : "?");
        fprintf(f, "; ../shared/rules.md settles what the seeds leave open.\n");
        if (origin) fprintf(f, "; Made by `%s`.\n", origin);
        fprintf(f, ";\n"
                   "; A key left out keeps its default; game keys default to the preset's values.\n"
                   "; Money is written in currency units with at most 2 decimals (1.00, 25000),\n"
                   "; shares in percent with at most 2 decimals (45, 31.84), odds as the x of\n"
                   "; \"x to 1\". `studpoker check-config FILE` checks a file, and `studpoker\n"
                   "; config-reference` lists every key.\n");
    }
    bool first = true;
    for (int s = 0; s < CF_NSECTIONS; s++) {
        bool any = false;
        for (int k = 0; k < CF_NKEYS && !any; k++)
            any = strcmp(CF_KEYS[k].section, CF_SECTIONS[s].name) == 0 && cf_in_file(&CF_KEYS[k]) &&
                  (CF_KEYS[k].def || (CF_KEYS[k].variants & vbit));
        if (!any) continue;
        if (!first || commented) fputc('\n', f);
        first = false;
        if (commented) fprintf(f, "; %s\n", CF_SECTIONS[s].doc);
        fprintf(f, "[%s]\n", CF_SECTIONS[s].name);
        cf_group_t group = CF_G_NONE;
        for (int k = 0; k < CF_NKEYS; k++) {
            const cf_key_t *d = &CF_KEYS[k];
            if (strcmp(d->section, CF_SECTIONS[s].name) != 0 || !cf_in_file(d) ||
                !(d->def || (d->variants & vbit)))
                continue;
            char val[CFG_VALUE_LEN];
            cf_format_value(d, c, val, sizeof val);
            if (commented) {
                if (d->group != group && d->group != CF_G_NONE)
                    fprintf(f, "\n; %s\n", CF_GROUPS[d->group].heading);
                group = d->group;
                char allowed[160];
                cf_allowed_text(d, allowed, sizeof allowed);
                if (strlen(d->doc) + strlen(allowed) + 5 <= 100)
                    fprintf(f, "; %s [%s]\n", d->doc, allowed);
                else
                    fprintf(f, "; %s\n; [%s]\n", d->doc, allowed);
            }
            fprintf(f, "%s =%s%s\n", d->name, val[0] ? " " : "", val);
        }
    }
}

void cfg_write_reference(FILE *f) {
    fprintf(f,
            "Generated from the key table by `studpoker config-reference`; the example configs in\n"
            "`config/` come from the same table (`studpoker print-config --preset NAME "
            "--commented`).\n"
            "A config file has `[section]` headers and `key = value` lines; `;` or `#` starts a\n"
            "comment (after a value too, following a space). Names are not case-sensitive. A key\n"
            "left out keeps its default; *preset* means the chosen preset's value, so `[game]\n"
            "preset` is read first. Money is written in currency units with at most 2 decimals\n"
            "(`1.00`, `25000`, `0.25`), shares in percent with at most 2 decimals (`31.84`), odds\n"
            "as the x of \"x to 1\". A key of another game (e.g. `[asian] commission` in a\n"
            "Caribbean config) is an error, and so is anything `studpoker check-config FILE`\n"
            "finds: every error is reported as `FILE:LINE: section.key: what is wrong`. The\n"
            "operator menu may change the keys marked *operator setting*; the machine records\n"
            "the change and applies it over the file's value at each start.\n");
    cfg_t defaults;
    cfg_defaults(&defaults, PRESET_CARIBBEAN_CLASSIC);
    for (int s = 0; s < CF_NSECTIONS; s++) {
        fprintf(f, "\n### [%s]\n\n%s\n\n", CF_SECTIONS[s].name, CF_SECTIONS[s].doc);
        fprintf(f, "| key | type | default | allowed | games | meaning |\n");
        fprintf(f, "|---|---|---|---|---|---|\n");
        for (int k = 0; k < CF_NKEYS; k++) {
            const cf_key_t *d = &CF_KEYS[k];
            if (strcmp(d->section, CF_SECTIONS[s].name) != 0) continue;
            char val[CFG_VALUE_LEN], def[CFG_VALUE_LEN + 8], allowed[160], games[64];
            if (!d->def)
                snprintf(def, sizeof def, "*preset*");
            else if (!d->def[0])
                snprintf(def, sizeof def, "(empty)");
            else {
                cf_format_value(d, &defaults, val, sizeof val);
                snprintf(def, sizeof def, "`%.*s`", (int)sizeof val - 1, val);
            }
            cf_allowed_text(d, allowed, sizeof allowed);
            games_text(d->variants, games, sizeof games);
            static const char *const who[] = {[CF_FILE_ONLY] = "",
                                              [CF_FILE_OPERATOR] = "; *operator setting*",
                                              [CF_OPERATOR_ONLY] = "; *operator menu only*"};
            fprintf(f, "| `%s` | %s | %s | %s | %s | %s%s |\n", d->name, CF_TYPE_NAMES[d->type],
                    def, allowed, games, d->doc, who[d->who]);
        }
    }
}
