"""The tournament engine's memos (spec 09): each equals the spec function it stands for.

``Tournament`` reads the clock's level and break once per interval of ``clock_level_steps``, the
places paid once per entry count, and keeps each table's seat map between changes at the table;
these tests play random tournaments and compare every memoised value with the spec's answer at
that moment.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from contextlib import contextmanager
from unittest import mock

from hypothesis import given, settings
from hypothesis import strategies as st

import pyholdem.engine.tournament as engine
from pyholdem import RuleSet, Tournament, preset, random_policy
from pyholdem.rules.structure import STRUCTURES, structure_preset
from pyholdem.spec.tournament import break_table, clock_level, clock_level_steps, places_paid
from tests.engine.test_tournament_properties import offer_buys, play_round

RULES = ("tda_2024", "seed_000_home_nl", "seed_000_bill_limit", "seed_001_event", "seed_002_sng_addon")


def fresh_layout(t: Tournament) -> dict[int, dict[str, object]]:
    """The layout as ``Tournament._layout`` built it before its seat maps were kept: from the
    seating, which the tables' seats match between rounds (a player busted in a round leaves his
    table's seats at once, the seating when the round is closed)."""
    out: dict[int, dict[str, object]] = {}
    for number, table in t.tables.items():
        pos = table.positions
        out[number] = {
            "seats": {seat + 1: name for seat, name in sorted(t._runs[number].seating.items())},
            "button": pos.button + 1 if pos is not None else None,
            "big_blind": pos.big_blind + 1 if pos is not None else None,
        }
    return out


@contextmanager
def checked_table_breaks() -> Iterator[list[int]]:
    """The engine's §9.16 calls go through ``break_table`` (which checks every table's seats first
    and raises if one is malformed, then answers as ``reseat_broken_table``); yields the number of
    calls, filled in as they come."""
    calls: list[int] = []

    def checked(*args: object, **kwargs: object) -> object:
        calls.append(1)
        return break_table(*args, **kwargs)  # type: ignore[arg-type]

    with mock.patch.object(engine, "reseat_broken_table", checked):
        yield calls


def check_memos(t: Tournament, *, between_rounds: bool = False) -> None:
    # the schedule's clock: the tournament's, moved on by a final table's level bump (§9.17)
    level, _, on_break = clock_level(t.seconds + t._shift, t.rounds + t._hand_shift, t.structure, t.rules)
    assert t._phase() == (level, on_break)
    paid = t._paid
    assert paid is None or paid[0] != t.entries or paid[2] == places_paid(t.entries, t.rules)
    layout = t._layout()
    assert layout == fresh_layout(t)
    assert all(list(table["seats"]) == sorted(table["seats"]) for table in layout.values())
    if between_rounds:  # a round just dealt: the seating is the tables' (a hand over at the deal aside)
        for number, table in t.tables.items():
            if not table.hand_running:  # its busted players have left the table already
                continue
            seated = {v.seat + 1: v.name for v in table.seats if v.state != "empty"}
            assert seated == layout[number]["seats"]


def play_checked(t: Tournament, seed: int) -> None:
    rng = random.Random(seed)
    policy = random_policy(seed)
    while not t.is_over:
        hands = t.next_hands()
        if not hands:
            break
        check_memos(t, between_rounds=True)
        play_round(t, hands, policy)
        if rng.random() < 0.1:
            t.advance(rng.choice((0, 1, 59, 60, 61, 600, 1800)))
            check_memos(t)
        offer_buys(t, rng, 0.2)
    check_memos(t)


@settings(max_examples=10, deadline=None)
@given(
    entrants=st.integers(10, 70),
    rules=st.sampled_from(RULES),
    structure=st.sampled_from(sorted(STRUCTURES)),
    hands_clock=st.booleans(),
    redraw=st.booleans(),
    seed=st.integers(0, 10**6),
)
def test_9_3_the_engine_memos_equal_the_spec_at_every_round(
    entrants: int, rules: str, structure: str, hands_clock: bool, redraw: bool, seed: int
) -> None:
    ruleset = preset(rules)
    if hands_clock:
        ruleset = ruleset.replace(level_clock="hands")
    if redraw:
        ruleset = ruleset.replace(balance_method="redraw")
    t = Tournament(ruleset, structure_preset(structure), entrants, seed=seed, seconds_per_hand=600)
    with checked_table_breaks():
        play_checked(t, seed)


def test_9_16_every_layout_the_engine_breaks_a_table_from_passes_the_check() -> None:
    """``Tournament`` calls ``reseat_broken_table`` on its own layout, without ``break_table``'s
    check of every seat: here every such call is checked, over tournaments that break tables."""
    runs = (
        (RuleSet(), "seed_000_home_nl", 95, None),
        (preset("seed_001_event"), "seed_000_home_nl", 80, 9),
        (preset("seed_002_sng_addon"), "seed_002_sng_addon", 60, None),
        (preset("seed_000_home_nl").replace(balance_method="redraw"), "seed_000_home_nl", 45, None),
    )
    for seed, (rules, structure, entrants, seats) in enumerate(runs):
        t = Tournament(rules, structure_preset(structure), entrants, seats_per_table=seats, seed=seed)
        with checked_table_breaks() as calls:
            play_checked(t, seed)
        breaks = sum(e.kind == "table_break" for e in t.events)
        assert breaks > 0 and len(calls) >= breaks


def test_9_3_clock_level_steps_bound_the_intervals_of_one_reading() -> None:
    for name in sorted(STRUCTURES):
        structure = structure_preset(name)
        for rules in (RuleSet(), RuleSet(level_clock="hands")):
            by, steps = clock_level_steps(structure, rules)
            assert steps[0] == 0 and list(steps) == sorted(steps)
            assert by == ("hands" if rules.level_clock == "hands" else "seconds")
            end = steps[-1] + 2 * (60 if by == "seconds" else 1) + 1
            changes = []
            last = None
            for at in range(end):
                seconds, hands = (at, 0) if by == "seconds" else (0, at)
                level, _, on_break = clock_level(seconds, hands, structure, rules)
                if (level, on_break) != last:
                    changes.append(at)
                    last = (level, on_break)
            assert set(changes) <= set(steps), (name, by, changes, steps)
            # every level start is a step
            assert len(set(changes)) >= len([d for d in structure.durations if d is not None])
