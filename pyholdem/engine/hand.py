"""The hand: one deal of Texas Hold'em as an executable state machine (specs 03–08).

``Hand`` is the public class, a façade that holds one of two engines with the same API and the
same answers: ``SpecHand`` (``pyholdem.engine.spec_engine``), the oracle, which delegates every decision
to a section function of ``pyholdem.spec`` in plain Python, and ``NativeHand``
(``pyholdem.engine.native_engine``), its C twin (``csrc/hand.c``); the differential tests drive both in
lockstep. Neither engine imports this module. Each action is atomic: it is validated completely,
applied, and a refused action leaves the hand exactly as it was.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Sequence
from functools import cache
from operator import attrgetter
from typing import Any, overload

from pyholdem.engine.setup import HandSetup, setup_from_arguments
from pyholdem.engine.spec_engine import EVENT_KINDS, Event, HandRecord, HandResult, SpecHand
from pyholdem.errors import NativeError, RuleViolation, show_value
from pyholdem.rules.ruleset import RuleSet
from pyholdem.spec.betting import LegalActions
from pyholdem.spec.cards import Card
from pyholdem.spec.dealing import visible_board
from pyholdem.spec.state import STREET_NAMES
from pyholdem.values import plain

SETUP_KEYWORDS = frozenset(inspect.signature(setup_from_arguments).parameters) - {"rules", "stacks"}
"""The keywords of ``Hand(rules, stacks, ...)``: those of ``setup_from_arguments``."""

__all__ = ["ENGINES", "EVENT_KINDS", "Event", "Hand", "HandResult", "LegalActions", "SpecHand"]

ENGINES = ("auto", "spec", "native")
Engine = Any
"""A hand's engine: a ``SpecHand`` or a ``NativeHand`` (the same methods and properties)."""


def _of_engine(name: str, doc: str) -> Any:
    """A read-only property of the hand that is its engine's ``name``."""
    return property(attrgetter(f"_engine.{name}"), doc=doc)


def _engine_method(name: str, doc: str) -> Any:
    """A method of the hand that calls its engine's method ``name`` with the same arguments."""

    def method(self: Hand, *args: Any) -> Any:
        return getattr(self._engine, name)(*args)

    method.__name__ = method.__qualname__ = name
    method.__doc__ = doc
    return method


