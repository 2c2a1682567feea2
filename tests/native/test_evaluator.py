"""The C evaluator against the spec oracle (spec 02): values, refusals, batches, masks, enumeration."""

from __future__ import annotations

from itertools import combinations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import pyholdem
from pyholdem import Card, Category, InvalidCards, RuleViolation
from pyholdem.native import TWINS, lib
from pyholdem.native import evaluator as c_eval
from pyholdem.spec import rankings
from pyholdem.spec.cards import standard_deck
from pyholdem.spec.rankings import hand_value

DECK = standard_deck()
SEVEN_CARD_COUNTS = {
    Category.STRAIGHT_FLUSH: 41_584,
    Category.FOUR_OF_A_KIND: 224_848,
    Category.FULL_HOUSE: 3_473_184,
    Category.FLUSH: 4_047_644,
    Category.STRAIGHT: 6_180_020,
    Category.THREE_OF_A_KIND: 6_461_620,
    Category.TWO_PAIR: 31_433_400,
    Category.ONE_PAIR: 58_627_800,
    Category.HIGH_CARD: 23_294_460,
}
SIX_CARD_COUNTS = {
    Category.STRAIGHT_FLUSH: 1_844,
    Category.FOUR_OF_A_KIND: 14_664,
    Category.FULL_HOUSE: 165_984,
    Category.FLUSH: 205_792,
    Category.STRAIGHT: 361_620,
    Category.THREE_OF_A_KIND: 732_160,
    Category.TWO_PAIR: 2_532_816,
    Category.ONE_PAIR: 9_730_740,
    Category.HIGH_CARD: 6_612_900,
}
FIVE_CARD_COUNTS = {
    Category.STRAIGHT_FLUSH: 40,
    Category.FOUR_OF_A_KIND: 624,
    Category.FULL_HOUSE: 3_744,
    Category.FLUSH: 5_108,
    Category.STRAIGHT: 10_200,
    Category.THREE_OF_A_KIND: 54_912,
    Category.TWO_PAIR: 123_552,
    Category.ONE_PAIR: 1_098_240,
    Category.HIGH_CARD: 1_302_540,
}


def hands(size: int) -> st.SearchStrategy[list[int]]:
    return st.lists(st.integers(0, 51), min_size=size, max_size=size, unique=True)


def spec_or_error(call: object) -> object:
    try:
        return call()  # type: ignore[operator]
    except pyholdem.PyHoldemError as exc:
        return type(exc)


def test_2_4_twins_are_registered() -> None:
    assert TWINS["pyholdem.spec.rankings:hand_value"][0] == "ph_hand_value"
    assert TWINS["pyholdem.spec.rankings:equity"][0] == "ph_equity"
    for c_name, _ in TWINS.values():
        assert hasattr(lib, c_name)


@given(st.integers(5, 7).flatmap(hands))
def test_2_4_c_matches_the_spec_on_random_hands(ids: list[int]) -> None:
    expected = hand_value(ids)
    assert lib.ph_hand_value(bytes(ids), len(ids)) == expected
    assert getattr(lib, f"ph_hand_value{len(ids)}")(bytes(ids)) == expected
    assert c_eval.hand_value(ids) == expected
    assert pyholdem.evaluate(ids) == expected
    assert pyholdem.evaluate([Card(i) for i in ids]) == expected
    assert pyholdem.evaluate(" ".join(str(Card(i)) for i in ids)) == expected
    assert pyholdem.evaluate([str(Card(i)) for i in ids]) == expected
    assert pyholdem.evaluate_mask(pyholdem.cards_to_mask(ids)) == expected
    batch = pyholdem.evaluate_batch(np.array([ids, ids[::-1]], dtype=np.uint8))
    assert batch.tolist() == [expected, expected]


