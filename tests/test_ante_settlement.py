"""Antes in the pot (§3.12–3.14, §7.6, §7.7): every ante kind × all-in pattern, both engines, against
a chip-by-chip oracle written here from the rule's words, independent of ``pyholdem.spec.pots``.

The oracle: every chip a seat put in sits at a height (its first chip at 1, its last at its
contribution). A chip at height ``h`` goes to the best hand among the players still in who can win
it: those who put in at least ``h``, and those who are not all-in (they matched every bet; only an
ante they did not owe leaves them lower). A chip nobody can win goes with the highest height someone
can. Dead money (a big-blind ante, §3.14) goes to the best hand still in. Nothing is ever returned
at the end: bets were returned round by round (§7.6), and antes never are.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pyholdem import Hand, RuleSet, preset
from pyholdem.spec.showdown import hand_strength

ANTE_KINDS = ("each_player", "each_player_except_blinds", "big_blind_ante", "per_seat", "heads_up")
ENGINES = ("auto", "spec")


def oracle_payouts(
    contributions: list[int], dead: int, folded: list[bool], all_in: list[bool], values: list[int]
) -> list[int]:
    """What each seat receives, chip by chip; each chip to one best hand (ties: the caller groups)."""
    n = len(contributions)
    live = [s for s in range(n) if not folded[s]]
    reach = {s: contributions[s] if all_in[s] else float("inf") for s in live}
    top = max(reach.values())
    payouts = [0] * n
    for seat in range(n):
        for height in range(1, contributions[seat] + 1):
            h = min(height, top)
            contenders = [s for s in live if reach[s] >= h]
            payouts[max(contenders, key=lambda s: (values[s], -s))] += 1
    payouts[max(live, key=lambda s: (values[s], -s))] += dead
    return payouts


@st.composite
def ante_hands(draw: st.DrawFn) -> dict:
    kind = draw(st.sampled_from(ANTE_KINDS))
    n = 2 if kind == "heads_up" else draw(st.integers(2, 7))
    big = draw(st.sampled_from([2, 10]))
    ante = draw(st.sampled_from([1, big // 2, big, 2 * big]))
    ante_type = kind if kind in ANTE_KINDS[:3] else "each_player"
    antes: int | list[int] = ante
    if kind in ("per_seat", "heads_up"):
        antes = draw(st.lists(st.sampled_from([0, 1, ante, 2 * ante, 3 * ante]), min_size=n, max_size=n))
    stacks = draw(st.lists(st.integers(1, 12 * big) | st.integers(1, 3 * ante), min_size=n, max_size=n))
    return {
        "rules": RuleSet(ante_type=ante_type),
        "stacks": stacks,
        "button": draw(st.integers(0, n - 1)),
        "blinds": (big // 2, big),
        "antes": antes,
        "seed": draw(st.integers(0, 2**32)),
        "rng": draw(st.integers(0, 2**32)),
    }


def play_randomly(h: Hand, rng: random.Random) -> None:
    while not h.is_over:
        legal = h.legal_actions()
        options = ["fold"] + ["check"] * 3 * legal.check + ["call"] * 4 * (legal.call is not None)
        if legal.min_raise_to is not None:
            options.append("raise")
            if h.state.bets[legal.seat] + h.state.stacks[legal.seat] == legal.max_raise_to:
                options.append("all_in")
        kind = rng.choice(options)
        if kind == "raise":
            assert legal.min_raise_to is not None and legal.max_raise_to is not None
            amount = rng.choice([legal.min_raise_to, legal.max_raise_to])
            h.bet_to(amount) if legal.is_bet else h.raise_to(amount)
        elif kind == "all_in":
            h.all_in()
        else:
            getattr(h, kind)()


def check_against_oracle(h: Hand) -> None:
    result, state = h.result, h.state
    assert result is not None
    n = state.seats
    initial = h.initial_stacks
    payers = {p.seat for p in h.setup.posts if p.kind == "ante" and p.amount > 0}
    bba = payers == {p.seat for p in h.setup.posts if p.kind == "big_blind"}  # the big blind antes alone
    contributions, dead = [], 0
    for s in range(n):
        ante = state.antes[s]
        dead += state.dead[s] if state.dead else 0
        if bba and ante and state.committed[s] > 0:
            dead += ante
            ante = 0
        contributions.append(state.committed[s] + ante)
    put_in = [c + (state.dead[s] if state.dead else 0) for s, c in enumerate(contributions)]
    if bba:
        dead_blinds = state.dead or [0] * n
        put_in = [state.committed[s] + state.antes[s] + dead_blinds[s] for s in range(n)]
    all_in = [put_in[s] == initial[s] for s in range(n)]
    values = [0] * n
    if result.showdown:
        board = result.board
        values = [0 if state.folded[s] else hand_strength(h.deal.holes[s], board) for s in range(n)]
    expected = oracle_payouts(contributions, dead, list(state.folded), all_in, values)
    got = [result.stacks[s] - (initial[s] - put_in[s]) for s in range(n)]
    assert sum(got) == sum(put_in)
    groups: dict[int, list[int]] = {}
    for s in range(n):
        groups.setdefault(values[s] if not state.folded[s] else -1 - s, []).append(s)
    for seats in groups.values():
        assert sum(got[s] for s in seats) == sum(expected[s] for s in seats), (got, expected, seats)


@pytest.mark.parametrize("engine", ENGINES)
@settings(max_examples=150, deadline=None)
@given(ante_hands())
def test_7_7_every_ante_kind_and_all_in_pattern_settles_as_the_chip_oracle(engine: str, case: dict) -> None:
    h = Hand(
        case["rules"], case["stacks"], button=case["button"], blinds=case["blinds"], antes=case["antes"],
        seed=case["seed"], engine=engine,
    )  # fmt: skip
    play_randomly(h, random.Random(case["rng"]))
    check_against_oracle(h)


@pytest.mark.parametrize("engine", ENGINES)
def test_3_13_seed_000_big_blind_collects_the_unmatched_antes(engine: str) -> None:
    """Seed 000's home game: folds to the button, who calls; the small blind folds; the big blind
    checks it down and wins 80; the button loses 20 (his ante is no uncalled bet)."""
    h = Hand(
        preset("seed_000_home_nl"), [1000] * 10, button=0, blinds=(10, 15), antes=5,
        hole_cards=["2c3d", "4h5h", "AsAh", "7s8s", "9d9c", "TcTd", "JsJd", "QsQd", "KsKh", "6c6d"],
        board="Kd Qc 9h 6s 2h", engine=engine,
    )  # fmt: skip
    for _ in range(7):
        h.fold()
    h.call(), h.fold(), h.check()
    while not h.is_over:
        h.check()
    assert h.result is not None
    assert h.result.stacks[2] - 1000 + 15 == 80
    assert h.result.net[:3] == (-20, -10, 65)
    assert not any(e.kind == "return" for e in h.events)
    check_against_oracle(h)


@pytest.mark.parametrize("engine", ENGINES)
def test_7_7_button_ante_heads_up_is_not_returned(engine: str) -> None:
    """A per-seat list: only the button antes, heads-up; the big blind checks it down and wins it."""
    h = Hand(
        RuleSet(), [100, 100], button=0, blinds=(1, 2), antes=[3, 0],
        hole_cards=["2c3d", "AsAh"], board="Kd Qc 9h 6s 2h", engine=engine,
    )  # fmt: skip
    h.call(), h.check()
    while not h.is_over:
        h.check()
    assert h.result is not None and h.result.net == (-5, 5)


@pytest.mark.parametrize("engine", ENGINES)
def test_7_7_as_bets_reads_the_unmatched_ante_as_an_uncalled_bet(engine: str) -> None:
    """pokerkit 0.7's reading (``ante_award = "as_bets"``) keeps the return: named, not the default."""
    h = Hand(
        RuleSet(ante_award="as_bets"), [100, 100], button=0, blinds=(1, 2), antes=[3, 0],
        hole_cards=["2c3d", "AsAh"], board="Kd Qc 9h 6s 2h", engine=engine,
    )  # fmt: skip
    h.call(), h.check()
    while not h.is_over:
        h.check()
    assert h.result is not None and h.result.net == (-2, 2)
