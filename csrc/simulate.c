/*
 * simulate.c — many hands in one call: the C hand engine (hand.c) driven by a policy given as data.
 *
 * The Python twin of everything here is pyholdem/engine/policies.py (the policies, their generator and
 * the per-hand seeds); pyholdem/native/simulate.py packs the arguments and splits the work into chunks,
 * one call each from a thread pool (the GIL is released). Each hand depends only on (seed, index):
 *   deck      "standard": Hand's seed = seed * 2**32 + index, shuffled as ph_shuffled_deck does (section
 *             1.4; ph_shuffled_decks, sixteen hands at a time), whose Mersenne Twister key is that
 *             number's 32-bit words, least significant first, and dealt as hand.c deals (deal_layout);
 *             "fast": a partial Fisher-Yates of the ids 0..51 drawing from the splitmix64 stream
 *             stream(seed ^ PH_DECK_SALT, index), the first 2k + 8 cards (k dealt seats) laid out as
 *             ph_setup.cards: two hole cards per dealt seat in seat order, three burns, five board cards.
 *   policy    the splitmix64 stream stream(seed, index), with stream(s, i) = mix(mix(s) + i) as the state.
 * No global mutable state, no allocation: the caller provides the hand, the log scratch and the outputs.
 */
#include <string.h>

#include "codes.h"
#include "holdem.h"

#define GOLDEN 0x9E3779B97F4A7C15ull
#define PH_DECK_SALT 0xD1B54A32D192ED03ull

