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
    int index, ready; /* the next output; words below ready are twisted for this generation */
} mt19937;

static uint32_t key_word(const char *key, size_t word) {
    const unsigned char *b = (const unsigned char *)key + 4 * word;
    return (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 | (uint32_t)b[3] << 24;
}

/* init_by_array, with init_genrand(19650218) computed on the fly in its first pass over the words (the
   two recurrences are independent, so the processor runs them side by side): the same state. */
static void init_by_array(mt19937 *g, const char *key, size_t words) {
    uint32_t *mt = g->mt, seeded = 19650218u; /* init_genrand's word i - 1 */
    mt[0] = seeded;
    size_t j = 0, k = MT_N > words ? MT_N : words;
    for (size_t i = 1; i < MT_N; i++) { /* the first MT_N - 1 of the k >= MT_N steps */
        seeded = 1812433253u * (seeded ^ (seeded >> 30)) + (uint32_t)i;
        mt[i] = (seeded ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1664525u)) + key_word(key, j) + (uint32_t)j;
        if (++j >= words) j = 0;
    }
    mt[0] = mt[MT_N - 1];
    size_t i = 1;
    for (k -= MT_N - 1; k; k--) {
        mt[i] = (mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1664525u)) + key_word(key, j) + (uint32_t)j;
        i++;
        j++;
        if (i >= MT_N) {
            mt[0] = mt[MT_N - 1];
            i = 1;
        }
        if (j >= words) j = 0;
    }
    for (k = MT_N - 1; k; k--) {
        mt[i] = (mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1566083941u)) - (uint32_t)i;
        i++;
        if (i >= MT_N) {
            mt[0] = mt[MT_N - 1];
            i = 1;
        }
    }
    mt[0] = 0x80000000u;
    g->index = 0;
    g->ready = 0; /* no word of the first generation twisted yet (genrand twists them as it needs them) */
}

static uint32_t twisted(const uint32_t *mt, int k, int next, int far) {
    static const uint32_t mag01[2] = {0u, 0x9908b0dfu};
    uint32_t y = (mt[k] & 0x80000000u) | (mt[next] & 0x7fffffffu);
    return mt[far] ^ (y >> 1) ^ mag01[y & 1u];
}

/* The next output. A generation's twist is done word by word as the outputs need them: word k < MT_N -
   MT_M reads only words not twisted yet, so a shuffle (51 draws and a few rejected) twists about a tenth
   of the state; the first output past them twists the rest, in the order of the reference code. */
