"""§13.7 the preflop equity table: suit patterns, exact entries, CSV, executors."""

from __future__ import annotations

from collections import Counter
from concurrent.futures import Executor
from itertools import product
from pathlib import Path

import numpy as np
import pytest

from pyholdem.campaign.preflop import BOARDS_PER_DEAL, CSV_COLUMNS, preflop_table, read_table
from pyholdem.errors import InvalidRange
from pyholdem.native.evaluation import equity_batch
from pyholdem.native.ranges import range_equity
from pyholdem.spec.ranges import parse_range, starting_hands, suit_patterns

SMALL = ("AA", "KK", "AKs", "QQ", "AKo", "72o")


def test_13_7_the_169_starting_hands() -> None:
    hands = starting_hands()
    assert len(hands) == len(set(hands)) == 169
    kinds = Counter("pair" if len(h) == 2 else h[2] for h in hands)
    assert kinds == {"pair": 13, "s": 78, "o": 78}
    assert sum(len(parse_range(h)) for h in hands) == 1326
    assert hands[-1] == "22" and hands.index("72o") > hands.index("AKo")


@pytest.mark.parametrize(
    ("a", "b"), [("AA", "KK"), ("AKs", "AKo"), ("QJo", "T9o"), ("55", "A5s"), ("AKo", "AKo")]
)
def test_13_7_patterns_partition_the_valid_deals(a: str, b: str) -> None:
    deals = [(x, y) for x, y in product(parse_range(a).combos, parse_range(b).combos) if not {*x} & {*y}]
    patterns = suit_patterns(a, b)
    assert sum(n for _, _, n in patterns) == len(deals)
    assert len(patterns) < len(deals) or len(deals) == 1
    listed = [(x, y) for x, y, _ in patterns]
    assert len(set(listed)) == len(listed) and all(d in deals for d in listed)


def test_13_7_a_pattern_stands_for_deals_of_equal_counts() -> None:
    # AKs against QQ: the queens share a suit with the ace-king or not, 12 deals each; every deal of a
    # pattern has the same counts over all 1,712,304 boards
    patterns = suit_patterns("AKs", "QQ")
    assert sorted(n for _, _, n in patterns) == [12, 12]
    deals = [
        (x, y) for x, y in product(parse_range("AKs").combos, parse_range("QQ").combos) if not {*x} & {*y}
    ]
    holes = np.array([[[int(c) for c in x], [int(c) for c in y]] for x, y in deals], dtype=np.uint8)
    batch = equity_batch(holes, exact=True)
    by_pattern: dict[bool, set[tuple[int, ...]]] = {}
    for (x, y), wins, ties in zip(deals, batch.wins.tolist(), batch.ties.tolist(), strict=True):
        shares_suit = bool({c.suit for c in x} & {c.suit for c in y})
        by_pattern.setdefault(shares_suit, set()).add((*wins, *ties))
    assert sorted(by_pattern) == [False, True] and all(len(v) == 1 for v in by_pattern.values())
    assert by_pattern[False] != by_pattern[True]


def test_13_7_entries_are_range_equity_of_two_classes() -> None:
    table = preflop_table(["AA", "KK", "AKs"])
    for a, b in [("AA", "KK"), ("KK", "AKs"), ("AKs", "AA"), ("AA", "AA")]:
        m, r = table[(a, b)], range_equity([a, b], exact=True)
        assert m.deals == r.deals and m.boards == r.boards == r.deals * BOARDS_PER_DEAL
        assert m.equity == pytest.approx(r.equity[0], abs=1e-12)
        assert m.win == pytest.approx(r.win[0], abs=1e-12) and m.tie == pytest.approx(r.tie[0], abs=1e-12)


def test_13_7_mirror_entries_and_published_values() -> None:
    table = preflop_table(SMALL)
    assert len(table.matchups) == len(SMALL) ** 2
    for a, b in product(SMALL, SMALL):
        m, n = table[(a, b)], table[(b, a)]
        assert m.equity + n.equity == pytest.approx(1.0, abs=1e-12)
        assert m.ties == n.ties and m.wins + n.wins + m.ties == m.boards
    assert table[("AA", "AA")].equity == 0.5
    # cross-checks with well-known figures (equity calculators), to a tolerance: AA 81.9 % against KK,
    # QQ 56.9 % against AKo, about 54 % against AKs
    assert table[("AA", "KK")].equity == pytest.approx(0.819, abs=0.002)
    assert table[("QQ", "AKo")].equity == pytest.approx(0.569, abs=0.003)
    assert table[("QQ", "AKs")].equity == pytest.approx(0.54, abs=0.005)
    assert table[("AA", "KK")].patterns == 3 and table[("AA", "KK")].deals == 36


def test_13_7_the_csv(tmp_path: Path) -> None:
    out = tmp_path / "table.csv"
    table = preflop_table(["AA", "72o"])
    assert table.write_csv(out) == 4
    assert out.read_text(encoding="utf-8").splitlines()[0] == ",".join(CSV_COLUMNS)
    rows = read_table(out)
    assert list(rows) == [("AA", "AA"), ("AA", "72o"), ("72o", "AA"), ("72o", "72o")]
    row = rows[("AA", "72o")]
    assert float(row["equity"]) == pytest.approx(table[("AA", "72o")].equity, abs=1e-9)
    assert int(row["wins"]) == table[("AA", "72o")].wins and int(row["deals"]) == 6 * 12


@pytest.mark.parametrize("bad", ["AK", "AsKs", "AKx", "A", "XX", 7])
def test_13_7_refuses_what_is_not_a_starting_hand(bad: object) -> None:
    with pytest.raises(InvalidRange):
        suit_patterns(bad, "AA")  # type: ignore[arg-type]
    with pytest.raises(InvalidRange):
        preflop_table(["AA", bad])  # type: ignore[list-item]


@pytest.mark.parametrize("kind", ["process", "dask"])
def test_13_7_the_table_is_the_same_on_every_executor(
    kind: str, executors: dict[str, Executor | None]
) -> None:
    hands = ["AA", "AKs", "T9s", "72o"]
    serial = preflop_table(hands)
    assert preflop_table(hands, executor=executors[kind], chunk_pairs=3) == serial
