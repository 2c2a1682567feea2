"""§13.7 the ``equity`` vectors: the bundled preflop table, every row checked for its deals and totals,
a seeded sample recomputed exactly, and the self adapter answering them through the protocol."""

from __future__ import annotations

import hashlib
import random
import re
import sys
from itertools import product

import pytest

from pyholdem.campaign.preflop import BOARDS_PER_DEAL, _matchup
from pyholdem.conformance.answers import equity as answer
from pyholdem.conformance.cases import GENERATORS
from pyholdem.conformance.equity_cases import (
    TABLE,
    WORKED,
    bundled_table,
    case_name,
    equity_cases,
    expect_of,
    spread,
)
from pyholdem.conformance.runner import run_adapter
from pyholdem.errors import InvalidRange
from pyholdem.spec.ranges import parse_range, starting_hands

SELF = [sys.executable, "-m", "pyholdem.conformance.self_adapter"]
ROWS = bundled_table()


def test_13_7_the_table_has_every_unordered_pair_once_in_order() -> None:
    hands = starting_hands()
    pairs = [(a, b) for i, a in enumerate(hands) for b in hands[i:]]
    assert len(ROWS) == len(pairs) == 169 * 170 // 2 == 14_365
    assert [(r.hand, r.opponent) for r in ROWS] == pairs
    assert len({case_name(a, b) for a, b in pairs}) == len(pairs)


def test_13_7_every_row_counts_every_valid_deal_on_every_board() -> None:
    combos = {h: [frozenset(c) for c in parse_range(h).combos] for h in starting_hands()}
    wrong = []
    for r in ROWS:
        deals = sum(1 for a, b in product(combos[r.hand], combos[r.opponent]) if not a & b)
        if (
            r.deals != deals
            or r.boards != deals * BOARDS_PER_DEAL
            or r.wins + r.ties + r.losses != r.boards
            or min(r.wins, r.ties, r.losses) < 0
            or (r.hand == r.opponent and r.wins != r.losses)
        ):
            wrong.append(r)
    assert not wrong, wrong[:3]


def test_13_7_the_provenance_names_the_bundled_file() -> None:
    stated = (TABLE.parent / "PROVENANCE.md").read_text(encoding="utf-8")
    found = re.search(r"sha256 of `table\.csv`: ([0-9a-f]{64})", stated)
    assert found is not None
    assert hashlib.sha256(TABLE.read_bytes()).hexdigest() == found.group(1)


@pytest.mark.parametrize("row", random.Random("13.7").sample(range(len(ROWS)), 5))
def test_13_7_a_sample_of_rows_recomputed_exactly_both_ways(row: int) -> None:
    r = ROWS[row]
    by_patterns = _matchup(r.hand, r.opponent)
    assert (by_patterns.deals, by_patterns.boards, by_patterns.wins, by_patterns.ties) == (
        r.deals,
        r.boards,
        r.wins,
        r.ties,
    )
    assert answer({"hand": r.hand, "opponent": r.opponent}) == r.result()


def test_13_7_well_known_rows() -> None:
    table = {(r.hand, r.opponent): r for r in ROWS}
    aa_kk = table[("AA", "KK")]
    # the 36 deals of aces against kings: 81.9 % equity, the figure equity calculators print (the
    # deal AdAc-KhKs alone is held to GNU poker-eval's counts in tests/native)
    equity = (aa_kk.wins + aa_kk.ties / 2) / aa_kk.boards
    assert aa_kk.deals == 36 and equity == pytest.approx(0.819, abs=0.001)
    assert table[("AKs", "AKs")].wins == table[("AKs", "AKs")].losses
    assert table[("AKo", "72o")].deals == 12 * 12


def test_13_7_refusals_and_the_spread() -> None:
    with pytest.raises(InvalidRange) as info:
        answer({"hand": "AK", "opponent": "QQ"})
    assert info.value.section == "13.7"
    with pytest.raises(InvalidRange):
        answer({"hand": "QQ", "opponent": None})
    picked = spread(ROWS, 4)
    assert picked[0] == ROWS[0] and picked[-1] == ROWS[-1] and len(set(picked)) == 4
    mirrored = expect_of({"hand": "KK", "opponent": "AA"})["result"]
    row = next(r for r in ROWS if (r.hand, r.opponent) == ("AA", "KK"))
    assert (mirrored["wins"], mirrored["losses"], mirrored["ties"]) == (row.losses, row.wins, row.ties)
    assert answer({"hand": "KK", "opponent": "AA"}) == mirrored
    vectors = list(equity_cases(rows=0))
    assert [v.case for v in vectors] == [c.case for c in WORKED]
    assert [v.expect["error"]["section"] for v in vectors] == ["13.7", "13.1"]
    assert len(list(GENERATORS["equity"](random_count=3))) == 3 + len(WORKED)


def test_13_7_the_self_adapter_answers_equity_vectors() -> None:
    vectors = list(equity_cases(rows=3))
    report = run_adapter(SELF, vectors, timeout=60)
    assert report.ok and report.counts()["equity"]["passed"] == len(vectors), report.format()
