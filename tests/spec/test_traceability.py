"""The spec ↔ code ↔ test bijection (DESIGN.md): every section executed, every example run."""

from __future__ import annotations

import ast
import doctest
import inspect
import re
from importlib import import_module
from pathlib import Path

import pytest

import pyholdem
from pyholdem.rules.ruleset import FIELDS, RuleSet, for_mode, preset
from pyholdem.traceability.coverage import coverage_rows
from pyholdem.traceability.registry import parts, qualified_name, registered
from pyholdem.traceability.spec_documents import DOCUMENTS
from pyholdem.traceability.specdoc import SPEC_DIR, Example, Section, all_sections, document_path

SECTIONS = all_sections()
IMPLS = registered()
PARTS = parts()
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


def test_every_helper_is_part_of_an_implemented_section_in_its_document_module() -> None:
    implemented = {s.id for s in IMPLEMENTED}
    for section, helpers in PARTS.items():
        assert section in implemented, f"@part_of({section!r}) names no implemented section"
        module = DOCUMENTS[int(section.split(".")[0])][1]
        for helper in helpers:
            assert helper.__module__ == module, (
                f"{qualified_name(helper)} is part of §{section}, not in {module}"
            )


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


# A Variants row that credits a seed with a value must agree with that seed's preset
# (spec/README.md, "Section format"). "seed 000" alone is either of its two presets.
SEED_PRESETS = {
    "000": ("seed_000_home_nl", "seed_000_bill_limit"),
    "001": ("seed_001_event",),
    "002": ("seed_002_sng_addon",),
    "003": ("seed_003_general",),
    "004": ("seed_004_online",),
}
QUALIFIED = {
    "bill": ("seed_000_bill_limit",),
    "article": ("seed_000_home_nl",),
    "article and bill": ("seed_000_home_nl", "seed_000_bill_limit"),
}
_BACKTICKED = re.compile(r"`([^`]*)`")
_CREDIT = re.compile(
    r"(alternative in )?\bseeds? (\d{3}(?:(?:,? and |, )\d{3})*)"
    r"(?P<qualifier> article and Bill|,? Bill| article| for cash games)?"
)
_ROW = re.compile(r"^\|\s*`(\w+)`\s*\|\s*`[^`]*`\s*\|(.*)\|\s*$", re.MULTILINE)


def _literal(text: str) -> tuple[bool, object]:
    try:
        return True, ast.literal_eval(text)
    except (ValueError, SyntaxError):
        return False, None


def seed_credits(cell: str) -> list[tuple[object, str, tuple[str, ...], bool]]:
    """(value, credit text, presets any of which must hold it, in a cash game) for each credit."""
    credits = []
    spans = list(_BACKTICKED.finditer(cell))
    for i, span in enumerate(spans):
        ok, value = _literal(span.group(1))
        if not ok:
            continue  # an expression or a field name, not a value of this field
        segment = cell[span.end() : spans[i + 1].start() if i + 1 < len(spans) else len(cell)]
        for match in _CREDIT.finditer(segment):
            if match.group(1):
                continue  # "alternative in seed NNN": mentioned, not taken by the preset
            qualifier = (match.group("qualifier") or "").strip(", ").lower()
            cash = qualifier == "for cash games"
            for seed in re.findall(r"\d{3}", match.group(2)):
                names = QUALIFIED.get(qualifier, SEED_PRESETS[seed]) if seed == "000" else SEED_PRESETS[seed]
                credits.append((value, match.group(0), names, cash))
    return credits


def test_seed_credit_parser_reads_the_forms_spec_readme_names() -> None:
    cell = (
        ' `"a"` (seed 000, Bill), `"b"` (seed 001; seed 000 article), `1` (alternative in seeds'
        " 001, 003), `2` (seeds 000 and 002), `False` (cash games, seed 003 for cash games) "
    )
    found = [(value, names, cash) for value, _, names, cash in seed_credits(cell)]
    assert found == [
        ("a", ("seed_000_bill_limit",), False),
        ("b", ("seed_001_event",), False),
        ("b", ("seed_000_home_nl",), False),
        (2, SEED_PRESETS["000"], False),
        (2, ("seed_002_sng_addon",), False),
        (False, ("seed_003_general",), True),
    ]


@pytest.mark.parametrize("sec", [s for s in SECTIONS if "seed" in s.body], ids=lambda s: s.id)
def test_variants_rows_that_credit_a_seed_match_its_preset(sec: Section) -> None:
    wrong = []
    for field, cell in _ROW.findall(sec.body):
        for value, credit, names, cash in seed_credits(cell):
            held = {
                name: getattr(for_mode(preset(name), "cash") if cash else preset(name), field)
                for name in names
            }
            if value not in held.values():
                wrong.append(f"{field} = {value!r} credited to {credit!r}, but {held}")
    assert not wrong, f"§{sec.id}: " + "; ".join(wrong)


_CITATION = re.compile(r"§(\d+\.\d+)")


def test_every_cited_section_exists() -> None:
    ids = {s.id for s in SECTIONS}
    package = Path(pyholdem.__file__).parent
    files = sorted(SPEC_DIR.glob("*.md")) + sorted(package.rglob("*.py"))
    dangling = [
        f"{path.name}: §{cited}"
        for path in files
        for cited in _CITATION.findall(path.read_text(encoding="utf-8"))
        if cited not in ids
    ]
    assert not dangling, dangling


def _prose(sec: Section) -> str:
    text = sec.body.split("**Variants:**")[0]
    return re.sub(r"^```example.*?^```", "", text, flags=re.MULTILINE | re.DOTALL)


@pytest.mark.parametrize("sec", SECTIONS, ids=lambda s: s.id)
def test_fields_a_section_reads_are_in_its_variants_table(sec: Section) -> None:
    named = {name for name in re.findall(r"`(\w+)", _prose(sec)) if name in FIELDS}
    for code in ([IMPLS[sec.id]] if sec.id in IMPLS else []) + PARTS.get(sec.id, []):
        source = inspect.getsource(code)
        named |= {name for name in re.findall(r"\brules\.(\w+)", source) if name in FIELDS}
    missing = sorted(named - set(sec.variants))
    assert not missing, f"§{sec.id} reads {missing} but its Variants table does not list them"


def test_each_field_is_in_the_variants_table_of_the_section_it_names() -> None:
    by_id = {s.id: s for s in SECTIONS}
    unlisted = [
        f"{name} (§{f.metadata['section']})"
        for name, f in FIELDS.items()
        if name not in by_id[f.metadata["section"]].variants
    ]
    assert not unlisted, f"fields missing from the Variants table of the section that reads them: {unlisted}"
