"""Benchmark: do solver bots in a huge Finale hold up another table? (issue 21, item 10)

Usage: python bench/solver_stall.py [--solver-tables 8] [--finale 999] [--distinct]
                                    [--bot-delay 0.05] [--bot-workers 1] [--seconds 30]
                                    [--sleepers 0] [--coach] [--resend] [--seed 1] [--sample]
                                    [--against SRC] [--runs 1]

It starts ``schocken serve`` itself (a subprocess on a free port of 127.0.0.1, its own temporary
SQLite file, ``--bot-delay``, ``--seed`` (0: unseeded), ``--bot-workers``, every other limit at
its default but the tables a minute and the connections an address may open) and plays against
it from this process with asyncio and the ``websockets`` client:

- ``--solver-tables`` tables of two seats under house rules with one Deckel a half and
  ``--finale`` Deckel in the Finale (``--distinct``: one Deckel fewer at each new table, so that
  every table's Finale is a new rule set to solve): a host who acts at once (``--coach``: with
  the coach on) and a solver bot. A game that ends without a Finale (one player lost both
  halves) is replaced by a new table, and so is one whose Finale ended (a Schock-Aus ends it).
- One more table, the watched one (tsv99): a player who acts as soon as a state gives them a
  legal action (the fixed choice of bench/server.py) with three pub regulars; a finished game is
  followed by a new table. With ``--sleepers N``, N spectators connect to each watched table and
  never read a byte (each with a small receive buffer).

Every player takes the server's answers as they come: an action refused (an ``error``) is not
sent again, the player waits for the game to move (as a page waits for its player to click
again); with ``--resend`` an action refused for the message rate (``rate_limited``) is sent
again 0.15 s later.

The watched table plays from the start, while the solver tables find their way into the Finale,
and then for ``--seconds`` more. Measured is the gap between two messages of the watched table
(state, update or table) that its player receives while its game is on (a gap still open at the
end counts too): with bots that move ``--bot-delay`` seconds after each other it is about that,
and any hold-up of the server adds to it. Printed: the largest gap and the ten largest (with the
time into the run), every gap over 1 s with the errors the player got meanwhile, when each
solver table reached its Finale, the server's CPU time, the error messages the players got, the
sleepers the server dropped, and the server's warnings.

``--sample`` runs a sampler in the server's process (a prelude before ``schocken serve``): a
thread that looks at the main thread's stack every 2 ms (``sys._current_frames``) and, for every
stretch of 200 ms or more (``SCHOCKEN_SAMPLE_LEAST`` seconds) in which the event loop did not
come back to wait for input (from the moment the server runs its event loop), prints the stack
seen most often in it and how long the sampler itself could not run (a stretch in C code that
holds the interpreter lock).

With ``--against SRC`` the same run is also made against the server of another checkout's
``src`` folder (``PYTHONPATH=SRC``), alternately with this tree's, ``--runs`` times each, and the
largest gaps are printed side by side.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import socket
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, WebSocketException

from serving import HOST, ServerProcess, simple_choice

SRC = Path(__file__).resolve().parents[1] / "src"
PROTOCOL = 3

SAMPLER = r"""
import collections, os, sys, threading, time, traceback

