"""Adversarial input at every public entry point: a typed error naming the value and the section,
every object left as it was, never a crash of the C core or a traceback from the library."""

from __future__ import annotations

import contextlib
import dataclasses
import re
from decimal import Decimal
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import pyholdem
import pyholdem.history
from pyholdem import Hand, HistoryError, InvalidCards, PyHoldemError, RuleSet, RuleViolation
from pyholdem.cli import main
from pyholdem.history import read_text
from pyholdem.history.replay import replay
from pyholdem.spec.showdown import resolve_pots as spec_resolve_pots

HOLES = ["AsAd", "KsKd"]


@pytest.mark.parametrize("trials", [2**64, 2**70])
def test_2_9_equity_refuses_trials_beyond_64_bits(trials: int) -> None:
    with pytest.raises(RuleViolation, match=rf"trials .*{trials}.*§2\.9"):
        pyholdem.equity(HOLES, trials=trials, seed=1)


@pytest.mark.parametrize("hands", [None, 5, 1.5])
def test_2_9_equity_refuses_hands_that_are_not_a_list(hands: object) -> None:
    with pytest.raises(InvalidCards, match=r"§2\.9"):
        pyholdem.equity(hands)  # type: ignore[arg-type]


@pytest.mark.parametrize("k", [5.0, 5.5, "5", True])
def test_2_4_evaluate_batch_refuses_a_k_that_is_not_an_int(k: object) -> None:
    with pytest.raises(InvalidCards, match=r"§2\.4"):
        pyholdem.evaluate_batch(bytes([0, 1, 2, 3, 5] * 2), k=k)  # type: ignore[arg-type]


def test_2_4_evaluate_batch_refuses_a_k_that_contradicts_the_array() -> None:
    hands = np.array([[0, 1, 2, 3, 5]], dtype=np.uint8)
    with pytest.raises(InvalidCards, match=r"k=6 .*5.*§2\.4"):
        pyholdem.evaluate_batch(hands, k=6)
    assert pyholdem.evaluate_batch(hands, k=5).tolist() == [pyholdem.evaluate([0, 1, 2, 3, 5])]


@settings(max_examples=40, deadline=None)
@given(
    st.lists(st.permutations(range(52)).map(lambda d: d[:7]), min_size=1, max_size=5),
    st.lists(st.integers(0, 255), min_size=7, max_size=7),
)
def test_2_7_evaluate_batch_leaves_out_unchanged_when_it_refuses(
    good: list[list[int]], last: list[int]
) -> None:
    hands = np.array([*good, last], dtype=np.uint8)
    out = np.full(len(hands), -7, dtype=np.int32)
    try:
        values = pyholdem.evaluate_batch(hands, out=out)
    except InvalidCards:
        assert (out == -7).all()
    else:
        assert values is out
        assert out.tolist() == [pyholdem.evaluate(row.tolist()) for row in hands]


def test_2_7_evaluate_batch_out_sharing_memory_with_hands_gets_the_right_values() -> None:
    memory = np.zeros(16, dtype=np.int32)
    hands = memory.view(np.uint8)[:35].reshape(5, 7)
    hands[:] = np.arange(35, dtype=np.uint8).reshape(5, 7)
    expected = [pyholdem.evaluate(row.tolist()) for row in hands]
    pyholdem.evaluate_batch(hands, out=memory[4:9])
    assert memory[4:9].tolist() == expected


@pytest.mark.parametrize("resolve", [pyholdem.resolve_pots, spec_resolve_pots], ids=["c", "spec"])
@pytest.mark.parametrize(
    "args",
    [
        (None, [False, False], [1, 2], 0),
        (5, [False, False], [1, 2], 0),
        (iter([1, 2]), [False, False], [1, 2], 0),
        ([1, 2], None, [1, 2], 0),
        ([1, 2], [False, False], None, 0),
        ([1, 2], [False, False], 7, 0),
        (np.array(5), [False, False], [1, 2], 0),
        ([1, 2], np.array(False), [1, 2], 0),
    ],
)
def test_7_7_resolve_pots_refuses_arguments_that_are_not_sequences(resolve: object, args: tuple) -> None:
    with pytest.raises(RuleViolation, match=r"§7\.7"):
        resolve(*args)  # type: ignore[operator]
    with pytest.raises(RuleViolation, match=r"dead .*§7\.7"):
        resolve([1, 2], [False, False], [1, 2], 0, dead=5)  # type: ignore[operator]


