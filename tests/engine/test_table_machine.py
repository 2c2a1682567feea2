"""``Table`` under random legal and hostile calls (§3.3–3.8, §3.18–3.23, §12.13), as a Hypothesis state
machine: two tables, one on the C engine (``"auto"``) and one on the spec engine, take every call in
lockstep. After every step: both answered alike (the same result, or the same typed refusal), a
refused call changed nothing (full snapshots), chips are conserved, nobody sits twice, the button is
never on the big blind of three or more and the table's own checks (``session_problems``, §3.5,
§3.18) find nothing; at the end the histories replay as a session."""

from __future__ import annotations

import copy
import math
import pickle
import random
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
    run_state_machine_as_test,
)

from pyholdem import LegalActions, PyHoldemError, Table, preset
from pyholdem.history.table_checks import session_problems
from pyholdem.spec.table import ENTRY_OPTIONS, MAKEUP_OPTIONS, busted_player_leaves

PRESETS = ("tda_2024", "tda_2024_cash", "seed_004_online", "seed_003_general", "seed_002_sng_addon")
HOSTILE = (
    -1,
    0,
    1.5,
    math.nan,
    math.inf,
    "100",
    None,
    True,
    2**63,
    2**200,
    -(2**63),
    (10,),
)
AMOUNTS = st.one_of(
    st.integers(1, 3000), st.sampled_from((2000, 20_000, 2**61, 2**64)), st.sampled_from(HOSTILE)
)
SEATS = st.integers(-1, 7)
ENTRIES = st.sampled_from((*ENTRY_OPTIONS, *MAKEUP_OPTIONS, None, "jump_in", 3))
BUY_INS = st.sampled_from((1000, 1000, 1500, 2000, 40))


def _private(t: Table) -> tuple[Any, ...]:
    """Everything a call could change, read after the table settled its last hand (``seats``)."""
    assert t.seats is not None  # settles the last hand, if over
    hand = t.hand
    players = tuple(
        None if p is None else (p.name, p.status, p.entry, p.new, p.owes_small, p.owes_big, p.button_passed)
        for p in t._seats
    )
    return (
        players,
        t._stacks,
        t._arrivals,
        dict(t._added),
        repr(t._removed_log),
        tuple(t.ledger),
        tuple((r.names, r.absent, dict(r.added)) for r in t._records),
        t.chips_in,
        t.chips_out,
        t._count,
        tuple(t._eliminated),
        t._previous,
        t._stakes,
        t._pending,
        t.rules,
        t._settled,
        t._absent_at_deal,
        t._dealt,
        len(t.hands),
        len(t.setups),
        None if hand is None else (hand.events, hand.stacks, hand.to_act, hand.pot_total()),
    )


def _public(t: Table) -> tuple[Any, ...]:
    """What the table shows: its seats, ledger, positions and hand (the same on both engines)."""
    hand = t.hand
    running = None
    if hand is not None:
        legal = None if hand.is_over else hand.legal_actions()
        running = (hand.events, hand.stacks, hand.to_act, hand.result, legal, hand.setup)
    return (t.seats, tuple(t.ledger), t.positions, t.blinds, t.hand_number, t.eliminated, running)


def _legal_choice(legal: LegalActions, rng: random.Random) -> tuple[str, int | None]:
    choices: list[tuple[str, int | None]] = [("check", None)] if legal.check else [("call", None)] * 3
    if legal.fold and not legal.check:
        choices.append(("fold", None))
    if legal.min_raise_to is not None and legal.max_raise_to is not None:
        kind = "bet" if legal.is_bet else "raise"
        choices += [(kind, legal.min_raise_to), (kind, rng.randint(legal.min_raise_to, legal.max_raise_to))]
    return rng.choice(choices)


