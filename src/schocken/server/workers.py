"""Many workers on one PostgreSQL database: each table is owned by one worker at a time.

Every ``schocken serve --database postgresql://...`` process is a worker. It registers itself
(``workers``: its id, address and heartbeat) and holds a *lease* for each table in its memory
(``leases``: the table, the worker, an ``epoch`` and when it runs out). The lease is taken with
one statement when it is free, run out or the worker's own, renewed every
:data:`RENEW_EVERY` seconds for :data:`LEASE` seconds, and given back when the table leaves
memory. The renewals (one statement for all of a worker's leases and its heartbeat) run in a
thread of their own, on a connection of their own: a worker whose event loop is merely busy (a
thousand players acting at once) keeps its tables; one whose loop has not turned for
:data:`LOOP_STALE` seconds (stuck) renews nothing, and its tables go to the others. Every write
of a table checks, in its transaction, that the worker still holds the lease at its epoch
(:class:`~schocken.server.store.Fence`): a worker that lost a table (it stalled, another took
the table over) has its write refused, and drops the table.

A worker also holds an advisory lock on its database session for as long as it lives (its key
in ``workers.lock_key``). A worker killed (``kill -9``, a crash) loses its connections at once,
and with them the lock: the others see it gone at their next look (every :data:`SCAN_EVERY`
seconds), end its leases and take its tables over without waiting for the leases to run out.
A worker that is stuck (SIGSTOP, a stalled machine) keeps its connections and the lock: its
tables go when its leases run out, as before. Either way the fence refuses a late write.

Any worker takes any request: one about a table another live worker owns goes to that worker
through the relay (:mod:`schocken.server.relay`, ``LISTEN``/``NOTIFY``); one about a table
nobody owns is served here, the table loaded from the store (taking its lease). Every
:data:`SCAN_EVERY` seconds each worker takes over the tables whose lease ran out or whose
worker is gone, from their stored steps: a seeded table throws the same dice.

On SQLite there are no workers: one process, as before.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import re
import secrets
import threading
import time
from typing import Any, Protocol

import psycopg
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from schocken.server.net import stop_server
from schocken.server.protocol import CLOSE_MOVED
from schocken.server.refusals import TableError, elsewhere, refuse
from schocken.server.relay import TABLE_PATH, Relay
from schocken.server.store import Fence
from schocken.server.table import Table
from schocken.server.tables import Tables
from schocken.texts import said


class Hub(Protocol):
    """What a worker asks of the server's hub (:class:`schocken.server.app.Hub`)."""

    conns: dict[str, list[Any]]

    def stop(self, table: Table) -> None: ...

    def close(self, conn: Any, code: int) -> None: ...

    def kick(self, table: Table) -> None: ...


log = logging.getLogger("schocken.server")

LEASE = 2.5
"""Seconds a lease holds after it was taken or renewed."""
RENEW_EVERY = 0.5
"""Seconds between a worker's renewals of its leases (and its heartbeat)."""
LOOP_STALE = LEASE - RENEW_EVERY
"""Seconds without a turn of the worker's event loop after which its leases are not renewed."""
TICK_EVERY = 0.25
"""Seconds between the event loop's signs of life to the renewals' thread."""
SCAN_EVERY = 0.5
"""Seconds between a worker's looks for leases that ran out (tables to take over)."""
TAKE_AT_ONCE = 1000
"""Tables one look takes over at most (the rest at the next)."""
MAX_BODY = 1 << 20
"""Bytes of a request about a table read before it is forwarded (or answered 413)."""
STALE = 2.0
"""A worker whose heartbeat is older than this (seconds) is taken for dead while its leases run
out: a client asking for its tables waits for them to run out instead of being sent to it."""

