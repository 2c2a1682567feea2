/*
 * holdem.h — the one public header of the pyholdem C core.
 *
 * Everything between PH_CDEF_BEGIN and PH_CDEF_END is also the cffi cdef (build_ffi.py), so it
 * holds plain declarations only. Encodings, shared with the Python spec (DESIGN.md):
 *   card id   = rank * 4 + suit, rank 0 = deuce .. 12 = ace, suit 0..3 = c, d, h, s
 *   hand value = category << 12 | rank_within_category, bigger is better
 * Functions are prefixed ph_ and named after the spec function they accelerate.
 */
#ifndef PYHOLDEM_HOLDEM_H
#define PYHOLDEM_HOLDEM_H

#include <stddef.h>
#include <stdint.h>

#include "codes.h" /* the codes shared with Python, generated (tools/generate_codes.py); cffi reads it too */

/* PH_CDEF_BEGIN */

/* Status codes returned by every checked entry point (PH_OK = success). */
enum ph_status {
    PH_OK = 0,
    PH_ERR_CARD_RANGE = 1,     /* a card id outside 0..51 */
    PH_ERR_DUPLICATE_CARD = 2, /* the same card twice in one hand */
    PH_ERR_CARD_COUNT = 3,     /* a hand with the wrong number of cards */
    PH_ERR_ARGUMENT = 4,       /* any other argument out of range */
    PH_ERR_REFUSED = 5,        /* an action the rules do not allow; nothing changed */
    PH_ERR_LOG_FULL = 6        /* the event log has no room for one more step; nothing changed */
};

/* The version of the C core as "MAJOR.MINOR.PATCH"; must equal pyholdem.__version__. */
const char *ph_version(void);
/* The size of the card deck the core was built for (52). */
int ph_deck_size(void);

/* --- hand evaluator (spec 02) --- */

/* Value (>= 0) of the best five of count (5..7) distinct cards, or a negative ph_status. */
int ph_hand_value(const uint8_t *cards, int count);
/* ph_hand_value for exactly 5, 6 or 7 cards (one-argument calls are the cheapest from Python). */
int ph_hand_value5(const uint8_t *cards);
int ph_hand_value6(const uint8_t *cards);
int ph_hand_value7(const uint8_t *cards);
/* Value of the hand made of the set bits of mask (bit i = card id i, 5..7 bits), or a negative ph_status. */
int ph_evaluate_mask(uint64_t mask);
/* out[i] = value of row i of a rows x k (5..7) row-major array of card ids. Returns a ph_status;
   on failure *bad_row is the first offending row and out is left partly written. */
int ph_evaluate_batch(const uint8_t *cards, size_t rows, int k, int32_t *out, size_t *bad_row);
/* counts[c] (9 entries) = how many of the C(52, k) hands of k (5..7) cards have category c. */
int ph_enumerate_categories(int k, uint64_t *counts);
/* One equity query (spec 2.9): players (2..10) two-card hands (holes: 2 * players ids) given board_count
   (0, 3, 4, 5) board cards and dead_count dead cards, over every completion of the board when trials is 0,
   else over trials random completions drawn with seed. ph_equity writes wins, ties, shares (players
   entries; shares in 1/2520 pots) and boards (the completions counted). */
typedef struct {
    int32_t players, board_count, dead_count;
    const uint8_t *holes, *board, *dead;
    uint64_t trials, seed;
    uint64_t wins[10], ties[10], shares[10], boards;
} ph_equity_query;
int ph_equity(ph_equity_query *query);
/* Monte Carlo equity in steps, so that a long run can be interrupted between them: ph_equity_start
   checks the cards as ph_equity does and seeds the run; each ph_equity_sample(run, trials) adds trials
   random completions. The counts after steps of t1, t2, ... trials equal ph_equity's for t1 + t2 + ...
   trials with the same seed. boards never exceeds PH_EQUITY_MAX_TRIALS = UINT64_MAX / 2520, so no
   share counter (at most 2520 per board) can overflow; a step that would pass it is refused
   (PH_ERR_ARGUMENT) and changes nothing. */
#define PH_EQUITY_MAX_TRIALS (UINT64_MAX / 2520u) /* not seen by cffi: lines starting with # */
typedef struct {
    int players, size, left;
    uint8_t deck[52];
    uint64_t hole_key[10], hole_suits[10], key, suit_masks, rng[4];
    uint64_t wins[10], ties[10], shares[10], boards;
} ph_equity_run;
int ph_equity_start(ph_equity_run *run, const uint8_t *holes, int players, const uint8_t *board,
                    int board_count, const uint8_t *dead, int dead_count, uint64_t seed);
int ph_equity_sample(ph_equity_run *run, uint64_t trials);

/* --- bulk equity (section 2.9), batch validation, benchmark floor (section 2.4) --- */

/* A missing card in a board or dead-card row of ph_equity_batch. */
enum { PH_NO_CARD = 255 };
/* The status ph_evaluate_batch would return for the rows x k (5..7) card ids, without evaluating
   or writing anything: *bad_row is the first offending row. */
