"""Benchmark: many human players at once against a real `schocken serve`, on loopback only.

Usage: python bench/server.py [--players 1000] [--table-size 4] [--preset tsv99] [--think 0]
                              [--jitter 0.5] [--seed 1] [--timeout 900]
                              [--against SRC [--pairs N]] [--engine sqlite|postgresql]
                              [--workers N] [--spread mixed|owner] [--compare [--pairs N]]
                              [--client picows|c]

It starts ``schocken serve`` itself in a subprocess (its own temporary SQLite file, seeded dice,
``--bot-delay 0``, ``--log-level warning``) on a free port of 127.0.0.1, and plays against it from
this process with asyncio and the ``picows`` client: ``--players`` players at tables of
``--table-size`` humans (no bots). Each table is made with POST /api/tables, the others sit down
with POST /api/tables/{code}/join, every player opens one WebSocket, and once all are connected
every host starts its table (POST /api/tables/{id}/start). Every player acts as soon as a state
gives it legal actions (a fixed choice: throw once more while a throw is left, keep ones, never
buy in), after waiting ``--think`` seconds (times 1 ± ``--jitter``, drawn from a seeded random
source) to model a human's pace. Every table is played to its end (``view.loser`` set); a player
closes its connection when it has seen the end.

It prints the players connected at once (peak), the tables finished, the accepted actions per
second over the play (from the first start to the last end), the latency of an action and the
error count. The latency of an action runs from sending it to the moment EVERY client of its table
has received a state whose ``step`` (the number of accepted steps) is higher than the step the
action was chosen on: the moment the slowest player at the table sees it. It is measured with
time.perf_counter in the load generator, so it includes the loopback and the time a message waits
for this process's event loop. An error is any ``error`` message, any failed HTTP request or
connection, and any table not finished when ``--timeout`` runs out; the run stops by itself then.

With ``--against SRC`` the same benchmark also runs against the server of another checkout's
``src`` folder (``PYTHONPATH=SRC``), alternately with this tree's, ``--pairs`` times each, and the
medians are printed side by side with their ratio. The load generator speaks the protocol each
server says it speaks (``/api/health``): 2 (a full state after every action) or 3 (a state,
then updates). The load generator never asks for permessage-deflate (a server of this tree
compresses only with ``schocken serve --compression``, and only when the client asks).

With ``--engine postgresql`` the server keeps its data on a PostgreSQL server the benchmark
starts in a temporary folder (Debian's ``postgresql``, as the tests start it), and is
``--workers`` workers (``schocken serve --database``) on one database of it: a table is made at
worker ``i % N`` and its seats talk to the workers in turn (``--spread mixed``: with 2, half of
the players reach their table through the relay) or all to the one that made it (``owner``).
``--compare`` runs 1 process on SQLite, 1 worker, and ``--workers`` (2 at least) workers with
each spread, one after the other, and prints them side by side.

The load generator is one process, beside the server, on purpose: on a 2-core machine a second
generator process would only share the same cores with the server. It is made to cost the
machine little, since every CPU second it spends is one the server does not get: picows (its
WebSocket frames read in C, handed to a callback, no task per message) instead of the
``websockets`` client, and an update that only tells a player the table moved on is read for its
``step`` alone (see :class:`Client`). With ``--client c`` (think 0 only) the players are
bench/loadgen.c instead, built with the system's ``cc`` into the temporary folder: the same
players and choices in one epoll loop, at about 0.05 ms of CPU per action against picows'
0.09. The CPU time each side used is printed (PostgreSQL's too), so it is plain which side was
the limit.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import importlib.util
import json
import os
import random
import resource
import statistics
import subprocess
import tempfile
import time
from collections import Counter
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

import httpx
from picows import WSCloseCode, WSError, WSFrame, WSListener, WSMsgType, WSTransport, ws_connect

from schocken.players import MAX_PLAYERS, MIN_PLAYERS
from schocken.rules import PRESETS
from serving import HOST, ServerProcess, cpu_capped, simple_choice

"""The only address used: the server listens here and every client connects here."""

T = TypeVar("T")


def machine_busy_seconds() -> float:
    """CPU time all processes of the machine have used (Linux /proc/stat; 0 elsewhere)."""
    with contextlib.suppress(OSError, ValueError, IndexError):
        ticks = [int(x) for x in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
        idle = ticks[3] + ticks[4]  # idle, iowait
        return (sum(ticks[:8]) - idle) / os.sysconf("SC_CLK_TCK")
    return 0.0


def percentile(ordered: list[float], p: float) -> float:
    """The nearest-rank percentile of an ascending list (0 for an empty one)."""
    if not ordered:
        return 0.0
    rank = max(1, min(len(ordered), round(p / 100 * len(ordered) + 0.5)))
    return ordered[rank - 1]


# --------------------------------------------------------------------------- the server


def bench_server(
    folder: Path,
    seed: int,
    src: str | None = None,
    database: str | None = None,
    named: bool = False,
) -> ServerProcess:
    """The server under load: seeded, bots at once, and the limits per address and per client
    out of the way (one address plays every seat); on ``database`` (PostgreSQL), one worker,
    ``named`` by its port (``--worker-name``, as docs/server.md names them)."""
    return ServerProcess(
        folder,
        [
            "--seed", str(seed), "--bot-delay", "0", "--log-level", "warning",
            "--conns-per-address", "100000", "--tables-per-minute", "100000",
            "--max-tables", "100000", "--msg-rate", "1000", "--max-connections", "100000",
            *(("--worker-name", "{port}") if named else ()),
        ],
        src=src,
        database=database,
    )  # fmt: skip


# --------------------------------------------------------------------------- the players


@dataclass
class Stats:
    connected: int = 0
    peak: int = 0
    errors: int = 0
    error_samples: list[str] = field(default_factory=list)
    actions: int = 0
    """Actions sent."""
    latencies: list[float] = field(default_factory=list)
    sent_at: list[float] = field(default_factory=list)
    """When each measured action was sent (perf_counter), in the order of ``latencies``."""
    stalls: list[float] = field(default_factory=list)
    """How late this process's event loop woke from each 10 ms sleep during the play."""
    tables_finished: int = 0
    first_start: float | None = None
    last_end: float | None = None
    stopped: float = 0.0

    def error(self, what: str) -> None:
        self.errors += 1
        if len(self.error_samples) < 5:
            self.error_samples.append(what)


