"""A real PostgreSQL server for tests: Debian's ``postgresql`` package, started in a temporary
directory by the tests themselves (as the ``postgres`` user when the tests run as root: the
server refuses to run as root), reached by its Unix socket, and stopped at the end.

Each test gets a database of its own on it (:meth:`Postgres.new_database`).
"""

from __future__ import annotations

import contextlib
import itertools
import os
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path

USER = "schocken"


def _bin_dir() -> Path:
    found = sorted(Path("/usr/lib/postgresql").glob("*/bin/initdb"))
    if not found:
        raise RuntimeError(
            "PostgreSQL is not installed: apt-get install postgresql (scripts/test does it)"
        )
    return found[-1].parent


class Postgres:
    """One PostgreSQL server in a directory of its own; only its Unix socket listens."""

    def __init__(self) -> None:
        self.bin = _bin_dir()
        self.dir = Path(tempfile.mkdtemp(prefix="schocken-pg-"))
        self.data = self.dir / "data"
        self.as_root = os.geteuid() == 0
        self._numbers = itertools.count(1)

    def _run(self, *args: str) -> None:
        command = [str(self.bin / args[0]), *args[1:]]
        if self.as_root:
            command = ["runuser", "-u", "postgres", "--", *command]
        subprocess.run(command, check=True, capture_output=True, timeout=120)

    def start(self) -> Postgres:
        if self.as_root:
            shutil.chown(self.dir, "postgres", "postgres")
        self.dir.chmod(0o755)
        self._run(
            "initdb", "-A", "trust", "-U", USER, "-E", "UTF8", "--no-locale", "-D", str(self.data)
        )
        self._pg_ctl("start")
        return self

    def _pg_ctl(self, command: str) -> None:
        options = f"-k {self.dir} -c listen_addresses='' -c fsync=off -c max_connections=200"
        self._run(
            "pg_ctl", "-D", str(self.data), "-o", options, "-l", str(self.dir / "log"), "-w",
            "-m", "fast", command,
        )  # fmt: skip

    def restart(self) -> None:
        """Stopped (every session ended, as a database restarted for an upgrade) and started."""
        self._pg_ctl("restart")

    def url(self, database: str = "postgres") -> str:
        return f"postgresql://{USER}@/{database}?host={self.dir}"

    def new_database(self) -> str:
        """A new, empty database on the server; its URL."""
        import psycopg

        name = f"test_{os.getpid()}_{next(self._numbers)}"
        with psycopg.connect(self.url(), autocommit=True) as conn:
            conn.execute(f"CREATE DATABASE {name}")
        return self.url(name)

    def stop(self) -> None:
        with contextlib.suppress(subprocess.SubprocessError, OSError):
            self._run("pg_ctl", "-D", str(self.data), "-m", "immediate", "-w", "stop")
        shutil.rmtree(self.dir, ignore_errors=True)


@contextlib.contextmanager
def postgres() -> Iterator[Postgres]:
    server = Postgres().start()
    try:
        yield server
    finally:
        server.stop()
