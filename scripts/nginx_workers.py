"""Two workers behind nginx, tried with real processes on 127.0.0.1 (docs/server.md, "Many
workers"): a PostgreSQL server in a temporary folder (as the tests start it), two
``schocken serve --database`` workers, and Debian's nginx in front of them with the
configuration of docs/server.md (round robin, WebSockets passed on). Three players make, join
and play a table through nginx only (so their requests and WebSockets land on either worker);
half way, the worker that owns the table is killed (SIGKILL); the players connect again through
nginx and finish. Prints what happened and exits 1 if the game did not end as the same game
played without the kill.

Usage: python scripts/nginx_workers.py   (needs nginx: apt-get install nginx-light)
"""

from __future__ import annotations

import asyncio
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx

TESTS = Path(__file__).resolve().parent.parent / "tests"
sys.path.insert(0, str(TESTS))

from postgres_helpers import postgres  # noqa: E402
from server_helpers import Client, Server, free_port, play_until_over  # noqa: E402
from test_server import _play_to  # noqa: E402

CONF = """
worker_processes 1;
pid {dir}/nginx.pid;
error_log {dir}/error.log warn;
events {{ worker_connections 1024; }}
http {{
    access_log off;
    client_body_temp_path {dir}/body;
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
            client_max_body_size 512k;
        }}
    }}
}}
"""

NAMES = ["Anna", "Ben", "Cem"]


class Front:
    """nginx as a :class:`Server` stand-in for the test clients (its port)."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.url = f"http://127.0.0.1:{port}"

    def post(self, path: str, body: dict[str, Any]) -> httpx.Response:
        return httpx.post(self.url + path, json=body, timeout=30)

    def get(self, path: str) -> httpx.Response:
        return httpx.get(self.url + path, timeout=30)


async def game(front: Any, kill: Any = None) -> dict[str, Any]:
    made = front.post("/api/tables", {"name": NAMES[0], "seats": 3, "rules": "schock4life"})
    assert made.status_code == 200, made.text
    table = made.json()
    tokens = [table["token"]]
    for name in NAMES[1:]:
        joined = front.post(f"/api/tables/{table['code']}/join", {"name": name})
        assert joined.status_code == 200, joined.text
        tokens.append(joined.json()["token"])
    clients = [await Client(front, table["id"], t).connect() for t in tokens]
    front.post(f"/api/tables/{table['id']}/start", {"token": tokens[0]})
    if kill is not None:
        await _play_to(front, {**table, "tokens": tokens}, clients, 60)
        await kill(table["id"])
        for c in clients:
            await c.close()
        clients = [await Client(front, table["id"], t).connect() for t in tokens]
    await play_until_over(clients)
    for c in clients:
        await c.close()
    record: dict[str, Any] = front.get(f"/api/tables/{table['id']}/record").json()
    return record


def main() -> int:
    nginx = shutil.which("nginx") or "/usr/sbin/nginx"
    with tempfile.TemporaryDirectory(prefix="schocken-nginx-") as folder, postgres() as pg:
        tmp = Path(folder)
        workers: list[Server] = []
        proxy: subprocess.Popen[bytes] | None = None
        try:
            for name in ("a", "b"):
                database = pg.new_database() if not workers else workers[0].database
                workers.append(Server(tmp / f"{name}.sqlite3", database=database, seed=21).start())
            port = free_port()
            conf = CONF.format(dir=folder, a=workers[0].port, b=workers[1].port, port=port)
            (tmp / "nginx.conf").write_text(conf)
            proxy = subprocess.Popen([nginx, "-c", str(tmp / "nginx.conf"), "-g", "daemon off;"])
            time.sleep(0.5)
            front = Front(port)
            whole = asyncio.run(game(front))
            loser = whole["outcome"]["loser_name"]
            print(f"through nginx, no kill: {len(whole['steps'])} steps, loser {loser}")
            ids = {w.port: w.get("/api/health").json()["worker"] for w in workers}

            async def kill(table_id: str) -> None:
                from server_helpers import stored_rows

                rows = stored_rows(
                    workers[0], "SELECT worker FROM leases WHERE table_id = ?", (table_id,)
                )
                owner = next(w for w in workers if ids[w.port] == rows[0][0])
                owner.kill()
                killed = time.monotonic()
                print(f"killed the owner (port {owner.port}) after 60 steps")
                other = next(w for w in workers if w is not owner)
                while True:
                    rows = stored_rows(
                        other,
                        "SELECT worker FROM leases WHERE table_id = ? "
                        "AND expires > clock_timestamp()",
                        (table_id,),
                    )
                    if rows and rows[0][0] == ids[other.port]:
                        break
                    await asyncio.sleep(0.05)
                print(f"the other worker owns the table {time.monotonic() - killed:.2f} s later")

            # The same game again (the seed counts tables: a second server makes the same
            # seeds only on a new database), killed half way.
            for w in workers:
                w.stop()
            database = pg.new_database()
            workers = [
                Server(tmp / f"{n}2.sqlite3", database=database, seed=21).start() for n in "ab"
            ]
            ids = {w.port: w.get("/api/health").json()["worker"] for w in workers}
            proxy.terminate()
            proxy.wait(10)
            conf = CONF.format(dir=folder, a=workers[0].port, b=workers[1].port, port=port)
            (tmp / "nginx.conf").write_text(conf)
            proxy = subprocess.Popen([nginx, "-c", str(tmp / "nginx.conf"), "-g", "daemon off;"])
            time.sleep(0.5)
            again = asyncio.run(game(front, kill))
            same = again["steps"] == whole["steps"] and again["outcome"] == whole["outcome"]
            print(f"through nginx, owner killed half way: {len(again['steps'])} steps; "
                  f"the same record as without the kill: {same}")  # fmt: skip
            return 0 if same else 1
        finally:
            if proxy is not None:
                proxy.terminate()
                proxy.wait(10)
            for w in workers:
                w.stop()


if __name__ == "__main__":
    raise SystemExit(main())
