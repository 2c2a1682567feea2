"""The small C twins against the spec: the shuffle (§1.4), pot layering (§7.7) and pot splitting (§8.8).

The C hand engine deals with ``ph_shuffled_deck``, sizes pot-limit raises with ``ph_layer_pots`` and
logs each win with ``ph_split_pot``; each must give exactly the spec's answer.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pyholdem import RuleViolation
from pyholdem.native import TWINS, ffi, lib
from pyholdem.native import pots as c_pots
from pyholdem.native import shuffle as c_shuffle
from pyholdem.spec import cards, pots, showdown
from tests.native.twins import wrapper_of

SEEDS = st.one_of(
    st.integers(-(2**70), 2**70),
    st.integers(0, 2**32),
    st.integers(2**100, 2**3000),
    st.text(max_size=20),
    st.binary(max_size=40),
)


def test_1_4_small_twins_are_registered() -> None:
    for spec_name in (
        "pyholdem.spec.cards:shuffled_deck",
        "pyholdem.spec.pots:layer_pots",
        "pyholdem.spec.showdown:split_pot",
        "pyholdem.engine.hand:SpecHand",
    ):
        c_name, wrapper = TWINS[spec_name]
        assert hasattr(lib, c_name)
        assert wrapper_of(spec_name) is not None and wrapper_of(wrapper) is not None


@given(SEEDS)
def test_1_4_c_shuffle_gives_the_spec_order(seed: int | str | bytes) -> None:
    assert c_shuffle.shuffled_deck(seed) == cards.shuffled_deck(seed)


def test_1_4_c_shuffle_edge_seeds() -> None:
    for seed in (0, 1, -1, 2**32 - 1, 2**32, 2**64, -(2**64), "", b"", "é♠", 624, 2 ** (32 * 624)):
        assert c_shuffle.shuffled_deck(seed) == cards.shuffled_deck(seed), seed
    assert sorted(c_shuffle.shuffled_deck(None)) == list(cards.standard_deck())


class _Seed(int):
    pass


def test_1_4_c_shuffle_takes_an_int_subclass_seed_as_its_value() -> None:
    assert c_shuffle.shuffled_deck(_Seed(5)) == cards.shuffled_deck(_Seed(5)) == cards.shuffled_deck(5)
    from pyholdem import Hand, RuleSet

    h = Hand(RuleSet(), [100] * 3, button=0, blinds=(1, 2), seed=_Seed(5), engine="native")
    assert h.deal == Hand(RuleSet(), [100] * 3, button=0, blinds=(1, 2), seed=5, engine="spec").deal


def test_1_4_c_shuffle_refuses_what_the_spec_refuses() -> None:
    for seed in (True, 1.5, bytearray(b"x"), [1]):
        with pytest.raises(RuleViolation) as spec_error:
            cards.shuffled_deck(seed)  # type: ignore[arg-type]
        with pytest.raises(RuleViolation) as c_error:
            c_shuffle.shuffled_deck(seed)  # type: ignore[arg-type]
        assert str(c_error.value) == str(spec_error.value)
    deck = ffi.new("uint8_t[52]")
    for key in (b"", b"abc", b"abcde"):
        assert lib.ph_shuffled_deck(key, len(key), deck) == lib.PH_ERR_ARGUMENT
    assert lib.ph_shuffled_deck(ffi.NULL, 4, deck) == lib.PH_ERR_ARGUMENT


Layering = tuple[list[int], list[bool], int, list[bool] | None]


@st.composite
def layerings(draw: st.DrawFn) -> Layering:
    n = draw(st.integers(2, 10))
    levels = draw(st.lists(st.integers(0, 10**6), min_size=1, max_size=4))
    contributions = [draw(st.sampled_from(levels)) for _ in range(n)]
    folded = draw(st.lists(st.booleans(), min_size=n, max_size=n))
    all_in = draw(st.none() | st.lists(st.booleans(), min_size=n, max_size=n))
    return contributions, folded, draw(st.sampled_from([0, 0, 1, 17, 10**9])), all_in


@given(layerings())
def test_7_7_c_layering_gives_the_spec_pots(case: Layering) -> None:
    contributions, folded, dead, all_in = case
    expected = pots.layer_pots(contributions, folded, dead, all_in)
    assert c_pots.layer_pots(contributions, folded, dead, all_in) == expected
    assert sum(p.amount for p in expected) == sum(contributions) + dead


def test_7_7_c_layering_refuses_bad_input() -> None:
    for contributions, folded, dead in (
        ([1], [False], 0),
        ([1, -1], [False, False], 0),
        ([1, 2], [False], 0),
        ([1, 2], [False, False], -1),
        ([2**63 - 1, 1], [False, False], 0),
    ):
        with pytest.raises(RuleViolation):
            c_pots.layer_pots(contributions, folded, dead)
    out = ffi.new("ph_pot[]", 10)
    count = ffi.new("int *")
    assert lib.ph_layer_pots(11, [0] * 11, [0] * 11, 0, ffi.NULL, out, count) == lib.PH_ERR_ARGUMENT
    assert lib.ph_layer_pots(2, [2**63 - 1, 1], [0, 0], 0, ffi.NULL, out, count) == lib.PH_ERR_ARGUMENT
    with pytest.raises(RuleViolation, match="all-in flags"):
        c_pots.layer_pots([1, 2], [False, False], 0, [True])


@st.composite
def splits(draw: st.DrawFn) -> dict[str, object]:
    seats = draw(st.integers(2, 10))
    winners = draw(st.lists(st.integers(0, seats - 1), min_size=1, max_size=seats, unique=True))
    return {
        "amount": draw(st.integers(0, 10**7) | st.integers(0, 2**62)),
        "winners": tuple(sorted(winners)),
        "button": draw(st.integers(0, seats - 1)),
        "seats": seats,
        "odd_chip_rule": draw(st.sampled_from([None, "left_of_button", "left_of_button_whole_chip"])),
        "chip_unit": draw(st.sampled_from([1, 1, 2, 5, 25, 1000, 10**12])),
    }


@given(splits())
def test_8_8_c_split_gives_the_spec_shares(case: dict[str, object]) -> None:
    expected = showdown.split_pot(**case)  # type: ignore[arg-type]
    got = c_pots.split_pot(**case)  # type: ignore[arg-type]
    assert got == expected and list(got) == list(expected)


def test_8_8_c_split_refuses_bad_input() -> None:
    shares = ffi.new("int64_t[]", 10)
    assert lib.ph_split_pot(10, 0, 0, 2, 0, 1, shares) == lib.PH_ERR_ARGUMENT
    assert lib.ph_split_pot(10, 1 << 3, 0, 3, 0, 1, shares) == lib.PH_ERR_ARGUMENT
    assert lib.ph_split_pot(10, 1, 3, 3, 0, 1, shares) == lib.PH_ERR_ARGUMENT
    assert lib.ph_split_pot(-1, 1, 0, 3, 0, 1, shares) == lib.PH_ERR_ARGUMENT
    assert lib.ph_split_pot(10, 1, 0, 3, 2, 1, shares) == lib.PH_ERR_ARGUMENT
    assert lib.ph_split_pot(10, 1, 0, 3, 0, 0, shares) == lib.PH_ERR_ARGUMENT
    for bad in ({"winners": ()}, {"winners": (5,)}, {"button": 3}, {"amount": -1}, {"chip_unit": 0}):
        case = {"amount": 10, "winners": (0, 1), "button": 0, "seats": 3, **bad}
        with pytest.raises(RuleViolation):
            c_pots.split_pot(**case)  # type: ignore[arg-type]


def test_1_4_c_shuffle_is_uniform_enough() -> None:
    """Each card lands in each position about as often (a gross check that the twin shuffles)."""
    counts = [[0] * 52 for _ in range(52)]
    rng = random.Random(5)
    for _ in range(5200):
        for position, card in enumerate(c_shuffle.shuffled_deck(rng.getrandbits(64))):
            counts[card][position] += 1
    assert all(40 <= counts[c][p] <= 170 for c in range(52) for p in range(52))
