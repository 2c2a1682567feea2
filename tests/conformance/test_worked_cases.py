"""The worked cases, each written once in ``pyholdem/conformance/*cases.py``: every answer a case
states as worked by hand is the spec engine's, and every worked case is a vector whose expectation
is the spec engine's (the fast paths are held to the vectors in ``test_cases.py``)."""

from __future__ import annotations

import pytest

from pyholdem.conformance.cases import GENERATORS, all_worked_cases, spec_expectation
from pyholdem.conformance.worked_cases import WorkedCase, holds
from pyholdem.traceability.specdoc import all_sections

CASES = list(all_worked_cases())


@pytest.mark.parametrize("case", [c for c in CASES if c.worked is not None], ids=str)
def test_hand_worked_answers_are_the_spec_engines(case: WorkedCase) -> None:
    found = spec_expectation(case.runner, dict(case.input))
    assert holds(case.worked, found), (case.worked, found)


@pytest.mark.parametrize("runner", sorted({c.runner for c in CASES}))
def test_worked_cases_are_written_as_vectors_naming_their_sections(runner: str) -> None:
    sections = {s.id for s in all_sections()}
    cases = [c for c in CASES if c.runner == runner]
    assert len({c.case for c in cases}) == len(cases)
    vectors = {v.case: v for v in GENERATORS[runner](random_count=0)}
    for c in cases:
        vector = vectors[c.case]
        assert vector.meta["section"] == c.section and c.section in sections, c
        assert vector.input == c.input and vector.expect == spec_expectation(runner, dict(c.input)), c


def test_holds_reads_every_stated_field_and_nothing_else() -> None:
    found = {"result": {"payouts": [0, 400], "pots": [{"amount": 200}]}}
    assert holds({"result": {"payouts": [0, 400]}}, found)
    assert holds({}, found)
    assert not holds({"result": {"payouts": [0, 40]}}, found)
    assert not holds({"result": {"payouts": [0]}}, found)
    assert not holds({"error": {"kind": "RuleViolation"}}, found)
    assert not holds({"result": {"pots": [{}]}}, found)
