"""``schocken migrate``: a server's SQLite file (a game played online, a club with its book and
session, a pub game, a tournament) copied into a PostgreSQL server the test starts; a server on
PostgreSQL then goes on with all of it. A target that holds data, a missing file or a URL as
the source are refused, and nothing changes."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

import httpx
import pytest

from postgres_helpers import Postgres
from schocken.migrate import BOOKKEEPING
from schocken.store import open_database
from schocken.store.copy import columns, source_tables, table_digest
from schocken.tournament import TournamentBook
from server_helpers import Client, Server, play_until_over
from test_server import new_table
from test_tournament_exchange import _played


def migrate(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "schocken.cli", "migrate", *args],
        capture_output=True,
        text=True,
        timeout=300,
    )


async def _a_server_in_use(data: Path) -> dict[str, Any]:
    """A server's data folder with a bit of everything; what the test checks after the move."""
    data.mkdir(parents=True, exist_ok=True)
    server = Server(data / "schocken.sqlite3").start()
    try:
        made = server.post("/api/clubs", {"name": "Krone"}).json()
        slug, session = made["club"]["slug"], made["session"]
        for name in ("Anna", "Ben", "Cem"):
            server.post(f"/api/clubs/{slug}/members", {"session": session, "name": name})
        server.post(
            f"/api/clubs/{slug}/fine-items", {"session": session, "name": "Spinksen", "cents": 50}
        )
        table = new_table(server, ["Anna", "Ben", "Cem"])
        clients = [await Client(server, table["id"], t).connect() for t in table["tokens"]]
        server.post(f"/api/tables/{table['id']}/start", {"token": table["tokens"][0]})
        await play_until_over(clients)
        for c in clients:
            await c.close()
        day = {"session": session, "date": "2026-11-27", "present": ["Anna", "Ben", "Cem"]}
        assert server.post(f"/api/clubs/{slug}/evenings", day).status_code == 200
        taken = {"session": session, "date": "2026-11-27", "table": table["id"]}
        assert server.post(f"/api/clubs/{slug}/games", taken).status_code == 200
        fine = {"session": session, "member": "Ben", "fine": "Spinksen", "date": "2026-11-27"}
        assert server.post(f"/api/clubs/{slug}/fines", fine).status_code == 200
        pub = server.post("/api/pub", {"players": ["Anna", "Ben"], "rules": "tsv99"}).json()
        record = server.get(f"/api/tables/{table['id']}/record").text
        book = httpx.get(
            f"{server.url}/api/clubs/{slug}", headers={"x-club-session": session}, timeout=10
        ).json()
    finally:
        server.stop()
    with TournamentBook(data / "schocken.sqlite3") as tournaments:
        export = _played(tournaments, "Sommerfest")
    return {
        "slug": slug,
        "session": session,
        "table": table["id"],
        "record": record,
        "book": book,
        "pub": pub,
        "tournament": export,
    }


async def test_a_servers_sqlite_file_moves_to_postgresql_whole(
    tmp_path: Path, postgres_server: Postgres
) -> None:
    data = tmp_path / "schocken-data"
    before = await _a_server_in_use(data)
    url = postgres_server.new_database()
    done = migrate("--from", str(data), "--to", url)
    assert done.returncode == 0, done.stderr
    assert "club_games: 1" in done.stdout and "steps: " in done.stdout
    assert "export of each of 1 clubs and 1 tournaments is the same byte for byte" in done.stdout
    source = open_database(data / "schocken.sqlite3")
    target = open_database(url)
    for table in source_tables(source):
        if table != "meta":  # the server writes when it was opened
            names = columns(source, table)
            assert table_digest(source, table) == table_digest(target, table, names), table

    server = Server(tmp_path / "pg", database=url).start()
    try:
        assert server.get(f"/api/tables/{before['table']}/record").text == before["record"]
        book = httpx.get(
            f"{server.url}/api/clubs/{before['slug']}",
            headers={"x-club-session": before["session"]},
            timeout=10,
        )
        assert book.status_code == 200  # the session goes on
        assert book.json() == before["book"]
        pub = httpx.get(
            f"{server.url}/api/pub/{before['pub']['id']}",
            headers={"x-pub-token": before["pub"]["token"]},
            timeout=10,
        )
        assert pub.status_code == 200, pub.text
        # New rows get new ids after the copied ones.
        more = {"session": before["session"], "name": "Dora"}
        assert server.post(f"/api/clubs/{before['slug']}/members", more).status_code == 200
    finally:
        server.stop()
    with TournamentBook(url) as tournaments:
        assert tournaments.export("Sommerfest") == before["tournament"]

    # Again into the same database: refused, nothing changed.
    kept = [t for t in source_tables(source) if t not in BOOKKEEPING]
    digests = {t: table_digest(target, t, columns(source, t)) for t in kept}
    again = migrate("--from", str(data), "--to", url)
    assert again.returncode == 1
    assert "holds data already" in again.stderr and "nothing was copied" in again.stderr
    assert digests == {t: table_digest(target, t, columns(source, t)) for t in kept}
    source.close()
    target.close()


