/* `studpoker [play]`: the game window, with the options a person or a test script gives it. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app/app.h"
#include "cli.h"

static int usage_error(const char *msg, const char *arg) {
    fprintf(stderr, "studpoker play: %s%s%s\n", msg, arg ? " " : "", arg ? arg : "");
    return 2;
}

static bool parse_money(const char *s, int64_t *out) {
    long long units = 0, cents = 0;
    int n = 0;
    if (sscanf(s, "%lld%n", &units, &n) != 1 || units < 0) return false;
    if (s[n] == '.') {
        const char *c = s + n + 1;
        if (!(c[0] >= '0' && c[0] <= '9' && c[1] >= '0' && c[1] <= '9' && c[2] == '\0'))
            return false;
        cents = (c[0] - '0') * 10 + (c[1] - '0');
    } else if (s[n] != '\0') {
        return false;
    }
    *out = units * 100 + cents;
    return true;
}

int cli_play(int argc, char **argv) {
    app_options_t o;
    app_options_default(&o);
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i];
        const char *next = i + 1 < argc ? argv[i + 1] : NULL;
        if (strcmp(a, "--windowed") == 0)
            o.display = APP_WINDOWED;
        else if (strcmp(a, "--fullscreen") == 0)
            o.display = APP_FULLSCREEN;
        else if (strcmp(a, "--kiosk") == 0)
            o.display = APP_KIOSK;
        else if (strcmp(a, "--headless") == 0)
            o.headless = true;
        else if (strcmp(a, "--turbo") == 0)
            o.turbo = true;
        else if (strcmp(a, "--mute") == 0)
            o.mute = true;
        else if (strcmp(a, "--summary") == 0)
            o.summary = true;
        else if (strcmp(a, "--no-vsync") == 0)
            o.vsync = false;
        else if (!next)
            return usage_error("missing value after", a);
        else if (strcmp(a, "--preset") == 0) {
            rules_preset_t p;
            if (!rules_preset_from_key(next, &p)) return usage_error("unknown preset", next);
            rules_preset(&o.rules, p);
            i++;
        } else if (strcmp(a, "--deck") == 0) {
            if (o.ndecks == 4) return usage_error("at most 4 --deck options", NULL);
            o.decks[o.ndecks++] = argv[++i];
        } else if (strcmp(a, "--script") == 0)
            o.script = argv[++i];
        else if (strcmp(a, "--screenshot") == 0)
            o.screenshot = argv[++i];
        else if (strcmp(a, "--assets") == 0)
            o.assets = argv[++i];
        else if (strcmp(a, "--seed") == 0) {
            char *end;
            o.seed = strtoull(next, &end, 10);
            if (*end || o.seed == 0)
                return usage_error("--seed needs a whole number above 0, not", next);
            i++;
        } else if (strcmp(a, "--credits") == 0) {
            if (!parse_money(next, &o.credits))
                return usage_error("--credits needs an amount like 500.00, not", next);
            i++;
        } else if (strcmp(a, "--size") == 0) {
            if (sscanf(next, "%dx%d", &o.width, &o.height) != 2 || o.width < 320 ||
                o.height < 240 || o.width > 8192 || o.height > 8192)
                return usage_error("--size needs WIDTHxHEIGHT, not", next);
            i++;
        } else
            return usage_error("unknown option", a);
    }
    if (o.ndecks && !o.headless)
        return usage_error("--deck (a stacked deck) is for headless tests only", NULL);
    if (o.headless && !o.script && !o.screenshot)
        return usage_error("--headless needs --script FILE or --screenshot FILE", NULL);
    return app_run(&o);
}
