"""The game server on each storage engine (a SQLite file; a PostgreSQL server the tests start
themselves): a game played through WebSockets with a kill -9 half way goes on to the same record
as the game played without one; the club's book and a pub game outlive a restart; the turn
timer's deadline does too. The rest of the server's tests run on SQLite."""

from __future__ import annotations

import asyncio
import time
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


async def test_an_entry_sent_again_is_applied_once_also_after_a_restart(
    where: dict[str, Any],
) -> None:
    """A phone's queue sent twice (its answers lost, or the server restarted in between): every
    fine, payment, pub game and turn is in the book and the game once."""
    fine_id, pay_id, turn_id = (f"{kind}-0b6f3c1e-9a8d-4c55" for kind in ("fine", "pay", "turn"))
    pub_id, pub_token = "phoneMadeId12", "phone-made-token-0123456789"
    server = Server(**where).start()
    try:
        made = server.post("/api/clubs", {"name": "Krone"}).json()
        slug, session = made["club"]["slug"], made["session"]
        headers = {"x-club-session": session}
        for name in ("Anna", "Ben"):
            server.post(f"/api/clubs/{slug}/members", {"session": session, "name": name})
        server.post(
            f"/api/clubs/{slug}/fine-items", {"session": session, "name": "Spinksen", "cents": 100}
        )
        server.post(f"/api/clubs/{slug}/evenings", {"session": session, "date": "2026-11-27"})

        def send_all() -> list[httpx.Response]:
            fine = {"member": "Ben", "fine": "Spinksen", "count": 2, "date": "2026-11-27"}
            pay = {"member": "Ben", "cents": 150, "date": "2026-11-27"}
            game = {"id": pub_id, "token": pub_token, "players": ["Anna", "Ben"], "rules": "tsv99"}
            turn = {"token": pub_token, "dice": [6, 5, 3], "throws": 1, "seat": 0}
            return [
                httpx.post(f"{server.url}/api/clubs/{slug}/fines", json=fine,
                           headers={**headers, "x-entry-id": fine_id}, timeout=10),
                httpx.post(f"{server.url}/api/clubs/{slug}/payments", json=pay,
                           headers={**headers, "x-entry-id": pay_id}, timeout=10),
                httpx.post(f"{server.url}/api/pub", json=game, timeout=10),
                httpx.post(f"{server.url}/api/pub/{pub_id}/turn", json=turn,
                           headers={"x-entry-id": turn_id}, timeout=10),
            ]  # fmt: skip

        first = send_all()
        assert [r.status_code for r in first] == [200] * 4, [r.text for r in first]
        assert [r.json()["entry"]["repeated"] for r in first] == [False] * 4
        again = send_all()
        assert [r.json()["entry"]["repeated"] for r in again] == [True] * 4
        assert again[0].json()["done"] == first[0].json()["done"]
        server.kill()
        server = Server(**where).start()
        after = send_all()
        assert [r.status_code for r in after] == [200] * 4, [r.text for r in after]
        assert [r.json()["entry"]["repeated"] for r in after] == [True] * 4
        book = httpx.get(f"{server.url}/api/clubs/{slug}", headers=headers, timeout=10).json()
        ben = next(b for b in book["balances"] if b["member"] == "Ben")
        assert (ben["charged"], ben["paid"]) == (200, 150)
        assert [x["item"] for x in book["ledger"]] == ["charge", "payment"]
        pub = after[3].json()
        assert pub["entries"] == 1 and pub["state"]["seat"] == 1
        # Another phone's token for the same id is refused; so is a turn meant for Anna.
        other = server.post("/api/pub", {"id": pub_id, "token": "another-token-0123456789",
                                         "players": ["Anna", "Ben"], "rules": "tsv99"})  # fmt: skip
        assert other.status_code == 409, other.text
        wrong = httpx.post(f"{server.url}/api/pub/{pub_id}/turn?lang=en", json={
            "token": pub_token, "dice": [6, 5, 3], "throws": 1, "seat": 0,
        }, headers={"x-entry-id": "turn-2-0b6f3c1e"}, timeout=10)  # fmt: skip
        assert wrong.status_code == 400 and "Ben" in wrong.json()["error"], wrong.text
    finally:
        server.stop()


@pytest.mark.alone  # holds the server to a deadline
async def test_the_turn_timer_goes_on_from_what_was_left_after_a_restart(
    where: dict[str, Any],
) -> None:
    """The deadline of the decision under way is stored with the table: a server killed and
    started again on the same file (or database) counts down to the same deadline (not the
    whole time anew), and at it the stand-in plays and the log says so."""
    total = 8
    server = Server(**where, seed=4).start()
    try:
        table = new_table(server, ["Anna", "Ben"], turn_timer=total)
        tid, tokens = table["id"], table["tokens"]
        anna = await Client(server, tid, tokens[0]).connect()
        server.post(f"/api/tables/{tid}/start", {"token": tokens[0]})
        started = await anna.next_state()
        step, current, clock = started["step"], started["view"]["current"], started["timer"]
        deadline = time.time() + clock["left"]  # as this client reads it (to a tenth)
        server.kill()  # no chance to store anything more
        await anna.close()
        # Wait until at least 3 s of the 8 are gone, then the same file again.
        await asyncio.sleep(max(0.0, deadline - (total - 3) - time.time()))
        server = Server(**where, seed=4).start()
        ben = await Client(server, tid, tokens[1], lang="de").connect()
        assert ben.state is not None and ben.state["step"] == step
        timer = ben.state["timer"]
        assert timer["seat"] == current and timer["total"] == total
        assert timer["left"] <= total - 3, timer  # not the whole time anew
        assert abs(time.time() + timer["left"] - deadline) < 1, (timer, deadline)
        # At the deadline the stand-in plays for the player whose turn it was.
        while ben.state["step"] == step:
            await ben.next_state(timeout=total + 5)
        name = ["Anna", "Ben"][current]
        said = [x for x in ben.state["log"] if x["key"] == "stand_in"]
        assert [x["text"] for x in said] == [
            f"Die Vertretung spielte für {name}: alle drei werfen."
        ]
        thrown = ben.state["events"][said[0]["n"] - 1]
        assert thrown["type"] == "Thrown" and thrown["seat"] == current
        await ben.close()
    finally:
        server.stop()
