"""``LiveHand`` driven by legal calls mixed with hostile ones (spec 10, 11; §3.1, §4.2, §6.10).

After every step: a refused call raised a typed ``PyHoldemError`` and changed nothing (the full
snapshot), every card is in exactly one place (§1.1), the chips are conserved, the hand survives a
pickle round trip, and its history (as JSON) replays to the same hand.
"""

from __future__ import annotations

import json
import math
import pickle
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

from pyholdem import PyHoldemError, preset
from pyholdem.engine.live import LiveHand, replay_live
from pyholdem.engine.setup import setup_from_arguments
from pyholdem.history.live import history_from_data, history_to_data
from pyholdem.spec.cards import Card
from pyholdem.spec.irregularities import (
    MISDEAL_CAUSES,
    BoxedCard,
    BurnError,
    DeckFault,
    ExposedCard,
    FlopTooMany,
    Joker,
    Misdeal,
    PrematureCard,
    WrongCardCount,
)

PRESETS = ("tda_2024_cash", "seed_000_bill_limit", "seed_004_online", "seed_002_sng_addon")
BAD_SEATS = [-1, 9, 99, "0", 1.5, True, None, math.nan]
BAD_AMOUNTS = [math.nan, -5, 0, 10**30, 2**63, 1.5, "10", None, math.inf]
KINDS = ["fold", "check", "call", "bet", "raise", "all_in", "jump", "", None, 3]


def snapshot(h: LiveHand) -> tuple[Any, ...]:
    return (
        h.phase,
        h.places(),
        list(h.steps),
        list(h.rulings),
        h.events,
        h.stacks,
        h.pot_total(),
        h.to_act,
        h.setup,
    )


class LiveHandMachine(RuleBasedStateMachine):
    hand: LiveHand

    @initialize(
        name=st.sampled_from(PRESETS),
        stacks=st.lists(st.integers(1, 40) | st.integers(100, 2000), min_size=2, max_size=6),
        button=st.integers(0, 5),
        seed=st.integers(0, 2**32),
        deal=st.booleans(),
    )
    def start(self, name: str, stacks: list[int], button: int, seed: int, deal: bool) -> None:
        rules = preset(name).replace(live_play_layer=True)
        setup = setup_from_arguments(rules, stacks, button=button % len(stacks), blinds=(5, 10), seed=seed)
        self.hand = LiveHand(setup, deal=deal)

    def attempt(self, call: Callable[[], object]) -> None:
        before = snapshot(self.hand)
        try:
            call()
        except PyHoldemError:
            assert snapshot(self.hand) == before, "a refused call changed the hand"

    @rule()
    def cut(self) -> None:
        self.attempt(lambda: self.hand.cut_deck())

    @rule(seat=st.none() | st.integers(0, 5) | st.sampled_from(BAD_SEATS))
    def deal_hole(self, seat: Any) -> None:
        self.attempt(lambda: self.hand.deal_hole(seat))

    @rule()
    def deal_all(self) -> None:
        self.attempt(self.hand.deal_all)

    @rule(data=st.data())
    def legal_action(self, data: st.DataObject) -> None:
        h = self.hand
        if h.engine is None or h.is_over:
            return
        legal = h.legal_actions()
        kinds = ["fold"] + ["check"] * legal.check + ["call"] * (legal.call is not None)
        if legal.min_raise_to is not None:
            kinds.append("raise")
        kind = data.draw(st.sampled_from(kinds))
        if kind == "raise":
            assert legal.min_raise_to is not None and legal.max_raise_to is not None
            to = data.draw(st.integers(legal.min_raise_to, legal.max_raise_to))
            self.attempt(lambda: h.act("bet" if legal.is_bet else "raise", to))
        else:
            self.attempt(lambda: h.act(kind))

    @rule(
        kind=st.sampled_from(KINDS),
        amount=st.sampled_from(BAD_AMOUNTS) | st.integers(0, 3000),
        seat=st.none() | st.integers(0, 5) | st.sampled_from(BAD_SEATS),
    )
    def hostile_action(self, kind: Any, amount: Any, seat: Any) -> None:
        self.attempt(lambda: self.hand.act(kind, amount, seat=seat))

    @rule()
    def time_out(self) -> None:
        self.attempt(self.hand.time_out)

    @rule(
        seat=st.integers(0, 5) | st.sampled_from(BAD_SEATS),
        words=st.sampled_from(
            [None, "call", "raise", "fold", "check", "all in", 50, ("raise", 40), math.nan]
        ),
        chips=st.sampled_from([(), (10,), (25, 25), (-5,), (math.nan,), "10"]),
    )
    def declare(self, seat: Any, words: Any, chips: Any) -> None:
        self.attempt(lambda: self.hand.declare(seat, words, chips))

    @rule(
        event=st.sampled_from(
            [
                BoxedCard(),
                PrematureCard(),
                Joker(),
                FlopTooMany(4),
                BurnError("missing"),
                BurnError("extra"),
                BurnError("bogus"),
                None,
                "boxed",
                DeckFault("duplicate", None),  # type: ignore[arg-type]
                DeckFault("missing", "As"),  # type: ignore[arg-type]
            ]
        )
        | st.builds(Misdeal, st.sampled_from([*MISDEAL_CAUSES, "weather"]))
        | st.builds(WrongCardCount, st.integers(-1, 6), st.integers(0, 4))
        | st.builds(DeckFault, st.sampled_from(["missing", "duplicate"]), st.builds(Card, st.integers(0, 51)))
        | st.builds(ExposedCard, st.integers(-1, 6), st.builds(Card, st.integers(0, 51)))
    )
    def irregularity(self, event: Any) -> None:
        self.attempt(lambda: self.hand.apply(event))

    @rule(seat=st.integers(0, 5) | st.sampled_from(BAD_SEATS))
    def look_at_hole_cards(self, seat: Any) -> None:
        self.attempt(lambda: self.hand.hole_cards(seat))

    @rule()
    def pickle_round_trip(self) -> None:
        copy = pickle.loads(pickle.dumps(self.hand))
        assert snapshot(copy) == snapshot(self.hand)
        self.hand = copy

    @invariant()
    def cards_in_one_place(self) -> None:
        if hasattr(self, "hand"):
            self.hand.check_cards()

    @invariant()
    def chips_conserved(self) -> None:
        if hasattr(self, "hand"):
            h = self.hand
            assert sum(h.stacks) + h.pot_total() == sum(h.setup.stacks)

    @invariant()
    def history_replays(self) -> None:
        if hasattr(self, "hand"):
            h = self.hand
            data = json.loads(json.dumps(history_to_data(h.history)))
            again = replay_live(history_from_data(data))
            assert snapshot(again)[:7] == snapshot(h)[:7]


LiveHandMachine.TestCase.settings = settings(
    max_examples=25, stateful_step_count=25, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
test_live_hand_machine = LiveHandMachine.TestCase


@pytest.mark.slow
def test_live_hand_machine_longer() -> None:
    from hypothesis.stateful import run_state_machine_as_test

    run_state_machine_as_test(
        LiveHandMachine,
        settings=settings(
            max_examples=150, stateful_step_count=40, deadline=None, suppress_health_check=list(HealthCheck)
        ),
    )
