/*
 * hand.c — one hand of Texas Hold'em, the C twin of pyholdem.engine.hand.SpecHand (specs 03-08).
 *
 * Each static function below is named after the spec function (pyholdem/spec/) or SpecHand step
 * (pyholdem/engine/hand.py) it mirrors, and says its section; the differential tests drive this engine and
 * the spec engine in lockstep and compare every legal action, state, event and result.
 * Choices of the RuleSet arrive as the index of the choice in the RuleSet's list (ph_rules); their codes,
 * the event kinds, actions and streets are generated from the Python definitions into generated/codes.h.
 * Amounts are int64: the Python side only sends hands whose chips stay far below 2**62.
 */
#include <string.h>

#include "codes.h"
#include "holdem.h"

#define PH_AMOUNT_LIMIT ((int64_t)1 << 60)

static int64_t min64(int64_t a, int64_t b) { return a < b ? a : b; }
static int64_t max64(int64_t a, int64_t b) { return a > b ? a : b; }
static int64_t ceil_to(int64_t x, int64_t unit) { return (x + unit - 1) / unit * unit; }

/* ------------------------------------------------------------------ state queries */

/* HandState.can_act: in the hand and holding chips (nobody is frozen here: time-outs go to the spec). */
static int can_act(const ph_hand *h, int s) { return !h->folded[s] && h->stacks[s] > 0; }

static int live_count(const ph_hand *h) {
    int n = 0;
    for (int s = 0; s < h->seats; s++) n += !h->folded[s];
    return n;
}

/* 7.1 all_in_to */
static int64_t all_in_to(const ph_hand *h, int s) { return h->bets[s] + h->stacks[s]; }

/* 6.9 betting_closed(seat): every player other than seat is folded or all-in. */
static int betting_closed_for(const ph_hand *h, int seat) {
    for (int s = 0; s < h->seats; s++)
        if (s != seat && can_act(h, s)) return 0;
    return 1;
}

/* 6.5 must_act */
static int must_act(const ph_hand *h, int s) {
    if (!can_act(h, s)) return 0;
    if (h->bets[s] < h->current_bet) return 1;
    return !h->acted[s] && !betting_closed_for(h, s);
}

/* 6.4 next_to_act (-1: nobody) */
static int next_to_act(const ph_hand *h, int after) {
    for (int step = 1; step <= h->seats; step++) {
        int s = (after + step) % h->seats;
        if (must_act(h, s)) return s;
    }
    return -1;
}

/* 6.2 first_to_act_preflop: the forced bet the first player sits left of (the last one, or the largest
   posted with ties to the poster nearest the button) */
static int first_preflop_after(const ph_hand *h) {
    int after = h->blind_seats[h->n_forced - 1];
    if (h->rules.preflop_first_actor != PH_PREFLOP_FIRST_ACTOR_LEFT_OF_LARGEST_POST) return after;
    for (int i = 0; i < h->n_forced; i++) {
        int s = h->blind_seats[i];
        int order = (s - h->button - 1 + h->seats) % h->seats, best = (after - h->button - 1 + h->seats) % h->seats;
        if (i == 0 || h->bets[s] > h->bets[after] || (h->bets[s] == h->bets[after] && order > best)) after = s;
    }
    return after;
}

/* 5.5 min_bet */
static int64_t min_bet(const ph_hand *h) {
    return h->rules.nl_min_bet == PH_NL_MIN_BET_BIG_BLIND ? h->big_blind : h->rules.chip_unit;
}

/* 5.6 min_raise_to */
static int64_t min_raise_to(const ph_hand *h) {
    int64_t increment = h->full_increment;
    if (h->rules.min_raise_rule == PH_MIN_RAISE_RULE_INITIAL_BET) increment = h->first_bet;
    else if (h->rules.min_raise_rule == PH_MIN_RAISE_RULE_LAST_INCREMENT_INCLUDING_SHORT_ALLINS) increment = max64(h->last_increment, min_bet(h));
    else if (h->rules.min_raise_rule == PH_MIN_RAISE_RULE_CUMULATIVE_SHORT_ALLINS) increment = max64(h->full_increment, h->cumulative_increment);
    return h->current_bet + max64(increment, min_bet(h));
}

/* 5.6 cumulative_raise_size: the raise size of "cumulative_short_allins" after a wager that added `added`,
   the hand already holding it */
static int64_t cumulative_raise_size(const ph_hand *h, int64_t added, int all_in) {
    int64_t size = h->cumulative_increment, run = 0;
    if (added >= size) return added;
    if (!all_in) return size;
    for (int s = 0; s < h->seats; s++)
        if (!h->folded[s] && h->stacks[s] == 0) run += h->raise_increments[s];
    return run >= size ? run : size;
}

/* 5.2 fl_bet_size */
static int64_t fl_bet_size(const ph_hand *h) { return h->street >= PH_TURN ? h->big_bet : h->small_bet; }

/* 5.3 fl_raise_to */
static int64_t fl_raise_to(const ph_hand *h) {
    int64_t base = h->rules.fl_raise_base == PH_FL_RAISE_BASE_CURRENT_BET ? h->current_bet : h->full_level;
    return base + fl_bet_size(h);
}

/* 5.4 fl_cap_reached */
static int fl_cap_reached(const ph_hand *h) {
    if ((int64_t)h->bet_count < 1 + (int64_t)h->rules.fl_max_raises) return 0; /* no int32 overflow */
    switch (h->rules.fl_cap_lifted_heads_up) {
    case PH_FL_CAP_LIFTED_HEADS_UP_WHEN_ROUND_HEADS_UP: return live_count(h) > 2 || h->capped;
    case PH_FL_CAP_LIFTED_HEADS_UP_WHEN_EVENT_HEADS_UP: { /* dealt to more than two players (3.20) */
        int dealt = 0;
        for (int s = 0; s < h->seats; s++) dealt += h->in_hand[s] != 0;
        return dealt > 2;
    }
    default: return 1;
    }
}

