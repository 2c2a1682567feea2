"""Every history the project writes replays (§12.6, §12.9, §12.11), time-outs included (§6.11, §7.8)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pyholdem import Hand, RuleSet, preset
from pyholdem.history.phh import dumps, loads
from pyholdem.history.record import history_from_hand
from pyholdem.history.replay import replay

TIMEOUTS = ("check_else_fold", "fold", "allin_freeze_if_committed")


def play_out(h: Hand, rng: random.Random) -> None:
    while not h.is_over:
        legal = h.legal_actions()
        kinds = (
            ["fold", "time_out", "time_out"]
            + ["check"] * 2 * legal.check
            + ["call"] * 2 * (legal.call is not None)
        )
        if legal.min_raise_to is not None:
            kinds.append("raise")
            if h.state.bets[legal.seat] + h.state.stacks[legal.seat] == legal.max_raise_to:
                kinds.append("all_in")
        kind = rng.choice(kinds)
        if kind == "raise":
            assert legal.max_raise_to is not None
            amount = rng.choice([legal.min_raise_to, legal.max_raise_to])
            h.bet_to(amount) if legal.is_bet else h.raise_to(amount)
        elif kind == "all_in":
            h.all_in()
        else:
            getattr(h, kind)()


def assert_replays(h: Hand) -> None:
    history = history_from_hand(h)
    for text_round_trip in (history, loads(dumps(history))[0]):
        result = replay(text_round_trip, h.rules)
        assert result.ok, result
        assert result.finishing_stacks == history.finishing_stacks


@pytest.mark.parametrize("engine", ["auto", "spec"])
def test_7_8_seed_004_freeze_is_written_and_replays(engine: str) -> None:
    h = Hand(preset("seed_004_online"), [1000] * 3, button=0, blinds=(5, 10), seed=3, engine=engine)
    h.call(), h.call(), h.check(), h.bet_to(10), h.time_out()
    assert any(e.kind == "freeze" for e in h.events)
    while not h.is_over:
        h.check() if h.legal_actions().check else h.call()
    assert "# p2 times out (§7.8)" in dumps(history_from_hand(h))
    assert_replays(h)


@settings(max_examples=60, deadline=None)
@given(
    st.integers(2, 6),
    st.sampled_from(TIMEOUTS),
    st.sampled_from(["no_limit", "pot_limit", "fixed_limit"]),
    st.sampled_from(["auto", "spec"]),
    st.integers(0, 2**32),
)
def test_12_9_random_hands_with_every_action_kind_replay(
    n: int, timeout: str, structure: str, engine: str, seed: int
) -> None:
    rng = random.Random(seed)
    rules = RuleSet(timeout_action=timeout, betting_structure=structure)
    stacks = [rng.choice([15, 60, 400, 2000]) for _ in range(n)]
    h = Hand(
        rules,
        stacks,
        button=rng.randrange(n),
        blinds=(5, 10),
        antes=rng.choice([None, 2]),
        seed=seed,
        engine=engine,
    )
    play_out(h, rng)
    assert_replays(h)
