"""Wrappers over the C pot resolver ``ph_resolve_pots`` and its batch entry point (spec 07, 08).

Python checks what C cannot see (types, shapes, dtypes, integers that do not fit the C types); C checks
every amount, seat, value and the button and reports the offending field, row and seat, which become a
``RuleViolation`` here. Results equal those of ``pyholdem.spec.showdown.resolve_pots``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
from numpy.typing import NDArray

from pyholdem.errors import InvalidCards, RuleViolation, show_value
from pyholdem.native.lib import check, ffi, lib
from pyholdem.spec.showdown import (
    ALL_FOLDED,
    MAX_VALUE,
    ODD_CHIP_RULES,
    POT_SEATS,
    Pot,
    Settlement,
    bad_amount_message,
    bad_button_message,
    bad_chip_unit_message,
    bad_odd_chip_rule_message,
    bad_value_message,
    check_settlement,
    seat_count_message,
)
from pyholdem.values import INT64_MAX, is_int

MAX_SEATS: int = lib.PH_MAX_SEATS
SECTION = "7.7"
assert (2, MAX_SEATS) == POT_SEATS, "the C resolver and the spec settle the same seat counts"


def odd_chip_code(odd_chip_rule: object) -> int:
    """The C code of an odd-chip rule (None = the RuleSet default)."""
    if odd_chip_rule is None:
        left_of_button: int = lib.PH_ODD_CHIP_RULE_LEFT_OF_BUTTON
        return left_of_button
    if isinstance(odd_chip_rule, str) and odd_chip_rule in ODD_CHIP_RULES:
        return ODD_CHIP_RULES.index(odd_chip_rule)
    raise RuleViolation(bad_odd_chip_rule_message(odd_chip_rule), SECTION)


def chip_unit_value(chip_unit: object) -> int:
    """``chip_unit`` checked: an int from 1 up to the C limit."""
    if not is_int(chip_unit) or chip_unit < 1:
        raise RuleViolation(bad_chip_unit_message(chip_unit), SECTION)
    return _within_limit(chip_unit, "chip_unit")


def _within_limit(value: int, name: str) -> int:
    """``value``, refused when it does not fit the C resolver's ``int64_t`` amounts."""
    if value > INT64_MAX:
        raise RuleViolation(
            f"{name} = {show_value(value)} exceeds the C resolver's limit {INT64_MAX}", SECTION
        )
    return value


def _within_limits(amounts: Sequence[int], name: str) -> list[int]:
    """``amounts`` as a list, refused at the first one that does not fit ``int64_t``."""
    amounts = list(amounts)
    if max(amounts) > INT64_MAX:
        seat = next(s for s, x in enumerate(amounts) if x > INT64_MAX)
        _within_limit(amounts[seat], f"{name}[{seat}]")
    return amounts


def fault_message(fault: Any, n_seats: int, row: dict[str, Any], button: object) -> str:
    """The message for a refusal C reported; ``row`` maps each field name to that hand's per-seat values."""
    field, seat = fault.field, fault.seat
    if field == lib.PH_FIELD_CONTRIBUTION:
        return bad_amount_message("contributions", seat, int(row["contributions"][seat]))
    if field == lib.PH_FIELD_DEAD:
        return bad_amount_message("dead", seat, int(row["dead"][seat]))
    if field == lib.PH_FIELD_VALUE:
        return bad_value_message(seat, int(row["values"][seat]))
    if field == lib.PH_FIELD_BUTTON:
        return bad_button_message(button, n_seats)
    if field == lib.PH_FIELD_FOLDED:
        return ALL_FOLDED
    if field == lib.PH_FIELD_SEATS:
        return seat_count_message(n_seats)
    if field == lib.PH_FIELD_TOTAL:
        return f"the chips in the hand (contributions and dead) exceed the C resolver's limit {INT64_MAX}"
    return f"the C resolver refused field {field} of seat {seat}"


