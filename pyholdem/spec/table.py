"""Spec 03 — table, button, blinds, antes and straddles: the parts one hand needs
(spec/03-table-button-and-blinds.md)."""

from __future__ import annotations

import random
from collections.abc import Sequence

from pyholdem.errors import RuleViolation
from pyholdem.registry import rule
from pyholdem.ruleset import RuleSet
from pyholdem.spec.cards import Seed, high_card_draw
from pyholdem.spec.pots import preflop_call_level
from pyholdem.spec.state import HandState


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


@rule("3.1")
def check_seats(stacks: Sequence[int], rules: RuleSet) -> None:
    """Seats and table size: a hand is dealt to 2 up to ``max_seats`` players, each with chips.

    Seats are numbered 0, 1, … clockwise; every stack is a whole number of chips above zero.
    """
    if not isinstance(stacks, Sequence) or isinstance(stacks, str):
        raise RuleViolation(f"stacks {stacks!r} is not a list of chip counts", "3.1")
    if not 2 <= len(stacks) <= rules.max_seats:
        raise RuleViolation(
            f"{len(stacks)} players cannot be dealt in; a hand needs 2 to {rules.max_seats}", "3.1"
        )
    for seat, stack in enumerate(stacks):
        if not _is_int(stack) or stack <= 0:
            raise RuleViolation(f"stack of seat {seat} is {stack!r}; it must be an integer > 0", "3.1")


@rule("3.3")
def initial_button(seats: int, rules: RuleSet, seed: Seed = None) -> int:
    """Initial button: where the button starts (``initial_button``).

    ``"high_card_draw"``: the high card of a draw (§1.6); ``"seat_1"`` and ``"first_seated"``:
    seat 0 (the first seat, or the first player to sit down, listed first); ``"random"``: a
    seeded random seat.
    """
    if rules.initial_button == "high_card_draw":
        return high_card_draw(list(range(seats)), rules, seed)[0]
    if rules.initial_button == "random":
        return random.Random(seed).randrange(seats)
    return 0


@rule("3.7")
def blind_seats(seats: int, button: int, blind_count: int) -> tuple[int, ...]:
    """Heads-up positions: who posts the blinds; heads-up the button posts the small blind.

    With three or more players the small blind is the first seat left of the button and the big
    blind the next; with one blind, the first seat left of the button posts it. Heads-up the
    button posts the small blind and the other player the big blind (or the single blind).
    """
    left = (button + 1) % seats
    if blind_count == 1:
        return (left,)
    if seats == 2:
        return (button, left)
    return (left, (button + 2) % seats)


