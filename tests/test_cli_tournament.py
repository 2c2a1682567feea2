"""The tournament calculators on the command line: ``tournament payouts`` and ``icm``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pyholdem.cli import main
from pyholdem.rules.ruleset import preset
from pyholdem.rules.structure import load_structure, structure_preset


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_9_24_cli_what_do_i_pay_137_players(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(
        capsys, "tournament", "payouts", "--entrants", "137", "--rules", "seed_001_event", "--json"
    )
    table = json.loads(out)
    assert code == 0 and table["places_paid"] == 20
    assert table["prize_pool"] == 2740 and table["house_fees"] == 274
    assert sum(row["amount"] for row in table["payouts"]) == 2740
    code, out, _ = run(capsys, "tournament", "payouts", "--entrants", "10", "--buy-in", "20")
    assert code == 0 and "120" in out and "3 places paid" in out


def test_9_12_cli_seed_002_pays_its_fixed_third(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    rules_file = tmp_path / "sng.toml"
    rules_file.write_text(preset("seed_002_sng_addon").to_toml())
    structure_file = tmp_path / "structure.toml"
    structure_file.write_text(structure_preset("seed_002_sng_addon").to_toml())
    argv = ["tournament", "payouts", "--entrants", "8", "--pool", "360", "--rules", str(rules_file)]
    code, out, _ = run(capsys, *argv, "--structure", str(structure_file), "--json")
    assert [row["amount"] for row in json.loads(out)["payouts"]] == [231, 99, 30]
    code, _, err = run(
        capsys, "tournament", "payouts", "--entrants", "2", "--pool", "60", "--rules", "seed_002_sng_addon"
    )
    assert code == 2 and "§9.12" in err


def test_9_19_cli_icm_values_and_deal(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "icm", "50", "30", "20", "--prizes", "50", "30", "20", "--json")
    result = json.loads(out)
    assert code == 0 and result["exact"]
    assert [p["exact_value"] for p in result["players"]] == ["1075/28", "131/4", "202/7"]
    assert [p["deal"] for p in result["players"]] == [38, 33, 29]
    code, out, _ = run(
        capsys, "icm", "5", "4", "3", "2", "--prizes", "6", "3", "1", "--method", "sample", "--trials", "500"
    )
    assert code == 0 and "sampled" in out
    code, _, err = run(capsys, "icm", "5", "5", "--prizes", "3", "2", "1")
    assert code == 2 and "§9.19" in err


def test_9_18_cli_structure_shows_levels_breaks_and_colour_ups(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "tournament", "structure")
    assert code == 0 and "seed_002_sng_addon" in out
    code, out, _ = run(capsys, "tournament", "structure", "seed_000_bill_limit")
    assert code == 0 and "colour-up 5 -> 25 before it" in out
    code, out, _ = run(capsys, "tournament", "structure", "seed_002_sng_addon", "--toml")
    assert code == 0 and load_structure(out) == structure_preset("seed_002_sng_addon")
    code, _, err = run(capsys, "tournament", "structure", "nope")
    assert code == 2 and "unknown structure preset" in err


def test_9_20_cli_tournament_play_to_a_winner(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, out, _ = run(
        capsys, "tournament", "play", "--entrants", "25", "--seed", "3", "--phh", str(tmp_path / "phh")
    )
    assert code == 0 and "final table" in out and "winner:" in out and "prize pool 500" in out
    assert "table 3 breaks" in out and "level 1: blinds 10/15" in out
    assert sorted(p.name for p in (tmp_path / "phh").iterdir())[0] == "table-1.phhs"
    code, out, _ = run(
        capsys, "tournament", "play", "--entrants", "12", "--rules", "seed_002_sng_addon", "--json"
    )
    data = json.loads(out)
    assert code == 0 and [row["prize"] for row in data["result"][:3]] == [231, 99, 30]


def test_9_20_make_run_tournament_step_checks_its_invariants(capsys: pytest.CaptureFixture[str]) -> None:
    from pyholdem.cli.commands.run import tournament_run

    assert tournament_run(30, seed=2)
    out = capsys.readouterr().out
    assert "30 entrants" in out and "invariants hold" in out


def test_9_14_cli_tournament_play_prints_what_the_floor_needs(capsys: pytest.CaptureFixture[str]) -> None:
    """The seat chart, every move from seat to seat, players left and the average stack after each
    bust and at each level, each line stamped with the clock; ``--json`` carries the same."""
    argv = ["tournament", "play", "--entrants", "25", "--seed", "3"]
    code, out, _ = run(capsys, *argv)
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == "seat draw (§9.14):" and lines[1].startswith("  table 1: seat 1 ")
    assert "[0:00:00 round    0] level 1: blinds 10/15 ante 5: 25 left, average stack 1000 (66.7 BB)" in lines
    code, text, err = run(capsys, *argv, "--json")
    data = json.loads(text)
    assert err.startswith("seat draw (§9.14):")  # the floor's lines go to stderr with --json
    # the chart and the moves replay to the seats: every move starts where the player sits
    seats = {s["name"]: (row["table"], s["seat"]) for row in data["starting_tables"] for s in row["seats"]}
    assert sorted(seats) == sorted(f"p{i}" for i in range(1, 26))
    moved = [m for m in data["moves"] if m["reason"] != "final_table"]
    assert len(moved) == sum(e["kind"] == "move" for e in data["events"]) > 0
    for move in data["moves"]:
        origin = move["from"]
        assert (origin["table"], origin["seat"]) == seats[move["name"]], move
        seats[move["name"]] = (move["to"]["table"], move["to"]["seat"])
        assert move["text"] in out and "→" in move["text"]
        assert move["section"] in ("§9.15", "§9.16", "§9.17")
    # players left and the average stack after every elimination and at every level
    counts = data["counts"]
    busts = [c for c in counts if c["kind"] == "elimination"]
    assert [c["players_left"] for c in busts] == list(range(24, 0, -1))
    assert busts[-1]["average_stack"] == 25 * 1000
    assert all(c["average_stack"] == 25_000 // c["players_left"] for c in counts)
    assert sum(c["kind"] == "level" for c in counts) == data["level"]
    for c in busts:
        assert f"{c['players_left']} left, average stack {c['average_stack']}" in out
