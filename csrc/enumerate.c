/*
 * enumerate.c — the categories of every hand of k (5..7) cards (section 2.4, ph_enumerate_categories):
 * prefixes by their keys, the last cards by rank where no flush is possible (csrc/EVALUATOR.md).
 */
#include <string.h>

#include "eval_core.h"

/* ---- enumeration of every k-card hand ---- */

/* The last card ranges over ids first..51 after a prefix with this key and suit masks. */
static void enumerate_last(uint64_t key, uint64_t suit_masks, int first, uint64_t *counts)
{
    uint64_t made = key & PH_FLUSH_CHECK;
    if (made) {
        int suit = flush_suit(made);
        unsigned ranks = suit_ranks(suit_masks, suit);
        for (int c = first; c < 52; c++) {
            unsigned r = (c & 3) == suit ? ranks | (1u << (c >> 2)) : ranks;
            counts[PH_FLUSH_TABLE[r] >> 12]++;
        }
        return;
    }
    uint64_t draw = (key + PH_ONE_PER_SUIT) & PH_FLUSH_CHECK;
    int draw_suit = draw ? flush_suit(draw) : -1;
    unsigned draw_ranks = draw ? suit_ranks(suit_masks, draw_suit) : 0;
    int first_rank = first >> 2;
    for (int r = first_rank; r < 13; r++) {
        int low_suit = r == first_rank ? (first & 3) : 0;
        uint64_t n = (uint64_t)(4 - low_suit);
        if (draw_suit >= low_suit) {
            counts[PH_FLUSH_TABLE[draw_ranks | (1u << r)] >> 12]++;
            n--;
        }
        counts[rank_lookup(key + PH_CARD_KEY[r * 4]) >> 12] += n;
    }
}

/* The last two cards range over ids first..51 after a prefix whose key shows at most two cards of any
   suit: no flush can be made, so the value depends on the two ranks only and each pair of ranks is
   looked up once, counted as many times as the free ids of those ranks allow. */
static void enumerate_rank_pairs(uint64_t key, int first, uint64_t *counts)
{
    const int first_rank = first >> 2;
    for (int r6 = first_rank; r6 < 13; r6++) {
        const uint64_t free6 = r6 == first_rank ? (uint64_t)(4 - (first & 3)) : 4;
        const uint64_t key6 = key + PH_CARD_KEY[r6 * 4];
        if (free6 >= 2)
            counts[rank_lookup(key6 + PH_CARD_KEY[r6 * 4]) >> 12] += free6 * (free6 - 1) / 2;
        for (int r7 = r6 + 1; r7 < 13; r7++)
            counts[rank_lookup(key6 + PH_CARD_KEY[r7 * 4]) >> 12] += free6 * 4;
    }
}

/* A key whose suit counters all stand at two cards or fewer (each counter is 3 plus its cards). */
#define AT_MOST_TWO_PER_SUIT(key) ((((key) + (0x2222ull << PH_SUIT_SHIFT)) & PH_FLUSH_CHECK) == 0)

static void enumerate_from(int left, int first, uint64_t key, uint64_t suit_masks, uint64_t *counts)
{
    if (left == 1) {
        enumerate_last(key, suit_masks, first, counts);
        return;
    }
    if (left == 2 && AT_MOST_TWO_PER_SUIT(key)) {
        enumerate_rank_pairs(key, first, counts);
        return;
    }
    for (int c = first; c <= 52 - left; c++)
        enumerate_from(left - 1, c + 1, key + PH_CARD_KEY[c], suit_masks | suit_bit(c), counts);
}

int ph_enumerate_categories(int k, uint64_t *counts)
{
    if (k < 5 || k > 7)
        return PH_ERR_CARD_COUNT;
    if (counts == NULL)
        return PH_ERR_ARGUMENT;
    memset(counts, 0, 9 * sizeof counts[0]);
    enumerate_from(k, 0, PH_KEY_INIT, 0, counts);
    return PH_OK;
}

