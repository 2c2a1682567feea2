"""OpenSpiel's ``universal_poker`` (the ACPC game definitions) as a conformance adapter:
``python -m pyholdem.conformance.adapters.open_spiel_adapter``.

A hand is an ACPC game: ``blind`` per player, ``firstPlayer`` per round, ``stack`` per player and,
in limit, ``raiseSize`` (small bet, small bet, big bet, big bet) and ``maxRaises`` (3 before the flop,
where the big blind counts as the first bet, 4 after). With ``bettingAbstraction=fullgame`` action
``N >= 2`` is a no-limit raise *to* ``N`` over the whole hand (a PHH ``cbr`` is *to* within the
round); in limit (its default abstraction: fold, call, bet) action 2 is the fixed raise, whose size
the adapter reads from the engine's own child state. universal_poker offers no fold when checking
is free; §6.1 allows it and it changes nothing but the folder's cards, so the adapter reports
``fold`` true there (the engine's page says so) rather than let that mask every later difference.
A history that folds when checking is free cannot be played on it: that fold is not expressible.
The chance nodes deal the vector's cards. ACPC has no antes, no straddles, no pot limit, no blind
larger than its stack and no stacks at all in limit games: those hands are not expressible.
"""

from __future__ import annotations

from typing import Any

from pyholdem.conformance.adapters._hands import RANKS, SUITS, Table, legal_of, replay
from pyholdem.conformance.adapters._serve import NotExpressible, Refused, require, serve, version

pyspiel = require("pyspiel", "open-spiel")

FOLD, CALL, LIMIT_RAISE = 0, 1, 2
# a limit game of five or more players makes universal_poker print "only read 4 stack sizes" and exit
LIMIT_PLAYERS = 4
# ACPC limit games play as if stacks were endless: a stack of 4 small bets and 4 big bets on every
# street (the most one player can put in) is the shortest the adapter lets it play
LIMIT_DEPTH = 8


def card_index(card: str) -> int:
    return RANKS.index(card[0]) * len(SUITS) + SUITS.index(card[1])


def game_string(table: Table) -> str:
    """The ACPC definition of the vector's hand."""
    table.standard_blinds()
    n = table.players
    if any(stack < post for stack, post in zip(table.stacks, table.posts, strict=True)):
        raise NotExpressible("a stack shorter than its blind (ACPC posts every blind in full)")
    if table.variant == "FT" and min(table.stacks) < LIMIT_DEPTH * (table.small_bet or 0) * 3:
        raise NotExpressible("a limit stack that could run out (ACPC limit games ignore stacks)")
    if table.variant == "FT" and n > LIMIT_PLAYERS:
        raise NotExpressible(
            f"limit with {n} players (universal_poker's limit game exits past {LIMIT_PLAYERS})"
        )
    first = (table.big_blind_player + 1) % n + 1
    params = {
        "numPlayers": n,
        "numRounds": 4,
        "blind": " ".join(map(str, table.posts)),
        "firstPlayer": f"{first} 1 1 1",
        "numSuits": 4,
        "numRanks": 13,
        "numHoleCards": 2,
        "numBoardCards": "0 3 1 1",
        "stack": " ".join(map(str, table.stacks)),
    }
    if table.variant == "NT":
        params |= {"betting": "nolimit", "bettingAbstraction": "fullgame"}
    elif table.variant == "FT":
        small, big = table.small_bet, table.big_bet
        params |= {"betting": "limit", "raiseSize": f"{small} {small} {big} {big}", "maxRaises": "3 4 4 4"}
    else:
        raise NotExpressible(f"variant {table.variant} (ACPC has no-limit and limit only)")
    return "universal_poker(" + ",".join(f"{k}={v}" for k, v in params.items()) + ")"


class Hand:
    """An OpenSpiel state that deals the vector's cards whenever a chance node comes."""

    def __init__(self, table: Table) -> None:
        try:
            game = pyspiel.load_game(game_string(table))
        except pyspiel.SpielError as exc:
            raise Refused(f"universal_poker refused the game: {exc}") from None
        self.table = table
        self.limit = table.variant == "FT"
        self.state = game.new_initial_state()
        self.cards = [card_index(c) for h in table.holes for c in h] + [card_index(c) for c in table.board]
        self.dealt = 0
        self.folded: set[int] = set()
        self.round = 0
        self.base = 0
        self._settle()

    def _deal(self) -> None:
        while self.state.is_chance_node():
            if self.dealt >= len(self.cards):
                raise Refused("the engine deals more board cards than the vector gives")
            self.state.apply_action(self.cards[self.dealt])
            self.dealt += 1

    def _spent(self, state: Any) -> list[int]:
        return [int(c) for c in state.to_dict()["player_contributions"]]

    def _settle(self) -> None:
        """Track the round's starting contribution (a PHH ``cbr`` is *to* within the round, an ACPC
        raise *to* over the hand) and make the checks PHH leaves out (§12.11): the last player with
        chips, everyone else all-in or folded, with nothing to call."""
        while not self.state.is_terminal():
            self._deal()
            if self.state.is_terminal():
                return
            spent = self._spent(self.state)
            street = self.state.to_dict()["betting_history"].count("/")
            if street != self.round:
                self.round, self.base = street, max(spent)
            p = self.state.current_player()
            others = [
                q
                for q in range(self.table.players)
                if q != p and q not in self.folded and spent[q] < self.table.stacks[q]
            ]
            if others or spent[p] < max(spent):
                return
            self.state.apply_action(CALL)

    def legal(self) -> dict[str, Any]:
        if self.state.is_terminal():
            return {"actor": None}
        p = self.state.current_player()
        actions = self.state.legal_actions()
        spent = self._spent(self.state)
        if self.limit:
            raises = [self._spent(self.state.child(LIMIT_RAISE))[p]] if LIMIT_RAISE in actions else []
        else:
            raises = [a for a in actions if a >= 2]
        return legal_of(
            p,
            fold=FOLD in actions or spent[p] == max(spent),
            to_call=max(spent) - spent[p],
            remaining=self.table.stacks[p] - spent[p],
            raises=[r - self.base for r in raises],
        )

    def act(self, kind: str, amount: int | None) -> None:
        actions = self.state.legal_actions()
        if kind == "f":
            action = FOLD
            spent = self._spent(self.state)
            if FOLD not in actions and spent[self.state.current_player()] == max(spent):
                raise NotExpressible("a fold when checking is free (universal_poker offers none)")
        elif kind == "cc":
            action = CALL
        elif self.limit:
            action = LIMIT_RAISE
            p = self.state.current_player()
            if action in actions and self._spent(self.state.child(action))[p] - self.base != amount:
                raise Refused(f"cbr {amount}: the limit raise is to another amount")
        else:
            action = self.base + int(amount or 0)
        if action not in actions:
            raise Refused(f"{kind} {amount or ''}: not among universal_poker's legal actions {actions}")
        if action == FOLD:
            self.folded.add(self.state.current_player())
        self.state.apply_action(action)
        self._settle()

    def stacks(self) -> list[int | float]:
        if self.state.is_terminal():
            return [s + r for s, r in zip(self.table.stacks, self.state.returns(), strict=True)]
        return [s - c for s, c in zip(self.table.stacks, self._spent(self.state), strict=True)]


def hand(data: dict[str, Any]) -> dict[str, Any]:
    return replay(data, Hand)


if __name__ == "__main__":
    raise SystemExit(serve(f"open-spiel {version('open-spiel')}", {"hand": hand}))
