"""Two workers behind a reverse proxy, as docs/server.md ("Many workers") runs them: Debian's
nginx and Caddy, each started here on 127.0.0.1 with the configuration below (round robin, no
stickiness, WebSockets passed on), in front of two ``schocken serve --database`` workers on a
real PostgreSQL server. The players reach the workers through the proxy only, so their
requests and WebSockets land on either worker.

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
import os
import shutil
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any, cast

import httpx
import pytest

from postgres_helpers import Postgres
from schocken.server.settings import Limits
from server_helpers import Client, Server, free_port, stored_rows
from test_server import _play_to
from test_server_pub import create, play_out
from test_server_workers import come_back_and_finish, owner_of, table_at, whole_game

NGINX = """
worker_processes 1;
pid {dir}/nginx.pid;
error_log {dir}/nginx-error.log warn;
events {{ worker_connections 1024; }}
http {{
    access_log off;
    client_body_temp_path {dir}/body;
    client_body_buffer_size 1m;  # in memory: nginx's workers (nobody) cannot write in {dir}
    proxy_temp_path {dir}/proxy;
    fastcgi_temp_path {dir}/fastcgi;
    uwsgi_temp_path {dir}/uwsgi;
    scgi_temp_path {dir}/scgi;
    upstream schocken {{
        server 127.0.0.1:{a} max_fails=1 fail_timeout=5s;
        server 127.0.0.1:{b} max_fails=1 fail_timeout=5s;
    }}
    server {{
        listen 127.0.0.1:{port};
        location / {{
            proxy_pass http://schocken;
            proxy_http_version 1.1;
            proxy_set_header Upgrade $http_upgrade;
            proxy_set_header Connection "upgrade";
            proxy_set_header Host $host;
            proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
            proxy_next_upstream error timeout;
            proxy_read_timeout 120s;
            client_max_body_size 1m;  # the largest request: a registration (--max-register)
        }}
    }}
}}
"""
"""docs/server.md's nginx configuration without its routes (plain round robin; the routed one
is tried by tests/test_server_routing.py), on 127.0.0.1 without TLS, its files in ``dir``."""

CADDY = """
{{
    admin off
    auto_https off
    storage file_system {dir}/caddy
}}
http://127.0.0.1:{port} {{
    reverse_proxy 127.0.0.1:{a} 127.0.0.1:{b} {{
        lb_policy round_robin
        lb_try_duration 5s
        fail_duration 5s
        health_uri /api/health
        health_interval 1s
        health_timeout 1s
    }}
}}
"""
"""docs/server.md's Caddyfile without its routes (plain round robin), on 127.0.0.1 without TLS
(``auto_https off``)."""

PROXIES = {
    "nginx": (NGINX, "nginx.conf", ["/usr/sbin/nginx", "-c", "{conf}", "-g", "daemon off;"]),
    "caddy": (CADDY, "Caddyfile", ["/usr/bin/caddy", "run", "--config", "{conf}"]),
}


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
    """``proxy`` in front of ``workers``, started here and stopped after."""
    text, name, command = PROXIES[proxy]
    assert shutil.which(command[0]), f"{proxy} is not installed (bash scripts/test installs it)"
    port = free_port()
    conf = folder / name
    conf.write_text(
        text.format(dir=folder, a=workers[0].port, b=workers[1].port, port=port), "utf-8"
    )
    env = {**os.environ, "HOME": str(folder), "XDG_DATA_HOME": str(folder / "data")}
    env["XDG_CONFIG_HOME"] = str(folder / "config")
    log = open(folder / f"{proxy}.log", "wb")  # noqa: SIM115 - closed below
    proc = subprocess.Popen(
        [part.format(conf=conf) for part in command], stdout=log, stderr=log, env=env
    )
    front = Front(port)
    try:
        deadline = time.monotonic() + 20
        while True:
            assert proc.poll() is None, (folder / f"{proxy}.log").read_text()
            with contextlib.suppress(httpx.HTTPError):
                if front.get("/api/health").status_code == 200:
                    break
            assert time.monotonic() < deadline, f"{proxy} did not answer in 20 s"
            time.sleep(0.1)
        # No stickiness: one request after the other reaches either worker.
        ids = {w.get("/api/health").json()["worker"] for w in workers}
        seen = {front.get("/api/health").json()["worker"] for _ in range(6)}
        assert seen == ids
        yield cast(Server, front)
    finally:
        proc.terminate()
        proc.wait(10)
        log.close()


@pytest.mark.parametrize("proxy", list(PROXIES))
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


@pytest.mark.parametrize("proxy", list(PROXIES))
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
    """docs/server.md's two nginx configurations and the one tried here allow the same body
    size: the largest request the server takes (``--max-register``)."""
    import re

    text = (Path(__file__).parent.parent / "docs" / "server.md").read_text("utf-8")
    sizes = re.findall(r"client_max_body_size (\w+);", text + NGINX)
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
