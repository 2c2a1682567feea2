"""A worked case of the spec, the record every ``*_cases`` module writes its worked cases in.

Each worked case is written once: ``pyholdem vectors write`` emits it as a vector whose expectation
comes from the spec engine, and the tests hold the spec engine to the answer the case works by hand.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class WorkedCase:
    """A worked case of the spec, written once: a runner's ``input`` for §``section``.

    Its vector's expectation comes from the spec engine (``cases.spec_expectation``); ``worked``, where the
    case states one, is the answer worked by hand (the refusal, or fields of the result), which the
    tests hold the spec engine to (``holds``); ``source`` is where the case comes from."""

    runner: str
    case: str
    section: str
    input: Mapping[str, Any]
    description: str = ""
    worked: Mapping[str, Any] | None = None
    source: str = "worked case"

    def __str__(self) -> str:
        return f"{self.section}-{self.runner}-{self.case}"


def holds(worked: object, found: object) -> bool:
    """Whether ``found`` agrees with every field ``worked`` states (objects by key, anything else equal)."""
    if isinstance(worked, Mapping):
        return isinstance(found, Mapping) and all(
            k in found and holds(v, found[k]) for k, v in worked.items()
        )
    return worked == found
