"""A live tournament: the state of an event run at real tables, changed only by the director's
events (spec 09).

``LiveState`` is a value; ``apply(state, kind, args, at) -> (new_state, answers)`` is a pure
transition: it validates the event fully against the state, returns a new state (the old one is
left exactly as it was) and the answers a floor person needs (a summary, the moves the event
calls for, each with its section). ``at`` is the wall time the event is applied at (the clock's
reading, stamped in the event log, so a replay is exact). A refused event raises a
``RuleViolation`` naming the value and the section, and nothing changes.

Every decision is a spec 09 function's: the seat draw (§9.14), late entries (§9.8), places
(§9.9–§9.11), payouts (§9.12, §9.13, §9.21, §9.24), rebuys and add-ons (§9.6, §9.7), table breaks
(§9.16), the final table (§9.17), balancing (§9.15), hand-for-hand play (§9.23), colour-ups
(§9.18) and deals (§9.19). The clock is ``WallClock`` (§9.3–§9.5, §9.11, §9.17).

Events (``EVENTS``): ``register(name)``, ``seat_draw()``, ``start()``, ``bust(names, hand_id=None,
stacks=None)``, ``chip_count(name, chips)``, ``rebuy(name)``, ``add_on(name)``,
``late_entry(name)``, ``away(name)``, ``back(name)``, ``hand_finished(table, button=None,
big_blind=None)``, ``moved(move_id)``, ``pause()``, ``resume()``, ``adjust_clock(seconds)``,
``colour_up(stacks=None, after=None)``, ``deal(kind, agree, stacks=None, amounts=None)`` and ``undo()``.

How the events map to the rules:

- ``bust`` names the players a hand (or, outside hand-for-hand play, hands ending together)
  put out; they take the places just below the players left (§9.9). Players of one table are
  ranked by the ``stacks`` they started the hand with (§9.10; without stacks they tie, as equal
  stacks do); players of several tables in one event are ranked as hands that ended in table
  order (§9.11 without hand-for-hand play). While hand-for-hand play is in force (§9.23) the busts
  of a round, entered in any number of events, are placed together by §9.11, the clock is stopped
  and, when every table has reported ``hand_finished``, advances by ``hand_for_hand_minutes``;
  tables are broken and balanced when the round ends.
- A rebuy is entered instead of a bust (the player lost his chips and buys again, §9.6), judged
  at the level in force when it is entered.
- Tables are broken, the final table formed and the tables balanced after every event that
  changes the players seated, from the seats and the button and big blind seats each table
  reported with its last ``hand_finished``. With §9.15's ``"between_levels"`` the balancing of a
  level change waits until every table has reported the hand it was playing when the level
  changed (begun at the old level, §9.4): it is decided at the next event (after it, so that
  the busts of those hands count; before it when it is a table's next report, which means that
  table is dealing its second hand since the change). A move is an order to the floor;
  ``moved`` marks it done.
"""

from __future__ import annotations

import copy
import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from pyholdem.engine.wall_clock import ClockReading, WallClock
from pyholdem.errors import RuleViolation, show_value
from pyholdem.rules.ruleset import RuleSet
from pyholdem.rules.structure import Structure
from pyholdem.spec.tournament import (
    accept_entry,
    apply_deal,
    balance_moves,
    balances_between_levels,
    balancing_due_counts,
    check_addon,
    check_race_result,
    check_rebuy,
    chip_race_instructions,
    clock_after_round,
    colour_up_cards,
    colour_up_table,
    colour_ups,
    draw_seats,
    entry_seat,
    final_table,
    hand_for_hand_in_force,
    hand_for_hand_places,
    payout_amounts,
    places_after_entry,
    places_paid,
    prize_pool,
    propose_deal,
    rank_busts,
    redraw_tables,
    reseat_broken_table,
    shared_prizes,
    starting_stacks,
    table_break_due,
    table_seat_count,
    table_to_break,
    unit_after_colour_up,
)
from pyholdem.values import is_int

__all__ = [
    "EVENTS",
    "LiveSetup",
    "LiveState",
    "apply",
    "new_state",
    "race_plan",
    "replay",
    "status",
]

Place = int | tuple[int, int]

# the section that governs each event (its refusals and malformed arguments)
EVENTS: dict[str, str] = {
    "register": "9.2",
    "seat_draw": "9.14",
    "start": "9.5",
    "bust": "9.9",
    "chip_count": "9.19",
    "rebuy": "9.6",
    "add_on": "9.7",
    "late_entry": "9.8",
    "away": "3.19",
    "back": "3.19",
    "hand_finished": "9.15",
    "moved": "9.15",
    "pause": "9.5",
    "resume": "9.5",
    "adjust_clock": "9.5",
    "colour_up": "9.18",
    "deal": "9.19",
    "undo": "9.25",
}
MAX_NAME = 40
LATEST = 8


@dataclass(frozen=True)
class LiveSetup:
    """What an event is set up with: its rule set (the structure's payouts and the table size
    applied), structure, the players registered at creation, the seed of every draw, its name and
    how many seconds before a level ends the clock warns."""

    rules: RuleSet
    structure: Structure
    players: tuple[str, ...] = ()
    seed: int | str = 0
    name: str = ""
    warning_s: float = 60.0

    @classmethod
    def make(
        cls,
        rules: RuleSet,
        structure: Structure,
        players: Sequence[str] = (),
        *,
        seats_per_table: int | None = None,
        seed: int | str = 0,
        name: str = "",
        warning_s: float = 60.0,
    ) -> LiveSetup:
        """The set-up of a new event (``seats_per_table`` replaces ``max_seats``, §9.14)."""
        if not isinstance(rules, RuleSet):
            raise RuleViolation(f"rules {rules!r} is not a RuleSet", "0.1")
        if not isinstance(structure, Structure):
            raise RuleViolation(f"structure {structure!r} is not a Structure", "9.3")
        if seats_per_table is not None:
            if not is_int(seats_per_table) or not 2 <= seats_per_table <= 10:
                raise RuleViolation(f"seats per table {show_value(seats_per_table)} is not 2 to 10", "9.14")
            rules = rules.replace(max_seats=seats_per_table)
        rules = rules.replace(**structure.payout_changes())
        if (
            isinstance(warning_s, bool)
            or not isinstance(warning_s, int | float)
            or not 0 <= warning_s <= 3600
        ):
            raise RuleViolation(f"warning seconds {show_value(warning_s)} is not 0 to 3600", "9.5")
        if not isinstance(name, str) or len(name) > 200:
            raise RuleViolation(f"event name {show_value(name)} is not text of up to 200 characters", "9.1")
        if not (is_int(seed) or isinstance(seed, str)):
            raise RuleViolation(f"seed {show_value(seed)} is not an integer or text", "1.4")
        names = tuple(_name(p, "9.2") for p in players)
        starting_stacks(names, structure.starting_stack, rules)  # §9.2: distinct players, a valid stack
        return cls(rules, structure, names, seed, name, float(warning_s))


