"""Benchmark fixtures: random hands, a C loop over phevaluator, and the ratio report.

Every group measures pyholdem and, side by side in the same run, whichever of phevaluator,
eval7 and treys is installed (``make bench`` installs the ``bench`` extra). At the end the
report prints, per group, how many times faster pyholdem is than each competitor.
"""

from __future__ import annotations

import importlib.util
import sys
from collections import defaultdict
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from benchmarks import workloads

BATCH_HANDS = 2_000_000

# group -> name -> (seconds per round, items per round)
RESULTS: dict[str, dict[str, tuple[float, int]]] = defaultdict(dict)


@pytest.fixture(scope="session")
def random_hands() -> np.ndarray:
    """BATCH_HANDS random 7-card hands (distinct cards within each row), uint8 card ids."""
    return workloads.random_hands(BATCH_HANDS)


PHEVAL_LOOP_SOURCE = r"""
#include <stdint.h>
#include <stddef.h>
int evaluate_7cards(int a, int b, int c, int d, int e, int f, int g);

void pheval_batch7(const uint8_t *cards, size_t rows, int32_t *out)
{
    for (size_t i = 0; i < rows; i++) {
        const uint8_t *h = cards + 7 * i;
        out[i] = evaluate_7cards(h[0], h[1], h[2], h[3], h[4], h[5], h[6]);
    }
}

void pheval_enumerate7(uint64_t *counts)
{
    for (int a = 0; a < 46; a++) for (int b = a + 1; b < 47; b++) for (int c = b + 1; c < 48; c++)
    for (int d = c + 1; d < 49; d++) for (int e = d + 1; e < 50; e++) for (int f = e + 1; f < 51; f++)
    for (int g = f + 1; g < 52; g++) {
        int rank = evaluate_7cards(a, b, c, d, e, f, g);
        counts[rank > 6185 ? 0 : rank > 3325 ? 1 : rank > 2467 ? 2 : rank > 1609 ? 3 : rank > 1599 ? 4
               : rank > 322 ? 5 : rank > 166 ? 6 : rank > 10 ? 7 : 8]++;
    }
}

void pheval_equity(const int *hole, uint64_t *wins, uint64_t *ties)
{
    int deck[48], n = 0;
    for (int c = 0; c < 52; c++)
        if (c != hole[0] && c != hole[1] && c != hole[2] && c != hole[3]) deck[n++] = c;
    for (int a = 0; a < n; a++) for (int b = a + 1; b < n; b++) for (int c = b + 1; c < n; c++)
    for (int d = c + 1; d < n; d++) for (int e = d + 1; e < n; e++) {
        int x = evaluate_7cards(deck[a], deck[b], deck[c], deck[d], deck[e], hole[0], hole[1]);
        int y = evaluate_7cards(deck[a], deck[b], deck[c], deck[d], deck[e], hole[2], hole[3]);
        if (x < y) wins[0]++; else if (y < x) wins[1]++; else { ties[0]++; ties[1]++; }
    }
}
"""

PHEVAL_LOOP_CDEF = """
void pheval_batch7(const uint8_t *cards, size_t rows, int32_t *out);
void pheval_enumerate7(uint64_t *counts);
void pheval_equity(const int *hole, uint64_t *wins, uint64_t *ties);
"""


@pytest.fixture(scope="session")
def pheval_loop(tmp_path_factory: pytest.TempPathFactory) -> Any:
    """phevaluator's C ``evaluate_7cards`` called from a C loop (built here, linked to its .so)."""
    pheval = pytest.importorskip("phevaluator._pheval")
    from cffi import FFI

    shared = Path(pheval.__file__).resolve()
    build = tmp_path_factory.mktemp("pheval_loop")
    ffi = FFI()
    ffi.cdef(PHEVAL_LOOP_CDEF)
    ffi.set_source(
        "_pheval_loop",
        PHEVAL_LOOP_SOURCE,
        extra_objects=[str(shared)],
        extra_link_args=[f"-Wl,-rpath,{shared.parent}"],
        extra_compile_args=["-O3"],
    )
    library = ffi.compile(tmpdir=str(build), verbose=False)
    spec = importlib.util.spec_from_file_location("_pheval_loop", library)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    sys.modules["_pheval_loop"] = module
    return module


def record(benchmark: Any, group: str, name: str, items: int) -> None:
    """Remember the best (minimum) time of a finished benchmark for the ratio report.

    The machine is shared, so interference only ever adds time: the minimum is the steadiest
    estimate of what each implementation costs.
    """
    stats = benchmark.stats.stats if benchmark.stats else None
    if stats is not None:
        RESULTS[group][name] = (stats.min, items)
    benchmark.extra_info.update(group=group, name=name, items=items)  # for benchmarks/speed_table.py


@pytest.fixture
def report() -> Any:
    """``report(benchmark, group, name, items_per_round)`` after a benchmark has run."""
    return record


# workload -> (base commit, base items per second, current items per second, rounds of each)
BEFORE_AFTER: dict[str, tuple[str, float, float, int]] = {}


def record_before_after(workload: str, base: str, base_rate: float, current_rate: float, rounds: int) -> None:
    BEFORE_AFTER[workload] = (base, base_rate, current_rate, rounds)


@pytest.fixture
def before_after() -> Any:
    """``before_after(workload, base_commit, base_rate, current_rate, rounds)`` (bench_before_after)."""
    return record_before_after


def pytest_terminal_summary(terminalreporter: Any) -> None:
    write = terminalreporter.write_line
    if BEFORE_AFTER:
        write("")
        write("current tree against the base revision, best round of each, interleaved in this run")
        for workload, (base, base_rate, current_rate, rounds) in BEFORE_AFTER.items():
            write(
                f"  {workload:66s} {base} {base_rate:14,.0f}/s  current {current_rate:14,.0f}/s"
                f"  current/base {current_rate / base_rate:.3f}  ({rounds} rounds each)"
            )
    if not RESULTS:
        return
    write("")
    write("pyholdem against the others, best round of each, this run (ratio > 1: pyholdem is faster)")
    for group, entries in RESULTS.items():
        ours = {n: v for n, v in entries.items() if n.startswith("pyholdem")}
        theirs = {n: v for n, v in entries.items() if not n.startswith("pyholdem")}
        for name, (seconds, items) in {**ours, **theirs}.items():
            write(f"  {group:28s} {name:42s} {items / seconds:16,.0f} per s  ({seconds * 1e3:10.4f} ms)")
        for our_name, (our_s, our_n) in ours.items():
            for their_name, (their_s, their_n) in theirs.items():
                ratio = (our_n / our_s) / (their_n / their_s)
                write(f"  {group:28s} {our_name} / {their_name}: {ratio:.2f}x")
