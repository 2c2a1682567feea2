"""``HandBatch``: a random agent written in NumPy steps 100,000 six-max hands to the end, against the same
agent looping over ``Hand``s and against ``simulate`` with its built-in random policy.

The workload is ``bench_simulate``'s: six-max no-limit, 50/100 blinds, 100 big blinds each, button on seat 0,
the benchmark's random policy (check 60 %, call 15 %, bet or raise up to three times the minimum 10 %, else
check or fold). Contenders, each timed once per round in turn (interleaved: the load of the shared machine
falls on all alike), each one's best round kept, rates in actions per second:

- ``HandBatch`` + ``agent`` (NumPy, one call per step for every hand still going), one thread and two;
  the batch's construction (dealing the 100,000 hands) is inside the time;
- the same ``agent`` looping over ``Hand``s (each decision one call of ``agent`` on arrays of one hand);
- the plain Python loop of ``workloads.play_out`` over ``Hand``s (the same policy with Python's ``random``);
- ``simulate(..., policy=RandomPolicy())``, one thread: the policy in C, one call for every hand.

Targets: ``HandBatch`` at least 30x the agent looping over ``Hand``s and at least 0.5x ``simulate``.
"""

from __future__ import annotations

import math
import random
import time
from typing import Any

import numpy as np
import pytest

from benchmarks.workloads import play_out
from pyholdem import Hand, HandBatch, RuleSet, simulate
from pyholdem.engine.batch import BET, CALL, CHECK, FOLD, LEGAL_BET, LEGAL_CALL, LEGAL_CHECK, RAISE

RULES = RuleSet()
STACKS = [10_000] * 6
BLINDS = (50, 100)
BATCH_HANDS = 100_000
LOOP_HANDS = 300
ROUNDS = 5


def _kinds_table() -> np.ndarray:
    """The policy's action for each legal-action bitmask (0..31) and draw u = d / 20 (d in 0..19: every
    threshold is a multiple of 1/20, so the action is the same for every u in [d/20, (d+1)/20)): check when
    u < 0.6, else call when u < 0.75, else bet or raise when u < 0.85, each where it may; otherwise check
    where it may, else fold."""
    table = np.zeros((32, 20), dtype=np.int64)
    for legal in range(32):
        for d in range(20):
            u = d / 20
            check = bool(legal & LEGAL_CHECK) and u < 0.6
            call = not check and bool(legal & LEGAL_CALL) and u < 0.75
            wager = not check and not call and legal >= LEGAL_BET and u < 0.85
            kind = CHECK if legal & LEGAL_CHECK else FOLD
            if call:
                kind = CALL
            elif wager:
                kind = BET if legal & LEGAL_BET else RAISE
            table[legal, d] = kind
    return table.ravel()


KINDS = _kinds_table()


def agent(
    legal: np.ndarray, low: np.ndarray, high: np.ndarray, rng: np.random.Generator
) -> tuple[np.ndarray, np.ndarray]:
    """The random policy for a row of hands: their legal-action bits and bet or raise bounds in, kinds and
    amounts out (a bet or raise to a uniform amount from the minimum to three times it, within the
    maximum). One draw of 0..19 a hand picks its action from ``KINDS``."""
    kinds = KINDS[legal * np.intp(20) + rng.integers(0, 20, len(legal))]
    wager = np.flatnonzero(kinds >= BET)
    amounts = np.zeros(len(legal), dtype=np.int64)
    least = low[wager]
    amounts[wager] = least + rng.integers(0, np.minimum(high[wager], 3 * least) - least + 1)
    return kinds, amounts


def batch_run(threads: int) -> tuple[int, HandBatch]:
    """Deal the hands and step them to the end; the actions played."""
    batch = HandBatch(RULES, BATCH_HANDS, STACKS, button=0, blinds=BLINDS, seed=1, threads=threads)
    obs = batch.observe()
    rng = np.random.default_rng(1)
    going = np.flatnonzero(~obs.done)
    while going.size:
        kinds, amounts = agent(obs.legal[going], obs.min_to[going], obs.max_to[going], rng)
        step = batch.step(kinds, amounts, rows=going)
        going = going[~step.finished]
    return int(obs.actions.sum()), batch


def agent_loop() -> int:
    """The same agent, one ``Hand`` and one decision at a time."""
    rng = np.random.default_rng(2)
    played = 0
    for s in range(LOOP_HANDS):
        hand = Hand(RULES, STACKS, button=0, blinds=BLINDS, seed=s)
        while not hand.is_over:
            legal = hand.legal_actions()
            bits = 1 | legal.check << CHECK | (legal.call is not None) << CALL
            low = high = 0
            if legal.min_raise_to is not None:
                bits |= LEGAL_BET if legal.is_bet else 1 << RAISE
                low, high = legal.min_raise_to, legal.max_raise_to
            kinds, amounts = agent(np.array([bits]), np.array([low]), np.array([high]), rng)
            kind = int(kinds[0])
            hand.act(
                ("fold", "check", "call", "bet", "raise")[kind], int(amounts[0]) if kind >= BET else None
            )
            played += 1
    return played


def python_loop() -> int:
    return sum(
        play_out(Hand(RULES, STACKS, button=0, blinds=BLINDS, seed=s), random.Random(s))
        for s in range(LOOP_HANDS)
    )


def simulate_run() -> int:
    return int(simulate(RULES, BATCH_HANDS, STACKS, button=0, blinds=BLINDS, seed=1).actions.sum())


def test_bench_batch_against_the_hand_loop_and_simulate(
    benchmark: Any, capsys: pytest.CaptureFixture[str]
) -> None:
    best: dict[str, float] = {}
    actions: dict[str, int] = {}

    def timed(name: str, run: Any) -> None:
        start = time.perf_counter()
        out = run()
        wall = time.perf_counter() - start
        actions[name] = out[0] if isinstance(out, tuple) else out
        best[name] = min(best.get(name, math.inf), wall)

    contenders = {
        "HandBatch threads=1": lambda: batch_run(1),
        "HandBatch threads=2": lambda: batch_run(2),
        "agent looping over Hand": agent_loop,
        "Python loop over Hand (play_out)": python_loop,
        "simulate threads=1": simulate_run,
    }

    def one_round() -> None:
        for name, run in contenders.items():
            timed(name, run)

    benchmark.pedantic(one_round, rounds=ROUNDS, iterations=1, warmup_rounds=0)
    played, batch = batch_run(1)
    obs = batch.observe()
    assert obs.done.all() and (obs.net.sum(axis=1) == 0).all() and obs.showdown.mean() > 0.5
    assert abs(played / BATCH_HANDS - actions["simulate threads=1"] / BATCH_HANDS) < 1.0  # the same policy
    assert batch_run(2)[1].observe().net.tolist() == obs.net.tolist()
    rate = {name: actions[name] / t for name, t in best.items()}
    benchmark.extra_info.update({name: round(r) for name, r in rate.items()})
    loop, sim = rate["agent looping over Hand"], rate["simulate threads=1"]
    with capsys.disabled():
        print(
            f"\nbest of {ROUNDS} interleaved rounds, actions per second ({played / BATCH_HANDS:.1f} a hand):"
        )
        for name, r in rate.items():
            print(f"  {name:34s} {r:12,.0f}/s")
        for threads in (1, 2):
            r = rate[f"HandBatch threads={threads}"]
            print(
                f"  HandBatch threads={threads}: {r / loop:.1f}x the agent looping over Hand (target 30x), "
                f"{r / rate['Python loop over Hand (play_out)']:.1f}x the Python loop, "
                f"{r / sim:.2f}x simulate (target 0.5x)"
            )
