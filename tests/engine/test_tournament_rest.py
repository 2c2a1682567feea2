"""Spec 09 between hands: stacks changed in place by a colour-up, the new chip unit, seed 000's redraw
balancing and the tournament's tables replayed as sessions (spec 09, §12.13)."""

from __future__ import annotations

import contextlib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pyholdem import RuleSet, RuleViolation, Tournament, preset, random_policy
from pyholdem.engine.table import Table
from pyholdem.engine.tournament import Event
from pyholdem.history.sessions import tournament_histories
from pyholdem.rules.structure import DEFAULT_STRUCTURE, STRUCTURES, structure_preset
from pyholdem.spec.tournament import unit_after_colour_up
from tests.engine.test_tournament_properties import RULES, check_result, checked_play

BILL = structure_preset("seed_000_bill_limit")


def passive(hand: object) -> tuple[str, int | None]:
    return ("check", None) if hand.legal_actions().check else ("fold", None)  # type: ignore[attr-defined]


def play_round(t: Tournament, policy: object = passive) -> list[int]:
    """Deal a round and play it out; returns the numbers of the tables that played."""
    t.next_hands()
    numbers = sorted(t.in_progress)
    for number, hand in t.in_progress.items():
        while not hand.is_over:
            if not t.tables[number].fold_absent():
                hand.act(*policy(hand))  # type: ignore[operator]
    return numbers


def kinds(t: Tournament, kind: str) -> list[Event]:
    return [e for e in t.events if e.kind == kind]


# ---------------------------------------------------------------------------- Table.set_stack
def test_3_22_set_stack_only_between_hands_keeps_the_seat_and_state() -> None:
    table = Table(RuleSet(), 6, blinds=(5, 10), seed=1)
    for seat in range(3):
        table.sit(seat, 1000, name=f"P{seat}")
    table.away(2)
    assert table.set_stack(2, 975) == -25 and table.set_stack(1, 1100) == 100
    assert [v.state for v in table.seats[:3]] == ["waiting", "waiting", "away"]
    assert table.chips_on_table() == 3075 and table.chips_in - table.chips_out == 3075
    hand = table.next_hand()
    assert table.chips_removed(1) == {2: 25} and table.chips_added(1) == {1: 100}
    before = table.seats
    with pytest.raises(RuleViolation, match=r"only between hands.*\(§3\.22\)"):
        table.set_stack(0, 500)
    with pytest.raises(RuleViolation, match=r"rules change only between hands.*\(§9\.18\)"):
        table.set_rules(RuleSet(chip_unit=5))
    assert table.seats == before and table.rules == RuleSet()
    while not hand.is_over:
        hand.act(*passive(hand))
    with pytest.raises(RuleViolation, match=r"stack 0 at seat 0 is not a whole number > 0 \(§3\.22\)"):
        table.set_stack(0, 0)


def test_3_22_chips_removed_are_not_credited_to_a_new_player_at_the_seat() -> None:
    table = Table(RuleSet(), 6, blinds=(5, 10), seed=1)
    for seat in range(3):
        table.sit(seat, 1000, name=f"P{seat}")
    table.set_stack(2, 990)
    table.leave(2)
    table.sit(2, 800, name="Q")
    table.next_hand()
    assert table.chips_removed(1) == {}


# ---------------------------------------------------------------------------- §9.18 in the tournament
def test_9_18_an_away_player_stays_away_across_a_colour_up() -> None:
    t = Tournament(preset("seed_000_bill_limit"), BILL, 8, seed=4, seconds_per_hand=600)
    play_round(t)
    name = next(n for n in t.remaining if t.stack(n) > 0)
    t.away(name)
    while not kinds(t, "colour_up"):
        play_round(t)
    entrant = next(s for s in t.standings if s.name == name)
    assert entrant.place is None and entrant.table is not None and entrant.seat is not None
    seat = t.tables[entrant.table].seats[entrant.seat]
    assert seat.name == name and seat.state == "away"
    up = kinds(t, "colour_up")[0]
    assert up.data["after"][entrant.seat + 1] == t.stack(name)
    assert not [e for e in t.events if e.kind == "move" and e.data["player"] == name]


def test_9_18_unit_after_colour_up_is_the_new_smallest_chip() -> None:
    assert unit_after_colour_up(RuleSet(), 25).chip_unit == 25
    assert unit_after_colour_up(RuleSet(chip_unit=25), 25) == RuleSet(chip_unit=25)
    with pytest.raises(RuleViolation, match=r"new smallest chip 30 is not a multiple of the chip unit 25"):
        unit_after_colour_up(RuleSet(chip_unit=25), 30)


