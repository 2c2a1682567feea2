"""The type checker in the test run: mypy --strict over the modules pyproject.toml names (as ``make lint``
runs it), every public name of ``pyholdem`` and ``pyholdem.campaign`` typed for a checker (never ``Any``
nor the ``object`` of a lazy ``__getattr__``) and listed by ``dir()``, and every public function and
method of the public API annotated in full."""

from __future__ import annotations

import enum
import inspect
import os
import re
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

import pyholdem
import pyholdem.campaign

ROOT = Path(__file__).resolve().parents[1]
PUBLIC = (pyholdem, pyholdem.campaign)
REVEALED = re.compile(r'^(?P<file>[^:]+):(?P<line>\d+): note: Revealed type is "(?P<type>.*)"$')


def _mypy(*args: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    return subprocess.run(
        [sys.executable, "-m", "mypy", *args], cwd=ROOT, env=env, capture_output=True, text=True, timeout=900
    )


def test_mypy_strict_passes_on_the_configured_modules() -> None:
    done = _mypy()
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-2000:]


def test_every_public_name_is_typed_for_checkers_and_listed_by_dir(tmp_path: Path) -> None:
    names = [(module.__name__, name) for module in PUBLIC for name in module.__all__]
    lines = ["import pyholdem", "import pyholdem.campaign", ""]
    lines += [f"reveal_type({module}.{name})" for module, name in names]
    probe = tmp_path / "public_names.py"
    probe.write_text("\n".join(lines) + "\n", encoding="utf-8")
    done = _mypy("--strict", "--no-error-summary", str(probe))
    revealed = {
        int(m["line"]): m["type"] for m in map(REVEALED.match, done.stdout.splitlines()) if m is not None
    }
    assert len(revealed) == len(names), done.stdout[-4000:]
    first = 4  # the line of the first reveal_type
    untyped = [
        f"{module}.{name}: {revealed[first + i]}"
        for i, (module, name) in enumerate(names)
        if revealed[first + i] in ("Any", "builtins.object")
    ]
    assert not untyped
    for module in PUBLIC:
        assert set(module.__all__) <= set(dir(module)), module.__name__


def _own(obj: object) -> bool:
    return str(getattr(obj, "__module__", "")).startswith("pyholdem")


def _public_callables() -> Iterator[tuple[str, Callable[..., object]]]:
    for module in PUBLIC:
        for name in module.__all__:
            obj = getattr(module, name)
            if inspect.isclass(obj) and _own(obj):
                generated = issubclass(obj, (tuple, enum.Enum))  # NamedTuple's and Enum's own __new__
                for attr, member in vars(obj).items():
                    if attr.startswith("_") and attr not in ("__init__", "__call__", "__new__"):
                        continue
                    if attr == "__new__" and generated:
                        continue
                    if isinstance(member, (staticmethod, classmethod)):
                        member = member.__func__
                    if isinstance(member, property):
                        member = member.fget
                    if inspect.isfunction(member):
                        yield f"{module.__name__}.{name}.{attr}", member
            elif callable(obj) and not inspect.isclass(obj):
                yield f"{module.__name__}.{name}", obj


@pytest.mark.parametrize(("where", "function"), [pytest.param(*c, id=c[0]) for c in _public_callables()])
def test_public_functions_and_methods_are_annotated(where: str, function: Callable[..., object]) -> None:
    if inspect.isbuiltin(function):  # a C builtin: typed by the annotation of the name that holds it
        name = where.rsplit(".", 1)[1]
        homes = [
            m
            for m in list(sys.modules.values())
            if m is not None and m.__name__.startswith("pyholdem") and getattr(m, name, None) is function
        ]
        assert any(name in vars(m).get("__annotations__", {}) for m in homes), f"{where}: not annotated"
        return
    signature = inspect.signature(function)
    bare = [
        p.name
        for p in signature.parameters.values()
        if p.name not in ("self", "cls") and p.annotation is inspect.Parameter.empty
    ]
    assert not bare, f"{where}: parameters without a type: {bare}"
    if not where.endswith(".__init__"):
        assert signature.return_annotation is not inspect.Signature.empty, f"{where}: no return type"
