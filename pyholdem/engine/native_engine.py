"""``Hand`` on the C engine (``csrc/hand.c``): the same hands, answers and refusals as ``SpecHand``.

The C engine keeps the whole hand in one ``ph_hand`` struct and writes the log into an array the
hand owns; it starts from the hand's ``HandSetup`` (§3.20, checked when it was made), passed as
one ``ph_setup`` struct, and Python reads the hand back as the spec's ``HandState``, ``Event``s
and ``HandResult``. The refusal of an
action is worded by the spec (``check_action`` on the same state), so both engines refuse with
the same message and section. What the C engine does not play — sleepers (§3.17), unknown cards
(§4.2), actions out of turn (§6.10), a time-out that freezes a player (§7.8), amounts beyond
``LIMIT`` — goes to the spec engine: the engine hands the ``Hand`` its ``HandRecord`` as a
``SpecHand``, which the façade (``pyholdem.engine.hand``, which this module does not import) plays on.
"""

from __future__ import annotations

from typing import Any, NamedTuple, NoReturn, cast

from pyholdem.engine.setup import HandSetup, deal_setup
from pyholdem.engine.spec_engine import (
    EVENT_KINDS,
    EngineActions,
    Event,
    HandRecord,
    HandResult,
    RawEvent,
    SpecHand,
)
from pyholdem.errors import IllegalAction, NativeError
from pyholdem.native.hand import LIMIT, native_rules, pack_setup
from pyholdem.native.lib import ffi, lib, struct_layout
from pyholdem.native.pots import SEATS_OF_MASK
from pyholdem.native.shuffle import CARDS, seed_key, shuffled_deck
from pyholdem.spec.betting import ACTIONS, LegalActions, check_action, legal_actions, timeout_outcome
from pyholdem.spec.cards import as_integer
from pyholdem.spec.dealing import BOARD_AFTER_STREET, Deal
from pyholdem.spec.pots import Pot
from pyholdem.spec.state import STREET_NAMES, HandState
from pyholdem.values import is_int

__all__ = ["EVENT_KINDS", "NativeHand", "PackedLayout", "pack_layout", "start", "start_laid_out"]

EVENT_STREETS = (*STREET_NAMES, "showdown")
ACTION_CODES = {kind: code for code, kind in enumerate(ACTIONS)}  # enum ph_action (csrc/generated/codes.h)
_BET = ACTION_CODES["bet"]
_LOG_START = 2 * lib.PH_STEP_EVENTS
_EVENT_SIZE = ffi.sizeof("ph_event")
_EVENT_LAYOUT = struct_layout("ph_event")  # amount, kind, seat, street, all_in, n_cards, cards[3]
_act = lib.ph_hand_act
_new_tuple = tuple.__new__
_new_native = object.__new__
_OK, _REFUSED, _LOG_FULL = lib.PH_OK, lib.PH_ERR_REFUSED, lib.PH_ERR_LOG_FULL
_MAX_POSTS = lib.PH_MAX_POSTS


def start(setup: HandSetup, *, insist: bool = False) -> NativeHand | SpecHand:
    """The engine that plays ``setup`` for ``Hand(...)``: the C engine when it can play the hand, else
    the spec engine (with ``insist``, a ``NativeError`` saying why not). A bad set-up is refused by
    the spec first, so both engines refuse it alike."""
    key = cards = None
    if setup.hole_cards is None and not setup.board:
        key = seed_key(setup.seed)
        why = "the seed is not an int, str, bytes or None" if key is None else None
    else:
        deal = deal_setup(setup, shuffled_deck)
        dealt = [c for hole in deal.holes for c in hole] + [*deal.burns, *deal.board]
        why = "a card is unknown" if None in dealt else None
        cards = cast("list[int]", dealt)  # every card known, or ``why`` says the C engine does not play it
    crules = native_rules(setup.rules)
    posts, bet_sizes = setup.posts, setup.bet_sizes
    assert bet_sizes is not None  # a checked set-up has its bet sizes
    if why is None and posts[-1].kind == "sleeper":  # a sleeper is the last post (§3.20)
        why = "a sleeper is posted (§3.17)"
    if why is None and crules is None:
        why = f"the chip unit or pot rounding is {LIMIT} or more"
    if why is None and len(posts) > _MAX_POSTS:
        why = f"more than {_MAX_POSTS} forced posts"
    if why is None and (
        sum(setup.stacks) >= LIMIT or max(bet_sizes) >= LIMIT or max([p.amount for p in posts]) >= LIMIT
    ):
        why = f"an amount is {LIMIT} chips or more"
    if why is not None:
        spec = SpecHand(setup)  # the spec's refusal of bad input comes first
        if insist:
            raise NativeError(f"the C engine cannot play this hand: {why}")
        return spec
    return NativeHand(setup, crules, key, cards)


