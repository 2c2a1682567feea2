"""The live tournament (``pyholdem.engine.live_tournament``): a state value changed only by the
director's events, every decision a spec 09 function's (§9.8–§9.25)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import Phase, given, settings
from hypothesis import strategies as st

from pyholdem.engine.live_tournament import LiveSetup, LiveState, apply, new_state, replay, status
from pyholdem.errors import RuleViolation
from pyholdem.rules.ruleset import RuleSet, preset
from pyholdem.rules.structure import STRUCTURES, structure_preset
from pyholdem.spec.tournament import draw_seats, payout_amounts
from tests.engine.live_feed import Simulated, feed, simulate

T0 = 1_000_000.0
PRESETS = ("tda_2024", "seed_000_home_nl", "seed_000_bill_limit", "seed_001_event", "seed_002_sng_addon")


def structure_for(name: str) -> Any:
    return structure_preset(name if name in STRUCTURES else "seed_000_home_nl")


def live_of(sim: Simulated, name: str, entrants: int, seats: int, seed: int) -> LiveState:
    setup = LiveSetup.make(
        preset(name),
        structure_for(name),
        [f"p{i}" for i in range(1, entrants + 1)],
        seats_per_table=seats,
        seed=seed,
    )
    return replay(setup, feed(sim, T0))


def place(value: Any) -> Any:
    return tuple(value) if isinstance(value, list) else value


def check_same_as_simulator(name: str, entrants: int, seats: int, seed: int) -> None:
    sim = simulate(preset(name), structure_for(name), entrants, seed, seats=seats)
    state = live_of(sim, name, entrants, seats, seed)
    s = status(state, state.at)
    # places and prizes (§9.9–§9.13, §9.21)
    live = {p["name"]: (place(p["place"]), p["prize"]) for p in s["places"]}
    assert live == sim.tournament.result()
    assert s["over"] and s["prize_pool"] == sim.tournament.prize_pool
    # the seat draw (§9.14), the balancing and table-break moves (§9.15, §9.16), the final table (§9.17)
    setup = state.setup
    assert draw_seats(setup.players, setup.rules, seed=seed) == sim.seats
    events = sim.tournament.events
    moved = [
        (e.data["player"], e.data["to_table"], e.data["to_seat"] + 1) for e in events if e.kind == "move"
    ]
    ordered = [(m["name"], m["to"]["table"], m["to"]["seat"]) for m in s["moves"] if m["section"] != "§9.17"]
    assert ordered == moved
    final = [e for e in events if e.kind == "final_table"]
    final_moves = {
        m["name"]: (m["to"]["table"], m["to"]["seat"]) for m in s["moves"] if m["section"] == "§9.17"
    }
    if final:
        table = final[0].data["table"]
        assert final_moves == {
            n: (table, seat + 1) for n, seat in final[0].data["seats"].items() if n in final_moves
        }
        assert all(m["from"] != m["to"] for m in s["moves"] if m["section"] == "§9.17")
    else:
        assert final_moves == {}


@pytest.mark.parametrize(
    ("name", "entrants", "seats", "seed"),
    [
        ("tda_2024", 23, 9, 1),
        ("seed_000_home_nl", 20, 8, 2),
        ("seed_000_bill_limit", 20, 10, 5),
        ("seed_001_event", 45, 5, 10),  # hand for hand, busts ranked by stack within a table
        ("seed_002_sng_addon", 25, 9, 8),
        ("tda_2024", 30, 4, 12),  # hand for hand, busts tied across tables
    ],
)
def test_9_9_live_events_of_a_simulated_tournament_give_its_places_payouts_and_moves(
    name: str, entrants: int, seats: int, seed: int
) -> None:
    check_same_as_simulator(name, entrants, seats, seed)


@settings(max_examples=8, deadline=None, phases=[Phase.explicit, Phase.generate])
@given(
    name=st.sampled_from(PRESETS),
    entrants=st.integers(8, 24),
    seats=st.integers(4, 10),
    seed=st.integers(0, 10_000),
)
def test_9_15_live_driver_decides_as_the_simulator(name: str, entrants: int, seats: int, seed: int) -> None:
    check_same_as_simulator(name, entrants, seats, seed)


def snapshot(state: LiveState, at: float | None = None) -> str:
    """Everything a state holds but the state before it (its status at ``at``)."""
    data = {
        "status": status(state, state.at if at is None else at),
        "entrants": [vars(e) for e in state.entrants.values()],
        "tables": {n: vars(t) for n, t in state.tables.items()},
        "rest": {k: repr(v) for k, v in vars(state).items() if k not in ("previous", "entrants", "tables")},
    }
    return json.dumps(data, sort_keys=True, default=repr)


def test_9_25_apply_never_changes_its_input_and_undo_restores_exactly() -> None:
    sim = simulate(preset("seed_000_home_nl"), structure_for("seed_000_home_nl"), 20, 3, seats=7)
    setup = LiveSetup.make(
        preset("seed_000_home_nl"),
        structure_for("seed_000_home_nl"),
        [f"p{i}" for i in range(1, 21)],
        seats_per_table=7,
        seed=3,
    )
    state = new_state(setup)
    for i, (kind, args, at) in enumerate(feed(sim, T0)):
        before = snapshot(state)
        after, _ = apply(state, kind, args, at)
        assert snapshot(state) == before
        if i % 7 == 3:
            undone, _ = apply(after, "undo", {}, at)
            restored = json.loads(snapshot(undone, at))
            expected = json.loads(snapshot(state, at))
            for part in (restored, expected):
                part["status"].pop("seq"), part["status"].pop("latest")
                part["rest"] = {k: v for k, v in part["rest"].items() if k not in ("seq", "latest", "at")}
            assert restored == expected
        state = after
    assert state.over


# ---------------------------------------------------------------------------- refusals
def started(name: str = "seed_000_home_nl", entrants: int = 12, seats: int = 6, **changes: Any) -> LiveState:
    rules = preset(name).replace(**changes) if changes else preset(name)
    setup = LiveSetup.make(
        rules, structure_for(name), [f"p{i}" for i in range(1, entrants + 1)], seats_per_table=seats, seed=7
    )
    return replay(setup, [("seat_draw", {}, T0), ("start", {}, T0)])


def refused(state: LiveState, kind: str, args: dict[str, Any], section: str, at: float = T0 + 60) -> str:
    before = snapshot(state)
    with pytest.raises(RuleViolation) as info:
        apply(state, kind, args, at)
    assert str(info.value).endswith(f"(§{section})"), str(info.value)
    assert snapshot(state) == before
    return str(info.value)


def test_9_9_bust_refusals_name_their_section() -> None:
    state = started()
    state, _ = apply(state, "bust", {"names": ["p1"]}, T0 + 10)
    assert "already out (place 12)" in refused(state, "bust", {"names": ["p1"]}, "9.9")
    assert "'nobody' is not an entrant" in refused(state, "bust", {"names": ["nobody"]}, "9.9")
    refused(state, "bust", {"names": []}, "9.9")
    refused(state, "bust", {"names": ["p2", "p2"]}, "9.9")
    refused(state, "bust", {"names": ["p2", "p3"], "stacks": {"p2": 100}}, "9.10")
    refused(state, "bust", {"names": [f"p{i}" for i in range(2, 13)]}, "9.20")
    refused(state, "bust", {"names": ["p2"], "table": 1}, "9.9")


def test_9_14_second_seat_draw_and_events_out_of_order_are_refused() -> None:
    setup = LiveSetup.make(preset("tda_2024"), structure_for("tda_2024"), ["a", "b", "c", "d"], seed=1)
    fresh = new_state(setup)
    refused(fresh, "start", {}, "9.5")
    refused(fresh, "bust", {"names": ["a"]}, "9.9")
    refused(fresh, "register", {"name": "a"}, "9.2")
    refused(fresh, "register", {"name": " padded"}, "9.2")
    seated, _ = apply(fresh, "seat_draw", {}, T0)
    refused(seated, "seat_draw", {}, "9.14")
    refused(seated, "register", {"name": "e"}, "9.8")
    refused(seated, "hand_finished", {"table": 1}, "9.15")
    refused(fresh, "undo", {"x": 1}, "9.25")
    refused(fresh, "undo", {}, "9.25")
    refused(fresh, "nonsense", {}, "9.25")
    two = LiveSetup.make(preset("tda_2024"), structure_for("tda_2024"), ["a", "b"], seed=1)
    refused(new_state(two), "seat_draw", {}, "9.12")  # two entrants cannot fill three places paid


def test_9_20_events_after_the_end_are_refused_but_undo_is_not() -> None:
    state = started("tda_2024", entrants=3, seats=3, payout_percentages=(100,))
    state, _ = apply(state, "bust", {"names": ["p1", "p2"], "stacks": {"p1": 10, "p2": 20}}, T0 + 5)
    assert state.over
    s = status(state, T0 + 5)
    assert [(p["name"], p["place"], p["prize"]) for p in s["places"]] == [
        ("p3", 1, 60),
        ("p2", 2, 0),
        ("p1", 3, 0),
    ]
    for kind, args in (
        ("bust", {"names": ["p3"]}),
        ("rebuy", {"name": "p3"}),
        ("pause", {}),
        ("hand_finished", {"table": 1}),
    ):
        refused(state, kind, args, "9.20")
    back, _ = apply(state, "undo", {}, T0 + 6)
    assert not back.over and len(back.alive) == 3


def test_9_6_rebuy_window_and_limits() -> None:
    state = (
        started()
    )  # seed 000 article: one rebuy or add-on, within the first three levels (30 minutes each)
    state, _ = apply(state, "rebuy", {"name": "p1"}, T0 + 60)
    assert "1 rebuys made" in refused(state, "rebuy", {"name": "p1"}, "9.6")
    assert "one rebuy or add-on" in refused(state, "add_on", {"name": "p1"}, "9.7")
    late = T0 + 3 * 30 * 60 + 1  # level 4
    assert "rebuys close after level 3" in refused(state, "rebuy", {"name": "p2"}, "9.6", at=late)
    refused(started("tda_2024"), "rebuy", {"name": "p1"}, "9.6")
    s = status(state, T0 + 61)
    assert s["prize_pool"] == 13 * 20 and s["chips_in_play"] == 13 * 1000


def test_9_8_late_entry_takes_the_emptiest_table_when_allowed() -> None:
    closed = started()
    refused(closed, "late_entry", {"name": "newcomer"}, "9.8")
    state = started(entrants=11, late_entry=True)
    state, answers = apply(state, "late_entry", {"name": "newcomer"}, T0 + 30)
    (move,) = answers["moves"]
    assert move["from"] is None and move["section"] == "§9.8"
    table = state.entrants["newcomer"].table
    assert len(state.tables[table].seats) == 6 and state.entries == 12
    refused(state, "late_entry", {"name": "newcomer"}, "9.8")


def test_3_19_away_and_back() -> None:
    state = started()
    state, _ = apply(state, "away", {"name": "p4"}, T0 + 1)
    assert any(s["away"] for t in status(state, T0)["tables"] for s in t["seats"] if s["name"] == "p4")
    refused(state, "away", {"name": "p4"}, "3.19")
    state, _ = apply(state, "back", {"name": "p4"}, T0 + 2)
    refused(state, "back", {"name": "p4"}, "3.19")


# ---------------------------------------------------------------------------- places
def test_9_10_busts_on_one_hand_rank_by_starting_stack_and_tie_without_stacks() -> None:
    state = started(entrants=10, seats=10)  # one table
    ranked, _ = apply(state, "bust", {"names": ["p1", "p2"], "stacks": {"p1": 500, "p2": 900}}, T0 + 5)
    assert (ranked.entrants["p2"].place, ranked.entrants["p1"].place) == (9, 10)
    tied, _ = apply(state, "bust", {"names": ["p1", "p2"]}, T0 + 5)
    assert tied.entrants["p1"].place == tied.entrants["p2"].place == (9, 10)


def test_9_11_hand_for_hand_places_a_round_together_and_stops_the_clock() -> None:
    # tda_2024 pays three; ten players at four-seat tables: hand for hand from five left on three tables
    state = started("tda_2024", entrants=10, seats=4)
    at = T0 + 100
    for name in ("p1", "p2", "p3", "p4", "p5"):
        busted = [n for n in state.alive if n == name]
        state, _ = apply(state, "bust", {"names": busted}, at)
        at += 50
    assert len(state.alive) == 5 and len(state.tables) == 2
    assert state.hand_for_hand and not state.clock.running
    frozen = state.clock.elapsed(at)
    one, two = sorted(state.tables)
    a = next(iter(state.tables[one].seats.values()))
    b = next(iter(state.tables[two].seats.values()))
    state, _ = apply(state, "bust", {"names": [a]}, at + 500)
    state, _ = apply(state, "bust", {"names": [b]}, at + 600)
    assert state.entrants[a].place == state.entrants[b].place == (4, 5)  # tie_all (TDA RP-8A)
    assert state.clock.elapsed(at + 700) == frozen
    state, _ = apply(state, "hand_finished", {"table": one}, at + 700)
    refused(state, "hand_finished", {"table": one}, "9.11", at=at + 710)
    state, _ = apply(state, "hand_finished", {"table": two}, at + 720)
    assert state.clock.elapsed(at + 720) == frozen + 120  # §9.11: two minutes a round
    assert not state.hand_for_hand  # three left: in the money


# ---------------------------------------------------------------------------- money and deals
def test_9_19_deals_need_everyone_and_end_the_tournament() -> None:
    state = started("tda_2024", entrants=4, seats=4)
    state, _ = apply(state, "bust", {"names": ["p1"]}, T0 + 5)
    refused(state, "deal", {"kind": "icm", "agree": ["p2", "p3", "p4"]}, "9.19")  # chips unknown
    stacks = {"p2": 2000, "p3": 1200, "p4": 800}
    refused(state, "deal", {"kind": "icm", "agree": ["p2", "p3"], "stacks": stacks}, "9.19")
    refused(state, "deal", {"kind": "split", "agree": ["p2", "p3", "p4"], "stacks": stacks}, "9.19")
    for name, chips in stacks.items():
        state, _ = apply(state, "chip_count", {"name": name, "chips": chips}, T0 + 6)
    done, _ = apply(state, "deal", {"kind": "chip_chop", "agree": ["p2", "p3", "p4"]}, T0 + 7)
    s = status(done, T0 + 7)
    assert s["over"]
    pays = {p["name"]: p["prize"] for p in s["places"]}
    assert pays == {"p2": 40, "p3": 24, "p4": 16, "p1": 0}
    assert sum(pays.values()) == s["prize_pool"] == 80
    custom, _ = apply(
        state,
        "deal",
        {"kind": "custom", "agree": ["p2", "p3", "p4"], "amounts": {"p2": 50, "p3": 20, "p4": 10}},
        T0 + 7,
    )
    assert {p["name"]: p["prize"] for p in status(custom, T0)["places"]}["p2"] == 50


def test_9_12_payouts_follow_the_pool_as_it_grows() -> None:
    state = started()
    s = status(state, T0)
    assert s["payouts"] == list(payout_amounts(240, state.rules, entrants=12))
    state, _ = apply(state, "add_on", {"name": "p1"}, T0 + 60)
    assert status(state, T0 + 60)["prize_pool"] == 260


def test_9_18_colour_up_is_due_by_the_level_and_held_once() -> None:
    state = started("seed_000_bill_limit", entrants=10, seats=10)
    refused(state, "colour_up", {}, "9.18")
    ups = status(state, T0)["colour_up"]
    assert ups is None
    level_5 = (
        T0
        + sum(lv.duration * 60 for lv in state.setup.structure.levels[:4])
        + sum(state.setup.structure.breaks.get(i, 0) * 60 for i in range(1, 5))
    )
    s = status(state, level_5 + 1)
    assert s["clock"]["level"] == 5
    assert (s["colour_up"]["remove"], s["colour_up"]["new"]) == (5, 25)
    assert "from seat 1 clockwise" in s["colour_up"]["text"]
    held, _ = apply(state, "colour_up", {}, level_5 + 2)
    assert held.rules.chip_unit == 25
    assert status(held, level_5 + 3)["colour_up"] is None


def test_9_17_final_table_bump_gets_the_full_level() -> None:
    # seed 000, Bill: ten finalists start the next level with its full duration
    state = started("seed_000_bill_limit", entrants=12, seats=10)
    at = T0 + 10 * 60  # ten minutes into level 1
    state, _ = apply(state, "bust", {"names": ["p1", "p2"]}, at)
    assert state.final
    reading = state.clock.reading(at, state.setup.structure, state.rules)
    assert reading.level == 2
    assert reading.remaining_s == state.setup.structure.level(2).duration * 60  # type: ignore[operator]


def test_9_15_moves_are_marked_done_once() -> None:
    state = started(entrants=12, seats=6)
    two = sorted(state.tables[1].seats.values())[:2]
    state, answers = apply(state, "bust", {"names": two}, T0 + 5)
    counts = {n: len(t.seats) for n, t in state.tables.items()}
    assert sorted(counts.values()) == [5, 5]
    move = answers["moves"][0]["id"]
    state, _ = apply(state, "moved", {"move_id": move}, T0 + 6)
    refused(state, "moved", {"move_id": move}, "9.15")
    refused(state, "moved", {"move_id": "m999"}, "9.15")


def test_status_is_json_and_names_each_move_section() -> None:
    sim = simulate(preset("tda_2024"), structure_for("tda_2024"), 23, 1, seats=9)
    state = live_of(sim, "tda_2024", 23, 9, 1)
    s = status(state, state.at)
    json.dumps(s, allow_nan=False)
    assert {m["section"] for m in s["moves"]} <= {"§9.15", "§9.16", "§9.17", "§9.8"}
    assert all("→" in m["text"] for m in s["moves"])


def test_rules_are_a_ruleset() -> None:
    with pytest.raises(RuleViolation, match=r"§0\.1"):
        LiveSetup.make({}, structure_for("tda_2024"))  # type: ignore[arg-type]
    with pytest.raises(RuleViolation, match=r"§9\.14"):
        LiveSetup.make(RuleSet(), structure_for("tda_2024"), seats_per_table=1)


# ---------------------------------------------------------------------------- the chip race
def at_level_5(state: LiveState) -> float:
    s = state.setup.structure
    levels = sum(lv.duration * 60 for lv in s.levels[:4])  # type: ignore[operator]
    return T0 + levels + sum(s.breaks.get(i, 0) * 60 for i in range(1, 5))


def raced(**changes: Any) -> tuple[LiveState, float, dict[str, int]]:
    """Bill's ten players, level 5 (the 5s colour up to 25s), stacks with odd 5s, sum 10000."""
    state = started("seed_000_bill_limit", entrants=10, seats=10, **changes)
    state, _ = apply(state, "hand_finished", {"table": 1, "button": 3, "big_blind": 5}, T0 + 5)
    stacks = {f"p{i}": 1000 + (15 if i % 2 else -15) for i in range(1, 11)}
    return state, at_level_5(state) + 1, stacks


