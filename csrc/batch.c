/*
 * batch.c — many independent hands stepped by one call each: the arrays of pyholdem.engine.batch.HandBatch.
 *
 * Every row is a ph_hand of hand.c, dealt from its layout, stacks and shuffle key exactly as Hand deals the
 * same set-up and seed (section 1.4 shuffle, sixteen keys at a time; 4.2-4.3 deal) and stepped by ph_hand_act,
 * ph_hand_refusal saying why when it refuses. The log of a row is not kept: each action writes its
 * events into a scratch log on the stack, and the row keeps the action itself (its history) and the
 * observation arrays. No global state, no allocation: the caller owns every array; rows are independent, so
 * any split of the rows over threads gives the same arrays.
 */
#include <stddef.h>
#include <string.h>

#include "codes.h"
#include "holdem.h"

enum { LOG_CAPACITY = 2 * PH_STEP_EVENTS, PREFETCH_AHEAD = 8 };

/* The part of a ph_hand that checking and taking an ordinary action read and write: holdem.h puts the counters
   and bets of the round, the legal actions, the seats' flags, stacks, bets and marks and then the rules at its
   start, up to the rules' fields the betting does not read. */
enum { HOT_BYTES = offsetof(ph_hand, rules) + offsetof(ph_rules, pl_round_pot_to) };

/* Ask for the hot lines of a hand the step reaches PREFETCH_AHEAD rows later (ten lines), into the outer caches (low
   temporal locality): a row of a large batch is far from the last one stepped and its first read waits on memory;
   the lines asked for ahead arrive while the rows before it are played, without holding the first-level cache's
   few miss buffers, which the step's own reads need (measured: 113-115 ns an action against 125-131 asking for the
   lines into the first-level cache, 100,000 six-max rows; benchmarks/RESULTS-batch.md). */
static void prefetch_hand(const ph_hand *h) {
#if defined(__GNUC__)
    const char *p = (const char *)h;
    for (size_t k = 0; k < HOT_BYTES; k += 64) __builtin_prefetch(p + k, 1, 1);
    __builtin_prefetch(p + HOT_BYTES - 1, 1, 1);
#else
    (void)h;
#endif
}

static int valid_batch(const ph_batch *b) {
    return b && b->rows >= 0 && b->width >= 2 && b->width <= PH_MAX_SEATS && b->history >= 0 && b->layouts >= 1 &&
           b->setups && b->rules && b->hands && b->layout && b->initial && b->keys && (b->history == 0 || b->hist) &&
           b->hist_len && b->to_act && b->legal && b->call && b->min_to && b->max_to && b->pot && b->stacks &&
           b->bets && b->folded && b->street && b->board && b->holes && b->revealed && b->done && b->actions &&
           b->net && b->showdown;
}

static int valid_rows(const ph_batch *b, const int64_t *rows, int64_t lo, int64_t hi) {
    if (lo < 0 || hi < lo || (!rows && hi > b->rows)) return 0;
    if (rows)
        for (int64_t i = lo; i < hi; i++)
            if (rows[i] < 0 || rows[i] >= b->rows) return 0;
    return 1;
}

/* 4.4 visible_board */
static int shown_board(int street) { return street <= PH_PREFLOP ? 0 : street == PH_FLOP ? 3 : street == PH_TURN ? 4 : 5; }

/* The seat to act of row r and its legal actions (6.1). */
static inline void observe_legal(const ph_batch *b, int64_t r, const ph_hand *h) {
    int seat = h->to_act, raises = h->legal_min > 0;
    unsigned legal = (unsigned)(seat >= 0) << PH_FOLD | (unsigned)(h->legal_check != 0) << PH_CHECK |
                     (unsigned)(h->legal_call > 0) << PH_CALL |
                     (unsigned)raises << (h->legal_is_bet ? PH_BET : PH_RAISE);
    b->to_act[r] = (int8_t)seat;
    b->legal[r] = (uint8_t)(seat >= 0 ? legal : 0);
    b->call[r] = h->legal_call > 0 ? h->legal_call : 0;
    b->min_to[r] = raises ? h->legal_min : 0;
    b->max_to[r] = raises ? h->legal_max : 0;
}

/* The observation of row r from its hand; its hole cards too when dealt (they change only at a deal). The chips in
   the middle are what the stacks lost (the chips of a hand never change in number): at the deal, the starting
   stacks less the stacks; after an action, the pot observed before plus what each stack lost since. The board and
   the cards face up are read only when the street moved on, a hand was exposed (4.6) or the hand is over, so that
   the parts of the hand the betting leaves alone stay out of the caches. */
