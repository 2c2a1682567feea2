"""A tournament driven by random legal and hostile calls (spec 09), its invariants checked after
every step: chips conserved, a refused call typed and without effect, nobody seated twice, no table
of one dealt, places covering the players out exactly once (ties as ranges), prizes summing to the
pool, and copies (pickle, deep copy) playing on as the original."""

from __future__ import annotations

import copy
import pickle
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from pyholdem import Tournament, preset, random_policy
from pyholdem.errors import PyHoldemError
from pyholdem.rules.structure import structure_preset
from tests.engine.test_tournament_properties import check_result

RULES = ("tda_2024", "seed_000_home_nl", "seed_000_bill_limit", "seed_001_event", "seed_002_sng_addon")
STRUCTURES = ("seed_000_home_nl", "seed_000_bill_limit", "seed_002_sng_addon")
HOSTILE_NAMES = st.one_of(
    st.sampled_from(["", "nobody", "p1", "p999"]),
    st.none(),
    st.integers(-3, 3),
    st.floats(allow_nan=True),
    st.lists(st.text(max_size=2), max_size=2),
)
AMOUNTS = st.one_of(
    st.integers(0, 3600),
    st.sampled_from([-1, -(10**30), 10**30, 2**63]),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=3),
    st.none(),
)


def snapshot(t: Tournament) -> tuple[Any, ...]:
    """All a caller sees: the result data, every seat, the hands of the round (their log and state)."""
    seats = {
        n: tuple((v.seat, v.name, v.stack, v.state) for v in table.seats) for n, table in t.tables.items()
    }
    hands = {
        n: (h.events, h.stacks, h.to_act, h.street, h.board, h.is_over, pickle.loads(pickle.dumps(h)).events)
        for n, h in t.in_progress.items()
    }
    return (t.result_json(), seats, hands, t.rounds, t.seconds, t.level, t.is_over, t.structure)


def random_action(hand: Any, rng: random.Random) -> tuple[str, int | None]:
    """A legal action drawn at random (a raise to a random legal amount: a multiple of the chip unit,
    the least or all-in, §5.12)."""
    legal = hand.legal_actions()
    choices: list[tuple[str, int | None]] = [("fold", None)]
    if legal.check:
        choices.append(("check", None))
    if legal.call:
        choices.append(("call", None))
    if legal.min_raise_to is not None and legal.max_raise_to is not None:
        kind = "bet" if legal.is_bet else "raise"
        low, high = legal.min_raise_to, legal.max_raise_to
        amount = rng.randint(low, high)
        if amount != high:
            amount = max(low, amount - amount % hand.rules.chip_unit)
        choices.append((kind, amount))
    return rng.choice(choices)


