"""Regressions in betting and pots, each on both engines, and the properties that look
for the same class of mistake: what ``legal_actions()`` offers is accepted, a short all-in never
reopens the betting for a player who already acted, and no chip is ever out of sight."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pyholdem import Hand, IllegalAction, RuleSet, RuleViolation
from pyholdem.rules.ruleset import FIELDS, PRESETS, preset
from pyholdem.spec.state import PREFLOP
from pyholdem.spec.structures import fl_bet_size, fl_raise_to, min_raise_to
from tests.native.test_hand_lockstep import setups as lockstep_setups
from tests.test_hand_properties import hand_setups, random_action

ENGINES = ("spec", "native")
STRUCTURES = ("no_limit", "pot_limit", "fixed_limit")
MIN_RAISE_RULES = FIELDS["min_raise_rule"].metadata["choices"]


# ---------------------------------------------------------------------------- item 1: §7.2, §7.3


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize(
    "rules", [preset("seed_002_sng_addon"), *(RuleSet(min_raise_rule=m) for m in MIN_RAISE_RULES)]
)
def test_7_2_short_all_in_does_not_reopen_under_seed_002_sng_addon(engine: str, rules: RuleSet) -> None:
    """Flop: bet 100, raise to 300, all-in to 350, call, call: the raiser may only call 50 or fold,
    under every minimum-raise rule (seed 002's counts the short all-in for the next raise's size)."""
    h = Hand(rules, [1000, 1000, 1000, 360], button=0, blinds=(5, 10), engine=engine)
    h.call(), h.call(), h.call(), h.check()
    assert h.street == "flop" and h.to_act == 1
    h.bet_to(100), h.raise_to(300), h.all_in()
    if rules.min_raise_rule == "last_increment_including_short_allins":
        assert h.legal_actions().min_raise_to == 400  # seat 0 has not acted: 350 + the last 50
    h.call(), h.call()
    legal = h.legal_actions()
    assert (legal.seat, legal.call, legal.min_raise_to, legal.max_raise_to) == (2, 50, None, None)
    with pytest.raises(IllegalAction, match=r"not reopened .*\(§7\.2\)"):
        h.raise_to(400)


@pytest.mark.parametrize("engine", ENGINES)
def test_5_6_cumulative_short_allins_sizes_the_offered_raise_on_both_engines(engine: str) -> None:
    """texasholdem's reading: short all-ins that add up to the raise size become it (§5.6)."""
    rules = RuleSet(min_raise_rule="cumulative_short_allins")
    h = Hand(rules, [200, 1000, 1000, 1000, 150], button=0, blinds=(5, 10), engine=engine)
    h.raise_to(100), h.all_in(), h.all_in()
    assert (h.legal_actions().seat, h.legal_actions().min_raise_to) == (1, 300)
    with pytest.raises(IllegalAction, match=r"below the minimum raise to 300 \(§5\.6\)"):
        h.raise_to(290)
    h = Hand(rules, [1000, 1000, 310, 360], button=0, blinds=(5, 10), engine=engine)
    h.call(), h.call(), h.call(), h.check()
    h.bet_to(100), h.all_in(), h.all_in()
    assert (h.legal_actions().seat, h.legal_actions().min_raise_to) == (0, 600)


# ------------------------------------------------------------------ item 2 and 12: §5.3, §7.4, §5.12


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("base", ["last_full_bet", "current_bet"])
def test_5_12_fixed_limit_raise_after_an_off_unit_all_in_is_accepted(engine: str, base: str) -> None:
    rules = RuleSet(betting_structure="fixed_limit", chip_unit=25, fl_raise_base=base)
    h = Hand(rules, [1000, 1000, 1000, 80], button=0, blinds=(25, 50), engine=engine)
    h.all_in()  # to 80: 30 over the big blind, at least half a bet: a full raise (§7.4)
    legal = h.legal_actions()
    assert (legal.min_raise_to, legal.max_raise_to) == (130, 130)
    h.raise_to(130)
    assert h.state.current_bet == 130 and h.legal_actions().min_raise_to == 180
    with pytest.raises(IllegalAction, match=r"raise to 155 is below the minimum raise to 180 \(§5\.3\)"):
        h.raise_to(155)
    h.raise_to(180)