@dataclass
class Entrant:
    """One entrant: where he sits (1-based; ``None`` before the draw and once out), his rebuys and
    add-ons, his place once out, whether he is away, his last chip count."""

    name: str
    table: int | None = None
    seat: int | None = None
    rebuys: int = 0
    addons: int = 0
    place: Place | None = None
    away: bool = False
    chips: int | None = None
    late: bool = False


@dataclass
class TableState:
    """A table in play: seat → player, and the button and big blind seats of its last hand as
    reported (``None`` before its first report), its hands reported."""

    seats: dict[int, str] = field(default_factory=dict)
    button: int | None = None
    big_blind: int | None = None
    hands: int = 0


@dataclass
class MoveOrder:
    """A move for the floor: ``name`` goes from ``origin`` (``None``: a new seat) to ``target``."""

    id: str
    name: str
    origin: tuple[int, int] | None
    target: tuple[int, int]
    section: str
    text: str
    done: bool = False

    def as_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "name": self.name,
            "from": None if self.origin is None else {"table": self.origin[0], "seat": self.origin[1]},
            "to": {"table": self.target[0], "seat": self.target[1]},
            "section": f"§{self.section}",
            "text": self.text,
            "done": self.done,
        }


@dataclass
class LiveState:
    """The live tournament after ``seq`` events (``previous``: the state before the last event
    that ``undo`` can take back)."""

    setup: LiveSetup
    rules: RuleSet
    phase: str = "registration"  # registration, seated, running, over
    entrants: dict[str, Entrant] = field(default_factory=dict)
    tables: dict[int, TableState] = field(default_factory=dict)
    moves: list[MoveOrder] = field(default_factory=list)
    moves_issued: int = 0
    clock: WallClock = field(default_factory=WallClock)
    entries: int = 0
    rebuys: int = 0
    addons: int = 0
    level_seen: int = 1
    round: int = 0  # the most hands any table has reported
    hand_for_hand: bool = False
    round_busts: dict[int, list[str]] = field(default_factory=dict)
    round_stacks: dict[str, int] = field(default_factory=dict)
    round_finished: set[int] = field(default_factory=set)
    level_balance: frozenset[int] | None = None  # §9.15 between levels: the tables yet to report
    final: bool = False
    ups_held: int = 0
    chips_removed: int = 0  # by colour-ups (negative: chips a chip race added, §9.18)
    races: list[dict[str, Any]] = field(default_factory=list)
    deal: dict[str, int] | None = None
    latest: list[str] = field(default_factory=list)
    last: str = ""  # the summary of the last event an undo would take back
    seq: int = 0
    at: float = 0.0
    previous: LiveState | None = None

    def __reduce__(self) -> tuple[Any, tuple[list[dict[str, Any]]]]:
        """Pickled (and deep-copied) as the list of the states back through ``previous``, each
        without its link, and linked again when loaded: a long event's chain of states would be
        pickled one inside the other, as deep as the event is long."""
        chain: list[dict[str, Any]] = []
        state: LiveState | None = self
        while state is not None:
            chain.append({**vars(state), "previous": None})
            state = state.previous
        return (_linked, (chain,))

    @property
    def alive(self) -> list[str]:
        """The players still in, in registration order."""
        return [e.name for e in self.entrants.values() if e.place is None]

    @property
    def started(self) -> bool:
        return self.phase in ("running", "over")

    @property
    def over(self) -> bool:
        return self.phase == "over"


def _linked(chain: list[dict[str, Any]]) -> LiveState:
    previous: LiveState | None = None
    for fields in reversed(chain):
        state = LiveState.__new__(LiveState)
        state.__dict__.update(fields)
        state.previous = previous
        previous = state
    assert previous is not None
    return previous


def new_state(setup: LiveSetup) -> LiveState:
    """The state of a new event: its players registered, nobody seated, the clock not started."""
    state = LiveState(setup, setup.rules)
    for name in setup.players:
        state.entrants[name] = Entrant(name)
    state.entries = len(setup.players)
    return state


# ---------------------------------------------------------------------------- helpers
def _name(value: object, section: str) -> str:
    if (
        not isinstance(value, str)
        or not value
        or value != value.strip()
        or len(value) > MAX_NAME
        or not value.isprintable()
    ):
        raise RuleViolation(
            f"name {show_value(value)} is not a name (1 to {MAX_NAME} printable characters, "
            "no leading or trailing space)",
            section,
        )
    return value


def _entrant(state: LiveState, name: object, section: str) -> Entrant:
    entrant = state.entrants.get(name) if isinstance(name, str) else None
    if entrant is None:
        raise RuleViolation(f"player {show_value(name)} is not an entrant", section)
    return entrant


def _alive(state: LiveState, name: object, section: str) -> Entrant:
    entrant = _entrant(state, name, section)
    if entrant.place is not None:
        raise RuleViolation(
            f"player {entrant.name!r} is already out (place {_show_place(entrant.place)})", "9.9"
        )
    return entrant


def _seated(state: LiveState, name: object, section: str) -> Entrant:
    entrant = _alive(state, name, section)
    if entrant.table is None or entrant.seat is None:
        raise RuleViolation(f"player {entrant.name!r} has no seat yet: draw the seats first", "9.14")
    return entrant


def _show_place(place: Place) -> str:
    return str(place) if isinstance(place, int) else f"{place[0]}-{place[1]}"


def _best(place: Place) -> int:
    return place if isinstance(place, int) else place[0]


def _phase(state: LiveState, allowed: tuple[str, ...], what: str, section: str) -> None:
    if state.phase in allowed:
        return
    if state.phase == "over":
        raise RuleViolation(f"the tournament is over: no {what}", "9.20")
    said = {
        "registration": "the seats are not drawn yet",
        "seated": "the tournament has not started",
        "running": "the tournament has started",
    }[state.phase]
    raise RuleViolation(f"{said}: no {what} now", section)


def _reading(state: LiveState, at: float) -> ClockReading:
    return state.clock.reading(at, state.setup.structure, state.rules, hands=state.round)


def _level(state: LiveState, at: float) -> int:
    return _reading(state, at).level if state.clock.started else 1


