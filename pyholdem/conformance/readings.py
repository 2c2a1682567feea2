"""Which rule reading explains a failing ``hand`` vector: the RuleSet fields where the engine's
mirror rule set differs from the vector's, tried one at a time and then all together; a reading
explains the failure when pyholdem's spec engine, replaying the vector under it, gives exactly the
engine's answer (or refuses where the engine refused).
"""

from __future__ import annotations

from typing import Any

from pyholdem.conformance.hand_cases import expect_of, rules_of
from pyholdem.conformance.runner import Outcome
from pyholdem.errors import PyHoldemError
from pyholdem.rules.ruleset import FIELDS, RuleSet

Reading = tuple[tuple[str, Any], ...]


def _agrees(expect: dict[str, Any], outcome: Outcome) -> bool:
    if outcome.reason.startswith("expected a result, got an error"):
        return "error" in expect
    return "result" in expect and expect["result"] == outcome.actual


def _under(data: dict[str, Any], rules: RuleSet, changes: dict[str, Any]) -> dict[str, Any] | None:
    try:
        candidate = rules.replace(**changes)
    except PyHoldemError:
        return None
    return expect_of({**data, "rules": {"preset": "tda_2024", "changes": candidate.changes()}})


def reading_of(outcome: Outcome, mirror: RuleSet) -> Reading | None:
    """The fields (with the mirror's values) that make pyholdem answer as the engine did, or ``None``:
    one field if one suffices, else the fewest found by dropping fields from all of them."""
    if outcome.vector.runner != "hand" or outcome.actual is None:
        return None
    data = dict(outcome.vector.input)
    try:
        rules = rules_of(data)
    except PyHoldemError:
        return None
    candidates = {k: v for k, v in mirror.changes(rules).items() if k != "betting_structure"}
    for name, value in candidates.items():
        if _explains(data, rules, {name: value}, outcome):
            return ((name, value),)
    if len(candidates) < 2 or not _explains(data, rules, candidates, outcome):
        return None
    needed = dict(candidates)
    for name in candidates:
        fewer = {k: v for k, v in needed.items() if k != name}
        if fewer and _explains(data, rules, fewer, outcome):
            needed = fewer
    return tuple(needed.items())


def _explains(data: dict[str, Any], rules: RuleSet, changes: dict[str, Any], outcome: Outcome) -> bool:
    expect = _under(data, rules, changes)
    return expect is not None and _agrees(expect, outcome)


def describe(reading: Reading) -> str:
    return ", ".join(f"{name} = {value!r} (§{FIELDS[name].metadata['section']})" for name, value in reading)


def section_of(reading: Reading) -> str:
    return str(FIELDS[reading[0][0]].metadata["section"])