class PackedLayout(NamedTuple):
    """What ``start`` finds of a set-up but its stacks and seed (``pack_layout``): its ``native_rules``,
    its ``ph_setup`` with no stacks and no key, its seat count and whether a seat sits out."""

    crules: Any
    template: Any
    seats: int
    seats_out: bool


def pack_layout(setup: HandSetup) -> PackedLayout | None:
    """For a table dealing hands laid out as ``setup`` again (§3.20: the same seats, button, posts, level
    and rules; other stacks and seed): what ``start`` would find of every such hand but its stacks
    and seed, or None when the C engine does not play the layout (``start`` then says why)."""
    if setup.hole_cards is not None or setup.board:
        return None
    crules = native_rules(setup.rules)
    posts = setup.posts
    if (
        crules is None
        or posts[-1].kind == "sleeper"
        or len(posts) > lib.PH_MAX_POSTS
        or max(cast("tuple[int, int]", setup.bet_sizes)) >= LIMIT
        or max([p.amount for p in posts]) >= LIMIT
    ):
        return None
    no_stacks = (0,) * len(setup.stacks)  # each hand's own stacks are copied in (``start_laid_out``)
    template = pack_setup(setup, ffi.NULL, 0, ffi.NULL, no_stacks)
    return PackedLayout(crules, template, len(no_stacks), not all(setup.in_hand))


def start_laid_out(setup: HandSetup, packed: PackedLayout, *, insist: bool = False) -> NativeHand | SpecHand:
    """``start(setup, insist=insist)`` for a set-up laid out as the one ``packed`` was made from: the
    layout's ``ph_setup`` with this hand's stacks and seed, copied in C (``ph_hand_init_laid_out``, which
    reads as many stacks as the layout has seats)."""
    key = seed_key(setup.seed)
    stacks = setup.stacks
    if key is None or len(stacks) != packed.seats or sum(stacks) >= LIMIT:
        return start(setup, insist=insist)
    h = ffi.new("ph_hand *")
    log = ffi.new("ph_event[]", _LOG_START)
    status = lib.ph_hand_init_laid_out(
        h, packed.crules, packed.template, stacks, key, len(key), log, _LOG_START
    )
    hand = _new_native(NativeHand)
    hand._started(setup, h, log, status, packed.seats_out)
    return hand


