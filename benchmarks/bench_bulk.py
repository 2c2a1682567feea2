"""Bulk calls (§2.9, §13.3), each against its baseline in the same run: ``equity_batch`` against a loop of
per-call ``equity()`` (target at least 10x on 10,000 small turn/river queries); two threads against
one for ``evaluate_batch`` and ``equity_batch`` (target at least 1.8x on 2 cores); ``evaluate_mask``
against a bare cffi call of ``ph_evaluate_mask`` (target: within 15 %); ``evaluate_batch`` against the
table-lookup floor ``ph_bench_lookup_floor`` (csrc/bench_floor.c, benchmark only) on 2 M random hands,
warm, best of several rounds (target at least 0.7x the floor).

The ratio report at the end of ``make bench`` prints each pair (names starting with "pyholdem" are the
measured side). Every benchmark checks its result against the per-item path, so nothing
fast-but-wrong is timed.
"""

from __future__ import annotations

import time
from types import SimpleNamespace
from typing import Any

import numpy as np
import pytest

import pyholdem
from pyholdem.native.evaluation import NO_CARD
from pyholdem.native.lib import ffi, lib

QUERIES = 10_000
TRIALS = 10_000
CALLS = 1000


def small_queries(n: int, seed: int = 15) -> tuple[np.ndarray, np.ndarray]:
    """``n`` heads-up queries, half on the turn and half on the river: holes (n, 2, 2) and boards
    (n, 5) with ``NO_CARD`` for the missing river."""
    rng = np.random.default_rng(seed)
    decks = np.argsort(rng.random((n, 52)), axis=1).astype(np.uint8)
    holes = np.ascontiguousarray(decks[:, :4].reshape(n, 2, 2))
    boards = decks[:, 4:9].copy()
    boards[: n // 2, 4] = NO_CARD
    return holes, boards


@pytest.fixture(scope="module")
def queries() -> tuple[np.ndarray, np.ndarray]:
    return small_queries(QUERIES)


def per_call_args(holes: np.ndarray, boards: np.ndarray) -> list[tuple[list[list[int]], list[int]]]:
    return [
        ([h.tolist() for h in holes[q]], [int(c) for c in boards[q] if c != NO_CARD])
        for q in range(len(holes))
    ]


# ---- equity in bulk against per-call equity() ----


def test_bulk_equity_batch_small_queries(benchmark: Any, report: Any, queries: Any) -> None:
    holes, boards = queries
    result = benchmark(pyholdem.equity_batch, holes, boards, trials=TRIALS, seed=1)
    assert result.exact.all()
    args = per_call_args(holes, boards)
    for q in range(0, QUERIES, 97):
        assert result.result(q) == pyholdem.equity(*args[q])
    report(benchmark, "equity, 10,000 turn/river", "pyholdem equity_batch", QUERIES)


def test_bulk_per_call_equity_small_queries(benchmark: Any, report: Any, queries: Any) -> None:
    holes, boards = queries
    args = per_call_args(holes, boards)
    equity = pyholdem.equity

    def run() -> list[Any]:
        return [equity(hands, board) for hands, board in args]

    results = benchmark.pedantic(run, rounds=5, iterations=1, warmup_rounds=1)
    assert results[5] == pyholdem.equity_batch(holes[5:6], boards[5:6]).result(0)
    report(benchmark, "equity, 10,000 turn/river", "per-call equity() in a Python loop", QUERIES)


# ---- threads: 2 against 1 ----


@pytest.mark.parametrize("threads", [1, 2])
def test_bulk_threads_evaluate_batch(
    benchmark: Any, report: Any, random_hands: np.ndarray, threads: int
) -> None:
    out = np.empty(len(random_hands), dtype=np.int32)
    benchmark(pyholdem.evaluate_batch, random_hands, out, threads=threads)
    assert np.array_equal(out, pyholdem.evaluate_batch(random_hands))
    name = "pyholdem evaluate_batch, 2 threads" if threads == 2 else "evaluate_batch, 1 thread"
    report(benchmark, "threads, evaluate_batch 2 M", name, len(random_hands))


@pytest.mark.parametrize("threads", [1, 2])
def test_bulk_threads_equity_batch(benchmark: Any, report: Any, queries: Any, threads: int) -> None:
    holes, boards = queries
    flop = boards.copy()
    flop[:, 3:] = NO_CARD
    result = benchmark(pyholdem.equity_batch, holes[:2000], flop[:2000], exact=True, threads=threads)
    assert result.result(7) == pyholdem.equity_batch(holes[7:8], flop[7:8], exact=True).result(0)
    name = "pyholdem equity_batch, 2 threads" if threads == 2 else "equity_batch, 1 thread"
    report(benchmark, "threads, equity_batch 2,000 flops", name, 2000)


# ---- evaluate_mask against the bare cffi call, side by side ----


@pytest.fixture(scope="module")
def masks(random_hands: np.ndarray) -> list[int]:
    return [pyholdem.cards_to_mask(tuple(int(c) for c in row)) for row in random_hands[:CALLS]]


def test_bulk_evaluate_mask(benchmark: Any, report: Any, masks: list[int]) -> None:
    evaluate_mask = pyholdem.evaluate_mask

    def run() -> list[int]:
        return [evaluate_mask(m) for m in masks]

    assert benchmark(run) == [lib.ph_evaluate_mask(m) for m in masks]
    report(benchmark, "per call, evaluate_mask", "pyholdem evaluate_mask(int)", CALLS)


def test_bulk_bare_cffi_evaluate_mask(benchmark: Any, report: Any, masks: list[int]) -> None:
    bare = lib.ph_evaluate_mask

    def run() -> list[int]:
        return [bare(m) for m in masks]

    assert benchmark(run) == [pyholdem.evaluate_mask(m) for m in masks]
    report(benchmark, "per call, evaluate_mask", "bare cffi lib.ph_evaluate_mask(int)", CALLS)


# ---- evaluate_batch against the table-lookup floor ----


def test_bulk_evaluate_batch_new_array(benchmark: Any, report: Any, random_hands: np.ndarray) -> None:
    values = benchmark.pedantic(pyholdem.evaluate_batch, args=(random_hands,), rounds=30, warmup_rounds=2)
    assert values[:CALLS].tolist() == [pyholdem.evaluate(r.tolist()) for r in random_hands[:CALLS]]
    report(benchmark, "floor, 2 M random 7-card", "pyholdem evaluate_batch(hands)", len(random_hands))


def test_bulk_evaluate_batch_into_out(benchmark: Any, report: Any, random_hands: np.ndarray) -> None:
    out = np.empty(len(random_hands), dtype=np.int32)
    benchmark.pedantic(pyholdem.evaluate_batch, args=(random_hands, out), rounds=30, warmup_rounds=2)
    assert out[:CALLS].tolist() == [pyholdem.evaluate(r.tolist()) for r in random_hands[:CALLS]]
    report(benchmark, "floor, 2 M random 7-card", "pyholdem evaluate_batch(hands, out)", len(random_hands))


def test_bulk_lookup_floor(benchmark: Any, report: Any, random_hands: np.ndarray) -> None:
    out = np.empty(len(random_hands), dtype=np.int32)
    cards = ffi.from_buffer("uint8_t[]", random_hands)
    target = ffi.from_buffer("int32_t[]", out)
    status = benchmark.pedantic(
        lib.ph_bench_lookup_floor, args=(cards, len(random_hands), target), rounds=30, warmup_rounds=2
    )
    assert status == lib.PH_OK
    report(benchmark, "floor, 2 M random 7-card", "floor: 7 key adds + 1 lookup (C)", len(random_hands))


# ---- evaluate_batch's C paths against the floor, each pass on its own (where the time goes) ----

PATH_NAMES = {lib.PH_ISA_PORTABLE: "portable", lib.PH_ISA_AVX2: "AVX2", lib.PH_ISA_AVX512: "AVX-512"}
PATHS = list(range(lib.PH_ISA_PORTABLE, lib.ph_batch_isa() + 1))


@pytest.mark.parametrize("path", PATHS, ids=[PATH_NAMES[p] for p in PATHS])
@pytest.mark.parametrize("part", ["both", "check", "value"])
def test_bulk_floor_c_path(
    benchmark: Any, report: Any, random_hands: np.ndarray, path: int, part: str
) -> None:
    """One C path of ``ph_evaluate_batch`` (``ph_check_batch_isa`` then ``ph_evaluate_checked_batch_isa``),
    or one of its two passes, with no Python around it; the floor of the same run is the baseline."""
    rows = len(random_hands)
    out = np.zeros(rows, dtype=np.int32)
    cards = ffi.from_buffer("uint8_t[]", random_hands)
    target = ffi.from_buffer("int32_t[]", out)
    bad = ffi.new("size_t *")
    check, value = lib.ph_check_batch_isa, lib.ph_evaluate_checked_batch_isa

    def run() -> int:
        status = lib.PH_OK
        if part != "value":
            status |= check(cards, rows, 7, bad, path)
        if part != "check":
            status |= value(cards, rows, 7, target, path)
        return status

    assert benchmark.pedantic(run, rounds=30, warmup_rounds=2) == lib.PH_OK
    if part != "check":
        assert out[:CALLS].tolist() == [pyholdem.evaluate(r.tolist()) for r in random_hands[:CALLS]]
    what = {"both": "check + value", "check": "check pass only", "value": "value pass only"}[part]
    report(benchmark, "floor, 2 M random 7-card", f"pyholdem C {PATH_NAMES[path]}: {what}", rows)


def test_bulk_floor_interleaved(benchmark: Any, report: Any, random_hands: np.ndarray) -> None:
    """The same contenders as above, one round of each in turn (floor, new array, ``out=``, each C path),
    best round of each: load on the shared machine hits every contender alike, so these ratios are
    steadier than those of the benchmarks above, which run their rounds one benchmark after another."""
    rows = len(random_hands)
    out = np.empty(rows, dtype=np.int32)
    cards = ffi.from_buffer("uint8_t[]", random_hands)
    target = ffi.from_buffer("int32_t[]", out)
    bad = ffi.new("size_t *")
    check, value = lib.ph_check_batch_isa, lib.ph_evaluate_checked_batch_isa

    def on_path(path: int) -> Any:
        return lambda: check(cards, rows, 7, bad, path) | value(cards, rows, 7, target, path)

    contenders: dict[str, Any] = {
        "floor: 7 key adds + 1 lookup (C)": lambda: lib.ph_bench_lookup_floor(cards, rows, target),
        "pyholdem evaluate_batch(hands)": lambda: pyholdem.evaluate_batch(random_hands),
        "pyholdem evaluate_batch(hands, out)": lambda: pyholdem.evaluate_batch(random_hands, out),
        **{f"pyholdem C {PATH_NAMES[p]}: check + value": on_path(p) for p in PATHS},
    }
    best = dict.fromkeys(contenders, float("inf"))

    def one_round() -> None:
        for name, run in contenders.items():
            start = time.perf_counter()
            run()
            best[name] = min(best[name], time.perf_counter() - start)

    benchmark.pedantic(one_round, rounds=40, warmup_rounds=2)
    assert np.array_equal(pyholdem.evaluate_batch(random_hands), out)
    assert out[:CALLS].tolist() == [pyholdem.evaluate(r.tolist()) for r in random_hands[:CALLS]]
    for name, seconds in best.items():
        stats = SimpleNamespace(stats=SimpleNamespace(stats=SimpleNamespace(min=seconds)), extra_info={})
        report(stats, "floor interleaved, 2 M 7-card", name, rows)
