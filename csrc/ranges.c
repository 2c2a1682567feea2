/*
 * ranges.c — equity of hand ranges (spec 13): exact over every deal of one live combo per player
 * and every completion of the board, or Monte Carlo over deals drawn as section 13.6 says.
 *
 * Hands are valued as in evaluator.c (the same generated tables, the same key: PH_KEY_INIT plus
 * PH_CARD_KEY per card, flushes through the suits' rank masks); the evaluation is repeated here,
 * inline, because the inner loops value every player's seven cards from a board key and the
 * player's two-card key without building a hand. No global mutable state, no allocation.
 */
#include <string.h>

#include "eval_tables.h"
#include "holdem.h"
#include "rng.h"

#define SHARE_UNIT 2520u
#define RANK_MASK13 0x1fffu
#define MAX_PLAYERS 10
#define MAX_COMBOS (MAX_PLAYERS * 1326)
#define WEIGHT_UNIT 1000u
#define ONE_PER_SUIT (0x1111ull << PH_SUIT_SHIFT)

static inline unsigned rank_lookup(uint64_t key) { return ph_rank_value(key); }

/* Value of seven cards from their key and their suits' rank masks (16 bits per suit). */
static inline unsigned value_of(uint64_t key, uint64_t suits)
{
    uint64_t flush = key & PH_FLUSH_CHECK;
    if (flush) {
        int suit = (__builtin_ctzll(flush) - PH_SUIT_SHIFT - 3) >> 2;
        return PH_FLUSH_TABLE[(suits >> (16 * suit)) & RANK_MASK13];
    }
    return rank_lookup(key);
}

static inline uint64_t suit_bit(int card) { return 1ull << (16 * (card & 3) + (card >> 2)); }

/* The players' two-card keys of one deal and the deal's counts. */
typedef struct {
    int players;
    uint64_t hole_key[MAX_PLAYERS], hole_suits[MAX_PLAYERS];
    uint64_t wins[MAX_PLAYERS], ties[MAX_PLAYERS], shares[MAX_PLAYERS];
} showdown;

/* Pot shares in 1/2520 pots by the number of players tied (SHARE_UNIT / n). */
static const uint16_t SHARE_OF[MAX_PLAYERS + 1] = {0, 2520, 1260, 840, 630, 504, 420, 360, 315, 280, 252};

/* Count n boards on which the players have these values: branch-free, since who wins is a coin toss
   to a predictor. */
static inline void score(showdown *sd, const unsigned *values, uint64_t n)
{
    const int players = sd->players;
    unsigned best = 0, tied = 0;
    for (int p = 0; p < players; p++)
        best = values[p] > best ? values[p] : best;
    for (int p = 0; p < players; p++)
        tied += values[p] == best;
    const uint64_t alone = tied == 1, share = SHARE_OF[tied];
    for (int p = 0; p < players; p++) {
        const uint64_t top = values[p] == best;
        sd->wins[p] += (top & alone) * n;
        sd->ties[p] += (top & !alone) * n;
        sd->shares[p] += top * share * n;
    }
}

static inline void settle(showdown *sd, uint64_t key, uint64_t suits, uint64_t n)
{
    unsigned values[MAX_PLAYERS];
    for (int p = 0; p < sd->players; p++)
        values[p] = value_of(key + sd->hole_key[p], suits | sd->hole_suits[p]);
    score(sd, values, n);
}

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

typedef struct {
    const ph_range_query *q;
    const int32_t *from, *to;
    uint64_t board_key, board_suits;
    showdown sd;
    double *win, *tie, *share, weight;
    uint64_t deals, boards;
} exact_run;

/* The last board card, from the size cards of deck (ascending ids). Cards of one rank whose suit
   cannot make or change anyone's flush give every player the same value: one evaluation counts
   them all (as evaluator.c's last_card does for ph_equity). */
