"""Every campaign entry point gives the in-process answer, bit for bit, run serially, by
a two-worker process pool and by a two-worker Dask local cluster."""

from __future__ import annotations

import sys
from concurrent.futures import Executor
from pathlib import Path

import numpy as np
import pytest

from pyholdem import RuleSet
from pyholdem.campaign import (
    equity_batch,
    range_equities,
    replay_paths,
    run_adapter,
    simulate,
    simulate_summary,
)
from pyholdem.conformance.tournament_cases import worked_cases
from pyholdem.engine.bulk import simulate as simulate_once
from pyholdem.engine.policies import StreetPolicy
from pyholdem.errors import InvalidCards, InvalidRange, SimulationError
from pyholdem.history.replay import replay_paths as replay_in_order
from pyholdem.history.sessions import simulated_history
from pyholdem.native import evaluation, ranges

KINDS = ("serial", "process", "dask")
SETUP = {"button": 2, "blinds": (25, 50)}
STACKS = [5_000, 3_000, 8_000, 5_000, 1_200]
EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "histories"
SELF = [sys.executable, "-m", "pyholdem.conformance.self_adapter"]


def _same_run(a: object, b: object) -> None:
    for name in ("net", "showdown", "actions", "pots"):
        np.testing.assert_array_equal(getattr(a, name), getattr(b, name), err_msg=name)
    assert (a.seed, a.first, a.deck) == (b.seed, b.first, b.deck)  # type: ignore[attr-defined]


@pytest.mark.parametrize("kind", KINDS)
def test_simulate_equals_the_one_call(kind: str, executors: dict[str, Executor | None]) -> None:
    once = simulate_once(RuleSet(), 3_001, STACKS, seed=99, first=17, **SETUP)
    cut = simulate(
        RuleSet(), 3_001, STACKS, seed=99, first=17, executor=executors[kind], chunk_hands=700, **SETUP
    )
    _same_run(once, cut)
    assert len(cut.net) == 3_001


@pytest.mark.parametrize("kind", KINDS)
def test_simulate_fast_deck_policy_and_records(kind: str, executors: dict[str, Executor | None]) -> None:
    policy = StreetPolicy((0.1, 0.6, 0.3), (0.2, 0.5, 0.3), (0.2, 0.5, 0.3), (0.3, 0.5, 0.2))
    once = simulate_once(RuleSet(), 900, STACKS, seed=5, policy=policy, deck="fast", record=[3, 800], **SETUP)
    cut = simulate(
        RuleSet(), 900, STACKS, seed=5, policy=policy, deck="fast", record=[3, 800],
        executor=executors[kind], chunk_hands=128, **SETUP,
    )  # fmt: skip
    _same_run(once, cut)
    assert sorted(cut.records) == [3, 800]
    assert simulated_history(cut, 800) == simulated_history(once, 800)


@pytest.mark.parametrize("kind", KINDS)
def test_simulate_summary_adds_up_the_rows(kind: str, executors: dict[str, Executor | None]) -> None:
    rows = simulate_once(RuleSet(), 2_500, STACKS, seed=2026, **SETUP)
    total = simulate_summary(
        RuleSet(), 2_500, STACKS, seed=2026, executor=executors[kind], chunk_hands=333, **SETUP
    )
    assert total.hands == 2_500 and total.seed == 2026
    assert total.net == tuple(int(v) for v in rows.net.sum(axis=0))
    assert total.showdowns == int(rows.showdown.sum())
    assert total.pot_chips == int(rows.pots.sum()) and total.actions == int(rows.actions.sum())
    assert sum(total.net) == 0


def test_simulate_refuses_bad_arguments_before_any_chunk_runs() -> None:
    with pytest.raises(SimulationError, match="n_hands -1"):
        simulate(RuleSet(), -1, STACKS, seed=1, **SETUP)
    with pytest.raises(SimulationError, match="chunk_hands 0"):
        simulate_summary(RuleSet(), 10, STACKS, seed=1, chunk_hands=0, **SETUP)
    with pytest.raises(SimulationError, match="record: 10 is not a hand index"):
        simulate(RuleSet(), 10, STACKS, seed=1, record=[10], **SETUP)
    with pytest.raises(SimulationError, match="seed"):
        simulate(RuleSet(), 10, STACKS, seed=-4, **SETUP)
    with pytest.raises(SimulationError, match="fix no seed"):
        simulate(RuleSet(), 10, STACKS, seed=1, board="As Kd 7c", **SETUP)
    empty = simulate(RuleSet(), 0, STACKS, seed=1, **SETUP)
    assert empty.net.shape == (0, len(STACKS))
    assert simulate_summary(RuleSet(), 0, STACKS, seed=1, **SETUP).net == (0,) * len(STACKS)


