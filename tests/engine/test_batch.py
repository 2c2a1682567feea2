"""``HandBatch`` against ``Hand``: every row is stepped alongside a ``Hand`` of the same set-up and seed
(on the C engine, or the spec engine, the oracle), with random actions, legal and illegal; after every step
each row's observation equals what the hand answers, each refusal code names the section ``Hand``'s
refusal names, and a row read back (``to_hand``) is the hand itself, events and result included (specs
03–08, §1.4 deals)."""

from __future__ import annotations

import gc
from typing import Any

import numpy as np
from hypothesis import assume, event, given, settings
from hypothesis import strategies as st

from pyholdem import Hand, HandBatch, IllegalAction, PyHoldemError, RuleSet, simulate
from pyholdem.engine.batch import (
    CALL,
    CHECK,
    FOLD,
    NO_ACTION,
    RAISE,
    REFUSALS,
    SECTIONS,
    BatchObservation,
)
from pyholdem.engine.policies import hand_seed
from pyholdem.engine.setup import HandSetup, setup_from_arguments, with_stacks
from pyholdem.history.record import history_from_hand
from pyholdem.native.batch import HAND_BYTES
from pyholdem.native.lib import lib
from pyholdem.spec.betting import ACTIONS
from tests.native.test_hand_lockstep import explicit_setups, setups

SIX = [1000] * 6


@st.composite
def batch_setups(draw: st.DrawFn) -> HandSetup:
    """A set-up the C engine plays, without cards or seed (a batch deals every row from its seed)."""
    if draw(st.booleans()):
        fields = dict(draw(explicit_setups(short=draw(st.booleans())))["setup"])
        fields.update(seed=None, hole_cards=None, board=())
        try:
            setup = HandSetup(**fields)
        except PyHoldemError:
            assume(False)
    else:
        args = dict(draw(setups(short=draw(st.booleans()))))
        for name in ("seed", "hole_cards", "board"):
            args.pop(name)
        try:
            setup = setup_from_arguments(args.pop("rules"), args.pop("stacks"), **args)
        except PyHoldemError:
            assume(False)
    setup = with_stacks(setup, tuple(int(s) for s in setup.stacks), None)
    try:
        Hand(with_stacks(setup, setup.stacks, 0), engine="native")
    except PyHoldemError:
        assume(False)
    return setup


def hand_view(hand: Hand, width: int) -> dict[str, Any]:
    """What row ``i`` of a ``BatchObservation`` must hold for ``hand``."""
    n = len(hand.initial_stacks)
    pad = width - n
    view: dict[str, Any] = {
        "done": hand.is_over,
        "to_act": -1,
        "legal": 0,
        "call": 0,
        "min_to": 0,
        "max_to": 0,
    }
    if not hand.is_over:
        legal = hand.legal_actions()
        view["to_act"] = legal.seat
        view["legal"] = 1 | legal.check << CHECK | (legal.call is not None) << CALL
        if legal.min_raise_to is not None:
            view["legal"] |= 1 << (3 if legal.is_bet else RAISE)
            view["min_to"], view["max_to"] = legal.min_raise_to, legal.max_raise_to
        view["call"] = legal.call or 0
    state = hand.state
    view["pot"] = hand.pot_total()
    view["stacks"] = list(hand.stacks) + [0] * pad
    view["bets"] = list(state.bets) + [0] * pad
    view["folded"] = list(state.folded) + [True] * pad
    view["street"] = state.street
    board = [int(c) for c in hand.board]
    view["board"] = board + [-1] * (5 - len(board))
    view["holes"] = [[int(c) for c in h] if h else [-1, -1] for h in hand.deal.holes] + [[-1, -1]] * pad
    view["revealed"] = sum(1 << s for s in {e.seat for e in hand.events if e.kind == "show"})
    return view


def row_view(obs: BatchObservation, i: int) -> dict[str, Any]:
    names = (
        "done", "to_act", "legal", "call", "min_to", "max_to", "pot", "stacks", "bets", "folded", "street",
        "board", "holes", "revealed",
    )  # fmt: skip
    return {name: getattr(obs, name)[i].tolist() for name in names}


def assert_rows_match(batch: HandBatch, hands: list[Hand | None], results: dict[int, Any]) -> None:
    obs = batch.observe()
    for i, hand in enumerate(hands):
        if hand is None:
            continue
        assert row_view(obs, i) == hand_view(hand, batch.width), f"row {i}"
        assert obs.actions[i] == sum(e.kind in ACTIONS for e in hand.events)
        if hand.is_over:
            result = hand.result
            assert result is not None
            assert obs.net[i, : len(result.net)].tolist() == list(result.net)
            assert bool(obs.showdown[i]) == result.showdown
            results[i] = result


