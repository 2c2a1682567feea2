/*
 * ranges.c — equity of hand ranges (spec 13): exact over every deal of one live combo per player
 * and every completion of the board, or Monte Carlo over deals drawn as section 13.6 says.
 *
 * Hands are valued and scored by showdown.h (the tables of eval_tables.h). An exact deal is counted
 * by rank multisets with a flush correction, and deals that a suit permutation maps onto each other
 * are counted once (csrc/EVALUATOR.md, "Exact range equity"). No global mutable state, no allocation.
 */
#include <string.h>

#include "eval_tables.h"
#include "holdem.h"
#include "rng.h"
#include "showdown.h"

#define MAX_PLAYERS PH_SHOWDOWN_PLAYERS
#define MAX_COMBOS (MAX_PLAYERS * 1326)
#define WEIGHT_UNIT 1000u

/* The players' two-card keys of one deal and the deal's counts. */
typedef ph_showdown showdown;

static inline unsigned value_of(uint64_t key, uint64_t suits) { return ph_value_of(key, suits); }

/* The checks of section 13.5 on a query, at the boundary: counts, card ids, collisions, weights. */
static int check_query(const ph_range_query *q)
{
    if (q == NULL)
        return PH_ERR_ARGUMENT;
    if (q->players < 2 || q->players > MAX_PLAYERS || q->board_count < 0 || q->board_count > 5 ||
        (q->board_count > 0 && q->board_count < 3))
        return PH_ERR_CARD_COUNT;
    if (q->first[0] != 0 || q->combos == NULL || q->weights == NULL || (q->dead >> 52) != 0)
        return PH_ERR_ARGUMENT;
    for (int p = 0; p < q->players; p++)
        if (q->first[p + 1] <= q->first[p] || q->first[p + 1] > MAX_COMBOS)
            return PH_ERR_ARGUMENT;
    uint64_t known = q->dead;
    for (int i = 0; i < q->board_count; i++) {
        if (q->board[i] >= 52)
            return PH_ERR_CARD_RANGE;
        if (known >> q->board[i] & 1)
            return PH_ERR_DUPLICATE_CARD;
        known |= 1ull << q->board[i];
    }
    for (int32_t i = 0; i < q->first[q->players]; i++) {
        uint8_t a = q->combos[2 * i], b = q->combos[2 * i + 1];
        if (a >= 52 || b >= 52)
            return PH_ERR_CARD_RANGE;
        if (a == b || (known >> a & 1) || (known >> b & 1))
            return PH_ERR_DUPLICATE_CARD;
        if (q->weights[i] < 1 || q->weights[i] > WEIGHT_UNIT)
            return PH_ERR_ARGUMENT;
    }
    if (52 - __builtin_popcountll(known) - 2 * q->players < 5 - q->board_count)
        return PH_ERR_CARD_COUNT;
    return PH_OK;
}

static void board_start(const ph_range_query *q, uint64_t *key, uint64_t *suits, uint64_t *known)
{
    *key = PH_KEY_INIT;
    *suits = 0;
    *known = q->dead;
    for (int i = 0; i < q->board_count; i++) {
        *key += PH_CARD_KEY[q->board[i]];
        *suits |= suit_bit(q->board[i]);
        *known |= 1ull << q->board[i];
    }
}

/* ---- exact ---- */

/* C(n, k) for the n <= 4 cards of one rank. */
static const uint8_t CHOOSE[5][6] = {
    {1, 0, 0, 0, 0, 0}, {1, 1, 0, 0, 0, 0}, {1, 2, 1, 0, 0, 0}, {1, 3, 3, 1, 0, 0}, {1, 4, 6, 4, 1, 0}};

/* What a card of rank r adds to a key's rank sum (no suit counter). */
static inline uint64_t rank_key(int r) { return PH_CARD_KEY[4 * r] & ~((1ull << PH_RANK_SHIFT) - 1); }

/* One deal's cards left to draw: per rank how many are free, per suit the free ranks. */
typedef struct {
    ph_showdown *sd;
    uint8_t avail[13];
    uint16_t free_suit[4];
} undealt;

