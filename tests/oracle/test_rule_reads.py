"""Every rule decision sits in its section's function: outside ``pyholdem/spec/`` and the RuleSet module
no code reads a RuleSet field (a static scan of the package).

A read is an attribute ``<x>.<field>`` of anything named ``rules`` (``rules.ante_award``,
``self.rules.chip_unit``, ``hand.rules.betting_structure``, ``crules``…) and any ``getattr`` of a
field by name or of a rule set by a computed name. Exactly one function may read rule sets: the
native binding's conversion of a RuleSet into the C struct, which iterates over the fields.
"""

from __future__ import annotations

import ast
from pathlib import Path

from pyholdem.rules.ruleset import FIELDS

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "pyholdem"
EXEMPT_FILES = {PACKAGE / "rules" / "ruleset.py"}
EXEMPT_DIRS = (PACKAGE / "spec",)
ALLOWED = {
    ("pyholdem/native/hand.py", "_build_native_rules"),  # the RuleSet -> ph_rules conversion
}


def _rules_like(node: ast.expr) -> bool:
    if isinstance(node, ast.Name):
        return "rules" in node.id
    if isinstance(node, ast.Attribute):
        return "rules" in node.attr
    return False


def rule_reads(source: str, where: str) -> list[str]:
    """Each RuleSet field read in ``source`` outside the allowed functions, as ``where:line name``."""
    tree = ast.parse(source, where)
    allowed: set[int] = set()
    for fn in ast.walk(tree):
        if isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)) and (where, fn.name) in ALLOWED:
            allowed |= {id(node) for node in ast.walk(fn)}
    found = []
    for node in ast.walk(tree):
        if id(node) in allowed:
            continue
        if isinstance(node, ast.Attribute) and node.attr in FIELDS and _rules_like(node.value):
            found.append(f"{where}:{node.lineno} {node.attr}")
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "getattr":
            if len(node.args) < 2:
                continue
            name = node.args[1]
            if isinstance(name, ast.Constant):
                if name.value in FIELDS:
                    found.append(f"{where}:{node.lineno} getattr {name.value}")
            elif _rules_like(node.args[0]):
                found.append(f"{where}:{node.lineno} getattr {ast.unparse(name)}")
    return found


def _modules() -> list[Path]:
    return [
        p
        for p in sorted(PACKAGE.rglob("*.py"))
        if p not in EXEMPT_FILES and not any(d in p.parents for d in EXEMPT_DIRS)
    ]


def test_6_12_no_rule_set_field_is_read_outside_the_spec() -> None:
    reads = [r for p in _modules() for r in rule_reads(p.read_text(), p.relative_to(ROOT).as_posix())]
    assert not reads, f"RuleSet fields read outside pyholdem/spec/: {reads}"


def test_6_12_the_scan_finds_every_kind_of_read() -> None:
    source = (
        "def f(hand, rules, name):\n"
        "    a = rules.ante_award\n"
        "    b = hand.rules.chip_unit\n"
        "    c = self.rules.odd_chip_pots\n"
        "    d = getattr(anything, 'fl_max_raises')\n"
        "    e = getattr(rules, name)\n"
        "    f = rules.replace(chip_unit=2)\n"
        "    g = hand.state.chip_unit\n"
    )
    reads = [r.split(" ", 1)[1] for r in rule_reads(source, "x.py")]
    assert reads == ["ante_award", "chip_unit", "odd_chip_pots", "getattr fl_max_raises", "getattr name"]
    assert not rule_reads(source.replace("def f", "def _build_native_rules"), "pyholdem/native/hand.py")
    assert len(_modules()) > 20


def _section_bound(node: ast.FunctionDef | ast.ClassDef) -> bool:
    for decorator in node.decorator_list:
        call = decorator.func if isinstance(decorator, ast.Call) else decorator
        if isinstance(call, ast.Name) and call.id in ("rule", "part_of"):
            return True
    return False


def unbound_rule_reads(source: str, where: str) -> list[str]:
    """The top-level functions and classes of ``source`` that read a RuleSet field but are neither a
    section's ``@rule`` nor ``@part_of`` a section, as ``where:name``."""
    tree = ast.parse(source, where)
    return [
        f"{where}:{node.name}"
        for node in tree.body
        if isinstance(node, (ast.FunctionDef, ast.ClassDef))
        and not _section_bound(node)
        and rule_reads(ast.unparse(node), where)
    ]


def test_6_12_every_rule_read_in_the_spec_names_its_section() -> None:
    spec = sorted((PACKAGE / "spec").glob("*.py"))
    unbound = [r for p in spec for r in unbound_rule_reads(p.read_text(), p.relative_to(ROOT).as_posix())]
    assert not unbound, f"functions of pyholdem/spec/ reading RuleSet fields outside a section: {unbound}"


def test_6_12_the_section_check_finds_an_unbound_read() -> None:
    source = (
        "@rule('1.1')\ndef a(rules):\n    return rules.chip_unit\n\n"
        "@part_of('1.1')\ndef b(rules):\n    return rules.chip_unit\n\n"
        "def c(rules):\n    return rules.chip_unit\n\n"
        "def d(x):\n    return x\n"
    )
    assert unbound_rule_reads(source, "x.py") == ["x.py:c"]