SEATS_OF_MASK: tuple[tuple[int, ...], ...] = tuple(
    tuple(s for s in range(MAX_SEATS) if mask >> s & 1) for mask in range(1 << MAX_SEATS)
)


def _amounts(items: Sequence[Any], name: str) -> list[int]:
    for seat, x in enumerate(items):
        if not is_int(x) or x < 0:
            raise RuleViolation(bad_amount_message(name, seat, x), SECTION)
        _within_limit(x, f"{name}[{seat}]")
    return list(items)


def resolve_pots(
    contributions: Sequence[int],
    folded: Sequence[bool],
    values: Sequence[int | None],
    button: int,
    *,
    dead: Sequence[int] | None = None,
    all_in: Sequence[bool] | None = None,
    odd_chip_rule: str | None = None,
    chip_unit: int = 1,
) -> Settlement:
    """Settle one hand in C: same arguments, result and refusals as ``pyholdem.spec.showdown.resolve_pots``.

    Only difference: amounts above 2**63-1 in total, which the spec accepts, are refused. The
    arguments are checked by the spec's ``check_settlement``; this adds only the 64-bit limits.
    """
    check_settlement(
        contributions,
        folded,
        values,
        button,
        dead=dead,
        all_in=all_in,
        odd_chip_rule=odd_chip_rule,
        chip_unit=chip_unit,
    )
    n = len(contributions)
    dead_given = dead is not None
    c_amounts = _within_limits(contributions, "contributions")
    d_amounts = [0] * n if dead is None else _within_limits(dead, "dead")
    c_folded = [bool(f) for f in folded]
    c_values = [0 if c_folded[s] else v for s, v in enumerate(values)]
    unit = _within_limit(chip_unit, "chip_unit")
    code = odd_chip_code(odd_chip_rule)

    payouts, pots = ffi.new("int64_t[]", n), ffi.new("ph_pot[]", lib.PH_MAX_POTS)
    arrays = (  # the arrays the query points to, held until the call returns
        ffi.new("int64_t[]", c_amounts),
        ffi.new("uint8_t[]", c_folded),
        ffi.new("int32_t[]", c_values),
        ffi.new("int64_t[]", d_amounts) if dead_given else ffi.NULL,
        ffi.NULL if all_in is None else ffi.new("uint8_t[]", [bool(a) for a in all_in]),
        payouts,
        pots,
    )
    query = ffi.new("ph_pot_query *", (n, button, code, unit, *arrays))  # the fields in declared order
    status = lib.ph_resolve_pots(query)
    if status != lib.PH_OK:
        row = {"contributions": c_amounts, "dead": d_amounts, "values": c_values}
        raise RuleViolation(fault_message(query.fault, n, row, button), SECTION)
    return Settlement(
        tuple(payouts),
        tuple(
            Pot(p.amount, SEATS_OF_MASK[p.eligible], SEATS_OF_MASK[p.winners]) for p in pots[0 : query.n_pots]
        ),
    )


def as_array(array: object, name: str) -> NDArray[Any]:
    """``np.asarray(array)``, refusing ragged or otherwise unconvertible input with a RuleViolation."""
    try:
        return np.asarray(array)
    except (ValueError, TypeError) as exc:
        raise RuleViolation(f"{name} is not a rectangular array: {exc}", SECTION) from None


def _int_array(array: object, name: str, ndim: int, dtype: type[np.integer[Any]]) -> NDArray[Any]:
    """``array`` as a C-contiguous array of ``dtype``; refuses other shapes, non-integer dtypes, and
    values that do not fit ``dtype`` (naming the first row that holds one)."""
    arr = as_array(array, name)
    if arr.ndim != ndim:
        raise RuleViolation(f"{name} must be a {ndim}-dimensional array, got shape {arr.shape}", SECTION)
    if arr.dtype.kind not in "iu" and arr.size:
        raise RuleViolation(f"{name} must be an integer array, got dtype {arr.dtype}", SECTION)
    if arr.dtype != dtype and arr.size:
        info = np.iinfo(dtype)
        outside = (arr > info.max) | (arr < info.min)
        if outside.any():
            at = tuple(int(i) for i in np.argwhere(outside)[0])
            seat = f"[{at[1]}]" if ndim == 2 else ""
            raise RuleViolation(
                f"row {at[0]}: {name}{seat} = {arr[at]} does not fit {np.dtype(dtype).name}", SECTION
            )
    return np.ascontiguousarray(arr, dtype=dtype)


