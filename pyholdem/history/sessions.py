"""The histories of what the engines played, as PHH (§12.12, §12.13): a table's session
(``table_histories``), a tournament's tables (``tournament_histories``) and a hand that ``simulate``
recorded (``simulated_history``).

Every finished hand is written by ``history_from_hand`` (§12.9) with its table's fields — ``table``,
``hand``, ``seat_count``, ``seats`` and ``players`` — and the chips added and removed before it, so that
each table replays as one session (§12.13); a hand played under another chip unit than the first
carries it as ``_chip_unit`` (§12.10). A tournament's hands also carry ``event``, ``level`` and the
extension fields ``_round`` (the hand round), ``_eliminations`` (``[player, place]`` of the players the
hand put out; a tied place as ``"best-worst"``) and, on the last hand, ``_prizes``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol

from pyholdem.engine.hand import Hand
from pyholdem.engine.table import PlayedHand, Table
from pyholdem.engine.tournament import Tournament
from pyholdem.errors import SimulationError, show_value
from pyholdem.history.phh import HandHistory
from pyholdem.history.record import history_from_hand

__all__ = ["simulated_history", "table_histories", "tournament_histories"]


def table_histories(table: Table) -> list[HandHistory]:
    """Every finished hand of ``table`` as PHH, to be replayed under ``table.rules_at_start``."""
    return [_history(p, {"table": p.table, "hand": p.number}) for p in table.played_hands()]


def tournament_histories(tournament: Tournament) -> list[HandHistory]:
    """Every finished hand of every table of ``tournament`` as PHH, table by table."""
    event = tournament.structure.name or "tournament"
    return [
        _history(p, {"event": event, "table": p.table, "hand": p.number, "level": p.level})
        for p in tournament.played_hands()
    ]


class RecordedRun(Protocol):
    """What ``simulated_history`` reads of a ``simulate`` result (``pyholdem.engine.bulk``, which runs
    on the compiled core: the oracle's imports never reach it)."""

    @property
    def records(self) -> Mapping[int, Hand]: ...


def simulated_history(result: RecordedRun, index: int) -> HandHistory:
    """The PHH history of hand ``index`` of a ``simulate`` run that recorded it (§12.9)."""
    if index not in result.records:
        kept = sorted(result.records)
        raise SimulationError(f"record: hand {show_value(index)} was not recorded (record={kept})")
    return history_from_hand(result.records[index])


def _history(played: PlayedHand, extra: dict[str, Any]) -> HandHistory:
    if played.round is not None:
        extra["_round"] = played.round
    if played.chip_unit is not None:
        extra["_chip_unit"] = played.chip_unit
    if played.eliminations is not None:
        extra["_eliminations"] = played.eliminations
    if played.prizes is not None:
        extra["_prizes"] = played.prizes
    return history_from_hand(
        played.hand,
        seated=True,
        names=played.names,
        extra=extra,
        chips_added=played.chips_added,
        chips_removed=played.chips_removed,
    )
