"""The compiled core is built, loadable and the same version as the package."""

from __future__ import annotations

import json
import os
import shlex
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

import pyholdem
from build_ffi import read_cdef, sources
from pyholdem.native import ffi, lib
from pyholdem.native.lib import version


def test_native_version_matches_package() -> None:
    assert version() == pyholdem.__version__
    assert lib.ph_deck_size() == 52


def test_cdef_comes_from_the_header() -> None:
    cdef = read_cdef()
    assert "ph_version" in cdef and "#include" not in cdef
    assert all(path.startswith("csrc/") and path.endswith(".c") for path in sources())
    assert ffi.sizeof("int") == 4


def test_no_entry_point_takes_more_than_eight_parameters() -> None:
    """A C entry point with more than eight inputs takes a query struct (``ph_pot_query``,
    ``ph_plan_query``, ``ph_setup``, ...) whose fields name them, as DESIGN.md's C rules ask."""
    functions = [name for name in dir(lib) if name.startswith("ph_") and callable(getattr(lib, name))]
    assert "ph_resolve_pots" in functions and "ph_plan_hand" in functions
    counts = {name: len(ffi.typeof(getattr(lib, name)).args) for name in functions}
    assert {name: n for name, n in counts.items() if n > 8} == {}


OVERFLOW_PROGRAM = r"""
#include <limits.h>
#include <stdlib.h>
int main(int argc, char **argv) {
    int x = argc > 1 ? atoi(argv[1]) : 0;
    x += INT_MAX; /* signed overflow for x >= 1: defined only under -fwrapv */
    return x < 0 ? 0 : 1;
}
"""


def test_sanitized_build_checks_signed_overflow(tmp_path: Path) -> None:
    """``PYHOLDEM_SANITIZE=1`` flags, after Python's own CFLAGS (which carry ``-fwrapv``), still
    make UBSan catch signed overflow: ``-fno-wrapv`` comes after ``-fwrapv``."""
    root = Path(__file__).resolve().parents[2]
    env = {**os.environ, "PYHOLDEM_SANITIZE": "1"}
    env.pop("LD_PRELOAD", None)
    script = "import json, build_ffi; print(json.dumps([build_ffi.COMPILE_ARGS, build_ffi.LINK_ARGS]))"
    flags = subprocess.run(
        [sys.executable, "-c", script], cwd=root, env=env, capture_output=True, text=True, check=True
    )
    compile_args, link_args = json.loads(flags.stdout)
    assert "-fno-wrapv" in compile_args
    assert any("signed-integer-overflow" in a for a in compile_args if a.startswith("-fsanitize="))
    python_cflags = shlex.split(sysconfig.get_config_var("CFLAGS") or "")
    compiler = shlex.split(sysconfig.get_config_var("CC") or "cc")
    if shutil.which(compiler[0]) is None:
        pytest.skip(f"no C compiler {compiler[0]!r} to try the flags with")
    source = tmp_path / "overflow.c"
    source.write_text(OVERFLOW_PROGRAM)
    program = tmp_path / "overflow"
    # The same order as the extension build: Python's CFLAGS first, then build_ffi's arguments.
    command = [*compiler, *python_cflags, *compile_args, str(source), "-o", str(program), *link_args]
    subprocess.run(command, env=env, capture_output=True, text=True, check=True)
    env["UBSAN_OPTIONS"] = "halt_on_error=1"
    env["ASAN_OPTIONS"] = "detect_leaks=0"
    safe = subprocess.run([str(program), "0"], env=env, capture_output=True, text=True)
    assert safe.returncode == 1 and "runtime error" not in safe.stderr
    caught = subprocess.run([str(program), "1"], env=env, capture_output=True, text=True)
    assert caught.returncode != 0 and "signed integer overflow" in caught.stderr, caught.stderr
