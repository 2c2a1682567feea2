"""Spec coverage: for every section, its status, the code that executes it and the tests naming it."""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import asdict, dataclass
from pathlib import Path

from pyholdem.traceability.registry import qualified_name, registered
from pyholdem.traceability.specdoc import all_sections

_CHECKOUT = Path(__file__).resolve().parents[2]
# The test suite is not package data: sections' tests are counted in a source checkout only.
TESTS_DIR = _CHECKOUT / "tests" if (_CHECKOUT / "pyproject.toml").is_file() else None
_TEST_NAME = re.compile(r"^\s*(?:async\s+)?def test_(\d+)_(\d+)(?:_|\()", re.MULTILINE)


@dataclass(frozen=True)
class CoverageRow:
    id: str
    title: str
    status: str
    implementation: str | None
    tests: int | None
    """Tests naming the section; ``None`` where the test suite is not at hand (an installed package)."""

    def as_dict(self) -> dict[str, object]:
        return asdict(self)


def test_counts(tests_dir: Path | None = TESTS_DIR) -> Counter[str]:
    """How many test functions name each section (``def test_5_6_…``); none without a test suite."""
    counts: Counter[str] = Counter()
    if tests_dir is not None and tests_dir.is_dir():
        for path in sorted(tests_dir.rglob("test_*.py")):
            for major, minor in _TEST_NAME.findall(path.read_text(encoding="utf-8")):
                counts[f"{int(major)}.{int(minor)}"] += 1
    return counts


def coverage_rows() -> list[CoverageRow]:
    impls = registered()
    counts = test_counts() if TESTS_DIR is not None else None
    rows = []
    for s in all_sections():
        impl = impls.get(s.id)
        status = s.status if s.pending or impl is None else "implemented"
        if impl is None and not s.pending:
            status = "missing"
        tests = None if counts is None else counts[s.id]
        rows.append(CoverageRow(s.id, s.title, status, qualified_name(impl) if impl else None, tests))
    return rows


def format_table(rows: list[CoverageRow]) -> str:
    width = max((len(r.title) for r in rows), default=5)
    width = min(width, 52)
    lines = [f"{'section':<8} {'title':<{width}} {'status':<12} {'tests':>5}  implementation"]
    for r in rows:
        title = r.title if len(r.title) <= width else r.title[: width - 1] + "…"
        impl = r.implementation or "-"
        tests = "-" if r.tests is None else str(r.tests)
        lines.append(f"{r.id:<8} {title:<{width}} {r.status:<12} {tests:>5}  {impl}")
    by_status = Counter(r.status for r in rows)
    docs = len({r.id.split(".")[0] for r in rows})
    summary = ", ".join(f"{n} {status}" for status, n in sorted(by_status.items()))
    lines.append(f"{len(rows)} sections in {docs} documents: {summary}")
    if any(r.tests is None for r in rows):
        lines.append("tests: '-' — the test suite is in the source tree, not in the installed package")
    return "\n".join(lines)
