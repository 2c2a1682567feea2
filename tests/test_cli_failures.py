"""The command line fails well: one line on stderr and a non-zero exit for every failure, output
paths and optional extras refused before any work, Ctrl-C and a closed pipe without a traceback,
progress that never shows more done than its total."""

from __future__ import annotations

import io
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from pyholdem.cli import INTERRUPTED, main
from pyholdem.cli.progress import Progress
from pyholdem.resources import EXAMPLES_DIR

HISTORIES = EXAMPLES_DIR / "histories"
COMMAND = [sys.executable, "-m", "pyholdem"]


def run(capsys: pytest.CaptureFixture[str], *argv: str | Path) -> tuple[int, str, str]:
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def one_line(err: str) -> str:
    lines = err.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in err, err
    return lines[0]


def test_replay_of_the_bundled_histories_honours_their_rules(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "replay", HISTORIES / "selfplay", "--quiet")
    assert code == 0 and out.strip().splitlines()[0] == "75 hands: 75 ok, 0 failed", out
    code, out, _ = run(capsys, "replay", HISTORIES, "--quiet", "--repair")
    assert code == 0 and "118 hands: 118 ok, 0 failed" in out and "hint" not in out


def test_replay_names_the_skipped_player_and_the_repair(capsys: pytest.CaptureFixture[str]) -> None:
    """The public WSOP sample never records p8's fold: the hand fails at the first action after it
    (§12.11), and the summary says how ``--repair`` would read it."""
    code, out, _ = run(capsys, "replay", HISTORIES / "public" / "wsop-2019-42-3-00-01-07.phh")
    assert code == 1 and "p1 acts but it is p8's turn (§12.11)" in out
    assert (
        out.strip()
        .splitlines()[-1]
        .startswith("hint: 1 hand(s) skip a player who was to act (§12.11); --repair")
    )


def test_replay_refuses_a_rules_field_it_cannot_read(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    text = (HISTORIES / "seeds" / "seed000-side-pot.phh").read_text(encoding="utf-8")
    (tmp_path / "bad.phh").write_text(text + '_rules = "straddle_allowed"\n', encoding="utf-8")
    code, out, _ = run(capsys, "replay", tmp_path / "bad.phh")
    assert code == 1 and "FAIL" in out and "RuleSetError" in out and "§0.5" in out


@pytest.mark.parametrize("what", ["missing", "empty"])
def test_replay_of_nothing_is_an_error(capsys: pytest.CaptureFixture[str], tmp_path: Path, what: str) -> None:
    path = tmp_path / "nothing.phh" if what == "missing" else tmp_path
    code, out, err = run(capsys, "replay", path)
    assert code == 2 and out == ""
    assert one_line(err).startswith("pyholdem replay: HistoryError:")


def test_conformance_run_without_vectors_is_an_error(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    code, out, err = run(capsys, "conformance", "run", "--vectors", tmp_path)
    assert code == 2 and "0/0" not in out
    assert "no vectors in" in one_line(err)


@pytest.mark.parametrize(
    "argv",
    [
        ("equity", "table", "--hands", "AA,KK", "--out", "{missing}/table.csv"),
        ("table", "play", "--hands", "5", "--phh", "{missing}/session.phhs"),
        ("tournament", "play", "--entrants", "4", "--phh", "{file}"),
        ("tournament", "simulate", "--entrants", "6", "--runs", "2", "--plot", "{missing}/runs.png"),
        ("tournament", "simulate", "--entrants", "6", "--runs", "2", "--plot", "{tmp}/runs.jpg"),
        ("range", "show", "AA", "--plot", "{missing}/range.svg"),
        ("equity", "AsKs", "QQ+", "--plot", "{tmp}"),
        ("vectors", "write", "{file}"),
    ],
)
def test_output_paths_are_refused_before_any_work(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, argv: tuple[str, ...]
) -> None:
    (tmp_path / "a-file").write_text("", encoding="utf-8")
    names = {"missing": tmp_path / "missing", "file": tmp_path / "a-file", "tmp": tmp_path}
    code, out, err = run(capsys, *(a.format(**names) for a in argv))
    assert code == 2 and out == "", out
    assert "CommandError" in one_line(err)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a-file"]


def test_a_plot_without_matplotlib_is_refused_first(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "matplotlib", None)
    code, out, err = run(
        capsys, "tournament", "simulate", "--entrants", "6", "--runs", "50", "--plot", tmp_path / "a.png"
    )
    assert code == 2 and out == ""
    assert "pip install 'pyholdem[plot]'" in one_line(err)


def test_a_dask_address_where_nothing_listens_fails_in_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    with socket.socket() as probe:  # a port that was free a moment ago, with nothing listening now
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    code, _, err = run(capsys, "simulate", "--hands", "10", "--executor", f"dask://127.0.0.1:{port}")
    assert code == 2 and "cannot reach a Dask scheduler" in one_line(err)


def test_ctrl_c_exits_130_in_one_line() -> None:
    process = subprocess.Popen(
        [*COMMAND, "simulate", "--hands", "1000000000", "--seed", "1"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    time.sleep(3)  # past the imports, into the hands
    process.send_signal(signal.SIGINT)
    _, err = process.communicate(timeout=120)
    assert process.returncode == INTERRUPTED, err
    assert one_line(err) == "pyholdem simulate: interrupted"


def test_a_closed_pipe_keeps_the_exit_status_without_a_traceback() -> None:
    # one public history skips a fold (it needs --repair): the replay fails, and says so by its status
    process = subprocess.Popen(
        [*COMMAND, "replay", str(HISTORIES)], stdout=subprocess.PIPE, stderr=subprocess.PIPE
    )
    assert process.stdout is not None and process.stderr is not None
    process.stdout.readline()
    process.stdout.close()
    err = process.stderr.read().decode()
    assert process.wait(timeout=300) == 1
    assert "Traceback" not in err and "BrokenPipe" not in err, err


def test_progress_grows_its_total_and_never_passes_it() -> None:
    stream = io.StringIO()
    with Progress("players out", 44, stream, force=True) as bar:
        bar.update(40)
        bar.update(44, total=45)
        bar.update(45, total=45)
    final = stream.getvalue().rsplit("\r", 1)[-1]
    assert "45/45" in final and "/44" not in final


def test_progress_in_a_log_is_one_closing_line() -> None:
    stream = io.StringIO()
    with Progress("vectors", 30, stream) as bar:
        for done in range(1, 31):
            bar.update(done)
    assert stream.getvalue().startswith("vectors: 30/30 in ") and stream.getvalue().count("\n") == 1


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() == 0, reason="root may write anywhere")
def test_an_unwritable_folder_is_refused(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    locked = tmp_path / "locked"
    locked.mkdir(mode=0o500)
    code, _, err = run(capsys, "equity", "table", "--hands", "AA", "--out", locked / "t.csv")
    assert code == 2 and "not writable" in one_line(err)
