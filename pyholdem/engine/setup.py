"""The explicit hand set-up (§3.20): one value that says everything a hand starts from.

``HandSetup`` holds the rule set, every seat's state (in the hand, sitting out, empty) and chips,
the button (possibly on an empty seat: a dead button), every forced post as a ``ForcedPost``
(seat, kind, amount, live or dead) in posting order, the level's blinds, the fixed-limit bet
sizes and the cards (a seed, and any known hole cards and board). It is checked completely when
it is made (``check_setup``, §3.20), so a ``Hand`` built from it on either engine has nothing left
to refuse but what depends on the posting itself (a straddle or a sleeper the player cannot
cover, §3.16, §3.17).

``setup_from_arguments`` builds the set-up of today's keyword constructor
``Hand(rules, stacks, button=..., blinds=..., ...)``: the rules that choose who posts what (§3.7
blind seats, §3.12–3.14 antes due, §3.16 straddle seats, §3.17 the sleeper) are called here, not
by the engines.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import cast

from pyholdem.errors import InvalidCards, RuleViolation, show_value
from pyholdem.rules.ruleset import RuleSet
from pyholdem.spec.cards import Card, CardsLike, Seed, parse_cards, shuffle_seed, shuffled_deck
from pyholdem.spec.dealing import Deal, deal_cards
from pyholdem.spec.structures import check_bet_sizes
from pyholdem.spec.table import (
    POST_KINDS,
    SEAT_STATES,
    ForcedPost,
    antes_due,
    blind_amounts,
    blind_seats,
    check_seats,
    check_setup,
    sleeper_amount,
    straddle_seats,
)
from pyholdem.values import is_int

__all__ = ["POST_KINDS", "SEAT_STATES", "ForcedPost", "HandSetup", "deal_setup", "setup_from_arguments"]

HoleCards = tuple[tuple[Card | None, Card | None] | None, ...]


def _post(fields: tuple[int, str, int, bool]) -> ForcedPost:
    """``ForcedPost(*fields)``, every field given, without the named tuple's Python-level ``__new__``."""
    return tuple.__new__(ForcedPost, fields)


@dataclass(frozen=True)
class HandSetup:
    """Everything one hand starts from (§3.20); checked completely when made.

    ``seats`` is one of ``SEAT_STATES`` per seat (by default every seat is in); seats not in the
    hand are not dealt, never act and keep their stacks. ``posts`` are the forced posts in
    posting order. ``blinds`` is the level: (small, big), or (big,) for a single blind; its big
    blind is the minimum bet (§5.5). ``bet_sizes`` defaults to (big blind, 2 × big blind).
    ``hole_cards`` gives each seat's two cards (``None`` for a card or a seat not known, or for a
    seat not in the hand) and ``board`` up to five cards; the other cards come off the deck
    ``seed`` shuffles (§1.4).
    """

    rules: RuleSet
    stacks: tuple[int, ...]
    button: int
    posts: tuple[ForcedPost, ...]
    blinds: tuple[int, ...]
    bet_sizes: tuple[int, int] | None = None
    seats: tuple[str, ...] = ()
    seed: Seed = None
    hole_cards: HoleCards | None = None
    board: tuple[Card, ...] = field(default=())

    def __post_init__(self) -> None:
        stacks = self.stacks
        if not isinstance(stacks, Sequence) or isinstance(stacks, str):
            raise RuleViolation(f"stacks {stacks!r} is not a list of chip counts", "3.1")
        seats = self.seats or ("in",) * len(stacks)
        posts = self.posts
        if isinstance(posts, str) or not isinstance(posts, Sequence):
            raise RuleViolation(f"posts {posts!r} are not a list of forced posts", "3.20")
        check_setup(self.rules, stacks, seats, self.button, posts, self.blinds)
        bet_sizes = self.bet_sizes
        if bet_sizes is None:
            bet_sizes = (self.blinds[-1], 2 * self.blinds[-1])
        _check_bet_sizes(bet_sizes, self.rules)
        holes, board = _parse_cards(len(stacks), self.hole_cards, self.board)
        if holes is not None:
            for seat, hole in enumerate(holes):
                if seats[seat] != "in" and hole != (None, None):
                    raise InvalidCards(f"seat {seat} is not in the hand and is dealt no cards", "4.2")
        shuffle_seed(self.seed)
        _check_distinct(holes, board)
        for name, value in (
            ("stacks", tuple(stacks)),
            ("seats", tuple(seats)),
            ("posts", tuple(posts)),
            ("bet_sizes", bet_sizes),
            ("hole_cards", holes),
            ("board", board),
        ):
            object.__setattr__(self, name, value)

    @cached_property
    def in_hand(self) -> tuple[bool, ...]:
        """Per seat: dealt in?"""
        return tuple(s == "in" for s in self.seats)

    @classmethod
    def _trusted(cls, base: HandSetup | None = None, /, **fields: object) -> HandSetup:
        """A set-up of values its maker has already checked as ``check_setup`` would (§3.20), made
        without checking them again: the fields of ``base`` (if given) with ``fields``, each as the
        checked constructor stores it (tuples; ``bet_sizes`` not None; without ``base``, every
        field)."""
        setup = object.__new__(cls)
        values = setup.__dict__
        if base is not None:
            values.update(base.__dict__)
        values.update(fields)
        return setup


