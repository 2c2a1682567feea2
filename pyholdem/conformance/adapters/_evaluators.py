"""What the ``evaluate`` and ``compare`` runners need from an evaluator, built from its own order.

An evaluator gives each hand a strength (``key``, bigger is better). The class number 1…7462 is
then the engine's own rank of the hand among one representative of every class, strongest first,
and the category follows from the class (the Cactus Kev ranges shared by every evaluator that
numbers classes), unless the engine names categories itself. Standard library only.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from itertools import combinations_with_replacement
from typing import Any, Protocol

from pyholdem.conformance.adapters._serve import Refused

RANKS = "23456789TJQKA"
SUITS = "cdhs"
# the first class of each category, straight flush (8) down to high card (0)
CATEGORY_STARTS = ((8, 1), (7, 11), (6, 167), (5, 323), (4, 1600), (3, 1610), (2, 2468), (1, 3326), (0, 6186))


class Strength(Protocol):
    """What a ``key`` gives a hand: hashable (classes are counted by it) and ordered (bigger is better)."""

    def __hash__(self) -> int: ...
    def __lt__(self, other: Any, /) -> bool: ...


Key = Callable[[list[str]], Strength]


def category_of_class(number: int) -> int:
    for category, first in reversed(CATEGORY_STARTS):
        if number >= first:
            return category
    raise Refused(f"class {number} is not in 1..7462")


def representatives() -> list[list[str]]:
    """One five-card hand of every class: each rank multiset off-suit, and suited when it can be."""
    hands = []
    for ranks in combinations_with_replacement(range(13), 5):
        if max(ranks.count(r) for r in ranks) > 4:
            continue
        used: dict[int, int] = {}
        cards = []
        distinct = len(set(ranks)) == 5
        for i, r in enumerate(ranks):
            suit = used.get(r, 0)
            used[r] = suit + 1
            cards.append(RANKS[r] + SUITS[(suit + (i == 0 and distinct)) % 4])
        hands.append(cards)
        if distinct:
            hands.append([RANKS[r] + "s" for r in ranks])
    return hands


def check_cards(cards: object, counts: Sequence[int] = (5, 6, 7)) -> list[str]:
    """Refuse what no evaluator is asked to judge: a wrong count, a card twice, text not a card."""
    if not isinstance(cards, list) or len(cards) not in counts:
        raise Refused(f"{cards!r} is not {' or '.join(map(str, counts))} cards")
    for c in cards:
        if not (isinstance(c, str) and len(c) == 2 and c[0] in RANKS and c[1] in SUITS):
            raise Refused(f"{c!r} is not a card")
    if len(set(cards)) != len(cards):
        raise Refused(f"a card is given twice in {cards!r}")
    return list(cards)


@dataclass
class Evaluator:
    """An engine's ``key`` (bigger is better), optionally its own class number and category."""

    key: Key
    class_number: Callable[[list[str]], int] | None = None
    category: Callable[[list[str]], int] | None = None
    _classes: dict[Strength, int] = field(default_factory=dict)

    def number(self, cards: list[str]) -> int:
        if self.class_number is not None:
            return self.class_number(cards)
        if not self._classes:
            keys = sorted({self.key(h) for h in representatives()}, reverse=True)
            self._classes.update((k, i + 1) for i, k in enumerate(keys))
        found = self._classes.get(self.key(cards))
        if found is None:
            raise Refused(f"{cards!r} has a strength none of the 7462 classes has")
        return found

    def evaluate(self, data: dict[str, Any]) -> dict[str, int]:
        cards = check_cards(data.get("cards"))
        number = self.number(cards)
        category = self.category(cards) if self.category else category_of_class(number)
        return {"class": number, "category": category}

    def compare(self, data: dict[str, Any]) -> dict[str, list[int]]:
        board, hands = data.get("board") or [], data.get("hands")
        if not isinstance(hands, list) or len(hands) < 2:
            raise Refused(f"a showdown needs two hands or more, not {hands!r}")
        if not isinstance(board, list):
            raise Refused(f"the board {board!r} is not a list of cards")
        check_cards([*board, *(c for h in hands for c in h)], range(7, 53))
        if any(not 5 <= len(board) + len(h) <= 7 for h in hands):
            raise Refused(f"each hand and the board make 5 to 7 cards, not {hands!r} on {board!r}")
        keys = [self.key([*board, *h]) for h in hands]
        best = max(keys)
        return {"winners": [i for i, k in enumerate(keys) if k == best]}

    def answers(self) -> dict[str, Callable[[dict[str, Any]], Any]]:
        return {"evaluate": self.evaluate, "compare": self.compare}
