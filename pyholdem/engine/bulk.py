"""Hands in bulk: ``simulate`` plays N hands in one C call per chunk (``csrc/simulate.c``) on the C hand
engine, with a policy given as data (``pyholdem.engine.policies``, whose pure Python twins play the same
hands through ``Hand``).

The set-up is the one ``Hand`` takes (a ``HandSetup``, §3.20, or ``Hand``'s keywords), the same for
every hand; hand ``i`` deals from ``(seed, i)`` and its policy draws from ``(seed, i)`` as the
policies module documents, so hand ``i`` is exactly the hand ``Hand(setup with seed=hand_seed(seed,
i))`` plays with ``policy.player(seed, i)``. ``threads=`` splits the hands into contiguous chunks, one C
call each from a thread pool (``pyholdem.native.simulate``; the GIL is released); every hand depends on
``(seed, i)`` only, so the result is the same bit for bit for any thread count.
"""

from __future__ import annotations

import dataclasses
import os
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from pyholdem.engine.hand import Hand
from pyholdem.engine.native_engine import NativeHand, start
from pyholdem.engine.policies import (
    INDEX_LIMIT,
    POLICIES,
    SEED_LIMIT,
    AlwaysCall,
    Policy,
    RandomPolicy,
    StreetPolicy,
    fast_deal,
    hand_seed,
    stream,
)
from pyholdem.engine.setup import HandSetup, setup_from_arguments
from pyholdem.errors import NativeError, SimulationError, show_value
from pyholdem.native.hand import native_rules, pack_setup
from pyholdem.native.lib import ffi, lib
from pyholdem.native.parallel import MAX_THREADS
from pyholdem.native.shuffle import CARDS
from pyholdem.native.simulate import DECK_CODES, simulate_rows
from pyholdem.rules.ruleset import RuleSet
from pyholdem.values import is_int

__all__ = ["DECKS", "SimulationResult", "simulate"]

DECKS = tuple(DECK_CODES)


@dataclass(frozen=True, eq=False)  # arrays: compare their fields with numpy
class SimulationResult:
    """What ``simulate`` returns: per hand (row ``i`` is hand ``i``) ``net`` (n_hands x seats, int64: chips
    won or lost), ``showdown`` (bool), ``actions`` (int32: actions played), ``pots`` (int64: chips in the
    pots awarded, uncalled bets returned not counted); ``records`` the recorded hands as finished
    ``Hand`` objects by hand index; ``seed`` the seed used (drawn when none was given); ``first`` the index
    of the hand in row 0."""

    net: np.ndarray
    showdown: np.ndarray
    actions: np.ndarray
    pots: np.ndarray
    seed: int
    deck: str
    first: int
    records: dict[int, Hand] = field(default_factory=dict)


def _policy_struct(policy: object) -> Any:
    """The ``ph_policy`` of a policy object, refused with a ``SimulationError`` naming it."""
    if not isinstance(policy, POLICIES):
        names = ", ".join(p.__name__ for p in POLICIES)
        raise SimulationError(f"policy {show_value(policy)} is not one of {names} (pyholdem.engine.policies)")
    c = ffi.new("ph_policy *")
    if isinstance(policy, RandomPolicy):
        c.kind = lib.PH_POLICY_RANDOM
    elif isinstance(policy, AlwaysCall):
        c.kind = lib.PH_POLICY_CALL
    else:
        assert isinstance(policy, StreetPolicy)
        c.kind = lib.PH_POLICY_STREETS
        for street, (fold_below, passive_below) in enumerate(policy.thresholds()):
            c.fold_below[street] = fold_below
            c.passive_below[street] = passive_below
    return c


def _the_setup(rules: Any, stacks: Any, arguments: dict[str, Any]) -> HandSetup:
    """The set-up of ``simulate``'s arguments as given (``setup_from_arguments`` checks them)."""
    if isinstance(rules, HandSetup):
        if stacks is not None or arguments:
            raise SimulationError("setup: simulate(setup, n_hands) takes no stacks or set-up keywords")
        setup = rules
    else:
        setup = setup_from_arguments(rules, stacks, **arguments)
    if setup.seed is not None or setup.hole_cards is not None or setup.board:
        raise SimulationError(
            "setup: simulate deals every hand from its seed and index; the set-up must fix no seed or cards"
        )
    return setup


def _hand_setup(setup: HandSetup, seed: int, index: int, deck: str) -> tuple[HandSetup, list[int] | None]:
    """Hand ``index``'s own set-up (its seed, or its fast deck's cards) and, for the fast deck, the card
    ids as ``ph_setup.cards`` lays them out."""
    if deck == "standard":
        return dataclasses.replace(setup, seed=hand_seed(seed, index)), None
    holes, burns, board = fast_deal(seed, index, setup.in_hand)
    known = dataclasses.replace(
        setup,
        seed=hand_seed(seed, index),
        hole_cards=tuple(None if h is None else (CARDS[h[0]], CARDS[h[1]]) for h in holes),
        board=tuple(CARDS[c] for c in board),
    )
    return known, [c for h in holes if h is not None for c in h] + [*burns, *board]


