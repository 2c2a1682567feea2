"""The tournament-structure simulator (spec 09): many whole tournaments with random players.

Run ``k`` is a ``Tournament`` seeded with the ``k``-th seed of ``SeedSequence(seed).spawn(runs)``
(``spawn_seeds``), its players ``random_policy`` of the same seed, so the runs are cut into chunks
anywhere and any executor gives the same runs in the same order. ``simulate_tournaments`` returns the
runs; ``summarise`` turns them into the report ``pyholdem tournament simulate`` prints (duration in
clock time and hands, the level at the bubble, at the final table and at the end, when each table
breaks, the average stack in big blinds per level); ``plot_runs`` draws stacks in big blinds and players
left over time (the optional extra ``pyholdem[plot]``, matplotlib).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass
from pathlib import Path
from statistics import mean, median
from typing import Any

from pyholdem.campaign.executors import index_chunks, run_chunks, spawn_seeds
from pyholdem.engine.tournament import Tournament, random_policy
from pyholdem.errors import PyHoldemError, SimulationError, show_value
from pyholdem.rules.ruleset import RuleSet
from pyholdem.rules.structure import Structure
from pyholdem.values import is_int

__all__ = [
    "CHUNK_TOURNAMENTS",
    "PlotError",
    "TournamentRun",
    "play_tournaments",
    "plot_runs",
    "simulate_tournaments",
    "summarise",
]

CHUNK_TOURNAMENTS = 4


class PlotError(PyHoldemError, ImportError):
    """A plot asked for without the ``plot`` extra (matplotlib)."""


@dataclass(frozen=True)
class TournamentRun:
    """One simulated tournament: its seed, clock ``seconds`` and ``hands`` at the end, the level in force
    when the bubble burst (``None`` when no place is left unpaid), at the final table (``None`` when it
    started at one) and at the end; the clock time of each table break, in order; the average stack in
    big blinds at the first round of each level reached; and ``series``, a point ``(seconds, players
    left, average stack in big blinds)`` at the start and after every round that changed either."""

    seed: int
    seconds: int
    hands: int
    rounds: int
    places_paid: int
    bubble_level: int | None
    final_table_level: int | None
    end_level: int
    table_breaks: tuple[int, ...]
    level_stacks: tuple[tuple[int, float], ...]
    series: tuple[tuple[int, int, float], ...]


def _average_bb(t: Tournament) -> float:
    return t.chips_expected / max(len(t.remaining), 1) / t.structure.level(t.level).big_blind


def play_one(
    rules: RuleSet,
    structure: Structure,
    entrants: int,
    seed: int,
    seats_per_table: int | None = None,
    seconds_per_hand: int = 120,
    engine: str = "auto",
) -> TournamentRun:
    """Play one tournament of random players seeded ``seed`` to the end and measure it."""
    t = Tournament(
        rules,
        structure,
        entrants,
        seats_per_table=seats_per_table,
        seed=seed,
        engine=engine,
        seconds_per_hand=seconds_per_hand,
    )
    series = [(t.seconds, len(t.remaining), _average_bb(t))]
    levels: dict[int, float] = {t.level: series[0][2]}

    def observe(t: Tournament) -> None:
        point = (t.seconds, len(t.remaining), _average_bb(t))
        if point[1:] != series[-1][1:]:
            series.append(point)
        levels.setdefault(t.level, point[2])

    t.play(random_policy(seed), on_round=observe)
    series.append((t.seconds, 1, t.chips_expected / t.structure.level(t.level).big_blind))
    paid = len(t.payouts())
    level, bubble, final = 1, None, None
    breaks: list[int] = []
    for e in t.events:
        if e.kind == "level":
            level = e.data["level"]
        elif e.kind == "table_break":
            breaks.append(e.seconds)
        elif e.kind == "final_table":
            final = e.data["level"]
        elif e.kind == "elimination" and bubble is None:
            place = e.data["place"]
            best, worst = (place, place) if isinstance(place, int) else place
            if best <= paid + 1 <= worst:
                bubble = level
    return TournamentRun(
        seed,
        t.seconds,
        t.hands_dealt,
        t.rounds,
        paid,
        bubble,
        final,
        t.level,
        tuple(breaks),
        tuple(sorted(levels.items())),
        tuple(series),
    )


def play_tournaments(
    rules: RuleSet,
    structure: Structure,
    entrants: int,
    seeds: Sequence[int],
    options: dict[str, Any],
) -> list[TournamentRun]:
    """One chunk: a tournament per seed, in order (module level, so picklable)."""
    return [play_one(rules, structure, entrants, seed, **options) for seed in seeds]


def simulate_tournaments(
    rules: RuleSet,
    structure: Structure,
    entrants: int,
    runs: int,
    *,
    seed: int = 0,
    executor: Executor | None = None,
    seats_per_table: int | None = None,
    seconds_per_hand: int = 120,
    engine: str = "auto",
    chunk: int = CHUNK_TOURNAMENTS,
    on_chunk: Callable[[int], None] | None = None,
) -> list[TournamentRun]:
    """``runs`` tournaments of ``entrants`` random players, run ``k`` seeded by the ``k``-th spawned
    seed of ``seed``, in chunks of ``chunk`` over ``executor``; the same list whatever the executor.
    ``on_chunk(done)`` is told the runs finished so far, chunk by chunk in order (a progress bar)."""
    if not is_int(runs) or runs < 1:
        raise SimulationError(f"runs {show_value(runs)} is not a number of tournaments >= 1")
    if not is_int(entrants) or entrants < 2:
        raise SimulationError(f"entrants {show_value(entrants)} is not a number of players >= 2 (§9.14)")
    seeds = spawn_seeds(seed, runs)
    options = {"seats_per_table": seats_per_table, "seconds_per_hand": seconds_per_hand, "engine": engine}
    tasks = [(rules, structure, entrants, seeds[a:b], options) for a, b in index_chunks(runs, chunk)]
    if on_chunk is None:
        return [run for part in run_chunks(executor, play_tournaments, tasks) for run in part]
    out: list[TournamentRun] = []
    if executor is None:
        for task in tasks:
            out += play_tournaments(*task)
            on_chunk(len(out))
        return out
    futures = [executor.submit(play_tournaments, *task) for task in tasks]
    try:
        for future in futures:
            out += future.result()
            on_chunk(len(out))
    finally:
        for future in futures:
            future.cancel()
    return out


def _spread(values: Sequence[float]) -> dict[str, float]:
    """Mean, median, p10, p90, min and max (nearest-rank percentiles)."""
    ordered = sorted(values)
    n = len(ordered)

    def rank(p: float) -> float:
        return ordered[min(n - 1, max(0, math.ceil(p * n) - 1))]

    return {
        "mean": mean(ordered),
        "median": median(ordered),
        "p10": rank(0.10),
        "p90": rank(0.90),
        "min": ordered[0],
        "max": ordered[-1],
    }


def _levels(values: Sequence[int | None]) -> dict[str, Any]:
    known = [v for v in values if v is not None]
    counts: dict[int, int] = {}
    for v in known:
        counts[v] = counts.get(v, 0) + 1
    return {
        "runs": len(known),
        "spread": _spread(known) if known else None,
        "counts": {str(level): counts[level] for level in sorted(counts)},
    }


def summarise(runs: Sequence[TournamentRun]) -> dict[str, Any]:
    """The report of many runs as plain data (JSON-ready)."""
    breaks: dict[int, list[int]] = {}
    for run in runs:
        for order, seconds in enumerate(run.table_breaks, 1):
            breaks.setdefault(order, []).append(seconds)
    stacks: dict[int, list[float]] = {}
    for run in runs:
        for level, bb in run.level_stacks:
            stacks.setdefault(level, []).append(bb)
    return {
        "runs": len(runs),
        "seconds": _spread([r.seconds for r in runs]),
        "hands": _spread([r.hands for r in runs]),
        "rounds": _spread([r.rounds for r in runs]),
        "bubble_level": _levels([r.bubble_level for r in runs]),
        "final_table_level": _levels([r.final_table_level for r in runs]),
        "end_level": _levels([r.end_level for r in runs]),
        "table_breaks": [
            {"order": order, "runs": len(breaks[order]), "seconds": _spread(breaks[order])}
            for order in sorted(breaks)
        ],
        "average_stack_bb": [
            {"level": level, "runs": len(stacks[level]), "mean": mean(stacks[level])}
            for level in sorted(stacks)
        ],
    }


def plot_runs(runs: Sequence[TournamentRun], path: str | Path, title: str = "") -> None:
    """A PNG of the runs: average stack in big blinds and players left over clock time (hours)."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        raise PlotError(
            'a plot needs the plot extra: pip install "pyholdem[plot]" (the matplotlib package)'
        ) from None
    figure, (top, bottom) = plt.subplots(2, 1, sharex=True, figsize=(9, 7))
    alpha = max(0.05, min(0.6, 8 / len(runs))) if runs else 0.6
    for run in runs:
        hours = [s / 3600 for s, _, _ in run.series]
        top.step(hours, [bb for _, _, bb in run.series], where="post", color="tab:blue", alpha=alpha)
        bottom.step(hours, [p for _, p, _ in run.series], where="post", color="tab:red", alpha=alpha)
    top.set_ylabel("average stack (big blinds)")
    top.set_yscale("log")
    bottom.set_ylabel("players left")
    bottom.set_xlabel("clock time (hours)")
    top.set_title(title or f"{len(runs)} tournaments")
    figure.tight_layout()
    figure.savefig(str(path), format="png")
    plt.close(figure)
