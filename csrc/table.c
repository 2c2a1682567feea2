/*
 * table.c — the table's plan of its next hand, the C twin of pyholdem.spec.table.plan_hand followed by
 * plan_posts (sections 3.4-3.8, 3.12-3.14, 3.18-3.20, 3.23).
 *
 * Each static function is named after the spec function it mirrors and says its section; the
 * differential tests (tests/native/test_table_plan_twin.py) compare every plan with the spec's. A seat
 * set is an array of PH_MAX_SEATS flags; positions are (button, small blind, big blind, small blind dead).
 * The first hand of a table (no previous positions: a seeded first button, section 3.3) stays in Python.
 */
#include <string.h>

#include "codes.h"
#include "holdem.h"

typedef struct {
    int button, small, big, small_dead;
} positions;

/* x mod n in 0..n-1 (Python's %). */
static int mod(int x, int n) { return ((x % n) + n) % n; }

static int occupied_count(const uint8_t *occupied, int n) {
    int count = 0;
    for (int s = 0; s < n; s++) count += occupied[s] != 0;
    return count;
}

/* _next_occupied: the next occupied seat clockwise after seat (callers have at least two occupied). */
static int next_occupied(const uint8_t *occupied, int n, int seat) {
    for (int step = 1; step <= n; step++)
        if (occupied[(seat + step) % n]) return (seat + step) % n;
    return seat;
}

/* _previous_occupied: the occupied seat nearest before seat, counter-clockwise (callers have two occupied). */
static int previous_occupied(const uint8_t *occupied, int n, int seat) {
    for (int step = 1; step <= n; step++)
        if (occupied[mod(seat - step, n)]) return mod(seat - step, n);
    return seat;
}

/* _positions_after_button: the blinds after button (heads-up the button posts the small blind, 3.7). */
static positions after_button(int button, const uint8_t *occupied, int n) {
    positions p = {button, 0, 0, 0};
    if (occupied_count(occupied, n) == 2) {
        if (!occupied[button]) p.button = next_occupied(occupied, n, button);
        p.small = p.button;
        p.big = next_occupied(occupied, n, p.button);
        return p;
    }
    p.small = next_occupied(occupied, n, button);
    p.big = next_occupied(occupied, n, p.small);
    return p;
}

/* 3.4 moving_button */
static positions moving_button(positions previous, const uint8_t *occupied, int n) {
    return after_button(next_occupied(occupied, n, previous.button), occupied, n);
}

/* 3.5 dead_button */
static positions dead_button(positions previous, const uint8_t *occupied, int n) {
    int big = next_occupied(occupied, n, previous.big);
    if (occupied_count(occupied, n) == 2) {
        int other = next_occupied(occupied, n, big);
        positions p = {other, other, big, 0};
        return p;
    }
    positions p = {previous.small, previous.big, big, !occupied[previous.big]};
    return p;
}

/* 3.6 frozen_button */
static positions frozen_button(positions previous, const uint8_t *occupied, int n) {
    if (occupied[previous.small] && occupied[previous.big]) return moving_button(previous, occupied, n);
    return after_button(previous.button, occupied, n);
}

/* 3.8 heads_up_transition */
static positions heads_up_transition(positions previous, const uint8_t *occupied, int n, positions proposed) {
    if (occupied_count(occupied, n) != 2 || proposed.big != previous.big) return proposed;
    positions p = {proposed.big, proposed.big, next_occupied(occupied, n, proposed.big), 0};
    return p;
}

/* 3.23 from_heads_up: the button never on the big blind of three or more players. */
static positions from_heads_up(const uint8_t *occupied, int n, positions proposed) {
    if (proposed.button != proposed.big || occupied_count(occupied, n) < 3) return proposed;
    proposed.button = previous_occupied(occupied, n, proposed.small);
    return proposed;
}

/* 3.4 next_positions: button_rule, 3.23, then heads_up_button_adjust. */
static positions next_positions(const ph_table_rules *rules, positions previous, const uint8_t *occupied, int n) {
    positions proposed;
    if (rules->button_rule == PH_BUTTON_RULE_MOVING)
        proposed = moving_button(previous, occupied, n);
    else if (rules->button_rule == PH_BUTTON_RULE_FROZEN_ON_BLIND_BUST)
        proposed = frozen_button(previous, occupied, n);
    else
        proposed = dead_button(previous, occupied, n);
    proposed = from_heads_up(occupied, n, proposed);
    if (rules->heads_up_button_adjust) return heads_up_transition(previous, occupied, n, proposed);
    return proposed;
}

/* _in_arc: seat lies clockwise after start and at or before end. */
static int in_arc(int seat, int start, int end, int n) {
    int at = mod(seat - start, n);
    return 0 < at && at <= mod(end - start, n);
}

/* 3.18 between_blinds_and_button */
static int between_blinds_and_button(int seat, positions p, int n) {
    return mod(seat - p.button, n) < mod(p.big - p.button, n);
}

/* The record writer: out[0] is the length so far. */
static void put(int64_t *out, int64_t value) { out[out[0]++] = value; }