@pytest.mark.parametrize("engine", ["spec", "native"])
def test_9_18_hands_after_a_colour_up_play_the_new_chip_unit(engine: str) -> None:
    t = Tournament(preset("seed_000_bill_limit"), BILL, 12, seed=5, seconds_per_hand=600, engine=engine)
    seen: dict[int, int] = {}  # round -> the chip unit of its hands

    def check(t: Tournament) -> None:
        units = {table.setups[-1].rules.chip_unit for table in t.tables.values()}
        assert len(units) == 1 and units == {t.rules.chip_unit}
        seen[t.rounds] = t.rules.chip_unit
        for table in t.tables.values():
            assert all(v.stack % t.rules.chip_unit == 0 for v in table.seats)

    t.play(random_policy(5), on_round=check)
    ups = kinds(t, "colour_up")
    news = sorted({e.data["new"] for e in ups})
    assert news and news == [25, 50, 100][: len(news)]
    for e in ups:  # every hand from the colour-up's round on plays its unit (or a later one's)
        assert all(unit % e.data["new"] == 0 for r, unit in seen.items() if r > e.round)
    assert max(seen.values()) == ups[-1].data["new"]


# ---------------------------------------------------------------------------- §12.13 sessions
def _sessions(t: Tournament) -> list[list[object]]:
    """The tournament's histories, one list per table dealt (a table's hands are numbered from 1)."""
    out: list[list[object]] = []
    for history in tournament_histories(t):
        if history.hand == 1:
            out.append([])
        out[-1].append(history)
    return out


@pytest.mark.parametrize(
    ("rules", "structure", "entrants", "seed"),
    [
        ("seed_000_bill_limit", "seed_000_bill_limit", 14, 21),  # colour-ups remove chips
        ("seed_000_home_nl", "seed_000_home_nl", 13, 22),  # rebuys and add-ons add chips
    ],
)
def test_12_13_each_table_of_a_tournament_replays_as_one_continuous_session(
    rules: str, structure: str, entrants: int, seed: int
) -> None:
    from pyholdem.history.phh import dumps_many, loads
    from pyholdem.history.replay import replay_session

    t = Tournament(preset(rules), structure_preset(structure), entrants, seed=seed, seconds_per_hand=300)
    policy = random_policy(seed)

    def buy(t: Tournament) -> None:
        for name in t.remaining:  # the busted rebuy, every third player adds on
            action = t.rebuy if t.stack(name) == 0 else t.add_on if int(name[1:]) % 3 == 0 else None
            if action is not None:
                with contextlib.suppress(RuleViolation):
                    action(name)

    t.play(policy, on_round=buy)
    assert (
        kinds(t, "colour_up") if rules == "seed_000_bill_limit" else kinds(t, "rebuy") and kinds(t, "add_on")
    )
    sessions = _sessions(t)
    assert len(sessions) >= 2
    changed = 0
    for hands in sessions:
        read = loads(dumps_many(hands), many=True)  # type: ignore[arg-type]
        changed += sum(bool(h.chips_added or h.chips_removed) for h in read)
        result = replay_session(read, preset(rules))
        assert result.break_index is None, result.message
        assert result.ok
    assert changed


def test_12_13_chips_removed_pair_up_and_round_trip() -> None:
    from pyholdem.errors import HistoryError
    from pyholdem.history.phh import dumps, loads
    from pyholdem.spec.histories import check_session_fields

    with pytest.raises(
        HistoryError, match=r"_chips_removed_seats = \[1\] and _chips_removed = .* \(§12\.13\)"
    ):
        check_session_fields({"_chips_removed_seats": [1]})
    t = Tournament(preset("seed_000_bill_limit"), BILL, 6, seed=7, seconds_per_hand=900)
    t.play(random_policy(7))
    removed = [h for h in tournament_histories(t) if h.chips_removed]
    assert removed and all(h.extra["_chip_unit"] > 1 for h in removed)
    (back,) = loads(dumps(removed[0]))
    assert (
        back.chips_removed == removed[0].chips_removed
        and back.extra["_chip_unit"] == removed[0].extra["_chip_unit"]
    )


# ---------------------------------------------------------------------------- §9.15 redraw
def test_9_15_seed_000_redraws_both_tables_instead_of_moving_a_player() -> None:
    rules = preset("seed_000_home_nl").replace(balance_method="redraw")
    t = Tournament(rules, structure_preset("seed_000_home_nl"), 14, seed=8)
    play_round(t, random_policy(8))
    away = next(n for n in t.remaining if t.stack(n) > 0)
    t.away(away)
    before: set[str] = set()
    policy = random_policy(8)
    while True:  # the redraw is made between rounds, before the round's hands are dealt
        before = {s.name for s in t.standings if s.place is None}
        hands = t.next_hands()
        if kinds(t, "redraw") or not hands:
            break
        for number, hand in t.in_progress.items():
            while not hand.is_over:
                if not t.tables[number].fold_absent():
                    hand.act(*policy(hand))
    (redraw,) = kinds(t, "redraw")
    assert not kinds(t, "move")  # nobody moved one at a time
    out = {e.data["player"] for e in kinds(t, "elimination")}
    assert set(redraw.data["seats"]) == before - out
    counts = sorted(len(t._runs[n].seating) for n in t.tables)
    assert len(counts) == 2 and counts[-1] - counts[0] <= 1 and sum(counts) == len(before - out)
    for name, (number, seat) in redraw.data["seats"].items():
        view = t.tables[number].seats[seat]
        assert view.name == name and view.stack == t.stack(name) > 0
        assert (view.state == "away") == (name == away)
    for number, table in t.tables.items():  # seats 1 to k at a table of k; a new table
        assert {v.seat for v in table.seats if v.state != "empty"} == set(range(len(t._runs[number].seating)))
        assert table.hand_number == 1
    for number, hand in t.in_progress.items():
        while not hand.is_over:
            if not t.tables[number].fold_absent():
                hand.act(*policy(hand))
    t.play(policy)
    assert t.is_over and sum(prize for _, prize in t.result().values()) == t.prize_pool