def _pool(state: LiveState) -> tuple[int, int]:
    s = state.setup.structure
    pool, fees = prize_pool(
        state.entries, s.buy_in, state.rules, addons=state.addons, addon_price=s.addon_price
    )
    return pool + state.rebuys * (s.rebuy_price or s.buy_in), fees


def _payouts(state: LiveState) -> tuple[int, ...]:
    return payout_amounts(_pool(state)[0], state.rules, entrants=max(state.entries, 1))


def _layout(state: LiveState) -> dict[int, dict[str, Any]]:
    return {
        n: {"seats": dict(t.seats), "button": t.button, "big_blind": t.big_blind}
        for n, t in sorted(state.tables.items())
    }


def _counts(state: LiveState) -> list[int]:
    return [len(state.tables[n].seats) for n in sorted(state.tables)]


def _say(state: LiveState, text: str) -> None:
    state.latest.insert(0, text)
    del state.latest[LATEST:]


def _order(
    state: LiveState,
    name: str,
    origin: tuple[int, int] | None,
    target: tuple[int, int],
    section: str,
    why: str,
) -> MoveOrder:
    state.moves_issued += 1
    where = "new seat" if origin is None else f"table {origin[0]} seat {origin[1]}"
    text = f"{name}: {where} → table {target[0]} seat {target[1]} ({why}, §{section})"
    move = MoveOrder(f"m{state.moves_issued}", name, origin, target, section, text)
    state.moves.append(move)
    return move


def _origin(entrant: Entrant) -> tuple[int, int] | None:
    """Where ``entrant`` sits: (table, seat), or None before he is seated."""
    return None if entrant.table is None or entrant.seat is None else (entrant.table, entrant.seat)


def _sit(state: LiveState, name: str, table: int, seat: int) -> None:
    entrant = state.entrants[name]
    if entrant.table is not None and entrant.seat is not None:
        here = state.tables.get(entrant.table)
        if here is not None and here.seats.get(entrant.seat) == name:
            del here.seats[entrant.seat]
    state.tables[table].seats[seat] = name
    entrant.table, entrant.seat = table, seat


# ---------------------------------------------------------------------------- events
Handler = Callable[..., str]


def _register(state: LiveState, at: float, name: str) -> str:
    _phase(state, ("registration",), "registration (a late entry is `late_entry`)", "9.8")
    name = _name(name, "9.2")
    if name in state.entrants:
        raise RuleViolation(f"player {name!r} is registered twice", "9.2")
    state.entrants[name] = Entrant(name)
    state.entries += 1
    return f"{name} registered ({state.entries} entrants)"


def _seat_draw(state: LiveState, at: float) -> str:
    _phase(state, ("registration",), "second seat draw", "9.14")
    names = list(state.entrants)
    _payouts(state)  # §9.12: enough entrants for the places paid
    seats = draw_seats(names, state.rules, seed=state.setup.seed)
    for number in sorted({t for t, _ in seats.values()}):
        state.tables[number] = TableState()
    for name, (table, seat) in sorted(seats.items(), key=lambda item: item[1]):
        state.tables[table].seats[seat] = name
        state.entrants[name].table, state.entrants[name].seat = table, seat
    state.phase = "seated"
    return f"seats drawn: {len(names)} players at {len(state.tables)} tables (§9.14)"


def _start(state: LiveState, at: float) -> str:
    _phase(state, ("seated",), "start", "9.5")
    state.clock = state.clock.start(at)
    state.phase = "running"
    lv = state.setup.structure.level(1)
    ante = f" ante {lv.ante}" if lv.ante else ""
    return f"shuffle up and deal: level 1, blinds {lv.small_blind}/{lv.big_blind}{ante} (§9.3)"


def _stacks_argument(names: list[str], stacks: object) -> dict[str, int] | None:
    if stacks is None:
        return None
    if not isinstance(stacks, Mapping) or set(stacks) != set(names):
        raise RuleViolation(
            f"starting stacks {show_value(stacks)} must give the stack of each of {show_value(names)}", "9.10"
        )
    for name, chips in stacks.items():
        if not is_int(chips) or chips < 1:
            raise RuleViolation(
                f"starting stack of {name!r} {show_value(chips)} is not an integer >= 1", "9.10"
            )
    return {n: int(stacks[n]) for n in names}


def _bust(state: LiveState, at: float, names: object, hand_id: object = None, stacks: object = None) -> str:
    _phase(state, ("running",), "bust", "9.9")
    if isinstance(names, str):
        names = [names]
    if not isinstance(names, list | tuple) or not names:
        raise RuleViolation(f"busts {show_value(names)} are not a list of names", "9.9")
    names = list(names)
    if len(set(map(repr, names))) != len(names):
        raise RuleViolation(f"a player is named twice in {show_value(names)}", "9.9")
    for name in names:
        _seated(state, name, "9.9")
    if hand_id is not None and (not isinstance(hand_id, str) or not 0 < len(hand_id) <= 60):
        raise RuleViolation(f"hand id {show_value(hand_id)} is not text of 1 to 60 characters", "9.9")
    given = _stacks_argument(names, stacks)
    alive = state.alive
    if len(names) >= len(alive):
        raise RuleViolation(
            f"busting {show_value(names)} would leave nobody among the {len(alive)} players left: "
            "the last player with chips wins",
            "9.20",
        )
    by_table: dict[int, list[str]] = {}
    for name in sorted(names, key=lambda n: (state.entrants[n].table, state.entrants[n].seat)):
        table = state.entrants[name].table
        assert table is not None  # _seated checked it
        by_table.setdefault(table, []).append(name)
    start = given if given is not None else dict.fromkeys(names, 0)
    remaining = len(alive) - len(names)
    if state.hand_for_hand:
        for table, players in by_table.items():
            state.round_busts.setdefault(table, []).extend(players)
        state.round_stacks.update(start)
        round_busts = {t: state.round_busts[t] for t in sorted(state.round_busts)}
        everyone = [p for ps in round_busts.values() for p in ps]
        places = hand_for_hand_places(
            round_busts, remaining, state.rules, start_stacks={p: state.round_stacks[p] for p in everyone}
        )
    else:
        places = {}
        below = remaining
        for table in sorted(by_table, reverse=True):  # the hands end in table order: the last is best
            players = by_table[table]
            places.update(rank_busts({p: start[p] for p in players}, below, state.rules, order=players))
            below += len(players)
    for name in names:
        entrant = state.entrants[name]
        if entrant.table is not None and entrant.seat is not None:
            del state.tables[entrant.table].seats[entrant.seat]
        entrant.table = entrant.seat = None
        entrant.away, entrant.chips = False, None
    for name, place in places.items():
        state.entrants[name].place = place
    out = ", ".join(f"{n} {_show_place(places[n])}" for n in sorted(names, key=lambda n: _best(places[n])))
    why = "§9.11" if state.hand_for_hand else ("§9.10" if len(names) > 1 else "§9.9")
    summary = f"out: {out} ({why}); {remaining} left"
    if remaining == 1:
        (winner,) = state.alive
        state.entrants[winner].place = 1
        state.phase = "over"
        summary += f"; {winner} wins (§9.20)"
    return summary


