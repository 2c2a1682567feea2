"""Campaign executors: chunking, spawned seeds and the ``--executor`` forms."""

from __future__ import annotations

import sys
from concurrent.futures import ProcessPoolExecutor

import numpy as np
import pytest

from pyholdem.campaign import ExecutorError, index_chunks, open_executor, run_chunks, spawn_seeds
from pyholdem.errors import PyHoldemError, SimulationError


def test_spawned_seeds_do_not_depend_on_how_many_are_spawned() -> None:
    seeds = spawn_seeds(2026, 10)
    assert seeds[:4] == spawn_seeds(2026, 4)
    assert len(set(seeds)) == 10 and all(0 <= s < 1 << 64 for s in seeds)
    child = np.random.SeedSequence(2026).spawn(10)[7]
    assert seeds[7] == int(child.generate_state(1, np.uint64)[0])
    assert spawn_seeds(2027, 3) != seeds[:3]
    assert spawn_seeds(5, 0) == []


@pytest.mark.parametrize("bad", [-1, 1 << 64, 1.5, "7", None])
def test_spawned_seeds_refuse_a_seed_that_is_not_64_bits(bad: object) -> None:
    with pytest.raises(ExecutorError, match="seed"):
        spawn_seeds(bad, 3)  # type: ignore[arg-type]


def test_index_chunks_cover_in_order() -> None:
    assert index_chunks(10, 4) == [(0, 4), (4, 8), (8, 10)]
    assert index_chunks(0, 4) == []
    with pytest.raises(ExecutorError, match="chunk size 0"):
        index_chunks(10, 0)


def _square_or_fail(x: int) -> int:
    if x == 3:
        raise SimulationError("three is refused")
    return x * x


def test_run_chunks_keeps_task_order_and_raises_the_first_failure() -> None:
    with ProcessPoolExecutor(max_workers=2) as pool:
        assert run_chunks(pool, _square_or_fail, [(x,) for x in (5, 1, 4)]) == [25, 1, 16]
        with pytest.raises(SimulationError, match="three is refused"):
            run_chunks(pool, _square_or_fail, [(x,) for x in (1, 3, 2)])
    assert run_chunks(None, _square_or_fail, [(2,), (0,)]) == [4, 0]


def test_open_executor_forms() -> None:
    with open_executor("serial") as none:
        assert none is None
    with open_executor(None) as none:
        assert none is None
    with open_executor("process:2") as pool:
        assert isinstance(pool, ProcessPoolExecutor)
        assert pool.submit(_square_or_fail, 6).result() == 36


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("threads", "is not one of serial, process"),
        ("process:0", "'0' is not a number of workers"),
        ("process:two", "'two' is not a number of workers"),
        ("dask:-1", "'-1' is not a number of workers"),
        ("", "is not one of"),
    ],
)
def test_open_executor_refuses_what_names_no_executor(text: str, why: str) -> None:
    with pytest.raises(ExecutorError, match=why) as caught, open_executor(text):
        pass
    assert isinstance(caught.value, PyHoldemError)


@pytest.mark.parametrize("text", ["dask", "dask:2", "dask://127.0.0.1:8786"])
def test_dask_without_the_extra_names_the_extra(text: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "distributed", None)  # as if not installed: import raises
    with pytest.raises(ExecutorError, match=r'pip install "pyholdem\[dask\]"'), open_executor(text):
        pass


def test_dask_local_cluster_is_an_executor() -> None:
    pytest.importorskip("distributed")
    with open_executor("dask:2") as executor:
        assert executor is not None
        assert run_chunks(executor, _square_or_fail, [(x,) for x in (0, 1, 2, 4)]) == [0, 1, 4, 16]
