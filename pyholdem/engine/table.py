"""The table: hand after hand at one table (§3.3–3.8, §3.18–3.22, §4.1).

``Table`` keeps who sits where, with how many chips, and in which state (playing, waiting to
enter, away, and the blinds a seat owes). For every hand it asks its ``Planner``
(``pyholdem.engine.planning``: the rules' ``plan_hand``, §3.18, and ``plan_posts``, §3.20, with
every speed-up behind that one seam) for the positions, the forced posts and the ``HandSetup``
(§3.20), and plays it on its engine. Between hands it reads the final stacks:
a busted player leaves (tournament) or sits out with 0 until he adds chips or leaves (cash game,
``busted_player_leaves``, §3.21). It sequences only: every choice is a section function's.

Every call that does not fit the moment raises a ``RuleViolation`` naming the value and the
section and changes nothing.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from pyholdem.engine.hand import ENGINES, Hand
from pyholdem.engine.planning import FirstHand, Layout, Planner, SeatKey, Stakes, forget_layouts
from pyholdem.engine.setup import HandSetup
from pyholdem.errors import RuleViolation, show_value
from pyholdem.rules.ruleset import RuleSet
from pyholdem.spec.cards import Seed
from pyholdem.spec.dealing import HAND_START_MARKERS, level_change_applies
from pyholdem.spec.table import (
    Positions,
    absent_hand_dead,
    antes_due,
    blind_amounts,
    busted_player_leaves,
    buy_in_range,
    check_add_chips,
    check_buy_in,
    check_entry,
    check_table_size,
    entry_options,
)
from pyholdem.spec.tournament import check_chip_unit_change, written_chip_unit
from pyholdem.values import is_int, plain

__all__ = ["LedgerEntry", "PlayedHand", "SeatView", "Table", "forget_layouts", "random_session"]


@dataclass(frozen=True)
class SeatView:
    """One seat as the table shows it: who, how many chips, ``state`` (``"empty"``, ``"playing"``,
    ``"waiting"`` to enter, ``"away"``) and the blinds owed (``"small_blind"``, ``"big_blind"``)."""

    seat: int
    name: str | None
    stack: int
    state: str
    owes: tuple[str, ...] = ()


@dataclass(frozen=True)
class PlayedHand:
    """A finished hand of a table and what its history records (§12.12, §12.13): the table, the hand's
    number there (1, 2, …), who sat at each seat, the chips added and removed at each seat before it,
    the chip unit it was played under when not the table's first (§12.10); in a tournament also its
    level, its round, the players it put out (``[player, place]``) and, on the last hand, the prizes."""

    hand: Hand
    table: Any
    number: int
    names: tuple[str | None, ...]
    chips_added: Mapping[int, int]
    chips_removed: Mapping[int, int]
    chip_unit: int | None = None
    level: int | None = None
    round: int | None = None
    eliminations: list[list[Any]] | None = None
    prizes: dict[str, Any] | None = None


@dataclass(frozen=True)
class LedgerEntry:
    """A missed blind's life (§3.18): ``what`` is ``"missed"`` (the blind passed the seat while he
    was away), ``"collected"`` (posted on his return: the small blind dead, the big blind live or
    as his own big blind), ``"waived"`` (the game restarted, or he waited for the big blind: the
    small blind is then not owed) or ``"forfeited"`` (he left owing it)."""

    hand: int
    seat: int
    name: str
    what: str
    blind: str


_new = object.__new__
_OWES = {
    (small, big): ("small_blind",) * small + ("big_blind",) * big
    for small in (False, True)
    for big in (False, True)
}
"""A view's ``owes``, by (owes the small blind, owes the big blind)."""


@dataclass(slots=True)
class _Seat:
    """The player at a seat: his name, state, way in and the blinds he owes (his chips are the
    table's ``_stacks``). Only the table changes a seat, and it forgets what it derived from the
    seats (``Table._seat_changed``) whenever it does."""

    name: str
    status: str = "waiting"
    entry: str | None = "wait_bb"
    new: bool = True
    owes_small: bool = False
    owes_big: bool = False
    button_passed: bool = False


@dataclass(frozen=True, slots=True)
class _HandRecord:
    """What a table records of a hand it dealt (§12.13): who sat at each seat, the seats dealt in
    absent (§3.19) and the chips added at each seat before it (§3.22)."""

    names: tuple[str | None, ...]
    absent: frozenset[int]
    added: Mapping[int, int]


