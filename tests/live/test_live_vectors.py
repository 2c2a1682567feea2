"""The ``live`` conformance vectors (vectors/formats/live.md): written, read back and answered."""

from __future__ import annotations

import json
from pathlib import Path

from pyholdem.cli import main
from pyholdem.conformance.answers import ANSWERS
from pyholdem.conformance.live_cases import live_cases, play_live
from pyholdem.conformance.runner import judge
from pyholdem.conformance.self_adapter import reply
from pyholdem.conformance.vectors import load_vectors


def test_10_1_live_vectors_name_their_sections_and_replay_from_json() -> None:
    for v in live_cases(random_count=20):
        data = json.loads(json.dumps(v.input))
        if "result" in v.expect:
            result = play_live(data)
            assert result == v.expect["result"]
            cards = " ".join(c for c in result["places"].values() if c).split()
            assert len(cards) == len(set(cards)) == 52


def test_10_1_live_vectors_are_written_and_pass_through_the_self_adapter(tmp_path: Path) -> None:
    assert main(["vectors", "write", str(tmp_path), "--runner", "live"]) == 0
    vectors = load_vectors(tmp_path, ["live"])
    assert len(vectors) > 300
    for v in vectors[:60]:
        answer = reply({"type": "case", "id": v.id, "runner": "live", "input": v.input}, ANSWERS)
        assert answer is not None and judge(v, answer).status == "passed", (v.id, answer)
