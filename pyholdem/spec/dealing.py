"""Spec 04 — dealing (spec/04-dealing.md)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from pyholdem.errors import InvalidCards, RuleViolation
from pyholdem.rules.ruleset import RuleSet
from pyholdem.spec.cards import Card
from pyholdem.spec.state import RIVER, HandState
from pyholdem.traceability.registry import rule

BOARD_AFTER_STREET = (0, 3, 4, 5)


@dataclass(frozen=True)
class Deal:
    """Every card of a hand in the order it comes off the deck: hole cards per seat, the three
    burn cards and the five board cards (``None`` where a replay does not know a card)."""

    holes: tuple[tuple[Card | None, ...], ...]
    burns: tuple[Card | None, ...]
    board: tuple[Card | None, ...]


HAND_START_MARKERS = ("shuffle_started", "cut", "first_card_dealt")
"""The moments a hand passes before its first card reaches a player, in order (§4.1)."""


@rule("4.1")
def level_change_applies(reached: Sequence[str], rules: RuleSet) -> bool:
    """Hand-start markers: whether a new level signalled when the hand had passed the markers
    ``reached`` (a prefix of ``HAND_START_MARKERS``; a marker at the very moment of the signal is
    not passed) applies to this hand: it does if the hand had not passed ``level_change_cutoff``."""
    reached = tuple(reached)
    if reached != HAND_START_MARKERS[: len(reached)]:
        raise RuleViolation(
            f"markers {list(reached)} are not a prefix of {', '.join(HAND_START_MARKERS)} in order", "4.1"
        )
    return rules.level_change_cutoff not in reached


@rule("4.2")
def hole_card_order(seats: int, button: int, in_hand: Sequence[bool] | None = None) -> tuple[int, ...]:
    """Hole-card deal order: one card at a time clockwise from the seat left of the button, twice.

    The button gets the last card of each pass (heads-up the button, who is the small blind,
    is dealt second). Only the seats in the hand (``in_hand``, all by default) are dealt; the
    deal starts left of the button also when the button's seat is empty or out (§3.20).
    """
    one_pass = tuple(
        s for s in ((button + 1 + i) % seats for i in range(seats)) if in_hand is None or in_hand[s]
    )
    return one_pass + one_pass


@rule("4.3")
def deal_cards(
    deck: Sequence[Card],
    seats: int,
    button: int,
    hole_cards: Sequence[Sequence[Card | None]] | None = None,
    board: Sequence[Card] = (),
    in_hand: Sequence[bool] | None = None,
) -> Deal:
    """Board dealing with one burn per street: the whole deal, in the order the cards come off.

    Hole cards in the order of §4.2, then for the flop one burn and three cards, for the turn
    and the river one burn and one card each. Cards the caller fixes (``hole_cards`` per seat,
    ``None`` for unknown; the first ``board`` cards) take their place and are removed from
    ``deck``; every other card comes off ``deck`` in order. A seat not in the hand gets no
    cards (``()``).
    """
    fixed = [c for hand in (hole_cards or ()) for c in hand if c is not None] + list(board)
    if len(set(fixed)) != len(fixed):
        dup = next(c for c in fixed if fixed.count(c) > 1)
        raise InvalidCards(f"card {dup} is given twice", "1.1")
    taken = set(fixed)
    rest = iter([c for c in deck if c not in taken] if taken else deck)
    order = hole_card_order(seats, button, in_hand)
    dealt = len(order) // 2
    holes: list[list[Card | None]] = [
        [None, None] if in_hand is None or in_hand[s] else [] for s in range(seats)
    ]
    for i, seat in enumerate(order):
        holes[seat][i // dealt] = hole_cards[seat][i // dealt] if hole_cards is not None else next(rest)
    burns: list[Card | None] = []
    out_board: list[Card | None] = []
    for count in (3, 1, 1):
        burns.append(next(rest))
        for _ in range(count):
            index = len(out_board)
            out_board.append(board[index] if index < len(board) else next(rest))
    return Deal(tuple(tuple(h) for h in holes), tuple(burns), tuple(out_board))


@rule("4.4")
def visible_board(deal: Deal, street: int) -> tuple[Card | None, ...]:
    """No further cards after the hand ends (no rabbit hunting): the board of the streets dealt.

    Only the board cards of the streets actually dealt are ever shown.
    """
    return deal.board[: BOARD_AFTER_STREET[street]]


@rule("4.5")
def run_out_needed(state: HandState) -> bool:
    """All-in run-out: with two or more players in and at most one able to bet, the rest of the
    board is dealt without betting."""
    live = state.live()
    return len(live) >= 2 and state.street < RIVER and sum(state.can_act(s) for s in live) <= 1


@rule("4.6")
def exposed_all_in_hands(state: HandState, rules: RuleSet) -> tuple[int, ...]:
    """Exposing hands on all-in: when a player is all-in and betting is over, all hands go face up.

    With ``all_in_face_up`` every player still in the hand tables his cards before the rest of
    the board is dealt (tournaments); without it (cash games) nobody is exposed before the
    showdown.
    """
    live = state.live()
    if not rules.all_in_face_up or len(live) < 2 or all(state.can_act(s) for s in live):
        return ()
    return tuple(live)