@pytest.mark.parametrize("engine", ENGINES)
def test_5_2_fixed_limit_bet_sizes_off_the_chip_unit_are_refused(engine: str) -> None:
    rules = RuleSet(betting_structure="fixed_limit", chip_unit=5)
    with pytest.raises(RuleViolation, match=r"bet size 7 of bet_sizes \(7, 14\) .*chip unit 5 \(§5\.2\)"):
        Hand(rules, [1000] * 3, button=0, blinds=(5, 10), bet_sizes=(7, 14), engine=engine)
    with pytest.raises(RuleViolation, match=r"bet size 10 of bet_sizes \(10, 20\) .*chip unit 25 \(§5\.2\)"):
        Hand(rules.replace(chip_unit=25), [1000] * 3, button=0, blinds=(5, 10), engine=engine)
    h = Hand(rules, [1000] * 3, button=0, blinds=(5, 10), bet_sizes=(15, 30), engine=engine)
    h.raise_to(25)
    assert h.state.current_bet == 25
    # in the other structures bet_sizes are not read
    Hand(rules.replace(betting_structure="no_limit"), [1000] * 3, button=0, blinds=(5, 10), bet_sizes=(7, 14))


# ---------------------------------------------------------------------------- item 3: §7.7


@pytest.mark.parametrize("engine", ENGINES)
def test_7_7_all_in_on_the_ante_wins_no_more_from_anyone_than_he_put_in(engine: str) -> None:
    """Seed 000's antes (everyone but the blinds): seat 3's ante of 5 is all he has; he wins 5 from
    each opponent, not the button's ante on top."""
    rules = preset("seed_000_home_nl")
    h = Hand(
        rules, [1000, 1000, 1000, 5], button=0, blinds=(5, 10), antes=5,
        hole_cards=["2c3d", "4h5h", "7s8s", "AsAh"], board="Kd Qc 9h 6s 2d", engine=engine,
    )  # fmt: skip
    h.call(), h.fold(), h.check()
    for _ in range(6):
        h.check()
    assert h.result is not None
    assert h.result.net == (0, -5, -10, 15)
    assert [(p.amount, p.eligible, p.winners) for p in h.result.pots] == [
        (20, (0, 2, 3), (3,)),
        (15, (0, 2), (0,)),
    ]


@pytest.mark.parametrize("engine", ENGINES)
def test_7_7_a_short_blind_all_in_wins_only_what_he_put_in_from_each_ante(engine: str) -> None:
    rules = RuleSet(ante_type="each_player_except_blinds")
    h = Hand(
        rules, [1000, 3, 1000, 1000], button=0, blinds=(5, 10), antes=5,
        hole_cards=["2c3d", "AsAh", "7s8s", "4h5h"], board="Kd Qc 9h 6s 2d", engine=engine,
    )  # fmt: skip
    h.call(), h.call(), h.check()
    for _ in range(9):
        h.check()
    assert h.result is not None and h.result.net[1] == 9  # 3 from each of three opponents


@pytest.mark.parametrize("engine", ENGINES)
def test_7_7_a_big_blind_ante_stays_dead_money_in_the_main_pot(engine: str) -> None:
    """The big-blind ante is paid for the table: a player all-in for less wins all of it (TDA)."""
    rules = RuleSet(ante_type="big_blind_ante")
    h = Hand(
        rules, [1000, 1000, 1000, 5], button=0, blinds=(5, 10), antes=10,
        hole_cards=["2c3d", "4h5h", "7s8s", "AsAh"], board="Kd Qc 9h 6s 2d", engine=engine,
    )  # fmt: skip
    h.call(), h.fold(), h.call(), h.check()  # seat 3 calls all-in for 5; the blinds see the flop
    for _ in range(6):
        h.check()
    assert h.result is not None
    main = h.result.pots[0]
    assert (main.amount, main.winners) == (5 + 5 + 5 + 10, (3,)) and h.result.net[3] == 20


