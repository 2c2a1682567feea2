"""RLCard's limit and no-limit hold'em games as a conformance adapter:
``python -m pyholdem.conformance.adapters.rlcard_adapter``.

The games are driven directly (``LimitHoldemGame``, ``NolimitholdemGame``), not through an RL
environment: the blinds, the stacks and the dealer are set on the game before ``init_game``, and the
game's random state is one whose ``shuffle`` lays out the vector's cards in dealing order and whose
``randint`` seats the small blind where PHH puts it (its odd-chip draw stays a seeded random choice).

No limit: RLCard's raises are its own abstractions — half the pot or the pot *added to the raiser's
own bet this round*, or all-in. A vector's raise to another amount is not expressible, and the smallest
raise (``min_to``) is not something RLCard states: the adapter says so (``unstated``) and the runner
compares the rest (the actor, fold, check, the call, and ``max_to``, the all-in). Limit: RLCard has no
stacks (chips are only counted in), raises by the small bet before the turn and twice that after, at
most four raises a round; a limit hand whose stacks could run out is not expressible.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from pyholdem.conformance.adapters._hands import Table, legal_of, replay
from pyholdem.conformance.adapters._serve import NotExpressible, Refused, require, serve, version

base = require("rlcard.games.base", "rlcard")
limit_game = require("rlcard.games.limitholdem.game", "rlcard")
nolimit_game = require("rlcard.games.nolimitholdem.game", "rlcard")
Action = require("rlcard.games.nolimitholdem.round", "rlcard").Action
PlayerStatus = require("rlcard.games.limitholdem", "rlcard").PlayerStatus

LIMIT_DEPTH = 8  # the most a limit player can put in: 4 small bets twice and 4 big bets twice
RAISES = (Action.RAISE_HALF_POT, Action.RAISE_POT, Action.ALL_IN)


def card(text: str) -> Any:
    return base.Card(text[1].upper(), text[0])


class Arranged(np.random.RandomState):
    """The game's random state: the vector's deck, the small blind's seat; a seeded odd-chip draw."""

    def __init__(self, deck: list[Any], small_blind_seat: int) -> None:
        super().__init__(0)
        self.deck = deck
        self.seat = small_blind_seat

    def shuffle(self, x: Any) -> None:
        x[:] = self.deck

    def randint(self, *args: Any, **kwargs: Any) -> int:  # type: ignore[override]  # RLCard draws one seat
        return self.seat


