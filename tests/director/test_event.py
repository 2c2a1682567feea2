"""``DirectorEvent``: the façade over the live tournament and its SQLite log (§9.25)."""

from __future__ import annotations

from pathlib import Path

import pytest

from pyholdem.director.event import DirectorEvent
from pyholdem.errors import EventLogError, RuleViolation
from pyholdem.rules.ruleset import preset
from pyholdem.rules.structure import structure_preset
from tests.director.conftest import FakeClock

STATUS_KEYS = {
    "seq", "name", "entrants", "players_left", "started", "over", "clock", "average_stack",
    "average_bb", "chips_in_play", "prize_pool", "payouts", "tables", "moves", "breaking",
    "hand_for_hand", "final_table", "places", "in_the_money", "colour_up", "deals_allowed", "latest",
}  # fmt: skip
CLOCK_KEYS = {
    "level", "on_break", "running", "remaining_s", "small_blind", "big_blind", "ante", "next",
    "to_break_s", "warning",
}  # fmt: skip


def test_status_follows_the_contract(home_event: DirectorEvent) -> None:
    status = home_event.status()
    assert set(status) >= STATUS_KEYS
    assert set(status["clock"]) >= CLOCK_KEYS
    assert status["entrants"] == 23 and status["players_left"] == 23 and status["started"]
    assert [t["table"] for t in status["tables"]] == [1, 2, 3]
    seated = [s["name"] for t in status["tables"] for s in t["seats"] if s["name"]]
    assert sorted(seated) == sorted(f"p{i}" for i in range(1, 24))
    assert status["clock"]["level"] == 1 and status["clock"]["running"]
    assert status["prize_pool"] == 23 * 20 and sum(status["payouts"]) == 460


def test_9_25_reopened_event_replays_to_the_same_state(home_event: DirectorEvent, clock: FakeClock) -> None:
    for name in ("p3", "p7", "p11"):
        clock.advance(240)
        home_event.apply("bust", names=[name])
    before = home_event.status()
    again = DirectorEvent.open(home_event.path, clock=clock)
    assert again.status() == before
    assert [e["kind"] for e in again.history()] == ["seat_draw", "start", "bust", "bust", "bust"]
    again.close()


def test_9_25_refused_event_writes_nothing(home_event: DirectorEvent, clock: FakeClock) -> None:
    before = home_event.status()
    for kind, args, section in (
        ("bust", {"names": ["nobody"]}, "§9.9"),
        ("seat_draw", {}, "§9.14"),
        ("chip_count", {"name": "p1", "chips": 0}, "§9.19"),
        ("start", {}, "§9.5"),
        ("bust", {"names": ["p1"], "stacks": {"p2": 10}}, "§9.10"),
        ("moved", {"move_id": "m99"}, "§9.15"),
        ("hand_finished", {"table": 9}, "§9.15"),
        ("register", {"name": "late"}, "§9.8"),
    ):
        with pytest.raises(RuleViolation) as info:
            home_event.apply(kind, **args)
        assert str(info.value).endswith(f"({section})")
    assert home_event.status() == before
    assert len(home_event.history()) == 2
    again = DirectorEvent.open(home_event.path, clock=clock)
    assert len(again.history()) == 2
    again.close()


def test_9_25_undo_takes_back_the_last_event_and_the_one_before(
    home_event: DirectorEvent, clock: FakeClock
) -> None:
    start = home_event.status()
    home_event.apply("bust", names=["p1"])
    after_one = home_event.status()
    home_event.apply("bust", names=["p2"])
    home_event.apply("undo")
    assert home_event.status()["places"] == after_one["places"]
    home_event.apply("undo")
    assert home_event.status()["places"] == start["places"] == []
    history = home_event.history()
    assert [(e["kind"], e["undone"]) for e in history[2:]] == [
        ("bust", True),
        ("bust", True),
        ("undo", False),
        ("undo", False),
    ]


def test_9_25_existing_file_is_never_overwritten(tmp_path: Path, clock: FakeClock) -> None:
    path = tmp_path / "x.db"
    path.write_bytes(b"precious")
    with pytest.raises(EventLogError, match="never overwritten"):
        DirectorEvent.create(
            path, rules=preset("tda_2024"), structure=structure_preset("seed_000_home_nl"), entrants=4
        )
    assert path.read_bytes() == b"precious"
    with pytest.raises(EventLogError, match="not a SQLite file"):
        DirectorEvent.open(path)
    assert path.read_bytes() == b"precious"
