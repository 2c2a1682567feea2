/*
 * evaluate_batch.c — many hand values in one call (section 2.4): a check pass, then a value pass, each
 * on the best instruction-set path the CPU supports (portable C with SSE4.1 where the build allows it,
 * AVX2, AVX-512 F+BW+VBMI). Every path gives the same statuses, bad rows and values; csrc/EVALUATOR.md
 * explains the encodings and why each pass is correct.
 */
#include <string.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif
#if defined(__SSE4_1__)
#include <smmintrin.h>
#endif
/* The AVX2 and AVX-512 paths are compiled for their own targets (GNU attributes) and chosen per call
   from what the CPU reports; the build's own target stays as it is. */
#if defined(__GNUC__) && defined(__x86_64__)
#define PH_X86_PATHS 1
#include <immintrin.h>
#else
#define PH_X86_PATHS 0
#endif

#include "eval_core.h"

/* Rows go in blocks of BLOCK: each row's value is read from the rank table with no branch,
   and the block's flush rows (about 3 % of random hands) are listed without a branch and revalued
   after the block, so that a flush costs no mispredicted jump in the main loop. */
#define BLOCK 256

static inline uint64_t row_key(const uint8_t *c, const int k)
{
    uint64_t even = PH_KEY_INIT, odd = 0;
    for (int j = 0; j + 1 < k; j += 2) {
        even += PH_CARD_KEY[c[j]];
        odd += PH_CARD_KEY[c[j + 1]];
    }
    if (k & 1)
        even += PH_CARD_KEY[c[k - 1]];
    return even + odd;
}

/* The value of k cards whose key has a flush. Safe for any bytes (a row with invalid cards gets a
   meaningless value). */
static inline int32_t flush_value(const uint8_t *c, const int k, uint64_t key)
{
    uint64_t suits = 0;
    for (int j = 0; j < k; j++)
        suits |= PH_SUIT_BIT[c[j]];
    return PH_FLUSH_TABLE[suit_ranks(suits, flush_suit((key & PH_FLUSH_CHECK) | (8ull << (PH_SUIT_SHIFT + 12))))];
}

/* Values of n <= BLOCK rows. Memory-safe for any bytes (PH_CARD_KEY covers every byte, every lookup
   stays in its table); a row with invalid cards gets a meaningless value. */
static inline void value_block(const uint8_t *restrict cards, size_t n, const int k, int32_t *restrict out)
{
    uint16_t flushes[BLOCK];
    size_t found = 0;
    for (size_t i = 0; i < n; i++) {
        uint64_t key = row_key(cards + i * (size_t)k, k);
        out[i] = (int32_t)ph_rank_value(key);
        flushes[found] = (uint16_t)i;
        found += (key & PH_FLUSH_CHECK) != 0;
    }
    for (size_t f = 0; f < found; f++) {
        const uint8_t *c = cards + flushes[f] * (size_t)k;
        out[flushes[f]] = flush_value(c, k, row_key(c, k));
    }
}

/* The first bad row's status: reads the cards again (kept out of line, so that the common path stays
   short). */
static __attribute__((noinline)) int bad_rows(const uint8_t *cards, size_t first, size_t rows, const int k,
                                              size_t *bad_row)
{
    for (size_t i = first; i < rows; i++) {
        int status = check_cards(cards + i * (size_t)k, k);
        if (status != PH_OK) {
            *bad_row = i;
            return status;
        }
    }
    *bad_row = first;
    return PH_ERR_ARGUMENT; /* not reached: the caller saw a bad row */
}

/* The first bad row of a batch, without evaluating (validate first, then write once). */
#if defined(__SSE4_1__)
/* The rows of k cards that one 16-byte load holds whole: 3 of 5 cards, 2 of 6 or 7. */
#define ROWS_PER_LOAD(k) (16 / (k))

