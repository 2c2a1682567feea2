"""pyholdem's answers to each conformance runner, through its public entry points.

Each function takes a vector's ``input`` and returns the runner's ``result`` (schemas in
``vectors/formats/<runner>.md``), or raises pyholdem's typed error.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pyholdem.conformance.cases import settle


def pots(data: dict[str, Any]) -> dict[str, Any]:
    return settle(data)


ANSWERS: dict[str, Callable[[dict[str, Any]], Any]] = {"pots": pots}
