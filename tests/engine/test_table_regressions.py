"""Table sessions found wrong by random and hostile use: each case reproduced, named after its section."""

from __future__ import annotations

import pytest

from pyholdem import Hand, NativeError, RuleViolation, Table, preset
from pyholdem.engine.table import forget_layouts
from pyholdem.history.sessions import table_histories
from pyholdem.spec.table import Positions


def finish(hand: Hand) -> None:
    while not hand.is_over:
        hand.act("check" if hand.legal_actions().check else "fold")


CASH = preset("tda_2024_cash")


def _two_handed(stack: int, engine: str) -> Table:
    t = Table(CASH, 2, blinds=(1, 2), button=0, seed=1, engine=engine)
    t.sit(0, stack)
    t.sit(1, 200)
    return t


def _played(t: Table, hands: int) -> list[tuple[object, ...]]:
    out = []
    for _ in range(hands):
        h = t.next_hand()
        finish(h)
        out.append((h.setup.stacks, h.events, h.result))
    return out


@pytest.mark.parametrize("engine", ["auto", "spec"])
def test_3_20_a_tables_hands_depend_only_on_its_own_state(engine: str) -> None:
    forget_layouts()
    alone = _played(_two_handed(200, engine), 3)
    forget_layouts()
    big = _two_handed(2**63, engine)  # planned first: its layout is the one the next table meets
    big_hand = big.next_hand()  # beyond the C engine's range: played on the spec engine (``Hand``)
    assert big_hand.engine == "spec" and big_hand.stacks[0] == 2**63 - 1  # the small blind posted
    after_big = _played(_two_handed(200, engine), 3)
    assert after_big == alone
    finish(big_hand)
    assert _played(big, 2)[-1][0][0] > 2**62  # the big table plays on, dealt again from its layout


def test_3_20_a_huge_stack_on_the_native_engine_is_a_typed_refusal() -> None:
    forget_layouts()
    _two_handed(200, "native").next_hand()  # the layout is known: the next table deals it again
    t = _two_handed(2**63, "native")
    with pytest.raises(NativeError, match=r"chips or more"):
        t.next_hand()
    assert t.hand_number == 0
    other = _two_handed(200, "native")
    assert other.next_hand().engine == "native"


def test_3_3_first_seated_button_goes_to_the_first_player_who_sat_down() -> None:
    for engine in ("auto", "spec"):
        t = Table(preset("seed_004_online"), 6, blinds=(5, 10), seed=1, engine=engine)
        for seat in (3, 0, 1, 5):
            t.sit(seat, 1000, post="post_bb_now")
        t.next_hand()
        assert t.positions is not None and t.positions.button == 3, engine


def test_3_3_first_seated_forgets_a_player_who_left_before_the_first_hand() -> None:
    t = Table(preset("seed_004_online"), 6, blinds=(5, 10), seed=1)
    for seat in (4, 2, 0, 5):
        t.sit(seat, 1000, post="post_bb_now")
    t.leave(4)
    t.sit(4, 1000, post="post_bb_now")  # back: now the last to sit down
    t.next_hand()
    assert t.positions is not None and t.positions.button == 2


def test_3_9_one_amount_under_explicit_small_blinds_is_refused_as_ambiguous() -> None:
    for engine in ("auto", "spec"):
        with pytest.raises(RuleViolation, match="blinds 15") as info:
            Hand(preset("seed_003_general"), [1000] * 3, button=0, blinds=15, engine=engine)
        assert info.value.section == "3.9"
        single = Hand(preset("seed_003_general"), [1000] * 3, button=0, blinds=(15,), engine=engine)
        assert [(e.seat, e.amount) for e in single.events if e.kind == "blind"] == [(1, 15)]
        derived = Hand(preset("seed_004_online"), [1000] * 3, button=0, blinds=5, engine=engine)
        assert [(e.seat, e.amount) for e in derived.events if e.kind == "blind"] == [(1, 2), (2, 5)]


@pytest.mark.parametrize("engine", ["auto", "spec"])
def test_3_23_from_heads_up_the_button_is_never_the_big_blind(engine: str) -> None:
    rules = preset("seed_003_general").replace(new_player_entry=("wait_button_then_post",))
    t = Table(rules, 3, blinds=(5, 10), button=1, seed=1, engine=engine)
    t.sit(0, 1000, post="wait_button_then_post")
    t.sit(1, 1000, post="wait_button_then_post")
    finish(t.next_hand())
    assert t.positions == Positions(1, 1, 0)
    t.sit(2, 788, post="wait_button_then_post")
    hand = t.next_hand()  # seat 2 would join on the button: he waits, heads-up once more
    assert t.positions == Positions(0, 0, 1) and hand.setup.seats == ("in", "in", "sitting_out")
    finish(hand)
    hand = t.next_hand()  # the big blind reaches him
    assert t.positions == Positions(0, 1, 2) and hand.setup.seats == ("in",) * 3


