"""Hands in bulk: ``simulate`` against the ``Hand`` loop, and two threads against one.

The workload is ``bench_hand``'s: six-max no-limit, 100 big blinds, the benchmark's random policy
(check 60 %, call 15 %, bet or raise up to three times the minimum 10 %, else check or fold), button
on seat 0. The ``Hand`` loop is ``workloads.play_out`` (Python's ``random`` drawing the decisions) and,
for exactly the same hands as ``simulate``, ``Hand`` played by the policy's Python twin
(``RandomPolicy().player``); both are checked to agree with ``simulate`` where they must. Targets:
``simulate`` at least 30x the ``Hand`` loop on one core; threads=2 at least 1.8x threads=1 on two
cores (the machine is shared: the real figure is printed). Rates are each round's best.
"""

from __future__ import annotations

import math
import random
import time
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
ROUNDS = 9
VARIANTS = [(deck, threads) for deck in ("standard", "fast") for threads in (1, 2)]


def _loop() -> list[int]:
    return [
        play_out(Hand(RULES, STACKS, button=0, blinds=(50, 100), seed=s), random.Random(s))
        for s in range(LOOP_HANDS)
    ]


def _twin_loop() -> list[int]:
    policy = RandomPolicy()
    return [
        play(Hand(RULES, STACKS, button=0, blinds=(50, 100), seed=hand_seed(1, i)), policy.player(1, i))
        for i in range(LOOP_HANDS)
    ]


def _bulk(deck: str, threads: int) -> Any:
    return simulate(RULES, BULK_HANDS, STACKS, button=0, blinds=(50, 100), seed=1, deck=deck, threads=threads)


def test_bench_simulate_against_the_hand_loop(benchmark: Any, capsys: pytest.CaptureFixture[str]) -> None:
    """One round times every contender once, in turn (interleaved: the load of the shared machine
    falls on all alike); each contender's best round is kept."""
    best: dict[str, float] = {}
    busy: dict[str, float] = {}  # CPU seconds / wall seconds of the best round: above 1, threads ran at once

    def timed(name: str, run: Any) -> Any:
        start, cpu = time.perf_counter(), time.process_time()
        out = run()
        wall = time.perf_counter() - start
        if wall < best.get(name, math.inf):
            best[name], busy[name] = wall, (time.process_time() - cpu) / wall
        return out

    def one_round() -> None:
        timed("Hand loop", _loop)
        timed("Hand loop, twin policy", _twin_loop)
        for deck, threads in VARIANTS:
            timed(f"simulate deck={deck} threads={threads}", lambda d=deck, t=threads: _bulk(d, t))

    benchmark.pedantic(one_round, rounds=ROUNDS, iterations=1, warmup_rounds=1)
    twin_actions = _twin_loop()
    reference = _bulk("standard", 1)
    assert twin_actions == reference.actions[:LOOP_HANDS].tolist()  # the same hands, action for action
    assert reference.showdown.mean() > 0.5 and (reference.net.sum(axis=1) == 0).all()
    for deck, threads in VARIANTS:
        other = _bulk(deck, threads)
        assert np.array_equal(other.actions, reference.actions)  # the random policy does not see cards
        if deck == "standard":
            assert np.array_equal(other.net, reference.net)
    rate = {name: (LOOP_HANDS if name.startswith("Hand") else BULK_HANDS) / t for name, t in best.items()}
    benchmark.extra_info.update({name: round(r) for name, r in rate.items()})
    benchmark.extra_info["actions_per_hand"] = float(np.mean(reference.actions))
    loop, twin = rate["Hand loop"], rate["Hand loop, twin policy"]
    with capsys.disabled():
        print(
            f"\nbest of {ROUNDS} interleaved rounds; Hand loop (workloads.play_out) {loop:,.0f} hands/s, "
            f"Hand with the twin policy {twin:,.0f} hands/s"
        )
        for deck, threads in VARIANTS:
            r = rate[f"simulate deck={deck} threads={threads}"]
            line = (
                f"  simulate deck={deck} threads={threads}: {r:,.0f} hands/s = {r / loop:.1f}x the Hand loop"
            )
            line += f", {r / twin:.1f}x Hand with the twin policy"
            if threads == 2:
                line += f"; threads=2 / threads=1: {r / rate[f'simulate deck={deck} threads=1']:.2f}x"
                line += f" (CPU time / wall time {busy[f'simulate deck={deck} threads=2']:.2f})"
            print(line)
        print("  targets: 30x the Hand loop on one core; threads=2 / threads=1 at least 1.8x on 2 cores")
