"""``pyholdem.values``: the shared helpers each defined once (integer check, 64-bit limit, TOML writer)."""

from __future__ import annotations

import datetime
import tomllib
from decimal import Decimal
from enum import IntEnum

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from pyholdem import RuleSet, load_rules, preset
from pyholdem.native import pots
from pyholdem.values import INT64_MAX, is_int, toml_key, toml_value


class Seat(IntEnum):
    BUTTON = 0


@pytest.mark.parametrize(
    ("value", "expected"),
    [(0, True), (-3, True), (2**200, True), (Seat.BUTTON, True), (True, False), (False, False),
     (1.0, False), ("1", False), (None, False), (Decimal(1), False), (np.int64(1), True),
     (np.uint8(1), True), (np.bool_(True), False), (np.float64(1), False), ((1,), False), ([1], False),
     (b"1", False), ({1: 1}, False)],
)  # fmt: skip
def test_is_int_accepts_integers_but_not_bools(value: object, expected: bool) -> None:
    assert is_int(value) is expected


def test_the_64_bit_limit_is_the_c_cores() -> None:
    assert INT64_MAX == 2**63 - 1 == np.iinfo(np.int64).max
    assert pots.INT64_MAX is INT64_MAX


def test_0_5_rule_sets_are_written_by_the_shared_toml_writer() -> None:
    rules = preset("pokerkit_0_7").replace(nl_raise_cap=3)
    assert load_rules(rules.to_toml()) == rules
    assert f"odd_chip_rule = {toml_value(rules.odd_chip_rule)}" in rules.to_toml()
    assert 'nl_raise_cap = "none"' in RuleSet().to_toml()


TEXT = st.characters(blacklist_categories=("Cs",)) | st.sampled_from('\n\r\x00\x7f\x1b\t"\\')
TOML_VALUES = st.recursive(
    st.booleans()
    | st.integers(-(2**63), 2**63 - 1)
    | st.text(TEXT)
    | st.decimals(allow_nan=False, allow_infinity=False, places=3),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(TEXT, max_size=5), inner, max_size=3),
    max_leaves=8,
)


@given(TOML_VALUES)
def test_12_9_toml_values_read_back_equal(value: object) -> None:
    read = tomllib.loads(f"x = {toml_value(value)}\n", parse_float=Decimal)["x"]
    assert read == value


def test_12_9_toml_writer_refuses_what_toml_cannot_hold() -> None:
    assert toml_value(datetime.date(2024, 5, 1)) == "2024-05-01"
    assert toml_key("ok_key-1") == "ok_key-1" and toml_key("needs quotes") == '"needs quotes"'
    with pytest.raises(TypeError, match="cannot write None as TOML"):
        toml_value([1, None])


@given(st.text(TEXT), st.text(TEXT, max_size=8))
def test_12_9_strings_and_keys_read_back_as_tomli_w_writes_them(text: str, key: str) -> None:
    import tomli_w

    ours = tomllib.loads(f"{toml_key(key)} = {toml_value(text)}\n")
    assert ours == {key: text} == tomllib.loads(tomli_w.dumps({key: text}))


def test_12_9_a_lone_surrogate_is_refused() -> None:
    with pytest.raises(TypeError, match="lone surrogate"):
        toml_value("a\ud800b")
