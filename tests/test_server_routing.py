"""Routing by table (docs/server.md, "Routing by table"): two workers, each named by its port
(``--worker-name``), on a real PostgreSQL server, behind Debian's nginx and Caddy with the very
configuration docs/server.md shows (read from the docs, :mod:`proxy_helpers`).

- A table is made through the proxy (round robin); every answer about it says the owner's
  route; the players join, connect and play under that route: no message goes through the
  relay (the workers' ``relayed`` counters stay where they were).
- A player who asks under the other worker's route is still served (through the relay), and
  told the owner's route.
- Half way the owner is killed (SIGKILL): the other worker has the table within 5 s; the
  players connect again under the old route (the proxy sends it to the live worker), are told
  the new route, move to it and finish with the same record as one server plays, none of its
  steps lost or stored twice, and again nothing through the relay.
- In Chromium through nginx, the page opens its table's WebSocket under the owner's route
  (nothing through the relay) and, the owner killed, under the other worker's.
"""

from __future__ import annotations

import asyncio
import json
import time
from pathlib import Path
from typing import Any, cast

import httpx
import pytest
from playwright.sync_api import Browser, Route

from postgres_helpers import Postgres
from proxy_helpers import COMMANDS, free_port, proxied
from schocken.client import TableClient
from server_helpers import GENEROUS, Client, Server, play_until_over, running, stored_rows
from test_server import _play_to, new_table
from test_server_workers import NAMES, no_leaks, owner_of, whole_game
from test_web_table import DESKTOP, new_page, start_table


def named_worker(tmp_path: Path, name: str, database: str, public: str | None = None) -> Server:
    """A worker named by its port (as the docs' systemd unit names them); ``public``: the
    proxy's address, where the page comes from."""
    server = Server(tmp_path / f"{name}.sqlite3", database=database, seed=21)
    server.extra = (*GENEROUS, "--worker-name", str(server.port))
    if public is not None:
        server.extra += ("--public-url", public)
    return server.start()


def relayed(*workers: Server) -> list[int]:
    """Each worker's relay messages sent so far."""
    return [int(w.get("/api/health").json()["relayed"]) for w in workers]


async def under(front: str, route: str, table: str, token: str) -> Client:
    """A player connected to ``table`` through the proxy under ``route``; told another route
    (the table's worker is another), it connects again there, as the page does."""
    port = int(front.rsplit(":", 1)[1])
    for _ in range(3):
        client = Client(cast(Server, _Port(port)), table, token)
        client.uri = f"ws://127.0.0.1:{port}{route}/ws/{table}"
        await client.connect()
        assert client.state is not None
        told = client.state.get("route")
        if told == route:
            return client
        await client.close()
        route = str(told)
    raise AssertionError("the route did not settle")


class _Port:
    def __init__(self, port: int) -> None:
        self.port = port