/* 5.8 nl_cap_reached */
static int nl_cap_reached(const ph_hand *h) {
    if (h->rules.nl_raise_cap < 0 || h->raise_count < h->rules.nl_raise_cap) return 0;
    return !(h->rules.nl_cap_lifted_heads_up && live_count(h) == 2);
}

/* 7.3 cumulative_reopen: against a full raise, short all-ins left out */
static int cumulative_reopen(const ph_hand *h, int s) {
    int64_t increment = h->rules.min_raise_rule == PH_MIN_RAISE_RULE_INITIAL_BET ? h->first_bet : h->full_increment;
    return h->current_bet - h->marks[s] >= max64(increment, h->min_bet);
}

/* 7.2 reopened */
static int reopened(const ph_hand *h, int s) {
    if (!h->acted[s]) return 1;
    int64_t mark = h->marks[s];
    if (h->rules.betting_structure == PH_BETTING_STRUCTURE_FIXED_LIMIT || h->rules.reopen_rule_big_bet == PH_REOPEN_RULE_BIG_BET_FULL_RAISE_SINGLE)
        return h->full_level > mark;
    if (h->rules.reopen_rule_big_bet == PH_REOPEN_RULE_BIG_BET_ANY_RAISE) return h->current_bet > mark;
    return h->full_level > mark || cumulative_reopen(h, s);
}

/* 6.7 may_raise */
static int may_raise(const ph_hand *h, int seat) {
    if (all_in_to(h, seat) <= h->current_bet) return 0;
    int others = 0, callers = 0;
    for (int s = 0; s < h->seats; s++) {
        if (s == seat || !can_act(h, s)) continue;
        others++;
        callers += all_in_to(h, s) > h->current_bet;
    }
    if (!others) return 0;
    if (h->rules.raise_needs_a_caller && !callers) return 0;
    if (!reopened(h, seat)) return 0;
    if (h->rules.betting_structure == PH_BETTING_STRUCTURE_FIXED_LIMIT) return !fl_cap_reached(h);
    return !nl_cap_reached(h);
}

/* 5.10 pl_counted_bets, summed */
static int64_t pl_counted_bets(const ph_hand *h) {
    int64_t bets[PH_MAX_SEATS];
    memcpy(bets, h->bets, sizeof bets);
    if (h->street == PH_PREFLOP) {
        for (int i = 0; i < h->n_forced; i++) {
            int seat = h->blind_seats[i];
            int64_t amount = h->blind_amounts[i], full = amount;
            if (h->rules.pl_sb_counts_as_bb && h->n_forced - h->straddles == 2 && i == 0) full = h->big_blind;
            if (h->rules.pl_preflop_full_blinds || full != amount) bets[seat] = max64(bets[seat], full);
        }
    }
    int64_t total = 0;
    for (int s = 0; s < h->seats; s++) total += bets[s];
    return total;
}

static void contributions(const ph_hand *h, int64_t *contrib, int64_t *dead);

/* 7.7 all_in_seats: under the default ante_award the seats with no chips behind (nobody is frozen here),
   which the layering holds to their own contribution; NULL under pooled and as_bets. */
static const uint8_t *all_in_seats(const ph_hand *h, uint8_t *all_in) {
    if (h->rules.ante_award != PH_ANTE_AWARD_UNIFORM_AS_CONTRIBUTIONS) return NULL;
    for (int s = 0; s < h->seats; s++) all_in[s] = h->stacks[s] == 0;
    return all_in;
}

/* 5.11 pl_pot: the pots layered as 7.7 layers them (pooled antes as contributions) */
static int64_t pl_pot(const ph_hand *h, int seat) {
    int64_t layered[PH_MAX_SEATS], dead[PH_MAX_SEATS], middle = 0, dead_total = 0;
    for (int s = 0; s < h->seats; s++) middle += h->committed[s] + h->antes[s] + h->dead[s];
    if (h->rules.pl_pot_basis == PH_PL_POT_BASIS_ALL_POTS || middle == 0) return middle;
    if (h->rules.ante_award == PH_ANTE_AWARD_POOLED) {
        for (int s = 0; s < h->seats; s++) layered[s] = h->committed[s] + h->antes[s], dead_total += h->dead[s];
    } else {
        contributions(h, layered, dead);
        for (int s = 0; s < h->seats; s++) dead_total += dead[s];
    }
    ph_pot pots[PH_MAX_POTS];
    uint8_t all_in[PH_MAX_SEATS];
    int n_pots = 0;
    if (ph_layer_pots(h->seats, layered, h->folded, dead_total, all_in_seats(h, all_in), pots, &n_pots) != PH_OK)
        return middle;
    int64_t mine = -1;
    for (int p = 0; p < n_pots; p++)
        if (pots[p].eligible >> seat & 1u) mine = pots[p].amount;
    return mine >= 0 ? mine : middle;
}

/* 5.9 pl_max_raise_to */
static int64_t pl_max_raise_to(const ph_hand *h, int seat) {
    int64_t to_call = h->current_bet - h->bets[seat];
    int64_t raise_part = pl_pot(h, seat) + pl_counted_bets(h) + to_call;
    if (h->rules.pl_round_pot_to > 0) raise_part = ceil_to(raise_part, h->rules.pl_round_pot_to);
    return h->current_bet + raise_part;
}

/* 5.1 raise_bounds */
static void raise_bounds(const ph_hand *h, int seat, int64_t *low, int64_t *high) {
    int64_t top = all_in_to(h, seat);
    if (h->rules.betting_structure == PH_BETTING_STRUCTURE_FIXED_LIMIT) {
        *low = *high = min64(fl_raise_to(h), top);
        return;
    }
    int64_t unit = h->rules.chip_unit;
    int64_t least = h->current_bet == 0 ? min_bet(h) : min_raise_to(h);
    *low = min64(ceil_to(least, unit), top);
    if (h->rules.betting_structure == PH_BETTING_STRUCTURE_POT_LIMIT)
        *high = max64(*low, min64(pl_max_raise_to(h, seat) / unit * unit, top));
    else
        *high = top; /* 5.7 nl_max_raise_to */
}