TAKE = """
INSERT INTO leases (table_id, worker, epoch, expires, taken)
VALUES (%s, %s, 1, clock_timestamp() + %s * interval '1 second', clock_timestamp())
ON CONFLICT (table_id) DO UPDATE SET worker = excluded.worker, epoch = leases.epoch + 1,
    expires = excluded.expires, taken = excluded.taken
WHERE leases.expires < clock_timestamp() OR leases.worker = excluded.worker
RETURNING epoch
"""
TAKE_OVER = """
UPDATE leases SET worker = %s, epoch = epoch + 1,
    expires = clock_timestamp() + %s * interval '1 second', taken = clock_timestamp()
WHERE table_id IN (
    SELECT table_id FROM leases WHERE expires < clock_timestamp()
    ORDER BY expires LIMIT %s FOR UPDATE SKIP LOCKED
)
RETURNING table_id, epoch
"""
RENEW = """
WITH beat AS (UPDATE workers SET heartbeat = clock_timestamp() WHERE id = %s)
UPDATE leases SET expires = clock_timestamp() + %s * interval '1 second'
WHERE worker = %s RETURNING table_id, epoch
"""
LOCK_CLASS = 0x5343
"""The first key of every worker's advisory lock (``pg_advisory_lock(LOCK_CLASS, lock_key)``);
the second is the worker's ``lock_key``."""
BURY = """
WITH dead AS (
    DELETE FROM workers w WHERE w.id <> %s AND w.lock_key IS NOT NULL AND NOT EXISTS (
        SELECT 1 FROM pg_locks k
        WHERE k.locktype = 'advisory' AND k.granted AND k.classid = %s
            AND k.objid = w.lock_key::oid AND k.objsubid = 2
            AND k.database = (SELECT oid FROM pg_database WHERE datname = current_database())
    )
    RETURNING w.id
), ended AS (
    UPDATE leases SET expires = clock_timestamp() - interval '1 second'
    WHERE worker IN (SELECT id FROM dead) RETURNING worker
)
SELECT d.id, (SELECT count(*) FROM ended e WHERE e.worker = d.id) FROM dead d
"""
"""The workers whose lock is gone (their sessions ended: the process died) removed, and their
leases ended at once, so that they are taken over now; each such worker with its leases' count.
Workers of an older version (no ``lock_key``) are left to their leases."""
OWNER = """
SELECT t.id, l.worker, EXTRACT(EPOCH FROM l.expires - clock_timestamp()),
    EXTRACT(EPOCH FROM clock_timestamp() - w.heartbeat)
FROM tables t LEFT JOIN leases l ON l.table_id = t.id LEFT JOIN workers w ON w.id = l.worker
WHERE t.id = %s OR t.code = %s
"""