@given(st.lists(st.integers(0, 255), min_size=0, max_size=9))
def test_2_4_c_and_spec_refuse_the_same_inputs(ids: list[int]) -> None:
    spec = spec_or_error(lambda: hand_value(ids))
    c_status = lib.ph_hand_value(bytes(ids), len(ids))
    if 5 <= len(ids) <= 7:
        assert getattr(lib, f"ph_hand_value{len(ids)}")(bytes(ids)) == c_status
    if isinstance(spec, int):
        assert c_status == spec
    else:
        assert spec is InvalidCards and c_status < 0
        with pytest.raises(InvalidCards):
            c_eval.hand_value(ids)
        with pytest.raises(InvalidCards):
            pyholdem.evaluate(ids)
        if 5 <= len(ids) <= 7:
            with pytest.raises(InvalidCards, match=r"^row 0: "):
                pyholdem.evaluate_batch(np.array([ids], dtype=np.uint8))


@pytest.mark.parametrize(
    "bad",
    [
        "As Kd Qh Jc",
        "As Kd Qh Jc Ts 9s 8s 7s",
        "As Kd Qh Jc As",
        "As Kd Qh Jc Tx",
        "As Kd Qh Jc 10s",
        [51, 47, 43, 39, 52],
        [51, 47, 43, 39, True],
        [51, 47, 43, 39, 35.0],
        [51, 47, 43, 39, -1],
        [51, 47, 43, 39, None],
        [51, 47, 43, 39, False],
        [51, 47, 43, 39, "2c"[:1]],
        42,
    ],
)
def test_2_4_evaluate_refuses_exactly_like_the_spec(bad: object) -> None:
    with pytest.raises(InvalidCards) as spec_error:
        hand_value(bad)  # type: ignore[arg-type]
    with pytest.raises(InvalidCards) as c_error:
        pyholdem.evaluate(bad)  # type: ignore[arg-type]
    assert str(c_error.value) == str(spec_error.value)


def test_2_4_evaluate_accepts_numpy_integers_as_ids() -> None:
    ids = np.array([51, 47, 43, 39, 0, 1, 2], dtype=np.int64)
    assert pyholdem.evaluate(list(ids)) == hand_value(ids.tolist())
    with pytest.raises(InvalidCards, match="outside"):
        pyholdem.evaluate([*list(ids[:4]), np.int64(52)])


def test_2_4_evaluate_accepts_every_spec_spelling() -> None:
    expected = hand_value("As Kd Qh Jc Ts")
    for spelling in ["As Kd Qh Jc Ts", "asKDqhJCts", "As,Kd,Qh,Jc,Ts", ("As", "Kd", "Qh", "Jc", "Ts")]:
        assert pyholdem.evaluate(spelling) == expected
    assert pyholdem.evaluate(iter([51, 46, 42, 37, 35])) == expected


def test_2_4_evaluate_mask_refusals() -> None:
    full = pyholdem.cards_to_mask("As Kd Qh Jc Ts")
    assert pyholdem.evaluate_mask(full) == hand_value("As Kd Qh Jc Ts")
    with pytest.raises(InvalidCards, match=r"not 4 \(§2\.4\)"):
        pyholdem.evaluate_mask(pyholdem.cards_to_mask("As Kd Qh Jc"))
    with pytest.raises(InvalidCards, match=r"not 8 \(§2\.4\)"):
        pyholdem.evaluate_mask(pyholdem.cards_to_mask("As Kd Qh Jc Ts 2c 3c 4c"))
    with pytest.raises(InvalidCards, match=r"above card 51 \(§1\.7\)"):
        pyholdem.evaluate_mask(full | 1 << 52)
    for bad in (-1, 1 << 64, "As", 1.0, None):
        with pytest.raises(InvalidCards, match="not a card mask"):
            pyholdem.evaluate_mask(bad)  # type: ignore[arg-type]


@given(st.integers(5, 7).flatmap(lambda k: st.lists(hands(k), min_size=0, max_size=20)))
def test_2_4_batch_matches_the_spec_for_every_width(rows: list[list[int]]) -> None:
    k = len(rows[0]) if rows else 7
    array = np.array(rows, dtype=np.uint8).reshape(len(rows), k)
    values = pyholdem.evaluate_batch(array)
    assert values.dtype == np.int32 and values.shape == (len(rows),)
    assert values.tolist() == [hand_value(r) for r in rows]
    out = np.full(len(rows), -1, dtype=np.int32)
    assert pyholdem.evaluate_batch(array.tobytes(), out, k=k) is out
    assert out.tolist() == values.tolist()


