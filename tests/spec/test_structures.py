"""Spec 05: betting structures."""

from __future__ import annotations

import pytest

from pyholdem import Hand, IllegalAction, RuleSet
from pyholdem.spec.structures import (
    check_chip_unit,
    fl_bet_size,
    fl_cap_reached,
    fl_raise_to,
    min_bet,
    min_raise_to,
    nl_cap_reached,
    nl_max_raise_to,
    pl_counted_bets,
    pl_max_raise_to,
    pl_pot,
    raise_bounds,
)

NL = RuleSet()
PL = RuleSet(betting_structure="pot_limit")
FL = RuleSet(betting_structure="fixed_limit")


def to_flop(h: Hand) -> Hand:
    while h.street == "preflop":
        legal = h.legal_actions()
        h.check() if legal.check else h.call()
    return h


def test_5_1_bounds_by_structure() -> None:
    for rules, bounds in [(NL, (20, 1000)), (PL, (20, 35)), (FL, (20, 20))]:
        h = Hand(rules, [1000] * 3, button=0, blinds=(5, 10))
        assert raise_bounds(h.state, rules, 0) == bounds
    h = Hand(NL, [15, 1000, 1000], button=0, blinds=(5, 10))
    assert raise_bounds(h.state, NL, 0) == (15, 15)


def test_5_2_small_bet_then_big_bet() -> None:
    h = Hand(FL, [1000] * 2, button=0, blinds=(5, 10))
    sizes = []
    while not h.is_over:
        sizes.append((h.street, fl_bet_size(h.state)))
        legal = h.legal_actions()
        h.check() if legal.check else h.call()
    assert dict(sizes) == {"preflop": 10, "flop": 10, "turn": 20, "river": 20}
    h = to_flop(Hand(FL, [1000] * 2, button=0, blinds=(5, 10), bet_sizes=(10, 15)))
    h.check(), h.check()
    assert fl_bet_size(h.state) == 15 and h.legal_actions().min_raise_to == 15


def test_5_3_seed_001_raises_are_one_bet() -> None:
    h = Hand(FL, [1000] * 5, button=0, blinds=(10, 25))
    assert h.legal_actions().min_raise_to == h.legal_actions().max_raise_to == 50
    h.raise_to(50)
    assert fl_raise_to(h.state) == 75
    for bad in (60, 100):
        with pytest.raises(IllegalAction) as info:
            h.raise_to(bad)
        assert info.value.section == "5.3"
    h = to_flop(Hand(FL, [1000] * 3, button=0, blinds=(10, 25)))
    with pytest.raises(IllegalAction, match="minimum bet to 25"):
        h.bet_to(20)
    h.bet_to(25)
    assert h.legal_actions().min_raise_to == 50


def test_5_4_cap_is_a_bet_and_three_raises() -> None:
    h = Hand(FL, [1000] * 4, button=0, blinds=(5, 10))
    h.raise_to(20), h.raise_to(30), h.raise_to(40)
    assert fl_cap_reached(h.state, FL) and h.legal_actions().min_raise_to is None
    h4 = Hand(FL.replace(fl_max_raises=4), [1000] * 4, button=0, blinds=(5, 10))
    h4.raise_to(20), h4.raise_to(30), h4.raise_to(40)
    assert h4.legal_actions().min_raise_to == 50


def test_5_4_cap_lifted_heads_up_variants() -> None:
    h = Hand(FL, [1000] * 2, button=0, blinds=(5, 10))
    h.raise_to(20), h.raise_to(30), h.raise_to(40)
    assert not fl_cap_reached(h.state, FL)
    never = FL.replace(fl_cap_lifted_heads_up="never")
    assert fl_cap_reached(h.state, never)
    cash = FL.replace(fl_cap_lifted_heads_up="when_round_heads_up")
    h = Hand(cash, [1000] * 3, button=0, blinds=(5, 10))
    h.fold()
    h.raise_to(20), h.raise_to(30), h.raise_to(40)
    assert h.legal_actions().min_raise_to == 50
    h = Hand(cash, [1000] * 3, button=0, blinds=(5, 10))
    h.raise_to(20), h.raise_to(30), h.raise_to(40)
    h.fold()
    assert fl_cap_reached(h.state, cash)
    assert not fl_cap_reached(h.state, FL) or h.state.seats > 2


def test_5_4_all_in_raise_counts_toward_the_cap_by_default() -> None:
    stacks = [1000, 1000, 1000, 16]
    h = Hand(FL, stacks, button=0, blinds=(5, 10))
    h.all_in()
    h.raise_to(26)
    h.raise_to(36)
    assert h.legal_actions().min_raise_to is None
    off = FL.replace(fl_cap_counts_allin_raise=False)
    h = Hand(off, stacks, button=0, blinds=(5, 10))
    h.all_in()
    h.raise_to(26)
    h.raise_to(36)
    assert h.legal_actions().min_raise_to == 46


