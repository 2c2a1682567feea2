"""deuces as a conformance adapter: ``python -m pyholdem.conformance.adapters.deuces_adapter``.

deuces (the ancestor of treys) numbers the 7462 classes itself (1 = royal flush) and names nine
rank classes, 1 straight flush … 9 high card.
"""

from __future__ import annotations

from pyholdem.conformance.adapters._evaluators import Evaluator
from pyholdem.conformance.adapters._serve import require, serve, version

deuces = require("deuces", "deuces")
EVALUATOR = deuces.Evaluator()


def rank(cards: list[str]) -> int:
    held = [deuces.Card.new(c) for c in cards]
    return int(EVALUATOR.evaluate(held[:2], held[2:]))


def category(cards: list[str]) -> int:
    rank_class: int = EVALUATOR.get_rank_class(rank(cards))
    return 9 - rank_class


ENGINE = Evaluator(key=lambda cards: -rank(cards), class_number=rank, category=category)

if __name__ == "__main__":
    raise SystemExit(serve(f"deuces {version('deuces')}", ENGINE.answers()))
