"""``evaluate_batch``'s instruction-set paths (§2.7). The C batch passes choose AVX-512 or
AVX2 per call when the CPU has them; every path this machine supports (``ph_batch_isa``) is run here
through ``ph_check_batch_isa`` / ``ph_evaluate_checked_batch_isa`` and must give the portable path's
statuses, bad rows and values, bit for bit."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import pyholdem
from pyholdem.native.lib import ffi, lib
from pyholdem.spec.rankings import hand_value
from tests.native.test_bulk import first_bad_row, random_rows
from tests.native.test_evaluator import all_five_card_hands
from tests.native.test_evaluator_tables import load_generator, rank_multiset_hands

PATHS = list(range(lib.PH_ISA_PORTABLE, lib.ph_batch_isa() + 1))
SIZES = [0, 1, 2, 15, 16, 17, 18, 19, 27, 255, 256, 257, 511, 1000, 3001]


def flushy_rows(n: int, k: int, seed: int) -> np.ndarray:
    """Rows with k distinct cards of which most share one suit: about half of them flushes."""
    rng = np.random.default_rng(seed)
    rows = np.empty((n, k), dtype=np.uint8)
    for i in range(n):
        suit = int(rng.integers(4))
        suited = [r * 4 + suit for r in rng.choice(13, size=int(rng.integers(3, k + 1)), replace=False)]
        others = [c for c in rng.permutation(52) if c % 4 != suit][: k - len(suited)]
        rows[i] = rng.permutation(np.array(suited + others, dtype=np.uint8))
    return rows


def values_on(path: int, hands: np.ndarray) -> np.ndarray:
    rows, k = hands.shape
    out = np.full(rows, -1, dtype=np.int32)
    status = lib.ph_evaluate_checked_batch_isa(
        ffi.from_buffer("uint8_t[]", hands), rows, k, ffi.from_buffer("int32_t[]", out), path
    )
    assert status == lib.PH_OK
    return out


def check_on(path: int, hands: np.ndarray, rows: int | None = None) -> tuple[int, int | None]:
    n = len(hands) if rows is None else rows
    bad = ffi.new("size_t *")
    status = lib.ph_check_batch_isa(ffi.from_buffer("uint8_t[]", hands), n, hands.shape[1], bad, path)
    return status, (bad[0] if status != lib.PH_OK else None)


def test_2_7_this_machine_reports_a_batch_path() -> None:
    assert lib.ph_batch_isa() in (lib.PH_ISA_PORTABLE, lib.PH_ISA_AVX2, lib.PH_ISA_AVX512)
    assert PATHS[0] == lib.PH_ISA_PORTABLE


@pytest.mark.parametrize("k", [5, 6, 7])
@pytest.mark.parametrize("maker", [random_rows, flushy_rows])
def test_2_7_every_batch_path_gives_the_portable_values(k: int, maker: object) -> None:
    for size in SIZES:
        hands = maker(size, k, 100 * k + size)  # type: ignore[operator]
        portable = values_on(lib.PH_ISA_PORTABLE, hands)
        assert portable[:40].tolist() == [hand_value(r.tolist()) for r in hands[:40]]
        for path in PATHS:
            assert check_on(path, hands) == (lib.PH_OK, None)
            assert np.array_equal(values_on(path, hands), portable), (path, size)
        assert np.array_equal(pyholdem.evaluate_batch(hands), portable)


def test_2_7_every_batch_path_reads_every_rank_multiset_right() -> None:
    generator = load_generator()
    for size in (5, 6, 7):
        hands, expected = rank_multiset_hands(generator, size)
        for path in PATHS:
            assert np.array_equal(values_on(path, hands), expected), path


@settings(max_examples=120, deadline=None)
@given(
    st.integers(5, 7),
    st.integers(1, 120),
    st.lists(st.tuples(st.integers(0, 119), st.integers(0, 6), st.integers(0, 255)), max_size=3),
    st.integers(0, 2**32 - 1),
)
def test_2_7_every_check_path_finds_the_first_bad_row_like_the_spec(
    k: int, rows: int, changes: list[tuple[int, int, int]], seed: int
) -> None:
    hands = random_rows(rows, k, seed)
    for row, position, card in changes:
        hands[row % rows, position % k] = card
    expected = first_bad_row(hands, rows, k)
    for path in PATHS:
        assert check_on(path, hands) == expected, path


@pytest.mark.parametrize("k", [5, 6, 7])
def test_2_7_every_check_path_reads_only_its_rows(k: int) -> None:
    """A bad row just past the end of the batch is not seen by any path (no load reaches it)."""
    for rows in SIZES[1:]:
        hands = random_rows(rows + 1, k, rows)
        hands[rows, 0] = 255
        for path in PATHS:
            assert check_on(path, hands, rows) == (lib.PH_OK, None), (path, rows)
            assert check_on(path, hands) == (lib.PH_ERR_CARD_RANGE, rows), (path, rows)


@pytest.mark.parametrize("k", [5, 6, 7])
def test_2_7_every_value_path_is_safe_on_any_bytes(k: int) -> None:
    rng = np.random.default_rng(k + 40)
    junk = rng.integers(0, 256, size=(2000, k), dtype=np.uint8)
    junk[::3, 0] = 255
    for path in PATHS:
        out = values_on(path, junk)
        assert ((out >= 0) & (out < 9 << 12)).all()


def test_2_7_batch_paths_refuse_a_path_this_machine_lacks() -> None:
    hands = random_rows(4, 7, 0)
    cards = ffi.from_buffer("uint8_t[]", hands)
    out = ffi.new("int32_t[]", 4)
    bad = ffi.new("size_t *")
    for path in (-1, lib.ph_batch_isa() + 1, 99):
        assert lib.ph_check_batch_isa(cards, 4, 7, bad, path) == lib.PH_ERR_ARGUMENT
        assert lib.ph_evaluate_checked_batch_isa(cards, 4, 7, out, path) == lib.PH_ERR_ARGUMENT
    for path in PATHS:
        assert lib.ph_check_batch_isa(cards, 4, 8, bad, path) == lib.PH_ERR_CARD_COUNT
        assert lib.ph_check_batch_isa(ffi.NULL, 4, 7, bad, path) == lib.PH_ERR_ARGUMENT
        assert lib.ph_check_batch_isa(cards, 4, 7, ffi.NULL, path) == lib.PH_ERR_ARGUMENT
        assert lib.ph_evaluate_checked_batch_isa(ffi.NULL, 4, 7, out, path) == lib.PH_ERR_ARGUMENT
        assert lib.ph_evaluate_checked_batch_isa(cards, 0, 4, out, path) == lib.PH_ERR_CARD_COUNT
        assert lib.ph_check_batch_isa(ffi.NULL, 0, 7, bad, path) == lib.PH_OK


@pytest.mark.slow
def test_2_7_every_batch_path_values_all_five_card_hands_alike() -> None:
    """All 2,598,960 five-card hands through every path: the same values as the best path, which
    test_2_7_all_five_card_hands_have_the_spec_values_and_classes checks against the spec."""
    hands = all_five_card_hands()
    best = pyholdem.evaluate_batch(hands)
    for path in PATHS:
        assert check_on(path, hands) == (lib.PH_OK, None), path
        assert np.array_equal(values_on(path, hands), best), path