BatchArrays = tuple[
    NDArray[np.int64], NDArray[np.bool_], NDArray[np.int32], NDArray[np.int64], NDArray[np.int64] | None
]


def batch_arrays(
    contributions: object, folded: object, values: object, button: object, dead: object
) -> BatchArrays:
    """The batch inputs as the C types: int64 / bool / int32 ``(N, S)`` arrays and an int64 ``(N,)`` array.

    Folded seats' values are ignored (set to 0); a live seat's value outside 0..2**31-1 is refused here,
    naming its row, because it does not fit the C type.
    """
    c = _int_array(contributions, "contributions", 2, np.int64)
    n_hands, n_seats = c.shape
    if not 2 <= n_seats <= MAX_SEATS:
        raise RuleViolation(seat_count_message(n_seats), SECTION)
    f = as_array(folded, "folded")
    v = as_array(values, "values")
    for name, arr in (("folded", f), ("values", v)):
        if arr.shape != c.shape:
            raise RuleViolation(f"{name} has shape {arr.shape}; contributions has {c.shape}", SECTION)
    if f.dtype != np.bool_:
        raise RuleViolation(f"folded must be a bool array, got dtype {f.dtype}", SECTION)
    f = np.ascontiguousarray(f)
    if v.dtype.kind not in "iu":
        raise RuleViolation(f"values must be an integer array, got dtype {v.dtype}", SECTION)
    if v.dtype != np.int32:
        live = np.where(f, 0, v)
        outside = (live < 0) | (live > MAX_VALUE)
        if outside.any():
            row, seat = (int(i) for i in np.argwhere(outside)[0])
            raise RuleViolation(f"row {row}: {bad_value_message(seat, int(v[row, seat]))}", SECTION)
        v = live.astype(np.int32)
    v = np.ascontiguousarray(v)
    b = _int_array(button, "button", 1, np.int64)
    if b.shape != (n_hands,):
        raise RuleViolation(f"button has shape {b.shape}; expected ({n_hands},)", SECTION)
    d = None
    if dead is not None:
        d = _int_array(dead, "dead", 2, np.int64)
        if d.shape != c.shape:
            raise RuleViolation(f"dead has shape {d.shape}; contributions has {c.shape}", SECTION)
    return c, f, v, b, d


def raise_batch_fault(status: int, fault: Any, arrays: BatchArrays, what: str) -> None:
    """Turn a refused batch row into a RuleViolation naming the row and the field."""
    if fault.field == lib.PH_FIELD_COUNT:
        check(status, what)
    c, _, v, b, d = arrays
    r = int(fault.row)
    row = {"contributions": c[r], "dead": None if d is None else d[r], "values": v[r]}
    raise RuleViolation(f"row {r}: {fault_message(fault, c.shape[1], row, int(b[r]))}", SECTION)


def pot_rows(
    arrays: BatchArrays, code: int, unit: int, payouts: NDArray[np.int64]
) -> tuple[Any, tuple[Any, ...]]:
    """The ``ph_pot_rows`` of checked batch arrays (``batch_arrays``) and their ``payouts``, and the
    buffers it points to, which the caller holds until the C call returns."""
    c, f, values, b, d = arrays
    n_hands, n_seats = c.shape
    rows = ffi.new("ph_pot_rows *")
    rows.n_hands, rows.n_seats, rows.odd_chip_rule, rows.chip_unit = n_hands, n_seats, code, unit
    keep = (
        ffi.from_buffer("int64_t[]", c),
        ffi.from_buffer("uint8_t[]", f.view(np.uint8)),
        ffi.from_buffer("int32_t[]", values),
        ffi.from_buffer("int64_t[]", b),
        ffi.NULL if d is None else ffi.from_buffer("int64_t[]", d),
        ffi.from_buffer("int64_t[]", payouts),
    )
    rows.contributions, rows.folded, rows.values, rows.buttons, rows.dead, rows.payouts = keep
    return rows, keep