static void put_post(int64_t *out, int seat, int kind, int64_t amount, int live) {
    put(out, seat);
    put(out, kind);
    put(out, amount);
    put(out, live);
}

static int check_input(const ph_table_rules *rules, const ph_table_seats *seats, int prev_button, int prev_small,
                       int prev_big, int64_t ante, const int64_t *out, int capacity) {
    if (!rules || !seats || !out || capacity < PH_PLAN_RECORD) return PH_ERR_ARGUMENT;
    int n = seats->seats;
    if (n < 2 || n > PH_MAX_SEATS) return PH_ERR_ARGUMENT;
    if (rules->button_rule < PH_BUTTON_RULE_DEAD || rules->button_rule > PH_BUTTON_RULE_FROZEN_ON_BLIND_BUST ||
        rules->ante_type < PH_ANTE_TYPE_EACH_PLAYER || rules->ante_type > PH_ANTE_TYPE_BIG_BLIND_ANTE ||
        (rules->heads_up_button_adjust | rules->cash | rules->absent_dealt_in) & ~1)
        return PH_ERR_ARGUMENT;
    if (prev_button < 0 || prev_button >= n || prev_small < 0 || prev_small >= n || prev_big < 0 || prev_big >= n)
        return PH_ERR_ARGUMENT;
    if (ante < -1) return PH_ERR_ARGUMENT;
    for (int s = 0; s < n; s++)
        if (seats->status[s] > PH_SEAT_AWAY || seats->entry[s] > PH_ENTRY_POST_BOTH_SB_DEAD || seats->flags[s] >= 32)
            return PH_ERR_ARGUMENT;
    return PH_OK;
}

