"""Six-way pots settled per second: the C batch resolver against the Python spec, in the same run.

The combined entry (evaluate seven cards per live seat, then settle) is measured the same way.
Targets: the C batch at least 50 times the spec, and at least 5 million six-way pots a second.
``make bench`` prints each benchmark's time; pots per second and the speed-up are in ``extra_info``
(``--benchmark-json``) and printed at the end of the run.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from benchmarks.workloads import SEATS, six_way_hands
from pyholdem.native.settlement import resolve_pots, resolve_pots_batch, resolve_showdowns_batch
from pyholdem.spec import showdown

BATCH = 200_000
SPEC_HANDS = 2_000
RATE: dict[str, float] = {}


def spec_rows(n: int) -> list[tuple[list[int], list[bool], list[int], int]]:
    c, f, v, b = six_way_hands(n)
    return [(c[i].tolist(), f[i].tolist(), v[i].tolist(), int(b[i])) for i in range(n)]


def _record(benchmark: Any, name: str, hands: int) -> float:
    rate = hands / benchmark.stats.stats.min
    RATE[name] = rate
    benchmark.extra_info["six_way_pots_per_second"] = round(rate)
    return rate


def test_bench_spec_resolve_pots(benchmark: Any) -> None:
    rows = spec_rows(SPEC_HANDS)

    def run() -> None:
        for row in rows:
            showdown.resolve_pots(*row)

    benchmark.pedantic(run, rounds=3, iterations=1)
    _record(benchmark, "spec", SPEC_HANDS)


def test_bench_c_resolve_pots_single(benchmark: Any) -> None:
    rows = spec_rows(SPEC_HANDS)

    def run() -> None:
        for row in rows:
            resolve_pots(*row)

    benchmark.pedantic(run, rounds=3, iterations=1)
    rate = _record(benchmark, "c_single", SPEC_HANDS)
    if "spec" in RATE:
        benchmark.extra_info["speedup_vs_spec"] = round(rate / RATE["spec"], 1)


def test_bench_c_resolve_pots_batch(benchmark: Any) -> None:
    c, f, v, b = six_way_hands(BATCH)
    payouts = benchmark.pedantic(resolve_pots_batch, args=(c, f, v, b), rounds=10, iterations=1)
    assert (payouts.sum(axis=1) == c.sum(axis=1)).all()
    rate = _record(benchmark, "c_batch", BATCH)
    if "spec" not in RATE:
        pytest.fail("run the spec benchmark in the same session (make bench) to compare")
    speedup = rate / RATE["spec"]
    benchmark.extra_info["speedup_vs_spec"] = round(speedup, 1)
    print(f"\nsix-way pots/s: C batch {rate:,.0f}, spec {RATE['spec']:,.0f}, speed-up {speedup:,.0f}x")
    assert speedup >= 50, f"C batch is only {speedup:.1f}x the spec (target 50x)"


def test_bench_c_resolve_showdowns_batch(benchmark: Any) -> None:
    c, f, _, b = six_way_hands(BATCH)
    rng = np.random.default_rng(7)
    deals = np.argsort(rng.random((BATCH, 52)), axis=1)[:, : 5 + 2 * SEATS].astype(np.uint8)
    board, holes = deals[:, :5], deals[:, 5:].reshape(BATCH, SEATS, 2)
    payouts, values = benchmark.pedantic(
        resolve_showdowns_batch, args=(board, holes, c, f, b), rounds=10, iterations=1
    )
    assert (payouts.sum(axis=1) == c.sum(axis=1)).all() and (values[~f] > 0).all()
    rate = _record(benchmark, "c_showdowns", BATCH)
    print(f"\nsix-way showdowns evaluated and settled/s: {rate:,.0f}")
