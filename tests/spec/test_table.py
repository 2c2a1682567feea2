"""Spec 03: table, button, blinds, antes and straddles (the per-hand sections)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pyholdem import Hand, RuleSet, RuleViolation
from pyholdem.spec.cards import high_card_draw
from pyholdem.spec.table import (
    Positions,
    antes_except_blinds,
    big_blind_ante,
    blind_amounts,
    blind_seats,
    check_seats,
    dead_button,
    each_player_antes,
    frozen_button,
    heads_up_transition,
    initial_button,
    moving_button,
    next_positions,
    post_forced,
    random_seats,
    sleeper_status,
    small_blind_for,
    straddle_seats,
)


def test_3_1_two_to_max_seats_with_chips() -> None:
    check_seats([1, 1], RuleSet())
    check_seats([5] * 10, RuleSet())
    for bad in ([5], [5] * 11, [5, 0], [5, -1], [5, 1.5], [5, True], "55"):
        with pytest.raises(RuleViolation) as info:
            check_seats(bad, RuleSet())  # type: ignore[arg-type]
        assert info.value.section == "3.1"
    with pytest.raises(RuleViolation, match="2 to 9"):
        check_seats([5] * 10, RuleSet(max_seats=9))


def test_3_3_initial_button_readings() -> None:
    assert initial_button(6, RuleSet(initial_button="seat_1")) == 0
    assert initial_button(6, RuleSet(initial_button="first_seated")) == 0
    assert initial_button(6, RuleSet(), seed=7) == high_card_draw(list(range(6)), seed=7)[0]
    seats = {initial_button(6, RuleSet(initial_button="random"), seed=s) for s in range(60)}
    assert seats == set(range(6))


def test_3_7_heads_up_button_posts_small_blind() -> None:
    assert blind_seats(2, 0, 2) == (0, 1)
    assert blind_seats(2, 1, 2) == (1, 0)
    assert blind_seats(3, 2, 2) == (0, 1)
    assert blind_seats(6, 5, 1) == (0,)
    assert blind_seats(2, 0, 1) == (1,)
    h = Hand(RuleSet(), [100, 100], button=0, blinds=(1, 2))
    assert [(e.seat, e.amount) for e in h.events if e.kind == "blind"] == [(0, 1), (1, 2)]
    assert h.to_act == 0


def test_3_9_small_blind_derivations() -> None:
    assert small_blind_for(10, RuleSet(small_blind_rule="half_round_down")) == 5
    assert small_blind_for(5, RuleSet(small_blind_rule="half_round_down")) == 2
    assert small_blind_for(100, RuleSet(small_blind_rule="half_round_down", chip_unit=25)) == 50
    assert small_blind_for(150, RuleSet(small_blind_rule="half_round_down", chip_unit=25)) == 75
    assert small_blind_for(15, RuleSet(small_blind_rule="two_thirds")) == 10
    assert small_blind_for(20, RuleSet(small_blind_rule="half_exact")) == 10
    with pytest.raises(RuleViolation, match=r"§3\.9"):
        small_blind_for(15, RuleSet(small_blind_rule="half_exact"))
    with pytest.raises(RuleViolation, match=r"§3\.9"):
        small_blind_for(15, RuleSet())


def test_3_10_one_or_two_blinds() -> None:
    assert blind_amounts((5, 10), RuleSet()) == (5, 10)
    assert blind_amounts([5, 10], RuleSet()) == (5, 10)
    assert blind_amounts((10,), RuleSet()) == (10,)
    assert blind_amounts(10, RuleSet(blind_count=1)) == (10,)
    assert blind_amounts(10, RuleSet(blind_count=1, small_blind_rule="half_exact")) == (10,)
    for bad in ((10, 5), (0, 10), (5, 0), (1, 2, 3), "10", None, 0, (5.0, 10)):
        with pytest.raises(RuleViolation) as info:
            blind_amounts(bad, RuleSet())  # type: ignore[arg-type]
        assert info.value.section == "3.10"
    h = Hand(RuleSet(blind_count=1), [100, 100, 100], button=0, blinds=10)
    assert [(e.seat, e.amount) for e in h.events if e.kind == "blind"] == [(1, 10)]
    assert h.to_act == 2 and h.legal_actions().call == 10


def test_3_11_short_blind_is_all_in_and_priority() -> None:
    assert post_forced(120, 25, 100, True) == (25, 95)
    assert post_forced(120, 25, 100, False) == (20, 100)
    assert post_forced(10, 25, 100, True) == (10, 0)
    h = Hand(RuleSet(), [1000, 30, 1000], button=0, blinds=(50, 100))
    blind = next(e for e in h.events if e.kind == "blind" and e.seat == 1)
    assert blind.amount == 30 and blind.all_in
    h = Hand(
        RuleSet(short_post_priority="blind_first"), [1000, 1000, 120], button=0, blinds=(50, 100), antes=25
    )
    assert h.state.antes[2] == 20 and h.state.bets[2] == 100


def test_3_12_every_player_antes() -> None:
    assert each_player_antes(3, 5) == [5, 5, 5]
    h = Hand(RuleSet(), [1000] * 4, button=0, blinds=(50, 100), antes=10)
    assert h.state.antes == [10, 10, 10, 10]
    assert h.legal_actions().call == 100


def test_3_13_seed_000_antes_except_blinds_pot_of_65() -> None:
    assert antes_except_blinds(4, 5, (1, 2)) == [5, 0, 0, 5]
    rules = RuleSet(ante_type="each_player_except_blinds")
    h = Hand(rules, [1000] * 10, button=0, blinds=(10, 15), antes=5)
    assert h.pot_total() == 65


def test_3_14_big_blind_ante_blind_first() -> None:
    assert big_blind_ante(3, 100, 2) == [0, 0, 100]
    rules = RuleSet(ante_type="big_blind_ante")
    h = Hand(rules, [1000, 1000, 150], button=0, blinds=(50, 100), antes=100)
    assert h.state.antes == [0, 0, 50] and h.state.bets == [0, 50, 100]
    h = Hand(
        rules.replace(bba_priority="ante_first"), [1000, 1000, 150], button=0, blinds=(50, 100), antes=100
    )
    assert h.state.antes == [0, 0, 100] and h.state.bets == [0, 50, 50]


def test_3_15_blinds_are_live_and_big_blind_has_the_option() -> None:
    h = Hand(RuleSet(), [1000] * 3, button=0, blinds=(50, 100))
    h.call()
    assert h.legal_actions().call == 50
    h.call()
    legal = h.legal_actions()
    assert h.to_act == 2 and legal.check and legal.call is None and legal.min_raise_to == 200
    h.raise_to(300)
    assert h.street == "preflop" and h.to_act == 0


def test_3_15_limit_straddle_counts_as_a_raise_toward_the_cap() -> None:
    rules = RuleSet(betting_structure="fixed_limit", straddle_allowed=True)
    h = Hand(rules, [1000] * 5, button=0, blinds=(5, 10), straddles=(20,))
    assert h.state.bet_count == 2 and h.legal_actions().min_raise_to == 30
    h.raise_to(30)
    h.raise_to(40)
    assert h.legal_actions().min_raise_to is None and h.legal_actions().call == 35


def test_3_16_straddles_and_restraddles() -> None:
    rules = RuleSet(straddle_allowed=True)
    assert straddle_seats(6, 0, (1, 2), (20, 40), 10, rules) == (3, 4)
    h = Hand(rules, [1000] * 6, button=0, blinds=(5, 10), straddles=(20,))
    assert h.to_act == 4 and h.legal_actions().call == 20 and h.legal_actions().min_raise_to == 40
    for _ in range(5):
        h.call()
    assert h.to_act == 3 and h.legal_actions().check
    for straddles, message in [((30,), "must be 20"), ((20, 40, 80, 160), "button or a blind")]:
        with pytest.raises(RuleViolation, match=message):
            Hand(rules, [1000] * 6, button=0, blinds=(5, 10), straddles=straddles)
    with pytest.raises(RuleViolation, match="straddle_allowed"):
        Hand(RuleSet(), [1000] * 6, button=0, blinds=(5, 10), straddles=(20,))
    with pytest.raises(RuleViolation, match="at most 1"):
        Hand(rules.replace(max_straddles=1), [1000] * 6, button=0, blinds=(5, 10), straddles=(20, 40))
    with pytest.raises(RuleViolation, match="cannot straddle"):
        Hand(rules, [1000, 1000, 1000, 15], button=0, blinds=(5, 10), straddles=(20,))
    with pytest.raises(RuleViolation, match="button or a blind"):
        Hand(rules, [1000] * 2, button=0, blinds=(5, 10), straddles=(20,))


@given(st.integers(2, 10), st.data())
def test_3_7_blind_seats_are_distinct_and_left_of_button(n: int, data: st.DataObject) -> None:
    button = data.draw(st.integers(0, n - 1))
    sb, bb = blind_seats(n, button, 2)
    assert sb != bb and bb == (sb + 1) % n
    assert sb == (button if n == 2 else (button + 1) % n)


def test_3_17_sleeper_becomes_a_straddle_when_everyone_before_it_folds() -> None:
    rules = RuleSet(sleeper_allowed=True)
    h = Hand(rules, [1000] * 6, button=0, blinds=(5, 10), sleeper=4)
    # the pending sleeper's 20 chips are in the pot (§3.17)
    assert sleeper_status(h.state) == "pending" and h.stacks[4] == 980 and h.pot_total() == 35
    h.fold()
    assert h.to_act == 5 and h.legal_actions().call == 20 and h.legal_actions().min_raise_to == 40
    for _ in range(4):
        h.call()
    assert h.to_act == 4 and h.legal_actions().check


def test_3_17_sleeper_is_taken_back_after_a_call_or_raise() -> None:
    rules = RuleSet(sleeper_allowed=True)
    for act in ("call", "raise"):
        h = Hand(rules, [1000] * 6, button=0, blinds=(5, 10), sleeper=5)
        h.call() if act == "call" else h.raise_to(30)
        assert h.stacks[5] == 1000 or act == "raise"
        assert h.state.sleeper is None and h.stacks[5] == 1000 and h.to_act == 4
    h = Hand(rules, [1000] * 6, button=0, blinds=(5, 10), sleeper=5)
    h.fold()
    assert h.state.sleeper == 5
    h.raise_to(25)
    assert h.state.sleeper is None and h.stacks[5] == 1000


def test_3_17_sleeper_directly_after_the_big_blind_is_a_straddle() -> None:
    h = Hand(RuleSet(sleeper_allowed=True), [1000] * 4, button=0, blinds=(5, 10), sleeper=3)
    assert h.to_act == 0 and h.legal_actions().call == 20


def test_3_17_sleeper_refusals() -> None:
    rules = RuleSet(sleeper_allowed=True)
    for seat, message in [(0, "button"), (2, "blind"), (9, "not a seat"), (True, "not a seat")]:
        with pytest.raises(RuleViolation, match=message):
            Hand(rules, [1000] * 6, button=0, blinds=(5, 10), sleeper=seat)
    with pytest.raises(RuleViolation, match="sleeper_allowed"):
        Hand(RuleSet(), [1000] * 6, button=0, blinds=(5, 10), sleeper=4)
    with pytest.raises(RuleViolation, match="needs more"):
        Hand(rules, [1000, 1000, 1000, 1000, 20, 1000], button=0, blinds=(5, 10), sleeper=4)


PREV = Positions(button=0, small_blind=1, big_blind=2)


def test_3_4_moving_button_goes_to_the_next_player() -> None:
    assert moving_button(PREV, [True] * 5) == Positions(1, 2, 3)
    assert moving_button(PREV, [True, False, True, True, True]) == Positions(2, 3, 4)
    assert moving_button(Positions(3, 4, 0), [True, True, False, True, True]) == Positions(4, 0, 1)
    with pytest.raises(RuleViolation, match="occupied"):
        moving_button(PREV, [True, False, False])
    with pytest.raises(RuleViolation, match="previous big_blind 7"):
        moving_button(Positions(0, 1, 7), [True] * 3)


def test_3_5_dead_button_seed_003_cases() -> None:
    assert dead_button(PREV, [True] * 5) == Positions(1, 2, 3)
    assert dead_button(PREV, [True, True, False, True, True]) == Positions(1, 2, 3, small_blind_dead=True)
    assert dead_button(PREV, [True, False, True, True, True]) == Positions(1, 2, 3)
    assert dead_button(PREV, [True, True, True, False, True]) == Positions(1, 2, 4)


def test_3_5_dead_button_big_blind_visits_every_player_in_turn() -> None:
    rng = random.Random(3)
    occupied = [True] * 9
    positions = Positions(0, 1, 2)
    for _ in range(200):
        if sum(occupied) > 2 and rng.random() < 0.1:
            occupied[rng.choice([s for s in range(9) if occupied[s]])] = False
        if sum(occupied) == 2:
            break
        nxt = dead_button(positions, occupied)
        assert nxt.big_blind == next(
            (positions.big_blind + k) % 9 for k in range(1, 10) if occupied[(positions.big_blind + k) % 9]
        )
        assert nxt.small_blind == positions.big_blind and nxt.button == positions.small_blind
        positions = nxt


def test_3_6_frozen_button_stays_after_a_blind_busts() -> None:
    assert frozen_button(PREV, [True, True, False, True, True]) == Positions(0, 1, 3)
    assert frozen_button(PREV, [True, False, True, True, True]) == Positions(0, 2, 3)
    assert frozen_button(PREV, [True] * 5) == Positions(1, 2, 3)


def test_3_8_nobody_is_big_blind_twice_going_heads_up() -> None:
    occupied = [False, True, True]
    proposed = moving_button(PREV, occupied)
    assert proposed.big_blind == 2
    assert heads_up_transition(PREV, occupied, proposed) == Positions(2, 2, 1)
    assert heads_up_transition(PREV, [True] * 3, Positions(1, 2, 0)) == Positions(1, 2, 0)
    rules = RuleSet(button_rule="moving")
    assert next_positions(PREV, occupied, rules) == Positions(2, 2, 1)
    assert next_positions(PREV, occupied, rules.replace(heads_up_button_adjust=False)) == proposed
    assert next_positions(PREV, occupied, RuleSet()) == Positions(2, 2, 1)
    frozen = RuleSet(button_rule="frozen_on_blind_bust")
    assert next_positions(PREV, [True, True, False], frozen) == Positions(0, 0, 1)


def test_3_2_random_distinct_seats_replayable_by_seed() -> None:
    players = [f"p{i}" for i in range(9)]
    seats = random_seats(players, 9, seed=5)
    assert sorted(seats.values()) == list(range(9)) and seats == random_seats(players, 9, seed=5)
    firsts = {random_seats(players, 9, seed=s)["p0"] for s in range(100)}
    assert firsts == set(range(9))
    for bad, message in [(([*players, "p0"], 10), "not distinct"), ((players, 8), "cannot sit")]:
        with pytest.raises(RuleViolation, match=message):
            random_seats(*bad)
