"""Pictures for ``--plot FILE`` (PNG or SVG by the name's ending), drawn with matplotlib (``plot`` extra).

Three pictures: a structure's tournaments (players left and average stack over the clock, median and
10–90 % bands, with the bubble and the final table marked), a range as the 13 × 13 grid of starting
hands (§13.2), and a hand's equity against a range street by street (§13.5). ``range_grid`` and
``grid_text`` need no matplotlib.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from pathlib import Path
from typing import Any

import numpy as np

from pyholdem.spec.cards import RANKS
from pyholdem.spec.ranges import HandRange

PLOT_SUFFIXES = (".png", ".svg")
CLASS_SIZE = {"pair": 6, "suited": 4, "offsuit": 12}


def _pyplot() -> Any:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def _save(figure: Any, path: Path | str) -> None:
    path = Path(path)
    figure.savefig(str(path), format=path.suffix.lower().lstrip("."), dpi=110)
    _pyplot().close(figure)


# ------------------------------------------------------------------------------------------ ranges
def range_grid(hand_range: HandRange) -> np.ndarray:
    """The 13 × 13 grid of ``hand_range``: row and column 0 are the ace; pairs on the diagonal, suited
    hands above it (row = high rank), offsuit below (column = high rank); each cell the share of the
    class's combos the range holds, by weight (0..1)."""
    grid = np.zeros((13, 13))
    for (a, b), weight in hand_range:
        hi, lo = max(a.rank, b.rank), min(a.rank, b.rank)
        row, col = 12 - hi, 12 - lo
        if hi == lo:
            grid[row, col] += float(weight) / CLASS_SIZE["pair"]
        elif a.suit == b.suit:
            grid[row, col] += float(weight) / CLASS_SIZE["suited"]
        else:
            grid[col, row] += float(weight) / CLASS_SIZE["offsuit"]
    return grid


def cell_name(row: int, col: int) -> str:
    """The starting-hand class of a grid cell: ``AA``, ``AKs`` (above the diagonal), ``AKo`` (below)."""
    hi, lo = RANKS[12 - min(row, col)], RANKS[12 - max(row, col)]
    return hi + lo if row == col else hi + lo + ("s" if row < col else "o")


def grid_text(hand_range: HandRange) -> str:
    """The grid as text: each class held in full by name, in part as ``AKs~``, absent as ``.``."""
    grid = range_grid(hand_range)
    lines = []
    for row in range(13):
        cells = []
        for col in range(13):
            share = grid[row, col]
            name = cell_name(row, col)
            cells.append(f"{name:<4}" if share >= 1 - 1e-9 else f"{name + '~':<4}" if share > 0 else ".   ")
        lines.append(" ".join(cells).rstrip())
    combos = sum(Fraction(w) for _, w in hand_range)
    lines.append(f"{float(combos):g} of 1326 combos ({float(combos) / 1326:.1%}); '~' held in part")
    return "\n".join(lines)


def plot_range(hand_range: HandRange, path: Path | str, title: str = "") -> None:
    """The grid as a picture: each cell shaded by the share of its combos in the range."""
    plt = _pyplot()
    grid = range_grid(hand_range)
    figure, axes = plt.subplots(figsize=(7.5, 7.5))
    axes.imshow(grid, cmap="Greens", vmin=0, vmax=1)
    for row in range(13):
        for col in range(13):
            colour = "white" if grid[row, col] > 0.6 else "black"
            axes.text(col, row, cell_name(row, col), ha="center", va="center", fontsize=8, color=colour)
    axes.set_xticks([])
    axes.set_yticks([])
    combos = float(sum(Fraction(w) for _, w in hand_range))
    axes.set_title(title or f"{hand_range}"[:80] + f"\n{combos:g} combos ({combos / 1326:.1%})")
    figure.tight_layout()
    _save(figure, path)


# ------------------------------------------------------------------------------------------ equity
def plot_equity_streets(
    streets: Sequence[tuple[str, Sequence[float]]], names: Sequence[str], path: Path | str, title: str = ""
) -> None:
    """Each player's equity (§13.5) by street: ``streets`` is ``[(label, [equity per player]), …]``."""
    plt = _pyplot()
    figure, axes = plt.subplots(figsize=(8, 4.8))
    x = np.arange(len(streets))
    for player, name in enumerate(names):
        values = [100 * equities[player] for _, equities in streets]
        axes.plot(x, values, marker="o", label=name)
        for xi, value in zip(x, values, strict=True):
            axes.annotate(
                f"{value:.1f}%", (xi, value), textcoords="offset points", xytext=(0, 6), ha="center"
            )
    axes.set_xticks(x, [label for label, _ in streets])
    axes.set_ylim(0, 105)
    axes.set_ylabel("equity (%)")
    axes.grid(alpha=0.3)
    axes.legend(loc="best")
    axes.set_title(title or "equity by street")
    figure.tight_layout()
    _save(figure, path)


# ------------------------------------------------------------------------------------ tournaments
def _on_grid(series: Sequence[tuple[int, int, float]], hours: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """A run's players left and average stack at each time of ``hours`` (its last point held)."""
    times = np.array([s for s, _, _ in series], dtype=float) / 3600
    where = np.searchsorted(times, hours, side="right") - 1
    where = np.clip(where, 0, len(series) - 1)
    players = np.array([p for _, p, _ in series], dtype=float)[where]
    stacks = np.array([bb for _, _, bb in series], dtype=float)[where]
    return players, stacks


def level_starts(durations: Sequence[int | None], breaks: Sequence[int]) -> list[float]:
    """The clock hour at which each level starts (levels in minutes, each break after its level)."""
    starts, minutes = [], 0
    for duration, pause in zip(durations, breaks, strict=True):
        starts.append(minutes / 60)
        minutes += (duration or 0) + pause
    return starts


def plot_tournaments(
    runs: Sequence[Any], path: Path | str, *, level_hours: Sequence[float] = (), title: str = ""
) -> None:
    """Players left and average stack (big blinds) over the clock: the median run and the 10–90 % band;
    the bubble and the final table marked at the start of the median level where they came."""
    plt = _pyplot()
    end = max((run.seconds for run in runs), default=3600) / 3600
    hours = np.linspace(0, end, 400)
    players, stacks = zip(*(_on_grid(run.series, hours) for run in runs), strict=True)
    figure, (top, bottom) = plt.subplots(2, 1, sharex=True, figsize=(9, 7))
    for axes, values, colour, label in (
        (top, np.array(players), "tab:red", "players left"),
        (bottom, np.array(stacks), "tab:blue", "average stack (big blinds)"),
    ):
        low, median, high = np.percentile(values, [10, 50, 90], axis=0)
        axes.fill_between(hours, low, high, color=colour, alpha=0.25, label="10–90 % of runs")
        axes.plot(hours, median, color=colour, label="median")
        axes.set_ylabel(label)
        axes.grid(alpha=0.3)
    marks = (("bubble", "bubble_level", "tab:purple"), ("final table", "final_table_level", "tab:green"))
    for name, field, colour in marks:
        levels = [getattr(run, field) for run in runs if getattr(run, field) is not None]
        if levels and level_hours:
            level = int(np.median(levels))
            at = level_hours[min(level, len(level_hours)) - 1]
            for axes in (top, bottom):
                axes.axvline(at, color=colour, linestyle="--", label=f"{name} (median level {level})")
    top.legend(loc="upper right", fontsize=8)
    bottom.legend(loc="upper left", fontsize=8)
    bottom.set_xlabel("clock time (hours)")
    top.set_title(title or f"{len(runs)} tournaments")
    figure.tight_layout()
    _save(figure, path)
