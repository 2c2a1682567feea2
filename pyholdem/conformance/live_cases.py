"""The ``live`` runner's cases (spec 10): live hands dealt from a physical deck with irregularities.

Each case is a live hand's history as plain data (``pyholdem.history.live.history_to_data``): the
set-up, then its steps (cut, hole cards dealt, actions, events). The answer (``play_live``) replays
it on the spec engine's live hand and reports every ruling, where every card is and the stacks.
Worked cases follow the examples of spec 10, spec 11 (declarations and the clock as events of the
live hand) and the seeds; random cases inject irregularities and declarations at random moments,
as the property test of ``tests/live`` does.
"""

from __future__ import annotations

import contextlib
import random
from collections.abc import Callable, Iterator, Mapping
from typing import Any

from pyholdem.conformance.vectors import Vector
from pyholdem.conformance.worked_cases import WorkedCase
from pyholdem.engine.live import LiveHand, replay_live
from pyholdem.engine.setup import setup_from_arguments
from pyholdem.errors import PyHoldemError
from pyholdem.history.live import history_from_data, history_to_data
from pyholdem.rules.ruleset import PRESETS, preset
from pyholdem.spec.cards import Seed, format_cards, shuffled_deck
from pyholdem.spec.declarations import WORDS, CallClock, Declaration, Disconnect, RunClock
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
    WrongCardCount,
)

SEED = 20240601


def play_live(data: Mapping[str, Any]) -> dict[str, Any]:
    """The ``live`` runner's answer: the history replayed (``replay_live``), then its rulings
    (section and outcome), the cards of every place, the stacks, the re-deal count and whether
    the hand is over. The first step the rules refuse raises its typed error."""
    hand = replay_live(history_from_data(data))
    return {
        "rulings": [[r.section, r.outcome] for r in hand.rulings],
        "places": {name: format_cards(cards) for name, cards in hand.places().items()},
        "stacks": list(hand.result.stacks if hand.result is not None else hand.stacks),
        "redeals": hand.redeals,
        "over": hand.is_over,
    }


def _input(hand: LiveHand) -> dict[str, Any]:
    data = history_to_data(hand.history)
    data["deck"] = format_cards(shuffled_deck(hand.seed))
    return data


def expect_of(data: Mapping[str, Any]) -> dict[str, Any]:
    """The vector's expectation from the spec engine's live hand: the answer, or the refusal."""
    try:
        return {"result": play_live(data)}
    except PyHoldemError as exc:
        return {"error": {"kind": exc.kind, "section": exc.section}}


def _rules(name: str) -> Any:
    return preset(name).replace(live_play_layer=True)


def _hand(name: str, seed: Seed, n: int = 4, **kw: Any) -> LiveHand:
    return LiveHand(setup_from_arguments(_rules(name), [1000] * n, button=0, blinds=(5, 10), seed=seed), **kw)


Played = tuple[str, str, str, Callable[[], LiveHand], list[list[str]] | None]


