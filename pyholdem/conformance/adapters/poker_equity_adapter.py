"""poker-equity as a conformance adapter: ``python -m pyholdem.conformance.adapters.poker_equity_adapter``.

``evaluate`` goes through its ``score_batch`` kernel ``high`` (0 = royal flush, lower is better, so
the class is the score + 1); ``compare`` through its equity engine, ``exact_from_text`` on the
complete board: the winners are the hands with a share of the pot; ``equity`` (a preflop matchup of
two starting-hand classes, §13.7) through the same enumeration with no board, one deal of each class of
deals that a renaming of the suits maps to one another (the adapter's own grouping, standard library),
its ``win_count`` and ``tie_count`` weighted by the deals it stands for.
"""

from __future__ import annotations

from itertools import permutations, product
from typing import Any

from pyholdem.conformance.adapters._evaluators import RANKS, SUITS, Evaluator, check_cards
from pyholdem.conformance.adapters._serve import Refused, require, serve, version

pe = require("poker_equity", "poker-equity")


def score(cards: list[str]) -> int:
    return int(pe.score_batch("high", ["".join(cards)])[0])


def compare(data: dict[str, Any]) -> dict[str, list[int]]:
    board, hands = data.get("board") or [], data.get("hands")
    if not isinstance(hands, list) or len(hands) < 2:
        raise Refused(f"a showdown needs two hands or more, not {hands!r}")
    if not isinstance(board, list):
        raise Refused(f"the board {board!r} is not a list of cards")
    check_cards([*board, *(c for h in hands for c in h)], range(7, 53))
    if len(board) != 5 or any(len(h) != 2 for h in hands):
        raise Refused(f"poker-equity takes two-card hands on a five-card board, not {hands!r} on {board!r}")
    result = pe.exact_from_text("holdem", ["".join(h) for h in hands], "".join(board), "")
    if result is None:
        raise Refused("poker-equity would not enumerate this deal")
    return {"winners": [i for i, p in enumerate(result["players"]) if p["equity"] > 0]}


def combos(name: Any) -> list[tuple[str, str]]:
    """The two-card combos of a starting-hand class (``QQ``, ``AKs``, ``AKo``)."""
    pair = isinstance(name, str) and len(name) == 2 and name[0] == name[1] in RANKS
    two_ranks = (
        isinstance(name, str)
        and len(name) == 3
        and name[2] in "so"
        and name[0] in RANKS
        and name[1] in RANKS
        and RANKS.index(name[0]) > RANKS.index(name[1])
    )
    if not (pair or two_ranks):
        raise Refused(f"{name!r} is not a starting-hand class")
    high, low = name[0], name[1]
    pairs = [(high + a, low + b) for a, b in product(SUITS, SUITS)]
    if len(name) == 2:
        return [(x, y) for x, y in pairs if x < y]
    return [(x, y) for x, y in pairs if (x[1] == y[1]) == (name[2] == "s")]


def canonical(deal: tuple[str, ...]) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The least renaming of the suits of a deal (each hand sorted)."""
    found: list[tuple[tuple[str, ...], tuple[str, ...]]] = []
    for perm in permutations(SUITS):
        rename = dict(zip(SUITS, perm, strict=True))
        cards = [c[0] + rename[c[1]] for c in deal]
        found.append((tuple(sorted(cards[:2])), tuple(sorted(cards[2:]))))
    return min(found)


def equity(data: dict[str, Any]) -> dict[str, int]:
    deals = [
        (*a, *b)
        for a, b in product(combos(data.get("hand")), combos(data.get("opponent")))
        if not {*a} & {*b}
    ]
    groups: dict[tuple[tuple[str, ...], tuple[str, ...]], int] = {}
    for deal in deals:
        key = canonical(deal)
        groups[key] = groups.get(key, 0) + 1
    boards = wins = ties = 0
    for (a, b), weight in groups.items():
        result = pe.exact_from_text("holdem", ["".join(a), "".join(b)], "", "")
        if result is None:
            raise Refused("poker-equity would not enumerate this deal")
        boards += weight * int(result["samples"])
        wins += weight * int(result["win_count"][0])
        ties += weight * int(result["tie_count"][0])
    return {"deals": len(deals), "boards": boards, "wins": wins, "ties": ties, "losses": boards - wins - ties}


ENGINE = Evaluator(key=lambda cards: -score(cards), class_number=lambda cards: score(cards) + 1)

if __name__ == "__main__":
    ANSWERS = {**ENGINE.answers(), "compare": compare, "equity": equity}
    raise SystemExit(serve(f"poker-equity {version('poker-equity')}", ANSWERS))
