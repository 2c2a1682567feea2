"""Hand ranges (spec 13): the notation, its combos, weights, dead cards, and equity of ranges.

A combo is two distinct cards, higher id first (``(Card("As"), Card("Ks"))``). A ``HandRange``
maps combos to weights, ``Fraction``s in thousandths from 1/1000 to 1. Equity here is the exact
definition (§13.5), by enumeration on the evaluator of spec 02: plain and slow, the oracle of the
C fast path (``pyholdem.native.ranges``).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations, permutations, product
from math import comb, prod

from pyholdem.errors import InvalidCards, InvalidRange, RuleViolation, show_value
from pyholdem.spec.cards import DECK_SIZE, RANKS, Card, CardsLike, as_integer, cards
from pyholdem.spec.rankings import MAX_TRIALS, SHARE_UNIT, equity
from pyholdem.traceability.registry import part_of, rule

Combo = tuple[Card, Card]

# Weights are decimals in thousandths (§13.3).
WEIGHT_UNIT = 1000
# Exact enumeration is "feasible" (§13.6) when the product of the players' live combo counts times
# the number of board completions is at most this many.
EXACT_LIMIT = 100_000_000
# Monte Carlo (§13.6): trials when none are given, the fixed chunk a seed is split into, and how
# many deals (collisions included) one trial may take on average before the run is refused.
DEFAULT_TRIALS = 200_000
CHUNK_TRIALS = 1 << 14
# Exact runs (§13.6) are split into chunks of at most this many boards by the bound.
CHUNK_BOARDS = 2_000_000
MAX_ATTEMPTS_PER_TRIAL = 1000
MAX_PLAYERS = 10

_SEPARATORS = re.compile(r"[\s,]+")
_WEIGHT = re.compile(r"(?:0|1)(?:\.\d{1,3})?|\.\d{1,3}")
_SUITS = "cdhs"
_SUFFIX = {"s": "suited", "o": "offsuit"}


def _combo(a: int, b: int) -> Combo:
    hi, lo = (a, b) if a > b else (b, a)
    return (Card(hi), Card(lo))


def _rank(text: str, char: str) -> int:
    r = char.upper()
    if r not in RANKS:
        hint = " (write a ten as 'T')" if char in "10" else ""
        raise InvalidRange(f"{text!r} is not a hand: {char!r} is not a rank ({RANKS}){hint}", "13.1")
    return RANKS.index(r)


def _class_combos(hi: int, lo: int, suffix: str) -> list[Combo]:
    """The combos of one hand class (§13.2): a pair, or two ranks suited, offsuit or either."""
    if hi == lo:
        return [_combo(hi * 4 + a, hi * 4 + b) for a, b in combinations(range(4), 2)]
    suits = [(a, b) for a in range(4) for b in range(4)]
    if suffix == "s":
        suits = [(a, b) for a, b in suits if a == b]
    elif suffix == "o":
        suits = [(a, b) for a, b in suits if a != b]
    return [_combo(hi * 4 + a, lo * 4 + b) for a, b in suits]


def _hand_class(text: str, part: str) -> tuple[int, int, str]:
    """``part`` (``"AKs"``, ``"TT"``, ``"KQ"``) as (high rank, low rank, suffix)."""
    if len(part) not in (2, 3):
        raise InvalidRange(
            f"{text!r} is not a hand: a hand class is two ranks and an optional s or o, "
            f"a combo two cards (like 'AsKs')",
            "13.1",
        )
    a, b = _rank(text, part[0]), _rank(text, part[1])
    suffix = part[2:].lower()
    if suffix and suffix not in _SUFFIX:
        raise InvalidRange(f"{text!r} is not a hand: {part[2]!r} is not s (suited) or o (offsuit)", "13.1")
    if a == b and suffix:
        raise InvalidRange(f"{text!r} is not a hand: a pair is neither suited nor offsuit", "13.1")
    hi, lo = max(a, b), min(a, b)
    return hi, lo, suffix


def _specific(text: str, body: str) -> list[Combo]:
    try:
        pair = cards(body)
    except InvalidCards as exc:  # spec 01's refusal, reworded for the range
        raise InvalidRange(f"{text!r} is not a hand: {exc.detail}", "13.1") from None
    if len(pair) != 2:
        raise InvalidRange(f"{text!r} is not a hand: a combo is two cards", "13.1")
    return [_combo(pair[0], pair[1])]


@rule("13.2")
def token_combos(token: str) -> tuple[Combo, ...]:
    """Combos of a token: the combos one token of the notation (without its weight) stands for."""
    text = body = token
    if not body:
        raise InvalidRange("'' is not a hand: the token is empty", "13.1")
    if len(body) == 4 and body[1].lower() in _SUITS and body[3].lower() in _SUITS and "-" not in body:
        return tuple(_specific(text, body))
    if body.endswith("+"):
        hi, lo, suffix = _hand_class(text, body[:-1])
        if hi == lo:
            found = [c for r in range(lo, 13) for c in _class_combos(r, r, "")]
        else:
            found = [c for k in range(lo, hi) for c in _class_combos(hi, k, suffix)]
        return tuple(found)
    if "-" in body:
        left, _, right = body.partition("-")
        if "-" in right or not left or not right:
            raise InvalidRange(f"{text!r} is not a range: a dash joins two hand classes", "13.1")
        h1, l1, s1 = _hand_class(text, left)
        h2, l2, s2 = _hand_class(text, right)
        if (h1 == l1) != (h2 == l2):
            raise InvalidRange(f"{text!r} is not a range: a dash joins two pairs or two non-pairs", "13.1")
        if h1 == l1:
            low, high = sorted((h1, h2))
            return tuple(c for r in range(low, high + 1) for c in _class_combos(r, r, ""))
        if h1 != h2:
            raise InvalidRange(
                f"{text!r} is not a range: both ends must have the same high rank ({RANKS[h1]} and "
                f"{RANKS[h2]})",
                "13.1",
            )
        if s1 != s2:
            raise InvalidRange(f"{text!r} is not a range: both ends must be suited alike", "13.1")
        low, high = sorted((l1, l2))
        return tuple(c for k in range(low, high + 1) for c in _class_combos(h1, k, s1))
    hi, lo, suffix = _hand_class(text, body)
    return tuple(_class_combos(hi, lo, suffix))


def _weight(text: str, given: str) -> Fraction:
    if not _WEIGHT.fullmatch(given) or Fraction(given) > 1:
        raise InvalidRange(
            f"{text!r} has weight {given!r}: a weight is a decimal from 0 to 1 with at most three places",
            "13.1",
        )
    return Fraction(given)


@rule("13.3")
def weigh(entries: Iterable[tuple[Sequence[Combo], Fraction]]) -> dict[Combo, Fraction]:
    """Weights and repeated combos: each combo's weight is the one its last mention gives; 0 drops it."""
    weights: dict[Combo, Fraction] = {}
    for combos, weight in entries:
        for combo in combos:
            weights.pop(combo, None)
            if weight:
                weights[combo] = weight
    return weights


