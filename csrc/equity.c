/*
 * equity.c — the equity of known hands (section 2.9): over every completion of the board (showdown.h's
 * enumeration), or over random completions, whole or in parts for threads.
 */
#include <string.h>

#include "eval_core.h"
#include "rng.h"
#include "showdown.h"

/* ---- equity ---- */

/* The players and counts of an equity run as showdown.h counts them (a local copy: its arrays are the
   compiler's to keep in registers), and the counts back into the run. */
static inline void load_showdown(ph_showdown *sd, const ph_equity_run *run)
{
    sd->players = run->players;
    memcpy(sd->hole_key, run->hole_key, sizeof sd->hole_key);
    memcpy(sd->hole_suits, run->hole_suits, sizeof sd->hole_suits);
    memcpy(sd->wins, run->wins, sizeof sd->wins);
    memcpy(sd->ties, run->ties, sizeof sd->ties);
    memcpy(sd->shares, run->shares, sizeof sd->shares);
}

static inline void store_counts(const ph_showdown *sd, ph_equity_run *run)
{
    memcpy(run->wins, sd->wins, sizeof run->wins);
    memcpy(run->ties, sd->ties, sizeof run->ties);
    memcpy(run->shares, sd->shares, sizeof run->shares);
}

/* Uniform integer in 0..bound-1 (Lemire's multiply-and-reject). */
static inline uint32_t below(uint64_t *g, uint32_t bound)
{
    uint64_t m = (next64(g) >> 32) * bound;
    uint32_t low = (uint32_t)m;
    if (low < bound) {
        uint32_t threshold = (uint32_t)(-bound) % bound;
        while (low < threshold) {
            m = (next64(g) >> 32) * bound;
            low = (uint32_t)m;
        }
    }
    return (uint32_t)(m >> 32);
}

/* Add trials random completions of the board to the run: a partial Fisher-Yates shuffle of the
   deck per trial, the deck's order and the generator carrying over from one call to the next. */
int ph_equity_sample(ph_equity_run *run, uint64_t trials)
{
    if (run == NULL || run->players < 2 || run->players > 10 || run->left < 0 || run->left > 5 ||
        run->size < run->left || run->size > 52 || run->boards > PH_EQUITY_MAX_TRIALS ||
        trials > PH_EQUITY_MAX_TRIALS - run->boards)
        return PH_ERR_ARGUMENT;
    for (int i = 0; i < run->size; i++)
        if (run->deck[i] >= 52)
            return PH_ERR_ARGUMENT;
    const int left = run->left, size = run->size;
    ph_showdown sd;
    load_showdown(&sd, run);
    for (uint64_t t = 0; t < trials; t++) {
        uint64_t k = run->key, sm = run->suit_masks;
        for (int i = 0; i < left; i++) {
            int j = i + (int)below(run->rng, (uint32_t)(size - i));
            uint8_t card = run->deck[j];
            run->deck[j] = run->deck[i];
            run->deck[i] = card;
            k += PH_CARD_KEY[card];
            sm |= suit_bit(card);
        }
        ph_settle(&sd, k, sm, 1);
    }
    store_counts(&sd, run);
    run->boards += trials;
    return PH_OK;
}

