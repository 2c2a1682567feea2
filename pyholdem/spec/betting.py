"""Spec 06 — the betting round (spec/06-betting-round.md)."""

from __future__ import annotations

from typing import NamedTuple

from pyholdem.errors import IllegalAction, show_value
from pyholdem.rules.ruleset import RuleSet
from pyholdem.spec.pots import all_in_to, limit_all_in_is_full, reopened
from pyholdem.spec.state import PREFLOP, HandState
from pyholdem.spec.structures import (
    check_chip_unit,
    cumulative_raise_size,
    fl_bet_size,
    fl_cap_reached,
    fl_raise_to,
    min_bet,
    min_raise_to,
    nl_cap_reached,
    raise_bounds,
)
from pyholdem.traceability.registry import part_of, rule
from pyholdem.values import is_int

ACTIONS = ("fold", "check", "call", "bet", "raise")


class LegalActions(NamedTuple):
    """What the player to act may do: ``call`` is the chips a call adds (None: nothing to call);
    ``min_raise_to``/``max_raise_to`` bound a bet or raise (None: none is allowed); ``is_bet`` says
    whether it would be a bet (no bet yet this round) or a raise. Immutable (a named tuple: cheap
    to make once per turn)."""

    seat: int
    fold: bool
    check: bool
    call: int | None
    min_raise_to: int | None
    max_raise_to: int | None
    is_bet: bool

    def accepts(self, kind: str, amount: int | None = None, chip_unit: int = 1) -> bool:
        """Whether ``kind`` (and, for a bet or raise, ``amount``) is one of these actions.

        With the rule set's ``chip_unit``, an amount between the bounds must also be a whole
        number of units (§5.12); a bound off the unit is an all-in (§5.1) or a fixed-limit amount
        (§5.3) and is always accepted.
        """
        if kind in ("fold", "check"):
            return bool(getattr(self, kind))
        if kind == "call":
            return self.call is not None
        if self.min_raise_to is None or self.max_raise_to is None or (kind == "bet") != self.is_bet:
            return False
        if not is_int(amount):
            return False
        if not self.min_raise_to <= amount <= self.max_raise_to:
            return False
        return amount % chip_unit == 0 or amount in (self.min_raise_to, self.max_raise_to)


@rule("6.1")
def legal_actions(state: HandState, rules: RuleSet) -> LegalActions:
    """Legal actions: facing a bet, fold, call or raise; facing none, check, bet or fold.

    Folding when a check is possible is allowed (and binding). A bet or raise exists only when
    the seat's chips go beyond the current bet and §6.7 allows it; its bounds are §5.1's.
    """
    seat = state.to_act
    if seat is None:
        raise IllegalAction("the hand is over; nobody is to act", "6.1")
    to_call = min(state.current_bet, all_in_to(state, seat)) - state.bets[seat]
    low: int | None = None
    high: int | None = None
    if may_raise(state, rules, seat):
        low, high = raise_bounds(state, rules, seat)
    return LegalActions(
        seat=seat,
        fold=True,
        check=may_check(state, seat),
        call=to_call if to_call > 0 else None,
        min_raise_to=low,
        max_raise_to=high,
        is_bet=state.current_bet == 0,
    )


