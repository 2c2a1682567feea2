"""Declarations and the clock on a live hand (spec 11 through spec 10's events): recorded, replayed."""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest

from pyholdem import Hand, IllegalAction, InvalidCards, RuleSet, RuleViolation, preset
from pyholdem.engine.declare import call_clock, declare, disconnect
from pyholdem.engine.hand import _native_hand_class
from pyholdem.engine.live import LiveHand, replay_live
from pyholdem.engine.setup import setup_from_arguments
from pyholdem.history.live import history_from_data, history_to_data
from pyholdem.spec.declarations import CallClock, Declaration, Disconnect, RunClock
from pyholdem.spec.irregularities import WrongCardCount

LIVE = RuleSet(live_play_layer=True)
NATIVE = _native_hand_class() is not None
ENGINES = ["spec", pytest.param("native", marks=pytest.mark.skipif(not NATIVE, reason="no C core"))]


def live(name: str | None = None) -> RuleSet:
    return (preset(name) if name else RuleSet()).replace(live_play_layer=True)


def hand(rules: RuleSet = LIVE, n: int = 4, seed: object = 5, **kw: object) -> LiveHand:
    return LiveHand(setup_from_arguments(rules, [1000] * n, button=0, blinds=(5, 10), seed=seed), **kw)


def total(h: LiveHand) -> int:
    return sum(h.stacks) + h.pot_total()


def same(a: LiveHand, b: LiveHand) -> bool:
    return (a.places(), a.stacks, a.to_act, a.rulings, a.result) == (
        b.places(),
        b.stacks,
        b.to_act,
        b.rulings,
        b.result,
    )


def test_11_1_declarations_on_a_live_hand_bind_and_replay() -> None:
    h = hand()
    ruling = h.declare(3, chips=(100,))  # one big chip: a call (seed 002 rule 8)
    assert (ruling.section, ruling.outcome) == ("11.2", "call")
    assert ruling.changes["action"] == ("call", 10) and ruling.changes["returned"] == 90
    assert h.declare(0, ("raise", 40)).changes["action"] == ("raise", 40)
    assert h.declare(1, "call").section == "11.1" and h.stacks[1] == 960
    assert h.apply(Declaration(2, 35)).section == "11.6"  # an amount alone, 5 over the call: a call
    assert h.declare(3, chips=(10, 10, 5, 5)).changes["action"] == ("call", 40)
    assert h.street == "flop" and h.steps[-1] == ("event", Declaration(3, None, (10, 10, 5, 5)))
    assert not any(step[0] == "act" for step in h.steps)  # the actions are the events'
    while not h.is_over:
        h.declare(h.to_act, "check")  # type: ignore[arg-type]
    assert sum(h.result.stacks) == 4000  # type: ignore[union-attr]
    again = replay_live(h.history)
    assert same(again, h)
    text = json.dumps(history_to_data(h.history))
    assert same(replay_live(history_from_data(json.loads(text))), h)


def test_11_1_declarations_are_kept_in_the_phh_live_record() -> None:
    from pyholdem.history.live import live_from_history, live_history
    from pyholdem.history.phh import dumps, loads

    h = hand(live("seed_002_sng_addon"), seed="phh-declare")
    h.declare(3, chips=(25,))
    h.declare(0, "raise", (50,))
    h.declare(1, "fold")
    h.declare(2, "call")
    h.declare(3, "call")
    (read,) = loads(dumps(live_history(h)))
    assert same(live_from_history(read), h)


def test_11_1_a_refused_declaration_changes_nothing_on_a_live_hand() -> None:
    h = hand()
    before = (h.places(), h.stacks, h.to_act, list(h.steps), list(h.rulings))
    with pytest.raises(IllegalAction, match=r"§11\.1"):
        h.declare(3, "shove")
    with pytest.raises(IllegalAction, match="more than the stack"):
        h.declare(3, chips=(5000,))
    with pytest.raises(RuleViolation, match=r"live_play_layer"):
        hand(RuleSet()).declare(3, "call")
    with pytest.raises(RuleViolation, match=r"declared aloud"):
        hand(live("seed_000_bill_limit")).declare(3, chips=(10,))
    with pytest.raises(RuleViolation, match=r"needs a hand in its betting"):
        hand(deal=False).declare(3, "call")
    assert (h.places(), h.stacks, h.to_act, list(h.steps), list(h.rulings)) == before