/* Byte shuffles that turn each row's card j into its card (j + d) mod k, for d = 1 .. k / 2: every
   pair of a row's cards meets in one of them. Lanes past the rows are left in place (masked off). */
static inline void rotations(const int k, __m128i *rot, __m128i *lanes)
{
    uint8_t index[16], live[16];
    const int used = ROWS_PER_LOAD(k) * k;
    for (int d = 1; d <= k / 2; d++) {
        for (int l = 0; l < 16; l++)
            index[l] = (uint8_t)(l < used ? l / k * k + (l % k + d) % k : l);
        rot[d - 1] = _mm_loadu_si128((const __m128i *)index);
    }
    for (int l = 0; l < 16; l++)
        live[l] = l < used ? 0xff : 0;
    *lanes = _mm_loadu_si128((const __m128i *)live);
}
#endif

#if defined(__SSE4_1__)
/* The bytes of one 16-byte load that are above 51 or equal to another card of their row. */
static inline __m128i bad_lanes(const uint8_t *p, const int k, const __m128i *rot, __m128i top)
{
    __m128i v = _mm_loadu_si128((const __m128i *)p);
    __m128i bad = _mm_subs_epu8(v, top);
    bad = _mm_or_si128(bad, _mm_cmpeq_epi8(v, _mm_shuffle_epi8(v, rot[0])));
    bad = _mm_or_si128(bad, _mm_cmpeq_epi8(v, _mm_shuffle_epi8(v, rot[1])));
    if (k >= 6)
        bad = _mm_or_si128(bad, _mm_cmpeq_epi8(v, _mm_shuffle_epi8(v, rot[2])));
    return bad;
}
#endif

/* Rows are checked a 16-byte load at a time where SSE4.1 allows (the check pass of
   evaluate_batch(out=)): a byte above 51, or two equal bytes in a row, sends the load's rows to the
   scalar check; the last rows, which a 16-byte load would overrun, are checked with card bits. */
static inline int check_rows(const uint8_t *restrict cards, size_t rows, const int k, size_t *bad_row)
{
    size_t i = 0;
#if defined(__SSE4_1__)
    const size_t group = ROWS_PER_LOAD(k);
    __m128i rot[3], lanes;
    rotations(k, rot, &lanes);
    const __m128i top = _mm_set1_epi8(51);
    /* Two loads per test: the rows of both are sent to the scalar check if either is bad. */
    for (; i + 2 * group <= rows && (rows - i - group) * (size_t)k >= 16; i += 2 * group) {
        __m128i bad = _mm_or_si128(bad_lanes(cards + i * (size_t)k, k, rot, top),
                                   bad_lanes(cards + (i + group) * (size_t)k, k, rot, top));
        if (__builtin_expect(!_mm_testz_si128(bad, lanes), 0))
            return bad_rows(cards, i, rows, k, bad_row);
    }
    for (; i + group <= rows && (rows - i) * (size_t)k >= 16; i += group) {
        if (__builtin_expect(!_mm_testz_si128(bad_lanes(cards + i * (size_t)k, k, rot, top), lanes), 0))
            return bad_rows(cards, i, rows, k, bad_row);
    }
#endif
    for (; i + 2 <= rows; i += 2) {
        const uint8_t *c = cards + i * (size_t)k;
        uint64_t bits0 = 0, bits1 = 0;
        for (int j = 0; j < k; j++) {
            bits0 += PH_CARD_BIT[c[j]];
            bits1 += PH_CARD_BIT[c[k + j]];
        }
        if (__builtin_expect((__builtin_popcountll(bits0) != k) | (__builtin_popcountll(bits1) != k), 0))
            return bad_rows(cards, i, rows, k, bad_row);
    }
    if (i < rows) {
        uint64_t bits = 0;
        for (int j = 0; j < k; j++)
            bits += PH_CARD_BIT[cards[i * (size_t)k + j]];
        if (__builtin_popcountll(bits) != k)
            return bad_rows(cards, i, rows, k, bad_row);
    }
    return PH_OK;
}

