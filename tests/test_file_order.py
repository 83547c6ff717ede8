"""The order the test files run in (tests/file_order.py): longest first by a measured table, new
files before all, each file's tests together in their order; the table read and written."""

from __future__ import annotations

from pathlib import Path

import pytest

from file_order import (
    TABLE,
    compare,
    file_of,
    longest_first,
    read_table,
    run_time,
    seconds_from_junit,
    table,
    times_from_junit,
)

ITEMS = [
    "tests/test_a.py::test_one",
    "tests/test_a.py::test_two",
    "tests/test_b.py::test_one[sqlite]",
    "tests/test_b.py::test_one[postgresql]",
    "tests/test_new.py::test_one",
    "tests/test_c.py::Group::test_one",
    "tests/test_c.py::test_two",
    "tests/test_a.py::test_three",
]


def test_the_longest_file_first_new_files_before_all_tests_in_their_order() -> None:
    seconds = {"tests/test_a.py": 2.0, "tests/test_b.py": 90.0, "tests/test_c.py": 30.0}
    assert longest_first(ITEMS, str, seconds) == [
        "tests/test_new.py::test_one",
        "tests/test_b.py::test_one[sqlite]",
        "tests/test_b.py::test_one[postgresql]",
        "tests/test_c.py::Group::test_one",
        "tests/test_c.py::test_two",
        "tests/test_a.py::test_one",
        "tests/test_a.py::test_two",
        "tests/test_a.py::test_three",
    ]


def test_without_a_table_the_files_keep_their_order() -> None:
    assert [file_of(i) for i in longest_first(ITEMS, str, {})] == [
        "tests/test_a.py",
        "tests/test_a.py",
        "tests/test_a.py",
        "tests/test_b.py",
        "tests/test_b.py",
        "tests/test_new.py",
        "tests/test_c.py",
        "tests/test_c.py",
    ]


def test_files_of_equal_seconds_keep_their_order() -> None:
    seconds = dict.fromkeys(("tests/test_a.py", "tests/test_b.py", "tests/test_c.py"), 5.0)
    order = longest_first(ITEMS, str, {**seconds, "tests/test_new.py": 5.0})
    assert list(dict.fromkeys(map(file_of, order))) == [
        "tests/test_a.py",
        "tests/test_b.py",
        "tests/test_new.py",
        "tests/test_c.py",
    ]


def test_the_table_from_a_runs_junit_xml_written_and_read(tmp_path: Path) -> None:
    xml = """<testsuites><testsuite name="pytest">
      <testcase classname="tests.test_a" name="test_one" time="1.25"/>
      <testcase classname="tests.test_b" name="test_one[sqlite]" time="40.5"/>
      <testcase classname="tests.test_a" name="test_two" time="0.75"/>
      <testcase classname="tests.test_c.Group" name="test_one" time="3.0"/>
      <testcase classname="tests.test_c" name="test_two" time="1.5"/>
    </testsuite></testsuites>"""
    assert times_from_junit(xml)["tests/test_a.py"] == [1.25, 0.75]
    seconds = seconds_from_junit(xml)
    assert seconds == {"tests/test_a.py": 2.0, "tests/test_b.py": 40.5, "tests/test_c.py": 4.5}
    path = tmp_path / "file_seconds.txt"
    path.write_text("# a comment\n" + table(seconds), encoding="utf-8")
    assert path.read_text(encoding="utf-8").splitlines()[1:] == [
        "40.5 tests/test_b.py",
        "4.5 tests/test_c.py",
        "2.0 tests/test_a.py",
    ]
    assert read_table(path) == seconds
    assert read_table(tmp_path / "none.txt") == {}


def test_the_committed_table_is_there() -> None:
    """A file renamed or gone from the table only runs first (as a new one): no failure."""
    seconds = read_table(TABLE)
    assert seconds, "tests/file_seconds.txt is missing or empty"
    assert all(name.startswith("tests/test_") and value >= 0 for name, value in seconds.items())


def test_this_run_has_the_longest_files_first(request: pytest.FixtureRequest) -> None:
    """The conftest's hook put the collected files in the table's order."""
    seconds = read_table(TABLE)
    files = list(dict.fromkeys(file_of(item.nodeid) for item in request.session.items))
    known = [seconds[name] for name in files if name in seconds]
    assert known == sorted(known, reverse=True)
    new = [name for name in files if name not in seconds]
    assert files[: len(new)] == new


def test_the_run_time_of_two_workers_as_pytest_xdist_hands_out_the_files() -> None:
    """A worker gets its next file when it has two tests or fewer left: a long file last goes
    to a worker that is still busy, longest first the other worker takes the short files."""
    tests = {
        "tests/test_a.py": [1.0] * 3,
        "tests/test_b.py": [1.0] * 3,
        "tests/test_c.py": [10.0] * 3,
    }
    assert run_time(tests, ["tests/test_a.py", "tests/test_b.py", "tests/test_c.py"]) == 33.0
    assert run_time(tests, ["tests/test_c.py", "tests/test_a.py", "tests/test_b.py"]) == 30.0
    assert run_time(tests, ["tests/test_c.py", "tests/test_a.py", "tests/test_b.py"], 1) == 36.0
    assert compare(tests) == (
        "36 s of tests in 3 files; 2 workers: 33 s most tests first (pytest-xdist's order), "
        "30 s longest first\n"
    )
