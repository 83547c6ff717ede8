"""The layout of the house (issue 30; docs/architecture.md): small files, a core that imports no
application, no import circle between the modules under src/.

The import graph is read with :mod:`ast`, not by importing: an edge is a module-level import
(at the top of a module, or in an ``if``/``try`` there, but not under ``if TYPE_CHECKING:``) of
another module under ``src/schocken``. ``from a import b`` is an edge to ``a.b`` where ``a.b``
is a module, else to ``a``.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SRC = ROOT / "src"
PACKAGE = SRC / "schocken"

MAX_PY_LINES = 700
# The page modules (static/**/*.js, 600 lines at most) are held by test_static_modules.py.

CATALOGUES: set[str] = set()
"""Catalogue modules, which may be longer: none (the words are in src/schocken/locale/*.po)."""
GENERATED: set[str] = set()
"""Generated source files, which may be longer (none yet)."""

CORE = (
    "actions",
    "dice",
    "errors",
    "events",
    "game",
    "record",
    "results",
    "round",
    "rule_choices",
    "rule_docs",
    "rule_groups",
    "rule_sources",
    "rules",
    "turn",
    "views",
)
"""The game's core: the engine and what it is made of (``rule_*``: the parts of :mod:`rules`)."""

APPLICATIONS = (
    "arena",
    "bots",
    "cli",
    "club",
    "fast",
    "finale",
    "lab",
    "odds",
    "pub",
    "server",
    "session",
    "solver",
    "tournament",
    "tui",
)
"""The rooms around the core, which the core never imports (at any level, even lazily)."""


def _lines(path: Path) -> int:
    return len(path.read_text(encoding="utf-8").splitlines())


def _name(path: Path) -> str:
    parts = list(path.relative_to(SRC).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


MODULES = {_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}


def _absolute(module: str, node: ast.ImportFrom) -> str:
    """The module an ``ImportFrom`` names, relative imports resolved."""
    if not node.level:
        return node.module or ""
    base = module.split(".")
    if MODULES[module].name != "__init__.py":
        base.pop()
    base = base[: len(base) - (node.level - 1)]
    return ".".join([*base, *([node.module] if node.module else [])])


def _targets(module: str, node: ast.Import | ast.ImportFrom) -> Iterator[str]:
    """The modules under src/schocken that one import statement loads by name."""
    if isinstance(node, ast.Import):
        for alias in node.names:
            if alias.name in MODULES:
                yield alias.name
        return
    source = _absolute(module, node)
    for alias in node.names:
        sub = f"{source}.{alias.name}"
        if sub in MODULES:
            yield sub
        elif source in MODULES:
            yield source


def _is_type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _top_imports(body: list[ast.stmt]) -> Iterator[ast.Import | ast.ImportFrom]:
    """The imports a module runs when it is imported (not those in functions or classes)."""
    for node in body:
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            yield node
        elif isinstance(node, ast.If) and not _is_type_checking(node):
            yield from _top_imports(node.body)
            yield from _top_imports(node.orelse)
        elif isinstance(node, ast.Try):
            for block in (node.body, node.orelse, node.finalbody):
                yield from _top_imports(block)
            for handler in node.handlers:
                yield from _top_imports(handler.body)


def _tree(module: str) -> ast.Module:
    return ast.parse(MODULES[module].read_text(encoding="utf-8"))


def import_graph() -> dict[str, set[str]]:
    """Each module's module-level imports of other modules under src/schocken."""
    graph: dict[str, set[str]] = {}
    for module in MODULES:
        graph[module] = {
            target
            for node in _top_imports(_tree(module).body)
            for target in _targets(module, node)
            if target != module
        }
    return graph


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The import circles: each strongly connected group of more than one module (Tarjan)."""
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
            group: list[str] = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def test_no_python_file_is_over_700_lines_but_the_catalogues() -> None:
    allowed = CATALOGUES | GENERATED
    for name in allowed:
        assert (SRC / name).is_file(), f"{name} is allowed to be long but is gone: drop it"
    long = {
        str(p.relative_to(SRC)): _lines(p)
        for p in PACKAGE.rglob("*.py")
        if str(p.relative_to(SRC)) not in allowed and _lines(p) > MAX_PY_LINES
    }
    assert long == {}, f"over {MAX_PY_LINES} lines: split them by concern"


def test_the_core_imports_no_application() -> None:
    bad = []
    for module in CORE:
        text = MODULES[f"schocken.{module}"].read_text(encoding="utf-8")
        assert "type: ignore" not in text, f"schocken.{module}: 'type: ignore' in the core"
        for node in ast.walk(_tree(f"schocken.{module}")):
            if isinstance(node, (ast.Import, ast.ImportFrom)):
                for target in _targets(f"schocken.{module}", node):
                    room = target.split(".")[1] if "." in target else ""
                    if room in APPLICATIONS:
                        bad.append(f"schocken.{module} imports {target}")
    assert bad == []


def test_the_core_list_names_modules() -> None:
    assert {f"schocken.{m}" for m in CORE} <= set(MODULES)


def test_no_import_circle() -> None:
    assert circles(import_graph()) == []


def test_the_circle_finder_finds_a_circle() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert circles(graph) == [["a", "b", "c"]]
    assert circles({"a": {"b"}, "b": set()}) == []
