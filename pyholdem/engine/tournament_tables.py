"""The tables a tournament has run (spec 09): each one's ``Table``, seating and the hands dealt at it.

A ``TableRun`` is one table from its set-up (§9.14, or a redraw, §9.15, or the final table, §9.17)
to its break (§9.16) or the end; a broken table's run is kept, so its hands' histories can still be
written (§12.13).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from pyholdem.engine.table import Table

__all__ = ["DealtHand", "TableRun"]


@dataclass(frozen=True, slots=True)
class DealtHand:
    """A hand the tournament dealt: at table ``table``, in hand round ``round`` (§9.11), under level
    ``level`` (§9.3, §9.4); its history records all three (§12.13)."""

    table: int
    round: int
    level: int


@dataclass(slots=True)
class TableRun:
    """Table ``number``'s ``table``; its ``seating`` as the tournament keeps it (0-based seat ->
    player: a seat a player busted this round holds stays his until the round closes, §9.6);
    ``dealt``, each hand dealt at it, in order; ``spec_seats``, the seating
    as spec 09 reads it (1-based seats), made again after the seating changes."""

    number: int
    table: Table
    seating: dict[int, str] = field(default_factory=dict)
    dealt: list[DealtHand] = field(default_factory=list)
    spec_seats: dict[int, str] | None = None
