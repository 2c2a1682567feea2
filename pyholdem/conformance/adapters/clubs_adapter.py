"""clubs (``pip install clubs``) as a conformance adapter:
``python -m pyholdem.conformance.adapters.clubs_adapter``.

A hand is a ``clubs.poker.Dealer`` configured for hold'em: ``raise_sizes`` ``"inf"`` (no limit),
``"pot"`` (pot limit) or the small and big bets (fixed limit, at most four bets a street), blinds and
antes as lists, the stacks set on the dealer before ``reset(reset_button=True)``, and the deck
tricked (``Deck.trick``) so that it deals the vector's cards. clubs seats the button at index 0, so
index ``i`` is ``p{i}`` and index 0 is the button ``p{n}``. Its blind and ante lists are rolled to the
first player to act after the button: the list starts with the small blind three-handed and more
(with the button first heads-up), not with the button as its docstring says.

``step(bet)`` takes the chips added this turn; the adapter translates a PHH raise *to* into them and
reads ``call``, ``min_raise`` and ``max_raise`` (chips added) back into bounds *to*. clubs rounds any
bet to the nearest legal size, so a bet it would change is refused here. It has no fold when checking
is free; §6.1 allows it and it changes nothing but the folder's cards, so the adapter reports
``fold`` true there. clubs posts every blind and ante in full (a shorter stack goes below zero), so
such hands are not expressible; neither are straddles or table set-ups.
"""

from __future__ import annotations

from typing import Any

from pyholdem.conformance.adapters._hands import Table, legal_of, replay
from pyholdem.conformance.adapters._serve import NotExpressible, Refused, require, serve, version

clubs = require("clubs", "clubs")

LIMIT_BETS = 4


def _sizes(table: Table) -> tuple[Any, Any]:
    if table.variant == "NT":
        return "inf", "inf"
    if table.variant == "PT":
        return "pot", "inf"
    if table.variant == "FT":
        small, big = int(table.small_bet or 0), int(table.big_bet or 0)
        return [small, small, big, big], LIMIT_BETS
    raise NotExpressible(f"variant {table.variant}")


def _listed(by_index: list[int]) -> list[int]:
    """Per clubs index, as clubs' blind and ante lists read them: rolled to the first player after
    the button three-handed and more, from the button heads-up."""
    n = len(by_index)
    return by_index if n == 2 else [by_index[(k + 1) % n] for k in range(n)]


class Hand:
    def __init__(self, table: Table) -> None:
        antes, table.antes = table.antes, [0] * table.players
        table.standard_blinds()
        table.antes = antes
        if any(s <= p + a for s, p, a in zip(table.stacks, table.posts, antes, strict=True)):
            raise NotExpressible("a stack that its blind and ante empty (clubs posts them in full)")
        n = table.players
        raise_sizes, num_raises = _sizes(table)
        self.index = [n - 1, *range(n - 1)]  # clubs index → PHH player
        self.dealer = clubs.poker.Dealer(
            num_players=n,
            num_streets=4,
            blinds=_listed([table.posts[p] for p in self.index]),
            antes=_listed([antes[p] for p in self.index]),
            raise_sizes=raise_sizes,
            num_raises=num_raises,
            num_suits=4,
            num_ranks=13,
            num_hole_cards=2,
            num_community_cards=[0, 3, 1, 1],
            num_cards_for_hand=5,
            mandatory_num_hole_cards=0,
            start_stack=max(table.stacks),
        )
        self.table = table
        self.dealer.stacks = [table.stacks[self.index[i]] for i in range(n)]
        holes = [table.holes[self.index[i]] for i in range(n)]
        self.dealer.deck.trick(
            [clubs.poker.Card(c) for h in holes for c in h] + [clubs.poker.Card(c) for c in table.board]
        )
        self.dealer.reset(reset_button=True)
        self._settle()

    def _settle(self) -> None:
        """Pass the turns that are no decision: clubs gives an all-in player a turn (he can only bet
        nothing), and asks the last player with chips to check when everyone else is all-in or folded
        (PHH writes neither, §12.11)."""
        d = self.dealer
        while d.action != -1:
            p = d.action
            others = [q for q in range(self.table.players) if q != p and d.active[q] and d.stacks[q]]
            if d.stacks[p] and (others or self._sizes()[0]):
                return
            d.step(0)

    def _sizes(self) -> tuple[int, int, int]:
        sizes: tuple[int, int, int] = self.dealer._bet_sizes()  # clubs is untyped
        return sizes

    def legal(self) -> dict[str, Any]:
        d = self.dealer
        if d.action == -1:
            return {"actor": None}
        call, low, high = self._sizes()
        commit = d.street_commits[d.action]
        stack = d.stacks[d.action]
        raises = [commit + low, commit + high] if high > call else []
        return legal_of(
            self.index[d.action],
            fold=True,
            to_call=max(d.street_commits) - commit,
            remaining=stack,
            raises=raises,
        )

    def act(self, kind: str, amount: int | None) -> None:
        d = self.dealer
        call, low, high = self._sizes()
        commit = d.street_commits[d.action]
        if kind == "f":
            if not call:
                raise NotExpressible("a fold when checking is free (clubs checks instead)")
            bet = -1
        elif kind == "cc":
            bet = call
        else:
            bet = int(amount or 0) - commit
            if high <= call or not low <= bet <= high:
                raise Refused(f"cbr {amount}: clubs would round it to another bet")
        d.step(bet)
        self._settle()

    def stacks(self) -> list[int | float]:
        d = self.dealer
        return [d.stacks[self.index.index(p)] for p in range(self.table.players)]


def hand(data: dict[str, Any]) -> dict[str, Any]:
    return replay(data, Hand)


if __name__ == "__main__":
    raise SystemExit(serve(f"clubs {version('clubs')}", {"hand": hand}))
