"""Hands in bulk (issue 15): ``simulate`` against the ``Hand`` loop, and two threads against one.

The workload is ``bench_hand``'s: six-max no-limit, 100 big blinds, the benchmark's random policy
(check 60 %, call 15 %, bet or raise up to three times the minimum 10 %, else check or fold), button
on seat 0. The ``Hand`` loop is ``workloads.play_out`` (Python's ``random`` drawing the decisions) and,
for exactly the same hands as ``simulate``, ``Hand`` played by the policy's Python twin
(``RandomPolicy().player``); both are checked to agree with ``simulate`` where they must. Targets:
``simulate`` at least 30x the ``Hand`` loop on one core; threads=2 at least 1.8x threads=1 on two
cores (the machine is shared: the real figure is printed). Rates are each round's best.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

from benchmarks.workloads import play_out
from pyholdem import Hand, RandomPolicy, RuleSet, simulate
from pyholdem.engine.policies import hand_seed, play

RULES = RuleSet()
STACKS = [10_000] * 6
LOOP_HANDS = 300
BULK_HANDS = 60_000
RATE: dict[str, float] = {}


def _rate(benchmark: Any, name: str, hands: int) -> float:
    rate = hands / benchmark.stats.stats.min
    RATE[name] = rate
    benchmark.extra_info["hands_per_second"] = round(rate)
    return rate


def test_bench_simulate_hand_loop(benchmark: Any) -> None:
    def loop() -> list[int]:
        return [
            play_out(Hand(RULES, STACKS, button=0, blinds=(50, 100), seed=s), random.Random(s))
            for s in range(LOOP_HANDS)
        ]

    actions = benchmark.pedantic(loop, rounds=5, iterations=1)
    benchmark.extra_info["actions_per_hand"] = sum(actions) / LOOP_HANDS
    _rate(benchmark, "Hand loop (workloads.play_out)", LOOP_HANDS)


def test_bench_simulate_hand_loop_twin_policy(benchmark: Any) -> None:
    policy = RandomPolicy()

    def loop() -> list[int]:
        return [
            play(Hand(RULES, STACKS, button=0, blinds=(50, 100), seed=hand_seed(1, i)), policy.player(1, i))
            for i in range(LOOP_HANDS)
        ]

    actions = benchmark.pedantic(loop, rounds=5, iterations=1)
    bulk = simulate(RULES, LOOP_HANDS, STACKS, button=0, blinds=(50, 100), seed=1)
    assert actions == bulk.actions.tolist()  # the same hands, action for action
    _rate(benchmark, "Hand loop (RandomPolicy twin)", LOOP_HANDS)


@pytest.mark.parametrize("deck", ["standard", "fast"])
@pytest.mark.parametrize("threads", [1, 2])
def test_bench_simulate(benchmark: Any, deck: str, threads: int, capsys: pytest.CaptureFixture[str]) -> None:
    def bulk() -> Any:
        return simulate(
            RULES, BULK_HANDS, STACKS, button=0, blinds=(50, 100), seed=1, deck=deck, threads=threads
        )

    result = benchmark.pedantic(bulk, rounds=7, iterations=1, warmup_rounds=1)
    assert result.showdown.mean() > 0.5 and (result.net.sum(axis=1) == 0).all()
    benchmark.extra_info["actions_per_hand"] = float(np.mean(result.actions))
    rate = _rate(benchmark, f"simulate deck={deck} threads={threads}", BULK_HANDS)
    loop = RATE.get("Hand loop (workloads.play_out)")
    twin = RATE.get("Hand loop (RandomPolicy twin)")
    with capsys.disabled():
        line = f"\nsimulate deck={deck} threads={threads}: {rate:,.0f} hands/s"
        if loop:
            line += f", {rate / loop:.1f}x the Hand loop ({loop:,.0f} hands/s; target 30x on one core)"
        if twin:
            line += f", {rate / twin:.1f}x Hand with the twin policy ({twin:,.0f} hands/s)"
        one = RATE.get(f"simulate deck={deck} threads=1")
        if threads == 2 and one:
            line += f"; threads=2 / threads=1: {rate / one:.2f}x (target 1.8x on 2 cores)"
        print(line)