/* Values of rows that the check pass accepted: keys only, no card bits. Memory-safe for any bytes; a
   row with invalid cards, which only a concurrent change of the input can bring here, gets a
   meaningless value. */
static inline void checked_rows(const uint8_t *restrict cards, size_t rows, const int k, int32_t *restrict out)
{
    for (size_t i = 0; i < rows; i += BLOCK)
        value_block(cards + i * (size_t)k, rows - i < BLOCK ? rows - i : BLOCK, k, out + i);
}

/* ---- the batch passes on AVX2 and AVX-512 (chosen per call, ph_batch_isa) ---- */

#if PH_X86_PATHS
#define TARGET_AVX2 __attribute__((target("avx2")))
#define TARGET_AVX512 __attribute__((target("avx512f,avx512bw,avx512vbmi")))

/* AVX2 check: each 128-bit lane holds ROWS_PER_LOAD(k) whole rows (two 16-byte loads per register), and
   every pair of a row's cards meets in one of the in-lane rotations, as in the SSE4.1 check. */
TARGET_AVX2 static inline __m256i bad_lanes_avx2(const uint8_t *p, const int k, const __m256i *rot, __m256i top)
{
    const int used = (16 / k) * k;
    __m256i v = _mm256_loadu2_m128i((const __m128i *)(p + used), (const __m128i *)p);
    __m256i bad = _mm256_subs_epu8(v, top);
    bad = _mm256_or_si256(bad, _mm256_cmpeq_epi8(v, _mm256_shuffle_epi8(v, rot[0])));
    bad = _mm256_or_si256(bad, _mm256_cmpeq_epi8(v, _mm256_shuffle_epi8(v, rot[1])));
    if (k >= 6)
        bad = _mm256_or_si256(bad, _mm256_cmpeq_epi8(v, _mm256_shuffle_epi8(v, rot[2])));
    return bad;
}

TARGET_AVX2 static inline int check_rows_avx2_k(const uint8_t *restrict cards, size_t rows, const int k,
                                                size_t *bad_row)
{
    const size_t group = 16 / (size_t)k; /* rows per 128-bit lane */
    const int used = (int)group * k;
    uint8_t index[32], live[32];
    __m256i rot[3];
    for (int d = 1; d <= k / 2; d++) {
        for (int l = 0; l < 32; l++) {
            int m = l & 15;
            index[l] = (uint8_t)(m < used ? m / k * k + (m % k + d) % k : m);
        }
        rot[d - 1] = _mm256_loadu_si256((const __m256i *)index);
    }
    for (int l = 0; l < 32; l++)
        live[l] = (l & 15) < used ? 0xff : 0;
    const __m256i lanes = _mm256_loadu_si256((const __m256i *)live), top = _mm256_set1_epi8(51);
    /* Four lanes (two registers) per test; the last 16-byte load must end inside the rows. */
    size_t i = 0;
    for (; i + 4 * group <= rows && (rows - i - 3 * group) * (size_t)k >= 16; i += 4 * group) {
        const uint8_t *p = cards + i * (size_t)k;
        __m256i bad = _mm256_or_si256(bad_lanes_avx2(p, k, rot, top), bad_lanes_avx2(p + 2 * used, k, rot, top));
        if (__builtin_expect(!_mm256_testz_si256(bad, lanes), 0))
            return bad_rows(cards, i, rows, k, bad_row);
    }
    size_t tail_bad = 0;
    int status = check_rows(cards + i * (size_t)k, rows - i, k, &tail_bad);
    if (status != PH_OK)
        *bad_row = i + tail_bad;
    return status;
}

TARGET_AVX2 static int check_rows_avx2(const uint8_t *cards, size_t rows, int k, size_t *bad_row)
{
    switch (k) {
    case 5:
        return check_rows_avx2_k(cards, rows, 5, bad_row);
    case 6:
        return check_rows_avx2_k(cards, rows, 6, bad_row);
    default:
        return check_rows_avx2_k(cards, rows, 7, bad_row);
    }
}

