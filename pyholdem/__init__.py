"""pyholdem — the executable, formally specified reference model of Texas Hold'em.

The rules live in ``spec/``; each section is executed by one ``@rule`` function in
``pyholdem.spec``; the hot path runs in C (``pyholdem._native``).
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING

from pyholdem.engine.hand import Event, Hand, HandResult, LegalActions
from pyholdem.engine.live import LiveHand, replay_live
from pyholdem.engine.policies import AlwaysCall, RandomPolicy, StreetPolicy
from pyholdem.engine.setup import ForcedPost, HandSetup
from pyholdem.engine.table import Table
from pyholdem.engine.tournament import Tournament, random_policy
from pyholdem.errors import (
    BatchError,
    HistoryError,
    IllegalAction,
    InvalidCards,
    NativeError,
    PyHoldemError,
    RuleSetError,
    RuleViolation,
    SimulationError,
)
from pyholdem.rules.ruleset import PRESETS, RuleSet, load_rules, preset
from pyholdem.rules.structure import STRUCTURES, Level, Structure, load_structure, structure_preset
from pyholdem.spec.cards import (
    Card,
    cards,
    format_cards,
    parse_cards,
    shuffled_deck,
    standard_deck,
)
from pyholdem.spec.rankings import Category, EquityResult, category, describe, hand_class
from pyholdem.spec.showdown import Pot, Settlement

if TYPE_CHECKING:  # the C-backed names, loaded on first use (``__getattr__``), typed for checkers
    from pyholdem.engine.batch import HandBatch
    from pyholdem.engine.bulk import simulate
    from pyholdem.native.evaluation import (
        EquityBatch,
        cards_to_mask,
        enumerate_categories,
        equity,
        equity_batch,
        evaluate,
        evaluate_batch,
        evaluate_mask,
    )
    from pyholdem.native.ranges import range_equity
    from pyholdem.native.settlement import resolve_pots, resolve_pots_batch, resolve_showdowns_batch

# Backed by the compiled core: loaded on first use, so that the spec runs without it.
_NATIVE = {
    "cards_to_mask": "native.evaluation",
    "enumerate_categories": "native.evaluation",
    "equity": "native.evaluation",
    "equity_batch": "native.evaluation",
    "EquityBatch": "native.evaluation",
    "evaluate": "native.evaluation",
    "evaluate_batch": "native.evaluation",
    "evaluate_mask": "native.evaluation",
    "resolve_pots": "native.settlement",
    "resolve_pots_batch": "native.settlement",
    "resolve_showdowns_batch": "native.settlement",
    "simulate": "engine.bulk",
    "HandBatch": "engine.batch",
}


def __getattr__(name: str) -> object:
    if name in _NATIVE:
        module = import_module(f"pyholdem.{_NATIVE[name]}")
        return getattr(module, name)
    raise AttributeError(f"module 'pyholdem' has no attribute {name!r}")


def __dir__() -> list[str]:
    """Every public name, the lazily loaded C-backed ones included (tab completion)."""
    return sorted(set(globals()) | set(__all__))


__version__ = "0.1.0"

__all__ = [
    "PRESETS",
    "STRUCTURES",
    "AlwaysCall",
    "BatchError",
    "Card",
    "Category",
    "EquityBatch",
    "EquityResult",
    "Event",
    "ForcedPost",
    "Hand",
    "HandBatch",
    "HandResult",
    "HandSetup",
    "HistoryError",
    "IllegalAction",
    "InvalidCards",
    "LegalActions",
    "Level",
    "LiveHand",
    "NativeError",
    "Pot",
    "PyHoldemError",
    "RandomPolicy",
    "RuleSet",
    "RuleSetError",
    "RuleViolation",
    "Settlement",
    "SimulationError",
    "StreetPolicy",
    "Structure",
    "Table",
    "Tournament",
    "__version__",
    "cards",
    "cards_to_mask",
    "category",
    "describe",
    "enumerate_categories",
    "equity",
    "equity_batch",
    "evaluate",
    "evaluate_batch",
    "evaluate_mask",
    "format_cards",
    "hand_class",
    "load_rules",
    "load_structure",
    "parse_cards",
    "preset",
    "random_policy",
    "replay_live",
    "resolve_pots",
    "resolve_pots_batch",
    "resolve_showdowns_batch",
    "shuffled_deck",
    "simulate",
    "standard_deck",
    "structure_preset",
]

# Hand ranges (spec 13): the notation and the exact oracle are pure; range_equity runs in C.
from pyholdem.errors import InvalidRange  # noqa: E402
from pyholdem.spec.ranges import HandRange, RangeEquityResult, parse_range  # noqa: E402

_NATIVE["range_equity"] = "native.ranges"
__all__ += ["HandRange", "InvalidRange", "RangeEquityResult", "parse_range", "range_equity"]