def _sample(out, main_id, every=0.002, least=float(os.environ.get("SCHOCKEN_SAMPLE_LEAST", "0.2"))):
    busy_since = None
    serving = False
    stacks = collections.Counter()
    last = time.monotonic()
    longest_gap = 0.0
    while True:
        time.sleep(every)
        now = time.monotonic()
        longest_gap = max(longest_gap, now - last)
        last = now
        frame = sys._current_frames().get(main_id)
        if frame is None:
            return
        if not serving:  # the server's start (imports, the store) is not looked at
            serving = any(f.filename.endswith("runners.py") for f in traceback.extract_stack(frame))
            continue
        # Waiting for input: in the selector (asyncio's own loop), or in uvloop's C code (then
        # the frame on top is the one that started the loop).
        code = frame.f_code
        idle = (code.co_name, os.path.basename(code.co_filename)) in (
            ("select", "selectors.py"), ("run", "runners.py"), ("run_forever", "base_events.py")
        )
        if not idle:
            if busy_since is None:
                busy_since, stacks, longest_gap = now, collections.Counter(), 0.0
            stack = traceback.extract_stack(frame)[-14:]
            stacks["".join(traceback.format_list(stack))] += 1
            continue
        if busy_since is not None and now - busy_since >= least:
            stack, count = stacks.most_common(1)[0]
            with open(out, "a", encoding="utf-8") as f:
                f.write(
                    f"=== the event loop was busy for {(now - busy_since) * 1000:.0f} ms "
                    f"({sum(stacks.values())} samples, the sampler itself held off up to "
                    f"{longest_gap * 1000:.0f} ms); seen in {count} of them:\n{stack}\n"
                )
        busy_since = None

threading.Thread(
    target=_sample,
    args=(os.environ["SCHOCKEN_SAMPLES"], threading.main_thread().ident),
    daemon=True,
).start()
"""
"""A prelude for the server's process: the sampler of ``--sample``."""


# --------------------------------------------------------------------------- the server


class StallServer(ServerProcess):
    """The server of the scenario; with ``--sample``, its main thread's stack is sampled (into
    a file beside its log) while its event loop is busy."""

    def __init__(self, folder: Path, args: argparse.Namespace, src: Path) -> None:
        self.samples = folder / f"samples-{len(list(folder.iterdir()))}.txt"
        start: tuple[str, ...] = ("-m", "schocken.cli")
        if args.sample:
            start = ("-c", f"{SAMPLER}\nimport sys\nfrom schocken.cli import main\n"
                     "sys.exit(main(sys.argv[1:]))")  # fmt: skip
        super().__init__(
            folder,
            [
                *(["--seed", str(args.seed)] if args.seed else []),
                "--bot-delay", str(args.bot_delay), "--log-level", "info",
                "--tables-per-minute", "100000", "--bot-workers", str(args.bot_workers),
                "--conns-per-address", "100000",
            ],
            src=src,
            start=start,
            env={"SCHOCKEN_SAMPLES": str(self.samples)},
        )  # fmt: skip

    def sampled(self) -> str:
        with contextlib.suppress(OSError):
            return self.samples.read_text(errors="replace")
        return ""


# --------------------------------------------------------------------------- the clients


@dataclass
class Run:
    """What one run saw."""

    began: float = field(default_factory=time.perf_counter)
    finales: list[float] = field(default_factory=list)
    """When each solver table reached its Finale (seconds into the run)."""
    finales_ended: int = 0
    """Finales played to their end."""
    replaced: int = 0
    """Solver tables whose game ended without a Finale."""
    gaps: list[tuple[float, float]] = field(default_factory=list)
    """(gap, seconds into the run at its end) at the watched table."""
    long_gaps: list[tuple[float, list[str]]] = field(default_factory=list)
    """Gaps over 1 s at the watched table, with the errors its player got meanwhile."""
    watched_games: int = 0
    sleepers: int = 0
    sleepers_dropped: int = 0
    errors: Counter[str] = field(default_factory=Counter)
    """Error messages the clients got, by code."""
    failures: list[str] = field(default_factory=list)

    def now(self) -> float:
        return time.perf_counter() - self.began


