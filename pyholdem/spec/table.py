"""Spec 03 — table, button, blinds, antes and straddles: the parts one hand needs
(spec/03-table-button-and-blinds.md)."""

from __future__ import annotations

import random
from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from typing import NamedTuple, TypeVar

from pyholdem.errors import RuleViolation, show_value
from pyholdem.rules.ruleset import RuleSet
from pyholdem.spec.cards import Seed, high_card_draw
from pyholdem.spec.pots import preflop_call_level
from pyholdem.spec.state import HandState
from pyholdem.traceability.registry import part_of, rule
from pyholdem.values import is_int

H = TypeVar("H", bound=Hashable)


@rule("3.1")
def check_seats(stacks: Sequence[int], rules: RuleSet) -> None:
    """Seats and table size: a hand is dealt to 2 up to ``max_seats`` players, each with chips.

    Seats are numbered 0, 1, … clockwise; every stack is a whole number of chips above zero.
    """
    if type(stacks) not in (list, tuple) and (not isinstance(stacks, Sequence) or isinstance(stacks, str)):
        raise RuleViolation(f"stacks {stacks!r} is not a list of chip counts", "3.1")
    if not 2 <= len(stacks) <= rules.max_seats:
        raise RuleViolation(
            f"{len(stacks)} players cannot be dealt in; a hand needs 2 to {rules.max_seats}", "3.1"
        )
    for seat, stack in enumerate(stacks):
        if not (type(stack) is int or is_int(stack)) or stack <= 0:
            raise RuleViolation(
                f"stack of seat {seat} is {show_value(stack)}; it must be an integer > 0", "3.1"
            )


@rule("3.2")
def random_seats(players: Sequence[H], seats: int, seed: Seed = None) -> dict[H, int]:
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


def _previous_occupied(occupied: Sequence[bool], seat: int) -> int:
    n = len(occupied)
    for step in range(1, n + 1):
        if occupied[(seat - step) % n]:
            return (seat - step) % n
    raise RuleViolation("no occupied seat at the table", "3.1")


def _check_table(previous: Positions, occupied: Sequence[bool]) -> None:
    n = len(occupied)
    if sum(bool(o) for o in occupied) < 2:
        raise RuleViolation(f"{sum(bool(o) for o in occupied)} occupied seats; a hand needs 2", "3.1")
    for name in ("button", "small_blind", "big_blind"):
        seat = getattr(previous, name)
        if not is_int(seat) or not 0 <= seat < n:
            raise RuleViolation(f"previous {name} {seat!r} is not a seat in 0..{n - 1}", "3.1")


def _positions_after_button(button: int, occupied: Sequence[bool]) -> Positions:
    if sum(bool(o) for o in occupied) == 2:
        if not occupied[button]:  # a frozen button on an empty seat (§3.6): the small blind due has it
            button = _next_occupied(occupied, button)
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


@rule("3.23")
def from_heads_up(previous: Positions, occupied: Sequence[bool], proposed: Positions) -> Positions:
    """Transition from heads-up: the heads-up button never takes the button and the big blind at once.

    ``proposed`` are the positions §3.4–3.6 give for a hand of three or more players; when they
    put the button on the big blind (the dead button after a heads-up hand whose button is due
    the big blind), the button goes to the player before the small blind instead.
    """
    _check_table(previous, occupied)
    if proposed.button != proposed.big_blind or sum(bool(o) for o in occupied) < 3:
        return proposed
    button = _previous_occupied(occupied, proposed.small_blind)
    return Positions(button, proposed.small_blind, proposed.big_blind, proposed.small_blind_dead)


@part_of("3.4")
def next_positions(previous: Positions, occupied: Sequence[bool], rules: RuleSet) -> Positions:
    """The next hand's positions under ``button_rule`` and ``heads_up_button_adjust``, from heads-up
    as §3.23 says."""
    step = {"moving": moving_button, "dead": dead_button, "frozen_on_blind_bust": frozen_button}
    proposed = from_heads_up(previous, occupied, step[rules.button_rule](previous, occupied))
    if rules.heads_up_button_adjust:
        return heads_up_transition(previous, occupied, proposed)
    return proposed