def _format_weight(weight: Fraction) -> str:
    if weight == 1:
        return ""
    return ":" + f"{float(weight):.3f}".rstrip("0").rstrip(".")


@dataclass(frozen=True)
class HandRange:
    """A range: combos with weights (§13.3), in a canonical order. ``str`` gives notation that parses
    back to the same range."""

    weights: tuple[tuple[Combo, Fraction], ...]

    def __post_init__(self) -> None:
        for combo, weight in self.weights:
            if (
                not isinstance(weight, Fraction)
                or WEIGHT_UNIT % weight.denominator
                or not 0 < weight.numerator <= weight.denominator
            ):
                raise InvalidRange(f"combo {combo[0]}{combo[1]} has weight {weight}, not 0.001..1", "13.3")

    @classmethod
    def from_weights(cls, weights: dict[Combo, Fraction]) -> HandRange:
        return cls(tuple(sorted(weights.items(), key=lambda item: (-item[0][0], -item[0][1]))))

    def __len__(self) -> int:
        return len(self.weights)

    def __iter__(self) -> Iterator[tuple[Combo, Fraction]]:
        return iter(self.weights)

    @property
    def combos(self) -> tuple[Combo, ...]:
        return tuple(combo for combo, _ in self.weights)

    def weight(self, combo: Combo) -> Fraction:
        """The weight of ``combo`` (0 if the range does not hold it)."""
        return dict(self.weights).get(_combo(*combo), Fraction(0))

    def __str__(self) -> str:
        by_class: dict[tuple[int, int], dict[Combo, Fraction]] = {}
        for combo, weight in self.weights:
            key = (max(combo[0].rank, combo[1].rank), min(combo[0].rank, combo[1].rank))
            by_class.setdefault(key, {})[combo] = weight
        order = sorted(by_class, key=lambda k: (k[0] != k[1], -k[0], -k[1]))
        tokens: list[str] = []
        for hi, lo in order:
            held = by_class[(hi, lo)]
            name = RANKS[hi] + RANKS[lo]
            groups = [("", _class_combos(hi, lo, ""))]
            if hi != lo:
                groups = [
                    ("", groups[0][1]),
                    ("s", _class_combos(hi, lo, "s")),
                    ("o", _class_combos(hi, lo, "o")),
                ]
            rest = dict(held)
            for suffix, members in groups:
                ws = {rest.get(c) for c in members}
                shared = ws.pop() if len(ws) == 1 else None
                if shared is not None:
                    tokens.append(name + suffix + _format_weight(shared))
                    for c in members:
                        del rest[c]
            for combo, weight in sorted(rest.items(), key=lambda i: (-i[0][0], -i[0][1])):
                tokens.append(f"{combo[0]}{combo[1]}{_format_weight(weight)}")
        return ", ".join(tokens)


