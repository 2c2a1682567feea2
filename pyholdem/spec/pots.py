"""Spec 07 — all-in and side pots (spec/07-all-in-and-side-pots.md)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from pyholdem.registry import rule


@dataclass(frozen=True)
class Pot:
    """One pot: its chips, the seats that may win it, and (once awarded) the seats that won it."""

    amount: int
    eligible: tuple[int, ...]
    winners: tuple[int, ...] = ()


@rule("7.6")
def return_uncalled(contributions: Sequence[int]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Uncalled bet returned: the part of the largest contribution nobody matched goes back.

    Returns ``(returned, capped)``: what each seat gets back and the contributions that stay in
    the pot. Only a seat that alone holds the largest contribution gets anything back.
    """
    ranked = sorted(contributions, reverse=True)
    returned = [0] * len(contributions)
    capped = list(contributions)
    if len(ranked) >= 2 and ranked[0] > ranked[1]:
        top = contributions.index(ranked[0])
        returned[top] = ranked[0] - ranked[1]
        capped[top] = ranked[1]
    return tuple(returned), tuple(capped)


@rule("7.7")
def layer_pots(contributions: Sequence[int], folded: Sequence[bool], dead: int = 0) -> tuple[Pot, ...]:
    """Pot layering: one layer per distinct contribution level, main pot first, then side pots.

    A layer holds, from every seat (folded or not), the part of its contribution between the
    previous level and this one; it may be won by the seats still in the hand that reached the
    level. Adjacent layers with the same eligible seats form one pot; a layer nobody can win joins
    the pot below it; ``dead`` money joins the main pot.
    """
    live = tuple(s for s in range(len(contributions)) if not folded[s])
    layers: list[Pot] = []
    previous = 0
    for level in sorted({c for c in contributions if c > 0}):
        amount = sum(min(c, level) - min(c, previous) for c in contributions)
        eligible = tuple(s for s in live if contributions[s] >= level)
        previous = level
        if not eligible and layers:
            top = layers[-1]
            layers[-1] = Pot(top.amount + amount, top.eligible)
        elif layers and layers[-1].eligible == eligible:
            layers[-1] = Pot(layers[-1].amount + amount, eligible)
        else:
            layers.append(Pot(amount, eligible))
    if not layers or not layers[0].eligible:
        return (Pot(sum(contributions) + dead, live),)
    return (Pot(layers[0].amount + dead, layers[0].eligible), *layers[1:])
