"""Spec 06: the betting round, and the all-in rules of spec 07 that shape it (§7.1–7.5)."""

from __future__ import annotations

import pytest

from pyholdem import Event, Hand, IllegalAction, Pot, RuleSet
from pyholdem.spec.betting import (
    betting_closed,
    first_to_act_postflop,
    first_to_act_preflop,
    legal_actions,
    may_check,
    may_raise,
    must_act,
    next_to_act,
    out_of_turn_binds,
    timeout_outcome,
    uncontested_winner,
)
from pyholdem.spec.pots import (
    all_in_to,
    cumulative_reopen,
    freeze_all_in,
    limit_all_in_is_full,
    preflop_call_level,
    reopened,
)
from pyholdem.spec.structures import fl_raise_to

NL = RuleSet()
FL = RuleSet(betting_structure="fixed_limit")


def test_6_1_facing_a_bet_fold_call_raise() -> None:
    h = Hand(NL, [1000] * 3, button=0, blinds=(5, 10))
    legal = legal_actions(h.state, NL)
    assert (legal.fold, legal.check, legal.call, legal.min_raise_to, legal.max_raise_to) == (
        True, False, 10, 20, 1000,
    )  # fmt: skip
    assert not legal.is_bet


def test_6_1_facing_no_bet_check_bet_or_fold() -> None:
    h = Hand(NL, [1000] * 2, button=0, blinds=(5, 10))
    h.call(), h.check()
    legal = h.legal_actions()
    assert legal.check and legal.fold and legal.call is None and legal.is_bet
    assert legal.accepts("bet", 10) and not legal.accepts("raise", 10) and not legal.accepts("call")
    h.fold()
    assert h.result.net == (10, -10)


def test_6_1_refusals_name_value_and_section() -> None:
    h = Hand(NL, [1000] * 3, button=0, blinds=(5, 10))
    cases = [
        (lambda: h.bet_to(50), "there is a bet of 10 to raise", "6.1"),
        (lambda: h.raise_to(15), "raise to 15 is below the minimum raise to 20", "5.6"),
        (lambda: h.raise_to(2000), "raise to 2000 is more than the player has", "5.12"),
        (lambda: h.raise_to("50"), "'50' is not a whole number of chips", "5.12"),
        (lambda: h.act("limp"), "'limp' is not an action", "6.1"),
    ]
    for action, message, section in cases:
        with pytest.raises(IllegalAction) as info:
            action()
        assert message in str(info.value) and info.value.section == section


def test_6_1_refused_bets_and_checks_cite_the_rule_that_forbids_them() -> None:
    def refusal(h: Hand, kind: str, amount: int | None = None) -> tuple[str, str]:
        with pytest.raises(IllegalAction) as info:
            h.act(kind, amount)
        return str(info.value), info.value.section

    h = Hand(NL, [1000] * 3, button=0, blinds=(5, 10))
    h.call(), h.call(), h.check(), h.bet_to(10)
    assert refusal(h, "check") == (
        "check is not allowed facing a bet of 10 (call 10, raise or fold) (§6.1)",
        "6.1",
    )
    h = Hand(NL, [1000, 150, 1000], button=0, blinds=(5, 10))
    h.raise_to(100), h.all_in(), h.call()
    assert refusal(h, "raise", 500) == (
        "raise to 500 is not allowed: the betting was not reopened by a full raise since this "
        "player acted (call 50 or fold) (§7.2)",
        "7.2",
    )
    h = Hand(FL, [1000, 1000, 1000, 1000, 14], button=0, blinds=(5, 10))
    h.call(), h.all_in(), h.call(), h.call(), h.call()
    assert h.to_act == 3
    assert refusal(h, "raise", 24) == (
        "raise to 24 is not allowed: the betting was not reopened by a full raise since this "
        "player acted (call 4 or fold) (§7.4)",
        "7.4",
    )
    h = Hand(FL, [1000] * 4, button=0, blinds=(5, 10))
    h.raise_to(20), h.raise_to(30), h.raise_to(40)
    assert refusal(h, "raise", 50) == (
        "raise to 50 is not allowed: the raise cap for this round is reached (call 30 or fold) (§5.4)",
        "5.4",
    )
    h = Hand(RuleSet(nl_raise_cap=3), [1000] * 3, button=0, blinds=(5, 10))
    h.raise_to(20), h.raise_to(30), h.raise_to(40)
    assert refusal(h, "raise", 50)[1] == "5.8"