class Cluster:
    """This worker: its registration, its leases, the relay, and the loop that keeps them."""

    def __init__(self, url: str, address: str, name: str | None = None) -> None:
        self.url = url
        self.address = address
        self.route = None if name is None else f"/w/{name}"
        """Where the proxy sends this worker's own requests (``--worker-name``): its clients
        are told it (:class:`Routes`), and reach it there without the relay."""
        self.tables: Tables = Tables.__new__(Tables)
        """The worker's tables (set once they are made with this cluster's leases)."""
        self.worker = "w" + secrets.token_hex(6)
        self.held: dict[str, int] = {}
        """The tables this worker holds the lease of, with its epoch."""
        self.hub: Hub | None = None
        self.app: ASGIApp | None = None
        self.relay = Relay(url, self.worker, self._own_app)
        self._conn: psycopg.AsyncConnection[Any] | None = None
        """For the requests: where a table is, claims."""
        self._lock = asyncio.Lock()
        self._keeper: psycopg.AsyncConnection[Any] | None = None
        """For keeping the leases (renewals, take-overs, heartbeats), apart from the requests':
        a thousand players asking where their tables are never hold a renewal up."""
        self._keeper_lock = asyncio.Lock()
        self._adopting: set[asyncio.Task[None]] = set()
        self._scanning = asyncio.Lock()
        self._scanned = 0.0
        """When the last look for leases that ran out began (:meth:`take_over_now`)."""
        self._loop: asyncio.Task[None] | None = None
        self._ticker: asyncio.Task[None] | None = None
        self._renewer: threading.Thread | None = None
        self._stopping = threading.Event()
        self.ticked = time.monotonic()
        """When the event loop last turned (the renewals' thread renews only while it does)."""
        self.taken_over = 0
        """Tables taken over from workers that died (for the benchmarks)."""

    def _own_app(self) -> ASGIApp:
        assert self.app is not None
        return self.app

    async def _run(
        self, sql: str, args: tuple[Any, ...] = (), *, keeper: bool = False
    ) -> list[tuple[Any, ...]]:
        conn, lock = (self._keeper, self._keeper_lock) if keeper else (self._conn, self._lock)
        assert conn is not None
        async with lock:
            cursor = await conn.execute(sql, args)
            return list(await cursor.fetchall()) if cursor.description else []

    # ------------------------------------------------------------------ start and stop

    async def start(self, hub: Hub, app: ASGIApp) -> None:
        self.hub, self.app = hub, app
        self._conn = await psycopg.AsyncConnection.connect(self.url, autocommit=True)
        self._keeper = await psycopg.AsyncConnection.connect(self.url, autocommit=True)
        # The lock that says this worker lives, held by the keeper's session until it ends,
        # taken before the worker is registered (a key another worker holds: another key).
        key = 0
        while key == 0:
            key = secrets.randbelow(2**31 - 1) + 1
            taken = await self._run(
                "SELECT pg_try_advisory_lock(%s, %s)", (LOCK_CLASS, key), keeper=True
            )
            key = key if taken and taken[0][0] else 0
        await self._run(
            "INSERT INTO workers (id, address, started, heartbeat, lock_key) "
            "VALUES (%s, %s, clock_timestamp(), clock_timestamp(), %s)",
            (self.worker, self.address, key),
        )
        # A worker that listened where this one listens now is gone (restarted by its
        # supervisor, say): its tables are taken over at once, not when their leases run out.
        await self._run(
            "UPDATE leases SET expires = clock_timestamp() - interval '1 second' WHERE worker IN "
            "(SELECT id FROM workers WHERE address = %s AND id <> %s)",
            (self.address, self.worker),
        )
        await self._run(
            "DELETE FROM workers WHERE address = %s AND id <> %s", (self.address, self.worker)
        )
        await self.relay.start()
        self._ticker = asyncio.create_task(self._tick(), name="ticks")
        self._renewer = threading.Thread(
            target=self._renewals,
            args=(asyncio.get_running_loop(),),
            name="schocken-leases",
            daemon=True,
        )
        self._renewer.start()
        self._loop = asyncio.create_task(self._keep(), name="leases")
        log.info("worker %s of the server on %s", self.worker, self.address)

    async def stop(self) -> None:
        """A worker stopping lets its leases run out at once: the others take its tables."""
        self._stopping.set()
        if self._renewer is not None:
            await asyncio.to_thread(self._renewer.join, 10)
        for task in (self._loop, self._ticker):
            if task is not None:
                task.cancel()
                with contextlib.suppress(BaseException):
                    await task
        for task in list(self._adopting):
            task.cancel()
        with contextlib.suppress(Exception):
            await self._run(
                "UPDATE leases SET expires = clock_timestamp() - interval '1 second' "
                "WHERE worker = %s",
                (self.worker,),
                keeper=True,
            )
            await self._run("DELETE FROM workers WHERE id = %s", (self.worker,), keeper=True)
        await self.relay.stop()
        for conn in (self._conn, self._keeper):
            if conn is not None:
                await conn.close()

    # ------------------------------------------------------------------ leases (Tables asks)

    async def claim(self, table_id: str) -> bool:
        assert self._conn is not None
        async with self._lock, self._conn.transaction():
            # The row locked first: a write of the worker that held it (its fence, FOR KEY
            # SHARE) is waited for, and is in the store when the table is loaded here.
            await self._conn.execute(
                "SELECT 1 FROM leases WHERE table_id = %s FOR UPDATE", (table_id,)
            )
            cursor = await self._conn.execute(TAKE, (table_id, self.worker, LEASE))
            row = await cursor.fetchone()
        if row is None:
            return False
        self.held[table_id] = int(row[0])
        return True

    def fence(self, table_id: str) -> Fence:
        return Fence(table_id, self.worker, self.held.get(table_id, -1))

    def lost(self, table_id: str) -> None:
        if self.held.pop(table_id, None) is not None:
            log.warning("table %s: another worker has taken it over; dropped here", table_id)
        asyncio.get_running_loop().call_soon(self.drop, table_id)

    def unloaded(self, table_id: str) -> None:
        epoch = self.held.pop(table_id, None)
        if epoch is not None:
            task = asyncio.get_running_loop().create_task(self._release(table_id, epoch))
            task.add_done_callback(lambda _: None)

    async def _release(self, table_id: str, epoch: int) -> None:
        with contextlib.suppress(Exception):
            await self._run(
                "DELETE FROM leases WHERE table_id = %s AND worker = %s AND epoch = %s",
                (table_id, self.worker, epoch),
                keeper=True,
            )

    def drop(self, table_id: str) -> None:
        """The table is another worker's now: out of memory, its bots and timer stopped, its
        clients closed (they connect again and reach the new owner)."""
        self.held.pop(table_id, None)
        table = self.tables.by_id.get(table_id)
        if table is None or self.hub is None:
            return
        self.hub.stop(table)
        for conn in list(self.hub.conns.get(table_id, [])):
            self.hub.close(conn, CLOSE_MOVED)
        self.tables.unload(table)

    # ------------------------------------------------------------------ where a table is

    async def owner_elsewhere(self, key: str) -> str | None:
        """The live worker that owns the table ``key`` (its id or invite code), if another one
        does; ``None``: it is served here (in memory here, nobody's, or unknown). A table whose
        worker stopped answering is waited for until its lease runs out and a worker (maybe
        this one) has taken it over, at most :data:`LEASE` and a little more."""
        deadline = time.monotonic() + LEASE + 2 * SCAN_EVERY
        looked = False
        while True:
            if self.tables.loaded(key) is not None or not 1 <= len(key) <= 64:
                return None
            rows = await self._run(OWNER, (key, key.upper()))
            if not rows:
                return None
            _, worker, left, beat = rows[0]
            if worker is None or worker == self.worker or left is None:
                return None  # nobody's (or ours): served here, its lease taken
            if left <= 0:
                if looked:
                    return None  # served here: its lease is claimed first
                # Taken over now, with every other table whose lease ran out (one load for all
                # of them: the players of a dead worker's tables ask at about the same time).
                looked = True
                await self.take_over_now()
                continue
            if beat is not None and beat < STALE:
                return str(worker)
            if time.monotonic() > deadline:
                return None
            await asyncio.sleep(max(0.05, min(float(left) + 0.05, SCAN_EVERY)))

    # ------------------------------------------------------------------ the loop

    async def _tick(self) -> None:
        while True:
            self.ticked = time.monotonic()
            await asyncio.sleep(TICK_EVERY)

    def _renewals(self, loop: asyncio.AbstractEventLoop) -> None:
        """In a thread of its own: every :data:`RENEW_EVERY` seconds the leases of this worker
        (and its heartbeat) renewed in one statement, while its event loop turns; a table whose
        lease is not this worker's any more is dropped (in the event loop)."""
        conn: psycopg.Connection[Any] | None = None
        stuck = False
        try:
            while not self._stopping.wait(RENEW_EVERY):
                if time.monotonic() - self.ticked > LOOP_STALE:
                    if not stuck:
                        log.error("the event loop is stuck: the leases are not renewed")
                    stuck = True
                    continue
                stuck = False
                try:
                    if conn is None:
                        conn = psycopg.connect(self.url, autocommit=True, connect_timeout=10)
                    before = dict(self.held)
                    rows = conn.execute(RENEW, (self.worker, LEASE, self.worker)).fetchall()
                except psycopg.Error as exc:  # the next round tries again; the leases say the rest
                    log.error("the workers' leases could not be renewed: %s", exc)
                    if conn is not None:
                        conn.close()
                    conn = None
                    continue
                kept = {(str(t), int(e)) for t, e in rows}
                with contextlib.suppress(RuntimeError):  # the loop closed: the worker stopped
                    loop.call_soon_threadsafe(self._check_kept, before, kept)
        finally:
            if conn is not None:
                conn.close()

    def _check_kept(self, before: dict[str, int], kept: set[tuple[str, int]]) -> None:
        for table_id, epoch in before.items():
            if (table_id, epoch) not in kept and self.held.get(table_id) == epoch:
                self.lost(table_id)

    async def take_over_now(self) -> None:
        """Look for leases that ran out and take them, now (a client asks for a table whose
        worker died, or it is time to look): one look at a time; who asks while one is under
        way waits for the next, unless one began after the asking."""
        asked = time.monotonic()
        async with self._scanning:
            if self._scanned > asked:
                return
            self._scanned = time.monotonic()
            await self._take_over()

    async def _keep(self) -> None:
        cleaned = 0.0
        while True:
            await asyncio.sleep(SCAN_EVERY)
            try:
                await self._bury()
                await self.take_over_now()
                await self._peers()
                if time.monotonic() - cleaned >= RENEW_EVERY:
                    cleaned = time.monotonic()
                    await self._run(
                        "DELETE FROM relay_bodies "
                        "WHERE made < clock_timestamp() - interval '1 minute'",
                        keeper=True,
                    )
            except Exception as exc:  # the next round tries again; the leases say the rest
                log.error("the workers' leases could not be kept: %s", exc)
            lost = [c for c in (self._keeper, self._conn) if c is not None and c.broken]
            if lost:  # for good: this worker stops, to be started again (net.stop_server)
                stop_server("its connections to the database broke")
                return

    async def _bury(self) -> None:
        """Workers that died (their lock gone with their sessions): removed, and their leases
        ended, so that the look that follows takes their tables over at once."""
        for worker, leases in await self._run(BURY, (self.worker, LOCK_CLASS), keeper=True):
            log.warning(
                "worker %s is gone (its database session ended): its %d tables taken over now",
                worker,
                leases,
            )

    async def _peers(self) -> None:
        """The workers this one carries connections for (or from) whose heartbeat is older than
        :data:`STALE`: what was carried for them ends (their clients connect again and find
        where the table is once its lease ran out)."""
        peers = self.relay.peers()
        if peers:
            alive = await self._run(
                "SELECT id FROM workers WHERE id = ANY(%s) "
                "AND heartbeat > clock_timestamp() - %s * interval '1 second'",
                (list(peers), STALE),
                keeper=True,
            )
            for worker in peers - {str(r[0]) for r in alive}:
                log.warning("worker %s stopped answering: its connections here end", worker)
                self.relay.gone(worker)

    async def _take_over(self) -> None:
        """Take the leases that ran out; their tables are loaded in the background (all of one
        look together), so that this worker's renewals go on meanwhile."""
        rows = await self._run(TAKE_OVER, (self.worker, LEASE, TAKE_AT_ONCE), keeper=True)
        if not rows:
            return
        ids = [str(table_id) for table_id, _ in rows]
        self.held.update(zip(ids, (int(epoch) for _, epoch in rows), strict=True))
        task = asyncio.create_task(self._adopt(ids))
        self._adopting.add(task)
        task.add_done_callback(self._adopting.discard)

    async def _adopt(self, table_ids: list[str]) -> None:
        try:
            adopted = await self.tables.adopt(table_ids)
        except Exception as exc:  # the store: the leases run out, another worker tries
            log.error("%d tables could not be taken over: %s", len(table_ids), exc)
            return
        for table_id, table in adopted.items():
            if table is None:  # gone from the store, set aside, or its first write failed
                if table_id not in self.tables.set_aside:
                    log.error("table %s could not be taken over", table_id)
                self.unloaded(table_id)
                continue
            self.taken_over += 1
            log.warning("table %s taken over (its worker stopped, or stopped answering)", table_id)
            if self.hub is not None:
                self.hub.kick(table)


