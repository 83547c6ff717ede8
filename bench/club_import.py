"""Benchmark: a big club's import against a real `schocken serve`, while a table plays and
another club is read (issue 21, item 3).

Usage: python bench/club_import.py [--games 5400] [--pace 0.05] [--poll 0.05] [--seed 1]
                                   [--export FILE] [--against SRC] [--runs N]

It makes a valid club export (``schocken club export``'s format) of ``--games`` game records:
two players, the tsv99 rules with two Deckel a half, eight games an evening, about 30 MiB for
5,400 games (kept in ``--export FILE`` if given, and read from there when it exists). It starts
``schocken serve`` in a subprocess (its own temporary SQLite file, seeded dice, ``--log-level
warning``) on a free port of 127.0.0.1, makes another club, and from this process:

* plays tables of two humans, one after another: each acts ``--pace`` seconds after it may;
  the gap of an action runs from sending it to the moment both players have a state with a
  higher step (an action refused as ``unavailable`` is sent again; its gap runs on);
* reads the other club's book (``GET /api/clubs/{slug}``) every ``--poll`` seconds and times
  each answer;

and after a second of that, posts the export to ``POST /api/clubs/import``. It prints how long
the import took and its answer, and, for the gaps and requests that overlap the import, the
largest, the 99th percentile and how many there were, the refusals, and how late this process's
own event loop woke (so that the load generator's share is plain). Times are measured with
time.perf_counter in this process, loopback included.

With ``--against SRC`` the same run is made against the server of another checkout's ``src``
folder (``PYTHONPATH=SRC``), after this tree's, ``--runs`` times each, and the figures are
printed side by side.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import dataclasses
import datetime
import json
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from schocken.bots import make_bot
from schocken.dice import RandomDice
from schocken.game import Game
from schocken.play import play_game
from schocken.record import record_of
from schocken.rules import find_preset
from serving import HOST, ServerProcess

SRC = Path(__file__).resolve().parents[1] / "src"
NAMES = ["Anna", "Ben", "Cem", "Dora", "Emil", "Finn", "Gerd", "Hanna"]
PER_EVENING = 8


# --------------------------------------------------------------------------- the export


def make_export(games: int, seed: int) -> str:
    """A valid export of a club "Grosser Club" with ``games`` game records."""
    rules = dataclasses.replace(find_preset("tsv99"), deckel_per_half=2)
    evenings = []
    first = datetime.date(2005, 1, 4)
    for e in range((games + PER_EVENING - 1) // PER_EVENING):
        played = []
        for n in range(min(PER_EVENING, games - e * PER_EVENING)):
            k = e * PER_EVENING + n
            players = [NAMES[k % len(NAMES)], NAMES[(k + 3) % len(NAMES)]]
            game = Game(rules, players, RandomDice(seed * 1_000_003 + k))
            play_game(game, [make_bot("regular", seed + k * 10 + i) for i in range(2)])
            played.append(
                {
                    "number": n + 1,
                    "source": "pub",
                    "players": players,
                    "record": json.loads(record_of(game).to_json(indent=None)),
                    "note": "",
                    "meta": {},
                    "void": None,
                }
            )
        present = [m for m in NAMES if any(m in g["players"] for g in played)]
        evenings.append(
            {
                "date": (first + datetime.timedelta(days=7 * e)).isoformat(),
                "place": "Krone",
                "note": "",
                "present": present,
                "games": played,
            }
        )
    data = {
        "format": "schocken-club",
        "version": 1,
        "club": {
            "name": "Grosser Club",
            "created": "2005-01-01T00:00:00+00:00",
            "currency": "EUR",
            "season_start": "01-01",
            "secret_hash": None,
            "password_hash": None,
        },
        "members": [{"name": m, "guest": False, "joined": None, "left": None} for m in NAMES],
        "prices": [{"item": "game_lost", "valid_from": None, "cents": 100}],
        "evenings": evenings,
        "charges": [],
        "payments": [],
        "log": [],
    }
    return json.dumps(data, ensure_ascii=False, indent=1) + "\n"


# --------------------------------------------------------------------------- the server


# --------------------------------------------------------------------------- the run


@dataclass
class Figures:
    import_seconds: float = 0.0
    import_status: int = 0
    import_answer: str = ""
    gaps: list[tuple[float, float]] = field(default_factory=list)
    """Each action: when it was sent and its gap (seconds)."""
    polls: list[tuple[float, float, int]] = field(default_factory=list)
    """Each read of the other club: when it was sent, how long it took, its status."""
    lags: list[tuple[float, float]] = field(default_factory=list)
    """This process's event loop: when it woke, how late."""
    refusals: Counter[str] = field(default_factory=Counter)
    window: tuple[float, float] = (0.0, 0.0)


