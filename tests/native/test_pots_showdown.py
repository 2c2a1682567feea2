"""Evaluate-and-settle in one C call: each row equals the spec's hand values (§2.4) fed to the spec's
settlement (§8.10); bad cards are refused naming the row, never a crash."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from pyholdem import InvalidCards, RuleViolation, resolve_showdowns_batch
from pyholdem.spec import showdown
from pyholdem.spec.rankings import hand_value
from tests.native.test_pots import ODD_CHIP_RULES


def folds(n: int) -> st.SearchStrategy[list[bool]]:
    return st.lists(st.booleans(), min_size=n, max_size=n).filter(lambda f: not all(f))


@st.composite
def showdowns(draw: st.DrawFn) -> dict[str, Any]:
    """Up to 6 deals of one seat count; boards that often play (so split pots are common)."""
    n = draw(st.integers(2, 10))
    rows = draw(st.integers(1, 6))
    deals = [draw(st.permutations(range(52)))[: 5 + 2 * n] for _ in range(rows)]
    levels = draw(st.lists(st.integers(0, 50), min_size=1, max_size=3))
    return {
        "board": [d[:5] for d in deals],
        "hole_cards": [[d[5 + 2 * s : 7 + 2 * s] for s in range(n)] for d in deals],
        "contributions": [[draw(st.sampled_from(levels)) for _ in range(n)] for _ in range(rows)],
        "folded": [draw(folds(n)) for _ in range(rows)],
        "button": [draw(st.integers(0, n - 1)) for _ in range(rows)],
        "odd_chip_rule": draw(st.sampled_from(ODD_CHIP_RULES)),
        "chip_unit": draw(st.sampled_from([1, 1, 5])),
    }


def c_call(args: dict[str, Any], card_dtype: Any = np.uint8) -> tuple[np.ndarray, np.ndarray]:
    return resolve_showdowns_batch(
        np.array(args["board"], dtype=card_dtype),
        np.array(args["hole_cards"], dtype=card_dtype),
        np.array(args["contributions"], dtype=np.int64),
        np.array(args["folded"], dtype=bool),
        np.array(args["button"]),
        odd_chip_rule=args["odd_chip_rule"],
        chip_unit=args["chip_unit"],
    )


@given(showdowns(), st.sampled_from([np.uint8, np.int8, np.int64]))
def test_8_10_evaluate_and_settle_equals_spec(args: dict[str, Any], card_dtype: Any) -> None:
    payouts, values = c_call(args, card_dtype)
    for r, board in enumerate(args["board"]):
        folded = args["folded"][r]
        holes = args["hole_cards"][r]
        expected_values = [
            None if f else hand_value([*board, *h]) for f, h in zip(folded, holes, strict=True)
        ]
        assert values[r].tolist() == [-1 if v is None else v for v in expected_values]
        settlement = showdown.resolve_pots(
            args["contributions"][r],
            folded,
            expected_values,
            args["button"][r],
            odd_chip_rule=args["odd_chip_rule"],
            chip_unit=args["chip_unit"],
        )
        assert tuple(payouts[r].tolist()) == settlement.payouts


def test_8_7_board_plays_splits_between_all_live_seats() -> None:
    board = np.array([[48, 44, 40, 36, 32]], dtype=np.uint8)  # A K Q J T of clubs: a royal flush
    holes = np.array([[[0, 1], [2, 3], [4, 5]]], dtype=np.uint8)
    payouts, values = resolve_showdowns_batch(board, holes, [[10, 10, 10]], np.array([[False] * 3]), [2])
    assert payouts.tolist() == [[10, 10, 10]] and len(set(values[0].tolist())) == 1


def test_4_2_folded_seats_cards_are_ignored() -> None:
    board = np.array([[0, 5, 10, 15, 20]])
    holes = np.array([[[0, -7], [30, 31], [40, 41]]])
    folded = np.array([[True, False, False]])
    payouts, values = resolve_showdowns_batch(board, holes, [[4, 10, 10]], folded, [0])
    assert values[0, 0] == -1 and payouts.sum() == 24


@pytest.mark.parametrize(
    ("board", "holes", "message"),
    [
        (
            [0, 5, 10, 15, 52],
            [[30, 31], [40, 41]],
            "row 0: the board [0, 5, 10, 15, 52] holds a card id outside",
        ),
        (
            [0, 5, 10, 15, 15],
            [[30, 31], [40, 41]],
            "row 0: the board [0, 5, 10, 15, 15] holds a card dealt twice",
        ),
        ([0, 5, 10, 15, 20], [[30, 31], [40, 30]], "row 0: hole_cards[1] [40, 30] holds a card dealt twice"),
        ([0, 5, 10, 15, 20], [[30, 20], [40, 41]], "row 0: hole_cards[0] [30, 20] holds a card dealt twice"),
        ([0, 5, 10, 15, 20], [[30, 31], [40, 200]], "row 0: hole_cards[1] [40, 200] holds a card id outside"),
        ([0, 5, 10, 15, 20], [[30, 31], [40, -1]], "row 0: hole_cards[1][1] = -1 is not a card id 0..51"),
        ([0, 5, 10, 15, 999], [[30, 31], [40, 41]], "row 0: board[4] = 999 is not a card id 0..51"),
    ],
)
def test_1_1_bad_cards_are_refused_naming_the_row(
    board: list[int], holes: list[list[int]], message: str
) -> None:
    ids = board + [c for hole in holes for c in hole]
    dtype = np.uint8 if min(ids) >= 0 and max(ids) < 256 else np.int64
    with pytest.raises(InvalidCards) as info:
        resolve_showdowns_batch(
            np.array([board], dtype=dtype),
            np.array([holes], dtype=dtype),
            [[5, 5]],
            np.array([[False, False]]),
            [0],
        )
    assert str(info.value).startswith(message)
    assert info.value.section == "1.1"


def test_7_7_showdown_batch_refuses_bad_shapes_and_rows() -> None:
    board = np.array([range(5), range(5)], dtype=np.uint8)
    holes = np.array([[[10, 11], [12, 13]]] * 2, dtype=np.uint8)
    with pytest.raises(RuleViolation, match=r"board has shape \(2, 5\); expected \(1, 5\)"):
        resolve_showdowns_batch(board, holes[:1], [[1, 1]], np.array([[False, False]]), [0])
    with pytest.raises(RuleViolation, match=r"hole_cards has shape \(2, 2, 2\); expected \(2, 3, 2\)"):
        resolve_showdowns_batch(board, holes, [[1, 1, 1]] * 2, np.zeros((2, 3), bool), [0, 0])
    with pytest.raises(RuleViolation, match=r"^row 1: every seat has folded"):
        resolve_showdowns_batch(board, holes, [[1, 1]] * 2, np.array([[False, True], [True, True]]), [0, 0])
    with pytest.raises(RuleViolation, match=r"^row 0: contributions\[1\] = -4 is not an integer >= 0"):
        resolve_showdowns_batch(board, holes, [[1, -4], [1, 1]], np.ones((2, 2), bool), [0, 0])
