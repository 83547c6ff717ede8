"""Nobody can stall the server or read what isn't theirs (issue 21), against a real server:
WebSockets that never say hello are limited from their upgrade (item 4), no secret reaches the
log and no token is kept in the SQLite file as it was given out (item 9), and the app starts and
stops without deprecated hooks.

Every test starts ``schocken serve`` (tests/server_helpers.py) with the options it is about.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import sqlite3
import struct
from contextlib import closing
from pathlib import Path
from typing import Any

import httpx
import pytest
import websockets

from server_helpers import GENEROUS, RawWebSocket, Server, hello, running

pytestmark = pytest.mark.usefixtures("engine")
"""Every test here runs on each storage engine: a SQLite file, and a PostgreSQL database
(``engine``, tests/conftest.py); one that reads the SQLite file itself is ``sqlite_only``."""


def new_table(server: Server, names: list[str]) -> dict[str, Any]:
    created = server.post("/api/tables", {"name": names[0], "seats": len(names)})
    assert created.status_code == 200, created.text
    data: dict[str, Any] = created.json()
    tokens = [data["token"]]
    for name in names[1:]:
        joined = server.post(f"/api/tables/{data['code']}/join", {"name": name})
        assert joined.status_code == 200, joined.text
        tokens.append(joined.json()["token"])
    return {**data, "tokens": tokens}


def new_pub_game(server: Server) -> dict[str, Any]:
    created = server.post("/api/pub", {"players": ["Anna", "Ben"]})
    assert created.status_code == 200, created.text
    data: dict[str, Any] = created.json()
    return data


def frames(data: bytes) -> list[tuple[int, bytes]]:
    """The frames a server sent (opcode and payload; a server's frames are not masked)."""
    out: list[tuple[int, bytes]] = []
    at = 0
    while at + 2 <= len(data):
        opcode, n = data[at] & 0x0F, data[at + 1] & 0x7F
        at += 2
        if n == 126:
            (n,) = struct.unpack("!H", data[at : at + 2])
            at += 2
        elif n == 127:
            (n,) = struct.unpack("!Q", data[at : at + 8])
            at += 8
        out.append((opcode, data[at : at + n]))
        at += n
    return out


def rest(raw: RawWebSocket) -> bytes:
    """What the server sent after the handshake's answer, until it ended the connection."""
    received = b""
    while chunk := raw.sock.recv(65536):
        received += chunk
    return received


def what_came(raw: RawWebSocket) -> tuple[list[dict[str, Any]], int | None]:
    """Everything the server sent after the handshake until it ended the connection: its
    messages and its close code (``None``: no close frame)."""
    messages, code = [], None
    for opcode, payload in frames(rest(raw)):
        if opcode == 1:
            messages.append(json.loads(payload))
        elif opcode == 8:
            code = int.from_bytes(payload[:2], "big")
    return messages, code


async def said_hello(server: Server, table: str, token: str) -> dict[str, Any]:
    """Connect, say hello with ``token``: the first message the server answers."""
    async with websockets.connect(f"ws://127.0.0.1:{server.port}/ws/{table}") as ws:
        await ws.send(hello(token))
        message: dict[str, Any] = json.loads(await asyncio.wait_for(ws.recv(), 10))
        return message


# ------------------------------------------------------------------ 4. WebSockets without hello


@pytest.mark.alone  # holds the server to a deadline
def test_websockets_without_a_hello_are_counted_from_their_upgrade_and_closed(
    tmp_path: Path,
) -> None:
    # The hello's time is short, a request's long: what closes the silent ones is the former.
    options = (
        *GENEROUS,
        "--conns-per-address",
        "8",
        "--hello-timeout",
        "3",
        "--request-timeout",
        "120",
    )
    with running(tmp_path / "db.sqlite3", extra=options) as server:
        table = new_table(server, ["Anna", "Ben"])
        silent = [RawWebSocket(server, f"/ws/{table['id']}") for _ in range(20)]
        # Each is timed out long after the hello's time, long before a request's.
        for raw in silent:
            raw.sock.settimeout(60)
        # The first eight are WebSockets; the other twelve were over the limit of one address
        # before any hello, and refused in the handshake with the reason.
        assert [raw.status for raw in silent] == [101] * 8 + [429] * 12
        for raw in silent[8:]:
            assert json.loads(rest(raw)) == {"error": "at most 8 connections from one address"}
        # The server answers meanwhile.
        assert server.get("/api/health").status_code == 200
        # The eight waited for their hello and were closed without one.
        for raw in silent[:8]:
            messages, code = what_came(raw)
            assert code == 4400
            assert [m["code"] for m in messages] == ["hello_first"]
            assert messages[0]["message"] == "no hello in time"
        for raw in silent:
            raw.close()
        # Gone, they count no more: a player's connection is let in.
        assert asyncio.run(said_hello(server, table["id"], table["tokens"][0]))["type"] == "state"


@pytest.mark.alone  # holds the server to a deadline
def test_websockets_count_towards_max_connections(tmp_path: Path) -> None:
    options = (*GENEROUS, "--max-connections", "12", "--hello-timeout", "1")
    with running(tmp_path / "db.sqlite3", extra=options) as server:
        silent = [RawWebSocket(server, "/ws/anything") for _ in range(20)]
        for raw in silent:
            raw.sock.settimeout(60)
        statuses = [raw.status for raw in silent]
        upgraded = [raw for raw in silent if raw.status == 101]
        refused = [raw for raw in silent if raw.status != 101]
        # At most twelve connections in all, the WebSockets among them; the others are refused
        # in the handshake, with the reason.
        assert 1 <= len(upgraded) < 12, statuses
        assert {raw.status for raw in refused} == {503}, statuses
        for raw in refused:
            assert rest(raw).endswith(
                b"the server has as many connections as it can take; try again later"
            )
        # The upgraded ones are closed for want of a hello; then the server answers again.
        for raw in upgraded:
            assert what_came(raw)[1] == 4400
        for raw in silent:
            raw.close()
        for _ in range(200):
            answer = httpx.get(server.url + "/api/health", timeout=10)
            if answer.status_code == 200:
                break
        assert answer.status_code == 200


# ------------------------------------------------------------------ 9. secrets


def test_no_secret_parameter_reaches_the_access_log(tmp_path: Path) -> None:
    secrets = {
        "session": "sessionvalue1",
        "secret": "secretvalue2",
        "password": "passwordvalue3",
        "pub_token": "pubtokenvalue4",
        "spectate": "spectatevalue5",
        "x-club-session": "headervalue6",
    }
    # The access log goes to the server's standard output: here into its log with the rest.
    into_log = "import sys\nsys.stdout = sys.stderr"
    with running(tmp_path / "db.sqlite3", log_level="info", prelude=into_log) as server:
        query = "&".join(f"{name}={value}" for name, value in secrets.items())
        assert server.get(f"/api/health?{query}&lang=de").status_code == 200
        server.get("/api/clubs/krone?session=abc&secret=def")
        raw = RawWebSocket(server, "/ws/anything?session=wsvalue7&token=wsvalue8")
        raw.close()
    log = server.log.read_text(encoding="utf-8", errors="replace")
    assert "GET /api/health?session=[redacted]&secret=[redacted]" in log
    assert "&lang=de" in log  # what is no secret stays
    assert "/api/clubs/krone?session=[redacted]&secret=[redacted]" in log
    for value in (*secrets.values(), "=abc", "=def", "wsvalue7", "wsvalue8"):
        assert value not in log


def file_bytes(db: Path) -> bytes:
    """The SQLite file with its journal and index (whatever of them is there)."""
    return b"".join(p.read_bytes() for p in db.parent.glob(db.name + "*") if p.suffix != ".log")


def sha256(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


@pytest.mark.sqlite_only  # the SQLite file's bytes are searched for tokens
async def test_tokens_are_kept_as_hashes_and_open_their_seats_after_a_restart(
    tmp_path: Path,
) -> None:
    db = tmp_path / "db.sqlite3"
    with running(db) as server:
        table = new_table(server, ["Anna", "Ben"])
        pub = new_pub_game(server)
    given = [*table["tokens"], table["spectator_token"], pub["token"]]
    stored = file_bytes(db)
    for token in given:
        assert token.encode() not in stored
        assert sha256(token).encode() in stored
    with running(db) as server:
        for seat, token in enumerate(table["tokens"]):
            state = await said_hello(server, table["id"], token)
            assert state["type"] == "state" and state["you"]["seat"] == seat
        watching = await said_hello(server, table["id"], table["spectator_token"])
        assert watching["type"] == "state" and watching["you"]["seat"] is None
        # The hash as a token opens nothing.
        refused = await said_hello(server, table["id"], sha256(table["tokens"][0]))
        assert refused["code"] == "denied"
        kept = httpx.get(
            f"{server.url}/api/pub/{pub['id']}", headers={"x-pub-token": pub["token"]}, timeout=10
        )
        assert kept.status_code == 200
        wrong = httpx.get(
            f"{server.url}/api/pub/{pub['id']}",
            headers={"x-pub-token": sha256(pub["token"])},
            timeout=10,
        )
        assert wrong.status_code == 403


def as_older_version(db: Path, tokens: dict[str, str], pub_token: str) -> None:
    """Write the file as the version before kept it: every seat's token, the spectator token and
    the pub game's token as given (``tokens``: by their hashes)."""
    with closing(sqlite3.connect(db)) as conn, conn:
        for table_id, text in conn.execute("SELECT id, data FROM tables").fetchall():
            data = json.loads(text)
            for seat in data["seats"]:
                hashed = seat.pop("token_hash", None)
                seat["token"] = tokens.get(hashed, seat.get("token"))
            hashed = data.pop("spectator_hash", None)
            data["spectator_token"] = tokens.get(hashed, data.get("spectator_token"))
            conn.execute("UPDATE tables SET data = ? WHERE id = ?", (json.dumps(data), table_id))
        columns = {c[1] for c in conn.execute("PRAGMA table_info(pub_games)")}
        if "token_hash" in columns:
            conn.execute("ALTER TABLE pub_games RENAME COLUMN token_hash TO token")
        conn.execute("UPDATE pub_games SET token = ?", (pub_token,))
        conn.execute("DELETE FROM meta WHERE key = 'tokens'")


@pytest.mark.sqlite_only  # a SQLite file of an older version
async def test_a_file_of_the_older_version_keeps_its_tokens_and_loses_them_as_given(
    tmp_path: Path,
) -> None:
    db = tmp_path / "db.sqlite3"
    with running(db) as server:
        table = new_table(server, ["Anna", "Ben", "Cem"])
        pub = new_pub_game(server)
    given = [*table["tokens"], table["spectator_token"]]
    as_older_version(db, {sha256(t): t for t in given}, pub["token"])
    assert all(t.encode() in file_bytes(db) for t in [*given, pub["token"]])
    with running(db) as server:
        for seat, token in enumerate(table["tokens"]):
            state = await said_hello(server, table["id"], token)
            assert state["type"] == "state" and state["you"]["seat"] == seat
        watching = await said_hello(server, table["id"], table["spectator_token"])
        assert watching["type"] == "state" and watching["you"]["seat"] is None
        kept = httpx.get(
            f"{server.url}/api/pub/{pub['id']}", headers={"x-pub-token": pub["token"]}, timeout=10
        )
        assert kept.status_code == 200
        # The host still starts the game with the token of before.
        started = server.post(f"/api/tables/{table['id']}/start", {"token": table["tokens"][0]})
        assert started.status_code == 200, started.text
        stored = file_bytes(db)
        for token in [*given, pub["token"]]:
            assert token.encode() not in stored


# ------------------------------------------------------------------ the app's start and end


def test_the_server_starts_and_stops_without_deprecated_hooks(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Python shows deprecation warnings only in the main module, unless asked to.
    monkeypatch.setenv("PYTHONWARNINGS", "default::DeprecationWarning")
    with running(tmp_path / "db.sqlite3", log_level="info") as server:
        assert server.get("/api/health").status_code == 200
    log = server.log.read_text(encoding="utf-8", errors="replace")
    assert "Application startup complete" in log and "Application shutdown complete" in log
    assert "DeprecationWarning" not in log