@part_of("6.1")
def check_action(
    state: HandState, rules: RuleSet, kind: str, amount: int | None, legal: LegalActions | None = None
) -> LegalActions:
    """Refuse ``kind``/``amount`` with a message naming the value, what is allowed and the section.

    ``legal`` may pass the already computed ``legal_actions(state, rules)``.
    """
    legal = legal or legal_actions(state, rules)
    if not isinstance(kind, str) or kind not in ACTIONS:
        raise IllegalAction(f"{show_value(kind)} is not an action; one of {', '.join(ACTIONS)}", "6.1")
    if kind in ("fold", "check", "call") and amount is not None:
        raise IllegalAction(f"{kind} takes no amount, not {amount!r} (bet and raise name theirs)", "6.1")
    if kind == "check" and not legal.check:
        if state.street == PREFLOP:
            raise IllegalAction(
                f"check is not allowed facing a bet of {state.current_bet}; only the big blind may check",
                "6.6",
            )
        options = "raise or fold" if legal.min_raise_to is not None else "fold"
        raise IllegalAction(
            f"check is not allowed facing a bet of {state.current_bet} (call {legal.call}, {options})", "6.1"
        )
    if kind == "call" and legal.call is None:
        raise IllegalAction("call is not allowed: there is nothing to call (check instead)", "6.1")
    if kind in ("bet", "raise"):
        if not is_int(amount):
            raise IllegalAction(f"{kind} to {amount!r} is not a whole number of chips", "5.12")
        if kind == "bet" and not legal.is_bet:
            raise IllegalAction(
                f"bet to {show_value(amount)} is not allowed: there is a bet of {state.current_bet} to raise",
                "6.1",
            )
        if kind == "raise" and legal.is_bet:
            raise IllegalAction(
                f"raise to {amount} is not allowed: there is no bet to raise (bet instead)", "6.1"
            )
        if legal.min_raise_to is None or legal.max_raise_to is None:
            reason, section = no_raise_reason(state, rules)
            options = f"call {legal.call} or fold" if legal.call is not None else "check or fold"
            raise IllegalAction(f"{kind} to {amount} is not allowed: {reason} ({options})", section)
        check_chip_unit(amount, all_in_to(state, legal.seat), rules, f"{kind} to")
        section = "5.5" if kind == "bet" else "5.6"
        if rules.betting_structure == "fixed_limit":
            section = "5.3"
        if amount < legal.min_raise_to:
            raise IllegalAction(
                f"{kind} to {show_value(amount)} is below the minimum {kind} to {legal.min_raise_to}", section
            )
        if amount > legal.max_raise_to:
            section = {"fixed_limit": "5.3", "pot_limit": "5.9"}.get(rules.betting_structure, "5.7")
            raise IllegalAction(
                f"{kind} to {amount} is above the maximum {kind} to {legal.max_raise_to}", section
            )
    return legal


@part_of("6.7")
def no_raise_reason(state: HandState, rules: RuleSet) -> tuple[str, str]:
    """Why §6.7 refuses the player to act a bet or raise, and the section that forbids it."""
    seat = state.to_act
    assert seat is not None
    limit = rules.betting_structure == "fixed_limit"
    if all_in_to(state, seat) <= state.current_bet:
        return "the player's chips do not go beyond the current bet", "6.7"
    if not any(state.can_act(s) for s in range(state.seats) if s != seat):
        return "no other player has chips to call it", "6.9"
    if not reopened(state, rules, seat):
        reason = "the betting was not reopened by a full raise since this player acted"
        return reason, "7.4" if limit else "7.2"
    if limit and fl_cap_reached(state, rules):
        return "the raise cap for this round is reached", "5.4"
    if nl_cap_reached(state, rules):
        return "the raise cap for this round is reached", "5.8"
    return "no other player could call more than the current bet (raise_needs_a_caller)", "6.7"


@rule("6.2")
def first_to_act_preflop(state: HandState, rules: RuleSet | None = None) -> int | None:
    """First to act before the flop: the player left of the last forced bet (big blind or last straddle).

    Heads-up this is the button (who posted the small blind); three-handed, the button too.
    With ``preflop_first_actor = "left_of_largest_post"`` it is the player left of the largest
    blind or straddle actually posted, a tie going to the poster nearest the button (pokerkit
    0.7): heads-up with equal blinds the big blind acts first. Players who cannot act are
    skipped (§6.4).
    """
    last_forced = state.blind_seats[-1]
    if rules is not None and rules.preflop_first_actor == "left_of_largest_post":
        n = state.seats
        last_forced = max(state.blind_seats, key=lambda s: (state.bets[s], (s - state.button - 1) % n))
    return next_to_act(state, last_forced)


@rule("6.3")
def first_to_act_postflop(state: HandState) -> int | None:
    """First to act after the flop: the first player left of the button who can still act."""
    return next_to_act(state, state.button)


@rule("6.4")
def next_to_act(state: HandState, after: int) -> int | None:
    """Turn order: clockwise from ``after``, the next player who still has to act (§6.5).

    Folded and all-in players are skipped; ``None`` when nobody has to act.
    """
    for step in range(1, state.seats + 1):
        seat = (after + step) % state.seats
        if must_act(state, seat):
            return seat
    return None


