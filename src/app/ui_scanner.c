/* Telling a barcode scanner's keys from a person's. See ui_scanner.h. */
#include "ui_scanner.h"

#include <string.h>

void ui_scanner_init(ui_scanner_t *s, bool enabled, uint32_t gap_ms) {
    memset(s, 0, sizeof *s);
    s->enabled = enabled;
    s->gap_ms = gap_ms;
}

void ui_scanner_clear(ui_scanner_t *s) {
    s->n = 0;
}

bool ui_scanner_expired(const ui_scanner_t *s, uint32_t ms) {
    return s->n > 0 && ms - s->at > s->gap_ms;
}

static ui_scan_t release(ui_scanner_t *s, int key) {
    s->key[s->n++] = key;
    return UI_SCAN_RELEASE;
}

ui_scan_t ui_scanner_key(ui_scanner_t *s, int key, uint32_t ms, char out[UI_SCAN_DIGITS + 1]) {
    out[0] = '\0';
    if (!s->enabled || key < 0 || key > UI_SCAN_ENTER) return release(s, key);
    bool in_time = s->n == 0 || ms - s->at <= s->gap_ms;
    if (key == UI_SCAN_ENTER) {
        if (s->n != UI_SCAN_DIGITS || !in_time) return release(s, key);
        for (int i = 0; i < UI_SCAN_DIGITS; i++) out[i] = (char)('0' + s->key[i]);
        out[UI_SCAN_DIGITS] = '\0';
        s->n = 0;
        return UI_SCAN_TICKET;
    }
    if (!in_time || s->n == UI_SCAN_DIGITS) return release(s, key);
    s->key[s->n++] = key;
    s->at = ms;
    return UI_SCAN_HELD;
}