def _chip_count(state: LiveState, at: float, name: object, chips: object) -> str:
    _phase(state, ("seated", "running"), "chip count", "9.19")
    entrant = _seated(state, name, "9.19")
    entrant.chips = _chips_argument(state, chips, "chip count")
    return f"{entrant.name} has {chips} chips"


def _chips_argument(state: LiveState, chips: object, what: str) -> int:
    """A player's chips as counted: from 1 (a player with none is out) to every chip in play."""
    most = _chips_in_play(state)
    if not is_int(chips) or not 1 <= chips <= most:
        raise RuleViolation(
            f"{what} {show_value(chips)} is not an integer from 1 to the {most} chips in play "
            "(a player with none is out)",
            "9.19",
        )
    return int(chips)


def _rebuy(state: LiveState, at: float, name: object) -> str:
    _phase(state, ("running",), "rebuy", "9.6")
    entrant = _seated(state, name, "9.6")
    level = _level(state, at)
    check_rebuy(0, level, entrant.rebuys, entrant.addons, state.rules)
    entrant.rebuys += 1
    state.rebuys += 1
    entrant.chips = None
    s = state.setup.structure
    chips, price = s.rebuy_chips or s.starting_stack, s.rebuy_price or s.buy_in
    return f"{entrant.name} rebuys: {chips} chips for {price} (§9.6)"


def _add_on(state: LiveState, at: float, name: object) -> str:
    _phase(state, ("seated", "running"), "add-on", "9.7")
    entrant = _seated(state, name, "9.7")
    level, minutes = 1, Fraction(0)
    if state.clock.started:
        reading = _reading(state, at)
        level, minutes = reading.level, reading.playing_minutes
    stack = entrant.chips if entrant.chips is not None else 1  # entered for a player with chips
    check_addon(stack, minutes, entrant.addons, entrant.rebuys, state.rules, level=level)
    s = state.setup.structure
    if s.addon_chips == 0:
        raise RuleViolation(f"structure {s.name!r} sells no add-on", "9.7")
    entrant.addons += 1
    state.addons += 1
    if entrant.chips is not None:
        entrant.chips += s.addon_chips
    return f"{entrant.name} adds on: {s.addon_chips} chips for {s.addon_price} (§9.7)"


def _late_entry(state: LiveState, at: float, name: object) -> str:
    _phase(state, ("seated", "running"), "late entry", "9.8")
    name = _name(name, "9.8")
    if name in state.entrants:
        raise RuleViolation(f"player {name!r} is already an entrant", "9.8")
    if not accept_entry(state.started, state.rules):
        raise RuleViolation(f"late entry of {name!r} is closed: the tournament has started", "9.8")
    starting_stacks([name], state.setup.structure.starting_stack, state.rules)
    table, seat = entry_seat(_layout(state), name, state.rules, seed=state.setup.seed)
    out = {e.name: e.place for e in state.entrants.values() if e.place is not None}
    for player, place in places_after_entry(out).items():  # the players out move one place down
        state.entrants[player].place = place
    state.entrants[name] = Entrant(name, late=True)
    state.entries += 1
    _sit(state, name, table, seat)
    _order(
        state,
        name,
        None,
        (table, seat),
        "9.8",
        "late entry; dealt in unless between the small blind and the button, §9.22",
    )
    return f"{name} enters late: table {table} seat {seat} (§9.8)"


def _away(state: LiveState, at: float, name: object) -> str:
    _phase(state, ("seated", "running"), "absence", "3.19")
    entrant = _seated(state, name, "3.19")
    if entrant.away:
        raise RuleViolation(f"player {entrant.name!r} is already away", "3.19")
    entrant.away = True
    return f"{entrant.name} is away: dealt in, blinds and antes posted, hand killed (§3.19, §9.8)"


def _back(state: LiveState, at: float, name: object) -> str:
    _phase(state, ("seated", "running"), "return", "3.19")
    entrant = _seated(state, name, "3.19")
    if not entrant.away:
        raise RuleViolation(f"player {entrant.name!r} is not away", "3.19")
    entrant.away = False
    return f"{entrant.name} is back (§3.19)"


def _seat_argument(state: LiveState, value: object, what: str, table: int) -> int | None:
    if value is None:
        return None
    seats = table_seat_count(state.rules)
    if not is_int(value) or not 1 <= value <= seats:
        raise RuleViolation(
            f"{what} {show_value(value)} of table {table} is not a seat in 1..{seats}", "9.15"
        )
    return int(value)


def _table_argument(state: LiveState, table: object, section: str) -> int:
    if not is_int(table) or table not in state.tables:
        raise RuleViolation(
            f"table {show_value(table)} is not in play (tables {sorted(state.tables)})", section
        )
    return int(table)


def _hand_finished(
    state: LiveState, at: float, table: object, button: object = None, big_blind: object = None
) -> str:
    _phase(state, ("running",), "hand", "9.15")
    number = _table_argument(state, table, "9.15")
    button = _seat_argument(state, button, "button", number)
    big_blind = _seat_argument(state, big_blind, "big blind", number)
    if state.hand_for_hand and number in state.round_finished:
        waiting = sorted(set(state.tables) - state.round_finished)
        raise RuleViolation(
            f"table {number} has finished its hand of this hand-for-hand round; waiting for tables "
            f"{', '.join(map(str, waiting))}",
            "9.11",
        )
    t = state.tables[number]
    t.hands += 1
    if button is not None:
        t.button = button
    if big_blind is not None:
        t.big_blind = big_blind
    state.round = max(state.round, t.hands)
    summary = f"table {number}: hand {t.hands} finished"
    if state.hand_for_hand:
        state.round_finished.add(number)
    if state.level_balance:
        state.level_balance = state.level_balance - {number}
    return summary


def _moved(state: LiveState, at: float, move_id: object) -> str:
    _phase(state, ("seated", "running", "over"), "move", "9.15")
    for move in state.moves:
        if move.id == move_id:
            if move.done:
                raise RuleViolation(f"move {move_id!r} is already done", "9.15")
            move.done = True
            return f"done: {move.text}"
    raise RuleViolation(f"move {show_value(move_id)} is not a move to make", "9.15")


