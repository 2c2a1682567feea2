"""The C hand engine against the spec engine, driven in lockstep (specs 03–08, DESIGN.md).

The same random set-up is dealt on ``engine="spec"`` (``SpecHand``, the oracle) and on
``engine="native"`` (``NativeHand``, ``csrc/hand.c``), and the same actions go to both: legal bets
and raises at both bounds and between them, amounts outside the bounds, the wrong kind of action,
amounts that are not whole numbers of chips, all-ins, time-outs, actions out of turn (which hand the
native hand over to the spec engine), on the hands and on copies of them. After every step the two
hands must answer every query alike; a refused action must be refused by both with the same error,
message and section, and leave both hands — and every other copy — exactly as they were.
"""

from __future__ import annotations

import copy
import pickle
import random
from collections.abc import Callable
from decimal import Decimal
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
    run_state_machine_as_test,
)

from pyholdem import (
    Card,
    Hand,
    IllegalAction,
    LegalActions,
    PyHoldemError,
    RuleSet,
    parse_cards,
    standard_deck,
)
from pyholdem.engine.setup import ForcedPost, HandSetup
from pyholdem.native.hand import LIMIT
from pyholdem.native.lib import ffi
from pyholdem.rules.ruleset import FIELDS, PRESETS, preset
from pyholdem.spec.betting import ACTIONS

DECK = standard_deck()


class Chips(int):
    """An int subclass: a whole number of chips the spec accepts as an amount (not a bool)."""


# ---------------------------------------------------------------------------- rule sets

CHOICE_FIELDS = (
    "betting_structure", "nl_min_bet", "min_raise_rule", "fl_cap_lifted_heads_up", "reopen_rule_big_bet",
    "reopen_rule_limit", "fl_raise_base", "ante_award", "short_blind_call_amount", "pl_pot_basis",
    "straddle_raise_size", "straddle_short_stack", "ante_type", "bba_priority", "short_post_priority",
    "showdown_order", "odd_chip_rule", "small_blind_rule", "timeout_action", "out_of_turn",
    "preflop_first_actor", "odd_chip_pots",
)  # fmt: skip
FLAG_FIELDS = (
    "nl_cap_lifted_heads_up", "fl_cap_counts_allin_raise", "fl_cap_counts_short_allins",
    "fl_cap_counts_blinds", "first_wager_reopens", "raise_needs_a_caller", "pl_preflop_full_blinds",
    "pl_sb_counts_as_bb", "losers_may_muck", "all_in_face_up", "side_pots_awarded_first", "straddle_allowed",
    "button_may_straddle",
)  # fmt: skip
HUGE = (2**31 - 2, 2**31 - 1, 2**31, 2**32 + 1, 2**63, 2**70)
"""Numbers beyond the C engine's int32 fields: no RuleSet value may make the engines differ."""
NUMBER_FIELDS: dict[str, st.SearchStrategy[Any]] = {
    "nl_raise_cap": st.none() | st.integers(1, 4) | st.sampled_from(HUGE),
    "fl_max_raises": st.integers(1, 5) | st.integers(1, 5) | st.sampled_from(HUGE),
    "chip_unit": st.sampled_from([1, 1, 1, 1, 2, 5, 25]),
    "pl_round_pot_to": st.none() | st.sampled_from([1, 2, 5, 25, 100, 2**40, LIMIT - 1]),
    "blind_count": st.sampled_from([2, 2, 2, 1]),
    "max_straddles": st.none() | st.integers(1, 3),
    "straddle_multiplier": st.sampled_from([2, 2, 3]),
}
VARIANTS: dict[str, st.SearchStrategy[Any]] = {
    **{name: st.sampled_from(FIELDS[name].metadata["choices"]) for name in CHOICE_FIELDS},
    **{name: st.booleans() for name in FLAG_FIELDS},
    **NUMBER_FIELDS,
}


@st.composite
def rule_sets(draw: st.DrawFn) -> RuleSet:
    """Every variant the hand reads, drawn independently; or a preset, sometimes with another
    betting structure or chip unit."""
    if draw(st.integers(0, 3)) == 0:
        rules = preset(draw(st.sampled_from(sorted(PRESETS))))
        if draw(st.booleans()):
            rules = rules.replace(betting_structure=draw(VARIANTS["betting_structure"]))
        if draw(st.integers(0, 3)) == 0:
            rules = rules.replace(chip_unit=draw(VARIANTS["chip_unit"]))
        return rules
    return RuleSet(**{name: draw(strategy) for name, strategy in VARIANTS.items()})


# ---------------------------------------------------------------------------- set-ups

SHORT_STACKS = st.integers(1, 30)
STACKS = st.one_of(SHORT_STACKS, SHORT_STACKS, st.integers(1, 400), st.integers(400, 5000))
SEEDS = st.one_of(
    st.integers(),
    st.integers(-(2**70), -1),
    st.integers(2**64, 2**200),
    st.text(max_size=6),
    st.binary(max_size=6),
)