static uint64_t mix(uint64_t z) {
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

static uint64_t next64(uint64_t *state) {
    *state += GOLDEN;
    return mix(*state);
}

/* A double in [0, 1): the top 53 bits of one output. */
static double next_double(uint64_t *state) { return (double)(next64(state) >> 11) * 0x1.0p-53; }

/* A uniform integer in 0..bound-1 (bound >= 1): outputs below 2**64 mod bound are drawn again. */
static uint64_t below(uint64_t *state, uint64_t bound) {
    uint64_t threshold = (0 - bound) % bound, x;
    do x = next64(state);
    while (x < threshold);
    return x % bound;
}

uint64_t ph_policy_stream(uint64_t seed, uint64_t index) { return mix(mix(seed) + index); }

/* The policy's choice for the seat to act of h (update_legal has filled h->legal_*). */
static void decide(const ph_hand *h, const ph_policy *p, uint64_t *rng, int *action, int64_t *amount) {
    int check = h->legal_check != 0, call = h->legal_call > 0, raise = h->legal_min > 0;
    *amount = 0;
    if (p->kind == PH_POLICY_CALL) {
        *action = check ? PH_CHECK : PH_CALL;
        return;
    }
    double u = next_double(rng);
    int want; /* 0 fold, 1 check or call, 2 bet or raise */
    if (p->kind == PH_POLICY_RANDOM) {
        if (check && u < 0.6) want = 1;
        else if (call && u < 0.75) want = 1;
        else if (raise && u < 0.85) want = 2;
        else want = 0;
    } else {
        want = u < p->fold_below[h->street] ? 0 : u < p->passive_below[h->street] ? 1 : 2;
        if (want == 2 && !raise) want = 1;
    }
    if (want == 0) {
        *action = check ? PH_CHECK : PH_FOLD;
    } else if (want == 1) {
        *action = check ? PH_CHECK : PH_CALL;
    } else {
        int64_t low = h->legal_min, cap = h->legal_max, unit = h->rules.chip_unit;
        if (low <= INT64_MAX / 3 && 3 * low < cap) cap = 3 * low;
        if (cap < low) cap = low; /* never for a hand the engine made; no input may crash the C code */
        *amount = low + unit * (int64_t)below(rng, (uint64_t)((cap - low) / unit) + 1);
        *action = h->legal_is_bet ? PH_BET : PH_RAISE;
    }
}

static int valid_policy(const ph_policy *p) {
    if (!p || p->kind < PH_POLICY_RANDOM || p->kind > PH_POLICY_CALL) return 0;
    for (int s = 0; s < 4; s++) /* written so that NaN fails */
        if (!(p->fold_below[s] >= 0.0 && p->fold_below[s] <= p->passive_below[s] && p->passive_below[s] <= 1.0))
            return 0;
    return 1;
}

int ph_policy_play(ph_hand *h, const ph_policy *policy, uint64_t *rng, ph_event *log, int64_t log_capacity,
                   int64_t *actions) {
    if (!h || !rng || !log || !actions || !valid_policy(policy) || h->seats < 2 || h->seats > PH_MAX_SEATS)
        return PH_ERR_ARGUMENT;
    while (!h->over) {
        if (h->street < PH_PREFLOP || h->street > PH_RIVER || h->rules.chip_unit < 1) return PH_ERR_ARGUMENT;
        if (log_capacity - h->n_events < PH_STEP_EVENTS) return PH_ERR_LOG_FULL; /* before drawing */
        int action;
        int64_t amount;
        decide(h, policy, rng, &action, &amount);
        int status = ph_hand_act(h, action, amount, log, log_capacity);
        if (status != PH_OK) return status;
        ++*actions;
    }
    return PH_OK;
}

/* The shuffle key of Hand's seed seed * 2**32 + index (pyholdem.native.shuffle.seed_key) is that number's
   32-bit words, least significant first: index, then seed's low and high words, as many as the number
   needs (the same count for every index of a run). */
static size_t key_words(uint64_t seed) { return seed >> 32 ? 3 : seed ? 2 : 1; }

/* The cards of a shuffled deck as ph_setup.cards lays them out, dealt as hand.c deals them (4.2
   hole_card_order from the seat left of the button, twice round; 4.3 burn and flop, burn and turn, burn and
   river): two hole cards per seat in the hand in seat order, the three burns, the five board cards. */
void ph_deal_layout(const ph_setup *u, const uint8_t *deck, uint8_t *cards) {
    int order[PH_MAX_SEATS], k = 0, n = u->seats;
    uint8_t holes[PH_MAX_SEATS][2];
    for (int i = 0; i < n; i++) {
        int s = (u->button + 1 + i) % n;
        if (u->in_hand[s]) order[k++] = s;
    }
    int next = 0, c = 0;
    for (int i = 0; i < 2 * k; i++) holes[order[i % k]][i / k] = deck[next++];
    for (int s = 0; s < n; s++) {
        if (!u->in_hand[s]) continue;
        cards[c++] = holes[s][0];
        cards[c++] = holes[s][1];
    }
    static const int burns[3] = {0, 4, 6}, board[5] = {1, 2, 3, 5, 7};
    for (int i = 0; i < 3; i++) cards[c++] = deck[next + burns[i]];
    for (int i = 0; i < 5; i++) cards[c++] = deck[next + board[i]];
}

void ph_fast_cards(uint64_t seed, uint64_t index, int count, uint8_t *cards) {
    uint8_t deck[52];
    uint64_t rng = ph_policy_stream(seed ^ PH_DECK_SALT, index);
    for (int c = 0; c < 52; c++) deck[c] = (uint8_t)c;
    if (count < 0) count = 0;
    if (count > 52) count = 52;
    for (int j = 0; j < count; j++) {
        int r = j + (int)below(&rng, (uint64_t)(52 - j));
        uint8_t t = deck[j];
        deck[j] = deck[r];
        deck[r] = t;
        cards[j] = deck[j];
    }
}

int ph_simulate(ph_simulation *run) {
    if (!run) return PH_ERR_ARGUMENT;
    const ph_rules *rules = run->rules;
    const ph_setup *setup = run->setup;
    const ph_policy *policy = run->policy;
    const uint64_t seed = run->seed;
    const int32_t deck = run->deck;
    const int64_t first = run->first, count = run->count, log_capacity = run->log_capacity;
    ph_hand *h = run->hand;
    ph_event *log = run->log;
    int64_t *net = run->net, *pots = run->pots, *done = &run->done;
    uint8_t *showdown = run->showdown;
    int32_t *actions = run->actions;
    *done = 0;
    if (!rules || !setup || !h || !log || !net || !showdown || !actions || !pots) return PH_ERR_ARGUMENT;
    if (!valid_policy(policy) || (deck != PH_DECK_STANDARD && deck != PH_DECK_FAST) || first < 0 || count < 0 ||
        first > PH_SIMULATE_MAX_HANDS - count || log_capacity < 2 * PH_STEP_EVENTS || setup->seats < 2 ||
        setup->seats > PH_MAX_SEATS || setup->cards)
        return PH_ERR_ARGUMENT;
    ph_setup u = *setup;
    uint8_t cards[2 * PH_MAX_SEATS + 8], decks[52 * PH_SHUFFLE_LANES];
    uint32_t keys[3 * PH_SHUFFLE_LANES];
    int dealt = 0, n = u.seats;
    size_t words = key_words(seed);
    for (int s = 0; s < n; s++) dealt += u.in_hand[s] != 0;
    u.key = NULL;
    u.key_bytes = 0;
    u.cards = cards;
    for (int64_t j = 0; j < count; j++) {
        uint64_t index = (uint64_t)(first + j);
        if (deck == PH_DECK_FAST) {
            ph_fast_cards(seed, index, 2 * dealt + 8, cards);
        } else { /* Hand's decks (1.4), PH_SHUFFLE_LANES hands' at a time */
            int lane = (int)(j % PH_SHUFFLE_LANES);
            if (lane == 0) {
                int lanes = count - j < PH_SHUFFLE_LANES ? (int)(count - j) : PH_SHUFFLE_LANES;
                for (int l = 0; l < lanes; l++) {
                    uint32_t hand_words[3] = {(uint32_t)(index + (uint64_t)l), (uint32_t)seed, (uint32_t)(seed >> 32)};
                    memcpy(keys + (size_t)l * words, hand_words, words * sizeof *keys);
                }
                if (ph_shuffled_decks(keys, words, lanes, decks) != PH_OK) return PH_ERR_ARGUMENT;
            }
            ph_deal_layout(&u, decks + 52 * lane, cards);
        }
        int status = ph_hand_init(h, rules, &u, log, log_capacity);
        if (status != PH_OK) return status;
        uint64_t rng = ph_policy_stream(seed, index);
        int64_t played = 0;
        for (;;) {
            status = ph_policy_play(h, policy, &rng, log, log_capacity, &played);
            if (status != PH_ERR_LOG_FULL) break;
            h->n_events = 0; /* the events of a hand not recorded are not kept: the scratch log wraps */
        }
        if (status != PH_OK) return status;
        int64_t pot = 0;
        for (int p = 0; p < h->n_pots; p++) pot += h->pots[p].amount;
        for (int s = 0; s < n; s++) net[j * n + s] = h->stacks[s] - h->initial_stacks[s];
        showdown[j] = (uint8_t)(h->showdown != 0);
        actions[j] = played > INT32_MAX ? INT32_MAX : (int32_t)played;
        pots[j] = pot;
        *done = j + 1;
    }
    return PH_OK;
}
