"""The explicit hand set-up (§3.20): one value a hand starts from, played alike on both engines.

Worked cases of the posts the keyword constructor cannot express (dead small blinds, dead buttons,
extra live big blinds, missed blinds, seats sitting out or empty), bad set-ups refused with typed
errors before anything is built, and the C engine's own bounds on its set-up struct.
"""

from __future__ import annotations

import copy
import pickle
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pyholdem import Hand, IllegalAction, InvalidCards, RuleSet, RuleViolation
from pyholdem.engine.setup import ForcedPost, HandSetup, setup_from_arguments
from pyholdem.spec.dealing import hole_card_order
from pyholdem.spec.table import post_forced

ENGINES = ("spec", "native")
BB, SB, EXTRA, ANTE = "big_blind", "small_blind", "extra_blind", "ante"


def table(**changes: Any) -> HandSetup:
    """Six seats, seat 1 empty, seat 4 sitting out, button on seat 1 (a dead button), the big blind
    on seat 2, and seat 5 back with his missed blinds (the small blind dead, the big blind live)."""
    fields: dict[str, Any] = {
        "rules": RuleSet(),
        "stacks": (1000, 0, 1000, 1000, 800, 1000),
        "button": 1,
        "seats": ("in", "empty", "in", "in", "sitting_out", "in"),
        "posts": (ForcedPost(2, BB, 100), ForcedPost(5, SB, 50, live=False), ForcedPost(5, EXTRA, 100)),
        "blinds": (50, 100),
        "seed": 11,
    }
    fields.update(changes)
    return HandSetup(**fields)


def both(setup: HandSetup) -> tuple[Hand, Hand]:
    return Hand(setup, engine="spec"), Hand(setup, engine="native")


def play_out(h: Hand) -> None:
    while not h.is_over:
        h.check() if h.legal_actions().check else h.call()


@pytest.mark.parametrize("engine", ENGINES)
def test_3_20_a_dead_small_blind_is_dead_money_not_part_of_the_bet(engine: str) -> None:
    h = Hand(table(), engine=engine)
    assert h.state.bets == [0, 0, 100, 0, 0, 100] and h.state.dead == [0, 0, 0, 0, 0, 50]
    assert h.pot_total() == 250 and h.stacks == (1000, 0, 900, 1000, 800, 850)
    legal = h.legal_actions()  # seat 3: the amount to call and a full raise are the big blind's
    assert (h.to_act, legal.call, legal.min_raise_to) == (3, 100, 200)
    for _ in range(3):
        h.fold()
    result = h.result
    assert result is not None and result.net == (0, 0, 150, 0, 0, -150)
    assert result.pots[0].amount == 250


@pytest.mark.parametrize("engine", ENGINES)
def test_3_20_an_extra_live_big_blind_has_the_option(engine: str) -> None:
    h = Hand(table(), engine=engine)
    h.call()  # seat 3
    legal = h.legal_actions()
    assert h.to_act == 5 and legal.check and legal.call is None and legal.min_raise_to == 200
    h.raise_to(300)
    assert h.to_act == 0 and h.legal_actions().call == 300


@pytest.mark.parametrize("engine", ENGINES)
def test_3_20_seats_not_in_the_hand_are_not_dealt_and_keep_their_chips(engine: str) -> None:
    h = Hand(table(), engine=engine)
    assert [e.seat for e in h.events if e.kind == "deal"] == [2, 3, 5, 0]
    assert h.hole_cards(1) == () and h.hole_cards(4) == ()
    play_out(h)
    result = h.result
    assert result is not None and result.stacks[1] == 0 and result.stacks[4] == 800
    assert result.net[1] == result.net[4] == 0 and sum(result.stacks) == sum(table().stacks)
    assert all(e.seat not in (1, 4) for e in h.events)


def test_4_2_the_deal_goes_round_the_seats_in_the_hand_from_left_of_a_dead_button() -> None:
    assert hole_card_order(6, 1, [True, False, True, True, False, True]) == (2, 3, 5, 0) * 2
    assert hole_card_order(3, 0) == (1, 2, 0, 1, 2, 0)
    spec, native = both(table())
    assert spec.deal == native.deal and spec.events == native.events


def test_6_3_after_the_flop_the_first_to_act_is_left_of_a_dead_button() -> None:
    for h in both(table()):
        h.call()
        h.check()
        h.call()
        h.check()  # the big blind
        assert h.street == "flop" and h.to_act == 2


