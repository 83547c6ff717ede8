"""Fixtures shared by the tests: one Debian Chromium per browser test module, driven by
Playwright (never a downloaded browser; the flags are those that work on this machine), and the
two database engines of the storage interface (a real PostgreSQL server, started by the tests
themselves, beside SQLite files). The run reads nothing beside the clone (``clone_alone``).
``scripts/test`` runs the tests in two pytest-xdist workers, the longest files first
(``file_order``); a test marked ``alone`` runs while no other test does."""

from __future__ import annotations

import fcntl
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, sync_playwright

import clone_alone
import file_order
import server_helpers
from postgres_helpers import Postgres, postgres
from test_web import CHROMIUM, FLAGS

clone_alone.watch()

# Nothing of the strong bots or the Finale kept on disk from earlier runs (schocken.fast.strong,
# schocken.finale_shared), unless a test asks for it.
os.environ.pop("SCHOCKEN_CACHE_DIR", None)
# Nor the lab's notebook (schocken.lab.notebook): every figure measured, unless a test asks.
os.environ["SCHOCKEN_LAB_DIR"] = ""

ENGINES = ("sqlite", "postgresql")
"""The engines every storage test runs against."""


def pytest_configure(config: pytest.Config) -> None:
    """pytest-xdist hands out the files in the order they were collected (its own order, most
    tests first, would leave the long browser files with few tests to the end)."""
    if hasattr(config.option, "loadscopereorder"):
        config.option.loadscopereorder = False


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The longest test files first, by the seconds of a measured run (``file_order``)."""
    items[:] = file_order.longest_first(items, lambda item: item.nodeid, file_order.read_table())


@pytest.fixture(scope="session")
def run_locks(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[tuple[int, int] | None]:
    """In a pytest-xdist worker: two lock files that every worker of the run opens (in the
    run's temporary folder, which holds each worker's), the turnstile and the run's lock;
    ``None`` in a run of one process."""
    if not hasattr(request.config, "workerinput"):
        yield None
        return
    folder = tmp_path_factory.getbasetemp().parent
    fds = tuple(os.open(folder / name, os.O_RDWR | os.O_CREAT) for name in ("turnstile", "run"))
    try:
        yield fds[0], fds[1]
    finally:
        for fd in fds:
            os.close(fd)


@pytest.fixture(autouse=True)
def alone_or_beside_others(
    request: pytest.FixtureRequest, run_locks: tuple[int, int] | None
) -> Iterator[None]:
    """A test marked ``alone`` (it holds the server to a deadline: a lease taken over within
    5 s, a turn timer's seconds left) runs, with its fixtures, while no test runs in another
    worker; the others run beside each other. A shared lock for every test, the run's lock
    taken whole for one alone; the turnstile lets no test start while one alone waits."""
    if run_locks is None:
        yield
        return
    turnstile, run = run_locks
    alone = request.node.get_closest_marker("alone") is not None
    fcntl.flock(turnstile, fcntl.LOCK_EX)
    try:
        fcntl.flock(run, fcntl.LOCK_EX if alone else fcntl.LOCK_SH)
    finally:
        fcntl.flock(turnstile, fcntl.LOCK_UN)
    try:
        yield
    finally:
        fcntl.flock(run, fcntl.LOCK_UN)


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        yield b
        b.close()


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[Postgres]:
    """One PostgreSQL server for the whole run (each test gets a database of its own)."""
    with postgres() as server:
        yield server


@pytest.fixture(params=ENGINES)
def database(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """Where a test's data goes, once per engine: a new SQLite file, or a new database on the
    run's PostgreSQL server (its URL)."""
    if request.param == "sqlite":
        return str(tmp_path / "schocken.sqlite3")
    server: Postgres = request.getfixturevalue("postgres_server")
    return server.new_database()


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    """A test that uses ``engine`` (a server's, club's or pub test module says so for all of its
    tests) runs once per engine; one marked ``sqlite_only`` (it reads the SQLite file itself)
    runs on SQLite only."""
    if "engine" in metafunc.fixturenames:
        only = metafunc.definition.get_closest_marker("sqlite_only")
        metafunc.parametrize("engine", ("sqlite",) if only else ENGINES, indirect=True)


@pytest.fixture()
def engine(request: pytest.FixtureRequest) -> Iterator[str]:
    """Every server the test starts keeps its data on this engine: in the SQLite file it is
    given, or (``postgresql``) in a database of the run's PostgreSQL server that stands for that
    file (a server restarted on the file finds its data again)."""
    if request.param == "sqlite":
        yield "sqlite"
        return
    server: Postgres = request.getfixturevalue("postgres_server")
    databases: dict[Path, str] = {}

    def database(file: Path) -> str:
        key = Path(file).resolve()
        if key not in databases:
            databases[key] = server.new_database()
        return databases[key]

    server_helpers.ENGINE_DATABASE = database
    try:
        yield "postgresql"
    finally:
        server_helpers.ENGINE_DATABASE = None


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    """Fail the run if a test read a file beside the clone: a clone alone must pass. A
    pytest-xdist worker hands what its tests read to the run's main process (which fails the
    run: a worker's exit status and output go nowhere)."""
    workeroutput = getattr(session.config, "workeroutput", None)
    if workeroutput is not None:
        workeroutput["read_outside"] = list(clone_alone.read_outside)
        return
    if clone_alone.read_outside:
        shown = "\n  ".join(clone_alone.read_outside[:20])
        print(f"\nRead beside the clone (a user's clone has none of it):\n  {shown}")
        session.exitstatus = pytest.ExitCode.TESTS_FAILED


@pytest.hookimpl(optionalhook=True)
def pytest_testnodedown(node: Any, error: object) -> None:
    """A pytest-xdist worker has ended: what its tests read beside the clone counts as read by
    the run (:func:`pytest_sessionfinish` of the main process comes after every worker's)."""
    for path in getattr(node, "workeroutput", {}).get("read_outside", []):
        if path not in clone_alone.read_outside:
            clone_alone.read_outside.append(path)