class Hand:
    """One hand from the forced bets to the award (spec 03–08).

    ``Hand(setup)`` plays a ``HandSetup`` (§3.20, ``pyholdem.engine.setup``): everything the hand
    starts from, seats sitting out or empty, a dead button, dead and extra blinds included.
    ``Hand(rules, stacks, button=..., blinds=..., ...)`` builds the set-up of one hand at a full
    table (``setup_from_arguments``) and plays that:

    ``stacks`` are the chips of each seat, clockwise from seat 0; ``button`` is a seat;
    ``blinds`` is ``(small, big)``, ``(big,)`` for a single blind, or one amount: the single blind
    under ``blind_count = 1``, else the big blind, whose small blind ``small_blind_rule`` derives
    (§3.10; under ``"explicit"`` one amount is refused as ambiguous, §3.9); ``antes`` one amount (paid as
    ``rules.ante_type`` says) or one amount per seat; ``straddles`` the straddle amounts in
    posting order (§3.16); ``sleeper`` a seat posting a sleeper (§3.17); ``bet_sizes`` the
    fixed-limit (small bet, big bet), by default (big blind, 2 × big blind).

    Cards: with ``seed`` the deck is shuffled by §1.4 and dealt by §4.2–4.3. ``hole_cards`` (one
    entry per seat: ``"AcKd"``, or ``None``/``"????"`` for cards a replay does not know) and
    ``board`` (up to five cards) fix cards instead; cards not fixed come off the seeded deck.
    Unknown cards are fine until a showdown needs them (§8.5).

    Amounts are chips (integers). Every action is validated completely before anything changes;
    a refused action raises ``IllegalAction`` naming the value, what is allowed and the section.

    ``engine``: ``"auto"`` (the default) plays on the C engine (``NativeHand``) when the core is
    built and can play this hand, else on the spec engine (``SpecHand``, the oracle); ``"spec"``
    always plays on the spec engine; ``"native"`` on the C engine, or raises ``NativeError``
    saying why it cannot. The C engine hands a hand over to the spec engine, state and log
    included, for what it does not play itself: sleepers, unknown cards, out-of-turn actions,
    time-outs that freeze a player, and amounts beyond 2**60 chips.

    The hand holds its engine (composition): handing over replaces the engine, never the hand's
    class. The engine's action methods are bound on the hand itself (``_use``), so an action or
    ``legal_actions()`` costs no call more than on the engine. A copy copies the engine; a pickle
    (and a deep copy) carries the hand's ``HandRecord`` and comes back on the spec engine.

    Threads: a hand is not thread-safe (an action checks, then changes); use one hand from one thread
    at a time, or guard it with a lock. Different hands may play on different threads at once: the C
    engine keeps no global state and the spec engine is pure. Its values (``LegalActions``, events,
    ``HandResult``, ``HandRecord``) are immutable and may be shared.
    """

    _engine: Engine
    _setup: HandSetup | None

    # the two forms, keyword by keyword, for type checkers
    @overload
    def __init__(self, rules: HandSetup, *, engine: str = "auto") -> None: ...

    @overload
    def __init__(
        self,
        rules: RuleSet,
        stacks: Sequence[int],
        *,
        button: int,
        blinds: int | Sequence[int],
        antes: int | Sequence[int] | None = None,
        straddles: Sequence[int] = (),
        sleeper: int | None = None,
        seed: int | str | bytes | None = None,
        hole_cards: Sequence[str | Sequence[object] | None] | None = None,
        board: str | Sequence[object] | None = None,
        bet_sizes: tuple[int, int] | None = None,
        engine: str = "auto",
    ) -> None: ...

    def __init__(
        self,
        rules: RuleSet | HandSetup,
        stacks: Sequence[int] | None = None,
        *,
        engine: str = "auto",
        **arguments: object,
    ) -> None:
        """Unknown or missing keywords raise ``RuleViolation`` naming them (§3.20)."""
        start = None
        if engine != "spec":
            if engine not in ENGINES:
                raise RuleViolation(f"engine {engine!r} is not one of {', '.join(map(repr, ENGINES))}", "0.1")
            start = _native_hand_class()
            if start is None and engine == "native":
                raise NativeError(
                    "engine 'native' needs the compiled core pyholdem._native; run 'make build'"
                )
        setup = _setup_of(rules, stacks, arguments)
        self._use(SpecHand(setup) if start is None else start(setup, insist=engine == "native"))
        self._setup = setup

    @classmethod
    def on_engine(cls, setup: HandSetup, engine: Engine) -> Hand:
        """The hand of ``setup`` (§3.20) played on ``engine``, already started from it: a table's hand
        dealt again from its layout, a bulk run's hand played again with its log."""
        hand = object.__new__(cls)
        hand._use(engine)
        hand._setup = setup
        return hand

    def _use(self, engine: Engine) -> None:
        """Play on ``engine`` from now on (at the start, and when the C engine hands over)."""
        self._engine = engine
        # the per-action path, bound on the hand: no call more than on the engine
        self.legal_actions = engine.legal_actions
        self.fold = engine.fold
        self.check = engine.check
        self.call = engine.call
        self.bet_to = engine.bet_to
        self.raise_to = engine.raise_to
        self._play: Callable[[str, int | None], None] = engine.play

    def __getstate__(self) -> tuple[HandRecord, HandSetup | None]:
        return self._engine.to_record(), self._setup

    def __setstate__(self, state: tuple[HandRecord, HandSetup | None]) -> None:
        record, setup = state
        self._use(SpecHand.from_record(record))
        self._setup = setup

    def final_stacks(self) -> tuple[int, ...] | None:
        """Each seat's stacks once the hand is over (§8.10), else None: what a table reads back, in one
        call."""
        stacks: tuple[int, ...] | None = self._engine.final_stacks()
        return stacks

    @property
    def setup(self) -> HandSetup | None:
        """The ``HandSetup`` (§3.20) the hand started from (what its history records, §12.12)."""
        return self._setup

    def __repr__(self) -> str:
        where = "over" if self.is_over else f"{self.street}, seat {self.to_act} to act"
        return (
            f"<Hand {len(self.initial_stacks)} seats, button {self.button}, {where}, "
            f"stacks {list(self.stacks)}>"
        )

    def copy(self) -> Hand:
        """An independent copy on the same engine: acting on it leaves this hand unchanged."""
        other = object.__new__(Hand)
        other._use(self._engine.copy())
        other._setup = self._setup
        return other

    # ------------------------------------------------------------------ queries
    # The engine's own properties, read through an ``attrgetter`` (no Python call of the façade's own).
    engine = _of_engine("engine", 'The engine playing the hand now: "native" (the C engine) or "spec".')
    rules = _of_engine("rules", "The hand's RuleSet.")
    initial_stacks = _of_engine("initial_stacks", "Each seat's chips before the forced posts.")
    to_act = _of_engine("to_act", "The seat whose turn it is, or None when the hand is over.")
    button = _of_engine("button", "The button's seat (an empty seat: a dead button, §3.20).")
    is_over = _of_engine("is_over", "True once the hand has been awarded (§8).")
    result = _of_engine("result", "The HandResult once the hand is over, else None.")
    events = _of_engine("events", "The log so far, a tuple of Event.")
    state = _of_engine("state", "A copy of the explicit HandState the rule functions read.")
    deal = _of_engine("deal", "The cards dealt (§4.2-§4.3), a Deal.")
    stacks = _of_engine("stacks", "Each seat's chips behind, a tuple.")
    street = _of_engine("street", "The betting round: preflop, flop, turn or river.")

    @property
    def board(self) -> tuple[Card | None, ...]:
        result = self.result
        board: tuple[Card | None, ...] = (
            visible_board(self.deal, STREET_NAMES.index(self.street)) if result is None else result.board
        )
        return board

    def hole_cards(self, seat: int) -> tuple[Card | None, ...]:
        n = len(self.initial_stacks)
        if type(seat) is not int or not 0 <= seat < n:
            raise RuleViolation(f"seat {show_value(seat)} is not a seat in 0..{n - 1}", "3.1")
        hole: tuple[Card | None, ...] = self.deal.holes[seat]
        return hole

    pot_total = _engine_method(
        "pot_total",
        "The chips put in and not yet given back or awarded: bets, earlier rounds' chips, antes, dead "
        "blinds (§3.20) and a pending sleeper (§3.17); 0 once the hand is over. sum(stacks) + "
        "pot_total() never changes.",
    )

    # ------------------------------------------------------------------ actions
    # The engine's methods (``_use`` binds the engine's own over the first six on each hand).
    legal_actions = _engine_method(
        "legal_actions", "What the player to act may do (§6.1); raises IllegalAction when the hand is over."
    )
    fold = _engine_method("fold", "Fold (§6.1).")
    check = _engine_method("check", "Check (§6.1).")
    call = _engine_method("call", "Call the current bet, or all one's chips (§6.1, §7.1).")
    bet_to = _engine_method("bet_to", "bet_to(amount): bet, making one's bet amount in all (§5, §6.1).")
    raise_to = _engine_method("raise_to", "raise_to(amount): raise to amount in all (§5, §6.1).")
    all_in = _engine_method(
        "all_in", "Put every chip in: a call when that does not beat the current bet, else a bet or raise."
    )

    def act(self, kind: str, amount: int | None = None, *, seat: int | None = None) -> None:
        """``act("raise", 300)`` is ``raise_to(300)``; kinds: fold, check, call, bet, raise.

        With ``seat`` other than ``to_act`` the action is out of turn (§6.10): refused under
        ``out_of_turn = "reject"``, otherwise recorded and applied or dropped when his turn comes
        (on the spec engine: the C engine hands the hand over for it).
        """
        if seat is None:
            self._play(kind, amount)
            return
        successor = self._engine.act(kind, amount, seat=seat)
        if successor is not None:
            self._use(successor)

    def time_out(self) -> None:
        """The player to act ran out of time (the clock is the caller's, ``rules.action_time_s``):
        his hand is checked, folded or frozen all-in as ``rules.timeout_action`` says (§6.11, §7.8)."""
        successor = self._engine.time_out()
        if successor is not None:
            self._use(successor)


