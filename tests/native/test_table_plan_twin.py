"""The table's hand planning in C (``csrc/table.c``) against the spec: ``plan_hand`` (§3.18) followed by
``plan_posts`` (§3.20), on random tables of every button rule, mode and ante type, and on whole random
sessions and tournaments, whose tables plan in C on the C engine and in Python on the spec engine."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pyholdem import HandSetup, PyHoldemError, RuleSet, Tournament, preset, random_policy
from pyholdem.engine.table import Table, random_session
from pyholdem.native import TWINS, ffi, lib
from pyholdem.native import table as c_table
from pyholdem.rules.ruleset import FIELDS
from pyholdem.rules.structure import structure_preset
from pyholdem.spec.table import (
    ENTRY_OPTIONS,
    MAKEUP_OPTIONS,
    POST_KINDS,
    SEAT_STATES,
    SEAT_STATUSES,
    Positions,
    TableSeat,
    plan_hand,
    plan_posts,
    planning_choices,
)
from tests.native.twins import wrapper_of

ENTRIES = (None, *ENTRY_OPTIONS, "post_both_sb_dead")


def test_3_18_plan_twin_is_registered() -> None:
    c_name, wrapper = TWINS["pyholdem.spec.table:plan_hand"]
    assert c_name == "ph_plan_hand" and hasattr(lib, c_name)
    assert wrapper_of(wrapper) is c_table.plan_hand


def test_3_18_c_plan_codes_are_the_python_definitions() -> None:
    assert [getattr(lib, f"PH_SEAT_{s.upper()}") for s in SEAT_STATUSES] == list(range(len(SEAT_STATUSES)))
    assert [getattr(lib, f"PH_PLANNED_{s.upper()}") for s in SEAT_STATES] == list(range(len(SEAT_STATES)))
    assert [getattr(lib, f"PH_ENTERED_{h.upper()}") for h in c_table.HOW] == [0, 1, 2]
    for entry in (*ENTRY_OPTIONS, *MAKEUP_OPTIONS):
        assert c_table.ENTRY_CODES[entry] == getattr(lib, f"PH_ENTRY_{entry.upper()}")
    choices = FIELDS["button_rule"].metadata["choices"]
    assert [getattr(lib, f"PH_BUTTON_RULE_{c.upper()}") for c in choices] == list(range(len(choices)))
    assert [c_table.BUTTON_RULE_CODES[c] for c in choices] == list(range(len(choices)))
    # ante_type codes are the hand engine's (csrc/generated/codes.h), as ph_rules.ante_type carries them
    assert list(c_table.ANTE_TYPE_CODES) == list(FIELDS["ante_type"].metadata["choices"])
    assert POST_KINDS[:4] == ("small_blind", "big_blind", "extra_blind", "ante")


def test_3_18_planning_choices_are_what_the_plan_reads() -> None:
    rules = RuleSet(
        mode="cash", button_rule="moving", heads_up_button_adjust=False, ante_type="big_blind_ante"
    )
    assert planning_choices(rules) == ("moving", False, True, False, "big_blind_ante")
    assert planning_choices(RuleSet()) == ("dead", True, False, True, "each_player")


RULES = st.builds(
    RuleSet,
    button_rule=st.sampled_from(FIELDS["button_rule"].metadata["choices"]),
    heads_up_button_adjust=st.booleans(),
    mode=st.sampled_from(("tournament", "cash")),
    absent_blinds_dead=st.booleans(),
    ante_type=st.sampled_from(FIELDS["ante_type"].metadata["choices"]),
)


@st.composite
def table_seats(draw: st.DrawFn) -> list[TableSeat]:
    n = draw(st.integers(2, 10))
    # every status, or mostly players and waiting ones (a full table taking new players in)
    statuses = draw(st.sampled_from((SEAT_STATUSES, ("playing",) * 3 + ("waiting",) * 2 + SEAT_STATUSES)))
    seats = []
    for _ in range(n):
        status = draw(st.sampled_from(statuses))
        stack = 0 if status == "empty" else draw(st.sampled_from((0, 1, 7, 500)))
        seats.append(
            TableSeat(
                stack,
                status,
                draw(st.sampled_from(ENTRIES)),
                draw(st.booleans()),
                draw(st.booleans()),
                draw(st.booleans()),
                draw(st.booleans()),
            )
        )
    return seats


@st.composite
def previous_positions(draw: st.DrawFn, n: int) -> Positions | None:
    seat = st.integers(0, n - 1)
    kind = draw(st.integers(0, 19))
    if kind == 0:
        return None
    if kind == 1:  # out of range: both refuse
        return Positions(draw(st.sampled_from((-1, n, 1.5))), draw(seat), draw(seat))
    return Positions(draw(seat), draw(seat), draw(seat), draw(st.booleans()))


def _outcome(planner: Any, *args: Any, **kwargs: Any) -> Any:
    try:
        return planner(*args, **kwargs)
    except PyHoldemError as exc:
        return type(exc), exc.section, str(exc)


def _spec(previous: Any, seats: Any, rules: RuleSet, blinds: Any, antes: Any) -> Any:
    plan = plan_hand(previous, seats, rules, button=1, seed=3)
    return plan, plan_posts(plan, blinds, antes, rules)


@settings(max_examples=400, deadline=None)
@given(data=st.data(), rules=RULES, seats=table_seats())
def test_3_18_c_plan_equals_the_spec_plan_or_both_refuse(
    data: st.DataObject, rules: RuleSet, seats: Any
) -> None:
    n = len(seats)
    previous = data.draw(previous_positions(n))
    small = data.draw(st.integers(1, 50))
    blinds = (small, data.draw(st.integers(small, 100)))
    antes = data.draw(
        st.one_of(
            st.none(),
            st.integers(-2, 30),
            st.lists(st.integers(0, 9), min_size=n, max_size=n),
            st.lists(st.integers(-1, 9), min_size=1, max_size=11),
        )
    )
    spec = _outcome(_spec, previous, seats, rules, blinds, antes)
    c = _outcome(c_table.plan_with_posts, previous, seats, rules, blinds, antes, button=1, seed=3)
    assert c == spec
    if not isinstance(spec[0], type):
        assert c_table.plan_hand(previous, seats, rules, button=1, seed=3) == spec[0]


def test_3_18_c_plan_of_a_waiting_player_taking_the_big_blind() -> None:
    """Seat 3 waits for the big blind as it reaches him (§3.18), seat 5 owes both blinds and posts."""
    rules = RuleSet(mode="cash", button_rule="moving")
    seats = [TableSeat(100, "playing")] * 3 + [TableSeat(100, "waiting", "wait_bb", new=True)]
    seats += [TableSeat(100, "playing"), TableSeat(100, "waiting", "post_both_sb_dead", owes_small=True)]
    previous = Positions(0, 1, 2)
    plan, posts = c_table.plan_with_posts(previous, seats, rules, (5, 10), 1)
    assert plan.entered == ((3, "big_blind"), (5, "posted"))
    assert [p[:2] for p in posts if p.kind != "ante"] == [
        (2, "small_blind"), (3, "big_blind"), (5, "small_blind"), (5, "extra_blind"),
    ]  # fmt: skip
    assert (plan, posts) == _spec(previous, seats, rules, (5, 10), 1)


def _seats_struct(n: int, codes: tuple[int, int, int] = (1, 0, 16)) -> Any:
    seats = ffi.new("ph_table_seats *")
    seats.seats = n
    for s in range(min(n, lib.PH_MAX_SEATS)):
        seats.status[s], seats.entry[s], seats.flags[s] = codes
    return seats


def _plan(rules: Any, seats: Any, button: int, small: int, big: int, *amounts_out_capacity: Any) -> int:
    """``ph_plan_hand`` of one ``ph_plan_query`` with these fields, in the order the struct declares them."""
    small_blind, big_blind, ante, out, capacity = amounts_out_capacity
    query = ffi.new("ph_plan_query *")
    query.rules, query.seats, query.prev_button, query.prev_small, query.prev_big = (
        rules,
        seats,
        button,
        small,
        big,
    )
    query.small_blind, query.big_blind, query.ante = small_blind, big_blind, ante
    query.out, query.capacity = out, capacity
    status: int = lib.ph_plan_hand(query)
    return status


def test_3_18_c_plan_refuses_what_is_out_of_range() -> None:
    assert lib.ph_plan_hand(ffi.NULL) == lib.PH_ERR_ARGUMENT
    rules = c_table.table_rules(RuleSet())
    out = ffi.new("int64_t[]", lib.PH_PLAN_RECORD)
    good = _seats_struct(4)
    arg = lib.PH_ERR_ARGUMENT
    assert _plan(rules, good, 0, 1, 2, 1, 2, 0, out, lib.PH_PLAN_RECORD) == lib.PH_OK
    assert out[0] > 5
    for seats in (_seats_struct(1), _seats_struct(11), _seats_struct(-3)):
        assert _plan(rules, seats, 0, 0, 0, 1, 2, 0, out, lib.PH_PLAN_RECORD) == arg
    for codes in ((4, 0, 16), (1, 5, 16), (1, 0, 32), (255, 255, 255)):
        assert _plan(rules, _seats_struct(4, codes), 0, 1, 2, 1, 2, 0, out, lib.PH_PLAN_RECORD) == arg
    for prev in ((-1, 1, 2), (0, 4, 2), (0, 1, 4), (2**31 - 1, 0, 0)):
        assert _plan(rules, good, *prev, 1, 2, 0, out, lib.PH_PLAN_RECORD) == arg
    assert _plan(rules, good, 0, 1, 2, 1, 2, -2, out, lib.PH_PLAN_RECORD) == arg
    assert _plan(rules, good, 0, 1, 2, 1, 2, 0, out, lib.PH_PLAN_RECORD - 1) == arg
    assert _plan(ffi.NULL, good, 0, 1, 2, 1, 2, 0, out, lib.PH_PLAN_RECORD) == arg
    assert _plan(rules, ffi.NULL, 0, 1, 2, 1, 2, 0, out, lib.PH_PLAN_RECORD) == arg
    assert _plan(rules, good, 0, 1, 2, 1, 2, 0, ffi.NULL, lib.PH_PLAN_RECORD) == arg
    for field, value in (("button_rule", 3), ("ante_type", -1), ("cash", 2), ("absent_dealt_in", -1)):
        bad = ffi.new("ph_table_rules *", rules[0])
        setattr(bad, field, value)
        assert _plan(bad, good, 0, 1, 2, 1, 2, 0, out, lib.PH_PLAN_RECORD) == arg
    lonely = _seats_struct(4, (0, 0, 0))  # nobody to deal in: the rules' refusal (§3.1)
    assert _plan(rules, lonely, 0, 1, 2, 1, 2, 0, out, lib.PH_PLAN_RECORD) == lib.PH_ERR_REFUSED


# ------------------------------------------------------------ whole sessions and tournaments
def _check_full(setups: list[HandSetup]) -> None:
    """Every set-up a table made passes the full check of §3.20 and is equal to its re-made self."""
    for setup in setups:
        assert dataclasses.replace(setup) == setup


@settings(max_examples=10, deadline=None)
@given(
    rules=st.sampled_from(sorted(("tda_2024", "tda_2024_cash", "seed_000_home_nl", "seed_002_sng_addon",
                                  "seed_004_online", "seed_001_event"))),
    seats=st.integers(2, 10),
    seed=st.integers(0, 10**6),
    antes=st.sampled_from((None, 0, 1, 3)),
)  # fmt: skip
def test_3_20_sessions_planned_in_c_deal_the_spec_planners_set_ups(
    rules: str, seats: int, seed: int, antes: int | None
) -> None:
    native = random_session(preset(rules), seats, 60, seed, engine="native", antes=antes)
    spec = random_session(preset(rules), seats, 60, seed, engine="spec", antes=antes)
    assert native.planner.in_c and not spec.planner.in_c
    assert native.setups == spec.setups
    assert native.ledger == spec.ledger and native.seats == spec.seats
    _check_full(native.setups)
    _check_full(spec.setups)


def test_3_20_a_table_with_per_seat_antes_plans_them_in_python_and_the_rest_in_c() -> None:
    tables = []
    for engine in ("native", "spec"):
        t = Table(preset("tda_2024_cash"), 6, blinds=(5, 10), antes=[1, 2, 0, 1, 2, 3], seed=4, engine=engine)
        for seat in (0, 1, 3, 5):
            t.sit(seat, 1000)
        for _ in range(12):
            hand = t.next_hand()
            while not hand.is_over:
                hand.act("check" if hand.legal_actions().check else "call")
        tables.append(t)
    assert tables[0].setups == tables[1].setups
    assert {p.amount for s in tables[0].setups for p in s.posts if p.kind == "ante"} == {1, 2, 3}
    _check_full(tables[0].setups)


def _tournament_setups(
    rules: str, entrants: int, seed: int, engine: str
) -> tuple[Tournament, list[HandSetup]]:
    t = Tournament(preset(rules), structure_preset("seed_000_home_nl"), entrants, seed=seed, engine=engine)
    setups: list[HandSetup] = []

    def record(t: Tournament) -> None:
        setups.extend(t.tables[number].setups[-1] for number in sorted(t.tables))

    t.play(random_policy(seed), on_round=record)
    return t, setups


@settings(max_examples=4, deadline=None)
@given(
    rules=st.sampled_from(("tda_2024", "seed_001_event", "seed_002_sng_addon")),
    entrants=st.integers(8, 30),
    seed=st.integers(0, 10**6),
)
def test_9_20_tournaments_planned_in_c_deal_the_spec_planners_set_ups(
    rules: str, entrants: int, seed: int
) -> None:
    native, native_setups = _tournament_setups(rules, entrants, seed, "native")
    spec, spec_setups = _tournament_setups(rules, entrants, seed, "spec")
    assert native_setups == spec_setups and len(native_setups) > 10
    assert native.result() == spec.result()
    _check_full(native_setups)
    _check_full(spec_setups)


@pytest.mark.parametrize("engine", ["native", "spec"])
def test_3_20_a_refused_plan_is_the_specs_refusal_on_either_planner(engine: str) -> None:
    t = Table(preset("tda_2024_cash"), 4, blinds=(1, 2), seed=1, engine=engine)
    t.sit(0, 100)
    t.sit(2, 100)
    hand = t.next_hand()
    while not hand.is_over:
        hand.act("call" if not hand.legal_actions().check else "check")
    for view in t.seats:
        if view.state not in ("empty", "away"):
            t.away(view.seat)
    with pytest.raises(PyHoldemError, match=r"0 players can be dealt in; a hand needs 2 \(§3\.1\)"):
        t.next_hand()
    assert t.hand_number == 1


def test_3_18_a_table_on_the_spec_engine_plans_without_the_compiled_core(tmp_path: Any) -> None:
    """With the compiled core blocked, a spec-engine session plans every hand in Python (the oracle)."""
    import subprocess
    import sys
    from pathlib import Path

    from tests.oracle.test_pure_oracle import BLOCK, CHECK

    script = (
        "from pyholdem import preset\n"
        "from pyholdem.engine.table import random_session\n"
        "t = random_session(preset('tda_2024_cash'), 6, 40, 3, engine='spec', antes=1)\n"
        "assert t.hand_number == 40 and not t.planner.in_c\n"
    )
    root = Path(__file__).resolve().parents[2]
    done = subprocess.run(
        [sys.executable, "-c", BLOCK + script + CHECK], cwd=root, capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stderr[-3000:]