/* 6.1 legal_actions, kept in the hand for the seat to act (6.6 may_check) */
static void update_legal(ph_hand *h) {
    int seat = h->to_act;
    h->legal_check = h->legal_is_bet = 0;
    h->legal_call = h->legal_min = h->legal_max = -1;
    if (seat < 0) return;
    int64_t to_call = min64(h->current_bet, all_in_to(h, seat)) - h->bets[seat];
    h->legal_call = to_call > 0 ? to_call : -1;
    h->legal_check = h->bets[seat] >= h->current_bet;
    h->legal_is_bet = h->current_bet == 0;
    if (may_raise(h, seat)) raise_bounds(h, seat, &h->legal_min, &h->legal_max);
}

/* ------------------------------------------------------------------ the log */

static void emit(ph_hand *h, ph_event *log, int kind, int seat, int64_t amount, int all_in, int street,
                 const uint8_t *cards, int n_cards) {
    ph_event *e = &log[h->n_events++];
    e->amount = amount;
    e->kind = (int8_t)kind;
    e->seat = (int8_t)seat;
    e->street = (int8_t)street;
    e->all_in = (int8_t)(all_in != 0);
    e->n_cards = (int8_t)n_cards;
    e->cards[0] = e->cards[1] = e->cards[2] = 0;
    for (int i = 0; i < n_cards && i < 3; i++) e->cards[i] = cards[i];
}

/* ------------------------------------------------------------------ flow (SpecHand) */

/* 4.4 visible_board: how many board cards the streets dealt show. */
static int board_count(int street) {
    static const int after[4] = {0, 3, 4, 5};
    return after[street];
}

/* 4.6 exposed_all_in_hands, and SpecHand._expose */
static void expose(ph_hand *h, ph_event *log) {
    if (h->n_exposed) return;
    int live = live_count(h), all_can_act = 1;
    for (int s = 0; s < h->seats; s++)
        if (!h->folded[s] && !can_act(h, s)) all_can_act = 0;
    if (!h->rules.all_in_face_up || live < 2 || all_can_act) return;
    for (int s = 0; s < h->seats; s++) {
        if (h->folded[s]) continue;
        h->exposed[h->n_exposed++] = (uint8_t)s;
        emit(h, log, PH_EV_SHOW, s, -1, 0, h->street, h->holes[s], 2);
    }
}

static int is_exposed(const ph_hand *h, int seat) {
    for (int i = 0; i < h->n_exposed; i++)
        if (h->exposed[i] == seat) return 1;
    return 0;
}

/* SpecHand._end_round with 7.6 return_uncalled */
static void end_round(ph_hand *h, ph_event *log) {
    int top = 0;
    for (int s = 1; s < h->seats; s++) top = h->bets[s] > h->bets[top] ? s : top;
    int64_t second = -1;
    for (int s = 0; s < h->seats; s++) second = s != top && h->bets[s] > second ? h->bets[s] : second;
    if (h->bets[top] > second) {
        int64_t back = h->bets[top] - second;
        h->stacks[top] += back;
        h->bets[top] = second;
        emit(h, log, PH_EV_RETURN, top, back, 0, h->street, NULL, 0);
    }
    for (int s = 0; s < h->seats; s++) {
        h->committed[s] += h->bets[s];
        h->bets[s] = 0;
    }
    h->to_act = -1;
}

/* SpecHand._open_street */
static void open_street(ph_hand *h) {
    h->current_bet = h->full_level = h->first_bet = h->last_increment = h->cumulative_increment = 0;
    h->full_increment = min_bet(h);
    memset(h->raise_increments, 0, sizeof h->raise_increments);
    h->bet_count = h->raise_count = h->capped = 0;
    memset(h->acted, 0, sizeof h->acted);
    memset(h->marks, 0, sizeof h->marks);
}

/* 8.2 showing_order: writes the seats in order, returns how many. */
static int showing_order(const ph_hand *h, int *order) {
    int first = h->aggressors[h->last_round];
    if (h->rules.showdown_order == PH_SHOWDOWN_ORDER_LAST_AGGRESSOR_ANY_STREET) {
        first = -1;
        for (int r = h->last_round; r >= 0 && first < 0; r--) first = h->aggressors[r];
    }
    if (first < 0 || h->folded[first]) {
        for (int i = 0; i < h->seats; i++) {
            int s = (h->button + 1 + i) % h->seats;
            if (!h->folded[s]) {
                first = s;
                break;
            }
        }
    }
    int k = 0;
    for (int i = 0; i < h->seats; i++) {
        int s = (first + i) % h->seats;
        if (!h->folded[s]) order[k++] = s;
    }
    return k;
}

/* 8.3 must_show, with 8.4 may_muck; shown[s] >= 0 is the value of a hand already shown. */
static int must_show(const ph_hand *h, int seat, int32_t value, const int32_t *shown) {
    if (!(h->rules.losers_may_muck && !is_exposed(h, seat))) return 1;
    for (int p = 0; p < h->n_pots; p++) {
        uint32_t eligible = h->pots[p].eligible;
        if (!(eligible >> seat & 1u)) continue;
        int32_t best = -1;
        for (int s = 0; s < h->seats; s++)
            if (eligible >> s & 1u && shown[s] > best) best = shown[s];
        if (best < 0 || value >= best) return 1;
    }
    return 0;
}

/* 7.7 pot_contributions: each seat's contribution and the dead money (ante_award); uniform_antes is
   HandState.antes_contribute, from antes_are_contributions (antes the players pay for themselves, not a
   big-blind ante). */
static void contributions(const ph_hand *h, int64_t *contrib, int64_t *dead) {
    for (int s = 0; s < h->seats; s++) {
        contrib[s] = h->committed[s];
        dead[s] = h->dead[s]; /* dead blinds (3.20) */
    }
    if (h->rules.ante_award == PH_ANTE_AWARD_POOLED) {
        int64_t least_positive = -1, least_live = -1;
        for (int s = 0; s < h->seats; s++) {
            if (contrib[s] > 0 && (least_positive < 0 || contrib[s] < least_positive)) least_positive = contrib[s];
            if (!h->folded[s] && (least_live < 0 || contrib[s] < least_live)) least_live = contrib[s];
        }
        int merged = least_positive >= 0 && least_live >= least_positive;
        for (int s = 0; s < h->seats; s++) dead[s] = merged ? h->antes[s] + h->dead[s] : 0;
        return;
    }
    for (int s = 0; s < h->seats; s++) {
        if (h->rules.ante_award == PH_ANTE_AWARD_AS_BETS || h->uniform_antes ||
            (h->stacks[s] == 0 && h->committed[s] == 0 && h->bets[s] == 0))
            contrib[s] += h->antes[s];
        else
            dead[s] += h->antes[s];
    }
}