ROUTED = re.compile(r"^/w/[a-z0-9][a-z0-9-]{0,31}(?=/)")
"""The prefix of a worker's route (``/w/<name>``) before a path."""
ROUTE_HEADER = b"x-schocken-route"


class Routes:
    """A worker's route (``docs/server.md``, "Routing by table"): a request under
    ``/w/<name>/`` is served as the path after it (the proxy sends this worker's route here,
    with or without its prefix; a request under another worker's route, which the proxy sent
    here while that worker was down, is served, or relayed, as any other); and every HTTP
    answer says the route of the worker that made it (``X-Schocken-Route``), a relayed one its
    owner's. The WebSocket's states say it too (``route``)."""

    def __init__(self, app: ASGIApp, route: str | None) -> None:
        self.app = app
        self.header = None if route is None else (ROUTE_HEADER, route.encode())

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        prefix = ROUTED.match(scope["path"])
        if prefix is not None:
            cut = prefix.end()
            scope = {**scope, "path": scope["path"][cut:]}
            raw = scope.get("raw_path")
            if raw is not None:
                scope["raw_path"] = raw[cut:] if raw[:cut].decode("latin-1") == prefix[0] else raw
        header = self.header
        if scope["type"] != "http" or header is None:
            await self.app(scope, receive, send)
            return

        async def with_route(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", []))
                if all(k.lower() != ROUTE_HEADER for k, _ in headers):  # an owner's kept
                    message = {**message, "headers": [*headers, header]}
            await send(message)

        await self.app(scope, receive, with_route)


class Forward:
    """Sends the requests and WebSockets about a table another live worker owns to that worker
    (:mod:`schocken.server.relay`); everything else goes on to this worker's app."""

    def __init__(self, app: ASGIApp, cluster: Cluster) -> None:
        self.app = app
        self.cluster = cluster

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        found = None
        if scope["type"] in ("http", "websocket") and not scope.get("schocken.relayed"):
            found = TABLE_PATH.match(scope["path"])
        if found is None:
            await self.app(scope, receive, send)
            return
        # What the client sent first (its handshake; the request's body) is read here, and
        # given again to whoever answers: the owner, or this worker's app.
        first: list[Message] = []
        body = b""
        if scope["type"] == "websocket":
            first.append(await receive())
            if first[0]["type"] != "websocket.connect":
                return
        else:
            while True:
                part = await receive()
                if part["type"] != "http.request":
                    return  # the client left
                body += part.get("body", b"")
                if len(body) > MAX_BODY:  # the app's own limits are far below
                    await _refuse(send, 413)
                    return
                if not part.get("more_body"):
                    break
            first.append({"type": "http.request", "body": body, "more_body": False})
        relay = self.cluster.relay
        for _ in range(3):  # an owner gone before it answered: ask again where the table is
            owner = await self.cluster.owner_elsewhere(found[1])
            if owner is None:
                break
            if scope["type"] == "websocket":
                if await relay.forward_ws(owner, scope, receive, send):
                    return
                continue
            answered = await relay.forward_http(owner, scope, body, send)
            if answered is None:
                await _refuse(send)
            if answered is not False:
                return
        await self.app(scope, _again(first, receive), send)


def _again(first: list[Message], receive: Receive) -> Receive:
    """``receive`` that gives ``first`` first."""
    waiting = list(first)

    async def again() -> Message:
        if waiting:
            return waiting.pop(0)
        return await receive()

    return again


async def _refuse(send: Send, status: int = 503) -> None:
    """503: the owner did not answer in time, the request can be sent again; 413: a body larger
    than any request about a table may be."""
    import json

    error: TableError = elsewhere()
    if status == 413:
        error = refuse("server_refuse_body_size", 413, what=said("server_word_body"), most=MAX_BODY)
    body = json.dumps({"error": str(error), "code": error.key}).encode()
    headers = [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})