/* Count every multiset of left more ranks (from rank `from` up), each board of it counted n times
   (the ways to pick its cards), as if nobody had a flush: the rank sum alone values each hand. */
static void rank_boards(const undealt *u, int from, int left, uint64_t key, uint64_t n)
{
    ph_showdown *sd = u->sd;
    if (left == 0) {
        unsigned values[MAX_PLAYERS];
        for (int p = 0; p < sd->players; p++)
            values[p] = ph_rank_value(key + sd->hole_key[p]);
        ph_score(sd, values, n);
        return;
    }
    for (int r = from; r < 13; r++) {
        uint64_t k = key;
        for (int c = 1; c <= left && c <= u->avail[r]; c++) {
            k += rank_key(r);
            rank_boards(u, r + 1, left - c, k, n * CHOOSE[u->avail[r]][c]);
        }
    }
}

/* The boards of one flush suit whose suited cards are fixed: the other left cards (of other suits,
   taken as ranks, avail[r] of each rank free) complete them. Each such board was counted by
   rank_boards with rank values; the players in `flush` have flush value fv[p] instead: add the true
   outcome and take the rank one away. */
static void flush_rest(const undealt *u, const uint8_t *avail, int from, int left, uint64_t key, uint64_t n,
                       unsigned flush, const unsigned *fv)
{
    ph_showdown *sd = u->sd;
    if (left == 0) {
        unsigned rank_values[MAX_PLAYERS], values[MAX_PLAYERS];
        for (int p = 0; p < sd->players; p++) {
            rank_values[p] = ph_rank_value(key + sd->hole_key[p]);
            values[p] = flush >> p & 1 ? fv[p] : rank_values[p];
        }
        ph_score(sd, values, n);
        ph_score(sd, rank_values, (uint64_t)0 - n);
        return;
    }
    for (int r = from; r < 13; r++) {
        uint64_t k = key;
        for (int c = 1; c <= left && c <= avail[r]; c++) {
            k += rank_key(r);
            flush_rest(u, avail, r + 1, left - c, k, n * CHOOSE[avail[r]][c], flush, fv);
        }
    }
}

/* The suited cards of suit s drawn: choose `need` more of the free ranks free (from rank `from` up),
   added to ranks (the board's suited ranks so far); then left further cards of other suits. */
static void flush_suited(const undealt *u, const uint8_t *avail, int s, unsigned free, int from, int need,
                         unsigned ranks, uint64_t key, int left)
{
    ph_showdown *sd = u->sd;
    if (need == 0) {
        unsigned flush = 0, fv[MAX_PLAYERS];
        for (int p = 0; p < sd->players; p++) {
            unsigned mine = ranks | ((unsigned)(sd->hole_suits[p] >> (16 * s)) & PH_RANK_MASK13);
            if (__builtin_popcount(mine) >= 5) {
                flush |= 1u << p;
                fv[p] = PH_FLUSH_TABLE[mine];
            } else {
                fv[p] = 0;
            }
        }
        if (flush)
            flush_rest(u, avail, 0, left, key, 1, flush, fv);
        return;
    }
    for (int r = from; r < 13; r++)
        if (free >> r & 1)
            flush_suited(u, avail, s, free, r + 1, need - 1, ranks | 1u << r, key + rank_key(r), left);
}

/* Exact counts of one deal over every completion by left cards (sections 2.9, 13.5). Every board is
   counted once by its rank multiset (rank values); a board on which somebody has a flush has at least
   three cards of that suit, so of one suit only, and is counted again, by its suited cards and the
   ranks of the others, with the difference between its true outcome and its rank one. */