def _worked() -> Iterator[Played]:
    """(case, section, description, a function playing the hand, the rulings worked by hand, where
    the case states them) for each worked case."""

    def misdeal() -> LiveHand:
        h = _hand("tda_2024", 1)
        h.act("fold")
        h.apply(Misdeal("first_card_wrong_seat"))
        return h

    def stands() -> LiveHand:
        h = _hand("seed_000_bill_limit", 2)
        h.act("call")
        h.act("call")
        h.apply(Misdeal("out_of_sequence"))
        return h

    def exposed(name: str) -> Callable[[], LiveHand]:
        def play() -> LiveHand:
            h = _hand(name, 3, deal=False)
            h.cut_deck()
            for _ in range(5):
                h.deal_hole()
            h.apply(ExposedCard(1, h.hole_cards(1)[-1]))  # the fifth card dealt, seat 1's second
            h.deal_all()
            return h

        return play

    def boxed(name: str) -> Callable[[], LiveHand]:
        def play() -> LiveHand:
            h = _hand(name, 4, deal=False)
            h.cut_deck()
            h.apply(BoxedCard())
            h.deal_all()
            return h

        return play

    def to_flop(h: LiveHand) -> LiveHand:
        for kind in ("call", "call", "call", "check"):
            h.act(kind)
        return h

    def burn(name: str, error: str) -> Callable[[], LiveHand]:
        return lambda: _apply(to_flop(_hand(name, 5)), BurnError(error))

    def too_many(name: str) -> Callable[[], LiveHand]:
        return lambda: _apply(to_flop(_hand(name, 6)), FlopTooMany(4))

    def premature_turn(name: str) -> Callable[[], LiveHand]:
        def play() -> LiveHand:
            h = to_flop(_hand(name, 7))
            h.act("check")
            h.apply(PrematureCard())
            while not h.is_over:
                h.act("check")
            return h

        return play

    def premature_flop() -> LiveHand:
        h = _hand("tda_2024", 8)
        h.act("call")
        h.apply(PrematureCard())
        return to_flop_rest(h)

    def to_flop_rest(h: LiveHand) -> LiveHand:
        for kind in ("call", "call", "check"):
            h.act(kind)
        return h

    def exposure(name: str) -> Callable[[], LiveHand]:
        def play() -> LiveHand:
            h = _hand(name, 9)
            h.apply(ExposedCard(2, h.hole_cards(2)[0], by="player", deliberate=True))
            return h

        return play

    def missing_card() -> LiveHand:
        h = _hand("seed_000_bill_limit", 10)
        h.act("call")
        h.act("call")
        h.apply(DeckFault("missing", h.places()["stub"][0]))
        return h

    def tossed() -> LiveHand:
        h = _hand("seed_002_sng_addon", 11)
        h.apply(TossedCards(h.to_act or 0))
        return h

    def joker() -> LiveHand:
        h = _hand("seed_002_sng_addon", 12)
        seat = h.to_act
        h.act("call")
        h.apply(Joker(seat, reported=False))
        return h

    yield (
        "misdeal-redeal-exact",
        "10.3",
        "a misdeal before SA re-deals with the same button and blinds",
        misdeal,
        [["10.3", "misdeal"]],
    )
    yield (
        "misdeal-after-two-actions-bill",
        "10.2",
        "seed 000, Bill: two actions end the misdeal window",
        stands,
        [["10.3", "stands"]],
    )
    fifth = {"tda_2024": "replace", "seed_002_sng_addon": "replace", "seed_000_bill_limit": "misdeal"}
    shown = {"tda_2024": "live", "seed_002_sng_addon": "show_all", "seed_000_bill_limit": "dead"}
    for name in ("tda_2024", "seed_002_sng_addon", "seed_000_bill_limit"):
        yield (
            f"exposed-fifth-card-{name}",
            "10.4",
            "the dealer exposes the fifth card dealt",
            exposed(name),
            [["10.4", fifth[name]]],
        )
        yield f"boxed-first-card-{name}", "10.6", "the first card of the stub is face up", boxed(name), None
        yield (
            f"missing-flop-burn-{name}",
            "10.7",
            "the flop dealt without a burn",
            burn(name, "missing"),
            None,
        )
        yield f"extra-flop-burn-{name}", "10.7", "the flop dealt after two burns", burn(name, "extra"), None
        yield f"flop-four-cards-{name}", "10.8", "a flop of four cards", too_many(name), None
        yield (
            f"premature-turn-{name}",
            "10.10",
            "the turn dealt during the flop betting",
            premature_turn(name),
            None,
        )
        yield (
            f"player-shows-a-card-{name}",
            "10.12",
            "a player shows a card on purpose",
            exposure(name),
            [["10.12", shown[name]]],
        )
    for case, section, description, play in _worked_declarations():
        yield case, section, description, play, None
    yield "premature-flop", "10.9", "the flop dealt during the pre-flop betting", premature_flop, None
    yield (
        "missing-card-after-sa-bill",
        "10.11",
        "a card missing after two actions: play on",
        missing_card,
        [["10.11", "play_on"]],
    )
    yield "tossed-in-turn-seed-002", "10.15", "cards tossed in turn are a fold", tossed, [["10.15", "fold"]]
    yield (
        "joker-not-reported-seed-002",
        "10.6",
        "a joker the player acted on kills his hand",
        joker,
        [["10.6", "dead"]],
    )


