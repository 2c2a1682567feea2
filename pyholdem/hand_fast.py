"""Shortcuts for ``Hand``'s action loop: each one gives exactly the answer of the spec function it
names, for the rule sets ``Hand`` uses it with (tests/test_hand_fast.py compares them on random
hands). The spec functions stay the definition; these only skip repeated lookups and calls.
"""

from __future__ import annotations

from pyholdem.ruleset import RuleSet
from pyholdem.spec.betting import LegalActions, legal_actions
from pyholdem.spec.pots import reopened
from pyholdem.spec.state import HandState
from pyholdem.spec.structures import min_bet, min_raise_to


def uses_nl_legal_actions(rules: RuleSet) -> bool:
    """Whether ``nl_legal_actions`` equals ``legal_actions`` under ``rules``: uncapped no limit."""
    return rules.betting_structure == "no_limit" and rules.nl_raise_cap is None


def nl_legal_actions(state: HandState, rules: RuleSet) -> LegalActions:
    """``legal_actions`` (§6.1) for uncapped no limit, with §6.6, §6.7, §5.1 and §5.7 inlined.

    To call: up to the current bet or all-in (§7.1). A bet or raise needs chips beyond the current
    bet, another seat that can act, and betting open to the seat (§7.2); it goes from the minimum
    (§5.5, §5.6; all-in if less) to all-in (§5.7).
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
    if (
        top > current
        and any(state.can_act(s) for s in range(state.seats) if s != seat)
        and reopened(state, rules, seat)
    ):
        low = min(min_bet(state, rules) if current == 0 else min_raise_to(state, rules), top)
        high = top
    return LegalActions(seat, True, bet >= current, to_call if to_call > 0 else None, low, high, current == 0)
