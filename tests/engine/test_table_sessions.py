"""Properties of seeded random sessions at a table (§3.4–3.8, §3.18–3.21): every preset and button
rule, 2–10 seats, random arrivals, departures, absences, returns and busts. ``make run`` plays
bigger sessions."""

from __future__ import annotations

from itertools import pairwise

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pyholdem import HandSetup, RuleSet, RuleViolation, preset
from pyholdem.engine import planning
from pyholdem.engine.setup import with_stacks
from pyholdem.engine.table import Table, random_session
from pyholdem.history.table_checks import session_problems
from pyholdem.rules.ruleset import PRESETS

HANDS = 300
CASES = [(name, seats) for name in sorted(PRESETS) for seats in (2, 6, 10)] + [
    (rule, seats) for rule in ("dead", "moving", "frozen_on_blind_bust") for seats in (3, 9)
]


def rules_of(name: str) -> RuleSet:
    return preset(name) if name in PRESETS else RuleSet(button_rule=name)


@pytest.mark.parametrize(("name", "seats"), CASES)
def test_3_18_session_conserves_chips(name: str, seats: int) -> None:
    t = random_session(rules_of(name), seats, HANDS, seed=seats)
    assert t.hand_number == HANDS
    assert t.chips_on_table() == t.chips_in - t.chips_out
    for hand in t.hands:
        assert sum(hand.result.stacks) == sum(hand.initial_stacks)


def _big_blind_posters(t: Table) -> list[tuple[int, str | None, frozenset[int]]]:
    out = []
    for number, hand in enumerate(t.hands, 1):
        names = t.players(number)
        big = hand.state.blind_seats[-1]
        dealt = frozenset(s for s in range(len(names)) if hand.hole_cards(s))
        out.append((big, names[big], dealt))
    return out


@pytest.mark.parametrize("seats", [3, 6, 10])
def test_3_5_dead_button_nobody_skips_or_repeats_the_big_blind(seats: int) -> None:
    t = random_session(RuleSet(), seats, HANDS * 2, seed=100 + seats)
    posters = _big_blind_posters(t)
    checked = 0
    for k, ((big, name, dealt), (next_big, next_name, next_dealt)) in enumerate(pairwise(posters)):
        if len(next_dealt) < 3:
            continue
        checked += 1
        assert next_name != name, f"hand {k + 2}: {name} posts the big blind twice in a row"
        stayed = [s for s in dealt & next_dealt if t.players(k + 1)[s] == t.players(k + 2)[s]]
        skipped = [s for s in stayed if 0 < (s - big) % seats < (next_big - big) % seats]
        assert not skipped, f"hand {k + 2}: the big blind moved from {big} to {next_big} past {skipped}"
    assert checked > HANDS // 2


@pytest.mark.parametrize("seats", [4, 7, 10])
@pytest.mark.parametrize("name", ["tda_2024_cash", "seed_004_online", "pokerkit_0_7"])
def test_3_18_every_missed_blind_is_owed_and_settled_once(name: str, seats: int) -> None:
    t = random_session(preset(name), seats, HANDS * 2, seed=seats)
    assert any(e.what == "missed" for e in t.ledger)
    open_debts: dict[tuple[int, str, str], int] = {}
    for entry in t.ledger:
        key = (entry.seat, entry.name, entry.blind)
        if entry.what == "missed":
            assert key not in open_debts, f"{key} owed twice"
            open_debts[key] = entry.hand
        else:
            assert key in open_debts, f"{key} settled but not owed"
            del open_debts[key]
            if entry.what == "collected":
                hand = t.hands[entry.hand - 1]
                kinds = {(e.kind, e.seat) for e in hand.events}
                if entry.blind == "small_blind":
                    assert ("dead_blind", entry.seat) in kinds
                else:
                    assert ("blind", entry.seat) in kinds
    dead_blinds = [(n, e.seat) for n, h in enumerate(t.hands, 1) for e in h.events if e.kind == "dead_blind"]
    collected = [(e.hand, e.seat) for e in t.ledger if (e.what, e.blind) == ("collected", "small_blind")]
    assert dead_blinds == collected and dead_blinds
    seated = {(v.seat, v.name) for v in t.seats}
    for seat, player, blind in open_debts:
        assert (seat, player) in seated
        assert blind in t.seats[seat].owes