class NativeHand(EngineActions):
    """The C engine of a ``Hand``; see the module docstring for what it hands to the spec engine."""

    engine = "native"
    __slots__ = (
        "_capacity", "_deal", "_event_objects", "_h", "_legal", "_log", "_result", "_seats_out",
        "initial_stacks", "is_over", "rules",
    )  # fmt: skip
    is_over: bool
    """True once the hand has been awarded (§8): kept beside the C state, set by every call that plays."""

    def __init__(self, setup: HandSetup, crules: Any, key: bytes | None, cards: list[int] | None) -> None:
        """A hand ``start`` found the C engine can play: ``crules`` its ``native_rules``, and either the
        seed's ``key`` (§1.4) or every card id dealt."""
        keep = ffi.from_buffer(key) if key is not None else ffi.NULL
        known = ffi.new("uint8_t[]", cards) if cards is not None else ffi.NULL
        c = pack_setup(setup, keep, len(key or b""), known)
        h = ffi.new("ph_hand *")
        log = ffi.new("ph_event[]", _LOG_START)
        self._started(setup, h, log, lib.ph_hand_init(h, crules, c, log, _LOG_START), not all(setup.in_hand))

    def _started(self, setup: HandSetup, h: Any, log: Any, status: int, seats_out: bool) -> None:
        """The hand ``ph_hand_init`` started in ``h`` with ``status``, its log in ``log``."""
        if status == _REFUSED:  # a straddle the player cannot post: the spec words the refusal (§3.16)
            SpecHand(setup)
        if status != _OK:
            raise NativeError(f"ph_hand_init refused the hand (status {status})")
        self.rules = setup.rules
        self.initial_stacks = setup.stacks
        self._h = h
        self.is_over = h.over != 0
        self._log = log
        self._capacity = _LOG_START
        self._legal: LegalActions | None = None
        self._event_objects: list[Event] = []
        self._result: HandResult | None = None
        self._deal: Deal | None = None
        self._seats_out = seats_out

    def to_record(self) -> HandRecord:
        """This hand's ``HandRecord``, read back from the C state (how it is pickled and handed over)."""
        h = self._h
        events: list[RawEvent] = [
            (e.kind, e.seat, e.amount, e.cards, e.all_in, e.street) for e in self.events
        ]
        return HandRecord(
            self.rules, self.initial_stacks, self.deal, self.state, events,
            self.result, tuple(h.exposed[0 : h.n_exposed]), h.last_round,
        )  # fmt: skip

    def _via_spec(self, method: str, *args: object, **kwargs: object) -> SpecHand:
        """Do ``method`` on the spec engine and return it: refused, this hand is unchanged; done, the
        hand goes on on the returned engine."""
        spec = SpecHand.from_record(self.to_record())
        getattr(spec, method)(*args, **kwargs)
        return spec

    # ------------------------------------------------------------------ queries
    @property
    def to_act(self) -> int | None:
        """The seat whose turn it is, or None when the hand is over."""
        seat = self._h.to_act
        return None if seat < 0 else seat

    @property
    def button(self) -> int:
        button: int = self._h.button
        return button

    @property
    def result(self) -> HandResult | None:
        if self._result is None and self._h.over:
            h = self._h
            n = h.seats
            final = tuple(h.stacks[0:n])
            holes = self.deal.holes
            self._result = HandResult(
                stacks=final,
                net=tuple(f - i for f, i in zip(final, self.initial_stacks, strict=True)),
                pots=tuple(
                    Pot(p.amount, SEATS_OF_MASK[p.eligible], SEATS_OF_MASK[p.winners])
                    for p in h.pots[0 : h.n_pots]
                ),
                shown={s: holes[s] for s in h.shown[0 : h.n_shown]},
                board=self.deal.board[: BOARD_AFTER_STREET[h.street]],
                showdown=bool(h.showdown),
            )
        return self._result

    @property
    def deal(self) -> Deal:
        if self._deal is None:
            h = self._h
            holes = h.holes[0 : h.seats]
            self._deal = Deal(
                tuple(
                    (CARDS[a], CARDS[b]) if dealt else ()
                    for (a, b), dealt in zip(holes, h.in_hand[0 : h.seats], strict=True)
                )
                if self._seats_out
                else tuple((CARDS[a], CARDS[b]) for a, b in holes),
                tuple(CARDS[c] for c in h.burns),
                tuple(CARDS[c] for c in h.board),
            )
        return self._deal

    @property
    def events(self) -> tuple[Event, ...]:
        made = self._event_objects
        start, end = len(made), self._h.n_events
        if end > start:
            raw = ffi.buffer(self._log + start, (end - start) * _EVENT_SIZE)
            for amount, kind, seat, street, all_in, n, a, b, c in _EVENT_LAYOUT.iter_unpack(raw):
                cards = (
                    ()
                    if n == 0
                    else (CARDS[a], CARDS[b])
                    if n == 2
                    else (CARDS[a], CARDS[b], CARDS[c])
                    if n == 3
                    else (CARDS[a],)
                )
                made.append(
                    Event(
                        EVENT_KINDS[kind],
                        None if seat < 0 else seat,
                        None if amount < 0 else amount,
                        cards,
                        all_in != 0,
                        EVENT_STREETS[street],
                    )
                )
        return tuple(made)

    @property
    def state(self) -> HandState:
        """A copy of the explicit state the rule functions read."""
        h = self._h
        n, k = h.seats, h.n_forced
        return HandState(
            seats=n,
            button=h.button,
            big_blind=h.big_blind,
            bet_sizes=(h.small_bet, h.big_bet),
            blind_seats=tuple(h.blind_seats[0:k]),
            blind_amounts=tuple(h.blind_amounts[0:k]),
            stacks=list(h.stacks[0:n]),
            bets=list(h.bets[0:n]),
            committed=list(h.committed[0:n]),
            antes=list(h.antes[0:n]),
            folded=[bool(f) for f in h.folded[0:n]],
            acted=[bool(a) for a in h.acted[0:n]],
            marks=list(h.marks[0:n]),
            street=h.street,
            current_bet=h.current_bet,
            full_level=h.full_level,
            full_increment=h.full_increment,
            first_bet=h.first_bet,
            last_increment=h.last_increment,
            cumulative_increment=h.cumulative_increment,
            bet_count=h.bet_count,
            raise_count=h.raise_count,
            capped=bool(h.capped),
            min_bet=h.min_bet,
            dealt=sum(h.in_hand[0:n]),
            to_act=None if h.to_act < 0 else h.to_act,
            aggressors=[None if a < 0 else a for a in h.aggressors],
            straddles=h.straddles,
            frozen=[False] * n,
            antes_contribute=bool(h.uniform_antes),
            dead=list(h.dead[0:n]),
            raise_increments=list(h.raise_increments[0:n]),
        )

    @property
    def stacks(self) -> tuple[int, ...]:
        h = self._h
        return tuple(h.stacks[0 : h.seats])

    def final_stacks(self) -> tuple[int, ...] | None:
        """The stacks once the hand is over, else None (what a table reads back, in one call)."""
        h = self._h
        return tuple(h.stacks[0 : h.seats]) if h.over else None

    @property
    def street(self) -> str:
        return STREET_NAMES[self._h.street]

    def pot_total(self) -> int:
        h = self._h
        if h.over:
            return 0
        n = h.seats
        total: int = sum(h.committed[0:n]) + sum(h.bets[0:n]) + sum(h.antes[0:n]) + sum(h.dead[0:n])
        return total

    def legal_actions(self) -> LegalActions:
        """What the player to act may do (§6.1); raises ``IllegalAction`` when the hand is over."""
        legal = self._legal
        if legal is None:
            h = self._h
            seat = h.to_act
            if seat < 0:
                raise IllegalAction("the hand is over; nobody is to act", "6.1")
            call, low = h.legal_call, h.legal_min
            legal = self._legal = _new_tuple(  # LegalActions(...) without its Python-level __new__
                LegalActions,
                (
                    seat,
                    True,
                    h.legal_check != 0,
                    call if call > 0 else None,
                    low if low > 0 else None,
                    h.legal_max if low > 0 else None,
                    h.legal_is_bet != 0,
                ),
            )
        return legal

    def copy(self) -> NativeHand:
        """An independent copy: acting on it leaves this hand unchanged."""
        other = object.__new__(NativeHand)
        for name in NativeHand.__slots__:
            setattr(other, name, getattr(self, name))
        other._h = ffi.new("ph_hand *", self._h[0])
        other._log = ffi.new("ph_event[]", self._capacity)
        ffi.memmove(other._log, self._log, self._h.n_events * _EVENT_SIZE)
        other._event_objects = list(self._event_objects)
        return other

    # ------------------------------------------------------------------ actions
    def _act(self, kind: str, amount: int | None) -> None:
        if kind.__class__ is str:
            code = ACTION_CODES.get(kind)
        else:  # a str subclass (NumPy's str_) is its text, as on the spec engine
            code = ACTION_CODES.get(str(kind)) if isinstance(kind, str) else None
        if code is None or (amount is None) != (code < _BET):
            self._refuse(kind, amount)
        chips = 0
        if amount is not None:
            if amount.__class__ is not int:
                if not is_int(amount):
                    self._refuse(kind, amount)
                amount = int(amount)
            if not -LIMIT < amount < LIMIT:
                self._refuse(kind, amount)
            chips = amount
        status = _act(self._h, code, chips, self._log, self._capacity)
        if status == _LOG_FULL:
            self._grow_log()
            status = _act(self._h, code, chips, self._log, self._capacity)
        if status != _OK:
            self._refuse(kind, amount)
        self._legal = None
        self.is_over = self._h.over != 0

    play = _act
    """``play(kind, amount)``: the action of the seat to act (the façade's ``act`` without ``seat``)."""

    def _grow_log(self) -> None:
        log = ffi.new("ph_event[]", 2 * self._capacity)
        ffi.memmove(log, self._log, self._h.n_events * _EVENT_SIZE)
        self._log, self._capacity = log, 2 * self._capacity

    def _refuse(self, kind: str, amount: int | None) -> NoReturn:
        """Raise the refusal the spec gives for the action the C engine refused (§6.1)."""
        if self._h.to_act < 0:
            raise IllegalAction(f"{kind} is not allowed: the hand is over", "6.1")
        state = self.state
        check_action(state, self.rules, kind, amount, legal_actions(state, self.rules))
        raise NativeError(f"the C engine refused {kind} {amount!r}, which the spec allows (§6.1)")

    def all_in(self) -> None:
        """Put every chip in: a call when that does not beat the current bet, else a bet or raise."""
        h = self._h
        seat = h.to_act
        if seat < 0:
            raise IllegalAction("the hand is over; nobody is to act", "6.1")
        total = h.bets[seat] + h.stacks[seat]
        if total <= h.current_bet:
            self._act("call", None)
        else:
            self._act("bet" if h.current_bet == 0 else "raise", total)

    def time_out(self) -> SpecHand | None:
        """The player to act ran out of time (§6.11): checked or folded here; a freeze (§7.8) is played
        on the spec engine, which is returned to go on with."""
        if self._h.to_act < 0:
            raise IllegalAction("time-out is not allowed: the hand is over", "6.11")
        outcome = timeout_outcome(self.state, self.rules, self._h.to_act)
        if outcome == "freeze":
            return self._via_spec("time_out")
        self._act(outcome, None)
        return None

    def act(self, kind: str, amount: int | None = None, *, seat: int | None = None) -> SpecHand | None:
        """``act("raise", 300)`` is ``raise_to(300)``; kinds: fold, check, call, bet, raise.

        With ``seat`` other than ``to_act`` the action is out of turn (§6.10), played on the spec
        engine, which is returned to go on with.
        """
        if seat is None or as_integer(seat) == self.to_act:
            self._act(kind, amount)
            return None
        return self._via_spec("act", kind, amount, seat=seat)

    # ------------------------------------------------------------------ hands in bulk
    def play_policy(self, policy: Any, rng: Any) -> int:
        """Play to the end with a ``ph_policy`` drawing from the splitmix64 state ``rng`` (``uint64_t *``),
        in C (``ph_policy_play``, ``pyholdem.engine.bulk``); the number of actions played."""
        played = ffi.new("int64_t *")
        while True:
            status = lib.ph_policy_play(self._h, policy, rng, self._log, self._capacity, played)
            if status != _LOG_FULL:
                break
            self._grow_log()
        if status != _OK:
            raise NativeError(f"ph_policy_play stopped with status {status}")
        self._legal = None
        self.is_over = self._h.over != 0
        return int(played[0])