/* The rows listed in flushes[0..found-1] (a flush in their key) get their flush value. */
static inline void revalue_flushes(const uint8_t *restrict block, const int k, const uint16_t *restrict flushes,
                                   size_t found, int32_t *restrict values)
{
    for (size_t f = 0; f < found; f++) {
        const uint8_t *c = block + flushes[f] * (size_t)k;
        values[flushes[f]] = flush_value(c, k, row_key(c, k));
    }
}

/* The rank-table value of a rank sum ((key >> PH_RANK_SHIFT) masked to PH_SUM_BITS): ph_rank_value. */
static inline int32_t sum_value(uint32_t sum)
{
    return PH_RANK_TABLE[(sum >> PH_ROW_BITS) + PH_ROW_OFFSET[sum & ((1u << PH_ROW_BITS) - 1)]];
}

/* The key layout the vector value passes split into two 32-bit sums: suit counters in bits 0..15, the
   rank weight sum from bit 16 (below 2**PH_SUM_BITS for any seven cards). */
_Static_assert(PH_SUIT_SHIFT == 0 && PH_RANK_SHIFT == 16 && (PH_FLUSH_CHECK >> 16) == 0 && PH_SUM_BITS <= 32,
               "the vector value passes assume this key layout");

/* AVX2 values, 8 rows at a time: two registers of two 16-byte loads each hold rows 0-1 and 4-5, 2-3 and
   6-7; in-lane byte shuffles put card j of every row in its own 32-bit lane; its rank weight is one of
   two 8-entry in-register lookups (blended on the rank's bit 3), its suit counter a third. The table
   reads stay scalar, right after the vector work (here that beat a separate loop); flush rows are
   listed with no branch and revalued after the block as in value_block. Memory-safe for any bytes. */