def test_6_2_first_to_act_preflop_six_three_and_two_handed() -> None:
    assert Hand(NL, [1000] * 6, button=0, blinds=(5, 10)).to_act == 3
    assert Hand(NL, [1000] * 3, button=0, blinds=(5, 10)).to_act == 0
    assert Hand(NL, [1000] * 2, button=1, blinds=(5, 10)).to_act == 1
    straddled = Hand(RuleSet(straddle_allowed=True), [1000] * 6, button=0, blinds=(5, 10), straddles=(20,))
    assert first_to_act_preflop(straddled.state) == 4


def test_6_2_all_in_blind_is_skipped() -> None:
    h = Hand(NL, [1000, 1000, 1000, 5], button=2, blinds=(5, 10))
    assert h.to_act == 1
    h = Hand(NL, [1000, 1000, 1000, 10], button=1, blinds=(5, 10))
    assert h.to_act == 0


def test_6_3_heads_up_big_blind_acts_first_after_the_flop() -> None:
    h = Hand(NL, [1000] * 2, button=1, blinds=(5, 10))
    h.call(), h.check()
    assert h.to_act == 0 == first_to_act_postflop(h.state)
    h.check()
    assert h.to_act == 1


def test_6_3_first_live_player_left_of_button() -> None:
    h = Hand(NL, [1000] * 4, button=0, blinds=(5, 10))
    h.call(), h.call(), h.fold(), h.check()
    assert h.street == "flop" and h.to_act == 2


def test_6_4_turn_order_skips_folded_and_all_in() -> None:
    h = Hand(NL, [1000, 1000, 1000, 300, 1000], button=0, blinds=(5, 10))
    h.all_in()  # seat 3
    h.fold()  # seat 4
    assert next_to_act(h.state, 2) == 0 and h.to_act == 0


def test_6_5_seed_001_round_not_over_until_big_blind_acts() -> None:
    h = Hand(FL, [1000] * 5, button=0, blinds=(10, 25))
    h.call(), h.fold(), h.call(), h.call()
    assert h.street == "preflop" and h.to_act == 2 and must_act(h.state, 2)
    h.check()
    assert h.street == "flop" and h.pot_total() == 100


def test_6_5_round_ends_when_all_matched_after_a_raise() -> None:
    h = Hand(NL, [1000] * 3, button=0, blinds=(5, 10))
    h.raise_to(30), h.call(), h.call()
    assert h.street == "flop" and h.to_act == 1 and must_act(h.state, 0)


def test_6_6_no_preflop_check_except_big_blind() -> None:
    h = Hand(NL, [1000] * 3, button=0, blinds=(5, 10))
    with pytest.raises(IllegalAction, match="only the big blind may check") as info:
        h.check()
    assert info.value.section == "6.6"
    h.call()
    with pytest.raises(IllegalAction):
        h.check()
    h.call()
    assert may_check(h.state, 2) and h.legal_actions().min_raise_to == 20
    h.raise_to(40)
    assert h.to_act == 0 and not may_check(h.state, 0)


def test_6_7_cannot_raise_own_bet() -> None:
    h = Hand(NL, [1000] * 3, button=0, blinds=(5, 10))
    h.call(), h.call()
    h.raise_to(50)
    h.call(), h.call()
    assert h.street == "flop"
    h.bet_to(20)
    h.call(), h.call()
    assert h.street == "turn"