def _pause(state: LiveState, at: float) -> str:
    _phase(state, ("running",), "pause", "9.5")
    state.clock = state.clock.pause(at)
    return "clock paused (§9.5)"


def _resume(state: LiveState, at: float) -> str:
    _phase(state, ("running",), "resume", "9.5")
    state.clock = state.clock.resume(at)
    return "clock running (§9.5)"


def _adjust_clock(state: LiveState, at: float, seconds: object) -> str:
    _phase(state, ("running",), "clock adjustment", "9.5")
    if isinstance(seconds, bool) or not isinstance(seconds, int | float) or not math.isfinite(seconds):
        raise RuleViolation(f"clock adjustment {show_value(seconds)} is not a number of seconds", "9.5")
    if abs(seconds) > 86_400:
        raise RuleViolation(f"clock adjustment {show_value(seconds)} is more than a day", "9.5")
    state.clock = state.clock.adjust(seconds, at)
    return f"clock moved {'forward' if seconds >= 0 else 'back'} {abs(seconds):g} s (§9.5)"


def _colour_up_due(state: LiveState, at: float) -> tuple[int, int, int] | None:
    ups = colour_ups(state.setup.structure)
    if state.ups_held >= len(ups) or state.phase in ("registration", "over"):
        return None
    level = _level(state, at)
    up = ups[state.ups_held]
    return up if up[0] <= level else None


def _race_mapping(state: LiveState, value: object, what: str, least: int) -> dict[str, int]:
    players = [n for n in state.alive if state.entrants[n].table is not None]
    if not isinstance(value, Mapping) or set(value) != set(players):
        raise RuleViolation(
            f"{what} {show_value(value)} must give the chips of each player still in: {players}", "9.18"
        )
    for name, chips in value.items():
        if not is_int(chips) or not least <= chips <= 10**15:
            raise RuleViolation(
                f"{what} of {name!r} {show_value(chips)} is not an integer from {least} to 10**15", "9.18"
            )
    return {n: int(value[n]) for n in players}


def _colour_up(state: LiveState, at: float, stacks: object = None, after: object = None) -> str:
    """§9.18: the colour-up due, held. With ``stacks`` (every player's chips before it) the chip
    race is run here as the simulator runs it (a seeded deck, each table from its last button);
    with ``after`` (every player's chips after a race run with real cards) its result is entered.
    Either way the chips it removed (or added) leave the chips in play, and a player raced out
    (``chip_race_no_elimination`` false) is placed as if busted (§9.9, §9.10)."""
    _phase(state, ("seated", "running"), "colour-up", "9.18")
    due = _colour_up_due(state, at)
    if due is None:
        raise RuleViolation("no colour-up is due at this level", "9.18")
    if stacks is not None and after is not None:
        raise RuleViolation("give the stacks before the chip race or the chips after it, not both", "9.18")
    level, removed, new = due
    rules = state.rules
    in_play = _chips_in_play(state)
    results: dict[str, int] = {}
    before: dict[str, int] = {}
    tables: list[dict[str, Any]] = []
    if stacks is not None:
        before = _race_mapping(state, stacks, "stack", 1)
        if sum(before.values()) != in_play:
            raise RuleViolation(
                f"the stacks add up to {sum(before.values())}, but {in_play} chips are in play: count again",
                "9.18",
            )
        for number, t in sorted(state.tables.items()):
            by_seat = {seat: before[name] for seat, name in sorted(t.seats.items())}
            if not by_seat:
                continue
            raced = colour_up_table(
                by_seat, removed, new, rules, button=t.button, seed=f"{state.setup.seed}-race-{number}-{new}"
            )
            results.update({t.seats[seat]: chips for seat, chips in raced.items()})
            tables.append(
                {
                    "table": number,
                    "before": {t.seats[k]: v for k, v in by_seat.items()},
                    "after": {t.seats[k]: v for k, v in raced.items()},
                }
            )
    elif after is not None:
        results = _race_mapping(state, after, "chips after the race", 0)
        check_race_result(results, new, rules)
        slack = new * len(results)  # each stack loses less than one new chip, each table wins less
        if not in_play - slack < sum(results.values()) < in_play + slack:
            raise RuleViolation(
                f"the chips after the race add up to {sum(results.values())}, too far from the "
                f"{in_play} chips in play",
                "9.18",
            )
        before = {n: state.entrants[n].chips or 0 for n in results}
    state.rules = unit_after_colour_up(rules, new)
    state.ups_held += 1
    summary = f"colour-up held: chips of {removed} removed, {new} is the smallest chip (§9.18)"
    if not results:
        return summary
    delta = in_play - sum(results.values())
    state.chips_removed += delta
    state.races.append(
        {"level": level, "remove": removed, "new": new, "tables": tables, "chips_removed": delta}
    )
    out = [n for n, c in results.items() if c == 0]
    for name, chips in results.items():
        if chips:
            state.entrants[name].chips = chips
    change = f"{delta} chips removed" if delta >= 0 else f"{-delta} chips added by the chip race"
    summary += f"; chip race: {change}"
    if out:
        if state.hand_for_hand and (state.round_busts or state.round_finished):
            raise RuleViolation(
                f"the race puts {', '.join(out)} out during a hand-for-hand round: hold it between rounds",
                "9.18",
            )
        remaining = len(state.alive) - len(out)
        places = rank_busts({n: before[n] for n in out}, remaining, state.rules, order=out)
        for name in out:
            entrant = state.entrants[name]
            assert entrant.table is not None and entrant.seat is not None
            del state.tables[entrant.table].seats[entrant.seat]
            entrant.table = entrant.seat = None
            entrant.away, entrant.chips, entrant.place = False, None, places[name]
        summary += "; raced out: " + ", ".join(f"{n} {_show_place(places[n])}" for n in out)
        if remaining == 1:
            (winner,) = state.alive
            state.entrants[winner].place = 1
            state.phase = "over"
            summary += f"; {winner} wins (§9.20)"
    return summary