static void count_boards(ph_showdown *sd, uint64_t used, uint64_t key, uint64_t suits, int left)
{
    undealt u = {.sd = sd};
    for (int r = 0; r < 13; r++) {
        u.avail[r] = 0;
        for (int s = 0; s < 4; s++)
            if (!(used >> (4 * r + s) & 1)) {
                u.avail[r]++;
                u.free_suit[s] |= (uint16_t)(1u << r);
            }
    }
    rank_boards(&u, 0, left, key, 1);
    for (int s = 0; s < 4; s++) {
        unsigned shown = (unsigned)(suits >> (16 * s)) & PH_RANK_MASK13;
        int most = 0;
        for (int p = 0; p < sd->players; p++) {
            int held = __builtin_popcountll((sd->hole_suits[p] >> (16 * s)) & PH_RANK_MASK13);
            most = held > most ? held : most;
        }
        int fewest = 5 - most - __builtin_popcount(shown);
        uint8_t others[13];
        for (int r = 0; r < 13; r++)
            others[r] = (uint8_t)(u.avail[r] - (u.free_suit[s] >> r & 1));
        for (int j = fewest < 0 ? 0 : fewest; j <= left; j++)
            flush_suited(&u, others, s, u.free_suit[s], 0, j, shown, key, left - j);
    }
}

/* Deals one suit permutation maps onto another have the same counts (the completions map onto each
   other, and values do not see suits): those permutations that fix the board and the dead cards. */
typedef struct {
    int count;
    uint8_t perm[24][4];
} suit_group;

static void stabilizer(const ph_range_query *q, suit_group *g)
{
    static const uint8_t ALL[24][4] = {
        {0, 1, 2, 3}, {0, 1, 3, 2}, {0, 2, 1, 3}, {0, 2, 3, 1}, {0, 3, 1, 2}, {0, 3, 2, 1},
        {1, 0, 2, 3}, {1, 0, 3, 2}, {1, 2, 0, 3}, {1, 2, 3, 0}, {1, 3, 0, 2}, {1, 3, 2, 0},
        {2, 0, 1, 3}, {2, 0, 3, 1}, {2, 1, 0, 3}, {2, 1, 3, 0}, {2, 3, 0, 1}, {2, 3, 1, 0},
        {3, 0, 1, 2}, {3, 0, 2, 1}, {3, 1, 0, 2}, {3, 1, 2, 0}, {3, 2, 0, 1}, {3, 2, 1, 0}};
    uint64_t board = 0;
    for (int i = 0; i < q->board_count; i++)
        board |= 1ull << q->board[i];
    g->count = 0;
    for (int k = 0; k < 24; k++) {
        uint64_t b = 0, d = 0;
        for (int c = 0; c < 52; c++) {
            int image = (c & ~3) | ALL[k][c & 3];
            b |= (board >> c & 1) << image;
            d |= (q->dead >> c & 1) << image;
        }
        if (b == board && d == q->dead)
            memcpy(g->perm[g->count++], ALL[k], 4);
    }
}

/* The memo of counted deals (ph_range_chunk.memo): two header words naming the query's board and dead
   cards, then entries of 2 + 3 * players words: the deal's canonical key (0: empty) and its counts. */
typedef struct {
    uint64_t *words;
    uint64_t mask;
    int stride;
} memo_table;

static void memo_open(memo_table *m, const ph_range_query *q, uint64_t *words, int64_t size)
{
    m->words = NULL;
    m->mask = 0;
    m->stride = 2 + 3 * q->players;
    if (words == NULL || size < 2 + 2 * (int64_t)m->stride)
        return;
    uint64_t capacity = 1;
    while ((int64_t)(2 * capacity) * m->stride + 2 <= size)
        capacity *= 2;
    uint64_t board = 0;
    for (int i = 0; i < q->board_count; i++)
        board = board << 6 | (q->board[i] + 1u);
    const uint64_t head0 = q->dead | (uint64_t)q->players << 56, head1 = board | (uint64_t)q->board_count << 32 |
                                                                           capacity << 36 | 1ull << 63;
    if (words[0] != head0 || words[1] != head1) {
        memset(words, 0, (size_t)(2 + capacity * (uint64_t)m->stride) * sizeof *words);
        words[0] = head0;
        words[1] = head1;
    }
    m->words = words + 2;
    m->mask = capacity - 1;
}

/* The deal's smallest image under the group: per player its two cards (1 + id, low first, 12 bits),
   players 0..4 in key[0], 5..9 in key[1]. */
