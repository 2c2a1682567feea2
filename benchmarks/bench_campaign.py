"""Campaigns: bulk simulation on one worker against two (a process pool and a Dask local
cluster), and the preflop equity table (§13.7).

The simulation workload is ``bench_simulate``'s (six-max no-limit, 100 big blinds, the random policy,
button on seat 0, blinds 50/100) run by ``pyholdem.campaign.simulate_summary`` in chunks of 50,000
hands: serially in this process, by a two-worker ``ProcessPoolExecutor`` and by a two-worker Dask local
cluster (``distributed.Client(n_workers=2, threads_per_worker=1, processes=True)``), both started and
warmed before timing. The rounds are interleaved (the shared machine's load falls on all alike) and
each contender's best round is kept; every contender's totals must equal the serial ones. Target:
two workers at least 1.7x one.

The table: ``preflop_table`` of ``TABLE_HANDS`` starting hands (every unordered pair of them) on the
same three executors, the time per suit pattern, and the full 169 x 169 table's time extrapolated
from it. ``PYHOLDEM_BENCH_FULL_TABLE=1`` computes the whole table instead (minutes on two cores).
"""

from __future__ import annotations

import contextlib
import math
import os
import time
from collections.abc import Iterator
from concurrent.futures import Executor, ProcessPoolExecutor
from typing import Any

import pytest

from pyholdem import RandomPolicy, RuleSet
from pyholdem.campaign import simulate_summary
from pyholdem.campaign.preflop import preflop_table
from pyholdem.spec.ranges import starting_hands, suit_patterns

RULES = RuleSet()
STACKS = [10_000] * 6
HANDS = 600_000
CHUNK = 50_000
ROUNDS = 5
TABLE_HANDS = int(os.environ.get("PYHOLDEM_BENCH_TABLE_HANDS", "12"))
FULL_TABLE = os.environ.get("PYHOLDEM_BENCH_FULL_TABLE") == "1"


@pytest.fixture(scope="module")
def executors() -> Iterator[dict[str, Executor | None]]:
    distributed = pytest.importorskip("distributed")
    with (
        ProcessPoolExecutor(max_workers=2) as pool,
        distributed.Client(
            n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
        ) as client,
    ):
        found: dict[str, Executor | None] = {
            "serial": None,
            "process pool 2": pool,
            "dask 2": client.get_executor(),
        }
        for executor in found.values():  # warm: workers started, pyholdem imported
            _simulate(executor, 2 * CHUNK)
        yield found


def _simulate(executor: Executor | None, hands: int = HANDS) -> Any:
    return simulate_summary(
        RULES, hands, STACKS, policy=RandomPolicy(), seed=1, button=0, blinds=(50, 100),
        executor=executor, chunk_hands=CHUNK,
    )  # fmt: skip


def _cpu_seconds() -> float:
    """CPU seconds used so far by this process and its children (pool workers, Dask nannies and
    workers), to show how many cores the run actually got on the shared machine."""
    import psutil  # installed with distributed

    me = psutil.Process()
    total = sum(me.cpu_times()[:2])
    for child in me.children(recursive=True):
        with contextlib.suppress(psutil.Error):
            total += sum(child.cpu_times()[:2])
    return total


def test_bench_campaign_simulate_one_worker_against_two(
    benchmark: Any, executors: dict[str, Executor | None], capsys: pytest.CaptureFixture[str]
) -> None:
    best: dict[str, float] = {}
    cores: dict[str, float] = {}  # CPU seconds / wall seconds of the best round
    totals: dict[str, Any] = {}

    def one_round() -> None:
        for name, executor in executors.items():
            start, cpu = time.perf_counter(), _cpu_seconds()
            totals[name] = _simulate(executor)
            wall = time.perf_counter() - start
            if wall < best.get(name, math.inf):
                best[name], cores[name] = wall, (_cpu_seconds() - cpu) / wall

    benchmark.pedantic(one_round, rounds=ROUNDS, iterations=1, warmup_rounds=0)
    assert all(t == totals["serial"] for t in totals.values())
    rate = {name: HANDS / t for name, t in best.items()}
    benchmark.extra_info.update({name: round(r) for name, r in rate.items()})
    with capsys.disabled():
        print(
            f"\nsimulate_summary, {HANDS:,} hands in chunks of {CHUNK:,}, best of {ROUNDS} interleaved rounds"
        )
        for name, r in rate.items():
            print(
                f"  {name}: {r:,.0f} hands/s = {r / rate['serial']:.2f}x serial (cores got {cores[name]:.2f})"
            )
        print("  target: two workers at least 1.7x one (the machine is shared: the real figure is printed)")


