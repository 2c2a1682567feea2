"""Fast hand evaluation (spec 02) backed by the C core: one hand, a mask, a NumPy batch, every hand.

Values are those of ``pyholdem.spec.rankings.hand_value``: ``category << 12 | rank_within_category``,
bigger is better; ``hand_class`` gives the 1..7462 class number (1 = royal flush) and ``describe``
the English name. Card ids are ``rank * 4 + suit`` (2c = 0 … As = 51).
"""

from __future__ import annotations

import ctypes
import math
import os
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

import numpy as np

from pyholdem.errors import InvalidCards, NativeError, RuleViolation, show_value
from pyholdem.native import evaluator as _c
from pyholdem.native import parallel
from pyholdem.native.lib import check, ffi, lib
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


def _slow_evaluate(hand: CardsLike) -> int:
    """``evaluate`` for anything unusual: the spec's parsing (and its errors), then C."""
    if isinstance(hand, (tuple, list)):
        hand = [_as_id(c) for c in hand]
    return _c.hand_value([int(c) for c in cards(hand)])


def _as_id(card: Any) -> Any:
    """Integer types other than ``int`` (NumPy's) become ints; anything else (an array, a NumPy
    bool) is left to the spec, which refuses it (§1.7)."""
    if isinstance(card, (str, int, np.ndarray)):
        return card
    number = as_integer(card)
    return card if number is None else number


def _evaluate(hand: CardsLike) -> int:
    """``evaluate`` for every hand the C builtin hands back: texts, ``Card``s, other integer types,
    iterables, and bad hands, each refused with its typed error."""
    if hand.__class__ is tuple or hand.__class__ is list:
        if hand and hand[0].__class__ is str:
            return _evaluate_texts(hand)
        try:
            bytes(hand)
        except (TypeError, ValueError):  # texts or Cards after the first card: read as texts
            return _evaluate_texts(hand)
        return _slow_evaluate(hand)  # the builtin took every good hand of ints: the spec reads or refuses it
    if hand.__class__ is str:
        return _evaluate_texts(hand.split(), hand)
    if not isinstance(hand, Iterable):
        return _slow_evaluate(hand)
    try:
        items = tuple(hand)
    except TypeError:  # a NumPy 0-d array is Iterable but cannot be iterated
        return _slow_evaluate(hand)
    return evaluate(items)


def _builtin(make: Callable[[int], int], fallback: Callable[[Any], int], name: str) -> Callable[[Any], int]:
    """The C builtin of ``csrc/python_fast.c`` that ``make`` creates over ``fallback`` (no Python frame on
    its fast path). Its one creation reference is kept: the builtin lives as long as the process."""
    address = make(id(fallback))
    if not address:
        raise NativeError(f"the C core could not create {name}")
    builtin: Callable[[Any], int] = ctypes.cast(address, ctypes.py_object).value
    return builtin


evaluate: Callable[[CardsLike], int] = _builtin(lib.ph_py_make_evaluate, _evaluate, "evaluate")
"""The value of the best five of 5 to 7 cards (§2.4), computed in C.

``hand`` is card text (``"As Kd Qh Jc Ts"``) or an iterable of texts, ``Card``s or integer ids (any
integer type, NumPy's included). A C builtin: a tuple or list of 5 to 7 distinct ``int`` ids is valued
without a Python frame; anything else goes to ``_evaluate``, which gives the same value or raises
``InvalidCards``."""


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
    value: int = _ph_evaluate_mask(mask)
    if value < 0:
        return _slow_evaluate(original)
    return value


def cards_to_mask(hand: CardsLike) -> int:
    """The 52-bit mask of distinct cards: bit ``id`` is set for each card (§1.7)."""
    mask = 0
    for c in cards(hand):
        mask |= 1 << c
    return mask


def _evaluate_mask(mask: int) -> int:
    """``evaluate_mask`` for every argument the C builtin hands back: other integer types, bools,
    ints that are not masks and bad masks, each refused with its typed error."""
    try:
        value: int = _ph_evaluate_mask(mask)
    except (TypeError, OverflowError):
        raise InvalidCards(f"{show_value(mask)} is not a card mask (an int of 52 bits)", "2.4") from None
    if value < 0:
        _mask_error(mask, -value)
    return value


