"""Two workers behind a reverse proxy, as docs/server.md ("Many workers") runs them: Debian's
nginx and Caddy, each started here on 127.0.0.1 with docs/server.md's configuration without its
routes (round robin, no stickiness, WebSockets passed on), in front of two ``schocken serve
--database`` workers on a real PostgreSQL server. The players reach the workers through the
proxy only, so their requests and WebSockets land on either worker.

- A table is made, joined and played through the proxy; half way its owner is killed
  (SIGKILL); the other worker has the table within 5 s, the players connect again through the
  proxy and finish: the same record as the game played on one server.
- A pub game is entered through the proxy (its entries go to either worker in turn): no entry
  lost, the game ends as on one server.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any, cast

import httpx
import pytest

from postgres_helpers import Postgres
from proxy_helpers import config, proxied
from schocken.server.settings import Limits
from server_helpers import Client, Server, stored_rows
from test_server import _play_to
from test_server_pub import create, play_out
from test_server_workers import come_back_and_finish, owner_of, table_at, whole_game

PROXIES = ["nginx", "caddy"]


class Front:
    """The proxy, where a test would name a :class:`Server` (its port)."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.url = f"http://127.0.0.1:{port}"

    def post(self, path: str, body: dict[str, Any]) -> httpx.Response:
        return httpx.post(self.url + path, json=body, timeout=30)

    def get(self, path: str) -> httpx.Response:
        return httpx.get(self.url + path, timeout=30)


@contextlib.contextmanager
def behind(proxy: str, workers: list[Server], folder: Path) -> Iterator[Server]:
    """``proxy`` in front of ``workers``, started here and stopped after: docs/server.md's
    configuration without its routes (plain round robin, ``tests/proxy_helpers.py``; the routed
    one is tried by tests/test_server_routing.py), on 127.0.0.1 without TLS."""
    with proxied(proxy, [w.port for w in workers], folder / proxy, routes=False) as (url, _):
        front = Front(int(url.rsplit(":", 1)[1]))
        # No stickiness: one request after the other reaches either worker.
        ids = {w.get("/api/health").json()["worker"] for w in workers}
        seen = {front.get("/api/health").json()["worker"] for _ in range(6)}
        assert seen == ids
        yield cast(Server, front)


@pytest.mark.parametrize("proxy", PROXIES)
@pytest.mark.alone  # holds the server to a deadline
async def test_the_owner_killed_behind_a_proxy_the_game_goes_on(
    proxy: str, postgres_server: Postgres, tmp_path: Path
) -> None:
    whole = await whole_game(tmp_path)
    database = postgres_server.new_database()
    a = Server(tmp_path / "a.sqlite3", database=database, seed=21).start()
    b = Server(tmp_path / "b.sqlite3", database=database, seed=21).start()
    workers = {w.get("/api/health").json()["worker"]: w for w in (a, b)}
    try:
        with behind(proxy, [a, b], tmp_path) as front:
            table = table_at(front, front)
            tokens = table["tokens"]
            clients = [await Client(front, table["id"], t).connect() for t in tokens]
            front.post(f"/api/tables/{table['id']}/start", {"token": tokens[0]})
            await _play_to(front, table, clients, len(whole["steps"]) // 2)
            owner = workers[str(owner_of(a, table["id"]))]
            other = b if owner is a else a
            owner.kill()
            killed = time.monotonic()
            while owner_of(other, table["id"]) != next(k for k, w in workers.items() if w is other):
                assert time.monotonic() - killed < 5, "the table was not taken over within 5 s"
                await asyncio.sleep(0.05)
            record = await come_back_and_finish(front, table, clients)
        stored = stored_rows(other, "SELECT COUNT(*) FROM steps WHERE table_id = ?", (table["id"],))
    finally:
        a.stop()
        b.stop()
    assert record["steps"] == whole["steps"] and record["outcome"] == whole["outcome"]
    assert stored[0][0] == len(whole["steps"])  # none lost, none twice


@pytest.mark.parametrize("proxy", PROXIES)
def test_a_pub_game_behind_a_proxy_loses_no_entry(
    proxy: str, postgres_server: Postgres, tmp_path: Path
) -> None:
    one = Server(tmp_path / "one.sqlite3").start()
    try:
        made = create(one)
        alone = play_out(one, made["id"], made["token"], made)
    finally:
        one.stop()
    database = postgres_server.new_database()
    a = Server(tmp_path / "a.sqlite3", database=database).start()
    b = Server(tmp_path / "b.sqlite3", database=database).start()
    try:
        with behind(proxy, [a, b], tmp_path) as front:
            made = create(front)
            end = play_out(front, made["id"], made["token"], made)
            assert end["state"] == alone["state"] and end["entries"] == alone["entries"]
            # The largest request the server takes, a registration of up to 1 MiB, gets
            # through the proxy: the server answers it (here: in words, no such club), not
            # the proxy (413).
            names = [f"Spielerin {i:05d} aus dem Verein der Würfelfreunde" for i in range(12_000)]
            body = {"names": names, "guest": True}
            assert 512 * 1024 < len(json.dumps(body)) < 1024 * 1024
            big = httpx.post(
                front.url + "/api/clubs/niemand/tournaments/x/register", json=body, timeout=60
            )
            assert big.status_code == 403, (big.status_code, big.text[:300])
            assert big.json()["code"] == "server_refuse_members_only"
    finally:
        a.stop()
        b.stop()


def test_the_docs_give_the_proxies_one_body_limit() -> None:
    """docs/server.md's two nginx configurations and the round robin tried here (the routed one
    without its routes) allow the same body size: the largest request the server takes
    (``--max-register``)."""
    import re

    text = (Path(__file__).parent.parent / "docs" / "server.md").read_text("utf-8")
    round_robin = config("nginx", Path("/tmp"), [1, 2], 3, routes=False)
    sizes = re.findall(r"client_max_body_size (\w+);", text + round_robin)
    assert sizes == ["1m"] * 3
    assert Limits().max_register == 1024 * 1024


def test_the_systemd_unit_in_the_docs_verifies(tmp_path: Path) -> None:
    """docs/server.md's unit, as ``schocken@8001.service``, passes ``systemd-analyze verify``
    (the program it starts made this checkout's). systemd itself does not run on this machine
    (its first process is not systemd): the unit is checked, not started by it."""
    import re
    import sys

    text = (Path(__file__).parent.parent / "docs" / "server.md").read_text("utf-8")
    found = re.search(r"\*\*systemd\*\*.*?```ini\n(.*?)```", text, re.S)
    assert found is not None, "docs/server.md has no systemd unit"
    unit = found[1].replace(
        "/opt/schocken/.venv/bin/schocken", str(Path(sys.executable).parent / "schocken")
    )
    assert "ExecStart=" in unit and "%i" in unit
    path = tmp_path / "schocken@8001.service"
    path.write_text(unit, "utf-8")
    done = subprocess.run(
        ["systemd-analyze", "verify", str(path)], capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0 and not done.stderr.strip(), done.stderr