def choose(legal: list[str]) -> str | None:
    """A quick player: the next turn, else stop, else the first throw (never buy in)."""
    options = [a for a in legal if a != "buyin"]
    for wanted in ("turn", "stop"):
        if wanted in options:
            return wanted
    return options[0] if options else None


async def play_table(
    http: httpx.AsyncClient, port: int, pace: float, stop: asyncio.Event, figures: Figures
) -> None:
    """One table of two humans played by this process to its end (or until ``stop``)."""
    made = (await http.post("/api/tables", json={"name": "Anna", "seats": 2})).json()
    joined = (await http.post(f"/api/tables/{made['code']}/join", json={"name": "Ben"})).json()
    tokens = [made["token"], joined["token"]]
    uri = f"ws://{HOST}:{port}/ws/{made['id']}"
    async with connect(uri, max_size=2**22) as a, connect(uri, max_size=2**22) as b:
        seats: list[ClientConnection] = [a, b]
        for ws, token in zip(seats, tokens, strict=True):
            await ws.send(json.dumps({"v": 3, "type": "hello", "token": token, "since": None}))
        await http.post(f"/api/tables/{made['id']}/start", json={"token": tokens[0]})
        inbox: asyncio.Queue[tuple[int, dict[str, Any], float]] = asyncio.Queue()

        async def read(i: int, ws: ClientConnection) -> None:
            with contextlib.suppress(ConnectionClosed):
                async for raw in ws:
                    await inbox.put((i, json.loads(raw), time.perf_counter()))

        readers = [asyncio.create_task(read(i, ws)) for i, ws in enumerate(seats)]
        seen, acted = [-1, -1], [-1, -1]
        legal: list[list[str]] = [[], []]
        pending: dict[int, float] = {}  # the step an action was chosen on: when it was sent
        try:
            while not stop.is_set():
                for i, ws in enumerate(seats):
                    action = choose(legal[i])
                    if action is not None and acted[i] != seen[i]:
                        if pace > 0:
                            await asyncio.sleep(pace)
                        acted[i] = seen[i]
                        pending.setdefault(seen[i], time.perf_counter())
                        await ws.send(json.dumps({"v": 3, "type": "action", "action": action}))
                try:
                    i, message, now = await asyncio.wait_for(inbox.get(), 1)
                except TimeoutError:
                    continue
                kind = message.get("type")
                if kind == "error":
                    figures.refusals[str(message.get("code"))] += 1
                    acted[i] = -1  # sent again (its gap runs on)
                elif kind in ("state", "update"):
                    seen[i] = max(seen[i], message["step"])
                    legal[i] = list(message.get("legal") or [])
                    view = message.get("view")
                    for step in [s for s in pending if s < min(seen)]:
                        sent = pending.pop(step)
                        figures.gaps.append((sent, now - sent))
                    if view is not None and view.get("loser") is not None:
                        return
                elif kind == "table":
                    legal[i] = list(message.get("legal") or [])
        finally:
            for task in readers:
                task.cancel()