@rule("13.1")
def parse_range(text: str) -> HandRange:
    """Range notation: tokens separated by commas or spaces, each a hand class, a run, or a combo."""
    if not isinstance(text, str):
        raise InvalidRange(f"a range is text like 'TT+, AKs', not {show_value(text)}", "13.1")
    entries: list[tuple[tuple[Combo, ...], Fraction]] = []
    for token in _SEPARATORS.split(text.strip()):
        if not token:
            continue
        body, colon, given = token.partition(":")
        weight = _weight(token, given) if colon else Fraction(1)
        try:
            entries.append((token_combos(body), weight))
        except InvalidRange as exc:
            if body != token:  # name the whole token, weight included
                raise InvalidRange(exc.detail.replace(repr(body), repr(token), 1), exc.section) from None
            raise
    return HandRange.from_weights(weigh(entries))


RangeLike = HandRange | str


def as_range(value: RangeLike | Iterable[Card]) -> HandRange:
    """A ``HandRange`` from a range, range text, or a hand: two cards as text or a sequence (§13.1)."""
    if isinstance(value, HandRange):
        return value
    if isinstance(value, str):
        try:
            return parse_range(value)
        except InvalidRange:
            try:
                hole = cards(value)
            except InvalidCards:
                hole = ()
            if len(hole) != 2:
                raise
            return HandRange(((_combo(*hole), Fraction(1)),))
    if isinstance(value, Iterable):
        hole = cards(value)
        if len(hole) != 2:
            raise InvalidRange(f"a hand has two cards, not {len(hole)}", "13.1")
        return HandRange(((_combo(*hole), Fraction(1)),))
    raise InvalidRange(f"{show_value(value)} is not a range (text like 'QQ+, AKs') or a hand", "13.1")


@rule("13.4")
def live_combos(hand_range: HandRange, known: Iterable[Card]) -> tuple[tuple[Combo, Fraction], ...]:
    """Dead and board cards: the combos of a range that hold none of the known cards, with weights."""
    gone = {int(c) for c in known}
    return tuple((c, w) for c, w in hand_range.weights if int(c[0]) not in gone and int(c[1]) not in gone)


