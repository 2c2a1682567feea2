"""The tournament: from the seat draw to the last hand, on one table or many (spec 09).

``Tournament`` seats the entrants (§9.14), runs every table as a ``Table`` (dead button, absent
players, posts: §3, §4.1) and plays the tables in lockstep *rounds*: ``next_hands()`` deals one
hand at every table; when every hand of the round is over, the next ``next_hands()`` closes the
round (busts become eliminations and places, §9.9–9.11), moves the clock, changes the level
(§9.3–9.5), colours up (§9.18), breaks tables (§9.16, §9.17) and balances (§9.15) before it deals
the next round. Between rounds (a player's table being between hands) a busted player may rebuy
(§9.6) and a player may add on (§9.7); a rebuy or add-on declared while his hand runs is refused.
The clock is the tournament's own: ``seconds_per_hand`` per round (a hand-for-hand round takes
§9.11's ``clock_after_round``) plus ``advance(seconds)``; never the wall clock. It sequences only:
every decision is a spec function's, and a refused call raises a ``RuleViolation`` naming the
value and the section and changes nothing.
"""

from __future__ import annotations

import json
import pickle
import random
from bisect import bisect_right
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import asdict, dataclass, field
from fractions import Fraction
from typing import Any

from pyholdem.engine.hand import ENGINES, Hand
from pyholdem.engine.play import HandPolicy, play_hand
from pyholdem.engine.table import PlayedHand, Table
from pyholdem.engine.table_layout import TableLayout, spec_seat, spec_seats, table_layout, table_seat
from pyholdem.engine.tournament_tables import DealtHand, TableRun
from pyholdem.errors import RuleViolation, show_value
from pyholdem.rules.ruleset import RuleSet
from pyholdem.rules.structure import Level, Structure
from pyholdem.spec.table import random_seats
from pyholdem.spec.tournament import (
    MAX_ENTRANTS,
    accept_entry,
    apply_deal,
    balance_moves,
    balancing_due_counts,
    break_bounds,
    check_addon,
    check_field,
    check_rebuy,
    clock_after_round,
    clock_level,
    clock_level_steps,
    colour_up_table,
    colour_ups,
    counts_hands,
    director_extends,
    final_table,
    finish_hand,
    hand_for_hand_in_force,
    hand_for_hand_places,
    initial_table_sizes,
    level_start,
    payout_amounts,
    places_after_entry,
    places_paid,
    prize_pool,
    propose_deal,
    rank_busts,
    redraw_tables,
    reseat_broken_table,
    shared_prizes,
    smallest_chip,
    starting_stacks,
    structure_level,
    table_break_due,
    table_seat_count,
    table_to_break,
    tournament_winner,
    unit_after_colour_up,
    written_chip_unit,
)
from pyholdem.values import is_int

__all__ = [
    "Event",
    "Standing",
    "Tournament",
    "random_policy",
]

Place = int | tuple[int, int]


# ---------------------------------------------------------------------------- events
@dataclass(frozen=True)
class Event:
    """Something the tournament did, at hand round ``round`` and clock ``seconds``: ``kind`` is one
    of ``"level"``, ``"break"``, ``"colour_up"``, ``"move"``, ``"table_break"``, ``"final_table"``,
    ``"hand_for_hand"``, ``"redraw"``, ``"elimination"``, ``"rebuy"``, ``"add_on"``, ``"entry"``, ``"away"``,
    ``"back"``, ``"deal"``, ``"extend"``, ``"end"``; ``data`` its details (plain values, as in
    ``as_dict``)."""

    kind: str
    round: int
    seconds: int
    data: Mapping[str, Any] = field(default_factory=dict)

    def as_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "round": self.round, "seconds": self.seconds, **_plain(self.data)}


def _plain(value: Any) -> Any:
    if isinstance(value, Mapping):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, tuple | list):
        return [_plain(v) for v in value]
    if isinstance(value, Fraction):
        return str(value)
    return value


@dataclass(frozen=True)
class Standing:
    """One entrant: his chips now (0 once out), his place (an int, or ``(best, worst)`` when tied,
    ``None`` while he plays) and prize, his table and seat (0-based, ``None`` when out), his rebuys
    and add-ons."""

    name: str
    chips: int
    place: Place | None
    prize: int
    table: int | None
    seat: int | None
    rebuys: int
    addons: int


@dataclass
class _Entrant:
    name: str
    table: int | None = None
    seat: int | None = None
    rebuys: int = 0
    addons: int = 0
    place: Place | None = None
    prize: int = 0
    out_round: int | None = None


_NEVER = float("inf")
MAX_ADVANCE = 7 * 24 * 3600  # §9.5: the longest single clock step advance() takes


@dataclass
class _PhaseMemo:
    """``Tournament._phase``'s memo: for ``rules``, the clock steps (§9.3 / §9.5), and the reading
    that holds from ``low`` (included) to ``high`` (excluded), in seconds or hand rounds."""

    rules: RuleSet
    by_hands: bool
    steps: tuple[int, ...]
    low: float = 1.0  # an empty interval: nothing read yet
    high: float = 0.0
    reading: tuple[int, bool] = (1, False)


def _best(place: Place) -> int:
    return place if isinstance(place, int) else place[0]