int ph_check_batch(const uint8_t *cards, size_t rows, int k, size_t *bad_row);
/* out[i] = value of row i of rows that ph_check_batch accepted (no second check: the write-once pass of
   evaluate_batch(out=)). Memory-safe for any bytes; rows with invalid cards get meaningless values. */
int ph_evaluate_checked_batch(const uint8_t *cards, size_t rows, int k, int32_t *out);
/* queries equity queries (spec 2.9) of players (2..10) hands each, one ph_equity call per row: holes
   (queries, players, 2); boards (queries, board_stride <= 5) whose first board_counts[q] entries are row
   q's board; dead (queries, dead_stride <= 52), PH_NO_CARD entries skipped; exact[q] non-zero: every
   completion, else trials random ones drawn with seeds[q]. ph_equity_batch writes wins, ties, shares
   (queries, players) and boards_out (queries); it stops at the first bad row (*bad_row) with its
   ph_equity status. ph_equity_batch_check returns the status ph_equity_batch would meet first, checking
   every row and computing nothing (it reads neither exact, seeds nor the outputs). */
typedef struct {
    size_t queries;
    int32_t players, board_stride, dead_stride;
    const uint8_t *holes, *boards, *board_counts, *dead, *exact;
    uint64_t trials;
    const uint64_t *seeds;
    uint64_t *wins, *ties, *shares, *boards_out;
} ph_equity_rows;
int ph_equity_batch(const ph_equity_rows *rows, size_t *bad_row);
int ph_equity_batch_check(const ph_equity_rows *rows, size_t *bad_row);
/* Exact equity in parts, so that threads can share one run: after ph_equity_start, each of copies of the
   run adds the completions whose first new board card is deck[i] for lo <= i < hi (0 <= lo <= hi <= parts,
   parts = size - left + 1 when left >= 2, else 1: part 0 is every completion). The parts' counts add up
   to ph_equity's exact counts. */
int ph_equity_exact_part(ph_equity_run *run, int lo, int hi);
/* BENCHMARK ONLY (csrc/bench_floor.c): seven key additions and one table lookup per 7-card row, no
   validation, no evaluation; the floor benchmarks/bench_bulk.py compares ph_evaluate_batch with. */
int ph_bench_lookup_floor(const uint8_t *cards, size_t rows, int32_t *out);

/* --- evaluate_batch's instruction-set paths (section 2.4) --- */

/* The paths of ph_check_batch, ph_evaluate_checked_batch and ph_evaluate_batch, each choosing the best
   one the CPU supports per call: portable C (SSE4.1 where the build allows it); AVX2; AVX-512 F+BW+VBMI
   (each with its own check pass and value pass). Every path gives the same statuses, bad rows and
   values. */
enum { PH_ISA_PORTABLE = 0, PH_ISA_AVX2 = 1, PH_ISA_AVX512 = 2 };
/* The best path this CPU and build support (PH_ISA_*). */
int ph_batch_isa(void);
/* ph_check_batch / ph_evaluate_checked_batch on the path isa; PH_ERR_ARGUMENT if isa is not one of
   PH_ISA_PORTABLE .. ph_batch_isa() (for tests and benchmarks: every path can be run and compared). */
int ph_check_batch_isa(const uint8_t *cards, size_t rows, int k, size_t *bad_row, int isa);
int ph_evaluate_checked_batch_isa(const uint8_t *cards, size_t rows, int k, int32_t *out, int isa);

/* --- end of the instruction-set paths --- */

/* --- pot resolver (spec 07, 08) --- */

/* Limits of one settlement: 2..PH_MAX_SEATS seats, at most PH_MAX_POTS pots (one per level). */
enum { PH_MAX_SEATS = 10, PH_MAX_POTS = 10 };

/* Which input a settlement refused (ph_pot_fault.field). */
enum ph_pot_field {
    PH_FIELD_NONE = 0,
    PH_FIELD_SEATS = 1,         /* seat count outside 2..PH_MAX_SEATS */
    PH_FIELD_CONTRIBUTION = 2,  /* a negative contribution */
    PH_FIELD_DEAD = 3,          /* a negative dead-money amount */
    PH_FIELD_VALUE = 4,         /* a live seat's hand value outside 0..2**31-1 */
    PH_FIELD_BUTTON = 5,        /* button outside 0..seats-1 */
    PH_FIELD_CHIP_UNIT = 6,     /* chip unit below 1 */
    PH_FIELD_ODD_CHIP_RULE = 7, /* not a PH_ODD_CHIP_RULE_* code */
    PH_FIELD_FOLDED = 8,        /* every seat folded */
    PH_FIELD_TOTAL = 9,         /* chips in the hand exceed INT64_MAX */
    PH_FIELD_CARDS = 10,        /* a live seat's or the board's card id outside 0..51 */
    PH_FIELD_DUPLICATE = 11,    /* the same card twice among the board and live hole cards */
    PH_FIELD_COUNT = 12         /* hand count below 0 or buffer missing */
};

