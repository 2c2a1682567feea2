"""Equity of hand ranges (spec 13) in C (csrc/ranges.c): exact by deal chunks, or Monte Carlo by
seeded chunks; both split over ``threads`` with the GIL released, the same answer for any count.

The notation, the expansion and the checks are the spec's (``pyholdem.spec.ranges``); this module
packs the live combos for ``ph_range_exact`` / ``ph_range_sample`` and adds up the chunks in order.
"""

from __future__ import annotations

import os
import threading
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from fractions import Fraction
from functools import partial
from math import comb, prod
from typing import TypeVar

from pyholdem.errors import InvalidRange, RuleViolation, show_value
from pyholdem.native.lib import check, ffi, lib
from pyholdem.spec import ranges as spec
from pyholdem.spec.cards import DECK_SIZE, Card, CardsLike, as_integer
from pyholdem.spec.ranges import (
    HandRange,
    RangeEquityResult,
    RangeLike,
    as_range,
    parse_range,
)
from pyholdem.spec.rankings import SHARE_UNIT

T = TypeVar("T")
MAX_THREADS = 64
Live = tuple[tuple[spec.Combo, Fraction], ...]


def _fixed_cards_removed(lives: Sequence[Live]) -> list[Live]:
    """Drop the combos that collide with a player's only combo (§13.6: the same deals, fewer misses)."""
    current = list(lives)
    while True:
        fixed = {int(c) for live in current if len(live) == 1 for c in live[0][0]}
        pruned: list[Live] = []
        for live in current:
            if len(live) == 1:
                pruned.append(live)
                continue
            pruned.append(tuple((c, w) for c, w in live if int(c[0]) not in fixed and int(c[1]) not in fixed))
        singles = [int(c) for live in pruned if len(live) == 1 for c in live[0][0]]
        if any(not live for live in pruned) or len(set(singles)) != len(singles):
            raise InvalidRange("no deal gives every player a combo without sharing a card", "13.5")
        if pruned == current:
            return pruned
        current = pruned


