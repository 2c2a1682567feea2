"""The Hand state machine: API, atomic refusals, copies, worked examples and known traps."""

from __future__ import annotations

import copy
import dataclasses
import pickle

import pytest

from pyholdem import Event, Hand, HandResult, IllegalAction, InvalidCards, Pot, RuleSet, RuleViolation

NL = RuleSet()


def snapshot(h: Hand) -> tuple:
    return (dataclasses.astuple(h.state), h.events, h.result, h.to_act)


def test_7_7_seed_000_side_pot_hand_main_2400_side_4400() -> None:
    h = Hand(
        NL,
        [5000, 5000, 800, 3000, 3000],
        button=2,
        blinds=(100, 200),
        hole_cards=["Kc Kd", "9c 8c", "4h 4s", "Ac Qd", "As Ah"],
        board="4c 9d Th 2s 7c",
    )
    h.fold(), h.fold()
    h.all_in()  # Jim, the button, all-in for 800
    h.raise_to(3000)  # the small blind makes it 3000
    h.call()  # the big blind calls all-in
    assert h.is_over and isinstance(h.result, HandResult)
    assert h.result.pots == (Pot(2400, (2, 3, 4), (2,)), Pot(4400, (3, 4), (4,)))
    assert h.result.stacks == (5000, 5000, 2400, 0, 4400)
    assert h.result.net == (0, 0, 1600, -3000, 1400)


def test_6_5_seed_001_five_player_round() -> None:
    h = Hand(RuleSet(betting_structure="fixed_limit"), [500] * 5, button=0, blinds=(10, 25))
    h.call(), h.fold(), h.call(), h.call()
    assert h.street == "preflop" and h.to_act == 2
    h.check()
    assert h.street == "flop" and h.pot_total() == 100 and h.to_act == 1


def test_5_6_seed_002_raise_sequence() -> None:
    h = Hand(NL, [1000] * 4, button=0, blinds=(1, 2))
    h.call(), h.call(), h.call(), h.check()
    h.bet_to(2), h.raise_to(5), h.raise_to(10)
    assert h.legal_actions().min_raise_to == 15


def test_5_9_seed_004_pot_limit_maximum() -> None:
    h = Hand(RuleSet(betting_structure="pot_limit"), [5000] * 4, button=0, blinds=(25, 50))
    h.call(), h.call(), h.call(), h.check()
    h.bet_to(150), h.call()
    assert h.legal_actions().max_raise_to == 800


# --- known traps other engines fell into -------------------------------------------------


def test_7_2_trap_an_all_in_that_is_a_full_raise_reopens_betting() -> None:
    h = Hand(NL, [1000, 1000, 300, 1000], button=0, blinds=(5, 10))
    h.raise_to(100)  # seat 3
    h.call()  # button
    h.fold()  # small blind
    h.all_in()  # big blind to 300: a raise of 200 >= 90, a full raise
    assert h.to_act == 3 and h.legal_actions().min_raise_to == 500


def test_7_7_trap_a_folded_player_is_never_eligible() -> None:
    h = Hand(
        NL,
        [1000, 1000, 200],
        button=0,
        blinds=(5, 10),
        hole_cards=["As Ah", "7c 2d", "Kc Kd"],
        board="Ad Ac 9h 4s 3c",
    )
    h.raise_to(500)
    h.call()
    h.all_in()  # big blind all-in for 200
    h.bet_to(500), h.fold()  # seat 1 bets the flop, the aces fold
    assert h.is_over
    for pot in h.result.pots:
        assert 0 not in pot.eligible and 0 not in pot.winners
    assert h.result.stacks == (500, 1100, 600)


def test_5_6_trap_minimum_raise_is_not_capped_by_an_opponent_stack() -> None:
    h = Hand(NL, [1000, 1000, 60], button=0, blinds=(5, 10))
    # the big blind has only 50 behind; the minimum raise is still to 20, the maximum the stack
    legal = h.legal_actions()
    assert legal.min_raise_to == 20 and legal.max_raise_to == 1000
    h.raise_to(200)
    assert h.legal_actions().min_raise_to == 390


def test_3_7_trap_heads_up_button_posts_the_small_blind() -> None:
    for button in (0, 1):
        h = Hand(NL, [100, 100], button=button, blinds=(1, 2))
        blinds = [(e.seat, e.amount) for e in h.events if e.kind == "blind"]
        assert blinds == [(button, 1), (1 - button, 2)]
        assert h.to_act == button


# --- API ---------------------------------------------------------------------------------


def test_6_1_refused_action_leaves_the_hand_exactly_as_it_was() -> None:
    h = Hand(NL, [1000] * 3, button=0, blinds=(5, 10), seed=4)
    before = snapshot(h)
    for bad in (lambda: h.raise_to(15), lambda: h.check(), lambda: h.bet_to(40), lambda: h.raise_to(5000)):
        with pytest.raises(IllegalAction):
            bad()
        assert snapshot(h) == before


