"""The ``declarations`` vectors (spec 11): written, read back and run by the runner."""

from __future__ import annotations

from pathlib import Path

from pyholdem.conformance.answers import ANSWERS
from pyholdem.conformance.cases import GENERATORS
from pyholdem.conformance.runner import judge
from pyholdem.conformance.self_adapter import reply
from pyholdem.conformance.vectors import load_vectors, write_vectors


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