@part_of("3.4")
def button_rule_in_force(rules: RuleSet) -> str:
    """Which of §3.4–3.6 moves the button between hands: ``"moving"``, ``"dead"`` or
    ``"frozen_on_blind_bust"``."""
    return rules.button_rule


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
        raise RuleViolation(
            f"blinds {show_value(big_blind)}: small_blind_rule 'explicit' derives no small blind; give "
            f"(small, {show_value(big_blind)}), or ({show_value(big_blind)},) for a single blind",
            "3.9",
        )
    if name == "half_exact":
        if big_blind % (2 * unit):
            raise RuleViolation(f"half of the big blind {big_blind} is not a whole chip unit", "3.9")
        return big_blind // 2
    numerator, denominator = (1, 2) if name == "half_round_down" else (2, 3)
    return (big_blind * numerator // denominator) // unit * unit


@rule("3.10")
def blind_amounts(blinds: int | Sequence[int], rules: RuleSet) -> tuple[int, ...]:
    """Number of blinds: one blind, or a small and a big blind (``blind_count``).

    ``(small, big)`` are two blinds, which ``blind_count = 1`` refuses; ``(big,)`` is one blind,
    asked for explicitly. One amount is the single blind when ``blind_count = 1``, else the big
    blind, whose small blind §3.9 derives (``small_blind_rule = "explicit"`` derives none and
    refuses it). The big blind must be positive, the small blind positive and not above the big
    blind.
    """
    if is_int(blinds):
        if blinds <= 0:
            raise RuleViolation(f"blinds {show_value(blinds)} must be positive", "3.10")
        amounts: tuple[int, ...] = (blinds,)
        if rules.blind_count == 2:
            amounts = (small_blind_for(blinds, rules), blinds)
    elif (
        (
            type(blinds) is tuple
            or type(blinds) is list
            or (isinstance(blinds, Sequence) and not isinstance(blinds, str))
        )
        and 1 <= len(blinds) <= 2
        and all([is_int(b) for b in blinds])
    ):
        amounts = tuple(blinds)
        if len(amounts) == 2 and rules.blind_count == 1:
            raise RuleViolation(f"blinds {list(blinds)} are two blinds but blind_count is 1", "3.10")
    else:
        raise RuleViolation(f"blinds {show_value(blinds)} are not one amount, (big,) or (small, big)", "3.10")
    if amounts[-1] <= 0 or amounts[0] <= 0 or amounts[0] > amounts[-1]:
        raise RuleViolation(
            f"blinds {show_value(amounts)} must be positive, the small not above the big", "3.10"
        )
    return amounts


@rule("3.11")
def post_forced(
    stack: int, ante: int, blind: int, ante_first: bool | RuleSet, *, big_blind: bool = False
) -> tuple[int, int]:
    """Posting blinds: blinds (and antes) are posted before the deal; a short post is all-in.

    Returns (ante posted, blind posted). A player who cannot cover both pays the one that comes
    first in full if he can and the other with what is left. ``ante_first`` says which comes
    first, or is the rule set that decides it: ``short_post_priority``, or ``bba_priority`` for
    the big-blind ante (``ante_type = "big_blind_ante"`` and the seat posts the big blind,
    ``big_blind``; §3.14). ``blind`` is everything the seat owes in blinds, its live blind first
    and then a dead part (§3.20): what is posted of it covers the live blind first.
    """
    if isinstance(ante_first, RuleSet):
        rules = ante_first
        bba = big_blind and rules.ante_type == "big_blind_ante"
        priority = rules.bba_priority if bba else rules.short_post_priority
        ante_first = priority == "ante_first"
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


@part_of("3.12")
def antes_due(
    antes: int | Sequence[int] | None, seats: int, blinds: Sequence[int], rules: RuleSet
) -> list[int]:
    """The ante each seat owes: a per-seat list as given, or one amount by ``ante_type``."""
    if antes is None:
        return [0] * seats
    if is_int(antes):
        if antes < 0:
            raise RuleViolation(f"ante {show_value(antes)} is negative", "3.12")
        if rules.ante_type == "each_player_except_blinds":
            return antes_except_blinds(seats, antes, blinds)
        if rules.ante_type == "big_blind_ante":
            return big_blind_ante(seats, antes, blinds[-1])
        return each_player_antes(seats, antes)
    if not isinstance(antes, Sequence) or len(antes) != seats or not all(is_int(a) and a >= 0 for a in antes):
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
    # an extra live big blind (§3.20) is a bet too, never above the big blind's full amount
    state.current_bet = max(preflop_call_level(posted, state.blind_amounts, rules), max(state.bets))
    state.full_level = state.current_bet
    opener = max(state.blind_amounts[-1], state.big_blind)
    if rules.straddle_raise_size == "big_blind":
        opener = state.big_blind
    state.full_increment = state.first_bet = state.last_increment = opener
    state.bet_count = 1 + state.straddles if rules.fl_cap_counts_blinds else 0


@part_of("3.16")
def straddles_allowed(rules: RuleSet) -> bool:
    """§3.16: whether the game allows straddles at all (``straddle_allowed``)."""
    return rules.straddle_allowed


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
    if not straddles_allowed(rules):
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
        if not is_int(amount) or amount != expected:
            raise RuleViolation(f"straddle {show_value(amount)} by seat {seat} must be {expected}", "3.16")
        chosen.append(seat)
        previous = amount
    return tuple(chosen)


@part_of("3.16")
def post_straddle(seat: int, stack: int, amount: int, rules: RuleSet) -> int:
    """§3.16 at the posting: what seat ``seat`` with ``stack`` chips posts of a straddle of ``amount``.

    The whole straddle; a player who cannot cover it is refused (``straddle_short_stack =
    "refused"``) or posts all-in what he has (``"all_in"``).
    """
    if stack < amount and rules.straddle_short_stack == "all_in":
        amount = stack
    if stack < amount:
        raise RuleViolation(f"seat {seat} has {stack} chips; cannot straddle {amount}", "3.16")
    return amount


@part_of("3.17")
def sleeper_amount(last_forced: int, rules: RuleSet) -> int:
    """§3.17: the sleeper is ``straddle_multiplier`` times the last forced bet."""
    return last_forced * rules.straddle_multiplier


@part_of("3.17")
def check_sleeper(state: HandState, rules: RuleSet, seat: object, amount: int) -> None:
    """§3.17 at the posting: may ``seat`` post a sleeper of ``amount`` now (``sleeper_allowed``; not
    the button, a blind — an extra or a dead one too, §3.20 — or a straddler; in the hand; the
    sleeper amount; more chips than the sleeper)?"""
    if not rules.sleeper_allowed:
        raise RuleViolation(
            f"a sleeper by seat {show_value(seat)} is not allowed (sleeper_allowed is False)", "3.17"
        )
    if not is_int(seat) or not 0 <= seat < state.seats:
        raise RuleViolation(f"sleeper seat {seat!r} is not a seat in 0..{state.seats - 1}", "3.17")
    if (
        seat == state.button
        or seat in state.blind_seats
        or state.bets[seat]
        or (state.dead and state.dead[seat])
    ):
        raise RuleViolation(
            f"seat {seat} is the button, a blind or a straddler and cannot post a sleeper", "3.17"
        )
    if state.folded[seat]:
        raise RuleViolation(f"seat {seat} is not in the hand and cannot post a sleeper", "3.17")
    expected = sleeper_amount(state.blind_amounts[-1], rules)
    if amount != expected:
        raise RuleViolation(f"sleeper {show_value(amount)} by seat {seat} must be {expected}", "3.17")
    if state.stacks[seat] <= amount:
        raise RuleViolation(
            f"seat {seat} has {state.stacks[seat]} chips; a sleeper of {amount} needs more", "3.17"
        )


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


SEAT_STATES = ("in", "sitting_out", "empty")
"""A seat in a hand's set-up (§3.20): dealt in, sitting out (keeps his chips), or nobody there."""
POST_KINDS = ("small_blind", "big_blind", "extra_blind", "ante", "straddle", "sleeper")
"""The kinds of a forced post (§3.20), in the order of ``enum ph_post_kind`` (csrc/holdem.h)."""
_BLIND_KINDS = ("small_blind", "big_blind", "extra_blind")


class ForcedPost(NamedTuple):
    """One forced post of a hand's set-up (§3.20): seat, kind (one of ``POST_KINDS``), the full
    amount owed, and whether it is live (part of the poster's bet) or dead (only in the pot)."""

    seat: int
    kind: str
    amount: int
    live: bool = True


@rule("3.20")
def check_setup(
    rules: RuleSet,
    stacks: Sequence[int],
    seats: Sequence[str],
    button: int,
    posts: Sequence[ForcedPost],
    blinds: Sequence[int],
) -> None:
    """Hand set-up: one explicit value says who is in the hand and who posts what.

    ``seats[s]`` is ``"in"``, ``"sitting_out"`` or ``"empty"``; a hand needs 2 seats in and at
    most ``max_seats`` seats; a seat in has chips, an empty seat none. The button is any seat
    (an empty one: a dead button). ``blinds`` is the level, (small, big) or (big,). The posts:
    exactly one live big blind of the level's big blind; at most one live small blind of the
    level's small blind, before the big blind; dead small blinds (a missed small blind made up:
    dead money, not part of the bet); extra live big blinds by players posting out of position;
    antes (dead); straddles after the big blind as §3.16 places them; a sleeper (§3.17). A seat
    posts at most one live blind, one dead blind and one ante.
    """
    if not isinstance(rules, RuleSet):
        raise RuleViolation(f"rules {rules!r} is not a RuleSet", "0.1")
    if type(stacks) not in (list, tuple) and (not isinstance(stacks, Sequence) or isinstance(stacks, str)):
        raise RuleViolation(f"stacks {stacks!r} is not a list of chip counts", "3.1")
    if not isinstance(seats, Sequence) or isinstance(seats, str) or len(seats) != len(stacks):
        raise RuleViolation(f"seats {seats!r} must give one state per seat ({len(stacks)})", "3.20")
    if not 2 <= len(stacks) <= rules.max_seats:
        raise RuleViolation(f"{len(stacks)} seats; a table has 2 to {rules.max_seats}", "3.1")
    n = len(stacks)
    for seat, (state, stack) in enumerate(zip(seats, stacks, strict=True)):
        if state not in SEAT_STATES:
            raise RuleViolation(f"seat {seat} is {state!r}, not one of {', '.join(SEAT_STATES)}", "3.20")
        least = 1 if state == "in" else 0
        if not is_int(stack) or stack < least or (state == "empty" and stack != 0):
            what = "> 0" if state == "in" else "0" if state == "empty" else ">= 0"
            raise RuleViolation(
                f"stack of seat {seat} ({state}) is {show_value(stack)}; it must be an integer {what}", "3.1"
            )
    dealt = [s for s in range(n) if seats[s] == "in"]
    if len(dealt) < 2:
        raise RuleViolation(f"{len(dealt)} players cannot be dealt in; a hand needs 2", "3.1")
    if not is_int(button) or not 0 <= button < n:
        raise RuleViolation(f"button {show_value(button)} is not a seat in 0..{n - 1}", "3.1")
    if (
        not isinstance(blinds, tuple)
        or len(blinds) not in (1, 2)
        or not all(is_int(b) and b > 0 for b in blinds)
        or blinds[0] > blinds[-1]
    ):
        raise RuleViolation(f"blinds {show_value(blinds)} are not (small, big) or (big,) > 0", "3.10")
    if isinstance(posts, str) or not isinstance(posts, Sequence):
        raise RuleViolation(f"posts {posts!r} are not a list of forced posts", "3.20")
    live_blind: set[int] = set()
    dead_blind: set[int] = set()
    anted: set[int] = set()
    big_seen = False
    positional: list[int] = []
    straddlers: list[int] = []
    straddles: list[int] = []
    for index, post in enumerate(posts):
        if not isinstance(post, ForcedPost):
            raise RuleViolation(f"post {index} {post!r} is not a ForcedPost", "3.20")
        if post.kind == "sleeper":  # checked when it is posted (§3.17)
            if index != len(posts) - 1:
                raise RuleViolation("a sleeper is the last forced post", "3.20")
            continue
        if post.kind not in POST_KINDS:
            raise RuleViolation(
                f"post {index} kind {post.kind!r} is not one of {', '.join(POST_KINDS)}", "3.20"
            )
        seat, amount = post.seat, post.amount
        if not is_int(seat) or not 0 <= seat < n or seats[seat] != "in":
            raise RuleViolation(f"{post.kind} by seat {show_value(seat)}: not a seat in the hand", "3.20")
        if not is_int(amount) or amount <= 0 or not isinstance(post.live, bool):
            raise RuleViolation(f"{post.kind} by seat {seat}: amount {show_value(amount)} is not > 0", "3.20")
        if post.live != (post.kind != "ante") and post.kind != "small_blind":
            raise RuleViolation(
                f"{post.kind} by seat {seat} cannot be {'live' if post.live else 'dead'}", "3.20"
            )
        if straddles and post.kind != "straddle":
            raise RuleViolation(f"{post.kind} by seat {seat} after a straddle; straddles come last", "3.20")
        if post.kind == "ante":
            if seat in anted:
                raise RuleViolation(f"seat {seat} posts two antes", "3.20")
            anted.add(seat)
        elif post.kind == "straddle":
            if not big_seen:
                raise RuleViolation(f"straddle by seat {seat} before the big blind", "3.20")
            straddlers.append(seat)
            straddles.append(amount)
        elif not post.live:
            if seat in dead_blind:
                raise RuleViolation(f"seat {seat} posts two dead blinds", "3.20")
            dead_blind.add(seat)
            if len(blinds) != 2 or amount != blinds[0]:
                raise RuleViolation(
                    f"dead small blind {amount} by seat {seat} is not the small blind", "3.20"
                )
        else:
            if seat in live_blind:
                raise RuleViolation(f"seat {seat} posts two live blinds", "3.20")
            live_blind.add(seat)
            if post.kind == "small_blind":
                if len(blinds) != 2 or amount != blinds[0] or big_seen or positional:
                    raise RuleViolation(
                        f"small blind {amount} by seat {seat} is not the level's small blind before the "
                        "big blind",
                        "3.20",
                    )
                positional.append(seat)
            else:
                if amount != blinds[-1]:
                    raise RuleViolation(
                        f"{post.kind} {amount} by seat {seat} is not the big blind {blinds[-1]}", "3.20"
                    )
                if post.kind == "big_blind":
                    if big_seen:
                        raise RuleViolation(
                            f"a second big blind by seat {seat}; extra ones are extra_blind", "3.20"
                        )
                    big_seen = True
                    positional.append(seat)
    if not big_seen:
        raise RuleViolation("the posts have no big blind", "3.20")
    if straddles:
        placed = straddle_seats(n, button, tuple(positional), tuple(straddles), blinds[-1], rules)
        if set(straddlers) & live_blind or list(placed) != straddlers:
            raise RuleViolation(
                f"straddles by seats {straddlers} are not the seats after the big blind {list(placed)}",
                "3.16",
            )


# ---------------------------------------------------------------------------- the table between hands
SEAT_STATUSES = ("empty", "playing", "waiting", "away")
"""A seat between hands (§3.18, §3.19): nobody; dealt in; waiting to enter (a new player, or a
returning one who owes blinds); away (sitting out in a cash game, absent in a tournament)."""
ENTRY_OPTIONS = ("wait_bb", "post_bb_now", "wait_button_then_post")
"""A new player's ways in (§3.18, ``new_player_entry``)."""
MAKEUP_OPTIONS = ("post_both_sb_dead", "wait_bb")
"""A returning player's ways of making up missed blinds (§3.18, ``missed_blind_makeup``)."""
ENTERED_HOW = ("big_blind", "posted", "dealt")
"""How a waiting seat enters a hand (§3.18, ``HandPlan.entered``): in the big blind, posting, or dealt in."""


@dataclass(frozen=True)
class TableSeat:
    """One seat between hands, the input of ``plan_hand`` (§3.18, §3.19).

    ``status`` is one of ``SEAT_STATUSES``; ``entry`` the way in of a waiting seat (one of
    ``ENTRY_OPTIONS`` for a new player, of ``MAKEUP_OPTIONS`` for a returning one); ``owes_small``
    and ``owes_big`` the blinds the seat missed while away (cash game); ``button_passed`` whether
    the button has passed the seat since its player sat down (``"wait_button_then_post"``).
    """

    stack: int = 0
    status: str = "empty"
    entry: str | None = None
    new: bool = False
    owes_small: bool = False
    owes_big: bool = False
    button_passed: bool = False


@dataclass(frozen=True)
class HandPlan:
    """What ``plan_hand`` decides for the next hand (§3.18, §3.19): the positions; per seat
    ``"in"``, ``"sitting_out"`` or ``"empty"`` (§3.20); the forced posts without antes, as
    (seat, kind, live); the seats that enter (their debts settled), by how (``"big_blind"``,
    ``"posted"``, ``"dealt"``); the blinds newly missed, as (seat, ``"small_blind"`` or
    ``"big_blind"``); the seats the button passed; the absent seats dealt in."""

    positions: Positions
    seats: tuple[str, ...]
    blinds: tuple[tuple[int, str, bool], ...]
    entered: tuple[tuple[int, str], ...] = ()
    missed: tuple[tuple[int, str], ...] = ()
    passed: tuple[int, ...] = ()
    absent: tuple[int, ...] = ()


def _in_arc(seat: int, start: int, end: int, n: int) -> bool:
    """Whether ``seat`` lies clockwise after ``start`` and at or before ``end``: the seats a
    position moving from ``start`` to ``end`` passes over or reaches."""
    return 0 < (seat - start) % n <= (end - start) % n


@part_of("3.18")
def between_blinds_and_button(seat: int, positions: Positions, seats: int) -> bool:
    """§3.18: whether ``seat`` is between the blinds and the button of ``positions``: the button's
    seat, the small blind's, and every seat clockwise between them and the big blind (not the
    big blind itself). A player there would get the button or a blind's position free."""
    return (seat - positions.button) % seats < (positions.big_blind - positions.button) % seats


@part_of("3.19")
def absent_dealt_in(rules: RuleSet) -> bool:
    """§3.19: whether an absent player is dealt in and posts (a tournament with
    ``absent_blinds_dead``), or sits out like a cash-game player who stepped away."""
    return rules.mode == "tournament" and rules.absent_blinds_dead


def _occupied(n: int, seats: Sequence[int]) -> list[bool]:
    chosen = set(seats)
    return [s in chosen for s in range(n)]


@part_of("3.3")
def players_listed(dealt: Sequence[int], order: Sequence[int] | None, rules: RuleSet) -> list[int]:
    """§3.3: the seats dealt in, listed as ``initial_button`` counts them: under ``"first_seated"`` in
    the order their players sat down (``order``, the seats by arrival; seats not in it last, by
    number), else by seat number."""
    if order is None or rules.initial_button != "first_seated":
        return list(dealt)
    arrival = {seat: k for k, seat in enumerate(order)}
    return sorted(dealt, key=lambda seat: (arrival.get(seat, len(arrival)), seat))


def _fresh_positions(
    dealt: Sequence[int],
    n: int,
    button: int | None,
    rules: RuleSet,
    seed: Seed,
    order: Sequence[int] | None,
) -> Positions:
    occupied = _occupied(n, dealt)
    if button is None or not occupied[button]:
        listed = players_listed(dealt, order, rules)
        button = listed[initial_button(len(listed), rules, seed)]
    return _positions_after_button(button, occupied)


@rule("3.18")
def plan_hand(
    previous: Positions | None,
    seats: Sequence[TableSeat],
    rules: RuleSet,
    *,
    button: int | None = None,
    seed: Seed = None,
    order: Sequence[int] | None = None,
) -> HandPlan:
    """Cash game: new players, missed blinds, several big blinds — who is dealt in and who posts.

    ``previous`` are the last hand's positions (``None`` before the first hand); ``seats`` the
    table between hands. Returns the next hand's ``HandPlan`` (see spec §3.18 for the procedure).
    ``button``, ``seed`` and ``order`` (the seats in the order their players sat down) choose the
    first button (§3.3) when the table starts.
    """
    n = len(seats)
    cash = rules.mode == "cash"
    dealt_absent = absent_dealt_in(rules)
    base = [
        s
        for s, seat in enumerate(seats)
        if seat.stack > 0 and (seat.status == "playing" or (seat.status == "away" and dealt_absent))
    ]
    waiting = [s for s, seat in enumerate(seats) if seat.status == "waiting" and seat.stack > 0]
    absent = tuple(s for s in base if seats[s].status == "away")
    entered: list[tuple[int, str]] = []
    if previous is None or len(base) < 3:
        # the table (re)starts or is heads-up: every waiting player is counted and posts only his seat's blind
        dealt = sorted(base + waiting)
        if len(dealt) < 2:
            raise RuleViolation(f"{len(dealt)} players can be dealt in; a hand needs 2", "3.1")
        occupied = _occupied(n, dealt)
        if previous is None:
            positions = _fresh_positions(dealt, n, button, rules, seed, order)
        else:
            positions = next_positions(previous, occupied, rules)
            if len(base) == 2 and button_rule_in_force(rules) == "dead":
                # a heads-up game goes on: nobody joins on the button or between it and the big blind
                while True:
                    free = [w for w in waiting if occupied[w] and between_blinds_and_button(w, positions, n)]
                    if not free:
                        break
                    for w in free:
                        occupied[w] = False
                    positions = next_positions(previous, occupied, rules)
        entered = [(s, "dealt") for s in waiting if occupied[s]]
        posted: list[int] = []
    else:
        occupied = _occupied(n, base)
        positions = next_positions(previous, occupied, rules)
        posted = []
        start = previous.big_blind
        for w in sorted(waiting, key=lambda s: (s - start) % n):
            seat = seats[w]
            big_free = not entered or entered[0][1] != "big_blind"
            if big_free and _in_arc(w, previous.big_blind, positions.big_blind, n):
                trial = list(occupied)
                trial[w] = True
                with_him = next_positions(previous, trial, rules)
                if with_him.big_blind == w:
                    occupied, positions = trial, with_him
                    entered.insert(0, (w, "big_blind"))
                    continue
            if between_blinds_and_button(w, positions, n):
                continue
            if not cash:
                entered.append((w, "dealt"))
                continue
            passed = seat.button_passed or _in_arc(w, previous.button, positions.button, n)
            if seat.entry in ("post_bb_now", "post_both_sb_dead") or (
                seat.entry == "wait_button_then_post" and passed
            ):
                entered.append((w, "posted"))
                posted.append(w)
    ins = {s for s in range(n) if occupied[s]} | {s for s, _ in entered}
    states = tuple(
        "in" if s in ins else "empty" if seats[s].status == "empty" else "sitting_out" for s in range(n)
    )
    blinds: list[tuple[int, str, bool]] = []
    if not positions.small_blind_dead and positions.small_blind != positions.big_blind:
        blinds.append((positions.small_blind, "small_blind", True))
    blinds.append((positions.big_blind, "big_blind", True))
    for w in posted:
        if seats[w].owes_small:
            blinds.append((w, "small_blind", False))
        blinds.append((w, "extra_blind", True))
    missed: list[tuple[int, str]] = []
    passed_seats: list[int] = []
    for s, seat in enumerate(seats):
        if states[s] == "in" or seat.status not in ("away", "waiting"):
            continue
        if previous is not None and _in_arc(s, previous.button, positions.button, n):
            passed_seats.append(s)
        if not cash or seat.new or previous is None:
            continue
        if not seat.owes_big and _in_arc(s, previous.big_blind, positions.big_blind, n):
            missed.append((s, "big_blind"))
        if not seat.owes_small and _in_arc(s, previous.small_blind, positions.small_blind, n):
            missed.append((s, "small_blind"))
    return HandPlan(
        positions, states, tuple(blinds), tuple(entered), tuple(missed), tuple(passed_seats), absent
    )


@part_of("3.18")
def check_entry(option: str, new: bool, rules: RuleSet) -> None:
    """§3.18: may a player enter by ``option``: a new player by one of ``new_player_entry``, a
    returning player who owes blinds by one of ``missed_blind_makeup``?"""
    allowed = entry_options(new, rules)
    if option not in allowed:
        who = "a new player" if new else "a player who missed blinds"
        raise RuleViolation(f"{who} may not enter by {option!r}; allowed: {', '.join(allowed)}", "3.18")


@rule("3.19")
def absent_hand_dead(absent_at_deal: bool, absent_now: bool, rules: RuleSet) -> bool:
    """Absent players: whether the absent player to act has his hand folded now, at his turn.

    ``absent_at_deal``: he was away when the hand was dealt; ``absent_now``: he is still away.
    ``"end_of_initial_deal"`` (TDA 30), ``"own_second_card"`` (seed 001) and
    ``"not_dealt_blinds_forced"`` (seed 000 notes): dead if away at the deal, even if he came
    back since; ``"own_turn_plus_timeout"`` (seed 002): dead if still away when his turn's
    ``action_time_s`` has run out (the caller asks when it has).
    """
    if rules.absent_cutoff == "own_turn_plus_timeout":
        return absent_now
    return absent_at_deal


@rule("3.21")
def check_buy_in(amount: object, big_blind: int, rules: RuleSet) -> None:
    """Buy-ins: a cash-game player sits down with between ``min_buy_in_bb`` and ``max_buy_in_bb``
    big blinds (each ``None``: no limit); a tournament seat takes the chips it is given."""
    if not is_int(amount) or amount <= 0:
        raise RuleViolation(f"stack {show_value(amount)} is not a whole number of chips > 0", "3.21")
    if rules.mode != "cash":
        return
    low, high = rules.min_buy_in_bb, rules.max_buy_in_bb
    if low is not None and amount < low * big_blind:
        raise RuleViolation(
            f"buy-in {amount} is below the minimum of {low} big blinds ({low * big_blind})", "3.21"
        )
    if high is not None and amount > high * big_blind:
        raise RuleViolation(
            f"buy-in {amount} is above the maximum of {high} big blinds ({high * big_blind})", "3.21"
        )


@part_of("3.21")
def busted_player_leaves(rules: RuleSet) -> bool:
    """§3.21: a player left without chips leaves the table in a tournament (eliminated, §9.9); in a
    cash game he stays seated, sitting out, until he buys chips or leaves."""
    return rules.mode != "cash"


@rule("3.22")
def check_add_chips(stack: int, amount: object, big_blind: int, hand_running: bool, rules: RuleSet) -> None:
    """Table stakes: chips are added only between hands, and (cash game) not above
    ``max_buy_in_bb`` big blinds in all."""
    if hand_running:
        raise RuleViolation(
            f"chips ({show_value(amount)}) are added only between hands: a hand is being played", "3.22"
        )
    if not is_int(amount) or amount <= 0:
        raise RuleViolation(f"chips to add {show_value(amount)} are not a whole number > 0", "3.22")
    high = rules.max_buy_in_bb
    if rules.mode == "cash" and high is not None and stack + amount > high * big_blind:
        raise RuleViolation(
            f"adding {amount} to {stack} chips exceeds the maximum buy-in of {high} big blinds "
            f"({high * big_blind})",
            "3.22",
        )


@part_of("3.20")
def plan_posts(
    plan: HandPlan, blinds: Sequence[int], antes: int | Sequence[int] | None, rules: RuleSet
) -> tuple[ForcedPost, ...]:
    """§3.20: the forced posts of a planned hand at the level ``blinds`` (small, big): the antes
    ``ante_type`` lays out over the seats in the hand (§3.12–3.14), then the blinds of the plan."""
    n = len(plan.seats)
    blind_seats_ = tuple(s for s, kind, live in plan.blinds if live and kind != "extra_blind")
    due = antes_due(antes, n, blind_seats_, rules)
    posts = [ForcedPost(s, "ante", a, False) for s, a in enumerate(due) if a and plan.seats[s] == "in"]
    for seat, kind, live in plan.blinds:
        posts.append(ForcedPost(seat, kind, blinds[0] if kind == "small_blind" else blinds[-1], live))
    return tuple(posts)


@part_of("3.20")
def plan_next(
    previous: Positions | None,
    seats: Sequence[TableSeat],
    rules: RuleSet,
    blinds: Sequence[int],
    antes: int | Sequence[int] | None,
    *,
    button: int | None = None,
    seed: Seed = None,
    order: Sequence[int] | None = None,
) -> tuple[HandPlan, tuple[ForcedPost, ...]]:
    """§3.20: a table's next hand: its ``plan_hand`` (§3.18, §3.19; ``button``, ``seed`` and ``order``
    choose the first button, §3.3) and the forced posts ``plan_posts`` lays out for it at the level
    ``blinds`` with ``antes``."""
    plan = plan_hand(previous, seats, rules, button=button, seed=seed, order=order)
    return plan, plan_posts(plan, blinds, antes, rules)


@part_of("3.1")
def check_table_size(seat_count: object, rules: RuleSet) -> None:
    """§3.1: a table has 2 to ``max_seats`` seats."""
    if not is_int(seat_count) or not 2 <= seat_count <= rules.max_seats:
        raise RuleViolation(
            f"a table of {show_value(seat_count)} seats; it has 2 to {rules.max_seats}", "3.1"
        )


@part_of("3.18")
def entry_options(new: bool, rules: RuleSet) -> tuple[str, ...]:
    """§3.18: the ways in of a new player (``new_player_entry``) or of one who owes blinds
    (``missed_blind_makeup``)."""
    return rules.new_player_entry if new else rules.missed_blind_makeup


@part_of("3.21")
def buy_in_range(big_blind: int, rules: RuleSet) -> tuple[int, int | None]:
    """§3.21: the least and the most chips a cash-game player may sit down with (``None``: no
    maximum); in a tournament any positive stack."""
    if rules.mode != "cash":
        return 1, None
    low = 1 if rules.min_buy_in_bb is None else rules.min_buy_in_bb * big_blind
    return low, None if rules.max_buy_in_bb is None else rules.max_buy_in_bb * big_blind


# ------------------------------------------------------------ §3.20: the choices a plan reads
@part_of("3.12")
def ante_layout(rules: RuleSet) -> str:
    """§3.12: which of §3.12–3.14 lays out one ante amount over the seats (``ante_type``)."""
    return rules.ante_type


@part_of("3.18")
def planning_choices(rules: RuleSet) -> tuple[str, bool, bool, bool, str]:
    """§3.18: every choice ``plan_hand`` and ``plan_posts`` make after a table's first hand: the button
    rule (§3.4–3.6), ``heads_up_button_adjust`` (§3.8), whether the game is a cash game, whether an
    absent player is dealt in (§3.19) and the ante layout (§3.12–3.14)."""
    return (
        button_rule_in_force(rules),
        rules.heads_up_button_adjust,
        rules.mode == "cash",
        absent_dealt_in(rules),
        ante_layout(rules),
    )