def test_9_18_the_chip_race_run_live_is_the_simulators_and_leaves_the_chips_in_play() -> None:
    from pyholdem.spec.tournament import colour_up_table

    state, at, stacks = raced()
    assert status(state, at)["chips_in_play"] == 10_000
    after, answers = apply(state, "colour_up", {"stacks": stacks}, at)
    seats = state.tables[1].seats
    expected = colour_up_table(
        {seat: stacks[name] for seat, name in seats.items()}, 5, 25, state.rules, button=3, seed="7-race-1-25"
    )
    (race,) = after.races
    assert race["tables"][0]["after"] == {seats[seat]: chips for seat, chips in expected.items()}
    s = status(after, at)
    assert s["chips_in_play"] == sum(expected.values()) == 10_000 - s["chips_removed"]
    assert {p["name"]: p["chips"] for p in s["players"]} == {seats[k]: v for k, v in expected.items()}
    assert after.rules.chip_unit == 25 and s["colour_up"] is None
    assert "chip race" in answers["summary"]


def test_9_18_a_race_with_real_cards_is_entered_as_the_chips_after_it() -> None:
    state, at, stacks = raced()
    result = {n: c - c % 25 for n, c in stacks.items()}
    result["p1"] += 25  # the race's two chips of 25, won by p1 and p3
    result["p3"] += 25
    after, _ = apply(state, "colour_up", {"after": result}, at)
    assert status(after, at)["chips_in_play"] == sum(result.values()) == 10_000 - after.chips_removed
    bad = dict(result, p2=result["p2"] + 5)
    refused(state, "colour_up", {"after": bad}, "9.18", at)
    refused(state, "colour_up", {"after": dict(result, p2=0)}, "9.18", at)  # nobody raced out
    refused(state, "colour_up", {"after": {**result, "p2": 10**6}}, "9.18", at)  # far too many chips
    refused(state, "colour_up", {"stacks": dict(stacks, p1=stacks["p1"] + 5)}, "9.18", at)  # miscounted
    refused(state, "colour_up", {"stacks": {"p1": 1000}}, "9.18", at)  # not everyone
    refused(state, "colour_up", {"stacks": stacks, "after": result}, "9.18", at)
    refused(state, "colour_up", {"stacks": dict(stacks, p1="lots")}, "9.18", at)