@pytest.mark.parametrize("resolve", [pyholdem.resolve_pots, spec_resolve_pots], ids=["c", "spec"])
@pytest.mark.parametrize("rule", [np.array(["left_of_button", "x"]), 3, b"left_of_button"])
def test_7_7_resolve_pots_refuses_an_odd_chip_rule_that_is_not_a_name(resolve: object, rule: object) -> None:
    with pytest.raises(RuleViolation, match=r"odd_chip_rule = .*§7\.7"):
        resolve([1, 2], [False, False], [1, 2], 0, odd_chip_rule=rule)  # type: ignore[operator]


@pytest.mark.parametrize("straddles", [4, None, 1.5])
def test_3_16_hand_refuses_straddles_that_are_not_a_list(straddles: object) -> None:
    rules = RuleSet(straddle_allowed=True)
    with pytest.raises(RuleViolation, match=r"straddles .*§3\.16"):
        Hand(rules, [100] * 5, button=0, blinds=(1, 2), straddles=straddles, seed=1)  # type: ignore[arg-type]


@pytest.mark.parametrize("hole_cards", [5, 1.5, object()])
def test_4_2_hand_refuses_hole_cards_that_are_not_a_list(hole_cards: object) -> None:
    with pytest.raises(InvalidCards, match=r"hole_cards .*§4\.2"):
        Hand(RuleSet(), [100, 100], button=0, blinds=(1, 2), hole_cards=hole_cards, seed=1)  # type: ignore[arg-type]


@pytest.mark.parametrize("bad", [[52], [-1], None, [1.5]])
def test_1_8_format_cards_refuses_what_is_not_a_card(bad: object) -> None:
    with pytest.raises(InvalidCards, match=r"§1\.[78]"):
        pyholdem.format_cards(bad)  # type: ignore[arg-type]
    assert pyholdem.format_cards([51, None, "2c"]) == "As ?? 2c"


GOOD_HAND = """\
variant = 'NT'
antes = [0, 0]
blinds_or_straddles = [1, 2]
min_bet = 2
starting_stacks = [100, 100]
actions = ['d dh p1 AsAd', 'd dh p2 KsKd', 'p2 f']
"""


@pytest.mark.parametrize(
    "bad",
    ["x = " + "[" * 5000 + "]" * 5000, "x = " + "{a=" * 2000 + "1" + "}" * 2000],
    ids=["arrays", "tables"],
)
def test_12_1_deeply_nested_toml_is_one_bad_hand(bad: str) -> None:
    results = read_text(f"[1]\n{bad}\n[2]\n{GOOD_HAND}", file="x.phhs")
    assert isinstance(results[0], HistoryError) and results[0].section == "12.1"
    assert not isinstance(results[1], HistoryError)


def test_12_1_a_table_named_by_a_non_ascii_digit_is_one_bad_hand() -> None:
    results = read_text(f"[1]\n{GOOD_HAND}[\u00b2]\n{GOOD_HAND}[\u0663]\n{GOOD_HAND}", file="x.phhs")
    assert not isinstance(results[0], HistoryError)
    for bad in results[1:]:
        assert isinstance(bad, HistoryError) and bad.section == "12.1"


@pytest.mark.parametrize("amount", ["1e999999999", "1e-999999999", "1e1000000"])
def test_12_3_an_amount_beyond_decimal_range_is_one_bad_hand(amount: str) -> None:
    text = GOOD_HAND.replace("[100, 100]", f"[{amount}, 100]")
    results = read_text(f"[1]\n{text}[2]\n{GOOD_HAND}", file="x.phhs")
    assert isinstance(results[0], HistoryError) and results[0].section == "12.3"
    assert str(Decimal(amount)) in str(results[0])
    assert not isinstance(results[1], HistoryError)


