"""The seeded shuffle on the C core: the twin of ``pyholdem.spec.cards.shuffled_deck`` (§1.4)."""

from __future__ import annotations

import os
from hashlib import sha512

from pyholdem.errors import NativeError, RuleViolation
from pyholdem.native.lib import ffi, lib
from pyholdem.spec.cards import Card, Seed, shuffle_seed, standard_deck
from pyholdem.spec.cards import shuffled_deck as spec_shuffled_deck

CARDS = standard_deck()


def seed_key(seed: Seed) -> bytes | None:
    """The Mersenne Twister key Python's ``random.Random(seed)`` seeds itself with, as the
    little-endian bytes of its 32-bit words; ``None`` for a seed the spec refuses (§1.4)."""
    if seed is None:
        return os.urandom(32)
    try:
        value = shuffle_seed(seed)
    except RuleViolation:
        return None
    assert value is not None  # the seed is not None
    if isinstance(value, int):
        number = abs(value)  # as Python seeds an int: by its absolute value
    else:
        raw = value.encode() if isinstance(value, str) else value
        number = int.from_bytes(raw + sha512(raw).digest(), "big")
    return number.to_bytes(max(4, -(-number.bit_length() // 32) * 4), "little")


def shuffled_deck(seed: Seed = None) -> tuple[Card, ...]:
    """§1.4 on the C core: the order ``spec.cards.shuffled_deck(seed)`` gives, for the same seed."""
    key = seed_key(seed)
    if key is None:
        return spec_shuffled_deck(seed)
    deck = ffi.new("uint8_t[52]")
    if lib.ph_shuffled_deck(key, len(key), deck) != lib.PH_OK:
        raise NativeError(f"ph_shuffled_deck refused a key of {len(key)} bytes", "1.4")
    return tuple(CARDS[c] for c in deck)
