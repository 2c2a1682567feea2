"""Thin wrappers over the C evaluator (csrc/evaluator.c): the twins of spec 02's functions.

Every refusal from C is turned into the spec's own error for the same input: the wrapper asks
the spec function, which raises the typed error (same class, same message). If the spec accepts
an input that C refused, that is a bug in the core and raises ``NativeError``.
"""

from __future__ import annotations

import itertools
import math
from typing import Any, NoReturn

from pyholdem.errors import NativeError, PyHoldemError
from pyholdem.native import parallel
from pyholdem.native.lib import check, ffi, lib
from pyholdem.spec import rankings
from pyholdem.spec.cards import Card, CardsLike, cards


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
    value: int = lib.ph_hand_value(bytes(ids), len(ids))
    if value < 0:
        refuse_like_spec(lambda: rankings.hand_value(ids), "hand value", -value)
    return value


# Monte Carlo trials are run in steps of this many, each a C call without the GIL, so that Ctrl-C
# (KeyboardInterrupt) is delivered between steps within a fraction of a second (a step takes about
# 10-20 ms on the optimised build); the counts do not depend on the step size.
TRIALS_PER_STEP = 1 << 18


def equity(
    holes: list[list[int]], board: list[int], dead: list[int], trials: int, seed: int, threads: int = 1
) -> rankings.EquityResult:
    """C twin of ``pyholdem.spec.rankings.equity`` (``ph_equity``); ``trials`` 0 = every board.

    With ``trials`` (1..``rankings.MAX_TRIALS``) the random completions are drawn in steps of
    ``TRIALS_PER_STEP`` (``ph_equity_start`` / ``ph_equity_sample``): the same counts as one
    ``ph_equity`` call with the same seed, but interruptible between steps. ``threads`` > 1 splits an
    exact run (``ph_equity_exact_part``) into that many parts of about equal work, one thread each;
    the counts are sums, the same for every thread count.
    """
    n = len(holes)
    flat = bytes(c for hole in holes for c in hole)
    if trials == 0 and threads > 1:
        return _exact_in_parts(holes, board, dead, flat, threads)
    if trials == 0:
        cards = [ffi.from_buffer("uint8_t[]", bytes(c)) for c in (flat, board, dead)]
        query = ffi.new(
            "ph_equity_query *",
            {"players": n, "board_count": len(board), "dead_count": len(dead), "holes": cards[0]},
        )
        query.board, query.dead = cards[1], cards[2]
        status = lib.ph_equity(query)
        if status != lib.PH_OK:
            refuse_like_spec(lambda: rankings.equity_inputs(holes, board, dead), "equity", status)
        q = query
        return rankings.EquityResult(q.boards, tuple(q.wins[0:n]), tuple(q.ties[0:n]), tuple(q.shares[0:n]))
    run = ffi.new("ph_equity_run *")
    status = lib.ph_equity_start(run, flat, n, bytes(board), len(board), bytes(dead), len(dead), seed)
    if status != lib.PH_OK:
        refuse_like_spec(lambda: rankings.equity_inputs(holes, board, dead), "equity", status)
    sample = lib.ph_equity_sample
    done = 0
    while done < trials:
        step = min(TRIALS_PER_STEP, trials - done)
        check(sample(run, step), "equity", "2.9")
        done += step
    return rankings.EquityResult(
        run.boards, tuple(run.wins[0:n]), tuple(run.ties[0:n]), tuple(run.shares[0:n])
    )


def exact_parts(size: int, left: int, threads: int) -> list[tuple[int, int]]:
    """Up to ``threads`` contiguous ranges of ``ph_equity_exact_part``'s parts, of about equal numbers of
    completions (part i, the first new card deck[i], has C(size - i - 1, left - 1) of them)."""
    if left < 2:
        return [(0, 1)]
    weights = [math.comb(size - i - 1, left - 1) for i in range(size - left + 1)]
    total, bounds, running = sum(weights), [0], 0
    for i, weight in enumerate(weights):
        running += weight
        if running * threads >= total * len(bounds) and len(bounds) < threads:
            bounds.append(i + 1)
    if bounds[-1] != len(weights):
        bounds.append(len(weights))
    return [(lo, hi) for lo, hi in itertools.pairwise(bounds) if lo < hi]


def _exact_in_parts(
    holes: list[list[int]], board: list[int], dead: list[int], flat: bytes, threads: int
) -> rankings.EquityResult:
    n = len(holes)
    run = ffi.new("ph_equity_run *")
    status = lib.ph_equity_start(run, flat, n, bytes(board), len(board), bytes(dead), len(dead), 0)
    if status != lib.PH_OK:
        refuse_like_spec(lambda: rankings.equity_inputs(holes, board, dead), "equity", status)
    ranges = exact_parts(run.size, run.left, threads)
    runs = [ffi.new("ph_equity_run *", run[0]) for _ in ranges]
    part = lib.ph_equity_exact_part
    for status in parallel.map_threads(lambda i: part(runs[i], *ranges[i]), range(len(ranges))):
        check(status, "equity", "2.9")
    return rankings.EquityResult(
        sum(r.boards for r in runs),
        tuple(sum(r.wins[p] for r in runs) for p in range(n)),
        tuple(sum(r.ties[p] for r in runs) for p in range(n)),
        tuple(sum(r.shares[p] for r in runs) for p in range(n)),
    )