@dataclass(eq=False)
class Player:
    table: TableRun
    seat: int
    token: str
    ws: WSTransport | None = None
    gone: asyncio.Future[None] | None = None
    """Set once the connection has ended."""
    seen: int = -1
    """The highest step of a state this player has received."""
    acted: int = -1
    """The step of the state this player last chose an action on."""
    done: bool = False
    thinking: asyncio.TimerHandle | None = None
    """The action this player is thinking about (sent when the think time is over)."""

    def leave(self) -> None:
        """Close the connection (the server is told; ``gone`` is set once it has ended)."""
        if self.thinking is not None:
            self.thinking.cancel()
        if self.ws is not None and not self.ws.is_disconnected:
            self.ws.send_close(WSCloseCode.OK)
            self.ws.disconnect()


UPDATE = b'{"v":3,"type":"update","step":'
"""How every update of protocol 3 begins (the server's compact JSON, keys in its order)."""


class Client(WSListener):
    """One player's connection. picows hands every frame over as it arrives (no task or queue
    per message), so the load generator spends little of the machine's CPU on its side.

    An update that gives this player nothing to do (``"legal":[]``) and does not end the game
    (``"loser":null``) is only read for its step; every other message is read whole."""

    def __init__(self, bench: Bench, player: Player) -> None:
        self.bench = bench
        self.player = player

    def on_ws_connected(self, transport: WSTransport) -> None:
        self.player.ws = transport
        bench, player = self.bench, self.player
        bench.stats.connected += 1
        bench.stats.peak = max(bench.stats.peak, bench.stats.connected)
        hello = {
            "v": bench.protocol, "type": "hello", "token": player.token, "lang": "en",
            "since": None,
        }  # fmt: skip
        transport.send(WSMsgType.TEXT, json.dumps(hello).encode())

    def on_ws_frame(self, transport: WSTransport, frame: WSFrame) -> None:
        if frame.msg_type is WSMsgType.TEXT and frame.fin:
            raw = frame.get_payload_as_bytes()
            if raw.startswith(UPDATE) and b'"legal":[]' in raw and b'"loser":null' in raw:
                self.bench.seen(self.player, int(raw[len(UPDATE) : raw.index(b",", len(UPDATE))]))
                return
            try:
                self.bench.received(self.player, json.loads(raw))
            except (ValueError, KeyError, TypeError) as exc:  # a message not as documented
                self.bench.abandon(self.player.table, f"seat {self.player.seat}: {exc!r}")
        elif frame.msg_type is WSMsgType.CLOSE:
            if not self.player.done:
                what = f"seat {self.player.seat}: closed by the server ({frame.get_close_code()})"
                self.bench.abandon(self.player.table, what)
            transport.send_close(frame.get_close_code())
            transport.disconnect()
        elif frame.msg_type is not WSMsgType.PONG:
            self.bench.abandon(self.player.table, f"seat {self.player.seat}: a frame {frame}")

    def on_ws_disconnected(self, transport: WSTransport) -> None:
        player = self.player
        self.bench.stats.connected -= 1
        if player.thinking is not None:
            player.thinking.cancel()
        if not player.done:
            self.bench.abandon(player.table, f"seat {player.seat}: connection closed")
        if player.gone is not None and not player.gone.done():
            player.gone.set_result(None)


@dataclass(eq=False)
class TableRun:
    index: int
    seats: int
    id: str = ""
    code: str = ""
    players: list[Player] = field(default_factory=list)
    pending: list[tuple[int, float]] = field(default_factory=list)
    """Actions sent and not yet seen by everyone: (step chosen on, perf_counter at send)."""
    ended: int = 0
    failed: bool = False
    port: int = 0
    """The worker the table was made at (its owner); behind a proxy, the proxy's."""
    route: str = ""
    """Behind a proxy that routes by table: the owner's route (``/w/<name>``), as its answer
    to the table's creation said it; else empty."""

    def on_state(self, now: float, stats: Stats) -> None:
        """A player got a newer state: the actions every player has now seen are done."""
        if not self.pending:
            return
        slowest = min(p.seen for p in self.players)
        keep: list[tuple[int, float]] = []
        for step, sent in self.pending:
            if step < slowest:
                stats.latencies.append(now - sent)
                stats.sent_at.append(sent)
            else:
                keep.append((step, sent))
        self.pending = keep


