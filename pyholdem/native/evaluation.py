"""Fast hand evaluation (spec 02) backed by the C core: one hand, a mask, a NumPy batch, every hand.

Values are those of ``pyholdem.spec.rankings.hand_value``: ``category << 12 | rank_within_category``,
bigger is better; ``hand_class`` gives the 1..7462 class number (1 = royal flush) and ``describe``
the English name. Card ids are ``rank * 4 + suit`` (2c = 0 … As = 51).
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from typing import Any

import numpy as np

from pyholdem.errors import InvalidCards, RuleViolation, show_value
from pyholdem.native import evaluator as _c
from pyholdem.native.lib import ffi, lib
from pyholdem.spec import rankings
from pyholdem.spec.cards import RANKS, SUITS, Card, CardsLike, as_integer, cards
from pyholdem.spec.rankings import Category, EquityResult, category, describe, hand_class


def _card_bits() -> dict[Any, int]:
    """Card id and every spelling of its text (either case) → the card's bit in a mask."""
    bits: dict[Any, int] = {}
    for card in range(52):
        bits[card] = 1 << card
        for r in (RANKS[card >> 2], RANKS[card >> 2].lower()):
            for s in (SUITS[card & 3], SUITS[card & 3].upper()):
                bits[r + s] = 1 << card
    return bits


_BIT = _card_bits()
_ph_evaluate_mask = lib.ph_evaluate_mask


def _wrong_count(ids: bytes) -> int:
    return -lib.PH_ERR_CARD_COUNT


_BY_COUNT = (*[_wrong_count] * 5, lib.ph_hand_value5, lib.ph_hand_value6, lib.ph_hand_value7)


def _slow_evaluate(hand: CardsLike) -> int:
    """``evaluate`` for anything unusual: the spec's parsing (and its errors), then C."""
    if isinstance(hand, (tuple, list)):
        hand = [_as_id(c) for c in hand]
    return _c.hand_value([int(c) for c in cards(hand)])


def _as_id(card: Any) -> Any:
    """Integer types other than ``int`` (NumPy's) become ints; anything else (an array, a NumPy
    bool) is left to the spec, which refuses it (§1.7)."""
    if isinstance(card, (str, int)):
        return card
    number = as_integer(card)
    return card if number is None else number


def evaluate(hand: CardsLike) -> int:
    """The value of the best five of 5 to 7 cards (§2.4), computed in C.

    ``hand`` is card text (``"As Kd Qh Jc Ts"``) or an iterable of texts, ``Card``s or integer
    ids (any integer type, NumPy's included).
    """
    kind = hand.__class__
    if kind is tuple or kind is list:
        if hand and hand[0].__class__ is str:
            return _evaluate_texts(hand)
        try:
            ids = bytes(hand)
        except (TypeError, ValueError):
            return _evaluate_texts(hand)
        if (0 in ids and hand[ids.index(0)] is False) or (1 in ids and hand[ids.index(1)] is True):
            return _slow_evaluate(hand)
        try:
            value = _BY_COUNT[len(ids)](ids)
        except IndexError:
            return _slow_evaluate(hand)
        if value < 0:
            return _slow_evaluate(hand)
        return value
    if kind is str:
        return _evaluate_texts(hand.split(), hand)
    if not isinstance(hand, Iterable):
        return _slow_evaluate(hand)
    try:
        items = tuple(hand)
    except TypeError:  # a NumPy 0-d array is Iterable but cannot be iterated
        return _slow_evaluate(hand)
    return evaluate(items)


def _evaluate_texts(hand: list[Any] | tuple[Any, ...], original: Any = None) -> int:
    original = hand if original is None else original
    mask = 0
    try:
        for c in hand:
            kind = c.__class__
            if kind is not str and kind is not int and kind is not Card:
                return _slow_evaluate(original)
            mask |= _BIT[c]
    except KeyError:
        return _slow_evaluate(original)
    if mask.bit_count() != len(hand):
        return _slow_evaluate(original)
    value = _ph_evaluate_mask(mask)
    if value < 0:
        return _slow_evaluate(original)
    return value


def cards_to_mask(hand: CardsLike) -> int:
    """The 52-bit mask of distinct cards: bit ``id`` is set for each card (§1.7)."""
    mask = 0
    for c in cards(hand):
        mask |= 1 << c
    return mask


def evaluate_mask(mask: int) -> int:
    """The value of the 5 to 7 cards whose ids are the set bits of ``mask`` (§2.4): the fast path."""
    try:
        value = _ph_evaluate_mask(mask)
    except (TypeError, OverflowError):
        raise InvalidCards(f"{show_value(mask)} is not a card mask (an int of 52 bits)", "2.4") from None
    if value < 0:
        _mask_error(mask, -value)
    return value


def _mask_error(mask: int, status: int) -> None:
    if isinstance(mask, (bool, np.bool_)):
        raise InvalidCards(f"{mask!r} is not a card mask (an int of 52 bits)", "2.4")
    if status == lib.PH_ERR_CARD_RANGE:
        raise InvalidCards(f"mask 0x{mask:x} has bits above card 51", "1.7")
    raise InvalidCards(f"a hand has 5 to 7 cards, not {int(mask).bit_count()}", "2.4")


