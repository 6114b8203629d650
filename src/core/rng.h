/* rng: the game's random generator, built on libsodium.
 *
 * Two modes. The default draws from libsodium's CSPRNG, seeded by the operating system's entropy
 * source: unpredictable, never from the clock. The seeded mode runs a ChaCha20 key stream from a
 * 32-byte seed, so that tests, replays and the attract demo deal the same cards from the same
 * seed on every machine. Bounded draws reject the values that would bias the result, so every
 * outcome of rng_uniform(n) is exactly equally likely, and deck_shuffle is Fisher-Yates on top
 * of it. Cosmetic randomness (effects) must use a different generator. */
#ifndef STUDPOKER_RNG_H
#define STUDPOKER_RNG_H

#include <stdbool.h>
#include <stdint.h>

#include "card.h"

#define RNG_SEED_BYTES 32

typedef struct rng {
    bool seeded;
    uint8_t key[RNG_SEED_BYTES];
    uint64_t block;    /* next ChaCha20 block of the key stream */
    uint8_t buf[2048]; /* unread key stream */
    unsigned pos;      /* bytes of buf already used */
} rng_t;

/* Starts libsodium (safe to call more than once). Returns false when it cannot start; the game
 * must not deal then. */
bool rng_library_init(void);

/* Unpredictable generator seeded by the system. Returns false if libsodium cannot start. */
bool rng_init_system(rng_t *rng);

/* Deterministic generator from 32 bytes of seed. */
void rng_init_seeded(rng_t *rng, const uint8_t seed[RNG_SEED_BYTES]);

/* Deterministic generator from a number (hashed to a 32-byte seed with BLAKE2b). */
void rng_init_seed_u64(rng_t *rng, uint64_t seed);

/* A uniformly distributed 32-bit value. */
uint32_t rng_u32(rng_t *rng);

/* A uniformly distributed value in [0, upper_bound), without modulo bias. upper_bound >= 1. */
uint32_t rng_uniform(rng_t *rng, uint32_t upper_bound);

/* Fisher-Yates: every order of the first n cards equally likely. */
void rng_shuffle(rng_t *rng, card_t *cards, int n);

/* Fisher-Yates from the front, stopped after k positions: position i = 0, 1, .. k-1 takes the
 * card at position i + rng_uniform(n - i), the same draws as those steps would make. Each step
 * picks uniformly among the cards not yet placed, whatever order they are in, so cards[0..k)
 * are every one of the n! / (n-k)! ordered choices of k cards with the same probability,
 * exactly as the first k cards of a full shuffle, and the array stays a permutation of its
 * cards (the rest in no particular random order). Only for callers that use the first k
 * cards and nothing else (the simulator); the game shuffles and records whole decks. */
void rng_shuffle_front(rng_t *rng, card_t *cards, int n, int k);

/* Shuffles the whole deck in place. */
void deck_shuffle(deck_t *deck, rng_t *rng);

/* Wipes the key material. */
void rng_clear(rng_t *rng);

#endif
