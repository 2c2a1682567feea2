/*
 * equity_batch.c — many equity queries (spec 2.9) in one call (issue 15): each row is one ph_equity
 * call, exact or Monte Carlo as the row's flag says, its counts written straight into the row of the
 * output arrays. ph_equity_batch_check validates rows without computing, so that a caller can refuse
 * a bad row before any work; both stop at the first bad row and report it.
 */
#include "holdem.h"

/* The dead cards of a row: the entries that are not PH_NO_CARD, in order. */
static int row_dead(const uint8_t *row, int stride, uint8_t *dead)
{
    int n = 0;
    for (int i = 0; i < stride; i++)
        if (row[i] != PH_NO_CARD)
            dead[n++] = row[i];
    return n;
}

/* Row q of a (queries, stride) array; NULL when rows are empty (no offset is applied to NULL). */
static inline const uint8_t *row_of(const uint8_t *rows, int stride, size_t q)
{
    return stride > 0 ? rows + q * (size_t)stride : NULL;
}

static int check_shape(size_t queries, int players, const uint8_t *holes, int board_stride,
                       const uint8_t *boards, const uint8_t *board_counts, int dead_stride, const uint8_t *dead,
                       size_t *bad_row)
{
    if (bad_row == NULL || players < 2 || players > 10 || board_stride < 0 || board_stride > 5 ||
        dead_stride < 0 || dead_stride > 52)
        return PH_ERR_ARGUMENT;
    if (queries > 0 && (holes == NULL || board_counts == NULL || (board_stride > 0 && boards == NULL) ||
                        (dead_stride > 0 && dead == NULL)))
        return PH_ERR_ARGUMENT;
    return PH_OK;
}

int ph_equity_batch_check(size_t queries, int players, const uint8_t *holes, int board_stride,
                          const uint8_t *boards, const uint8_t *board_counts, int dead_stride, const uint8_t *dead,
                          size_t *bad_row)
{
    int status = check_shape(queries, players, holes, board_stride, boards, board_counts, dead_stride, dead, bad_row);
    if (status != PH_OK)
        return status;
    ph_equity_run run;
    uint8_t gone[52];
    for (size_t q = 0; q < queries; q++) {
        int count = board_counts[q];
        if (count > board_stride) {
            *bad_row = q;
            return PH_ERR_CARD_COUNT;
        }
        int n_dead = row_dead(row_of(dead, dead_stride, q), dead_stride, gone);
        status = ph_equity_start(&run, holes + q * 2 * (size_t)players, players, row_of(boards, board_stride, q),
                                 count, gone, n_dead, 0);
        if (status != PH_OK) {
            *bad_row = q;
            return status;
        }
    }
    return PH_OK;
}

int ph_equity_batch(size_t queries, int players, const uint8_t *holes, int board_stride, const uint8_t *boards,
                    const uint8_t *board_counts, int dead_stride, const uint8_t *dead, const uint8_t *exact,
                    uint64_t trials, const uint64_t *seeds, uint64_t *wins, uint64_t *ties, uint64_t *shares,
                    uint64_t *boards_out, size_t *bad_row)
{
    int status = check_shape(queries, players, holes, board_stride, boards, board_counts, dead_stride, dead, bad_row);
    if (status != PH_OK)
        return status;
    if (queries > 0 && (exact == NULL || seeds == NULL || wins == NULL || ties == NULL || shares == NULL ||
                        boards_out == NULL))
        return PH_ERR_ARGUMENT;
    uint8_t gone[52];
    for (size_t q = 0; q < queries; q++) {
        int count = board_counts[q];
        uint64_t n = exact[q] ? 0 : trials;
        if (count > board_stride || (!exact[q] && trials == 0)) {
            *bad_row = q;
            return count > board_stride ? PH_ERR_CARD_COUNT : PH_ERR_ARGUMENT;
        }
        int n_dead = row_dead(row_of(dead, dead_stride, q), dead_stride, gone);
        size_t at = q * (size_t)players;
        status = ph_equity(holes + 2 * at, players, row_of(boards, board_stride, q), count, gone, n_dead, n,
                           seeds[q], wins + at, ties + at, shares + at, boards_out + q);
        if (status != PH_OK) {
            *bad_row = q;
            return status;
        }
    }
    return PH_OK;
}
