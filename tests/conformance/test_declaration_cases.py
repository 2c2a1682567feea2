"""The ``declarations`` vectors (spec 11): worked expectations pinned, written and run by the runner."""

from __future__ import annotations

from pathlib import Path

from pyholdem.conformance.answers import ANSWERS
from pyholdem.conformance.cases import GENERATORS
from pyholdem.conformance.runner import judge
from pyholdem.conformance.self_adapter import reply
from pyholdem.conformance.vectors import load_vectors, write_vectors


def _worked() -> dict[str, dict[str, object]]:
    return {v.case: v.expect for v in GENERATORS["declarations"](random_count=0)}


def test_11_2_worked_declaration_vectors() -> None:
    found = _worked()
    assert found["oversized-chip-call"]["result"] == {
        "action": ["call", 10],
        "allowed": [],
        "section": "11.2",
        "forfeited": 0,
        "returned": 15,
    }
    assert found["oversized-chip-raise"]["result"]["action"] == ["raise", 25]  # type: ignore[index]


def test_11_5_worked_undercall_vectors() -> None:
    found = _worked()
    assert found["undercall-opening-bet"]["result"]["action"] == ["call", 8000]  # type: ignore[index]
    ruled = found["undercall-ruled-fold"]["result"]
    assert ruled["action"] == ["fold", 0] and ruled["forfeited"] == 2000 and ruled["returned"] == 0  # type: ignore[index]
    assert found["undercall-heads-up"]["result"]["action"] == ["call", 8000]  # type: ignore[index]


def test_11_1_worked_refusals_and_follow_ups() -> None:
    found = _worked()
    assert found["bill-chips-alone-refused"] == {"error": {"kind": "RuleViolation", "section": "11.1"}}
    assert found["unknown-word-refused"] == {"error": {"kind": "IllegalAction", "section": "11.1"}}
    assert found["check-facing-a-bet"]["result"]["allowed"] == ["call", "fold"]  # type: ignore[index]
    assert found["capped-raise-is-a-call"]["result"]["action"] == ["call", 50]  # type: ignore[index]


def test_11_1_declaration_vectors_round_trip_through_the_self_adapter(tmp_path: Path) -> None:
    vectors = list(GENERATORS["declarations"](random_count=60))
    assert write_vectors(tmp_path, vectors) == {"declarations": len(vectors)}
    loaded = load_vectors(tmp_path, ["declarations"])
    assert [v.case for v in loaded] == sorted(v.case for v in vectors)
    outcomes = [judge(v, reply({"id": v.id, "runner": v.runner, "input": v.input}, ANSWERS)) for v in loaded]
    assert all(o.status == "passed" for o in outcomes), [o.reason for o in outcomes if o.status != "passed"][
        :3
    ]
    kinds = {"result" if "result" in v.expect else "error" for v in loaded}
    assert kinds == {"result", "error"}
