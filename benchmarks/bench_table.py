"""A 9-seat session through ``Table`` against the same hands through bare ``Hand`` (issue 12).

The table deals hand after hand (button, blinds, missed blinds and posts chosen by the rules,
§3.4–3.8, §3.18–3.20) under ``tda_2024_cash``; each hand is played by the benchmark's random
policy from a generator seeded with the hand's number. The bare loop plays the very same
``HandSetup`` values (taken from an untimed run of the table) with the same policy seeds, so the
difference is the table's own work: planning positions and posts, building the set-up, reading
the results back, rebuying the busted. Target: the table's overhead at most 10 % (a ratio of at least 0.9).
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from benchmarks.workloads import collected, play_out
from pyholdem import Hand, preset
from pyholdem.engine.setup import HandSetup
from pyholdem.engine.table import Table, forget_layouts

HANDS = 300
SEATS = 9
RULES = preset("tda_2024_cash")
RATE: dict[str, float] = {}


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


def _record(benchmark: Any, name: str) -> float:
    rate = HANDS / benchmark.stats.stats.min
    RATE[name] = rate
    benchmark.extra_info["hands_per_second"] = round(rate)
    return rate


def test_bench_table_session(benchmark: Any) -> None:
    table = benchmark.pedantic(table_session, setup=collected, rounds=15, iterations=1, warmup_rounds=1)
    assert table.hand_number == HANDS
    _record(benchmark, "table")


def test_bench_bare_hands(benchmark: Any, capsys: pytest.CaptureFixture[str]) -> None:
    table = table_session()
    setups = [hand.setup for hand in table.hands]
    hands = benchmark.pedantic(
        bare_hands, args=(setups,), setup=collected, rounds=15, iterations=1, warmup_rounds=1
    )
    assert [h.events for h in hands] == [h.events for h in table.hands]
    rate = _record(benchmark, "hand")
    if "table" in RATE:
        ratio = RATE["table"] / rate
        benchmark.extra_info["table_to_hand"] = round(ratio, 3)
        with capsys.disabled():
            print(
                f"\nTable {RATE['table']:.0f} hands/s, bare Hand {rate:.0f} hands/s on the same hands: "
                f"ratio {ratio:.3f} (overhead {100 * (1 - ratio):.1f} %, target at most 10 %)"
            )
