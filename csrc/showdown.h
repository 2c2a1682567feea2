/*
 * showdown.h — valuing and scoring the players' seven cards on completed boards (sections 2.4, 2.9,
 * 13.5), shared by evaluator.c (ph_equity) and ranges.c (ph_range_exact, ph_range_sample).
 *
 * Keys are those of eval_tables.h: PH_KEY_INIT plus PH_CARD_KEY per card. A player's hole key is the
 * PH_CARD_KEY sum of its two cards (no PH_KEY_INIT), so a board key (which has it) plus a hole key is
 * the seven cards' key. Suit masks hold each suit's ranks in 16 bits (suit_bit, eval_core.h). Everything here
 * is static inline: no state, no allocation.
 */
#ifndef PH_SHOWDOWN_H
#define PH_SHOWDOWN_H

#include <stdint.h>

#include "eval_core.h"

#define PH_SHARE_UNIT 2520u
#define PH_SHOWDOWN_PLAYERS 10

/* The players of one deal and its counts: per player the hole key and suit masks, and the boards won
   alone, the boards tied and the pot shares (1/PH_SHARE_UNIT pots). */
typedef struct {
    int players;
    uint64_t hole_key[PH_SHOWDOWN_PLAYERS], hole_suits[PH_SHOWDOWN_PLAYERS];
    uint64_t wins[PH_SHOWDOWN_PLAYERS], ties[PH_SHOWDOWN_PLAYERS], shares[PH_SHOWDOWN_PLAYERS];
} ph_showdown;

/* Value of seven cards from their key and suit masks: with five of a suit nothing but a flush or
   better is possible (four of a kind and a full house need three other cards), so the suit's ranks
   decide; otherwise the rank sum does. */
static inline unsigned ph_value_of(uint64_t key, uint64_t suits)
{
    uint64_t flush = key & PH_FLUSH_CHECK;
    if (flush)
        return PH_FLUSH_TABLE[(suits >> (16 * flush_suit(flush))) & PH_RANK_MASK13];
    return ph_rank_value(key);
}

/* Pot shares by the number of players tied (PH_SHARE_UNIT / n). */
static const uint16_t PH_SHARE_OF[PH_SHOWDOWN_PLAYERS + 1] = {0, 2520, 1260, 840, 630, 504, 420, 360, 315, 280, 252};

/* Count n boards on which the players have these values: branch-free, since who wins is a coin toss
   to a branch predictor. Counters are unsigned: n may be the two's complement of a count to take
   away (ph_range_exact's flush correction), the sums wrap back to the true counts. */
static inline void ph_score(ph_showdown *sd, const unsigned *values, uint64_t n)
{
    const int players = sd->players;
    unsigned best = 0, tied = 0;
    for (int p = 0; p < players; p++)
        best = values[p] > best ? values[p] : best;
    for (int p = 0; p < players; p++)
        tied += values[p] == best;
    const uint64_t alone = tied == 1, share = PH_SHARE_OF[tied];
    for (int p = 0; p < players; p++) {
        const uint64_t top = values[p] == best;
        sd->wins[p] += (top & alone) * n;
        sd->ties[p] += (top & !alone) * n;
        sd->shares[p] += top * share * n;
    }
}

/* Score the board with this key and these suit masks, counted n times. With branches, unlike ph_score:
   on the boards of one deal enumerated in order the winner repeats, and the predictor follows it
   (about 1.4 times as fast as ph_score for heads-up preflop equity). */
static inline void ph_settle(ph_showdown *sd, uint64_t key, uint64_t suits, uint64_t n)
{
    unsigned values[PH_SHOWDOWN_PLAYERS], best = 0;
    int tied = 0;
    for (int p = 0; p < sd->players; p++) {
        unsigned v = ph_value_of(key + sd->hole_key[p], suits | sd->hole_suits[p]);
        values[p] = v;
        if (v > best) {
            best = v;
            tied = 1;
        } else if (v == best) {
            tied++;
        }
    }
    for (int p = 0; p < sd->players; p++) {
        if (values[p] != best)
            continue;
        if (tied == 1)
            sd->wins[p] += n;
        else
            sd->ties[p] += n;
        sd->shares[p] += n * PH_SHARE_OF[tied];
    }
}

/* The last board card, from the size cards of deck (ascending ids). Cards of one rank whose suit
   cannot make or change anyone's flush give every player the same value: one evaluation counts them
   all. Returns the boards counted (size). */
static inline uint64_t ph_last_card(ph_showdown *sd, const uint8_t *deck, int size, uint64_t key,
                                    uint64_t suits)
{
    uint64_t flush_suits = 0;
    for (int p = 0; p < sd->players; p++)
        flush_suits |= (key + sd->hole_key[p] + PH_ONE_PER_SUIT) & PH_FLUSH_CHECK;
    int i = 0;
    while (i < size) {
        int rank = deck[i] >> 2, same = -1;
        uint64_t n = 0;
        for (; i < size && deck[i] >> 2 == rank; i++) {
            int card = deck[i];
            if (flush_suits & (8ull << (PH_SUIT_SHIFT + 4 * (card & 3)))) {
                ph_settle(sd, key + PH_CARD_KEY[card], suits | suit_bit(card), 1);
            } else {
                same = card;
                n++;
            }
        }
        if (n > 0)
            ph_settle(sd, key + PH_CARD_KEY[same], suits | suit_bit(same), n);
    }
    return (uint64_t)size;
}

/* Every completion of the board (key, suits) by left cards of the size cards of deck (ascending ids):
   scores each and returns how many there are. */
static inline uint64_t ph_complete(ph_showdown *sd, const uint8_t *deck, int size, int left, uint64_t key,
                                   uint64_t suits)
{
    if (left == 0) {
        ph_settle(sd, key, suits, 1);
        return 1;
    }
    if (left == 1)
        return ph_last_card(sd, deck, size, key, suits);
    uint64_t n = 0;
    for (int i = 0; i <= size - left; i++)
        n += ph_complete(sd, deck + i + 1, size - i - 1, left - 1, key + PH_CARD_KEY[deck[i]],
                         suits | suit_bit(deck[i]));
    return n;
}

#endif
