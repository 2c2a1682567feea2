"""Shortcuts for ``Hand``'s action loop: each one gives exactly the answer of the spec function it
names, for the rule sets ``Hand`` uses it with (tests/test_hand_fast.py compares them on random
hands). The spec functions stay the definition; these only skip repeated lookups and calls.
"""

from __future__ import annotations

from pyholdem.ruleset import RuleSet
from pyholdem.spec.betting import LegalActions, legal_actions, may_raise
from pyholdem.spec.state import HandState
from pyholdem.spec.structures import min_bet, min_raise_to


def uses_nl_legal_actions(rules: RuleSet) -> bool:
    """Whether ``nl_legal_actions`` stands for ``legal_actions`` under ``rules``: no limit."""
    return rules.betting_structure == "no_limit"


def nl_legal_actions(state: HandState, rules: RuleSet) -> LegalActions:
    """``legal_actions`` (§6.1) for no limit, with §6.6, §5.1 and §5.7 inlined.

    To call: up to the current bet or all-in (§7.1). Whether a bet or raise is allowed is §6.7's
    ``may_raise``; it goes from the minimum (§5.5, §5.6, rounded up to whole chip units as §5.1
    says; all-in if less) to all-in (§5.7).
    """
    seat = state.to_act
    if seat is None:
        return legal_actions(state, rules)
    bet = state.bets[seat]
    top = bet + state.stacks[seat]
    current = state.current_bet
    to_call = min(current, top) - bet
    low: int | None = None
    high: int | None = None
    if may_raise(state, rules, seat):
        least = min_bet(state, rules) if current == 0 else min_raise_to(state, rules)
        unit = rules.chip_unit
        low = min(-(-least // unit) * unit, top)
        high = top
    return LegalActions(seat, True, bet >= current, to_call if to_call > 0 else None, low, high, current == 0)