def resolve_pots_batch(
    contributions: object,
    folded: object,
    values: object,
    button: object,
    *,
    dead: object = None,
    odd_chip_rule: str | None = None,
    chip_unit: int = 1,
) -> NDArray[np.int64]:
    """Settle N hands in one C call: ``(N, S)`` contributions, folded, values (and dead), ``(N,)`` buttons
    → ``(N, S)`` int64 payouts; row ``i`` equals ``resolve_pots`` on row ``i``."""
    arrays = batch_arrays(contributions, folded, values, button, dead)
    c = arrays[0]
    unit = chip_unit_value(chip_unit)
    code = odd_chip_code(odd_chip_rule)
    n_hands, n_seats = c.shape
    payouts = np.zeros((n_hands, n_seats), dtype=np.int64)
    rows, _held = pot_rows(arrays, code, unit, payouts)
    status = lib.ph_resolve_pots_batch(rows)
    if status != lib.PH_OK:
        raise_batch_fault(status, rows.fault, arrays, "resolve_pots_batch")
    return payouts


def _card_array(array: object, name: str, shape: tuple[int, ...], ignore: NDArray[np.bool_] | None) -> Any:
    """Card ids as a C-contiguous uint8 array of ``shape``; entries where ``ignore`` is set are zeroed."""
    arr = as_array(array, name)
    if arr.shape != shape:
        raise RuleViolation(f"{name} has shape {arr.shape}; expected {shape}", SECTION)
    if arr.dtype.kind not in "iu" and arr.size:
        raise RuleViolation(f"{name} must be an integer array of card ids, got dtype {arr.dtype}", SECTION)
    if ignore is not None:
        arr = np.where(ignore, 0, arr)
    if arr.dtype != np.uint8 and arr.size:
        outside = (arr < 0) | (arr > 51)
        if outside.any():
            at = tuple(int(i) for i in np.argwhere(outside)[0])
            index = "".join(f"[{i}]" for i in at[1:])
            raise InvalidCards(f"row {at[0]}: {name}{index} = {arr[at]} is not a card id 0..51", "1.1")
    return np.ascontiguousarray(arr, dtype=np.uint8)


def resolve_showdowns_batch(
    board: object,
    hole_cards: object,
    contributions: object,
    folded: object,
    button: object,
    *,
    dead: object = None,
    odd_chip_rule: str | None = None,
    chip_unit: int = 1,
) -> tuple[NDArray[np.int64], NDArray[np.int32]]:
    """Evaluate and settle N showdowns in one C call, for simulators.

    ``board`` ``(N, 5)`` and ``hole_cards`` ``(N, S, 2)`` card ids (folded seats' hole cards are
    ignored), the rest as ``resolve_pots_batch``. Returns ``(payouts, values)``: ``(N, S)`` int64
    payouts and ``(N, S)`` int32 hand values (-1 for folded seats). Board and live hole cards must be
    distinct ids 0..51 (``InvalidCards`` naming the row otherwise).
    """
    c = _int_array(contributions, "contributions", 2, np.int64)
    arrays = batch_arrays(c, folded, np.empty(c.shape, dtype=np.int32), button, dead)
    c, f, values, _, _ = arrays
    n_hands, n_seats = c.shape
    boards = _card_array(board, "board", (n_hands, 5), None)
    holes = _card_array(hole_cards, "hole_cards", (n_hands, n_seats, 2), f[:, :, None])
    unit = chip_unit_value(chip_unit)
    code = odd_chip_code(odd_chip_rule)
    payouts = np.zeros((n_hands, n_seats), dtype=np.int64)
    rows, _held = pot_rows(arrays, code, unit, payouts)
    cards = (ffi.from_buffer("uint8_t[]", boards), ffi.from_buffer("uint8_t[]", holes))
    rows.boards, rows.holes = cards
    status = lib.ph_resolve_showdowns_batch(rows)
    fault = rows.fault
    if status != lib.PH_OK:
        r, seat = int(fault.row), int(fault.seat)
        if fault.field in (lib.PH_FIELD_CARDS, lib.PH_FIELD_DUPLICATE):
            where = "the board" if seat < 0 else f"hole_cards[{seat}]"
            held = boards[r].tolist() if seat < 0 else holes[r, seat].tolist()
            problem = "a card id outside 0..51" if fault.field == lib.PH_FIELD_CARDS else "a card dealt twice"
            raise InvalidCards(f"row {r}: {where} {held} holds {problem}", "1.1")
        raise_batch_fault(status, fault, arrays, "resolve_showdowns_batch")
    return payouts, values


