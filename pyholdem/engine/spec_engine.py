"""The spec engine of a hand (specs 03–08): the oracle, in plain Python.

``SpecHand`` plays one deal of Texas Hold'em for the ``pyholdem.Hand`` façade: every decision is
delegated to a section function of ``pyholdem.spec`` and this module only sequences them (it never
loads the compiled core: showdowns are valued by §8.5's ``hand_strength``, pots settled by §8.11).
The whole hand lives in one ``HandRecord`` value; the C engine (``pyholdem.engine.native_engine``) hands a
hand over by giving this engine its record. Each action is atomic: it is validated completely,
applied, and a refused action leaves the hand exactly as it was.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from pyholdem.engine.setup import HandSetup, deal_setup
from pyholdem.errors import IllegalAction, RuleViolation, show_value
from pyholdem.rules.ruleset import RuleSet
from pyholdem.spec.betting import (
    LegalActions,
    apply_wager,
    check_action,
    check_out_of_turn,
    first_to_act_postflop,
    first_to_act_preflop,
    legal_actions,
    next_to_act,
    out_of_turn_binds,
    timeout_outcome,
    uncontested_winner,
)
from pyholdem.spec.cards import Card, as_integer
from pyholdem.spec.dealing import (
    Deal,
    exposed_all_in_hands,
    hole_card_order,
    run_out_needed,
    visible_board,
)
from pyholdem.spec.pots import (
    Pot,
    all_in_to,
    antes_are_contributions,
    freeze_all_in,
    return_uncalled,
    unmatched_antes,
)
from pyholdem.spec.showdown import hand_strength, must_show, settle_hand, showing_order
from pyholdem.spec.state import PREFLOP, RIVER, STREET_NAMES, HandState
from pyholdem.spec.structures import min_bet
from pyholdem.spec.table import (
    ForcedPost,
    check_sleeper,
    open_preflop,
    post_forced,
    post_straddle,
    sleeper_status,
)
from pyholdem.values import plain

__all__ = ["EVENT_KINDS", "EngineActions", "Event", "HandRecord", "HandResult", "RawEvent", "SpecHand"]

EVENT_KINDS = (
    "ante", "blind", "straddle", "deal", "fold", "check", "call", "bet", "raise", "return", "board",
    "show", "muck", "win", "dead_blind",
)  # fmt: skip
"""The kinds of event both engines log, in the order of their C codes (``enum ph_event_kind``,
generated into ``csrc/generated/codes.h``). The spec engine alone also logs what it plays after a
hand-over: ``freeze`` (§7.8), ``sleeper``, ``sleeper_live``, ``sleeper_void`` (§3.17), the
``out_of_turn_*`` kinds (§6.10) and, in a live hand, ``forfeit`` (chips an undercall ruled a fold
leaves in the pot as dead money, §11.5)."""


@dataclass(frozen=True)
class Event:
    """One entry of a hand's log. ``amount`` is chips put in (antes, blinds, calls, returns, wins)
    or the bet's new total (bets and raises, ``to``)."""

    kind: str
    seat: int | None = None
    amount: int | None = None
    cards: tuple[Card | None, ...] = ()
    all_in: bool = False
    street: str = "preflop"


RawEvent = tuple[str, int | None, int | None, tuple[Card | None, ...], bool, str]


def _event(
    kind: str,
    seat: int | None = None,
    amount: int | None = None,
    cards: tuple[Card | None, ...] = (),
    all_in: bool = False,
    street: str = "preflop",
) -> RawEvent:
    """An ``Event``'s fields, kept as a plain tuple until ``Hand.events`` is read."""
    return (kind, seat, amount, cards, all_in, street)


@dataclass(frozen=True)
class HandResult:
    """How a finished hand ended: final stacks, each seat's net win, the pots and the cards shown."""

    stacks: tuple[int, ...]
    net: tuple[int, ...]
    pots: tuple[Pot, ...]
    shown: dict[int, tuple[Card | None, ...]] = field(default_factory=dict)
    board: tuple[Card | None, ...] = ()
    showdown: bool = False


