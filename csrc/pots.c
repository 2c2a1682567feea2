/*
 * pots.c — the pot resolver, C twin of pyholdem.spec.showdown.resolve_pots (spec 07, 08).
 *
 * Steps, as in the contract both sides implement: validate; return the uncalled bet (7.6); cut the
 * contributions into layers by level and merge them into pots (7.7); find each pot's winners (8.7);
 * split each pot, odd chips clockwise from the first seat left of the button (8.8).
 */
#include "holdem.h"

static int refuse(ph_pot_fault *fault, int field, int seat) {
    if (fault) {
        fault->field = field;
        fault->seat = seat;
        fault->row = 0;
    }
    return PH_ERR_ARGUMENT;
}

static int accept(ph_pot_fault *fault) {
    if (fault) {
        fault->field = PH_FIELD_NONE;
        fault->seat = -1;
        fault->row = 0;
    }
    return PH_OK;
}

static int validate(int n, const int64_t *contributions, const uint8_t *folded, const int32_t *values,
                    const int64_t *dead, int64_t button, int odd_chip_rule, int64_t chip_unit,
                    ph_pot_fault *fault) {
    if (n < 2 || n > PH_MAX_SEATS) return refuse(fault, PH_FIELD_SEATS, -1);
    int64_t total = 0;
    for (int s = 0; s < n; s++) {
        int64_t c = contributions[s];
        if (c < 0) return refuse(fault, PH_FIELD_CONTRIBUTION, s);
        if (c > INT64_MAX - total) return refuse(fault, PH_FIELD_TOTAL, s);
        total += c;
    }
    if (dead) {
        for (int s = 0; s < n; s++) {
            int64_t d = dead[s];
            if (d < 0) return refuse(fault, PH_FIELD_DEAD, s);
            if (d > INT64_MAX - total) return refuse(fault, PH_FIELD_TOTAL, s);
            total += d;
        }
    }
    int live = 0;
    for (int s = 0; s < n; s++) {
        if (folded[s]) continue;
        if (values[s] < 0) return refuse(fault, PH_FIELD_VALUE, s);
        live++;
    }
    if (button < 0 || button >= n) return refuse(fault, PH_FIELD_BUTTON, -1);
    if (chip_unit < 1) return refuse(fault, PH_FIELD_CHIP_UNIT, -1);
    if (odd_chip_rule != PH_ODD_CHIP_RULE_LEFT_OF_BUTTON && odd_chip_rule != PH_ODD_CHIP_RULE_LEFT_OF_BUTTON_WHOLE_CHIP)
        return refuse(fault, PH_FIELD_ODD_CHIP_RULE, -1);
    if (live == 0) return refuse(fault, PH_FIELD_FOLDED, -1);
    return PH_OK;
}

/* One branch-light pass that accepts valid input; anything it rejects goes through validate() for the
   exact fault in the spec's order. */
static inline int quick_valid(int n, const int64_t *contributions, const uint8_t *folded, const int32_t *values,
                              const int64_t *dead, int64_t button, int odd_chip_rule, int64_t chip_unit) {
    uint64_t sign = 0;
    int64_t total = 0;
    int overflow = 0;
    int live = 0;
    for (int s = 0; s < n; s++) {
        int64_t c = contributions[s];
        int in = folded[s] == 0;
        sign |= (uint64_t)c | (uint64_t)(int64_t)(in ? values[s] : 0);
        overflow |= __builtin_add_overflow(total, c, &total);
        live |= in;
    }
    if (dead) {
        for (int s = 0; s < n; s++) {
            sign |= (uint64_t)dead[s];
            overflow |= __builtin_add_overflow(total, dead[s], &total);
        }
    }
    return !(sign >> 63) && !overflow && live && button >= 0 && button < n && chip_unit >= 1 &&
           (odd_chip_rule == PH_ODD_CHIP_RULE_LEFT_OF_BUTTON || odd_chip_rule == PH_ODD_CHIP_RULE_LEFT_OF_BUTTON_WHOLE_CHIP);
}

