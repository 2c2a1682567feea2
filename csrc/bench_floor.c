/*
 * bench_floor.c — BENCHMARK ONLY, not part of the model: the table-lookup floor that
 * benchmarks/bench_bulk.py compares ph_evaluate_batch against (section 2.4). Per 7-card row it does what
 * any table evaluator must do at least: seven key additions (one PH_CARD_KEY load each) and one
 * lookup in a table of the size of PH_RANK_TABLE, reached by a multiplicative hash. No validation
 * and no evaluation: its outputs are not hand values.
 */
#include "eval_tables.h"
#include "holdem.h"

#define FLOOR_HASH_MULT 0x9e3779b97f4a7c15ull

int ph_bench_lookup_floor(const uint8_t *cards, size_t rows, int32_t *out)
{
    if (rows > 0 && (cards == NULL || out == NULL))
        return PH_ERR_ARGUMENT;
    for (size_t i = 0; i < rows; i++) {
        const uint8_t *c = cards + 7 * i;
        uint64_t key = PH_KEY_INIT;
        for (int j = 0; j < 7; j++)
            key += PH_CARD_KEY[c[j]];
        uint32_t slot = (uint32_t)((((key * FLOOR_HASH_MULT) >> 32) * PH_RANK_TABLE_SIZE) >> 32);
        out[i] = PH_RANK_TABLE[slot];
    }
    return PH_OK;
}