@pytest.mark.parametrize(
    ("name", "seats"),
    [("tda_2024", 9), ("tda_2024_cash", 9), ("seed_002_sng_addon", 6), ("seed_004_online", 5)],
)
def test_3_20_native_and_spec_engines_play_the_same_session(name: str, seats: int) -> None:
    native = random_session(preset(name), seats, 200, seed=seats, engine="native")
    spec = random_session(preset(name), seats, 200, seed=seats, engine="spec")
    assert {h.engine for h in native.hands} == {"native"} and {h.engine for h in spec.hands} == {"spec"}
    assert [h.events for h in native.hands] == [h.events for h in spec.hands]
    assert [h.result.stacks for h in native.hands] == [h.result.stacks for h in spec.hands]
    assert native.seats == spec.seats and native.ledger == spec.ledger


@pytest.mark.parametrize(
    "cutoff", ["end_of_initial_deal", "own_second_card", "not_dealt_blinds_forced", "own_turn_plus_timeout"]
)
def test_3_19_absent_players_never_act_and_their_posts_stay_in(cutoff: str) -> None:
    t = random_session(RuleSet(absent_cutoff=cutoff), 8, HANDS * 2, seed=7)
    absent_hands = 0
    for number, hand in enumerate(t.hands, 1):
        absent = t.absent_at_deal(number)
        absent_hands += bool(absent)
        for seat in absent:
            assert hand.hole_cards(seat)
            acts = [
                e.kind for e in hand.events if e.seat == seat and e.kind in ("check", "call", "bet", "raise")
            ]
            if cutoff != "own_turn_plus_timeout":
                assert not acts, f"hand {number}: absent seat {seat} played {acts}"
    assert absent_hands > 10


@settings(max_examples=12)
@given(
    name=st.sampled_from([*sorted(PRESETS), "dead", "moving", "frozen_on_blind_bust"]),
    seats=st.integers(2, 10),
    seed=st.integers(0, 2**32),
)
def test_3_18_random_sessions_keep_the_table_consistent(name: str, seats: int, seed: int) -> None:
    t = random_session(rules_of(name), seats, 40, seed=seed)
    assert t.chips_on_table() == t.chips_in - t.chips_out
    for view in t.seats:
        assert (view.state == "empty") == (view.name is None)
        assert view.stack >= 0 and (view.state != "playing" or view.stack > 0)
    for number, hand in enumerate(t.hands, 1):
        names = t.players(number)
        assert all(names[s] is not None for s in range(seats) if hand.hole_cards(s))


@pytest.mark.parametrize("name", ["tda_2024", "tda_2024_cash", "seed_003_general"])
def test_3_20_every_setup_a_table_lays_out_again_passes_the_full_check(name: str) -> None:
    t = random_session(preset(name), 9, HANDS, seed=5)
    for setup in t.setups:
        again = HandSetup(
            setup.rules,
            setup.stacks,
            button=setup.button,
            posts=setup.posts,
            blinds=setup.blinds,
            bet_sizes=setup.bet_sizes,
            seats=setup.seats,
            seed=setup.seed,
        )
        assert again == setup


_REBUY_RULES = preset("tda_2024_cash")


def _rebuy_session(engine: str) -> Table:
    """The benchmark's session (benchmarks/bench_table.py), shorter: nine seats, every busted
    player buys in again and comes back; most hands are laid out again from the table's cache."""
    import random

    t = Table(_REBUY_RULES, 9, blinds=(50, 100), button=0, seed="rebuys", engine=engine)
    for seat in range(9):
        t.sit(seat, 10_000, post="post_bb_now")
    for number in range(120):
        for view in t.seats:
            if view.stack == 0:
                t.add_chips(view.seat, 10_000)
                t.back(view.seat)
        hand = t.next_hand()
        rng = random.Random(number)
        while not hand.is_over:
            legal = hand.legal_actions()
            if legal.min_raise_to is not None and rng.random() < 0.2:
                hand.act("bet" if legal.is_bet else "raise", legal.max_raise_to)
            else:
                hand.act("check" if legal.check else "call")
    return t


