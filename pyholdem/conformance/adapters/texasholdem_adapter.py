"""texasholdem (``pip install texasholdem``) as a conformance adapter:
``python -m pyholdem.conformance.adapters.texasholdem_adapter``.

``TexasHoldEm(buyin, big_blind, small_blind, max_players)`` plays no-limit hold'em with a small and
a big blind. Player id ``i`` is ``p{i+1}``: the button is put on the last id, so that id 0 posts the
small blind (heads-up the button posts it, as PHH reads it). Each stack is set on its ``Player``
before the hand starts; after the deal the vector's hole cards replace the dealt ones and the rest of
the deck is the vector's board, so the engine plays exactly the vector's hand. A raise is *to* an
amount within the round (``get_available_moves().raise_range``), as in PHH. No antes, straddles,
pot limit or fixed limit.
"""

from __future__ import annotations

from typing import Any

from pyholdem.conformance.adapters._hands import Table, legal_of, replay
from pyholdem.conformance.adapters._serve import NotExpressible, Refused, require, serve, version

texasholdem = require("texasholdem", "texasholdem")
game_module = require("texasholdem.game.game", "texasholdem")
ActionType = texasholdem.ActionType
Card = texasholdem.Card


class Hand:
    def __init__(self, table: Table) -> None:
        if table.variant != "NT":
            raise NotExpressible(f"variant {table.variant} (texasholdem plays no-limit only)")
        table.standard_blinds()
        n = table.players
        small, big = table.blinds
        self.game = texasholdem.TexasHoldEm(
            buyin=max(table.stacks), big_blind=big, small_blind=small, max_players=n
        )
        for player, stack in zip(self.game.players, table.stacks, strict=True):
            player.chips = stack
        self.game.btn_loc = n - 2
        cards = [Card(c) for h in table.holes for c in h] + [Card(c) for c in table.board + table.deck()]
        original = game_module.Deck

        class VectorDeck(original):  # type: ignore[misc,valid-type]  # the library's class, loaded at run time
            """The engine's deck holding the vector's cards in dealing order (ids 0, 1, … then the board)."""

            def __init__(self) -> None:
                self.cards = list(cards)

        game_module.Deck = VectorDeck
        try:
            self.game.start_hand()
        finally:
            game_module.Deck = original

    def legal(self) -> dict[str, Any]:
        g = self.game
        if not g.is_hand_running():
            return {"actor": None}
        p = g.current_player
        moves = g.get_available_moves()
        raises = list(moves.raise_range) if ActionType.RAISE in moves.action_types else []
        return legal_of(
            p,
            fold=ActionType.FOLD in moves.action_types,
            to_call=g.chips_to_call(p),
            remaining=g.players[p].chips,
            raises=[raises[0], raises[-1]] if raises else [],
        )

    def act(self, kind: str, amount: int | None) -> None:
        g = self.game
        moves = g.get_available_moves()
        if kind == "f":
            action: tuple[Any, int | None] = (ActionType.FOLD, None)
        elif kind == "cc":
            action = (ActionType.CHECK if ActionType.CHECK in moves.action_types else ActionType.CALL, None)
        else:
            action = (ActionType.RAISE, amount)
        if action[0] not in moves.action_types or (
            action[1] is not None and action[1] not in moves.raise_range
        ):
            street = (
                "before the flop" if g.hand_phase.name == "PREFLOP" else f"on the {g.hand_phase.name.lower()}"
            )
            raise Refused(f"{kind} {amount or ''}: not among texasholdem's available moves {street}")
        try:
            g.take_action(action[0], total=action[1])
        except ValueError as exc:
            raise Refused(f"{kind} {amount or ''}: {exc}") from None

    def stacks(self) -> list[int | float]:
        return [p.chips for p in self.game.players]


def hand(data: dict[str, Any]) -> dict[str, Any]:
    return replay(data, Hand)


if __name__ == "__main__":
    raise SystemExit(serve(f"texasholdem {version('texasholdem')}", {"hand": hand}))
