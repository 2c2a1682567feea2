"""A property of the live hand (spec 10): random hands with random irregularities at random moments,
on every preset: the 52 cards are always accounted for, chips are conserved, a misdealt hand re-deals
exactly, a refused event changes nothing, and the hand ends normally or as the ruling says."""

from __future__ import annotations

import dataclasses
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from pyholdem import PRESETS, PyHoldemError, preset
from pyholdem.engine.live import LiveHand, replay_live
from pyholdem.engine.setup import setup_from_arguments
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
    TossedCards,
)


def _event(h: LiveHand, rnd: random.Random) -> object:
    seats = [s for s in range(len(h.setup.stacks)) if h.hole_cards(s)]
    stub = h.places()["stub"]
    choices = [
        lambda: Misdeal(rnd.choice(MISDEAL_CAUSES)),
        BoxedCard,
        lambda: Joker(rnd.choice([None, *seats]), rnd.random() < 0.5),
        lambda: BurnError(rnd.choice(["missing", "extra"])),
        lambda: FlopTooMany(rnd.choice([4, 5])),
        PrematureCard,
        lambda: DeckFault(rnd.choice(["missing", "duplicate"]), rnd.choice(stub)),
        lambda: TossedCards(rnd.choice(seats) if seats else 0),
    ]
    if seats:
        seat = rnd.choice(seats)
        card = rnd.choice(h.hole_cards(seat))
        choices.append(lambda: ExposedCard(seat, card, by="player", deliberate=rnd.random() < 0.5))
    return rnd.choice(choices)()


def _act(h: LiveHand, rnd: random.Random) -> None:
    legal = h.legal_actions()
    options = [
        k for k in ("fold", "check", "call") if (legal.call is not None if k == "call" else getattr(legal, k))
    ]
    if legal.min_raise_to is not None and legal.max_raise_to is not None:
        options.append("raise")
    kind = rnd.choice(options)
    if kind == "raise":
        amount = rnd.choice([legal.min_raise_to, legal.max_raise_to])
        h.act("bet" if legal.is_bet else "raise", amount)
    else:
        h.act(kind)


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(sorted(PRESETS)), st.integers(0, 2**32), st.integers(2, 6))
def test_10_1_random_irregularities_keep_cards_chips_and_exact_redeals(name: str, seed: int, n: int) -> None:
    rules = preset(name).replace(live_play_layer=True)
    rnd = random.Random(seed)
    stacks = [rnd.choice([40, 200, 1000]) for _ in range(n)]
    setup = setup_from_arguments(rules, stacks, button=rnd.randrange(n), blinds=(5, 10), seed=seed)
    h = LiveHand(setup)
    chips = sum(stacks)
    for _ in range(200):
        if h.is_over:
            break
        if rnd.random() < 0.25:
            event = _event(h, rnd)
            before = (h.places(), h.stacks, h.to_act, len(h.steps), h.redeals)
            try:
                ruling = h.apply(event)
            except PyHoldemError:
                assert (h.places(), h.stacks, h.to_act, len(h.steps), h.redeals) == before
                continue
            if ruling.outcome in ("misdeal", "void"):
                fresh = LiveHand(dataclasses.replace(h.setup, seed=h.deal_seed))
                assert h.places() == fresh.places() and h.stacks == fresh.stacks
                assert h.to_act == fresh.to_act and h.redeals == before[4] + 1
        else:
            _act(h, rnd)
        h.check_cards()
        assert sum(h.stacks) + h.pot_total() == chips
    assert h.is_over and sum(h.result.stacks) == chips
    again = replay_live(h.history)
    assert again.result == h.result and again.places() == h.places()