/* Where a refusal happened: the field, the row of a batch (0 for one hand), the seat (-1 if none). */
typedef struct {
    int field;
    int seat;
    int64_t row;
} ph_pot_fault;

/* One pot: chips, the seats that may win it and the seats that won it (bit s = seat s). */
typedef struct {
    int64_t amount;
    uint32_t eligible;
    uint32_t winners;
} ph_pot;

/* One hand to settle (sections 7.6, 7.7, 8.7, 8.8), the inputs in the order of the spec's resolve_pots.
   Per seat (n_seats of them, 2..PH_MAX_SEATS): total contribution, folded flag (non-zero = folded), hand
   value (ignored for folded seats); the button seat; per-seat dead money (NULL = none); per-seat all-in
   flags (NULL = none given: the uncalled bet is returned and every seat is held to its contribution;
   given: a hand's contributions, antes included, nothing returned, a live seat not all-in may win every
   layer); the odd-chip rule and chip unit; room for the results: payouts (n_seats entries) and pots
   (PH_MAX_POTS). The arrays stay the caller's. ph_resolve_pots writes payouts[0..n_seats),
   pots[0..n_pots), n_pots and fault (PH_FIELD_NONE on success). */
typedef struct {
    int32_t n_seats, button, odd_chip_rule;
    int64_t chip_unit;
    const int64_t *contributions;
    const uint8_t *folded;
    const int32_t *values;
    const int64_t *dead;
    const uint8_t *all_in;
    int64_t *payouts;
    ph_pot *pots;
    int32_t n_pots;
    ph_pot_fault fault;
} ph_pot_query;

/* Settle the hand of query (section 8.10): PH_OK, or PH_ERR_ARGUMENT with query->fault naming the field
   and seat (payouts and pots then unspecified). No allocation, no global state. The C twin of
   resolve_pots. */
int ph_resolve_pots(ph_pot_query *query);

/* n_hands hands of n_seats seats, settled in one call: row-major (n_hands, n_seats) contributions,
   folded flags, values and dead money (NULL: none), (n_hands,) buttons; the odd-chip rule and chip unit
   of every row. ph_resolve_pots_batch reads values and writes payouts (n_hands, n_seats);
   ph_resolve_showdowns_batch also reads boards (n_hands, 5) and holes (n_hands, n_seats, 2) card ids
   and writes values. Both stop at the first refused row: fault names it (row, field, seat). The arrays
   stay the caller's; boards and holes are read only by ph_resolve_showdowns_batch. */
typedef struct {
    int64_t n_hands;
    int32_t n_seats, odd_chip_rule;
    int64_t chip_unit;
    const int64_t *contributions;
    const uint8_t *folded;
    int32_t *values;
    const int64_t *buttons, *dead;
    const uint8_t *boards, *holes;
    int64_t *payouts;
    ph_pot_fault fault;
} ph_pot_rows;

/* Settle every row of rows as ph_resolve_pots (the uncalled bet returned, no all-in flags). */
int ph_resolve_pots_batch(ph_pot_rows *rows);

/* Evaluate and settle n_hands showdowns in one call: each live seat's value (the best five of its seven
   cards, ph_hand_value) goes to values (-1 for folded seats), then the row is settled into payouts.
   Folded seats' hole cards are ignored; board and live hole cards must be distinct ids 0..51. */
int ph_resolve_showdowns_batch(ph_pot_rows *rows);

/* The pots of one layering (section 7.7) of n_seats (2..PH_MAX_SEATS) contributions, dead money joining the
   main pot, all_in as in ph_resolve_pots (NULL: every seat held to its contribution): writes
   pots[0..*n_pots) (amount and eligible; winners 0). The C twin of layer_pots. */
int ph_layer_pots(int n_seats, const int64_t *contributions, const uint8_t *folded, int64_t dead,
                  const uint8_t *all_in, ph_pot *pots, int *n_pots);

/* Adds to shares[] each winner's part of one pot of amount chips (section 8.8): equal whole chip units,
   the rest from the first winner left of the button. The C twin of split_pot. */
int ph_split_pot(int64_t amount, uint32_t winners, int button, int n_seats, int odd_chip_rule, int64_t chip_unit,
                 int64_t *shares);

/* --- shuffle (spec 1.4) --- */

/* deck[0..52) = the card ids 0..51 in the order Python's random.Random(seed).shuffle puts them, where the
   seed's Mersenne Twister key is key_bytes (a multiple of 4, at least 4) little-endian bytes: the 32-bit
   words of abs(seed) for an int seed. The C twin of shuffled_deck. */
int ph_shuffled_deck(const char *key, size_t key_bytes, uint8_t *deck);

/* --- the hand (specs 03-08) --- */

enum { PH_MAX_FORCED = 12, PH_MAX_POSTS = 48, PH_STEP_EVENTS = 256 };

/* The actions (enum ph_action: PH_FOLD ... PH_RAISE), event kinds (enum ph_event_kind: PH_EV_*), streets,
   forced-post kinds (enum ph_post_kind: PH_POST_*) and RuleSet choice codes are generated from the Python
   definitions into generated/codes.h (tools/generate_codes.py). */

