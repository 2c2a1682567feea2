"""``--plot FILE`` pictures (the ``plot`` extra): a range grid (§13.2), equity by street (§13.5) and a
structure's tournaments (spec 09), each written as a real PNG or SVG with something drawn in it."""

from __future__ import annotations

import struct
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from pyholdem.cli import main
from pyholdem.cli.plots import cell_name, grid_text, range_grid
from pyholdem.spec.ranges import parse_range

pytest.importorskip("matplotlib", reason="the pictures need the plot extra (matplotlib)")


def drawn_png(path: Path) -> None:
    """A PNG of a sensible size whose pixels are not all alike."""
    import matplotlib.image

    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR"
    width, height = struct.unpack(">II", data[16:24])
    assert width >= 400 and height >= 300 and len(data) > 10_000
    pixels = matplotlib.image.imread(str(path))
    colours = {tuple(p) for p in pixels.reshape(-1, pixels.shape[-1])[::7]}
    assert len(colours) > 20, len(colours)


def drawn_svg(path: Path, words: tuple[str, ...]) -> None:
    root = ET.parse(path).getroot()
    assert root.tag.endswith("svg") and path.stat().st_size > 10_000
    paths = [e for e in root.iter() if e.tag.endswith("path")]
    assert len(paths) > 20
    text = path.read_text(encoding="utf-8")
    for word in words:
        assert word in text


def test_13_2_range_grid_cells() -> None:
    grid = range_grid(parse_range("QQ+, AKs, KQo:0.5, 76s"))
    assert cell_name(0, 0) == "AA" and cell_name(0, 1) == "AKs" and cell_name(1, 0) == "AKo"
    assert grid[0, 0] == grid[1, 1] == grid[2, 2] == grid[0, 1] == 1
    assert grid[2, 1] == pytest.approx(0.5) and grid[1, 0] == 0
    assert grid[12 - 5, 12 - 4] == 1  # 76s: row seven, column six
    assert grid.sum() == pytest.approx(5.5)
    text = grid_text(parse_range("QQ+, AKs, KQo:0.5"))
    assert text.splitlines()[0].split()[:2] == ["AA", "AKs"] and "KQo~" in text


def test_13_2_range_show_text_and_pictures(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert main(["range", "show", "TT+, AQs+, KQs"]) == 0
    out = capsys.readouterr().out
    assert len(out.splitlines()) == 14 and "42 of 1326 combos (3.2%)" in out
    for name in ("grid.png", "grid.svg"):
        assert main(["range", "show", "QQ+, AKs, A5s-A2s, KQo:0.5", "--plot", str(tmp_path / name)]) == 0
    drawn_png(tmp_path / "grid.png")
    drawn_svg(tmp_path / "grid.svg", ())


def test_13_5_equity_by_street_picture(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    out = tmp_path / "streets.png"
    argv = ["equity", "AsKs", "QQ+, AKs", "--board", "Qs7d2c5h9c", "--seed", "1", "--trials", "20000"]
    assert main([*argv, "--plot", str(out)]) == 0
    drawn_png(out)
    assert main([*argv, "--plot", str(tmp_path / "streets.svg")]) == 0
    drawn_svg(tmp_path / "streets.svg", ())


def test_tournament_simulation_picture(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    out = tmp_path / "runs.png"
    argv = ["tournament", "simulate", "--entrants", "24", "--runs", "6", "--seed", "3", "--plot", str(out)]
    assert main(argv) == 0
    drawn_png(out)