def test_5_5_minimum_bet_is_the_big_blind_on_every_street() -> None:
    h = to_flop(Hand(NL, [1000] * 2, button=0, blinds=(5, 10)))
    assert min_bet(h.state, NL) == 10 == h.legal_actions().min_raise_to
    with pytest.raises(IllegalAction) as info:
        h.bet_to(9)
    assert info.value.section == "5.5"
    seed000 = RuleSet(nl_min_bet="min_chip")
    h = to_flop(Hand(seed000, [1000] * 2, button=0, blinds=(5, 10)))
    h.bet_to(1)
    assert h.legal_actions().call == 1


def test_5_6_seed_002_bet_2_raise_5_raise_10_next_at_least_15() -> None:
    h = to_flop(Hand(NL, [1000] * 4, button=0, blinds=(1, 2)))
    h.bet_to(2)
    assert min_raise_to(h.state, NL) == 4
    h.raise_to(5)
    assert min_raise_to(h.state, NL) == 8
    h.raise_to(10)
    assert min_raise_to(h.state, NL) == 15
    with pytest.raises(IllegalAction, match=r"raise to 14 is below the minimum raise to 15 \(§5\.6\)"):
        h.raise_to(14)


def test_5_6_seed_004_bet_100_min_raise_to_200() -> None:
    h = to_flop(Hand(NL, [5000] * 3, button=0, blinds=(25, 50)))
    h.bet_to(100)
    assert h.legal_actions().min_raise_to == 200


def test_5_6_min_raise_after_short_all_in_keeps_the_full_increment() -> None:
    h = to_flop(Hand(NL, [1000, 1000, 180, 1000], button=0, blinds=(5, 10)))
    h.bet_to(100)
    h.all_in()  # to 170: a raise of 70, short of 100
    assert min_raise_to(h.state, NL) == 270
    literal = RuleSet(min_raise_rule="last_increment_including_short_allins")
    assert min_raise_to(h.state, literal) == 240
    assert min_raise_to(h.state, RuleSet(min_raise_rule="initial_bet")) == 270


def test_5_6_initial_bet_rule_ignores_a_larger_raise() -> None:
    h = to_flop(Hand(NL, [5000] * 3, button=0, blinds=(5, 10)))
    h.bet_to(20)
    h.raise_to(200)
    assert min_raise_to(h.state, RuleSet(min_raise_rule="initial_bet")) == 220
    assert min_raise_to(h.state, NL) == 380


CUMULATIVE = RuleSet(min_raise_rule="cumulative_short_allins")


def test_5_6_cumulative_short_allins_two_short_all_ins_add_up_to_the_raise_size() -> None:
    h = Hand(NL, [200, 1000, 1000, 1000, 150], button=0, blinds=(5, 10))
    h.raise_to(100)  # seat 3: 90 more
    h.all_in()  # seat 4 to 150: 50 more, short
    assert min_raise_to(h.state, NL) == min_raise_to(h.state, CUMULATIVE) == 240
    h.all_in()  # seat 0 to 200: 50 more; the two add up to 100, at least 90
    assert min_raise_to(h.state, NL) == 290
    assert min_raise_to(h.state, CUMULATIVE) == 300


def test_5_6_cumulative_short_allins_counts_a_full_all_in_raise_in_the_sum() -> None:
    h = to_flop(Hand(NL, [1000, 1000, 310, 360], button=0, blinds=(5, 10)))
    h.bet_to(100)
    h.all_in()  # seat 2 to 300: 200 more, a full raise
    h.all_in()  # seat 3 to 350: 50 more, short; with the 200 before it, 250
    assert min_raise_to(h.state, NL) == 550
    assert min_raise_to(h.state, CUMULATIVE) == 600


def test_5_6_cumulative_short_allins_counts_the_raise_of_a_player_who_called_all_in() -> None:
    h = Hand(NL, [1000, 1000, 1000, 200, 360, 1000], button=0, blinds=(5, 10))
    h.raise_to(30)  # seat 3: 20 more
    h.call(), h.fold(), h.fold(), h.fold()
    h.raise_to(200)  # the big blind: 170 more
    h.call()  # seat 3 calls all-in: his raise of 20 now counts
    h.all_in()  # seat 4 to 360: 160 more, short; 160 + 20 = 180
    assert min_raise_to(h.state, NL) == 530
    assert min_raise_to(h.state, CUMULATIVE) == 540