def test_bench_campaign_preflop_table(
    benchmark: Any, executors: dict[str, Executor | None], capsys: pytest.CaptureFixture[str]
) -> None:
    hands = None if FULL_TABLE else starting_hands()[:: max(1, 169 // TABLE_HANDS)][:TABLE_HANDS]
    chosen = starting_hands() if hands is None else hands
    patterns = sum(len(suit_patterns(a, b)) for i, a in enumerate(chosen) for b in chosen[i:])
    every = (
        0
        if FULL_TABLE
        else sum(
            len(suit_patterns(a, b)) for i, a in enumerate(starting_hands()) for b in starting_hands()[i:]
        )
    )
    seconds: dict[str, float] = {}
    tables: dict[str, Any] = {}

    def one_round() -> None:
        for name, executor in executors.items():
            if FULL_TABLE and name == "serial":
                continue
            start = time.perf_counter()
            tables[name] = preflop_table(hands, executor=executor)
            seconds[name] = time.perf_counter() - start

    benchmark.pedantic(one_round, rounds=1, iterations=1, warmup_rounds=0)
    first = next(iter(tables.values()))
    assert all(t == first for t in tables.values())
    with capsys.disabled():
        print(
            f"\npreflop_table of {len(chosen)} hands: {len(first.matchups):,} matchups, "
            f"{patterns:,} suit patterns"
        )
        for name, s in seconds.items():
            line = f"  {name}: {s:.1f} s, {patterns / s:,.0f} patterns/s"
            if every:
                full = every / patterns * s
                line += f"; the full 169 x 169 table ({every:,} patterns) extrapolated: {full:,.0f} s"
            print(line)


# --- the tournament-structure simulator (spec 09) -------------------------------------------------------
TOURNAMENT_ENTRANTS = 100
TOURNAMENT_RUNS = int(os.environ.get("PYHOLDEM_BENCH_TOURNAMENTS", "32"))
TOURNAMENT_CHUNK = 2
TOURNAMENT_ROUNDS = 3


def test_bench_campaign_tournaments_one_worker_against_two(
    benchmark: Any, executors: dict[str, Executor | None], capsys: pytest.CaptureFixture[str]
) -> None:
    """Whole 100-entrant tournaments of random players (``simulate_tournaments``, the structure preset
    ``seed_000_home_nl`` under ``tda_2024``) per second: serial, a two-worker process pool and a
    two-worker Dask local cluster; interleaved rounds, each contender's best kept, the runs equal."""
    from pyholdem.campaign.tournaments import simulate_tournaments
    from pyholdem.rules.ruleset import preset
    from pyholdem.rules.structure import structure_preset

    rules, structure = preset("tda_2024"), structure_preset("seed_000_home_nl")
    best: dict[str, float] = {}
    cores: dict[str, float] = {}
    runs: dict[str, Any] = {}

    def play(executor: Executor | None) -> Any:
        return simulate_tournaments(
            rules, structure, TOURNAMENT_ENTRANTS, TOURNAMENT_RUNS, seed=1, executor=executor,
            chunk=TOURNAMENT_CHUNK,
        )  # fmt: skip

    def one_round() -> None:
        for name, executor in executors.items():
            start, cpu = time.perf_counter(), _cpu_seconds()
            runs[name] = play(executor)
            wall = time.perf_counter() - start
            if wall < best.get(name, math.inf):
                best[name], cores[name] = wall, (_cpu_seconds() - cpu) / wall

    for executor in executors.values():  # warm: the tournament modules imported in every worker
        simulate_tournaments(rules, structure, 12, 4, seed=2, executor=executor, chunk=1)
    benchmark.pedantic(one_round, rounds=TOURNAMENT_ROUNDS, iterations=1, warmup_rounds=0)
    assert all(r == runs["serial"] for r in runs.values())
    rate = {name: TOURNAMENT_RUNS / t for name, t in best.items()}
    benchmark.extra_info.update({name: round(r, 2) for name, r in rate.items()})
    hands = sum(r.hands for r in runs["serial"]) / TOURNAMENT_RUNS
    with capsys.disabled():
        print(
            f"\nsimulate_tournaments, {TOURNAMENT_RUNS} tournaments of {TOURNAMENT_ENTRANTS} entrants "
            f"({hands:.0f} hands each on average) in chunks of {TOURNAMENT_CHUNK}, "
            f"best of {TOURNAMENT_ROUNDS} interleaved rounds"
        )
        for name, r in rate.items():
            print(
                f"  {name}: {r:,.2f} tournaments/s = {r / rate['serial']:.2f}x serial "
                f"(cores got {cores[name]:.2f})"
            )
        print("  target: two workers at least 1.7x one (the machine is shared: the real figure is printed)")