int ph_equity_start(ph_equity_run *run, const uint8_t *holes, int players, const uint8_t *board, int board_count,
                    const uint8_t *dead, int dead_count, uint64_t seed)
{
    if (players < 2 || players > 10 || (board_count != 0 && (board_count < 3 || board_count > 5)) ||
        dead_count < 0 || dead_count > 52)
        return PH_ERR_CARD_COUNT;
    if (run == NULL || holes == NULL || (board_count > 0 && board == NULL) || (dead_count > 0 && dead == NULL))
        return PH_ERR_ARGUMENT;
    uint8_t used[2 * 10 + 5 + 52];
    int n = 0;
    for (int i = 0; i < 2 * players; i++)
        used[n++] = holes[i];
    for (int i = 0; i < board_count; i++)
        used[n++] = board[i];
    for (int i = 0; i < dead_count; i++)
        used[n++] = dead[i];
    int status = check_cards(used, n);
    if (status != PH_OK)
        return status;
    int left = 5 - board_count;
    if (52 - n < left)
        return PH_ERR_CARD_COUNT;

    memset(run, 0, sizeof *run);
    run->players = players;
    run->left = left;
    run->key = PH_KEY_INIT;
    uint64_t seen = 0;
    for (int p = 0; p < players; p++) {
        run->hole_key[p] = PH_CARD_KEY[holes[2 * p]] + PH_CARD_KEY[holes[2 * p + 1]];
        run->hole_suits[p] = suit_bit(holes[2 * p]) | suit_bit(holes[2 * p + 1]);
    }
    for (int i = 0; i < board_count; i++) {
        run->key += PH_CARD_KEY[board[i]];
        run->suit_masks |= suit_bit(board[i]);
    }
    for (int i = 0; i < n; i++)
        seen |= PH_CARD_BIT[used[i]];
    for (int c = 0; c < 52; c++)
        if (!(seen & PH_CARD_BIT[c]))
            run->deck[run->size++] = (uint8_t)c;
    for (int i = 0; i < 4; i++)
        run->rng[i] = splitmix64(&seed);
    return PH_OK;
}

int ph_equity(ph_equity_query *q)
{
    if (q == NULL)
        return PH_ERR_ARGUMENT;
    ph_equity_run run;
    int status = ph_equity_start(&run, q->holes, q->players, q->board, q->board_count, q->dead, q->dead_count, q->seed);
    if (status != PH_OK)
        return status;
    if (q->trials == 0) {
        ph_showdown sd;
        load_showdown(&sd, &run);
        run.boards = ph_complete(&sd, run.deck, run.size, run.left, run.key, run.suit_masks);
        store_counts(&sd, &run);
    } else if ((status = ph_equity_sample(&run, q->trials)) != PH_OK) {
        return status;
    }
    for (int p = 0; p < q->players; p++) {
        q->wins[p] = run.wins[p];
        q->ties[p] = run.ties[p];
        q->shares[p] = run.shares[p];
    }
    q->boards = run.boards;
    return PH_OK;
}

/* Part of an exact run (threads split the enumeration): add the completions whose first new
   board card is run->deck[i] for i in lo..hi-1, out of the ph_equity_parts(run) parts; with fewer than
   two cards to come the single part 0 is every completion. Parts add up to ph_equity's counts. */
int ph_equity_exact_part(ph_equity_run *run, int lo, int hi)
{
    if (run == NULL || run->players < 2 || run->players > 10 || run->left < 0 || run->left > 5 ||
        run->size < run->left || run->size > 52 || run->boards > PH_EQUITY_MAX_TRIALS)
        return PH_ERR_ARGUMENT;
    for (int i = 0; i < run->size; i++)
        if (run->deck[i] >= 52)
            return PH_ERR_ARGUMENT;
    int parts = run->left >= 2 ? run->size - run->left + 1 : 1;
    if (lo < 0 || hi < lo || hi > parts)
        return PH_ERR_ARGUMENT;
    ph_showdown sd;
    load_showdown(&sd, run);
    if (run->left < 2) {
        if (lo < hi)
            run->boards += ph_complete(&sd, run->deck, run->size, run->left, run->key, run->suit_masks);
        store_counts(&sd, run);
        return PH_OK;
    }
    const uint8_t *deck = run->deck;
    uint64_t boards = 0;
    for (int i = lo; i < hi; i++)
        boards += ph_complete(&sd, deck + i + 1, run->size - i - 1, run->left - 1, run->key + PH_CARD_KEY[deck[i]],
                              run->suit_masks | suit_bit(deck[i]));
    store_counts(&sd, run);
    run->boards += boards;
    return PH_OK;
}