static uint64_t last_card(showdown *sd, const uint8_t *deck, int size, uint64_t key, uint64_t suits)
{
    uint64_t flush_suits = 0;
    for (int p = 0; p < sd->players; p++)
        flush_suits |= (key + sd->hole_key[p] + ONE_PER_SUIT) & PH_FLUSH_CHECK;
    int i = 0;
    while (i < size) {
        int rank = deck[i] >> 2, same = -1;
        uint64_t n = 0;
        for (; i < size && deck[i] >> 2 == rank; i++) {
            int card = deck[i];
            if (flush_suits & (8ull << (PH_SUIT_SHIFT + 4 * (card & 3)))) {
                settle(sd, key + PH_CARD_KEY[card], suits | suit_bit(card), 1);
            } else {
                same = card;
                n++;
            }
        }
        if (n > 0)
            settle(sd, key + PH_CARD_KEY[same], suits | suit_bit(same), n);
    }
    return (uint64_t)size;
}

static uint64_t complete(showdown *sd, const uint8_t *deck, int size, int left, uint64_t key, uint64_t suits)
{
    if (left == 0) {
        settle(sd, key, suits, 1);
        return 1;
    }
    if (left == 1)
        return last_card(sd, deck, size, key, suits);
    uint64_t n = 0;
    for (int i = 0; i <= size - left; i++)
        n += complete(sd, deck + i + 1, size - i - 1, left - 1, key + PH_CARD_KEY[deck[i]],
                      suits | suit_bit(deck[i]));
    return n;
}

static void count_deal(exact_run *run, uint64_t used, double w)
{
    showdown *sd = &run->sd;
    memset(sd->wins, 0, sizeof sd->wins);
    memset(sd->ties, 0, sizeof sd->ties);
    memset(sd->shares, 0, sizeof sd->shares);
    uint8_t deck[52];
    int size = 0;
    for (int c = 0; c < 52; c++)
        if (!(used >> c & 1))
            deck[size++] = (uint8_t)c;
    uint64_t n = complete(sd, deck, size, 5 - run->q->board_count, run->board_key, run->board_suits);
    for (int p = 0; p < sd->players; p++) {
        run->win[p] += w * (double)sd->wins[p];
        run->tie[p] += w * (double)sd->ties[p];
        run->share[p] += w * ((double)sd->shares[p] / SHARE_UNIT);
    }
    run->weight += w * (double)n;
    run->deals++;
    run->boards += n;
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
        deal_from(run, p + 1, used | m, w * ((double)q->weights[i] / WEIGHT_UNIT));
    }
}

int ph_range_exact(const ph_range_query *q, const int32_t *from, const int32_t *to, double *win, double *tie,
                   double *share, double *weight, uint64_t *deals, uint64_t *boards)
{
    int status = check_query(q);
    if (status != PH_OK)
        return status;
    if (from == NULL || to == NULL || win == NULL || tie == NULL || share == NULL || weight == NULL ||
        deals == NULL || boards == NULL)
        return PH_ERR_ARGUMENT;
    for (int p = 0; p < q->players; p++)
        if (from[p] < 0 || to[p] < from[p] || to[p] > q->first[p + 1] - q->first[p])
            return PH_ERR_ARGUMENT;
    exact_run run;
    memset(&run, 0, sizeof run);
    run.q = q;
    run.from = from;
    run.to = to;
    run.sd.players = q->players;
    run.win = win;
    run.tie = tie;
    run.share = share;
    run.weight = *weight;
    uint64_t known;
    board_start(q, &run.board_key, &run.board_suits, &known);
    deal_from(&run, 0, known, 1.0);
    *weight = run.weight;
    *deals += run.deals;
    *boards += run.boards;
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

int ph_range_sample(const ph_range_query *q, uint64_t seed, uint64_t chunk, uint64_t trials,
                    uint64_t max_attempts, uint64_t *wins, uint64_t *ties, uint64_t *shares, uint64_t *attempts)
{
    int status = check_query(q);
    if (status != PH_OK)
        return status;
    if (wins == NULL || ties == NULL || shares == NULL || attempts == NULL)
        return PH_ERR_ARGUMENT;
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
        shares[0] += SHARE_UNIT * first_wins + SHARE_UNIT / 2 * tied;
        shares[1] += SHARE_UNIT * second_wins + SHARE_UNIT / 2 * tied;
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
        score(&sd, values, 1);
    }
    for (int p = 0; p < players; p++) {
        wins[p] += sd.wins[p];
        ties[p] += sd.ties[p];
        shares[p] += sd.shares[p];
    }
    *attempts += drawn;
    return PH_OK;
}