def test_6_2_extra_big_blinds_do_not_move_the_first_to_act() -> None:
    posts = (ForcedPost(1, SB, 5), ForcedPost(2, BB, 10), ForcedPost(4, EXTRA, 10), ForcedPost(0, EXTRA, 10))
    setup = HandSetup(RuleSet(), (500,) * 6, 0, posts, (5, 10), seed=3)
    for h in both(setup):
        assert h.to_act == 3 and h.legal_actions().call == 10
        h.call()
        assert h.to_act == 4 and h.legal_actions().check


def test_3_20_no_small_blind_the_big_blind_alone_opens_the_round() -> None:
    setup = HandSetup(RuleSet(), (500,) * 4, 0, (ForcedPost(2, BB, 10),), (5, 10), seed=5)
    for h in both(setup):
        assert h.state.blind_seats == (2,) and h.pot_total() == 10 and h.to_act == 3
        h.fold()
        h.fold()
        h.fold()
        assert h.result is not None and h.result.net == (0, 0, 0, 0)


def test_3_11_a_short_returning_player_posts_the_live_big_blind_first() -> None:
    setup = table(stacks=(1000, 0, 1000, 1000, 800, 120))
    for h in both(setup):
        posts = [(e.kind, e.seat, e.amount, e.all_in) for e in h.events if e.kind != "deal"]
        assert posts == [("blind", 2, 100, False), ("dead_blind", 5, 20, True), ("blind", 5, 100, True)]
    assert post_forced(120, 25, 100, RuleSet(short_post_priority="blind_first")) == (20, 100)
    bba = RuleSet(ante_type="big_blind_ante", bba_priority="ante_first")
    assert post_forced(120, 25, 100, bba, big_blind=True) == (25, 95)


def test_7_7_a_dead_blind_joins_the_main_pot_under_every_ante_award() -> None:
    for award in ("uniform_as_contributions", "pooled", "as_bets"):
        rules = RuleSet(ante_award=award)
        posts = (
            ForcedPost(0, ANTE, 10, live=False),
            ForcedPost(1, ANTE, 10, live=False),
            ForcedPost(2, ANTE, 10, live=False),
            ForcedPost(1, BB, 100),
            ForcedPost(2, SB, 50, live=False),
            ForcedPost(2, EXTRA, 100),
        )
        setup = HandSetup(rules, (1000, 1000, 60), 0, posts, (50, 100), seed=9, board="AsKsQsJsTs")
        spec, native = both(setup)
        assert (
            spec.state.dead == native.state.dead == [0, 0, 0]
        )  # 60 chips: the ante and the live blind first
        assert spec.events == native.events
        for h in (spec, native):
            play_out(h)
        assert spec.result == native.result and spec.result is not None
        assert sum(spec.result.stacks) == 2060 and sum(p.amount for p in spec.result.pots) > 0


def test_3_16_a_straddle_the_player_cannot_post_is_refused_alike() -> None:
    rules = RuleSet(straddle_allowed=True)
    posts = (ForcedPost(1, SB, 5), ForcedPost(2, BB, 10), ForcedPost(3, "straddle", 20))
    setup = HandSetup(rules, (500, 500, 500, 15), 0, posts, (5, 10), seed=1)
    messages = set()
    for engine in ENGINES:
        with pytest.raises(RuleViolation) as info:
            Hand(setup, engine=engine)
        messages.add((str(info.value), info.value.section))
    assert messages == {("seat 3 has 15 chips; cannot straddle 20 (§3.16)", "3.16")}


def test_3_17_a_sleeper_in_a_set_up_is_played_on_the_spec_engine() -> None:
    rules = RuleSet(sleeper_allowed=True)
    keyword = Hand(rules, [1000] * 6, button=0, blinds=(5, 10), sleeper=4, seed=2)
    setup = setup_from_arguments(rules, [1000] * 6, button=0, blinds=(5, 10), sleeper=4, seed=2)
    assert setup.posts[-1] == ForcedPost(4, "sleeper", 20)
    auto = Hand(setup)
    assert auto.engine == "spec" and auto.events == keyword.events
    with pytest.raises(RuleViolation, match="sleeper 30 by seat 4 must be 20"):
        Hand(HandSetup(rules, (1000,) * 6, 0, (*setup.posts[:-1], ForcedPost(4, "sleeper", 30)), (5, 10)))


