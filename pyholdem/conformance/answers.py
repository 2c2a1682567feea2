"""pyholdem's answers to each conformance runner, through its public entry points.

Each function takes a vector's ``input`` and returns the runner's ``result`` (schemas in
``vectors/formats/<runner>.md``), or raises pyholdem's typed error.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pyholdem
from pyholdem.conformance.cases import settle
from pyholdem.spec.cards import parse_cards


def pots(data: dict[str, Any]) -> dict[str, Any]:
    """Pot settlement through ``pyholdem.resolve_pots`` (the C resolver)."""
    return settle(data, pyholdem.resolve_pots)


def hand(data: dict[str, Any]) -> dict[str, Any]:
    """A hand replayed on ``pyholdem.Hand`` (the C engine where it plays the hand)."""
    from pyholdem.conformance.hand_cases import play_vector

    return play_vector(data, engine="auto")


def evaluate(data: dict[str, Any]) -> dict[str, int]:
    """A hand's value through ``pyholdem.evaluate`` (the C evaluator)."""
    value = pyholdem.evaluate(data["cards"])
    return {"value": value, "class": pyholdem.hand_class(value), "category": int(pyholdem.category(value))}


def compare(data: dict[str, Any]) -> dict[str, list[int]]:
    """The showdown winners through ``pyholdem.evaluate``."""
    board, hands = data["board"], data["hands"]
    if not isinstance(hands, list) or len(hands) < 2:
        raise pyholdem.InvalidCards(f"a comparison needs at least two hands, not {hands!r}", "2.5")
    parse_cards([*board, *(c for h in hands for c in h)])
    values = [pyholdem.evaluate([*board, *h]) for h in hands]
    return {"winners": [i for i, v in enumerate(values) if v == max(values)]}


def tournament(data: dict[str, Any]) -> dict[str, Any]:
    """Spec 09's calculators (pure Python: the tournament rules have no C twin)."""
    from pyholdem.conformance.tournament_cases import answer

    return answer(data)


def declarations(data: dict[str, Any]) -> dict[str, Any]:
    """What a declaration binds to, through ``pyholdem.spec.declarations`` (spec 11 has no C twin)."""
    from pyholdem.conformance.declaration_cases import read_declaration

    return read_declaration(data)


def live(data: dict[str, Any]) -> dict[str, Any]:
    """A live hand (spec 10) replayed on ``pyholdem.LiveHand`` (the spec engine: live play is not a
    hot path)."""
    from pyholdem.conformance.live_cases import play_live

    return play_live(data)


def equity(data: dict[str, Any]) -> dict[str, int]:
    """A preflop matchup of two classes (§13.7): every valid deal of the two classes, each counted over
    every board by the C bulk equity path, without the suit patterns the bundled table was computed
    with."""
    from itertools import product

    import numpy as np

    from pyholdem.conformance.equity_cases import classes
    from pyholdem.native.evaluation import equity_batch
    from pyholdem.spec.ranges import parse_range

    hand, opponent = classes(data)
    deals = [
        (a, b) for a, b in product(parse_range(hand).combos, parse_range(opponent).combos) if not {*a} & {*b}
    ]
    holes = np.array([[[int(c) for c in a], [int(c) for c in b]] for a, b in deals], dtype=np.uint8)
    batch = equity_batch(holes, exact=True)
    boards, wins, ties = int(batch.boards.sum()), int(batch.wins[:, 0].sum()), int(batch.ties[:, 0].sum())
    return {"deals": len(deals), "boards": boards, "wins": wins, "ties": ties, "losses": boards - wins - ties}


ANSWERS: dict[str, Callable[[dict[str, Any]], Any]] = {
    "evaluate": evaluate,
    "compare": compare,
    "pots": pots,
    "hand": hand,
    "tournament": tournament,
    "declarations": declarations,
    "live": live,
    "equity": equity,
}