def test_8_5_unknown_cards_refuse_the_showdown_without_changing_the_hand() -> None:
    h = Hand(NL, [100, 100], button=0, blinds=(1, 2), hole_cards=["AsAh", "????"], board="Kd Qd 2c 3c 4h")
    h.call()
    for _ in range(6):
        h.check()
    assert h.street == "river" and h.to_act == 0
    before = snapshot(h)
    with pytest.raises(InvalidCards) as info:
        h.check()
    assert info.value.section == "8.5" and snapshot(h) == before and not h.is_over
    h2 = Hand(NL, [100, 100], button=0, blinds=(1, 2), hole_cards=["AsAh", None])
    h2.fold()
    assert h2.result.net == (-1, 1)


def test_6_1_copy_is_independent() -> None:
    h = Hand(NL, [1000] * 3, button=0, blinds=(5, 10), seed=9)
    c = h.copy()
    c.raise_to(100)
    assert h.to_act == 0 and c.to_act == 1 and len(c.events) == len(h.events) + 1
    assert h.state.bets == [0, 5, 10]


def test_4_3_same_seed_same_hand() -> None:
    def play(seed: int) -> tuple:
        h = Hand(NL, [1000] * 4, button=1, blinds=(5, 10), seed=seed)
        while not h.is_over:
            legal = h.legal_actions()
            h.check() if legal.check else h.call()
        return h.events, h.result

    assert play(3) == play(3)
    assert play(3) != play(4)


def test_6_1_events_are_an_append_only_log() -> None:
    h = Hand(NL, [1000] * 3, button=0, blinds=(5, 10), seed=1)
    first = h.events
    h.call()
    assert h.events[: len(first)] == first
    assert h.events[-1] == Event("call", 0, 10, street="preflop")
    assert isinstance(h.events, tuple)


def test_3_1_bad_set_up_is_refused() -> None:
    with pytest.raises(RuleViolation, match="button 3"):
        Hand(NL, [100, 100], button=3, blinds=(1, 2))
    with pytest.raises(RuleViolation, match="is not a RuleSet"):
        Hand("nl", [100, 100], button=0, blinds=(1, 2))  # type: ignore[arg-type]
    with pytest.raises(RuleViolation, match="bet_sizes"):
        Hand(NL, [100, 100], button=0, blinds=(1, 2), bet_sizes=(0, 4))
    with pytest.raises(RuleViolation, match="antes"):
        Hand(NL, [100, 100], button=0, blinds=(1, 2), antes=[1])


def test_3_12_per_seat_antes_for_replays() -> None:
    h = Hand(NL, [100, 100, 100], button=0, blinds=(1, 2), antes=[1, 2, 3])
    assert h.state.antes == [1, 2, 3] and h.pot_total() == 9


def test_7_7_all_in_on_the_ante_wins_only_what_it_matched() -> None:
    h = Hand(
        NL,
        [3, 1000, 1000],
        button=0,
        blinds=(5, 10),
        antes=5,
        hole_cards=["As Ah", "7c 2d", "8c 3d"],
        board="Ad Kc 9h 4s 3c",
    )
    h.call(), h.check()
    while not h.is_over:
        h.check()
    assert h.result.pots[0] == Pot(9, (0, 1, 2), (0,))
    assert h.result.stacks[0] == 9


def test_8_8_odd_chip_goes_to_the_first_winner_left_of_the_button() -> None:
    board = "As Ks Qs Js Ts"
    h = Hand(NL, [100] * 3, button=0, blinds=(5, 10), hole_cards=["2c2d", "3c3d", "4c4d"], board=board)
    h.call(), h.fold()  # button calls, small blind folds: 25 chips between seats 0 and 2
    while not h.is_over:
        h.check()
    assert h.result.pots == (Pot(25, (0, 2), (0, 2)),)
    assert h.result.net == (2, -5, 3)
    whole = Hand(
        NL.replace(odd_chip_rule="left_of_button_whole_chip", chip_unit=5),
        [100] * 3,
        button=0,
        blinds=(5, 10),
        hole_cards=["2c2d", "3c3d", "4c4d"],
        board=board,
    )
    whole.call(), whole.fold()
    while not whole.is_over:
        whole.check()
    assert whole.result.net == (0, -5, 5)


def test_6_3_three_handed_order_after_the_flop() -> None:
    h = Hand(NL, [1000] * 3, button=2, blinds=(5, 10))
    assert h.to_act == 2  # the button acts first preflop three-handed
    h.call(), h.call(), h.check()
    assert h.to_act == 0  # the small blind first after the flop
    h.check(), h.check()
    assert h.to_act == 2 and h.street == "flop"