@settings(max_examples=40, deadline=None)
@given(
    st.integers(2, 10),
    st.integers(0, 9),
    st.sampled_from([None, 5, [0, 1, 2, 3, 4, 5, 6, 7, 8, 9]]),
    st.sampled_from([(), (40,)]),
    st.integers(0, 2**32),
)
def test_3_20_the_keyword_constructor_plays_the_set_up_it_builds(
    n: int, button: int, antes: Any, straddles: tuple[int, ...], seed: int
) -> None:
    rules = RuleSet(straddle_allowed=True)
    kwargs: dict[str, Any] = {"button": button % n, "blinds": (10, 20), "seed": seed}
    kwargs["antes"] = antes[:n] if isinstance(antes, list) else antes
    kwargs["straddles"] = straddles if n > 3 else ()
    setup = setup_from_arguments(rules, [1000] * n, **kwargs)
    assert setup.seats == ("in",) * n and setup.stacks == (1000,) * n
    for engine in ENGINES:
        a, b = Hand(rules, [1000] * n, engine=engine, **kwargs), Hand(setup, engine=engine)
        assert a.events == b.events and a.state == b.state and a.deal == b.deal


BAD_SETUPS: list[tuple[str, dict[str, Any], type[Exception], str]] = [
    ("not a rule set", {"rules": "default"}, RuleViolation, "0.1"),
    ("one seat per state", {"seats": ("in", "in")}, RuleViolation, "3.20"),
    ("an unknown seat state", {"seats": ("in", "away", "in", "in", "sitting_out", "in")}, RuleViolation,
     "3.20"),
    ("chips on an empty seat", {"stacks": (1000, 5, 1000, 1000, 800, 1000)}, RuleViolation, "3.1"),
    ("no chips on a seat in", {"stacks": (0, 0, 1000, 1000, 800, 1000)}, RuleViolation, "3.1"),
    ("one seat in", {"seats": ("in", "empty", "sitting_out", "sitting_out", "sitting_out", "sitting_out")},
     RuleViolation, "3.1"),
    ("a button off the table", {"button": 6}, RuleViolation, "3.1"),
    ("a bool button", {"button": True}, RuleViolation, "3.1"),
    ("no big blind", {"posts": (ForcedPost(5, EXTRA, 100),)}, RuleViolation, "3.20"),
    ("two big blinds", {"posts": (ForcedPost(2, BB, 100), ForcedPost(3, BB, 100))}, RuleViolation, "3.20"),
    ("a post by an empty seat", {"posts": (ForcedPost(2, BB, 100), ForcedPost(1, EXTRA, 100))}, RuleViolation,
     "3.20"),
    ("a post by a seat sitting out", {"posts": (ForcedPost(4, BB, 100),)}, RuleViolation, "3.20"),
    ("an unknown kind", {"posts": (ForcedPost(2, BB, 100), ForcedPost(3, "bring_in", 10))}, RuleViolation,
     "3.20"),
    ("a zero amount", {"posts": (ForcedPost(2, BB, 100), ForcedPost(3, ANTE, 0, live=False))}, RuleViolation,
     "3.20"),
    ("a live ante", {"posts": (ForcedPost(2, BB, 100), ForcedPost(3, ANTE, 5))}, RuleViolation, "3.20"),
    ("a dead big blind", {"posts": (ForcedPost(2, BB, 100, live=False),)}, RuleViolation, "3.20"),
    ("two live blinds a seat", {"posts": (ForcedPost(2, BB, 100), ForcedPost(2, EXTRA, 100))}, RuleViolation,
     "3.20"),
    ("an extra blind of another size", {"posts": (ForcedPost(2, BB, 100), ForcedPost(3, EXTRA, 60))},
     RuleViolation, "3.20"),
    ("a small blind after the big blind", {"posts": (ForcedPost(2, BB, 100), ForcedPost(3, SB, 50))},
     RuleViolation, "3.20"),
    ("not a post", {"posts": (ForcedPost(2, BB, 100), (3, "ante", 5))}, RuleViolation, "3.20"),
    ("a straddle not allowed", {"posts": (ForcedPost(2, BB, 100), ForcedPost(3, "straddle", 200))},
     RuleViolation, "3.16"),
    ("bad blinds", {"blinds": (100, 50)}, RuleViolation, "3.10"),
    ("bad bet sizes", {"bet_sizes": (0, 100)}, RuleViolation, "5.2"),
    ("cards for a seat not in", {"hole_cards": (None, ("As", "Kd"), None, None, None, None)}, InvalidCards,
     "4.2"),
    ("a card twice", {"hole_cards": (("As", "Kd"), None, None, None, None, None), "board": ("As",)},
     InvalidCards, "1.1"),
    ("a bad seed", {"seed": 1.5}, RuleViolation, "1.4"),
]  # fmt: skip


