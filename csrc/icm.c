/* ICM (spec 9.19): exact Malmuth-Harville values layer by layer over the sets of players placed, and
   Harville finishing orders drawn from a Fenwick tree of the stacks (only the paid places). */
#include "holdem.h"
#include "rng.h"

#define PH_ICM_STACK_LIMIT (INT64_C(1) << 62)

static int stacks_ok(int32_t players, const int64_t *stacks, int32_t paid)
{
    if (players < 1 || players > PH_ICM_MAX_PLAYERS || paid < 1 || paid > players || !stacks)
        return 0;
    int64_t total = 0;
    for (int32_t j = 0; j < players; j++) {
        if (stacks[j] < 1 || stacks[j] >= PH_ICM_STACK_LIMIT - total)
            return 0;
        total += stacks[j];
    }
    return 1;
}

/* C(m, t) for m <= players, t <= paid + 1, saturated at limit (so no entry overflows). */
static void fill_binom(int32_t players, int32_t width, int64_t *binom, int64_t limit)
{
    for (int32_t m = 0; m <= players; m++) {
        int64_t *row = binom + (int64_t)m * width;
        row[0] = 1;
        for (int32_t t = 1; t < width; t++) {
            if (m == 0) {
                row[t] = 0;
                continue;
            }
            const int64_t *up = row - width;
            int64_t v = up[t - 1] + up[t];
            row[t] = v > limit ? limit : v;
        }
    }
}

int ph_icm_exact(int32_t players, const int64_t *stacks, int32_t paid, const double *prizes, int64_t *binom,
                 double *layers, int64_t capacity, double *values)
{
    if (!stacks_ok(players, stacks, paid) || paid > PH_ICM_MAX_EXACT_PAID || !prizes || !binom || !layers ||
        !values || capacity < 1)
        return PH_ERR_ARGUMENT;
    const int32_t width = paid + 2;
    fill_binom(players, width, binom, capacity + 1);
    for (int32_t k = 0; k < paid; k++)
        if (binom[(int64_t)players * width + k] > capacity)
            return PH_ERR_ARGUMENT;
    int64_t total = 0;
    for (int32_t j = 0; j < players; j++) {
        total += stacks[j];
        values[j] = 0.0;
    }
    double *cur = layers, *next = layers + capacity;
    cur[0] = 1.0;
    int32_t c[PH_ICM_MAX_EXACT_PAID + 1];
    int64_t below[PH_ICM_MAX_EXACT_PAID + 1], above[PH_ICM_MAX_EXACT_PAID + 2];
    for (int32_t k = 0; k < paid; k++) {
        const int64_t size = binom[(int64_t)players * width + k];
        const int push = k + 1 < paid;
        if (push)
            for (int64_t r = 0; r < binom[(int64_t)players * width + k + 1]; r++)
                next[r] = 0.0;
        const double prize = prizes[k];
        for (int32_t i = 0; i < k; i++)
            c[i] = i;
        c[k] = players;
        for (int64_t r = 0; r < size; r++) {
            int64_t left = total;
            for (int32_t i = 0; i < k; i++)
                left -= stacks[c[i]];
            const double share = cur[r] / (double)left;
            /* rank of S + {j} with j inserted before c[q]: below[q] + C(j, q + 1) + above[q] */
            if (push) {
                below[0] = 0;
                for (int32_t i = 0; i < k; i++)
                    below[i + 1] = below[i] + binom[(int64_t)c[i] * width + i + 1];
                above[k] = 0;
                for (int32_t i = k - 1; i >= 0; i--)
                    above[i] = above[i + 1] + binom[(int64_t)c[i] * width + i + 2];
            }
            int32_t q = 0;
            for (int32_t j = 0; j < players; j++) {
                if (j == c[q]) {
                    q++;
                    continue;
                }
                const double p = share * (double)stacks[j];
                values[j] += p * prize;
                if (push)
                    next[below[q] + binom[(int64_t)j * width + q + 1] + above[q]] += p;
            }
            /* the next k-subset in colex order */
            int32_t i = 0;
            while (i < k && c[i] + 1 == c[i + 1])
                i++;
            if (i < k)
                c[i]++;
            for (int32_t m = 0; m < i; m++)
                c[m] = m;
        }
        double *t = cur;
        cur = next;
        next = t;
    }
    return PH_OK;
}

/* a uniform integer in [0, bound), bound >= 1 (Lemire's multiply-and-reject) */
static int64_t below_bound(uint64_t *s, uint64_t bound)
{
    unsigned __int128 m = (unsigned __int128)next64(s) * bound;
    uint64_t low = (uint64_t)m;
    if (low < bound) {
        uint64_t threshold = (0 - bound) % bound;
        while (low < threshold) {
            m = (unsigned __int128)next64(s) * bound;
            low = (uint64_t)m;
        }
    }
    return (int64_t)(m >> 64);
}

int ph_icm_sample(const ph_icm_draw *draw)
{
    if (!draw)
        return PH_ERR_ARGUMENT;
    const int32_t players = draw->players, paid = draw->paid;
    const int64_t *stacks = draw->stacks, *prizes = draw->prizes, trials = draw->trials;
    const uint64_t seed = draw->seed;
    int64_t *tree = draw->tree;
    int32_t *placed = draw->placed;
    uint64_t *sums = draw->sums;
    if (!stacks_ok(players, stacks, paid) || !prizes || trials < 1 || !tree || !placed || !sums)
        return PH_ERR_ARGUMENT;
    for (int32_t place = 0; place < paid; place++)
        if (prizes[place] < 0)
            return PH_ERR_ARGUMENT;
    int32_t size = 1;
    while (size < players)
        size *= 2;
    int64_t total = 0;
    tree[0] = 0;
    for (int32_t j = 1; j <= size; j++)
        tree[j] = j <= players ? stacks[j - 1] : 0;
    for (int32_t j = 1; j <= size; j++) {
        int32_t up = j + (j & -j);
        if (up <= size)
            tree[up] += tree[j];
    }
    for (int32_t j = 0; j < players; j++)
        total += stacks[j];
    for (int64_t n = 0; n < 2 * (int64_t)players; n++)
        sums[n] = 0;
    uint64_t s[4];
    uint64_t x = seed;
    for (int w = 0; w < 4; w++)
        s[w] = splitmix64(&x);
    for (int64_t t = 0; t < trials; t++) {
        int64_t left = total;
        for (int32_t place = 0; place < paid; place++) {
            int64_t u = below_bound(s, (uint64_t)left);
            int32_t pos = 0;
            for (int32_t step = size; step; step >>= 1) {
                const int64_t v = tree[pos + step];
                const int64_t take = v <= u;
                pos += (int32_t)take * step;
                u -= take * v;
            }
            const int32_t j = pos; /* 0-based player: the first prefix above u ends at pos + 1 */
            const uint64_t before = sums[2 * j];
            sums[2 * j] += (uint64_t)prizes[place];
            sums[2 * j + 1] += sums[2 * j] < before;
            placed[place] = j;
            const int64_t w = stacks[j];
            left -= w;
            for (int32_t i = j + 1; i <= size; i += i & -i)
                tree[i] -= w;
        }
        for (int32_t place = 0; place < paid; place++) {
            const int32_t j = placed[place];
            const int64_t w = stacks[j];
            for (int32_t i = j + 1; i <= size; i += i & -i)
                tree[i] += w;
        }
    }
    return PH_OK;
}
