"""Benchmark: a tournament of many players (issue 29, item 2), through the server's API on
SQLite and on PostgreSQL, and through the command line.

Usage: python bench/tournament_size.py [--players 10000] [--engines sqlite postgresql]
                                       [--games 50] [--no-cli] [--markdown]

For each engine it starts ``schocken serve`` (bench/serving.py; for PostgreSQL on a server the
benchmark starts in a temporary folder, as the tests do), makes a club and a tournament of
format werl by the API, and times, as a client sees them (wall time of the request):

* **register**: ``POST .../register`` with all the names in one request (guests of the club);
* **draw**: ``POST .../draw``, round 1 (tables of 4);
* **enter**: ``POST .../enter``, a game by hand at each of the first ``--games`` tables (the
  slowest single request);
* **ranking**: ``GET /api/tournaments/{club}/{name}/live``, the live view (the ranking of every
  player and the tables), the first call (nothing kept);
* **detail**: ``GET .../tournaments/{name}``, the organiser's answer;

with each answer's size in bytes. Then the same through the command line (``schocken
tournament register``, ``draw``, ``rank``; each a process of its own on a SQLite file, Python's
start included), and the ranking of a tournament with a game at every table of two rounds,
made in memory and ranked in this process (:func:`schocken.tournament.ranking.ranking`).

``--markdown`` prints the table for ``docs/tournament.md``.
"""

from __future__ import annotations

import argparse
import contextlib
import random
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parent))
from serving import ServerProcess

Row = tuple[str, str, float, float, int]
"""(how, step, seconds of wall time, seconds of the server's or command's CPU time, bytes of
the answer)."""


def _postgres() -> Any:
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
    from postgres_helpers import postgres

    return postgres()


def names_of(count: int) -> list[str]:
    return [f"Spieler {i:05}" for i in range(1, count + 1)]


class Timer:
    """Requests to the server, each timed: wall time, and the server's CPU time meanwhile
    (from /proc: what other programs on a busy machine take is not counted)."""

    def __init__(self, client: httpx.Client, server: ServerProcess) -> None:
        self.client, self.server = client, server

    def __call__(self, method: str, path: str, **kw: Any) -> tuple[float, float, httpx.Response]:
        cpu = sum(self.server.cpu_seconds())
        start = time.perf_counter()
        r = self.client.request(method, path, **kw)
        seconds = time.perf_counter() - start
        if r.status_code != 200:
            raise RuntimeError(f"{method} {path}: {r.status_code} {r.text[:300]}")
        return seconds, sum(self.server.cpu_seconds()) - cpu, r


def through_api(server: ServerProcess, players: int, games: int, engine: str) -> list[Row]:
    rows: list[Row] = []
    with httpx.Client(base_url=server.url, timeout=600) as client:
        timed = Timer(client, server)
        *_, r = timed("POST", "/api/clubs", json={"name": "Großverein"})
        club = r.json()
        slug, session = club["club"]["slug"], club["session"]
        headers = {"x-club-session": session}
        base = f"/api/clubs/{slug}/tournaments"
        body = {"name": "Stadtpokal", "date": "2026-12-05", "format": "werl", "seed": "1"}
        timed("POST", base, json=body, headers=headers)
        tour = f"{base}/stadtpokal"
        body = {"names": names_of(players), "guest": True}
        s, c, r = timed("POST", f"{tour}/register", json=body, headers=headers)
        rows.append((engine, "register", s, c, len(r.content)))
        s, c, r = timed("POST", f"{tour}/draw", json={}, headers=headers)
        rows.append((engine, "draw", s, c, len(r.content)))
        tables = r.json()["rounds"][0]["tables"]
        slowest, slowest_cpu, size = 0.0, 0.0, 0
        for table in tables[:games]:
            p = table["players"]
            halves = [[[x] for x in p], [[x] for x in p]]
            body = {"round": 1, "table": table["number"], "players": p, "halves": halves}
            s, c, r = timed("POST", f"{tour}/enter", json=body, headers=headers)
            slowest, slowest_cpu = max(slowest, s), max(slowest_cpu, c)
            size = max(size, len(r.content))
        if games:
            step = f"enter (slowest of {min(games, len(tables))})"
            rows.append((engine, step, slowest, slowest_cpu, size))
        *_, r = timed("GET", f"{tour}/qr", headers=headers)
        key = r.json()["link"].rsplit("key=", 1)[1]
        s, c, r = timed("GET", f"/api/tournaments/{slug}/stadtpokal/live?key={key}")
        rows.append((engine, "ranking (live view)", s, c, len(r.content)))
        s, c, r = timed("GET", tour, headers=headers)
        rows.append((engine, "organiser's page", s, c, len(r.content)))
    return rows


