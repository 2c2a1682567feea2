"""The binding of the C hand engine (``csrc/hand.c``): a rule set as ``ph_rules`` and a hand's set-up
(§3.20) as ``ph_setup``, the two structs every C hand starts from; the engine that plays them is
``pyholdem.engine.native_engine``.
"""

from __future__ import annotations

from typing import Any, Protocol

from pyholdem.native.lib import ffi
from pyholdem.rules.ruleset import FIELDS, RuleSet
from pyholdem.spec.table import POST_KINDS, ForcedPost

__all__ = ["LIMIT", "PackableSetup", "native_rules", "pack_setup"]

_POST_CODES = {kind: code for code, kind in enumerate(POST_KINDS)}  # enum ph_post_kind (generated/codes.h)
LIMIT = 2**60
"""Chips the C engine plays: every stack total, forced bet, bet size and chip unit stays below it,
so no sum it forms comes near the 64-bit range."""

_INT32_MAX = 2**31 - 1
_CACHE_SIZE = 256
_MISSING = object()
_LAST_RULES: tuple[RuleSet | None, Any] = (None, None)
_RULES_BY_VALUE: dict[RuleSet, Any] = {}


class PackableSetup(Protocol):
    """What the C engine reads of a hand's set-up (``pyholdem.engine.setup.HandSetup``, §3.20): its rules
    (``native_rules``) and what ``pack_setup`` packs."""

    @property
    def rules(self) -> RuleSet: ...
    @property
    def stacks(self) -> tuple[int, ...]: ...
    @property
    def button(self) -> int: ...
    @property
    def posts(self) -> tuple[ForcedPost, ...]: ...
    @property
    def blinds(self) -> tuple[int, ...]: ...
    @property
    def bet_sizes(self) -> tuple[int, int] | None: ...
    @property
    def in_hand(self) -> tuple[bool, ...]: ...


def native_rules(rules: RuleSet) -> Any | None:
    """The ``ph_rules`` of a rule set (each choice as its index among the choices), or None when a
    number is beyond what the C engine plays. Kept per rule set by value (rule sets are immutable
    values), the last one asked for first (a table or a tournament asks for one rule set, hand after
    hand, and a rule set's hash reads every field)."""
    last = _LAST_RULES
    if last[0] is rules:
        return last[1]
    c = _RULES_BY_VALUE.get(rules, _MISSING)
    if c is _MISSING:
        c = _build_native_rules(rules)
        if len(_RULES_BY_VALUE) >= _CACHE_SIZE:
            _RULES_BY_VALUE.clear()
        _RULES_BY_VALUE[rules] = c
    _remember_last(rules, c)
    return c


def _remember_last(rules: RuleSet, c: Any) -> None:
    global _LAST_RULES
    _LAST_RULES = (rules, c)  # one tuple, swapped whole: a thread reads the old pair or the new


def _build_native_rules(rules: RuleSet) -> Any | None:
    """The one conversion of a RuleSet into C: every ``ph_rules`` field by name, a choice as its index,
    None as -1 (``nl_raise_cap``) or 0, 32-bit numbers clamped; None when a 64-bit one is ``LIMIT`` or
    more."""
    c = ffi.new("ph_rules *")
    for name, field in ffi.typeof("ph_rules").fields:
        value = getattr(rules, name)
        choices = FIELDS[name].metadata.get("choices")
        if choices:
            value = choices.index(value)
        elif value is None:
            value = -1 if name == "nl_raise_cap" else 0
        if field.type.cname == "int64_t":
            if value >= LIMIT:
                return None
        else:
            value = min(int(value), _INT32_MAX)
        setattr(c, name, value)
    return c


def pack_setup(
    setup: PackableSetup, key: Any, key_bytes: int, cards: Any, stacks: tuple[int, ...] | None = None
) -> Any:
    """The ``ph_setup`` of ``setup`` (its fields in their order; ``stacks`` instead of its stacks when
    given); ``key`` and ``cards`` are C pointers (or ``ffi.NULL``) the caller keeps alive while the
    struct is used."""
    bet_sizes = setup.bet_sizes
    assert bet_sizes is not None  # a checked set-up has its bet sizes
    return ffi.new(
        "ph_setup *",
        [
            len(setup.stacks),
            setup.button,
            len(setup.posts),
            setup.in_hand,
            setup.stacks if stacks is None else stacks,
            [(p.amount, p.seat, _POST_CODES[p.kind], p.live) for p in setup.posts],
            setup.blinds[-1],
            *bet_sizes,
            key,
            key_bytes,
            cards,
        ],
    )
