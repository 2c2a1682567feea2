"""The table's plan of its next hand on the C core (``csrc/table.c``): the twin of ``plan_hand`` (§3.18)
followed by ``plan_posts`` (§3.20).

``plan_with_posts`` and ``plan_hand`` take the spec functions' arguments and give their answers (the
differential tests compare them); what the C function does not plan — a table's first hand (its seeded
first button, §3.3), more seats than ``PH_MAX_SEATS``, a seat status it has no code for, amounts beyond
64 bits, the posts of a per-seat ante list (§3.12) — and every refusal are the spec's own.
``TablePlanner`` is the table's cheaper entry: it keeps the seats' codes in a C buffer that changes only
when the seats do, and gives what a table's ``Planner`` (``pyholdem.engine.planning``, the one seam the
table plans through) needs. The module's memos (rule codes, seat codes, decoded plans) are keyed by
values and hold immutable values only.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pyholdem.errors import NativeError
from pyholdem.native.lib import check, ffi, lib
from pyholdem.rules.ruleset import FIELDS, RuleSet
from pyholdem.spec.cards import Seed
from pyholdem.spec.table import (
    ENTERED_HOW,
    ENTRY_OPTIONS,
    MAKEUP_OPTIONS,
    POST_KINDS,
    SEAT_STATES,
    SEAT_STATUSES,
    ForcedPost,
    HandPlan,
    Positions,
    TableSeat,
    planning_choices,
)
from pyholdem.spec.table import plan_hand as spec_plan_hand
from pyholdem.spec.table import plan_posts as spec_plan_posts
from pyholdem.values import is_int

__all__ = ["TablePlanner", "plan_hand", "plan_with_posts", "seat_codes", "table_rules"]

ENTRY_CODES: dict[str | None, int] = {
    None: lib.PH_ENTRY_NONE,
    "wait_bb": lib.PH_ENTRY_WAIT_BB,
    "post_bb_now": lib.PH_ENTRY_POST_BB_NOW,
    "wait_button_then_post": lib.PH_ENTRY_WAIT_BUTTON_THEN_POST,
    "post_both_sb_dead": lib.PH_ENTRY_POST_BOTH_SB_DEAD,
}
"""``enum ph_entry``; an entry the rules do not name enters like none (only three ways in post)."""
assert set(ENTRY_CODES) == {None, *ENTRY_OPTIONS, *MAKEUP_OPTIONS}
STATUS_CODES = {status: code for code, status in enumerate(SEAT_STATUSES)}  # enum ph_seat_status
BUTTON_RULE_CODES = {choice: code for code, choice in enumerate(FIELDS["button_rule"].metadata["choices"])}
ANTE_TYPE_CODES = {choice: code for code, choice in enumerate(FIELDS["ante_type"].metadata["choices"])}
HOW = ENTERED_HOW  # enum ph_entered_how (csrc/generated/codes.h)
_INT64 = 2**63
_NONE = -1  # ph_plan_hand's ante: none laid out in C
_new = object.__new__
_new_tuple = tuple.__new__
_RULES: dict[RuleSet, Any] = {}
_SEATS: dict[tuple[object, ...] | None, tuple[int, int, int]] = {}
_PLANS: dict[tuple[int, bytes], tuple[HandPlan, tuple[ForcedPost, ...], tuple[int, ...]]] = {}
_POSTS: dict[tuple[int, ...], tuple[tuple[ForcedPost, ...], tuple[tuple[int, str, bool], ...]]] = {}
_STATES: dict[tuple[int, ...], tuple[str, ...]] = {}


def table_rules(rules: RuleSet) -> Any:
    """The ``ph_table_rules`` of a rule set, from ``planning_choices`` (§3.18); kept per rule set value
    (a ``TablePlanner`` keeps its own rule set's)."""
    known = _RULES.get(rules)
    if known is not None:
        return known
    button_rule, adjust, cash, absent, ante_type = planning_choices(rules)
    c = ffi.new("ph_table_rules *")
    c.button_rule, c.heads_up_button_adjust = BUTTON_RULE_CODES[button_rule], adjust
    c.cash, c.absent_dealt_in, c.ante_type = cash, absent, ANTE_TYPE_CODES[ante_type]
    if len(_RULES) >= 256:
        _RULES.clear()
    _RULES[rules] = c
    return c


def seat_codes(
    status: str, entry: str | None, new: bool, owes_small: bool, owes_big: bool, passed: bool, chips: bool
) -> tuple[int, int, int]:
    """A seat's (status, entry, flags) codes for ``ph_table_seats``; the status must be one of
    ``SEAT_STATUSES``."""
    flags = (
        lib.PH_FLAG_NEW * bool(new)
        | lib.PH_FLAG_OWES_SMALL * bool(owes_small)
        | lib.PH_FLAG_OWES_BIG * bool(owes_big)
        | lib.PH_FLAG_BUTTON_PASSED * bool(passed)
        | lib.PH_FLAG_HAS_CHIPS * bool(chips)
    )
    return STATUS_CODES[status], ENTRY_CODES.get(entry, lib.PH_ENTRY_NONE), flags


def _fits(value: object) -> bool:
    return is_int(value) and -_INT64 <= value < _INT64


def plan_query(crules: Any, cseats: Any, out: Any) -> Any:
    """A ``ph_plan_query`` over ``crules``, ``cseats`` and the record ``out`` (``PH_PLAN_RECORD``
    entries), which the caller keeps alive; ``_run`` fills in the positions and amounts of each plan."""
    query = ffi.new("ph_plan_query *")
    query.rules, query.seats, query.out, query.capacity = crules, cseats, out, lib.PH_PLAN_RECORD
    return query


def _run(query: Any, previous: Positions, small: int, big: int, ante: int) -> int:
    query.prev_button, query.prev_small = previous.button, previous.small_blind
    query.prev_big, query.small_blind, query.big_blind, query.ante = previous.big_blind, small, big, ante
    status: int = lib.ph_plan_hand(query)
    return status


def _decoded(out: Any, n: int) -> tuple[HandPlan, tuple[ForcedPost, ...], tuple[int, ...]]:
    """``_decode`` of the record in ``out``, kept by the record's bytes (tables plan the same hands again:
    the decoded values are immutable)."""
    key = (n, ffi.buffer(out, 8 * out[0])[:])
    known = _PLANS.get(key)
    if known is None:
        known = _decode(out, n)
        if len(_PLANS) >= 4096:
            _PLANS.clear()
        _PLANS[key] = known
    return known


def _decode(out: Any, n: int) -> tuple[HandPlan, tuple[ForcedPost, ...], tuple[int, ...]]:
    """The plan record ``ph_plan_hand`` wrote (csrc/holdem.h): the plan, its posts, the new players in."""
    r = ffi.unpack(out, out[0])
    positions = _new(Positions)
    positions.__dict__.update(button=r[1], small_blind=r[2], big_blind=r[3], small_blind_dead=r[4] == 1)
    i = 5 + n
    codes = tuple(r[5:i])
    states = _STATES.get(codes)
    if states is None:
        states = _STATES[codes] = tuple([SEAT_STATES[c] for c in codes])  # at most 3**10 of them
    end = i + 1 + 4 * r[i]
    section = tuple(r[i:end])
    known = _POSTS.get(section)
    if known is None:
        posts = tuple(
            [
                _new_tuple(ForcedPost, (r[j], POST_KINDS[r[j + 1]], r[j + 2], r[j + 3] == 1))
                for j in range(i + 1, end, 4)
            ]
        )
        if len(_POSTS) >= 4096:
            _POSTS.clear()
        known = _POSTS[section] = (
            posts,
            tuple([(p.seat, p.kind, p.live) for p in posts if p.kind != "ante"]),
        )
    posts, blinds = known
    i, end = end, end + 1 + 2 * r[end]
    entered = tuple([(r[j], HOW[r[j + 1]]) for j in range(i + 1, end, 2)])
    i, end = end, end + 1 + 2 * r[end]
    missed = tuple([(r[j], POST_KINDS[r[j + 1]]) for j in range(i + 1, end, 2)])
    i, end = end, end + 1 + r[end]
    passed = tuple(r[i + 1 : end])
    i, end = end, end + 1 + r[end]
    absent = tuple(r[i + 1 : end])
    new = tuple(r[end + 1 : end + 1 + r[end]])
    plan = _new(HandPlan)
    plan.__dict__.update(
        positions=positions,
        seats=states,
        blinds=blinds,
        entered=entered,
        missed=missed,
        passed=passed,
        absent=absent,
    )
    return plan, posts, new


def plan_with_posts(
    previous: Positions | None,
    seats: Sequence[TableSeat],
    rules: RuleSet,
    blinds: Sequence[int],
    antes: int | Sequence[int] | None,
    *,
    button: int | None = None,
    seed: Seed = None,
    order: Sequence[int] | None = None,
) -> tuple[HandPlan, tuple[ForcedPost, ...]]:
    """``plan_hand(previous, seats, rules, button=, seed=, order=)`` (§3.18) and its ``plan_posts(plan,
    blinds, antes, rules)`` (§3.20), planned in C; the same answers and refusals."""
    n = len(seats)
    planned_in_c = (
        previous is not None
        and 2 <= n <= lib.PH_MAX_SEATS
        and all(_fits(getattr(previous, f)) for f in ("button", "small_blind", "big_blind"))
        and all(0 <= getattr(previous, f) < n for f in ("button", "small_blind", "big_blind"))
        and all(seat.status in STATUS_CODES for seat in seats)
        and len(blinds) > 0
        and _fits(blinds[0])
        and _fits(blinds[-1])
    )
    if not planned_in_c:
        plan = spec_plan_hand(previous, seats, rules, button=button, seed=seed, order=order)
        return plan, spec_plan_posts(plan, blinds, antes, rules)
    assert previous is not None  # planned_in_c
    cseats = ffi.new("ph_table_seats *")
    cseats.seats = n
    for s, seat in enumerate(seats):
        codes = seat_codes(
            seat.status,
            seat.entry,
            seat.new,
            seat.owes_small,
            seat.owes_big,
            seat.button_passed,
            seat.stack > 0,
        )
        cseats.status[s], cseats.entry[s], cseats.flags[s] = codes
    out = ffi.new("int64_t[]", lib.PH_PLAN_RECORD)
    crules = table_rules(rules)
    if is_int(antes) and 0 <= antes < _INT64:
        one_amount, ante = True, antes
    else:
        one_amount, ante = False, _NONE
    status = _run(plan_query(crules, cseats, out), previous, blinds[0], blinds[-1], ante)
    if status == lib.PH_ERR_REFUSED:
        spec_plan_hand(previous, seats, rules, button=button, seed=seed)  # the spec's refusal (§3.1)
        raise NativeError("ph_plan_hand refused a table the spec plans")
    check(status, "ph_plan_hand", "3.18")
    plan, posts, _ = _decoded(out, n)
    if antes is not None and not one_amount:  # a per-seat list, or an ante the spec refuses (§3.12)
        posts = spec_plan_posts(plan, blinds, antes, rules)
    return plan, posts


def plan_hand(
    previous: Positions | None,
    seats: Sequence[TableSeat],
    rules: RuleSet,
    *,
    button: int | None = None,
    seed: Seed = None,
    order: Sequence[int] | None = None,
) -> HandPlan:
    """``plan_hand`` (§3.18) planned in C: the same ``HandPlan``, or the same refusal."""
    return plan_with_posts(previous, seats, rules, (1, 2), None, button=button, seed=seed, order=order)[0]


class TablePlanner:
    """A table's planner (§3.18, §3.20): the seats' codes in a ``ph_table_seats`` buffer, rewritten only
    when the table's layout keys change, and one ``ph_plan_hand`` call per hand laid out.

    ``keys`` are the table's per-seat keys: ``None`` for an empty seat, else (status, entry, new,
    owes_small, owes_big, button_passed, has chips)."""

    __slots__ = ("_keys", "_out", "_query", "_rules", "_seats", "seat_count")

    def __init__(self, seat_count: int) -> None:
        if not 2 <= seat_count <= lib.PH_MAX_SEATS:
            raise NativeError(f"a table of {seat_count} seats; the C planner plans 2 to {lib.PH_MAX_SEATS}")
        self.seat_count = seat_count
        self._seats = ffi.new("ph_table_seats *")
        self._seats.seats = seat_count
        self._out = ffi.new("int64_t[]", lib.PH_PLAN_RECORD)
        self._query = plan_query(ffi.NULL, self._seats, self._out)
        self._rules: tuple[RuleSet | None, Any] = (None, ffi.NULL)  # the rule set planned under, its codes
        self._keys: tuple[Any, ...] | None = None

    def _load(self, keys: tuple[Any, ...]) -> None:
        """Write the codes of the seats whose key changed since the last plan."""
        cseats, last = self._seats, self._keys
        for s, key in enumerate(keys):
            if last is not None and key == last[s]:
                continue
            codes = _SEATS.get(key)
            if codes is None:
                codes = (lib.PH_SEAT_EMPTY, lib.PH_ENTRY_NONE, 0) if key is None else seat_codes(*key)
                if len(_SEATS) >= 4096:
                    _SEATS.clear()
                _SEATS[key] = codes
            cseats.status[s], cseats.entry[s], cseats.flags[s] = codes
        self._keys = keys

    def plan(
        self,
        previous: Positions,
        keys: tuple[Any, ...],
        rules: RuleSet,
        blinds: tuple[int, ...],
        antes: int | tuple[int, ...] | None,
    ) -> tuple[HandPlan, tuple[ForcedPost, ...], tuple[int, ...]] | None:
        """The plan of the next hand, its posts and the new players it deals in; None when C does not
        plan it (a refusal, amounts beyond 64 bits): the caller asks the spec, which refuses or plans."""
        if keys is not self._keys:
            self._load(keys)
        if antes.__class__ is int and 0 <= antes < _INT64:
            one_amount, ante = True, antes
        else:
            one_amount, ante = False, _NONE
        small, big = blinds[0], blinds[-1]
        if not (small < _INT64 and big < _INT64):
            return None
        query = self._query
        if self._rules[0] is not rules:
            self._rules = (rules, table_rules(rules))
            query.rules = self._rules[1]  # kept alive by self._rules
        status = _run(query, previous, small, big, ante)
        if status != lib.PH_OK:
            return None
        plan, posts, new = _decoded(self._out, self.seat_count)
        if antes is not None and not one_amount:  # a per-seat list: the spec lays the posts out
            posts = spec_plan_posts(plan, blinds, antes, rules)
        return plan, posts, new