def _hands_buffer(hands: Any, k: int | None) -> tuple[Any, int, int]:
    if k is not None:
        number = as_integer(k)
        if number is None or number not in (5, 6, 7):
            raise InvalidCards(f"k is the number of cards per hand, 5, 6 or 7, not {show_value(k)}", "2.4")
        k = number
    if isinstance(hands, np.ndarray):
        if hands.dtype != np.uint8:
            raise InvalidCards(f"hands must be a uint8 array of card ids, not {hands.dtype}", "2.4")
        if hands.ndim != 2 or hands.shape[1] not in (5, 6, 7):
            raise InvalidCards(f"hands must have shape (N, 5..7), not {hands.shape}", "2.4")
        if k is not None and k != hands.shape[1]:
            raise InvalidCards(f"k={k} does not match the array's rows of {hands.shape[1]}", "2.4")
        return np.ascontiguousarray(hands), hands.shape[0], hands.shape[1]
    try:
        view = memoryview(hands)
    except TypeError:
        raise InvalidCards(
            f"hands must be a NumPy array or a buffer, not {type(hands).__name__}", "2.4"
        ) from None
    if view.format not in ("B", "c") or view.itemsize != 1:
        raise InvalidCards(f"hands must hold unsigned bytes, not format {view.format!r}", "2.4")
    if not view.c_contiguous:
        raise InvalidCards("a hands buffer must be C-contiguous", "2.4")
    if view.ndim == 2:
        k = view.shape[1] if k is None else k
        if k != view.shape[1]:
            raise InvalidCards(f"k={k} does not match the buffer's rows of {view.shape[1]}", "2.4")
    if k is None or k not in (5, 6, 7):
        raise InvalidCards(f"hands of 5, 6 or 7 cards: give k for a flat buffer, not k={k!r}", "2.4")
    if view.nbytes % k:
        raise InvalidCards(f"a buffer of {view.nbytes} bytes is not a whole number of {k}-card hands", "2.4")
    return view, view.nbytes // k, k


def _out_array(out: Any, rows: int) -> np.ndarray:
    if out is None:
        return np.empty(rows, dtype=np.int32)
    if not isinstance(out, np.ndarray) or out.dtype != np.int32 or out.shape != (rows,):
        shape = getattr(out, "shape", None)
        dtype = getattr(out, "dtype", type(out).__name__)
        raise RuleViolation(f"out must be an int32 array of shape ({rows},), not {dtype} {shape}", "2.7")
    if not out.flags.c_contiguous:
        raise RuleViolation("out must be C-contiguous", "2.7")
    if not out.flags.writeable:
        raise RuleViolation("out is read-only", "2.7")
    return out


def evaluate_batch(hands: Any, out: np.ndarray | None = None, *, k: int | None = None) -> np.ndarray:
    """Values of many hands in one C call: ``hands`` is an ``(N, k)`` uint8 array of card ids.

    Any C-contiguous byte buffer works too (give ``k`` if it is flat). Values go to ``out`` (an
    int32 array of N) if given, once every row is valid. A bad row raises ``InvalidCards`` naming
    the row and the card, and leaves ``out`` unchanged.
    """
    buffer, rows, k = _hands_buffer(hands, k)
    target = _out_array(out, rows)
    result = target if out is None else np.empty(rows, dtype=np.int32)
    bad = ffi.new("size_t *")
    status = lib.ph_evaluate_batch(
        ffi.from_buffer("uint8_t[]", buffer), rows, k, ffi.from_buffer("int32_t[]", result), bad
    )
    if status != lib.PH_OK:
        row = bad[0]
        ids = list(bytes(memoryview(buffer).cast("B")[row * k : (row + 1) * k]))
        _c.refuse_like_spec(lambda: rankings.hand_value(ids), "evaluate_batch", status, f"row {row}: ")
    if result is not target:
        target[:] = result
    return target


def enumerate_categories(k: int = 7) -> dict[Category, int]:
    """How many of the C(52, k) hands of k = 5, 6 or 7 cards fall in each category, counted in C."""
    number = as_integer(k)
    if number is None or number not in (5, 6, 7):
        raise InvalidCards(f"hands of 5, 6 or 7 cards, not {show_value(k)}", "2.4")
    k = number
    counts = ffi.new("uint64_t[9]")
    lib.ph_enumerate_categories(k, counts)
    return {cat: int(counts[cat]) for cat in sorted(Category, reverse=True)}


def equity(
    hands: Iterable[CardsLike],
    board: CardsLike = (),
    dead: CardsLike = (),
    trials: int | None = None,
    seed: int | None = None,
) -> EquityResult:
    """Equity (§2.9) of 2 to 10 known hands: every board completion in C, or ``trials`` random ones.

    ``seed`` makes Monte Carlo runs repeatable; ``None`` draws one from the OS.
    """
    holes, shown, gone = rankings.equity_inputs(hands, board, dead)
    if trials is not None:
        number = as_integer(trials)
        if number is None or not 1 <= number <= rankings.MAX_TRIALS:
            raise RuleViolation(
                f"trials must be a positive int up to {rankings.MAX_TRIALS:_} (what a 64-bit share "
                f"counter holds) or None, not {show_value(trials)}",
                "2.9",
            )
        trials = number
    if seed is None:
        seed = int.from_bytes(os.urandom(8), "little")
    else:
        number = as_integer(seed)
        if number is None or not 0 <= number < 1 << 64:
            raise RuleViolation(f"seed must be an int in 0..2**64-1 or None, not {show_value(seed)}", "2.9")
        seed = number
    return _c.equity(
        [[int(c) for c in hole] for hole in holes],
        [int(c) for c in shown],
        [int(c) for c in gone],
        trials or 0,
        seed,
    )


__all__ = [
    "Card",
    "Category",
    "EquityResult",
    "cards_to_mask",
    "category",
    "describe",
    "enumerate_categories",
    "equity",
    "evaluate",
    "evaluate_batch",
    "evaluate_mask",
    "hand_class",
]