@pytest.mark.parametrize(("what", "changes", "error", "section"), BAD_SETUPS, ids=[b[0] for b in BAD_SETUPS])
def test_3_20_a_bad_set_up_is_refused_before_anything_is_built(
    what: str, changes: dict[str, Any], error: type[Exception], section: str
) -> None:
    with pytest.raises(error) as info:
        table(**changes)
    assert info.value.section == section  # type: ignore[attr-defined]


def test_3_20_hand_of_a_set_up_takes_no_other_arguments() -> None:
    with pytest.raises(RuleViolation, match="takes no other arguments"):
        Hand(table(), [1000] * 6)


@pytest.mark.parametrize("engine", ENGINES)
def test_3_20_copies_and_pickles_of_a_set_up_hand_play_on(engine: str) -> None:
    h = Hand(table(), engine=engine)
    h.call()
    for other in (h.copy(), copy.deepcopy(h), pickle.loads(pickle.dumps(h))):
        assert other.events == h.events and other.state == h.state and other.deal == h.deal
        other.check()
        assert other.to_act == 0 and h.to_act == 5
    with pytest.raises(IllegalAction):  # facing the big blind a wager is a raise, not a bet
        h.act("bet", 300)
    assert h.to_act == 5


C_FIELDS = st.integers(-3, 12) | st.sampled_from([2**60 - 1, 2**60, 2**62, -(2**63), 2**63 - 1])


@settings(max_examples=400, deadline=None)
@given(st.data())
def test_3_20_the_c_engine_refuses_any_set_up_struct_out_of_range_and_never_crashes(
    data: st.DataObject,
) -> None:
    """Random ``ph_setup`` structs straight to ``ph_hand_init``: PH_OK, PH_ERR_ARGUMENT or PH_ERR_REFUSED,
    and a hand it accepts is in range (its stacks and posts add up)."""
    from pyholdem.native.hand import native_rules
    from pyholdem.native.lib import ffi, lib

    c = ffi.new("ph_setup *")
    c.seats = data.draw(st.integers(-1, 12), label="seats")
    c.button = data.draw(st.integers(-1, 11), label="button")
    c.n_posts = data.draw(st.integers(-1, lib.PH_MAX_POSTS + 1), label="n_posts")
    for s in range(lib.PH_MAX_SEATS):
        c.in_hand[s] = data.draw(st.integers(0, 2), label="in_hand")
        c.stacks[s] = data.draw(C_FIELDS | st.integers(0, 10**6), label="stack")
    for i in range(min(max(c.n_posts, 0), 12)):
        post = c.posts[i]
        post.seat = data.draw(st.integers(-1, 11), label="seat")
        post.kind = data.draw(st.integers(-1, 6), label="kind")
        post.amount = data.draw(C_FIELDS, label="amount")
        post.live = data.draw(st.integers(-1, 2), label="live")
    c.big_blind, c.small_bet, c.big_bet = (data.draw(C_FIELDS, label="size") for _ in range(3))
    key = ffi.new("char[]", b"\x07\x00\x00\x00")
    c.key, c.key_bytes = key, 4
    cards = ffi.new(
        "uint8_t[]", data.draw(st.lists(st.integers(0, 60), min_size=28, max_size=28), label="cards")
    )
    if data.draw(st.booleans(), label="known cards"):
        c.cards = cards
    h = ffi.new("ph_hand *")
    log = ffi.new("ph_event[]", 4 * lib.PH_STEP_EVENTS)
    status = lib.ph_hand_init(h, native_rules(RuleSet()), c, log, 4 * lib.PH_STEP_EVENTS)
    assert status in (lib.PH_OK, lib.PH_ERR_ARGUMENT, lib.PH_ERR_REFUSED)
    if status == lib.PH_OK:
        n = h.seats
        put_in = sum(h.bets[0:n]) + sum(h.antes[0:n]) + sum(h.dead[0:n]) + sum(h.committed[0:n])
        assert sum(h.stacks[0:n]) + (put_in if not h.over else 0) == sum(c.stacks[0:n])


