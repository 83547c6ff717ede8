"""The order the test files run in: longest first, by the seconds each took in a measured run
(``tests/file_seconds.txt``). ``scripts/test`` hands the files to two pytest-xdist workers in
this order (``--dist loadfile``, a file to a worker at a time), so the long browser and server
files start early and the short ones fill the end: no worker is left alone with a long file at
the end of the run. A file not in the table (a new one) runs first, as if it were the longest:
it cannot hold up the end. A file's tests keep their order.

Writing the table after a whole run with ``--junitxml=run.xml``, and how long two workers
would take for that run's tests in pytest-xdist's own order and longest first::

    python tests/file_order.py run.xml > tests/file_seconds.txt
    python tests/file_order.py --compare run.xml
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


def times_from_junit(xml: str) -> dict[str, list[float]]:
    """The seconds of each test per test file of a run's JUnit XML (``pytest --junitxml``),
    set-up and tear-down included, in the order they ran."""
    tests: dict[str, list[float]] = {}
    for case in ET.fromstring(xml).iter("testcase"):
        module = case.get("classname", "").split(".")
        # classname: tests.test_x or tests.test_x.TestClass
        parts = [p for p in module if p.startswith("test_")][:1] or module[-1:]
        name = "/".join(module[: module.index(parts[0]) + 1]) + ".py"
        tests.setdefault(name, []).append(float(case.get("time", "0")))
    return tests


def seconds_from_junit(xml: str) -> dict[str, float]:
    """Seconds per test file of a run's JUnit XML: the sum of its tests' times."""
    return {name: sum(times) for name, times in times_from_junit(xml).items()}


def run_time(tests: Mapping[str, Sequence[float]], order: Sequence[str], workers: int = 2) -> float:
    """How long ``workers`` pytest-xdist workers take for the files in ``order`` (``tests``:
    each file's tests' seconds), handed out as ``--dist loadfile`` does: a file to each worker,
    the next file to a worker as soon as it has two tests or fewer left."""
    queue = list(order)
    left: list[list[float]] = [[] for _ in range(workers)]
    clock = [0.0] * workers

    def hand_out(worker: int) -> None:
        if queue and len(left[worker]) <= 2:
            left[worker].extend(tests[queue.pop(0)])

    for worker in range(workers):
        hand_out(worker)
    for worker in range(workers):
        hand_out(worker)
    while any(left):
        worker = min((w for w in range(workers) if left[w]), key=lambda w: clock[w] + left[w][0])
        clock[worker] += left[worker].pop(0)
        hand_out(worker)
    return max(clock)


def table(seconds: Mapping[str, float]) -> str:
    """The lines of a table, longest first."""
    rows = sorted(seconds.items(), key=lambda row: (-row[1], row[0]))
    return "".join(f"{value:.1f} {name}\n" for name, value in rows)


def compare(tests: Mapping[str, Sequence[float]], workers: int = 2) -> str:
    """The run's seconds in all, and how long ``workers`` take in pytest-xdist's own order
    (most tests first) and longest first."""
    seconds = {name: sum(times) for name, times in tests.items()}
    most_tests = sorted(tests, key=lambda name: -len(tests[name]))
    longest = sorted(tests, key=lambda name: -seconds[name])
    return (
        f"{sum(seconds.values()):.0f} s of tests in {len(tests)} files; {workers} workers: "
        f"{run_time(tests, most_tests, workers):.0f} s most tests first (pytest-xdist's order), "
        f"{run_time(tests, longest, workers):.0f} s longest first\n"
    )


if __name__ == "__main__":
    xml = Path(sys.argv[-1]).read_text(encoding="utf-8")
    if sys.argv[1] == "--compare":
        print(compare(times_from_junit(xml)), end="")
    else:
        print("# Seconds per test file in one whole run (tests/file_order.py writes it).")
        print(table(seconds_from_junit(xml)), end="")
