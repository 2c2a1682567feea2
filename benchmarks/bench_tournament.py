"""A 1,000-entrant multi-table tournament with random players, to a winner.

The tournament (default rules, the default structure ``seed_000_home_nl``, ten-seat tables) is
played by ``random_policy(1)``; the same hands are then played as bare ``Hand``s, in the same
order, from the same set-ups and decks, by a fresh ``random_policy(1)`` — so every decision is the
same and the benchmark checks that every hand ends with the same stacks. Two bare rates: each
hand's ``HandSetup`` built (validated) again, as a caller of ``Hand`` does, and the set-ups the
tables built reused. The tournament layer's overhead is the tournament's time over the first
(target: at most 30 %), the median over rounds that alternate a tournament and the bare hands (each
tournament round against the bare round right after it: a machine whose speed drifts moves both
alike); the overhead of each side's best round is reported beside it. Peak memory (target: under
200 MB): the maximum resident set of a fresh process playing the tournament once, and the peak of
Python allocations (``tracemalloc``) over a second run here.
"""

from __future__ import annotations

import dataclasses
import statistics
import subprocess
import sys
import time
import tracemalloc
from pathlib import Path
from typing import Any

import pytest

from benchmarks.workloads import collected
from pyholdem import Hand, RuleSet, Tournament, random_policy
from pyholdem.engine.setup import HandSetup
from pyholdem.engine.table import forget_layouts
from pyholdem.rules.structure import DEFAULT_STRUCTURE, structure_preset

ENTRANTS = 1000
SEED = 1
PAIRS = 7


def play_tournament() -> tuple[Tournament, list[tuple[HandSetup, Hand]]]:
    """The tournament, and its hands in the order they were dealt; cold (no table layout known from
    an earlier run: its tables share only their own)."""
    forget_layouts()
    t = Tournament(RuleSet(), structure_preset(DEFAULT_STRUCTURE), ENTRANTS, seed=SEED)
    dealt: list[tuple[HandSetup, Hand]] = []

    def record(t: Tournament) -> None:
        for number in sorted(t.tables):
            table = t.tables[number]
            dealt.append((table.setups[-1], table.hands[-1]))

    t.play(random_policy(SEED), on_round=record)
    return t, dealt


def alone_rss_mb() -> float:
    """The peak resident set (MB) of a fresh Python process that imports pyholdem and plays the
    tournament once: the memory the tournament needs, not the benchmark process's."""
    # VmHWM (kB), the process's own high-water mark: ru_maxrss would carry the parent's over the fork
    code = (
        "from benchmarks.bench_tournament import play_tournament; play_tournament(); "
        "print([l for l in open('/proc/self/status') if l.startswith('VmHWM')][0].split()[1])"
    )
    root = Path(__file__).resolve().parent.parent
    out = subprocess.run([sys.executable, "-c", code], check=True, cwd=root, capture_output=True, text=True)
    return int(out.stdout.split()[-1]) / 1024


def play_bare(setups: list[HandSetup], *, rebuild: bool) -> list[Hand]:
    policy = random_policy(SEED)
    hands = []
    for setup in setups:
        hand = Hand(dataclasses.replace(setup) if rebuild else setup)
        while not hand.is_over:
            hand.act(*policy(hand))
        hands.append(hand)
    return hands


def test_bench_tournament_1000_entrants(benchmark: Any, capsys: pytest.CaptureFixture[str]) -> None:
    t, dealt = benchmark.pedantic(play_tournament, setup=collected, rounds=5, iterations=1)
    tournament_s = benchmark.stats.stats.min
    assert t.is_over and sum(prize for _, prize in t.result().values()) == t.prize_pool
    assert len(dealt) == t.hands_dealt
    setups = [setup for setup, _ in dealt]
    bare = {True: float("inf"), False: float("inf")}
    ratios = []
    for _ in range(PAIRS):
        collected()
        start = time.perf_counter()
        play_tournament()
        played = time.perf_counter() - start
        tournament_s = min(tournament_s, played)
        collected()  # as before each tournament round
        start = time.perf_counter()
        hands = play_bare(setups, rebuild=True)
        bare[True] = min(bare[True], time.perf_counter() - start)
        ratios.append(played / (time.perf_counter() - start))
        assert [h.stacks for h in hands] == [h.stacks for _, h in dealt]
    for _ in range(5):
        collected()
        start = time.perf_counter()
        hands = play_bare(setups, rebuild=False)
        bare[False] = min(bare[False], time.perf_counter() - start)
    assert [h.stacks for h in hands] == [h.stacks for _, h in dealt]
    tracemalloc.start()
    play_tournament()
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    rss = alone_rss_mb()
    hands = t.hands_dealt
    overhead = statistics.median(ratios) - 1
    info = {
        "hands": hands,
        "rounds": t.rounds,
        "tournament_s": round(tournament_s, 3),
        "tournament_hands_per_s": round(hands / tournament_s),
        "bare_hand_s": round(bare[True], 3),
        "bare_hand_hands_per_s": round(hands / bare[True]),
        "bare_prebuilt_s": round(bare[False], 3),
        "overhead_vs_bare": round(overhead, 3),
        "overhead_best_of": round(tournament_s / bare[True] - 1, 3),
        "overhead_vs_prebuilt": round(tournament_s / bare[False] - 1, 3),
        "peak_traced_mb": round(peak / 2**20, 1),
        "max_rss_mb": round(rss, 1),
    }
    benchmark.extra_info.update(info)
    with capsys.disabled():
        print(
            f"\ntournament of {ENTRANTS}: {hands} hands in {t.rounds} rounds, {tournament_s:.2f}s "
            f"({hands / tournament_s:,.0f} hands/s); bare Hand {bare[True]:.2f}s "
            f"({hands / bare[True]:,.0f} hands/s), on prebuilt set-ups {bare[False]:.2f}s; "
            f"overhead {100 * overhead:.0f}% (median of {PAIRS} paired rounds; best rounds "
            f"{100 * info['overhead_best_of']:.0f}%; target 30%), {100 * info['overhead_vs_prebuilt']:.0f}% "
            f"over prebuilt set-ups; peak traced {info['peak_traced_mb']} MB, max RSS of a process playing "
            f"it alone {rss:.0f} MB (target 200 MB)"
        )
    assert peak < 200 * 2**20 and rss < 200