def test_0_5_replay_with_an_unreadable_rules_file_reports_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    history = tmp_path / "a.phh"
    history.write_text(GOOD_HAND)
    bad = tmp_path / "bad.toml"
    bad.write_bytes(b"\xff\xfe")
    for rules in (str(tmp_path / "missing.toml"), str(bad), str(tmp_path)):
        code = main(
            ["replay", "--rules", rules if rules != str(tmp_path) else f"{tmp_path}.toml", str(history)]
        )
        err = capsys.readouterr().err
        assert code == 2 and "RuleSetError" in err and "§0.5" in err and "Traceback" not in err


CARD_LIKE = st.one_of(
    st.integers(-3, 60), st.text(max_size=3), st.none(), st.booleans(), st.floats(allow_nan=True)
)


@settings(max_examples=60, deadline=None)
@given(st.one_of(st.lists(CARD_LIKE, max_size=9), st.text(max_size=24), CARD_LIKE))
def test_2_4_evaluate_and_masks_only_raise_typed_errors(hand: object) -> None:
    for call in (pyholdem.evaluate, pyholdem.cards_to_mask):
        with contextlib.suppress(PyHoldemError):
            call(hand)  # type: ignore[operator]


@settings(max_examples=60, deadline=None)
@given(
    st.lists(st.integers(-(2**65), 2**65), min_size=1, max_size=11),
    st.lists(st.one_of(st.booleans(), st.integers(-1, 2)), min_size=1, max_size=11),
    st.lists(st.one_of(st.integers(-1, 2**32), st.none()), min_size=1, max_size=11),
    st.integers(-2, 12),
    st.integers(-1, 2**65),
)
def test_7_7_c_and_spec_resolvers_refuse_alike(
    contributions: list[int], folded: list[object], values: list[object], button: int, unit: int
) -> None:
    def outcome(resolve: object) -> object:
        try:
            return resolve(contributions, folded, values, button, chip_unit=unit)  # type: ignore[operator]
        except RuleViolation as exc:
            return type(exc)

    c = outcome(pyholdem.resolve_pots)
    spec = outcome(spec_resolve_pots)
    big = sum(x for x in contributions if isinstance(x, int) and x > 0) > 2**63 - 1 or unit > 2**63 - 1
    assert c == spec or big


def test_0_1_rule_set_refuses_unknown_fields_like_replace() -> None:
    with pytest.raises(pyholdem.RuleSetError, match=r"unknown rule-set field 'bogus' \(§0\.1\)"):
        RuleSet(bogus=1)  # type: ignore[call-arg]
    with pytest.raises(pyholdem.RuleSetError, match=r"§0\.1"):
        RuleSet().changes(5)  # type: ignore[arg-type]
    assert (
        RuleSet(odd_chip_rule="left_of_button_whole_chip").replace(odd_chip_rule="left_of_button")
        == RuleSet()
    )


@pytest.mark.parametrize(("kind", "amount"), [("call", 5), ("fold", "x"), ("check", 0), ("call", 2)])
def test_6_1_fold_check_and_call_refuse_an_amount(kind: str, amount: object) -> None:
    hand = Hand(RuleSet(), [100, 100, 100], button=0, blinds=(1, 2), seed=1)
    before = repr((hand.state, hand.events, hand.legal_actions()))
    with pytest.raises(pyholdem.IllegalAction, match=rf"{kind} takes no amount.*§6\.1"):
        hand.act(kind, amount)  # type: ignore[arg-type]
    assert repr((hand.state, hand.events, hand.legal_actions())) == before


@pytest.mark.parametrize(
    ("field", "value", "section"),
    [
        ("variant", 5, "12.2"),
        ("scale", 0, "12.3"),
        ("scale", 3, "12.3"),
        ("min_bet", -1, "12.3"),
        ("starting_stacks", (100, "a"), "12.3"),
        ("winnings", ("a", "b"), "12.3"),
        ("finishing_stacks", (1,), "12.4"),
        ("actions", ("p1 f",), "12.6"),
    ],
)
def test_12_4_a_hand_history_built_with_bad_fields_is_refused(
    field: str, value: object, section: str
) -> None:
    good = pyholdem.history.loads(GOOD_HAND)[0]
    with pytest.raises(HistoryError, match=rf"{field}.*§{section}"):
        dataclasses.replace(good, **{field: value})


