"""The ``pokerkit_0_7`` preset: each rule choice pokerkit 0.7 makes differently, checked on a Hand."""

from __future__ import annotations

import pytest

from pyholdem import Hand, RuleSet, RuleViolation, preset
from pyholdem.history import loads
from pyholdem.history.replay import replay
from pyholdem.rules.ruleset import FIELDS

POKERKIT = preset("pokerkit_0_7")


def test_0_3_pokerkit_preset_changes_are_documented_fields() -> None:
    changes = POKERKIT.changes()
    assert {
        "odd_chip_rule",
        "fl_cap_counts_blinds",
        "reopen_rule_limit",
        "straddle_raise_size",
        "first_wager_reopens",
        "short_blind_call_amount",
        "ante_award",
        "button_may_straddle",
        "preflop_first_actor",
        "odd_chip_pots",
    } <= set(changes)
    for name in changes:
        assert FIELDS[name].metadata["section"]


def test_3_15_raise_over_a_straddle_measured_from_the_big_blind() -> None:
    stacks = [1000] * 5
    tda = Hand(RuleSet(straddle_allowed=True), stacks, button=4, blinds=(5, 10), straddles=(20,), seed=1)
    kit = Hand(POKERKIT, stacks, button=4, blinds=(5, 10), straddles=(20,), seed=1)
    assert tda.legal_actions().min_raise_to == 40
    assert kit.legal_actions().min_raise_to == 30


def test_3_15_fixed_limit_cap_does_not_count_the_blind() -> None:
    def raises_allowed(rules: RuleSet) -> int:
        hand = Hand(
            rules.replace(betting_structure="fixed_limit"), [1000] * 4, button=3, blinds=(5, 10), seed=2
        )
        count = 0
        while hand.legal_actions().min_raise_to is not None:
            hand.raise_to(hand.legal_actions().min_raise_to)
            count += 1
        return count

    assert raises_allowed(RuleSet()) == 3
    assert raises_allowed(POKERKIT) == 4


def test_3_16_short_straddle_posts_all_in() -> None:
    stacks = [100, 100, 3, 100]
    try:
        Hand(RuleSet(straddle_allowed=True), stacks, button=3, blinds=(1, 2), straddles=(4,), seed=3)
        raise AssertionError("a short straddle must be refused by default")
    except RuleViolation as exc:
        assert exc.section == "3.16"
    hand = Hand(POKERKIT, stacks, button=3, blinds=(1, 2), straddles=(4,), seed=3)
    assert hand.stacks[2] == 0


def test_5_3_fixed_limit_raise_adds_to_a_short_all_in() -> None:
    rules = RuleSet(betting_structure="fixed_limit", reopen_rule_limit="full_bet")
    for r, expected in ((rules, 30), (rules.replace(fl_raise_base="current_bet"), 36)):
        hand = Hand(r, [1000, 1000, 1000, 26], button=3, blinds=(5, 10), seed=4)
        assert hand.to_act == 2
        hand.raise_to(20)
        hand.all_in()
        assert hand.to_act == 0
        assert hand.legal_actions().min_raise_to == expected


def test_7_2_first_short_all_in_reopens_under_pokerkit() -> None:
    def limper_may_raise(rules: RuleSet) -> bool:
        hand = Hand(rules, [397, 17, 902], button=2, blinds=(2, 10), seed=5)
        hand.call()
        hand.call()
        hand.all_in()
        return hand.legal_actions().min_raise_to is not None

    assert not limper_may_raise(RuleSet())
    assert limper_may_raise(POKERKIT)


def test_7_7_antes_pooled_or_as_bets_follow_the_history() -> None:
    text = (
        "variant = 'PT'\nante_trimming_status = false\nantes = [2, 2]\nblinds_or_straddles = [2, 4]\n"
        "min_bet = 4\nstarting_stacks = [1, 599]\n"
        "actions = ['d dh p1 4h4s', 'd dh p2 7hTs', 'd db 9s7dAc', 'd db 4c', 'd db Qc']\n"
    )
    (pooled,) = loads(text)
    assert replay(pooled, POKERKIT).finishing_stacks == (3, 597)
    assert replay(pooled).error["section"] == "12.11"
    (as_bets,) = loads(text.replace("= false", "= true"))
    assert replay(as_bets, POKERKIT).finishing_stacks == (2, 598)