class Bench:
    def __init__(
        self,
        args: argparse.Namespace,
        ports: list[int],
        protocol: int = 3,
        probe: Callable[[], tuple[float, ...]] | None = None,
    ) -> None:
        self.args = args
        self.probe = probe
        """CPU seconds used so far by the server, this process, PostgreSQL, the whole machine
        and the proxy (sampled during the play, see :meth:`sample_cpu`)."""
        self.cpu_samples: list[tuple[float, tuple[float, ...]]] = []
        self.loadgen: Path | None = None
        """bench/loadgen.c, built (``--client c``)."""
        self.child_pid: int | None = None
        self.ports = ports
        """The workers' ports (one: a single server)."""
        self.protocol = protocol
        """The server's protocol version: 2 (a full state after every action) or 3 (the
        history, then updates)."""
        self.stats = Stats()
        self.rng = random.Random(args.seed)
        self.tables: list[TableRun] = []
        self.closing: set[asyncio.Task[None]] = set()

    def think_time(self) -> float:
        think: float = self.args.think
        if think <= 0:
            return 0.0
        return think * (1 + self.rng.uniform(-self.args.jitter, self.args.jitter))

    async def limited(self, sem: asyncio.Semaphore, coro: Awaitable[T]) -> T:
        async with sem:
            return await coro

    def port_of(self, t: TableRun, seat: int) -> int:
        """The worker a player of ``t`` talks to: with ``--spread mixed`` the seats of a table
        go round the workers (with 2, half of the players reach the table through the relay);
        with ``owner`` every player talks to the worker that made the table."""
        if self.args.spread == "owner":
            return t.port
        return self.ports[(t.index + seat) % len(self.ports)]

    async def post(self, http: httpx.AsyncClient, path: str, body: dict[str, Any]) -> Any:
        return (await self.post_routed(http, path, body))[0]

    async def post_routed(
        self, http: httpx.AsyncClient, path: str, body: dict[str, Any]
    ) -> tuple[Any, str]:
        """The answer, and the route of the worker that made it (``X-Schocken-Route``)."""
        response = await http.post(path, json=body)
        if response.status_code != 200:
            raise RuntimeError(f"POST {path}: {response.status_code} {response.text[:200]}")
        return response.json(), response.headers.get("x-schocken-route", "")

    # ------------------------------------------------------------------ lobby

    def http(self) -> httpx.AsyncClient:
        # The server (uvicorn) closes a keep-alive connection idle for 5 s, httpx reuses one idle
        # for up to 5 s by default: a request racing that close is reset (httpx.ReadError).
        # Idle connections are dropped here after 1 s instead.
        limits = httpx.Limits(max_connections=64, max_keepalive_connections=64, keepalive_expiry=1)
        return httpx.AsyncClient(timeout=60, limits=limits)

    def abandon(self, t: TableRun, what: str) -> None:
        """A table with an error is given up (one error for it): every player leaves it."""
        if t.failed:
            return
        self.fail(t, what)
        self.leave(t)

    def leave(self, t: TableRun) -> None:
        """Every player of ``t`` closes its connection."""
        for p in t.players:
            p.leave()

    def fail(self, t: TableRun, what: str) -> None:
        """A table that could not be set up or started is left out (one error for it)."""
        if not t.failed:
            t.failed = True
            self.stats.error(f"table {t.index}: {what}")

    async def seat_everyone(self, http: httpx.AsyncClient) -> None:
        size: int = self.args.table_size
        players: int = self.args.players
        counts = [size] * (players // size) + ([players % size] if players % size else [])
        self.tables = [TableRun(i, n) for i, n in enumerate(counts)]
        # One after the other, so table i always gets the server's dice seed + i.
        for t in self.tables:
            body = {"name": "P1", "rules": self.args.preset, "seats": t.seats}
            t.port = self.ports[t.index % len(self.ports)]
            try:
                made, route = await self.post_routed(
                    http, f"http://{HOST}:{t.port}/api/tables", body
                )
            except (httpx.HTTPError, RuntimeError) as exc:
                self.fail(t, f"create: {exc!r}")
                continue
            if self.args.proxy == "routed":
                t.route = route
            t.id, t.code = made["id"], made["code"]
            t.players.append(Player(t, 0, made["token"]))

        async def join(t: TableRun, n: int) -> Player | None:
            try:
                url = f"http://{HOST}:{self.port_of(t, n)}{t.route}/api/tables/{t.code}/join"
                sat = await self.post(http, url, {"name": f"P{n + 1}"})
            except (httpx.HTTPError, RuntimeError) as exc:
                self.fail(t, f"join: {exc!r}")
                return None
            return Player(t, int(sat["seat"]), sat["token"])

        sem = asyncio.Semaphore(64)
        for t in self.tables:
            if not t.failed:
                joins = [self.limited(sem, join(t, n)) for n in range(1, t.seats)]
                t.players.extend(p for p in await asyncio.gather(*joins) if p is not None)

    async def connect(self, player: Player) -> None:
        t = player.table
        uri = f"ws://{HOST}:{self.port_of(t, player.seat)}{t.route}/ws/{t.id}"
        player.gone = asyncio.get_running_loop().create_future()
        try:
            await ws_connect(
                lambda: Client(self, player),
                uri,
                websocket_handshake_timeout=60,
                max_frame_size=2**20,
            )
        except (OSError, TimeoutError, WSError) as exc:
            player.gone.set_result(None)
            self.fail(t, f"connect seat {player.seat}: {exc!r}")

    # ------------------------------------------------------------------ play

    def act(self, player: Player, step: int, action: str) -> None:
        player.thinking = None
        if player.seen != step or player.done or player.ws is None:
            return  # the game moved on while this player was thinking
        player.table.pending.append((step, time.perf_counter()))
        self.stats.actions += 1
        message = {"v": self.protocol, "type": "action", "action": action}
        player.ws.send(WSMsgType.TEXT, json.dumps(message).encode())

    def seen(self, player: Player, step: int) -> None:
        """``player`` got a state of ``step``."""
        if step > player.seen:
            player.seen = step
            player.table.on_state(time.perf_counter(), self.stats)

    def received(self, player: Player, message: dict[str, Any]) -> None:
        """A message read whole: an error, a state or an update (maybe the player's turn)."""
        t = player.table
        kind = message.get("type")
        if kind == "error":
            self.abandon(t, f"seat {player.seat} got {message}")
            return
        if kind not in ("state", "update") or player.done:
            return
        step: int = message["step"]
        self.seen(player, step)
        view = message["view"]
        if view is None:
            return
        if "seat" not in view:  # protocol 3: whose view it is, the client knows
            message = {**message, "view": {**view, "seat": player.seat}}
        if view["loser"] is not None:
            player.done = True
            t.ended += 1
            if t.ended == len(t.players):
                self.stats.tables_finished += 1
                self.stats.last_end = time.perf_counter()
            player.leave()
            return
        if step == player.acted:
            return
        action = simple_choice(message)
        if action is None:
            return
        player.acted = step
        delay = self.think_time()
        if delay > 0:
            loop = asyncio.get_running_loop()
            player.thinking = loop.call_later(delay, self.act, player, step, action)
        else:
            self.act(player, step, action)

    async def start(self, http: httpx.AsyncClient, t: TableRun) -> bool:
        now = time.perf_counter()
        if self.stats.first_start is None:
            self.stats.first_start = now
        try:
            url = f"http://{HOST}:{self.port_of(t, 0)}{t.route}/api/tables/{t.id}/start"
            await self.post(http, url, {"token": t.players[0].token})
        except (httpx.HTTPError, RuntimeError) as exc:
            self.fail(t, f"start: {exc!r}")
            return False
        return True

    async def run(self) -> None:
        async with self.http() as http:
            await self.seat_everyone(http)
        if self.args.client == "c":
            await self.run_c()
            return
        sem = asyncio.Semaphore(64)
        players = [p for t in self.tables if not t.failed for p in t.players]
        await asyncio.gather(*(self.limited(sem, self.connect(p)) for p in players))
        for t in self.tables:
            if t.failed:
                self.leave(t)
        live = [t for t in self.tables if not t.failed]
        # What was made so far lives to the end: keep the collector from scanning it again
        # and again (a full collection of this process would show up as latency).
        gc.collect()
        gc.freeze()
        watch = asyncio.create_task(self.watch_loop())
        sampler = asyncio.create_task(self.sample_cpu())
        # Every player reads the lobby state its connection opened with, then plays.
        async with self.http() as http:
            started = await asyncio.gather(*(self.limited(sem, self.start(http, t)) for t in live))
        for t, ok in zip(live, started, strict=True):
            if not ok:  # its players stop: their connections are closed
                self.leave(t)
        await asyncio.gather(*(p.gone for t in live for p in t.players if p.gone is not None))
        watch.cancel()
        sampler.cancel()

    async def run_c(self) -> None:
        """The play by bench/loadgen.c (built into ``self.loadgen``): it connects every player,
        says so, and plays to the end; the tables are started from here meanwhile, and its
        figures read back when it has ended."""
        live = [t for t in self.tables if not t.failed]
        lines = [f"{sum(len(t.players) for t in live)} {self.protocol} {self.args.timeout}"]
        for t in live:
            for p in t.players:
                port = self.port_of(t, p.seat)
                lines.append(f"{t.index} {port} {t.id} {p.seat} {p.token} {t.route or '-'}")
        child = await asyncio.create_subprocess_exec(
            str(self.loadgen), stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE
        )
        self.child_pid = child.pid
        assert child.stdin is not None and child.stdout is not None
        child.stdin.write(("\n".join(lines) + "\n").encode())
        await child.stdin.drain()
        child.stdin.close()
        ready = (await child.stdout.readline()).split()
        if ready[:1] != [b"connected"]:
            raise RuntimeError(f"bench/loadgen.c did not start: {ready!r}")
        self.stats.connected = self.stats.peak = int(ready[1])
        gc.collect()
        gc.freeze()
        sampler = asyncio.create_task(self.sample_cpu())
        sem = asyncio.Semaphore(64)
        async with self.http() as http:
            await asyncio.gather(*(self.limited(sem, self.start(http, t)) for t in live))
        out = (await child.stdout.read()).decode()
        await child.wait()
        sampler.cancel()
        self.child_pid = None
        stats = self.stats
        for line in out.splitlines():
            word, _, rest = line.partition(" ")
            if word == "latency":
                sent, took = rest.split()
                stats.sent_at.append(float(sent))
                stats.latencies.append(float(took))
            elif word == "actions":
                stats.actions = int(rest)
            elif word == "finished":
                stats.tables_finished = int(rest)
            elif word == "last_end" and float(rest) > 0:
                stats.last_end = float(rest)
            elif word == "error":
                index = int(rest.split()[1].rstrip(":"))
                self.fail(self.tables[index], rest.split(":", 1)[1].strip())
            elif word == "seen":  # the highest step a player of the table saw
                index, step = (int(x) for x in rest.split())
                self.tables[index].players[0].seen = step
        stats.connected = 0

    def child_cpu(self) -> float:
        """CPU seconds bench/loadgen.c has used so far (0 when it is not running)."""
        if self.child_pid is None:
            return 0.0
        with contextlib.suppress(OSError, ValueError, IndexError):
            fields = Path(f"/proc/{self.child_pid}/stat").read_text().rsplit(")", 1)[1].split()
            return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
        return 0.0

    async def sample_cpu(self) -> None:
        """Every 0.5 s, the CPU each side has used so far (to tell who used the machine while
        the sustained rate was measured)."""
        while self.probe is not None:
            server, client, *rest = self.probe()
            client += self.child_cpu()
            self.cpu_samples.append((time.perf_counter(), (server, client, *rest)))
            await asyncio.sleep(0.5)

    async def watch_loop(self) -> None:
        """Measures this process's own stalls, which would add to every latency measured."""
        while True:
            before = time.perf_counter()
            await asyncio.sleep(0.01)
            self.stats.stalls.append(time.perf_counter() - before - 0.01)


async def _guarded(bench: Bench, timeout: float) -> bool:
    """Runs the bench; False if ``timeout`` ran out first (everything is stopped then)."""
    try:
        await asyncio.wait_for(bench.run(), timeout)
    except TimeoutError:
        return False
    finally:
        bench.stats.stopped = time.perf_counter()
        for t in bench.tables:
            bench.leave(t)
    return True


def _loop_factory() -> Callable[[], asyncio.AbstractEventLoop] | None:
    """uvloop for the load generator if it is there (it comes with uvicorn[standard])."""
    if importlib.util.find_spec("uvloop") is None:
        return None
    import uvloop

    return uvloop.new_event_loop


def _raise_fd_limit() -> None:
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard == resource.RLIM_INFINITY or soft < hard:
        with contextlib.suppress(ValueError, OSError):
            resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=1000)
    parser.add_argument("--table-size", type=int, default=4)
    parser.add_argument("--preset", default="tsv99", choices=list(PRESETS))
    parser.add_argument(
        "--think", type=float, default=0.0, help="seconds a player waits before acting"
    )
    parser.add_argument(
        "--jitter", type=float, default=0.5, help="think time varies by ± this fraction"
    )
    parser.add_argument("--seed", type=int, default=1, help="the server's dice seed")
    parser.add_argument("--timeout", type=float, default=900.0, help="seconds for the whole run")
    parser.add_argument(
        "--against",
        metavar="SRC",
        help="also run the same benchmark against the server of another checkout's src folder "
        "(e.g. a worktree of an older main), alternately with this one, and print both",
    )
    parser.add_argument(
        "--pairs",
        type=int,
        default=1,
        help="with --against or --compare: how many runs of each, alternating",
    )
    parser.add_argument(
        "--engine",
        choices=("sqlite", "postgresql"),
        default="sqlite",
        help="where the server keeps its data: its SQLite file, or a PostgreSQL server this "
        "benchmark starts in a temporary folder (Debian's postgresql package)",
    )
    parser.add_argument(
        "--workers",
        type=int,
        default=1,
        help="with --engine postgresql: schocken serve processes on the one database",
    )
    parser.add_argument(
        "--spread",
        choices=("mixed", "owner"),
        default="mixed",
        help="which worker a player talks to: round the workers by seat (mixed), or the one "
        "that made its table (owner)",
    )
    parser.add_argument(
        "--client",
        choices=("picows", "c"),
        default="picows",
        help="the players' side: this process with picows, or bench/loadgen.c (built with the "
        "system's cc; --think 0 only), which costs the machine less CPU per action",
    )
    parser.add_argument(
        "--compare",
        action="store_true",
        help="run 1 process on SQLite, 1 worker and --workers workers (2 at least; each spread) "
        "on PostgreSQL, one after the other, and print them side by side",
    )
    parser.add_argument(
        "--proxy",
        choices=("none", "routed", "round-robin"),
        default="none",
        help="with --workers 2: the players reach the workers through the proxy docs/server.md "
        "configures (routed: each table's players under its worker's route; round-robin: the "
        "same without the routes), started here on 127.0.0.1",
    )
    parser.add_argument(
        "--proxy-server", choices=("nginx", "caddy"), default="nginx", help="which proxy"
    )
    parser.add_argument(
        "--compare-proxy",
        action="store_true",
        help="run 1 worker (reached directly), 2 workers behind the routed proxy and 2 behind "
        "round robin on PostgreSQL, --pairs times in turn, and print the medians side by side",
    )
    parser.add_argument(
        "--worker-cores",
        type=float,
        metavar="CORES",
        help="hold each worker to this many cores (a cgroup of its own with a CPU quota; needs "
        "root): one worker and each of two then get the same CPU, as on machines of their own, "
        "and the players, the proxy and PostgreSQL the rest of this machine's",
    )
    args = parser.parse_args()
    if args.worker_cores is not None and not 0.05 <= args.worker_cores <= (os.cpu_count() or 1):
        parser.error(f"--worker-cores is 0.05 to {os.cpu_count()}")
    if args.proxy != "none" and (args.engine != "postgresql" or args.workers != 2):
        parser.error("--proxy needs --engine postgresql --workers 2 (the docs' configuration)")
    if not MIN_PLAYERS <= args.table_size <= MAX_PLAYERS:
        parser.error(f"--table-size is {MIN_PLAYERS} to {MAX_PLAYERS}")
    if args.players < MIN_PLAYERS or 0 < args.players % args.table_size < MIN_PLAYERS:
        parser.error(f"every table needs at least {MIN_PLAYERS} players")
    if args.players > 20_000 or not 0 < args.timeout <= 3600:
        parser.error("at most 20000 players and 3600 seconds")
    if args.think < 0 or not 0 <= args.jitter < 1:
        parser.error("--think is at least 0 and --jitter below 1")
    if args.client == "c" and args.think != 0:
        parser.error("--client c plays at --think 0 only")
    bad_workers = not 1 <= args.workers <= 8 or (args.workers > 1 and args.engine == "sqlite")
    if bad_workers and not args.compare:
        parser.error("--workers is 1 to 8, and more than 1 only with --engine postgresql")

    _raise_fd_limit()
    if args.compare_proxy:
        return compare_proxy(args)
    if args.compare:
        return compare(args)
    if args.against is None:
        figures = measure(args, None)
        return 0 if figures.errors == 0 else 1
    runs: dict[str, list[Figures]] = {"this tree": [], args.against: []}
    for i in range(max(1, args.pairs)):
        # Alternating, starting with the other tree in odd pairs: drifts of the machine fall
        # on both alike.
        order = [None, args.against] if i % 2 == 0 else [args.against, None]
        for src in order:
            print(f"--- {'this tree' if src is None else src} (pair {i + 1})", flush=True)
            runs["this tree" if src is None else src].append(measure(args, src))
            print(flush=True)
    mine, theirs = runs["this tree"], runs[args.against]
    rate_mine = statistics.median(f.rate for f in mine)
    rate_theirs = statistics.median(f.rate for f in theirs)
    print("side by side (median of each):")
    for name, each in (("this tree", mine), (args.against, theirs)):
        rates = ", ".join(f"{f.rate:,.0f}" for f in each)
        p99s = ", ".join(f"{f.p99:.1f}" for f in each)
        print(f"  {name}: actions/s {rates}; p99 ms {p99s}")
    ratio = rate_mine / rate_theirs if rate_theirs else float("inf")
    print(f"  this tree / {args.against}: {ratio:.2f}x the actions per second")
    return 0 if all(f.errors == 0 for f in mine + theirs) else 1