TARGET_AVX2 static inline void checked_rows_avx2_k(const uint8_t *restrict cards, size_t rows, const int k,
                                                   int32_t *restrict out)
{
    uint32_t low[8], high[8], suit[8];
    for (int i = 0; i < 8; i++) {
        low[i] = (uint32_t)(PH_CARD_KEY[4 * i] >> PH_RANK_SHIFT);
        high[i] = i + 8 < 13 ? (uint32_t)(PH_CARD_KEY[4 * (i + 8)] >> PH_RANK_SHIFT) : 0;
        suit[i] = (uint32_t)(PH_CARD_KEY[i] & 0xffff); /* card i's suit counter (i < 8: real cards) */
    }
    const __m256i weights_low = _mm256_loadu_si256((const __m256i *)low);
    const __m256i weights_high = _mm256_loadu_si256((const __m256i *)high);
    const __m256i suits = _mm256_loadu_si256((const __m256i *)suit);
    /* Shuffles of card j: from the first register into dwords 0-1 of each lane, from the second into 2-3. */
    __m256i pick_first[7], pick_second[7];
    for (int j = 0; j < k; j++) {
        uint8_t first[32], second[32];
        for (int l = 0; l < 32; l++) {
            const int dword = (l & 15) / 4, byte = l & 3;
            first[l] = (uint8_t)(byte == 0 && dword < 2 ? dword * k + j : 0x80);
            second[l] = (uint8_t)(byte == 0 && dword >= 2 ? (dword - 2) * k + j : 0x80);
        }
        pick_first[j] = _mm256_loadu_si256((const __m256i *)first);
        pick_second[j] = _mm256_loadu_si256((const __m256i *)second);
    }
    const __m256i sum_mask = _mm256_set1_epi32((int)((1ull << PH_SUM_BITS) - 1));
    const __m256i suit_init = _mm256_set1_epi32((int)(PH_KEY_INIT & 0xffff));
    const __m256i rank_init = _mm256_set1_epi32((int)(uint32_t)(PH_KEY_INIT >> PH_RANK_SHIFT));
    const __m256i flush_check = _mm256_set1_epi32((int)PH_FLUSH_CHECK), zero = _mm256_setzero_si256();
    const size_t pair = 2 * (size_t)k; /* bytes of two rows */
    for (size_t b = 0; b < rows; b += BLOCK) {
        const uint8_t *block = cards + b * (size_t)k;
        int32_t *values = out + b;
        const size_t n = rows - b < BLOCK ? rows - b : BLOCK;
        uint16_t flushes[BLOCK];
        uint32_t sums[8];
        size_t found = 0, i = 0;
        /* The last 16-byte load starts at row i + 6 and must end inside the batch's rows. */
        for (; i + 8 <= n && (rows - b - i - 6) * (size_t)k >= 16; i += 8) {
            const uint8_t *p = block + i * (size_t)k;
            const __m256i v1 = _mm256_loadu2_m128i((const __m128i *)(p + 2 * pair), (const __m128i *)p);
            const __m256i v2 = _mm256_loadu2_m128i((const __m128i *)(p + 3 * pair), (const __m128i *)(p + pair));
            __m256i ranks = rank_init, suit_sum = suit_init;
            for (int j = 0; j < k; j++) {
                const __m256i card = _mm256_or_si256(_mm256_shuffle_epi8(v1, pick_first[j]),
                                                     _mm256_shuffle_epi8(v2, pick_second[j]));
                const __m256i rank = _mm256_srli_epi32(card, 2);
                const __m256 low_weight = _mm256_castsi256_ps(_mm256_permutevar8x32_epi32(weights_low, rank));
                const __m256 high_weight = _mm256_castsi256_ps(_mm256_permutevar8x32_epi32(weights_high, rank));
                const __m256 is_high = _mm256_castsi256_ps(_mm256_slli_epi32(rank, 28));
                ranks = _mm256_add_epi32(ranks, _mm256_castps_si256(_mm256_blendv_ps(low_weight, high_weight, is_high)));
                suit_sum = _mm256_add_epi32(suit_sum, _mm256_permutevar8x32_epi32(suits, card));
            }
            _mm256_storeu_si256((__m256i *)sums, _mm256_and_si256(ranks, sum_mask));
            for (int l = 0; l < 8; l++)
                values[i + (size_t)l] = sum_value(sums[l]);
            const __m256i plain = _mm256_cmpeq_epi32(_mm256_and_si256(suit_sum, flush_check), zero);
            const unsigned flush = ~(unsigned)_mm256_movemask_ps(_mm256_castsi256_ps(plain)) & 0xffu;
            for (int l = 0; l < 8; l++) {
                flushes[found] = (uint16_t)(i + (size_t)l);
                found += (flush >> l) & 1u;
            }
        }
        for (; i < n; i++) { /* the last rows, which the 16-byte loads cannot reach */
            uint64_t key = row_key(block + i * (size_t)k, k);
            values[i] = (int32_t)ph_rank_value(key);
            flushes[found] = (uint16_t)i;
            found += (key & PH_FLUSH_CHECK) != 0;
        }
        revalue_flushes(block, k, flushes, found, values);
    }
}

TARGET_AVX2 static void checked_rows_avx2(const uint8_t *cards, size_t rows, int k, int32_t *out)
{
    switch (k) {
    case 5:
        checked_rows_avx2_k(cards, rows, 5, out);
        break;
    case 6:
        checked_rows_avx2_k(cards, rows, 6, out);
        break;
    default:
        checked_rows_avx2_k(cards, rows, 7, out);
        break;
    }
}

/* AVX-512 check: one 64-byte register holds 64 / k whole rows; VBMI's byte permute rotates each row's
   cards across the whole register. Full loads while they stay inside the rows, masked loads after. */