class _Query:
    """A ``ph_range_query`` and the buffers it points into (kept alive with it)."""

    def __init__(self, lives: Sequence[Live], board: Sequence[Card], dead: Sequence[Card]) -> None:
        flat = [int(c) for live in lives for combo, _ in live for c in combo]
        self.combos = ffi.new("uint8_t[]", flat)
        thousandths = [w.numerator * (spec.WEIGHT_UNIT // w.denominator) for live in lives for _, w in live]
        self.weights = ffi.new("uint16_t[]", thousandths)
        q = ffi.new("ph_range_query *")
        q.players = len(lives)
        q.board_count = len(board)
        first = 0
        q.first[0] = 0
        for p, live in enumerate(lives):
            first += len(live)
            q.first[p + 1] = first
        for i, c in enumerate(board):
            q.board[i] = int(c)
        mask = 0
        for c in dead:
            mask |= 1 << int(c)
        q.dead = mask
        q.combos = self.combos
        q.weights = self.weights
        self.q = q
        self.players = len(lives)


def _check_threads(threads: object) -> int:
    number = as_integer(threads)
    if number is None or not 1 <= number <= MAX_THREADS:
        raise RuleViolation(
            f"threads must be an int from 1 to {MAX_THREADS}, not {show_value(threads)}", "13.6"
        )
    return number


def _each(jobs: Iterable[Callable[[], T]], threads: int) -> Iterator[T]:
    """The jobs' results in order. Each job is a C call without the GIL, so a pool of ``threads``
    runs them at once (at most two per thread in flight). Ctrl-C is delivered between jobs (a few
    ms each); the jobs not yet started are then dropped."""
    if threads == 1:
        for job in jobs:
            yield job()
        return
    pending: deque[Future[T]] = deque()
    pool = ThreadPoolExecutor(threads)
    try:
        for job in jobs:
            pending.append(pool.submit(job))
            if len(pending) >= 2 * threads:
                yield pending.popleft().result()
        while pending:
            yield pending.popleft().result()
    finally:
        for future in pending:
            future.cancel()
        pool.shutdown(wait=True, cancel_futures=True)


MEMO_ENTRIES = 1 << 14
"""At most this many deals' counts kept per thread (``ph_range_chunk.memo``)."""


def _memo_words(lives: Sequence[Live]) -> int:
    """Words of a memo with room for every deal of a small run, else for ``MEMO_ENTRIES``."""
    entries = min(prod(len(live) for live in lives), MEMO_ENTRIES)
    capacity = 1 << max(1, (2 * entries - 1).bit_length())
    return 2 + capacity * (2 + 3 * len(lives))


def _exact(query: _Query, lives: Sequence[Live], completions: int, threads: int) -> RangeEquityResult:
    n = query.players
    words = _memo_words(lives)
    scratch = threading.local()

    def chunk(
        start: tuple[int, ...], stop: tuple[int, ...]
    ) -> tuple[list[float], list[float], list[float], float, int, int]:
        # each thread keeps its own memo for the whole run (the chunks' counts never depend on it)
        memo = getattr(scratch, "memo", None)
        if memo is None:
            memo = scratch.memo = ffi.new("uint64_t[]", words)
        part = ffi.new("ph_range_chunk *", {"lo": start, "hi": stop, "memo": memo, "memo_words": words})
        check(lib.ph_range_exact(query.q, part), "range equity", "13.5")
        return (
            ffi.unpack(part.win, n),
            ffi.unpack(part.tie, n),
            ffi.unpack(part.share, n),
            part.weight,
            part.deals,
            part.boards,
        )

    plan = spec.exact_chunks([len(live) for live in lives], completions)
    parts = _each((partial(chunk, a, b) for a, b in plan), threads)
    win, tie, share = [0.0] * n, [0.0] * n, [0.0] * n
    weight = 0.0
    deals = boards = 0
    for w, t, s, wb, d, b in parts:
        for p in range(n):
            win[p] += w[p]
            tie[p] += t[p]
            share[p] += s[p]
        weight += wb
        deals += d
        boards += b
    if deals == 0:
        raise InvalidRange("no deal gives every player a combo without sharing a card", "13.5")
    return RangeEquityResult(
        tuple(s / weight for s in share),
        tuple(w / weight for w in win),
        tuple(t / weight for t in tie),
        True,
        deals,
        boards,
    )


def _monte_carlo(query: _Query, trials: int, seed: int, threads: int) -> RangeEquityResult:
    n = query.players

    def chunk(c: int) -> tuple[list[int], list[int], list[int]]:
        count = min(spec.CHUNK_TRIALS, trials - c * spec.CHUNK_TRIALS)
        draw = ffi.new("ph_range_draw *")
        draw.seed, draw.chunk, draw.trials = seed, c, count
        draw.max_attempts = count * spec.MAX_ATTEMPTS_PER_TRIAL
        status = lib.ph_range_sample(query.q, draw)
        if status == lib.PH_ERR_REFUSED:
            raise RuleViolation(
                f"the ranges seldom fit together: more than {spec.MAX_ATTEMPTS_PER_TRIAL} deals drawn per "
                "trial share a card",
                "13.6",
            )
        check(status, "range equity", "13.6")
        return list(draw.wins)[:n], list(draw.ties)[:n], list(draw.shares)[:n]

    chunks = -(-trials // spec.CHUNK_TRIALS)
    parts = _each((partial(chunk, c) for c in range(chunks)), min(threads, chunks))
    wins, ties, shares = [0] * n, [0] * n, [0] * n
    for w, t, s in parts:
        for p in range(n):
            wins[p] += w[p]
            ties[p] += t[p]
            shares[p] += s[p]
    return RangeEquityResult(
        tuple(s / (SHARE_UNIT * trials) for s in shares),
        tuple(w / trials for w in wins),
        tuple(t / trials for t in ties),
        False,
        trials,
        trials,
    )


def range_equity(
    players: Iterable[RangeLike | Iterable[Card]],
    board: CardsLike = (),
    dead: CardsLike = (),
    *,
    trials: int | None = None,
    seed: int | None = None,
    exact: bool | None = None,
    threads: int = 1,
) -> RangeEquityResult:
    """Equity (§13.5) of 2 to 10 players, each a range (``HandRange`` or text) or a hand, in C.

    ``exact=None`` counts every deal and board when that is feasible (§13.6) and no ``trials`` are
    given, else runs ``trials`` (default ``DEFAULT_TRIALS``) Monte Carlo deals; ``exact=True`` always
    counts, ``exact=False`` always samples. ``seed`` makes sampling repeatable (``None``: from the
    OS); ``threads`` splits the work, with the same result for any number.
    """
    lives, shown, gone = spec.range_equity_inputs(players, board, dead)
    threads = _check_threads(threads)
    if exact not in (None, True, False):
        raise RuleViolation(f"exact must be True, False or None, not {show_value(exact)}", "13.6")
    if exact and trials is not None:
        raise RuleViolation("exact=True counts every deal: give no trials", "13.6")
    given_trials = trials
    trials, seed = spec.check_trials(spec.DEFAULT_TRIALS if trials is None else trials, seed)
    lives = tuple(_fixed_cards_removed(lives))
    if exact is None:
        exact = given_trials is None and spec.exact_is_feasible(
            [len(live) for live in lives], len(shown), len(shown) + len(gone)
        )
    query = _Query(lives, shown, gone)
    if exact:
        unseen = DECK_SIZE - len(shown) - len(gone) - 2 * len(lives)
        return _exact(query, lives, comb(unseen, 5 - len(shown)), threads)
    if seed is None:
        seed = int.from_bytes(os.urandom(8), "little")
    return _monte_carlo(query, trials, seed, threads)


__all__ = ["HandRange", "RangeEquityResult", "as_range", "parse_range", "range_equity"]
