"""A server you can put on the internet (issue 11), against a real server: storage that fails,
bots that think too long, clients that do not read, secrets, other sites, limits, restores.

Every test starts ``schocken serve`` (tests/server_helpers.py) with the options it is about.
"""

from __future__ import annotations

import asyncio
import contextlib
import io
import json
import os
import socket
import sqlite3
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import segno
import websockets
from websockets.exceptions import ConnectionClosed, InvalidStatus

from schocken.record import parse_record
from server_helpers import (
    GENEROUS,
    Client,
    RawWebSocket,
    Server,
    hello,
    play_until_over,
    running,
    simple_choice,
    stored_change,
)

pytestmark = pytest.mark.usefixtures("engine")
"""Every test here runs on each storage engine: a SQLite file, and a PostgreSQL database
(``engine``, tests/conftest.py); one that reads the SQLite file itself is ``sqlite_only``."""

SRC = Path(__file__).resolve().parents[1] / "src"


def new_table(
    server: Server, names: list[str], *, seats: int | None = None, **extra: Any
) -> dict[str, Any]:
    created = server.post("/api/tables", {"name": names[0], "seats": seats or len(names), **extra})
    assert created.status_code == 200, created.text
    data: dict[str, Any] = created.json()
    tokens = [data["token"]]
    for name in names[1:]:
        joined = server.post(f"/api/tables/{data['code']}/join", {"name": name})
        assert joined.status_code == 200, joined.text
        tokens.append(joined.json()["token"])
    return {**data, "tokens": tokens}


def add_bot(server: Server, table: dict[str, Any], bot: str) -> None:
    added = server.post(f"/api/tables/{table['id']}/bots", {"token": table["token"], "bot": bot})
    assert added.status_code == 200, added.text


def start(server: Server, table: dict[str, Any]) -> None:
    started = server.post(f"/api/tables/{table['id']}/start", {"token": table["token"]})
    assert started.status_code == 200, started.text


def health(server: Server) -> dict[str, Any]:
    data: dict[str, Any] = server.get("/api/health").json()
    return data


def wait_for(condition: Any, what: str, limit: float = 30) -> None:
    """Poll until ``condition()`` holds (a deadline only against hanging, not a measurement)."""
    deadline = time.monotonic() + limit
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"never happened: {what}")
        time.sleep(0.05)


def log_text(server: Server) -> str:
    return server.log.read_text(encoding="utf-8", errors="replace")


def with_options(*options: str) -> tuple[str, ...]:
    """The generous test limits with some options of the test's own (later ones win)."""
    return (*GENEROUS, *options)


# ------------------------------------------------------------------ 1. storage


@pytest.mark.sqlite_only  # another program locks the SQLite file
async def test_an_action_that_cannot_be_stored_is_refused_and_changes_nothing(
    tmp_path: Path,
) -> None:
    db = tmp_path / "db.sqlite3"
    server = Server(db, seed=4, extra=with_options("--write-timeout", "0.2")).start()
    try:
        table = new_table(server, ["Anna", "Ben"])
        start(server, table)
        anna = await Client(server, table["id"], table["tokens"][0]).connect()
        ben = await Client(server, table["id"], table["tokens"][1]).connect()
        assert anna.state is not None and anna.state["step"] == 0
        # Another process holds the database: the server's write waits 0.2 s and fails.
        locker = sqlite3.connect(db, isolation_level=None, timeout=10)
        locker.execute("BEGIN EXCLUSIVE")
        try:
            await anna.act("throw")
            refused = await anna.error()
            assert refused["code"] == "unavailable", refused
            assert "nothing changed" in refused["message"]
            # The game is as it was, for everyone, and the connection still works.
            await anna.send({"v": 3, "type": "ping"})
            assert (await anna.recv())["type"] == "pong"
            again = await Client(server, table["id"], table["tokens"][1]).connect()
            assert again.state is not None and again.state["step"] == 0
            assert again.state["legal"] == [] and again.state["view"]["current"] == 0
            await again.close()
        finally:
            locker.execute("ROLLBACK")
            locker.close()
        # Once the database is free the same action goes through.
        await anna.act("throw")
        state = await anna.next_state()
        assert state["step"] == 1
        assert (await ben.next_state())["step"] == 1
        await anna.close()
        await ben.close()
        assert "could not be stored and was taken back" in log_text(server)
    finally:
        server.kill()
    # A restart finds every table, at the stored step.
    with running(db, seed=4) as again_server:
        assert health(again_server)["set_aside"] == 0
        back = await Client(again_server, table["id"], table["tokens"][0]).connect()
        assert back.state is not None and back.state["step"] == 1
        await back.close()
        with sqlite3.connect(db) as conn:
            (steps,) = conn.execute(
                "SELECT COUNT(*) FROM steps WHERE table_id = ?", (table["id"],)
            ).fetchone()
        assert steps == 1