@pytest.mark.parametrize("proxy", list(COMMANDS))
@pytest.mark.alone  # holds the server to a deadline
async def test_a_table_played_under_its_route_never_uses_the_relay(
    proxy: str, postgres_server: Postgres, tmp_path: Path
) -> None:
    whole = await whole_game(tmp_path)
    database = postgres_server.new_database()
    a = named_worker(tmp_path, "a", database)
    b = named_worker(tmp_path, "b", database)
    workers = {f"/w/{w.port}": w for w in (a, b)}
    ids = {w.get("/api/health").json()["worker"]: w for w in (a, b)}
    try:
        with (
            proxied(proxy, [a.port, b.port], tmp_path / proxy) as (front, _),
            httpx.Client(base_url=front, timeout=30) as http,
        ):
            made = http.post(
                "/api/tables", json={"name": NAMES[0], "seats": 3, "rules": "schock4life"}
            )
            assert made.status_code == 200, made.text
            route = made.headers["x-schocken-route"]
            owner = workers[route]
            other = b if owner is a else a
            assert owner_of(a, made.json()["id"]) == next(k for k, w in ids.items() if w is owner)
            table: dict[str, Any] = made.json()
            before = relayed(a, b)
            tokens = [table["token"]]
            for name in NAMES[1:]:
                joined = http.post(f"{route}/api/tables/{table['code']}/join", json={"name": name})
                assert joined.status_code == 200, joined.text
                assert joined.headers["x-schocken-route"] == route
                tokens.append(joined.json()["token"])
            clients = [await under(front, route, table["id"], t) for t in tokens]
            started = http.post(
                f"{route}/api/tables/{table['id']}/start", json={"token": tokens[0]}
            )
            assert started.status_code == 200 and started.headers["x-schocken-route"] == route
            await _play_to(owner, table, clients, len(whole["steps"]) // 2)
            assert relayed(a, b) == before, "a message went through the relay"

            # Under the other worker's route: served all the same, through the relay, and
            # told the owner's route.
            astray = f"/w/{other.port}"
            asked = http.get(f"{astray}/api/tables/{table['id']}")
            assert asked.status_code == 200 and asked.headers["x-schocken-route"] == route
            lost = await under(front, astray, table["id"], tokens[1])
            await lost.close()
            assert relayed(a, b) != before

            # schocken.client's programs follow the route as the page does.
            with TableClient(f"{front}/t/{table['id']}", tokens[2]) as program:
                first = next(program.receive())
                assert first["type"] == "state" and program.route == route
                assert program.uri.endswith(f"{route}/ws/{table['id']}")

            no_leaks(clients, [0, 1, 2])
            seen = max(c.state["step"] for c in clients if c.state is not None)
            for c in clients:
                await c.close()
            owner.kill()
            killed = time.monotonic()
            other_id = next(k for k, w in ids.items() if w is other)
            while owner_of(other, table["id"]) != other_id:
                assert time.monotonic() - killed < 5, "the table was not taken over within 5 s"
                await asyncio.sleep(0.05)
            # The players come back under the old route and are moved to the new one.
            again = [await under(front, route, table["id"], t) for t in tokens]
            new_route = f"/w/{other.port}"
            assert all(f"{new_route}/ws/" in c.uri for c in again)
            assert again[0].state is not None and again[0].state["step"] >= seen
            after = relayed(other)
            await play_until_over(again)
            no_leaks(again, [0, 1, 2])
            for c in again:
                await c.close()
            assert relayed(other) == after, "a message went through the relay"
            answer = http.get(f"{new_route}/api/tables/{table['id']}/record")
            assert answer.headers["x-schocken-route"] == new_route
            record = answer.json()
        stored = stored_rows(other, "SELECT COUNT(*) FROM steps WHERE table_id = ?", (table["id"],))
    finally:
        a.stop()
        b.stop()
    assert record["steps"] == whole["steps"] and record["outcome"] == whole["outcome"]
    assert stored[0][0] == len(whole["steps"])  # none lost, none twice


class _Front:
    def __init__(self, url: str) -> None:
        self.url = url


@pytest.mark.alone  # holds the server to a deadline
def test_the_page_follows_its_tables_route(
    postgres_server: Postgres, tmp_path: Path, browser: Browser
) -> None:
    """In Chromium through nginx: the page opens its table's WebSocket under the owner's route
    (nothing through the relay); the owner killed, the page is moved to the other worker's."""
    database = postgres_server.new_database()
    port = free_port()
    public = f"http://127.0.0.1:{port}"
    a = named_worker(tmp_path, "a", database, public)
    b = named_worker(tmp_path, "b", database, public)
    ids = {w.get("/api/health").json()["worker"]: w for w in (a, b)}
    try:
        with proxied("nginx", [a.port, b.port], tmp_path / "nginx", port=port) as (front, _):
            ctx, page = new_page(browser, "en-US", DESKTOP)
            sockets: list[str] = []
            page.on("websocket", lambda ws: sockets.append(ws.url))
            try:
                start_table(page, cast(Server, _Front(front)), seats=3)
                key = page.evaluate("() => location.pathname.split('/').pop()")
                owner = ids[str(owner_of(a, key))]
                other = b if owner is a else a
                assert sockets and all(f"/w/{owner.port}/ws/{key}" in url for url in sockets)
                assert relayed(a, b) == [0, 0]
                owner.kill()
                deadline = time.monotonic() + 30
                while not any(f"/w/{other.port}/ws/{key}" in url for url in sockets):
                    assert time.monotonic() < deadline, sockets
                    page.wait_for_timeout(100)
                page.wait_for_selector("#players")
                assert page.errors == []  # type: ignore[attr-defined]
            finally:
                ctx.close()
    finally:
        a.stop()
        b.stop()


def seated(server: Server, table: str) -> list[str]:
    seats = server.get(f"/api/tables/{table}").json()["seats"]
    return [s["name"] for s in seats if s["name"] is not None]


def test_a_change_that_meets_no_worker_is_not_sent_twice(tmp_path: Path, browser: Browser) -> None:
    """A POST under the table's route answered 502 by the proxy (its worker gone mid-request,
    and the proxy has no other) is not sent again on the plain path: the worker may have made
    it. The player is told and asks again, on the plain path; a question (GET) is asked again
    at once."""
    with running(tmp_path / "db.sqlite3") as server:
        table = new_table(server, ["Anna"], seats=3)
        code = table["code"]
        ctx, page = new_page(browser, "en-US", DESKTOP)
        sent: list[str] = []
        page.on("request", lambda r: sent.append(f"{r.method} {r.url.removeprefix(server.url)}"))
        page.route("**/w/gone/**", lambda route: route.fulfill(status=502, body="<h1>502</h1>"))
        try:
            page.goto(f"{server.url}/join/{code}")
            page.wait_for_selector("#name")
            to_gone = "async () => (await import('/static/page.js')).setRoute('/w/gone')"
            page.evaluate(to_gone)
            page.fill("#name", "Ben")
            page.click("button[type=submit]")
            page.wait_for_selector("text=The server did not answer. Please try again.")
            joins = [s for s in sent if s.startswith("POST") and s.endswith("/join")]
            assert joins == [f"POST /w/gone/api/tables/{code}/join"]
            assert seated(server, table["id"]) == ["Anna"]  # not made at all, so not twice
            page.click("button[type=submit]")  # asked again: on the plain path
            page.wait_for_url(f"**/t/{table['id']}")
            assert seated(server, table["id"]) == ["Anna", "Ben"]
            # A question under a dead route is asked again at once, on the plain path.
            sent.clear()
            # Set as the page loads (the table's page, left open meanwhile, may ask under the
            # dead route itself and be sent to the plain path before this page would ask).
            page.add_init_script("sessionStorage.setItem('schocken:route', '/w/gone')")
            page.goto(f"{server.url}/join/{code}")
            page.wait_for_selector("#name")
            asked = [s for s in sent if s.startswith("GET") and s.endswith(f"/api/tables/{code}")]
            assert asked == [f"GET /w/gone/api/tables/{code}", f"GET /api/tables/{code}"]
        finally:
            ctx.close()


def test_a_join_whose_answer_was_lost_is_asked_again_and_seats_once(
    tmp_path: Path, browser: Browser
) -> None:
    """The join is made but its answer never reaches the page (a worker that died answering:
    the proxy says 502). The player asks again; the page sends the same token it proposed, so
    the server answers with the seat it gave, and the player is in, seated once."""
    with running(tmp_path / "db.sqlite3") as server:
        table = new_table(server, ["Anna"], seats=3)
        code = table["code"]
        ctx, page = new_page(browser, "en-US", DESKTOP)
        bodies: list[dict[str, object]] = []

        def lose_the_first_answer(route: Route) -> None:
            bodies.append(json.loads(route.request.post_data or "{}"))
            answer = route.fetch()  # the server seats the player
            if len(bodies) == 1:
                route.fulfill(status=502, body="<h1>502 Bad Gateway</h1>")
            else:
                route.fulfill(response=answer)

        page.route(f"**/api/tables/{code}/join", lose_the_first_answer)
        try:
            page.goto(f"{server.url}/join/{code}")
            page.wait_for_selector("#name")
            page.fill("#name", "Ben")
            page.click("button[type=submit]")
            page.wait_for_selector("text=The server did not answer. Please try again.")
            assert seated(server, table["id"]) == ["Anna", "Ben"]  # made, its answer lost
            page.click("button[type=submit]")
            page.wait_for_url(f"**/t/{table['id']}")
            assert seated(server, table["id"]) == ["Anna", "Ben"]  # not twice
            assert len(bodies) == 2 and bodies[0] == bodies[1]  # the same token proposed
            token = bodies[0]["token"]
            assert isinstance(token, str) and len(token) >= 22
            page.wait_for_selector("#lobby-h")  # at the table, with the seat's token kept
            kept = page.evaluate(f"localStorage.getItem('schocken:table:{table['id']}')")
            assert json.loads(kept)["token"] == token
            assert page.errors == []  # type: ignore[attr-defined]
        finally:
            ctx.close()