int ph_plan_hand(const ph_plan_query *query) {
    if (!query) return PH_ERR_ARGUMENT;
    const ph_table_rules *rules = query->rules;
    const ph_table_seats *seats = query->seats;
    const int32_t prev_button = query->prev_button, prev_small = query->prev_small, prev_big = query->prev_big;
    const int64_t small_blind = query->small_blind, big_blind = query->big_blind, ante = query->ante;
    int64_t *out = query->out;
    int status = check_input(rules, seats, prev_button, prev_small, prev_big, ante, out, query->capacity);
    if (status != PH_OK) return status;
    const int n = seats->seats;
    const uint8_t *flags = seats->flags;
    const positions previous = {prev_button, prev_small, prev_big, 0};
    uint8_t base[PH_MAX_SEATS] = {0}, waiting[PH_MAX_SEATS] = {0}, occupied[PH_MAX_SEATS] = {0};
    uint8_t in[PH_MAX_SEATS] = {0};
    int n_base = 0, n_waiting = 0;
    for (int s = 0; s < n; s++) {
        int chips = (flags[s] & PH_FLAG_HAS_CHIPS) != 0, st = seats->status[s];
        base[s] = chips && (st == PH_SEAT_PLAYING || (st == PH_SEAT_AWAY && rules->absent_dealt_in));
        waiting[s] = chips && st == PH_SEAT_WAITING;
        n_base += base[s];
        n_waiting += waiting[s];
    }
    /* entered: the seat that takes the big blind (at most one, listed first), then the others in order */
    int big_entry = -1, n_entered = 0, n_posted = 0;
    int entered_seat[PH_MAX_SEATS], entered_how[PH_MAX_SEATS], posted_order[PH_MAX_SEATS];
    positions p;
    if (n_base < 3) {
        /* 3.18: heads-up (or fewer) — every waiting player is counted and posts only his seat's blind */
        if (n_base + n_waiting < 2) return PH_ERR_REFUSED;
        for (int s = 0; s < n; s++) occupied[s] = base[s] || waiting[s];
        p = next_positions(rules, previous, occupied, n);
        if (n_base == 2 && rules->button_rule == PH_BUTTON_RULE_DEAD) {
            /* a heads-up game goes on: nobody joins on the button or between it and the big blind */
            int dropped = 1;
            while (dropped) {
                dropped = 0;
                for (int s = 0; s < n; s++)
                    if (waiting[s] && occupied[s] && between_blinds_and_button(s, p, n)) {
                        occupied[s] = 0;
                        dropped = 1;
                    }
                if (dropped) p = next_positions(rules, previous, occupied, n);
            }
        }
        for (int s = 0; s < n; s++)
            if (waiting[s] && occupied[s]) {
                entered_seat[n_entered] = s;
                entered_how[n_entered++] = PH_ENTERED_DEALT;
            }
    } else {
        memcpy(occupied, base, sizeof occupied);
        p = next_positions(rules, previous, occupied, n);
        for (int k = 0; k < n; k++) { /* the waiting seats from the previous big blind on */
            int w = (previous.big + k) % n;
            if (!waiting[w]) continue;
            if (big_entry < 0 && in_arc(w, previous.big, p.big, n)) {
                uint8_t trial[PH_MAX_SEATS];
                memcpy(trial, occupied, sizeof trial);
                trial[w] = 1;
                positions with_him = next_positions(rules, previous, trial, n);
                if (with_him.big == w) {
                    memcpy(occupied, trial, sizeof occupied);
                    p = with_him;
                    big_entry = w;
                    continue;
                }
            }
            if (between_blinds_and_button(w, p, n)) continue;
            if (!rules->cash) {
                entered_seat[n_entered] = w;
                entered_how[n_entered++] = PH_ENTERED_DEALT;
                continue;
            }
            int passed = (flags[w] & PH_FLAG_BUTTON_PASSED) || in_arc(w, previous.button, p.button, n);
            int entry = seats->entry[w];
            if (entry == PH_ENTRY_POST_BB_NOW || entry == PH_ENTRY_POST_BOTH_SB_DEAD ||
                (entry == PH_ENTRY_WAIT_BUTTON_THEN_POST && passed)) {
                entered_seat[n_entered] = w;
                entered_how[n_entered++] = PH_ENTERED_POSTED;
                posted_order[n_posted++] = w;
            }
        }
    }
    for (int s = 0; s < n; s++) in[s] = occupied[s];
    if (big_entry >= 0) in[big_entry] = 1;
    for (int i = 0; i < n_entered; i++) in[entered_seat[i]] = 1;

    out[0] = 1;
    put(out, p.button);
    put(out, p.small);
    put(out, p.big);
    put(out, p.small_dead);
    for (int s = 0; s < n; s++)
        put(out, in[s] ? PH_PLANNED_IN : seats->status[s] == PH_SEAT_EMPTY ? PH_PLANNED_EMPTY : PH_PLANNED_SITTING_OUT);

    /* 3.20 plan_posts: the antes of 3.12-3.14 over the seats in the hand, then the blinds */
    int small_live = !p.small_dead && p.small != p.big;
    int64_t at_count = out[0];
    put(out, 0);
    if (ante > 0) {
        for (int s = 0; s < n; s++) {
            if (!in[s]) continue;
            int blind = s == p.big || (small_live && s == p.small);
            if (rules->ante_type == PH_ANTE_TYPE_EACH_PLAYER_EXCEPT_BLINDS && blind) continue;
            if (rules->ante_type == PH_ANTE_TYPE_BIG_BLIND_ANTE && s != p.big) continue;
            put_post(out, s, PH_POST_ANTE, ante, 0);
            out[at_count]++;
        }
    }
    if (small_live) {
        put_post(out, p.small, PH_POST_SMALL_BLIND, small_blind, 1);
        out[at_count]++;
    }
    put_post(out, p.big, PH_POST_BIG_BLIND, big_blind, 1);
    out[at_count]++;
    for (int i = 0; i < n_posted; i++) {
        int w = posted_order[i];
        if (flags[w] & PH_FLAG_OWES_SMALL) {
            put_post(out, w, PH_POST_SMALL_BLIND, small_blind, 0);
            out[at_count]++;
        }
        put_post(out, w, PH_POST_EXTRA_BLIND, big_blind, 1);
        out[at_count]++;
    }

    put(out, n_entered + (big_entry >= 0));
    if (big_entry >= 0) {
        put(out, big_entry);
        put(out, PH_ENTERED_BIG_BLIND);
    }
    for (int i = 0; i < n_entered; i++) {
        put(out, entered_seat[i]);
        put(out, entered_how[i]);
    }

    /* the blinds newly missed and the seats the button passed, of the seats away or waiting not dealt in */
    int64_t at_missed = out[0];
    put(out, 0);
    int passed_seats[PH_MAX_SEATS], n_passed = 0;
    for (int s = 0; s < n; s++) {
        int st = seats->status[s];
        if (in[s] || (st != PH_SEAT_AWAY && st != PH_SEAT_WAITING)) continue;
        if (in_arc(s, previous.button, p.button, n)) passed_seats[n_passed++] = s;
        if (!rules->cash || (flags[s] & PH_FLAG_NEW)) continue;
        if (!(flags[s] & PH_FLAG_OWES_BIG) && in_arc(s, previous.big, p.big, n)) {
            put(out, s);
            put(out, PH_POST_BIG_BLIND);
            out[at_missed]++;
        }
        if (!(flags[s] & PH_FLAG_OWES_SMALL) && in_arc(s, previous.small, p.small, n)) {
            put(out, s);
            put(out, PH_POST_SMALL_BLIND);
            out[at_missed]++;
        }
    }
    put(out, n_passed);
    for (int i = 0; i < n_passed; i++) put(out, passed_seats[i]);

    int64_t at_absent = out[0];
    put(out, 0);
    for (int s = 0; s < n; s++)
        if (base[s] && seats->status[s] == PH_SEAT_AWAY) {
            put(out, s);
            out[at_absent]++;
        }
    int64_t at_new = out[0];
    put(out, 0);
    for (int s = 0; s < n; s++)
        if (in[s] && (flags[s] & PH_FLAG_NEW)) {
            put(out, s);
            out[at_new]++;
        }
    return PH_OK;
}
