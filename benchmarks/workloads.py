"""Benchmark inputs and the hand policy, with no pyholdem import: shared by the benchmarks in this
directory and by ``before_after_worker.py``, which runs them against an older pyholdem tree too.
"""

from __future__ import annotations

import gc
import random
from typing import Any

import numpy as np

SEATS = 6


def random_hands(n: int, seed: int = 2024) -> np.ndarray:
    """``n`` random 7-card hands (distinct cards within each row), uint8 card ids."""
    rng = np.random.default_rng(seed)
    keys = rng.random((n, 52), dtype=np.float32)
    return np.ascontiguousarray(np.argpartition(keys, 7, axis=1)[:, :7].astype(np.uint8))


def six_way_hands(n: int, seed: int = 5) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Random six-way showdowns: all-ins at a few levels, some folds, many tied hand values."""
    rng = np.random.default_rng(seed)
    levels = rng.integers(1, 400, size=(n, 3)) * 5
    contributions = np.take_along_axis(levels, rng.integers(0, 3, size=(n, SEATS)), axis=1)
    contributions += rng.integers(0, 2, size=(n, SEATS)) * rng.integers(0, 4, size=(n, 1))
    folded = rng.random((n, SEATS)) < 0.3
    folded[np.arange(n), rng.integers(0, SEATS, size=n)] = False
    values = rng.integers(0, 4, size=(n, SEATS)).astype(np.int32) * 1000 + 7
    buttons = rng.integers(0, SEATS, size=n)
    return contributions.astype(np.int64), folded, values, buttons


def choose(rng: random.Random, check: bool, call: bool, low: int | None, high: int | None) -> tuple[str, int]:
    """The random policy: check 60 %, call 15 %, bet or raise up to 3 × the minimum 10 %, else
    check or fold."""
    r = rng.random()
    if check and r < 0.6:
        return "check", 0
    if call and r < 0.75:
        return "call", 0
    if low is not None and high is not None and r < 0.85:
        return "raise", rng.randint(low, min(high, 3 * low))
    return ("check", 0) if check else ("fold", 0)


def play_out(hand: Any, rng: random.Random) -> int:
    """Play ``hand`` (a ``pyholdem.Hand`` of any version) to the end with ``choose``; the actions played."""
    actions = 0
    while not hand.is_over:
        legal = hand.legal_actions()
        kind, amount = choose(
            rng, legal.check, legal.call is not None, legal.min_raise_to, legal.max_raise_to
        )
        if kind == "raise":
            (hand.bet_to if legal.is_bet else hand.raise_to)(amount)
        else:
            getattr(hand, kind)()
        actions += 1
    return actions


def collected() -> None:
    """Run before each timed round, on both sides of a comparison alike: the garbage earlier rounds
    (and earlier benchmarks in the same process) left is collected first, not during the round."""
    gc.collect()