static void observe(const ph_batch *b, int64_t r, int dealt) {
    const ph_hand *h = &b->hands[r];
    int w = b->width, n = h->seats;
    observe_legal(b, r, h);
    int64_t *stacks = b->stacks + r * w, *bets = b->bets + r * w, pot = dealt ? 0 : b->pot[r];
    const int64_t *initial = b->initial + r * w, *before = dealt ? initial : stacks;
    uint8_t *folded = b->folded + r * w;
    for (int s = 0; s < n; s++) {
        pot += before[s] - h->stacks[s];
        stacks[s] = h->stacks[s];
        bets[s] = h->bets[s];
        folded[s] = h->folded[s];
    }
    b->pot[r] = h->over ? 0 : pot;
    b->done[r] = h->over != 0;
    if (dealt || b->street[r] != h->street || h->n_exposed || h->over) {
        b->street[r] = (int8_t)h->street;
        int8_t *board = b->board + r * 5;
        int shown = shown_board(h->street);
        for (int i = 0; i < 5; i++) board[i] = i < shown ? (int8_t)h->board[i] : -1;
        uint16_t revealed = 0;
        for (int i = 0; i < h->n_exposed; i++) revealed |= (uint16_t)(1u << h->exposed[i]);
        for (int i = 0; i < h->n_shown; i++) revealed |= (uint16_t)(1u << h->shown[i]);
        b->revealed[r] = revealed;
    }
    if (h->over) {
        for (int s = 0; s < n; s++) b->net[r * w + s] = h->stacks[s] - initial[s];
        b->showdown[r] = h->showdown != 0;
    }
    if (!dealt) return;
    int8_t *holes = b->holes + r * w * 2;
    for (int s = 0; s < w; s++) {
        int in = s < n && h->in_hand[s];
        holes[2 * s] = in ? (int8_t)h->holes[s][0] : -1;
        holes[2 * s + 1] = in ? (int8_t)h->holes[s][1] : -1;
    }
    for (int s = n; s < w; s++) {
        stacks[s] = bets[s] = 0;
        folded[s] = 1;
    }
}

/* The observation of row r after seat took an action that paid paid chips. While the street goes on and the hand
   is not over, only the actor's stack, bet and folded flag and the pot can have changed (6.1: one player acts at
   a time; chips move between players only when a round ends), so only those are written; else observe. */
static void observe_action(const ph_batch *b, int64_t r, int seat, int64_t paid) {
    const ph_hand *h = &b->hands[r];
    if (h->over || h->n_exposed || b->street[r] != h->street) {
        observe(b, r, 0);
        return;
    }
    observe_legal(b, r, h);
    int64_t k = r * b->width + seat;
    b->stacks[k] = h->stacks[seat];
    b->bets[k] = h->bets[seat];
    b->folded[k] = h->folded[seat];
    b->pot[r] += paid;
}

/* The number of 32-bit words of the key (the seed's words up to its highest non-zero one, at least one). */
static size_t key_words(const uint32_t *key) { return key[2] ? 3 : key[1] ? 2 : 1; }

/* The set-up a row is dealt from: its layout's, copied once for the rows of that layout in a row (a ph_setup is
   over a kilobyte), then given each row's stacks and cards. */
typedef struct {
    ph_setup setup;
    int32_t layout;
} dealer;

static void deal_row(const ph_batch *b, int64_t r, const uint8_t *deck, dealer *d, int32_t *status,
                     uint8_t *finished) {
    ph_event log[LOG_CAPACITY];
    ph_hand h;
    uint8_t cards[2 * PH_MAX_SEATS + 8];
    int32_t layout = b->layout[r];
    *finished = 0;
    if (layout < 0 || layout >= b->layouts || b->setups[layout].seats > b->width || b->setups[layout].seats < 2) {
        *status = PH_ERR_ARGUMENT;
        return;
    }
    if (d->layout != layout) {
        d->setup = b->setups[layout];
        d->layout = layout;
    }
    ph_setup *u = &d->setup;
    memcpy(u->stacks, b->initial + r * b->width, (size_t)u->seats * sizeof *u->stacks);
    ph_deal_layout(u, deck, cards);
    u->key = NULL;
    u->key_bytes = 0;
    u->cards = cards;
    *status = ph_hand_init(&h, &b->rules[layout], u, log, LOG_CAPACITY);
    u->cards = NULL;
    if (*status != PH_OK) return;
    b->hands[r] = h;
    b->hist_len[r] = 0;
    b->actions[r] = 0;
    observe(b, r, 1);
    *finished = h.over != 0;
}