/* One layering of 8.11 settle_hand: 8.10 settlement (on ph_resolve_pots) of the 7.7 pot_contributions, the
   pooled antes as pots of their own, into payouts and pots[0..*n_pots). */
static void resolve(const ph_hand *h, const int32_t *values, int64_t *payouts, ph_pot *pots, int32_t *n_pots) {
    int n = h->seats;
    int64_t contrib[PH_MAX_SEATS] = {0}, dead[PH_MAX_SEATS] = {0};
    contributions(h, contrib, dead);
    int odd = h->rules.odd_chip_rule;
    int64_t unit = h->rules.chip_unit;
    int any_antes = 0, any_dead = 0;
    int64_t pooled[PH_MAX_SEATS] = {0};
    for (int s = 0; s < n; s++) {
        pooled[s] = h->antes[s] + h->dead[s];
        any_antes |= pooled[s] != 0;
        any_dead |= dead[s] != 0;
    }
    ph_pot main[PH_MAX_POTS];
    for (int s = 0; s < n; s++) payouts[s] = 0;
    uint8_t all_in[PH_MAX_SEATS];
    ph_pot_query q = {.n_seats = n, .button = h->button, .odd_chip_rule = odd, .chip_unit = unit,
                      .contributions = contrib, .folded = h->folded, .values = values, .dead = dead,
                      .all_in = all_in_seats(h, all_in), .payouts = payouts, .pots = main};
    ph_resolve_pots(&q);
    *n_pots = 0;
    if (h->rules.ante_award == PH_ANTE_AWARD_POOLED && any_antes && !any_dead) {
        int64_t zero[PH_MAX_SEATS] = {0}, ante_payouts[PH_MAX_SEATS] = {0};
        ph_pot_query a = {.n_seats = n, .button = h->button, .odd_chip_rule = odd, .chip_unit = unit,
                          .contributions = zero, .folded = h->folded, .values = values, .dead = pooled,
                          .payouts = ante_payouts, .pots = pots};
        ph_resolve_pots(&a);
        for (int s = 0; s < n; s++) payouts[s] += ante_payouts[s];
        *n_pots = a.n_pots;
    }
    for (int p = 0; p < q.n_pots; p++) pots[(*n_pots)++] = main[p];
}

/* 8.11 settle_hand (pyholdem.spec.showdown): the pots of the hand settled by 8.10, again without the hands that
   win no pot under odd_chip_pots = "merged_among_winners" (8.8). Its awards (8.6 order, 8.8 shares) are written
   by settle below. */
static void settle_hand(const ph_hand *h, const int32_t *values, int showdown, int64_t *payouts, ph_pot *pots,
                        int32_t *n_pots) {
    resolve(h, values, payouts, pots, n_pots);
    if (!showdown || h->rules.odd_chip_pots != PH_ODD_CHIP_POTS_MERGED_AMONG_WINNERS) return;
    uint32_t winners = 0;
    for (int p = 0; p < *n_pots; p++) winners |= pots[p].winners;
    ph_hand kept = *h;
    int losers = 0;
    for (int s = 0; s < h->seats; s++)
        if (!h->folded[s] && !(winners >> s & 1u)) kept.folded[s] = 1, losers = 1;
    if (losers) resolve(&kept, values, payouts, pots, n_pots);
}

/* SpecHand._settle: 8.11 settle_hand, 8.2-8.4 show or muck, the awards of settle_hand; the result stays in the
   hand. */
static void settle(ph_hand *h, ph_event *log, int showdown) {
    int n = h->seats;
    int64_t payouts[PH_MAX_SEATS] = {0};
    int32_t values[PH_MAX_SEATS] = {0};
    for (int s = 0; s < n; s++) {
        values[s] = 0;
        if (showdown && !h->folded[s]) {
            uint64_t mask = 1ull << h->holes[s][0] | 1ull << h->holes[s][1];
            for (int i = 0; i < 5; i++) mask |= 1ull << h->board[i];
            values[s] = ph_evaluate_mask(mask);
        }
    }
    int odd = h->rules.odd_chip_rule;
    int64_t unit = h->rules.chip_unit;
    settle_hand(h, values, showdown, payouts, h->pots, &h->n_pots);

    h->n_shown = 0;
    for (int i = 0; i < h->n_exposed; i++) h->shown[h->n_shown++] = h->exposed[i];
    if (showdown) {
        int32_t shown[PH_MAX_SEATS];
        for (int s = 0; s < n; s++) shown[s] = is_exposed(h, s) ? values[s] : -1;
        int order[PH_MAX_SEATS];
        int k = showing_order(h, order);
        for (int i = 0; i < k; i++) {
            int s = order[i];
            if (is_exposed(h, s)) continue;
            if (must_show(h, s, values[s], shown)) {
                shown[s] = values[s];
                h->shown[h->n_shown++] = (uint8_t)s;
                emit(h, log, PH_EV_SHOW, s, -1, 0, PH_SHOWDOWN, h->holes[s], 2);
            } else {
                emit(h, log, PH_EV_MUCK, s, -1, 0, PH_SHOWDOWN, NULL, 0);
            }
        }
    }
    int street = showdown ? PH_SHOWDOWN : h->street;
    int64_t won[PH_MAX_SEATS] = {0};
    /* the wins are logged after the returns: count them first, write them below */
    int n_wins = 0;
    ph_event wins[PH_MAX_SEATS * (2 * PH_MAX_POTS)];
    for (int i = 0; i < h->n_pots; i++) {
        int p = h->rules.side_pots_awarded_first ? h->n_pots - 1 - i : i;
        int64_t shares[PH_MAX_SEATS] = {0};
        ph_split_pot(h->pots[p].amount, h->pots[p].winners, h->button, n, odd, unit, shares);
        for (int s = 0; s < n; s++) {
            if (!(h->pots[p].winners >> s & 1u)) continue;
            won[s] += shares[s];
            ph_event *e = &wins[n_wins++];
            memset(e, 0, sizeof *e);
            e->amount = shares[s];
            e->kind = PH_EV_WIN;
            e->seat = (int8_t)s;
            e->street = (int8_t)street;
        }
    }
    for (int s = 0; s < n; s++)
        if (payouts[s] > won[s]) emit(h, log, PH_EV_RETURN, s, payouts[s] - won[s], 0, street, NULL, 0);
    for (int i = 0; i < n_wins; i++) log[h->n_events++] = wins[i];
    for (int s = 0; s < n; s++) h->stacks[s] += payouts[s];
    h->to_act = -1;
    h->over = 1;
    h->showdown = showdown;
}

