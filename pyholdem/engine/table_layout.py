"""A tournament table as spec 09 reads it, and the one conversion of seat numbers.

Spec 09's functions (``balance_moves`` §9.15, ``reseat_broken_table`` §9.16, ``final_table`` §9.17,
``colour_up_table`` §9.18, ``redraw_tables``) number a table's seats 1..max_seats; a ``Table``
numbers them from 0 (§3.4). ``spec_seat`` and ``table_seat`` are the only way between the two.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TypedDict

from pyholdem.spec.table import Positions

__all__ = ["TableLayout", "spec_seat", "spec_seats", "table_layout", "table_seat"]


class TableLayout(TypedDict):
    """One table as spec 09 reads it: who sits at each seat (1-based), the last hand's button and
    big blind seats (``None`` before its first hand)."""

    seats: dict[int, str]
    button: int | None
    big_blind: int | None


def spec_seat(seat: int) -> int:
    """The seat spec 09 numbers ``seat`` of a ``Table``."""
    return seat + 1


def table_seat(seat: int) -> int:
    """The seat of a ``Table`` spec 09 numbers ``seat``."""
    return seat - 1


def spec_seats(seating: Mapping[int, str]) -> dict[int, str]:
    """A table's seating (its seats -> players) with spec 09's seats, in seat order."""
    return {spec_seat(seat): name for seat, name in sorted(seating.items())}


def table_layout(seats: dict[int, str], positions: Positions | None) -> TableLayout:
    """The layout of a table seating ``seats`` (spec 09's seats) whose last hand had ``positions``."""
    if positions is None:
        return {"seats": seats, "button": None, "big_blind": None}
    return {
        "seats": seats,
        "button": spec_seat(positions.button),
        "big_blind": spec_seat(positions.big_blind),
    }
