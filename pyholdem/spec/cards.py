"""Spec 01 — cards and deck (spec/01-cards-and-deck.md)."""

from __future__ import annotations

import numbers
import operator
import random
import re
from collections.abc import Iterable, Sequence
from typing import Literal, overload

from pyholdem.errors import InvalidCards, RuleViolation, show_value
from pyholdem.rules.ruleset import RuleSet
from pyholdem.traceability.registry import rule

RANKS = "23456789TJQKA"
SUITS = "cdhs"
DECK_SIZE = len(RANKS) * len(SUITS)
RANK_NAMES = (
    "Deuce", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine", "Ten",
    "Jack", "Queen", "King", "Ace",
)  # fmt: skip
SUIT_NAMES = ("clubs", "diamonds", "hearts", "spades")


def as_integer(value: object) -> int | None:
    """``value`` as an ``int`` if it is of an integer type other than bool, else ``None``.

    Integer types are ``int`` and its subclasses and every ``numbers.Integral`` (NumPy's
    ``int32``, ``uint64``…); ``True``, ``numpy.bool_``, floats and arrays are not integers.
    """
    if isinstance(value, int):
        return None if isinstance(value, bool) else int(value)
    if isinstance(value, numbers.Integral):
        try:
            return operator.index(value)
        except TypeError:
            return None
    return None


@rule("1.7")
class Card(int):
    """Card identifiers: a card is the integer ``rank * 4 + suit`` (0 = 2c … 51 = As).

    ``Card("As")``, ``Card(51)`` and ``Card(Card(51))`` are the same card; ``str`` gives ``"As"``.
    """

    __slots__ = ()

    def __new__(cls, value: CardLike) -> Card:
        if isinstance(value, Card):
            return value
        if isinstance(value, str):
            return _CARDS[_card_id(value)]
        number = as_integer(value)
        if number is not None:
            if 0 <= number < DECK_SIZE:
                return _CARDS[number]
            raise InvalidCards(f"card id {show_value(value)} is outside 0..{DECK_SIZE - 1}", "1.7")
        raise InvalidCards(f"{show_value(value)} is not a card (text like 'As' or an id 0..51)", "1.7")

    @property
    def rank(self) -> int:
        """0 = deuce … 12 = ace."""
        return int(self) >> 2

    @property
    def suit(self) -> int:
        """0..3 = clubs, diamonds, hearts, spades."""
        return int(self) & 3

    def __str__(self) -> str:
        return RANKS[self.rank] + SUITS[self.suit]

    def __repr__(self) -> str:
        return f"Card({str(self)!r})"

    def __reduce__(self) -> tuple[type[Card], tuple[int]]:
        return (Card, (int(self),))


CardLike = Card | int | str
CardsLike = str | Iterable[CardLike]
"""Cards as the API takes them: card text (``"As Kd"``) or an iterable of cards, ids or card texts."""
_CARDS = tuple(int.__new__(Card, i) for i in range(DECK_SIZE))
_TOKEN = re.compile(r"[0-9A-Za-z?]{2}")
_SEPARATORS = re.compile(r"[\s,]+")


def _card_id(text: str) -> int:
    if len(text) != 2:
        hint = " (write a ten as 'T')" if text[:2] == "10" else ""
        raise InvalidCards(f"{text!r} is not a card: a card is a rank and a suit{hint}", "1.8")
    rank_char, suit_char = text[0].upper(), text[1].lower()
    if rank_char not in RANKS:
        raise InvalidCards(f"{text!r} is not a card: rank {text[0]!r} is not one of {RANKS}", "1.8")
    if suit_char not in SUITS:
        raise InvalidCards(f"{text!r} is not a card: suit {text[1]!r} is not one of {SUITS}", "1.8")
    return RANKS.index(rank_char) * 4 + SUITS.index(suit_char)


@overload
def parse_cards(cards: CardsLike, *, allow_unknown: Literal[False] = False) -> tuple[Card, ...]: ...
@overload
def parse_cards(cards: CardsLike, *, allow_unknown: bool) -> tuple[Card | None, ...]: ...
@rule("1.8")
def parse_cards(cards: CardsLike, *, allow_unknown: bool = False) -> tuple[Card | None, ...]:
    """Card text: ``"As Kd Tc"``, ``"AsKdTc"``, or an iterable of texts, ids or ``Card``s.

    Ranks are ``23456789TJQKA`` and suits ``cdhs`` (either case). Duplicates raise
    ``InvalidCards`` (§1.1). With ``allow_unknown``, ``??`` stands for a card nobody saw and
    becomes ``None``.
    """
    if isinstance(cards, str):
        tokens: list[CardLike] = []
        for chunk in _SEPARATORS.split(cards.strip()):
            if not chunk:
                continue
            if len(chunk) % 2:
                hint = " (write a ten as 'T')" if "10" in chunk else ""
                raise InvalidCards(f"{chunk!r} is not a card: a card is a rank and a suit{hint}", "1.8")
            tokens.extend(chunk[i : i + 2] for i in range(0, len(chunk), 2))
    else:
        tokens = _items(cards)
    parsed: list[Card | None] = []
    for token in tokens:
        unknown = isinstance(token, str) and token == "??"
        if allow_unknown and (token is None or unknown):
            parsed.append(None)
            continue
        if unknown:
            raise InvalidCards("'??' (an unknown card) is not allowed here", "1.8")
        parsed.append(Card(token))
    seen: set[Card] = set()
    for card in parsed:
        if card is not None:
            if card in seen:
                raise InvalidCards(f"card {card} appears twice", "1.1")
            seen.add(card)
    return tuple(parsed)


