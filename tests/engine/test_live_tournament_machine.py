"""The live tournament driven by random legal and hostile director events (spec 09, §9.25), its
invariants checked after every step: a refused event is typed, names its section and changes
nothing; an accepted one leaves its input state as it was; undo restores the state before the
event exactly; the chips in play and the chips removed are the chips bought; nobody is seated
twice and every player still in has one seat; places cover the players out exactly once (ties as
ranges) and, at the end, 1..entries with prizes summing to the pool; the status is JSON; copies
(pickle, deep copy) go on as the original."""

from __future__ import annotations

import copy
import json
import math
import pickle
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from pyholdem.engine.live_tournament import EVENTS, LiveSetup, LiveState, apply, new_state, status
from pyholdem.errors import PyHoldemError
from pyholdem.rules.ruleset import preset
from pyholdem.spec.tournament import table_seat_count
from tests.engine.test_live_tournament import PRESETS, snapshot, structure_for

T0 = 1_000_000.0
NOW = object()
HOSTILE = st.one_of(
    st.sampled_from(["", " p1", "nobody", "p999", "x" * 41, "tab\there"]),
    st.none(),
    st.booleans(),
    st.integers(-(10**30), 10**30),
    st.floats(allow_nan=True, allow_infinity=True),
    st.lists(st.integers(), max_size=2),
    st.dictionaries(st.text(max_size=2), st.integers(), max_size=2),
)


def without_stamps(state: LiveState, at: float) -> dict[str, Any]:
    """A state's snapshot less what any event changes (its number, the latest summaries, its time)."""
    data = json.loads(snapshot(state, at))
    data["status"].pop("seq"), data["status"].pop("latest")
    data["rest"] = {k: v for k, v in data["rest"].items() if k not in ("seq", "latest", "at", "last")}
    return data


def partition(total: int, names: list[str], draw: Callable[[int, int], int]) -> dict[str, int]:
    """``total`` chips shared among ``names``, each at least one, in multiples of 5 where possible."""
    cuts = sorted(draw(1, max(1, total - 1)) for _ in names[1:])
    edges = [0, *cuts, total]
    out = {n: edges[i + 1] - edges[i] for i, n in enumerate(names)}
    if any(v < 1 for v in out.values()):  # a cut twice at one place: share evenly instead
        share, rest = divmod(total, len(names))
        out = {n: share + (1 if i < rest else 0) for i, n in enumerate(names)}
    return out


