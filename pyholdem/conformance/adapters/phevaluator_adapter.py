"""phevaluator as a conformance adapter: ``python -m pyholdem.conformance.adapters.phevaluator_adapter``.

phevaluator's ``evaluate_cards`` returns the class number itself (1 = royal flush … 7462), for five
to seven cards; it names no categories.
"""

from __future__ import annotations

from pyholdem.conformance.adapters._evaluators import Evaluator
from pyholdem.conformance.adapters._serve import require, serve, version

phevaluator = require("phevaluator", "phevaluator")


def rank(cards: list[str]) -> int:
    return int(phevaluator.evaluate_cards(*cards))


ENGINE = Evaluator(key=lambda cards: -rank(cards), class_number=rank)

if __name__ == "__main__":
    raise SystemExit(serve(f"phevaluator {version('phevaluator')}", ENGINE.answers()))
