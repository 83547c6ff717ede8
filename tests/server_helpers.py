"""A real server for tests: uvicorn on a free port of 127.0.0.1, and WebSocket clients."""

from __future__ import annotations

import asyncio
import base64
import contextlib
import json
import os
import signal
import socket
import subprocess
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import websockets

from server_forks import ForkedProcess, start_server


def free_port() -> int:
    """A port of 127.0.0.1 that nothing listens on now. Under pytest-xdist (``scripts/test``)
    each worker takes only ports of its own share (``port // 2 % workers``), so two workers
    never pick the same port between one asking for it and its server binding it."""
    worker = os.environ.get("PYTEST_XDIST_WORKER", "gw0")
    workers = int(os.environ.get("PYTEST_XDIST_WORKER_COUNT", "1"))
    while True:
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            port: int = s.getsockname()[1]
        if port // 2 % workers == int(worker.removeprefix("gw")):
            return port


ENGINE_DATABASE: Callable[[Path], str] | None = None
"""Where a :class:`Server` keeps its data unless told otherwise: the PostgreSQL database that
stands for its SQLite file (the same database for the same file, so a restarted server finds
its data; another file, another database). The ``engine`` fixture sets it for a test's
PostgreSQL run; ``None``: the SQLite file."""

GENEROUS = ("--msg-rate", "1000000", "--tables-per-minute", "1000000", "--conns-per-token", "100")
"""Limits out of the way, for tests that play as fast as they can and make many tables
(tests/test_server_limits.py tests the limits themselves)."""


class Server:
    """``schocken serve`` in a subprocess, on a free port, with its own SQLite file."""

    def __init__(
        self,
        db: Path,
        *,
        seed: int | None = 1,
        bot_delay: float = 0.0,
        prelude: str = "",
        extra: tuple[str, ...] = GENEROUS,
        log_level: str = "warning",
        database: str | None = None,
        lab_warm: bool = False,
    ) -> None:
        self.db = db
        self.lab_warm = lab_warm
        """Whether the rules lab warms a preset when the builder's page asks (``POST
        /api/lab/warm``): off unless a test asks, so that every page that opens the builder does
        not set the server measuring (and numba compiling) beside the test."""
        if database is None and ENGINE_DATABASE is not None:
            database = ENGINE_DATABASE(db)
        self.database = database
        """A PostgreSQL URL to keep everything in (``--database``) instead of the file ``db``
        (which then only names the server's log)."""
        self.seed = seed
        self.bot_delay = bot_delay
        self.prelude = prelude
        """Python run in the server's process before the command (to change a bot, say)."""
        self.extra = extra
        """More ``schocken serve`` options (limits)."""
        self.log_level = log_level
        self.port = free_port()
        self.proc: subprocess.Popen[bytes] | ForkedProcess | None = None

    @property
    def where(self) -> str | Path:
        """Where the server keeps its data: the PostgreSQL URL, or the SQLite file."""
        return self.database or self.db

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> Server:
        args = [
            "serve",
            "--port",
            str(self.port),
            *(("--database", self.database) if self.database else ("--db", str(self.db))),
            "--bot-delay",
            str(self.bot_delay),
            "--log-level",
            self.log_level,
            *self.extra,
        ]
        if self.seed is not None:
            args += ["--seed", str(self.seed)]
        # The server's log goes to a file (a pipe nobody reads would fill up and stall it).
        self.log = self.db.with_suffix(f".{self.port}.log")
        env = {**os.environ, "SCHOCKEN_LAB_WARM": "1" if self.lab_warm else "0"}
        self.proc = start_server(args, env, self.log, self.prelude)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                err = self.log.read_text(encoding="utf-8", errors="replace")
                raise RuntimeError(f"the server did not start: {err}")
            with contextlib.suppress(httpx.HTTPError):
                if httpx.get(self.url + "/api/health", timeout=1).status_code == 200:
                    return self
            time.sleep(0.05)
        raise RuntimeError("the server did not answer in 30 s")

    def kill(self) -> None:
        """SIGKILL: no chance to clean up."""
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
            self.proc.wait(timeout=10)

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.kill()

    def post(self, path: str, body: dict[str, Any]) -> httpx.Response:
        return httpx.post(self.url + path, json=body, timeout=10)

    def get(self, path: str) -> httpx.Response:
        return httpx.get(self.url + path, timeout=10)


