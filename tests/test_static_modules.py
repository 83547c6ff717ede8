"""The page by view (issue 30, item 3): the browser front end is plain ES modules (no build
step), none over 600 lines; every import names a module that exists and exports what is
imported; the service worker keeps every module, so the pages open without a signal."""

from __future__ import annotations

import re
from pathlib import Path

STATIC = Path(__file__).resolve().parent.parent / "src" / "schocken" / "server" / "static"
MOST_LINES = 600
IMPORT = re.compile(r'import\s*(?:\{([^}]*)\}|\*\s+as\s+\w+)\s*from\s*"([^"]+)"', re.S)
EXPORT = re.compile(r"^export\s+(?:async\s+)?(?:function\*?|const|let|class)\s+([\w$]+)", re.M)


def modules() -> list[Path]:
    return sorted(p for p in STATIC.rglob("*.js") if p.name != "sw.js")


def test_no_module_of_the_page_is_over_600_lines() -> None:
    sizes = {p.relative_to(STATIC).as_posix(): len(p.read_text().splitlines()) for p in modules()}
    assert len(sizes) > 20
    assert {name: n for name, n in sizes.items() if n > MOST_LINES} == {}


def test_every_import_names_a_module_that_exports_it() -> None:
    wrong = []
    for path in modules():
        for names, target in IMPORT.findall(path.read_text()):
            assert target.startswith("/static/"), (path, target)
            source = STATIC / target.removeprefix("/static/")
            if not source.is_file():
                wrong.append((path.name, target, "missing"))
                continue
            exported = set(EXPORT.findall(source.read_text()))
            for name in (n.strip() for n in names.split(",") if n.strip()):
                if name not in exported:
                    wrong.append((path.name, target, name))
    assert wrong == []


def test_the_service_worker_keeps_every_module() -> None:
    worker = (STATIC / "sw.js").read_text()
    kept = set(re.findall(r'"(/static/[^"]+)"', worker))
    missing = [f"/static/{p.relative_to(STATIC).as_posix()}" for p in modules()]
    assert [m for m in missing if m not in kept] == []