@pytest.mark.parametrize("engine", ENGINES)
def test_7_7_per_seat_antes_only_the_big_blind_owes_are_a_big_blind_ante(engine: str) -> None:
    """Heads-up, blinds 1000/2000 over stacks of 1000, antes [0, 1]: the big blind's ante is dead
    money, so the button all-in for 1000 wins it on top of the 999 the big blind could bet."""
    h = Hand(
        RuleSet(), [1000, 1000], button=0, blinds=(1000, 2000), antes=[0, 1],
        hole_cards=["AsAh", "2c3d"], board="Kd Qc 9h 6s 2d", engine=engine,
    )  # fmt: skip
    assert h.is_over and h.result is not None
    assert h.result.stacks == (2000, 0) and not h.state.antes_contribute


@pytest.mark.parametrize("engine", ENGINES)
def test_5_11_active_pot_counts_a_dead_big_blind_ante_in_the_main_pot(engine: str) -> None:
    """Seed 004's active pot with a big-blind ante: the ante is dead money in the main pot (§7.7),
    which the bettor can win, so a pot-size bet on the flop is 60, not 30."""
    rules = RuleSet(betting_structure="pot_limit", pl_pot_basis="active_pot", ante_type="big_blind_ante")
    h = Hand(rules, [1000] * 3, button=0, blinds=(5, 10), antes=30, engine=engine)
    h.call(), h.call(), h.check()
    assert h.street == "flop" and h.pot_total() == 60
    assert h.legal_actions().max_raise_to == 60
    h = Hand(rules, [1000, 1000, 1000, 5], button=0, blinds=(5, 10), antes=30, engine=engine)
    h.call(), h.call(), h.call(), h.check()  # seat 3 all-in for 5: main pot 4 x 5 + 30, side 3 x 5
    assert h.street == "flop" and h.pot_total() == 65
    assert h.legal_actions().max_raise_to == 15  # the side pot is the highest seat 1 can win


# ---------------------------------------------------------------------------- item 11: §5.4, §0.1


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("cap", [2**31 - 2, 2**31 - 1, 2**31, 2**32 + 5, 2**70])
def test_5_4_fixed_limit_huge_raise_cap_allows_raises_on_both_engines(engine: str, cap: int) -> None:
    rules = RuleSet(betting_structure="fixed_limit", fl_max_raises=cap)
    h = Hand(rules, [1000] * 3, button=0, blinds=(5, 10), engine=engine)
    assert h.legal_actions().min_raise_to == 20
    for amount in (20, 30, 40, 50, 60):
        h.raise_to(amount)
    assert h.legal_actions().min_raise_to == 70


# ---------------------------------------------------------------------------- item 19: §3.17


@pytest.mark.parametrize("engine", ["spec", "auto"])  # the C engine hands a sleeper to the spec
def test_3_17_a_pending_sleeper_is_in_the_pot_and_cleared_when_void(engine: str) -> None:
    rules = RuleSet(sleeper_allowed=True)
    h = Hand(rules, [1000] * 5, button=0, blinds=(5, 10), sleeper=4, engine=engine)
    assert h.stacks[4] == 980 and sum(h.stacks) + h.pot_total() == 5000
    assert h.state.sleeper_amount == 20
    h.call()  # seat 3, between the big blind and the sleeper: the sleeper is void and taken back
    assert h.state.sleeper is None and h.state.sleeper_amount == 0
    assert h.stacks[4] == 1000 and sum(h.stacks) + h.pot_total() == 5000


# ---------------------------------------------------------------------------- properties

UNITS = st.sampled_from([2, 5, 25])


