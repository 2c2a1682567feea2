"""A simulated tournament's events as a director would enter them at real tables.

``simulate`` plays a ``Tournament`` with random rebuys and add-ons and records, after every round,
its clock, its tables' button and big blind, the purchases made, and whether the round was played
hand for hand; ``feed`` turns that record and the tournament's eliminations into the live
driver's events: purchases at the round's clock, then, when the round's hands end (the next
round's clock), (outside hand-for-hand play) every table's ``hand_finished`` and the round's
busts, or (hand for hand) the busts, then every table's ``hand_finished``, which ends the round.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from pyholdem.engine.tournament import Tournament, random_policy
from pyholdem.rules.ruleset import RuleSet
from pyholdem.rules.structure import Structure


@dataclass
class Round:
    number: int
    seconds: int
    positions: dict[int, tuple[int | None, int | None]]
    buys: list[tuple[str, str]] = field(default_factory=list)


@dataclass
class Simulated:
    tournament: Tournament
    seats: dict[str, tuple[int, int]]
    rounds: list[Round]


def simulate(
    rules: RuleSet, structure: Structure, entrants: int, seed: int, *, seats: int, buy_chance: float = 0.3
) -> Simulated:
    """Play a tournament to the end, recording each round (seats 1-based)."""
    t = Tournament(rules, structure, entrants, seats_per_table=seats, seed=seed)
    start = {s.name: (s.table, s.seat + 1) for s in t.standings}  # type: ignore[operator]
    rng = random.Random(f"buys-{seed}")
    rounds: list[Round] = []

    def on_round(t: Tournament) -> None:
        positions = {}
        for number, table in sorted(t.tables.items()):
            pos = table.positions
            positions[number] = (pos.button + 1, pos.big_blind + 1) if pos is not None else (None, None)
        record = Round(t.rounds, t.seconds, positions)
        for standing in t.standings:
            if standing.place is None and rng.random() < buy_chance:
                for kind, offer in (("rebuy", t.rebuy), ("add_on", t.add_on)):
                    try:
                        offer(standing.name)
                    except Exception as exc:
                        assert "§9." in str(exc)
                    else:
                        record.buys.append((kind, standing.name))
        rounds.append(record)

    t.play(random_policy(seed), on_round=on_round)
    return Simulated(t, start, rounds)


def feed(sim: Simulated, origin: float = 1_000_000.0) -> list[tuple[str, dict[str, Any], float]]:
    """The live events of ``sim`` (kind, args, wall time); the clock starts at ``origin``."""
    t = sim.tournament
    busts: dict[int, list[dict[str, Any]]] = {}
    h4h_rounds: set[int] = set()
    on = False
    last = 0
    for e in t.events:
        if e.kind == "hand_for_hand":
            if on:
                h4h_rounds.update(range(last, e.round))
            on, last = e.data["on"], e.round
        if e.kind == "elimination":
            assert "reason" not in e.data
            busts.setdefault(e.round, []).append(dict(e.data))
    if on:
        h4h_rounds.update(range(last, t.rounds + 1))
    events: list[tuple[str, dict[str, Any], float]] = [("seat_draw", {}, origin), ("start", {}, origin)]
    for i, record in enumerate(sim.rounds):
        now = origin + record.seconds
        after = origin + (sim.rounds[i + 1].seconds if i + 1 < len(sim.rounds) else record.seconds + 120)
        for kind, name in record.buys:
            events.append((kind, {"name": name}, now))
        finished = [
            (
                "hand_finished",
                {"table": n, "button": b, "big_blind": bb},
                after,
            )
            for n, (b, bb) in record.positions.items()
        ]
        out = busts.get(record.number, [])
        bust = []
        if out:
            names = [b["player"] for b in out]
            stacks = {b["player"]: b["start"] for b in out}
            bust = [
                ("bust", {"names": names, "stacks": stacks}, now if record.number in h4h_rounds else after)
            ]
        events += bust + finished if record.number in h4h_rounds else finished + bust
    return events
