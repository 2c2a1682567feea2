"""Writing a played ``Hand`` as a PHH hand history (§12.9), and seeded self-play that produces them."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any, Protocol

from pyholdem.engine.hand import Event, Hand, HandResult
from pyholdem.engine.setup import HandSetup, setup_from_arguments
from pyholdem.errors import HistoryError, PyHoldemError, RuleViolation
from pyholdem.history.phh import HandHistory
from pyholdem.rules.ruleset import RuleSet
from pyholdem.spec.histories import Action, hand_setup, replay_rules, variant_code
from pyholdem.spec.table import ForcedPost, blind_seats, straddle_seats

_BETTING_EVENTS = {
    "fold": "fold",
    "check": "check_call",
    "call": "check_call",
    "bet": "bet_raise_to",
    "raise": "bet_raise_to",
}


def _written(per_player: list[int]) -> tuple[int, ...]:
    """Per-player amounts in PHH's written order (reversed heads-up, §12.5)."""
    return tuple(reversed(per_player)) if len(per_player) == 2 else tuple(per_player)


_SEATING_KEYS = {"table": "table", "hand": "hand", "seat_count": "seat_count", "seats": "seats"}


class LoggedHand(Protocol):
    """What ``history_from_hand`` reads of a hand: a ``Hand``, or an engine (``SpecHand``,
    ``NativeHand``), whose set-up is then given apart."""

    @property
    def rules(self) -> RuleSet: ...
    @property
    def events(self) -> tuple[Event, ...]: ...
    @property
    def result(self) -> HandResult | None: ...
    @property
    def stacks(self) -> tuple[int, ...]: ...
    @property
    def initial_stacks(self) -> tuple[int, ...]: ...


def history_from_hand(
    hand: LoggedHand,
    *,
    extra: Mapping[str, Any] | None = None,
    names: Sequence[str | None] | None = None,
    seated: bool = False,
    chips_added: Mapping[int, int] | None = None,
    setup: HandSetup | None = None,
    chips_removed: Mapping[int, int] | None = None,
) -> HandHistory:
    """The PHH history of ``hand`` as played so far: set-up, deals, actions, shows and mucks (§12.9).

    The players are the seats in the hand, clockwise from the seat left of the button (§12.5),
    with their starting stacks and final stacks. A hand at a full table, the button on its last
    seat, whose posts are the ones the standard fields read back (§12.10) is written with those
    alone, and replays on the same seats; any other set-up (the button elsewhere, seats
    sitting out or empty, a dead button, dead or extra blinds, posts in another order, §3.20) is
    also written with its explicit set-up, ``seat_count``, ``seats``, ``_button``, ``_blinds``,
    ``_posts`` and ``_sitting_out`` (§12.12). Forced posts are written at the full amount owed,
    so that a replay posts the same chips. ``extra`` holds other fields (``table``, ``hand``,
    ``_``-fields …); ``names`` a name per seat, written as ``players``. ``seated`` writes
    ``seat_count`` and ``seats`` for every hand, as the hands of a session need (§12.13), with the
    names of the seats sitting out and ``chips_added`` (seat → chips added since the hand before,
    §3.22) and ``chips_removed`` (seat → chips removed since the hand before, a colour-up §9.18).
    ``setup`` is the hand's set-up where the hand does not keep it (an engine, not a ``Hand``).
    """
    setup = setup if setup is not None else getattr(hand, "setup", None)
    if setup is None:
        raise HistoryError("the hand's set-up (§3.20) is not known, so its history cannot be written", "12.9")
    n, button = len(setup.stacks), setup.button
    order = [(button + 1 + i) % n for i in range(n) if setup.in_hand[(button + 1 + i) % n]]
    player_of = {seat: i for i, seat in enumerate(order)}
    actions: list[Action] = []
    for e in hand.events:
        player = player_of.get(e.seat) if e.seat is not None else None
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
        elif e.kind == "freeze":
            actions.append(Action("time_out", player))
    variant = variant_code(hand.rules)
    final = hand.result.stacks if hand.result is not None else hand.stacks
    posts = tuple(ForcedPost(player_of[p.seat], p.kind, p.amount, p.live) for p in setup.posts)
    antes, live = [0] * len(order), [0] * len(order)
    for post in posts:
        if post.kind == "ante":
            antes[post.seat] += post.amount
        elif post.live:
            live[post.seat] += post.amount
    limit = variant == "FT"
    small_bet = big_bet = None
    if limit:
        assert setup.bet_sizes is not None  # a HandSetup fills in the default bet sizes
        small_bet, big_bet = setup.bet_sizes[0], setup.bet_sizes[1]
    fields: dict[str, Any] = dict(extra or {})
    seating = {key: fields.pop(name) for name, key in _SEATING_KEYS.items() if name in fields}
    if "players" in fields:
        seating["player_names"] = fields.pop("players")
    if names is not None:
        if isinstance(names, str) or len(names) != n:
            raise HistoryError(f"names {names!r} must give one name (or None) per seat ({n})", "12.9")
        seating["player_names"] = tuple(names[s] or "" for s in order)
    for key in ("seats", "player_names"):
        if key in seating:
            seating[key] = tuple(seating[key])
    history = HandHistory(
        variant=variant,
        antes=_written(antes),
        blinds_or_straddles=_written(live),
        starting_stacks=tuple(hand.initial_stacks[s] for s in order),
        actions=tuple(actions),
        min_bet=None if limit else setup.blinds[-1],
        small_bet=small_bet,
        big_bet=big_bet,
        finishing_stacks=tuple(final[s] for s in order),
        extra=fields,
        **seating,
    )
    if chips_added:
        history = replace(history, chips_added=tuple((s + 1, c) for s, c in sorted(chips_added.items()) if c))
    if chips_removed:
        history = replace(
            history, chips_removed=tuple((s + 1, c) for s, c in sorted(chips_removed.items()) if c)
        )
    if all(setup.in_hand) and button == n - 1 and _reads_back(history, setup, posts):
        return replace(history, seat_count=n, seats=tuple(range(1, n + 1))) if seated else history
    out = [s for s in range(n) if setup.seats[s] == "sitting_out"]
    return replace(
        history,
        seat_count=n,
        seats=tuple(s + 1 for s in order),
        button=button + 1,
        blinds=setup.blinds,
        posts=posts,
        sitting_out=tuple((s + 1, setup.stacks[s]) for s in out),
        sitting_out_names=tuple(names[s] or "" for s in out) if names is not None and out else (),
    )


def _reads_back(history: HandHistory, setup: HandSetup, posts: tuple[ForcedPost, ...]) -> bool:
    """Whether the standard fields of ``history`` alone read back (§12.10) to ``setup``'s posts,
    ``posts`` being them by player index."""
    try:
        read = hand_setup(
            history.variant,
            history.antes,
            history.blinds_or_straddles,
            history.starting_stacks,
            min_bet=history.min_bet,
            small_bet=history.small_bet,
            big_bet=history.big_bet,
        )
        rebuilt = setup_from_arguments(
            replay_rules(setup.rules, read, False),
            read.stacks,
            button=read.button,
            blinds=read.blinds[0] if len(read.blinds) == 1 else read.blinds,
            antes=read.antes,
            straddles=read.straddles,
            bet_sizes=read.bet_sizes,
        )
    except PyHoldemError:
        return False
    return rebuilt.posts == posts and rebuilt.blinds == setup.blinds


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
