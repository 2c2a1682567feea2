"""Campaigns (issue 16): long runs cut into chunks that any ``concurrent.futures.Executor`` runs, with the
same result for every executor and worker count (``executors``), the entry points that take one
(``jobs``) and the preflop equity table of the 169 starting hands (``preflop``, §13.7)."""

from __future__ import annotations

from pyholdem.campaign.executors import (
    EXECUTOR_FORMS,
    ExecutorError,
    index_chunks,
    open_executor,
    run_chunks,
    spawn_seeds,
)
from pyholdem.campaign.jobs import (
    SimulationSummary,
    equity_batch,
    range_equities,
    replay_paths,
    run_adapter,
    simulate,
    simulate_summary,
)

__all__ = [
    "EXECUTOR_FORMS",
    "ExecutorError",
    "SimulationSummary",
    "equity_batch",
    "index_chunks",
    "open_executor",
    "range_equities",
    "replay_paths",
    "run_adapter",
    "run_chunks",
    "simulate",
    "simulate_summary",
    "spawn_seeds",
]
