"""Spec 00: the rule set, presets, modes and rule-set files."""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pyholdem import Hand, IllegalAction, RuleSet, RuleSetError
from pyholdem.rules.ruleset import FIELDS, MODE_DEFAULTS, PRESETS, for_mode, load_rules, preset, tda_2024
from pyholdem.spec.table import check_seats


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
    if meta.get("place_amounts"):
        return st.sampled_from([(), ((3, 30),), ((1, 500), (4, 20))])
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


# Presets read as their seeds say. Hands run on both engines.

ENGINES = ("spec", "native")


def test_3_1_seed_000_home_game_seats_ten() -> None:
    home = preset("seed_000_home_nl")
    assert home.max_seats == 10  # "10 or less, just run one table"; the $65 pot is ten-handed
    check_seats([1000] * 10, home)
    hand = Hand(home, [1000] * 10, button=0, blinds=(10, 15), antes=5)
    assert hand.pot_total() == 65  # seed 000's own example: 15 + 10 + 8 x 5


def test_9_7_seed_000_one_rebuy_or_addon_within_three_levels() -> None:
    home = preset("seed_000_home_nl")
    assert (home.max_rebuys, home.rebuy_window_levels) == (1, 3)
    assert (home.max_addons, home.addon_window_levels, home.rebuy_or_addon_exclusive) == (1, 3, True)
    assert home.addon_requires_chips is False  # "you don't have to be busted out to buy them"
    assert RuleSet().addon_window_levels is None  # the default keeps no level limit
    with pytest.raises(RuleSetError, match="addon_window_levels = 0"):
        RuleSet(addon_window_levels=0)


@pytest.mark.parametrize("engine", ENGINES)
def test_8_4_seed_003_all_in_hands_face_up_in_its_tournament(engine: str) -> None:
    general = preset("seed_003_general")
    assert general.mode == "tournament" and general.all_in_face_up is True
    assert for_mode(general, "cash").all_in_face_up is False
    h = Hand(general, [300, 1000], button=0, blinds=(5, 10), seed=3, engine=engine)
    h.all_in(), h.call()
    kinds = [(e.kind, e.seat) for e in h.events if e.kind in ("show", "board")]
    assert kinds[:3] == [("show", 0), ("show", 1), ("board", None)]
    assert h.engine == engine
    cash = Hand(for_mode(general, "cash"), [300, 1000], button=0, blinds=(5, 10), seed=3, engine=engine)
    cash.all_in(), cash.call()
    assert next(e.kind for e in cash.events if e.kind in ("show", "board")) == "board"


def test_3_9_seed_003_small_blind_usually_half_so_given_explicitly() -> None:
    assert preset("seed_003_general").small_blind_rule == "explicit"


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("name", ["seed_000_bill_limit", "seed_004_online"])
def test_5_4_seed_000_bill_and_seed_004_cap_four_bets_even_heads_up(name: str, engine: str) -> None:
    rules = preset(name).replace(betting_structure="fixed_limit")
    assert rules.fl_cap_lifted_heads_up == "never" and rules.fl_max_raises == 3
    h = Hand(rules, [1000, 1000], button=0, blinds=(5, 10), engine=engine)
    h.raise_to(20), h.raise_to(30), h.raise_to(40)  # the big blind is the bet: four bets
    legal = h.legal_actions()
    assert legal.min_raise_to is None and legal.call == 10
    with pytest.raises(IllegalAction):
        h.raise_to(50)
    h.call()
    h.bet_to(10), h.raise_to(20), h.raise_to(30), h.raise_to(40)  # flop: bet and three raises
    assert h.legal_actions().min_raise_to is None
    assert h.engine == engine
    lifted = Hand(preset("seed_002_sng_addon").replace(betting_structure="fixed_limit"), [1000] * 2,
                  button=0, blinds=(5, 10), engine=engine)  # fmt: skip
    for to in (20, 30, 40, 50):
        lifted.raise_to(to)
    assert lifted.legal_actions().min_raise_to == 60  # seed 002 appendix: no cap heads-up


@pytest.mark.parametrize("engine", ENGINES)
def test_8_8_seed_000_bill_odd_chips_whole_to_the_winner_left_of_the_dealer(engine: str) -> None:
    def play(rules: RuleSet) -> tuple[int, ...]:
        h = Hand(
            rules,
            [1000] * 4,
            button=0,
            blinds=(5, 10),
            hole_cards=["2c 3c", "4d 5d", "6c 7h", "8d 9c"],
            board="Ts Js Qd Kh Ah",
            engine=engine,
        )
        h.call(), h.call(), h.fold(), h.check()  # seat 3, the button, the small blind folds, BB
        while not h.is_over:
            h.check()
        assert h.engine == engine and h.result is not None
        return h.result.stacks

    bill = preset("seed_000_bill_limit")
    assert bill.odd_chip_rule == "left_of_button_whole_chip"
    # 35 in the pot, three winners on the board's straight: 11 each and 2 odd chips
    assert play(bill) == (1001, 995, 1003, 1001)
    assert play(bill.replace(odd_chip_rule="left_of_button")) == (1001, 995, 1002, 1002)


def test_9_18_seed_001_chip_race_starts_at_seat_1() -> None:
    assert preset("seed_001_event").chip_race_start == "seat_1"


@pytest.mark.parametrize("engine", ENGINES)
def test_6_11_seed_002_present_player_who_times_out_checks_if_he_can(engine: str) -> None:
    sng = preset("seed_002_sng_addon")
    assert sng.timeout_action == "check_else_fold"  # seed 002's 30 seconds are for the absent
    h = Hand(sng, [1000] * 3, button=0, blinds=(5, 10), engine=engine)
    h.call(), h.call()
    h.time_out()  # the big blind can check: checked, not folded
    assert h.street == "flop" and not h.state.folded[2]
    assert h.engine == engine
    fold = Hand(sng.replace(timeout_action="fold"), [1000] * 3, button=0, blinds=(5, 10), engine=engine)
    fold.call(), fold.call()
    fold.time_out()  # seed 001's reading folds even a player who could check
    assert fold.is_over or fold.state.folded[2]


def test_3_19_absent_players_as_each_seed_says() -> None:
    assert preset("seed_002_sng_addon").absent_cutoff == "own_turn_plus_timeout"
    assert preset("seed_001_event").absent_cutoff == "own_second_card"
    assert preset("seed_000_home_nl").absent_cutoff == "not_dealt_blinds_forced"
    assert preset("seed_000_bill_limit").absent_cutoff == "end_of_initial_deal"  # play stops


def test_9_8_seed_002_late_players_are_absent_not_late_entries() -> None:
    assert preset("seed_002_sng_addon").late_entry is False


def test_9_15_seed_000_tables_within_one_player() -> None:
    assert preset("seed_000_home_nl").balance_max_spread == 1


def test_3_18_seed_004_new_player_posts_now_or_waits() -> None:
    assert preset("seed_004_online").new_player_entry == ("wait_bb", "post_bb_now")
