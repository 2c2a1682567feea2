"""Hypothesis properties over random hands of all three structures (spec 03–08)."""

from __future__ import annotations

import dataclasses
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from pyholdem import Hand, IllegalAction, PyHoldemError, RuleSet
from pyholdem.rules.ruleset import FIELDS

STRUCTURES = ("no_limit", "pot_limit", "fixed_limit")
SHORT_OR_DEEP = st.one_of(st.integers(1, 30), st.integers(1, 400), st.integers(400, 5000))


@st.composite
def hand_setups(draw: st.DrawFn) -> dict:
    n = draw(st.integers(2, 10))
    rules = RuleSet(
        betting_structure=draw(st.sampled_from(STRUCTURES)),
        ante_type=draw(st.sampled_from(["each_player", "each_player_except_blinds", "big_blind_ante"])),
        straddle_allowed=True,
        sleeper_allowed=True,
        min_raise_rule=draw(st.sampled_from(FIELDS["min_raise_rule"].metadata["choices"])),
        reopen_rule_big_bet=draw(
            st.sampled_from(["full_raise_cumulative", "full_raise_single", "any_raise"])
        ),
        all_in_face_up=draw(st.booleans()),
        odd_chip_rule=draw(st.sampled_from(["left_of_button", "left_of_button_whole_chip"])),
        timeout_action=draw(st.sampled_from(["check_else_fold", "fold", "allin_freeze_if_committed"])),
        out_of_turn=draw(st.sampled_from(["tda53", "fold_only_binding", "reject"])),
    )
    stacks = draw(st.lists(SHORT_OR_DEEP, min_size=n, max_size=n))
    button = draw(st.integers(0, n - 1))
    big = draw(st.sampled_from([2, 10, 50]))
    blinds = (big // 2, big)
    antes = draw(st.sampled_from([None, 0, 1, big // 2, big]))
    straddles: tuple[int, ...] = ()
    if n >= 4 and draw(st.booleans()):
        count = draw(st.integers(1, n - 3))
        straddles = tuple(big * 2 ** (i + 1) for i in range(count))
        bb_seat = (button + 2) % n
        for i, amount in enumerate(straddles):
            seat = (bb_seat + 1 + i) % n
            stacks[seat] = max(stacks[seat], amount + big * 2)
    sleeper = None
    first_free = (button + 3 + len(straddles)) % n
    if n >= 4 and first_free != button and draw(st.booleans()):
        free = []
        seat = first_free
        while seat != button:
            free.append(seat)
            seat = (seat + 1) % n
        sleeper = draw(st.sampled_from(free))
        amount = (straddles[-1] if straddles else big) * 2
        stacks[sleeper] = max(stacks[sleeper], amount + big * 2)
    return {
        "rules": rules,
        "sleeper": sleeper,
        "stacks": stacks,
        "button": button,
        "blinds": blinds,
        "antes": antes,
        "straddles": straddles,
        "seed": draw(st.integers(0, 2**32)),
        "engine": draw(st.sampled_from(["auto", "spec"])),
    }


def make(setup: dict) -> Hand:
    return Hand(
        setup["rules"],
        setup["stacks"],
        button=setup["button"],
        blinds=setup["blinds"],
        antes=setup["antes"],
        straddles=setup["straddles"],
        sleeper=setup["sleeper"],
        seed=setup["seed"],
        engine=setup.get("engine", "auto"),
    )


def snapshot(h: Hand) -> tuple:
    return (dataclasses.astuple(h.state), h.events, h.result, h.to_act)


def random_out_of_turn(h: Hand, rng: random.Random) -> None:
    """Announce a random action for a random seat out of turn; a refusal must change nothing."""
    before = snapshot(h)
    seat = rng.randrange(h.state.seats)
    kind = rng.choice(["fold", "check", "call", "raise"])
    amount = h.state.current_bet + rng.choice([1, 2, 4]) * h.state.big_blind if kind == "raise" else None
    try:
        h.act(kind, amount, seat=seat)
    except IllegalAction:
        assert snapshot(h) == before


def random_action(h: Hand, rng: random.Random) -> None:
    if rng.random() < 0.1:
        random_out_of_turn(h, rng)
        if h.is_over:
            return
    legal = h.legal_actions()
    options = ["fold"] * 1 + ["check"] * 3 * legal.check + ["call"] * 3 * (legal.call is not None)
    st_ = h.state
    if legal.min_raise_to is not None:
        options.append("raise")
        if st_.bets[legal.seat] + st_.stacks[legal.seat] == legal.max_raise_to:
            options.append("all_in")
    if rng.random() < 0.05:
        options = ["time_out"]
    kind = rng.choice(options)
    if kind == "raise":
        assert legal.max_raise_to is not None
        amount = rng.choice(
            [legal.min_raise_to, legal.max_raise_to, rng.randint(legal.min_raise_to, legal.max_raise_to)]
        )
        h.bet_to(amount) if legal.is_bet else h.raise_to(amount)
    elif kind == "all_in":
        h.all_in()
    elif kind == "time_out":
        h.time_out()
    else:
        getattr(h, kind)()


def play(setup: dict, rng: random.Random, check_each_step: bool = False) -> Hand:
    h = make(setup)
    for _ in range(400):
        if h.is_over:
            return h
        seat = h.to_act
        assert seat is not None
        st_ = h.state
        assert not st_.folded[seat] and st_.stacks[seat] > 0 and not st_.frozen[seat]
        if check_each_step:
            check_legal_agrees(h, rng)
        random_action(h, rng)
    raise AssertionError("hand did not end within 400 actions")


def check_legal_agrees(h: Hand, rng: random.Random) -> None:
    legal = h.legal_actions()
    before = snapshot(h)
    kind = "bet" if legal.is_bet else "raise"
    act = h.bet_to if legal.is_bet else h.raise_to
    if legal.min_raise_to is None:
        probe = h.state.current_bet + 2 * h.state.big_blind
        try:
            act(probe)
        except IllegalAction:
            assert snapshot(h) == before
        else:
            raise AssertionError(f"{kind} to {probe} accepted though no raise is legal")
        return
    assert legal.max_raise_to is not None
    for amount in {
        legal.min_raise_to,
        legal.max_raise_to,
        rng.randint(legal.min_raise_to, legal.max_raise_to),
    }:
        c = h.copy()
        (c.bet_to if legal.is_bet else c.raise_to)(amount)
        assert snapshot(h) == before
    for amount in (legal.min_raise_to - 1, legal.max_raise_to + 1):
        try:
            act(amount)
        except IllegalAction:
            assert snapshot(h) == before
        else:
            raise AssertionError(
                f"{kind} to {amount} accepted outside [{legal.min_raise_to}, {legal.max_raise_to}]"
            )
    for name, allowed in (("check", legal.check), ("call", legal.call is not None)):
        if not allowed:
            try:
                getattr(h, name)()
            except IllegalAction:
                assert snapshot(h) == before
            else:
                raise AssertionError(f"{name} accepted though not legal")


@settings(max_examples=60)
@given(hand_setups(), st.integers())
def test_7_7_chips_are_conserved_and_every_hand_ends(setup: dict, rng_seed: int) -> None:
    h = play(setup, random.Random(rng_seed))
    assert h.is_over and h.result is not None
    assert sum(h.result.stacks) == sum(setup["stacks"])
    assert sum(h.result.net) == 0
    assert all(s >= 0 for s in h.result.stacks)
    pot_total = sum(p.amount for p in h.result.pots)
    assert pot_total == sum(e.amount for e in h.events if e.kind == "win")
    folded = h.state.folded
    for pot in h.result.pots:
        assert pot.winners and set(pot.winners) <= set(pot.eligible)
        assert not any(folded[s] for s in pot.eligible)


def replay_stacks(h: Hand, start: list[int]) -> list[int]:
    """The final stacks rebuilt from the event log alone."""
    stacks = list(start)
    front = [0] * len(start)
    for e in h.events:
        s, amount = e.seat, e.amount or 0
        if e.kind == "board":
            front = [0] * len(start)
        elif e.kind in ("ante", "sleeper"):
            stacks[s] -= amount
        elif e.kind in ("blind", "straddle"):
            stacks[s] -= amount
            front[s] = amount
        elif e.kind == "sleeper_live":
            front[s] = amount
        elif e.kind == "call":
            stacks[s] -= amount
            front[s] += amount
        elif e.kind in ("bet", "raise"):
            stacks[s] -= amount - front[s]
            front[s] = amount
        elif e.kind in ("return", "win", "sleeper_void"):
            stacks[s] += amount
    return stacks


@settings(max_examples=60)
@given(hand_setups(), st.integers())
def test_7_6_event_log_accounts_for_every_chip(setup: dict, rng_seed: int) -> None:
    h = play(setup, random.Random(rng_seed))
    assert h.result is not None
    assert replay_stacks(h, setup["stacks"]) == list(h.result.stacks)


@settings(max_examples=40)
@given(hand_setups(), st.integers())
def test_6_1_legal_actions_agree_with_what_is_accepted(setup: dict, rng_seed: int) -> None:
    play(setup, random.Random(rng_seed), check_each_step=True)


@settings(max_examples=25)
@given(hand_setups(), st.integers())
def test_4_3_same_seed_same_hand(setup: dict, rng_seed: int) -> None:
    a = play(setup, random.Random(rng_seed))
    b = play(setup, random.Random(rng_seed))
    assert a.events == b.events and a.result == b.result


@settings(max_examples=60)
@given(
    hand_setups(),
    st.integers(),
    st.sampled_from(["fold", "check", "call", "bet", "raise"]),
    st.integers(-5, 10_000),
)
def test_6_1_any_refused_action_leaves_the_state_unchanged(
    setup: dict, rng_seed: int, kind: str, amount: int
) -> None:
    rng = random.Random(rng_seed)
    h = make(setup)
    for _ in range(rng.randint(0, 12)):
        if h.is_over:
            break
        random_action(h, rng)
    before = snapshot(h)
    try:
        h.act(kind, amount if kind in ("bet", "raise") else None)
    except PyHoldemError:
        assert snapshot(h) == before
