"""The long-running entry points with an ``executor``: bulk simulation, equity grids, range
queries, conformance runs and replays, each cut into chunks (``pyholdem.campaign.executors``).

Each function gives what its in-process counterpart gives for the same arguments, bit for bit, whatever
the executor and its number of workers:

- ``simulate`` / ``simulate_summary``: hand ``i`` depends on ``(seed, i)`` only (§1.4 and the policies
  module), so the hands are cut by index range, each chunk a ``pyholdem.engine.bulk`` call with
  ``first=``: the same rows as one ``simulate`` call.
- ``equity_batch``: query ``q`` of a Monte Carlo batch draws from ``seed + q`` (or ``seed[q]``); the
  seeds are fixed first, then the queries are cut by index range.
- ``range_equities``: many §13.5 queries; query ``q`` samples with the ``q``-th seed of
  ``SeedSequence(seed).spawn(len(queries))``.
- ``run_adapter``: the vectors are cut into chunks, each played through its own adapter process.
- ``replay_paths``: the files are replayed one per task, the results in file order.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from pyholdem.campaign.executors import index_chunks, run_chunks, spawn_seeds
from pyholdem.conformance import runner
from pyholdem.conformance.vectors import Vector
from pyholdem.engine import bulk
from pyholdem.engine.policies import Policy, RandomPolicy
from pyholdem.engine.setup import HandSetup
from pyholdem.errors import InvalidRange, PyHoldemError, SimulationError, show_value
from pyholdem.history import replay as replaying
from pyholdem.history.files import read_history
from pyholdem.history.phh import iter_files
from pyholdem.native import evaluation, ranges
from pyholdem.rules.ruleset import RuleSet
from pyholdem.values import is_int

__all__ = [
    "CHUNK_HANDS",
    "CHUNK_QUERIES",
    "CHUNK_VECTORS",
    "SimulationSummary",
    "equity_batch",
    "range_equities",
    "replay_paths",
    "run_adapter",
    "simulate",
    "simulate_summary",
]

CHUNK_HANDS = 50_000
CHUNK_QUERIES = 64
CHUNK_VECTORS = 200


# --- bulk simulation -------------------------------------------------------------------------------


@dataclass(frozen=True)
class SimulationSummary:
    """Totals of a simulation (exact integers, so chunks add up to the one-call totals): ``hands``,
    ``showdowns``, ``actions``, ``pot_chips`` (chips in the pots awarded) and ``net`` per seat."""

    hands: int
    showdowns: int
    actions: int
    pot_chips: int
    net: tuple[int, ...]
    seed: int

    @property
    def showdown_share(self) -> float:
        return self.showdowns / self.hands if self.hands else 0.0

    @property
    def mean_pot(self) -> float:
        return self.pot_chips / self.hands if self.hands else 0.0

    def as_dict(self) -> dict[str, Any]:
        return {
            "hands": self.hands,
            "seed": self.seed,
            "showdowns": self.showdowns,
            "showdown_share": self.showdown_share,
            "actions": self.actions,
            "mean_pot": self.mean_pot,
            "net": list(self.net),
            "mean_net": [n / self.hands if self.hands else 0.0 for n in self.net],
        }


def _summarise(result: bulk.SimulationResult) -> SimulationSummary:
    return SimulationSummary(
        len(result.pots),
        int(result.showdown.sum()),
        int(result.actions.sum(dtype=np.int64)),
        int(result.pots.sum()),
        tuple(int(v) for v in result.net.sum(axis=0)),
        result.seed,
    )


def _simulate_chunk(
    rules: RuleSet | HandSetup,
    stacks: Sequence[int] | None,
    arguments: dict[str, Any],
    policy: Policy,
    seed: int,
    deck: str,
    first: int,
    n_hands: int,
) -> bulk.SimulationResult:
    """Hands ``first .. first + n_hands - 1`` of the run (a chunk; module level, so picklable)."""
    return bulk.simulate(
        rules, n_hands, stacks, policy=policy, seed=seed, first=first, deck=deck, **arguments
    )


def _summary_chunk(*task: Any) -> SimulationSummary:
    return _summarise(_simulate_chunk(*task))


def _simulation_tasks(
    rules: RuleSet | HandSetup,
    n_hands: int,
    stacks: Sequence[int] | None,
    policy: Policy,
    seed: int | None,
    first: int,
    deck: str,
    chunk_hands: int,
    arguments: dict[str, Any],
) -> tuple[bulk.SimulationResult, list[tuple[Any, ...]]]:
    """The chunks of a run, and the run of no hands (every argument checked by the call itself)."""
    bulk.check_run(n_hands, first)
    if not is_int(chunk_hands) or chunk_hands < 1:
        raise SimulationError(f"chunk_hands {show_value(chunk_hands)} is not a number of hands >= 1")
    seed = bulk.run_seed(seed)
    seed, stacks = int(seed), None if stacks is None else list(stacks)
    empty = _simulate_chunk(rules, stacks, arguments, policy, seed, deck, int(first), 0)
    tasks = [
        (rules, stacks, arguments, policy, seed, deck, int(first) + a, b - a)
        for a, b in index_chunks(int(n_hands), chunk_hands)
    ]
    return empty, tasks


def simulate(
    rules: RuleSet | HandSetup,
    n_hands: int,
    stacks: Sequence[int] | None = None,
    *,
    policy: Policy = RandomPolicy(),  # noqa: B008 (an immutable value)
    seed: int | None = None,
    first: int = 0,
    record: Iterable[int] | None = None,
    deck: str = "standard",
    executor: Executor | None = None,
    chunk_hands: int = CHUNK_HANDS,
    **arguments: Any,
) -> bulk.SimulationResult:
    """``pyholdem.engine.bulk`` over ``executor``: the same result, cut into chunks of ``chunk_hands``
    hands by index. ``record`` hands are played again here, in process."""
    empty, tasks = _simulation_tasks(
        rules, n_hands, stacks, policy, seed, first, deck, chunk_hands, arguments
    )
    seed = empty.seed
    wanted: list[int] = []
    if record is not None:  # checked as simulate checks it, before any hand is played
        if isinstance(record, (str, bytes)) or not isinstance(record, Iterable):
            raise SimulationError(f"record {show_value(record)} is not a list of hand indices")
        wanted = list(record)
        for i in wanted:
            if not is_int(i) or not first <= i < first + n_hands:
                raise SimulationError(
                    f"record: {show_value(i)} is not a hand index in {first}..{first + n_hands - 1}"
                )
    parts = run_chunks(executor, _simulate_chunk, tasks) or [empty]
    records: dict[int, Any] = {}
    for i in wanted:
        one = bulk.simulate(
            rules, 1, stacks, policy=policy, seed=seed, first=i, deck=deck, record=[i], **arguments
        )
        records[i] = one.records[i]
    return bulk.SimulationResult(
        np.concatenate([p.net for p in parts]),
        np.concatenate([p.showdown for p in parts]),
        np.concatenate([p.actions for p in parts]),
        np.concatenate([p.pots for p in parts]),
        seed,
        deck,
        int(first),
        records,
    )


def simulate_summary(
    rules: RuleSet | HandSetup,
    n_hands: int,
    stacks: Sequence[int] | None = None,
    *,
    policy: Policy = RandomPolicy(),  # noqa: B008 (an immutable value)
    seed: int | None = None,
    first: int = 0,
    deck: str = "standard",
    executor: Executor | None = None,
    chunk_hands: int = CHUNK_HANDS,
    progress: Callable[[int], None] | None = None,
    **arguments: Any,
) -> SimulationSummary:
    """The totals of ``simulate``'s hands (``SimulationSummary``), each chunk summed where it ran, so
    only the totals travel back: for runs too long to keep every hand's row. ``progress(hands)`` is
    told the hands summed so far, chunk by chunk."""
    empty, tasks = _simulation_tasks(
        rules, n_hands, stacks, policy, seed, first, deck, chunk_hands, arguments
    )
    done = 0

    def chunk_done(_: int) -> None:
        nonlocal done
        if progress is not None:
            done = min(n_hands, done + chunk_hands)
            progress(done)

    parts = run_chunks(executor, _summary_chunk, tasks, chunk_done) or [_summarise(empty)]
    return SimulationSummary(
        sum(p.hands for p in parts),
        sum(p.showdowns for p in parts),
        sum(p.actions for p in parts),
        sum(p.pot_chips for p in parts),
        tuple(sum(column) for column in zip(*(p.net for p in parts), strict=True)),
        empty.seed,
    )


# --- equity grids ----------------------------------------------------------------------------------


def _equity_chunk(
    holes: np.ndarray, boards: np.ndarray | None, dead: np.ndarray | None, exact: Any, trials: int, seeds: Any
) -> evaluation.EquityBatch:
    return evaluation.equity_batch(holes, boards, dead, exact=exact, trials=trials, seed=seeds)


def _rows(value: Any, start: int, stop: int) -> Any:
    return None if value is None else value[start:stop]


def equity_batch(
    holes: Any,
    boards: Any = None,
    dead: Any = None,
    *,
    exact: Any = None,
    trials: int = 10_000,
    seed: Any = None,
    executor: Executor | None = None,
    chunk_queries: int = CHUNK_QUERIES,
) -> evaluation.EquityBatch:
    """``pyholdem.native.equity_batch`` over ``executor``: query ``q`` keeps its seed (``seed + q`` or
    ``seed[q]``), and the queries are cut into chunks of ``chunk_queries`` rows. A bad query raises
    the error the one call raises for it (its number counted in the whole batch)."""
    try:
        hole_array = np.asarray(holes)
        board_array = None if boards is None else np.asarray(boards)
        dead_array = None if dead is None else np.asarray(dead)
        exact_value = exact if np.ndim(exact) == 0 else np.asarray(exact)
    except (TypeError, ValueError):  # not arrays: the one call refuses them with its typed error
        return evaluation.equity_batch(holes, boards, dead, exact=exact, trials=trials, seed=seed)
    queries = len(hole_array) if hole_array.ndim else 0
    rows_each = [a for a in (board_array, dead_array, exact_value) if a is not None and np.ndim(a)]
    if queries == 0 or hole_array.ndim != 3 or any(len(a) != queries for a in rows_each):
        return evaluation.equity_batch(holes, boards, dead, exact=exact, trials=trials, seed=seed)
    seeds = evaluation.query_seeds(seed, queries)  # the seeds of the one call, fixed before cutting
    tasks = []
    for start, stop in index_chunks(queries, chunk_queries):
        flags = exact_value if np.ndim(exact_value) == 0 else exact_value[start:stop]
        rows = (_rows(board_array, start, stop), _rows(dead_array, start, stop))
        tasks.append((hole_array[start:stop], *rows, flags, trials, seeds[start:stop]))
    try:
        parts = run_chunks(executor, _equity_chunk, tasks)
    except PyHoldemError:  # name the query as the one call does: it checks every row before any work
        evaluation.equity_batch(holes, boards, dead, exact=exact, trials=trials, seed=seeds)
        raise
    return evaluation.EquityBatch(*(np.concatenate([getattr(p, f) for p in parts]) for f in _BATCH_FIELDS))


_BATCH_FIELDS = ("boards", "wins", "ties", "shares", "exact")


def _range_chunk(
    queries: Sequence[tuple[Any, Any, Any]], trials: int | None, seeds: Sequence[int], exact: bool | None
) -> list[ranges.RangeEquityResult]:
    return [
        ranges.range_equity(players, board, dead, trials=trials, seed=s, exact=exact)
        for (players, board, dead), s in zip(queries, seeds, strict=True)
    ]


def range_equities(
    queries: Iterable[Sequence[Any]],
    *,
    trials: int | None = None,
    seed: int | None = None,
    exact: bool | None = None,
    executor: Executor | None = None,
    chunk_queries: int = 1,
) -> list[ranges.RangeEquityResult]:
    """``pyholdem.native.range_equity`` of many queries, each ``(players)``, ``(players, board)`` or
    ``(players, board, dead)`` (§13.5). A query that samples (§13.6) uses the ``q``-th seed of
    ``SeedSequence(seed).spawn(len(queries))`` (``seed`` None: drawn at random)."""
    items: list[tuple[Any, Any, Any]] = []
    for q in queries:
        if isinstance(q, str) or not isinstance(q, Sequence) or not 1 <= len(q) <= 3:
            raise InvalidRange(f"query {show_value(q)} is not (players[, board[, dead]])", "13.5")
        items.append((q[0], q[1] if len(q) > 1 else (), q[2] if len(q) > 2 else ()))
    if seed is None:
        seed = int.from_bytes(os.urandom(8), "little")
    seeds = spawn_seeds(seed, len(items))
    tasks = [(items[a:b], trials, seeds[a:b], exact) for a, b in index_chunks(len(items), chunk_queries)]
    return [r for part in run_chunks(executor, _range_chunk, tasks) for r in part]


# --- conformance and replay ------------------------------------------------------------------------


def _adapter_chunk(command: str | Sequence[str], vectors: Sequence[Vector], timeout: float) -> runner.Report:
    return runner.run_adapter(command, vectors, timeout=timeout)


def run_adapter(
    command: str | Sequence[str],
    vectors: Iterable[Vector],
    *,
    timeout: float = 30.0,
    executor: Executor | None = None,
    chunk_vectors: int = CHUNK_VECTORS,
) -> runner.Report:
    """``pyholdem.conformance.runner.run_adapter`` with the vectors cut into chunks of ``chunk_vectors``,
    each played through its own adapter process (started where the chunk runs); the outcomes in
    vector order. An adapter that breaks fails the rest of its own chunk only."""
    every = list(vectors)
    if executor is None and len(every) <= chunk_vectors:
        return runner.run_adapter(command, every, timeout=timeout)
    tasks = [(command, every[a:b], timeout) for a, b in index_chunks(len(every), chunk_vectors)]
    parts = run_chunks(executor, _adapter_chunk, tasks)
    if not parts:
        return runner.run_adapter(command, [], timeout=timeout)
    report = runner.Report(parts[0].adapter)
    for part in parts:
        report.outcomes.extend(part.outcomes)
    return report


def _replay_chunk(
    path: Path, rules: RuleSet | None, diagnose_with: RuleSet | None, repair: bool, engine: str
) -> list[replaying.ReplayResult]:
    return list(
        replaying.replay_histories(
            read_history(path), rules, diagnose_with=diagnose_with, repair=repair, engine=engine
        )
    )


def replay_paths(
    paths: Sequence[str | Path],
    rules: RuleSet | None = None,
    *,
    diagnose_with: RuleSet | None = None,
    repair: bool = False,
    engine: str = "auto",
    executor: Executor | None = None,
) -> list[replaying.ReplayResult]:
    """``pyholdem.history.replay.replay_paths`` as a list, one file per task, results in file order."""
    tasks = [(Path(p), rules, diagnose_with, repair, engine) for p in iter_files(paths)]
    return [r for part in run_chunks(executor, _replay_chunk, tasks) for r in part]