class TournamentMachine(RuleBasedStateMachine):
    t: Tournament

    @initialize(
        rules=st.sampled_from(RULES),
        structure=st.sampled_from(STRUCTURES),
        entrants=st.integers(3, 16),
        seats=st.integers(3, 10),
        late=st.booleans(),
        rebuys=st.integers(0, 2),
        seed=st.integers(0, 10**6),
    )
    def start(
        self, rules: str, structure: str, entrants: int, seats: int, late: bool, rebuys: int, seed: int
    ) -> None:
        chosen = preset(rules).replace(late_entry=late, max_rebuys=rebuys, rebuy_window_levels=None)
        s = structure_preset(structure)
        self.t = Tournament(chosen, s, entrants, seats_per_table=seats, seed=seed, seconds_per_hand=300)
        self.rng = random.Random(seed)
        self.late = 0

    # ------------------------------------------------------------------ helpers
    def refused(self, call: Any) -> bool:
        """Make ``call``; if refused, it must be a typed error naming a section and change nothing."""
        before = snapshot(self.t)
        try:
            call()
        except PyHoldemError as exc:
            assert "§" in str(exc), exc
            assert snapshot(self.t) == before, f"refused {exc} but changed the tournament"
            return True
        return False

    def names(self) -> list[str]:
        return [s.name for s in self.t.standings]

    # ------------------------------------------------------------------ legal play
    @rule(actions=st.integers(1, 400))
    def play_round(self, actions: int) -> None:
        t = self.t
        for hand in t.in_progress.values():
            while not hand.is_over:
                hand.act(*random_action(hand, self.rng))
        if self.refused(t.next_hands) or t.is_over:
            return
        for table in t.tables.values():
            assert sum(table.setups[-1].in_hand) >= 2, "a table of one was dealt"
        for _, hand in sorted(t.in_progress.items()):
            while not hand.is_over and actions:
                hand.act(*random_action(hand, self.rng))
                actions -= 1

    @rule()
    def play_to_the_end(self) -> None:
        t = self.t
        for hand in t.in_progress.values():
            while not hand.is_over:
                hand.act(*random_action(hand, self.rng))
        if not t.is_over:
            try:
                t.play(random_policy(self.rng.getrandbits(32)), max_rounds=t.rounds + 150)
            except PyHoldemError as exc:  # not over within the rounds allowed (§9.20)
                assert "did not end" in str(exc), exc

    @rule(data=st.data())
    def buy(self, data: st.DataObject) -> None:
        names = self.names()
        name = data.draw(st.sampled_from(names)) if names else "p1"
        how = data.draw(st.sampled_from(["rebuy", "add_on", "away", "back"]))
        self.refused(lambda: getattr(self.t, how)(name))

    @rule()
    def enter(self) -> None:
        self.late += 1
        self.refused(lambda: self.t.enter(f"late{self.late}"))

    @rule(seconds=st.integers(0, 3600))
    def advance(self, seconds: int) -> None:
        self.refused(lambda: self.t.advance(seconds))

    @rule(method=st.sampled_from(["icm", "chip_chop"]), everyone=st.booleans())
    def deal(self, method: str, everyone: bool) -> None:
        t = self.t
        agree = t.remaining if everyone else t.remaining[1:]
        self.refused(lambda: t.deal(method, agree=agree))

    @rule(how=st.sampled_from(["pickle", "deepcopy"]))
    def copy_and_go_on_with_the_copy(self, how: str) -> None:
        twin = pickle.loads(pickle.dumps(self.t)) if how == "pickle" else copy.deepcopy(self.t)
        assert snapshot(twin) == snapshot(self.t)
        self.t = twin

    # ------------------------------------------------------------------ hostile calls
    @rule(name=HOSTILE_NAMES, how=st.sampled_from(["rebuy", "add_on", "away", "back", "enter", "stack"]))
    def call_with_a_bad_name(self, name: Any, how: str) -> None:
        if isinstance(name, str) and name in self.names() and how != "enter":
            return
        if how == "enter" and isinstance(name, str) and name and name not in self.names():
            return  # a new entrant's name: a late entry may be open
        assert self.refused(lambda: getattr(self.t, how)(name)), f"{how}({name!r}) was accepted"

    @rule(amount=AMOUNTS)
    def advance_by_a_bad_amount(self, amount: Any) -> None:
        if isinstance(amount, int) and not isinstance(amount, bool) and 0 <= amount <= 3600:
            return
        assert self.refused(lambda: self.t.advance(amount)), f"advance({amount!r}) was accepted"

    @rule(agree=st.one_of(st.none(), st.integers(), st.just("p1"), st.just([None])), rounds=AMOUNTS)
    def bad_deal_and_play(self, agree: Any, rounds: Any) -> None:
        assert self.refused(lambda: self.t.deal("icm", agree=agree))
        if not (isinstance(rounds, int) and not isinstance(rounds, bool) and rounds >= 0):
            assert self.refused(lambda: self.t.play(random_policy(1), max_rounds=rounds))

    @precondition(lambda self: bool(self.t.in_progress))
    @rule()
    def next_hands_while_hands_run(self) -> None:
        assert self.refused(self.t.next_hands)

    @precondition(lambda self: self.t.is_over)
    @rule()
    def calls_after_the_end(self) -> None:
        for call in (lambda: self.t.enter("after"), lambda: self.t.advance(1), lambda: self.t.rebuy("p1")):
            assert self.refused(call)
        assert self.t.next_hands() == []

    # ------------------------------------------------------------------ invariants
    @invariant()
    def chips_are_conserved(self) -> None:
        assert self.t.chips_in_play() == self.t.chips_expected

    @invariant()
    def nobody_sits_twice(self) -> None:
        seated = [v.name for table in self.t.tables.values() for v in table.seats if v.name is not None]
        assert len(seated) == len(set(seated))

    @invariant()
    def places_cover_the_players_out(self) -> None:
        t = self.t
        covered: list[int] = []
        blocks: dict[tuple[int, int], int] = {}
        for s in t.standings:
            if isinstance(s.place, int):
                covered.append(s.place)
            elif s.place is not None:
                blocks[s.place] = blocks.get(s.place, 0) + 1
        for (best, worst), count in blocks.items():
            assert count == worst - best + 1
            covered.extend(range(best, worst + 1))
        assert sorted(covered) == list(range(len(t.remaining) + 1, t.entries + 1))
        if t.is_over:
            check_result(t)


TournamentMachine.TestCase.settings = settings(
    max_examples=6, stateful_step_count=15, deadline=None, suppress_health_check=list(HealthCheck)
)
test_tournament_random_and_hostile_calls = TournamentMachine.TestCase


class LongerTournamentMachine(TournamentMachine):
    pass


LongerTournamentMachine.TestCase.settings = settings(
    max_examples=25, stateful_step_count=30, deadline=None, suppress_health_check=list(HealthCheck)
)
test_tournament_random_and_hostile_calls_longer = pytest.mark.slow(LongerTournamentMachine.TestCase)