def test_5_6_cumulative_short_allins_raise_size_starts_at_zero_in_each_round() -> None:
    h = Hand(NL, [22, 25, 1000, 15], button=0, blinds=(5, 10))
    h.all_in()  # seat 3 to 15: 5 more, the raise size is 5
    h.all_in()  # seat 0 to 22: 7 more, at least 5: the raise size is 7, below the big blind
    assert min_raise_to(h.state, CUMULATIVE) == min_raise_to(h.state, NL) == 32
    h.all_in()  # seat 1 to 25: 3 more, short; 3 + 7 + 5 = 15
    assert min_raise_to(h.state, NL) == 35
    assert min_raise_to(h.state, CUMULATIVE) == 40


def test_5_7_no_limit_maximum_is_the_stack() -> None:
    h = Hand(NL, [1000, 700], button=0, blinds=(5, 10))
    assert nl_max_raise_to(h.state, 0) == 1000
    h.raise_to(1000)
    assert h.legal_actions().call == 690 and h.legal_actions().min_raise_to is None


def test_5_8_no_cap_by_default_seed_003_caps_three_raises() -> None:
    h = Hand(NL, [10_000] * 3, button=0, blinds=(5, 10))
    for to in (20, 40, 80, 160, 320):
        h.raise_to(to)
    assert not nl_cap_reached(h.state, NL)
    seed003 = RuleSet(nl_raise_cap=3)
    h = Hand(seed003, [10_000] * 3, button=0, blinds=(5, 10))
    h.raise_to(20), h.raise_to(30), h.raise_to(40)
    assert nl_cap_reached(h.state, seed003) and h.legal_actions().min_raise_to is None
    h.fold()
    assert not nl_cap_reached(h.state, seed003) and h.legal_actions().min_raise_to == 50
    assert nl_cap_reached(h.state, seed003.replace(nl_cap_lifted_heads_up=False))


def test_5_9_seed_004_pot_200_bet_150_call_150_max_800() -> None:
    h = to_flop(Hand(PL, [5000] * 4, button=0, blinds=(25, 50)))
    assert h.pot_total() == 200
    assert h.legal_actions().max_raise_to == 200
    h.bet_to(150)
    h.call()
    assert pl_max_raise_to(h.state, PL, h.to_act) == 800 == h.legal_actions().max_raise_to
    h.raise_to(800)
    with pytest.raises(IllegalAction) as info:
        h.raise_to(4000)
    assert info.value.section == "5.9"


def test_5_9_round_the_pot_up() -> None:
    h = to_flop(Hand(PL.replace(pl_round_pot_to=100), [5000] * 3, button=0, blinds=(25, 50)))
    assert h.pot_total() == 150 and pl_max_raise_to(h.state, h.rules, h.to_act) == 200


def test_5_10_preflop_pot_counts_full_blinds() -> None:
    h = Hand(PL, [1000] * 3, button=0, blinds=(50, 100))
    assert h.legal_actions().max_raise_to == 350
    short = Hand(PL, [1000, 1000, 60], button=0, blinds=(50, 100))
    assert pl_counted_bets(short.state, PL) == [0, 50, 100]
    assert short.legal_actions().max_raise_to == 350
    as_posted = PL.replace(pl_preflop_full_blinds=False)
    assert pl_counted_bets(short.state, as_posted) == [0, 50, 60]
    sb_as_bb = Hand(PL.replace(pl_sb_counts_as_bb=True), [1000] * 3, button=0, blinds=(50, 100))
    assert sb_as_bb.legal_actions().max_raise_to == 400


def test_5_11_side_pots_count_unless_active_pot() -> None:
    h = Hand(PL, [60, 1000, 1000, 1000], button=0, blinds=(50, 100))
    h.call(), h.call(), h.call(), h.check()
    assert pl_pot(h.state, PL, 1) == 360
    assert pl_pot(h.state, PL.replace(pl_pot_basis="active_pot"), 1) == 120
    assert h.legal_actions().max_raise_to == 360


def test_5_12_table_stakes_and_chip_unit() -> None:
    rules = RuleSet(chip_unit=25)
    check_chip_unit(100, 1000, rules, "bet to")
    check_chip_unit(990, 990, rules, "bet to")
    for amount, message in [(110, "not a multiple"), (1001, "more than the player has")]:
        with pytest.raises(IllegalAction, match=message) as info:
            check_chip_unit(amount, 1000, rules, "bet to")
        assert info.value.section == "5.12"
    h = Hand(rules, [990, 1000], button=0, blinds=(25, 50))
    h.raise_to(990)
    assert h.state.stacks[0] == 0


