"""The game server on each storage engine (a SQLite file; a PostgreSQL server the tests start
themselves): a game played through WebSockets with a kill -9 half way goes on to the same record
as the game played without one; the club's book and a pub game outlive a restart. The rest of
the server's tests run on SQLite."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx
import pytest

from conftest import ENGINES
from postgres_helpers import Postgres
from server_helpers import Client, Server, play_until_over
from test_server import _play_to, new_table


@pytest.fixture(params=ENGINES)
def where(request: pytest.FixtureRequest, tmp_path: Path) -> dict[str, Any]:
    """What a Server is started with on each engine: the file, or the file for its log and a
    new PostgreSQL database."""
    if request.param == "sqlite":
        return {"db": tmp_path / "db.sqlite3"}
    server: Postgres = request.getfixturevalue("postgres_server")
    return {"db": tmp_path / "pg", "database": server.new_database()}


async def test_a_game_killed_half_way_resumes_with_the_same_record(
    where: dict[str, Any], tmp_path: Path
) -> None:
    names = ["Anna", "Ben", "Cem"]
    whole_server = Server(tmp_path / "whole.sqlite3", seed=21).start()
    try:
        table = new_table(whole_server, names, preset="schock4life")
        clients = [await Client(whole_server, table["id"], t).connect() for t in table["tokens"]]
        whole_server.post(f"/api/tables/{table['id']}/start", {"token": table["tokens"][0]})
        await play_until_over(clients)
        whole = whole_server.get(f"/api/tables/{table['id']}/record").json()
        for c in clients:
            await c.close()
    finally:
        whole_server.stop()
    server = Server(**where, seed=21).start()
    try:
        table = new_table(server, names, preset="schock4life")
        clients = [await Client(server, table["id"], t).connect() for t in table["tokens"]]
        server.post(f"/api/tables/{table['id']}/start", {"token": table["tokens"][0]})
        half = len(whole["steps"]) // 2
        await _play_to(server, table, clients, half)
        server.kill()
        for c in clients:
            await c.close()
        server = Server(**where, seed=21).start()
        clients = [await Client(server, table["id"], t).connect() for t in table["tokens"]]
        assert clients[0].state is not None and clients[0].state["step"] >= half
        await play_until_over(clients)
        again = server.get(f"/api/tables/{table['id']}/record").json()
        for c in clients:
            await c.close()
    finally:
        server.stop()
    assert again["steps"] == whole["steps"] and again["outcome"] == whole["outcome"]


async def test_the_clubs_book_and_a_pub_game_outlive_a_restart(where: dict[str, Any]) -> None:
    server = Server(**where).start()
    try:
        made = server.post("/api/clubs", {"name": "Krone"}).json()
        slug, session = made["club"]["slug"], made["session"]
        for name in ("Anna", "Ben", "Cem"):
            r = server.post(f"/api/clubs/{slug}/members", {"session": session, "name": name})
            assert r.status_code == 200, r.text
        table = new_table(server, ["Anna", "Ben", "Cem"])
        clients = [await Client(server, table["id"], t).connect() for t in table["tokens"]]
        server.post(f"/api/tables/{table['id']}/start", {"token": table["tokens"][0]})
        await play_until_over(clients)
        for c in clients:
            await c.close()
        body = {"session": session, "date": "2026-11-27", "present": ["Anna", "Ben", "Cem"]}
        assert server.post(f"/api/clubs/{slug}/evenings", body).status_code == 200
        body = {"session": session, "date": "2026-11-27", "table": table["id"]}
        taken = server.post(f"/api/clubs/{slug}/games", body)
        assert taken.status_code == 200, taken.text
        loser = taken.json()["done"]["loser"]
        pub = server.post("/api/pub", {"players": ["Anna", "Ben"], "rules": "tsv99"})
        assert pub.status_code == 200, pub.text
        pub_id, pub_token = pub.json()["id"], pub.json()["token"]
        server.kill()
        server = Server(**where).start()
        book = server.get(f"/api/clubs/{slug}")
        assert book.status_code == 403  # a session is needed ...
        opened = server.post(f"/api/clubs/{slug}/session", {"secret": made["secret"]})
        assert opened.status_code == 200, opened.text
        got = httpx.get(
            f"{server.url}/api/clubs/{slug}",
            headers={"x-club-session": session},
            timeout=10,
        ).json()
        assert [g["loser"] for g in got["games"]] == [loser]
        assert [m["name"] for m in got["members"]] == ["Anna", "Ben", "Cem"]
        again = httpx.get(
            f"{server.url}/api/pub/{pub_id}", headers={"x-pub-token": pub_token}, timeout=10
        )
        assert again.status_code == 200, again.text
    finally:
        server.stop()
