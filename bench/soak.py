"""Soak: many players at a human pace for a long time, the server killed (SIGKILL) at random
moments and started again, and one abusive client flooding it all the while.

Usage: python bench/soak.py [--players 1000] [--minutes 10] [--think 1.0] [--kill-every 90]
                            [--seed 1] [--workers N [--down-for 30]]

It starts ``schocken serve`` itself (its own temporary SQLite file, loopback only, default
limits) and plays against it from this process: ``--players`` humans at tables of 4, each
table's players from an address of their own (127.1.x.y, loopback). A table plays a game to
its end and then its four players make a new table, until the time is up. Every player acts
when its state offers legal actions, after ``--think`` seconds (times 1 ± 50 %, seeded).

Every ``--kill-every`` seconds on average (uniformly 0.5 to 1.5 times that) the server gets
SIGKILL and is started again on the same file and port; the players reconnect (hello with their
token and, as the web page does, the number of events they have heard of: the server sends only
the rest) and play on. One more client floods the server all the while: it makes its own table and
sends illegal actions as fast as it can; when it is closed (rate limit, close 4429) it reconnects
and floods again; between floods it tries to make tables as fast as it can.

Printed at the end:

- actions accepted: actions of the players that the server took (the sender saw a state with a
  higher step than the one it acted on);
- actions lost: for every table, the highest step any of its players had seen before a kill,
  less the step the table had when it came back (and at the end: less what the SQLite file
  holds). A step a player has seen was stored; it must never be lost. Must be 0;
- errors: error messages to well-behaved players (``unavailable`` included), HTTP failures and
  refused connections outside the restart windows;
- latency, action sent to the sender seeing its state, p50/p99/max, of actions sent outside the
  restart windows (a window is from the kill to 5 s after the restarted server first answers:
  every player reconnects meanwhile);
- the server's memory at the end (resident set, and its peak in the last run), and the
  abusive client's messages and closes.

With ``--workers N`` (2 or more) the server is N workers (``schocken serve --database``) on one
PostgreSQL server that the soak starts in a temporary folder (as the tests do), each on a port of
its own. A table is made at worker ``i % N`` (its owner), and its seats talk to the workers in
turn (``(i + seat) % N``): about half of the players reach their table through the other worker.
Every ``--kill-every`` seconds (on average, as above) one worker after the other gets SIGKILL
and is started again on its port ``--down-for`` seconds later; meanwhile its players connect to
the next worker, and the players it carried for other workers' tables are closed by those and
connect again. It also prints:

- actions applied twice (or out of place): stored steps that are not an action a player sent
  on the state of that step (an action sent again, or applied after the game moved on). Must
  be 0;
- time to come back: for each table the killed worker owned (its leases in the database at the
  kill), from the kill to the first state one of its players gets again.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import resource
import secrets
import signal
import sqlite3
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, WebSocketException

from serving import simple_choice

HOST = "127.0.0.1"
V = 3
TABLE_SIZE = 4
WINDOW_AFTER = 5.0
"""A restart window lasts from the kill to this many seconds after the server answers again
(the players reconnect meanwhile, all at once)."""


def percentile(ordered: list[float], p: float) -> float:
    if not ordered:
        return 0.0
    rank = max(1, min(len(ordered), round(p / 100 * len(ordered) + 0.5)))
    return ordered[rank - 1]


class ServerProcess:
    def __init__(
        self, folder: Path, port: int, database: str | None = None, named: bool = False
    ) -> None:
        self.folder = folder
        self.port = port
        self.named = named
        """Behind the proxy: named by its port (``--worker-name``), trusting the proxy's
        ``X-Forwarded-For`` (docs/server.md, "Running two workers here")."""
        self.db = folder / "soak.sqlite3"
        self.database = database
        """A PostgreSQL URL (a worker on it), instead of the SQLite file."""
        self.proc: subprocess.Popen[bytes] | None = None
        self.runs = 0

    @property
    def url(self) -> str:
        return f"http://{HOST}:{self.port}"

    def start(self) -> None:
        args = [
            sys.executable, "-m", "schocken.cli", "serve",
            "--host", HOST, "--port", str(self.port),
            *(("--database", self.database) if self.database else ("--db", str(self.db))),
            "--bot-delay", "0", "--log-level", "warning",
        ]  # fmt: skip
        if self.named:
            args += ["--worker-name", str(self.port), "--forwarded-allow-ips", "127.0.0.1"]
        self.runs += 1
        log = (self.folder / f"server.{self.port}.{self.runs}.log").open("wb")
        self.proc = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=log)

    async def wait_ready(self, http: httpx.AsyncClient) -> None:
        while True:
            assert self.proc is not None
            if self.proc.poll() is not None:
                raise RuntimeError(f"the server exited with {self.proc.returncode}")
            with contextlib.suppress(httpx.HTTPError):
                if (await http.get(self.url + "/api/health", timeout=2)).status_code == 200:
                    return
            await asyncio.sleep(0.05)

    def kill(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
            self.proc.wait()

    def memory(self) -> tuple[int, int]:
        """Resident set and its peak (KiB) of the running server; 0, 0 for one not running (a
        worker killed near the end is still down)."""
        if self.proc is None or self.proc.poll() is not None:
            return 0, 0
        values = {}
        try:
            status = Path(f"/proc/{self.proc.pid}/status").read_text()
        except FileNotFoundError:
            return 0, 0
        for line in status.splitlines():
            key, _, rest = line.partition(":")
            if key in ("VmRSS", "VmHWM"):
                values[key] = int(rest.split()[0])
        return values.get("VmRSS", 0), values.get("VmHWM", 0)


@dataclass
class Stats:
    accepted: int = 0
    lost: int = 0
    errors: int = 0
    error_kinds: dict[str, int] = field(default_factory=dict)
    latencies: list[float] = field(default_factory=list)
    in_windows: int = 0
    games: int = 0
    reconnects: int = 0
    abuse_messages: int = 0
    abuse_closes: int = 0
    abuse_tables_refused: int = 0
    own_stalls: list[float] = field(default_factory=list)
    slow: list[tuple[float, float]] = field(default_factory=list)
    """Latencies over 50 ms: (latency, seconds since the last restart window ended)."""
    twice: int = 0
    """Stored steps that are no action a player sent on the state of that step."""
    back: list[float] = field(default_factory=list)
    """Per table of a killed worker: seconds from the kill to the first state after it."""
    given_up: int = 0
    """Tables left before their game: a request whose answer was lost (its worker killed while
    answering) had been done, and asking again was refused (a join: the name is taken)."""

    def error(self, kind: str) -> None:
        self.errors += 1
        self.error_kinds[kind] = self.error_kinds.get(kind, 0) + 1


class GivenUpError(Exception):
    """A table left before its game (:attr:`Stats.given_up`), or the soak's time is up."""