async def test_a_bad_record_is_set_aside_and_every_other_table_comes_back(
    tmp_path: Path,
) -> None:
    db = tmp_path / "db.sqlite3"
    with running(db, seed=2) as server:
        good = new_table(server, ["Anna", "Ben"])
        bad = new_table(server, ["Cem", "Dora"])
        start(server, good)
        start(server, bad)
    stored_change(  # a step the game cannot take
        server,
        "INSERT INTO steps (table_id, idx, seat, action, pips) VALUES (?, 0, 1, 'stop', '[]')",
        (bad["id"],),
    )
    with running(db, seed=2) as server:
        # On PostgreSQL a new worker takes the tables of the one before once their leases have
        # run out (docs/server.md, "Many workers"): a moment after its start, not at it.
        wait_for(lambda: health(server)["set_aside"] == 1, "the bad table set aside")
        assert f"table {bad['id']} set aside" in log_text(server)
        answer = server.get(f"/api/tables/{bad['id']}")
        assert answer.status_code == 503 and "set it aside" in answer.json()["error"]
        anna = await Client(server, good["id"], good["tokens"][0]).connect()
        await anna.act("throw")
        assert (await anna.next_state())["step"] == 1
        await anna.close()


@pytest.mark.sqlite_only  # the SQLite file made unwritable
def test_a_database_that_cannot_be_written_is_refused_at_start(tmp_path: Path) -> None:
    db = tmp_path / "db.sqlite3"
    with running(db):
        pass
    subprocess.run(["chattr", "+i", str(db)], check=True)  # read-only, even for root
    try:
        done = subprocess.run(
            [sys.executable, "-m", "schocken.cli", "serve", "--port", "0", "--db", str(db)],
            capture_output=True,
            text=True,
            timeout=60,
            env={**os.environ, "PYTHONPATH": str(SRC)},
        )
    finally:
        subprocess.run(["chattr", "-i", str(db)], check=True)
    assert done.returncode == 2, done
    assert "cannot keep the tables in" in done.stderr
    assert "cannot be written" in done.stderr and "Traceback" not in done.stderr


# ------------------------------------------------------------------ 2. bots that think long


FINALE_999 = 'preset = "tsv99"\ndeckel_per_half = 1\ndeckel_in_finale = 999'


def solver_to_choose_in_finale(state: dict[str, Any]) -> bool:
    view = state["view"]
    return bool(
        view["section"] == "finale"
        and view["current"] == 1
        and view["round_kind"] == "normal"
        and view["turns"][-1]["throws"] > 0
    )


async def solver_in_finale(server: Server) -> tuple[Client, dict[str, Any]]:
    """Anna against a solver bot under FINALE_999, played until the solver has to choose in the
    Finale; tables are made until a game gets there (seeded: always the same one)."""
    for _ in range(20):
        table = new_table(server, ["Anna"], seats=2, rules_toml=FINALE_999)
        add_bot(server, table, "solver")
        anna = await Client(server, table["id"], table["tokens"][0]).connect()
        start(server, table)
        while True:
            state = await anna.next_state(timeout=30)
            if state["view"]["loser"] is not None:
                break
            if solver_to_choose_in_finale(state):
                return anna, state
            action = simple_choice(state)
            if action is not None:
                await anna.act(action)
        await anna.close()
    raise AssertionError("no game reached the Finale")


