"""A live hand (spec 10) as a PHH hand history: the hand as finally played, plus its live record.

``live_history`` writes the betting of the deal that was played (after any re-deal) the way
``history_from_hand`` writes a hand (§12.9), with each street's board as it physically lies at the
end (after any correction, §10.7-§10.10), and keeps the whole live record — set-up, cut, every hole
card dealt, every action and every irregularity event — in the `_`-prefixed field ``_live`` (JSON
text, ``history_to_data``), which PHH readers ignore (§12.2). ``live_from_history``
plays that record again to the same state.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Mapping
from typing import Any

from pyholdem.engine.live import DEFAULT_CUT, LiveHand, replay_live
from pyholdem.engine.setup import HandSetup
from pyholdem.errors import HistoryError, RuleViolation, show_value
from pyholdem.history.phh import HandHistory
from pyholdem.history.record import history_from_hand
from pyholdem.rules.ruleset import load_rules
from pyholdem.spec.cards import Card
from pyholdem.spec.histories import Action
from pyholdem.spec.irregularities import EVENT_TYPES, LiveEvent
from pyholdem.spec.table import ForcedPost

LIVE_FIELD = "_live"


def live_history(live: LiveHand) -> HandHistory:
    """The PHH history of ``live`` as played so far, its live record in ``_live``."""
    if live.engine is None:
        raise HistoryError("a live hand is written once its deal is complete", "12.9")
    history = history_from_hand(
        live.engine, setup=live.engine_setup, extra={LIVE_FIELD: json.dumps(history_to_data(live.history))}
    )
    board = iter([live.board[:3], live.board[3:4], live.board[4:5]])
    actions = tuple(
        dataclasses.replace(a, cards=next(board)) if a.kind == "deal_board" else a for a in history.actions
    )
    return dataclasses.replace(history, actions=_forfeits_noted(live, actions))


def _forfeits_noted(live: LiveHand, actions: tuple[Action, ...]) -> tuple[Action, ...]:
    """The folds of undercalls ruled a fold, with the chips they forfeited as commentary (§11.5):
    PHH has no action that puts dead money in the pot, so only ``_live`` replays them exactly."""
    folds = [e for e in live.events if e.kind == "fold"]
    forfeits: dict[int, int] = {}
    events = live.events
    for i, e in enumerate(events):
        if e.kind == "forfeit" and i + 1 < len(events) and events[i + 1].kind == "fold":
            forfeits[folds.index(events[i + 1])] = e.amount or 0
    if not forfeits:
        return actions
    noted, count = [], 0
    for a in actions:
        if a.kind == "fold":
            if count in forfeits:
                a = dataclasses.replace(
                    a, commentary=f"forfeits {forfeits[count]} chips as dead money (§11.5)"
                )
            count += 1
        noted.append(a)
    return tuple(noted)


def live_from_history(history: HandHistory) -> LiveHand:
    """The live hand that ``history``'s ``_live`` record plays (``HistoryError`` without one)."""
    text = history.extra.get(LIVE_FIELD)
    if not isinstance(text, str):
        raise HistoryError(f"the history has no {LIVE_FIELD} record of a live hand", "12.9")
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise HistoryError(f"the {LIVE_FIELD} record is not JSON: {exc}", "12.9") from None
    return replay_live(history_from_data(data))


def setup_to_data(setup: HandSetup) -> dict[str, Any]:
    """A live hand's set-up as plain data: rule-set changes from the default, stacks, seats, button,
    posts ``[seat, kind, amount, live]``, blinds, bet sizes and seed."""
    seed = setup.seed
    if isinstance(seed, bytes):
        seed = seed.decode("latin-1")
    return {
        "rules": dict(setup.rules.changes()),
        "stacks": list(setup.stacks),
        "seats": list(setup.seats),
        "button": setup.button,
        "posts": [[p.seat, p.kind, p.amount, p.live] for p in setup.posts],
        "blinds": list(setup.blinds),
        "bet_sizes": list(setup.bet_sizes) if setup.bet_sizes is not None else None,
        "seed": seed,
    }


def setup_from_data(data: Mapping[str, Any]) -> HandSetup:
    """The set-up ``setup_to_data`` wrote."""
    changes = {k: (tuple(v) if isinstance(v, list) else v) for k, v in data["rules"].items()}
    bet_sizes = data.get("bet_sizes")
    return HandSetup(
        load_rules(changes),
        tuple(data["stacks"]),
        data["button"],
        tuple(ForcedPost(s, k, a, live) for s, k, a, live in data["posts"]),
        tuple(data["blinds"]),
        None if bet_sizes is None else (bet_sizes[0], bet_sizes[1]),
        tuple(data.get("seats") or ()),
        data.get("seed"),
    )


def event_to_data(event: LiveEvent) -> dict[str, Any]:
    """An event value as plain data: ``{"kind": ..., field: value}``, cards as text, set-ups as data."""
    data: dict[str, Any] = {"kind": event.kind}
    for f in dataclasses.fields(event):
        value = getattr(event, f.name)
        if isinstance(value, Card):
            value = str(value)
        elif isinstance(value, HandSetup):
            value = setup_to_data(value)
        data[f.name] = value
    return data


def event_from_data(data: Mapping[str, Any]) -> LiveEvent:
    """The event value ``event_to_data`` wrote; an unknown kind raises ``RuleViolation`` (§10.1)."""
    if not isinstance(data, Mapping) or data.get("kind") not in EVENT_TYPES:
        raise RuleViolation(f"{show_value(data)} is not a live-play event", "10.1")
    cls = EVENT_TYPES[data["kind"]]
    values: dict[str, Any] = {}
    for f in dataclasses.fields(cls):
        if f.name not in data:
            continue
        value = data[f.name]
        if f.name == "card":
            value = Card(value)
        elif f.name == "setup":
            value = setup_from_data(value)
        elif isinstance(value, list):  # a declaration's chips, or its words as (word, amount)
            value = tuple(value)
        values[f.name] = value
    try:
        return cls(**values)
    except TypeError as exc:
        raise RuleViolation(f"{show_value(dict(data))} is not a live-play event: {exc}", "10.1") from None


def history_to_data(history: Mapping[str, Any]) -> dict[str, Any]:
    """A live hand's ``history`` as plain data (JSON): the set-up and each step as a list."""
    steps: list[list[Any]] = []
    for step in history["steps"]:
        if step[0] == "event":
            steps.append(["event", event_to_data(step[1])])
        else:
            steps.append(list(step))
    return {"setup": setup_to_data(history["setup"]), "cut": history.get("cut", DEFAULT_CUT), "steps": steps}


def history_from_data(data: Mapping[str, Any]) -> dict[str, Any]:
    """The ``history`` that ``history_to_data`` wrote."""
    steps: list[tuple[Any, ...]] = []
    for step in data["steps"]:
        if not isinstance(step, list | tuple) or not step:
            raise RuleViolation(f"{show_value(step)} is not a step of a live hand", "10.1")
        steps.append(("event", event_from_data(step[1])) if step[0] == "event" else tuple(step))
    return {"setup": setup_from_data(data["setup"]), "cut": data.get("cut", DEFAULT_CUT), "steps": steps}
