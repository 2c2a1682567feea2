"""Spec 11: declarations and chips, one test or more per section (spec/11-declarations-and-chips.md)."""

from __future__ import annotations

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from pyholdem import IllegalAction, RuleSet, RuleViolation, preset
from pyholdem.spec.declarations import (
    FOLLOW_UPS,
    WORDS,
    BetContext,
    check_clock_caller,
    clock_time_left,
    correct_underraise,
    declared_amount,
    disconnection,
    forward_motion,
    interpret,
    invalid_declaration,
    live_action,
    may_withdraw,
    multi_chip_action,
    returned_chips,
    single_chip_action,
    skipped_player_may_lose_turn,
    string_action,
    undercall,
    undercall_forfeit,
    wager_bounds,
)

NL = RuleSet()
FL = RuleSet(betting_structure="fixed_limit")
PL = RuleSet(betting_structure="pot_limit")
BILL = preset("seed_000_bill_limit")
SNG = preset("seed_002_sng_addon")


def test_11_1_words_bind_when_first_or_simultaneous() -> None:
    ctx = BetContext(current_bet=400, player_bet=0, stack=9000, min_raise=400)
    assert live_action(ctx, NL, said=("call", None), chips=(5000,)) == ("call", 400)
    assert live_action(ctx, NL, said=("raise", None), chips=(500, 500)) == ("raise", 1000)
    assert live_action(ctx, NL, said=("raise", None), chips=(100, 100)) == ("raise", 800)
    assert live_action(ctx, NL, said=("check", None)) == FOLLOW_UPS
    assert live_action(ctx, NL, said=("bet", 1500)) == ("raise", 1500)
    assert live_action(BetContext(0, 0, 9000, 400), NL, said=("check", None)) == ("check", 0)


def test_11_1_pot_is_the_pot_limit_maximum() -> None:
    ctx = BetContext(current_bet=100, player_bet=0, stack=9000, min_raise=100, pot_max_to=450)
    assert live_action(ctx, PL, said=("pot", None)) == ("raise", 450)
    assert live_action(ctx, PL, said=("all-in", None)) == ("raise", 450)
    assert live_action(ctx, NL, said=("pot", None)) == ("raise", 200)


def test_11_1_bill_requires_words() -> None:
    ctx = BetContext(current_bet=10, player_bet=0, stack=500, min_raise=10, last_full_bet=10)
    assert BILL.chips_alone_bind is False and NL.chips_alone_bind is True
    with pytest.raises(RuleViolation, match=r"declared aloud .*\(§11.1\)"):
        live_action(ctx, BILL, chips=(25,))
    assert live_action(ctx, BILL, said=("raise", None), chips=(25,), said_first=False) == ("raise", 20)
    assert live_action(ctx, FL, said=("raise", None), chips=(25,), said_first=False) == ("call", 10)


def test_11_1_impossible_declarations_are_refused() -> None:
    ctx = BetContext(current_bet=10, player_bet=0, stack=500, min_raise=10)
    for said, chips in [
        (("call", 20), ()),
        ((None, None), ()),
        (("raise", 0), ()),
        (("raise", 1.5), ()),
        ("raise", ()),
        (None, ()),
        (None, (600,)),
        (None, (0,)),
        (None, [True]),
    ]:
        with pytest.raises(IllegalAction, match=r"§11\.[16]"):
            live_action(ctx, NL, said=said, chips=chips)  # type: ignore[arg-type]
    with pytest.raises(RuleViolation, match=r"§11\.1"):
        BetContext(current_bet=10, player_bet=20, stack=5, min_raise=10)
    with pytest.raises(RuleViolation, match=r"§11\.1"):
        BetContext(current_bet=10, player_bet=0, stack=0, min_raise=10)


def test_11_2_seed_002_rule_8_oversized_chip() -> None:
    ctx = BetContext(current_bet=10, player_bet=0, stack=500, min_raise=10)
    assert single_chip_action(10, ctx, NL) == ("call", 10)
    assert single_chip_action(5, BetContext(10, 0, 5, 10), NL) == ("call", 5)
    assert single_chip_action(5, ctx, NL) == ("call", 10)  # an undercall made a full call (§11.5)
    assert single_chip_action(25, ctx, FL, raise_declared=True) == ("raise", 20)