def test_3_20_a_table_laying_hands_out_again_deals_what_the_full_check_accepts() -> None:
    native, spec = _rebuy_session("native"), _rebuy_session("spec")
    firsts = {id(layout.setup) for layout in planning.known_layouts()}
    assert sum(id(s) not in firsts for s in native.setups) > native.hand_number / 2  # laid out again
    assert [h.events for h in native.hands] == [h.events for h in spec.hands]
    assert native.seats == spec.seats and native.ledger == spec.ledger
    assert sum(0 in h.result.stacks for h in native.hands) >= 3  # players busted and bought in again
    for setup, hand in zip(native.setups, native.hands, strict=True):
        again = HandSetup(
            setup.rules,
            setup.stacks,
            button=setup.button,
            posts=setup.posts,
            blinds=setup.blinds,
            bet_sizes=setup.bet_sizes,
            seats=setup.seats,
            seed=setup.seed,
        )
        assert again == setup and hand.setup is setup
    previous = None
    for number, (setup, hand) in enumerate(zip(native.setups, native.hands, strict=True), 1):
        assert setup.seed == f"rebuys-{number}"
        if previous is not None:  # each hand starts from the stacks the last one ended with, rebuys added
            added = [10_000 if s == 0 else 0 for s in previous.result.stacks]
            assert list(setup.stacks) == [s + a for s, a in zip(previous.result.stacks, added, strict=True)]
        previous = hand


def test_3_20_with_stacks_refuses_stacks_that_do_not_fit_the_seats() -> None:
    t = random_session(RuleSet(), 6, 5, seed=1)
    setup = t.setups[-1]
    empty = setup.seats.index("empty") if "empty" in setup.seats else None
    bad = [list(setup.stacks) for _ in range(3)]
    bad[0][setup.seats.index("in")] = 0
    bad[1][setup.seats.index("in")] = 1.5
    bad[2] = bad[2][:-1]
    for stacks in bad:
        with pytest.raises(RuleViolation, match=r"§3\.1"):
            with_stacks(setup, stacks, "x")
    if empty is not None:
        stacks = list(setup.stacks)
        stacks[empty] = 5
        with pytest.raises(RuleViolation):
            with_stacks(setup, stacks, "x")
    assert with_stacks(setup, setup.stacks, "y").seed == "y"


def test_3_20_tables_in_the_same_state_share_their_layouts() -> None:
    """A layout one table planned is found by another in the same state (``plan_hand`` is pure):
    the second session plans nothing and deals the very same hands."""
    first = _rebuy_session("native")
    planned = len(planning.known_layouts())
    second = _rebuy_session("native")
    assert len(planning.known_layouts()) == planned or planned >= planning.LAYOUTS_KEPT
    assert [h.setup for h in second.hands] == [h.setup for h in first.hands]
    assert [h.events for h in second.hands] == [h.events for h in first.hands]
    assert second.ledger == first.ledger and second.seats == first.seats


def test_3_20_a_spec_engine_table_never_deals_a_layout_planned_in_c() -> None:
    """The shared layouts are kept apart by who planned them: a table on the spec engine plans its
    own (in Python) even after a C-engine table in the same state planned the same hands."""
    planning.forget_layouts()
    native = _rebuy_session("native")
    by_c = {id(layout) for layout in planning.known_layouts()}
    spec = _rebuy_session("spec")
    by_spec = [layout for layout in planning.known_layouts() if id(layout) not in by_c]
    assert by_spec and spec.layout is not None and id(spec.layout) not in by_c
    assert [h.setup for h in spec.hands] == [h.setup for h in native.hands]


def _play_out(t: Table) -> None:
    if not t.hand_running:
        t.next_hand()
    while t.hand_running:
        hand = t.hand
        assert hand is not None
        legal = hand.legal_actions()
        hand.act("check" if legal.check else "call" if legal.call is not None else "fold")


@pytest.mark.parametrize("engine", ["auto", "spec"])
def test_12_13_the_same_player_sitting_again_at_his_seat_keeps_his_history_continuous(engine: str) -> None:
    t = Table(preset("tda_2024"), 3, blinds=(5, 10), seed="again", engine=engine)
    for seat in range(3):
        t.sit(seat, 1000, name=f"N{seat}", post="post_bb_now")
    _play_out(t)
    finished = t.seats[0].stack
    t.add_chips(0, 100)
    assert t.leave(0) == finished + 100
    t.sit(0, 300, name="N0", post="post_bb_now")  # he takes his seat again with other chips
    _play_out(t)
    assert (t.chips_added(2), t.chips_removed(2)) == ({0: 300}, {0: finished})
    t.leave(1)
    t.sit(1, 500, name="Zed", post="post_bb_now")  # somebody else: a new player, nothing carried
    _play_out(t)
    assert (t.chips_added(3), t.chips_removed(3)) == ({}, {})
    assert session_problems(t) == []
