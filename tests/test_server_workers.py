"""Two workers (``schocken serve`` processes) on one real PostgreSQL database
(``server/workers.py``, ``server/relay.py``): players connected to different workers play one
game, each seeing only their own covered dice; a worker killed half way is replaced by the other
within 5 s, and the game ends with the same record as without the kill."""

from __future__ import annotations

import asyncio
import signal
import time
from pathlib import Path
from typing import Any, cast

import httpx
import pytest

from postgres_helpers import Postgres
from server_helpers import Client, Server, play_until_over, stored_change, stored_rows
from test_server import _play_to
from test_server_protocol import leaks

NAMES = ["Anna", "Ben", "Cem"]


def two_workers(tmp_path: Path, url: str, seed: int = 21) -> tuple[Server, Server]:
    a = Server(tmp_path / "a.sqlite3", database=url, seed=seed).start()
    b = Server(tmp_path / "b.sqlite3", database=url, seed=seed).start()
    return a, b


def table_at(made: Server, joined: Server, preset: str = "schock4life") -> dict[str, Any]:
    """A table made at one worker, its other players joined through another (the join goes to
    the owner through the relay)."""
    created = made.post("/api/tables", {"name": NAMES[0], "seats": len(NAMES), "rules": preset})
    assert created.status_code == 200, created.text
    data = created.json()
    tokens = [data["token"]]
    for name in NAMES[1:]:
        r = joined.post(f"/api/tables/{data['code']}/join", {"name": name})
        assert r.status_code == 200, r.text
        tokens.append(r.json()["token"])
    return {**data, "tokens": tokens}


async def played_then_left(server: Server, step: int) -> tuple[dict[str, Any], int]:
    """A table made at ``server``, its game started and played to ``step`` or later by its
    players, who then leave: the table and the step they saw last."""
    table = table_at(server, server)
    clients = [await Client(server, table["id"], t).connect() for t in table["tokens"]]
    server.post(f"/api/tables/{table['id']}/start", {"token": table["tokens"][0]})
    await _play_to(server, table, clients, step)
    seen = max(c.state["step"] for c in clients if c.state is not None)
    for c in clients:
        await c.close()
    return table, seen


async def whole_game(tmp_path: Path) -> dict[str, Any]:
    """The game as one process on SQLite plays it (the same seed, the same choices)."""
    server = Server(tmp_path / "whole.sqlite3", seed=21).start()
    try:
        created = server.post("/api/tables", {"name": NAMES[0], "seats": 3, "rules": "schock4life"})
        data = created.json()
        tokens = [data["token"]]
        for name in NAMES[1:]:
            tokens.append(server.post(f"/api/tables/{data['code']}/join", {"name": name}).json())
        tokens = [tokens[0], *(t["token"] for t in tokens[1:])]
        clients = [await Client(server, data["id"], t).connect() for t in tokens]
        server.post(f"/api/tables/{data['id']}/start", {"token": tokens[0]})
        await play_until_over(clients)
        for c in clients:
            await c.close()
        record: dict[str, Any] = server.get(f"/api/tables/{data['id']}/record").json()
        return record
    finally:
        server.stop()


def no_leaks(clients: list[Client], seats: list[int]) -> None:
    for client, seat in zip(clients, seats, strict=True):
        for message in client.messages:
            if message.get("type") in ("state", "update"):
                assert leaks(message, seat) == [], (seat, message)


async def come_back_and_finish(
    server: Server, table: dict[str, Any], clients: list[Client], seen: int = 0
) -> dict[str, Any]:
    """The players of ``table`` (none sent a covered die it may not see) leave and come back
    through ``server``, find the game at step ``seen`` or later, and play it to its end, again
    seeing only their own covered dice: its record."""
    no_leaks(clients, [0, 1, 2])
    for c in clients:
        await c.close()
    again = [await Client(server, table["id"], t).connect() for t in table["tokens"]]
    assert again[0].state is not None and again[0].state["step"] >= seen
    await play_until_over(again)
    no_leaks(again, [0, 1, 2])
    for c in again:
        await c.close()
    record: dict[str, Any] = server.get(f"/api/tables/{table['id']}/record").json()
    return record


