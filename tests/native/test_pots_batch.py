"""The batch pot resolver: each row equals the spec's settlement; bad rows and arrays are named, no crash."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from pyholdem import RuleViolation, resolve_pots_batch
from pyholdem.spec import showdown
from tests.native.test_pots import ODD_CHIP_RULES


@st.composite
def batches(draw: st.DrawFn) -> dict[str, Any]:
    """Up to 12 hands of one seat count, tied contributions and values, random folds, units and rules."""
    n = draw(st.integers(2, 10))
    rows = draw(st.integers(1, 12))
    unit = draw(st.sampled_from([1, 1, 2, 5, 25]))
    levels = draw(st.lists(st.integers(0, 30), min_size=1, max_size=4))
    odd = st.sampled_from([0, 0, 0, 1, 3])
    contributions = [
        [draw(st.sampled_from(levels)) * unit + draw(odd) for _ in range(n)] for _ in range(rows)
    ]
    folded = [
        draw(st.lists(st.booleans(), min_size=n, max_size=n).filter(lambda f: not all(f)))
        for _ in range(rows)
    ]
    pool = draw(st.lists(st.integers(0, 2**31 - 1), min_size=1, max_size=3))
    values = [[draw(st.sampled_from(pool)) for _ in range(n)] for _ in range(rows)]
    dead = draw(
        st.none() | st.just([[draw(st.sampled_from([0, 0, 1, unit])) for _ in range(n)] for _ in range(rows)])
    )
    return {
        "contributions": contributions,
        "folded": folded,
        "values": values,
        "button": [draw(st.integers(0, n - 1)) for _ in range(rows)],
        "dead": dead,
        "odd_chip_rule": draw(st.sampled_from(ODD_CHIP_RULES)),
        "chip_unit": draw(st.sampled_from([unit, 1, 4])),
    }


def as_arrays(args: dict[str, Any], value_dtype: Any = np.int32) -> dict[str, Any]:
    return {
        "contributions": np.array(args["contributions"], dtype=np.int64),
        "folded": np.array(args["folded"], dtype=bool),
        "values": np.array(args["values"], dtype=value_dtype),
        "button": np.array(args["button"], dtype=np.int64),
        "dead": None if args["dead"] is None else np.array(args["dead"], dtype=np.int64),
        "odd_chip_rule": args["odd_chip_rule"],
        "chip_unit": args["chip_unit"],
    }


def batch(arrays: dict[str, Any]) -> Any:
    keywords = {k: arrays[k] for k in ("dead", "odd_chip_rule", "chip_unit")}
    return resolve_pots_batch(
        arrays["contributions"], arrays["folded"], arrays["values"], arrays["button"], **keywords
    )


def spec_rows(args: dict[str, Any]) -> list[tuple[int, ...]]:
    rows = []
    for i in range(len(args["button"])):
        settlement = showdown.resolve_pots(
            args["contributions"][i],
            args["folded"][i],
            args["values"][i],
            args["button"][i],
            dead=None if args["dead"] is None else args["dead"][i],
            odd_chip_rule=args["odd_chip_rule"],
            chip_unit=args["chip_unit"],
        )
        rows.append(settlement.payouts)
    return rows


@given(batches(), st.sampled_from([np.int32, np.int64, np.uint32]))
def test_8_10_batch_rows_equal_spec(args: dict[str, Any], value_dtype: Any) -> None:
    payouts = batch(as_arrays(args, value_dtype))
    assert payouts.dtype == np.int64 and payouts.shape == (len(args["button"]), len(args["folded"][0]))
    assert [tuple(int(x) for x in row) for row in payouts] == spec_rows(args)


def test_8_10_batch_ignores_folded_seats_values_and_accepts_no_hands() -> None:
    values = np.array([[-5, 7], [2**40, 3]], dtype=np.int64)
    folded = np.array([[True, False], [True, False]])
    payouts = resolve_pots_batch([[10, 10], [0, 4]], folded, values, [0, 1])
    assert payouts.tolist() == [[0, 20], [0, 4]]
    empty = resolve_pots_batch(
        np.zeros((0, 6), np.int64), np.zeros((0, 6), bool), np.zeros((0, 6), np.int32), []
    )
    assert empty.shape == (0, 6)


def _set(field: str, value: Any) -> Any:
    return lambda a, r, s: a[field][r].__setitem__(s, value)


def _live_value(a: dict[str, Any], r: int, s: int) -> None:
    a["folded"][r][s] = False
    a["values"][r][s] = -1


ROW_BREAKS = [
    ("contributions[{seat}] = -1 is not an integer >= 0", _set("contributions", -1)),
    ("dead[{seat}] = -2 is not an integer >= 0", _set("dead", -2)),
    ("values[{seat}] = -1 is not a hand value", _live_value),
    ("button = {n} is not a seat", lambda a, r, s: a["button"].__setitem__(r, len(a["folded"][r]))),
    ("button = -1 is not a seat", lambda a, r, s: a["button"].__setitem__(r, -1)),
    ("every seat has folded", lambda a, r, s: a["folded"].__setitem__(r, [True] * len(a["folded"][r]))),
]


@pytest.mark.parametrize(("message", "breaker"), ROW_BREAKS, ids=[m.split()[0] for m, _ in ROW_BREAKS])
@given(args=batches(), data=st.data())
def test_7_7_batch_names_the_bad_row_and_field(
    message: str, breaker: Any, args: dict[str, Any], data: st.DataObject
) -> None:
    n = len(args["folded"][0])
    if args["dead"] is None:
        args["dead"] = [[0] * n for _ in args["button"]]
    row = data.draw(st.integers(0, len(args["button"]) - 1))
    seat = data.draw(st.integers(0, n - 1))
    breaker(args, row, seat)
    with pytest.raises(RuleViolation) as info:
        batch(as_arrays(args))
    assert str(info.value).startswith(f"row {row}: " + message.format(seat=seat, n=n))
    assert info.value.section == "7.7"


def _valid() -> dict[str, Any]:
    return {
        "contributions": np.array([[10, 20, 20]], dtype=np.int64),
        "folded": np.array([[False, False, True]]),
        "values": np.array([[3, 4, 5]], dtype=np.int32),
        "button": np.array([2]),
        "dead": None,
        "odd_chip_rule": None,
        "chip_unit": 1,
    }


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        (
            "contributions",
            np.array([[10.0, 20.0, 20.0]]),
            "contributions must be an integer array, got dtype f",
        ),
        ("contributions", np.array([10, 20, 20]), "contributions must be a 2-dimensional array"),
        ("contributions", np.array([[1, 2, 2**64 - 1]], dtype=np.uint64), "row 0: contributions[2] = 1844"),
        ("contributions", np.zeros((1, 11), np.int64), "contributions has 11 seats"),
        ("contributions", np.zeros((1, 1), np.int64), "contributions has 1 seats"),
        ("folded", np.array([[0, 0, 1]]), "folded must be a bool array, got dtype int64"),
        ("folded", np.array([[False, False]]), "folded has shape (1, 2); contributions has (1, 3)"),
        ("values", np.array([[3, 4]], dtype=np.int32), "values has shape (1, 2)"),
        ("values", np.array([["a", "b", "c"]]), "values must be an integer array"),
        ("values", np.array([[3, 2**31, 5]], dtype=np.int64), "row 0: values[1] = 2147483648 is not a hand"),
        ("button", np.array([0, 1]), "button has shape (2,); expected (1,)"),
        ("button", np.array([[0]]), "button must be a 1-dimensional array"),
        ("button", np.array([1.0]), "button must be an integer array"),
        ("button", np.array([2**63], dtype=np.uint64), "row 0: button = 9223372036854775808 does not fit"),
        ("dead", np.array([[0, 0]]), "dead has shape (1, 2)"),
        ("chip_unit", 0, "chip_unit = 0 is not an integer >= 1"),
        ("chip_unit", 2.0, "chip_unit = 2.0 is not an integer >= 1"),
        ("odd_chip_rule", "closest", "odd_chip_rule = 'closest' is not None or one of"),
    ],
)
def test_7_7_batch_refuses_bad_arrays(field: str, value: Any, message: str) -> None:
    arrays = _valid()
    arrays[field] = value
    with pytest.raises(RuleViolation) as info:
        batch(arrays)
    assert str(info.value).startswith(message)


def test_7_7_batch_refuses_totals_beyond_int64() -> None:
    big = np.array([[0, 0], [2**62, 2**62]], dtype=np.int64)
    with pytest.raises(RuleViolation, match=r"^row 1: the chips in the hand .* exceed"):
        resolve_pots_batch(big, np.zeros((2, 2), bool), np.ones((2, 2), np.int32), [0, 0])


def test_7_7_batch_accepts_non_contiguous_views() -> None:
    c = np.array([[10, 99, 20, 99, 20, 99]], dtype=np.int64)[:, ::2]
    v = np.array([[3, 4, 5]], dtype=np.int32)
    assert resolve_pots_batch(c, np.array([[False, False, False]]), v, [0]).tolist() == [[0, 0, 50]]


def test_7_7_batch_refuses_ragged_rows() -> None:
    with pytest.raises(RuleViolation, match="contributions is not a rectangular array"):
        resolve_pots_batch([[1, 2], [1, 2, 3]], np.zeros((2, 2), bool), np.zeros((2, 2), np.int32), [0, 0])