def test_6_1_repr_names_the_street_and_the_player_to_act() -> None:
    h = Hand(NL, [100, 200, 300], button=0, blinds=(1, 2))
    assert repr(h) == "<Hand 3 seats, button 0, preflop, seat 0 to act, stacks [100, 199, 298]>"
    h.fold(), h.fold()
    assert repr(h) == "<Hand 3 seats, button 0, over, stacks [100, 199, 301]>"


def _side_pot_hand(rules: RuleSet) -> Hand:
    h = Hand(
        rules,
        [1000, 1000, 1000, 101],
        button=0,
        blinds=(5, 10),
        hole_cards=["AsAd", "KhKd", "KsKc", "QhQd"],
        board="2c 7d 9h Jc 3s",
    )
    h.all_in(), h.call(), h.call(), h.call()
    h.check(), h.bet_to(51), h.call(), h.call()
    h.check(), h.check(), h.bet_to(100), h.call(), h.call()
    h.bet_to(201), h.call(), h.fold()
    return h


def test_8_2_whole_hand_side_pot_odd_chip_and_a_folded_best_hand() -> None:
    """Worked by hand: main pot 4 x 101 split by the two kings; the side pot 855 is split
    427/427 with the odd chip to seat 1, first left of the button; the folded aces win nothing."""
    h = _side_pot_hand(RuleSet())
    assert h.result is not None
    assert h.result.pots == (Pot(404, (1, 2, 3), (1, 2)), Pot(855, (1, 2), (1, 2)))
    assert h.result.net == (-252, 177, 176, -101)
    wins = [(e.seat, e.amount) for e in h.events if e.kind == "win"]
    assert wins == [(1, 428), (2, 427), (1, 202), (2, 202)]
    assert [e.seat for e in h.events if e.kind == "show"] == [1, 2, 3]


def test_8_2_cash_game_river_bettor_shows_first_and_the_beaten_all_in_mucks() -> None:
    h = _side_pot_hand(RuleSet(all_in_face_up=False))
    shown = [(e.kind, e.seat) for e in h.events if e.kind in ("show", "muck")]
    assert shown == [("show", 1), ("show", 2), ("muck", 3)]
    assert h.result is not None and h.result.net == (-252, 177, 176, -101)


def test_6_1_a_native_hand_pickles_and_deep_copies_as_the_same_hand() -> None:
    h = Hand(RuleSet(), [100, 100, 100], button=0, blinds=(1, 2), seed=1)
    h.raise_to(6)
    for other in (pickle.loads(pickle.dumps(h)), copy.deepcopy(h)):
        assert other.engine == "spec"
        assert other.state == h.state and other.events == h.events
        assert other.legal_actions() == h.legal_actions()
        other.call()
        h_copy = h.copy()
        h_copy.call()
        assert other.events == h_copy.events and other.state == h_copy.state


def test_6_10_an_action_out_of_turn_hands_the_hand_to_the_spec_engine() -> None:
    h = Hand(RuleSet(), [100, 100, 100], button=0, blinds=(1, 2), seed=1)
    spec = Hand(RuleSet(), [100, 100, 100], button=0, blinds=(1, 2), seed=1, engine="spec")
    assert h.engine == "native" and spec.engine == "spec"
    for hand in (h, spec):
        hand.act("fold", seat=2)
    assert h.engine == "spec"
    assert h.events == spec.events and h.state == spec.state


def test_6_10_a_hand_handed_over_mid_hand_stays_the_same_hand_and_copies_and_pickles() -> None:
    """The hand holds its engine: handing over replaces the engine, not the hand's class, and the
    handed-over hand copies, deep-copies and pickles as the spec-engine hand it now is."""
    h = Hand(RuleSet(), [100, 100, 100], button=0, blinds=(1, 2), seed=1)
    spec = Hand(RuleSet(), [100, 100, 100], button=0, blinds=(1, 2), seed=1, engine="spec")
    for hand in (h, spec):
        hand.raise_to(6)
        hand.act("fold", seat=2)  # seat 1 is to act: out of turn (§6.10)
    assert type(h) is Hand and h.engine == "spec" and h.to_act == 1
    assert h.events == spec.events and h.state == spec.state and h.deal == spec.deal
    for other in (h.copy(), copy.deepcopy(h), pickle.loads(pickle.dumps(h))):
        assert type(other) is Hand and other.engine == "spec"
        assert (
            other.events == h.events and other.state == h.state and other.legal_actions() == h.legal_actions()
        )
        other.call()  # seat 1 calls, seat 2's fold then binds: the flop, heads-up
        assert other.street == "flop" and h.street == "preflop" and h.to_act == 1
    for hand in (h, spec):
        while not hand.is_over:
            hand.check() if hand.legal_actions().check else hand.call()
    assert h.is_over and h.result == spec.result and h.events == spec.events
    assert [e.kind for e in h.events].count("out_of_turn_binds") == 1
