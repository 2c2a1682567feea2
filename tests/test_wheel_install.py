"""A non-editable install carries the rule documents and the bundled examples (package data):
built as a wheel, installed into a fresh virtual environment and run from outside the
repository, ``pyholdem spec 5.6`` prints the section and a short ``pyholdem run`` passes."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
# What a fresh clone does not have, and what the package does not need.
NOT_SOURCE = (
    ".git", ".venv", "build", "dist", "*.egg-info", "__pycache__", ".hypothesis", ".pytest_cache",
    ".ruff_cache", ".benchmarks", "*.so", "*.o", "_native.c", "_native.buildhash", "tests",
    "benchmarks", "vectors",
)  # fmt: skip


def _run(args: list[str | Path], cwd: Path, timeout: float = 600) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV")}
    done = subprocess.run(
        [str(a) for a in args], cwd=cwd, env=env, capture_output=True, text=True, timeout=timeout
    )
    assert done.returncode == 0, (
        f"{args} failed ({done.returncode}):\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}"
    )
    return done


@pytest.mark.slow
def test_a_wheel_install_prints_sections_and_runs_the_main_job(tmp_path: Path) -> None:
    source = tmp_path / "source"
    shutil.copytree(ROOT, source, symlinks=True, ignore=shutil.ignore_patterns(*NOT_SOURCE))
    assert (source / "pyholdem" / "data" / "spec").is_symlink()
    _run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", tmp_path / "wheels", source], tmp_path
    )
    (wheel,) = (tmp_path / "wheels").glob("pyholdem-*.whl")

    venv = tmp_path / "venv"
    _run([sys.executable, "-m", "venv", "--system-site-packages", venv], tmp_path)
    python, command = venv / "bin" / "python", venv / "bin" / "pyholdem"
    _run([python, "-m", "pip", "install", "-q", "--disable-pip-version-check", wheel], tmp_path)
    outside = tmp_path / "elsewhere"
    outside.mkdir()

    where = _run([python, "-c", "import pyholdem.resources as r; print(r.SPEC_DIR)"], outside).stdout.strip()
    spec_dir = Path(where)
    assert spec_dir.is_relative_to(venv) and spec_dir.is_dir() and not spec_dir.is_symlink()

    text = _run([command, "spec", "5.6"], outside).stdout
    assert "## 5.6 Minimum raise in big-bet games" in text and "**Variants:**" in text

    main = _run([command, "run", "--hands", "1000", "--engine-hands", "10", "--random-vectors", "1"], outside)
    histories = next(line for line in main.stdout.splitlines() if line.startswith("histories: "))
    assert " 0 hands" not in histories and histories.endswith(" 0 failed"), histories
    assert "main job: all checks passed" in main.stdout
