#include "rng.h"

#include <sodium.h>
#include <string.h>

bool rng_library_init(void) {
    return sodium_init() >= 0;
}

bool rng_init_system(rng_t *rng) {
    memset(rng, 0, sizeof *rng);
    rng->seeded = false;
    return rng_library_init();
}

void rng_init_seeded(rng_t *rng, const uint8_t seed[RNG_SEED_BYTES]) {
    memset(rng, 0, sizeof *rng);
    rng->seeded = true;
    memcpy(rng->key, seed, RNG_SEED_BYTES);
    rng->block = 0;
    rng->pos = sizeof rng->buf; /* empty: the first draw fills it */
}

void rng_init_seed_u64(rng_t *rng, uint64_t seed) {
    /* Hash the number with a fixed label so that small seeds still give well-spread keys and
     * the seed space of this program cannot collide with another use of the same number. */
    static const char label[] = "studpoker game rng v1";
    uint8_t msg[sizeof label + 8];
    memcpy(msg, label, sizeof label);
    for (int i = 0; i < 8; i++) msg[sizeof label + i] = (uint8_t)(seed >> (8 * i));
    uint8_t key[RNG_SEED_BYTES];
    crypto_generichash(key, sizeof key, msg, sizeof msg, NULL, 0);
    rng_init_seeded(rng, key);
    sodium_memzero(key, sizeof key);
}

static void refill(rng_t *rng) {
    static const uint8_t zeros[sizeof rng->buf];
    static const uint8_t nonce[crypto_stream_chacha20_NONCEBYTES];
    crypto_stream_chacha20_xor_ic(rng->buf, zeros, sizeof rng->buf, nonce, rng->block, rng->key);
    rng->block += sizeof rng->buf / 64;
    rng->pos = 0;
}

/* The seeded generator's next four bytes of key stream, little-endian. */
static inline uint32_t stream_u32(rng_t *rng) {
    if (rng->pos > sizeof rng->buf - 4) refill(rng);
    const uint8_t *b = rng->buf + rng->pos;
    rng->pos += 4;
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    uint32_t v; /* one load where the host's order is already the stream's */
    memcpy(&v, b, sizeof v);
    return v;
#else
    return (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 | (uint32_t)b[3] << 24;
#endif
}

/* Lemire's multiply-and-reject: the high half of r * upper_bound is the result, and the
 * 2^32 mod upper_bound low halves that would make some results more likely are drawn again.
 * Exactly uniform, and the division is only needed on the rare edge. upper_bound >= 2. */
static inline uint32_t stream_uniform(rng_t *rng, uint32_t upper_bound) {
    uint64_t m = (uint64_t)stream_u32(rng) * upper_bound;
    uint32_t low = (uint32_t)m;
    if (low < upper_bound) {
        uint32_t threshold = (uint32_t)(-upper_bound) % upper_bound;
        while (low < threshold) {
            m = (uint64_t)stream_u32(rng) * upper_bound;
            low = (uint32_t)m;
        }
    }
    return (uint32_t)(m >> 32);
}

uint32_t rng_u32(rng_t *rng) {
    if (!rng->seeded) return randombytes_random();
    return stream_u32(rng);
}

uint32_t rng_uniform(rng_t *rng, uint32_t upper_bound) {
    if (upper_bound < 2) return 0;
    if (!rng->seeded) return randombytes_uniform(upper_bound);
    return stream_uniform(rng, upper_bound);
}

void rng_shuffle(rng_t *rng, card_t *cards, int n) {
    for (int i = n - 1; i > 0; i--) {
        uint32_t j = rng->seeded ? stream_uniform(rng, (uint32_t)i + 1)
                                 : randombytes_uniform((uint32_t)i + 1);
        card_t t = cards[i];
        cards[i] = cards[j];
        cards[j] = t;
    }
}

void rng_shuffle_front(rng_t *rng, card_t *cards, int n, int k) {
    if (k > n - 1) k = n - 1; /* the last card has nowhere to go */
    for (int i = 0; i < k; i++) {
        uint32_t left = (uint32_t)(n - i);
        uint32_t j =
            (uint32_t)i + (rng->seeded ? stream_uniform(rng, left) : randombytes_uniform(left));
        card_t t = cards[i];
        cards[i] = cards[j];
        cards[j] = t;
    }
}

void deck_shuffle(deck_t *deck, rng_t *rng) {
    rng_shuffle(rng, deck->cards, deck->count);
}

void rng_clear(rng_t *rng) {
    sodium_memzero(rng, sizeof *rng);
}