/* SpecHand._advance: end of the hand, next player and streets after an action (first: the deal). */
static void advance(ph_hand *h, ph_event *log, int first, int folded) {
    int actor = h->to_act;
    if (folded && live_count(h) == 1) { /* 6.8 uncontested_winner */
        end_round(h, log);
        settle(h, log, 0);
        return;
    }
    int next;
    if (first) {
        next = next_to_act(h, first_preflop_after(h)); /* 6.2 first_to_act_preflop */
    } else {
        next = next_to_act(h, actor);
        h->last_round = h->street;
    }
    while (next < 0) {
        end_round(h, log);
        if (h->street == PH_RIVER) {
            expose(h, log);
            settle(h, log, 1);
            return;
        }
        int live = live_count(h), able = 0; /* 4.5 run_out_needed */
        for (int s = 0; s < h->seats; s++) able += !h->folded[s] && can_act(h, s);
        if (live >= 2 && able <= 1) expose(h, log);
        h->street++;
        open_street(h);
        int from = h->street > 1 ? board_count(h->street) - 1 : 0;
        emit(h, log, PH_EV_BOARD, -1, -1, 0, h->street, h->board + from, board_count(h->street) - from);
        next = next_to_act(h, h->button); /* 6.3 first_to_act_postflop */
    }
    h->to_act = next;
}

/* 7.4 limit_all_in_is_full */
static int limit_all_in_is_full(const ph_hand *h, int64_t raise_part, int64_t bet_size) {
    if (h->rules.reopen_rule_limit == PH_REOPEN_RULE_LIMIT_HALF_BET) return 2 * raise_part >= bet_size;
    return raise_part >= bet_size;
}

/* 6.12 apply_wager (pyholdem.spec.betting): full or not (5.3, 5.6, 7.2, 7.4), counted toward the caps (5.4,
   5.8), the round capped */
static void apply_wager(ph_hand *h, int seat, int64_t amount) {
    const ph_rules *r = &h->rules;
    int64_t old = h->current_bet;
    int all_in = amount == all_in_to(h, seat);
    int counts = 1, full;
    if (r->betting_structure == PH_BETTING_STRUCTURE_FIXED_LIMIT) {
        int64_t size = fl_bet_size(h);
        full = amount >= fl_raise_to(h);
        if (!full && all_in) full = limit_all_in_is_full(h, amount - h->full_level, size);
        full = full || (r->first_wager_reopens && h->aggressors[h->street] < 0);
        if (all_in) counts = (full || r->fl_cap_counts_short_allins) && r->fl_cap_counts_allin_raise;
    } else {
        int64_t needed = old == 0 ? min_bet(h) : min_raise_to(h);
        full = amount >= needed || (r->first_wager_reopens && h->aggressors[h->street] < 0);
    }
    if (full) {
        h->full_increment = max64(h->full_increment, amount - old);
        h->full_level = amount;
        if (h->first_bet == 0) h->first_bet = amount - old;
    }
    if (counts && (full || r->betting_structure != PH_BETTING_STRUCTURE_FIXED_LIMIT || r->fl_cap_counts_short_allins)) {
        h->bet_count++;
        if (old > 0) h->raise_count++;
    }
    if (r->betting_structure == PH_BETTING_STRUCTURE_FIXED_LIMIT && (int64_t)h->bet_count >= 1 + (int64_t)r->fl_max_raises &&
        live_count(h) > 2)
        h->capped = 1;
    h->last_increment = amount - old;
    h->stacks[seat] -= amount - h->bets[seat];
    h->bets[seat] = amount;
    h->current_bet = amount;
    h->aggressors[h->street] = seat;
    h->raise_increments[seat] += amount - old;
    h->cumulative_increment = cumulative_raise_size(h, amount - old, all_in);
}

/* pyholdem.spec.betting.check_action, as a verdict: is the action among the legal ones? */
static int allowed(const ph_hand *h, int action, int64_t amount) {
    switch (action) {
    case PH_FOLD: return 1;
    case PH_CHECK: return h->legal_check;
    case PH_CALL: return h->legal_call > 0;
    case PH_BET:
    case PH_RAISE: {
        if (h->legal_min < 0 || (action == PH_BET) != (h->legal_is_bet != 0)) return 0;
        int64_t top = all_in_to(h, h->to_act);
        if (amount > top) return 0; /* 5.12 check_chip_unit; fixed-limit amounts are not checked against the unit */
        if (h->rules.betting_structure != PH_BETTING_STRUCTURE_FIXED_LIMIT && amount != top && amount % h->rules.chip_unit) return 0;
        return amount >= h->legal_min && amount <= h->legal_max;
    }
    default: return 0;
    }
}