def test_6_7_raise_needs_an_opponent_with_chips() -> None:
    h = Hand(NL, [1000, 300, 1000], button=0, blinds=(5, 10))
    h.fold()
    h.all_in()  # small blind, 300
    assert h.to_act == 2 and not may_raise(h.state, NL, 2)
    assert h.legal_actions().min_raise_to is None and h.legal_actions().call == 290


def test_6_8_uncontested_winner_takes_all_without_showing() -> None:
    h = Hand(NL, [1000] * 3, button=0, blinds=(5, 10))
    h.raise_to(30)
    h.fold()
    assert uncontested_winner(h.state) is None
    h.fold()
    assert h.is_over and h.result.net == (15, -5, -10) and h.result.shown == {}
    assert next(e for e in h.events if e.kind == "return").amount == 20
    with pytest.raises(IllegalAction, match="the hand is over"):
        h.call()


def test_6_9_no_betting_with_one_player_able_to_act() -> None:
    h = Hand(NL, [1000, 200, 1000], button=0, blinds=(5, 10))
    h.fold()
    h.all_in()
    assert betting_closed(h.state, 2) and not may_raise(h.state, NL, 2)
    h.call()
    assert h.is_over and len(h.result.board) == 5


def test_7_1_call_all_in_for_less_changes_nothing() -> None:
    h = Hand(NL, [1000, 1000, 1000, 50], button=3, blinds=(5, 10))
    h.raise_to(100)
    assert h.legal_actions().call == 50 and all_in_to(h.state, 0) == 1000
    h2 = Hand(NL, [40, 1000, 1000, 1000], button=0, blinds=(5, 10))
    h2.raise_to(100)
    assert h2.legal_actions().call == 40
    h2.call()
    assert h2.state.current_bet == 100 and h2.legal_actions().min_raise_to == 190


def test_7_1_bet_all_in_below_the_minimum() -> None:
    h = Hand(NL, [1000, 1000, 1000], button=0, blinds=(50, 100))
    h.call(), h.call(), h.check()
    h2 = Hand(NL, [1000, 1000, 130], button=0, blinds=(50, 100))
    h2.call(), h2.call(), h2.check()
    h2.check()
    assert h2.to_act == 2 and h2.legal_actions().min_raise_to == 30 == h2.legal_actions().max_raise_to
    h2.bet_to(30)
    assert h2.legal_actions().call == 30 and h2.legal_actions().min_raise_to == 130


def test_7_2_short_all_in_raise_does_not_reopen_for_players_who_acted() -> None:
    h = Hand(NL, [1000, 150, 1000], button=0, blinds=(5, 10))
    h.raise_to(100)  # button
    h.all_in()  # small blind to 150: 50 more, short of a 90 raise
    h.call()  # big blind
    assert h.to_act == 0 and not reopened(h.state, NL, 0)
    assert h.legal_actions().min_raise_to is None and h.legal_actions().call == 50
    with pytest.raises(IllegalAction, match="not reopened") as info:
        h.raise_to(500)
    assert info.value.section == "7.2"


def test_7_2_player_who_had_not_acted_may_still_raise() -> None:
    h = Hand(NL, [1000, 150, 1000], button=0, blinds=(5, 10))
    h.raise_to(100)
    h.all_in()
    assert h.to_act == 2 and reopened(h.state, NL, 2) and h.legal_actions().min_raise_to == 240


def test_7_2_all_in_that_is_a_full_raise_reopens() -> None:
    h = Hand(NL, [1000, 200, 1000], button=0, blinds=(5, 10))
    h.raise_to(100)
    h.all_in()  # to 200: a full raise of 100
    h.call()
    assert h.to_act == 0 and reopened(h.state, NL, 0) and h.legal_actions().min_raise_to == 300


def test_7_2_any_raise_variant_reopens_on_short_all_in() -> None:
    rules = RuleSet(reopen_rule_big_bet="any_raise")
    h = Hand(rules, [1000, 150, 1000], button=0, blinds=(5, 10))
    h.raise_to(100), h.all_in(), h.call()
    assert h.legal_actions().min_raise_to == 240