def test_9_18_a_player_raced_out_is_placed_as_busted() -> None:
    state, at, stacks = raced(chip_race_no_elimination=False)
    stacks = dict(stacks, p2=10, p4=1990)  # p2 has only odd chips: two 5s
    result = {n: c - c % 25 for n, c in stacks.items()}
    result["p1"] += 25
    after, answers = apply(state, "colour_up", {"after": result}, at)
    assert after.entrants["p2"].place == 10 and "raced out" in answers["summary"]
    assert "p2" not in after.tables[1].seats.values()
    assert status(after, at)["players_left"] == 9


def test_9_15_between_levels_balances_once_every_table_has_played_out_its_hand() -> None:
    """Bill balances at a level change (§9.15 ``"between_levels"``): the hands under way finish at
    the old level (§9.4), each table reports its hand, and the tables are balanced before any of
    them deals a second hand since the change, with the busts of those hands."""
    state = started("seed_000_bill_limit", entrants=14, seats=10)
    assert sorted(len(t.seats) for t in state.tables.values()) == [7, 7]
    two = sorted(state.tables[1].seats.values())[:2]
    state, answers = apply(state, "bust", {"names": two}, T0 + 60)
    assert answers["moves"] == []  # 5 and 7: not balanced within a level
    started_5_7 = state
    assert status(state, T0 + 61)["balance_at_level_change"]
    assert status(state, T0 + 61)["level_balance_waiting"] is None
    level_2 = T0 + state.setup.structure.level(1).duration * 60 + 1  # type: ignore[operator]
    # the clock passes the level's end before any event: every table is waited for already
    assert status(state, level_2)["level_balance_waiting"] == [1, 2]
    for table in (1, 2):
        state, answers = apply(state, "hand_finished", {"table": table, "button": 1, "big_blind": 3}, level_2)
        assert answers["moves"] == []
    assert status(state, level_2)["level_balance_waiting"] == []
    from pyholdem.director.report import format_status, next_steps

    assert "every table has reported; the tables are balanced with the next event" in format_status(
        status(state, level_2)
    )
    # the next event comes after every table's report: the balancing is decided with it
    after, answers = apply(state, "chip_count", {"name": "p5", "chips": 1000}, level_2 + 1)
    assert [m["section"] for m in answers["moves"]] == ["§9.15"]
    assert sorted(len(t.seats) for t in after.tables.values()) == [6, 6]
    assert status(after, level_2 + 1)["level_balance_waiting"] is None
    assert not status(after, level_2 + 1)["balance_at_level_change"]
    # or a table's next report: decided before it, on the positions of the hands reported
    again, answers = apply(state, "hand_finished", {"table": 2, "button": 2, "big_blind": 4}, level_2 + 90)
    assert [(m["from"], m["section"]) for m in answers["moves"]] == [
        (m["from"], m["section"]) for m in apply(state, "pause", {}, level_2 + 90)[1]["moves"]
    ]
    assert again.tables[2].big_blind == 4
    # one table still to report: nothing yet
    waiting, _ = apply(state.previous, "pause", {}, level_2 + 2)  # type: ignore[arg-type]
    assert status(waiting, level_2 + 2)["level_balance_waiting"] == [2] and not waiting.moves
    steps = next_steps(status(waiting, level_2 + 2), "e.db")
    assert any("table 2's hand ends" in step and "hand-finished e.db 2" in step for step in steps)
    assert "balanced once tables 2 report their hand" in format_status(status(waiting, level_2 + 2))
    assert "balanced at the next level change (§9.15)" in format_status(status(started_5_7, T0 + 61))


def test_9_16_a_table_emptied_by_busts_is_broken_without_moves() -> None:
    state = started("tda_2024", entrants=7, seats=3)
    assert {n: len(t.seats) for n, t in state.tables.items()} == {1: 3, 2: 2, 3: 2}
    both = sorted(state.tables[3].seats.values())
    after, answers = apply(state, "bust", {"names": both}, T0 + 60)
    assert sorted(after.tables) == [1, 2] and answers["moves"] == []
    assert "table 3 breaks (§9.16)" in after.latest
