"""The tournament's tables, places, levels and clock under unusual sequences (spec 09): a table of
one, late entries after eliminations, the final table's level, the end of the schedule, breaks,
bounds, and copies."""

from __future__ import annotations

import copy
import pickle
import sys
from typing import Any

import pytest

from pyholdem import RuleSet, Tournament, preset, random_policy
from pyholdem.errors import PyHoldemError, RuleViolation
from pyholdem.history.phh import dumps_many
from pyholdem.history.sessions import tournament_histories
from pyholdem.rules.structure import Level, structure_preset
from pyholdem.spec.tournament import MAX_ENTRANTS
from tests.engine.test_tournament_properties import check_result

BILL = structure_preset("seed_000_bill_limit")
SNG = structure_preset("seed_002_sng_addon")
GENERAL = structure_preset("seed_000_home_nl")


def snapshot(t: Tournament) -> tuple[Any, ...]:
    """Everything a caller can see: the result data (events, standings), the seats of every table
    and the hands of the round."""
    seats = {
        n: tuple((v.seat, v.name, v.stack, v.state) for v in table.seats) for n, table in t.tables.items()
    }
    return (t.result_json(), seats, t.rounds, t.seconds, t.level, len(t.in_progress), t.is_over)


def play_round(t: Tournament, policy: Any) -> bool:
    """Deal and play one round; False once the tournament is over."""
    hands = t.next_hands()
    for number, hand in zip(sorted(t.tables), hands, strict=True):
        while not hand.is_over:
            if not t.tables[number].fold_absent():
                hand.act(*policy(hand))
    return bool(hands)


def dealt_sizes(t: Tournament) -> list[int]:
    """The players dealt in at each table in the round just dealt."""
    return [sum(table.setups[-1].in_hand) for _, table in sorted(t.tables.items())]


# ---------------------------------------------------------------------------- §9.14–9.16
def test_9_15_a_table_left_with_one_player_is_balanced_before_a_hand_is_dealt() -> None:
    t = Tournament(preset("tda_2024"), SNG, 21, seats_per_table=3, seed=1)
    policy = random_policy(1)
    while not t.is_over:
        hands = t.next_hands()
        if not hands:
            break
        assert min(dealt_sizes(t)) >= 2
        for hand in hands:
            while not hand.is_over:
                hand.act(*policy(hand))
    check_result(t)


@pytest.mark.parametrize("entrants", [3, 5, 7])
def test_9_14_two_seat_tables_refuse_a_field_that_needs_more_than_one_table(entrants: int) -> None:
    with pytest.raises(RuleViolation, match=r"alone at one.*§9\.14"):
        Tournament(preset("tda_2024"), SNG, entrants, seats_per_table=2, seed=1)
    t = Tournament(RuleSet(payout_percentages=(100,)), GENERAL, 2, seats_per_table=2, seed=1)  # one table
    t.play(random_policy(1))
    check_result(t)


def test_9_14_the_field_is_bounded_before_anything_is_built() -> None:
    for count in (10**9, MAX_ENTRANTS + 1):
        with pytest.raises(RuleViolation, match=rf"at most {MAX_ENTRANTS} entrants, not {count} \(§9\.14\)"):
            Tournament(RuleSet(), GENERAL, count)
    with pytest.raises(RuleViolation, match=r"at least 2 entrants.*§9\.14"):
        Tournament(RuleSet(), GENERAL, 1)


def test_9_16_a_table_left_with_no_player_is_closed_first() -> None:
    from pyholdem.spec.tournament import break_table, table_to_break

    tables = {
        1: {"seats": {s: f"A{s}" for s in range(1, 8)}, "button": 1, "big_blind": 3},
        2: {"seats": {}, "button": None, "big_blind": None},
        3: {"seats": {1: "C1", 2: "C2", 3: "C3"}, "button": 1, "big_blind": 3},
    }
    assert table_to_break({n: len(t["seats"]) for n, t in tables.items()}) == 2
    assert break_table(tables, RuleSet(), seed=1) == {}
    with pytest.raises(RuleViolation, match=r"breaking order.*§9\.16"):
        table_to_break({1: 3, 2: 4}, order=[1])


# ---------------------------------------------------------------------------- §9.8 / §9.9
def bust_until(t: Tournament, out: int, policy: Any) -> None:
    while sum(s.place is not None for s in t.standings) < out:
        assert play_round(t, policy)