def _worked_declarations() -> Iterator[tuple[str, str, str, Callable[[], LiveHand]]]:
    """Spec 11's worked cases as events of a live hand (blinds 5-10, four seats, seat 3 first)."""

    def big_chip() -> LiveHand:
        h = _hand("seed_002_sng_addon", 21)
        h.declare(3, chips=(25,))  # a call (rule 8)
        h.declare(0, "raise", (25,))  # "raise" said first: a raise to 25
        h.declare(1, chips=(10, 5, 5))  # every chip needed to call: a call
        h.declare(2, ("raise", 100))
        return h

    def undercall_fold() -> LiveHand:
        h = _hand("tda_2024", 22)
        h.declare(3, "call")
        h.declare(0, ("raise", 40))
        h.declare(1, chips=(20,), undercall_ruling="fold")  # forfeits 5 as dead money
        h.declare(2, "call")
        h.declare(3, "call")
        while not h.is_over:
            seat = h.to_act
            assert seat is not None  # a dealt live hand that is not over has a seat to act
            h.declare(seat, "check")
        return h

    def withdraw() -> LiveHand:
        h = _hand("seed_002_sng_addon", 23)
        h.declare(3, ("raise", 30))
        h.declare(0, chips=(10, 10), unaware_of_raise=True)  # takes them back (rule 5)
        h.declare(0, "call")
        return h

    def motion() -> LiveHand:
        h = _hand("seed_002_sng_addon", 24)
        h.declare(3, chips=(100,), released=False)  # not let go: no action
        h.declare(0, "fold")  # the button folds out of turn
        h.declare(3, chips=(100,), released=False, induced_out_of_turn=True)  # binds: a call (rule 6)
        return h

    def choose() -> LiveHand:
        h = _hand("tda_2024", 25)
        h.declare(3, "check")  # facing the big blind: call or fold (§11.10)
        h.declare(3, "fold")
        h.declare(0, 35)  # an amount alone, 25 over the call: a raise to 35
        return h

    def clock() -> LiveHand:
        h = _hand("seed_001_event", 26)
        h.call_clock(600)
        h.run_clock(650)
        h.run_clock(690)  # 90 seconds: folded (seed 001)
        h.call_clock(700)
        h.declare(0, "call")
        h.run_clock(800)  # he acted in time
        return h

    def disconnected() -> LiveHand:
        h = _hand("seed_004_online", 27)
        h.disconnect(8, 3)  # back with 5 seconds left: 25 to act
        h.disconnect(8, None)  # never back, nothing in: folded
        h.declare(0, "call")
        h.disconnect(8, 9)  # the small blind is in: frozen all-in
        while not h.is_over:
            h.act("check" if h.legal_actions().check else "call")
        return h

    yield "declare-single-chip-seed-002", "11.2", "one big chip is a call unless raise was said", big_chip
    yield "undercall-ruled-fold-forfeits", "11.5", "an undercall ruled a fold: dead money", undercall_fold
    yield "unaware-of-raise-withdraw-seed-002", "11.7", "chips taken back, unaware of a raise", withdraw
    yield "forward-motion-induces-action-seed-002", "11.8", "a motion that made a player act", motion
    yield "check-facing-a-bet-binds-call-or-fold", "11.10", "check facing a bet, then fold", choose
    yield "clock-seed-001-folds", "11.12", "the clock called and run out", clock
    yield "disconnect-seed-004", "11.13", "disconnections: resume, fold, all-in", disconnected


def _apply(h: LiveHand, event: object) -> LiveHand:
    h.apply(event)
    return h