def test_12_12_a_set_up_the_standard_fields_cannot_hold_is_written_with_its_explicit_set_up() -> None:
    from pyholdem.history.phh import dumps, loads
    from pyholdem.history.record import history_from_hand
    from pyholdem.history.replay import replay

    dead_button = history_from_hand(Hand(table()))
    assert (dead_button.seat_count, dead_button.seats, dead_button.button) == (6, (3, 4, 6, 1), 2)
    assert dead_button.sitting_out == ((5, 800),) and dead_button.blinds == (50, 100)
    posts = (ForcedPost(1, SB, 5), ForcedPost(2, BB, 10), ForcedPost(3, EXTRA, 10))
    extra = history_from_hand(Hand(HandSetup(RuleSet(), (500,) * 4, 0, posts, (5, 10), seed=1)))
    assert extra.posts == (ForcedPost(0, SB, 5), ForcedPost(1, BB, 10), ForcedPost(2, EXTRA, 10))
    for written in (dead_button, extra):
        (back,) = loads(dumps(written))
        assert back == written and replay(back).ok
    keyword = setup_from_arguments(RuleSet(), [500] * 4, button=3, blinds=(5, 10), seed=1)
    plain = history_from_hand(Hand(keyword))
    assert plain.blinds_or_straddles == (5, 10, 0, 0) and plain.button is None and plain.seats is None
    turned = history_from_hand(Hand(setup_from_arguments(RuleSet(), [500] * 4, button=0, blinds=(5, 10))))
    assert turned.blinds_or_straddles == (5, 10, 0, 0) and turned.button == 1  # replayed on its own seats


def test_3_17_a_player_who_posted_a_blind_cannot_post_a_sleeper() -> None:
    rules = RuleSet(sleeper_allowed=True)
    for extra in (ForcedPost(4, EXTRA, 10), ForcedPost(4, SB, 5, live=False)):
        posts = (ForcedPost(1, SB, 5), ForcedPost(2, BB, 10), extra, ForcedPost(4, "sleeper", 20))
        with pytest.raises(RuleViolation, match="seat 4 is the button, a blind or a straddler"):
            Hand(HandSetup(rules, (1000,) * 6, 0, posts, (5, 10), seed=1))
    posts = (ForcedPost(1, SB, 5), ForcedPost(2, BB, 10), ForcedPost(4, "sleeper", 20))
    seats = ("in", "in", "in", "in", "sitting_out", "in")
    with pytest.raises(RuleViolation, match="seat 4 is not in the hand"):
        Hand(HandSetup(rules, (1000,) * 6, 0, posts, (5, 10), seats=seats, seed=1))


@pytest.mark.parametrize("engine", ENGINES)
def test_5_4_a_hand_dealt_to_two_players_at_a_larger_table_lifts_the_cap_when_event_heads_up(
    engine: str,
) -> None:
    """Three seats, one empty: the hand is dealt heads-up, so ``fl_cap_lifted_heads_up =
    "when_event_heads_up"`` lifts the fixed-limit cap; with a third player dealt in it holds."""
    rules = RuleSet(betting_structure="fixed_limit", fl_cap_lifted_heads_up="when_event_heads_up")
    heads_up = HandSetup(
        rules=rules, stacks=(1000, 1000, 0), button=0, seats=("in", "in", "empty"),
        posts=(ForcedPost(0, SB, 5), ForcedPost(1, BB, 10)), blinds=(5, 10), seed=3,
    )  # fmt: skip
    three = HandSetup(
        rules=rules, stacks=(1000, 1000, 1000), button=0, seats=("in", "in", "in"),
        posts=(ForcedPost(1, SB, 5), ForcedPost(2, BB, 10)), blinds=(5, 10), seed=3,
    )  # fmt: skip
    for setup, capped in ((heads_up, False), (three, True)):
        h = Hand(setup, engine=engine)
        while h.state.bet_count < 1 + rules.fl_max_raises:
            h.raise_to(h.legal_actions().min_raise_to)
        assert (h.legal_actions().min_raise_to is None) == capped, setup.seats