def test_5_12_bounds_after_an_odd_all_in_are_whole_chip_units() -> None:
    for structure, highest in (("no_limit", 5000), ("pot_limit", 575)):
        rules = RuleSet(chip_unit=25, betting_structure=structure)
        h = Hand(rules, [5000] * 5 + [137], button=0, blinds=(25, 50))
        h.raise_to(100)
        h.fold()
        h.all_in()
        assert (min_raise_to(h.state, rules), h.state.current_bet) == (187, 137)
        legal = h.legal_actions()
        assert (legal.min_raise_to, legal.max_raise_to) == (200, highest)
        for amount in (legal.min_raise_to, legal.max_raise_to):
            h.copy().raise_to(amount)
        with pytest.raises(IllegalAction, match="raise to 175 is below the minimum raise to 200"):
            h.raise_to(175)


def test_5_12_rounding_the_bounds_does_not_change_what_a_full_raise_is() -> None:
    rules = RuleSet(chip_unit=25)
    h = Hand(rules, [5000, 5000, 5000, 5000, 137, 190], button=0, blinds=(25, 50))
    h.raise_to(100)
    h.all_in()
    h.all_in()
    assert (h.state.current_bet, h.state.full_level) == (190, 190)
    assert h.legal_actions().min_raise_to == 250


def test_5_4_an_all_in_for_exactly_a_full_raise_follows_the_cap_flag() -> None:
    stacks = [1000, 1000, 1000, 1000, 30]
    h = Hand(FL, stacks, button=0, blinds=(5, 10))
    h.raise_to(20)
    h.all_in()
    h.raise_to(40)
    assert h.legal_actions().min_raise_to is None
    off = FL.replace(fl_cap_counts_allin_raise=False)
    h = Hand(off, stacks, button=0, blinds=(5, 10))
    h.raise_to(20)
    h.all_in()
    assert h.state.bet_count == 2
    h.raise_to(40)
    assert h.legal_actions().min_raise_to == 50


def test_5_6_min_raise_resets_to_the_big_blind_on_each_street() -> None:
    h = Hand(NL, [5000] * 3, button=0, blinds=(50, 100))
    h.raise_to(300)
    h.raise_to(1000)
    assert min_raise_to(h.state, NL) == 1700
    h.fold()
    h.call()
    assert h.street == "flop"
    assert h.legal_actions().min_raise_to == 100
    h.bet_to(100)
    assert h.legal_actions().min_raise_to == 200


def test_5_6_preflop_the_big_blind_is_the_bet_and_a_raise_adds_at_least_it() -> None:
    h = Hand(NL, [5000] * 4, button=0, blinds=(50, 100))
    assert h.legal_actions().min_raise_to == 200
    h.raise_to(250)
    assert h.legal_actions().min_raise_to == 400
    h.raise_to(700)
    assert h.legal_actions().min_raise_to == 1150


def test_5_6_tda_43_short_all_ins_never_change_the_raise_size() -> None:
    h = Hand(NL, [5000, 5000, 5000, 5000, 250, 330], button=0, blinds=(50, 100))
    to_flop(h)
    h.check(), h.check(), h.bet_to(100)
    h.all_in()
    assert min_raise_to(h.state, NL) == 250 and h.legal_actions().min_raise_to == 230
    h.all_in()
    assert min_raise_to(h.state, NL) == 330
    h.raise_to(330)
    assert h.legal_actions().min_raise_to == 430


def test_5_6_short_all_in_opening_bet_next_raise_adds_a_big_blind() -> None:
    h = Hand(NL, [5000, 5000, 160], button=0, blinds=(50, 100))
    to_flop(h)
    h.check()
    h.all_in()
    assert h.state.current_bet == 60
    assert h.legal_actions().min_raise_to == 160


def test_5_4_limit_cap_is_counted_per_round_and_the_blind_is_the_bet() -> None:
    h = Hand(FL, [1000] * 3, button=0, blinds=(5, 10))
    h.raise_to(20), h.raise_to(30), h.raise_to(40)
    assert h.legal_actions().min_raise_to is None
    h.call(), h.call()
    assert h.street == "flop"
    h.bet_to(10), h.raise_to(20), h.raise_to(30), h.raise_to(40)
    assert h.legal_actions().min_raise_to is None and h.legal_actions().call == 20


def test_5_10_pot_limit_short_big_blind_counts_in_full_preflop_only() -> None:
    h = Hand(PL, [1000, 1000, 60], button=0, blinds=(50, 100))
    assert h.legal_actions().max_raise_to == 350
    h.call(), h.call()
    assert h.street == "flop" and h.pot_total() == 260
    assert h.legal_actions().max_raise_to == 260
