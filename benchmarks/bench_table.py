"""A 9-seat session through ``Table`` against the same hands through bare ``Hand``.

The table deals hand after hand (button, blinds, missed blinds and posts chosen by the rules,
§3.4–3.8, §3.18–3.20) under ``tda_2024_cash``; each hand is played by the benchmark's random
policy from a generator seeded with the hand's number. The bare loop plays the very same
``HandSetup`` values (taken from an untimed run of the table) with the same policy seeds, so the
difference is the table's own work: planning positions and posts, building the set-up, reading
the results back, rebuying the busted. Target: the table's overhead at most 10 % (a ratio of at least 0.9).
"""

from __future__ import annotations

import random
import statistics
import time
from typing import Any

import pytest

from benchmarks.workloads import collected, play_out
from pyholdem import Hand, preset
from pyholdem.engine.setup import HandSetup
from pyholdem.engine.table import Table, forget_layouts

HANDS = 300
SEATS = 9
ROUNDS = 25
RULES = preset("tda_2024_cash")


def table_session() -> Table:
    """The session: nine players of 100 big blinds; a busted player buys in again and comes back
    by the first way in the rules allow (§3.18, §3.22). Cold: no layout known from an earlier run."""
    forget_layouts()
    table = Table(RULES, SEATS, blinds=(50, 100), button=0, seed="bench-table")
    for seat in range(SEATS):
        table.sit(seat, 10_000, post="post_bb_now")
    for number in range(HANDS):
        for seat in table.without_chips:
            table.add_chips(seat, 10_000)
            table.back(seat)
        play_out(table.next_hand(), random.Random(number))
    return table


def bare_hands(setups: list[HandSetup]) -> list[Hand]:
    hands = []
    for number, setup in enumerate(setups):
        hand = Hand(setup)
        play_out(hand, random.Random(number))
        hands.append(hand)
    return hands


def test_bench_table_session(benchmark: Any, capsys: pytest.CaptureFixture[str]) -> None:
    """Table and bare rounds alternate (a bare round before each table round, both after a garbage
    collection), so both meet the same load of this shared machine. The verdict is the median over
    the rounds of each table round against the bare round just before it: a machine whose speed drifts
    during the run moves both rounds of a pair alike. Each side's best round is reported too."""
    setups = [hand.setup for hand in table_session().hands]
    bare: list[float] = []
    last: list[list[Hand]] = []

    def bare_round() -> None:
        collected()
        start = time.perf_counter()
        hands = bare_hands(setups)
        bare.append(time.perf_counter() - start)
        last[:] = [hands]
        collected()

    table = benchmark.pedantic(table_session, setup=bare_round, rounds=ROUNDS, iterations=1, warmup_rounds=1)
    assert table.hand_number == HANDS
    assert [h.events for h in last[0]] == [h.events for h in table.hands]
    rounds = benchmark.stats.stats.data
    assert len(bare) == len(rounds) + 1  # the warm-up round had its bare round too
    ratio = statistics.median(b / t for b, t in zip(bare[1:], rounds, strict=True))
    table_rate, bare_rate = HANDS / min(rounds), HANDS / min(bare)
    benchmark.extra_info.update(
        hands_per_second=round(table_rate),
        bare_hands_per_second=round(bare_rate),
        bare_rounds=len(bare),
        table_to_hand=round(ratio, 3),
        best_to_best=round(table_rate / bare_rate, 3),
    )
    with capsys.disabled():
        print(
            f"\nTable {table_rate:.0f} hands/s, bare Hand {bare_rate:.0f} hands/s on the same hands "
            f"(best of {ROUNDS} rounds each, alternating: {table_rate / bare_rate:.3f}); "
            f"median of the {len(rounds)} paired rounds: ratio {ratio:.3f} "
            f"(overhead {100 * (1 - ratio):.1f} %, target at most 10 %)"
        )
