"""Spec 07 — all-in and side pots (spec/07-all-in-and-side-pots.md)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from pyholdem.rules.ruleset import RuleSet
from pyholdem.spec.state import HandState
from pyholdem.traceability.registry import part_of, rule


@dataclass(frozen=True)
class Pot:
    """One pot: its chips, the seats that may win it, and (once awarded) the seats that won it."""

    amount: int
    eligible: tuple[int, ...]
    winners: tuple[int, ...] = ()


@rule("7.1")
def all_in_to(state: HandState, seat: int) -> int:
    """All-in for less: the bet ``seat`` has in front of it after putting in every chip it holds.

    A player may always call, bet or raise to this total, even below the minimum (§5.5, §5.6).
    """
    return state.bets[seat] + state.stacks[seat]


@rule("7.2")
def reopened(state: HandState, rules: RuleSet, seat: int) -> bool:
    """A short all-in does not reopen the betting: may ``seat``, who already acted, raise again?

    Big-bet games read ``reopen_rule_big_bet``: ``"full_raise_cumulative"`` asks §7.3,
    ``"full_raise_single"`` needs a full bet or raise made after the seat last acted,
    ``"any_raise"`` any raise. Fixed limit needs a full (or half-bet, §7.4) raise since.
    A seat that has not acted this round is not restricted.
    """
    if not state.acted[seat]:
        return True
    mark = state.marks[seat]
    if rules.betting_structure == "fixed_limit" or rules.reopen_rule_big_bet == "full_raise_single":
        return state.full_level > mark
    if rules.reopen_rule_big_bet == "any_raise":
        return state.current_bet > mark
    return state.full_level > mark or cumulative_reopen(state, rules, seat)


@rule("7.3")
def cumulative_reopen(state: HandState, rules: RuleSet, seat: int) -> bool:
    """Short all-ins that add up to a full raise reopen: measured when the action returns.

    The seat may raise again when the current bet exceeds the level it last acted on by at
    least a full raise, however many all-ins made it up. A full raise is the minimum raise
    increment of §5.6 with short all-ins left out: the round's first full bet under
    ``min_raise_rule = "initial_bet"``, else its largest full bet or raise (never less than the
    minimum bet, §5.5, which the state carries), so a short all-in alone never reopens the betting.
    Under ``"cumulative_short_allins"`` too the full raise is this one, not the raise size that short
    all-ins add up to (§5.6).
    """
    increment = state.first_bet if rules.min_raise_rule == "initial_bet" else state.full_increment
    return state.current_bet - state.marks[seat] >= max(increment, state.min_bet)


@rule("7.4")
def limit_all_in_is_full(raise_part: int, bet_size: int, rules: RuleSet) -> bool:
    """Fixed limit: the half-bet rule — an all-in of at least half a bet counts as a full bet.

    ``raise_part`` is how far the all-in goes above the last full bet level. With
    ``reopen_rule_limit = "full_bet"`` only a complete bet counts.
    """
    if rules.reopen_rule_limit == "full_bet":
        return raise_part >= bet_size
    return 2 * raise_part >= bet_size


@rule("7.5")
def preflop_call_level(posted: Sequence[int], full_amounts: Sequence[int], rules: RuleSet) -> int:
    """A short all-in blind: what the others must call preflop.

    With ``short_blind_call_amount = "full_blind"`` the largest full blind (or straddle) stands
    even when its poster was short; with ``"posted_amount"`` only what was actually posted.
    """
    if rules.short_blind_call_amount == "full_blind":
        return max(max(full_amounts), max(posted))
    return max(posted)


def antes_are_contributions(due: Sequence[int], big_blind_seat: int) -> bool:
    """§7.7 under ``ante_award = "uniform_as_contributions"``: is each ante its payer's contribution?

    ``due`` is the ante each seat owes. Antes that players pay for themselves (the same from
    everyone, from everyone but the blinds, or one amount per seat) are contributions, layered
    like bets, so nobody wins from a player more than he put in himself. A big-blind ante — the
    big blind alone owes an ante, for the whole table — is dead money in the main pot (TDA 2024),
    except the part of a player whose ante took all his chips.
    """
    payers = [s for s, ante in enumerate(due) if ante > 0]
    return payers != [big_blind_seat]


@part_of("7.7")
def pot_contributions(state: HandState, rules: RuleSet) -> tuple[list[int], list[int]]:
    """§7.7: each seat's contribution to the layered pots and the dead money, by ``ante_award``.

    ``"as_bets"`` and antes that contribute (``state.antes_contribute``) add each ante to its
    payer's contribution; otherwise an ante is dead money, except the ante of a player whose ante
    took all his chips. ``"pooled"``: contributions without antes; the antes are dead money in the
    main pot when every player still in reached the lowest contribution, else (no dead money
    here) they form a pot of their own that the hand settles apart. Dead blinds (§3.20) are dead
    money like dead antes: in the main pot, or with pooled antes in their pot.
    """
    contributions, dead = list(state.committed), list(state.dead or [0] * state.seats)
    if rules.ante_award == "pooled":
        positive = [c for c in contributions if c > 0]
        merged = positive and min(contributions[s] for s in state.live()) >= min(positive)
        return contributions, [a + d for a, d in zip(state.antes, dead, strict=True)] if merged else [
            0
        ] * state.seats
    for seat, ante in enumerate(state.antes):
        all_in_on_ante = state.stacks[seat] == 0 and state.committed[seat] == 0 and state.bets[seat] == 0
        if rules.ante_award == "as_bets" or state.antes_contribute or all_in_on_ante:
            contributions[seat] += ante
        else:
            dead[seat] += ante
    return contributions, dead


@rule("7.8")
def freeze_all_in(state: HandState, seat: int) -> None:
    """Frozen all-in on time-out: ``seat`` stops betting with what it has put in so far.

    It keeps its hand and plays for the pots its contribution reaches (§7.7); later bets form
    side pots without it; its remaining chips stay behind, out of play.
    """
    state.frozen[seat] = True
    state.acted[seat] = True


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
def layer_pots(
    contributions: Sequence[int],
    folded: Sequence[bool],
    dead: int = 0,
    all_in: Sequence[bool] | None = None,
) -> tuple[Pot, ...]:
    """Pot layering: one layer per distinct contribution level, main pot first, then side pots.

    A layer holds, from every seat (folded or not), the part of its contribution between the
    previous level and this one; it may be won by the seats still in the hand that reached the
    level, and, when ``all_in`` says which seats can put in no more (all-in, or frozen, §7.8), by
    every seat still in the hand that is not all-in (only an ante he did not owe leaves such a seat
    below a level). Without ``all_in`` every seat is held to its own contribution. Adjacent layers
    with the same eligible seats form one pot; a layer nobody can win joins the pot below it;
    ``dead`` money joins the main pot.
    """
    live = tuple(s for s in range(len(contributions)) if not folded[s])
    open_ended = () if all_in is None else tuple(s for s in live if not all_in[s])
    amounts: list[int] = []
    eligibles: list[tuple[int, ...]] = []
    previous = 0
    for level in sorted({c for c in contributions if c > 0}):
        amount = sum(min(c, level) - min(c, previous) for c in contributions)
        eligible = tuple(s for s in live if contributions[s] >= level or s in open_ended)
        previous = level
        if eligibles and (not eligible or eligibles[-1] == eligible):
            amounts[-1] += amount
        else:
            amounts.append(amount)
            eligibles.append(eligible)
    if not eligibles or not eligibles[0]:
        return (Pot(sum(contributions) + dead, live),)
    amounts[0] += dead
    return tuple(Pot(amount, eligible) for amount, eligible in zip(amounts, eligibles, strict=True))


@part_of("7.7")
def all_in_seats(state: HandState, rules: RuleSet) -> list[bool] | None:
    """§7.7: the seats that can put in no more (no chips behind, or frozen, §7.8), which the
    layering holds to their own contribution, under ``ante_award = "uniform_as_contributions"``;
    None under ``"pooled"`` and ``"as_bets"`` (pokerkit 0.7's readings: every seat is held to its
    contribution, antes included, and what nobody matched goes back)."""
    if rules.ante_award != "uniform_as_contributions":
        return None
    frozen = state.frozen or [False] * state.seats
    return [state.stacks[s] == 0 or frozen[s] for s in range(state.seats)]


@part_of("7.7")
def unmatched_antes(antes: Sequence[int], rules: RuleSet) -> list[int]:
    """§7.7 under ``ante_award = "as_bets"``: the part of each seat's ante nobody matched (above the
    second-largest ante), which goes back to its poster once the forced bets are posted; nothing
    under the other awards."""
    if rules.ante_award != "as_bets":
        return [0] * len(antes)
    matched = sorted(antes)[-2]
    return [max(0, ante - matched) for ante in antes]