@rule("6.5")
def must_act(state: HandState, seat: int) -> bool:
    """Round completion: a player still has to act until he has acted and matched the bet.

    The round is complete when every player in the hand with chips has acted at least once and
    has put in the current bet (or is all-in); a player who alone still has chips and has matched
    the bet has nobody to bet against (§6.9) and does not act.
    """
    if not state.can_act(seat):
        return False
    if state.bets[seat] < state.current_bet:
        return True
    return not state.acted[seat] and not betting_closed(state, seat)


@rule("6.6")
def may_check(state: HandState, seat: int) -> bool:
    """The big blind's option; no other preflop check: check only with nothing to call.

    Preflop every other player faces the big blind, so only the big blind (or the last straddler)
    may check when the bet is not raised, and he may also raise (§6.7).
    """
    return state.bets[seat] >= state.current_bet


@rule("6.7")
def may_raise(state: HandState, rules: RuleSet, seat: int) -> bool:
    """Raise rights: a bet or raise needs chips beyond the current bet, an opponent with chips,
    a betting that is open to the player (§7.2–7.4) and an unreached cap (§5.4, §5.8).

    A player cannot raise his own bet: after everyone else only called, he may not raise again.
    """
    if all_in_to(state, seat) <= state.current_bet:
        return False
    others = [s for s in range(state.seats) if s != seat and state.can_act(s)]
    if not others:
        return False
    if rules.raise_needs_a_caller and not any(all_in_to(state, s) > state.current_bet for s in others):
        return False
    if not reopened(state, rules, seat):
        return False
    if rules.betting_structure == "fixed_limit":
        return not fl_cap_reached(state, rules)
    return not nl_cap_reached(state, rules)


@rule("6.8")
def uncontested_winner(state: HandState) -> int | None:
    """Uncontested end: when all players but one have folded, he wins without a showdown."""
    live = state.live()
    return live[0] if len(live) == 1 else None


@rule("6.10")
def out_of_turn_binds(state: HandState, rules: RuleSet, seat: int) -> bool:
    """Action out of turn: does the action ``seat`` announced out of turn bind now that it is his turn?

    ``state.out_of_turn[seat]`` is (action, amount, the bet he faced when he announced it).
    ``"tda53"``: a fold always binds; any other action binds if the action to him has not
    changed (nobody bet or raised in between). ``"fold_only_binding"``: only a fold binds.
    ``"reject"``: nothing is ever recorded (an action out of turn is refused).
    """
    kind, _, faced = state.out_of_turn[seat]
    if kind == "fold":
        return True
    return rules.out_of_turn == "tda53" and state.current_bet == faced


@part_of("6.10")
def check_out_of_turn(
    state: HandState, rules: RuleSet, kind: object, seat: object, amount: object = None
) -> None:
    """§6.10: refuse an action announced out of turn that cannot be recorded (``IllegalAction``).

    Refused: any action when the hand is over or ``kind`` is not an action (§6.1), an amount with a
    fold, check or call (§6.1) or a bet or raise to no whole number of chips (§5.12), a seat that is
    not at the table, every action under ``out_of_turn = "reject"``, and a seat that cannot act or
    already has an action out of turn pending. ``seat`` is not the seat to act.
    """
    if state.to_act is None:
        raise IllegalAction(f"{kind} is not allowed: the hand is over", "6.1")
    if not isinstance(kind, str) or kind not in ACTIONS:
        raise IllegalAction(f"{show_value(kind)} is not an action; one of {', '.join(ACTIONS)}", "6.1")
    if kind in ("fold", "check", "call") and amount is not None:
        raise IllegalAction(
            f"{kind} takes no amount, not {show_value(amount)} (bet and raise name theirs)", "6.1"
        )
    if kind in ("bet", "raise") and (not is_int(amount) or amount < 0):
        raise IllegalAction(f"{kind} to {show_value(amount)} is not a whole number of chips", "5.12")
    if not is_int(seat) or not 0 <= seat < state.seats:
        raise IllegalAction(f"seat {show_value(seat)} is not a seat in 0..{state.seats - 1}", "6.10")
    if rules.out_of_turn == "reject":
        raise IllegalAction(
            f"{kind} by seat {seat} is out of turn; seat {state.to_act} is to act (out_of_turn is 'reject')",
            "6.10",
        )
    if not state.can_act(seat) or seat in state.out_of_turn:
        raise IllegalAction(
            f"{kind} by seat {seat} out of turn is not allowed: the seat cannot act or already acted "
            "out of turn",
            "6.10",
        )