@dataclass(frozen=True)
class RangeEquityResult:
    """Equity of ranges (§13.5): per player the pot share, the share of boards won alone and tied.

    ``exact`` says whether every deal was counted (``deals`` = valid deals, ``boards`` = the
    completions counted over all of them) or Monte Carlo trials (``deals`` = ``boards`` = trials).
    """

    equity: tuple[float, ...]
    win: tuple[float, ...]
    tie: tuple[float, ...]
    exact: bool
    deals: int
    boards: int


@part_of("13.5")
def range_equity_inputs(
    players: Iterable[RangeLike | Iterable[Card]], board: CardsLike = (), dead: CardsLike = ()
) -> tuple[tuple[tuple[tuple[Combo, Fraction], ...], ...], tuple[Card, ...], tuple[Card, ...]]:
    """Check the players (2..10 ranges or hands), board (0, 3, 4, 5 cards) and dead cards; give each
    player's live combos (§13.4)."""
    if isinstance(players, str) or not isinstance(players, Iterable):
        raise InvalidRange(f"range equity takes a list of ranges, not {show_value(players)}", "13.5")
    ranges = [as_range(p) for p in players]
    if not 2 <= len(ranges) <= MAX_PLAYERS:
        raise InvalidRange(f"range equity needs 2 to {MAX_PLAYERS} players, not {len(ranges)}", "13.5")
    shown = cards(board)
    if len(shown) not in (0, 3, 4, 5):
        raise InvalidRange(f"a board has 0, 3, 4 or 5 cards, not {len(shown)}", "13.5")
    gone = cards(dead)
    known = cards([*shown, *gone])
    lives = []
    for i, r in enumerate(ranges):
        live = live_combos(r, known)
        if not live:
            raise InvalidRange(
                f"player {i}'s range {str(r)!r} has no combo left beside the known cards", "13.4"
            )
        lives.append(live)
    if DECK_SIZE - len(known) - 2 * len(ranges) < 5 - len(shown):
        raise InvalidRange(f"{len(known)} known cards leave too few to deal and complete the board", "13.5")
    return tuple(lives), shown, gone


@rule("13.5")
def range_equity(
    players: Iterable[RangeLike | Iterable[Card]], board: CardsLike = (), dead: CardsLike = ()
) -> RangeEquityResult:
    """Equity of ranges: the weighted average of §2.9's equity over every deal of one combo per player."""
    lives, shown, gone = range_equity_inputs(players, board, dead)
    n = len(lives)
    weight_boards = Fraction(0)
    wins = [Fraction(0)] * n
    ties = [Fraction(0)] * n
    shares = [Fraction(0)] * n
    deals = boards = 0
    for deal in product(*lives):
        held = [c for combo, _ in deal for c in combo]
        if len(set(held)) != len(held):
            continue
        weight = prod((w for _, w in deal), start=Fraction(1))
        result = equity([combo for combo, _ in deal], shown, gone)
        deals += 1
        boards += result.boards
        weight_boards += weight * result.boards
        for i in range(n):
            wins[i] += weight * result.wins[i]
            ties[i] += weight * result.ties[i]
            shares[i] += weight * result.shares[i]
    if deals == 0:
        raise InvalidRange("no deal gives every player a combo without sharing a card", "13.5")
    return RangeEquityResult(
        tuple(float(s / (SHARE_UNIT * weight_boards)) for s in shares),
        tuple(float(w / weight_boards) for w in wins),
        tuple(float(t / weight_boards) for t in ties),
        True,
        deals,
        boards,
    )


@rule("13.6")
def exact_is_feasible(live_counts: Sequence[int], board_count: int, known_count: int) -> bool:
    """Exact or Monte Carlo: exact when the live combo counts' product times the completions is small."""
    unseen = DECK_SIZE - known_count - 2 * len(live_counts)
    return prod(live_counts) * comb(unseen, 5 - board_count) <= EXACT_LIMIT


