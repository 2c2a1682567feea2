"""Declarations and the clock as live events on a ``Hand`` (spec 11), on either engine, or on a
``LiveHand`` (spec 10), which records them as events of its history.

``declare`` turns what the player to act said and pushed into the action it binds to (§11.1–11.10)
and applies it through the hand's public API; ``call_clock``/``run_clock`` (§11.12) and
``disconnect`` (§11.13) time a player out (§6.11) from explicit seconds, never the wall clock.
This module sequences only: every decision is a function of ``pyholdem.spec.declarations``.
A refused event raises a typed error and leaves the hand unchanged.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol, TypeGuard

from pyholdem.engine.spec_engine import Event
from pyholdem.errors import IllegalAction, RuleViolation, show_value
from pyholdem.rules.ruleset import RuleSet
from pyholdem.spec.betting import timeout_outcome
from pyholdem.spec.declarations import (
    Action,
    BetContext,
    bet_context,
    check_clock_caller,
    clock_time_left,
    disconnection,
    forward_motion,
    interpret,
    may_withdraw,
    require_live_layer,
    returned_chips,
)
from pyholdem.spec.state import HandState
from pyholdem.values import is_int

__all__ = [
    "ClockCall",
    "ClockRuling",
    "DeclarableHand",
    "Ruling",
    "call_clock",
    "declare",
    "disconnect",
    "run_clock",
]


class DeclarableHand(Protocol):
    """What ``declare`` and the clock need of a hand: a ``Hand`` (either engine) or a ``LiveHand``.
    A hand that can put forfeited chips in the pot (§11.5) has ``takes_forfeits`` true and
    ``fold_forfeiting(chips)``."""

    @property
    def rules(self) -> RuleSet: ...
    @property
    def state(self) -> HandState: ...
    @property
    def is_over(self) -> bool: ...
    @property
    def to_act(self) -> int | None: ...
    @property
    def events(self) -> tuple[Event, ...]: ...
    def act(self, kind: str, amount: int | None = None, *, seat: int | None = None) -> None: ...
    def time_out(self) -> None: ...


class ForfeitingHand(DeclarableHand, Protocol):
    """A hand that can put the chips an undercall ruled a fold forfeits in the pot (§11.5)."""

    takes_forfeits: bool

    def fold_forfeiting(self, chips: int) -> None: ...


def _takes_forfeits(hand: DeclarableHand) -> TypeGuard[ForfeitingHand]:
    """Whether ``hand`` says it takes forfeits (``takes_forfeits`` true; a ``LiveHand``)."""
    return bool(getattr(hand, "takes_forfeits", False))


Words = tuple[str | None, int | None] | str | int | None


@dataclass(frozen=True)
class Ruling:
    """What a declaration bound the player to, and what was applied to the hand.

    ``action`` is the core action applied, ``(kind, to)`` (§11 introduction), or ``None`` when
    nothing was applied: the chips were withdrawn (§11.7, ``withdrawn``) or the words bind the
    player only to a choice among ``allowed`` (§11.10). ``section`` decided it; ``pushed`` is the
    chips he pushed, ``returned`` the part given back to him, ``forfeited`` the part an undercall
    ruled a fold leaves in the pot (§11.5, on a ``LiveHand``).
    """

    seat: int
    action: Action | None
    section: str
    pushed: int
    returned: int
    allowed: frozenset[str] = frozenset()
    withdrawn: bool = False
    out_of_turn: bool = False
    forfeited: int = 0


def _said(words: object) -> tuple[str | None, int | None] | None:
    """``"call"`` is ``("call", None)``, ``800`` is ``(None, 800)``; a pair is taken as it is."""
    if words is None or isinstance(words, (tuple, list)):
        return None if words is None else tuple(words)
    if isinstance(words, str):
        return (words, None)
    if is_int(words):
        return (None, words)
    raise IllegalAction(
        f"words {show_value(words)} are not a word, an amount or a (word, amount) pair", "11.1"
    )


def declare(
    hand: DeclarableHand,
    seat: int,
    words: Words = None,
    chips: Sequence[int] = (),
    *,
    said_first: bool = True,
    undercall_ruling: str = "call",
    unaware_of_raise: bool = False,
    released: bool = True,
    induced_out_of_turn: bool = False,
) -> Ruling:
    """Apply what ``seat`` said (``words``) and pushed (``chips``) (§11.1).

    ``said_first`` says the words came before the chips (or with them); ``undercall_ruling`` is
    the director's choice for an undercall (§11.5); ``unaware_of_raise`` says he released chips
    without knowing the pot had been raised (§11.7: he may take them back, and nothing is applied);
    ``released = False`` says the chips moved forward but were not let go (§11.8): no action,
    unless the motion ``induced_out_of_turn`` a later player's action (recorded by §6.10), when
    the chips bind as if released. A declaration out of turn is read in the seat's own betting
    situation and handed to §6.10 (``act(..., seat=...)``): recorded, to bind or not when his turn
    comes, or refused under ``out_of_turn = "reject"``. Refused, with the hand unchanged: any
    declaration without ``live_play_layer`` (§10.1), a seat that cannot act (§6.10), impossible
    words or chips (§11.1), a forward motion with words, out of turn, or inducing nothing the
    hand records (§11.8), and an undercall ruled a fold that forfeits chips on a hand that cannot
    put them in the pot (a ``Hand``; a ``LiveHand`` can, §11.5) or out of turn.
    """
    rules = hand.rules
    require_live_layer(rules)
    if hand.is_over:
        raise IllegalAction("a declaration is not possible: the hand is over", "6.1")
    for name, flag in (("released", released), ("induced_out_of_turn", induced_out_of_turn)):
        if not isinstance(flag, bool):
            raise IllegalAction(f"{name} = {show_value(flag)} is not True or False", "11.8")
    seats = hand.state.seats
    if type(seat) is not int or not 0 <= seat < seats:
        raise IllegalAction(f"a declaration by seat {show_value(seat)}: not a seat in 0..{seats - 1}", "6.10")
    out_of_turn = seat != hand.to_act
    state = hand.state
    ctx = bet_context(state, rules, seat)
    said = _said(words)
    pushed = sum(chips) if isinstance(chips, (tuple, list)) and all(is_int(c) for c in chips) else 0
    if not released:
        return _forward_motion(hand, seat, said, chips, ctx, state, induced_out_of_turn, out_of_turn)
    if (
        unaware_of_raise
        and not out_of_turn
        and said is None
        and pushed
        and may_withdraw(pushed, ctx, False, rules)
    ):
        return Ruling(seat, None, "11.7", pushed, pushed, withdrawn=True)
    reading = interpret(
        ctx, rules, said=said, chips=chips, said_first=said_first, undercall_ruling=undercall_ruling
    )
    if reading.forfeited:
        if not _takes_forfeits(hand) or out_of_turn:
            where = "out of turn" if out_of_turn else "on a Hand, which cannot take them"
            raise RuleViolation(
                f"an undercall ruled a fold forfeits {reading.forfeited} chips {where} "
                "(rule it a call, or play the hand live)",
                "11.5",
            )
        hand.fold_forfeiting(reading.forfeited)
        returned = pushed - reading.forfeited
        return Ruling(seat, reading.action, reading.section, pushed, returned, forfeited=reading.forfeited)
    if reading.action is None:
        return Ruling(seat, None, reading.section, pushed, pushed, reading.allowed, out_of_turn=out_of_turn)
    kind, to = reading.action
    hand.act(kind, to if kind in ("bet", "raise") else None, seat=seat if out_of_turn else None)
    returned = returned_chips(reading.action, pushed, ctx)
    return Ruling(seat, reading.action, reading.section, pushed, returned, out_of_turn=out_of_turn)


def _forward_motion(
    hand: DeclarableHand,
    seat: int,
    said: tuple[str | None, int | None] | None,
    chips: Sequence[int],
    ctx: BetContext,
    state: HandState,
    induced: bool,
    out_of_turn: bool,
) -> Ruling:
    """§11.8 on a hand: the chips of a motion not released bind only when a later player acted out
    of turn because of it (his action is pending, §6.10)."""
    if said is not None:
        raise IllegalAction("a forward motion is chips moved without a word; words are a declaration", "11.8")
    if out_of_turn:
        raise IllegalAction(f"seat {seat} is not to act: a forward motion binds the player in turn", "11.8")
    if induced and not state.out_of_turn:
        raise RuleViolation("no later player has acted out of turn: the motion induced nothing", "11.8")
    action = forward_motion(chips, ctx, induced, hand.rules)
    pushed = sum(chips)
    if action is None:
        return Ruling(seat, None, "11.8", pushed, pushed)
    kind, to = action
    hand.act(kind, to if kind in ("bet", "raise") else None)
    return Ruling(seat, action, "11.8", pushed, returned_chips(action, pushed, ctx))


@dataclass(frozen=True)
class ClockCall:
    """The clock called on ``seat`` at ``called_at_s`` seconds, when the hand had ``events`` events
    (any later event means he acted)."""

    seat: int
    called_at_s: float
    events: int


@dataclass(frozen=True)
class ClockRuling:
    """What the clock or a disconnection did: the seconds ``seat`` has left to act, and the §6.11
    time-out applied (``"check"``, ``"fold"``, ``"freeze"``), or ``None`` when none was."""

    seat: int
    section: str
    time_left_s: float
    timed_out: str | None = None


def call_clock(
    hand: DeclarableHand, called_at_s: float, *, at_table: bool = True, seated_when_dealt: bool = True
) -> ClockCall:
    """Put the player to act on the clock at ``called_at_s`` (§11.12); the caller must be at the
    table, and with ``clock_callers = "seated_when_dealt"`` seated when the hand was dealt."""
    if hand.is_over:
        raise IllegalAction("the clock cannot be called: the hand is over", "11.12")
    seat = hand.to_act
    if seat is None:
        raise IllegalAction("no clock: nobody is to act before the deal is complete", "11.12")
    check_clock_caller(at_table, seated_when_dealt, hand.rules)
    clock_time_left(called_at_s, called_at_s, hand.rules)  # validates the seconds
    return ClockCall(seat, called_at_s, len(hand.events))


def run_clock(hand: DeclarableHand, clock: ClockCall, now_s: float) -> ClockRuling:
    """The clock at ``now_s``: when the player on it has not acted and his time has run out, his
    hand is timed out (§6.11); otherwise nothing changes."""
    if not isinstance(clock, ClockCall):
        raise RuleViolation(f"{show_value(clock)} is not a ClockCall", "11.12")
    left = clock_time_left(clock.called_at_s, now_s, hand.rules)
    if hand.is_over or len(hand.events) != clock.events:
        return ClockRuling(clock.seat, "11.12", left)
    if left > 0:
        return ClockRuling(clock.seat, "11.12", left)
    return ClockRuling(clock.seat, "11.12", 0, _time_out(hand))


def disconnect(hand: DeclarableHand, time_left_s: float, reconnect_after_s: float | None) -> ClockRuling:
    """The player to act is disconnected with ``time_left_s`` seconds left and reconnects after
    ``reconnect_after_s`` (``None``: never): he resumes with the time §11.13 gives, or is timed out."""
    if hand.is_over:
        raise IllegalAction("nobody is to act: the hand is over", "11.13")
    seat = hand.to_act
    if seat is None:
        raise IllegalAction("nobody is to act before the deal is complete", "11.13")
    outcome, seconds = disconnection(time_left_s, reconnect_after_s, hand.rules)
    if outcome == "resume":
        return ClockRuling(seat, "11.13", seconds)
    return ClockRuling(seat, "11.13", 0, _time_out(hand))


def _time_out(hand: DeclarableHand) -> str:
    state = hand.state  # refused on a LiveHand whose deal is not complete
    seat = hand.to_act
    assert seat is not None  # a hand that is not over (every caller checks) and has a state has a seat to act
    outcome = timeout_outcome(state, hand.rules, seat)
    hand.time_out()
    return outcome