class LiveMachine(RuleBasedStateMachine):
    state: LiveState

    @initialize(
        name=st.sampled_from(PRESETS),
        structure=st.sampled_from(["seed_000_bill_limit", "seed_000_home_nl", "seed_002_sng_addon"]),
        entrants=st.integers(2, 14),
        registered=st.integers(0, 14),
        seats=st.integers(2, 10),
        late=st.booleans(),
        rebuys=st.integers(0, 2),
        seed=st.integers(0, 10**6),
        begin=st.sampled_from([True, True, True, False]),
    )
    def setup(
        self,
        name: str,
        structure: str,
        entrants: int,
        registered: int,
        seats: int,
        late: bool,
        rebuys: int,
        seed: int,
        begin: bool,
    ) -> None:
        rules = preset(name).replace(late_entry=late, max_rebuys=rebuys, rebuy_window_levels=None)
        players = [f"p{i}" for i in range(1, min(entrants, registered) + 1)]
        self.setup_ = LiveSetup.make(
            rules, structure_for(structure), players, seats_per_table=seats, seed=seed
        )
        self.state = new_state(self.setup_)
        self.at = T0
        self.fresh = 0
        self.accepted = 0
        self.bought = [len(players) * self.setup_.structure.starting_stack]  # one entry per undo step
        if begin:  # most runs are spent in play: the seats drawn and the clock started
            self.event("seat_draw", {}) and self.event("start", {})

    # ------------------------------------------------------------------ helpers
    def event(self, kind: Any, args: Any, at: Any = NOW) -> bool:
        """Apply ``kind(**args)``: refused, it must be typed, name its section and change nothing;
        accepted, it leaves its input as it was and undo gives that input back."""
        when = self.at if at is NOW else at
        before = snapshot(self.state)
        try:
            after, answers = apply(self.state, kind, args, when)
        except PyHoldemError as exc:
            assert "§" in str(exc), exc
            assert snapshot(self.state) == before, f"refused {exc} but changed the state"
            return False
        assert snapshot(self.state) == before, f"{kind} changed the state it was applied to"
        assert isinstance(answers["summary"], str) and answers["summary"]
        json.dumps(answers, allow_nan=False)
        if kind != "undo":
            undone, _ = apply(after, "undo", {}, after.at)
            assert without_stamps(undone, after.at) == without_stamps(self.state, after.at)
            self.bought.append(self.bought[-1] + self.chips_sold_by(kind))
            if kind != "colour_up":
                assert after.chips_removed == self.state.chips_removed, f"{kind} removed chips"
        else:
            self.bought.pop()
        self.state = after
        self.accepted += 1
        return True

    def chips_sold_by(self, kind: str) -> int:
        """The chips an accepted event brings into play: an entry's stack, a rebuy's, an add-on's."""
        s = self.setup_.structure
        return {
            "register": s.starting_stack,
            "late_entry": s.starting_stack,
            "rebuy": s.rebuy_chips or s.starting_stack,
            "add_on": s.addon_chips,
        }.get(kind, 0)

    def names(self) -> list[str]:
        return list(self.state.entrants)

    def alive_seated(self) -> list[str]:
        return [n for n in self.state.alive if self.state.entrants[n].table is not None]

    # ------------------------------------------------------------------ legal events
    @rule(seconds=st.one_of(st.floats(0, 600), st.floats(600, 4 * 3600)))
    def time_passes(self, seconds: float) -> None:
        self.at += seconds

    @rule()
    def register(self) -> None:
        self.fresh += 1
        self.event("register", {"name": f"r{self.fresh}"})

    @rule()
    def seat_draw(self) -> None:
        self.event("seat_draw", {})

    @rule()
    def start(self) -> None:
        self.event("start", {})

    @rule(data=st.data(), stacks=st.booleans())
    def bust(self, data: st.DataObject, stacks: bool) -> None:
        alive = self.alive_seated()
        if not alive:
            return
        names = data.draw(st.lists(st.sampled_from(alive), min_size=1, max_size=3, unique=True))
        args: dict[str, Any] = {"names": names}
        if stacks:
            args["stacks"] = {n: data.draw(st.integers(1, 10**6)) for n in names}
        self.event("bust", args)

    @rule(data=st.data(), kind=st.sampled_from(["rebuy", "add_on", "away", "back"]))
    def player_event(self, data: st.DataObject, kind: str) -> None:
        names = self.names()
        if names:
            self.event(kind, {"name": data.draw(st.sampled_from(names))})

    @rule(data=st.data())
    def chip_count(self, data: st.DataObject) -> None:
        alive = self.alive_seated()
        if alive:
            name = data.draw(st.sampled_from(alive))
            self.event("chip_count", {"name": name, "chips": data.draw(st.integers(1, 10**6))})

    @rule()
    def late_entry(self) -> None:
        self.fresh += 1
        self.event("late_entry", {"name": f"late{self.fresh}"})

    @rule(data=st.data())
    def hand_finished(self, data: st.DataObject) -> None:
        tables = sorted(self.state.tables) or [1]
        seats = table_seat_count(self.state.rules)
        seat = st.one_of(st.none(), st.integers(1, seats))
        args = {"table": data.draw(st.sampled_from(tables)), "button": data.draw(seat)}
        args["big_blind"] = data.draw(seat)
        self.event("hand_finished", args)

    @rule(data=st.data())
    def moved(self, data: st.DataObject) -> None:
        ids = [m.id for m in self.state.moves] or ["m1"]
        self.event("moved", {"move_id": data.draw(st.sampled_from(ids))})

    @rule(kind=st.sampled_from(["pause", "resume"]))
    def pause_or_resume(self, kind: str) -> None:
        self.event(kind, {})

    @rule(seconds=st.one_of(st.floats(-7200, 7200), st.floats(3 * 3600, 6 * 3600)))
    def adjust_clock(self, seconds: float) -> None:
        self.event("adjust_clock", {"seconds": seconds})

    @precondition(lambda self: status(self.state, self.at)["colour_up"] is not None)
    @rule(data=st.data(), how=st.sampled_from(["held", "stacks", "after"]))
    def colour_up_when_due(self, data: st.DataObject, how: str) -> None:
        self.colour_up(data, how)

    @rule(data=st.data(), how=st.sampled_from(["held", "stacks", "after"]))
    def colour_up(self, data: st.DataObject, how: str) -> None:
        s = status(self.state, self.at)
        alive = self.alive_seated()
        if how == "held" or not alive:
            self.event("colour_up", {})
            return
        chips = partition(s["chips_in_play"], alive, lambda a, b: data.draw(st.integers(a, b)))
        if how == "after":
            new = s["colour_up"]["new"] if s["colour_up"] else 1
            chips = {n: max(new, c - c % new) for n, c in chips.items()}
        self.event("colour_up", {how: chips})

    @rule(data=st.data(), kind=st.sampled_from(["chip_chop", "icm"]), everyone=st.booleans())
    def deal(self, data: st.DataObject, kind: str, everyone: bool) -> None:
        alive = self.state.alive
        if len(alive) < 2:
            self.event("deal", {"kind": kind, "agree": alive})
            return
        total = status(self.state, self.at)["chips_in_play"]
        stacks = partition(total, alive, lambda a, b: data.draw(st.integers(a, b)))
        agree = alive if everyone else alive[1:]
        self.event("deal", {"kind": kind, "agree": agree, "stacks": stacks})

    @rule()
    def undo(self) -> None:
        previous = self.state.previous
        if self.event("undo", {}):
            assert previous is not None
            assert without_stamps(self.state, self.at) == without_stamps(previous, self.at)

    @rule(how=st.sampled_from(["pickle", "deepcopy"]))
    def copy_and_go_on_with_the_copy(self, how: str) -> None:
        twin = pickle.loads(pickle.dumps(self.state)) if how == "pickle" else copy.deepcopy(self.state)
        assert snapshot(twin) == snapshot(self.state)
        chain = [0, 0]
        for k, s in enumerate((twin, self.state)):
            while s is not None:
                chain[k] += 1
                s = s.previous
        assert chain[0] == chain[1]
        self.state = twin

    # ------------------------------------------------------------------ hostile events
    @rule(data=st.data(), how=st.sampled_from(["argument", "malformed", "time", "amount"]))
    def a_hostile_event(self, data: st.DataObject, how: str) -> None:
        """A bad argument to any event, a malformed event, an event at a bad time, a bad amount."""
        value = data.draw(HOSTILE)
        if how == "argument":
            kind = data.draw(st.sampled_from(sorted(EVENTS)))
            field = data.draw(st.sampled_from(["name", "names", "x"]))
            if kind in ("register", "late_entry") and isinstance(value, str) and value.isprintable():
                return  # may be a good new name
            assert not self.event(kind, {field: value}), f"{kind}({field}={value!r}) was accepted"
        elif how == "malformed":
            assert not self.event(value, data.draw(st.one_of(HOSTILE, st.just({}))))
        elif how == "time":
            at = data.draw(st.sampled_from([math.nan, math.inf, -math.inf, "now", None, True]))
            assert not self.event("pause", {}, at=at)
        else:
            names = self.alive_seated()
            name = names[0] if names else "p1"
            most = status(self.state, self.at)["chips_in_play"]
            if not (isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= most):
                assert not self.event("chip_count", {"name": name, "chips": value})
            if not (isinstance(value, int | float) and not isinstance(value, bool) and abs(value) <= 86_400):
                assert not self.event("adjust_clock", {"seconds": value})
            if not (isinstance(value, int) and not isinstance(value, bool) and value in self.state.tables):
                assert not self.event("hand_finished", {"table": value})

    @precondition(lambda self: self.state.over)
    @rule(kind=st.sampled_from(["bust", "rebuy", "late_entry", "start", "seat_draw", "deal"]))
    def events_after_the_end(self, kind: str) -> None:
        args = {"bust": {"names": ["p1"]}, "rebuy": {"name": "p1"}, "late_entry": {"name": "zz"}}
        args["deal"] = {"kind": "icm", "agree": self.state.alive}
        assert not self.event(kind, args.get(kind, {}))

    # ------------------------------------------------------------------ invariants
    @invariant()
    def the_status_is_json(self) -> None:
        s = status(self.state, self.at)
        json.dumps(s, allow_nan=False)
        if s["clock"]["remaining_s"] is not None:
            assert s["clock"]["remaining_s"] >= 0
        assert s["players_left"] == len(self.state.alive)
        if self.state.alive:
            assert s["average_stack"] * len(self.state.alive) <= s["chips_in_play"]

    @invariant()
    def chips_are_conserved(self) -> None:
        """Chips in play and chips the colour-ups removed (negative: a race added them) are the
        chips bought: entries, rebuys and add-ons accepted and not undone (§9.18, §9.6, §9.7)."""
        s = status(self.state, self.at)
        assert s["chips_in_play"] + s["chips_removed"] == self.bought[-1]

    @invariant()
    def everyone_in_has_one_seat(self) -> None:
        state = self.state
        seated = [(n, seat, p) for n, t in state.tables.items() for seat, p in t.seats.items()]
        players = [p for _, _, p in seated]
        assert len(players) == len(set(players)), "a player is seated twice"
        seats = table_seat_count(state.rules)
        for number, seat, player in seated:
            assert 1 <= seat <= seats
            entrant = state.entrants[player]
            assert (entrant.table, entrant.seat) == (number, seat)
            assert entrant.place is None or state.over  # the winner, or a deal's players, sit on
        if state.phase in ("seated", "running"):
            assert sorted(players) == sorted(state.alive)
        if state.phase in ("seated", "running") and not state.hand_for_hand and len(state.tables) > 1:
            assert min(len(t.seats) for t in state.tables.values()) >= 2, "a table of one (§9.15)"

    @invariant()
    def places_cover_the_players_out(self) -> None:
        state = self.state
        covered: list[int] = []
        blocks: dict[tuple[int, int], int] = {}
        for e in state.entrants.values():
            if isinstance(e.place, int):
                covered.append(e.place)
            elif e.place is not None:
                blocks[e.place] = blocks.get(e.place, 0) + 1
        for (best, worst), count in blocks.items():
            assert count == worst - best + 1
            covered.extend(range(best, worst + 1))
        if state.over:
            assert sorted(covered) == list(range(1, state.entries + 1))
            s = status(state, self.at)
            assert sum(p["prize"] for p in s["places"]) == s["prize_pool"]
        else:
            assert sorted(covered) == list(range(len(state.alive) + 1, state.entries + 1))


LiveMachine.TestCase.settings = settings(
    max_examples=12, stateful_step_count=40, deadline=None, suppress_health_check=list(HealthCheck)
)
test_live_tournament_random_and_hostile_events = LiveMachine.TestCase


class LongerLiveMachine(LiveMachine):
    pass


LongerLiveMachine.TestCase.settings = settings(
    max_examples=60, stateful_step_count=60, deadline=None, suppress_health_check=list(HealthCheck)
)
test_live_tournament_random_and_hostile_events_longer = pytest.mark.slow(LongerLiveMachine.TestCase)
