"""holdem-hand-evaluator as a conformance adapter:
``python -m pyholdem.conformance.adapters.holdem_hand_evaluator_adapter``.

``evaluate_hand("AsKs…")`` gives a strength (bigger is better) for five to seven cards written as
one string; the class number is its own rank among the 7462 classes.
"""

from __future__ import annotations

from pyholdem.conformance.adapters._evaluators import Evaluator
from pyholdem.conformance.adapters._serve import require, serve, version

hhe = require("holdem_hand_evaluator", "holdem-hand-evaluator")


def strength(cards: list[str]) -> int:
    return int(hhe.evaluate_hand("".join(cards)))


ENGINE = Evaluator(key=strength)

if __name__ == "__main__":
    raise SystemExit(serve(f"holdem-hand-evaluator {version('holdem-hand-evaluator')}", ENGINE.answers()))
