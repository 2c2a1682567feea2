"""The ``hand`` runner: a hand's set-up and PHH actions → the legal actions before each player
action and the final stacks, or the first refusal (``vectors/formats/hand.md``)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from pyholdem.conformance.vectors import Vector
from pyholdem.errors import HistoryError, PyHoldemError
from pyholdem.hand import Hand
from pyholdem.history.phh import hand_from_table
from pyholdem.history.record import history_from_hand, seeded_hand
from pyholdem.history.replay import _play
from pyholdem.ruleset import RuleSet, preset
from pyholdem.spec.histories import format_action

SETUP_KEYS = ("variant", "antes", "blinds_or_straddles", "min_bet", "small_bet", "big_bet", "starting_stacks")


def rules_of(data: dict[str, Any]) -> RuleSet:
    spec = data.get("rules") or {}
    return preset(spec.get("preset", "tda_2024")).replace(**spec.get("changes", {}))


def legal_object(hand: Hand) -> dict[str, Any]:
    """The runner's neutral form of ``hand.legal_actions()``."""
    legal = hand.legal_actions()
    return {
        "actor": f"p{(legal.seat - hand.state.button - 1) % hand.state.seats + 1}",
        "fold": legal.fold,
        "check": legal.check,
        "call": legal.call,
        "min_to": legal.min_raise_to,
        "max_to": legal.max_raise_to,
    }


def play_vector(data: dict[str, Any]) -> dict[str, Any]:
    """pyholdem's answer: replay the actions on a ``Hand``, recording the legal actions."""
    table = {k: data[k] for k in SETUP_KEYS if k in data}
    table["actions"] = list(data["actions"])
    history = hand_from_table(table)
    steps: list[dict[str, Any]] = []
    try:
        hand, cards, _ = _play(history, rules_of(data), False, lambda h: steps.append(legal_object(h)))
        live = [s for s in range(len(hand.stacks)) if not hand.state.folded[s]]
        if hand.result is not None and hand.result.showdown and len(live) > 1 and len(cards.board) < 5:
            raise HistoryError("the showdown needs 5 board cards; a vector deals them all", "12.11")
    except PyHoldemError as exc:
        index = exc.action if isinstance(exc, HistoryError) else getattr(exc, "action_index", None)
        exc.vector_action = index  # type: ignore[attr-defined]
        raise
    final = hand.result.stacks if hand.result is not None else hand.stacks
    n, button = len(final), hand.state.button
    stacks = [0] * n
    for seat in range(n):
        stacks[(seat - button - 1) % n] = final[seat]
    return {"legal": steps, "finishing_stacks": stacks}


def _input(history_table: dict[str, Any], rules: dict[str, Any]) -> dict[str, Any]:
    return {"rules": rules, **history_table}


def _table(hand: Hand) -> dict[str, Any]:
    h = history_from_hand(hand)
    table: dict[str, Any] = {
        "variant": h.variant,
        "antes": list(h.antes),
        "blinds_or_straddles": list(h.blinds_or_straddles),
        "starting_stacks": list(h.starting_stacks),
        "actions": [format_action(a, 1) for a in h.actions],
    }
    if h.min_bet is not None:
        table["min_bet"] = h.min_bet
    else:
        table["small_bet"], table["big_bet"] = h.small_bet, h.big_bet
    return table


def expect_of(data: dict[str, Any]) -> dict[str, Any]:
    try:
        return {"result": play_vector(data)}
    except PyHoldemError as exc:
        return {"error": {"kind": exc.kind, "section": exc.section, "action": exc.vector_action}}  # type: ignore[attr-defined]


def _setup(variant: str, blinds: list[int], stacks: list[int], actions: list[str]) -> dict[str, Any]:
    table: dict[str, Any] = {
        "variant": variant,
        "antes": [0] * len(stacks),
        "blinds_or_straddles": blinds,
        "starting_stacks": stacks,
        "actions": actions,
    }
    if variant == "FT":
        table["small_bet"], table["big_bet"] = blinds[1], 2 * blinds[1]
    else:
        table["min_bet"] = blinds[1]
    return table


