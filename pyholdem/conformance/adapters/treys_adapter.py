"""treys as a conformance adapter: ``python -m pyholdem.conformance.adapters.treys_adapter``.

treys numbers the 7462 classes itself (1 = royal flush) and names ten rank classes (royal flush
apart from straight flush); it evaluates five to seven cards.
"""

from __future__ import annotations

from pyholdem.conformance.adapters._evaluators import Evaluator
from pyholdem.conformance.adapters._serve import require, serve, version

treys = require("treys", "treys")
EVALUATOR = treys.Evaluator()


def rank(cards: list[str]) -> int:
    held = [treys.Card.new(c) for c in cards]
    return int(EVALUATOR.evaluate(held[:2], held[2:]))


def category(cards: list[str]) -> int:
    """treys' rank class 0 royal flush, 1 straight flush … 9 high card → 8 … 0."""
    rank_class: int = EVALUATOR.get_rank_class(rank(cards))
    return min(8, 9 - rank_class)


ENGINE = Evaluator(key=lambda cards: -rank(cards), class_number=rank, category=category)

if __name__ == "__main__":
    raise SystemExit(serve(f"treys {version('treys')}", ENGINE.answers()))