def on_engine(engine: str, players: int, games: int, folder: Path) -> list[Row]:
    with contextlib.ExitStack() as stack:
        database = None
        if engine == "postgresql":
            pg = stack.enter_context(_postgres())
            database = pg.new_database()
        server = ServerProcess(folder, [], database=database)
        stack.callback(server.stop)
        server.wait_ready()
        return through_api(server, players, games, f"API, {engine}")


def through_cli(players: int, folder: Path) -> list[Row]:
    db = str(folder / "cli.sqlite3")
    run = [sys.executable, "-m", "schocken.cli", "tournament"]
    rows: list[Row] = []

    def call(step: str | None, *args: str) -> None:
        cpu = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        done = subprocess.run(
            [*run, *args, "--db", db, "--lang", "en"], capture_output=True, check=False
        )
        seconds = time.perf_counter() - start
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        used = after.ru_utime + after.ru_stime - cpu.ru_utime - cpu.ru_stime
        if done.returncode != 0:
            raise RuntimeError(f"{args[0]}: {done.stderr.decode()[-500:]}")
        if step is not None:
            rows.append(("command line, sqlite", step, seconds, used, len(done.stdout)))

    call(None, "create", "Stadtpokal", "--date", "2026-12-05", "--seed", "1")
    call("register", "register", *names_of(players))
    call("draw", "draw")
    call("ranking", "rank")
    return rows


def in_memory(players: int) -> list[Row]:
    """The ranking of ``players`` with a game at every table of two rounds."""
    from schocken.rules import find_preset
    from schocken.tournament.draw import draw_tables
    from schocken.tournament.formats import find_format
    from schocken.tournament.ranking import ranking
    from schocken.tournament.results import result_by_hand
    from schocken.tournament.values import Entrant, Entry, Seating, Tournament

    names = names_of(players)
    rng = random.Random(1)
    history: list[tuple[tuple[str, ...], ...]] = []
    seatings, games = [], []
    for r in (1, 2):
        tables = draw_tables(names, size=4, smallest=3, seed=f"1/{r}", history=history)
        history.append(tables)
        seatings.append(Seating(r, tuple((i + 1, t) for i, t in enumerate(tables))))
        for i, t in enumerate(tables):
            order = list(t)
            rng.shuffle(order)
            result = result_by_hand(order, halves=[[[x] for x in order]] * 2)
            games.append(Entry(r, i + 1, 1, "hand", result))
    t = Tournament(
        "Stadtpokal",
        find_format("werl"),
        find_preset("allgemein"),
        "1",
        tuple(Entrant(n, None, i + 1) for i, n in enumerate(names)),
        tuple(seatings),
        tuple(games),
    )
    start, cpu = time.perf_counter(), time.process_time()
    ranking(t)
    wall, cpu = time.perf_counter() - start, time.process_time() - cpu
    return [("in memory", f"ranking ({len(games)} games)", wall, cpu, 0)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=10_000)
    parser.add_argument("--engines", nargs="+", default=["sqlite", "postgresql"])
    parser.add_argument("--games", type=int, default=50, help="games entered by the API")
    parser.add_argument("--no-cli", action="store_true", help="not through the command line")
    parser.add_argument("--markdown", action="store_true")
    args = parser.parse_args()
    rows: list[Row] = []
    with tempfile.TemporaryDirectory(prefix="schocken-size-") as tmp:
        for engine in args.engines:
            rows += on_engine(engine, args.players, args.games, Path(tmp))
        if not args.no_cli:
            rows += through_cli(args.players, Path(tmp))
    rows += in_memory(args.players)
    if args.markdown:
        print(f"| {args.players:,} players | step | wall (s) | CPU (s) | answer (bytes) |")
        print("|---|---|---:|---:|---:|")
        for how, step, seconds, cpu, size in rows:
            print(f"| {how} | {step} | {seconds:.2f} | {cpu:.2f} | {size:,} |")
        return
    print(f"{args.players} players: wall time, CPU time (of the server or command), answer")
    for how, step, seconds, cpu, size in rows:
        print(f"{how:22} {step:28} {seconds:7.2f} s {cpu:7.2f} s {size:>10,} bytes")


if __name__ == "__main__":
    main()
