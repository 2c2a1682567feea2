"""The C twin of ICM (§9.19, csrc/icm.c) against the spec's ``icm_values``: exact values within 1e-9 of
the pool, sampled values within the stated bound, and the same refusals."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pyholdem import RuleViolation
from pyholdem.native import TWINS, lib
from pyholdem.native import icm as c_icm
from pyholdem.spec import tournament as spec
from tests.native.twins import wrapper_of

FIELDS = st.integers(1, 7).flatmap(
    lambda n: st.tuples(
        st.lists(st.one_of(st.integers(1, 10**6), st.integers(1, 10)), min_size=n, max_size=n),
        st.lists(st.integers(0, 10**6), min_size=0, max_size=n),
    )
)


def _close(c_values: tuple[float, ...], spec_values: tuple[Fraction | float, ...], pool: int) -> bool:
    return all(
        abs(Fraction(c) - Fraction(s)) <= Fraction(max(pool, 1), 10**9)
        for c, s in zip(c_values, spec_values, strict=True)
    )


def test_9_19_icm_twin_is_registered() -> None:
    c_name, wrapper = TWINS["pyholdem.spec.tournament:icm_values"]
    assert wrapper_of(wrapper) is c_icm.icm_values
    assert hasattr(lib, c_name) and hasattr(lib, "ph_icm_sample")


@settings(max_examples=300)
@given(FIELDS)
def test_9_19_c_exact_icm_equals_the_spec(field: tuple[list[int], list[int]]) -> None:
    stacks, prizes = field
    want = spec.icm_values(stacks, prizes, method="exact")
    got = c_icm.icm_values(stacks, prizes, method="exact")
    assert got.exact and len(got.values) == len(stacks)
    assert _close(got.values, want.values, sum(prizes))


def test_9_19_c_exact_icm_published_vector() -> None:
    got = c_icm.icm_values([150000, 98750, 45500, 13250], [425, 280, 130, 75]).values
    assert [round(v, 2) for v in got] == [323.2, 278.12, 195.79, 112.89]


@pytest.mark.parametrize(("players", "paid"), [(13, 13), (40, 3), (200, 2), (17, 5)])
def test_9_19_c_exact_icm_equals_the_spec_on_float_fields(players: int, paid: int) -> None:
    stacks = [(7919 * i) % 1000 + 1 for i in range(players)]
    prizes = [100 * (paid - i) for i in range(paid)]
    want = spec.icm_values(stacks, prizes, method="exact")
    got = c_icm.icm_values(stacks, prizes, method="exact")
    assert _close(got.values, want.values, sum(prizes))
    assert abs(sum(got.values) - sum(prizes)) <= sum(prizes) * 1e-12


def test_9_19_c_exact_icm_keeps_precision_when_one_stack_holds_nearly_all() -> None:
    stacks, prizes = [1, 10**15, 3, 2], [70, 20, 10]
    want = spec.icm_values(stacks, prizes, method="exact")
    assert _close(c_icm.icm_values(stacks, prizes, method="exact").values, want.values, 100)


def test_9_19_c_icm_scales_stacks_beyond_62_bits() -> None:
    stacks, prizes = [2**70, 2**70 + 2**40, 3 * 2**68], [60, 40]
    want = spec.icm_values(stacks, prizes, method="exact")
    assert _close(c_icm.icm_values(stacks, prizes, method="exact").values, want.values, 100)


@pytest.mark.parametrize("method", ["auto", "exact", "sample"])
def test_9_19_c_icm_pays_nothing_when_no_prize_is_left(method: str) -> None:
    got = c_icm.icm_values([5, 3], [0, 0], method=method, seed=1)
    assert list(got.values) == [0, 0]
    assert got.exact == spec.icm_values([5, 3], [0, 0], method=method, seed=1).exact


@pytest.mark.parametrize(("players", "paid"), [(3, 3), (9, 4), (18, 3), (30, 2), (25, 4)])
def test_9_19_c_icm_auto_chooses_as_the_spec(players: int, paid: int) -> None:
    stacks, prizes = list(range(1, players + 1)), list(range(paid, 0, -1))
    assert (
        c_icm.icm_values(stacks, prizes, seed=1, trials=50).exact
        == spec.icm_values(stacks, prizes, seed=1, trials=50).exact
    )


def test_9_19_c_sampled_icm_within_its_bound_with_its_probability() -> None:
    stacks = [(7919 * i) % 900 + 100 for i in range(12)]
    prizes = [500, 300, 120, 80]
    exact = spec.icm_values(stacks, prizes, method="exact").values
    inside = total = 0
    for seed in range(20):
        got = c_icm.icm_values(stacks, prizes, method="sample", trials=4000, seed=seed)
        assert not got.exact and got.trials == 4000
        same = spec.icm_values(stacks, prizes, method="sample", trials=4000, seed=seed)
        assert got.error_bound == same.error_bound
        assert sum(got.values) == sum(prizes)
        inside += sum(abs(g - e) <= got.error_bound for g, e in zip(got.values, exact, strict=True))
        total += len(stacks)
    assert inside >= 0.99 * total


def test_9_19_c_sampled_icm_converges_to_the_exact_values() -> None:
    stacks, prizes = [150000, 98750, 45500, 13250], [425, 280, 130, 75]
    exact = spec.icm_values(stacks, prizes, method="exact").values
    trials = 200_000
    got = c_icm.icm_values(stacks, prizes, method="sample", trials=trials, seed=7)
    for g, e in zip(got.values, exact, strict=True):
        # a prize X in [0, M] has variance at most M * E[X]: five standard errors
        assert (g - e) ** 2 <= 25 * max(prizes) * e / trials


def test_9_19_c_sampled_icm_is_repeatable_by_seed() -> None:
    stacks, prizes = list(range(1, 60)), [50, 30, 20]
    a = c_icm.icm_values(stacks, prizes, method="sample", trials=300, seed="deal")
    assert a == c_icm.icm_values(stacks, prizes, method="sample", trials=300, seed="deal")
    assert a != c_icm.icm_values(stacks, prizes, method="sample", trials=300, seed="deal 2")
    assert sum(a.values) == 100


BAD = [
    ([], [1], "auto", 10, 1),
    ([5, 0], [1], "auto", 10, 1),
    ([5, -2], [1], "auto", 10, 1),
    ([5, 1.5], [1], "auto", 10, 1),
    ([5, True], [1], "auto", 10, 1),
    ([5, 4], [1, -1], "auto", 10, 1),
    ([5, 4], [1, 0.5], "auto", 10, 1),
    ([5, 4], [1, 1, 1], "auto", 10, 1),
    ([5, 4], [1], "fast", 10, 1),
    ([5, 4], [1], "sample", 0, 1),
    ([5, 4], [1], "sample", -3, 1),
    ([5, 4], [1], "sample", 2.0, 1),
    ([5, 4], [1], "sample", True, 1),
    ([5, 4], [1], "sample", 10, 1.5),
    ([5, 4], [1], "sample", 10, [1]),
]


@pytest.mark.parametrize(("stacks", "prizes", "method", "trials", "seed"), BAD)
def test_9_19_c_icm_refuses_what_the_spec_refuses(
    stacks: list[object], prizes: list[object], method: str, trials: object, seed: object
) -> None:
    with pytest.raises(RuleViolation) as want:
        spec.icm_values(stacks, prizes, method=method, trials=trials, seed=seed)  # type: ignore[arg-type]
    with pytest.raises(RuleViolation) as got:
        c_icm.icm_values(stacks, prizes, method=method, trials=trials, seed=seed)  # type: ignore[arg-type]
    assert str(got.value) == str(want.value)


def test_9_19_c_exact_icm_refuses_a_layer_beyond_its_room() -> None:
    with pytest.raises(RuleViolation, match=r"use method='sample' \(§9.19\)"):
        c_icm.icm_values(list(range(1, 41)), list(range(40, 0, -1)), method="exact")


def test_9_19_c_icm_entry_points_refuse_bad_counts() -> None:
    import numpy as np

    from pyholdem.native import ffi

    stacks = np.array([5, 4], dtype=np.int64)
    prizes_f = ffi.from_buffer("double[]", np.array([1.0, 1.0]))
    prizes_i = ffi.from_buffer("int64_t[]", np.array([1, 1], dtype=np.int64))
    binom = ffi.from_buffer("int64_t[]", np.empty(16, dtype=np.int64))
    layers = ffi.from_buffer("double[]", np.empty(8))
    values = ffi.from_buffer("double[]", np.empty(2))
    sums = ffi.from_buffer("uint64_t[]", np.empty(4, dtype=np.uint64))
    tree = ffi.from_buffer("int64_t[]", np.empty(3, dtype=np.int64))
    placed = ffi.from_buffer("int32_t[]", np.empty(2, dtype=np.int32))
    c_stacks = ffi.from_buffer("int64_t[]", stacks)
    for players, paid, capacity in ((0, 1, 4), (2, 0, 4), (2, 3, 4), (2, 2, 0), (2, 2, 1)):
        status = lib.ph_icm_exact(players, c_stacks, paid, prizes_f, binom, layers, capacity, values)
        assert status == lib.PH_ERR_ARGUMENT

    def sample(players: int, paid: int, trials: int) -> int:
        draw = {"players": players, "paid": paid, "stacks": c_stacks, "prizes": prizes_i, "trials": trials}
        draw.update({"seed": 1, "tree": tree, "placed": placed, "sums": sums})
        return int(lib.ph_icm_sample(ffi.new("ph_icm_draw *", draw)))

    for players, paid, trials in ((0, 1, 1), (2, 0, 1), (2, 3, 1), (2, 2, 0)):
        assert sample(players, paid, trials) == lib.PH_ERR_ARGUMENT
    assert sample(2, 2, 5) == lib.PH_OK
    assert lib.ph_icm_sample(ffi.NULL) == lib.PH_ERR_ARGUMENT
    stacks[1] = 0
    assert sample(2, 2, 5) == lib.PH_ERR_ARGUMENT
    stacks[1] = 2**62
    assert lib.ph_icm_exact(2, c_stacks, 2, prizes_f, binom, layers, 4, values) == lib.PH_ERR_ARGUMENT
