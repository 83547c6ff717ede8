"""Soak: many players at a human pace for a long time, the server killed (SIGKILL) at random
moments and started again, and one abusive client flooding it all the while.

Usage: python bench/soak.py [--players 1000] [--minutes 10] [--think 1.0] [--kill-every 90]
                            [--seed 1]

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
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import resource
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
    def __init__(self, folder: Path, port: int) -> None:
        self.folder = folder
        self.port = port
        self.db = folder / "soak.sqlite3"
        self.proc: subprocess.Popen[bytes] | None = None
        self.runs = 0

    @property
    def url(self) -> str:
        return f"http://{HOST}:{self.port}"

    def start(self) -> None:
        args = [
            sys.executable, "-m", "schocken.cli", "serve",
            "--host", HOST, "--port", str(self.port), "--db", str(self.db),
            "--bot-delay", "0", "--log-level", "warning",
        ]  # fmt: skip
        self.runs += 1
        log = (self.folder / f"server.{self.runs}.log").open("wb")
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
        """Resident set and its peak (KiB) of the running server."""
        if self.proc is None:
            return 0, 0
        values = {}
        for line in Path(f"/proc/{self.proc.pid}/status").read_text().splitlines():
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

    def error(self, kind: str) -> None:
        self.errors += 1
        self.error_kinds[kind] = self.error_kinds.get(kind, 0) + 1


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


@dataclass(eq=False)
class TableRun:
    id: str = ""
    code: str = ""
    players: list[Player] = field(default_factory=list)
    seen: int = 0
    """The highest step any player of the table has seen."""


class Soak:
    def __init__(self, args: argparse.Namespace, server: ServerProcess) -> None:
        self.args = args
        self.server = server
        self.rng = random.Random(args.seed)
        self.stats = Stats()
        self.deadline = 0.0
        self.windows: list[tuple[float, float]] = []
        self.down = asyncio.Event()
        self.up = asyncio.Event()
        self.up.set()
        self.tables: list[TableRun] = []

    def in_window(self, t: float) -> bool:
        return any(a <= t <= b for a, b in self.windows) or self.down.is_set()

    # ------------------------------------------------------------------ HTTP with retries

    async def post(self, http: httpx.AsyncClient, path: str, body: dict[str, Any]) -> Any:
        while True:
            await self.up.wait()
            started = time.perf_counter()
            try:
                answer = await http.post(self.server.url + path, json=body, timeout=30)
            except httpx.HTTPError:
                if not self.in_window(started) and not self.in_window(time.perf_counter()):
                    self.stats.error("http")
                await asyncio.sleep(0.2)
                continue
            if answer.status_code == 200:
                return answer.json()
            if answer.status_code == 503 and self.in_window(started):
                await asyncio.sleep(0.2)
                continue
            self.stats.error(f"http {answer.status_code}")
            await asyncio.sleep(0.2)

    # ------------------------------------------------------------------ one table after another

    async def table_loop(self, index: int) -> None:
        # Every table's players come from an address of their own (127.1.x.y: loopback), so
        # that the server's limits per address hold as they are by default.
        address = f"127.1.{index // 250}.{index % 250 + 1}"
        transport = httpx.AsyncHTTPTransport(local_address=address)
        limits = httpx.Limits(keepalive_expiry=1)
        async with httpx.AsyncClient(transport=transport, limits=limits) as http:
            await self._tables(http, index, address)

    async def _tables(self, http: httpx.AsyncClient, index: int, address: str) -> None:
        names = [f"P{index}-{i}" for i in range(TABLE_SIZE)]
        while time.perf_counter() < self.deadline:
            t = TableRun()
            made = await self.post(http, "/api/tables", {"name": names[0], "seats": TABLE_SIZE})
            t.id, t.code = made["id"], made["code"]
            t.players.append(Player(t, 0, made["token"]))
            for i in range(1, TABLE_SIZE):
                sat = await self.post(http, f"/api/tables/{t.code}/join", {"name": names[i]})
                t.players.append(Player(t, int(sat["seat"]), sat["token"]))
            self.tables.append(t)
            for p in t.players:
                await self.connect(p, address)
            await self.post(http, f"/api/tables/{t.id}/start", {"token": t.players[0].token})
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
        while True:
            await self.up.wait()
            started = time.perf_counter()
            try:
                uri = f"ws://{HOST}:{self.server.port}/ws/{p.table.id}"
                with contextlib.suppress(Exception):
                    await p.opened.aclose()  # the connection before, if any (lost by now)
                ws = await p.opened.enter_async_context(
                    connect(uri, open_timeout=30, local_addr=(address, 0))
                )
                since = p.seq or None
                hello = {"v": V, "type": "hello", "token": p.token, "lang": "en", "since": since}
                await ws.send(json.dumps(hello))
                first = json.loads(await asyncio.wait_for(ws.recv(), 30))
            except (OSError, TimeoutError, WebSocketException):
                if not self.in_window(started) and not self.in_window(time.perf_counter()):
                    self.stats.error("connect")
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
            with contextlib.suppress(OSError, TimeoutError, WebSocketException):
                async with connect(
                    f"ws://{HOST}:{self.server.port}/ws/{made['id']}",
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
                        self.server.url + "/api/tables", json={"name": "F"}, timeout=10
                    )
                    if answer.status_code == 429:
                        self.stats.abuse_tables_refused += 1

    # ------------------------------------------------------------------ the killer

    async def killer(self, http: httpx.AsyncClient) -> None:
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
        """At the end: no table has fewer steps stored than its players saw."""
        with contextlib.closing(sqlite3.connect(self.server.db)) as db:
            for t in self.tables:
                (stored,) = db.execute(
                    "SELECT COUNT(*) FROM steps WHERE table_id = ?", (t.id,)
                ).fetchone()
                if stored < t.seen:
                    self.stats.lost += t.seen - stored


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=1000)
    parser.add_argument("--minutes", type=float, default=10.0)
    parser.add_argument("--think", type=float, default=1.0, help="seconds a player thinks")
    parser.add_argument("--kill-every", type=float, default=90.0, help="seconds between kills")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    _, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    with contextlib.suppress(ValueError, OSError):
        resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    with tempfile.TemporaryDirectory(prefix="schocken-soak-") as folder:
        import socket

        with socket.socket() as s:
            s.bind((HOST, 0))
            port = s.getsockname()[1]
        server = ServerProcess(Path(folder), port)
        server.start()
        soak = Soak(args, server)
        started = time.perf_counter()
        cpu_before = os.times()

        async def go() -> None:
            async with httpx.AsyncClient() as http:
                await server.wait_ready(http)
            await soak.run()

        try:
            asyncio.run(go())
            rss, peak = server.memory()
            soak.check_file()
        finally:
            server.kill()
        took = time.perf_counter() - started
        st = soak.stats
        lat = sorted(st.latencies)
        print(
            f"{args.players} players at {args.players // TABLE_SIZE} tables of {TABLE_SIZE}, "
            f"think {args.think} s ± 50%, {took / 60:.1f} min, {len(soak.windows)} kills "
            f"(SIGKILL) and restarts, seed {args.seed}, default limits"
        )
        print(f"games finished: {st.games}; reconnects: {st.reconnects}")
        print(f"actions accepted: {st.accepted} ({st.in_windows} of them sent in a restart window)")
        print(f"actions lost: {st.lost}")
        print(f"errors: {st.errors} {st.error_kinds if st.errors else ''}".rstrip())
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
        used = cpu.user + cpu.system - cpu_before.user - cpu_before.system
        print(f"load generator CPU: {used:.0f} s")
        return 1 if st.lost or st.errors else 0


if __name__ == "__main__":
    sys.exit(main())