def draw_action(draw: st.DrawFn, hand: Hand, unit: int) -> tuple[int, int]:
    """A kind and amount for the hand: mostly a legal action (a bet or raise at or between its bounds),
    else anything — no action, an unknown kind, a kind not allowed, amounts off the bounds or the unit,
    negative or huge."""
    if draw(st.integers(0, 4)) == 0 or hand.is_over:
        kind = draw(st.sampled_from([NO_ACTION, -2, 5, 127, 2**40, *range(5)]))
        amount = draw(st.sampled_from([0, -1, -(2**62), 1, 7, 2**62, 2**63 - 1]) | st.integers(-50, 5000))
        return kind, amount
    legal = hand.legal_actions()
    if legal.min_raise_to is None and draw(st.integers(0, 2)) == 0:  # a bet or raise where none is allowed
        return draw(st.sampled_from([3, RAISE])), hand.stacks[legal.seat] + hand.state.bets[legal.seat]
    if draw(st.integers(0, 5)) == 0:  # the other kinds, allowed or not
        return draw(st.sampled_from([CHECK, CALL, 3, RAISE])), draw(st.integers(0, 2 * hand.pot_total() + 2))
    kinds = [FOLD] + [CHECK] * legal.check + [CALL] * (legal.call is not None)
    if legal.min_raise_to is not None:
        kinds += [3 if legal.is_bet else RAISE] * 2
    kind = draw(st.sampled_from(kinds))
    amount = 0
    if kind >= 3:
        low, high = legal.min_raise_to, legal.max_raise_to
        assert low is not None and high is not None
        amount = draw(
            st.sampled_from([low, high, low - 1, high + 1, low + unit])
            | st.integers(low, high).map(lambda a: low + (a - low) // unit * unit)
        )
    return kind, amount


def hand_refusal(hand: Hand, kind: int, amount: int) -> str | None:
    """Act on ``hand``; the section of its refusal, or None when it took the action."""
    name: Any = ACTIONS[kind] if 0 <= kind < 5 else kind
    try:
        hand.act(name, amount if kind >= 3 and kind < 5 else None)
    except IllegalAction as error:
        return error.section
    return None


@settings(max_examples=300)
@given(st.data())
def test_rows_step_as_hands_with_the_same_set_up_and_seed(data: st.DataObject) -> None:
    draw = data.draw
    chosen = draw(st.lists(batch_setups(), min_size=1, max_size=3))
    seeded = [
        with_stacks(s, s.stacks, draw(st.integers(0, 2**96 - 1))) if draw(st.booleans()) else s
        for s in chosen
    ]
    seed = draw(st.integers(0, 2**64 - 1))
    engine = draw(st.sampled_from(["auto", "auto", "spec"]))
    batch = HandBatch(
        seeded, seed=seed, threads=draw(st.integers(1, 3)), history=draw(st.sampled_from([1, 3, 32]))
    )
    hands: list[Hand | None] = [
        Hand(with_stacks(s, s.stacks, s.seed if s.seed is not None else hand_seed(seed, i)), engine=engine)
        for i, s in enumerate(seeded)
    ]
    results: dict[int, Any] = {}
    assert_rows_match(batch, hands, results)
    for _ in range(draw(st.integers(1, 40))):
        live = [h for h in hands if h is not None and not h.is_over]
        if not live and draw(st.booleans()):
            break
        choices = [draw_action(draw, h, h.rules.chip_unit) for h in hands if h is not None]
        kinds, amounts = (np.array(x, dtype=np.int64) for x in zip(*choices, strict=True))
        subset = draw(st.booleans())
        rows = (
            np.array(sorted(draw(st.sets(st.integers(0, len(hands) - 1)))), dtype=np.int64)
            if subset
            else None
        )
        stepped = range(len(hands)) if rows is None else rows.tolist()
        before = batch.observe()
        snapshot = {name: getattr(before, name).copy() for name in ("stacks", "to_act", "done")}
        step = batch.step(
            kinds if rows is None else kinds[rows], amounts if rows is None else amounts[rows], rows=rows
        )
        for j, i in enumerate(stepped):
            hand, kind, amount = hands[i], int(kinds[i]), int(amounts[i])
            assert hand is not None
            code = int(step.errors[j])
            if kind == NO_ACTION:
                assert code == 0
                continue
            was_over = hand.is_over
            section = hand_refusal(hand, kind, amount)
            if section is None:
                assert code == 0, (i, kind, amount, REFUSALS[code])
                assert bool(step.finished[j]) == hand.is_over
            else:
                assert code != 0 and SECTIONS[code] == section, (i, kind, amount, REFUSALS[code], section)
                event(f"refusal {code} (§{section})")
                assert code != lib.PH_REFUSAL_OVER or was_over
                assert not step.finished[j]
                assert batch.observe().stacks[i].tolist() == snapshot["stacks"][i].tolist()
        ended = [i for j, i in enumerate(stepped) if step.finished[j]]
        assert step.ended.tolist() == ended
        assert_rows_match(batch, hands, results)
        for k, i in enumerate(ended):
            assert step.net[k, : len(results[i].net)].tolist() == list(results[i].net)
    for i, hand in enumerate(hands):
        assert hand is not None
        again = batch.to_hand(i)
        assert again.events == hand.events and again.state == hand.state and again.result == hand.result
        assert batch.setup(i).seed == hand.setup.seed if hand.setup is not None else True


def random_agent(obs: BatchObservation, rng: np.random.Generator) -> tuple[np.ndarray, np.ndarray]:
    """The benchmark's random policy in NumPy: check 60 %, call 15 %, bet or raise up to 3x the minimum 10 %,
    else check or fold."""
    n = len(obs.to_act)
    u = rng.random(n)
    legal = obs.legal
    can_check, can_call = (legal & 2) > 0, (legal & 4) > 0
    can_raise = (legal & 24) > 0
    kinds = np.where(can_check, CHECK, FOLD)
    kinds = np.where(can_call & ~(can_check & (u < 0.6)) & (u < 0.75), CALL, kinds)
    wager = can_raise & ~(can_check & (u < 0.6)) & ~(can_call & (u < 0.75)) & (u < 0.85)
    kinds = np.where(wager, np.where(legal & 8, 3, RAISE), kinds)
    low, high = obs.min_to, obs.max_to
    cap = np.maximum(np.minimum(high, 3 * low), low)
    amounts = low + (rng.random(n) * (cap - low + 1)).astype(np.int64)
    kinds = np.where(obs.done, NO_ACTION, kinds)
    return kinds.astype(np.int64), np.where(wager, amounts, 0)


def test_auto_reset_deals_each_next_hand_by_number_and_reports_every_result() -> None:
    """With ``auto_reset`` every finished row is dealt hand ``k`` of the seed next (rows in order), and each
    finished hand's result comes back once in ``ended``: the hands ``Hand(seed=hand_seed(seed, k))`` plays."""
    seed, n = 77, 5
    batch = HandBatch(RuleSet(), n, [300, 40, 1000, 5], button=1, blinds=(5, 10), seed=seed, auto_reset=True)
    hands = [
        Hand(RuleSet(), [300, 40, 1000, 5], button=1, blinds=(5, 10), seed=hand_seed(seed, i))
        for i in range(n)
    ]
    number, played, rng = n, 0, np.random.default_rng(3)
    for _ in range(300):
        kinds, amounts = random_agent(batch.observe(), rng)
        step = batch.step(kinds, amounts)
        assert not step.errors.any()
        for i in range(n):
            if kinds[i] != NO_ACTION:
                hands[i].act(ACTIONS[kinds[i]], int(amounts[i]) if kinds[i] >= 3 else None)
        assert step.ended.tolist() == [i for i in range(n) if hands[i].is_over]
        for k, i in enumerate(step.ended.tolist()):
            result = hands[i].result
            assert result is not None and step.net[k].tolist() == list(result.net)
            assert bool(step.showdown[k]) == result.showdown
            hands[i] = Hand(
                RuleSet(), [300, 40, 1000, 5], button=1, blinds=(5, 10), seed=hand_seed(seed, number)
            )
            number += 1
            played += 1
        assert_rows_match(batch, list(hands), {})
    assert played > 20 and batch.row_seed(0) == hands[0].setup.seed  # type: ignore[union-attr]


def test_threads_split_the_rows_with_the_same_arrays_as_one() -> None:
    boards = []
    for threads in (1, 3):
        batch = HandBatch(
            RuleSet(), 500, SIX, button=0, blinds=(5, 10), seed=5, threads=threads, auto_reset=True
        )
        rng = np.random.default_rng(11)
        ended = []
        for _ in range(30):
            step = batch.step(*random_agent(batch.observe(), rng))
            ended.append((step.ended.tolist(), step.net.tolist()))
        obs = batch.observe()
        boards.append((ended, {name: getattr(obs, name).tolist() for name in obs.__dataclass_fields__}))
    assert boards[0] == boards[1]


def test_a_row_deals_the_hand_simulate_deals_under_the_same_seed() -> None:
    """Hand ``k`` of the seed is ``simulate``'s hand ``k`` (its seed ``hand_seed(seed, k)``, §1.4)."""
    batch = HandBatch(RuleSet(), 40, SIX, button=0, blinds=(5, 10), seed=9)
    recorded = simulate(RuleSet(), 40, SIX, button=0, blinds=(5, 10), seed=9, record=range(40)).records
    holes = batch.observe().holes
    for k, hand in recorded.items():
        assert holes[k].tolist() == [[int(c) for c in h] for h in hand.deal.holes]


def test_strict_raises_the_hands_refusal_naming_the_row_and_changes_nothing() -> None:
    batch = HandBatch(RuleSet(), 3, SIX, button=0, blinds=(5, 10), seed=1)
    before = batch.observe().stacks.copy()
    kinds = np.array([CALL, CHECK, CALL])
    try:
        batch.step(kinds, strict=True)
    except IllegalAction as error:
        assert error.section == "6.6" and str(error).startswith(
            "row 1: check is not allowed facing a bet of 10"
        )
    else:
        raise AssertionError("strict step took a check facing the big blind")
    assert (batch.observe().stacks == before).all() and batch.observe().actions.sum() == 0
    step = batch.step(np.array([CALL, CALL, CALL]), strict=True)
    assert not step.errors.any() and batch.observe().actions.tolist() == [1, 1, 1]


def test_the_per_seat_view_hides_the_other_players_cards() -> None:
    batch = HandBatch(RuleSet(), 4, [100, 100, 100], button=0, blinds=(5, 10), seed=3)
    full = batch.observe().holes
    mine = batch.observe(seat=1).holes
    assert (mine[:, 1] == full[:, 1]).all() and (mine[:, [0, 2]] == -1).all()
    acting = batch.observe(seat="to_act")
    assert (acting.holes[np.arange(4), acting.to_act] == full[np.arange(4), acting.to_act]).all()
    by_row = batch.observe(seat=np.array([0, 1, 2, 0])).holes
    assert by_row[2, 2].tolist() == full[2, 2].tolist() and (by_row[2, :2] == -1).all()
    # all in and called: both hands face up (§4.6), seen from any seat
    batch.step(np.array([RAISE, NO_ACTION, NO_ACTION, NO_ACTION]), np.array([100, 0, 0, 0]))
    batch.step(np.array([CALL, NO_ACTION, NO_ACTION, NO_ACTION]))
    batch.step(np.array([CALL, NO_ACTION, NO_ACTION, NO_ACTION]))
    obs = batch.observe(seat=0)
    assert obs.done[0] and obs.revealed[0] == 0b111
    assert (obs.holes[0] == full[0]).all()


def test_a_long_hand_is_read_back_whole_beyond_the_history_kept_in_the_arrays() -> None:
    """A row keeps its last ``history`` actions in its arrays and the earlier ones in a list: any hand
    replays whole, and its PHH history is the hand's (§12)."""
    batch = HandBatch(RuleSet(), 2, [10_000, 10_000], button=0, blinds=(5, 10), seed=4, history=2)
    hand = Hand(batch.setup(0))
    for _ in range(12):
        obs = batch.observe()
        kinds = np.where(obs.legal & 16, RAISE, CALL)
        kinds = np.where(obs.done, NO_ACTION, kinds)
        amounts = obs.min_to.copy()
        batch.step(kinds, amounts)
        if not hand.is_over:
            legal = hand.legal_actions()
            if legal.min_raise_to is not None:
                hand.raise_to(legal.min_raise_to)
            else:
                hand.call()
    again = batch.to_hand(0)
    assert len(batch.actions(0)) == 12 and again.events == hand.events
    assert history_from_hand(again) == history_from_hand(hand)


def test_reset_deals_finished_rows_with_given_seeds() -> None:
    batch = HandBatch(RuleSet(), 3, SIX, button=0, blinds=(5, 10), seed=[7, 8, 2**64 - 1])
    assert [batch.row_seed(i) for i in range(3)] == [7, 8, 2**64 - 1]
    assert batch.observe().holes[2].tolist() == [
        [int(c) for c in h] for h in Hand(RuleSet(), SIX, button=0, blinds=(5, 10), seed=2**64 - 1).deal.holes
    ]
    for _ in range(6):
        obs = batch.observe()
        batch.step(np.where(obs.done, NO_ACTION, FOLD))
    assert batch.observe().done.all()
    assert batch.reset([2, 0], seeds=[5, 6]).tolist() == [2, 0]
    assert [batch.row_seed(i) for i in range(3)] == [6, 8, 5] and batch.observe().done.tolist() == [
        False,
        True,
        False,
    ]
    assert batch.to_hand(0).deal == Hand(RuleSet(), SIX, button=0, blinds=(5, 10), seed=6).deal


def test_memory_per_row_is_stated_and_bounded() -> None:
    """``bytes_per_row`` counts the C hand, the history kept and every observation array of a row."""
    batch = HandBatch(RuleSet(), 10, SIX, button=0, blinds=(5, 10), seed=1)
    arrays = batch._arrays
    held = sum(a.nbytes for a in arrays.arrays.values()) + arrays.hist.nbytes + 10 * HAND_BYTES
    assert held == 10 * batch.bytes_per_row and 1500 < batch.bytes_per_row < 2400
    assert HandBatch(RuleSet(), 10, SIX, button=0, blinds=(5, 10), history=0).bytes_per_row == (
        batch.bytes_per_row - 8 * 64
    )


def test_memory_per_row_is_the_documented_formula() -> None:
    """The module docstring's bound: 1,536 (the C hand) + 8 a kept action + 35 a seat + 68 bytes a row."""
    assert HAND_BYTES == 1536
    for seats in (2, 6, 10):
        for history in (0, 32, 100):
            batch = HandBatch(
                RuleSet(), 3, [1_000] * seats, button=0, blinds=(5, 10), seed=1, history=history
            )
            assert batch.bytes_per_row == 1536 + 8 * history + 35 * seats + 68


def test_raises_refused_by_reopening_and_caps_name_their_sections() -> None:
    """The refusals the random steps rarely reach, each scripted on a row beside its ``Hand``: a short
    all-in does not reopen the betting (§7.2, and §7.4 in fixed limit), a no-limit raise cap (§5.8)."""
    fixed = RuleSet(betting_structure="fixed_limit")
    cases = [
        (RuleSet(), [1000, 150, 1000], [(RAISE, 100), (RAISE, 150), (CALL, 0)], "7.2"),
        (fixed, [1000, 23, 1000], [(RAISE, 20), (RAISE, 23), (CALL, 0)], "7.4"),
        (RuleSet(nl_raise_cap=1), [1000, 1000, 1000], [(RAISE, 30)], "5.8"),
    ]
    for rules, stacks, script, section in cases:
        batch = HandBatch(rules, 1, stacks, button=0, blinds=(5, 10), seed=2)
        hand = Hand(batch.setup(0))
        for kind, amount in script:
            assert not batch.step([kind], [amount]).errors.any()
            assert hand_refusal(hand, kind, amount) is None
        probe = (RAISE, hand.stacks[hand.to_act] + hand.state.bets[hand.to_act])  # type: ignore[index]
        code = int(batch.step([probe[0]], [probe[1]]).errors[0])
        assert SECTIONS[code] == hand_refusal(hand, *probe) == section


def _played(seed: int) -> tuple[dict[str, list[Any]], HandBatch]:
    """A batch of 2,000 six-max rows stepped to the end by ``random_agent``: its observation and the batch."""
    batch = HandBatch(RuleSet(), 2000, SIX, button=2, blinds=(5, 10), seed=seed)
    rng = np.random.default_rng(seed)
    while not batch.observe().done.all():
        assert not batch.step(*random_agent(batch.observe(), rng)).errors.any()
    obs = batch.observe()
    return {name: getattr(obs, name).tolist() for name in obs.__dataclass_fields__}, batch


def test_a_freed_batchs_memory_deals_the_next_batch_as_fresh_memory_does() -> None:
    """The hands' memory of a freed batch is taken again by the next batch it fits, and what that batch
    left there changes nothing: the same hands, the same observation, the same rows read back."""
    from pyholdem.native import batch as native_batch

    gc.collect()  # no batch of an earlier test freed while this one looks at the spare mapping
    first, batch = _played(21)
    memory = batch._arrays._memory
    del batch
    gc.collect()
    assert native_batch._spare == [memory]
    other, batch = _played(22)  # another deal over the first one's hands and histories
    assert batch._arrays._memory is memory and other != first
    del batch
    gc.collect()
    again, batch = _played(21)
    assert batch._arrays._memory is memory and again == first
    result = batch.to_hand(7).result
    assert result is not None and list(result.net) == again["net"][7]
    del batch
    gc.collect()
    small = HandBatch(RuleSet(), 3, SIX, button=2, blinds=(5, 10), seed=1)  # under half its size: new pages
    assert small._arrays._memory is not memory and native_batch._spare == []