def test_11_10_check_facing_a_bet_on_a_live_hand_binds_to_call_or_fold() -> None:
    h = hand()
    ruling = h.declare(3, "check")
    assert (ruling.section, ruling.outcome, ruling.changes["allowed"]) == (
        "11.10",
        "choose",
        ("call", "fold"),
    )
    assert h.to_act == 3 and h.stacks == (1000, 995, 990, 1000)


def test_11_1_a_declaration_out_of_turn_on_a_live_hand_goes_to_6_10() -> None:
    h = hand()
    ruling = h.declare(1, "fold")  # the small blind folds before seat 3 acts
    assert ruling.changes["out_of_turn"] and h.to_act == 3
    h.declare(3, "call")
    h.declare(0, "call")
    assert h.engine is not None and h.engine.record.state.folded[1]  # bound when his turn came
    h.act("check", seat=3)  # an action out of turn through act(seat=...) too
    assert h.steps[-1] == ("act", "check", None, 3)
    assert same(replay_live(h.history), h)


def test_11_5_undercall_ruled_a_fold_then_a_pending_out_of_turn_raise_binds() -> None:
    """His fold does not change the action, so the raise made out of turn before it binds (§6.10): the
    pot gains the forfeit (dead money, §11.5) and the raise, and every chip is accounted for."""
    h = hand(n=5)
    h.act("raise", 20)
    h.act("fold")
    assert h.declare(1, ("raise", 40)).changes["out_of_turn"]  # the small blind, before the button
    before, pot = total(h), h.pot_total()
    ruling = h.declare(0, chips=(6,), undercall_ruling="fold")  # 6 of 20: below the opening 10
    assert (ruling.section, ruling.outcome, ruling.changes["forfeited"]) == ("11.5", "fold", 6)
    assert h.stacks == (994, 960, 990, 980, 1000) and h.state.dead == [6, 0, 0, 0, 0]
    assert h.pot_total() == pot + 6 + 35 == 76 and total(h) == before
    assert [e.kind for e in h.events[-4:]] == ["forfeit", "fold", "out_of_turn_binds", "raise"]
    while not h.is_over:
        h.act("call" if h.legal_actions().call is not None else "check")
    assert h.result is not None and sum(h.result.stacks) == 5000
    assert same(replay_live(h.history), h)


@pytest.mark.parametrize(
    ("chips", "ruling", "words"),
    [
        ((6,), None, "undercall ruling None is not 'call' or 'fold' (§11.5)"),
        ((6,), "muck", "undercall ruling 'muck' is not 'call' or 'fold' (§11.5)"),
        ((float("nan"),), "fold", "chips (nan,) are not a sequence of chip values > 0 (§11.1)"),
        ((-6,), "fold", "chips (-6,) are not a sequence of chip values > 0 (§11.1)"),
        ((True,), "fold", "chips (True,) are not a sequence of chip values > 0 (§11.1)"),
        ((10**30,), "fold", "more than the stack 1000 (§11.1)"),
    ],
)
def test_11_5_a_bad_undercall_is_refused_naming_the_value_and_changes_nothing(
    chips: tuple[object, ...], ruling: object, words: str
) -> None:
    h = hand()
    h.act("raise", 20)
    before = (h.places(), h.stacks, h.to_act, list(h.steps), list(h.events), h.pot_total())
    with pytest.raises(IllegalAction) as refused:
        h.declare(0, chips=chips, undercall_ruling=ruling)  # type: ignore[arg-type]
    assert words in str(refused.value)
    assert (h.places(), h.stacks, h.to_act, list(h.steps), list(h.events), h.pot_total()) == before


@pytest.mark.parametrize("chips", [0, -1, 6.0, True, None, "6", 1000])
def test_11_5_a_forfeit_outside_the_stack_is_refused_and_changes_nothing(chips: object) -> None:
    h = hand()
    h.act("raise", 20)
    before = (h.places(), h.stacks, h.to_act, list(h.steps), h.pot_total())
    with pytest.raises(RuleViolation, match=r"seat 0 cannot forfeit .* chips: 1 to 999 \(§11\.5\)"):
        h.fold_forfeiting(chips)  # type: ignore[arg-type]
    assert (h.places(), h.stacks, h.to_act, list(h.steps), h.pot_total()) == before


