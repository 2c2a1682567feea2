"""poker-equity as a conformance adapter: ``python -m pyholdem.conformance.adapters.poker_equity_adapter``.

``evaluate`` goes through its ``score_batch`` kernel ``high`` (0 = royal flush, lower is better, so
the class is the score + 1); ``compare`` through its equity engine, ``exact_from_text`` on the
complete board: the winners are the hands with a share of the pot.
"""

from __future__ import annotations

from typing import Any

from pyholdem.conformance.adapters._evaluators import Evaluator, check_cards
from pyholdem.conformance.adapters._serve import Refused, require, serve, version

pe = require("poker_equity", "poker-equity")


def score(cards: list[str]) -> int:
    return int(pe.score_batch("high", ["".join(cards)])[0])


def compare(data: dict[str, Any]) -> dict[str, list[int]]:
    board, hands = data.get("board"), data.get("hands")
    if not isinstance(hands, list) or len(hands) < 2:
        raise Refused(f"a showdown needs two hands or more, not {hands!r}")
    check_cards([*(board or []), *(c for h in hands for c in h)], range(7, 53))
    result = pe.exact_from_text("holdem", ["".join(h) for h in hands], "".join(board), "")  # type: ignore[arg-type]
    if result is None:
        raise Refused("poker-equity would not enumerate this deal")
    return {"winners": [i for i, p in enumerate(result["players"]) if p["equity"] > 0]}


ENGINE = Evaluator(key=lambda cards: -score(cards), class_number=lambda cards: score(cards) + 1)

if __name__ == "__main__":
    ANSWERS = {**ENGINE.answers(), "compare": compare}
    raise SystemExit(serve(f"poker-equity {version('poker-equity')}", ANSWERS))
