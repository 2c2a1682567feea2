/*
 * equity_batch.c — many equity queries (spec 2.9) in one call: each row is one ph_equity
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

static int check_shape(const ph_equity_rows *r, size_t *bad_row)
{
    if (r == NULL || bad_row == NULL || r->players < 2 || r->players > 10 || r->board_stride < 0 ||
        r->board_stride > 5 || r->dead_stride < 0 || r->dead_stride > 52)
        return PH_ERR_ARGUMENT;
    if (r->queries > 0 && (r->holes == NULL || r->board_counts == NULL || (r->board_stride > 0 && r->boards == NULL) ||
                           (r->dead_stride > 0 && r->dead == NULL)))
        return PH_ERR_ARGUMENT;
    return PH_OK;
}

int ph_equity_batch_check(const ph_equity_rows *rows, size_t *bad_row)
{
    int status = check_shape(rows, bad_row);
    if (status != PH_OK)
        return status;
    const int players = rows->players;
    ph_equity_run run;
    uint8_t gone[52];
    for (size_t q = 0; q < rows->queries; q++) {
        int count = rows->board_counts[q];
        if (count > rows->board_stride) {
            *bad_row = q;
            return PH_ERR_CARD_COUNT;
        }
        int n_dead = row_dead(row_of(rows->dead, rows->dead_stride, q), rows->dead_stride, gone);
        status = ph_equity_start(&run, rows->holes + q * 2 * (size_t)players, players,
                                 row_of(rows->boards, rows->board_stride, q), count, gone, n_dead, 0);
        if (status != PH_OK) {
            *bad_row = q;
            return status;
        }
    }
    return PH_OK;
}

int ph_equity_batch(const ph_equity_rows *rows, size_t *bad_row)
{
    int status = check_shape(rows, bad_row);
    if (status != PH_OK)
        return status;
    const ph_equity_rows *r = rows;
    if (r->queries > 0 && (r->exact == NULL || r->seeds == NULL || r->wins == NULL || r->ties == NULL ||
                           r->shares == NULL || r->boards_out == NULL))
        return PH_ERR_ARGUMENT;
    const int players = r->players;
    uint8_t gone[52];
    for (size_t q = 0; q < r->queries; q++) {
        int count = r->board_counts[q];
        uint64_t n = r->exact[q] ? 0 : r->trials;
        if (count > r->board_stride || (!r->exact[q] && r->trials == 0)) {
            *bad_row = q;
            return count > r->board_stride ? PH_ERR_CARD_COUNT : PH_ERR_ARGUMENT;
        }
        int n_dead = row_dead(row_of(r->dead, r->dead_stride, q), r->dead_stride, gone);
        size_t at = q * (size_t)players;
        ph_equity_query one = {.players = players, .board_count = count, .dead_count = n_dead,
                               .holes = r->holes + 2 * at, .board = row_of(r->boards, r->board_stride, q),
                               .dead = gone, .trials = n, .seed = r->seeds[q]};
        status = ph_equity(&one);
        if (status != PH_OK) {
            *bad_row = q;
            return status;
        }
        for (int p = 0; p < players; p++) {
            r->wins[at + (size_t)p] = one.wins[p];
            r->ties[at + (size_t)p] = one.ties[p];
            r->shares[at + (size_t)p] = one.shares[p];
        }
        r->boards_out[q] = one.boards;
    }
    return PH_OK;
}
