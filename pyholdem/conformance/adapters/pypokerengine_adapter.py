"""PyPokerEngine as a conformance adapter: ``python -m pyholdem.conformance.adapters.pypokerengine_adapter``.

The hand is driven through PyPokerEngine's own ``RoundManager`` on a ``Table`` whose seats are the
vector's players (seat ``i`` is ``p{i+1}``, the button on the last seat; heads-up the first seat is
the big blind), whose blind positions are set as PHH reads them and whose deck is a "cheat" deck
drawing the vector's cards in order (hole cards seat by seat, then the board). PyPokerEngine plays
no-limit hold'em with a big blind of twice the small one and one ante for everyone; every blind and
ante is posted in full (it refuses a stack that cannot post them). Its legal actions are
``ActionChecker.legal_actions`` (a raise *to* an amount within the street, as in PHH); an action it
would silently turn into a fold (``correct_action``) is refused instead.
"""

from __future__ import annotations

from typing import Any

from pyholdem.conformance.adapters._hands import Table, legal_of, replay
from pyholdem.conformance.adapters._serve import NotExpressible, Refused, require, serve, version

ENGINE = "pypokerengine.engine"
RoundManager = require(f"{ENGINE}.round_manager", "PyPokerEngine").RoundManager
ActionChecker = require(f"{ENGINE}.action_checker", "PyPokerEngine").ActionChecker
Card = require(f"{ENGINE}.card", "PyPokerEngine").Card
Deck = require(f"{ENGINE}.deck", "PyPokerEngine").Deck
Player = require(f"{ENGINE}.player", "PyPokerEngine").Player
EngineTable = require(f"{ENGINE}.table", "PyPokerEngine").Table
PokerConstants = require(f"{ENGINE}.poker_constants", "PyPokerEngine").PokerConstants
SHOWDOWN = PokerConstants.Street.SHOWDOWN


def card_id(text: str) -> int:
    return int(Card.from_str(text[1].upper() + text[0]).to_id())


class Hand:
    def __init__(self, table: Table) -> None:
        if table.variant != "NT":
            raise NotExpressible(f"variant {table.variant} (PyPokerEngine plays no-limit only)")
        antes, table.antes = table.antes, [0] * table.players
        table.standard_blinds()
        table.antes = antes
        if len(set(antes)) != 1:
            raise NotExpressible("antes that differ between players (PyPokerEngine has one ante for all)")
        small, big = table.blinds
        if big != 2 * small:
            raise NotExpressible("a big blind other than twice the small one (PyPokerEngine's only blinds)")
        if any(s < p + a for s, p, a in zip(table.stacks, table.posts, antes, strict=True)):
            raise NotExpressible("a stack that cannot post its blind and ante (PyPokerEngine refuses it)")
        n = table.players
        cards = [c for hole in table.holes for c in hole] + table.board + table.deck()
        self.table_ = EngineTable(cheat_deck=Deck(cheat=True, cheat_card_ids=[card_id(c) for c in cards]))
        for i, stack in enumerate(table.stacks):
            self.table_.seats.sitdown(Player(f"p{i + 1}", stack, f"p{i + 1}"))
        self.table_.dealer_btn = n - 1
        if n == 2:
            self.table_.set_blind_pos(1, 0)
        else:
            self.table_.set_blind_pos(0, 1)
        self.small = small
        self.state, _ = RoundManager.start_new_round(1, small, antes[0], self.table_)

    @property
    def players(self) -> list[Any]:
        return list(self.state["table"].seats.players)

    def _over(self) -> bool:
        return bool(self.state["street"] > SHOWDOWN)

    def legal(self) -> dict[str, Any]:
        if self._over():
            return {"actor": None}
        p = self.state["next_player"]
        players = self.players
        me = players[p]
        fold, call, raise_ = ActionChecker.legal_actions(players, p, self.small)
        bounds = raise_["amount"]
        return legal_of(
            p,
            fold=fold["action"] == "fold",
            to_call=call["amount"] - me.paid_sum(),
            remaining=me.stack,
            raises=[] if bounds["min"] == -1 else [bounds["min"], bounds["max"]],
        )

    def act(self, kind: str, amount: int | None) -> None:
        p = self.state["next_player"]
        players = self.players
        me = players[p]
        if kind == "f":
            action, size = "fold", 0
        elif kind == "cc":
            action, size = "call", ActionChecker.agree_amount(players)
        else:
            action, size = "raise", int(amount or 0)
        allowed = ActionChecker.is_allin(me, action, size) or ActionChecker._is_legal(
            players, p, self.small, action, size
        )
        if not allowed:
            raise Refused(f"{kind} {amount or ''}: PyPokerEngine would turn it into a fold")
        self.state, _ = RoundManager.apply_action(self.state, action, size)

    def stacks(self) -> list[int | float]:
        return [player.stack for player in self.players]


def hand(data: dict[str, Any]) -> dict[str, Any]:
    return replay(data, Hand)


if __name__ == "__main__":
    raise SystemExit(serve(f"PyPokerEngine {version('PyPokerEngine')}", {"hand": hand}))
