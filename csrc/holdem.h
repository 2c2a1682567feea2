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

/* --- pot resolver (spec 07, 08) --- */

/* PH_CDEF_END */

#endif