def test_12_8_replay_refuses_what_is_not_a_history_or_a_rule_set() -> None:
    good = pyholdem.history.loads(GOOD_HAND)[0]
    with pytest.raises(HistoryError, match=r"§12\.8"):
        replay(None)  # type: ignore[arg-type]
    with pytest.raises(pyholdem.RuleSetError, match=r"'tda_2024' is not a RuleSet \(§0\.1\)"):
        replay(good, "tda_2024")  # type: ignore[arg-type]
    assert replay(good).ok


@pytest.mark.parametrize("seat", [3, -1, "0", None, 1.5, True])
def test_3_1_hole_cards_of_a_seat_that_is_not_at_the_table(seat: object) -> None:
    hand = Hand(RuleSet(), [100, 100, 100], button=0, blinds=(1, 2), seed=1)
    with pytest.raises(RuleViolation, match=r"is not a seat in 0\.\.2 \(§3\.1\)"):
        hand.hole_cards(seat)  # type: ignore[arg-type]
    assert len(hand.hole_cards(2)) == 2


ODD_AMOUNTS = st.sampled_from([None, 0, 1, 2, 4, 10, 99, 100, 2**63, 2**70, -1, 1.5, "10", True, 10.0])
ODD_KINDS = st.sampled_from(["fold", "check", "call", "bet", "raise", "bogus", None])


@settings(max_examples=30, deadline=None)
@given(
    st.lists(st.sampled_from([1, 3, 50, 100, 2**64]), min_size=2, max_size=6),
    st.lists(st.tuples(ODD_KINDS, ODD_AMOUNTS, st.sampled_from([None, None, 0, 1, -1, 9, "0"])), max_size=25),
)
def test_6_1_refused_actions_leave_the_hand_as_it_was(stacks: list[int], actions: list[tuple]) -> None:
    hand = Hand(RuleSet(), stacks, button=0, blinds=(1, 2), seed=7)
    for kind, amount, seat in actions:
        if hand.is_over:
            break
        before = repr((hand.state, hand.events, hand.legal_actions(), hand.board))
        try:
            hand.act(kind, amount, seat=seat)  # type: ignore[arg-type]
        except PyHoldemError:
            assert repr((hand.state, hand.events, hand.legal_actions(), hand.board)) == before


def test_12_1_a_table_number_too_long_to_convert_is_one_bad_hand() -> None:
    results = read_text(f"[1]\n{GOOD_HAND}[{'1' * 5000}]\n{GOOD_HAND}", file="x.phhs")
    assert not isinstance(results[0], HistoryError)
    assert isinstance(results[1], HistoryError) and results[1].section == "12.1"


def test_12_6_an_actor_number_too_long_to_convert_is_refused() -> None:
    text = GOOD_HAND.replace("'p2 f'", f"'p{'1' * 5000} f'")
    (result,) = read_text(text)
    assert isinstance(result, HistoryError) and result.section == "12.6" and result.action == 2


@pytest.mark.parametrize(
    "text", ["max_seats = " + "1" * 5000, "x = " + "[" * 5000 + "]" * 5000], ids=["long-int", "deep"]
)
def test_0_5_load_rules_refuses_toml_python_cannot_hold(text: str) -> None:
    with pytest.raises(pyholdem.RuleSetError, match=r"rule-set TOML is malformed.*§0\.5"):
        pyholdem.load_rules(text)


def test_12_1_an_integer_too_long_to_convert_is_one_bad_hand() -> None:
    results = read_text(f"[1]\nx = {'1' * 5000}\n[2]\n{GOOD_HAND}", file="x.phhs")
    assert isinstance(results[0], HistoryError) and results[0].section == "12.1"
    assert not isinstance(results[1], HistoryError)


HUGE = 10**5000  # too long for str(): Python refuses to print ints over 4300 digits


def _hand() -> Hand:
    return Hand(RuleSet(), [100, 100, 100], button=0, blinds=(1, 2), seed=1)