def _errors() -> Iterator[tuple[str, str, dict[str, Any]]]:
    """Inputs whose last step the rules refuse."""
    h = _hand("tda_2024", 13)
    for kind in ("call", "call", "call", "check"):
        h.act(kind)
    h.act("check")
    data = history_to_data(h.history)
    second_flop = {**data, "steps": [*data["steps"], ["event", {"kind": "flop_too_many", "count": 4}]]}
    yield "second-flop-refused", "10.8", second_flop
    held = h.hole_cards(1)[0]
    shown = {"kind": "exposed_card", "seat": 2, "card": str(held), "by": "player", "deliberate": True}
    nobody = {**data, "steps": [*data["steps"], ["event", shown]]}
    yield "exposed-card-nobody-holds", "10.12", nobody
    t = _hand("tda_2024", 14)
    t.apply(TossedCards(t.to_act or 0))
    seat = t.rulings[-1].changes["mucked"]
    data = history_to_data(t.history)
    retrieve = {**data, "steps": [*data["steps"], ["event", {"kind": "retrieve_cards", "seat": seat}]]}
    yield "tossed-cards-not-retrieved", "10.15", retrieve
    off = history_to_data(
        LiveHand(setup_from_arguments(preset("tda_2024"), [100] * 3, button=0, blinds=(1, 2), seed=1)).history
    )
    off["steps"].append(["event", {"kind": "boxed_card"}])
    yield "layer-off-refused", "10.1", off
    bill = _hand("seed_000_bill_limit", 15)
    data = history_to_data(bill.history)
    silent = {"kind": "action", "seat": bill.to_act, "chips": [10]}
    yield "chips-without-a-word-bill", "11.1", {**data, "steps": [*data["steps"], ["event", silent]]}
    event = _hand("seed_001_event", 16)
    data = history_to_data(event.history)
    late = {"kind": "call_clock", "called_at_s": 5, "seated_when_dealt": False}
    yield "clock-caller-not-seated-seed-001", "11.12", {**data, "steps": [*data["steps"], ["event", late]]}
    yield (
        "run-clock-not-called",
        "11.12",
        {
            **data,
            "steps": [*data["steps"], ["event", {"kind": "run_clock", "now_s": 5}]],
        },
    )
    yield "three-cards-stop-the-showdown", "10.5", _three_cards()


def _three_cards() -> dict[str, Any]:
    """A seat dealt three cards that nobody reports: the showdown is refused (§10.5)."""
    h = _hand("tda_2024", 17, deal=False)
    h.cut_deck(None)
    for seat in (1, 2, 3, 1, 1, 2, 3, 0):
        h.deal_hole(seat)
    h.apply(WrongCardCount(0, 1))
    while not (h.street == "river" and h.to_act == 0):
        h.act("check" if h.legal_actions().check else "call")
    data = history_to_data(h.history)
    return {**data, "steps": [*data["steps"], ["act", "check", None]]}


def _random_hand(rng: random.Random, seed: int) -> LiveHand:
    name = rng.choice(sorted(PRESETS))
    n = rng.randint(2, 6)
    stacks = [rng.choice([40, 200, 1000]) for _ in range(n)]
    setup = setup_from_arguments(_rules(name), stacks, button=rng.randrange(n), blinds=(5, 10), seed=seed)
    h = LiveHand(setup)
    for _ in range(200):
        if h.is_over:
            break
        if rng.random() < 0.25:
            with contextlib.suppress(PyHoldemError):  # refused: nothing changed, no step recorded
                h.apply(_random_event(h, rng))
            continue
        legal = h.legal_actions()
        options = [k for k in ("fold", "check") if getattr(legal, k)] + (
            ["call"] if legal.call is not None else []
        )
        if legal.min_raise_to is not None and legal.max_raise_to is not None:
            options.append("raise")
        kind = rng.choice(options)
        if kind == "raise":
            h.act("bet" if legal.is_bet else "raise", rng.choice([legal.min_raise_to, legal.max_raise_to]))
        else:
            h.act(kind)
    return h


CHIPS = (1, 5, 10, 25, 100, 500)


