"""eval7 as a conformance adapter: ``python -m pyholdem.conformance.adapters.eval7_adapter``.

eval7's ``evaluate`` gives a strength (bigger is better, five to seven cards) and ``handtype`` its
category's name; the class number is eval7's own rank among the 7462 classes.
"""

from __future__ import annotations

from pyholdem.conformance.adapters._evaluators import Evaluator
from pyholdem.conformance.adapters._serve import Refused, require, serve, version

eval7 = require("eval7", "eval7")
TYPES = {
    "High Card": 0,
    "Pair": 1,
    "Two Pair": 2,
    "Trips": 3,
    "Straight": 4,
    "Flush": 5,
    "Full House": 6,
    "Quads": 7,
    "Straight Flush": 8,
}


def strength(cards: list[str]) -> int:
    return int(eval7.evaluate([eval7.Card(c) for c in cards]))


def category(cards: list[str]) -> int:
    name = eval7.handtype(strength(cards))
    if name not in TYPES:
        raise Refused(f"eval7 names an unknown hand type {name!r}")
    return TYPES[name]


ENGINE = Evaluator(key=strength, category=category)

if __name__ == "__main__":
    raise SystemExit(serve(f"eval7 {version('eval7')}", ENGINE.answers()))