@pytest.mark.parametrize(
    ("call", "section"),
    [
        (lambda: _hand().raise_to(HUGE), "5.12"),
        (lambda: pyholdem.evaluate([HUGE, 1, 2, 3, 4]), "1.7"),
        (lambda: pyholdem.Card(HUGE), "1.7"),
        (lambda: pyholdem.evaluate_mask(HUGE), "2.4"),
        (lambda: pyholdem.hand_class(HUGE), "2.7"),
        (lambda: pyholdem.enumerate_categories(HUGE), "2.4"),
        (lambda: pyholdem.equity(HOLES, trials=HUGE), "2.9"),
        (lambda: pyholdem.equity(HOLES, trials=5, seed=HUGE), "2.9"),
        (lambda: pyholdem.resolve_pots([HUGE, 1], [False, False], [1, 2], 0), "7.7"),
        (lambda: pyholdem.resolve_pots([1, 1], [False, False], [1, 2], HUGE), "7.7"),
        (lambda: spec_resolve_pots([1, 1], [False, False], [1, 2], HUGE), "7.7"),
        (lambda: Hand(RuleSet(), [100, 100], button=HUGE, blinds=(1, 2)), "3.1"),
        (lambda: Hand(RuleSet(), [100, 100], button=0, blinds=(HUGE, 1)), "3.10"),
        (lambda: RuleSet(max_seats=HUGE), "0.1"),
        (lambda: _hand().hole_cards(HUGE), "3.1"),
        (lambda: _hand().raise_to(-HUGE), "5.6"),
        (lambda: _hand().act("call", seat=HUGE), "6.10"),
        (lambda: Hand(RuleSet(), [100, -HUGE], button=0, blinds=(1, 2)), "3.1"),
        (lambda: Hand(RuleSet(), [100, 100], button=0, blinds=(1, 2), antes=-HUGE), "3.12"),
        (lambda: Hand(RuleSet(), [100, 100], button=0, blinds=(1, 2), bet_sizes=(HUGE, 0)), "5.2"),
        (lambda: Hand(RuleSet(), [100, 100], button=0, blinds=(1, 2), sleeper=HUGE), "3.17"),
        (lambda: pyholdem.resolve_pots([1, 1], [False, False], [HUGE, 2], 0), "7.7"),
        (lambda: pyholdem.resolve_pots([1, 1], [False, False], [1, 2], 0, chip_unit=-HUGE), "7.7"),
        (lambda: spec_resolve_pots([-HUGE, 1], [False, False], [1, 2], 0), "7.7"),
        (lambda: pyholdem.evaluate_batch(bytes(10), k=HUGE), "2.4"),
    ],
)
def test_1_7_integers_too_long_to_print_get_typed_errors(call: object, section: str) -> None:
    with pytest.raises(PyHoldemError, match=rf"an integer of 16610 bits.*§{re.escape(section)}"):
        call()  # type: ignore[operator]


def test_12_9_writing_a_user_field_nested_too_deeply_is_refused() -> None:
    (hand,) = pyholdem.history.loads(GOOD_HAND + "_x = " + "[" * 450 + "]" * 450 + "\n")
    with pytest.raises(HistoryError, match=r"'_x'.*nested too deeply.*§12\.9"):
        pyholdem.history.dumps(hand)
    (shallow,) = pyholdem.history.loads(GOOD_HAND + "_x = [[1]]\n")
    assert pyholdem.history.loads(pyholdem.history.dumps(shallow)) == [shallow]


# ---- NumPy values, surrogates and other odd types ----

NUMPY_INTEGERS = [np.int8, np.int16, np.int32, np.int64, np.uint8, np.uint16, np.uint32, np.uint64]


