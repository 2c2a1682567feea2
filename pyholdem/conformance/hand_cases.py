"""The ``hand`` runner: a hand's set-up and PHH actions → the legal actions before each player
action and the final stacks, or the first refusal (``vectors/formats/hand.md``)."""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping
from typing import Any

from pyholdem.conformance.vectors import Vector
from pyholdem.conformance.worked_cases import WorkedCase
from pyholdem.engine.hand import Hand
from pyholdem.engine.setup import ForcedPost, HandSetup
from pyholdem.errors import HistoryError, PyHoldemError
from pyholdem.history import play_history
from pyholdem.history.phh import hand_from_table
from pyholdem.history.record import history_from_hand, random_play, seeded_hand
from pyholdem.history.replay import player_seats
from pyholdem.rules.ruleset import RuleSet, preset
from pyholdem.spec.histories import format_action

SETUP_KEYS = ("variant", "antes", "blinds_or_straddles", "min_bet", "small_bet", "big_bet", "starting_stacks")


def rules_of(data: Mapping[str, Any]) -> RuleSet:
    spec = data.get("rules") or {}
    return preset(spec.get("preset", "tda_2024")).replace(**spec.get("changes", {}))


def legal_object(hand: Hand) -> dict[str, Any]:
    """The runner's neutral form of ``hand.legal_actions()``; the actor is named as a player (§12.5)."""
    legal = hand.legal_actions()
    return {
        "actor": f"p{player_seats(hand.setup).index(legal.seat) + 1}",
        "fold": legal.fold,
        "check": legal.check,
        "call": legal.call,
        "min_to": legal.min_raise_to,
        "max_to": legal.max_raise_to,
    }


def setup_fields(setup: object) -> dict[str, Any]:
    """The PHH fields (§12.12) of a vector's ``setup`` object: ``seat_count``, ``seats``, ``button``,
    ``blinds``, ``posts`` (``{"player": "pK", "kind": ..., "amount": ..., "dead": bool}``) and
    ``sitting_out`` (``{"seat": N, "stack": X}``); a malformed object raises ``HistoryError``."""
    keys = {"seat_count", "seats", "button", "blinds", "posts", "sitting_out"}
    if not isinstance(setup, dict) or not {"seat_count", "seats", "button", "blinds", "posts"} <= set(setup):
        raise HistoryError(f"setup {setup!r} is not an object with {', '.join(sorted(keys))}", "12.12")
    if set(setup) - keys:
        raise HistoryError(f"setup has unknown keys {sorted(set(setup) - keys)}", "12.12")
    posts, out = setup["posts"], setup.get("sitting_out", [])
    if not isinstance(posts, list) or not all(
        isinstance(p, dict) and set(p) <= {"player", "kind", "amount", "dead"} for p in posts
    ):
        raise HistoryError(f"setup posts {posts!r} are not a list of post objects", "12.12")
    if not isinstance(out, list) or not all(isinstance(o, dict) and set(o) == {"seat", "stack"} for o in out):
        raise HistoryError(f"setup sitting_out {out!r} is not a list of {{seat, stack}} objects", "12.12")
    fields = {
        "seat_count": setup["seat_count"],
        "seats": setup["seats"],
        "_button": setup["button"],
        "_blinds": setup["blinds"],
        "_posts": [
            f"{p.get('player')} {p.get('kind')} {p.get('amount')}{' dead' if p.get('dead') is True else ''}"
            for p in posts
        ],
    }
    if out:
        fields["_sitting_out"] = [o["seat"] for o in out]
        fields["_sitting_out_stacks"] = [o["stack"] for o in out]
    return fields


