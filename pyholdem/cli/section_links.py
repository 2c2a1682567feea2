"""What ``pyholdem spec N.M`` prints beside a section's text: the ``@rule`` function that executes it and
its ``@part_of`` helpers (file:line), its C twin (``pyholdem.native.TWINS``), the places where the
engines call them, and the tests that name or cite it.

Everything is read from the running package, never by searching text: the registry for the
implementation and helpers, ``TWINS`` for the C twin, the bytecode of every function of the engine
modules for the calls (a name loaded from a module's globals, an attribute of an imported module, or a
name imported inside the function, that resolves to one of the section's functions), and the syntax
trees of the test files for the tests, which exist in a source checkout only (a wheel has no tests).
"""

from __future__ import annotations

import ast
import dis
import importlib
import inspect
import pkgutil
import re
from collections.abc import Callable, Iterator
from dataclasses import asdict, dataclass, field
from pathlib import Path
from types import CodeType, FunctionType, ModuleType
from typing import Any

import pyholdem
from pyholdem.traceability.coverage import TESTS_DIR
from pyholdem.traceability.registry import parts, qualified_name, registered

_PACKAGE_ROOT = Path(pyholdem.__file__).resolve().parents[1]
# the layers that play hands, tables and tournaments on the rules of pyholdem/spec
ENGINE_PACKAGES = ("pyholdem.engine", "pyholdem.native")
SPEC_PACKAGES = ("pyholdem.spec",)
_LOADS = {"LOAD_GLOBAL", "LOAD_NAME"}
_ATTRS = {"LOAD_ATTR", "LOAD_METHOD"}


@dataclass(frozen=True)
class Site:
    """A place in the code: what is there (a qualified name) and where (file:line)."""

    name: str
    where: str


@dataclass(frozen=True)
class Use:
    """Engine code that loads (calls, mostly) a section's function, directly or through spec functions:
    ``through`` runs from the function it loads to the section's own."""

    caller: str
    where: str
    through: tuple[str, ...]


@dataclass(frozen=True)
class Twin:
    c_function: str
    wrapper: str
    spec_function: str


@dataclass(frozen=True)
class SectionLinks:
    section: str
    implementation: Site | None
    helpers: tuple[Site, ...]
    twins: tuple[Twin, ...]
    engine_uses: tuple[Use, ...]
    tests: tuple[Site, ...] | None
    """``None`` where the test suite is not at hand (an installed package)."""
    notes: tuple[str, ...] = field(default=())

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)


def _where(path: str | None, line: int | None) -> str:
    if path is None:
        return "?"
    p = Path(path).resolve()
    shown = p.relative_to(_PACKAGE_ROOT) if p.is_relative_to(_PACKAGE_ROOT) else p
    return f"{shown}:{line}" if line is not None else str(shown)


def _site(obj: Callable[..., object]) -> Site:
    target = inspect.unwrap(obj)
    try:
        path = inspect.getsourcefile(target)
        line = inspect.getsourcelines(target)[1]
    except (OSError, TypeError):
        path, line = None, None
    return Site(qualified_name(obj), _where(path, line))


def _section_objects(section: str) -> dict[int, Callable[..., object]]:
    """The section's implementation and helpers, by identity."""
    found: dict[int, Callable[..., object]] = {}
    impl = registered().get(section)
    if impl is not None:
        found[id(impl)] = impl
    for helper in parts().get(section, []):
        found[id(helper)] = helper
    return found


def twins_of(objects: dict[int, Callable[..., object]], uses: list[Use]) -> list[Twin]:
    """The ``TWINS`` entries whose spec function is one of ``objects``, then those whose spec side is
    an engine that applies the section (the C hand engine is ``SpecHand``'s twin)."""
    from pyholdem.native import TWINS

    own, engines = [], []
    for spec_name, (c_function, wrapper) in TWINS.items():
        module, _, name = spec_name.partition(":")
        obj = getattr(importlib.import_module(module), name, None)
        if obj is None:
            continue
        if id(obj) in objects:
            own.append(Twin(c_function, wrapper, spec_name))
        elif any(u.caller.startswith(f"{qualified_name(obj)}.") for u in uses):
            engines.append(Twin(c_function, wrapper, spec_name))
    return own + engines