TARGET_AVX512 static inline __m512i bad_bytes_avx512(__m512i v, const __m512i *rot, const int k, __m512i top)
{
    __m512i bad = _mm512_subs_epu8(v, top);
    bad = _mm512_or_si512(bad, _mm512_movm_epi8(_mm512_cmpeq_epi8_mask(v, _mm512_permutexvar_epi8(rot[0], v))));
    bad = _mm512_or_si512(bad, _mm512_movm_epi8(_mm512_cmpeq_epi8_mask(v, _mm512_permutexvar_epi8(rot[1], v))));
    if (k >= 6)
        bad = _mm512_or_si512(bad, _mm512_movm_epi8(_mm512_cmpeq_epi8_mask(v, _mm512_permutexvar_epi8(rot[2], v))));
    return bad;
}

TARGET_AVX512 static inline int check_rows_avx512_k(const uint8_t *restrict cards, size_t rows, const int k,
                                                    size_t *bad_row)
{
    const size_t group = 64 / (size_t)k;
    const int used = (int)group * k;
    /* Rotation by one (each row's card j to its card j + 1 mod k, bytes past the rows in place), then by
       two and three as its powers (cheaper to build than byte loops with divisions). */
    uint8_t index[64];
    for (int l = 0, j = 0; l < 64; l++, j = j + 1 == k ? 0 : j + 1)
        index[l] = (uint8_t)(l >= used ? l : j + 1 == k ? l + 1 - k : l + 1);
    __m512i rot[3];
    rot[0] = _mm512_loadu_si512(index);
    rot[1] = _mm512_permutexvar_epi8(rot[0], rot[0]);
    rot[2] = _mm512_permutexvar_epi8(rot[0], rot[1]);
    const __mmask64 live = (__mmask64)((1ull << used) - 1);
    const __m512i top = _mm512_set1_epi8(51);
    size_t i = 0;
    /* Two registers per test; the second 64-byte load must end inside the rows. */
    for (; i + 2 * group <= rows && (rows - i - group) * (size_t)k >= 64; i += 2 * group) {
        const uint8_t *p = cards + i * (size_t)k;
        __m512i bad = _mm512_or_si512(bad_bytes_avx512(_mm512_loadu_si512(p), rot, k, top),
                                      bad_bytes_avx512(_mm512_loadu_si512(p + used), rot, k, top));
        if (__builtin_expect(_mm512_test_epi8_mask(bad, bad) & live, 0))
            return bad_rows(cards, i, rows, k, bad_row);
    }
    for (; i < rows; i += group) {
        const size_t left = rows - i < group ? rows - i : group;
        const __mmask64 these = (__mmask64)((1ull << (left * (size_t)k)) - 1);
        __m512i bad = bad_bytes_avx512(_mm512_maskz_loadu_epi8(these, cards + i * (size_t)k), rot, k, top);
        if (_mm512_test_epi8_mask(bad, bad) & these)
            return bad_rows(cards, i, rows, k, bad_row);
    }
    return PH_OK;
}

TARGET_AVX512 static int check_rows_avx512(const uint8_t *cards, size_t rows, int k, size_t *bad_row)
{
    switch (k) {
    case 5:
        return check_rows_avx512_k(cards, rows, 5, bad_row);
    case 6:
        return check_rows_avx512_k(cards, rows, 6, bad_row);
    default:
        return check_rows_avx512_k(cards, rows, 7, bad_row);
    }
}


/* AVX-512 values, 16 rows at a time: two loads hold the rows (16 k bytes), a VBMI byte permute puts card
   j of each row in its own 32-bit lane, two in-register lookups give its rank weight and suit counter
   (the parts of PH_CARD_KEY[card]), and the sums are the row's key split in two. The block's rank sums
   are stored, then read through the two tables by a scalar loop (a 16-lane gather costs more here, and
   the separate loop beat table reads interleaved with the vector work); flush rows are listed with a
   compress, with no branch, and revalued after the block as in value_block. Memory-safe for any bytes,
   like value_block. */