static uint32_t genrand(mt19937 *g) {
    uint32_t *mt = g->mt;
    if (g->index >= g->ready) {
        if (g->index >= MT_N) {
            g->index = g->ready = 0;
        }
        if (g->index < MT_N - MT_M) {
            mt[g->index] = twisted(mt, g->index, g->index + 1, g->index + MT_M);
            g->ready = g->index + 1;
        } else {
            for (int k = g->ready; k < MT_N - 1; k++) mt[k] = twisted(mt, k, k + 1, k + (MT_M - MT_N));
            mt[MT_N - 1] = twisted(mt, MT_N - 1, 0, MT_M - 1);
            g->ready = MT_N;
        }
    }
    uint32_t y = mt[g->index++];
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

/* ------------------------------------------------------------------ many shuffles at once (section 1.4) */

/* ph_shuffled_deck for lanes keys of the same number of words at once: the LANES Mersenne Twister states
   are seeded side by side (word i of every lane next to each other, so that the compiler runs the
   lanes' independent recurrences in vector registers; init_genrand's words are the same for all), then
   each lane shuffles as ph_shuffled_deck does, twisting its words as its draws need them. */
enum { LANES = PH_SHUFFLE_LANES };

typedef struct {
    uint32_t mt[MT_N][LANES];
    int index[LANES], ready[LANES];
} mt19937_lanes;

static void init_by_array_lanes(mt19937_lanes *g, const uint32_t *keys, size_t words) {
    uint32_t key[3][LANES], prev[LANES]; /* the keys by word, and each lane's last word, kept in registers */
    for (size_t w = 0; w < words; w++)
        for (int l = 0; l < LANES; l++) key[w][l] = keys[(size_t)l * words + w] + (uint32_t)w;
    uint32_t seeded = 19650218u;
    for (int l = 0; l < LANES; l++) g->mt[0][l] = prev[l] = seeded;
    size_t j = 0;
    for (size_t i = 1; i < MT_N; i++) { /* words < MT_N: the first pass, as init_by_array above */
        seeded = 1812433253u * (seeded ^ (seeded >> 30)) + (uint32_t)i;
        for (int l = 0; l < LANES; l++) {
            prev[l] = (seeded ^ ((prev[l] ^ (prev[l] >> 30)) * 1664525u)) + key[j][l];
            g->mt[i][l] = prev[l];
        }
        if (++j >= words) j = 0;
    }
    for (int l = 0; l < LANES; l++) { /* the last of the k = MT_N steps: i = 1 after the wrap (mt[0] = mt[623]) */
        prev[l] = (g->mt[1][l] ^ ((prev[l] ^ (prev[l] >> 30)) * 1664525u)) + key[j][l];
        g->mt[1][l] = prev[l];
    }
    for (size_t i = 2; i < MT_N; i++) /* the second loop, from i = 2 */
        for (int l = 0; l < LANES; l++) {
            prev[l] = (g->mt[i][l] ^ ((prev[l] ^ (prev[l] >> 30)) * 1566083941u)) - (uint32_t)i;
            g->mt[i][l] = prev[l];
        }
    for (int l = 0; l < LANES; l++) { /* its last step: i = 1 after the wrap */
        g->mt[1][l] = (g->mt[1][l] ^ ((prev[l] ^ (prev[l] >> 30)) * 1566083941u)) - 1u;
        g->mt[0][l] = 0x80000000u;
        g->index[l] = g->ready[l] = 0;
    }
}

static uint32_t twisted_lane(const mt19937_lanes *g, int l, int k, int next, int far) {
    static const uint32_t mag01[2] = {0u, 0x9908b0dfu};
    uint32_t y = (g->mt[k][l] & 0x80000000u) | (g->mt[next][l] & 0x7fffffffu);
    return g->mt[far][l] ^ (y >> 1) ^ mag01[y & 1u];
}

static uint32_t genrand_lane(mt19937_lanes *g, int l) { /* genrand above, on lane l */
    int index = g->index[l];
    if (index >= g->ready[l]) {
        if (index >= MT_N) index = g->ready[l] = 0;
        if (index < MT_N - MT_M) {
            g->mt[index][l] = twisted_lane(g, l, index, index + 1, index + MT_M);
            g->ready[l] = index + 1;
        } else {
            for (int k = g->ready[l]; k < MT_N - 1; k++) g->mt[k][l] = twisted_lane(g, l, k, k + 1, k + (MT_M - MT_N));
            g->mt[MT_N - 1][l] = twisted_lane(g, l, MT_N - 1, 0, MT_M - 1);
            g->ready[l] = MT_N;
        }
    }
    uint32_t y = g->mt[index][l];
    g->index[l] = index + 1;
    y ^= y >> 11;
    y ^= (y << 7) & 0x9d2c5680u;
    y ^= (y << 15) & 0xefc60000u;
    y ^= y >> 18;
    return y;
}

/* The first EAGER words of every lane's first generation, twisted and tempered for all lanes at once
   (section 1.4): word k < MT_N - MT_M reads only words not twisted yet, so the loops over the lanes have no
   dependence between lanes or steps and run in vector registers. A shuffle draws about 66 outputs (51
   indices and the rejected draws); a lane that needs more goes on with genrand_lane from word EAGER. */
enum { EAGER = 96 };

static void twist_eager(mt19937_lanes *g, uint32_t (*out)[LANES]) {
    for (int k = 0; k < EAGER; k++)
        for (int l = 0; l < LANES; l++) {
            uint32_t y = (g->mt[k][l] & 0x80000000u) | (g->mt[k + 1][l] & 0x7fffffffu);
            uint32_t x = g->mt[k + MT_M][l] ^ (y >> 1) ^ ((0u - (y & 1u)) & 0x9908b0dfu);
            g->mt[k][l] = x;
            x ^= x >> 11;
            x ^= (x << 7) & 0x9d2c5680u;
            x ^= (x << 15) & 0xefc60000u;
            out[k][l] = x ^ (x >> 18);
        }
    for (int l = 0; l < LANES; l++) g->index[l] = g->ready[l] = EAGER;
}

int ph_shuffled_decks(const uint32_t *keys, size_t words, int lanes, uint8_t *decks) {
    if (!keys || !decks || words < 1 || words > 3 || lanes < 1 || lanes > LANES) return PH_ERR_ARGUMENT;
    uint32_t padded[LANES * 3]; /* the unused lanes repeat the last key (their decks are not written) */
    for (int l = 0; l < LANES; l++)
        for (size_t w = 0; w < words; w++) padded[(size_t)l * words + w] = keys[(size_t)(l < lanes ? l : lanes - 1) * words + w];
    mt19937_lanes g;
    uint32_t eager[EAGER][LANES];
    init_by_array_lanes(&g, padded, words);
    twist_eager(&g, eager);
    for (int l = 0; l < lanes; l++) {
        uint8_t *deck = decks + 52 * l;
        int used = 0; /* outputs of eager taken */
        for (int c = 0; c < 52; c++) deck[c] = (uint8_t)c;
        for (uint32_t i = 51; i >= 1; i--) {
            uint32_t n = i + 1, r;
            int k = 32 - __builtin_clz(n);
            do r = (used < EAGER ? eager[used++][l] : genrand_lane(&g, l)) >> (32 - k);
            while (r >= n);
            uint8_t t = deck[i];
            deck[i] = deck[r];
            deck[r] = t;
        }
    }
    return PH_OK;
}
