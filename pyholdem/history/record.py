"""Writing a played ``Hand`` as a PHH hand history (§12.9), and seeded self-play that produces them."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from pyholdem.engine.hand import Hand
from pyholdem.errors import HistoryError, RuleViolation
from pyholdem.history.phh import HandHistory
from pyholdem.rules.ruleset import RuleSet
from pyholdem.spec.histories import Action, variant_code
from pyholdem.spec.table import blind_seats, straddle_seats

_BETTING_EVENTS = {
    "fold": "fold",
    "check": "check_call",
    "call": "check_call",
    "bet": "bet_raise_to",
    "raise": "bet_raise_to",
}


def _player(seat: int, button: int, n: int) -> int:
    return (seat - button - 1) % n


def _written(per_player: list[int]) -> tuple[int, ...]:
    """Per-player amounts in PHH's written order (reversed heads-up, §12.5)."""
    return tuple(reversed(per_player)) if len(per_player) == 2 else tuple(per_player)


def _nominal_antes(hand: Hand, n: int, button: int) -> list[int]:
    posted = [0] * n
    short = [False] * n
    for e in hand.events:
        if e.kind == "ante" and e.seat is not None:
            posted[e.seat] = e.amount or 0
            short[e.seat] = e.all_in
    full = {posted[s] for s in range(n) if not short[s]}
    if all(posted) and len(full) == 1:
        posted = [full.pop()] * n
    per_player = [0] * n
    for seat in range(n):
        per_player[_player(seat, button, n)] = posted[seat]
    return per_player


def history_from_hand(hand: Hand, *, extra: Mapping[str, Any] | None = None) -> HandHistory:
    """The PHH history of ``hand`` as played so far: set-up, deals, actions, shows and mucks (§12.9).

    Player ``pK`` is the seat ``K`` places left of the button. Short-stacked posts are written at
    their full amount where it is known, so that a replay posts the same chips.
    """
    state = hand.state
    n, button = state.seats, state.button
    dealt = {e.seat for e in hand.events if e.kind == "deal"}
    if len(dealt) < n or any(
        e.kind == "dead_blind" or (e.kind == "blind" and e.seat not in state.blind_seats) for e in hand.events
    ):
        raise HistoryError(
            "PHH cannot write this set-up (§3.20): a seat not in the hand, a dead blind or an extra "
            "big blind",
            "12.9",
        )
    if len(state.blind_seats) - state.straddles == 1 and state.straddles:
        raise HistoryError(
            "PHH cannot write a single blind followed by straddles: they would read as two blinds", "12.9"
        )
    blinds = [0] * n
    for seat, amount in zip(state.blind_seats, state.blind_amounts, strict=True):
        blinds[_player(seat, button, n)] = amount
    actions: list[Action] = []
    for e in hand.events:
        player = _player(e.seat, button, n) if e.seat is not None else None
        if e.kind == "deal":
            actions.append(Action("deal_hole", player, e.cards))
        elif e.kind == "board":
            actions.append(Action("deal_board", None, e.cards))
        elif e.kind in _BETTING_EVENTS:
            amount = e.amount if e.kind in ("bet", "raise") else None
            actions.append(Action(_BETTING_EVENTS[e.kind], player, amount=amount))
        elif e.kind == "show":
            actions.append(Action("show_muck", player, e.cards))
        elif e.kind == "muck":
            actions.append(Action("show_muck", player))
    variant = variant_code(hand.rules)
    final = hand.result.stacks if hand.result is not None else hand.stacks
    stacks = [0] * n
    finishing = [0] * n
    for seat in range(n):
        stacks[_player(seat, button, n)] = hand.initial_stacks[seat]
        finishing[_player(seat, button, n)] = final[seat]
    limit = variant == "FT"
    return HandHistory(
        variant=variant,
        antes=_written(_nominal_antes(hand, n, button)),
        blinds_or_straddles=_written(blinds),
        starting_stacks=tuple(stacks),
        actions=tuple(actions),
        min_bet=None if limit else state.big_blind,
        small_bet=state.bet_sizes[0] if limit else None,
        big_bet=state.bet_sizes[1] if limit else None,
        finishing_stacks=tuple(finishing),
        extra=dict(extra or {}),
    )


