"""Campaigns: long runs cut into chunks that any ``concurrent.futures.Executor`` runs, with the
same result for every executor and worker count (``executors``), the entry points that take one
(``jobs``) and the preflop equity table of the 169 starting hands (``preflop``, §13.7)."""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING

from pyholdem.campaign.executors import (
    EXECUTOR_FORMS,
    ExecutorError,
    index_chunks,
    open_executor,
    run_chunks,
    spawn_seeds,
)

if TYPE_CHECKING:  # loaded on first use (``__getattr__``), typed for checkers
    from pyholdem.campaign.jobs import (
        SimulationSummary,
        equity_batch,
        range_equities,
        replay_paths,
        run_adapter,
        simulate,
        simulate_summary,
    )

# The entry points load the compiled module: imported on first use, so that ``pyholdem.campaign.executors``
# (the command line's ``--executor``) is light.
_JOBS: tuple[str, ...] = ("SimulationSummary", "equity_batch", "range_equities", "replay_paths")
_JOBS += ("run_adapter", "simulate", "simulate_summary")


def __getattr__(name: str) -> object:
    if name in _JOBS:
        return getattr(import_module("pyholdem.campaign.jobs"), name)
    raise AttributeError(f"module 'pyholdem.campaign' has no attribute {name!r}")


def __dir__() -> list[str]:
    """Every public name, the entry points loaded on first use included (tab completion)."""
    return sorted(set(globals()) | set(__all__))


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