/* Winners of one pot: the eligible seats holding the highest value (8.7). */
static uint32_t pot_winners(uint32_t eligible, const int32_t *values) {
    int32_t best = -1;
    uint32_t winners = 0;
    for (uint32_t rest = eligible; rest; rest &= rest - 1) {
        int s = __builtin_ctz(rest);
        if (values[s] > best) {
            best = values[s];
            winners = 1u << s;
        } else if (values[s] == best) {
            winners |= 1u << s;
        }
    }
    return winners;
}

/* Split one pot among its winners, clockwise from the seat left of the button (8.8). */
static void split_pot(int64_t amount, uint32_t winners, int button, int odd_chip_rule, int64_t unit,
                      int64_t *payouts) {
    if ((winners & (winners - 1)) == 0) {
        payouts[__builtin_ctz(winners)] += amount;
        return;
    }
    /* Winners in clockwise order from button + 1: first the seats above the button, then the rest. */
    int order[PH_MAX_SEATS];
    int k = 0;
    uint32_t after = winners & ~((2u << button) - 1u);
    uint32_t upto = winners & ((2u << button) - 1u);
    for (; after; after &= after - 1) order[k++] = __builtin_ctz(after);
    for (; upto; upto &= upto - 1) order[k++] = __builtin_ctz(upto);
    int64_t base = unit > amount / k ? 0 : amount / (k * unit) * unit;
    int64_t rest = amount - base * k;
    for (int i = 0; i < k; i++) payouts[order[i]] += base;
    if (odd_chip_rule == PH_ODD_CHIP_RULE_LEFT_OF_BUTTON && rest >= unit) {
        int64_t units = rest / unit;
        for (int64_t i = 0; i < units; i++) payouts[order[i]] += unit;
        payouts[order[0]] += rest - units * unit;
    } else {
        payouts[order[0]] += rest;
    }
}

/* 7.7: one layer per distinct positive level, from the lowest: (level - previous) from each seat above
   the previous level, eligible to the live ones that reached it and to the live seats in open (not
   all-in: they may win every layer). Equal adjacent eligible sets merge; a layer nobody may win joins
   the pot below (eligibility only shrinks as the level rises). Returns the pot count. */
static int layer(int n, const int64_t *c, uint32_t live, uint32_t open, int64_t dead_total, ph_pot *pots) {
    int n_pots = 0;
    int64_t previous = 0;
    for (;;) {
        int64_t level = INT64_MAX;
        uint32_t above = 0;
        for (int s = 0; s < n; s++) {
            int64_t v = c[s];
            int higher = v > previous;
            above |= (uint32_t)higher << s;
            level = higher && v < level ? v : level;
        }
        if (!above) break;
        int64_t amount = (level - previous) * __builtin_popcount(above);
        uint32_t eligible = (above & live) | open;
        previous = level;
        if (n_pots > 0 && (eligible == 0 || eligible == pots[n_pots - 1].eligible)) {
            pots[n_pots - 1].amount += amount;
        } else {
            pots[n_pots].amount = amount;
            pots[n_pots].eligible = eligible;
            pots[n_pots].winners = 0;
            n_pots++;
        }
    }
    if (n_pots == 0 || pots[0].eligible == 0) {
        int64_t everything = dead_total;
        for (int p = 0; p < n_pots; p++) everything += pots[p].amount;
        pots[0].amount = everything;
        pots[0].eligible = live;
        pots[0].winners = 0;
        n_pots = 1;
    } else {
        pots[0].amount += dead_total;
    }
    return n_pots;
}

