"""Executors for campaigns: how a long run is cut into chunks, who runs them, how they merge.

A campaign function cuts its work into chunks, submits one module-level (so picklable) function per chunk
to a ``concurrent.futures.Executor`` and merges the chunk results in chunk order. ``executor=None`` runs
the chunks one after another in this process. A chunk's answer depends only on the items it holds (hand
``i`` on ``(seed, i)``, query ``q`` on its own seed), never on the chunk's bounds or on which worker ran
it, so every executor and every worker count gives the same result.

``open_executor`` turns the command line's ``--executor`` text into an executor: ``serial`` (the
default, in process), ``process[:N]`` (a process pool of N workers, default the CPU count), ``dask[:N]``
(a local Dask cluster of N single-threaded worker processes) or ``dask://HOST:PORT`` (an existing Dask
scheduler); a Dask client's ``get_executor()`` is the executor. Dask is the optional extra
``pyholdem[dask]``.

A new kind of campaign (many tournaments, say) needs nothing more than a module-level function of one
chunk and its tasks: ``run_chunks(executor, play_tournaments, [(structure, seeds[a:b]) for a, b in
index_chunks(runs, size)])`` with ``seeds = spawn_seeds(seed, runs)``, so run ``k`` has its own seed
whatever the chunking.
"""

from __future__ import annotations

import multiprocessing
import os
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Executor, Future, ProcessPoolExecutor
from contextlib import contextmanager
from typing import Any, TypeVar

import numpy as np

from pyholdem.errors import PyHoldemError, show_value
from pyholdem.values import is_int

__all__ = [
    "EXECUTOR_FORMS",
    "ExecutorError",
    "index_chunks",
    "open_executor",
    "run_chunks",
    "spawn_seeds",
]

R = TypeVar("R")
EXECUTOR_FORMS = "serial, process[:N], dask[:N] or dask://HOST:PORT"
SEED_LIMIT = 1 << 64


class ExecutorError(PyHoldemError, ValueError):
    """An ``--executor`` text that names no executor, or Dask asked for without the ``dask`` extra."""


def spawn_seeds(seed: int, count: int) -> list[int]:
    """``count`` independent 64-bit seeds: item ``k``'s from ``SeedSequence(seed).spawn(count)[k]``.

    The seed of item ``k`` depends on ``seed`` and ``k`` only (``spawn`` numbers its children), so a
    list of items may be cut into chunks anywhere."""
    if not is_int(seed) or not 0 <= seed < SEED_LIMIT:
        raise ExecutorError(f"seed {show_value(seed)} is not an int in 0..2**64 - 1")
    if not is_int(count) or count < 0:
        raise ExecutorError(f"count {show_value(count)} is not a number of seeds >= 0")
    children = np.random.SeedSequence(int(seed)).spawn(int(count))
    return [int(child.generate_state(1, np.uint64)[0]) for child in children]


def index_chunks(count: int, size: int) -> list[tuple[int, int]]:
    """Contiguous ``(start, stop)`` ranges of at most ``size`` items covering ``0..count`` in order."""
    if not is_int(size) or size < 1:
        raise ExecutorError(f"chunk size {show_value(size)} is not an int >= 1")
    return [(start, min(start + size, count)) for start in range(0, count, size)]


def run_chunks(
    executor: Executor | None,
    call: Callable[..., R],
    tasks: Sequence[tuple[Any, ...]],
    progress: Callable[[int], None] | None = None,
) -> list[R]:
    """``[call(*task) for task in tasks]``, run by ``executor`` (None: here, in order).

    All tasks are submitted at once and their results taken in task order; when one fails, the
    tasks not yet started are cancelled and the first failing task's error (in task order) is raised.
    ``progress(k)`` is told after the ``k``-th result is taken (a progress bar)."""
    results: list[R] = []
    if executor is None:
        for task in tasks:
            results.append(call(*task))
            if progress is not None:
                progress(len(results))
        return results
    futures: list[Future[R]] = [executor.submit(call, *task) for task in tasks]
    try:
        for future in futures:
            results.append(future.result())
            if progress is not None:
                progress(len(results))
        return results
    finally:
        for future in futures:
            future.cancel()


def _workers(text: str, given: str) -> int | None:
    if not given:
        return None
    if not given.isdigit() or not 1 <= int(given) <= 1024:
        raise ExecutorError(f"executor {text!r}: {given!r} is not a number of workers in 1..1024")
    return int(given)


def _dask() -> Any:
    try:
        import distributed
    except ImportError:
        raise ExecutorError(
            'a Dask executor needs the dask extra: pip install "pyholdem[dask]" (the distributed package)'
        ) from None
    return distributed


@contextmanager
def open_executor(text: str | None) -> Iterator[Executor | None]:
    """The executor that ``text`` names (module docstring), shut down (cluster closed) on exit."""
    if text is None or text == "serial":
        yield None
        return
    if not isinstance(text, str):
        raise ExecutorError(f"executor {show_value(text)} is not one of {EXECUTOR_FORMS}")
    kind, _, count = text.partition(":")
    if kind == "process":
        # workers started by a fork server (or spawned), not forked from this possibly threaded process
        methods = multiprocessing.get_all_start_methods()
        context = multiprocessing.get_context("forkserver" if "forkserver" in methods else "spawn")
        workers = _workers(text, count) or os.cpu_count() or 1
        with ProcessPoolExecutor(max_workers=workers, mp_context=context) as pool:
            yield pool
        return
    if text.startswith("dask://"):
        distributed = _dask()
        with distributed.Client(text.removeprefix("dask://")) as client:
            yield client.get_executor()
        return
    if kind == "dask":
        distributed = _dask()
        workers = _workers(text, count) or os.cpu_count() or 1
        with distributed.Client(
            n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=None
        ) as client:
            yield client.get_executor()
        return
    raise ExecutorError(f"executor {text!r} is not one of {EXECUTOR_FORMS}")
