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
    shares: dict[tuple[int, int], Fraction] = {}
    for (a, b), weight in hand_range:
        hi, lo = max(a.rank, b.rank), min(a.rank, b.rank)
        row, col = 12 - hi, 12 - lo
        if hi == lo:
            cell, size = (row, col), CLASS_SIZE["pair"]
        elif a.suit == b.suit:
            cell, size = (row, col), CLASS_SIZE["suited"]
        else:
            cell, size = (col, row), CLASS_SIZE["offsuit"]
        shares[cell] = shares.get(cell, Fraction(0)) + weight / size
    grid = np.zeros((13, 13))
    for cell, share in shares.items():
        grid[cell] = float(share)
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
                f"{value:.1f}%",
                (xi, value),
                textcoords="offset points",
                xytext=(0, 7 if player % 2 == 0 else -15),
                ha="center",
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
def level_starts(durations: Sequence[int | None], breaks: Sequence[int]) -> list[float]:
    """The clock hour at which each level starts (levels in minutes, each break after its level)."""
    starts, minutes = [], 0
    for duration, pause in zip(durations, breaks, strict=True):
        starts.append(minutes / 60)
        minutes += (duration or 0) + pause
    return starts


def _players_at(series: Sequence[tuple[int, int, float]], seconds: float, end: int) -> float:
    """Players left at clock ``seconds`` (NaN once the run has ended)."""
    if seconds > end:
        return float("nan")
    left = series[0][1]
    for at, players, _ in series:
        if at > seconds:
            break
        left = players
    return float(left)


def _bands(values: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """The levels with a value in some run, and the 10th, 50th and 90th percentiles there."""
    held = ~np.all(np.isnan(values), axis=0)
    low, median, high = np.nanpercentile(values[:, held], [10, 50, 90], axis=0)
    return np.flatnonzero(held) + 1, low, median, high


def plot_tournaments(
    runs: Sequence[Any], path: Path | str, *, level_hours: Sequence[float] = (), title: str = ""
) -> None:
    """By level (§9.3): players left and average stack in big blinds at each level's start, the median of
    the runs still going and the band of 10–90 % of them; the levels of the bubble and of the final
    table (median, and the 10–90 % span shaded). ``level_hours`` (each level's start on the clock)
    gives the players-left curve and the clock times in the legend."""
    plt = _pyplot()
    last = max((run.end_level for run in runs), default=1)
    stacks = np.full((len(runs), last), np.nan)
    players = np.full((len(runs), last), np.nan)
    for r, run in enumerate(runs):
        for level, bb in run.level_stacks:
            stacks[r, level - 1] = bb
        for level in range(1, min(last, len(level_hours)) + 1):
            players[r, level - 1] = _players_at(run.series, level_hours[level - 1] * 3600, run.seconds)
    panels = [(stacks, "tab:blue", "average stack (big blinds)")]
    if not np.all(np.isnan(players)):
        panels.insert(0, (players, "tab:red", "players left"))
    figure, axes_list = plt.subplots(
        len(panels), 1, sharex=True, figsize=(9, 3.6 * len(panels)), squeeze=False
    )
    marks = (("bubble", "bubble_level", "tab:purple"), ("final table", "final_table_level", "tab:green"))
    for axes, (values, colour, label) in zip(axes_list[:, 0], panels, strict=True):
        levels, low, median, high = _bands(values)
        axes.fill_between(levels, low, high, color=colour, alpha=0.25, label="10–90 % of runs")
        axes.plot(levels, median, color=colour, marker=".", label="median")
        axes.set_ylabel(label)
        axes.grid(alpha=0.3)
        for name, field, mark in marks:
            reached = [getattr(run, field) for run in runs if getattr(run, field) is not None]
            if not reached:
                continue
            p10, p50, p90 = np.percentile(reached, [10, 50, 90])
            level = round(float(p50))
            clock = ""
            if 0 < level <= len(level_hours):
                minutes = round(level_hours[level - 1] * 60)
                clock = f", starts {minutes // 60}h{minutes % 60:02d}"
            axes.axvspan(p10 - 0.5, p90 + 0.5, color=mark, alpha=0.08)
            axes.axvline(level, color=mark, linestyle="--", label=f"{name}: level {level}{clock} (median)")
        axes.legend(loc="upper right", fontsize=8)
    axes_list[-1, 0].set_xlabel("level")
    axes_list[0, 0].set_title(title or f"{len(runs)} tournaments")
    figure.tight_layout()
    _save(figure, path)
