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
    return dataclasses.replace(history, actions=actions)


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