def play_vector(data: Mapping[str, Any], engine: str = "spec") -> dict[str, Any]:
    """Replay the actions on a ``Hand``, recording the legal actions: on the spec engine (the pure
    oracle) for a vector's expectation, on ``engine="auto"`` (the C engine) for pyholdem's answer.
    An input with a ``setup`` object is a table hand (§12.12), replayed on the table's own seats."""
    table = {k: data[k] for k in SETUP_KEYS if k in data}
    table["actions"] = list(data["actions"])
    if "setup" in data:
        table.update(setup_fields(data["setup"]))
    history = hand_from_table(table)
    steps: list[dict[str, Any]] = []
    played = play_history(
        history, rules_of(data), observer=lambda h: steps.append(legal_object(h)), engine=engine
    )
    hand, cards = played.hand, played.cards
    live = [s for s in range(len(hand.stacks)) if not hand.state.folded[s]]
    if hand.result is not None and hand.result.showdown and len(live) > 1 and len(cards.board) < 5:
        raise HistoryError("the showdown needs 5 board cards; a vector deals them all", "12.11")
    final = hand.result.stacks if hand.result is not None else hand.stacks
    return {"legal": steps, "finishing_stacks": [final[s] for s in played.seats]}


def _input(history_table: dict[str, Any], rules: dict[str, Any]) -> dict[str, Any]:
    return {"rules": rules, **history_table}


def table_of(hand: Hand) -> dict[str, Any]:
    """A played hand as the `hand` runner's input fields (its PHH fields, and `setup` for a table hand)."""
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
    if h.button is not None:  # a table hand's explicit set-up (§12.12)
        setup: dict[str, Any] = {
            "seat_count": h.seat_count,
            "seats": list(h.seats or ()),
            "button": h.button,
            "blinds": list(h.blinds or ()),
            "posts": [
                {"player": f"p{p.seat + 1}", "kind": p.kind, "amount": p.amount}
                | ({"dead": True} if p.kind == "small_blind" and not p.live else {})
                for p in h.posts or ()
            ],
        }
        if h.sitting_out:
            setup["sitting_out"] = [{"seat": seat, "stack": stack} for seat, stack in h.sitting_out]
        table["setup"] = setup
    return table


SETUP_CASES: tuple[tuple[str, str, str, dict[str, Any]], ...] = (
    (
        "setup-3-20-example",
        "3.20",
        "seat 1 empty (a dead button), seat 4 sitting out, seat 5 back posting his missed blinds",
        {
            "stacks": (1000, 0, 1000, 1000, 800, 1000),
            "button": 1,
            "seats": ("in", "empty", "in", "in", "sitting_out", "in"),
            "posts": (
                ForcedPost(2, "big_blind", 100),
                ForcedPost(5, "small_blind", 50, live=False),
                ForcedPost(5, "extra_blind", 100),
            ),
            "blinds": (50, 100),
        },
    ),
    (
        "setup-dead-button",
        "3.5",
        "the button's player busted: the button stays on his empty seat, the blinds move on (TDA 32)",
        {
            "stacks": (500, 500, 0, 500, 500),
            "button": 2,
            "seats": ("in", "in", "empty", "in", "in"),
            "posts": (ForcedPost(3, "small_blind", 5), ForcedPost(4, "big_blind", 10)),
            "blinds": (5, 10),
        },
    ),
    (
        "setup-dead-small-blind",
        "3.5",
        "no small blind is posted: the big blind alone opens the round",
        {
            "stacks": (400, 400, 400, 400),
            "button": 0,
            "seats": ("in",) * 4,
            "posts": (ForcedPost(2, "big_blind", 10),),
            "blinds": (5, 10),
        },
    ),
    (
        "setup-extra-live-blind",
        "3.18",
        "a new player posts a live big blind out of position: he has the option, the call stays 10",
        {
            "stacks": (300, 300, 300, 300, 300, 300),
            "button": 5,
            "seats": ("in",) * 6,
            "posts": (
                *(ForcedPost(s, "ante", 1, live=False) for s in range(6)),
                ForcedPost(0, "small_blind", 5),
                ForcedPost(1, "big_blind", 10),
                ForcedPost(3, "extra_blind", 10),
            ),
            "blinds": (5, 10),
        },
    ),
)
"""Hands a table deals (§3.20) that the standard PHH fields cannot set up: each becomes vectors
with a ``setup`` object, played from seeds ``0..SETUP_SEEDS - 1``; the tests play them too."""
SETUP_SEEDS = 3


