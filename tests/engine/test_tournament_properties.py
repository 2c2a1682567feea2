"""Properties of random tournaments (spec 09): chips, table sizes, balance, places, prizes, seeds."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pyholdem import Hand, RuleSet, Tournament, preset, random_policy
from pyholdem.rules.structure import STRUCTURES, structure_preset
from pyholdem.spec.tournament import balancing_due

RULES = ("tda_2024", "seed_000_home_nl", "seed_000_bill_limit", "seed_001_event", "seed_002_sng_addon")


def play_round(t: Tournament, hands: list[Hand], policy: Callable[[Hand], tuple[Any, ...]]) -> None:
    """Play the round's ``hands`` (one per table, in table order) to the end, folding the absent
    hands §3.19 kills."""
    for number, hand in zip(sorted(t.tables), hands, strict=True):
        while not hand.is_over:
            if not t.tables[number].fold_absent():
                hand.act(*policy(hand))


def offer_buys(t: Tournament, rng: random.Random, chance: float) -> None:
    """Each player still in is offered a rebuy and an add-on with probability ``chance``; a refusal
    names its section (§9) and changes nothing."""
    for standing in t.standings:
        if standing.place is None and rng.random() < chance:
            for offer in (t.rebuy, t.add_on):
                try:
                    offer(standing.name)
                except Exception as exc:
                    assert "§9." in str(exc)


def checked_play(t: Tournament, seed: int, *, buy: bool = True) -> None:
    """Play ``t`` to the end with random rebuys and add-ons, checking the invariants at every
    hand boundary: chips conserved (colour-ups accounted for), no table over its size, the
    tables within the balance tolerance once balanced."""
    rng = random.Random(seed)
    policy = random_policy(seed)
    while not t.is_over:
        hands = t.next_hands()
        if not hands:
            break
        assert t.chips_in_play() == t.chips_expected
        layout = t._layout()
        assert all(len(table["seats"]) <= t.seat_count for table in layout.values())
        assert not balancing_due(layout, t.rules, level_changed=False)
        play_round(t, hands, policy)
        assert t.chips_in_play() == t.chips_expected
        if buy:
            offer_buys(t, rng, 0.3)
    assert t.chips_in_play() == t.chips_expected


def check_result(t: Tournament) -> None:
    """Places a permutation of 1..N with ties sharing a block; prizes sum to the pool exactly."""
    result = t.result()
    covered: list[int] = []
    blocks: dict[tuple[int, int], int] = {}
    for place, _ in result.values():
        if isinstance(place, int):
            covered.append(place)
        else:
            blocks[place] = blocks.get(place, 0) + 1
    for (best, worst), count in blocks.items():
        assert count == worst - best + 1
        covered.extend(range(best, worst + 1))
    assert sorted(covered) == list(range(1, len(result) + 1))
    assert sum(prize for _, prize in result.values()) == t.prize_pool
    assert [s.place for s in t.standings].count(1) == 1


@settings(max_examples=12, deadline=None)
@given(
    entrants=st.integers(10, 60),
    rules=st.sampled_from(RULES),
    structure=st.sampled_from(sorted(STRUCTURES)),
    seed=st.integers(0, 10**6),
)
def test_9_20_random_tournaments_keep_every_invariant(
    entrants: int, rules: str, structure: str, seed: int
) -> None:
    t = Tournament(preset(rules), structure_preset(structure), entrants, seed=seed)
    checked_play(t, seed)
    check_result(t)


@pytest.mark.parametrize("rules", RULES)
def test_9_20_every_preset_plays_a_tournament_to_a_winner(rules: str) -> None:
    structure = structure_preset(rules if rules in STRUCTURES else "seed_000_home_nl")
    t = Tournament(preset(rules), structure, 25, seed=21)
    checked_play(t, 21)
    check_result(t)


def test_9_20_the_same_seed_plays_the_same_tournament() -> None:
    runs = []
    for _ in range(2):
        t = Tournament(preset("seed_000_home_nl"), structure_preset("seed_000_home_nl"), 30, seed=99)
        checked_play(t, 99)
        runs.append(t.as_dict())
    assert runs[0] == runs[1]
    t = Tournament(preset("seed_000_home_nl"), structure_preset("seed_000_home_nl"), 30, seed=98)
    checked_play(t, 99)
    assert t.as_dict()["events"] != runs[0]["events"]


def test_9_20_both_engines_play_the_same_tournament() -> None:
    runs = []
    for engine in ("spec", "native"):
        t = Tournament(RuleSet(), structure_preset("seed_000_home_nl"), 16, seed=5, engine=engine)
        checked_play(t, 5, buy=False)
        runs.append(t.as_dict())
    assert runs[0] == runs[1]
