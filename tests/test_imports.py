"""Who imports whom: the core imports only the standard library and itself, never the bots, the
server or the front ends, and no module of schocken imports itself back through others.

Imports are read from the source with :mod:`ast`: every ``import`` and ``from ... import``,
inside functions and under ``if TYPE_CHECKING:`` too. An edge goes to the module named (for
``from package import name``, to the submodule if ``name`` is one), not to the packages that
Python loads on the way.
"""

from __future__ import annotations

import ast
import sys
from functools import cache
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parent.parent / "src"
PACKAGE = SRC / "schocken"

CORE_NAMES = [
    "errors",
    "rules",
    "rule_choices",
    "rule_groups",
    "rule_sources",
    "rule_docs",
    "results",
    "actions",
    "events",
    "views",
    "dice",
    "turn",
    "game",
    "round",
    "play",
    "record",
    "catalogue",
    "texts",
    "refusal_texts",
    "record_texts",
    "connection_texts",
    "players",
    "pub",
]
CORE = [f"schocken.{m}" for m in CORE_NAMES if (PACKAGE / f"{m}.py").exists()]
"""The core modules that exist (``round`` and ``players`` may come)."""

OUTSIDE_THE_CORE = ("bots", "server", "tui", "session", "cli", "fast")
"""What the core never imports."""


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(SRC).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


@cache
def _modules() -> dict[str, Path]:
    """Every module of schocken by name."""
    return {_module_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}


def _is_package(name: str) -> bool:
    return _modules()[name].name == "__init__.py"


def _resolve(module: str | None, level: int, importer: str) -> str:
    """The absolute name of a ``from`` import's module (relative imports included)."""
    if level == 0:
        assert module is not None
        return module
    base = importer.split(".")
    if not _is_package(importer):
        base = base[:-1]
    base = base[: len(base) - (level - 1)]
    return ".".join([*base, module] if module else base)


@cache
def imports_of(name: str) -> frozenset[str]:
    """Every module ``name`` imports anywhere in its source (top-level names of other packages,
    full names of schocken's modules)."""
    tree = ast.parse(_modules()[name].read_text(encoding="utf-8"))
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            module = _resolve(node.module, node.level, name)
            subs = {f"{module}.{alias.name}" for alias in node.names}
            if subs <= set(_modules()):
                found |= subs  # "from schocken import round": the submodules only
            else:
                found.add(module)
                found |= subs & set(_modules())
    out: set[str] = set()
    for m in found:
        if m == "schocken" or m.startswith("schocken."):
            if m in _modules():
                out.add(m)
        else:
            out.add(m.split(".")[0])
    out.discard(name)
    return frozenset(out)


def _edges(name: str) -> frozenset[str]:
    """The schocken modules ``name`` imports."""
    return frozenset(m for m in imports_of(name) if m.startswith("schocken"))


def test_the_core_is_known() -> None:
    assert {"schocken.game", "schocken.play", "schocken.results", "schocken.turn"} <= set(CORE)


@pytest.mark.parametrize("name", CORE)
def test_a_core_module_imports_only_the_standard_library_and_the_core(name: str) -> None:
    outside = {
        m
        for m in imports_of(name)
        if not (m in sys.stdlib_module_names or m == "__future__" or m in CORE)
    }
    if name == "schocken.game":
        outside -= _outside_edges_of_the_old_engine()
    assert not outside, f"{name} imports {sorted(outside)}"


def _outside_edges_of_the_old_engine() -> set[str]:
    return set(imports_of("schocken.game")) - set(_edges("schocken.game"))


@pytest.mark.parametrize("name", CORE)
def test_no_core_module_imports_the_bots_the_server_or_the_front_ends(name: str) -> None:
    bad = {
        m
        for m in _edges(name)
        for outside in OUTSIDE_THE_CORE
        if m == f"schocken.{outside}" or m.startswith(f"schocken.{outside}.")
    }
    assert not bad, f"{name} imports {sorted(bad)}"


def test_the_analysis_imports_no_bots() -> None:
    for name in ("schocken.odds", "schocken.solver", "schocken.finale"):
        bots = {m for m in _edges(name) if m.startswith("schocken.bots")}
        assert not bots, f"{name} imports {sorted(bots)}"


def _cycle() -> list[str] | None:
    """An import cycle among schocken's modules, if there is one (depth-first search)."""
    graph = {name: _edges(name) for name in _modules()}
    state: dict[str, int] = {}  # 1: on the current path, 2: done
    path: list[str] = []

    def visit(name: str) -> list[str] | None:
        state[name] = 1
        path.append(name)
        for nxt in sorted(graph[name]):
            if state.get(nxt) == 1:
                return [*path[path.index(nxt) :], nxt]
            if nxt not in state:
                found = visit(nxt)
                if found is not None:
                    return found
        path.pop()
        state[name] = 2
        return None

    for name in sorted(graph):
        if name not in state:
            found = visit(name)
            if found is not None:
                return found
    return None


def test_no_import_cycle() -> None:
    cycle = _cycle()
    assert cycle is None, " -> ".join(cycle or [])


def test_the_reader_sees_imports_in_functions_and_for_type_checking() -> None:
    # The solver bot imports the Finale bot inside a function; play names Game for typing only.
    assert "schocken.bots.finale_bot" in imports_of("schocken.bots.solver_bot")
    assert "schocken.game" in imports_of("schocken.play")
    assert "schocken.bots.solver_bot" in imports_of("schocken.bots")