@rule("3.9")
def small_blind_for(big_blind: int, rules: RuleSet) -> int:
    """Blind amounts: the small blind derived from the big blind (``small_blind_rule``).

    ``"half_round_down"``: half, rounded down to the chip unit (seed 004: 10 → 5, 5 → 2);
    ``"half_exact"``: half, which must be a whole number of chip units; ``"two_thirds"``: two
    thirds, rounded down to the chip unit. ``"explicit"`` derives nothing.
    """
    unit = rules.chip_unit
    name = rules.small_blind_rule
    if name == "explicit":
        raise RuleViolation("small_blind_rule 'explicit' needs both blinds given: (small, big)", "3.9")
    if name == "half_exact":
        if big_blind % (2 * unit):
            raise RuleViolation(f"half of the big blind {big_blind} is not a whole chip unit", "3.9")
        return big_blind // 2
    numerator, denominator = (1, 2) if name == "half_round_down" else (2, 3)
    return (big_blind * numerator // denominator) // unit * unit


@rule("3.10")
def blind_amounts(blinds: int | Sequence[int], rules: RuleSet) -> tuple[int, ...]:
    """Number of blinds: one blind, or a small and a big blind (``blind_count``).

    One amount is a single blind, unless ``small_blind_rule`` derives a small blind from it
    (§3.9); two amounts are (small, big), which ``blind_count = 1`` refuses. The big blind must
    be positive, the small blind positive and not above the big blind.
    """
    if _is_int(blinds):
        amounts: tuple[int, ...] = (blinds,)  # type: ignore[assignment]
        if rules.blind_count == 2 and rules.small_blind_rule != "explicit":
            amounts = (small_blind_for(blinds, rules), blinds)  # type: ignore[arg-type]
    elif isinstance(blinds, Sequence) and len(blinds) == 2 and all(_is_int(b) for b in blinds):
        amounts = tuple(blinds)
        if rules.blind_count == 1:
            raise RuleViolation(f"blinds {list(blinds)} are two blinds but blind_count is 1", "3.10")
    else:
        raise RuleViolation(f"blinds {blinds!r} are not one amount or (small, big)", "3.10")
    if amounts[-1] <= 0 or amounts[0] <= 0 or amounts[0] > amounts[-1]:
        raise RuleViolation(f"blinds {amounts} must be positive, the small not above the big", "3.10")
    return amounts


@rule("3.11")
def post_forced(stack: int, ante: int, blind: int, ante_first: bool) -> tuple[int, int]:
    """Posting blinds: blinds (and antes) are posted before the deal; a short post is all-in.

    Returns (ante posted, blind posted). A player who cannot cover both pays the one that comes
    first (``short_post_priority``, or ``bba_priority`` for the big-blind ante) in full if he can
    and the other with what is left.
    """
    if ante_first:
        paid_ante = min(ante, stack)
        return paid_ante, min(blind, stack - paid_ante)
    paid_blind = min(blind, stack)
    return min(ante, stack - paid_blind), paid_blind


@rule("3.12")
def each_player_antes(seats: int, ante: int) -> list[int]:
    """Antes from each player: every player dealt in owes the ante, dead money before the deal."""
    return [ante] * seats


@rule("3.13")
def antes_except_blinds(seats: int, ante: int, blinds: Sequence[int]) -> list[int]:
    """Antes from each player except the blinds: the blinds post their blinds instead."""
    return [0 if seat in blinds else ante for seat in range(seats)]


@rule("3.14")
def big_blind_ante(seats: int, ante: int, big_blind_seat: int) -> list[int]:
    """Big-blind ante: the big blind alone posts the ante for the table (TDA RP-11).

    Which of his blind and ante he covers first when short is ``bba_priority`` (§3.11).
    """
    return [ante if seat == big_blind_seat else 0 for seat in range(seats)]


def antes_due(
    antes: int | Sequence[int] | None, seats: int, blinds: Sequence[int], rules: RuleSet
) -> list[int]:
    """The ante each seat owes: a per-seat list as given, or one amount by ``ante_type``."""
    if antes is None:
        return [0] * seats
    if _is_int(antes):
        if antes < 0:  # type: ignore[operator]
            raise RuleViolation(f"ante {antes} is negative", "3.12")
        if rules.ante_type == "each_player_except_blinds":
            return antes_except_blinds(seats, antes, blinds)  # type: ignore[arg-type]
        if rules.ante_type == "big_blind_ante":
            return big_blind_ante(seats, antes, blinds[-1])  # type: ignore[arg-type]
        return each_player_antes(seats, antes)  # type: ignore[arg-type]
    if (
        not isinstance(antes, Sequence)
        or len(antes) != seats
        or not all(_is_int(a) and a >= 0 for a in antes)
    ):
        raise RuleViolation(f"antes {antes!r} are not one amount or one amount >= 0 per seat", "3.12")
    return list(antes)


@rule("3.15")
def open_preflop(state: HandState, rules: RuleSet) -> None:
    """Live blinds and the big blind's option: posted blinds and straddles are bets.

    They count toward their poster's bet; the last of them (the big blind, or the last
    straddle) is the round's opening bet: it sets the amount to call (§7.5), the size of a
    full raise, and counts as the first bet toward a fixed-limit cap (§5.4). Its poster acts
    last and may check or raise when nobody raised (§6.6).
    """
    posted = [state.bets[s] for s in state.blind_seats]
    state.current_bet = preflop_call_level(posted, state.blind_amounts, rules)
    state.full_level = state.current_bet
    opener = max(state.blind_amounts[-1], state.big_blind)
    if rules.straddle_raise_size == "big_blind":
        opener = state.big_blind
    state.full_increment = state.first_bet = state.last_increment = opener
    state.bet_count = 1 + state.straddles if rules.fl_cap_counts_blinds else 0


@rule("3.16")
def straddle_seats(
    seats: int, button: int, blinds: Sequence[int], straddles: Sequence[int], big_blind: int, rules: RuleSet
) -> tuple[int, ...]:
    """Straddles: the player left of the big blind may post a blind raise, each next a re-straddle.

    Only with ``straddle_allowed``; at most ``max_straddles``; each straddle is
    ``straddle_multiplier`` times the previous blind or straddle; the button never straddles.
    """
    if not straddles:
        return ()
    if not rules.straddle_allowed:
        raise RuleViolation(
            f"straddles {list(straddles)} are not allowed (straddle_allowed is False)", "3.16"
        )
    if rules.max_straddles is not None and len(straddles) > rules.max_straddles:
        raise RuleViolation(f"{len(straddles)} straddles; at most {rules.max_straddles} allowed", "3.16")
    chosen = []
    previous = big_blind
    seat = blinds[-1]
    for amount in straddles:
        seat = (seat + 1) % seats
        if seat == button or seat in blinds:
            raise RuleViolation(
                f"straddle {amount} would fall to seat {seat}, the button or a blind; "
                "only players between the big blind and the button may straddle",
                "3.16",
            )
        expected = previous * rules.straddle_multiplier
        if amount != expected:
            raise RuleViolation(f"straddle {amount} by seat {seat} must be {expected}", "3.16")
        chosen.append(seat)
        previous = amount
    return tuple(chosen)


@rule("3.17")
def sleeper_status(state: HandState) -> str:
    """Sleeper bets: what has become of the sleeper posted by ``state.sleeper``.

    ``"void"`` once a player between the last forced bet and the sleeper has called or raised
    (the sleeper is taken back); ``"live"`` once every one of them has folded or cannot act (it
    becomes a live straddle); ``"pending"`` while some of them have still to act; ``"none"``
    when no sleeper is waiting.
    """
    seat = state.sleeper
    if seat is None:
        return "none"
    between = []
    s = (state.blind_seats[-1] + 1) % state.seats
    while s != seat:
        between.append(s)
        s = (s + 1) % state.seats
    if any(state.acted[b] and not state.folded[b] for b in between):
        return "void"
    if all(state.folded[b] or not state.can_act(b) for b in between):
        return "live"
    return "pending"
