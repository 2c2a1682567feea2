"""Bad input to ``HandBatch``: arrays of the wrong shape, dtype or length, amounts that are NaN or negative,
actions for finished rows, seeds, counts and rows out of range. A problem of the batch as a whole raises a
``BatchError`` naming the argument; a problem of one row is that row's refusal code with its section
(``REFUSALS``); either way nothing is half applied — a refused row, or the whole batch, is left as it was."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

from pyholdem import BatchError, HandBatch, IllegalAction, RuleSet, RuleViolation
from pyholdem.engine.batch import BET, CALL, CHECK, FOLD, NO_ACTION, RAISE, SECTIONS
from pyholdem.engine.batch import HandBatch as Batch
from pyholdem.engine.setup import setup_from_arguments, with_stacks
from pyholdem.native.hand import LIMIT
from pyholdem.native.lib import lib

SIX = [1000] * 6


def batch(n: int = 4, **kwargs: Any) -> HandBatch:
    return HandBatch(RuleSet(), n, SIX, button=0, blinds=(5, 10), seed=kwargs.pop("seed", 1), **kwargs)


def snapshot(b: HandBatch) -> dict[str, list[Any]]:
    obs = b.observe()
    return {name: getattr(obs, name).tolist() for name in obs.__dataclass_fields__}


def refused(call: Any, *words: str) -> BatchError:
    with pytest.raises(BatchError) as info:
        call()
    for word in words:
        assert word in str(info.value), (word, str(info.value))
    return info.value


def test_refusal_codes_match_the_c_enum() -> None:
    assert len(SECTIONS) == lib.PH_REFUSAL_COUNT
    assert SECTIONS[lib.PH_REFUSAL_OVER] == "6.1" and SECTIONS[lib.PH_REFUSAL_CHECK_PREFLOP] == "6.6"
    assert (
        SECTIONS[lib.PH_REFUSAL_NOT_REOPENED] == "7.2" and SECTIONS[lib.PH_REFUSAL_ABOVE_POT_LIMIT] == "5.9"
    )


@pytest.mark.parametrize(
    ("kinds", "words"),
    [
        (np.zeros((4, 1), dtype=np.int64), ("kinds", "shape (4, 1)")),
        (np.zeros(3, dtype=np.int64), ("kinds", "shape (3,)")),
        (np.int64(2), ("kinds", "shape ()")),
        (np.zeros(4), ("kinds", "float64")),
        (np.zeros(4, dtype=bool), ("kinds", "bool")),
        (["call"] * 4, ("kinds", "<U4")),
        (np.array([1, 2, None, 1], dtype=object), ("kinds", "object")),
    ],
)
def test_kinds_of_the_wrong_shape_or_dtype_are_refused_naming_them(
    kinds: Any, words: tuple[str, ...]
) -> None:
    b = batch()
    before = snapshot(b)
    refused(lambda: b.step(kinds), *words)
    assert snapshot(b) == before


def test_nan_and_float_amounts_are_refused_as_a_whole_negative_ones_row_by_row() -> None:
    b = batch()
    before = snapshot(b)
    kinds = np.array([RAISE, RAISE, CALL, RAISE])
    refused(lambda: b.step(kinds, np.array([100.0, np.nan, 0.0, 20.0])), "amounts", "float64")
    refused(lambda: b.step(kinds, np.array([100, 20, 0])), "amounts", "shape (3,)")
    assert snapshot(b) == before
    step = b.step(kinds, np.array([-100, 20, -5, -(2**63)]))
    assert step.sections().tolist() == ["5.6", "", "", "5.6"]
    after = snapshot(b)
    for row in (0, 3):
        assert {k: v[row] for k, v in after.items()} == {k: v[row] for k, v in before.items()}
    flop = HandBatch(RuleSet(), 1, [100, 100], button=0, blinds=(5, 10), seed=2)
    flop.step([CALL])
    flop.step([CHECK])
    assert flop.observe().street[0] == 1
    assert flop.step([BET], [-10]).sections().tolist() == ["5.5"]
    assert flop.step([BET], [2**63 - 1]).sections().tolist() == ["5.12"]
    assert (
        flop.step(np.array([BET], dtype=np.uint64), np.array([2**64 - 1], dtype=np.uint64)).sections()[0]
        == "5.12"
    )


def test_actions_for_finished_rows_are_refused_row_by_row() -> None:
    b = HandBatch(RuleSet(), 3, [100, 100], button=0, blinds=(5, 10), seed=3)
    b.step([FOLD, NO_ACTION, FOLD])
    assert b.observe().done.tolist() == [True, False, True]
    before = snapshot(b)
    step = b.step([CALL, NO_ACTION, NO_ACTION], [0, 0, 0])
    assert step.errors.tolist() == [lib.PH_REFUSAL_OVER, 0, 0] and step.sections()[0] == "6.1"
    assert step.refused.tolist() == [0] and snapshot(b) == before
    with pytest.raises(IllegalAction, match=r"row 0: .*the hand is over.*\(§6\.1\)"):
        b.step([CALL, NO_ACTION, NO_ACTION], strict=True)


def test_unknown_kinds_are_refused_row_by_row_as_hand_refuses_them() -> None:
    b = batch()
    step = b.step(np.array([7, -2, 2**40, NO_ACTION]))
    assert step.sections().tolist() == ["6.1", "6.1", "6.1", ""]
    assert step.errors[0] == lib.PH_REFUSAL_KIND
    with pytest.raises(IllegalAction, match=r"row 0: 7 is not an action"):
        b.step(np.array([7, 0, 0, 0]), strict=True)
    assert b.observe().actions.sum() == 0
    quiet = batch(history=0)
    with pytest.raises(IllegalAction, match=r"row 2: .*\(§6\.6\)"):
        quiet.step(np.array([CALL, CALL, CHECK, CALL]), strict=True)
    assert quiet.observe().actions.sum() == 0


@pytest.mark.parametrize(
    ("seed", "words"),
    [
        (-1, ("seed -1", "0..2**64 - 1")),
        (2**64, ("seed 18446744073709551616",)),
        (1.5, ("seed", "1.5")),
        ("abc", ("seed", "'abc'")),
        ([1, 2, 3], ("seed", "4 seeds")),
        ([1, 2, 3, -4], ("seed: -4",)),
        ([1, 2, 3, True], ("seed: True",)),
        (np.array([1, 2, 3, -4]), ("seed: -4",)),
        (np.array([1.0, 2, 3, 4]), ("seed", "float64")),
        (np.zeros((4, 1), dtype=np.int64), ("seed", "shape (4, 1)")),
    ],
)
def test_seeds_out_of_range_are_refused_naming_the_seed(seed: Any, words: tuple[str, ...]) -> None:
    error = refused(lambda: batch(seed=seed), *words)
    assert isinstance(error, ValueError)


@pytest.mark.parametrize(
    ("kwargs", "words"),
    [
        ({"n": 0}, ("n 0",)),
        ({"n": 10**8}, ("n 100000000",)),
        ({"n": True}, ("n True",)),
        ({"threads": 0}, ("threads 0",)),
        ({"threads": 2.0}, ("threads 2.0",)),
        ({"history": -1}, ("history -1",)),
        ({"auto_reset": 1}, ("auto_reset 1",)),
    ],
)
def test_counts_out_of_range_are_refused_naming_them(kwargs: dict[str, Any], words: tuple[str, ...]) -> None:
    n = kwargs.pop("n", 2)
    refused(lambda: HandBatch(RuleSet(), n, SIX, button=0, blinds=(5, 10), **kwargs), *words)


def test_stacks_of_the_wrong_shape_dtype_or_size_are_refused_naming_them() -> None:
    make = lambda stacks: HandBatch(RuleSet(), 3, stacks, button=0, blinds=(5, 10))  # noqa: E731
    refused(lambda: make(np.full((2, 6), 100)), "stacks", "shape (2, 6)")
    refused(lambda: make(np.full((3, 6), 100.0)), "stacks")
    refused(lambda: make(np.array([[100] * 3, [100, 0, 100], [100] * 3])), "stacks: row 1", "§3.1")
    refused(lambda: make(np.array([[100] * 3, [100] * 3, [LIMIT, 1, 1]])), "stacks: row 2")
    with pytest.raises(RuleViolation, match=r"§3\.1"):  # the set-up itself, as Hand refuses it
        make([100, -1, 100])
    rules = RuleSet(straddle_allowed=True)
    stacks = np.array([[100, 100, 100, 100], [100, 100, 100, 15]])
    with pytest.raises(BatchError, match=r"row 1: seat 3 has 15 chips; cannot straddle 20 \(§3\.16\)"):
        HandBatch(rules, 2, stacks, button=0, blinds=(5, 10), straddles=(20,))


def test_set_ups_the_batch_cannot_deal_again_are_refused_naming_them() -> None:
    setup = setup_from_arguments(RuleSet(), SIX, button=0, blinds=(5, 10))
    refused(lambda: HandBatch(setup), "n None")
    seeded = setup_from_arguments(RuleSet(), SIX, button=0, blinds=(5, 10), seed=4)
    refused(lambda: HandBatch(seeded, 3), "setup.seed 4", "§1.4")
    carded = setup_from_arguments(RuleSet(), [100, 100], button=0, blinds=(5, 10), hole_cards=["AsAh", None])
    refused(lambda: HandBatch(carded, 3), "setup", "no cards")
    worded = setup_from_arguments(RuleSet(), SIX, button=0, blinds=(5, 10), seed="words")
    refused(lambda: HandBatch([setup, worded]), "setups[1].seed 'words'")
    sleeper = setup_from_arguments(RuleSet(sleeper_allowed=True), SIX, button=0, blinds=(5, 10), sleeper=4)
    refused(lambda: HandBatch([setup, sleeper]), "setups[1]", "sleeper")
    refused(lambda: HandBatch([]), "rules []")
    refused(lambda: HandBatch([setup, "x"]), "setups[1] 'x'")  # type: ignore[list-item]
    refused(lambda: HandBatch([setup, setup], 3), "n 3")
    refused(lambda: HandBatch(RuleSet(), 2, SIX, button=0, blinds=(5, 10), hole_cards=None), "hole_cards")
    refused(lambda: HandBatch(setup, 2, SIX), "no stacks")
    two = HandBatch([setup, with_stacks(setup, setup.stacks, 5)], seed=2)
    assert two.row_seed(1) == 5 and two.row_seed(0) == 2 * 2**32


def test_rows_out_of_range_or_order_are_refused_naming_them() -> None:
    b = batch()
    before = snapshot(b)
    for rows in ([2, 1], [1, 1], [0, 4], [-1, 0], np.array([0.0, 1.0])):
        refused(lambda r=rows: b.step([CALL, CALL], rows=r), "rows")
    refused(lambda: b.step([CALL], rows=[0, 1]), "kinds", "shape (1,)")
    assert snapshot(b) == before
    assert b.step([], rows=[]).errors.size == 0


def test_reset_refuses_unfinished_rows_and_bad_seeds() -> None:
    b = batch(n=3)
    refused(lambda: b.reset([0]), "row 0's hand is not over")
    refused(lambda: b.reset([0, 0]), "distinct")
    refused(lambda: b.reset([5]), "rows")
    b.step([FOLD] * 3)
    for _ in range(5):
        obs = b.observe()
        b.step(np.where(obs.done, NO_ACTION, FOLD))
    refused(lambda: b.reset([0, 1], seeds=[1]), "seeds")
    refused(lambda: b.reset([0, 1], seeds=[1, -1]), "seeds: -1")
    assert b.reset().tolist() == [0, 1, 2]
    per_row = batch(n=2, seed=[1, 2])
    refused(lambda: batch(n=2, seed=[1, 2], auto_reset=True), "auto_reset")
    per_row.step([FOLD, FOLD])
    for _ in range(5):
        per_row.step(np.where(per_row.observe().done, NO_ACTION, FOLD))
    refused(lambda: per_row.reset(), "seeded row by row")


def test_views_and_rows_out_of_range_are_refused() -> None:
    b = batch()
    for seat in (6, -1, "dealer", np.array([0, 1, 2]), np.array([0, 1, 2, 9])):
        refused(lambda s=seat: b.observe(seat=s), "seat")
    for row in (-1, 4, 1.0, None):
        refused(lambda r=row: b.to_hand(r), "row")
    refused(lambda: Batch(RuleSet(), 2, SIX, button=0, blinds=(5, 10), history=0).to_hand(0), "history=0")
    with pytest.raises(ValueError):
        b.observe().stacks[0, 0] = 5


ARRAYS = hnp.arrays(
    dtype=st.sampled_from([np.int8, np.int64, np.uint8, np.uint64, np.float64, np.bool_, np.int32]),
    shape=hnp.array_shapes(min_dims=0, max_dims=2, max_side=5),
)


@given(kinds=ARRAYS, amounts=st.none() | ARRAYS, rows=st.none() | ARRAYS)
def test_any_arrays_step_or_are_refused_whole_and_never_crash(kinds: Any, amounts: Any, rows: Any) -> None:
    b = HandBatch(RuleSet(), 4, [50, 50, 50], button=0, blinds=(5, 10), seed=6)
    before = snapshot(b)
    try:
        step = b.step(kinds, amounts, rows=rows)
    except BatchError:
        assert snapshot(b) == before
        return
    changed = [i for i in range(4) if snapshot(b)["actions"][i] != before["actions"][i]]
    stepped = list(range(4)) if rows is None else rows.tolist()
    applied = [stepped[j] for j in range(len(stepped)) if step.errors[j] == 0 and kinds[j] != NO_ACTION]
    assert changed == sorted(applied)