/* pyholdem.spec.betting.no_raise_reason (6.7): why the seat to act may not bet or raise, as its refusal code. */
static int no_raise_refusal(const ph_hand *h, int seat) {
    int limit = h->rules.betting_structure == PH_BETTING_STRUCTURE_FIXED_LIMIT, others = 0;
    if (all_in_to(h, seat) <= h->current_bet) return PH_REFUSAL_NO_CHIPS_BEYOND;
    for (int s = 0; s < h->seats; s++) others += s != seat && can_act(h, s);
    if (!others) return PH_REFUSAL_NOBODY_TO_CALL;
    if (!reopened(h, seat)) return limit ? PH_REFUSAL_NOT_REOPENED_LIMIT : PH_REFUSAL_NOT_REOPENED;
    if (limit && fl_cap_reached(h)) return PH_REFUSAL_LIMIT_CAP;
    if (nl_cap_reached(h)) return PH_REFUSAL_RAISE_CAP;
    return PH_REFUSAL_NEEDS_A_CALLER;
}

int ph_hand_refusal(const ph_hand *h, int action, int64_t amount) {
    if (!h || h->over || h->to_act < 0 || h->to_act >= h->seats) return PH_REFUSAL_OVER;
    if (action < PH_FOLD || action > PH_RAISE) return PH_REFUSAL_KIND;
    int seat = h->to_act, structure = h->rules.betting_structure;
    if (action == PH_CHECK && !h->legal_check) return h->street == PH_PREFLOP ? PH_REFUSAL_CHECK_PREFLOP : PH_REFUSAL_CHECK;
    if (action == PH_CALL && h->legal_call <= 0) return PH_REFUSAL_CALL;
    if (action != PH_BET && action != PH_RAISE) return PH_REFUSAL_NONE;
    if (action == PH_BET && !h->legal_is_bet) return PH_REFUSAL_BET_FACING_A_BET;
    if (action == PH_RAISE && h->legal_is_bet) return PH_REFUSAL_RAISE_NO_BET;
    if (h->legal_min <= 0) return no_raise_refusal(h, seat);
    int64_t top = all_in_to(h, seat); /* 5.12 check_chip_unit */
    if (amount > top) return PH_REFUSAL_BEYOND_STACK;
    if (structure != PH_BETTING_STRUCTURE_FIXED_LIMIT && amount != top && amount % h->rules.chip_unit)
        return PH_REFUSAL_CHIP_UNIT;
    if (amount < h->legal_min)
        return structure == PH_BETTING_STRUCTURE_FIXED_LIMIT ? PH_REFUSAL_LIMIT_BELOW
               : action == PH_BET                            ? PH_REFUSAL_BELOW_MIN_BET
                                                             : PH_REFUSAL_BELOW_MIN_RAISE;
    if (amount > h->legal_max)
        return structure == PH_BETTING_STRUCTURE_FIXED_LIMIT ? PH_REFUSAL_LIMIT_ABOVE
               : structure == PH_BETTING_STRUCTURE_POT_LIMIT ? PH_REFUSAL_ABOVE_POT_LIMIT
                                                             : PH_REFUSAL_ABOVE_STACK_LIMIT;
    return PH_REFUSAL_NONE;
}

int ph_hand_act(ph_hand *h, int action, int64_t amount, ph_event *log, int64_t log_capacity) {
    if (!h || !log || h->over || h->to_act < 0 || h->to_act >= h->seats || h->n_events < 0) return PH_ERR_ARGUMENT;
    if (log_capacity - h->n_events < PH_STEP_EVENTS) return PH_ERR_LOG_FULL;
    if (!allowed(h, action, amount)) return PH_ERR_REFUSED;
    int seat = h->to_act, street = h->street;
    switch (action) { /* SpecHand._apply */
    case PH_FOLD:
        h->folded[seat] = 1;
        emit(h, log, PH_EV_FOLD, seat, -1, 0, street, NULL, 0);
        break;
    case PH_CHECK: emit(h, log, PH_EV_CHECK, seat, -1, 0, street, NULL, 0); break;
    case PH_CALL: {
        int64_t target = min64(h->current_bet, all_in_to(h, seat));
        int64_t added = target - h->bets[seat];
        h->stacks[seat] -= added;
        h->bets[seat] = target;
        emit(h, log, PH_EV_CALL, seat, added, h->stacks[seat] == 0, street, NULL, 0);
        break;
    }
    default:
        apply_wager(h, seat, amount);
        emit(h, log, action == PH_BET ? PH_EV_BET : PH_EV_RAISE, seat, amount, h->stacks[seat] == 0, street, NULL, 0);
    }
    h->acted[seat] = 1;
    h->marks[seat] = h->current_bet;
    advance(h, log, 0, action == PH_FOLD);
    update_legal(h);
    return PH_OK;
}

/* ------------------------------------------------------------------ set-up */

/* 4.2 hole_card_order: the seats in the hand from the one left of the button; dealt[] gets them, returns
   how many. */
static int hole_card_order(const ph_hand *h, int *dealt) {
    int k = 0;
    for (int i = 0; i < h->seats; i++) {
        int s = (h->button + 1 + i) % h->seats;
        if (h->in_hand[s]) dealt[k++] = s;
    }
    return k;
}

/* 4.3 deal_cards from a shuffled deck (4.2 hole_card_order, twice round) */
static void deal(ph_hand *h, const uint8_t *deck) {
    int order[PH_MAX_SEATS];
    int next = 0, k = hole_card_order(h, order);
    for (int i = 0; i < 2 * k; i++) h->holes[order[i % k]][i / k] = deck[next++];
    static const int counts[3] = {3, 1, 1};
    int b = 0;
    for (int street = 0; street < 3; street++) {
        h->burns[street] = deck[next++];
        for (int c = 0; c < counts[street]; c++) h->board[b++] = deck[next++];
    }
}

static int valid_rules(const ph_rules *r) {
    return r->betting_structure >= PH_BETTING_STRUCTURE_NO_LIMIT && r->betting_structure <= PH_BETTING_STRUCTURE_FIXED_LIMIT &&
           r->chip_unit >= 1 && r->fl_max_raises >= 1 && r->pl_round_pot_to >= 0 &&
           (r->odd_chip_rule == PH_ODD_CHIP_RULE_LEFT_OF_BUTTON || r->odd_chip_rule == PH_ODD_CHIP_RULE_LEFT_OF_BUTTON_WHOLE_CHIP);
}