def setup_from_arguments(
    rules: RuleSet,
    stacks: Sequence[int],
    *,
    button: int,
    blinds: int | Sequence[int],
    antes: int | Sequence[int] | None = None,
    straddles: Sequence[int] = (),
    sleeper: int | None = None,
    seed: Seed = None,
    hole_cards: Sequence[str | Sequence[object] | None] | None = None,
    board: str | Sequence[object] | None = None,
    bet_sizes: tuple[int, int] | None = None,
) -> HandSetup:
    """The set-up of ``Hand(rules, stacks, button=..., blinds=..., ...)``: every seat in, the blinds
    left of the button (§3.7), the antes ``rules.ante_type`` says (§3.12–3.14), the straddles on
    the seats after the big blind (§3.16), a sleeper of ``straddle_multiplier`` times the last
    forced bet (§3.17). Refusals come in the order the engines always gave them."""
    if not isinstance(rules, RuleSet):
        raise RuleViolation(f"rules {rules!r} is not a RuleSet", "0.1")
    check_seats(stacks, rules)
    n = len(stacks)
    if not is_int(button) or not 0 <= button < n:
        raise RuleViolation(f"button {show_value(button)} is not a seat in 0..{n - 1}", "3.1")
    amounts = blind_amounts(blinds, rules)
    seats_of_blinds = blind_seats(n, button, len(amounts))
    if type(straddles) is not tuple and (isinstance(straddles, str) or not isinstance(straddles, Sequence)):
        raise RuleViolation(f"straddles {straddles!r} are not a list of amounts", "3.16")
    straddlers = straddle_seats(n, button, seats_of_blinds, tuple(straddles), amounts[-1], rules)
    if bet_sizes is None:
        bet_sizes = (amounts[-1], 2 * amounts[-1])
        check_bet_sizes(bet_sizes, rules)
    else:
        _check_bet_sizes(bet_sizes, rules)
    holes: HoleCards | None = None
    known_board: tuple[Card, ...] = ()
    if hole_cards is not None or board is not None:
        holes, known_board = _parse_cards(n, hole_cards, board)
    shuffle_seed(seed)
    if holes is not None or known_board:
        _check_distinct(holes, known_board)
    posts: list[ForcedPost] = []
    if antes is not None:
        due = antes_due(antes, n, seats_of_blinds, rules)
        posts = [ForcedPost(seat, "ante", ante, False) for seat, ante in enumerate(due) if ante]
    if len(amounts) == 1:
        posts.append(_post((seats_of_blinds[0], "big_blind", amounts[0], True)))
    else:
        posts.append(_post((seats_of_blinds[0], "small_blind", amounts[0], True)))
        posts.append(_post((seats_of_blinds[1], "big_blind", amounts[1], True)))
    if straddlers:
        posts += [ForcedPost(s, "straddle", a) for s, a in zip(straddlers, straddles, strict=True)]
    if sleeper is not None:
        last = straddles[-1] if straddles else amounts[-1]
        posts.append(ForcedPost(sleeper, "sleeper", sleeper_amount(last, rules)))
    # every field is checked above, in the keyword form's order of refusals
    return HandSetup._trusted(
        rules=rules,
        stacks=tuple(stacks),
        button=button,
        posts=tuple(posts),
        blinds=amounts,
        bet_sizes=bet_sizes,
        seats=("in",) * n,
        in_hand=(True,) * n,
        seed=seed,
        hole_cards=holes,
        board=known_board,
    )


def planned_setup(
    rules: RuleSet,
    stacks: tuple[int, ...],
    button: int,
    posts: tuple[ForcedPost, ...],
    blinds: tuple[int, ...],
    bet_sizes: tuple[int, int] | None,
    seats: tuple[str, ...],
    seed: Seed,
) -> HandSetup:
    """The set-up of a hand a table's C planner laid out (§3.18, §3.20), without the full
    ``check_setup``: the plan deals in exactly the seats with chips it planned for and posts what
    §3.18 and §3.20 place; the stakes were checked when the table took them; the seed is the
    table's (a str, §1.4). The bet sizes are checked against the rules (§5.2) as a ``HandSetup``
    would."""
    bet_sizes = bet_sizes or (blinds[-1], 2 * blinds[-1])
    check_bet_sizes(bet_sizes, rules)
    return HandSetup._trusted(
        rules=rules, stacks=stacks, button=button, posts=posts, blinds=blinds, bet_sizes=bet_sizes,
        seats=seats, seed=seed, hole_cards=None, board=(),
    )  # fmt: skip