def _modules(packages: tuple[str, ...]) -> Iterator[ModuleType]:
    for name in packages:
        package = importlib.import_module(name)
        yield package
        for info in pkgutil.walk_packages(package.__path__, prefix=f"{name}."):
            yield importlib.import_module(info.name)


def _functions(module: ModuleType) -> Iterator[tuple[Callable[..., object], FunctionType]]:
    """Every function defined in ``module`` with its owner (itself, or the class of a method, property,
    static or class method)."""
    for value in vars(module).values():
        if isinstance(value, FunctionType) and value.__module__ == module.__name__:
            yield value, value
        elif isinstance(value, type) and value.__module__ == module.__name__:
            for member in vars(value).values():
                if isinstance(member, (staticmethod, classmethod)):
                    member = member.__func__
                if isinstance(member, property):
                    for accessor in (member.fget, member.fset, member.fdel):
                        if isinstance(accessor, FunctionType):
                            yield value, accessor
                elif isinstance(member, FunctionType):
                    yield value, member


def _codes(code: CodeType) -> Iterator[CodeType]:
    yield code
    for const in code.co_consts:
        if isinstance(const, CodeType):
            yield from _codes(const)


def _references(function: FunctionType) -> Iterator[tuple[object, int | None]]:
    """The objects ``function`` (and the functions nested in it) load by name, with their lines."""
    scope = function.__globals__
    for code in _codes(function.__code__):
        current: object = None
        imported: str | None = None
        for ins in dis.get_instructions(code):
            line = ins.positions.lineno if ins.positions is not None else None
            if ins.opname in _LOADS and isinstance(ins.argval, str):
                current = scope.get(ins.argval)
            elif ins.opname in _ATTRS and isinstance(current, ModuleType):
                current = getattr(current, str(ins.argval), None)
            elif ins.opname == "IMPORT_NAME":
                imported, current = str(ins.argval), None
                continue
            elif ins.opname == "IMPORT_FROM" and imported is not None:
                module = _module(imported)
                current = None if module is None else getattr(module, str(ins.argval), None)
            else:
                current = None
                continue
            if current is not None:
                yield current, line


def _module(name: str) -> ModuleType | None:
    try:
        return importlib.import_module(name)
    except ImportError:
        return None


def _graph() -> tuple[dict[int, tuple[str, bool]], dict[int, list[tuple[int, str, str]]]]:
    """The functions and classes of the spec and engine modules (id -> qualified name, whether it is
    engine code) and, for each, the places that load it (callee id -> [(caller id, file:line, the
    function there)]); a class stands for its methods."""
    nodes: dict[int, tuple[str, bool]] = {}
    callers: dict[int, list[tuple[int, str, str]]] = {}
    for module in _modules(SPEC_PACKAGES + ENGINE_PACKAGES):
        engine = module.__name__.startswith(ENGINE_PACKAGES)
        for owner, function in _functions(module):
            nodes.setdefault(id(owner), (qualified_name(owner), engine))
            path = function.__code__.co_filename
            for obj, line in _references(function):
                if callable(obj) and str(getattr(obj, "__module__", "")).startswith("pyholdem."):
                    place = (id(owner), _where(path, line), qualified_name(function))
                    callers.setdefault(id(obj), []).append(place)
    return nodes, callers


