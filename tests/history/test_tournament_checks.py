"""A played tournament keeps the invariants of spec 09 that ``pyholdem run`` checks as it plays
(``round_problems``, ``result_problems``), and a tournament whose chips were changed behind its back
is caught."""

from __future__ import annotations

import pytest

from pyholdem import RuleSet, Tournament, random_policy
from pyholdem.history.tournament_checks import result_problems, round_problems
from pyholdem.rules.structure import DEFAULT_STRUCTURE, structure_preset
from pyholdem.spec.tournament import balancing_due


def _play_checking(t: Tournament, seed: int) -> list[str]:
    policy = random_policy(seed)
    problems: list[str] = []
    while hands := t.next_hands():
        problems += round_problems(t)
        for number, hand in zip(sorted(t.tables), hands, strict=True):
            while not hand.is_over:
                if not t.tables[number].fold_absent():
                    hand.act(*policy(hand))
    return problems


@pytest.mark.parametrize(("entrants", "seed"), [(12, 1), (25, 7)])
def test_9_15_a_played_tournament_keeps_every_round_and_result_invariant(entrants: int, seed: int) -> None:
    t = Tournament(RuleSet(), structure_preset(DEFAULT_STRUCTURE), entrants, seed=seed)
    assert _play_checking(t, seed) == []
    assert t.rounds > 1 and t.is_over
    assert result_problems(t) == []


def test_9_18_chips_changed_behind_the_tournament_are_a_round_problem() -> None:
    t = Tournament(RuleSet(), structure_preset(DEFAULT_STRUCTURE), 12, seed=3)
    assert round_problems(t) == []
    table = t.tables[min(t.tables)]
    seat = next(view.seat for view in table.seats if view.name is not None)
    table.set_stack(seat, table.seats[seat].stack + 1)
    assert round_problems(t) == [f"round 0: {t.chips_expected + 1} chips, {t.chips_expected} expected"]


def test_9_15_the_layout_is_spec_09s_reading_and_a_copy() -> None:
    t = Tournament(RuleSet(), structure_preset(DEFAULT_STRUCTURE), 25, seed=5)
    layout = t.layout()
    assert sorted(layout) == sorted(t.tables)
    assert sum(len(table["seats"]) for table in layout.values()) == 25
    assert all(1 <= seat <= t.seat_count for table in layout.values() for seat in table["seats"])
    assert not balancing_due(layout, t.rules, level_changed=False)
    first = min(layout)
    layout[first]["seats"].clear()
    assert len(t.layout()[first]["seats"]) > 0