def test_9_8_a_late_entry_after_eliminations_moves_every_place_down() -> None:
    t = Tournament(preset("seed_003_general").replace(late_entry=True), GENERAL, 9, seed=2)
    policy = random_policy(2)
    bust_until(t, 3, policy)
    before = {s.name: s.place for s in t.standings if s.place is not None}
    t.enter("late9")
    after = {s.name: s.place for s in t.standings if s.place is not None}
    assert {n: (p + 1 if isinstance(p, int) else (p[0] + 1, p[1] + 1)) for n, p in before.items()} == after
    t.play(policy)
    assert t.entries == 10
    check_result(t)
    # the histories carry the places as they stand at the end
    shown = {
        name: place
        for h in tournament_histories(t)
        for name, place in getattr(h, "_eliminations", None) or []
    }
    result = t.result()
    for name, place in shown.items():
        final = result[name][0]
        assert place == (final if isinstance(final, int) else f"{final[0]}-{final[1]}")


def test_9_8_a_deal_after_a_late_entry_covers_every_place() -> None:
    t = Tournament(preset("seed_003_general").replace(late_entry=True), GENERAL, 9, seed=2)
    policy = random_policy(2)
    bust_until(t, 2, policy)
    t.enter("late9")
    t.enter("late10")
    bust_until(t, 5, policy)
    t.deal("chip_chop", agree=t.remaining)
    check_result(t)
    assert t.entries == 11


def test_9_8_a_late_entry_does_not_take_a_seat_a_busted_player_may_rebuy_into() -> None:
    rules = preset("seed_000_home_nl").replace(late_entry=True, max_rebuys=5, rebuy_window_levels=None)
    t = Tournament(rules, GENERAL, 12, seed=4)
    policy = random_policy(4)
    for _ in range(200):
        assert play_round(t, policy)
        busted = [s.name for s in t.standings if s.place is None and s.chips == 0]
        if busted:
            break
    else:
        pytest.fail("nobody busted")
    for k in range(6):
        t.enter(f"late{k}")
    for name in busted:
        t.rebuy(name)  # his seat is still his
    assert t.next_hands()
    seated = [v.name for table in t.tables.values() for v in table.seats if v.name is not None]
    assert len(seated) == len(set(seated)) == len(t.remaining)


# ---------------------------------------------------------------------------- §9.17
def test_9_17_the_bumped_final_table_level_lasts_its_full_duration() -> None:
    t = Tournament(preset("seed_000_bill_limit"), BILL, 30, seed=4)
    t.play(random_policy(4))
    final = next(e for e in t.events if e.kind == "final_table")
    levels = [e for e in t.events if e.kind == "level"]
    bumped = next(e for e in levels if e.data["level"] == final.data["level"])
    following = next(e for e in levels if e.data["level"] == final.data["level"] + 1)
    assert bumped.seconds == final.seconds
    assert following.seconds - bumped.seconds == 60 * BILL.levels[bumped.data["level"] - 1].duration


def test_9_17_the_bump_under_a_hands_clock_moves_the_hand_count_to_the_level_start() -> None:
    levels = tuple(Level(lv.small_blind, lv.big_blind, duration=20, bets=lv.bets) for lv in BILL.levels)
    rules = preset("seed_000_bill_limit").replace(level_clock="hands")
    t = Tournament(rules, BILL.replace(levels=levels), 20, seed=7)
    t.play(random_policy(7))
    final = next(e for e in t.events if e.kind == "final_table")
    later = [e for e in t.events if e.kind == "level" and e.data["level"] > final.data["level"]]
    assert later and later[0].round - final.round == 20


# ---------------------------------------------------------------------------- §9.3
def test_9_3_after_a_timed_last_level_the_limits_keep_rising() -> None:
    t = Tournament(preset("seed_000_bill_limit"), BILL, 60, seed=4)
    t.play(random_policy(4), max_rounds=2000)
    check_result(t)
    levels = [e.data for e in t.events if e.kind == "level"]
    past = [lv for lv in levels if lv["level"] > len(BILL.levels)]
    assert past and past[0]["blinds"] == (200, 400) and past[0]["bets"] == (400, 800)


def test_9_3_the_director_extends_the_schedule_before_play_goes_past_it() -> None:
    short = BILL.replace(levels=BILL.levels[:2])
    rules = preset("seed_000_bill_limit").replace(after_last_level="director_extends")
    t = Tournament(rules, short, 20, seed=3, seconds_per_hand=600)
    policy = random_policy(3)
    refused = None
    for _ in range(100):
        before = snapshot(t)
        try:
            play_round(t, policy)
        except RuleViolation as exc:
            refused = exc
            assert snapshot(t) == before
            break
    assert refused is not None and "§9.3" in str(refused) and "no level 3" in str(refused)
    with pytest.raises(RuleViolation, match=r"multiple of the smallest chip.*§9\.18"):
        t.extend([Level(7, 15, duration=60)])
    with pytest.raises(RuleViolation, match=r"§9\.3"):
        t.extend([])
    t.extend([Level(20, 40, duration=60, bets=(40, 80)), Level(30, 60, duration=None, bets=(60, 120))])
    t.play(policy)
    check_result(t)
    assert any(e.kind == "level" and e.data["level"] == 3 for e in t.events)


