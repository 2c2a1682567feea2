"""What the ``hand`` runner needs from a hand engine (``vectors/formats/hand.md``), built from its own
state: the vector's PHH fields read into a ``Table`` (every card known up front, so that the engine
deals exactly those), then each player action replayed on the engine, its legal actions read just
before. Standard library only.

An engine answers ``legal()`` (the actor and what it may do, in the runner's terms), ``act()`` (the
action, refused when the engine does not offer it) and ``stacks()``. A hand the engine cannot state
(an ante, a straddle, blinds or stacks it fixes otherwise, a raise size it lacks) raises
``NotExpressible`` and is counted apart.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from pyholdem.conformance.adapters._serve import NotExpressible, Refused

RANKS = "23456789TJQKA"
SUITS = "cdhs"


@dataclass
class Table:
    """A vector's hand: ``posts[i]`` is player ``i``'s live blind or straddle (heads-up the PHH
    arrays are reverse-assigned: ``p1`` posts the big blind, the button ``p2`` the small one)."""

    variant: str
    stacks: list[int]
    antes: list[int]
    posts: list[int]
    min_bet: int | None
    small_bet: int | None
    big_bet: int | None
    holes: list[list[str]]
    boards: list[list[str]] = field(default_factory=list)
    moves: list[tuple[int, str, int | None]] = field(default_factory=list)

    @property
    def players(self) -> int:
        return len(self.stacks)

    @property
    def board(self) -> list[str]:
        return [c for street in self.boards for c in street]

    @property
    def blinds(self) -> tuple[int, int]:
        """The small and the big blind (the two smallest positive posts, or the big one twice)."""
        live = sorted(p for p in self.posts if p)
        if not live:
            raise NotExpressible("a hand without blinds")
        return (live[0], live[1]) if len(live) > 1 else (live[0], live[0])

    @property
    def big_blind_player(self) -> int:
        return 0 if self.players == 2 else 1

    def deck(self) -> list[str]:
        """The cards nobody holds, in a fixed order, for engines that deal the rest of a deck."""
        used = {c for h in self.holes for c in h} | set(self.board)
        return [r + s for r in RANKS for s in SUITS if r + s not in used]

    def standard_blinds(self) -> None:
        """Refuse what an engine with only a small and a big blind cannot state."""
        if any(self.antes):
            raise NotExpressible("antes")
        live = [p for p in self.posts if p]
        if len(live) > 2:
            raise NotExpressible("a straddle")
        small, big = self.blinds
        expected = [big, small] if self.players == 2 else [small, big] + [0] * (self.players - 2)
        if self.posts != expected:
            raise NotExpressible(f"blinds {self.posts} other than a small and a big blind")


def _cards(text: str) -> list[str]:
    if text.strip("?") == "" or len(text) % 2:
        raise NotExpressible(f"unknown or malformed cards {text!r}")
    return [text[i : i + 2] for i in range(0, len(text), 2)]


def table_of(data: dict[str, Any]) -> Table:
    """Read the vector's PHH fields; a table set-up (§3.20) is not a plain PHH hand."""
    if "setup" in data:
        raise NotExpressible("a table set-up (seats, dead button, dead or extra blinds)")
    stacks = [int(s) for s in data["starting_stacks"]]
    n = len(stacks)
    posts = [int(b) for b in data.get("blinds_or_straddles") or [0] * n]
    antes = [int(a) for a in data.get("antes") or [0] * n]
    if n == 2:
        posts = posts[::-1]
        antes = antes[::-1]
    table = Table(
        data["variant"],
        stacks,
        antes,
        posts,
        data.get("min_bet"),
        data.get("small_bet"),
        data.get("big_bet"),
        [[] for _ in range(n)],
    )
    for text in data["actions"]:
        words = text.split("#")[0].split()
        if len(words) < 2:
            continue
        if words[0] == "d" and words[1] == "dh":
            table.holes[int(words[2][1:]) - 1] = _cards(words[3])
        elif words[0] == "d" and words[1] == "db":
            table.boards.append(_cards(words[2]))
        elif words[1] in ("f", "cc", "cbr"):
            amount = int(words[2]) if words[1] == "cbr" else None
            table.moves.append((int(words[0][1:]) - 1, words[1], amount))
    if any(len(h) != 2 for h in table.holes):
        raise NotExpressible("a hand whose hole cards are not all given")
    return table


class Game(Protocol):
    def legal(self) -> dict[str, Any]: ...

    def act(self, kind: str, amount: int | None) -> None: ...

    def stacks(self) -> list[int | float]: ...


def legal_of(
    actor: int, *, fold: bool, to_call: int, remaining: int, raises: Sequence[int] | None
) -> dict[str, Any]:
    """The runner's legal-action object from an engine's numbers: ``to_call`` is what a call adds
    before the stack cap, ``raises`` the bet or raise *to* amounts the engine offers."""
    return {
        "actor": f"p{int(actor) + 1}",
        "fold": bool(fold),
        "check": bool(to_call == 0),
        "call": int(min(to_call, remaining)) or None,
        "min_to": int(min(raises)) if raises else None,
        "max_to": int(max(raises)) if raises else None,
    }


def replay(data: dict[str, Any], start: Callable[[Table], Game]) -> dict[str, Any]:
    """Play the vector's actions on the engine ``start`` builds, reading its legal actions first."""
    table = table_of(data)
    game = start(table)
    steps = []
    for player, kind, amount in table.moves:
        legal = game.legal()
        if legal.get("actor") is None:
            raise Refused(f"p{player + 1} {kind}: nobody is to act")
        steps.append(legal)
        if legal["actor"] != f"p{player + 1}":
            raise Refused(f"p{player + 1} {kind}: it is {legal['actor']}'s turn")
        game.act(kind, amount)
    return {"legal": steps, "finishing_stacks": [_chips(s) for s in game.stacks()]}


def _chips(value: int | float) -> int | float:
    """A stack as JSON: a whole number of chips as an int (engines may hold numpy numbers)."""
    return int(value) if float(value).is_integer() else float(value)