@pytest.mark.parametrize("bot", ["regular", "solver"])
@pytest.mark.alone  # holds the server to a deadline
async def test_a_solver_in_a_huge_finale_does_not_hold_up_other_tables(
    tmp_path: Path, bot: str
) -> None:
    """Another table's bot keeps moving: a pub regular (in the event loop), or a solver bot
    (its worker is busy: after 0.1 s the pub regular's rule plays its decision)."""
    with running(
        tmp_path / "db.sqlite3", seed=3, extra=with_options("--bot-budget", "4")
    ) as server:
        other = new_table(server, ["Ben"], seats=2)
        add_bot(server, other, bot)
        ben = await Client(server, other["id"], other["tokens"][0]).connect()
        start(server, other)
        await ben.next_state()
        anna, state = await solver_in_finale(server)
        thinking_at = state["step"]
        # Meanwhile Ben's table plays on: his bot moves many times before the solver does.
        bot_moves = 0
        acted = -1
        while bot_moves < 10:
            st = ben.state
            assert st is not None
            if st["view"]["loser"] is not None:
                break
            if st["step"] != acted:
                action = simple_choice(st)
                if action is not None:
                    acted = st["step"]
                    await ben.act(action)
            await ben.next_state()
            heard = ben.messages[-1].get("events", [])  # what this message brought
            bot_moves += sum(1 for e in heard if e.get("seat") == 1)
        assert bot_moves >= 10 or ben.state["view"]["loser"] is not None  # type: ignore[index]
        # The solver had not moved yet (it thinks, within its budget) ...
        assert anna.state is not None and anna.state["step"] == thinking_at
        # ... and then the pub regular's rule plays for it: the game goes on to its end.
        await play_until_over([anna])
        assert "did not decide within 4.0 s" in log_text(server)
        await anna.close()
        await ben.close()


# ------------------------------------------------------------------ 3. clients that do not read


async def test_a_client_that_does_not_read_is_dropped_and_its_table_plays_on(
    tmp_path: Path,
) -> None:
    with running(
        tmp_path / "db.sqlite3", seed=6, extra=with_options("--send-queue", "8")
    ) as server:
        table = new_table(server, ["Anna"], seats=4)
        for _ in range(3):
            add_bot(server, table, "regular")
        # A spectator that reads nothing: it asks for many answers (pings), so that what the
        # server sends it is more than 8 messages' room (32 KiB), then the table plays.
        sleeper = RawWebSocket(server, f"/ws/{table['id']}", receive_buffer=4096)
        assert sleeper.status == 101
        sleeper.send_text(hello(table["spectator_token"]))
        ping = json.dumps({"v": 3, "type": "ping", "pad": "x" * 2000}).encode()
        with contextlib.suppress(OSError):
            for _ in range(2000):
                sleeper.send_frame(ping)
        anna = await Client(server, table["id"], table["tokens"][0]).connect()
        start(server, table)
        await play_until_over([anna])
        assert anna.state is not None and anna.state["view"]["loser"] is not None
        wait_for(
            lambda: "left more than 8 messages unread" in log_text(server),
            "the sleeper was dropped",
        )
        sleeper.close()
        await anna.close()


# ------------------------------------------------------------------ 4. limits


def test_tables_per_minute_and_open_tables_are_limited(tmp_path: Path) -> None:
    options = with_options("--tables-per-minute", "3")
    with running(tmp_path / "db.sqlite3", extra=options) as server:
        for i in range(3):
            assert server.post("/api/tables", {"name": f"A{i}"}).status_code == 200
        refused = server.post("/api/tables", {"name": "A9"})
        assert refused.status_code == 429
        assert "at most 3 new tables a minute" in refused.json()["error"]
    options = with_options("--max-tables", "2")
    with running(tmp_path / "db2.sqlite3", extra=options) as server:
        for i in range(2):
            assert server.post("/api/tables", {"name": f"A{i}"}).status_code == 200
        full = server.post("/api/tables", {"name": "A9"})
        assert full.status_code == 503 and "as many tables as it can take" in full.json()["error"]


async def refused_connection(server: Server, table: str, token: str) -> tuple[dict[str, Any], int]:
    """Connect and say hello; the server's error and its close code."""
    async with websockets.connect(f"ws://127.0.0.1:{server.port}/ws/{table}") as ws:
        with contextlib.suppress(ConnectionClosed):
            await ws.send(hello(token))
        message = json.loads(await asyncio.wait_for(ws.recv(), 10))
        with pytest.raises(ConnectionClosed):
            await asyncio.wait_for(ws.recv(), 10)
        assert ws.close_code is not None
        return message, ws.close_code


