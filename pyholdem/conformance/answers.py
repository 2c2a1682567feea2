"""pyholdem's answers to each conformance runner, through its public entry points.

Each function takes a vector's ``input`` and returns the runner's ``result`` (schemas in
``vectors/formats/<runner>.md``), or raises pyholdem's typed error.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pyholdem
from pyholdem.conformance.cases import evaluation, showdown_winners


def pots(data: dict[str, Any]) -> dict[str, Any]:
    """Pot settlement through ``pyholdem.resolve_pots`` (the C resolver)."""
    s = pyholdem.resolve_pots(
        data["contributions"],
        data["folded"],
        data["values"],
        data["button"],
        dead=data.get("dead"),
        odd_chip_rule=data.get("odd_chip_rule"),
        chip_unit=data.get("chip_unit", 1),
    )
    return {
        "payouts": list(s.payouts),
        "pots": [
            {"amount": p.amount, "eligible": list(p.eligible), "winners": list(p.winners)} for p in s.pots
        ],
    }


def hand(data: dict[str, Any]) -> dict[str, Any]:
    """A hand replayed on ``pyholdem.Hand``."""
    from pyholdem.conformance.hand_cases import play_vector

    return play_vector(data)


ANSWERS: dict[str, Callable[[dict[str, Any]], Any]] = {
    "evaluate": evaluation,
    "compare": showdown_winners,
    "pots": pots,
    "hand": hand,
}
