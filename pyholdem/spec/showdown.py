"""Spec 08 — showdown and pot award (spec/08-showdown-and-pot-award.md)."""

from __future__ import annotations

from collections.abc import Sequence, Sized
from dataclasses import dataclass
from typing import TypeGuard

from pyholdem.errors import InvalidCards, RuleViolation, show_value
from pyholdem.rules.ruleset import FIELDS, RuleSet
from pyholdem.spec.cards import Card
from pyholdem.spec.pots import Pot, all_in_seats, layer_pots, pot_contributions, return_uncalled
from pyholdem.spec.rankings import hand_value
from pyholdem.spec.state import HandState
from pyholdem.traceability.registry import rule
from pyholdem.values import is_int

__all__ = [
    "HandSettlement",
    "Pot",
    "Settlement",
    "award_order",
    "board_play_claim",
    "hand_strength",
    "may_muck",
    "must_show",
    "pot_winners",
    "resolve_pots",
    "settle_hand",
    "showdown_contestants",
    "showing_order",
    "split_pot",
]

MAX_VALUE = 2**31 - 1
ODD_CHIP_RULES: tuple[str, ...] = FIELDS["odd_chip_rule"].metadata["choices"]


@dataclass(frozen=True)
class Settlement:
    """What each seat receives (``payouts``) and the pots it came from, main pot first."""

    payouts: tuple[int, ...]
    pots: tuple[Pot, ...]


@rule("8.1")
def showdown_contestants(state: HandState) -> tuple[int, ...]:
    """Showdown and its contestants: two or more players left after the last round contest it.

    Returns the seats still in the hand, or ``()`` when one player is left (no showdown, §6.8).
    """
    live = tuple(state.live())
    return live if len(live) >= 2 else ()


@rule("8.2")
def showing_order(state: HandState, rules: RuleSet, final_round: int) -> tuple[int, ...]:
    """Order of showing: the last aggressor of the final betting round first, else the first player
    left of the button; then clockwise.

    ``final_round`` is the street of the last betting round played. With ``showdown_order =
    "last_aggressor_any_street"`` the last bettor or raiser of any street shows first.
    """
    if rules.showdown_order == "last_aggressor_any_street":
        first = next((a for a in reversed(state.aggressors[: final_round + 1]) if a is not None), None)
    else:
        first = state.aggressors[final_round]
    if first is None or state.folded[first]:
        first = next(
            s
            for s in ((state.button + 1 + i) % state.seats for i in range(state.seats))
            if not state.folded[s]
        )
    order = ((first + i) % state.seats for i in range(state.seats))
    return tuple(s for s in order if not state.folded[s])


@rule("8.3")
def must_show(
    seat: int, value: int, pots: Sequence[Pot], shown: dict[int, int], exposed: Sequence[int], rules: RuleSet
) -> bool:
    """Show or muck: a hand that can still win a pot is shown; a losing hand may be mucked.

    ``shown`` maps the seats already shown to their values. The hand can still win a pot it is
    eligible for when no shown hand in that pot beats it. With ``losers_may_muck = False``, or
    when the hand is already tabled (§8.4), it is shown in every case.
    """
    if not may_muck(seat, exposed, rules):
        return True
    for pot in pots:
        if seat in pot.eligible:
            rivals = [shown[s] for s in pot.eligible if s in shown]
            if not rivals or value >= max(rivals):
                return True
    return False


@rule("8.4")
def may_muck(seat: int, exposed: Sequence[int], rules: RuleSet) -> bool:
    """All-in hands are tabled: a hand turned face up for an all-in (§4.6) stays live and cannot
    be mucked; otherwise a losing hand may be mucked when ``losers_may_muck``."""
    return rules.losers_may_muck and seat not in exposed


@rule("8.5")
def hand_strength(hole: Sequence[Card | None], board: Sequence[Card | None]) -> int:
    """Cards speak: a hand is worth the best five of its hole cards and the board (§2.4).

    Every card must be known; an unknown card raises ``InvalidCards``.
    """
    cards = [*hole, *board]
    if not _all_known(cards):
        raise InvalidCards(f"a hand at showdown has an unknown card: {cards}", "8.5")
    return hand_value(cards)


