"""The clock on the wall (``WallClock``): levels and breaks in wall time, pause, resume, adjust,
hand-for-hand stops and the final table's fresh level (§9.3–§9.5, §9.11, §9.17)."""

from __future__ import annotations

import pytest

from pyholdem.engine.wall_clock import WallClock
from pyholdem.errors import RuleViolation
from pyholdem.rules.ruleset import RuleSet, preset
from pyholdem.rules.structure import structure_preset

SNG = structure_preset("seed_002_sng_addon")  # 45-minute levels, 15-minute breaks after levels 3 and 6
RULES = preset("seed_002_sng_addon")
T0 = 5_000.0


def test_9_5_a_break_lasts_exactly_its_length() -> None:
    clock = WallClock().start(T0)
    end_3 = T0 + 3 * 45 * 60
    before = clock.reading(end_3 - 1, SNG, RULES)
    assert (before.level, before.on_break, before.remaining_s, before.break_next) == (3, False, 1.0, True)
    on = clock.reading(end_3, SNG, RULES)
    assert on.on_break and on.remaining_s == 15 * 60 and on.to_break_s == 0.0
    assert clock.reading(end_3 + 15 * 60 - 0.5, SNG, RULES).on_break
    after = clock.reading(end_3 + 15 * 60, SNG, RULES)
    assert (after.level, after.on_break, after.remaining_s) == (4, False, 45 * 60)
    assert after.to_break_s == 3 * 45 * 60  # the next break, after level 6


def test_9_5_pause_resume_and_adjust() -> None:
    clock = WallClock().start(T0)
    paused = clock.pause(T0 + 600)
    assert paused.elapsed(T0 + 5000) == 600 and not paused.running
    with pytest.raises(RuleViolation, match=r"§9\.5"):
        paused.pause(T0 + 700)
    running = paused.resume(T0 + 1000)
    assert running.elapsed(T0 + 1100) == 700
    with pytest.raises(RuleViolation, match=r"§9\.5"):
        running.resume(T0 + 1100)
    assert running.adjust(-100, T0 + 1100).elapsed(T0 + 1100) == 600
    assert running.adjust(300, T0 + 1100).elapsed(T0 + 1100) == 1000
    with pytest.raises(RuleViolation, match="before its start"):
        running.adjust(-800, T0 + 1100)
    with pytest.raises(RuleViolation, match=r"§9\.5"):
        WallClock().adjust(10, T0)


def test_9_11_hand_for_hand_stops_the_clock() -> None:
    clock = WallClock().start(T0).freeze(T0 + 100)
    assert clock.elapsed(T0 + 900) == 100 and not clock.running
    assert clock.thaw(T0 + 900).elapsed(T0 + 960) == 160
    assert clock.pause(T0 + 200).thaw(T0 + 300).running is False  # still paused


def test_9_17_the_bumped_level_gets_its_full_duration() -> None:
    bill = structure_preset("seed_000_bill_limit")
    rules = preset("seed_000_bill_limit")
    clock = WallClock().start(T0).bump(T0 + 600, 2)
    reading = clock.reading(T0 + 600, bill, rules)
    assert reading.level == 2 and reading.remaining_s == bill.level(2).duration * 60  # type: ignore[operator]
    later = clock.reading(T0 + 600 + bill.level(2).duration * 60, bill, rules)  # type: ignore[operator]
    assert later.level == 3 or later.on_break


def test_9_3_levels_counted_in_hands() -> None:
    rules = RuleSet(level_clock="hands")
    reading = WallClock().start(T0).reading(T0 + 10_000, SNG, rules, hands=90)
    assert reading.level == 3  # 45 hands a level: hands 90 to 134 are level 3
    assert reading.remaining_s is None and not reading.on_break


def test_9_5_the_display_warns_before_the_level_ends() -> None:
    from pyholdem.engine.live_tournament import LiveSetup, replay, status

    setup = LiveSetup.make(RULES, SNG, ["a", "b", "c", "d"], seed=1, warning_s=90)
    state = replay(setup, [("seat_draw", {}, T0), ("start", {}, T0)])
    assert not status(state, T0 + 45 * 60 - 91)["clock"]["warning"]
    assert status(state, T0 + 45 * 60 - 90)["clock"]["warning"]
    paused = replay(setup, [("seat_draw", {}, T0), ("start", {}, T0), ("pause", {}, T0 + 45 * 60 - 30)])
    assert not status(paused, T0 + 45 * 60)["clock"]["warning"]
