"""Hand histories: PHH files read and written (``phh``) and played or replayed on a ``Hand`` (``replay``).

``play_history(history, rules, observer=...)`` plays a history's actions, showing the hand to the
observer before each player action; ``replay`` plays it and judges the outcome; ``replay_session``
replays a session (one table's hands, §12.13) hand by hand and checks their continuity;
``table_histories`` and ``tournament_histories`` write what a table or a tournament played (``sessions``).
"""

from __future__ import annotations

from pyholdem.history.phh import (
    HandHistory,
    ReadResult,
    dumps,
    dumps_many,
    hand_from_table,
    iter_files,
    loads,
    read_file,
    read_text,
)
from pyholdem.history.replay import (
    DealtCards,
    PlayedHistory,
    ReplayResult,
    SessionResult,
    is_session,
    play_history,
    replay_session,
)
from pyholdem.history.sessions import simulated_history, table_histories, tournament_histories
from pyholdem.spec.histories import Action

__all__ = [
    "Action",
    "DealtCards",
    "HandHistory",
    "PlayedHistory",
    "ReadResult",
    "ReplayResult",
    "SessionResult",
    "dumps",
    "dumps_many",
    "hand_from_table",
    "is_session",
    "iter_files",
    "loads",
    "play_history",
    "read_file",
    "read_text",
    "replay_session",
    "simulated_history",
    "table_histories",
    "tournament_histories",
]