def _items(cards: object) -> list[CardLike]:
    """The elements of a sequence of cards; anything that cannot be iterated (a NumPy 0-d array
    claims it can) raises ``InvalidCards``."""
    if isinstance(cards, Iterable):
        try:
            return list(cards)
        except TypeError:
            pass
    raise InvalidCards(f"{show_value(cards)} is not card text or a sequence of cards", "1.8")


def cards(text: CardsLike) -> tuple[Card, ...]:
    """Like ``parse_cards`` without unknown cards: every element is a ``Card``."""
    return parse_cards(text)


def format_cards(cards: Iterable[Card | None], sep: str = " ") -> str:
    """The inverse of ``parse_cards``; unknown cards print as ``??``, anything else not a card is refused."""
    if isinstance(cards, str) or not isinstance(cards, Iterable):
        raise InvalidCards(f"{show_value(cards)} is not a sequence of cards", "1.8")
    return sep.join("??" if c is None else str(Card(c)) for c in _items(cards))


@rule("1.1")
def standard_deck() -> tuple[Card, ...]:
    """Deck composition: 52 distinct cards, 13 ranks in each of 4 suits, no jokers, in id order."""
    return _CARDS


@rule("1.2")
def rank_value(rank: str | int, *, ace_low: bool = False) -> int:
    """Rank order: deuce lowest, ace highest; an ace also plays below the deuce (value -1).

    Accepts a rank character or a rank number 0..12.
    """
    number = as_integer(rank)
    if isinstance(rank, str) and len(rank) == 1 and rank.upper() in RANKS:
        value = RANKS.index(rank.upper())
    elif number is not None and 0 <= number < len(RANKS):
        value = number
    else:
        raise InvalidCards(f"{show_value(rank)} is not a rank: one of {RANKS} or 0..12", "1.2")
    return -1 if ace_low and value == 12 else value


@rule("1.3")
def draw_order_key(card: CardLike, rules: RuleSet | None = None) -> tuple[int, int]:
    """Suit order for draws: rank first, then suit in ``draw_suit_order`` (default ♠ ♥ ♦ ♣).

    Used only to break ties in draws for seats and the button, never between poker hands.
    """
    c = Card(card)
    order = (rules or RuleSet()).draw_suit_order
    return c.rank, len(order) - order.index(SUITS[c.suit])


Seed = int | str | bytes | None


def shuffle_seed(seed: object) -> int | str | bytes | None:
    """The seed §1.4 shuffles with: ``None``, an int (of any integer type, not bool), text that
    encodes as UTF-8 (no lone surrogates) or bytes; anything else raises ``RuleViolation``."""
    if seed is None or seed.__class__ is bytes:
        return seed
    number = as_integer(seed)
    if number is not None:
        return number
    if isinstance(seed, str):
        try:
            seed.encode()
        except UnicodeEncodeError as exc:
            raise RuleViolation(
                f"shuffle seed {show_value(seed)} is not UTF-8 text: {exc.object[exc.start]!r} at "
                f"position {exc.start} is a lone surrogate",
                "1.4",
            ) from None
        return str(seed)
    if isinstance(seed, bytes):
        return bytes(seed)
    raise RuleViolation(f"shuffle seed {show_value(seed)} is not an int, str, bytes or None", "1.4")


@rule("1.4")
def shuffled_deck(seed: Seed = None) -> tuple[Card, ...]:
    """Shuffle: a uniformly random permutation of the deck, fresh for every hand.

    The same ``seed`` gives the same order on every platform; ``None`` draws from the OS.
    """
    deck = list(_CARDS)
    random.Random(shuffle_seed(seed)).shuffle(deck)
    return tuple(deck)


@rule("1.5")
def cut_deck(deck: Sequence[Card], position: int) -> tuple[Card, ...]:
    """Cut: move the top ``position`` cards to the bottom (1 ≤ position < len(deck))."""
    number = as_integer(position)
    if number is None or not 1 <= number < len(deck):
        raise RuleViolation(f"cut at {show_value(position)} is outside 1..{len(deck) - 1}", "1.5")
    position = number
    return tuple(deck[position:]) + tuple(deck[:position])


@rule("1.6")
def high_card_draw(
    seats: Sequence[int], rules: RuleSet | None = None, seed: Seed = None
) -> tuple[int, dict[int, Card]]:
    """High-card draw: each seat draws one card; the highest by rank, then suit order, wins.

    Returns the winning seat and the card each seat drew (cards dealt in seat order from a
    deck shuffled with ``seed``).
    """
    if len(seats) < 2 or len(set(seats)) != len(seats):
        raise RuleViolation(f"a draw needs two or more distinct seats, not {list(seats)}", "1.6")
    deck = shuffled_deck(seed)
    drawn = dict(zip(seats, deck, strict=False))
    winner = max(seats, key=lambda s: draw_order_key(drawn[s], rules))
    return winner, drawn
