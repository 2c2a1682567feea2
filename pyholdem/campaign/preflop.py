"""The preflop equity table (§13.7): every starting hand against every other, exact.

Each unordered pair of classes is one item: its suit patterns (``pyholdem.spec.ranges.suit_patterns``)
go to ``pyholdem.native.equity_batch`` in one exact call, and the pattern counts weight the integer
counts it returns. The pairs are cut into chunks for an executor; the counts are integers, so the table
is the same whatever runs it. The mirror entry (second class against the first) is the same deals seen
from the other seat: its wins are the first's losses, its ties the same.
"""

from __future__ import annotations

import csv
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass
from math import comb
from pathlib import Path

import numpy as np

from pyholdem.campaign.executors import index_chunks, run_chunks
from pyholdem.errors import InvalidRange, show_value
from pyholdem.native.evaluation import equity_batch
from pyholdem.spec.ranges import starting_hands, suit_patterns
from pyholdem.spec.rankings import SHARE_UNIT

__all__ = ["BOARDS_PER_DEAL", "CSV_COLUMNS", "Matchup", "PreflopTable", "preflop_table", "read_table"]

BOARDS_PER_DEAL = comb(48, 5)  # 1,712,304 boards complete every preflop deal of two hands
CHUNK_PAIRS = 16
CSV_COLUMNS = ("hand", "opponent", "equity", "win", "tie", "deals", "patterns", "boards", "wins", "ties")


@dataclass(frozen=True)
class Matchup:
    """One cell of the table (§13.7): ``hand`` against ``opponent`` over their ``deals`` valid deals
    (``patterns`` of them up to suits), each over every board: ``boards`` counted in all, ``wins`` and
    ``ties`` of them won alone and tied by ``hand``, ``shares`` its pot shares in 1/2520 pots."""

    hand: str
    opponent: str
    deals: int
    patterns: int
    boards: int
    wins: int
    ties: int
    shares: int

    @property
    def equity(self) -> float:
        return self.shares / (SHARE_UNIT * self.boards)

    @property
    def win(self) -> float:
        return self.wins / self.boards

    @property
    def tie(self) -> float:
        return self.ties / self.boards

    def mirrored(self) -> Matchup:
        """The same deals from the opponent's seat."""
        losses = self.boards - self.wins - self.ties
        return Matchup(
            self.opponent,
            self.hand,
            self.deals,
            self.patterns,
            self.boards,
            losses,
            self.ties,
            SHARE_UNIT * self.boards - self.shares,
        )

    def row(self) -> list[str | int]:
        return [
            self.hand,
            self.opponent,
            f"{self.equity:.9f}",
            f"{self.win:.9f}",
            f"{self.tie:.9f}",
            self.deals,
            self.patterns,
            self.boards,
            self.wins,
            self.ties,
        ]


def _matchup(hand: str, opponent: str) -> Matchup:
    """One unordered pair of classes, exact, on the bulk equity path."""
    patterns = suit_patterns(hand, opponent)
    holes = np.array([[[int(c) for c in a], [int(c) for c in b]] for a, b, _ in patterns], dtype=np.uint8)
    weights = np.array([n for _, _, n in patterns], dtype=np.uint64)
    batch = equity_batch(holes, exact=True)
    if not batch.exact.all() or (batch.boards != BOARDS_PER_DEAL).any():
        raise InvalidRange(f"{hand} against {opponent}: a deal was not counted on every board", "13.7")
    return Matchup(
        hand,
        opponent,
        int(weights.sum()),
        len(patterns),
        int((weights * batch.boards).sum()),
        int((weights * batch.wins[:, 0]).sum()),
        int((weights * batch.ties[:, 0]).sum()),
        int((weights * batch.shares[:, 0]).sum()),
    )


def _matchups(pairs: Sequence[tuple[str, str]]) -> list[Matchup]:
    """A chunk of pairs (module level, so an executor can pickle it)."""
    return [_matchup(a, b) for a, b in pairs]


@dataclass(frozen=True)
class PreflopTable:
    """The table: ``hands`` in order, and ``matchups[(hand, opponent)]`` for every ordered pair."""

    hands: tuple[str, ...]
    matchups: dict[tuple[str, str], Matchup]

    def __getitem__(self, pair: tuple[str, str]) -> Matchup:
        if pair not in self.matchups:
            raise InvalidRange(f"{show_value(pair)} is not a pair of the table's hands", "13.7")
        return self.matchups[pair]

    def rows(self) -> Iterable[Matchup]:
        """Every ordered pair, ``hand`` in table order then ``opponent`` in table order."""
        return (self.matchups[(a, b)] for a in self.hands for b in self.hands)

    def write_csv(self, path: str | Path) -> int:
        """Write the table as CSV (header ``CSV_COLUMNS``, one row per ordered pair); the rows written."""
        count = 0
        with open(path, "w", newline="", encoding="utf-8") as out:
            writer = csv.writer(out)
            writer.writerow(CSV_COLUMNS)
            for m in self.rows():
                writer.writerow(m.row())
                count += 1
        return count


def preflop_table(
    hands: Iterable[str] | None = None,
    *,
    executor: Executor | None = None,
    chunk_pairs: int = CHUNK_PAIRS,
    progress: Callable[[int, int], None] | None = None,
) -> PreflopTable:
    """The preflop equity table (§13.7) of ``hands`` (default: all 169, ``starting_hands()``) against each
    other, each unordered pair computed once, chunks of ``chunk_pairs`` pairs run by ``executor``;
    ``progress(done, total)`` is told the pairs computed so far."""
    every = starting_hands()
    chosen = every if hands is None else tuple(dict.fromkeys(hands))
    for h in chosen:
        if h not in every:
            raise InvalidRange(
                f"{show_value(h)} is not one of the 169 starting hands ('AA', 'AKs', ...)", "13.7"
            )
    pairs = [(a, b) for i, a in enumerate(chosen) for b in chosen[i:]]
    tasks = [(pairs[s:e],) for s, e in index_chunks(len(pairs), chunk_pairs)]
    table: dict[tuple[str, str], Matchup] = {}
    bounds = index_chunks(len(pairs), chunk_pairs)

    def chunks_done(k: int) -> None:
        if progress is not None:
            progress(bounds[k - 1][1], len(pairs))

    for part in run_chunks(executor, _matchups, tasks, chunks_done):
        for m in part:
            table[(m.hand, m.opponent)] = m
            if m.hand != m.opponent:
                table[(m.opponent, m.hand)] = m.mirrored()
    return PreflopTable(chosen, table)


def read_table(path: str | Path) -> dict[tuple[str, str], dict[str, str]]:
    """The rows of a table CSV by ``(hand, opponent)``, each a dict of ``CSV_COLUMNS`` to text."""
    with open(path, newline="", encoding="utf-8") as source:
        return {(row["hand"], row["opponent"]): row for row in csv.DictReader(source)}
