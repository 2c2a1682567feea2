"""A live hand (spec 10) as a PHH hand history: the hand as finally played, plus its live record.

``live_history`` writes the betting of the deal that was played (after any re-deal) the way
``history_from_hand`` writes a hand (§12.9), with each street's board as it physically lies at the
end (after any correction, §10.7-§10.10), and keeps the whole live record — set-up, cut, every hole
card dealt, every action and every irregularity event — in the `_`-prefixed field ``_live`` (JSON
text, ``pyholdem.engine.live.history_to_data``), which PHH readers ignore (§12.2). ``live_from_history``
plays that record again to the same state.
"""

from __future__ import annotations

import dataclasses
import json

from pyholdem.engine.live import LiveHand, history_from_data, history_to_data, replay_live
from pyholdem.errors import HistoryError
from pyholdem.history.phh import HandHistory
from pyholdem.history.record import history_from_hand
from pyholdem.spec.histories import Action

LIVE_FIELD = "_live"


def live_history(live: LiveHand) -> HandHistory:
    """The PHH history of ``live`` as played so far, its live record in ``_live``."""
    if live.engine is None:
        raise HistoryError("a live hand is written once its deal is complete", "12.9")
    history = history_from_hand(
        live.engine, setup=live.engine_setup, extra={LIVE_FIELD: json.dumps(history_to_data(live.history))}
    )  # type: ignore[arg-type]
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