@dataclass(slots=True)
class HandRecord:
    """Everything a hand is, in one value: its rules and starting stacks, the deal, the state the rule
    functions read, the log, the result (None until the hand is over), the all-in hands exposed
    (§4.6) and the last betting round that saw an action (§8.3). Both engines produce it; the spec
    engine plays on it; copying, pickling and handing over a hand copy or pass it."""

    rules: RuleSet
    initial_stacks: tuple[int, ...]
    deal: Deal
    state: HandState
    events: list[RawEvent]
    result: HandResult | None = None
    exposed: tuple[int, ...] = ()
    last_round: int = PREFLOP

    def clone(self) -> HandRecord:
        """An independent copy (the state and the log copied; everything else is immutable)."""
        return HandRecord(
            self.rules, self.initial_stacks, self.deal, self.state.clone(), list(self.events),
            self.result, self.exposed, self.last_round,
        )  # fmt: skip


class EngineActions:
    """The action methods both engines share, each one call of the engine's ``_act(kind, amount)``."""

    __slots__ = ()
    _act: Callable[[str, int | None], None]

    def fold(self) -> None:
        self._act("fold", None)

    def check(self) -> None:
        self._act("check", None)

    def call(self) -> None:
        self._act("call", None)

    def bet_to(self, amount: int) -> None:
        self._act("bet", amount)

    def raise_to(self, amount: int) -> None:
        self._act("raise", amount)


