"""The arrays of a batch of hands on the C core (``csrc/batch.c``): allocated once, stepped by one C call per
thread chunk (the GIL is released), the rows split into contiguous chunks (``pyholdem.native.parallel``).

``BatchArrays`` owns every array ``ph_batch`` points to; ``pyholdem.engine.batch.HandBatch`` checks the
arguments and calls ``deal`` and ``step`` here. Rows are independent, so the arrays are the same for
every thread count.
"""

from __future__ import annotations

import contextlib
import mmap
import threading
import weakref
from collections.abc import Sequence
from typing import Any

import numpy as np

from pyholdem.errors import NativeError
from pyholdem.native.hand import PackableSetup, native_rules, pack_setup
from pyholdem.native.lib import ffi, lib
from pyholdem.native.parallel import chunks, map_threads

__all__ = ["HAND_BYTES", "BatchArrays", "row_bytes"]

HAND_BYTES: int = ffi.sizeof("ph_hand")
"""The C state of one hand (``ph_hand``)."""

# per row: name -> (dtype, entries per seat of the width, fixed entries)
_PER_ROW: dict[str, tuple[type, int, int]] = {
    "layout": (np.int32, 0, 1),
    "initial": (np.int64, 1, 0),
    "keys": (np.uint32, 0, 3),
    "hist_len": (np.int32, 0, 1),
    "to_act": (np.int8, 0, 1),
    "legal": (np.uint8, 0, 1),
    "call": (np.int64, 0, 1),
    "min_to": (np.int64, 0, 1),
    "max_to": (np.int64, 0, 1),
    "pot": (np.int64, 0, 1),
    "stacks": (np.int64, 1, 0),
    "bets": (np.int64, 1, 0),
    "folded": (np.uint8, 1, 0),
    "street": (np.int8, 0, 1),
    "board": (np.int8, 0, 5),
    "holes": (np.int8, 2, 0),
    "revealed": (np.uint16, 0, 1),
    "done": (np.uint8, 0, 1),
    "actions": (np.int32, 0, 1),
    "net": (np.int64, 1, 0),
    "showdown": (np.uint8, 0, 1),
}
_HUGE = 2 << 20
_C_TYPES: dict[type, str] = {np.int8: "int8_t", np.uint8: "uint8_t", np.int32: "int32_t",
                             np.uint16: "uint16_t", np.uint32: "uint32_t", np.int64: "int64_t"}  # fmt: skip


def row_bytes(width: int, history: int) -> int:
    """The memory one row holds: its ``ph_hand``, its history (8 bytes an action) and its arrays."""
    arrays = sum(
        np.dtype(t).itemsize * (per_seat * width + fixed) for t, per_seat, fixed in _PER_ROW.values()
    )
    return HAND_BYTES + 8 * history + arrays


_spare: list[mmap.mmap] = []
_spare_lock = threading.Lock()


def _pages(size: int) -> mmap.mmap:
    """At least ``size`` bytes of their own pages, huge ones where the system gives them (``MADV_HUGEPAGE``):
    stepping a batch reads every row's hand, and far fewer address translations miss on huge pages. The
    mapping is private: a shared anonymous one is shared memory, which most systems keep on small pages.
    The mapping of the last batch freed is taken again when it fits (at most twice ``size``): a program
    that builds batch after batch does not pay the kernel's zeroing of fresh pages each time. Its bytes are
    then what that batch left, which nothing reads: every row's hand is dealt before it is read, and a
    row's history is read only up to its length."""
    with _spare_lock:
        kept = _spare.pop() if _spare else None
    if kept is not None:
        if size <= len(kept) <= 2 * size:
            return kept
        _close(kept)
    memory = mmap.mmap(-1, size, flags=mmap.MAP_PRIVATE | mmap.MAP_ANONYMOUS)
    advice = getattr(mmap, "MADV_HUGEPAGE", None)
    if advice is not None:
        with contextlib.suppress(OSError):
            memory.madvise(advice)
    return memory


def _keep(memory: mmap.mmap) -> None:
    """A freed batch's mapping is kept for the next batch; only one is kept, the one before given back."""
    with _spare_lock:
        before = _spare.pop() if _spare else None
        _spare.append(memory)
    if before is not None:
        _close(before)


def _close(memory: mmap.mmap) -> None:
    with contextlib.suppress(BufferError):  # still exported: given back when its last view goes
        memory.close()


def _shape(rows: int, width: int, per_seat: int, fixed: int) -> tuple[int, ...]:
    if per_seat == 0:
        return (rows,) if fixed == 1 else (rows, fixed)
    return (rows, width) if per_seat == 1 else (rows, width, per_seat)