def _all_known(cards: list[Card | None]) -> TypeGuard[list[Card]]:
    """Whether no card of ``cards`` is unknown (``None``)."""
    return all(c is not None for c in cards)


@rule("8.6")
def award_order(pots: Sequence[Pot], rules: RuleSet | None = None) -> tuple[int, ...]:
    """Award order: each pot is awarded on its own; side pots first, the last side pot first.

    Returns the indices of ``pots`` (main pot first, as ``layer_pots`` lists them) in the order
    they are awarded.
    """
    order = tuple(range(len(pots)))
    return order[::-1] if (rules or RuleSet()).side_pots_awarded_first else order


@rule("8.7")
def pot_winners(eligible: Sequence[int], values: Sequence[int | None]) -> tuple[int, ...]:
    """Winners of a pot: the eligible seats whose hand value is highest; several on a tie."""
    best = max(values[s] for s in eligible)  # type: ignore[type-var]  # eligible seats hold hands: int values
    return tuple(sorted(s for s in eligible if values[s] == best))


@rule("8.8")
def split_pot(
    amount: int,
    winners: Sequence[int],
    button: int,
    seats: int,
    *,
    odd_chip_rule: str | None = None,
    chip_unit: int = 1,
) -> dict[int, int]:
    """Split pots and odd chips: equal shares in whole chip units, the rest from the button's left.

    Winners are ordered clockwise from the first seat left of the button. Each gets the same
    number of whole units; ``"left_of_button"`` then hands the leftover units out one per winner
    in that order (anything below one unit to the first winner); ``"left_of_button_whole_chip"``
    gives the whole leftover to the first winner.
    """
    rule_name = odd_chip_rule or RuleSet().odd_chip_rule
    order = [s for s in ((button + 1 + i) % seats for i in range(seats)) if s in winners]
    k, u = len(order), chip_unit
    base = (amount // (k * u)) * u
    shares = dict.fromkeys(order, base)
    rest = amount - k * base
    if rule_name == "left_of_button":
        for seat in order[: rest // u]:
            shares[seat] += u
        shares[order[0]] += rest % u
    else:
        shares[order[0]] += rest
    return shares


POT_SEATS = (2, 10)
"""How many seats a settlement has (§7.7)."""

ALL_FOLDED = "every seat has folded; at least one seat must remain in the hand"


def seat_count_message(n: int) -> str:
    return f"contributions has {n} seats; a pot needs {POT_SEATS[0]} to {POT_SEATS[1]} seats"


def bad_amount_message(name: str, seat: int, value: object) -> str:
    return f"{name}[{seat}] = {show_value(value)} is not an integer >= 0"


def bad_value_message(seat: int, value: object) -> str:
    return f"values[{seat}] = {show_value(value)} is not a hand value in 0..{MAX_VALUE}"


def bad_button_message(button: object, n: int) -> str:
    return f"button = {show_value(button)} is not a seat in 0..{n - 1}"


def bad_chip_unit_message(chip_unit: object) -> str:
    return f"chip_unit = {show_value(chip_unit)} is not an integer >= 1"


def bad_odd_chip_rule_message(odd_chip_rule: object) -> str:
    allowed = ", ".join(repr(c) for c in ODD_CHIP_RULES)
    return f"odd_chip_rule = {odd_chip_rule!r} is not None or one of {allowed}"


def check_settlement(
    contributions: Sequence[int],
    folded: Sequence[bool],
    values: Sequence[int | None],
    button: int,
    *,
    dead: Sequence[int] | None = None,
    all_in: Sequence[bool] | None = None,
    odd_chip_rule: str | None = None,
    chip_unit: int = 1,
) -> None:
    """Refuse arguments of ``resolve_pots`` that do not describe a settlement (§7.7).

    The one argument check of pot settlement: the C resolver's binding runs it too and adds only
    the limits of its 64-bit amounts. Raises ``RuleViolation`` naming the first bad argument.
    """
    given = (
        ("contributions", contributions),
        ("folded", folded),
        ("values", values),
        ("dead", dead),
        ("all_in", all_in),
    )
    for k, (name, seq) in enumerate(given):  # dead and all_in may be None
        if (
            (k < 3 or seq is not None)
            and seq.__class__ is not list
            and seq.__class__ is not tuple
            and not _sized(seq)
        ):
            raise RuleViolation(f"{name} = {seq!r} is not a sequence with one entry per seat", "7.7")
    n = len(contributions)
    if not POT_SEATS[0] <= n <= POT_SEATS[1]:
        raise RuleViolation(seat_count_message(n), "7.7")
    for name, seq in given[1:]:
        if seq is not None and len(seq) != n:
            raise RuleViolation(f"{name} has {len(seq)} entries; expected one per seat ({n})", "7.7")
    for name, seq in (("contributions", contributions), ("dead", dead)):
        for s, c in enumerate(() if seq is None else seq):
            if (c.__class__ is not int and not is_int(c)) or c < 0:
                raise RuleViolation(bad_amount_message(name, s, c), "7.7")
    for name, flags in (("folded", folded), ("all_in", all_in)):
        for s, f in enumerate(() if flags is None else flags):
            if f.__class__ is not bool and (isinstance(f, str) or f not in (True, False)):
                raise RuleViolation(f"{name}[{s}] = {f!r} is not True or False", "7.7")
    for s, v in enumerate(values):
        if not folded[s] and ((v.__class__ is not int and not is_int(v)) or not 0 <= v <= MAX_VALUE):
            raise RuleViolation(bad_value_message(s, v), "7.7")
    if not is_int(button) or not 0 <= button < n:
        raise RuleViolation(bad_button_message(button, n), "7.7")
    if not is_int(chip_unit) or chip_unit < 1:
        raise RuleViolation(bad_chip_unit_message(chip_unit), "7.7")
    if odd_chip_rule is not None and (
        not isinstance(odd_chip_rule, str) or odd_chip_rule not in ODD_CHIP_RULES
    ):
        raise RuleViolation(bad_odd_chip_rule_message(odd_chip_rule), "7.7")
    if all(folded):
        raise RuleViolation(ALL_FOLDED, "7.7")


def _sized(seq: object) -> bool:
    if not hasattr(seq, "__getitem__") or not isinstance(seq, Sized):
        return False
    try:
        len(seq)
    except TypeError:
        return False
    return True


@rule("8.9")
def board_play_claim(declared: bool, final_round: str, best_on_board: bool, rules: RuleSet) -> bool:
    """Playing the board by declaration: does a mucked hand keep its claim to the pot?

    ``final_round`` is ``"checked_around"``, ``"bet_and_call"`` or ``"other"`` (what happened on
    the final betting round). Only when ``must_table_both_cards`` is off (seed 002 appendix), the
    player clearly declared that he plays the board, and the round was checked around or was a
    bet and a call with the best hand on the board. By default (TDA 13A, 19) never.
    """
    if rules.must_table_both_cards or not declared:
        return False
    return final_round == "checked_around" or (final_round == "bet_and_call" and best_on_board)


@rule("8.10")
def resolve_pots(
    contributions: Sequence[int],
    folded: Sequence[bool],
    values: Sequence[int | None],
    button: int,
    *,
    dead: Sequence[int] | None = None,
    all_in: Sequence[bool] | None = None,
    odd_chip_rule: str | None = None,
    chip_unit: int = 1,
) -> Settlement:
    """Pot settlement: from contributions, folds and hand values to what every seat receives.

    Returns the uncalled bet (§7.6), layers the rest into pots (§7.7), finds each pot's winners
    (§8.7) and splits it (§8.8). ``values`` of folded seats are ignored; ``dead`` is money in the
    pot that belongs to no seat's contribution (it joins the main pot). ``all_in`` (one flag per
    seat) marks a hand's contributions, antes included, whose uncalled bets went back at the end of
    each betting round: nothing more is returned (an ante never is, §7.7) and a seat still in the
    hand that is not all-in may win every layer.
    """
    check_settlement(
        contributions,
        folded,
        values,
        button,
        dead=dead,
        all_in=all_in,
        odd_chip_rule=odd_chip_rule,
        chip_unit=chip_unit,
    )
    n = len(contributions)
    dead = [0] * n if dead is None else dead
    folded = [bool(f) for f in folded]
    if all_in is None:
        returned, capped = return_uncalled(list(contributions))
        flags = None
    else:
        returned, capped = (0,) * n, tuple(contributions)
        flags = [bool(a) for a in all_in]
    payouts = list(returned)
    pots = []
    for pot in layer_pots(capped, folded, sum(dead), flags):
        winners = pot_winners(pot.eligible, values)
        shares = split_pot(pot.amount, winners, button, n, odd_chip_rule=odd_chip_rule, chip_unit=chip_unit)
        for seat, share in shares.items():
            payouts[seat] += share
        pots.append(Pot(pot.amount, pot.eligible, winners))
    return Settlement(tuple(payouts), tuple(pots))


@dataclass(frozen=True)
class HandSettlement:
    """A finished hand's settlement (§8.11): what each seat receives, the pots, and each winner's share
    of each pot as ``(seat, chips)`` in the order the pots are awarded (§8.6)."""

    payouts: tuple[int, ...]
    pots: tuple[Pot, ...]
    awards: tuple[tuple[int, int], ...]


@rule("8.11")
def settle_hand(
    state: HandState, rules: RuleSet, values: Sequence[int | None], *, showdown: bool
) -> HandSettlement:
    """Settling a finished hand: its pots from the hand's state, settled by §8.10, awarded by §8.6.

    ``values`` are the hand values of the players still in (§8.5; any value when nobody shows down).
    The contributions and dead money are §7.7's ``pot_contributions``; under ``ante_award =
    "pooled"`` antes (and dead blinds, §3.20) that are not dead money in the main pot are a pot of
    their own, settled apart and listed first. With ``odd_chip_pots = "merged_among_winners"`` and
    a showdown, the hands that win no pot leave the layering and the pots are settled again (§8.8).
    """
    st = state
    while True:
        contributions, dead = pot_contributions(st, rules)
        unit, odd = rules.chip_unit, rules.odd_chip_rule
        settlement = resolve_pots(
            contributions,
            st.folded,
            values,
            st.button,
            dead=dead,
            all_in=all_in_seats(st, rules),
            odd_chip_rule=odd,
            chip_unit=unit,
        )
        pooled = [a + d for a, d in zip(st.antes, st.dead or [0] * st.seats, strict=True)]
        if rules.ante_award == "pooled" and any(pooled) and not any(dead):
            antes = resolve_pots(
                [0] * st.seats, st.folded, values, st.button, dead=pooled, odd_chip_rule=odd, chip_unit=unit
            )
            payouts = tuple(a + b for a, b in zip(antes.payouts, settlement.payouts, strict=True))
            settlement = Settlement(payouts, antes.pots + settlement.pots)
        if st is not state or not showdown or rules.odd_chip_pots != "merged_among_winners":
            break
        winners = {s for pot in settlement.pots for s in pot.winners}
        losers = [s for s in state.live() if s not in winners]
        if not losers:
            break
        st = state.clone()
        for seat in losers:
            st.folded[seat] = True
    awards: list[tuple[int, int]] = []
    for index in award_order(settlement.pots, rules):
        pot = settlement.pots[index]
        shares = split_pot(pot.amount, pot.winners, st.button, st.seats, odd_chip_rule=odd, chip_unit=unit)
        awards.extend((seat, shares[seat]) for seat in pot.winners)
    return HandSettlement(settlement.payouts, settlement.pots, tuple(awards))
