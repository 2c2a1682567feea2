"""What a session at a ``Table`` did and whether it kept the table's rules (§3.4–3.8, §3.18–3.22).

``session_summary`` counts, per player, the hands he was dealt and the forced posts he made;
``session_problems`` checks a played session against the invariants every button rule promises
(``pyholdem table play`` and ``make run`` print both). Each problem names the hand and the section.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from itertools import pairwise
from typing import Any

from pyholdem.engine.hand import Hand
from pyholdem.engine.setup import HandSetup
from pyholdem.engine.table import Table
from pyholdem.history.sessions import table_histories
from pyholdem.spec.table import button_rule_in_force

__all__ = ["PlayerSummary", "SessionSummary", "session_problems", "session_summary"]

POST_NAMES = {
    ("small_blind", True): "small_blind",
    ("small_blind", False): "dead_small_blind",
    ("big_blind", True): "big_blind",
    ("extra_blind", True): "extra_big_blind",
    ("ante", False): "ante",
    ("ante", True): "ante",
    ("straddle", True): "straddle",
    ("sleeper", True): "sleeper",
}


@dataclass
class PlayerSummary:
    """One player's session: hands dealt, forced posts by kind, chips won or lost at the table."""

    name: str
    hands: int = 0
    posts: Counter[str] = field(default_factory=Counter)
    net: int = 0
    stack: int | None = None

    def as_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "hands": self.hands,
            "posts": dict(sorted(self.posts.items())),
            "net": self.net,
            "stack": self.stack,
        }


@dataclass
class SessionSummary:
    """A whole session: the hands played, the button rule, every player's summary (in order of
    arrival) and the chips bought in and taken out."""

    hands: int
    button_rule: str
    players: list[PlayerSummary]
    chips_in: int
    chips_out: int
    chips_on_table: int

    def as_dict(self) -> dict[str, Any]:
        return {
            "hands": self.hands,
            "button_rule": self.button_rule,
            "chips_in": self.chips_in,
            "chips_out": self.chips_out,
            "chips_on_table": self.chips_on_table,
            "players": [p.as_dict() for p in self.players],
        }


def _setup(hand: Hand) -> HandSetup:
    """A table's hand's set-up: a table makes each hand from one (``Hand(setup)``)."""
    setup = hand.setup
    assert setup is not None
    return setup


def session_summary(table: Table) -> SessionSummary:
    """Who was dealt how many hands and posted what, with his net and his chips now (``None``:
    he left the table)."""
    players: dict[str, PlayerSummary] = {}
    for number, hand in enumerate(table.hands, 1):
        names = table.players(number)
        for seat, name in enumerate(names):
            if name is None or not hand.hole_cards(seat):
                continue
            player = players.setdefault(name, PlayerSummary(name))
            player.hands += 1
            if hand.result is not None:
                player.net += hand.result.stacks[seat] - hand.initial_stacks[seat]
        for post in _setup(hand).posts:
            name = names[post.seat]
            if name is not None:
                players.setdefault(name, PlayerSummary(name)).posts[POST_NAMES[post.kind, post.live]] += 1
    for view in table.seats:
        if view.name is not None:
            players.setdefault(view.name, PlayerSummary(view.name)).stack = view.stack
    return SessionSummary(
        table.hand_number,
        button_rule_in_force(table.rules),
        list(players.values()),
        table.chips_in,
        table.chips_out,
        table.chips_on_table(),
    )


def _chips(table: Table) -> list[str]:
    problems = []
    if table.chips_on_table() != table.chips_in - table.chips_out:
        problems.append(
            f"chips on the table {table.chips_on_table()} != bought in {table.chips_in} - taken out "
            f"{table.chips_out} (§3.22)"
        )
    for number, hand in enumerate(table.hands, 1):
        if hand.result is not None and sum(hand.result.stacks) != sum(hand.initial_stacks):
            problems.append(f"hand {number}: chips not conserved (§7.7)")
    return problems


