"""The explicit state of one hand that the pure rule functions of specs 03–08 read.

``pyholdem.Hand`` owns one ``HandState`` and changes it only through the rule functions'
answers; everything here is plain data (integers in chips, lists indexed by seat).
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields

PREFLOP, FLOP, TURN, RIVER = 0, 1, 2, 3
STREET_NAMES = ("preflop", "flop", "turn", "river")


@dataclass(slots=True)
class HandState:
    """Seats, chips and the betting state of the current round.

    ``blind_seats``/``blind_amounts`` list the forced bets in posting order (blinds, then the
    ``straddles`` straddles) with their full amounts. ``bets`` are this round's chips in front of
    each seat (blinds and straddles count preflop); ``committed`` holds earlier rounds' chips;
    ``marks[s]`` is the bet level seat ``s`` last acted on (§7.3); ``full_level`` is the level set
    by the last full bet or raise (§5.3, §7.2). ``antes_contribute`` says whether the antes are their
    payers' contributions rather than dead money (§7.7, ``antes_are_contributions``). ``dead[s]`` is
    the dead blind seat ``s`` posted (§3.20): in the pot, not part of his bet (empty list: none).
    ``raise_increments[s]`` adds up what seat ``s``'s bets and raises of this round added over the bet
    before them, and ``cumulative_increment`` is the round's raise size of ``min_raise_rule =
    "cumulative_short_allins"`` (§5.6, both 0 when the round opens).
    ``min_bet`` is the hand's minimum bet (§5.5 ``min_bet``, set when the hand starts), which §7.3
    reads from here. ``dealt`` is the number of players dealt in (§3.20; None: every seat).
    A seat not in the hand (§3.20) is folded from the start.
    """

    seats: int
    button: int
    big_blind: int
    bet_sizes: tuple[int, int]
    blind_seats: tuple[int, ...]
    blind_amounts: tuple[int, ...]
    stacks: list[int]
    bets: list[int]
    committed: list[int]
    antes: list[int]
    folded: list[bool]
    acted: list[bool]
    marks: list[int]
    street: int = PREFLOP
    current_bet: int = 0
    full_level: int = 0
    full_increment: int = 0
    first_bet: int = 0
    last_increment: int = 0
    cumulative_increment: int = 0
    bet_count: int = 0
    raise_count: int = 0
    capped: bool = False
    min_bet: int = 0
    dealt: int | None = None
    to_act: int | None = None
    aggressors: list[int | None] = field(default_factory=lambda: [None, None, None, None])
    straddles: int = 0
    sleeper: int | None = None
    sleeper_amount: int = 0
    antes_contribute: bool = True
    frozen: list[bool] = field(default_factory=list)
    out_of_turn: dict[int, tuple[str, int | None, int]] = field(default_factory=dict)
    dead: list[int] = field(default_factory=list)
    raise_increments: list[int] = field(default_factory=list)

    def can_act(self, seat: int) -> bool:
        """In the hand, holding chips and not frozen (§7.8): a player who still takes part in the betting."""
        return not self.folded[seat] and self.stacks[seat] > 0 and not (self.frozen and self.frozen[seat])

    def live(self) -> list[int]:
        return [s for s in range(self.seats) if not self.folded[s]]

    def clone(self) -> HandState:
        """An independent copy (the lists are copied, everything else is immutable)."""
        new = object.__new__(HandState)
        for name in _SCALARS:
            setattr(new, name, getattr(self, name))
        for name in _LISTS:
            setattr(new, name, getattr(self, name)[:])
        new.out_of_turn = dict(self.out_of_turn)
        return new


_LISTS = (
    "stacks", "bets", "committed", "antes", "folded", "acted", "marks", "aggressors", "frozen", "dead",
    "raise_increments",
)  # fmt: skip
_SCALARS = tuple(f.name for f in fields(HandState) if f.name not in (*_LISTS, "out_of_turn"))
