"""The ``pyholdem`` command line: spec sections, coverage and presets."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from pyholdem.cli import main
from pyholdem.rules.ruleset import PRESETS, load_rules
from pyholdem.traceability.specdoc import all_sections


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_spec_prints_a_section(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "spec", "1.8")
    assert code == 0
    assert "## 1.8 Card text" in out and "01-cards-and-deck.md:" in out


def test_spec_unknown_section_is_an_error(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "spec", "42.1")
    assert code == 2 and "'42.1'" in err


def test_coverage_json_lists_every_section(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "spec", "coverage", "--json")
    rows = json.loads(out)
    assert code == 0
    assert [r["id"] for r in rows] == [s.id for s in all_sections()]
    assert set(rows[0]) == {"id", "title", "status", "implementation", "tests"}
    by_id = {r["id"]: r for r in rows}
    assert by_id["1.8"]["implementation"] == "pyholdem.spec.cards.parse_cards"
    assert by_id["1.8"]["tests"] >= 2 and by_id["1.8"]["status"] == "implemented"


def test_coverage_table(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "spec", "coverage")
    assert code == 0 and "sections in" in out.splitlines()[-1]


def test_rules_lists_and_prints_presets(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "rules")
    assert code == 0 and all(name in out for name in PRESETS)
    code, out, _ = run(capsys, "rules", "seed_003_general")
    assert code == 0 and "* nl_raise_cap" in out
    code, out, _ = run(capsys, "rules", "seed_003_general", "--toml")
    body = out.split("\n", 1)[1]
    assert load_rules(body) == PRESETS["seed_003_general"].rules
    code, out, _ = run(capsys, "rules", "tda_2024", "--json")
    assert json.loads(out)["betting_structure"] == "no_limit"


def test_rules_unknown_preset(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "rules", "bogus")
    assert code == 2 and "RuleSetError" in err and "'bogus'" in err and "§0.3" in err


def test_python_dash_m_runs_the_command() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "pyholdem", "rules"], capture_output=True, text=True, check=False
    )
    assert done.returncode == 0 and "tda_2024" in done.stdout


@pytest.mark.parametrize("hands", ["0", "-5", "x"])
def test_run_refuses_a_hand_count_below_one(capsys: pytest.CaptureFixture[str], hands: str) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["run", "--hands", hands])
    err = capsys.readouterr().err
    assert exit_.value.code == 2 and "--hands" in err and "Traceback" not in err