_NONE_ADDED: Mapping[int, int] = {}  # the hands before which no chips were added share it (never changed)


class Table:
    """Many hands at one table: ``Table(rules, seat_count, blinds=(small, big), antes=None,
    bet_sizes=None, button=None, seed=None, engine="auto", table=1)``.

    ``button`` is the first hand's button seat (else §3.3 chooses among the seated players),
    ``seed`` makes every hand's deck reproducible (hand ``k`` is shuffled from ``f"{seed}-{k}"``),
    ``engine`` is each ``Hand``'s engine (the C engine by default, or ``"spec"``).

    A table pickles and deep-copies: the copy plays on as the table would (its hands, as
    ``Hand``'s pickle does, on the spec engine, with the same answers; the next hands on the
    table's engine). Threads: a table is not thread-safe. Different tables may be used from
    different threads at once (all they share is the memo of layouts, which holds values only
    and which each table reads and fills whole), but one table and its hands must be used by one
    thread at a time (guard it with a lock to share it).
    """

    __slots__ = (
        "_absent_at_deal",
        "_added",
        "_arrivals",
        "_busted_leave",
        "_count",
        "_dealt",
        "_eliminated",
        "_empty",
        "_first_button",
        "_hand",
        "_keys",
        "_layout",
        "_pending",
        "_planner",
        "_previous",
        "_records",
        "_removed_log",
        "_rules_at_start",
        "_seat_keys",
        "_seat_names",
        "_seats",
        "_seed",
        "_settled",
        "_stacks",
        "_stakes",
        "_stale",
        "_views",
        "_without",
        "chips_in",
        "chips_out",
        "engine",
        "hands",
        "ledger",
        "rules",
        "seat_count",
        "setups",
        "table",
    )

    def __init__(
        self,
        rules: RuleSet,
        seat_count: int,
        *,
        blinds: int | Sequence[int],
        antes: int | Sequence[int] | None = None,
        bet_sizes: tuple[int, int] | None = None,
        button: int | None = None,
        seed: Seed = None,
        engine: str = "auto",
        table: int | str = 1,
    ) -> None:
        if not isinstance(rules, RuleSet):
            raise RuleViolation(f"rules {rules!r} is not a RuleSet", "0.1")
        seat_count, blinds, antes, bet_sizes, button = plain((seat_count, blinds, antes, bet_sizes, button))
        check_table_size(seat_count, rules)
        if button is not None and (not is_int(button) or not 0 <= button < seat_count):
            raise RuleViolation(f"button {show_value(button)} is not a seat in 0..{seat_count - 1}", "3.3")
        if engine not in ENGINES:
            raise RuleViolation(f"engine {engine!r} is not one of {', '.join(map(repr, ENGINES))}", "0.1")
        self.rules = self._rules_at_start = rules
        self.seat_count = seat_count
        self.table = table
        self.engine = engine
        self._seed = seed
        self._first_button = button
        self._stakes = self._checked_stakes(blinds, antes, bet_sizes)
        self._pending: Stakes | None = None
        self._seats: list[_Seat | None] = [None] * seat_count
        self._arrivals: tuple[int, ...] = ()  # the occupied seats in the order their players sat down (§3.3)
        self._stacks: tuple[int, ...] = (0,) * seat_count  # the chips at each seat (0: empty; ``_put``)
        self._previous: Positions | None = None
        self._hand: Hand | None = None
        self._settled = True
        self._absent_at_deal: frozenset[int] = frozenset()
        self._records: list[_HandRecord] = []
        self._added: dict[int, int] = {}
        self._dealt: tuple[str, ...] = ()
        self._layout: Layout | None = None
        self._removed_log: dict[int, dict[int, tuple[str, int]]] = {}
        # what plan_hand reads of each seat (None: empty), made again when the seat changes
        # (``_seat_changed``); the seats' part of the layout key, the views and the names are derived
        # from the seats and kept until one changes
        self._seat_keys: list[SeatKey] = [None] * seat_count
        self._stale: set[int] = set()  # the seats whose key is to be made again
        self._keys: tuple[SeatKey, ...] | None = None
        self._views: tuple[SeatView, ...] | None = None
        self._without: tuple[int, ...] | None = ()  # the seats with a player and no chips
        self._seat_names: tuple[str | None, ...] | None = None
        self._planner = Planner(seat_count, engine)
        self._empty = tuple(SeatView(s, None, 0, "empty") for s in range(seat_count))
        self.hands: list[Hand] = []
        self.setups: list[HandSetup] = []
        self.ledger: list[LedgerEntry] = []
        self._eliminated: list[str] = []
        self.chips_in = 0
        self.chips_out = 0
        self._count = 0
        self._busted_leave = busted_player_leaves(rules)

    # ------------------------------------------------------------------ queries
    @property
    def hand(self) -> Hand | None:
        """The hand being played, or the last one (None before the first)."""
        return self._hand

    @property
    def hand_running(self) -> bool:
        """True while a hand is dealt and not over."""
        if self._settled:
            return False
        hand = self._hand
        assert hand is not None  # not settled: a hand was dealt
        return not hand.is_over

    @property
    def hand_number(self) -> int:
        """How many hands have been dealt."""
        return len(self.hands)

    @property
    def positions(self) -> Positions | None:
        """The button and blinds of the current (or last) hand (§3.4–3.8)."""
        return self._previous

    @property
    def planner(self) -> Planner:
        """The table's planner of its next hands (§3.18–3.20, ``pyholdem.engine.planning``)."""
        return self._planner

    @property
    def layout(self) -> Layout | None:
        """The layout of the current (or last) hand as the planner gave it (None before the first)."""
        return self._layout

    @property
    def blinds(self) -> tuple[int, ...]:
        """The level in force for the next hand, (small, big)."""
        return (self._pending or self._stakes).blinds

    @property
    def eliminated(self) -> tuple[str, ...]:
        """The players who busted and left the table (tournament, §3.21), in order."""
        self._settle()
        return tuple(self._eliminated)

    @property
    def without_chips(self) -> tuple[int, ...]:
        """The seats whose player has no chips (a cash player who busted sits out with none until
        he adds chips or leaves, §3.21), without building every seat's view."""
        if not self._settled:
            self._settle()
        without = self._without
        if without is None:
            stacks, seats = self._stacks, self._seats
            without = self._without = tuple([s for s in range(self.seat_count) if not stacks[s] and seats[s]])
        return without

    @property
    def seats(self) -> tuple[SeatView, ...]:
        """Every seat: who sits there, his chips, his state and the blinds he owes (during a hand,
        the chips he was dealt in with)."""
        self._settle()
        views = self._views
        if views is None:
            made = []
            for s, (player, stack) in enumerate(zip(self._seats, self._stacks, strict=True)):
                if player is None:
                    made.append(self._empty[s])
                    continue
                # SeatView(s, player.name, stack, player.status, owes), made without the frozen
                # dataclass's field-by-field object.__setattr__ (seats is read after every hand)
                view = _new(SeatView)
                fields = view.__dict__
                fields["seat"], fields["name"], fields["stack"] = s, player.name, stack
                fields["state"], fields["owes"] = player.status, _OWES[player.owes_small, player.owes_big]
                made.append(view)
            views = self._views = tuple(made)
        return views

    def options(self, seat: int) -> tuple[str, ...]:
        """The ways back in for the player at ``seat`` (§3.18): a new player's ``new_player_entry``,
        the ``missed_blind_makeup`` of one who owes blinds, or none (he plays when back)."""
        player = self._occupant(seat)
        if player.new:
            return entry_options(True, self.rules)
        return entry_options(False, self.rules) if player.owes_small or player.owes_big else ()

    def chips_on_table(self) -> int:
        """Chips in front of the seated players (during a hand: as it was dealt, pot included)."""
        self._settle()
        return sum(self._stacks)

    def players(self, number: int) -> tuple[str | None, ...]:
        """Who sat at each seat when hand ``number`` (1, 2, …) was dealt (``None``: empty)."""
        if not is_int(number) or not 1 <= number <= self.hand_number:
            raise RuleViolation(f"hand {show_value(number)} is not a hand dealt at this table", "3.18")
        return self._records[number - 1].names

    def absent_at_deal(self, number: int) -> frozenset[int]:
        """The seats dealt in absent in hand ``number`` (a tournament, §3.19)."""
        self.players(number)
        return self._records[number - 1].absent

    @property
    def rules_at_start(self) -> RuleSet:
        """The rules the table was made with: its histories replay under them (``played_hands``)."""
        return self._rules_at_start

    def played_hands(self) -> list[PlayedHand]:
        """Every finished hand with what its history records (§12.12, §12.13: a session's hands), to be
        replayed under ``rules_at_start``: a hand played under another chip unit (``set_rules``)
        carries it (§12.10). ``pyholdem.history.sessions.table_histories`` writes them as PHH."""
        out = []
        for number, (hand, record) in enumerate(zip(self.hands, self._records, strict=True), 1):
            if not hand.is_over:
                continue
            unit = written_chip_unit(hand.rules, self._rules_at_start)
            removed = self.chips_removed(number)
            out.append(PlayedHand(hand, self.table, number, record.names, record.added, removed, unit))
        return out

    # ------------------------------------------------------------------ between hands
    def sit(self, seat: int, stack: int, *, name: str | None = None, post: str = "wait_bb") -> None:
        """A new player sits at ``seat`` with ``stack`` chips (§3.21) and enters by ``post``
        (§3.18: ``"wait_bb"``, ``"post_bb_now"``, ``"wait_button_then_post"``)."""
        seat, stack = plain(seat), plain(stack)
        self._settle()
        self._check_seat(seat)
        taken = self._seats[seat]
        if taken is not None:
            raise RuleViolation(f"seat {seat} is taken by {taken.name}", "3.18")
        check_buy_in(stack, self.blinds[-1], self.rules)
        check_entry(post, True, self.rules)
        if name is None:
            self._count += 1
            name = f"player{self._count}"
            while any(s is not None and s.name == name for s in self._seats):
                self._count += 1
                name = f"player{self._count}"
        if not isinstance(name, str) or any(s is not None and s.name == name for s in self._seats):
            raise RuleViolation(f"name {name!r} is not a name free at this table", "3.18")
        self._put(seat, stack)
        self._place(seat, _Seat(name, entry=post))
        self.chips_in += stack
        if self._same_player_again(seat, name):  # his history goes on: the chips he sat with are added
            self._added[seat] = self._added.get(seat, 0) + stack

    def _same_player_again(self, seat: int, name: str) -> bool:
        """Whether ``name`` at ``seat`` is who sat there in the last hand dealt: histories read him as
        the same player, who carries his chips from hand to hand (§12.13)."""
        return bool(self._records) and self._records[-1].names[seat] == name

    def leave(self, seat: int) -> int:
        """The player at ``seat`` leaves with his chips (returned); blinds he owes are forfeited."""
        self._settle()
        player = self._occupant(seat)
        if self.hand_running and self._in_hand(seat):
            raise RuleViolation(
                f"seat {seat} is in hand {self.hand_number}; he leaves when it is over", "3.18"
            )
        stack = self._stacks[seat]
        taken = stack - self._added.get(seat, 0)
        if taken > 0 and self._same_player_again(seat, player.name):  # if he sits here again (§12.13)
            pending = self._removed_log.setdefault(self.hand_number + 1, {})
            name, before = pending.get(seat, (player.name, 0))
            pending[seat] = (player.name, (before if name == player.name else 0) + taken)
        self._forfeit(seat, player)
        self._place(seat, None)
        self._added.pop(seat, None)
        self.chips_out += stack
        return stack

    def away(self, seat: int) -> None:
        """The player at ``seat`` steps away: a cash game deals him out and his missed blinds
        accrue; a tournament deals him in absent (§3.19)."""
        self._settle()
        player = self._occupant(seat)
        if player.status == "away":
            raise RuleViolation(f"seat {seat} ({player.name}) is already away", "3.19")
        player.status = "away"
        self._seat_changed(seat)

    def back(self, seat: int, *, post: str | None = None) -> None:
        """The player at ``seat`` is back: playing again, or (owing blinds, or never dealt in)
        waiting to enter by ``post`` (§3.18, ``missed_blind_makeup`` / ``new_player_entry``)."""
        if not self._settled:
            self._settle()
        player = self._occupant(seat)
        if player.status != "away":
            raise RuleViolation(f"seat {seat} ({player.name}) is not away", "3.19")
        if self._stacks[seat] == 0:
            raise RuleViolation(f"seat {seat} ({player.name}) has no chips; add chips first", "3.21")
        if player.owes_small or player.owes_big or player.new:
            option = post if post is not None else entry_options(player.new, self.rules)[0]
            check_entry(option, player.new, self.rules)
            player.status, player.entry = "waiting", option
        else:
            if post is not None:
                check_entry(post, False, self.rules)
            player.status = "playing"
        self._seat_changed(seat)

    def add_chips(self, seat: int, amount: int) -> None:
        """Add chips to the stack at ``seat``, between hands only (table stakes, §3.22)."""
        seat, amount = plain(seat), plain(amount)
        if not self._settled:
            self._settle()
        self._occupant(seat)
        blinds = (self._pending or self._stakes).blinds
        check_add_chips(self._stacks[seat], amount, blinds[-1], not self._settled, self.rules)
        self._put(seat, self._stacks[seat] + amount)
        self._seat_changed(seat)  # the seat may have chips again
        self.chips_in += amount
        self._added[seat] = self._added.get(seat, 0) + amount

    def set_stakes(
        self,
        blinds: int | Sequence[int],
        *,
        antes: int | Sequence[int] | None = None,
        bet_sizes: tuple[int, int] | None = None,
    ) -> None:
        """New blinds (and antes, bet sizes): for the next hand, or, signalled during a hand that
        has passed its cutoff marker, for the hand after it (§4.1, §9.4)."""
        stakes = self._checked_stakes(plain(blinds), plain(antes), plain(bet_sizes))
        reached = HAND_START_MARKERS if self.hand_running else ()
        if level_change_applies(reached, self.rules):
            self._stakes, self._pending = stakes, None
        else:
            self._pending = stakes

    def next_hand(self) -> Hand:
        """Deal the next hand: positions, entries and posts as the rules say; returns the ``Hand``."""
        if not self._settled:
            last = self._hand
            assert last is not None  # not settled: a hand was dealt
            if not last.is_over:
                raise RuleViolation(f"hand {self.hand_number} is not over; finish it before the next", "3.18")
            self._settle()
        stakes = self._pending or self._stakes
        stacks = self._stacks
        number = len(self.hands) + 1
        seed = None if self._seed is None else f"{self._seed!s}-{number}"
        keys = self._keys or self._layout_keys()
        start: Positions | FirstHand = self._previous or (self._first_button, self._seed, self._arrivals)
        planner = self._planner
        layout, setup, hand = planner.deal_next(self._layout, start, keys, stacks, stakes, self.rules, seed)
        if self._pending is not None:
            self._stakes, self._pending = stakes, None
        if layout.quiet:  # nobody enters, misses a blind or is passed by the button
            self._absent_at_deal, self._previous = layout.absent, layout.positions
        else:
            self._apply(layout, number, setup.blinds[-1])
        self._hand, self._settled, self._dealt, self._layout = hand, False, layout.seats, layout
        self.hands.append(hand)
        self.setups.append(setup)
        added, absent = self._added, self._absent_at_deal
        names = self._seat_names or self._names_now()
        records = self._records
        record = records[-1] if records else None
        if (
            added
            or record is None
            or record.names is not names
            or record.absent is not absent
            or record.added is not _NONE_ADDED
        ):
            record = _HandRecord(names, absent, added or _NONE_ADDED)
            if added:
                self._added = {}
        records.append(record)  # the last hand's record when it records the same (a value: shared)
        return hand

    def fold_absent(self) -> bool:
        """If the player to act was absent at the deal and §3.19 kills his hand now, fold it and
        return True. Under ``"own_turn_plus_timeout"`` call it when his turn's time has run out."""
        hand = self._hand
        if hand is None or hand.is_over:
            return False
        seat = hand.to_act
        if seat is None or seat not in self._absent_at_deal:
            return False
        player = self._seats[seat]
        away_now = player is not None and player.status == "away"
        if not absent_hand_dead(True, away_now, self.rules):
            return False
        hand.fold()
        return True

    # ------------------------------------------------------------ §3.20: stacks and rules between hands
    def set_stack(self, seat: int, stack: int) -> int:
        """Set the chips of the player at ``seat`` to ``stack`` between hands (a colour-up, §9.18);
        he keeps his seat and his state. Chips gained count as added (``chips_added``, §3.22),
        chips lost as removed (``chips_removed``). Returns the change (``stack`` less his chips)."""
        seat, stack = plain(seat), plain(stack)
        self._settle()
        player = self._occupant(seat)
        if self.hand_running:
            raise RuleViolation(
                f"the stack at seat {seat} ({player.name}) changes only between hands: hand "
                f"{self.hand_number} is being played",
                "3.22",
            )
        if not is_int(stack) or stack < 1:
            raise RuleViolation(f"stack {show_value(stack)} at seat {seat} is not a whole number > 0", "3.22")
        delta = stack - self._stacks[seat]
        if delta > 0:
            self._added[seat] = self._added.get(seat, 0) + delta
            self.chips_in += delta
        elif delta < 0:
            pending = self._removed_log.setdefault(self.hand_number + 1, {})
            name, before = pending.get(seat, (player.name, 0))
            pending[seat] = (player.name, (before if name == player.name else 0) - delta)
            self.chips_out -= delta
        self._put(seat, stack)
        self._seat_changed(seat)
        return delta

    def chips_added(self, number: int) -> dict[int, int]:
        """The chips added at each seat (0-based) between hand ``number - 1`` and hand ``number``
        (§3.22, §12.13)."""
        self.players(number)
        return dict(self._records[number - 1].added)

    def chips_removed(self, number: int) -> dict[int, int]:
        """The chips removed (``set_stack``, a colour-up §9.18) at each seat (0-based) between hand
        ``number - 1`` and hand ``number`` from the player dealt in at that seat (§12.13)."""
        names = self.players(number)
        pending = self._removed_log.get(number, {})
        return {seat: chips for seat, (name, chips) in sorted(pending.items()) if names[seat] == name}

    def set_rules(self, rules: RuleSet) -> None:
        """Play the next hands under ``rules``, which differ from the table's rules at most in the
        ``chip_unit`` (a tournament's smallest chip after a colour-up, §9.18 / §5.12): the one change
        a hand's history carries (``_chip_unit``, §12.10), so that the session still replays;
        between hands only."""
        if not isinstance(rules, RuleSet):
            raise RuleViolation(f"rules {rules!r} is not a RuleSet", "0.1")
        if self.hand_running:
            raise RuleViolation(
                f"the rules change only between hands: hand {self.hand_number} is being played", "9.18"
            )
        check_chip_unit_change(rules, self.rules)
        check_table_size(self.seat_count, rules)
        self._settle()
        self.rules = rules
        self._layout = None  # what followed the last layout was laid out under the old rules
        self._busted_leave = busted_player_leaves(rules)

    # ------------------------------------------------------------------ internals
    def _checked_stakes(
        self,
        blinds: int | Sequence[int],
        antes: int | Sequence[int] | None,
        bet_sizes: tuple[int, int] | None,
    ) -> Stakes:
        amounts = blind_amounts(blinds, self.rules)
        if len(amounts) != 2:
            raise RuleViolation(
                f"blinds {show_value(amounts)}: a table plays a small and a big blind", "3.10"
            )
        antes_due(antes, self.seat_count, (0, 1), self.rules)
        frozen = tuple(antes) if isinstance(antes, Sequence) else antes
        if bet_sizes is not None and (
            not isinstance(bet_sizes, tuple)
            or len(bet_sizes) != 2
            or not all(is_int(b) and b > 0 for b in bet_sizes)
        ):
            raise RuleViolation(f"bet_sizes {show_value(bet_sizes)} are not (small bet, big bet) > 0", "5.2")
        return Stakes(amounts, frozen, bet_sizes)

    def _check_seat(self, seat: object) -> None:
        if not is_int(seat) or not 0 <= seat < self.seat_count:
            raise RuleViolation(f"seat {show_value(seat)} is not a seat in 0..{self.seat_count - 1}", "3.1")

    def _occupant(self, seat: int) -> _Seat:
        player = self._seats[seat] if type(seat) is int and 0 <= seat < self.seat_count else None
        if player is None:
            self._check_seat(seat)
            player = self._seats[seat]
            if player is None:
                raise RuleViolation(f"seat {seat} is empty", "3.18")
        return player

    def _in_hand(self, seat: int) -> bool:
        return self._hand is not None and self._dealt[seat] == "in"

    def _log(self, number: int, seat: int, player: _Seat, what: str, blind: str) -> None:
        self.ledger.append(LedgerEntry(number, seat, player.name, what, blind))

    def _forfeit(self, seat: int, player: _Seat) -> None:
        for owed, blind in ((player.owes_small, "small_blind"), (player.owes_big, "big_blind")):
            if owed:
                self._log(self.hand_number, seat, player, "forfeited", blind)
        player.owes_small = player.owes_big = False
        self._seat_changed(seat)

    def _names_now(self) -> tuple[str | None, ...]:
        """Who sits at each seat now (kept until a seat is taken or left)."""
        names = self._seat_names = tuple([None if s is None else s.name for s in self._seats])
        return names

    def _place(self, seat: int, player: _Seat | None) -> None:
        """Seat ``player`` (or nobody, and no chips) at ``seat``; what the table derived from its
        seats is stale."""
        if player is None:
            self._put(seat, 0)
            self._arrivals = tuple([s for s in self._arrivals if s != seat])
        else:
            self._arrivals += (seat,)
        self._seats[seat] = player
        self._seat_names = None
        self._seat_changed(seat)

    def _put(self, seat: int, stack: int) -> None:
        """The chips at ``seat`` are ``stack`` (the stacks a tuple: the next set-up's, as they are)."""
        stacks = list(self._stacks)
        stacks[seat] = stack
        self._stacks = tuple(stacks)

    def _seat_changed(self, seat: int | None = None) -> None:
        """The state or chips of the player at ``seat`` changed (None: of any seat): what ``plan_hand``
        reads of it is to be made again (``_layout_keys``), the seats' views are stale."""
        if seat is None:
            self._stale.update(range(self.seat_count))
        else:
            self._stale.add(seat)
        self._keys = self._views = self._without = None

    def _layout_keys(self) -> tuple[SeatKey, ...]:
        """The seats' part of the layout key: what ``plan_hand`` reads of each seat but his stack, and
        whether he has chips (None: an empty seat)."""
        seats, stacks, keys = self._seats, self._stacks, self._seat_keys
        for s in self._stale:
            p = seats[s]
            keys[s] = (
                None
                if p is None
                else (p.status, p.entry, p.new, p.owes_small, p.owes_big, p.button_passed, stacks[s] > 0)
            )
        self._stale.clear()
        self._keys = layout_keys = tuple(keys)
        return layout_keys

    def _apply(self, layout: Layout, number: int, big_blind: int) -> None:
        """Record what the plan decided: entries (debts settled), missed blinds, the button passing. A
        returning player who posts with no chip left after his live big blind pays no dead small
        blind (§3.11: the live blind first): it is waived."""
        plan = layout.plan
        stacks = self._stacks
        for seat, how in plan.entered:
            player = self._seats[seat]
            assert player is not None
            small = "collected" if how == "posted" and stacks[seat] > big_blind else "waived"
            big = "waived" if how == "dealt" else "collected"
            if player.owes_small:
                self._log(number, seat, player, small, "small_blind")
            if player.owes_big:
                self._log(number, seat, player, big, "big_blind")
            player.status, player.entry, player.new = "playing", None, False
            player.owes_small = player.owes_big = player.button_passed = False
        for seat, blind in plan.missed:
            player = self._seats[seat]
            assert player is not None
            self._log(number, seat, player, "missed", blind)
            if blind == "small_blind":
                player.owes_small = True
            else:
                player.owes_big = True
        for seat in plan.passed:
            player = self._seats[seat]
            assert player is not None
            player.button_passed = True
        for seat in layout.new:
            player = self._seats[seat]
            assert player is not None
            if player.new:
                player.new = False  # dealt in (absent too): no longer a new player
        self._seat_changed()
        self._absent_at_deal = layout.absent
        self._previous = plan.positions

    def _settle(self) -> None:
        """Once the hand is over: the seats dealt in have its final stacks; the busted leave (a
        tournament) or sit out with none (a cash game, §3.21). Once settled the table's hand is
        over (or none was dealt): ``hand_running`` is ``not _settled``."""
        if self._settled:
            return
        hand, layout = self._hand, self._layout
        assert hand is not None and layout is not None  # not settled: a hand was dealt on a layout
        final = hand.final_stacks()
        if final is None:  # the hand is being played
            return
        outs = layout.outs
        if outs:  # a seat not dealt in keeps the table's count (he may have left meanwhile)
            kept, table = list(final), self._stacks
            for seat in outs:
                kept[seat] = table[seat]
            final = tuple(kept)
        self._stacks = stacks = final
        self._views = None
        without, seat = [], -1
        for _ in range(stacks.count(0) if 0 in stacks else 0):  # the seats with no chips
            seat = stacks.index(0, seat + 1)
            player = self._seats[seat]
            if player is None:
                continue
            if self._dealt[seat] == "in":  # busted in this hand
                if self._busted_leave:
                    self._forfeit(seat, player)
                    self._eliminated.append(player.name)
                    self._place(seat, None)
                    continue
                player.status = "away"
                self._seat_changed(seat)
            without.append(seat)
        self._without = tuple(without)
        self._settled = True