def race_plan(state: LiveState, stacks: object, at: float) -> dict[str, Any]:
    """§9.18: how the colour-up due at ``at`` is raced with real cards, from ``stacks`` (every
    player's chips before it): at each table, in dealing order, the cards each player with odd
    chips is dealt, and the chips of the new smallest value raced for. The stacks are checked as
    the ``colour_up`` event checks them (their total is not: a count to deal by, not to record);
    a refusal raises ``RuleViolation``. Nothing changes."""
    _phase(state, ("seated", "running"), "colour-up", "9.18")
    due = _colour_up_due(state, at)
    if due is None:
        raise RuleViolation("no colour-up is due at this level", "9.18")
    level, removed, new = due
    before = _race_mapping(state, stacks, "stack", 1)
    tables = []
    for number, t in sorted(state.tables.items()):
        by_seat = {seat: before[name] for seat, name in sorted(t.seats.items())}
        if not by_seat:
            continue
        odd, chips = colour_up_cards(by_seat, removed, new, state.rules, button=t.button)
        cards = [{"seat": seat, "name": t.seats[seat], "cards": count} for seat, count in odd.items()]
        tables.append({"table": number, "cards": cards, "chips": chips})
    return {"level": level, "remove": removed, "new": new, "tables": tables, "section": "9.18"}


def _chips_in_play(state: LiveState) -> int:
    """Every chip sold (entries, rebuys, add-ons) less the chips colour-ups removed (§9.18)."""
    s = state.setup.structure
    sold = (
        state.entries * s.starting_stack
        + state.rebuys * (s.rebuy_chips or s.starting_stack)
        + state.addons * s.addon_chips
    )
    return sold - state.chips_removed


def _deal(
    state: LiveState,
    at: float,
    kind: object,
    agree: object,
    stacks: object = None,
    amounts: object = None,
) -> str:
    _phase(state, ("running",), "deal", "9.19")
    players = state.alive
    if len(players) < 2:
        raise RuleViolation(f"a deal needs two or more players left, not {len(players)}", "9.19")
    if kind not in ("chip_chop", "icm", "custom"):
        raise RuleViolation(f"deal kind {show_value(kind)} is not 'chip_chop', 'icm' or 'custom'", "9.19")
    if not isinstance(agree, list | tuple | set | frozenset) or not all(isinstance(a, str) for a in agree):
        raise RuleViolation(f"agreement {show_value(agree)} is not a list of names", "9.19")
    if stacks is None:
        known = {p: state.entrants[p].chips for p in players}
        missing = [p for p, c in known.items() if c is None]
        if missing and kind != "custom":
            raise RuleViolation(
                f"the chips of {missing[0]!r} are not known: enter a chip count or the stacks", "9.19"
            )
        chips = {p: c for p, c in known.items() if c is not None}
    else:
        if not isinstance(stacks, Mapping) or set(stacks) != set(players):
            raise RuleViolation(
                f"deal stacks {show_value(stacks)} must give the chips of each of {players}", "9.19"
            )
        chips = {p: _chips_argument(state, stacks[p], f"deal stack of {p!r}") for p in players}
    pays = _payouts(state)
    prizes = [pays[p - 1] if p <= len(pays) else 0 for p in range(1, len(players) + 1)]
    if kind == "custom":
        if not isinstance(amounts, Mapping):
            raise RuleViolation(
                f"a custom deal needs the amount of each player, not {show_value(amounts)}", "9.19"
            )
        proposed = dict(amounts)
    else:
        proposed = propose_deal(
            {p: chips[p] for p in players}, prizes, str(kind), seed=f"{state.setup.seed}-deal"
        )
    agreed = apply_deal(players, proposed, sum(prizes), set(agree))
    if len(chips) == len(players):
        ranked = sorted(players, key=lambda p: (-chips[p], p))
    else:
        ranked = sorted(players, key=lambda p: (-agreed[p], p))
    for place, name in enumerate(ranked, 1):
        state.entrants[name].place = place
    state.deal = dict(agreed)
    state.phase = "over"
    paid = ", ".join(f"{p} {agreed[p]}" for p in ranked)
    return f"deal ({kind}) agreed by all: {paid} (§9.19)"


HANDLERS: dict[str, Handler] = {
    "register": _register,
    "seat_draw": _seat_draw,
    "start": _start,
    "bust": _bust,
    "chip_count": _chip_count,
    "rebuy": _rebuy,
    "add_on": _add_on,
    "late_entry": _late_entry,
    "away": _away,
    "back": _back,
    "hand_finished": _hand_finished,
    "moved": _moved,
    "pause": _pause,
    "resume": _resume,
    "adjust_clock": _adjust_clock,
    "colour_up": _colour_up,
    "deal": _deal,
}


# ---------------------------------------------------------------------------- tables
def _settle(state: LiveState, level_changed: bool) -> list[MoveOrder]:
    """Break tables (§9.16), form the final table (§9.17) and balance (§9.15)."""
    before = len(state.moves)
    rules, seed, k = state.rules, state.setup.seed, state.round
    seats = table_seat_count(rules)
    while len(state.tables) > 1 and table_break_due(_counts(state), rules):
        layout = _layout(state)
        if sum(_counts(state)) <= seats:
            _final_table(state, layout)
            return state.moves[before:]
        plan = reseat_broken_table(layout, rules, seed=f"{seed}-break-{k}-{len(state.tables)}")
        if plan is None:
            break
        broken = table_to_break(dict(zip(sorted(state.tables), _counts(state), strict=True)))
        origins = {n: _origin(state.entrants[n]) for n in plan}
        del state.tables[broken]
        _say(state, f"table {broken} breaks (§9.16)")
        for name, (target, seat) in plan.items():
            state.tables[target].seats[seat] = name
            state.entrants[name].table, state.entrants[name].seat = target, seat
            _order(state, name, origins[name], (target, seat), "9.16", f"table {broken} breaks")
    counts = _counts(state)
    if balancing_due_counts(counts, rules, level_changed=level_changed):
        layout = _layout(state)
        redraw = redraw_tables(layout, rules, seed=f"{seed}-redraw-{k}")
        if redraw is not None:
            origins = {n: _origin(e) for n, e in state.entrants.items() if n in redraw}
            for number in state.tables:
                state.tables[number] = TableState(hands=state.tables[number].hands)
            for name, (table, seat) in sorted(redraw.items(), key=lambda item: item[1]):
                state.tables[table].seats[seat] = name
                state.entrants[name].table, state.entrants[name].seat = table, seat
                if origins[name] != (table, seat):
                    _order(state, name, origins[name], (table, seat), "9.15", "tables redrawn")
        else:
            for _source, name, target, seat in balance_moves(
                layout, rules, level_changed=level_changed, seed=f"{seed}-balance-{k}"
            ):
                origin = _origin(state.entrants[name])
                _sit(state, name, target, seat)
                # the moved player is the destination's next big blind (§9.15, §9.22)
                _order(
                    state,
                    name,
                    origin,
                    (target, seat),
                    "9.15",
                    "balancing: the next big blind moves to the worst position",
                )
    return state.moves[before:]