async def refused_or_state(server: Server, table: str, token: str) -> tuple[dict[str, Any], int]:
    async with websockets.connect(f"ws://127.0.0.1:{server.port}/ws/{table}") as ws:
        await ws.send(hello(token))
        message = json.loads(await asyncio.wait_for(ws.recv(), 10))
        return message, 0


async def test_connections_per_token_and_per_address_are_limited(tmp_path: Path) -> None:
    options = with_options("--conns-per-token", "2", "--conns-per-address", "3")
    with running(tmp_path / "db.sqlite3", extra=options) as server:
        table = new_table(server, ["Anna", "Ben"])
        a1 = await Client(server, table["id"], table["tokens"][0]).connect()
        a2 = await Client(server, table["id"], table["tokens"][0]).connect()
        message, code = await refused_connection(server, table["id"], table["tokens"][0])
        assert message["code"] == "too_many_connections" and code == 4429
        assert "at most 2 connections with one token" in message["message"]
        b1 = await Client(server, table["id"], table["tokens"][1]).connect()
        # One too many from the address is refused in the handshake, before any hello.
        with pytest.raises(InvalidStatus) as refused:
            async with websockets.connect(f"ws://127.0.0.1:{server.port}/ws/{table['id']}"):
                pass
        assert refused.value.response.status_code == 429
        assert json.loads(refused.value.response.body or b"") == {
            "error": "at most 3 connections from one address"
        }
        for c in (a1, a2, b1):
            await c.close()
        # Closed connections no longer count (once the server has seen them close).
        for _ in range(100):
            message, _ = await refused_or_state(server, table["id"], table["tokens"][0])
            if message["type"] == "state":
                break
            await asyncio.sleep(0.05)
        assert message["type"] == "state"


async def test_a_flood_of_messages_is_refused_then_closed(tmp_path: Path) -> None:
    options = with_options("--msg-rate", "5")
    with running(tmp_path / "db.sqlite3", extra=options) as server:
        table = new_table(server, ["Anna", "Ben"])
        ben = await Client(server, table["id"], table["tokens"][1]).connect()
        async with websockets.connect(f"ws://127.0.0.1:{server.port}/ws/{table['id']}") as ws:
            await ws.send(hello(table["tokens"][0]))
            await ws.recv()
            ping = json.dumps({"v": 3, "type": "ping"})
            with contextlib.suppress(ConnectionClosed):
                for _ in range(200):
                    await ws.send(ping)
            replies: list[dict[str, Any]] = []
            with contextlib.suppress(ConnectionClosed):
                while True:
                    replies.append(json.loads(await asyncio.wait_for(ws.recv(), 10)))
            assert ws.close_code == 4429
        kinds = [r.get("code", r["type"]) for r in replies]
        assert "pong" in kinds and "rate_limited" in kinds
        assert any("at most 5 a second" in r.get("message", "") for r in replies)
        # Another connection was not held up.
        await ben.send({"v": 3, "type": "ping"})
        assert (await ben.recv())["type"] == "pong"
        await ben.close()


def raw_http(server: Server, request: bytes, *, wait: float = 30) -> bytes:
    with socket.create_connection(("127.0.0.1", server.port), timeout=wait) as sock:
        sock.sendall(request)
        answer = b""
        with contextlib.suppress(TimeoutError, ConnectionResetError):
            while chunk := sock.recv(65536):
                answer += chunk
                if b"\r\n\r\n" in answer and b'"}' in answer:
                    break
        return answer