def _big_blind(table: Table) -> list[str]:
    """Under the dead button (§3.5) nobody posts the big blind twice in a row or is skipped by it,
    once three or more players are dealt in (heads-up, §3.8 may give it to the same player). Each
    hand is judged by the rules it was played under (its set-up's), not the table's rules now: a
    hand after a change of rules is checked against the one before it only when both were played
    under the dead button."""
    problems = []
    seats = table.seat_count
    posters = []
    for number, hand in enumerate(table.hands, 1):
        setup = _setup(hand)
        names = table.players(number)
        big = next(p.seat for p in setup.posts if p.kind == "big_blind")
        dealt = frozenset(s for s in range(seats) if hand.hole_cards(s))
        posters.append((number, big, names, dealt, button_rule_in_force(setup.rules) == "dead"))
    for (_, big, names, dealt, dead), (number, next_big, next_names, next_dealt, next_dead) in pairwise(
        posters
    ):
        if len(next_dealt) < 3 or not (dead and next_dead):
            continue
        if next_names[next_big] == names[big]:
            problems.append(f"hand {number}: {names[big]} posts the big blind twice in a row (§3.5)")
        stayed = [s for s in dealt & next_dealt if names[s] == next_names[s]]
        skipped = [s for s in stayed if 0 < (s - big) % seats < (next_big - big) % seats]
        if skipped:
            problems.append(
                f"hand {number}: the big blind moved from seat {big} to {next_big} past {skipped} (§3.5)"
            )
    return problems


def _missed_blinds(table: Table) -> list[str]:
    """Every missed blind is owed once and settled once: collected (posted), waived or forfeited
    (§3.18); what is still owed is owed by a player still seated."""
    problems = []
    open_debts: dict[tuple[int, str, str], int] = {}
    for entry in table.ledger:
        key = (entry.seat, entry.name, entry.blind)
        if entry.what == "missed":
            if key in open_debts:
                problems.append(f"hand {entry.hand}: {entry.name} owes the {entry.blind} twice (§3.18)")
            open_debts[key] = entry.hand
            continue
        if key not in open_debts:
            problems.append(
                f"hand {entry.hand}: {entry.name}'s {entry.blind} {entry.what} but not owed (§3.18)"
            )
            continue
        del open_debts[key]
        if entry.what == "collected":
            posts = _setup(table.hands[entry.hand - 1]).posts
            kinds = {(p.kind, p.live) for p in posts if p.seat == entry.seat}
            wanted = (
                {("small_blind", False)}
                if entry.blind == "small_blind"
                else {("big_blind", True), ("extra_blind", True)}
            )
            if not kinds & wanted:
                problems.append(
                    f"hand {entry.hand}: {entry.name}'s {entry.blind} collected but not posted (§3.18)"
                )
    views = table.seats
    for seat, name, blind in open_debts:
        if views[seat].name != name or blind not in views[seat].owes:
            problems.append(f"{name} owed the {blind} at seat {seat} and it was never settled (§3.18)")
    return problems


def _replays(table: Table) -> list[str]:
    """Every finished hand written as PHH replays to the same stacks, as one session (§12.13)."""
    from pyholdem.history.phh import dumps_many, loads
    from pyholdem.history.replay import replay_session

    histories = table_histories(table)
    if not histories:  # no hand finished yet: nothing to replay
        return []
    result = replay_session(loads(dumps_many(histories), many=True), table.rules_at_start)
    problems = [f"hand [{r.index}] does not replay: {r.note or r.error}" for r in result.hands if not r.ok]
    if result.break_index is not None:
        problems.append(f"the session is not continuous: {result.message}")
    return problems


def session_problems(table: Table, *, replay: bool = True) -> list[str]:
    """Every broken invariant of the session (empty when it kept the rules): chips conserved, the
    dead button's big blind, missed blinds settled once, and (``replay``) every hand's PHH."""
    problems = _chips(table) + _big_blind(table) + _missed_blinds(table)
    if replay:
        problems += _replays(table)
    return problems
