/*
 * holdem.h — the one public header of the pyholdem C core.
 *
 * Everything between PH_CDEF_BEGIN and PH_CDEF_END is also the cffi cdef (build_ffi.py), so it
 * holds plain declarations only. Encodings, shared with the Python spec (DESIGN.md):
 *   card id   = rank * 4 + suit, rank 0 = deuce .. 12 = ace, suit 0..3 = c, d, h, s
 *   hand value = category << 12 | rank_within_category, bigger is better
 * Functions are prefixed ph_ and named after the spec function they accelerate.
 */
#ifndef PYHOLDEM_HOLDEM_H
#define PYHOLDEM_HOLDEM_H

#include <stddef.h>
#include <stdint.h>

/* PH_CDEF_BEGIN */

/* Status codes returned by every checked entry point (PH_OK = success). */
enum ph_status {
    PH_OK = 0,
    PH_ERR_CARD_RANGE = 1,     /* a card id outside 0..51 */
    PH_ERR_DUPLICATE_CARD = 2, /* the same card twice in one hand */
    PH_ERR_CARD_COUNT = 3,     /* a hand with the wrong number of cards */
    PH_ERR_ARGUMENT = 4        /* any other argument out of range */
};

/* The version of the C core as "MAJOR.MINOR.PATCH"; must equal pyholdem.__version__. */
const char *ph_version(void);
/* The size of the card deck the core was built for (52). */
int ph_deck_size(void);

/* --- hand evaluator (spec 02) --- */

/* Value (>= 0) of the best five of count (5..7) distinct cards, or a negative ph_status. */
int ph_hand_value(const uint8_t *cards, int count);
/* ph_hand_value for exactly 5, 6 or 7 cards (one-argument calls are the cheapest from Python). */
int ph_hand_value5(const uint8_t *cards);
int ph_hand_value6(const uint8_t *cards);
int ph_hand_value7(const uint8_t *cards);
/* Value of the hand made of the set bits of mask (bit i = card id i, 5..7 bits), or a negative ph_status. */
int ph_evaluate_mask(uint64_t mask);
/* out[i] = value of row i of a rows x k (5..7) row-major array of card ids. Returns a ph_status;
   on failure *bad_row is the first offending row and out is left partly written. */
int ph_evaluate_batch(const uint8_t *cards, size_t rows, int k, int32_t *out, size_t *bad_row);
/* counts[c] (9 entries) = how many of the C(52, k) hands of k (5..7) cards have category c. */
int ph_enumerate_categories(int k, uint64_t *counts);
/* Equity (spec 2.9) of players (2..10) two-card hands (holes: 2 * players ids) given board_count
   (0, 3, 4, 5) board cards and dead_count dead cards: over every completion of the board when trials
   is 0, else over trials random completions drawn with seed. wins, ties, shares have players
   entries; shares are in 1/2520 pots; *boards = completions counted. */
int ph_equity(const uint8_t *holes, int players, const uint8_t *board, int board_count,
              const uint8_t *dead, int dead_count, uint64_t trials, uint64_t seed,
              uint64_t *wins, uint64_t *ties, uint64_t *shares, uint64_t *boards);

/* --- pot resolver (spec 07, 08) --- */

/* PH_CDEF_END */

#endif
