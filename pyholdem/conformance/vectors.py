"""Conformance vectors: ``vectors/<runner>/<case>.json``, each ``{"meta", "input", "expect"}``.

``expect`` is ``{"result": ...}`` or ``{"error": {"kind", "section"}}``; the schema of ``input`` and
``result`` for each runner is documented in ``vectors/formats/<runner>.md``.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pyholdem.errors import PyHoldemError

RUNNERS = ("evaluate", "compare", "pots", "hand", "tournament", "declarations", "live", "equity")
_CASE_NAME = re.compile(r"^[a-z0-9][a-z0-9_.-]*$")


class VectorError(PyHoldemError, ValueError):
    """A vector file or directory that does not follow the layout of ``vectors/formats``."""


@dataclass(frozen=True)
class Vector:
    """One conformance case of a runner; ``meta`` carries at least its ``section``."""

    runner: str
    case: str
    input: Mapping[str, Any]
    expect: Mapping[str, Any]
    meta: Mapping[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if self.runner not in RUNNERS:
            raise VectorError(f"unknown runner {self.runner!r}; expected one of {', '.join(RUNNERS)}")
        if not _CASE_NAME.match(self.case):
            raise VectorError(f"case name {self.case!r} is not lower-case letters, digits, '_', '.', '-'")
        if set(self.expect) not in ({"result"}, {"error"}):
            raise VectorError(
                f"{self.id}: expect must hold exactly 'result' or 'error', not {sorted(self.expect)}"
            )
        if "error" in self.expect and not {"kind", "section"} <= set(self.expect["error"]):
            raise VectorError(f"{self.id}: an expected error names its 'kind' and 'section'")

    @property
    def id(self) -> str:
        return f"{self.runner}/{self.case}"

    @property
    def section(self) -> str | None:
        if "error" in self.expect:
            named: str | None = self.expect["error"]["section"]
            return named
        section: str | None = self.meta.get("section")
        return section

    def to_json(self) -> str:
        data = {"meta": dict(self.meta), "input": self.input, "expect": self.expect}
        return json.dumps(data, sort_keys=True, indent=1, ensure_ascii=False) + "\n"


def write_vectors(directory: str | Path, vectors: Iterable[Vector]) -> dict[str, int]:
    """Write each vector to ``directory/<runner>/<case>.json``; returns the count per runner.

    Stale ``.json`` files of the runners written are removed, so the directory matches the cases.
    """
    try:
        return _write_vectors(Path(directory), vectors)
    except OSError as exc:
        raise VectorError(f"cannot write the vectors to {directory}: {exc}") from None


def _write_vectors(root: Path, vectors: Iterable[Vector]) -> dict[str, int]:
    counts: dict[str, int] = {}
    written: dict[str, set[str]] = {}
    for v in vectors:
        folder = root / v.runner
        folder.mkdir(parents=True, exist_ok=True)
        name = f"{v.case}.json"
        if name in written.setdefault(v.runner, set()):
            raise VectorError(f"case {v.id} is generated twice")
        written[v.runner].add(name)
        path = folder / name
        text = v.to_json()
        if not path.exists() or path.read_text(encoding="utf-8") != text:
            path.write_text(text, encoding="utf-8")
        counts[v.runner] = counts.get(v.runner, 0) + 1
    for runner, names in written.items():
        for stale in (root / runner).glob("*.json"):
            if stale.name not in names:
                stale.unlink()
    return counts


def load_vector(path: Path, runner: str) -> Vector:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise VectorError(f"{path}: not a readable JSON vector: {exc}") from None
    except RecursionError:
        raise VectorError(f"{path}: not a readable JSON vector: nested too deeply") from None
    if not isinstance(data, dict) or set(data) != {"meta", "input", "expect"}:
        raise VectorError(f"{path}: a vector is an object with keys meta, input, expect")
    return Vector(runner, path.stem, data["input"], data["expect"], data["meta"])


def load_vectors(directory: str | Path, runners: Iterable[str] | None = None) -> list[Vector]:
    """The vectors under ``directory`` for ``runners`` (default: all), sorted by runner then case."""
    root = Path(directory)
    if not root.is_dir():
        raise VectorError(f"{root} is not a directory of vectors (run 'make vectors')")
    chosen = list(runners) if runners is not None else list(RUNNERS)
    for r in chosen:
        if r not in RUNNERS:
            raise VectorError(f"unknown runner {r!r}; expected one of {', '.join(RUNNERS)}")
    found = []
    for r in chosen:
        for path in sorted((root / r).glob("*.json"), key=lambda p: p.stem):
            found.append(load_vector(path, r))
    return found