def layer_pots(
    contributions: Sequence[int],
    folded: Sequence[bool],
    dead: int = 0,
    all_in: Sequence[bool] | None = None,
) -> tuple[Pot, ...]:
    """§7.7 on the C core (``ph_layer_pots``, which the C hand engine uses for §5.11): the pots
    ``pyholdem.spec.pots.layer_pots`` gives for the same contributions."""
    n = len(contributions)
    if not 2 <= n <= MAX_SEATS or len(folded) != n or (all_in is not None and len(all_in) != n):
        raise RuleViolation(
            f"{n} contributions, {len(folded)} folded flags and "
            f"{'no' if all_in is None else len(all_in)} all-in flags; 2 to {MAX_SEATS} seats",
            SECTION,
        )
    amounts = _amounts(contributions, "contributions")
    if not is_int(dead) or not 0 <= dead <= INT64_MAX or sum(amounts) + dead > INT64_MAX:
        raise RuleViolation(
            f"dead = {show_value(dead)} is not an integer >= 0 within the chip range", SECTION
        )
    pots = ffi.new("ph_pot[]", MAX_SEATS)
    count = ffi.new("int *")
    flags = ffi.NULL if all_in is None else [bool(a) for a in all_in]
    status = lib.ph_layer_pots(n, amounts, [bool(f) for f in folded], dead, flags, pots, count)
    check(status, "layer_pots", SECTION)
    return tuple(Pot(p.amount, SEATS_OF_MASK[p.eligible]) for p in pots[0 : count[0]])


def split_pot(
    amount: int,
    winners: Sequence[int],
    button: int,
    seats: int,
    *,
    odd_chip_rule: str | None = None,
    chip_unit: int = 1,
) -> dict[int, int]:
    """§8.8 on the C core (``ph_split_pot``, which the C hand engine logs each win with): the shares
    ``pyholdem.spec.showdown.split_pot`` gives."""
    if not is_int(seats) or not 2 <= seats <= MAX_SEATS or not is_int(button) or not 0 <= button < seats:
        raise RuleViolation(f"button {show_value(button)} of {show_value(seats)} seats is not a seat", "8.8")
    if not winners or not all(is_int(s) and 0 <= s < seats for s in winners):
        raise RuleViolation(f"winners {list(winners)} are not seats in 0..{seats - 1}", "8.8")
    if not is_int(amount) or not 0 <= amount <= INT64_MAX:
        raise RuleViolation(
            f"amount {show_value(amount)} is not an integer >= 0 within the chip range", "8.8"
        )
    shares = ffi.new("int64_t[]", MAX_SEATS)
    mask = sum(1 << s for s in set(winners))
    status = lib.ph_split_pot(
        amount, mask, button, seats, odd_chip_code(odd_chip_rule), chip_unit_value(chip_unit), shares
    )
    check(status, "split_pot", "8.8")
    return {s: shares[s] for s in sorted(set(winners), key=lambda s: (s - button - 1) % seats)}