static void canonical(const suit_group *g, const uint8_t (*cards)[2], int players, uint64_t *key)
{
    key[0] = key[1] = UINT64_MAX;
    for (int k = 0; k < g->count; k++) {
        uint64_t mine[2] = {0, 0};
        for (int p = 0; p < players; p++) {
            unsigned a = (cards[p][0] & ~3u) | g->perm[k][cards[p][0] & 3];
            unsigned b = (cards[p][1] & ~3u) | g->perm[k][cards[p][1] & 3];
            uint64_t pair = a < b ? (a + 1u) << 6 | (b + 1u) : (b + 1u) << 6 | (a + 1u);
            mine[p / 5] |= pair << (12 * (p % 5));
        }
        if (mine[0] < key[0] || (mine[0] == key[0] && mine[1] < key[1])) {
            key[0] = mine[0];
            key[1] = mine[1];
        }
    }
}

typedef struct {
    const ph_range_query *q;
    const int32_t *from, *to;
    uint64_t board_key, board_suits, completions;
    int left;
    showdown sd;
    uint8_t cards[MAX_PLAYERS][2];
    suit_group group;
    memo_table memo;
    ph_range_chunk *out;
} exact_run;

/* The deal's counts into run->sd: from the memo when a deal of its class was counted, else counted
   (and kept when the memo has room within a few probes). */
static void deal_counts(exact_run *run, uint64_t used)
{
    showdown *sd = &run->sd;
    const int players = sd->players;
    uint64_t key[2] = {0, 0}, *slot = NULL;
    memo_table *m = &run->memo;
    if (m->words != NULL) {
        canonical(&run->group, (const uint8_t(*)[2])run->cards, players, key);
        uint64_t h = (key[0] * 0x9e3779b97f4a7c15ull ^ key[1] * 0xc2b2ae3d27d4eb4full);
        h ^= h >> 29;
        for (int probe = 0; probe < 16; probe++) {
            uint64_t *e = m->words + ((h + (uint64_t)probe) & m->mask) * (uint64_t)m->stride;
            if (e[0] == key[0] && e[1] == key[1]) {
                memcpy(sd->wins, e + 2, (size_t)players * sizeof *e);
                memcpy(sd->ties, e + 2 + players, (size_t)players * sizeof *e);
                memcpy(sd->shares, e + 2 + 2 * players, (size_t)players * sizeof *e);
                return;
            }
            if (e[0] == 0) {
                slot = e;
                break;
            }
        }
    }
    memset(sd->wins, 0, sizeof sd->wins);
    memset(sd->ties, 0, sizeof sd->ties);
    memset(sd->shares, 0, sizeof sd->shares);
    count_boards(sd, used, run->board_key, run->board_suits, run->left);
    if (slot != NULL) {
        slot[0] = key[0];
        slot[1] = key[1];
        memcpy(slot + 2, sd->wins, (size_t)players * sizeof *slot);
        memcpy(slot + 2 + players, sd->ties, (size_t)players * sizeof *slot);
        memcpy(slot + 2 + 2 * players, sd->shares, (size_t)players * sizeof *slot);
    }
}

static void count_deal(exact_run *run, uint64_t used, double w)
{
    showdown *sd = &run->sd;
    deal_counts(run, used);
    ph_range_chunk *out = run->out;
    for (int p = 0; p < sd->players; p++) {
        out->win[p] += w * (double)sd->wins[p];
        out->tie[p] += w * (double)sd->ties[p];
        out->share[p] += w * ((double)sd->shares[p] / PH_SHARE_UNIT);
    }
    out->weight += w * (double)run->completions;
    out->deals++;
    out->boards += run->completions;
}