@dataclass(eq=False)
class Player:
    table: TableRun
    seat: int
    token: str
    ws: ClientConnection | None = None
    opened: contextlib.AsyncExitStack = field(default_factory=contextlib.AsyncExitStack)
    """The connection, entered as websockets' context manager (left to close it)."""
    state: dict[str, Any] | None = None
    acted_on: int = -1
    sent_at: float = 0.0
    seq: int = 0
    """How many of the game's events this player has heard of (a reconnection asks for the
    rest only, as the web page does)."""
    worker: int = 0
    """The worker this player talks to (with --workers)."""


@dataclass(eq=False)
class TableRun:
    id: str = ""
    code: str = ""
    players: list[Player] = field(default_factory=list)
    seen: int = 0
    """The highest step any player of the table has seen."""
    home: int = 0
    """The worker the table's requests go to (with --workers: where it was made)."""
    sends: set[tuple[int, int, str]] = field(default_factory=set)
    """Every action sent: (the step of the state it was chosen on, seat, action)."""
    down_since: float | None = None
    """When the worker that owned the table was killed (until a player sees a state again)."""
    route: str = ""
    """Behind the proxy routing by table: the route of the table's worker, as it last said."""


class Soak:
    def __init__(self, args: argparse.Namespace, servers: list[ServerProcess]) -> None:
        self.args = args
        self.servers = servers
        self.server = servers[0]
        self.workers = len(servers) > 1
        self.rng = random.Random(args.seed)
        self.stats = Stats()
        self.deadline = 0.0
        self.windows: list[tuple[float, float]] = []
        self.down = asyncio.Event()
        self.up = asyncio.Event()
        self.up.set()
        self.tables: list[TableRun] = []
        self.front: str | None = None
        """The proxy's address (``--proxy``): every player goes through it."""
        self.dead: set[int] = set()
        """The workers killed and not yet started again (with --workers): a client that fails
        to reach one of them goes to another, and that failure is no error."""

    def in_window(self, t: float) -> bool:
        return any(a <= t <= b for a, b in self.windows) or self.down.is_set()

    # ------------------------------------------------------------------ HTTP with retries

    async def post(
        self, http: httpx.AsyncClient, path: str, body: dict[str, Any], t: TableRun | None = None
    ) -> Any:
        answer_lost = False
        while True:
            if t is not None and time.perf_counter() > self.deadline:
                raise GivenUpError("the soak's time is up")
            await self.up.wait()
            started = time.perf_counter()
            server = self.servers[t.home if t is not None else 0]
            url = server.url + path
            if self.front is not None:
                url = self.front + (t.route if t is not None and path != "/api/tables" else "")
                url += path
            try:
                answer = await http.post(url, json=body, timeout=30)
            except httpx.HTTPError:
                answer_lost = True
                down = t is not None and t.home in self.dead
                if not (down or self.in_window(started) or self.in_window(time.perf_counter())):
                    self.stats.error("http")
                if t is not None:  # that worker is down: ask another
                    t.home = (t.home + 1) % len(self.servers)
                await asyncio.sleep(0.2)
                continue
            if answer.status_code == 200:
                if t is not None and self.args.proxy == "routed":
                    t.route = answer.headers.get("x-schocken-route", t.route)
                return answer.json()
            if answer.status_code == 503 and self.in_window(started):
                answer_lost = True
                await asyncio.sleep(0.2)
                continue
            if answer_lost and t is not None and 400 <= answer.status_code < 500:
                # Done before its answer was lost (a join: the name is taken now, the seat's
                # token never heard): the table is left, as a player would leave it.
                self.stats.given_up += 1
                raise GivenUpError(f"{path}: {answer.status_code} after an answer lost")
            answer_lost = answer.status_code >= 500
            self.stats.error(f"http {answer.status_code}")
            await asyncio.sleep(0.2)

    # ------------------------------------------------------------------ one table after another

    async def table_loop(self, index: int) -> None:
        # Every table's players come from an address of their own (127.1.x.y: loopback), so
        # that the server's limits per address hold as they are by default.
        address = f"127.1.{index // 250}.{index % 250 + 1}"
        # Plain HTTP on loopback: no certificates to load (loading them for every table's client
        # held the load generator up for seconds at its start).
        transport = httpx.AsyncHTTPTransport(local_address=address, verify=False)
        limits = httpx.Limits(keepalive_expiry=1)
        async with httpx.AsyncClient(transport=transport, limits=limits) as http:
            await self._tables(http, index, address)

    async def _tables(self, http: httpx.AsyncClient, index: int, address: str) -> None:
        names = [f"P{index}-{i}" for i in range(TABLE_SIZE)]
        n = len(self.servers)
        while time.perf_counter() < self.deadline:
            t = TableRun(home=index % n)
            body = {"name": names[0], "seats": TABLE_SIZE}
            try:
                made = await self.post(http, "/api/tables", body, t)
                t.id, t.code = made["id"], made["code"]
                t.players.append(Player(t, 0, made["token"], worker=index % n))
                for i in range(1, TABLE_SIZE):
                    path = f"/api/tables/{t.code}/join"
                    # A token of its own, as the page proposes: asked again (its answer lost
                    # with a killed worker), the same seat comes back.
                    body = {"name": names[i], "token": "s" + secrets.token_urlsafe(18)}
                    sat = await self.post(http, path, body, t)
                    seat = int(sat["seat"])
                    t.players.append(Player(t, seat, sat["token"], worker=(index + seat) % n))
                self.tables.append(t)
                for p in t.players:
                    await self.connect(p, address)
                path = f"/api/tables/{t.id}/start"
                await self.post(http, path, {"token": t.players[0].token}, t)
            except GivenUpError:
                for p in t.players:
                    with contextlib.suppress(Exception):
                        await p.opened.aclose()
                continue
            await asyncio.gather(*(self.play(p, address) for p in t.players))
            if any(
                p.state and p.state["view"] and p.state["view"]["loser"] is not None
                for p in t.players
            ):
                self.stats.games += 1
            for p in t.players:
                with contextlib.suppress(Exception):
                    await p.opened.aclose()

    async def connect(self, p: Player, address: str) -> None:
        while time.perf_counter() < self.deadline:
            await self.up.wait()
            started = time.perf_counter()
            try:
                uri = f"ws://{HOST}:{self.servers[p.worker].port}/ws/{p.table.id}"
                if self.front is not None:
                    uri = f"ws{self.front[4:]}{p.table.route}/ws/{p.table.id}"
                with contextlib.suppress(Exception):
                    await p.opened.aclose()  # the connection before, if any (lost by now)
                ws = await p.opened.enter_async_context(
                    connect(uri, open_timeout=30, local_addr=(address, 0))
                )
                since = p.seq or None
                hello = {"v": V, "type": "hello", "token": p.token, "lang": "en", "since": since}
                await ws.send(json.dumps(hello))
                first = json.loads(await asyncio.wait_for(ws.recv(), 30))
            except (OSError, TimeoutError, WebSocketException) as exc:
                down = p.worker in self.dead  # a player moves on from a killed worker
                if not (down or self.in_window(started) or self.in_window(time.perf_counter())):
                    self.stats.error("connect")
                    if os.environ.get("SOAK_DEBUG"):
                        print("connect", uri, repr(exc), flush=True)
                if self.workers:  # that worker is down, or let the table go: ask another
                    p.worker = (p.worker + 1) % len(self.servers)
                p.table.route = ""  # as the page: the route cannot be reached, the plain path
                await asyncio.sleep(0.2 + self.rng.random() * 0.5)
                continue
            if first.get("type") != "state":
                self.stats.error(f"connect {first.get('code')}")
                await asyncio.sleep(0.5)
                continue
            p.ws = ws
            t = p.table
            if first["step"] < t.seen:
                self.stats.lost += t.seen - first["step"]
                print(f"LOST {t.seen - first['step']} steps at table {t.id}", flush=True)
            p.state = None
            self.observe(p, first)
            route = first.get("route")
            if self.args.proxy == "routed" and route is not None and route != t.route:
                t.route = str(route)  # reached through another worker: to the table's own
                continue
            return

    def observe(self, p: Player, message: dict[str, Any]) -> None:
        """A state (everything anew) or an update (what changed: merged into the last state);
        the view's seat is the player's own (protocol 3 leaves it to the client)."""
        if message["type"] == "update" and p.state is not None:
            state = {**p.state, **{k: message[k] for k in ("step", "view", "legal")}}
        else:
            state = message
        if state.get("view") is not None and "seat" not in state["view"]:
            state = {**state, "view": {**state["view"], "seat": p.seat}}
        p.state = state
        p.seq = message.get("seq", p.seq)
        t = p.table
        t.seen = max(t.seen, state["step"])
        if t.down_since is not None and message["type"] == "state":
            self.stats.back.append(time.perf_counter() - t.down_since)
            t.down_since = None
        if p.acted_on >= 0 and state["step"] > p.acted_on:
            self.stats.accepted += 1
            if self.in_window(p.sent_at):
                self.stats.in_windows += 1
            else:
                took = time.perf_counter() - p.sent_at
                self.stats.latencies.append(took)
                if took > 0.05:
                    since = p.sent_at - max([b for _, b in self.windows] or [0.0])
                    self.stats.slow.append((took, since))
            p.acted_on = -1

    async def play(self, p: Player, address: str) -> None:
        think = self.args.think
        while True:
            st = p.state
            if time.perf_counter() > self.deadline:
                return
            if st is not None and st["view"] is not None:
                if st["view"]["loser"] is not None:
                    return
                action = simple_choice(st)
                if action is not None and p.acted_on != st["step"]:
                    await asyncio.sleep(think * (0.5 + self.rng.random()))
                    if p.state is st and p.ws is not None:
                        p.acted_on = st["step"]
                        p.table.sends.add((st["step"], p.seat, action))
                        p.sent_at = time.perf_counter()
                        with contextlib.suppress(ConnectionClosed):
                            await p.ws.send(
                                json.dumps({"v": V, "type": "action", "action": action})
                            )
            try:
                assert p.ws is not None
                left = max(0.01, self.deadline - time.perf_counter())
                message = json.loads(await asyncio.wait_for(p.ws.recv(), left))
            except TimeoutError:
                return
            except (ConnectionClosed, AssertionError):
                self.stats.reconnects += 1
                p.acted_on = -1
                await self.connect(p, address)
                continue
            if message.get("type") in ("state", "update"):
                self.observe(p, message)
            elif message.get("type") == "error":
                if message.get("code") == "illegal" and p.acted_on == -1:
                    continue  # an action that crossed a restart: the game had moved on
                self.stats.error(str(message.get("code")))
                p.acted_on = -1

    # ------------------------------------------------------------------ the abuser

    async def abuse(self) -> None:
        """From an address of its own (127.0.0.2)."""
        transport = httpx.AsyncHTTPTransport(local_address="127.0.0.2")
        async with httpx.AsyncClient(transport=transport) as http:
            await self._abuse(http)

    async def _abuse(self, http: httpx.AsyncClient) -> None:
        made = await self.post(http, "/api/tables", {"name": "Flood", "seats": 2})
        while time.perf_counter() < self.deadline:
            await self.up.wait()
            server = self.servers[self.stats.abuse_closes % len(self.servers)]
            where = f"ws://{HOST}:{server.port}" if self.front is None else f"ws{self.front[4:]}"
            with contextlib.suppress(OSError, TimeoutError, WebSocketException):
                async with connect(
                    f"{where}/ws/{made['id']}",
                    open_timeout=30,
                    local_addr=("127.0.0.2", 0),
                ) as ws:
                    hello = {"v": V, "type": "hello", "token": made["token"], "since": None}
                    await ws.send(json.dumps(hello))
                    junk = json.dumps({"v": V, "type": "action", "action": "stop"})
                    while True:
                        await ws.send(junk)
                        self.stats.abuse_messages += 1
                        if self.stats.abuse_messages % 64 == 0:
                            await asyncio.sleep(0)
            self.stats.abuse_closes += 1
            # Between floods: tables as fast as it can make them (refused after a few).
            for _ in range(20):
                with contextlib.suppress(httpx.HTTPError):
                    answer = await http.post(
                        (self.front or server.url) + "/api/tables", json={"name": "F"}, timeout=10
                    )
                    if answer.status_code == 429:
                        self.stats.abuse_tables_refused += 1

    # ------------------------------------------------------------------ the killer

    async def killer(self, http: httpx.AsyncClient) -> None:
        if self.workers:
            await self.worker_killer(http)
            return
        while True:
            await asyncio.sleep(self.args.kill_every * (0.5 + self.rng.random()))
            if time.perf_counter() > self.deadline - 20:
                return
            began = time.perf_counter()
            self.down.set()
            self.up.clear()
            self.server.kill()
            self.server.start()
            await self.server.wait_ready(http)
            ready = time.perf_counter()
            self.windows.append((began, ready + WINDOW_AFTER))
            self.up.set()
            self.down.clear()
            print(f"killed and restarted: {ready - began:.2f} s to answer again", flush=True)

    async def worker_killer(self, http: httpx.AsyncClient) -> None:
        """One worker after the other: SIGKILL, and started again ``--down-for`` s later."""
        kills = 0
        restarts: set[asyncio.Task[None]] = set()
        while True:
            await asyncio.sleep(self.args.kill_every * (0.5 + self.rng.random()))
            if time.perf_counter() > self.deadline - 20:
                break
            index = kills % len(self.servers)
            victim = self.servers[index]
            kills += 1
            health = await http.get(victim.url + "/api/health", timeout=10)
            worker = health.json()["worker"]
            owned = set(await asyncio.to_thread(self.leases_of, worker))
            began = time.perf_counter()
            victim.kill()
            self.dead.add(index)
            played = 0
            for t in self.tables:
                if t.id in owned:
                    t.down_since = began
                    played += 1
            self.windows.append((began, began + 10))
            print(
                f"killed worker {worker} (port {victim.port}): it owned {len(owned)} tables, "
                f"{played} of them the players' (the others the abusive client's)",
                flush=True,
            )

            async def restart(server: ServerProcess = victim, index: int = index) -> None:
                await asyncio.sleep(self.args.down_for)
                server.start()
                await server.wait_ready(http)
                self.dead.discard(index)

            task = asyncio.create_task(restart())
            restarts.add(task)
            task.add_done_callback(restarts.discard)
        for task in list(restarts):
            with contextlib.suppress(Exception):
                await task

    def leases_of(self, worker: str) -> list[str]:
        import psycopg

        assert self.server.database is not None
        with psycopg.connect(self.server.database, autocommit=True) as db:
            rows = db.execute("SELECT table_id FROM leases WHERE worker = %s", (worker,))
            return [str(r[0]) for r in rows.fetchall()]

    def stored(self) -> dict[str, list[tuple[int, int, str]]]:
        """Every table's stored steps: (index, seat, action)."""
        rows: list[tuple[Any, ...]]
        if self.server.database is not None:
            import psycopg

            with psycopg.connect(self.server.database, autocommit=True) as db:
                rows = db.execute("SELECT table_id, idx, seat, action FROM steps").fetchall()
        else:
            with contextlib.closing(sqlite3.connect(self.server.db)) as sq:
                rows = sq.execute("SELECT table_id, idx, seat, action FROM steps").fetchall()
        found: dict[str, list[tuple[int, int, str]]] = {}
        for table_id, idx, seat, action in rows:
            found.setdefault(str(table_id), []).append((int(idx), int(seat), str(action)))
        return found

    async def watch_loop(self) -> None:
        """This process's own event-loop stalls (they count into every latency measured)."""
        while True:
            before = time.perf_counter()
            await asyncio.sleep(0.05)
            self.stats.own_stalls.append(time.perf_counter() - before - 0.05)

    async def run(self) -> None:
        limits = httpx.Limits(max_connections=200, keepalive_expiry=1)
        async with httpx.AsyncClient(limits=limits) as http:
            self.deadline = time.perf_counter() + self.args.minutes * 60
            n_tables = self.args.players // TABLE_SIZE
            killer = asyncio.create_task(self.killer(http))
            watcher = asyncio.create_task(self.watch_loop())
            abuser = asyncio.create_task(self.abuse())
            await asyncio.gather(*(self.table_loop(i) for i in range(n_tables)))
            killer.cancel()
            abuser.cancel()
            watcher.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await killer
            with contextlib.suppress(asyncio.CancelledError):
                await abuser

    def check_file(self) -> None:
        """At the end: no table has fewer steps stored than its players saw, and every stored
        step is an action a player sent on the state of that step."""
        stored = self.stored()
        for t in self.tables:
            steps = stored.get(t.id, [])
            if len(steps) < t.seen:
                self.stats.lost += t.seen - len(steps)
            self.stats.twice += sum(1 for step in steps if step not in t.sends)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=1000)
    parser.add_argument("--minutes", type=float, default=10.0)
    parser.add_argument("--think", type=float, default=1.0, help="seconds a player thinks")
    parser.add_argument("--kill-every", type=float, default=90.0, help="seconds between kills")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--workers",
        type=int,
        default=1,
        help="2 or more: that many workers on one PostgreSQL server (started by the soak)",
    )
    parser.add_argument(
        "--down-for",
        type=float,
        default=30.0,
        help="with --workers: seconds a killed worker stays down before it is started again",
    )
    parser.add_argument(
        "--proxy",
        choices=("none", "routed", "round-robin"),
        default="none",
        help="with --workers 2: every player goes through the proxy docs/server.md configures "
        "(routed: a table's players under its worker's route; round-robin: without the routes)",
    )
    parser.add_argument(
        "--proxy-server", choices=("nginx", "caddy"), default="nginx", help="which proxy"
    )
    args = parser.parse_args()
    if not 1 <= args.workers <= 8:
        parser.error("--workers is 1 to 8")
    if args.proxy != "none" and args.workers != 2:
        parser.error("--proxy needs --workers 2 (the docs' configuration)")
    _, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    with contextlib.suppress(ValueError, OSError):
        resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    with contextlib.ExitStack() as stack:
        folder = stack.enter_context(tempfile.TemporaryDirectory(prefix="schocken-soak-"))
        database = None
        if args.workers > 1:
            sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
            from postgres_helpers import postgres

            database = stack.enter_context(postgres()).new_database()
        import socket

        servers = []
        for _ in range(args.workers):
            with socket.socket() as sock:
                sock.bind((HOST, 0))
                port = sock.getsockname()[1]
            servers.append(ServerProcess(Path(folder), port, database, args.proxy != "none"))
        soak = Soak(args, servers)
        started = time.perf_counter()
        cpu_before = os.times()

        async def go() -> None:
            async with httpx.AsyncClient() as http:
                for each in servers:  # one after the other: the first makes the tables
                    each.start()
                    await each.wait_ready(http)
            if args.proxy != "none":
                from proxy_helpers import proxied

                soak.front, _ = stack.enter_context(
                    proxied(
                        args.proxy_server,
                        [each.port for each in servers],
                        Path(folder) / "proxy",
                        routes=args.proxy == "routed",
                    )
                )
            await soak.run()

        try:
            asyncio.run(go())
            rss, peak = max(each.memory() for each in servers)
            soak.check_file()
        finally:
            for each in servers:
                each.kill()
            if os.environ.get("SOAK_DEBUG"):
                for log in (Path(folder) / "proxy").glob("*error.log"):
                    print(f"{log.name} (tail):", log.read_text()[-6000:])
        took = time.perf_counter() - started
        st = soak.stats
        lat = sorted(st.latencies)
        print(
            f"{args.players} players at {args.players // TABLE_SIZE} tables of {TABLE_SIZE}, "
            f"think {args.think} s ± 50%, {took / 60:.1f} min, {len(soak.windows)} kills "
            f"(SIGKILL) and restarts, seed {args.seed}, default limits"
            + (f", {args.workers} workers on PostgreSQL" if args.workers > 1 else "")
            + (f", behind {args.proxy_server} ({args.proxy})" if args.proxy != "none" else "")
        )
        print(f"games finished: {st.games}; reconnects: {st.reconnects}")
        print(f"actions accepted: {st.accepted} ({st.in_windows} of them sent in a restart window)")
        print(f"actions lost: {st.lost}")
        print(f"actions applied twice (or out of place): {st.twice}")
        if args.workers > 1:
            back = sorted(st.back)
            print(
                f"time to come back ({len(back)} tables of killed workers, kill to the first "
                f"state again): p50 {percentile(back, 50):.2f} s, max "
                f"{(back[-1] if back else 0):.2f} s"
            )
            if back:
                print(
                    "  by decile: "
                    + ", ".join(f"{percentile(back, q):.2f}" for q in range(10, 100, 10))
                )
        print(f"errors: {st.errors} {st.error_kinds if st.errors else ''}".rstrip())
        if st.given_up:
            print(
                f"tables given up before their game: {st.given_up} (a request done before its "
                "answer was lost with its worker, refused when asked again)"
            )
        print(
            f"latency outside restart windows ({len(lat)} actions): p50 "
            f"{percentile(lat, 50) * 1000:.1f} ms, p99 {percentile(lat, 99) * 1000:.1f} ms, "
            f"max {(lat[-1] if lat else 0) * 1000:.1f} ms"
        )
        if st.slow:
            worst = sorted(st.slow, reverse=True)[:5]
            print(
                "slowest (latency, s after the last restart window): "
                + ", ".join(f"{a * 1000:.0f} ms at +{b:.1f} s" for a, b in worst)
            )
        print(
            f"abusive client: {st.abuse_messages} messages flooded, closed {st.abuse_closes} "
            f"times, {st.abuse_tables_refused} tables refused"
        )
        print(f"server memory at the end: RSS {rss / 1024:.0f} MiB (peak {peak / 1024:.0f} MiB)")
        cpu = os.times()
        stalls = [
            line
            for log in sorted(Path(folder).glob("server.*.log"))
            for line in log.read_text(errors="replace").splitlines()
            if "held up" in line or "write took" in line or "collection took" in line
        ]
        own = sorted(st.own_stalls)
        print(
            f"load generator's own event-loop stalls: p99 {percentile(own, 99) * 1000:.1f} ms, "
            f"max {(own[-1] if own else 0) * 1000:.1f} ms"
        )
        if stalls:
            print(f"server's own warnings of stalls: {len(stalls)}; the last: {stalls[-5:]}")
        if args.workers > 1:
            events = {
                "tables taken over": "taken over (its worker",
                "tables dropped (another worker took them)": "dropped here",
                "changes refused, not stored": "could not be stored",
                "leases not kept in a round": "leases could not be kept",
                "carried connections ended (a worker gone)": "stopped answering",
            }
            lines = [
                line
                for log in sorted(Path(folder).glob("server.*.log"))
                for line in log.read_text(errors="replace").splitlines()
            ]
            said = [f"{n} {k}" for k, w in events.items() if (n := sum(w in x for x in lines))]
            print("the workers' logs: " + ("; ".join(said) or "nothing of note"))
            takes = [x.split("took over ", 1)[1] for x in lines if "took over " in x]
            if takes:
                print("  the take-overs: " + "; ".join(takes))
            refused = [x for x in lines if "could not be stored" in x or "could not be kept" in x]
            for line in refused[:5]:
                print(f"  {line[:200]}")
        used = cpu.user + cpu.system - cpu_before.user - cpu_before.system
        print(f"load generator CPU: {used:.0f} s")
        return 1 if st.lost or st.errors or st.twice else 0


if __name__ == "__main__":
    sys.exit(main())