@dataclass(frozen=True)
class Figures:
    rate: float
    """Accepted actions per second of play."""
    sustained: float
    """Actions per second while the middle 80 % of them were sent (see :func:`sustained`)."""
    p99: float
    """The latency's 99th percentile, ms."""
    errors: int
    server_ms: float = 0.0
    """The server's (all workers') CPU per action while the sustained rate was measured, ms."""
    proxy_cores: float = 0.0
    """The cores the proxy used meanwhile."""


def compare(args: argparse.Namespace) -> int:
    """1 process on SQLite, 1 worker and ``--workers`` workers on PostgreSQL, side by side;
    with ``--pairs N``, all of them N times in turn, and the medians."""
    many = max(2, args.workers)
    setups = [("sqlite", 1, "owner"), ("postgresql", 1, "owner")]
    setups += [("postgresql", many, "owner"), ("postgresql", many, "mixed")]
    names = []
    for engine, workers, _ in setups:
        names.append(f"{engine}, {workers} {'worker' if workers == 1 else 'workers'}")
    names = [n + (f", {setups[i][2]}" if setups[i][1] > 1 else "") for i, n in enumerate(names)]
    runs: dict[str, list[Figures]] = {name: [] for name in names}
    for turn in range(max(1, args.pairs)):
        for name, (engine, workers, spread) in zip(names, setups, strict=True):
            print(f"--- {name}" + (f" (round {turn + 1})" if args.pairs > 1 else ""), flush=True)
            changed = {"engine": engine, "workers": workers, "spread": spread}
            one_run = argparse.Namespace(**{**vars(args), **changed})
            runs[name].append(measure(one_run, None))
            print(flush=True)
    print("side by side" + (f" (median of {args.pairs})" if args.pairs > 1 else "") + ":")
    median: dict[str, Figures] = {}
    for name, each in runs.items():
        median[name] = f = Figures(
            statistics.median(x.rate for x in each),
            statistics.median(x.sustained for x in each),
            statistics.median(x.p99 for x in each),
            sum(x.errors for x in each),
        )
        print(
            f"  {name}: {f.rate:,.0f} actions/s over the play, {f.sustained:,.0f} sustained, "
            f"p99 {f.p99:.1f} ms, errors {f.errors}"
        )
        if len(each) > 1:
            print("    runs, sustained: " + ", ".join(f"{x.sustained:,.0f}" for x in each))
    one = median[names[1]]
    for name in names[2:]:
        f = median[name]
        print(
            f"  {name} / 1 worker on PostgreSQL: {f.rate / one.rate if one.rate else 0:.2f}x "
            f"over the play, {f.sustained / one.sustained if one.sustained else 0:.2f}x sustained"
        )
    if args.pairs > 1:
        paired = [
            b.sustained / a.sustained
            for a, b in zip(runs[names[1]], runs[names[2]], strict=True)
            if a.sustained
        ]
        print(
            "  each round, 2 workers (owner) / 1 worker: " + ", ".join(f"{r:.2f}x" for r in paired)
        )
    return 0 if all(f.errors == 0 for f in median.values()) else 1