/* 3.20 check_setup, the part the C engine needs to stay in range: seats, stacks, button, each post's seat,
   kind and amount, one big blind, at most one live blind, one dead blind and one ante a seat, at most
   PH_MAX_FORCED live forced bets. */
static int valid_setup(const ph_setup *u) {
    int n = u->seats, dealt = 0, big = 0, forced = 0, straddles = 0;
    if (n < 2 || n > PH_MAX_SEATS || u->button < 0 || u->button >= n || u->n_posts < 1 ||
        u->n_posts > PH_MAX_POSTS || u->small_bet < 1 || u->big_bet < 1 || u->big_blind < 1)
        return 0;
    int64_t total = 0; /* every amount below 2**60 (pyholdem.native.hand.LIMIT), so no sum comes near INT64_MAX */
    if (u->small_bet >= PH_AMOUNT_LIMIT || u->big_bet >= PH_AMOUNT_LIMIT || u->big_blind >= PH_AMOUNT_LIMIT) return 0;
    for (int s = 0; s < n; s++) {
        if (u->in_hand[s] > 1 || u->stacks[s] < (u->in_hand[s] ? 1 : 0) || u->stacks[s] >= PH_AMOUNT_LIMIT) return 0;
        total += u->stacks[s];
        if (total >= PH_AMOUNT_LIMIT) return 0;
        dealt += u->in_hand[s];
    }
    if (dealt < 2) return 0;
    uint8_t live_blind[PH_MAX_SEATS] = {0}, dead_blind[PH_MAX_SEATS] = {0}, anted[PH_MAX_SEATS] = {0};
    for (int i = 0; i < u->n_posts; i++) {
        const ph_post *p = &u->posts[i];
        if (p->seat < 0 || p->seat >= n || !u->in_hand[p->seat] || p->amount < 1 || p->amount >= PH_AMOUNT_LIMIT ||
            p->live < 0 || p->live > 1 ||
            p->kind < PH_POST_SMALL_BLIND || p->kind > PH_POST_STRADDLE)
            return 0;
        if (p->kind == PH_POST_ANTE) {
            if (anted[p->seat]++) return 0;
        } else if (p->kind != PH_POST_STRADDLE) {
            if ((p->live ? live_blind : dead_blind)[p->seat]++) return 0;
        }
        big += p->kind == PH_POST_BIG_BLIND;
        straddles += p->kind == PH_POST_STRADDLE;
        forced += p->kind == PH_POST_STRADDLE || (p->live && (p->kind == PH_POST_SMALL_BLIND || p->kind == PH_POST_BIG_BLIND));
    }
    return big == 1 && forced <= PH_MAX_FORCED && forced - straddles <= 2;
}

/* 7.7 antes_are_contributions: antes are their payers' contributions unless the big blind alone owes one */
static int antes_are_contributions(const ph_setup *u) {
    int payers = 0, big_pays = 0, big_seat = -1;
    for (int i = 0; i < u->n_posts; i++)
        if (u->posts[i].kind == PH_POST_BIG_BLIND) big_seat = u->posts[i].seat;
    for (int i = 0; i < u->n_posts; i++) {
        if (u->posts[i].kind != PH_POST_ANTE) continue;
        payers++;
        big_pays |= u->posts[i].seat == big_seat;
    }
    return !(payers == 1 && big_pays);
}

/* SpecHand.__init__ with _post_forced_bets: 3.11 post_forced (each seat's ante, live and dead blinds), 3.16
   post_straddle, 7.7 unmatched antes back, 3.15 open_preflop, the deal. */
