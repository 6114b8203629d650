/* A desktop player's own settings, bounded by the operator's (machine_player.h). */
#include "machine_player.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "machine.h"

static bool say(char *msg, size_t n, const char *fmt, ...) {
    if (msg && n) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(msg, n, fmt, ap);
        va_end(ap);
    }
    return false;
}

/* The file's text, or NULL (*missing: there is none). */
static char *read_all(const char *path, size_t *len, bool *missing) {
    *missing = false;
    FILE *f = fopen(path, "rb");
    if (!f) {
        *missing = errno == ENOENT;
        return NULL;
    }
    char *text = malloc(4097);
    size_t got = text ? fread(text, 1, 4097, f) : 0;
    fclose(f);
    if (!text || got > 4096) { /* a player's three lines are never this long */
        free(text);
        return NULL;
    }
    text[got] = '\0';
    *len = got;
    return text;
}

/* The player's values from a file of the config's grammar: the config's own parser and ranges;
 * only the three keys a player has are taken, whatever else it holds. */
static bool parse(machine_player_t *p, const char *path, const char *text, size_t len, char *msg,
                  size_t n) {
    cfg_t *c = malloc(sizeof *c);
    cfg_errors_t *errs = malloc(sizeof *errs);
    cfg_lines_t *lines = malloc(sizeof *lines);
    bool ok = c && errs && lines;
    if (ok && cfg_load_string(text, len, path, c, errs) != 0) {
        ok = say(msg, n, "%s", errs->count ? errs->list[0].text : "it does not parse");
    } else if (ok && cfg_lines_string(text, len, lines)) {
        if (cfg_lines_key(lines, "sound", "volume", NULL, 0)) p->volume = c->sound.volume;
        if (cfg_lines_key(lines, "sound", "voice", NULL, 0)) p->voice = c->sound.voice;
        if (cfg_lines_key(lines, "hint", "show", NULL, 0)) p->hint = c->hint.show;
    } else if (ok) {
        ok = say(msg, n, "%s", "no memory");
    }
    free(c);
    free(errs);
    free(lines);
    return ok;
}

bool machine_player_open(machine_t *m, const char *path, char *msg, size_t n) {
    machine_player_t *p = &m->player;
    memset(p, 0, sizeof *p);
    p->on = true;
    p->volume = m->cfg.sound.volume;
    p->voice = m->cfg.sound.voice;
    p->hint = m->cfg.hint.show;
    if (!path || !path[0]) return true;
    snprintf(p->path, sizeof p->path, "%s", path);
    size_t len = 0;
    bool missing;
    char *text = read_all(path, &len, &missing);
    if (!text) return missing || say(msg, n, "%s: cannot be read", path);
    machine_player_t read = *p;
    char why[CFG_ERROR_LEN] = "";
    bool ok = parse(&read, path, text, len, why, sizeof why);
    free(text);
    if (!ok) return say(msg, n, "%s: left aside, the operator's settings used: %s", path, why);
    *p = read;
    return true;
}

int machine_volume_most(const machine_t *m) {
    return m->cfg.sound.volume;
}
bool machine_voice_allowed(const machine_t *m) {
    return m->cfg.sound.voice;
}
bool machine_hint_allowed(const machine_t *m) {
    return m->cfg.hint.show;
}

int machine_volume(const machine_t *m) {
    int most = machine_volume_most(m);
    if (!m->player.on) return most;
    return m->player.volume < 0 ? 0 : m->player.volume > most ? most : m->player.volume;
}
bool machine_voice(const machine_t *m) {
    return machine_voice_allowed(m) && (!m->player.on || m->player.voice);
}
bool machine_hint(const machine_t *m) {
    return machine_hint_allowed(m) && (!m->player.on || m->player.hint);
}

/* The player's settings to their file, whole or not at all (a new file renamed over the old). */
static bool keep(const machine_t *m, char *msg, size_t n) {
    const machine_player_t *p = &m->player;
    if (!p->path[0]) return true;
    char tmp[MACHINE_PLAYER_PATH + 8];
    snprintf(tmp, sizeof tmp, "%s.new", p->path);
    FILE *f = fopen(tmp, "w");
    if (!f) return say(msg, n, "Your settings cannot be kept (%s): %s", tmp, strerror(errno));
    fprintf(f,
            "# studpoker: this player's own settings (the SETTINGS panel writes them; the\n"
            "# operator's [sound] and [hint] settings bound them)\n"
            "[sound]\nvolume = %d\nvoice = %s\n[hint]\nshow = %s\n",
            p->volume, p->voice ? "on" : "off", p->hint ? "on" : "off");
    bool ok = fflush(f) == 0 && !ferror(f);
    ok = fclose(f) == 0 && ok;
    if (ok && rename(tmp, p->path) == 0) return true;
    int e = errno;
    remove(tmp);
    return say(msg, n, "Your settings cannot be kept (%s): %s", p->path, strerror(e));
}

bool machine_player_set_volume(machine_t *m, int volume, char *msg, size_t n) {
    int most = machine_volume_most(m);
    m->player.volume = volume < 0 ? 0 : volume > most ? most : volume;
    return keep(m, msg, n);
}

bool machine_player_set_voice(machine_t *m, bool on, char *msg, size_t n) {
    m->player.voice = on && machine_voice_allowed(m);
    return keep(m, msg, n);
}

bool machine_player_set_hint(machine_t *m, bool on, char *msg, size_t n) {
    m->player.hint = on && machine_hint_allowed(m);
    return keep(m, msg, n);
}