class SpecHand(EngineActions):
    """The spec engine of a ``Hand`` (the oracle): each step asks the section functions of
    ``pyholdem.spec``. Everything the hand is lives in one ``HandRecord`` (``record``); the engine adds
    only what it derives from it (the legal actions of the seat to act, the ``Event`` objects made)."""

    engine = "spec"

    def __init__(self, setup: HandSetup) -> None:
        """The hand ``setup`` (§3.20, checked when it was made) starts from: forced posts, deal, first
        player to act."""
        rules = setup.rules
        n = len(setup.stacks)
        deal = deal_setup(setup)
        posts = [p for p in setup.posts if p.kind != "sleeper"]
        positional = [p for p in posts if p.live and p.kind in ("small_blind", "big_blind")]
        straddled = [p for p in posts if p.kind == "straddle"]
        due = [0] * n
        for post in posts:
            if post.kind == "ante":
                due[post.seat] = post.amount
        big_seat = positional[-1].seat
        assert setup.bet_sizes is not None  # HandSetup fills in the default bet sizes when made
        st = HandState(
            seats=n,
            button=setup.button,
            big_blind=setup.blinds[-1],
            bet_sizes=setup.bet_sizes,
            blind_seats=tuple(p.seat for p in positional + straddled),
            blind_amounts=tuple(p.amount for p in positional + straddled),
            stacks=list(setup.stacks),
            bets=[0] * n,
            committed=[0] * n,
            antes=[0] * n,
            folded=[not dealt for dealt in setup.in_hand],
            acted=[False] * n,
            marks=[0] * n,
            straddles=len(straddled),
            frozen=[False] * n,
            antes_contribute=antes_are_contributions(due, big_seat),
            dead=[0] * n,
            dealt=sum(setup.in_hand),
            raise_increments=[0] * n,
        )
        st.min_bet = min_bet(st, rules)
        events: list[RawEvent] = []
        _post_forced_bets(st, rules, posts, big_seat, events)
        for post in setup.posts:
            if post.kind == "sleeper":
                _post_sleeper(st, rules, post.seat, post.amount, events)
        open_preflop(st, rules)
        order = hole_card_order(n, setup.button, setup.in_hand)
        for seat in order[: len(order) // 2]:
            events.append(_event("deal", seat, cards=deal.holes[seat]))
        self._start(HandRecord(rules, setup.stacks, deal, st, events))
        self._advance(st, events, first=True)

    @classmethod
    def from_record(cls, record: HandRecord) -> SpecHand:
        """A spec-engine hand that plays on from ``record`` (a copy, an unpickled hand, or a hand the C
        engine hands over); the record becomes this hand's."""
        hand = object.__new__(cls)
        hand._start(record)
        return hand

    def _start(self, record: HandRecord) -> None:
        deal = record.deal
        self.record = record
        self._unknown_cards = any(c is None for hole in deal.holes for c in hole) or None in deal.board
        self._legal: LegalActions | None = None
        self._event_objects: list[Event] = []

    def to_record(self) -> HandRecord:
        """A copy of this hand's record."""
        return self.record.clone()

    # ------------------------------------------------------------------ queries
    @property
    def rules(self) -> RuleSet:
        return self.record.rules

    @property
    def initial_stacks(self) -> tuple[int, ...]:
        return self.record.initial_stacks

    @property
    def deal(self) -> Deal:
        return self.record.deal

    @property
    def to_act(self) -> int | None:
        """The seat whose turn it is, or None when the hand is over."""
        return self.record.state.to_act

    @property
    def button(self) -> int:
        return self.record.state.button

    @property
    def is_over(self) -> bool:
        return self.record.result is not None

    @property
    def result(self) -> HandResult | None:
        return self.record.result

    @property
    def events(self) -> tuple[Event, ...]:
        made = self._event_objects
        made.extend(Event(*raw) for raw in self.record.events[len(made) :])
        return tuple(made)

    @property
    def state(self) -> HandState:
        """A copy of the explicit state the rule functions read."""
        return self.record.state.clone()

    @property
    def stacks(self) -> tuple[int, ...]:
        return tuple(self.record.state.stacks)

    def final_stacks(self) -> tuple[int, ...] | None:
        """The stacks once the hand is over (``HandResult.stacks``), else None."""
        result = self.record.result
        return None if result is None else result.stacks

    @property
    def street(self) -> str:
        return STREET_NAMES[self.record.state.street]

    def pot_total(self) -> int:
        """The chips put in and not yet given back or awarded: bets, earlier rounds' chips, antes, dead
        blinds (§3.20) and a pending sleeper (§3.17); 0 once the hand is over. ``sum(stacks) +
        pot_total()`` never changes."""
        if self.record.result is not None:
            return 0
        st = self.record.state
        return sum(st.committed) + sum(st.bets) + sum(st.antes) + sum(st.dead) + st.sleeper_amount

    def legal_actions(self) -> LegalActions:
        """What the player to act may do (§6.1); raises ``IllegalAction`` when the hand is over."""
        if self._legal is None:
            self._legal = legal_actions(self.record.state, self.record.rules)
        return self._legal

    def copy(self) -> SpecHand:
        """An independent copy: acting on it leaves this hand unchanged."""
        other = SpecHand.from_record(self.record.clone())
        other._legal = self._legal
        other._event_objects = list(self._event_objects)
        return other

    # ------------------------------------------------------------------ actions
    def all_in(self) -> None:
        """Put every chip in: a call when that does not beat the current bet, else a bet or raise."""
        st = self.record.state
        if st.to_act is None:
            raise IllegalAction("the hand is over; nobody is to act", "6.1")
        total = all_in_to(st, st.to_act)
        if total <= st.current_bet:
            self._act("call", None)
        else:
            self._act("bet" if st.current_bet == 0 else "raise", total)

    def time_out(self) -> None:
        """The player to act ran out of time (the clock is the caller's, ``rules.action_time_s``):
        his hand is checked, folded or frozen all-in as ``rules.timeout_action`` says (§6.11, §7.8)."""
        st = self.record.state
        if st.to_act is None:
            raise IllegalAction("time-out is not allowed: the hand is over", "6.11")
        outcome = timeout_outcome(st, self.record.rules, st.to_act)
        if outcome != "freeze":
            self._act(outcome, None)
            return
        seat = st.to_act

        def freeze(new: HandState, events: list[RawEvent]) -> None:
            street = STREET_NAMES[new.street]
            events.append(_event("freeze", seat, new.committed[seat] + new.bets[seat], street=street))
            freeze_all_in(new, seat)
            self._advance(new, events, folded=False)

        self._transact(freeze)

    def act(self, kind: str, amount: int | None = None, *, seat: int | None = None) -> None:
        """``act("raise", 300)`` is ``raise_to(300)``; kinds: fold, check, call, bet, raise.

        With ``seat`` other than ``to_act`` the action is out of turn (§6.10): refused under
        ``out_of_turn = "reject"``, otherwise recorded and applied or dropped when his turn comes.
        """
        seat, amount = plain(seat), plain(amount)  # NumPy integers as Python ints
        if seat is None or as_integer(seat) == self.record.state.to_act:
            self._act(kind, amount)
        else:
            self._out_of_turn(kind, amount, seat)

    def _out_of_turn(self, kind: str, amount: int | None, seat: object) -> None:
        st = self.record.state
        check_out_of_turn(st, self.record.rules, kind, seat, amount)
        assert isinstance(seat, int)
        new = st.clone()
        new.out_of_turn[seat] = (kind, amount, new.current_bet)
        self.record.state = new
        self.record.events.append(
            _event(f"out_of_turn_{kind}", seat, amount, street=STREET_NAMES[new.street])
        )

    def _act(self, kind: str, amount: int | None) -> None:
        if self.record.state.to_act is None:
            raise IllegalAction(f"{kind} is not allowed: the hand is over", "6.1")
        check_action(self.record.state, self.record.rules, kind, amount, self.legal_actions())
        if amount is not None and amount.__class__ is not int:
            amount = int(amount)  # a NumPy integer, checked: chips are Python ints

        def play(st: HandState, events: list[RawEvent]) -> None:
            _apply(st, self.record.rules, kind, amount, events)
            self._advance(st, events, folded=kind == "fold")

        self._transact(play)

    play = _act
    """``play(kind, amount)``: the action of the seat to act (the façade's ``act`` without ``seat``)."""

    # ------------------------------------------------------------------ live play (spec 10)
    def kill(self, seat: int) -> None:
        """Kill ``seat``'s hand (a dead hand, §10.1): it is folded at once, whoever is to act, and every
        chip it put in stays in the pot; the seat to act folds as an action."""
        st = self.record.state
        if st.to_act is None:
            raise IllegalAction("the hand is over; no hand can be killed", "10.1")
        if type(seat) is not int or not 0 <= seat < st.seats or st.folded[seat]:
            raise IllegalAction(f"seat {show_value(seat)} has no live hand to kill", "10.1")
        if seat == st.to_act:
            self._act("fold", None)
            return

        def kill(new: HandState, events: list[RawEvent]) -> None:
            new.folded[seat] = True
            new.out_of_turn.pop(seat, None)
            events.append(_event("fold", seat, street=self.street_of(new)))
            if uncontested_winner(new) is not None:
                self._end_round(new, events)
                self._settle(new, events, showdown=False)

        self._transact(kill)

    def fold_forfeiting(self, chips: int) -> None:
        """The player to act folds and forfeits ``chips`` of his stack (an undercall ruled a fold,
        §11.5): they go into the pot as dead money (``state.dead``, §7.7), logged as ``forfeit``."""
        st = self.record.state
        seat = st.to_act
        if seat is None:
            raise IllegalAction("a fold is not allowed: the hand is over", "6.1")
        if type(chips) is not int or not 0 < chips < st.stacks[seat]:
            raise RuleViolation(
                f"seat {seat} cannot forfeit {show_value(chips)} chips: 1 to {st.stacks[seat] - 1}", "11.5"
            )
        check_action(st, self.record.rules, "fold", None, self.legal_actions())

        def play(new: HandState, events: list[RawEvent]) -> None:
            new.stacks[seat] -= chips
            new.dead[seat] += chips
            events.append(_event("forfeit", seat, chips, street=self.street_of(new)))
            _apply(new, self.record.rules, "fold", None, events)
            self._advance(new, events, folded=True)

        self._transact(play)

    def _transact(self, change: Callable[[HandState, list[RawEvent]], None]) -> None:
        """Make a validated ``change`` to the state, logging into a list of events, all or nothing.

        Once validated, a change cannot fail unless a showdown meets an unknown card (§8.5); only
        then is it made on a copy that is dropped if it fails."""
        record = self.record
        st = record.state.clone() if self._unknown_cards else record.state
        events: list[RawEvent] = []
        saved = (record.exposed, record.last_round, record.result)
        try:
            change(st, events)
        except Exception:
            record.exposed, record.last_round, record.result = saved
            raise
        record.state = st
        self._legal = None
        record.events.extend(events)

    # ------------------------------------------------------------------ flow
    def _advance(
        self, st: HandState, events: list[RawEvent], first: bool = False, folded: bool = True
    ) -> None:
        """Sleeper, end of the hand, next player and streets after an action; ``folded`` is False
        when nobody folded, so the hand cannot have become uncontested (§6.8)."""
        actor = st.to_act
        if st.sleeper is not None:
            status = sleeper_status(st)
            if status == "void":
                st.stacks[st.sleeper] += st.sleeper_amount
                events.append(_event("sleeper_void", st.sleeper, st.sleeper_amount))
                st.sleeper, st.sleeper_amount = None, 0
            elif status == "live":
                seat = st.sleeper
                _sleeper_goes_live(st, self.record.rules)
                events.append(_event("sleeper_live", seat, st.bets[seat]))
                if not first:
                    st.to_act = actor = seat
        if folded and uncontested_winner(st) is not None:
            self._end_round(st, events)
            self._settle(st, events, showdown=False)
            return
        if first:
            nxt = first_to_act_preflop(st, self.record.rules)
        else:
            assert actor is not None
            nxt = next_to_act(st, actor)
            self.record.last_round = st.street
        while nxt is None:
            self._end_round(st, events)
            if st.street == RIVER:
                self._expose(st, events)
                self._settle(st, events, showdown=True)
                return
            if run_out_needed(st):
                self._expose(st, events)
            st.street += 1
            _open_street(st, self.record.rules)
            shown = visible_board(self.record.deal, st.street)
            events.append(
                _event("board", cards=shown[-(1 if st.street > 1 else 3) :], street=self.street_of(st))
            )
            nxt = first_to_act_postflop(st)
        st.to_act = nxt
        if nxt is not None and nxt in st.out_of_turn:
            self._resolve_out_of_turn(st, events, nxt)

    def _resolve_out_of_turn(self, st: HandState, events: list[RawEvent], seat: int) -> None:
        kind, amount, _ = st.out_of_turn[seat]
        binds = out_of_turn_binds(st, self.record.rules, seat)
        del st.out_of_turn[seat]
        if binds:
            try:
                check_action(st, self.record.rules, kind, amount)
            except IllegalAction:
                binds = False
        street = STREET_NAMES[st.street]
        if not binds:
            events.append(_event("out_of_turn_void", seat, street=street))
            return
        events.append(_event("out_of_turn_binds", seat, street=street))
        _apply(st, self.record.rules, kind, amount, events)
        self._advance(st, events)

    @staticmethod
    def street_of(st: HandState) -> str:
        return STREET_NAMES[st.street]

    def _expose(self, st: HandState, events: list[RawEvent]) -> None:
        if self.record.exposed:
            return
        self.record.exposed = exposed_all_in_hands(st, self.record.rules)
        for seat in self.record.exposed:
            events.append(_event("show", seat, cards=self.record.deal.holes[seat], street=self.street_of(st)))

    def _end_round(self, st: HandState, events: list[RawEvent]) -> None:
        for seat in sorted(st.out_of_turn):
            events.append(_event("out_of_turn_void", seat, street=self.street_of(st)))
        st.out_of_turn.clear()
        returned, kept = return_uncalled(st.bets)
        for seat, chips in enumerate(returned):
            if chips:
                st.stacks[seat] += chips
                events.append(_event("return", seat, chips, street=self.street_of(st)))
        for seat in range(st.seats):
            st.committed[seat] += kept[seat]
            st.bets[seat] = 0
        st.to_act = None

    def _settle(self, st: HandState, events: list[RawEvent], *, showdown: bool) -> None:
        record = self.record
        holes, exposed, rules = record.deal.holes, record.exposed, record.rules
        values: list[int | None] = [None] * st.seats
        shown: dict[int, tuple[Card | None, ...]] = {s: holes[s] for s in exposed}
        board = visible_board(record.deal, st.street)
        for seat in st.live():
            values[seat] = hand_strength(holes[seat], board) if showdown else 0
        settlement = settle_hand(st, rules, values, showdown=showdown)
        if showdown:
            values_shown: dict[int, int] = {}
            for seat in exposed:  # the all-in hands tabled, all live: each has a value
                value = values[seat]
                assert value is not None
                values_shown[seat] = value
            for seat in showing_order(st, rules, record.last_round):
                if seat in exposed:
                    continue
                value = values[seat]
                assert value is not None
                if must_show(seat, value, settlement.pots, values_shown, exposed, rules):
                    values_shown[seat] = value
                    shown[seat] = holes[seat]
                    events.append(_event("show", seat, cards=holes[seat], street="showdown"))
                else:
                    events.append(_event("muck", seat, street="showdown"))
        street = "showdown" if showdown else self.street_of(st)
        won = [0] * st.seats
        awards: list[RawEvent] = []
        for seat, share in settlement.awards:
            won[seat] += share
            awards.append(_event("win", seat, share, street=street))
        for seat, paid in enumerate(settlement.payouts):
            if paid > won[seat]:
                events.append(_event("return", seat, paid - won[seat], street=street))
        events.extend(awards)
        final = [s + p for s, p in zip(st.stacks, settlement.payouts, strict=True)]
        st.stacks = final
        st.to_act = None
        record.result = HandResult(
            stacks=tuple(final),
            net=tuple(f - i for f, i in zip(final, record.initial_stacks, strict=True)),
            pots=settlement.pots,
            shown=shown,
            board=board,
            showdown=showdown,
        )


def _post_forced_bets(
    st: HandState, rules: RuleSet, posts: Sequence[ForcedPost], big_seat: int, events: list[RawEvent]
) -> None:
    """The forced posts (§3.11, §3.16, §3.20): each seat's ante and blinds as §3.11 orders them (a
    live blind before a dead one), logged antes first, then the blinds in posting order, then the
    straddles."""
    ante_due, live_due, dead_due = [0] * st.seats, [0] * st.seats, [0] * st.seats
    for post in posts:
        if post.kind == "ante":
            ante_due[post.seat] += post.amount
        elif post.kind != "straddle":
            (live_due if post.live else dead_due)[post.seat] += post.amount
    for seat in range(st.seats):
        owed = live_due[seat] + dead_due[seat]
        ante, blind = post_forced(st.stacks[seat], ante_due[seat], owed, rules, big_blind=seat == big_seat)
        st.stacks[seat] -= ante + blind
        st.antes[seat] = ante
        st.bets[seat] = min(blind, live_due[seat])
        st.dead[seat] = blind - st.bets[seat]
        if ante:
            events.append(_event("ante", seat, ante, all_in=st.stacks[seat] == 0))
    for post in posts:
        if post.kind in ("ante", "straddle"):
            continue
        seat = post.seat
        posted = st.bets[seat] if post.live else st.dead[seat]
        if posted:
            events.append(
                _event("blind" if post.live else "dead_blind", seat, posted, all_in=st.stacks[seat] == 0)
            )
    for post in posts:
        if post.kind == "straddle":
            seat = post.seat
            amount = post_straddle(seat, st.stacks[seat], post.amount, rules)
            st.stacks[seat] -= amount
            st.bets[seat] = amount
            events.append(_event("straddle", seat, amount, all_in=st.stacks[seat] == 0))
    for seat, back in enumerate(unmatched_antes(st.antes, rules)):  # §7.7, ante_award = "as_bets"
        if back:
            events.append(_event("return", seat, back))
            st.stacks[seat] += back
            st.antes[seat] -= back


def _post_sleeper(st: HandState, rules: RuleSet, seat: object, amount: int, events: list[RawEvent]) -> None:
    check_sleeper(st, rules, seat, amount)
    assert isinstance(seat, int)
    st.stacks[seat] -= amount
    st.sleeper, st.sleeper_amount = seat, amount
    events.append(_event("sleeper", seat, amount))


def _sleeper_goes_live(st: HandState, rules: RuleSet) -> None:
    seat, amount = st.sleeper, st.sleeper_amount
    assert seat is not None
    st.bets[seat] = amount
    st.blind_seats += (seat,)
    st.blind_amounts += (amount,)
    st.straddles += 1
    st.sleeper, st.sleeper_amount = None, 0
    open_preflop(st, rules)


def _open_street(st: HandState, rules: RuleSet) -> None:
    st.current_bet = 0
    st.full_level = 0
    st.full_increment = min_bet(st, rules)
    st.first_bet = 0
    st.last_increment = 0
    st.cumulative_increment = 0
    st.raise_increments = [0] * st.seats
    st.bet_count = 0
    st.raise_count = 0
    st.capped = False
    st.acted = [False] * st.seats
    st.marks = [0] * st.seats


def _apply(st: HandState, rules: RuleSet, kind: str, amount: int | None, events: list[RawEvent]) -> None:
    seat = st.to_act
    assert seat is not None
    street = STREET_NAMES[st.street]
    if kind == "fold":
        st.folded[seat] = True
        events.append(_event("fold", seat, street=street))
    elif kind == "check":
        events.append(_event("check", seat, street=street))
    elif kind == "call":
        target = min(st.current_bet, all_in_to(st, seat))
        added = target - st.bets[seat]
        st.stacks[seat] -= added
        st.bets[seat] = target
        events.append(_event("call", seat, added, all_in=st.stacks[seat] == 0, street=street))
    else:
        assert amount is not None
        apply_wager(st, rules, seat, amount)
        events.append(_event(kind, seat, amount, all_in=st.stacks[seat] == 0, street=street))
    st.acted[seat] = True
    st.marks[seat] = st.current_bet