def compare_proxy(args: argparse.Namespace) -> int:
    """1 worker reached directly, 2 workers behind the proxy routing by table, 2 behind round
    robin, all on PostgreSQL, ``--pairs`` rounds, each round in another order (drifts of a
    shared machine fall on all alike); the medians side by side."""
    setups = {
        "1 worker, direct": {"workers": 1, "proxy": "none"},
        f"2 workers, {args.proxy_server} routed": {"workers": 2, "proxy": "routed"},
        f"2 workers, {args.proxy_server} round robin": {"workers": 2, "proxy": "round-robin"},
    }
    names = list(setups)
    runs: dict[str, list[Figures]] = {name: [] for name in names}
    for turn in range(max(1, args.pairs)):
        order = names[turn % 3 :] + names[: turn % 3]
        for name in order:
            print(f"--- {name} (round {turn + 1})", flush=True)
            changed = {"engine": "postgresql", "spread": "owner", **setups[name]}
            runs[name].append(measure(argparse.Namespace(**{**vars(args), **changed}), None))
            print(flush=True)
    print(f"side by side (median of {max(1, args.pairs)}):")
    median: dict[str, Figures] = {}
    for name, each in runs.items():
        median[name] = f = Figures(
            statistics.median(x.rate for x in each),
            statistics.median(x.sustained for x in each),
            statistics.median(x.p99 for x in each),
            sum(x.errors for x in each),
            statistics.median(x.server_ms for x in each),
            statistics.median(x.proxy_cores for x in each),
        )
        print(
            f"  {name}: {f.sustained:,.0f} actions/s sustained ({f.rate:,.0f} over the play), "
            f"p99 {f.p99:.1f} ms, workers' CPU {f.server_ms:.3f} ms an action, "
            f"proxy {f.proxy_cores:.2f} cores, errors {f.errors}"
        )
        print(
            "    runs: "
            + ", ".join(f"{x.sustained:,.0f}/s {x.server_ms:.3f} ms p99 {x.p99:.0f}" for x in each)
        )
    one = median[names[0]]
    for name in names[1:]:
        f = median[name]
        rate = f.sustained / one.sustained if one.sustained else 0.0
        cpu = f.server_ms / one.server_ms if one.server_ms else 0.0
        print(f"  {name} / 1 worker: {rate:.2f}x the actions/s, {cpu:.2f}x the CPU an action")
        ratios = [
            b.sustained / a.sustained
            for a, b in zip(runs[names[0]], runs[name], strict=True)
            if a.sustained
        ]
        print("    round by round: " + ", ".join(f"{r:.2f}x" for r in ratios))
    return 0 if all(f.errors == 0 for f in median.values()) else 1