class TableLockstep(RuleBasedStateMachine):
    """A table on the C engine and its twin on the spec engine, called alike."""

    def __init__(self) -> None:
        super().__init__()
        self.tables: list[Table] = []

    @initialize(
        name=st.sampled_from(PRESETS),
        dead=st.booleans(),
        fixed=st.booleans(),
        seats=st.integers(2, 6),
        button=st.one_of(st.none(), st.integers(0, 5)),
        seed=st.integers(0, 3),
        players=st.integers(0, 6),
    )
    def start(
        self, name: str, dead: bool, fixed: bool, seats: int, button: int | None, seed: int, players: int
    ) -> None:
        rules = preset(name)
        if dead:
            rules = rules.replace(button_rule="dead")
        if fixed:
            rules = rules.replace(betting_structure="fixed_limit")
        first = None if button is None else button % seats
        self.tables = [
            Table(rules, seats, blinds=(5, 10), button=first, seed=f"machine-{seed}", engine=engine)
            for engine in ("auto", "spec")
        ]
        for seat in range(min(players, seats)):
            self.both(lambda t, s=seat: t.sit(s, 1000, post=t.rules.new_player_entry[-1]))

    # ------------------------------------------------------------------ helpers
    def both(self, call: Callable[[Table], Any]) -> None:
        """``call`` on both tables: the same answer, or the same typed refusal that changed nothing."""
        before = [_private(t) for t in self.tables]
        outcomes = []
        for t in self.tables:
            try:
                result = call(t)
            except PyHoldemError as exc:
                outcomes.append(("refused", type(exc).__name__, exc.section, str(exc)))
            else:
                outcomes.append(("done", None if result is None or hasattr(result, "events") else result))
        assert outcomes[0] == outcomes[1]
        if outcomes[0][0] == "refused":
            assert [_private(t) for t in self.tables] == before, outcomes[0]

    @property
    def running(self) -> bool:
        return self.tables[0].hand_running

    # ------------------------------------------------------------------ between hands
    @rule(seat=st.integers(0, 5), stack=BUY_INS, data=st.data())
    def sit_down(self, seat: int, stack: int, data: st.DataObject) -> None:
        t = self.tables[0]
        post = data.draw(st.sampled_from(t.rules.new_player_entry))
        self.both(lambda t: t.sit(seat % t.seat_count, stack, post=post))

    @rule(seat=SEATS, stack=AMOUNTS, post=ENTRIES, named=st.booleans())
    def sit(self, seat: int, stack: Any, post: Any, named: bool) -> None:
        name = f"P{seat}" if named else None
        if post is None:
            self.both(lambda t: t.sit(seat, stack, name=name))
        else:
            self.both(lambda t: t.sit(seat, stack, name=name, post=post))

    @rule(seat=SEATS)
    def leave(self, seat: int) -> None:
        self.both(lambda t: t.leave(seat))

    @rule(seat=SEATS)
    def away(self, seat: int) -> None:
        self.both(lambda t: t.away(seat))

    @rule(seat=SEATS, post=ENTRIES)
    def back(self, seat: int, post: Any) -> None:
        self.both(lambda t: t.back(seat, post=post))

    @rule(seat=SEATS, amount=AMOUNTS)
    def add_chips(self, seat: int, amount: Any) -> None:
        self.both(lambda t: t.add_chips(seat, amount))

    @rule(unit=st.sampled_from((1, 5, 10, 0, -5, 2.5, "5")), other=st.booleans())
    def set_rules(self, unit: Any, other: bool) -> None:
        def change(t: Table) -> None:
            rules = t.rules.replace(chip_unit=unit)
            t.set_rules(rules.replace(max_seats=rules.max_seats - 1) if other else rules)

        self.both(change)

    @rule(blinds=st.sampled_from(((5, 10), (10, 20), 10, (10,), (0, 5), (20, 10), "x", (5, 10, 20))))
    def set_stakes(self, blinds: Any) -> None:
        self.both(lambda t: t.set_stakes(blinds))

    @rule()
    def next_hand(self) -> None:
        self.both(lambda t: t.next_hand())

    @rule(seed=st.integers(0, 2**16), between=st.booleans(), hands=st.integers(1, 4))
    def play_hands(self, seed: int, between: bool, hands: int) -> None:
        """``hands`` times: play the hand out (dealt when none runs) with random legal actions, on both
        tables; before it, maybe, the busted add chips and the away come back."""
        rng = random.Random(seed)
        for _ in range(hands):
            self.play_a_hand(rng, between)

    def play_a_hand(self, rng: random.Random, between: bool) -> None:
        if between and not self.running:
            t = self.tables[0]
            for view in t.seats:
                if view.state == "away" and view.stack == 0 and not busted_player_leaves(t.rules):
                    self.both(lambda t, s=view.seat: t.add_chips(s, 1000))
                elif view.state == "away" and rng.random() < 0.5:
                    self.both(lambda t, s=view.seat: t.back(s))
        if not self.running:
            self.both(lambda t: t.next_hand())
        while self.running:
            if rng.random() < 0.05:
                self.both(lambda t: t.fold_absent())
                continue
            legal = self.tables[0].hand.legal_actions()  # type: ignore[union-attr]
            choice = _legal_choice(legal, rng)
            self.both(lambda t, c=choice: t.hand.act(*c))  # type: ignore[union-attr,misc]

    @precondition(lambda self: not self.running)
    @rule(seat=st.integers(0, 5), kind=st.sampled_from(("away", "back", "leave")))
    def come_and_go(self, seat: int, kind: str) -> None:
        self.both(lambda t: getattr(t, kind)(seat % t.seat_count))

    @rule(how=st.sampled_from(("pickle", "deepcopy")))
    def copy_mid_way(self, how: str) -> None:
        copier = (lambda t: pickle.loads(pickle.dumps(t))) if how == "pickle" else copy.deepcopy
        copies = [copier(t) for t in self.tables]
        assert [_public(c) for c in copies] == [_public(t) for t in self.tables]
        self.tables = copies

    # ------------------------------------------------------------------ during a hand
    @precondition(lambda self: self.running)
    @rule(seed=st.integers(0, 2**16))
    def act_legally(self, seed: int) -> None:
        legal = self.tables[0].hand.legal_actions()  # type: ignore[union-attr]
        kind, amount = _legal_choice(legal, random.Random(seed))
        self.both(lambda t: t.hand.act(kind, amount))  # type: ignore[union-attr]

    @precondition(lambda self: self.running)
    @rule(
        kind=st.sampled_from(("fold", "check", "call", "bet", "raise", "dance", None)),
        amount=st.one_of(st.none(), AMOUNTS),
    )
    def act_hostile(self, kind: Any, amount: Any) -> None:
        self.both(lambda t: t.hand.act(kind, amount))  # type: ignore[union-attr]

    @precondition(lambda self: self.running)
    @rule()
    def fold_absent(self) -> None:
        self.both(lambda t: t.fold_absent())

    @rule(number=st.integers(-1, 3))
    def players_of(self, number: int) -> None:
        self.both(lambda t: t.players(number))

    # ------------------------------------------------------------------ after every step
    @invariant()
    def engines_agree(self) -> None:
        if self.tables:
            assert _public(self.tables[0]) == _public(self.tables[1])

    @invariant()
    def chips_are_conserved(self) -> None:
        for t in self.tables:
            assert t.chips_on_table() == t.chips_in - t.chips_out

    @invariant()
    def nobody_sits_twice(self) -> None:
        for t in self.tables:
            names = [v.name for v in t.seats if v.name is not None]
            assert len(names) == len(set(names))

    @invariant()
    def the_button_is_never_the_big_blind(self) -> None:
        for t in self.tables:
            hand, p = t.hand, t.positions
            if hand is not None and p is not None and sum(s == "in" for s in hand.setup.seats) >= 3:
                assert p.button != p.big_blind, p

    @invariant()
    def the_tables_checks_pass(self) -> None:
        for t in self.tables:
            assert session_problems(t, replay=False) == []

    def teardown(self) -> None:
        if self.tables and self.tables[0].hand_number:
            assert session_problems(self.tables[0]) == []


SHORT = settings(
    max_examples=12,
    stateful_step_count=40,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)


def test_3_18_table_in_lockstep_under_legal_and_hostile_calls() -> None:
    run_state_machine_as_test(TableLockstep, settings=SHORT)


@pytest.mark.slow
def test_3_18_table_in_lockstep_under_legal_and_hostile_calls_longer() -> None:
    run_state_machine_as_test(
        TableLockstep,
        settings=settings(SHORT, max_examples=250, stateful_step_count=80),
    )