class Bench:
    def __init__(self, args: argparse.Namespace, server: StallServer) -> None:
        self.args = args
        self.server = server
        self.run = Run()
        self.all_in_finale = asyncio.Event()
        self.watch_between: list[str] = []
        """The error codes the watched table's player got since its last game message."""
        self.watch_last: float | None = None
        """When the watched table's player last heard of its game (None: no game on)."""
        self.made = 0
        self.over = asyncio.Event()

    async def post(self, http: httpx.AsyncClient, path: str, body: dict[str, Any]) -> Any:
        answer = await http.post(self.server.url + path, json=body)
        if answer.status_code != 200:
            raise RuntimeError(f"POST {path}: {answer.status_code} {answer.text[:200]}")
        return answer.json()

    async def table(self, http: httpx.AsyncClient, bots: list[str], **rules: Any) -> dict[str, Any]:
        made: dict[str, Any] = await self.post(
            http, "/api/tables", {"name": "Anna", "seats": len(bots) + 1, **rules}
        )
        for bot in bots:
            await self.post(
                http, f"/api/tables/{made['id']}/bots", {"token": made["token"], "bot": bot}
            )
        return made

    async def connect(self, table: dict[str, Any], token: str) -> ClientConnection:
        ws = await connect(f"ws://{HOST}:{self.server.port}/ws/{table['id']}", max_size=2**22)
        hello = {"v": PROTOCOL, "type": "hello", "token": token, "lang": "en", "since": None}
        await ws.send(json.dumps(hello))
        return ws

    async def play(
        self, ws: ClientConnection, watch: bool, until_finale: bool = False
    ) -> dict[str, Any] | None:
        """Act at once whenever a state allows it, until the game ends (returns None) or, with
        ``until_finale``, until the game is in its Finale (returns the view). A refused action
        is not sent again (with ``--resend``: one refused for the message rate is)."""
        acted = -1
        sent = ""
        view: dict[str, Any] | None = None
        legal: list[str] = []
        step = 0
        if watch:
            self.watch_last = None
        while not self.over.is_set():
            message = json.loads(await ws.recv())
            kind = message.get("type")
            if kind == "error":
                self.run.errors[message.get("code", "?")] += 1
                if watch:
                    self.watch_between.append(message.get("code", "?"))
                if message.get("code") == "rate_limited" and sent and self.args.resend:
                    await asyncio.sleep(0.15)
                    await ws.send(sent)
                continue
            if kind not in ("state", "update", "table"):
                continue
            view = message.get("view", view)
            legal = message.get("legal", legal)
            step = message.get("step", step)
            if view is None:
                continue
            now = time.perf_counter()
            if watch and self.watch_last is not None:
                self.run.gaps.append((now - self.watch_last, now - self.run.began))
                if now - self.watch_last > 1:
                    self.run.long_gaps.append((now - self.watch_last, self.watch_between))
            if watch:
                self.watch_last = now
                self.watch_between = []
            if view["loser"] is not None:
                if watch:
                    self.watch_last = None
                return None
            if until_finale and view["section"] == "finale":
                return view
            if step != acted:
                action = simple_choice({"legal": legal, "view": {**view, "seat": 0}})
                if action is not None:
                    acted = step
                    sent = json.dumps({"v": PROTOCOL, "type": "action", "action": action})
                    await ws.send(sent)
        return None

    async def solver_table(self, http: httpx.AsyncClient) -> None:
        """One solver table after another: tables are made until a game reaches its Finale; its
        host plays on at once to its end (a Schock-Aus ends a Finale early), then the next."""
        while not self.over.is_set():
            finale = self.args.finale
            if self.args.distinct:  # a rule set of its own: nothing learnt at another table helps
                self.made += 1
                finale -= self.made
            rules = f'preset = "tsv99"\ndeckel_per_half = 1\ndeckel_in_finale = {finale}'
            made = await self.table(http, ["solver"], rules_toml=rules)
            ws = await self.connect(made, made["token"])
            try:
                await self.post(http, f"/api/tables/{made['id']}/start", {"token": made["token"]})
                if self.args.coach:
                    await ws.send(json.dumps({"v": PROTOCOL, "type": "coach", "on": True}))
                reached = await self.play(ws, False, until_finale=True)
                if reached is None:
                    self.run.replaced += 1
                    continue
                self.run.finales.append(self.run.now())
                if len(self.run.finales) == self.args.solver_tables:
                    self.all_in_finale.set()
                await self.play(ws, False)
                self.run.finales_ended += 1
            finally:
                await ws.close()

    async def watched(self, http: httpx.AsyncClient) -> None:
        """The watched table: one player acting at once and three pub regulars, game after
        game, with its sleepers."""
        while not self.over.is_set():
            made = await self.table(http, ["regular"] * 3)
            sleepers = [self.sleeper(made) for _ in range(self.args.sleepers)]
            self.run.sleepers += len(sleepers)
            ws = await self.connect(made, made["token"])
            try:
                await self.post(http, f"/api/tables/{made['id']}/start", {"token": made["token"]})
                await self.play(ws, True)
                self.run.watched_games += 1
            finally:
                await ws.close()
                for s in sleepers:
                    if await asyncio.to_thread(sleeper_dropped, s):
                        self.run.sleepers_dropped += 1
                    s.close()

    def sleeper(self, table: dict[str, Any]) -> socket.socket:
        """A spectator that says hello and never reads (a raw socket with a small buffer)."""
        sock = socket.socket()
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        sock.connect((HOST, self.server.port))
        key = "dGhlIHNhbXBsZSBub25jZQ=="
        head = (
            f"GET /ws/{table['id']} HTTP/1.1\r\nHost: {HOST}\r\nUpgrade: websocket\r\n"
            f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n"
        )
        sock.sendall((head + "\r\n").encode())
        hello = json.dumps(
            {"v": PROTOCOL, "type": "hello", "token": table["spectator_token"], "since": None}
        ).encode()
        mask = os.urandom(4)
        frame = bytes([0x81, 0x80 | len(hello)]) + mask
        sock.sendall(frame + bytes(b ^ mask[i % 4] for i, b in enumerate(hello)))
        return sock

    async def main(self) -> None:
        async with httpx.AsyncClient(timeout=30) as http:
            watched = asyncio.create_task(self.watched(http))
            solvers = [
                asyncio.create_task(self.solver_table(http)) for _ in range(self.args.solver_tables)
            ]
            if not solvers:
                self.all_in_finale.set()
            try:
                await asyncio.wait_for(self.all_in_finale.wait(), self.args.timeout)
            except TimeoutError:
                self.run.failures.append(
                    f"only {len(self.run.finales)} solver tables reached the Finale"
                )
            await asyncio.sleep(self.args.seconds)
            self.over.set()
            if self.watch_last is not None:  # the gap still open at the end counts too
                now = time.perf_counter()
                self.run.gaps.append((now - self.watch_last, now - self.run.began))
                if now - self.watch_last > 1:
                    self.run.long_gaps.append((now - self.watch_last, self.watch_between))
            for task in [watched, *solvers]:
                task.cancel()
            for task in [watched, *solvers]:
                with contextlib.suppress(
                    asyncio.CancelledError, ConnectionClosed, WebSocketException
                ):
                    await task