static void deal_from(exact_run *run, int p, uint64_t used, double w)
{
    const ph_range_query *q = run->q;
    if (p == q->players) {
        count_deal(run, used, w);
        return;
    }
    const int32_t lo = q->first[p] + run->from[p], hi = q->first[p] + run->to[p];
    for (int32_t i = lo; i < hi; i++) {
        int a = q->combos[2 * i], b = q->combos[2 * i + 1];
        uint64_t m = (1ull << a) | (1ull << b);
        if (used & m)
            continue;
        run->sd.hole_key[p] = PH_CARD_KEY[a] + PH_CARD_KEY[b];
        run->sd.hole_suits[p] = suit_bit(a) | suit_bit(b);
        run->cards[p][0] = (uint8_t)a;
        run->cards[p][1] = (uint8_t)b;
        deal_from(run, p + 1, used | m, w * ((double)q->weights[i] / WEIGHT_UNIT));
    }
}

int ph_range_exact(const ph_range_query *q, ph_range_chunk *chunk)
{
    int status = check_query(q);
    if (status != PH_OK)
        return status;
    if (chunk == NULL || chunk->memo_words < 0)
        return PH_ERR_ARGUMENT;
    for (int p = 0; p < q->players; p++)
        if (chunk->lo[p] < 0 || chunk->hi[p] < chunk->lo[p] || chunk->hi[p] > q->first[p + 1] - q->first[p])
            return PH_ERR_ARGUMENT;
    exact_run run;
    memset(&run, 0, sizeof run);
    run.q = q;
    run.from = chunk->lo;
    run.to = chunk->hi;
    run.sd.players = q->players;
    run.out = chunk;
    uint64_t known;
    board_start(q, &run.board_key, &run.board_suits, &known);
    run.left = 5 - q->board_count;
    const int size = 52 - __builtin_popcountll(known) - 2 * q->players;
    run.completions = 1;
    for (int i = 0; i < run.left; i++)
        run.completions = run.completions * (uint64_t)(size - i) / (uint64_t)(i + 1);
    stabilizer(q, &run.group);
    memo_open(&run.memo, q, chunk->memo, chunk->memo_words);
    deal_from(&run, 0, known, 1.0);
    return PH_OK;
}

/* ---- Monte Carlo ---- */

/* The generator: xoshiro256** words, each used as two 32-bit halves (high half first). */
typedef struct {
    uint64_t s[4];
    uint64_t spare;
    int has_spare;
} rng32;

static inline uint32_t next32(rng32 *g)
{
    if (g->has_spare) {
        g->has_spare = 0;
        return (uint32_t)g->spare;
    }
    g->spare = next64(g->s);
    g->has_spare = 1;
    return (uint32_t)(g->spare >> 32);
}

/* Uniform integer in 0..bound-1 (Lemire's multiply-and-reject: exactly uniform). */
static inline uint32_t below(rng32 *g, uint32_t bound)
{
    uint64_t m = (uint64_t)next32(g) * bound;
    uint32_t low = (uint32_t)m;
    if (low < bound) {
        uint32_t threshold = (uint32_t)(-bound) % bound;
        while (low < threshold) {
            m = (uint64_t)next32(g) * bound;
            low = (uint32_t)m;
        }
    }
    return (uint32_t)(m >> 32);
}

/* Step 1 of section 13.6: a combo of a player's n (from lo), uniform, kept with probability its weight. */
static inline int32_t draw_combo(rng32 *g, int32_t lo, uint32_t n, const uint16_t *weights)
{
    int32_t i;
    do
        i = lo + (n == 1 ? 0 : (int32_t)below(g, n));
    while (weights[i] < WEIGHT_UNIT && below(g, WEIGHT_UNIT) >= weights[i]);
    return i;
}

/* Players with one combo, for boards missing one or two cards, are valued once per chunk for every
   completion: value[card] (one missing) or value[a * 52 + b] = value[b * 52 + a] (two missing). */
#define MAX_TABLED 4

typedef struct {
    int count, player[MAX_TABLED];
    uint16_t value[MAX_TABLED][52 * 52];
} fixed_values;