/* One forced post (section 3.20): seat, kind (ph_post_kind), the full amount owed, live (1: part of the bet)
   or dead (0). The C engine plays no sleeper: PH_POST_SLEEPER is refused and the Python side plays such
   hands on the spec engine. */
typedef struct {
    int64_t amount;
    int32_t seat, kind, live;
} ph_post;

/* Everything a hand starts from (section 3.20, pyholdem.engine.setup.HandSetup): seats (in_hand 1: dealt in;
   0: sitting out or empty, never acts, keeps its stack), stacks, the button (any seat), the posts in posting
   order, the level's big blind, the fixed-limit bet sizes, and the cards: cards NULL to shuffle with key
   (ph_shuffled_deck), else two hole cards per seat in the hand in seat order, three burns and five board
   cards. */
typedef struct {
    int32_t seats, button, n_posts;
    uint8_t in_hand[PH_MAX_SEATS];
    int64_t stacks[PH_MAX_SEATS];
    ph_post posts[PH_MAX_POSTS];
    int64_t big_blind, small_bet, big_bet;
    const char *key;
    size_t key_bytes;
    const uint8_t *cards;
} ph_setup;

/* One entry of a hand's log: amount (-1: none), seat (-1: none), street 0..3 (preflop..river) or
   4 (showdown), up to three cards. */
typedef struct {
    int64_t amount;
    int8_t kind;
    int8_t seat;
    int8_t street;
    int8_t all_in;
    int8_t n_cards;
    uint8_t cards[3];
} ph_event;

/* The RuleSet fields the hand reads; each choice is its index in the RuleSet's list of choices, each
   flag 0 or 1, each optional number -1 (nl_raise_cap) or 0 (pl_round_pot_to) for None. Those the betting
   reads come first (chip_unit .. fl_raise_base, one cache line). */
typedef struct {
    int64_t chip_unit;
    int32_t betting_structure, nl_min_bet, min_raise_rule, nl_raise_cap, nl_cap_lifted_heads_up, reopen_rule_big_bet,
        first_wager_reopens, raise_needs_a_caller, fl_max_raises, fl_cap_lifted_heads_up, fl_cap_counts_allin_raise,
        fl_cap_counts_short_allins, reopen_rule_limit, fl_raise_base;
    int64_t pl_round_pot_to;
    int32_t fl_cap_counts_blinds, ante_award, short_blind_call_amount, pl_pot_basis, pl_preflop_full_blinds,
        pl_sb_counts_as_bb, straddle_raise_size, straddle_short_stack, ante_type, bba_priority, short_post_priority,
        showdown_order, losers_may_muck, all_in_face_up, odd_chip_rule, side_pots_awarded_first;
    int32_t preflop_first_actor, odd_chip_pots;
} ph_rules;

/* One hand: the fields of pyholdem.spec.state.HandState (lists per seat, to_act -1 when nobody acts,
   aggressors -1 for none), the deal, what the Python Hand keeps beside it, the legal actions of the seat
   to act (section 6.1; -1 for none) and, once over, the result. Plain data: copy it with memcpy. What checking
   and taking an ordinary action reads and writes comes first, ending with the rules' betting fields (chip_unit to
   fl_raise_base), so that a hand stepped from memory (csrc/batch.c) costs eight cache lines, not twelve. */
typedef struct {
    int32_t seats, button, street, to_act, capped, bet_count, raise_count, over, n_exposed, n_shown, last_round;
    int32_t legal_check, legal_is_bet;
    int32_t aggressors[4];
    int64_t current_bet, full_level, full_increment, first_bet, last_increment, cumulative_increment, min_bet, big_blind;
    int64_t legal_call, legal_min, legal_max, n_events;
    uint8_t folded[PH_MAX_SEATS], acted[PH_MAX_SEATS], in_hand[PH_MAX_SEATS];
    int64_t stacks[PH_MAX_SEATS], bets[PH_MAX_SEATS], marks[PH_MAX_SEATS], raise_increments[PH_MAX_SEATS];
    ph_rules rules;
    int32_t n_forced, straddles, uniform_antes, showdown, n_pots;
    int32_t blind_seats[PH_MAX_FORCED];
    int64_t blind_amounts[PH_MAX_FORCED];
    int64_t small_bet, big_bet;
    int64_t committed[PH_MAX_SEATS], antes[PH_MAX_SEATS], initial_stacks[PH_MAX_SEATS], dead[PH_MAX_SEATS];
    uint8_t holes[PH_MAX_SEATS][2];
    uint8_t burns[3], board[5];
    uint8_t exposed[PH_MAX_SEATS], shown[PH_MAX_SEATS];
    ph_pot pots[2 * PH_MAX_POTS];
} ph_hand;

/* Set up a hand from one set-up (sections 3.11-3.16, 3.20, 4.2-4.3, 6.2) and play it to the first decision.
   Events go to log[0..log_capacity). Returns PH_OK, PH_ERR_REFUSED for a straddle the player cannot post
   (section 3.16), or PH_ERR_ARGUMENT for anything out of range (a set-up section 3.20 refuses, a sleeper). */
