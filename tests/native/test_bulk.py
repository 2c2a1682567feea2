"""In bulk: ``equity_batch`` against per-call ``equity`` (§2.9), threads, ``evaluate_batch(out=)``
written once (§2.7) and the C builtin behind ``evaluate_mask`` (§2.4)."""

from __future__ import annotations

import itertools
import math
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import pyholdem
from pyholdem import InvalidCards, RuleViolation
from pyholdem.native import evaluation
from pyholdem.native.evaluation import NO_CARD
from pyholdem.native.evaluator import exact_parts
from pyholdem.native.lib import ffi, lib
from pyholdem.spec import rankings
from pyholdem.spec.cards import cards
from pyholdem.spec.rankings import MAX_TRIALS, hand_value

# ---- equity_batch: every row is equity() of its query ----


@st.composite
def query_sets(draw: st.DrawFn) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Queries of one player count: (holes, boards padded with NO_CARD, dead padded with NO_CARD)."""
    players = draw(st.integers(2, 3))
    queries = draw(st.integers(1, 6))
    width = draw(st.integers(3, 5))
    holes, boards, dead = [], [], []
    for _ in range(queries):
        deck = draw(st.permutations(range(52)))
        shown = draw(st.sampled_from([n for n in (3, 4, 5) if n <= width]))
        gone = draw(st.integers(0, 2))
        holes.append([deck[2 * p : 2 * p + 2] for p in range(players)])
        at = 2 * players
        boards.append(list(deck[at : at + shown]) + [NO_CARD] * (width - shown))
        at += shown
        dead.append([NO_CARD] * (2 - gone) + list(deck[at : at + gone]))
    return (np.array(holes, dtype=np.uint8), np.array(boards, dtype=np.uint8), np.array(dead, dtype=np.uint8))


def per_query(holes: np.ndarray, boards: np.ndarray, dead: np.ndarray, q: int) -> tuple:
    return (
        [row.tolist() for row in holes[q]],
        [int(c) for c in boards[q] if c != NO_CARD],
        [int(c) for c in dead[q] if c != NO_CARD],
    )


@settings(max_examples=25, deadline=None)
@given(query_sets(), st.sampled_from([True, False, None]), st.integers(0, 2**64 - 1), st.integers(1, 3))
def test_2_9_equity_batch_rows_equal_per_call_equity(
    inputs: tuple[np.ndarray, np.ndarray, np.ndarray], exact: bool | None, seed: int, threads: int
) -> None:
    holes, boards, dead = inputs
    trials = 40
    batch = pyholdem.equity_batch(holes, boards, dead, exact=exact, trials=trials, seed=seed, threads=threads)
    assert len(batch) == len(holes)
    for q in range(len(holes)):
        hands, board, gone = per_query(holes, boards, dead, q)
        left = 52 - 2 * len(hands) - len(board) - len(gone)
        expect_exact = math.comb(left, 5 - len(board)) <= trials if exact is None else exact
        assert bool(batch.exact[q]) is expect_exact
        if expect_exact:
            expected = pyholdem.equity(hands, board, gone)
        else:
            expected = pyholdem.equity(hands, board, gone, trials=trials, seed=(seed + q) % 2**64)
        assert batch.result(q) == expected
        assert batch.equity[q].tolist() == list(expected.equity)


def test_2_9_equity_batch_per_query_flags_and_seeds() -> None:
    holes = np.array([[[51, 47], [43, 39]]] * 3, dtype=np.uint8)
    boards = np.array([[0, 5, 9, 13, -1], [0, 5, 9, -1, -1], [-1] * 5])
    seeds = np.array([7, 2**64 - 1, 3], dtype=np.uint64)
    batch = pyholdem.equity_batch(holes, boards, exact=[True, False, False], trials=500, seed=seeds)
    hands = [[51, 47], [43, 39]]
    assert batch.result(0) == pyholdem.equity(hands, [0, 5, 9, 13])
    assert batch.result(1) == pyholdem.equity(hands, [0, 5, 9], trials=500, seed=2**64 - 1)
    assert batch.result(2) == pyholdem.equity(hands, trials=500, seed=3)
    assert batch.exact.tolist() == [True, False, False]
    preflop = pyholdem.equity_batch(holes[:1], trials=10)
    assert preflop.exact.tolist() == [False] and preflop.boards.tolist() == [10]


def test_2_9_equity_batch_of_no_queries() -> None:
    batch = pyholdem.equity_batch(np.zeros((0, 2, 2), dtype=np.uint8))
    assert len(batch) == 0 and batch.wins.shape == (0, 2)


def test_2_9_equity_batch_threads_give_the_same_counts() -> None:
    rng = np.random.default_rng(15)
    deck = np.argsort(rng.random((200, 52)), axis=1).astype(np.uint8)
    holes = deck[:, :6].reshape(200, 3, 2)
    boards = deck[:, 6:10]
    one = pyholdem.equity_batch(holes, boards, exact=rng.random(200) < 0.5, trials=300, seed=99, threads=1)
    for threads in (2, 3, 7):
        many = pyholdem.equity_batch(holes, boards, exact=one.exact, trials=300, seed=99, threads=threads)
        for name in ("boards", "wins", "ties", "shares", "exact"):
            assert np.array_equal(getattr(one, name), getattr(many, name))


BAD_QUERIES = [
    (
        {"holes": [[[0, 1], [2, 3]], [[4, 5], [4, 6]]]},
        InvalidCards,
        r"^query 1: card 3c appears twice \(§1\.1\)$",
    ),
    ({"holes": [[[0, 1], [2, 3]], [[4, 5], [60, 6]]]}, InvalidCards, r"^query 1: card id 60 .*\(§1\.7\)$"),
    ({"holes": [[[0, 1], [2, 3]], [[4, 5], [-2, 6]]]}, InvalidCards, r"^query 1: card id -2 .*\(§1\.7\)$"),
    (
        {"holes": [[[0, 1], [2, 3]]] * 2, "boards": [[9, 10, 11, 255], [9, 255, 11, 12]]},
        InvalidCards,
        r"^query 1: board \[9, 255, 11, 12\] has a card after a missing one \(255\) \(§2\.9\)$",
    ),
    (
        {"holes": [[[0, 1], [2, 3]]] * 2, "boards": [[9, 10, 11], [9, 10, 255]]},
        InvalidCards,
        r"^query 1: a board has 0, 3, 4 or 5 cards, not 2 \(§2\.9\)$",
    ),
    (
        {"holes": [[[0, 1], [2, 3]]] * 2, "boards": [[9, 10, 11], [9, 10, 0]]},
        InvalidCards,
        r"^query 1: card 2c appears twice \(§1\.1\)$",
    ),
    (
        {"holes": [[[0, 1], [2, 3]]] * 2, "dead": [[255] * 44, list(range(4, 48))]},
        InvalidCards,
        r"^query 1: 48 cards are in use: too few are left to complete the board \(§2\.9\)$",
    ),
    ({"holes": [[[0, 1]]]}, InvalidCards, r"shape \(queries, 2\.\.10, 2\)"),
    ({"holes": [[0, 1, 2, 3]]}, InvalidCards, r"must have 3 dimensions"),
    ({"holes": [[["As", "Kd"], ["Qh", "Qs"]]]}, InvalidCards, r"integer card ids"),
    ({"holes": [[[0, 1], [2, 3]]], "boards": [[4, 5, 6, 7, 8, 9]]}, InvalidCards, r"shape \(1, 0\.\.5\)"),
    ({"holes": [[[0, 1], [2, 3]]], "trials": 0}, RuleViolation, r"trials must be a positive int"),
    ({"holes": [[[0, 1], [2, 3]]], "seed": -1}, RuleViolation, r"seed must be an int"),
    ({"holes": [[[0, 1], [2, 3]]], "seed": [1, 2]}, RuleViolation, r"seed must be an int, None or 1 ints"),
    ({"holes": [[[0, 1], [2, 3]]], "exact": [1]}, RuleViolation, r"exact must be None, a bool or 1 bools"),
    ({"holes": [[[0, 1], [2, 3]]], "threads": 0}, RuleViolation, r"threads must be an int in 1\.\.64"),
]


@pytest.mark.parametrize(("kwargs", "error", "message"), BAD_QUERIES)
@pytest.mark.parametrize("threads", [1, 2])
def test_2_9_equity_batch_names_the_bad_query(
    kwargs: dict[str, object], error: type[Exception], message: str, threads: int
) -> None:
    kwargs = {"threads": threads, **kwargs}
    with pytest.raises(error, match=message):
        pyholdem.equity_batch(**kwargs)  # type: ignore[arg-type]


def test_2_9_equity_batch_checks_every_row_before_any_work() -> None:
    # A preflop query of MAX_TRIALS trials first, a bad row last: refused at once, nothing computed.
    holes = np.array([[[0, 1], [2, 3]], [[4, 5], [5, 6]]], dtype=np.uint8)
    with pytest.raises(InvalidCards, match=r"^query 1: "):
        pyholdem.equity_batch(holes, exact=False, trials=MAX_TRIALS, seed=1)


def test_2_9_c_equity_batch_refuses_bad_arguments() -> None:
    bad = ffi.new("size_t *")
    holes = ffi.new("uint8_t[]", [0, 1, 2, 3])
    one = ffi.new("uint8_t[]", [0])
    three = ffi.new("uint8_t[]", [3])
    out = [ffi.new("uint64_t[2]") for _ in range(4)]
    seeds = ffi.new("uint64_t[1]")

    def rows(**fields: Any) -> Any:
        base = {"queries": 1, "players": 2, "holes": holes, "boards": one, "board_counts": one, "dead": one}
        outs = dict(zip(("wins", "ties", "shares", "boards_out"), out, strict=True))
        return ffi.new("ph_equity_rows *", {**base, "exact": one, "seeds": seeds, **outs, **fields})

    assert lib.ph_equity_batch_check(rows(players=1), bad) == lib.PH_ERR_ARGUMENT
    assert lib.ph_equity_batch_check(rows(board_stride=6), bad) == lib.PH_ERR_ARGUMENT
    assert lib.ph_equity_batch_check(rows(board_counts=three), bad) == lib.PH_ERR_CARD_COUNT
    assert lib.ph_equity_batch_check(rows(), ffi.NULL) == lib.PH_ERR_ARGUMENT
    assert lib.ph_equity_batch_check(ffi.NULL, bad) == lib.PH_ERR_ARGUMENT
    assert lib.ph_equity_batch(rows(trials=0), bad) == lib.PH_ERR_ARGUMENT  # Monte Carlo with no trials
    assert lib.ph_equity_batch(rows(exact=ffi.NULL, trials=5), bad) == lib.PH_ERR_ARGUMENT
    assert lib.ph_equity_batch(ffi.NULL, bad) == lib.PH_ERR_ARGUMENT


# ---- evaluate_batch: threads, and out written once ----


def random_rows(n: int, k: int, seed: int) -> np.ndarray:
    rng = np.random.default_rng(seed)
    return np.argsort(rng.random((n, 52)), axis=1)[:, :k].astype(np.uint8)


def first_bad_row(hands: np.ndarray, rows: int, k: int) -> tuple[int, int | None]:
    """What a batch check of the first ``rows`` rows must answer, from the spec: ``(PH_OK, None)``,
    or the C status of the first row the spec refuses and that row."""
    for row in range(rows):
        try:
            hand_value(hands[row].tolist())
        except InvalidCards:
            return -lib.ph_hand_value(bytes(hands[row]), k), row
    return lib.PH_OK, None


@pytest.mark.parametrize("k", [5, 6, 7])
def test_2_7_evaluate_batch_threads_give_the_same_values(k: int) -> None:
    hands = random_rows(3001, k, k)
    one = pyholdem.evaluate_batch(hands)
    assert one[:50].tolist() == [hand_value(r.tolist()) for r in hands[:50]]
    for threads in (2, 3, 8, 64):
        assert np.array_equal(pyholdem.evaluate_batch(hands, threads=threads), one)
        out = np.full(len(hands), -3, dtype=np.int32)
        assert pyholdem.evaluate_batch(hands, out, threads=threads) is out
        assert np.array_equal(out, one)


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 499), st.integers(0, 499), st.integers(1, 5), st.sampled_from([0, 52, 255]))
def test_2_7_evaluate_batch_names_the_first_bad_row_for_any_thread_count(
    first: int, second: int, threads: int, card: int
) -> None:
    hands = random_rows(500, 7, 1)
    hands[first, 3] = card if card else hands[first, 2]
    hands[second, 6] = 200
    bad = min(first, second)
    out = np.full(500, -9, dtype=np.int32)
    with pytest.raises(InvalidCards, match=f"^row {bad}: ") as refused:
        pyholdem.evaluate_batch(hands, out, threads=threads)
    assert (out == -9).all()
    with pytest.raises(InvalidCards) as alone:
        pyholdem.evaluate_batch(hands, threads=1)
    assert str(refused.value) == str(alone.value)


def test_2_7_evaluate_batch_writes_out_in_place_without_a_scratch_array(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    hands = random_rows(100, 7, 3)
    out = np.zeros(100, dtype=np.int32)
    made: list[object] = []
    real_empty = np.empty

    def counting_empty(*args: object, **kwargs: object) -> np.ndarray:
        made.append(args)
        return real_empty(*args, **kwargs)  # type: ignore[call-overload,no-any-return]

    monkeypatch.setattr(evaluation.np, "empty", counting_empty)
    assert pyholdem.evaluate_batch(hands, out) is out
    assert made == []
    assert out.tolist() == [hand_value(r.tolist()) for r in hands]


def test_2_7_c_check_batch_agrees_with_evaluate_batch() -> None:
    hands = random_rows(50, 6, 4)
    hands[17, 0] = hands[17, 5]
    bad, bad2 = ffi.new("size_t *"), ffi.new("size_t *")
    out = np.zeros(50, dtype=np.int32)
    cards = ffi.from_buffer("uint8_t[]", hands)
    assert lib.ph_check_batch(cards, 50, 6, bad) == lib.PH_ERR_DUPLICATE_CARD and bad[0] == 17
    assert lib.ph_evaluate_batch(cards, 50, 6, ffi.from_buffer("int32_t[]", out), bad2) == (
        lib.PH_ERR_DUPLICATE_CARD
    )
    assert bad2[0] == 17
    assert lib.ph_check_batch(cards, 17, 6, bad) == lib.PH_OK
    assert lib.ph_check_batch(cards, 5, 4, bad) == lib.PH_ERR_CARD_COUNT
    assert lib.ph_check_batch(ffi.NULL, 5, 5, bad) == lib.PH_ERR_ARGUMENT


# ---- evaluate_mask: a C builtin with the same answers and errors ----


def test_2_4_evaluate_mask_is_a_builtin_with_the_typed_errors() -> None:
    assert type(pyholdem.evaluate_mask).__name__ == "builtin_function_or_method"
    full = pyholdem.cards_to_mask("As Kd Qh Jc Ts 2c 3d")
    assert pyholdem.evaluate_mask(full) == hand_value("As Kd Qh Jc Ts 2c 3d")
    assert pyholdem.evaluate_mask(np.uint64(full)) == pyholdem.evaluate_mask(full)
    assert pyholdem.evaluate_mask(np.int64(full)) == pyholdem.evaluate_mask(full)
    cases = [full | 1 << 52, 1 << 63, 1 << 64, -1, -(1 << 70), 0, 0b1111, True, np.True_, "As", 1.0, None]
    for bad in cases:  # both refuse it, with the same message
        refusal = _answer(pyholdem.evaluate_mask, bad)
        assert isinstance(refusal, str) and refusal == _answer(evaluation._evaluate_mask, bad)


@settings(max_examples=200)
@given(st.integers(-(1 << 65), 1 << 65) | st.integers(0, (1 << 52) - 1))
def test_2_4_evaluate_mask_builtin_matches_the_python_path(mask: int) -> None:
    assert _answer(pyholdem.evaluate_mask, mask) == _answer(evaluation._evaluate_mask, mask)


def _answer(evaluate: Any, argument: object) -> object:
    """What ``evaluate(argument)`` gives: its value, or its ``InvalidCards`` message."""
    try:
        value: object = evaluate(argument)
    except InvalidCards as exc:
        return str(exc)
    return value


# ---- evaluate: a C builtin for tuples and lists of int ids, the Python path for the rest ----


def test_2_4_evaluate_is_a_builtin_with_the_typed_errors() -> None:
    assert type(pyholdem.evaluate).__name__ == "builtin_function_or_method"
    hand = [int(c) for c in cards("As Kd Qh Jc Ts 2c 3d")]
    assert pyholdem.evaluate(tuple(hand)) == pyholdem.evaluate(hand) == hand_value("As Kd Qh Jc Ts 2c 3d")
    assert pyholdem.evaluate(tuple(np.array(hand, dtype=np.int8))) == pyholdem.evaluate(hand)
    cases: list[object] = [
        (0, 0, 1, 2, 3), (True, 1, 2, 3, 4), (0, 1, 2, 3, 52), (0, 1, 2, 3, -1), (0, 1, 2, 3),
        tuple(range(8)), [0, 1, 2, 3, 1 << 70], (0, 1, 2, 3, 4.0), (0, 1, 2, 3, None), (), [], 5, None,
        "xx", (0, 1, 2, 3, "2c"),
    ]  # fmt: skip
    for bad in cases:  # both refuse it, with the same message
        refusal = _answer(pyholdem.evaluate, bad)
        assert isinstance(refusal, str) and refusal == _answer(evaluation._evaluate, bad)


@settings(max_examples=300)
@given(
    st.lists(st.integers(-3, 54) | st.sampled_from([True, 1 << 64, "As", "2c"]), min_size=0, max_size=9),
    st.booleans(),
)
def test_2_4_evaluate_builtin_matches_the_python_path(drawn: list[object], as_tuple: bool) -> None:
    hand = tuple(drawn) if as_tuple else drawn
    assert _answer(pyholdem.evaluate, hand) == _answer(evaluation._evaluate, hand)


@pytest.mark.parametrize("k", [5, 6, 7])
def test_2_7_c_checked_batch_is_safe_on_any_bytes_and_right_on_valid_rows(k: int) -> None:
    rng = np.random.default_rng(k)
    junk = rng.integers(0, 256, size=(4000, k), dtype=np.uint8)
    junk[:, 0] = rng.integers(0, 4, size=4000, dtype=np.uint8) * 52 // 4 + 200  # many bytes above 51
    out = np.zeros(4000, dtype=np.int32)
    assert lib.ph_evaluate_checked_batch(
        ffi.from_buffer("uint8_t[]", junk), 4000, k, ffi.from_buffer("int32_t[]", out)
    ) == (lib.PH_OK)
    assert ((out >= 0) & (out < 9 << 12)).all()
    hands = random_rows(999, k, 11)
    assert lib.ph_evaluate_checked_batch(
        ffi.from_buffer("uint8_t[]", hands), 999, k, ffi.from_buffer("int32_t[]", out)
    ) == (lib.PH_OK)
    assert np.array_equal(out[:999], pyholdem.evaluate_batch(hands))
    assert lib.ph_evaluate_checked_batch(ffi.NULL, 1, k, ffi.NULL) == lib.PH_ERR_ARGUMENT
    assert lib.ph_evaluate_checked_batch(ffi.NULL, 0, 8, ffi.NULL) == lib.PH_ERR_CARD_COUNT


# ---- equity(threads=): an exact run in parts ----


@settings(max_examples=15, deadline=None)
@given(st.permutations(range(52)), st.integers(2, 4), st.sampled_from([0, 3, 4, 5]), st.integers(2, 6))
def test_2_9_exact_equity_is_the_same_for_every_thread_count(
    deck: list[int], players: int, shown: int, threads: int
) -> None:
    holes = [deck[2 * p : 2 * p + 2] for p in range(players)]
    board = deck[2 * players : 2 * players + shown]
    dead = deck[20:23] if shown == 0 else []  # keep preflop cases small: three dead cards
    if shown == 0 and players > 2:
        board = deck[2 * players : 2 * players + 3]
    one = pyholdem.equity(holes, board, dead)
    assert pyholdem.equity(holes, board, dead, threads=threads) == one
    if len(board) >= 4:
        assert one == rankings.equity(holes, board, dead)


def test_2_9_monte_carlo_equity_ignores_threads_for_its_one_stream() -> None:
    one = pyholdem.equity(["As Ks", "Qd Qh"], trials=5000, seed=3)
    assert pyholdem.equity(["As Ks", "Qd Qh"], trials=5000, seed=3, threads=4) == one


def test_2_9_exact_parts_cover_every_part_once() -> None:
    for size, left, threads in [(48, 5, 2), (45, 2, 3), (44, 1, 4), (40, 0, 2), (46, 3, 64)]:
        ranges = exact_parts(size, left, threads)
        parts = size - left + 1 if left >= 2 else 1
        assert ranges[0][0] == 0 and ranges[-1][1] == parts and len(ranges) <= threads
        assert all(a[1] == b[0] for a, b in itertools.pairwise(ranges))


def test_2_9_c_exact_part_refuses_bad_runs() -> None:
    run = ffi.new("ph_equity_run *")
    assert lib.ph_equity_exact_part(run, 0, 1) == lib.PH_ERR_ARGUMENT  # never started
    holes = bytes([51, 47, 43, 39])
    assert lib.ph_equity_start(run, holes, 2, bytes([0, 1, 2]), 3, b"", 0, 0) == lib.PH_OK
    assert lib.ph_equity_exact_part(run, 0, run.size) == lib.PH_ERR_ARGUMENT  # 44 parts, not 45
    assert lib.ph_equity_exact_part(run, 2, 1) == lib.PH_ERR_ARGUMENT
    assert lib.ph_equity_exact_part(run, 0, run.size - 1) == lib.PH_OK
    assert run.boards == math.comb(45, 2)
    run.deck[0] = 52
    assert lib.ph_equity_exact_part(run, 0, 1) == lib.PH_ERR_ARGUMENT
    assert lib.ph_equity_exact_part(ffi.NULL, 0, 1) == lib.PH_ERR_ARGUMENT


@settings(max_examples=150, deadline=None)
@given(
    st.integers(5, 7),
    st.integers(1, 40),
    st.lists(st.tuples(st.integers(0, 39), st.integers(0, 6), st.integers(0, 255)), max_size=3),
    st.integers(0, 2**32 - 1),
)
def test_2_7_c_check_batch_finds_the_first_bad_row_like_the_spec(
    k: int, rows: int, changes: list[tuple[int, int, int]], seed: int
) -> None:
    hands = random_rows(rows, k, seed)
    for row, position, card in changes:
        hands[row % rows, position % k] = card
    expected = first_bad_row(hands, rows, k)
    bad = ffi.new("size_t *")
    status = lib.ph_check_batch(ffi.from_buffer("uint8_t[]", hands), rows, k, bad)
    assert (status, bad[0] if status != lib.PH_OK else None) == expected
