"""Spec 07: all-in and side pots (the settlement sections; betting sections in test_betting.py)."""

from __future__ import annotations

import itertools

from hypothesis import given
from hypothesis import strategies as st

from pyholdem.spec.pots import Pot, layer_pots, return_uncalled

CONTRIBUTIONS = st.lists(st.integers(0, 5000), min_size=2, max_size=10)


def test_7_6_excess_of_a_lone_largest_bet_goes_back() -> None:
    assert return_uncalled([100, 400, 250]) == ((0, 150, 0), (100, 250, 250))
    assert return_uncalled([0, 0, 75]) == ((0, 0, 75), (0, 0, 0))


def test_7_6_nothing_returned_when_the_largest_is_matched() -> None:
    assert return_uncalled([300, 300, 50]) == ((0, 0, 0), (300, 300, 50))
    assert return_uncalled([0, 0]) == ((0, 0), (0, 0))


@given(CONTRIBUTIONS)
def test_7_6_returned_plus_capped_is_what_was_put_in(contributions: list[int]) -> None:
    returned, capped = return_uncalled(contributions)
    assert [r + c for r, c in zip(returned, capped, strict=True)] == contributions
    top = max(capped)
    assert sum(1 for c in capped if c == top) >= 2 or top == 0


def test_7_7_seed_000_main_pot_2400_side_pot_4400() -> None:
    pots = layer_pots([800, 3000, 3000], [False, False, False])
    assert pots == (Pot(2400, (0, 1, 2)), Pot(4400, (1, 2)))


def test_7_7_folded_chips_stay_in_but_folded_seat_never_eligible() -> None:
    pots = layer_pots([100, 500, 500, 300], [False, False, True, False])
    assert pots == (Pot(400, (0, 1, 3)), Pot(600, (1, 3)), Pot(400, (1,)))


def test_7_7_layer_only_folded_players_reached_joins_the_pot_below() -> None:
    assert layer_pots([50, 200, 200], [False, True, True], dead=30) == (Pot(480, (0,)),)


def test_7_7_equal_eligibility_layers_merge_and_dead_money_joins_main_pot() -> None:
    assert layer_pots([100, 200, 200], [True, False, False], dead=45) == (Pot(545, (1, 2)),)
    assert layer_pots([0, 0, 0], [False, True, False], dead=60) == (Pot(60, (0, 2)),)


@given(CONTRIBUTIONS, st.data())
def test_7_7_layers_conserve_chips_and_respect_levels(contributions: list[int], data: st.DataObject) -> None:
    n = len(contributions)
    folded = data.draw(st.lists(st.booleans(), min_size=n, max_size=n).filter(lambda f: not all(f)))
    dead = data.draw(st.integers(0, 100))
    pots = layer_pots(contributions, folded, dead)
    assert sum(p.amount for p in pots) == sum(contributions) + dead
    assert all(p.eligible for p in pots)
    for p in pots:
        assert not any(folded[s] for s in p.eligible)
    for lower, upper in itertools.pairwise(pots):
        assert set(upper.eligible) < set(lower.eligible)
    live_top = max(c for c, f in zip(contributions, folded, strict=True) if not f)
    for seat in range(n):
        if not folded[seat] and live_top == max(contributions):
            # an all-in seat can win at most, from each opponent, what it put in itself
            winnable = sum(p.amount for p in pots if seat in p.eligible)
            cap = sum(min(c, contributions[seat]) for c in contributions)
            assert winnable <= cap + dead