@pytest.mark.parametrize(
    "hand",
    [
        np.array([[0, 4, 8, 12, 17]]),
        [np.array([0, 4]), 8, 12, 17],
        (np.array([0, 4, 8]), np.array([12, 17])),
        [np.True_, 4, 8, 12, 17],
        [np.float64(0.0), 4, 8, 12, 17],
    ],
    ids=["2-d array", "list holding an array", "tuple of arrays", "numpy bool", "numpy float"],
)
def test_1_7_numpy_arrays_and_non_integers_are_not_cards(hand: object) -> None:
    for call in (pyholdem.evaluate, pyholdem.cards_to_mask, pyholdem.cards):
        with pytest.raises(InvalidCards, match=r"is not a card .*§1\.7") as caught:
            call(hand)  # type: ignore[operator]
        shown = caught.value.detail
        assert "array(" in shown or "np." in shown, shown
    with pytest.raises(InvalidCards, match=r"§1\.7"):
        pyholdem.equity([hand, "2c 2d"])  # type: ignore[list-item]


@pytest.mark.parametrize("kind", NUMPY_INTEGERS)
def test_1_7_numpy_integers_are_card_ids(kind: type) -> None:
    ids = [0, 4, 8, 12, 17]
    value = pyholdem.evaluate(ids)
    assert pyholdem.evaluate([kind(c) for c in ids]) == value
    assert pyholdem.evaluate(np.array(ids, dtype=kind)) == value
    assert pyholdem.Card(kind(51)) == pyholdem.Card("As")
    assert pyholdem.cards([kind(c) for c in ids]) == pyholdem.cards(ids)
    assert pyholdem.evaluate_mask(kind(0b11111)) == pyholdem.evaluate(range(5))
    assert pyholdem.equity([[kind(0), kind(4)], [8, 12]], board=[kind(20), 24, 28]) == pyholdem.equity(
        [[0, 4], [8, 12]], board=[20, 24, 28]
    )


@pytest.mark.parametrize("engine", ["spec", "native"])
@pytest.mark.parametrize("seed", ["\ud800", "ok\udfffok", "\udc80" * 3])
def test_1_4_a_seed_with_a_lone_surrogate_is_refused(engine: str, seed: str) -> None:
    from pyholdem.native.shuffle import shuffled_deck as c_shuffled_deck

    message = rf"shuffle seed {re.escape(repr(seed))} is not UTF-8 text.* lone surrogate \(§1\.4\)"
    for shuffle in (pyholdem.shuffled_deck, c_shuffled_deck):
        with pytest.raises(RuleViolation, match=message):
            shuffle(seed)
    with pytest.raises(RuleViolation, match=message):
        Hand(RuleSet(), [100, 100], button=0, blinds=(1, 2), seed=seed, engine=engine)


@pytest.mark.parametrize("engine", ["spec", "native"])
@pytest.mark.parametrize("kind", [np.int64, np.uint32, np.int8])
def test_1_4_numpy_integer_seeds_shuffle_as_their_value(engine: str, kind: type) -> None:
    from pyholdem.native.shuffle import seed_key
    from pyholdem.native.shuffle import shuffled_deck as c_shuffled_deck

    assert pyholdem.shuffled_deck(
        kind(-5 if np.issubdtype(kind, np.signedinteger) else 5)
    ) == pyholdem.shuffled_deck(5)
    assert c_shuffled_deck(kind(5)) == pyholdem.shuffled_deck(5)
    assert seed_key(kind(5)) == seed_key(5)
    hand = Hand(RuleSet(), [100, 100], button=0, blinds=(1, 2), seed=kind(5), engine=engine)
    same = Hand(RuleSet(), [100, 100], button=0, blinds=(1, 2), seed=5, engine=engine)
    assert [hand.hole_cards(s) for s in (0, 1)] == [same.hole_cards(s) for s in (0, 1)]
    assert type(hand) is type(same)  # the native engine still plays it (no fall-back to the spec)
    for bad in (np.True_, np.float64(5.0), np.array(5), bytearray(b"5"), 5.0):
        with pytest.raises(
            RuleViolation, match=r"shuffle seed .* is not an int, str, bytes or None \(§1\.4\)"
        ):
            Hand(RuleSet(), [100, 100], button=0, blinds=(1, 2), seed=bad, engine=engine)  # type: ignore[arg-type]