def test_11_5_undercall_ruled_a_fold_forfeits_chips_on_a_live_hand() -> None:
    h = hand()
    h.declare(3, "call")
    h.declare(0, ("raise", 40))
    before = total(h)
    ruling = h.declare(1, chips=(20,), undercall_ruling="fold")  # not the opening bet, multi-way
    assert (ruling.section, ruling.outcome) == ("11.5", "fold")
    assert ruling.changes["forfeited"] == 5 and ruling.changes["returned"] == 15  # up to the opening 10
    assert h.stacks[1] == 990 and h.engine is not None and h.engine.record.state.dead[1] == 5
    assert total(h) == before and h.pot_total() == 5 + 5 + 10 + 10 + 40
    assert h.events[-2].kind == "forfeit" and h.events[-1].kind == "fold"
    h.declare(2, "call")
    h.declare(3, "call")
    while not h.is_over:
        h.act("check")
    result = h.result
    assert result is not None and sum(result.stacks) == 4000
    assert sum(p.amount for p in result.pots) == 4 * 0 + 5 + 5 + 40 * 3
    assert same(replay_live(h.history), h)
    text = json.dumps(history_to_data(h.history))
    assert same(replay_live(history_from_data(json.loads(text))), h)
    from pyholdem.history.live import live_from_history, live_history
    from pyholdem.history.phh import dumps, loads

    phh = dumps(live_history(h))
    assert '"p1 f # forfeits 5 chips as dead money (§11.5)"' in phh  # PHH has no dead-money action
    (read,) = loads(phh)
    assert same(live_from_history(read), h)


@pytest.mark.parametrize("engine", ENGINES)
def test_11_5_a_plain_hand_still_refuses_a_forfeiting_undercall(engine: str) -> None:
    h = Hand(LIVE, [1000] * 4, button=0, blinds=(5, 10), seed=5, engine=engine)
    declare(h, 3, "call")
    declare(h, 0, ("raise", 40))
    with pytest.raises(RuleViolation, match=r"forfeits 5 chips on a Hand.*\(§11\.5\)"):
        declare(h, 1, chips=(20,), undercall_ruling="fold")
    assert h.to_act == 1 and h.stacks == (960, 995, 990, 990)


def test_11_7_unaware_of_a_raise_on_a_live_hand_takes_the_chips_back() -> None:
    h = hand(live("seed_002_sng_addon"))
    h.declare(3, ("raise", 30))
    ruling = h.declare(0, chips=(10, 10), unaware_of_raise=True)
    assert (ruling.section, ruling.outcome, ruling.changes["returned"]) == ("11.7", "withdrawn", 20)
    assert h.to_act == 0 and h.stacks[0] == 1000


@pytest.mark.parametrize("engine", ENGINES)
def test_11_8_forward_motion_binds_only_when_it_induced_action_on_a_hand(engine: str) -> None:
    h = Hand(LIVE, [1000] * 4, button=0, blinds=(5, 10), seed=5, engine=engine)
    ruling = declare(h, 3, chips=(100,), released=False)  # moved forward, not let go: no action
    assert (ruling.action, ruling.section, ruling.returned) == (None, "11.8", 100) and h.to_act == 3
    with pytest.raises(RuleViolation, match=r"induced nothing.*\(§11\.8\)"):
        declare(h, 3, chips=(100,), released=False, induced_out_of_turn=True)
    with pytest.raises(IllegalAction, match=r"§11\.8"):
        declare(h, 3, "raise", (100,), released=False)
    with pytest.raises(IllegalAction, match=r"not to act.*§11\.8"):
        declare(h, 0, chips=(100,), released=False)
    declare(h, 0, "fold")  # the motion made the button fold out of turn (§6.10)
    ruling = declare(h, 3, chips=(100,), released=False, induced_out_of_turn=True)
    assert (ruling.action, ruling.section) == (("call", 10), "11.8")  # read as released (§11.2)
    assert h.to_act == 1 and h.state.folded[0]  # the button's fold bound in turn