def test_7_3_several_short_all_ins_adding_up_reopen() -> None:
    h = Hand(NL, [200, 1000, 1000, 1000, 150], button=0, blinds=(5, 10))
    h.raise_to(100)  # seat 3: a raise of 90
    h.all_in()  # seat 4 to 150
    h.all_in()  # seat 0 to 200: together 100 more than seat 3 acted on
    h.call()  # seat 1
    h.fold()  # seat 2
    assert h.to_act == 3 and cumulative_reopen(h.state, NL, 3)
    assert h.legal_actions().min_raise_to == 290
    single = RuleSet(reopen_rule_big_bet="full_raise_single")
    assert not reopened(h.state, single, 3)


def test_7_3_short_all_ins_that_do_not_add_up_do_not_reopen() -> None:
    h = Hand(NL, [180, 1000, 1000, 1000, 150], button=0, blinds=(5, 10))
    h.raise_to(100), h.all_in(), h.all_in(), h.call(), h.fold()
    assert h.to_act == 3 and not cumulative_reopen(h.state, NL, 3)


def test_7_4_limit_half_bet_rule() -> None:
    assert not limit_all_in_is_full(4, 10, FL) and limit_all_in_is_full(5, 10, FL)
    assert not limit_all_in_is_full(5, 10, FL.replace(reopen_rule_limit="full_bet"))
    h = Hand(FL, [1000, 1000, 1000, 14], button=0, blinds=(5, 10))
    h.all_in()
    assert h.legal_actions().min_raise_to == 20  # completing the bet
    h = Hand(FL, [1000, 1000, 1000, 16], button=0, blinds=(5, 10))
    h.all_in()
    assert h.legal_actions().min_raise_to == 26


def test_7_4_limit_short_all_in_does_not_reopen_for_the_bettor() -> None:
    h = Hand(FL, [1000, 1000, 14, 1000], button=0, blinds=(5, 10))
    h.call(), h.call(), h.call(), h.check()  # the big blind (seat 2) has 4 chips left
    h.check()  # flop: seat 1 checks
    h.bet_to(4)  # seat 2, all-in for 4 of a 10 bet
    assert h.to_act == 3 and h.legal_actions().min_raise_to == 10  # may complete
    h.call(), h.call()
    assert h.to_act == 1 and h.legal_actions().call == 4 and h.legal_actions().min_raise_to is None
    h = Hand(FL, [1000, 1000, 1000, 1000], button=0, blinds=(5, 10))
    h.call(), h.call(), h.call(), h.check()
    h.bet_to(10)  # seat 1
    assert h.state.full_level == 10


def test_7_5_short_big_blind_others_call_the_full_blind() -> None:
    h = Hand(NL, [1000, 1000, 60], button=0, blinds=(50, 100))
    assert h.legal_actions().call == 100 and h.legal_actions().min_raise_to == 200
    assert preflop_call_level([50, 60], [50, 100], NL) == 100
    posted = RuleSet(short_blind_call_amount="posted_amount")
    assert preflop_call_level([50, 60], [50, 100], posted) == 60
    h.call(), h.call()
    assert h.street == "flop" and h.pot_total() == 260


def test_6_11_time_out_checks_if_possible_else_folds() -> None:
    h = Hand(NL, [1000] * 3, button=0, blinds=(5, 10))
    assert timeout_outcome(h.state, NL, 0) == "fold"
    h.time_out()
    assert h.state.folded[0] and h.events[-1].kind == "fold"
    h.call()
    h.time_out()  # the big blind can check
    assert h.street == "flop" and not h.state.folded[2]


