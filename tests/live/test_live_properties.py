"""A property of the live hand (spec 10): random hands with random irregularities and declarations
(spec 11: words, chips, undercalls ruled folds, forward motions, the clock, disconnections) at
random moments, on every preset: the 52 cards are always accounted for, chips are conserved, a
misdealt hand re-deals exactly, a refused event changes nothing, and the hand ends normally or as
the ruling says."""

from __future__ import annotations

import dataclasses
import random

from hypothesis import example, given, settings
from hypothesis import strategies as st

from pyholdem import PRESETS, InvalidCards, PyHoldemError, preset
from pyholdem.conformance.live_cases import random_declaration
from pyholdem.engine.live import LiveHand, replay_live
from pyholdem.engine.setup import setup_from_arguments
from pyholdem.spec.irregularities import (
    MISDEAL_CAUSES,
    BoxedCard,
    BurnError,
    ButtonMisplaced,
    DeckFault,
    ExposedCard,
    FlopTooMany,
    Joker,
    Misdeal,
    PrematureCard,
    Ruling,
    TossedCards,
    WrongCardCount,
    WrongLevel,
)


def _event(h: LiveHand, rnd: random.Random) -> object:
    n = len(h.setup.stacks)
    seats = [s for s in range(n) if h.hole_cards(s)]
    stub = h.places()["stub"]
    setup = h.setup
    choices = [
        lambda: Misdeal(rnd.choice(MISDEAL_CAUSES)),
        BoxedCard,
        lambda: Joker(rnd.choice([None, *seats]), rnd.random() < 0.5),
        lambda: BurnError(rnd.choice(["missing", "extra"])),
        lambda: FlopTooMany(rnd.choice([4, 5])),
        PrematureCard,
        lambda: DeckFault(rnd.choice(["missing", "duplicate"]), rnd.choice(stub)),
        lambda: TossedCards(rnd.choice(seats) if seats else 0),
        lambda: ButtonMisplaced(_moved(setup, (setup.button + 1) % n)),
        lambda: WrongLevel(_moved(setup, setup.button, 2)),
    ]
    if h.engine is not None and not h.is_over:
        clock_at = 100.0 * len(h.steps)
        choices += [lambda: random_declaration(h, rnd, clock_at)] * 6
    if seats:
        seat = rnd.choice(seats)
        card = rnd.choice(h.hole_cards(seat))
        by = rnd.choice(["player", "dealer"])
        choices.append(lambda: ExposedCard(seat, card, by=by, deliberate=rnd.random() < 0.5))
    return rnd.choice(choices)()


def _moved(setup: object, button: int, factor: int = 1) -> object:
    s = setup  # a HandSetup of the keyword form: blinds left of the button
    return setup_from_arguments(
        s.rules, list(s.stacks), button=button, blinds=tuple(b * factor for b in s.blinds), seed=s.seed
    )


def _act(h: LiveHand, rnd: random.Random) -> None:
    legal = h.legal_actions()
    options = [k for k in ("fold", "check") if getattr(legal, k)] + (
        ["call"] if legal.call is not None else []
    )
    if legal.min_raise_to is not None and legal.max_raise_to is not None:
        options.append("raise")
    kind = rnd.choice(options)
    if kind == "raise":
        amount = rnd.choice([legal.min_raise_to, legal.max_raise_to])
        h.act("bet" if legal.is_bet else "raise", amount)
    else:
        h.act(kind)


def _check_redeal(h: LiveHand, ruling: Ruling, redeals: int) -> None:
    if ruling.outcome in ("misdeal", "void"):
        fresh = LiveHand(dataclasses.replace(h.setup, seed=h.deal_seed), cut=h.cut_position)
        assert h.places() == fresh.places() and h.stacks == fresh.stacks
        assert h.to_act == fresh.to_act and h.redeals == redeals + 1


def _try(h: LiveHand, event: object) -> None:
    before = (h.places(), h.stacks, h.to_act, len(h.steps), h.redeals)
    pot = h.pot_total()
    dead = None if h.engine is None or h.is_over else h.state.dead
    try:
        ruling = h.apply(event)
    except PyHoldemError:
        assert (h.places(), h.stacks, h.to_act, len(h.steps), h.redeals) == before
        return
    _check_redeal(h, ruling, before[4])
    if ruling.section.startswith("11.") and ruling.changes.get("forfeited"):
        seat, forfeited = ruling.changes["seat"], ruling.changes["forfeited"]
        assert h.stacks[seat] == before[1][seat] - forfeited  # only the forfeited chips left him
        if not h.is_over:  # they are dead money in the pot (§11.5, §7.7) ...
            assert dead is not None and h.state.dead[seat] == dead[seat] + forfeited
            # ... and the pot grew by every chip that left a stack: his fold can make another seat's
            # out-of-turn action bind (§6.10), which puts that seat's chips in too
            assert h.pot_total() - pot == sum(before[1]) - sum(h.stacks)
    if ruling.outcome in ("choose", "withdrawn", "no_action", "on_clock", "running", "acted", "resume"):
        assert (h.places(), h.stacks, h.to_act) == before[:3]  # nothing applied


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(sorted(PRESETS)), st.integers(0, 2**32), st.integers(2, 6))
@example("pokerkit_0_7", 225874, 4)  # a seat of three cards and one of one: the one ruled first unblocks
@example("pokerkit_0_7", 2097153, 5)  # a fold forfeiting an undercall lets an out-of-turn raise bind
def test_10_1_random_irregularities_keep_cards_chips_and_exact_redeals(name: str, seed: int, n: int) -> None:
    rules = preset(name).replace(live_play_layer=True)
    rnd = random.Random(seed)
    stacks = [rnd.choice([40, 200, 1000]) for _ in range(n)]
    setup = setup_from_arguments(rules, stacks, button=rnd.randrange(n), blinds=(5, 10), seed=seed)
    h = LiveHand(setup, deal=False)
    chips = sum(stacks)
    h.cut_deck(rnd.choice([None, 1, 26]))
    while h.phase == "deal":  # dealing as steps, with errors of the deal
        if rnd.random() < 0.15:
            _try(h, _event(h, rnd))
        elif rnd.random() < 0.05:
            h.deal_hole(rnd.randrange(n))
        elif h.phase == "deal":
            h.deal_hole()
        h.check_cards()
    for _ in range(300):
        if h.is_over:
            break
        if rnd.random() < 0.25:
            _try(h, _event(h, rnd))
        else:
            try:
                _act(h, rnd)
            except InvalidCards:  # a showdown with a wrong card count waits for its ruling (§10.5)
                folded = h.engine.record.state.folded
                wrong = [s for s in range(n) if not folded[s] and len(h.hole_cards(s)) != 2]
                assert wrong
                for seat in wrong:  # one may wait for another: the refusal names the one to rule on
                    _try(h, WrongCardCount(seat, len(h.hole_cards(seat))))
        h.check_cards()
        assert sum(h.stacks) + h.pot_total() == chips
    assert h.is_over and sum(h.result.stacks) == chips
    again = replay_live(h.history)
    assert again.result == h.result and again.places() == h.places()
