"""Declarations and the clock on a Hand, on both engines (pyholdem/engine/declare.py, spec 11)."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pyholdem import Hand, IllegalAction, PyHoldemError, RuleSet, RuleViolation, preset
from pyholdem.engine.declare import ClockCall, call_clock, declare, disconnect, run_clock
from pyholdem.engine.hand import _native_hand_class
from pyholdem.rules.ruleset import PRESETS
from pyholdem.spec.betting import check_action
from pyholdem.spec.declarations import FOLLOW_UPS, WORDS, bet_context, wager_bounds

NATIVE = _native_hand_class() is not None
ENGINES = ["spec", pytest.param("native", marks=pytest.mark.skipif(not NATIVE, reason="no C core"))]
LIVE = RuleSet(live_play_layer=True)


def _hand(rules: RuleSet = LIVE, engine: str = "spec", stacks: tuple[int, ...] = (1000, 1000, 1000)) -> Hand:
    return Hand(rules, list(stacks), button=0, blinds=(5, 10), seed=7, engine=engine)


def _snapshot(hand: Hand) -> tuple[object, ...]:
    return (hand.stacks, hand.pot_total(), hand.to_act, hand.street, len(hand.events))


@pytest.mark.parametrize("engine", ENGINES)
def test_11_2_one_big_chip_is_a_call_on_the_hand(engine: str) -> None:
    hand = _hand(engine=engine)
    assert hand.engine == engine
    ruling = declare(hand, 0, chips=(100,))
    assert (ruling.action, ruling.section, ruling.pushed, ruling.returned) == (("call", 10), "11.2", 100, 90)
    assert hand.stacks[0] == 990 and hand.to_act == 1
    ruling = declare(hand, 1, "raise", (100,))
    assert ruling.action == ("raise", 105) and ruling.returned == 0  # the small blind's 5 stays in
    assert hand.stacks[1] == 895


@pytest.mark.parametrize("engine", ENGINES)
def test_11_3_several_chips_and_the_half_raise_on_the_hand(engine: str) -> None:
    hand = _hand(engine=engine)
    assert declare(hand, 0, chips=(10, 1, 1, 1)).action == ("call", 10)  # 3 over the call < half of 10
    assert declare(hand, 1, chips=(10, 5, 5)).action == ("raise", 25)
    assert hand.stacks == (990, 975, 990)


@pytest.mark.parametrize("engine", ENGINES)
def test_11_4_oral_string_bet_on_the_hand(engine: str) -> None:
    hand = _hand(engine=engine)
    assert declare(hand, 0, ("call", None)).action == ("call", 10)
    assert declare(hand, 1, ("raise", 40)).action == ("raise", 40)
    assert declare(hand, 2, 35).action == ("call", 40)  # an amount alone, 5 over the call (§11.6)


@pytest.mark.parametrize("engine", ENGINES)
def test_11_1_refused_declarations_leave_the_hand_unchanged(engine: str) -> None:
    hand = _hand(engine=engine)
    before = _snapshot(hand)
    with pytest.raises(RuleViolation, match=r"live_play_layer .*\(§10\.1\)"):
        declare(_hand(RuleSet(), engine), 0, "call")
    with pytest.raises(IllegalAction, match=r"out of turn.*\(§6\.10\)"):
        declare(_hand(LIVE.replace(out_of_turn="reject"), engine), 2, "fold")
    with pytest.raises(IllegalAction, match=r"§6\.10"):
        declare(hand, 7, "fold")
    with pytest.raises(IllegalAction, match=r"§11\.1"):
        declare(hand, 0, "shove")
    with pytest.raises(IllegalAction, match=r"more than the stack"):
        declare(hand, 0, chips=(5000,))
    with pytest.raises(IllegalAction, match=r"§11\.1"):
        declare(hand, 0, 1.5)  # type: ignore[arg-type]
    bill = preset("seed_000_bill_limit").replace(live_play_layer=True)
    with pytest.raises(RuleViolation, match="declared aloud"):
        declare(_hand(bill, engine), 0, chips=(10,))
    assert _snapshot(hand) == before


@pytest.mark.parametrize("engine", ENGINES)
def test_11_1_a_declaration_out_of_turn_goes_to_6_10(engine: str) -> None:
    hand = _hand(engine=engine)
    ruling = declare(hand, 2, chips=(100,))  # the big blind pushes a big chip before seat 0 acts
    assert ruling.out_of_turn and ruling.action == ("check", 10) and hand.to_act == 0
    assert hand.events[-1].kind == "out_of_turn_check"
    declare(hand, 0, "call")
    declare(hand, 1, "call")
    assert hand.street == "flop"  # the big blind's check bound when his turn came (§6.10)


@pytest.mark.parametrize("engine", ENGINES)
def test_11_10_check_facing_a_bet_binds_to_call_or_fold(engine: str) -> None:
    hand = _hand(engine=engine)
    before = _snapshot(hand)
    ruling = declare(hand, 0, "check")
    assert ruling.action is None and ruling.allowed == FOLLOW_UPS and ruling.section == "11.10"
    assert _snapshot(hand) == before


@pytest.mark.parametrize("engine", ENGINES)
def test_11_5_undercall_on_the_hand(engine: str) -> None:
    hand = _hand(engine=engine)
    declare(hand, 0, ("raise", 40))
    before = _snapshot(hand)
    with pytest.raises(RuleViolation, match=r"forfeits 5 chips.*\(§11\.5\)"):
        declare(hand, 1, chips=(20,), undercall_ruling="fold")  # not the opening bet, three-way
    assert _snapshot(hand) == before
    ruling = declare(hand, 1, chips=(20,))
    assert ruling.action == ("call", 40) and ruling.section == "11.5" and hand.stacks[1] == 960
    declare(hand, 2, "fold")
    declare(hand, 1, ("bet", 100))  # the flop, heads-up: an undercall is always a full call
    assert declare(hand, 0, chips=(50,), undercall_ruling="fold").action == ("call", 100)


@pytest.mark.parametrize("engine", ENGINES)
def test_11_7_unaware_of_a_raise_takes_the_chips_back(engine: str) -> None:
    sng = preset("seed_002_sng_addon").replace(live_play_layer=True)
    hand = _hand(sng, engine)
    declare(hand, 0, ("raise", 30))
    before = _snapshot(hand)
    ruling = declare(hand, 1, chips=(10, 10), unaware_of_raise=True)
    assert ruling.withdrawn and ruling.action is None and ruling.returned == 20
    assert _snapshot(hand) == before
    assert declare(_hand(LIVE, engine), 0, chips=(5,), unaware_of_raise=True).action == ("call", 10)


@pytest.mark.parametrize("engine", ENGINES)
def test_11_12_the_clock_folds_the_hand_when_it_runs_out(engine: str) -> None:
    event = preset("seed_001_event")
    hand = _hand(event, engine)
    with pytest.raises(RuleViolation, match=r"§11\.12"):
        call_clock(hand, 0, seated_when_dealt=False)
    clock = call_clock(hand, 1000)
    assert clock == ClockCall(0, 1000, len(hand.events))
    assert run_clock(hand, clock, 1060).time_left_s == 30 and hand.to_act == 0
    ruling = run_clock(hand, clock, 1090)
    assert (ruling.seat, ruling.timed_out) == (0, "fold") and hand.to_act == 1
    again = call_clock(hand, 2000)
    hand.call()
    assert run_clock(hand, again, 3000).timed_out is None  # he acted in time
    with pytest.raises(RuleViolation, match=r"§11\.12"):
        run_clock(hand, again, 1999)


@pytest.mark.parametrize("engine", ENGINES)
def test_11_13_disconnected_player_resumes_or_is_all_in(engine: str) -> None:
    online = preset("seed_004_online")
    hand = _hand(online, engine)
    assert disconnect(hand, 8, 3).time_left_s == 25 and hand.to_act == 0
    ruling = disconnect(hand, 8, None)
    assert ruling.timed_out == "fold"  # nothing in the pot yet: folded
    ruling = disconnect(hand, 8, 9)
    assert ruling.timed_out == "freeze" and ruling.seat == 1  # the small blind is in: all-in
    assert sum(hand.stacks) + hand.pot_total() == 3000


# ---------------------------------------------------------------------------- property

PRESET_NAMES = sorted(PRESETS)


@st.composite
def declarations(draw: st.DrawFn) -> tuple[object, tuple[int, ...], bool]:
    word = draw(st.sampled_from((None, *WORDS)))
    amount = draw(st.none() | st.integers(1, 3000))
    words = None if word is None and amount is None else (word, amount)
    chips = tuple(draw(st.lists(st.sampled_from((1, 5, 25, 100, 500)), max_size=4)))
    return words, chips, draw(st.booleans())


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    name=st.sampled_from(PRESET_NAMES),
    stacks=st.lists(st.integers(20, 3000), min_size=2, max_size=5),
    steps=st.lists(st.tuples(st.integers(0, 4), declarations()), min_size=1, max_size=14),
    engine=st.sampled_from(["spec", "native"] if NATIVE else ["spec"]),
)
def test_11_1_random_declarations_bind_to_legal_actions_and_conserve_chips(
    name: str, stacks: list[int], steps: list[tuple[int, tuple[object, tuple[int, ...], bool]]], engine: str
) -> None:
    rules = preset(name).replace(live_play_layer=True)
    try:
        hand = Hand(rules, stacks, button=0, blinds=(5, 10), seed=1, engine=engine)
    except PyHoldemError:
        return
    total = sum(hand.stacks) + hand.pot_total()
    for policy, (words, chips, said_first) in steps:
        if hand.is_over:
            break
        if policy == 0:  # an ordinary action
            legal = hand.legal_actions()
            hand.act("call") if legal.call is not None else hand.check()
            continue
        seat = hand.to_act if policy != 4 else (hand.to_act + 1) % len(stacks)  # type: ignore[operator]
        state, before = hand.state, _snapshot(hand)
        try:
            ruling = declare(hand, seat, words, chips, said_first=said_first)  # type: ignore[arg-type]
        except (IllegalAction, RuleViolation) as error:
            assert error.section in ("11.1", "11.5", "11.6", "6.10"), error
            assert _snapshot(hand) == before
            continue
        if ruling.action is None:
            assert _snapshot(hand) == before and ruling.returned == ruling.pushed
            continue
        kind, to = ruling.action
        if ruling.out_of_turn:
            assert hand.stacks == before[0] and hand.to_act == before[2]  # recorded only (§6.10)
            continue
        check_action(state, rules, kind, to if kind in ("bet", "raise") else None)  # the core check
        added = (
            hand.state.bets[seat] - state.bets[seat]
            if not hand.is_over and hand.street == before[3]
            else None
        )
        if added is not None and kind not in ("fold", "check"):
            assert added == to - state.bets[seat]
            assert ruling.returned == max(0, ruling.pushed - added)
        assert sum(hand.stacks) + hand.pot_total() == total or hand.is_over
    if hand.is_over:
        assert sum(hand.stacks) == total


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    name=st.sampled_from(PRESET_NAMES),
    structure=st.sampled_from(("no_limit", "pot_limit", "fixed_limit")),
    stacks=st.lists(st.integers(1, 3000), min_size=2, max_size=6),
    choices=st.lists(st.integers(0, 99), max_size=20),
)
def test_11_1_bet_context_bounds_are_the_legal_actions(
    name: str, structure: str, stacks: list[int], choices: list[int]
) -> None:
    rules = preset(name).replace(betting_structure=structure)
    try:
        hand = Hand(rules, stacks, button=0, blinds=(5, 10), seed=3, engine="spec")
    except PyHoldemError:
        return
    for choice in choices:
        if hand.is_over:
            break
        legal = hand.legal_actions()
        ctx = bet_context(hand.state, rules)
        bounds = wager_bounds(ctx, rules)
        expected = None if legal.min_raise_to is None else (legal.min_raise_to, legal.max_raise_to)
        assert bounds == expected, (ctx, legal)
        assert ctx.to_call == (legal.call or 0) or ctx.stack < ctx.to_call
        if bounds is not None and choice % 3 == 0:
            low, high = bounds
            hand.act("bet" if legal.is_bet else "raise", low if choice % 2 else high)
        elif legal.call is not None and choice % 3 == 1:
            hand.call()
        elif legal.check:
            hand.check()
        else:
            hand.act("call" if legal.call is not None else "fold")
