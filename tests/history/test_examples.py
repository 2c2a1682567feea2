"""The bundled histories (examples/histories) and the main job that replays them."""

from __future__ import annotations

from pathlib import Path

import pytest

from pyholdem.cli import main
from pyholdem.history.record import SELFPLAY, selfplay_text
from pyholdem.history.replay import replay_paths

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "histories"


@pytest.mark.parametrize("name", sorted(SELFPLAY))
def test_12_9_bundled_selfplay_files_are_current(name: str) -> None:
    assert (EXAMPLES / "selfplay" / name).read_text(encoding="utf-8") == selfplay_text(name)


def test_12_8_seed_worked_examples_agree_with_the_texts() -> None:
    results = list(replay_paths([EXAMPLES / "seeds"]))
    assert len(results) >= 2 and all(r.ok for r in results), results
    assert all(r.note == "final stacks equal finishing_stacks" for r in results)


def test_main_job_runs(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["run", "--hands", "20000", "--random-vectors", "20"]) == 0
    out = capsys.readouterr().out
    assert "0 failed" in out and "main job: all checks passed" in out
    assert "seed000-side-pot.phh" in out and "hands/s" in out
