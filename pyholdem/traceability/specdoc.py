"""Reading the rule documents in ``spec/``: sections, status, variants tables and example blocks.

The format is described in ``spec/README.md``; the traceability tests and the ``pyholdem spec``
command both read the documents through this module.
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from pyholdem.errors import PyHoldemError
from pyholdem.resources import SPEC_DIR
from pyholdem.traceability.registry import section_key
from pyholdem.traceability.spec_documents import DOCUMENTS

_HEADING = re.compile(r"^## (\d+\.\d+) (.+?)\s*$")
_STATUS = re.compile(r"^\*\*Status:\*\*\s*(\w[\w -]*)", re.MULTILINE)
_EXAMPLE = re.compile(r"^```example[^\n]*\n(.*?)^```\s*$", re.MULTILINE | re.DOTALL)
_VARIANT_ROW = re.compile(r"^\|\s*`(\w+)`\s*\|\s*`([^`]*)`\s*\|(.*)\|\s*$", re.MULTILINE)


@dataclass(frozen=True)
class Example:
    section: str
    index: int
    source: str
    line: int


@dataclass(frozen=True)
class Section:
    id: str
    title: str
    document: str
    body: str
    line: int

    @property
    def status(self) -> str:
        """``implemented`` unless the section says ``**Status:** pending`` (or another word)."""
        match = _STATUS.search(self.body)
        return match.group(1).strip().split()[0].lower() if match else "implemented"

    @property
    def pending(self) -> bool:
        return self.status == "pending"

    @property
    def examples(self) -> tuple[Example, ...]:
        found = []
        for i, match in enumerate(_EXAMPLE.finditer(self.body)):
            line = self.line + self.body[: match.start()].count("\n") + 1
            found.append(Example(self.id, i, match.group(1), line))
        return tuple(found)

    @property
    def variants(self) -> dict[str, Any]:
        """RuleSet field → default, read from the section's Variants table."""
        table: dict[str, Any] = {}
        for field, default, _ in _VARIANT_ROW.findall(self.body):
            table[field] = ast.literal_eval(default)
        return table

    @property
    def text(self) -> str:
        return f"## {self.id} {self.title}\n{self.body}".rstrip() + "\n"


class SpecNotFound(PyHoldemError, LookupError):
    """A section or document that the spec does not have."""


def document_path(number: int, spec_dir: Path = SPEC_DIR) -> Path:
    return spec_dir / f"{DOCUMENTS[number][0]}.md"


def parse_document(path: Path) -> list[Section]:
    sections: list[Section] = []
    current: tuple[str, str, int] | None = None
    body: list[str] = []
    lines = path.read_text(encoding="utf-8").splitlines()
    in_fence = False
    for lineno, line in enumerate(lines, 1):
        if line.startswith("```"):
            in_fence = not in_fence
        match = None if in_fence else _HEADING.match(line)
        if match or (not in_fence and line.startswith("# ") and current):
            if current:
                sections.append(Section(current[0], current[1], path.name, "\n".join(body), current[2]))
            current, body = None, []
        if match:
            current = (match.group(1), match.group(2), lineno)
        elif current:
            body.append(line)
    if current:
        sections.append(Section(current[0], current[1], path.name, "\n".join(body), current[2]))
    return sections


@cache
def all_sections(spec_dir: Path = SPEC_DIR) -> tuple[Section, ...]:
    """Every section of every rule document, in section order."""
    found: list[Section] = []
    for number in DOCUMENTS:
        path = document_path(number, spec_dir)
        if path.exists():
            found.extend(parse_document(path))
    return tuple(sorted(found, key=lambda s: section_key(s.id)))


def section(section_id: str) -> Section:
    for s in all_sections():
        if s.id == section_id:
            return s
    raise SpecNotFound(f"the spec has no section {section_id!r}", None)
