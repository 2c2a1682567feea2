"""NumPy integers of any dtype are taken wherever Python ints are (stacks, blinds, seats, amounts,
card ids) and give the same hands, histories and values; bools, floats and out-of-range values are
refused with the same typed errors as their Python twins."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import pyholdem as ph
from pyholdem.history.phh import dumps_many
from pyholdem.history.record import history_from_hand
from pyholdem.history.sessions import table_histories
from pyholdem.values import plain

DTYPES = (np.int16, np.int32, np.int64, np.uint16, np.uint32, np.uint64, np.intp)
RULES = ph.preset("tda_2024")


def play(hand: ph.Hand, raise_to: int | np.integer) -> str:
    """Raise once when possible, call or check the rest; the hand's PHH."""
    raised = False
    while not hand.is_over:
        legal = hand.legal_actions()
        if not raised and legal.min_raise_to is not None and legal.min_raise_to <= raise_to:
            hand.act("raise" if not legal.is_bet else "bet", min(raise_to, legal.max_raise_to or raise_to))
            raised = True
        elif legal.call is not None:
            hand.call()
        else:
            hand.check()
    return dumps_many([history_from_hand(hand)])


@settings(max_examples=40, deadline=None)
@given(
    st.lists(st.integers(20, 5000), min_size=2, max_size=9),
    st.sampled_from(DTYPES),
    st.integers(0, 8),
    st.integers(20, 400),
    st.sampled_from(["spec", "native"]),
)
def test_3_1_numpy_stacks_seats_and_amounts_play_the_same_hand(
    stacks: list[int], dtype: type, button: int, raise_to: int, engine: str
) -> None:
    button %= len(stacks)
    plain_hand = ph.Hand(RULES, stacks, button=button, blinds=(5, 10), seed=7, engine=engine)
    numpy_hand = ph.Hand(
        RULES,
        np.array(stacks, dtype=dtype),
        button=dtype(button),
        blinds=(dtype(5), np.int64(10)),
        seed=7,
        engine=engine,
    )
    assert play(numpy_hand, dtype(raise_to)) == play(plain_hand, raise_to)
    assert all(type(s) is int for s in numpy_hand.result.stacks)


@pytest.mark.parametrize(
    ("value", "message"),
    [(np.bool_(True), "must be an integer"), (np.float64(1000), "must be an integer"), (True, "must be")],
)
def test_3_1_bools_and_floats_are_refused_like_python_values(value: object, message: str) -> None:
    with pytest.raises(ph.RuleViolation, match=message):
        ph.Hand(RULES, [1000, value], button=0, blinds=(5, 10))  # type: ignore[list-item]


def test_3_1_arrays_that_are_not_integers_are_refused() -> None:
    for array in (np.array([1000.0, 1000.0]), np.array([True, True])):
        with pytest.raises(ph.RuleViolation, match=r"§3\.1"):
            ph.Hand(RULES, array, button=0, blinds=(5, 10))  # type: ignore[arg-type]


def test_6_4_numpy_amounts_are_refused_like_python_amounts() -> None:
    for amount in (np.int64(15), 15):
        hand = ph.Hand(RULES, [1000, 1000, 1000], button=0, blinds=(5, 10), seed=1)
        with pytest.raises(ph.IllegalAction) as refused:
            hand.raise_to(amount)
        assert "raise to 15" in str(refused.value)


def test_3_22_a_table_takes_numpy_stakes_and_stacks() -> None:
    table = ph.Table(ph.preset("tda_2024_cash"), np.int64(6), blinds=(np.int32(5), np.uint64(10)))
    table.sit(np.int8(0), np.int64(1000))
    table.sit(np.uint8(1), np.int32(1000))
    table.add_chips(np.int64(1), np.int64(100))
    hand = table.next_hand()
    while not hand.is_over:
        hand.call() if hand.legal_actions().call is not None else hand.check()
    assert "blinds_or_straddles" in dumps_many(table_histories(table))
    assert all(type(view.stack) is int for view in table.seats if view.stack is not None)


def test_plain_turns_numpy_integers_into_ints_and_leaves_the_rest() -> None:
    assert plain(np.array([1, 2], dtype=np.uint8)) == [1, 2]
    assert plain((np.int64(3), [np.int8(4)])) == (3, [4])
    assert type(plain(np.int64(3))) is int
    for other in (np.bool_(True), np.float64(1.5), "7", None):
        assert plain(other) is other
    assert plain(np.array([1.5])).dtype == np.float64