def test_11_8_forward_motion_on_a_live_hand() -> None:
    h = hand()
    assert h.declare(3, chips=(50, 50), released=False).outcome == "no_action"
    h.declare(0, "fold")
    ruling = h.declare(3, chips=(50, 50), released=False, induced_out_of_turn=True)
    assert (ruling.section, ruling.outcome, ruling.changes["action"]) == ("11.8", "raise", ("raise", 100))
    assert same(replay_live(h.history), h)


def test_11_12_the_clock_on_a_live_hand_seed_001() -> None:
    h = hand(live("seed_001_event"))
    with pytest.raises(RuleViolation, match=r"has not been called.*\(§11\.12\)"):
        h.run_clock(10)
    with pytest.raises(RuleViolation, match=r"seated at the table when the hand was dealt"):
        h.call_clock(0, seated_when_dealt=False)
    ruling = h.call_clock(600)
    assert (ruling.section, ruling.outcome, ruling.changes) == (
        "11.12",
        "on_clock",
        {"seat": 3, "time_left_s": 90},
    )
    assert h.run_clock(650).changes["time_left_s"] == 40 and h.to_act == 3
    with pytest.raises(RuleViolation, match=r"before the clock was called"):
        h.run_clock(599)
    ruling = h.run_clock(690)
    assert (ruling.outcome, ruling.changes["timed_out"]) == ("timed_out", "fold") and h.to_act == 0
    h.apply(CallClock(700))
    h.declare(0, "call")
    assert h.apply(RunClock(800)).outcome == "acted"  # he acted in time: nothing changes
    again = replay_live(history_from_data(json.loads(json.dumps(history_to_data(h.history)))))
    assert same(again, h) and again.steps == h.steps


@pytest.mark.parametrize(
    ("call", "section"),
    [(lambda h: call_clock(h, 600), "11.12"), (lambda h: disconnect(h, 8, 3), "11.13")],
)
def test_11_12_no_clock_before_the_deal_is_complete(call: Callable[[LiveHand], object], section: str) -> None:
    h = hand(live("seed_004_online"), deal=False)
    before = (h.to_act, h.steps, h.rulings)
    with pytest.raises(IllegalAction, match=rf"nobody is to act before the deal is complete \(§{section}\)"):
        call(h)
    with pytest.raises(RuleViolation, match=rf"the deal is not complete \(§{section}\)"):
        h.call_clock(600) if section == "11.12" else h.disconnect(8, 3)
    assert (h.to_act, h.steps, h.rulings) == before


def test_11_13_disconnection_on_a_live_hand_seed_004() -> None:
    h = hand(live("seed_004_online"))
    ruling = h.disconnect(8, 3)
    assert (ruling.section, ruling.outcome, ruling.changes["time_left_s"]) == ("11.13", "resume", 25)
    assert h.disconnect(8).changes["timed_out"] == "fold"  # seat 3 had put nothing in
    h.declare(0, "call")
    ruling = h.apply(Disconnect(8, 9))
    assert ruling.changes == {"seat": 1, "timed_out": "freeze"}  # the small blind is in: all-in
    assert total(h) == 4000 and same(replay_live(h.history), h)


def test_10_5_three_cards_nobody_reports_stop_the_showdown_until_ruled() -> None:
    h = hand(deal=False)
    h.cut_deck(None)
    for seat in (1, 2, 3, 1, 1, 2, 3, 0):  # seat 1 gets three cards, the button one
        h.deal_hole(seat)
    assert h.apply(WrongCardCount(0, 1)).outcome == "complete"  # the button, before he acts
    for kind in ("call", "call", "call", "check"):
        h.act(kind)
    while not (h.street == "river" and h.to_act == 0):
        h.act("check")
    before = (h.places(), h.stacks, h.to_act, len(h.steps))
    with pytest.raises(InvalidCards, match=r"seat 1 holds 3 hole cards.*\(§10\.5\)"):
        h.act("check")  # the last check of the river: no showdown on seat 1's first two cards
    assert (h.places(), h.stacks, h.to_act, len(h.steps)) == before
    assert h.apply(WrongCardCount(1, 3)).outcome == "dead"  # after SA (§10.2): his hand is dead
    h.act("check")
    result = h.result
    assert result is not None and result.showdown and 1 not in result.shown
    assert sum(result.stacks) == 4000 and same(replay_live(h.history), h)