@st.composite
def unit_setups(draw: st.DrawFn) -> dict[str, Any]:
    """A hand of ``hand_setups`` under any structure and a chip unit > 1 (or a preset with one),
    blinds of whole units, stacks whole units plus sometimes an odd chip."""
    setup = draw(hand_setups())
    unit = draw(UNITS)
    if draw(st.booleans()):
        rules = preset(draw(st.sampled_from(sorted(PRESETS))))
        rules = rules.replace(
            chip_unit=unit, sleeper_allowed=True, straddle_allowed=True, max_seats=10, timeout_action="fold"
        )
    else:
        rules = setup["rules"].replace(chip_unit=unit, out_of_turn="reject", timeout_action="fold")
    rules = rules.replace(betting_structure=draw(st.sampled_from(STRUCTURES)))
    big = unit * draw(st.sampled_from([2, 4, 10]))
    scale = big // setup["blinds"][1]
    odd = draw(st.sampled_from([0, 0, 1, 3]))
    stacks = [s * max(scale, 1) + (odd if draw(st.booleans()) else 0) for s in setup["stacks"]]
    straddles = tuple(a * max(scale, 1) for a in setup["straddles"])
    for i in range(len(straddles)):  # straddlers keep enough chips for their straddle
        seat = (setup["button"] + 3 + i) % len(stacks)
        stacks[seat] = max(stacks[seat], straddles[i] + 2 * big)
    if setup["sleeper"] is not None:
        stacks[setup["sleeper"]] = max(
            stacks[setup["sleeper"]], 2 * (straddles[-1] if straddles else big) + 2 * big
        )
    antes = setup["antes"]
    return {
        **setup,
        "rules": rules,
        "stacks": stacks,
        "blinds": (big // 2, big),
        "antes": None if antes is None else antes * max(scale, 1),
        "straddles": straddles,
        "engine": draw(st.sampled_from(ENGINES)) if setup["sleeper"] is None else "auto",
    }


def make(setup: dict[str, Any]) -> Hand:
    args = dict(setup)
    return Hand(args.pop("rules"), args.pop("stacks"), **args)


def offered(h: Hand) -> list[tuple[str, int | None]]:
    legal = h.legal_actions()
    actions: list[tuple[str, int | None]] = [("fold", None)]
    if legal.check:
        actions.append(("check", None))
    if legal.call is not None:
        actions.append(("call", None))
    if legal.min_raise_to is not None and legal.max_raise_to is not None:
        kind = "bet" if legal.is_bet else "raise"
        actions += [(kind, legal.min_raise_to), (kind, legal.max_raise_to)]
    return actions


def short_raise(h: Hand, amount: int) -> bool:
    """Whether a raise to ``amount`` by the player to act is an all-in short of a full raise, by the
    sizes of §5.6 (unrounded, §5.12) and the half-bet rule of §7.4 — not by the reopening rules."""
    st_ = h.state
    seat = h.to_act
    assert seat is not None
    if amount != st_.bets[seat] + st_.stacks[seat] or st_.current_bet == 0:
        return False
    if h.rules.first_wager_reopens and st_.aggressors[st_.street] is None:
        return False  # the round's first wager counts as full whatever its size (§7.2)
    if h.rules.betting_structure == "fixed_limit":
        part = amount - st_.full_level
        size = fl_bet_size(st_)
        full = part >= size if h.rules.reopen_rule_limit == "full_bet" else 2 * part >= size
        return amount < fl_raise_to(st_, h.rules) and not full
    return amount < min_raise_to(st_, h.rules)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(unit_setups(), st.integers())
def test_6_1_what_legal_actions_offer_is_accepted_with_a_chip_unit(setup: dict[str, Any], seed: int) -> None:
    """Every structure, every preset, chip units > 1: each offered action (both raise bounds) is
    accepted, on both engines; and no chip is ever out of ``stacks`` and ``pot_total()``."""
    rng = random.Random(seed)
    try:
        h = make(setup)
    except RuleViolation:
        return
    total = sum(setup["stacks"])
    for _ in range(400):
        assert sum(h.stacks) + h.pot_total() == total
        if h.is_over:
            break
        actions = offered(h)
        for kind, amount in actions:
            h.copy().act(kind, amount)
        kind, amount = rng.choice(actions[1:] or actions) if rng.random() < 0.9 else actions[0]
        h.act(kind, amount)
    assert h.is_over and sum(h.stacks) == total


@st.composite
def reopen_setups(draw: st.DrawFn) -> dict[str, Any]:
    rules = RuleSet(
        betting_structure=draw(st.sampled_from(STRUCTURES)),
        min_raise_rule=draw(st.sampled_from(MIN_RAISE_RULES)),
        reopen_rule_big_bet=draw(st.sampled_from(["full_raise_cumulative", "full_raise_single"])),
        reopen_rule_limit=draw(st.sampled_from(["half_bet", "full_bet"])),
        nl_min_bet=draw(st.sampled_from(["big_blind", "min_chip"])),
        chip_unit=draw(st.sampled_from([1, 1, 5])),
    )
    n = draw(st.integers(3, 7))
    big = 10
    stacks = draw(
        st.lists(
            st.one_of(st.integers(5, 120), st.integers(100, 600), st.integers(600, 3000)),
            min_size=n,
            max_size=n,
        )
    )
    return {
        "rules": rules,
        "stacks": stacks,
        "button": draw(st.integers(0, n - 1)),
        "blinds": (big // 2, big),
        "seed": draw(st.integers(0, 2**32)),
        "engine": draw(st.sampled_from(ENGINES)),
    }


@st.composite
def any_reopen_setups(draw: st.DrawFn) -> dict[str, Any]:
    setup = draw(any_setups())
    if setup["rules"].reopen_rule_big_bet == "any_raise":
        setup["rules"] = setup["rules"].replace(reopen_rule_big_bet="full_raise_cumulative")
    return setup


@settings(max_examples=200, deadline=None)
@given(st.one_of(reopen_setups(), any_reopen_setups()), st.integers())
def test_7_2_a_short_all_in_never_reopens_the_betting_for_who_already_acted(
    setup: dict[str, Any], seed: int
) -> None:
    """Under every minimum-raise rule and both full-raise reopening rules (``"any_raise"`` reopens
    on purpose), on every structure and variant and both engines: a player who acted, and since
    faces only one short all-in (or, under ``"full_raise_single"`` or in fixed limit, only short
    all-ins), is offered no raise."""
    rng = random.Random(seed)
    try:
        h = make(setup)
    except RuleViolation:
        return
    since: list[list[bool]] = [[] for _ in setup["stacks"]]
    acted = [False] * len(since)
    street = h.street
    single = setup["rules"].reopen_rule_big_bet == "full_raise_single"
    limit = setup["rules"].betting_structure == "fixed_limit"
    while not h.is_over:
        if h.street != street:
            street, since, acted = h.street, [[] for _ in since], [False] * len(since)
        seat = h.to_act
        assert seat is not None
        faced = since[seat]
        if acted[seat] and faced and all(faced) and (len(faced) == 1 or single or limit):
            assert h.legal_actions().min_raise_to is None, (faced, h.state)
        legal = h.legal_actions()
        choices: list[tuple[str, int | None]] = [("call", None) if legal.call else ("check", None)] * 3
        if legal.min_raise_to is not None and legal.max_raise_to is not None:
            kind = "bet" if legal.is_bet else "raise"
            choices += [(kind, legal.min_raise_to), (kind, legal.max_raise_to), (kind, legal.max_raise_to)]
        if rng.random() < 0.1:
            choices = [("fold", None)]
        kind, amount = rng.choice(choices)
        is_raise = kind in ("bet", "raise")
        short = is_raise and amount is not None and short_raise(h, amount)
        h.act(kind, amount)
        acted[seat] = True
        since[seat] = []
        if is_raise:
            for other in range(len(since)):
                if other != seat:
                    since[other].append(short)
    assert h.state.street >= PREFLOP


@st.composite
def any_setups(draw: st.DrawFn) -> dict[str, Any]:
    """The lockstep test's set-ups: every variant the hand reads, or a preset, drawn independently."""
    setup = draw(lockstep_setups())
    setup["rules"] = setup["rules"].replace(out_of_turn="reject", timeout_action="fold")
    return {**setup, "engine": draw(st.sampled_from(ENGINES))}


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(any_setups(), st.integers())
def test_7_7_nobody_wins_from_an_opponent_more_than_he_put_in(setup: dict[str, Any], seed: int) -> None:
    """Over every variant: what ``legal_actions()`` offers is accepted, every chip is in ``stacks``
    or ``pot_total()`` at every step, and — unless an ante is dead money (a big-blind ante, or
    antes pooled) — each player all in for less (or frozen, §7.8) wins from each opponent at most
    what he himself left in. A player with chips behind matched every bet: he may win an opponent's
    ante above his own contribution, which is never returned (§3.13, §7.7)."""
    rng = random.Random(seed)
    try:
        h = make(setup)
    except RuleViolation:
        return
    total = sum(setup["stacks"])
    rules = setup["rules"]
    while not h.is_over:
        assert sum(h.stacks) + h.pot_total() == total
        actions = offered(h)
        for kind, amount in actions:
            h.copy().act(kind, amount)
        legal = h.legal_actions()
        if legal.min_raise_to is not None and legal.max_raise_to is not None:  # accepts() is act()
            kind = "bet" if legal.is_bet else "raise"
            for amount in {
                legal.min_raise_to - 1,
                legal.max_raise_to + 1,
                *rng.sample(
                    range(legal.min_raise_to, legal.max_raise_to + 1),
                    min(3, legal.max_raise_to - legal.min_raise_to + 1),
                ),
            }:
                try:
                    h.copy().act(kind, amount)
                except IllegalAction:
                    assert not legal.accepts(kind, amount, rules.chip_unit), (kind, amount)
                else:
                    assert legal.accepts(kind, amount, rules.chip_unit), (kind, amount)
        kind, amount = rng.choice(actions[1:] or actions) if rng.random() < 0.9 else actions[0]
        h.act(kind, amount)
    assert sum(h.stacks) + h.pot_total() == total
    dead_antes = rules.ante_award == "pooled" or (
        rules.ante_award == "uniform_as_contributions" and not h.state.antes_contribute
    )
    if setup["antes"] and dead_antes:  # a big-blind ante (§7.7), also as a per-seat list, or pooled
        return
    assert h.result is not None
    wins = [0] * len(h.stacks)
    for event in h.events:
        if event.kind == "win":
            wins[event.seat] += event.amount
    left_in = [i - f + w for i, f, w in zip(setup["stacks"], h.result.stacks, wins, strict=True)]
    live = h.state.live()
    for seat, won in enumerate(wins):
        # only where a live opponent put in more: the layers above ``seat`` are his to win
        if not any(left_in[o] > left_in[seat] for o in live if o != seat):
            continue
        frozen = bool(h.state.frozen) and h.state.frozen[seat]
        if left_in[seat] < setup["stacks"][seat] and not frozen:
            continue
        bound = sum(min(left_in[seat], c) for other, c in enumerate(left_in) if other != seat)
        assert won - left_in[seat] <= bound, (seat, wins, left_in)


@settings(max_examples=150, deadline=None)
@given(hand_setups(), st.integers())
def test_7_6_every_chip_is_in_stacks_or_the_pot_at_every_step(setup: dict[str, Any], seed: int) -> None:
    """With sleepers (§3.17), time-outs that freeze (§7.8) and actions out of turn (§6.10), on the C
    engine and the spec engine: ``sum(stacks) + pot_total()`` never changes, and a sleeper that is
    no longer waiting leaves no ``sleeper_amount`` behind."""
    rng = random.Random(seed)
    h = make({**setup, "engine": rng.choice(["auto", "spec"])})
    total = sum(setup["stacks"])
    for _ in range(400):
        state = h.state
        assert sum(h.stacks) + h.pot_total() == total
        assert state.sleeper is not None or state.sleeper_amount == 0
        if h.is_over:
            return
        random_action(h, rng)
    raise AssertionError("hand did not end within 400 actions")