@pytest.mark.parametrize("engine", ["spec", "native"])
@pytest.mark.parametrize(
    ("kind", "seat"),
    [
        (np.array(["call", "fold"]), None),
        (np.array(["call"]), None),
        (np.array(["call", "fold"]), 1),
        (b"call", None),
        ("\ud800", None),
        (["call"], None),
    ],
)
def test_6_1_an_action_that_is_not_text_is_refused(engine: str, kind: object, seat: object) -> None:
    hand = Hand(RuleSet(), [100, 100, 100], button=0, blinds=(1, 2), seed=3, engine=engine)
    before = repr((hand.state, hand.events))
    with pytest.raises(pyholdem.IllegalAction, match=rf"{re.escape(repr(kind))} is not an action.*§6\.1"):
        hand.act(kind, seat=seat)  # type: ignore[arg-type]
    assert repr((hand.state, hand.events)) == before


@pytest.mark.parametrize("engine", ["spec", "native"])
def test_6_10_a_seat_that_is_not_an_integer_is_refused(engine: str) -> None:
    hand = Hand(RuleSet(), [100, 100, 100], button=0, blinds=(1, 2), seed=3, engine=engine)
    assert hand.to_act == 0
    for seat in (np.array([0, 1]), np.array([0]), True, np.True_, "0", 0.0):
        with pytest.raises(pyholdem.IllegalAction, match=r"seat .* is not a seat in 0\.\.2 \(§6\.10\)"):
            hand.act("call", seat=seat)  # type: ignore[arg-type]
    hand.act(np.str_("call"), seat=np.int64(0))  # type: ignore[arg-type]
    assert hand.to_act == 1


@pytest.mark.parametrize("kind", [np.int16, np.int32, np.int64, np.uint16, np.uint32, np.uint64])
def test_2_7_hand_values_of_any_integer_type(kind: type) -> None:
    assert pyholdem.hand_class(kind(4928)) == pyholdem.hand_class(4928)
    assert pyholdem.describe(kind(4928)) == pyholdem.describe(4928)
    assert pyholdem.category(kind(4928)) == pyholdem.category(4928)
    from pyholdem.spec.rankings import value_of_class

    assert value_of_class(kind(1)) == value_of_class(1)


def test_2_7_values_from_evaluate_batch_describe_as_ints() -> None:
    hands = np.array([[0, 4, 8, 12, 17], [48, 49, 50, 51, 44], [36, 40, 44, 48, 32]], dtype=np.uint8)
    values = pyholdem.evaluate_batch(hands)
    for value, row in zip(values, hands.tolist(), strict=True):
        assert isinstance(value, np.int32)
        expected = pyholdem.evaluate(row)
        assert pyholdem.describe(value) == pyholdem.describe(expected)
        assert pyholdem.hand_class(value) == pyholdem.hand_class(expected)
        assert pyholdem.category(value) is pyholdem.category(expected)


@pytest.mark.parametrize(
    "bad", [True, np.True_, np.float64(4928.0), np.array(4928), np.array([4928]), 4928.0, "4928"]
)
def test_2_7_hand_values_refuse_what_is_not_an_integer(bad: object) -> None:
    from pyholdem.spec.rankings import value_of_class

    for call in (pyholdem.hand_class, pyholdem.describe, pyholdem.category):
        with pytest.raises(InvalidCards, match=rf"{re.escape(repr(bad))} is not a hand value \(§2\.7\)"):
            call(bad)  # type: ignore[operator]
    with pytest.raises(InvalidCards, match=r"is not a class number 1\.\.7462 \(§2\.7\)"):
        value_of_class(bad)  # type: ignore[arg-type]


@pytest.mark.parametrize("kind", [np.int8, np.int64, np.uint8])
def test_2_4_k_and_enumeration_sizes_of_any_integer_type(kind: type) -> None:
    hands = np.array([[0, 4, 8, 12, 17]], dtype=np.uint8)
    assert pyholdem.evaluate_batch(hands, k=kind(5)).tolist() == pyholdem.evaluate_batch(hands).tolist()
    assert (
        pyholdem.evaluate_batch(bytes(hands), k=kind(5)).tolist() == pyholdem.evaluate_batch(hands).tolist()
    )
    assert pyholdem.enumerate_categories(kind(5)) == pyholdem.enumerate_categories(5)