int ph_batch_deal(const ph_batch *b, const int64_t *rows, int64_t lo, int64_t hi, int32_t *status, uint8_t *finished) {
    if (!valid_batch(b) || !rows || !status || !finished || !valid_rows(b, rows, lo, hi)) return PH_ERR_ARGUMENT;
    uint32_t keys[3 * PH_SHUFFLE_LANES];
    uint8_t decks[52 * PH_SHUFFLE_LANES];
    dealer d = {.layout = -1};
    for (int64_t i = lo; i < hi;) { /* up to PH_SHUFFLE_LANES rows in a row whose keys have as many words */
        size_t words = key_words(b->keys + 3 * rows[i]);
        int lanes = 0;
        while (lanes < PH_SHUFFLE_LANES && i + lanes < hi && key_words(b->keys + 3 * rows[i + lanes]) == words) {
            memcpy(keys + (size_t)lanes * words, b->keys + 3 * rows[i + lanes], words * sizeof *keys);
            lanes++;
        }
        if (ph_shuffled_decks(keys, words, lanes, decks) != PH_OK) return PH_ERR_ARGUMENT;
        for (int l = 0; l < lanes; l++)
            deal_row(b, rows[i + l], decks + 52 * l, &d, status + i + l, finished + i + l);
        i += lanes;
    }
    return PH_OK;
}

int ph_batch_step(const ph_batch *b, const ph_batch_actions *actions, int64_t lo, int64_t hi) {
    if (!actions) return PH_ERR_ARGUMENT;
    const int64_t *rows = actions->rows, *kinds = actions->kinds, *amounts = actions->amounts;
    uint8_t *codes = actions->codes, *finished = actions->finished;
    const int apply = actions->apply;
    if (!valid_batch(b) || !kinds || !amounts || !codes || !finished || hi > actions->count ||
        !valid_rows(b, rows, lo, hi))
        return PH_ERR_ARGUMENT;
    ph_event log[LOG_CAPACITY];
    for (int64_t i = lo; i < hi; i++) {
        int64_t r = rows ? rows[i] : i, kind = kinds[i], amount = amounts[i];
        ph_hand *h = &b->hands[r];
        if (i + PREFETCH_AHEAD < hi) {
            int64_t ahead = rows ? rows[i + PREFETCH_AHEAD] : i + PREFETCH_AHEAD;
            prefetch_hand(&b->hands[ahead]);
            __builtin_prefetch(&b->actions[ahead], 1);
        }
        finished[i] = 0;
        if (kind == PH_BATCH_NO_ACTION) {
            codes[i] = PH_REFUSAL_NONE;
            continue;
        }
        int action = kind < PH_FOLD || kind > PH_RAISE ? -1 : (int)kind;
        if (!apply || (b->history > 0 && b->hist_len[r] >= b->history)) {
            int code = ph_hand_refusal(h, action, amount);
            codes[i] = (uint8_t)(code == PH_REFUSAL_NONE && apply ? PH_BATCH_NO_ROOM : code);
            continue;
        }
        /* ph_hand_act accepts exactly what ph_hand_refusal allows, and changes nothing when it refuses; the
           refusal's reason is asked for only then. The events go to the scratch log, which each action starts
           again. */
        int bets = action == PH_BET || action == PH_RAISE, seat = h->to_act;
        int64_t kept = h->n_events, stack = seat >= 0 && seat < h->seats ? h->stacks[seat] : 0;
        h->n_events = 0;
        if (ph_hand_act(h, action, bets ? amount : 0, log, LOG_CAPACITY) != PH_OK) {
            h->n_events = kept;
            int code = ph_hand_refusal(h, action, amount);
            codes[i] = (uint8_t)(code == PH_REFUSAL_NONE ? PH_BATCH_ENGINE : code);
            continue;
        }
        codes[i] = PH_REFUSAL_NONE;
        if (b->history > 0) b->hist[(int64_t)b->hist_len[r]++ * b->rows + r] = (bets ? amount : 0) * 8 + action;
        b->actions[r]++;
        observe_action(b, r, seat, stack - h->stacks[seat]);
        finished[i] = h->over != 0;
    }
    return PH_OK;
}