DEAL3 = ["d dh p1 AcAd", "d dh p2 KcKd", "d dh p3 2c7d"]
BOARD = ["d db 2h3h4s", "d db 9c", "d db Tc"]
WORKED: tuple[tuple[str, str, str, dict[str, Any]], ...] = (
    (
        "big-blind-option",
        "3.15",
        "the big blind may check or raise when the blinds are only called",
        _setup("NT", [1, 2, 0], [100] * 3, [*DEAL3, "p3 cc", "p1 cc", "p2 cbr 8", "p3 f", "p1 f"]),
    ),
    (
        "heads-up-button-acts-first-preflop",
        "3.7",
        "heads-up the button posts the small blind, acts first",
        _setup(
            "NT",
            [1, 2],
            [50, 50],
            [
                *DEAL3[:2],
                "p2 cc",
                "p1 cc",
                BOARD[0],
                "p1 cc",
                "p2 cc",
                BOARD[1],
                "p1 cc",
                "p2 cc",
                BOARD[2],
                "p1 cc",
                "p2 cc",
            ],
        ),
    ),
    (
        "min-raise-is-largest-raise",
        "5.6",
        "a re-raise must be at least the largest raise so far",
        _setup("NT", [5, 10, 0], [1000] * 3, [*DEAL3, "p3 cbr 40", "p1 cbr 69"]),
    ),
    (
        "min-raise-ok",
        "5.6",
        "a re-raise of exactly the last raise",
        _setup("NT", [5, 10, 0], [1000] * 3, [*DEAL3, "p3 cbr 40", "p1 cbr 70", "p2 f", "p3 f"]),
    ),
    (
        "short-all-in-does-not-reopen",
        "7.2",
        "a short all-in raise does not reopen the betting",
        _setup(
            "NT",
            [5, 10, 0],
            [1000, 1000, 150],
            [*DEAL3, "p3 cc", "p1 cbr 100", "p2 f", "p3 cbr 150", "p1 cbr 400"],
        ),
    ),
    (
        "bet-below-minimum-refused",
        "5.5",
        "a bet must be at least the big blind",
        _setup("NT", [5, 10, 0], [1000] * 3, [*DEAL3, "p3 cc", "p1 cc", "p2 cc", BOARD[0], "p1 cbr 5"]),
    ),
    (
        "wrong-player-refused",
        "12.11",
        "the player to act is p3, not p1",
        _setup("NT", [5, 10, 0], [1000] * 3, [*DEAL3, "p1 cc"]),
    ),
    (
        "limit-half-bet-all-in-reopens",
        "7.4",
        "fixed limit: an all-in of half a bet or more is a raise",
        _setup("FT", [5, 10, 0], [1000, 1000, 16], [*DEAL3, "p3 cbr 16", "p1 cbr 26", "p2 f", *BOARD]),
    ),
    (
        "uncalled-bet-returned",
        "7.6",
        "the part of a bet nobody called goes back to its owner",
        _setup("NT", [5, 10, 0], [300, 1000, 1000], [*DEAL3, "p3 cbr 1000", "p1 cc", "p2 f", *BOARD]),
    ),
    (
        "pot-limit-maximum",
        "5.9",
        "pot limit: the largest raise is the pot after calling",
        _setup("PT", [1, 2, 0], [100] * 3, [*DEAL3, "p3 cbr 7", "p1 cbr 23", "p2 f", "p3 f"]),
    ),
    (
        "pot-limit-above-maximum-refused",
        "5.9",
        "pot limit: a raise beyond the pot is refused",
        _setup("PT", [1, 2, 0], [100] * 3, [*DEAL3, "p3 cbr 8"]),
    ),
)


def hand_cases(random_count: int = 1500, seed: int = 20240601) -> Iterator[Vector]:
    """Worked hands and seeded self-play under tda_2024 and pokerkit_0_7, with some refused actions."""
    tda = {"preset": "tda_2024"}
    for case, section, description, table in WORKED:
        data = _input(table, tda)
        meta = {"section": section, "source": "worked case", "description": description}
        yield Vector("hand", case, data, expect_of(data), meta)
    rng = random.Random(seed)
    structures = ("no_limit", "pot_limit", "fixed_limit")
    for i in range(random_count):
        spec = {"preset": "pokerkit_0_7"} if i % 4 == 3 else tda
        rules = rules_of({"rules": spec}).replace(betting_structure=structures[i % 3])
        table = _table(seeded_hand(seed + i, rules))
        spec = {**spec, "changes": {}}
        if i % 10 == 9:
            bettable = [k for k, a in enumerate(table["actions"]) if " cbr " in a]
            if bettable:
                k = rng.choice(bettable)
                player, _, amount = table["actions"][k].split()
                table["actions"] = [*table["actions"][:k], f"{player} cbr {max(1, int(amount) // 3)}"]
        data = _input(table, spec)
        meta = {"section": "6.1", "source": f"seeded self-play (seed {seed + i}, {spec['preset']})"}
        yield Vector("hand", f"random-{i:05d}", data, expect_of(data), meta)
