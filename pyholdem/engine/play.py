"""Playing a dealt hand to its end: a policy chooses each action, and at a table a player absent at
the deal has his hand killed as §3.19 says. ``Tournament.play``, ``pyholdem run`` and
``policies.play`` all play their hands through ``play_hand``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from pyholdem.engine.table import Table

__all__ = ["HandPolicy", "play_hand"]

HandPolicy = Callable[[Any], tuple[str, int | None]]
"""``policy(hand) -> (kind, amount)``: the action of the seat to act (``Hand.act``'s arguments)."""


def play_hand(hand: Any, policy: HandPolicy, table: Table | None = None) -> int:
    """Play ``hand`` (a ``Hand`` or either engine) to its end, ``policy`` choosing each action; when
    it is ``table``'s hand, each player absent at the deal has his hand folded when §3.19 kills it
    (``Table.fold_absent``). Returns the number of actions ``policy`` chose."""
    absent = table is not None and bool(table.absent_at_deal(table.hand_number))
    actions = 0
    while not hand.is_over:
        if absent and table is not None and table.fold_absent():
            continue
        kind, amount = policy(hand)
        hand.act(kind, amount)
        actions += 1
    return actions
