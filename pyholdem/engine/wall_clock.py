"""The tournament clock on the wall: levels and breaks in wall time, with pause, resume and adjust
(§9.3–§9.5), hand-for-hand stops (§9.11) and the final table's fresh level (§9.17).

``WallClock`` is a value: every change (``start``, ``pause``, ``resume``, ``adjust``, ``freeze``,
``thaw``, ``bump``) takes the wall time it happens at and returns a new clock, so the same stamped
events give the same clock. The wall time is read by the caller (an injected ``clock()``; a live
event uses ``time.time``, seconds since the epoch, so that a clock restarted from the event log
continues where the wall says it is; tests pass a fake clock and never sleep). ``reading(at, ...)``
answers what the wall display shows at wall time ``at``: the level, its blinds, the time left, the
next level and the time to the next break, all read through spec 09's ``schedule_at`` and
``clock_level_steps``.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from pyholdem.errors import RuleViolation, show_value
from pyholdem.rules.ruleset import RuleSet
from pyholdem.rules.structure import Structure
from pyholdem.spec.tournament import clock_level, clock_level_steps, schedule_at

__all__ = ["ClockReading", "WallClock"]


@dataclass(frozen=True)
class ClockReading:
    """What the clock shows: ``level`` in force (during a break, the level just ended),
    ``on_break``, ``running``, ``elapsed_s`` (tournament seconds run), ``playing_minutes`` (§9.5),
    ``remaining_s`` (to the end of the level or break; ``None`` when the level is open-ended),
    ``to_break_s`` (to the next break's start; ``None`` when none follows) and ``next_level`` (the
    level after this one or after this break; ``None`` past the last) with ``break_next`` (a break
    comes first)."""

    level: int
    on_break: bool
    running: bool
    elapsed_s: float
    playing_minutes: Fraction
    remaining_s: float | None
    to_break_s: float | None
    next_level: int | None
    break_next: bool


def _number(value: object, what: str, section: str) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float) or value != value:
        raise RuleViolation(f"{what} {show_value(value)} is not a number", section)
    return float(value)


@dataclass(frozen=True)
class WallClock:
    """The clock's state. ``banked`` is the tournament time run before ``since`` (the wall time at
    which it last started running, ``None`` while stopped); ``paused`` is the director's pause,
    ``frozen`` the hand-for-hand stop (§9.11); ``bump_at``/``bump_level``: from tournament time
    ``bump_at`` the schedule restarts at level ``bump_level`` with its full duration (§9.17)."""

    started: bool = False
    banked: float = 0.0
    since: float | None = None
    paused: bool = False
    frozen: bool = False
    bump_at: float | None = None
    bump_level: int = 1

    @property
    def running(self) -> bool:
        return self.started and not self.paused and not self.frozen

    def elapsed(self, at: float) -> float:
        """Tournament seconds run at wall time ``at``."""
        if self.since is None:
            return self.banked
        return self.banked + max(0.0, at - self.since)

    def _stopped(self, at: float, **changes: Any) -> WallClock:
        return dataclasses.replace(self, banked=self.elapsed(at), since=None, **changes)

    def _restarted(self, at: float, **changes: Any) -> WallClock:
        clock = dataclasses.replace(self, **changes)
        return dataclasses.replace(clock, since=at if clock.running else None)

    def start(self, at: float) -> WallClock:
        """§9.5: the clock starts (level 1, tournament time 0)."""
        if self.started:
            raise RuleViolation("the clock has already started", "9.5")
        return dataclasses.replace(self, started=True, since=_number(at, "wall time", "9.5"))

    def pause(self, at: float) -> WallClock:
        if not self.started or self.paused:
            raise RuleViolation("the clock is not running; there is nothing to pause", "9.5")
        return self._stopped(at, paused=True)

    def resume(self, at: float) -> WallClock:
        if not self.paused:
            raise RuleViolation("the clock is not paused; there is nothing to resume", "9.5")
        return self._restarted(at, paused=False)

    def freeze(self, at: float) -> WallClock:
        """§9.11: hand-for-hand play stops the clock."""
        return self._stopped(at, frozen=True) if self.started else dataclasses.replace(self, frozen=True)

    def thaw(self, at: float) -> WallClock:
        """§9.11: hand-for-hand play is over; the clock runs again (unless paused)."""
        return self._restarted(at, frozen=False) if self.started else dataclasses.replace(self, frozen=False)

    def adjust(self, seconds: float, at: float) -> WallClock:
        """Move the tournament time by ``seconds`` (positive: forward; the time never goes below 0)."""
        seconds = _number(seconds, "clock adjustment", "9.5")
        if not self.started:
            raise RuleViolation("the clock has not started; there is nothing to adjust", "9.5")
        elapsed = self.elapsed(at)
        if elapsed + seconds < 0:
            raise RuleViolation(
                f"adjusting by {show_value(seconds)} s would put the clock before its start "
                f"({elapsed:.0f} s have run)",
                "9.5",
            )
        return dataclasses.replace(self, banked=self.banked + seconds)

    def bump(self, at: float, level: int) -> WallClock:
        """§9.17: from now the schedule restarts at ``level``, which gets its full duration."""
        return dataclasses.replace(self, bump_at=self.elapsed(at), bump_level=level)

    # ------------------------------------------------------------------ reading
    def _schedule(self, structure: Structure) -> tuple[Structure, int, float]:
        """The structure the schedule now reads, the level number of its first level less one, and
        the tournament time it starts at."""
        if self.bump_at is None or self.bump_level <= 1:
            return structure, 0, 0.0
        offset = min(self.bump_level, len(structure.levels)) - 1
        return structure.replace(levels=structure.levels[offset:]), offset, self.bump_at

    def reading(self, at: float, structure: Structure, rules: RuleSet, *, hands: int = 0) -> ClockReading:
        """The clock at wall time ``at``; ``hands`` is the hands dealt so far, which the levels count
        when the rule set's levels are counted in hands (§9.3)."""
        elapsed = self.elapsed(at)
        schedule, offset, origin = self._schedule(structure)
        here = max(0.0, elapsed - origin)
        by, steps = clock_level_steps(schedule, rules)
        if by == "hands":
            level, playing, _ = clock_level(0, hands, schedule, rules)
            later = [s for s in steps if s > hands]
            return ClockReading(
                level + offset,
                False,
                self.running,
                elapsed,
                Fraction(0),
                None,
                None,
                level + offset + 1 if later else None,
                False,
            )
        level, playing, on_break = schedule_at(Fraction(here) / 60, schedule)
        later = [s for s in steps if s > here]
        remaining = later[0] - here if later else None
        to_break = None
        breaks = schedule.breaks
        at_level_end = 0
        for number, duration in enumerate(schedule.durations, 1):
            if duration is None:
                break
            at_level_end += duration * 60
            if number in breaks:
                if at_level_end > here or (on_break and number == level):
                    to_break = max(0.0, at_level_end - here)
                    break
                at_level_end += breaks[number] * 60
        if on_break:
            to_break = 0.0
        last = len(schedule.levels)
        next_level = level + 1 if level < last else None
        break_next = not on_break and level in breaks and remaining is not None
        return ClockReading(
            level + offset,
            on_break,
            self.running,
            elapsed,
            Fraction(playing),
            remaining,
            to_break,
            None if next_level is None else next_level + offset,
            break_next,
        )