# ---------------------------------------------------------------------------- random sessions
def random_session(
    rules: RuleSet,
    seats: int,
    hands: int,
    seed: int,
    *,
    engine: str = "auto",
    blinds: tuple[int, int] = (5, 10),
    antes: int | None = None,
    progress: Callable[[int], None] | None = None,
) -> Table:
    """A seeded session: ``hands`` hands at a table of ``seats`` seats under ``rules``, with random
    arrivals (each entry option), departures, absences and returns, rebuys of busted cash players
    and random legal actions; absent players' hands folded as §3.19 says; ``progress(k)`` is called
    after hand ``k``. Returns the Table."""
    rng = random.Random(seed)
    table = Table(rules, seats, blinds=blinds, antes=antes, seed=f"session-{seed}", engine=engine)
    low, high = buy_in_range(blinds[1], rules)
    low = max(low, 20 * blinds[1])
    high = high if high is not None else 200 * blinds[1]
    tournament = busted_player_leaves(rules)

    def stack() -> int:
        return rng.randint(low, max(low, high))

    for seat in rng.sample(range(seats), k=rng.randint(2, seats)):
        table.sit(seat, stack(), post=rng.choice(entry_options(True, rules)))
    for number in range(1, hands + 1):
        _shuffle_seating(table, rng, stack, tournament)
        try:
            hand = table.next_hand()
        except RuleViolation:
            empty = [v.seat for v in table.seats if v.state == "empty"]
            for seat in empty[:2]:
                table.sit(seat, stack())
            for view in table.seats:
                if view.state == "away" and view.stack:
                    table.back(view.seat)
            hand = table.next_hand()
        while not hand.is_over:
            if rng.random() < 0.02:
                away = [v.seat for v in table.seats if v.state == "away" and v.stack]
                if away:
                    table.back(rng.choice(away))
            if table.fold_absent():
                continue
            _random_action(hand, rng)
        if progress is not None:
            progress(number)
    return table


