"""The bots' and reviews' worker processes (``schocken.server.thinking``), against a real server:
none outlives its server, however the server ends."""

from __future__ import annotations

import contextlib
import os
import signal
import time
from pathlib import Path
from typing import Any

import httpx
import pytest

from server_helpers import GENEROUS, Client, Server, simple_choice

pytestmark = pytest.mark.usefixtures("engine")
"""Every test here runs on each storage engine: a SQLite file, and a PostgreSQL database
(``engine``, tests/conftest.py); one that reads the SQLite file itself is ``sqlite_only``."""

GOLDEN = Path(__file__).parent / "golden"
FINALE_999 = 'preset = "tsv99"\ndeckel_per_half = 1\ndeckel_in_finale = 999'
"""House rules whose Finale takes a solver half an hour to solve (one Deckel a half: a quick way
there)."""


def children_of(pid: int) -> dict[int, str]:
    """The processes whose parent is ``pid`` (Linux /proc), by process id: their command line."""
    found: dict[int, str] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        with contextlib.suppress(OSError, IndexError, ValueError):
            ppid = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
            if ppid == pid:
                command = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode()
                found[int(entry.name)] = command
    return found


def niceness(pid: int) -> int:
    """The process's nice value (Linux /proc)."""
    return int(Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[16])


def alive(pid: int) -> bool:
    """Whether the process runs (a zombie waiting to be reaped has ended)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (OSError, IndexError):
        return False
    return state not in ("Z", "X")


def wait_for(condition: Any, what: str, limit: float = 30) -> None:
    """Poll until ``condition()`` holds (a deadline only against hanging, not a measurement)."""
    deadline = time.monotonic() + limit
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"never happened: {what}")
        time.sleep(0.05)


async def solver_thinking_in_finale(server: Server) -> Client:
    """Anna against a solver bot under FINALE_999, played until the solver has a choice to make
    in the Finale (its worker then solves the Finale); tables are made until a game gets there."""
    for _ in range(20):
        created = server.post("/api/tables", {"name": "Anna", "seats": 2, "rules_toml": FINALE_999})
        assert created.status_code == 200, created.text
        table = created.json()
        added = server.post(
            f"/api/tables/{table['id']}/bots", {"token": table["token"], "bot": "solver"}
        )
        assert added.status_code == 200, added.text
        anna = await Client(server, table["id"], table["token"]).connect()
        started = server.post(f"/api/tables/{table['id']}/start", {"token": table["token"]})
        assert started.status_code == 200, started.text
        while True:
            state = await anna.next_state(timeout=30)
            view = state["view"]
            if view["loser"] is not None:
                break
            if (
                view["section"] == "finale"
                and view["current"] == 1
                and view["round_kind"] == "normal"
                and view["turns"][-1]["throws"] > 0
            ):
                return anna
            action = simple_choice(state)
            if action is not None:
                await anna.act(action)
        await anna.close()
    raise AssertionError("no game reached the Finale")


async def test_no_worker_outlives_a_killed_server(tmp_path: Path) -> None:
    """After kill -9 of the server, its review worker, its solver worker (busy with a Finale it
    has two minutes for) and multiprocessing's resource tracker end within seconds. (The
    workers also run at a lower priority than the server.)"""
    server = Server(tmp_path / "db.sqlite3", seed=3, extra=(*GENEROUS, "--bot-budget", "120"))
    server.start()
    assert server.proc is not None
    children: dict[int, str] = {}
    try:
        record = (GOLDEN / "tsv99.json").read_text(encoding="utf-8")
        reviewed = httpx.post(
            server.url + "/api/review",
            content=record,
            headers={"content-type": "application/json"},
            timeout=60,
        )
        assert reviewed.status_code == 200, reviewed.text
        anna = await solver_thinking_in_finale(server)
        # The review's worker, the solver's worker, and the resource tracker.
        pid = server.proc.pid
        wait_for(lambda: len(children_of(pid)) >= 3, "the server started its workers")
        children = children_of(pid)
        assert any("resource_tracker" in c for c in children.values()), children
        assert sum("multiprocessing" in c for c in children.values()) == len(children), children
        # The workers think at a lower priority than the server's.
        workers = [p for p, command in children.items() if "spawn_main" in command]
        assert len(workers) == 2, children
        assert all(niceness(w) > niceness(pid) for w in workers)
        server.kill()
        # Gone within a few seconds: a deadline against hanging (they would run on for half an
        # hour, or for ever).
        wait_for(lambda: not any(alive(p) for p in children), "every worker ended", limit=10)
        await anna.close()
    finally:
        server.stop()
        for p in children:  # on failure: nothing left behind
            if alive(p):
                with contextlib.suppress(OSError):
                    os.kill(p, signal.SIGKILL)
