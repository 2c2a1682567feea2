"""The spec ↔ code ↔ test bijection (DESIGN.md): every section executed, every example run."""

from __future__ import annotations

import doctest
import inspect
from importlib import import_module

import pytest

import pyholdem
from pyholdem.coverage import coverage_rows
from pyholdem.registry import qualified_name, registered
from pyholdem.ruleset import FIELDS, RuleSet
from pyholdem.spec_documents import DOCUMENTS
from pyholdem.specdoc import SPEC_DIR, Example, Section, all_sections, document_path

SECTIONS = all_sections()
IMPLS = registered()
IMPLEMENTED = [s for s in SECTIONS if not s.pending]
PENDING = [s for s in SECTIONS if s.pending]


@pytest.mark.parametrize("number", sorted(DOCUMENTS))
def test_document_exists_and_numbers_its_sections(number: int) -> None:
    path = document_path(number)
    assert path.exists(), f"missing rule document {path.name}"
    ids = [s.id for s in SECTIONS if s.id.split(".")[0] == str(number)]
    assert ids, f"{path.name} has no sections"
    minors = [int(i.split(".")[1]) for i in ids]
    assert minors == list(range(1, len(minors) + 1)), f"{path.name}: numbering {ids}"
    for s in SECTIONS:
        if s.document == path.name:
            assert s.id.split(".")[0] == str(number), f"{s.id} is in {path.name}"


def test_spec_is_large_enough() -> None:
    assert len(SECTIONS) >= 100
    assert len({s.document for s in SECTIONS}) >= 11
    assert not (SPEC_DIR / "99-not-modelled.md").read_text().count("\n## 99.")


@pytest.mark.parametrize("sec", IMPLEMENTED, ids=lambda s: s.id)
def test_implemented_section_has_its_code(sec: Section) -> None:
    assert sec.id in IMPLS, f"§{sec.id} {sec.title} has no @rule implementation (or mark it pending)"
    impl = IMPLS[sec.id]
    module = DOCUMENTS[int(sec.id.split(".")[0])][1]
    assert impl.__module__ == module, f"§{sec.id} is implemented in {impl.__module__}, not {module}"
    doc = inspect.getdoc(impl) or ""
    assert doc.lower().startswith(sec.title.lower()), (
        f"{qualified_name(impl)}'s docstring must start with the title {sec.title!r}"
    )


def test_pending_sections_have_no_code() -> None:
    coded = [s.id for s in PENDING if s.id in IMPLS]
    assert not coded, f"sections marked pending but implemented: {coded}"


def test_every_registered_rule_has_a_heading() -> None:
    headings = {s.id for s in SECTIONS}
    orphans = sorted(set(IMPLS) - headings)
    assert not orphans, f"@rule ids without a spec heading: {orphans}"


@pytest.mark.parametrize("sec", SECTIONS, ids=lambda s: s.id)
def test_variants_tables_match_the_ruleset(sec: Section) -> None:
    body = sec.body
    assert "**Sources:**" in body, f"§{sec.id} has no Sources"
    assert "**Variants:**" in body, f"§{sec.id} has no Variants (write '**Variants:** none.')"
    defaults = RuleSet()
    for field, default in sec.variants.items():
        assert field in FIELDS, f"§{sec.id} names unknown RuleSet field {field!r}"
        assert getattr(defaults, field) == default, (
            f"§{sec.id}: {field} default is {getattr(defaults, field)!r}, table says {default!r}"
        )


def test_every_ruleset_field_is_read_by_a_section() -> None:
    tabled = {field for s in SECTIONS for field in s.variants}
    missing = sorted(set(FIELDS) - tabled)
    assert not missing, f"RuleSet fields no Variants table names: {missing}"
    for name, f in FIELDS.items():
        assert f.metadata["section"] in {s.id for s in SECTIONS}, name


def _example_globals(sec: Section) -> dict[str, object]:
    module = import_module(DOCUMENTS[int(sec.id.split(".")[0])][1])
    scope = {name: getattr(pyholdem, name) for name in pyholdem.__all__}
    scope.update({k: v for k, v in vars(module).items() if not k.startswith("_")})
    return scope


EXAMPLES = [ex for s in IMPLEMENTED for ex in s.examples]


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda e: f"{e.section}-{e.index}")
def test_example_blocks_run(example: Example) -> None:
    sec = next(s for s in SECTIONS if s.id == example.section)
    test = doctest.DocTestParser().get_doctest(
        example.source,
        _example_globals(sec),
        f"§{sec.id} example {example.index}",
        sec.document,
        example.line,
    )
    assert test.examples, f"§{sec.id} example {example.index} has no '>>>' lines"
    out: list[str] = []
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    result = runner.run(test, out=out.append)
    assert result.failed == 0, "".join(out)


def test_coverage_lists_pending_and_missing() -> None:
    rows = coverage_rows()
    assert {r.status for r in rows} <= {"implemented", "pending"}, [
        r.id for r in rows if r.status not in {"implemented", "pending"}
    ]
    assert [r.id for r in rows if r.status == "pending"] == [s.id for s in PENDING]
    for r in rows:
        if r.status == "implemented":
            assert r.tests > 0, f"§{r.id} {r.title} is implemented but no test is named after it"