evaluate_mask: Callable[[int], int] = _builtin(lib.ph_py_make_evaluate_mask, _evaluate_mask, "evaluate_mask")
"""The value of the 5 to 7 cards whose ids are the set bits of ``mask`` (§2.4): the fast path.

A C builtin: an exact ``int`` mask of 5 to 7 cards is evaluated without a Python frame; anything else
goes to ``_evaluate_mask``, which gives the same value or raises ``InvalidCards``."""


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
        if hands.dtype.kind in "iu" and hands.dtype != np.uint8:  # any integer dtype: ids 0..51 as bytes
            outside = (hands < 0) | (hands > 51)
            if outside.any():
                row, column = (int(i) for i in np.argwhere(outside)[0][-2:]) if hands.ndim == 2 else (0, 0)
                value = hands[row, column] if hands.ndim == 2 else hands[outside][0]
                raise InvalidCards(f"row {row}: card id {int(value)} is outside 0..51", "1.7")
            hands = hands.astype(np.uint8)
        if hands.dtype != np.uint8:
            raise InvalidCards(f"hands must be an integer array of card ids, not {hands.dtype}", "2.4")
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
        shape = view.shape
        assert shape is not None  # a memoryview has a shape
        k = shape[1] if k is None else k
        if k != shape[1]:
            raise InvalidCards(f"k={k} does not match the buffer's rows of {shape[1]}", "2.4")
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


def evaluate_batch(
    hands: Any, out: np.ndarray | None = None, *, k: int | None = None, threads: int = 1
) -> np.ndarray:
    """Values of many hands in one C call: ``hands`` is an ``(N, k)`` array of card ids of any integer
    dtype (uint8 is read in place, others are checked and copied).

    Any C-contiguous byte buffer works too (give ``k`` if it is flat). Values go to ``out`` (an
    int32 array of N) if given, once every row is valid: the rows are checked first, then the values
    are written straight into ``out`` (through a scratch array only when ``out`` overlaps ``hands``).
    A bad row raises ``InvalidCards`` naming the row and the card, and leaves ``out`` unchanged.
    ``threads`` splits the rows into that many contiguous chunks, one C call each without the GIL;
    the values and errors are the same for every thread count.
    """
    buffer, rows, k = _hands_buffer(hands, k)
    target = _out_array(out, rows)
    workers = parallel.thread_count(threads, "2.7")
    cards = ffi.from_buffer("uint8_t[]", buffer)
    if out is not None and not np.may_share_memory(np.asarray(buffer), target):
        # Check every row, then write each value once (ph_evaluate_checked_batch does not check again).
        check_rows = lib.ph_check_batch
        status, row = parallel.run_chunks(
            lambda start, stop, bad: check_rows(cards + start * k, stop - start, k, bad), rows, workers
        )
        if status != lib.PH_OK:
            _refuse_row(buffer, k, row, status)
        values = ffi.from_buffer("int32_t[]", target)
        write = lib.ph_evaluate_checked_batch
        status, _ = parallel.run_chunks(
            lambda start, stop, bad: write(cards + start * k, stop - start, k, values + start), rows, workers
        )
        check(status, "evaluate_batch", "2.7")
        return target
    # A new array (discarded if a row is bad), or a scratch one when out overlaps the hands.
    result = target if out is None else np.empty(rows, dtype=np.int32)
    values = ffi.from_buffer("int32_t[]", result)
    evaluate = lib.ph_evaluate_batch
    status, row = parallel.run_chunks(
        lambda start, stop, bad: evaluate(cards + start * k, stop - start, k, values + start, bad),
        rows,
        workers,
    )
    if status != lib.PH_OK:
        _refuse_row(buffer, k, row, status)
    if result is not target:
        target[:] = result
    return target


def _refuse_row(buffer: Any, k: int, row: int, status: int) -> None:
    ids = list(bytes(memoryview(buffer).cast("B")[row * k : (row + 1) * k]))
    _c.refuse_like_spec(lambda: rankings.hand_value(ids), "evaluate_batch", status, f"row {row}: ")


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
    threads: int = 1,
) -> EquityResult:
    """Equity (§2.9) of 2 to 10 known hands: every board completion in C, or ``trials`` random ones.

    ``seed`` makes Monte Carlo runs repeatable; ``None`` draws one from the OS. ``threads`` splits an
    exact run into parts of about equal work, one C call each without the GIL (the counts are the same
    for every thread count); a Monte Carlo run is one random stream from its seed and uses one thread
    (``equity_batch`` spreads many queries over threads).
    """
    workers = parallel.thread_count(threads, "2.9")
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
        workers,
    )