TARGET_AVX512 static inline void checked_rows_avx512_k(const uint8_t *restrict cards, size_t rows, const int k,
                                                       int32_t *restrict out)
{
    uint32_t weight[16], suit[16];
    for (int i = 0; i < 16; i++) {
        weight[i] = i < 13 ? (uint32_t)(PH_CARD_KEY[4 * i] >> PH_RANK_SHIFT) : 0;
        suit[i] = (uint32_t)(PH_CARD_KEY[i] & 0xffff); /* card i's suit counter (i < 16: real cards) */
    }
    const __m512i weights = _mm512_loadu_si512(weight), suits = _mm512_loadu_si512(suit);
    const __m512i lane = _mm512_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
    const __m512i first_byte = _mm512_mullo_epi32(lane, _mm512_set1_epi32(k));
    const __m512i sum_mask = _mm512_set1_epi32((int)((1ull << PH_SUM_BITS) - 1));
    const __m512i suit_init = _mm512_set1_epi32((int)(PH_KEY_INIT & 0xffff));
    const __m512i rank_init = _mm512_set1_epi32((int)(uint32_t)(PH_KEY_INIT >> PH_RANK_SHIFT));
    const __m512i flush_check = _mm512_set1_epi32((int)PH_FLUSH_CHECK);
    const __mmask64 second = (__mmask64)((1ull << (16 * k - 64)) - 1);
    const __mmask64 low_bytes = 0x1111111111111111ull;
    for (size_t b = 0; b < rows; b += BLOCK) {
        const uint8_t *block = cards + b * (size_t)k;
        int32_t *values = out + b;
        const size_t n = rows - b < BLOCK ? rows - b : BLOCK;
        uint16_t flushes[BLOCK + 16];
        uint32_t sums[BLOCK];
        size_t found = 0, i = 0;
        for (; i + 16 <= n; i += 16) {
            const uint8_t *p = block + i * (size_t)k;
            const __m512i lo = _mm512_loadu_si512(p), hi = _mm512_maskz_loadu_epi8(second, p + 64);
            __m512i ranks = rank_init, suit_sum = suit_init;
            for (int j = 0; j < k; j++) {
                __m512i at = _mm512_add_epi32(first_byte, _mm512_set1_epi32(j));
                __m512i card = _mm512_maskz_permutex2var_epi8(low_bytes, lo, at, hi);
                ranks = _mm512_add_epi32(ranks, _mm512_permutexvar_epi32(_mm512_srli_epi32(card, 2), weights));
                suit_sum = _mm512_add_epi32(suit_sum, _mm512_permutexvar_epi32(card, suits));
            }
            _mm512_storeu_si512(sums + i, _mm512_and_si512(ranks, sum_mask));
            const __mmask16 flush = _mm512_test_epi32_mask(suit_sum, flush_check);
            const __m512i rows_here = _mm512_add_epi32(lane, _mm512_set1_epi32((int)i));
            _mm256_storeu_si256((__m256i *)(flushes + found),
                                _mm512_cvtepi32_epi16(_mm512_maskz_compress_epi32(flush, rows_here)));
            found += (size_t)__builtin_popcount(flush);
        }
        for (; i < n; i++) {
            uint64_t key = row_key(block + i * (size_t)k, k);
            sums[i] = (uint32_t)(key >> PH_RANK_SHIFT) & ((1u << PH_SUM_BITS) - 1);
            flushes[found] = (uint16_t)i;
            found += (key & PH_FLUSH_CHECK) != 0;
        }
        for (size_t r = 0; r < n; r++)
            values[r] = sum_value(sums[r]);
        revalue_flushes(block, k, flushes, found, values);
    }
}

TARGET_AVX512 static void checked_rows_avx512(const uint8_t *cards, size_t rows, int k, int32_t *out)
{
    switch (k) {
    case 5:
        checked_rows_avx512_k(cards, rows, 5, out);
        break;
    case 6:
        checked_rows_avx512_k(cards, rows, 6, out);
        break;
    default:
        checked_rows_avx512_k(cards, rows, 7, out);
        break;
    }
}
#endif

