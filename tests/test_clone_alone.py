"""A clone with nothing beside it runs its tests: no file of the project names a path beside
the repository, and the audit hook of ``clone_alone`` sees a read beside it, also in the
pytest-xdist workers that ``scripts/test`` runs the tests in."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import clone_alone

REPO = clone_alone.REPO

BESIDE = re.compile(r"\.\./shared|[\"']shared[\"']\s*/|parents\[[2-9]\]|\.parent\.parent\.parent")
"""How a path beside the repository is written: ``../shared``, ``... / "shared" /``, or three
folders up from a file in ``tests/`` or ``src/schocken/``."""


def tracked(*suffixes: str) -> list[Path]:
    out = subprocess.run(
        ["git", "ls-files", "-z"], cwd=REPO, capture_output=True, check=True
    ).stdout.decode()
    return [REPO / name for name in out.split("\0") if name.endswith(suffixes)]


def test_no_source_names_a_path_beside_the_repository() -> None:
    files = [*tracked(".py", ".sh", ".toml", ".cfg", ".ini", ".js"), REPO / ".ci" / "run"]
    files += [REPO / "scripts" / "test"]
    assert len(files) > 100
    found = [
        f"{path.relative_to(REPO)}:{n}: {line.strip()}"
        for path in files
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if BESIDE.search(line) and path != Path(__file__).resolve()
    ]
    assert found == []


def test_the_rule_texts_are_in_the_repository() -> None:
    texts = sorted((REPO / "docs" / "rule-texts").glob("*.txt"))
    assert [t.name[:3] for t in texts] == ["000", "001", "002", "003"]
    assert all(t.stat().st_size > 1000 for t in texts)


def test_the_pattern_and_the_hook_can_fail(tmp_path: Path) -> None:
    for line in (
        'SEEDS = HERE / ".." / "shared" / "seeds"',
        "root = Path(f).parents[2]",
        "cat ../shared/x",
    ):
        assert BESIDE.search(line), line
    # The hook, in a process of its own: a clone in tmp_path/main with a 'shared' folder beside.
    repo = tmp_path / "main"
    repo.mkdir()
    (tmp_path / "shared").mkdir()
    (tmp_path / "shared" / "x.txt").write_text("beside")
    (repo / "y.txt").write_text("inside")
    code = (
        "import sys; from pathlib import Path; sys.path.insert(0, sys.argv[1]); import clone_alone;"
        "repo = Path(sys.argv[2]); clone_alone.watch(repo);"
        "(repo / 'y.txt').read_text(); (repo.parent / 'shared' / 'x.txt').read_text();"
        "print(clone_alone.read_outside)"
    )
    out = subprocess.run(
        ["python3", "-c", code, str(Path(__file__).parent), str(repo)],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    assert str(tmp_path / "shared" / "x.txt") in out
    assert "y.txt" not in out


PROBE = """
import os
from pathlib import Path


def test_reads_a_file() -> None:
    assert Path(os.environ["SCHOCKEN_PROBE_READS"]).read_text() != ""
"""
"""A test that reads the file its environment names."""


def run_in_xdist(
    tmp_path: Path, tests: dict[str, str], env: dict[str, str]
) -> subprocess.CompletedProcess[str]:
    """The real ``tests/conftest.py`` and ``pyproject.toml`` in a clone at tmp_path/main, with
    the test files ``tests`` (name: text) beside it, run as ``scripts/test`` runs them (two
    pytest-xdist workers, a file to each): the finished process."""
    repo = tmp_path / "main"
    (repo / "tests").mkdir(parents=True)
    for helper in (REPO / "tests").glob("*.py"):
        if not helper.name.startswith("test_") or helper.name == "test_web.py":
            shutil.copy(helper, repo / "tests")  # conftest.py and what it imports
    shutil.copy(REPO / "pyproject.toml", repo)
    for name, text in tests.items():
        (repo / "tests" / name).write_text(text, encoding="utf-8")
    plain = {k: v for k, v in os.environ.items() if not k.startswith("PYTEST_")}
    return subprocess.run(
        [sys.executable, "-m", "pytest", "-n", "2", "--dist", "loadfile", "-p", "no:cacheprovider"]
        + [f"tests/{name}" for name in tests],
        cwd=repo,
        env={**plain, **env},
        capture_output=True,
        text=True,
        timeout=300,
    )


def test_a_read_beside_the_clone_in_an_xdist_worker_fails_the_run(tmp_path: Path) -> None:
    """In a clone at tmp_path/main with a 'shared' folder beside it, run as ``scripts/test``
    runs it: a worker's test that reads beside the clone passes, but the run fails, and the main
    process names the file."""
    (tmp_path / "shared").mkdir()
    beside = tmp_path / "shared" / "x.txt"
    beside.write_text("beside")
    run = run_in_xdist(tmp_path, {"test_probe.py": PROBE}, {"SCHOCKEN_PROBE_READS": str(beside)})
    assert "1 passed" in run.stdout, run
    assert run.returncode == pytest.ExitCode.TESTS_FAILED, run
    assert f"Read beside the clone (a user's clone has none of it):\n  {beside}" in run.stdout