# ---- many equity queries in one call (§2.9) ----

NO_CARD = lib.PH_NO_CARD
"""A missing card in a row of ``equity_batch``'s boards or dead cards (-1 is read the same way)."""

_COMPLETIONS = np.array([[math.comb(n, left) for left in range(6)] for n in range(53)], dtype=np.uint64)


@dataclass(frozen=True, eq=False)
class EquityBatch:
    """The counts of ``equity_batch``, one row per query: ``boards`` (Q,), ``wins``, ``ties``,
    ``shares`` (Q, players; shares in 1/2520 pots) as uint64, and ``exact`` (Q,), whether the row
    counted every completion of its board (§2.9)."""

    boards: np.ndarray
    wins: np.ndarray
    ties: np.ndarray
    shares: np.ndarray
    exact: np.ndarray

    def __len__(self) -> int:
        return len(self.boards)

    @property
    def equity(self) -> np.ndarray:
        """Each hand's share of the pot, (Q, players) float64."""
        return self.shares / (float(rankings.SHARE_UNIT) * self.boards[:, None])

    @property
    def win(self) -> np.ndarray:
        return self.wins / self.boards[:, None].astype(np.float64)

    @property
    def tie(self) -> np.ndarray:
        return self.ties / self.boards[:, None].astype(np.float64)

    def result(self, query: int) -> EquityResult:
        """Row ``query`` as the ``EquityResult`` that ``equity`` returns for the same query."""
        return EquityResult(
            int(self.boards[query]),
            tuple(int(v) for v in self.wins[query]),
            tuple(int(v) for v in self.ties[query]),
            tuple(int(v) for v in self.shares[query]),
        )


def _card_array(value: Any, name: str, ndim: int) -> np.ndarray:
    """``value`` as an int64 array of ``ndim`` dimensions (entries not yet checked)."""
    try:
        array = np.asarray(value)
    except (TypeError, ValueError):
        raise InvalidCards(f"{name} must be an array of card ids, not {show_value(value)}", "2.9") from None
    if array.size == 0 and array.dtype.kind in "fiub":
        array = array.astype(np.int64)
    if array.dtype.kind not in "iu":
        raise InvalidCards(f"{name} must be an array of integer card ids, not {array.dtype}", "2.9")
    if array.ndim != ndim:
        raise InvalidCards(f"{name} must have {ndim} dimensions, not shape {array.shape}", "2.9")
    if array.dtype.kind == "u" and array.dtype.itemsize == 8:
        array = np.minimum(array, np.uint64(1 << 62))  # out-of-range stays out of range as int64
    return array.astype(np.int64)


def _cards_or_missing(value: Any, name: str, queries: int, width: int) -> np.ndarray:
    if value is None:
        return np.zeros((queries, 0), dtype=np.int64)
    array = _card_array(value, name, 2)
    if array.shape[0] != queries or array.shape[1] > width:
        raise InvalidCards(
            f"{name} must have shape ({queries}, 0..{width}) for {queries} queries, not {array.shape}", "2.9"
        )
    return np.where(array == -1, NO_CARD, array)


def _query_cards(
    holes: np.ndarray, boards: np.ndarray, dead: np.ndarray, q: int
) -> tuple[list[list[int]], list[int], list[int]]:
    hands = [[int(c) for c in hole] for hole in holes[q]]
    board = [int(c) for c in boards[q] if c != NO_CARD]
    gone = [int(c) for c in dead[q] if c != NO_CARD]
    return hands, board, gone


def _refuse_query(holes: np.ndarray, boards: np.ndarray, dead: np.ndarray, q: int, status: int) -> None:
    """Raise the spec's error for query ``q`` (prefixed with the query), as ``equity`` would."""
    present = boards[q] != NO_CARD
    if (present[1:] & ~present[:-1]).any():
        shown = [int(c) for c in boards[q]]
        raise InvalidCards(f"query {q}: board {shown} has a card after a missing one ({NO_CARD})", "2.9")
    hands, board, gone = _query_cards(holes, boards, dead, q)
    prefix = f"query {q}: "
    _c.refuse_like_spec(lambda: rankings.equity_inputs(hands, board, gone), "equity_batch", status, prefix)


