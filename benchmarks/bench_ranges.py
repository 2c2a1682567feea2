"""Range Monte Carlo (spec 13) against eval7's ``py_hand_vs_range_monte_carlo`` on the same queries.

Each query is a hand against a range with a board; both sides run TRIALS Monte Carlo trials and
each result is checked against pyholdem's exact equity (§13.5) before anything is reported, so that
nothing fast-but-wrong is timed. pyholdem is measured on one thread (the comparison) and on two.
"""

from __future__ import annotations

import time
from math import sqrt
from typing import Any

import pytest

import pyholdem
from benchmarks.conftest import RESULTS

TRIALS = 200_000
TOLERANCE = 5 * 0.5 / sqrt(TRIALS)  # five standard errors at worst (§13.6)

QUERIES = {
    "flop": ("AsKs", "QQ+, AKs", "Qs 7d 2c"),
    "turn": ("AsKs", "QQ+, AKs, KQs, JTs", "Qs 7d 2c 5h"),
    "preflop": ("AsKs", "QQ+, AKs, KQo", ""),
}


def _exact(name: str) -> float:
    hero, villain, board = QUERIES[name]
    return pyholdem.range_equity([hero, villain], board, exact=True).equity[0]


@pytest.mark.parametrize("threads", [1, 2])
@pytest.mark.parametrize("name", list(QUERIES))
def test_range_monte_carlo_pyholdem(benchmark: Any, report: Any, name: str, threads: int) -> None:
    hero, villain, board = QUERIES[name]
    result = benchmark(pyholdem.range_equity, [hero, villain], board, trials=TRIALS, seed=1, threads=threads)
    assert abs(result.equity[0] - _exact(name)) < TOLERANCE
    label = "pyholdem range_equity" + ("" if threads == 1 else f", {threads} threads")
    report(benchmark, f"range MC, hand v range, {name}", label, TRIALS)


@pytest.mark.parametrize("name", list(QUERIES))
def test_range_monte_carlo_eval7(benchmark: Any, report: Any, name: str) -> None:
    eval7 = pytest.importorskip("eval7")
    hero, villain, board = QUERIES[name]
    hand = [eval7.Card(c) for c in (hero[:2], hero[2:])]
    cards = [eval7.Card(c) for c in board.split()]
    villain_range = eval7.HandRange(villain.replace(" ", ""))
    result = benchmark(eval7.py_hand_vs_range_monte_carlo, hand, villain_range, cards, TRIALS)
    assert abs(result - _exact(name)) < TOLERANCE
    report(benchmark, f"range MC, hand v range, {name}", "eval7 py_hand_vs_range_monte_carlo", TRIALS)


# ---- threads: one long run split over 2 threads against the same run on one (§13.6) ----

LONG_TRIALS = 2_000_000


@pytest.mark.parametrize("threads", [1, 2])
def test_range_monte_carlo_threads(benchmark: Any, report: Any, threads: int) -> None:
    hero, villain, board = QUERIES["preflop"]
    run = benchmark.pedantic(
        pyholdem.range_equity,
        args=([hero, villain], board),
        kwargs={"trials": LONG_TRIALS, "seed": 2, "threads": threads},
        rounds=5,
    )
    assert run == pyholdem.range_equity([hero, villain], board, trials=LONG_TRIALS, seed=2)
    # the one-thread run is the baseline the report divides by (its name does not start "pyholdem")
    label = "pyholdem range_equity, 2 threads" if threads == 2 else "range_equity, 1 thread (baseline)"
    report(benchmark, "range MC, 2 M trials, threads", label, LONG_TRIALS)


# ---- exact range v range v range, preflop: the published CandyPoker case (§13.5) ----

CANDY_RANGES = ["TT+, AQs+, AQo+", "QQ+, AKs, AKo", "TT"]
# Counting: a game is one deal (a combo per player, no card shared: 8,304 deals) on one board (each of
# C(46, 5) = 1,370,754), every player's seven cards valued: 8,304 * 1,370,754 = 11,382,741,216 games.
CANDY_GAMES = 11_382_741_216
CANDY_SECONDS = 3.61  # sweeterthancandy/CandyPoker README: "11,382,741,216 games in 3.61 s"
CANDY_EQUITY = (0.30845, 0.43076, 0.26079)  # the same README's equities, rounded to 0.001 %


def test_range_exact_three_way_against_candypoker(benchmark: Any, report: Any) -> None:
    cpu: list[float] = []

    def run() -> Any:
        start = time.process_time()
        result = pyholdem.range_equity(CANDY_RANGES, exact=True, threads=1)
        cpu.append(time.process_time() - start)
        return result

    result = benchmark.pedantic(run, rounds=3)
    assert result.exact and result.deals == 8_304 and result.boards == CANDY_GAMES
    assert all(abs(a - b) < 5e-6 for a, b in zip(result.equity, CANDY_EQUITY, strict=True))
    group = "range exact 3-way, preflop"
    report(benchmark, group, "pyholdem range_equity (wall, 1 thread)", CANDY_GAMES)
    RESULTS[group]["pyholdem range_equity (CPU time, 1 core)"] = (min(cpu), CANDY_GAMES)
    RESULTS[group]["CandyPoker (published, 3.61 s)"] = (CANDY_SECONDS, CANDY_GAMES)