def owner_of(server: Server, table_id: str) -> str | None:
    rows = stored_rows(
        server,
        "SELECT worker FROM leases WHERE table_id = ? AND expires > clock_timestamp()",
        (table_id,),
    )
    return str(rows[0][0]) if rows else None


async def test_players_on_two_workers_play_one_game(
    postgres_server: Postgres, tmp_path: Path
) -> None:
    whole = await whole_game(tmp_path)
    a, b = two_workers(tmp_path, postgres_server.new_database())
    try:
        worker_a = a.get("/api/health").json()["worker"]
        worker_b = b.get("/api/health").json()["worker"]
        assert worker_a != worker_b
        table = table_at(a, b)
        assert owner_of(a, table["id"]) == worker_a
        # Anna plays through the owner, Ben and Cem through the other worker.
        servers = [a, b, b]
        clients = [
            await Client(s, table["id"], t).connect()
            for s, t in zip(servers, table["tokens"], strict=True)
        ]
        started = b.post(f"/api/tables/{table['id']}/start", {"token": table["tokens"][0]})
        assert started.status_code == 200, started.text
        await play_until_over(clients)
        no_leaks(clients, [0, 1, 2])
        # Everyone saw the same game to its end, with every event, in order.
        ends = [c.state for c in clients]
        assert all(e is not None and e["view"]["loser"] is not None for e in ends)
        assert len({len(e["events"]) for e in ends if e is not None}) == 1
        assert owner_of(b, table["id"]) == worker_a  # it never moved
        records = [s.get(f"/api/tables/{table['id']}/record").json() for s in (a, b)]
        assert records[0] == records[1]
        assert records[0]["steps"] == whole["steps"]
        assert records[0]["outcome"] == whole["outcome"]
        for c in clients:
            await c.close()
    finally:
        a.stop()
        b.stop()


@pytest.mark.alone  # holds the server to a deadline
async def test_a_worker_killed_half_way_the_other_takes_its_table(
    postgres_server: Postgres, tmp_path: Path
) -> None:
    whole = await whole_game(tmp_path)
    a, b = two_workers(tmp_path, postgres_server.new_database())
    try:
        worker_b = b.get("/api/health").json()["worker"]
        table = table_at(a, b)
        clients = [
            await Client(s, table["id"], t).connect()
            for s, t in zip([a, b, b], table["tokens"], strict=True)
        ]
        a.post(f"/api/tables/{table['id']}/start", {"token": table["tokens"][0]})
        half = len(whole["steps"]) // 2
        await _play_to(a, table, clients, half)
        seen = max(c.state["step"] for c in clients if c.state is not None)
        a.kill()
        killed = time.monotonic()
        # The clients carried by the other worker are closed by it (the page connects again).
        for c in clients[1:]:
            await asyncio.wait_for(c.ws.wait_closed(), 10)
            assert c.ws.close_code == 1012
        while owner_of(b, table["id"]) != worker_b:
            assert time.monotonic() - killed < 5, "the table was not taken over within 5 s"
            await asyncio.sleep(0.1)
        # Everyone comes back through the worker that is left.
        record = await come_back_and_finish(b, table, clients, seen)
        stored = stored_rows(b, "SELECT COUNT(*) FROM steps WHERE table_id = ?", (table["id"],))
    finally:
        a.stop()
        b.stop()
    assert record["steps"] == whole["steps"] and record["outcome"] == whole["outcome"]
    assert stored[0][0] == len(whole["steps"])  # none lost, none twice