def _trials(trials: Any) -> int:
    number = as_integer(trials)
    if number is None or not 1 <= number <= rankings.MAX_TRIALS:
        raise RuleViolation(
            f"trials must be a positive int up to {rankings.MAX_TRIALS:_} (what a 64-bit share "
            f"counter holds), not {show_value(trials)}",
            "2.9",
        )
    return number


def query_seeds(seed: Any, queries: int) -> np.ndarray:
    """Query q's Monte Carlo seed in ``equity_batch`` (§2.9): ``seed + q`` modulo 2**64, or ``seed[q]``
    for an array; a fresh random ``seed`` for None."""
    if seed is None:
        seed = int.from_bytes(os.urandom(8), "little")
    number = as_integer(seed)
    if number is not None:
        if not 0 <= number < 1 << 64:
            raise RuleViolation(f"seed must be an int in 0..2**64-1 or None, not {show_value(seed)}", "2.9")
        return np.arange(queries, dtype=np.uint64) + np.uint64(number)
    array = np.asarray(seed) if isinstance(seed, (np.ndarray, list, tuple)) else None
    if array is None or array.shape != (queries,) or (array.size and array.dtype.kind not in "iu"):
        raise RuleViolation(
            f"seed must be an int, None or {queries} ints in 0..2**64-1, not {show_value(seed)}", "2.9"
        )
    if array.dtype.kind == "i" and (array < 0).any():
        row = int(np.argmax(array < 0))
        raise RuleViolation(f"seed of query {row} must be an int in 0..2**64-1, not {array[row]}", "2.9")
    return np.ascontiguousarray(array, dtype=np.uint64)


def _exact_flags(exact: Any, completions: np.ndarray, trials: int) -> np.ndarray:
    queries = len(completions)
    if exact is None:
        return completions <= np.uint64(trials)
    if isinstance(exact, (bool, np.bool_)):
        return np.full(queries, bool(exact))
    array = np.asarray(exact) if isinstance(exact, (np.ndarray, list, tuple)) else None
    if array is None or array.shape != (queries,) or (array.size and array.dtype != np.bool_):
        raise RuleViolation(
            f"exact must be None, a bool or {queries} bools (one per query), not {show_value(exact)}", "2.9"
        )
    return array.astype(bool)


def _bytes_for_c(array: np.ndarray, dtype: Any) -> Any:
    """A C pointer to ``array`` (made contiguous in ``dtype``); a 1-entry dummy when it is empty."""
    data = np.ascontiguousarray(array, dtype=dtype)
    if data.size == 0:
        data = np.zeros(1, dtype=dtype)
    return ffi.from_buffer(data), data


