"""Hostile calls on the live layer and the bulk calls: a typed error naming the value and the section,
and nothing changed (§3.1, §6.10, §10.1, §11.1)."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

from pyholdem import PyHoldemError, RuleSet, preset
from pyholdem.engine import declare
from pyholdem.engine.bulk import simulate
from pyholdem.engine.hand import Hand
from pyholdem.engine.live import LiveHand
from pyholdem.engine.setup import setup_from_arguments
from pyholdem.errors import IllegalAction, RuleViolation, SimulationError
from pyholdem.native.evaluation import evaluate
from pyholdem.native.parallel import MAX_THREADS
from pyholdem.spec.irregularities import BoxedCard, DeckFault
from pyholdem.spec.rankings import hand_value


def live_rules() -> RuleSet:
    return preset("tda_2024_cash").replace(live_play_layer=True)


@pytest.mark.parametrize("seat", [None, -1, 3, 1.0, True, "0"])
def test_11_1_declaration_by_no_seat_is_refused_and_changes_nothing(seat: object) -> None:
    h = Hand(live_rules(), [1000] * 3, button=0, blinds=(5, 10), seed=1)
    before = (h.events, h.to_act, h.pot_total())
    with pytest.raises(IllegalAction, match=r"not a seat.*§6\.10"):
        declare.declare(h, seat, "call")  # type: ignore[arg-type]
    assert (h.events, h.to_act, h.pot_total()) == before


@pytest.mark.parametrize("seat", [-1, 9, 3, None, 1.0, True])
def test_3_1_live_hole_cards_of_no_seat_are_refused(seat: object) -> None:
    h = LiveHand(setup_from_arguments(live_rules(), [1000] * 3, button=0, blinds=(5, 10), seed=1))
    with pytest.raises(RuleViolation, match=r"§3\.1"):
        h.hole_cards(seat)  # type: ignore[arg-type]
    assert h.hole_cards(2) == h.hole_cards(2)


@pytest.mark.parametrize("threads", [0, MAX_THREADS + 1, 10**12, 2.0, None])
def test_simulate_threads_are_bounded_like_every_bulk_call(threads: object) -> None:
    with pytest.raises(SimulationError, match="threads"):
        simulate(RuleSet(), 4, [100, 100], button=0, blinds=(1, 2), threads=threads)  # type: ignore[arg-type]
    assert issubclass(SimulationError, PyHoldemError)
    result = simulate(RuleSet(), 4, [100, 100], button=0, blinds=(1, 2), threads=MAX_THREADS)
    assert result.net.shape == (4, 2)


CARD_LIKES = [
    np.array(51),
    np.array(51.0),
    np.array([51]),
    np.array("As"),
    np.int64(51),
    np.uint8(51),
    np.bool_(True),
    True,
    51,
    "As",
    51.0,
    None,
]


@pytest.mark.parametrize("odd", CARD_LIKES, ids=[repr(c) for c in CARD_LIKES])
@pytest.mark.parametrize("where", [0, 4])
def test_1_7_evaluate_twins_accept_and_refuse_the_same_cards(odd: object, where: int) -> None:
    hand: list[object] = [47, 43, 39, 35, 30]
    hand[where] = odd

    def outcome(function: Callable[[Any], int]) -> object:
        try:
            return function(hand)
        except PyHoldemError as exc:
            return type(exc), exc.section

    assert outcome(evaluate) == outcome(hand_value)


def live_snapshot(h: LiveHand) -> tuple[object, ...]:
    return (h.phase, h.places(), list(h.steps), list(h.rulings), h.events if h.phase != "deal" else ())


def test_4_2_a_refused_deal_changes_nothing() -> None:
    """Seed 000 (Bill): the short stack is all in on his blind; one seat got three cards, so the last
    card would start (and end) the betting with an unknown card (§8.5): refused, nothing dealt."""
    rules = preset("seed_000_bill_limit").replace(live_play_layer=True)
    h = LiveHand(setup_from_arguments(rules, [1, 1207], button=0, blinds=(5, 10), seed=1), deal=False)
    h.cut_deck()
    for _ in range(3):
        h.deal_hole(0)
    before = live_snapshot(h)
    with pytest.raises(PyHoldemError, match=r"§8\.5"):
        h.deal_hole()
    assert live_snapshot(h) == before
    h.check_cards()


def test_10_6_boxed_cards_until_the_stub_runs_out_are_refused_typed() -> None:
    h = LiveHand(setup_from_arguments(live_rules(), [1000] * 3, button=0, blinds=(5, 10), seed=1))
    with pytest.raises(RuleViolation, match=r"too few.*§10\.6"):
        for _ in range(60):
            before = live_snapshot(h)
            h.apply(BoxedCard())
    assert live_snapshot(h) == before
    h.check_cards()


@pytest.mark.parametrize("card", [None, "As", 51])
def test_10_11_a_deck_fault_names_a_card(card: object) -> None:
    h = LiveHand(setup_from_arguments(live_rules(), [1000] * 3, button=0, blinds=(5, 10), seed=1))
    before = live_snapshot(h)
    for fault in ("duplicate", "missing"):
        with pytest.raises(RuleViolation, match=r"§10\.11"):
            h.apply(DeckFault(fault, card))  # type: ignore[arg-type]
        assert live_snapshot(h) == before


@pytest.mark.parametrize(
    ("kind", "amount"), [("fold", math.nan), ("call", 5), ("raise", math.nan), ("bet", -5)]
)
def test_6_10_an_action_out_of_turn_has_the_form_of_one_in_turn(kind: str, amount: object) -> None:
    h = Hand(live_rules(), [1000] * 3, button=0, blinds=(5, 10), seed=1)
    other = (h.to_act + 1) % 3
    before = (h.events, h.to_act, h.state.out_of_turn)
    with pytest.raises(IllegalAction, match=r"§(6\.1|5\.12)\)"):
        h.act(kind, amount, seat=other)  # type: ignore[arg-type]
    assert (h.events, h.to_act, h.state.out_of_turn) == before