@part_of("13.6")
def check_trials(trials: object, seed: object) -> tuple[int, int | None]:
    """``trials`` a positive int (at most ``MAX_TRIALS`` of §2.9), ``seed`` an int 0..2**64-1 or None."""
    number = as_integer(trials)
    if number is None or not 1 <= number <= MAX_TRIALS:
        raise RuleViolation(
            f"trials must be a positive int up to {MAX_TRIALS:_}, not {show_value(trials)}", "13.6"
        )
    if seed is None:
        return number, None
    s = as_integer(seed)
    if s is None or not 0 <= s < 1 << 64:
        raise RuleViolation(f"seed must be an int in 0..2**64-1 or None, not {show_value(seed)}", "13.6")
    return number, s


@part_of("13.6")
def exact_chunks(
    live_counts: Sequence[int], completions: int
) -> Iterator[tuple[tuple[int, ...], tuple[int, ...]]]:
    """The chunks of an exact run: per player the combo offsets ``from``..``to`` (exclusive) it holds.

    The players with the most combos (the lower seat first on ties) are split into single combos,
    one after another, until a chunk's bound (its combo counts' product times ``completions``) is
    at most ``CHUNK_BOARDS``; the chunks come in lexicographic order of the split combos.
    """
    order = sorted(range(len(live_counts)), key=lambda p: (-live_counts[p], p))
    split: list[int] = []
    bound = prod(live_counts) * completions
    for p in order:
        if bound <= CHUNK_BOARDS:
            break
        split.append(p)
        bound //= live_counts[p]
    split.sort()
    for picks in product(*(range(live_counts[p]) for p in split)):
        chosen = dict(zip(split, picks, strict=True))
        start = tuple(chosen.get(p, 0) for p in range(len(live_counts)))
        stop = tuple(chosen[p] + 1 if p in chosen else live_counts[p] for p in range(len(live_counts)))
        yield start, stop


# --- §13.7 the preflop equity table -------------------------------------------------------------

_SUIT_PERMUTATIONS = tuple(permutations(range(4)))


@part_of("13.7")
def starting_hands() -> tuple[str, ...]:
    """The 169 starting-hand classes (§13.2) in table order: high rank from the ace down, then low
    rank from the high one down; a pair alone (``AA``), two ranks suited then offsuit (``AKs``, ``AKo``)."""
    names = []
    for hi in range(12, -1, -1):
        for lo in range(hi, -1, -1):
            if hi == lo:
                names.append(RANKS[hi] * 2)
            else:
                names += [RANKS[hi] + RANKS[lo] + "s", RANKS[hi] + RANKS[lo] + "o"]
    return tuple(names)


def _relabelled(deal: tuple[Combo, ...], suits: tuple[int, ...]) -> tuple[tuple[int, int], ...]:
    """The deal's card ids after renaming suit ``s`` to ``suits[s]``, each combo high card first."""
    combos = []
    for combo in deal:
        a, b = ((int(c) >> 2) * 4 + suits[int(c) & 3] for c in combo)
        combos.append((a, b) if a > b else (b, a))
    return tuple(combos)


@rule("13.7")
def suit_patterns(first: str, second: str) -> tuple[tuple[Combo, Combo, int], ...]:
    """The preflop equity table: the deals of class ``first`` against class ``second`` that no renaming
    of the suits maps to one another, each once, with the number of deals it stands for."""
    classes = []
    for text in (first, second):
        hi, lo, suffix = _hand_class(str(text), str(text)) if isinstance(text, str) else (0, 0, "?")
        if not isinstance(text, str) or (hi != lo and not suffix):
            raise InvalidRange(
                f"{show_value(text)} is not a starting hand (a pair, or two ranks s or o)", "13.7"
            )
        classes.append(_class_combos(hi, lo, suffix))
    counts: dict[tuple[tuple[int, int], ...], int] = {}
    for deal in product(*classes):
        if {int(c) for c in deal[0]} & {int(c) for c in deal[1]}:
            continue
        canonical = min(_relabelled(deal, suits) for suits in _SUIT_PERMUTATIONS)
        counts[canonical] = counts.get(canonical, 0) + 1
    return tuple((_combo(*canonical[0]), _combo(*canonical[1]), n) for canonical, n in sorted(counts.items()))