async def test_a_killed_workers_tables_are_all_taken_over_together(
    postgres_server: Postgres, tmp_path: Path
) -> None:
    """A worker killed with several games going: the other takes every one over (in one
    read, one replay and one write: ``Tables.adopt``) within 5 s, each at the step it had."""
    a, b = two_workers(tmp_path, postgres_server.new_database())
    try:
        worker_b = b.get("/api/health").json()["worker"]
        tables = [table_at(a, a) for _ in range(6)]
        for i, table in enumerate(tables):
            clients = [await Client(a, table["id"], t).connect() for t in table["tokens"]]
            a.post(f"/api/tables/{table['id']}/start", {"token": table["tokens"][0]})
            await _play_to(a, table, clients, 3 + i)
            table["seen"] = max(c.state["step"] for c in clients if c.state is not None)
            for c in clients:
                await c.close()
        a.kill()
        killed = time.monotonic()
        while any(owner_of(b, t["id"]) != worker_b for t in tables):
            assert time.monotonic() - killed < 5, "not every table was taken over within 5 s"
            await asyncio.sleep(0.1)
        for table in tables:
            client = await Client(b, table["id"], table["tokens"][1]).connect()
            assert client.state is not None and client.state["step"] == table["seen"]
            await client.close()
        logged = b.log.read_text("utf-8")
        assert logged.count("taken over (its worker stopped") == len(tables)
    finally:
        a.stop()
        b.stop()


async def test_a_killed_worker_is_seen_gone_without_waiting_for_its_leases(
    postgres_server: Postgres, tmp_path: Path
) -> None:
    """A worker that dies loses its database sessions, and with them the lock that says it
    lives: the other worker takes its tables over at its next look, not when the leases run
    out. The dead worker's leases are set to last a minute (it is stopped first, so it renews
    nothing): the table is taken over all the same, and the game goes on from its step."""
    a, b = two_workers(tmp_path, postgres_server.new_database())
    try:
        worker_a = a.get("/api/health").json()["worker"]
        worker_b = b.get("/api/health").json()["worker"]
        table, seen = await played_then_left(a, 4)
        assert a.proc is not None
        a.proc.send_signal(signal.SIGSTOP)
        stored_change(
            b,
            "UPDATE leases SET expires = clock_timestamp() + interval '60 seconds' "
            "WHERE worker = ?",
            (worker_a,),
        )
        a.kill()
        killed = time.monotonic()
        while owner_of(b, table["id"]) != worker_b:
            assert time.monotonic() - killed < 30, "taken over only when its lease ran out"
            await asyncio.sleep(0.1)
        assert stored_rows(b, "SELECT id FROM workers WHERE id = ?", (worker_a,)) == []
        client = await Client(b, table["id"], table["tokens"][1]).connect()
        assert client.state is not None and client.state["step"] == seen
        await client.close()
        assert f"worker {worker_a} is gone" in b.log.read_text("utf-8")
    finally:
        a.stop()
        b.stop()


async def test_a_worker_that_loses_its_database_stops_and_comes_back(tmp_path: Path) -> None:
    """PostgreSQL restarted under a worker (every session ended): the worker cannot go on with
    broken connections, so it stops at once with exit status 3, saying why, for its supervisor
    to start it again; started again on its port it takes its table back, and the game goes on
    from its step. (A PostgreSQL of its own: the other tests' goes on.)"""
    pg = Postgres().start()
    a = Server(tmp_path / "a.sqlite3", database=pg.new_database(), seed=21).start()
    try:
        table, seen = await played_then_left(a, 4)
        pg.restart()
        assert a.proc is not None
        assert a.proc.wait(timeout=30) == 3
        said = a.log.read_text("utf-8")
        assert "this worker lost its database" in said
        assert "schocken serve: the server lost its database" in said
        a.start()  # as systemd's Restart=always does
        again = [await Client(a, table["id"], t).connect() for t in table["tokens"]]
        assert again[0].state is not None and again[0].state["step"] == seen
        await play_until_over(again)
        assert all(c.state is not None and c.state["view"]["loser"] is not None for c in again)
        for c in again:
            await c.close()
    finally:
        a.stop()
        pg.stop()


