"""Whether a played tournament kept the invariants of spec 09 (``pyholdem run`` checks them as it plays).

``round_problems`` checks a tournament at a round's start (after ``next_hands``): the chips are
conserved (``chips_expected``: less the odd chips a colour-up removes, §9.18), no table is over its
size (§9.14) and the tables are within the balance tolerance (§9.15). ``result_problems`` checks its
end: the places are 1..N, players tied in one hand sharing a block (§9.10), and the prizes sum to
the pool (§9.12). Each problem names the round or the place.
"""

from __future__ import annotations

from collections import Counter

from pyholdem.engine.tournament import Tournament
from pyholdem.spec.tournament import balancing_due

__all__ = ["result_problems", "round_problems"]


def round_problems(t: Tournament) -> list[str]:
    """What breaks the tournament's invariants at the start of its current round."""
    problems: list[str] = []
    if t.chips_in_play() != t.chips_expected:
        problems.append(f"round {t.rounds}: {t.chips_in_play()} chips, {t.chips_expected} expected")
    layout = t.layout()
    if any(len(table["seats"]) > t.seat_count for table in layout.values()):
        problems.append(f"round {t.rounds}: a table over {t.seat_count} seats")
    if balancing_due(layout, t.rules, level_changed=False):
        problems.append(f"round {t.rounds}: tables {[len(x['seats']) for x in layout.values()]}")
    return problems


def result_problems(t: Tournament) -> list[str]:
    """What breaks the invariants of the finished tournament's result."""
    problems: list[str] = []
    result = t.result()
    blocks = Counter(place for place, _ in result.values())
    covered: list[int] = []
    for place, count in blocks.items():
        best, worst = (place, place) if isinstance(place, int) else place
        covered.extend(range(best, worst + 1))
        if count != worst - best + 1:
            problems.append(f"place {place} is held by {count} players")
    if sorted(covered) != list(range(1, t.entries + 1)):
        problems.append("the places are not 1..N")
    if sum(prize for _, prize in result.values()) != t.prize_pool:
        problems.append(f"prizes sum to {sum(p for _, p in result.values())}, not the pool {t.prize_pool}")
    return problems
