"""A table's next hand, planned (§3.18–3.20): the one seam between the table and its speed-ups.

``Planner.plan_next`` gives the next hand's ``Layout`` and the ``HandSetup`` it is dealt from. Its
reference is ``plan_setup``: the spec's ``plan_next`` (``plan_hand``, §3.18, then ``plan_posts``,
§3.20) and a ``HandSetup`` checked in full. Behind the seam, and nowhere else, sit the speed-ups:
the memo of layouts every table shares (values only), the link from a layout to the one that
followed it (``Layout.after``), the C planner (``pyholdem.native.table.TablePlanner``, never on the
spec engine) and the C engine's packed set-ups (``deal``). A table makes one call a hand,
``deal_next``: ``plan_next`` then ``deal``, and a layout known and packed dealt again straight away.
``pyholdem.native.TWINS`` pairs the spec's ``plan_next`` with ``Planner``; the differential tests hold
them equal.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from pyholdem.engine.hand import Hand, native_layouts
from pyholdem.engine.setup import HandSetup, laid_out_again, planned_setup
from pyholdem.errors import NativeError
from pyholdem.rules.ruleset import RuleSet
from pyholdem.spec.cards import Seed
from pyholdem.spec.table import HandPlan, Positions, TableSeat, plan_next

__all__ = [
    "LAYOUTS_KEPT",
    "FirstHand",
    "Layout",
    "Planner",
    "SeatKey",
    "Stakes",
    "forget_layouts",
    "known_layouts",
    "plan_setup",
    "seat_key",
]

SeatKey = tuple[str, str | None, bool, bool, bool, bool, bool] | None
"""What ``plan_hand`` reads of a seat but its stack (§3.18): (status, entry, new, owes_small,
owes_big, button_passed, has chips); None for an empty seat."""

FirstHand = tuple[int | None, Seed, tuple[int, ...]]
"""Before a table's first hand, what chooses its button (§3.3): the button asked for, the table's
seed and the seats in the order their players sat down."""


def seat_key(seat: TableSeat) -> SeatKey:
    """The key of a seat between hands (§3.18): what ``plan_hand`` reads of it but its stack."""
    if seat.status == "empty":
        return None
    return (
        seat.status, seat.entry, seat.new, seat.owes_small, seat.owes_big, seat.button_passed, seat.stack > 0
    )  # fmt: skip


def table_seats(seats: Sequence[SeatKey], stacks: Sequence[int]) -> list[TableSeat]:
    """The seats of ``plan_hand`` (§3.18) from their keys and chips."""
    return [
        TableSeat() if key is None else TableSeat(stack, *key[:6])
        for key, stack in zip(seats, stacks, strict=True)
    ]


@dataclass(frozen=True, slots=True)
class Stakes:
    """A table's level (§3.10, §3.12, §5.2): the blinds (small, big), the antes (one amount, one per
    seat, or None) and the fixed-limit bet sizes (None: the big blind and twice it)."""

    blinds: tuple[int, ...]
    antes: int | tuple[int, ...] | None
    bet_sizes: tuple[int, int] | None


class Layout:
    """A hand's layout as a table planned it (§3.18, §3.20): the plan, the set-up it was first dealt
    with, the new players it deals in, the absent seats it deals in, whether it records nothing in
    the seats (``quiet``), and ``after``: the layout that followed it, with the seats' keys and the
    stakes it followed with (the stakes the same object)."""

    __slots__ = ("absent", "after", "new", "outs", "packed", "plan", "positions", "quiet", "seats", "setup")

    def __init__(
        self, plan: HandPlan, setup: HandSetup, new: tuple[int, ...], absent: frozenset[int]
    ) -> None:
        self.plan, self.setup, self.new, self.absent = plan, setup, new, absent
        self.positions, self.seats = plan.positions, plan.seats
        self.quiet = not (plan.entered or plan.missed or plan.passed or new)
        self.outs = tuple(s for s, state in enumerate(plan.seats) if state != "in")
        self.after: tuple[tuple[SeatKey, ...], Stakes, Layout] | None = None
        self.packed: Any = _UNPACKED  # the C engine's packed set-up, made when the layout is dealt again

    def __getstate__(self) -> dict[str, Any]:
        """The layout without what is made again on demand: the packed set-up and what followed it."""
        return {name: getattr(self, name) for name in self.__slots__ if name not in ("after", "packed")}

    def __setstate__(self, state: dict[str, Any]) -> None:
        for name, value in state.items():
            setattr(self, name, value)
        self.after, self.packed = None, _UNPACKED


_UNPACKED = object()

_LAYOUTS: dict[tuple[Any, ...], Layout] = {}
"""Every table's layouts by the values they were planned from: the rules, whether the spec alone
plans them (a table on the spec engine), the previous positions (before a first hand, its
``FirstHand``), the seats' keys and the stakes. ``plan_hand`` and ``plan_posts`` are pure and a
layout keeps nothing of a table's stacks (a hand is laid out again with its own,
``laid_out_again``; the C engine's packed set-up holds no stacks), so the layout one table planned
is any other's in the same state (tournament tables, sessions in one process). Bounded by
``LAYOUTS_KEPT``."""
LAYOUTS_KEPT = 8192


def known_layouts() -> tuple[Layout, ...]:
    """The layouts every table of this process has planned and still shares (at most
    ``LAYOUTS_KEPT``), oldest first."""
    return tuple(_LAYOUTS.values())


def forget_layouts() -> None:
    """Forget every table's layouts (the next hands are planned afresh): for a benchmark's cold run."""
    for old in _LAYOUTS.values():  # no chain of layouts outlives the memo
        old.after = None
    _LAYOUTS.clear()


def plan_setup(
    start: Positions | FirstHand, seats: Sequence[TableSeat], stakes: Stakes, rules: RuleSet, seed: Seed
) -> tuple[HandPlan, HandSetup, tuple[int, ...]]:
    """The next hand of a table as the spec plans it (§3.18–3.20), the reference of
    ``Planner.plan_next``: the spec's ``plan_next`` from the last hand's positions (or, before the
    first hand, its ``FirstHand``), the ``HandSetup`` of the seats' chips dealt with the deck of
    ``seed``, checked in full, and the new players it deals in."""
    if isinstance(start, Positions):
        plan, posts = plan_next(start, seats, rules, stakes.blinds, stakes.antes)
    else:
        button, table_seed, order = start
        plan, posts = plan_next(
            None, seats, rules, stakes.blinds, stakes.antes, button=button, seed=table_seed, order=order
        )
    setup = HandSetup(
        rules,
        tuple(seat.stack for seat in seats),
        button=plan.positions.button,
        posts=posts,
        blinds=stakes.blinds,
        bet_sizes=stakes.bet_sizes,
        seats=plan.seats,
        seed=seed,
    )
    new = tuple(s for s, state in enumerate(plan.seats) if state == "in" and seats[s].new)
    return plan, setup, new


class Planner:
    """A table's planner of its next hands (§3.18–3.20), the fast twin of ``plan_setup``: its C
    planner (None on the spec engine: the oracle plans in Python) and the memo of layouts.

    Picklable: the C planner is made again from the seat count and the engine."""

    __slots__ = ("_c", "_start", "engine", "seat_count")

    def __init__(self, seat_count: int, engine: str) -> None:
        self.__setstate__((seat_count, engine))

    def __getstate__(self) -> tuple[int, str]:
        return self.seat_count, self.engine

    def __setstate__(self, state: tuple[int, str]) -> None:
        self.seat_count, self.engine = state
        self._c = _c_planner(*state)
        native = None if self.engine == "spec" else native_layouts()
        self._start = None if native is None else native[1]  # start_laid_out

    @property
    def in_c(self) -> bool:
        """Whether hands after the first are planned in C (§3.20)."""
        return self._c is not None

    def plan_next(
        self,
        last: Layout | None,
        start: Positions | FirstHand,
        seats: tuple[SeatKey, ...],
        stacks: tuple[int, ...],
        stakes: Stakes,
        rules: RuleSet,
        seed: Seed,
    ) -> tuple[Layout, HandSetup]:
        """The next hand's layout and its set-up (``plan_setup``'s plan, set-up and new players):
        what followed ``last`` (the table's last layout) with these ``seats`` and ``stakes``, else
        the layout any table planned from this state, else one planned afresh (in C after the
        first hand unless on the spec engine, else by ``plan_setup``). A layout planned afresh
        comes with its own set-up (``setup is layout.setup``); one known is laid out again with
        ``stacks`` and ``seed``."""
        after = None if last is None else last.after
        if after is not None and after[1] is stakes and after[0] == seats:
            layout = after[2]
            return layout, laid_out_again(layout.setup, stacks, seed)
        known = (rules, self._c is None, start, seats, stakes)
        known_layout = _LAYOUTS.get(known)
        if known_layout is None:
            layout = self._lay_out(start, seats, stacks, stakes, rules, seed)
            if len(_LAYOUTS) >= LAYOUTS_KEPT:
                forget_layouts()
            _LAYOUTS[known] = layout
            setup = layout.setup
        else:
            layout, setup = known_layout, laid_out_again(known_layout.setup, stacks, seed)
        if last is not None:
            last.after = (seats, stakes, layout)
        return layout, setup

    def _lay_out(
        self,
        start: Positions | FirstHand,
        seats: tuple[SeatKey, ...],
        stacks: tuple[int, ...],
        stakes: Stakes,
        rules: RuleSet,
        seed: Seed,
    ) -> Layout:
        """A layout planned afresh: in C after the first hand (its set-up made as the plan says,
        ``planned_setup``), else by ``plan_setup``."""
        planned = None
        if self._c is not None and isinstance(start, Positions):
            planned = self._c.plan(start, seats, rules, stakes.blinds, stakes.antes)
        if planned is None:
            plan, setup, new = plan_setup(start, table_seats(seats, stacks), stakes, rules, seed)
        else:
            plan, posts, new = planned
            button = plan.positions.button
            setup = planned_setup(
                rules, stacks, button, posts, stakes.blinds, stakes.bet_sizes, plan.seats, seed
            )
        return Layout(plan, setup, new, frozenset(plan.absent))

    def deal_next(
        self,
        last: Layout | None,
        start: Positions | FirstHand,
        seats: tuple[SeatKey, ...],
        stacks: tuple[int, ...],
        stakes: Stakes,
        rules: RuleSet,
        seed: Seed,
    ) -> tuple[Layout, HandSetup, Hand]:
        """``plan_next`` and ``deal`` in one call, the table's: the layout that followed ``last`` with
        these ``seats`` and ``stakes``, once packed, is dealt again from its packed set-up straight
        away."""
        after = None if last is None else last.after
        if after is not None and after[1] is stakes and after[0] == seats:
            layout = after[2]
            packed, start_laid_out = layout.packed, self._start
            if packed is not None and packed is not _UNPACKED and start_laid_out is not None:
                setup = laid_out_again(layout.setup, stacks, seed)
                hand = start_laid_out(setup, packed, insist=self.engine == "native")
                return layout, setup, Hand.on_engine(setup, hand)
        layout, setup = self.plan_next(last, start, seats, stacks, stakes, rules, seed)
        return layout, setup, self.deal(layout, setup)

    def deal(self, layout: Layout, setup: HandSetup) -> Hand:
        """The hand of ``setup`` (``plan_next``'s) on the table's engine: ``Hand(setup)`` for a layout
        planned afresh or on the spec engine, else from the layout's packed set-up (packed once,
        §3.20)."""
        engine = self.engine
        if setup is layout.setup or engine == "spec":
            return Hand(setup, engine=engine)
        packed, start_laid_out = layout.packed, self._start
        if packed is _UNPACKED:
            native = native_layouts()
            packed = layout.packed = None if native is None else native[0](layout.setup)
        if packed is None or start_laid_out is None:
            return Hand(setup, engine=engine)
        return Hand.on_engine(setup, start_laid_out(setup, packed, insist=engine == "native"))


@cache
def _planner_class() -> Any:
    """``pyholdem.native.table.TablePlanner``, or None when the compiled core is not built."""
    try:
        from pyholdem.native.table import TablePlanner
    except NativeError:
        return None
    return TablePlanner


def _c_planner(seat_count: int, engine: str) -> Any:
    """The C planner of a table (§3.18, §3.20): none on the spec engine (the oracle plans in Python)."""
    planner = None if engine == "spec" else _planner_class()
    return None if planner is None else planner(seat_count)