def sleeper_dropped(sock: socket.socket) -> bool:
    """Whether the server ended a sleeper's connection (read what it sent, to its end)."""
    sock.settimeout(0.5)
    try:
        while sock.recv(1 << 20):
            pass
    except ConnectionResetError:
        return True
    except OSError:
        return False
    return True


# --------------------------------------------------------------------------- a run


@dataclass(frozen=True)
class Figures:
    largest: float
    """The largest gap at the watched table, s."""
    over_1s: int


def measure(args: argparse.Namespace, src: Path) -> Figures:
    """One run against a fresh server of the checkout ``src``; prints its report."""
    with tempfile.TemporaryDirectory(prefix="schocken-stall-") as folder:
        server = StallServer(Path(folder), args, src)
        try:
            server.wait_ready()
            bench = Bench(args, server)
            began = time.perf_counter()
            asyncio.run(bench.main())
            wall = time.perf_counter() - began
            cpu, children = server.cpu_seconds()
        finally:
            server.stop()
        log, sampled = server.log(), server.sampled()
    run = bench.run
    gaps = sorted(run.gaps, reverse=True)
    largest = gaps[0][0] if gaps else 0.0
    over = sum(1 for g, _ in gaps if g > 1.0)
    print(f"server: {src}")
    print(
        f"solver tables' Finales began at (s into the run): "
        f"{', '.join(f'{t:.1f}' for t in run.finales)}; {run.finales_ended} ended, "
        f"{run.replaced} games ended without one"
    )
    print(f"server CPU: {cpu:.1f} s in {wall:.1f} s of play (its ended workers: {children:.1f} s)")
    print(f"watched table: {run.watched_games} games finished, {len(gaps)} gaps measured")
    print(f"largest gap: {largest * 1000:.0f} ms; gaps over 1 s: {over}")
    print(
        "ten largest (ms @ s into the run): "
        + ", ".join(f"{g * 1000:.0f} @ {t:.1f}" for g, t in gaps[:10])
    )
    for gap, between in run.long_gaps:
        got = ", ".join(between) or "nothing"
        print(f"  a gap of {gap:.1f} s; meanwhile the player got these errors: {got}")
    if run.sleepers:
        print(f"sleepers: {run.sleepers}, dropped by the server: {run.sleepers_dropped}")
    warnings = [
        line
        for line in log.splitlines()
        if line.startswith(("WARNING", "ERROR")) or "busy" in line or "bot" in line
    ]
    print(f"server warnings: {len(warnings)}")
    for line in warnings[:30]:
        print(f"  {line[:200]}")
    if run.errors:
        print(f"error messages to the clients: {dict(run.errors)}")
    for failure in run.failures:
        print(f"FAILED: {failure}")
    if args.sample:
        print("sampled stretches of a busy event loop:")
        print(sampled or "  (none of 200 ms or more)")
    print(flush=True)
    return Figures(largest, over)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--solver-tables", type=int, default=8)
    parser.add_argument("--finale", type=int, default=999, help="Deckel in the Finale")
    parser.add_argument("--bot-delay", type=float, default=0.05)
    parser.add_argument("--bot-workers", type=int, default=1, help="the server's bot workers")
    parser.add_argument(
        "--seconds", type=float, default=30.0, help="seconds of play once all are in the Finale"
    )
    parser.add_argument(
        "--distinct",
        action="store_true",
        help="each solver table with a Finale of its own size (--finale less 1, 2, ...)",
    )
    parser.add_argument(
        "--coach", action="store_true", help="the solver tables' hosts turn their coach on"
    )
    parser.add_argument(
        "--resend",
        action="store_true",
        help="a player sends an action refused for the message rate again, 0.15 s later",
    )
    parser.add_argument("--sleepers", type=int, default=0, help="spectators that never read")
    parser.add_argument("--seed", type=int, default=1, help="the server's dice seed (0: none)")
    parser.add_argument("--timeout", type=float, default=120.0, help="seconds to reach the Finales")
    parser.add_argument("--sample", action="store_true", help="sample the server's event loop")
    parser.add_argument("--against", metavar="SRC", type=Path, help="another checkout's src")
    parser.add_argument("--runs", type=int, default=1, help="runs of each server")
    args = parser.parse_args()
    trees = [SRC] if args.against is None else [SRC, args.against.resolve()]
    figures: dict[Path, list[Figures]] = {src: [] for src in trees}
    for i in range(max(1, args.runs)):
        for src in trees if i % 2 == 0 else trees[::-1]:
            figures[src].append(measure(args, src))
    if len(trees) > 1:
        print("side by side (largest gap at the watched table; gaps over 1 s):")
        for src in trees:
            each = ", ".join(f"{f.largest * 1000:.0f} ms ({f.over_1s})" for f in figures[src])
            print(f"  {'this tree' if src == SRC else src}: {each}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