def _queries(rng: np.random.Generator, count: int) -> tuple[np.ndarray, np.ndarray]:
    decks = np.array([rng.permutation(52)[:9] for _ in range(count)], dtype=np.int64)
    holes = decks[:, :4].reshape(count, 2, 2)
    boards = decks[:, 4:9].copy()
    boards[::3, 3:] = -1  # some flops: Monte Carlo with 10 trials below their completions
    boards[1::3, :] = -1  # some preflop: Monte Carlo
    return holes, boards


@pytest.mark.parametrize("kind", KINDS)
def test_equity_batch_equals_the_one_call(kind: str, executors: dict[str, Executor | None]) -> None:
    holes, boards = _queries(np.random.default_rng(16), 150)
    once = evaluation.equity_batch(holes, boards, trials=500, seed=12345)
    cut = equity_batch(holes, boards, trials=500, seed=12345, executor=executors[kind], chunk_queries=40)
    for name in ("boards", "wins", "ties", "shares", "exact"):
        np.testing.assert_array_equal(getattr(once, name), getattr(cut, name), err_msg=name)
    assert cut.exact.any() and not cut.exact.all()


def test_equity_batch_names_the_bad_query_of_the_whole_batch(process_pool: Executor) -> None:
    holes, boards = _queries(np.random.default_rng(3), 90)
    holes[70, 1, 0] = holes[70, 0, 0]
    with pytest.raises(InvalidCards, match=r"^query 70: ") as once:
        evaluation.equity_batch(holes, boards, trials=100, seed=1)
    with pytest.raises(InvalidCards, match=r"^query 70: ") as cut:
        equity_batch(holes, boards, trials=100, seed=1, executor=process_pool, chunk_queries=25)
    assert str(once.value) == str(cut.value)


RANGE_QUERIES = [
    (["QQ+, AKs", "AsKd"], "Qs 7d 2c"),
    (["JJ-88", "AQo+", "KQs"], "", "2c 3d"),
    (["AhAd", "KK"], "Kc 7d 2c 5h"),
    (["22+", "A2s+"],),
]


@pytest.mark.parametrize("kind", KINDS)
def test_range_equities_take_spawned_seeds(kind: str, executors: dict[str, Executor | None]) -> None:
    serial = range_equities(RANGE_QUERIES, trials=3_000, seed=77)
    cut = range_equities(RANGE_QUERIES, trials=3_000, seed=77, executor=executors[kind], chunk_queries=3)
    assert cut == serial
    from pyholdem.campaign import spawn_seeds

    seeds = spawn_seeds(77, len(RANGE_QUERIES))
    players, board = RANGE_QUERIES[0]
    assert serial[0] == ranges.range_equity(players, board, trials=3_000, seed=seeds[0])
    exact = range_equities(RANGE_QUERIES[2:3], executor=executors[kind])
    assert exact[0].exact and exact[0] == ranges.range_equity(*RANGE_QUERIES[2])


@pytest.mark.parametrize("kind", KINDS)
def test_replay_paths_in_file_order(kind: str, executors: dict[str, Executor | None]) -> None:
    expected = list(replay_in_order([EXAMPLES]))
    found = replay_paths([EXAMPLES], executor=executors[kind])
    assert found == expected
    assert len(found) > 100 and sum(r.ok for r in found) > 100


@pytest.mark.parametrize("kind", ("serial", "process"))
def test_run_adapter_in_chunks(kind: str, executors: dict[str, Executor | None]) -> None:
    vectors = list(worked_cases())[:30]
    whole = run_adapter(SELF, vectors, timeout=60)
    cut = run_adapter(SELF, vectors, timeout=60, executor=executors[kind], chunk_vectors=12)
    assert whole.ok and cut.ok
    assert [(o.vector.id, o.status) for o in cut.outcomes] == [
        (o.vector.id, o.status) for o in whole.outcomes
    ]
    assert cut.adapter == whole.adapter


def test_equity_batch_refuses_what_the_one_call_refuses(process_pool: Executor) -> None:
    holes, boards = _queries(np.random.default_rng(4), 30)
    for bad in (boards[:29], [[1, 2, 3]] * 3):
        with pytest.raises(InvalidCards) as once:
            evaluation.equity_batch(holes, bad, trials=100, seed=1)
        with pytest.raises(InvalidCards) as cut:
            equity_batch(holes, bad, trials=100, seed=1, executor=process_pool, chunk_queries=7)
        assert str(cut.value) == str(once.value)
    with pytest.raises(InvalidRange, match="is not"):
        range_equities(["AA"])