/* The settlement itself, on validated input; returns the number of pots. */
static int settle(int n, const int64_t *contributions, const uint8_t *folded, const int32_t *values,
                  const int64_t *dead, const uint8_t *all_in, int button, int odd_chip_rule, int64_t unit,
                  int64_t *payouts, ph_pot *pots) {
    int64_t c[PH_MAX_SEATS] = {0};
    uint32_t live = 0, open = 0;
    int top = 0;
    for (int s = 0; s < n; s++) {
        c[s] = contributions[s];
        payouts[s] = 0;
        live |= (uint32_t)(folded[s] == 0) << s;
        if (all_in) open |= (uint32_t)(folded[s] == 0 && all_in[s] == 0) << s;
        top = c[s] > c[top] ? s : top;
    }
    int64_t dead_total = 0;
    if (dead)
        for (int s = 0; s < n; s++) dead_total += dead[s];

    /* 7.6: a single largest contribution is capped at the second largest, the excess returned; a hand's
       contributions (all_in given) had theirs returned round by round, and an ante never is (7.7). */
    if (!all_in) {
        int64_t second = 0;
        for (int s = 0; s < n; s++) second = s != top && c[s] > second ? c[s] : second;
        payouts[top] = c[top] - second;
        c[top] = second;
    }

    int n_pots = layer(n, c, live, open, dead_total, pots);

    /* 8.7, 8.8: winners and shares. */
    for (int p = 0; p < n_pots; p++) {
        pots[p].winners = pot_winners(pots[p].eligible, values);
        split_pot(pots[p].amount, pots[p].winners, button, odd_chip_rule, unit, payouts);
    }
    return n_pots;
}

int ph_resolve_pots(ph_pot_query *q) {
    if (!q) return PH_ERR_ARGUMENT;
    ph_pot_fault *fault = &q->fault;
    q->n_pots = 0;
    if (!q->contributions || !q->folded || !q->values || !q->payouts || !q->pots)
        return refuse(fault, PH_FIELD_COUNT, -1);
    int n = q->n_seats;
    int status = validate(n, q->contributions, q->folded, q->values, q->dead, q->button, q->odd_chip_rule,
                          q->chip_unit, fault);
    if (status != PH_OK) return status;
    q->n_pots = settle(n, q->contributions, q->folded, q->values, q->dead, q->all_in, q->button, q->odd_chip_rule,
                       q->chip_unit, q->payouts, q->pots);
    return accept(fault);
}

/* The checks every batch row shares: the hand count, the buffers, the seat count. */
static int check_rows(ph_pot_rows *r, int showdowns) {
    if (r->n_hands < 0 || (r->n_hands > 0 && (!r->contributions || !r->folded || !r->values || !r->buttons ||
                                             !r->payouts || (showdowns && (!r->boards || !r->holes)))))
        return refuse(&r->fault, PH_FIELD_COUNT, -1);
    if (r->n_seats < 2 || r->n_seats > PH_MAX_SEATS) return refuse(&r->fault, PH_FIELD_SEATS, -1);
    return PH_OK;
}

int ph_resolve_pots_batch(ph_pot_rows *r) {
    if (!r) return PH_ERR_ARGUMENT;
    ph_pot_fault *fault = &r->fault;
    int status = check_rows(r, 0);
    if (status != PH_OK) return status;
    const int n_seats = r->n_seats, odd_chip_rule = r->odd_chip_rule;
    const int64_t chip_unit = r->chip_unit, n_hands = r->n_hands;
    const int64_t *contributions = r->contributions, *buttons = r->buttons, *dead = r->dead;
    const uint8_t *folded = r->folded;
    const int32_t *values = r->values;
    int64_t *payouts = r->payouts;
    ph_pot pots[PH_MAX_POTS];
    for (int64_t h = 0; h < n_hands; h++) {
        size_t at = (size_t)h * (size_t)n_seats;
        const int64_t *row_dead = dead ? dead + at : NULL;
        int64_t button = buttons[h];
        if (!quick_valid(n_seats, contributions + at, folded + at, values + at, row_dead, button, odd_chip_rule,
                         chip_unit)) {
            status = validate(n_seats, contributions + at, folded + at, values + at, row_dead, button, odd_chip_rule,
                              chip_unit, fault);
            if (status != PH_OK) {
                fault->row = h;
                return status;
            }
        }
        settle(n_seats, contributions + at, folded + at, values + at, row_dead, NULL, (int)button, odd_chip_rule,
               chip_unit, payouts + at, pots);
    }
    return accept(fault);
}

