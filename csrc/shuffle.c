/*
 * shuffle.c — the seeded shuffle of section 1.4, C twin of pyholdem.spec.cards.shuffled_deck.
 *
 * The spec shuffles with Python's random.Random(seed).shuffle, so every recorded hand depends on that
 * exact order. This file reproduces it: the Mersenne Twister MT19937 seeded by init_by_array with the
 * seed's key, and Fisher-Yates from the last card down, each index drawn by rejection from the fewest
 * high bits of one 32-bit output that cover the range (Python's _randbelow with getrandbits).
 * The generator lives on the stack of each call: no global state.
 */
#include "holdem.h"

enum { MT_N = 624, MT_M = 397 };

typedef struct {
    uint32_t mt[MT_N];
    int index;
} mt19937;

static void init_genrand(mt19937 *g, uint32_t s) {
    g->mt[0] = s;
    for (int i = 1; i < MT_N; i++)
        g->mt[i] = 1812433253u * (g->mt[i - 1] ^ (g->mt[i - 1] >> 30)) + (uint32_t)i;
    g->index = MT_N;
}

static uint32_t key_word(const char *key, size_t word) {
    const unsigned char *b = (const unsigned char *)key + 4 * word;
    return (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 | (uint32_t)b[3] << 24;
}

static void init_by_array(mt19937 *g, const char *key, size_t words) {
    init_genrand(g, 19650218u);
    size_t i = 1, j = 0;
    for (size_t k = MT_N > words ? MT_N : words; k; k--) {
        g->mt[i] = (g->mt[i] ^ ((g->mt[i - 1] ^ (g->mt[i - 1] >> 30)) * 1664525u)) + key_word(key, j) + (uint32_t)j;
        i++;
        j++;
        if (i >= MT_N) {
            g->mt[0] = g->mt[MT_N - 1];
            i = 1;
        }
        if (j >= words) j = 0;
    }
    for (size_t k = MT_N - 1; k; k--) {
        g->mt[i] = (g->mt[i] ^ ((g->mt[i - 1] ^ (g->mt[i - 1] >> 30)) * 1566083941u)) - (uint32_t)i;
        i++;
        if (i >= MT_N) {
            g->mt[0] = g->mt[MT_N - 1];
            i = 1;
        }
    }
    g->mt[0] = 0x80000000u;
}

static uint32_t genrand(mt19937 *g) {
    static const uint32_t mag01[2] = {0u, 0x9908b0dfu};
    if (g->index >= MT_N) {
        int k = 0;
        for (; k < MT_N - MT_M; k++) {
            uint32_t y = (g->mt[k] & 0x80000000u) | (g->mt[k + 1] & 0x7fffffffu);
            g->mt[k] = g->mt[k + MT_M] ^ (y >> 1) ^ mag01[y & 1u];
        }
        for (; k < MT_N - 1; k++) {
            uint32_t y = (g->mt[k] & 0x80000000u) | (g->mt[k + 1] & 0x7fffffffu);
            g->mt[k] = g->mt[k + (MT_M - MT_N)] ^ (y >> 1) ^ mag01[y & 1u];
        }
        uint32_t y = (g->mt[MT_N - 1] & 0x80000000u) | (g->mt[0] & 0x7fffffffu);
        g->mt[MT_N - 1] = g->mt[MT_M - 1] ^ (y >> 1) ^ mag01[y & 1u];
        g->index = 0;
    }
    uint32_t y = g->mt[g->index++];
    y ^= y >> 11;
    y ^= (y << 7) & 0x9d2c5680u;
    y ^= (y << 15) & 0xefc60000u;
    y ^= y >> 18;
    return y;
}

/* A uniform integer in 0..n-1 (1 <= n <= 2**31), as Python's _randbelow_with_getrandbits draws it. */
static uint32_t randbelow(mt19937 *g, uint32_t n) {
    int k = 32 - __builtin_clz(n);
    uint32_t r;
    do r = genrand(g) >> (32 - k);
    while (r >= n);
    return r;
}

int ph_shuffled_deck(const char *key, size_t key_bytes, uint8_t *deck) {
    if (!key || !deck || key_bytes < 4 || key_bytes % 4) return PH_ERR_ARGUMENT;
    mt19937 g;
    init_by_array(&g, key, key_bytes / 4);
    for (int c = 0; c < 52; c++) deck[c] = (uint8_t)c;
    for (uint32_t i = 51; i >= 1; i--) {
        uint32_t j = randbelow(&g, i + 1);
        uint8_t t = deck[i];
        deck[i] = deck[j];
        deck[j] = t;
    }
    return PH_OK;
}