@rule("6.11")
def timeout_outcome(state: HandState, rules: RuleSet, seat: int) -> str:
    """Action clock and time-out: what happens to a player whose time to act ran out.

    ``"check_else_fold"``: his hand is checked when he can check, else folded (TDA 29);
    ``"fold"``: folded; ``"allin_freeze_if_committed"``: frozen all-in (§7.8) when he has put
    chips in the pot this hand (blinds and antes count), else folded. Returns ``"check"``,
    ``"fold"`` or ``"freeze"``.
    """
    rule_name = rules.timeout_action
    if rule_name == "check_else_fold":
        return "check" if may_check(state, seat) else "fold"
    if rule_name == "allin_freeze_if_committed":
        put_in = state.committed[seat] + state.bets[seat] + state.antes[seat]
        return "freeze" if put_in > 0 else "fold"
    return "fold"


@rule("6.9")
def betting_closed(state: HandState, seat: int | None = None) -> bool:
    """No betting when at most one player can act: nobody else has chips to bet against.

    With ``seat`` given: whether every player other than ``seat`` is folded or all-in.
    """
    if seat is not None:
        return not any(state.can_act(s) for s in range(state.seats) if s != seat)
    return sum(state.can_act(s) for s in range(state.seats)) <= 1


@rule("6.12")
def apply_wager(state: HandState, rules: RuleSet, seat: int, amount: int) -> None:
    """What a bet or raise changes: the chips, and whether it is full and counts toward a cap.

    ``amount`` is the new total of ``seat``'s bet, already checked by ``check_action``. The wager is
    *full* when it reaches the minimum (§5.5, §5.6; in fixed limit the full bet or raise, §5.3, or
    an all-in that the half-bet rule makes full, §7.4), or, with ``first_wager_reopens``, when it is
    the first bet or raise of the round (§7.2). A full wager sets the level that reopens the betting
    (``full_level``, §7.2) and the size of the next raise (``full_increment``, ``first_bet``, §5.6).
    It counts toward the caps (``bet_count`` §5.4, ``raise_count`` §5.8) when full or in a big-bet
    game; in fixed limit a short all-in counts only with ``fl_cap_counts_short_allins``, and no all-in
    counts with ``fl_cap_counts_allin_raise`` off. Reaching ``fl_max_raises`` with more than two
    players in the hand caps the round (``capped``, read by §5.4's ``"when_round_heads_up"``).
    Every wager adds to its seat's ``raise_increments`` and moves the raise size of
    ``"cumulative_short_allins"`` (``cumulative_increment``, §5.6).
    """
    old = state.current_bet
    all_in = amount == all_in_to(state, seat)
    limit = rules.betting_structure == "fixed_limit"
    first_wager = rules.first_wager_reopens and state.aggressors[state.street] is None
    counts = True
    if limit:
        full = amount >= fl_raise_to(state, rules)
        if not full and all_in:
            full = limit_all_in_is_full(amount - state.full_level, fl_bet_size(state), rules)
        full = full or first_wager
        if all_in:
            counts = (full or rules.fl_cap_counts_short_allins) and rules.fl_cap_counts_allin_raise
    else:
        needed = min_bet(state, rules) if old == 0 else min_raise_to(state, rules)
        full = amount >= needed or first_wager
    if full:
        state.full_increment = max(state.full_increment, amount - old)
        state.full_level = amount
        if state.first_bet == 0:
            state.first_bet = amount - old
    if counts and (full or not limit or rules.fl_cap_counts_short_allins):
        state.bet_count += 1
        if old > 0:
            state.raise_count += 1
    if limit and state.bet_count >= 1 + rules.fl_max_raises and len(state.live()) > 2:
        state.capped = True
    state.last_increment = amount - old
    state.stacks[seat] -= amount - state.bets[seat]
    state.bets[seat] = amount
    state.current_bet = amount
    state.aggressors[state.street] = seat
    state.raise_increments[seat] += amount - old
    state.cumulative_increment = cumulative_raise_size(state, amount - old, all_in)