def test_6_11_seed_001_002_fold_and_seed_004_freeze_readings() -> None:
    h = Hand(NL, [1000] * 3, button=0, blinds=(5, 10))
    h.call(), h.call()
    assert timeout_outcome(h.state, RuleSet(timeout_action="fold"), 2) == "fold"
    seed004 = RuleSet(timeout_action="allin_freeze_if_committed")
    assert timeout_outcome(h.state, seed004, 2) == "freeze"
    fresh = Hand(seed004, [1000] * 3, button=0, blinds=(5, 10))
    assert timeout_outcome(fresh.state, seed004, 0) == "fold"  # nothing put in yet
    with_ante = Hand(seed004, [1000] * 3, button=0, blinds=(5, 10), antes=1)
    assert timeout_outcome(with_ante.state, seed004, 0) == "freeze"  # the ante counts


def test_7_8_frozen_player_plays_only_for_the_pot_so_far() -> None:
    rules = RuleSet(timeout_action="allin_freeze_if_committed")
    h = Hand(
        rules,
        [1000] * 3,
        button=0,
        blinds=(5, 10),
        hole_cards=["AsAh", "KsKh", "QsQh"],
        board="2c 3d 7h 9s Jd",
    )
    h.call(), h.call(), h.check()
    h.bet_to(100), h.raise_to(300)
    h.time_out()
    st = h.state
    assert st.frozen[0] and not st.can_act(0) and st.stacks[0] == 990
    assert h.to_act == 1 and h.legal_actions().call == 200
    h.call()
    while not h.is_over:
        h.check()
    assert h.result.pots[0] == Pot(30, (0, 1, 2), (0,))
    assert h.result.stacks == (1020, 1290, 690)


def test_7_8_freeze_all_in_marks_the_seat() -> None:
    h = Hand(NL, [1000] * 3, button=0, blinds=(5, 10))
    st = h.state
    freeze_all_in(st, 1)
    assert st.frozen[1] and st.acted[1] and not st.can_act(1) and st.stacks[1] == 995


def test_6_10_out_of_turn_binds_when_the_action_is_unchanged() -> None:
    h = Hand(NL, [1000] * 4, button=0, blinds=(5, 10))
    h.act("raise", 40, seat=0)
    assert h.to_act == 3 and h.state.out_of_turn == {0: ("raise", 40, 10)}
    assert out_of_turn_binds(h.state, NL, 0)
    h.fold()
    assert h.events[-2].kind == "out_of_turn_binds" and h.events[-1] == Event("raise", 0, 40)
    assert h.to_act == 1


def test_6_10_out_of_turn_void_when_the_action_changed_but_fold_binds() -> None:
    h = Hand(NL, [1000] * 4, button=0, blinds=(5, 10))
    h.act("check", seat=0)
    h.raise_to(30)
    assert h.events[-1].kind == "out_of_turn_void" and h.to_act == 0
    h = Hand(NL, [1000] * 4, button=0, blinds=(5, 10))
    h.act("fold", seat=0)
    h.raise_to(30)
    assert h.state.folded[0] and h.to_act == 1


def test_6_10_seed_002_only_a_fold_binds_and_reject_refuses() -> None:
    seed002 = RuleSet(out_of_turn="fold_only_binding")
    h = Hand(seed002, [1000] * 4, button=0, blinds=(5, 10))
    h.act("call", seat=0)
    h.call()
    assert h.events[-1].kind == "out_of_turn_void" and h.to_act == 0
    reject = Hand(RuleSet(out_of_turn="reject"), [1000] * 4, button=0, blinds=(5, 10))
    before = reject.state
    with pytest.raises(IllegalAction, match="out of turn") as info:
        reject.act("fold", seat=0)
    assert info.value.section == "6.10" and reject.state == before


def test_6_10_out_of_turn_refusals_and_round_end() -> None:
    h = Hand(NL, [1000] * 4, button=0, blinds=(5, 10))
    for seat, message in [(7, "not a seat"), (True, "not a seat")]:
        with pytest.raises(IllegalAction, match=message):
            h.act("fold", seat=seat)
    h.act("fold", seat=0)
    with pytest.raises(IllegalAction, match="already acted out of turn"):
        h.act("call", seat=0)
    h2 = Hand(NL, [1000] * 3, button=0, blinds=(5, 10))
    h2.call(), h2.call()
    h2.act("check", seat=0)  # the button already called; the round ends before his turn
    h2.check()
    assert h2.street == "flop" and h2.events[-2].kind == "out_of_turn_void" and not h2.state.out_of_turn


