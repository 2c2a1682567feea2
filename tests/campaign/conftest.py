"""Executors shared by the campaign tests: one process pool and one two-worker Dask local cluster per
module (started once, closed at the end), so that every test compares serial with both."""

from __future__ import annotations

from collections.abc import Iterator
from concurrent.futures import Executor, ProcessPoolExecutor

import pytest


@pytest.fixture(scope="module")
def process_pool() -> Iterator[Executor]:
    with ProcessPoolExecutor(max_workers=2) as pool:
        yield pool


@pytest.fixture(scope="module")
def dask_executor() -> Iterator[Executor]:
    distributed = pytest.importorskip("distributed")
    with distributed.Client(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
    ) as client:
        yield client.get_executor()


@pytest.fixture(scope="module")
def executors(process_pool: Executor, dask_executor: Executor) -> dict[str, Executor | None]:
    """The three ways to run a campaign, by name."""
    return {"serial": None, "process": process_pool, "dask": dask_executor}
