"""Splitting one batch C call over threads: contiguous chunks, one C call each.

cffi releases the GIL around every C call that ``csrc/keep_gil.h`` does not name, so chunks run on
separate cores. A chunk's answer depends only on its rows, never on the chunk's bounds, so the results
are the same for every thread count; a failing call is reported as the first failing chunk's first bad
row, which is the first bad row of the whole batch.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from functools import lru_cache
from typing import TypeVar

from pyholdem.errors import RuleViolation, show_value
from pyholdem.native.lib import ffi, lib
from pyholdem.spec.cards import as_integer

MAX_THREADS = 64
T = TypeVar("T")
R = TypeVar("R")


def thread_count(threads: object, section: str) -> int:
    """``threads`` as an int in 1..MAX_THREADS, or ``RuleViolation`` naming it (``section``)."""
    number = as_integer(threads)
    if number is None or not 1 <= number <= MAX_THREADS:
        raise RuleViolation(f"threads must be an int in 1..{MAX_THREADS}, not {show_value(threads)}", section)
    return number


@lru_cache(maxsize=8)
def _pool(workers: int) -> ThreadPoolExecutor:
    return ThreadPoolExecutor(max_workers=workers, thread_name_prefix="pyholdem")


def chunks(rows: int, threads: int) -> list[tuple[int, int]]:
    """At most ``threads`` contiguous, non-empty ``(start, stop)`` ranges covering ``0..rows``."""
    parts = max(1, min(threads, rows))
    return [(rows * i // parts, rows * (i + 1) // parts) for i in range(parts)]


def map_threads(call: Callable[[T], R], items: Sequence[T]) -> list[R]:
    """``[call(item) for item in items]``, one thread each (the first on the calling thread)."""
    if len(items) <= 1:
        return [call(item) for item in items]
    pool = _pool(len(items) - 1)
    futures = [pool.submit(call, item) for item in items[1:]]
    return [call(items[0]), *(future.result() for future in futures)]


def run_chunks(call: Callable[[int, int, object], int], rows: int, threads: int) -> tuple[int, int]:
    """Run ``call(start, stop, bad)`` over the chunks of ``rows``; ``bad`` is a ``size_t *`` for the
    chunk's first bad row (relative to ``start``). Returns ``(status, row)``: ``(PH_OK, 0)``, or the
    first failing chunk's status and its bad row counted from 0."""
    parts = chunks(rows, threads)
    bad = ffi.new("size_t[]", len(parts))
    statuses = map_threads(lambda i: call(parts[i][0], parts[i][1], bad + i), range(len(parts)))
    for i, status in enumerate(statuses):
        if status != lib.PH_OK:
            return status, parts[i][0] + int(bad[i])
    return lib.PH_OK, 0
