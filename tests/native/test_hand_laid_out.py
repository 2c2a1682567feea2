"""A table's hands laid out again on the C engine (§3.20): ``pack_layout`` once per layout, then
``start_laid_out`` with each hand's stacks and seed, play exactly as ``Hand(setup)`` does."""

from __future__ import annotations

import random

from pyholdem import Hand, RuleSet, preset
from pyholdem.engine.native_engine import NativeHand, pack_layout, start_laid_out
from pyholdem.engine.setup import laid_out_again, setup_from_arguments


def _play(hand: Hand, rng: random.Random) -> None:
    while not hand.is_over:
        legal = hand.legal_actions()
        if legal.min_raise_to is not None and rng.random() < 0.3:
            hand.act("bet" if legal.is_bet else "raise", rng.randint(legal.min_raise_to, legal.max_raise_to))
        else:
            hand.act("call" if legal.call else "check")


def test_3_20_a_hand_laid_out_again_plays_as_hand_of_its_setup() -> None:
    first = setup_from_arguments(preset("tda_2024"), [900] * 6, button=2, blinds=(50, 100), antes=100, seed=1)
    packed = pack_layout(first)
    assert packed is not None
    rng = random.Random(5)
    for number in range(60):
        stacks = tuple(rng.randint(1, 5000) for _ in range(6))
        setup = laid_out_again(first, stacks, f"t-{number}")
        fast = Hand.on_engine(setup, start_laid_out(setup, packed))
        slow = Hand(setup, engine="native")
        assert isinstance(fast._engine, NativeHand)
        _play(fast, random.Random(number))
        _play(slow, random.Random(number))
        assert fast.events == slow.events and fast.result == slow.result
        assert fast.initial_stacks == stacks and fast.setup is setup


def test_3_20_ph_hand_init_laid_out_refuses_stacks_that_do_not_fit_the_layout() -> None:
    """The C boundary: a stack the set-up refuses (0 for a seat dealt in, below 0, at the limit), or a
    missing layout or stacks, is ``PH_ERR_ARGUMENT`` and nothing is dealt; ``start_laid_out`` deals
    stacks of another count than the layout's seats as ``start`` does (C reads the layout's count)."""
    from pyholdem.native.lib import ffi, lib

    first = setup_from_arguments(preset("tda_2024"), [900] * 6, button=2, blinds=(50, 100), seed=1)
    packed = pack_layout(first)
    assert packed is not None and packed.seats == 6
    key = b"k" * 8
    capacity = 2 * lib.PH_STEP_EVENTS
    log = ffi.new("ph_event[]", capacity)
    for stacks in ([900] * 5 + [0], [900] * 5 + [-1], [900] * 5 + [2**60]):
        h = ffi.new("ph_hand *")
        status = lib.ph_hand_init_laid_out(
            h, packed.crules, packed.template, stacks, key, len(key), log, capacity
        )
        assert status == lib.PH_ERR_ARGUMENT and h.seats == 0
    for layout, stacks in ((ffi.NULL, [900] * 6), (packed.template, ffi.NULL)):
        status = lib.ph_hand_init_laid_out(h, packed.crules, layout, stacks, key, len(key), log, capacity)
        assert status == lib.PH_ERR_ARGUMENT and h.seats == 0
    ok = lib.ph_hand_init_laid_out(h, packed.crules, packed.template, [900] * 6, key, len(key), log, capacity)
    assert ok == lib.PH_OK and h.seats == 6
    for count in (5, 7):
        other = setup_from_arguments(preset("tda_2024"), [900] * count, button=2, blinds=(50, 100), seed=1)
        hand = start_laid_out(other, packed)
        assert hand.initial_stacks == (900,) * count and hand.state.button == 2


def test_3_20_layouts_the_c_engine_does_not_play_are_not_packed() -> None:
    rules = RuleSet()
    sleeper = setup_from_arguments(rules, [1000] * 5, button=0, blinds=(5, 10), sleeper=4, seed=2)
    known = setup_from_arguments(rules, [1000] * 3, button=0, blinds=(5, 10), hole_cards=["AsKs", None, None])
    assert pack_layout(sleeper) is None and pack_layout(known) is None
    huge = setup_from_arguments(rules, [1000] * 3, button=0, blinds=(5, 10), seed=3)
    packed = pack_layout(huge)
    assert packed is not None
    over = laid_out_again(huge, (2**60, 1000, 1000), "x")
    assert start_laid_out(over, packed).engine == "spec"  # beyond the C engine's chips: start decides


def test_6_1_a_hand_longer_than_its_first_log_grows_it() -> None:
    """The C engine starts each hand with room for ``2 * PH_STEP_EVENTS`` log entries and doubles it
    when an action could overflow it: 700 minimum raises heads-up play on as on the spec engine."""
    from pyholdem.native.lib import lib

    hands = [
        Hand(RuleSet(), [10**12, 10**12], button=0, blinds=(1, 2), seed=7, engine=e)
        for e in ("native", "spec")
    ]
    for hand in hands:
        for _ in range(700):
            hand.act("raise", hand.legal_actions().min_raise_to)
        hand.act("call")
        while not hand.is_over:
            hand.act("check")
    native, spec = hands
    assert native.engine == "native" and len(native.events) > 2 * lib.PH_STEP_EVENTS
    assert native._engine._capacity > 2 * lib.PH_STEP_EVENTS  # grown
    assert native.events == spec.events and native.result == spec.result


def test_3_21_final_stacks_are_read_back_alike_on_both_engines() -> None:
    """What a table reads back after each hand (§3.21): ``final_stacks()`` is None while the hand is
    played and its result's stacks once it is over, on the C and the spec engine alike."""
    for number in range(20):
        hands = [
            Hand(
                preset("tda_2024_cash"),
                [500, 40, 900, 5],
                button=number % 4,
                blinds=(5, 10),
                seed=number,
                engine=e,
            )
            for e in ("native", "spec")
        ]
        for hand in hands:
            assert hand._engine.final_stacks() is None
            _play(hand, random.Random(number))
            assert hand._engine.final_stacks() == hand.result.stacks
        assert hands[0]._engine.final_stacks() == hands[1]._engine.final_stacks()