@cache
def _native_hand_class() -> Callable[..., Engine] | None:
    """How ``Hand(...)`` starts the C engine (``pyholdem.engine.native_engine.start``), or None when the
    core is not built (the façade's choice; the spec engine never calls it)."""
    try:
        from pyholdem.engine.native_engine import start
    except NativeError:
        return None
    return start


@cache
def native_layouts() -> tuple[Callable[[HandSetup], Any], Callable[..., Engine]] | None:
    """How a table deals hands laid out again on the C engine (``pyholdem.engine.native_engine``'s
    ``pack_layout`` and ``start_laid_out``), or None when the core is not built."""
    try:
        from pyholdem.engine.native_engine import pack_layout, start_laid_out
    except NativeError:
        return None
    return pack_layout, start_laid_out


def _setup_of(rules: Any, stacks: Any, arguments: dict[str, Any]) -> HandSetup:
    """The set-up a ``Hand(...)`` call gives: ``Hand(setup)``, or the keyword form (its values as given:
    ``setup_from_arguments`` checks them)."""
    if isinstance(rules, HandSetup):
        if stacks is not None or arguments:
            raise RuleViolation("Hand(setup) takes no other arguments than engine", "3.20")
        return rules
    unknown = () if SETUP_KEYWORDS.issuperset(arguments) else sorted(set(arguments) - SETUP_KEYWORDS)
    if unknown:
        raise RuleViolation(
            f"Hand() has no keyword {unknown[0]!r}; it takes {', '.join(sorted(SETUP_KEYWORDS))} and engine",
            "3.20",
        )
    for needed in ("button", "blinds"):
        if needed not in arguments:
            raise RuleViolation(f"Hand(rules, stacks, ...) needs the keyword {needed!r}", "3.20")
    given = {name: plain(value) for name, value in arguments.items()}
    return setup_from_arguments(rules, plain(stacks), **given)
