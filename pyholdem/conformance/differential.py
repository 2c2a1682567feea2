"""Differential hands: random hands pyholdem plays inside an engine's ``Profile``, as ``hand``
vectors, so that the engine replays them decision by decision (``vectors/formats/hand.md``: the
player to act, the legal kinds and the bet bounds before every action, the final stacks).

Seeded: hand ``i`` of seed ``s`` is always the same hand. The expectation comes from the spec engine
(the oracle); the random play itself runs on the fast engine.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

from pyholdem.conformance.engines import Profile
from pyholdem.conformance.hand_cases import expect_of, rules_of, table_of
from pyholdem.conformance.vectors import Vector
from pyholdem.engine.hand import Hand

FAMILY = "differential"


def _policy(hand: Hand, rng: random.Random, raises: str, max_actions: int = 200) -> Hand:
    """Random legal actions: calls weighted up, no fold when checking is free, raises sized at the
    minimum, the maximum or between (only all-in when ``raises == "all_in"``)."""
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
            sizes = [high] if raises == "all_in" else [low, high, rng.randint(low, high)]
            choices += [(kind, size) for size in sizes]
        kind, amount = rng.choice(choices)
        hand.act(kind, amount)
    return hand


def differential_hand(profile: Profile, seed: int) -> Hand:
    """Hand ``seed`` inside ``profile``: players, blinds, stacks, antes and straddles drawn from it."""
    rng = random.Random(seed)
    structure = rng.choice(profile.structures)
    rules = rules_of({"rules": profile.rules}).replace(betting_structure=structure)
    low, high = profile.players
    n = rng.randint(low, min(high, profile.limit_players) if structure == "fixed_limit" else high)
    small, big = rng.choice(profile.blinds)
    if profile.stack is not None:
        stacks = [profile.stack] * n
    elif profile.equal_stacks:
        stacks = [rng.choice([rng.randint(big, 10 * big), rng.randint(20 * big, 200 * big)])] * n
    else:
        low = 1 if profile.short_stacks else big
        stacks = [rng.choice([rng.randint(low, 3 * big), rng.randint(10 * big, 150 * big)]) for _ in range(n)]
    antes = (big // 5 or 1) if profile.antes and rng.random() < 0.3 else None
    straddles: tuple[int, ...] = ()
    if profile.straddles and n >= 4 and rng.random() < 0.3:
        straddles = (2 * big,)
        stacks[2] = max(stacks[2], 3 * big)
    hand = Hand(
        rules,
        stacks,
        button=n - 1,
        blinds=(small, big),
        antes=antes,
        straddles=straddles,
        seed=f"differential-{seed}",
        bet_sizes=(big, 2 * big),
    )
    return _policy(hand, rng, profile.raises)


def differential_vectors(profile: Profile, count: int, seed: int) -> Iterator[Vector]:
    """``count`` differential hands from ``seed`` as ``hand`` vectors named ``differential-NNNNN``."""
    for i in range(count):
        hand = differential_hand(profile, seed + i)
        data = {"rules": {"changes": {}, **profile.rules}, **table_of(hand)}
        meta = {"section": "6.1", "source": f"{FAMILY} (seed {seed + i})", "family": FAMILY}
        yield Vector("hand", f"{FAMILY}-{i:05d}", data, expect_of(data), meta)