def _postgres() -> Any:
    """A PostgreSQL server in a temporary folder, as the tests start it."""
    import sys

    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
    from postgres_helpers import postgres

    return postgres()


def build_loadgen(folder: Path) -> Path:
    """bench/loadgen.c built with the system's C compiler into ``folder``."""
    built = folder / "loadgen"
    source = Path(__file__).resolve().parent / "loadgen.c"
    subprocess.run(["cc", "-O2", "-o", str(built), str(source)], check=True)
    return built


def children_cpu() -> float:
    """CPU seconds of this process's children that have ended (bench/loadgen.c, once it has;
    the servers are still running when it is read)."""
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


def postgres_cpu(data: Path) -> float:
    """CPU seconds the PostgreSQL server has used: its postmaster, the children it reaped and
    the ones running (Linux /proc)."""
    with contextlib.suppress(OSError, ValueError, IndexError):
        return tree_cpu(int((data / "postmaster.pid").read_text().split()[0]))
    return 0.0


def tree_cpu(master: int) -> float:
    """CPU seconds a process has used, with the children it reaped and the ones running (the
    PostgreSQL server, nginx's master and workers; Linux /proc)."""
    with contextlib.suppress(OSError, ValueError, IndexError):
        total = 0.0
        tick = os.sysconf("SC_CLK_TCK")
        for proc in Path("/proc").iterdir():
            if not proc.name.isdigit():
                continue
            with contextlib.suppress(OSError, ValueError, IndexError):
                fields = (proc / "stat").read_text().rsplit(")", 1)[1].split()
                pid, parent = int(proc.name), int(fields[1])
                if pid == master:
                    total += sum(int(x) for x in fields[11:15]) / tick
                elif parent == master:
                    total += sum(int(x) for x in fields[11:13]) / tick
        return total
    return 0.0