async def test_a_stalled_owner_loses_its_table_and_its_late_write_is_refused(
    postgres_server: Postgres, tmp_path: Path
) -> None:
    """A worker that stalls (SIGSTOP) longer than its lease: the other takes the table over;
    the stalled one, going on, has its write refused and drops the table; the action it took is
    not applied, and is taken once when sent again."""
    a, b = two_workers(tmp_path, postgres_server.new_database())
    try:
        worker_b = b.get("/api/health").json()["worker"]
        table = table_at(a, a, preset="tsv99")
        clients = [await Client(a, table["id"], t).connect() for t in table["tokens"]]
        a.post(f"/api/tables/{table['id']}/start", {"token": table["tokens"][0]})
        await _play_to(a, table, clients, 2)
        assert a.proc is not None
        a.proc.send_signal(signal.SIGSTOP)
        try:
            while owner_of(b, table["id"]) != worker_b:
                await asyncio.sleep(0.1)
            state = clients[0].state
            assert state is not None
            mover = next(c for c in clients if c.state is not None and c.state["legal"])
            step = mover.state["step"] if mover.state is not None else -1
            action = next(x for x in (mover.state or {})["legal"] if x != "buyin")
            await mover.act(action)  # waits in the stalled worker's socket
            # Meanwhile the new owner has the table, as stored.
            watcher = await Client(b, table["id"], table["code"]).connect()
            assert watcher.state is not None and watcher.state["step"] == step
        finally:
            a.proc.send_signal(signal.SIGCONT)
        # The stalled worker, going on, finds the table gone (its renewal fails, or the late
        # action's write is refused by the fence, whichever comes first): the action is not
        # applied, and every client of the table there is closed to connect again.
        closes = []
        for c in clients:
            await asyncio.wait_for(c.ws.wait_closed(), 10)
            closes.append(c.ws.close_code)
        assert closes == [1012, 1012, 1012]
        errors = [m for m in mover.messages if m.get("type") == "error"]
        assert all(e["code"] == "unavailable" for e in errors), errors
        for c in clients:
            await c.close()
        stored = stored_rows(b, "SELECT COUNT(*) FROM steps WHERE table_id = ?", (table["id"],))
        assert stored[0][0] == step  # the late action was not stored
        # Sent again (the player reconnects to the worker it knows): taken once, by the owner.
        seat = clients.index(mover)
        back = await Client(a, table["id"], table["tokens"][seat]).connect()
        await back.act(action)
        after = await back.next_state()
        assert after["step"] == step + 1
        await back.close()
        await watcher.close()
        stored = stored_rows(b, "SELECT COUNT(*) FROM steps WHERE table_id = ?", (table["id"],))
        assert stored[0][0] == step + 1
        assert owner_of(b, table["id"]) == worker_b
    finally:
        a.stop()
        b.stop()


def test_a_write_without_the_lease_is_refused_and_stores_nothing(postgres_server: Postgres) -> None:
    """The fence itself: a worker's write of a table whose lease another worker took over (a
    higher epoch) fails whole."""
    from schocken.server.store import AddStep, Fence, LeaseLostError, SaveTable, Store

    url = postgres_server.new_database()
    store = Store(url)
    try:
        data = {"rules": {"preset": "tsv99"}, "seats": []}
        store.write_now([SaveTable("t1", "ABCDEF", 0.0, data, False)])
        store.write_now([AddStep("t1", 0, 0, "throw", (1, 2, 3))])
        store.db.execute(
            "INSERT INTO leases (table_id, worker, epoch, expires, taken) "
            "VALUES ('t1', 'wB', 2, clock_timestamp(), clock_timestamp())"
        )
        with pytest.raises(LeaseLostError):
            store.write_now([Fence("t1", "wA", 1), AddStep("t1", 1, 1, "throw", (4, 5, 6))])
        assert store.steps("t1") == [(0, "throw", [1, 2, 3])]
        store.write_now([Fence("t1", "wB", 2), AddStep("t1", 1, 1, "throw", (4, 5, 6))])
        assert len(store.steps("t1")) == 2
    finally:
        store.close()