int ph_hand_init(ph_hand *hand, const ph_rules *rules, const ph_setup *setup, ph_event *log, int64_t log_capacity);

/* A hand dealt again from a table's layout (section 3.20: a set-up with no stacks and no key, made once per
   layout, pyholdem.engine.native_engine.start_laid_out): ph_hand_init of layout with this hand's stacks
   (layout->seats of them) and shuffle key (key_bytes bytes, as ph_shuffled_deck takes it). The arrays stay the
   caller's. PH_ERR_ARGUMENT for a missing layout or stacks, or stacks the set-up refuses. */
int ph_hand_init_laid_out(ph_hand *hand, const ph_rules *rules, const ph_setup *layout, const int64_t *stacks,
                          const char *key, size_t key_bytes, ph_event *log, int64_t log_capacity);

/* The player to act takes action (a ph_action of generated/codes.h; amount is the bet or raise-to total, else ignored), and
   the hand runs to the next decision or its end (sections 6.1-8.10). Returns PH_OK, PH_ERR_REFUSED for
   an action the legal actions do not include, PH_ERR_LOG_FULL when fewer than PH_STEP_EVENTS entries of
   log are free, PH_ERR_ARGUMENT for a hand that is over or a bad pointer; on an error nothing changes. */
int ph_hand_act(ph_hand *hand, int action, int64_t amount, ph_event *log, int64_t log_capacity);

/* Why an action is refused (pyholdem.spec.betting.check_action, whose refusal names the same section), or
   PH_REFUSAL_NONE when the legal actions include it. */
enum ph_refusal {
    PH_REFUSAL_NONE = 0,
    PH_REFUSAL_OVER = 1,                /* 6.1: the hand is over, nobody is to act */
    PH_REFUSAL_KIND = 2,                /* 6.1: not an action */
    PH_REFUSAL_CHECK_PREFLOP = 3,       /* 6.6: check facing a bet preflop */
    PH_REFUSAL_CHECK = 4,               /* 6.1: check facing a bet */
    PH_REFUSAL_CALL = 5,                /* 6.1: nothing to call */
    PH_REFUSAL_BET_FACING_A_BET = 6,    /* 6.1: bet where there is a bet to raise */
    PH_REFUSAL_RAISE_NO_BET = 7,        /* 6.1: raise where there is no bet */
    PH_REFUSAL_NO_CHIPS_BEYOND = 8,     /* 6.7: the player's chips do not go beyond the current bet */
    PH_REFUSAL_NOBODY_TO_CALL = 9,      /* 6.9: no other player has chips */
    PH_REFUSAL_NOT_REOPENED = 10,       /* 7.2: not reopened by a full raise */
    PH_REFUSAL_NOT_REOPENED_LIMIT = 11, /* 7.4: not reopened (fixed limit) */
    PH_REFUSAL_LIMIT_CAP = 12,          /* 5.4: the fixed-limit cap is reached */
    PH_REFUSAL_RAISE_CAP = 13,          /* 5.8: the raise cap is reached */
    PH_REFUSAL_NEEDS_A_CALLER = 14,     /* 6.7: nobody could call more (raise_needs_a_caller) */
    PH_REFUSAL_BEYOND_STACK = 15,       /* 5.12: more than the player has */
    PH_REFUSAL_CHIP_UNIT = 16,          /* 5.12: not a multiple of the chip unit */
    PH_REFUSAL_BELOW_MIN_BET = 17,      /* 5.5: below the minimum bet */
    PH_REFUSAL_BELOW_MIN_RAISE = 18,    /* 5.6: below the minimum raise */
    PH_REFUSAL_LIMIT_BELOW = 19,        /* 5.3: below the fixed-limit amount */
    PH_REFUSAL_ABOVE_STACK_LIMIT = 20,  /* 5.7: above the no-limit maximum */
    PH_REFUSAL_ABOVE_POT_LIMIT = 21,    /* 5.9: above the pot-limit maximum */
    PH_REFUSAL_LIMIT_ABOVE = 22,        /* 5.3: above the fixed-limit amount */
    PH_REFUSAL_COUNT = 23
};
/* The ph_refusal of action (any int) and amount (the bet or raise-to total, else ignored) for the seat to act of
   h: PH_REFUSAL_NONE exactly when ph_hand_act would accept them. Changes nothing. */
int ph_hand_refusal(const ph_hand *h, int action, int64_t amount);

/* --- hands in bulk (sections 3-8 with a policy; csrc/simulate.c, twin pyholdem/engine/policies.py) --- */

/* A policy as data: PH_POLICY_RANDOM (check 60 %, call 15 %, bet or raise 10 %, else check or fold: the
   benchmark's), PH_POLICY_STREETS (per street 0..3, a draw u below fold_below folds (checks when free),
   below passive_below checks or calls, else bets or raises, or checks or calls when it may not) or
   PH_POLICY_CALL (checks or calls, draws nothing). A bet or raise is to low + unit * k, k uniform in
   0..(min(max, 3 * low) - low) / unit (low, max: the legal bounds; unit: rules.chip_unit). */
