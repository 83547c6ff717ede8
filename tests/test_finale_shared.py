"""The Finale's solutions shared between rule sets and kept on disk for later processes."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from schocken import finale, finale_shared, helper
from schocken.finale_reads import finale_key
from schocken.finale_shared import cache_dir, finale_solution
from schocken.rules import find_preset
from schocken.turn import TurnState

pytest.importorskip("numpy")

RULES = find_preset("allgemein").with_overrides({"deckel_in_finale": 5})


@pytest.fixture()
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A cache folder of the test's own, nothing solved in the process."""
    monkeypatch.setenv(finale_shared.CACHE_ENV, str(tmp_path))
    finale_shared.clear_caches()
    return tmp_path


def test_a_solution_is_kept_on_disk_and_read_back_the_same(folder: Path) -> None:
    solved = finale_solution(RULES)
    files = list(folder.glob("finale-*.npz"))
    assert len(files) == 1
    finale_shared.clear_caches()  # a new process, as far as this one knows
    read = finale_solution(RULES)
    assert read is not solved
    assert read.values.tobytes() == solved.values.tobytes()  # every float, the nan too
    assert (read.n, read.residual, read.iterations) == (
        solved.n,
        solved.residual,
        solved.iterations,
    )
    for m, o, r in [(5, 0, 0), (2, 2, 1), (0, 3, 2)]:
        assert read.best_action(m, o, r, TurnState()) == solved.best_action(m, o, r, TurnState())
    # another Deckel count, another file; the same options the Finale reads: the same file
    finale_solution(RULES, total=4)
    finale_solution(RULES.with_overrides({"opening": "first_seat", "deckel_per_half": 9}))
    assert len(list(folder.glob("finale-*.npz"))) == 2


def test_a_file_that_cannot_be_read_is_solved_anew_and_written_again(folder: Path) -> None:
    solved = finale_solution(RULES)
    (path,) = folder.glob("finale-*.npz")
    path.write_bytes(b"not a solution")
    finale_shared.clear_caches()
    again = finale_solution(RULES)
    assert again.values.tobytes() == solved.values.tobytes()
    finale_shared.clear_caches()
    assert finale_solution(RULES).values.tobytes() == solved.values.tobytes()
    assert path.read_bytes()[:2] == b"PK"  # a numpy archive again


def test_unset_or_empty_keeps_nothing(folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    for setting in ("", None):
        if setting is None:
            monkeypatch.delenv(finale_shared.CACHE_ENV)
        else:
            monkeypatch.setenv(finale_shared.CACHE_ENV, setting)
        finale_shared.clear_caches()
        assert cache_dir() is None
        finale_solution(RULES)
    assert not list(folder.iterdir())


def test_a_later_process_reads_what_an_earlier_one_solved(folder: Path) -> None:
    code = (
        "import time; from schocken.finale_shared import finale_solution; "
        "from schocken.rules import find_preset; "
        "s = finale_solution(find_preset('allgemein').with_overrides({'deckel_in_finale': 5})); "
        "print(s.values[2, 2])"
    )
    first = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    written = {p: p.stat().st_mtime_ns for p in folder.glob("finale-*.npz")}
    second = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    assert first.stdout == second.stdout
    assert written and {p: p.stat().st_mtime_ns for p in folder.glob("finale-*.npz")} == written


@pytest.fixture()
def no_folder(monkeypatch: pytest.MonkeyPatch) -> None:
    """Nothing on disk, nothing solved in the process."""
    monkeypatch.delenv(finale_shared.CACHE_ENV, raising=False)
    finale_shared.clear_caches()


def test_a_solution_solved_ahead_in_the_helper_is_the_one_solved_here(no_folder: None) -> None:
    finale_shared.solve_ahead(RULES, [4, 5])
    assert set(finale_shared._AHEAD) == {(finale_key(RULES), n) for n in (4, 5)}
    for future, _ in finale_shared._AHEAD.values():
        future.result()  # solved there
    ahead = [finale_solution(RULES, total=n) for n in (4, 5)]
    assert not finale_shared._AHEAD  # taken from the helper
    finale_shared.clear_caches()
    here = [finale.solve_finale(RULES, total=n) for n in (4, 5)]
    for a, h in zip(ahead, here, strict=True):
        assert a.values.tobytes() == h.values.tobytes()  # every float
        assert (a.n, a.residual, a.iterations, a.rules) == (h.n, h.residual, h.iterations, RULES)
    assert helper.idle()


def test_a_solution_the_helper_has_not_begun_is_solved_here(no_folder: None) -> None:
    busy = helper.call("time:sleep", 1.0)
    finale_shared.solve_ahead(RULES, [4])
    ((queued, _),) = finale_shared._AHEAD.values()
    solved = finale_solution(RULES, total=4)  # not waited for behind the other call
    assert queued.cancelled()
    assert solved.values.tobytes() == finale.solve_finale(RULES, total=4).values.tobytes()
    busy.result()
    assert helper.idle()


def test_a_helper_that_fails_leaves_the_solving_here(
    no_folder: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    here = finale.solve_finale(RULES, total=4).values.tobytes()
    # a helper that ends as soon as it is asked, without an answer
    helper.stop()
    monkeypatch.setattr(sys, "executable", "/bin/true")
    finale_shared.solve_ahead(RULES, [4])
    assert finale_solution(RULES, total=4).values.tobytes() == here
    # one that cannot start
    finale_shared.clear_caches()
    monkeypatch.setattr(sys, "executable", "/nonexistent/python")
    finale_shared.solve_ahead(RULES, [4])
    assert finale_solution(RULES, total=4).values.tobytes() == here
    # none to be used: nothing started
    finale_shared.clear_caches()
    monkeypatch.setenv(helper.ENV, "0")
    finale_shared.solve_ahead(RULES, [4])
    assert not finale_shared._AHEAD
    assert finale_solution(RULES, total=4).values.tobytes() == here
    monkeypatch.undo()
    helper.stop()  # the next test starts a working one
