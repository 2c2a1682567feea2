"""The binding of ``csrc/simulate.c``: ``ph_simulate`` plays hands ``first .. first + n_hands - 1`` of one
``ph_setup`` with one ``ph_policy``, hand ``i`` from ``(seed, i)``, into NumPy arrays. ``threads`` cuts the
rows into contiguous chunks, one C call each from a thread pool (the GIL is released); every hand
depends on ``(seed, i)`` only, so the arrays are the same for any thread count. The set-ups, policies
and checks of a run are ``pyholdem.engine.bulk``'s.
"""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from itertools import pairwise
from typing import Any, NamedTuple

import numpy as np

from pyholdem.errors import NativeError
from pyholdem.native.lib import ffi, lib

__all__ = ["DECK_CODES", "BulkRows", "simulate_rows"]

DECK_CODES = {"standard": lib.PH_DECK_STANDARD, "fast": lib.PH_DECK_FAST}
"""Each deck ``simulate`` deals from, as its ``ph_deck`` code."""
_LOG = 2 * lib.PH_STEP_EVENTS


class BulkRows(NamedTuple):
    """What ``ph_simulate`` writes per hand (row ``j`` is hand ``first + j``)."""

    net: np.ndarray  # n_hands x seats, int64
    showdown: np.ndarray  # uint8
    actions: np.ndarray  # int32
    pots: np.ndarray  # int64


def simulate_rows(
    crules: Any, csetup: Any, cpolicy: Any, seed: int, deck: str, first: int, n_hands: int, threads: int
) -> BulkRows:
    """Hands ``first .. first + n_hands - 1`` of ``csetup`` under ``crules`` with ``cpolicy``, in
    ``threads`` chunks; a status other than ``PH_OK`` raises a ``NativeError`` naming the hand."""
    n_seats = csetup.seats
    net = np.zeros((n_hands, n_seats), dtype=np.int64)
    showdown = np.zeros(n_hands, dtype=np.uint8)
    actions = np.zeros(n_hands, dtype=np.int32)
    pots = np.zeros(n_hands, dtype=np.int64)
    bounds = [n_hands * k // threads for k in range(threads + 1)]  # rows, hand first + row
    chunks = [(a, b) for a, b in pairwise(bounds) if b > a]
    code = DECK_CODES[deck]
    # everything a call writes is allocated here, before any call: one hand and one log scratch per chunk
    net_p, showdown_p = ffi.from_buffer("int64_t[]", net), ffi.from_buffer("uint8_t[]", showdown)
    actions_p, pots_p = ffi.from_buffer("int32_t[]", actions), ffi.from_buffer("int64_t[]", pots)
    scratch = [(ffi.new("ph_hand *"), ffi.new("ph_event[]", _LOG)) for _ in chunks]
    runs = [
        ffi.new("ph_simulation *", {
            "rules": crules, "setup": csetup, "policy": cpolicy, "seed": seed, "deck": code,
            "first": first + row, "count": end - row, "hand": h, "log": log, "log_capacity": _LOG,
            "net": net_p + row * n_seats,
            "showdown": showdown_p + row, "actions": actions_p + row, "pots": pots_p + row,
        })
        for (row, end), (h, log) in zip(chunks, scratch, strict=True)
    ]  # fmt: skip

    def run(k: int) -> int:
        return int(lib.ph_simulate(runs[k]))

    if len(chunks) > 1:
        with ThreadPoolExecutor(max_workers=min(threads, len(chunks))) as pool:
            statuses = list(pool.map(run, range(len(chunks))))
    else:
        statuses = [run(k) for k in range(len(chunks))]
    for k, status in enumerate(statuses):
        if status != lib.PH_OK:
            bad = first + chunks[k][0] + runs[k].done
            raise NativeError(f"ph_simulate stopped at hand {bad} with status {status}")
    return BulkRows(net, showdown, actions, pots)