enum ph_policy_kind { PH_POLICY_RANDOM = 0, PH_POLICY_STREETS = 1, PH_POLICY_CALL = 2 };
enum ph_deck_kind { PH_DECK_STANDARD = 0, PH_DECK_FAST = 1 };
#define PH_SIMULATE_MAX_HANDS ((int64_t)1 << 32) /* hand indices are below 2**32 (not seen by cffi) */
typedef struct {
    int32_t kind;
    double fold_below[4], passive_below[4];
} ph_policy;

/* ph_shuffled_deck for lanes (1..PH_SHUFFLE_LANES) keys of words (1..3) 32-bit words each, lane l's
   words at keys[l * words ..]: decks[52 * l ..] = lane l's deck. The states are seeded side by side
   (csrc/shuffle.c), the same decks about as fast as one. */
enum { PH_SHUFFLE_LANES = 16 };
int ph_shuffled_decks(const uint32_t *keys, size_t words, int lanes, uint8_t *decks);
/* The splitmix64 state of the stream (seed, index): mix(mix(seed) + index). */
uint64_t ph_policy_stream(uint64_t seed, uint64_t index);
/* cards[0..count) = the first count cards (count <= 52) of the fast deck of hand index (simulate.c). */
void ph_fast_cards(uint64_t seed, uint64_t index, int count, uint8_t *cards);
/* Play hand h to its end, each decision by policy drawing from the splitmix64 state *rng; *actions counts the
   actions played. Returns PH_OK once over, PH_ERR_LOG_FULL (before a decision, nothing lost: give a larger
   log and call again), PH_ERR_ARGUMENT for a bad policy or pointer. */
int ph_policy_play(ph_hand *h, const ph_policy *policy, uint64_t *rng, ph_event *log, int64_t log_capacity,
                   int64_t *actions);
/* One ph_simulate run: hands first .. first + count - 1 (below 2**32) of setup (cards NULL: each hand's deck
   comes from seed and its index, deck a ph_deck_kind) played with policy under rules, on the caller's hand and
   log scratch (log_capacity >= 2 * PH_STEP_EVENTS; it wraps). Row j of the outputs is hand first + j: net
   (count x seats) chips won or lost, showdown flag, actions played, chips in the pots awarded. ph_simulate
   sets done to the rows written; a status other than PH_OK is that of the hand at row done. */
typedef struct {
    const ph_rules *rules;
    const ph_setup *setup;
    const ph_policy *policy;
    uint64_t seed;
    int32_t deck;
    int64_t first, count;
    ph_hand *hand;
    ph_event *log;
    int64_t log_capacity;
    int64_t *net;
    uint8_t *showdown;
    int32_t *actions;
    int64_t *pots;
    int64_t done;
} ph_simulation;
int ph_simulate(ph_simulation *run);
/* cards[0 .. 2k + 8) = deck (52 card ids, the order of a shuffled deck) dealt to the k seats in the hand of u as
   hand.c deals (4.2, 4.3), laid out as ph_setup.cards: two hole cards per seat in seat order, three burns, five
   board cards. */
void ph_deal_layout(const ph_setup *u, const uint8_t *deck, uint8_t *cards);
/* --- end of hands in bulk --- */

/* --- hand ranges (spec 13; csrc/ranges.c) --- */

/* One range-equity query: players (2..10), each with first[p+1] - first[p] (>= 1) live combos
   combos[2*i], combos[2*i+1] (distinct card ids 0..51, none on the board or dead) of weight
   weights[i] in thousandths (1..1000); board_count (0, 3, 4, 5) board cards; dead: a 52-bit mask of
   dead cards. The arrays stay the caller's. */
typedef struct {
    int32_t players, board_count;
    int32_t first[11];
    uint8_t board[5];
    uint64_t dead;
    const uint8_t *combos;
    const uint16_t *weights;
} ph_range_query;

/* One chunk of an exact run (section 13.5): the deals in which each player p holds one of its combos
   first[p] + lo[p] .. first[p] + hi[p] - 1, every deal whose combos share no card, each over every
   completion of the board. ph_range_exact adds to win[p], tie[p] (boards won alone, tied) and share[p]
   (pots) the deal's weight (the product of its weights / 1000 each) times its counts, to weight the
   weight times the completions, to deals and boards the counts. memo (memo_words words, NULL/0 for
   none) is scratch that keeps the counts of deals already counted, reused by the chunks of one run
   (a memo naming another query is cleared first); the results do not depend on it. */
typedef struct {
    int32_t lo[10], hi[10];
    double win[10], tie[10], share[10], weight;
    uint64_t deals, boards;
    uint64_t *memo;
    int64_t memo_words;
} ph_range_chunk;
int ph_range_exact(const ph_range_query *q, ph_range_chunk *chunk);

