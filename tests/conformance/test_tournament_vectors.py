"""The ``tournament`` runner: spec 09's cases as vectors, deterministic and self-checked."""

from __future__ import annotations

import sys
from pathlib import Path

from pyholdem.conformance.runner import run_adapter
from pyholdem.conformance.tournament_cases import answer, random_cases, tournament_cases, worked_cases
from pyholdem.conformance.vectors import load_vectors, write_vectors

SELF = [sys.executable, "-m", "pyholdem.conformance.self_adapter"]


def test_9_15_vectors_are_deterministic_and_round_trip(tmp_path: Path) -> None:
    first = [v.to_json() for v in tournament_cases(random_count=48)]
    assert first == [v.to_json() for v in tournament_cases(random_count=48)]
    vectors = list(tournament_cases(random_count=48))
    write_vectors(tmp_path, vectors)
    loaded = load_vectors(tmp_path, ["tournament"])
    assert len(loaded) == len(vectors)
    for v in loaded:  # the input read back from JSON gives the written answer
        if "result" in v.expect:
            assert answer(dict(v.input)) == v.expect["result"], v.id


def test_9_18_self_adapter_passes_the_tournament_vectors() -> None:
    vectors = list(worked_cases()) + list(random_cases(40))
    report = run_adapter(SELF, vectors, timeout=60)
    assert report.ok, report.format()
