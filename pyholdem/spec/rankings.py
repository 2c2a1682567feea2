"""Spec 02 — hand rankings (spec/02-hand-rankings.md).

The oracle for the C evaluator: plain Python that tries every five-card subset, classifies it and
compares keys. Readable, not fast.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from contextlib import suppress
from dataclasses import dataclass
from enum import IntEnum
from itertools import combinations, combinations_with_replacement

from pyholdem.errors import InvalidCards, show_value
from pyholdem.spec.cards import RANK_NAMES, Card, CardsLike, as_integer, cards, standard_deck
from pyholdem.traceability.registry import rule

Key = tuple[int, ...]

ACE, FIVE = 12, 3
CATEGORY_SHIFT = 12
HAND_CLASSES = 7462
SHARE_UNIT = 2520
# The most Monte Carlo trials one equity run may count (§2.9): a pot-share counter of 64 bits
# gains at most SHARE_UNIT per board, so it holds SHARE_UNIT * MAX_TRIALS < 2**64 without wrapping.
MAX_TRIALS = (2**64 - 1) // SHARE_UNIT


@rule("2.1")
class Category(IntEnum):
    """Hand categories and their order: 0 = high card … 8 = straight flush, bigger is better."""

    HIGH_CARD = 0
    ONE_PAIR = 1
    TWO_PAIR = 2
    THREE_OF_A_KIND = 3
    STRAIGHT = 4
    FLUSH = 5
    FULL_HOUSE = 6
    FOUR_OF_A_KIND = 7
    STRAIGHT_FLUSH = 8

    @property
    def title(self) -> str:
        return CATEGORY_TITLES[self]


CATEGORY_TITLES = {
    Category.HIGH_CARD: "High Card",
    Category.ONE_PAIR: "One Pair",
    Category.TWO_PAIR: "Two Pair",
    Category.THREE_OF_A_KIND: "Three of a Kind",
    Category.STRAIGHT: "Straight",
    Category.FLUSH: "Flush",
    Category.FULL_HOUSE: "Full House",
    Category.FOUR_OF_A_KIND: "Four of a Kind",
    Category.STRAIGHT_FLUSH: "Straight Flush",
}


@rule("2.2")
def straight_high(ranks: Iterable[int]) -> int | None:
    """Straights: the top rank of the highest five-rank sequence in ``ranks``, or None.

    The ace plays high (T-J-Q-K-A) or low (A-2-3-4-5, top rank 3 = the five); no wrap-around.
    """
    present = set(ranks)
    for top in range(ACE, FIVE - 1, -1):
        run = {ACE if top - i == -1 else top - i for i in range(5)}
        if run <= present:
            return top
    return None


@rule("2.3")
def five_card_key(hand: CardsLike) -> Key:
    """Comparing hands of one category: ``(category, ranks in comparison order)`` of five cards."""
    five = cards(hand)
    if len(five) != 5:
        raise InvalidCards(f"a five-card hand needs 5 cards, not {len(five)}", "2.3")
    counts = Counter(c.rank for c in five)
    by_count = sorted(counts, key=lambda r: (counts[r], r), reverse=True)
    shape = sorted(counts.values(), reverse=True)
    flush = len({c.suit for c in five}) == 1
    top = straight_high(counts) if len(counts) == 5 else None
    if top is not None:
        cat, ranks = (Category.STRAIGHT_FLUSH if flush else Category.STRAIGHT), [top]
    elif shape == [4, 1]:
        cat, ranks = Category.FOUR_OF_A_KIND, by_count
    elif shape == [3, 2]:
        cat, ranks = Category.FULL_HOUSE, by_count
    elif flush:
        cat, ranks = Category.FLUSH, by_count
    elif shape == [3, 1, 1]:
        cat, ranks = Category.THREE_OF_A_KIND, by_count
    elif shape == [2, 2, 1]:
        cat, ranks = Category.TWO_PAIR, by_count
    elif shape == [2, 1, 1, 1]:
        cat, ranks = Category.ONE_PAIR, by_count
    else:
        cat, ranks = Category.HIGH_CARD, by_count
    return (int(cat), *ranks)


def _all_keys() -> tuple[Key, ...]:
    """Every distinct key: each rank multiset of five, unsuited, plus suited where ranks differ."""
    keys: set[Key] = set()
    deck = standard_deck()
    for ranks in combinations_with_replacement(range(13), 5):
        if max(Counter(ranks).values()) > 4:
            continue
        suits = [0, 1, 2, 3, 0] if len(set(ranks)) == 5 else _suits_for(ranks)
        keys.add(five_card_key([deck[r * 4 + s] for r, s in zip(ranks, suits, strict=True)]))
        if len(set(ranks)) == 5:
            keys.add(five_card_key([deck[r * 4] for r in ranks]))
    return tuple(sorted(keys))


def _suits_for(ranks: Sequence[int]) -> list[int]:
    seen: Counter[int] = Counter()
    suits = []
    for r in ranks:
        suits.append(seen[r])
        seen[r] += 1
    return suits


ALL_KEYS = _all_keys()
_KEYS_BY_CATEGORY = {cat: [k for k in ALL_KEYS if k[0] == cat] for cat in Category}
_VALUE_OF_KEY = {
    k: k[0] << CATEGORY_SHIFT | i for cat, ks in _KEYS_BY_CATEGORY.items() for i, k in enumerate(ks)
}
_KEY_OF_VALUE = {v: k for k, v in _VALUE_OF_KEY.items()}
ALL_VALUES = tuple(sorted(_KEY_OF_VALUE))


def value_of_key(key: Key) -> int:
    """The hand value (§2.7) of a comparison key (§2.3)."""
    return _VALUE_OF_KEY[key]


def key_of_value(value: int) -> Key:
    """The comparison key (§2.3) of a hand value (§2.7); a non-value raises ``InvalidCards``.

    ``value`` may be of any integer type (NumPy's too, as ``evaluate_batch`` returns), not bool.
    """
    number = as_integer(value)
    if number is None or number not in _KEY_OF_VALUE:
        raise InvalidCards(f"{show_value(value)} is not a hand value", "2.7")
    return _KEY_OF_VALUE[number]


def _best_key_and_five(hand: CardsLike) -> tuple[Key, tuple[Card, ...]]:
    available = cards(hand)
    if not 5 <= len(available) <= 7:
        raise InvalidCards(f"a hand has 5 to 7 cards, not {len(available)}", "2.4")
    return max(((five_card_key(five), five) for five in combinations(available, 5)), key=lambda kf: kf[0])


@rule("2.4")
def hand_value(hand: CardsLike) -> int:
    """Best five of five, six or seven cards: the value (§2.7) of the best five-card hand."""
    return value_of_key(_best_key_and_five(hand)[0])


@rule("2.5")
def compare_hands(first: CardsLike, second: CardsLike) -> int:
    """Ties: 1, 0 or -1 as ``first`` is better than, ties with, or is worse than ``second``."""
    a, b = hand_value(first), hand_value(second)
    return (a > b) - (a < b)


@rule("2.6")
def best_five(hand: CardsLike) -> tuple[Card, ...]:
    """Only five cards play: the five cards (of 5 to 7) that make the best hand.

    Among equal fives, the first in the order the cards were given wins.
    """
    return _best_key_and_five(hand)[1]


def category(value: int) -> Category:
    """The category (§2.1) of a hand value (§2.7)."""
    return Category(key_of_value(value)[0])


_CLASS_OFFSET = {cat: sum(len(_KEYS_BY_CATEGORY[c]) for c in Category if c > cat) for cat in Category}


@rule("2.7")
def hand_class(value: int) -> int:
    """Hand values and class numbers: the class 1 (royal flush) … 7462 of a hand value."""
    key = key_of_value(value)
    within = int(value) & ((1 << CATEGORY_SHIFT) - 1)
    return _CLASS_OFFSET[Category(key[0])] + len(_KEYS_BY_CATEGORY[Category(key[0])]) - within


def value_of_class(number: int) -> int:
    """The hand value of class ``number`` (1..7462), the inverse of ``hand_class``."""
    index = as_integer(number)
    if index is None or not 1 <= index <= HAND_CLASSES:
        raise InvalidCards(f"{show_value(number)} is not a class number 1..{HAND_CLASSES}", "2.7")
    return ALL_VALUES[HAND_CLASSES - index]


def _plural(rank: int) -> str:
    name = RANK_NAMES[rank]
    return name + ("es" if name.endswith("x") else "s")


def _names(ranks: Iterable[int]) -> str:
    return "-".join(RANK_NAMES[r] for r in ranks)


def _kickers(ranks: Sequence[int]) -> str:
    return f"{_names(ranks)} kicker" + ("s" if len(ranks) > 1 else "")


@rule("2.8")
def describe(value: int) -> str:
    """Describing a hand: the category and the deciding ranks, e.g. 'Full House, Kings full of Fives'."""
    cat, *r = key_of_value(value)
    title = CATEGORY_TITLES[Category(cat)]
    if cat == Category.STRAIGHT_FLUSH and r[0] == ACE:
        return "Royal Flush"
    if cat in (Category.STRAIGHT_FLUSH, Category.STRAIGHT):
        return f"{title}, {RANK_NAMES[r[0]]} high"
    if cat == Category.FULL_HOUSE:
        return f"{title}, {_plural(r[0])} full of {_plural(r[1])}"
    if cat in (Category.FLUSH, Category.HIGH_CARD):
        return f"{title}, {_names(r)}"
    if cat == Category.TWO_PAIR:
        return f"{title}, {_plural(r[0])} and {_plural(r[1])}, {_kickers(r[2:])}"
    return f"{title}, {_plural(r[0])}, {_kickers(r[1:])}"


@dataclass(frozen=True)
class EquityResult:
    """Counts over ``boards`` completions: won alone, tied, and pot shares in 1/2520 units."""

    boards: int
    wins: tuple[int, ...]
    ties: tuple[int, ...]
    shares: tuple[int, ...]

    @property
    def win(self) -> tuple[float, ...]:
        return tuple(w / self.boards for w in self.wins)

    @property
    def tie(self) -> tuple[float, ...]:
        return tuple(t / self.boards for t in self.ties)

    @property
    def equity(self) -> tuple[float, ...]:
        return tuple(s / (SHARE_UNIT * self.boards) for s in self.shares)


def equity_inputs(
    hands: Iterable[CardsLike], board: CardsLike = (), dead: CardsLike = ()
) -> tuple[tuple[tuple[Card, ...], ...], tuple[Card, ...], tuple[Card, ...]]:
    """Validate ``equity``'s arguments (§2.9): 2..10 hands of two, a board of 0/3/4/5, all distinct."""
    if isinstance(hands, str):
        raise InvalidCards(f"equity takes a list of hands, not the text {hands!r}", "2.9")
    given: list[CardsLike] | None = None
    if isinstance(hands, Iterable):
        with suppress(TypeError):  # a NumPy 0-d array is Iterable but cannot be iterated
            given = list(hands)
    if given is None:
        raise InvalidCards(f"equity takes a list of hands, not {show_value(hands)}", "2.9")
    holes = tuple(cards(h) for h in given)
    if not 2 <= len(holes) <= 10:
        raise InvalidCards(f"equity needs 2 to 10 hands, not {len(holes)}", "2.9")
    for i, hole in enumerate(holes):
        if len(hole) != 2:
            raise InvalidCards(f"hand {i} has {len(hole)} cards, not 2", "2.9")
    shown = cards(board)
    if len(shown) not in (0, 3, 4, 5):
        raise InvalidCards(f"a board has 0, 3, 4 or 5 cards, not {len(shown)}", "2.9")
    gone = cards(dead)
    used = cards([c for hole in holes for c in hole] + list(shown) + list(gone))
    if len(standard_deck()) - len(used) < 5 - len(shown):
        raise InvalidCards(f"{len(used)} cards are in use: too few are left to complete the board", "2.9")
    return holes, shown, gone


@rule("2.9")
def equity(hands: Iterable[CardsLike], board: CardsLike = (), dead: CardsLike = ()) -> EquityResult:
    """Equity: wins, ties and pot shares of each hand over every completion of the board."""
    holes, shown, gone = equity_inputs(hands, board, dead)
    used = {c for hole in holes for c in hole} | set(shown) | set(gone)
    remaining = [c for c in standard_deck() if c not in used]
    wins = [0] * len(holes)
    ties = [0] * len(holes)
    shares = [0] * len(holes)
    boards = 0
    for extra in combinations(remaining, 5 - len(shown)):
        full = (*shown, *extra)
        values = [hand_value((*hole, *full)) for hole in holes]
        best = max(values)
        winners = [i for i, v in enumerate(values) if v == best]
        for i in winners:
            if len(winners) == 1:
                wins[i] += 1
            else:
                ties[i] += 1
            shares[i] += SHARE_UNIT // len(winners)
        boards += 1
    return EquityResult(boards, tuple(wins), tuple(ties), tuple(shares))
