"""Tests marked ``alone`` (tests/conftest.py) run while no test runs in the other pytest-xdist
worker of ``scripts/test``; the other tests run beside each other."""

from __future__ import annotations

from pathlib import Path

from test_clone_alone import run_in_xdist

NOTE = """
import os
import time
from pathlib import Path

import pytest

LOG = Path(os.environ["SCHOCKEN_PROBE_LOG"])


def note(what: str) -> None:
    with LOG.open("a", encoding="utf-8") as log:
        log.write(what + "\\n")


def lines() -> list[str]:
    return LOG.read_text(encoding="utf-8").splitlines() if LOG.exists() else []


def until(what: str) -> None:
    deadline = time.monotonic() + 120  # only against hanging
    while what not in lines():
        assert time.monotonic() < deadline, what
        time.sleep(0.02)
"""
"""What both probe files share: a log of when each test starts and ends."""

BESIDE = (
    NOTE
    + """

def test_a_beside_b() -> None:
    note("start a")
    until("start b")  # the two workers run tests at the same time
    note("end a")


@pytest.mark.parametrize("n", range(20))
def test_short(n: int) -> None:
    note(f"start short {n}")
    time.sleep(0.25)
    note(f"end short {n}")
"""
)
"""The first worker's file: a test that waits for the second worker's first test, then short
ones one after the other."""

ALONE = (
    NOTE
    + """

def test_b_beside_a() -> None:
    note("start b")
    until("start a")
    note("end b")


@pytest.mark.alone
def test_alone() -> None:
    note("start alone")
    time.sleep(1.5)
    note("end alone")
"""
)
"""The second worker's file: a test beside the first worker's, then one alone while the first
worker's short tests run."""


def test_an_alone_test_runs_while_no_other_test_runs(tmp_path: Path) -> None:
    log = tmp_path / "log.txt"
    run = run_in_xdist(
        tmp_path,
        {"test_probe_beside.py": BESIDE, "test_probe_alone.py": ALONE},
        {"SCHOCKEN_PROBE_LOG": str(log)},
    )
    assert run.returncode == 0 and "23 passed" in run.stdout, run
    lines = log.read_text(encoding="utf-8").splitlines()
    # The workers ran tests at the same time: each first test began before the other ended.
    assert lines.index("start a") < lines.index("end b")
    assert lines.index("start b") < lines.index("end a")
    # The alone test began after the test under way in the other worker had ended, and nothing
    # began before it ended.
    start = lines.index("start alone")
    assert lines[start + 1] == "end alone", lines
    assert sum(line.startswith("start") for line in lines[:start]) == sum(
        line.startswith("end") for line in lines[:start]
    ), lines
