"""Every ```python block of README.md runs on its own in a fresh interpreter (its own imports, nothing
from the blocks before it), and mypy accepts it as a user's code: the README cannot go stale."""

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
# a block that needs an optional extra names it: the block is skipped when the extra is missing
EXTRAS = {"distributed": "dask", "matplotlib": "plot"}


def blocks() -> list[tuple[int, str]]:
    text = README.read_text(encoding="utf-8")
    return [(text.count("\n", 0, m.start()) + 2, m.group(1)) for m in BLOCK.finditer(text)]


@pytest.mark.parametrize(("line", "code"), blocks(), ids=[f"line{line}" for line, _ in blocks()])
def test_readme_python_block_runs_alone(line: int, code: str, tmp_path: Path) -> None:
    for module, extra in EXTRAS.items():
        if re.search(
            rf"\b(import|from) {module}\b|executor=\"dask|'dask", code
        ) and not importlib.util.find_spec(module):
            pytest.skip(f"README.md:{line} needs pyholdem[{extra}] ({module} is not installed)")
    script = tmp_path / f"readme_line{line}.py"
    script.write_text(code, encoding="utf-8")
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    done = subprocess.run(
        [sys.executable, str(script)], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=600
    )
    assert done.returncode == 0, f"README.md:{line} fails alone:\n{done.stderr[-3000:]}"


def test_readme_python_blocks_type_check(tmp_path: Path) -> None:
    for line, code in blocks():
        (tmp_path / f"readme_line{line}.py").write_text(code, encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "mypy", "--ignore-missing-imports", "--no-error-summary", str(tmp_path)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stdout[-4000:]