def test_7_3_tda_47_addendum_short_all_ins_adding_up_reopen_preflop() -> None:
    h = Hand(NL, [5000, 5000, 5000, 5000, 450, 550], button=0, blinds=(50, 100))
    h.raise_to(300)
    h.all_in()
    h.all_in()
    h.call(), h.fold(), h.fold()
    assert h.to_act == 3 and reopened(h.state, NL, 3)
    assert h.legal_actions().min_raise_to == 750


def test_7_2_tda_47_addendum_one_short_all_in_then_a_call_does_not_reopen() -> None:
    h = Hand(NL, [5000, 5000, 5000, 225], button=0, blinds=(50, 100))
    h.call(), h.call(), h.call(), h.check()
    assert h.street == "flop" and h.to_act == 1
    h.bet_to(100)
    h.call()
    h.all_in()
    h.call()
    assert h.to_act == 1 and h.legal_actions().min_raise_to is None
    assert h.legal_actions().call == 25


def test_7_2_a_player_who_checked_and_faces_a_short_all_in_bet_may_only_call() -> None:
    h = Hand(NL, [5000, 5000, 5000, 60], button=0, blinds=(25, 50))
    h.call(), h.call(), h.call(), h.check()
    h.check(), h.check(), h.all_in()
    assert h.legal_actions().min_raise_to == 60
    h.call()
    assert h.to_act == 1 and h.legal_actions().min_raise_to is None


def test_7_2_a_full_raise_after_a_short_all_in_reopens_for_everyone() -> None:
    h = Hand(NL, [5000, 5000, 5000, 5000, 250], button=0, blinds=(50, 100))
    h.call(), h.call(), h.call(), h.call(), h.check()
    assert h.street == "flop" and h.to_act == 1
    h.bet_to(100)
    h.call()
    h.fold()
    h.all_in()
    assert h.state.current_bet == 150
    h.raise_to(250)
    assert h.to_act == 1 and reopened(h.state, NL, 1) and h.legal_actions().min_raise_to == 350


def test_7_4_limit_under_half_all_in_players_who_acted_call_others_complete() -> None:
    h = Hand(FL, [1000, 1000, 1000, 1000, 24], button=0, blinds=(5, 10))
    h.call(), h.call(), h.call(), h.call(), h.check()
    assert h.street == "flop" and h.to_act == 1
    h.bet_to(10), h.call(), h.call()
    h.all_in()
    legal = h.legal_actions()
    assert (legal.seat, legal.call, legal.min_raise_to, legal.max_raise_to) == (0, 14, 20, 20)
    h.call()
    legal = h.legal_actions()
    assert (legal.seat, legal.call, legal.min_raise_to) == (1, 4, None)


def test_6_2_heads_up_button_acts_first_preflop_and_last_after() -> None:
    h = Hand(NL, [1000, 1000], button=1, blinds=(5, 10))
    assert h.state.bets == [10, 5] and h.to_act == 1
    h.call()
    assert h.to_act == 0 and h.legal_actions().check
    h.check()
    assert (h.street, h.to_act) == ("flop", 0)
    h.check()
    assert h.to_act == 1


def test_6_2_straddles_first_to_act_is_left_of_the_last_straddle() -> None:
    rules = RuleSet(straddle_allowed=True)
    h = Hand(rules, [1000] * 6, button=0, blinds=(5, 10), straddles=(20, 40))
    assert h.to_act == 5 and h.legal_actions().call == 40 and h.legal_actions().min_raise_to == 80
    for _ in range(5):
        h.call()
    assert h.to_act == 4 and h.legal_actions().check and h.legal_actions().min_raise_to == 80
    h.check()
    assert h.street == "flop" and h.to_act == 1 and h.legal_actions().min_raise_to == 10


