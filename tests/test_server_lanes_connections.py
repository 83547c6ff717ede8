"""The lanes' connections to PostgreSQL are capped per server process (``--book-connections``,
docs/server.md "Lanes"): however many clubs ask at once, one server process opens no more
connections for the club's book and tournaments than that.

No timing: a prelude makes each public view's first look at the database (in a thread of the
lanes) take a while, so that 12 calls for 12 clubs are all in the lanes at once."""

from __future__ import annotations

import threading
from pathlib import Path

import httpx
import psycopg

from postgres_helpers import Postgres
from server_helpers import GENEROUS, Server

SLOW_LOOK = """
import time
import schocken.server.tournament as t

_opened = t._opened

def _slow(book, club, name, key):
    time.sleep(0.3)
    return _opened(book, club, name, key)

t._opened = _slow
"""
"""A prelude for the server: each public view's look at its tournament (in a lane's thread)
takes 0.3 s more."""


def lanes_connections(database: str) -> int:
    """Connections to ``database`` whose last statement read a tournament: the lanes' (the
    server's others keep its tables, leases and relay; no view was made in a worker)."""
    with psycopg.connect(database, autocommit=True) as conn:
        row = conn.execute(
            "SELECT COUNT(*) FROM pg_stat_activity WHERE datname = current_database() "
            "AND pid <> pg_backend_pid() AND query LIKE '%FROM tournament_tournaments%'"
        ).fetchone()
    assert row is not None
    return int(row[0])


def test_twelve_clubs_at_once_open_at_most_book_connections(
    postgres_server: Postgres, tmp_path: Path
) -> None:
    database = postgres_server.new_database()
    server = Server(
        tmp_path / "db.sqlite3",
        database=database,
        prelude=SLOW_LOOK,
        extra=(*GENEROUS, "--book-connections", "2"),
    )
    server.start()
    try:
        answers: list[int] = []

        def ask(club: int) -> None:
            url = f"{server.url}/api/tournaments/verein-{club}/pokal/live?key=x"
            answers.append(httpx.get(url, timeout=60).status_code)

        asking = [threading.Thread(target=ask, args=(club,)) for club in range(12)]
        for thread in asking:
            thread.start()
        for thread in asking:
            thread.join(60)
        assert len(answers) == 12 and set(answers) == {400}  # answered in words: no such one
        # Two threads of the lanes, a connection each, took the 12 calls in turn.
        assert lanes_connections(database) == 2
    finally:
        server.stop()
