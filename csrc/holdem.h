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

/* Limits of one settlement: 2..PH_MAX_SEATS seats, at most PH_MAX_POTS pots (one per level). */
enum { PH_MAX_SEATS = 10, PH_MAX_POTS = 10 };

/* RuleSet.odd_chip_rule (section 8.8), in the order of the RuleSet choices. */
enum ph_odd_chip_rule {
    PH_ODD_CHIP_LEFT_OF_BUTTON = 0,            /* "left_of_button": one unit per winner, then change */
    PH_ODD_CHIP_LEFT_OF_BUTTON_WHOLE_CHIP = 1  /* "left_of_button_whole_chip": all of it to one winner */
};

/* Which input a settlement refused (ph_pot_fault.field). */
enum ph_pot_field {
    PH_FIELD_NONE = 0,
    PH_FIELD_SEATS = 1,         /* seat count outside 2..PH_MAX_SEATS */
    PH_FIELD_CONTRIBUTION = 2,  /* a negative contribution */
    PH_FIELD_DEAD = 3,          /* a negative dead-money amount */
    PH_FIELD_VALUE = 4,         /* a live seat's hand value outside 0..2**31-1 */
    PH_FIELD_BUTTON = 5,        /* button outside 0..seats-1 */
    PH_FIELD_CHIP_UNIT = 6,     /* chip unit below 1 */
    PH_FIELD_ODD_CHIP_RULE = 7, /* not a ph_odd_chip_rule */
    PH_FIELD_FOLDED = 8,        /* every seat folded */
    PH_FIELD_TOTAL = 9,         /* chips in the hand exceed INT64_MAX */
    PH_FIELD_CARDS = 10,        /* a live seat's or the board's card id outside 0..51 */
    PH_FIELD_DUPLICATE = 11,    /* the same card twice among the board and live hole cards */
    PH_FIELD_COUNT = 12         /* hand count below 0 or buffer missing */
};

/* Where a refusal happened: the field, the row of a batch (0 for one hand), the seat (-1 if none). */
typedef struct {
    int field;
    int seat;
    int64_t row;
} ph_pot_fault;

/* One pot: chips, the seats that may win it and the seats that won it (bit s = seat s). */
typedef struct {
    int64_t amount;
    uint32_t eligible;
    uint32_t winners;
} ph_pot;

/* Settle one hand (sections 7.6, 7.7, 8.7, 8.8), arguments in the order of the spec's resolve_pots. Per
   seat: total contribution, folded flag (non-zero = folded), hand value (ignored for folded seats); the
   button seat; per-seat dead money (NULL = none). Writes payouts[n_seats],
   pots[0..*n_pots) (caller provides PH_MAX_POTS) and returns PH_OK, or PH_ERR_ARGUMENT with *fault
   filled in (fault may be NULL). No allocation, no global state. */
int ph_resolve_pots(int n_seats, const int64_t *contributions, const uint8_t *folded, const int32_t *values,
                    int button, const int64_t *dead, int odd_chip_rule, int64_t chip_unit, int64_t *payouts,
                    ph_pot *pots, int *n_pots, ph_pot_fault *fault);

/* Settle n_hands hands of n_seats seats from row-major (n_hands, n_seats) arrays (dead may be NULL) and
   (n_hands,) buttons into payouts (n_hands, n_seats). Stops at the first refused row. */
int ph_resolve_pots_batch(int64_t n_hands, int n_seats, const int64_t *contributions, const uint8_t *folded,
                          const int32_t *values, const int64_t *buttons, const int64_t *dead,
                          int odd_chip_rule, int64_t chip_unit, int64_t *payouts, ph_pot_fault *fault);

/* Evaluate and settle n_hands showdowns in one call: boards (n_hands, 5) and holes (n_hands, n_seats, 2)
   card ids; the rest as ph_resolve_pots_batch. Each live seat's value (the best five of its seven cards,
   ph_hand_value) goes to values (n_hands, n_seats; -1 for folded seats), then the row is settled into
   payouts. Folded seats' hole cards are ignored; board and live hole cards must be distinct ids 0..51. */
int ph_resolve_showdowns_batch(int64_t n_hands, int n_seats, const uint8_t *boards, const uint8_t *holes,
                               const int64_t *contributions, const uint8_t *folded, const int64_t *buttons,
                               const int64_t *dead, int odd_chip_rule, int64_t chip_unit, int32_t *values,
                               int64_t *payouts, ph_pot_fault *fault);

/* PH_CDEF_END */

#endif