def test_12_8_disagreements_name_the_pokerkit_field_that_differs() -> None:
    text = (
        "variant = 'NT'\nantes = [0, 0, 0, 0, 0]\nblinds_or_straddles = [5, 10, 20, 0, 0]\nmin_bet = 10\n"
        "starting_stacks = [1000, 1000, 1000, 1000, 1000]\n"
        "actions = ['d dh p1 7d3d', 'd dh p2 8d9c', 'd dh p3 6dAc', 'd dh p4 Th3s', 'd dh p5 5hQs', "
        "'p4 cbr 30', 'p5 f', 'p1 f', 'p2 f', 'p3 f']\nfinishing_stacks = [995, 990, 980, 1035, 1000]\n"
    )
    (hand,) = loads(text)
    assert replay(hand, POKERKIT).ok
    result = replay(hand, RuleSet(straddle_allowed=True), diagnose_with=POKERKIT)
    assert not result.ok and result.error["section"] == "5.6"
    assert "straddle_raise_size = 'big_blind' (§3.15)" in result.note


def test_6_7_no_raise_that_nobody_could_call_under_pokerkit() -> None:
    def may_raise(rules: RuleSet) -> bool:
        hand = Hand(rules, [1000, 40, 100, 1000], button=3, blinds=(5, 10), seed=6)
        hand.all_in()
        hand.fold()
        assert hand.to_act == 0
        return hand.legal_actions().min_raise_to is not None

    assert may_raise(RuleSet())
    assert not may_raise(POKERKIT)


def test_5_4_short_all_in_raises_count_toward_the_cap_under_pokerkit() -> None:
    def raises_left(rules: RuleSet) -> bool:
        base = rules.replace(
            betting_structure="fixed_limit", fl_cap_counts_blinds=True, reopen_rule_limit="full_bet"
        )
        hand = Hand(base, [1000, 1000, 1000, 25], button=3, blinds=(5, 10), seed=7)
        hand.raise_to(20)
        hand.all_in()
        hand.raise_to(hand.legal_actions().min_raise_to)
        hand.call()
        return hand.legal_actions().min_raise_to is not None

    assert raises_left(RuleSet())
    assert not raises_left(RuleSet(fl_cap_counts_short_allins=True))


ENGINES = ("spec", "native")


@pytest.mark.parametrize("engine", ENGINES)
def test_3_16_button_straddles_three_handed_under_pokerkit(engine: str) -> None:
    stacks = [1000, 1000, 1000]
    with pytest.raises(RuleViolation) as refused:
        Hand(RuleSet(straddle_allowed=True), stacks, button=2, blinds=(5, 10), straddles=(20,), engine=engine)
    assert refused.value.section == "3.16"
    hand = Hand(POKERKIT, stacks, button=2, blinds=(5, 10), straddles=(20,), seed=8, engine=engine)
    assert hand.engine == engine
    assert list(hand.stacks) == [995, 990, 980]
    assert hand.to_act == 0 and hand.legal_actions().call == 15
    hand.call()
    hand.call()
    assert hand.to_act == 2 and hand.legal_actions().check  # the straddling button has the option
    with pytest.raises(RuleViolation):  # a blind never straddles, even under pokerkit
        Hand(POKERKIT, [1000] * 2, button=1, blinds=(5, 10), straddles=(20,), engine=engine)


@pytest.mark.parametrize("engine", ENGINES)
def test_6_2_heads_up_equal_blinds_big_blind_acts_first_under_pokerkit(engine: str) -> None:
    def order(rules: RuleSet, blinds: tuple[int, int]) -> list[int]:
        hand = Hand(rules, [100, 100], button=1, blinds=blinds, seed=9, engine=engine)
        assert hand.engine == engine
        seats = []
        while hand.street == "preflop" and hand.to_act is not None:
            seats.append(hand.to_act)
            hand.check() if hand.legal_actions().check else hand.call()
        return seats

    assert order(RuleSet(), (10, 10)) == [1, 0]
    assert order(POKERKIT, (10, 10)) == [0, 1]
    assert order(POKERKIT, (5, 10)) == [1, 0]  # the big blind is larger: the button opens as usual
    six = Hand(POKERKIT, [100] * 6, button=5, blinds=(10, 10), seed=9, engine=engine)
    assert six.to_act == 2  # a tie goes to the big blind, nearer the button: under the gun opens


