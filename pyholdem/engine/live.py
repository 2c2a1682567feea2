"""The live hand (spec 10): a hand dealt card by card from a physical deck, with irregularities as events.

``LiveHand`` shuffles (§1.4), cuts (§1.5) and deals the hole cards one at a time from the seat left
of the button (§4.2), then burns and turns each street (§4.3), keeping every card in one place:
the stub, a player's hand, the burn pile, the board, the muck, or set aside (a scrap of paper, a
premature card, a card reserved as a later burn, a card found missing). The betting is the spec
engine's (``SpecHand``): the live hand gives it the hole cards the deal produced and the board the
stub will produce, and deals each street physically as the engine opens it. Irregularities are
event values (``pyholdem.spec.irregularities``) given to ``apply``, which asks the section that
rules on them and returns its ``Ruling``. The engine sequences; the spec functions decide.

Everything a live hand did is its ``history``: the set-up, the seed, the cut and the list of steps
(deals, actions, events); ``replay_live`` plays a history again to the same state.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from pyholdem.engine.declare import ClockCall, call_clock, declare, disconnect, run_clock
from pyholdem.engine.setup import HandSetup
from pyholdem.engine.spec_engine import Event, HandResult, SpecHand
from pyholdem.errors import IllegalAction, InvalidCards, RuleViolation, show_value
from pyholdem.rules.ruleset import RuleSet
from pyholdem.spec.betting import LegalActions, timeout_outcome
from pyholdem.spec.cards import Card, Seed, cut_deck, shuffled_deck, standard_deck
from pyholdem.spec.dealing import Deal, hole_card_order, visible_board
from pyholdem.spec.declarations import CallClock, Declaration, Disconnect, RunClock, clock_time_left
from pyholdem.spec.irregularities import (
    BoxedCard,
    BurnError,
    ButtonMisplaced,
    DeckFault,
    ExposedCard,
    FlopTooMany,
    Joker,
    Misdeal,
    PrematureCard,
    RetrieveCards,
    Ruling,
    StraddleAnnounced,
    TossedCards,
    WrongCardCount,
    WrongLevel,
    boxed_card,
    burn_error,
    button_error,
    deck_fault,
    exposed_hole_cards,
    flop_too_many,
    joker_found,
    level_correction,
    live_event,
    misdeal_allowed,
    player_exposure,
    premature_card,
    premature_flop,
    redeal_seed,
    reshuffle_seed,
    straddle_announcement,
    tossed_cards,
    wrong_card_count,
    wrong_level,
)
from pyholdem.spec.state import STREET_NAMES, HandState
from pyholdem.spec.table import ForcedPost

__all__ = [
    "EVENT_HANDLERS",
    "LiveHand",
    "Physical",
    "replay_live",
]

BOARD_STREETS = ("flop", "turn", "river")
STREET_COUNT = {"flop": 3, "turn": 1, "river": 1}
PLACES = ("stub", "hands", "burns", "board", "muck", "reserved", "set_aside", "scrap")
DEFAULT_CUT = 26


@dataclass
class Physical:
    """The cards on the table: the ``stub`` (top first), each seat's ``holes``, the ``burned`` and
    ``dealt`` cards of each street, the ``muck``, the ``reserved`` card of a later burn (§10.4,
    §10.8), the ``set_aside`` cards to be reshuffled in later (§10.10), the ``scrap`` (out of play
    for the hand: boxed cards as scrap of paper, a card found missing), and each street's ``plan``
    (burn one from the stub first?, reshuffle the set-aside cards in first?). ``reshuffles`` counts
    the reshuffles of the stub (their seeds, §10.3)."""

    stub: list[Card]
    holes: list[list[Card]]
    burned: dict[str, list[Card]] = field(default_factory=lambda: {s: [] for s in BOARD_STREETS})
    dealt: dict[str, list[Card]] = field(default_factory=lambda: {s: [] for s in BOARD_STREETS})
    muck: list[Card] = field(default_factory=list)
    reserved: list[Card] = field(default_factory=list)
    set_aside: list[Card] = field(default_factory=list)
    scrap: list[Card] = field(default_factory=list)
    plan: dict[str, tuple[bool, bool]] = field(default_factory=dict)
    reshuffles: int = 0

    def copy(self) -> Physical:
        return Physical(
            list(self.stub),
            [list(h) for h in self.holes],
            {s: list(c) for s, c in self.burned.items()},
            {s: list(c) for s, c in self.dealt.items()},
            list(self.muck),
            list(self.reserved),
            list(self.set_aside),
            list(self.scrap),
            dict(self.plan),
            self.reshuffles,
        )

    @property
    def board(self) -> tuple[Card, ...]:
        return tuple(c for s in BOARD_STREETS for c in self.dealt[s])

    @property
    def burns(self) -> tuple[Card, ...]:
        return tuple(c for s in BOARD_STREETS for c in self.burned[s])

    def places(self) -> dict[str, tuple[Card, ...]]:
        """Every place a card can be, with its cards."""
        return {
            "stub": tuple(self.stub),
            "hands": tuple(c for h in self.holes for c in h),
            "burns": self.burns,
            "board": self.board,
            "muck": tuple(self.muck),
            "reserved": tuple(self.reserved),
            "set_aside": tuple(self.set_aside),
            "scrap": tuple(self.scrap),
        }


class LiveHand:
    """One hand dealt from a physical deck, played on the spec engine, with irregularities (spec 10).

    ``LiveHand(setup)`` shuffles with ``setup.seed`` (one is drawn when it is None, so that the hand
    can be re-dealt and replayed), cuts at ``cut`` (§1.5) and deals every hole card; with
    ``deal=False`` it stops after the shuffle, and the caller cuts (``cut_deck``) and deals
    (``deal_hole``, ``deal_all``) step by step. The betting starts when the last hole card is dealt.
    ``act(kind, amount)`` is the one way to act; ``apply(event)`` rules on an irregularity.

    Threads: like ``Hand``, not thread-safe: one thread at a time per live hand (different live hands
    on different threads are independent); its rulings and history entries are values to share.
    """

    def __init__(self, setup: HandSetup, *, cut: int | None = DEFAULT_CUT, deal: bool = True) -> None:
        if not isinstance(setup, HandSetup):
            raise RuleViolation(f"a live hand is played from a HandSetup, not {show_value(setup)}", "10.1")
        if setup.hole_cards is not None or setup.board:
            raise RuleViolation("a live hand deals its own cards: the set-up may fix none", "10.1")
        seed = setup.seed
        if seed is None:
            seed = random.SystemRandom().getrandbits(64)
            setup = dataclasses.replace(setup, seed=seed)
        self.setup = setup
        self._origin = setup
        self.seed: Seed = seed
        self._cut = self._first_cut = cut
        self.redeals = 0
        self.rulings: list[Ruling] = []
        self.steps: list[tuple[Any, ...]] = []
        self._start_deal(setup)
        if deal:
            self.cut_deck(cut)
            self.deal_all()

    # ------------------------------------------------------------------ the deal
    def _start_deal(self, setup: HandSetup) -> None:
        """Shuffle a fresh deck for the deal (the first, or a re-deal) of ``setup``."""
        self.setup = setup
        self.deal_seed: Seed = self.seed if self.redeals == 0 else redeal_seed(self.seed, self.redeals)
        n = len(setup.stacks)
        self.phys = Physical(list(shuffled_deck(self.deal_seed)), [[] for _ in range(n)])
        self.phase = "cut"
        self.order = hole_card_order(n, setup.button, setup.in_hand)
        self.dealt_order: list[tuple[int, Card]] = []
        self.exposed_positions: list[int] = []
        self.replace_slots: list[tuple[int, int]] = []
        self.boxed_in_deal = 0
        self.actions: list[tuple[int, str]] = []
        self.kills: list[int] = []
        self.tossed: set[int] = set()
        self.shown: dict[int, tuple[Card, ...]] = {}
        self._deal_stub: tuple[Card, ...] = ()
        self.engine: SpecHand | None = None
        self.engine_setup: HandSetup | None = None
        self._engine_holes: list[tuple[Card | None, Card | None] | None] = []
        self._corrected: frozenset[str] = frozenset()
        self._premature: frozenset[str] = frozenset()
        self.clock: ClockCall | None = None  # the clock called on the player to act (§11.12)

    def cut_deck(self, position: int | None = DEFAULT_CUT) -> None:
        """Cut the shuffled deck at ``position`` (§1.5; None: no cut)."""
        if self.phase != "cut":
            raise IllegalAction(
                f"the deck is cut once, before the deal; the hand is in its {self.phase}", "1.5"
            )
        if position is not None:
            self.phys.stub = list(cut_deck(self.phys.stub, position))
        self._cut = position
        self.phase = "deal"
        self._deal_stub = tuple(self.phys.stub)
        self.steps.append(("cut", position))

    def deal_hole(self, seat: int | None = None) -> Card:
        """Deal the top card of the stub to ``seat`` (default: the next seat in the order of §4.2;
        another seat is a dealing error a misdeal may be declared for, §10.3)."""
        if self.phase != "deal":
            raise IllegalAction(f"hole cards are dealt in the deal, not in the {self.phase}", "4.2")
        n = len(self.setup.stacks)
        if seat is None:
            seat = self.order[len(self.dealt_order)]
        elif type(seat) is not int or not 0 <= seat < n:
            raise RuleViolation(f"seat {show_value(seat)} is not a seat in 0..{n - 1}", "4.2")
        snapshot = self._snapshot()  # all or nothing: the last card also starts the betting
        try:
            card = self.phys.stub.pop(0)
            self.phys.holes[seat].append(card)
            self.dealt_order.append((seat, card))
            self.steps.append(("deal", seat))
            if len(self.dealt_order) == len(self.order):
                self._finish_deal()
        except IndexError:  # a card taken from an empty stub
            self._restore(snapshot)
            raise RuleViolation(f"the stub has no card left to deal to seat {seat}", "4.2") from None
        except Exception:
            self._restore(snapshot)
            raise
        return card

    def deal_all(self) -> None:
        """Deal the remaining hole cards in order (§4.2)."""
        if self.phase == "cut":
            self.cut_deck(self._cut)
        while self.phase == "deal":
            self.deal_hole()

    def _finish_deal(self) -> None:
        for seat, slot in self.replace_slots:  # §10.4: the exposed card's replacement, top of the stub
            self.phys.holes[seat].insert(slot, self.phys.stub.pop(0))
        holes: list[tuple[Card | None, Card | None] | None] = []
        for seat, cards in enumerate(self.phys.holes):
            if not self.setup.in_hand[seat]:
                holes.append(None)
            elif len(cards) > 2:  # which two of them are his is unknown until §10.5 rules
                holes.append((None, None))
            else:
                padded = [*cards[:2], None, None]
                holes.append((padded[0], padded[1]))
        self._engine_holes = holes
        self.phase = "betting"
        setup = dataclasses.replace(self.setup, hole_cards=tuple(holes), board=self._projected_board())
        self.engine, self.engine_setup = SpecHand(setup), setup
        for seat in self.kills:
            self._kill(seat)
        self._after_change()

    # ------------------------------------------------------------------ streets
    def _deal_street(self, phys: Physical, street: str) -> None:
        """Burn and turn ``street`` from ``phys`` (§4.3), as the street's plan says (§10.9, §10.10)."""
        burn, reshuffle = phys.plan.pop(street, (True, False))
        if reshuffle and phys.set_aside:
            phys.stub = self._reshuffle(phys, phys.stub + phys.set_aside)
            phys.set_aside = []
        if burn:
            phys.burned[street].append(phys.reserved.pop(0) if phys.reserved else phys.stub.pop(0))
        for _ in range(STREET_COUNT[street]):
            phys.dealt[street].append(phys.stub.pop(0))

    def _reshuffle(self, phys: Physical, cards: Sequence[Card]) -> list[Card]:
        phys.reshuffles += 1
        deck = list(cards)
        random.Random(reshuffle_seed(self.deal_seed, phys.reshuffles)).shuffle(deck)
        return deck

    def _next_reshuffle_seed(self) -> str:
        self.phys.reshuffles += 1
        return reshuffle_seed(self.deal_seed, self.phys.reshuffles)

    def _projected_board(self) -> tuple[Card, ...]:
        """The five board cards the streets not dealt yet will produce from the stub as it is."""
        sim = self.phys.copy()
        for street in BOARD_STREETS:
            if len(sim.dealt[street]) < STREET_COUNT[street]:
                self._deal_street(sim, street)
        return sim.board

    def _engine_board(self) -> tuple[Card | None, ...]:
        assert self.engine is not None
        if self.engine.result is not None:
            return self.engine.result.board
        return visible_board(self.engine.deal, self.engine.record.state.street)

    def _after_change(self) -> None:
        """Deal physically the streets the engine has opened, muck folded hands, and give the engine
        the board the stub will now produce."""
        engine = self.engine
        assert engine is not None
        shown = len(self._engine_board())
        dealt_now = False
        for street, upto in zip(BOARD_STREETS, (3, 4, 5), strict=True):
            if shown >= upto and len(self.phys.dealt[street]) < STREET_COUNT[street]:
                self._deal_street(self.phys, street)
                dealt_now = True
        if dealt_now and self.phys.board != self._engine_board():
            raise AssertionError("the physical board and the engine's board differ")  # an invariant
        state = engine.record.state
        for seat in range(state.seats):
            if state.folded[seat] and self.phys.holes[seat] and self.setup.in_hand[seat]:
                self.phys.muck.extend(self.phys.holes[seat])
                self.phys.holes[seat] = []
        if engine.result is None:
            engine.record.deal = Deal(
                tuple(() if h is None else h for h in self._engine_holes),
                self.phys.burns,
                self._projected_board(),
            )
        if engine.result is not None:
            self.phase = "over"
        self.check_cards()

    def __repr__(self) -> str:
        where = (
            self.phase if self.engine is None or self.is_over else f"{self.street}, seat {self.to_act} to act"
        )
        seats, button = len(self.setup.stacks), self.setup.button
        return f"<LiveHand {seats} seats, button {button}, {where}, redeals {self.redeals}>"

    # ------------------------------------------------------------------ queries
    @property
    def rules(self) -> RuleSet:
        return self.setup.rules

    @property
    def to_act(self) -> int | None:
        return None if self.engine is None else self.engine.to_act

    @property
    def is_over(self) -> bool:
        return self.phase == "over"

    @property
    def street(self) -> str:
        return "preflop" if self.engine is None else self.engine.street

    @property
    def result(self) -> HandResult | None:
        return None if self.engine is None else self.engine.result

    @property
    def stacks(self) -> tuple[int, ...]:
        """Each seat's chips behind (the set-up's until the deal is complete and the blinds are in)."""
        return self.setup.stacks if self.engine is None else self.engine.stacks

    def pot_total(self) -> int:
        return 0 if self.engine is None else self.engine.pot_total()

    @property
    def state(self) -> HandState:
        """The betting state the spec engine plays (a copy; §6)."""
        if self.engine is None:
            raise IllegalAction("the deal is not complete; nobody is to act", "4.2")
        return self.engine.state

    @property
    def events(self) -> tuple[Event, ...]:
        """The spec engine's log of the deal being played (empty until the deal is complete)."""
        return () if self.engine is None else self.engine.events

    def legal_actions(self) -> LegalActions:
        if self.engine is None:
            raise IllegalAction("the deal is not complete; nobody is to act", "4.2")
        return self.engine.legal_actions()

    @property
    def board(self) -> tuple[Card, ...]:
        return self.phys.board

    def hole_cards(self, seat: int) -> tuple[Card, ...]:
        """The cards in front of ``seat`` (a seat of the table, §3.1, as ``Hand.hole_cards`` asks)."""
        n = len(self.phys.holes)
        if type(seat) is not int or not 0 <= seat < n:
            raise RuleViolation(f"seat {show_value(seat)} is not a seat in 0..{n - 1}", "3.1")
        return tuple(self.phys.holes[seat])

    def places(self) -> dict[str, tuple[Card, ...]]:
        """Where every card is: stub, hands, burns, board, muck, reserved, set_aside, scrap."""
        return self.phys.places()

    def check_cards(self) -> None:
        """Every one of the 52 cards is in exactly one place (raises ``AssertionError`` otherwise)."""
        everywhere = [c for cards in self.phys.places().values() for c in cards]
        if sorted(everywhere) != sorted(standard_deck()):
            raise AssertionError(f"the 52 cards are not each in one place: {self.phys.places()}")

    @property
    def cut_position(self) -> int | None:
        """Where the deck is cut (§1.5; None: not cut): the first deal's cut, which a re-deal repeats."""
        return self._cut

    @property
    def history(self) -> dict[str, Any]:
        """The live hand as a record ``replay_live`` plays again: set-up, seed and steps."""
        return {"setup": self._origin, "cut": self._first_cut, "steps": list(self.steps)}

    # ------------------------------------------------------------------ acting
    takes_forfeits = True
    """A live hand can put the chips an undercall ruled a fold forfeits in the pot (§11.5)."""

    def act(self, kind: str, amount: int | None = None, *, seat: int | None = None) -> None:
        """The seat to act acts (§6.1): fold, check, call, bet, raise (``amount``: the new total);
        with ``seat`` another seat, an action out of turn (§6.10: recorded, to bind or not)."""
        engine = self.engine
        if engine is None:
            raise IllegalAction(f"{kind} is not allowed: the deal is not complete", "4.2")
        actor = engine.to_act
        if seat is not None and seat != actor:
            engine.act(kind, amount, seat=seat)
            self.steps.append(("act", kind, amount, seat))
            self._after_change()
            return
        self._play(lambda: engine.act(kind, amount))
        assert actor is not None
        self.actions.append((actor, kind))
        self.steps.append(("act", kind, amount))
        self._after_change()

    def _play(self, step: Callable[[], None], leaving: int | None = None) -> None:
        """Run an engine step (``leaving``: the seat it folds); a showdown it refuses for a wrong card
        count is §10.5's refusal."""
        try:
            step()
        except InvalidCards:
            self._wrong_count_at_showdown(leaving)
            raise

    def _wrong_count_at_showdown(self, leaving: int | None = None) -> None:
        """A showdown refused for an unknown card (§8.5) because a seat holds a wrong number of hole
        cards nobody reported: refused again naming the seat and §10.5, which must rule first (not
        ``leaving``, the seat whose fold reached the showdown)."""
        assert self.engine is not None
        folded = self.engine.record.state.folded
        for seat, cards in enumerate(self.phys.holes):
            if seat != leaving and not folded[seat] and self.setup.in_hand[seat] and len(cards) != 2:
                raise InvalidCards(
                    f"seat {seat} holds {len(cards)} hole cards: the showdown waits for the ruling on a "
                    "wrong number of hole cards (WrongCardCount)",
                    "10.5",
                ) from None

    def time_out(self) -> None:
        """The player to act ran out of time: checked, folded or frozen all-in (§6.11, §7.8)."""
        if self.engine is None:
            raise IllegalAction("time-out is not allowed: the deal is not complete", "4.2")
        seat = self.engine.to_act
        if seat is None:
            raise IllegalAction("time-out is not allowed: the hand is over", "6.11")
        outcome = timeout_outcome(self.engine.record.state, self.rules, seat)
        self._play(self.engine.time_out)
        if outcome != "freeze":
            self.actions.append((seat, outcome))
        self.steps.append(("time_out",))
        self._after_change()

    def fold_forfeiting(self, chips: int) -> None:
        """The player to act folds and forfeits ``chips`` to the pot as dead money (§11.5)."""
        engine = self.engine
        if engine is None:
            raise IllegalAction("a fold is not allowed: the deal is not complete", "4.2")
        seat = engine.to_act
        self._play(lambda: engine.fold_forfeiting(chips))
        assert seat is not None
        self.actions.append((seat, "fold"))
        self.steps.append(("forfeit", chips))
        self._after_change()

    # ------------------------------------------------------------------ declarations and the clock (spec 11)
    def declare(
        self,
        seat: int,
        words: object = None,
        chips: Sequence[int] = (),
        *,
        said_first: bool = True,
        undercall_ruling: str = "call",
        unaware_of_raise: bool = False,
        released: bool = True,
        induced_out_of_turn: bool = False,
    ) -> Ruling:
        """What ``seat`` said and pushed, as the ``"action"`` event (``Declaration``, §10.1, §11.1):
        the action it binds to is applied (``pyholdem.engine.declare.declare``) and the ruling
        names the section that decided it; a refusal changes nothing."""
        pushed: Any = tuple(chips) if isinstance(chips, list) else chips  # checked by the event (§11.1)
        words = tuple(words) if isinstance(words, list) else words
        event = Declaration(
            seat, words, pushed, said_first, undercall_ruling, unaware_of_raise, released, induced_out_of_turn
        )
        return self.apply(event)

    def call_clock(
        self, called_at_s: float, *, at_table: bool = True, seated_when_dealt: bool = True
    ) -> Ruling:
        """Put the player to act on the clock at ``called_at_s`` seconds (§11.12), as an event."""
        return self.apply(CallClock(called_at_s, at_table, seated_when_dealt))

    def run_clock(self, now_s: float) -> Ruling:
        """Read the clock at ``now_s`` seconds: his hand is timed out when his time has run out (§11.12)."""
        return self.apply(RunClock(now_s))

    def disconnect(self, time_left_s: float, reconnect_after_s: float | None = None) -> Ruling:
        """The player to act is disconnected (§11.13): he resumes with more time, or is timed out."""
        return self.apply(Disconnect(time_left_s, reconnect_after_s))

    # ------------------------------------------------------------------ events
    def apply(self, event: object) -> Ruling:
        """Rule on the irregularity ``event`` (§10.1): the section's ruling, applied; an event the
        present state makes impossible raises ``RuleViolation`` and changes nothing."""
        section = live_event(event, self.rules, street=self.street)
        handler = EVENT_HANDLERS.get(type(event))
        if handler is None:
            raise RuleViolation(f"the live hand has no handler for {type(event).__name__} events", section)
        snapshot = self._snapshot()
        try:
            ruling = handler(self, event, section)
        except IndexError:  # a card taken from an empty stub
            self._restore(snapshot)
            raise RuleViolation(
                f"{type(event).__name__}: the stub's {len(self.phys.stub)} cards are too few for the rest "
                "of the hand",
                section,
            ) from None
        except Exception:
            self._restore(snapshot)
            raise
        self.rulings.append(ruling)
        self.steps.append(("event", event))
        return ruling

    def _snapshot(self) -> dict[str, Any]:
        state = dict(self.__dict__)
        state["phys"] = self.phys.copy()
        state["steps"] = list(self.steps)
        state["rulings"] = list(self.rulings)
        state["actions"] = list(self.actions)
        state["kills"] = list(self.kills)
        state["tossed"] = set(self.tossed)
        state["shown"] = dict(self.shown)
        state["dealt_order"] = list(self.dealt_order)
        state["exposed_positions"] = list(self.exposed_positions)
        state["replace_slots"] = list(self.replace_slots)
        state["_engine_holes"] = list(self._engine_holes)
        state["engine"] = None if self.engine is None else self.engine.copy()
        return state

    def _restore(self, snapshot: dict[str, Any]) -> None:
        self.__dict__.clear()
        self.__dict__.update(snapshot)

    def _kinds(self) -> list[str]:
        return [kind for _, kind in self.actions]

    def _redeal(self, setup: HandSetup | None = None) -> dict[str, object]:
        """The exact re-deal of §10.3: the same set-up (or the corrected one), a fresh shuffle."""
        self.redeals += 1
        steps, rulings = self.steps, self.rulings
        self._start_deal(setup or self.setup)
        self.steps, self.rulings = steps, rulings
        self.cut_deck(self._cut)
        self.steps.pop()  # the re-deal's cut is part of the event, not a step of its own
        self._deal_rest()
        return {"redeal": self.redeals, "seed": self.deal_seed}

    def _deal_rest(self) -> None:
        """Deal the re-deal's hole cards (the re-deal is one step of the history: the event's)."""
        mark = len(self.steps)
        while self.phase == "deal":
            self.deal_hole()
        del self.steps[mark:]

    def _kill(self, seat: int) -> None:
        """A dead hand (§10.1): folded at once, its cards mucked."""
        engine = self.engine
        if engine is None:
            self.kills.append(seat)
            return
        self._play(lambda: engine.kill(seat), leaving=seat)
        self.phys.muck.extend(self.phys.holes[seat])
        self.phys.holes[seat] = []
        self._after_change()

    def _need_betting(self, section: str) -> SpecHand:
        if self.engine is None or self.engine.result is not None:
            where = "the deal is not complete" if self.engine is None else "the hand is over"
            raise RuleViolation(f"this event needs a hand in its betting; {where}", section)
        return self.engine

    def _seat(self, seat: object, section: str) -> int:
        n = len(self.setup.stacks)
        if type(seat) is not int or not 0 <= seat < n:
            raise RuleViolation(f"seat {show_value(seat)} is not a seat in 0..{n - 1}", section)
        return seat

    # each handler: check the event against the state, ask the section, apply the answer
    def _on_misdeal(self, event: Misdeal, section: str) -> Ruling:
        if self.phase == "over":
            raise RuleViolation("the hand is over: its result stands", section)
        if not misdeal_allowed(event.cause, self._kinds(), self.rules):
            return Ruling(section, "stands", {})
        return Ruling(section, "misdeal", self._redeal())

    def _on_exposed(self, event: ExposedCard, section: str) -> Ruling:
        seat = self._seat(event.seat, section)
        if event.card not in self.phys.holes[seat]:
            raise RuleViolation(f"{event.card} is not a card of seat {seat}'s hand", section)
        if event.by == "dealer":
            if self.phase != "deal":
                raise RuleViolation("a hole card is exposed by the dealer during the deal", section)
            position = next(i for i, (s, c) in enumerate(self.dealt_order) if c == event.card) + 1
            one_pass = self.order[: len(self.order) // 2]
            outcome = exposed_hole_cards(
                self._deal_stub, one_pass, (*self.exposed_positions, position), self.rules
            )
            if outcome == "misdeal":
                return Ruling(section, "misdeal", self._redeal())
            self.exposed_positions.append(position)
            slot = self.phys.holes[seat].index(event.card)
            self.phys.holes[seat].remove(event.card)
            self.phys.reserved.append(event.card)
            self.replace_slots.append((seat, slot))
            return Ruling(section, "replace", {"seat": seat, "flop_burn": event.card})
        pending = self.phase in ("deal", "betting") and seat not in self.kills
        outcome = player_exposure(event.deliberate, pending, self.rules)
        if outcome == "dead":
            self._kill(seat)
            return Ruling(section, "dead", {"dead": seat})
        if outcome == "show_all":
            self.shown[seat] = (*self.shown.get(seat, ()), event.card)
            return Ruling(section, "show_all", {"shown": event.card})
        return Ruling(section, "live", {})

    def _on_wrong_count(self, event: WrongCardCount, section: str) -> Ruling:
        seat = self._seat(event.seat, section)
        engine = self._need_betting(section)
        held = len(self.phys.holes[seat])
        if held != event.count or held == 2:
            raise RuleViolation(
                f"seat {seat} holds {held} hole cards, not {show_value(event.count)}", section
            )
        button = seat == self.setup.button
        acted = any(s == seat for s, _ in self.actions)
        outcome = wrong_card_count(held, self._kinds(), self.rules, button=button, button_acted=acted)
        if outcome == "misdeal":
            return Ruling(section, outcome, self._redeal())
        if outcome == "dead":
            self._kill(seat)
            return Ruling(section, outcome, {"dead": seat})
        while len(self.phys.holes[seat]) < 2:
            self.phys.holes[seat].append(self.phys.stub.pop(0))
        cards = self.phys.holes[seat]
        self._engine_holes[seat] = (cards[0], cards[1])
        assert engine is self.engine  # its deal is rebuilt from the physical cards
        self._after_change()
        return Ruling(section, outcome, {"seat": seat, "cards": tuple(cards)})

    def _on_boxed(self, event: BoxedCard, section: str) -> Ruling:
        if self.phase not in ("deal", "betting"):
            raise RuleViolation(f"no card is taken from the stub in the {self.phase}", section)
        r = boxed_card(self.phys.stub, self.rules)
        boxed = self.phys.stub[0]
        if self.phase == "deal":
            self.boxed_in_deal += 1
            if self.boxed_in_deal >= 2 and misdeal_allowed("boxed_cards", self._kinds(), self.rules):
                return Ruling(section, "misdeal", self._redeal())
        self.phys.stub = [r["card"], *r["stub"]]
        self.phys.scrap.extend(r["scrap"])
        if self.engine is not None:
            self._after_change()
        where = "scrap" if r["scrap"] else "bottom"
        return Ruling(section, "replaced", {"boxed": boxed, "to": where})

    def _on_joker(self, event: Joker, section: str) -> Ruling:
        if self.phase == "over":
            raise RuleViolation("the hand is over: its result stands", section)
        seat = None if event.seat is None else self._seat(event.seat, section)
        if seat is not None and (not self.phys.holes[seat] or seat in self.kills):
            raise RuleViolation(f"seat {seat} holds no live hand", section)
        acted = seat is not None and any(s == seat for s, _ in self.actions)
        reported = event.reported or not acted
        outcome = joker_found(self._kinds(), self.rules, in_hand=seat is not None, reported=reported)
        if outcome == "misdeal":
            return Ruling(section, outcome, self._redeal())
        if outcome == "dead":
            assert seat is not None
            self._kill(seat)
            return Ruling(section, outcome, {"dead": seat})
        return Ruling(section, outcome, {})

    def _street_dealt(self, section: str) -> str:
        engine = self._need_betting(section)
        street = engine.street
        if street == "preflop":
            raise RuleViolation("no board card has been dealt yet", section)
        return street

    def _on_burn_error(self, event: BurnError, section: str) -> Ruling:
        street = self._street_dealt(section)
        phys = self.phys
        if len(phys.burned[street]) != 1 or street in self._corrected | self._premature:
            raise RuleViolation(f"the {street} was not dealt with one burn from the stub", section)
        action_taken = any(True for _ in self._street_actions(street))
        burned, dealt, stub = list(phys.burned[street]), list(phys.dealt[street]), list(phys.stub)
        if event.error == "missing":  # what the table shows when the dealer forgot to burn
            burned, dealt, stub = [], burned + dealt[:-1], dealt[-1:] + stub
        elif event.error == "extra":
            burned, dealt, stub = burned + dealt[:1], dealt[1:] + stub[:1], stub[1:]
        seed = self._next_reshuffle_seed()
        r = burn_error(
            event.error, street, burned, dealt, stub, self.rules, action_taken=action_taken, seed=seed
        )
        return self._set_street(section, street, r["burned"], r["dealt"], r["stub"], "corrected")

    def _street_actions(self, street: str) -> list[Any]:
        engine = self.engine
        assert engine is not None
        kinds = ("fold", "check", "call", "bet", "raise")
        return [e for e in engine.events if e.street == street and e.kind in kinds]

    def _set_street(
        self,
        section: str,
        street: str,
        burned: Sequence[Card],
        dealt: Sequence[Card],
        stub: Sequence[Card],
        word: str,
    ) -> Ruling:
        phys = self.phys
        phys.burned[street], phys.dealt[street], phys.stub = list(burned), list(dealt), list(stub)
        self._corrected = self._corrected | {street}
        self._after_change()
        return Ruling(section, word, {"street": street, "burned": tuple(burned), "dealt": tuple(dealt)})

    def _on_flop_too_many(self, event: FlopTooMany, section: str) -> Ruling:
        street = self._street_dealt(section)
        if street != "flop" or any(True for _ in self._street_actions("flop")) or "flop" in self._corrected:
            raise RuleViolation(
                "too many flop cards are found as the flop is dealt, before any action", section
            )
        extra = event.count - 3
        if not isinstance(event.count, int) or extra < 1 or extra > len(self.phys.stub) - 3:
            raise RuleViolation(f"a flop of {show_value(event.count)} cards does not have too many", section)
        phys = self.phys
        dealt = phys.dealt["flop"] + phys.stub[:extra]
        seed = self._next_reshuffle_seed()
        r = flop_too_many(phys.burned["flop"], dealt, phys.stub[extra:], self.rules, seed=seed)
        if r["next_burn"] is not None:
            phys.reserved.append(r["next_burn"])
        return self._set_street(section, "flop", r["burned"], r["dealt"], r["stub"], "corrected")

    def _on_premature(self, event: PrematureCard, section: str) -> Ruling:
        engine = self._need_betting(section)
        current = engine.street
        if current == "river":
            raise RuleViolation("no card comes after the river", section)
        street = BOARD_STREETS[STREET_NAMES.index(current)]
        if street in self._premature:
            raise RuleViolation(f"the {street} was already dealt too soon once", section)
        trial = self.phys.copy()
        self._deal_street(trial, street)  # what the dealer did: burn and turn too soon
        burned, cards = list(trial.burned[street]), list(trial.dealt[street])
        trial.dealt[street] = []
        self.phys = trial
        seed = self._next_reshuffle_seed()
        if street == "flop":
            r: dict[str, Any] = premature_flop(burned, cards, trial.stub, seed=seed)
            plan = {"flop": (False, False)}
            set_aside: tuple[Card, ...] = ()
        else:
            r = premature_card(street, burned, cards[0], trial.stub, self.rules, seed=seed)
            plan, set_aside = r["plan"], r["set_aside"]
        self.phys.stub = list(r["stub"])
        self.phys.burned[street] = list(r["burned"])
        self.phys.set_aside.extend(set_aside)
        self.phys.plan.update(plan)
        self._premature = self._premature | {street}
        self._after_change()
        return Ruling(
            section, "taken_back", {"street": street, "burned": tuple(r["burned"]), "set_aside": set_aside}
        )

    def _on_deck_fault(self, event: DeckFault, section: str) -> Ruling:
        if self.phase == "over":
            raise RuleViolation("the pots are awarded: the result stands", section)
        outcome = deck_fault(event.fault, self._kinds(), self.rules)
        if not isinstance(event.card, Card):
            raise RuleViolation(f"a deck fault names a Card, not {show_value(event.card)}", section)
        if event.fault == "missing" and event.card not in self.phys.stub:
            raise RuleViolation(f"{event.card} is not in the stub, so it is not missing", section)
        if outcome in ("misdeal", "void"):
            return Ruling(section, outcome, self._redeal())
        self.phys.stub.remove(event.card)
        self.phys.scrap.append(event.card)
        if self.engine is not None:
            self._after_change()
        return Ruling(section, outcome, {"missing": event.card})

    def _check_same_players(self, setup: object, section: str, *, button: bool) -> HandSetup:
        if not isinstance(setup, HandSetup):
            raise RuleViolation(f"{show_value(setup)} is not a HandSetup", section)
        mine = self.setup
        if setup.stacks != mine.stacks or setup.seats != mine.seats or setup.rules != mine.rules:
            raise RuleViolation(
                "the corrected set-up must seat the same players with the same chips", section
            )
        if not button and setup.button != mine.button:
            raise RuleViolation("a level correction keeps the button", section)
        return dataclasses.replace(setup, seed=self.seed, hole_cards=None, board=())

    def _on_button(self, event: ButtonMisplaced, section: str) -> Ruling:
        if self.phase == "over":
            raise RuleViolation("the hand is over: its result stands", section)
        setup = self._check_same_players(event.setup, section, button=True)
        outcome = button_error(self._kinds(), self.rules, cards_dealt=self.phase != "cut")
        if outcome == "put_right":
            self.setup = setup
            n = len(setup.stacks)
            self.order = hole_card_order(n, setup.button, setup.in_hand)
            return Ruling(section, outcome, {"button": setup.button})
        if outcome == "misdeal":
            return Ruling(section, outcome, {"button": setup.button, **self._redeal(setup)})
        return Ruling(section, outcome, {})

    def _on_wrong_level(self, event: WrongLevel, section: str) -> Ruling:
        self._need_betting(section)
        setup = self._check_same_players(event.setup, section, button=False)
        if wrong_level(self._kinds(), self.rules) == "stands":
            return Ruling(section, "stands", {})
        fix = level_correction(self.actions)
        holes = tuple(self._engine_holes)
        self.setup = setup
        played = dataclasses.replace(setup, hole_cards=holes, board=self._projected_board())
        self.engine, self.engine_setup = SpecHand(played), played
        for seat in fix["folds_stand"]:
            self.engine.kill(seat)
        self.actions = [(seat, "fold") for seat in fix["folds_stand"]]
        self._after_change()
        return Ruling(section, "correct", {"blinds": setup.blinds, **fix})

    def _on_tossed(self, event: TossedCards, section: str) -> Ruling:
        seat = self._seat(event.seat, section)
        engine = self._need_betting(section)
        if engine.record.state.folded[seat] or seat in self.tossed:
            raise RuleViolation(f"seat {seat} has no live hand to toss", section)
        outcome = tossed_cards(seat == engine.to_act)
        if outcome == "fold":
            self.act("fold")
            self.steps.pop()  # the fold is this event's
        else:
            engine.act("fold", None, seat=seat)
            self.phys.muck.extend(self.phys.holes[seat])
            self.phys.holes[seat] = []
        self.tossed.add(seat)
        self._after_change()
        return Ruling(section, outcome, {"mucked": seat})

    def _on_retrieve(self, event: RetrieveCards, section: str) -> Ruling:
        seat = self._seat(event.seat, section)
        folded = self.engine is not None and self.engine.record.state.folded[seat]
        if seat in self.tossed or (folded and not self.phys.holes[seat]):
            raise RuleViolation(f"seat {seat}'s cards were tossed into the muck: they are dead", section)
        raise RuleViolation(f"seat {seat} has tossed no cards", section)

    def _on_straddle(self, event: StraddleAnnounced, section: str) -> Ruling:
        seat = self._seat(event.seat, section)
        if self.phase not in ("cut", "deal") or self.dealt_order:
            raise RuleViolation("a straddle is announced before the deal", section)
        outcome = straddle_announcement(self.phase == "cut", self.rules)
        if outcome == "counts":
            posts = (*self.setup.posts, ForcedPost(seat, "straddle", event.amount))
            self.setup = HandSetup(
                self.rules, self.setup.stacks, self.setup.button, posts, self.setup.blinds,
                self.setup.bet_sizes, self.setup.seats, self.seed,
            )  # fmt: skip
        return Ruling(section, outcome, {"seat": seat, "amount": event.amount})

    def _quietly(self, play: Callable[[], Any]) -> Any:
        """Run ``play`` (which acts through the public methods) without recording its steps: they are
        the event's, which replays them."""
        mark = len(self.steps)
        try:
            return play()
        finally:
            del self.steps[mark:]

    def _on_declaration(self, event: Declaration, section: str) -> Ruling:
        self._need_betting(section)
        r = self._quietly(
            lambda: declare(
                self,
                event.seat,
                event.words,
                event.chips,
                said_first=event.said_first,
                undercall_ruling=event.undercall_ruling,
                unaware_of_raise=event.unaware_of_raise,
                released=event.released,
                induced_out_of_turn=event.induced_out_of_turn,
            )
        )
        if r.action is not None:
            outcome = r.action[0]
        else:
            outcome = "withdrawn" if r.withdrawn else "choose" if r.allowed else "no_action"
        changes = {
            "seat": r.seat,
            "action": r.action,
            "pushed": r.pushed,
            "returned": r.returned,
            "forfeited": r.forfeited,
            "allowed": tuple(sorted(r.allowed)),
            "out_of_turn": r.out_of_turn,
        }
        return Ruling(r.section, outcome, changes)

    def _on_call_clock(self, event: CallClock, section: str) -> Ruling:
        self._need_betting(section)
        clock = call_clock(
            self, event.called_at_s, at_table=event.at_table, seated_when_dealt=event.seated_when_dealt
        )
        self.clock = clock
        left = clock_time_left(clock.called_at_s, clock.called_at_s, self.rules)
        return Ruling(section, "on_clock", {"seat": clock.seat, "time_left_s": left})

    def _on_run_clock(self, event: RunClock, section: str) -> Ruling:
        self._need_betting(section)
        if self.clock is None:
            raise RuleViolation("the clock has not been called on this deal", section)
        clock = self.clock
        r = self._quietly(lambda: run_clock(self, clock, event.now_s))
        if r.timed_out is not None:
            self.clock = None
            return Ruling(section, "timed_out", {"seat": r.seat, "timed_out": r.timed_out})
        acted = len(self.events) != clock.events
        return Ruling(
            section, "acted" if acted else "running", {"seat": r.seat, "time_left_s": r.time_left_s}
        )

    def _on_disconnect(self, event: Disconnect, section: str) -> Ruling:
        self._need_betting(section)
        r = self._quietly(lambda: disconnect(self, event.time_left_s, event.reconnect_after_s))
        if r.timed_out is not None:
            return Ruling(section, "timed_out", {"seat": r.seat, "timed_out": r.timed_out})
        return Ruling(section, "resume", {"seat": r.seat, "time_left_s": r.time_left_s})


EVENT_HANDLERS: dict[type, Callable[[LiveHand, Any, str], Ruling]] = {
    Misdeal: LiveHand._on_misdeal,
    ExposedCard: LiveHand._on_exposed,
    WrongCardCount: LiveHand._on_wrong_count,
    BoxedCard: LiveHand._on_boxed,
    Joker: LiveHand._on_joker,
    BurnError: LiveHand._on_burn_error,
    FlopTooMany: LiveHand._on_flop_too_many,
    PrematureCard: LiveHand._on_premature,
    DeckFault: LiveHand._on_deck_fault,
    ButtonMisplaced: LiveHand._on_button,
    WrongLevel: LiveHand._on_wrong_level,
    TossedCards: LiveHand._on_tossed,
    RetrieveCards: LiveHand._on_retrieve,
    StraddleAnnounced: LiveHand._on_straddle,
    Declaration: LiveHand._on_declaration,
    CallClock: LiveHand._on_call_clock,
    RunClock: LiveHand._on_run_clock,
    Disconnect: LiveHand._on_disconnect,
}
"""How the live hand applies each event type: ``handler(live, event, section) -> Ruling``; document 11's
events (declarations and the clock) as well as document 10's."""


def replay_live(history: Mapping[str, Any]) -> LiveHand:
    """A live hand played again from its ``history`` (``LiveHand.history``): the same set-up and
    seed, then every step (cut, deal, act, event) in order; the result is the same state."""
    setup = history["setup"]
    hand = LiveHand(setup, cut=history.get("cut", DEFAULT_CUT), deal=False)
    for step in history["steps"]:
        kind = step[0]
        if kind == "cut":
            hand.cut_deck(step[1])
        elif kind == "deal":
            hand.deal_hole(step[1])
        elif kind == "act":
            hand.act(step[1], step[2], seat=step[3] if len(step) > 3 else None)
        elif kind == "time_out":
            hand.time_out()
        elif kind == "forfeit":
            hand.fold_forfeiting(step[1])
        elif kind == "event":
            hand.apply(step[1])
        else:
            raise RuleViolation(f"{show_value(step)} is not a step of a live hand", "10.1")
    return hand