def test_a_server_on_sqlite_needs_no_psycopg(tmp_path: Path) -> None:
    """The workers are only on PostgreSQL: the app on a SQLite file is made without psycopg
    (the ``postgres`` extra) being there at all."""
    import subprocess
    import sys

    code = (
        "import sys; sys.modules['psycopg'] = None\n"
        "from schocken.server.app import create_app\n"
        f"create_app({str(tmp_path / 'db.sqlite3')!r})\n"
        "assert 'schocken.server.relay' not in sys.modules\n"
        "assert 'schocken.server.workers' not in sys.modules\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr


class _Nothing:
    """A hub and tables for a worker in this process with none in memory."""

    def __init__(self) -> None:
        self.conns: dict[str, list[Any]] = {}
        self.by_id: dict[str, Any] = {}

    def stop(self, table: Any) -> None: ...

    def close(self, conn: Any, code: int) -> None: ...

    def kick(self, table: Any) -> None: ...

    async def adopt(self, table_id: str) -> None:
        return None


@pytest.mark.alone  # holds the server to a deadline
async def test_a_busy_worker_keeps_its_leases_a_stuck_one_lets_them_go(
    postgres_server: Postgres,
) -> None:
    """The renewals run beside the event loop: a loop held up again and again (a worker under
    more load than it can carry) keeps its lease for longer than the lease lasts; a loop stuck
    for longer than the lease renews nothing, and the lease runs out (another worker may take
    the table then)."""
    import psycopg

    from schocken.server.store import SaveTable, Store
    from schocken.server.workers import LEASE, LOOP_STALE, RENEW_EVERY, Cluster

    url = postgres_server.new_database()
    store = Store(url)
    store.write_now([SaveTable("t1", "ABCDEF", 0.0, {"rules": {}, "seats": []}, False)])
    store.close()
    cluster = Cluster(url, "127.0.0.1:1")
    cluster.tables = _Nothing()  # type: ignore[assignment]
    await cluster.start(_Nothing(), _Nothing())  # type: ignore[arg-type]
    lease = "SELECT worker, epoch, expires > clock_timestamp() FROM leases WHERE table_id = 't1'"
    try:
        assert await cluster.claim("t1")
        epoch = cluster.held["t1"]
        with psycopg.connect(url, autocommit=True) as db:
            busy_until = time.monotonic() + 2 * LEASE
            while time.monotonic() < busy_until:
                time.sleep(0.6)  # the loop held up, again and again
                await asyncio.sleep(0)
            assert db.execute(lease).fetchone() == (cluster.worker, epoch, True)
            assert cluster.held == {"t1": epoch}
            # Stuck: renewed until the loop is LOOP_STALE late (a renewal at most RENEW_EVERY
            # after that), then the lease runs out.
            time.sleep(LOOP_STALE + RENEW_EVERY + LEASE + 0.5)
            assert db.execute(lease).fetchone() == (cluster.worker, epoch, False)
    finally:
        await cluster.stop()


class Alternate:
    """Two workers where a test names one server: each request goes to the next in turn; and
    before each pub entry, the worker about to take it answers the game as the last entry left
    it (it read the game again, not an old copy)."""

    def __init__(self, a: Server, b: Server, pub_id: str, token: str, made: dict[str, Any]):
        self.workers, self.turn = (a, b), 0
        self.pub_id, self.token, self.last = pub_id, token, made["state"]

    def post(self, path: str, body: dict[str, Any]) -> httpx.Response:
        from test_server_pub import get

        worker = self.workers[self.turn % 2]
        self.turn += 1
        assert get(worker, self.pub_id, self.token).json()["state"] == self.last
        answer = worker.post(path, body)
        if answer.status_code == 200:
            self.last = answer.json()["state"]
        return answer


def test_a_pub_game_entered_through_both_workers_loses_no_entry(
    postgres_server: Postgres, tmp_path: Path
) -> None:
    """Pub mode with two workers: the entries of one game go to either worker in turn (as a
    proxy without stickiness sends them); each worker reads the game again when the other wrote
    it, so no entry is lost or applied to an old copy: the game ends as on one server, and
    both workers answer it alike."""
    from test_server_pub import create, get, play_out

    one = Server(tmp_path / "one.sqlite3").start()
    try:
        made = create(one)
        alone = play_out(one, made["id"], made["token"], made)
    finally:
        one.stop()
    a, b = two_workers(tmp_path, postgres_server.new_database())
    try:
        made = create(a)
        pub_id, token = made["id"], made["token"]
        view = play_out(cast(Server, Alternate(a, b, pub_id, token, made)), pub_id, token, made)
        assert view["state"] == alone["state"] and view["entries"] == alone["entries"]
        assert get(a, pub_id, token).json() == get(b, pub_id, token).json()
    finally:
        a.stop()
        b.stop()