@st.composite
def setups(draw: st.DrawFn, short: bool = False) -> dict[str, Any]:
    """The arguments of a hand the C engine can play (no sleeper, every card known, small amounts).

    ``short``: every stack at most twice the big blind, so most hands are all-in on the forced
    bets and many end when they are dealt.
    """
    rules = draw(rule_sets())
    unit = rules.chip_unit
    n = draw(st.integers(2, rules.max_seats))
    button = draw(st.integers(0, n - 1))
    # deep hands: every amount times a large scale, or stacks close to what the C engine plays
    scale = 1 if short else draw(st.sampled_from([1] * 8 + [1000, 2**40]))
    derived = rules.blind_count == 2 and rules.small_blind_rule != "explicit" and draw(st.booleans())
    if derived or draw(st.booleans()):
        big = unit * draw(st.sampled_from([2, 4, 10, 20])) * scale
    else:
        big = draw(st.sampled_from([unit, 2 * unit, 10 * unit])) * scale + draw(st.sampled_from([0, 0, 1]))
    blinds: int | tuple[int, int] = big
    if rules.blind_count == 2 and not derived:
        blinds = (draw(st.integers(1, big)), big)
    antes = draw(
        st.one_of(
            st.none(),
            st.just(0),
            st.integers(1, big),
            st.lists(st.integers(0, big), min_size=n, max_size=n),
        )
    )
    if short:
        stacks = draw(st.lists(st.integers(1, 2 * big), min_size=n, max_size=n))
    elif draw(st.integers(0, 15)) == 0:
        stacks = draw(st.lists(st.integers(1, LIMIT // (n + 1)), min_size=n, max_size=n))
    else:
        stacks = [s * scale + draw(st.integers(0, 2)) for s in draw(st.lists(STACKS, min_size=n, max_size=n))]
        if unit > 1 and draw(st.booleans()):  # whole chip units plus an odd chip or two
            stacks = [s * unit + draw(st.integers(0, 2)) for s in stacks]
    straddles: list[int] = []
    last_blind = (button + 1) % n if rules.blind_count == 1 else (button + (1 if n == 2 else 2)) % n
    room = 0 if n == 2 else n - 2 - (rules.blind_count == 2) + rules.button_may_straddle
    room = min(room, rules.max_straddles or 8, 3)
    if room > 0 and not short and draw(st.integers(0, 2)) == 0:
        rules = rules.replace(straddle_allowed=True)
        amount, seat = big, last_blind
        for _ in range(draw(st.integers(1, room))):
            amount *= rules.straddle_multiplier
            seat = (seat + 1) % n
            straddles.append(amount)
            if rules.straddle_short_stack == "refused" or draw(st.booleans()):
                stacks[seat] = max(stacks[seat], amount + big + draw(st.integers(0, 3 * big)))
    if draw(st.integers(0, 19)) == 0:  # amounts of an int subclass are chips too
        stacks = [Chips(s) for s in stacks]
    bet_sizes = draw(st.none() | st.none() | st.tuples(st.integers(1, 40), st.integers(1, 80)))
    if bet_sizes is not None and draw(st.booleans()):  # whole chip units (others are refused, §5.2)
        bet_sizes = (bet_sizes[0] * unit, bet_sizes[1] * unit)
    hole_cards: list[Any] | None = None
    board: str | None = None
    cards = draw(st.integers(0, 8))
    if cards >= 5:
        deck = list(draw(st.permutations(DECK)))
        if cards == 8:  # a royal flush on the board: every pot is split, odd chips and all
            royal = parse_cards("As Ks Qs Js Ts")
            deck = [*(c for c in deck if c not in royal), *royal]
            cards = 7
        pairs = [(deck[2 * seat], deck[2 * seat + 1]) for seat in range(n)]
        if cards in (5, 7):
            hole_cards = [draw(st.sampled_from([f"{a}{b}", f"{a} {b}", [a, b]])) for a, b in pairs]
        if cards in (6, 7):
            given = deck[-5:] if royal_board(deck) else deck[2 * n : 2 * n + draw(st.integers(0, 5))]
            board = " ".join(str(c) for c in given)
    return {
        "rules": rules,
        "stacks": stacks,
        "button": button,
        "blinds": blinds,
        "antes": antes,
        "straddles": tuple(straddles),
        "seed": draw(SEEDS),
        "hole_cards": hole_cards,
        "board": board,
        "bet_sizes": bet_sizes,
    }


def royal_board(deck: list[Card]) -> bool:
    return [str(c) for c in deck[-5:]] == ["As", "Ks", "Qs", "Js", "Ts"]


@st.composite
def explicit_setups(draw: st.DrawFn, short: bool = False) -> dict[str, Any]:
    """A set-up (§3.20) the keyword constructor cannot express: empty and sitting-out seats, the
    button on any seat (an empty one: a dead button), no small blind (a dead small blind), extra
    live big blinds, missed-blind posts (the small blind dead, the big blind live), antes per seat,
    a straddle, known cards; on every structure. ``short``: stacks near the forced bets."""
    rules = draw(rule_sets())
    unit = rules.chip_unit
    n = draw(st.integers(2, rules.max_seats))
    states = draw(
        st.lists(st.sampled_from(["in", "in", "in", "sitting_out", "empty"]), min_size=n, max_size=n)
    )
    while states.count("in") < 2:
        states[draw(st.integers(0, n - 1))] = "in"
    big = unit * draw(st.sampled_from([1, 2, 4, 10, 20])) + draw(st.sampled_from([0, 0, 1]))
    small = draw(st.integers(1, big))
    top = 2 * big if short else draw(st.sampled_from([3 * big, 40 * big, 400 * big]))
    stacks = [
        draw(st.integers(1, top))
        if state == "in"
        else draw(st.integers(0, top))
        if state == "sitting_out"
        else 0
        for state in states
    ]
    button = draw(st.integers(0, n - 1))
    order = [(button + 1 + i) % n for i in range(n) if states[(button + 1 + i) % n] == "in"]
    posts: list[ForcedPost] = []
    if draw(st.integers(0, 2)):
        posts += [
            ForcedPost(s, "ante", draw(st.integers(1, big)), live=False) for s in order if draw(st.booleans())
        ]
    small_live = len(order) > 2 and draw(st.booleans())
    if len(order) == 2 and draw(st.booleans()):  # heads-up: the button's seat posts the small blind
        small_seat, big_seat = order[1], order[0]
        small_live = True
    else:
        small_seat, big_seat = order[0], order[1] if small_live else order[0]
    if small_live:
        posts.append(ForcedPost(small_seat, "small_blind", small))
    posts.append(ForcedPost(big_seat, "big_blind", big))
    for seat in order:
        if seat in (small_seat, big_seat) or draw(st.integers(0, 2)):
            continue
        if draw(st.booleans()):  # a returning player: his missed small blind dead, his big blind live
            posts.append(ForcedPost(seat, "small_blind", small, live=False))
        posts.append(ForcedPost(seat, "extra_blind", big))
    after = order[order.index(big_seat) + 1 :] if big_seat in order else []
    if (
        after
        and after[0] == (big_seat + 1) % n
        and after[0] != button
        and all(p.seat != after[0] or p.kind == "ante" for p in posts)
        and not short
        and draw(st.integers(0, 3)) == 0
    ):
        rules = rules.replace(straddle_allowed=True, max_straddles=None)
        amount = big * rules.straddle_multiplier
        posts.append(ForcedPost(after[0], "straddle", amount))
        if rules.straddle_short_stack == "refused":
            stacks[after[0]] = max(stacks[after[0]], amount + 2 * big)
    hole_cards: list[Any] | None = None
    board: tuple[Card, ...] = ()
    if draw(st.integers(0, 3)) == 0:
        deck = list(draw(st.permutations(DECK)))
        hole_cards = [(deck[2 * s], deck[2 * s + 1]) if states[s] == "in" else None for s in range(n)]
        board = tuple(deck[2 * n : 2 * n + draw(st.integers(0, 5))])
    setup = {
        "rules": rules,
        "stacks": tuple(stacks),
        "button": button,
        "posts": tuple(posts),
        "blinds": (small, big),
        "seats": tuple(states),
        "seed": draw(SEEDS),
        "hole_cards": None if hole_cards is None else tuple(hole_cards),
        "board": board,
    }
    return {"setup": setup}


def make(setup: dict[str, Any], engine: str) -> Hand:
    if "setup" in setup:  # the fields of a HandSetup (§3.20); a bad one is refused as it is made
        return Hand(HandSetup(**setup["setup"]), engine=engine)
    args = dict(setup)
    return Hand(args.pop("rules"), args.pop("stacks"), engine=engine, **args)


# ---------------------------------------------------------------------------- comparing

Outcome = tuple[object, ...]


def outcome(call: Callable[[], object]) -> Outcome:
    """What a call did: ``("done",)`` or the refusal's type, message and section. Anything but a
    ``PyHoldemError`` (a crash) propagates."""
    try:
        call()
    except PyHoldemError as e:
        return ("refused", type(e).__name__, str(e), e.section)
    return ("done",)


def legal_of(h: Hand) -> LegalActions | Outcome:
    try:
        return h.legal_actions()
    except IllegalAction as e:
        return ("refused", str(e), e.section)


VIEW = (
    "to_act", "is_over", "street", "board", "stacks", "pot_total()", "repr", "state", "events", "result",
    "legal_actions()", "deal", "button", "initial_stacks", "hole_cards",
)  # fmt: skip


def view(h: Hand) -> tuple[object, ...]:
    """Every answer the public API gives about a hand, in the order of ``VIEW``."""
    seats = range(len(h.initial_stacks))
    return (
        h.to_act, h.is_over, h.street, h.board, h.stacks, h.pot_total(), repr(h), h.state, h.events,
        h.result, legal_of(h), h.deal, h.button, h.initial_stacks, tuple(h.hole_cards(s) for s in seats),
    )  # fmt: skip


def assert_same(spec: Hand, native: Hand, after: str) -> None:
    for name, a, b in zip(VIEW, view(spec), view(native), strict=True):
        assert a == b, f"{name} differs after {after}:\n spec   {a!r}\n native {b!r}"


def snapshot(h: Hand) -> tuple[object, ...]:
    return (type(h), *view(h))


def play_both(spec: Hand, native: Hand, what: str, action: Callable[[Hand], object]) -> Outcome:
    """Apply ``action`` to both hands: the same outcome; a refusal changes neither."""
    before = snapshot(spec), snapshot(native)
    a, b = outcome(lambda: action(spec)), outcome(lambda: action(native))
    assert a == b, f"{what}:\n spec   {a}\n native {b}"
    if a[0] == "refused":
        assert (snapshot(spec), snapshot(native)) == before, f"refused {what} changed a hand"
    assert_same(spec, native, what)
    return a


def wager(h: Hand, kind: str, amount: object, how: str) -> None:
    if how == "method":
        (h.bet_to if kind == "bet" else h.raise_to)(amount)  # type: ignore[arg-type]
    elif how == "act":
        h.act(kind, amount)  # type: ignore[arg-type]
    else:
        h.act(kind, amount, seat=h.to_act)  # type: ignore[arg-type]


ODD_KINDS = (*ACTIONS, "shove", "Fold", "", None, 3, b"fold")
ODD_AMOUNTS = (
    None,
    1.5,
    "10",
    True,
    False,
    10.0,
    Decimal(10),
    Fraction(21, 2),
    b"10",
    (10,),
    -1,
    0,
    Chips(10),
)
HUGE = (2**60 - 1, 2**60, 2**63 - 1, 2**63, 2**64 + 1, 2**200, -(2**60), -(2**63), -(2**200))


# ---------------------------------------------------------------------------- the machine


class HandLockstep(RuleBasedStateMachine):
    """Pairs (spec hand, native hand) of the same hand; ``current`` is the pair acted on. Copies
    add pairs; every action must leave the other pairs untouched."""

    def __init__(self) -> None:
        super().__init__()
        self.pairs: list[tuple[Hand, Hand]] = []
        self.current = 0
        self.steps = 0
        self.handover_after = 0
        self.last = "the deal"

    # -- helpers
    def hand(self) -> Hand:
        return self.pairs[self.current][0]

    def legal(self) -> LegalActions | None:
        h = self.hand()
        return None if h.is_over else h.legal_actions()

    def can_wager(self) -> bool:
        legal = self.legal()
        return legal is not None and legal.min_raise_to is not None

    def play(self, what: str, action: Callable[[Hand], object]) -> None:
        self.steps += 1
        self.last = what
        others = [(i, snapshot(s), snapshot(n)) for i, (s, n) in enumerate(self.pairs) if i != self.current]
        play_both(*self.pairs[self.current], what, action)
        for i, spec_before, native_before in others:
            spec, native = self.pairs[i]
            assert (snapshot(spec), snapshot(native)) == (spec_before, native_before), (
                f"{what} on hand {self.current} changed its copy {i}"
            )

    # -- the deal
    def start(self, setup: dict[str, Any]) -> bool:
        """Deal ``setup`` on both engines; False (and the same refusal from both) if it is refused."""
        try:
            spec = make(setup, "spec")
        except PyHoldemError as e:
            assert outcome(lambda: make(setup, "native")) == ("refused", type(e).__name__, str(e), e.section)
            return False
        native = make(setup, "native")
        assert spec.engine == "spec" and native.engine == "native"
        self.pairs, self.current, self.last = [(spec, native)], 0, "the deal"
        return True

    @initialize(setup=setups(), handover_after=st.integers(0, 60))
    def deal(self, setup: dict[str, Any], handover_after: int) -> None:
        assume(self.start(setup))
        self.handover_after = handover_after

    @precondition(lambda self: self.hand().is_over)
    @rule(setup=setups())
    def deal_again(self, setup: dict[str, Any]) -> None:
        """Once the hand acted on is over, a new hand (the old pairs are dropped)."""
        self.start(setup)

    @invariant()
    def engines_agree(self) -> None:
        for spec, native in self.pairs:
            assert_same(spec, native, self.last)

    # -- actions
    def live(self) -> bool:
        return not self.hand().is_over

    def may_hand_over(self) -> bool:
        return self.live() and self.steps >= self.handover_after

    @precondition(live)
    @rule(choice=st.integers(0, 9))
    def progress(self, choice: int) -> None:
        """A legal action, mostly a check or call, so hands reach the later streets."""
        legal = self.legal()
        assert legal is not None
        low = legal.min_raise_to
        if choice == 0:
            self.play("fold()", lambda h: h.fold())
        elif choice <= 2 and low is not None:
            kind = "bet" if legal.is_bet else "raise"
            self.play(f"{kind} to {low}", lambda h: wager(h, kind, low, "method"))
        else:
            self.check_or_call()

    @precondition(live)
    @rule()
    def check_or_call(self) -> None:
        legal = self.legal()
        assert legal is not None
        kind = "check" if legal.check else "call"
        self.play(f"{kind}()", lambda h: getattr(h, kind)())

    @precondition(can_wager)
    @rule(data=st.data())
    def legal_wager(self, data: st.DataObject) -> None:
        """A bet or raise at either bound or inside them (not always a multiple of the chip unit)."""
        legal = self.legal()
        assert legal is not None and legal.min_raise_to is not None and legal.max_raise_to is not None
        lo, hi, unit = legal.min_raise_to, legal.max_raise_to, self.hand().rules.chip_unit
        amount = data.draw(
            st.sampled_from([lo, hi])
            | st.integers(lo, hi)
            | st.integers(0, (hi - lo) // unit).map(lambda k: lo + k * unit),
            label="amount",
        )
        kind = "bet" if legal.is_bet else "raise"
        how = data.draw(st.sampled_from(["method", "act", "act at own seat"]), label="how")
        if data.draw(st.integers(0, 9), label="as Chips") == 0:
            amount = Chips(amount)
        self.play(f"{kind} to {amount!r} ({how})", lambda h: wager(h, kind, amount, how))

    @precondition(live)
    @rule(data=st.data())
    def mostly_refused(self, data: st.DataObject) -> None:
        """Wrong kinds, amounts outside the bounds or not whole chips, unknown kinds, no seat."""
        what = data.draw(st.sampled_from(["wager", "plain", "odd", "odd amount", "hole cards"]), label="what")
        if what == "wager":
            self.wager_out_of_bounds(data)
        elif what == "plain":
            kind = data.draw(st.sampled_from(["fold", "check", "call"]), label="kind")
            self.plain_action(kind, data.draw(st.sampled_from(["method", "act", "seat"]), label="how"))
        elif what == "odd":
            kind = data.draw(st.sampled_from(ODD_KINDS), label="kind")
            amount = data.draw(st.sampled_from(ODD_AMOUNTS), label="amount")
            self.play(f"act({kind!r}, {amount!r})", lambda h: h.act(kind, amount))  # type: ignore[arg-type]
        elif what == "odd amount":
            how = data.draw(st.sampled_from(["bet_to", "raise_to"]), label="how")
            amount = data.draw(st.sampled_from(ODD_AMOUNTS), label="amount")
            self.play(f"{how}({amount!r})", lambda h: getattr(h, how)(amount))
        else:
            seat = data.draw(st.sampled_from([-1, 10, True, "0", None, 1.5]), label="seat")
            self.play(f"hole_cards({seat!r})", lambda h: h.hole_cards(seat))  # type: ignore[arg-type]

    def wager_out_of_bounds(self, data: st.DataObject) -> None:
        """Bets and raises of the wrong kind or outside the bounds (some land inside them)."""
        h = self.hand()
        s = h.state
        amounts = [0, -1, 1, s.current_bet, s.current_bet + 1, s.current_bet + s.big_blind, *HUGE]
        legal = self.legal()
        if legal is not None:
            unit = h.rules.chip_unit
            amounts.append(s.bets[legal.seat] + s.stacks[legal.seat] + 1)
            if legal.min_raise_to is not None and legal.max_raise_to is not None:
                lo, hi = legal.min_raise_to, legal.max_raise_to
                amounts += [lo - 1, lo - unit, lo + 1, hi - 1, hi + 1, hi + unit]
        amount = data.draw(st.sampled_from(amounts), label="amount")
        kind = data.draw(st.sampled_from(["bet", "raise"]), label="kind")
        how = data.draw(st.sampled_from(["method", "act"]), label="how")
        self.play(f"{kind} to {amount} ({how})", lambda h: wager(h, kind, amount, how))

    def plain_action(self, kind: str, how: str) -> None:
        """Fold, check or call, whether allowed or not (check facing a bet, call with nothing to call)."""
        if how == "method":
            self.play(f"{kind}()", lambda h: getattr(h, kind)())
        elif how == "act":
            self.play(f"act({kind!r})", lambda h: h.act(kind))
        else:
            self.play(f"act({kind!r}, seat=to_act)", lambda h: h.act(kind, seat=h.to_act))

    @precondition(live)
    @rule()
    def all_in(self) -> None:
        self.play("all_in()", lambda h: h.all_in())

    @precondition(
        lambda self: (
            self.may_hand_over()
            or (self.live() and self.hand().rules.timeout_action != "allin_freeze_if_committed")
        )
    )
    @rule()
    def time_out(self) -> None:
        """Checked or folded on the C engine; a freeze (§7.8) hands the hand over to the spec engine."""
        self.play("time_out()", lambda h: h.time_out())

    @precondition(may_hand_over)
    @rule(data=st.data())
    def out_of_turn(self, data: st.DataObject) -> None:
        """An action announced out of turn (§6.10): the native hand goes on on the spec engine."""
        h = self.hand()
        n = len(h.initial_stacks)
        seat = data.draw(st.integers(-1, n) | st.sampled_from([True, "0", 1.0]), label="seat")
        kind = data.draw(st.sampled_from([*ACTIONS, "shove"]), label="kind")
        amount = None
        if kind in ("bet", "raise"):
            s = h.state
            amount = data.draw(st.sampled_from([s.current_bet + k * s.big_blind for k in (1, 2, 4)] + [1.5]))
        self.play(f"act({kind!r}, {amount!r}, seat={seat!r})", lambda h: h.act(kind, amount, seat=seat))

    @precondition(lambda self: self.hand().is_over)
    @rule(data=st.data())
    def a_finished_hand_refuses(self, data: st.DataObject) -> None:
        """Every action on a hand that is over is refused alike (§6.1, §6.11)."""
        what = data.draw(
            st.sampled_from(["plain", "wager", "all_in", "time_out", "out of turn"]), label="what"
        )
        if what == "plain":
            self.plain_action(data.draw(st.sampled_from(["fold", "check", "call"])), "act")
        elif what == "wager":
            kind = data.draw(st.sampled_from(["bet", "raise"]))
            self.play(f"{kind} to 100", lambda h: wager(h, kind, 100, "method"))
        elif what == "out of turn":
            self.play("act('fold', seat=0)", lambda h: h.act("fold", seat=0))
        else:
            self.play(f"{what}()", lambda h: getattr(h, what)())

    @precondition(lambda self: len(self.pairs) < 4)
    @rule(how=st.sampled_from(["copy()", "copy()", "copy()", "deepcopy", "pickle"]))
    def copy_hands(self, how: str) -> None:
        """Copy both hands and act on the copies from now on; the originals must not change. A
        deep copy or a pickled native hand comes back as the spec-engine hand in the same state."""
        spec, native = self.pairs[self.current]
        before = snapshot(spec), snapshot(native)
        if how == "copy()":
            copies = spec.copy(), native.copy()
            assert copies[1].engine == native.engine
        elif how == "deepcopy":
            copies = copy.deepcopy(spec), copy.deepcopy(native)
        else:
            copies = pickle.loads(pickle.dumps(spec)), pickle.loads(pickle.dumps(native))
        assert (snapshot(spec), snapshot(native)) == before
        assert (view(copies[0]), view(copies[1])) == (before[0][1:], before[1][1:])
        self.pairs.append(copies)
        self.current = len(self.pairs) - 1
        self.last = how

    @precondition(lambda self: len(self.pairs) > 1)
    @rule(index=st.integers(0, 3))
    def switch(self, index: int) -> None:
        self.current = index % len(self.pairs)


def test_6_1_native_engine_agrees_with_spec_in_lockstep() -> None:
    run_state_machine_as_test(
        HandLockstep,
        settings=settings(
            max_examples=300,
            stateful_step_count=80,
            deadline=None,
            suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
        ),
    )


class ExplicitSetupLockstep(HandLockstep):
    """The same machine on explicit set-ups (§3.20): dead small blinds, dead buttons, several live big
    blinds, missed-blind posts, sitting-out and empty seats."""

    @initialize(setup=explicit_setups(), handover_after=st.integers(0, 60))
    def deal(self, setup: dict[str, Any], handover_after: int) -> None:
        assume(self.start(setup))
        self.handover_after = handover_after

    @precondition(lambda self: self.hand().is_over)
    @rule(setup=explicit_setups())
    def deal_again(self, setup: dict[str, Any]) -> None:
        self.start(setup)


def test_3_20_native_engine_agrees_with_spec_on_explicit_setups_in_lockstep() -> None:
    run_state_machine_as_test(
        ExplicitSetupLockstep,
        settings=settings(
            max_examples=200,
            stateful_step_count=60,
            deadline=None,
            suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
        ),
    )


def _whole_hand_on_explicit_setup(setup: dict[str, Any], rng_seed: int) -> None:
    try:
        make(setup, "spec")
    except PyHoldemError:
        assume(False)
    spec, native = play_to_the_end(setup, random.Random(rng_seed))
    assert spec.events == native.events and spec.result == native.result and spec.state == native.state
    chosen = HandSetup(**setup["setup"])
    result = spec.result
    assert result is not None and sum(result.stacks) == sum(chosen.stacks)  # chips conserved
    for seat, state in enumerate(chosen.seats):
        if state != "in":  # not dealt, never acts, keeps his chips
            assert result.stacks[seat] == chosen.stacks[seat] and result.net[seat] == 0
            assert spec.hole_cards(seat) == () == native.hole_cards(seat)
            assert all(e.seat != seat for e in spec.events)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(explicit_setups(), st.integers())
def test_3_20_whole_hands_on_explicit_setups_end_alike_on_both_engines(
    setup: dict[str, Any], rng_seed: int
) -> None:
    _whole_hand_on_explicit_setup(setup, rng_seed)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(explicit_setups(short=True), st.integers())
def test_3_20_short_explicit_setups_all_in_on_the_posts_end_alike(
    setup: dict[str, Any], rng_seed: int
) -> None:
    _whole_hand_on_explicit_setup(setup, rng_seed)


def test_0_1_lockstep_rule_sets_vary_every_field_the_c_engine_reads() -> None:
    read_by_c = {name for name, _ in ffi.typeof("ph_rules").fields}
    assert read_by_c <= set(VARIANTS), sorted(read_by_c - set(VARIANTS))
    assert set(VARIANTS) <= set(FIELDS)


# ---------------------------------------------------------------------------- whole hands


def random_step(h: Hand, rng: random.Random) -> tuple[str, Callable[[Hand], object]]:
    """A random action for the player to act, chosen from the spec hand; mostly legal."""
    legal = h.legal_actions()
    roll = rng.random()
    if roll < 0.04:
        return "time_out()", lambda x: x.time_out()
    if roll < 0.08:
        kind = rng.choice(["check", "call", "bet", "raise"])
        amount = h.state.current_bet + h.state.big_blind if kind in ("bet", "raise") else None
        return f"act({kind!r}, {amount})", lambda x: x.act(kind, amount)
    if roll < 0.12:
        return "all_in()", lambda x: x.all_in()
    if legal.min_raise_to is not None and legal.max_raise_to is not None and roll < 0.35:
        lo, hi = legal.min_raise_to, legal.max_raise_to
        amount = rng.choice([lo, hi, rng.randint(lo, hi)])
        kind = "bet" if legal.is_bet else "raise"
        return f"{kind} to {amount}", lambda x: x.act(kind, amount)
    if roll < 0.45:
        return "fold()", lambda x: x.fold()
    return ("check()", lambda x: x.check()) if legal.check else ("call()", lambda x: x.call())


def play_to_the_end(setup: dict[str, Any], rng: random.Random) -> tuple[Hand, Hand]:
    spec, native = make(setup, "spec"), make(setup, "native")
    assert native.engine == "native"
    assert_same(spec, native, "the deal")
    for _ in range(400):
        if spec.is_over:
            break
        play_both(spec, native, *random_step(spec, rng))
    assert spec.is_over and native.is_over
    return spec, native


WHOLE_HANDS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@WHOLE_HANDS
@given(setups(), st.integers())
def test_7_7_whole_random_hands_end_alike_on_both_engines(setup: dict[str, Any], rng_seed: int) -> None:
    try:
        make(setup, "spec")
    except PyHoldemError:
        assume(False)
    spec, native = play_to_the_end(setup, random.Random(rng_seed))
    assert spec.events == native.events and spec.result == native.result and spec.state == native.state


@WHOLE_HANDS
@given(setups(short=True), st.integers())
def test_3_11_hands_all_in_on_the_forced_bets_end_alike(setup: dict[str, Any], rng_seed: int) -> None:
    try:
        make(setup, "spec")
    except PyHoldemError:
        assume(False)
    spec, native = play_to_the_end(setup, random.Random(rng_seed))
    assert spec.events == native.events and spec.result == native.result and spec.state == native.state


@pytest.mark.parametrize(
    ("stacks", "blinds", "antes"),
    [
        ([1, 2], (1, 2), None),
        ([1, 2, 3], (1, 2), 1),
        ([1, 1, 5], (1, 2), 1),
        ([1, 1, 1, 1], (1, 2), 1),
        ([1] * 10, (1, 2), 1),
    ],
)
def test_3_11_a_hand_all_in_on_the_forced_bets_ends_when_dealt(
    stacks: list[int], blinds: tuple[int, int], antes: int | None
) -> None:
    setup = {"rules": RuleSet(), "stacks": stacks, "button": 0, "blinds": blinds, "antes": antes, "seed": 7}
    spec, native = make(setup, "spec"), make(setup, "native")
    assert native.engine == "native" and spec.is_over and native.is_over
    assert_same(spec, native, "the deal")


@settings(max_examples=60, deadline=None)
@given(SEEDS | st.sampled_from([0, -1, 2**32, 2**64, -(2**64), "", b"", "é", b"\x00"]), st.integers(2, 10))
def test_4_3_same_seed_same_hand_on_both_engines(seed: int | str | bytes, n: int) -> None:
    setup = {"rules": RuleSet(), "stacks": [100] * n, "button": n - 1, "blinds": (1, 2), "seed": seed}
    spec, native = make(setup, "spec"), make(setup, "native")
    assert native.engine == "native"
    assert spec.deal == native.deal and spec.events == native.events
    for h in (spec, native):
        while not h.is_over:
            h.check() if h.legal_actions().check else h.call()
    assert_same(spec, native, "checking and calling down")


# ---------------------------------------------------------------------------- bad input

GOOD: dict[str, Any] = {
    "rules": RuleSet(),
    "stacks": [100, 200, 300, 400],
    "button": 0,
    "blinds": (1, 2),
    "seed": 11,
}
STRADDLING = RuleSet(straddle_allowed=True)
BAD_SETUPS: list[tuple[str, dict[str, Any]]] = [
    ("stack 0", {"stacks": [100, 0, 300]}),
    ("negative stack", {"stacks": [100, -5, 300]}),
    ("bool stack", {"stacks": [100, True, 300]}),
    ("str stack", {"stacks": [100, "200", 300]}),
    ("float stack", {"stacks": [100, 200.0, 300]}),
    ("stacks as text", {"stacks": "100 200"}),
    ("stacks as a number", {"stacks": 100}),
    ("one seat", {"stacks": [100]}),
    ("eleven seats", {"stacks": [100] * 11}),
    ("rules not a RuleSet", {"rules": "no_limit"}),
    ("button -1", {"button": -1}),
    ("button past the last seat", {"button": 4}),
    ("button True", {"button": True}),
    ("button '0'", {"button": "0"}),
    ("button 1.0", {"button": 1.0}),
    ("blind 0", {"blinds": (0, 2)}),
    ("small above big", {"blinds": (3, 2)}),
    ("negative blind", {"blinds": (-1, 2)}),
    ("three blinds", {"blinds": (1, 2, 4)}),
    ("blinds as text", {"blinds": "1/2"}),
    ("float blind", {"blinds": (1.0, 2)}),
    ("bool blind", {"blinds": (True, 2)}),
    ("no blinds", {"blinds": None}),
    ("one blind 0", {"blinds": 0, "rules": RuleSet(blind_count=1)}),
    ("two blinds under blind_count 1", {"rules": RuleSet(blind_count=1)}),
    ("half_exact of an odd blind", {"blinds": 3, "rules": RuleSet(small_blind_rule="half_exact")}),
    ("two thirds of 1 is 0", {"blinds": 1, "rules": RuleSet(small_blind_rule="two_thirds")}),
    ("straddles not allowed", {"straddles": (4,)}),
    ("straddle of the wrong size", {"straddles": (5,), "rules": STRADDLING}),
    ("straddles onto the button", {"straddles": (4, 8), "rules": STRADDLING}),
    ("straddles as text", {"straddles": "4", "rules": STRADDLING}),
    (
        "too many straddles",
        {"straddles": (4, 8), "rules": STRADDLING.replace(max_straddles=1), "stacks": [99] * 6},
    ),
    ("straddle too short", {"straddles": (4,), "stacks": [100, 100, 100, 3], "rules": STRADDLING}),
    ("bet_sizes 0", {"bet_sizes": (0, 4)}),
    ("bet_sizes negative", {"bet_sizes": (-2, 4)}),
    ("bet_sizes one size", {"bet_sizes": (2,)}),
    ("bet_sizes a list", {"bet_sizes": [2, 4]}),
    ("bet_sizes float", {"bet_sizes": (2, 4.0)}),
    ("bet_sizes bool", {"bet_sizes": (True, 4)}),
    ("bet_sizes text", {"bet_sizes": "2/4"}),
    ("negative ante", {"antes": -1}),
    ("antes not one per seat", {"antes": [1]}),
    ("a negative ante of a seat", {"antes": [1, 2, -3, 0]}),
    ("ante text", {"antes": "5"}),
    ("ante float", {"antes": 1.5}),
    ("hole cards given twice", {"hole_cards": ["AsKs", "AsQd", "2c3c", "4c5c"]}),
    ("hole card on the board", {"hole_cards": ["AsKs", "QdJd", "2c3c", "4c5c"], "board": "Ks 7h 8h"}),
    ("board card twice", {"board": "Ks 7h Ks"}),
    ("six board cards", {"board": "2c 3c 4c 5c 6c 7c"}),
    ("not a card", {"board": "Xx 7h 8h"}),
    ("a ten as 10", {"board": "10h 7h 8h"}),
    ("hole cards not one entry per seat", {"hole_cards": ["AsKs", "QdJd"]}),
    ("three hole cards", {"hole_cards": ["AsKsQs", "QdJd", "2c3c", "4c5c"]}),
    ("hole cards as text", {"hole_cards": "AsKs QdJd 2c3c 4c5c"}),
    ("unknown card on the board", {"board": "?? 7h 8h"}),
    ("bad engine", {"engine": "fast"}),
]
BAD_SEEDS = [1.5, True, bytearray(b"x"), [1], (1,), {"a": 1}, Decimal(3), 3j]


def outcome_of(args: dict[str, Any], engine: str) -> Outcome:
    args = {**GOOD, **args}
    engine = args.pop("engine", engine)
    return outcome(lambda: Hand(args.pop("rules"), args.pop("stacks"), engine=engine, **args))


@pytest.mark.parametrize(("what", "args"), BAD_SETUPS, ids=[what for what, _ in BAD_SETUPS])
def test_3_1_bad_set_up_is_refused_alike_on_every_engine(what: str, args: dict[str, Any]) -> None:
    expected = outcome_of(args, "spec")
    assert expected[0] == "refused" and expected[1] != "NativeError", f"{what}: the spec accepts it"
    assert outcome_of(args, "native") == expected
    assert outcome_of(args, "auto") == expected


@pytest.mark.parametrize("seed", BAD_SEEDS, ids=repr)
@pytest.mark.parametrize("cards", [False, True], ids=["dealt", "hole cards given"])
def test_1_4_bad_seed_is_refused_alike_on_every_engine(seed: object, cards: bool) -> None:
    args: dict[str, Any] = {"seed": seed}
    if cards:
        args["hole_cards"] = ["AsKs", "QdJd", "2c3c", "4c5c"]
    expected = outcome_of(args, "spec")
    assert expected[:2] == ("refused", "RuleViolation") and expected[3] == "1.4"
    assert outcome_of(args, "auto") == expected
    assert outcome_of(args, "native") == expected


@pytest.mark.parametrize("amount", [4.0, Fraction(4), Decimal(4)], ids=repr)
def test_3_16_a_straddle_that_is_not_an_int_is_refused_alike_never_a_crash(amount: object) -> None:
    """A straddle is a whole number of chips like every forced bet (§3.10–3.16): both engines must
    refuse 4.0 (equal to the due 4, but not chips) with the same RuleViolation, not crash."""
    args = {"straddles": (amount,), "rules": STRADDLING}
    expected = outcome_of(args, "spec")
    assert outcome_of(args, "auto") == expected
    assert outcome_of(args, "native") == expected
    assert expected[:2] == ("refused", "RuleViolation"), f"the spec posts a straddle of {amount!r}"


CANNOT_PLAY: list[tuple[str, dict[str, Any]]] = [
    ("a sleeper", {"sleeper": 3, "rules": RuleSet(sleeper_allowed=True)}),
    ("unknown hole cards", {"hole_cards": ["AsKs", None, "2c3c", "????"]}),
    ("one unknown card", {"hole_cards": ["AsKs", "QdJd", "2c3c", "??4c"], "board": "7h 8h 9h"}),
    ("a stack of 2**60", {"stacks": [2**60, 100, 100, 100]}),
    ("stacks summing to 2**60", {"stacks": [2**59, 2**59, 100, 100]}),
    ("a blind of 2**60", {"blinds": (1, 2**60), "stacks": [2**61, 100, 100, 100]}),
    ("an ante of 2**60", {"antes": [0, 0, 0, 2**60], "stacks": [100, 100, 100, 2**61]}),
    ("a bet size of 2**60", {"bet_sizes": (2, 2**60)}),
    ("a chip unit of 2**60", {"rules": RuleSet(chip_unit=2**60)}),
    ("pot rounding to 2**60", {"rules": RuleSet(betting_structure="pot_limit", pl_round_pot_to=2**60)}),
]


@pytest.mark.parametrize(("what", "setup"), CANNOT_PLAY, ids=[what for what, _ in CANNOT_PLAY])
def test_6_1_what_the_c_engine_cannot_play_goes_to_the_spec_engine(what: str, setup: dict[str, Any]) -> None:
    native = outcome_of(setup, "native")
    assert native[:2] == ("refused", "NativeError") and "cannot play this hand" in str(native[2])
    spec, auto = make({**GOOD, **setup}, "spec"), make({**GOOD, **setup}, "auto")
    assert auto.engine == "spec"
    assert_same(spec, auto, "the deal")


def test_5_12_stacks_just_below_the_limit_are_played_on_the_c_engine() -> None:
    setup = {**GOOD, "stacks": [2**58, 2**58, 2**58, 2**58 - 1], "blinds": (2**50, 2**51)}
    for structure in ("no_limit", "pot_limit", "fixed_limit"):
        setup["rules"] = RuleSet(betting_structure=structure)
        spec, native = make(setup, "spec"), make(setup, "native")
        assert native.engine == "native"
        for _ in range(100):
            if spec.is_over:
                break
            legal = spec.legal_actions()
            if legal.max_raise_to is not None:
                top = legal.max_raise_to
                play_both(spec, native, f"to {top}", lambda h: h.act("bet" if legal.is_bet else "raise", top))  # noqa: B023
            else:
                play_both(spec, native, "check or call", lambda h: h.check() if legal.check else h.call())  # noqa: B023
        assert native.engine == "native" and native.is_over


def test_1_4_an_int_subclass_seed_deals_the_spec_deal() -> None:
    """``Chips(5)`` is an int seed to the spec (§1.4): "auto" deals it as the spec does; the C engine
    may decline it (NativeError) but must never deal another hand."""
    spec, auto = (make({**GOOD, "seed": Chips(5)}, engine) for engine in ("spec", "auto"))
    assert_same(spec, auto, "the deal")
    native = outcome(lambda: make({**GOOD, "seed": Chips(5)}, "native"))
    if native != ("done",):
        assert native[1] == "NativeError"
    else:
        assert_same(spec, make({**GOOD, "seed": Chips(5)}, "native"), "the deal")


def _scenarios() -> list[tuple[str, Callable[[str], Hand]]]:
    """Hands at a few points: a raise due preflop, a bet due on the flop, fixed limit, the big
    blind's option in pot limit, a short all-in big blind under a chip unit of 5, a hand that is over."""

    def fresh(rules: RuleSet) -> Callable[[str], Hand]:
        return lambda engine: Hand(rules, [1000, 1000, 1000], button=0, blinds=(5, 10), seed=3, engine=engine)

    def flop(engine: str) -> Hand:
        h = fresh(RuleSet())(engine)
        h.call(), h.call(), h.check()
        return h

    def option(engine: str) -> Hand:
        h = fresh(RuleSet(betting_structure="pot_limit"))(engine)
        h.call(), h.call()
        return h

    def over(engine: str) -> Hand:
        h = fresh(RuleSet())(engine)
        h.fold(), h.fold()
        return h

    def short(engine: str) -> Hand:
        h = Hand(RuleSet(chip_unit=5), [1000, 1000, 7], button=0, blinds=(5, 10), seed=3, engine=engine)
        h.raise_to(100)
        return h

    return [
        ("preflop", fresh(RuleSet())),
        ("flop", flop),
        ("fixed limit", fresh(RuleSet(betting_structure="fixed_limit"))),
        ("big blind option", option),
        ("short stack, chip unit 5", short),
        ("over", over),
    ]


ABSURD_AMOUNTS = [-1, 0, 1, 2**60, 2**63, 2**64, 2**200, -(2**200), 1.5, "10", None, True, False, 20.0, b"1"]


@pytest.mark.parametrize("amount", ABSURD_AMOUNTS, ids=repr)
def test_6_1_absurd_amounts_are_refused_alike_never_a_crash(amount: object) -> None:
    for where, build in _scenarios():
        spec, native = build("spec"), build("native")
        assert native.engine == "native"
        for kind in ACTIONS:
            play_both(spec, native, f"{where}: act({kind!r}, {amount!r})", lambda h: h.act(kind, amount))  # noqa: B023
        for method in ("bet_to", "raise_to"):
            play_both(spec, native, f"{where}: {method}({amount!r})", lambda h: getattr(h, method)(amount))  # noqa: B023
        assert native.engine == "native"


@pytest.mark.parametrize("how", ["raise_to", "act", "bet_to on the flop"])
def test_5_12_an_int_subclass_amount_is_played_alike(how: str) -> None:
    """A whole number of chips of an int subclass is an amount the spec accepts (§5.12 refuses only
    non-integers and bools); the C engine must play it too, not refuse it with a NativeError."""
    spec, native = (
        Hand(RuleSet(), [100, 100, 100], button=0, blinds=(1, 2), seed=1, engine=engine)
        for engine in ("spec", "native")
    )
    if how == "raise_to":
        play_both(spec, native, "raise_to(Chips(10))", lambda h: h.raise_to(Chips(10)))
    elif how == "act":
        play_both(spec, native, "act('raise', Chips(10))", lambda h: h.act("raise", Chips(10)))
    else:
        for h in (spec, native):
            h.call(), h.call(), h.check()
        play_both(spec, native, "bet_to(Chips(4))", lambda h: h.bet_to(Chips(4)))


@pytest.mark.parametrize("structure", ["no_limit", "pot_limit"])
def test_6_1_a_long_hand_grows_the_native_log_and_copies_it(structure: str) -> None:
    """Thousands of minimum raises: the C engine's log (1024 entries at first) must grow, and a
    copy taken after it grew must carry the whole log and go on independently."""
    setup = {**GOOD, "rules": RuleSet(betting_structure=structure), "stacks": [5000, 5000, 5000]}
    spec, native = make(setup, "spec"), make(setup, "native")
    copies: tuple[Hand, Hand] | None = None
    for step in range(10_000):
        if spec.is_over:
            break
        legal = spec.legal_actions()
        if legal.min_raise_to is not None:
            low = legal.min_raise_to
            play_both(spec, native, f"raise to {low}", lambda h: h.act("raise", low))  # noqa: B023
        else:
            play_both(spec, native, "call", lambda h: h.call())
        if step == 1500:
            copies = spec.copy(), native.copy()
            assert len(native.events) > 1500
    assert spec.is_over and len(spec.events) > 2000
    assert copies is not None
    before = snapshot(spec), snapshot(native)
    play_both(*copies, "fold", lambda h: h.fold())
    assert (snapshot(spec), snapshot(native)) == before
