/*
 * eval_core.h — what the evaluator's files share (spec 02): card checks and the value of a few cards
 * from the tables of eval_tables.h (csrc/EVALUATOR.md). Static inline only: no state.
 */
#ifndef PH_EVAL_CORE_H
#define PH_EVAL_CORE_H

#include <stdint.h>

#include "eval_tables.h"
#include "holdem.h"

#define PH_RANK_MASK13 0x1fffu
#define PH_ONE_PER_SUIT (0x1111ull << PH_SUIT_SHIFT) /* one card more in every suit counter */

#define SUIT_SPAN 16
#define SUIT_COLUMN 0x1111111111111ull

static inline unsigned rank_lookup(uint64_t key) { return ph_rank_value(key); }

static inline int flush_suit(uint64_t flush_bits)
{
    return (__builtin_ctzll(flush_bits) - PH_SUIT_SHIFT - 3) >> 2;
}

static inline uint64_t suit_bit(int card) { return 1ull << (SUIT_SPAN * (card & 3) + (card >> 2)); }

static inline unsigned suit_ranks(uint64_t suit_masks, int suit)
{
    return (unsigned)(suit_masks >> (SUIT_SPAN * suit)) & PH_RANK_MASK13;
}

/* Value of k valid, distinct cards. */
static inline unsigned eval_cards(const uint8_t *cards, int k)
{
    uint64_t key = PH_KEY_INIT;
    for (int i = 0; i < k; i++)
        key += PH_CARD_KEY[cards[i]];
    uint64_t flush = key & PH_FLUSH_CHECK;
    if (flush) {
        int suit = flush_suit(flush);
        unsigned ranks = 0;
        for (int i = 0; i < k; i++)
            if ((cards[i] & 3) == suit)
                ranks |= 1u << (cards[i] >> 2);
        return PH_FLUSH_TABLE[ranks];
    }
    return rank_lookup(key);
}

/* The status of k cards: range first (first card outside 0..51), then duplicates. */
static inline int check_cards(const uint8_t *cards, int k)
{
    uint64_t seen = 0;
    for (int i = 0; i < k; i++)
        if (cards[i] >= 52)
            return PH_ERR_CARD_RANGE;
    for (int i = 0; i < k; i++) {
        if (seen & PH_CARD_BIT[cards[i]])
            return PH_ERR_DUPLICATE_CARD;
        seen |= PH_CARD_BIT[cards[i]];
    }
    return PH_OK;
}

#endif