def test_2_4_batch_reports_the_first_bad_row() -> None:
    good = [51, 47, 43, 39, 35, 2, 3]
    array = np.array([good] * 5, dtype=np.uint8)
    array[3, 6] = 51
    array[4, 0] = 99
    with pytest.raises(InvalidCards, match=r"^row 3: card As appears twice \(§1\.1\)$"):
        pyholdem.evaluate_batch(array)
    array[2, 1] = 200
    with pytest.raises(InvalidCards, match=r"^row 2: card id 200 is outside 0\.\.51 \(§1\.7\)$"):
        pyholdem.evaluate_batch(array)


@pytest.mark.parametrize(
    ("hands_", "kwargs", "message"),
    [
        (np.zeros((3, 7), dtype=np.float64), {}, "integer array of card ids, not float64"),
        (np.zeros((3, 7), dtype=np.bool_), {}, "integer array of card ids, not bool"),
        (np.array([[1, 2, 3, 4, 5], [1, 2, 3, 4, -1]], dtype=np.int64), {}, "row 1: card id -1 is outside"),
        (np.array([[1, 2, 3, 4, 300]], dtype=np.uint16), {}, "row 0: card id 300 is outside"),
        (np.zeros((3, 4), dtype=np.uint8), {}, r"shape \(N, 5..7\), not \(3, 4\)"),
        (np.zeros(21, dtype=np.uint8), {}, r"shape \(N, 5..7\), not \(21,\)"),
        (bytes(21), {}, "give k for a flat buffer"),
        (bytes(20), {"k": 7}, "not a whole number of 7-card hands"),
        ([[1, 2, 3, 4, 5]], {}, "a NumPy array or a buffer, not list"),
        (memoryview(np.zeros((2, 5), dtype=np.uint16)), {}, "unsigned bytes"),
        (memoryview(np.zeros((4, 5), dtype=np.uint8))[::2], {}, "C-contiguous"),
    ],
)
def test_2_4_batch_refuses_malformed_arrays(hands_: object, kwargs: dict[str, int], message: str) -> None:
    with pytest.raises(InvalidCards, match=message):
        pyholdem.evaluate_batch(hands_, **kwargs)


def test_2_4_batch_accepts_strided_arrays_by_copying() -> None:
    wide = np.array([[51, 0, 47, 0, 43, 0, 39, 0, 35, 0]] * 2, dtype=np.uint8)
    assert pyholdem.evaluate_batch(wide[:, ::2]).tolist() == [hand_value([51, 47, 43, 39, 35])] * 2


def test_2_7_batch_refuses_bad_out_arrays() -> None:
    array = np.array([[51, 47, 43, 39, 35]] * 4, dtype=np.uint8)
    read_only = np.zeros(4, dtype=np.int32)
    read_only.flags.writeable = False
    for out, message in [
        (np.zeros(4, dtype=np.int64), "int32 array of shape"),
        (np.zeros(3, dtype=np.int32), "int32 array of shape"),
        (np.zeros(8, dtype=np.int32)[::2], "C-contiguous"),
        (read_only, "read-only"),
        ([0, 0, 0, 0], "int32 array of shape"),
    ]:
        with pytest.raises(RuleViolation, match=message):
            pyholdem.evaluate_batch(array, out)


def test_2_4_batch_of_nothing() -> None:
    assert pyholdem.evaluate_batch(np.zeros((0, 6), dtype=np.uint8)).shape == (0,)


def test_2_4_c_refuses_bad_arguments_without_crashing() -> None:
    from pyholdem.native import ffi

    bad = ffi.new("size_t *")
    out = ffi.new("int32_t[1]")
    assert lib.ph_evaluate_batch(ffi.NULL, 1, 7, out, bad) == lib.PH_ERR_ARGUMENT
    assert lib.ph_evaluate_batch(bytes(7), 1, 8, out, bad) == lib.PH_ERR_CARD_COUNT
    assert lib.ph_evaluate_batch(bytes(7), 1, 7, out, ffi.NULL) == lib.PH_ERR_ARGUMENT
    assert lib.ph_hand_value(ffi.NULL, 5) == -lib.PH_ERR_ARGUMENT
    assert lib.ph_hand_value7(ffi.NULL) == -lib.PH_ERR_ARGUMENT
    assert lib.ph_enumerate_categories(4, ffi.new("uint64_t[9]")) == lib.PH_ERR_CARD_COUNT
    assert lib.ph_enumerate_categories(7, ffi.NULL) == lib.PH_ERR_ARGUMENT


