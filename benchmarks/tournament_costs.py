"""Where the benchmark tournament's time goes: CPU time (``time.process_time``) per method, and the
tournament layer's own cost beside bare ``Hand`` (the overhead target).

Plays ``bench_tournament.py``'s tournament (1,000 entrants, default rules and structure, seed 1)
once, after a small warm-up game (imports and the C module's first use kept out of the timing),
and prints one JSON line. Without options it times the whole run and ``Table.next_hand`` only,
then replays the same hands as bare ``Hand``s (set-ups rebuilt, as the benchmark's bare rate):

- ``total``: the tournament, ``Tournament(...)`` and ``play``;
- ``bare``: the bare replay; ``bare_construct`` of which ``Hand(...)`` made from a rebuilt set-up;
- ``layer``: ``total`` less ``Table.next_hand`` less the actions (``bare - bare_construct``): the
  tournament's own steps, with the ``Table`` calls they make (seating, moves, absences);
- ``overhead``: ``total / bare - 1`` (the benchmark's ratio, in CPU time).

``--methods`` wraps the tournament's steps, the spec functions they call and the ``Table`` methods
the tournament calls besides ``next_hand``, each with a CPU timer (nested timers include the inner
ones; each adds a little). Run two versions alternately for a comparison: the machine is shared.

usage: python benchmarks/tournament_costs.py [--methods]
"""

from __future__ import annotations

import dataclasses
import functools
import json
import sys
import time
from typing import Any

import pyholdem.engine.tournament as tournament_module
import pyholdem.spec.tournament as spec
from pyholdem import Hand, RuleSet, Tournament, random_policy
from pyholdem.engine.setup import HandSetup
from pyholdem.engine.table import Table
from pyholdem.rules.structure import DEFAULT_STRUCTURE, structure_preset

TOTALS: dict[str, float] = {}
COUNTS: dict[str, int] = {}

STEPS = ("_close_round", "_between_rounds", "_reseat", "_colour_up", "_layout", "_sit", "_leave", "_log")
SPEC = (
    "break_table",
    "reseat_broken_table",
    "balance_moves",
    "clock_level",
    "places_paid",
    "hand_for_hand_in_force",
    "finish_hand",
    "hand_for_hand_places",
    "final_table",
)
TABLE = ("sit", "leave", "absent_at_deal", "players", "set_stakes")


def timed(owner: object, name: str, label: str) -> None:
    """Replace ``owner.name`` by a wrapper adding its CPU time to ``TOTALS[label]``."""
    fn = getattr(owner, name, None)
    if fn is None:  # not in this version of the code
        return

    @functools.wraps(fn)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        start = time.process_time()
        try:
            return fn(*args, **kwargs)
        finally:
            TOTALS[label] = TOTALS.get(label, 0.0) + time.process_time() - start
            COUNTS[label] = COUNTS.get(label, 0) + 1

    setattr(owner, name, wrapper)


def main() -> None:
    methods = "--methods" in sys.argv
    timed(Table, "next_hand", "Table.next_hand")
    if methods:
        for name in STEPS:
            timed(Tournament, name, name)
        for name in SPEC:  # the names the engine module calls
            timed(tournament_module, name, name)
        for name in TABLE:
            timed(Table, name, f"Table.{name}")
        timed(spec, "_check_tables", "_check_tables")
    Tournament(RuleSet(), structure_preset(DEFAULT_STRUCTURE), 12, seed=2).play(random_policy(2))  # warm-up
    TOTALS.clear()
    COUNTS.clear()
    dealt: list[HandSetup] = []

    def record(t: Tournament) -> None:
        dealt.extend(t.tables[number].setups[-1] for number in sorted(t.tables))

    start = time.process_time()
    t = Tournament(RuleSet(), structure_preset(DEFAULT_STRUCTURE), 1000, seed=1)
    t.play(random_policy(1), on_round=record)
    total = time.process_time() - start
    row: dict[str, Any] = {"hands": t.hands_dealt, "total": total, **TOTALS}
    if not methods:
        policy = random_policy(1)
        start = time.process_time()
        for setup in dealt:
            hand = Hand(dataclasses.replace(setup))
            while not hand.is_over:
                hand.act(*policy(hand))
        row["bare"] = time.process_time() - start
        start = time.process_time()
        for setup in dealt:
            Hand(dataclasses.replace(setup))
        row["bare_construct"] = time.process_time() - start
        row["layer"] = total - TOTALS["Table.next_hand"] - (row["bare"] - row["bare_construct"])
        row["overhead"] = total / row["bare"] - 1
    print(
        json.dumps(
            {k: round(v, 4) if isinstance(v, float) else v for k, v in row.items()} | {"calls": COUNTS}
        )
    )


if __name__ == "__main__":
    main()
