"""pyholdem — the executable, formally specified reference model of Texas Hold'em.

The rules live in ``spec/``; each section is executed by one ``@rule`` function in
``pyholdem.spec``; the hot path runs in C (``pyholdem._native``).
"""

from __future__ import annotations

from pyholdem.errors import (
    HistoryError,
    IllegalAction,
    InvalidCards,
    NativeError,
    PyHoldemError,
    RuleSetError,
    RuleViolation,
)
from pyholdem.ruleset import PRESETS, RuleSet, load_rules, preset
from pyholdem.spec.cards import (
    Card,
    cards,
    format_cards,
    parse_cards,
    shuffled_deck,
    standard_deck,
)
from pyholdem.spec.rankings import Category, EquityResult, category, describe, hand_class

# Backed by the compiled core: loaded on first use, so that the spec runs without it.
_EVALUATION = (
    "cards_to_mask",
    "enumerate_categories",
    "equity",
    "evaluate",
    "evaluate_batch",
    "evaluate_mask",
)


def __getattr__(name: str) -> object:
    if name in _EVALUATION:
        from pyholdem import evaluation

        return getattr(evaluation, name)
    raise AttributeError(f"module 'pyholdem' has no attribute {name!r}")


__version__ = "0.1.0"

__all__ = [
    "PRESETS",
    "Card",
    "Category",
    "EquityResult",
    "HistoryError",
    "IllegalAction",
    "InvalidCards",
    "NativeError",
    "PyHoldemError",
    "RuleSet",
    "RuleSetError",
    "RuleViolation",
    "__version__",
    "cards",
    "cards_to_mask",
    "category",
    "describe",
    "enumerate_categories",
    "equity",
    "evaluate",
    "evaluate_batch",
    "evaluate_mask",
    "format_cards",
    "hand_class",
    "load_rules",
    "parse_cards",
    "preset",
    "shuffled_deck",
    "standard_deck",
]