async def test_a_player_acting_faster_than_the_message_rate_is_slowed_not_refused(
    tmp_path: Path,
) -> None:
    """A player who acts as soon as the game lets them, at a table whose bot moves at once, sends
    more than ``--msg-rate`` messages a second: their legal actions wait their turn in the rate
    instead of being refused (a refused move left the table waiting for that player: issue 21,
    item 10). The game is played to its end and no message of theirs is refused."""
    options = with_options("--msg-rate", "3")
    short = 'preset = "tsv99"\ndeckel_per_half = 2\ndeckel_in_finale = 2'
    with running(tmp_path / "db.sqlite3", seed=4, extra=options) as server:
        table = new_table(server, ["Anna"], seats=2, rules_toml=short)
        add_bot(server, table, "regular")
        anna = await Client(server, table["id"], table["tokens"][0]).connect()
        start(server, table)
        acted, actions = -1, 0
        while True:
            message = await anna.recv(timeout=30)
            assert message["type"] != "error", message
            if message["type"] not in ("state", "update", "table"):
                continue
            state = anna.state
            assert state is not None and state["view"] is not None
            if state["view"]["loser"] is not None:
                break
            if state["step"] != acted:
                action = simple_choice(state)
                if action is not None:
                    acted = state["step"]
                    actions += 1
                    await anna.act(action)
        assert actions > 12  # twice the six the rate lets through at once
        await anna.close()


def test_request_bodies_are_limited_while_they_are_read(tmp_path: Path) -> None:
    with running(tmp_path / "db.sqlite3", extra=with_options("--max-body", "1000")) as server:
        # Said to be 400 MB: refused at once, before a byte of it is read.
        head = (
            b"POST /api/tables HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
            b"Content-Length: 400000000\r\n\r\n{"
        )
        answer = raw_http(server, head)
        assert answer.startswith(b"HTTP/1.1 413"), answer[:200]
        assert b"at most 1000 bytes" in answer

        # Sent in chunks, without a length: refused once it is past the limit.
        def chunks() -> Iterator[bytes]:
            for _ in range(100):
                yield b" " * 100

        refused = httpx.post(
            server.url + "/api/tables",
            content=chunks(),
            headers={"content-type": "application/json"},
            timeout=10,
        )
        assert refused.status_code == 413


def test_half_sent_requests_are_cut_off_and_the_server_answers_meanwhile(tmp_path: Path) -> None:
    with running(tmp_path / "db.sqlite3", extra=with_options("--request-timeout", "1")) as server:
        slow = [socket.create_connection(("127.0.0.1", server.port)) for _ in range(50)]
        for sock in slow:
            sock.sendall(b"GET /api/health HTTP/1.1\r\nHost: x\r\n")  # never finished
        assert health(server)["ok"] is True
        for sock in slow:
            sock.settimeout(30)
            assert sock.recv(100) == b""  # closed by the server
            sock.close()
        # A WebSocket that never says hello is closed too.
        raw = RawWebSocket(server, "/ws/anything")
        assert raw.status == 101
        raw.sock.settimeout(30)
        data = raw.sock.recv(1000)
        assert b"hello_first" in data
        raw.close()


async def test_tables_nobody_uses_leave_memory_and_come_back(tmp_path: Path) -> None:
    options = with_options("--idle-timeout", "1")
    with running(tmp_path / "db.sqlite3", seed=8, extra=options) as server:
        idle = new_table(server, ["Anna", "Ben"])
        start(server, idle)
        wait_for(lambda: health(server)["tables"] == 0, "the idle table left memory")
        # A returning player resumes it where it was.
        anna = await Client(server, idle["id"], idle["tokens"][0]).connect()
        assert anna.state is not None and anna.state["view"]["current"] == 0
        await anna.act("throw")
        assert (await anna.next_state())["step"] == 1
        assert health(server)["tables"] == 1
        await anna.close()

        # A finished game leaves memory once nobody is connected; its record stays.
        done = new_table(server, ["Cem"], seats=2)
        add_bot(server, done, "regular")
        cem = await Client(server, done["id"], done["tokens"][0]).connect()
        start(server, done)
        await play_until_over([cem])
        await cem.close()
        wait_for(lambda: health(server)["tables"] == 0, "the finished table left memory")
        record = server.get(f"/api/tables/{done['id']}/record")
        assert record.status_code == 200
        assert parse_record(record.text).outcome is not None


# ------------------------------------------------------------------ 5. QR and links