def setup_hand(fields: dict[str, Any], seed: int, rules: RuleSet | None = None, engine: str = "spec") -> Hand:
    """A ``SETUP_CASES`` hand (``fields`` of its ``HandSetup``) dealt from ``seed``, played with
    seeded random legal actions."""
    setup = HandSetup(rules or RuleSet(), seed=seed, **fields)
    return random_play(Hand(setup, engine=engine), random.Random(seed))


def expect_of(data: Mapping[str, Any]) -> dict[str, Any]:
    """The vector's expectation from the spec engine: the legal actions and stacks, or the refusal."""
    try:
        return {"result": play_vector(data)}
    except PyHoldemError as exc:
        return {"error": {"kind": exc.kind, "section": exc.section, "action": exc.action}}


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


TDA = {"preset": "tda_2024"}


def _hand(
    case: str,
    section: str,
    description: str,
    table: dict[str, Any],
    changes: dict[str, Any] | None = None,
    worked: dict[str, Any] | None = None,
) -> WorkedCase:
    """A worked hand under ``tda_2024`` (with its rule-set ``changes``, where the case names them)."""
    rules = TDA if changes is None else {**TDA, "changes": changes}
    return WorkedCase("hand", case, section, _input(table, rules), description, worked)


def _stacks(*stacks: int) -> dict[str, Any]:
    """The finishing stacks a hand works out to, player by player."""
    return {"result": {"finishing_stacks": list(stacks)}}


def _refused(section: str, kind: str = "IllegalAction") -> dict[str, Any]:
    return {"error": {"kind": kind, "section": section}}