def stored_rows(server: Server, sql: str, params: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """What a server's database holds (its SQLite file, or its PostgreSQL database), read
    through the storage interface, as another program beside the server would."""
    from schocken.store import open_database

    db = open_database(server.where)
    try:
        return [tuple(row) for row in db.execute(sql, params).fetchall()]
    finally:
        db.close()


def stored_change(server: Server, sql: str, params: tuple[Any, ...] = ()) -> None:
    """A change made in a server's database by another program (the server stopped, or not)."""
    from schocken.store import open_database

    db = open_database(server.where)
    try:
        with db.transaction():
            db.execute(sql, params)
    finally:
        db.close()


@contextlib.contextmanager
def running(db: Path, **kwargs: Any) -> Iterator[Server]:
    server = Server(db, **kwargs).start()
    try:
        yield server
    finally:
        server.stop()


V = 3
"""The protocol version the tests speak."""

GAME_MESSAGES = ("state", "update", "table")
"""The messages that change what a client knows of the table and its game."""


def hello(token: str, lang: str = "en", since: int | None = None) -> str:
    """The first message of a connection: who is connecting."""
    return json.dumps({"v": V, "type": "hello", "token": token, "lang": lang, "since": since})


def merge(known: dict[str, Any] | None, message: dict[str, Any]) -> dict[str, Any]:
    """What a client knows after ``message``, as the page keeps it: the last state with every
    update and table change since applied, the game's events and log lines so far in ``events``
    and ``log``, and the view's ``seat`` set from ``you``. Fails on a gap in the events."""
    kind = message["type"]
    if kind == "state" or known is None:
        assert kind == "state", f"a {kind} before any state"
        since = message["since"]
        events = [] if known is None or since == 0 else known["events"][:since]
        log = [] if known is None or since == 0 else [x for x in known["log"] if x["n"] <= since]
        new = dict(message)
    else:
        new = dict(known)
        events, log = list(known["events"]), list(known["log"])
        if kind == "update":
            new.update({k: message[k] for k in ("step", "seq", "view", "legal", "timer")})
            new["outcome"] = message.get("outcome")
        elif kind == "table":
            new.update({k: message[k] for k in ("table", "you", "legal", "timer")})
        elif kind == "presence":
            new["presence"] = message["presence"]
    if kind in ("state", "update"):
        for e in message["events"]:
            assert e["n"] == len(events) + 1, f"event {e['n']} after {len(events)} events"
            events.append(e)
        log += message["log"]
        assert len(events) == message["seq"]
    new["events"], new["log"] = events, log
    if new.get("view") is not None:
        new["view"] = {**new["view"], "seat": new["you"]["seat"]}
    return new


class Client:
    """One player's (or a spectator's) WebSocket, keeping every message it got."""

    def __init__(self, server: Server, table: str, token: str, lang: str = "en") -> None:
        self.uri = f"ws://127.0.0.1:{server.port}/ws/{table}"
        self.token = token
        self.lang = lang
        self.ws: Any = None
        self._opened = contextlib.AsyncExitStack()
        """The connections, each entered as websockets' context manager (left by
        :meth:`close`)."""
        self.messages: list[dict[str, Any]] = []
        self.state: dict[str, Any] | None = None
        """What this client knows (:func:`merge` of every message so far)."""

    async def connect(self, since: int | None = None) -> Client:
        """Connect and say hello (with ``since``: the number of events this client has, kept in
        its ``state``); returns once the first state is there."""
        self.ws = await self._opened.enter_async_context(
            websockets.connect(self.uri, max_size=2**20)
        )
        await self.ws.send(hello(self.token, self.lang, since))
        await self.next_state()
        return self

    async def ws_connect_error(self) -> dict[str, Any]:
        """Connect with a token the server refuses: its one message, an error."""
        async with websockets.connect(self.uri) as ws:
            await ws.send(hello(self.token, self.lang))
            message: dict[str, Any] = json.loads(await asyncio.wait_for(ws.recv(), 10))
        return message

    async def close(self) -> None:
        await self._opened.aclose()

    async def recv(self, timeout: float = 10) -> dict[str, Any]:
        raw = await asyncio.wait_for(self.ws.recv(), timeout)
        message: dict[str, Any] = json.loads(raw)
        self.messages.append(message)
        if message.get("type") in (*GAME_MESSAGES, "presence"):
            self.state = merge(self.state, message)
        return message

    async def next_state(self, timeout: float = 10) -> dict[str, Any]:
        """What the client knows after the next message that changes it."""
        while True:
            message = await self.recv(timeout)
            if message.get("type") in GAME_MESSAGES:
                assert self.state is not None
                return self.state

    async def send(self, message: dict[str, Any] | str) -> None:
        await self.ws.send(message if isinstance(message, str) else json.dumps(message))

    async def act(self, action: str) -> None:
        await self.send({"v": V, "type": "action", "action": action})

    async def error(self, timeout: float = 10) -> dict[str, Any]:
        while True:
            message = await self.recv(timeout)
            if message.get("type") == "error":
                return message


def simple_choice(state: dict[str, Any]) -> str | None:
    """A deterministic human stand-in: throw once more while a throw is left, keep ones."""
    legal: list[str] = [a for a in state.get("legal") or [] if a != "buyin"]
    if not legal:
        return None
    if "turn" in legal:
        return "turn"
    view = state["view"]
    mine = next((t for t in view["turns"] if t["seat"] == view["seat"]), None)
    if "stop" in legal and mine is not None and mine["throws"] >= 2:
        return "stop"
    throws = [a for a in legal if a.startswith("throw")]
    if not throws:
        return "stop"
    ones = [a for a in throws if a.startswith("throw keep") and set(a[11:].split("-")) == {"1"}]
    return max(ones, key=len) if ones else throws[0]


async def play_until_over(clients: list[Client], choose: Any = simple_choice) -> None:
    """Every client acts whenever it may, until the game is over."""

    async def run(c: Client) -> None:
        acted = -1
        while True:
            st = c.state
            if st is not None and st.get("view") is not None:
                if st["view"]["loser"] is not None:
                    return
                if st["step"] != acted:
                    action = choose(st)
                    if action is not None:
                        acted = st["step"]
                        await c.act(action)
            await c.next_state(timeout=30)

    await asyncio.gather(*(run(c) for c in clients))


class RawWebSocket:
    """A WebSocket made by hand on a plain socket: for clients that misbehave (read nothing,
    send broken frames). No compression is offered, so what the server sends is not shrunk."""

    def __init__(
        self, server: Server, path: str, *, receive_buffer: int | None = None, origin: str = ""
    ) -> None:
        self.sock = socket.socket()
        if receive_buffer is not None:
            self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, receive_buffer)
        self.sock.settimeout(30)
        self.sock.connect(("127.0.0.1", server.port))
        key = base64.b64encode(os.urandom(16)).decode()
        head = (
            f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{server.port}\r\nUpgrade: websocket\r\n"
            f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n"
        )
        if origin:
            head += f"Origin: {origin}\r\n"
        self.sock.sendall((head + "\r\n").encode())
        answer = b""
        while b"\r\n\r\n" not in answer:
            chunk = self.sock.recv(1)
            if not chunk:
                break
            answer += chunk
        self.status = int(answer.split(b" ", 2)[1]) if answer else 0

    def send_frame(self, payload: bytes, opcode: int = 1) -> None:
        mask = os.urandom(4)
        n = len(payload)
        if n < 126:
            head = bytes([0x80 | opcode, 0x80 | n])
        elif n < 65536:
            head = bytes([0x80 | opcode, 0x80 | 126]) + n.to_bytes(2, "big")
        else:
            head = bytes([0x80 | opcode, 0x80 | 127]) + n.to_bytes(8, "big")
        masked = bytes(b ^ mask[i % 4] for i, b in enumerate(payload))
        self.sock.sendall(head + mask + masked)

    def send_text(self, text: str) -> None:
        self.send_frame(text.encode("utf-8"))

    def read_to_end(self) -> int:
        """Read everything until the server ends the connection; how many bytes came."""
        total = 0
        try:
            while chunk := self.sock.recv(65536):
                total += len(chunk)
        except ConnectionResetError:
            pass
        return total

    def close(self) -> None:
        self.sock.close()
