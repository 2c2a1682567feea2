"""Random-action six-max no-limit hands played to the end, per second: pyholdem.Hand and pokerkit.

``Hand`` plays on the C engine (``engine="auto"``); the spec engine (``engine="spec"``, the
oracle) plays the same hands for comparison. Both libraries play the same kind of hand: six
players with 100 big blinds, each decision drawn from the same random policy (check 60 %, call
15 %, bet or raise a random amount up to three times the minimum 10 %, otherwise check or fold),
so most hands reach a showdown. Target
(the target): pyholdem at least 50 times pokerkit. Hands per second, actions per hand and the share of
hands with a showdown are in ``extra_info``; the ratio of the best rounds is printed.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from benchmarks.workloads import choose as _choose
from benchmarks.workloads import play_out
from pyholdem import Hand, RuleSet

HANDS = 200
RULES = RuleSet()
STACKS = (10_000,) * 6
RATE: dict[str, float] = {}


def play_pyholdem(seed: int, engine: str = "auto") -> tuple[int, bool]:
    rng = random.Random(seed)
    h = Hand(RULES, STACKS, button=seed % 6, blinds=(50, 100), seed=seed, engine=engine)
    actions = play_out(h, rng)
    assert h.result is not None
    return actions, h.result.showdown


def play_pokerkit(seed: int) -> tuple[int, bool]:
    from pokerkit import Automation, HoleCardsShowingOrMucking, NoLimitTexasHoldem

    automations = (
        Automation.ANTE_POSTING,
        Automation.BET_COLLECTION,
        Automation.BLIND_OR_STRADDLE_POSTING,
        Automation.CARD_BURNING,
        Automation.HOLE_DEALING,
        Automation.BOARD_DEALING,
        Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
        Automation.HAND_KILLING,
        Automation.CHIPS_PUSHING,
        Automation.CHIPS_PULLING,
    )
    rng = random.Random(seed)
    state = NoLimitTexasHoldem.create_state(automations, True, 0, (50, 100), 100, STACKS, 6)
    actions = 0
    while state.status:
        check = state.can_check_or_call() and state.checking_or_calling_amount == 0
        call = state.can_check_or_call() and not check
        low = high = None
        if state.can_complete_bet_or_raise_to():
            low = state.min_completion_betting_or_raising_to_amount
            high = state.max_completion_betting_or_raising_to_amount
        kind, amount = _choose(rng, check, call, low, high)
        if kind == "raise":
            state.complete_bet_or_raise_to(amount)
        elif kind in ("check", "call"):
            state.check_or_call()
        else:
            state.fold()
        actions += 1
    return actions, any(isinstance(op, HoleCardsShowingOrMucking) for op in state.operations)


def _record(benchmark: Any, name: str, results: list[tuple[int, bool]]) -> float:
    """Hands per second from the best round (the machine is shared: interference only adds time)."""
    rate = HANDS / benchmark.stats.stats.min
    RATE[name] = rate
    benchmark.extra_info["hands_per_second"] = round(rate)
    benchmark.extra_info["actions_per_hand"] = sum(a for a, _ in results) / HANDS
    benchmark.extra_info["showdown_share"] = sum(s for _, s in results) / HANDS
    return rate


def test_bench_pyholdem_hands(benchmark: Any) -> None:
    results = benchmark(lambda: [play_pyholdem(seed) for seed in range(HANDS)])
    assert sum(showdown for _, showdown in results) > HANDS // 2
    _record(benchmark, "pyholdem", results)


def test_bench_pyholdem_spec_engine_hands(benchmark: Any) -> None:
    results = benchmark.pedantic(
        lambda: [play_pyholdem(seed, "spec") for seed in range(HANDS)], rounds=5, iterations=1
    )
    assert results == [play_pyholdem(seed) for seed in range(HANDS)]
    _record(benchmark, "spec engine", results)


def test_bench_pokerkit_hands(benchmark: Any, capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("pokerkit")
    results = benchmark.pedantic(
        lambda: [play_pokerkit(seed) for seed in range(HANDS)], rounds=5, iterations=1
    )
    assert sum(showdown for _, showdown in results) > HANDS // 2
    rate = _record(benchmark, "pokerkit", results)
    if "pyholdem" in RATE:
        ratio = RATE["pyholdem"] / rate
        benchmark.extra_info["pyholdem_speedup"] = round(ratio, 1)
        spec = RATE.get("spec engine")
        with capsys.disabled():
            print(
                f"\npyholdem {RATE['pyholdem']:.0f} hands/s, pokerkit {rate:.0f} hands/s: "
                f"pyholdem is {ratio:.1f}x pokerkit (target 50x)"
                + (f"; the spec engine {spec:.0f} hands/s ({spec / rate:.1f}x pokerkit)" if spec else "")
            )