class BatchArrays:
    """The hands, layouts and arrays of one batch (``ph_batch``), every array allocated here once."""

    def __init__(self, layouts: Sequence[PackableSetup], rows: int, width: int, history: int) -> None:
        self.rows, self.width, self.history = rows, width, history
        hands = HAND_BYTES * max(rows, 1)
        self._memory = _pages(hands + 8 * history * rows + _HUGE)
        weakref.finalize(self, _keep, self._memory)
        start = ffi.from_buffer("char[]", self._memory)
        skip = -int(ffi.cast("uintptr_t", start)) % _HUGE  # the hands start on a huge page
        self.hands = ffi.cast("ph_hand *", start + skip)
        # entries first (history x rows), after the hands: a step writes one run, on huge pages
        self.hist = np.frombuffer(self._memory, np.int64, history * rows, skip + hands).reshape(history, rows)
        self.setups = ffi.new("ph_setup[]", len(layouts))
        self.rules = ffi.new("ph_rules[]", len(layouts))
        for i, setup in enumerate(layouts):
            crules = native_rules(setup.rules)
            if crules is None:
                raise NativeError("the C engine cannot play this rule set")
            self.setups[i] = pack_setup(setup, ffi.NULL, 0, ffi.NULL)[0]
            self.rules[i] = crules[0]
        self.arrays: dict[str, np.ndarray] = {
            name: np.zeros(_shape(rows, width, per_seat, fixed), dtype=t)
            for name, (t, per_seat, fixed) in _PER_ROW.items()
        }
        c = self.c = ffi.new("ph_batch *")
        c.rows, c.width, c.history, c.layouts = rows, width, history, len(layouts)
        c.setups, c.rules, c.hands = self.setups, self.rules, self.hands
        c.hist = ffi.from_buffer("int64_t[]", self.hist) if history else ffi.NULL
        for name, (t, _, _) in _PER_ROW.items():
            setattr(c, name, ffi.from_buffer(f"{_C_TYPES[t]}[]", self.arrays[name]))

    def deal(self, rows: np.ndarray, threads: int) -> tuple[np.ndarray, np.ndarray]:
        """Deal new hands in ``rows`` (int64, each a row index): each row's ``ph_hand_init`` status and
        whether its hand is over at once."""
        count = len(rows)
        status = np.zeros(count, dtype=np.int32)
        finished = np.zeros(count, dtype=np.uint8)
        rows_p = ffi.from_buffer("int64_t[]", rows)
        status_p = ffi.from_buffer("int32_t[]", status)
        finished_p = ffi.from_buffer("uint8_t[]", finished)

        def call(part: tuple[int, int]) -> int:
            return int(lib.ph_batch_deal(self.c, rows_p, part[0], part[1], status_p, finished_p))

        if any(code != lib.PH_OK for code in map_threads(call, chunks(count, threads))):
            raise NativeError("ph_batch_deal refused the batch or a row index")
        return status, finished

    def step(
        self, rows: np.ndarray | None, kinds: np.ndarray, amounts: np.ndarray, apply: bool, threads: int
    ) -> tuple[np.ndarray, np.ndarray]:
        """One action per entry (``kinds``, ``amounts``: int64, contiguous; ``rows``: the row of each entry,
        or None for every row in order): each entry's refusal code and whether its hand ended."""
        count = len(kinds)
        codes = np.zeros(count, dtype=np.uint8)
        finished = np.zeros(count, dtype=np.uint8)
        held = (
            ffi.NULL if rows is None else ffi.from_buffer("int64_t[]", rows),
            ffi.from_buffer("int64_t[]", kinds),
            ffi.from_buffer("int64_t[]", amounts),
            ffi.from_buffer("uint8_t[]", codes),
            ffi.from_buffer("uint8_t[]", finished),
        )
        step = ffi.new("ph_batch_actions *")
        step.count, step.apply = count, apply
        step.rows, step.kinds, step.amounts, step.codes, step.finished = held

        if threads == 1:  # one call, no chunks: the usual case allocates nothing more
            refused = lib.ph_batch_step(self.c, step, 0, count) != lib.PH_OK
        else:

            def call(part: tuple[int, int]) -> int:
                return int(lib.ph_batch_step(self.c, step, part[0], part[1]))

            refused = any(code != lib.PH_OK for code in map_threads(call, chunks(count, threads)))
        if refused:
            raise NativeError("ph_batch_step refused the batch or a row index")
        return codes, finished

    def hand(self, row: int) -> Any:
        """Row ``row``'s ``ph_hand`` (a view of the C struct)."""
        return self.hands + row
