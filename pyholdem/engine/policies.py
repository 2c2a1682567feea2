"""Policies given as data, for ``simulate`` (``pyholdem.engine.bulk``) and for ``Hand``: the pure
Python twin of ``csrc/simulate.c``.

A policy decides the action of the seat to act from the hand's legal actions (§6.1), its street and
the chip unit (§5.12), drawing from a small generator: splitmix64 (64-bit state ``s``; each draw
adds ``0x9E3779B97F4A7C15`` to ``s`` and returns ``mix(s)``, the splitmix64 finaliser). Hand
``index`` of a run with ``seed`` depends on ``(seed, index)`` only:

- the policy's generator starts from ``stream(seed, index) = mix(mix(seed) + index)`` (mod 2**64);
- the deck (``deck="standard"``, the default) is ``Hand``'s for the seed ``hand_seed(seed, index) =
  seed * 2**32 + index``, shuffled by §1.4 (``Hand(..., seed=hand_seed(seed, index))`` deals the
  same cards);
- the fast deck (``deck="fast"``) is a partial Fisher-Yates of the ids 0..51, the card at
  position ``j`` swapped with one drawn uniformly from positions ``j..51``, drawing from
  ``stream(seed ^ DECK_SALT, index)``; its first ``2k + 8`` cards (``k`` seats dealt in) are two hole
  cards per dealt seat in seat order, three burns and the five board cards (``fast_deal``).

A draw in ``[0, 1)`` is the top 53 bits of one output times 2**-53; a uniform integer below
``bound`` is one output modulo ``bound``, outputs below ``2**64 mod bound`` drawn again.

The policies (each draws one number per decision, a bet or raise one more):

- ``RandomPolicy()``: the benchmark's (``benchmarks/workloads.choose``): a draw below 0.6 checks
  when that is allowed, below 0.75 calls when there is a bet to call, below 0.85 bets or raises when
  allowed, otherwise checks when allowed, else folds.
- ``StreetPolicy(preflop, flop, turn, river)``: per street (fold, check or call, bet or raise)
  probabilities summing to 1; a draw below the first folds (checks when checking is free), below
  the first two checks or calls, else bets or raises (checks or calls when no raise is allowed).
- ``AlwaysCall()``: checks when allowed, else calls; draws nothing.

A bet or raise is to ``low + unit * k``, ``k`` uniform in ``0 .. (min(high, 3 * low) - low) // unit``,
where ``low``/``high`` are the legal bounds (``min_raise_to``, ``max_raise_to``) and ``unit`` the
chip unit (§5.12): up to three times the minimum, as the benchmark sizes it.

``policy.player(seed, index)`` is a callable ``player(hand) -> (kind, amount)`` for ``Hand.act``;
``play(hand, player)`` plays a hand to its end with it.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from pyholdem.engine.play import play_hand
from pyholdem.errors import SimulationError, show_value
from pyholdem.spec.betting import LegalActions
from pyholdem.spec.state import STREET_NAMES
from pyholdem.spec.structures import wager_unit

__all__ = [
    "DECK_SALT",
    "INDEX_LIMIT",
    "SEED_LIMIT",
    "AlwaysCall",
    "Player",
    "Policy",
    "RandomPolicy",
    "SplitMix64",
    "StreetPolicy",
    "fast_cards",
    "fast_deal",
    "hand_seed",
    "play",
    "stream",
]

MASK = 2**64 - 1
GOLDEN = 0x9E3779B97F4A7C15
DECK_SALT = 0xD1B54A32D192ED03
INDEX_LIMIT = 2**32
"""Hand indices are below 2**32 (they are the low word of ``hand_seed``)."""
SEED_LIMIT = 2**64
"""Seeds are integers in ``0 .. 2**64 - 1``."""
_TO_UNIT = 2.0**-53


def mix(z: int) -> int:
    """The splitmix64 finaliser of a 64-bit integer."""
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    return z ^ (z >> 31)


def stream(seed: int, index: int) -> int:
    """The splitmix64 state hand ``index`` of a run with ``seed`` starts its policy from."""
    return mix((mix(seed) + index) & MASK)


def hand_seed(seed: int, index: int) -> int:
    """The ``Hand`` seed (§1.4) of hand ``index`` of a run with ``seed`` (the standard deck)."""
    return seed * INDEX_LIMIT + index


class SplitMix64:
    """The splitmix64 generator: ``next()`` a 64-bit output, ``random()`` in [0, 1), ``below(n)``."""

    __slots__ = ("state",)

    def __init__(self, state: int) -> None:
        self.state = state & MASK

    def next(self) -> int:
        self.state = (self.state + GOLDEN) & MASK
        return mix(self.state)

    def random(self) -> float:
        return (self.next() >> 11) * _TO_UNIT

    def below(self, bound: int) -> int:
        """Uniform in ``0 .. bound - 1``: outputs below ``2**64 mod bound`` are drawn again."""
        threshold = (MASK + 1) % bound
        x = self.next()
        while x < threshold:
            x = self.next()
        return x % bound


def fast_cards(seed: int, index: int, count: int) -> tuple[int, ...]:
    """The first ``count`` card ids of the fast deck of hand ``index`` (partial Fisher-Yates)."""
    rng = SplitMix64(stream(seed ^ DECK_SALT, index))
    deck = list(range(52))
    for j in range(count):
        r = j + rng.below(52 - j)
        deck[j], deck[r] = deck[r], deck[j]
    return tuple(deck[:count])


def fast_deal(
    seed: int, index: int, in_hand: tuple[bool, ...]
) -> tuple[tuple[tuple[int, int] | None, ...], tuple[int, ...], tuple[int, ...]]:
    """Hand ``index``'s fast deck laid out: hole card ids per seat (None for a seat not dealt in), the
    three burns and the five board cards."""
    dealt = sum(in_hand)
    cards = fast_cards(seed, index, 2 * dealt + 8)
    holes: list[tuple[int, int] | None] = []
    k = 0
    for seat_in in in_hand:
        holes.append((cards[2 * k], cards[2 * k + 1]) if seat_in else None)
        k += seat_in
    return tuple(holes), cards[2 * dealt : 2 * dealt + 3], cards[2 * dealt + 3 :]


def _wager(legal: LegalActions, unit: int, rng: SplitMix64) -> tuple[str, int]:
    low, high = legal.min_raise_to, legal.max_raise_to
    assert low is not None and high is not None
    cap = min(high, 3 * low)
    return ("bet" if legal.is_bet else "raise"), low + unit * rng.below((cap - low) // unit + 1)


@dataclass(frozen=True)
class RandomPolicy:
    """The benchmark's random policy (module docstring)."""

    def choose(self, legal: LegalActions, street: int, unit: int, rng: SplitMix64) -> tuple[str, int | None]:
        """The action for ``legal`` on ``street`` (0..3) with chip unit ``unit``."""
        u = rng.random()
        if legal.check and u < 0.6:
            return "check", None
        if legal.call is not None and u < 0.75:
            return "call", None
        if legal.min_raise_to is not None and u < 0.85:
            return _wager(legal, unit, rng)
        return ("check", None) if legal.check else ("fold", None)

    def player(self, seed: int, index: int) -> Player:
        return Player(self, seed, index)