/* The hand values of one showdown row (values[s] = -1 for folded seats), or a card fault. */
static int showdown_values(int n, const uint8_t *board, const uint8_t *holes, const uint8_t *folded,
                           int32_t *values, ph_pot_fault *fault) {
    uint64_t used = 0;
    for (int i = 0; i < 5; i++) {
        if (board[i] >= 52) return refuse(fault, PH_FIELD_CARDS, -1);
        uint64_t bit = 1ull << board[i];
        if (used & bit) return refuse(fault, PH_FIELD_DUPLICATE, -1);
        used |= bit;
    }
    uint64_t board_mask = used;
    for (int s = 0; s < n; s++) {
        values[s] = -1;
        if (folded[s]) continue;
        uint64_t hand = board_mask;
        for (int i = 0; i < 2; i++) {
            uint8_t card = holes[2 * s + i];
            if (card >= 52) return refuse(fault, PH_FIELD_CARDS, s);
            uint64_t bit = 1ull << card;
            if (used & bit) return refuse(fault, PH_FIELD_DUPLICATE, s);
            used |= bit;
            hand |= bit;
        }
        values[s] = ph_evaluate_mask(hand);
    }
    return PH_OK;
}

int ph_resolve_showdowns_batch(ph_pot_rows *r) {
    if (!r) return PH_ERR_ARGUMENT;
    ph_pot_fault *fault = &r->fault;
    int status = check_rows(r, 1);
    if (status != PH_OK) return status;
    const int n_seats = r->n_seats, odd_chip_rule = r->odd_chip_rule;
    const int64_t chip_unit = r->chip_unit, n_hands = r->n_hands;
    const int64_t *contributions = r->contributions, *buttons = r->buttons, *dead = r->dead;
    const uint8_t *folded = r->folded, *boards = r->boards, *holes = r->holes;
    int32_t *values = r->values;
    int64_t *payouts = r->payouts;
    ph_pot pots[PH_MAX_POTS];
    for (int64_t h = 0; h < n_hands; h++) {
        size_t at = (size_t)h * (size_t)n_seats;
        const int64_t *row_dead = dead ? dead + at : NULL;
        status = showdown_values(n_seats, boards + 5 * (size_t)h, holes + 2 * at, folded + at, values + at, fault);
        if (status == PH_OK)
            status = validate(n_seats, contributions + at, folded + at, values + at, row_dead, buttons[h],
                              odd_chip_rule, chip_unit, fault);
        if (status != PH_OK) {
            fault->row = h;
            return status;
        }
        settle(n_seats, contributions + at, folded + at, values + at, row_dead, NULL, (int)buttons[h], odd_chip_rule,
               chip_unit, payouts + at, pots);
    }
    return accept(fault);
}

int ph_layer_pots(int n_seats, const int64_t *contributions, const uint8_t *folded, int64_t dead,
                  const uint8_t *all_in, ph_pot *pots, int *n_pots) {
    if (!contributions || !folded || !pots || !n_pots || n_seats < 2 || n_seats > PH_MAX_SEATS || dead < 0)
        return PH_ERR_ARGUMENT;
    int64_t total = dead;
    uint32_t live = 0, open = 0;
    for (int s = 0; s < n_seats; s++) {
        if (contributions[s] < 0 || __builtin_add_overflow(total, contributions[s], &total)) return PH_ERR_ARGUMENT;
        live |= (uint32_t)(folded[s] == 0) << s;
        if (all_in) open |= (uint32_t)(folded[s] == 0 && all_in[s] == 0) << s;
    }
    *n_pots = layer(n_seats, contributions, live, open, dead, pots);
    return PH_OK;
}

int ph_split_pot(int64_t amount, uint32_t winners, int button, int n_seats, int odd_chip_rule, int64_t chip_unit,
                 int64_t *shares) {
    if (!shares || n_seats < 2 || n_seats > PH_MAX_SEATS || button < 0 || button >= n_seats || amount < 0 ||
        chip_unit < 1 || winners == 0 || (winners >> n_seats) != 0 ||
        (odd_chip_rule != PH_ODD_CHIP_RULE_LEFT_OF_BUTTON && odd_chip_rule != PH_ODD_CHIP_RULE_LEFT_OF_BUTTON_WHOLE_CHIP))
        return PH_ERR_ARGUMENT;
    split_pot(amount, winners, button, odd_chip_rule, chip_unit, shares);
    return PH_OK;
}