def all_five_card_hands() -> np.ndarray:
    return np.array(list(combinations(range(52), 5)), dtype=np.uint8)


def spec_values_by_ranks_and_flush(array: np.ndarray) -> np.ndarray:
    """The spec's value of every five-card row, looked up by (sorted ranks, all one suit).

    Within five cards suits matter only through the flush (§2.5, tested in tests/spec), so the
    spec is asked once per rank multiset and flush flag.
    """
    ranks = np.sort(array >> 2, axis=1).astype(np.int64)
    flush = (array & 3 == (array[:, :1] & 3)).all(axis=1)
    code = (ranks * np.array([13**4, 13**3, 13**2, 13, 1])).sum(axis=1) * 2 + flush
    table = np.full(2 * 13**5, -1, dtype=np.int32)
    for c in np.unique(code).tolist():
        r, suited = divmod(c, 2)
        digits = [(r // 13**i) % 13 for i in (4, 3, 2, 1, 0)]
        cards = [d * 4 + (0 if suited else i % 4) for i, d in enumerate(digits)]
        table[c] = rankings.value_of_key(rankings.five_card_key(cards))
    return table[code]


@pytest.mark.slow
def test_2_7_all_five_card_hands_have_the_spec_values_and_classes() -> None:
    array = all_five_card_hands()
    assert len(array) == 2_598_960
    c_values = pyholdem.evaluate_batch(array)
    spec_values = spec_values_by_ranks_and_flush(array)
    assert (c_values == spec_values).all()
    distinct = np.unique(c_values)
    assert len(distinct) == rankings.HAND_CLASSES
    assert [pyholdem.hand_class(int(v)) for v in distinct] == list(range(7462, 0, -1))
    categories = np.bincount(c_values >> 12, minlength=9)
    assert {Category(i): int(n) for i, n in enumerate(categories)} == FIVE_CARD_COUNTS


def test_2_1_enumerated_category_counts() -> None:
    assert pyholdem.enumerate_categories(5) == FIVE_CARD_COUNTS
    assert pyholdem.enumerate_categories(6) == SIX_CARD_COUNTS
    assert list(pyholdem.enumerate_categories(5)) == sorted(Category, reverse=True)
    for bad in (4, 8, "7", 7.0, True):
        with pytest.raises(InvalidCards):
            pyholdem.enumerate_categories(bad)  # type: ignore[arg-type]


@pytest.mark.slow
def test_2_1_all_seven_card_hands_by_category() -> None:
    counts = pyholdem.enumerate_categories(7)
    assert counts == SEVEN_CARD_COUNTS
    assert sum(counts.values()) == 133_784_560


def test_2_8_public_value_helpers_are_the_spec() -> None:
    value = pyholdem.evaluate("Kh Ks 5d 5c Qs 2c 3d")
    assert pyholdem.describe(value) == "Two Pair, Kings and Fives, Queen kicker"
    assert pyholdem.category(value) is Category.TWO_PAIR
    assert pyholdem.hand_class(value) == rankings.hand_class(value)


@pytest.mark.slow
def test_2_4_many_random_seven_card_hands_match_the_spec() -> None:
    rng = np.random.default_rng(20261130)
    rows = np.argsort(rng.random((5000, 52)), axis=1)[:, :7].astype(np.uint8)
    values = pyholdem.evaluate_batch(rows)
    assert values.tolist() == [hand_value(r) for r in rows.tolist()]


@pytest.mark.parametrize("dtype", [np.int8, np.int16, np.int32, np.int64, np.uint16, np.uint32, np.uint64])
def test_2_4_batch_takes_every_integer_dtype(dtype: type) -> None:
    rows = np.array([[51, 47, 43, 39, 35, 2, 3], [0, 4, 8, 12, 17, 21, 50]], dtype=np.uint8)
    assert np.array_equal(pyholdem.evaluate_batch(rows.astype(dtype)), pyholdem.evaluate_batch(rows))
