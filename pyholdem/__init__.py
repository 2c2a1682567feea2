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
from pyholdem.evaluation import (
    Category,
    EquityResult,
    cards_to_mask,
    category,
    describe,
    enumerate_categories,
    equity,
    evaluate,
    evaluate_batch,
    evaluate_mask,
    hand_class,
)
from pyholdem.hand import Event, Hand, HandResult, LegalActions
from pyholdem.ruleset import PRESETS, RuleSet, load_rules, preset
from pyholdem.settlement import resolve_pots, resolve_pots_batch, resolve_showdowns_batch
from pyholdem.spec.cards import (
    Card,
    cards,
    format_cards,
    parse_cards,
    shuffled_deck,
    standard_deck,
)
from pyholdem.spec.showdown import Pot, Settlement

__version__ = "0.1.0"

__all__ = [
    "PRESETS",
    "Card",
    "Category",
    "EquityResult",
    "Event",
    "Hand",
    "HandResult",
    "HistoryError",
    "IllegalAction",
    "InvalidCards",
    "LegalActions",
    "NativeError",
    "Pot",
    "PyHoldemError",
    "RuleSet",
    "RuleSetError",
    "RuleViolation",
    "Settlement",
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
    "resolve_pots",
    "resolve_pots_batch",
    "resolve_showdowns_batch",
    "shuffled_deck",
    "standard_deck",
]