int ph_batch_isa(void)
{
#if PH_X86_PATHS
    if (__builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
        __builtin_cpu_supports("avx512vbmi"))
        return PH_ISA_AVX512;
    if (__builtin_cpu_supports("avx2"))
        return PH_ISA_AVX2;
#endif
    return PH_ISA_PORTABLE;
}

/* The check pass on path isa (one ph_batch_isa accepts; k is 5..7, the pointers are valid). */
static int check_rows_at(const uint8_t *cards, size_t rows, int k, size_t *bad_row, int isa)
{
#if PH_X86_PATHS
    if (isa == PH_ISA_AVX512)
        return check_rows_avx512(cards, rows, k, bad_row);
    if (isa == PH_ISA_AVX2)
        return check_rows_avx2(cards, rows, k, bad_row);
#endif
    (void)isa;
    switch (k) {
    case 5:
        return check_rows(cards, rows, 5, bad_row);
    case 6:
        return check_rows(cards, rows, 6, bad_row);
    default:
        return check_rows(cards, rows, 7, bad_row);
    }
}

/* The value pass on path isa. */
static void checked_rows_at(const uint8_t *cards, size_t rows, int k, int32_t *out, int isa)
{
#if PH_X86_PATHS
    if (isa == PH_ISA_AVX512) {
        checked_rows_avx512(cards, rows, k, out);
        return;
    }
    if (isa == PH_ISA_AVX2) {
        checked_rows_avx2(cards, rows, k, out);
        return;
    }
#endif
    (void)isa;
    switch (k) {
    case 5:
        checked_rows(cards, rows, 5, out);
        break;
    case 6:
        checked_rows(cards, rows, 6, out);
        break;
    default:
        checked_rows(cards, rows, 7, out);
        break;
    }
}

/* Every row is checked first, then valued (a bad row stops the batch before any value is written). */
int ph_evaluate_batch(const uint8_t *cards, size_t rows, int k, int32_t *out, size_t *bad_row)
{
    if (k < 5 || k > 7)
        return PH_ERR_CARD_COUNT;
    if (bad_row == NULL || (rows > 0 && (cards == NULL || out == NULL)))
        return PH_ERR_ARGUMENT;
    const int isa = ph_batch_isa();
    int status = check_rows_at(cards, rows, k, bad_row, isa);
    if (status == PH_OK)
        checked_rows_at(cards, rows, k, out, isa);
    return status;
}

int ph_check_batch_isa(const uint8_t *cards, size_t rows, int k, size_t *bad_row, int isa)
{
    if (k < 5 || k > 7)
        return PH_ERR_CARD_COUNT;
    if (bad_row == NULL || (rows > 0 && cards == NULL) || isa < PH_ISA_PORTABLE || isa > ph_batch_isa())
        return PH_ERR_ARGUMENT;
    return check_rows_at(cards, rows, k, bad_row, isa);
}

int ph_check_batch(const uint8_t *cards, size_t rows, int k, size_t *bad_row)
{
    return ph_check_batch_isa(cards, rows, k, bad_row, ph_batch_isa());
}

int ph_evaluate_checked_batch_isa(const uint8_t *cards, size_t rows, int k, int32_t *out, int isa)
{
    if (k < 5 || k > 7)
        return PH_ERR_CARD_COUNT;
    if ((rows > 0 && (cards == NULL || out == NULL)) || isa < PH_ISA_PORTABLE || isa > ph_batch_isa())
        return PH_ERR_ARGUMENT;
    checked_rows_at(cards, rows, k, out, isa);
    return PH_OK;
}

int ph_evaluate_checked_batch(const uint8_t *cards, size_t rows, int k, int32_t *out)
{
    return ph_evaluate_checked_batch_isa(cards, rows, k, out, ph_batch_isa());
}

