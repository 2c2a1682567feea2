"""``@rule("N.M")``: the link from each spec section to the one function or class that executes it.

``@part_of("N.M")`` marks a helper that takes part of that section's decision (a refusal's wording,
a value the section's function needs at another moment of the hand): it is not the section's
implementation, but it is bound to the section, so every function of ``pyholdem/spec/`` that reads
a RuleSet field names the section whose rule it executes.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TypeVar

T = TypeVar("T", bound=Callable[..., object])

SECTION_ID = re.compile(r"^(0|[1-9]\d?)\.([1-9]\d?)$")

_RULES: dict[str, Callable[..., object]] = {}
_PARTS: dict[str, list[Callable[..., object]]] = {}


def rule(section: str) -> Callable[[T], T]:
    """Register the decorated function or class as the implementation of spec section ``section``."""
    if not SECTION_ID.match(section):
        raise ValueError(f"rule id {section!r} is not of the form N.M")

    def register(obj: T) -> T:
        existing = _RULES.get(section)
        if existing is not None and existing is not obj:
            raise ValueError(
                f"section {section} is implemented twice: {qualified_name(existing)} and "
                f"{qualified_name(obj)}"
            )
        _RULES[section] = obj
        obj.__spec_section__ = section  # type: ignore[attr-defined]  # a function or class tagged at import
        return obj

    return register


def part_of(section: str) -> Callable[[T], T]:
    """Register the decorated function as a helper of spec section ``section`` (not its implementation)."""
    if not SECTION_ID.match(section):
        raise ValueError(f"rule id {section!r} is not of the form N.M")

    def register(obj: T) -> T:
        _PARTS.setdefault(section, []).append(obj)
        obj.__spec_part_of__ = section  # type: ignore[attr-defined]  # a function tagged at import
        return obj

    return register


def qualified_name(obj: Callable[..., object]) -> str:
    return f"{obj.__module__}.{obj.__qualname__}"


def section_key(section: str) -> tuple[int, int]:
    major, minor = section.split(".")
    return int(major), int(minor)


def registered() -> dict[str, Callable[..., object]]:
    """Every registered section, after importing every module that registers one."""
    import pyholdem.spec  # noqa: F401  (importing registers the executable sections)

    return dict(sorted(_RULES.items(), key=lambda item: section_key(item[0])))


def parts() -> dict[str, list[Callable[..., object]]]:
    """Every section's helpers (``@part_of``), after importing every module that registers one."""
    import pyholdem.spec  # noqa: F401  (importing registers the executable sections)

    return {section: list(objs) for section, objs in sorted(_PARTS.items(), key=lambda i: section_key(i[0]))}