def _deck(table: Table) -> list[Any]:
    """``deal_card`` pops from the end: hole cards round-robin, then the board, last in the list."""
    n = table.players
    order = [table.holes[i % n][i // n] for i in range(2 * n)] + table.board + table.deck()
    return [card(c) for c in reversed(order)]


class Hand:
    def __init__(self, table: Table) -> None:
        table.standard_blinds()
        n = table.players
        small, big = table.blinds
        self.table = table
        self.limit = table.variant == "FT"
        sb_seat = 1 if n == 2 else 0
        if self.limit:
            if table.big_bet != 2 * (table.small_bet or 0):
                raise NotExpressible("a big bet other than twice the small bet (RLCard doubles its raise)")
            if min(table.stacks) < LIMIT_DEPTH * 3 * (table.small_bet or 0):
                raise NotExpressible("a limit stack that could run out (RLCard's limit game has no stacks)")
            game = limit_game.LimitHoldemGame(num_players=n)
            game.raise_amount = table.small_bet
        elif table.variant == "NT":
            if any(s <= p for s, p in zip(table.stacks, table.posts, strict=True)):
                raise NotExpressible(
                    "a blind that takes a whole stack (RLCard leaves that player betting with no chips)"
                )
            game = nolimit_game.NolimitholdemGame(num_players=n)
            game.init_chips = list(table.stacks)
            game.dealer_id = (sb_seat - 1) % n
        else:
            raise NotExpressible(f"variant {table.variant} (RLCard has limit and no-limit only)")
        game.small_blind, game.big_blind = small, big
        game.np_random = Arranged(_deck(table), sb_seat)
        game.init_game()
        self.game = game
        self._settle()

    def _settle(self) -> None:
        """Make the check PHH leaves out (§12.11): the last no-limit player with chips, everyone else
        all-in or folded, with nothing to call."""
        g = self.game
        while not self.limit and not g.is_over():
            p = g.game_pointer
            others = [
                q
                for q in g.players
                if q.player_id != p and q.status == PlayerStatus.ALIVE and q.remained_chips
            ]
            if others or g.round.raised[p] < max(g.round.raised):
                return
            g.step(Action.CHECK_CALL)

    def _to_amounts(self) -> dict[Any, int]:
        g = self.game
        p = g.game_pointer
        own = g.round.raised[p]
        pot = g.dealer.pot
        amounts = {
            Action.RAISE_HALF_POT: own + int(pot / 2),
            Action.RAISE_POT: own + pot,
            Action.ALL_IN: own + g.players[p].remained_chips,
        }
        return {a: amounts[a] for a in g.get_legal_actions() if a in amounts}

    def legal(self) -> dict[str, Any]:
        g = self.game
        if g.is_over():
            return {"actor": None}
        p = g.game_pointer
        to_call = max(g.round.raised) - g.round.raised[p]
        if self.limit:
            actions = g.get_legal_actions()
            raises = [max(g.round.raised) + g.round.raise_amount] if "raise" in actions else []
            return legal_of(
                p,
                fold="fold" in actions,
                to_call=to_call,
                remaining=self.table.stacks[p] - g.players[p].in_chips,
                raises=raises,
            )
        amounts = self._to_amounts()
        legal = legal_of(
            p,
            fold=Action.FOLD in g.get_legal_actions(),
            to_call=to_call,
            remaining=g.players[p].remained_chips,
            raises=[amounts[Action.ALL_IN]] if Action.ALL_IN in amounts else [],
        )
        return legal

    def act(self, kind: str, amount: int | None) -> None:
        g = self.game
        actions = g.get_legal_actions()
        if self.limit:
            p = g.game_pointer
            free = g.round.raised[p] == max(g.round.raised)
            choice: Any = {"f": "fold", "cc": "check" if free else "call", "cbr": "raise"}[kind]
            if kind == "cbr" and amount != max(g.round.raised) + g.round.raise_amount:
                raise Refused(f"cbr {amount}: RLCard's limit raise is to another amount")
        elif kind == "f":
            choice = Action.FOLD
        elif kind == "cc":
            choice = Action.CHECK_CALL
        else:
            matches = [a for a, to in self._to_amounts().items() if to == amount]
            if not matches:
                raise NotExpressible(
                    "a raise to other than half the pot, the pot or all-in (RLCard's raises)"
                )
            choice = matches[-1]
        if choice not in actions:
            raise Refused(f"{kind} {amount or ''}: not among RLCard's legal actions {actions}")
        g.step(choice)
        self._settle()

    def stacks(self) -> list[int | float]:
        g = self.game
        if not g.is_over():
            if self.limit:
                return [s - p.in_chips for s, p in zip(self.table.stacks, g.players, strict=True)]
            return [p.remained_chips for p in g.players]
        alive = (PlayerStatus.ALIVE, PlayerStatus.ALLIN)
        hands = [p.hand + g.public_cards if p.status in alive else None for p in g.players]
        payoffs = g.judger.judge_game(g.players, hands)
        return [s + int(w) for s, w in zip(self.table.stacks, payoffs, strict=True)]


def hand(data: dict[str, Any]) -> dict[str, Any]:
    result = replay(data, Hand)
    if data.get("variant") == "NT":
        result["unstated"] = ["min_to"]
    return result


if __name__ == "__main__":
    raise SystemExit(serve(f"rlcard {version('rlcard')}", {"hand": hand}))
