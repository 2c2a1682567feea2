"""No import path leads from the oracle to the compiled core (a static check over the import graph).

The oracle is every module under ``pyholdem/spec/``, the spec engine (``pyholdem/engine/spec_engine.py``), the
``Hand`` façade (``pyholdem/engine/hand.py``) and the generators of the conformance vectors' expectations.
Every ``import`` counts, also one inside a function (a lazy import), and so does an attribute of
``pyholdem`` that is loaded from the compiled core on first use (``pyholdem.evaluate_mask`` …). Two
functions are left out, by name: the ``Hand`` façade's choice of the C engine for
``engine="auto"``/``"native"``, which the spec engine never calls, and the ``Table``'s choice of the C
planner (§3.18), which a table on the spec engine never makes.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pyholdem

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "pyholdem"
NATIVE = (
    "pyholdem._native",
    "pyholdem.native",
    "pyholdem.native.settlement",
    "pyholdem.native.evaluation",
    "pyholdem.native.hand",
    "pyholdem.engine.native_engine",
)
FACADE_ONLY = {
    "pyholdem.engine.hand": {"_native_hand_class", "native_layouts"},  # the façade and a table's C engine
    "pyholdem.engine.planning": {"_planner_class"},  # §3.20: a table's C planner, never on the spec engine
}
ORACLE_ROOTS = (
    *sorted(
        "pyholdem.spec" if p.name == "__init__.py" else f"pyholdem.spec.{p.stem}"
        for p in (PACKAGE / "spec").glob("*.py")
    ),
    "pyholdem.engine.spec_engine",
    "pyholdem.engine.hand",
    "pyholdem.conformance.cases",
    "pyholdem.conformance.hand_cases",
    "pyholdem.conformance.equity_cases",
)
LAZY = {f"pyholdem.{name}": f"pyholdem.{module}" for name, module in pyholdem._NATIVE.items()}


def _path(module: str) -> Path | None:
    base = ROOT.joinpath(*module.split("."))
    for candidate in (base.with_suffix(".py"), base / "__init__.py"):
        if candidate.exists():
            return candidate
    return None


def _skipped(tree: ast.Module, names: set[str]) -> set[int]:
    """The nodes of the façade-only functions ``names`` and of ``if TYPE_CHECKING:`` bodies (read by
    type checkers, never run)."""
    skip = {
        id(node)
        for fn in ast.walk(tree)
        if isinstance(fn, ast.FunctionDef) and fn.name in names
        for node in ast.walk(fn)
    }
    for branch in ast.walk(tree):
        if isinstance(branch, ast.If) and getattr(branch.test, "id", None) == "TYPE_CHECKING":
            skip |= {id(node) for statement in branch.body for node in ast.walk(statement)}
    return skip


def _type_checking_only(tree: ast.Module) -> set[int]:
    """The nodes under ``if TYPE_CHECKING:``: read by type checkers, never run."""
    return {
        id(node)
        for branch in ast.walk(tree)
        if isinstance(branch, ast.If) and getattr(branch.test, "id", None) == "TYPE_CHECKING"
        for stmt in branch.body
        for node in ast.walk(stmt)
    }


def imports_of(module: str) -> set[str]:
    """The pyholdem modules ``module`` imports (anywhere in its code), and lazy native attributes."""
    path = _path(module)
    assert path is not None, module
    tree = ast.parse(path.read_text(), str(path))
    skip = _skipped(tree, FACADE_ONLY.get(module, set())) | _type_checking_only(tree)
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(tree):
        if id(node) in skip:
            continue
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*parts, base] if base else parts)
            found.add(base)
            for alias in node.names:
                name = f"{base}.{alias.name}"
                if _path(name) is not None or name in LAZY:
                    found.add(LAZY.get(name, name))
        elif (
            isinstance(node, ast.Attribute)
            and isinstance(node.value, ast.Name)
            and node.value.id == "pyholdem"
        ):
            if f"pyholdem.{node.attr}" in LAZY:
                found.add(LAZY[f"pyholdem.{node.attr}"])
        elif isinstance(node, ast.Call) and getattr(node.func, "id", getattr(node.func, "attr", "")) in (
            "import_module",
            "__import__",
        ):
            arg = node.args[0] if node.args else None
            if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                found.add(arg.value)
    return {m for m in found if m == "pyholdem" or m.startswith("pyholdem.")}


def _forbidden(module: str) -> bool:
    return any(module == n or module.startswith(n + ".") for n in NATIVE)


def native_paths(roots: tuple[str, ...]) -> list[list[str]]:
    """Every import chain from a root to a native module (breadth first, each module once)."""
    seen: dict[str, list[str]] = {root: [root] for root in roots}
    queue = list(roots)
    bad: list[list[str]] = []
    while queue:
        module = queue.pop(0)
        if _forbidden(module):
            bad.append(seen[module])
            continue
        if _path(module) is None:
            continue
        for target in sorted(imports_of(module)):
            if target not in seen:
                seen[target] = [*seen[module], target]
                queue.append(target)
    return bad


def test_8_10_no_import_path_from_the_oracle_to_the_compiled_core() -> None:
    assert not native_paths(ORACLE_ROOTS)


def test_8_10_the_import_scan_finds_native_imports() -> None:
    """The scan sees direct, lazy and attribute imports of the core (so the check above can fail)."""
    assert native_paths(("pyholdem.engine.native_engine",))
    assert "pyholdem.native.lib" in imports_of("pyholdem.native.evaluation")
    assert "pyholdem.native.evaluation" in imports_of("pyholdem.conformance.answers")  # pyholdem.evaluate
    assert "pyholdem.native.settlement" in imports_of("pyholdem.conformance.answers")  # pyholdem.resolve_pots
    full = {**FACADE_ONLY}
    FACADE_ONLY.clear()
    try:
        assert "pyholdem.engine.native_engine" in imports_of("pyholdem.engine.hand")  # the façade's, lazily
    finally:
        FACADE_ONLY.update(full)