def test_11_3_half_raise_rule_and_every_chip_needed() -> None:
    assert multi_chip_action((500, 100), BetContext(1100, 0, 600, 600), NL) == ("call", 600)
    big_blind = BetContext(current_bet=100, player_bet=100, stack=5000, min_raise=100)
    assert multi_chip_action((25, 20), big_blind, NL) == ("check", 100)
    assert multi_chip_action((25, 25), big_blind, NL) == ("raise", 200)
    assert multi_chip_action((25, 25), BetContext(0, 0, 5000, 100), NL) == ("bet", 100)
    assert multi_chip_action((5, 5, 5), BetContext(10, 0, 15, 10), FL) == ("raise", 15)


def test_11_4_oral_string_bet_is_a_call() -> None:
    # seed 002 rule 9: "I call your $5, and raise you another $5!" is a call
    ctx = BetContext(current_bet=5, player_bet=0, stack=200, min_raise=5)
    assert string_action([("say", "call", None), ("say", "raise", 5)], ctx, NL) == ("call", 5)
    assert string_action([("say", "raise", None), ("say", None, 15)], ctx, NL) == ("raise", 15)
    assert string_action([("chips", (5,)), ("say", "raise", None)], ctx, NL) == ("call", 5)
    assert string_action([("say", "raise", None)], ctx, NL) == ("raise", 10)
    with pytest.raises(IllegalAction, match=r"§11\.4"):
        string_action([], ctx, NL)
    with pytest.raises(IllegalAction, match=r"§11\.4"):
        string_action([("shout", "raise")], ctx, NL)


def test_11_5_undercall_forfeit_and_refusals() -> None:
    ctx = BetContext(current_bet=1200, player_bet=100, stack=9000, min_raise=800, opening_bet=400)
    assert undercall(500, ctx, NL, ruling="fold") == ("fold", 100)
    assert undercall_forfeit(500, ctx) == 300
    reading = interpret(ctx, NL, chips=(500,), undercall_ruling="fold")
    assert reading == (("fold", 100), "11.5", frozenset(), 300)
    assert returned_chips(reading.action, 500, ctx, reading.forfeited) == 200
    with pytest.raises(IllegalAction, match="not an undercall"):
        undercall(1100, ctx, NL)
    with pytest.raises(IllegalAction, match=r"§11\.5"):
        undercall(500, ctx, NL, ruling="warn")


def test_11_6_declared_amounts_in_each_structure() -> None:
    ctx = BetContext(current_bet=1000, player_bet=0, stack=9000, min_raise=1000, pot_max_to=3000)
    assert declared_amount("raise", 5000, ctx, PL) == ("raise", 3000)
    assert declared_amount("raise", 50000, ctx, NL) == ("raise", 9000)
    assert declared_amount("raise", 5000, BetContext(10, 0, 500, 10), FL) == ("raise", 20)
    assert declared_amount(None, 500, ctx, NL) == ("call", 1000)
    assert declared_amount(None, 500, BetContext(1000, 0, 500, 1000), NL) == ("call", 500)
    with pytest.raises(IllegalAction, match=r"§11\.6"):
        declared_amount("call", 500, ctx, NL)


def test_11_7_withdrawal_needs_seed_002_and_nobody_acting_after() -> None:
    ctx = BetContext(current_bet=300, player_bet=0, stack=5000, min_raise=200)
    assert may_withdraw(100, ctx, False, SNG)
    assert not may_withdraw(300, ctx, False, SNG)  # a full call: nothing to withdraw
    assert not may_withdraw(100, BetContext(300, 0, 100, 200), False, SNG)  # his whole stack


def test_11_8_forward_motion_binds_only_when_it_induced_action() -> None:
    ctx = BetContext(current_bet=400, player_bet=0, stack=5000, min_raise=400)
    assert forward_motion((1000,), ctx, True, NL) == ("call", 400)
    assert forward_motion((500, 500, 200), ctx, True, NL) == ("raise", 1200)
    with pytest.raises(IllegalAction, match=r"§11\.8"):
        forward_motion((), ctx, True, NL)


def test_11_9_tda_52a_underraise_is_corrected_before_the_turn() -> None:
    totals = {"A": 1000, "B": 1000}
    assert correct_underraise(totals, 1200, True, NL) == {"A": 1200, "B": 1200}
    assert totals == {"A": 1000, "B": 1000}
    with pytest.raises(IllegalAction, match=r"§11\.9"):
        correct_underraise({"A": -1}, 1200, True, NL)


def test_11_10_declarations_that_do_not_fit() -> None:
    assert invalid_declaration("bet", BetContext(0, 0, 5000, 400), NL) == ("bet", 400)
    assert invalid_declaration("pot", BetContext(0, 0, 300, 400), NL) == ("bet", 300)
    with pytest.raises(IllegalAction, match=r"§11\.10"):
        invalid_declaration("fold", BetContext(0, 0, 5000, 400), NL)