@pytest.mark.parametrize("engine", ENGINES)
def test_7_2_first_short_all_in_bet_reopens_fixed_limit_under_pokerkit(engine: str) -> None:
    def checker_may_raise_to(rules: RuleSet) -> int | None:
        limit = rules.replace(betting_structure="fixed_limit", reopen_rule_limit="full_bet")
        hand = Hand(limit, [100, 100, 3], button=2, blinds=(1, 2), bet_sizes=(2, 4), seed=10, engine=engine)
        assert hand.engine == engine
        hand.call()
        hand.call()
        hand.check()
        hand.check()
        hand.check()
        assert hand.street == "flop" and hand.to_act == 2
        hand.all_in()  # a bet of 1, short of the small bet of 2, opens the flop
        assert hand.to_act == 0
        return hand.legal_actions().min_raise_to

    assert checker_may_raise_to(RuleSet()) is None
    assert checker_may_raise_to(RuleSet(first_wager_reopens=True)) == 3
    assert checker_may_raise_to(POKERKIT) == 3


@pytest.mark.parametrize("engine", ENGINES)
def test_8_8_pots_merged_among_the_winners_under_pokerkit(engine: str) -> None:
    def stacks(rules: RuleSet) -> tuple[int, ...]:
        hand = Hand(
            rules,
            [100, 100, 3, 100, 100],
            button=4,
            blinds=(1, 4),
            hole_cards=["8c8d", "6h6s", "4c5d", "Ah3c", "Ad3d"],
            board="2c 7d 9h Jd Ks",
            engine=engine,
        )
        assert hand.engine == engine
        hand.call()  # seat 2 all-in for 3
        hand.raise_to(10)
        hand.call()
        hand.fold()
        hand.fold()
        while not hand.is_over:
            hand.check()
        assert hand.result is not None
        return tuple(hand.result.stacks)

    # a main pot of 13 and a side pot of 15, both split by seats 3 and 4: each odd chip to seat 3
    assert stacks(RuleSet()) == (99, 96, 0, 105, 103)
    # seat 2 wins nothing: without him both pots are one pot of 28 for the same two winners
    assert stacks(RuleSet(odd_chip_pots="merged_among_winners")) == (99, 96, 0, 104, 104)
    assert stacks(POKERKIT.replace(betting_structure="no_limit")) == (99, 96, 0, 104, 104)


@pytest.mark.parametrize("engine", ENGINES)
def test_7_7_as_bets_ante_nobody_matched_goes_back_once_posted(engine: str) -> None:
    def posted(rules: RuleSet) -> tuple[list[int], list[tuple[str, int | None, int | None]]]:
        hand = Hand(
            rules, [1000, 30, 1000], button=2, blinds=(25, 50), antes=[0, 50, 0], seed=11, engine=engine
        )
        assert hand.engine == engine
        forced = [(e.kind, e.seat, e.amount) for e in hand.events if e.kind in ("ante", "blind", "return")]
        return list(hand.stacks), forced

    # the big blind's ante takes his 30 chips, so he posts no blind; pooled, the ante stays in
    assert posted(POKERKIT) == ([975, 0, 1000], [("ante", 1, 30), ("blind", 0, 25)])
    # as bets, nobody matched it: it goes back, and he still has his 30 chips to play
    trimmed = POKERKIT.replace(ante_award="as_bets")
    assert posted(trimmed) == ([975, 30, 1000], [("ante", 1, 30), ("blind", 0, 25), ("return", 1, 30)])
    hand = Hand(
        trimmed, [1000, 30, 1000], button=2, blinds=(25, 50), antes=[0, 50, 0], seed=11, engine=engine
    )
    # left of the largest blind posted (§6.2), he acts first and calls the 25 posted (§7.5)
    assert hand.to_act == 1 and hand.legal_actions().call == 25
    hand.call()
    assert hand.stacks[1] == 5