def _final_table(state: LiveState, layout: dict[int, dict[str, Any]]) -> None:
    level = _level(state, state.at)
    seats, start_level = final_table(layout, level, state.rules, seed=f"{state.setup.seed}-final")
    home = min(layout)
    origins = {n: _origin(e) for n, e in state.entrants.items() if n in seats}
    hands = state.tables[home].hands
    state.tables = {home: TableState(hands=hands)}
    for name, seat in sorted(seats.items(), key=lambda item: item[1]):
        state.tables[home].seats[seat] = name
        state.entrants[name].table, state.entrants[name].seat = home, seat
        if origins[name] != (home, seat):
            _order(state, name, origins[name], (home, seat), "9.17", "final table")
    state.final = True
    if start_level != level:
        state.clock = state.clock.bump(state.at, start_level)
        _say(state, f"final table: level {start_level} starts with its full duration (§9.17)")
    _say(state, f"final table at table {home}: {len(seats)} players (§9.17)")


def _hand_for_hand(state: LiveState, at: float) -> None:
    """§9.23, §9.11: hand-for-hand play starts, and its rounds end."""
    if state.phase != "running":
        return
    paid = places_paid(state.entries, state.rules)
    if state.hand_for_hand and state.round_finished >= set(state.tables):
        minutes = _reading(state, at).playing_minutes
        state.clock = state.clock.adjust(float((clock_after_round(minutes, state.rules) - minutes) * 60), at)
        state.round_busts, state.round_stacks, state.round_finished = {}, {}, set()
        _settle(state, _level_changed(state, at) or state.level_balance is not None)
        state.level_balance = None
        if not hand_for_hand_in_force(len(state.alive), paid, len(state.tables), state.rules):
            state.hand_for_hand = False
            state.clock = state.clock.thaw(at)
            _say(state, "hand-for-hand play is over (§9.23)")
    elif not state.hand_for_hand and hand_for_hand_in_force(
        len(state.alive), paid, len(state.tables), state.rules
    ):
        state.hand_for_hand = True
        state.clock = state.clock.freeze(at)
        _say(state, "hand for hand: every table finishes its hand and waits for the others (§9.23, §9.11)")


def _level_balance_due(state: LiveState) -> None:
    """§9.15 ``"between_levels"``: a level has changed; the tables are balanced once each has
    reported the hand it was playing (begun at the old level, §9.4), with the busts of those hands,
    before a table deals its second hand since the change: at the first event after the last
    report (before it, when it is a table's next report)."""
    state.level_balance = frozenset(state.tables) if len(state.tables) > 1 else None


def _level_changed(state: LiveState, at: float) -> bool:
    level = _level(state, at)
    changed = level != state.level_seen
    state.level_seen = level
    return changed


# ---------------------------------------------------------------------------- apply
def _copy(state: LiveState) -> LiveState:
    """A copy of ``state`` whose every mutable part is its own (the set-up, rules, clock and the
    previous state are values, shared)."""
    work = copy.copy(state)
    work.entrants = {n: copy.copy(e) for n, e in state.entrants.items()}
    work.tables = {
        n: TableState(dict(t.seats), t.button, t.big_blind, t.hands) for n, t in state.tables.items()
    }
    work.moves = [copy.copy(m) for m in state.moves]
    work.round_busts = {n: list(ps) for n, ps in state.round_busts.items()}
    work.round_stacks = dict(state.round_stacks)
    work.round_finished = set(state.round_finished)
    work.deal = None if state.deal is None else dict(state.deal)
    work.latest = list(state.latest)
    work.races = list(state.races)
    return work


def apply(
    state: LiveState, kind: str, args: Mapping[str, Any], at: float
) -> tuple[LiveState, dict[str, Any]]:
    """The state after the event ``kind(**args)`` applied at wall time ``at``, and its answers:
    ``{"summary": str, "moves": [the moves it calls for]}``. ``state`` is not changed; a refused
    event raises ``RuleViolation`` (value and section)."""
    if not isinstance(kind, str) or kind not in EVENTS:
        raise RuleViolation(f"event {show_value(kind)} is not one of {', '.join(EVENTS)}", "9.25")
    if not isinstance(args, Mapping) or not all(isinstance(k, str) for k in args):
        raise RuleViolation(f"arguments {show_value(args)} of {kind} are not named values", EVENTS[kind])
    if isinstance(at, bool) or not isinstance(at, int | float) or not math.isfinite(at):
        raise RuleViolation(f"wall time {show_value(at)} is not a number", "9.5")
    at = max(float(at), state.at)  # a wall clock set back never runs the tournament backwards
    if kind == "undo":
        if args:
            raise RuleViolation(f"undo takes no arguments, not {show_value(dict(args))}", "9.25")
        if state.previous is None:
            raise RuleViolation("there is no event left to undo", "9.25")
        undone = state.last or "the last event"
        new = copy.copy(state.previous)
        new.latest = [f"undone: {undone}", *state.previous.latest][:LATEST]
        new.seq, new.at = state.seq + 1, at
        return new, {"summary": f"undone: {undone}", "moves": []}
    handler = HANDLERS[kind]
    work = _copy(state)
    work.at = at
    between_levels = balances_between_levels(work.rules)
    running = work.phase == "running" and not work.hand_for_hand
    ready = running and work.level_balance == frozenset()
    if running and between_levels and _level_changed(work, at):
        _level_balance_due(work)
    if ready and kind == "hand_finished":  # that table deals its second hand since the change
        _settle(work, True)
        work.level_balance = None
    try:
        summary = handler(work, at, **args)
    except TypeError as exc:
        raise RuleViolation(
            f"event {kind} does not take the arguments {show_value(dict(args))}: {exc}", EVENTS[kind]
        ) from None
    moves: list[MoveOrder] = [m for m in work.moves if m.id not in {o.id for o in state.moves}]
    if work.phase in ("seated", "running"):
        changed = _level_changed(work, at) if work.phase == "running" else False
        if changed and between_levels and not work.hand_for_hand:
            _level_balance_due(work)  # a level counted in hands, changed by this report
            changed = False
        if not work.hand_for_hand:
            due = ready and work.level_balance == frozenset()
            _settle(work, changed or due)
            if due:
                work.level_balance = None
        _hand_for_hand(work, at)
        if work.level_balance is not None:  # tables broken or gone to the final table
            work.level_balance = None if len(work.tables) < 2 else work.level_balance & set(work.tables)
        moves = [m for m in work.moves if m.id not in {o.id for o in state.moves}]
    _say(work, summary)
    work.last = summary
    work.seq = state.seq + 1
    work.previous = state
    return work, {"summary": summary, "moves": [m.as_dict() for m in moves]}


