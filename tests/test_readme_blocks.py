"""Every ```python block of README.md runs on its own in a fresh interpreter (its own imports, nothing
from the blocks before it, run as a script: processes are started under ``__main__``), and mypy
--strict accepts it as a user's code: the README's examples cannot go stale."""

from __future__ import annotations

import importlib.util
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
BLOCK = re.compile(r"^```python\n(.*?)^```", re.MULTILINE | re.DOTALL)
# a block that uses an optional extra: (what in the block shows it, the module it needs, the extra)
EXTRAS = (
    (re.compile(r"[\"']dask[:\"']"), "distributed", "dask"),
    (re.compile(r"\b(?:import|from) matplotlib\b|plot="), "matplotlib", "plot"),
)
BLOCK_TIMEOUT_S = 300


def blocks() -> list[tuple[int, str]]:
    """(first line of the code in README.md, code) for every python block."""
    text = README.read_text(encoding="utf-8")
    return [(text.count("\n", 0, m.start()) + 2, m.group(1)) for m in BLOCK.finditer(text)]


def _clean_env() -> dict[str, str]:
    return {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONSTARTUP")}


def test_the_readme_has_python_blocks() -> None:
    assert len(blocks()) >= 15


@pytest.mark.parametrize(("line", "code"), blocks(), ids=[f"line{line}" for line, _ in blocks()])
def test_readme_python_block_runs_alone(line: int, code: str, tmp_path: Path) -> None:
    for shown, module, extra in EXTRAS:
        if shown.search(code) and importlib.util.find_spec(module) is None:
            pytest.skip(f"README.md:{line} needs pyholdem[{extra}] ({module} is not installed)")
    script = tmp_path / f"readme_line{line}.py"
    script.write_text(code, encoding="utf-8")
    done = subprocess.run(
        [sys.executable, str(script)],
        cwd=tmp_path,
        env=_clean_env(),
        capture_output=True,
        text=True,
        timeout=BLOCK_TIMEOUT_S,
    )
    assert done.returncode == 0, f"README.md:{line} fails alone:\n{done.stderr[-3000:]}"


def test_readme_python_blocks_type_check_strictly(tmp_path: Path) -> None:
    for line, code in blocks():
        (tmp_path / f"readme_line{line}.py").write_text(code, encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-error-summary", str(tmp_path)],
        cwd=ROOT,
        env=_clean_env(),
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-2000:]
