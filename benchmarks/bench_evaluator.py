"""The hand evaluator against phevaluator, eval7 and treys, side by side in one run (spec 02).

Competitors are skipped one by one when their package is missing; pyholdem is always measured.
Each benchmark also checks that its result is right, so that nothing fast-but-wrong is timed.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

import pyholdem
from pyholdem.spec.cards import Card

SEVEN_CARD_TOTAL = 133_784_560
PREFLOP_BOARDS = 1_712_304
CALLS = 1000


@pytest.fixture(scope="module")
def call_hands(random_hands: np.ndarray) -> list[tuple[int, ...]]:
    return [tuple(int(c) for c in row) for row in random_hands[:CALLS]]


def spec_classes(hands: list[tuple[int, ...]]) -> list[int]:
    return [pyholdem.hand_class(pyholdem.evaluate(h)) for h in hands]


# ---- per call: one 7-card hand per Python call ----


def test_per_call_pyholdem_evaluate_mask(benchmark: Any, report: Any, call_hands: Any) -> None:
    masks = [pyholdem.cards_to_mask(h) for h in call_hands]
    evaluate_mask = pyholdem.evaluate_mask

    def run() -> list[int]:
        return [evaluate_mask(m) for m in masks]

    assert [pyholdem.hand_class(v) for v in benchmark(run)] == spec_classes(call_hands)
    report(benchmark, "per call, mask / ids", "pyholdem evaluate_mask(int)", CALLS)


def test_per_call_phevaluator_evaluate_7cards(benchmark: Any, report: Any, call_hands: Any) -> None:
    pheval = pytest.importorskip("phevaluator._pheval")
    evaluate_7cards = pheval.evaluate_7cards

    def run() -> list[int]:
        return [evaluate_7cards(*h) for h in call_hands]

    assert benchmark(run) == spec_classes(call_hands)
    report(benchmark, "per call, mask / ids", "phevaluator _pheval.evaluate_7cards", CALLS)


def test_per_call_eval7_evaluate(benchmark: Any, report: Any, call_hands: Any) -> None:
    eval7 = pytest.importorskip("eval7")
    hands = [[eval7.Card(str(Card(c))) for c in h] for h in call_hands]
    evaluate = eval7.evaluate

    def run() -> list[int]:
        return [evaluate(h) for h in hands]

    values = np.array(benchmark(run))
    ours = np.array([pyholdem.evaluate(h) for h in call_hands])
    assert (np.diff(ours[np.argsort(values, kind="stable")]) >= 0).all()
    assert (np.diff(values[np.argsort(ours, kind="stable")]) >= 0).all()
    report(benchmark, "per call, mask / ids", "eval7 evaluate(list of Card)", CALLS)


def test_per_call_treys_evaluate(benchmark: Any, report: Any, call_hands: Any) -> None:
    treys = pytest.importorskip("treys")
    evaluator = treys.Evaluator()
    hands = [[treys.Card.new(str(Card(c))) for c in h] for h in call_hands]

    def run() -> list[int]:
        return [evaluator.evaluate(h[:5], h[5:]) for h in hands]

    assert benchmark(run) == spec_classes(call_hands)
    report(benchmark, "per call, mask / ids", "treys Evaluator.evaluate", CALLS)


@pytest.mark.parametrize("kind", ["ints", "strings"])
def test_per_call_pyholdem_evaluate(benchmark: Any, report: Any, call_hands: Any, kind: str) -> None:
    hands = call_hands if kind == "ints" else [tuple(str(Card(c)) for c in h) for h in call_hands]
    evaluate = pyholdem.evaluate

    def run() -> list[int]:
        return [evaluate(h) for h in hands]

    assert [pyholdem.hand_class(v) for v in benchmark(run)] == spec_classes(call_hands)
    report(benchmark, f"per call, tuple of {kind}", "pyholdem evaluate(tuple)", CALLS)


@pytest.mark.parametrize("kind", ["ints", "strings"])
def test_per_call_phevaluator_evaluate_cards(benchmark: Any, report: Any, call_hands: Any, kind: str) -> None:
    phevaluator = pytest.importorskip("phevaluator")
    hands = call_hands if kind == "ints" else [tuple(str(Card(c)) for c in h) for h in call_hands]
    evaluate_cards = phevaluator.evaluate_cards

    def run() -> list[int]:
        return [evaluate_cards(*h) for h in hands]

    assert benchmark(run) == spec_classes(call_hands)
    report(benchmark, f"per call, tuple of {kind}", "phevaluator evaluate_cards(*cards)", CALLS)


# ---- batch: random 7-card hands from a NumPy array ----


def test_batch_pyholdem_evaluate_batch(benchmark: Any, report: Any, random_hands: np.ndarray) -> None:
    out = np.empty(len(random_hands), dtype=np.int32)
    benchmark(pyholdem.evaluate_batch, random_hands, out)
    assert out[:CALLS].tolist() == [pyholdem.evaluate(tuple(int(c) for c in r)) for r in random_hands[:CALLS]]
    report(benchmark, "batch, random 7-card hands", "pyholdem evaluate_batch", len(random_hands))


def test_batch_phevaluator_c_loop(
    benchmark: Any, report: Any, random_hands: np.ndarray, pheval_loop: Any
) -> None:
    out = np.empty(len(random_hands), dtype=np.int32)
    ffi, lib = pheval_loop.ffi, pheval_loop.lib
    cards = ffi.from_buffer("uint8_t[]", random_hands)
    target = ffi.from_buffer("int32_t[]", out)
    benchmark(lib.pheval_batch7, cards, len(random_hands), target)
    ours = pyholdem.evaluate_batch(random_hands[:CALLS])
    assert out[:CALLS].tolist() == [pyholdem.hand_class(int(v)) for v in ours]
    report(
        benchmark, "batch, random 7-card hands", "phevaluator evaluate_7cards in a C loop", len(random_hands)
    )


def test_batch_eval7_python_loop(benchmark: Any, report: Any, random_hands: np.ndarray) -> None:
    eval7 = pytest.importorskip("eval7")
    deck = [eval7.Card(str(Card(c))) for c in range(52)]
    hands = [[deck[c] for c in row] for row in random_hands[:20_000].tolist()]
    evaluate = eval7.evaluate
    benchmark(lambda: [evaluate(h) for h in hands])
    report(benchmark, "batch, random 7-card hands", "eval7 evaluate in a Python loop", len(hands))


def test_batch_treys_python_loop(benchmark: Any, report: Any, random_hands: np.ndarray) -> None:
    treys = pytest.importorskip("treys")
    evaluator = treys.Evaluator()
    deck = [treys.Card.new(str(Card(c))) for c in range(52)]
    hands = [[deck[c] for c in row] for row in random_hands[:5_000].tolist()]
    benchmark(lambda: [evaluator.evaluate(h[:5], h[5:]) for h in hands])
    report(benchmark, "batch, random 7-card hands", "treys evaluate in a Python loop", len(hands))


# ---- enumeration: every 7-card hand, counted by category ----


def test_enumerate_pyholdem(benchmark: Any, report: Any) -> None:
    counts = benchmark.pedantic(pyholdem.enumerate_categories, args=(7,), rounds=5, iterations=1)
    assert sum(counts.values()) == SEVEN_CARD_TOTAL
    report(benchmark, "enumerate all 7-card hands", "pyholdem enumerate_categories(7)", SEVEN_CARD_TOTAL)


def test_enumerate_phevaluator_c_loop(benchmark: Any, report: Any, pheval_loop: Any) -> None:
    counts = pheval_loop.ffi.new("uint64_t[9]")

    def run() -> None:
        pheval_loop.ffi.memmove(counts, bytes(72), 72)
        pheval_loop.lib.pheval_enumerate7(counts)

    benchmark.pedantic(run, rounds=1, iterations=1)
    assert list(counts) == [pyholdem.enumerate_categories(7)[c] for c in sorted(pyholdem.Category)]
    report(
        benchmark,
        "enumerate all 7-card hands",
        "phevaluator evaluate_7cards, C nested loops",
        SEVEN_CARD_TOTAL,
    )


# ---- exact heads-up preflop equity: every one of the 1,712,304 boards ----


def test_equity_pyholdem(benchmark: Any, report: Any) -> None:
    result = benchmark(pyholdem.equity, ["As Ks", "Qd Qh"])
    assert result.boards == PREFLOP_BOARDS
    report(benchmark, "exact heads-up preflop equity", "pyholdem equity (AsKs v QdQh)", 1)


def test_equity_phevaluator_c_loop(benchmark: Any, report: Any, pheval_loop: Any) -> None:
    ffi, lib = pheval_loop.ffi, pheval_loop.lib
    hole = ffi.new("int[4]", [int(c) for c in pyholdem.cards("As Ks Qd Qh")])
    wins, ties = ffi.new("uint64_t[2]"), ffi.new("uint64_t[2]")

    def run() -> None:
        ffi.memmove(wins, bytes(16), 16)
        ffi.memmove(ties, bytes(16), 16)
        lib.pheval_equity(hole, wins, ties)

    benchmark(run)
    ours = pyholdem.equity(["As Ks", "Qd Qh"])
    assert (tuple(wins), tuple(ties)) == (ours.wins, ours.ties)
    report(benchmark, "exact heads-up preflop equity", "phevaluator evaluate_7cards, C loop", 1)