int ph_hand_init(ph_hand *h, const ph_rules *rules, const ph_setup *u, ph_event *log, int64_t log_capacity) {
    if (!h || !rules || !u || !log || log_capacity < 2 * PH_STEP_EVENTS || !valid_rules(rules) || !valid_setup(u))
        return PH_ERR_ARGUMENT;
    int n = u->seats;
    uint8_t deck[52];
    if (u->cards) {
        int dealt = 0;
        for (int s = 0; s < n; s++) dealt += u->in_hand[s];
        uint64_t seen = 0;
        for (int i = 0; i < 2 * dealt + 8; i++) {
            if (u->cards[i] >= 52 || seen >> u->cards[i] & 1u) return PH_ERR_ARGUMENT;
            seen |= 1ull << u->cards[i];
        }
    } else if (!u->key || ph_shuffled_deck(u->key, u->key_bytes, deck) != PH_OK) {
        return PH_ERR_ARGUMENT;
    }

    memset(h, 0, sizeof *h);
    h->rules = *rules;
    h->seats = n;
    h->button = u->button;
    h->to_act = -1;
    for (int r = 0; r < 4; r++) h->aggressors[r] = -1;
    h->big_blind = u->big_blind;
    h->min_bet = min_bet(h);
    h->small_bet = u->small_bet;
    h->big_bet = u->big_bet;
    h->uniform_antes = antes_are_contributions(u);
    /* the live small and big blind in posting order, then the straddles (HandState.blind_seats) */
    int big_seat = -1;
    for (int i = 0; i < u->n_posts; i++) {
        const ph_post *p = &u->posts[i];
        if (p->live && (p->kind == PH_POST_SMALL_BLIND || p->kind == PH_POST_BIG_BLIND)) {
            h->blind_seats[h->n_forced] = p->seat;
            h->blind_amounts[h->n_forced++] = p->amount;
        }
        if (p->kind == PH_POST_BIG_BLIND) big_seat = p->seat;
    }
    for (int i = 0; i < u->n_posts; i++) {
        const ph_post *p = &u->posts[i];
        if (p->kind != PH_POST_STRADDLE) continue;
        h->blind_seats[h->n_forced] = p->seat;
        h->blind_amounts[h->n_forced++] = p->amount;
        h->straddles++;
    }
    memcpy(h->stacks, u->stacks, (size_t)n * sizeof *u->stacks);
    memcpy(h->initial_stacks, u->stacks, (size_t)n * sizeof *u->stacks);
    for (int s = 0; s < n; s++) {
        h->in_hand[s] = u->in_hand[s];
        h->folded[s] = !u->in_hand[s];
    }
    if (u->cards) {
        int k = 0;
        for (int s = 0; s < n; s++) {
            if (!h->in_hand[s]) continue;
            h->holes[s][0] = u->cards[2 * k];
            h->holes[s][1] = u->cards[2 * k + 1];
            k++;
        }
        memcpy(h->burns, u->cards + 2 * k, 3);
        memcpy(h->board, u->cards + 2 * k + 3, 5);
    } else {
        deal(h, deck);
    }

    /* _post_forced_bets: 3.11 post_forced for each seat (a live blind before a dead one) */
    int64_t ante_due[PH_MAX_SEATS] = {0}, live_due[PH_MAX_SEATS] = {0}, dead_due[PH_MAX_SEATS] = {0};
    for (int i = 0; i < u->n_posts; i++) {
        const ph_post *p = &u->posts[i];
        if (p->kind == PH_POST_ANTE) ante_due[p->seat] += p->amount;
        else if (p->kind != PH_POST_STRADDLE) (p->live ? live_due : dead_due)[p->seat] += p->amount;
    }
    for (int s = 0; s < n; s++) {
        int ante_first = rules->short_post_priority == PH_SHORT_POST_PRIORITY_ANTE_FIRST;
        if (rules->ante_type == PH_ANTE_TYPE_BIG_BLIND_ANTE && s == big_seat) ante_first = rules->bba_priority == PH_BBA_PRIORITY_ANTE_FIRST;
        int64_t stack = h->stacks[s], ante, blind, owed = live_due[s] + dead_due[s];
        if (ante_first) {
            ante = min64(ante_due[s], stack);
            blind = min64(owed, stack - ante);
        } else {
            blind = min64(owed, stack);
            ante = min64(ante_due[s], stack - blind);
        }
        h->stacks[s] -= ante + blind;
        h->antes[s] = ante;
        h->bets[s] = min64(blind, live_due[s]);
        h->dead[s] = blind - h->bets[s];
        if (ante) emit(h, log, PH_EV_ANTE, s, ante, h->stacks[s] == 0, PH_PREFLOP, NULL, 0);
    }
    for (int i = 0; i < u->n_posts; i++) {
        const ph_post *p = &u->posts[i];
        if (p->kind == PH_POST_ANTE || p->kind == PH_POST_STRADDLE) continue;
        int s = p->seat;
        int64_t posted = p->live ? h->bets[s] : h->dead[s];
        if (posted)
            emit(h, log, p->live ? PH_EV_BLIND : PH_EV_DEAD_BLIND, s, posted, h->stacks[s] == 0, PH_PREFLOP, NULL, 0);
    }
    for (int i = 0; i < u->n_posts; i++) { /* 3.16 post_straddle */
        const ph_post *p = &u->posts[i];
        if (p->kind != PH_POST_STRADDLE) continue;
        int s = p->seat;
        int64_t amount = p->amount;
        if (h->stacks[s] < amount && rules->straddle_short_stack == PH_STRADDLE_SHORT_STACK_ALL_IN) amount = h->stacks[s];
        if (h->stacks[s] < amount) return PH_ERR_REFUSED;
        h->stacks[s] -= amount;
        h->bets[s] = amount;
        emit(h, log, PH_EV_STRADDLE, s, amount, h->stacks[s] == 0, PH_PREFLOP, NULL, 0);
    }
    if (rules->ante_award == PH_ANTE_AWARD_AS_BETS) { /* 7.7: the part of an ante nobody matched goes back */
        int64_t top = -1, matched = -1;
        for (int s = 0; s < n; s++) {
            if (h->antes[s] > top) matched = top, top = h->antes[s];
            else if (h->antes[s] > matched) matched = h->antes[s];
        }
        for (int s = 0; s < n; s++) {
            if (h->antes[s] <= matched) continue;
            emit(h, log, PH_EV_RETURN, s, h->antes[s] - matched, 0, PH_PREFLOP, NULL, 0);
            h->stacks[s] += h->antes[s] - matched;
            h->antes[s] = matched;
        }
    }

    /* 3.15 open_preflop, with 7.5 preflop_call_level; an extra live big blind (3.20) is a bet too */
    int64_t posted = 0, full = 0, any_bet = 0;
    for (int i = 0; i < h->n_forced; i++) {
        posted = max64(posted, h->bets[h->blind_seats[i]]);
        full = max64(full, h->blind_amounts[i]);
    }
    for (int s = 0; s < n; s++) any_bet = max64(any_bet, h->bets[s]);
    h->current_bet = rules->short_blind_call_amount == PH_SHORT_BLIND_CALL_AMOUNT_FULL_BLIND ? max64(full, posted) : posted;
    h->current_bet = max64(h->current_bet, any_bet);
    h->full_level = h->current_bet;
    int64_t opener = max64(h->blind_amounts[h->n_forced - 1], h->big_blind);
    if (rules->straddle_raise_size == PH_STRADDLE_RAISE_SIZE_BIG_BLIND) opener = h->big_blind;
    h->full_increment = h->first_bet = h->last_increment = opener;
    h->bet_count = rules->fl_cap_counts_blinds ? 1 + h->straddles : 0;

    int order[PH_MAX_SEATS];
    int k = hole_card_order(h, order);
    for (int i = 0; i < k; i++) emit(h, log, PH_EV_DEAL, order[i], -1, 0, PH_PREFLOP, h->holes[order[i]], 2);
    advance(h, log, 1, 1);
    update_legal(h);
    return PH_OK;
}

int ph_hand_init_laid_out(ph_hand *h, const ph_rules *rules, const ph_setup *layout, const int64_t *stacks,
                          const char *key, size_t key_bytes, ph_event *log, int64_t log_capacity) {
    if (!layout || !stacks || layout->seats < 2 || layout->seats > PH_MAX_SEATS) return PH_ERR_ARGUMENT;
    ph_setup u = *layout;
    memcpy(u.stacks, stacks, (size_t)u.seats * sizeof *stacks);
    u.key = key;
    u.key_bytes = key_bytes;
    u.cards = NULL;
    return ph_hand_init(h, rules, &u, log, log_capacity);
}
