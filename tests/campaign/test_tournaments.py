"""The tournament-structure simulator (``pyholdem.campaign.tournaments``) and
``pyholdem tournament simulate``."""

from __future__ import annotations

import json
import sys
from concurrent.futures import Executor
from pathlib import Path

import pytest

from pyholdem.campaign import spawn_seeds
from pyholdem.campaign.tournaments import (
    PlotError,
    TournamentRun,
    play_one,
    plot_runs,
    simulate_tournaments,
    summarise,
)
from pyholdem.cli import main
from pyholdem.engine.tournament import Tournament, random_policy
from pyholdem.errors import SimulationError
from pyholdem.rules.ruleset import preset
from pyholdem.rules.structure import structure_preset

RULES = preset("tda_2024")
HOME = structure_preset("seed_000_home_nl")


def test_runs_are_the_same_on_every_executor(executors: dict[str, Executor | None]) -> None:
    runs = {
        name: simulate_tournaments(RULES, HOME, 12, 4, seed=9, executor=ex, chunk=3)
        for name, ex in executors.items()
    }
    assert runs["serial"] == runs["process"] == runs["dask"]
    # and whatever the chunking; with a progress callback told the runs done, in order
    told: list[int] = []
    assert simulate_tournaments(RULES, HOME, 12, 4, seed=9, chunk=1, on_chunk=told.append) == runs["serial"]
    assert told == [1, 2, 3, 4]
    told.clear()
    pooled = simulate_tournaments(
        RULES, HOME, 12, 4, seed=9, chunk=2, executor=executors["process"], on_chunk=told.append
    )
    assert pooled == runs["serial"] and told == [2, 4]
    assert [r.seed for r in runs["serial"]] == spawn_seeds(9, 4)
    assert simulate_tournaments(RULES, HOME, 12, 4, seed=10) != runs["serial"]


def test_a_run_measures_its_tournament() -> None:
    seed = spawn_seeds(4, 1)[0]
    run = play_one(RULES, HOME, 30, seed)
    t = Tournament(RULES, HOME, 30, seed=seed)
    t.play(random_policy(seed))
    measured = (run.seconds, run.hands, run.rounds, run.end_level)
    assert measured == (t.seconds, t.hands_dealt, t.rounds, t.level)
    assert run.places_paid == len(t.payouts())
    assert run.table_breaks == tuple(e.seconds for e in t.events if e.kind == "table_break")
    (final,) = [e for e in t.events if e.kind == "final_table"]
    assert run.final_table_level == final.data["level"]
    # the bubble: the level in force when the player placed just outside the money went out
    (bubble,) = [e for e in t.events if e.kind == "elimination" and e.data["place"] == run.places_paid + 1]
    level = [e.data["level"] for e in t.events[: t.events.index(bubble)] if e.kind == "level"][-1]
    assert run.bubble_level == level
    # the series starts with everyone at the starting stack and ends with the winner
    bb1 = HOME.level(1).big_blind
    assert run.series[0] == (0, 30, HOME.starting_stack / bb1)
    assert run.series[-1][:2] == (t.seconds, 1)
    assert [p for _, p, _ in run.series] == sorted((p for _, p, _ in run.series), reverse=True)
    assert run.level_stacks[0] == (1, HOME.starting_stack / bb1)
    assert [lv for lv, _ in run.level_stacks] == sorted({lv for lv, _ in run.level_stacks})


def _run(seconds: int, hands: int, bubble: int | None, breaks: tuple[int, ...]) -> TournamentRun:
    return TournamentRun(0, seconds, hands, hands, 3, bubble, None, 5, breaks, ((1, 50.0), (2, 20.0)), ())


def test_summary_spreads() -> None:
    runs = [_run(60 * k, 10 * k, k if k % 2 else None, (30 * k,) * (k % 3)) for k in range(1, 11)]
    report = summarise(runs)
    assert report["runs"] == 10
    assert report["seconds"] == {"mean": 330, "median": 330.0, "p10": 60, "p90": 540, "min": 60, "max": 600}
    assert report["hands"]["p90"] == 90 and report["hands"]["mean"] == 55
    assert report["bubble_level"]["runs"] == 5
    assert report["bubble_level"]["counts"] == {"1": 1, "3": 1, "5": 1, "7": 1, "9": 1}
    assert report["final_table_level"] == {"runs": 0, "spread": None, "counts": {}}
    assert report["end_level"]["counts"] == {"5": 10}
    (first, second) = report["table_breaks"]
    assert first["order"] == 1 and first["runs"] == 7 and second["runs"] == 3
    assert second["seconds"]["min"] == 60 and second["seconds"]["max"] == 240
    assert report["average_stack_bb"] == [
        {"level": 1, "runs": 10, "mean": 50.0},
        {"level": 2, "runs": 10, "mean": 20.0},
    ]
    json.dumps(report)


@pytest.mark.parametrize(("runs", "entrants", "what"), [(0, 12, "runs 0"), (2, 1, "entrants 1")])
def test_simulator_refusals(runs: int, entrants: int, what: str) -> None:
    with pytest.raises(SimulationError, match=what):
        simulate_tournaments(RULES, HOME, entrants, runs)


def test_simulate_command_json_and_text(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["tournament", "simulate", "--entrants", "12", "--runs", "3", "--seed", "5"]
    assert main([*argv, "--json", "--executor", "process:2"]) == 0
    out, err = capsys.readouterr()
    report = json.loads(out)
    want = summarise(simulate_tournaments(RULES, HOME, 12, 3, seed=5))
    assert {k: v for k, v in report.items() if k in want} == json.loads(json.dumps(want))
    assert report["entrants"] == 12 and report["structure"] == "seed_000_home_nl"
    assert "tournaments" in err and "3/3" in err  # the progress bar
    assert main(argv) == 0
    out, _ = capsys.readouterr()
    assert out.startswith("3 tournaments of 12 entrants, structure seed_000_home_nl, seed 5")
    assert "duration (hands)" in out and "level at the bubble" in out
    assert "  level   1 (3 runs): 66.7\n" in out


def test_simulate_command_plot(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    png = tmp_path / "t.png"
    argv = ["tournament", "simulate", "--entrants", "12", "--runs", "2", "--plot", str(png), "--json"]
    assert main(argv) == 0
    assert png.read_bytes().startswith(b"\x89PNG\r\n\x1a\n")


def test_plot_without_the_extra(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setitem(sys.modules, "matplotlib", None)
    with pytest.raises(PlotError, match=r'plot extra: pip install "pyholdem\[plot\]"'):
        plot_runs([], tmp_path / "t.png")
    assert not (tmp_path / "t.png").exists()


@pytest.mark.parametrize(
    ("argv", "why"),
    [
        (("--runs", "0"), "SimulationError: runs 0"),
        (("--executor", "threads"), "ExecutorError: executor 'threads'"),
        (("--structure", "no_such_structure"), "no_such_structure"),
    ],
)
def test_simulate_command_refusals(
    capsys: pytest.CaptureFixture[str], argv: tuple[str, ...], why: str
) -> None:
    code = main(["tournament", "simulate", "--entrants", "12", "--runs", "2", *argv])
    _, err = capsys.readouterr()
    assert code == 2 and why in err
