"""Spec 08: showdown and pot award (settlement sections)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pyholdem import Card, Hand, InvalidCards, RuleSet, RuleViolation, parse_cards
from pyholdem.spec.pots import Pot, layer_pots
from pyholdem.spec.showdown import (
    Settlement,
    award_order,
    board_play_claim,
    hand_strength,
    may_muck,
    must_show,
    pot_winners,
    resolve_pots,
    showdown_contestants,
    showing_order,
    split_pot,
)


def test_8_6_side_pots_are_awarded_first() -> None:
    pots = layer_pots([100, 300, 600, 600], [False] * 4)
    assert award_order(pots) == (2, 1, 0)
    assert award_order(pots, RuleSet(side_pots_awarded_first=False)) == (0, 1, 2)


def test_8_7_highest_value_wins_and_ties_share() -> None:
    assert pot_winners((0, 1, 2), [7000, 9000, 9000]) == (1, 2)
    assert pot_winners((2, 0), [7000, 1, 6500]) == (0,)


def test_8_8_seed_000_odd_chip_to_first_winner_left_of_button() -> None:
    assert split_pot(31, (1, 3), button=0, seats=4) == {1: 16, 3: 15}
    assert split_pot(31, (1, 3), button=2, seats=4) == {3: 16, 1: 15}
    assert split_pot(31, (0, 1), button=0, seats=2) == {1: 16, 0: 15}


def test_8_8_break_down_to_the_unit_then_one_unit_each_in_order() -> None:
    assert split_pot(150, (0, 1, 2, 3), button=0, seats=4, chip_unit=25) == {1: 50, 2: 50, 3: 25, 0: 25}
    whole = split_pot(
        150, (0, 1, 2, 3), button=0, seats=4, chip_unit=25, odd_chip_rule="left_of_button_whole_chip"
    )
    assert whole == {1: 75, 2: 25, 3: 25, 0: 25}
    assert split_pot(110, (0, 1, 2), button=0, seats=3, chip_unit=25) == {1: 60, 2: 25, 0: 25}


@given(st.integers(0, 10_000), st.integers(2, 10), st.integers(1, 25), st.data())
def test_8_8_split_conserves_and_no_winner_gets_two_odd_units(
    amount: int, seats: int, unit: int, data: st.DataObject
) -> None:
    winners = data.draw(st.lists(st.integers(0, seats - 1), min_size=1, max_size=seats, unique=True))
    button = data.draw(st.integers(0, seats - 1))
    shares = split_pot(amount, winners, button, seats, chip_unit=unit)
    assert sum(shares.values()) == amount and set(shares) == set(winners)
    low = min(shares.values())
    order = [s for s in ((button + 1 + i) % seats for i in range(seats)) if s in winners]
    assert all(shares[s] - low <= unit + unit for s in winners)
    assert all(shares[s] - low <= unit for s in order[1:])
    assert [shares[s] for s in order] == sorted((shares[s] for s in order), reverse=True)


def test_8_10_seed_000_hand_settles() -> None:
    s = resolve_pots([800, 3000, 3000], [False, False, False], [20000, 15000, 10000], button=0)
    assert s == Settlement((2400, 4400, 0), (Pot(2400, (0, 1, 2), (0,)), Pot(4400, (1, 2), (1,))))
    s = resolve_pots([800, 3000, 3000], [False, False, False], [1, 15000, 15000], button=0)
    assert s.payouts == (0, 3400, 3400)


def test_8_10_folded_seat_never_wins_even_with_the_best_value() -> None:
    s = resolve_pots([100, 400, 400], [False, True, False], [1, 99999, 2], button=0)
    assert s.payouts == (0, 0, 900)
    assert all(1 not in p.eligible and 1 not in p.winners for p in s.pots)


def test_8_10_uncalled_bet_returned_before_layering() -> None:
    s = resolve_pots([100, 400, 0], [False, False, True], [9000, 8000, None], button=2)
    assert s.payouts == (200, 300, 0)
    assert s.pots == (Pot(200, (0, 1), (0,)),)


def test_8_10_dead_money_and_everything_folded_but_one() -> None:
    s = resolve_pots([50, 100, 0], [True, False, True], [None, 0, None], button=0, dead=[10, 10, 10])
    assert s.payouts == (0, 180, 0)
    s = resolve_pots([0, 0, 0], [False, False, True], [5, 5, None], button=2, dead=[0, 0, 7])
    assert s.payouts == (4, 3, 0)


@pytest.mark.parametrize(
    ("args", "kwargs", "message"),
    [
        (([1], [False], [1], 0), {}, "contributions has 1 seats"),
        (([1] * 11, [False] * 11, [1] * 11, 0), {}, "contributions has 11 seats"),
        (([1, 1], [False], [1, 1], 0), {}, "folded has 1 entries"),
        (([1, 1], [False, False], [1], 0), {}, "values has 1 entries"),
        (([1, 1.5], [False, False], [1, 1], 0), {}, "contributions[1] = 1.5"),
        (([1, True], [False, False], [1, 1], 0), {}, "contributions[1] = True"),
        (([1, 1], [False, "no"], [1, 1], 0), {}, "folded[1] = 'no'"),
        (([1, 1], [False, False], [1, None], 0), {}, "values[1] = None"),
        (([1, 1], [False, False], [1, 2**31], 0), {}, "values[1] = 2147483648"),
        (([1, 1], [False, False], [1, -1], 0), {}, "values[1] = -1"),
        (([1, 1], [False, False], [1, 1], 2), {}, "button = 2"),
        (([1, 1], [False, False], [1, 1], 0), {"chip_unit": 0}, "chip_unit = 0"),
        (([1, 1], [False, False], [1, 1], 0), {"odd_chip_rule": "random"}, "odd_chip_rule = 'random'"),
        (([1, 1], [False, False], [1, 1], 0), {"dead": [0, -1]}, "dead[1] = -1"),
        (([1, 1], [False, False], [1, 1], 0), {"dead": [0]}, "dead has 1 entries"),
        (([1, 1], [True, True], [1, 1], 0), {}, "every seat has folded"),
    ],
)
def test_8_10_bad_input_is_refused_naming_the_field(args: tuple, kwargs: dict, message: str) -> None:
    with pytest.raises(RuleViolation) as info:
        resolve_pots(*args, **kwargs)
    assert message in str(info.value) and info.value.section == "7.7"


SEATS = st.integers(2, 10)


@st.composite
def settlements(draw: st.DrawFn) -> tuple:
    n = draw(SEATS)
    contributions = draw(st.lists(st.integers(0, 3000), min_size=n, max_size=n))
    folded = draw(st.lists(st.booleans(), min_size=n, max_size=n).filter(lambda f: not all(f)))
    values = [None if f else draw(st.integers(0, 40)) for f in folded]
    dead = draw(st.lists(st.integers(0, 20), min_size=n, max_size=n))
    button = draw(st.integers(0, n - 1))
    unit = draw(st.sampled_from([1, 1, 5, 25]))
    rule = draw(st.sampled_from([None, "left_of_button", "left_of_button_whole_chip"]))
    return contributions, folded, values, button, dead, rule, unit


@given(settlements())
def test_8_10_payouts_conserve_chips_and_go_to_winners(case: tuple) -> None:
    contributions, folded, values, button, dead, rule, unit = case
    s = resolve_pots(contributions, folded, values, button, dead=dead, odd_chip_rule=rule, chip_unit=unit)
    assert sum(s.payouts) == sum(contributions) + sum(dead)
    second = sorted(contributions)[-2]
    uncalled = sum(contributions) - sum(min(c, second) for c in contributions)
    assert sum(p.amount for p in s.pots) + uncalled == sum(contributions) + sum(dead)
    for p in s.pots:
        best = max(values[e] for e in p.eligible)
        assert p.winners == tuple(e for e in p.eligible if values[e] == best)
        assert not any(folded[w] for w in p.winners)
    for seat, f in enumerate(folded):
        if f:
            assert s.payouts[seat] == max(0, contributions[seat] - second)


def _river_hand(rules: RuleSet, holes: list[str], board: str = "Qd Jc 8h 4s 3c") -> Hand:
    h = Hand(rules, [1000] * len(holes), button=0, blinds=(5, 10), hole_cards=holes, board=board)
    while h.street != "river":
        legal = h.legal_actions()
        h.check() if legal.check else h.call()
    return h


def test_8_1_contestants_are_the_players_left() -> None:
    h = Hand(RuleSet(), [1000] * 3, button=0, blinds=(5, 10))
    h.fold()
    assert showdown_contestants(h.state) == (1, 2)
    h.fold()
    assert showdown_contestants(h.state) == () and not h.result.showdown


def test_8_2_river_bettor_shows_first() -> None:
    h = _river_hand(RuleSet(), ["AsAh", "KsKh", "7c2d"])
    h.check(), h.bet_to(50), h.call(), h.call()
    assert showing_order(h.state, h.rules, 3) == (2, 0, 1)
    assert [e.seat for e in h.events if e.kind in ("show", "muck")] == [2, 0, 1]


def test_8_2_checked_river_first_left_of_button_shows_first() -> None:
    h = _river_hand(RuleSet(), ["AsAh", "KsKh", "7c2d"])
    for _ in range(3):
        h.check()
    assert [e.seat for e in h.events if e.kind in ("show", "muck")] == [1, 2, 0]


def test_8_2_seed_003_last_aggressor_of_any_street() -> None:
    rules = RuleSet(showdown_order="last_aggressor_any_street")
    h = Hand(
        rules,
        [1000] * 3,
        button=0,
        blinds=(5, 10),
        hole_cards=["AsAh", "KsKh", "7c2d"],
        board="Qd Jc 8h 4s 3c",
    )
    h.raise_to(30), h.call(), h.call()
    while not h.is_over:
        h.check()
    assert showing_order(h.state, rules, 3)[0] == 0
    assert showing_order(h.state, RuleSet(), 3)[0] == 1


def test_8_3_loser_may_muck_unless_all_must_show() -> None:
    h = _river_hand(RuleSet(), ["AsAh", "KsKh", "7c2d"])
    h.check(), h.check(), h.check()
    assert [(e.kind, e.seat) for e in h.events if e.kind in ("show", "muck")] == [
        ("show", 1), ("muck", 2), ("show", 0),
    ]  # fmt: skip
    h = _river_hand(RuleSet(), ["7c2d", "KsKh", "AsAh"])
    h.check(), h.check(), h.check()
    assert [(e.kind, e.seat) for e in h.events if e.kind in ("show", "muck")] == [
        ("show", 1), ("show", 2), ("muck", 0),
    ]  # fmt: skip
    assert 0 not in h.result.shown
    h = _river_hand(RuleSet(losers_may_muck=False), ["7c2d", "KsKh", "AsAh"])
    h.check(), h.check(), h.check()
    assert set(h.result.shown) == {0, 1, 2}


def test_8_3_tie_is_shown_and_side_pot_contender_shows() -> None:
    shown = {0: 100}
    pots = (Pot(30, (0, 1, 2)), Pot(20, (1, 2)))
    assert must_show(1, 100, pots, shown, (), RuleSet())
    assert must_show(2, 50, pots, shown, (), RuleSet())
    assert not must_show(2, 50, pots, {0: 100, 1: 60}, (), RuleSet())


def test_8_4_all_in_hands_are_tabled_and_cannot_be_mucked() -> None:
    assert not may_muck(0, (0, 1), RuleSet()) and may_muck(2, (0, 1), RuleSet())
    assert not may_muck(2, (), RuleSet(losers_may_muck=False))
    h = Hand(
        RuleSet(), [100, 1000], button=0, blinds=(5, 10), hole_cards=["7c2d", "AsAh"], board="Qd Jc 8h 4s 3c"
    )
    h.all_in(), h.call()
    assert set(h.result.shown) == {0, 1} and "muck" not in [e.kind for e in h.events]
    cash = RuleSet(all_in_face_up=False)
    h = Hand(cash, [100, 1000], button=0, blinds=(5, 10), hole_cards=["AsAh", "7c2d"], board="Qd Jc 8h 4s 3c")
    h.all_in(), h.call()
    assert set(h.result.shown) == {0} and [e.kind for e in h.events][-2:] == ["muck", "win"]


def test_8_5_cards_speak_seed_000_boards() -> None:
    board = parse_cards("4c 9d Th 6s 8c")
    assert hand_strength(parse_cards("AdKd"), board) > hand_strength(parse_cards("AhQh"), board)
    board = parse_cards("Qh Jh Th 4h 2h")
    assert hand_strength(parse_cards("Ac3h"), board) > hand_strength(parse_cards("QsQd"), board)
    board = parse_cards("Qs Tc Jd Ks Ah")
    assert hand_strength(parse_cards("2c2d"), board) == hand_strength(parse_cards("AcAd"), board)
    with pytest.raises(InvalidCards) as info:
        hand_strength((None, Card("As")), board)
    assert info.value.section == "8.5"


def test_8_5_board_plays_and_the_pot_is_chopped() -> None:
    h = _river_hand(RuleSet(), ["2c2d", "3c3d", "4d5d"], board="As Ks Qs Js Ts")
    h.check(), h.check(), h.check()
    assert h.result.net == (0, 0, 0) and h.result.pots[0].winners == (0, 1, 2)


def test_8_9_board_play_claim_only_under_seed_002_with_a_declaration() -> None:
    seed002 = RuleSet(must_table_both_cards=False)
    for final_round in ("checked_around", "bet_and_call", "other"):
        assert not board_play_claim(True, final_round, True, RuleSet())
        assert not board_play_claim(False, final_round, True, seed002)
    assert board_play_claim(True, "checked_around", False, seed002)
    assert board_play_claim(True, "bet_and_call", True, seed002)
    assert not board_play_claim(True, "bet_and_call", False, seed002)
    assert not board_play_claim(True, "other", True, seed002)


def test_8_11_settle_hand_merges_pots_among_winners_only_at_a_showdown() -> None:
    from pyholdem.spec.showdown import settle_hand

    h = Hand(RuleSet(), [1000, 1000, 7], button=0, blinds=(1, 2))
    h.raise_to(20), h.call(), h.call()
    merged = RuleSet(odd_chip_pots="merged_among_winners")
    each = settle_hand(h.state, h.rules, [9, 9, 3], showdown=True)
    assert [p.amount for p in each.pots] == [21, 26] and each.payouts == (23, 24, 0)
    assert each.awards == ((0, 13), (1, 13), (0, 10), (1, 11))  # side pot first (§8.6)
    one = settle_hand(h.state, merged, [9, 9, 3], showdown=True)
    assert one.pots == (Pot(47, (0, 1), (0, 1)),) and one.awards == ((0, 23), (1, 24))
    assert settle_hand(h.state, merged, [9, 9, 3], showdown=False).pots == each.pots
    assert sum(each.payouts) == sum(one.payouts) == sum(h.state.committed)


def test_8_11_pooled_antes_are_a_pot_of_their_own() -> None:
    from pyholdem.spec.showdown import settle_hand

    rules = RuleSet(ante_award="pooled")
    h = Hand(rules, [1000, 1000, 1000, 5], button=0, blinds=(5, 10), antes=5)  # seat 3 all-in on the ante
    h.raise_to(100), h.call(), h.call()
    st = h.state
    settled = settle_hand(st, rules, [3, 3, 3, 9], showdown=True)
    assert settled.pots[0] == Pot(20, (0, 1, 2, 3), (3,))
    assert settled.payouts == (100, 100, 100, 20) and sum(settled.payouts) == sum(st.committed) + 20