def test_7_5_heads_up_short_big_blind_button_calls_the_full_blind_and_gets_the_excess_back() -> None:
    h = Hand(NL, [1000, 60], button=0, blinds=(50, 100), hole_cards=["AsAh", "7c2d"], board="Kd Qc 9h 8s 3d")
    legal = h.legal_actions()
    assert (legal.call, legal.min_raise_to) == (50, None)
    h.call()
    assert h.result is not None and h.result.net == (60, -60)


def test_7_4_limit_half_bet_is_measured_from_the_last_full_bet() -> None:
    """Two short all-ins (13, then 16 over a bet of 10): the second is 6 above the last full bet,
    at least half a bet, so it counts as a full raise and the next raise is to 26 (§7.4)."""
    h = Hand(FL, [1000, 1000, 1000, 23, 26], button=0, blinds=(5, 10))
    h.call(), h.call(), h.call(), h.call(), h.check()
    assert h.street == "flop" and h.to_act == 1
    h.bet_to(10), h.fold()
    h.all_in()
    assert h.state.current_bet == 13 and fl_raise_to(h.state, FL) == 20
    h.all_in()
    assert (h.state.current_bet, h.state.full_level) == (16, 16)
    assert h.legal_actions().min_raise_to == 26


def test_6_12_a_full_raise_sets_the_level_and_the_next_raise_size() -> None:
    from pyholdem.spec.betting import apply_wager

    h = Hand(RuleSet(), [1000, 150, 1000], button=0, blinds=(5, 10))
    s = h.state
    apply_wager(s, h.rules, 0, 100)
    assert (s.current_bet, s.full_level, s.full_increment, s.last_increment) == (100, 100, 90, 90)
    assert (s.bet_count, s.raise_count, s.stacks[0], s.bets[0], s.aggressors[0]) == (2, 1, 900, 100, 0)
    apply_wager(s, h.rules, 1, 150)  # short all-in: 50 more, not a full raise (§7.2)
    assert (s.current_bet, s.full_level, s.full_increment, s.last_increment) == (150, 100, 90, 50)
    assert (s.bet_count, s.raise_count, s.aggressors[0]) == (3, 2, 1)


def test_6_12_first_wager_reopens_makes_a_short_first_wager_full() -> None:
    from pyholdem.spec.betting import apply_wager

    h = Hand(RuleSet(), [1000, 1000, 15], button=0, blinds=(5, 10))
    h.call(), h.call()
    s = h.state
    apply_wager(s, h.rules, 2, 15)
    assert s.full_level == 10
    s = h.state
    apply_wager(s, h.rules.replace(first_wager_reopens=True), 2, 15)
    assert s.full_level == 15 and s.first_bet == 10  # the blinds set the first bet (§3.15)


def test_6_12_fixed_limit_counts_and_caps() -> None:
    from pyholdem.spec.betting import apply_wager

    fl = RuleSet(betting_structure="fixed_limit")
    h = Hand(fl, [1000, 1000, 1000, 20], button=0, blinds=(5, 10))
    s = h.state
    apply_wager(s, fl, 3, 20)  # an all-in that is a full raise counts toward the cap ...
    assert s.bet_count == 2 and s.full_level == 20
    s = h.state
    apply_wager(s, fl.replace(fl_cap_counts_allin_raise=False), 3, 20)  # ... unless switched off
    assert s.bet_count == 1 and s.full_level == 20
    h = Hand(fl, [1000] * 3, button=0, blinds=(5, 10))
    s = h.state
    for seat, amount in ((0, 20), (1, 30), (2, 40)):
        s.to_act = seat
        apply_wager(s, fl, seat, amount)
    assert s.bet_count == 4 and s.capped  # a bet and three raises, three players in the hand
    h = Hand(fl, [1000] * 2, button=0, blinds=(5, 10))
    s = h.state
    for seat, amount in ((0, 20), (1, 30), (0, 40)):
        apply_wager(s, fl, seat, amount)
    assert s.bet_count == 4 and not s.capped  # heads-up the round is not capped
