"""Spec 03 — table, button, blinds, antes and straddles: the parts one hand needs
(spec/03-table-button-and-blinds.md)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from pyholdem.errors import RuleViolation, show_value
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
            raise RuleViolation(
                f"stack of seat {seat} is {show_value(stack)}; it must be an integer > 0", "3.1"
            )


@rule("3.2")
def random_seats(players: Sequence[str], seats: int, seed: Seed = None) -> dict[str, int]:
    """Initial seat assignment: every player draws a seat at random (a seeded shuffle of the seats)."""
    if len(set(players)) != len(players):
        raise RuleViolation(f"players {list(players)} are not distinct", "3.2")
    if len(players) > seats:
        raise RuleViolation(f"{len(players)} players cannot sit at {seats} seats", "3.2")
    order = list(range(seats))
    random.Random(seed).shuffle(order)
    return dict(zip(players, order, strict=False))


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


@dataclass(frozen=True)
class Positions:
    """Where the button and the blinds are for one hand, by seat number around the table.

    ``small_blind`` is the small blind's seat, which may be empty under the dead button (then
    ``small_blind_dead`` is True and nobody posts it); the button may also be on an empty seat.
    """

    button: int
    small_blind: int
    big_blind: int
    small_blind_dead: bool = False


def _next_occupied(occupied: Sequence[bool], seat: int) -> int:
    n = len(occupied)
    for step in range(1, n + 1):
        if occupied[(seat + step) % n]:
            return (seat + step) % n
    raise RuleViolation("no occupied seat at the table", "3.1")


def _check_table(previous: Positions, occupied: Sequence[bool]) -> None:
    n = len(occupied)
    if sum(bool(o) for o in occupied) < 2:
        raise RuleViolation(f"{sum(bool(o) for o in occupied)} occupied seats; a hand needs 2", "3.1")
    for name in ("button", "small_blind", "big_blind"):
        seat = getattr(previous, name)
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < n:
            raise RuleViolation(f"previous {name} {seat!r} is not a seat in 0..{n - 1}", "3.1")


def _positions_after_button(button: int, occupied: Sequence[bool]) -> Positions:
    if sum(bool(o) for o in occupied) == 2:
        other = _next_occupied(occupied, button)
        return Positions(button, button, other)
    small = _next_occupied(occupied, button)
    return Positions(button, small, _next_occupied(occupied, small))


@rule("3.4")
def moving_button(previous: Positions, occupied: Sequence[bool]) -> Positions:
    """Button movement: moving button — the button goes to the next player; the blinds follow it.

    ``occupied[s]`` says whether seat ``s`` has a player for the next hand.
    """
    _check_table(previous, occupied)
    return _positions_after_button(_next_occupied(occupied, previous.button), occupied)


@rule("3.5")
def dead_button(previous: Positions, occupied: Sequence[bool]) -> Positions:
    """Button movement: dead button — the big blind moves to the next player due it.

    The small blind falls on the previous big blind's seat (dead if that player is gone) and the
    button on the previous small blind's seat (possibly empty). Heads-up the button posts the
    small blind (§3.7).
    """
    _check_table(previous, occupied)
    big = _next_occupied(occupied, previous.big_blind)
    if sum(bool(o) for o in occupied) == 2:
        other = _next_occupied(occupied, big)
        return Positions(other, other, big)
    small = previous.big_blind
    return Positions(previous.small_blind, small, big, small_blind_dead=not occupied[small])


@rule("3.6")
def frozen_button(previous: Positions, occupied: Sequence[bool]) -> Positions:
    """Button movement: frozen on a blind's bust — the button stays when a blind was eliminated.

    When the previous small or big blind's seat is now empty, the button stays where it was and
    the blinds are the next players after it; otherwise the button moves as in §3.4.
    """
    _check_table(previous, occupied)
    if occupied[previous.small_blind] and occupied[previous.big_blind]:
        return moving_button(previous, occupied)
    return _positions_after_button(previous.button, occupied)


@rule("3.8")
def heads_up_transition(previous: Positions, occupied: Sequence[bool], proposed: Positions) -> Positions:
    """Transition to heads-up: nobody posts the big blind twice in a row when play goes heads-up.

    ``proposed`` are the positions §3.4–3.6 give for the first heads-up hand; if they make the
    previous big blind big blind again, he gets the button (and the small blind) instead.
    """
    _check_table(previous, occupied)
    if sum(bool(o) for o in occupied) != 2 or proposed.big_blind != previous.big_blind:
        return proposed
    other = _next_occupied(occupied, proposed.big_blind)
    return Positions(proposed.big_blind, proposed.big_blind, other)


def next_positions(previous: Positions, occupied: Sequence[bool], rules: RuleSet) -> Positions:
    """The next hand's positions under ``button_rule`` and ``heads_up_button_adjust``."""
    step = {"moving": moving_button, "dead": dead_button, "frozen_on_blind_bust": frozen_button}
    proposed = step[rules.button_rule](previous, occupied)
    if rules.heads_up_button_adjust:
        return heads_up_transition(previous, occupied, proposed)
    return proposed


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
        raise RuleViolation(
            f"blinds {show_value(amounts)} must be positive, the small not above the big", "3.10"
        )
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
            raise RuleViolation(f"ante {show_value(antes)} is negative", "3.12")
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
        raise RuleViolation(
            f"antes {show_value(antes)} are not one amount or one amount >= 0 per seat", "3.12"
        )
    return list(antes)


@rule("3.15")
def open_preflop(state: HandState, rules: RuleSet) -> None:
    """Live blinds and the big blind's option: posted blinds and straddles are bets.

    They count toward their poster's bet; the last of them (the big blind, or the last
    straddle) is the round's opening bet: it sets the amount to call (§7.5) and the size of a
    full raise. Toward a fixed-limit cap (§5.4) the big blind is the bet and each straddle a
    raise. The last poster acts last and may check or raise when nobody raised (§6.6).
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
    ``straddle_multiplier`` times the previous blind or straddle; the button never straddles
    unless ``button_may_straddle``; a blind never does.
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
        if (seat == button and not rules.button_may_straddle) or seat in blinds:
            raise RuleViolation(
                f"straddle {amount} would fall to seat {seat}, the button or a blind; "
                "only players between the big blind and the button may straddle",
                "3.16",
            )
        expected = previous * rules.straddle_multiplier
        if not _is_int(amount) or amount != expected:
            raise RuleViolation(f"straddle {show_value(amount)} by seat {seat} must be {expected}", "3.16")
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
