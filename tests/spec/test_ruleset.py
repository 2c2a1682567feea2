"""Spec 00: the rule set, presets, modes and rule-set files."""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pyholdem import RuleSet, RuleSetError
from pyholdem.ruleset import FIELDS, MODE_DEFAULTS, PRESETS, for_mode, load_rules, preset, tda_2024


def _valid_value(name: str) -> st.SearchStrategy[object]:
    meta = FIELDS[name].metadata
    if "choices" in meta:
        return st.sampled_from(meta["choices"])
    if meta.get("type") is bool:
        return st.booleans()
    if "subset_of" in meta:
        return st.lists(st.sampled_from(meta["subset_of"]), min_size=1, unique=True).map(tuple)
    if meta.get("int_tuple"):
        return st.sampled_from([(100,), (60, 25, 15), (50, 30, 20), (70, 20, 10)])
    lo, hi = meta["range"]
    ints = st.integers(lo, hi if hi is not None else lo + 1000)
    return st.one_of(st.none(), ints) if meta.get("optional") else ints


RULESETS = st.fixed_dictionaries({}, optional={n: _valid_value(n) for n in FIELDS}).map(
    lambda changes: RuleSet(**changes)
)


def test_0_1_ruleset_is_frozen() -> None:
    with pytest.raises(dataclasses.FrozenInstanceError):
        RuleSet().mode = "cash"  # type: ignore[misc]


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("betting_structure", "spread"),
        ("max_seats", 1),
        ("max_seats", 11),
        ("max_seats", True),
        ("chip_unit", 0),
        ("straddle_allowed", "yes"),
        ("nl_raise_cap", 0),
        ("fl_max_raises", None),
        ("payout_percentages", (50, 40)),
        ("payout_percentages", ()),
        ("new_player_entry", ()),
        ("new_player_entry", ("wait_bb", "wait_bb")),
        ("odd_chip_rule", 3),
    ],
)
def test_0_1_bad_field_value_names_field_and_value(field: str, value: object) -> None:
    with pytest.raises(RuleSetError) as info:
        RuleSet(**{field: value})
    assert info.value.section == "0.1"
    assert field in str(info.value) and repr(value) in str(info.value)
    assert f"§{FIELDS[field].metadata['section']}" in str(info.value)


def test_0_1_lists_are_stored_as_tuples() -> None:
    rules = RuleSet(payout_percentages=[50, 30, 20])  # type: ignore[arg-type]
    assert rules.payout_percentages == (50, 30, 20)
    assert hash(rules) == hash(RuleSet(payout_percentages=(50, 30, 20)))


def test_0_1_replace_refuses_unknown_field() -> None:
    with pytest.raises(RuleSetError, match="unknown rule-set field 'cap'"):
        RuleSet().replace(cap=3)


def test_0_2_default_is_tda_2024() -> None:
    assert tda_2024() == RuleSet() == preset("tda_2024")
    rules = tda_2024()
    assert rules.nl_raise_cap is None  # TDA 48
    assert rules.min_raise_rule == "largest_full_increment"  # TDA 43
    assert rules.reopen_rule_big_bet == "full_raise_cumulative"  # TDA 47
    assert rules.button_rule == "dead"  # TDA 32


def test_0_3_every_preset_is_valid_and_documented() -> None:
    for name, p in PRESETS.items():
        rules = preset(name)
        assert rules.changes() == dict(p.changes), name
        assert p.description and p.sources, name
    expected = {
        "tda_2024", "tda_2024_cash", "seed_000_home_nl", "seed_000_bill_limit",
        "seed_001_event", "seed_002_sng_addon", "seed_003_general", "seed_004_online",
    }  # fmt: skip
    assert expected <= set(PRESETS)


@pytest.mark.parametrize("name", ["", "TDA_2024", "seed_005", None])
def test_0_3_unknown_preset(name: object) -> None:
    with pytest.raises(RuleSetError) as info:
        preset(name)  # type: ignore[arg-type]
    assert info.value.section == "0.3" and repr(name) in str(info.value)


def test_0_4_modes_switch_their_defaults_together() -> None:
    for mode, defaults in MODE_DEFAULTS.items():
        rules = for_mode(preset("seed_003_general"), mode)
        assert rules.mode == mode
        assert all(getattr(rules, k) == v for k, v in defaults.items())
        assert rules.nl_raise_cap == 3
    assert for_mode(RuleSet(), "cash") == preset("tda_2024_cash")
    with pytest.raises(RuleSetError, match="'home'"):
        for_mode(RuleSet(), "home")


@given(RULESETS)
def test_0_5_round_trips_through_toml_and_dict(rules: RuleSet) -> None:
    assert load_rules(rules.to_toml()) == rules
    assert RuleSet.from_dict(rules.to_dict()) == rules


@pytest.mark.parametrize(
    ("text", "needle"),
    [
        ("max_seats = ", "malformed"),
        ("unknown_field = 1", "unknown_field"),
        ('preset = "nope"', "nope"),
        ("max_seats = 'ten'", "max_seats"),
        ("new_player_entry = ['sit_anywhere']", "new_player_entry"),
    ],
)
def test_0_5_bad_rule_set_files(text: str, needle: str) -> None:
    with pytest.raises(RuleSetError, match=needle):
        load_rules(text)


def test_0_5_refuses_non_text() -> None:
    with pytest.raises(RuleSetError, match="TOML text or a mapping"):
        load_rules(42)  # type: ignore[arg-type]