@pytest.mark.parametrize("rule", ["dead", "moving", "frozen_on_blind_bust"])
@pytest.mark.parametrize("mode", ["cash", "tournament"])
def test_3_23_heads_up_to_three_handed_keeps_button_and_big_blind_apart(rule: str, mode: str) -> None:
    for first in (0, 1):
        for new_seat in (1, 3):  # between the heads-up players either way round
            rules = preset("tda_2024_cash").replace(mode=mode, button_rule=rule)
            t = Table(rules, 4, blinds=(5, 10), button=first, seed=2)
            t.sit(0, 1000, post="wait_bb")
            t.sit(2, 1000, post="wait_bb")
            finish(t.next_hand())
            last_big = t.positions.big_blind  # type: ignore[union-attr]
            t.sit(new_seat, 1000, post="wait_bb")
            for _ in range(3):
                hand = t.next_hand()
                p = t.positions
                assert p is not None
                assert sum(s == "in" for s in hand.setup.seats) < 3 or p.button != p.big_blind
                if rule == "dead":
                    assert p.big_blind != last_big
                last_big = p.big_blind
                finish(hand)


def test_9_18_a_chip_unit_set_between_hands_is_in_the_histories_and_the_session_replays() -> None:
    from pyholdem.history.phh import dumps_many, loads
    from pyholdem.history.replay import replay_session
    from pyholdem.history.table_checks import session_problems

    rules = preset("tda_2024")
    t = Table(rules, 4, blinds=(50, 100), button=0, seed=1)
    for seat in range(4):
        t.sit(seat, 10_000)
    for _ in range(2):
        hand = t.next_hand()
        hand.raise_to(230)  # a raise the later chip unit of 25 would refuse
        finish(hand)
    t.set_rules(rules.replace(chip_unit=25))
    t.set_stakes((100, 200))
    for _ in range(2):
        finish(t.next_hand())
    histories = table_histories(t)
    assert [h.extra.get("_chip_unit") for h in histories] == [None, None, 25, 25]
    assert t.rules_at_start is rules and session_problems(t) == []
    result = replay_session(loads(dumps_many(histories), many=True), rules)
    assert all(r.ok for r in result.hands) and result.break_index is None


def test_9_18_set_rules_changes_only_the_chip_unit() -> None:
    t = Table(preset("tda_2024"), 4, blinds=(50, 100), button=0, seed=1)
    with pytest.raises(RuleViolation, match="button_rule") as info:
        t.set_rules(preset("tda_2024").replace(button_rule="moving", chip_unit=5))
    assert info.value.section == "9.18" and t.rules == preset("tda_2024")


def _play_on(t: Table, hands: int, seed: int) -> str:
    import random

    from pyholdem.engine.table import _random_action
    from pyholdem.history.phh import dumps_many

    rng = random.Random(seed)
    for k in range(hands):
        for seat in t.without_chips:
            t.add_chips(seat, 1000)
            t.back(seat)
        hand = t.hand if k == 0 and t.hand_running else t.next_hand()
        while not hand.is_over:  # type: ignore[union-attr]
            _random_action(hand, rng)  # type: ignore[arg-type]
    return dumps_many(table_histories(t)) + repr(t.seats) + repr(t.ledger)


@pytest.mark.parametrize("engine", ["auto", "spec"])
def test_3_18_a_table_pickles_and_deep_copies_mid_hand_and_plays_on_identically(engine: str) -> None:
    import copy
    import pickle

    from pyholdem.engine.table import random_session

    for copier in (lambda t: pickle.loads(pickle.dumps(t)), copy.deepcopy):
        t = random_session(preset("tda_2024_cash"), 6, 20, 3, engine=engine)
        hand = t.next_hand()
        hand.act("call" if not hand.legal_actions().check else "check")
        other = copier(t)
        assert other.hand is other.hands[-1] and other.hand is not hand
        assert other.seats == t.seats and other.chips_in == t.chips_in
        assert _play_on(other, 15, 9) == _play_on(t, 15, 9)