# ---------------------------------------------------------------------------- the tournament
class Tournament:
    """A tournament: ``Tournament(rules, structure, entrants, *, seats_per_table=None, seed=None,
    engine="auto", seconds_per_hand=120)``.

    ``entrants`` are names or a count (named ``p1`` …); ``seats_per_table`` replaces the rule set's
    ``max_seats``; ``seed`` makes the seat draw, every deck and every draw reproducible; ``engine``
    is each ``Hand``'s engine.

    A tournament pickles and deep-copies at any point (a round open included): the copy is
    independent and plays on exactly as the original would (the C engine's buffers are made again).
    It is not thread-safe: one thread at a time may call it (its tables and hands change in place);
    copies may be used from different threads.
    """

    def __reduce__(self) -> tuple[Any, tuple[bytes]]:
        """Pickled as its state, the tables' native buffers left out (made again when needed)."""
        # a table pickles without its C planner, a layout without its packed set-up and the layout that
        # followed it (a memo: a long tournament's chain would be pickled one inside the other)
        return (_restored, (pickle.dumps(self.__dict__, pickle.HIGHEST_PROTOCOL),))

    def __init__(
        self,
        rules: RuleSet,
        structure: Structure,
        entrants: int | Sequence[str],
        *,
        seats_per_table: int | None = None,
        seed: object = None,
        engine: str = "auto",
        seconds_per_hand: int = 120,
    ) -> None:
        if not isinstance(rules, RuleSet):
            raise RuleViolation(f"rules {rules!r} is not a RuleSet", "0.1")
        if not isinstance(structure, Structure):
            raise RuleViolation(f"structure {structure!r} is not a Structure", "9.3")
        if engine not in ENGINES:
            raise RuleViolation(f"engine {engine!r} is not one of {', '.join(map(repr, ENGINES))}", "0.1")
        if not is_int(seconds_per_hand) or seconds_per_hand < 1:
            raise RuleViolation(f"seconds per hand {show_value(seconds_per_hand)} is not >= 1", "9.5")
        if seats_per_table is not None:
            rules = rules.replace(max_seats=seats_per_table)
        rules = rules.replace(**structure.payout_changes())
        names = _names(entrants, rules)
        stacks = starting_stacks(names, structure.starting_stack, rules)  # §9.2
        sizes = initial_table_sizes(len(names), rules)  # §9.14
        self.rules, self.structure, self.engine = rules, structure, engine
        self._first_rules = rules
        self.seconds_per_hand = seconds_per_hand
        self.seed = seed if seed is not None else random.Random().getrandbits(64)
        self.seat_count = table_seat_count(rules)
        self.seconds = 0
        self.rounds = 0
        self.events: list[Event] = []
        self._entrants: dict[str, _Entrant] = {n: _Entrant(n) for n in names}
        self._alive: dict[str, None] = dict.fromkeys(names)  # the players without a place, in order
        self._entries = len(names)
        self._rebuys = self._addons = 0
        self._chips = sum(stacks.values())
        self.chips_removed = 0  # by colour-ups (negative: chips a chip race added)
        self._level = 1
        self._shift = 0  # seconds the schedule's clock is ahead of the tournament's (§9.17's bump)
        self._hand_shift = 0  # hand rounds likewise, with level_clock "hands"
        self._ups = list(colour_ups(structure))
        self._runs: dict[int, TableRun] = {}  # the tables in play, by number
        self._tables: dict[int, Table] = {}  # each run's table, by number: set by _new_table and _retire only
        self._all_runs: list[TableRun] = []  # every table run, broken ones included, in order
        self._reading: tuple[tuple[int, int], tuple[int, Fraction, bool]] | None = None
        self._phase_memo: _PhaseMemo | None = None  # (level, on_break) over a clock interval
        self._paid: tuple[int, RuleSet, int] | None = None  # entries, rules -> places paid (§9.24)
        self._settled_counts: tuple[int, ...] | None = None
        self._level_signalled = False  # a level changed by advance() since the last round
        self._round_open = False
        self._round_tables: list[int] = []
        self._hand_for_hand = False
        self._final = False
        self._deal: dict[str, int] | None = None
        self._over = False
        self._pending: list[str] = []
        self._rebought: set[str] = set()
        order = list(names)
        random.Random(f"{self.seed}-draw").shuffle(order)
        at = 0
        for number, size in enumerate(sizes, 1):
            players = order[at : at + size]
            at += size
            self._new_table(number)
            for name, seat in sorted(random_seats(players, size, f"{self.seed}-seats-{number}").items()):
                self._sit(number, seat, stacks[name], name)
                self._entrants[name].table, self._entrants[name].seat = number, seat
        self.payouts()  # enough entrants for the places paid (§9.12)
        self._log("level", level=1, **self._stakes_of(1))
        self._colour_up()

    # ------------------------------------------------------------------ queries
    @property
    def level(self) -> int:
        """The level in force (§9.3; a final-table bump included, §9.17)."""
        return self._level

    @property
    def is_over(self) -> bool:
        """True once one player has all the chips (§9.20) or a deal ended the tournament (§9.19)."""
        return self._over

    @property
    def tables(self) -> dict[int, Table]:
        """The tables in play by number."""
        return dict(self._tables)

    @property
    def in_progress(self) -> dict[int, Hand]:
        """The hand being played at each table, by table number (the hands of the round not over)."""
        if not self._round_open:
            return {}
        return {n: hand for n, t in self._tables.items() if t.hand_running and (hand := t.hand) is not None}

    def hands(self) -> list[Hand]:
        """The hands of the current round not over yet, by table number."""
        return list(self.in_progress.values())

    @property
    def remaining(self) -> list[str]:
        """The players still in (with chips, or busted and able to rebuy this round)."""
        return list(self._alive)

    def stack(self, name: str) -> int:
        """The chips of ``name`` now (during a hand, those he was dealt in with; 0 once busted)."""
        entrant = self._entrant(name)
        if entrant.table is None or entrant.seat is None:
            return 0
        view = self._tables[entrant.table].seats[entrant.seat]
        return view.stack if view.name == name else 0

    def chips_in_play(self) -> int:
        """The chips at every table (during a hand, as dealt); equals ``chips_expected``."""
        return sum(table.chips_on_table() for table in self._tables.values())

    @property
    def entries(self) -> int:
        """The entries (§9.1): the entrants at the start and the late entries."""
        return self._entries

    @property
    def hands_dealt(self) -> int:
        """The hands dealt at every table so far."""
        return sum(run.table.hand_number for run in self._all_runs)

    @property
    def chips_expected(self) -> int:
        """Every chip sold (entries, rebuys, add-ons) less the chips colour-ups removed (§9.18)."""
        return self._chips - self.chips_removed

    def layout(self) -> dict[int, TableLayout]:
        """The tables as spec 09 reads them (``balancing_due``, §9.15): by table number, its ``seats``
        (1..max_seats: who sits there), its last ``button`` and ``big_blind`` seat; a copy."""
        return {
            n: TableLayout(seats=dict(t["seats"]), button=t["button"], big_blind=t["big_blind"])
            for n, t in self._layout().items()
        }

    @property
    def prize_pool(self) -> int:
        """§9.1: the prize pool of the entries, rebuys and add-ons so far."""
        return self._pool()[0]

    def payouts(self) -> tuple[int, ...]:
        """§9.12, §9.13, §9.24: the amount of each place paid for the entries so far."""
        return payout_amounts(self._pool()[0], self.rules, entrants=self._entries)

    @property
    def standings(self) -> list[Standing]:
        """Every entrant, the players still in first (most chips first), then by place."""
        rows = [
            Standing(e.name, self.stack(e.name), e.place, e.prize, e.table, e.seat, e.rebuys, e.addons)
            for e in self._entrants.values()
        ]
        return sorted(
            rows, key=lambda r: (r.place is not None, _best(r.place) if r.place is not None else -r.chips)
        )

    def result(self) -> dict[str, tuple[Place, int]]:
        """Place and prize of every entrant, best first (the tournament must be over)."""
        if not self._over:
            raise RuleViolation(f"the tournament is not over: {len(self.remaining)} players remain", "9.20")
        places: dict[str, Place] = {}
        for e in self._entrants.values():
            assert e.place is not None  # over: every entrant has his place
            places[e.name] = e.place
        rows = sorted(self._entrants.values(), key=lambda e: (_best(places[e.name]), e.name))
        return {e.name: (places[e.name], e.prize) for e in rows}

    def as_dict(self) -> dict[str, Any]:
        """The tournament as plain data: set-up, pool, payouts, result (when over) and events."""
        data: dict[str, Any] = {
            "entries": self._entries,
            "rebuys": self._rebuys,
            "addons": self._addons,
            "prize_pool": self._pool()[0],
            "house_fees": self._pool()[1],
            "payouts": list(self.payouts()),
            "rounds": self.rounds,
            "seconds": self.seconds,
            "level": self._level,
            "chips_removed": self.chips_removed,
            "structure": self.structure.name,
            "standings": [_plain(asdict(s)) for s in self.standings],
            "events": [e.as_dict() for e in self.events],
        }
        if self._over:
            data["result"] = [
                {"name": n, "place": _plain(p), "prize": prize} for n, (p, prize) in self.result().items()
            ]
        return data

    def result_json(self) -> str:
        """``as_dict()`` as JSON."""
        return json.dumps(self.as_dict(), indent=1)

    def played_hands(self) -> list[PlayedHand]:
        """Every finished hand of every table (table by table) with what its history records (§12.12,
        §12.13): its table's number, its level and round, who sat where, the chips added (rebuys,
        add-ons) and removed (colour-ups) before it (§12.13: each table replays as one session), its
        chip unit after a colour-up (§9.18), the players it put out (``[player, place]``, a tied place
        as ``"best-worst"``) and, on the last hand, the prizes. ``pyholdem.history.sessions``'s
        ``tournament_histories`` writes them as PHH."""
        out = []
        busts: dict[tuple[int, object], list[list[Any]]] = {}
        for e in self.events:
            if e.kind == "elimination" and "reason" not in e.data:  # a hand put him out
                place = self._entrants[e.data["player"]].place  # as it stands (§9.8: late entries)
                shown = f"{place[0]}-{place[1]}" if isinstance(place, tuple) else place
                busts.setdefault((e.round, e.data["table"]), []).append([e.data["player"], shown])
        last = max(((run.dealt[-1].round, run.number) for run in self._all_runs if run.dealt), default=None)
        for run in self._all_runs:
            table = run.table
            for k, (hand, dealt) in enumerate(zip(table.hands, run.dealt, strict=True), 1):
                if not hand.is_over:
                    continue
                prizes = None
                if self._over and k == len(table.hands) and (dealt.round, dealt.table) == last:
                    prizes = {e.name: e.prize for e in self._entrants.values() if e.prize}
                out.append(
                    PlayedHand(
                        hand,
                        dealt.table,
                        k,
                        table.players(k),
                        chips_added=table.chips_added(k),
                        chips_removed=table.chips_removed(k),
                        # after a colour-up (§9.18): its replay needs the unit
                        chip_unit=written_chip_unit(table.setups[k - 1].rules, self._first_rules),
                        level=dealt.level,
                        round=dealt.round,
                        eliminations=busts.get((dealt.round, dealt.table)),
                        prizes=prizes,
                    )
                )
        return out

    # ------------------------------------------------------------------ between hands
    def advance(self, seconds: int) -> None:
        """Move the tournament clock on by ``seconds`` (a level due changes at the next hand of
        each table, or at the hand after, per its cutoff marker, §9.4)."""
        if not is_int(seconds) or not 0 <= seconds <= MAX_ADVANCE:
            raise RuleViolation(
                f"seconds {show_value(seconds)} is not an integer from 0 to {MAX_ADVANCE} (a week)", "9.5"
            )
        self._check_running()
        self.seconds += seconds
        if self._update_level(during_round=True):
            self._level_signalled = True

    def rebuy(self, name: str) -> None:
        """A rebuy (§9.6): chips of ``rebuy_chips`` for ``rebuy_price``, between hands at his table."""
        entrant, table, between, stack = self._between(name)
        check_rebuy(stack, self._level, entrant.rebuys, entrant.addons, self.rules, between_hands=between)
        chips = self.structure.rebuy_chips or self.structure.starting_stack
        self._buy(entrant, table, stack, chips)
        entrant.rebuys += 1
        self._rebuys += 1
        self._log("rebuy", player=name, chips=chips, table=entrant.table)

    def add_on(self, name: str) -> None:
        """An add-on (§9.7): ``addon_chips`` for ``addon_price``, between hands at his table."""
        entrant, table, between, stack = self._between(name)
        playing = Fraction(self._clock()[1])
        check_addon(
            stack,
            playing,
            entrant.addons,
            entrant.rebuys,
            self.rules,
            between_hands=between,
            level=self._level,
        )
        if self.structure.addon_chips == 0:
            raise RuleViolation(f"structure {self.structure.name!r} sells no add-on", "9.7")
        self._buy(entrant, table, stack, self.structure.addon_chips)
        entrant.addons += 1
        self._addons += 1
        self._log("add_on", player=name, chips=self.structure.addon_chips, table=entrant.table)

    def enter(self, name: str) -> None:
        """A late entry (§9.8): seated before the next round at the table with fewest players; the
        players already out each move one place down (``places_after_entry``)."""
        self._check_running()
        if not isinstance(name, str) or not name or name in self._entrants:
            raise RuleViolation(f"name {show_value(name)} is not a new entrant's name", "9.8")
        if not accept_entry(self.rounds > 0, self.rules):
            raise RuleViolation(f"late entry of {name!r} is closed: the tournament has started", "9.8")
        if self._entries >= MAX_ENTRANTS:
            raise RuleViolation(f"late entry of {name!r}: {MAX_ENTRANTS} entries is the most", "9.14")
        stacks = starting_stacks([name], self.structure.starting_stack, self.rules)
        # the tournament's seating: a seat a player busted this round still holds stays his
        # until the round closes (he may rebuy into it, §9.6)
        counts = {n: len(run.seating) for n, run in self._runs.items()}
        number = min(counts, key=lambda n: (counts[n], n))
        run = self._runs[number]
        free = [v.seat for v in run.table.seats if v.state == "empty" and v.seat not in run.seating]
        if not free:
            raise RuleViolation(f"no seat is free for {name!r}: every table is full", "9.8")
        seat = random.Random(f"{self.seed}-enter-{name}").choice(free)
        self._sit(number, seat, stacks[name], name)
        out = {e.name: e.place for e in self._entrants.values() if e.place is not None}
        for player, place in places_after_entry(out).items():
            self._entrants[player].place = place
        self._entrants[name] = _Entrant(name, number, seat)
        self._alive[name] = None
        self._entries += 1
        self._chips += stacks[name]
        self._log("entry", player=name, table=number, seat=seat)

    def away(self, name: str) -> None:
        """``name`` is away: dealt in absent, his blinds and antes posted, his hand killed as §3.19
        says (``Table.fold_absent``, which ``play`` calls)."""
        entrant, table, _, _ = self._between(name)
        assert entrant.seat is not None
        table.away(entrant.seat)
        self._log("away", player=name, table=entrant.table)

    def back(self, name: str) -> None:
        """``name`` is back at his seat (§3.19)."""
        entrant, table, _, _ = self._between(name)
        assert entrant.seat is not None
        table.back(entrant.seat)
        self._log("back", player=name, table=entrant.table)

    def deal(self, method: str = "icm", agree: Iterable[str] = ()) -> dict[str, int]:
        """A deal (§9.19) between rounds: the unpaid prizes split by ``"icm"`` or ``"chip_chop"``,
        refused unless every remaining player is in ``agree``. Ends the tournament."""
        self._check_running()
        if isinstance(agree, str) or not isinstance(agree, Iterable):
            raise RuleViolation(f"agreement {show_value(agree)} is not a collection of player names", "9.19")
        agree = list(agree)
        if not all(isinstance(name, str) for name in agree):
            raise RuleViolation(f"agreement {show_value(agree)} is not a collection of player names", "9.19")
        if self._round_open and self.in_progress:
            raise RuleViolation("a deal is made between hands; hands are being played", "9.19")
        # the players who will still be in once this round is closed (its busts are out)
        players = [p for p in self._alive if self.stack(p) > 0]
        if len(players) < 2:
            raise RuleViolation(f"a deal needs two or more players left, not {len(players)}", "9.19")
        pays = payout_amounts(self._pool()[0], self.rules, entrants=self._entries)
        prizes = [pays[p - 1] if p <= len(pays) else 0 for p in range(1, len(players) + 1)]
        stacks = {p: self.stack(p) for p in players}
        amounts = propose_deal(stacks, prizes, method, seed=f"{self.seed}-deal")
        agreed = apply_deal(players, amounts, sum(prizes), agree)  # refused: nothing has changed
        self._close_round()
        ranked = sorted(players, key=lambda p: (-stacks[p], p))
        for place, name in enumerate(ranked, 1):
            entrant = self._entrants[name]
            entrant.place, entrant.out_round = place, self.rounds
        self._award()
        for name in players:
            self._entrants[name].prize = agreed[name]
        self._alive.clear()
        self._deal = dict(agreed)
        self._over = True
        self._log("deal", method=method, amounts=dict(agreed))
        self._log("end", winner=ranked[0])
        return dict(agreed)

    def next_hands(self) -> list[Hand]:
        """Close the last round (if every hand of it is over) and deal the next: one hand at every
        table. Returns the hands by table number; ``[]`` once the tournament is over."""
        if self._round_open and any(table.hand_running for table in self._tables.values()):
            busy = sorted(self.in_progress)
            raise RuleViolation(
                f"the hand at table {busy[0]} is not over; a round ends with its last", "9.15"
            )
        if director_extends(self.rules) and not self._over:
            self._check_schedule()  # §9.3: refused before anything changes
        self._close_round()
        if self._over:
            return []
        self._between_rounds()
        if self._over:  # a chip race left one player (§9.18, §9.20)
            return []
        self._round_open = True
        self.rounds += 1
        remaining = len(self._alive)
        paid = self._paid
        if paid is None or paid[0] != self._entries or paid[1] is not self.rules:
            paid = self._paid = (self._entries, self.rules, places_paid(self._entries, self.rules))
        on = hand_for_hand_in_force(remaining, paid[2], len(self._runs), self.rules)
        if on != self._hand_for_hand:
            self._hand_for_hand = on
            self._log("hand_for_hand", on=on, remaining=remaining)
        hands = []
        self._round_tables = sorted(self._runs)
        for number in self._round_tables:
            run = self._runs[number]
            hands.append(run.table.next_hand())
            run.dealt.append(DealtHand(number, self.rounds, self._level))
        return hands

    step = next_hands

    def play(
        self,
        policy: HandPolicy,
        *,
        max_rounds: int = 1_000_000,
        on_round: Callable[[Tournament], None] | None = None,
    ) -> dict[str, tuple[Place, int]]:
        """Play to the end: every hand of every round, table by table, ``policy(hand) -> (kind,
        amount)`` choosing each action (absent players' hands folded as §3.19 says)."""
        if not is_int(max_rounds) or max_rounds < 0:
            raise RuleViolation(f"max_rounds {show_value(max_rounds)} is not an integer >= 0", "9.20")
        if not callable(policy):
            raise RuleViolation(f"policy {show_value(policy)} is not callable", "9.20")
        if on_round is not None and not callable(on_round):
            raise RuleViolation(f"on_round {show_value(on_round)} is not callable", "9.20")
        while not self._over:
            if self.rounds >= max_rounds:
                raise RuleViolation(f"the tournament did not end within {max_rounds} rounds", "9.20")
            hands = self.next_hands()
            if not hands:
                break
            for number, hand in zip(self._round_tables, hands, strict=True):
                play_hand(hand, policy, self._tables[number])
            if on_round is not None and not self._over:
                on_round(self)
        return self.result()

    # ------------------------------------------------------------------ internals
    def _log(self, kind: str, **data: Any) -> None:
        self.events.append(Event(kind, self.rounds, self.seconds, data))

    def _entrant(self, name: str) -> _Entrant:
        entrant = self._entrants.get(name) if isinstance(name, str) else None
        if entrant is None:
            raise RuleViolation(f"player {name!r} is not an entrant", "9.2")
        return entrant

    def _check_running(self) -> None:
        if self._over:
            raise RuleViolation("the tournament is over", "9.20")

    def _pool(self) -> tuple[int, int]:
        s = self.structure
        pool, fees = prize_pool(
            self._entries, s.buy_in, self.rules, addons=self._addons, addon_price=s.addon_price
        )
        return pool + self._rebuys * (s.rebuy_price or s.buy_in), fees

    def _level_posted(self, level: int) -> bool:
        """Whether the structure gives level ``level`` (§9.3: not past its end under
        ``after_last_level = "director_extends"``)."""
        try:
            structure_level(self.structure, level, self.rules)
        except RuleViolation:
            return False
        return True

    def _stakes_of(self, level: int) -> dict[str, Any]:
        lv = structure_level(self.structure, level, self.rules)
        return {"blinds": (lv.small_blind, lv.big_blind), "ante": lv.ante, "bets": lv.bets}

    def _new_table(self, number: int, button: int | None = None) -> Table:
        lv = structure_level(self.structure, self._level, self.rules)
        table = Table(
            self.rules,
            self.seat_count,
            blinds=(lv.small_blind, lv.big_blind),
            antes=lv.ante or None,
            bet_sizes=lv.bets,
            button=button,
            seed=f"{self.seed}-table{number}-{len(self._all_runs)}",
            engine=self.engine,
            table=number,
        )
        run = self._runs[number] = TableRun(number, table)
        self._all_runs.append(run)
        self._tables[number] = table
        return table

    def _retire(self, numbers: Iterable[int]) -> None:
        """Tables ``numbers`` leave play (a table broken, §9.16; every table, for a redraw, §9.15, or
        the final table, §9.17); their runs stay in ``_all_runs``, for their hands' histories."""
        for number in list(numbers):
            del self._runs[number], self._tables[number]

    def _between(self, name: str) -> tuple[_Entrant, Table, bool, int]:
        """The entrant, his table, whether his table is between hands, and his chips now."""
        self._check_running()
        entrant = self._entrant(name)
        if entrant.place is not None or entrant.table is None or entrant.seat is None:
            raise RuleViolation(f"player {name!r} is out of the tournament (place {entrant.place})", "9.9")
        table = self._tables[entrant.table]
        return entrant, table, not table.hand_running, self.stack(name)

    def _buy(self, entrant: _Entrant, table: Table, stack: int, chips: int) -> None:
        assert entrant.seat is not None
        if stack == 0:  # busted this round: he takes his seat again
            view = table.seats[entrant.seat]
            if view.name != entrant.name:
                table.sit(entrant.seat, chips, name=entrant.name)  # the table adds his chips (§12.13)
            else:
                table.add_chips(entrant.seat, chips)
            self._rebought.add(entrant.name)
        else:
            table.add_chips(entrant.seat, chips)
        self._chips += chips

    def _close_round(self) -> None:
        """The round is over: busts become eliminations and places (§9.9–9.11), the end (§9.20)."""
        if not self._round_open:
            return
        self._round_open = False
        busts: dict[int, list[str]] = {}
        starts: dict[str, int] = {}
        finals: dict[int, tuple[dict[str, int], dict[str, int]]] = {}
        emptied = False  # did any stack dealt in end at 0 (the only way the round puts a player out)
        for number in self._round_tables:
            table = self._tables[number]
            hand = table.hand
            assert hand is not None
            final = hand.stacks
            if 0 not in final:  # no stack at all ended at 0 (most tables): the exact test below
                continue
            setup = table.setups[-1]
            if not any(s == 0 and dealt for s, dealt in zip(final, setup.in_hand, strict=True)):
                continue  # nobody at this table busted: nothing to place
            emptied = True
            names = table.players(table.hand_number)
            start = {n: setup.stacks[s] for s, n in enumerate(names) if n is not None and setup.in_hand[s]}
            end = {n: final[s] for s, n in enumerate(names) if n in start}
            finals[number] = (start, end)
            out = [n for n in start if end[n] == 0 and n not in self._rebought]
            if out:
                busts[number] = out
                starts.update({n: start[n] for n in out})
        rebought, self._rebought = self._rebought, set()
        out_all = [n for players in busts.values() for n in players]
        remaining = len(self._alive) - len(out_all)
        if out_all:
            if self._hand_for_hand:
                places = hand_for_hand_places(busts, remaining, self.rules, start_stacks=starts)
            else:
                places = {}
                below = remaining
                for number in reversed([n for n in self._round_tables if n in busts]):  # table order
                    start, end = finals[number]
                    places.update(finish_hand(start, end, self.rules, rebuying=rebought, remaining=below))
                    below += len(busts[number])
            for name in sorted(places, key=lambda p: _best(places[p]), reverse=True):
                entrant = self._entrants[name]
                entrant.place, entrant.out_round = places[name], self.rounds
                del self._alive[name]
                self._log(
                    "elimination", player=name, place=places[name], table=entrant.table, start=starts[name]
                )
                table_number, seat = entrant.table, entrant.seat
                run = None if table_number is None else self._runs.get(table_number)
                if run is not None and seat is not None and run.seating.get(seat) == name:
                    # (a late entry may have taken the seat since the hand ended, §9.8)
                    del run.seating[seat]
                    run.spec_seats = None
                entrant.table = entrant.seat = None
        if emptied:  # §9.20 ends it when a player busts
            self._end_if_won()

    def _end_if_won(self) -> None:
        """§9.20: at one table, the last player with chips wins; prizes are awarded."""
        if len(self._tables) == 1:
            (table,) = self._tables.values()
            stacks = {v.name: v.stack for v in table.seats if v.name is not None}
            winner = tournament_winner(stacks)
            if winner is not None:
                self._entrants[winner].place = 1
                self._entrants[winner].out_round = self.rounds
                self._alive.clear()
                self._award()
                self._over = True
                self._log("end", winner=winner)

    def _award(self) -> None:
        """Prizes by place (§9.12, §9.13), tied places sharing theirs (§9.21)."""
        pays = self.payouts()
        groups: dict[int, list[str]] = {}
        for e in self._entrants.values():
            assert e.place is not None
            groups.setdefault(_best(e.place), []).append(e.name)
        for best, names in groups.items():
            if len(names) == 1:
                self._entrants[names[0]].prize = pays[best - 1] if best <= len(pays) else 0
            else:
                for name, amount in shared_prizes(pays, sorted(names), best).items():
                    self._entrants[name].prize = amount

    def _clock(self) -> tuple[int, Fraction, bool]:
        """§9.3 / §9.5 now: ``(level, playing_minutes, on_break)`` (read once per clock value)."""
        key = (self.seconds + self._shift, self.rounds + self._hand_shift)
        if self._reading is None or self._reading[0] != key:
            self._reading = (key, clock_level(key[0], key[1], self.structure, self.rules))
        return self._reading[1]

    def _phase(self) -> tuple[int, bool]:
        """§9.3 / §9.5 now: ``(level, on_break)`` of ``clock_level``, read from it once per interval
        of ``clock_level_steps`` (where neither can change) and memoised over that interval."""
        memo = self._phase_memo
        if memo is None or memo.rules is not self.rules:
            by, steps = clock_level_steps(self.structure, self.rules)
            memo = self._phase_memo = _PhaseMemo(self.rules, by == "hands", steps)
        at = self.rounds + self._hand_shift if memo.by_hands else self.seconds + self._shift
        if not memo.low <= at < memo.high:
            level, _, on_break = self._clock()
            k = bisect_right(memo.steps, at)  # steps[0] == 0 <= at
            memo.low = memo.steps[k - 1]
            memo.high = memo.steps[k] if k < len(memo.steps) else _NEVER
            if memo.high == _NEVER and self.structure.levels[-1].duration is not None:
                # past a timed last level: the levels that follow it, one interval each (§9.3)
                memo.low = max(memo.low, level_start(level, self.structure, self.rules))
                memo.high = level_start(level + 1, self.structure, self.rules)
            memo.reading = (level, on_break)
        return memo.reading

    def _schedule_now(self) -> int:
        """Where the schedule's clock is now: seconds, or hand rounds with level_clock "hands"."""
        if counts_hands(self.rules):
            return self.rounds + self._hand_shift
        return self.seconds + self._shift

    def _check_schedule(self) -> None:
        """§9.3 with ``after_last_level = "director_extends"``: raise ``RuleViolation`` when the next
        round would start past the structure's last level (unless closing this round ends it)."""
        seconds = self.seconds + self._shift
        if self.rounds:
            if self._hand_for_hand:
                minutes = Fraction(self._clock()[1])
                seconds += int((clock_after_round(minutes, self.rules) - minutes) * 60)
            else:
                seconds += self.seconds_per_hand
        bounds = break_bounds(seconds, self.structure, self.rules)
        if bounds is not None:
            seconds = bounds[1]
        level = clock_level(seconds, self.rounds + self._hand_shift, self.structure, self.rules)[0]
        if self._level_posted(level):
            return
        if len(self._runs) == 1 and sum(self.stack(n) > 0 for n in self._alive) <= 1:
            return  # the round's close ends the tournament (§9.20)
        structure_level(self.structure, level, self.rules)  # raises, naming the level

    def extend(self, levels: Sequence[Level]) -> None:
        """§9.3: the director posts more levels after the structure's last (between rounds; with
        ``after_last_level = "director_extends"`` the tournament deals no hand past the last level
        until he does). Every amount must be a multiple of the smallest chip the structure leaves
        in play (§9.18)."""
        self._check_running()
        if isinstance(levels, str) or not isinstance(levels, Sequence) or not levels:
            raise RuleViolation(f"levels {show_value(levels)} are not a list of levels", "9.3")
        if not all(isinstance(lv, Level) for lv in levels):
            raise RuleViolation(f"levels {show_value(levels)} are not a list of levels", "9.3")
        if self.structure.levels[-1].duration is None:
            raise RuleViolation("the structure's last level is open-ended: nothing comes after it", "9.3")
        chip = smallest_chip(self.structure, self.rules)
        for lv in levels:
            if any(a % chip for a in lv.amounts):
                raise RuleViolation(
                    f"level {show_value(lv)} has an amount that is not a multiple of the smallest "
                    f"chip {chip}",
                    "9.18",
                )
        structure = self.structure.replace(levels=self.structure.levels + tuple(levels))
        self.structure = structure
        self._phase_memo = None
        self._reading = None
        self._log("extend", levels=len(levels), last=len(structure.levels))

    def _update_level(self, *, during_round: bool = False) -> bool:
        level, _ = self._phase()
        if level == self._level or not self._level_posted(level):
            return False
        stakes = self._stakes_of(level)
        self._level = level
        for table in self._tables.values():
            table.set_stakes(stakes["blinds"], antes=stakes["ante"] or None, bet_sizes=stakes["bets"])
        self._log("level", level=level, during_round=during_round, **stakes)
        return True

    def _between_rounds(self) -> None:
        """Clock, level, break, colour-up, table breaks, final table and balancing (§9.3–9.5, §9.15–9.18)."""
        if self.rounds:
            if self._hand_for_hand:
                minutes = Fraction(self._clock()[1])
                self.seconds += int((clock_after_round(minutes, self.rules) - minutes) * 60)
            else:
                self.seconds += self.seconds_per_hand
        _, on_break = self._phase()
        if on_break:  # waited out to its end: the break lasts exactly its length (§9.5)
            bounds = break_bounds(self.seconds + self._shift, self.structure, self.rules)
            assert bounds is not None
            start, end = bounds
            self.seconds = end - self._shift
            self._log("break", after_level=self._level, minutes=(end - start) // 60)
        changed = self._update_level() or self._level_signalled
        self._level_signalled = False
        if changed:
            self._colour_up()
        self._reseat(changed)

    def _colour_up(self) -> None:
        """§9.18: every colour-up due by the level in force, at each table."""
        while self._ups and self._ups[0][0] <= self._level:
            _, removed, new = self._ups.pop(0)
            self.rules = unit_after_colour_up(self.rules, new)  # §5.12: the new smallest chip
            for table in self._tables.values():
                table.set_rules(self.rules)
            raced_out: dict[str, int] = {}  # §9.18 step 6, chip_race_no_elimination false: his odd chips
            for number, table in sorted(self._tables.items()):
                views = [v for v in table.seats if v.state != "empty"]
                stacks = {spec_seat(v.seat): v.stack for v in views}
                pos = table.positions
                button = spec_seat(pos.button) if pos is not None else None
                after = colour_up_table(
                    stacks, removed, new, self.rules, button=button, seed=f"{self.seed}-race-{number}-{new}"
                )
                delta = sum(stacks.values()) - sum(after.values())
                for v in views:  # each keeps his seat and his state (away included)
                    chips = after[spec_seat(v.seat)]
                    if chips == 0 and v.name is not None:
                        raced_out[v.name] = v.stack
                        self._leave(number, v.seat)
                    elif chips != v.stack:
                        table.set_stack(v.seat, chips)
                self.chips_removed += delta
                self._log(
                    "colour_up",
                    table=number,
                    removed=removed,
                    new=new,
                    before=stacks,
                    after=after,
                    chips_removed=delta,
                )
            if raced_out:  # placed as if busted together (§9.9, §9.10), more chips finishing better
                places = rank_busts(
                    raced_out, len(self._alive) - len(raced_out), self.rules, order=list(raced_out)
                )
                for name in sorted(places, key=lambda p: _best(places[p]), reverse=True):
                    entrant = self._entrants[name]
                    entrant.place, entrant.out_round = places[name], self.rounds
                    del self._alive[name]
                    self._log(
                        "elimination",
                        player=name,
                        place=places[name],
                        table=entrant.table,
                        start=raced_out[name],
                        reason="chip_race",
                    )
                    entrant.table = entrant.seat = None
                self._end_if_won()

    def _layout(self) -> dict[int, TableLayout]:
        """The tables as spec 09 reads them: seats 1..max_seats, the last button and big blind."""
        out: dict[int, TableLayout] = {}
        for number, run in self._runs.items():
            seats = run.spec_seats
            if seats is None:  # rebuilt only after a change at the table (_sit, _leave, ...)
                seats = run.spec_seats = spec_seats(run.seating)
            out[number] = table_layout(seats, run.table.positions)
        return out

    def _sit(self, number: int, seat: int, chips: int, name: str) -> None:
        run = self._runs[number]
        run.table.sit(seat, chips, name=name)
        run.seating[seat] = name
        run.spec_seats = None

    def _leave(self, number: int, seat: int) -> int:
        run = self._runs[number]
        chips = run.table.leave(seat)
        del run.seating[seat]
        run.spec_seats = None
        return chips

    def _move(self, name: str, source: int, target: int, seat: int, why: str) -> None:
        entrant = self._entrants[name]
        assert entrant.seat is not None
        from_seat = entrant.seat
        chips = self._leave(source, from_seat)
        self._sit(target, seat, chips, name)
        entrant.table, entrant.seat = target, seat
        self._log(
            "move",
            player=name,
            from_table=source,
            from_seat=from_seat,
            to_table=target,
            to_seat=seat,
            reason=why,
        )

    def _reseat(self, level_changed: bool) -> None:
        """Break tables (§9.16), form the final table (§9.17) and balance (§9.15).

        Whether a table breaks or balancing is due depends only on the player counts (and
        ``level_changed``): when they are those the last call left unchanged, nothing is due."""
        counts = self._counts()  # by table number; the spec reads only their number, sum, max and min
        if not level_changed and counts == self._settled_counts:
            return
        k = self.rounds
        while len(self._runs) > 1:
            if not table_break_due(counts, self.rules):
                break
            layout = self._layout()
            if sum(counts) <= self.seat_count:  # every player fits at one table: the final table
                self._final_table(layout)
                return
            # §9.16 on the layout the tournament keeps (its check: tests/engine/test_tournament_memo.py)
            seed = f"{self.seed}-break-{k}-{len(self._runs)}"
            moves = reseat_broken_table(layout, self.rules, seed=seed)
            if moves is None:
                break
            broken = table_to_break(dict(zip(sorted(self._runs), counts, strict=True)))
            chips: dict[str, int] = {}
            for name in moves:
                entrant = self._entrants[name]
                assert entrant.seat is not None
                chips[name] = self._leave(broken, entrant.seat)
            self._retire([broken])
            self._log("table_break", table=broken, players=len(moves))
            for name, (target, to) in moves.items():
                entrant, seat = self._entrants[name], table_seat(to)
                self._sit(target, seat, chips[name], name)
                self._log(
                    "move",
                    player=name,
                    from_table=broken,
                    from_seat=entrant.seat,
                    to_table=target,
                    to_seat=seat,
                    reason="table_break",
                )
                entrant.table, entrant.seat = target, seat
            counts = self._counts()
        if balancing_due_counts(counts, self.rules, level_changed=level_changed):  # the layout only then
            layout = self._layout()
            redraw = redraw_tables(layout, self.rules, seed=f"{self.seed}-redraw-{k}")
            if redraw is not None:  # seed 000's other option: every table broken and drawn again
                self._redraw(redraw)
            else:
                seed = f"{self.seed}-balance-{k}"
                for source, name, target, seat in balance_moves(
                    layout, self.rules, level_changed=level_changed, seed=seed
                ):
                    self._move(name, source, target, table_seat(seat), "balance")
            counts = self._counts()
        self._settled_counts = counts

    def _counts(self) -> tuple[int, ...]:
        """The players seated at each table in play, by table number."""
        runs = self._runs
        return tuple([len(runs[n].seating) for n in sorted(runs)])

    def _redraw(self, seats: Mapping[str, tuple[int, int]]) -> None:
        """§9.15, ``"redraw"``: every table broken and started anew with the players drawn to it."""
        chips: dict[str, int] = {}
        away = {v.name for t in self._tables.values() for v in t.seats if v.state == "away"}
        for number, run in self._runs.items():
            for seat, name in list(run.seating.items()):
                chips[name] = self._leave(number, seat)
        numbers = sorted(self._runs)
        self._retire(numbers)
        for number in numbers:
            self._new_table(number)
        for name, (number, to) in sorted(seats.items(), key=lambda item: item[1]):
            seat = table_seat(to)
            self._sit(number, seat, chips[name], name)
            self._entrants[name].table, self._entrants[name].seat = number, seat
            if name in away:  # still away at his new seat (§3.19)
                self._tables[number].away(seat)
        self._log("redraw", seats={n: [t, table_seat(s)] for n, (t, s) in sorted(seats.items())})

    def _final_table(self, layout: dict[int, TableLayout]) -> None:
        seats, level = final_table(layout, self._level, self.rules, seed=f"{self.seed}-final")
        chips: dict[str, int] = {}
        for number, run in list(self._runs.items()):
            for seat, name in list(run.seating.items()):
                chips[name] = self._leave(number, seat)
        self._retire(self._runs)
        home = min(layout)
        if level != self._level and self._level_posted(level):
            # §9.17: the bumped level starts now with its full duration: the schedule's clock jumps
            # to its start
            ahead = level_start(level, self.structure, self.rules) - self._schedule_now()
            if counts_hands(self.rules):
                self._hand_shift += ahead
            else:
                self._shift += ahead
            self._update_level()
        self._new_table(home)
        for name, to in sorted(seats.items(), key=lambda item: item[1]):
            seat = table_seat(to)
            self._sit(home, seat, chips[name], name)
            self._entrants[name].table, self._entrants[name].seat = home, seat
        self._final = True
        self._colour_up()
        moved = {n: table_seat(s) for n, s in seats.items()}
        self._log("final_table", table=home, seats=moved, level=self._level)


def _restored(blob: bytes) -> Tournament:
    t = Tournament.__new__(Tournament)
    t.__dict__.update(pickle.loads(blob))
    return t


def _names(entrants: int | Sequence[str], rules: RuleSet) -> list[str]:
    if is_int(entrants):
        check_field(entrants, rules)  # §9.14: bounded before a name is made
        return [f"p{i}" for i in range(1, entrants + 1)]
    if (
        isinstance(entrants, str)
        or not isinstance(entrants, Sequence)
        or not all(isinstance(n, str) and n for n in entrants)
    ):
        raise RuleViolation(f"entrants {show_value(entrants)} are not a count or a list of names", "9.2")
    check_field(len(entrants), rules)
    return list(entrants)


def random_policy(seed: object) -> HandPolicy:
    """A seeded random player: bets and raises now and then (rarely all-in), calls a small bet
    mostly and a big one (a third of his stack or more) seldom, else folds; checks when he can."""
    rng = random.Random(f"policy-{seed}")

    def policy(hand: Hand) -> tuple[str, int | None]:
        legal = hand.legal_actions()
        r = rng.random()
        if legal.min_raise_to is not None and legal.max_raise_to is not None:
            kind = "bet" if legal.is_bet else "raise"
            if r < 0.01:
                return kind, legal.max_raise_to
            if r < 0.1:
                return kind, legal.min_raise_to
        if legal.check:
            return "check", None
        call = legal.call or 0
        big = 3 * call >= hand.stacks[legal.seat]
        if r < (0.25 if big else 0.75):
            return "call", None
        return "fold", None

    return policy
