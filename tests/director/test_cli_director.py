"""``pyholdem director``: each call a new process on the event file; bad input is one line on
stderr and a non-zero exit (§9.25)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from pyholdem.cli import main


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "pyholdem", "director", *args], capture_output=True, text=True, timeout=120
    )


def test_9_25_a_scripted_event_runs_through_separate_processes(tmp_path: Path) -> None:
    db = str(tmp_path / "e.db")
    players = tmp_path / "players.txt"
    players.write_text(
        "# Friday\n" + "\n".join(["Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal"]) + "\n"
    )
    made = run(
        "new",
        db,
        "--structure",
        "seed_000_home_nl",
        "--rules",
        "seed_000_home_nl",
        "--players",
        str(players),
        "--seats",
        "4",
        "--seed",
        "3",
    )
    assert made.returncode == 0, made.stderr
    assert "8 entrants" in made.stdout and "secret" in made.stdout
    seat = run("seat", db)
    assert "8 players at 2 tables" in seat.stdout and "start the clock" in seat.stdout
    assert run("start", db).returncode == 0
    out = run("bust", db, "Ann", "Bob", "--stacks", "Ann=300", "Bob=700")
    assert out.returncode == 0, out.stderr
    assert "out:" in out.stdout
    status = json.loads(run("status", db, "--json").stdout)
    assert status["players_left"] == 6 and status["started"]
    for move in status["moves"]:
        assert "→" in move["text"]
        assert run("moved", db, move["id"]).returncode == 0
    assert run("clock", db, "pause").returncode == 0
    assert "paused" in run("clock", db).stdout
    assert run("clock", db, "adjust", "30").returncode == 0
    assert run("clock", db, "resume").returncode == 0
    assert run("undo", db).stdout.startswith("undone:")
    history = run("replay", db)
    assert "bust" in history.stdout and "[undone]" not in history.stdout.splitlines()[3]
    assert run("export", db, str(tmp_path / "e.jsonl")).returncode == 0
    assert run("import", str(tmp_path / "e.jsonl"), str(tmp_path / "f.db")).returncode == 0


@pytest.mark.parametrize(
    ("args", "section"),
    [
        (("bust", "{db}", "Zed"), "§9.9"),
        (("seat", "{db}"), "§9.14"),
        (("rebuy", "{db}", "p1"), "§9.6"),
        (("clock", "{db}", "adjust"), "§9.5"),
        (("deal", "{db}", "icm", "--agree", "p1"), "§9.19"),
        (("bust", "{db}", "p1", "--stacks", "x"), "§9.10"),
        (("status", "{missing}"), "§9.25"),
        (
            (
                "new",
                "{db}",
                "--structure",
                "seed_000_home_nl",
                "--rules",
                "seed_000_home_nl",
                "--entrants",
                "5",
            ),
            "§9.25",
        ),
    ],
)
def test_bad_input_is_one_line_on_stderr(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], args: tuple[str, ...], section: str
) -> None:
    db = str(tmp_path / "e.db")
    assert (
        main(
            [
                "director",
                "new",
                db,
                "--structure",
                "seed_000_home_nl",
                "--rules",
                "tda_2024",
                "--entrants",
                "6",
                "--seed",
                "1",
            ]
        )
        == 0
    )
    assert main(["director", "seat", db]) == 0
    assert main(["director", "start", db]) == 0
    capsys.readouterr()
    filled = [a.format(db=db, missing=str(tmp_path / "none.db")) for a in args]
    assert main(["director", *filled]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and section in err and "Traceback" not in err


def test_usage_errors_are_one_line(tmp_path: Path) -> None:
    result = run("bust", str(tmp_path / "e.db"))
    assert result.returncode == 2
    assert result.stderr.count("\n") == 1 and "NAME" in result.stderr


def test_a_director_command_loads_its_own_command_module_alone(tmp_path: Path) -> None:
    """Each call is a new process: it imports the ``director`` command, not every command of the
    tool (the conformance runner, the history readers, the progress bar, ...)."""
    db = tmp_path / "e.db"
    made = run("new", str(db), "--structure", "seed_000_home_nl", "--rules", "tda_2024", "--entrants", "6")
    assert made.returncode == 0, made.stderr
    probe = (
        "import sys; from pyholdem.cli import main; "
        f"code = main(['director', 'status', {str(db)!r}]); "
        "print(sorted(m for m in sys.modules if m.startswith(('pyholdem.cli.commands.', "
        "'pyholdem.conformance', 'pyholdem.history', 'tqdm', 'pyholdem.campaign'))))"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    loaded = json.loads(done.stdout.splitlines()[-1].replace("'", '"'))
    assert loaded == [
        "pyholdem.cli.commands.director",
        "pyholdem.cli.commands.director_serve",
        "pyholdem.cli.commands.tournament",
    ]


def test_9_18_colour_up_records_the_chip_race_from_the_command_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = str(tmp_path / "e.db")
    new = ["new", db, "--structure", "seed_000_bill_limit", "--rules", "seed_000_bill_limit"]
    assert main(["director", *new, "--entrants", "4", "--seed", "2"]) == 0
    for step in (["seat", db], ["start", db], ["clock", db, "adjust", "86000"]):
        assert main(["director", *step]) == 0
    capsys.readouterr()
    assert main(["director", "status", db, "--json"]) == 0
    status = json.loads(capsys.readouterr().out)
    due = status["colour_up"]
    assert due is not None and status["chips_in_play"] == 4 * 1000
    stacks = ["p1=1015", "p2=985", "p3=1015", "p4=985"]
    with pytest.raises(SystemExit) as both:
        main(["director", "colour-up", db, "--stacks", *stacks, "--after", "p1=1000"])
    assert both.value.code == 2 and "not allowed with argument" in capsys.readouterr().err
    assert main(["director", "colour-up", db, "--stacks", "p1=1015", "p2=985"]) == 2
    assert "§9.18" in capsys.readouterr().err
    assert main(["director", "race-cards", db, "--stacks", "p1=1015"]) == 2
    assert "§9.18" in capsys.readouterr().err
    assert main(["director", "race-cards", db, "--stacks", *stacks]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "chip race (§9.18): one card for each odd 5, dealt in this order"
    seats = {s["name"]: s["seat"] for s in status["tables"][0]["seats"] if s["name"]}
    order = sorted(seats, key=seats.get)  # type: ignore[arg-type]
    by_name = {"p1": 3, "p2": 2, "p3": 3, "p4": 2}  # 15 → three odd 5s, 985 → two
    dealt = ", ".join(f"{n} (seat {seats[n]}) {by_name[n]} cards" for n in order)
    assert lines[1:] == [f"table 1: {dealt}; 2 chips of 25 raced for"]  # 50 odd: two chips of 25
    assert main(["director", "colour-up", db, "--stacks", *stacks]) == 0
    assert "chip race" in capsys.readouterr().out
    assert main(["director", "status", db, "--json"]) == 0
    after = json.loads(capsys.readouterr().out)
    (race,) = after["races"]
    assert after["chips_in_play"] == sum(race["tables"][0]["after"].values()) == 4000 - after["chips_removed"]
    assert all(chips % due["new"] == 0 for chips in race["tables"][0]["after"].values())
    assert main(["director", "status", db]) == 0
    change = after["chips_removed"]
    said = f"{change} chips removed" if change >= 0 else f"{-change} chips added"
    assert f"chip race at level {race['level']} (§9.18): the 5s off, 25 the smallest chip; {said}" in (
        capsys.readouterr().out
    )
