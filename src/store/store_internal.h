/* Shared between the store's own files only. */
#ifndef STUDPOKER_STORE_INTERNAL_H
#define STUDPOKER_STORE_INTERNAL_H

#include "store.h"

#define STORE_RULES_MAX_BYTES 4096

/* Canonical rules encoding: returns the bytes needed (nothing written when cap is short). */
size_t store_rules_encode(const rules_t *r, uint8_t *buf, size_t cap);
bool store_rules_decode(const uint8_t *buf, size_t len, rules_t *r);

const char *store_action_name(int type);
bool store_action_from_name(const char *name, int *type);
const char *store_outcome_key(round_outcome_t o);
bool store_outcome_from_key(const char *key, round_outcome_t *o);
bool store_wager_from_key(const char *key, wager_t *w);

void store_cards_text(const card_t *cards, int n, char *out, size_t cap);
int store_cards_parse(const char *text, card_t *out, int max); /* -1 on a bad list */
void store_stakes_text(const int64_t stakes[WAGER_COUNT], char *out, size_t cap);
bool store_stakes_parse(const char *text, int64_t stakes[WAGER_COUNT]);
void store_hex(const uint8_t *bytes, size_t n, char *out); /* out: 2n+1 */

#endif
