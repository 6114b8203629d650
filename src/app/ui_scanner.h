/* ui_scanner: a barcode scanner on the keyboard (a "keyboard wedge") told from a person.
 *
 * A ticket scanner types what it reads as keys: the 18 digits of the validation number and Enter,
 * each a few milliseconds after the one before. A person types far slower, and the digits are
 * also the cabinet's buttons (chips, the note, the service key) and the operator's PIN. So a
 * digit is held back a moment: while digits keep coming within gap_ms of each other they are
 * held; 18 of them and Enter within the gap are a scan (the ticket goes to the machine, no key
 * to the game); anything else - a pause longer than the gap, a 19th digit, Enter too early, any
 * other key - lets the held keys go to the game in their order, as typed. A person's digit thus
 * reaches the game gap_ms late, which nobody notices, and nothing typed is ever lost. This file
 * is the decision only (keys and times in, what to do out); ui_input holds the events. */
#ifndef STUDPOKER_UI_SCANNER_H
#define STUDPOKER_UI_SCANNER_H

#include <stdbool.h>
#include <stdint.h>

#define UI_SCAN_DIGITS 18
#define UI_SCAN_ENTER  10 /* the key code of Enter; 0..9 are the digits */
#define UI_SCAN_HOLD   (UI_SCAN_DIGITS + 1)

typedef struct ui_scanner {
    bool enabled;
    uint32_t gap_ms;
    int n;                 /* keys held */
    int key[UI_SCAN_HOLD]; /* 0..9 or UI_SCAN_ENTER */
    uint32_t at;           /* when the newest held key came, ms */
} ui_scanner_t;

typedef enum ui_scan {
    UI_SCAN_HELD = 0, /* held: it may be part of a scan */
    UI_SCAN_TICKET,   /* a scan ended: its digits are out; nothing is held */
    UI_SCAN_RELEASE   /* not a scan: the held keys, this one last, go to the game in order */
} ui_scan_t;

void ui_scanner_init(ui_scanner_t *s, bool enabled, uint32_t gap_ms);
/* A digit (0..9) or Enter (UI_SCAN_ENTER) went down at ms. A disabled scanner releases every
 * key at once. On UI_SCAN_RELEASE s->key[0..s->n-1] are the keys to give the game (then call
 * ui_scanner_clear); on UI_SCAN_TICKET out holds the 18 digits. */
ui_scan_t ui_scanner_key(ui_scanner_t *s, int key, uint32_t ms, char out[UI_SCAN_DIGITS + 1]);
/* At ms with no key: true when the held keys waited longer than the gap (a person's: release
 * them, s->key[0..s->n-1], then ui_scanner_clear). */
bool ui_scanner_expired(const ui_scanner_t *s, uint32_t ms);
void ui_scanner_clear(ui_scanner_t *s);

#endif
