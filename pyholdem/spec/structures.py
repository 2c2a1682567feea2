"""Spec 05 — betting structures (spec/05-betting-structures.md).

Every function reads an explicit ``HandState`` and a ``RuleSet``; amounts are "raise to" totals
for the current round (the seat's whole bet in front of it after the action).
"""

from __future__ import annotations

from pyholdem.errors import IllegalAction, RuleViolation, show_value
from pyholdem.rules.ruleset import RuleSet
from pyholdem.spec.pots import all_in_seats, all_in_to, layer_pots, pot_contributions
from pyholdem.spec.state import PREFLOP, TURN, HandState
from pyholdem.traceability.registry import part_of, rule


@rule("5.1")
def raise_bounds(state: HandState, rules: RuleSet, seat: int) -> tuple[int, int]:
    """Structure selection: the smallest and largest bet or raise-to the structure allows ``seat``.

    ``betting_structure`` picks fixed limit (§5.2–5.4), no limit (§5.5–5.8) or pot limit
    (§5.5, §5.6, §5.9–5.11). In big-bet games the smallest bound is rounded up and the largest
    down to whole chip units (§5.12). Both bounds are capped by the seat's all-in total (§7.1);
    whether a raise is allowed at all is §6.7.
    """
    top = all_in_to(state, seat)
    if rules.betting_structure == "fixed_limit":
        amount = min(fl_raise_to(state, rules), top)
        return amount, amount
    unit = rules.chip_unit
    least = min_bet(state, rules) if state.current_bet == 0 else min_raise_to(state, rules)
    low = min(-(-least // unit) * unit, top)
    if rules.betting_structure == "pot_limit":
        return low, max(low, min(pl_max_raise_to(state, rules, seat) // unit * unit, top))
    return low, nl_max_raise_to(state, seat)


@rule("5.2")
def fl_bet_size(state: HandState) -> int:
    """Fixed-limit bet size per street: the small bet preflop and on the flop, the big bet after."""
    small, big = state.bet_sizes
    return big if state.street >= TURN else small


@part_of("5.2")
def check_bet_sizes(bet_sizes: tuple[int, int], rules: RuleSet) -> None:
    """§5.2 and §5.12: fixed-limit bet sizes are whole chip units (every bet and raise is made of them)."""
    if rules.betting_structure != "fixed_limit":
        return
    for size in bet_sizes:
        if size % rules.chip_unit:
            raise RuleViolation(
                f"bet size {size} of bet_sizes {bet_sizes} is not a multiple of the chip unit "
                f"{rules.chip_unit}",
                "5.2",
            )


@rule("5.3")
def fl_raise_to(state: HandState, rules: RuleSet | None = None) -> int:
    """Fixed-limit raise size: a bet or raise is to exactly one bet above the last full bet.

    With ``fl_raise_base = "current_bet"`` the bet is added to the current bet even when a short
    all-in made it (pokerkit 0.7).
    """
    if rules is not None and rules.fl_raise_base == "current_bet":
        return state.current_bet + fl_bet_size(state)
    return state.full_level + fl_bet_size(state)


@rule("5.4")
def fl_cap_reached(state: HandState, rules: RuleSet) -> bool:
    """Fixed-limit raise cap: a bet and ``fl_max_raises`` raises per round, unless lifted heads-up.

    ``"when_round_heads_up"`` lifts the cap while only two players are in the hand, unless the
    round was already capped with more; ``"when_event_heads_up"`` lifts it when the hand was
    dealt to two players (seats sitting out or empty do not count, §3.20); ``"never"`` keeps it.
    """
    if state.bet_count < 1 + rules.fl_max_raises:
        return False
    lift = rules.fl_cap_lifted_heads_up
    if lift == "when_round_heads_up":
        return len(state.live()) > 2 or state.capped
    if lift == "when_event_heads_up":
        return (state.seats if state.dealt is None else state.dealt) > 2
    return True


@rule("5.5")
def min_bet(state: HandState, rules: RuleSet) -> int:
    """Minimum opening bet in big-bet games: the big blind (``nl_min_bet``), or one chip unit."""
    return state.big_blind if rules.nl_min_bet == "big_blind" else rules.chip_unit


@rule("5.6")
def min_raise_to(state: HandState, rules: RuleSet) -> int:
    """Minimum raise in big-bet games: the current bet plus the raise increment of ``min_raise_rule``.

    ``"largest_full_increment"``: the largest full bet or raise of this round (preflop the big
    blind; a short all-in never counts). ``"initial_bet"``: the round's first full bet.
    ``"last_increment_including_short_allins"``: the last increment, short all-ins included, but
    never less than the minimum bet. ``"cumulative_short_allins"``: the larger of the largest full
    increment and the round's raise size, which short all-in raises that add up to it replace by
    their sum (``cumulative_increment``, kept by §6.12). The minimum never depends on an opponent's
    stack.
    """
    if rules.min_raise_rule == "initial_bet":
        increment = state.first_bet
    elif rules.min_raise_rule == "last_increment_including_short_allins":
        increment = max(state.last_increment, min_bet(state, rules))
    elif rules.min_raise_rule == "cumulative_short_allins":
        increment = max(state.full_increment, state.cumulative_increment)
    else:
        increment = state.full_increment
    return state.current_bet + max(increment, min_bet(state, rules))


@part_of("5.6")
def cumulative_raise_size(state: HandState, added: int, all_in: bool) -> int:
    """§5.6 ``"cumulative_short_allins"``: the round's raise size after a bet or raise that added
    ``added`` chips over the bet before it, ``state`` already holding it. What it added when that is at
    least the raise size; else, for an all-in, what every bet and raise of the round by the players now
    all-in added, when that sum is at least the raise size; else the raise size unchanged.
    """
    size = state.cumulative_increment
    if added >= size:
        return added
    if not all_in:
        return size
    all_ins = [s for s in range(state.seats) if not state.folded[s] and state.stacks[s] == 0]
    run = sum(state.raise_increments[s] for s in all_ins)
    return run if run >= size else size


@rule("5.7")
def nl_max_raise_to(state: HandState, seat: int) -> int:
    """No-limit maximum: a player may bet or raise every chip he has in front of him."""
    return all_in_to(state, seat)


@rule("5.8")
def nl_cap_reached(state: HandState, rules: RuleSet) -> bool:
    """No-limit raise cap: by default none; ``nl_raise_cap`` raises per round as a variant.

    With ``nl_cap_lifted_heads_up`` the cap does not apply while only two players are in the hand.
    """
    if rules.nl_raise_cap is None or state.raise_count < rules.nl_raise_cap:
        return False
    return not (rules.nl_cap_lifted_heads_up and len(state.live()) == 2)


@rule("5.9")
def pl_max_raise_to(state: HandState, rules: RuleSet, seat: int) -> int:
    """Pot-limit maximum: the current bet plus the pot after the raiser's call.

    The pot after the call is the pot in the middle (§5.10, §5.11), every bet on the table, and
    the amount the raiser must call. With ``pl_round_pot_to`` the raise part is rounded up to a
    multiple of that many chips.
    """
    to_call = state.current_bet - state.bets[seat]
    raise_part = pl_pot(state, rules, seat) + sum(pl_counted_bets(state, rules)) + to_call
    unit = rules.pl_round_pot_to
    if unit:
        raise_part = -(-raise_part // unit) * unit
    return state.current_bet + raise_part


@rule("5.10")
def pl_counted_bets(state: HandState, rules: RuleSet) -> list[int]:
    """Pot-limit preflop pot: the bets on the table, with short blinds counted as full blinds.

    Preflop, with ``pl_preflop_full_blinds`` each blind counts at least its full amount even when
    posted short; with ``pl_sb_counts_as_bb`` the small blind counts as a big blind.
    """
    bets = list(state.bets)
    if state.street != PREFLOP:
        return bets
    for i, (seat, amount) in enumerate(zip(state.blind_seats, state.blind_amounts, strict=True)):
        full = amount
        if rules.pl_sb_counts_as_bb and len(state.blind_seats) - state.straddles == 2 and i == 0:
            full = state.big_blind
        if rules.pl_preflop_full_blinds or full != amount:
            bets[seat] = max(bets[seat], full)
    return bets


@rule("5.11")
def pl_pot(state: HandState, rules: RuleSet, seat: int) -> int:
    """Pot-limit pot basis with side pots: every chip in the middle, or only the pot ``seat`` is playing for.

    ``"all_pots"`` counts everything from earlier rounds (antes included); ``"active_pot"``
    counts only the highest pot in the middle that ``seat`` can still win, the pots layered as
    §7.7 layers them (dead antes and dead blinds in the main pot); pooled antes count as
    contributions.
    """
    middle = sum(state.committed) + sum(state.antes) + sum(state.dead)
    if rules.pl_pot_basis == "all_pots" or middle == 0:
        return middle
    if rules.ante_award == "pooled":
        contributions = [c + a for c, a in zip(state.committed, state.antes, strict=True)]
        dead = sum(state.dead)
    else:
        layered, dead_antes = pot_contributions(state, rules)
        contributions, dead = layered, sum(dead_antes)
    pots = layer_pots(contributions, state.folded, dead, all_in_seats(state, rules))
    mine = [p.amount for p in pots if seat in p.eligible]
    return mine[-1] if mine else middle


@rule("5.12")
def check_chip_unit(amount: int, seat_all_in_to: int, rules: RuleSet, what: str) -> None:
    """Table stakes and chip unit: only chips in front of the player play, in whole chip units.

    A bet may not exceed what the player has (table stakes) and must be a multiple of
    ``chip_unit`` unless it puts the player all-in. In fixed limit the amount is the one §5.3
    fixes (bet sizes are whole units, §5.2); it is not rounded or refused for an all-in that
    left the level off the unit.
    """
    if amount > seat_all_in_to:
        raise IllegalAction(
            f"{what} {show_value(amount)} is more than the player has (all-in is {what} {seat_all_in_to})",
            "5.12",
        )
    if rules.betting_structure == "fixed_limit":
        return
    if amount != seat_all_in_to and amount % rules.chip_unit:
        raise IllegalAction(f"{what} {amount} is not a multiple of the chip unit {rules.chip_unit}", "5.12")


@part_of("5.12")
def wager_unit(rules: RuleSet) -> int:
    """§5.12: the step between two bets or raises short of all-in that may both be made (``chip_unit``);
    a bet between the bounds of ``legal_actions()`` on this grid from the smallest one is allowed."""
    return rules.chip_unit