def test_the_qr_code_and_links_come_from_the_public_url(tmp_path: Path) -> None:
    public = "https://schocken.example.org"
    with running(tmp_path / "db.sqlite3", extra=with_options("--public-url", public)) as server:
        table = new_table(server, ["Anna"], seats=2)
        assert table["invite_url"] == f"{public}/join/{table['code']}"
        expected = io.BytesIO()
        segno.make(table["invite_url"], error="m").save(
            expected, kind="svg", scale=6, dark="#111", light="#fff"
        )
        for host in ("evil.example", "x" * 5000):
            answer = httpx.get(
                server.url + f"/api/tables/{table['code']}/qr.svg",
                headers={"host": host},
                timeout=10,
            )
            assert answer.status_code == 200
            assert answer.content == expected.getvalue()
        assert server.get(f"/api/tables/{table['id']}").json()["invite_url"] == table["invite_url"]


def test_a_bad_public_url_is_refused_at_start(tmp_path: Path) -> None:
    for bad in ("ftp://x", "http://" + "x" * 300, "http://a b"):
        done = subprocess.run(
            [sys.executable, "-m", "schocken.cli", "serve", "--port", "0", "--public-url", bad],
            capture_output=True,
            text=True,
            timeout=60,
            cwd=tmp_path,
            env={**os.environ, "PYTHONPATH": str(SRC)},
        )
        assert done.returncode == 2 and "public URL" in done.stderr, done


# ------------------------------------------------------------------ 6. secrets


async def test_no_token_reaches_the_log(tmp_path: Path) -> None:
    with running(tmp_path / "db.sqlite3", log_level="info") as server:
        table = new_table(server, ["Anna", "Ben"])
        start(server, table)
        clients = [await Client(server, table["id"], t).connect() for t in table["tokens"]]
        await clients[0].act("throw")
        await clients[0].next_state()
        # An old client that puts its token into the URL: the log blanks it.
        secret = table["spectator_token"]
        async with websockets.connect(
            f"ws://127.0.0.1:{server.port}/ws/{table['id']}?token={secret}&lang=en"
        ) as ws:
            await ws.send(hello(secret))
            await ws.recv()
        for c in clients:
            await c.close()
        server.get(f"/api/tables/{table['id']}?token={table['tokens'][1]}")
    log = log_text(server)
    assert "WebSocket /ws/" in log and "token=[redacted]" in log
    for token in (*table["tokens"], secret):
        assert token not in log


# ------------------------------------------------------------------ 7. other sites


async def test_pages_of_other_sites_cannot_play_or_post(tmp_path: Path) -> None:
    with running(tmp_path / "db.sqlite3") as server:
        table = new_table(server, ["Anna", "Ben"])
        uri = f"ws://127.0.0.1:{server.port}/ws/{table['id']}"
        with pytest.raises(InvalidStatus) as refused:
            async with websockets.connect(uri, origin="https://evil.example"):  # type: ignore[arg-type]
                pass
        assert refused.value.response.status_code == 403
        # The server's own page may.
        async with websockets.connect(uri, origin=server.url) as ws:  # type: ignore[arg-type]
            await ws.send(hello(table["tokens"][0]))
            assert json.loads(await ws.recv())["type"] == "state"
        # A form post from another site (not JSON, or with a foreign Origin) changes nothing.
        plain = httpx.post(
            server.url + f"/api/tables/{table['code']}/join",
            content=json.dumps({"name": "Eve"}),
            headers={"content-type": "text/plain"},
        )
        assert plain.status_code == 415 and "application/json" in plain.json()["error"]
        foreign = httpx.post(
            server.url + f"/api/tables/{table['code']}/join",
            json={"name": "Eve"},
            headers={"origin": "https://evil.example"},
        )
        assert foreign.status_code == 403
        seats = server.get(f"/api/tables/{table['id']}").json()["seats"]
        assert [s["name"] for s in seats] == ["Anna", "Ben"]


def test_every_page_has_the_security_headers(tmp_path: Path) -> None:
    with running(tmp_path / "db.sqlite3") as server:
        for path in ("/", "/static/app.js", "/api/health", "/t/x", "/api/tables/nope"):
            headers = server.get(path).headers
            csp = headers["content-security-policy"]
            assert "script-src 'self'" in csp and "frame-ancestors 'none'" in csp
            assert headers["x-content-type-options"] == "nosniff"
            assert headers["x-frame-options"] == "DENY"
            assert headers["referrer-policy"] == "no-referrer"


