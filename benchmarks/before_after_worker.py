"""One side of the before/after benchmark: times workloads on the pyholdem found on ``PYTHONPATH``.

``bench_before_after.py`` starts two of these, one with an older tree on ``PYTHONPATH`` and one with
the current tree, and asks them for rounds in turn. Each request is one JSON line on stdin, each
answer one JSON line on stdout:

- ``{"op": "modules"}`` -> ``{"modules": {NAME: FILE}}``: where every ``pyholdem`` module loaded so
  far came from (the compiled core included, once a workload has used it);
- ``{"op": "round", "workload": NAME}`` -> ``{"seconds": S, "items": N, "digest": HEX}``: one timed
  round (inputs are made, untimed, on the first request) and a hash of its answers, so that the two
  versions can be checked to answer alike.

Only the public API both versions share is used (``Hand(...)`` and its actions, ``evaluate_batch``,
``resolve_pots``, ``resolve_pots_batch``). The inputs and the hand policy come from ``workloads.py``
(next to this file, imported without pyholdem).
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
import time
from collections.abc import Callable
from typing import Any

import numpy as np
from workloads import SEATS, play_out, random_hands, six_way_hands

import pyholdem  # from PYTHONPATH: the tree under test

HANDS = 200  # per round, seeds 0..199 as in bench_hand.py
RULES = pyholdem.RuleSet()
STACKS = (10_000,) * SEATS
EVAL_HANDS = 2_000_000
BATCH_POTS = 200_000
SINGLE_POTS = 2_000


def play_hand(seed: int) -> tuple[int, tuple[int, ...]]:
    """bench_hand.py's hand on the C engine: the actions played and the final stacks."""
    rng = random.Random(seed)
    h = pyholdem.Hand(RULES, STACKS, button=seed % SEATS, blinds=(50, 100), seed=seed, engine="native")
    actions = play_out(h, rng)
    assert h.result is not None
    return actions, tuple(h.result.stacks)


Round = Callable[[], Any]
Digest = Callable[[Any], bytes]


def hand_workload() -> tuple[Round, Digest, int]:
    def run() -> list[tuple[int, tuple[int, ...]]]:
        return [play_hand(seed) for seed in range(HANDS)]

    return run, lambda results: repr(results).encode(), HANDS


def evaluate_batch_workload() -> tuple[Round, Digest, int]:
    hands = random_hands(EVAL_HANDS)
    out = np.empty(EVAL_HANDS, dtype=np.int32)
    evaluate_batch = pyholdem.evaluate_batch

    def run() -> np.ndarray:
        evaluate_batch(hands, out)
        return out

    return run, lambda values: values.tobytes(), EVAL_HANDS


def resolve_pots_batch_workload() -> tuple[Round, Digest, int]:
    c, f, v, b = six_way_hands(BATCH_POTS)
    resolve_pots_batch = pyholdem.resolve_pots_batch

    def run() -> np.ndarray:
        return resolve_pots_batch(c, f, v, b)

    return run, lambda payouts: np.ascontiguousarray(payouts, dtype=np.int64).tobytes(), BATCH_POTS


def resolve_pots_workload() -> tuple[Round, Digest, int]:
    c, f, v, b = six_way_hands(SINGLE_POTS)
    rows = [(c[i].tolist(), f[i].tolist(), v[i].tolist(), int(b[i])) for i in range(SINGLE_POTS)]
    resolve_pots = pyholdem.resolve_pots

    def run() -> list[Any]:
        return [resolve_pots(*row) for row in rows]

    def digest(settlements: list[Any]) -> bytes:
        return repr(
            [(s.payouts, [(p.amount, p.eligible, p.winners) for p in s.pots]) for s in settlements]
        ).encode()

    return run, digest, SINGLE_POTS


def enumerate_workload() -> tuple[Round, Digest, int]:
    enumerate_categories = pyholdem.enumerate_categories

    def run() -> dict[Any, int]:
        return enumerate_categories(7)

    return run, lambda counts: repr(sorted((int(c), n) for c, n in counts.items())).encode(), 133_784_560


def equity_workload() -> tuple[Round, Digest, int]:
    equity = pyholdem.equity

    def run() -> Any:
        return equity(["As Ks", "Qd Qh"])  # exact: every one of the 1,712,304 preflop boards

    return run, lambda result: repr((result.win, result.tie, result.equity)).encode(), 1_712_304


SIMULATED_HANDS = 20_000


def simulate_workload() -> tuple[Round, Digest, int]:
    simulate = pyholdem.simulate

    def run() -> Any:
        return simulate(RULES, SIMULATED_HANDS, STACKS, button=0, blinds=(50, 100), seed=7)

    def digest(result: Any) -> bytes:
        fields = (result.net, result.showdown, result.actions, result.pots)
        return b"".join(np.ascontiguousarray(f).tobytes() for f in fields)

    return run, digest, SIMULATED_HANDS


def range_workload() -> tuple[Round, Digest, int]:
    range_equity = pyholdem.range_equity
    ranges, board = ["QQ+, AKs, AKo", "JJ, TT, AQs", "98s, 76s"], "Kh 7c 2d"

    def run() -> Any:
        return range_equity(ranges, board, exact=True)

    result = run()
    return run, lambda r: repr((r.equity, r.win, r.tie, r.deals, r.boards)).encode(), result.boards


WORKLOADS: dict[str, Callable[[], tuple[Round, Digest, int]]] = {
    "hand": hand_workload,
    "evaluate_batch": evaluate_batch_workload,
    "resolve_pots_batch": resolve_pots_batch_workload,
    "resolve_pots": resolve_pots_workload,
    "enumerate": enumerate_workload,
    "equity": equity_workload,
    "simulate": simulate_workload,
    "range_exact": range_workload,
}


def main() -> None:
    ready: dict[str, tuple[Round, Digest, int]] = {}
    for line in sys.stdin:
        request = json.loads(line)
        if request["op"] == "modules":
            loaded = {name: getattr(module, "__file__", None) for name, module in sys.modules.items()}
            answer: dict[str, Any] = {
                "modules": {name: file for name, file in loaded.items() if name.split(".")[0] == "pyholdem"}
            }
        else:
            name = request["workload"]
            if name not in ready:
                try:
                    ready[name] = WORKLOADS[name]()
                except (ImportError, AttributeError, TypeError) as error:  # a tree without this call
                    sys.stdout.write(json.dumps({"unavailable": f"{type(error).__name__}: {error}"}) + "\n")
                    sys.stdout.flush()
                    continue
            run, digest, items = ready[name]
            start = time.perf_counter()
            result = run()
            seconds = time.perf_counter() - start
            answer = {
                "seconds": seconds,
                "items": items,
                "digest": hashlib.sha256(digest(result)).hexdigest(),
            }
        sys.stdout.write(json.dumps(answer) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