def random_play(hand: Hand, rng: random.Random, *, max_actions: int = 200) -> Hand:
    """Play ``hand`` to its end with random legal actions (folds, calls, min/max/random raises)."""
    for _ in range(max_actions):
        if hand.is_over:
            break
        legal = hand.legal_actions()
        choices: list[tuple[str, int | None]] = [("check", None)] if legal.check else [("call", None)] * 3
        if legal.fold and not legal.check:
            choices.append(("fold", None))
        if legal.min_raise_to is not None and legal.max_raise_to is not None:
            kind = "bet" if legal.is_bet else "raise"
            low, high = legal.min_raise_to, legal.max_raise_to
            choices += [(kind, low), (kind, high), (kind, rng.randint(low, high))]
        kind, amount = rng.choice(choices)
        hand.act(kind, amount)
    return hand


def seeded_hand(
    seed: int, rules: RuleSet | None = None, *, players: Sequence[int] = (2, 10), engine: str = "auto"
) -> Hand:
    """A table drawn from ``seed`` (2-10 players, short and deep stacks, antes, straddles when the
    rules allow them) played with random legal actions on ``engine`` (see ``Hand``)."""
    rng = random.Random(seed)
    rules = rules or RuleSet()
    n = rng.randint(*players)
    big = rng.choice([2, 10, 100])
    stacks = [rng.choice([rng.randint(1, 3 * big), rng.randint(10 * big, 150 * big)]) for _ in range(n)]
    antes = rng.choice([None, None, big // 2 or 1])
    straddles: tuple[int, ...] = ()
    if n >= 4 and _may_straddle(rules, n, big) and rng.random() < 0.4:
        straddles = (2 * big,)
        stacks[2] = max(stacks[2], 3 * big)
    hand = Hand(
        rules,
        stacks,
        button=n - 1,
        blinds=(big // 2, big),
        antes=antes,
        straddles=straddles,
        seed=f"selfplay-{seed}",
        bet_sizes=(big, 2 * big),
        engine=engine,
    )
    return random_play(hand, rng)


def _may_straddle(rules: RuleSet, n: int, big: int) -> bool:
    """Whether §3.16 (``straddle_seats``) allows the straddle of twice the big blind a seeded table posts."""
    button = n - 1
    try:
        straddle_seats(n, button, blind_seats(n, button, 2), (2 * big,), big, rules)
    except RuleViolation:
        return False
    return True


SELFPLAY: dict[str, tuple[RuleSet, int]] = {
    "selfplay-no-limit.phhs": (RuleSet(straddle_allowed=True), 0),
    "selfplay-pot-limit.phhs": (RuleSet(betting_structure="pot_limit"), 1000),
    "selfplay-fixed-limit.phhs": (RuleSet(betting_structure="fixed_limit"), 2000),
}
SELFPLAY_HANDS = 25


def selfplay_text(name: str) -> str:
    """The bundled self-play file ``name``: ``SELFPLAY_HANDS`` seeded hands under its rule set."""
    from pyholdem.history.phh import dumps_many

    rules, first = SELFPLAY[name]
    changes = ", ".join(f"{k}={v!r}" for k, v in rules.changes().items()) or "tda_2024"
    hands = [
        history_from_hand(seeded_hand(seed, rules), extra={"hand": seed, "_rules": changes})
        for seed in range(first, first + SELFPLAY_HANDS)
    ]
    header = (
        f"# Written by pyholdem from seeded self-play (pyholdem.history.record.selfplay_text({name!r})):\n"
        f"# random legal actions under tda_2024 with {changes}; regenerate with\n"
        "# python -m pyholdem.history.record examples/histories/selfplay\n"
    )
    return header + dumps_many(hands)


if __name__ == "__main__":
    import sys
    from pathlib import Path

    target = Path(sys.argv[1] if len(sys.argv) > 1 else "examples/histories/selfplay")
    target.mkdir(parents=True, exist_ok=True)
    for file_name in SELFPLAY:
        (target / file_name).write_text(selfplay_text(file_name), encoding="utf-8")
        print(f"wrote {target / file_name}")
