"""Spec 09 — the tournament (spec/09-tournament.md): pure rules over explicit values.

Money and chips are integers, exact shares are ``Fraction``s; players are any hashable values;
seats are 1 to ``max_seats``; a table is a mapping with ``"seats"`` (seat → player), ``"button"``
and ``"big_blind"`` (the last hand's, ``None`` before the first). Random draws use a generator
seeded as the shuffle is (§1.4), so the same seed gives the same answer everywhere.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, TypeVar

from pyholdem.errors import RuleViolation, show_value
from pyholdem.rules.ruleset import FIELDS, RuleSet
from pyholdem.rules.structure import Level, Structure
from pyholdem.spec.cards import Card, Seed, draw_order_key, shuffle_seed, shuffled_deck
from pyholdem.spec.table import random_seats
from pyholdem.traceability.registry import part_of, rule
from pyholdem.values import is_int

Player = TypeVar("Player", bound=Hashable)
"""A player: any hashable key (the engines use names); a function returns the keys it was given."""
Seated = str
"""A player seated in a table layout (``Table``), by name."""
Place = int | tuple[int, int]
Table = Mapping[str, Any]
Move = tuple[int, Seated, int, int]


def _count(value: object, what: str, section: str, *, least: int = 0) -> int:
    if not is_int(value) or value < least:
        raise RuleViolation(f"{what} {show_value(value)} is not an integer >= {least}", section)
    return value


def _rng(seed: object) -> random.Random:
    return random.Random(shuffle_seed(seed))


# ---------------------------------------------------------------- 9.1 – 9.8: money, stacks, clock


@rule("9.1")
def prize_pool(
    entries: int, buy_in: int, rules: RuleSet, *, rebuys: int = 0, addons: int = 0, addon_price: int = 0
) -> tuple[int, int]:
    """Buy-in, house fee and prize pool: ``(prize_pool, house_fees)`` of the entries, rebuys and add-ons.

    The fee (``fee_percent`` of the buy-in) is charged on entries only and must be whole.
    """
    for what, value in (("entries", entries), ("rebuys", rebuys), ("add-ons", addons)):
        _count(value, what, "9.1")
    _count(buy_in, "buy-in", "9.1", least=1)
    _count(addon_price, "add-on price", "9.1")
    fee, rest = divmod(buy_in * rules.fee_percent, 100)
    if rest:
        raise RuleViolation(
            f"a {rules.fee_percent}% fee on a buy-in of {buy_in} is not a whole amount", "9.1"
        )
    return (entries + rebuys) * buy_in + addons * addon_price, entries * fee


@rule("9.2")
def starting_stacks(players: Iterable[Player], starting_stack: int, rules: RuleSet) -> dict[Player, int]:
    """Starting stacks: every player the same stack, a positive multiple of ``chip_unit``."""
    if not is_int(starting_stack) or starting_stack < 1 or starting_stack % rules.chip_unit:
        raise RuleViolation(
            f"starting stack {show_value(starting_stack)} is not a positive multiple of the chip unit "
            f"{rules.chip_unit}",
            "9.2",
        )
    stacks: dict[Player, int] = {}
    for player in players:
        if player in stacks:
            raise RuleViolation(f"player {player!r} is registered twice", "9.2")
        stacks[player] = starting_stack
    return stacks


def _check_durations(durations: Sequence[int | None]) -> None:
    if not durations or any(not is_int(d) or d < 1 for d in durations[:-1]):
        raise RuleViolation(f"level durations {show_value(tuple(durations))} are not positive", "9.3")
    last = durations[-1]
    if last is not None and (not is_int(last) or last < 1):
        raise RuleViolation(f"the last level's duration {show_value(last)} is not positive or None", "9.3")


def _level_of(durations: Sequence[int | None], elapsed: int | Fraction | float) -> int:
    """The level covering ``elapsed``: past the end of a timed last level, the levels that follow
    it (each as long as the last, §9.3) are counted on."""
    start = 0
    for number, duration in enumerate(durations, 1):
        if duration is None or elapsed < start + duration:
            return number
        start += duration
    last = durations[-1]
    assert last is not None
    return len(durations) + 1 + int((elapsed - start) // last)


@rule("9.3")
def level_at(durations: Sequence[int | None], elapsed: int | Fraction | float, rules: RuleSet) -> int:
    """Level schedule: the level in force after ``elapsed`` minutes of play or hands dealt.

    ``level_clock`` says which the durations count; past the end of a timed last level the levels
    after it follow, each as long as the last (what they are is ``structure_level``'s)."""
    _check_durations(durations)
    if isinstance(elapsed, bool) or not isinstance(elapsed, int | Fraction | float) or not elapsed >= 0:
        raise RuleViolation(f"clock value {show_value(elapsed)} is not a number >= 0", "9.3")
    if rules.level_clock == "hands" and not is_int(elapsed):
        raise RuleViolation(f"hands dealt {show_value(elapsed)} is not a whole number", "9.3")
    return _level_of(durations, elapsed)


@part_of("9.3")
def counts_hands(rules: RuleSet) -> bool:
    """§9.3: whether the level durations count hand rounds dealt (``level_clock = "hands"``) rather
    than minutes of the tournament's clock."""
    return rules.level_clock == "hands"


@part_of("9.3")
def director_extends(rules: RuleSet) -> bool:
    """§9.3: whether no hand is dealt past a timed last level until the director posts more levels
    (``after_last_level = "director_extends"``)."""
    return rules.after_last_level == "director_extends"


@part_of("9.18")
def smallest_chip(structure: Structure, rules: RuleSet) -> int:
    """§9.18: the amount every blind, ante and bet is a multiple of once the structure's colour-ups
    are done: the last colour-up's new smallest chip (else the structure's smallest), and ``chip_unit``."""
    ups = colour_ups(structure)
    return math.lcm(ups[-1][2] if ups else structure.chips[0], rules.chip_unit)


@part_of("9.3")
def structure_level(structure: Structure, number: int, rules: RuleSet) -> Level:
    """§9.3: level ``number`` of ``structure``. Past an open-ended last level, that level; past a
    timed last level, by ``after_last_level``: ``"repeat_last_step"`` repeats the last level's rise:
    with ``r`` the last big blind over the big blind before it (1 if lower), the ``k``-th level after
    the last has every amount of the last (blinds, ante, fixed-limit bets) times ``r ** k``, rounded
    up to a multiple of the smallest chip then in play (§9.18's last ``D``, and ``chip_unit``), and
    lasts as long as the last, without a break; ``"director_extends"`` raises ``RuleViolation``: the
    director must post more levels first."""
    _count(number, "level", "9.3", least=1)
    levels = structure.levels
    if number <= len(levels):
        return levels[number - 1]
    last = levels[-1]
    if last.duration is None:
        return last
    if director_extends(rules):
        raise RuleViolation(
            f"the structure's last level, {len(levels)}, is over and it has no level {number}: the "
            "director must add levels",
            "9.3",
        )
    rise = max(Fraction(last.big_blind, levels[-2].big_blind), Fraction(1)) if len(levels) > 1 else 1
    factor = Fraction(rise) ** (number - len(levels))
    chip = smallest_chip(structure, rules)

    def up(amount: int) -> int:
        return -(-amount * factor // chip) * chip

    bets = None if last.bets is None else (up(last.bets[0]), up(last.bets[1]))
    return Level(up(last.small_blind), up(last.big_blind), up(last.ante), last.duration, bets)


@part_of("9.3")
def level_start(number: int, structure: Structure, rules: RuleSet) -> int:
    """§9.3 / §9.5: where level ``number`` starts on the schedule's clock: the seconds of the
    tournament's clock (breaks included) with ``level_clock = "minutes"``, the hand rounds dealt
    with ``"hands"``; past an open-ended last level, where that level starts."""
    _count(number, "level", "9.3", least=1)
    at = 0
    durations = structure.durations
    by_hands = rules.level_clock == "hands"
    for k in range(1, number):
        duration = durations[min(k, len(durations)) - 1]
        if duration is None:
            break
        if by_hands:
            at += duration
        else:
            at += 60 * (duration + (structure.breaks.get(k, 0) if k <= len(durations) else 0))
    return at


MARKERS = ("shuffle_started", "cut", "first_card_dealt")


@part_of("9.3")
def clock_level(seconds: int, hands: int, structure: Structure, rules: RuleSet) -> tuple[int, Fraction, bool]:
    """§9.3 / §9.5 for a tournament's clock: ``(level, playing_minutes, on_break)`` after ``seconds``
    of the tournament's own clock and ``hands`` hand rounds dealt (``level_clock`` says which the
    level durations count; breaks only interrupt a clock in minutes)."""
    _count(seconds, "clock seconds", "9.3")
    _count(hands, "hands dealt", "9.3")
    wall = Fraction(seconds, 60)
    if rules.level_clock == "hands":
        return _level_of(structure.durations, hands), wall, False
    level, playing, on_break = schedule_at(wall, structure)
    return level, Fraction(playing), on_break


@rule("9.4")
def new_level_applies(
    markers: Mapping[str, int | Fraction | float | None], signal: int | Fraction | float, rules: RuleSet
) -> bool:
    """When a new level takes effect: the hand plays at the new level iff the signal comes at or
    before its ``level_change_cutoff`` marker (a marker not reached yet counts as later)."""
    unknown = sorted(set(markers) - set(MARKERS))
    if unknown:
        raise RuleViolation(f"unknown hand marker {unknown[0]!r}; markers are {', '.join(MARKERS)}", "9.4")
    if rules.level_clock == "hands":
        raise RuleViolation("with level_clock 'hands' levels change between hands", "9.4")
    at = markers.get(rules.level_change_cutoff)
    return at is None or signal <= at


@rule("9.5")
def tournament_clock(
    wall_minutes: int | Fraction | float, durations: Sequence[int | None], breaks: Mapping[int, int]
) -> tuple[int | Fraction | float, bool]:
    """Breaks and the playing clock: ``(playing_minutes, on_break)`` after ``wall_minutes`` of wall time."""
    _check_durations(durations)
    if (
        isinstance(wall_minutes, bool)
        or not isinstance(wall_minutes, int | Fraction | float)
        or wall_minutes < 0
    ):
        raise RuleViolation(f"wall time {show_value(wall_minutes)} is not a number >= 0", "9.5")
    for level, length in breaks.items():
        if not is_int(level) or not 1 <= level <= len(durations) or not is_int(length) or length < 0:
            raise RuleViolation(
                f"break {show_value(level)}: {show_value(length)} is not a level and length", "9.5"
            )
    wall, played = wall_minutes, 0
    for number, duration in enumerate(durations, 1):
        if duration is None or wall < duration:
            return played + wall, False
        wall -= duration
        played += duration
        pause = breaks.get(number, 0)
        if wall < pause:
            return played, True
        wall -= pause
    return played + wall, False


@part_of("9.5")
def schedule_at(wall_minutes: int | Fraction | float, structure: Structure) -> tuple[int, Any, bool]:
    """§9.5 over a ``Structure``: ``(level, playing_minutes, on_break)`` after ``wall_minutes``."""
    playing, on_break = tournament_clock(wall_minutes, structure.durations, structure.breaks)
    level = _level_of(structure.durations, playing)
    if on_break:
        level = _level_of(structure.durations, playing - Fraction(1, 2))  # the level just ended
    return level, playing, on_break


@part_of("9.5")
def break_bounds(seconds: int, structure: Structure, rules: RuleSet) -> tuple[int, int] | None:
    """§9.5: the break the schedule's clock is in at ``seconds``, as ``(start, end)`` in seconds
    (the level's end and the end of the break: the break lasts exactly its length), or ``None``."""
    _count(seconds, "clock seconds", "9.5")
    if rules.level_clock == "hands":
        return None
    at = 0
    for number, duration in enumerate(structure.durations, 1):
        if duration is None:
            return None
        at += 60 * duration
        pause = 60 * structure.breaks.get(number, 0)
        if seconds < at:
            return None
        if seconds < at + pause:
            return at, at + pause
        at += pause
    return None


@part_of("9.3")
def clock_level_steps(structure: Structure, rules: RuleSet) -> tuple[str, tuple[int, ...]]:
    """§9.3 / §9.5: where ``clock_level``'s level and break can change. Returns what they depend on,
    ``"seconds"`` (of the tournament's clock) or ``"hands"`` (hand rounds dealt, ``level_clock =
    "hands"``), and the values, from 0 in increasing order, at which a level or a break starts or
    ends: from one value (included) to the next (excluded), and from the last on, the level and
    whether it is a break stay the same, except after a timed last level, where the levels that
    follow it (``structure_level``) start at ``level_start``."""
    steps, at = [0], 0
    for number, duration in enumerate(structure.durations, 1):
        if duration is None:  # open-ended: the last level, in force for ever
            break
        if rules.level_clock == "hands":
            at += duration
        else:
            at += duration * 60
            steps.append(at)
            at += structure.breaks.get(number, 0) * 60
        steps.append(at)
    return ("hands" if rules.level_clock == "hands" else "seconds"), tuple(steps)


def _check_counts(stack: int, level: int, made: int, other: int, section: str) -> None:
    _count(stack, "stack", section)
    _count(level, "level", section, least=1)
    _count(made, "count", section)
    _count(other, "count", section)


@part_of("9.6")
def check_rebuy(
    stack: int, level: int, rebuys: int, addons: int, rules: RuleSet, *, between_hands: bool = True
) -> None:
    """§9.6: raise ``RuleViolation`` naming the first rebuy condition that fails."""
    _check_counts(stack, level, rebuys, addons, "9.6")
    if rules.max_rebuys == 0:
        raise RuleViolation("this tournament allows no rebuys", "9.6")
    if rebuys >= rules.max_rebuys:
        raise RuleViolation(f"{rebuys} rebuys made; at most {rules.max_rebuys} are allowed", "9.6")
    if rules.rebuy_or_addon_exclusive and addons:
        raise RuleViolation("no rebuy after an add-on: one rebuy or add-on in all", "9.6")
    if rules.rebuy_window_levels is not None and level > rules.rebuy_window_levels:
        raise RuleViolation(
            f"rebuys close after level {rules.rebuy_window_levels}; the last hand was at level {level}", "9.6"
        )
    if rules.rebuy_requires_bust and stack > 0:
        raise RuleViolation(f"a rebuy needs an empty stack; the player has {stack} chips", "9.6")
    if not between_hands and rules.rebuy_between_hands_only:
        raise RuleViolation(
            "a rebuy is made between hands; a declaration during a hand does not count", "9.6"
        )


@rule("9.6")
def rebuy_allowed(
    stack: int, level: int, rebuys: int, addons: int, rules: RuleSet, *, between_hands: bool = True
) -> bool:
    """Rebuys: whether the rebuy is allowed (``check_rebuy`` says why not)."""
    try:
        check_rebuy(stack, level, rebuys, addons, rules, between_hands=between_hands)
    except RuleViolation:
        return False
    return True


@part_of("9.7")
def check_addon(
    stack: int,
    minutes: int | Fraction | float,
    addons: int,
    rebuys: int,
    rules: RuleSet,
    *,
    between_hands: bool = True,
    level: int = 1,
) -> None:
    """§9.7: raise ``RuleViolation`` naming the first add-on condition that fails."""
    _check_counts(stack, level, addons, rebuys, "9.7")
    if rules.max_addons == 0:
        raise RuleViolation("this tournament allows no add-ons", "9.7")
    if addons >= rules.max_addons:
        raise RuleViolation(f"{addons} add-ons made; at most {rules.max_addons} are allowed", "9.7")
    if rules.rebuy_or_addon_exclusive and rebuys:
        raise RuleViolation("no add-on after a rebuy: one rebuy or add-on in all", "9.7")
    if rules.addon_window_minutes is not None and minutes >= rules.addon_window_minutes:
        raise RuleViolation(
            f"add-ons close after {rules.addon_window_minutes} minutes; {minutes} have been played", "9.7"
        )
    if rules.addon_window_levels is not None and level > rules.addon_window_levels:
        raise RuleViolation(
            f"add-ons close after level {rules.addon_window_levels}; this is level {level}", "9.7"
        )
    if not between_hands and rules.rebuy_between_hands_only:
        raise RuleViolation(
            "an add-on is made between hands; a declaration during a hand does not count", "9.7"
        )
    if rules.addon_requires_chips and stack == 0:
        raise RuleViolation("an add-on needs at least one chip left in the stack", "9.7")


@rule("9.7")
def addon_allowed(
    stack: int,
    minutes: int | Fraction | float,
    addons: int,
    rebuys: int,
    rules: RuleSet,
    *,
    between_hands: bool = True,
    level: int = 1,
) -> bool:
    """Add-ons: whether the add-on is allowed (``check_addon`` says why not)."""
    try:
        check_addon(stack, minutes, addons, rebuys, rules, between_hands=between_hands, level=level)
    except RuleViolation:
        return False
    return True


@part_of("9.8")
def entry_seat(
    tables: Mapping[int, Table], name: Seated, rules: RuleSet, *, seed: object = None
) -> tuple[int, int]:
    """§9.8: the ``(table, seat)`` of a late entry: the table with the fewest players (the
    lowest-numbered on a tie), a seat drawn among its empty seats with a generator seeded by
    ``seed`` and the entrant's name."""
    _check_tables(tables, rules, "9.8")
    if not tables:
        raise RuleViolation(f"no table is in play to seat {name!r}", "9.8")
    counts = {n: len(t["seats"]) for n, t in tables.items()}
    number = min(counts, key=lambda n: (counts[n], n))
    if counts[number] >= rules.max_seats:
        raise RuleViolation(f"no seat is free for {name!r}: every table is full", "9.8")
    free = [s for s in range(1, rules.max_seats + 1) if s not in tables[number]["seats"]]
    return number, random.Random(f"{seed}-enter-{name}").choice(free)


@rule("9.8")
def accept_entry(started: bool, rules: RuleSet, *, registration_open: bool = True) -> bool:
    """Late entry and players absent at the start: whether a new entry is accepted now."""
    if not registration_open:
        return False
    return not started or rules.late_entry


@part_of("9.8")
def places_after_entry(places: Mapping[Player, Place]) -> dict[Player, Place]:
    """§9.8 / §9.9: the places of the players already out after one more entry: each one place
    lower (a tied block moves as a whole), so the places still cover 1 to the entries."""
    return {p: v + 1 if isinstance(v, int) else (v[0] + 1, v[1] + 1) for p, v in places.items()}


# ---------------------------------------------------------------- 9.9 – 9.11: places


@rule("9.9")
def finish_hand(
    start_stacks: Mapping[Player, int],
    end_stacks: Mapping[Player, int],
    rules: RuleSet,
    *,
    rebuying: Iterable[Player] = (),
    remaining: int | None = None,
) -> dict[Player, Place]:
    """Elimination and finishing order: the places of the players a hand eliminates, best first.

    ``remaining`` is the number of players left in the whole tournament after the hand (``None``:
    this table's, a one-table tournament).
    """
    if set(start_stacks) != set(end_stacks):
        raise RuleViolation("the players at the start and at the end of the hand differ", "9.9")
    for player, stack in (*start_stacks.items(), *end_stacks.items()):
        if not is_int(stack) or stack < 0:  # as _count says it, the message made only then
            raise RuleViolation(f"stack of {player!r} {show_value(stack)} is not an integer >= 0", "9.9")
    rebuying = set(rebuying)
    out = [p for p in start_stacks if end_stacks[p] == 0 and p not in rebuying]
    here = len(start_stacks) - len(out)
    if remaining is None:
        remaining = here
    elif _count(remaining, "players remaining", "9.9") < here:
        raise RuleViolation(
            f"{remaining} players remaining is fewer than the {here} still in at this table", "9.9"
        )
    if not out:
        return {}
    return rank_busts({p: start_stacks[p] for p in out}, remaining, rules, order=out)


@part_of("9.10")
def _bust_groups(
    start_stacks: Mapping[Player, int], rules: RuleSet, order: Sequence[Player]
) -> list[list[Player]]:
    """The busts of one hand in groups, best first: by starting stack, ties per ``multi_bust_equal``."""
    by_stack = sorted(order, key=lambda p: -start_stacks[p])  # stable: seat order within a stack
    groups: list[list[Player]] = []
    for player in by_stack:
        if (
            groups
            and start_stacks[groups[-1][0]] == start_stacks[player]
            and rules.multi_bust_equal == "share"
        ):
            groups[-1].append(player)
        else:
            groups.append([player])
    return groups


def _place_groups(groups: Sequence[Sequence[Player]], remaining: int) -> dict[Player, Place]:
    places: dict[Player, Place] = {}
    best = remaining + 1
    for group in groups:
        worst = best + len(group) - 1
        for player in group:
            places[player] = best if len(group) == 1 else (best, worst)
        best = worst + 1
    return places


@rule("9.10")
def rank_busts(
    start_stacks: Mapping[Player, int],
    remaining: int,
    rules: RuleSet,
    *,
    order: Sequence[Player] | None = None,
) -> dict[Player, Place]:
    """Several players eliminated in the same hand: more chips at the start finishes better."""
    _count(remaining, "players remaining", "9.10")
    order = list(start_stacks) if order is None else list(order)
    if sorted(map(repr, order)) != sorted(map(repr, start_stacks)) or len(set(order)) != len(order):
        raise RuleViolation(
            f"seat order {show_value(order)} does not list the eliminated players once", "9.10"
        )
    for player in order:
        stack = start_stacks[player]
        if not is_int(stack) or stack < 0:  # as _count says it, the message made only then
            raise RuleViolation(
                f"starting stack of {player!r} {show_value(stack)} is not an integer >= 0", "9.10"
            )
    return _place_groups(_bust_groups(start_stacks, rules, order), remaining)


@rule("9.11")
def hand_for_hand_places(
    busts: Mapping[int, Sequence[Player]],
    remaining: int,
    rules: RuleSet,
    *,
    start_stacks: Mapping[Player, int] | None = None,
) -> dict[Player, Place]:
    """Eliminations on a hand-for-hand round: places per ``hand_for_hand_busts`` (or, without
    hand-for-hand play, by the order the hands ended and §9.10 within each)."""
    _count(remaining, "players remaining", "9.11")
    everyone = [p for players in busts.values() for p in players]
    if len(set(everyone)) != len(everyone):
        raise RuleViolation(f"a player is eliminated twice in {show_value(dict(busts))}", "9.11")
    if not everyone:
        return {}
    needs_stacks = not rules.hand_for_hand or rules.hand_for_hand_busts == "stack_within_table"
    if needs_stacks:
        missing = [p for p in everyone if start_stacks is None or p not in start_stacks]
        if missing:
            raise RuleViolation(f"the starting stack of {missing[0]!r} is needed to rank the busts", "9.11")
        assert start_stacks is not None
    if rules.hand_for_hand and rules.hand_for_hand_busts == "tie_all":
        return _place_groups([everyone], remaining)
    assert start_stacks is not None
    per_table = [_bust_groups(start_stacks, rules, list(players)) for players in busts.values() if players]
    if rules.hand_for_hand:  # stack_within_table: the i-th group of every table together
        merged = [
            [p for groups in per_table if i < len(groups) for p in groups[i]]
            for i in range(max(len(groups) for groups in per_table))
        ]
        return _place_groups(merged, remaining)
    places: dict[Player, Place] = {}
    below = remaining + len(everyone)
    for groups in per_table:  # earliest-ended table takes the worst places
        size = sum(len(g) for g in groups)
        below -= size
        places = {**_place_groups(groups, below), **places}
    order = {p: i for i, p in enumerate(sorted(places, key=lambda p: _best(places[p])))}
    return dict(sorted(places.items(), key=lambda item: order[item[0]]))


def _best(place: Place) -> int:
    return place if isinstance(place, int) else place[0]


@part_of("9.11")
def clock_after_round(playing_minutes: int | Fraction | float, rules: RuleSet) -> int | Fraction | float:
    """§9.11: the playing clock after a hand-for-hand round, advanced by ``hand_for_hand_minutes``."""
    return playing_minutes + rules.hand_for_hand_minutes


# ---------------------------------------------------------------- 9.12 – 9.13, 9.21, 9.24: payouts


@part_of("9.12")
def payout_shares(
    prize_pool: int, rules: RuleSet, *, entrants: int | None = None
) -> tuple[tuple[Fraction, ...], frozenset[int]]:
    """§9.12: the exact share of the pool of every place paid, and the set of fixed places."""
    _count(prize_pool, "prize pool", "9.12")
    own = len(rules.payout_percentages) + len(rules.payout_fixed)
    if entrants is not None:
        _count(entrants, "entrants", "9.12")
        places = places_paid(entrants, rules)
        if entrants < places:
            raise RuleViolation(f"{entrants} entrants cannot fill the {places} places paid", "9.12")
    else:
        places = own
    percentages, fixed = payout_schedule(places, rules)
    total_fixed = sum(fixed.values())
    if total_fixed > prize_pool:
        raise RuleViolation(f"fixed payouts of {total_fixed} exceed the prize pool of {prize_pool}", "9.12")
    balance = prize_pool - total_fixed
    shares = tuple(
        Fraction(fixed[p]) if p in fixed else balance * percentages[p] / 100 for p in range(1, places + 1)
    )
    return shares, frozenset(fixed)


@rule("9.12")
def payout_amounts(
    prize_pool: int, rules: RuleSet, *, unit: int = 1, entrants: int | None = None
) -> tuple[int, ...]:
    """Payout structure: the amount of each place paid, first place first, rounded by §9.13."""
    shares, fixed = payout_shares(prize_pool, rules, entrants=entrants)
    return round_payouts(prize_pool, shares, rules, unit=unit, fixed=fixed)


def _largest_remainder(
    shares: Sequence[Fraction | float], total: int, unit: int, skip: frozenset[int] = frozenset()
) -> list[int]:
    """Round ``shares`` down to the unit, then one unit each to the largest remainders (earlier first)."""
    amounts = [math.floor(s / unit) * unit for s in shares]
    left = (total - sum(amounts)) // unit
    order = sorted(
        (i for i in range(len(shares)) if i + 1 not in skip), key=lambda i: (-(shares[i] - amounts[i]), i)
    )
    for i in order[:left]:
        amounts[i] += unit
    return amounts


@rule("9.13")
def round_payouts(
    prize_pool: int,
    shares: Sequence[Fraction],
    rules: RuleSet,
    *,
    unit: int = 1,
    fixed: Iterable[int] = (),
) -> tuple[int, ...]:
    """Payout rounding: amounts that are multiples of ``unit``, never negative, summing to the pool.

    ``payout_rounding``: ``"floor_rest_to_first"`` gives what rounding down leaves to the best
    place without a fixed amount; ``"nearest_unit"`` gives it by largest remainders.
    """
    _count(unit, "rounding unit", "9.13", least=1)
    _count(prize_pool, "prize pool", "9.13")
    fixed = frozenset(fixed)
    if prize_pool % unit:
        raise RuleViolation(f"prize pool {prize_pool} is not a multiple of the rounding unit {unit}", "9.13")
    shares = [Fraction(s) for s in shares]
    if not shares or any(s < 0 for s in shares) or sum(shares) != prize_pool:
        raise RuleViolation(
            f"shares {show_value(tuple(str(s) for s in shares))} are not non-negative and summing to "
            f"the pool {prize_pool}",
            "9.13",
        )
    if not fixed <= set(range(1, len(shares) + 1)) or len(fixed) == len(shares):
        raise RuleViolation(f"fixed places {sorted(fixed)} are not some of places 1 to {len(shares)}", "9.13")
    for place in fixed:
        if shares[place - 1] % unit:
            raise RuleViolation(
                f"fixed payout {shares[place - 1]} of place {place} is not a multiple of the unit {unit}",
                "9.13",
            )
    if rules.payout_rounding == "nearest_unit":
        return tuple(_largest_remainder(shares, prize_pool, unit, fixed))
    amounts = [math.floor(s / unit) * unit for s in shares]
    first = min(p for p in range(1, len(shares) + 1) if p not in fixed) - 1
    amounts[first] += prize_pool - sum(amounts)
    return tuple(amounts)


@rule("9.21")
def shared_prizes(
    payouts: Sequence[int], players: Sequence[Player], best_place: int, *, unit: int = 1
) -> dict[Player, int]:
    """Prize money of tied places: the tied players share their block's payouts equally, the units
    left over one each in their order."""
    _count(best_place, "best place", "9.21", least=1)
    _count(unit, "rounding unit", "9.21", least=1)
    if not players or len(set(players)) != len(players):
        raise RuleViolation(f"tied players {show_value(list(players))} are not distinct", "9.21")
    block = range(best_place - 1, best_place - 1 + len(players))
    total = sum(payouts[i] for i in block if i < len(payouts))
    if total % unit:
        raise RuleViolation(
            f"the tied places pay {total}, not a multiple of the rounding unit {unit}", "9.21"
        )
    share = total // len(players) // unit * unit
    amounts = {p: share for p in players}
    for player in list(players)[: (total - share * len(players)) // unit]:
        amounts[player] += unit
    return amounts


@rule("9.24")
def places_paid(entrants: int, rules: RuleSet) -> int:
    """Places paid and the payout table for a field size: how many places ``entrants`` pay
    (``places_paid_rule``)."""
    _count(entrants, "entrants", "9.24", least=1)
    if rules.places_paid_rule == "seed_000_table":
        return -(-entrants // 4)
    if rules.places_paid_rule == "field_percent":
        return max(1, entrants * rules.places_paid_percent // 100)
    return len(rules.payout_percentages) + len(rules.payout_fixed)


@part_of("9.24")
def payout_schedule(places: int, rules: RuleSet) -> tuple[dict[int, Fraction], dict[int, int]]:
    """§9.24: the percentage of the balance by place and the fixed amounts by place, for ``places``.

    §9.12's own table when ``places`` is its number of places, else a harmonic table (``1 / k``).
    """
    _count(places, "places paid", "9.24", least=1)
    fixed_all = dict(rules.payout_fixed)
    own = len(rules.payout_percentages) + len(fixed_all)
    if places == own:
        outside = sorted(p for p in fixed_all if p > own)
        if outside:
            raise RuleViolation(
                f"fixed place {outside[0]} is not among the {own} places paid: places 1 to "
                f"{len(rules.payout_percentages)} are paid by percentage and {len(fixed_all)} fixed",
                "9.12",
            )
        open_places = [p for p in range(1, own + 1) if p not in fixed_all]
        return {
            p: Fraction(pct) for p, pct in zip(open_places, rules.payout_percentages, strict=True)
        }, fixed_all
    fixed = {p: a for p, a in fixed_all.items() if p <= places}
    open_places = [p for p in range(1, places + 1) if p not in fixed]
    if not open_places:
        raise RuleViolation(f"all {places} places paid have fixed amounts", "9.24")
    weight = sum(Fraction(1, p) for p in open_places)
    return {p: 100 * Fraction(1, p) / weight for p in open_places}, fixed


# ---------------------------------------------------------------- 9.14 – 9.17: tables


MAX_ENTRANTS = 100_000
"""§9.14: the most entries one tournament takes (its start and its late entries)."""


@part_of("9.14")
def check_field(entrants: int, rules: RuleSet) -> None:
    """§9.14: raise ``RuleViolation`` unless ``entrants`` (2 to ``MAX_ENTRANTS``) can play: more
    than one table needs tables of three seats or more (at two, an odd count leaves a table of one
    that no move or break can mend)."""
    if not is_int(entrants) or entrants < 2:
        raise RuleViolation(f"a tournament needs at least 2 entrants, not {show_value(entrants)}", "9.14")
    if entrants > MAX_ENTRANTS:
        raise RuleViolation(f"a tournament takes at most {MAX_ENTRANTS} entrants, not {entrants}", "9.14")
    if entrants > rules.max_seats and rules.max_seats < 3:
        raise RuleViolation(
            f"{entrants} entrants need more than one table, and tables of {rules.max_seats} seats would "
            "leave a player alone at one: more than one table needs 3 seats or more",
            "9.14",
        )


@rule("9.14")
def initial_table_sizes(entrants: int, rules: RuleSet) -> tuple[int, ...]:
    """Number and size of the starting tables: ``ceil(entrants / max_seats)`` tables within one
    player of each other, the larger first."""
    check_field(entrants, rules)
    tables = -(-entrants // rules.max_seats)
    size, extra = divmod(entrants, tables)
    return tuple(size + 1 if t < extra else size for t in range(tables))


@part_of("9.14")
def draw_seats(
    players: Sequence[Player], rules: RuleSet, *, seed: object = None
) -> dict[Player, tuple[int, int]]:
    """§9.14: the seat draw, player → ``(table, seat)``: the players shuffled (a generator seeded
    by ``seed``) and dealt to the tables of ``initial_table_sizes`` in table order, then at each
    table of ``n`` players seats 1 to ``n`` drawn by §3.2's ``random_seats``."""
    sizes = initial_table_sizes(len(players), rules)
    if len(set(players)) != len(players):
        raise RuleViolation(f"players {show_value(list(players))} are not distinct", "9.14")
    order = list(players)
    random.Random(f"{seed}-draw").shuffle(order)
    out: dict[Player, tuple[int, int]] = {}
    at = 0
    for number, size in enumerate(sizes, 1):
        drawn = random_seats(order[at : at + size], size, f"{seed}-seats-{number}")
        at += size
        out.update({player: (number, seat + 1) for player, seat in drawn.items()})
    return out


@part_of("9.16")
def _check_tables(tables: Mapping[int, Table], rules: RuleSet, section: str) -> None:
    seen: set[Seated] = set()
    for number, table in tables.items():
        seats = table.get("seats") if isinstance(table, Mapping) else None
        if not is_int(number) or not isinstance(seats, Mapping):
            raise RuleViolation(f"table {show_value(number)} is not a table number with its seats", section)
        for seat, player in seats.items():
            if not is_int(seat) or not 1 <= seat <= rules.max_seats:
                raise RuleViolation(
                    f"seat {show_value(seat)} of table {number} is not in 1..{rules.max_seats}", section
                )
            if player in seen:
                raise RuleViolation(f"player {player!r} sits at two seats", section)
            seen.add(player)
        for key in ("button", "big_blind"):
            value = table.get(key)
            if value is not None and (not is_int(value) or not 1 <= value <= rules.max_seats):
                raise RuleViolation(f"{key} {show_value(value)} of table {number} is not a seat", section)


def _clockwise(start: int, max_seats: int) -> list[int]:
    """The seats clockwise strictly after ``start``, ending with ``start``."""
    return [(start + i - 1) % max_seats + 1 for i in range(1, max_seats + 1)]


@part_of("9.15")
def _tolerance(tables: int, rules: RuleSet) -> int:
    """§9.15: the largest spread allowed with ``tables`` tables in play."""
    if rules.balance_max_spread is not None:
        return rules.balance_max_spread
    return 1 if tables <= 6 else 2


@part_of("9.15")
def balancing_due(tables: Mapping[int, Table], rules: RuleSet, *, level_changed: bool) -> bool:
    """§9.15: whether the tables are balanced now (``balance_timing``; a table of one at once)."""
    _check_tables(tables, rules, "9.15")
    return balancing_due_counts(
        [len(t["seats"]) for t in tables.values()], rules, level_changed=level_changed
    )


@part_of("9.15")
def balancing_due_counts(counts: Sequence[int], rules: RuleSet, *, level_changed: bool) -> bool:
    """§9.15: ``balancing_due`` from the player count of each table in play alone."""
    if len(counts) < 2:
        return False
    if min(counts) == 1:  # a table of one is never dealt: balanced at once, whatever the spread
        return True
    if max(counts) - min(counts) <= _tolerance(len(counts), rules):
        return False
    return rules.balance_timing == "between_hands" or level_changed


@part_of("9.15")
def balances_between_levels(rules: RuleSet) -> bool:
    """§9.15: whether tables are balanced only at a level change (``"between_levels"``)."""
    return rules.balance_timing == "between_levels"


@rule("9.15")
def balance_move(
    tables: Mapping[int, Table],
    rules: RuleSet,
    *,
    cards: Sequence[Card] | None = None,
    seed: object = None,
) -> Move | None:
    """Table balancing: the next move ``(from_table, player, to_table, to_seat)``, or ``None``."""
    _check_tables(tables, rules, "9.15")
    if len(tables) < 2:
        return None
    counts = {n: len(t["seats"]) for n, t in sorted(tables.items())}
    source = min(counts, key=lambda n: (-counts[n], n))
    target = min(counts, key=lambda n: (counts[n], n))
    alone = counts[target] == 1 and counts[source] > 2
    if counts[source] - counts[target] <= _tolerance(len(tables), rules) and not alone:
        return None
    rng = _rng(seed)
    src, dst = tables[source], tables[target]
    seats = src["seats"]
    if rules.balance_mover == "next_big_blind":
        start = src.get("big_blind") or src.get("button") or max(seats)
        mover_seat = next(s for s in _clockwise(start, rules.max_seats) if s in seats)
    elif rules.balance_mover == "high_card_draw":
        start = src.get("button") or rules.max_seats
        order = [s for s in _clockwise(start, rules.max_seats) if s in seats]
        drawn = tuple(cards) if cards is not None else shuffled_deck(rng.getrandbits(64))
        if len(drawn) < len(order) or len(set(drawn[: len(order)])) != len(order):
            raise RuleViolation(
                f"a high-card draw at {len(order)} seats needs {len(order)} distinct cards", "9.15"
            )
        mover_seat = max(zip(order, drawn, strict=False), key=lambda sc: draw_order_key(sc[1], rules))[0]
    else:
        mover_seat = rng.choice(sorted(seats))
    empty = [s for s in range(1, rules.max_seats + 1) if s not in dst["seats"]]
    last_bb, button = dst.get("big_blind"), dst.get("button")
    if last_bb is None or rules.balance_destination == "random":
        seat = rng.choice(empty)
    else:
        after_bb = [s for s in _clockwise(last_bb, rules.max_seats) if s in empty]
        seat = after_bb[0]
        if rules.balance_destination == "any_seat_before_bb" and button is not None:
            ring = _clockwise(last_bb, rules.max_seats)
            between = [s for s in ring[: ring.index(button)] if s in empty] if button != last_bb else []
            if between:
                seat = rng.choice(between)
    return source, seats[mover_seat], target, seat


@part_of("9.15")
def balance_moves(
    tables: Mapping[int, Table], rules: RuleSet, *, level_changed: bool = True, seed: object = None
) -> list[Move]:
    """§9.15: every move balancing calls for now, each applied before the next is chosen."""
    if not balancing_due(tables, rules, level_changed=level_changed):
        return []
    rng = _rng(seed)
    state = {n: {**t, "seats": dict(t["seats"])} for n, t in tables.items()}
    moves: list[Move] = []
    while (move := balance_move(state, rules, seed=rng.getrandbits(64))) is not None:
        source, player, target, seat = move
        state[source]["seats"] = {s: p for s, p in state[source]["seats"].items() if p != player}
        state[target]["seats"][seat] = player
        state[target]["big_blind"] = state[target].get("big_blind") and seat
        moves.append(move)
    return moves


@part_of("9.15")
def redraw_tables(
    tables: Mapping[int, Table], rules: RuleSet, *, seed: object = None
) -> dict[Seated, tuple[int, int]] | None:
    """§9.15 with ``balance_method = "redraw"``: every player's new ``(table, seat)`` when the
    tables are broken and drawn again (sizes within one, the lower numbers larger, seats 1 to
    ``n`` at a table of ``n``); ``None`` when players are moved one at a time instead."""
    if rules.balance_method != "redraw":
        return None
    _check_tables(tables, rules, "9.15")
    if len(tables) < 2:
        return None
    players = [p for n in sorted(tables) for _, p in sorted(tables[n]["seats"].items())]
    rng = _rng(seed)
    rng.shuffle(players)
    size, extra = divmod(len(players), len(tables))
    out: dict[Seated, tuple[int, int]] = {}
    for i, number in enumerate(sorted(tables)):
        count = size + 1 if i < extra else size
        seats = list(range(1, count + 1))
        rng.shuffle(seats)
        drawn, players = players[:count], players[count:]
        out.update({player: (number, seat) for player, seat in zip(drawn, seats, strict=True)})
    return out


@part_of("9.14")
def table_seat_count(rules: RuleSet) -> int:
    """§9.14: the seats of every tournament table (``max_seats``)."""
    return rules.max_seats


@part_of("9.16")
def table_to_break(counts: Mapping[int, int], *, order: Sequence[int] | None = None) -> int:
    """§9.16: the table to break next, from the player count of each table: a table left with no
    player first (closed, nobody to reseat), else the first of ``order`` (default: the
    highest-numbered table)."""
    if order is not None:
        order = list(order)
        if sorted(order) != sorted(counts):
            raise RuleViolation(f"breaking order {show_value(order)} does not list every table once", "9.16")
    empty = [n for n in sorted(counts) if counts[n] == 0]
    if empty:
        return empty[0]
    return order[0] if order is not None else max(counts)


@part_of("9.16")
def table_break_due(counts: Sequence[int], rules: RuleSet) -> bool:
    """§9.16: whether a table is due to break, from the player count of each table in play."""
    return len(counts) >= 2 and sum(counts) <= (len(counts) - 1) * rules.max_seats


@rule("9.16")
def break_table(
    tables: Mapping[int, Table], rules: RuleSet, *, order: Sequence[int] | None = None, seed: object = None
) -> dict[Seated, tuple[int, int]] | None:
    """Breaking tables: the new ``(table, seat)`` of each player of the table due to break, or ``None``."""
    _check_tables(tables, rules, "9.16")
    return reseat_broken_table(tables, rules, order=order, seed=seed)


@part_of("9.16")
def reseat_broken_table(
    tables: Mapping[int, Table], rules: RuleSet, *, order: Sequence[int] | None = None, seed: object = None
) -> dict[Seated, tuple[int, int]] | None:
    """§9.16 on tables already known to be well formed (seats in 1..``max_seats``, no player at
    two seats): ``break_table``'s answer without its check of every seat. The tournament engine
    calls it on the layout it keeps itself (a property test checks that layout at every call)."""
    if not table_break_due([len(t["seats"]) for t in tables.values()], rules):
        return None
    broken = table_to_break({n: len(t["seats"]) for n, t in tables.items()}, order=order)
    rng = _rng(seed)
    counts = {n: len(t["seats"]) for n, t in tables.items() if n != broken}
    taken = {n: set(t["seats"]) for n, t in tables.items() if n != broken}
    pool: list[tuple[int, int]] = []
    for _ in tables[broken]["seats"]:
        target = min(counts, key=lambda n: (counts[n], n))
        seat = rng.choice([s for s in range(1, rules.max_seats + 1) if s not in taken[target]])
        taken[target].add(seat)
        counts[target] += 1
        pool.append((target, seat))
    players = [tables[broken]["seats"][s] for s in sorted(tables[broken]["seats"])]
    rng.shuffle(players)
    return dict(zip(players, pool, strict=True))


@rule("9.17")
def final_table(
    tables: Mapping[int, Table], level: int, rules: RuleSet, *, seed: object = None
) -> tuple[dict[Seated, int], int]:
    """The final table: every player's seat at it and the level of its first hand."""
    _check_tables(tables, rules, "9.17")
    _count(level, "level", "9.17", least=1)
    players = [p for n in sorted(tables) for s, p in sorted(tables[n]["seats"].items())]
    if len(players) > rules.max_seats:
        raise RuleViolation(f"{len(players)} players do not fit at one table of {rules.max_seats}", "9.17")
    rng = _rng(seed)
    if rules.final_table_redraw:
        seats = list(range(1, len(players) + 1))
        rng.shuffle(seats)
        placed = dict(zip(players, seats, strict=True))
    else:
        home = min(tables)
        placed = {p: s for s, p in tables[home]["seats"].items()}
        free = [s for s in range(1, rules.max_seats + 1) if s not in tables[home]["seats"]]
        others = [p for p in players if p not in placed]
        for player, seat in zip(others, rng.sample(free, len(others)), strict=True):
            placed[player] = seat
    return placed, level + 1 if rules.final_table_level_bump else level


# ---------------------------------------------------------------- 9.18: colour-up


@rule("9.18")
def chip_race(
    stacks: Mapping[int, int],
    removed: int,
    new: int,
    cards: Sequence[Card] | None,
    rules: RuleSet,
    *,
    button: int | None = None,
    seed: Seed = None,
) -> dict[int, int]:
    """Colour-up and chip race: the stacks by seat after the odd chips of ``removed`` are raced
    for chips of ``new`` (one card per odd chip, half or more rounds up, one chip a player)."""
    odd, chips = race_cards(stacks, removed, new, rules, button=button)
    needed = sum(odd.values())
    dealt = tuple(cards) if cards is not None else shuffled_deck(seed)[:needed]
    if len(dealt) != needed:
        raise RuleViolation(f"{len(dealt)} cards were dealt for {needed} odd chips of {removed}", "9.18")
    if len({int(c) for c in dealt}) != len(dealt):
        raise RuleViolation("the cards of a chip race must be distinct", "9.18")
    best: dict[int, tuple[int, int]] = {}
    at = 0
    for seat, count in odd.items():
        best[seat] = max(draw_order_key(c, rules) for c in dealt[at : at + count])
        at += count
    winners = set(sorted(best, key=lambda s: best[s], reverse=True)[:chips])
    after = {s: stacks[s] - stacks[s] % new + (new if s in winners else 0) for s in stacks}
    if rules.chip_race_no_elimination:
        for seat in odd:
            if after[seat] == 0:
                after[seat] = new
    return after


@part_of("9.18")
def race_cards(
    stacks: Mapping[int, int], removed: int, new: int, rules: RuleSet, *, button: int | None = None
) -> tuple[dict[int, int], int]:
    """§9.18: how a chip race is dealt: the cards each seat with odd chips of ``removed`` is dealt
    (one per odd chip), in dealing order (from seat 1, or from the dealer's left), and the number
    of chips of ``new`` raced for (the odd total divided by ``new``, half or more rounding up)."""
    _count(removed, "removed chip", "9.18", least=1)
    _count(new, "new smallest chip", "9.18", least=1)
    if new <= removed or new % removed:
        raise RuleViolation(f"the removed chip {removed} does not divide the new smallest chip {new}", "9.18")
    for seat, stack in stacks.items():
        _count(seat, "seat", "9.18", least=1)
        _count(stack, f"stack of seat {seat}", "9.18")
        if stack % new % removed:
            raise RuleViolation(
                f"seat {seat}'s odd value {stack % new} is not a multiple of {removed}", "9.18"
            )
    if rules.chip_race_start == "dealer_left":
        if button is None:
            raise RuleViolation("a chip race from the dealer's left needs the button seat", "9.18")
        start = [s for s in sorted(stacks) if s > button] + [s for s in sorted(stacks) if s <= button]
    else:
        start = sorted(stacks)
    odd = {s: stacks[s] % new // removed for s in start if stacks[s] % new}
    needed = sum(odd.values())
    if needed > 52:
        raise RuleViolation(
            f"{needed} odd chips of {removed} are more than a deck of 52 cards can race", "9.18"
        )
    value = sum(stacks[s] % new for s in odd)
    return odd, value // new + (1 if 2 * (value % new) >= new else 0)


@part_of("9.18")
def colour_up_table(
    stacks: Mapping[int, int],
    removed: int,
    new: int,
    rules: RuleSet,
    *,
    button: int | None = None,
    seed: Seed = None,
) -> dict[int, int]:
    """§9.18 at one table: each stack's value below a multiple of ``removed`` (possible only when
    bets were finer than the chip set) is removed first, then the odd chips are raced (``chip_race``)."""
    return chip_race(_floored(stacks, removed), removed, new, None, rules, button=button, seed=seed)


@part_of("9.18")
def _floored(stacks: Mapping[int, int], removed: int) -> dict[int, int]:
    """§9.18: each stack less its value below a multiple of ``removed`` (removed before the race)."""
    return {s: stack - stack % removed for s, stack in stacks.items()}


@part_of("9.18")
def colour_up_cards(
    stacks: Mapping[int, int], removed: int, new: int, rules: RuleSet, *, button: int | None = None
) -> tuple[dict[int, int], int]:
    """§9.18 at one table: ``race_cards`` for the stacks ``colour_up_table`` races (each stack's
    value below a multiple of ``removed`` removed first)."""
    return race_cards(_floored(stacks, removed), removed, new, rules, button=button)


@part_of("9.18")
def colour_ups(structure: Structure) -> tuple[tuple[int, int, int], ...]:
    """§9.18: the colour-ups of ``structure`` as ``(level, d, D)``, in level order."""
    ups = []
    smallest = structure.chips[0]
    for number in range(1, len(structure.levels) + 1):
        later = [a for lv in structure.levels[number - 1 :] for a in lv.amounts]
        fits = [
            c
            for c in structure.chips
            if c > smallest and c % smallest == 0 and all(a % c == 0 for a in later)
        ]
        if fits:
            ups.append((number, smallest, max(fits)))
            smallest = max(fits)
    return tuple(ups)


@part_of("9.18")
def check_race_result(after: Mapping[Player, int], new: int, rules: RuleSet) -> None:
    """§9.18: the stacks after a chip race run with real cards: each a multiple of the new
    smallest chip ``new``, and none empty unless a player may be raced out
    (``chip_race_no_elimination`` false). Raises ``RuleViolation`` naming the player."""
    for name, chips in after.items():
        if chips % new:
            raise RuleViolation(f"{name!r} has {chips} chips after the race: not a multiple of {new}", "9.18")
        if chips == 0 and rules.chip_race_no_elimination:
            raise RuleViolation(
                f"{name!r} is left without chips: no player is raced out (chip_race_no_elimination)", "9.18"
            )


@part_of("9.18")
def chip_race_instructions(removed: int, new: int, rules: RuleSet) -> str:
    """§9.18: what a dealer does at each table to colour up from ``removed`` to ``new``, in words."""
    _count(removed, "removed chip", "9.18", least=1)
    if not is_int(new) or new <= removed or new % removed:
        raise RuleViolation(
            f"the removed chip {removed} does not divide the new smallest chip {show_value(new)}", "9.18"
        )
    start = "seat 1" if rules.chip_race_start == "seat_1" else "the first seat left of the button"
    out = (
        f"no player is raced out: one left without chips gets one chip of {new}"
        if rules.chip_race_no_elimination
        else "a player left without chips is out (§9.9)"
    )
    return (
        f"remove the chips below {new}: each player keeps his stack less its odd value (stack mod {new}) "
        f"and is dealt one card face up for each {removed} of odd value, from {start} clockwise; "
        f"the odd total divided by {new}, plus one if the rest is at least half of {new}, gives the "
        f"chips of {new} raced for, one each to the best cards (rank, then suit); {out}"
    )


@part_of("9.18")
def unit_after_colour_up(rules: RuleSet, new: int) -> RuleSet:
    """§9.18 / §5.12: the rules of the hands after a colour-up to ``new``: the smallest chip still
    in play, ``new``, is the ``chip_unit`` (never smaller than the unit in force)."""
    if not is_int(new) or new < 1 or new % rules.chip_unit:
        raise RuleViolation(
            f"the new smallest chip {show_value(new)} is not a multiple of the chip unit {rules.chip_unit}",
            "9.18",
        )
    return rules if new == rules.chip_unit else rules.replace(chip_unit=new)


@part_of("9.18")
def check_chip_unit_change(new: RuleSet, old: RuleSet) -> None:
    """§9.18 / §12.10: between hands a table's rules change only in the ``chip_unit`` (a colour-up),
    the one change its hands' histories carry (``_chip_unit``)."""
    changed = [name for name in FIELDS if name != "chip_unit" and getattr(new, name) != getattr(old, name)]
    if changed:
        raise RuleViolation(
            f"the rules change only in the chip unit between hands; these rules also change "
            f"{', '.join(changed)}",
            "9.18",
        )


@part_of("9.18")
def written_chip_unit(played: RuleSet, base: RuleSet) -> int | None:
    """§9.18 / §12.10: the ``_chip_unit`` a hand's history carries: the unit it was played with
    (``played``) where it is not the unit of the rules it is replayed with (``base``), else ``None``."""
    return None if played.chip_unit == base.chip_unit else played.chip_unit


# ---------------------------------------------------------------- 9.19 – 9.23


@rule("9.19")
def apply_deal(
    players: Sequence[Player],
    amounts: Mapping[Player, int],
    unpaid: int,
    agreed: Iterable[Player],
    *,
    reserve: int = 0,
) -> dict[Player, int]:
    """Deals: the agreed amounts by player, valid only if every remaining player agrees and the
    amounts plus the reserve are the unpaid prize money."""
    agreed = set(agreed)
    for player in players:
        if player not in agreed:
            raise RuleViolation(
                f"a deal needs the agreement of every remaining player; {player!r} has not agreed", "9.19"
            )
    missing = [p for p in players if p not in amounts]
    extra = [p for p in amounts if p not in players]
    if missing or extra:
        who = missing[0] if missing else extra[0]
        raise RuleViolation(
            f"the deal must give an amount to every remaining player and only them ({who!r})", "9.19"
        )
    _count(reserve, "reserve", "9.19")
    for player in players:
        _count(amounts[player], f"amount of {player!r}", "9.19")
    total = sum(amounts[p] for p in players) + reserve
    if total != unpaid:
        raise RuleViolation(f"the deal pays {total} but {unpaid} is unpaid", "9.19")
    return {p: amounts[p] for p in players}


@dataclass(frozen=True)
class ICMResult:
    """§9.19: each player's ICM value.

    ``exact``: computed over every set of players placed (``Fraction``s when there are at most
    ``ICM_FRACTION_STATES`` such sets, binary floats accurate to about 1e-9 of the pool beyond);
    else estimated from ``trials`` finishing orders, each value within ``error_bound`` with
    probability at least 99 %.
    """

    values: tuple[Fraction | float, ...]
    exact: bool
    error_bound: float = 0.0
    trials: int = 0


ICM_FRACTION_STATES = 2048
ICM_EXACT_STATES = 2**17


def _icm_states(n: int, paid: int) -> int:
    return sum(math.comb(n, i) for i in range(min(paid, n)))


def _icm_dp(stacks: Sequence[int], prizes: Sequence[int], paid: int, one: Fraction | float) -> list[Any]:
    n = len(stacks)
    values: list[Any] = [one * 0] * n
    level: dict[int, tuple[Any, int]] = {0: (one, sum(stacks))}
    for place in range(paid):
        following: dict[int, tuple[Any, int]] = {}
        for mask, (prob, left) in level.items():
            for j in range(n):
                if mask >> j & 1:
                    continue
                p = prob * stacks[j] / left
                values[j] += p * prizes[place]
                key = mask | 1 << j
                old = following.get(key)
                following[key] = (p + old[0] if old else p, left - stacks[j])
        level = following
    return values


@part_of("9.19")
def icm_values(
    stacks: Sequence[int],
    prizes: Sequence[int],
    *,
    method: str = "auto",
    trials: int = 20_000,
    seed: object = None,
) -> ICMResult:
    """§9.19: Malmuth–Harville values, by dynamic programming over the sets of players placed
    (``"exact"``, chosen by ``"auto"`` up to ``ICM_EXACT_STATES`` sets) or sampled (``"sample"``)."""
    prizes, paid, exact = icm_field(stacks, prizes, method)
    n = len(stacks)
    states = _icm_states(n, paid)
    if exact:
        one: Fraction | float = Fraction(1) if states <= ICM_FRACTION_STATES else 1.0
        return ICMResult(tuple(_icm_dp(stacks, prizes, paid, one)), True)
    bound = icm_error_bound(prizes, trials)
    rng = _rng(seed)
    sums = [0] * n
    for _ in range(trials):
        # a Harville order is the players sorted by Exp(1) / stack (Plackett–Luce)
        order = sorted(range(n), key=lambda j: rng.expovariate(1.0) / stacks[j])
        for place in range(paid):
            sums[order[place]] += prizes[place]
    return ICMResult(tuple(Fraction(s, trials) for s in sums), False, bound, trials)


@part_of("9.19")
def icm_field(stacks: Sequence[int], prizes: Sequence[int], method: str) -> tuple[list[int], int, bool]:
    """§9.19: the checked ICM question: the prizes padded to one per player, how many places are paid
    (up to the last non-zero prize), and whether ``method`` asks for the exact values."""
    if not stacks or any(not is_int(s) or s < 1 for s in stacks):
        raise RuleViolation(f"ICM stacks {show_value(tuple(stacks))} are not positive integers", "9.19")
    if any(not is_int(p) or p < 0 for p in prizes):
        raise RuleViolation(f"ICM prizes {show_value(tuple(prizes))} are not integers >= 0", "9.19")
    if method not in ("auto", "exact", "sample"):
        raise RuleViolation(f"ICM method {method!r} is not 'auto', 'exact' or 'sample'", "9.19")
    n = len(stacks)
    if len(prizes) > n:
        raise RuleViolation(f"{len(prizes)} prizes is more prizes than the {n} players left", "9.19")
    padded = list(prizes) + [0] * (n - len(prizes))
    paid = min(n, max((i + 1 for i, p in enumerate(padded) if p), default=0))
    exact = method == "exact" or (method == "auto" and _icm_states(n, paid) <= ICM_EXACT_STATES)
    return padded, paid, exact


@part_of("9.19")
def icm_error_bound(prizes: Sequence[int], trials: int) -> float:
    """§9.19: Hoeffding's bound on one player's sampled value: within it with probability 99 %
    (each trial's prize lies in [0, max prize]); ``trials`` must be an integer >= 1."""
    _count(trials, "trials", "9.19", least=1)
    return max(prizes, default=0) * math.sqrt(math.log(200) / (2 * trials))


@part_of("9.19")
def propose_deal(
    stacks: Mapping[Player, int],
    prizes: Sequence[int],
    method: str,
    *,
    unit: int = 1,
    seed: object = None,
    icm: Callable[..., ICMResult] | None = None,
) -> dict[Player, int]:
    """§9.19: a chip-chop or ICM deal of the unpaid ``prizes``, rounded to ``unit`` exactly; ``icm``
    values the stacks (``icm_values`` unless a caller passes a twin with the same contract)."""
    players = list(stacks)
    chips = [stacks[p] for p in players]
    total = sum(prizes)
    _count(unit, "rounding unit", "9.19", least=1)
    if total % unit:
        raise RuleViolation(
            f"unpaid prizes of {total} are not a multiple of the rounding unit {unit}", "9.19"
        )
    if method == "icm":
        shares = list((icm or icm_values)(chips, prizes, seed=seed).values)
    elif method == "chip_chop":
        if not chips or any(not is_int(c) or c < 1 for c in chips):
            raise RuleViolation(f"deal stacks {show_value(tuple(chips))} are not positive integers", "9.19")
        shares = [Fraction(total * c, sum(chips)) for c in chips]
    else:
        raise RuleViolation(f"deal method {method!r} is not 'chip_chop' or 'icm'", "9.19")
    return dict(zip(players, _largest_remainder(shares, total, unit), strict=True))


@rule("9.20")
def tournament_winner(stacks: Mapping[Player, int]) -> Player | None:
    """End of the tournament: the only player with chips, or ``None`` while two or more have chips."""
    alive = [p for p, s in stacks.items() if _count(s, f"stack of {p!r}", "9.20") > 0]
    if not alive:
        raise RuleViolation("no player has chips", "9.20")
    return alive[0] if len(alive) == 1 else None


@rule("9.22")
def dealt_in_on_arrival(seat: int, button: int, small_blind: int, rules: RuleSet) -> bool:
    """Dealing in a player seated between hands: dealt in unless his seat lies strictly between the
    button and the small blind."""
    for what, value in (("seat", seat), ("button", button), ("small blind", small_blind)):
        if not is_int(value) or not 1 <= value <= rules.max_seats:
            raise RuleViolation(f"{what} {show_value(value)} is not a seat in 1..{rules.max_seats}", "9.22")
    ring = _clockwise(button, rules.max_seats)
    return seat not in ring[: ring.index(small_blind)] if small_blind != button else True


@rule("9.23")
def hand_for_hand_in_force(remaining: int, places_paid: int, tables_in_play: int, rules: RuleSet) -> bool:
    """When hand-for-hand play is in force: two or more tables and the bubble within one round."""
    _count(remaining, "players remaining", "9.23")
    _count(places_paid, "places paid", "9.23")
    _count(tables_in_play, "tables in play", "9.23")
    if not rules.hand_for_hand or tables_in_play < 2:
        return False
    return places_paid < remaining <= places_paid + tables_in_play


@rule("9.25")
def undone_events(kinds: Sequence[str]) -> set[int]:
    """A live event's record: the indices of the events that undos have taken back, each undo
    taking back the last event not yet taken back (never an undo)."""
    standing: list[int] = []
    undone: set[int] = set()
    for index, kind in enumerate(kinds):
        if kind != "undo":
            standing.append(index)
        elif not standing:
            raise RuleViolation(f"undo {index + 1} has no event left to take back", "9.25")
        else:
            undone.add(standing.pop())
    return undone