static void tabulate(fixed_values *fv, const ph_range_query *q, const showdown *sd, uint64_t board_key,
                     uint64_t board_suits, uint64_t used, int left)
{
    fv->count = 0;
    if (left < 1 || left > 2)
        return;
    for (int p = 0; p < q->players && fv->count < MAX_TABLED; p++) {
        if (q->first[p + 1] - q->first[p] != 1)
            continue;
        int k = fv->count++;
        fv->player[k] = p;
        uint64_t hk = board_key + sd->hole_key[p], hs = board_suits | sd->hole_suits[p];
        for (int a = 0; a < 52; a++) {
            if (used >> a & 1)
                continue;
            if (left == 1) {
                fv->value[k][a] = (uint16_t)value_of(hk + PH_CARD_KEY[a], hs | suit_bit(a));
                continue;
            }
            for (int b = a + 1; b < 52; b++)
                if (!(used >> b & 1))
                    fv->value[k][a * 52 + b] = fv->value[k][b * 52 + a] = (uint16_t)value_of(
                        hk + PH_CARD_KEY[a] + PH_CARD_KEY[b], hs | suit_bit(a) | suit_bit(b));
        }
    }
}

int ph_range_sample(const ph_range_query *q, ph_range_draw *draw)
{
    int status = check_query(q);
    if (status != PH_OK)
        return status;
    if (draw == NULL)
        return PH_ERR_ARGUMENT;
    const uint64_t seed = draw->seed, chunk = draw->chunk, trials = draw->trials, max_attempts = draw->max_attempts;
    uint64_t *wins = draw->wins, *ties = draw->ties, *shares = draw->shares, *attempts = &draw->attempts;
    rng32 rng = {.has_spare = 0};
    rng32 *g = &rng;
    uint64_t x = seed ^ (chunk * 0xd1b54a32d192ed03ull);
    for (int i = 0; i < 4; i++)
        rng.s[i] = splitmix64(&x);
    showdown sd;
    memset(&sd, 0, sizeof sd);
    const int players = q->players, left = 5 - q->board_count;
    sd.players = players;
    uint64_t board_key, board_suits, known;
    board_start(q, &board_key, &board_suits, &known);
    const uint8_t *combos = q->combos;
    const uint16_t *weights = q->weights;

    /* The fixed players' cards, and their values on every completion when one or two cards are left. */
    uint64_t fixed = known;
    int tabled[MAX_PLAYERS];
    for (int p = 0; p < players; p++) {
        tabled[p] = -1;
        if (q->first[p + 1] - q->first[p] == 1) {
            int32_t i = q->first[p];
            int a = combos[2 * i], b = combos[2 * i + 1];
            sd.hole_key[p] = PH_CARD_KEY[a] + PH_CARD_KEY[b];
            sd.hole_suits[p] = suit_bit(a) | suit_bit(b);
            fixed |= (1ull << a) | (1ull << b);
        }
    }
    fixed_values fv;
    tabulate(&fv, q, &sd, board_key, board_suits, fixed, left);
    for (int k = 0; k < fv.count; k++)
        tabled[fv.player[k]] = k;
    /* The board is completed from the cards neither known nor a fixed player's, by a partial
       Fisher-Yates shuffle whose order carries over from one trial to the next; a card another
       player holds in this deal is drawn again. */
    uint8_t deck[52];
    int size = 0;
    for (int c = 0; c < 52; c++)
        if (!(fixed >> c & 1))
            deck[size++] = (uint8_t)c;

    uint64_t drawn = 0;
    if (players == 2) {
        /* Heads-up: the same draws as the loop below, without its loops over players, a tabled
           player's value looked up, and the counts kept without branches. */
        const int32_t lo0 = q->first[0], lo1 = q->first[1];
        const uint32_t n0 = (uint32_t)(q->first[1] - lo0), n1 = (uint32_t)(q->first[2] - lo1);
        const uint16_t *table0 = tabled[0] >= 0 ? fv.value[tabled[0]] : NULL;
        const uint16_t *table1 = tabled[1] >= 0 ? fv.value[tabled[1]] : NULL;
        uint64_t first_wins = 0, second_wins = 0, tied = 0;
        for (uint64_t t = 0; t < trials; t++) {
            uint64_t used, k0, s0, k1, s1;
            for (;;) {
                if (++drawn > max_attempts)
                    return PH_ERR_REFUSED;
                int32_t i = draw_combo(g, lo0, n0, weights), j = draw_combo(g, lo1, n1, weights);
                uint64_t m0 = (1ull << combos[2 * i]) | (1ull << combos[2 * i + 1]);
                uint64_t m1 = (1ull << combos[2 * j]) | (1ull << combos[2 * j + 1]);
                if (m0 & m1)
                    continue;
                used = known | m0 | m1;
                k0 = PH_CARD_KEY[combos[2 * i]] + PH_CARD_KEY[combos[2 * i + 1]];
                s0 = suit_bit(combos[2 * i]) | suit_bit(combos[2 * i + 1]);
                k1 = PH_CARD_KEY[combos[2 * j]] + PH_CARD_KEY[combos[2 * j + 1]];
                s1 = suit_bit(combos[2 * j]) | suit_bit(combos[2 * j + 1]);
                break;
            }
            uint64_t key = board_key, suits = board_suits;
            uint32_t slot = 0;
            for (int d = 0; d < left; d++) {
                uint32_t r;
                uint8_t c;
                do {
                    r = (uint32_t)d + below(g, (uint32_t)(size - d));
                    c = deck[r];
                } while (used >> c & 1);
                deck[r] = deck[d];
                deck[d] = c;
                used |= 1ull << c;
                slot = slot * 52 + c;
                key += PH_CARD_KEY[c];
                suits |= suit_bit(c);
            }
            unsigned v0 = table0 ? table0[slot] : value_of(key + k0, suits | s0);
            unsigned v1 = table1 ? table1[slot] : value_of(key + k1, suits | s1);
            first_wins += v0 > v1;
            second_wins += v1 > v0;
            tied += v0 == v1;
        }
        wins[0] += first_wins;
        wins[1] += second_wins;
        ties[0] += tied;
        ties[1] += tied;
        shares[0] += PH_SHARE_UNIT * first_wins + PH_SHARE_UNIT / 2 * tied;
        shares[1] += PH_SHARE_UNIT * second_wins + PH_SHARE_UNIT / 2 * tied;
        *attempts += drawn;
        return PH_OK;
    }
    for (uint64_t t = 0; t < trials; t++) {
        uint64_t used;
        for (;;) {
            if (++drawn > max_attempts)
                return PH_ERR_REFUSED;
            used = known;
            int p = 0;
            for (; p < players; p++) {
                int32_t i = draw_combo(g, q->first[p], (uint32_t)(q->first[p + 1] - q->first[p]), weights);
                int a = combos[2 * i], b = combos[2 * i + 1];
                uint64_t m = (1ull << a) | (1ull << b);
                if (used & m)
                    break;
                used |= m;
                sd.hole_key[p] = PH_CARD_KEY[a] + PH_CARD_KEY[b];
                sd.hole_suits[p] = suit_bit(a) | suit_bit(b);
            }
            if (p == players)
                break;
        }
        uint64_t key = board_key, suits = board_suits;
        uint32_t drew[5] = {0, 0, 0, 0, 0};
        for (int j = 0; j < left; j++) {
            uint32_t r;
            uint8_t c;
            do {
                r = (uint32_t)j + below(g, (uint32_t)(size - j));
                c = deck[r];
            } while (used >> c & 1);
            deck[r] = deck[j];
            deck[j] = c;
            used |= 1ull << c;
            drew[j] = c;
            key += PH_CARD_KEY[c];
            suits |= suit_bit(c);
        }
        uint32_t slot = left == 1 ? drew[0] : drew[0] * 52 + drew[1];
        unsigned values[MAX_PLAYERS];
        for (int p = 0; p < players; p++)
            values[p] = tabled[p] >= 0 ? fv.value[tabled[p]][slot]
                                       : value_of(key + sd.hole_key[p], suits | sd.hole_suits[p]);
        ph_score(&sd, values, 1);
    }
    for (int p = 0; p < players; p++) {
        wins[p] += sd.wins[p];
        ties[p] += sd.ties[p];
        shares[p] += sd.shares[p];
    }
    *attempts += drawn;
    return PH_OK;
}
