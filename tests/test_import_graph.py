"""The package's layers import only downward, and its modules form no import cycle.

The package order (DESIGN.md): each layer imports only itself and the layers to its left,

    values < errors < resources < rules < traceability < spec < native < engine < history <
    conformance < campaign < director < cli

A module's layer is its first name under ``pyholdem`` (``pyholdem.engine.table`` is in ``engine``;
``pyholdem.values`` is ``values``). The package itself (``pyholdem/__init__.py``, the public API) sits
just above the engines it re-exports, and ``pyholdem.__main__`` with the command line. Every import
counts, parsed with ``ast``: at module level, under ``if TYPE_CHECKING:`` and inside any function.
``from a.b import c`` imports ``a.b.c`` when that is a module, ``a.b`` otherwise; importing a submodule
is not counted as importing its parent packages' ``__init__``. ``EXEMPT`` names each import allowed to
point up, with its reason.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from pathlib import Path

import pyholdem

PACKAGE = Path(pyholdem.__file__).resolve().parent

ORDER = (
    "values", "errors", "resources", "rules", "traceability", "spec", "native", "engine", "history",
    "conformance", "campaign", "director", "cli",
)  # fmt: skip
ROOT_RANK = ORDER.index("engine") + 0.5
"""The package's ``__init__`` (the public API): above the engines it imports, below what uses it."""
PLACED = {"__main__": float(ORDER.index("cli"))}
"""Top-level modules that are not a layer of their own: the rank they sit at."""

EXEMPT: dict[tuple[str, str], str] = {
    ("pyholdem.rules.ruleset", "pyholdem.traceability.registry"): (
        "the rule set's sections (spec 00) are @rule functions like every other section's; the registry "
        "module imports nothing of the package at module level, so its decorator sits below everything"
    ),
    ("pyholdem.traceability.registry", "pyholdem.spec"): (
        "registered() and parts() import the executable spec, inside the function, to run the "
        "decorators that fill the registry; the registry's module level imports nothing of the package"
    ),
}


@dataclass(frozen=True)
class Import:
    """One import statement's target: who imports it, where (line, and the function or None)."""

    importer: str
    imported: str
    line: int
    function: str | None


def module_names(root: Path = PACKAGE) -> dict[str, Path]:
    """Every module of the package: dotted name → file."""
    names = {}
    for path in sorted(root.rglob("*.py")):
        parts = path.relative_to(root.parent).with_suffix("").parts
        if parts[-1] == "__init__":
            parts = parts[:-1]
        names[".".join(parts)] = path
    return names


def _targets(node: ast.Import | ast.ImportFrom, package: str, modules: set[str]) -> list[str]:
    if isinstance(node, ast.Import):
        return [alias.name for alias in node.names]
    base = node.module or ""
    if node.level:
        anchor = package.split(".")
        anchor = anchor[: len(anchor) - (node.level - 1)]
        base = ".".join([*anchor, base] if base else anchor)
    return [f"{base}.{alias.name}" if f"{base}.{alias.name}" in modules else base for alias in node.names]


def imports_in(name: str, path: Path, modules: set[str]) -> list[Import]:
    """Every import of a package module in ``name``'s file, each with its line and enclosing function."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: list[Import] = []

    def visit(node: ast.AST, function: str | None) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)):
                visit(child, child.name if function is None else f"{function}.{child.name}")
                continue
            if isinstance(child, (ast.Import, ast.ImportFrom)):
                for target in _targets(child, package, modules):
                    if target in modules and target != name:
                        found.append(Import(name, target, child.lineno, function))
            visit(child, function)

    visit(ast.parse(path.read_text(encoding="utf-8"), str(path)), None)
    return found


def all_imports(root: Path = PACKAGE) -> list[Import]:
    names = module_names(root)
    return [i for name, path in names.items() for i in imports_in(name, path, set(names))]


def import_graph(root: Path = PACKAGE) -> dict[str, set[str]]:
    graph: dict[str, set[str]] = {name: set() for name in module_names(root)}
    for i in all_imports(root):
        graph[i.importer].add(i.imported)
    return graph


def rank(module: str, order: tuple[str, ...] = ORDER) -> float | None:
    """The module's place in ``order`` (None for a module in no layer)."""
    parts = module.split(".")
    if len(parts) == 1:
        return ROOT_RANK
    if parts[1] in order:
        return float(order.index(parts[1]))
    return PLACED.get(parts[1])


def upward(imports: list[Import], order: tuple[str, ...] = ORDER) -> list[Import]:
    """The imports of a module in a higher layer than the importer's."""
    found = []
    for i in imports:
        low, high = rank(i.importer, order), rank(i.imported, order)
        if low is not None and high is not None and high > low:
            found.append(i)
    return found


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components with more than one module (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def test_every_module_has_a_layer() -> None:
    unplaced = [name for name in module_names() if rank(name) is None]
    assert not unplaced, f"modules in no layer (add the package to ORDER in its place): {unplaced}"


def test_layers_import_only_downward() -> None:
    imports = all_imports()
    assert len(imports) > 500 and any(i.function for i in imports)
    bad = [
        f"{i.importer}:{i.line}{f' in {i.function}()' if i.function else ''} imports {i.imported}"
        for i in upward(imports)
        if (i.importer, i.imported) not in EXEMPT
    ]
    assert not bad, "imports pointing up the package order:\n" + "\n".join(bad)


def test_every_exemption_is_still_needed() -> None:
    """Each exempt import exists and points up: remove an entry once fixed."""
    found = {(i.importer, i.imported) for i in upward(all_imports())}
    stale = [edge for edge in EXEMPT if edge not in found]
    assert not stale, f"no longer an upward import, remove from EXEMPT: {stale}"


def test_the_package_has_no_import_cycle() -> None:
    graph = import_graph()
    assert len(graph) > 40 and "pyholdem.spec.pots" in graph["pyholdem.spec.showdown"]
    assert cycles(graph) == []


def _package(tmp_path: Path, files: dict[str, str]) -> Path:
    package = tmp_path / "pkg"
    package.mkdir()
    for name, text in files.items():
        (package / name).parent.mkdir(parents=True, exist_ok=True)
        (package / name).write_text(text)
    return package


def test_an_upward_import_is_found_at_module_level_in_functions_and_for_type_checking(tmp_path: Path) -> None:
    package = _package(
        tmp_path,
        {
            "__init__.py": "",
            "low/__init__.py": "",
            "low/a.py": "def f():\n    def g():\n        from pkg.high import b\n",
            "low/c.py": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from ..high.b import x\n",
            "low/d.py": "import pkg.high.b\nfrom pkg.low import a\n",
            "high/__init__.py": "",
            "high/b.py": "from pkg.low import a\nx = 1\n",
        },
    )
    found = {(i.importer, i.imported, i.function) for i in upward(all_imports(package), ("low", "high"))}
    assert found == {
        ("pkg.low.a", "pkg.high.b", "f.g"),
        ("pkg.low.c", "pkg.high.b", None),
        ("pkg.low.d", "pkg.high.b", None),
    }


def test_a_cycle_is_found_through_function_level_and_relative_imports(tmp_path: Path) -> None:
    package = _package(
        tmp_path,
        {
            "__init__.py": "",
            "a.py": "def f():\n    from pkg import b\n",
            "b.py": "from .c import x\n",
            "c.py": "import pkg.a\nx = 1\n",
            "d.py": "from pkg.a import f\n",
        },
    )
    assert cycles(import_graph(package)) == [["pkg.a", "pkg.b", "pkg.c"]]