def engine_uses(objects: dict[int, Callable[..., object]]) -> list[Use]:
    """The places where engine code hands a decision to the section: a load of one of ``objects``, or of
    a spec function that leads to one of them (the shortest chain of spec functions, in ``through``)."""
    nodes, callers = _graph()
    chain: dict[int, tuple[str, ...]] = {key: (qualified_name(obj),) for key, obj in objects.items()}
    queue = list(objects)
    uses: dict[tuple[str, str], Use] = {}
    while queue:
        callee = queue.pop(0)
        for caller, where, function in callers.get(callee, []):
            engine = nodes[caller][1]
            if engine:
                uses.setdefault((function, where), Use(function, where, chain[callee]))
            elif caller not in chain:
                chain[caller] = (nodes[caller][0], *chain[callee])
                queue.append(caller)
    return sorted(uses.values(), key=lambda u: (u.where.rsplit(":", 1)[0], _line(u.where), u.through))


def _line(where: str) -> int:
    tail = where.rsplit(":", 1)[-1]
    return int(tail) if tail.isdigit() else 0


def section_tests(section: str, tests_dir: Path | None = TESTS_DIR) -> list[Site] | None:
    """Tests named after the section (``test_5_6_…``) or whose docstring cites it (``§5.6``);
    ``None`` without a test suite (an installed package)."""
    if tests_dir is None or not tests_dir.is_dir():
        return None
    major, minor = section.split(".")
    named = re.compile(rf"^test_{major}_{minor}(?:_|$)")
    cited = re.compile(rf"§{re.escape(section)}(?!\d)")
    found = []
    for path in sorted(tests_dir.rglob("test_*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        for node in ast.walk(tree):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name.startswith("test_"):
                doc = ast.get_docstring(node) or ""
                if named.match(node.name) or cited.search(doc):
                    shown = path.relative_to(tests_dir.parent)
                    found.append(Site(node.name, f"{shown}:{node.lineno}"))
    return found


def section_links(section: str) -> SectionLinks:
    """Everything that links section ``section`` (already known to exist) to code and tests."""
    objects = _section_objects(section)
    uses = engine_uses(objects)
    impl = registered().get(section)
    helpers = tuple(_site(h) for h in parts().get(section, []))
    notes = []
    tests = section_tests(section)
    if tests is None:
        notes.append("tests: the test suite is in the source tree, not in the installed package")
    return SectionLinks(
        section,
        _site(impl) if impl is not None else None,
        helpers,
        tuple(twins_of(objects, uses)),
        tuple(uses),
        None if tests is None else tuple(tests),
        tuple(notes),
    )


def format_links(links: SectionLinks) -> str:
    lines = ["", f"Implemented (§{links.section}):"]
    if links.implementation is None:
        lines.append("  no @rule function (the section is pending or not modelled)")
    else:
        lines.append(f"  @rule     {links.implementation.name}  {links.implementation.where}")
    lines += [f"  @part_of  {h.name}  {h.where}" for h in links.helpers]
    if links.twins:
        for twin in links.twins:
            lines.append(f"C twin: {twin.c_function} (bound by {twin.wrapper}; twin of {twin.spec_function})")
    else:
        lines.append("C twin: none registered in pyholdem.native.TWINS")
    packages = ", ".join(ENGINE_PACKAGES)
    lines.append(f"Applied by the engines ({len(links.engine_uses)} places in {packages}):")
    for u in links.engine_uses:
        lines.append(f"  {u.where}  {_short(u.caller)} -> {' -> '.join(_short(n) for n in u.through)}")
    if links.tests is None:
        lines.append("Tests: - (the test suite is in the source tree, not in the installed package)")
    else:
        named = f"test_{links.section.replace('.', '_')}_*"
        lines.append(f"Tests ({len(links.tests)}, named {named} or citing §{links.section}):")
        lines += [f"  {t.where}  {t.name}" for t in links.tests]
    return "\n".join(lines)


def _short(name: str) -> str:
    """``pyholdem.spec.betting.min_raise_to`` -> ``betting.min_raise_to``."""
    return name.removeprefix("pyholdem.spec.").removeprefix("pyholdem.")