/* One chunk of a Monte Carlo run (section 13.6): chunk number `chunk` of a run with seed, trials deals,
   each drawn as section 13.6 says with the chunk's own generator, each with one random completion of
   the board. ph_range_sample adds to wins, ties, shares (1/2520 pots) and attempts (deals drawn,
   collisions included); it returns PH_ERR_REFUSED, with nothing added, if more than max_attempts deals
   were drawn. */
typedef struct {
    uint64_t seed, chunk, trials, max_attempts;
    uint64_t wins[10], ties[10], shares[10], attempts;
} ph_range_draw;
int ph_range_sample(const ph_range_query *q, ph_range_draw *draw);

/* --- the table's hand planning (sections 3.4-3.20; csrc/table.c; twin pyholdem.spec.table.plan_hand) --- */

/* A seat between hands (section 3.18, pyholdem.spec.table.TableSeat) as codes: its status (enum
   ph_seat_status), its way in (enum ph_entry) and flags. */
enum ph_seat_flag {
    PH_FLAG_NEW = 1, PH_FLAG_OWES_SMALL = 2, PH_FLAG_OWES_BIG = 4, PH_FLAG_BUTTON_PASSED = 8,
    PH_FLAG_HAS_CHIPS = 16
};
/* The choices plan_hand and plan_posts make (pyholdem.spec.table.planning_choices): button_rule (PH_BUTTON_RULE_*), heads_up_button_adjust (0/1), cash (1: mode "cash"), absent_dealt_in (1: section
   3.19 deals an absent player in), ante_type (its index among the RuleSet's choices). */
typedef struct {
    int32_t button_rule, heads_up_button_adjust, cash, absent_dealt_in, ante_type;
} ph_table_rules;

/* The table between hands: seats (2..PH_MAX_SEATS) and per seat its status, entry and flags. */
typedef struct {
    int32_t seats;
    uint8_t status[PH_MAX_SEATS];
    uint8_t entry[PH_MAX_SEATS];
    uint8_t flags[PH_MAX_SEATS];
} ph_table_seats;

/* Room a plan record needs (ph_plan_query.out), in int64 entries. */
enum { PH_PLAN_RECORD = 256 };

/* One plan of a table's next hand: the choices (rules) and the seats; the previous positions prev_button,
   prev_small, prev_big (each a seat) of a table that has played a hand; small_blind, big_blind: the level's
   amounts; ante: one ante amount (>= 0) laid out by ante_type, or -1 for none (no ante, or a per-seat list
   the caller lays out); out: the plan record, capacity (>= PH_PLAN_RECORD) int64 entries. Every pointer
   stays the caller's. */
typedef struct {
    const ph_table_rules *rules;
    const ph_table_seats *seats;
    int32_t prev_button, prev_small, prev_big;
    int64_t small_blind, big_blind, ante;
    int64_t *out;
    int32_t capacity;
} ph_plan_query;

/* The next hand of a table (sections 3.4-3.8, 3.12-3.14, 3.18-3.20): the C twin of plan_hand followed by
   plan_posts. Writes the plan record to query->out[0..out[0]):
     out[0] length, out[1..4] button, small blind, big blind, small blind dead (0/1),
     out[5..5+seats) each seat's ph_planned_state, then five lists, each its count and its items:
     the posts (seat, ph_post_kind, amount, live) in posting order, the entered (seat, ph_entered_how),
     the missed blinds (seat, PH_POST_SMALL_BLIND or PH_POST_BIG_BLIND), the seats the button passed,
     the absent seats dealt in, and last the new players dealt in (flag PH_FLAG_NEW, state in).
   Returns PH_OK, PH_ERR_REFUSED when fewer than two players can be dealt in (section 3.1; out untouched),
   PH_ERR_ARGUMENT for a count, code, seat or pointer out of range. No allocation, no global state. */
int ph_plan_hand(const ph_plan_query *query);

/* --- end of the table's hand planning --- */

/* --- hands stepped in batches (csrc/batch.c; pyholdem.engine.batch.HandBatch) --- */

/* A batch of rows independent hands, every array the caller's (row-major, rows first): the hands; per layout
   (a set-up with no stacks, key or cards) its ph_setup and ph_rules; per row its layout, the stacks its hands
   start from (rows x width), the shuffle key of its hand (rows x 3 words: the seed's 32-bit words, least
   significant first; the key is as many words as the number needs) and its last history entries (history x
   rows, entries first, so that a step of rows at the same point of their hands writes one run; each action as
   amount * 8 + ph_action; hist_len the count). The observation, written for every row
   a deal or an action changes: the seat to act (-1: none), the legal actions (bit k: ph_action k), the call,
   the bounds of a bet or raise (0: none), the chips in the middle (0 once over), per seat its stack, bet this
   round and folded flag (rows x width), the street, the board shown (rows x 5, -1: not shown), the hole cards
   (rows x width x 2, -1: not dealt), the seats whose cards are face up (bit s), the done flag, the actions
   played; and when a hand ends, each seat's net (rows x width) and the showdown flag, kept until the next
   hand of the row ends. */