DEAL3 = ["d dh p1 AcAd", "d dh p2 KcKd", "d dh p3 2c7d"]
BOARD = ["d db 2h3h4s", "d db 9c", "d db Tc"]
TDA_CASES: tuple[WorkedCase, ...] = (
    _hand(
        "big-blind-option",
        "3.15",
        "the big blind may check or raise when the blinds are only called",
        _setup("NT", [1, 2, 0], [100] * 3, [*DEAL3, "p3 cc", "p1 cc", "p2 cbr 8", "p3 f", "p1 f"]),
        worked=_stacks(98, 104, 98),
    ),
    _hand(
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
    _hand(
        "min-raise-is-largest-raise",
        "5.6",
        "a re-raise must be at least the largest raise so far",
        _setup("NT", [5, 10, 0], [1000] * 3, [*DEAL3, "p3 cbr 40", "p1 cbr 69"]),
        worked=_refused("5.6"),
    ),
    _hand(
        "min-raise-ok",
        "5.6",
        "a re-raise of exactly the last raise",
        _setup("NT", [5, 10, 0], [1000] * 3, [*DEAL3, "p3 cbr 40", "p1 cbr 70", "p2 f", "p3 f"]),
    ),
    _hand(
        "short-all-in-does-not-reopen",
        "7.2",
        "a short all-in raise does not reopen the betting",
        _setup(
            "NT",
            [5, 10, 0],
            [1000, 1000, 150],
            [*DEAL3, "p3 cc", "p1 cbr 100", "p2 cc", "p3 cbr 150", "p1 cbr 400"],
        ),
        worked=_refused("7.2"),
    ),
    _hand(
        "bet-below-minimum-refused",
        "5.5",
        "a bet must be at least the big blind",
        _setup("NT", [5, 10, 0], [1000] * 3, [*DEAL3, "p3 cc", "p1 cc", "p2 cc", BOARD[0], "p1 cbr 5"]),
        worked=_refused("5.5"),
    ),
    _hand(
        "wrong-player-refused",
        "12.11",
        "the player to act is p3, not p1",
        _setup("NT", [5, 10, 0], [1000] * 3, [*DEAL3, "p1 cc"]),
        worked=_refused("12.11", "HistoryError"),
    ),
    _hand(
        "limit-half-bet-all-in-reopens",
        "7.4",
        "fixed limit: an all-in of half a bet or more is a raise",
        _setup("FT", [5, 10, 0], [1000, 1000, 16], [*DEAL3, "p3 cbr 16", "p1 cbr 26", "p2 f", *BOARD]),
    ),
    _hand(
        "uncalled-bet-returned",
        "7.6",
        "the part of a bet nobody called goes back to its owner",
        _setup("NT", [5, 10, 0], [300, 1000, 1000], [*DEAL3, "p3 cbr 1000", "p1 cc", "p2 f", *BOARD]),
        worked=_stacks(610, 990, 700),
    ),
    _hand(
        "pot-limit-maximum",
        "5.9",
        "pot limit: the largest raise is the pot after calling",
        _setup("PT", [1, 2, 0], [100] * 3, [*DEAL3, "p3 cbr 7", "p1 cbr 23", "p2 f", "p3 f"]),
    ),
    _hand(
        "pot-limit-above-maximum-refused",
        "5.9",
        "pot limit: a raise beyond the pot is refused",
        _setup("PT", [1, 2, 0], [100] * 3, [*DEAL3, "p3 cbr 8"]),
        worked=_refused("5.9"),
    ),
)


def _with(table: dict[str, Any], **fields: Any) -> dict[str, Any]:
    return {**table, **fields}


D2 = ["d dh p1 AcAd", "d dh p2 KcKd"]
D4 = [*DEAL3, "d dh p4 QcQd"]
D10 = [
    f"d dh p{i + 1} {c}"
    for i, c in enumerate(["AcAd", "KcKd", "QcQd", "JcJd", "TcTd", "9c9d", "8c8d", "7c7d", "6c6d", "5c5d"])
]
CHECKS3 = ["p1 cc", "p2 cc", "p3 cc"]
CHANGED_CASES: tuple[WorkedCase, ...] = (
    _hand(
        "ten-seats",
        "3.1",
        "a full table of ten: p3 opens, the big blind closes",
        _setup("NT", [1, 2] + [0] * 8, [100] * 10, [*D10, *[f"p{i} f" for i in range(3, 11)], "p1 f"]),
        changes={},
    ),
    _hand(
        "short-big-blind-posts-all-in",
        "3.11",
        "a big blind shorter than the blind posts all it has",
        _setup(
            "NT",
            [5, 10, 0],
            [100, 4, 100],
            [
                *DEAL3,
                "p3 cc",
                "p1 cc",
                BOARD[0],
                "p1 cc",
                "p3 cc",
                BOARD[1],
                "p1 cc",
                "p3 cc",
                BOARD[2],
                "p1 cc",
                "p3 cc",
            ],
        ),
        changes={},
    ),
    _hand(
        "antes-from-everyone",
        "3.12",
        "every player antes; the antes are in the pot",
        _with(_setup("NT", [5, 10, 0], [100] * 3, [*DEAL3, "p3 f", "p1 f"]), antes=[2, 2, 2]),
        changes={},
    ),
    _hand(
        "antes-except-blinds",
        "3.13",
        "antes from everyone but the blinds",
        _with(_setup("NT", [5, 10, 0, 0], [100] * 4, [*D4, "p3 f", "p4 f", "p1 f"]), antes=[0, 0, 2, 2]),
        changes={},
    ),
    _hand(
        "big-blind-ante",
        "3.14",
        "the big blind pays the table's ante",
        _with(_setup("NT", [5, 10, 0], [100] * 3, [*DEAL3, "p3 f", "p1 f"]), antes=[0, 10, 0]),
        changes={},
    ),
    _hand(
        "straddle",
        "3.16",
        "an under-the-gun straddle acts last preflop",
        _setup(
            "NT",
            [1, 2, 4, 0],
            [100] * 4,
            [*D4, "p4 cc", "p1 cc", "p2 cc", "p3 cbr 16", "p4 f", "p1 f", "p2 f"],
        ),
        changes={"straddle_allowed": True},
    ),
    _hand(
        "straddle-refused-by-default",
        "3.16",
        "straddles need straddle_allowed",
        _setup("NT", [1, 2, 4, 0], [100] * 4, [*D4, "p4 f"]),
        changes={},
        worked=_refused("3.16", "RuleViolation"),
    ),
    _hand(
        "deal-order-refused",
        "4.2",
        "hole cards go to p1 first",
        _setup("NT", [1, 2, 0], [100] * 3, ["d dh p2 KcKd", "d dh p1 AcAd", "d dh p3 2c7d"]),
        changes={},
    ),
    _hand(
        "board-streets",
        "4.3",
        "flop, turn and river, a betting round after each",
        _setup(
            "NT",
            [1, 2, 0],
            [100] * 3,
            [*DEAL3, "p3 cc", "p1 cc", "p2 cc", BOARD[0], *CHECKS3, BOARD[1], *CHECKS3, BOARD[2], *CHECKS3],
        ),
        changes={},
    ),
    _hand(
        "all-in-run-out",
        "4.5",
        "two all-in players: the board is run out without betting",
        _setup("NT", [1, 2], [40, 40], [*D2, "p2 cbr 40", "p1 cc", *BOARD]),
        changes={},
        worked=_stacks(80, 0),
    ),
    _hand(
        "no-limit-all-in-maximum",
        "5.7",
        "the largest no-limit bet is every chip the player has",
        _setup("NT", [1, 2, 0], [100, 100, 60], [*DEAL3, "p3 cbr 60", "p1 f", "p2 f"]),
        changes={},
        worked=_stacks(99, 98, 63),
    ),
    _hand(
        "limit-big-bet-on-the-turn",
        "5.2",
        "fixed limit: the small bet on the flop, the big bet on the turn",
        _setup(
            "FT",
            [1, 2, 0],
            [100] * 3,
            [
                *DEAL3,
                "p3 cc",
                "p1 cc",
                "p2 cc",
                BOARD[0],
                "p1 cbr 2",
                "p2 cc",
                "p3 cc",
                BOARD[1],
                "p1 cbr 4",
                "p2 f",
                "p3 f",
            ],
        ),
        changes={},
    ),
    _hand(
        "limit-cap-reached",
        "5.4",
        "fixed limit: a bet and three raises, then no more raising",
        _setup("FT", [1, 2, 0], [100] * 3, [*DEAL3, "p3 cbr 4", "p1 cbr 6", "p2 cbr 8", "p3 cbr 10"]),
        changes={},
        worked=_refused("5.4"),
    ),
    _hand(
        "no-limit-raise-cap",
        "5.8",
        "a house cap of three raises per round (seed 003)",
        _setup("NT", [1, 2, 0], [1000] * 3, [*DEAL3, "p3 cbr 4", "p1 cbr 8", "p2 cbr 16", "p3 cbr 32"]),
        changes={"nl_raise_cap": 3},
        worked=_refused("5.8"),
    ),
    _hand(
        "pot-limit-short-blind-counts-full",
        "5.10",
        "pot limit: a short big blind counts as a full blind",
        _setup("PT", [1, 2, 0], [100, 1, 100], [*DEAL3, "p3 cbr 7", "p1 f", *BOARD]),
        changes={},
    ),
    _hand(
        "over-the-stack-refused",
        "5.12",
        "nobody may bet more than the chips in front of him",
        _setup("NT", [1, 2, 0], [100] * 3, [*DEAL3, "p3 cbr 101"]),
        changes={},
        worked=_refused("5.12"),
    ),
    _hand(
        "first-to-act-after-the-flop",
        "6.3",
        "after the flop the first player left of the button acts",
        _setup("NT", [1, 2, 0], [100] * 3, [*DEAL3, "p3 cc", "p1 f", "p2 cc", BOARD[0], "p2 cbr 2", "p3 f"]),
        changes={},
    ),
    _hand(
        "uncontested-end",
        "6.8",
        "everyone else folds: the last player wins without a showdown",
        _setup("NT", [1, 2, 0], [100] * 3, [*DEAL3, "p3 cbr 6", "p1 f", "p2 f"]),
        changes={},
        worked=_stacks(99, 98, 103),
    ),
    _hand(
        "no-betting-with-one-player-able",
        "6.9",
        "when only one player has chips, nobody bets",
        _setup("NT", [1, 2, 0], [100, 100, 30], [*DEAL3, "p3 cbr 30", "p1 f", "p2 cc", *BOARD]),
        changes={},
    ),
    _hand(
        "call-all-in-for-less",
        "7.1",
        "a player may call all-in for less than the bet",
        _setup("NT", [1, 2, 0], [100, 30, 100], [*DEAL3, "p3 f", "p1 cbr 50", "p2 cc", *BOARD]),
        changes={},
        worked=_stacks(130, 0, 100),
    ),
    _hand(
        "short-all-ins-add-up",
        "7.3",
        "two short all-ins that add up to a full raise reopen the betting",
        _setup(
            "NT",
            [5, 10, 0, 0],
            [1000, 1000, 150, 200],
            [*D4, "p3 cc", "p4 cc", "p1 cc", "p2 cbr 100", "p3 cbr 150", "p4 cbr 200", "p1 cc", "p2 cbr 400"],
        ),
        changes={},
    ),
    _hand(
        "short-all-in-blind",
        "7.5",
        "the others must call the full big blind though it was posted short",
        _setup("NT", [5, 10, 0], [100, 4, 100], [*DEAL3, "p3 cc"]),
        changes={},
    ),
    _hand(
        "split-pot",
        "8.8",
        "equal hands split the pot",
        _setup(
            "NT",
            [1, 2],
            [50, 50],
            [
                "d dh p1 2c3d",
                "d dh p2 2h3s",
                "p2 cc",
                "p1 cc",
                "d db AcKdQh",
                "p1 cc",
                "p2 cc",
                "d db Js",
                "p1 cc",
                "p2 cc",
                "d db Tc",
                "p1 cc",
                "p2 cc",
            ],
        ),
        changes={},
        worked=_stacks(50, 50),
    ),
    _hand(
        "first-to-act-preflop",
        "6.2",
        "preflop the player left of the big blind acts first",
        _setup("NT", [1, 2, 0, 0], [100] * 4, [*D4, "p3 f", "p4 f", "p1 f"]),
        changes={},
    ),
    _hand(
        "turn-order",
        "6.4",
        "the turn passes clockwise, skipping folded players",
        _setup(
            "NT",
            [1, 2, 0, 0],
            [100] * 4,
            [*D4, "p3 cc", "p4 f", "p1 cc", "p2 cc", BOARD[0], "p1 cc", "p2 cc", "p3 cbr 4", "p1 f", "p2 f"],
        ),
        changes={},
    ),
    _hand(
        "round-completes-when-all-called",
        "6.5",
        "the round ends once every player has acted and called",
        _setup("NT", [1, 2, 0], [100] * 3, [*DEAL3, "p3 cbr 6", "p1 cc", "p2 cc", BOARD[0], "p1 f", "p2 f"]),
        changes={},
    ),
    _hand(
        "big-blind-checks-its-option",
        "6.6",
        "only the big blind may check preflop, when nobody raised",
        _setup(
            "NT",
            [1, 2, 0],
            [100] * 3,
            [*DEAL3, "p3 cc", "p1 cc", "p2 cc", BOARD[0], "p1 cbr 2", "p2 f", "p3 f"],
        ),
        changes={},
    ),
    _hand(
        "showdown-between-two",
        "8.1",
        "players still in after the river show down",
        _setup(
            "NT",
            [1, 2, 0],
            [100] * 3,
            [
                *DEAL3,
                "p3 f",
                "p1 cc",
                "p2 cc",
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
        changes={},
    ),
    _hand(
        "cards-speak",
        "8.5",
        "the best five cards win, whatever was said",
        _setup(
            "NT",
            [1, 2],
            [50, 50],
            [
                "d dh p1 7h8h",
                "d dh p2 AcAd",
                "p2 cc",
                "p1 cc",
                "d db 9h6h2c",
                "p1 cc",
                "p2 cc",
                "d db Ks",
                "p1 cc",
                "p2 cc",
                "d db 5d",
                "p1 cc",
                "p2 cc",
            ],
        ),
        changes={},
        worked=_stacks(52, 48),
    ),
    _hand(
        "pot-limit-active-pot",
        "5.11",
        "pot limit with side pots: only the active pot (seed 004)",
        _setup(
            "PT",
            [1, 2, 0],
            [100, 100, 7],
            [*DEAL3, "p3 cbr 7", "p1 cc", "p2 cc", BOARD[0], "p1 cbr 10", "p2 cbr 30", "p1 f", *BOARD[1:]],
        ),
        changes={"pl_pot_basis": "active_pot"},
    ),
    _hand(
        "no-cards-after-the-hand-ends",
        "4.4",
        "no board is dealt once everyone else has folded",
        _setup("NT", [1, 2, 0], [100] * 3, [*DEAL3, "p3 f", "p1 f", BOARD[0]]),
        changes={},
    ),
    _hand(
        "side-pot-to-the-short-stack",
        "8.6",
        "the all-in player's best hand wins only the main pot",
        _setup(
            "NT",
            [1, 2, 0],
            [100, 100, 30],
            ["d dh p1 KcKd", "d dh p2 QcQd", "d dh p3 AcAd", "p3 cbr 30", "p1 cbr 100", "p2 cc", *BOARD],
        ),
        changes={},
        worked=_stacks(140, 0, 90),
    ),
)


def worked() -> Iterator[WorkedCase]:
    """The ``hand`` runner's worked cases: the hands above, then each set-up dealt from its seeds."""
    yield from TDA_CASES
    yield from CHANGED_CASES
    for case, section, description, fields in SETUP_CASES:
        for k in range(SETUP_SEEDS):
            data = _input(table_of(setup_hand(fields, k)), TDA)
            source = f"table set-up (seed {k})"
            yield WorkedCase("hand", f"{case}-{k}", section, data, description, source=source)
    refused = _input(table_of(setup_hand(SETUP_CASES[0][3], 0)), TDA)
    refused["setup"] = {**refused["setup"], "posts": refused["setup"]["posts"][1:]}  # no big blind
    refused["blinds_or_straddles"] = [0, *refused["blinds_or_straddles"][1:]]
    yield WorkedCase(
        "hand",
        "setup-no-big-blind-refused",
        "3.20",
        refused,
        "a set-up without a big blind",
        {"error": {"kind": "RuleViolation", "section": "3.20", "action": None}},
    )


def hand_cases(random_count: int = 1500, seed: int = 20240601) -> Iterator[Vector]:
    """Worked hands and seeded self-play under tda_2024 and pokerkit_0_7, with some refused actions."""
    for c in worked():
        meta = {"section": c.section, "source": c.source, "description": c.description}
        yield Vector("hand", c.case, c.input, expect_of(c.input), meta)
    rng = random.Random(seed)
    structures = ("no_limit", "pot_limit", "fixed_limit")
    for i in range(random_count):
        spec: dict[str, Any] = {"preset": "pokerkit_0_7"} if i % 4 == 3 else TDA
        rules = rules_of({"rules": spec}).replace(betting_structure=structures[i % 3])
        table = table_of(seeded_hand(seed + i, rules, engine="spec"))
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
