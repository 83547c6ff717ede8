"""The test suite's servers forked from one that imported them (tests/server_forks.py): they are
the test process's own children, answer as a new process does, end as one does, and a server
with a prelude is still a new process."""

from __future__ import annotations

import os
import signal
import subprocess
from pathlib import Path

import pytest

from server_forks import ForkedProcess, start_server
from server_helpers import Server, running


def test_a_server_is_forked_and_is_the_test_process_child(tmp_path: Path) -> None:
    with running(tmp_path / "db.sqlite3") as server:
        assert isinstance(server.proc, ForkedProcess)
        assert server.get("/api/health").status_code == 200
        # Its own child: the test waits for it and reads how it ended.
        assert os.waitpid(server.proc.pid, os.WNOHANG) == (0, 0)
        with open(f"/proc/{server.proc.pid}/stat") as stat:
            parent = int(stat.read().rsplit(")", 1)[1].split()[1])
        assert parent == os.getpid()
    assert server.proc.returncode == -signal.SIGTERM


def test_a_forked_server_ends_as_a_new_process_does(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """SIGTERM, SIGKILL and a refused start give the exit status a new process gives."""
    ends: dict[str, list[int]] = {}
    for how in ("fork", "new"):
        if how == "new":
            monkeypatch.setenv("SCHOCKEN_TEST_FORKS", "0")
        kind = ForkedProcess if how == "fork" else subprocess.Popen
        server = Server(tmp_path / f"{how}.sqlite3").start()
        assert isinstance(server.proc, kind)
        server.stop()
        killed = Server(tmp_path / f"{how}-k.sqlite3").start()
        killed.kill()
        log = tmp_path / f"{how}.log"
        taken = start_server(["serve", "--port", "99999"], {**os.environ}, log)
        assert isinstance(taken, kind)
        assert server.proc is not None and killed.proc is not None
        ends[how] = [server.proc.returncode or 0, killed.proc.returncode or 0, taken.wait(30)]
        assert "1 to 65535" in log.read_text(encoding="utf-8")
    assert ends["fork"] == ends["new"] == [-signal.SIGTERM, -signal.SIGKILL, 2]


def test_another_environment_gets_a_fork_server_of_its_own(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A server is forked from a fork server that started with the server's environment (what
    a module reads from it on import is what a new process would read); a prelude, which must
    run before the imports, makes a new process."""

    def started_with(pid: int) -> dict[str, str]:
        pairs = Path(f"/proc/{pid}/environ").read_bytes().split(b"\0")
        return dict(p.decode().split("=", 1) for p in pairs if p)

    with running(tmp_path / "a.sqlite3") as server:
        assert isinstance(server.proc, ForkedProcess)
        assert "SCHOCKEN_LOCALE_PATH" not in started_with(server.proc.pid)
    monkeypatch.setenv("SCHOCKEN_LOCALE_PATH", str(tmp_path))
    with running(tmp_path / "b.sqlite3") as server:
        assert isinstance(server.proc, ForkedProcess)
        assert started_with(server.proc.pid)["SCHOCKEN_LOCALE_PATH"] == str(tmp_path)
    with_prelude = start_server(["serve", "--port", "99999"], {**os.environ}, tmp_path / "l", "x=1")
    assert isinstance(with_prelude, subprocess.Popen)
    assert with_prelude.wait(30) == 2