@dataclass(frozen=True)
class StreetPolicy:
    """Fixed per-street (fold, check or call, bet or raise) probabilities (module docstring)."""

    preflop: tuple[float, float, float]
    flop: tuple[float, float, float]
    turn: tuple[float, float, float]
    river: tuple[float, float, float]

    def __post_init__(self) -> None:
        for name in STREET_NAMES:
            given = getattr(self, name)
            if (
                not isinstance(given, (tuple, list))
                or len(given) != 3
                or not all(isinstance(p, (int, float)) and not isinstance(p, bool) for p in given)
            ):
                raise SimulationError(
                    f"policy StreetPolicy.{name} {show_value(given)} is not three probabilities "
                    "(fold, check or call, bet or raise)"
                )
            if not all(math.isfinite(p) and p >= 0 for p in given):
                raise SimulationError(
                    f"policy StreetPolicy.{name} {show_value(given)} has a negative or infinite probability"
                )
            if abs(math.fsum(given) - 1.0) > 1e-9:
                raise SimulationError(
                    f"policy StreetPolicy.{name} {show_value(given)} sums to {math.fsum(given)!r}, not 1"
                )
            object.__setattr__(self, name, tuple(float(p) for p in given))

    def thresholds(self) -> tuple[tuple[float, float], ...]:
        """Per street: (fold below, check or call below), as the C policy holds them."""
        return tuple((p[0], min(1.0, p[0] + p[1])) for p in (getattr(self, n) for n in STREET_NAMES))

    def choose(self, legal: LegalActions, street: int, unit: int, rng: SplitMix64) -> tuple[str, int | None]:
        """The action for ``legal`` on ``street`` (0..3) with chip unit ``unit``."""
        fold_below, passive_below = self.thresholds()[street]
        u = rng.random()
        if u < fold_below:
            return ("check", None) if legal.check else ("fold", None)
        if u >= passive_below and legal.min_raise_to is not None:
            return _wager(legal, unit, rng)
        return ("check", None) if legal.check else ("call", None)

    def player(self, seed: int, index: int) -> Player:
        return Player(self, seed, index)


@dataclass(frozen=True)
class AlwaysCall:
    """Checks when allowed, else calls; never folds or raises, draws nothing."""

    def choose(self, legal: LegalActions, street: int, unit: int, rng: SplitMix64) -> tuple[str, int | None]:
        return ("check", None) if legal.check else ("call", None)

    def player(self, seed: int, index: int) -> Player:
        return Player(self, seed, index)


Policy = RandomPolicy | StreetPolicy | AlwaysCall
POLICIES = (RandomPolicy, StreetPolicy, AlwaysCall)


class Player:
    """``policy`` deciding for hand ``index`` of a run with ``seed``: ``player(hand) -> (kind, amount)``."""

    __slots__ = ("policy", "rng")

    def __init__(self, policy: Policy, seed: int, index: int) -> None:
        self.policy = policy
        self.rng = SplitMix64(stream(seed, index))

    def __call__(self, hand: Any) -> tuple[str, int | None]:
        """The action of the seat to act of ``hand`` (a ``Hand`` or either engine)."""
        return self.policy.choose(
            hand.legal_actions(), STREET_NAMES.index(hand.street), wager_unit(hand.rules), self.rng
        )


def play(hand: Any, player: Player) -> int:
    """Play ``hand`` to its end with ``player``; the number of actions played."""
    return play_hand(hand, player)