# ---------------------------------------------------------------------------- §9.5
def test_9_5_a_break_lasts_exactly_its_length() -> None:
    t = Tournament(preset("seed_002_sng_addon"), SNG, 30, seed=6)
    policy = random_policy(6)
    while not t.is_over and not any(e.kind == "break" for e in t.events):
        play_round(t, policy)
        t.advance(37)  # a clock off the round's step
    brk = next(e for e in t.events if e.kind == "break")
    assert brk.data["minutes"] == 15
    assert brk.seconds == 60 * (45 * 3 + 15)


def test_9_18_the_chip_race_that_adds_chips_says_so() -> None:
    from pyholdem.cli.commands.tournament import _event_line

    data = {"table": 2, "removed": 25, "new": 100, "chips_removed": -25}
    assert _event_line("colour_up", data) == "table 2: colour-up 25 -> 100 (25 chips added by the chip race)"
    data["chips_removed"] = 50
    assert _event_line("colour_up", data) == "table 2: colour-up 25 -> 100 (50 chips removed)"


# ---------------------------------------------------------------------------- bad calls
@pytest.mark.parametrize(
    ("call", "section"),
    [
        (lambda t: t.enter(""), "9.8"),
        (lambda t: t.enter(None), "9.8"),
        (lambda t: t.enter("p1"), "9.8"),
        (lambda t: t.deal("icm", agree=None), "9.19"),
        (lambda t: t.deal("icm", agree="p1"), "9.19"),
        (lambda t: t.deal("icm", agree=[["p1"]]), "9.19"),
        (lambda t: t.deal("nope", agree=t.remaining), "9.19"),
        (lambda t: t.play(random_policy(1), max_rounds=None), "9.20"),
        (lambda t: t.play(random_policy(1), max_rounds=-1), "9.20"),
        (lambda t: t.play(None), "9.20"),
        (lambda t: t.advance(float("nan")), "9.5"),
        (lambda t: t.advance(-1), "9.5"),
        (lambda t: t.rebuy("nobody"), "9.2"),
        (lambda t: t.extend(None), "9.3"),
    ],
)
def test_a_refused_call_names_its_section_and_changes_nothing(call: Any, section: str) -> None:
    t = Tournament(preset("seed_000_home_nl").replace(late_entry=True), GENERAL, 12, seed=5)
    play_round(t, random_policy(5))
    before = snapshot(t)
    with pytest.raises(PyHoldemError, match=rf"§{section}"):
        call(t)
    assert snapshot(t) == before


# ---------------------------------------------------------------------------- copies
@pytest.mark.parametrize("engine", ["auto", "spec"])
@pytest.mark.parametrize("how", ["pickle", "deepcopy"])
def test_a_tournament_copied_mid_round_plays_on_identically(engine: str, how: str) -> None:
    t = Tournament(preset("seed_000_home_nl"), GENERAL, 25, seed=3, engine=engine)
    policy = random_policy(3)
    for _ in range(15):
        play_round(t, policy)
    hands = t.next_hands()
    hands[0].act(*policy(hands[0]))
    twin = pickle.loads(pickle.dumps(t)) if how == "pickle" else copy.deepcopy(t)
    assert snapshot(twin) == snapshot(t)

    def finish(x: Tournament) -> Any:
        p = random_policy(8)
        for hand in x.in_progress.values():
            while not hand.is_over:
                hand.act(*p(hand))
        return x.play(p)

    assert finish(twin) == finish(t)
    assert twin.result_json() == t.result_json()
    assert dumps_many(tournament_histories(twin)) == dumps_many(tournament_histories(t))


@pytest.mark.parametrize("how", ["pickle", "deepcopy"])
def test_a_long_tournament_copies_within_a_small_recursion_limit(how: str) -> None:
    """A copy's depth does not grow with the hands played: a table's layouts, each linked to the
    one that followed it, are copied without those links (made again when needed)."""
    t = Tournament(preset("tda_2024"), structure_preset("seed_002_sng_addon"), 8, seats_per_table=4, seed=3)
    policy = random_policy(1)
    while t.rounds < 100 and play_round(t, policy):
        pass
    assert t.rounds >= 100 or t.is_over
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(250)
    try:
        twin = pickle.loads(pickle.dumps(t)) if how == "pickle" else copy.deepcopy(t)
    finally:
        sys.setrecursionlimit(limit)
    assert snapshot(twin) == snapshot(t)
    assert twin.result_json() == t.result_json()
    assert dumps_many(tournament_histories(twin)) == dumps_many(tournament_histories(t))