@pytest.mark.parametrize(
    ("given", "said"),
    [
        ("missing", "there is no SQLite file at"),
        ("postgresql://nobody@/none", "not a database URL"),
    ],
)
def test_a_source_that_is_no_servers_file_is_refused(tmp_path: Path, given: str, said: str) -> None:
    source = str(tmp_path / given) if given == "missing" else given
    done = migrate("--from", source, "--to", str(tmp_path / "copy.sqlite3"))
    assert done.returncode == 1
    assert said in done.stderr
    assert not (tmp_path / "copy.sqlite3").exists()


async def test_a_copy_into_a_new_sqlite_file_is_the_same_file_row_for_row(tmp_path: Path) -> None:
    data = tmp_path / "schocken-data"
    before = await _a_server_in_use(data)
    done = migrate("--from", str(data), "--to", str(tmp_path / "copy.sqlite3"))
    assert done.returncode == 0, done.stderr
    with TournamentBook(tmp_path / "copy.sqlite3") as tournaments:
        assert tournaments.export("Sommerfest") == before["tournament"]
    same = migrate("--from", str(data), "--to", str(data / "schocken.sqlite3"))
    assert same.returncode == 1 and "the same file" in same.stderr


def _everything(where: str) -> dict[str, list[str]]:
    """Every table of a database with its rows (each said as text, sorted)."""
    db = open_database(where)
    try:
        if db.dialect == "postgresql":
            listing = (
                "SELECT table_name FROM information_schema.tables "
                "WHERE table_schema = current_schema()"
            )
        else:
            listing = "SELECT name FROM sqlite_master WHERE type = 'table'"
        names = sorted(str(r[0]) for r in db.execute(listing).fetchall())
        return {n: sorted(repr(tuple(r)) for r in db.execute(f"SELECT * FROM {n}")) for n in names}
    finally:
        db.close()


@pytest.mark.parametrize("kind", ["holds data", "newer"])
def test_a_refused_migration_writes_nothing_to_its_target(
    tmp_path: Path, database: str, kind: str
) -> None:
    """A target a worker (or a server) used: its game store's tables, when it was opened, a
    pub game in it, or its tournament tables written by a newer schocken. The migration is
    refused before anything is written there: not when it was opened, not the club's and the
    tournaments' tables (on SQLite the file is the same byte for byte)."""
    from schocken.server.store import Store

    source = tmp_path / "source.sqlite3"
    Store(source).close()
    Store(database).close()
    db = open_database(database)
    with db.transaction():
        if kind == "holds data":
            db.execute(
                "INSERT INTO pub_games (id, token_hash, data, updated) VALUES ('p1', 'h', '{}', 1)"
            )
        else:
            db.set_version("tournament", 99)
    db.close()
    before = _everything(database)
    assert not any(t.startswith(("club_", "tournament_")) for t in before)
    file = None if "://" in database else Path(database).read_bytes()
    done = migrate("--from", str(source), "--to", database)
    assert done.returncode == 1
    if kind == "holds data":
        assert "holds data already (in pub_games)" in done.stderr
    else:
        assert "written by a newer schocken (tournament tables of version 99)" in done.stderr
    assert "nothing was copied" in done.stderr
    if file is not None:
        assert Path(database).read_bytes() == file
    assert _everything(database) == before
