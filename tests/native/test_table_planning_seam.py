"""The table's one planning seam (``pyholdem.engine.planning``) against its reference, hand after hand:
``Planner.plan_next`` and ``Planner.deal_next`` (the memo of layouts, the link to the layout that
followed, the C planner, the C engine's packed set-ups) give what ``plan_setup`` gives (the spec's
``plan_next``, §3.18–3.20, and a ``HandSetup`` checked in full), or both refuse, on random sequences of
seats, stacks and stakes, on either engine."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest
from hypothesis import assume, event, given, settings
from hypothesis import strategies as st

from pyholdem import Hand, HandSetup, PyHoldemError, RuleSet
from pyholdem.engine.planning import Layout, Planner, Stakes, plan_setup, seat_key
from pyholdem.native import TWINS, lib
from pyholdem.rules.ruleset import FIELDS
from pyholdem.spec.table import ENTRY_OPTIONS, SEAT_STATUSES, Positions, TableSeat, antes_due, blind_amounts
from tests.native.twins import wrapper_of

ENTRIES = (None, *ENTRY_OPTIONS, "post_both_sb_dead")
RULES = st.builds(
    RuleSet,
    button_rule=st.sampled_from(FIELDS["button_rule"].metadata["choices"]),
    heads_up_button_adjust=st.booleans(),
    mode=st.sampled_from(("tournament", "cash")),
    absent_blinds_dead=st.booleans(),
    ante_type=st.sampled_from(FIELDS["ante_type"].metadata["choices"]),
    initial_button=st.sampled_from(FIELDS["initial_button"].metadata["choices"]),
)


def test_3_20_the_planning_seam_is_registered_beside_its_spec_twin() -> None:
    c_name, wrapper = TWINS["pyholdem.spec.table:plan_next"]
    assert c_name == "ph_plan_hand" and hasattr(lib, c_name)
    assert wrapper_of(wrapper) is Planner


@st.composite
def seat_list(draw: st.DrawFn, n: int) -> list[TableSeat]:
    statuses = draw(st.sampled_from((SEAT_STATUSES, ("playing",) * 4 + ("waiting",) * 2 + SEAT_STATUSES)))
    seats = []
    for _ in range(n):
        status = draw(st.sampled_from(statuses))
        stack = 0 if status == "empty" else draw(st.sampled_from((0, 1, 7, 500, 2**70)))
        flags = [draw(st.booleans()) for _ in range(4)]
        seats.append(TableSeat(stack, status, draw(st.sampled_from(ENTRIES)), *flags))
    return seats


@st.composite
def stakes_for(draw: st.DrawFn, n: int, rules: RuleSet) -> Stakes:
    """Stakes a table accepts (``Table.set_stakes``: §3.10, §3.12, §5.2)."""
    small = draw(st.integers(1, 50))
    big = draw(st.sampled_from((small, 2 * small, small + 7)))
    antes = draw(st.one_of(st.none(), st.integers(0, 9), st.tuples(*[st.integers(0, 9)] * n)))
    bet_sizes = draw(st.sampled_from((None, (big, 2 * big), (3, 5))))
    try:
        blind_amounts((small, big), rules)
        antes_due(antes, n, (0, 1), rules)
    except PyHoldemError:
        assume(False)
    return Stakes((small, big), antes, bet_sizes)


def _outcome(call: Any, *args: Any) -> Any:
    try:
        return call(*args)
    except PyHoldemError as exc:
        return type(exc), exc.section, str(exc)


def _hand(setup: HandSetup, engine: str) -> Hand:
    return Hand(setup, engine=engine)


@pytest.mark.parametrize("engine", ["auto", "native", "spec"])
@settings(max_examples=150, deadline=None)
@given(data=st.data(), rules=RULES, n=st.integers(2, 7))
def test_3_20_the_planning_seam_plans_what_the_spec_plans(
    engine: str, data: st.DataObject, rules: RuleSet, n: int
) -> None:
    # a few seatings and levels met again and again, so that hands are laid out again (the memo and
    # the link to the layout that followed) as well as planned afresh
    seatings = data.draw(st.lists(seat_list(n), min_size=1, max_size=3))
    levels = data.draw(st.lists(stakes_for(n, rules), min_size=1, max_size=2))
    drawn = rules.initial_button in ("high_card_draw", "random")  # no table seed: a first button by chance
    first = (
        data.draw(st.one_of(st.none(), st.integers(0, n - 1))),
        data.draw(st.sampled_from(("t", 5) if drawn else (None, "t", 5))),
        tuple(data.draw(st.permutations(range(n)))),
    )
    planner = Planner(n, engine)
    last: Layout | None = None
    previous: Positions | None = None
    for number in range(data.draw(st.integers(1, 24))):
        seats = seatings[data.draw(st.integers(0, len(seatings) - 1))]
        stakes = levels[data.draw(st.integers(0, len(levels) - 1))]
        deck = None if first[1] is None else f"{first[1]}-{number}"
        start = previous or first
        keys = tuple(seat_key(seat) for seat in seats)
        stacks = tuple(seat.stack for seat in seats)
        expected = _outcome(plan_setup, start, seats, stakes, rules, deck)
        in_one_call = data.draw(st.booleans())  # deal_next, the table's call, or plan_next then deal
        call = planner.deal_next if in_one_call else planner.plan_next
        got = _outcome(call, last, start, keys, stacks, stakes, rules, deck)
        if isinstance(expected[0], type):
            assert got == expected
            continue
        if in_one_call and isinstance(got[0], type):  # the deal refused, as Hand(setup) refuses
            assert got == _outcome(_hand, expected[1], engine)
            continue
        layout, setup = got[:2]
        event("planned afresh" if setup is layout.setup else "laid out again")
        assert (layout.plan, setup, layout.new) == expected
        assert dataclasses.replace(setup) == setup
        hand = got[2] if in_one_call else _outcome(planner.deal, layout, setup)
        direct = _outcome(_hand, setup, engine)
        if isinstance(direct, tuple):  # "native" insists on the C engine: amounts beyond it
            assert hand == direct
        else:
            assert hand.setup is setup and hand.to_act == direct.to_act
        last, previous = layout, layout.plan.positions