def measure(args: argparse.Namespace, src: str | None) -> Figures:
    """One run against a fresh server (of this tree, or of the checkout ``src``; on
    PostgreSQL, ``--workers`` of them on one database); prints its report and returns its main
    figures."""
    with contextlib.ExitStack() as stack:
        folder = stack.enter_context(tempfile.TemporaryDirectory(prefix="schocken-bench-"))
        pg = stack.enter_context(_postgres()) if args.engine == "postgresql" else None
        database = None if pg is None else pg.new_database()
        servers: list[ServerProcess] = []
        try:
            for _ in range(args.workers if pg is not None else 1):
                # One after the other: the first makes the database's tables.
                named = args.proxy == "routed"
                servers.append(bench_server(Path(folder), args.seed, src, database, named))
                servers[-1].wait_ready()
                if args.worker_cores is not None:
                    stack.enter_context(cpu_capped(servers[-1].proc.pid, args.worker_cores))
            url = servers[0].url + "/api/health"
            protocol = int(httpx.get(url, timeout=10).json()["protocol"])
            ports = [s.port for s in servers]
            proxy_pid: int | None = None
            if args.proxy != "none":
                from proxy_helpers import proxied

                front, proc = stack.enter_context(
                    proxied(
                        args.proxy_server,
                        ports,
                        Path(folder) / "proxy",
                        routes=args.proxy == "routed",
                    )
                )
                ports, proxy_pid = [int(front.rsplit(":", 1)[1])], proc.pid

            def probe() -> tuple[float, ...]:
                return (
                    sum(s.cpu_seconds()[0] for s in servers),
                    time.process_time(),
                    0.0 if pg is None else postgres_cpu(pg.data),
                    machine_busy_seconds(),
                    0.0 if proxy_pid is None else tree_cpu(proxy_pid),
                )

            bench = Bench(args, ports, protocol, probe)
            cpu_server = sum(s.cpu_seconds()[0] for s in servers)
            cpu_db = 0.0 if pg is None else postgres_cpu(pg.data)
            if args.client == "c":
                bench.loadgen = build_loadgen(Path(folder))
            cpu_client = time.process_time() + children_cpu()
            cpu_machine = machine_busy_seconds()
            wall = time.perf_counter()
            with asyncio.Runner(loop_factory=_loop_factory()) as runner:
                finished_in_time = runner.run(_guarded(bench, args.timeout))
            wall = time.perf_counter() - wall
            cpu_server = sum(s.cpu_seconds()[0] for s in servers) - cpu_server
            cpu_db = 0.0 if pg is None else postgres_cpu(pg.data) - cpu_db
            cpu_client = time.process_time() + children_cpu() - cpu_client
            cpu_other = machine_busy_seconds() - cpu_machine - cpu_server - cpu_client - cpu_db
            rss = max(s.peak_rss_mib() for s in servers)
            relayed = 0
            if pg is not None:
                with contextlib.suppress(httpx.HTTPError, KeyError, TypeError, ValueError):
                    for s in servers:
                        relayed += int(
                            httpx.get(s.url + "/api/health", timeout=10).json()["relayed"]
                        )
        finally:
            # All told to stop at once: none takes over the tables of one stopped before it.
            for server in servers:
                if server.proc.poll() is None:
                    server.proc.terminate()
            for server in servers:
                server.stop()
        log = "\n".join(s.log() for s in servers)
    where = "SQLite" if pg is None else f"PostgreSQL, {len(servers)} worker(s), {args.spread}"
    if args.proxy != "none":
        where += f", behind {args.proxy_server} ({args.proxy})"
    if args.worker_cores is not None:
        where += f", each worker held to {args.worker_cores:g} cores"
    if pg is not None:
        where += f"; relay messages sent by the workers: {relayed:,}"
    print(f"server: {where}" + (f"; PostgreSQL's CPU {cpu_db:.1f} s" if pg is not None else ""))
    return report(
        args, bench, finished_in_time, wall, (cpu_server, cpu_client, cpu_other), rss, log
    )