def equity_batch(
    holes: Any,
    boards: Any = None,
    dead: Any = None,
    *,
    exact: Any = None,
    trials: int = 10_000,
    seed: Any = None,
    threads: int = 1,
) -> EquityBatch:
    """Many equity queries (§2.9) in one C call: row q of the result is ``equity`` of query q.

    ``holes`` is (Q, players, 2) card ids (2..10 players, the same for every query); ``boards``
    (Q, 0..5) holds each query's board followed by ``NO_CARD`` (or -1) for missing cards (0, 3, 4 or 5
    cards); ``dead`` (Q, 0..52) holds dead cards, ``NO_CARD`` / -1 entries skipped. ``exact`` per
    query (a bool or Q bools), or ``None``: exact when the board has at most ``trials`` completions.
    A Monte Carlo query q draws ``trials`` boards with seed ``seed + q`` (mod 2**64), or ``seed[q]`` for
    an array of Q seeds: the counts of ``equity(..., trials=trials, seed=that seed)``; an exact query's
    are ``equity(...)``'s. Every row is checked before any is computed: a bad one raises the error
    ``equity`` raises for it, prefixed with ``query q:``. ``threads`` splits the queries into
    contiguous chunks, one C call each without the GIL; the results do not depend on it.
    """
    hole_array = _card_array(holes, "holes", 3)
    queries = hole_array.shape[0]
    if not 2 <= hole_array.shape[1] <= 10 or hole_array.shape[2] != 2:
        raise InvalidCards(f"holes must have shape (queries, 2..10, 2), not {hole_array.shape}", "2.9")
    players = hole_array.shape[1]
    board_array = _cards_or_missing(boards, "boards", queries, 5)
    dead_array = _cards_or_missing(dead, "dead", queries, 52)
    trials = _trials(trials)
    workers = parallel.thread_count(threads, "2.9")
    seeds = query_seeds(seed, queries)

    present = board_array != NO_CARD
    counts = present.sum(axis=1)
    wrong = (hole_array < 0).any(axis=(1, 2)) | (hole_array > 51).any(axis=(1, 2))
    wrong |= (present & ((board_array < 0) | (board_array > 51))).any(axis=1)
    wrong |= (present[:, 1:] & ~present[:, :-1]).any(axis=1) | ~np.isin(counts, (0, 3, 4, 5))
    wrong |= ((dead_array != NO_CARD) & ((dead_array < 0) | (dead_array > 51))).any(axis=1)
    first_wrong = int(np.argmax(wrong)) if wrong.any() else queries

    hole_ptr, hole_data = _bytes_for_c(hole_array[:first_wrong], np.uint8)
    board_ptr, board_data = _bytes_for_c(board_array[:first_wrong], np.uint8)
    count_ptr, count_data = _bytes_for_c(counts[:first_wrong], np.uint8)
    dead_ptr, dead_data = _bytes_for_c(dead_array[:first_wrong], np.uint8)
    b_width, d_width = board_array.shape[1], dead_array.shape[1]
    bad = ffi.new("size_t *")
    shape = {"players": players, "board_stride": b_width, "dead_stride": d_width}
    rows = {"queries": first_wrong, "holes": hole_ptr, "boards": board_ptr, "board_counts": count_ptr}
    status = lib.ph_equity_batch_check(ffi.new("ph_equity_rows *", {**shape, **rows, "dead": dead_ptr}), bad)
    if status != lib.PH_OK:
        _refuse_query(hole_array, board_array, dead_array, int(bad[0]), status)
    if first_wrong < queries:
        _refuse_query(hole_array, board_array, dead_array, first_wrong, lib.PH_ERR_ARGUMENT)

    left = 5 - counts
    remaining = 52 - 2 * players - counts - (dead_array != NO_CARD).sum(axis=1)
    flags = _exact_flags(exact, _COMPLETIONS[remaining, left], trials)
    exact_ptr, exact_data = _bytes_for_c(flags, np.uint8)
    seed_ptr, seed_data = _bytes_for_c(seeds, np.uint64)
    wins, ties, shares = (np.zeros((queries, players), dtype=np.uint64) for _ in range(3))
    done = np.zeros(queries, dtype=np.uint64)
    outs: list[Any] = (
        [ffi.from_buffer("uint64_t[]", a) for a in (wins, ties, shares, done)] if queries else [None] * 4
    )
    hole_p = ffi.cast("uint8_t *", hole_ptr)
    board_p, count_p = ffi.cast("uint8_t *", board_ptr), ffi.cast("uint8_t *", count_ptr)
    dead_p, exact_p = ffi.cast("uint8_t *", dead_ptr), ffi.cast("uint8_t *", exact_ptr)
    seed_p = ffi.cast("uint64_t *", seed_ptr)

    def chunk(start: int, stop: int, bad_row: Any) -> int:
        at = start * players
        part = {
            "queries": stop - start,
            "holes": hole_p + 2 * at,
            "boards": board_p + start * b_width,
            "board_counts": count_p + start,
            "dead": dead_p + start * d_width,
            "exact": exact_p + start,
            "trials": trials,
            "seeds": seed_p + start,
            "wins": outs[0] + at,
            "ties": outs[1] + at,
            "shares": outs[2] + at,
            "boards_out": outs[3] + start,
        }
        return int(lib.ph_equity_batch(ffi.new("ph_equity_rows *", {**shape, **part}), bad_row))

    if queries:
        status, row = parallel.run_chunks(chunk, queries, workers)
        if status != lib.PH_OK:
            _refuse_query(hole_array, board_array, dead_array, row, status)
    del hole_data, board_data, count_data, dead_data, exact_data, seed_data
    return EquityBatch(done, wins, ties, shares, flags)


__all__ = [
    "NO_CARD",
    "Card",
    "Category",
    "EquityBatch",
    "EquityResult",
    "cards_to_mask",
    "category",
    "describe",
    "enumerate_categories",
    "equity",
    "equity_batch",
    "evaluate",
    "evaluate_batch",
    "evaluate_mask",
    "hand_class",
    "query_seeds",
]