# ------------------------------------------------------------------ 8. seeded restores


async def play_steps(client: Client, steps: int | None) -> None:
    """The client plays (bots answer) until the game has ``steps`` steps or is over."""
    acted = -1
    while True:
        st = client.state
        assert st is not None
        if st["view"] is None:  # the lobby, before the start reached this client
            await client.next_state(timeout=30)
            continue
        if st["view"]["loser"] is not None or (steps is not None and st["step"] >= steps):
            return
        if st["step"] != acted:
            action = simple_choice(st)
            if action is not None:
                acted = st["step"]
                await client.act(action)
        await client.next_state(timeout=30)


async def seeded_game(db: Path, kill_at: list[int]) -> str:
    """A seeded game of Anna against a random and a regular bot (which buy in), the server
    killed and restarted at each of ``kill_at`` steps; the game's record."""
    house = 'preset = "schock4life"\neinwuerfeln = true'
    server = Server(db, seed=21).start()
    try:
        table = new_table(server, ["Anna"], seats=3, rules_toml=house)
        add_bot(server, table, "random")
        add_bot(server, table, "random")
        anna = await Client(server, table["id"], table["tokens"][0]).connect()
        start(server, table)
        for step in kill_at:
            await play_steps(anna, step)
            server.kill()
            server = Server(db, seed=21).start()
            anna = await Client(server, table["id"], table["tokens"][0]).connect()
        await play_steps(anna, None)
        await anna.close()
        record = server.get(f"/api/tables/{table['id']}/record")
        assert record.status_code == 200
        return record.text
    finally:
        server.stop()


async def test_a_seeded_game_restored_after_kills_is_the_same_game(tmp_path: Path) -> None:
    straight = await seeded_game(tmp_path / "a.sqlite3", [])
    restored = await seeded_game(tmp_path / "b.sqlite3", [5, 23, 40])
    assert parse_record(restored).steps == parse_record(straight).steps
    # Random bots chose in it (else the test would prove little).
    assert len(parse_record(straight).steps) > 40


# ------------------------------------------------------------------ 9. names and frames


def test_names_that_look_like_another_are_refused(tmp_path: Path) -> None:
    with running(tmp_path / "db.sqlite3") as server:
        table = new_table(server, ["Anna"], seats=4)
        for name in ("\u0410nna", "ANNA", "\uff21nna"):
            answer = server.post(f"/api/tables/{table['code']}/join", {"name": name})
            assert answer.status_code == 400 and "is taken" in answer.json()["error"], name
        stacked = server.post(f"/api/tables/{table['code']}/join", {"name": "a" + "\u0301" * 39})
        assert stacked.status_code == 400 and "accents" in stacked.json()["error"]


def test_an_invalid_frame_is_logged_in_one_line(tmp_path: Path) -> None:
    with running(tmp_path / "db.sqlite3") as server:
        table = new_table(server, ["Anna", "Ben"])
        raw = RawWebSocket(server, f"/ws/{table['id']}")
        raw.send_text(hello(table["tokens"][0]))
        raw.send_frame(b'{"v": 3, "type": "ping", "x": "\xff\xfe"}')
        raw.sock.settimeout(30)
        raw.read_to_end()
        raw.close()
        assert health(server)["ok"] is True
    log = log_text(server)
    assert "sent a text frame that is not UTF-8: connection closed" in log
    assert "Traceback" not in log


def test_lan_listens_on_the_network_and_links_carry_the_lan_address(tmp_path: Path) -> None:
    from schocken.server.net import lan_address

    proc = subprocess.Popen(
        [sys.executable, "-m", "schocken.cli", "serve", "--lan", "--port", "0", "--data", "d"],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
        cwd=tmp_path,
        env={**os.environ, "PYTHONPATH": str(SRC)},
    )
    try:
        assert proc.stdout is not None
        first = proc.stdout.readline()
        second = proc.stdout.readline()
    finally:
        proc.terminate()
        proc.wait(timeout=30)
    assert first.startswith("Schocken server on http://0.0.0.0:")
    port = first.split("http://0.0.0.0:")[1].split("/")[0]
    assert second.strip() == f"Players join at http://{lan_address()}:{port}/"


