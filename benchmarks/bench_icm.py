"""ICM (§9.19): the C twin against the spec's pure-Python oracle, side by side in one run.

Groups (items are the finishing orders sampled, or the sets of players placed for exact values):
- 200 players, 20 paid places, 20,000 sampled orders: spec and C (the spec is the slow anchor);
- 1,000 players, 100 paid places, 50,000 sampled orders: C only (one core; the stated Hoeffding bound,
  each value within ``error_bound`` with probability 99 %, is printed);
- exact over every set placed: 14 players fully paid, spec and C; 22 fully paid and 800 players over
  3 places, C only (how far exact values go in under a second).
Every answer is checked before it is reported: sampled values sum to the prizes, exact ones match the
spec's within 1e-9 of the pool where the spec can be run.
"""

from __future__ import annotations

import random
import time
from math import comb
from typing import Any

import pytest

from pyholdem.native import icm as c_icm
from pyholdem.spec import tournament as spec


def _cpu_seconds(run: Any) -> float:
    """The best of two runs of ``run`` in this process's CPU time (one core: the calls use one thread)."""
    best = float("inf")
    for _ in range(2):
        start = time.process_time()
        run()
        best = min(best, time.process_time() - start)
    return best


def _field(players: int, paid: int, seed: int = 1) -> tuple[list[int], list[int]]:
    rng = random.Random(seed)
    return [rng.randint(1_000, 1_000_000) for _ in range(players)], [10 * (paid - i) for i in range(paid)]


SAMPLED = _field(200, 20)
SAMPLED_TRIALS = 20_000


@pytest.mark.parametrize("side", ["spec", "c"])
def test_icm_sampled_200_players(benchmark: Any, report: Any, side: str) -> None:
    stacks, prizes = SAMPLED
    values = spec.icm_values if side == "spec" else c_icm.icm_values
    rounds = 2 if side == "spec" else 20
    result = benchmark.pedantic(
        values,
        args=(stacks, prizes),
        kwargs={"method": "sample", "trials": SAMPLED_TRIALS, "seed": 1},
        rounds=rounds,
        iterations=1,
    )
    assert sum(result.values) == sum(prizes) and not result.exact
    name = "oracle spec icm_values (Python)" if side == "spec" else "pyholdem native icm_values (C)"
    report(benchmark, "ICM 200 pl, 20 paid, sampled", name, SAMPLED_TRIALS)


LARGE = _field(1_000, 100)
LARGE_TRIALS = 50_000


def test_icm_sampled_1000_players_100_paid(benchmark: Any, report: Any) -> None:
    stacks, prizes = LARGE
    result = benchmark.pedantic(
        c_icm.icm_values,
        args=(stacks, prizes),
        kwargs={"method": "sample", "trials": LARGE_TRIALS, "seed": 2},
        rounds=5,
        iterations=1,
    )
    assert sum(result.values) == sum(prizes)
    benchmark.extra_info.update(
        error_bound=result.error_bound,
        max_prize=max(prizes),
        cpu_s=_cpu_seconds(
            lambda: c_icm.icm_values(stacks, prizes, method="sample", trials=LARGE_TRIALS, seed=2)
        ),
    )
    print(
        f"\n1,000 players x 100 paid, {LARGE_TRIALS} orders: each value within {result.error_bound:.3f} "
        f"of a max prize {max(prizes)} ({result.error_bound / max(prizes):.4%}) with probability 99 %"
    )
    report(benchmark, "ICM 1000 pl, 100 paid, sampled", "pyholdem native icm_values (C)", LARGE_TRIALS)


@pytest.mark.parametrize("side", ["spec", "c"])
def test_icm_exact_14_fully_paid(benchmark: Any, report: Any, side: str) -> None:
    stacks, prizes = _field(14, 14)
    values = spec.icm_values if side == "spec" else c_icm.icm_values
    result = benchmark.pedantic(
        values,
        args=(stacks, prizes),
        kwargs={"method": "exact"},
        rounds=3 if side == "spec" else 20,
        iterations=1,
    )
    want = spec.icm_values(stacks, prizes, method="exact").values
    assert all(
        abs(float(a) - float(b)) <= 1e-9 * sum(prizes) for a, b in zip(result.values, want, strict=True)
    )
    name = "oracle spec icm_values (Python)" if side == "spec" else "pyholdem native icm_values (C)"
    report(benchmark, "ICM exact 14 pl fully paid", name, 2**14)


@pytest.mark.parametrize(("players", "paid"), [(22, 22), (800, 3)])
def test_icm_exact_how_far_in_a_second(benchmark: Any, report: Any, players: int, paid: int) -> None:
    stacks, prizes = _field(players, paid)
    result = benchmark.pedantic(
        c_icm.icm_values, args=(stacks, prizes), kwargs={"method": "exact"}, rounds=3, iterations=1
    )
    assert result.exact and abs(sum(result.values) - sum(prizes)) <= 1e-9 * sum(prizes)
    states = sum(comb(players, k) for k in range(paid))
    benchmark.extra_info.update(
        players=players,
        paid=paid,
        cpu_s=_cpu_seconds(lambda: c_icm.icm_values(stacks, prizes, method="exact")),
    )
    report(benchmark, f"ICM exact {players} pl, {paid} paid", "pyholdem native icm_values (C)", states)
