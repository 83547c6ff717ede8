"""Benchmark: one club's big day beside another club and a game table (issue 29, item 1).

Usage: python bench/lanes.py [--players 10000] [--batch 1000] [--pollers 20]
                             [--engines sqlite postgresql]

For each engine it starts ``schocken serve`` (bench/serving.py; for PostgreSQL on a server the
benchmark starts in a temporary folder, as the tests do) and makes two clubs by the API. While
the big club registers ``--players`` guests in a tournament (``--batch`` names a request) and
draws round 1, and ``--pollers`` clients poll the tournament's live view (each with its own
``hide``, 0 to 10) and its print views (plan, ranking, sheets), each every 3 seconds:

* the other club asks, one request after the other with 50 ms between them: its book
  (``GET /api/clubs/{club}``), its tournament (``GET .../tournaments/{name}``), its live view,
  and a new member (``POST .../members``, a change);
* two players play at a game table (a new table for each game), by WebSocket.

It prints the other club's request times (p50, p99, max; all, reads, changes), the game
table's action-to-update gaps (from sending an action to the update it makes), how long the
big club's registration and draw took, and how many views were made and refused (429: the
views' limit per key and address, 600 a minute; the pollers stay under it).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
import websockets

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
from server_helpers import hello, merge, simple_choice
from serving import ServerProcess

V = 3
POLL_EVERY = 3.0
PAPERS = ("plan", "ranking", "sheets")
MEMBERS = ["Anna", "Ben", "Cem", "Dora", "Emil", "Frieda", "Gustav", "Hanne"]


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


def said(values: list[float]) -> str:
    ms = [v * 1000 for v in values]
    return (
        f"n {len(ms):5d}  p50 {percentile(ms, 50):7.1f} ms  p99 {percentile(ms, 99):7.1f} ms  "
        f"max {max(ms, default=float('nan')):7.1f} ms"
    )


class Run:
    def __init__(self, http: httpx.AsyncClient, url: str) -> None:
        self.http = http
        self.url = url
        self.stop = asyncio.Event()
        self.reads: list[float] = []
        self.changes: list[float] = []
        self.gaps: list[float] = []
        self.polls = 0
        self.refused = 0
        self.errors: list[str] = []
        self.registered = 0.0
        self.drawn = 0.0

    async def club(self, name: str) -> dict[str, str]:
        r = await self.http.post("/api/clubs", json={"name": name})
        r.raise_for_status()
        data = r.json()
        return {"slug": data["club"]["slug"], "session": data["session"]}

    async def call(
        self, club: dict[str, str], method: str, path: str, body: Any = None
    ) -> httpx.Response:
        headers = {"x-club-session": club["session"]}
        r = await self.http.request(method, path, json=body, headers=headers)
        if r.status_code != 200:
            self.errors.append(f"{method} {path}: {r.status_code} {r.text[:200]}")
        return r

    async def other_club(self, club: dict[str, str], tournament: str, key: str) -> None:
        slug = club["slug"]
        asks: list[tuple[str, str, Any]] = [
            ("GET", f"/api/clubs/{slug}", None),
            ("GET", f"/api/clubs/{slug}/tournaments/{tournament}", None),
            ("GET", f"/api/tournaments/{slug}/{tournament}/live?key={key}", None),
            ("POST", f"/api/clubs/{slug}/members", "member"),
        ]
        n = 0
        while not self.stop.is_set():
            method, path, body = asks[n % len(asks)]
            n += 1
            if body == "member":
                body = {"name": f"Neu {n:05d}", "guest": True}
            started = time.perf_counter()
            await self.call(club, method, path, body)
            (self.reads if method == "GET" else self.changes).append(time.perf_counter() - started)
            await asyncio.sleep(0.05)

    async def poller(self, club: str, tournament: str, key: str, i: int) -> None:
        await asyncio.sleep(i * POLL_EVERY / 20)  # spread over the interval
        while not self.stop.is_set():
            if i % 10 < 7:
                path = f"/api/tournaments/{club}/{tournament}/live?key={key}&hide={i % 11}"
            else:
                paper = PAPERS[i % len(PAPERS)]
                path = f"/tournaments/{club}/{tournament}/print/{paper}?key={key}"
            r = await self.http.get(path)
            self.polls += 1
            if r.status_code == 429:
                self.refused += 1
            elif r.status_code == 400 and "round_not_drawn" in r.text:
                pass  # a round's print view before the draw: refused in words, as it should
            elif r.status_code != 200:
                self.errors.append(f"GET {path}: {r.status_code} {r.text[:200]}")
            with contextlib.suppress(asyncio.TimeoutError):
                await asyncio.wait_for(self.stop.wait(), POLL_EVERY)

    async def game_tables(self) -> None:
        while not self.stop.is_set():
            await self.one_game()

    async def one_game(self) -> None:
        r = await self.http.post("/api/tables", json={"name": "Anna", "seats": 2, "rules": "tsv99"})
        r.raise_for_status()
        table = r.json()
        joined = await self.http.post(f"/api/tables/{table['code']}/join", json={"name": "Ben"})
        joined.raise_for_status()
        tokens = [table["token"], joined.json()["token"]]
        uri = self.url.replace("http://", "ws://") + f"/ws/{table['id']}"
        async with contextlib.AsyncExitStack() as stack:
            sockets = [
                await stack.enter_async_context(websockets.connect(uri, max_size=2**22))
                for _ in tokens
            ]
            states: list[dict[str, Any] | None] = [None, None]
            for n, (ws, token) in enumerate(zip(sockets, tokens, strict=True)):
                await ws.send(hello(token))
                while states[n] is None or states[n].get("type") != "state":  # type: ignore[union-attr]
                    message = json.loads(await ws.recv())
                    if message.get("type") == "state":
                        states[n] = merge(None, message)
            started = await self.http.post(
                f"/api/tables/{table['id']}/start", json={"token": tokens[0]}
            )
            started.raise_for_status()
            await asyncio.gather(*(self.play(ws, states[n]) for n, ws in enumerate(sockets)))

    async def play(self, ws: Any, state: Any) -> None:
        acted, sent = -1, 0.0
        while True:
            if state is not None and state.get("view") is not None:
                if state["view"]["loser"] is not None:
                    return
                if state["step"] != acted:
                    action = simple_choice(state)
                    if action is not None:
                        acted, sent = state["step"], time.perf_counter()
                        await ws.send(json.dumps({"v": V, "type": "action", "action": action}))
            message = json.loads(await asyncio.wait_for(ws.recv(), 60))
            if message.get("type") == "update" and sent:
                self.gaps.append(time.perf_counter() - sent)
                sent = 0.0
            if message.get("type") in ("state", "update", "table"):
                state = merge(state, message)


async def measure(url: str, args: argparse.Namespace) -> Run:
    limits = httpx.Limits(max_connections=100, max_keepalive_connections=100)
    async with httpx.AsyncClient(base_url=url, timeout=600, limits=limits) as http:
        run = Run(http, url)
        big, small = await run.club("Großer Verein"), await run.club("Kleiner Verein")
        for name in MEMBERS:
            await run.call(small, "POST", f"/api/clubs/{small['slug']}/members", {"name": name})
        tournaments = {}
        for club, name in ((big, "Grosspokal"), (small, "Kleinpokal")):
            base = f"/api/clubs/{club['slug']}/tournaments"
            made = await run.call(
                club, "POST", base, {"name": name, "date": "2026-12-02", "format": "werl"}
            )
            tournaments[club["slug"]] = (base + "/" + name.lower(), made.json()["view_key"])
        small_path, small_key = tournaments[small["slug"]]
        await run.call(small, "POST", small_path + "/register", {"names": MEMBERS})
        await run.call(small, "POST", small_path + "/draw", {})
        big_path, big_key = tournaments[big["slug"]]
        tasks = [
            asyncio.create_task(run.other_club(small, "kleinpokal", small_key)),
            asyncio.create_task(run.game_tables()),
            *(
                asyncio.create_task(run.poller(big["slug"], "grosspokal", big_key, i))
                for i in range(args.pollers)
            ),
        ]
        await asyncio.sleep(2)  # the others under way
        names = [f"Spieler {i:05d}" for i in range(1, args.players + 1)]
        started = time.perf_counter()
        for at in range(0, len(names), args.batch):
            body = {"names": names[at : at + args.batch], "guest": True}
            await run.call(big, "POST", big_path + "/register", body)
        run.registered = time.perf_counter() - started
        started = time.perf_counter()
        await run.call(big, "POST", big_path + "/draw", {})
        run.drawn = time.perf_counter() - started
        await asyncio.sleep(2 * POLL_EVERY)  # the pollers see the drawn round
        run.stop.set()
        await asyncio.gather(*tasks)
        return run


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=10_000)
    parser.add_argument("--batch", type=int, default=1000, help="names a registration request")
    parser.add_argument("--pollers", type=int, default=20)
    parser.add_argument("--engines", nargs="+", default=["sqlite", "postgresql"])
    args = parser.parse_args()
    failed = False
    for engine in args.engines:
        with contextlib.ExitStack() as stack:
            folder = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="lanes-")))
            database = None
            if engine == "postgresql":
                from postgres_helpers import postgres

                database = stack.enter_context(postgres()).new_database()
            server = ServerProcess(
                folder,
                [
                    "--log-level", "warning", "--tables-per-minute", "100000",
                    "--conns-per-address", "100000", "--max-connections", "100000",
                ],
                database=database,
            )  # fmt: skip
            try:
                server.wait_ready()
                run = asyncio.run(measure(server.url, args))
                run.errors += [line for line in server.log().splitlines() if "failed" in line]
            finally:
                server.stop()
        print(
            f"{engine}: {args.players} players registered ({args.batch} a request) in "
            f"{run.registered:.1f} s, drawn in {run.drawn:.1f} s, "
            f"{args.pollers} pollers: {run.polls} views asked, {run.refused} refused (429)"
        )
        print(f"  the other club, all      {said(run.reads + run.changes)}")
        print(f"  the other club, reads    {said(run.reads)}")
        print(f"  the other club, changes  {said(run.changes)}")
        print(f"  game table, action->update {said(run.gaps)}")
        for error in run.errors[:5]:
            print(f"  error: {error}")
        failed = failed or bool(run.errors)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
