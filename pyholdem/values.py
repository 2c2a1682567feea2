"""Small value helpers shared by every layer, each defined once: integer checks, the 64-bit limit of
the C core, and the TOML value writer.

This module imports nothing from pyholdem, so that any module may use it without an import cycle.
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Mapping
from decimal import Decimal
from numbers import Integral
from typing import TypeGuard, TypeVar, cast

import numpy as np

T = TypeVar("T")

INT64_MAX = 2**63 - 1
"""The largest amount the C core holds (``int64_t``); the spec itself has no limit."""

_NOT_INTEGRAL = frozenset({bool, float, str, bytes, tuple, list, dict, type(None)})
"""Common types that are not integers, answered without the ``Integral`` check (an ABC lookup)."""


def is_int(value: object) -> TypeGuard[int]:
    """An integer that is not a bool (``True`` is not an amount, a seat or a count): a Python ``int``
    or a NumPy integer of any dtype (``np.int64``, ``np.uint8``…; ``np.bool_`` is not one)."""
    kind = type(value)
    if kind is int:
        return True
    return kind not in _NOT_INTEGRAL and isinstance(value, Integral) and not isinstance(value, bool)


def plain(value: T) -> T:
    """``value`` with NumPy integers made Python ints, through lists, tuples and integer arrays (an
    integer array becomes a list); anything else unchanged, for the checks that follow to refuse.

    Public entry points pass what they are given through ``plain`` first, so that chip arithmetic is
    exact (a NumPy integer wraps at 64 bits) and histories and JSON hold plain numbers."""
    if type(value) is int:
        return value
    return cast(T, _plain(value))


def _plain(value: object) -> object:
    if type(value) is int or type(value) is str or value is None:
        return value
    if type(value) is list:
        return [v if type(v) is int else _plain(v) for v in value]
    if type(value) is tuple:
        return tuple([v if type(v) is int else _plain(v) for v in value])
    if isinstance(value, Integral) and not isinstance(value, bool):
        return int(value)
    if isinstance(value, np.ndarray) and value.ndim >= 1 and value.dtype.kind in ("i", "u"):
        return [int(v) for v in value.ravel().tolist()] if value.ndim == 1 else value.tolist()
    return value


def toml_value(value: object) -> str:
    """``value`` as a TOML value: bool, int, ``Decimal``, str, date/time, list or tuple, mapping.

    Raises ``TypeError`` for anything else (``None`` included: TOML has no null); callers turn it
    into their own error or write ``None`` their own way.
    """
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | Decimal):
        return str(value)
    if isinstance(value, str):
        if _SURROGATE.search(value):
            raise TypeError(f"cannot write {value!r} as TOML: it holds a lone surrogate, not a character")
        return '"' + _TOML_ESCAPES.sub(_toml_escape, value) + '"'
    if isinstance(value, datetime.time | datetime.date | datetime.datetime):
        return value.isoformat()
    if isinstance(value, list | tuple):
        return "[" + ", ".join(toml_value(v) for v in value) + "]"
    if isinstance(value, Mapping):
        return "{" + ", ".join(f"{toml_key(k)} = {toml_value(v)}" for k, v in value.items()) + "}"
    raise TypeError(f"cannot write {value!r} as TOML")


_TOML_ESCAPES = re.compile(r'[\x00-\x08\x0a-\x1f\x7f"\\]')
"""What a TOML basic string must escape: the quote, the backslash and every control character but tab."""
_SURROGATE = re.compile("[\ud800-\udfff]")
_TOML_SHORT = {'"': '\\"', "\\": "\\\\", "\b": "\\b", "\n": "\\n", "\f": "\\f", "\r": "\\r"}


def _toml_escape(match: re.Match[str]) -> str:
    char = match.group()
    return _TOML_SHORT.get(char) or f"\\u{ord(char):04x}"


def toml_key(name: str) -> str:
    """A TOML key: bare when it may be, quoted otherwise."""
    return name if re.fullmatch(r"[A-Za-z0-9_-]+", name) else toml_value(name)
