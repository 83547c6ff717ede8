"""Requests and WebSockets taken by one worker for a table another worker owns, carried between
the two through PostgreSQL's ``LISTEN``/``NOTIFY`` (no broker of our own).

Each worker listens on a channel of its own (``schocken_<worker id>``). The worker a client
reached (the *edge*) forwards what the client sends, as ASGI messages, to the table's owner; the
owner runs them through its own app, exactly as if the client were connected to it, and what its
app answers goes back to the edge, which passes it to the client unchanged. So the owner
computes every client's messages itself, each connection's from its own seat's view: a covered
cup is never sent to a worker for a client that may not see it.

A ``NOTIFY`` carries at most 8000 bytes: messages to one worker are packed together up to
:data:`PACKED` bytes, and a larger one is written to ``relay_bodies`` and only its id notified
(the receiver reads and deletes it). Notifications of one sending connection arrive in the
order they were committed; every worker sends on one connection from one task, so a client's
messages arrive in order.

A worker that stops answering (its heartbeat older than the lease,
:mod:`schocken.server.workers`) is given up: the edge closes the WebSockets it carried for that
owner (close 1012, the page connects again and reaches the table's new owner) and answers its
pending requests 503; the owner ends the WebSockets of a dead edge as if their clients had left.
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import json
import logging
import re
import secrets
from collections.abc import Awaitable, Callable
from typing import Any

import psycopg
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from schocken.server.net import stop_server
from schocken.server.protocol import CLOSE_MOVED

log = logging.getLogger("schocken.server")

PACKED = 7000
"""Bytes of messages packed into one ``NOTIFY`` (PostgreSQL takes at most 8000)."""
REPLY_WITHIN = 60.0
"""Seconds an edge waits for the owner's answer to a request (a game's review takes up to
``--review-budget``)."""
TABLE_PATH = re.compile(r"^/(?:api/tables|ws)/([^/]+)(?:/[^/]*)?$")
"""The requests and WebSockets about one table (its id or invite code): they go to its owner."""


def channel(worker: str) -> str:
    """The ``NOTIFY`` channel a worker listens on."""
    return f"schocken_{worker}"


def _headers(scope: Scope) -> list[list[str]]:
    return [[k.decode("latin-1"), v.decode("latin-1")] for k, v in scope.get("headers", [])]


def _raw(headers: list[list[str]]) -> list[tuple[bytes, bytes]]:
    return [(k.encode("latin-1"), v.encode("latin-1")) for k, v in headers]


class Relay:
    """This worker's end of the relay: its channel, what it forwards as an edge, and the
    connections it serves as an owner."""

    def __init__(self, url: str, worker: str, app: Callable[[], ASGIApp]) -> None:
        self.url = url
        self.worker = worker
        self._app = app
        """The worker's own app (with its forwarding), which runs what the edges send."""
        self._out: asyncio.Queue[tuple[str, dict[str, Any]]] = asyncio.Queue()
        self._listener: psycopg.AsyncConnection[Any] | None = None
        self._sender: psycopg.AsyncConnection[Any] | None = None
        self._reader: psycopg.AsyncConnection[Any] | None = None
        self._tasks: list[asyncio.Task[None]] = []
        self._serial = 0
        self.edges: dict[str, tuple[str, asyncio.Queue[dict[str, Any]]]] = {}
        """As an edge: each carried WebSocket by its id: the owner, and what the owner sent."""
        self.replies: dict[str, tuple[str, asyncio.Future[dict[str, Any]]]] = {}
        """As an edge: each forwarded request by its id: the owner, and its answer to come."""
        self.served: dict[tuple[str, str], asyncio.Queue[Message]] = {}
        """As an owner: each WebSocket carried for an edge (edge, id): what its client sent."""
        self.sent = 0
        """Notifications sent (for the benchmarks)."""

    async def start(self) -> None:
        self._listener = await psycopg.AsyncConnection.connect(self.url, autocommit=True)
        self._sender = await psycopg.AsyncConnection.connect(self.url, autocommit=True)
        self._reader = await psycopg.AsyncConnection.connect(self.url, autocommit=True)
        await self._listener.execute(f"LISTEN {channel(self.worker)}")
        self._tasks = [
            asyncio.create_task(self._listen(), name="relay-listen"),
            asyncio.create_task(self._send_loop(), name="relay-send"),
        ]
        for task in self._tasks:
            task.add_done_callback(_stopped)

    async def stop(self) -> None:
        for task in self._tasks:
            task.cancel()
        for task in self._tasks:
            with contextlib.suppress(BaseException):
                await task
        for conn in (self._listener, self._sender, self._reader):
            if conn is not None:
                with contextlib.suppress(Exception):
                    await conn.close()

    def peers(self) -> set[str]:
        """The workers this one carries connections or requests for, or from."""
        found = {owner for owner, _ in self.edges.values()}
        found |= {owner for owner, _ in self.replies.values()}
        found |= {edge for edge, _ in self.served}
        return found

    def gone(self, worker: str) -> None:
        """``worker`` stopped answering: what was carried for it, or from it, ends."""
        for owner, inbox in list(self.edges.values()):
            if owner == worker:
                inbox.put_nowait({"k": "close", "code": CLOSE_MOVED, "gone": True})
        for rid, (owner, reply) in list(self.replies.items()):
            if owner == worker and not reply.done():
                reply.set_exception(ConnectionError(f"worker {worker} is gone"))
                self.replies.pop(rid, None)
        for (edge, _), served in list(self.served.items()):
            if edge == worker:
                served.put_nowait({"type": "websocket.disconnect", "code": 1006})

    # ------------------------------------------------------------------ sending

    def send(self, worker: str, message: dict[str, Any]) -> None:
        """Queue ``message`` for ``worker`` (never waits; sent in order)."""
        self._out.put_nowait((worker, message))

    async def _send_loop(self) -> None:
        assert self._sender is not None
        conn = self._sender
        while True:
            batch = [await self._out.get()]
            while not self._out.empty():
                batch.append(self._out.get_nowait())
            try:
                # One statement, one transaction: the notifications go in this order (a large
                # message's body is stored, and committed, before).
                channels, payloads = await self._payloads(conn, _merged(batch))
                await conn.execute(
                    "SELECT pg_notify(c, p) FROM unnest(%s::text[], %s::text[]) AS x(c, p)",
                    (channels, payloads),
                )
                self.sent += len(payloads)
            except psycopg.Error as exc:
                log.error("the relay could not send %d messages: %s", len(batch), exc)

    async def _payloads(
        self, conn: psycopg.AsyncConnection[Any], batch: list[tuple[str, dict[str, Any]]]
    ) -> tuple[list[str], list[str]]:
        """The batch packed per worker into notifications, in order; large messages stored."""
        channels: list[str] = []
        payloads: list[str] = []
        packs: dict[str, list[str]] = {}
        sizes: dict[str, int] = {}

        def flush(worker: str) -> None:
            pack = packs.pop(worker, [])
            sizes.pop(worker, None)
            if pack:
                self._serial += 1
                channels.append(channel(worker))
                payloads.append(f'{{"n":{self._serial},"m":[{",".join(pack)}]}}')

        for worker, message in batch:
            text = json.dumps(message, separators=(",", ":"))
            size = len(text.encode())
            if size > PACKED:
                cursor = await conn.execute(
                    "INSERT INTO relay_bodies (body) VALUES (%s) RETURNING id", (text,)
                )
                row = await cursor.fetchone()
                assert row is not None
                text = json.dumps({"k": "ref", "id": row[0]})
                size = len(text)
            if sizes.get(worker, 0) + size > PACKED:
                flush(worker)
            packs.setdefault(worker, []).append(text)
            sizes[worker] = sizes.get(worker, 0) + size + 1
        for worker in list(packs):
            flush(worker)
        return channels, payloads

    # ------------------------------------------------------------------ receiving

    async def _listen(self) -> None:
        assert self._listener is not None
        async for note in self._listener.notifies():
            try:
                for message in json.loads(note.payload)["m"]:
                    if message["k"] == "ref":
                        message = await self._stored(message["id"])
                        if message is None:
                            continue
                    self._take(message)
            except Exception:  # one bad message never stops the relay
                log.exception("the relay could not take a message")

    async def _stored(self, body_id: int) -> dict[str, Any] | None:
        assert self._reader is not None
        cursor = await self._reader.execute(
            "DELETE FROM relay_bodies WHERE id = %s RETURNING body", (body_id,)
        )
        row = await cursor.fetchone()
        return None if row is None else dict(json.loads(row[0]))

    def _take(self, message: dict[str, Any]) -> None:
        kind = message["k"]
        if kind == "out" and isinstance(message["c"], list):  # one text for several
            for conn in message["c"]:
                found = self.edges.get(conn)
                if found is not None:
                    found[1].put_nowait(message)
        elif kind in ("acc", "out", "close"):  # from an owner, for a client of ours
            found = self.edges.get(message["c"])
            if found is not None:
                found[1].put_nowait(message)
        elif kind == "reply":
            waiting = self.replies.pop(message["r"], None)
            if waiting is not None and not waiting[1].done():
                waiting[1].set_result(message)
        elif kind in ("in", "gone"):  # from an edge, for a connection we serve
            inbox = self.served.get((message["e"], message["c"]))
            if inbox is not None:
                if kind == "gone":
                    inbox.put_nowait({"type": "websocket.disconnect", "code": 1001})
                elif message.get("b") is not None:
                    data = base64.b64decode(message["b"])
                    inbox.put_nowait({"type": "websocket.receive", "bytes": data})
                else:
                    inbox.put_nowait({"type": "websocket.receive", "text": message["t"]})
        elif kind == "ws":
            self._spawn(self._serve_ws(message))
        elif kind == "http":
            self._spawn(self._serve_http(message))

    def _spawn(self, work: Awaitable[None]) -> None:
        task = asyncio.ensure_future(work)
        task.add_done_callback(_report)

    # ------------------------------------------------------------------ as the owner

    def _scope(self, kind: str, message: dict[str, Any]) -> Scope:
        path: str = message["p"]
        return {
            "type": kind,
            "asgi": {"version": "3.0", "spec_version": "2.4"},
            "http_version": "1.1",
            "scheme": "ws" if kind == "websocket" else "http",
            "method": message.get("m", "GET"),
            "path": path,
            "raw_path": path.encode(),
            "root_path": "",
            "query_string": message.get("q", "").encode("latin-1"),
            "headers": _raw(message["h"]),
            "client": (message["a"], 0),
            "server": None,
            "subprotocols": [],
            "extensions": {},
            "schocken.relayed": message["e"],
        }

    async def _serve_ws(self, message: dict[str, Any]) -> None:
        """A WebSocket an edge carries for a table of ours: run through our app."""
        edge, conn = message["e"], message["c"]
        inbox: asyncio.Queue[Message] = asyncio.Queue()
        inbox.put_nowait({"type": "websocket.connect"})
        self.served[(edge, conn)] = inbox
        closed = [False]

        def send_now(text: str) -> int | None:
            if closed[0]:
                return None
            self.send(edge, {"k": "out", "c": conn, "t": text})
            return 0

        def abort() -> None:
            if not closed[0]:
                closed[0] = True
                self.send(edge, {"k": "close", "c": conn, "code": 4408})
                inbox.put_nowait({"type": "websocket.disconnect", "code": 1006})

        scope = self._scope("websocket", message)
        scope["extensions"] = {
            "schocken.abort": {"send": send_now, "abort": abort, "shut": lambda: None}
        }

        async def receive() -> Message:
            return await inbox.get()

        async def send(out: Message) -> None:
            kind = out["type"]
            if closed[0]:
                return
            if kind == "websocket.accept":
                self.send(edge, {"k": "acc", "c": conn})
            elif kind == "websocket.send":
                if out.get("text") is not None:
                    self.send(edge, {"k": "out", "c": conn, "t": out["text"]})
            elif kind == "websocket.close":
                closed[0] = True
                self.send(edge, {"k": "close", "c": conn, "code": out.get("code", 1000)})

        try:
            await self._app()(scope, receive, send)
        finally:
            self.served.pop((edge, conn), None)
            if not closed[0]:
                closed[0] = True
                self.send(edge, {"k": "close", "c": conn, "code": 1000})

    async def _serve_http(self, message: dict[str, Any]) -> None:
        """A request an edge forwards about a table of ours: answered by our app."""
        body = base64.b64decode(message["b"])
        given = [False]
        answer: dict[str, Any] = {"k": "reply", "r": message["r"], "s": 500, "h": [], "b": ""}
        chunks: list[bytes] = []

        async def receive() -> Message:
            if not given[0]:
                given[0] = True
                return {"type": "http.request", "body": body, "more_body": False}
            await asyncio.Event().wait()  # the client stays (the edge holds it)
            return {"type": "http.disconnect"}

        async def send(out: Message) -> None:
            if out["type"] == "http.response.start":
                answer["s"] = out["status"]
                answer["h"] = [
                    [k.decode("latin-1"), v.decode("latin-1")] for k, v in out.get("headers", [])
                ]
            elif out["type"] == "http.response.body":
                chunks.append(out.get("body", b""))

        try:
            await self._app()(self._scope("http", message), receive, send)
        finally:
            answer["b"] = base64.b64encode(b"".join(chunks)).decode()
            self.send(message["e"], answer)

    # ------------------------------------------------------------------ as the edge

    async def forward_http(self, owner: str, scope: Scope, body: bytes, send: Send) -> bool | None:
        """Send a request (its ``body`` read) to the table's owner and its answer to the
        client; ``False`` if the owner is gone (nothing was sent to the client: the request can
        go elsewhere), ``None`` if it did not answer in time."""
        rid = secrets.token_hex(8)
        reply: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        self.replies[rid] = (owner, reply)
        client = scope.get("client")
        self.send(
            owner,
            {
                "k": "http",
                "r": rid,
                "e": self.worker,
                "m": scope["method"],
                "p": scope["path"],
                "q": scope.get("query_string", b"").decode("latin-1"),
                "h": _headers(scope),
                "a": client[0] if client else "unknown",
                "b": base64.b64encode(body).decode(),
            },
        )
        try:
            answer = await asyncio.wait_for(reply, REPLY_WITHIN)
        except ConnectionError:
            return False
        except TimeoutError:
            return None
        finally:
            self.replies.pop(rid, None)
        await send(
            {"type": "http.response.start", "status": answer["s"], "headers": _raw(answer["h"])}
        )
        await send({"type": "http.response.body", "body": base64.b64decode(answer["b"])})
        return True

    async def forward_ws(self, owner: str, scope: Scope, receive: Receive, send: Send) -> bool:
        """Carry a client's WebSocket (its ``websocket.connect`` received) to the table's owner
        and back, until either ends it; ``False`` if the owner was gone before it accepted the
        connection (nothing was sent to the client: it can go elsewhere)."""
        conn = secrets.token_hex(8)
        inbox: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        self.edges[conn] = (owner, inbox)
        client = scope.get("client")
        self.send(
            owner,
            {
                "k": "ws",
                "c": conn,
                "e": self.worker,
                "p": scope["path"],
                "q": scope.get("query_string", b"").decode("latin-1"),
                "h": _headers(scope),
                "a": client[0] if client else "unknown",
            },
        )
        direct = scope.get("extensions", {}).get("schocken.abort", {})
        reader: asyncio.Task[None] | None = None

        async def from_client() -> None:
            while True:
                got = await receive()
                if got["type"] == "websocket.disconnect":
                    self.send(owner, {"k": "gone", "c": conn, "e": self.worker})
                    inbox.put_nowait({"k": "end"})
                    return
                if got["type"] == "websocket.receive":
                    data = got.get("bytes")
                    message = {"k": "in", "c": conn, "e": self.worker, "t": got.get("text")}
                    if data is not None:
                        message["b"] = base64.b64encode(data).decode()
                    self.send(owner, message)

        try:
            while True:
                message = await inbox.get()
                kind = message["k"]
                if kind == "end":
                    return True
                if kind == "close" and reader is None and message.get("gone"):
                    return False
                if kind == "acc":
                    await send({"type": "websocket.accept"})
                    reader = asyncio.create_task(from_client())
                elif kind == "out":
                    now = direct.get("send") if reader is not None else None
                    if now is not None:
                        now(message["t"])
                    else:
                        await send({"type": "websocket.send", "text": message["t"]})
                elif kind == "close":
                    with contextlib.suppress(Exception):
                        await send({"type": "websocket.close", "code": message["code"]})
                    self.send(owner, {"k": "gone", "c": conn, "e": self.worker})
                    return True
        finally:
            self.edges.pop(conn, None)
            if reader is not None:
                reader.cancel()
                with contextlib.suppress(BaseException):
                    await reader


def _merged(batch: list[tuple[str, dict[str, Any]]]) -> list[tuple[str, dict[str, Any]]]:
    """The batch with a text sent to several connections at one worker, one after the other
    (clients who see the same get the same text), sent once for them all."""
    merged: list[tuple[str, dict[str, Any]]] = []
    last: dict[str, dict[str, Any]] = {}
    for worker, message in batch:
        before = last.get(worker)
        if (
            before is not None
            and message["k"] == "out"
            and before["k"] == "out"
            and before["t"] is message["t"]
        ):
            conns = before["c"] if isinstance(before["c"], list) else [before["c"]]
            before["c"] = [*conns, message["c"]]
            continue
        message = dict(message)
        last[worker] = message
        merged.append((worker, message))
    return merged


def _stopped(task: asyncio.Task[None]) -> None:
    """The relay's listener or sender ended (its connection to the database broke): this worker
    hears no other worker any more until it is started again."""
    if not task.cancelled():
        stop_server(f"the relay's connection: {task.exception()}")


def _report(task: asyncio.Future[None]) -> None:
    if not task.cancelled() and task.exception() is not None:
        exc = task.exception()
        log.error("a relayed request failed: %s", exc, exc_info=exc)