@pytest.mark.parametrize("mask", [True, False, np.True_])
def test_2_4_evaluate_mask_refuses_a_bool(mask: object) -> None:
    with pytest.raises(InvalidCards, match=rf"{re.escape(repr(mask))} is not a card mask .*§2\.4"):
        pyholdem.evaluate_mask(mask)  # type: ignore[arg-type]


def test_1_5_cut_refuses_a_bool_and_takes_any_integer() -> None:
    from pyholdem.spec.cards import cut_deck

    deck = pyholdem.standard_deck()
    with pytest.raises(RuleViolation, match=r"cut at True is outside 1\.\.51 \(§1\.5\)"):
        cut_deck(deck, True)  # type: ignore[arg-type]
    assert cut_deck(deck, np.int64(3)) == cut_deck(deck, 3)


ODD_SCALARS = [
    None, True, False, np.True_, 0, 5, 51, 52, -1, 2**64, 2**64 - 1, -(2**63), 10**400, 1.5, float("nan"),
    float("inf"), 4928.0, 1j, Decimal("5"), b"", b"As", bytearray(b"As"), "", "As", "as kd", "\ud800",
    "As\udc80", "??", "10s", np.array(5), np.array([0, 4, 8, 12, 17]), np.array([[0, 4, 8, 12, 17]]),
    np.array(["As", "Kd"]), np.array([], dtype=np.uint8), np.float64(5.0), np.str_("As"), np.bytes_(b"As"),
    object(), [], (), {}, {"As"}, [[0, 4]],
]  # fmt: skip

ODD_VALUES = st.one_of(
    st.sampled_from(ODD_SCALARS),
    st.builds(lambda kind, v: kind(v), st.sampled_from(NUMPY_INTEGERS), st.integers(0, 127)),
    st.text(max_size=6),
    st.lists(st.one_of(st.integers(-2, 60), st.text(max_size=3), st.none()), max_size=8),
)

PUBLIC_CALLS = {
    "Card": pyholdem.Card,
    "cards": pyholdem.cards,
    "parse_cards": pyholdem.parse_cards,
    "format_cards": pyholdem.format_cards,
    "shuffled_deck": pyholdem.shuffled_deck,
    "evaluate": pyholdem.evaluate,
    "evaluate_mask": pyholdem.evaluate_mask,
    "cards_to_mask": pyholdem.cards_to_mask,
    "hand_class": pyholdem.hand_class,
    "describe": pyholdem.describe,
    "category": pyholdem.category,
    "enumerate_categories": lambda v: pyholdem.enumerate_categories(v) if as_small(v, 5) else None,
    "evaluate_batch": pyholdem.evaluate_batch,
    "evaluate_batch k": lambda v: pyholdem.evaluate_batch(bytes(10), k=v),
    "equity hands": pyholdem.equity,
    "equity board": lambda v: pyholdem.equity(HOLES, board=v),
    "equity dead": lambda v: pyholdem.equity(HOLES, board="2c 3c 4c 5c", dead=v),
    "equity trials": lambda v: (
        pyholdem.equity(HOLES, board="2c 3c 4c", trials=v, seed=1) if as_small(v) else None
    ),
    "equity seed": lambda v: pyholdem.equity(HOLES, board="2c 3c 4c", trials=3, seed=v),
}


def as_small(value: object, limit: int = 10_000) -> bool:
    """False for an integer so large that running with it would take too long (it is valid)."""
    from pyholdem.spec.cards import as_integer

    number = as_integer(value)
    return number is None or number <= limit


@settings(max_examples=150, deadline=None)
@given(st.sampled_from(sorted(PUBLIC_CALLS)), ODD_VALUES)
def test_1_7_odd_input_types_get_typed_errors_that_name_a_section(name: str, value: object) -> None:
    try:
        PUBLIC_CALLS[name](value)
    except PyHoldemError as exc:
        assert exc.section and re.fullmatch(r"\d+\.\d+", exc.section), (name, value, exc)
        assert str(exc).endswith(f"(§{exc.section})")