def random_declaration(h: LiveHand, rng: random.Random, clock_at: float) -> object:
    """A random declaration or clock event for ``h`` (mostly by the player to act): words, chips or
    both in either order, the §11.5, §11.7 and §11.8 options, or the clock and a disconnection."""
    n = len(h.setup.stacks)
    to_act = h.to_act
    seat = to_act if to_act is not None and rng.random() < 0.85 else rng.randrange(n)
    pick = rng.randrange(10)
    if h.clock is not None and rng.random() < 0.5:
        pick = 1  # a clock is running: read it
    if pick == 0:
        return CallClock(clock_at, seated_when_dealt=rng.random() < 0.9)
    if pick == 1:
        called = clock_at if h.clock is None else h.clock.called_at_s
        return RunClock(called + rng.choice([0, 10, 30, 95]))
    if pick == 2:
        return Disconnect(rng.choice([5, 20]), rng.choice([None, 3, 30]))
    stack = h.stacks[seat]
    chips: tuple[int, ...] = ()
    if rng.random() < 0.6 and stack > 0:
        chips = tuple(
            rng.choice([c for c in CHIPS if c <= stack] or [stack]) for _ in range(rng.randint(1, 3))
        )
        if sum(chips) > stack:
            chips = (stack,)
    words: object = None
    if not chips or rng.random() < 0.5:
        word = rng.choice(WORDS)
        amount = rng.choice([None, None, 20, 40, 150]) if word in ("bet", "raise") else None
        words = word if amount is None else (word, amount)
        if rng.random() < 0.15:
            words = rng.choice([20, 35, 200])
    return Declaration(
        seat,
        words,
        chips,
        said_first=rng.random() < 0.7,
        undercall_ruling=rng.choice(["call", "fold"]),
        unaware_of_raise=rng.random() < 0.1,
        released=rng.random() < 0.9 or words is not None,
        induced_out_of_turn=rng.random() < 0.5,
    )


def _random_event(h: LiveHand, rng: random.Random) -> object:
    seats = [s for s in range(len(h.setup.stacks)) if h.hole_cards(s)]
    stub = h.places()["stub"]
    if rng.random() < 0.4:
        return random_declaration(h, rng, 100.0 * len(h.steps))
    pick = rng.randrange(8)
    if pick == 0:
        return Misdeal(rng.choice(MISDEAL_CAUSES))
    if pick == 1:
        return BoxedCard()
    if pick == 2:
        return Joker(rng.choice([None, *seats]), rng.random() < 0.5)
    if pick == 3:
        return BurnError(rng.choice(["missing", "extra"]))
    if pick == 4:
        return FlopTooMany(4)
    if pick == 5:
        return PrematureCard()
    if pick == 6 and stub:
        return DeckFault("missing", rng.choice(stub))
    seat = rng.choice(seats) if seats else 0
    cards = h.hole_cards(seat)
    if cards:
        return ExposedCard(seat, rng.choice(cards), by="player", deliberate=rng.random() < 0.5)
    return TossedCards(seat)


def worked() -> Iterator[WorkedCase]:
    """The ``live`` runner's worked cases: the hands played above, then the refused steps."""
    for case, section, description, play, rulings in _worked():
        stated = {"result": {"rulings": rulings}} if rulings is not None else None
        yield WorkedCase("live", case, section, _input(play()), description, stated)
    for case, section, data in _errors():
        kind = "InvalidCards" if section == "10.5" else "RuleViolation"
        yield WorkedCase(
            "live", case, section, data, "refused", {"error": {"kind": kind, "section": section}}
        )


def live_cases(random_count: int = 300, seed: int = SEED) -> Iterator[Vector]:
    """The ``live`` runner's cases: worked ones, refusals, then ``random_count`` seeded random hands."""
    for c in worked():
        meta = {"section": c.section, "description": c.description}
        yield Vector("live", c.case, c.input, expect_of(c.input), meta)
    for i in range(random_count):
        rng = random.Random(f"{seed}-live-{i}")
        data = _input(_random_hand(rng, rng.randrange(2**32)))
        meta = {"section": "10.1", "source": f"seeded random (random.Random('{seed}-live-{i}'))"}
        yield Vector("live", f"random-{i:05d}", data, expect_of(data), meta)
