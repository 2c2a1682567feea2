"""Shared pieces of the director tests: a fake wall clock (tests never sleep) and event files."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from pyholdem.director.event import DirectorEvent
from pyholdem.rules.ruleset import preset
from pyholdem.rules.structure import structure_preset


class FakeClock:
    """A wall clock the test moves by hand."""

    def __init__(self, start: float = 1_000_000.0) -> None:
        self.now = start

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def home_event(tmp_path: Path, clock: FakeClock) -> Iterator[DirectorEvent]:
    """Seed 000's home game for 23 entrants at ten-seat tables, seats drawn and started."""
    ev = DirectorEvent.create(
        tmp_path / "home.db",
        rules=preset("seed_000_home_nl"),
        structure=structure_preset("seed_000_home_nl"),
        entrants=23,
        seed=5,
        clock=clock,
    )
    ev.apply("seat_draw")
    ev.apply("start")
    yield ev
    ev.close()
