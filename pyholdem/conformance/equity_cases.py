"""The ``equity`` runner: the exact heads-up preflop table of §13.7 as vectors, one per unordered
pair of the 169 starting-hand classes (``vectors/formats/equity.md``).

The whole table takes minutes of two cores, so its counts are computed once and bundled
(``pyholdem/data/preflop/table.csv``, its provenance beside it); the vectors are written from that
file, and the suite recomputes a seeded sample of its rows exactly. Nothing here reaches the compiled
core: pyholdem's own answer for the self adapter is ``pyholdem.conformance.answers.equity``.
"""

from __future__ import annotations

import csv
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pyholdem.conformance.vectors import Vector
from pyholdem.conformance.worked_cases import WorkedCase
from pyholdem.errors import InvalidRange, PyHoldemError
from pyholdem.spec.ranges import suit_patterns

TABLE = Path(__file__).resolve().parent.parent / "data" / "preflop" / "table.csv"
COLUMNS = ("hand", "opponent", "deals", "boards", "wins", "ties", "losses")
RUN_ROWS = 24
"""The rows ``pyholdem run`` sends its self adapter (the whole table would take half an hour)."""
SOURCE = "pyholdem/data/preflop/table.csv (pyholdem equity table; PROVENANCE.md beside it)"


@dataclass(frozen=True)
class Row:
    """One unordered pair of the bundled table: ``hand``'s counts against ``opponent``."""

    hand: str
    opponent: str
    deals: int
    boards: int
    wins: int
    ties: int
    losses: int

    def result(self) -> dict[str, int]:
        return {
            "deals": self.deals,
            "boards": self.boards,
            "wins": self.wins,
            "ties": self.ties,
            "losses": self.losses,
        }


def bundled_table(path: Path = TABLE) -> list[Row]:
    """The rows of the bundled table, in its order (``starting_hands()``, ``hand`` at or before
    ``opponent``)."""
    with open(path, newline="", encoding="utf-8") as source:
        reader = csv.DictReader(source)
        if tuple(reader.fieldnames or ()) != COLUMNS:
            raise InvalidRange(f"{path}: the columns are not {', '.join(COLUMNS)}", "13.7")
        return [Row(r["hand"], r["opponent"], *(int(r[c]) for c in COLUMNS[2:])) for r in reader]


def case_name(hand: str, opponent: str) -> str:
    """``AKs`` against ``QQ`` → ``aks-qq`` (suited and offsuit keep their letter, so names are unique)."""
    return f"{hand}-{opponent}".lower()


def classes(data: dict[str, Any]) -> tuple[str, str]:
    """The input's two class names, refused by the spec's own check (§13.7, §13.1) unless both are
    among the 169."""
    hand, opponent = data.get("hand"), data.get("opponent")
    suit_patterns(hand, opponent)  # type: ignore[arg-type]  # refused by the spec unless str
    return str(hand), str(opponent)


def _refused(section: str) -> dict[str, Any]:
    return {"error": {"kind": "InvalidRange", "section": section}}


WORKED: tuple[WorkedCase, ...] = (
    WorkedCase(
        "equity",
        "not-a-class-refused",
        "13.7",
        {"hand": "AK", "opponent": "QQ"},
        "AK without s or o names no class",
        _refused("13.7"),
    ),
    WorkedCase(
        "equity",
        "a-combo-refused",
        "13.1",
        {"hand": "AsKs", "opponent": "QQ"},
        "a combo is not a class",
        _refused("13.1"),
    ),
)


def expect_of(data: dict[str, Any]) -> dict[str, Any]:
    """A case's expectation: the spec's refusal of a name that is not a class, else the bundled row
    (from the second seat, wins and losses swap: §13.7)."""
    try:
        hand, opponent = classes(data)
    except PyHoldemError as exc:
        return {"error": {"kind": exc.kind, "section": exc.section}}
    for row in bundled_table():
        if (row.hand, row.opponent) == (hand, opponent):
            return {"result": row.result()}
        if (row.opponent, row.hand) == (hand, opponent):
            return {"result": {**row.result(), "wins": row.losses, "losses": row.wins}}
    raise InvalidRange(f"{hand} against {opponent} is not in the bundled table {TABLE}", "13.7")


def spread(rows: list[Row], count: int | None) -> list[Row]:
    """``count`` rows spread evenly over ``rows`` (first and last included), or all for ``None``."""
    if count is None or count >= len(rows):
        return rows
    if count <= 1:
        return rows[:count]
    return [rows[i * (len(rows) - 1) // (count - 1)] for i in range(count)]


def equity_cases(rows: int | None = None, path: Path = TABLE) -> Iterator[Vector]:
    """Every row of the bundled table (or ``rows`` of them spread evenly), then the refused worked
    cases (their refusal from the spec)."""
    for row in spread(bundled_table(path), rows):
        meta = {"section": "13.7", "source": SOURCE}
        data = {"hand": row.hand, "opponent": row.opponent}
        yield Vector("equity", case_name(row.hand, row.opponent), data, {"result": row.result()}, meta)
    for c in WORKED:
        meta = {"section": c.section, "source": c.source}
        yield Vector("equity", c.case, c.input, expect_of(dict(c.input)), meta)