def report(
    args: argparse.Namespace,
    bench: Bench,
    finished_in_time: bool,
    wall: float,
    cpu: tuple[float, float, float],
    rss: float,
    log: str,
) -> Figures:
    """Prints the figures and returns the main ones."""
    stats = bench.stats
    unfinished = sum(1 for t in bench.tables if not t.failed) - stats.tables_finished
    if unfinished:
        stats.error(
            f"{unfinished} tables not finished" + ("" if finished_in_time else " (timeout)")
        )
        stats.errors += unfinished - 1
    play = 0.0
    if stats.first_start is not None:
        end = stats.last_end if stats.last_end is not None and not unfinished else stats.stopped
        play = end - stats.first_start
    steps = sum(max(0, *(p.seen for p in t.players)) for t in bench.tables)
    busiest = 0
    if stats.sent_at and stats.first_start is not None:
        start = stats.first_start
        busiest = max(Counter(int(t - start) for t in stats.sent_at).values())
    lat = sorted(stats.latencies)
    p50, p95, p99, top = (1000 * percentile(lat, p) for p in (50, 95, 99, 100))
    stalls = sorted(stats.stalls)

    rest = args.players % args.table_size
    print(
        f"{args.players} players at {len(bench.tables)} tables of {args.table_size}"
        + (f" (the last of {rest})" if rest else "")
        + f", preset {args.preset}, think {args.think:g} s"
        + (f" ± {args.jitter:.0%}" if args.think > 0 else "")
        + f", seed {args.seed}"
    )
    print(f"players connected at once (peak): {stats.peak}")
    print(f"tables finished: {stats.tables_finished} of {len(bench.tables)}")
    rate = steps / play if play > 0 else 0.0
    steady, window = sustained(stats.sent_at)
    print(
        f"actions: {stats.actions} sent, {steps} accepted in {play:.2f} s of play "
        f"= {rate:,.0f} actions/s (busiest second: {busiest}; {len(lat)} latencies measured)"
    )
    print(f"sustained (while the middle 80% of the actions were sent): {steady:,.0f} actions/s")
    split = cpu_in(bench.cpu_samples, window)
    server_ms = proxy_cores = 0.0
    if split is not None:
        server, client, db, machine, proxy_cores = split
        server_ms = 1000 * server / steady if steady else 0.0
        print(
            f"  CPU meanwhile, in cores: server {server:.2f}, load generator {client:.2f}, "
            f"PostgreSQL {db:.2f}, proxy {proxy_cores:.2f}, "
            f"the whole machine {machine:.2f} of {os.cpu_count()}"
        )
        print(f"  server CPU per action meanwhile: {server_ms:.3f} ms")
    print(
        "latency, action sent to seen by every player at its table: "
        f"p50 {p50:.1f} ms, p95 {p95:.1f} ms, p99 {p99:.1f} ms, max {top:.1f} ms"
    )
    print(
        "load generator's own event-loop stalls (included in the latencies): "
        f"p99 {1000 * percentile(stalls, 99):.1f} ms, max {1000 * percentile(stalls, 100):.1f} ms"
    )
    print(f"errors: {stats.errors}")
    for sample in stats.error_samples:
        print(f"  {sample[:300]}")
    server, client, other = cpu[0], cpu[1], max(0.0, cpu[2])
    print(
        f"CPU over {wall:.1f} s (setup included): server {server:.1f} s "
        f"({server / wall:.0%} of a core, peak RSS {rss:.0f} MiB), "
        f"load generator {client:.1f} s ({client / wall:.0%} of a core), "
        f"other processes {other:.1f} s ({other / wall:.0%} of a core)"
    )
    lines = [ln for ln in log.splitlines() if ln.strip() and "seeded dice" not in ln]
    if lines:
        print("server log (tail):", *lines[-20:], sep="\n  ")
    return Figures(rate, steady, p99, stats.errors, server_ms, proxy_cores)


def sustained(sent_at: list[float]) -> tuple[float, tuple[float, float]]:
    """Actions per second from the 10th to the 90th percentile of their send times: what the
    server carries with every table in play, without the start (tables being started) and the
    end (the last tables finishing alone, the others done: a fixed amount of play ends with a
    tail a real server, whose players keep coming, does not have)."""
    times = sorted(sent_at)
    if len(times) < 10:
        return 0.0, (0.0, 0.0)
    first, last = len(times) // 10, len(times) * 9 // 10
    span = times[last] - times[first]
    return ((last - first) / span if span > 0 else 0.0), (times[first], times[last])


def cpu_in(
    samples: list[tuple[float, tuple[float, ...]]], window: tuple[float, float]
) -> tuple[float, ...] | None:
    """The cores each side used on average between the samples around ``window``."""
    before = [x for x in samples if x[0] <= window[0]]
    after = [x for x in samples if x[0] >= window[1]]
    if not before or not after:
        return None
    (t0, a), (t1, b) = before[-1], after[0]
    return tuple((y - x) / (t1 - t0) for x, y in zip(a, b, strict=True))


if __name__ == "__main__":
    raise SystemExit(main())
