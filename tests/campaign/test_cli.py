"""``pyholdem simulate`` and ``pyholdem equity table`` with ``--executor``."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from pyholdem import RuleSet
from pyholdem.campaign.preflop import preflop_table, read_table
from pyholdem.cli import main
from pyholdem.engine.bulk import simulate


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def _totals(out: str) -> dict[str, object]:
    data = json.loads(out)
    return {k: v for k, v in data.items() if k not in ("seconds", "hands_per_s", "executor")}


def test_simulate_command_summary_is_the_same_on_every_executor(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ("simulate", "--hands", "3000", "--seats", "4", "--seed", "11", "--chunk", "700", "--json")
    code, serial, _ = run(capsys, *argv)
    assert code == 0
    data = json.loads(serial)
    rows = simulate(RuleSet(), 3000, [10_000] * 4, seed=11, button=0, blinds=(50, 100))
    assert data["hands"] == 3000 and data["seed"] == 11
    assert data["net"] == rows.net.sum(axis=0).tolist() and sum(data["net"]) == 0
    assert data["showdowns"] == int(rows.showdown.sum())
    assert data["mean_pot"] == pytest.approx(float(rows.pots.mean()))
    code, pooled, _ = run(capsys, *argv, "--executor", "process:2")
    assert code == 0 and _totals(pooled) == _totals(serial)
    code, dask, _ = run(capsys, *argv, "--executor", "dask:2")
    assert code == 0 and _totals(dask) == _totals(serial)


def test_simulate_command_text(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(
        capsys, "simulate", "--hands", "500", "--seats", "3", "--seed", "4", "--policy", "call"
    )
    assert code == 0
    assert "500 hands, 3 seats, seed 4, executor serial" in out
    assert "hands/s" in out and "showdown share" in out and "mean pot" in out
    assert out.count("seat ") == 3


@pytest.mark.parametrize(
    ("argv", "why"),
    [
        (("--executor", "threads"), "ExecutorError: executor 'threads' is not one of"),
        (("--blinds", "50"), "SimulationError: --blinds '50' is not SB,BB"),
        (("--hands", "-2"), "SimulationError: n_hands -2"),
        (("--rules", "no_such_preset"), "RuleSetError"),
    ],
)
def test_simulate_command_refusals(
    capsys: pytest.CaptureFixture[str], argv: tuple[str, ...], why: str
) -> None:
    code, _, err = run(capsys, "simulate", "--hands", "10", "--seed", "1", *argv)
    assert code == 2 and why in err


def test_executor_dask_without_the_extra(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "distributed", None)
    code, _, err = run(capsys, "simulate", "--hands", "10", "--seed", "1", "--executor", "dask")
    assert (
        code == 2
        and 'ExecutorError: a Dask executor needs the dask extra: pip install "pyholdem[dask]"' in err
    )


def test_13_7_equity_table_command_writes_the_csv(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    out = tmp_path / "t.csv"
    code, text, _ = run(
        capsys, "equity", "table", "--out", str(out), "--hands", "AA, KK,QQ", "--executor", "process:2"
    )
    assert code == 0 and "9 matchups of 3 hands" in text
    rows = read_table(out)
    want = preflop_table(["AA", "KK", "QQ"])
    assert len(rows) == 9
    for pair, m in want.matchups.items():
        assert int(rows[pair]["wins"]) == m.wins and int(rows[pair]["ties"]) == m.ties
    code, _, err = run(capsys, "equity", "table")
    assert code == 2 and "needs --out FILE.csv (§13.7)" in err
    code, _, err = run(capsys, "equity", "table", "--out", str(out), "--hands", "AA,AK")
    assert code == 2 and "InvalidRange: 'AK' is not one of the 169 starting hands" in err


def test_conformance_run_in_chunks_on_an_executor(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    from pyholdem.conformance.tournament_cases import worked_cases
    from pyholdem.conformance.vectors import write_vectors

    write_vectors(tmp_path, list(worked_cases())[:24])
    argv = ("conformance", "run", "--vectors", str(tmp_path), "--json")
    code, serial, _ = run(capsys, *argv)
    assert code == 0
    code, chunked, _ = run(capsys, *argv, "--executor", "process:2", "--chunk", "10")
    assert code == 0 and chunked == serial
    assert json.loads(serial.splitlines()[-1])["counts"]


def test_replay_command_prints_the_same_on_an_executor(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    examples = str(Path(__file__).resolve().parents[2] / "examples" / "histories")
    session = tmp_path / "session.phhs"  # a session (§12.13): its continuity line comes after its hands
    assert run(capsys, "table", "play", "--hands", "25", "--seats", "4", "--phh", str(session))[0] == 0
    code, serial, _ = run(capsys, "replay", examples, str(session), "--json")
    pooled_code, pooled, _ = run(
        capsys, "replay", examples, str(session), "--json", "--executor", "process:2"
    )
    assert (pooled_code, pooled) == (code, serial)
    lines = [json.loads(line) for line in serial.splitlines()]
    assert len(lines) > 140 and all("ok" in line or "break_index" in line for line in lines)
    assert any("break_index" in line for line in lines)
    text = run(capsys, "replay", str(session), "--executor", "process:2")[1]
    assert "ok    session" in text and "25 hands: 25 ok, 0 failed" in text
