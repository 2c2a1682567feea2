/*
 * evaluator.c — the value of one hand (section 2.4) from its card ids or a card mask. The tables come
 * from csrc/generated/eval_tables.h, generated from the Python spec; the algorithm is described in
 * csrc/EVALUATOR.md. The batch paths are in evaluate_batch.c, the enumeration of every hand in
 * enumerate.c, equity in equity.c.
 */
#include "eval_core.h"

int ph_hand_value(const uint8_t *cards, int count)
{
    if (count < 5 || count > 7)
        return -PH_ERR_CARD_COUNT;
    if (cards == NULL)
        return -PH_ERR_ARGUMENT;
    int status = check_cards(cards, count);
    if (status != PH_OK)
        return -status;
    return (int)eval_cards(cards, count);
}

static inline int hand_value_k(const uint8_t *cards, const int k)
{
    if (cards == NULL)
        return -PH_ERR_ARGUMENT;
    uint64_t bits = 0;
    for (int i = 0; i < k; i++)
        bits |= PH_CARD_BIT[cards[i]];
    if (__builtin_popcountll(bits) != k)
        return -check_cards(cards, k);
    return (int)eval_cards(cards, k);
}

int ph_hand_value5(const uint8_t *cards) { return hand_value_k(cards, 5); }

int ph_hand_value6(const uint8_t *cards) { return hand_value_k(cards, 6); }

int ph_hand_value7(const uint8_t *cards) { return hand_value_k(cards, 7); }

int ph_evaluate_mask(uint64_t mask)
{
    if (mask >> 52)
        return -PH_ERR_CARD_RANGE;
    int n = __builtin_popcountll(mask);
    if (n < 5 || n > 7)
        return -PH_ERR_CARD_COUNT;
    uint64_t key = PH_KEY_INIT;
    for (uint64_t m = mask; m; m &= m - 1)
        key += PH_CARD_KEY[__builtin_ctzll(m)];
    uint64_t flush = key & PH_FLUSH_CHECK;
    if (flush) {
        int suit = flush_suit(flush);
        unsigned ranks = 0;
        for (uint64_t m = (mask >> suit) & SUIT_COLUMN; m; m &= m - 1)
            ranks |= 1u << (__builtin_ctzll(m) >> 2);
        return PH_FLUSH_TABLE[ranks];
    }
    return (int)rank_lookup(key);
}