def test_9_18_a_player_raced_out_of_his_chips_is_placed_as_busted() -> None:
    from pyholdem.rules.structure import Level, Structure

    race = Structure(
        levels=(Level(5, 10, duration=10), Level(100, 200, duration=10), Level(200, 400, duration=None)),
        starting_stack=250,
        buy_in=10,
        chips=(5, 100),
        name="race",
    )
    seen: list[int] = []
    t = Tournament(RuleSet(chip_race_no_elimination=False), race, 6, seed=0)
    t.play(random_policy(0), on_round=lambda t: seen.append(t.chips_in_play() - t.chips_expected))
    (up,) = kinds(t, "colour_up")
    (out,) = [e for e in kinds(t, "elimination") if e.data.get("reason") == "chip_race"]
    seat = next(s for s, chips in up.data["after"].items() if chips == 0)
    assert up.data["before"][seat] == out.data["start"] == 70 and out.data["place"] == 6
    assert out.round == up.round and set(seen) == {0}
    assert t.result()[out.data["player"]] == (6, 0)
    assert sum(prize for _, prize in t.result().values()) == t.prize_pool
    assert all(out.data["player"] not in (h.player_names or ()) for h in tournament_histories(t)[up.round :])
    # by default nobody is raced out: he is given one chip of the new smallest denomination
    t = Tournament(RuleSet(), race, 6, seed=0)
    t.play(random_policy(0))
    (up,) = kinds(t, "colour_up")
    assert up.data["after"][seat] == 100


@settings(max_examples=6, deadline=None)
@given(
    entrants=st.integers(10, 40),
    rules=st.sampled_from(RULES),
    method=st.sampled_from(("move_players", "redraw")),
    seed=st.integers(0, 10**6),
)
def test_12_13_random_tournaments_replay_table_by_table_as_sessions(
    entrants: int, rules: str, method: str, seed: int
) -> None:
    from pyholdem.history.phh import dumps_many, loads
    from pyholdem.history.replay import replay_session

    structure = structure_preset(rules if rules in STRUCTURES else "seed_000_home_nl")
    t = Tournament(preset(rules).replace(balance_method=method), structure, entrants, seed=seed)
    checked_play(t, seed)
    check_result(t)
    for hands in _sessions(t):
        result = replay_session(loads(dumps_many(hands), many=True), preset(rules))  # type: ignore[arg-type]
        assert result.ok, result.message or [r.error for r in result.hands if not r.ok][:1]


def test_9_15_tournament_play_prints_a_redraw() -> None:
    from pyholdem.cli.commands.tournament import _event_line

    line = _event_line("redraw", {"seats": {"p1": [1, 0], "p2": [2, 3], "p3": [1, 4]}})
    assert line == "tables 1, 2 broken and redrawn: 3 players"


# ------------------------------------------------------------------ §3.6, found by a random tournament
def test_3_6_frozen_button_on_an_empty_seat_heads_up_goes_to_the_small_blind_due() -> None:
    from pyholdem.spec.table import Positions, frozen_button

    previous = Positions(button=6, small_blind=1, big_blind=3)
    occupied = [s in (1, 4) for s in range(10)]  # the button (6) and the big blind (3) busted together
    assert frozen_button(previous, occupied) == Positions(1, 1, 4)
    # the seed 002 tournament where a hand put out the button and the big blind, going heads-up
    t = Tournament(preset("seed_002_sng_addon"), BILL, 46, seed=164710)
    checked_play(t, 164710)
    check_result(t)


def test_9_8_a_late_entry_in_the_seat_of_a_player_who_just_busted_keeps_it() -> None:
    """A late entry seated between a round's last hand and the next round may take the seat a
    player busted in that round; closing the round frees only the busted player's seat, so the
    newcomer keeps his and later moves find the tables as they are (regression: a balancing move
    once sat a player in his occupied seat)."""
    t = Tournament(
        preset("tda_2024").replace(late_entry=True), structure_preset(DEFAULT_STRUCTURE), 79, seed=13
    )
    policy = random_policy(13)
    for k in range(12):
        for hand in t.next_hands():
            while not hand.is_over:
                hand.act(*policy(hand))
        t.enter(f"late{k}")
    t.next_hands()
    for number, table in t.tables.items():
        for view in table.seats:
            if view.name is not None:
                assert t._entrants[view.name].table == number and t._entrants[view.name].seat == view.seat
    assert {n for n in t.remaining if n.startswith("late")} <= {f"late{k}" for k in range(12)}