def deal_setup(setup: HandSetup, shuffle: Callable[[Seed], tuple[Card, ...]] = shuffled_deck) -> Deal:
    """The deal of a set-up (§4.2–4.3): the known cards in place, the rest off the shuffled deck,
    to the seats in the hand only."""
    n = len(setup.stacks)
    holes = None
    if setup.hole_cards is not None:
        holes = [(None, None) if h is None else h for h in setup.hole_cards]
    return deal_cards(shuffle(setup.seed), n, setup.button, holes, setup.board, setup.in_hand)


def _check_bet_sizes(bet_sizes: object, rules: RuleSet) -> None:
    if (
        not isinstance(bet_sizes, tuple)
        or len(bet_sizes) != 2
        or not all(is_int(b) and b > 0 for b in bet_sizes)
    ):
        raise RuleViolation(f"bet_sizes {show_value(bet_sizes)} are not (small bet, big bet) > 0", "5.2")
    check_bet_sizes(bet_sizes, rules)


def _parse_cards(
    n: int, hole_cards: Sequence[str | Sequence[object] | None] | None, board: str | Sequence[object] | None
) -> tuple[HoleCards | None, tuple[Card, ...]]:
    holes: list[tuple[Card | None, Card | None]] | None = None
    if hole_cards is not None:
        if isinstance(hole_cards, str) or not isinstance(hole_cards, Sequence) or len(hole_cards) != n:
            raise InvalidCards(f"hole_cards {hole_cards!r} must give one entry per seat ({n})", "4.2")
        holes = []
        for seat, given in enumerate(hole_cards):
            if given is None or (
                type(given) is tuple and all(c is None or type(c) is Card for c in given) and len(given) == 2
            ):
                # already parsed (a set-up's own cards)
                cards: tuple[Card | None, ...] = (
                    (None, None) if given is None else cast("tuple[Card, Card]", given)
                )
            else:
                cards = parse_cards(cast("CardsLike", given), allow_unknown=True)
            if len(cards) != 2:
                raise InvalidCards(f"seat {seat} is given {len(cards)} hole cards, not 2", "4.2")
            holes.append((cards[0], cards[1]))
    board_cards = () if board is None else parse_cards(cast("CardsLike", board))
    if len(board_cards) > 5:
        raise InvalidCards(f"board {board!r} has {len(board_cards)} cards; at most 5", "4.3")
    return (None if holes is None else tuple(holes)), board_cards


def _check_distinct(holes: HoleCards | None, board: Sequence[Card]) -> None:
    fixed = [c for hand in (holes or ()) for c in (hand or ()) if c is not None] + list(board)
    if len(set(fixed)) != len(fixed):
        dup = next(c for c in fixed if fixed.count(c) > 1)
        raise InvalidCards(f"card {dup} is given twice", "1.1")


def with_stacks(setup: HandSetup, stacks: Sequence[int], seed: Seed) -> HandSetup:
    """``setup`` laid out again with other ``stacks`` and ``seed`` (§3.20), for a table dealing a
    hand laid out as an earlier one: the seats, button, posts and blinds were checked when
    ``setup`` was made and do not depend on the stacks; the stacks are checked against the seats
    (a seat in the hand has chips, an empty one none) and the seed by §1.4."""
    if setup.hole_cards is not None or setup.board:
        raise RuleViolation("with_stacks lays out a set-up without known cards", "3.20")
    stacks = tuple(stacks)
    seats = setup.seats
    if len(stacks) != len(seats) or not all(
        stack.__class__ is int
        and (stack > 0 if state == "in" else stack == 0 if state == "empty" else stack >= 0)
        for state, stack in zip(seats, stacks, strict=False)
    ):
        raise RuleViolation(f"stacks {show_value(stacks)} do not fit the seats {list(seats)}", "3.1")
    shuffle_seed(seed)
    return HandSetup._trusted(setup, stacks=stacks, seed=seed)


def laid_out_again(setup: HandSetup, stacks: tuple[int, ...], seed: Seed) -> HandSetup:
    """``setup`` with other ``stacks`` and ``seed``, not checked again (§3.20): for a table dealing a
    hand laid out as an earlier one, which guarantees what ``with_stacks`` checks — the stacks are
    ints (checked when bought in or added, or the engine's results), with chips exactly where the
    earlier set-up had them (the layout's key records which seats have chips), and the seed is
    the table's seed and the hand's number as a ``str`` (§1.4)."""
    return HandSetup._trusted(setup, stacks=stacks, seed=seed)