def _shuffle_seating(table: Table, rng: random.Random, stack: Any, tournament: bool) -> None:
    """Between hands: a few random arrivals, departures, absences, returns and rebuys."""
    views = table.seats
    empty = [v.seat for v in views if v.state == "empty"]
    seated = [v for v in views if v.state != "empty"]
    if empty and (rng.random() < 0.2 or 2 * len(seated) < table.seat_count + 2):
        table.sit(rng.choice(empty), stack(), post=rng.choice(entry_options(True, table.rules)))
    if len(seated) > 2 and rng.random() < 0.06:
        table.leave(rng.choice(seated).seat)
    present = [v.seat for v in table.seats if v.state not in ("empty", "away")]
    if present and rng.random() < 0.12:
        table.away(rng.choice(present))
    for view in table.seats:
        if view.state == "away" and view.stack and rng.random() < 0.3:
            options = table.options(view.seat)
            table.back(view.seat, post=rng.choice(options) if options else None)
    if not tournament:
        for view in table.seats:
            if view.state == "away" and view.stack == 0:
                if rng.random() < 0.5:
                    table.add_chips(view.seat, stack())
                else:
                    table.leave(view.seat)


def _random_action(hand: Hand, rng: random.Random) -> None:
    legal = hand.legal_actions()
    choices: list[tuple[str, int | None]] = [("check", None)] if legal.check else [("call", None)] * 3
    if legal.fold and not legal.check:
        choices.append(("fold", None))
    if legal.min_raise_to is not None and legal.max_raise_to is not None:
        kind = "bet" if legal.is_bet else "raise"
        low, high = legal.min_raise_to, legal.max_raise_to
        choices += [(kind, low), (kind, rng.randint(low, low + (high - low) // 4))]
        if rng.random() < 0.05:
            choices.append((kind, high))
    kind, amount = rng.choice(choices)
    hand.act(kind, amount)