typedef struct {
    int64_t rows;
    int32_t width, history, layouts;
    const ph_setup *setups;
    const ph_rules *rules;
    ph_hand *hands;
    const int32_t *layout;
    const int64_t *initial;
    const uint32_t *keys;
    int64_t *hist;
    int32_t *hist_len;
    int8_t *to_act;
    uint8_t *legal;
    int64_t *call, *min_to, *max_to, *pot, *stacks, *bets;
    uint8_t *folded;
    int8_t *street, *board, *holes;
    uint16_t *revealed;
    uint8_t *done;
    int32_t *actions;
    int64_t *net;
    uint8_t *showdown;
} ph_batch;

/* Deal a new hand in rows rows[lo .. hi) of b (each 0 .. b->rows - 1), from its layout, its stacks and its key:
   status[i] is ph_hand_init's status for rows[i] (the row changes only on PH_OK) and finished[i] 1 when that hand
   is over at once. Returns PH_ERR_ARGUMENT, changing nothing, for a bad batch or row index. */
int ph_batch_deal(const ph_batch *b, const int64_t *rows, int64_t lo, int64_t hi, int32_t *status, uint8_t *finished);

/* The actions of one step of a batch: count entries, entry i for row rows[i] (rows NULL: row i): kinds[i] (a
   ph_action, or PH_BATCH_NO_ACTION) with amounts[i] (the bet or raise-to total, else ignored); apply 0: only
   the codes are written. ph_batch_step writes codes[i] (the ph_refusal, the row left unchanged; 0 when applied
   or no action) and finished[i] (1 when the row's hand ended by it). The arrays stay the caller's; threads
   stepping disjoint ranges of entries share one ph_batch_actions. */
typedef struct {
    int64_t count;
    const int64_t *rows;
    const int64_t *kinds, *amounts;
    int32_t apply;
    uint8_t *codes, *finished;
} ph_batch_actions;

/* Entries lo .. hi (0 <= lo <= hi <= count) of actions, applied to b. PH_BATCH_NO_ROOM: the row's history is
   full (the caller makes room first); PH_BATCH_ENGINE: the engine refused what ph_hand_refusal allowed (never
   expected). Returns PH_ERR_ARGUMENT, changing nothing, for a bad batch, buffer, range or row index. */
enum { PH_BATCH_NO_ACTION = -1, PH_BATCH_NO_ROOM = 254, PH_BATCH_ENGINE = 255 };
int ph_batch_step(const ph_batch *b, const ph_batch_actions *actions, int64_t lo, int64_t hi);

/* --- end of hands stepped in batches --- */

/* --- ICM (spec 9.19) --- */

/* Exact Malmuth-Harville values by dynamic programming over the sets of players placed, layer by layer
   (the k-subsets in colex order, two layers held at once). stacks: players (1..PH_ICM_MAX_PLAYERS)
   positive chip counts whose sum is below 2^62; prizes: paid (1..players, at most PH_ICM_MAX_EXACT_PAID)
   amounts. binom: room for
   (players + 1) * (paid + 2) entries; layers: room for 2 * capacity doubles, capacity >= the largest
   C(players, k) for k < paid. values[j] = player j's expected prize. Returns PH_OK or PH_ERR_ARGUMENT.
   No allocation, no global state. */
int ph_icm_exact(int32_t players, const int64_t *stacks, int32_t paid, const double *prizes, int64_t *binom,
                 double *layers, int64_t capacity, double *values);
/* Sampled Malmuth-Harville finishing orders (Harville: each place drawn in proportion to the chips of the
   players not yet placed; only the first paid places are drawn, from a Fenwick tree of the stacks).
   players and stacks as for ph_icm_exact; prizes: paid amounts >= 0; tree: 1 + the least power of two >=
   players entries; placed: paid entries; sums: 2 * players words, player j's prizes summed over trials
   (>= 1) orders drawn from seed, as the unsigned 128-bit number sums[2j] + 2^64 sums[2j + 1]. */
typedef struct {
    int32_t players, paid;
    const int64_t *stacks, *prizes;
    int64_t trials;
    uint64_t seed;
    int64_t *tree;
    int32_t *placed;
    uint64_t *sums;
} ph_icm_draw;
/* Draws the orders of draw (section 9.19). Returns PH_OK or PH_ERR_ARGUMENT. No allocation, no global
   state. */
int ph_icm_sample(const ph_icm_draw *draw);
enum { PH_ICM_MAX_PLAYERS = 1000000, PH_ICM_MAX_EXACT_PAID = 64 };

/* --- the CPython fast path (csrc/python_fast.c) --- */

/* The address of a new builtin evaluate_mask(mask) (section 2.4) whose fallback, for anything but a
   valid mask, is the Python callable at address fallback (its id). */
uintptr_t ph_py_make_evaluate_mask(uintptr_t fallback);
/* The address of a new builtin evaluate(hand) (section 2.4): a tuple or list of 5..7 distinct int card ids is
   valued in C; anything else goes to the Python callable at address fallback. */
uintptr_t ph_py_make_evaluate(uintptr_t fallback);

/* PH_CDEF_END */

#endif