def test_11_11_skipped_player() -> None:
    assert skipped_player_may_lose_turn(4, 2, False)
    with pytest.raises(IllegalAction, match=r"§11\.11"):
        skipped_player_may_lose_turn(-1, 0, False)
    with pytest.raises(IllegalAction, match=r"§11\.11"):
        skipped_player_may_lose_turn(2, 1, 0)  # type: ignore[arg-type]


def test_11_12_clock_time_is_explicit_seconds() -> None:
    event = preset("seed_001_event")
    assert clock_time_left(0, 89.5, event) == 0.5
    assert clock_time_left(0, 10, NL) == 20
    with pytest.raises(RuleViolation, match=r"§11\.12"):
        clock_time_left(10, 5, NL)
    with pytest.raises(RuleViolation, match=r"§11\.12"):
        clock_time_left(float("nan"), 5, NL)
    with pytest.raises(RuleViolation, match="at the table"):
        check_clock_caller(False, True, NL)


def test_11_13_disconnection_protection() -> None:
    online = preset("seed_004_online")
    assert online.reconnect_extra_s == 20 and NL.reconnect_extra_s is None
    assert disconnection(0, None, online) == ("time_out", 0)
    assert disconnection(5, 4.5, online) == ("resume", 20.5)
    with pytest.raises(RuleViolation, match=r"§11\.13"):
        disconnection(-1, None, online)


# ---------------------------------------------------------------------------- property

WORD = st.sampled_from((None, *WORDS))


@st.composite
def contexts(draw: st.DrawFn) -> BetContext:
    current = draw(st.integers(0, 2000))
    player = draw(st.integers(0, current))
    full = draw(st.none() | st.integers(0, current))
    return BetContext(
        current_bet=current,
        player_bet=player,
        stack=draw(st.integers(1, 5000)),
        min_raise=draw(st.integers(1, 800)),
        opening_bet=draw(st.none() | st.integers(1, 2000)),
        heads_up=draw(st.booleans()),
        pot_max_to=draw(st.none() | st.integers(current, current + 6000)),
        capped=draw(st.booleans()),
        last_full_bet=full,
    )


@settings(max_examples=300, deadline=None)
@example(  # an amount declared alone, no chips pushed, an undercall ruled a fold: its forfeit is the stack's
    ctx=BetContext(current_bet=2, player_bet=0, stack=2, min_raise=1, opening_bet=1),
    rules=RuleSet(),
    word=None,
    amount=1,
    chips=[],
    said_first=False,
    ruling="fold",
)
@given(
    ctx=contexts(),
    rules=st.sampled_from((NL, FL, PL, BILL, SNG, RuleSet(chip_unit=25))),
    word=WORD,
    amount=st.none() | st.integers(1, 9000),
    chips=st.lists(st.integers(1, 1000), max_size=5),
    said_first=st.booleans(),
    ruling=st.sampled_from(("call", "fold")),
)
def test_11_1_every_reading_is_an_action_the_context_allows(
    ctx: BetContext,
    rules: RuleSet,
    word: str | None,
    amount: int | None,
    chips: list[int],
    said_first: bool,
    ruling: str,
) -> None:
    said = None if word is None and amount is None else (word, amount)
    try:
        reading = interpret(
            ctx, rules, said=said, chips=chips, said_first=said_first, undercall_ruling=ruling
        )
    except (IllegalAction, RuleViolation) as error:
        assert error.section in ("11.1", "11.6")
        return
    if reading.action is None:
        assert reading.allowed == FOLLOW_UPS and ctx.to_call > 0
        return
    kind, to = reading.action
    if kind in ("fold", "check"):
        assert to == ctx.player_bet and (kind == "fold" or ctx.to_call == 0)
    elif kind == "call":
        assert ctx.to_call > 0 and to == min(ctx.current_bet, ctx.all_in_to)
    else:
        bounds = wager_bounds(ctx, rules)
        assert bounds is not None and bounds[0] <= to <= bounds[1]
        assert (kind == "bet") == (ctx.current_bet == 0)
        assert to in bounds or to % rules.chip_unit == 0
    pushed = sum(chips)
    back = returned_chips(reading.action, pushed, ctx, reading.forfeited)
    added = 0 if kind in ("fold", "check") else to - ctx.player_bet
    declared = amount if word is None and amount is not None else 0
    assert 0 <= back <= pushed and 0 <= reading.forfeited <= max(pushed, declared)
    # the forfeit comes out of the push first; beyond it (an amount declared alone) from the stack
    assert back + min(reading.forfeited, pushed) + min(added, pushed) == pushed