async def measure(src: Path, export: bytes, args: argparse.Namespace) -> Figures:
    """One run against a fresh server of the checkout ``src``."""
    figures = Figures()
    with tempfile.TemporaryDirectory(prefix="schocken-club-import-") as folder:
        server = ServerProcess(
            Path(folder),
            ["--seed", "1", "--log-level", "warning", "--tables-per-minute", "100000"],
            src=src,
        )
        try:
            server.wait_ready()
            async with httpx.AsyncClient(base_url=server.url, timeout=600) as http:
                club = (await http.post("/api/clubs", json={"name": "Anderer Verein"})).json()
                page = f"/api/clubs/{club['club']['slug']}"
                stop = asyncio.Event()

                async def poll() -> None:
                    while not stop.is_set():
                        sent = time.perf_counter()
                        r = await http.get(page, headers={"x-club-session": club["session"]})
                        figures.polls.append((sent, time.perf_counter() - sent, r.status_code))
                        await asyncio.sleep(args.poll)

                async def play() -> None:
                    while not stop.is_set():
                        await play_table(http, server.port, args.pace, stop, figures)

                async def watch() -> None:
                    while not stop.is_set():
                        before = time.perf_counter()
                        await asyncio.sleep(0.01)
                        now = time.perf_counter()
                        figures.lags.append((now, now - before - 0.01))

                tasks = [asyncio.create_task(f()) for f in (poll, play, watch)]
                await asyncio.sleep(1.0)
                start = time.perf_counter()

                def post() -> httpx.Response:
                    return httpx.post(
                        f"{server.url}/api/clubs/import",
                        content=export,
                        headers={"content-type": "application/json"},
                        timeout=600,
                    )

                answer = await asyncio.to_thread(post)
                end = time.perf_counter()
                await asyncio.sleep(0.5)
                stop.set()
                await asyncio.gather(*tasks)
            figures.import_seconds = end - start
            figures.import_status = answer.status_code
            figures.import_answer = answer.text[:200]
            figures.window = (start, end)
        finally:
            server.stop()
    return figures


def during(figures: Figures) -> tuple[list[float], list[float], list[int], list[float]]:
    """The gaps, request times and statuses, and this process's lags that overlap the import."""
    lo, hi = figures.window
    gaps = [g for sent, g in figures.gaps if sent <= hi and sent + g >= lo]
    polls = [
        (took, status) for sent, took, status in figures.polls if sent <= hi and sent + took >= lo
    ]
    lags = [late for at, late in figures.lags if lo <= at <= hi + 0.5]
    return gaps, [t for t, _ in polls], [s for _, s in polls], lags


def p99(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))] if ordered else 0.0


def report(name: str, figures: Figures) -> None:
    gaps, polls, statuses, lags = during(figures)
    print(f"{name}:")
    print(
        f"  import: {figures.import_status} in {figures.import_seconds:.2f} s"
        + ("" if figures.import_status == 200 else f" ({figures.import_answer})")
    )
    print(
        f"  table, action to update during the import: max {max(gaps, default=0) * 1000:.0f} ms, "
        f"p99 {p99(gaps) * 1000:.0f} ms, {len(gaps)} actions; refused: "
        f"{dict(figures.refusals) or 'none'}"
    )
    bad = sum(s != 200 for s in statuses)
    print(
        f"  other club's GET during the import: max {max(polls, default=0) * 1000:.0f} ms, "
        f"p99 {p99(polls) * 1000:.0f} ms, {len(polls)} requests, {bad} not 200"
    )
    print(f"  this process's event loop late by at most {max(lags, default=0) * 1000:.0f} ms")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=5400, help="game records in the export")
    parser.add_argument("--pace", type=float, default=0.05, help="seconds before each action")
    parser.add_argument("--poll", type=float, default=0.05, help="seconds between reads")
    parser.add_argument("--seed", type=int, default=1, help="of the export's games")
    parser.add_argument("--export", type=Path, help="keep the export here (reused if there)")
    parser.add_argument("--against", type=Path, help="another checkout's src folder")
    parser.add_argument("--runs", type=int, default=1, help="runs of each server")
    args = parser.parse_args()
    if args.export is not None and args.export.exists():
        text = args.export.read_text(encoding="utf-8")
    else:
        began = time.perf_counter()
        text = make_export(args.games, args.seed)
        print(f"made the export in {time.perf_counter() - began:.1f} s")
        if args.export is not None:
            args.export.write_text(text, encoding="utf-8")
    export = text.encode("utf-8")
    games = sum(len(e["games"]) for e in json.loads(text)["evenings"])
    print(f"export: {len(export) / 2**20:.1f} MiB, {games} game records")
    trees = [("this tree", SRC)]
    if args.against is not None:
        trees.append((str(args.against), args.against.resolve()))
    for run in range(args.runs):
        for name, src in trees:
            figures = asyncio.run(measure(src, export, args))
            report(f"{name} (run {run + 1})", figures)
    return 0


if __name__ == "__main__":
    sys.exit(main())