# ------------------------------------------------------------------ bad input gets words


def test_bad_input_gets_words_not_a_500_and_changes_nothing(tmp_path: Path) -> None:
    """Issue 29, item 6: a tournament's rules as POST /api/tables takes them (a preset's name;
    a wrong one refused in words, not a 500); fields POST /api/tables does not read (a seed,
    dice, a commitment) refused, not dropped; a fine for a member who has left refused by the
    server, as the page holds it back. Each in English and German, nothing changed."""

    def post(path: str, body: dict[str, Any], lang: str = "en") -> httpx.Response:
        return httpx.post(
            server.url + path, json=body, headers={"cookie": f"schocken-lang={lang}"}, timeout=30
        )

    with running(tmp_path / "db.sqlite3") as server:
        made = server.post("/api/clubs", {"name": "Krone"}).json()
        slug, session = made["club"]["slug"], made["session"]
        base = {"session": session, "date": "2026-11-27", "format": "werl"}
        ok = post(f"/api/clubs/{slug}/tournaments", {**base, "name": "Pokal", "rules": "tsv99"})
        assert ok.status_code == 200, ok.text
        assert ok.json()["tournament"]["rules"]["preset"] == "tsv99"
        for lang, words in (("en", "unknown preset 'tsv98'"), ("de", "unbekanntes Regelwerk")):
            bad = post(
                f"/api/clubs/{slug}/tournaments",
                {**base, "name": "Cup", "rules": "tsv98"},
                lang,
            )
            assert bad.status_code == 400 and words in bad.json()["error"], bad.text
        bad = post(f"/api/clubs/{slug}/tournaments", {**base, "name": "Cup", "rules": 7})
        assert bad.status_code == 400 and "preset name or {preset, overrides}" in bad.text
        listed = httpx.get(
            f"{server.url}/api/clubs/{slug}/tournaments",
            headers={"x-club-session": session},
            timeout=10,
        ).json()
        assert [t["name"] for t in listed["tournaments"]] == ["Pokal"]

        for field, value in (("seed", "00" * 32), ("dice", [6, 6, 6]), ("commitment", "ab")):
            for lang, words in (
                ("en", f"a new table does not take '{field}'"),
                ("de", f"ein neuer Tisch nimmt '{field}' nicht an"),
            ):
                bad = post("/api/tables", {"name": "Anna", field: value}, lang)
                assert bad.status_code == 400 and words in bad.json()["error"], bad.text
        assert server.get("/api/health").json()["tables"] == 0

        for name in ("Anna", "Ben"):
            post(f"/api/clubs/{slug}/members", {"session": session, "name": name})
        post(f"/api/clubs/{slug}/fine-items", {"session": session, "name": "Spinksen", "cents": 50})
        left = post(
            f"/api/clubs/{slug}/members/leave",
            {"session": session, "name": "Ben", "date": "2026-11-20"},
        )
        assert left.status_code == 200, left.text
        fine = {"session": session, "member": "Ben", "fine": "Spinksen", "date": "2026-11-20"}
        for lang, words in (
            ("en", "Ben left the club on 2026-11-20: no fine on 2026-11-20"),
            ("de", "Ben ist am 2026-11-20 ausgetreten: keine Strafe am 2026-11-20"),
        ):
            bad = post(f"/api/clubs/{slug}/fines", fine, lang)
            assert bad.status_code == 400 and words in bad.json()["error"], bad.text
        earlier = post(f"/api/clubs/{slug}/fines", {**fine, "date": "2026-11-19"})
        assert earlier.status_code == 200, earlier.text
        bad = post(f"/api/clubs/{slug}/fines", {**fine, "anyway": "yes"})
        assert bad.status_code == 400 and "'anyway' is true or false" in bad.json()["error"]
        # The treasurer's decision on a held offline entry ("Book anyway"): on purpose, taken.
        anyway = post(f"/api/clubs/{slug}/fines", {**fine, "anyway": True})
        assert anyway.status_code == 200, anyway.text
        book = httpx.get(
            f"{server.url}/api/clubs/{slug}", headers={"x-club-session": session}, timeout=10
        ).json()
        ben = next(b for b in book["balances"] if b["member"] == "Ben")
        assert ben["charged"] == 100