def _record(
    setup: HandSetup, crules: Any, cpolicy: Any, seed: int, index: int, deck: str
) -> tuple[Hand, int]:
    """Hand ``index`` played again on the C engine with its log kept, as a finished ``Hand``."""
    own, cards = _hand_setup(setup, seed, index, deck)
    # the fast deck's cards (its burns too) as the bulk call laid them out, else the seed's deck
    engine = start(own, insist=True) if cards is None else NativeHand(own, crules, None, cards)
    assert isinstance(engine, NativeHand)
    hand = Hand.on_engine(own, engine)
    rng = ffi.new("uint64_t *", stream(seed, index))
    return hand, engine.play_policy(cpolicy, rng)


def check_run(n_hands: object, first: object) -> None:
    """Refuse a run of ``n_hands`` hands from index ``first`` that leaves the indices below 2**32."""
    if not is_int(n_hands) or not 0 <= n_hands <= INDEX_LIMIT:
        raise SimulationError(f"n_hands {show_value(n_hands)} is not a number of hands in 0..{INDEX_LIMIT}")
    if not is_int(first) or not 0 <= first <= INDEX_LIMIT - n_hands:
        raise SimulationError(
            f"first {show_value(first)} is not a hand index with first + n_hands ({n_hands}) <= {INDEX_LIMIT}"
        )


def run_seed(seed: object) -> int:
    """The run's seed: ``seed`` checked (0 .. 2**64 - 1), or a fresh one when ``None``."""
    if seed is None:
        return int.from_bytes(os.urandom(8), "little")
    if not is_int(seed) or not 0 <= seed < SEED_LIMIT:
        raise SimulationError(f"seed {show_value(seed)} is not an int in 0..2**64 - 1")
    return int(seed)


def simulate(
    rules: RuleSet | HandSetup,
    n_hands: int,
    stacks: Sequence[int] | None = None,
    *,
    policy: Policy = RandomPolicy(),  # noqa: B008 (an immutable value)
    seed: int | None = None,
    first: int = 0,
    threads: int = 1,
    record: Iterable[int] | None = None,
    deck: str = "standard",
    **arguments: object,
) -> SimulationResult:
    """Play ``n_hands`` hands of one set-up on the C hand engine with ``policy`` (module docstring).

    ``simulate(setup, n)`` plays a ``HandSetup``; ``simulate(rules, n, stacks, button=..., blinds=...,
    ...)`` takes ``Hand``'s keywords. ``seed`` is an int in ``0 .. 2**64 - 1`` (None: drawn at random,
    returned in the result); ``deck="fast"`` deals from the policies module's fast deck instead of
    ``Hand``'s shuffle (§1.4). The hands are ``first .. first + n_hands - 1`` (row ``j`` is hand ``first +
    j``; indices below 2**32), so that a long run can be split. ``record`` lists hand indices whose full
    hands to keep (``result.records[i]``, a finished ``Hand``; its PHH history is
    ``pyholdem.history.sessions.simulated_history(result, i)``).
    """
    check_run(n_hands, first)
    if not is_int(threads) or not 1 <= threads <= MAX_THREADS:
        raise SimulationError(f"threads {show_value(threads)} is not a number of threads in 1..{MAX_THREADS}")
    seed = run_seed(seed)
    if deck not in DECKS:
        raise SimulationError(f"deck {show_value(deck)} is not one of {', '.join(map(repr, DECKS))}")
    cpolicy = _policy_struct(policy)
    wanted: list[int] = []
    if record is not None:
        if isinstance(record, (str, bytes)) or not isinstance(record, Iterable):
            raise SimulationError(f"record {show_value(record)} is not a list of hand indices")
        wanted = list(record)
        for i in wanted:
            if not is_int(i) or not first <= i < first + n_hands:
                raise SimulationError(
                    f"record: {show_value(i)} is not a hand index in {first}..{first + n_hands - 1}"
                )
    setup = _the_setup(rules, stacks, arguments)
    seed, n_hands, first = int(seed), int(n_hands), int(first)
    # a set-up the C engine cannot play is refused here, as Hand(..., engine="native") refuses it
    Hand(_hand_setup(setup, seed, first, "standard")[0], engine="native")
    crules = native_rules(setup.rules)
    csetup = pack_setup(setup, ffi.NULL, 0, ffi.NULL)
    net, showdown, actions, pots = simulate_rows(crules, csetup, cpolicy, seed, deck, first, n_hands, threads)

    records: dict[int, Hand] = {}
    for i in wanted:
        hand, played = _record(setup, crules, cpolicy, seed, i, deck)
        result, row = hand.result, i - first
        assert result is not None
        if (
            result.net != tuple(net[row].tolist())
            or played != actions[row]
            or result.showdown != bool(showdown[row])
            or sum(p.amount for p in result.pots) != pots[row]
        ):
            raise NativeError(f"hand {i} played again differs from the bulk call")
        records[i] = hand
    return SimulationResult(net, showdown.astype(bool), actions, pots, seed, deck, first, records)
