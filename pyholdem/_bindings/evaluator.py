"""Thin wrappers over the C evaluator (csrc/evaluator.c): the twins of spec 02's functions.

Every refusal from C is turned into the spec's own error for the same input: the wrapper asks
the spec function, which raises the typed error (same class, same message). If the spec accepts
an input that C refused, that is a bug in the core and raises ``NativeError``.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, NoReturn

from pyholdem._bindings.native import check, ffi, lib
from pyholdem.errors import NativeError, PyHoldemError
from pyholdem.spec import rankings
from pyholdem.spec.cards import Card, CardLike, cards

CardsLike = str | Iterable[CardLike]


def raw_ids(hand: CardsLike) -> list[int]:
    """Card ids for C: text and ``Card``s are parsed, plain ints 0..255 are passed through unchecked."""
    if isinstance(hand, str):
        return [int(c) for c in cards(hand)]
    ids = []
    for c in hand:
        if type(c) is int and 0 <= c <= 255:
            ids.append(c)
        else:
            ids.append(int(Card(c)))
    return ids


def refuse_like_spec(spec_call: Any, what: str, status: int, prefix: str = "") -> NoReturn:
    """Raise the error the spec raises for the same input; C and spec must agree that it is bad."""
    try:
        spec_call()
    except PyHoldemError as exc:
        if prefix:
            raise type(exc)(prefix + exc.detail, exc.section) from None
        raise
    check(status, what)
    raise NativeError(f"{what}: the C core refused an input the spec accepts (status {status})")


def hand_value(hand: CardsLike) -> int:
    """C twin of ``pyholdem.spec.rankings.hand_value`` (``ph_hand_value``)."""
    ids = raw_ids(hand)
    value = lib.ph_hand_value(bytes(ids), len(ids))
    if value < 0:
        refuse_like_spec(lambda: rankings.hand_value(ids), "hand value", -value)
    return value


def equity(
    holes: list[list[int]], board: list[int], dead: list[int], trials: int, seed: int
) -> rankings.EquityResult:
    """C twin of ``pyholdem.spec.rankings.equity`` (``ph_equity``); ``trials`` 0 = every board."""
    n = len(holes)
    wins, ties, shares = (ffi.new("uint64_t[]", max(n, 1)) for _ in range(3))
    boards = ffi.new("uint64_t *")
    flat = bytes(c for hole in holes for c in hole)
    status = lib.ph_equity(
        flat, n, bytes(board), len(board), bytes(dead), len(dead), trials, seed, wins, ties, shares, boards
    )
    if status != lib.PH_OK:
        refuse_like_spec(lambda: rankings.equity_inputs(holes, board, dead), "equity", status)
    return rankings.EquityResult(boards[0], tuple(wins[0:n]), tuple(ties[0:n]), tuple(shares[0:n]))
