"""The order the test files run in: longest first, by the seconds each took in a measured run
(``tests/file_seconds.txt``). ``scripts/test`` hands the files to two pytest-xdist workers in
this order (``--dist loadfile``, a file to a worker at a time), so the long browser and server
files start early and the short ones fill the end: no worker is left alone with a long file at
the end of the run. A file not in the table (a new one) runs first, as if it were the longest:
it cannot hold up the end. A file's tests keep their order.

Writing the table after a whole run with ``--junitxml=run.xml``::

    python tests/file_order.py run.xml > tests/file_seconds.txt
"""

from __future__ import annotations

import math
import sys
import xml.etree.ElementTree as ET
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import TypeVar

T = TypeVar("T")

TABLE = Path(__file__).with_name("file_seconds.txt")
"""Seconds per test file: lines ``seconds path`` (the path as pytest names the file)."""


def file_of(nodeid: str) -> str:
    """The file a test is in, as pytest-xdist's ``loadfile`` groups them: ``tests/test_x.py``."""
    return nodeid.split("::", 1)[0]


def read_table(path: Path = TABLE) -> dict[str, float]:
    """The seconds per file a table holds (none if there is no table); ``#`` starts a comment."""
    if not path.exists():
        return {}
    seconds: dict[str, float] = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        line = line.split("#", 1)[0].strip()
        if line:
            value, name = line.split(None, 1)
            seconds[name] = float(value)
    return seconds


def longest_first(
    items: Sequence[T], nodeid: Callable[[T], str], seconds: Mapping[str, float]
) -> list[T]:
    """``items`` with the files in order of their ``seconds``, longest first, unknown files
    before all (in the order they came); each file's items together, in the order they came."""
    first_place: dict[str, int] = {}
    for place, item in enumerate(items):
        first_place.setdefault(file_of(nodeid(item)), place)

    def key(item: T) -> tuple[float, int]:
        name = file_of(nodeid(item))
        return -seconds.get(name, math.inf), first_place[name]

    return sorted(items, key=key)


def seconds_from_junit(xml: str) -> dict[str, float]:
    """Seconds per test file of a run's JUnit XML (``pytest --junitxml``): the sum of its
    tests' times (set-up and tear-down included)."""
    seconds: dict[str, float] = {}
    for case in ET.fromstring(xml).iter("testcase"):
        module = case.get("classname", "").split(".")
        # classname: tests.test_x or tests.test_x.TestClass
        parts = [p for p in module if p.startswith("test_")][:1] or module[-1:]
        name = "/".join(module[: module.index(parts[0]) + 1]) + ".py"
        seconds[name] = seconds.get(name, 0.0) + float(case.get("time", "0"))
    return seconds


def table(seconds: Mapping[str, float]) -> str:
    """The lines of a table, longest first."""
    rows = sorted(seconds.items(), key=lambda row: (-row[1], row[0]))
    return "".join(f"{value:.1f} {name}\n" for name, value in rows)


if __name__ == "__main__":
    print(
        "# Seconds per test file in one whole run (tests/file_order.py writes it).",
        table(seconds_from_junit(Path(sys.argv[1]).read_text(encoding="utf-8"))),
        sep="\n",
        end="",
    )