def replay(setup: LiveSetup, events: Sequence[tuple[str, Mapping[str, Any], float]]) -> LiveState:
    """The state after ``events`` (kind, args, wall time), each applied in turn."""
    state = new_state(setup)
    for kind, args, at in events:
        state, _ = apply(state, kind, args, at)
    return state


# ---------------------------------------------------------------------------- status
def _stakes(structure: Structure, level: int) -> dict[str, int]:
    lv = structure.level(level)
    return {"small_blind": lv.small_blind, "big_blind": lv.big_blind, "ante": lv.ante}


def prizes(state: LiveState) -> dict[str, int]:
    """§9.12, §9.21, §9.19: the prize of every placed player with the pool as it stands."""
    try:
        pays = _payouts(state)
    except RuleViolation:
        return {}
    groups: dict[int, list[str]] = {}
    for e in state.entrants.values():
        if e.place is not None:
            groups.setdefault(_best(e.place), []).append(e.name)
    out: dict[str, int] = {}
    for best, names in groups.items():
        if len(names) == 1:
            out[names[0]] = pays[best - 1] if best <= len(pays) else 0
        else:
            out.update(shared_prizes(pays, sorted(names), best))
    if state.deal is not None:
        out.update(state.deal)
    return out


def _balance_waiting(state: LiveState, at: float) -> list[int] | None:
    """§9.15 ``"between_levels"``: the tables still to report the hand they were playing when
    the level changed (``[]``: all have, the balancing comes with the next event; ``None``: no
    level-change balancing under way). A level that has ended since the last event waits for
    every table: the next event records the change (``_level_balance_due``)."""
    if (
        state.phase == "running"
        and not state.hand_for_hand
        and balances_between_levels(state.rules)
        and len(state.tables) > 1
        and _level(state, at) != state.level_seen
    ):
        return sorted(state.tables)
    return sorted(state.level_balance) if state.level_balance is not None else None


def _balance_at_level_change(state: LiveState) -> bool:
    """§9.15 ``"between_levels"``: the tables are out of balance, and are balanced at the next
    level change (not before)."""
    counts = _counts(state)
    return (
        state.phase == "running"
        and balances_between_levels(state.rules)
        and balancing_due_counts(counts, state.rules, level_changed=True)
        and not balancing_due_counts(counts, state.rules, level_changed=False)
    )


def status(state: LiveState, at: float) -> dict[str, Any]:
    """What the floor and the room display need at wall time ``at`` (JSON-ready; the director
    console's status schema)."""
    structure = state.setup.structure
    at = max(float(at), state.at)
    reading = _reading(state, at)
    level = reading.level if state.clock.started else 1
    stakes = _stakes(structure, level)
    nxt = None
    if reading.next_level is not None and reading.next_level <= len(structure.levels):
        nxt = {**_stakes(structure, reading.next_level), "is_break": reading.break_next}
    warning = (
        state.clock.running
        and reading.remaining_s is not None
        and reading.remaining_s <= state.setup.warning_s
    )
    alive = state.alive
    chips = _chips_in_play(state)
    pool, fees = _pool(state)
    try:
        pays = list(_payouts(state))
    except RuleViolation:
        pays = []
    won = prizes(state)
    placed = sorted(
        ((e.place, e) for e in state.entrants.values() if e.place is not None),
        key=lambda pair: (_best(pair[0]), pair[1].name),
    )
    paid = len(pays)
    in_money = [e.name for _, e in placed if won.get(e.name, 0) > 0]
    if alive and len(alive) <= paid and state.started:
        in_money = alive + in_money
    due = _colour_up_due(state, at)
    colour = None
    if due is not None:
        colour = {
            "level": due[0],
            "remove": due[1],
            "new": due[2],
            "section": "§9.18",
            "text": chip_race_instructions(due[1], due[2], state.rules),
        }
    average = chips // len(alive) if alive else 0
    out: dict[str, Any] = {
        "seq": state.seq,
        "name": state.setup.name,
        "entrants": state.entries,
        "players_left": len(alive),
        "started": state.started,
        "over": state.over,
        "phase": state.phase,
        "clock": {
            "level": level,
            "on_break": reading.on_break,
            "running": reading.running and not state.over,
            "paused": state.clock.paused,
            "remaining_s": reading.remaining_s,
            **stakes,
            "next": nxt,
            "to_break_s": reading.to_break_s,
            "warning": bool(warning) and not state.over,
            "elapsed_s": reading.elapsed_s,
            "level_change": "a hand already begun when the level ends plays at the old level (§9.4)",
        },
        "average_stack": average,
        "average_bb": round(average / stakes["big_blind"], 1) if stakes["big_blind"] else 0.0,
        "chips_in_play": chips,
        "chips_removed": state.chips_removed,
        "races": list(state.races),
        "prize_pool": pool,
        "house_fees": fees,
        "payouts": pays,
        "places_paid": paid,
        "tables": [
            {
                "table": n,
                "seats": [
                    {
                        "seat": seat,
                        "name": t.seats.get(seat),
                        "away": bool(t.seats.get(seat) and state.entrants[t.seats[seat]].away),
                    }
                    for seat in range(1, table_seat_count(state.rules) + 1)
                ],
                "button": t.button,
                "big_blind": t.big_blind,
                "hands": t.hands,
            }
            for n, t in sorted(state.tables.items())
        ],
        "moves": [m.as_dict() for m in state.moves],
        "breaking": sorted(
            {m.origin[0] for m in state.moves if m.section == "9.16" and not m.done and m.origin}
        ),
        "hand_for_hand": state.hand_for_hand,
        "level_balance_waiting": _balance_waiting(state, at),
        "balance_at_level_change": _balance_at_level_change(state),
        "hand_for_hand_waiting": sorted(set(state.tables) - state.round_finished)
        if state.hand_for_hand
        else [],
        "final_table": state.final,
        "places": [
            {"name": e.name, "place": _plain_place(place), "prize": won.get(e.name, 0)} for place, e in placed
        ],
        "in_the_money": in_money,
        "colour_up": colour,
        "deals_allowed": ["chip_chop", "icm", "custom"]
        if state.phase == "running" and len(alive) >= 2
        else [],
        "latest": list(state.latest),
        "players": [
            {
                "name": e.name,
                "table": e.table,
                "seat": e.seat,
                "chips": e.chips,
                "rebuys": e.rebuys,
                "addons": e.addons,
                "away": e.away,
                "place": None if e.place is None else _plain_place(e.place),
            }
            for e in state.entrants.values()
        ],
    }
    return out


def _plain_place(place: Place) -> int | list[int]:
    return place if isinstance(place, int) else [place[0], place[1]]
